"""What the menu-like screens share: the dialog background, the menu's button grid, a
level's button (its name and size), and starting a game from a menu.

The menu, the custom form, the options and the statistics import these from here, not
from each other (see the import graph in game.ui).
"""

from __future__ import annotations

import pygame

from game.i18n import LEVEL_NAMES, N_, _
from game.rules.board import DIFFICULTIES, Config
from game.ui.play.layout import MENU_SIZE
from game.ui.shared.theme import palette
from game.ui.shared.widgets import Button, bevel, title_bar

BUTTON_H = 26  # menu button height, pixels
BUTTON_GAP = 6  # space between menu buttons, pixels
LEVEL_WORDS = N_("{level}  {rows}x{cols}, {mines}")  # a level's button: its name, rows x columns, mines


def draw_dialog(screen: pygame.Surface, caption: str) -> None:
    """The common menu-screen background: grey, raised bevel, navy title bar with ``caption``
    (in the language in use: the caller translates it)."""
    screen.fill(palette.panel)
    bevel(screen, screen.get_rect(), 2)
    title_bar(screen, pygame.Rect(4, 4, screen.get_width() - 8, 20), caption)


def button_rect(row: int, half: int | None = None) -> pygame.Rect:
    """Menu button ``row`` (0 at the top); ``half`` 0 or 1 for the left or right half of it."""
    width = MENU_SIZE[0] - 40
    rect = pygame.Rect(20, 34 + row * (BUTTON_H + BUTTON_GAP), width, BUTTON_H)
    if half is not None:
        rect.width = (width - BUTTON_GAP) // 2
        rect.left += half * (rect.width + BUTTON_GAP)
    return rect


def start(services, config: Config):
    """A Playing scene for a new game of ``config`` (built by ``services.scenes``); the level
    (and custom size) is saved."""
    services.remember_start(config)
    return services.scenes.playing(config)


class LevelButton(Button):
    """A level's button: its name and size ("Beginner  9x9, 10"), in the language in use when
    drawn; ``label`` stays the English words (the tests find a level by them). ``size``:
    (rows, cols, mines), default the level's standard size."""

    def __init__(self, rect: pygame.Rect, name: str, action, size: tuple[int, int, int] | None = None) -> None:
        rows, cols, mines = size or DIFFICULTIES[name]
        self.level = LEVEL_NAMES.get(name, name.title())  # a message
        self.numbers = {"rows": rows, "cols": cols, "mines": mines}
        super().__init__(rect, LEVEL_WORDS.format(level=self.level, **self.numbers), action)

    @property
    def shown(self) -> str:
        return _(LEVEL_WORDS).format(level=_(self.level), **self.numbers)
