"""The minimap of a big board: the whole board, one colour a cell (game.rules.engine.Game.overview),
in the viewport's top-right corner, with the rectangle the camera shows; a click on it
moves the view there. Tab shows and hides it (game.ui.play.camera_keys); it starts shown on a
board bigger than the window.
"""

from __future__ import annotations

import pygame

from game.ui.shared import draw
from game.ui.play.camera_view import overview_picture
from game.ui.shared.canvas import Canvas
from game.ui.play.layout import BoardLayout
from game.ui.shared.theme import current, palette

SIDE = 160  # the minimap's longer side, logical pixels
INSET = 6  # from the viewport's corner, logical pixels


class Minimap:
    """The whole of ``game``'s board (its ``overview()`` and ``revision``) in a corner of
    ``layout``'s viewport; ``shown`` toggles it."""

    def __init__(self, layout: BoardLayout, game) -> None:
        self.layout, self.camera, self.game = layout, layout.camera, game
        self.shown = True
        self._picture: tuple | None = None  # (revision, device size, theme, surface)

    def moved_to(self, layout: BoardLayout) -> "Minimap":
        """This minimap (shown or not) over ``layout``, the board's new view."""
        self.layout, self.camera, self._picture = layout, layout.camera, None
        return self

    @property
    def rect(self) -> pygame.Rect:
        """Where the minimap stands, logical pixels (the board's shape, SIDE on its longer side)."""
        rows, cols = self.layout.rows, self.layout.cols
        view = self.camera.viewport
        side = min(SIDE, view.width - 2 * INSET, view.height - 2 * INSET)
        width, height = (side, max(1, round(side * rows / cols))) if cols >= rows else (max(1, round(side * cols / rows)), side)
        return pygame.Rect(view.right - INSET - width, view.top + INSET, width, height)

    def handle(self, event: pygame.event.Event) -> bool:
        """A left press on the shown minimap centres the view on the cell under it; True then."""
        if not (self.shown and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            return False
        rect = self.rect
        if not rect.collidepoint(event.pos):
            return False
        col = min(self.layout.cols - 1, (event.pos[0] - rect.left) * self.layout.cols // rect.width)
        row = min(self.layout.rows - 1, (event.pos[1] - rect.top) * self.layout.rows // rect.height)
        self.camera.centre_on((row, col))
        return True

    def draw(self, screen) -> None:
        """The board's picture (made again after a move) and the visible rectangle, framed."""
        if not self.shown:
            return
        rect = self.rect
        device = screen.rect(rect) if isinstance(screen, Canvas) else rect
        key = (self.game.revision, device.size, current())
        if self._picture is None or self._picture[:3] != key:
            picture = overview_picture(self.game.overview(), (self.layout.cols, self.layout.rows), device.size)
            self._picture = (*key, picture)
        draw.rect(screen, palette.backdrop, rect.inflate(4, 4))
        screen.blit(self._picture[3], rect)
        rows, cols = self.camera.visible()
        if rows and cols:
            left = rect.left + cols.start * rect.width // self.layout.cols
            top = rect.top + rows.start * rect.height // self.layout.rows
            right = rect.left + -(-cols.stop * rect.width // self.layout.cols)
            bottom = rect.top + -(-rows.stop * rect.height // self.layout.rows)
            draw.rect(screen, palette.cursor, (left, top, max(1, right - left), max(1, bottom - top)), 1)
