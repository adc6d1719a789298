"""Racing a ghost (issue 38, point 3): a game played on a replay's board against that replay.

A :class:`Ghost` is a replay's game as a rival: its board as a board code with a layout
(game.midend.boardcode.BoardCode) whose start cell is the ghost's first reveal, so both games
start from the same click; its pointer at any game time (:meth:`Ghost.pointer_at`); its 3BV
solved over time (game.replay.progress.progress_of); its player's name. Game time 0 is each
game's first opening: the ghost's clock starts when the player's does, and nothing of the
ghost moves before.

:func:`live_gap` is the gap the live counters show (the player's time to their 3BV solved now
minus the ghost's to the same count: positive, the player is behind); :func:`outcome` who won
and by how much once the player's game ended; :func:`gap_text` and :func:`outcome_text` say
them in the language in use ("+1.234 s", "You beat NAME by 2.345 s"). No pygame here.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from game.i18n import N_, _, number
from game.midend.boardcode import BoardCode
from game.midend.counters import COUNTED_CELLS
from game.replay.events import CELL_PX
from game.replay.player import Timeline
from game.replay.progress import Progress, live_gap_ms, progress_of
from game.rules.board import Cell
from game.rules.engine import State

GHOST = N_("the ghost")  # the name of a ghost whose replay names no player
WON, LOST, TIE, NONE = "player", "ghost", "tie", "none"  # Result.winner


class RaceError(ValueError):
    """A replay that cannot be raced: it never opened a cell (no start cell)."""


@dataclass(frozen=True)
class Result:
    """How a race ended.

    Attributes:
        winner: ``player`` (the player finished first, or the ghost lost its game), ``ghost``
            (the ghost finished first, or the player lost or left), ``tie`` (both finished at
            the same ms), ``none`` (neither finished).
        margin_ms: by how much, ms (the two games' times apart) when both finished; None else.
        how: why, one of ``times`` (both won: the times compared), ``ghost_lost`` (the ghost
            lost its game: the player wins by finishing), ``player_lost``, ``abandoned``
            (the player lost or left a race the ghost won), ``both_lost``.
    """

    winner: str
    margin_ms: int | None
    how: str


class Ghost:
    """A replay's game as a rival (see the module docstring).

    Attributes:
        timeline: the replay's game.replay.player.Timeline.
        name: its player's name as the file holds it, or None.
        progress: its 3BV solved over game time (game.replay.progress.Progress).
        start: its first reveal's cell, (row, col).

    Raises:
        RaceError: the replay never opened a cell.
    """

    def __init__(self, timeline: Timeline) -> None:
        self.timeline = timeline
        replay = timeline.replay
        self.name = (replay.player or "").strip() or None
        self.progress: Progress = progress_of(timeline)
        self.start = self._first_reveal()
        self._times = timeline.times

    def _first_reveal(self) -> Cell:
        """The cell of the first move that opened a cell (the first opening's click)."""
        tl = self.timeline
        for move, outcome in enumerate(tl.outcomes):
            if outcome.opened:
                return tuple(outcome.move.cell)
        raise RaceError(N_("the replay never opens a cell, so there is no game to race"))

    @property
    def rows(self) -> int:
        return self.timeline.rows

    @property
    def cols(self) -> int:
        return self.timeline.cols

    @property
    def mines(self) -> frozenset[Cell]:
        return frozenset(self.timeline.replay.mines)

    @property
    def time_ms(self) -> int:
        """The ghost's game time, ms (its end)."""
        return max(0, self.timeline.replay.time_ms)

    @property
    def won(self) -> bool:
        return bool(self.timeline.completed)

    def shown_name(self) -> str:
        """Its player's name, or "the ghost" in the language in use."""
        return self.name or _(GHOST)

    def code(self, first_click: str = "opening") -> BoardCode:
        """The ghost's board as a board code: its layout, its first reveal as the start cell."""
        return BoardCode(self.rows, self.cols, len(self.mines), first_click, layout=self.mines, start=self.start)

    def pointer_at(self, time_ms: float) -> tuple[int, int] | None:
        """The ghost's pointer at game time ``time_ms`` (ms from the first opening): the
        position of its last event at or before it, in pixels at game.replay.events.CELL_PX a
        cell from the board's top-left corner; None before game time 0 (nothing of the ghost
        shows before the player's clock starts), past its end, or off the board."""
        if time_ms < 0 or time_ms > self.timeline.end_ms:
            return None
        index = bisect_right(self._times, time_ms) - 1
        if index < 0:
            return None
        x, y = self.timeline.xs[index], self.timeline.ys[index]
        if 0 <= x < self.cols * CELL_PX and 0 <= y < self.rows * CELL_PX:
            return x, y
        return None

    def solved_at(self, time_ms: float) -> int:
        """The ghost's 3BV solved at game time ``time_ms`` (0 before it started)."""
        return self.progress.at(time_ms) if time_ms >= 0 else 0


class Race:
    """A match raced against ``ghost``: the player's 3BV solved over game time, followed
    move by move (:meth:`follow`), the live gap and the result.

    Attributes:
        ghost: the Ghost.
        progress: the player's game.replay.progress.Progress on the current board (started
            again at a retry: the match's round changed).
    """

    def __init__(self, ghost: Ghost) -> None:
        self.ghost = ghost
        self.progress = Progress(bbbv=ghost.progress.bbbv)
        self._round = None
        self._seen = None

    def follow(self, match) -> bool:
        """Take the 3BV solved on ``match``'s board now (a game.midend.match.Match racing the
        ghost) at the time of its last move (as the match's log keeps it: the recorded game's
        times); True when the player's progress changed. Call it after each move (the front
        ends do)."""
        game = match.game
        if self._round != match.round:
            self._round, self._seen = match.round, None
            self.progress = Progress(bbbv=self.ghost.progress.bbbv)
        if not game.mines_laid or not (game.three_bv_known or game.config.cells <= COUNTED_CELLS):
            return False  # a big board's 3BV counted in slices: taken once known
        seen = (game.revision, game.state)
        if seen == self._seen:
            return False
        self._seen = seen
        before = len(self.progress.solved)
        when = getattr(match.history[-1], "ms", None) if match.history else None
        when = match.ms if when is None else when  # the move's time, as its log keeps it
        self.progress.add(when, game.three_bv_solved)
        if game.over:
            self.progress.end_ms, self.progress.won = match.ms, game.state is State.WON
        return len(self.progress.solved) != before

    def gap(self) -> int | None:
        """The live gap, ms (:func:`live_gap`)."""
        return live_gap(self.progress, self.ghost)

    def result(self, match, abandoned: bool = False) -> Result:
        """Who won, once ``match``'s game ended (or was left: ``abandoned``)."""
        return outcome(self.ghost, match.game.state is State.WON and not abandoned, match.ms, abandoned)


def live_gap(player: Progress, ghost: Ghost) -> int | None:
    """The player's gap to ``ghost`` at the player's 3BV solved now, ms (game.replay.progress
    .live_gap_ms): positive, the player is behind; None before the player solved any 3BV or
    when the ghost never reached that count."""
    return live_gap_ms(player, ghost.progress)


def outcome(ghost: Ghost, won: bool, time_ms: int, abandoned: bool = False) -> Result:
    """Who won the race once the player's game ended: ``won`` (the player cleared the board)
    in ``time_ms`` ms of game time, or lost (``abandoned``: left in play)."""
    if won:
        if not ghost.won:
            return Result(WON, None, "ghost_lost")
        margin = ghost.time_ms - int(time_ms)
        if margin == 0:
            return Result(TIE, 0, "times")
        return Result(WON if margin > 0 else LOST, abs(margin), "times")
    if ghost.won:
        return Result(LOST, None, "abandoned" if abandoned else "player_lost")
    return Result(NONE, None, "both_lost")


def seconds_text(ms: int, digits: int = 3) -> str:
    """``ms`` as seconds with ``digits`` decimals in the language in use: ``2.345 s`` / ``2,345 s``."""
    return _("{seconds} s").format(seconds=number(ms / 1000, digits))


def gap_text(gap_ms: int | None, digits: int = 3) -> str:
    """A live gap as the counters show it: ``+1.234 s`` (behind), ``-0.500 s`` (ahead),
    ``0.000 s``, or ``-`` for none, in the language's number format, with ``digits``
    decimals (a race's gap to the millisecond; the best's pace, an estimate, to a tenth)."""
    if gap_ms is None:
        return "-"
    sign = "+" if gap_ms > 0 else "-" if gap_ms < 0 else ""
    return sign + seconds_text(abs(gap_ms), digits)


def outcome_text(result: Result, name: str) -> str:
    """The result panel's line for ``result`` against the ghost ``name``, in the language in use."""
    if result.how == "times":
        if result.winner == TIE:
            return _("A tie with {name}: the same time to the millisecond").format(name=name)
        if result.winner == WON:
            return _("You beat {name} by {seconds}").format(name=name, seconds=seconds_text(result.margin_ms))
        return _("{name} won by {seconds}").format(name=name, seconds=seconds_text(result.margin_ms))
    if result.how == "ghost_lost":
        return _("You win the race: {name} lost that game").format(name=name)
    if result.how == "abandoned":
        return _("{name} wins the race: you left the game").format(name=name)
    if result.how == "player_lost":
        return _("{name} wins the race: you lost").format(name=name)
    return _("Nobody wins the race: you and {name} both lost").format(name=name)


__all__ = ["GHOST", "Ghost", "Race", "RaceError", "Result", "gap_text", "live_gap", "outcome", "outcome_text", "seconds_text"]
