"""A review worked out on its own daemon thread, with its progress: the review viewer and the
post-mortem both wait for one, and say "Reviewing... 120 of 1,298 moves" meanwhile.

A review of a long game takes seconds (docs/review.md); the frames go on. The thread only
writes :attr:`ReviewJob.done` (an int, one store a move) and, once, the answer; the main
thread reads them through :meth:`poll` and :meth:`progress_line`. No pygame here.
"""

from __future__ import annotations

import threading
from typing import Callable

from game.i18n import N_, _, number

PROGRESS = N_("Reviewing... {done} of {total} moves")  # the line while a review is worked out
POLL = 0.1  # seconds between looks for progress, for a scene's next_change


class ReviewJob:
    """Run ``work(progress)`` (a function taking the review's progress callback, returning the
    answer) on a daemon thread. ``total``: the moves to review, for the progress line before
    the first call. After :meth:`poll` returned True: ``answer``, or ``error`` (why it failed,
    "Name: message") with ``answer`` None."""

    def __init__(self, work: Callable, total: int, name: str = "review") -> None:
        self.done, self.total = 0, total
        self.answer = self.error = None
        self.ready = False
        self._result: tuple | None = None
        self._finished = threading.Event()
        threading.Thread(target=self._run, args=(work,), name=name, daemon=True).start()

    def _run(self, work: Callable) -> None:
        try:
            self._result = (work(self._progress), None)
        except Exception as err:  # noqa: BLE001 - any failure is shown, never raised into the frame loop
            self._result = (None, f"{type(err).__name__}: {err}")
        self._finished.set()

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    def wait(self, seconds: float) -> bool:
        """Block up to ``seconds`` for the answer (tests); True when it is in."""
        return self._finished.wait(seconds)

    def poll(self) -> bool:
        """Take the answer if it arrived since the last call; True when it did (never blocks)."""
        if self.ready or not self._finished.is_set():
            return False
        self.answer, self.error = self._result
        self.ready = True
        return True

    def progress_line(self) -> str:
        """"Reviewing... 120 of 1,298 moves", in the language in use."""
        return _(PROGRESS).format(done=number(self.done, 0, grouped=True), total=number(self.total, 0, grouped=True))
