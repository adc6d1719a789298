"""Where everything sits in the logical window, and the one pixel <-> cell mapping.

All positions are logical pixels: the canvas scenes draw on (game.ui.display maps
the real window and mouse event positions to it). Classic winmine metrics: 16-pixel
cells, a HUD with two 3-digit LED counters (13x23 digits) and a 26x26 face between
them, grey bevels around the HUD and the board. A board of more than 999 mines gets
a mine counter of as many digits as its mine count has (the window widens if the
HUD needs it); the timer keeps three.

Small boards get a board window of at least MIN_WIDTH (the HUD's counters and face) by
MIN_HEIGHT (the HUD over one row of cells): a 1x2 board's window is as short as its row,
not Beginner's (issue 27); the board is centred across it. The playing window with its
panels' strip is at least MIN_WINDOW_W wide and MIN_WINDOW_H high, so a question box, the
pause's cover and the help (one column at its smallest font; it scrolls) fit in it whole:
game.ui.play.room puts a short board window's strip under it, so a board window shorter than
MIN_WINDOW_H is made MIN_WINDOW_W wide.

With rulers on, row numbers stand left of the board and column numbers above it, and the
window grows by their room; with them off a board sits exactly where it always has.

A panel that must not cover the board (the result, a long hint) goes in a strip beside
or under the board window, reserved from the game's start (game.ui.play.room); a board is only
given a cell size at which such a strip still fits on the screen. The compact window
(settings.compact, ``--compact``) has no strip: its panels open over the board, and its
board window is itself at least COMPACT_LEAST (MIN_WINDOW_W x COMPACT_H), the board
centred in it, so that the help and a small board's result dialog (a best time's, with its
name field and buttons) fit whole.
"""

from __future__ import annotations

import pygame

from game.rules.board import Cell
from game.ui.play.camera import Camera

CELL = 16  # normal cell side, pixels
MIN_CELL = 8  # smallest cell a big board is shrunk to, pixels
BIG_CELL = 24  # a board too big to fit at MIN_CELL opens at this zoom, pixels a cell (game.ui.play.camera)
MARGIN = 8  # outer frame around HUD and board, pixels
BEVEL = 3  # sunken border width, pixels
HUD_H = 37  # HUD height including its bevel, pixels
LED_W, LED_H = 13, 23  # one LED digit, pixels
FACE = 26  # face button side, pixels
MIN_WIDTH = 200  # narrowest board window: the HUD, and a result panel's buttons in a strip under it, pixels
MIN_HEIGHT = MARGIN + HUD_H + MARGIN + 2 * BEVEL + CELL + MARGIN  # shortest board window: the HUD over a row (83)
MIN_WINDOW_H = 130  # shortest playing window with its panels' strip: a question box of four lines fits, pixels
MIN_WINDOW_W = 264  # narrowest playing window: the help in one column at its smallest font (Spanish) fits, pixels
COMPACT_H = 262  # shortest compact window: a Beginner best time's result dialog (a 238-pixel panel) fits whole
COMPACT_LEAST = (MIN_WINDOW_W, COMPACT_H)  # the compact window (no strip): the help and the result dialog fit
LED_DIGITS = 3  # classic digits of each LED counter
FACE_GAP = 4  # least room between a counter and the face, pixels
MENU_SIZE = (240, 272)  # logical size of the menu screens, pixels
WINDOW_CHROME = (16, 80)  # room kept for the window frame and task bars, pixels
RULER_FONT = 12  # font of the ruler numbers, pixels
RULER_DIGIT_W, RULER_DIGIT_H = 5, 8  # widest digit and digit height at RULER_FONT, pixels
RULER_GAP = 3  # between the ruler numbers and the board's bevel, pixels
RULER_STEPS = (1, 2, 5, 10, 20, 50)  # label every n-th row or column, the smallest n that fits
SIDE_W = 216  # a strip beside the window for a panel, when the screen has room, pixels
MIN_SIDE_W = 136  # the narrowest such strip, pixels
RESULT_ROOM_H = 74  # the panels' strip under the window, pixels: a simple result fits one
# row; a loss's, with its post-mortem line, stands in two columns (the title over the lines
# packed two to a row, the buttons right with Details and Why? above them), up to 58 pixels
# and its margins; longer panels (the post-mortem, Details, a long hint) scroll in it


class BoardLayout:
    """Geometry of the playing screen for a rows x cols board with ``cell``-pixel cells
    and ``mines`` mines (0: unknown, taken as at most 999).

    Rects: ``hud`` (sunken panel), ``counter`` (``counter_digits`` LED digits: 3, or
    more for a board of over 999 mines) and ``timer`` (3 LED digits), ``face``,
    ``board`` (the cells, without bevel); ``size`` is the window size. All in
    logical pixels. The window is at least MIN_WIDTH x MIN_HEIGHT; a narrower board
    sits centred across the window (a standard level fills it), a shorter one (a board
    too big for the screen's well) centred in the room under the HUD.

    ``rulers``: room for row numbers left of the board (``row_ruler``, as wide as the
    largest row index needs) and column numbers above it (``col_ruler``), each labelling
    every ``row_step``-th row and ``col_step``-th column (1 when a label fits its cell);
    the rulers' rects are empty without rulers.

    ``camera`` (game.ui.play.camera.Camera) maps cells to pixels and back inside ``board``; the
    layout's own cell_at, cell_rect and cell_origin ask it. Without ``view`` the board fits
    its well at ``cell`` pixels, and the camera shows it whole and unscrolled. With ``view``
    (width, height: the well's size, logical pixels; a board too big for the screen) the
    well is that size, and the camera starts at ``cell`` pixels a cell, centred on the
    board's middle (game.ui.play.camera_keys moves it).

    ``least``: (width, height) the window is at least, pixels (COMPACT_LEAST for the compact
    window, which has no panels' strip to make it so); the board is centred in it.
    """

    def __init__(self, rows: int, cols: int, cell: int = CELL, mines: int = 0, rulers: bool = False,
                 view: tuple[int, int] | None = None, least: tuple[int, int] = (0, 0)) -> None:
        self.rows, self.cols, self.cell, self.rulers = rows, cols, cell, rulers
        self.counter_digits = counter_digits(mines)
        counter_w, timer_w = self.counter_digits * LED_W + 2, LED_DIGITS * LED_W + 2
        board_w, board_h = view if view is not None else (cols * cell, rows * cell)
        ruler_w = len(str(rows - 1)) * RULER_DIGIT_W + RULER_GAP if rulers else 0
        ruler_h = RULER_DIGIT_H + RULER_GAP if rulers else 0
        hud_w = 2 * (BEVEL + 5 + max(counter_w, timer_w) + FACE_GAP) + FACE  # LEDs each side of the face
        room = MARGIN + HUD_H + MARGIN + ruler_h + BEVEL  # the board's top when it fills the window
        height = max(MIN_HEIGHT, least[1], room + board_h + BEVEL + MARGIN)
        narrowest = MIN_WINDOW_W if height < MIN_WINDOW_H else MIN_WIDTH  # a short window's strip goes under it
        width = max(least[0], narrowest, ruler_w + board_w + 2 * (MARGIN + BEVEL), hud_w + 2 * MARGIN)
        self.hud = pygame.Rect(MARGIN, MARGIN, width - 2 * MARGIN, HUD_H)
        top = room + (height - (room + board_h + BEVEL + MARGIN)) // 2
        self.board = pygame.Rect((width - board_w - ruler_w) // 2 + ruler_w, top, board_w, board_h)
        self.size = (width, height)
        self.row_ruler = pygame.Rect(self.board.left - BEVEL - ruler_w, top, ruler_w, board_h)
        self.col_ruler = pygame.Rect(self.board.left, top - BEVEL - ruler_h, board_w, ruler_h)
        self.row_step = ruler_step(RULER_DIGIT_H + 1, cell)
        self.col_step = ruler_step(len(str(cols - 1)) * RULER_DIGIT_W + 2, cell)
        inner = self.hud.inflate(-2 * BEVEL, -2 * BEVEL)
        led_y = inner.centery - LED_H // 2 - 1
        self.counter = pygame.Rect(inner.left + 5, led_y, counter_w, LED_H + 2)
        self.timer = pygame.Rect(inner.right - 5 - timer_w, led_y, timer_w, LED_H + 2)
        self.face = pygame.Rect(inner.centerx - FACE // 2, inner.centery - FACE // 2, FACE, FACE)
        self.camera = Camera(self.board, rows, cols, cell)
        if view is not None:  # a big board: seen through a camera, at a comfortable zoom, from the middle
            self.camera.centre_on((rows // 2, cols // 2))

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """The (row, col) under logical pixel ``pos`` (an event.pos), or None off the board."""
        return self.camera.cell_at(pos)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """The screen rect of ``cell``."""
        return self.camera.cell_rect(cell)

    def cell_origin(self, cell: Cell) -> tuple[int, int]:
        """Top-left of ``cell`` inside the board surface (not the screen)."""
        left, top = self.camera.cell_rect(cell).topleft
        return left - self.board.left, top - self.board.top

    def board_pixels(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Logical pixel ``pos`` as board pixels from the board's top-left corner at this
        layout's cell size (a pointer's place, as the match log and the replay files keep it)."""
        x, y = self.camera.board_point(pos)
        return round(x * self.cell), round(y * self.cell)

    def window_pixels(self, point: tuple[float, float]) -> tuple[float, float]:
        """Board pixels at this layout's cell size (as :meth:`board_pixels` gives) as a
        logical pixel position."""
        return self.camera.window_point((point[0] / self.cell, point[1] / self.cell))


def ruler_step(label: int, cell: int) -> int:
    """Label every n-th row or column: the smallest n of RULER_STEPS whose n cells of ``cell``
    pixels hold a ``label``-pixel label."""
    return next((n for n in RULER_STEPS if n * cell >= label), RULER_STEPS[-1])


def counter_digits(mines: int) -> int:
    """LED digits the mine counter of a ``mines``-mine board needs: 3 up to 999, else the
    digits of ``mines`` (2000 -> 4)."""
    return max(LED_DIGITS, len(str(max(0, mines))))


def usable_area(desktop: tuple[int, int], fullscreen: bool) -> tuple[int, int]:
    """Pixels a window may take on a ``desktop``-sized screen."""
    if fullscreen:
        return desktop
    return max(1, desktop[0] - WINDOW_CHROME[0]), max(1, desktop[1] - WINDOW_CHROME[1])


def least_window(compact: bool) -> tuple[int, int]:
    """The least (width, height) of a board window, pixels: COMPACT_LEAST in the compact
    window (no panels' strip makes it so), else none (0, 0)."""
    return COMPACT_LEAST if compact else (0, 0)


def fit_cell(rows: int, cols: int, area: tuple[int, int], mines: int = 0, rulers: bool = False,
             compact: bool = False) -> int | None:
    """Largest cell size (CELL down to MIN_CELL) whose window fits ``area`` (pixels) with room
    left for the result beside it (MIN_SIDE_W) or under it (RESULT_ROOM_H), or, ``compact``
    (the window has no panels' strip), alone and at least COMPACT_LEAST; None if none fits.
    ``mines`` and ``rulers`` as for BoardLayout."""
    least = least_window(compact)
    for cell in range(CELL, MIN_CELL - 1, -1):
        width, height = BoardLayout(rows, cols, cell, mines, rulers, least=least).size
        if width <= area[0] and height <= area[1] and (
                compact or width + MIN_SIDE_W <= area[0] or height + RESULT_ROOM_H <= area[1]):
            return cell
    return None


def layout_for(rows: int, cols: int, area: tuple[int, int], mines: int = 0,
               rulers: bool = False, compact: bool = False) -> BoardLayout:
    """The layout of a rows x cols board at the largest cell that fits ``area`` (pixels), with
    rulers when asked and they fit too (else without); a board that does not fit at
    MIN_CELL gets :func:`big_layout` (a camera over it, without rulers). ``compact``: the
    layout of the compact window (settings.compact): no panels' strip to leave room for, the
    window at least COMPACT_LEAST, the board centred in it."""
    least = least_window(compact)
    for with_rulers in ((True, False) if rulers else (False,)):
        cell = fit_cell(rows, cols, area, mines, with_rulers, compact)
        if cell is not None:
            return BoardLayout(rows, cols, cell, mines, with_rulers, least=least)
    return big_layout(rows, cols, area, mines, compact=compact)


def big_layout(rows: int, cols: int, area: tuple[int, int], mines: int = 0,
               strip: int = RESULT_ROOM_H, clamp: bool = True, compact: bool = False,
               cell: int = BIG_CELL) -> BoardLayout:
    """A board too big for ``area`` (pixels): a window filling the area but for ``strip``
    pixels under it (the panels' strip, game.ui.play.room), its well as large as that leaves, the
    board seen at BIG_CELL pixels a cell. A long, thin board (1 x 1000) gets a well no larger
    than the board at BIG_CELL across its short side, so the window fits it (``clamp``; off for
    a window the player sized, which the well fills). ``compact``: the compact window's (no
    strip: ``strip`` is taken as 0; the window at least COMPACT_LEAST). ``cell``: the zoom it
    opens at instead of BIG_CELL, pixels a cell (the touch layout's finger-sized cells:
    game.ui.play.room.TOUCH_CELL)."""
    strip, least = (0 if compact else strip), least_window(compact)
    frame_w = 2 * (MARGIN + BEVEL)  # the frame beside the well
    frame_h = MARGIN + HUD_H + MARGIN + 2 * BEVEL + MARGIN  # the HUD above it, the frame under it
    most_w, most_h = (cols * cell, rows * cell) if clamp else (area[0], area[1])
    width = min(most_w, max(MIN_WIDTH - frame_w, area[0] - frame_w))
    height = min(most_h, max(MIN_HEIGHT - frame_h, area[1] - strip - frame_h))  # (a thin one: centred)
    return BoardLayout(rows, cols, cell, mines, view=(width, height), least=least)


def max_board(area: tuple[int, int]) -> tuple[int, int]:
    """Most (rows, cols) that fit ``area`` at MIN_CELL pixels per cell (without rulers), each
    with the other at its most: the rows leave RESULT_ROOM_H pixels under the window."""
    chrome_w = 2 * (MARGIN + BEVEL)
    chrome_h = MARGIN + HUD_H + MARGIN + 2 * BEVEL + MARGIN + RESULT_ROOM_H
    return (max(1, (area[1] - chrome_h) // MIN_CELL), max(1, (area[0] - chrome_w) // MIN_CELL))
