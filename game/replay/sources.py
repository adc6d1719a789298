"""Where the viewer's replays come from: a recorded game of ours (its move log, read from a
store the caller opened) or another program's replay file. ``--replay ID|last|FILE``'s check
before any window opens is game.commands.replay_commands' (it opens the records). No pygame here.
"""

from __future__ import annotations

from pathlib import Path

from game.i18n import N_
from game.midend.match import Match
from game.replay.events import Replay
from game.replay.files import FORMATS, ReplayFileError
from game.replay.fromlog import LogError, ends_as_logged, labelled_replay, pointer_events, recorded_log, replay_of
from game.replay.player import LogTimeline

REVIEWED_KEYS = ("version", "rows", "cols", "mines", "start", "start_flags", "cell", "moves", "options")
# what game.solver.review.review_log reads of a log (not its pointer input, its bulk)


def recorded_replay(store, record) -> Replay:
    """The Replay of recorded game ``record`` (a GameRecord of ``store``, a RecordStore): its
    time, 3BV, player and labels, its events as ``--save-replay`` writes them
    (game.replay.fromlog.replay_of: a left click on a number that chorded written as a chord
    with both buttons). The viewer plays :func:`recorded_timeline`, which steps the game's
    log rather than reading these events.

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
    (game.midend.match.Match.log_data) and its GameRecord ``record`` (time, won, player name): the
    log told once, its entries stepped through Match.from_log with its pointer stream beside
    them, so a recorded game always replays to its recorded end (issue 37: an honest win with
    a left click on a number that chorded replayed as a loss under the formats' rules).
    ``standing``: only the moves that stand (undone ones and the undos left out, each shown
    at its cell's centre), as the review judges them (the review viewer); the timeline then
    keeps the log's board and moves as its ``log`` for the review (game.commands.review_apart.timeline_request).

    Raises:
        LogError: the game started from a loaded position, or its log is damaged.
    """
    written = labelled_replay(data, record)  # the log's pointer stream worked out once, for both
    try:
        match = Match.from_log(data, standing=standing)
        pointer = () if standing or not data.get("pointer") else (
            written.pointer or pointer_events(data))  # (the real presses, not the file's both-button chords)
        timeline = LogTimeline(written.replay, match, pointer)
        if standing:  # what the review needs of the log (the moves that stand), kept for it
            timeline.log = {key: data[key] for key in REVIEWED_KEYS if key in data}
        return timeline
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise LogError(N_("its move log is damaged ({error})"), error=str(err)) from None


def is_replay_file(which: str) -> bool:
    """True when ``which`` names a replay file (by its extension) rather than a game."""
    return Path(which).suffix.lower() in FORMATS


__all__ = ["LogError", "ReplayFileError", "ends_as_logged", "is_replay_file", "log_timeline", "recorded_replay",
           "recorded_timeline"]
