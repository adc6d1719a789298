"""A board seen through its camera (game.ui.play.camera): only the cells in view are drawn.

:class:`game.ui.play.board_view.BoardView` keeps a picture of the whole board, which is right for
a board that fits the window; a 1000x1000 board at 24 pixels a cell would be a 24,000-pixel
square picture. :class:`CameraView` keeps one picture the size of the viewport instead and
draws into it the cells the camera shows, again whenever the camera moves or zooms, the
window's scale or the theme changes, or a shown cell changes: a few thousand sprites at a
readable zoom (one fblits call).

Zoomed out so far that a cell is smaller than OVERVIEW_PX device pixels, or that more than
MAX_SPRITES cells show, the board is drawn as an overview instead: one colour a cell
(covered, revealed, flag, mine, the exploded mine; ``Game.overview``), scaled to the
viewport without smoothing, so a 1000x1000 board fits a window as a coloured map. Covered
cells take the theme's ``covered_flat``, unlike the revealed colour in every theme (classic's
covered and revealed cells are the same grey without the bevel), and where a pixel spans
several cells, the flags and the exploded mine among them still show.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable

import pygame

from game.rules.board import Cell
from game.rules.cells import CellRuns
from game.rules.engine import OVERVIEW_KEYS
from game.ui.shared import draw
from game.ui.shared.canvas import Canvas, scale_of, stale
from game.ui.play.layout import BoardLayout
from game.ui.shared.theme import current, palette

OVERVIEW_PX = 6  # a cell smaller than this on screen (device pixels) is drawn as one colour
MAX_SPRITES = 5_000  # more cells in view than this are drawn as an overview: a repaint stays under ~8 ms
FLAG_PX = 2  # a flag in an overview is at least this many device pixels wide and high
HIT_PX = 7  # the side of the exploded mine's mark in an overview whose cells are smaller, device pixels
_FLAG = re.compile(re.escape(bytes([OVERVIEW_KEYS.index("flag")])))  # a flag's byte in Game.overview
LOOK_CODES = {"covered": 0, "question": 0, "flag": 2, "wrong_flag": 3, "mine": 3, "mine_hit": 4}  # else revealed: 1


def is_overview(camera, scale: float) -> bool:
    """Whether the cells ``camera`` shows are drawn as the overview on a canvas at ``scale``
    (device pixels per logical pixel): a cell under OVERVIEW_PX device pixels, or more than
    MAX_SPRITES cells in view."""
    rows, cols = camera.visible()
    return camera.cell * scale < OVERVIEW_PX or len(rows) * len(cols) > MAX_SPRITES


def overview_picture(codes: bytes, cells: tuple[int, int], size: tuple[int, int]) -> pygame.Surface:
    """``codes`` (one byte a cell as game.rules.engine.Game.overview gives them, row-major, for
    ``cells`` = (cols, rows)) as a picture of ``size`` device pixels in the theme's colours:
    covered cells in ``covered_flat``, never the revealed colour. Scaled without smoothing;
    where a cell is under FLAG_PX device pixels, each flag is drawn FLAG_PX pixels wide over
    the picture (nearest-pixel sampling alone would drop a lone flag) and the exploded mine
    as a HIT_PX-pixel square ringed in the backdrop colour."""
    size = (max(1, size[0]), max(1, size[1]))
    picture = pygame.image.frombytes(codes, cells, "P")
    picture.set_palette([overview_colours()[key] for key in OVERVIEW_KEYS])
    scaled = pygame.transform.scale(picture, size)
    if size[0] >= cells[0] * FLAG_PX and size[1] >= cells[1] * FLAG_PX:
        return scaled  # every cell is FLAG_PX pixels or more: nothing is lost
    shown = pygame.Surface(size, 0, 24)
    shown.blit(scaled, (0, 0))
    _draw_flags(shown, codes, cells)
    hit = codes.find(bytes([OVERVIEW_KEYS.index("mine_hit")]))
    if hit >= 0:
        row, col = divmod(hit, cells[0])
        centre = (col * size[0] // cells[0], row * size[1] // cells[1])
        ring = pygame.Rect(0, 0, HIT_PX, HIT_PX)
        ring.center = centre
        shown.fill(palette.backdrop, ring)
        shown.fill(palette.mine_hit, ring.inflate(-2, -2))
    return shown


def overview_colours() -> dict[str, tuple[int, int, int]]:
    """The colour of each overview key in the current theme."""
    return {"covered": palette.covered_flat, "revealed": palette.revealed, "flag": palette.flag,
            "mine": palette.mine, "mine_hit": palette.mine_hit}


def _draw_flags(picture: pygame.Surface, codes: bytes, cells: tuple[int, int]) -> None:
    """Each flag of ``codes`` as a FLAG_PX-pixel square at its place on ``picture`` (a few
    thousand blits in one call: the flags are found by a regular expression, in C)."""
    (cols, rows), (width, height) = cells, picture.get_size()
    dot = pygame.Surface((FLAG_PX, FLAG_PX))
    dot.fill(palette.flag)
    places = (divmod(found.start(), cols) for found in _FLAG.finditer(codes))
    picture.fblits([(dot, (c * width // cols, r * height // rows)) for r, c in places])


class CameraView:
    """The cells of ``layout`` that its camera shows, drawn through ``sprites(size) ->
    {appearance key: surface}`` (device pixels, game.ui.shared.assets); ``overview() -> bytes`` (one
    byte a cell, game.rules.engine.Game.overview) draws the overview, or, when None, the cells'
    appearance keys are read one by one (a replay's board); ``appearances(rows, cols)``
    (game.rules.engine.Game.appearances) gives the keys of the cells in view in one call, or None
    to read them one by one (an overlay changing how cells look). Same interface as BoardView."""

    def __init__(self, layout: BoardLayout, sprites: Callable[[int], dict[str, pygame.Surface]],
                 overview: Callable[[], bytes] | None = None,
                 appearances: Callable[[range, range], list[str] | None] | None = None) -> None:
        self.layout = layout
        self.camera = layout.camera
        self.sprites = sprites
        self.overview = overview
        self.appearances = appearances  # (rows, cols) -> their keys row-major, or None: ask look()
        self.look: Callable[[Cell], str] = lambda cell: "covered"
        self.surface: Canvas | None = None
        self._shown: tuple | None = None  # what the surface shows: camera, scale and theme
        self.blits = 0  # cells painted so far (tests and the benchmark read it)
        self.overviews = 0  # overview pictures made so far
        self.overviewed = False  # the view now shows the overview (no sprites to press)

    def refresh(self, look: Callable[[Cell], str], cells: Iterable[Cell] | None = None) -> int:
        """Draw with ``look(cell)`` (an appearance key) from now on; when any of ``cells``
        (default: all) is in view, the view is drawn again at the next draw. Returns 0: the
        cells are drawn then, not counted here."""
        self.look = look
        if cells is None or self._in_view(cells):
            self._shown = None
        return 0

    def _in_view(self, cells: Iterable[Cell]) -> bool:
        rows, cols = self.camera.visible()
        if isinstance(cells, CellRuns):  # a million opened cells come as row runs: no tuples made
            return (any(row in rows and start < cols.stop and stop > cols.start for row, start, stop in cells.runs)
                    or any(r in rows and c in cols for r, c in cells.extra))
        return any(r in rows and c in cols for r, c in cells)

    def draw(self, screen, pressed: Iterable[Cell] = (), cursor: Cell | None = None,
             offset: tuple[int, int] = (0, 0)) -> None:
        """Blit the view (drawn again first when something it shows changed), then the held-down
        cells and the keyboard cursor in view; the view moved by ``offset`` logical pixels
        inside the viewport (the shake)."""
        camera, viewport = self.camera, self.camera.viewport
        key = (camera.cell, camera.scroll_x, camera.scroll_y, scale_of(screen), current())
        if self.surface is None or self._shown != key:
            self._paint(screen)
            self._shown = key
        with draw.clipped(screen, viewport):
            screen.blit(self.surface, viewport.move(offset))
            if offset == (0, 0) and not self.overviewed:
                device = screen.rect(camera.cell_rect((0, 0))).width if isinstance(screen, Canvas) else round(camera.cell)
                image = self.sprites(max(1, device))["pressed"]
                for cell in pressed:
                    screen.blit(image, camera.cell_rect(cell))
            if cursor is not None:
                rect = camera.cell_rect(cursor)
                draw.rect(screen, palette.backdrop, rect, 2)
                draw.rect(screen, palette.cursor, rect.inflate(-2, -2), 1)

    def _paint(self, screen) -> None:
        """Draw the cells in view into a viewport-sized layer of ``screen`` (a Canvas)."""
        camera, viewport = self.camera, self.camera.viewport
        target = screen if isinstance(screen, Canvas) else Canvas(screen)
        if stale(self.surface, target) or self.surface.size != viewport.size:  # else reuse the layer
            self.surface = target.new(viewport.size, at=viewport.topleft)
        self.surface.fill(palette.backdrop)
        rows, cols = camera.visible()
        self.overviewed = is_overview(camera, target.scale)
        if not rows or not cols:
            return
        board = camera.cell_rect((0, 0)).union(camera.cell_rect((self.layout.rows - 1, self.layout.cols - 1)))
        draw.rect(self.surface, palette.shade, board.move(-viewport.left, -viewport.top).inflate(2, 2), 1)
        # ^ the board's edge where it ends inside the view (high contrast: black cells on black)
        if self.overviewed:
            self._paint_overview(rows, cols)
            return
        layer, left, top = self.surface, viewport.left, viewport.top
        xs = [layer.x(x - left) for x in camera.col_edges(cols)]  # device pixels on the layer
        ys = [layer.y(y - top) for y in camera.row_edges(rows)]
        sized: dict[int, dict[str, pygame.Surface]] = {}
        for width in {b - a for a, b in zip(xs, xs[1:])}:
            sized[width] = self.sprites(max(1, width))
        columns = [(c, xs[j], sized[xs[j + 1] - xs[j]]) for j, c in enumerate(cols)]
        keys = self.appearances(rows, cols) if self.appearances is not None else None
        if keys is None:
            look = self.look
            blits = [(sprites[look((r, c))], (x, y)) for r, y in zip(rows, ys) for c, x, sprites in columns]
        elif len(sized) == 1:  # the keys in one call, one sprite size: the pairs are made in C
            positions = [(x, y) for y in ys[:len(rows)] for x in xs[:len(cols)]]
            blits = list(zip(map(next(iter(sized.values())).__getitem__, keys), positions))
        else:  # the keys in one call; columns of two widths (a scale that is not whole)
            placed = [(x, sprites) for _, x, sprites in columns]
            n = len(placed)
            blits = [(sprites[key], (x, y)) for i, y in zip(range(len(rows)), ys)
                     for (x, sprites), key in zip(placed, keys[i * n:(i + 1) * n])]
        layer.surface.fblits(blits)
        self.blits += len(blits)

    def _paint_overview(self, rows: range, cols: range) -> None:
        """One colour a cell for the cells in view, scaled (nearest pixel) onto the layer."""
        camera, viewport = self.camera, self.camera.viewport
        width = self.layout.cols
        if self.overview is not None:
            codes = self.overview()
            data = b"".join(codes[r * width + cols.start:r * width + cols.stop] for r in rows)
        else:
            data = bytes(LOOK_CODES.get(self.look((r, c)), 1) for r in rows for c in cols)
        first, last = camera.cell_rect((rows.start, cols.start)), camera.cell_rect((rows.stop - 1, cols.stop - 1))
        shown = first.union(last).move(-viewport.left, -viewport.top)
        device = self.surface.rect(shown)
        self.surface.surface.blit(overview_picture(data, (len(cols), len(rows)), device.size), device.topleft)
        self.overviews += 1
