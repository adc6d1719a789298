"""Motion: the opening cascade and the explosion's shake (both off with Reduce motion).

The cascade shows the cells an opening revealed flipping outward from the click: each
cell appears after a delay proportional to its distance from the clicked cell, the
farthest at CASCADE_S. The game itself changed at once (the engine, the timer, the
records and the sound do not wait); only the drawing of those cells is held back, and
any key or click shows them all at once before it is handled, so the player never acts
on a picture that is behind the game.

The shake moves the board a few pixels after a mine explodes, dying away over SHAKE_S.
Both are counted in update ticks (60 a second), so they are deterministic in tests.
"""

from __future__ import annotations

import math
from typing import Iterable

from game.rules.board import Cell

UPDATE_HZ = 60  # update ticks a second (game.ui.loop)
CASCADE_S = 0.25  # seconds until the farthest cell of an opening shows
CASCADE_MIN = 2  # an opening of fewer cells than this shows at once
CASCADE_MAX = 20_000  # and one of more (a big custom board's): its cells are not listed one by one
SHAKE_S = 0.35  # seconds the board shakes after an explosion
SHAKE_PX = 3  # the shake's first swing, logical pixels


class Cascade:
    """The cells of one opening still to be shown, by the tick each shows at.

    ``origin``: the clicked cell (row, col); ``cells``: the cells the move revealed.
    :meth:`tick` advances one update and returns the cells due now; :meth:`rest`
    returns all that are left (any input shows them at once).
    """

    def __init__(self, origin: Cell, cells: Iterable[Cell], seconds: float = CASCADE_S) -> None:
        cells = list(cells)
        r0, c0 = origin
        distances = [math.hypot(r - r0, c - c0) for r, c in cells]  # once each: 7,000 cells at 100,000 mines
        far = max(distances, default=0.0) or 1.0
        last = max(1, round(seconds * UPDATE_HZ))
        self.due: dict[int, list[Cell]] = {}
        for cell, distance in zip(cells, distances):
            self.due.setdefault(round(last * distance / far), []).append(cell)
        self.ticks = 0
        self.last = max(self.due, default=0)

    @property
    def done(self) -> bool:
        return not self.due

    def tick(self) -> list[Cell]:
        """Advance one update tick; the cells to show now."""
        shown = self.due.pop(self.ticks, [])
        self.ticks += 1
        if self.ticks > self.last:
            shown += self.rest()
        return shown

    def rest(self) -> list[Cell]:
        """Every cell not shown yet (the cascade is then over)."""
        cells = [cell for group in self.due.values() for cell in group]
        self.due.clear()
        return cells


def shake_offset(ticks: int) -> tuple[int, int]:
    """The board's offset (x, y), logical pixels, ``ticks`` updates after an explosion:
    a swing of SHAKE_PX dying away linearly to nothing at SHAKE_S."""
    end = SHAKE_S * UPDATE_HZ
    if ticks >= end:
        return 0, 0
    size = SHAKE_PX * (1 - ticks / end)
    return round(size * math.sin(ticks * 2.1)), round(size * math.cos(ticks * 1.7))
