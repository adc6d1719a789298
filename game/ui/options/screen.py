"""Options: question marks, first-click rule, chord by clicking a number, no-guess boards,
the Beginner board (9x9 as Windows, or 8x8 as the competitive sets, each with its own best
tables), the display: a window at SDL's automatic size or a chosen scale (1x..4x in half steps,
capped to the screen: the line says the scale this screen is shown at, and a note under the
lines the one the next game's board will be, when the chosen one does not fit), or
fullscreen (where a window manager can give it); the theme (classic, dark, high contrast:
it changes at once); reduce motion; sound on or off, its volume (0..100 % in steps of 10) and the
timer's tick (game.ui.sound); speech, the screen-reader mode (every change said aloud through
the platform's speech service: game.ui.speech; turned on, the service is opened on a thread of
its own, and speech comes on when it answers, or the foot says why none could be), and the numbers' tones (a revealed number's value as a pitch:
game.ui.sound.NUMBER_NOTES); whether leaving a game in progress asks first (it is recorded
as an abandoned loss either way), row and column rulers, the live counters (F3 too:
game.ui.play.counters_view), the playing window (with its side panel, or compact: the classic
window, panels over the board; from the next game), and the minimum 3BV of dealt
boards (off, or the rankings' minimums: Beginner 2, Intermediate 30, Expert 100; filtered
games are ranked apart, docs/bv-filter.md); touch (game.ui.play.touch): the long press's
delay (250 ms to 1 s, 400 ms by default), whether a game starts in flag mode (a tap flags, a
long press reveals), and the touch layout (cells a finger can hit, the flag-mode button), on
by itself for the rest of the run once a finger touches the window.

Up to COLUMN_ROWS lines stand in one column; more stand in two (the first half on the left),
so the screen stays as low as the menu-like screens are on a small screen.
Up/Down (or Tab, Shift+Tab) choose a line, Home/End the first line and Back, Left/Right/Enter/Space
(or a click) change it, Esc goes back. With speech on (game.ui.speech) the line the focus comes
to says its name and value ("Volume, 70 %"), and a change says the new value.
Every change is saved at once (atomically) as the player's choice, even over a
command-line flag; board options apply to the next game, the display mode at once.
"""

from __future__ import annotations

from typing import Callable

import pygame

from game.rules.board import BEGINNER_SIZES, FIRST_CLICK_RULES
from game.midend.deal import first_click_of
from game.i18n import LANGUAGES, N_, _, language, level_name, number, short_number
from game.ui.shared.formats import percent
from game.records.settings import BV_FILTER_CHOICES, TOUCH_DELAYS
from game.ui.scene import Scene
from game.ui.play.room import finger_cells, playing_window
from game.ui.shared.dialog import draw_dialog
from game.ui.sound import VOLUME_STEP
from game.ui.shared.theme import THEME_NAMES, THEMES, palette
from game.ui.shared.widgets import (Button, bevel, button_words, draw_focus_ring, focus_step, sentences, text,
                                     value_words, wrap)

ROW_H = 25  # one option line, pixels
WIDTH = 300  # the Options screen's width with one column of lines, pixels (wider than the menu)
COLUMN_ROWS = 14  # lines in one column at most; more are laid in two columns, so the screen
# stays low enough (under 472 pixels) to show at 2x on a 1280x1024 screen
FOOT_H = 80  # under the lines: the message (three lines) and Back, pixels
SPEECH_POLL = 0.05  # seconds between looks for the speech service the Speech line opens
SCALES = (1, 1.5, 2, 2.5, 3, 4)  # window scales offered; capped to what fits the screen
FIRST_CLICK_NAMES = {"opening": N_("opens an area"), "safe": N_("safe cell"), "classic": N_("classic (XP)")}
NO_GUESS_FIRST_CLICK = N_("No-guess boards always open an area; turn no-guess off to choose another first click.")
BV_FILTER_NAMES = {"off": N_("off"), "rankings": N_("rankings' minimums")}  # settings.bv_filter
SAVED = N_("Each change is saved at once; the rules apply from the next game")  # the foot of the screen when there is no message
BEGINNER_NAMES = {"9x9": N_("9x9 (Windows)"), "8x8": N_("8x8 (competitive)")}  # settings.beginner_size
WINDOW_NAMES = {False: N_("side panel"), True: N_("compact")}  # settings.compact: the playing window
VALUE = N_("< {value} >")  # how a line's value is drawn, the arrows saying Left/Right change it
MILLISECONDS = N_("{ms} ms")  # the long press's delay
TOUCH_SEEN = N_("on (a touch was seen)")  # the touch layout, switched on by a finger this run
SCALE_HERE = N_("window, {scale}x (here {shown}x)")  # a chosen scale this screen cannot show: the one it shows at
SCALE_BOARD = N_("{scale}x does not fit this screen for the next board ({board}): it will show at {shown}x.")


def on_off(value: bool) -> str:
    """A switch's value as shown: 'on' or 'off', in the language in use."""
    return _("on") if value else _("off")


def cycle(choices, now, step: int):
    """The choice ``step`` places after ``now`` in ``choices``, round; the first when ``now`` is not one."""
    choices = list(choices)
    return choices[(choices.index(now) + step) % len(choices)] if now in choices else choices[0]


class Options(Scene):
    """Edit the settings (``services.set_option``: this run and the saved file).

    Each line is an entry of :meth:`lines`: its label and its value as shown (in the language
    in use: they are worked out again every frame), and what a change by ``step`` (+1 or -1)
    does (returns a warning to show, or None)."""

    def __init__(self, services) -> None:
        super().__init__(services)
        self.focus = 0
        self.message = ""  # why a change was refused or not saved
        self.no_fullscreen: str | None = None  # why full screen was refused here (the Display line then skips it)
        self.opening_speech = False  # the Speech line is opening the speech service (update)
        width, height = self.size()
        self.back = Button((width // 2 - 40, height - 32, 80, 24), N_("Back"), self.leave)

    def lines(self) -> list[tuple[str, str, Callable[[int], str | None]]]:
        """(label, value, change) of each option line, top to bottom."""
        s, services = self.services.settings, self.services
        rule = first_click_of(s.first_click, services.no_guess)  # no-guess boards always open an area
        first_click = _(FIRST_CLICK_NAMES[rule])
        flip = lambda name: lambda step: services.set_option(**{name: not getattr(s, name)})  # noqa: E731
        return [(_("Question marks"), on_off(s.questions), flip("questions")),
                (_("First click"), first_click, self.change_first_click),
                (_("Chord by clicking a number"), on_off(s.chord_on_number), flip("chord_on_number")),
                (_("No-guess boards"), on_off(services.no_guess),
                 lambda step: services.set_option(no_guess=not services.no_guess)),
                (_("Display"), self.display_name(), self.change_display),
                (_("Theme"), _(THEMES[s.theme].label), self.change_theme),
                (_("Reduce motion"), on_off(s.reduce_motion), flip("reduce_motion")),
                (_("Sound"), on_off(not s.muted), flip("muted")),
                (_("Volume"), percent(s.volume), self.change_volume),  # 70% / 70 %
                (_("Timer tick"), on_off(s.tick), flip("tick")),
                (_("Speech (screen reader)"), on_off(s.speech), self.change_speech),
                (_("Number tones"), on_off(s.number_tones), flip("number_tones")),
                (_("Ask before abandoning"), on_off(s.confirm_abandon), flip("confirm_abandon")),
                (_("Row and column rulers"), on_off(s.rulers), flip("rulers")),
                (_("Counters (F3)"), on_off(s.counters), flip("counters")),
                (_("Window"), _(WINDOW_NAMES[bool(s.compact)]), flip("compact")),
                (_("Language"), LANGUAGES[language()], self.change_language),  # each language's own name
                (_("Beginner board"), _(BEGINNER_NAMES.get(s.beginner_size, BEGINNER_NAMES["9x9"])),
                 lambda step: services.set_option(beginner_size=cycle(BEGINNER_SIZES, s.beginner_size, step))),
                (_("Minimum 3BV"), _(BV_FILTER_NAMES.get(s.bv_filter, BV_FILTER_NAMES["off"])),
                 lambda step: services.set_option(bv_filter=cycle(BV_FILTER_CHOICES, s.bv_filter, step))),
                # touch (game.ui.play.touch): the long press's delay, flag mode at a game's start, the layout
                (_("Long press (touch)"), _(MILLISECONDS).format(ms=number(s.touch_delay_ms, 0, grouped=True)),
                 lambda step: services.set_option(touch_delay_ms=cycle(TOUCH_DELAYS, s.touch_delay_ms, step))),
                (_("Tap flags (touch)"), on_off(s.touch_flag_mode), flip("touch_flag_mode")),
                (_("Touch layout"), _(TOUCH_SEEN) if services.touch_seen and not s.touch_layout
                 else on_off(s.touch_layout), flip("touch_layout"))]

    def rows(self) -> list[tuple[str, str]]:
        """(label, value) of each option line."""
        return [(label, value) for label, value, _change in self.lines()]

    def display_name(self) -> str:
        """'fullscreen', 'window, auto size' or 'window, 2x' (1.5x...), in the language in use;
        a chosen scale larger than this screen can show this window at (capped to the screen:
        game.ui.display) says the scale it is shown at: 'window, 3x (here 2x)'."""
        display = self.services.display
        if display.fullscreen:
            return _("fullscreen")
        if display.scale is None:
            return _("window, auto size")
        shown = display.window_scale()
        if shown != display.scale:
            return _(SCALE_HERE).format(scale=short_number(display.scale), shown=short_number(shown))
        return _("window, {scale}x").format(scale=short_number(display.scale))

    def board_scale(self) -> float:
        """The scale the next game's window (its board, from the settings, with the panels'
        strip, as game.ui.app and the Playing scene size it) opens at on this screen
        (game.ui.display.Display.window_scale: the chosen scale where it fits, else the largest
        whole one that does, at most the automatic scale's cap)."""
        display, settings = self.services.display, self.services.settings
        _layout, size, most = playing_window(settings.config(), display.area(), settings.rulers, settings.compact,
                                             finger_cells(self.services.touch_layout, settings.scale))
        return display.window_scale(size, most)

    def display_note(self) -> str:
        """A sentence when the next game's window does not fit this screen at the chosen scale
        and will open at a smaller one (:meth:`board_scale`), else ''."""
        display = self.services.display
        if display.fullscreen or display.scale is None:
            return ""
        shown = self.board_scale()
        if shown == display.scale:
            return ""
        config = self.services.settings.config()
        board = level_name(config.level) if config.level != "custom" else f"{config.rows}x{config.cols}"
        return _(SCALE_BOARD).format(scale=short_number(display.scale), board=board, shown=short_number(shown))

    def change_first_click(self, step: int) -> str | None:
        if self.services.no_guess:
            self.message = _(NO_GUESS_FIRST_CLICK)
            return self.message
        return self.services.set_option(first_click=cycle(FIRST_CLICK_RULES, self.services.settings.first_click, step))

    def change_theme(self, step: int) -> str | None:
        """The next theme, at once on every screen."""
        warning = self.services.set_option(theme=cycle(THEME_NAMES, self.services.settings.theme, step))
        self.services.apply_theme()
        return warning

    def change_language(self, step: int) -> str | None:
        """The next language, at once on every screen and the window's title."""
        warning = self.services.set_option(language=cycle(LANGUAGES, language(), step))
        self.services.apply_language()
        return warning

    def change_speech(self, step: int) -> str | None:
        """Speech on or off, saved. On opens the speech service on a thread of its own
        (game.ui.services.Services.open_speech_apart: no frame waits for it); :meth:`update`
        then says "Speech on" through it, or shows the message saying why none could be opened
        (speech then stays off for this run). Off closes it at once."""
        services = self.services
        warning = services.set_option(speech=not services.settings.speech)
        if services.settings.speech:
            services.open_speech_apart()
            self.opening_speech = True
        else:
            services.apply_speech()
            self.opening_speech = False
        return warning

    def update(self):
        if self.opening_speech:
            done, missing = self.services.poll_speech()
            if done:
                self.opening_speech = False
                if missing:
                    self.message = missing
                self.say(lambda: _("Speech on"), interrupt=False)
                self.dirty = True
        return None

    def next_change(self) -> float:
        return SPEECH_POLL if self.opening_speech else super().next_change()

    def change_volume(self, step: int) -> str | None:
        """VOLUME_STEP percent up or down, within 0..100 (Enter and a click go up, then round to 0)."""
        volume = self.services.settings.volume
        if step > 0 and volume >= 100:
            volume = 0
        else:
            volume = min(max((volume + step * VOLUME_STEP) // VOLUME_STEP * VOLUME_STEP, 0), 100)
        return self.services.set_option(volume=volume)

    def change_display(self, step: int) -> str | None:
        """Cycle window (auto size), window at each of SCALES, fullscreen; save the choice."""
        services, display = self.services, self.services.display
        now = "fullscreen" if display.fullscreen else display.scale
        choices = [None, *SCALES] + ([] if self.no_fullscreen else ["fullscreen"])
        chosen = cycle(choices, now, step)
        if chosen == "fullscreen":
            refused = display.toggle_fullscreen()
            if refused:  # the line stays at its scale; the next change skips full screen
                self.no_fullscreen = display.take_notice()
                return self.no_fullscreen
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
        self.message = ""
        self.message = self.lines()[index][2](step) or ""

    def leave(self):
        return self.services.scenes.menu()

    def column_rows(self) -> tuple[int, int]:
        """(columns, lines per column): one column up to COLUMN_ROWS lines, else two."""
        count = len(self.lines())
        columns = 1 if count <= COLUMN_ROWS else 2
        return columns, -(-count // columns)

    def size(self) -> tuple[int, int]:
        """The screen: WIDTH per column of lines (the columns share their 12-pixel margins)
        by the title, the lines of the tallest column and the foot, pixels."""
        columns, rows = self.column_rows()
        return 12 + columns * (WIDTH - 12), 30 + rows * ROW_H + FOOT_H

    def row_rect(self, index: int) -> pygame.Rect:
        """Option line ``index``'s row: down the first column, then down the second."""
        _columns, rows = self.column_rows()
        column, row = divmod(index, rows)
        return pygame.Rect(12 + column * (WIDTH - 12), 30 + row * ROW_H, WIDTH - 24, ROW_H - 4)

    def spoken(self) -> str:
        """The title and the focused line."""
        return sentences(_("Options"), self.focus_words())

    def focus_words(self) -> str:
        """What the focused line says: its name and value ("Volume, 70 %"), or Back's words;
        a message the change left (why it was refused) after it."""
        rows = self.rows()
        if self.focus == len(rows):
            return button_words(self.back.shown, len(rows), len(rows) + 1)
        return sentences(value_words(*rows[self.focus]), self.message)

    def handle(self, event: pygame.event.Event):
        count = len(self.rows()) + 1  # the lines and Back
        if event.type == pygame.KEYDOWN:
            self.dirty = True
            if event.key == pygame.K_ESCAPE:
                return self.leave()
            moves = {pygame.K_HOME: -self.focus, pygame.K_END: count - 1 - self.focus}
            step = focus_step(event) or moves.get(event.key, 0)
            if step:
                self.focus = (self.focus + step) % count
            elif self.focus == count - 1 and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.leave()
            elif event.key in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.change(self.focus)
            elif event.key == pygame.K_LEFT:
                self.change(self.focus, -1)
            else:
                return self
            self.say(self.focus_words)
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
        draw_dialog(screen, _("Options"))
        for i, (label, value) in enumerate(self.rows()):
            rect = self.row_rect(i)
            bevel(screen, rect, 1, raised=False)
            text(screen, label, (rect.left + 5, rect.centery), 16, anchor="midleft")
            text(screen, _(VALUE).format(value=value), (rect.right - 5, rect.centery), 16, palette.accent, "midright", bold=True)
            if i == self.focus:
                draw_focus_ring(screen, rect)
        self.back.draw(screen, focused=self.focus == len(self.rows()))
        width = self.size()[0]
        top = 30 + self.column_rows()[1] * ROW_H + 2
        if self.message:
            for i, line in enumerate(wrap(self.message, width - 24, 14)[:3]):
                text(screen, line, (12, top + i * 11), 14, palette.error)
        elif note := self.display_note():
            lines = wrap(note, width - 24, 14)[:2]
            for i, line in enumerate(lines):
                text(screen, line, (12, top + i * 11), 14, palette.accent)
            text(screen, _(SAVED), (width // 2, top + 11 * len(lines) + 8), 14, palette.dim, "center")
        else:
            text(screen, _(SAVED), (width // 2, top + 15), 14, palette.dim, "center")
        self.dirty = False
