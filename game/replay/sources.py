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
from game.replay.fromlog import LogError, _find, ends_as_logged, log_version, logged_look, recorded_log, replay_of
from game.messages import describe, error_line, file_name
from game.replay.player import Timeline


def recorded_replay(store, record) -> Replay:
    """The Replay of recorded game ``record`` (a GameRecord of ``store``, a RecordStore).

    Its events as ``--save-replay`` writes them (game.replay.fromlog: a left click on a
    number that chorded written as a chord with both buttons); made from its moves (a click
    at each move's cell) when an old log does not say which moves the pointer shows
    (version 1 with ``pointer_gaps``), or when the events do not end in the recorded game's
    final position under the formats' click rules.
    Raises:
        LogError: the game has no log (recorded before logs were kept), started from a loaded
            position, or its log is damaged.
    """
    return recorded_timeline(store, record).replay


def recorded_timeline(store, record, handed: list | None = None) -> Timeline:
    """The :class:`Timeline` of :func:`recorded_replay`'s Replay, built once: the viewer
    takes it as it is. It plays the events of the file ``--save-replay`` writes by the
    formats' rules, each left-click chord written as a chord with both buttons, so a
    recorded game replays to its recorded end (an honest win with a left-click chord had
    replayed as a loss: issue 37) and as its file plays in ms-toollib; events that still
    end elsewhere give way to clicks at the moves' cells. The log is let go before the
    timeline is built (a 1000x1000 board's log is 160 MB in memory, its Game 200 MB: never
    both with the timeline). ``handed``: a
    one-item list holding the log already read (game.replay.fromlog.recorded_log), emptied
    here so that nothing else keeps the log alive; else the log is read from ``store``.

    Raises:
        LogError: as :func:`recorded_replay`.
    """
    data = handed.pop() if handed else recorded_log(store, record)
    replay, look = _replay_and_look(data, record)
    del data
    checked = Timeline(replay)
    if look is not None and checked.final_look() != look:
        del checked
        return Timeline(replay_of(recorded_log(store, record), record, from_moves=True))
    return checked


def _replay_and_look(data: dict, record) -> tuple[Replay, list[str] | None]:
    """The Replay of log ``data`` and the final look its events must reach (None: nothing to
    check: made from the moves, or no moves)."""
    if log_version(data) < 2 and data.get("pointer_gaps"):  # which moves the pointer shows is not known
        return replay_of(data, record, from_moves=True), None
    return replay_of(data, record), (logged_look(data) if data.get("moves") else None)


def log_replay(data: dict, record) -> Replay:
    """The Replay of a game from its move log ``data`` (game.match.Match.log_data) and its
    GameRecord ``record`` (time, won, player name), chosen as :func:`recorded_replay` says.

    Raises:
        LogError: the game started from a loaded position, or its log is damaged.
    """
    replay, look = _replay_and_look(data, record)
    if look is not None and Timeline(replay).final_look() != look:
        replay = replay_of(data, record, from_moves=True)
    return replay


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
           "log_replay", "prepare_replay", "recorded_game", "recorded_replay", "recorded_timeline"]
