"""A hint's marks on the board: the move ringed, and the cells its explanation names.

The explanation's cells come as data with their part in it (game.solver.explain.Mark,
carried by game.ui.play.assist.Hint.marks); here they become pictures on their cells.

No mark ever covers a pixel of a revealed number's digit. A digit's glyph keeps a border
of at least :func:`border` pixels along each edge of its cell (2.5 of the 16 design pixels
in the heavier glyphs, tests/ui/test_ui_marks_digits.py checks every theme): the marks
touch a number's cell only in that border, and draw freely only on covered cells (the
move, its mines, the cells mines lie among, the other safe cells: none holds a digit).

- the hinted move: a ring inside its cell, green for a certain-safe cell, amber for a guess;
- each number the argument reads: a blue ring hugging its cell's edge (its edge pixel and
  the pixel outside it, black beyond: never over its own digit, nor its neighbours');
- a white arrow (outlined in black) from each such number to the move, routed along the
  grid lines between the cells, never straight across them: it leaves the number's cell at
  its corner (or the middle of its side) facing the move, runs along the lines there, and
  ends in a head inside the move's cell, pointing in from the corner or side it reached.
  A number beside the move has only the head, on the side facing it. The line is
  ``2 * border`` pixels wide, centred on the grid line, so it stays in the cells' borders
  whatever lies beside it (several arrows share their way to the move where they meet);
- each mine the argument deduces (or a flag it takes as one): the cell hatched with
  diagonal red stripes, outlined in black, edge to edge: "a mine here, flag it". No digit
  draws parallel stripes that run to its cell's edges, in any colour, so it never reads as
  a number (a hollow red pennant read as a red 4), nor as a flag, nor as the wrong-flag
  sprite (a mine crossed out); a flag under it shows, in part, between the stripes;
- the cells a number's mines are shown to lie among: a red wash with a red edge;
- another move the explanation weighs: a dashed amber ring;
- the other certain-safe cells (not named): a pale green wash;
- with the rulers off, the row and column of each cell the text names, written in the
  frame beside and above the board as a ruler writes them (:func:`draw_cell_labels`), so a
  player reads "(3; 6)" as row 3, column 6 without counting (issue 36).

Drawing only (Tatham's drawstate): all positions come from the BoardLayout, in logical
pixels; the lines are axis-aligned rects, so they stay on the grid at any scale.
"""

from __future__ import annotations

import math

import pygame

from game.rules.board import Cell
from game.solver.explain import AMONG, MINE, NUMBER, OTHER
from game.ui.shared import draw
from game.ui.shared.canvas import layer
from game.ui.play.layout import BEVEL, RULER_FONT, BoardLayout
from game.ui.shared.theme import palette
from game.ui.shared.widgets import fitting_size, text, text_width


# Colours are the theme's (game.ui.shared.theme): ``guess`` rings a best guess (classic: amber),
# ``safe`` a certain-safe move, ``reads`` the numbers an explanation reads, ``risky`` a deduced
# mine's stripes and the edge of the cells mines lie among, ``arrow`` the arrows; marks
# are outlined in ``backdrop`` (classic: black) so they show on any tile.
OTHER_SAFE_ALPHA = 90  # green wash over the other certain-safe cells of a hint
AMONG_ALPHA = 70  # red wash over the cells mines lie among
DIGIT_MARGIN = 2.5 / 16  # a digit's glyph keeps this share of its cell clear along each edge (heavier glyphs)
HEAD_SHORT = 1 / 16  # an arrow's head ends this many cells short of the move's centre
RING = 3  # pixels of the move's ring inside its cell (outline)
STRIPE = 8 / 16  # a deduced mine's stripes repeat every this many cells along a row (3/16 red, outlined in 1/16 black)


def border(cell: int) -> int:
    """The pixels along each edge of a ``cell``-pixel cell where no digit draws (at least 1):
    the only pixels of a number's cell a mark may cover."""
    return max(1, int(DIGIT_MARGIN * cell))


def outline(screen: pygame.Surface, rect: pygame.Rect, colour) -> None:
    """A ring :data:`RING` pixels wide just inside ``rect``: black on the edge, then two of
    ``colour``, so it shows on any tile."""
    draw.rect(screen, palette.backdrop, rect, 1)
    draw.rect(screen, colour, rect.inflate(-2, -2), 1)
    draw.rect(screen, colour, rect.inflate(-4, -4), 1)


def ring_around(screen: pygame.Surface, rect: pygame.Rect, colour, width: int | None = None) -> None:
    """A ring hugging ``rect`` (a cell's): ``colour`` on its edge pixels and (``width`` 2 or
    more) the pixel outside, black outside that, so it shows on any tile. It covers only
    the ``width`` pixels on either side of the cell's edge (default: :func:`border` of the
    cell), where neither this cell nor its neighbours draw a digit."""
    width = border(rect.width) if width is None else width
    if width >= 2:
        draw.rect(screen, palette.backdrop, rect.inflate(4, 4), 1)
        draw.rect(screen, colour, rect.inflate(2, 2), 1)
    else:
        draw.rect(screen, palette.backdrop, rect.inflate(2, 2), 1)
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


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def route(start: Cell, end: Cell) -> list[Point]:
    """The way of the arrow from the number at cell ``start`` to the move at cell ``end``, as
    points of the grid (row line, column line): row line r runs along the top of row r,
    a half (r + 0.5) is the middle of a cell's side. It leaves ``start`` at its corner facing
    ``end`` (the middle of its side when they share a row or column), runs along the lines,
    first along the rows, and reaches ``end`` at its corner (or side's middle) facing
    ``start``; one point for cells side by side (only a head is drawn). Two cells of one
    row are joined along the row's top line (in row 0, its bottom line: the board's edge
    would hide half the line), two of one column along its left line (in column 0, its right)."""
    (r0, c0), (r1, c1) = start, end
    dr, dc = _sign(r1 - r0), _sign(c1 - c0)
    if dr and dc:
        a0, b0 = r0 + (dr > 0), c0 + (dc > 0)
        a1, b1 = r1 + (dr < 0), c1 + (dc < 0)
        points = [(a0, b0), (a0, b1), (a1, b1)]
    elif dr == 0:  # the same row: along its top line, from side to side
        b0, b1, line = c0 + (dc > 0), c1 + (dc < 0), r0 + (r0 == 0)
        points = [(r0 + 0.5, b0), (line, b0), (line, b1), (r0 + 0.5, b1)]
    else:  # the same column: along its left line
        a0, a1, line = r0 + (dr > 0), r1 + (dr < 0), c0 + (c0 == 0)
        points = [(a0, c0 + 0.5), (a0, line), (a1, line), (a1, c0 + 0.5)]
    if max(abs(r1 - r0), abs(c1 - c0)) == 1:
        return points[-1:]  # side by side: the head only
    way = [points[0]]
    for point in points[1:]:
        if point != way[-1]:
            way.append(point)
    return way


def grid_pixel(layout: BoardLayout, point: Point) -> tuple[int, int]:
    """Logical pixel (x, y) of a grid point of :func:`route`: on a line, the first pixel past
    it (the line runs between that pixel and the one before); a half, a side's middle."""
    a, b = point
    row, col = math.floor(a), math.floor(b)
    rect = layout.cell_rect((row, col))
    x = rect.left + (rect.width // 2 if b % 1 else 0)
    y = rect.top + (rect.height // 2 if a % 1 else 0)
    return x, y


def draw_route(screen: pygame.Surface, layout: BoardLayout, ways: list[list[Point]]) -> None:
    """The lines of the arrows' ``ways`` (:func:`route`): white, 2 pixels, centred on the grid
    lines, in black out to :func:`border` pixels each side (every outline first, so that
    ways that meet join)."""
    b = border(int(layout.camera.cell))  # (a big board's zoom: the cells as drawn)
    for colour, half in ((palette.backdrop, b), (palette.arrow, 1)):
        for way in ways:
            for p, q in zip(way, way[1:]):
                (x0, y0), (x1, y1) = grid_pixel(layout, p), grid_pixel(layout, q)
                left, top = min(x0, x1) - half, min(y0, y1) - half
                draw.rect(screen, colour, (left, top, abs(x1 - x0) + 2 * half, abs(y1 - y0) + 2 * half))


def head_points(layout: BoardLayout, end: Cell, entry: Point) -> tuple[tuple[Point, Point], list[Point]]:
    """Where the head of an arrow entering the cell ``end`` at grid point ``entry`` is drawn,
    logical pixels: ((the entry, the head's base), [tip, wing, wing]), pointing at the cell's
    centre from inside the move's ring (RING pixels wide); it lies inside the cell (drawn
    clipped to it)."""
    rect = layout.cell_rect(end)
    ex, ey = grid_pixel(layout, entry)
    ex, ey = ex - 0.5, ey - 0.5  # the line's middle, between two pixels
    cx, cy = rect.left + rect.width / 2 - 0.5, rect.top + rect.height / 2 - 0.5
    span = math.hypot(cx - ex, cy - ey) or 1.0
    ux, uy = (cx - ex) / span, (cy - ey) / span
    half = max(2.5, 0.2 * rect.width)
    corner = entry[0] % 1 == 0 and entry[1] % 1 == 0
    base = half + RING * math.sqrt(2) if corner else float(RING)  # the wings clear the ring
    tip = max(base + 3, span - HEAD_SHORT * rect.width)
    bx, by = ex + ux * base, ey + uy * base
    return ((ex, ey), (bx, by)), [(ex + ux * tip, ey + uy * tip), (bx - uy * half, by + ux * half),
                                  (bx + uy * half, by - ux * half)]


def draw_head(screen: pygame.Surface, layout: BoardLayout, end: Cell, entry: Point) -> None:
    """An arrow's head in the cell ``end``, from ``entry`` (:func:`head_points`), white outlined
    in black, and the short shaft joining it to the line on the grid; nothing outside the
    cell."""
    (start, base), tip = head_points(layout, end, entry)
    within = layout.cell_rect(end).clip(screen.get_clip())
    with draw.clipped(screen, within):
        width = 2 if layout.cell_rect(end).width >= 12 else 1
        draw.line(screen, palette.backdrop, start, base, width + 2)
        draw.polygon(screen, palette.backdrop, tip, 0)
        draw.polygon(screen, palette.backdrop, tip, 2)
        draw.line(screen, palette.arrow, start, base, width)
        cx, cy = sum(x for x, _ in tip) / 3, sum(y for _, y in tip) / 3
        inner = [(cx + (x - cx) * 0.6, cy + (y - cy) * 0.6) for x, y in tip]
        draw.polygon(screen, palette.arrow, inner, 0)


def draw_deduced_mine(screen: pygame.Surface, rect: pygame.Rect) -> None:
    """``rect`` (a covered or flagged cell) hatched with diagonal red stripes outlined in
    black, edge to edge: this cell holds a mine, flag it. Stripes that run to the cell's
    edges are like no digit (a digit keeps off its cell's border), nor a flag, nor the
    wrong-flag sprite (a mine crossed out)."""
    k = rect.width / 16
    period = max(4, round(STRIPE * rect.width))
    red = max(1.0, 3 * k)
    outlined = red + 2 * max(1.0, k)
    side = rect.height
    within = rect.clip(screen.get_clip())
    with draw.clipped(screen, within):
        for colour, wide in ((palette.backdrop, outlined), (palette.risky, red)):
            for s in range(-period, rect.width + side + period, period):
                s0 = s - wide / 2
                draw.polygon(screen, colour, [(rect.left + s0, rect.top), (rect.left + s0 + wide, rect.top),
                                              (rect.left + s0 + wide - side, rect.top + side),
                                              (rect.left + s0 - side, rect.top + side)], 0)


def arrows(hint) -> list[tuple[Cell, Cell]]:
    """(from, to) cells of the arrows a hint draws: from each number it reads to the move."""
    return [(mark.cell, hint.cell) for mark in hint.marks if mark.role == NUMBER and mark.cell != hint.cell]


def marked_cells(hint) -> list[Cell]:
    """Every cell a hint draws on besides the other safe cells: the move and its marks."""
    if hint is None or hint.cell is None:
        return []
    return [hint.cell] + [mark.cell for mark in hint.marks]


def draw_hint_marks(screen: pygame.Surface, layout: BoardLayout, hint) -> None:
    """Wash the other certain-safe cells green, draw the explanation's marks, ring the move
    (green safe, amber guess); ``hint`` is a game.ui.play.assist.Hint or None. Nothing is drawn
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
        ways = [route(start, end) for start, end in arrows(hint)]
        draw_route(screen, layout, ways)
        for entry in dict.fromkeys(way[-1] for way in ways):
            draw_head(screen, layout, hint.cell, entry)
        colour = palette.guess if hint.kind in ("guess", "endgame") else palette.safe
        outline(screen, layout.cell_rect(hint.cell), colour)  # last: the move's ring whole
    draw_cell_labels(screen, layout, marked_cells(hint))


def draw_start_mark(screen: pygame.Surface, layout: BoardLayout, cell: Cell, covered: bool = True) -> None:
    """Mark ``cell``, the start cell of a board code's board (game.midend.match.Match.start),
    until its first reveal: a ring just inside the cell in the theme's ``safe`` colour
    (outlined in ``backdrop``, as a hint's move: :func:`outline`) and, on a covered cell
    (``covered``: not flagged or marked, so the mark hides nothing), a dot at its middle,
    a fifth of the cell across at least, outlined too, so it reads at every zoom and on every
    theme. Nothing outside the board's viewport."""
    rect = layout.cell_rect(cell)
    with draw.clipped(screen, layout.board):
        outline(screen, rect, palette.safe)
        if covered:
            radius = max(2, rect.width // 5)
            draw.circle(screen, palette.backdrop, rect.center, radius + 1)
            draw.circle(screen, palette.safe, rect.center, radius)


LABEL_PAD = 1  # around a cell label's chip, pixels
MIN_LABEL_FONT = 9  # a row's label shrinks to this font to fit a narrow frame (Expert's: 11 pixels), pixels


def draw_cell_labels(screen: pygame.Surface, layout: BoardLayout, cells) -> None:
    """With the rulers off, the row number of each of ``cells`` (the cells a hint or the
    post-mortem names) left of the board and its column number above it, at the rulers' font,
    each on a chip of the frame's colour over the frame and its bevel (the margin is not a
    ruler's room: a label may cover part of the bevel, never a cell). Rows and columns the
    view does not show are left out (a big board's). With the rulers on they already show."""
    if layout.rulers or not cells:
        return
    board = layout.board
    room = board.left - 1  # the frame left of the board: a row's label never reaches a cell
    for row in sorted({cell[0] for cell in cells}):
        y = layout.cell_rect((row, 0)).centery
        if board.top <= y < board.bottom:  # (a big board's row out of view: no label)
            size = fitting_size(str(row), room - 2 * LABEL_PAD, RULER_FONT, MIN_LABEL_FONT)
            width = text_width(str(row), size) + 2 * LABEL_PAD
            _label(screen, str(row), (min(board.left - BEVEL - LABEL_PAD, width - LABEL_PAD), y), "midright", size)
    for col in sorted({cell[1] for cell in cells}):
        x = layout.cell_rect((0, col)).centerx
        if board.left <= x < board.right:
            _label(screen, str(col), (x, board.top - BEVEL - LABEL_PAD), "midbottom", RULER_FONT)


def _label(screen: pygame.Surface, words: str, pos: tuple[int, int], anchor: str, size: int) -> None:
    """``words`` at font ``size`` with its ``anchor`` at ``pos`` on a chip of the frame's colour."""
    chip = pygame.Rect(0, 0, text_width(words, size) + 2 * LABEL_PAD, size - 2)
    setattr(chip, anchor, pos)
    draw.rect(screen, palette.panel, chip)
    text(screen, words, pos, size, palette.text, anchor)
