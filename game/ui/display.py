"""The window: pygame.SCALED at an integer scale, windowed or fullscreen, title and icon.

SCALED lets SDL pick the largest integer scale that fits the desktop and maps
mouse event positions back to logical pixels, so resizing or maximizing the
window (letterboxed) never moves a click to the wrong cell.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pygame

from game.ui.layout import usable_area

TITLE = "Minesweeper"
REOPEN_EVENTS = (pygame.ACTIVEEVENT, pygame.WINDOWENTER, pygame.WINDOWLEAVE, pygame.WINDOWFOCUSGAINED,
                 pygame.WINDOWFOCUSLOST, pygame.WINDOWSHOWN, pygame.WINDOWHIDDEN, pygame.MOUSEMOTION)
ASSETS = Path(__file__).resolve().parent.parent.parent / "assets"


class Display:
    """Owns the pygame window. ``desktop`` is the screen size in pixels, read before any window."""

    def __init__(self, fullscreen: bool = False, title: str = TITLE, scale: int | None = None) -> None:
        pygame.display.init()
        sizes = pygame.display.get_desktop_sizes()
        self.desktop: tuple[int, int] = tuple(sizes[0]) if sizes else (1024, 768)
        self.fullscreen = fullscreen
        self.size: tuple[int, int] | None = None
        self.title = title
        self.scale = scale  # whole screen pixels per logical pixel when windowed; None: SDL's choice
        self.mode_changes = 0  # set_mode calls so far (tests check a toggle keeps the game)

    def area(self) -> tuple[int, int]:
        """Pixels a board window may take: the desktop less window chrome (windowed size)."""
        return usable_area(self.desktop, False)

    def open(self, size: tuple[int, int]) -> pygame.Surface:
        """Create the window at logical ``size`` with title and icon."""
        pygame.display.set_caption(self.title)
        icon = ASSETS / "icon.png"
        if icon.exists():
            pygame.display.set_icon(pygame.image.load(str(icon)))
        return self._set_mode(size)

    def ensure_size(self, size: tuple[int, int]) -> pygame.Surface:
        """Resize the logical screen to ``size`` if it differs (a new board or the menu)."""
        if size != self.size or pygame.display.get_surface() is None:
            return self._set_mode(size)
        return pygame.display.get_surface()

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

    def _apply_scale(self) -> None:
        """Resize the window to the chosen whole scale, capped to what fits the desktop."""
        if self.scale is None or self.fullscreen or self.size is None:
            return
        scale = min(self.scale, self.fitting_scale())
        with warnings.catch_warnings():  # from_display_module is the way to reach set_mode's window
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        window.size = (self.size[0] * scale, self.size[1] * scale)

    def toggle_fullscreen(self) -> None:
        """Switch between windowed and fullscreen, keeping the logical size (and the game)."""
        self.fullscreen = not self.fullscreen
        try:
            with warnings.catch_warnings():
                warnings.filterwarnings("ignore", "recreating software renderer")
                toggled = pygame.display.toggle_fullscreen()
            if toggled:
                self.mode_changes += 1
                return
        except pygame.error:
            pass  # drivers without toggling (dummy, some X11 setups): set the mode again
        self._set_mode(self.size)

    def _set_mode(self, size: tuple[int, int]) -> pygame.Surface:
        flags = pygame.SCALED | pygame.RESIZABLE
        if self.fullscreen:
            flags |= pygame.FULLSCREEN
        with warnings.catch_warnings():  # SDL's software renderer is fine for 2D
            warnings.filterwarnings("ignore", "no fast renderer available")
            warnings.filterwarnings("ignore", "recreating software renderer")
            screen = self._open_mode(size, flags)
        pygame.display.set_caption(self.title)
        self.size = tuple(size)
        self.mode_changes += 1
        self._apply_scale()
        return screen

    def _open_mode(self, size: tuple[int, int], flags: int) -> pygame.Surface:
        if pygame.display.get_surface() is not None and pygame.display.get_driver() == "dummy":
            # pygame-ce 2.5.8's dummy driver crashes on a second SCALED set_mode, so the
            # headless window is reopened instead; drop the focus events that makes.
            pygame.display.quit()
            pygame.display.init()
            screen = pygame.display.set_mode(size, flags)
            for event in pygame.event.get():  # keep the queued input, in order
                if event.type not in REOPEN_EVENTS:
                    pygame.event.post(event)
            return screen
        return pygame.display.set_mode(size, flags)
