"""Modal boxes over another scene: a message to dismiss, and a Yes/No question.

Both are overlays (the scene beneath stays drawn) and go back to it when closed.
Keys: Left/Right or Tab move between the buttons, Enter/Space press the focused one,
Esc closes (No for a question); Y and N answer a question directly, and so do the
first letters of the buttons' words in the language in use (S for Sí in Spanish).
"""

from __future__ import annotations

from typing import Callable

import pygame

from game.i18n import N_, _
from game.ui.shared import draw
from game.ui.scene import Overlay
from game.ui.shared.theme import palette
from game.ui.shared.widgets import Button, ButtonList, bevel, sentences, text, title_bar, wrap

TEXT_SIZE = 14  # message font, pixels
LINE = 13  # message line height, pixels
PAD = 8  # space inside the box, pixels
BUTTON_W, BUTTON_H = 64, 22  # box buttons, pixels
MAX_WIDTH = 300  # widest box, pixels
ON_STDERR = N_("(the full message is on stderr)")  # the last line of a message cut to the window


class Box(Overlay):
    """A titled box with wrapped ``lines`` of text and a row of ``labels`` buttons.

    ``title`` and ``lines`` are shown as given: the caller words them in the language in use
    (a box is modal, so the language cannot change while it shows). ``labels`` are messages
    (``N_``), translated when the buttons are drawn."""

    labels: tuple[str, ...] = (N_("OK"),)

    def __init__(self, services, base, title: str, lines: list[str], focus: int = 0) -> None:
        super().__init__(services, base)
        self.title = title
        self.message = list(lines)
        self.focus = focus
        self.shown: list[str] = []  # the wrapped lines drawn (tests read them)

    def enter(self) -> None:
        """Enter the base scene too: a box may be the first scene, before its base was shown."""
        self.base.enter()
        self.dirty = True
        self._layout()

    def _layout(self) -> None:
        width, height = self.size()
        box_w = min(MAX_WIDTH, width - 8)
        lines = [line for paragraph in self.message for line in (wrap(paragraph, box_w - 2 * PAD, TEXT_SIZE) or [""])]
        room = max(1, (height - 8 - 24 - BUTTON_H - 3 * PAD) // LINE)
        if len(lines) > room:  # a small window: the full text is on stderr
            lines = lines[:room - 1] + [_(ON_STDERR)]
        self.shown = lines
        box_h = 24 + PAD + LINE * len(lines) + PAD + BUTTON_H + PAD
        self.box = pygame.Rect(0, 0, box_w, box_h)
        self.box.center = (width // 2, height // 2)
        gap = 8
        row_w = len(self.labels) * BUTTON_W + (len(self.labels) - 1) * gap
        left = self.box.centerx - row_w // 2
        self.buttons = ButtonList([
            Button((left + i * (BUTTON_W + gap), self.box.bottom - PAD - BUTTON_H, BUTTON_W, BUTTON_H),
                   label, lambda i=i: self.answer(i), 15)
            for i, label in enumerate(self.labels)])
        self.buttons.focus = self.focus

    def answer(self, index: int):
        """Button ``index`` was pressed: the scene to go to (the base scene)."""
        return self.base

    def spoken(self) -> str:
        """The title, the message's lines and the focused button ("Quit. Quit Minesweeper? No,
        button, 2 of 2")."""
        return sentences(self.title, *self.message, self.buttons.spoken())

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN:
            self.dirty = True
            if event.key == pygame.K_ESCAPE:
                return self.answer(len(self.labels) - 1)
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.buttons.step(1 if event.key == pygame.K_RIGHT else -1)
                self.say(self.buttons.spoken)
                return self
        return self.press_buttons(self.buttons, event)

    def draw_over(self, screen: pygame.Surface) -> None:
        shadow = self.box.move(3, 3)
        draw.rect(screen, palette.text, shadow)
        draw.rect(screen, palette.panel, self.box)
        bevel(screen, self.box, 2)
        title_bar(screen, pygame.Rect(self.box.left + 3, self.box.top + 3, self.box.width - 6, 18), self.title)
        for i, line in enumerate(self.shown):
            text(screen, line, (self.box.left + PAD, self.box.top + 24 + PAD + i * LINE), TEXT_SIZE)
        self.buttons.draw(screen)


class MessageBox(Box):
    """A message the player dismisses with OK (Enter, Esc or a click)."""


class Confirm(Box):
    """A Yes/No question; ``on_yes()`` runs on Yes and returns the next scene (or None: the base).

    With ``quits``, Yes quits the game after ``on_yes()`` (the window's close button, Esc
    in the menu). The focus starts on No, so Enter alone never does the irreversible thing.
    """

    labels = (N_("Yes"), N_("No"))

    def __init__(self, services, base, title: str, question: str, on_yes: Callable[[], object],
                 quits: bool = False) -> None:
        super().__init__(services, base, title, [question], focus=1)
        self.on_yes = on_yes
        self.quits = quits

    def answer(self, index: int):
        if index == 0:
            following = self.on_yes()
            return None if self.quits else following or self.base
        return self.base

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN:
            for index, keys in enumerate(answer_keys()):
                if event.key in keys:
                    self.dirty = True
                    return self.answer(index)
        return super().handle(event)


def answer_keys() -> tuple[set[int], set[int]]:
    """The keys that answer Yes and No: Y and N in every language, and the first letter of
    each button's word in the language in use (Spanish: S for "Sí"). Letter keys' codes are
    their lower-case ASCII codes (pygame.K_s == ord("s"))."""
    keys = ({pygame.K_y}, {pygame.K_n})
    for index, label in enumerate(Confirm.labels):
        first = _(label)[:1].lower()
        if "a" <= first <= "z":
            keys[index].add(ord(first))
    if keys[0] & keys[1]:  # a language whose words start alike: only Y and N
        return {pygame.K_y}, {pygame.K_n}
    return keys
