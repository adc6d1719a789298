"""Room for a panel beside or under the board window: the window grows while the panel shows.

A panel that must leave the whole board in view (the result, a hint too long for the
space around its marks) gets a strip of its own: to the right of the playing window or
under it. The board, the HUD and every pixel <-> cell mapping keep their places (the
strip only adds logical pixels on the right or at the bottom), and the scene's size()
grows, so the SceneManager resizes the window when the panel comes and again when it goes.

Which side: the one at which the grown window is shown at the larger whole scale on this
screen (game.ui.display sizes a window at the largest scale that fits, capped by the
chosen scale), so the board shrinks only when neither side leaves room at its scale; on
a tie, under a wide window and beside a tall one. A side strip is as wide as the screen
allows at the window's scale, SIDE_W at most and MIN_SIDE_W at least.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import pygame

from game.ui.layout import BEVEL, MARGIN, MIN_SIDE_W, SIDE_W, usable_area
from game.ui.theme import palette
from game.ui.widgets import bevel


@dataclass
class Room:
    """A strip added to a ``base``-sized window (logical pixels).

    where: 'beside' (right of the base window) or 'under' (below it). size: the grown
    window. strip: the added pane. panel: where the panel goes inside it (MARGIN pixels
    in from the strip's edges; its height is the panel's own).
    """

    where: str
    base: tuple[int, int]
    size: tuple[int, int]
    strip: pygame.Rect
    panel: pygame.Rect

    def draw(self, screen: pygame.Surface) -> None:
        """Paint the grown part of the window: grey panes with the frame's raised bevel."""
        base_w, base_h = self.base
        width, height = self.size
        right, below = pygame.Rect(base_w, 0, width - base_w, height), pygame.Rect(0, base_h, base_w, height - base_h)
        for pane in (right, below):
            if pane.width > 0 and pane.height > 0:
                screen.fill(palette.panel, pane)
                bevel(screen, pane, BEVEL)


def shown_scale(display, size: tuple[int, int]) -> tuple[bool, int]:
    """(fits, scale): whether a ``size`` window (logical pixels) fits this screen at scale 1,
    and the whole scale the display shows it at (as Display sizes windows: the largest that
    fits, capped by the chosen scale when windowed)."""
    area = usable_area(display.desktop, display.fullscreen)
    fit = min(area[0] // size[0], area[1] // size[1])
    cap = display.scale if display.scale and not display.fullscreen else math.inf
    return fit >= 1, max(1, min(cap, fit))


def make_room(display, base: tuple[int, int], height_for: Callable[[str, int], int]) -> Room:
    """The strip for a panel beside or under a ``base``-sized window on ``display``.

    height_for(where, width): the panel's height, pixels, when it is ``width`` pixels wide
    on that side ('beside' or 'under'). See the module docstring for the choice.
    """
    base_w, base_h = base
    _, scale = shown_scale(display, base)
    area = usable_area(display.desktop, display.fullscreen)
    side_w = min(SIDE_W, max(MIN_SIDE_W, area[0] // scale - base_w))
    beside_h = height_for("beside", side_w - 2 * MARGIN)
    beside = Room("beside", base, (base_w + side_w, max(base_h, beside_h + 2 * MARGIN)),
                  pygame.Rect(base_w, 0, side_w, max(base_h, beside_h + 2 * MARGIN)),
                  pygame.Rect(base_w + MARGIN, MARGIN, side_w - 2 * MARGIN, beside_h))
    under_h = height_for("under", base_w - 2 * MARGIN)
    under = Room("under", base, (base_w, base_h + under_h + 2 * MARGIN),
                 pygame.Rect(0, base_h, base_w, under_h + 2 * MARGIN),
                 pygame.Rect(MARGIN, base_h + MARGIN, base_w - 2 * MARGIN, under_h))
    order = (under, beside) if base_w > base_h else (beside, under)
    return max(order, key=lambda room: shown_scale(display, room.size))  # max keeps the first of a tie
