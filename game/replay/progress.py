"""A game's progress: its 3BV solved over its time, and the gap between two games on it
(issue 38: racing a ghost, two replays side by side, a personal best's pace). No pygame here.

A :class:`Progress` is a step function: after ``times_ms[i]`` (game time, ms from the first
opening) the game had ``solved[i]`` 3BV solved, until the next step. It is read off a replay's
:class:`game.replay.player.Timeline` (every move, whether another program's file or one of
our recorded games, told once by game.replay.player.LogTimeline) or built while a game is
played (:meth:`Progress.add`).

The gap at a 3BV count ``n`` is how much sooner one game reached ``n`` than the other:
``b.time_to(n) - a.time_to(n)`` ms, positive when ``a`` was ahead. It is what the race's
live counters and result panel show ("+1.234": the player 1.234 s behind the ghost at the same
3BV solved), the side-by-side chart's horizontal distance between the two lines, and the
pace's gap against a best (:func:`pace`: a straight line of the best's 3BV/s).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from game.rules.bv import bv_parts


@dataclass
class Progress:
    """3BV solved over game time.

    Attributes:
        bbbv: the board's 3BV.
        times_ms: the game time of each step, ms, non-decreasing.
        solved: the 3BV solved from that step on, non-decreasing, at most ``bbbv``.
        end_ms: the game's time (its end), ms; None while it is under way.
        won: the game cleared the board.
    """

    bbbv: int
    times_ms: list[int] = field(default_factory=list)
    solved: list[int] = field(default_factory=list)
    end_ms: int | None = None
    won: bool = False

    def add(self, time_ms: int, solved: int) -> None:
        """The game had ``solved`` 3BV at ``time_ms``: a step when the count rose (a count
        that did not rise, or went down after an undo, is kept as a step too, so the series
        says what the board showed)."""
        if self.solved and solved == self.solved[-1]:
            return
        self.times_ms.append(max(int(time_ms), self.times_ms[-1] if self.times_ms else 0))
        self.solved.append(int(solved))

    def at(self, time_ms: float) -> int:
        """3BV solved at ``time_ms`` (0 before the first step)."""
        i = bisect_right(self.times_ms, time_ms)
        return self.solved[i - 1] if i else 0

    def time_to(self, count: int) -> int | None:
        """The game time, ms, at which the 3BV solved first reached ``count`` (0 for 0), or
        None when it never did."""
        if count <= 0:
            return 0
        best = None
        top = 0
        for when, solved in zip(self.times_ms, self.solved):
            if solved > top:
                top = solved
            if top >= count:
                best = when
                break
        return best

    @property
    def reached(self) -> int:
        """The most 3BV solved at any time."""
        return max(self.solved, default=0)


def progress_of(timeline) -> Progress:
    """The progress of a replay's game (a game.replay.player.Timeline): 3BV solved after each
    move that changed the board, at the move's game time (a recorded game's: its log's, as the
    live race reads it, game.replay.race.Race.follow; a file's: its event's; clamped to 0 ms:
    a flag before the opening), and its end.

    Cost: one pass over the board per move (game.rules.bv.BvParts.solved_in), about 20 µs a
    move on Expert; a 1000x1000 game of 100,000 moves would take minutes: callers keep to
    boards of at most game.midend.counters.COUNTED_CELLS cells, as the live counters do."""
    rows, cols = timeline.rows, timeline.cols
    parts = bv_parts(timeline.replay.mines, rows, cols)
    look = list(timeline.keyframes[0])
    shown = [key.isdigit() for key in look]
    made = Progress(bbbv=parts.value)
    steps = getattr(timeline, "steps", None)  # a recorded game's log entries (LogTimeline): their own times
    for move, diff in enumerate(timeline.diffs):
        for at, _, after in diff:
            shown[at] = after.isdigit()
        # the move's time as its log keeps it (the pointer event that made it may be logged a
        # millisecond earlier: the window logs the release, then plays the move), else its event's
        when = steps[move].ms if steps is not None else timeline.times[timeline.move_event[move]]
        made.add(max(0, when), parts.solved_in(shown))
    made.end_ms = max(0, timeline.replay.time_ms)
    made.won = timeline.completed
    return made


def gap_ms(ahead: Progress, behind: Progress, count: int) -> int | None:
    """``behind.time_to(count) - ahead.time_to(count)``, ms: how much sooner ``ahead`` reached
    ``count`` 3BV (negative: later); None when either never did."""
    a, b = ahead.time_to(count), behind.time_to(count)
    return None if a is None or b is None else b - a


def live_gap_ms(player: Progress, rival: Progress) -> int | None:
    """The player's gap to ``rival`` at the player's 3BV solved now: the time the player
    reached that count minus the time the rival did, ms; positive: the player is behind.
    None before the player solved any 3BV, or when the rival never reached that count (the
    player is past the whole rival game)."""
    count = player.solved[-1] if player.solved else 0
    return gap_ms(rival, player, count) if count > 0 else None


def pace(bbbv_per_s: float, bbbv: int) -> Progress:
    """A best's pace on a board of ``bbbv`` 3BV: a straight line of ``bbbv_per_s`` (one step a
    3BV at the time that rate reaches it), ending won at ``bbbv / bbbv_per_s`` s.

    Raises:
        ValueError: a rate that is not positive.
    """
    if not bbbv_per_s > 0:
        raise ValueError(f"pace: a 3BV/s of {bbbv_per_s!r} is not a pace")
    made = Progress(bbbv=bbbv)
    for n in range(1, bbbv + 1):
        made.add(round(n * 1000 / bbbv_per_s), n)
    made.end_ms = round(bbbv * 1000 / bbbv_per_s)
    made.won = True
    return made

