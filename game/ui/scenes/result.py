"""GameOver and Victory: the finished board with a panel of New game, Retry and Menu beside
or under it (never over a cell).

GameOver first plays the explosion sprite sheet at the exploded mine (counting
update ticks), with the other mines still hidden, then shows every mine and the
wrong flags. Victory shows every mine flagged and the game's figures; a new best
time is celebrated with its rank and a name field (see :class:`Victory`).
"""

from __future__ import annotations

import sqlite3

import pygame

from game.board import Cell
from game.records.db import RecordsError
from game.records.record import NAME_MAX, clean_name
from game.ui.result_figures import FiguresView
from game.ui.result_panel import BUTTON_SIZE, TOGGLE_SIZE, ResultPanel
from game.ui.room import Room, make_room
from game.ui.scene import Overlay
from game.ui.widgets import Button, ButtonList, TextField, text

TICKS_PER_FRAME = 4  # update ticks each explosion frame stays (60 Hz: 15 frames a second)
HIDDEN_SIZE = 13  # "V shows the result" in the strip while the panel is hidden, pixels
HIDDEN_RGB = (90, 90, 90)
FIGURES_POLL = 0.1  # seconds between looks for the figures while they are computed


class Result(Overlay):
    """Common overlay: a panel of ``lines()`` and ``notes`` and three buttons in a strip beside
    or under the board (game.ui.room: the window grows while the result shows, and shrinks
    back for a new game or a retry), so the whole finished board stays in view: the mine
    that went off, every wrong flag. V hides and shows the panel. The game's competitive
    statistics show as a line (game.ui.result_figures) once computed; D or the Details button
    shows all of them, and again the line."""

    title = ""

    def __init__(self, services, base, notes: list[str] | None = None) -> None:
        super().__init__(services, base)
        self.notes = notes or []
        self.panel_shown = True
        self.buttons = ButtonList([])
        self.room: Room | None = None
        self._sized = False
        self.figures = FiguresView(services.records)

    def size(self) -> tuple[int, int]:
        """The playing window with the strip for the panel, pixels."""
        if self.room is None:
            self._build_panel()
            self._sized = True  # entering right after this need not lay the panel out again
        return self.room.size

    def enter(self) -> None:
        self.dirty = True
        if not self._sized:  # back from an overlay (help): the window may have changed
            self._build_panel()
        self._sized = False

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
            if event.key == pygame.K_r:
                return self.retry()
            if event.key in (pygame.K_ESCAPE, pygame.K_m):
                return self.menu()
            if event.key == pygame.K_v:
                self.panel_shown = not self.panel_shown
                return self
            if event.key == pygame.K_d and self.ready() and self.panel_shown:
                return self.toggle_details()
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.base.layout.face.collidepoint(event.pos):
            return self.new_game()
        if not (self.ready() and self.panel_shown):
            return self
        return self.press_buttons(self.buttons, event)

    def new_game(self):
        return self.base.key_new()

    def retry(self):
        return self.base.retry()

    def menu(self):
        return self.base.key_menu()

    def toggle_details(self):
        """Show every figure, or only the compact line again."""
        if self.figures.shown:
            self.figures.details = not self.figures.details
            self._build_panel()
            self.invalidate()
        return self

    def update(self):
        # The figures are stored after a frame's updates (WindowManager.frame_work), so the
        # panel is laid out again, which may resize the window, in a frame of its own.
        if self.figures.refresh():
            self._build_panel()
            self.invalidate()
        return None

    def next_change(self) -> float:
        if self.figures.stale:  # stored after the last update: show them in the next frame
            return 0.0
        return FIGURES_POLL if self.figures.waiting else super().next_change()

    def _build_panel(self) -> None:
        """Find the strip for the panel and lay the panel out in it; a panel that changed
        size (a note added) resizes the window at once. The panel's text is gathered once
        and each width laid out once (laying out measures every word)."""
        before = self.room.size if self.room is not None else None
        content = (self.title, self.lines() + self.figures.lines(), self.notes, self.celebration_lines())
        toggle = self.figures.toggle_label()
        laid: dict[int, ResultPanel] = {}

        def arrange(width: int) -> ResultPanel:
            if width not in laid:
                laid[width] = ResultPanel(*content, width, toggle)
            return laid[width]

        self.room = make_room(self.services.display, self.base.size(),
                              lambda where, width: arrange(width).rect.height)
        self.arranged = arrange(self.room.panel.width)
        self.arranged.move_to(self.room.panel.topleft)
        self.panel = self.arranged.rect
        self.shown_notes = self.arranged.notes  # the notes as wrapped on the panel
        labels = (("New game", self.new_game), ("Retry", self.retry), ("Menu", self.menu))
        focus = self.buttons.focus
        buttons = [Button(rect, label, action, BUTTON_SIZE) for rect, (label, action) in zip(self.arranged.buttons, labels)]
        if self.arranged.toggle_rect is not None:
            buttons.append(Button(self.arranged.toggle_rect, self.arranged.toggle, self.toggle_details, TOGGLE_SIZE))
        self.buttons = ButtonList(buttons)
        self.buttons.focus = min(focus, len(buttons) - 1)
        field = getattr(self, "field", None)
        if field is not None and self.arranged.field is not None:  # the panel was laid out again
            field.rect = pygame.Rect(self.arranged.field)
        if before is not None and before != self.room.size:
            self.services.display.ensure_size(self.room.size)
            self.invalidate()

    def draw_over(self, screen: pygame.Surface) -> None:
        self.room.draw(screen)
        if not self.ready():
            return
        if not self.panel_shown:
            text(screen, "V shows the result", self.room.strip.center, HIDDEN_SIZE, HIDDEN_RGB, "center")
            return
        self.arranged.draw(screen)
        self.draw_buttons(screen)

    def draw_buttons(self, screen: pygame.Surface) -> None:
        self.buttons.draw(screen)


class GameOver(Result):
    """The game was lost: explosion, then every mine and wrong flag, then the panel."""

    title = "Boom!"

    def enter(self) -> None:
        self.ticks = 0
        self.frames = self.services.assets.explosion
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
        self.base.redraw_cells()
        self.dirty = True

    def ready(self) -> bool:
        return self.ticks >= len(self.frames) * TICKS_PER_FRAME

    def busy(self) -> bool:
        return not self.ready()

    def update(self):
        if self.ready():
            return super().update()
        self.ticks += 1
        if self.ready():
            self.finish_blast()
        elif self.ticks % TICKS_PER_FRAME == 0:
            self.dirty = True

    def draw_over(self, screen: pygame.Surface) -> None:
        if not self.ready() and self.base.game.exploded is not None:
            frame = self.frames[min(self.ticks // TICKS_PER_FRAME, len(self.frames) - 1)]
            scale = self.base.layout.cell / 16
            if scale != 1:
                frame = pygame.transform.smoothscale_by(frame, scale)
            rect = frame.get_rect(center=self.base.layout.cell_rect(self.base.game.exploded).center)
            clip = screen.get_clip()
            screen.set_clip(self.base.layout.board)
            screen.blit(frame, rect)
            screen.set_clip(clip)
        super().draw_over(screen)

    def lines(self) -> list[str]:
        game = self.base.game
        done = f"3BV {game.three_bv_solved}/{game.three_bv}" if game.three_bv else ""
        return [f"Time {game.elapsed:.1f} s  {done}"]


class Victory(Result):
    """The game was won: every mine flagged; time, 3BV, 3BV/s and efficiency.

    A new best time shows "New best time! #N on Level" and a name field, prefilled
    with the saved player name. The field has the keyboard focus first: every
    letter goes into the name (so N, R, M, V type, they do not act), Backspace
    deletes, Enter saves the name on the record and as the default name, and
    releases the focus; Esc or Tab release it without saving, a click on the field
    takes it again. With the focus released the usual keys work. Leaving the scene
    by a button or the face saves a name that was typed but not yet entered.
    """

    title = "You win!"

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
        return ["New best time!", f"#{self.rank} on {self.base.game.config.level.title()}"]

    def enter(self) -> None:
        super().enter()
        if self.field is not None:
            pygame.key.start_text_input()
            self.field.rect = pygame.Rect(self.arranged.field)

    def exit(self) -> None:
        if self.field is not None and clean_name(self.field.value) != self.saved_name:
            self.save_name()

    def lines(self) -> list[str]:
        game = self.base.game
        rate = game.three_bv_per_second
        efficiency = game.efficiency
        return [f"Time {game.elapsed:.3f} s",
                f"3BV {game.three_bv}   3BV/s {rate:.2f}" if rate is not None else f"3BV {game.three_bv}",
                f"Efficiency {efficiency:.0f} %" if efficiency is not None else ""]

    def handle(self, event: pygame.event.Event):
        if self.field is not None and self.ready() and self.panel_shown:
            if self.field.focused and event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
                self.field.focused = False
                self.dirty = True
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
            self.notes.append(f"The name was not saved: {err}")
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

    def draw_over(self, screen: pygame.Surface) -> None:
        super().draw_over(screen)
        if self.ready() and self.panel_shown and self.field is not None:
            self.field.draw(screen)
