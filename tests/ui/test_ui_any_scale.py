"""The window at any scale (issue 16): drawn at the window's real pixels, clicks still land
on the right cell, fullscreen fills the screen, text and cells are made for their size."""

import math
import warnings

import pygame
import pytest

from game.ui.shared.canvas import Canvas
from game.ui.display import fit_scale


def real_window() -> pygame.Window:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def resize(w, size):
    real_window().size = size
    w.post(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])
    w.step(2)


@pytest.mark.parametrize("window_size, grain, expected", [
    ((304, 422), 16, 2.0),  # exactly 2x a 152x211 window
    ((400, 422), 16, 2.0),  # the height decides
    ((380, 600), 16, 2.5),
    ((245, 500), 16, 1.5625),  # 25/16: a 16-pixel cell is 25 pixels
    ((245, 500), 8, 1.5),  # an 8-pixel cell: multiples of 1/8
    ((10, 10), 16, 0.25),  # never below MIN_SCALE
])
def test_fit_scale_is_the_largest_multiple_of_one_over_grain_that_fits(window_size, grain, expected):
    assert fit_scale((152, 211), window_size, grain) == expected


@pytest.mark.parametrize("factor", [1.5, 1.75, 2.25, 2.5, 3.0])
def test_at_any_scale_clicks_land_on_their_cell_and_cells_are_whole_pixels(window, factor):
    w = window(["--difficulty", "intermediate", "--seed", "5"])
    layout, size = w.scene.layout, w.scene.size()  # (the window: the board's and the panels' strip)
    resize(w, (math.ceil(size[0] * factor), math.ceil(size[1] * factor)))
    assert w.display.view[0] == factor and w.screen.scale == factor
    assert w.screen.rect(layout.cell_rect((0, 0))).width == 16 * factor  # whole pixels, the same for all
    for cell in [(0, 0), (15, 15), (7, 3), (2, 12)]:
        w.click_cell(cell, button=3)
        assert w.scene.game.appearance(cell) == "flag", cell
    # a real click at the edge of a cell, in window pixels: the cell it is drawn in
    _, left, top = w.display.view
    rect = w.screen.rect(layout.cell_rect((9, 9)))
    x, y = left + rect.right - 1, top + rect.bottom - 1
    w.post(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=3)
    w.post(pygame.MOUSEBUTTONUP, pos=(x, y), button=3)
    assert w.scene.game.appearance((9, 9)) == "flag"


def test_fullscreen_fills_the_screen_at_a_scale_that_need_not_be_whole(window):
    w = window(["--difficulty", "intermediate", "--seed", "2"])
    w.key(pygame.K_F11)
    desktop = w.display.desktop
    real_window().size = desktop  # what the desktop fullscreen window is (the dummy driver keeps sizes)
    w.post(pygame.WINDOWSIZECHANGED, x=desktop[0], y=desktop[1])
    factor, left, top = w.display.view
    size = w.scene.size()
    assert factor == fit_scale(size, desktop, w.scene.layout.cell) and factor != int(factor)
    drawn = w.screen.surface.get_size()
    # the board fills the screen in one direction, to within a cell's rounding
    assert desktop[0] - drawn[0] < factor * 16 or desktop[1] - drawn[1] < factor * 16
    w.click_cell((5, 5), button=3)
    assert w.scene.game.appearance((5, 5)) == "flag"


def test_text_is_rendered_at_its_size_on_screen_not_scaled_up(window):
    """A label drawn at 2.5x is drawn by the font at 2.5 times its point size (to within the
    point that keeps it inside its laid-out width), not 2.5 times a small rendering (that
    would be blocky), and its rect is given back in logical pixels."""
    from game.ui.shared.fonts import point_size
    from game.ui.shared.widgets import device_font_size, font, text
    window([])
    device = device_font_size(16, False, 2.5)
    assert abs(point_size(device) - point_size(16) * 2.5) <= 1
    canvas = Canvas(pygame.Surface((250, 100)), 2.5, (100, 40))
    canvas.fill((255, 255, 255))
    rect = text(canvas, "Minesweeper", (0, 0), 16)
    ink = pygame.mask.from_threshold(canvas.surface, (0, 0, 0), (128, 128, 128, 255)).get_bounding_rects()
    inked = ink[0].unionall(ink[1:])
    alone = pygame.Surface(canvas.surface.get_size())
    alone.fill((255, 255, 255))
    alone.blit(font(device).render("Minesweeper", True, (0, 0, 0)), (0, 0))
    expected = pygame.mask.from_threshold(alone, (0, 0, 0), (128, 128, 128, 255)).get_bounding_rects()
    assert inked.size == expected[0].unionall(expected[1:]).size  # the font's own glyphs at that size, inked alike
    assert rect.width == pytest.approx(font(device).size("Minesweeper")[0] / 2.5, abs=1)


def test_canvas_edges_meet_exactly_at_a_fractional_scale():
    canvas = Canvas(pygame.Surface((175, 175)), 1.75, (100, 100))
    rects = [canvas.rect((x, 0, 16, 16)) for x in range(0, 96, 16)]
    assert all(a.right == b.left for a, b in zip(rects, rects[1:]))
    sub = canvas.subsurface((16, 16, 32, 32))
    assert sub.rect((0, 0, 16, 16)).move(canvas.rect((16, 16, 0, 0)).topleft) == canvas.rect((16, 16, 16, 16))
    assert canvas.rect((0, 0, 1, 1)).size == (2, 2) and Canvas(pygame.Surface((10, 10)), 0.25).rect((0, 0, 1, 1)).size == (1, 1)
