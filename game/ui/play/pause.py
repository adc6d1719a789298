"""The pause state: the timer stops and the board is hidden until the player comes back."""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.ui.shared import draw
from game.ui.scene import Overlay
from game.ui.shared.theme import palette
from game.ui.shared.widgets import bevel, text, text_width

RESUME_KEYS = (pygame.K_p, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
TITLE, TITLE_SIZE = N_("Paused"), 24  # the big word and its font, pixels
HOW, HOW_SIZE = N_("P or click to resume"), 16  # the line under it and its font, pixels
RESUMED = N_("Resumed")  # said aloud when the game goes on (speech on)
PAD = 6  # least space around the text inside the cover, pixels


class Pause(Overlay):
    """Over a Playing scene: covers the board; P, Space, Enter or a click resume; Esc goes to the menu."""

    def enter(self) -> None:
        self.base.match.pause()
        self.base.gesture.reset()
        self.dirty = True
        self.base.say(lambda: f"{_(TITLE)}. {_(HOW)}", interrupt=True)  # (speech on: game.ui.speech)

    def exit(self) -> None:
        self.base.match.resume()

    def resume(self):
        """Back to the game (P, Space, Enter, a click), said so with speech on."""
        self.base.say(lambda: _(RESUMED), interrupt=True)
        return self.base

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN:
            if event.key in RESUME_KEYS:
                return self.resume()
            if event.key == pygame.K_ESCAPE:
                return self.base.key_menu()
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.resume()
        return self

    def cover(self) -> pygame.Rect:
        """The grey panel hiding the board, logical pixels: the board, grown on a small board
        to hold the text, centred on the board and kept under the HUD, inside the window
        (its panels' strip too)."""
        layout = self.base.layout
        width = max(text_width(_(TITLE), TITLE_SIZE, bold=True), text_width(_(HOW), HOW_SIZE)) + 2 * PAD
        rect = layout.board.inflate(max(0, width - layout.board.width), max(0, 48 - layout.board.height))
        width, height = self.base.size()  # the window with its panels' strip (a 1x2 board's is under the row)
        below_hud = pygame.Rect(0, layout.hud.bottom + 2, width, height - layout.hud.bottom - 2)
        return rect.clamp(below_hud)

    def draw_over(self, screen: pygame.Surface) -> None:
        cover = self.cover()
        draw.rect(screen, palette.panel, cover)  # hide the cells: no peeking while the clock stops
        bevel(screen, cover, 2)
        text(screen, _(TITLE), (cover.centerx, cover.centery - 10), TITLE_SIZE, anchor="center", bold=True)
        text(screen, _(HOW), (cover.centerx, cover.centery + 12), HOW_SIZE, anchor="center")
