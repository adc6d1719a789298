"""H points at the cells its explanation names: the numbers ringed blue around their cells
(never over a digit) with arrows toward the move, the deduced mines marked by a hollow red
pennant (unlike the wrong-flag sprite, a mine crossed out); the panel never hides them nor
the HUD, and the marks leave with the panel."""

import math
import time

import pygame
import pytest

from game.solver.explain import AMONG, MINE, NUMBER, Mark
from game.ui.assist import Hint, HintRequest
from game.ui.hint_marks import arrow_ends, arrows, draw_deduced_mine, marked_cells
from game.ui.scenes.playing import Playing
from game.ui.solver_view import MARKS_CELL, HintPanel
from game.ui.sprites import Sprites
from game.ui.theme import THEME_NAMES, palette, use


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
        if mark.role == NUMBER:  # the ring's coloured line on the cell's edge (off the arrows)
            assert rgb(w, (rect.left, rect.top + 3)) == palette.reads
        elif mark.role == MINE:  # the pennant's red pole
            k = rect.width / 16
            assert rgb(w, (rect.left + int(11 * k), rect.top + round(12 * k))) == palette.risky
        elif mark.role == AMONG:  # a red edge
            assert rgb(w, (rect.centerx, rect.top)) == palette.risky
    for start, end in arrows(hint):  # white arrows from the numbers along the argument
        (x0, y0), (x1, y1) = arrow_ends(layout, start, end, end == hint.cell)
        steps = max(1, round(2 * math.hypot(x1 - x0, y1 - y0)))  # every half pixel between its ends
        points = [(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps) for i in range(steps + 1)]
        assert any(rgb(w, point) == palette.arrow for point in points), (start, end)


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


@pytest.mark.parametrize("level,seed,roles", [("beginner", 7, {NUMBER, MINE}), ("intermediate", 7, {NUMBER, AMONG}),
                                              ("expert", 5, {NUMBER, AMONG})])
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
def test_a_deduced_mine_is_drawn_unlike_a_wrong_flag(name, size):
    """A classic player reads a red X over a cell as a wrong flag: a deduced mine is a hollow
    pennant instead, with nothing where the cross's arms would be."""
    pygame.display.init()
    theme = use(name)
    sprites = Sprites(theme).cells(size)
    marked = sprites["covered"].copy()
    draw_deduced_mine(marked, marked.get_rect())
    wrong = sprites["wrong_flag"]
    pixels = [(x, y) for x in range(size) for y in range(size)]
    apart = sum(marked.get_at(p) != wrong.get_at(p) for p in pixels)
    assert apart >= len(pixels) // 2, apart
    k = size / 16
    lower_left = [(x, y) for x, y in pixels if x < 6 * k and y > 10 * k]  # a cross's arm, never the pennant's
    assert not any(tuple(marked.get_at(p))[:3] == theme.risky for p in lower_left)
    assert any(tuple(wrong.get_at(p))[:3] == theme.wrong for p in lower_left)
    assert sum(tuple(marked.get_at(p))[:3] == theme.risky for p in pixels) >= 6 * k  # the mark shows


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
