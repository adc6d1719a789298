"""Sprites from the PNGs under assets/ (drawn by tools/make_assets.py), loaded once.

Load only after the display mode is set: images are converted to the screen's
format (``convert`` for opaque tiles, ``convert_alpha`` for the explosion).
"""

from __future__ import annotations

from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parent.parent.parent / "assets"
CELL_KEYS = ("covered", "pressed", "flag", "question", "mine", "mine_hit", "wrong_flag",
             *(str(n) for n in range(9)))  # sprite keys, as Game.appearance gives them
LED_KEYS = (*(str(n) for n in range(10)), "minus")
FACE_KEYS = ("normal", "oh", "won", "dead", "pressed")
BLAST = 48  # explosion frame side, pixels


class Assets:
    """Every sprite: ``cells`` (16 px, by appearance key), ``led``, ``faces``, ``explosion`` frames.

    Raises:
        FileNotFoundError: a PNG is missing (the message says how to draw them again).
    """

    def __init__(self, folder: Path = ASSETS) -> None:
        self.folder = folder
        self.cells = {key: self._load(f"cell_{key}") for key in CELL_KEYS}
        self.led = {key: self._load(f"led_{key}") for key in LED_KEYS}
        self.faces = {key: self._load(f"face_{key}") for key in FACE_KEYS}
        sheet = self._load("explosion", alpha=True)
        self.explosion = [sheet.subsurface((i * BLAST, 0, BLAST, BLAST))
                          for i in range(sheet.get_width() // BLAST)]
        self._scaled: dict[int, dict[str, pygame.Surface]] = {16: self.cells}

    def cell_sprites(self, size: int) -> dict[str, pygame.Surface]:
        """Cell sprites at ``size`` pixels (smaller boards of a big size are shrunk once)."""
        if size not in self._scaled:
            self._scaled[size] = {key: pygame.transform.smoothscale(image, (size, size))
                                  for key, image in self.cells.items()}
        return self._scaled[size]

    def _load(self, name: str, alpha: bool = False) -> pygame.Surface:
        path = self.folder / f"{name}.png"
        if not path.exists():
            raise FileNotFoundError(f"sprite {path} is missing; draw them with python tools/make_assets.py")
        image = pygame.image.load(str(path))
        return image.convert_alpha() if alpha else image.convert()
