"""Two replays of one board side by side (issue 38, point 4): the check that they are of the
same board, the shared clock's span, the moments the step keys go to, and who was ahead at
equal 3BV. The window's viewer is game.ui.replay.beside. No pygame here.

Both games run on one clock: game time, ms from each game's first opening (a
game.replay.player.Timeline's times), so at clock ``t`` each board shows its game ``t`` ms
after its own first opening.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from game.i18n import N_
from game.messages import ExplainedValueError
from game.replay.progress import Progress, gap_ms


class BoardsDiffer(ExplainedValueError):
    """Two replays that are not of the same board (size or mines); the message says how."""


def check_same_board(first, second) -> None:
    """Raise :class:`BoardsDiffer` unless replays ``first`` and ``second`` (game.replay.events
    .Replay) have the same size (rows x cols) and the same mines.

    Raises:
        BoardsDiffer: the sizes differ (both named), or the mines do (counts named).
    """
    if (first.rows, first.cols) != (second.rows, second.cols):
        raise BoardsDiffer(N_("they are not the same board: {first} against {second} cells"),
                           first=f"{first.rows}x{first.cols}", second=f"{second.rows}x{second.cols}")
    if frozenset(first.mines) != frozenset(second.mines):
        raise BoardsDiffer(N_("they are not the same board: the mines differ ({first} and {second} mines, "
                              "{same} in the same cells)"),
                           first=len(first.mines), second=len(second.mines),
                           same=len(frozenset(first.mines) & frozenset(second.mines)))


def span(timelines) -> tuple[int, int]:
    """(start, end) of the shared clock over ``timelines`` (game.replay.player.Timeline):
    the earliest start (at most 0 ms) and the latest end, ms."""
    return min(t.start_ms for t in timelines), max(t.end_ms for t in timelines)


def move_times(timelines) -> list[int]:
    """The game times, ms, of every move of any of ``timelines``, sorted, each once: where
    Left and Right step the shared clock."""
    return sorted({t.times[t.move_event[m]] for t in timelines for m in range(t.moves)})


def step_time(times: list[int], now: float, delta: int) -> float | None:
    """The moment of ``times`` (sorted) one step from ``now``: the next one after it
    (``delta`` > 0) or the last one before it; None when there is none that way."""
    if delta > 0:
        i = bisect_right(times, now)
        return times[i] if i < len(times) else None
    i = bisect_left(times, now)
    return times[i - 1] if i > 0 else None


def ahead(first: Progress, second: Progress, now_ms: float) -> tuple[int, int, int] | None:
    """Who led at the 3BV both games had solved by ``now_ms``: (count, leader, ms) with
    ``leader`` 0 (``first``) or 1 (``second``) and ``ms`` how much sooner it reached
    ``count`` (0: a tie, leader 0); None before both solved any 3BV."""
    count = min(first.at(now_ms), second.at(now_ms))
    if count <= 0:
        return None
    gap = gap_ms(first, second, count)  # positive: first reached it sooner
    if gap is None:
        return None
    return (count, 0, gap) if gap >= 0 else (count, 1, -gap)


__all__ = ["BoardsDiffer", "ahead", "check_same_board", "move_times", "span", "step_time"]
