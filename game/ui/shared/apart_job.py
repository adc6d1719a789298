"""Work for the window done away from the frames: on a daemon thread, which may only wait for
a child process doing it (game.commands.apart), and is read by the frame loop without ever
blocking it. The review's job (game.ui.replay.review_job) and the editor's win chance
(game.ui.editor.chance) are such jobs.

The thread writes only ``_result`` (once) and what a subclass's progress callbacks store;
the main thread reads them through :meth:`ApartJob.poll`. A job nobody waits for any more is
ended: :meth:`ApartJob.cancel` kills its child, and :func:`cancel_all` every job's when the
window closes (game.ui.app.finish_run; a child also ends by itself when the window's process
goes). No pygame here.
"""

from __future__ import annotations

import threading
import weakref
from typing import Callable

from game.commands.apart import ApartError


class ApartJob:
    """A job on a daemon thread named ``name``: :meth:`start` runs ``work(*args)`` there.
    After :meth:`poll` returned True: ``answer`` (what ``work`` returned), or ``error`` (why it
    failed: the child's words, or "Name: message") with ``answer`` None. A subclass gives
    :meth:`started` to its child's runner as ``started``, so that :meth:`cancel` can kill it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.answer = self.error = None
        self.ready = False
        self.cancelled = False
        self._result: tuple | None = None
        self._finished = threading.Event()
        self._child = None  # the child process, while it runs
        LIVE.add(self)

    def start(self, work: Callable, *args) -> None:
        """Run ``work(*args)`` on the job's thread."""
        threading.Thread(target=self._main, args=(work, *args), name=self.name, daemon=True).start()

    def _main(self, work: Callable, *args) -> None:
        try:
            self._result = (work(*args), None)
        except ApartError as err:
            self._result = (None, str(err))
        except Exception as err:  # noqa: BLE001 - any failure is shown, never raised into the frame loop
            self._result = (None, f"{type(err).__name__}: {err}")
        self._finished.set()

    def started(self, proc) -> None:
        """The job's child ``proc`` is running (killed at once when the job was cancelled meanwhile)."""
        self._child = proc
        if self.cancelled:
            proc.kill()

    def cancel(self) -> None:
        """End the work: its child process is killed (work on the thread, short by choice, runs
        out). The job then finishes with an error nobody reads."""
        self.cancelled = True
        child = self._child
        if child is not None and child.poll() is None:
            child.kill()

    @property
    def finished(self) -> bool:
        """True once the thread is done (the answer may not be taken yet: :meth:`poll`)."""
        return self._finished.is_set()

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


LIVE: "weakref.WeakSet[ApartJob]" = weakref.WeakSet()  # every job not yet collected


def cancel_all() -> None:
    """Cancel every job still running (the window is closing, or a test is over)."""
    for job in list(LIVE):
        if not job.finished:
            job.cancel()
