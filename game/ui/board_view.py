"""The board as a cached surface, repainted only at cells whose appearance key changed.

Tatham's drawstate: ``drawn`` remembers the key each cell shows; ``refresh``
compares and blits only the differences, so a reveal of one cell costs one blit.
"""

from __future__ import annotations

from typing import Callable, Iterable

import pygame

from game.board import Cell
from game.ui.layout import BoardLayout


class BoardView:
    """Cell sprites for a ``layout`` board, drawn into ``surface`` (board pixels, no bevel)."""

    def __init__(self, layout: BoardLayout, sprites: dict[str, pygame.Surface]) -> None:
        self.layout = layout
        self.sprites = sprites
        self.surface = pygame.Surface(layout.board.size).convert()
        self.drawn: dict[Cell, str] = {}
        self.blits = 0  # cells painted so far (tests and the benchmark read it)

    def refresh(self, look: Callable[[Cell], str], cells: Iterable[Cell] | None = None) -> int:
        """Repaint the ``cells`` (default: all) whose ``look(cell)`` key changed; returns how many."""
        if cells is None:
            cells = ((r, c) for r in range(self.layout.rows) for c in range(self.layout.cols))
        batch = []  # one fblits call for all of them: a seek in a replay repaints thousands
        for cell in cells:
            key = look(cell)
            if self.drawn.get(cell) != key:
                batch.append((self.sprites[key], self.layout.cell_origin(cell)))
                self.drawn[cell] = key
        self.surface.fblits(batch)
        self.blits += len(batch)
        return len(batch)

    def draw(self, screen: pygame.Surface, pressed: Iterable[Cell] = (), cursor: Cell | None = None) -> None:
        """Blit the board, then the held-down cells and the keyboard cursor over it."""
        screen.blit(self.surface, self.layout.board)
        for cell in pressed:
            screen.blit(self.sprites["pressed"], self.layout.cell_rect(cell))
        if cursor is not None:
            rect = self.layout.cell_rect(cursor)
            pygame.draw.rect(screen, (0, 0, 0), rect, 2)
            pygame.draw.rect(screen, (255, 255, 0), rect.inflate(-2, -2), 1)
