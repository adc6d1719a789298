"""The window: scenes draw in logical pixels on a canvas at the window's real resolution.

Scenes lay out and draw in logical pixels (16-pixel cells, a 240x272 menu). The
:class:`Display` picks a *scale* (window pixels per logical pixel) and gives them a
:class:`game.ui.shared.canvas.Canvas` of the window's real pixels at that scale: text is rendered
by the font at its final size and sprites are drawn for the size on screen, so the picture
is sharp at any scale, 1.5x or 2.7x as well as 2x, with nothing scaled up afterwards.

A windowed game opens at the chosen scale (Options: automatic, the largest whole scale
that fits the desktop, or 1x to 4x in half steps). Resizing or maximizing the window, or
going fullscreen, fits the picture to the window at the largest scale that fits, any
size, centred (letterboxed in the window's black). The scale is rounded down to a
multiple of 1/``grain`` (the scene's cell size: 16 for a standard board), so a cell is a
whole number of window pixels and every cell of a board has the same size. A window
smaller than the logical size shrinks the picture the same way (down to MIN_SCALE, below
which it is cut at the window's edge).

:meth:`Display.present` copies to the real window only the bands of rows that changed since
the last present, so revealing one cell sends a band, not the whole window, to the screen.
pygame's SCALED flag (an SDL renderer) always presents the whole window, which on X11
without a GPU driver (a VM, Xvfb, remote X) goes through Mesa's llvmpipe and costs many
times a band update (docs/performance.md, "Window"). :meth:`Display.to_logical` maps mouse
positions back, so resizing or maximizing never moves a click to the wrong cell. When the
game resizes the window (a new board, the menu, Statistics) it grows from its top-left
corner; one that would then run off the desktop is moved back into view (a window that fits
stays where it is). Fullscreen is SDL's desktop fullscreen (no video mode switch). On X11,
SDL's window framebuffer is told to use MIT-SHM rather than an OpenGL texture
(``SDL_FRAMEBUFFER_ACCELERATION=0``, SDL 2 hint docs), for the same llvmpipe reason, unless
the environment already sets it.

Full screen is asked of the window manager. Under an X server with none that can (Xvfb, a
bare X session: the root window's ``_NET_SUPPORTED`` does not list
``_NET_WM_STATE_FULLSCREEN``) SDL reports a full-screen window while the real one keeps its
size, so a full-screen layout was drawn into the unchanged window, cropped. There the game
stays in its window, laid out for it, and says why (:attr:`Display.notice`: a message box on
F11, the Options line's message, the first screen's box at a launch that asked for it).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import math
import os
import warnings

import pygame

from game.i18n import N_, _
from game.resources import assets_dir
from game.ui.shared.canvas import Canvas
from game.ui.play.layout import usable_area
from game.ui.shared.theme import palette

TITLE = N_("Minesweeper")  # the window's title, translated when set ("Buscaminas")
ASSETS = assets_dir()  # game.resources: checkout, wheel or frozen app
X11_HINTS = {"SDL_FRAMEBUFFER_ACCELERATION": "0"}
BAND_GAP = 16  # changed row runs closer than this many window rows are sent as one band
GRAIN = 16  # the scale is a multiple of 1/GRAIN unless a scene asks for another (its cell size)
MIN_SCALE = 0.25  # the smallest scale a small window shrinks the picture to
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
FINGER_EVENTS = (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)
NO_FULLSCREEN = N_("Full screen is not available here: no window manager can make the window full screen "
                   "(an X server without one). The game stays in its window.")


class Display:
    """Owns the window and the logical canvas. ``desktop`` is the screen size in pixels.

    ``size`` is the canvas size in logical pixels; ``scale`` the chosen window scale
    for a windowed game (None: the largest whole scale that fits the desktop; else any
    number from 1, e.g. 1.5); ``view`` is (scale factor, left, top): the scale the canvas
    is drawn at and where it sits in the window, in window pixels.
    """

    def __init__(self, fullscreen: bool = False, title: str = TITLE, scale: float | None = None) -> None:
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
        self.grain = GRAIN  # the scale is a multiple of 1/grain (ensure_size sets it)
        self.most: int | None = None  # the automatic scale's cap for this size (ensure_size sets it)
        self._shown: bytes | None = None  # canvas pixels as last presented; None: present all
        self._in_fullscreen = False  # the real window's state (``fullscreen`` is the wanted one)
        self._windowed_size: tuple[int, int] | None = None  # the canvas size when fullscreen began
        self.notice: str | None = None  # why full screen was asked and not given, until take_notice
        if fullscreen and not fullscreen_available():
            self.fullscreen = False
            self.notice = NO_FULLSCREEN

    def area(self) -> tuple[int, int]:
        """Pixels a board window may take: the desktop less window chrome (windowed size)."""
        return usable_area(self.desktop, False)

    def open(self, size: tuple[int, int], grain: int = GRAIN, most: int | None = None) -> Canvas:
        """Create the window for a logical ``size`` canvas, with title and icon; returns the canvas.
        ``grain``: the scale is a multiple of 1/grain (a board's cell size, pixels); ``most``:
        the automatic scale is at most this (a small board's window: game.ui.play.room.most_scale)."""
        pygame.display.set_caption(_(self.title))
        icon = ASSETS / "icon.png"
        if icon.exists():
            pygame.display.set_icon(pygame.image.load(str(icon)))
        self.grain, self.most = grain, most
        return self._set_mode(size)

    def ensure_size(self, size: tuple[int, int], grain: int = GRAIN, most: int | None = None) -> Canvas:
        """Resize the canvas (and window) to logical ``size`` if it differs (a new board or the
        menu); ``grain`` and ``most`` as for :meth:`open`."""
        grain_changed, self.grain = grain != self.grain, grain
        most_changed, self.most = most != self.most, most
        if size != self.size or self.canvas is None or pygame.display.get_surface() is None or most_changed:
            return self._set_mode(size)
        if grain_changed:
            self._fit()
        return self.canvas

    def fitting_scale(self, size: tuple[int, int] | None = None) -> int:
        """The largest whole scale at which logical ``size`` (default: the current) fits the desktop."""
        width, height = size or self.size or (1, 1)
        area_w, area_h = self.area()
        return max(1, min(area_w // max(1, width), area_h // max(1, height)))

    def set_scale(self, scale: float | None) -> None:
        """Use ``scale`` (None: automatic) for the windowed window, now and for every new size."""
        self.scale = scale
        if self.size is not None and not self.fullscreen:
            self._set_mode(self.size)

    def toggle_fullscreen(self) -> str | None:
        """Switch between windowed and (desktop) fullscreen, keeping the canvas and the game;
        None, or, when full screen cannot be had here (:func:`fullscreen_available`), why (a
        message, also kept in :attr:`notice`): the window then stays as it is.

        SDL keeps the windowed size while fullscreen, so leaving it gives the board window back;
        a big board's view, grown to the screen meanwhile (:meth:`resize_canvas`), gets its
        windowed size back too."""
        if not self.fullscreen and not fullscreen_available():
            self.notice = NO_FULLSCREEN
            return self.notice
        if not self.fullscreen:
            self._windowed_size = self.size
        self.fullscreen = not self.fullscreen
        self._apply_fullscreen()
        self._fit()
        return None

    def take_notice(self) -> str | None:
        """The message of a full screen asked and not given (None: none), in the language in
        use, once: it is cleared."""
        notice, self.notice = self.notice, None
        return _(notice) if notice else None

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

    def finger_window(self, x: float, y: float) -> tuple[float, float]:
        """A finger event's normalised ``x``, ``y`` (0..1 across the window, as SDL gives them)
        -> window pixels (the window's current size; (0, 0) without a window)."""
        window = pygame.display.get_surface()
        width, height = window.get_size() if window is not None else (0, 0)
        return x * width, y * height

    def map_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """A mouse event with ``pos`` (and ``rel``) in canvas pixels; a finger event
        (FINGERDOWN, FINGERMOTION, FINGERUP: ``x``, ``y`` normalised 0..1 of the window) with
        ``pos``, its place in canvas pixels, and ``window_pos``, in window pixels (a finger's
        travel is measured there: game.ui.play.touch); other events unchanged."""
        if event.type in FINGER_EVENTS and hasattr(event, "x"):
            attrs = dict(event.dict)
            attrs["window_pos"] = self.finger_window(event.x, event.y)
            attrs["pos"] = self.to_logical(attrs["window_pos"])
            return pygame.event.Event(event.type, attrs)
        if event.type not in MOUSE_EVENTS or not hasattr(event, "pos"):
            return event
        attrs = dict(event.dict)
        attrs["pos"] = self.to_logical(event.pos)
        if "rel" in attrs:
            factor = self.view[0]
            attrs["rel"] = (int(attrs["rel"][0] / factor), int(attrs["rel"][1] / factor))
        return pygame.event.Event(event.type, attrs)

    def present(self) -> None:
        """Show the canvas: the row bands that changed, or all of it after a refit."""
        window = pygame.display.get_surface()
        if window is None or self.canvas is None or window.get_width() < 1 or window.get_height() < 1:
            return
        canvas = self.canvas.surface
        shown, self._shown = self._shown, canvas.get_buffer().raw
        _, left, top = self.view
        if shown is None:
            window.fill(palette.backdrop)
            window.blit(canvas, (left, top))
            pygame.display.flip()
            return
        rects = []
        for first, end in changed_bands(shown, self._shown, canvas.get_pitch(), BAND_GAP):
            band = canvas.subsurface((0, first, canvas.get_width(), end - first))
            rects.append(window.blit(band, (left, top + first)))
        if rects:
            pygame.display.update(rects)

    def retitle(self) -> None:
        """Set the window's title again, in the language now in use."""
        if pygame.display.get_surface() is not None:
            pygame.display.set_caption(_(self.title))

    def resize_canvas(self, size: tuple[int, int]) -> Canvas:
        """Make the canvas logical ``size`` without touching the window (a big board's view
        growing or shrinking with the window the player resized), fitted as usual."""
        self.size = (int(size[0]), int(size[1]))
        self._fit()
        return self.canvas

    def repaint(self) -> None:
        """Present the whole window on the next frame, the letterbox around the picture too
        (after a theme change)."""
        self._shown = None

    def _fit(self) -> None:
        """Fit the canvas to the window: the largest scale (a multiple of 1/grain) at which it
        fits, centred; the canvas is made again when its scale or size changed."""
        self._shown = None
        window = pygame.display.get_surface()
        if window is None or self.size is None:
            return
        width, height = window.get_size()
        factor = fit_scale(self.size, (width, height), self.grain)
        left = (width - round(self.size[0] * factor)) // 2
        top = (height - round(self.size[1] * factor)) // 2
        self.view = (factor, left, top)
        if self.canvas is None or self.canvas.scale != factor or self.canvas.size != self.size:
            self.canvas = self._new_canvas(factor)

    def _new_canvas(self, factor: float) -> Canvas:
        """A canvas of the logical size at ``factor``, showing the old picture until the scene
        draws (scaled, so a resize never flashes black)."""
        device = (max(1, round(self.size[0] * factor)), max(1, round(self.size[1] * factor)))
        surface = pygame.Surface(device).convert()
        if self.canvas is not None:
            old = self.canvas.surface
            surface.blit(old if old.get_size() == device else pygame.transform.scale(old, device), (0, 0))
        return Canvas(surface, factor, self.size)

    def window_scale(self, size: tuple[int, int] | None = None, most: int | None = None) -> float:
        """The scale a windowed window of logical ``size`` (default: the current) opens at: the
        chosen scale (1.5 or 2.5 too) when the window fits the desktop's area at it, else the
        automatic one, the largest whole scale that fits, at most ``most`` (a small board's
        cap, game.ui.play.room.most_scale; None: none). A chosen 2.5x that fits is kept, not cut
        to 2x: 2.5x, 3x and 4x changed nothing on a 1280x1024 screen (issue 35)."""
        size = size or self.size
        area = self.area()
        if self.scale and math.ceil(size[0] * self.scale) <= area[0] and math.ceil(size[1] * self.scale) <= area[1]:
            return self.scale
        fitting = self.fitting_scale(size)
        return min(fitting, most) if most else fitting

    def _window_size(self, size: tuple[int, int] | None = None) -> tuple[int, int]:
        """The windowed window's size: the canvas (or logical ``size``) at :meth:`window_scale`
        (the chosen scale, capped to the desktop)."""
        size = size or self.size
        scale = self.window_scale(size, self.most)
        return math.ceil(size[0] * scale), math.ceil(size[1] * scale)

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
            # the board may have changed while fullscreen (a new one: its own size)
            window.size = self._window_size(self._windowed_size)
            self._windowed_size = None
            self._keep_on_desktop()
        self._in_fullscreen = self.fullscreen

    def _set_mode(self, size: tuple[int, int]) -> Canvas:
        self.size = tuple(size)
        self._windowed_size = None  # a new board: its own window size when fullscreen ends
        if not (self.fullscreen and self._in_fullscreen):  # a new board in fullscreen keeps the window
            pygame.display.set_mode(self._window_size(), pygame.RESIZABLE)
            self._in_fullscreen = False
            if not self.fullscreen:
                self._keep_on_desktop()
            self._apply_fullscreen()
        pygame.display.set_caption(_(self.title))
        self.mode_changes += 1
        self._fit()
        return self.canvas


def fullscreen_available() -> bool:
    """False when the window cannot be made full screen: SDL's X11 driver on an X server whose
    window manager does not offer ``_NET_WM_STATE_FULLSCREEN`` in the root window's
    ``_NET_SUPPORTED`` (none runs: SDL then says the window is full screen while it keeps its
    size). True otherwise, and wherever it cannot be told (another driver, no libX11)."""
    if pygame.display.get_driver() != "x11":
        return True
    supported = x11_supported_atoms()
    return supported is None or "_NET_WM_STATE_FULLSCREEN" in supported


def x11_supported_atoms() -> set[str] | None:
    """The names of the atoms in the X root window's ``_NET_SUPPORTED`` (what the window
    manager offers; empty without one), read through libX11 on ``$DISPLAY``; None when libX11
    or the display cannot be opened."""
    name = ctypes.util.find_library("X11") or "libX11.so.6"
    try:
        x11 = ctypes.CDLL(name)
    except OSError:
        return None
    ulong, void_p = ctypes.c_ulong, ctypes.c_void_p
    x11.XOpenDisplay.restype, x11.XOpenDisplay.argtypes = void_p, [ctypes.c_char_p]
    x11.XDefaultRootWindow.restype, x11.XDefaultRootWindow.argtypes = ulong, [void_p]
    x11.XInternAtom.restype, x11.XInternAtom.argtypes = ulong, [void_p, ctypes.c_char_p, ctypes.c_int]
    x11.XGetAtomName.restype, x11.XGetAtomName.argtypes = void_p, [void_p, ulong]
    x11.XGetWindowProperty.argtypes = [void_p, ulong, ulong, ctypes.c_long, ctypes.c_long, ctypes.c_int, ulong,
                                       ctypes.POINTER(ulong), ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ulong),
                                       ctypes.POINTER(ulong), ctypes.POINTER(void_p)]
    x11.XFree.argtypes = [void_p]
    x11.XCloseDisplay.argtypes = [void_p]
    display = x11.XOpenDisplay(None)
    if not display:
        return None
    try:
        root = x11.XDefaultRootWindow(display)
        prop = x11.XInternAtom(display, b"_NET_SUPPORTED", 1)  # only_if_exists: 0 when no one made it
        if not prop:
            return set()
        kind, form, count, after, data = ulong(), ctypes.c_int(), ulong(), ulong(), void_p()
        xa_atom = 4
        status = x11.XGetWindowProperty(display, root, prop, 0, 65536, 0, xa_atom, ctypes.byref(kind),
                                        ctypes.byref(form), ctypes.byref(count), ctypes.byref(after),
                                        ctypes.byref(data))
        if status != 0 or not data.value:
            return set()
        try:
            atoms = ctypes.cast(data, ctypes.POINTER(ulong))[:count.value] if form.value == 32 else []
        finally:
            x11.XFree(data)
        names = set()
        for atom in atoms:
            text = x11.XGetAtomName(display, atom)
            if text:
                names.add(ctypes.string_at(text).decode("latin-1"))
                x11.XFree(text)
        return names
    finally:
        x11.XCloseDisplay(display)


def fit_scale(size: tuple[int, int], window: tuple[int, int], grain: int = GRAIN) -> float:
    """The largest scale, a multiple of 1/``grain``, at which a logical ``size`` fits a
    ``window``-sized window (both in pixels); at least MIN_SCALE."""
    fit = min(window[0] / max(1, size[0]), window[1] / max(1, size[1]))
    snapped = math.floor(fit * grain + 1e-9) / grain
    return max(MIN_SCALE, snapped)


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
