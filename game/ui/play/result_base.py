"""The result overlay both endings share (game.ui.play.result: GameOver and Victory): the
finished board with a panel of buttons (New game, Retry, Menu, Review; Undo after a loss) and the
game's figures beside or under it (never over a cell), in the strip the playing window keeps
for its panels from the start (game.ui.play.room): the window never changes size for it, and a
panel longer than the strip scrolls. In the compact window (settings.compact) the panel is a
dialog box centred over the board instead (game.ui.play.room.dialog), scrolling as in the strip.

Its words are looked up when the panel is laid out, and it is laid out again when the
language changes (game.i18n), so a switch shows at once.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

import pygame

from game.i18n import N_, _, language
from game.messages import describe
from game.records.record import code_text
from game.ui.shared import clipboard, draw
from game.ui.play.counters_view import GAP as COUNTERS_GAP
from game.ui.play.layout import MARGIN
from game.ui.play.result_figures import FiguresView
from game.ui.play.result_panel import BUTTON_SIZE, LINE, PAD, ResultPanel
from game.ui.play.room import dialog
from game.ui.play import spoken
from game.session import Summary
from game.ui.scene import Overlay
from game.ui.play.solver_view import draw_strip
from game.ui.shared.theme import palette
from game.ui.shared.widgets import Button, ButtonList, text

HIDDEN_SIZE = 13  # "V shows the result" in the strip while the panel is hidden, pixels
SCROLL_STEP = 15  # pixels a wheel notch scrolls a panel longer than its strip
ARROW = 5  # half the width of the marks saying a cut panel goes on above or below, pixels
FIGURES_POLL = 0.1  # seconds between looks for the figures while they are computed


CODE_COPIED = N_("Code copied")  # C on the result panel put the board code on the clipboard
CODE_NOT_COPIED = N_("The code was not copied: {reason}")  # why not (game.ui.shared.clipboard.copy)
UNDER_RESULT = ("bests",)  # the side panel's blocks under a result that leaves room (game.ui.play.side_panel)


class Result(Overlay):
    """Common overlay: a panel of ``lines()`` and ``notes`` and three buttons in the strip
    beside or under the board that the playing window keeps for its panels (game.ui.play.room: the
    window, the board's cells and their places stay as they were in play), so the whole
    finished board stays in view: the mine that went off, every wrong flag. A panel longer
    than the strip scrolls: the wheel, Page Up and Page Down, and the focus moving to a
    button out of view. V hides and shows the panel (H after a loss, where V
    shows the post-mortem: game.ui.play.result.GameOver). The game's competitive
    statistics show as a line (game.ui.play.result_figures) once computed; D or the Details button
    shows all of them, and again the line. The board's code (game.midend.boardcode, from
    game.midend.match.Match.board_code) has a line of its own; C puts it on the clipboard
    and says so (or why not) for a moment along the board's bottom (the Playing scene's note)."""

    title = ""  # a message (N_): translated where the panel is laid out
    show_panel_hint = N_("V shows the result")  # said in the strip while the panel is hidden
    hide_key = pygame.K_v  # the key that hides and shows the panel

    def __init__(self, services, base, notes: list[str] | None = None) -> None:
        super().__init__(services, base)
        self.notes = notes or []
        self.panel_shown = True
        self.buttons = ButtonList([])
        self.room = base.room  # the playing window's strip for panels (game.ui.play.room)
        self.scroll = 0  # pixels of the panel scrolled above the strip's top
        self.lift, self.pinned = 0, None  # a long panel's buttons' band, kept in view (_pin)
        self.language = language()  # the language the panel was laid out in
        self.figures = FiguresView(services.records)
        self.counters_beside = False  # the live counters and the panel share the strip (_build_panel)
        self.said = False  # the result was said aloud (speech on: say_result)

    def enter(self) -> None:
        self.dirty = True
        self.base.refresh_counters()  # the ending move, played after the Playing scene's last update
        self._build_panel()  # (again when back from an overlay: the language may have changed)
        if not self.said:
            self.said = True
            self.say_result()

    def say_result(self) -> None:
        """Say the result once (speech on): the title, the time, 3BV and 3BV/s
        (game.ui.play.spoken.result_words), a new best time, the notes."""
        def words() -> str:
            said = [spoken.result_words(_(self.title), Summary.of(self.base.match)),
                    " ".join(self.celebration_lines()), *self.notes]
            return ". ".join(word for word in said if word)
        self.say(words, interrupt=False)

    def lines(self) -> list[str]:
        """Text under the title."""
        return list(self.notes)

    def celebration_lines(self) -> list[str]:
        """Lines celebrating a new best time (then the panel has a name field), else []."""
        return []

    def ready(self) -> bool:
        """True once the panel may show (after any animation)."""
        return True

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN:
            self.dirty = True
            if event.key in (pygame.K_F2, pygame.K_n):
                return self.new_game()
            if event.key == pygame.K_r and not self.services.session.in_trial():  # a trial plays a board once
                return self.retry()
            if event.key in (pygame.K_ESCAPE, pygame.K_m):
                return self.menu()
            if event.key == self.hide_key:
                self.panel_shown = not self.panel_shown
                return self
            if event.key == pygame.K_d and self.ready() and self.panel_shown:
                return self.toggle_details()
            if event.key == pygame.K_F3:
                return self.toggle_counters()
            if event.key == pygame.K_c and not getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                return self.copy_code()
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and self.panel_shown:
                page = max(SCROLL_STEP, self.room.panel.height - SCROLL_STEP)
                self.scroll_by(page if event.key == pygame.K_PAGEDOWN else -page)
                return self
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.base.layout.face.collidepoint(event.pos):
            return self.new_game()
        if not (self.ready() and self.panel_shown):
            return self
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * SCROLL_STEP)
            return self
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and not self.room.panel.collidepoint(event.pos):
            self.buttons.pressed = None  # a button scrolled out of the strip is not there to press
            return self
        nxt = self.press_buttons(self.buttons, event)
        if nxt is self and event.type == pygame.KEYDOWN and self.buttons.buttons:
            self.show_rect(self.buttons.buttons[self.buttons.focus].rect)  # the focused button in view
        return nxt

    # ----- a panel longer than the strip scrolls ---------------------------------------------
    @property
    def most_scroll(self) -> int:
        """Pixels the panel may scroll: how much longer than the strip it is (0 when it fits)."""
        return max(0, self.arranged.rect.height - self.room.panel.height)

    def scroll_by(self, pixels: int) -> None:
        """Scroll the panel ``pixels`` down (negative: up), within its length."""
        scroll = max(0, min(self.most_scroll, self.scroll + pixels))
        if scroll != self.scroll:
            self.scroll = scroll
            self._place()
            self.invalidate()

    def show_rect(self, rect: pygame.Rect) -> None:
        """Scroll so that ``rect`` (a part of the panel, where it is now) is in the strip, above
        the buttons' band when it stays in view (:meth:`_pin`; a button there is in view)."""
        area = self.room.panel
        if self.pinned is not None and self.pinned.contains(rect):
            return
        bottom = area.bottom if self.pinned is None else min(area.bottom, self.pinned.top - PAD)
        if rect.top < area.top:
            self.scroll_by(rect.top - area.top - 2)
        elif rect.bottom > bottom:
            self.scroll_by(rect.bottom - bottom + 2)

    def _place(self) -> None:
        """Put the panel and its field at the strip's top, less the scroll, and its buttons
        where they stand (:meth:`_pin`: in a panel longer than the strip they stay put while
        its text scrolls)."""
        area = self.room.panel
        self.arranged.move_to((area.left, area.top - self.scroll))
        self.lift, self.pinned = self._pin()
        dy = 0 if self.pinned is None else self.scroll - self.lift
        for button, rect in zip(self.buttons.buttons, self._button_rects()):
            button.rect = rect.move(0, dy)
        field = getattr(self, "field", None)
        if field is not None and self.arranged.field is not None:
            field.rect = pygame.Rect(self.arranged.field)

    def _button_rects(self) -> list[pygame.Rect]:
        """The buttons' rects where the panel stands now, in the ButtonList's order: the
        panel's buttons, then Details / Less and Why? when shown."""
        rects = list(self.arranged.buttons)
        if self.arranged.toggle_rect is not None:
            rects.append(self.arranged.toggle_rect)
        if self.arranged.why_rect is not None:  # (laid out only for a Why? button: why_button)
            rects.append(self.arranged.why_rect)
        return rects

    def _pin(self) -> tuple[int, pygame.Rect | None]:
        """(lift, band): in a panel longer than the strip (the post-mortem, Details: long by
        nature) the band of its buttons (Details and Why? to New game..., with what stands
        between them: the notes, a name block) stays in view, ``lift`` pixels above where it
        stands in the unscrolled panel (so that it ends at the strip's bottom), while the text
        above it scrolls under it: every button is in reach at every scroll (issue 35).
        (0, None) when the panel fits its strip. The panel must stand at its scroll."""
        rects = self._button_rects()
        if self.most_scroll <= 0 or not rects:
            return 0, None
        band = rects[0].unionall(rects[1:]).move(0, self.scroll)  # where it stands unscrolled
        lift = max(0, band.bottom - self.room.panel.bottom)
        return lift, band.move(0, -lift)

    @cached_property
    def code(self) -> str | None:
        """The text of the board's code, or None when it has none: the one the records keep
        (game.records.record.code_text), worked out once, as the board stays while the panel
        shows (every layout reads it; a loaded 1000x1000 board's takes about 0.2 s)."""
        return code_text(self.base.match)

    def copy_code(self):
        """C: put the board's whole code on the clipboard, and say so (or why not) for a
        moment in the code line's place (the Playing scene's note, drawn by the panel)."""
        code = self.code
        if code is None:
            return self
        reason = clipboard.copy(code)
        self.base.show_note(CODE_COPIED if reason is None else _(CODE_NOT_COPIED).format(reason=reason))
        self.invalidate()
        return self

    def labels(self) -> list[tuple[str, object]]:
        """The panel's buttons: (label, action) each, in order (labels are messages: the
        buttons translate them when drawn)."""
        if self.services.session.in_trial():  # a time trial's next board; no retry
            return [(N_("Next game"), self.new_game), (N_("Menu"), self.menu)]
        return [(N_("New game"), self.new_game), (N_("Retry"), self.retry), (N_("Menu"), self.menu)]

    def panel_labels(self) -> list[tuple[str, object]]:
        """:meth:`labels`, then Review for a recorded game."""
        return self.labels() + ([(N_("Review"), self.review)] if self.reviewable() else [])

    def reviewable(self) -> bool:
        """True when this game was recorded (its record gives the replay its time and result)."""
        records = self.services.records
        return records is not None and records.last_record is not None

    def review(self):
        """Review: the replay viewer with the solver's review of this game (computed now,
        before it opens: game.ui.app.Navigation.review_game); Esc comes back here."""
        return self.services.scenes.review_game(self.base.match.log_data(), self.services.records.last_record, self)

    def new_game(self):
        return self.base.key_new()

    def retry(self):
        return self.base.retry()

    def menu(self):
        return self.base.key_menu()

    def shapes(self) -> dict[str, str]:
        """{line: the text the panel lays it out by} for the lines whose text changes after the
        panel first shows (game.ui.play.result_panel.ResultPanel's ``shapes``): the figures' line."""
        return self.figures.shapes()

    def why_button(self) -> tuple[str, object] | None:
        """A second small button beside Details: (label, action), or None (a loss's post-mortem)."""
        return None

    def toggle_details(self):
        """Show every figure, or only the compact line again. The list opens at its top: the
        panel from its own top when that shows the list's first line, else scrolled so that
        line is at the strip's top (after the post-mortem's explanation); it scrolls on from there."""
        if self.figures.shown:
            self.figures.details = not self.figures.details
            self.scroll = 0
            self._build_panel()
            top, area = self.arranged.tail_top, self.room.panel
            if self.figures.details and top is not None and top + LINE > area.bottom:
                self.scroll_by(top - area.top - 2)
            self.invalidate()
        return self

    def toggle_counters(self):
        """F3: the live counters on or off, here too (they show the game's final values: its
        record's figures once stored, the result panel's)."""
        self.base.key_counters()
        self._build_panel()
        self.invalidate()
        return self

    @property
    def counters_drawn(self) -> bool:
        """The live counters show now: on, and the panel beside them, hidden or not yet shown."""
        return self.base.counters_shown and (self.counters_beside or not self.panel_shown or not self.ready())

    def update(self):
        # The figures are stored after a frame's updates (WindowManager.frame_work), so the
        # panel is laid out again, which may resize the window, in a frame of its own; so is
        # a panel laid out in another language than the one in use.
        if self.figures.refresh() or self.language != language():
            self._build_panel()
            self.invalidate()
        if self.base.refresh_counters() or self.base.note_ended():
            self.invalidate()
        return None

    def next_change(self) -> float:
        if self.figures.stale:  # stored after the last update: show them in the next frame
            return 0.0
        soon = FIGURES_POLL if self.figures.waiting else super().next_change()
        return min(soon, self.base.note_left())

    def _build_panel(self) -> None:
        """Lay the panel out for the strip's width, at its top (less the scroll, kept within
        the new length)."""
        self.language = language()
        content = (_(self.title) if self.title else "", self.lines() + self.figures.lines(),
                   [describe(note) for note in self.notes], self.celebration_lines())
        toggle = self.figures.toggle_label()
        why = self.why_button()
        shown = [_(label) for label, _action in self.panel_labels()]  # as the buttons will show them
        self.room = self.base.room
        self.arranged = ResultPanel(*content, self.room.panel.width, toggle, len(shown), why[0] if why else None, shown,
                                    self.shapes(), len(self.figures.lines()),
                                    readable=self.base.readable,  # a big board's: no text too small
                                    code=self.code)
        self.counters_beside = False
        if self.room.over_board:  # the compact window: a dialog box over the board, as tall as the panel
            self.room = dialog(self.room, self.arranged.rect.height)
        elif self.base.counters_shown:  # under the live counters when the panel fits there whole, else in their place
            area = self.room.panel
            top = area.top + self.base.counters.panel.height_for(area.width, area.height) + COUNTERS_GAP
            if self.arranged.rect.height <= area.bottom - top:
                self.room = replace(self.room, panel=pygame.Rect(area.left, top, area.width, area.bottom - top))
                self.counters_beside = True
        self.scroll = min(self.scroll, self.most_scroll)
        self.arranged.move_to((self.room.panel.left, self.room.panel.top - self.scroll))
        self.panel = self.arranged.rect
        self.shown_notes = self.arranged.notes  # the notes as wrapped on the panel
        labels = self.panel_labels()
        focus = self.buttons.focus
        buttons = [Button(rect, label, action, BUTTON_SIZE)
                   for rect, (label, action) in zip(self.arranged.buttons, labels)]
        if self.arranged.toggle_rect is not None:
            buttons.append(Button(self.arranged.toggle_rect, self.arranged.toggle, self.toggle_details,
                                  self.arranged.toggle_size))
        if self.arranged.why_rect is not None:  # (ResultPanel lays it out only for ``why``'s label)
            buttons.append(Button(self.arranged.why_rect, why[0], why[1], self.arranged.toggle_size))
        self.buttons = ButtonList(buttons)
        self.buttons.focus = min(focus, len(buttons) - 1)
        self._place()  # (a panel longer than its strip: its buttons stay in view)
        field = getattr(self, "field", None)
        if field is not None and self.arranged.field is not None:  # the panel was laid out again
            field.rect = pygame.Rect(self.arranged.field)

    def draw_over(self, screen: pygame.Surface) -> None:
        if not self.room.over_board or (self.ready() and self.panel_shown):  # a dialog box shows with its panel
            self.room.draw(screen)
        if self.counters_drawn:
            self.base.counters.draw(screen, self.base.room.panel, self.figures.record)
        if not self.ready():
            return
        if not self.panel_shown and self.room.over_board:  # the compact window: said along the board's bottom
            draw_strip(screen, self.base.layout, (self.show_panel_hint,))
            return
        if not self.panel_shown:
            strip = self.room.strip
            where = (strip.centerx, strip.bottom - MARGIN - HIDDEN_SIZE // 2) if self.counters_drawn else strip.center
            text(screen, _(self.show_panel_hint), where, HIDDEN_SIZE, palette.faint, "center")
            return
        area = self.room.panel
        # a note ("Code copied") in the code line's place: nothing is said over the board's cells
        note = self.base.note[0] if self.base.note is not None else None
        with draw.clipped(screen, area):
            self.arranged.draw(screen, _(note) if note else None)
            if self.pinned is not None:  # the buttons' band over the text scrolled under it
                band = self.pinned.inflate(2 * PAD, 2 * PAD).clip(area)
                self.arranged.move_to((area.left, area.top - self.lift))
                with draw.clipped(screen, band):
                    self.arranged.draw(screen)
                self.arranged.move_to((area.left, area.top - self.scroll))
                draw.line(screen, palette.shade, band.topleft, (band.right - 1, band.top))
            self.draw_buttons(screen)
            self.draw_field(screen)
        if self.most_scroll == 0 and not self.room.over_board and not self.counters_drawn:
            self.base.draw_side_below(screen, self.arranged.rect, UNDER_RESULT)  # the bests, the game in them
        if self.scroll > 0:  # more above: a small arrow up at the strip's top right
            x, y = area.right - ARROW - 1, area.top - MARGIN // 2 - 1
            draw.polygon(screen, palette.faint, [(x - ARROW, y + 3), (x + ARROW, y + 3), (x, y - 2)])
        if self.scroll < self.most_scroll:  # more below
            x, y = area.right - ARROW - 1, area.bottom + MARGIN // 2 + 1
            draw.polygon(screen, palette.faint, [(x - ARROW, y - 3), (x + ARROW, y - 3), (x, y + 2)])


    def draw_buttons(self, screen: pygame.Surface) -> None:
        self.buttons.draw(screen)

    def draw_field(self, screen: pygame.Surface) -> None:
        """The name field of a best time (:class:`game.ui.play.result.Victory`), else nothing."""
