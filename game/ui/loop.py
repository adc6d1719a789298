"""The fixed-timestep loop (Fiedler, "Fix Your Timestep!"; Nystrom, "Game Loop").

Real frame time accumulates (each frame clamped to MAX_FRAME seconds) and pays
for UPDATE_HZ updates; at most MAX_STEPS run per frame so a stall cannot spiral.
Then the manager's background work for this frame (``frame_work``: a slice of a
recorded game's log), then one draw, and only when the scene says something changed. While nothing
animates and no button is held the loop sleeps in ``clock.wait`` until an event
arrives or the scene's next timed change (the timer's next second) is due.
"""

from __future__ import annotations

import time

import pygame

from game.ui.scene import SceneManager

UPDATE_HZ = 60  # updates per second
STEP = 1.0 / UPDATE_HZ  # seconds per update
MAX_FRAME = 0.25  # longest frame time counted, seconds
MAX_STEPS = 5  # most catch-up updates in one frame
IDLE_WAIT = 1.0  # longest sleep while idle, seconds


class Loop:
    """Runs a :class:`SceneManager` with a clock (game.ui.clock) until a scene quits.

    ``frame_times`` (when a list) collects, for every drawn frame, (work seconds
    up to the flip, seconds including the flip), for the benchmark.
    """

    def __init__(self, manager: SceneManager, clock, screen_source=pygame.display.get_surface,
                 flip=pygame.display.flip) -> None:
        self.manager = manager
        self.clock = clock
        self.accumulator = 0.0
        self.updates = 0  # update ticks run so far
        self.frames = 0  # frames drawn so far
        self.frame_times: list[tuple[float, float]] | None = None
        self._screen = screen_source
        self._flip = flip

    def frame(self) -> bool:
        """Run one frame: events, fixed updates, maybe one draw. False once the game quits."""
        if self.manager.busy():
            dt = self.clock.tick(UPDATE_HZ)
            events = pygame.event.get()
        else:
            events = self.clock.wait(min(IDLE_WAIT, self.manager.next_change()))
            dt = self.clock.tick(0)
        work = time.perf_counter()
        for event in events:
            if not self.manager.handle(event):
                return False
        self.accumulator += min(dt, MAX_FRAME)
        steps = 0
        while self.accumulator >= STEP and steps < MAX_STEPS:
            self.manager.update()
            self.accumulator -= STEP
            self.updates += 1
            steps += 1
        if steps == MAX_STEPS:
            self.accumulator = min(self.accumulator, STEP)  # drop the backlog
        frame_work = getattr(self.manager, "frame_work", None)  # optional: a bare manager has none
        if frame_work is not None:
            frame_work()
        if self.manager.dirty:
            self.manager.draw(self._screen())
            drawn = time.perf_counter()
            self._flip()
            self.frames += 1
            if self.frame_times is not None:
                self.frame_times.append((drawn - work, time.perf_counter() - work))
        return True

    def run(self, max_frames: int | None = None) -> None:
        """Run frames until a scene quits (or ``max_frames`` frames have run)."""
        count = 0
        while self.frame():
            count += 1
            if max_frames is not None and count >= max_frames:
                break
