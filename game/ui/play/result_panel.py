"""The result panel's arrangement: title, lines, notes, a best time's name block, three to five buttons
(New game, Retry, Menu, then Review for a recorded game and Undo after a loss).

The panel is laid out for the width its room (game.ui.play.room) gives it, and sizes itself to
its text. Three arrangements, the first that fits:

- ``row``: everything side by side in one band, the text from the left and the name
  block and buttons flush right (a wide window: the strip under it stays low);
- ``columns``: the title and lines on the left, the name block and the buttons on the
  right (a window as wide as Expert's);
- ``stack``: one under another, centred (a side strip, or a narrow window); the buttons
  sit in a row, or, when the panel is too narrow for all of them, in rows of two, New game
  across the first row when their count is odd, and a button whose label is too wide for
  half a row across a row of its own.

Buttons are wide enough for their labels at full size (``labels``: as shown, in the
language in use), so no label has to shrink.

Geometry and the drawing of the text only: the scene (game.ui.play.result) owns the
buttons' actions and the name field, and gives the text already in the language in use
(it lays the panel out again when the language changes). All positions are logical pixels.
"""

from __future__ import annotations

import re

import pygame

from game.i18n import N_, _
from game.ui.shared import draw
from game.ui.shared.theme import palette
from game.ui.shared.widgets import LABEL_ROOM, bevel, clipped, elided, fitting_size, text, text_width, wrap

TITLE_SIZE = 20  # title font, pixels (bold)
LINE_SIZE, LINE = 16, 15  # the lines' font and line height, pixels
NOTE_SIZE, NOTE_LINE = 14, 13  # the notes' (records messages) font and line height, pixels
BUTTON_H, BUTTON_W = 22, 64  # a button; BUTTON_W in a row arrangement, pixels
BUTTON_SIZE = 15  # button label font, pixels
TOGGLE_SIZE = 13  # the Details / Less button's label font, pixels
PACK_GAP = "     "  # between two lines sharing a row of a wide strip under the board
GAP = 4  # between buttons, pixels
PAD = 6  # inside the panel's edge, pixels
ITEM_GAP = 12  # between the items of a row arrangement, pixels
ROW_H = 32  # a row arrangement's band, pixels
NAME_W = 120  # the name field in a row arrangement, pixels
NAME_LABEL_W = 48  # the least room for "Name" left of the field, pixels (more for a longer word)
NAME = N_("Name")  # the name field's label
CODE_LINE = N_("Code {code}  (C copies)")  # the board code's line (game.midend.boardcode), its key
NAME_BLOCK_H = 62  # a stacked best-time block: two lines of celebration and the field, pixels
MIN_FIELD_W = 90  # narrower than this, "Name" stands above the field, pixels
RIGHT_W = 3 * BUTTON_W + 2 * GAP  # the least right column of the columns arrangement, pixels
TOGGLE_W, TOGGLE_H = 60, 18  # the Details / Less button under the lines, pixels
READABLE_TOGGLE_W = 84  # those buttons on a big board, their labels at BUTTON_SIZE (ResultPanel's ``readable``), pixels
# Every (size, bold) the panel draws with, warmed during play (game.ui.shared.widgets.warm_font).
FONTS = ((TITLE_SIZE, True), (LINE_SIZE, False), (LINE_SIZE, True), (NOTE_SIZE, False),
         (BUTTON_SIZE, False), (TOGGLE_SIZE, False), (18, True))


def groups(line: str) -> list[str]:
    """The parts of ``line`` set apart by two spaces or more ("3BV/s 2.31  IOS 0.84": two)."""
    return re.split(r" {2,}", line.strip())


def wrap_groups(line: str, width: int) -> list[str]:
    """``line`` in lines no wider than ``width`` pixels, broken between its groups (parts
    set apart by two spaces or more: "3BV/s 2.31  IOS 0.84" keeps each label with its
    value), a group too wide by itself broken between words."""
    out: list[str] = []
    for group in groups(line):
        joined = f"{out[-1]}  {group}" if out else group
        if out and text_width(joined, LINE_SIZE) <= width:
            out[-1] = joined
        elif text_width(group, LINE_SIZE) <= width:
            out.append(group)
        else:
            out += wrap(group, width, LINE_SIZE)
    return out


class ResultPanel:
    """The parts of a ``width``-pixel result panel at (0, 0); :meth:`move_to` places it.

    celebration: the best-time lines ("New best time!", "#1 on Expert"), empty when the
    time is not a best time; with them the panel has a name block. ``rect`` is the panel,
    ``field`` the name field's rect (None without celebration), ``buttons`` ``count`` rects
    (3 to 5: Review and a loss's Undo may follow). ``labels``: the buttons' labels as shown
    (their count is then ``count``), so each button is wide enough for its label; without
    them any label is taken to fit.
    ``shapes``: for a line of ``lines`` whose text changes after the panel first shows (the
    figures' line: "3BV/s ..." while they are computed, then their values), the text it is
    measured by, a part (group) for each of its parts, as wide as the widest it will be: the
    line is laid out, wrapped and packed as that text, its own parts drawn where that text's
    are, so the panel keeps its size and every part its place when the values come.
    ``tail``: how many of the last lines are a block of their own (the figures' lines), on
    rows of their own after the others (lines that share a row share it within their block);
    ``tail_top`` is the y of its first row (None without one), so a long list can be shown
    from its start.
    ``code``: the board's code (game.midend.boardcode's text), shown on a row of its own under
    the lines (under the band of a row arrangement) with its key, elided in the middle when
    it is wider than the panel's text (the whole code is what C copies), or None.
    ``toggle``: the label of a small button after the lines (the figures' Details), or None;
    ``toggle_rect`` is where it goes (None without one). ``why``: the label of a second small
    button beside it (a loss's post-mortem), or None; ``why_rect`` is where it goes.
    """

    def __init__(self, title: str, lines: list[str], notes: list[str], celebration: list[str],
                 width: int, toggle: str | None = None, count: int = 3, why: str | None = None,
                 labels: list[str] | None = None, shapes: dict[str, str] | None = None, tail: int = 0,
                 readable: bool = False, code: str | None = None) -> None:
        self.title, self.lines, self.celebration, self.width = title, lines, celebration, width
        self.code = code
        # ``readable`` (a big board's window, shown at 1x): the small buttons' labels and the
        # notes at the lines' sizes, so no text of the panel is under 12 screen pixels high
        self.toggle_size, self.note_size = (BUTTON_SIZE, LINE_SIZE) if readable else (TOGGLE_SIZE, NOTE_SIZE)
        self.note_line = NOTE_LINE + self.note_size - NOTE_SIZE
        self.toggle_w, self.toggle_h = (READABLE_TOGGLE_W, BUTTON_H) if readable else (TOGGLE_W, TOGGLE_H)
        self.shapes = shapes or {}
        self.tail = min(tail, len(lines))
        self.tail_top: int | None = None
        self.count = count = len(labels) if labels is not None else count
        # each button's least width for its label at full size (0: any width will do)
        self.label_w = [text_width(label, BUTTON_SIZE) + LABEL_ROOM for label in labels] if labels else [0] * count
        self.button_w = max([BUTTON_W, *self.label_w])  # one button of a row or columns arrangement
        self.row_buttons_w = count * self.button_w + (count - 1) * GAP  # the buttons of a row arrangement
        self.toggle, self.toggle_rect = toggle, None
        self.grid = False  # the columns arrangement's buttons in rows of two
        self.why, self.why_rect = why, None
        self.items: list[tuple[str, tuple[int, int], int, tuple, str, bool]] = []  # text, pos, size...
        self.code_item: int | None = None  # the index in ``items`` of the code's line
        self.field: pygame.Rect | None = None
        self.name_label: tuple[int, int] | None = None
        self.name = _(NAME)
        self.name_label_w = max(NAME_LABEL_W, text_width(self.name, LINE_SIZE) + 10)  # room left of the field
        inner = width - 2 * PAD
        self.given_notes = notes
        self.notes = self._wrap_notes(inner)
        if self._row_width() <= inner:
            self.mode, height = "row", self._row()
        else:  # the lowest of the arrangements that fit the width (the columns need a left half)
            tried = [(mode, grid) for mode, grid in (("columns", False), ("columns", True))
                     if inner >= 2 * self._right_width(grid) + ITEM_GAP] + [("stack", False)]
            heights = {choice: self._arrange(*choice) for choice in tried}
            self.mode, self.grid = min(tried, key=lambda choice: heights[choice])  # min keeps the first of a tie
            height = self._arrange(self.mode, self.grid)
        self.rect = pygame.Rect(0, 0, width, height)

    def _arrange(self, mode: str, grid: bool) -> int:
        """Lay the panel out afresh as ``mode`` ('columns' or 'stack'; ``grid``: the columns'
        buttons in rows of two); returns its height, pixels."""
        self.items, self.field, self.name_label, self.tail_top, self.code_item = [], None, None, None, None
        self.toggle_rect = self.why_rect = None
        self.notes = self._wrap_notes(self.width - 2 * PAD)
        return self._columns(grid) if mode == "columns" else self._stack(self.width)

    def _wrap_notes(self, width: int) -> list[str]:
        return [line for note in self.given_notes for line in wrap(note, width, self.note_size)]

    # ----- the two arrangements --------------------------------------------------------------
    def _row_texts(self) -> list[tuple[str, int, bool]]:
        """(text, size, bold) of the row's left group: the title, then each non-empty line."""
        return [(self.title, TITLE_SIZE, True)] + [(line, LINE_SIZE, False) for line in self.lines if line]

    def _measure(self, message: str, size: int, bold: bool) -> int:
        """Pixels ``message`` takes in the row arrangement (a shaped line: its shape's)."""
        return text_width(self.shapes.get(message, message), size, bold)

    def _row_width(self) -> int:
        """Pixels the row arrangement needs between the paddings."""
        widths = [self._measure(message, size, bold) for message, size, bold in self._row_texts()]
        widths += [self.toggle_w for label in (self.toggle, self.why) if label]
        if self.celebration:
            widths += [text_width(" ".join(self.celebration), LINE_SIZE, True), self.name_label_w + NAME_W]
        widths.append(self.row_buttons_w)
        return sum(widths) + ITEM_GAP * (len(widths) - 1)

    def _row(self) -> int:
        middle = PAD + ROW_H // 2
        x = PAD
        for message, size, bold in self._row_texts():
            self.items.append((message, (x, middle), size, palette.text, "midleft", bold))
            x += self._measure(message, size, bold) + ITEM_GAP
        for name in ("toggle", "why"):
            if getattr(self, name):
                setattr(self, name + "_rect", pygame.Rect(x, middle - self.toggle_h // 2, self.toggle_w, self.toggle_h))
                x += self.toggle_w + ITEM_GAP
        right = self.width - PAD
        left = right - self.row_buttons_w
        self.buttons = [pygame.Rect(left + i * (self.button_w + GAP), middle - BUTTON_H // 2, self.button_w,
                                    BUTTON_H) for i in range(self.count)]
        if self.celebration:
            self.field = pygame.Rect(left - ITEM_GAP - NAME_W, middle - 10, NAME_W, 20)
            self.name_label = (self.field.left - self.name_label_w + 4, middle + 1)
            said = " ".join(self.celebration)
            say_w = text_width(said, LINE_SIZE, True)
            self.items.append((said, (self.name_label[0] - ITEM_GAP - say_w, middle), LINE_SIZE, palette.accent,
                               "midleft", True))
        top = PAD + ROW_H
        if self.code:
            self.code_item = len(self.items)
            self.items.append((self.code_text(self.width - 2 * PAD), (self.width // 2, top), self.note_size,
                               palette.dim, "midtop", False))
            top += self.note_line
        for i, line in enumerate(self.notes):
            self.items.append((line, (self.width // 2, top + i * self.note_line), self.note_size, palette.error,
                               "midtop", False))
        return top + self.note_line * len(self.notes) + (PAD if self.notes or self.code else 0)

    def code_text(self, width: int) -> str:
        """The code's line in ``width`` pixels: "Code MS1-...  (C copies)", the code elided
        in the middle when the whole line is wider."""
        line = _(CODE_LINE)
        room = width - text_width(line.format(code=""), self.note_size)
        return line.format(code=elided(self.code, room, self.note_size))

    def _right_width(self, grid: bool = False) -> int:
        """The columns arrangement's right column: the buttons (in a row, or ``grid``: in rows
        of two), the name row, the celebration."""
        buttons = 2 * self.button_w + GAP if grid else max(RIGHT_W, self.row_buttons_w)
        widths = [buttons] + ([self.name_label_w + NAME_W] if self.celebration else [])
        widths += [text_width(line, size, True) for line, size in zip(self.celebration, (18, 16))]
        return max(widths)

    def _text_block(self, left: int, width: int, pack: bool = False, small_buttons: bool = True) -> int:
        """The title, the lines and the notes centred in ``width`` pixels from x ``left``; returns
        the y under them. ``pack``: lines that fit side by side share a row (a wide strip under
        the board, where height is what is short); ``small_buttons``: Details and Why? go under
        the lines (else the caller places them)."""
        centre = left + width // 2
        size = fitting_size(self.title, width, TITLE_SIZE, 11, bold=True)
        self.items.append((self.title, (centre, 12), size, palette.text, "center", True))
        y = 20
        wrapped = [self._wrapped(line, width) for line in self.lines]
        cut = len(wrapped) - self.tail
        blocks = [wrapped[:cut], wrapped[cut:]]  # the lines, then the tail's: each packed by itself
        head, tail = [_packed([rows for rows in block if rows[0][1]], width) if pack else
                      [row for rows in block for row in rows] for block in blocks]
        if self.tail:
            self.tail_top = y + LINE * len(head)
        for line, _shape in head + tail:
            self.items.append((line, (centre, y + LINE // 2), LINE_SIZE, palette.text, "center", False))
            y += LINE
        if self.code:
            self.code_item = len(self.items)
            self.items.append((self.code_text(width), (centre, y + self.note_line // 2), self.note_size, palette.dim,
                               "center", False))
            y += self.note_line
        shown = [name for name in ("toggle", "why") if getattr(self, name)] if small_buttons else []
        across = len(shown) * self.toggle_w + (len(shown) - 1) * GAP
        for i, name in enumerate(shown):  # the small buttons side by side under the lines, or one
            if across <= width:  # under the other in a narrow strip
                rect = pygame.Rect(centre - across // 2 + i * (self.toggle_w + GAP), y + 1, self.toggle_w, self.toggle_h)
            else:
                rect = pygame.Rect(centre - self.toggle_w // 2, y + 1 + i * (self.toggle_h + GAP), self.toggle_w, self.toggle_h)
            setattr(self, name + "_rect", rect)
        if shown:
            y = max(getattr(self, name + "_rect").bottom for name in shown) + 2
        for line in self.notes:
            self.items.append((line, (centre, y + self.note_line // 2), self.note_size, palette.error, "center", False))
            y += self.note_line
        return y + 2

    def _wrapped(self, line: str, width: int) -> list[tuple[str, str]]:
        """``line`` in rows no wider than ``width`` pixels: (shown, measured) each, the
        measured text its shape's (``shapes``) with the line's own parts in the shape's rows;
        a line whose parts do not match its shape's (a sentence shaped by a long one) in its
        own rows, and as many more empty ones as its shape takes more; [("", "")] for an
        empty line (it takes a row)."""
        own = [(row, row) for row in wrap_groups(line, width)] or [("", "")]
        shape = self.shapes.get(line)
        if shape is None:
            return own
        shown, rows = groups(line), wrap_groups(shape, width)
        counts = [len(groups(row)) for row in rows]
        if len(shown) == len(groups(shape)) == sum(counts):
            out, at = [], 0
            for row, count in zip(rows, counts):
                out.append(("  ".join(shown[at:at + count]), row))
                at += count
            return out
        return own + [("", row) for row in rows[len(own):]]

    def _name_block(self, left: int, width: int, y: int) -> int:
        """The celebration and the name field in ``width`` pixels from x ``left``, from ``y``;
        returns the y under them."""
        centre = left + width // 2
        for (line, bold_size), dy in zip(zip(self.celebration, (18, 16)), (8, 24)):
            fitted = fitting_size(line, width, bold_size, 11, bold=True)
            self.items.append((line, (centre, y + dy), fitted, palette.accent, "center", True))
        if width - self.name_label_w >= MIN_FIELD_W:
            self.field = pygame.Rect(left + self.name_label_w, y + 36, width - self.name_label_w, 20)
            self.name_label = (left + 4, self.field.centery + 1)
            return y + NAME_BLOCK_H
        self.name_label = (left + 2, y + 40)  # a narrow side strip: "Name" on its own line
        self.field = pygame.Rect(left, y + 48, width, 20)
        return y + NAME_BLOCK_H + 10

    def _columns(self, grid: bool = False) -> int:
        """The text left (lines packed side by side where they fit), the buttons right with
        Details and Why? above them: as low as it goes, for the strip kept under a board too
        wide for a side strip (game.ui.play.layout.RESULT_ROOM_H). ``grid``: the buttons in rows of
        two (a window as wide as Expert's, where a row of them leaves the text too little
        room) and Details and Why? under the text."""
        inner = self.width - 2 * PAD
        right_w = self._right_width(grid)
        left_w = inner - right_w - ITEM_GAP
        self.notes = self._wrap_notes(left_w)
        y = self._text_block(PAD, left_w, pack=True, small_buttons=grid)
        right = PAD + left_w + ITEM_GAP
        below = self._name_block(right, right_w, 0) if self.celebration else 0
        if grid:
            return self._grid(right, right_w, y, below)
        small = [name for name in ("toggle", "why") if getattr(self, name)]
        over = self.toggle_h + GAP if small else 0  # the small buttons' row above the buttons
        height = max(y + PAD, below + 4 + over + BUTTON_H + PAD)
        for i, name in enumerate(reversed(small)):  # right-aligned: Why? rightmost
            setattr(self, name + "_rect", pygame.Rect(right + right_w - (i + 1) * self.toggle_w - i * GAP,
                                                      height - PAD - BUTTON_H - over, self.toggle_w, self.toggle_h))
        n = self.count
        bw = (right_w - (n - 1) * GAP) // n
        self.buttons = [pygame.Rect(right + i * (bw + GAP), height - PAD - BUTTON_H, bw, BUTTON_H)
                        for i in range(n)]
        return height

    def _grid(self, right: int, right_w: int, text_bottom: int, below: int) -> int:
        """The columns' buttons in rows of two at the right column's foot (``right``: its x,
        ``right_w`` its width; ``below``: the y under its name block); returns the height."""
        rows = len(self._stack_rows((right_w - GAP) // 2))
        tall = rows * BUTTON_H + (rows - 1) * GAP
        height = max(text_bottom + PAD, below + 4 + tall + PAD)
        self._pairs(right, height - PAD - tall, right_w)
        return height

    def _pairs(self, left: int, top: int, width: int) -> int:
        """The buttons in rows of two (:meth:`_stack_rows`) across ``width`` pixels from x
        ``left``, the first row at y ``top``; returns the y under the last row."""
        half = (width - GAP) // 2
        self.buttons = []
        for row in self._stack_rows(half):
            if len(row) == 1:
                self.buttons.append(pygame.Rect(left, top, width, BUTTON_H))
            else:
                self.buttons += [pygame.Rect(left, top, half, BUTTON_H),
                                 pygame.Rect(left + half + GAP, top, width - half - GAP, BUTTON_H)]
            top += BUTTON_H + GAP
        return top - GAP

    def _stack(self, width: int) -> int:
        inner = width - 2 * PAD
        y = self._text_block(PAD, inner, pack=True)
        if self.celebration:
            y = self._name_block(PAD, inner, y)
        n = self.count
        least = max([52, *self.label_w])  # every button at least 52 pixels and its label's width
        if inner >= n * least + (n - 1) * GAP:  # side by side
            bw = (inner - (n - 1) * GAP) // n
            self.buttons = [pygame.Rect(PAD + i * (bw + GAP), y + 4, bw, BUTTON_H) for i in range(n)]
            return y + 4 + BUTTON_H + PAD
        return self._pairs(PAD, y + 4, inner) + PAD

    def _stack_rows(self, half: int) -> list[list[int]]:
        """The buttons' indices in rows of two (``half`` pixels each), in order: with an odd
        count New game across the first row; a button too narrow in half a row for its label
        across a row of its own (and so the one before it, if it has no partner)."""
        order, rows, waiting = list(range(self.count)), [], None
        if self.count % 2:
            rows.append([order.pop(0)])
        for i in order:
            if self.label_w[i] > half:
                if waiting is not None:
                    rows.append([waiting])
                    waiting = None
                rows.append([i])
            elif waiting is None:
                waiting = i
            else:
                rows.append([waiting, i])
                waiting = None
        if waiting is not None:
            rows.append([waiting])
        return rows

    # ----- placing and drawing ---------------------------------------------------------------
    def move_to(self, topleft: tuple[int, int]) -> None:
        """Put the panel's top-left corner at ``topleft``; every part moves with it."""
        dx, dy = topleft[0] - self.rect.left, topleft[1] - self.rect.top
        self.rect.move_ip(dx, dy)
        self.buttons = [rect.move(dx, dy) for rect in self.buttons]
        if self.field is not None:
            self.field = self.field.move(dx, dy)
        if self.name_label is not None:
            self.name_label = (self.name_label[0] + dx, self.name_label[1] + dy)
        if self.toggle_rect is not None:
            self.toggle_rect = self.toggle_rect.move(dx, dy)
        if self.why_rect is not None:
            self.why_rect = self.why_rect.move(dx, dy)
        if self.tail_top is not None:
            self.tail_top += dy
        self.items = [(m, (x + dx, y + dy), *rest) for m, (x, y), *rest in self.items]

    def draw(self, screen: pygame.Surface, code_note: str | None = None) -> None:
        """The panel's face and its text (the scene draws the buttons and the field);
        ``code_note``: words said in the code line's place for a moment ("Code copied")."""
        draw.rect(screen, palette.panel, self.rect)
        bevel(screen, self.rect, 2, raised=False)
        for i, (message, pos, size, colour, anchor, bold) in enumerate(self.items):
            if i == self.code_item and code_note:
                message, colour = clipped(code_note, self.width - 2 * PAD, size), palette.accent
            text(screen, message, pos, size, colour, anchor, bold)
        if self.name_label is not None:
            text(screen, self.name, self.name_label, LINE_SIZE, anchor="midleft")


def _packed(lines: list[list[tuple[str, str]]], width: int) -> list[tuple[str, str]]:
    """``lines`` (each its rows, (shown, measured) each) on as few rows as fit ``width``
    pixels at the lines' font, measured by their second text, a wide gap between two on one
    row: a line of one row goes on the first row of one-row lines with room for it (first
    fit), so three lines take two rows whenever any two fit side by side; a line wrapped into
    several rows keeps them, together and to itself."""
    rows: list[tuple[str, str]] = []
    single: list[int] = []  # the rows that hold whole one-row lines
    for line in lines:
        if len(line) > 1:
            rows += line
            continue
        shown, measured = line[0]
        for i in single:
            row, row_measured = rows[i]
            if text_width(row_measured + PACK_GAP + measured, LINE_SIZE) <= width:
                rows[i] = (row + PACK_GAP + shown, row_measured + PACK_GAP + measured)
                break
        else:
            single.append(len(rows))
            rows.append((shown, measured))
    return rows
