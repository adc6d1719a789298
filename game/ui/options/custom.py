"""The custom-size form: rows, columns and mines typed with the keyboard.

A value the engine refuses (game.rules.board.Config's message) is refused here with the
allowed range; no game starts with it. Any size the engine takes (up to 1000x1000) plays
in the window: a board bigger than the screen is seen through a camera. With
no-guess boards on (``services.no_guess``) a size or density beyond the generator's
limits (game.noguess.supported) is refused too.

Under each field a hint gives the range the next step takes, given the other fields as
typed: the engine's largest board (game.rules.board.MAX_SIDE), Config's limits (2 cells at least, a mine and a free first click) and, with
no-guess on, the generator's size and density limits. Every value in a hint's range
starts a game, so a hint never offers what Enter then refuses.
Keys: digits and Backspace edit, Up/Down/Tab move, Enter starts, Esc goes back.

Enter on a value refused says why in the form: the reason under the buttons, the focus on
the first field at fault, and each field at fault framed and its range written in the
error colour until its value is one the range takes; editing a value clears the reason.
"""

from __future__ import annotations

import functools

import pygame

from game.rules.board import MAX_SIDE, Config, max_mines
from game.i18n import N_, _, count, span
from game.messages import ExplainedValueError, describe
from game.noguess import MAX_NO_GUESS_CELLS, max_no_guess_mines, supported
from game.ui.shared import draw
from game.ui.play.layout import MENU_SIZE
from game.ui.scene import Scene
from game.ui.shared.dialog import draw_dialog, start
from game.ui.shared.theme import palette
from game.ui.shared.widgets import (Button, bevel, button_words, draw_focus_ring, field_words, focus_step, sentences,
                                     text, text_width, wrap)

FIELDS = ("rows", "columns", "mines")
FIELD_LABELS = (N_("Rows"), N_("Columns"), N_("Mines"))  # as the form shows each of FIELDS
EMPTY = {"rows": N_("rows: type a number"), "columns": N_("columns: type a number"),
         "mines": N_("mines: type a number")}  # an empty field's error, by field
TOO_MANY = {"rows": N_("rows: {number} is out of range; allowed 1..{top} (the most rows the game takes)"),
            "columns": N_("columns: {number} is out of range; allowed 1..{top} "
                          "(the most columns the game takes)")}  # a size past the game's limit
MAX_DIGITS = 7  # longest number a field takes: one past the most mines (999,999) types, and is refused
HINT_MARGIN = 6  # least space between a hint and the window's edge, pixels
FIELD_STEP = 36  # pixels from one field's top to the next: a 24-pixel box, its range below it



def size_takes_mine(rows: int, cols: int, no_guess: bool) -> bool:
    """True when a rows x cols board takes a mine (with ``no_guess``, when the no-guess
    generator takes its size: none beyond MAX_NO_GUESS_CELLS cells)."""
    return (max_no_guess_mines(rows, cols) if no_guess else max_mines(rows, cols)) >= 1


@functools.lru_cache(maxsize=64)
def fitting_sizes(axis: int, other: int, most: int, no_guess: bool) -> tuple[int, int] | None:
    """(least, greatest) rows (``axis`` 0) or columns (1), in 1..``most``, of a board whose
    other side is ``other`` that :func:`size_takes_mine`; None when none does. Kept: the form
    asks for its hints every frame, and one answer is up to a thousand sizes checked (19 ms a
    frame with no-guess on, before)."""
    sizes = ((n, other) if axis == 0 else (other, n) for n in range(1, most + 1))
    fits = [size[axis] for size in sizes if size_takes_mine(*size, no_guess)]
    return (fits[0], fits[-1]) if fits else None

class CustomForm(Scene):
    """Fields ``values`` (strings of digits), focus 0..2 on a field, 3 Start, 4 Back."""

    def __init__(self, services) -> None:
        super().__init__(services)
        self.values = [str(v) for v in services.last_custom]
        self.focus = 0
        self.message = ""  # why Enter was refused, until a value is edited
        self.refused = False  # Enter was refused: the fields at fault are marked
        self.start_button = Button((30, 166, 80, 24), N_("Start"), self.submit)
        self.back_button = Button((130, 166, 80, 24), N_("Back"), self.leave)

    def size(self) -> tuple[int, int]:
        return MENU_SIZE

    def field_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(120, 36 + index * FIELD_STEP, 90, 24)

    def hint_left(self, index: int, hint: str) -> int:
        """Where field ``index``'s ``hint`` starts, logical pixels: under the field, or moved left
        as far as it must to end inside the window (a long hint, "rows and columns at most 1,000")."""
        return max(HINT_MARGIN, min(self.field_rect(index).left, MENU_SIZE[0] - HINT_MARGIN - text_width(hint, 12)))

    def limits(self) -> tuple[int, int]:
        """Most (rows, cols) the game takes: any of them plays in the window (a board bigger
        than the screen through a camera, game.ui.play.camera)."""
        return MAX_SIDE, MAX_SIDE

    def validate(self) -> Config:
        """The Config the fields describe.

        Raises:
            ValueError: an empty field, a size over the game's limit, what Config refuses,
                or (no-guess on) a density the no-guess generator does not take; shown
                with game.messages.describe (its facts in the language in use).
        """
        max_rows, max_cols = self.limits()
        numbers = []
        for name, value, top in zip(FIELDS, self.values, (max_rows, max_cols, None)):
            if not value:
                raise ExplainedValueError(EMPTY[name])
            number = int(value)
            if top is not None and not 1 <= number <= top:
                raise ExplainedValueError(TOO_MANY[name], number=number, top=top)
            numbers.append(number)
        rows, cols, mines = numbers
        config = self.services.config_for(rows, cols, mines)
        if config.no_guess:
            reason = supported(config)  # a game.messages.Note, or None
            if reason:
                raise ExplainedValueError(reason.template, **reason.params)
        return config

    # ----- the ranges the hints show (what validate takes) -------------------------------------
    def number(self, index: int) -> int | None:
        """Field ``index`` as a number, None while it is empty."""
        return int(self.values[index]) if self.values[index] else None

    def size_range(self, axis: int) -> tuple[int, int] | None:
        """(least, most) rows (``axis`` 0) or columns (1) the next step takes with the other
        field as typed (any other within the screen's limits while it is empty or out of
        them); None when no value fits."""
        limits = self.limits()
        other = self.number(1 - axis)
        if other is None or not 1 <= other <= limits[1 - axis]:
            return 1, limits[axis]
        return fitting_sizes(axis, other, limits[axis], self.services.no_guess)

    def mines_range(self) -> tuple[int, int] | None:
        """(1, most) mines the next step takes on the size typed, None until the size is one
        it takes."""
        rows, cols = self.number(0), self.number(1)
        if rows is None or cols is None:
            return None
        for axis, value in enumerate((rows, cols)):
            allowed = self.size_range(axis)
            if allowed is None or not allowed[0] <= value <= allowed[1]:
                return None
        top = max_no_guess_mines(rows, cols) if self.services.no_guess else max_mines(rows, cols)
        return 1, top

    def faults(self) -> list[int]:
        """The fields whose value is outside the range its hint gives (empty, a size no mine
        fits with the other, too many mines): the ones Enter is refused for."""
        ranges = (self.size_range(0), self.size_range(1))
        faults = [i for i in (0, 1) if self.number(i) is None or ranges[i] is None
                  or not ranges[i][0] <= self.number(i) <= ranges[i][1]]
        if faults:
            return faults
        allowed, mines = self.mines_range(), self.number(2)
        return [2] if allowed is None or mines is None or not allowed[0] <= mines <= allowed[1] else []

    def submit(self):
        try:
            config = self.validate()
        except ValueError as err:
            self.message = describe(err)
            self.refused = True
            faults = self.faults()
            if faults:
                self.focus = faults[0]  # type the fix at once
            return self
        self.services.last_custom = (config.rows, config.cols, config.mines)
        return start(self.services, config)

    def leave(self):
        return self.services.scenes.menu()

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN:
            self.dirty = True
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dirty = True
            for i in range(len(FIELDS)):
                if self.field_rect(i).inflate(110, 6).collidepoint(event.pos):
                    self.focus = i
            if self.start_button.rect.collidepoint(event.pos):
                return self.submit()
            if self.back_button.rect.collidepoint(event.pos):
                return self.leave()
        return self

    def spoken(self) -> str:
        """The title and the focused field or button."""
        return sentences(_("Custom board"), self.focus_words())

    def focus_words(self) -> str:
        """What the focused field says ("Rows, edit text, 20, 1..1,000") or button, and why
        Enter was refused when it was."""
        if self.focus < len(FIELDS):
            said = sentences(field_words(_(FIELD_LABELS[self.focus]), self.values[self.focus]),
                             self.hints()[self.focus])
        else:
            button = self.start_button if self.focus == 3 else self.back_button
            said = button_words(button.shown, self.focus, 5)
        return sentences(self.message, said)

    def _key(self, event: pygame.event.Event):
        key = event.key
        focus, message = self.focus, self.message
        following = self._act(event)
        if following is self and (self.focus != focus or self.message != message):
            self.say(self.focus_words)
        return following

    def _act(self, event: pygame.event.Event):
        key = event.key
        if key == pygame.K_ESCAPE:
            return self.leave()
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.leave() if self.focus == 4 else self.submit()
        if key == pygame.K_SPACE and self.focus >= 3:
            return self.submit() if self.focus == 3 else self.leave()
        step = focus_step(event)
        if step:
            self.focus = (self.focus + step) % 5
        elif self.focus < 3 and key == pygame.K_BACKSPACE:
            self.values[self.focus] = self.values[self.focus][:-1]
            self.message = ""
        elif self.focus < 3 and getattr(event, "unicode", "") and event.unicode in "0123456789":
            if len(self.values[self.focus]) < MAX_DIGITS:
                self.values[self.focus] = (self.values[self.focus] + event.unicode).lstrip("0") or "0"
                self.message = ""
        return self

    def draw(self, screen: pygame.Surface) -> None:
        draw_dialog(screen, _("Custom board"))
        hints = self.hints()
        faults = self.faults() if self.refused else []
        for i, name in enumerate(FIELDS):
            rect = self.field_rect(i)
            text(screen, _(FIELD_LABELS[i]), (16, rect.top + 4), 18)
            draw.rect(screen, palette.field, rect)
            bevel(screen, rect, 2, raised=False)
            shown = self.values[i] + ("|" if i == self.focus else "")
            text(screen, shown, (rect.left + 6, rect.top + 5), 18)
            hint_colour = palette.error if i in faults else palette.dim
            text(screen, hints[i], (self.hint_left(i, hints[i]), rect.bottom + 1), 12, hint_colour)
            if i in faults:
                draw.rect(screen, palette.error, rect.inflate(4, 4), 2)
            elif i == self.focus:
                draw_focus_ring(screen, rect)
        self.start_button.draw(screen, focused=self.focus == 3)
        self.back_button.draw(screen, focused=self.focus == 4)
        for i, line in enumerate(wrap(self.message, MENU_SIZE[0] - 24, 16)[:4]):
            text(screen, line, (12, 198 + i * 15), 16, palette.error)
        self.dirty = False

    def hints(self) -> tuple[str, str, str]:
        """The range under each field: rows, columns, mines (see the module docstring), in the
        language in use, written its way (game.i18n.span: ``1..999,999`` / ``de 1 a 999.999``)."""
        sizes = []
        for axis in (0, 1):
            allowed = self.size_range(axis)
            sizes.append(span(*allowed) if allowed else _("none fits"))
        return sizes[0], sizes[1], self.mines_hint() or _("1..rows x cols - 1")

    def mines_hint(self) -> str:
        """The mine range the typed size allows ("" until rows and columns are numbers).

        With no-guess on, the generator's limit (game.noguess.max_no_guess_mines)."""
        rows, cols = self.number(0), self.number(1)
        if rows is None or cols is None or rows < 1 or cols < 1:
            return ""
        allowed = self.mines_range()
        if allowed is not None:
            if self.services.no_guess:
                return _("{range} no-guess").format(range=span(1, allowed[1]))
            return span(1, allowed[1])
        if rows > MAX_SIDE or cols > MAX_SIDE:
            return _("rows and columns at most {most}").format(most=count(MAX_SIDE))
        if self.services.no_guess:
            return _("too big for no-guess") if rows * cols > MAX_NO_GUESS_CELLS else _("too small for no-guess")
        return _("no room for a mine")
