"""The competitive statistics kept with each recorded game (schema 6): computed from the
game's own story (game.replay.competitive.recorded_stats: its move log stepped as the replay
viewer plays it, the board's figures by ms-toollib), stored in the game's row, backfilled for
older games, and read back as the figures the screens and ``--stats`` show.

When they are computed, and why: a game is stored first, with its figures NULL
(``stats_state`` 0), so a failure here never loses a game. Then

- the window runs :class:`FiguresWorker` on a background thread (the child process takes
  longer than a frame); the frame loop calls :meth:`FiguresWorker.poll`, which writes what
  the thread found, on the thread that owns the database connection. For a long game the
  thread only waits: the Python work (unpacking the log, building its replays, all of it
  holding the GIL that the frame loop needs) runs in a child process, ``python -m
  game.records.compstats`` (:func:`compute_apart`), which steps the games and starts
  ms-toollib's own child in turn for the boards' figures; a short game (at most
  :data:`HERE_EVENTS` moves and pointer events, a few milliseconds of Python) is stepped on
  the thread itself, its board's figures still from ms-toollib's child. A game whose log is
  still being packed (game.records.logpack) is announced with :meth:`FiguresWorker.expect`
  and submitted, with its packed log, once it is stored;
- the console calls :func:`fill` once the row is saved and the result printed, for boards up
  to FIGURES_NOW_CELLS (under a second); bigger boards are left pending, and it says so;
- games left at state 0 (the window closed mid-computation, ms-toollib missing then, games
  from before schema 6 that have a log) are backfilled when statistics are read
  (:func:`backfill`: ``--stats``, ``--export-stats``, the Statistics screen), in batches;
  ``--stats`` backfills boards up to FIGURES_NOW_CELLS only (``max_cells``), the Statistics
  screen every board, in the background.

A game whose log cannot be told (a loaded position, a damaged log), whose board is over
EVF's 255 cells a side, or whose board ms-toollib fails on gets state 2 and keeps NULL;
without ms-toollib nothing is written, not even the figures the story alone gives (state 0
stays, to be filled whole once it is installed) and one warning is given.
Timings: docs/performance.md, "Records". No pygame here.
"""

from __future__ import annotations

import os
import pickle
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator

from game import child
from game.figures import ranked
from game.messages import N_, Explained, note, system_error
from game.midend.log_checks import DamagedLog, check_log
from game.records.db import BEST_WHERE, COUNTED_WINS, HELPED, RecordsError, RecordStore, unpack_log
from game.records.logpack import log_events
from game.records.record import READABLE, STANDARD_LEVELS, STAT_FIELDS, GameRecord
from game.replay.events import ReplayStats
from game.replay.files import ROOT, TIMEOUT_S, NoLibraryError
from game.replay.competitive import recorded_stats

TO_COMPUTE, COMPUTED, NONE = 0, 1, 2  # stats_state
BACKFILL = 200  # games backfilled per call of backfill (a few children of game.replay.competitive.BATCH)
BATCH_EVENTS = 500_000  # moves and pointer events per batch: a log of 16 MB (the most read) has a million
# Packed log bytes per batch handed to the window's worker unopened (pending's ``packed``): a
# window game's log packs to about 8 bytes an event (docs/benchmarks.md, "Recording"), so
# about BATCH_EVENTS' worth; the child unpacks them in batches of BATCH_EVENTS (_child).
BATCH_BYTES = 4_000_000
# Boards up to this many cells get their figures while the player waits (the console's end of
# a game, --stats' backfill): ms-toollib's ZiNi and HZiNi of a dense 255x255 board take 3 s,
# and stepping a long game's log a second or more, so 2,500 cells (50x50) stay under a second
# (0.1 s for a won Expert game). Bigger boards are computed in the background (the window's
# FiguresWorker) or left pending.
FIGURES_NOW_CELLS = 2_500

# The window's worker tells a game of at most this many moves and pointer events on its own
# thread (packed: at most HERE_BYTES of log), not in a child process: about 15 us an event,
# so at most 9 ms of Python holding the GIL, which the frame loop takes back every 5 ms
# (sys.getswitchinterval), against the 0.1 s of CPU and of waiting a child's start costs.
# A game played with the keys or few pointer moves is this short (a mouse's every move is
# logged: a won Expert game has some 1,200 events, a Beginner game played by mouse often more
# than 600). The board's figures still come from ms-toollib's child (game.replay.competitive).
HERE_EVENTS = 600
HERE_BYTES = 8 * HERE_EVENTS  # a window game's log packs to about 8 bytes an event (BATCH_BYTES)

Item = tuple[GameRecord, dict]  # a recorded game (with its id) and its move log
Packed = tuple[GameRecord, "dict | bytes"]  # the same, the log maybe packed (game.records.db.pack_log)
DAMAGED_LOG = "its move log cannot be read"


class FiguresError(Explained, RuntimeError):
    """The figures' process could not run or failed; says why (as data: game.messages.Explained)."""


def compute(items: list[Item]) -> list[ReplayStats | str]:
    """The statistics of each game, or why it has none (no database: safe on any thread): its
    story's (game.replay.competitive.recorded_stats), once its log is checked.

    Raises:
        NoLibraryError: ms-toollib is not installed.
    """
    games, results, where = [], [], []
    for record, log in items:
        try:
            check_log(log, record.rows, record.cols)  # sizes its work: game.midend.log_checks
            games.append((log, record))
            where.append(len(results))
            results.append(None)
        except DamagedLog as err:
            results.append(str(err))
    for i, found in zip(where, recorded_stats(games) if games else []):
        results[i] = found
    return results


def compute_apart(items: list[Packed]) -> list[ReplayStats | str]:
    """:func:`compute` in a child process (``python -m game.records.compstats``: the records
    and logs pickled on stdin, packed logs unpacked there, the results pickled back), so none
    of its Python work holds this process's GIL. A log that does not unpack gets
    DAMAGED_LOG.

    Raises:
        NoLibraryError: ms-toollib is not installed.
        FiguresError: the child failed (its message) or took over TIMEOUT_S seconds per game.
    """
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    try:
        done = subprocess.run(child.command("game.records.compstats"), input=pickle.dumps(items),
                              capture_output=True, env=env, timeout=TIMEOUT_S * max(1, len(items)))
    except subprocess.TimeoutExpired:
        raise FiguresError(N_("the figures took too long and were stopped")) from None
    except OSError as err:
        raise FiguresError(N_("cannot start the figures' process: {error}"), error=system_error(err)) from None
    try:
        kind, answer = pickle.loads(done.stdout)
    except Exception:
        tail = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or [f"status {done.returncode}"]
        raise FiguresError(N_("the figures' process failed: {reason}"), reason=tail[0]) from None
    if kind == "no library":
        raise NoLibraryError(answer)
    return answer


def compute_packed(items: list[Packed]) -> list[ReplayStats | str]:
    """:func:`compute` of ``items`` whose logs may be packed, unpacked a batch at a time
    (:func:`unpacked_batches`); a log that does not unpack gets DAMAGED_LOG.

    Raises:
        NoLibraryError: ms-toollib is not installed.
    """
    results: list[ReplayStats | str] = []
    for logs in unpacked_batches(items):
        found = iter(compute([(record, log) for record, log in logs if log is not None]))
        results += [DAMAGED_LOG if log is None else next(found) for _, log in logs]
    return results


def short(item: Packed) -> bool:
    """True for a game the window's worker tells on its own thread (:data:`HERE_EVENTS`)."""
    log = item[1]
    if isinstance(log, bytes):
        return len(log) <= HERE_BYTES
    try:
        return log_events(log) <= HERE_EVENTS
    except (TypeError, AttributeError):  # not a log's shape: compute() says what is wrong with it
        return True


def compute_here_or_apart(items: list[Packed]) -> list[ReplayStats | str]:
    """The figures of ``items`` in order: the :func:`short` games' on this thread
    (:func:`compute_packed`), the others' in a child process (:func:`compute_apart`).

    Raises:
        NoLibraryError: ms-toollib is not installed.
        FiguresError: the child failed or took too long (the short games' figures are lost
            with it: they are left to be computed again, as the rest).
    """
    shorts = [short(item) for item in items]
    here = [item for item, is_short in zip(items, shorts) if is_short]
    apart = [item for item, is_short in zip(items, shorts) if not is_short]
    found_here = iter(compute_packed(here) if here else [])
    found_apart = iter(compute_apart(apart) if apart else [])
    return [next(found_here) if is_short else next(found_apart) for is_short in shorts]


def _child() -> int:
    """``python -m game.records.compstats``: :func:`compute_apart`'s other end. SIGTERM ends it
    through every ``finally``, so ms-toollib's temporary folder (game.replay.files) goes too."""
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    items = pickle.load(sys.stdin.buffer)
    try:
        answer = ("results", compute_packed(items))
    except NoLibraryError as err:
        answer = ("no library", str(err))
    sys.stdout.buffer.write(pickle.dumps(answer))
    return 0


def unpacked_batches(items: list[Packed]) -> Iterator[list[tuple[GameRecord, dict | None]]]:
    """``items`` with their packed logs unpacked (None: a log that does not unpack), in order,
    in batches of at most :data:`BATCH_EVENTS` moves and pointer events (one game alone may
    have more): the child holds one batch of logs at a time, however many games the window's
    worker hands it at once (docs/reliability.md)."""
    batch: list[tuple[GameRecord, dict | None]] = []
    events = 0
    for record, log in items:
        log = unpack_log(log) if isinstance(log, bytes) else log
        try:
            size = 0 if log is None else log_events(log)
        except TypeError:  # not a log's shape: compute() says what is wrong with it
            size = 0
        if batch and events + size > BATCH_EVENTS:
            yield batch
            batch, events = [], 0
        batch.append((record, log))
        events += size
    if batch:
        yield batch


def store_result(store: RecordStore, record_id: int, result: ReplayStats | str) -> None:
    """Write one game's figures (or, for a message, state 2: none can be computed).

    Raises:
        ReadOnlyError, sqlite3.Error: as RecordStore.add_game.
    """
    if isinstance(result, ReplayStats):
        values = {name: getattr(result, name) for name in STAT_FIELDS}  # set_derived stores NULL for one unstorable
        nf = {} if result.right_effective is None else {"nf": int(result.right_effective == 0)}  # Metasweeper's NF
        store.set_derived(record_id, {**values, **nf, "stats_state": COMPUTED})
    else:
        store.set_derived(record_id, {"stats_state": NONE})


def pending(store: RecordStore, limit: int = BACKFILL, damaged: list[str] | None = None,
            max_cells: int | None = None, packed: bool = False) -> list[Item] | list[Packed]:
    """Up to ``limit`` games whose figures are still to compute and that have a log, newest
    first (the ones a player looks at first); with ``max_cells``, only boards of at most that
    many cells; and no more than :data:`BATCH_EVENTS` moves and
    pointer events in all unless one game alone has more. A game whose log is damaged
    (game.midend.log_checks) is set to "none can be computed", so it is never tried again, and
    named in a message added to ``damaged`` (when given); its row stays in the file.

    ``packed``: each log as stored (bytes), neither unpacked nor checked here, for the
    window's :class:`FiguresWorker`, whose child process unpacks and checks them (a damaged
    one gets no figures there, and is not asked again either): the frame that opens the
    Statistics screen then reads 200 logs, not unpacks them (0.75 s for 200 window games:
    docs/benchmarks.md). The batch is bounded by :data:`BATCH_BYTES` of packed logs instead
    (one game alone may have more); ``damaged`` names only logs that are not bytes at all.

    Raises:
        ReadOnlyError, sqlite3.Error: as RecordStore.add_game, when a damaged log's state
            cannot be written.
    """
    bound = "" if max_cells is None else f" AND rows * cols <= {int(max_cells)}"
    # NOT INDEXED: newest first along the table itself, which stops at ``limit`` games; through
    # the index SQLite picks for READABLE's level and won it read and sorted every game first
    # (0.68 s for 50,000 games all pending, 3 ms now: docs/benchmarks.md)
    rows = store.conn.execute(
        f"SELECT id FROM games NOT INDEXED WHERE stats_state = {TO_COMPUTE} AND log IS NOT NULL AND {READABLE}"
        f"{bound} ORDER BY id DESC LIMIT ?", (limit,)).fetchall()
    if packed:
        return _packed_pending(store, [record_id for record_id, in rows], damaged)
    items, events = [], 0
    for (record_id,) in rows:
        record = store.game(record_id)
        try:
            log = None if record is None else store.read_log(record)
        except DamagedLog as err:
            log = None
            if damaged is not None:
                damaged.append(note(N_("game {id}: its move log is damaged ({reason}); it gets no competitive "
                                       "statistics, and is kept in the file"), id=record_id, reason=err))
        if record is not None and log is not None:
            if items and events + log_events(log) > BATCH_EVENTS:
                break  # the next batch starts with it: a batch's memory stays that of one long game
            events += log_events(log)
            items.append((record, log))
        elif not store.read_only:  # a damaged log: no figures, and not asked again
            store.set_derived(record_id, {"stats_state": NONE})
    return items


def _packed_pending(store: RecordStore, ids: list[int], damaged: list[str] | None) -> list[Packed]:
    """:func:`pending`'s games ``ids`` with their logs as stored, up to BATCH_BYTES of them."""
    items, size = [], 0
    for record, blob in store.packed_logs(ids):
        if isinstance(blob, bytes):
            if items and size + len(blob) > BATCH_BYTES:
                break  # the next batch starts with it
            size += len(blob)
            items.append((record, blob))
            continue
        if damaged is not None:
            damaged.append(note(N_("game {id}: its move log is damaged ({reason}); it gets no competitive "
                                   "statistics, and is kept in the file"), id=record.id,
                                reason=note(N_("it is not packed as this game packs its logs"))))
        if not store.read_only:  # no figures, and not asked again
            store.set_derived(record.id, {"stats_state": NONE})
    return items


def fill(store: RecordStore, items: list[Item]) -> str | None:
    """Compute and store the figures of ``items`` now; returns a warning for the player (no
    ms-toollib, the database cannot be written) or None. Never raises."""
    if not items or store.read_only:
        return None
    try:
        results = compute(items)
    except NoLibraryError as err:
        return note(N_("the competitive statistics are not computed: {reason}"), reason=err)
    try:
        for (record, _), result in zip(items, results):
            store_result(store, record.id, result)
    except (RecordsError, sqlite3.Error) as err:
        return note(N_("the competitive statistics could not be saved ({reason})"), reason=system_error(err))
    return None


def backfill(store: RecordStore, limit: int = BACKFILL, max_cells: int | None = None) -> str | None:
    """Fill the figures of up to ``limit`` games that lack them (:func:`pending`, :func:`fill`),
    of boards up to ``max_cells`` cells if given; a warning or None. A read-only store is left alone."""
    if store.read_only:
        return None
    return fill(store, pending(store, limit, max_cells=max_cells))


class FiguresWorker:
    """Computes figures on a background thread (a short game's there, the others' in a child
    process: :func:`compute_here_or_apart`);
    the window's frame loop calls :meth:`poll` to store them. ``version`` counts the polls that
    stored something (scenes redraw on a change); ``warnings`` collects messages for stderr
    (each said once); ``waiting``: record ids submitted and not stored yet; ``expected``:
    record ids whose log is still being packed (:meth:`expect`), submitted once stored."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._queue: list[Item] = []
        self._done: list[tuple[int, ReplayStats | str]] = []
        self._thread: threading.Thread | None = None
        self._warned: set[str] = set()
        self.version = 0
        self.warnings: list[str] = []
        self.waiting: set[int] = set()  # record ids submitted and not stored yet
        self.expected: set[int] = set()  # record ids whose log is being packed
        self._running: set[int] = set()  # record ids of the batch being computed
        self._stale: set[int] = set()  # of those, the ones dropped (drop): their results are not kept

    def expect(self, record_id: int) -> None:
        """Game ``record_id`` will be submitted once its log is stored: :attr:`busy` and
        :meth:`pending` count it from now."""
        with self._lock:
            self.expected.add(record_id)

    def forget(self, record_id: int) -> None:
        """Game ``record_id`` will not be submitted after all (its log could not be stored)."""
        with self._lock:
            self.expected.discard(record_id)

    def drop(self, record_id: int) -> None:
        """Game ``record_id``'s row is about to be written over (the game ended again after an
        undo): figures submitted for it are not stored, even those being computed; submit
        the new row's to have them."""
        with self._lock:
            self.expected.discard(record_id)
            self.waiting.discard(record_id)
            self._queue = [item for item in self._queue if item[0].id != record_id]
            self._done = [done for done in self._done if done[0] != record_id]
            if record_id in self._running:
                self._stale.add(record_id)

    def pending(self, record_id: int) -> bool:
        """True while the figures of game ``record_id`` are expected, computed or not stored yet."""
        with self._lock:
            return record_id in self.waiting or record_id in self.expected

    def submit(self, items: list[Packed]) -> None:
        """Compute the figures of ``items`` (recorded games with ids, and their logs as dicts
        or packed bytes) in the background."""
        with self._lock:
            fresh = [item for item in items if item[0].id not in self.waiting]
            self._queue += fresh
            self.waiting |= {record.id for record, _ in fresh}
            self.expected -= {record.id for record, _ in items}
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="figures", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                items, self._queue = self._queue, []
                self._running = {record.id for record, _ in items}
                if not items:
                    return
            try:
                results = compute_here_or_apart(items)
            except NoLibraryError as err:
                results = None
                self._warn(note(N_("the competitive statistics are not computed: {reason}"), reason=err))
            except Exception as err:  # never let a thread die silently: the game is stored anyway
                results = None
                self._warn(note(N_("the competitive statistics could not be computed ({reason})"), reason=err))
            with self._lock:
                stale, self._stale, self._running = self._stale, set(), set()
                if results is None:  # left at state 0: backfilled later
                    self.waiting -= {record.id for record, _ in items if record.id not in stale}
                else:
                    self._done += [(record.id, result) for (record, _), result in zip(items, results)
                                   if record.id not in stale]

    def _warn(self, message: str) -> None:
        with self._lock:
            if message not in self._warned:
                self._warned.add(message)
                self.warnings.append(message)

    @property
    def busy(self) -> bool:
        """True while games are expected, being computed or wait to be stored."""
        with self._lock:
            return bool(self.waiting or self.expected)

    def poll(self, store: RecordStore) -> list[str]:
        """Store what the thread found (call on the database's thread); returns new warnings."""
        with self._lock:
            done, self._done = self._done, []
            warnings, self.warnings = self.warnings, []
        if done:
            try:
                for record_id, result in done:
                    store_result(store, record_id, result)
            except (RecordsError, sqlite3.Error) as err:
                warnings.append(note(N_("the competitive statistics could not be saved ({reason})"), reason=system_error(err)))
            with self._lock:
                self.waiting -= {record_id for record_id, _ in done}
            self.version += 1
        elif warnings:
            self.version += 1
        return warnings

    def wait(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for the thread (the window is closing)."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)


def level_figures(store: RecordStore, level: str) -> dict[str, tuple[float | None, float | None]]:
    """For each ranked figure (game.figures.ranked), (best, average) over ``level``'s wins that
    have it: the best over the wins that may enter the best tables (game.records.db
    BEST_ORDERS' rule), the average over the wins without help or undo (as the average time);
    None where there are none."""
    out = {}
    games = store.readable(level)  # the statistics' snapshot: readable rows only
    for figure in ranked():
        column = figure.name
        row = store.conn.execute(
            f"SELECT {figure.best_sql}({column}) FROM {games} WHERE {BEST_WHERE} AND {column} IS NOT NULL",
            (level,)).fetchone() if level in STANDARD_LEVELS else (None,)
        mean = store.conn.execute(
            f"SELECT avg({column}) FROM {games} WHERE level = ? AND {COUNTED_WINS} AND NOT {HELPED} "
            f"AND {column} IS NOT NULL", (level,)).fetchone()
        out[column] = (row[0], mean[0])
    return out


if __name__ == "__main__":
    sys.exit(_child())
