"""Classic Windows look: bevels, push buttons, text; and a keyboard-navigable button list.

Colours come from the current theme (game.ui.shared.theme.palette)."""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Callable

import pygame

from game.i18n import N_, _
from game.ui.shared import draw
from game.ui.shared import fonts
from game.ui.shared.canvas import scale_of
from game.ui.shared.theme import palette


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game's font (bundled DejaVu Sans, :mod:`game.ui.shared.fonts`) for ``size``-pixel text,
    Bold when ``bold`` (cached; loaded again after a pygame.quit()). It has no fallback for
    characters it lacks: measure with :func:`text_width` and draw with :func:`text`."""
    return fonts.font(size, bold)


@lru_cache(maxsize=4096)
def text_width(message: str, size: int, bold: bool = False) -> int:
    """Pixels ``message`` takes drawn by :func:`text` at ``size`` (``bold``), fallback fonts
    included (cached: laying out a panel measures the same words at several widths)."""
    return fonts.text_size(message, size, bold)[0]


FONT_SAMPLE = "0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz .,:;!?%/()#-"


def warm_font(size: int, bold: bool = False) -> None:
    """Load :func:`font` ``(size, bold)`` and render its common glyphs once, so that a
    screen shown later in a busy frame (the result panel) finds them ready."""
    fonts.render(FONT_SAMPLE, size, bold, palette.text)
    text_width(FONT_SAMPLE, size, bold)


def bevel(surface: pygame.Surface, rect: pygame.Rect, width: int = 2, raised: bool = True) -> None:
    """Draw a ``width``-pixel bevel just inside ``rect``: light top-left, dark bottom-right."""
    light, shade = (palette.light, palette.shade) if raised else (palette.shade, palette.light)
    for i in range(width):
        r = rect.inflate(-2 * i, -2 * i)
        draw.line(surface, light, r.topleft, (r.right - 2, r.top))
        draw.line(surface, light, r.topleft, (r.left, r.bottom - 2))
        draw.line(surface, shade, (r.left + 1, r.bottom - 1), (r.right - 1, r.bottom - 1))
        draw.line(surface, shade, (r.right - 1, r.top + 1), (r.right - 1, r.bottom - 1))


def text(surface: pygame.Surface, message: str, pos: tuple[int, int], size: int = 16,
         colour=None, anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
    """Render ``message`` in ``colour`` (default: the theme's text colour) with its ``anchor`` point (a Rect attribute name) at logical ``pos``;
    returns the logical rect it covers. On a scaled :class:`Canvas` the font renders at
    ``size`` times the scale, so the text is as sharp as the screen allows. Characters the
    font lacks are drawn by a system font that has them, or as U+FFFD (:mod:`game.ui.shared.fonts`)."""
    scale = scale_of(surface)
    colour = palette.text if colour is None else colour
    if scale == 1:
        image = fonts.render(message, size, bold, colour)
        rect = image.get_rect(**{anchor: pos})
        surface.blit(image, rect)
        return rect
    image = fonts.render(message, device_font_size(size, bold, scale), bold, colour)
    rect = image.get_rect(**{anchor: surface.point(pos)})
    return surface.logical(surface.surface.blit(image, rect))


@lru_cache(maxsize=256)
def device_font_size(size: int, bold: bool, scale: float) -> int:
    """The font size (pixels, as :func:`font` takes it) that draws text of logical ``size`` on
    a canvas at ``scale``: the logical size's point size times the scale, so text keeps the
    proportions it was laid out with; one point smaller at a time while hinting at that size
    would make a line of every letter and digit (FONT_SAMPLE) wider than its logical width
    (``text_width``) times the scale, so laid-out columns never run into each other. One size
    for every message of a (size, weight, scale): the lines of a panel stay alike."""
    def pixels_for(points: int) -> int:  # the smallest size fonts.point_size maps to ``points``
        return math.ceil(points / fonts.POINTS_PER_PIXEL - 1e-9)

    points = max(1, round(fonts.point_size(size) * scale))
    room = math.ceil(text_width(FONT_SAMPLE, size, bold) * scale)
    while points > 1 and fonts.text_size(FONT_SAMPLE, pixels_for(points), bold)[0] > room:
        points -= 1
    return pixels_for(points)


READABLE_EM = 12  # the least em (the font's point size at 72 dpi) a panel's text has on the screen, device pixels


def screen_em(size: int, bold: bool, scale: float) -> int:
    """The em, in device pixels, of text of logical ``size`` drawn on a canvas at ``scale``
    (:func:`text`). The game's font sizes are pygame's old default font's pixels, 0.6875
    points each (game.ui.shared.fonts): a "12-pixel" line at 1x has an 8-pixel em, about 9 pixels
    from its ascenders to its descenders."""
    pixels = size if scale == 1 else device_font_size(size, bold, scale)
    return fonts.point_size(pixels)


def readable_size(size: int, scale: float, bold: bool = False, least: int = READABLE_EM,
                  most: int | None = None) -> int:
    """``size`` (logical pixels), or the least larger size whose text on a canvas at ``scale``
    has an em of at least ``least`` device pixels (:func:`screen_em`), at most ``most`` (None:
    1.5 times ``size``, so a window shrunk below 1x does not get a panel too tall for its
    strip): a panel laid out at 12 for a window shown at 2x or 3x keeps it, and at 1x (a big
    board's window, game.ui.play.layout.big_layout) grows to 18."""
    most = size * 3 // 2 if most is None else most
    while size < most and screen_em(size, bold, scale) < least:
        size += 1
    return size


MIN_LABEL_SIZE = 11  # smallest font a button label shrinks to, pixels
LABEL_ROOM = 12  # pixels a label leaves free inside its button: bevels and the focus line


def fitting_size(message: str, width: int, size: int, smallest: int, bold: bool = False) -> int:
    """The largest font size from ``size`` down to ``smallest`` (pixels) at which ``message``
    is at most ``width`` pixels wide; ``smallest`` when none is."""
    while size > smallest and text_width(message, size, bold) > width:
        size -= 1
    return size


def clipped(message: str, width: int, size: int, bold: bool = False, mark: str = "\u2026") -> str:
    """``message`` as drawn in ``width`` pixels at ``size``: whole if it fits, else its longest
    head that fits followed by ``mark`` (an ellipsis), measured in pixels, not characters
    (a Chinese name is twice as wide as a Latin one of the same length)."""
    if text_width(message, size, bold) <= width:
        return message
    lo, hi = 0, len(message)  # the longest head that fits with the mark, by bisection
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(message[:mid].rstrip() + mark, size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return message[:lo].rstrip() + mark


def elided(message: str, width: int, size: int, bold: bool = False, mark: str = "\u2026") -> str:
    """``message`` as drawn in ``width`` pixels at ``size``: whole if it fits, else its head
    and its tail, about as wide each, with ``mark`` (an ellipsis) between them, measured in
    pixels (a board code keeps its version and its last characters in view)."""
    if text_width(message, size, bold) <= width:
        return message
    lo, hi = 0, len(message) // 2  # the most characters kept at each end, by bisection
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(message[:mid] + mark + message[len(message) - mid:], size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return message[:lo] + mark + (message[len(message) - lo:] if lo else "")


def focus_step(event: pygame.event.Event) -> int:
    """How a KEYDOWN moves the focus in a list of fields or buttons: +1 for Down or Tab,
    -1 for Up or Shift+Tab, 0 for any other key (Ctrl+Tab too: it turns a screen's tabs or
    pages, game.ui.stats.screen)."""
    mod = getattr(event, "mod", 0)
    if event.key == pygame.K_TAB:
        return 0 if mod & pygame.KMOD_CTRL else -1 if mod & pygame.KMOD_SHIFT else 1
    return {pygame.K_DOWN: 1, pygame.K_UP: -1}.get(event.key, 0)


# ----- what a control says when the keyboard focus comes to it (issue 40) --------------------
BUTTON_WORDS = N_("{label}, button, {index} of {count}")  # a focused button, as a screen reader says it
VALUE_WORDS = N_("{label}, {value}")  # a focused option line or slider: its name and value ("Volume, 70 %")
FIELD_WORDS = N_("{label}, edit text, {value}")  # a focused text field and what it holds
EMPTY_FIELD = N_("blank")  # an empty field's value, said


def button_words(label: str, index: int, count: int) -> str:
    """What a button says when the focus comes to it: "Beginner  9x9, 10, button, 1 of 10"
    (``label`` as shown, already translated; ``index`` 0-based of ``count``)."""
    return _(BUTTON_WORDS).format(label=label, index=index + 1, count=count)


def value_words(label: str, value: str) -> str:
    """What an option line says: its name and value ("Sound, on"; "Volume, 70 %")."""
    return _(VALUE_WORDS).format(label=label, value=value)


def field_words(label: str, value: str) -> str:
    """What a text field says: "Name, edit text, Anna" ("blank" when it holds nothing)."""
    return _(FIELD_WORDS).format(label=label, value=value or _(EMPTY_FIELD))


def sentences(*parts: str) -> str:
    """``parts`` said one after the other ("Options. Question marks, off"); empty ones left
    out; a part that ends a sentence itself ("Quit Minesweeper?") gets no full stop after it."""
    said = ""
    for part in parts:
        if part:
            said += ("" if not said else " " if said.rstrip()[-1:] in (".", "!", "?", ":", "…") else ". ") + part
    return said


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The keyboard focus around ``rect``: a two-pixel ring in the theme's accent colour
    (navy on classic grey, light blue on dark, yellow on contrast's black), just outside it."""
    draw.rect(surface, palette.accent, pygame.Rect(rect).inflate(4, 4), 2)


_NUMBER = r"[-+]?\d[\d.,\u00a0\u202f]*"  # 1.234,5 or 1,234.5 (Babel's groups may be no-break spaces)
_UNIT = r"\s+(?:%|‰|ms|s|px|x|MB|KB|kB|GB|bytes?)(?=[\s.,;:)!?]|$)"  # after a number, before a break or punctuation
# Where a line may not break (issue 36): inside a cell reference "(3; 6)", between a figure's
# name and its value ("3BV/s 1,83", "IOS 0,84", "Time 17,8 s"), between a number and its unit
# ("100,0 %", "17,8 s", "2 x", "4,5 MB"), and before a closing punctuation mark set apart by a space.
UNBREAKABLE = re.compile(
    r"\(\s*-?\d+\s*[;,]\s*-?\d+\s*\)"  # a cell: (3; 6), (3, 6)
    rf"|(?<!\S)(?:\d?[A-Z][A-Za-z]*(?:/s)?|\d+BV(?:/s)?)\s+{_NUMBER}(?:{_UNIT})?(?=[\s.,;:)!?%]|$)"  # a figure, its value
    rf"|{_NUMBER}{_UNIT}"  # a number and its unit
    r"|\S\s+[.,;:!?)»\]](?=\s|$)"  # a word and the punctuation after it
)
GLUE = "\x00"  # stands for a space no line breaks at, while a message is split into words


def words(message: str) -> list[str]:
    """``message`` split where a line may break: at its ASCII spaces, tabs and newlines only
    (a no-break space, U+00A0 or U+202F as Babel writes "89,0 %" in Spanish, never breaks:
    ``str.split()`` took them for spaces), and never inside a match of UNBREAKABLE (a cell
    reference, a figure and its value, a number and its unit, a word and a closing
    punctuation mark after a space): the rules of Unicode's line breaking (UAX #14) these
    messages need, kept to the standard library's ``re``."""
    glued = UNBREAKABLE.sub(lambda match: re.sub(r"[ \t\n]+", GLUE, match.group()), message)
    return [word.replace(GLUE, " ") for word in re.split(r"[ \t\n]+", glued) if word]


def wrap(message: str, width: int, size: int = 14) -> list[str]:
    """Split ``message`` into lines no wider than ``width`` pixels at font ``size``.

    Lines break only where :func:`words` allows (never inside a cell reference, between a
    number and its unit or a figure and its value, nor before a closing punctuation mark);
    words are kept whole; a single word wider than a line (a long file path) is cut.
    Not ``Font.render(..., wraplength=)``: the callers need the lines themselves, to size
    a panel by their count, keep the first few, scroll them or centre each one, and each
    line is drawn by :func:`game.ui.shared.fonts.render`, whose per-character fallback fonts one
    pygame Font cannot wrap across; widths are measured as :func:`text_width` draws them.
    """
    lines: list[str] = []
    for word in words(message):
        if lines and text_width(lines[-1] + " " + word, size) <= width:
            lines[-1] += " " + word
            continue
        # (a glyph is at least a pixel wide, so only the first width + 1 characters are measured)
        while len(word) > 1 and text_width(word[:width + 1], size) > width:
            lo, hi = 1, min(len(word), width + 1) - 1  # the longest head that fits, by bisection:
            while lo < hi:  # one width per character made a 100,000-character value take minutes
                mid = (lo + hi + 1) // 2
                if text_width(word[:mid], size) <= width:
                    lo = mid
                else:
                    hi = mid - 1
            lines.append(word[:lo])
            word = word[lo:]
        lines.append(word)
    return lines


def title_bar(surface: pygame.Surface, rect: pygame.Rect, caption: str) -> None:
    """A title bar (the theme's title colour; classic: navy) with its caption, like a dialog title."""
    draw.rect(surface, palette.title, rect)
    text(surface, caption, (rect.left + 6, rect.centery), 16, palette.title_text, "midleft", bold=True)


class Button:
    """A push button: ``rect`` in logical pixels, a ``label``, and an ``action`` called on click.

    ``label`` is the message as written in the code (English, marked with ``N_`` or ``_``);
    it is translated each time the button is drawn (:attr:`shown`), so a language switch
    shows at once. A label that is not a catalogue message (a player's name) shows as is.
    """

    def __init__(self, rect: pygame.Rect, label: str, action: Callable[[], object], size: int = 16) -> None:
        self.rect = pygame.Rect(rect)
        self.size = size  # label font size, pixels
        self.label = label
        self.action = action
        self._fitted: tuple[tuple, int] | None = None  # (label, width, size) -> font size fitted

    @property
    def shown(self) -> str:
        """The label in the language in use."""
        return _(self.label)

    def draw(self, surface: pygame.Surface, focused: bool = False, pressed: bool = False) -> None:
        draw.rect(surface, palette.panel, self.rect)
        draw.rect(surface, palette.text if focused else palette.shade, self.rect, 1)
        bevel(surface, self.rect.inflate(-2, -2), 1, raised=not pressed)
        offset = 1 if pressed else 0
        # a label too wide for its button (a narrow window) takes a smaller font
        shown = self.shown
        key = (shown, self.rect.width, self.size)
        if self._fitted is None or self._fitted[0] != key:
            self._fitted = (key, fitting_size(shown, self.rect.width - LABEL_ROOM, self.size, MIN_LABEL_SIZE))
        size = self._fitted[1]
        text(surface, shown, (self.rect.centerx + offset, self.rect.centery + offset + 1), size,
             anchor="center")
        if focused:
            focus = self.rect.inflate(-6, -6)
            for x in range(focus.left, focus.right, 2):  # dotted focus line, as in Windows
                surface.set_at((x, focus.top), palette.text)
                surface.set_at((x, focus.bottom - 1), palette.text)
            draw.rect(surface, palette.accent, self.rect, 2)  # and a ring any theme shows clearly


class ButtonList:
    """Buttons with one focused: Up/Down (or Tab, Shift+Tab) move the focus, Enter/Space
    press it, a mouse click (press and release on it) presses the button under it.
    ``focus`` -1: no button has the focus (a field has the keys)."""

    def __init__(self, buttons: list[Button]) -> None:
        self.buttons = buttons
        self.focus = 0
        self.pressed: int | None = None  # index held down by the mouse

    def step(self, steps: int) -> None:
        """Move the focus ``steps`` buttons on, round (from none: the first or the last)."""
        if not self.buttons or not steps:
            return
        count = len(self.buttons)
        self.focus = (self.focus + steps) % count if self.focus >= 0 else (steps - 1 if steps > 0 else steps) % count

    def spoken(self) -> str:
        """What the focused button says (:func:`button_words`), "" when none has the focus."""
        if not 0 <= self.focus < len(self.buttons):
            return ""
        return button_words(self.buttons[self.focus].shown, self.focus, len(self.buttons))

    def handle(self, event: pygame.event.Event) -> tuple[bool, object]:
        """(pressed, result): ``pressed`` when a button's action ran, ``result`` what it returned."""
        if event.type == pygame.KEYDOWN:
            self.step(focus_step(event))
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and 0 <= self.focus < len(self.buttons):
                return True, self.buttons[self.focus].action()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.index_at(event.pos)
            if index is not None:
                self.focus = self.pressed = index
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed is not None:
            index, self.pressed = self.pressed, None
            if self.index_at(event.pos) == index:
                return True, self.buttons[index].action()
        return False, None

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """Index of the button under logical pixel ``pos``, or None."""
        for i, button in enumerate(self.buttons):
            if button.rect.collidepoint(pos):
                return i
        return None

    def draw(self, surface: pygame.Surface) -> None:
        for i, button in enumerate(self.buttons):
            button.draw(surface, focused=i == self.focus, pressed=i == self.pressed)


class TextField:
    """A one-line text box with keyboard focus.

    Characters come from TEXTINPUT events (so accents and input methods work), and the
    text an input method is still composing from TEXTEDITING ones (shown after the value,
    underlined, until its TEXTINPUT comes); Backspace deletes the last one. A value the field opens with (a best time's last name)
    is selected, as the classic game's name box had it: the first character typed replaces
    it, Backspace or Delete clears it, and Left, Right, Home or End keep it to edit it.
    ``handle`` answers what happened: ``"enter"``, ``"escape"``, ``"edit"`` (the text
    changed or the key was used), or None when the field has no focus or the event is not
    for it.
    """

    def __init__(self, rect: pygame.Rect, value: str = "", max_length: int = 32, size: int = 16) -> None:
        self.rect = pygame.Rect(rect)
        self.value = value
        self.max_length = max_length  # characters kept
        self.size = size  # font size, pixels
        self.focused = False
        self.selected = bool(value)  # the opening value, replaced by what is typed first
        self.composing = ""  # an input method's text not yet given (TEXTEDITING), shown after the value

    def insert(self, typed: str) -> None:
        """Add ``typed`` (its printable characters) as if typed: it replaces a selected
        opening value; the value keeps at most ``max_length`` characters."""
        typed = "".join(ch for ch in typed if ch.isprintable())
        if typed:
            self.value = ((typed if self.selected else self.value + typed))[:self.max_length]
            self.selected = False

    def handle(self, event: pygame.event.Event) -> str | None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            return "edit" if self.focused else None
        if not self.focused:
            return None
        if event.type == pygame.TEXTINPUT:
            self.composing = ""
            self.insert(event.text)
            return "edit"
        if event.type == pygame.TEXTEDITING:
            self.composing = "".join(ch for ch in event.text if ch.isprintable())
            return "edit"
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return "enter"
            if event.key == pygame.K_ESCAPE:
                return "escape"
            if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self.selected:
                self.value = ""
            elif event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
            if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME,
                             pygame.K_END):
                self.selected = False
            return "edit"  # every other key is typing (its TEXTINPUT follows), not a command
        return None

    def draw(self, surface: pygame.Surface) -> None:
        draw.rect(surface, palette.field, self.rect)
        bevel(surface, self.rect, 2, raised=False)
        with draw.clipped(surface, self.rect.inflate(-4, -4)):
            if self.focused and self.selected:  # the opening value, selected: typing replaces it
                x = self.rect.left + 5
                width = text_width(self.value, self.size)
                draw.rect(surface, palette.title, pygame.Rect(x - 1, self.rect.top + 3, width + 2, self.rect.height - 6))
                text(surface, self.value, (x, self.rect.centery + 1), self.size, palette.title_text, "midleft")
            else:
                shown = self.value + self.composing + ("|" if self.focused else "")
                x = min(self.rect.left + 5, self.rect.right - 5 - text_width(shown, self.size))  # keep the end in view
                text(surface, shown, (x, self.rect.centery + 1), self.size, palette.text, "midleft")
                if self.composing:  # an input method's text, underlined
                    start = x + text_width(self.value, self.size)
                    y = self.rect.bottom - 5
                    draw.line(surface, palette.text, (start, y), (start + text_width(self.composing, self.size), y))
        if self.focused:
            draw_focus_ring(surface, self.rect)
