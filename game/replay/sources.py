"""Where the viewer's replays come from: a recorded game of ours (its move log, read from a
store the caller opened) or another program's replay file. ``--replay ID|last|FILE``'s check
before any window opens is game.replay_commands' (it opens the records). No pygame here.
"""

from __future__ import annotations

from pathlib import Path

from game.replay.events import Replay
from game.replay.files import FORMATS, ReplayFileError
from game.replay.fromlog import LogError, ends_as_logged, log_version, logged_look, recorded_log, replay_of
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


__all__ = ["LogError", "ReplayFileError", "ends_as_logged", "is_replay_file", "log_replay", "recorded_replay",
           "recorded_timeline"]
