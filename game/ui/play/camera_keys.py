"""How the player moves the camera over a board bigger than the window (game.ui.play.camera).

- Ctrl + wheel, and + / - : zoom in and out a step (ZOOM_STEPS), around the pointer when
  it is over the board (else around the middle of the view), from the whole board in the
  window (an overview, a pixel or less a cell) to MAX_CELL pixels a cell.
- Wheel: scroll up and down (WHEEL_CELLS cells a notch); Shift + wheel, or a sideways
  wheel: left and right.
- Ctrl + drag with any button: pull the board along (a Ctrl-press never reveals, flags or
  chords, so dragging cannot be mistaken for a move).
- Page Up / Page Down: a view's height up or down; Home / End: to the first or the last
  column (with Ctrl: the top-left or the bottom-right corner).
- Tab: the minimap on and off (game.ui.play.minimap); a click on it moves the view there.
- The keyboard cursor keeps in view (game.ui.play.playing).

A board that fits its window (every standard level) has nothing to move: these controls
then take no event, and the keys and wheel do what they always did.
"""

from __future__ import annotations

import pygame

from game.ui.play.camera import MAX_CELL, Camera

ZOOM_STEPS = (2, 3, 4, 6, 8, 12, 16, 20, 24, 32, 40, 48, MAX_CELL)  # zoom levels, logical pixels a cell
WHEEL_CELLS = 3  # cells a wheel notch scrolls
ZOOM_IN_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
ZOOM_OUT_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
PAGE_KEYS = (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)


def next_zoom(cell: float, step: int, least: float) -> float:
    """The zoom ``step`` (+1 in, -1 out) ZOOM_STEPS levels from ``cell``; ``least`` (the whole
    board) below the smallest level above it."""
    levels = sorted({least, *(z for z in ZOOM_STEPS if z > least)})
    if step > 0:
        return next((z for z in levels if z > cell + 1e-9), levels[-1])
    return next((z for z in reversed(levels) if z < cell - 1e-9), levels[0])


class CameraControls:
    """Turns wheel, key and Ctrl-drag events into moves of ``camera``. :meth:`handle` returns
    True when it took the event (the scene then draws again and does nothing else with it)."""

    def __init__(self, camera: Camera, minimap=None, keys: bool = True) -> None:
        self.camera = camera
        self.minimap = minimap  # game.ui.play.minimap.Minimap, or None
        self.keys = keys  # False: the wheel and Ctrl+drag only (the replay viewer's keys are its own)
        self.pointer: tuple[int, int] | None = None  # the last pointer position seen, logical pixels
        self.dragging: tuple[int, int] | None = None  # where a Ctrl-drag last was

    @property
    def active(self) -> bool:
        """The board does not fit: there is something to scroll or zoom."""
        return not self.camera.fits

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.active:
            return False
        if self.minimap is not None and self.minimap.handle(event):
            return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return self._mouse(event)
        if event.type == pygame.MOUSEWHEEL:
            self._wheel(event)
            return True
        if event.type == pygame.KEYDOWN and self.keys:
            return self._key(event)
        return False

    def zoom(self, step: int, pos: tuple[int, int] | None = None) -> None:
        """One ZOOM_STEPS level in (+1) or out (-1), around ``pos`` (logical pixels) or the middle."""
        camera = self.camera
        if pos is not None and not camera.viewport.collidepoint(pos):
            pos = None
        camera.zoom_to(next_zoom(camera.cell, step, camera.min_cell), pos)

    def _mouse(self, event: pygame.event.Event) -> bool:
        pos = event.pos
        self.pointer = pos
        ctrl = pygame.key.get_mods() & pygame.KMOD_CTRL or getattr(event, "mod", 0) & pygame.KMOD_CTRL
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3) and ctrl:
            self.dragging = pos
            return True
        if self.dragging is None:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.camera.pan(self.dragging[0] - pos[0], self.dragging[1] - pos[1])
            self.dragging = pos
        elif event.type == pygame.MOUSEBUTTONUP:
            self.dragging = None
        return True

    def _wheel(self, event: pygame.event.Event) -> None:
        mods = pygame.key.get_mods()
        dx, dy = getattr(event, "x", 0), getattr(event, "y", 0)
        if mods & pygame.KMOD_CTRL:
            if dy:
                self.zoom(1 if dy > 0 else -1, self.pointer)
            return
        if mods & pygame.KMOD_SHIFT:
            dx, dy = dx or -dy, 0  # a vertical wheel with Shift scrolls sideways
        step = WHEEL_CELLS * self.camera.cell
        self.camera.pan(dx * step, -dy * step)

    def _key(self, event: pygame.event.Event) -> bool:
        key, camera = event.key, self.camera
        if key == pygame.K_TAB and self.minimap is not None:
            self.minimap.shown = not self.minimap.shown
            return True
        if key in ZOOM_IN_KEYS or key in ZOOM_OUT_KEYS:
            self.zoom(1 if key in ZOOM_IN_KEYS else -1, self.pointer)
            return True
        if key not in PAGE_KEYS:
            return False
        page = camera.viewport.height - camera.cell
        ctrl = getattr(event, "mod", 0) & pygame.KMOD_CTRL
        far = 10.0 ** 9  # past any edge: the clamp stops at the board's
        moves = {pygame.K_PAGEUP: (0, -page), pygame.K_PAGEDOWN: (0, page),
                 pygame.K_HOME: (-far, -far if ctrl else 0), pygame.K_END: (far, far if ctrl else 0)}
        camera.pan(*moves[key])
        return True
