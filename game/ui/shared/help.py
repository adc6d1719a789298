"""The on-screen help: every control of the window in one panel (F1 or ? in a game or the menu),
in one column, or in two when the window has no room for one.

Over a running game it stops the timer and hides the board, as the pause does. Any key
or click closes it and does nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.engine import State
from game.i18n import N_, _
from game.ui.shared import draw
from game.ui.scene import Overlay
from game.ui.shared.theme import palette
from game.ui.shared.widgets import bevel, sentences, text, text_width, wrap

CONTROLS = (  # (keys, what they do), in the order shown; messages, translated when drawn
    (N_("Left click"), N_("reveal")),
    (N_("Right click"), N_("flag")),
    (N_("Both, middle"), N_("chord on a number")),
    (N_("Arrows"), N_("move the cursor")),
    (N_("Space, Enter / F / C"), N_("reveal / flag / chord")),
    ("H", N_("hint: the best move, why")),
    ("O", N_("mine probabilities on/off")),
    ("A", N_("autoplay (any key stops)")),
    (N_("E, E in a replay"), N_("analyse the position in the editor")),
    (N_("F2, face / R"), N_("new game / the same board again")),
    ("Ctrl+Z / Ctrl+Y", N_("undo / redo a move")),
    (N_("V after a loss"), N_("why it was lost")),
    (N_("D after a game"), N_("every figure of the game")),
    ("F3", N_("live counters on/off")),
    ("P / M", N_("pause / sound on/off")),
    ("Esc", N_("menu")),
    (N_("F11, Alt+Enter"), N_("full screen")),
    ("F1, ?", N_("this help")),
    (N_("Tab, Shift+Tab, Enter"), N_("the buttons: focus, press")),
    (N_("G in Statistics"), N_("the list of games")),
    (N_("Ctrl+Tab in Statistics"), N_("the next level")),
    (N_("+ / - in a replay"), N_("faster / slower")),
)
BIG_BOARD = (  # a board bigger than the window (game.ui.play.camera_keys): listed under BIG_TITLE
    (N_("Wheel, Shift+wheel"), N_("scroll the board")),
    (N_("Ctrl+wheel, + / -"), N_("zoom at the pointer")),
    (N_("Ctrl+drag, PgUp/PgDn"), N_("move the view")),
    ("Tab", N_("the minimap on/off")),
)
SPEECH_KEYS = (  # listed while speech is on (game.ui.speech, docs/speech.md): what I, K, J, L say
    ("I / K / J / L", N_("say mines, time / row / column / around")),
)
BIG_TITLE = N_("On a board bigger than the window")  # the heading over BIG_BOARD
TOUCH = (  # the fingers (game.ui.play.touch): listed under TOUCH_TITLE with the touch layout on
    (N_("Tap / long press"), N_("reveal / flag")),
    (N_("Tap a number"), N_("chord")),
    (N_("G, the flag button"), N_("flag mode: the two swap")),
    (N_("Two fingers"), N_("move the view, pinch to zoom")),
)
TOUCH_TITLE = N_("By touch")  # the heading over TOUCH
TITLE = N_("Controls")
CLOSES = N_("Any key or click closes")
SIZES = ((14, 13), (13, 12), (12, 11), (11, 10))  # (font, line height) pixels, the largest that fits first
PAD = 6  # panel padding, pixels
GAP = 8  # space between the key and action columns, pixels
COLUMN_GAP = 14  # space between the two halves of the list when it is split, pixels
MARGIN = 8  # least room between the panel and the window's edge, pixels


@dataclass(frozen=True)
class Arrangement:
    """How the list is laid out: font ``size`` and ``line`` height (pixels), the ``columns``
    (each a list of (keys, action) lines; keys None: a heading over the lines after it), the
    width of each column's keys (``keys``) and of each whole column (``widths``), and the
    panel's ``width`` and ``height``."""

    size: int
    line: int
    columns: tuple[tuple[tuple[str | None, str], ...], ...]
    keys: tuple[int, ...]
    widths: tuple[int, ...]
    width: int
    height: int


def arrange(lines: list[tuple[str | None, str]], size: int, line: int, halves: int) -> Arrangement:
    """``lines`` at font ``size`` in ``halves`` columns (1 or 2: the second takes the rest of
    the list from its middle, a heading never ending the first)."""
    split = -(-len(lines) // halves)
    if halves > 1 and lines[split - 1][0] is None:
        split -= 1  # a heading goes with the lines it heads
    columns = (tuple(lines[:split]), tuple(lines[split:])) if halves > 1 else (tuple(lines),)
    keys, widths = [], []
    for column in columns:
        key_w = max((text_width(k, size, bold=True) for k, _a in column if k is not None), default=0)
        act_w = max((text_width(a, size) for k, a in column if k is not None), default=0)
        head_w = max((text_width(a, size, bold=True) for k, a in column if k is None), default=0)
        keys.append(key_w)
        widths.append(max(key_w + GAP + act_w, head_w))
    width = sum(widths) + COLUMN_GAP * (len(columns) - 1) + 2 * PAD + 8
    width = max(width, text_width(_(TITLE), 15, bold=True) + 16, text_width(_(CLOSES), size - 1) + 2 * PAD)
    rows = max(len(column) for column in columns)
    return Arrangement(size, line, columns, tuple(keys), tuple(widths), width, 2 * PAD + 22 + rows * line + line)


def wrapped(lines: list[tuple[str | None, str]], size: int, width: int) -> list[tuple[str | None, str]]:
    """``lines`` for one column in a window ``width`` pixels wide at font ``size``: an action
    too long for the room beside the widest key goes on over the next lines (their keys "",
    drawn as nothing), broken where :func:`game.ui.shared.widgets.wrap` breaks a message; headings
    as they are. A window too narrow for the whole list in one line each (the menu's
    480 pixels, in Spanish) then shows every word instead of cutting the lines short."""
    key_w = max((text_width(k, size, bold=True) for k, _a in lines if k is not None), default=0)
    room = max(width - MARGIN - 2 * PAD - 8 - key_w - GAP, 40)
    out: list[tuple[str | None, str]] = []
    for keys, action in lines:
        parts = [action] if keys is None else wrap(action, room, size) or [action]
        out += [(keys, parts[0])] + [("", part) for part in parts[1:]]
    return out


def is_help_key(event: pygame.event.Event) -> bool:
    """True for F1 and for the key that types '?'."""
    return event.type == pygame.KEYDOWN and (event.key == pygame.K_F1 or getattr(event, "unicode", "") == "?")


class Help(Overlay):
    """Over any scene ``base``: the controls panel, sized to the window (one column, or two
    when one does not fit; when even two do not, at the smallest font the rows that fit,
    scrolled with Up, Down, Page Up, Page Down, Home, End or the wheel). The window never changes size
    for it (issue 27: a window that holds still)."""

    def __init__(self, services, base) -> None:
        super().__init__(services, base)
        self.match = getattr(base, "match", None)  # the game the help pauses, if over one
        speech = SPEECH_KEYS if services.speech.enabled else ()  # said aloud: with speech on only
        self.controls = CONTROLS + speech + ((None, BIG_TITLE),) + BIG_BOARD  # messages: see :meth:`lines`
        if getattr(services, "touch_layout", False):  # a touch seen this run, or Options' touch layout
            self.controls += ((None, TOUCH_TITLE),) + TOUCH
        self.top = 0  # the first row shown when the list scrolls

    def lines(self) -> list[tuple[str | None, str]]:
        """(keys, what they do) of each line, in the language in use (a key's name such as
        "Esc" is the same in every language); keys None: a heading."""
        return [(None if keys is None else _(keys), _(action)) for keys, action in self.controls]

    def spoken(self) -> str:
        """The title, every line (its keys and what they do) and how to close it."""
        lines = [action if keys is None else f"{keys}: {action}" for keys, action in self.lines()]
        return sentences(_(TITLE), *lines, _(CLOSES))

    def enter(self) -> None:
        if self.match is not None:
            self.match.pause()
            self.base.gesture.reset()
        self.dirty = True
        self.say(lambda: ". ".join([_(TITLE)] + [action if keys is None else f"{keys}: {action}"  # the whole list
                                                 for keys, action in self.lines()] + [_(CLOSES)]))

    def exit(self) -> None:
        if self.match is not None:
            self.match.resume()

    def handle(self, event: pygame.event.Event):
        rows = self.hidden_rows()
        step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -5, pygame.K_PAGEDOWN: 5, pygame.K_HOME: -rows,
                pygame.K_END: rows}
        if rows and event.type == pygame.KEYDOWN and event.key in step:
            return self.scroll(step[event.key])
        if rows and event.type == pygame.MOUSEWHEEL:
            return self.scroll(-event.y)
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3)):
            return self.base
        return self

    def scroll(self, rows: int) -> "Help":
        """Move the shown rows by ``rows`` (a list longer than the window)."""
        self.top = min(max(self.top + rows, 0), self.hidden_rows())
        self.dirty = True
        return self

    def hidden_rows(self) -> int:
        """How many rows of the list do not fit at once (0: it all shows)."""
        shape, full = self.fit(), self._scrolled_from()
        if full is None:
            return 0
        return max(len(column) for column in full.columns) - max(len(column) for column in shape.columns)

    def _fit_in(self, width: int, height: int) -> Arrangement | None:
        """The largest font, one column before two, whose panel fits a ``width`` x ``height``
        window; None when none does."""
        lines = self.lines()
        for size, line in SIZES:
            for halves in (1, 2):
                shape = arrange(lines, size, line, halves)
                if shape.width <= width - MARGIN and shape.height <= height - MARGIN:
                    return shape
        return None

    def size(self) -> tuple[int, int]:
        """The window beneath: the help never resizes it."""
        return self.base.size()

    def _scrolled_from(self) -> Arrangement | None:
        """The whole list at the smallest font, in two columns where they fit the window's
        width (else one, its long actions :func:`wrapped` to the width), when no arrangement fits
        the window; None when one does."""
        width, height = self.size()
        if self._fit_in(width, height) is not None:
            return None
        size, line = SIZES[-1]
        two = arrange(self.lines(), size, line, 2)
        if two.width <= width - MARGIN:
            return two
        return arrange(wrapped(self.lines(), size, width), size, line, 1)

    def fit(self) -> Arrangement:
        """The arrangement of the list in the window: the largest that fits, else the rows of
        :meth:`_scrolled_from` that fit, from row :attr:`top`."""
        width, height = self.size()
        shape = self._fit_in(width, height)
        if shape is not None:
            return shape
        full = self._scrolled_from()
        rows = max(len(column) for column in full.columns)
        fixed = full.height - rows * full.line
        shown = max(1, min(rows, (height - MARGIN - fixed) // full.line))
        top = min(self.top, rows - shown)
        columns = tuple(column[top:top + shown] for column in full.columns)
        return Arrangement(full.size, full.line, columns, full.keys, full.widths, min(full.width, width - 4),
                           fixed + shown * full.line)

    def panel(self) -> pygame.Rect:
        """The controls panel, logical pixels, centred in the window."""
        shape = self.fit()
        width, height = self.size()
        panel = pygame.Rect(0, 0, shape.width, shape.height)
        panel.center = (width // 2, height // 2)
        return panel

    def draw_over(self, screen: pygame.Surface) -> None:
        board = getattr(self.base, "layout", None)
        if self.match is not None and self.match.game.state is State.PLAYING:
            draw.rect(screen, palette.panel, board.board)  # no studying the board while the clock stops
        shape = self.fit()
        panel = self.panel()
        draw.rect(screen, palette.panel, panel)
        bevel(screen, panel, 2)
        title = pygame.Rect(panel.left + 3, panel.top + 3, panel.width - 6, 16)
        draw.rect(screen, palette.title, title)
        text(screen, _(TITLE), (title.left + 5, title.centery + 1), 15, palette.title_text, "midleft", bold=True)
        left = panel.left + PAD + 2
        for column, keys, width in zip(shape.columns, shape.keys, shape.widths):
            top = panel.top + PAD + 17
            for key, action in column:
                if key is None:
                    text(screen, action, (left, top), shape.size, palette.dim, bold=True)
                else:
                    text(screen, key, (left, top), shape.size, palette.text, bold=True)
                    text(screen, action, (left + keys + GAP, top), shape.size, palette.text)
                top += shape.line
            left += width + COLUMN_GAP
        bottom = panel.top + PAD + 17 + max(len(column) for column in shape.columns) * shape.line
        text(screen, _(CLOSES), (panel.centerx, bottom + 1), shape.size - 1, palette.faint, "midtop")
        if self.hidden_rows():  # the list scrolls: say which way there is more
            more = ("\u25b2 " if self.top > 0 else "") + ("\u25bc" if self.top < self.hidden_rows() else "")
            text(screen, more.strip(), (panel.right - PAD, bottom + 1), shape.size - 1, palette.faint, "topright")
