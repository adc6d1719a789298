"""A hint's marks on the board: the move ringed, and the cells its explanation names.

The explanation's cells come as data with their part in it (game.solver.explain.Mark,
carried by game.ui.assist.Hint.marks); here they become pictures on their cells:

- the hinted move: a ring, green for a certain-safe cell, amber for a guess;
- each number the argument reads: a blue ring, and a white arrow along the argument: from
  a number touching the move to the move, from any other number to the nearest number
  touching the move (so that no arrow is drawn across a digit of the argument);
- each mine the argument deduces: a red cross;
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
# ``safe`` a certain-safe move, ``reads`` the numbers an explanation reads, ``risky`` the cross
# on a deduced mine and the edge of the cells mines lie among, ``arrow`` the arrows; marks
# are outlined in ``backdrop`` (classic: black) so they show on any tile.
OTHER_SAFE_ALPHA = 90  # green wash over the other certain-safe cells of a hint
AMONG_ALPHA = 70  # red wash over the cells mines lie among
ARROW_FROM, ARROW_TO = 0.28, 0.28  # arrows start and end this many cells from the centres


def outline(screen: pygame.Surface, rect: pygame.Rect, colour) -> None:
    """A 3-pixel ring: black, ``colour``, black, so it shows on any tile."""
    draw.rect(screen, palette.backdrop, rect, 1)
    draw.rect(screen, colour, rect.inflate(-2, -2), 1)
    draw.rect(screen, colour, rect.inflate(-4, -4), 1)


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


def arrow_ends(layout: BoardLayout, start: Cell, end: Cell) -> tuple[Point, Point]:
    """Where the arrow from cell ``start`` to cell ``end`` begins and ends, pixels: off the
    number's digit and just inside the move's ring."""
    (x0, y0), (x1, y1) = layout.cell_rect(start).center, layout.cell_rect(end).center
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    cell = layout.cell
    start_at = (x0 + ux * cell * ARROW_FROM, y0 + uy * cell * ARROW_FROM)
    return start_at, (x1 - ux * cell * ARROW_TO, y1 - uy * cell * ARROW_TO)


def draw_arrow(screen: pygame.Surface, layout: BoardLayout, start: Cell, end: Cell) -> None:
    """A white arrow (outlined in black) from the number at ``start`` to the cell at ``end``."""
    (x0, y0), (x1, y1) = arrow_ends(layout, start, end)
    width = 2 if layout.cell >= 12 else 1
    head = max(3, layout.cell // 3)
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    base = (x1 - ux * head, y1 - uy * head)
    wing = (-uy * head * 0.7, ux * head * 0.7)
    tip = [(x1, y1), (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
    draw.line(screen, palette.backdrop, (x0, y0), base, width + 2)
    draw.polygon(screen, palette.backdrop, tip, 0)
    draw.polygon(screen, palette.backdrop, tip, 1)
    draw.line(screen, palette.arrow, (x0, y0), base, width)
    draw.polygon(screen, palette.arrow, [(x1 - ux, y1 - uy), tip[1], tip[2]], 0)


def draw_cross(screen: pygame.Surface, rect: pygame.Rect) -> None:
    """A red X (outlined in black) across ``rect``: this cell holds a mine."""
    inner = rect.inflate(-rect.width // 4, -rect.height // 4)
    width = 2 if rect.width >= 12 else 1
    for colour, thick in ((palette.backdrop, width + 2), (palette.risky, width)):
        draw.line(screen, colour, inner.topleft, (inner.right - 1, inner.bottom - 1), thick)
        draw.line(screen, colour, (inner.left, inner.bottom - 1), (inner.right - 1, inner.top), thick)


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
            draw_cross(screen, layout.cell_rect(cell))
        for cell in marks[OTHER]:
            dashed(screen, layout.cell_rect(cell).inflate(-2, -2), palette.guess)
        for cell in marks[NUMBER]:
            outline(screen, layout.cell_rect(cell), palette.reads)
        for start, end in arrows(hint):
            draw_arrow(screen, layout, start, end)
        colour = palette.guess if hint.kind in ("guess", "endgame") else palette.safe
        outline(screen, layout.cell_rect(hint.cell), colour)
