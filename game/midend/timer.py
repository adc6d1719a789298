"""The game timer: seconds from the first reveal to the end, stopped while paused.

Time comes from an injected monotonic clock (a callable returning seconds as a
float), so tests drive it with a fake clock. No pygame.
"""

from __future__ import annotations

from typing import Callable


class Timer:
    """A stopwatch over ``clock``: start, pause, resume, stop; ``elapsed`` in seconds."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._start: float | None = None
        self._end: float | None = None
        self._paused_at: float | None = None

    @property
    def running(self) -> bool:
        """Started, not stopped and not paused."""
        return self._start is not None and self._end is None and self._paused_at is None

    @property
    def started(self) -> bool:
        """:meth:`start` was called."""
        return self._start is not None

    @property
    def paused(self) -> bool:
        return self._paused_at is not None

    def start(self) -> None:
        self._start = self.clock()

    def stop(self) -> None:
        """Freeze the reading (the game ended)."""
        self._end = self._paused_at if self._paused_at is not None else self.clock()

    def carry_on(self) -> None:
        """Count again after :meth:`stop`, from the reading at the stop (a loss taken back:
        game.midend.match.Match.undo); no effect unless stopped."""
        if self._end is not None:
            self._start += self.clock() - self._end
            self._end = None

    def pause(self) -> None:
        """Stop counting until :meth:`resume`; no effect unless running."""
        if self.running:
            self._paused_at = self.clock()

    def resume(self) -> None:
        """Count again from where :meth:`pause` stopped."""
        if self._paused_at is not None:
            self._start += self.clock() - self._paused_at
            self._paused_at = None

    @property
    def elapsed(self) -> float:
        """Seconds counted so far (0.0 before the start), millisecond resolution."""
        if self._start is None:
            return 0.0
        end = self._end
        if end is None:
            end = self._paused_at if self._paused_at is not None else self.clock()
        return round(max(0.0, end - self._start), 3)
