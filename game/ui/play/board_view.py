"""The board as a cached surface, repainted only at cells whose appearance key changed.

Tatham's drawstate: ``drawn`` remembers the key each cell shows; ``refresh``
compares and blits only the differences, so a reveal of one cell costs one blit.
The surface is a layer of the canvas it is drawn on (game.ui.shared.canvas), at that canvas's
scale, with the cell sprites made for the cell's size on screen; when the window's scale
changes the next draw makes it again at the new scale from the remembered keys.
"""

from __future__ import annotations

from typing import Callable, Iterable

import pygame

from game.rules.board import Cell
from game.ui.shared import draw
from game.ui.shared.canvas import Canvas, stale
from game.ui.play.layout import BoardLayout
from game.ui.shared.theme import palette


class BoardView:
    """Cell sprites for a ``layout`` board, drawn into ``surface`` (board pixels, no bevel).

    ``sprites(size) -> {appearance key: surface}`` gives the cell sprites at ``size``
    device pixels (game.ui.shared.assets). ``surface`` is None until the first draw.
    """

    def __init__(self, layout: BoardLayout, sprites: Callable[[int], dict[str, pygame.Surface]]) -> None:
        self.layout = layout
        self.sprites = sprites
        self.surface: Canvas | None = None
        self.drawn: dict[Cell, str] = {}
        self.blits = 0  # cells painted so far (tests and the benchmark read it)

    def refresh(self, look: Callable[[Cell], str], cells: Iterable[Cell] | None = None) -> int:
        """Repaint the ``cells`` (default: all) whose ``look(cell)`` key changed; returns how many."""
        if cells is None:
            cells = ((r, c) for r in range(self.layout.rows) for c in range(self.layout.cols))
        changed = []
        for cell in cells:
            key = look(cell)
            if self.drawn.get(cell) != key:
                changed.append(cell)
                self.drawn[cell] = key
        self._paint(changed)
        return len(changed)

    def _paint(self, cells: list[Cell]) -> None:
        """Blit the remembered keys of ``cells`` onto the surface (once it exists)."""
        if self.surface is None or not cells:
            return
        sprites, drawn, origin = self.sprites(self._cell_px()), self.drawn, self.layout.cell_origin
        # one fblits call for all of them: a seek in a replay repaints thousands
        self.surface.fblits([(sprites[drawn[cell]], origin(cell)) for cell in cells])
        self.blits += len(cells)

    def _cell_px(self) -> int:
        """A cell's side on screen, device pixels."""
        return self.surface.length(self.layout.cell)

    def draw(self, screen, pressed: Iterable[Cell] = (), cursor: Cell | None = None,
             offset: tuple[int, int] = (0, 0)) -> None:
        """Blit the board, then the held-down cells and the keyboard cursor over it; the board
        moved by ``offset`` (x, y) logical pixels, inside its well (the shake)."""
        if stale(self.surface, screen):  # first, or a new scale or theme
            target = screen if isinstance(screen, Canvas) else Canvas(screen)
            self.surface = target.new(self.layout.board.size, at=self.layout.board.topleft)
            self._paint(list(self.drawn))
        if offset != (0, 0):
            with draw.clipped(screen, self.layout.board):
                screen.blit(self.surface, self.layout.board.move(offset))
            return
        screen.blit(self.surface, self.layout.board)
        if pressed:
            image = self.sprites(self._cell_px())["pressed"]
            for cell in pressed:
                screen.blit(image, self.layout.cell_rect(cell))
        if cursor is not None:
            rect = self.layout.cell_rect(cursor)
            draw.rect(screen, palette.backdrop, rect, 2)
            draw.rect(screen, palette.cursor, rect.inflate(-2, -2), 1)
