"""The menu: pick a level, a custom size, or the options; mouse or keyboard (arrows, Enter, Esc)."""

from __future__ import annotations

import pygame

from game.board import DIFFICULTIES, Config
from game.ui.layout import MENU_SIZE
from game.ui.scene import Scene
from game.ui.widgets import GREY, Button, ButtonList, bevel, text, title_bar

BUTTON_H = 26  # menu button height, pixels
BUTTON_GAP = 6  # space between menu buttons, pixels
LEVEL_LABELS = {"beginner": "Beginner", "intermediate": "Intermediate", "expert": "Expert"}


def draw_dialog(screen: pygame.Surface, caption: str) -> None:
    """The common menu-screen background: grey, raised bevel, navy title bar."""
    screen.fill(GREY)
    bevel(screen, screen.get_rect(), 2)
    title_bar(screen, pygame.Rect(4, 4, screen.get_width() - 8, 20), caption)


def start(services, config: Config):
    """A Playing scene for a new game of ``config``."""
    from game.ui.scenes.playing import Playing
    return Playing(services, services.new_game(config))


class Menu(Scene):
    """The first screen: Beginner, Intermediate, Expert, Custom..., Options..., Quit."""

    def __init__(self, services) -> None:
        super().__init__(services)
        entries = [(self._level_label(name), self._level_action(name)) for name in DIFFICULTIES]
        entries += [("Custom...", self.custom), ("Options...", self.options), ("Quit", lambda: None)]
        width = MENU_SIZE[0] - 40
        self.list = ButtonList([Button((20, 34 + i * (BUTTON_H + BUTTON_GAP), width, BUTTON_H), label, action)
                                for i, (label, action) in enumerate(entries)])

    @staticmethod
    def _level_label(name: str) -> str:
        rows, cols, mines = DIFFICULTIES[name]
        return f"{LEVEL_LABELS.get(name, name.title())}  {cols}x{rows}, {mines}"

    def _level_action(self, name: str):
        def action():
            rows, cols, mines = DIFFICULTIES[name]
            return start(self.services, self.services.config_for(rows, cols, mines))
        return action

    def custom(self):
        from game.ui.scenes.custom import CustomForm
        return CustomForm(self.services)

    def options(self):
        from game.ui.scenes.options import Options
        return Options(self.services)

    def size(self) -> tuple[int, int]:
        return MENU_SIZE

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return None
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.dirty = True
            pressed, result = self.list.handle(event)
            if pressed:
                return result
        return self

    def draw(self, screen: pygame.Surface) -> None:
        draw_dialog(screen, "Minesweeper")
        self.list.draw(screen)
        text(screen, "Arrows, Enter; Esc quits", (MENU_SIZE[0] // 2, MENU_SIZE[1] - 14), 16,
             (64, 64, 64), "center")
        self.dirty = False
