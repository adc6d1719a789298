"""The pause state: the timer stops and the board is hidden until the player comes back."""

from __future__ import annotations

import pygame

from game.ui.scene import Overlay
from game.ui.widgets import GREY, bevel, text

RESUME_KEYS = (pygame.K_p, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


class Pause(Overlay):
    """Over a Playing scene: covers the board; P, Space, Enter or a click resume; Esc goes to the menu."""

    def enter(self) -> None:
        self.base.game.pause()
        self.base.gesture.reset()
        self.dirty = True

    def exit(self) -> None:
        self.base.game.resume()

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN:
            if event.key in RESUME_KEYS:
                return self.base
            if event.key == pygame.K_ESCAPE:
                return self.base.key_menu()
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.base
        return self

    def draw_over(self, screen: pygame.Surface) -> None:
        board = self.base.layout.board
        pygame.draw.rect(screen, GREY, board)  # hide the cells: no peeking while the clock stops
        bevel(screen, board, 2)
        text(screen, "Paused", (board.centerx, board.centery - 10), 24, anchor="center", bold=True)
        text(screen, "P or click to resume", (board.centerx, board.centery + 12), 16, anchor="center")
