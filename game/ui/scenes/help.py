"""The on-screen help: every control of the window in one panel (F1 or ? in a game or the menu).

Over a running game it stops the timer and hides the board, as the pause does. Any key
or click closes it and does nothing else.
"""

from __future__ import annotations

import pygame

from game.engine import State
from game.i18n import N_, _
from game.ui import draw
from game.ui.scene import Overlay
from game.ui.theme import palette
from game.ui.widgets import bevel, text, text_width

CONTROLS = (  # (keys, what they do), in the order shown; messages, translated when drawn
    (N_("Left click"), N_("reveal")),
    (N_("Right click"), N_("flag")),
    (N_("Both, middle"), N_("chord on a number")),
    (N_("Arrows"), N_("move the cursor")),
    (N_("Space, Enter / F / C"), N_("reveal / flag / chord")),
    ("H", N_("hint: the best move, why")),
    ("O", N_("mine probabilities on/off")),
    ("A", N_("autoplay (any key stops)")),
    (N_("F2, face / R"), N_("new game / the same board again")),
    ("Ctrl+Z / Ctrl+Y", N_("undo / redo a move")),
    (N_("V after a loss"), N_("why it was lost")),
    ("P / M", N_("pause / sound on/off")),  # one line: the smallest window has room for 15
    ("Esc", N_("menu")),
    (N_("F11, Alt+Enter"), N_("full screen")),
    ("F1, ?", N_("this help")),
)
BIG_BOARD = (  # listed too over a board bigger than the window (game.ui.camera_keys)
    (N_("Wheel, Shift+wheel"), N_("scroll the board")),
    (N_("Ctrl+wheel, + / -"), N_("zoom at the pointer")),
    (N_("Ctrl+drag, PgUp/PgDn"), N_("move the view")),
    ("Tab", N_("the minimap on/off")),
)
TITLE = N_("Controls")
CLOSES = N_("Any key or click closes")
SIZES = ((14, 13), (13, 12), (12, 11), (11, 10))  # (font, line height) pixels, the largest that fits first
PAD = 6  # panel padding, pixels
GAP = 8  # space between the key and action columns, pixels


def is_help_key(event: pygame.event.Event) -> bool:
    """True for F1 and for the key that types '?'."""
    return event.type == pygame.KEYDOWN and (event.key == pygame.K_F1 or getattr(event, "unicode", "") == "?")


class Help(Overlay):
    """Over any scene ``base``: the controls panel, sized to the window."""

    def __init__(self, services, base) -> None:
        super().__init__(services, base)
        self.match = getattr(base, "match", None)  # the game the help pauses, if over one
        big = getattr(getattr(base, "controls", None), "active", False)
        self.controls = CONTROLS + BIG_BOARD if big else CONTROLS  # messages: see :meth:`lines`

    def lines(self) -> list[tuple[str, str]]:
        """(keys, what they do) of each line, in the language in use (a key's name such as
        "Esc" is the same in every language)."""
        return [(_(keys), _(action)) for keys, action in self.controls]

    def enter(self) -> None:
        if self.match is not None:
            self.match.pause()
            self.base.gesture.reset()
        self.dirty = True

    def exit(self) -> None:
        if self.match is not None:
            self.match.resume()

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3)):
            return self.base
        return self

    def size(self) -> tuple[int, int]:
        """The window beneath, grown (while the help shows) to hold the panel at the smallest
        font where it would not fit: Beginner's window is narrower than the two columns."""
        width, height = self.base.size()
        size, line = SIZES[-1]
        lines = self.lines()
        keys = max(text_width(k, size, bold=True) for k, _a in lines)
        actions = max(text_width(a, size) for _k, a in lines)
        return (max(width, keys + GAP + actions + 2 * PAD + 16),
                max(height, 2 * PAD + 22 + len(lines) * line + line + 8))

    def fit(self) -> tuple[int, int, int]:
        """(font size, line height, key column width) of the largest text that fits the window."""
        width, height = self.size()
        lines = self.lines()
        for size, line in SIZES:
            keys = max(text_width(k, size, bold=True) for k, _a in lines)
            actions = max(text_width(a, size) for _k, a in lines)
            if (keys + GAP + actions + 2 * PAD + 8 <= width - 8
                    and 2 * PAD + 22 + len(lines) * line + line <= height - 8):
                return size, line, keys
        size, line = SIZES[-1]
        return size, line, max(text_width(k, size, bold=True) for k, _a in lines)

    def panel(self) -> pygame.Rect:
        """The controls panel, logical pixels, centred in the window (game.ui.layout's
        MIN_HEIGHT leaves room for it at the smallest font)."""
        size, line, keys = self.fit()
        width, height = self.size()
        body = max(text_width(a, size) for _k, a in self.lines())
        panel = pygame.Rect(0, 0, min(width - 8, keys + GAP + body + 2 * PAD + 8),
                            2 * PAD + 22 + len(self.controls) * line + line)
        panel.center = (width // 2, height // 2)
        return panel

    def draw_over(self, screen: pygame.Surface) -> None:
        if self.size() != self.base.size():  # the window grew for the panel: cover what is beyond the base
            draw.rect(screen, palette.panel, screen.get_rect())
        board = getattr(self.base, "layout", None)
        if self.match is not None and self.match.game.state is State.PLAYING:
            draw.rect(screen, palette.panel, board.board)  # no studying the board while the clock stops
        size, line, keys = self.fit()
        panel = self.panel()
        draw.rect(screen, palette.panel, panel)
        bevel(screen, panel, 2)
        title = pygame.Rect(panel.left + 3, panel.top + 3, panel.width - 6, 16)
        draw.rect(screen, palette.title, title)
        text(screen, _(TITLE), (title.left + 5, title.centery + 1), 15, palette.title_text, "midleft", bold=True)
        top = panel.top + PAD + 17
        left = panel.left + PAD + 2
        for key, action in self.lines():
            text(screen, key, (left, top), size, palette.text, bold=True)
            text(screen, action, (left + keys + GAP, top), size, palette.text)
            top += line
        text(screen, _(CLOSES), (panel.centerx, top + 1), size - 1, palette.faint, "midtop")
