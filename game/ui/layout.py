"""Where everything sits in the logical window, and the one pixel <-> cell mapping.

All positions are logical pixels: the canvas scenes draw on (game.ui.display maps
the real window and mouse event positions to it). Classic winmine metrics: 16-pixel
cells, a HUD with two 3-digit LED counters (13x23 digits) and a 26x26 face between
them, grey bevels around the HUD and the board.
"""

from __future__ import annotations

import pygame

from game.board import Cell

CELL = 16  # normal cell side, pixels
MIN_CELL = 8  # smallest cell a big board is shrunk to, pixels
MARGIN = 8  # outer frame around HUD and board, pixels
BEVEL = 3  # sunken border width, pixels
HUD_H = 37  # HUD height including its bevel, pixels
LED_W, LED_H = 13, 23  # one LED digit, pixels
FACE = 26  # face button side, pixels
MIN_WIDTH = 200  # narrowest window, so the overlays fit, pixels
MENU_SIZE = (240, 272)  # logical size of the menu screens, pixels
WINDOW_CHROME = (16, 80)  # room kept for the window frame and task bars, pixels


class BoardLayout:
    """Geometry of the playing screen for a rows x cols board with ``cell``-pixel cells.

    Rects: ``hud`` (sunken panel), ``counter`` and ``timer`` (3 LED digits each),
    ``face``, ``board`` (the cells, without bevel); ``size`` is the window size.
    """

    def __init__(self, rows: int, cols: int, cell: int = CELL) -> None:
        self.rows, self.cols, self.cell = rows, cols, cell
        board_w, board_h = cols * cell, rows * cell
        width = max(MIN_WIDTH, board_w + 2 * (MARGIN + BEVEL))
        self.hud = pygame.Rect(MARGIN, MARGIN, width - 2 * MARGIN, HUD_H)
        top = self.hud.bottom + MARGIN + BEVEL
        self.board = pygame.Rect((width - board_w) // 2, top, board_w, board_h)
        self.size = (width, self.board.bottom + BEVEL + MARGIN)
        inner = self.hud.inflate(-2 * BEVEL, -2 * BEVEL)
        led_y = inner.centery - LED_H // 2 - 1
        self.counter = pygame.Rect(inner.left + 5, led_y, 3 * LED_W + 2, LED_H + 2)
        self.timer = pygame.Rect(inner.right - 5 - (3 * LED_W + 2), led_y, 3 * LED_W + 2, LED_H + 2)
        self.face = pygame.Rect(inner.centerx - FACE // 2, inner.centery - FACE // 2, FACE, FACE)

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """The (row, col) under logical pixel ``pos`` (an event.pos), or None off the board."""
        x, y = pos
        if not self.board.collidepoint(x, y):
            return None
        return (int(y) - self.board.top) // self.cell, (int(x) - self.board.left) // self.cell

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """The screen rect of ``cell``."""
        r, c = cell
        return pygame.Rect(self.board.left + c * self.cell, self.board.top + r * self.cell,
                           self.cell, self.cell)

    def cell_origin(self, cell: Cell) -> tuple[int, int]:
        """Top-left of ``cell`` inside the board surface (not the screen)."""
        return cell[1] * self.cell, cell[0] * self.cell


def usable_area(desktop: tuple[int, int], fullscreen: bool) -> tuple[int, int]:
    """Pixels a window may take on a ``desktop``-sized screen."""
    if fullscreen:
        return desktop
    return max(1, desktop[0] - WINDOW_CHROME[0]), max(1, desktop[1] - WINDOW_CHROME[1])


def fit_cell(rows: int, cols: int, area: tuple[int, int]) -> int | None:
    """Largest cell size (CELL down to MIN_CELL) whose window fits ``area``; None if none fits."""
    for cell in range(CELL, MIN_CELL - 1, -1):
        width, height = BoardLayout(rows, cols, cell).size
        if width <= area[0] and height <= area[1]:
            return cell
    return None


def max_board(area: tuple[int, int]) -> tuple[int, int]:
    """Most (rows, cols) that fit ``area`` at MIN_CELL pixels per cell."""
    chrome_w = 2 * (MARGIN + BEVEL)
    chrome_h = MARGIN + HUD_H + MARGIN + 2 * BEVEL + MARGIN
    return (max(1, (area[1] - chrome_h) // MIN_CELL), max(1, (area[0] - chrome_w) // MIN_CELL))
