"""Drawing the solver's help: the probability overlay, the hint panel, autoplay's strip (the
hint's marks on the board are game.ui.play.hint_marks).

Screen state only (Tatham's drawstate): the overlay is one cached translucent surface,
rebuilt when the position changes (the Assistant's key), never per frame.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.ui.play.assist import Hint, HintRequest
from game.ui.play.camera_view import is_overview
from game.ui.shared.canvas import Canvas, layer, scale_of
from game.ui.play.hint_marks import draw_hint_marks, marked_cells  # noqa: F401
from game.ui.play.layout import BoardLayout
from game.ui.play.room import Room
from game.ui.play import spoken
from game.ui.scene import Overlay
from game.ui.shared.theme import palette
from game.ui.shared.widgets import bevel, fitting_size, readable_size, text, text_width, wrap

OVERLAY_ALPHA = 140  # colour over a covered cell, 0..255
CERTAIN_ALPHA = 210  # stronger over a proved cell (probability exactly 0 or 1)
PERCENT_MIN_PX = 24  # write the percent when a cell is at least this many screen pixels
STRIP_H = 14  # autoplay strip height, pixels
PANEL_ALPHA = 240  # hint panel opacity
TEXT_SIZE, TEXT_LINE = 14, 13  # hint text font and line height, pixels
TITLE_SIZE = 16  # hint title font, pixels
MIN_TITLE_SIZE = 12  # smallest a long title is shrunk to, pixels (no hint text is smaller)
FOOTER_SIZE = 13  # the footer's font, pixels
PAD = 6  # panel padding, pixels
MARKS_CELL = 16  # a big board seen further out zooms in to this many pixels a cell for a hint's marks
DOT_TICKS = 15  # update ticks per dot of "Thinking..." (60 Hz: 4 a second)
SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}
PAGE_KEYS = (pygame.K_PAGEUP, pygame.K_PAGEDOWN)  # a panel's worth of lines at a time
THINKING = Hint("none", None, N_("Thinking"), N_("Weighing the possible guesses, move by move."), marked=True)
STALE = Hint("none", None, N_("No hint"), N_("The board changed while the hint was worked out."), marked=True)
# The strip's words, longest first: the first that fits the board's width is shown
THINKING_STRIP = (N_("Thinking..."),)  # a big board's probabilities are being counted
AUTOPLAY_THINKING = (N_("Autoplay: thinking... - any key or click stops"), N_("Autoplay: thinking..."),
                     N_("Thinking..."))
AUTOPLAY = (N_("Autoplay - any key or click stops"), N_("Autoplay - any key stops"), N_("Autoplay"))
CLOSES = N_("Any key or click closes")  # the hint panel's footer
UNDER_HINT = ("counters", "bests", "rank")  # the side panel's blocks under a hint (game.ui.play.side_panel)


def probability_colour(p: float) -> tuple[int, int, int]:
    """Green (0, safe) through yellow (0.5) to red (1, mine) for a mine probability ``p``."""
    p = min(1.0, max(0.0, p))
    low, high, t = (palette.chance_safe, palette.chance_even, p * 2) if p <= 0.5 else (palette.chance_even, palette.chance_mine, p * 2 - 1)
    return tuple(pygame.Color(low).lerp(high, t))[:3]


def in_view(camera, probabilities: dict, scale: float = 1.0) -> dict:
    """The ``probabilities`` of the cells ``camera`` shows: all of them on a board that fits;
    on a big board those in view, none while the view is drawn as the overview at ``scale``
    (game.ui.play.camera_view.is_overview: the overlay shows where a cell is big enough to read)."""
    if camera.fits:
        return probabilities
    if is_overview(camera, scale):
        return {}
    rows, cols = camera.visible()
    return {(r, c): probabilities[(r, c)] for r in rows for c in cols if (r, c) in probabilities}


def percent_label(p: float) -> str:
    """The percent written on a cell, '0'..'100'; only a proved cell shows '0' or '100'
    (1 and 99 are the bounds of an unproved one)."""
    if p <= 0 or p >= 1:
        return "0" if p <= 0 else "100"
    return str(min(99, max(1, round(p * 100))))


def label_size(cell: int) -> int:
    """The largest bold font size, pixels, at which '100' fits inside a ``cell``-pixel tile."""
    return fitting_size("100", cell - 3, round(cell * 0.85), 6, bold=True)


class ProbabilityLayer:
    """The overlay of mine probabilities: a translucent colour per covered, unflagged cell."""

    def __init__(self, layout: BoardLayout) -> None:
        self.layout = layout
        self.surface: pygame.Surface | None = None
        self.key: tuple | None = None  # (position key, percent written) the surface shows
        self.builds = 0  # surfaces built so far (tests check it is not per frame)

    def draw(self, screen: pygame.Surface, game, assistant, scale: float = 1.0) -> None:
        """Blit the overlay for the position now, rebuilding it only when the position changed.

        ``scale``: screen pixels per logical pixel; percents are written only on tiles at
        least PERCENT_MIN_PX screen pixels wide."""
        probabilities = assistant.probabilities_soon()
        if probabilities is False:  # a big board's count is under way: say so, and keep the window going
            draw_strip(screen, self.layout, THINKING_STRIP)
            return
        camera = self.layout.camera
        with_text = camera.cell * scale >= PERCENT_MIN_PX
        key = (assistant.key(), with_text, scale_of(screen), palette.name, camera.cell, camera.scroll_x, camera.scroll_y)
        if key != self.key:
            self.surface = self.build(game, probabilities, with_text, screen)
            self.key = key
        screen.blit(self.surface, self.layout.board)

    def build(self, game, probabilities: dict | None, with_text: bool, screen=None) -> Canvas:
        """A board-sized layer of ``screen`` with alpha, a colour (and maybe a percent) per covered cell."""
        self.builds += 1
        layout = self.layout
        surface = layer(screen, layout.board.size, alpha=True, at=layout.board.topleft)
        size = label_size(int(layout.camera.cell))
        for cell, p in in_view(layout.camera, probabilities or {}, scale_of(screen)).items():
            if game.mark(cell) == "flag" or game.is_revealed(cell):
                continue
            rect = layout.cell_rect(cell).move(-layout.board.left, -layout.board.top).inflate(-2, -2)
            alpha = CERTAIN_ALPHA if p in (0, 1) else OVERLAY_ALPHA
            surface.fill((*probability_colour(p), alpha), rect)
            if with_text:
                text(surface, percent_label(p), (rect.centerx, rect.centery + 1), size, palette.text, "center",
                     bold=True)
        return surface


def draw_autoplay_strip(screen: pygame.Surface, layout: BoardLayout, thinking: bool = False) -> None:
    """A translucent strip along the board's bottom: autoplay runs, any key stops it (and,
    while a big board's analysis is worked out, that it is thinking)."""
    draw_strip(screen, layout, AUTOPLAY_THINKING if thinking else AUTOPLAY)


def draw_strip(screen: pygame.Surface, layout: BoardLayout, messages: tuple[str, ...]) -> None:
    """A translucent strip (the theme's title colour) along the board's bottom with the first
    of ``messages`` (messages marked with ``N_``, translated here) that fits it (the last when
    none does)."""
    board = layout.board
    strip = layer(screen, (board.width, STRIP_H), alpha=True, at=(board.left, board.bottom - STRIP_H))
    strip.fill((*palette.title, 165))
    screen.blit(strip, (board.left, board.bottom - STRIP_H))
    for message in map(_, messages):
        if text_width(message, TEXT_SIZE) <= board.width - 4:
            break
    text(screen, message, (board.centerx, board.bottom - STRIP_H // 2 + 1), TEXT_SIZE, palette.title_text, "center")


class HintPanel(Overlay):
    """Over a Playing scene: the hint's title and explanation in a panel that leaves the HUD,
    the ring and every mark of the explanation in view (game.ui.play.hint_marks), and a big
    board's minimap. It stands in the strip beside or under the board that the playing window
    keeps for its panels (game.ui.play.room: the window never changes size for it), on every
    board, a big one that scrolls too, in place of the side panel (game.ui.play.side_panel); it
    covers no cell. In the compact window (settings.compact: no strip, the classic dialogs)
    it stands on the board above or below the marked cells, where its whole text fits, else
    in the larger of the two spaces. A text too long for its place scrolls with Up, Down,
    Page Up, Page Down or the wheel. Any other key or a click closes the panel (and does
    nothing else), and the marks leave with it: a mark on the board always has its explanation.

    ``request`` (an :class:`assist.HintRequest`) may still be worked out in the solver's
    process: the panel then says "Thinking..." (the timer and window carry on) and fills
    in when the answer comes; closing it first drops the answer, uncounted.
    """

    def __init__(self, services, base, request: HintRequest) -> None:
        super().__init__(services, base)
        self.request = request
        self.ticks = 0  # updates spent waiting (drives the dots)
        self.hint = request.poll() or THINKING
        self.text_size, self.title_size, self.min_title_size, self.footer_size = (
            readable_size(size, services.display.view[0]) if base.readable else size
            for size in (TEXT_SIZE, TITLE_SIZE, MIN_TITLE_SIZE, FOOTER_SIZE))  # a big board's (shown at 1x): readable
        self.text_line = TEXT_LINE + self.text_size - TEXT_SIZE
        self.bring_into_view()
        self.offset = 0  # first explanation line shown (the text scrolls when cut)
        self.room: Room | None = None  # the panels' strip (base.room), when the panel is there
        self.panel, self.lines = self._layout()
        self.say_hint()

    def say_hint(self) -> None:
        """Say the hint's title, its cell and its explanation (speech on), once it is in."""
        if not self.waiting:
            self.say(self.hint_words)

    def hint_words(self) -> str:
        """The hint said aloud: its title, its cell and its explanation."""
        title, words = self.hint.words()
        cell = getattr(self.hint, "cell", None)
        where = [spoken.place(cell)] if cell is not None else []
        return ". ".join([title, *where, words])

    def bring_into_view(self) -> None:
        """On a big board, scroll the camera to the hint's move when it is out of view, and
        zoom in to MARKS_CELL pixels a cell when it is further out (the marks are drawn on
        cells: on a 2-pixel cell a ring is a dot); a board that fits always shows them."""
        cell = getattr(self.hint, "cell", None)
        camera = self.base.layout.camera
        if cell is None or camera.fits:
            return
        far = camera.cell < MARKS_CELL
        if far:
            camera.zoom_to(MARKS_CELL)
        if far or not camera.shows(cell):
            camera.centre_on(cell)
            self.base.dirty = True

    @property
    def waiting(self) -> bool:
        return self.hint is THINKING

    def update(self):
        moved = self.base.update()  # the HUD's timer goes on beneath the panel (autoplay is stopped)
        if moved is not None and moved is not self.base:
            return moved  # a scene the base goes to replaces the panel too
        if self.base.dirty:
            self.dirty = True
        if not self.waiting:
            return None
        self.ticks += 1
        if self.ticks % DOT_TICKS == 0:
            self.dirty = True
        if self.request.ready():
            self.hint = self.request.poll() or STALE
            self.base.hint = self.hint if self.hint is not STALE else None
            self.bring_into_view()
            self.offset = 0
            self.panel, self.lines = self._layout()
            self.invalidate()
            self.base.dirty = self.dirty = True
            self.say_hint()
        return None

    def busy(self) -> bool:
        return self.waiting

    def next_change(self) -> float:
        return self.base.next_change()  # the HUD's timer goes on beneath the panel

    def _fixed(self) -> int:
        """The panel's height without the explanation lines: title, gap, footer, pixels."""
        return 2 * PAD + self.title_size + 4 + self.text_line + 2

    def _spans(self) -> list[tuple[int, int, bool]]:
        """(top, bottom, anchored at the top) of the room on the board for the panel: between
        the HUD and the marked cells, and between them and the window's bottom, the far side
        from the move first."""
        layout = self.base.layout
        below_hud, bottom = layout.hud.bottom + 4, layout.size[1] - 4
        cells = marked_cells(self.hint)
        if not cells:
            return [(below_hud, bottom, False)]
        marked = layout.cell_rect(cells[0]).unionall([layout.cell_rect(c) for c in cells[1:]])
        above, below = (below_hud, marked.top - 2, True), (marked.bottom + 2, bottom, False)
        return [above, below] if self.hint.cell[0] >= layout.rows / 2 else [below, above]

    def _layout(self) -> tuple[pygame.Rect, list[str]]:
        """The panel's rect and its wrapped lines; sets ``shown``, the lines that fit at once,
        and ``room``, the strip the panel stands in: the playing window's, whatever the board
        (issue 35: a big board's text stays in the strip too). Only the compact window, which
        keeps no strip (``base.room.over_board``), puts it on the board, clear of the marks (None)."""
        fixed = self._fixed()
        if not self.base.room.over_board:  # the strip the playing window keeps: never over a cell
            return self._in_room(fixed)
        for top, bottom, at_top in self._spans():
            panel, lines = self._on_board(top, bottom, at_top)
            if (bottom - top - fixed) // self.text_line >= len(lines):
                self.room, self.shown = None, len(lines)
                return panel, lines
        # (the compact window) the larger space on the board, scrolled
        top, bottom, at_top = max(self._spans(), key=lambda span: span[1] - span[0])
        if bottom - top < fixed + self.text_line:  # marks from top to bottom: the panel goes over some
            viewport = self.base.layout.camera.viewport
            top, bottom, at_top = viewport.bottom - fixed - 2 * self.text_line - 4, viewport.bottom - 4, False
        self.room = None
        self.shown = max(1, (bottom - top - fixed) // self.text_line)
        return self._on_board(top, bottom, at_top, self.shown)

    def _in_room(self, fixed: int) -> tuple[pygame.Rect, list[str]]:
        """The panel in the panels' strip (``room``), its lines wrapped to it; ``fixed``: the
        panel's height without its lines."""
        self.room = self.base.room
        panel = pygame.Rect(self.room.panel)
        lines = wrap(self.hint.words()[1], panel.width - 2 * PAD, self.text_size)
        self.shown = max(1, min(len(lines), (panel.height - fixed) // self.text_line))
        panel.height = min(panel.height, fixed + self.shown * self.text_line)
        return panel, lines

    def _on_board(self, top: int, bottom: int, at_top: bool, most: int | None = None) -> tuple[pygame.Rect, list[str]]:
        """The panel on the board between ``top`` and ``bottom`` (pixels; against the top when
        ``at_top``) showing its lines (at most ``most``), with the lines it wraps to: the
        window's width, narrowed to end left of a shown minimap it would cover."""
        width = self.base.layout.size[0]
        left, right = 8, width - 8
        for _ in range(2):
            lines = wrap(self.hint.words()[1], right - left - 2 * PAD, self.text_size)
            count = len(lines) if most is None else min(most, len(lines))
            panel = pygame.Rect(left, 0, right - left, self._fixed() + count * self.text_line)
            panel.top = top if at_top else bottom - panel.height
            minimap = self._minimap()
            if minimap is None or not panel.colliderect(minimap):
                break
            right = minimap.left - 6
        return panel, lines

    def _minimap(self) -> pygame.Rect | None:
        """The big board's minimap, when it shows, with the frame around it (pixels)."""
        minimap = getattr(self.base, "minimap", None)
        return minimap.rect.inflate(4, 4) if minimap is not None and minimap.shown else None

    def text_sizes(self) -> tuple[int, int, int]:
        """(title, explanation, footer) font sizes, logical pixels, as the panel draws them."""
        return self._title_size(self._title()), self.text_size, self.footer_size

    def _title(self) -> str:
        title = self.hint.words()[0]
        return title + "." * (self.ticks // DOT_TICKS % 4) if self.waiting else title

    def _title_size(self, title: str) -> int:
        """A long title on a narrow board: a smaller font (down to self.min_title_size), never cut at the edge."""
        return fitting_size(title, self.panel.right - PAD - (self.panel.left + PAD + 2), self.title_size, self.min_title_size,
                            bold=True)

    @property
    def cut(self) -> bool:
        """True when the explanation is longer than the panel (it scrolls)."""
        return len(self.lines) > self.shown

    def scroll(self, lines: int) -> None:
        """Move the explanation ``lines`` lines down (negative: up), within its length."""
        self.offset = max(0, min(len(self.lines) - self.shown, self.offset + lines))
        self.dirty = True

    def enter(self) -> None:
        self.base.gesture.reset()
        self.dirty = True

    def exit(self) -> None:
        """The marks leave with the panel (closed, or left for any other scene)."""
        self.base.hint = None
        self.base.dirty = True

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.WINDOWFOCUSLOST:
            return self.base.key_pause(only_playing=True)
        if self.cut and event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
            self.scroll(SCROLL_KEYS[event.key] * max(1, self.shown - 1 if event.key in PAGE_KEYS else 1))
            return self
        if self.cut and event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return self
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3)):
            self.base.dirty = True
            return self.base
        return self

    def draw_over(self, screen: pygame.Surface) -> None:
        if self.room is not None:
            self.room.draw(screen)
        panel = layer(screen, self.panel.size, at=self.panel.topleft)
        panel.fill(palette.panel)
        bevel(panel, panel.get_rect(), 2)
        panel.set_alpha(PANEL_ALPHA)
        screen.blit(panel, self.panel)
        left, top = self.panel.left + PAD + 2, self.panel.top + PAD
        colour = palette.guess_text if self.hint.kind in ("guess", "endgame") else palette.safe_text
        if self.hint.kind in ("none", "error"):
            colour = palette.text
        title = self._title()
        size = self._title_size(title)
        text(screen, title, (left, top + (self.title_size - size) // 2), size, colour, bold=True)
        top += self.title_size + 4
        for line in self.lines[self.offset:self.offset + self.shown]:
            text(screen, line, (left, top), self.text_size, palette.text)
            top += self.text_line
        footer = _(CLOSES)
        if self.cut:
            last = self.offset + self.shown
            footer = _("Up/Down: more ({last}/{count}); other keys close").format(last=last, count=len(self.lines))
        text(screen, footer, (self.panel.centerx, top + 1), self.footer_size, palette.faint, "midtop")
        if self.room is not None:  # the strip's rest: the counters, bests and ranking that fit whole
            self.base.draw_side_below(screen, self.panel, UNDER_HINT)
