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
:func:`cancel_all` every job's when the window closes (game.ui.app.finish_run; a child
also ends by itself when the window's process goes: game.commands.review_apart).
"""

from __future__ import annotations

import threading
import weakref
from typing import Callable

from game.commands import review_apart
from game.i18n import N_, _, number

PROGRESS = N_("Reviewing... {done} of {total} moves")  # the line while a review is worked out
POLL = 0.1  # seconds between looks for progress, for a scene's next_change


class ReviewJob:
    """Work out the request ``prepare()`` gives (game.commands.review_apart: a dict, made on the job's
    thread) on a daemon thread, apart in a child process when it is big (``apart``: True or
    False to choose, None for by its size). ``total``: the moves to review, for the progress
    line before the first call. After :meth:`poll` returned True: ``answer``, or ``error``
    (why it failed, "Name: message") with ``answer`` None. ``apart``: whether it ran in a
    child process (None until decided)."""

    def __init__(self, prepare: Callable[[], dict], total: int, name: str = "review",
                 apart: bool | None = None) -> None:
        self.done, self.total = 0, total
        self.moves: list = []
        self.answer = self.error = None
        self.ready = False
        self.apart = apart
        self._result: tuple | None = None
        self._finished = threading.Event()
        self._child = None  # the child process of a review apart, while it runs
        self.cancelled = False
        LIVE.add(self)
        threading.Thread(target=self._run, args=(prepare,), name=name, daemon=True).start()

    def _run(self, prepare: Callable[[], dict]) -> None:
        try:
            request = prepare()
            if self.apart is None:
                self.apart = review_apart.work(request) >= review_apart.APART_WORK
            answer = None
            if self.apart:
                try:
                    answer = review_apart.run_apart(request, self._progress, self.moves.append, self._started)
                except OSError:  # no child process here: on this thread after all
                    self.apart = False
                    self.moves.clear()
            if not self.apart and not self.cancelled:
                answer = review_apart.run(request, self._progress, self.moves.append)
            self._result = (answer, None)
        except review_apart.ApartError as err:
            self._result = (None, str(err))
        except Exception as err:  # noqa: BLE001 - any failure is shown, never raised into the frame loop
            self._result = (None, f"{type(err).__name__}: {err}")
        self._finished.set()

    def _started(self, proc) -> None:
        self._child = proc
        if self.cancelled:  # cancelled while the child started
            proc.kill()

    def cancel(self) -> None:
        """End the review: its child process is killed (a review on the thread, short by
        choice, runs out). The job then finishes with an error nobody reads."""
        self.cancelled = True
        child = self._child
        if child is not None and child.poll() is None:
            child.kill()

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


LIVE: "weakref.WeakSet[ReviewJob]" = weakref.WeakSet()  # every job not yet collected


def cancel_all() -> None:
    """Cancel every review still running (the window is closing, or a test is over)."""
    for job in list(LIVE):
        if not job._finished.is_set():
            job.cancel()
