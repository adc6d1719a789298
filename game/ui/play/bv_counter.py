"""The board's 3BV counted ahead of need in the window, a slice a frame on large boards.

The Playing scene starts the count in the first tick of play: a board of up to
:data:`BACKGROUND_CELLS` cells is counted there and then (docs/performance.md); a larger
one is counted a slice at a time (:meth:`game.rules.bv.BvJob.step`, which never reads the game),
at most :data:`SLICE` seconds in each later frame (one tick of it), on the main thread. Not on a worker
thread: CPython's interpreter lock goes to a counting thread for 5 ms at a time, so the
frames of the thread that draws wait for it (issue 27: a first click on a 1000x1000 board
took 2 s to show with one core busy). When the count is done :meth:`BvCounter.step` gives
it to the game (:meth:`game.midend.match.Match.adopt_three_bv`); when the game ends first,
:meth:`BvCounter.finish` counts the rest in that frame (the record stores the 3BV), never
from the start. No panel shows the 3BV during play, so nothing waits for it before the
game ends. UI state only; no drawing here.
"""

from __future__ import annotations

import math

from game.rules.bv import BvJob

BACKGROUND_CELLS = 20_000  # larger boards are counted in slices (0.2-0.6 s at 1000x1000)
SLICE = 0.008  # seconds of counting a frame (the Playing scene gives one slice a frame, not a tick)


class BvCounter:
    """Counts one game's 3BV at a time: at once on a small board, in slices on a large one."""

    def __init__(self) -> None:
        self.job: BvJob | None = None

    @property
    def waiting(self) -> bool:
        """True while a count is under way (the scene asks for frames until it is in)."""
        return self.job is not None

    def start(self, match, background_cells: int | None = None) -> None:
        """Count the 3BV of ``match``'s game now (small board) or set up a count in slices
        (more than ``background_cells`` cells, default :data:`BACKGROUND_CELLS`), the first
        slice in the next tick (not in the frame of the first click); nothing when it is
        known. A count under way for an earlier layout is dropped."""
        self.job = None
        game = match.game
        if game.three_bv_known:
            return
        if game.config.cells <= (BACKGROUND_CELLS if background_cells is None else background_cells):
            game.three_bv  # counted here: a few milliseconds
            return
        self.job = match.three_bv_job()

    def step(self, match, seconds: float | None = None) -> bool:
        """Count on for about ``seconds`` (default :data:`SLICE`); once done give the count
        to ``match``'s game. True when the game took it (the panel showing "..." should be
        drawn again)."""
        if self.job is None or not self.job.step(SLICE if seconds is None else seconds):
            return False
        job, self.job = self.job, None
        return match.adopt_three_bv(job)

    def finish(self, match) -> None:
        """The game has ended: count the rest (it is further on than a new count would be)
        and give it to ``match``'s game."""
        self.step(match, math.inf)
