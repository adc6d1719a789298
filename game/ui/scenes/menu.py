"""The menu: a level, a custom size, the options or the statistics; mouse or keyboard.

Up/Down (or Tab) move the focus, Enter/Space press it, Esc asks "Quit Minesweeper?"
(Esc from a game lands here, so a second Esc never quits by accident; Y or Yes quits,
N, Esc or No stays), F1 or ? shows the controls (game.ui.scenes.help). The focus starts on the last level played (saved in
the settings). Quit is a button for the mouse.
"""

from __future__ import annotations

import pygame

from game.board import DIFFICULTIES, Config
from game.ui.layout import MENU_SIZE
from game.ui.scene import Scene
from game.ui.scenes.help import Help, is_help_key
from game.ui.widgets import GREY, Button, ButtonList, bevel, text, title_bar

BUTTON_H = 26  # menu button height, pixels
BUTTON_GAP = 6  # space between menu buttons, pixels
LEVEL_LABELS = {"beginner": "Beginner", "intermediate": "Intermediate", "expert": "Expert",
                "custom": "Custom"}
QUIT_TITLE, QUIT_QUESTION = "Quit", "Quit Minesweeper?"
FOCUS_OF_LEVEL = {"beginner": 0, "intermediate": 1, "expert": 2, "custom": 3}  # button index


def draw_dialog(screen: pygame.Surface, caption: str) -> None:
    """The common menu-screen background: grey, raised bevel, navy title bar."""
    screen.fill(GREY)
    bevel(screen, screen.get_rect(), 2)
    title_bar(screen, pygame.Rect(4, 4, screen.get_width() - 8, 20), caption)


def start(services, config: Config):
    """A Playing scene for a new game of ``config``; the level (and custom size) is saved."""
    from game.ui.scenes.playing import Playing
    services.remember_start(config)
    return Playing(services, services.new_game(config))


def button_rect(row: int, half: int | None = None) -> pygame.Rect:
    """Menu button ``row`` (0 at the top); ``half`` 0 or 1 for the left or right half of it."""
    width = MENU_SIZE[0] - 40
    rect = pygame.Rect(20, 34 + row * (BUTTON_H + BUTTON_GAP), width, BUTTON_H)
    if half is not None:
        rect.width = (width - BUTTON_GAP) // 2
        rect.left += half * (rect.width + BUTTON_GAP)
    return rect


class Menu(Scene):
    """The first screen: Beginner, Intermediate, Expert, Custom..., Options... | Statistics..., Quit."""

    def __init__(self, services) -> None:
        super().__init__(services)
        buttons = [Button(button_rect(i), self._level_label(name), self._level_action(name))
                   for i, name in enumerate(DIFFICULTIES)]
        buttons += [Button(button_rect(3), "Custom...", self.custom),
                    Button(button_rect(4, 0), "Options...", self.options),
                    Button(button_rect(4, 1), "Statistics...", self.statistics)]
        self.list = ButtonList(buttons)
        self.list.focus = FOCUS_OF_LEVEL.get(services.settings.difficulty, 0)
        self.quit_button = Button(button_rect(5), "Quit", lambda: None)
        self.quit_pressed = False

    @staticmethod
    def _level_label(name: str) -> str:
        rows, cols, mines = DIFFICULTIES[name]
        return f"{LEVEL_LABELS.get(name, name.title())}  {rows}x{cols}, {mines}"

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

    def statistics(self):
        from game.ui.scenes.stats import Statistics
        return Statistics(self.services)

    def size(self) -> tuple[int, int]:
        return MENU_SIZE

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            from game.ui.scenes.confirm import Confirm
            return Confirm(self.services, self, QUIT_TITLE, QUIT_QUESTION, lambda: None, quits=True)
        if is_help_key(event):
            return Help(self.services, self)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.quit_pressed = self.quit_button.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.quit_pressed:
            self.quit_pressed = False
            self.dirty = True
            if self.quit_button.rect.collidepoint(event.pos):
                return None
        return self.press_buttons(self.list, event)

    def draw(self, screen: pygame.Surface) -> None:
        draw_dialog(screen, "Minesweeper")
        self.list.draw(screen)
        self.quit_button.draw(screen, pressed=self.quit_pressed)
        text(screen, "Arrows, Enter; Esc quits; F1 help", (MENU_SIZE[0] // 2, MENU_SIZE[1] - 14), 16,
             (64, 64, 64), "center")
        self.dirty = False
