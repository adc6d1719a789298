"""Frame clocks for the loop: the real one sleeps, the fake one steps time by hand.

A clock gives ``now()`` (seconds, monotonic: also the engine's timer clock),
``tick(fps)`` (sleep to hold ``fps`` and return the seconds since the last tick; the loop
ticks once a frame, and ``frames`` counts the ticks: a scene's work once a frame, not once
an update, reads it) and ``wait(timeout)`` (block until an event arrives or ``timeout``
seconds pass, returning the events).
"""

from __future__ import annotations

import time

import pygame

IDLE_POLL = 1 / 60  # seconds between event polls while idle
MIN_IDLE = 0.001  # seconds a busy frame sleeps at least, even when late (the other threads' turn)


class SystemClock:
    """Real time: ``pygame.time.Clock`` for frame pacing, ``pygame.event.wait`` when idle."""

    def __init__(self) -> None:
        self._clock = pygame.time.Clock()
        self._last = time.perf_counter()
        self.frames = 0  # ticks so far: one a frame

    def now(self) -> float:
        """Seconds on the monotonic clock."""
        return time.monotonic()

    def tick(self, fps: int) -> float:
        """Sleep so frames come at most ``fps`` per second (0: no sleep), and, with ``fps``,
        at least MIN_IDLE seconds even when the frame is late: the interpreter lock is then
        free for the threads that wait for it (the pipes to the solver's process,
        game.ui.play.solver_process), which a run of late frames, each giving the lock up and
        taking it back within CPython's 5 ms switch interval, would starve. Seconds since
        the last tick."""
        begin = time.perf_counter()
        self._clock.tick(fps)
        if fps and time.perf_counter() - begin < MIN_IDLE:
            time.sleep(MIN_IDLE)
        self.frames += 1
        current = time.perf_counter()
        elapsed, self._last = current - self._last, current
        return elapsed

    def wait(self, timeout: float) -> list[pygame.event.Event]:
        """Sleep until an event or ``timeout`` seconds; return every pending event.

        Sleeps in IDLE_POLL slices and polls the queue between them, which answers input
        within one 60 Hz frame: SDL's own ``pygame.event.wait(timeout)`` spins inside SDL
        and costs ten times the CPU (docs/performance.md, "Window").
        """
        deadline = time.monotonic() + timeout
        while True:
            events = pygame.event.get()
            remaining = deadline - time.monotonic()
            if events or remaining <= 0:
                return events
            time.sleep(min(IDLE_POLL, remaining))


class FakeClock:
    """Deterministic time for tests: every frame (a wait, or a tick without one) lasts ``step`` seconds."""

    def __init__(self, step: float = 1 / 60, start: float = 1000.0) -> None:
        self.step = step
        self.time = start
        self._last = start
        self._waited = False
        self.frames = 0  # ticks so far: one a frame

    def now(self) -> float:
        return self.time

    def advance(self, seconds: float) -> None:
        """Move time forward without a frame (e.g. to test the timer)."""
        self.time += seconds

    def tick(self, fps: int) -> float:
        self.frames += 1
        if not self._waited:
            self.time += self.step
        self._waited = False
        elapsed, self._last = self.time - self._last, self.time
        return elapsed

    def wait(self, timeout: float) -> list[pygame.event.Event]:
        self.time += self.step
        self._waited = True
        return pygame.event.get()
