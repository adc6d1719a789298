"""H points at the cells its explanation names: the numbers ringed blue around their cells
(never over a digit) with arrows along the grid lines to the move, the deduced mines
hatched with red stripes (unlike a number, a flag or the wrong-flag sprite, a mine crossed
out); the panel never hides them nor the HUD, and the marks leave with the panel. That no
mark changes a digit's pixel is tests/ui/test_ui_marks_digits.py."""

import math
import time

import pygame
import pytest

from game.solver.explain import AMONG, MINE, NUMBER, Mark
from game.ui.play.assist import Hint, HintRequest
from game.ui.play.hint_marks import (arrows, border, draw_deduced_mine, grid_pixel, head_points, marked_cells,
                                 route)
from game.ui.play.playing import Playing
from game.ui.play.solver_view import MARKS_CELL, HintPanel
from game.ui.shared.sprites import Sprites
from game.ui.shared.theme import THEME_NAMES, palette, use


def hint_panel(w):
    """Press H and wait for the answer (hints are worked out on a worker thread)."""
    w.key(pygame.K_h)
    deadline = time.monotonic() + 30
    while isinstance(w.scene, HintPanel) and w.scene.waiting:
        assert time.monotonic() < deadline, "the hint never came"
        w.step(1)
        time.sleep(0.005)  # idle between frames, as the real loop does: the hint's worker thread runs
    assert isinstance(w.scene, HintPanel)
    return w.scene


def rgb(w, pos):
    return tuple(w.screen.get_at((int(pos[0]), int(pos[1]))))[:3]


def assert_marks_drawn(w, layout, hint):
    """Every mark of ``hint`` shows on its own cell of the canvas."""
    for mark in hint.marks:
        rect = layout.cell_rect(mark.cell)
        if mark.role == NUMBER:  # the ring's coloured line on the cell's edge, most of it off the arrows
            ring = [(x, rect.top) for x in range(rect.left, rect.right)] + [(rect.left, y) for y in range(rect.top, rect.bottom)]
            ring += [(x, rect.bottom - 1) for x in range(rect.left, rect.right)]
            ring += [(rect.right - 1, y) for y in range(rect.top, rect.bottom)]
            assert sum(rgb(w, p) == palette.reads for p in ring) >= len(ring) // 4, mark
        elif mark.role == MINE:  # the red stripes
            assert any(rgb(w, (x, rect.centery)) == palette.risky for x in range(rect.left, rect.right))
        elif mark.role == AMONG:  # a red edge
            assert rgb(w, (rect.centerx, rect.top)) == palette.risky
    for start, end in arrows(hint):  # white arrows from the numbers along the grid lines, a head in the move
        way = route(start, end)
        for p, q in zip(way, way[1:]):
            (x0, y0), (x1, y1) = grid_pixel(layout, p), grid_pixel(layout, q)
            x, y = (x0 + x1) // 2, (y0 + y1) // 2
            beside = (x - 1, y) if x0 == x1 else (x, y - 1)  # the line's two pixels, one each side of it
            assert palette.arrow in (rgb(w, (x, y)), rgb(w, beside)), (start, end, p, q)
        _, tip = head_points(layout, end, way[-1])
        middle = (sum(x for x, _ in tip) / 3, sum(y for _, y in tip) / 3)
        assert rgb(w, middle) == palette.arrow, (start, end)


def assert_cells_as_drawn(w, layout, cells):
    """Each of ``cells`` shows its own sprite, pixel for pixel: no mark over it."""
    game, assets = w.scene.game, w.scene.services.assets
    for cell in cells:
        rect = layout.cell_rect(cell)
        sprite = assets.cell_sprites(w.screen.rect(rect).width)[game.appearance(cell)]
        assert w.screen.pixels(rect) == pygame.image.tobytes(sprite, "RGB"), cell


def play_to_a_hint_with(w, roles, tries=60):
    """Take the hints' moves until one whose explanation marks cells of every role in ``roles``."""
    game = w.scene.game
    w.click_cell((game.rows // 2, game.cols // 2))
    for _ in range(tries):
        panel = hint_panel(w)
        hint = panel.hint
        if roles <= {mark.role for mark in hint.marks}:
            return panel
        w.key(pygame.K_LSHIFT)  # closes the panel
        w.click_cell(hint.cell)
        assert not game.over
    pytest.fail(f"no hint marking {roles} came")


@pytest.mark.parametrize("level,seed,roles", [("beginner", 7, {NUMBER, MINE}), ("intermediate", 1, {NUMBER, AMONG}),
                                              ("expert", 8, {NUMBER, AMONG})])
def test_a_hint_marks_on_the_board_the_cells_its_explanation_names(window, level, seed, roles):
    w = window(["--difficulty", level, "--seed", str(seed)])
    panel = play_to_a_hint_with(w, roles)
    layout, hint = panel.base.layout, panel.hint
    for mark in hint.marks:  # the marks are the cells the text names
        assert f"({mark.cell[0]}; {mark.cell[1]})" in hint.text
    assert_marks_drawn(w, layout, hint)
    for cell in marked_cells(hint):
        assert not panel.panel.colliderect(layout.cell_rect(cell))  # the panel hides none of them
    assert not panel.panel.colliderect(layout.hud)
    size = w.screen.get_size()
    assert size == panel.size() == panel.base.size()  # the panel stands in the playing window
    w.key(pygame.K_LSHIFT)  # closed, the marks leave with the panel
    assert isinstance(w.scene, Playing) and w.screen.get_size() == size
    assert w.scene.hint is None
    assert_cells_as_drawn(w, layout, marked_cells(hint))


def test_on_beginner_a_real_hint_panel_never_covers_the_hud(window):
    w = window(["--difficulty", "beginner", "--seed", "7"])
    game = w.scene.game
    layout = w.scene.layout
    panel = hint_panel(w)  # before the first click too
    assert not panel.panel.colliderect(layout.hud)
    w.key(pygame.K_LSHIFT)
    w.click_cell((4, 4))
    while not game.over:
        panel = hint_panel(w)
        assert not panel.panel.colliderect(layout.hud)
        assert pygame.Rect((0, 0), w.screen.get_size()).contains(panel.panel)
        for cell in marked_cells(panel.hint):
            assert not panel.panel.colliderect(layout.cell_rect(cell))
        w.key(pygame.K_LSHIFT)
        w.click_cell(panel.hint.cell)
    assert w.scene.base.game.state.name == "WON"


def test_the_panel_steps_aside_from_marks_spread_over_the_board(window):
    """Marks above and below the move: the panel leaves all of them in view, on the board or
    in a strip beside or under it."""
    w = window(["--difficulty", "intermediate"])
    playing = w.scene
    layout = playing.layout
    text = "Safe: the 1 at (1; 4) and the 1 at (14; 4) leave no room for a mine at (8; 4), so (8; 4) is safe."
    marks = (Mark((1, 4), NUMBER), Mark((14, 4), NUMBER), Mark((2, 5), MINE))
    hint = Hint("safe", (8, 4), "Reveal (8; 4): certain safe", text, marks=marks)
    panel = HintPanel(playing.services, playing, HintRequest(playing.assist, None, hint))
    for cell in marked_cells(hint):
        assert not panel.panel.colliderect(layout.cell_rect(cell))
    assert not panel.panel.colliderect(layout.hud)
    assert pygame.Rect((0, 0), panel.size()).contains(panel.panel)


@pytest.mark.parametrize("name", THEME_NAMES)
@pytest.mark.parametrize("size", [16, 24, 32])
def test_a_deduced_mine_is_drawn_unlike_a_number_a_flag_or_a_wrong_flag(name, size):
    """"Flag this" is the cell hatched with red stripes from edge to edge: a digit never draws
    in its cell's border (a hollow red pennant read as a red 4), and the hatching is unlike
    the flag and the wrong-flag sprite (a classic player reads a red X as a wrong flag)."""
    pygame.display.init()
    theme = use(name)
    sprites = Sprites(theme).cells(size)
    marked = sprites["covered"].copy()
    draw_deduced_mine(marked, marked.get_rect())
    pixels = [(x, y) for x in range(size) for y in range(size)]
    red = {p for p in pixels if tuple(marked.get_at(p))[:3] == theme.risky}
    edge = border(size)
    for side in (lambda x, y: x < edge, lambda x, y: y < edge, lambda x, y: x >= size - edge,
                 lambda x, y: y >= size - edge):  # red on every side of the cell's border
        assert any(side(*p) for p in red)
    for key in [str(n) for n in range(1, 9)]:  # where no digit draws (in any theme: the digits' test)
        digit = sprites[key]
        ink = {p for p in pixels if digit.get_at(p) != sprites["0"].get_at(p)}
        assert not any(min(x, y, size - 1 - x, size - 1 - y) < edge for x, y in ink), key
    middle = [tuple(marked.get_at((x, size // 2)))[:3] == theme.risky for x in range(size)]
    stripes = sum(1 for x in range(1, size) if middle[x] and not middle[x - 1]) + middle[0]
    assert stripes >= 2  # parallel stripes, not one stroke
    for other in ("wrong_flag", "flag"):
        apart = sum(marked.get_at(p) != sprites[other].get_at(p) for p in pixels)
        assert apart >= len(pixels) // 3, (other, apart)
    assert len(red) >= 6 * size  # the mark shows


@pytest.mark.parametrize("theme", ["classic", "contrast"])
def test_the_rings_leave_the_digits_they_point_at_intact(window, theme):
    """The numbers an explanation reads are ringed around their cells and the arrows start
    and end off their digits: every ink pixel of each digit shows as drawn."""
    w = window(["--difficulty", "beginner", "--seed", "7", "--theme", theme])
    panel = play_to_a_hint_with(w, {NUMBER})
    layout, game, assets = panel.base.layout, panel.base.game, w.scene.services.assets
    ringed = [mark.cell for mark in panel.hint.marks if mark.role == NUMBER]
    for cell in ringed:
        rect = w.screen.rect(layout.cell_rect(cell))
        key = game.appearance(cell)
        sprite = assets.cell_sprites(rect.width)[key]
        ink = palette.numbers[int(key) - 1]
        digit = [(x, y) for x in range(rect.width) for y in range(rect.height) if tuple(sprite.get_at((x, y)))[:3] == ink]
        assert digit
        shown = w.screen.surface
        assert all(tuple(shown.get_at((rect.left + x, rect.top + y)))[:3] == ink for x, y in digit), cell
        edge = (rect.left, rect.top + rect.height // 2)  # the ring is on the cell's edge
        assert tuple(shown.get_at(edge))[:3] in (palette.reads, palette.arrow, palette.backdrop)


@pytest.mark.parametrize("zoom", ["smallest", "default"])
def test_on_a_big_board_the_hint_text_is_at_least_12_px_and_never_over_the_minimap(window, zoom):
    """Asked at the smallest zoom, the hint zooms in to its marks; its text is never under 12
    pixels, stands in the panels' strip (issue 35: never over a cell, nor the minimap), and
    the window keeps its size."""
    w = window(["--rows", "1000", "--cols", "1000", "--mines", "20000", "--seed", "4"])
    playing = w.scene
    camera, minimap = playing.layout.camera, playing.minimap
    scale = w.screen.scale
    w.click(camera.viewport.center)
    while zoom == "smallest" and camera.cell > camera.min_cell:
        w.key(pygame.K_MINUS)
    size = w.screen.get_size()
    panel = hint_panel(w)
    assert panel.hint.cell is not None
    assert camera.cell >= MARKS_CELL and camera.shows(panel.hint.cell)  # zoomed in to the marks, where it was further out
    assert panel.room is playing.room and w.screen.get_size() == size and w.screen.scale == scale  # the window kept its size
    assert panel.room.panel.contains(panel.panel) and not panel.panel.colliderect(playing.layout.board)
    assert min(panel.text_sizes()) * w.screen.scale >= 12
    assert minimap.shown and not panel.panel.colliderect(minimap.rect)
    assert pygame.Rect((0, 0), size).contains(panel.panel) and not panel.panel.colliderect(playing.layout.hud)
    w.key(pygame.K_LSHIFT)
    assert isinstance(w.scene, Playing) and w.scene.hint is None


@pytest.mark.parametrize("sentences", [1, 200])
def test_on_a_big_board_the_panel_stands_in_the_strip_clear_of_the_marks_and_the_minimap(window, sentences):
    """A move in the lower rows, its mark above it, the minimap in the top-right corner: the
    panel used to stand on the board above the marks, left of the minimap; now (issue 35) it
    stands in the panels' strip under the board, clear of the marks and the minimap, and a
    text too long for the strip scrolls there: the window never grows (it is as large as the
    screen)."""
    w = window(["--rows", "1000", "--cols", "1000", "--mines", "20000", "--seed", "4"])
    playing = w.scene
    rows, cols = playing.layout.camera.visible()
    cell = (rows.stop - 3, cols.start + 5)
    number = (cell[0] - 1, cell[1])
    text = " ".join([f"Safe: the 1 at ({number[0]},{number[1]}) has its mine elsewhere, so ({cell[0]},{cell[1]}) is safe."]
                    * sentences)
    hint = Hint("safe", cell, f"Reveal ({cell[0]},{cell[1]}): certain safe", text, marks=(Mark(number, NUMBER),))
    size = playing.size()
    panel = HintPanel(playing.services, playing, HintRequest(playing.assist, None, hint))
    assert panel.room is playing.room and panel.size() == size
    assert panel.room.panel.contains(panel.panel) and not panel.panel.colliderect(playing.layout.board)
    assert not panel.panel.colliderect(playing.layout.cell_rect(number))  # clear of the marks
    assert not panel.panel.colliderect(playing.minimap.rect)
    assert panel.cut == (sentences > 1), (panel.panel, len(panel.lines), panel.shown, playing.layout.cell_rect(number))
