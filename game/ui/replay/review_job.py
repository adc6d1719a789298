"""A review worked out away from the frames, with its progress: the review viewer and the
post-mortem both wait for one, and say "Reviewing... 120 of 1,298 moves" meanwhile.

A review of a long game takes seconds (docs/review.md); the frames go on. A daemon thread
runs the request (game.commands.review_apart): a short game's review on the thread itself, a long
one's in a child process (cells x moves from game.commands.review_apart.APART_WORK), which the thread
only waits for: pure Python work on a thread holds the interpreter lock the frame loop needs.
The thread only writes :attr:`ReviewJob.done` and :attr:`ReviewJob.total` (an int each, a
store a move), appends to :attr:`ReviewJob.moves` (the moves reviewed so far, for the viewer
to measure its panel ahead) and, once, the answer; the main thread reads them through
:meth:`poll`, :meth:`progress_line` and ``moves``. No pygame here.

A review nobody waits for any more is ended: :meth:`ReviewJob.cancel` stops a child's, and
:func:`cancel_all` every job's when the window closes (game.ui.shared.apart_job; a child also
ends by itself when the window's process goes: game.commands.apart).
"""

from __future__ import annotations

from typing import Callable

from game.commands import review_apart
from game.i18n import N_, _, number
from game.ui.shared.apart_job import ApartJob, cancel_all  # noqa: F401 - cancel_all: every job's end, as callers name it

PROGRESS = N_("Reviewing... {done} of {total} moves")  # the line while a review is worked out
POLL = 0.1  # seconds between looks for progress, for a scene's next_change


class ReviewJob(ApartJob):
    """Work out the request ``prepare()`` gives (game.commands.review_apart: a dict, made on the job's
    thread) on a daemon thread, apart in a child process when it is big (``apart``: True or
    False to choose, None for by its size). ``total``: the moves to review, for the progress
    line before the first call. After :meth:`poll` returned True: ``answer``, or ``error``
    (why it failed, "Name: message") with ``answer`` None (game.ui.shared.apart_job).
    ``apart``: whether it ran in a child process (None until decided)."""

    def __init__(self, prepare: Callable[[], dict], total: int, name: str = "review",
                 apart: bool | None = None) -> None:
        super().__init__(name)
        self.done, self.total = 0, total
        self.moves: list = []
        self.apart = apart
        self.start(self._review, prepare)

    def _review(self, prepare: Callable[[], dict]):
        request = prepare()
        if self.apart is None:
            self.apart = review_apart.work(request) >= review_apart.APART_WORK
        answer = None
        if self.apart:
            try:
                answer = review_apart.run_apart(request, self._progress, self.moves.append, self.started)
            except OSError:  # no child process here: on this thread after all
                self.apart = False
                self.moves.clear()
        if not self.apart and not self.cancelled:
            answer = review_apart.run(request, self._progress, self.moves.append)
        return answer

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    def progress_line(self) -> str:
        """"Reviewing... 120 of 1,298 moves", in the language in use."""
        return _(PROGRESS).format(done=number(self.done, 0, grouped=True), total=number(self.total, 0, grouped=True))
