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
- A corrupt or unreadable file is renamed to ``NAME.corrupt-YYYYmmdd-HHMMSS`` (with
  its -wal/-shm) and a fresh one started; a file from a newer version opens
  read-only and is never written. Before a migration the old file is copied to
  ``NAME.v<old>-backup-YYYYmmdd-HHMMSS``. Messages for the player collect in
  :attr:`RecordStore.warnings`.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from game.records import schema
from game.records.paths import aside_name, move_aside
from game.records.record import (
    FALLBACK_NAME, RECORD_FIELDS, STANDARD_LEVELS, GameRecord, clean_name,
)

BUSY_TIMEOUT = 10.0  # seconds a writer waits for another process's lock
SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_CANTOPEN, SQLITE_IOERR = 11, 26, 14, 10
BAD_FILE_CODES = (SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_CANTOPEN, SQLITE_IOERR)
BAD_FILE_TEXTS = ("not a database", "malformed", "unable to open", "disk I/O error")
BEST_LIMIT = 10  # entries in a best-times table

_COLUMNS = [name for name in RECORD_FIELDS if name != "id"]
_BEST_WHERE = ("level = ? AND won = 1 AND hints_used = 0 AND autoplay_used = 0 "
               "AND probabilities_used = 0 AND layout_known = 0")  # GameRecord.best_time_eligible
_BEST_ORDER = "time_ms, id"  # ties: the earlier game ranks first


class RecordsError(Exception):
    """A records operation that could not be done; the message is for the player."""


class ReadOnlyError(RecordsError):
    """The database is open read-only (written by a newer version); nothing is saved."""


class BadDatabase(Exception):
    """The file is not a usable records database (internal: triggers moving it aside)."""


def _connect(target: str, uri: bool = False) -> sqlite3.Connection:
    conn = sqlite3.connect(target, timeout=BUSY_TIMEOUT, isolation_level=None, uri=uri)
    conn.row_factory = sqlite3.Row
    return conn


def _check(conn: sqlite3.Connection) -> int:
    """The file's schema version, after checking it is a sound records database.

    Raises:
        BadDatabase: quick_check fails, or version 0 with someone else's tables.
        sqlite3.DatabaseError: the file cannot be read at all.
    """
    version = schema.user_version(conn)
    problems = [row[0] for row in conn.execute("PRAGMA quick_check")]
    if problems != ["ok"]:
        raise BadDatabase("integrity check failed: " + "; ".join(problems[:3]))
    if version == 0 and conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
        raise BadDatabase("it holds tables but no records schema version")
    return version


def _is_bad_file(err: Exception, path: Path) -> bool:
    if isinstance(err, BadDatabase):
        return True
    if not path.exists():
        return False
    code = getattr(err, "sqlite_errorcode", None)  # Python 3.11+
    if code is not None:
        return (code & 0xFF) in BAD_FILE_CODES
    return isinstance(err, sqlite3.DatabaseError) and any(
        text in str(err) for text in BAD_FILE_TEXTS)  # Python 3.10: only the message


class RecordStore:
    """The games played, kept in one SQLite file (or in memory when no file can be used).

    Attributes:
        path: the database file, or None for an in-memory store.
        read_only: True when the file is from a newer version (nothing is written).
        warnings: messages for the player (shown in the window and on stderr).
    """

    def __init__(self, conn: sqlite3.Connection, path: Path | None, read_only: bool = False,
                 warnings: list[str] | None = None):
        self.conn = conn
        self.path = path
        self.read_only = read_only
        self.warnings: list[str] = list(warnings or [])

    # ----- opening ---------------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path) -> "RecordStore":
        """Open (creating or migrating) the database at ``path``; never raises for a bad file.

        A corrupt or unreadable file is moved aside and replaced by a fresh one; a
        newer schema opens read-only; when no file can be used at all (folder not
        writable, lock held too long) the games of this session are kept in memory.
        Each case adds a message to ``warnings``.
        """
        path = Path(path)
        warnings: list[str] = []
        try:
            return cls._open_file(path, warnings)
        except (sqlite3.Error, BadDatabase, OSError) as err:
            if not _is_bad_file(err, path):
                return cls.memory(warnings + [
                    f"The records database {path} cannot be used ({err}); "
                    "games of this session will not be saved."])
        try:
            moved = move_aside(path, "corrupt", companions=("-wal", "-shm"))
        except FileNotFoundError:  # another copy of the game moved it aside first
            return cls.open(path)
        except OSError as move_err:
            return cls.memory(warnings + [
                f"The records database {path} is damaged and could not be moved aside "
                f"({move_err.strerror or move_err}); games of this session will not be saved."])
        warnings.append(f"The records database {path} was damaged or unreadable; it was moved "
                        f"aside to {moved.name} and a fresh one was started.")
        try:
            return cls._open_file(path, warnings)
        except (sqlite3.Error, BadDatabase, OSError) as err:
            return cls.memory(warnings + [f"A fresh records database {path} could not be "
                                          f"created ({err}); games of this session will not be saved."])

    @classmethod
    def _open_file(cls, path: Path, warnings: list[str]) -> "RecordStore":
        conn = _connect(str(path))
        try:
            version = _check(conn)
            if version > schema.LATEST:
                conn.close()
                conn = _connect(path.resolve().as_uri() + "?mode=ro", uri=True)
                warnings.append(
                    f"The records database {path} was written by a newer version of the game "
                    f"(schema {version}, this one knows {schema.LATEST}); it is open read-only "
                    "and games of this session will not be saved. Update the game to keep recording.")
                return cls(conn, path, read_only=True, warnings=warnings)
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")
            if 0 < version < schema.LATEST:
                backup = aside_name(path, f"v{version}-backup")
                with sqlite3.connect(str(backup)) as copy:
                    conn.backup(copy)
                copy.close()
            schema.migrate(conn)
        except BaseException:
            conn.close()
            raise
        return cls(conn, path, warnings=warnings)

    @classmethod
    def memory(cls, warnings: list[str] | None = None) -> "RecordStore":
        """A store that lives in memory only (this session's games, then gone)."""
        conn = _connect(":memory:")
        schema.migrate(conn)
        return cls(conn, None, warnings=warnings)

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
            raise ReadOnlyError(f"The records database {self.path} is read-only (written by a "
                                "newer version of the game); nothing was saved.")
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            cursor = self.conn.execute(sql, params)
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        return cursor

    def add_game(self, record: GameRecord) -> int:
        """Write one finished game in its own transaction; return its id (also set on ``record``).

        Raises:
            ReadOnlyError: the database is read-only.
            sqlite3.Error: the write failed (disk full, lock held past the busy timeout).
        """
        values = [getattr(record, name) for name in _COLUMNS]
        values[_COLUMNS.index("seed")] = None if record.seed is None else str(record.seed)
        values[_COLUMNS.index("name")] = clean_name(record.name)
        marks = ", ".join("?" * len(_COLUMNS))
        cursor = self._write(f"INSERT INTO games ({', '.join(_COLUMNS)}) VALUES ({marks})", values)
        record.id = cursor.lastrowid
        return record.id

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
    def _records(self, where: str = "", params: tuple = (), tail: str = "ORDER BY id") -> list[GameRecord]:
        columns = ", ".join(RECORD_FIELDS)
        rows = self.conn.execute(f"SELECT {columns} FROM games {where} {tail}", params)
        return [_to_record(row) for row in rows]

    def games(self, level: str | None = None) -> list[GameRecord]:
        """Every recorded game (or one level's), oldest first."""
        if level is None:
            return self._records()
        return self._records("WHERE level = ?", (level,))

    def game(self, record_id: int) -> GameRecord | None:
        """One game by id, or None."""
        found = self._records("WHERE id = ?", (record_id,))
        return found[0] if found else None

    def count(self) -> int:
        """How many games are recorded."""
        return self.conn.execute("SELECT count(*) FROM games").fetchone()[0]

    def results(self, level: str) -> list[tuple[bool, int, int | None]]:
        """(won, time_ms, 3BV) of each of ``level``'s games, oldest first (for statistics)."""
        rows = self.conn.execute(
            "SELECT won, time_ms, three_bv FROM games WHERE level = ? ORDER BY id", (level,))
        return [(bool(won), time_ms, bv) for won, time_ms, bv in rows]

    def best_times(self, level: str, limit: int = BEST_LIMIT) -> list[GameRecord]:
        """The ``limit`` fastest wins on ``level`` without help or a known layout, fastest first.

        Custom games have no best times (their sizes differ): an empty list.
        """
        if level not in STANDARD_LEVELS:
            return []
        return self._records(f"WHERE {_BEST_WHERE}", (level, limit), f"ORDER BY {_BEST_ORDER} LIMIT ?")

    def rank_of(self, record_id: int, limit: int = BEST_LIMIT) -> int | None:
        """The 1-based best-time rank of game ``record_id``, or None when outside the top ``limit``
        (or not eligible: see :attr:`GameRecord.best_time_eligible`)."""
        record = self.game(record_id)
        if record is None or not record.best_time_eligible:
            return None
        ahead = self.conn.execute(
            f"SELECT count(*) FROM games WHERE {_BEST_WHERE} "
            "AND (time_ms < ? OR (time_ms = ? AND id < ?))",
            (record.level, record.time_ms, record.time_ms, record_id)).fetchone()[0]
        return ahead + 1 if ahead < limit else None

    def would_rank(self, level: str, time_ms: int, limit: int = BEST_LIMIT) -> int | None:
        """The rank a new win of ``time_ms`` on ``level`` would take (ties go after), or None."""
        if level not in STANDARD_LEVELS:
            return None
        ahead = self.conn.execute(
            f"SELECT count(*) FROM games WHERE {_BEST_WHERE} AND time_ms <= ?",
            (level, time_ms)).fetchone()[0]
        return ahead + 1 if ahead < limit else None


def _to_record(row: sqlite3.Row) -> GameRecord:
    data = dict(zip(row.keys(), row))
    data["won"] = bool(data["won"])
    data["no_guess"] = bool(data["no_guess"])
    for flag in ("autoplay_used", "probabilities_used", "layout_known"):
        data[flag] = bool(data[flag])
    seed = data["seed"]
    data["seed"] = int(seed) if isinstance(seed, str) and seed.lstrip("-").isdigit() else None
    data["name"] = data["name"] or FALLBACK_NAME  # schema 1 allowed no name
    return GameRecord(**data)
