"""The menu: a level, a custom size, a time trial (game.ui.trials), the options or the statistics,
a board code or today's daily boards (game.ui.codes), the position editor ("Analyse...":
game.ui.editor, built by ``services.scenes.edit``); mouse or keyboard.

Up/Down, Left/Right (or Tab, Shift+Tab) move the focus, Enter/Space press it, Esc asks "Quit Minesweeper?"
(Esc from a game lands here, so a second Esc never quits by accident; Y or Yes quits,
N, Esc or No stays), F1 or ? shows the controls (game.ui.shared.help). The focus starts on the last level played (saved in
the settings). Quit is a button for the mouse; the keys quit by Esc, then Y.
"""

from __future__ import annotations

import pygame

from game.rules.board import DIFFICULTIES
from game.i18n import N_, _
from game.ui.codes import CodeEntry, DailyChoice
from game.ui.trials import TrialChoice
from game.ui.play.layout import MENU_SIZE
from game.ui.scene import Scene
from game.ui.shared.confirm import Confirm
from game.ui.options.custom import CustomForm
from game.ui.shared.dialog import LevelButton, button_rect, draw_dialog, start
from game.ui.shared.help import Help, is_help_key
from game.ui.options.screen import Options
from game.ui.stats.screen import Statistics
from game.ui.shared.theme import palette
from game.ui.shared.widgets import Button, ButtonList, sentences, text

QUIT_TITLE, QUIT_QUESTION = N_("Quit"), N_("Quit Minesweeper?")
HOW = N_("Arrows, Enter; Esc quits; F1 help")  # the line at the foot of the menu
ANALYSE = N_("Analyse...")  # the editor's button: "Analyse a position" (its title) in half a row
HALF_SIZE = 15  # the font of Custom... and Analyse..., half a row each ("Personalizado..." fits), pixels
HOW_SIZE = 14  # its font, pixels: under Quit, the seventh row of buttons
FOCUS_OF_LEVEL = {"beginner": 0, "intermediate": 1, "expert": 2, "custom": 3}  # button index


class Menu(Scene):
    """The first screen: Beginner, Intermediate, Expert, Custom... | Analyse..., Options... |
    Statistics..., Play a code... | Daily..., Time trial... | Quit. The buttons' indices in ``list``
    stay those of the first six (tests and the saved level's focus use them): Play a code is 6,
    Daily 7, Time trial 8, Analyse (a position, in the editor) 9."""

    def __init__(self, services) -> None:
        super().__init__(services)
        buttons: list[Button] = [LevelButton(button_rect(i), name, self._level_action(name), self._size(name))
                                 for i, name in enumerate(DIFFICULTIES)]
        buttons += [Button(button_rect(3, 0), N_("Custom..."), self.custom, HALF_SIZE),
                    Button(button_rect(4, 0), N_("Options..."), self.options),
                    Button(button_rect(4, 1), N_("Statistics..."), self.statistics),
                    Button(button_rect(5, 0), N_("Play a code..."), self.play_code),
                    Button(button_rect(5, 1), N_("Daily..."), self.daily),
                    Button(button_rect(6, 0), N_("Time trial..."), self.time_trial),
                    Button(button_rect(3, 1), ANALYSE, self.analyse, HALF_SIZE)]
        self.list = ButtonList(buttons)
        self.list.focus = FOCUS_OF_LEVEL.get(services.settings.difficulty, 0)
        self.quit_button = Button(button_rect(6, 1), N_("Quit"), lambda: None)
        self.quit_pressed = False

    def _size(self, name: str) -> tuple[int, int, int]:
        """The board of level ``name``: Beginner's is the Options' choice, 9x9 or 8x8
        (Settings.level_config, as ``--difficulty`` and the console)."""
        config = self.services.settings.level_config(name)
        return config.rows, config.cols, config.mines

    def _level_action(self, name: str):
        def action():
            rows, cols, mines = self._size(name)
            return start(self.services, self.services.config_for(rows, cols, mines))
        return action

    def custom(self):
        return CustomForm(self.services)

    def options(self):
        return Options(self.services)

    def statistics(self):
        return Statistics(self.services)

    def play_code(self):
        """"Play a code...": the box to type or paste a board code in, over the menu."""
        return CodeEntry(self.services, self)

    def daily(self):
        """"Daily...": today's daily board of each standard level."""
        return DailyChoice(self.services)

    def time_trial(self):
        """"Time trial...": a set or a trial code (game.ui.trials)."""
        return TrialChoice(self.services)

    def analyse(self):
        """"Analyse...": the position editor and analyser (game.ui.editor), on an empty board."""
        return self.services.scenes.edit(back=None)

    def size(self) -> tuple[int, int]:
        return MENU_SIZE

    def spoken(self) -> str:
        """The title and the focused button ("Minesweeper. Beginner  9x9, 10, button, 1 of 10")."""
        return sentences(_("Minesweeper"), self.list.spoken())

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Confirm(self.services, self, _(QUIT_TITLE), _(QUIT_QUESTION), lambda: None, quits=True)
        if is_help_key(event):
            return Help(self.services, self)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.list.step(1 if event.key == pygame.K_RIGHT else -1)
            self.dirty = True
            self.say(self.list.spoken)
            return self
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.quit_pressed = self.quit_button.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.quit_pressed:
            self.quit_pressed = False
            self.dirty = True
            if self.quit_button.rect.collidepoint(event.pos):
                return None
        return self.press_buttons(self.list, event)

    def draw(self, screen: pygame.Surface) -> None:
        draw_dialog(screen, _("Minesweeper"))
        self.list.draw(screen)
        self.quit_button.draw(screen, pressed=self.quit_pressed)
        text(screen, _(HOW), (MENU_SIZE[0] // 2, MENU_SIZE[1] - 10), HOW_SIZE,
             palette.dim, "center")
        self.dirty = False
