"""The menu's ways to a board every player shares (issue 38): "Play a code..." and "Daily...".

:class:`CodeEntry` is a small box over the menu with a text field: type a board code
(game.midend.boardcode), or paste it with Ctrl+V (Cmd+V on a Mac) from the clipboard
(game.ui.shared.clipboard); Backspace deletes, Enter or Open opens its board, Esc or Cancel
goes back to the menu. Tab and Shift+Tab move the focus from the field to Open and Cancel and
back (Enter or Space press the focused button; typing goes to the field again). A code that is mistyped, cut short or made by a newer version of the
game is refused with the reason (game.messages.describe, in the language in use) in the box,
which stays open to mend it.

:class:`DailyChoice` lists the four daily boards of today (UTC: game.midend.daily.today),
one button a level (game.midend.daily.DAILY_LEVELS, named as the menu names its levels),
with today's date above them: Up/Down (or Tab) and Enter, 1-4, or a click open one; Esc or
Back return to the menu.

Both open their board through ``services.scenes`` (game.ui.app.Navigation: ``play_code``,
``play_daily``), so that this module imports no Playing scene.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.messages import Explained, describe
from game.midend.boardcode import CodeError, decode
from game.midend.daily import DAILY_LEVELS, DailyError, check_day, today
from game.rules.board import LEVEL_SIZES
from game.ui.play.layout import MENU_SIZE
from game.ui.scene import Overlay, Scene
from game.ui.shared import clipboard, draw
from game.ui.shared.confirm import MessageBox
from game.ui.shared.dialog import BUTTON_GAP, BUTTON_H, LevelButton, button_rect, draw_dialog
from game.ui.shared.formats import day
from game.ui.shared.theme import palette
from game.ui.shared.widgets import Button, ButtonList, TextField, bevel, field_words, sentences, text, title_bar, wrap

CODE_TITLE = N_("Play a code")
CODE_PROMPT = N_("Type or paste (Ctrl+V) a board code:")
CODE_REFUSED = N_("This code cannot be opened: {reason}.")  # the reason: game.midend.boardcode.CodeError's
CODE_MAX = 4000  # characters the field keeps: a loaded Expert board's code is about 200
TEXT_SIZE, LINE = 14, 13  # the box's text and its line height, pixels
PAD = 8  # inside the box, pixels
FIELD_H = 22  # the code's field, pixels
BOX_BUTTON_W, BOX_BUTTON_H = 72, 22  # Open and Cancel, pixels
MOST_ERROR_LINES = 6  # lines of a refusal shown in the box (the menu is 272 pixels high)
DAILY_TITLE = N_("Daily")
DAILY_DATE = N_("Today's boards, {date} (UTC)")
DAILY_HOW = N_("The same boards for everyone; start at the marked cell")
DATE_ROOM = BUTTON_H  # the date line above the buttons: they stand this much lower than the menu's, pixels
PASTE_KEYS = pygame.KMOD_CTRL | pygame.KMOD_META  # Ctrl+V, and Cmd+V on a Mac


def is_paste(event: pygame.event.Event) -> bool:
    """True for the paste key: Ctrl+V, or Cmd+V (the Mac's Command key is SDL's GUI, META)."""
    return (event.type == pygame.KEYDOWN and event.key == pygame.K_v
            and bool(getattr(event, "mod", 0) & PASTE_KEYS))


class CodeEntry(Overlay):
    """"Play a code": a box over ``base`` (the menu) with a field for a board code.

    ``error`` is the refusal shown (in the language in use), "" when none; ``shown`` the
    wrapped lines of it drawn (tests read them). A subclass asks for another text (a trial
    code, a trial set: game.ui.trials) by its ``title``, ``prompt_text``, ``refused`` (the
    refusal's template, ``{reason}`` in it) and :meth:`opened`."""

    title, prompt_text, refused = CODE_TITLE, CODE_PROMPT, CODE_REFUSED

    def opened(self, typed: str):
        """The scene the typed text opens: the board of the code ``typed``.

        Raises:
            ValueError (a game.messages.Explained): the text cannot be opened; its reason is shown."""
        return self.services.scenes.play_code(decode(typed))

    def __init__(self, services, base) -> None:
        super().__init__(services, base)
        self.field = TextField((0, 0, 10, FIELD_H), "", CODE_MAX, 15)
        self.field.focused = True
        self.error = ""
        self.shown: list[str] = []
        self.buttons = ButtonList([])
        self.buttons.focus = -1  # no button has the focus: the field has the keys
        self._layout()

    def enter(self) -> None:
        self.base.enter()
        pygame.key.start_text_input()  # TEXTINPUT and an input method's TEXTEDITING
        self.dirty = True
        self._layout()

    def _layout(self) -> None:
        """Size the box to its prompt, field, refusal and buttons; centre it in the window."""
        width, height = self.size()
        box_w = min(300, width - 8)
        inner = box_w - 2 * PAD
        self.prompt = wrap(_(self.prompt_text), inner, TEXT_SIZE)
        lines = wrap(self.error, inner, TEXT_SIZE) if self.error else []
        self.shown = lines[:MOST_ERROR_LINES]
        box_h = 24 + PAD + LINE * len(self.prompt) + 4 + FIELD_H + PAD
        box_h += (LINE * len(self.shown) + PAD) if self.shown else 0
        box_h += BOX_BUTTON_H + PAD
        self.box = pygame.Rect(0, 0, box_w, box_h)
        self.box.center = (width // 2, height // 2)
        top = self.box.top + 24 + PAD + LINE * len(self.prompt) + 4
        self.field.rect = pygame.Rect(self.box.left + PAD, top, inner, FIELD_H)
        pygame.key.set_text_input_rect(self.field.rect)  # where an input method shows its candidates
        gap = 8
        row_w = 2 * BOX_BUTTON_W + gap
        left = self.box.centerx - row_w // 2
        focus = self.buttons.focus
        self.buttons = ButtonList([
            Button((left + i * (BOX_BUTTON_W + gap), self.box.bottom - PAD - BOX_BUTTON_H, BOX_BUTTON_W,
                    BOX_BUTTON_H), label, action, 15)
            for i, (label, action) in enumerate(((N_("Open"), self.open), (N_("Cancel"), self.cancel)))])
        self.buttons.focus = focus

    # ----- actions ---------------------------------------------------------------------------
    def open(self):
        """Open the typed code's board; a code that cannot be opened is refused here, with why."""
        try:
            return self.opened(self.field.value)
        except (CodeError, Explained) as err:
            self.error = _(self.refused).format(reason=describe(err))
            self._layout()
            self.invalidate()
            self.say(self.error)
            return self

    def cancel(self):
        return self.base

    def paste(self) -> None:
        """Add the clipboard's text at the field's end (its lines joined by spaces: a code
        copied with a line break still reads)."""
        self.field.insert(" ".join(clipboard.paste().split()))
        self.error = ""
        self._layout()

    # ----- speech and the keyboard's focus ----------------------------------------------------
    def spoken(self) -> str:
        """The title, the prompt and the focused field or button."""
        return sentences(_(self.title), " ".join(self.prompt), self.focus_words())

    def focus_words(self) -> str:
        """The field ("Code, edit text, blank") or the focused button, after the refusal shown."""
        said = self.buttons.spoken() if self.buttons.focus >= 0 else field_words(_(self.title), self.field.value)
        return sentences(self.error, said)

    def move_focus(self, step: int) -> None:
        """Tab (``step`` 1) or Shift+Tab (-1): the field, Open, Cancel, round."""
        stops = [-1, *range(len(self.buttons.buttons))]  # -1: the field
        self.buttons.focus = stops[(stops.index(self.buttons.focus) + step) % len(stops)]
        self.field.focused = self.buttons.focus < 0
        self.dirty = True
        self.say(self.focus_words)

    # ----- input -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN:
            self.dirty = True
            if is_paste(event):
                self.paste()
                return self
            if event.key == pygame.K_ESCAPE:
                return self.cancel()
            if event.key == pygame.K_TAB:
                self.move_focus(-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1)
                return self
            if self.buttons.focus >= 0 and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.buttons.buttons[self.buttons.focus].action()
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.open()
        if event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING) and self.buttons.focus >= 0:
            self.buttons.focus = -1  # typing goes to the field
            self.field.focused = True
        if event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE):
            before = self.field.value
            self.field.handle(event)
            if self.field.value != before and self.error:  # mending the code: the old refusal goes
                self.error = ""
                self._layout()
            self.invalidate()
            return self
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.dirty = True
            pressed, result = self.buttons.handle(event)
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.buttons.focus = -1 if self.buttons.pressed is None else self.buttons.focus
                self.field.focused = self.buttons.focus < 0
            if pressed:
                return result
        return self

    # ----- drawing ---------------------------------------------------------------------------
    def draw_over(self, screen: pygame.Surface) -> None:
        draw.rect(screen, palette.text, self.box.move(3, 3))  # its shadow
        draw.rect(screen, palette.panel, self.box)
        bevel(screen, self.box, 2)
        title_bar(screen, pygame.Rect(self.box.left + 3, self.box.top + 3, self.box.width - 6, 18), _(self.title))
        y = self.box.top + 24 + PAD
        for line in self.prompt:
            text(screen, line, (self.box.left + PAD, y), TEXT_SIZE)
            y += LINE
        self.field.draw(screen)
        y = self.field.rect.bottom + PAD
        for line in self.shown:
            text(screen, line, (self.box.left + PAD, y), TEXT_SIZE, palette.error)
            y += LINE
        for i, button in enumerate(self.buttons.buttons):
            button.draw(screen, focused=i == self.buttons.focus, pressed=i == self.buttons.pressed)


class NumberedChoice(Scene):

    """A short choice opened from the menu, in the menu's size (the Daily's levels, the time
    trials' sets): its first :attr:`numbered` buttons (``self.list``) answer the keys 1, 2, ...
    too; Esc, like its Back button, goes back to the menu."""

    numbered = 0
    title = ""  # a message: the title said when it opens (each choice's own, as its draw shows it)

    def spoken(self) -> str:
        """The title and the focused button."""
        return sentences(_(self.title) if self.title else "", self.list.spoken())

    def back(self):
        return self.services.scenes.menu()

    def size(self) -> tuple[int, int]:
        return MENU_SIZE

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return self.back()
            if pygame.K_1 <= event.key < pygame.K_1 + self.numbered:
                return self.list.buttons[event.key - pygame.K_1].action()
        return self.press_buttons(self.list, event)


class DailyChoice(NumberedChoice):
    """"Daily": today's daily board of each level (game.midend.daily), and Back."""

    title = DAILY_TITLE

    numbered = len(DAILY_LEVELS)

    def __init__(self, services) -> None:
        super().__init__(services)
        self.day = today()
        buttons: list[Button] = []
        for i, level in enumerate(DAILY_LEVELS):
            rect = pygame.Rect(button_rect(i).move(0, DATE_ROOM))
            name = "beginner" if level.startswith("beginner") else level  # "Beginner  8x8, 10", as the menu
            buttons.append(LevelButton(rect, name, self._open(level), LEVEL_SIZES[level]))
        buttons.append(Button(button_rect(4).move(0, DATE_ROOM), N_("Back"), self.back))
        self.list = ButtonList(buttons)

    def _open(self, level: str):
        def action():
            try:
                check_day(self.day)  # a clock set before the first daily day
            except DailyError as err:
                return MessageBox(self.services, self, _(DAILY_TITLE), [describe(err)])
            return self.services.scenes.play_daily(self.day, level)
        return action

    def draw(self, screen: pygame.Surface) -> None:
        draw_dialog(screen, _(DAILY_TITLE))
        centre = MENU_SIZE[0] // 2
        date = _(DAILY_DATE).format(date=day(self.day.isoformat()))
        text(screen, date, (centre, 38), 14, anchor="midtop", bold=True)
        self.list.draw(screen)
        y = button_rect(4).move(0, DATE_ROOM).bottom + BUTTON_GAP
        for i, line in enumerate(wrap(_(DAILY_HOW), MENU_SIZE[0] - 24, 13)[:3]):
            text(screen, line, (centre, y + i * 14), 13, palette.dim, "midtop")
        self.dirty = False
