"""The camera: every logical pixel maps to the right cell at any zoom and scroll, and back."""

import math

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui.play.camera import MAX_CELL, Camera
from game.ui.play.layout import BoardLayout

ZOOMS = (0.37, 1.0, 1.5, 7.3, 16.0, 23.7, 64.0)


def pixels(rect: pygame.Rect, step: int = 1):
    for y in range(rect.top, rect.bottom, step):
        for x in range(rect.left, rect.right, step):
            yield x, y


def test_a_board_that_fits_maps_exactly_as_the_classic_layout():
    layout = BoardLayout(16, 30)
    camera = Camera(layout.board, 16, 30, layout.cell)
    assert camera.fits and (camera.scroll_x, camera.scroll_y) == (0, 0)
    for r in range(16):
        for c in range(30):
            assert camera.cell_rect((r, c)) == pygame.Rect(layout.board.left + 16 * c, layout.board.top + 16 * r, 16, 16)
    for x, y in pixels(layout.board):
        assert camera.cell_at((x, y)) == ((y - layout.board.top) // 16, (x - layout.board.left) // 16)
    assert camera.cell_at((layout.board.left - 1, layout.board.top)) is None
    assert camera.cell_at((layout.board.right, layout.board.bottom - 1)) is None


@pytest.mark.parametrize("zoom", ZOOMS)
@pytest.mark.parametrize("scroll", [(0, 0), (13.25, 7.5), (400, 250), (1e9, 1e9)])
def test_every_pixel_maps_to_the_cell_whose_rect_holds_it(zoom, scroll):
    viewport = pygame.Rect(11, 45, 160, 120)
    camera = Camera(viewport, 90, 70, 16)
    camera.zoom_to(zoom)
    camera.pan(*scroll)
    for x, y in pixels(viewport):
        cell = camera.cell_at((x, y))
        if cell is None:  # only beside a board smaller than the viewport
            assert camera.cols * camera.cell < viewport.width or camera.rows * camera.cell < viewport.height
            continue
        assert camera.cell_rect(cell).collidepoint(x, y), (x, y, cell)
    rows, cols = camera.visible()
    for r in rows:
        for c in cols:
            rect = camera.cell_rect((r, c))
            assert rect.colliderect(viewport) or rect.width == 0 or rect.height == 0
            for x, y in pixels(rect.clip(viewport)):
                assert camera.cell_at((x, y)) == (r, c)


@pytest.mark.parametrize("zoom", ZOOMS)
def test_neighbouring_cells_meet_without_gap_or_overlap(zoom):
    camera = Camera(pygame.Rect(0, 0, 300, 200), 500, 500, 16)
    camera.zoom_to(zoom)
    camera.pan(123.4, 56.7)
    rects = [camera.cell_rect((3, c)) for c in range(40)]
    assert all(a.right == b.left for a, b in zip(rects, rects[1:]))
    column = [camera.cell_rect((r, 5)) for r in range(40)]
    assert all(a.bottom == b.top for a, b in zip(column, column[1:]))


@settings(max_examples=200, deadline=None)
@given(rows=st.integers(1, 1000), cols=st.integers(1, 1000), zoom=st.floats(0.01, 80),
       px=st.integers(0, 299), py=st.integers(0, 199), factor=st.floats(0.2, 5))
def test_zooming_keeps_the_point_under_the_pointer(rows, cols, zoom, px, py, factor):
    viewport = pygame.Rect(20, 30, 300, 200)
    camera = Camera(viewport, rows, cols, 16)
    camera.zoom_to(zoom)
    pointer = (viewport.left + px, viewport.top + py)
    before = camera.board_point(pointer)
    scroll = (camera.scroll_x, camera.scroll_y)
    camera.zoom_to(camera.cell * factor, pointer)
    assert camera.min_cell <= camera.cell <= max(MAX_CELL, camera.min_cell)
    after = camera.board_point(pointer)
    wide = camera.cols * camera.cell > viewport.width
    tall = camera.rows * camera.cell > viewport.height
    # where the board can scroll freely the point stays put; the clamp may move it at an edge
    if wide and 0 < camera.scroll_x < camera.cols * camera.cell - viewport.width:
        assert after[0] == pytest.approx(before[0], abs=1e-6)
    if tall and 0 < camera.scroll_y < camera.rows * camera.cell - viewport.height:
        assert after[1] == pytest.approx(before[1], abs=1e-6)
    assert scroll is not None


def test_the_whole_board_zoom_shows_every_cell_and_small_boards_sit_centred():
    viewport = pygame.Rect(0, 0, 640, 480)
    camera = Camera(viewport, 1000, 1000, 24)
    camera.zoom_to(0)  # as far out as it goes: the whole board in the window
    assert camera.cell == pytest.approx(0.48)
    rows, cols = camera.visible()
    assert (rows, cols) == (range(0, 1000), range(0, 1000))
    row, col = camera.cell_at(viewport.center)  # the middle of the board, to within a cell
    assert abs(row - 500) <= 1 and abs(col - 500) <= 1
    small = Camera(viewport, 5, 5, 16)
    assert small.cell_rect((0, 0)).topleft == (320 - 40, 240 - 40)
    small.pan(1000, -1000)  # a board that fits cannot be scrolled away
    assert small.cell_rect((0, 0)).topleft == (280, 200)


def test_the_scroll_stops_at_the_board_edges():
    camera = Camera(pygame.Rect(0, 0, 100, 100), 100, 100, 10)
    camera.pan(-50, -50)
    assert (camera.scroll_x, camera.scroll_y) == (0, 0)
    camera.pan(1e6, 1e6)
    assert (camera.scroll_x, camera.scroll_y) == (900, 900)
    assert camera.cell_at((99, 99)) == (99, 99)


def test_keep_in_view_scrolls_as_little_as_needed():
    camera = Camera(pygame.Rect(0, 0, 100, 100), 100, 100, 10)
    camera.keep_in_view((0, 15))
    assert camera.shows((0, 15)) and camera.scroll_x == 60  # cell 15 at the right edge
    camera.keep_in_view((0, 10))
    assert camera.scroll_x == 60  # already in view: no scroll
    camera.keep_in_view((99, 0))
    assert camera.shows((99, 0)) and (camera.scroll_x, camera.scroll_y) == (0, 900)
    camera.centre_on((50, 50))
    assert camera.cell_at((50, 50)) == (50, 50)


def test_board_points_and_window_points_are_inverse():
    camera = Camera(pygame.Rect(7, 9, 200, 150), 300, 400, 16)
    camera.zoom_to(3.3, (50, 60))
    camera.pan(77, 33)
    for pos in ((7, 9), (50.5, 60.25), (206, 158)):
        back = camera.window_point(camera.board_point(pos))
        assert back == pytest.approx(pos)
    row, col = camera.cell_at((100, 100))
    x, y = camera.board_point((100.5, 100.5))
    assert (math.floor(y), math.floor(x)) == (row, col)


@pytest.mark.parametrize("args", [
    (pygame.Rect(0, 0, 10, 10), 0, 5, 16), (pygame.Rect(0, 0, 10, 10), 5, 5, 0),
    (pygame.Rect(0, 0, 0, 10), 5, 5, 16), (pygame.Rect(0, 0, 10, 10), 5, -1, 16)])
def test_impossible_cameras_are_refused(args):
    with pytest.raises(ValueError):
        Camera(*args)
