"""The records database: every finished game in SQLite (the standard library's sqlite3).

Safety, and why:

- Each game is one ``BEGIN IMMEDIATE`` ... ``COMMIT`` transaction, so a kill -9 at any
  moment loses at most the game being written; SQLite's journal undoes a half write
  on the next open.
- WAL journal with ``synchronous=FULL``: readers never block the writer, and a commit
  is on disk (fsync) before add_game returns, so even a power cut keeps it.
- A busy timeout (10 s) lets two copies of the game write at once: the second waits
  for the first's lock instead of failing. ``BEGIN IMMEDIATE`` takes the write lock
  up front, so the wait happens inside the busy handler (a deferred transaction
  that upgrades its lock in WAL mode fails at once with SQLITE_BUSY instead).
- Opening (see :mod:`game.records.database_file`) says what it waits for when another
  program holds the lock, moves only a really damaged file aside, and opens a file
  it may not write read-only, leaving it alone. Messages for the player collect in
  :attr:`RecordStore.warnings`; :attr:`RecordStore.problem` says why games are not saved.
- SQLite does not enforce column types: a row holding a value the game never writes
  (``time_ms = 'abc'`` after a hand edit) is left out of every query and named in a
  warning, never read into wrong statistics (see :data:`READABLE` in record.py).
"""

from __future__ import annotations

import json
import re
import sqlite3
import zlib
from pathlib import Path
from typing import Callable, NamedTuple

from game.figures import bbbv_per_second_sql, bests
from game.messages import N_, Explained, file_name, note
from game.records import schema
from game.midend.log_checks import DamagedLog, inflate, load_log
from game.records.database_file import NEWER, connect, open_file
from game.records.paths import aside_name
from game.records.record import (
    CATEGORIES, FALLBACK_NAME, INPUTS, READABLE, RECORD_FIELDS, STANDARD_LEVELS, GameRecord, clean_name, storable,
)

BEST_LIMIT = 10  # entries in a best-times table
# A stored seed read back as one: ASCII digits, at most 4,000 (int() refuses over 4,300); the
# game draws seeds below 2**63 (19 digits), and older versions took any --seed
SEED_TEXT = re.compile(r"-?[0-9]{1,4000}")
SNAPSHOT = "readable_games"  # the temporary table the statistics read (RecordStore.readable)
SHOWN_IDS = 10  # ids of unreadable rows named in the warning

_COLUMNS = [name for name in RECORD_FIELDS if name != "id"]


def best_where(table: str | None = "window", category: str = "all", filtered: bool = False,
               readable: bool = True) -> str:
    """The SQL condition (one ``?``: the level) of the wins that enter ``table``'s bests (a
    key of record.TABLES: the window's games, mouse or keys, or the console's typed in a
    terminal; a script's never do) in ``category`` (record.CATEGORIES: ``all``, or ``nf``,
    the no-flag games): GameRecord.best_time_eligible. ``filtered``: the same wins among the
    boards dealt under the 3BV filter (``min_bv`` > 0, schema 9, whatever the minimum),
    which are ranked apart: never in the normal tables. ``readable``: the condition holds
    the row to READABLE too (False for rows read from :meth:`RecordStore.readable`'s
    snapshot, which holds only readable rows)."""
    inputs = ", ".join(repr(key) for key, where in INPUTS.items() if where == table)
    return ("level = ? AND won = 1 AND abandoned = 0 AND hints_used = 0 AND autoplay_used = 0 "
            f"AND probabilities_used = 0 AND layout_known = 0 AND race IS NULL AND position = 0 AND undos = 0 "
            f"AND input IN ({inputs}) "
            + ("AND nf = 1 " if category == "nf" else "")
            + ("AND min_bv > 0 " if filtered else "AND min_bv = 0 ") + (f"AND {READABLE}" if readable else ""))


BEST_WHERE = best_where(readable=False)  # the window's table of bests, every game, no 3BV filter (the snapshot's rows)
# The games the statistics count (played, win %, streaks): a console game fed by a script
# (schema 8) is no player's, and a game with an undo (schema 7) counts only as the loss it was
# before the undo (schema 10's counted_loss: its row, written over with how it ended at last,
# counts as that loss); every other game with an undo counts nowhere; nor does a game played
# from a position (schema 14: recorded apart). GameRecord.counted.
COUNTED = "(undos = 0 OR counted_loss = 1) AND input <> 'script' AND position = 0"
# Of those, the ones that may count as wins (the solver's help is looked at apart): no undo.
COUNTED_WINS = "won = 1 AND undos = 0 AND input <> 'script' AND position = 0"
_BEST_ORDER = "time_ms, id"  # ties: the earlier game ranks first
HELPED = "(hints_used <> 0 OR autoplay_used <> 0 OR probabilities_used <> 0)"  # GameRecord.helped
# The other tables of the best, over the same eligible wins: ORDER BY, best first; ties go to
# the earlier game. A win of 0 ms or without a 3BV has no speed.
BEST_ORDERS = {
    "time": (_BEST_ORDER, ""),
    "3bv_per_second": (f"{bbbv_per_second_sql()} DESC, id",
                       "AND three_bv IS NOT NULL AND time_ms > 0"),
    "efficiency": ("efficiency DESC, time_ms, id", "AND efficiency IS NOT NULL"),
}


class Result(NamedTuple):
    """One game as the statistics read it: ``won``, ``time_ms`` (ms), ``three_bv`` (None for
    old games), ``helped`` (a hint, autoplay or the overlay: an assisted win) and
    ``abandoned`` (left after its first reveal: a loss)."""

    won: bool
    time_ms: int
    three_bv: int | None
    helped: bool
    abandoned: bool


class RecordsError(Explained):
    """A records operation that could not be done; the message is for the player (as data:
    game.messages.Explained)."""


class ReadOnlyError(RecordsError):
    """The database is open read-only (newer version, no permission); nothing is saved."""


class RecordStore:
    """The games played, kept in one SQLite file (or in memory when no file can be used).

    Attributes:
        path: the database file, or None for an in-memory store.
        read_only: True when the file cannot be written (see ``problem``).
        problem: why games of this session are not saved (newer version, permission
            denied, a lock), or None when they are.
        warnings: messages for the player (shown in the window and on stderr).
    """

    def __init__(self, conn: sqlite3.Connection, path: Path | None, read_only: bool = False,
                 warnings: list[str] | None = None, problem: str | None = None):
        self.conn = conn
        self.path = path
        self.read_only = read_only
        self.problem = problem or (NEWER if read_only else None)
        self.warnings: list[str] = list(warnings or [])
        self.locked_out = False  # read-only only because another program held the lock at start
        # The statistics' snapshot (readable): the levels copied into it, and the database's
        # version when they were: (PRAGMA data_version, the connection's total_changes).
        self._snapshot_levels: set[str] = set()
        self._snapshot_version: tuple[int, int] | None = None

    @property
    def saves(self) -> bool:
        """True when a game added is kept in the database file (not read-only, not in memory)."""
        return self.path is not None and not self.read_only

    # ----- opening ---------------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path, notify: Callable[[str], None] | None = None) -> "RecordStore":
        """Open (creating or migrating) the database at ``path``; never raises for a bad file.

        A corrupt file is moved aside and replaced by a fresh one. A sound file that
        cannot be written (newer schema, permission denied, read-only folder, a lock
        held past the busy timeout) is left alone and opened read-only, or, when it
        cannot be read either, the games of this session are kept in memory. Each case
        adds a message to ``warnings``. ``notify(message)`` is called at once (before
        waiting) when another program holds the lock at start-up.
        """
        opened = open_file(Path(path), notify)
        if opened.conn is None:
            store = cls.memory(opened.warnings, opened.problem)
        else:
            store = cls(opened.conn, Path(path), opened.read_only, opened.warnings, opened.problem)
            store.locked_out = opened.locked  # Records.record tries the file again when a game ends
        store._warn_unreadable()
        return store

    @classmethod
    def memory(cls, warnings: list[str] | None = None, problem: str | None = None) -> "RecordStore":
        """A store that lives in memory only (this session's games, then gone).

        ``problem`` says why no file is used (default: "the records are kept in memory only").
        """
        conn = connect(":memory:")
        schema.migrate(conn)
        return cls(conn, None, warnings=warnings,
                   problem=problem or note(N_("the records are kept in memory only")))

    def _warn_unreadable(self) -> None:
        """Name the rows that cannot be read as a game (left out of every query)."""
        ids = [row[0] for row in self.conn.execute(
            f"SELECT id FROM games WHERE NOT coalesce(({READABLE}), 0) ORDER BY id")]
        if ids:
            shown = ", ".join(map(str, ids[:SHOWN_IDS]))
            if len(ids) > SHOWN_IDS:
                shown = note(N_("{ids} and {more} more"), ids=shown, more=len(ids) - SHOWN_IDS)
            games = note(N_("1 game")) if len(ids) == 1 else note(N_("{count} games"), count=len(ids))
            self.warnings.append(note(
                N_("{games} in the records database {path} cannot be read (a value of the wrong type or out of "
                   "range, id {ids}); left out of the statistics, best times and export, and kept in the file."),
                games=games, path=file_name(self.path), ids=shown))

    def close(self) -> None:
        """Close the connection (SQLite checkpoints the WAL into the main file)."""
        self.conn.close()

    def __enter__(self) -> "RecordStore":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ----- writing ---------------------------------------------------------------------------
    def _write(self, sql: str, params: tuple | list = ()) -> sqlite3.Cursor:
        """Run one statement in its own immediate transaction."""
        if self.read_only:
            raise ReadOnlyError(N_("The records database {path} is read-only ({problem}); nothing was saved."),
                                path=file_name(self.path), problem=self.problem)
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            cursor = self.conn.execute(sql, params)
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        return cursor

    @staticmethod
    def _values(record: GameRecord) -> list:
        """The record's values in :data:`_COLUMNS` order, as stored (the seed as text, the name
        clean, a figure that cannot be stored None: :func:`_storable`).
        Raises:
            RecordsError: a value the game row needs cannot be stored."""
        values = _storable(_COLUMNS, [getattr(record, name) for name in _COLUMNS])
        values[_COLUMNS.index("seed")] = None if record.seed is None else str(record.seed)
        values[_COLUMNS.index("name")] = clean_name(record.name)
        return values

    def add_game(self, record: GameRecord, log: dict | None = None) -> int:
        """Write one finished game in its own transaction; return its id (also set on ``record``).

        ``log``: how it was played (game.midend.match.Match.log_data), kept with it (see :meth:`log`);
        bytes: the log already packed (:func:`pack_log`, game.records.logpack); None: none (yet:
        :meth:`set_log` may add it).

        A figure that cannot be stored (NaN, infinite, beyond what a row may hold: see
        game.records.record.storable) is stored as NULL, and the game with it.

        Raises:
            ReadOnlyError: the database is read-only.
            RecordsError: a value the game row needs cannot be stored (an int beyond SQLite's
                64 bits in ``time_ms``, say); nothing is written.
            sqlite3.Error: the write failed (disk full, lock held past the busy timeout).
        """
        values = self._values(record)
        columns = [*_COLUMNS, "log"]
        values.append(log if log is None or isinstance(log, bytes) else pack_log(log))
        marks = ", ".join("?" * len(columns))
        cursor = self._write(f"INSERT INTO games ({', '.join(columns)}) VALUES ({marks})", values)
        record.id = cursor.lastrowid
        return record.id

    def replace_game(self, record_id: int, record: GameRecord, log: dict | bytes | None = None) -> int:
        """Write ``record`` over game ``record_id`` (the same game ended again, differently,
        after an undo: game.session.Session.finished), in one transaction; returns the id (also
        set on ``record``). Every column is the record's (the competitive figures too: None
        until computed again, ``stats_state`` 0 as for a new row), ``log`` as for
        :meth:`add_game`. A row no longer there (a reset meanwhile) is written anew.

        Raises:
            ReadOnlyError, RecordsError, sqlite3.Error: as :meth:`add_game`.
        """
        sets = ", ".join(f"{name} = ?" for name in [*_COLUMNS, "log", "stats_state"])
        blob = log if log is None or isinstance(log, bytes) else pack_log(log)
        cursor = self._write(f"UPDATE games SET {sets} WHERE id = ?", [*self._values(record), blob, 0, record_id])
        if cursor.rowcount == 0:  # reset meanwhile (the Statistics screen): a row of its own again
            return self.add_game(record, log)
        record.id = record_id
        return record_id

    def set_log(self, record_id: int, blob: bytes) -> None:
        """Store the packed move log (:func:`pack_log`'s bytes) of game ``record_id``, recorded
        without it (game.records.logpack: the window packs a long game's log over a few frames).

        Raises:
            ReadOnlyError, sqlite3.Error: as :meth:`add_game`.
        """
        self._write("UPDATE games SET log = ? WHERE id = ?", (blob, record_id))

    def set_derived(self, record_id: int, values: dict[str, object]) -> None:
        """Set columns of game ``record_id`` that are computed from what is stored (its
        competitive statistics, game.records.compstats), committed without waiting for the
        disk (``synchronous = NORMAL`` for this one transaction: in WAL mode the commit is
        durable at the next checkpoint or full commit, and a power cut can only lose values
        that are computed again). Keeps the frame that stores them short. A figure that cannot
        be stored is stored as NULL, as :meth:`add_game` does.

        Raises:
            ReadOnlyError, RecordsError, sqlite3.Error: as :meth:`add_game`.
        """
        sets = ", ".join(f"{name} = ?" for name in values)
        stored = _storable(list(values), list(values.values()))
        self.conn.execute("PRAGMA synchronous = NORMAL")
        try:
            self._write(f"UPDATE games SET {sets} WHERE id = ?", [*stored, record_id])
        finally:
            self.conn.execute("PRAGMA synchronous = FULL")

    def set_name(self, record_id: int, name: str) -> str:
        """Set the player name on a game (the Victory scene's typed name); returns the name kept.

        Raises:
            ReadOnlyError, sqlite3.Error: as :meth:`add_game`.
        """
        name = clean_name(name)
        self._write("UPDATE games SET name = ? WHERE id = ?", (name, record_id))
        return name

    def reset(self, level: str | None = None) -> Path | None:
        """Delete every game (or only ``level``'s); return the backup copy made first.

        The copy is ``NAME.reset-YYYYmmdd-HHMMSS`` next to the database (None for an
        in-memory store), so a reset by mistake can still be undone by hand.
        Raises:
            ReadOnlyError, sqlite3.Error: as :meth:`add_game`.
        """
        if self.read_only:
            self._write("SELECT 1")  # raises ReadOnlyError with the message
        backup = None
        if self.path is not None:
            backup = aside_name(self.path, "reset")
            copy = sqlite3.connect(str(backup))
            try:
                self.conn.backup(copy)
            finally:
                copy.close()
        if level is None:
            self._write("DELETE FROM games")
        else:
            self._write("DELETE FROM games WHERE level = ?", (level,))
        return backup

    # ----- reading ---------------------------------------------------------------------------
    def _records(self, where: str = "", params: tuple = (), tail: str = "ORDER BY id",
                 level: str | None = None) -> list[GameRecord]:
        """The readable rows (see READABLE) that also meet ``where`` (``WHERE ...`` or empty).
        ``level``: a read of the statistics, of that level's games only (``where`` holds
        ``level = ?``), from :meth:`readable`'s snapshot."""
        columns = ", ".join(RECORD_FIELDS)
        if level is not None:
            rows = self.conn.execute(f"SELECT {columns} FROM {self.readable(level)} {where} {tail}", params)
            return [_to_record(row) for row in rows]
        where = f"WHERE ({READABLE})" + (f" AND ({where[len('WHERE '):]})" if where else "")
        rows = self.conn.execute(f"SELECT {columns} FROM games {where} {tail}", params)
        return [_to_record(row) for row in rows]

    def readable(self, level: str) -> str:
        """The table the statistics read ``level``'s games from (a level of record.LEVELS):
        a snapshot, in SQLite's temporary store, of the readable rows (READABLE) with the
        columns of a GameRecord (no move log), filled a level at a time when first asked
        for, and emptied when the records change (a write on this connection, or another
        program's: ``PRAGMA data_version``). Returns its name, for ``FROM {name} WHERE
        level = ? ...``; its rows need no READABLE condition.

        Why: a game's figures are stored after its packed move log in the row (the columns
        were added in that order), so reading them from the file walks through every log's
        overflow pages, and READABLE looks at every column of every row; the Statistics
        screen's hundreds of queries did that for every game (1.3 s for 5,000 games:
        docs/benchmarks.md). The snapshot is read once, then each query reads small rows.
        """
        version = self._version()
        if version != self._snapshot_version:
            # no column types: the values stay as they are stored (an integer efficiency too)
            self.conn.execute(f"CREATE TEMP TABLE IF NOT EXISTS {SNAPSHOT} ({', '.join(RECORD_FIELDS)})")
            self.conn.execute(f"CREATE INDEX IF NOT EXISTS temp.{SNAPSHOT}_level ON {SNAPSHOT} (level, id)")
            self.conn.execute(f"DELETE FROM temp.{SNAPSHOT}")
            self._snapshot_levels.clear()
        if level not in self._snapshot_levels:
            columns = ", ".join(RECORD_FIELDS)
            self.conn.execute(f"INSERT INTO temp.{SNAPSHOT} ({columns}) SELECT {columns} FROM main.games "
                              f"WHERE level = ? AND {READABLE} ORDER BY id", (level,))
            self._snapshot_levels.add(level)
        # the copy's own inserts count as changes: the version as of now, the file's as read before
        self._snapshot_version = (version[0], self.conn.total_changes)
        return f"temp.{SNAPSHOT}"

    def _version(self) -> tuple[int, int]:
        """(``PRAGMA data_version``: changes by other connections, this connection's total
        changes): different after any change to the records."""
        return self.conn.execute("PRAGMA data_version").fetchone()[0], self.conn.total_changes

    def games(self, level: str | None = None) -> list[GameRecord]:
        """Every recorded game (or one level's), oldest first."""
        if level is None:
            return self._records()
        return self._records("WHERE level = ?", (level,))

    def daily_games(self, level: str | None = None) -> list[GameRecord]:
        """Every recorded game of a daily board (``daily`` set, schema 11), or one level's, oldest
        first (by id: the order they were recorded in). game.records.daily groups them by day."""
        if level is None:
            return self._records("WHERE daily IS NOT NULL")
        return self._records("WHERE daily IS NOT NULL AND level = ?", (level,))

    def wins_on_code(self, code: str) -> list[GameRecord]:
        """The won games of board code ``code`` (schema 11's ``code``: the same board from the
        same first cell), fastest first (ties: the earlier game): the side-by-side viewer's
        "your best on this board"."""
        return self._records("WHERE code = ? AND won = 1", (code,), "ORDER BY time_ms, id")

    def add_trial(self, values: dict) -> int:
        """Write one time trial's row (table ``trials``, schema 13: column -> value, as
        game.records.trials.TrialRecord gives them) in its own transaction; returns its id.

        Raises:
            ReadOnlyError, sqlite3.Error: as :meth:`add_game`.
        """
        columns = list(values)
        cursor = self._write(f"INSERT INTO trials ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                             [values[c] for c in columns])
        return cursor.lastrowid

    def trial_rows(self) -> list[dict]:
        """Every time trial's row (table ``trials``), oldest first, as column -> value."""
        cursor = self.conn.execute("SELECT * FROM trials ORDER BY id")
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, row)) for row in cursor.fetchall()]

    def game(self, record_id: int) -> GameRecord | None:
        """One game by id, or None (also for an id beyond SQLite's 64-bit integers)."""
        if not -2**63 <= record_id < 2**63:
            return None
        found = self._records("WHERE id = ?", (record_id,))
        return found[0] if found else None

    def log(self, record_id: int) -> dict | None:
        """The move log kept with game ``record_id`` (see game.midend.match.Match.log_data), or None
        when it has none (older games), is not a readable game, or its log is damaged
        (:meth:`read_log` says why)."""
        record = self.game(record_id)
        try:
            return None if record is None else self.read_log(record)
        except DamagedLog:
            return None

    def read_log(self, record: GameRecord) -> dict | None:
        """The move log of the recorded game ``record`` (one of this store's, with its id), or
        None when it has none (older games). Unpacked within game.midend.log_checks.MAX_LOG_BYTES
        and held to the record's board (game.midend.log_checks.load_log).

        Raises:
            DamagedLog: the log is damaged (the message says how).
        """
        row = self.conn.execute("SELECT log FROM games WHERE id = ?", (record.id,)).fetchone()
        if row is None or row[0] is None:
            return None
        return load_log(row[0], record.rows, record.cols)

    def packed_logs(self, ids: list[int]) -> list[tuple[GameRecord, object]]:
        """The readable games of ``ids`` (at most SQLite's 32,766 of them), in that order, each
        with its move log as stored: :func:`pack_log`'s bytes, unchecked (a hand edit may
        have left any value), or None for a game without one. An id that is not a readable
        game is left out. One read of each row, its log and its columns together."""
        columns = ", ".join(RECORD_FIELDS)
        rows = self.conn.execute(f"SELECT {columns}, log FROM games WHERE ({READABLE}) AND id IN "
                                 f"({', '.join('?' * len(ids))})", list(ids))
        found = {}
        for row in rows:
            data = dict(zip(row.keys(), row))
            log = data.pop("log")
            found[data["id"]] = (_to_record(data), log)
        return [found[record_id] for record_id in ids if record_id in found]

    def count(self) -> int:
        """How many games are recorded (readable ones: see READABLE)."""
        return self.conn.execute(f"SELECT count(*) FROM games WHERE {READABLE}").fetchone()[0]

    def results(self, level: str) -> list[Result]:
        """A :class:`Result` for each of ``level``'s games that the statistics count, oldest
        first (:data:`COUNTED`): a game whose loss was taken back (``counted_loss``) is that
        loss, however its row says it ended after the undo."""
        rows = self.conn.execute(
            f"SELECT won AND NOT counted_loss, time_ms, three_bv, {HELPED}, abandoned AND NOT counted_loss "
            f"FROM {self.readable(level)} WHERE level = ? AND {COUNTED} ORDER BY id", (level,))
        return [Result(bool(won), time_ms, bv, bool(helped), bool(abandoned))
                for won, time_ms, bv, helped, abandoned in rows]

    def best_times(self, level: str, limit: int = BEST_LIMIT, table: str = "window") -> list[GameRecord]:
        """The ``limit`` fastest wins on ``level`` without help or a known layout, fastest first,
        in ``table`` (record.TABLES: the window's games, or the console's typed in a terminal).

        Custom games have no best times (their sizes differ): an empty list.
        """
        return self.best(level, "time", limit, table)

    def best(self, level: str, by: str, limit: int = BEST_LIMIT, table: str = "window",
             filtered: bool = False, category: str = "all") -> list[GameRecord]:
        """The ``limit`` best wins on ``level`` in ``table`` (record.TABLES) by ``by``: ``time``
        (fastest first), ``3bv_per_second`` (highest first) or ``efficiency`` (highest first).

        Only wins that may enter the best times count (see
        :attr:`GameRecord.best_time_eligible`); custom games have none: an empty list.
        ``filtered``: the table of the games dealt under the 3BV filter instead (ranked
        apart: fair wins with ``min_bv`` > 0, whatever the minimum). ``category``: of
        record.CATEGORIES, ``nf`` for the no-flag games' table.
        Raises:
            KeyError: ``by`` is not one of BEST_ORDERS.
        """
        order, extra = BEST_ORDERS[by]
        if level not in STANDARD_LEVELS:
            return []
        where = best_where(table, category, filtered=filtered, readable=False)
        return self._records(f"WHERE {where} {extra}", (level, limit), f"ORDER BY {order} LIMIT ?", level=level)

    def category_bests(self, level: str, table: str = "window",
                       filtered: bool = False) -> dict[str, dict[str, GameRecord | None]]:
        """The best game of ``level`` in ``table`` (record.TABLES) for each category
        (record.CATEGORIES: ``all``, ``nf``) and each figure of the Bests (game.figures.bests:
        time_ms, 3BV/s, IOE, RQP, STNB), by its better end:
        ``{"all": {"time_ms": GameRecord or None, ...}, "nf": {...}}``. Ties
        go to the earlier game; a game without the figure (not computed yet) is not in its
        table. Custom games have none: every entry None. ``filtered``: among the games dealt
        under the 3BV filter instead (ranked apart, :func:`best_where`)."""
        out = {}
        for category in CATEGORIES:
            where = best_where(table, category, filtered, readable=False)
            out[category] = {}
            for figure in bests():
                column = figure.name
                found = [] if level not in STANDARD_LEVELS else self._records(
                    f"WHERE {where} AND {column} IS NOT NULL", (level,),
                    f"ORDER BY {column} {'ASC' if figure.best_sql == 'min' else 'DESC'}, id LIMIT 1", level=level)
                out[category][column] = found[0] if found else None
        return out

    def rank_of(self, record_id: int, limit: int = BEST_LIMIT, filtered: bool = False) -> int | None:
        """The 1-based best-time rank of game ``record_id``, or None when outside the top ``limit``
        (or not eligible: see :attr:`GameRecord.best_time_eligible`). ``filtered``: its rank
        among the games dealt under the 3BV filter instead (:meth:`best` with ``filtered``);
        a filtered game has no rank in the normal table, and a normal game none in that one."""
        record = self.game(record_id)
        if record is None:
            return None
        eligible = (record.min_bv > 0 and record.exclusions() == ("filtered",)) if filtered \
            else record.best_time_eligible
        if not eligible:
            return None
        ahead = self.conn.execute(
            f"SELECT count(*) FROM games WHERE {best_where(record.table, filtered=filtered)} "
            "AND (time_ms < ? OR (time_ms = ? AND id < ?))",
            (record.level, record.time_ms, record.time_ms, record_id)).fetchone()[0]
        return ahead + 1 if ahead < limit else None

    def would_rank(self, level: str, time_ms: int, limit: int = BEST_LIMIT, filtered: bool = False) -> int | None:
        """The rank a new win of ``time_ms`` on ``level`` would take in the window's table
        (ties go after), or None; ``filtered``: among the games dealt under the 3BV filter."""
        if level not in STANDARD_LEVELS:
            return None
        ahead = self.conn.execute(
            f"SELECT count(*) FROM games WHERE {best_where(filtered=filtered)} AND time_ms <= ?",
            (level, time_ms)).fetchone()[0]
        return ahead + 1 if ahead < limit else None


def _storable(columns: list[str], values: list) -> list:
    """``values`` of ``columns`` as the games table can hold them (game.records.record.storable).

    Raises:
        RecordsError: a column that needs a value would get one it cannot hold.
    """
    try:
        return [storable(column, value) for column, value in zip(columns, values)]
    except ValueError as err:
        raise RecordsError(N_("The game could not be saved to the records ({error})."), error=err) from None


def pack_log(log: dict) -> bytes:
    """A move log as stored: compact JSON, zlib-compressed at level 1 (faster than level 6
    for a few more bytes: docs/performance.md, "Records"). The window packs the same
    content a slice per frame instead (game.records.logpack)."""
    return zlib.compress(json.dumps(log, separators=(",", ":")).encode("utf-8"), 1)  # fast: a game-end frame


def unpack_log(blob: object) -> dict | None:
    """A stored move log back as data; None when it is not one (a hand edit, damage, more than
    game.midend.log_checks.MAX_LOG_BYTES unpacked: the unpacking stops there). Its content is
    not checked against a board: :meth:`RecordStore.read_log` does that."""
    try:
        data = json.loads(inflate(blob).decode("utf-8"))
    except (ValueError, RecursionError):  # DamagedLog, UnicodeDecodeError: ValueError
        return None
    return data if isinstance(data, dict) else None


def _to_record(row: sqlite3.Row | dict) -> GameRecord:
    data = dict(row) if isinstance(row, dict) else dict(zip(row.keys(), row))
    for flag in ("won", "no_guess", "autoplay_used", "probabilities_used", "layout_known", "abandoned",
                 "counted_loss", "from_code", "position"):
        data[flag] = bool(data[flag])
    data["nf"] = None if data["nf"] is None else bool(data["nf"])
    seed = data["seed"]  # text: a hand edit may leave "²" (a digit to isdigit, not to int) or 10,000 digits
    data["seed"] = int(seed) if isinstance(seed, str) and SEED_TEXT.fullmatch(seed) else None
    name = data["name"]  # schema 1 allowed no name; a hand edit may leave a number or bytes
    data["name"] = name if isinstance(name, str) and name else FALLBACK_NAME
    return GameRecord(**data)
