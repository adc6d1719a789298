"""Ctrl-C and SIGTERM that wait for a finished game to be recorded.

A console game ends in one command: the move, then the row in the records. A Ctrl-C in
between used to raise KeyboardInterrupt inside the recording, after the game was over, so
leaving found no game in progress to abandon and nothing was saved: the finished game was
lost. :class:`HeldSignals` puts SIGINT and SIGTERM aside while a move and its record are
made, then delivers them: the row is in the database before the program stops.

The wait is bounded by the work held (one move and one row: the log's packing, one
INSERT); figures and other slow work run after it, where Ctrl-C stops them as usual (the
game is already saved). A second signal while held is not put aside: a player who presses
Ctrl-C twice gets the program back at once, as a shell would. ``kill -9`` cannot be
caught: it may still lose the game being recorded.

SIGTERM is turned into :class:`Terminated`, a KeyboardInterrupt, so it takes the same way
out (a game in progress is recorded as abandoned) and ``main.py`` exits with status 143.
No pygame here.
"""

from __future__ import annotations

import signal
import threading

HELD = (signal.SIGINT, signal.SIGTERM)


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where Ctrl-C would be; ``status`` is the shell's (128 + 15)."""

    status = 128 + signal.SIGTERM


def interrupt(signum: int) -> KeyboardInterrupt:
    """The exception signal ``signum`` raises: KeyboardInterrupt for SIGINT, Terminated for SIGTERM."""
    return Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()


def raise_terminated(signum, frame) -> None:
    """A SIGTERM handler: raise :class:`Terminated` (install with :func:`catch_sigterm`)."""
    raise Terminated()


def catch_sigterm() -> object:
    """Make SIGTERM raise :class:`Terminated` in the main thread; returns the handler it
    replaced (None off the main thread, where nothing is changed)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, raise_terminated)


class HeldSignals:
    """``with HeldSignals(): ...`` puts SIGINT and SIGTERM aside for the block, then raises
    the first one that came (KeyboardInterrupt or :class:`Terminated`) when it ends.

    A second signal during the block raises at once. Off the main thread (where Python
    cannot set handlers), or when the block raises on its own, nothing is changed or
    delivered late beyond the block's own exception. ``caught`` is the signal put aside, or None.
    """

    def __init__(self) -> None:
        self.caught: int | None = None
        self._previous: dict[int, object] = {}
        self._restored: dict[int, object] = {}

    def _previous_of(self, signum: int) -> object:
        """The handler the block replaced for ``signum`` (SIG_IGN: the signal is not delivered)."""
        return self._restored.get(signum)

    def _hold(self, signum, frame) -> None:
        if self.caught is not None:  # asked twice: stop waiting
            raise interrupt(signum)
        self.caught = signum

    def __enter__(self) -> "HeldSignals":
        if threading.current_thread() is threading.main_thread():
            for signum in HELD:
                self._previous[signum] = signal.signal(signum, self._hold)
        return self

    def __exit__(self, kind, value, traceback) -> bool:
        for signum, handler in self._previous.items():
            signal.signal(signum, handler)
        self._restored, self._previous = self._previous, {}
        if kind is None and self.caught is not None and self._previous_of(self.caught) is not signal.SIG_IGN:
            raise interrupt(self.caught)
        return False
