"""A player's pointer for the benchmarks' played games: a bent, jittered glide at 60 Hz from
one point to a random point inside a cell, fed to a Match as the window feeds it
(``Match.pointer("mv", x, y)``), so the games' logs carry a pointer stream as real ones do."""

from __future__ import annotations

import math
import random

FRAME_S = 1 / 60  # seconds between two pointer events: the window's frame rate


def glide(match, at: tuple[int, int], cell: tuple[int, int], rng: random.Random, now: list[float],
          cell_px: int, seconds: tuple[float, float], bend_px: float) -> tuple[int, int]:
    """Move ``match``'s pointer from ``at`` (x, y, pixels) to a random point of ``cell`` (row,
    col; cells of ``cell_px`` pixels, 3 to 12 pixels into it) over a time drawn from
    ``seconds`` (low, high), bowed sideways by up to ``bend_px`` pixels and jittered by a
    pixel, one event a frame, advancing the fake clock ``now[0]`` (seconds) a frame each.
    Returns the target point (x, y). ``rng`` is drawn in a fixed order (target, time, bend,
    then each frame's jitter), so a seed gives the same path."""
    target = (cell[1] * cell_px + rng.randrange(3, 13), cell[0] * cell_px + rng.randrange(3, 13))
    frames = max(2, int(rng.uniform(*seconds) * 60))
    bend = rng.uniform(-bend_px, bend_px)
    for i in range(1, frames + 1):
        f = i / frames
        x = at[0] + (target[0] - at[0]) * f + bend * math.sin(math.pi * f) + rng.uniform(-1, 1)
        y = at[1] + (target[1] - at[1]) * f - bend * math.sin(math.pi * f) + rng.uniform(-1, 1)
        now[0] += FRAME_S
        match.pointer("mv", int(x), int(y))
    return target
