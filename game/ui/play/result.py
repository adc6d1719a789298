"""GameOver and Victory: the finished board with a panel of New game, Retry and Menu (and,
after a loss, Undo) beside or under it (never over a cell; the overlay they share is
game.ui.play.result_base's :class:`Result`).

GameOver first plays the explosion sprite sheet at the exploded mine (counting
update ticks), with the other mines still hidden, then shows every mine and the
wrong flags. Victory shows every mine flagged and the game's figures; a new best
time is celebrated with its rank and a name field (see :class:`Victory`).
"""

from __future__ import annotations

import sqlite3

import pygame

from game.rules.board import Cell
from game.i18n import N_, _, count
from game.messages import os_error_text
from game.records.db import RecordsError
from game.records.record import NAME_MAX, clean_name
from game.session import Summary
from game.ui.shared import draw
from game.ui.shared.canvas import Canvas, scale_of
from game.ui.shared.formats import decimal, level_name, percent, seconds
from game.ui.play.motion import shake_offset
from game.ui.play.postmortem import PostMortem
from game.ui.play.result_room import long_loss_line
from game.ui.play.result_base import FIGURES_POLL, Result
from game.ui.shared.widgets import TextField, field_words

__all__ = ["GameOver", "Result", "Victory"]

BLAST_CELLS = 3  # the explosion's side, in cells (48 pixels over a 16-pixel cell)
TICKS_PER_FRAME = 4  # update ticks each explosion frame stays (60 Hz: 15 frames a second)
TYPE_NAME = N_("Type your name for the best times, then Enter; it now says {name}.")  # said aloud (speech on)


class GameOver(Result):
    """The game was lost: explosion, then every mine and wrong flag, then the panel.

    Ctrl+Z or the Undo button take back the move that lost and play on from the board as it
    was just before it (Simon Tatham's Mines' Undo; game.midend.match.Match.undo_loss): back to the
    Playing scene, in the same window. The game stays one row of the records: a redo back
    to this loss records nothing, another end is written over the row, and the game counts
    as this loss when it was lost with no undo before (game.session.Session.finished).

    The panel says in one line what lost the game (game.ui.play.postmortem, from the solver's
    review of the game's log, worked out on a thread while the blast plays). V or the Why?
    button show the post-mortem and hide it again: the fatal cell ringed red, the cells that
    were certainly safe ringed green, the explanation of the simplest on the panel. So after
    a loss H, not V, hides and shows the panel.
    """

    title = N_("Boom!")
    show_panel_hint = N_("H shows the result")
    hide_key = pygame.K_h

    def __init__(self, services, base, notes: list[str] | None = None) -> None:
        super().__init__(services, base, notes)
        self.postmortem = PostMortem(base.match.log_snapshot())  # the log ends on the fatal move

    def labels(self) -> list[tuple[str, object]]:
        """New game, Retry, Menu, and Undo while the loss can be taken back."""
        extra = [(N_("Undo"), self.undo)] if self.base.match.can_undo_loss else []
        return super().labels() + extra

    def handle(self, event: pygame.event.Event):
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_z
                and getattr(event, "mod", 0) & pygame.KMOD_CTRL):
            return self.undo()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v:
            return self.toggle_postmortem()
        return super().handle(event)

    def shapes(self) -> dict[str, str]:
        """The figures' line, and the post-mortem's line laid out in the rows of a long one
        (game.ui.play.result_room.long_loss_line), so that the line worked out after the blast
        fills the rows kept for it ("Post-mortem: ..." while it is worked out)."""
        return {**super().shapes(), self.postmortem.line(): long_loss_line()}

    def why_button(self) -> tuple[str, object]:
        return (N_("Hide") if self.postmortem.shown else N_("Why?")), self.toggle_postmortem

    def postmortem_words(self) -> str:
        """What is said when the post-mortem's line comes in: the line, and that V tells why."""
        line = self.postmortem.line()
        return line + ("" if line.endswith((".", "!", "?")) else ".") + " " + _("V tells why.")

    def toggle_postmortem(self):
        """V or Why?: show the post-mortem (marks on the board, the explanation), or hide it."""
        self.postmortem.shown = not self.postmortem.shown
        if self.postmortem.shown:
            self.say(lambda: " ".join([self.postmortem.line(), *self.postmortem.lines()]))
        self.panel_shown = True  # the explanation is on the panel
        self.scroll = 0  # it starts at the panel's top
        self._build_panel()
        self.invalidate()
        return self

    def new_game(self):
        self.postmortem.cancel()  # each way off the result ends a review still at work
        return super().new_game()

    def retry(self):
        self.postmortem.cancel()
        return super().retry()

    def menu(self):
        self.postmortem.cancel()
        return super().menu()

    def undo(self):
        """Ctrl+Z or Undo: take back the fatal move and return to the board as before it."""
        playing = self.base
        if not playing.match.can_undo_loss:
            return self
        self.postmortem.cancel()
        playing.look = None  # the blast is over: the cells show the game again
        playing.redraw_cells(playing.match.undo_loss())
        playing.gesture.reset()
        playing.say(lambda: _("Move taken back"), interrupt=True)
        return playing

    def enter(self) -> None:
        self.ticks = 0
        self.frames = self.services.assets.explosion  # (how many: the blast's length)
        self.base.look = self._before_blast
        self.base.redraw_cells()
        super().enter()

    def exit(self) -> None:
        if self.base.look is not None:
            self.finish_blast()

    def _before_blast(self, cell: Cell) -> str:
        """During the blast the other mines still look as the player left them."""
        key = self.base.game.appearance(cell)
        if key == "mine":
            return "question" if self.base.game.mark(cell) == "question" else "covered"
        if key == "wrong_flag":
            return "flag"
        return key

    def finish_blast(self) -> None:
        self.base.look = None
        self.base.shake = (0, 0)
        self.base.redraw_cells()
        self.dirty = True

    def ready(self) -> bool:
        return self.ticks >= len(self.frames) * TICKS_PER_FRAME

    def busy(self) -> bool:
        return not self.ready()

    def update(self):
        if self.postmortem.poll():  # the review came in: the line, and the view if it is on
            self.say(self.postmortem_words, interrupt=False)
            self._build_panel()
            self.invalidate()
        if self.ready():
            return super().update()
        self.ticks += 1
        shake = (0, 0) if self.services.settings.reduce_motion else shake_offset(self.ticks)
        if shake != self.base.shake:
            self.base.shake = shake
            self.dirty = True
        if self.ready():
            self.finish_blast()
        elif self.ticks % TICKS_PER_FRAME == 0:
            self.dirty = True

    def next_change(self) -> float:
        return min(FIGURES_POLL, super().next_change()) if self.postmortem.waiting else super().next_change()

    def draw_over(self, screen: pygame.Surface) -> None:
        if self.ready():
            self.postmortem.draw(screen, self.base.layout)
        if not self.ready() and self.base.game.exploded is not None:
            cell = self.base.layout.cell_rect(self.base.game.exploded)
            side = round(BLAST_CELLS * cell.width * scale_of(screen))  # device pixels
            frames = self.services.assets.explosion_frames(side)
            frame = frames[min(self.ticks // TICKS_PER_FRAME, len(frames) - 1)]
            centre = screen.point(cell.center) if isinstance(screen, Canvas) else cell.center
            with draw.clipped(screen, self.base.layout.board):
                target = screen.surface if isinstance(screen, Canvas) else screen
                target.blit(frame, frame.get_rect(center=centre))
        super().draw_over(screen)

    def lines(self) -> list[str]:
        told = Summary.of(self.base.match)
        done = f"3BV {count(told.three_bv_solved)}/{count(told.three_bv)}" if told.three_bv else ""  # 1/349,904
        time = _("Time {seconds}").format(seconds=seconds(told.seconds, 1))
        return [f"{time}  {done}", self.postmortem.line()] + self.postmortem.lines()


class Victory(Result):
    """The game was won: every mine flagged; time, 3BV, 3BV/s and efficiency.

    A new best time shows "New best time! #N on Level" and a name field, prefilled
    with the saved player name. The field has the keyboard focus first: every
    letter goes into the name (so N, R, M, V type, they do not act), Backspace
    deletes, Enter saves the name on the record and as the default name, and
    releases the focus; Esc or Tab release it without saving, a click on the field
    takes it again, and so does Tab from the last button (Shift+Tab from the first). With the focus released the usual keys work. Leaving the scene
    by a button or the face saves a name that was typed but not yet entered.
    """

    title = N_("You win!")

    def __init__(self, services, base, notes: list[str] | None = None) -> None:
        records = services.records
        self.rank = records.last_rank if records is not None else None
        self.record_id = records.last_record_id if records is not None else None
        if self.rank:  # the hook's "New best time: #N" is shown as the celebration instead
            notes = [note for note in notes or [] if not note.startswith("New best time")]
        super().__init__(services, base, notes)
        self.field: TextField | None = None
        self.saved_name = services.settings.player_name
        if self.rank:
            self.field = TextField((0, 0, 120, 20), self.saved_name, NAME_MAX, 16)
            self.field.focused = True

    @property
    def celebration(self) -> str:
        """"New best time! #N on Beginner", or "" when the time is not a best time."""
        return " ".join(self.celebration_lines())

    def celebration_lines(self) -> list[str]:
        """["New best time!", "#N on Beginner"], or [] when the time is not a best time."""
        if not self.rank:
            return []
        place = _("#{rank} on {level}").format(rank=self.rank, level=level_name(self.base.game.config.level))
        return [_("New best time!"), place]

    def say_result(self) -> None:
        """The result, and with a new best time where the name goes (speech on)."""
        super().say_result()
        if self.field is not None:
            self.say(lambda: _(TYPE_NAME).format(name=self.field.value), interrupt=False)

    def enter(self) -> None:
        super().enter()
        if self.field is not None:
            pygame.key.start_text_input()
            self.field.rect = pygame.Rect(self.arranged.field)

    def exit(self) -> None:
        if self.field is not None and clean_name(self.field.value) != self.saved_name:
            self.save_name()

    def lines(self) -> list[str]:
        told = Summary.of(self.base.match)  # as the console's summary says it
        rate, efficiency = told.three_bv_per_second, told.efficiency
        if self.figures.shown:  # the figures' line starts with 3BV/s: the panel says it once
            rate = None
        marks = self.marks()  # a line of its own, only when there is one (an empty line takes a row)
        return [_("Time {seconds}").format(seconds=seconds(told.seconds, 3)),
                f"3BV {count(told.three_bv)}   3BV/s {decimal(rate, 2)}" if rate is not None else
                f"3BV {count(told.three_bv)}",
                _("Efficiency {percent}").format(percent=percent(efficiency)) if efficiency is not None else "",
                *(["  ".join(marks)] if marks else [])]

    def marks(self) -> list[str]:
        """How the recorded game was played, as the records keep it: ``NF`` (no flag: no right
        click changed the board, Metasweeper's category) and the keyboard's or touch's mark."""
        records = self.services.records
        record = records.last_record if records is not None else None
        if record is None:
            return []
        # TRANSLATORS: no flag, the competitive sites' category of games won without a flag
        inputs = {"keyboard": _("keyboard"), "touch": _("touch")}  # how it was played, the mouse unsaid
        return ([_("NF")] if record.nf else []) + ([inputs[record.input]] if record.input in inputs else [])

    def spoken(self) -> str:
        """Nothing when the scene opens: the result says itself once its panel is in
        (:meth:`say_result`: the result, a new best time and where the name goes), which words
        said at the opening, interrupting it, would cut."""
        return ""

    def field_words(self) -> str:
        """What the name field says: "Name, edit text, Anna"."""
        return field_words(_("Name"), self.field.value)

    def handle(self, event: pygame.event.Event):
        if self.field is not None and self.ready() and self.panel_shown:
            if self.field.focused and event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
                self.field.focused = False  # to the first button (Shift+Tab: the last)
                back = getattr(event, "mod", 0) & pygame.KMOD_SHIFT
                self.buttons.focus = len(self.buttons.buttons) - 1 if back and self.buttons.buttons else 0
                self.dirty = True
                self.say(self.buttons.spoken)
                return self
            if (not self.field.focused and event.type == pygame.KEYDOWN and event.key == pygame.K_TAB
                    and self.buttons.buttons and self.buttons.focus == (
                        0 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else len(self.buttons.buttons) - 1)):
                self.field.focused = True  # Tab past the last button (Shift+Tab before the first): the name again
                self.dirty = True
                self.say(self.field_words)
                return self
            used = self.field.handle(event)
            if used is not None:
                self.dirty = True
                if used == "enter":
                    self.save_name()
                    self.field.focused = False
                elif used == "escape":
                    self.field.value = self.saved_name
                    self.field.focused = False
                return self
        return super().handle(event)

    def save_name(self) -> None:
        """Put the typed name on this game's record and keep it as the default name."""
        name = clean_name(self.field.value)
        self.field.value = name
        try:
            self.services.records.store.set_name(self.record_id, name)
        except (RecordsError, sqlite3.Error) as err:
            self.notes.append(_("The name was not saved: {error}").format(error=os_error_text(err)))
            self.enter()
            return
        self.saved_name = name
        warning = self.services.set_option(player_name=name)
        if warning:
            self.notes.append(warning)
            self.enter()

    def draw_buttons(self, screen: pygame.Surface) -> None:
        """No button shows the keyboard focus while the name field has it."""
        if self.field is not None and self.field.focused:
            for button in self.buttons.buttons:
                button.draw(screen)
        else:
            super().draw_buttons(screen)

    def draw_field(self, screen: pygame.Surface) -> None:
        if self.field is not None:
            self.field.draw(screen)
