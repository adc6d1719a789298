"""Every sprite of the window drawn by code, at the size it has on screen, in a theme's colours.

The drawings are the classic Windows Minesweeper ones (winmine.exe metrics: 16x16 cells,
13x23 LED digits, 26x26 face, 48x48 explosion frames), designed on that grid and drawn by
a :class:`game.ui.shared.pen.Pen` at any device size: whole-pixel shapes, never a small image
scaled up, so a 64-pixel cell is as sharp as a 16-pixel one. In the classic theme at the
classic sizes they are pixel-identical to the PNGs under assets/ (tools/make_assets.py
writes those PNGs through this module). Colours come from the theme (game.ui.shared.theme);
``number_weight`` 2 draws the number glyphs one grid pixel heavier.

Below 4 device pixels a cell or a face has no room for a drawing and is a flat colour,
the sprite's main one (a covered cell the theme's ``covered_flat``, never the colour of a
revealed one: without its bevel, classic's covered grey would be the revealed grey); an LED digit keeps at least a pixel of each segment (its spine).
"""

from __future__ import annotations

import math

import pygame

from game.ui.shared.glyphs import DIGIT_SEGMENTS, GLYPHS, LED_SHAPES, LED_SPINES
from game.ui.shared.pen import Pen, bevel
from game.ui.shared.theme import Theme

CELL = 16  # cell side on the design grid, pixels
LED_W, LED_H = 13, 23  # one 7-segment digit on the design grid
FACE = 26  # face button side on the design grid
BLAST = 48  # explosion frame side on the design grid
BLAST_FRAMES = 8  # frames in the explosion
CELL_KEYS = ("covered", "pressed", "flag", "question", "mine", "mine_hit", "wrong_flag",
             *(str(n) for n in range(9)))  # as Game.appearance gives them
LED_KEYS = (*(str(n) for n in range(10)), "minus")
FACE_KEYS = ("normal", "oh", "won", "dead", "pressed")
FLAT = 4  # below this many device pixels a cell or a face is a flat colour
CACHED = 12  # sizes kept per kind of sprite (a resized window asks for a few at a time)
# The explosion is fire whatever the theme (no pure white: the dark theme forbids it).
SPARK, EMBER, FLAME, CORE, SMOKE = (255, 230, 80), (200, 40, 0), (255, 140, 0), (255, 255, 160), (90, 90, 90)


def _side(size) -> int:
    """A requested side as a whole number of device pixels, at least 1 (bad input never raises)."""
    try:
        return max(1, int(size))
    except (TypeError, ValueError, OverflowError):
        return 1


class Sprites:
    """The sprites of one ``theme``, drawn on request and cached per size.

    Sizes are device pixels. Surfaces are plain (no display format): game.ui.shared.assets
    converts them for the screen."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self._cache: dict[tuple, object] = {}

    def cells(self, size: int) -> dict[str, pygame.Surface]:
        """The cell sprites (keys :data:`CELL_KEYS`), each ``size`` x ``size`` device pixels."""
        size = _side(size)
        return self._cached(("cells", size), lambda: {key: self._cell(key, size) for key in CELL_KEYS})

    def led(self, width: int, height: int) -> dict[str, pygame.Surface]:
        """The LED digits (keys :data:`LED_KEYS`), each ``width`` x ``height`` device pixels."""
        width, height = _side(width), _side(height)
        return self._cached(("led", width, height),
                            lambda: {key: self._led(DIGIT_SEGMENTS[key], width, height) for key in LED_KEYS})

    def faces(self, size: int) -> dict[str, pygame.Surface]:
        """The face buttons (keys :data:`FACE_KEYS`), each ``size`` x ``size`` device pixels."""
        size = _side(size)
        return self._cached(("faces", size), lambda: {
            key: self._face("normal" if key == "pressed" else key, size, key == "pressed") for key in FACE_KEYS})

    def explosion(self, size: int) -> list[pygame.Surface]:
        """The explosion's :data:`BLAST_FRAMES` frames (per-pixel alpha), ``size`` x ``size`` each."""
        size = _side(size)
        return self._cached(("explosion", size), lambda: [_blast(i, size) for i in range(BLAST_FRAMES)])

    def _cached(self, key: tuple, make):
        if key not in self._cache:
            while len(self._cache) >= CACHED * 4:
                del self._cache[next(iter(self._cache))]  # the oldest
            self._cache[key] = make()
        return self._cache[key]

    # --- cells ----------------------------------------------------------------
    def _cell(self, key: str, size: int) -> pygame.Surface:
        t = self.theme
        s = pygame.Surface((size, size))
        if size < FLAT:
            s.fill(self._flat(key))
            return s
        pen = Pen(s, size / CELL)
        if key in ("covered", "flag", "question"):
            s.fill(t.covered)
            bevel(s, s.get_rect(), max(1, round(size / 8)), t.covered_light, t.covered_shade)
        else:
            s.fill(t.mine_hit if key == "mine_hit" else t.revealed)
            pen.rect(t.grid, 0, 0, CELL, 1)
            pen.rect(t.grid, 0, 0, 1, CELL)
        if key == "flag":
            pen.polygon(t.flag, [(9, 3), (9, 8), (4, 5)])  # pennant
            pen.line(t.flag_pole, (9, 8), (9, 10))  # pole
            pen.rect(t.flag_pole, 6, 10, 6, 1)  # foot
            pen.rect(t.flag_pole, 4, 11, 10, 2)  # base
        elif key == "question":
            pen.grid(t.question, GLYPHS["?"], 4, 3)
        elif key in ("mine", "mine_hit", "wrong_flag"):
            self._mine(pen)
            if key == "wrong_flag":
                for o in (0, 1):  # a cross two pixels wide over the mine
                    pen.line(t.wrong, (2 + o, 3), (12 + o, 13))
                    pen.line(t.wrong, (12 + o, 3), (2 + o, 13))
        elif key.isdigit() and key != "0":
            rows = GLYPHS[int(key)]
            extra = max(0, t.number_weight - 1)
            if extra:  # heavier: each glyph pixel also covers the ``extra`` pixels right and below
                rows = _thicken(rows, extra)
            pen.grid(t.numbers[int(key) - 1], rows, 4 - extra / 2, 3 - extra / 2)
        return s

    def _mine(self, pen: Pen) -> None:
        t, c = self.theme, CELL // 2
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            pen.line(t.mine, (c - 6 * dx, c - 6 * dy), (c + 6 * dx, c + 6 * dy))
        for dx, dy in ((1, 0), (0, 1)):
            pen.line(t.mine, (c - 7 * dx, c - 7 * dy), (c + 6 * dx, c + 6 * dy))
        pen.circle(t.mine, (c, c), 5)
        pen.rect(t.mine_shine, c - 3, c - 3, 2, 2)

    def _flat(self, key: str):
        t = self.theme
        flat = {"covered": t.covered_flat, "pressed": t.revealed, "0": t.revealed, "flag": t.flag,
                "question": t.question, "mine": t.mine, "mine_hit": t.mine_hit, "wrong_flag": t.wrong}
        return flat.get(key) or t.numbers[int(key) - 1]

    # --- LED digits and the face -----------------------------------------------
    def _led(self, segments: str, width: int, height: int) -> pygame.Surface:
        t = self.theme
        s = pygame.Surface((width, height))
        s.fill(t.led_back)
        pen = Pen(s, width / LED_W, height / LED_H)
        for lit in (False, True):  # lit last: where small segments meet, the lit one shows
            for name, points in LED_SHAPES.items():
                if (name in segments) == lit:
                    colour = t.led_on if lit else t.led_off
                    pen.polygon(colour, points)
                    pen.line(colour, *LED_SPINES[name])  # at least a pixel wide when small
        return s

    def _face(self, kind: str, size: int, pressed: bool) -> pygame.Surface:
        t = self.theme
        s = pygame.Surface((size, size))
        s.fill(t.panel)
        if size < FLAT:
            s.fill(t.face)
            return s
        k = size / FACE
        line = max(1, round(k))
        pygame.draw.rect(s, t.shade, s.get_rect(), line)
        inner = s.get_rect().inflate(-2 * line, -2 * line)
        if pressed:
            s.fill(t.shade, (inner.left, inner.top, inner.width, line))
            s.fill(t.shade, (inner.left, inner.top, line, inner.height))
        else:
            bevel(s, inner, max(1, round(2 * k)), t.light, t.shade)
        pen = Pen(s, k, offset=(1, 1) if pressed else (0, 0))
        ink, cx, cy = t.face_ink, 13, 13
        pen.circle(ink, (cx, cy), 9)
        pen.circle(t.face, (cx, cy), 8)
        if kind == "dead":
            for ex in (cx - 4, cx + 3):
                pen.line(ink, (ex - 1, cy - 4), (ex + 1, cy - 2))
                pen.line(ink, (ex + 1, cy - 4), (ex - 1, cy - 2))
            pen.arc(ink, (cx - 4, cy + 2, 9, 6), 0.3, math.pi - 0.3)
        elif kind == "won":
            pen.rect(ink, cx - 6, cy - 4, 5, 3)
            pen.rect(ink, cx + 1, cy - 4, 5, 3)
            pen.line(ink, (cx - 8, cy - 5), (cx + 7, cy - 5))
            pen.arc(ink, (cx - 5, cy - 1, 11, 7), math.pi + 0.3, 2 * math.pi - 0.3)
        else:
            pen.rect(ink, cx - 4, cy - 4, 2, 2)
            pen.rect(ink, cx + 2, cy - 4, 2, 2)
            if kind == "oh":
                pen.circle(ink, (cx, cy + 4), 3, 1)
            else:
                pen.arc(ink, (cx - 5, cy - 2, 11, 8), math.pi + 0.3, 2 * math.pi - 0.3)
        return s


def _thicken(rows: list[str], extra: int) -> list[str]:
    """Glyph ``rows`` dilated by ``extra`` grid pixels to the right and below."""
    w, h = len(rows[0]) + extra, len(rows) + extra
    on = {(x + dx, y + dy) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#"
          for dx in range(extra + 1) for dy in range(extra + 1)}
    return ["".join("#" if (x, y) in on else "." for x in range(w)) for y in range(h)]


def _blast(i: int, size: int) -> pygame.Surface:
    """Frame ``i`` of the explosion at ``size`` device pixels: a flash that grows, burns
    orange and fades to smoke (the same in every theme)."""
    frame = pygame.Surface((size, size), pygame.SRCALPHA)
    k, c = size / BLAST, size // 2
    t = (i + 1) / BLAST_FRAMES
    radius = max(1, int((4 + 19 * min(1.0, t * 1.6)) * k))
    fade = 255 if t < 0.6 else int(255 * (1 - t) / 0.4)
    if t < 0.75:
        for n in range(12):  # sparks
            angle = n * math.pi / 6 + i * 0.2
            length = radius + 3 * k
            end = (c + length * math.cos(angle), c + length * math.sin(angle))
            pygame.draw.line(frame, (*SPARK, fade), (c, c), end, max(1, round(2 * k)))
    pygame.draw.circle(frame, (*EMBER, fade), (c, c), radius)
    pygame.draw.circle(frame, (*FLAME, fade), (c, c), max(1, radius * 3 // 4))
    pygame.draw.circle(frame, (*(CORE if t < 0.7 else SMOKE), fade), (c, c), max(1, radius // 2))
    return frame
