"""The result overlay both endings share (game.ui.scenes.result: GameOver and Victory): the
finished board with a panel of buttons (New game, Retry, Menu, Review; Undo after a loss) and the
game's figures beside or under it (never over a cell), in a strip the window grows for.

Its words are looked up when the panel is laid out, and it is laid out again when the
language changes (game.i18n), so a switch shows at once.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _, language
from game.messages import describe
from game.ui.result_figures import FiguresView
from game.ui.result_panel import BUTTON_SIZE, TOGGLE_SIZE, ResultPanel
from game.ui.room import Room, make_room
from game.ui.scene import Overlay
from game.ui.theme import palette
from game.ui.widgets import Button, ButtonList, text

HIDDEN_SIZE = 13  # "V shows the result" in the strip while the panel is hidden, pixels
FIGURES_POLL = 0.1  # seconds between looks for the figures while they are computed


class Result(Overlay):
    """Common overlay: a panel of ``lines()`` and ``notes`` and three buttons in a strip beside
    or under the board (game.ui.room: the window grows while the result shows, and shrinks
    back for a new game or a retry), so the whole finished board stays in view: the mine
    that went off, every wrong flag. V hides and shows the panel (H after a loss, where V
    shows the post-mortem: game.ui.scenes.result.GameOver). The game's competitive
    statistics show as a line (game.ui.result_figures) once computed; D or the Details button
    shows all of them, and again the line."""

    title = ""  # a message (N_): translated where the panel is laid out
    show_panel_hint = N_("V shows the result")  # said in the strip while the panel is hidden
    hide_key = pygame.K_v  # the key that hides and shows the panel

    def __init__(self, services, base, notes: list[str] | None = None) -> None:
        super().__init__(services, base)
        self.notes = notes or []
        self.panel_shown = True
        self.buttons = ButtonList([])
        self.room: Room | None = None
        self.language = language()  # the language the panel was laid out in
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
            if event.key == self.hide_key:
                self.panel_shown = not self.panel_shown
                return self
            if event.key == pygame.K_d and self.ready() and self.panel_shown:
                return self.toggle_details()
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.base.layout.face.collidepoint(event.pos):
            return self.new_game()
        if not (self.ready() and self.panel_shown):
            return self
        return self.press_buttons(self.buttons, event)

    def labels(self) -> list[tuple[str, object]]:
        """The panel's buttons: (label, action) each, in order (labels are messages: the
        buttons translate them when drawn)."""
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

    def why_button(self) -> tuple[str, object] | None:
        """A second small button beside Details: (label, action), or None (a loss's post-mortem)."""
        return None

    def toggle_details(self):
        """Show every figure, or only the compact line again."""
        if self.figures.shown:
            self.figures.details = not self.figures.details
            self._build_panel()
            self.invalidate()
        return self

    def update(self):
        # The figures are stored after a frame's updates (WindowManager.frame_work), so the
        # panel is laid out again, which may resize the window, in a frame of its own; so is
        # a panel laid out in another language than the one in use.
        if self.figures.refresh() or self.language != language():
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
        self.language = language()
        content = (_(self.title) if self.title else "", self.lines() + self.figures.lines(),
                   [describe(note) for note in self.notes], self.celebration_lines())
        toggle = self.figures.toggle_label()
        why = self.why_button()
        shown = [_(label) for label, _action in self.panel_labels()]  # as the buttons will show them
        laid: dict[int, ResultPanel] = {}

        def arrange(width: int) -> ResultPanel:
            if width not in laid:
                laid[width] = ResultPanel(*content, width, toggle, len(shown), why[0] if why else None, shown)
            return laid[width]

        self.room = make_room(self.services.display, self.base.size(),
                              lambda where, width: arrange(width).rect.height)
        self.arranged = arrange(self.room.panel.width)
        self.arranged.move_to(self.room.panel.topleft)
        self.panel = self.arranged.rect
        self.shown_notes = self.arranged.notes  # the notes as wrapped on the panel
        labels = self.panel_labels()
        focus = self.buttons.focus
        buttons = [Button(rect, label, action, BUTTON_SIZE) for rect, (label, action) in zip(self.arranged.buttons, labels)]
        if self.arranged.toggle_rect is not None:
            buttons.append(Button(self.arranged.toggle_rect, self.arranged.toggle, self.toggle_details, TOGGLE_SIZE))
        if why is not None and self.arranged.why_rect is not None:
            buttons.append(Button(self.arranged.why_rect, why[0], why[1], TOGGLE_SIZE))
        self.buttons = ButtonList(buttons)
        self.buttons.focus = min(focus, len(buttons) - 1)
        field = getattr(self, "field", None)
        if field is not None and self.arranged.field is not None:  # the panel was laid out again
            field.rect = pygame.Rect(self.arranged.field)
        if before is not None and before != self.room.size:
            self.services.display.ensure_size(self.room.size, self.grain())
            self.invalidate()

    def draw_over(self, screen: pygame.Surface) -> None:
        self.room.draw(screen)
        if not self.ready():
            return
        if not self.panel_shown:
            text(screen, _(self.show_panel_hint), self.room.strip.center, HIDDEN_SIZE, palette.faint, "center")
            return
        self.arranged.draw(screen)
        self.draw_buttons(screen)

    def draw_buttons(self, screen: pygame.Surface) -> None:
        self.buttons.draw(screen)
