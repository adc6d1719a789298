"""A game's score: 3BV (Bechtel's Board Benchmark Value), 3BV solved, clicks, 3BV/s and
efficiency, as :class:`Score`, the part of :class:`game.engine.Game` that measures play
rather than applying the rules.

3BV counts the fewest left clicks that clear the board: each opening 1, each number not
on an opening's border 1 (minesweepergame.com's definition; for a loaded position, only
the work left: see :func:`game.board.three_bv`). Efficiency is 3BV solved / all clicks,
wasted ones included, as a percent, as minesweeper.online counts it. No pygame here.
"""

from __future__ import annotations

from game.bv import BvJob, BvParts, bv_parts
from game.position import State


class Score:
    """The score properties of a :class:`game.engine.Game` (a mixin: it reads the game's
    layout ``_mines``, the cells shown before the first move ``_start``, ``clicks``,
    ``state``, ``elapsed``, ``over`` and ``revision``, and caches the 3BV parts in
    ``_bv_parts`` (a :class:`game.bv.BvParts`: each opening's first cell and the isolated
    numbers, not every cell), which the game clears whenever its layout changes, and the 3BV
    solved for the revision and parts it was counted at).

    On a large board the window counts the 3BV off the frame: :meth:`three_bv_job` gives the
    count as a job for another thread, :meth:`adopt_three_bv` takes its result back on the
    game's thread. Reading :attr:`three_bv` before that counts it there and then."""

    def _bv(self) -> BvParts:
        if self._bv_parts is None:
            self._bv_parts = bv_parts(self._mines, self.rows, self.cols, revealed=self._start)
        return self._bv_parts

    @property
    def three_bv_known(self) -> bool:
        """True when :attr:`three_bv` is counted already (or there are no mines yet), so
        reading it costs nothing."""
        return self._mines is None or self._bv_parts is not None

    def three_bv_job(self) -> BvJob | None:
        """The 3BV count of the current layout as a :class:`game.bv.BvJob` to run on another
        thread (it never reads the game), or None when it is known or no mines are laid."""
        if self.three_bv_known:
            return None
        return BvJob(self._mines, self.rows, self.cols, self._start)

    def adopt_three_bv(self, job: BvJob) -> bool:
        """Take a finished job's parts as this game's 3BV; True when taken. A job not done,
        or counted on a layout the game has left since (new board, moved mine), is ignored."""
        mines, start, size = job.layout
        if (job.parts is None or self._bv_parts is not None or self._mines is not mines
                or self._start is not start or len(start) != size):
            return False
        self._bv_parts = job.parts
        return True

    @property
    def three_bv(self) -> int | None:
        """3BV of the starting position, in clicks (None before the mines are laid).

        For a dealt board the board's 3BV; for a loaded position with cells already
        revealed, only the work left to the player (see :func:`game.board.three_bv`).
        """
        if self._mines is None:
            return None
        return self._bv().value

    @property
    def three_bv_solved(self) -> int:
        """3BV solved so far, in clicks: openings of the starting position with their zeros
        revealed plus its isolated numbers revealed (at most :attr:`three_bv`)."""
        if self._mines is None:
            return 0
        parts = self._bv()
        cached = getattr(self, "_solved", None)
        if cached is not None and cached[0] == self.revision and cached[1] is parts:
            return cached[2]  # no move since: the result panel and the record ask several times
        solved = (sum(1 for cell in parts.firsts if self.is_revealed(cell))
                  + sum(1 for cell in parts.isolated if self.is_revealed(cell)))
        self._solved = (self.revision, parts, solved)
        return solved

    @property
    def total_clicks(self) -> int:
        return sum(self.clicks.values())

    @property
    def three_bv_per_second(self) -> float | None:
        """3BV / elapsed seconds, once the game is won (None otherwise)."""
        if self.state is not State.WON or not self.elapsed:
            return None
        return self.three_bv / self.elapsed

    @property
    def efficiency(self) -> float | None:
        """3BV solved / all clicks (wasted included) as a percent, once the game is over.

        As minesweeper.online counts it; for a won game 3BV solved equals 3BV.
        """
        if not self.over or not self.total_clicks:
            return None
        return 100.0 * self.three_bv_solved / self.total_clicks
