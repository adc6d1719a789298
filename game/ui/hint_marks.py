"""A hint's marks on the board: the move ringed, and the cells its explanation names.

The explanation's cells come as data with their part in it (game.solver.explain.Mark,
carried by game.ui.assist.Hint.marks); here they become pictures on their cells:

- the hinted move: a ring, green for a certain-safe cell, amber for a guess;
- each number the argument reads: a blue ring around its cell (on its edge and the pixels
  outside it, never over the digit), and a white arrow along the argument: from a number
  touching the move to the move, from any other number to the nearest number touching the
  move (so that no arrow is drawn across a digit of the argument); an arrow starts and ends
  off the digits' box;
- each mine the argument deduces: a hollow red pennant, "flag this" (not a cross: a red X
  over a cell is the wrong-flag sprite a classic player knows);
- the cells a number's mines are shown to lie among: a red wash with a red edge;
- another move the explanation weighs: a dashed amber ring;
- the other certain-safe cells (not named): a pale green wash.

Drawing only (Tatham's drawstate): all positions come from the BoardLayout, in logical pixels.
"""

from __future__ import annotations

import math

import pygame

from game.board import Cell
from game.solver.explain import AMONG, MINE, NUMBER, OTHER
from game.ui import draw
from game.ui.canvas import layer
from game.ui.layout import BoardLayout
from game.ui.theme import palette


# Colours are the theme's (game.ui.theme): ``guess`` rings a best guess (classic: amber),
# ``safe`` a certain-safe move, ``reads`` the numbers an explanation reads, ``risky`` a deduced
# mine's pennant and the edge of the cells mines lie among, ``arrow`` the arrows; marks
# are outlined in ``backdrop`` (classic: black) so they show on any tile.
OTHER_SAFE_ALPHA = 90  # green wash over the other certain-safe cells of a hint
AMONG_ALPHA = 70  # red wash over the cells mines lie among
ARROW_TO = 0.28  # an arrow ends this many cells from the centre of the move (a covered cell)
DIGIT_HALF = (4.5 / 16, 5.5 / 16)  # half the width and height of a digit's box (heavier glyphs included), cells
ARROW_CLEAR = 1  # pixels an arrow's end keeps off a digit's box (its outline runs along it, not past its ends)
PENNANT = ((11, 2), (11, 9), (3, 5.5))  # a deduced mine's hollow pennant on the 16-pixel cell grid
POLE = ((11, 9), (11, 14))  # and its pole


def outline(screen: pygame.Surface, rect: pygame.Rect, colour) -> None:
    """A 3-pixel ring: black, ``colour``, black, so it shows on any tile."""
    draw.rect(screen, palette.backdrop, rect, 1)
    draw.rect(screen, colour, rect.inflate(-2, -2), 1)
    draw.rect(screen, colour, rect.inflate(-4, -4), 1)


def ring_around(screen: pygame.Surface, rect: pygame.Rect, colour) -> None:
    """A ring around ``rect``: ``colour`` on its edge pixels and the pixel outside, black
    outside that, so it shows on any tile and covers nothing a cell draws inside its edge
    (a digit keeps at least two pixels from the edge at any size)."""
    draw.rect(screen, palette.backdrop, rect.inflate(4, 4), 1)
    draw.rect(screen, colour, rect.inflate(2, 2), 1)
    draw.rect(screen, colour, rect, 1)


def dashed(screen: pygame.Surface, rect: pygame.Rect, colour, dash: int = 2) -> None:
    """A 2-pixel dashed ring just inside ``rect``: ``colour`` and black dashes of ``dash`` pixels."""
    right, bottom = rect.right - 1, rect.bottom - 1
    edge = [(x, rect.top) for x in range(rect.left, right)] + [(right, y) for y in range(rect.top, bottom)]
    edge += [(x, bottom) for x in range(right, rect.left, -1)] + [(rect.left, y) for y in range(bottom, rect.top, -1)]
    for i, (x, y) in enumerate(edge):
        shade = colour if (i // dash) % 2 == 0 else palette.backdrop
        draw.rect(screen, shade, (x - (x == right), y - (y == bottom), 2, 2))


def wash(screen: pygame.Surface, rect: pygame.Rect, rgb, alpha: int) -> None:
    """Tint ``rect`` with ``rgb`` at opacity ``alpha`` (0..255)."""
    tint = layer(screen, rect.size, alpha=True, at=rect.topleft)
    tint.fill((*rgb, alpha))
    screen.blit(tint, rect)


Point = tuple[float, float]


def arrow_ends(layout: BoardLayout, start: Cell, end: Cell, to_move: bool = True) -> tuple[Point, Point]:
    """Where the arrow from the number at cell ``start`` to cell ``end`` begins and ends,
    pixels: ARROW_CLEAR pixels outside the number's digit box, and just inside the move's
    ring (``to_move``) or outside the digit box of the number at ``end``."""
    (x0, y0), (x1, y1) = layout.cell_rect(start).center, layout.cell_rect(end).center
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    off = off_digit(layout.cell, ux, uy)
    back = layout.cell * ARROW_TO if to_move else off
    return (x0 + ux * off, y0 + uy * off), (x1 - ux * back, y1 - uy * back)


def off_digit(cell: float, ux: float, uy: float) -> float:
    """How far from a cell's centre, pixels, a line leaving it along (``ux``, ``uy``) (a unit
    vector) is ARROW_CLEAR pixels clear of the digit drawn there."""
    half_w, half_h = DIGIT_HALF[0] * cell + ARROW_CLEAR, DIGIT_HALF[1] * cell + ARROW_CLEAR
    return min(half_w / abs(ux) if ux else math.inf, half_h / abs(uy) if uy else math.inf)


def draw_arrow(screen: pygame.Surface, layout: BoardLayout, start: Cell, end: Cell, to_move: bool = True) -> None:
    """A white arrow (outlined in black) from the number at ``start`` to the cell at ``end``
    (the move when ``to_move``, else another number); between two numbers with little room
    between their digits, only its head."""
    (x0, y0), (x1, y1) = arrow_ends(layout, start, end, to_move)
    (cx0, cy0), (cx1, cy1) = layout.cell_rect(start).center, layout.cell_rect(end).center
    span = math.hypot(cx1 - cx0, cy1 - cy0) or 1.0
    ux, uy = (cx1 - cx0) / span, (cy1 - cy0) / span
    length = (x1 - x0) * ux + (y1 - y0) * uy  # room between the ends along the arrow, pixels
    if length < 2:
        return
    width = 2 if layout.cell >= 12 else 1
    head = min(max(3, layout.cell // 3), length)
    base = (x1 - ux * head, y1 - uy * head)
    wing = (-uy * head * 0.7, ux * head * 0.7)
    tip = [(x1, y1), (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
    shaft = length - head >= 1
    if shaft:
        draw.line(screen, palette.backdrop, (x0, y0), base, width + 2)
    draw.polygon(screen, palette.backdrop, tip, 0)
    draw.polygon(screen, palette.backdrop, tip, 1)
    if shaft:
        draw.line(screen, palette.arrow, (x0, y0), base, width)
    draw.polygon(screen, palette.arrow, [(x1 - ux, y1 - uy), tip[1], tip[2]], 0)


def draw_deduced_mine(screen: pygame.Surface, rect: pygame.Rect) -> None:
    """A hollow red pennant on a pole (outlined in black) in ``rect``: this cell holds a mine,
    flag it. Unlike the wrong-flag sprite (a mine crossed out), and unlike a flag (filled)."""
    k = rect.width / 16
    pennant = [(rect.left + x * k, rect.top + y * k) for x, y in PENNANT]
    pole = [(rect.left + x * k, rect.top + y * k) for x, y in POLE]
    width = 2 if rect.width >= 12 else 1
    for colour, thick in ((palette.backdrop, width + 2), (palette.risky, width)):
        draw.polygon(screen, colour, pennant, thick)
        draw.line(screen, colour, *pole, thick)


def _touch(a: Cell, b: Cell) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def arrows(hint) -> list[tuple[Cell, Cell]]:
    """(from, to) cells of the arrows a hint draws: see the module docstring."""
    numbers = [mark.cell for mark in hint.marks if mark.role == NUMBER]
    near = [cell for cell in numbers if _touch(cell, hint.cell)]
    pairs = []
    for cell in numbers:
        if cell in near or not near:
            pairs.append((cell, hint.cell))
        else:
            pairs.append((cell, min(near, key=lambda n: (max(abs(n[0] - cell[0]), abs(n[1] - cell[1])), n))))
    return pairs


def marked_cells(hint) -> list[Cell]:
    """Every cell a hint draws on besides the other safe cells: the move and its marks."""
    if hint is None or hint.cell is None:
        return []
    return [hint.cell] + [mark.cell for mark in hint.marks]


def draw_hint_marks(screen: pygame.Surface, layout: BoardLayout, hint) -> None:
    """Wash the other certain-safe cells green, draw the explanation's marks, ring the move
    (green safe, amber guess); ``hint`` is a game.ui.assist.Hint or None. Nothing is drawn
    outside the board's viewport (a big board's marks may lie beyond it)."""
    if hint is None or hint.cell is None:
        return
    with draw.clipped(screen, layout.board):
        named = set(marked_cells(hint))
        for cell in hint.safe - named:  # a named cell shows its part in the argument only
            wash(screen, layout.cell_rect(cell), palette.safe, OTHER_SAFE_ALPHA)
        marks = {role: [m.cell for m in hint.marks if m.role == role] for role in (NUMBER, MINE, AMONG, OTHER)}
        for cell in marks[AMONG]:
            rect = layout.cell_rect(cell)
            wash(screen, rect, palette.risky, AMONG_ALPHA)
            draw.rect(screen, palette.risky, rect, 1)
        for cell in marks[MINE]:
            draw_deduced_mine(screen, layout.cell_rect(cell))
        for cell in marks[OTHER]:
            dashed(screen, layout.cell_rect(cell).inflate(-2, -2), palette.guess)
        for cell in marks[NUMBER]:
            ring_around(screen, layout.cell_rect(cell), palette.reads)
        for start, end in arrows(hint):
            draw_arrow(screen, layout, start, end, end == hint.cell)
        colour = palette.guess if hint.kind in ("guess", "endgame") else palette.safe
        outline(screen, layout.cell_rect(hint.cell), colour)
