"""The panel area of the playing window, reserved beside or under the board from the start.

A panel that must leave the whole board in view (the result, a hint too long for the space
around its marks, the post-mortem, the figures in Details) goes in a strip of its own: to
the right of the board window or under it. The strip is part of the playing window from the
game's first frame (game.ui.play.playing.Playing.size), so a panel coming or going never
resizes the window, moves it, or changes the board's cell size or place; a panel longer than
the strip scrolls in it.

The strip is as tall as the tallest standard result panel needs at its width (a best time's
win, a loss with Undo: game.ui.play.result_room), wherever the screen has that room, so the
result's title, figures and every button show without scrolling from its first frame (issue
35); beside a board window shorter than that, the window grows under the board too. Where
the screen has not the room (a board as large as the screen allows), the strip keeps the
sizes below and the panel scrolls.

Which side: the one at which the whole window (board and strip) is shown at the larger whole
scale on the screen's area, so the board shrinks only when neither side leaves room at its
scale; on a tie, beside on a screen wider than tall, else under (max keeps the first of a
tie). A side that leaves the window under MIN_WINDOW_H high (a strip beside a 1x2 board's
window) or MIN_WINDOW_W wide (a strip under a narrow one) is taken only when the other
does not fit at all: a question box and the help must fit the window. A side strip is SIDE_W wide,
or narrower (down to READABLE_SIDE_W) where that lets the window show at a larger scale, and
down to MIN_SIDE_W on a screen with no more room; a strip under the window is RESULT_ROOM_H
high, or taller (up to SIDE_W) where the screen has the room at the same scale; under a
board of a row or a few, what a result panel needs (STACKED_ROOM_H under a window narrower
than the panel's columns need), no more.

The compact window (settings.compact, ``--compact``: the classic one) has no strip:
:func:`compact` gives its Room, the size of the board window, whose ``panel`` is the most a
dialog over the board may take; a panel opens there as a bevelled box centred over the
window (:func:`dialog`), as tall as its content up to that, and scrolls when longer.
"""

from __future__ import annotations

from dataclasses import dataclass

import math
from typing import Callable

import pygame

from game.rules.board import Config
from game.ui.play.layout import (BEVEL, MARGIN, MIN_SIDE_W, MIN_WINDOW_H, MIN_WINDOW_W, RESULT_ROOM_H, SIDE_W, BoardLayout,
                            big_layout, layout_for, usable_area)
from game.ui.shared import draw
from game.ui.play.result_room import panel_height
from game.ui.shared.theme import palette
from game.ui.shared.widgets import bevel

READABLE_SIDE_W = 176  # the narrowest side strip chosen for a larger scale, pixels
DIALOG_INSET = 4  # the compact window's dialog box from the window's edges, at most, pixels
COMPACT_PANEL_W = 480  # the widest panel in the compact window: the counters' three columns, pixels
COLUMNS_W = 424  # the narrowest result panel laid out in columns (game.ui.play.result_panel), pixels
# The touch layout (a touch seen this run, or Options' "Touch layout"): at the automatic scale a
# cell shows at least TOUCH_CELL window pixels, Android's least touch target (48 dp: about 9 mm
# at 135 dpi, 7.6 mm at 160 dpi; pygame-ce gives no display DPI, so pixels it is)
TOUCH_CELL = 48
STACKED_ROOM_H = 218  # a strip under a narrower window: the result panel stacked fits whole, pixels


@dataclass
class Room:
    """A strip added to a ``base``-sized window (logical pixels).

    where: 'beside' (right of the base window) or 'under' (below it); 'compact' (no strip:
    the window is the base; ``strip`` is empty and ``panel`` the most a dialog over the
    board may take) or 'dialog' (a box over the board: ``strip`` the box, ``panel`` inside
    it), see :func:`compact`. size: the whole window. strip: the added pane. panel: the
    most a panel may take inside it (MARGIN pixels in from the strip's edges).
    """

    where: str
    base: tuple[int, int]
    size: tuple[int, int]
    strip: pygame.Rect
    panel: pygame.Rect

    @property
    def over_board(self) -> bool:
        """True in the compact window: its panels open over the board, not in a strip."""
        return self.where in ("compact", "dialog")

    def draw(self, screen: pygame.Surface) -> None:
        """Paint the part of the window past the base: grey panes with the frame's raised bevel
        (a dialog: its box, raised, with a dark outline)."""
        if self.where == "dialog":
            draw.rect(screen, palette.text, self.strip.inflate(2, 2), 1)
            screen.fill(palette.panel, self.strip)
            bevel(screen, self.strip, BEVEL)
            return
        base_w, base_h = self.base
        width, height = self.size
        right, below = pygame.Rect(base_w, 0, width - base_w, height), pygame.Rect(0, base_h, base_w, height - base_h)
        for pane in (right, below):
            if pane.width > 0 and pane.height > 0:
                screen.fill(palette.panel, pane)
                bevel(screen, pane, BEVEL)


def beside(base: tuple[int, int], width: int, height: int = 0) -> Room:
    """A ``width``-pixel strip right of a ``base``-sized window, ``height`` pixels high when
    that is more than the window (the window then grows under the board too, as high)."""
    base_w = base[0]
    height = max(base[1], height)
    return Room("beside", base, (base_w + width, height), pygame.Rect(base_w, 0, width, height),
                pygame.Rect(base_w + MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN))


def result_height(width: int) -> int:
    """The height of a ``width``-pixel strip (beside or under a window) that shows the tallest
    standard result panel whole: its title, its figures and every button
    (game.ui.play.result_room.panel_height), pixels."""
    return panel_height(width - 2 * MARGIN) + 2 * MARGIN


def under(base: tuple[int, int], height: int = RESULT_ROOM_H) -> Room:
    """A ``height``-pixel strip under a ``base``-sized window."""
    base_w, base_h = base
    return Room("under", base, (base_w, base_h + height), pygame.Rect(0, base_h, base_w, height),
                pygame.Rect(MARGIN, base_h + MARGIN, base_w - 2 * MARGIN, height - 2 * MARGIN))


def compact(layout) -> Room:
    """The compact window's Room for a board ``layout`` (game.ui.play.layout.BoardLayout, laid out
    ``compact``): the board window alone, no strip. Its ``panel`` is where the live counters
    (F3) stand, over the board under the HUD from its left (so a big board's minimap, at the
    top right, stays clear on a window wider than COMPACT_PANEL_W and the minimap), as wide
    as a dialog's panel (:func:`dialog`): the window less DIALOG_INSET and MARGIN each side,
    at most COMPACT_PANEL_W."""
    width, height = size = layout.size
    inset = DIALOG_INSET + MARGIN
    top = layout.hud.bottom + DIALOG_INSET
    return Room("compact", size, size, pygame.Rect(width, 0, 0, height),
                pygame.Rect(inset, top, min(COMPACT_PANEL_W, width - 2 * inset), height - inset - top))


def dialog(room: Room, height: int) -> Room:
    """A dialog box over the compact window of ``room`` (:func:`compact`) for a panel
    ``height`` pixels tall, centred over the window: the panel as wide as the room's, as
    tall as ``height`` up to the window less DIALOG_INSET pixels each side and MARGIN inside
    the box (a longer panel scrolls in it). Its ``strip`` is the box, ``panel`` the panel's place."""
    inset = DIALOG_INSET + MARGIN
    panel = pygame.Rect(inset, inset, room.panel.width, min(room.size[1] - 2 * inset, max(1, height)))
    panel.center = pygame.Rect(0, 0, *room.size).center
    return Room("dialog", room.size, room.size, panel.inflate(2 * MARGIN, 2 * MARGIN), panel)


def whole_scale(size: tuple[int, int], area: tuple[int, int]) -> int:
    """The largest whole scale at which a ``size`` window fits ``area`` (pixels); 0 if none."""
    return min(area[0] // max(1, size[0]), area[1] // max(1, size[1]))


def side_width(base: tuple[int, int], area: tuple[int, int]) -> int:
    """The width of a strip beside a ``base``-sized window on ``area``: SIDE_W, or less down
    to READABLE_SIDE_W where that lets the window show at a larger whole scale, with the
    strip as tall as the result panel needs at that width (result_height); MIN_SIDE_W at
    least where even that does not fit."""
    most = max(1, area[1] // max(1, base[1]))  # the scale the height allows
    for scale in range(most, 0, -1):
        width = min(SIDE_W, area[0] // scale - base[0])
        if width >= READABLE_SIDE_W and max(base[1], result_height(width)) <= area[1] // scale:
            return width
    return max(MIN_SIDE_W, min(SIDE_W, area[0] - base[0]))


def under_height(base: tuple[int, int], area: tuple[int, int]) -> int:
    """The height of a strip under a ``base``-sized window on ``area``: RESULT_ROOM_H, or as
    much as the tallest result panel needs there (result_height) where the screen has that
    room, or more (up to SIDE_W) where it has that room at the scale the window shows at anyway.
    Under a board window shorter than MIN_WINDOW_H (a board of a row or a few) the strip is
    what a result panel needs, no more (grown to the screen's height it would be most of the
    window, a void over a row): STACKED_ROOM_H when the window is too narrow for the panel's
    columns (its parts then stand one under another), else RESULT_ROOM_H."""
    short = base[1] < MIN_WINDOW_H
    need = STACKED_ROOM_H if short and base[0] - 2 * MARGIN < COLUMNS_W else RESULT_ROOM_H
    whole = max(need, result_height(base[0]))  # the result's title, figures and buttons in view
    if whole_scale((base[0], base[1] + whole), area) >= 1:  # (where the screen has the room)
        need = whole
    scale = whole_scale((base[0], base[1] + need), area)
    if scale < 1:
        return RESULT_ROOM_H
    return max(need, min(need if short else max(SIDE_W, need), area[1] // scale - base[1]))


def beginner_scale(area: tuple[int, int], compact_window: bool = False) -> int:
    """The whole scale Beginner's playing window (9x9, with its strip) shows at on ``area``:
    the most a smaller board's window is shown at when the scale is automatic, so that its
    cells are never larger than Beginner's and a 1x2 board's window hugs its row, not the
    screen (Display.ensure_size's ``most``)."""
    return max(1, whole_scale(beginner_window(area, compact_window), area))


def beginner_window(area: tuple[int, int], compact_window: bool = False) -> tuple[int, int]:
    """Beginner's playing window (9x9 with its strip, or the compact one) on ``area``, logical pixels."""
    return playing_layout(Config(9, 9, 10), area, compact_window=compact_window)[1].size


BEGINNER_CELLS = 81  # 9x9: a board of at most this many cells opens no larger than Beginner's window


def most_scale(size: tuple[int, int], cells: int, area: tuple[int, int], compact_window: bool = False) -> int:
    """The largest whole scale a ``size`` playing window (board and strip, logical pixels) of
    a ``cells``-cell board opens at on ``area`` when the scale is automatic: Beginner's
    (beginner_scale), and for a board of at most Beginner's 81 cells also the largest at
    which the window is no wider and no taller than Beginner's own window, so that a 1x2
    board's window is smaller than Beginner's, not a tall window of panel strip (at least 1).
    ``compact_window``: the compact window's (settings.compact), measured against Beginner's compact window."""
    room = beginner_window(area, compact_window)
    top = max(1, whole_scale(room, area))  # beginner_scale
    if cells > BEGINNER_CELLS:
        return top
    return max(1, min(top, whole_scale(size, (room[0] * top, room[1] * top))))


def reserve(base: tuple[int, int], area: tuple[int, int], sides: tuple[str, ...] = ("beside", "under")) -> Room:
    """The strip for the panels of a ``base``-sized board window on a screen whose windows may
    take ``area`` pixels (game.ui.play.layout.usable_area), beside or under it, one of ``sides``
    (see the module docstring for the choice)."""
    rooms = []
    if "beside" in sides:
        width = side_width(base, area)
        height = result_height(width)  # the result whole, where the screen has the room
        rooms.append(beside(base, width, height if whole_scale((base[0] + width, height), area) >= 1 else 0))
    if "under" in sides:
        rooms.append(under(base, under_height(base, area)))
    if area[0] < area[1]:
        rooms.reverse()  # a tie goes to the first: beside on a wide screen, under on a tall one
    return max(rooms, key=lambda room: (min(1, whole_scale(room.size, area)), roomy(room), whole_scale(room.size, area)))


def roomy(room: Room) -> bool:
    """True when ``room``'s window is at least MIN_WINDOW_W wide and MIN_WINDOW_H high, a
    strip beside a board window counted at the board window's height (a strip beside a 1x2
    board's window grown for the result is still a void beside a row)."""
    height = room.base[1] if room.where == "beside" else room.size[1]
    return height >= MIN_WINDOW_H and room.size[0] >= MIN_WINDOW_W


def playing_room(layout, area: tuple[int, int], compact_window: bool = False) -> Room:
    """The playing window's Room for a board ``layout`` on a screen whose windows may take
    ``area`` pixels: the strip :func:`reserve` chooses, or, ``compact_window`` (settings.compact),
    none (:func:`compact`)."""
    return compact(layout) if compact_window else reserve(layout.size, area)


def shown_scale(display, size: tuple[int, int]) -> tuple[bool, int]:
    """(fits, scale): whether a ``size`` window (logical pixels) fits this screen at scale 1,
    and the whole scale the display shows it at (as Display sizes windows: the largest that
    fits, capped by the chosen scale when windowed)."""
    area = usable_area(display.desktop, display.fullscreen)
    fit = min(area[0] // size[0], area[1] // size[1])
    cap = display.scale if display.scale and not display.fullscreen else math.inf
    return fit >= 1, max(1, min(cap, fit))


def make_room(display, base: tuple[int, int], height_for: Callable[[str, int], int]) -> Room:
    """The strip for a panel beside or under a ``base``-sized window on ``display``, sized
    for the panel (the review viewer's: its window is its own, not the playing one).

    height_for(where, width): the panel's height, pixels, when it is ``width`` pixels wide
    on that side ('beside' or 'under'). See the module docstring for the choice.
    """
    base_w, base_h = base
    _, scale = shown_scale(display, base)
    area = usable_area(display.desktop, display.fullscreen)
    side_w = min(SIDE_W, max(MIN_SIDE_W, area[0] // scale - base_w))
    beside_h = height_for("beside", side_w - 2 * MARGIN)
    beside = Room("beside", base, (base_w + side_w, max(base_h, beside_h + 2 * MARGIN)),
                  pygame.Rect(base_w, 0, side_w, max(base_h, beside_h + 2 * MARGIN)),
                  pygame.Rect(base_w + MARGIN, MARGIN, side_w - 2 * MARGIN, beside_h))
    under_h = height_for("under", base_w - 2 * MARGIN)
    under = Room("under", base, (base_w, base_h + under_h + 2 * MARGIN),
                 pygame.Rect(0, base_h, base_w, under_h + 2 * MARGIN),
                 pygame.Rect(MARGIN, base_h + MARGIN, base_w - 2 * MARGIN, under_h))
    order = (under, beside) if base_w > base_h else (beside, under)
    return max(order, key=lambda room: shown_scale(display, room.size))  # max keeps the first of a tie


def finger_cells(touch: bool, scale) -> int:
    """The least window pixels a cell is given (:func:`playing_layout`'s ``finger``): TOUCH_CELL
    with the touch layout on (``touch``: game.ui.services.Services.touch_layout) at the automatic
    scale (``scale`` None: a chosen scale is the player's), else 0 (none)."""
    return TOUCH_CELL if touch and scale is None else 0


def finger_layout(config, area: tuple[int, int], layout: BoardLayout, room: Room, compact_window: bool,
                  finger: int) -> tuple[BoardLayout, Room] | None:
    """The touch layout of a board whose cells ``layout`` shows smaller than ``finger`` window
    pixels at the scale its window opens at (:func:`most_scale`; a camera's window opens at 1):
    the board seen through a camera at ``finger`` pixels a cell in a window filling ``area``
    (game.ui.play.layout.big_layout: it scrolls, pans and pinches), with its panels' room; None
    when the cells are large enough already."""
    scale = most_scale(room.size, config.cells, area, compact_window) if layout.camera.fits else 1
    if layout.camera.cell * scale >= finger:
        return None
    layout = big_layout(config.rows, config.cols, area, config.mines, compact=compact_window, cell=finger)
    return layout, playing_room(layout, area, compact_window)


def playing_layout(config, area: tuple[int, int], rulers: bool = False,
                   compact_window: bool = False, finger: int = 0) -> tuple[BoardLayout, Room]:
    """(layout, room): the board's layout and the strip kept for its panels for a game of
    ``config`` (a game.rules.board.Config) on ``area``, as the Playing scene plays it: the largest
    cell that fits (with the rulers when on and they fit), the strip :func:`reserve` chooses
    (none in the compact window). A strip beside the board taller than the board window (the
    room a result panel needs: Beginner's window is 239 high, its board window 211) makes the
    board window as tall, the board centred under the HUD, so no grey band lies under it.

    ``finger``: the least window pixels a cell must show at where the window opens at the
    automatic scale (the touch layout: :func:`finger_cells`; 0 none): a board whose cells would
    be smaller is laid out by :func:`finger_layout` (a camera at that zoom; it scrolls)."""
    layout = layout_for(config.rows, config.cols, area, config.mines, rulers, compact_window)
    room = playing_room(layout, area, compact_window)
    if finger:
        touch = finger_layout(config, area, layout, room, compact_window, finger)
        if touch is not None:
            return touch
    if room.where == "beside" and room.size[1] > layout.size[1] and layout.camera.fits:
        layout = BoardLayout(config.rows, config.cols, layout.cell, config.mines, layout.rulers,
                             least=(layout.size[0], room.size[1]))
        room = beside(layout.size, room.strip.width)
    return layout, room


def playing_window(config, area: tuple[int, int], rulers: bool = False,
                   compact_window: bool = False, finger: int = 0) -> tuple[BoardLayout, tuple[int, int], int]:
    """(layout, size, most): the board layout (:func:`playing_layout`), the whole playing
    window's size (logical pixels) and the largest whole scale it opens at when the scale is
    automatic (:func:`most_scale`) for a game of ``config`` on ``area``: what game.ui.app
    opens the first window at and Options tells a chosen scale against. ``finger``: as for
    :func:`playing_layout`."""
    layout, room = playing_layout(config, area, rulers, compact_window, finger)
    return layout, room.size, most_scale(room.size, config.cells, area, compact_window)
