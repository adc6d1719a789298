"""Options: question marks, first-click rule, chord by clicking a number, no-guess boards,
the display: a window at SDL's automatic size or a chosen whole scale (1x..4x,
capped to the screen), or fullscreen; whether leaving a game in progress asks first
(it is recorded as an abandoned loss either way), and row and column rulers.

Up/Down choose a line, Left/Right/Enter/Space (or a click) change it, Esc goes back.
Every change is saved at once (atomically) as the player's choice, even over a
command-line flag; board options apply to the next game, the display mode at once.
"""

from __future__ import annotations

import pygame

from game.board import FIRST_CLICK_RULES
from game.ui import draw
from game.ui.layout import MENU_SIZE
from game.ui.scene import Scene
from game.ui.scenes.dialog import draw_dialog
from game.ui.widgets import BLACK, ERROR, NAVY, Button, bevel, text, wrap

ROW_H = 25  # one option line, pixels
MAX_SCALE = 4  # largest window scale offered; capped to what fits the screen
FIRST_CLICK_NAMES = {"opening": "opens an area", "safe": "safe cell", "classic": "classic (XP)"}
NO_GUESS_FIRST_CLICK = "No-guess boards always open an area; turn no-guess off to choose another first click."


class Options(Scene):
    """Edit the settings (``services.set_option``: this run and the saved file)."""

    def __init__(self, services) -> None:
        super().__init__(services)
        self.focus = 0
        self.message = ""  # why a change was refused or not saved
        self.back = Button((MENU_SIZE[0] // 2 - 40, MENU_SIZE[1] - 32, 80, 24), "Back", self.leave)

    def rows(self) -> list[tuple[str, str]]:
        """(label, value) of each option line."""
        s = self.services.settings
        first_click = "opens an area" if self.services.no_guess else FIRST_CLICK_NAMES[s.first_click]
        return [("Question marks", "on" if s.questions else "off"),
                ("First click", first_click),
                ("Chord by clicking a number", "on" if s.chord_on_number else "off"),
                ("No-guess boards", "on" if self.services.no_guess else "off"),
                ("Display", self.display_name()),
                ("Ask before abandoning", "on" if s.confirm_abandon else "off"),
                ("Row and column rulers", "on" if s.rulers else "off")]

    def display_name(self) -> str:
        """'fullscreen', 'window, auto size' or 'window, 2x'."""
        display = self.services.display
        if display.fullscreen:
            return "fullscreen"
        return "window, auto size" if display.scale is None else f"window, {display.scale}x"

    def change_display(self, step: int) -> str | None:
        """Cycle window (auto size), window 1x..MAX_SCALE, fullscreen; save the choice."""
        services, display = self.services, self.services.display
        modes = [None, *range(1, MAX_SCALE + 1), "fullscreen"]
        now = "fullscreen" if display.fullscreen else display.scale
        chosen = modes[(modes.index(now) + step) % len(modes)] if now in modes else None
        if chosen == "fullscreen":
            display.toggle_fullscreen()
            return services.sync_fullscreen()
        if display.fullscreen:
            display.toggle_fullscreen()
            warning = services.sync_fullscreen()
            if warning:
                return warning
        display.set_scale(chosen)
        return services.set_option(scale=chosen)

    def change(self, index: int, step: int = 1) -> None:
        """Move option ``index`` to its next (``step`` 1) or previous (-1) value, and save it."""
        s, services = self.services.settings, self.services
        self.message = ""
        if index == 0:
            warning = services.set_option(questions=not s.questions)
        elif index == 1:
            if services.no_guess:
                self.message = NO_GUESS_FIRST_CLICK
                return
            rules = list(FIRST_CLICK_RULES)
            warning = services.set_option(first_click=rules[(rules.index(s.first_click) + step) % len(rules)])
        elif index == 2:
            warning = services.set_option(chord_on_number=not s.chord_on_number)
        elif index == 3:
            warning = services.set_option(no_guess=not services.no_guess)
        elif index == 4:
            warning = self.change_display(step)
        elif index == 5:
            warning = services.set_option(confirm_abandon=not s.confirm_abandon)
        else:
            warning = services.set_option(rulers=not s.rulers)
        self.message = warning or ""

    def leave(self):
        return self.services.scenes.menu()

    def size(self) -> tuple[int, int]:
        return MENU_SIZE

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(12, 30 + index * ROW_H, MENU_SIZE[0] - 24, ROW_H - 4)

    def handle(self, event: pygame.event.Event):
        count = len(self.rows()) + 1  # the lines and Back
        if event.type == pygame.KEYDOWN:
            self.dirty = True
            if event.key == pygame.K_ESCAPE:
                return self.leave()
            if event.key in (pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % count
            elif event.key == pygame.K_UP:
                self.focus = (self.focus - 1) % count
            elif self.focus == count - 1 and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.leave()
            elif event.key in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.change(self.focus)
            elif event.key == pygame.K_LEFT:
                self.change(self.focus, -1)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dirty = True
            if self.back.rect.collidepoint(event.pos):
                return self.leave()
            for i in range(count - 1):
                if self.row_rect(i).collidepoint(event.pos):
                    self.focus = i
                    self.change(i)
        return self

    def draw(self, screen: pygame.Surface) -> None:
        draw_dialog(screen, "Options")
        for i, (label, value) in enumerate(self.rows()):
            rect = self.row_rect(i)
            bevel(screen, rect, 1, raised=False)
            text(screen, label, (rect.left + 5, rect.centery), 16, anchor="midleft")
            text(screen, f"< {value} >", (rect.right - 5, rect.centery), 16, NAVY, "midright", bold=True)
            if i == self.focus:
                draw.rect(screen, BLACK, rect.inflate(2, 2), 1)
        self.back.draw(screen, focused=self.focus == len(self.rows()))
        if self.message:
            for i, line in enumerate(wrap(self.message, MENU_SIZE[0] - 24, 14)[:3]):
                text(screen, line, (12, 207 + i * 11), 14, ERROR)
        else:
            text(screen, "Saved; applies to the next game", (MENU_SIZE[0] // 2, 222), 14,
                 (64, 64, 64), "center")
        self.dirty = False
