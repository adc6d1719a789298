"""Shapes on a sprite drawn at any size from a design on a small logical grid.

A sprite is designed on the grid of its classic size (a 16x16 cell, a 13x23 LED digit,
a 26x26 face, a 48x48 explosion frame) and drawn by a :class:`Pen` at ``k`` device pixels
per grid pixel (``kx``, ``ky`` may differ). Every shape is whole device pixels, never a
small image scaled up, and at ``k == 1`` every call is exactly the pygame.draw call the
classic drawing made (tools/make_assets.py), so the classic sprites stay pixel-identical.

Two conventions, as pygame.draw has them at the classic size:

- rects and glyph grid pixels are *edge* based: grid pixel x covers [x, x + 1), device
  [floor(x k + 0.5), floor((x + 1) k + 0.5)); neighbouring rects meet exactly;
- strokes, polygons and circles are *centre* based: a point (x, y) is where a 1-pixel
  stroke through it is centred, device floor(x k + 0.5); a stroke ``width`` grid pixels
  wide is ``max(1, round(width k))`` device pixels, centred on its line, square-capped.
"""

from __future__ import annotations

import math

import pygame

RGB = tuple[int, ...]


def snap(value: float) -> int:
    """``value`` rounded half up to a whole device pixel (Python's round() rounds half to even)."""
    return math.floor(value + 0.5)


class Pen:
    """Draws on ``surface`` at ``kx`` x ``ky`` device pixels per grid pixel, from grid point
    ``offset`` (a grid translation, e.g. the pressed face's 1-pixel shift)."""

    def __init__(self, surface: pygame.Surface, kx: float, ky: float | None = None,
                 offset: tuple[float, float] = (0, 0)) -> None:
        self.surface = surface
        self.kx, self.ky = kx, (kx if ky is None else ky)
        self.offset = offset

    # --- mapping --------------------------------------------------------------
    def x(self, value: float) -> int:
        """Device column of grid x ``value`` (an edge, or a stroke's centre)."""
        return snap((value + self.offset[0]) * self.kx)

    def y(self, value: float) -> int:
        """Device row of grid y ``value``."""
        return snap((value + self.offset[1]) * self.ky)

    def point(self, p) -> tuple[int, int]:
        return self.x(p[0]), self.y(p[1])

    def width(self, value: float) -> int:
        """A stroke ``value`` grid pixels wide, in device pixels (at least 1)."""
        return max(1, snap(value * min(self.kx, self.ky)))

    # --- shapes ---------------------------------------------------------------
    def rect(self, colour: RGB, x: float, y: float, w: float, h: float) -> None:
        """Fill grid pixels [x, x + w) x [y, y + h) (edge based)."""
        left, top = self.x(x), self.y(y)
        right, bottom = max(left + 1, self.x(x + w)), max(top + 1, self.y(y + h))
        self.surface.fill(colour, (left, top, right - left, bottom - top))

    def grid(self, colour: RGB, rows, x0: float, y0: float, mark: str = "#") -> None:
        """Fill each grid pixel of ``rows`` (strings, ``mark`` set) placed at (x0, y0)."""
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                if ch == mark:
                    self.rect(colour, x0 + x, y0 + y, 1, 1)

    def line(self, colour: RGB, start, end, width: float = 1) -> None:
        """A stroke from grid point ``start`` to ``end``, both ends included (centre based)."""
        w = self.width(width)
        (x0, y0), (x1, y1) = self.point(start), self.point(end)
        if w == 1:
            pygame.draw.line(self.surface, colour, (x0, y0), (x1, y1))
            return
        lo = (w - 1) // 2  # device pixels left/above the centre line, as draw.line has them
        if y0 == y1 or x0 == x1:
            left, top = min(x0, x1) - lo, min(y0, y1) - lo
            self.surface.fill(colour, (left, top, abs(x1 - x0) + w, abs(y1 - y0) + w))
            return
        length = math.hypot(x1 - x0, y1 - y0)
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        h = (w - 1) / 2  # half width between the centres of the outermost pixels
        nx, ny = -uy * h, ux * h
        a, b = (x0 - ux * h, y0 - uy * h), (x1 + ux * h, y1 + uy * h)
        corners = [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)]
        pygame.draw.polygon(self.surface, colour, [(snap(px), snap(py)) for px, py in corners])

    def polygon(self, colour: RGB, points) -> None:
        """A filled polygon through grid ``points`` (centre based, vertices included)."""
        pygame.draw.polygon(self.surface, colour, [self.point(p) for p in points])

    def circle(self, colour: RGB, centre, radius: float, width: float = 0) -> None:
        """A disc (``width`` 0) or ring of ``radius`` grid pixels around grid point ``centre``."""
        r = max(1, snap(radius * min(self.kx, self.ky)))
        pygame.draw.circle(self.surface, colour, self.point(centre), r, self.width(width) if width else 0)

    def arc(self, colour: RGB, rect, start: float, stop: float, width: float = 1) -> None:
        """The arc of the ellipse in grid ``rect`` (x, y, w, h; edge based) from angle ``start``
        to ``stop`` (radians, counter-clockwise from 3 o'clock, as pygame.draw.arc), ``width``
        grid pixels thick inward."""
        x, y, w, h = rect
        box = pygame.Rect(self.x(x), self.y(y), self.x(x + w) - self.x(x), self.y(y + h) - self.y(y))
        thick = self.width(width)
        if thick == 1:
            pygame.draw.arc(self.surface, colour, box, start, stop, 1)
            return
        # pygame's thick arcs leave holes; a band between two ellipses is solid.
        cx, cy = box.left + (box.width - 1) / 2, box.top + (box.height - 1) / 2
        rx, ry = (box.width - 1) / 2, (box.height - 1) / 2
        steps = max(8, int(abs(stop - start) * max(rx, ry)))
        angles = [start + (stop - start) * i / steps for i in range(steps + 1)]
        outer = [(cx + rx * math.cos(a), cy - ry * math.sin(a)) for a in angles]
        inner = [(cx + (rx - thick + 1) * math.cos(a), cy - (ry - thick + 1) * math.sin(a)) for a in reversed(angles)]
        pygame.draw.polygon(self.surface, colour, [(snap(px), snap(py)) for px, py in outer + inner])


def bevel(surface: pygame.Surface, rect: pygame.Rect, width: int, light: RGB, shade: RGB) -> None:
    """Windows-style raised bevel on device ``rect``: ``light`` top-left and ``shade``
    bottom-right edges, ``width`` device pixels thick (as tools/make_assets.py drew it at 16 px)."""
    for i in range(width):
        r = rect.inflate(-2 * i, -2 * i)
        if r.width <= 0 or r.height <= 0:
            return
        pygame.draw.line(surface, light, r.topleft, (r.right - 1, r.top))
        pygame.draw.line(surface, light, r.topleft, (r.left, r.bottom - 1))
        pygame.draw.line(surface, shade, (r.left + 1, r.bottom - 1), (r.right - 1, r.bottom - 1))
        pygame.draw.line(surface, shade, (r.right - 1, r.top + 1), (r.right - 1, r.bottom - 1))
