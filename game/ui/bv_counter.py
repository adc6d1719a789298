"""The board's 3BV counted ahead of need in the window, off the frame on large boards.

The Playing scene starts the count in the first tick of play: a board of up to
:data:`BACKGROUND_CELLS` cells is counted there and then (docs/performance.md); a larger
one on a worker thread (:class:`game.bv.BvJob`, which never reads the game), so no frame
waits for it. The main thread alone gives the result to the game
(:meth:`game.match.Match.adopt_three_bv`): in :meth:`BvCounter.poll`, called each tick, or
in :meth:`BvCounter.finish` when the game ends, which waits for the worker rather than
count again (the record stores the 3BV in that frame). No panel shows the 3BV during play,
so nothing waits for it before the game ends. UI state only; no drawing here.
"""

from __future__ import annotations

import threading

from game.bv import BvJob

BACKGROUND_CELLS = 20_000  # larger boards are counted on a worker thread (0.4 s at 1000x1000, dense)
POLL = 0.05  # seconds between looks for the worker's result while it counts


class BvCounter:
    """Counts one game's 3BV at a time, on the main thread or on a worker."""

    def __init__(self) -> None:
        self.job: BvJob | None = None
        self.thread: threading.Thread | None = None

    @property
    def waiting(self) -> bool:
        """True while a worker is counting."""
        return self.job is not None

    def start(self, match, background_cells: int | None = None) -> None:
        """Count the 3BV of ``match``'s game now (small board) or start a worker (more than
        ``background_cells`` cells, default :data:`BACKGROUND_CELLS`); nothing when it is known. A count under way for an
        earlier layout is left to finish and ignored."""
        self.job = self.thread = None
        game = match.game
        if game.three_bv_known:
            return
        if game.config.cells <= (BACKGROUND_CELLS if background_cells is None else background_cells):
            game.three_bv  # counted here: cheaper than a thread
            return
        self.job = match.three_bv_job()
        if self.job is None:
            return
        self.thread = threading.Thread(target=self.job.run, name="three-bv", daemon=True)
        self.thread.start()

    def poll(self, match) -> bool:
        """Give a finished worker's count to ``match``'s game; True when the game took it (the panel
        showing "..." should be drawn again). Never waits."""
        if self.job is None:
            return False
        if not self.job.done:
            if not self.thread.is_alive():  # the count failed: the game counts it when read
                self.job = self.thread = None
            return False
        job, self.job, self.thread = self.job, None, None
        return match.adopt_three_bv(job)

    def finish(self, match) -> None:
        """The game has ended: wait for a worker still counting (it is further on than a new
        count would be) and give its count to ``match``'s game."""
        if self.thread is not None:
            self.thread.join()
        self.poll(match)
