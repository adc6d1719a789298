"""The camera: the one mapping between the board's cells and the window's logical pixels.

A board is seen through a ``viewport`` (the board well, a rect in logical pixels) at a
zoom of ``cell`` logical pixels per cell (any positive number: 16 for the classic look,
less than a pixel for an overview of a 1000x1000 board) and scrolled so that board
pixel ``(scroll_x, scroll_y)`` (board pixels at the current zoom, from the board's
top-left corner) is at the viewport's top-left. Clicks, the keyboard cursor, hints, the
probability overlay, the explosion and the replay viewer all ask the camera where a cell
is or which cell is under a pixel; nothing else computes cell positions.

Rounding: logical pixel ``x`` (the unit square from x to x + 1) belongs to the column
whose span holds its centre, ``floor((x + 0.5 - viewport.left + scroll_x) / cell)``; so a
cell's first pixel is ``ceil(viewport.left + col * cell - scroll_x - 0.5)``, neighbouring
cells' rects meet with no gap or overlap at any zoom, and with a whole ``cell`` and a
whole scroll every cell is exactly ``cell`` pixels wide, as the classic layout draws it.

A board narrower (shorter) than its viewport is centred in it (the scroll is then
negative); a wider one scrolls between its first and its last column. A board that fits
at the layout's own cell size is shown whole, unscrolled: the standard levels look
exactly as they always have.
"""

from __future__ import annotations

import math

import pygame

from game.rules.board import Cell

MAX_CELL = 64  # the largest zoom, logical pixels per cell


class Camera:
    """A ``rows`` x ``cols`` board seen through ``viewport`` (logical pixels) at ``cell``
    logical pixels per cell, scrolled to ``scroll`` (board pixels at that zoom); the scroll
    is kept in range (:meth:`clamp`). ``min_cell`` is the zoom that shows the whole board
    (never more than ``cell`` as given), :data:`MAX_CELL` the largest.

    Raises:
        ValueError: rows or cols below 1, a cell size that is not positive, or an empty viewport.
    """

    def __init__(self, viewport: pygame.Rect, rows: int, cols: int, cell: float,
                 scroll: tuple[float, float] = (0.0, 0.0)) -> None:
        if rows < 1 or cols < 1:
            raise ValueError(f"camera: a board has at least 1 row and 1 column, not {rows}x{cols}")
        if not cell > 0:
            raise ValueError(f"camera: cell must be a positive number of pixels, not {cell!r}")
        if viewport.width < 1 or viewport.height < 1:
            raise ValueError(f"camera: the viewport must be at least 1x1 pixels, not {viewport.size}")
        self.viewport = pygame.Rect(viewport)
        self.rows, self.cols = rows, cols
        self.cell = float(cell)
        self.min_cell = min(self.cell, viewport.width / cols, viewport.height / rows)
        self.scroll_x, self.scroll_y = scroll
        self.clamp()

    # --- what is where ---------------------------------------------------------------------
    @property
    def fits(self) -> bool:
        """The whole board shows at a whole cell size, unscrolled (the classic look)."""
        return (self.cell == int(self.cell) and self.cols * self.cell <= self.viewport.width
                and self.rows * self.cell <= self.viewport.height)

    def _edge(self, index: int, start: int, scroll: float) -> int:
        """First logical pixel of column (row) ``index`` (see the module's rounding rule)."""
        return math.ceil(start + index * self.cell - scroll - 0.5)

    def col_edges(self, cols: range) -> list[int]:
        """The first logical pixel of each column of ``cols``, then the pixel after the last
        (``len(cols) + 1`` values: column ``cols[i]`` spans ``edges[i]`` to ``edges[i + 1]``)."""
        return [self._edge(c, self.viewport.left, self.scroll_x) for c in range(cols.start, cols.stop + 1)]

    def row_edges(self, rows: range) -> list[int]:
        """As :meth:`col_edges`, for rows (logical y)."""
        return [self._edge(r, self.viewport.top, self.scroll_y) for r in range(rows.start, rows.stop + 1)]

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """The logical rect of ``cell`` (it may lie partly or wholly outside the viewport:
        a caller drawing it clips to :attr:`viewport`)."""
        r, c = cell
        left = self._edge(c, self.viewport.left, self.scroll_x)
        top = self._edge(r, self.viewport.top, self.scroll_y)
        return pygame.Rect(left, top, self._edge(c + 1, self.viewport.left, self.scroll_x) - left,
                           self._edge(r + 1, self.viewport.top, self.scroll_y) - top)

    def cell_at(self, pos: tuple[float, float]) -> Cell | None:
        """The (row, col) under logical pixel ``pos`` (an event.pos), or None outside the
        viewport or beside a board smaller than it."""
        x, y = math.floor(pos[0]), math.floor(pos[1])
        if not self.viewport.collidepoint(x, y):
            return None
        col = math.floor((x + 0.5 - self.viewport.left + self.scroll_x) / self.cell)
        row = math.floor((y + 0.5 - self.viewport.top + self.scroll_y) / self.cell)
        return (row, col) if 0 <= row < self.rows and 0 <= col < self.cols else None

    def board_point(self, pos: tuple[float, float]) -> tuple[float, float]:
        """Logical pixel ``pos`` as a point on the board in cells (fractional: 2.5 is the
        middle of column 2), wherever the camera looks."""
        return ((pos[0] - self.viewport.left + self.scroll_x) / self.cell,
                (pos[1] - self.viewport.top + self.scroll_y) / self.cell)

    def window_point(self, point: tuple[float, float]) -> tuple[float, float]:
        """A board point in cells (as :meth:`board_point` gives) as a logical pixel position."""
        return (self.viewport.left + point[0] * self.cell - self.scroll_x,
                self.viewport.top + point[1] * self.cell - self.scroll_y)

    def visible(self) -> tuple[range, range]:
        """(rows, cols): the ranges of cells at least partly inside the viewport."""
        def span(scroll: float, size: int, count: int) -> range:
            first = max(0, math.floor(max(0.0, scroll) / self.cell))
            last = min(count, math.ceil((scroll + size) / self.cell))
            return range(first, max(first, last))
        return span(self.scroll_y, self.viewport.height, self.rows), span(self.scroll_x, self.viewport.width, self.cols)

    def shows(self, cell: Cell) -> bool:
        """``cell`` lies wholly inside the viewport."""
        return self.viewport.contains(self.cell_rect(cell))

    # --- moving ------------------------------------------------------------------------------
    def clamp(self) -> None:
        """Keep the scroll in range: a board narrower than the viewport centred, a wider one
        with no empty room beyond its first or last column (the same for rows)."""
        def bound(scroll: float, board: float, view: int) -> float:
            if board <= view:
                return (board - view) / 2
            return min(max(scroll, 0.0), board - view)
        self.scroll_x = bound(self.scroll_x, self.cols * self.cell, self.viewport.width)
        self.scroll_y = bound(self.scroll_y, self.rows * self.cell, self.viewport.height)

    def pan(self, dx: float, dy: float) -> None:
        """Move the view ``dx``, ``dy`` logical pixels right and down over the board."""
        self.scroll_x += dx
        self.scroll_y += dy
        self.clamp()

    def zoom_to(self, cell: float, pos: tuple[float, float] | None = None) -> None:
        """Zoom to ``cell`` logical pixels per cell (kept within :attr:`min_cell` and
        :data:`MAX_CELL`), keeping the board point under logical pixel ``pos`` (default: the
        viewport's centre) where it is."""
        pos = self.viewport.center if pos is None else pos
        point = self.board_point(pos)
        self.cell = min(max(cell, self.min_cell), max(MAX_CELL, self.min_cell))
        self.scroll_x = point[0] * self.cell - (pos[0] - self.viewport.left)
        self.scroll_y = point[1] * self.cell - (pos[1] - self.viewport.top)
        self.clamp()

    def centre_on(self, cell: Cell) -> None:
        """Scroll so that ``cell`` is in the middle of the viewport (as far as the board allows)."""
        self.scroll_x = (cell[1] + 0.5) * self.cell - self.viewport.width / 2
        self.scroll_y = (cell[0] + 0.5) * self.cell - self.viewport.height / 2
        self.clamp()

    def keep_in_view(self, cell: Cell) -> None:
        """Scroll as little as possible so that all of ``cell`` shows (the keyboard cursor)."""
        rect = self.cell_rect(cell)
        view = self.viewport
        if rect.width <= view.width:
            self.scroll_x += min(0, rect.left - view.left) + max(0, rect.right - view.right)
        if rect.height <= view.height:
            self.scroll_y += min(0, rect.top - view.top) + max(0, rect.bottom - view.bottom)
        self.clamp()
