"""Where the viewer's replays come from: a recorded game of ours (its move log) or another
program's replay file, and ``--replay ID|last|FILE``'s check before any window opens.
No pygame here.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

from game.i18n import N_
from game.replay.events import Replay
from game.replay.files import FORMATS, ReplayFileError, read_replay
from game.match import Match
from game.replay.fromlog import (LogError, _find, ends_as_logged, kind_of, move_sources, pointer_events,
                                 recorded_log, replay_of)
from game.messages import describe, error_line, file_name
from game.replay.player import LogTimeline, Timeline


REVIEWED_KEYS = ("version", "rows", "cols", "mines", "start", "start_flags", "cell", "moves", "options")
# what game.solver.review.review_log reads of a log (not its pointer input, its bulk)


def recorded_replay(store, record) -> Replay:
    """The Replay of recorded game ``record`` (a GameRecord of ``store``, a RecordStore): its
    time, 3BV, player and labels, its events as ``--save-replay`` writes them
    (game.replay.fromlog.replay_of). The viewer plays :func:`recorded_timeline`, which steps
    the game's log rather than reading these events.

    Raises:
        LogError: the game has no log (recorded before logs were kept), started from a loaded
            position, or its log is damaged.
    """
    return replay_of(recorded_log(store, record), record)


def recorded_timeline(store, record, handed: list | None = None, standing: bool = False) -> LogTimeline:
    """The viewer's timeline of recorded game ``record`` (:func:`log_timeline` of its log).
    ``handed``: a one-item list holding the log already read (game.replay.fromlog.recorded_log),
    emptied here so that nothing else keeps the log alive once the timeline is built; else
    the log is read from ``store``. ``standing``: as :func:`log_timeline`'s.

    Raises:
        LogError: as :func:`recorded_replay`.
    """
    return log_timeline(handed.pop() if handed else recorded_log(store, record), record, standing)


def log_timeline(data: dict, record, standing: bool = False) -> LogTimeline:
    """The viewer's :class:`game.replay.player.LogTimeline` of a game from its move log ``data``
    (game.match.Match.log_data) and its GameRecord ``record`` (time, won, player name): the
    log told once, its entries stepped through Match.from_log with its pointer stream beside
    them, so a recorded game always replays to its recorded end (an honest win with a left
    click on a number that chorded replayed as a loss under the formats' rules: issue 37).
    ``standing``: only the moves that stand (undone ones and the undos left out, each shown
    at its cell's centre), as the review judges them (the review viewer); the timeline then
    keeps the log's board and moves as its ``log`` for the review (game.review_apart.timeline_request).

    Raises:
        LogError: the game started from a loaded position, or its log is damaged.
    """
    replay = replay_of(data, record)
    try:
        match = Match.from_log(data, standing=standing)
        pointer = () if standing or not data.get("pointer") else (
            replay.events if kind_of(data) == "pointer" and "left_chord" not in move_sources(data)
            else pointer_events(data))
        # (the real presses: the file's events are the log's pointer but for a left-click chord)
        timeline = LogTimeline(replay, match, pointer)
        if standing:  # what the review needs of the log (the moves that stand), kept for it
            timeline.log = {key: data[key] for key in REVIEWED_KEYS if key in data}
        return timeline
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise LogError(N_("its move log is damaged ({error})"), error=str(err)) from None


def is_replay_file(which: str) -> bool:
    """True when ``which`` names a replay file (by its extension) rather than a game."""
    return Path(which).suffix.lower() in FORMATS


def load_replay(which: str, data_dir: str | None = None) -> Replay:
    """``--replay``'s argument: a recorded game (its id, or ``last``) from the records in
    ``data_dir`` (default: the per-user folder), or an .evf/.avf/.rmv/.mvf file.

    Raises:
        LogError: no such game, no log, a loaded position, a damaged log, or an argument that
            is neither (the message says what is allowed).
        ReplayFileError: the file cannot be read (missing, damaged, truncated, unknown).
    """
    return load_timeline(which, data_dir).replay


def load_timeline(which: str, data_dir: str | None = None) -> Timeline:
    """:func:`load_replay`'s replay as the viewer's :class:`Timeline`, built once.

    Raises:
        LogError, ReplayFileError: as :func:`load_replay`.
    """
    if is_replay_file(which):
        return Timeline(read_replay(which))
    with recorded_game(which, data_dir) as (store, record):
        handed = [recorded_log(store, record)]  # its errors name the game
        try:
            return recorded_timeline(store, record, handed)
        except LogError as err:
            raise LogError(N_("game {id}: {error}"), id=record.id, error=err) from None


@contextmanager
def recorded_game(which: str, data_dir: str | None = None):
    """A context giving (store, record): the RecordStore of ``data_dir`` (default: the
    per-user folder), open until the context ends, and the GameRecord ``which`` names (its
    id, or ``last``), for ``--replay`` and ``--review``.

    Raises:
        LogError: no such game, no records folder, or an argument that is neither a game nor
            a replay file (the message says what is allowed).
    """
    if which != "last" and not which.strip().isdigit():
        raise LogError(N_("{which} is neither a game (its id, as --export-stats lists, or last) "
                          "nor a replay file (.evf, .avf, .rmv or .mvf)"), which=repr(which))
    from game.records.db import RecordStore
    from game.records.paths import DataDirError, db_path
    try:
        store = RecordStore.open(db_path(data_dir))
    except DataDirError as err:
        raise LogError("{error}", error=err) from None  # its own words (described when shown)
    try:
        yield store, _find(store, which.strip())
    finally:
        store.close()


def prepare_replay(args) -> int | None:
    """``--replay``: read the replay into ``args.replay_loaded``, and its timeline into
    ``args.replay_timeline`` (the viewer's, built once), before any window opens; returns
    None when it was read, else 2 after one line on stderr naming the problem."""
    import sys

    try:
        args.replay_timeline = load_timeline(args.replay, getattr(args, "data_dir", None))
        args.replay_loaded = args.replay_timeline.replay
    except (LogError, ReplayFileError) as err:
        print(error_line(f"--replay {file_name(args.replay)}: {describe(err)}"), end="", file=sys.stderr)
        return 2
    return None


__all__ = ["LogError", "ReplayFileError", "ends_as_logged", "is_replay_file", "load_replay", "load_timeline",
           "log_timeline", "prepare_replay", "recorded_game", "recorded_replay", "recorded_timeline"]
