"""Draw every sprite of the window game with pygame and write them as PNGs under assets/.

Run ``python tools/make_assets.py`` (headless is fine) after changing a drawing;
commit this script and the PNGs together. Sizes are in logical pixels, the
classic Windows Minesweeper (winmine.exe) metrics: 16x16 cells, 13x23 LED digits,
26x26 face button. Colours are the classic palette (1 blue, 2 green, 3 red, 4 navy,
5 maroon, 6 teal, 7 black, 8 grey).
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "assets"
CELL = 16  # cell side, pixels
LED_W, LED_H = 13, 23  # one 7-segment digit, pixels
FACE = 26  # face button side, pixels
BLAST = 48  # explosion frame side, pixels
BLAST_FRAMES = 8  # frames in the explosion sheet

GREY = (192, 192, 192)
DARK = (128, 128, 128)
WHITE = (255, 255, 255)
BLACK = (0, 0, 0)
RED = (255, 0, 0)
NUMBER_COLOURS = {1: (0, 0, 255), 2: (0, 128, 0), 3: (255, 0, 0), 4: (0, 0, 128),
                  5: (128, 0, 0), 6: (0, 128, 128), 7: (0, 0, 0), 8: (128, 128, 128)}

# 8x10 bold glyphs, drawn at x 4..11, y 3..12 of a cell.
GLYPHS = {
    1: ["...##...", "..###...", ".####...", "...##...", "...##...",
        "...##...", "...##...", "...##...", ".######.", ".######."],
    2: [".######.", "##....##", "......##", ".....##.", "...###..",
        "..##....", ".##.....", "##......", "########", "########"],
    3: ["#######.", "......##", "......##", "......##", "..#####.",
        "......##", "......##", "......##", "......##", "#######."],
    4: ["...####.", "..##.##.", ".##..##.", "##...##.", "##...##.",
        "########", "########", ".....##.", ".....##.", ".....##."],
    5: ["########", "##......", "##......", "##......", "#######.",
        "......##", "......##", "......##", "##....##", ".######."],
    6: [".######.", "##......", "##......", "##......", "#######.",
        "##....##", "##....##", "##....##", "##....##", ".######."],
    7: ["########", "########", "......##", ".....##.", "....##..",
        "...##...", "...##...", "..##....", "..##....", "..##...."],
    8: [".######.", "##....##", "##....##", "##....##", ".######.",
        "##....##", "##....##", "##....##", "##....##", ".######."],
    "?": [".######.", "##....##", "##....##", ".....##.", "....##..",
          "...##...", "...##...", "........", "...##...", "...##..."],
}

# Segments of a 7-segment digit: a top, b top right, c bottom right, d bottom,
# e bottom left, f top left, g middle.
DIGIT_SEGMENTS = {"0": "abcdef", "1": "bc", "2": "abdeg", "3": "abcdg", "4": "bcfg", "5": "acdfg",
                  "6": "acdefg", "7": "abc", "8": "abcdefg", "9": "abcdfg", "minus": "g"}


def bevel(surface: pygame.Surface, rect: pygame.Rect, width: int, raised: bool = True) -> None:
    """Windows-style bevel: light top-left, dark bottom-right, ``width`` pixels thick."""
    light, shade = (WHITE, DARK) if raised else (DARK, WHITE)
    for i in range(width):
        r = rect.inflate(-2 * i, -2 * i)
        pygame.draw.line(surface, light, r.topleft, (r.right - 1 - i * 0, r.top))
        pygame.draw.line(surface, light, r.topleft, (r.left, r.bottom - 1))
        pygame.draw.line(surface, shade, (r.left + 1, r.bottom - 1), (r.right - 1, r.bottom - 1))
        pygame.draw.line(surface, shade, (r.right - 1, r.top + 1), (r.right - 1, r.bottom - 1))


def covered() -> pygame.Surface:
    s = pygame.Surface((CELL, CELL))
    s.fill(GREY)
    bevel(s, s.get_rect(), 2)
    return s


def revealed(background=GREY) -> pygame.Surface:
    s = pygame.Surface((CELL, CELL))
    s.fill(background)
    pygame.draw.line(s, DARK, (0, 0), (CELL - 1, 0))
    pygame.draw.line(s, DARK, (0, 0), (0, CELL - 1))
    return s


def glyph(surface: pygame.Surface, key, colour, x0: int = 4, y0: int = 3) -> None:
    for y, row in enumerate(GLYPHS[key]):
        for x, ch in enumerate(row):
            if ch == "#":
                surface.set_at((x0 + x, y0 + y), colour)


def mine(background=GREY) -> pygame.Surface:
    s = revealed(background)
    c = CELL // 2
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        pygame.draw.line(s, BLACK, (c - 6 * dx, c - 6 * dy), (c + 6 * dx, c + 6 * dy))
    for dx, dy in ((1, 0), (0, 1)):
        pygame.draw.line(s, BLACK, (c - 7 * dx, c - 7 * dy), (c + 6 * dx, c + 6 * dy))
    pygame.draw.circle(s, BLACK, (c, c), 5)
    pygame.draw.rect(s, WHITE, (c - 3, c - 3, 2, 2))
    return s


def wrong_flag() -> pygame.Surface:
    s = mine()
    for offset in (0, 1):
        pygame.draw.line(s, RED, (2 + offset, 3), (12 + offset, 13))
        pygame.draw.line(s, RED, (12 + offset, 3), (2 + offset, 13))
    return s


def flag() -> pygame.Surface:
    s = covered()
    pygame.draw.polygon(s, RED, [(9, 3), (9, 8), (4, 5)])  # pennant
    pygame.draw.line(s, BLACK, (9, 8), (9, 10))  # pole
    pygame.draw.rect(s, BLACK, (6, 10, 6, 1))  # foot
    pygame.draw.rect(s, BLACK, (4, 11, 10, 2))  # base
    return s


def question() -> pygame.Surface:
    s = covered()
    glyph(s, "?", BLACK, 4, 3)
    return s


def led(segments: str) -> pygame.Surface:
    """A 13x23 seven-segment digit: lit segments bright red, the others dim."""
    s = pygame.Surface((LED_W, LED_H))
    s.fill(BLACK)
    shapes = {  # hand-placed on the 13x23 grid, 1 pixel gaps between segments
        "a": [(2, 1), (10, 1), (8, 3), (4, 3)],
        "b": [(11, 2), (9, 4), (9, 9), (11, 10)],
        "c": [(11, 12), (9, 13), (9, 18), (11, 20)],
        "d": [(2, 21), (10, 21), (8, 19), (4, 19)],
        "e": [(1, 12), (3, 13), (3, 18), (1, 20)],
        "f": [(1, 2), (3, 4), (3, 9), (1, 10)],
        "g": [(2, 11), (4, 10), (8, 10), (10, 11), (8, 12), (4, 12)],
    }
    for name, points in shapes.items():
        colour = (255, 0, 0) if name in segments else (64, 0, 0)
        pygame.draw.polygon(s, colour, points)
    return s


def face(kind: str, pressed: bool = False) -> pygame.Surface:
    """The 26x26 face button: normal, oh, won (sunglasses), dead (crossed eyes)."""
    s = pygame.Surface((FACE, FACE))
    s.fill(GREY)
    pygame.draw.rect(s, DARK, s.get_rect(), 1)
    inner = s.get_rect().inflate(-2, -2)
    if pressed:
        pygame.draw.line(s, DARK, inner.topleft, inner.topright)
        pygame.draw.line(s, DARK, inner.topleft, inner.bottomleft)
    else:
        bevel(s, inner, 2)
    d = 1 if pressed else 0
    cx, cy = 13 + d, 13 + d
    pygame.draw.circle(s, BLACK, (cx, cy), 9)
    pygame.draw.circle(s, (255, 255, 0), (cx, cy), 8)
    if kind == "dead":
        for ex in (cx - 4, cx + 3):
            pygame.draw.line(s, BLACK, (ex - 1, cy - 4), (ex + 1, cy - 2))
            pygame.draw.line(s, BLACK, (ex + 1, cy - 4), (ex - 1, cy - 2))
        pygame.draw.arc(s, BLACK, (cx - 4, cy + 2, 9, 6), 0.3, math.pi - 0.3, 1)
    elif kind == "won":
        pygame.draw.rect(s, BLACK, (cx - 6, cy - 4, 5, 3))
        pygame.draw.rect(s, BLACK, (cx + 1, cy - 4, 5, 3))
        pygame.draw.line(s, BLACK, (cx - 8, cy - 5), (cx + 7, cy - 5))
        pygame.draw.arc(s, BLACK, (cx - 5, cy - 1, 11, 7), math.pi + 0.3, 2 * math.pi - 0.3, 1)
    else:
        pygame.draw.rect(s, BLACK, (cx - 4, cy - 4, 2, 2))
        pygame.draw.rect(s, BLACK, (cx + 2, cy - 4, 2, 2))
        if kind == "oh":
            pygame.draw.circle(s, BLACK, (cx, cy + 4), 3, 1)
        else:
            pygame.draw.arc(s, BLACK, (cx - 5, cy - 2, 11, 8), math.pi + 0.3, 2 * math.pi - 0.3, 1)
    return s


def explosion_sheet() -> pygame.Surface:
    """BLAST_FRAMES frames side by side: a flash that grows, burns orange, and fades to smoke."""
    sheet = pygame.Surface((BLAST * BLAST_FRAMES, BLAST), pygame.SRCALPHA)
    c = BLAST // 2
    for i in range(BLAST_FRAMES):
        frame = pygame.Surface((BLAST, BLAST), pygame.SRCALPHA)
        t = (i + 1) / BLAST_FRAMES
        radius = int(4 + 19 * min(1.0, t * 1.6))
        fade = 255 if t < 0.6 else int(255 * (1 - t) / 0.4)
        if t < 0.75:
            for k in range(12):  # sparks
                angle = k * math.pi / 6 + i * 0.2
                length = radius + 3
                end = (c + length * math.cos(angle), c + length * math.sin(angle))
                pygame.draw.line(frame, (255, 230, 80, fade), (c, c), end, 2)
        pygame.draw.circle(frame, (200, 40, 0, fade), (c, c), radius)
        pygame.draw.circle(frame, (255, 140, 0, fade), (c, c), max(1, radius * 3 // 4))
        if t < 0.7:
            pygame.draw.circle(frame, (255, 255, 160, fade), (c, c), max(1, radius // 2))
        else:
            pygame.draw.circle(frame, (90, 90, 90, fade), (c, c), max(1, radius // 2))
        sheet.blit(frame, (i * BLAST, 0))
    return sheet


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
    """Every sprite, by file stem."""
    out = {"cell_covered": covered(), "cell_pressed": revealed(), "cell_flag": flag(),
           "cell_question": question(), "cell_mine": mine(), "cell_mine_hit": mine(RED),
           "cell_wrong_flag": wrong_flag(), "explosion": explosion_sheet(), "icon": icon()}
    for n in range(9):
        s = revealed()
        if n:
            glyph(s, n, NUMBER_COLOURS[n])
        out[f"cell_{n}"] = s
    for name, segments in DIGIT_SEGMENTS.items():
        out[f"led_{name}"] = led(segments)
    for kind in ("normal", "oh", "won", "dead"):
        out[f"face_{kind}"] = face(kind)
    out["face_pressed"] = face("normal", pressed=True)
    return out


def main(out: Path = OUT) -> int:
    """Write every sprite as ``out/<name>.png``; returns the process exit status."""
    pygame.init()
    out.mkdir(parents=True, exist_ok=True)
    for name, surface in sprites().items():
        pygame.image.save(surface, str(out / f"{name}.png"))
    print(f"wrote {len(sprites())} sprites to {out}")
    return 0


if __name__ == "__main__":
    import argparse
    parser = argparse.ArgumentParser(description="Draw the game's sprites as PNG files.")
    parser.add_argument("out", nargs="?", type=Path, default=OUT,
                        help=f"folder for the PNG files (default: {OUT})")
    sys.exit(main(parser.parse_args().out))
