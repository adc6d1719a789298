"""Row and column rulers (Options): numbers beside the board, room made for them, clicks
still on the right cells; off, every standard level keeps its classic pixels."""

import pygame
import pytest

from game.rules.board import Config
from game.ui.play.layout import BEVEL, MIN_CELL, BoardLayout, layout_for, max_board
from game.ui.play.room import playing_layout
from game.ui.play.playing import Playing
from game.ui.shared.theme import palette

LEVELS = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (16, 30, 99)}


def with_rulers(w):
    """Turn the rulers on as Options does, and start a new game of the same size (F2)."""
    w.scene.services.set_option(rulers=True)
    w.key(pygame.K_F2)
    assert isinstance(w.scene, Playing) and w.scene.layout.rulers
    return w.scene


def inked(screen, rect):
    """True when ``rect`` holds some pixel other than the frame's grey (a number was drawn)."""
    return any(tuple(screen.get_at((x, y)))[:3] != palette.panel for x in range(rect.left, rect.right)
               for y in range(rect.top, rect.bottom))


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_rulers_off_keep_the_classic_window_and_on_make_room_left_and_above(window, level):
    rows, cols, mines = LEVELS[level]
    off = BoardLayout(rows, cols, mines=mines)
    assert not off.rulers and off.row_ruler.width == 0 and off.col_ruler.height == 0
    w = window(["--difficulty", level])
    # rulers off by default: the classic window (made as tall as a strip beside it, its board
    # centred under the HUD: game.ui.play.room.playing_layout), the board at the classic board's size and column
    played, _room = playing_layout(Config(rows, cols, mines), w.scene.services.display.area())
    assert w.scene.layout.size == played.size and w.scene.layout.board == played.board
    assert played.size[0] == off.size[0] and played.size[1] >= off.size[1]
    assert (played.board.left, played.board.size) == (off.board.left, off.board.size)
    on = with_rulers(w).layout
    assert w.screen.get_size() == w.scene.size() == w.scene.room.size  # with the panels' strip
    assert w.scene.room.base == on.size
    assert on.size[0] >= off.size[0] and on.size[1] > off.size[1]
    well = on.board.inflate(2 * BEVEL, 2 * BEVEL)  # the board and its sunken bevel
    assert on.row_ruler.right <= well.left and on.row_ruler.width >= len(str(rows - 1)) * 5
    assert on.col_ruler.bottom <= well.top and on.col_ruler.top >= on.hud.bottom
    window_rect = pygame.Rect((0, 0), on.size)
    assert window_rect.contains(on.row_ruler) and window_rect.contains(on.col_ruler)
    assert (on.row_step, on.col_step) == (1, 1)  # 16-pixel cells: every row and column numbered


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_the_rulers_number_every_row_and_column_beside_its_cell(window, level):
    w = window(["--difficulty", level])
    layout = with_rulers(w).layout
    for row in range(layout.rows):
        cell = layout.cell_rect((row, 0))
        assert inked(w.screen, pygame.Rect(layout.row_ruler.left, cell.top, layout.row_ruler.width, cell.height))
    for col in range(layout.cols):
        cell = layout.cell_rect((0, col))
        assert inked(w.screen, pygame.Rect(cell.left, layout.col_ruler.top, cell.width, layout.col_ruler.height))


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_with_rulers_clicks_land_on_the_cells_under_the_pointer(window, level):
    w = window(["--difficulty", level, "--seed", "5"])
    playing = with_rulers(w)
    layout, game = playing.layout, playing.game
    rows, cols = layout.rows, layout.cols
    for row, col in [(0, 0), (rows - 1, cols - 1), (0, cols - 1), (rows - 1, 0), (rows // 2, cols // 3)]:
        corner = (layout.board.left + col * layout.cell, layout.board.top + row * layout.cell)
        w.click(corner, 3)  # the cell's top-left pixel, counted from the board's edge
        assert game.mark((row, col)) == "flag"
        w.click((corner[0] + layout.cell - 1, corner[1] + layout.cell - 1), 3)  # its bottom-right pixel
        assert game.mark((row, col)) == ""
    w.click((layout.row_ruler.centerx, layout.cell_rect((0, 0)).centery), 3)  # a ruler number: no cell
    w.click((layout.cell_rect((0, 0)).centerx, layout.col_ruler.centery), 3)
    assert not any(game.mark(cell) for cell in game.cells())
    w.click(layout.cell_rect((rows // 2, cols // 2)).center)
    assert game.is_revealed((rows // 2, cols // 2))


def test_rulers_on_a_board_too_big_for_them_give_way_to_the_board():
    area = (1264, 944)
    rows, cols = max_board(area)  # fits only without the rulers' room
    assert layout_for(rows, cols, area, rulers=True).rulers is False
    small = layout_for(40, 100, area, rulers=True)
    assert small.rulers and small.cell >= MIN_CELL
    assert small.row_step * small.cell >= 8 and small.col_step * small.cell >= len(str(99)) * 5
