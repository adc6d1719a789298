"""pygame.draw's shapes on a :class:`game.ui.shared.canvas.Canvas`, in logical pixels.

Same names and arguments as pygame.draw (``rect``, ``line``, ``lines``, ``polygon``,
``circle``), so a scene reads as it always has. At scale 1 (and on a plain surface) each
call is pygame.draw's own, pixel for pixel. At any other scale:

- a rect, and a horizontal or vertical line, covers exactly the device pixels of the
  logical pixels it covers at scale 1 (``width`` logical pixels thick, inside the rect
  as pygame draws a rect's border), so bevels and grid lines stay crisp and meet exactly;
- other shapes go through pygame.draw with their points at the centres of their logical
  pixels and widths and radii scaled (at least 1 device pixel).
"""

from __future__ import annotations

from contextlib import contextmanager

import pygame

from game.ui.shared.canvas import Canvas


@contextmanager
def clipped(surface, rect):
    """Drawing on ``surface`` (a Canvas or a plain surface) limited to ``rect`` (logical
    pixels) for the ``with`` block, the clip before it given back after; None: no limit added."""
    if rect is None:
        yield
        return
    before = surface.get_clip()
    surface.set_clip(rect)
    try:
        yield
    finally:
        surface.set_clip(before)


def _plain(surface) -> bool:
    return not isinstance(surface, Canvas) or surface.scale == 1


def _target(surface) -> pygame.Surface:
    return surface.surface if isinstance(surface, Canvas) else surface


def _centre(surface: Canvas, pos) -> tuple[float, float]:
    """Device point at the centre of logical pixel ``pos`` (less half a device pixel, as
    pygame.draw addresses pixels by their top-left)."""
    s = surface.scale
    return ((pos[0] + 0.5 + surface.origin[0]) * s - 0.5 - surface._corner[0],
            (pos[1] + 0.5 + surface.origin[1]) * s - 0.5 - surface._corner[1])


def rect(surface, colour, rect, width: int = 0) -> pygame.Rect:
    """Fill logical ``rect`` (``width`` 0) or draw its ``width``-pixel border inside it."""
    if _plain(surface):
        return pygame.draw.rect(_target(surface), colour, rect, width)
    r = pygame.Rect(rect)
    if width <= 0 or 2 * width >= min(r.width, r.height):
        return surface.fill(colour, r)
    for edge in ((r.left, r.top, r.width, width), (r.left, r.bottom - width, r.width, width),
                 (r.left, r.top, width, r.height), (r.right - width, r.top, width, r.height)):
        surface.fill(colour, edge)
    return r


def line(surface, colour, start, end, width: int = 1) -> pygame.Rect:
    """A line from logical pixel ``start`` to ``end``, both included, ``width`` pixels thick."""
    if _plain(surface):
        return pygame.draw.line(_target(surface), colour, start, end, width)
    (x0, y0), (x1, y1) = start, end
    if y0 == y1 or x0 == x1:  # axis-aligned: the pixels pygame would cover, as one rect
        thick = (y0 - (width - 1) // 2, width) if y0 == y1 else (x0 - (width - 1) // 2, width)
        if y0 == y1:
            return surface.fill(colour, (min(x0, x1), thick[0], abs(x1 - x0) + 1, thick[1]))
        return surface.fill(colour, (thick[0], min(y0, y1), thick[1], abs(y1 - y0) + 1))
    return pygame.draw.line(surface.surface, colour, _centre(surface, start), _centre(surface, end),
                            surface.length(width))


def lines(surface, colour, closed: bool, points, width: int = 1) -> None:
    """Connected :func:`line` segments through ``points`` (back to the first when ``closed``)."""
    if _plain(surface):
        pygame.draw.lines(_target(surface), colour, closed, points, width)
        return
    points = list(points)
    pairs = list(zip(points, points[1:])) + ([(points[-1], points[0])] if closed else [])
    for a, b in pairs:
        line(surface, colour, a, b, width)


def polygon(surface, colour, points, width: int = 0) -> pygame.Rect:
    """A polygon through logical pixel ``points``, filled (``width`` 0) or outlined."""
    if _plain(surface):
        return pygame.draw.polygon(_target(surface), colour, points, width)
    scaled = [_centre(surface, p) for p in points]
    return pygame.draw.polygon(surface.surface, colour, scaled, surface.length(width))


def circle(surface, colour, center, radius: float, width: int = 0) -> pygame.Rect:
    """A circle of logical ``radius`` around logical pixel ``center``."""
    if _plain(surface):
        return pygame.draw.circle(_target(surface), colour, center, radius, width)
    return pygame.draw.circle(surface.surface, colour, _centre(surface, center),
                              max(1.0, radius * surface.scale), surface.length(width))
