"""Where the viewer's replays come from: a recorded game of ours (its move log, read from a
store the caller opened) or another program's replay file. ``--replay ID|last|FILE``'s check
before any window opens is game.commands.replay_commands' (it opens the records). No pygame here.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from game.figures import Counts
from game.i18n import N_
from game.midend.match import Match
from game.replay.events import Replay
from game.rules.bv import bv_parts
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


@dataclass(frozen=True)
class StoryEnd:
    """The end of a recorded game told once (:func:`story_end`): ``counts``, the live
    counters' counts at its end (game.figures.Counts, the mines known: effective right
    clicks are first flags on mines), and ``flags``, the flags standing on its board then (a
    won game's before the win flagged every mine: ms-toollib's ``flag``)."""

    counts: Counts
    flags: int


def story_end(data: dict, rows: int, cols: int, time_ms: int) -> StoryEnd:
    """The counts at the end of a recorded game, from its story: its move log ``data``
    (game.midend.match.Match.log_data) stepped through Match.from_log with its pointer stream
    beside the moves, as the viewer plays it (the viewer's :class:`game.replay.player.LogTimeline`,
    read at its end) and as the live counters counted it (game.midend.counters.LiveCounter).
    ``rows``, ``cols``: the board (cells); ``time_ms``: the game's time (the record's, ms).
    What the records' figures are made of (game.replay.competitive.recorded_stats).

    Raises:
        LogError: the game started from a loaded position, or its log is damaged.
    """
    if data.get("start") or data.get("start_flags"):
        raise LogError(N_("it started from a loaded position, and replay files start from a covered board"))
    try:
        mines = frozenset((r, c) for r, c in data["mines"])
        if (data["rows"], data["cols"]) != (rows, cols):
            raise ValueError(f"a {data['rows']}x{data['cols']} log of a {rows}x{cols} game")
        replay = Replay(rows, cols, mines, (), time_ms=time_ms, completed=False, bbbv=bv_parts(mines, rows, cols).value)
        timeline = LogTimeline(replay, Match.from_log(data), pointer_events(data) if data.get("pointer") else (),
                               every=sys.maxsize)  # (no keyframe: only its end is read)
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise LogError(N_("its move log is damaged ({error})"), error=str(err)) from None
    last = len(timeline.times) - 1
    left, right, double = (timeline.lefts[last], timeline.rights[last], timeline.doubles[last]) if last >= 0 else (0, 0, 0)
    lce, rce, dce = timeline.effective[-1]
    counts = Counts(time_ms=time_ms, bbbv=replay.bbbv, bbbv_solved=timeline.bbbv_solved(), left=left, right=right,
                    double=double, left_effective=lce, right_effective=rce, double_effective=dce,
                    path_px=timeline.paths[last] if last >= 0 else 0.0)
    if timeline.completed:  # a win flags every mine: the flags are those standing before it
        flags = len(mines) - timeline.mines_left[-2]
    else:
        flags = sum(1 for _ in timeline.final.flagged())
    return StoryEnd(counts, flags)


def is_replay_file(which: str) -> bool:
    """True when ``which`` names a replay file (by its extension) rather than a game."""
    return Path(which).suffix.lower() in FORMATS


__all__ = ["LogError", "ReplayFileError", "StoryEnd", "ends_as_logged", "is_replay_file", "log_timeline",
           "recorded_replay", "recorded_timeline", "story_end"]
