"""Write every sprite of the window game as PNGs under assets/, drawn by game/ui/shared/sprites.py.

Run ``python tools/make_assets.py`` (headless is fine) after changing a drawing in
game/ui/shared/sprites.py or game/ui/shared/glyphs.py; commit the PNGs with it. The game itself draws
its sprites by code at their size on screen; the PNGs are the classic theme's sprites at
the classic Windows Minesweeper (winmine.exe) sizes, 16x16 cells, 13x23 LED digits, 26x26
face button, 48x48 explosion frames side by side, kept as documentation, and the 32x32
window icon the window uses (drawn here).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.ui.shared.sprites import BLAST, CELL, FACE, LED_H, LED_W, Sprites  # noqa: E402
from game.ui.shared.theme import CLASSIC  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "assets"
GREY = (192, 192, 192)
DARK = (128, 128, 128)
WHITE = (255, 255, 255)
BLACK = (0, 0, 0)


def bevel(surface: pygame.Surface, rect: pygame.Rect, width: int, raised: bool = True) -> None:
    """Windows-style bevel: light top-left, dark bottom-right, ``width`` pixels thick."""
    light, shade = (WHITE, DARK) if raised else (DARK, WHITE)
    for i in range(width):
        r = rect.inflate(-2 * i, -2 * i)
        pygame.draw.line(surface, light, r.topleft, (r.right - 1, r.top))
        pygame.draw.line(surface, light, r.topleft, (r.left, r.bottom - 1))
        pygame.draw.line(surface, shade, (r.left + 1, r.bottom - 1), (r.right - 1, r.bottom - 1))
        pygame.draw.line(surface, shade, (r.right - 1, r.top + 1), (r.right - 1, r.bottom - 1))


def icon() -> pygame.Surface:
    """32x32 window icon: a mine on a revealed tile with a bevelled frame."""
    s = pygame.Surface((32, 32))
    s.fill(GREY)
    bevel(s, s.get_rect(), 3)
    c = 16
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        pygame.draw.line(s, BLACK, (c - 11 * dx, c - 11 * dy), (c + 11 * dx, c + 11 * dy), 2)
    pygame.draw.circle(s, BLACK, (c, c), 8)
    pygame.draw.rect(s, WHITE, (c - 5, c - 5, 3, 3))
    return s


def sprites() -> dict[str, pygame.Surface]:
    """Every sprite, by file stem: the classic theme's at the classic sizes, and the icon."""
    drawn = Sprites(CLASSIC)
    out = {f"cell_{key}": surface for key, surface in drawn.cells(CELL).items()}
    out.update({f"led_{key}": surface for key, surface in drawn.led(LED_W, LED_H).items()})
    out.update({f"face_{key}": surface for key, surface in drawn.faces(FACE).items()})
    frames = drawn.explosion(BLAST)
    sheet = pygame.Surface((BLAST * len(frames), BLAST), pygame.SRCALPHA)
    for i, frame in enumerate(frames):
        sheet.blit(frame, (i * BLAST, 0))
    out["explosion"] = sheet
    out["icon"] = icon()
    return out


def main(out: Path = OUT) -> int:
    """Write every sprite as ``out/<name>.png``; returns the process exit status."""
    pygame.init()
    out.mkdir(parents=True, exist_ok=True)
    drawn = sprites()
    for name, surface in drawn.items():
        pygame.image.save(surface, str(out / f"{name}.png"))
    print(f"wrote {len(drawn)} sprites to {out}")
    return 0


if __name__ == "__main__":
    import argparse
    parser = argparse.ArgumentParser(description="Draw the game's sprites as PNG files.")
    parser.add_argument("out", nargs="?", type=Path, default=OUT,
                        help=f"folder for the PNG files (default: {OUT})")
    sys.exit(main(parser.parse_args().out))
