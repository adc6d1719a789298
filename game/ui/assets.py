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
        self._scaled: dict[tuple, dict[str, pygame.Surface]] = {(16, 16): self.cells}

    def cell_sprites(self, size: int) -> dict[str, pygame.Surface]:
        """Cell sprites at ``size`` pixels (smaller boards of a big size are shrunk once)."""
        return self._sized(self.cells, (size, size))

    def led_sprites(self, width: int, height: int) -> dict[str, pygame.Surface]:
        """LED digits of ``width`` x ``height`` pixels."""
        return self._sized(self.led, (width, height))

    def face_sprites(self, size: int) -> dict[str, pygame.Surface]:
        """Face buttons of ``size`` x ``size`` pixels."""
        return self._sized(self.faces, (size, size))

    def explosion_frames(self, size: int) -> list[pygame.Surface]:
        """The explosion's frames, ``size`` x ``size`` pixels each."""
        frames = self._sized(dict(enumerate(self.explosion)), (size, size))
        return [frames[i] for i in range(len(frames))]

    def _sized(self, images: dict, size: tuple[int, int]) -> dict:
        key = (id(images) if images is not self.cells else 0, *size)
        if size == next(iter(images.values())).get_size():
            return images
        if key not in self._scaled:
            self._scaled[key] = {name: pygame.transform.smoothscale(image, size) for name, image in images.items()}
        return self._scaled[key]

    def _load(self, name: str, alpha: bool = False) -> pygame.Surface:
        path = self.folder / f"{name}.png"
        if not path.exists():
            raise FileNotFoundError(f"sprite {path} is missing; draw them with python tools/make_assets.py")
        image = pygame.image.load(str(path))
        return image.convert_alpha() if alpha else image.convert()
