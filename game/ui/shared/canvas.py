"""The drawing surface scenes paint on: logical pixels in, device pixels out.

Scenes lay themselves out in logical pixels (game.ui.play.layout: 16-pixel cells, a 37-pixel
HUD, a 240x272 menu). A :class:`Canvas` wraps a pygame surface of *device* pixels (the
window's real pixels) and a ``scale`` (device pixels per logical pixel, any positive
number, not only whole ones), and maps every coordinate it is given: so text is rendered
by the font at its final size and sprites are drawn for the cell size on screen, instead of
a small picture being scaled up afterwards (blocky) or filtered (blurred).

Every logical x maps to ``round((x + origin_x) * scale)`` device pixels from the root
canvas's corner, the same rounding for a canvas and its subsurfaces and layers, so edges
of neighbouring rects meet exactly, with no gap or overlap, at any scale. A rect with a
positive logical width is at least one device pixel wide, so a 1-pixel line never vanishes
when the window is smaller than the logical size.

Drawing goes through :mod:`game.ui.shared.draw` (pygame.draw's functions, taking a Canvas) and
:meth:`Canvas.blit`; a plain ``pygame.Surface`` blitted onto a canvas is taken to be
already at device resolution (a sprite or a rendered text line) and is placed at the
device point of its logical position.
"""

from __future__ import annotations

import math
from typing import Iterable

import pygame

from game.ui.shared import theme
RectLike = pygame.Rect | tuple


def device(value: float, scale: float) -> int:
    """Logical coordinate ``value`` at ``scale``, rounded half up to a device pixel."""
    return math.floor(value * scale + 0.5)


class Canvas:
    """A ``size`` (logical pixels) view on ``surface`` (device pixels) at ``scale``.

    ``origin`` is this canvas's top-left in its root canvas's logical pixels (a
    subsurface or a layer made to be blitted at a known place); it only decides the
    rounding, so that a child's pixels line up with what the parent would draw there.
    """

    def __init__(self, surface: pygame.Surface, scale: float = 1.0, size: tuple[int, int] | None = None,
                 origin: tuple[float, float] = (0, 0)) -> None:
        self.surface = surface
        self.scale = scale
        if size is None:
            size = (round(surface.get_width() / scale), round(surface.get_height() / scale))
        self.size = (int(size[0]), int(size[1]))
        self.origin = origin
        self._corner = (device(origin[0], scale), device(origin[1], scale))
        self._clip: pygame.Rect | None = None
        self.theme = theme.current()  # the theme this canvas was made in (a cached layer's stamp)

    # --- mapping -----------------------------------------------------------------
    def x(self, value: float) -> int:
        """Device column of logical x ``value`` on this canvas."""
        return device(value + self.origin[0], self.scale) - self._corner[0]

    def y(self, value: float) -> int:
        """Device row of logical y ``value`` on this canvas."""
        return device(value + self.origin[1], self.scale) - self._corner[1]

    def point(self, pos) -> tuple[int, int]:
        """Device pixel of logical point ``pos`` (x, y)."""
        return self.x(pos[0]), self.y(pos[1])

    def rect(self, rect: RectLike) -> pygame.Rect:
        """Device rect covering logical ``rect``; at least 1x1 when the logical one is not empty."""
        r = pygame.Rect(rect)
        left, top, right, bottom = self.x(r.left), self.y(r.top), self.x(r.right), self.y(r.bottom)
        width = max(1, right - left) if r.width > 0 else 0
        height = max(1, bottom - top) if r.height > 0 else 0
        return pygame.Rect(left, top, width, height)

    def length(self, value: float) -> int:
        """A logical length (a line width, a radius) in device pixels, at least 1 for a positive one."""
        return max(1, device(value, self.scale)) if value > 0 else 0

    def logical(self, rect: pygame.Rect) -> pygame.Rect:
        """The logical rect that device ``rect`` covers (outward to whole logical pixels)."""
        s, (cx, cy), (ox, oy) = self.scale, self._corner, self.origin
        left = math.floor((rect.left + cx) / s - ox)
        top = math.floor((rect.top + cy) / s - oy)
        right = math.ceil((rect.right + cx) / s - ox)
        bottom = math.ceil((rect.bottom + cy) / s - oy)
        return pygame.Rect(left, top, right - left, bottom - top)

    # --- the parts of pygame.Surface's API the scenes use, in logical pixels --------
    def get_size(self) -> tuple[int, int]:
        return self.size

    def get_width(self) -> int:
        return self.size[0]

    def get_height(self) -> int:
        return self.size[1]

    def get_rect(self, **where) -> pygame.Rect:
        return pygame.Rect((0, 0), self.size).move_to(**where) if where else pygame.Rect((0, 0), self.size)

    def fill(self, colour, rect: RectLike | None = None) -> pygame.Rect:
        """Fill logical ``rect`` (default: all) with ``colour`` (RGB or RGBA)."""
        if rect is None:
            self.surface.fill(colour)
            return self.get_rect()
        return self.logical(self.surface.fill(colour, self.rect(rect)))

    def blit(self, source, dest, area: RectLike | None = None, special_flags: int = 0) -> pygame.Rect:
        """Draw ``source`` with its top-left at logical ``dest`` (a point or a rect).

        ``source`` is a Canvas (its ``area``, if given, in its logical pixels) or a plain
        surface already at device resolution (its ``area`` in device pixels)."""
        at = self.point(pygame.Rect(dest).topleft if len(dest) == 4 else dest)
        if isinstance(source, Canvas):
            part = source.rect(area) if area is not None else None
            source = source.surface
        else:
            part = area
        return self.logical(self.surface.blit(source, at, part, special_flags))

    def fblits(self, pairs: Iterable[tuple]) -> None:
        """Blit many (device-resolution surface, logical point) pairs in one call."""
        self.surface.fblits([(image, self.point(pos)) for image, pos in pairs])

    def subsurface(self, rect: RectLike) -> "Canvas":
        """A canvas sharing pixels with logical ``rect`` of this one."""
        r = pygame.Rect(rect)
        part = self.rect(r).clip(self.surface.get_rect())
        return Canvas(self.surface.subsurface(part), self.scale, r.size,
                      (self.origin[0] + r.left, self.origin[1] + r.top))

    def new(self, size: tuple[int, int], alpha: bool = False, at: tuple[float, float] = (0, 0)) -> "Canvas":
        """A new canvas (a layer) of logical ``size`` at this scale, with per-pixel alpha when
        ``alpha``, meant to be blitted at logical ``at`` (its pixels then line up exactly)."""
        origin = (self.origin[0] + at[0], self.origin[1] + at[1])
        corner = (device(origin[0], self.scale), device(origin[1], self.scale))
        width = device(origin[0] + size[0], self.scale) - corner[0]
        height = device(origin[1] + size[1], self.scale) - corner[1]
        surface = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA if alpha else 0)
        if not alpha and pygame.display.get_surface() is not None:
            surface = surface.convert()
        return Canvas(surface, self.scale, size, origin)

    def set_clip(self, rect: RectLike | None) -> None:
        """Limit drawing to logical ``rect`` (None: the whole canvas)."""
        self._clip = None if rect is None else pygame.Rect(rect)
        self.surface.set_clip(None if rect is None else self.rect(rect))

    def get_clip(self) -> pygame.Rect:
        """The logical rect drawing is limited to."""
        return pygame.Rect(self._clip) if self._clip is not None else self.get_rect()

    def get_at(self, pos) -> pygame.Color:
        """The colour shown at the centre of logical pixel ``pos``."""
        x = math.floor((pos[0] + 0.5 + self.origin[0]) * self.scale) - self._corner[0]
        y = math.floor((pos[1] + 0.5 + self.origin[1]) * self.scale) - self._corner[1]
        width, height = self.surface.get_size()
        return self.surface.get_at((min(width - 1, max(0, x)), min(height - 1, max(0, y))))

    def set_at(self, pos, colour) -> None:
        """Paint logical pixel ``pos``."""
        self.surface.fill(colour, self.rect((pos[0], pos[1], 1, 1)))

    def pixels(self, rect: RectLike | None = None) -> bytes:
        """The RGB bytes of the device pixels that show logical ``rect`` (default: all), for
        comparing two pictures."""
        part = self.surface if rect is None else self.surface.subsurface(self.rect(rect).clip(self.surface.get_rect()))
        return pygame.image.tobytes(part, "RGB")

    def set_alpha(self, alpha: int | None) -> None:
        self.surface.set_alpha(alpha)

    def copy(self) -> "Canvas":
        return Canvas(self.surface.copy(), self.scale, self.size, self.origin)

    def convert(self) -> "Canvas":
        self.surface = self.surface.convert()
        return self

    def convert_alpha(self) -> "Canvas":
        self.surface = self.surface.convert_alpha()
        return self


def layer(surface, size: tuple[int, int], alpha: bool = False, at: tuple[float, float] = (0, 0)) -> Canvas:
    """A new layer of logical ``size`` for ``surface`` (a Canvas: at its scale, to be blitted at
    logical ``at``; a plain surface: at scale 1), with per-pixel alpha when ``alpha``."""
    if not isinstance(surface, Canvas):
        surface = Canvas(pygame.Surface((1, 1)))
    return surface.new(size, alpha, at)


def stale(cached, screen) -> bool:
    """Whether a cached layer ``cached`` (a Canvas, or None) must be drawn again for
    ``screen``: none yet, another scale, or another theme made current since."""
    return cached is None or cached.scale != scale_of(screen) or cached.theme is not theme.current()


def scale_of(surface) -> float:
    """The device pixels per logical pixel of ``surface`` (1 for a plain pygame surface)."""
    return surface.scale if isinstance(surface, Canvas) else 1.0
