"""The sprites the scenes blit, at the size they have on screen, in the current theme.

Every sprite is drawn by code (game.ui.shared.sprites) for the requested device size and the
current theme (game.ui.shared.theme.current()), never a small image scaled: so a cell at 2.25x
is as sharp as at 1x. Once a display mode is set, sprites are converted to the screen's
format (``convert`` for opaque tiles, ``convert_alpha`` for the explosion) so blits are
fast; without one (tests, tools) they are used as drawn. The PNGs under assets/ are the
classic sprites at their classic sizes, written by tools/make_assets.py from the same code.
"""

from __future__ import annotations

import pygame

from game.ui.shared import theme as themes
from game.ui.shared.sprites import BLAST, CELL, CELL_KEYS, FACE, FACE_KEYS, LED_H, LED_KEYS, LED_W, Sprites

__all__ = ["Assets", "BLAST", "CELL_KEYS", "FACE_KEYS", "LED_KEYS"]


class Assets:
    """Every sprite of the current theme, by device size, drawn once per theme and size.

    ``cells``, ``led``, ``faces`` and ``explosion`` are the classic-size ones (16-pixel
    cells, 13x23 digits, 26-pixel faces, 48-pixel explosion frames) of the current theme."""

    def __init__(self) -> None:
        self._themes: dict[str, Sprites] = {}
        self._ready: dict[tuple, object] = {}  # (theme, kind, size) -> converted sprites

    # --- by size on screen ------------------------------------------------------
    def cell_sprites(self, size: int) -> dict[str, pygame.Surface]:
        """Cell sprites (keys CELL_KEYS, as Game.appearance gives them), ``size`` x ``size`` device pixels."""
        return self._get("cells", (size,))

    def led_sprites(self, width: int, height: int) -> dict[str, pygame.Surface]:
        """LED digits (keys "0".."9", "minus"), ``width`` x ``height`` device pixels."""
        return self._get("led", (width, height))

    def face_sprites(self, size: int) -> dict[str, pygame.Surface]:
        """Face buttons (normal, oh, won, dead, pressed), ``size`` x ``size`` device pixels."""
        return self._get("faces", (size,))

    def explosion_frames(self, size: int) -> list[pygame.Surface]:
        """The explosion's frames (per-pixel alpha), ``size`` x ``size`` device pixels each."""
        return self._get("explosion", (size,))

    # --- the classic sizes ------------------------------------------------------
    @property
    def cells(self) -> dict[str, pygame.Surface]:
        return self.cell_sprites(CELL)

    @property
    def led(self) -> dict[str, pygame.Surface]:
        return self.led_sprites(LED_W, LED_H)

    @property
    def faces(self) -> dict[str, pygame.Surface]:
        return self.face_sprites(FACE)

    @property
    def explosion(self) -> list[pygame.Surface]:
        return self.explosion_frames(BLAST)

    # --- drawing and converting -------------------------------------------------
    def sprites(self) -> Sprites:
        """The current theme's :class:`Sprites` (drawn on first use)."""
        theme = themes.current()
        if theme.name not in self._themes or self._themes[theme.name].theme is not theme:
            self._themes[theme.name] = Sprites(theme)
        return self._themes[theme.name]

    def _get(self, kind: str, size: tuple):
        sprites = self.sprites()
        drawn = getattr(sprites, kind)(*size)
        key = (sprites.theme.name, kind, *size)
        shown = pygame.display.get_surface() is not None
        ready = self._ready.get(key)
        # again when drawn again (the drawing cache let it go) or a display mode came since
        if ready is None or ready[0] is not drawn or ready[1] != shown:
            while len(self._ready) >= 64:
                del self._ready[next(iter(self._ready))]
            ready = self._ready[key] = (drawn, shown, _for_display(drawn) if shown else drawn)
        return ready[2]


def _for_display(drawn):
    """``drawn`` (a dict or list of surfaces) converted to the display's format (a mode is set)."""
    def convert(surface: pygame.Surface) -> pygame.Surface:
        try:
            return surface.convert_alpha() if surface.get_flags() & pygame.SRCALPHA else surface.convert()
        except pygame.error:  # the display went away meanwhile: use it as drawn
            return surface

    if isinstance(drawn, dict):
        return {name: convert(surface) for name, surface in drawn.items()}
    return [convert(surface) for surface in drawn]
