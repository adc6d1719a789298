"""What the window and the console call: open the records and settings, record a finished game.

A finished game reaches its row one way, for both front ends: game.session.Session.finished
-> :meth:`Records.finish` (the player's note) -> :meth:`Records.record` (one game, one row)
-> :func:`save_record`. :func:`record_finished_game` writes a match to a bare store (tests,
tools). Typical use::

    records = open_records(args.data_dir)         # warnings already printed on stderr
    ...                                            # records.warnings: show them in the window
    session = Session(records=records)             # game.session: records every end once
    notes = session.finished(match)                # when the game is won or lost: "New best time: #N"
    records.store.set_name(records.last_record_id, typed_name)  # the Victory scene's name field
    records.save_settings()
"""

from __future__ import annotations

import os
import sqlite3
import sys
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from game import PROG
from game.rules.engine import State
from game.messages import N_, describe, file_name, note, system_error, warn
from game.records import settings as settings_file
from game.records.compstats import FIGURES_NOW_CELLS, FiguresWorker, fill
from game.records.db import RecordsError, RecordStore, unpack_log
from game.records.logpack import LogPacker, log_events
from game.records.paths import DataDirError, db_path, settings_path
from game.records.notes import left_out
from game.records.record import GameRecord
from game.records.settings import Settings

PACK_BUDGET = 0.004  # seconds of log packing per window frame (the window's frame goal: p99 <= 4 ms)
PACK_AT_ONCE = 2_000  # moves + pointer events of a log packed in the frame its game ends (about 1 ms)


def record_finished_game(store: RecordStore, match, name: str | None = None,
                         abandoned: bool = False, log: dict | None = None) -> tuple[int | None, int | None]:
    """Write a match's won or lost game (or, with ``abandoned``, one left in play) to
    ``store``; never raises for a failed write.

    Args:
        match: a :class:`game.midend.match.Match` whose game is over (with ``abandoned``: in
            progress, recorded as an abandoned loss); its seed and help used go with it.
        name: the player name for best times (default: the system user name).
        abandoned: the player left the game after its first reveal.
        log: how it was played (game.midend.match.Match.log_data), kept with the record.
    Returns:
        (record id, best-time rank 1..10) — rank None when the game does not enter
        the top 10 (lost, custom, hints, autoplay, or too slow). When the game is not
        saved to the database file (a read-only or broken database, or a store in
        memory because no file could be used) returns (None, None) and appends one
        line saying so, and why, to ``store.warnings``: no rank is claimed against
        records that were not saved (an in-memory store starts empty, so every win
        would be #1).
    Raises:
        ValueError: the game is not over (a programming error, not a player's).
    """
    return save_record(store, GameRecord.from_match(match, name=name, abandoned=abandoned), log)


def save_record(store: RecordStore, record: GameRecord, log: dict | None = None,
                over: int | None = None) -> tuple[int | None, int | None]:
    """Write ``record`` (and its ``log``) to ``store``: :func:`record_finished_game` for a
    record already made; ``over``: the id of the same game's row, written over
    (RecordStore.replace_game) instead of adding one."""
    try:  # in memory: kept for this session's statistics, then gone
        record_id = store.add_game(record, log) if over is None else store.replace_game(over, record, log)
    except RecordsError as err:
        store.warnings.append(note(err.template, **err.params))  # in the language it is shown in
        return None, None
    except sqlite3.Error as err:
        store.warnings.append(note(N_("The game could not be saved to the records ({error})."), error=system_error(err)))
        return None, None
    if store.path is None:
        store.warnings.append(note(N_("This game was not saved to the records ({problem})."), problem=store.problem))
        return None, None
    return record_id, store.rank_of(record_id)


def is_in_progress(game) -> bool:
    """True for a game past its first reveal and not over: leaving it abandons it."""
    return game.state is State.PLAYING


@dataclass
class Records:
    """The open records database and settings of one run of the game.

    Attributes:
        store: the games database (read-only or in memory when no file can be written).
        settings: the loaded settings; change them and call :meth:`save_settings`.
        settings_path: where settings are saved, or None when no folder can be used.
        warnings: every message for the player so far (opening, saving, recording).
    """

    store: RecordStore
    settings: Settings
    settings_path: Path | None
    warnings: list[str]
    last_record_id: int | None = None  # the game recorded last (for the Victory scene's name)
    last_rank: int | None = None       # its best-time rank, or None
    last_record: GameRecord | None = None  # the game recorded last, as recorded
    # How this run's games are played (GameRecord.input): the console sets ``terminal`` or
    # ``script`` (its input is a terminal or not); None: from the moves (the window: mouse or keys).
    input: str | None = None
    # The competitive statistics of each game recorded with a log (game.records.compstats):
    # "background" (the window: figures_worker, polled by the frame loop), "now", "after" (the
    # console: kept in figures_due until figures_after() is called, once the row is saved and
    # the result printed), or None (left for the backfill when statistics are read).
    figures_mode: str | None = None
    figures_due: list = field(default_factory=list, repr=False)  # [(GameRecord, log)] for figures_after
    figures_worker: FiguresWorker = field(default_factory=FiguresWorker, repr=False)
    # The window: a log of over PACK_AT_ONCE events is stored over the next frames (pack_step,
    # PACK_BUDGET each, from the frame after the game ended; game.records.logpack).
    # False (the console): packed and stored at once.
    pack_in_steps: bool = False
    _packing: list = field(default_factory=list, repr=False)  # [(GameRecord, LogPacker)], oldest first
    _fresh: bool = field(default=False, repr=False)  # a log was queued in this frame: pack_step waits one
    # match -> the round (Match.round) recorded as abandoned: each board is recorded once, even
    # when leaving asks first and then the window closes.
    _abandoned: weakref.WeakKeyDictionary = field(default_factory=weakref.WeakKeyDictionary, repr=False)
    # match -> (round, id) of the row its board's game was written to: one game, one row,
    # written over when the game ends again after an undo (game.session.Session.finished).
    _rows: weakref.WeakKeyDictionary = field(default_factory=weakref.WeakKeyDictionary, repr=False)

    def record(self, match, name: str | None = None, abandoned: bool = False,
               log: dict | None = None) -> tuple[int | None, int | None]:
        """:func:`record_finished_game` of ``match`` with ``name`` (default: the settings'
        player name) and the move ``log``; new warnings are kept.

        One game, one row: when this board's game (``match.round``) already has a row (it
        ended, then the player took a move back and played on: game.session.Session.finished),
        the record is written over that row (RecordStore.replace_game), not added.

        A store left read-only because another program held the lock at start-up is
        opened again first: once the lock is gone, the game is saved after all.
        """
        if self.store.locked_out:
            self._reopen()
        before = len(self.store.warnings)
        self.last_record = record = GameRecord.from_match(
            match, abandoned=abandoned, name=self.settings.player_name if name is None else name,
            input=self.input)
        row = self._rows.get(match)
        over = row[1] if row is not None and row[0] == match.round else None
        if over is not None:
            self._drop_pending(over)  # the row's earlier log and figures would land on its new values
        packer = None
        if self.pack_in_steps and log is not None and log_events(log) > PACK_AT_ONCE:
            packer, log = LogPacker(log), None  # packed over the next frames, not this busy one
            self._fresh = True
        result = save_record(self.store, record, log, over=over)  # the row now: never lost
        if record.id is not None:
            self._rows[match] = (match.round, record.id)
        self.warnings.extend(self.store.warnings[before:])
        self.last_record_id, self.last_rank = result
        if packer is None:
            self._figures(record, log)
        elif record.id is not None:
            self._packing.append((record, packer))
            if self.figures_mode == "background":
                self.figures_worker.expect(record.id)
        return result

    def _drop_pending(self, record_id: int) -> None:
        """Forget the log still to pack and the figures still to compute of row ``record_id``,
        about to be written over."""
        self._packing = [(record, packer) for record, packer in self._packing if record.id != record_id]
        self.figures_due = [(record, log) for record, log in self.figures_due if record.id != record_id]
        self.figures_worker.drop(record_id)

    @property
    def packing(self) -> bool:
        """True while a recorded game's log is still to be packed and stored (:meth:`pack_step`)."""
        return bool(self._packing)

    def pack_step(self, budget: float | None = None) -> list[str]:
        """One frame's share of the logs still to store: pack the oldest for up to ``budget``
        seconds (default PACK_BUDGET), or, once it is packed, store it (one UPDATE, in the next call: the write's
        fsync gets a frame of its own) and hand it to the figures. Returns new warnings (a
        log that could not be stored)."""
        if not self._packing:
            return []
        if self._fresh:  # the frame the game ended in has the result panel to lay out
            self._fresh = False
            return []
        record, packer = self._packing[0]
        if not packer.done:
            packer.step(PACK_BUDGET if budget is None else budget)
            return []
        self._packing.pop(0)
        return self._store_log(record, packer.blob)

    def finish_packing(self) -> list[str]:
        """Pack and store every pending log now (the window is closing); new warnings."""
        warnings = []
        while self._packing:
            record, packer = self._packing.pop(0)
            warnings += self._store_log(record, packer.finish())
        return warnings

    def _store_log(self, record: GameRecord, blob: bytes) -> list[str]:
        try:
            self.store.set_log(record.id, blob)
        except (RecordsError, sqlite3.Error) as err:
            self.figures_worker.forget(record.id)
            message = note(N_("the move log of game {id} could not be saved ({error})"), id=record.id, error=system_error(err))
            self.warnings.append(message)
            return [message]
        self._figures(record, blob)
        return []

    def _figures(self, record: GameRecord, log: dict | bytes | None) -> None:
        """Compute the stored game's competitive statistics as ``figures_mode`` says (``log``:
        its move log, as a dict or packed)."""
        if log is None or record.id is None or self.figures_mode is None:
            return
        if self.figures_mode == "background":
            self.figures_worker.submit([(record, log)])
            return
        if self.figures_mode == "after":
            self.figures_due.append((record, log))
            return
        if isinstance(log, bytes):
            log = unpack_log(log)
        warning = fill(self.store, [(record, log)])
        if warning:
            warn(warning)

    def figures_after(self) -> str | None:
        """Compute the figures of the games recorded since the last call (``figures_mode``
        "after"): those of boards up to FIGURES_NOW_CELLS now (under a second), those of bigger
        boards later (left at state 0: the Statistics screen computes them in the background,
        ``--stats`` only small ones, game.records.compstats.backfill). Returns a note saying
        the figures are pending when some were left, else None; a failure is warned on stderr."""
        due, self.figures_due = self.figures_due, []
        small = [(record, unpack_log(log) if isinstance(log, bytes) else log) for record, log in due
                 if record.rows * record.cols <= FIGURES_NOW_CELLS]
        now = [(record, log) for record, log in small if log is not None]
        warning = fill(self.store, now)
        if warning:
            warn(warning)
        if len(small) < len(due):
            return note(N_("The competitive figures are pending: a board over {cells} cells gets them later, "
                           "in the window's Statistics screen."), cells=FIGURES_NOW_CELLS)
        return None

    def abandon(self, match, name: str | None = None, log: dict | None = None) -> str | None:
        """Record the game of ``match`` as abandoned if it is in progress (after its first
        reveal, not over), under ``name`` (default: the settings' player name), with its ``log``.

        Windows 7 counts a game left in play as a loss; so do we, so that starting over
        at a hard guess cannot protect the win rate or a streak. A game not started yet,
        already over, or already recorded as abandoned (the same round), is left alone; a
        game that ended, then was played on after an undo, is written over its row
        (:meth:`record`).
        Returns:
            the warning when the game could not be saved, else None (also None when
            nothing was recorded).
        """
        if not is_in_progress(match.game) or self._abandoned.get(match) == match.round:
            return None
        self._abandoned[match] = match.round
        before = len(self.warnings)
        record_id, _ = self.record(match, name=name, abandoned=True, log=log)
        if record_id is None and len(self.warnings) > before:
            return self.warnings[-1]
        return None

    def _reopen(self) -> None:
        """Try the database file again for writing; keep the read-only store if it is still locked."""
        fresh = RecordStore.open(self.store.path)
        if fresh.saves:
            self.store.close()
            self.store = fresh
        else:
            fresh.close()

    def finish(self, match, name: str | None = None, log: dict | None = None) -> str | None:
        """Record the ended game of ``match`` (:meth:`record`, under ``name``, by default the
        settings' player name, with its move ``log``) and say how it went for the player:
        ``"New best time: #N"``, the save failure message, for a win that may not enter the
        best times why not (:func:`game.records.notes.left_out`), or None. The one step from
        a finished game to its row, for both front ends (game.session.Session.finished)."""
        before = len(self.warnings)
        record_id, rank = self.record(match, name=name, log=log)
        if record_id is None:
            return self.warnings[-1] if len(self.warnings) > before else None
        return note(N_("New best time: #{rank}"), rank=rank) if rank else left_out(self.last_record)

    def save_settings(self) -> str | None:
        """Save the settings atomically; returns a warning (also kept) on failure, else None."""
        if self.settings_path is None:
            return None
        try:
            settings_file.save(self.settings, self.settings_path)
        except OSError as err:
            message = note(N_("settings could not be saved to {path} ({error})"), path=file_name(self.settings_path),
                           error=system_error(err))
            self.warnings.append(message)
            return message
        return None

    def close(self) -> None:
        """Close the database."""
        self.store.close()


_STDERR = object()  # the default: sys.stderr as it is at call time (tests capture it)


def open_records(data_dir: str | None = None, stderr: TextIO | None | object = _STDERR, *,
                 input: str | None = None, figures_mode: str | None = None,
                 pack_in_steps: bool = False) -> Records:
    """Open the records database and load the settings; never raises.

    How this run records its games, as :class:`Records` describes each: ``input`` (the
    console: ``terminal`` or ``script``; None: from the moves), ``figures_mode``
    (``background`` for the window, ``after`` for the console, None: left for the backfill)
    and ``pack_in_steps`` (the window: long logs packed over frames).

    ``data_dir`` is the ``--data-dir`` value (the environment variable and the per-user
    folders are used otherwise). Every warning is printed to ``stderr`` as
    ``python main.py: warning: ...`` (pass None to keep quiet) and kept in ``warnings``
    for the window to show. A folder that cannot be created gives an in-memory store
    and default settings, with a warning. When another program holds the database's
    lock, ``python main.py: waiting up to 10 s for ...`` is printed before the wait.
    A settings path that is not a regular file (a folder, a FIFO) is never saved over.
    """
    if stderr is _STDERR:
        stderr = sys.stderr

    def notify(message: str) -> None:  # said at once: opening may wait for a lock
        if stderr is not None:
            print(f"{PROG}: {describe(message)}", file=stderr, flush=True)

    warnings: list[str] = []
    try:
        store = RecordStore.open(db_path(data_dir), notify=notify)
    except DataDirError as err:
        store = RecordStore.memory([note(N_("{error}; games of this session will not be saved"), error=err)],
                                   problem=err)
    warnings.extend(store.warnings)
    try:
        where = settings_path(data_dir)
        loaded, setting_warnings = settings_file.load(where)
        if os.path.exists(where) and not os.path.isfile(where):
            where = None  # a FIFO or folder someone put there: saving would replace it
    except DataDirError as err:
        where, loaded, setting_warnings = None, Settings(), [note(N_("{error}; settings will not be saved"), error=err)]
    warnings.extend(setting_warnings)
    if stderr is not None:
        for message in warnings:
            warn(message, stderr)
    return Records(store, loaded, where, warnings, input=input, figures_mode=figures_mode,
                   pack_in_steps=pack_in_steps)
