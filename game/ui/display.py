"""The window: a logical canvas shown at a whole-number scale, windowed or fullscreen.

Scenes draw on :attr:`Display.canvas`, a surface of the logical size (the board
at 1x). :meth:`Display.present` copies to the real window only the bands of rows
that changed since the last present, scaled by nearest neighbour (exact at a
whole scale), and updates just those rectangles; so revealing one cell sends a
32-pixel band, not the whole window, to the screen. pygame's SCALED flag (an SDL
renderer) always presents the whole window, and on X11 without a GPU driver (a
VM, Xvfb, remote X) that goes through Mesa's llvmpipe at 4-7 ms per present of
an Expert window at scale 2; a band update costs about 0.1-0.3 ms
(bench/bench_window.py).

The picture is centred in the window (letterboxed) at the largest whole scale
that fits, or shrunk when the window is smaller than the canvas: then filtered
(smoothscale), so no pixel row is dropped from an LED digit, and presented
whole, since a fractional scale has no exact row bands. :meth:`Display.to_logical`
maps mouse positions back, so resizing or maximizing never moves a click to the
wrong cell. When the game resizes the window (a new board, the menu, Statistics)
it grows from its top-left corner; one that would then run off the desktop is
moved back into view (a window that fits stays where it is). Fullscreen is SDL's
desktop fullscreen (no video mode switch). On X11, SDL's window framebuffer is
told to use MIT-SHM rather than an OpenGL texture (``SDL_FRAMEBUFFER_ACCELERATION=0``,
SDL 2 hint docs), for the same llvmpipe reason, unless the environment already sets it.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import pygame

from game.ui.canvas import Canvas
from game.ui.layout import usable_area

TITLE = "Minesweeper"
ASSETS = Path(__file__).resolve().parent.parent.parent / "assets"
X11_HINTS = {"SDL_FRAMEBUFFER_ACCELERATION": "0"}
BAND_GAP = 8  # changed row runs closer than this many logical rows are sent as one band
GRAIN = 16  # a scene's cell size, for a scale in fractions of a cell (unused yet)
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class Display:
    """Owns the window and the logical canvas. ``desktop`` is the screen size in pixels.

    ``size`` is the canvas size in logical pixels; ``scale`` the chosen whole
    window scale (None: the largest that fits the desktop); ``view`` is
    (scale factor, left, top): how the canvas sits in the window, in window pixels.
    """

    def __init__(self, fullscreen: bool = False, title: str = TITLE, scale: int | None = None) -> None:
        pygame.display.init()
        if pygame.display.get_driver() == "x11":
            for name, value in X11_HINTS.items():  # read by SDL when the window surface is made
                os.environ.setdefault(name, value)
        sizes = pygame.display.get_desktop_sizes()
        self.desktop: tuple[int, int] = tuple(sizes[0]) if sizes else (1024, 768)
        self.fullscreen = fullscreen
        self.size: tuple[int, int] | None = None
        self.title = title
        self.scale = scale
        self.canvas: Canvas | None = None
        self.view: tuple[float, int, int] = (1, 0, 0)
        self.mode_changes = 0  # set_mode calls so far (tests check a toggle keeps the game)
        self._shown: bytes | None = None  # canvas pixels as last presented; None: present all
        self._in_fullscreen = False  # the real window's state (``fullscreen`` is the wanted one)

    def area(self) -> tuple[int, int]:
        """Pixels a board window may take: the desktop less window chrome (windowed size)."""
        return usable_area(self.desktop, False)

    def open(self, size: tuple[int, int], grain: int = GRAIN) -> Canvas:
        """Create the window for a logical ``size`` canvas, with title and icon; returns the canvas."""
        pygame.display.set_caption(self.title)
        icon = ASSETS / "icon.png"
        if icon.exists():
            pygame.display.set_icon(pygame.image.load(str(icon)))
        return self._set_mode(size)

    def ensure_size(self, size: tuple[int, int], grain: int = GRAIN) -> Canvas:
        """Resize the canvas (and window) to logical ``size`` if it differs (a new board or the menu)."""
        if size != self.size or self.canvas is None or pygame.display.get_surface() is None:
            return self._set_mode(size)
        return self.canvas

    def fitting_scale(self, size: tuple[int, int] | None = None) -> int:
        """The largest whole scale at which logical ``size`` (default: the current) fits the desktop."""
        width, height = size or self.size or (1, 1)
        area_w, area_h = self.area()
        return max(1, min(area_w // max(1, width), area_h // max(1, height)))

    def set_scale(self, scale: int | None) -> None:
        """Use ``scale`` (None: automatic) for the windowed window, now and for every new size."""
        self.scale = scale
        if self.size is not None and not self.fullscreen:
            self._set_mode(self.size)

    def toggle_fullscreen(self) -> None:
        """Switch between windowed and (desktop) fullscreen, keeping the canvas and the game.

        SDL keeps the windowed size while fullscreen, so leaving it gives the board window back."""
        self.fullscreen = not self.fullscreen
        self._apply_fullscreen()
        self._fit()

    def window_changed(self) -> None:
        """The window was resized, maximized, restored or exposed: fit the canvas again and
        repaint all of it at the next present."""
        self._fit()

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Window pixel ``pos`` -> canvas pixel (may lie outside the canvas, in the border)."""
        factor, left, top = self.view
        return int((pos[0] - left) // factor), int((pos[1] - top) // factor)

    def to_window(self, pos: tuple[int, int]) -> tuple[int, int]:
        """Canvas pixel ``pos`` -> the window pixel at its centre (what a click there sends)."""
        factor, left, top = self.view
        return int(left + (pos[0] + 0.5) * factor), int(top + (pos[1] + 0.5) * factor)

    def map_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """A mouse event with ``pos`` (and ``rel``) in canvas pixels; other events unchanged."""
        if event.type not in MOUSE_EVENTS or not hasattr(event, "pos"):
            return event
        attrs = dict(event.dict)
        attrs["pos"] = self.to_logical(event.pos)
        if "rel" in attrs:
            factor = self.view[0]
            attrs["rel"] = (int(attrs["rel"][0] / factor), int(attrs["rel"][1] / factor))
        return pygame.event.Event(event.type, attrs)

    def present(self) -> None:
        """Show the canvas: the changed row bands at the current scale, or all after a refit."""
        window = pygame.display.get_surface()
        if window is None or self.canvas is None or window.get_width() < 1 or window.get_height() < 1:
            return
        canvas = self.canvas.surface
        shown, self._shown = self._shown, canvas.get_buffer().raw
        factor, left, top = self.view
        if shown is None or factor != int(factor):
            window.fill((0, 0, 0))
            window.blit(self._resize(canvas), (left, top))
            pygame.display.flip()
            return
        rects = []
        for first, end in changed_bands(shown, self._shown, canvas.get_pitch(), BAND_GAP):
            band = canvas.subsurface((0, first, self.size[0], end - first))
            rects.append(window.blit(self._resize(band), (left, top + first * int(factor))))
        if rects:
            pygame.display.update(rects)

    def _resize(self, surface: pygame.Surface) -> pygame.Surface:
        """``surface`` at the view's scale: exact (nearest neighbour) for a whole factor, else
        filtered (smoothscale, an area average when shrinking), so that no pixel row or
        column is dropped: a thin LED segment fades instead of vanishing ("013" read "0 3")."""
        size = self._scaled(surface.get_size())
        if self.view[0] == int(self.view[0]):
            return pygame.transform.scale(surface, size)
        if surface.get_bitsize() not in (24, 32):  # smoothscale takes 24 and 32-bit surfaces only
            surface = surface.convert(24)
        return pygame.transform.smoothscale(surface, size)

    def _scaled(self, size: tuple[int, int]) -> tuple[int, int]:
        return max(1, round(size[0] * self.view[0])), max(1, round(size[1] * self.view[0]))

    def _fit(self) -> None:
        """Centre the canvas in the window at the largest whole scale, or shrink it to fit."""
        self._shown = None
        window = pygame.display.get_surface()
        if window is None or self.size is None:
            return
        width, height = window.get_size()
        factor = min(width / self.size[0], height / self.size[1])
        factor = int(factor) if factor >= 1 else max(factor, 1 / max(self.size))
        self.view = (factor, (width - round(self.size[0] * factor)) // 2,
                     (height - round(self.size[1] * factor)) // 2)

    def _window_size(self) -> tuple[int, int]:
        """The windowed window's size: the canvas at the chosen scale, capped to the desktop."""
        scale = min(self.scale or self.fitting_scale(), self.fitting_scale())
        return self.size[0] * scale, self.size[1] * scale

    def _window(self) -> pygame.Window:
        """The window set_mode made (pygame-ce's Window API: position, size, fullscreen)."""
        with warnings.catch_warnings():  # from_display_module is the way to reach set_mode's window
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()

    def _keep_on_desktop(self) -> None:
        """After the game resized the window: move it back into view if it now runs off the
        desktop (it grows from its top-left corner); a window that fits is never moved.

        Only with one display: pygame-ce gives the sizes of the displays but not where
        they sit, so on several the desktop's shape is unknown and the window stays put."""
        sizes = pygame.display.get_desktop_sizes()
        if len(sizes) != 1:
            return
        window = self._window()
        moved = on_desktop(tuple(window.position), tuple(window.size), tuple(sizes[0]))
        if moved is not None:
            window.position = moved

    def _apply_fullscreen(self) -> None:
        """Make the window desktop fullscreen or windowed (at the board's size), as ``fullscreen`` says."""
        window = self._window()
        if self.fullscreen:
            window.set_fullscreen(desktop=True)
        elif self._in_fullscreen:
            window.set_windowed()
            window.size = self._window_size()  # the board may have changed while fullscreen
            self._keep_on_desktop()
        self._in_fullscreen = self.fullscreen

    def _set_mode(self, size: tuple[int, int]) -> Canvas:
        self.size = tuple(size)
        if not (self.fullscreen and self._in_fullscreen):  # a new board in fullscreen keeps the window
            pygame.display.set_mode(self._window_size(), pygame.RESIZABLE)
            self._in_fullscreen = False
            if not self.fullscreen:
                self._keep_on_desktop()
            self._apply_fullscreen()
        pygame.display.set_caption(self.title)
        canvas = pygame.Surface(self.size).convert()
        if self.canvas is not None:
            canvas.blit(self.canvas.surface, (0, 0))  # keep the picture until the scene redraws
        self.canvas = Canvas(canvas)
        self.mode_changes += 1
        self._fit()
        return canvas


def on_desktop(position: tuple[int, int], size: tuple[int, int],
               desktop: tuple[int, int]) -> tuple[int, int] | None:
    """Where to move a window at ``position`` (its top-left) of ``size`` so that it lies whole
    on a ``desktop``-sized screen whose top-left is (0, 0), all in screen pixels; None when
    it lies whole on it already (a window that fits is never moved). It moves as little as
    it can; a window bigger than the desktop keeps its top-left corner on it."""
    (x, y), (width, height), (desk_w, desk_h) = position, size, desktop
    if x >= 0 and y >= 0 and x + width <= desk_w and y + height <= desk_h:
        return None
    return max(0, min(x, desk_w - width)), max(0, min(y, desk_h - height))


def changed_bands(before: bytes, after: bytes, pitch: int, gap: int) -> list[tuple[int, int]]:
    """Row ranges [first, end) where two same-sized pixel buffers differ, ``pitch`` bytes per
    row; runs fewer than ``gap`` rows apart are merged. Empty when nothing changed."""
    if before == after:
        return []
    if len(before) != len(after):
        return [(0, len(after) // pitch)]
    bands: list[tuple[int, int]] = []
    for row in range(len(after) // pitch):
        start = row * pitch
        if before[start:start + pitch] != after[start:start + pitch]:
            if bands and row - bands[-1][1] < gap:
                bands[-1] = (bands[-1][0], row + 1)
            else:
                bands.append((row, row + 1))
    return bands
