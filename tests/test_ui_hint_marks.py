"""H points at the cells its explanation names: the numbers ringed blue with arrows toward
the move, the deduced mines crossed red; the panel never hides them nor the HUD."""

import time

import pygame
import pytest

from game.solver.explain import AMONG, MINE, NUMBER, Mark
from game.ui.assist import Hint, HintRequest
from game.ui.hint_marks import arrow_ends, arrows, marked_cells
from game.ui.scenes.playing import Playing
from game.ui.solver_view import HintPanel
from game.ui.theme import palette


def hint_panel(w):
    """Press H and wait for the answer (hints are worked out on a worker thread)."""
    w.key(pygame.K_h)
    deadline = time.monotonic() + 30
    while isinstance(w.scene, HintPanel) and w.scene.waiting:
        assert time.monotonic() < deadline, "the hint never came"
        w.step(1)
    assert isinstance(w.scene, HintPanel)
    return w.scene


def rgb(w, pos):
    return tuple(w.screen.get_at((int(pos[0]), int(pos[1]))))[:3]


def assert_marks_drawn(w, layout, hint):
    """Every mark of ``hint`` shows on its own cell of the canvas."""
    for mark in hint.marks:
        rect = layout.cell_rect(mark.cell)
        if mark.role == NUMBER:  # the ring's coloured line, one pixel in from the edge (off the arrows)
            assert rgb(w, (rect.left + 1, rect.top + 3)) == palette.reads
        elif mark.role == MINE:  # the cross's red stroke through the middle
            assert rgb(w, rect.center) == palette.risky
        elif mark.role == AMONG:  # a red edge
            assert rgb(w, (rect.centerx, rect.top)) == palette.risky
    for start, end in arrows(hint):  # white arrows from the numbers along the argument
        (x0, y0), (x1, y1) = arrow_ends(layout, start, end)
        assert rgb(w, ((x0 + x1) / 2, (y0 + y1) / 2)) == palette.arrow


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
        assert f"({mark.cell[0]},{mark.cell[1]})" in hint.text
    assert_marks_drawn(w, layout, hint)
    for cell in marked_cells(hint):
        assert not panel.panel.colliderect(layout.cell_rect(cell))  # the panel hides none of them
    assert not panel.panel.colliderect(layout.hud)
    size = w.screen.get_size()
    assert size == panel.size() == panel.base.size()  # the panel stands in the playing window
    w.key(pygame.K_LSHIFT)  # closed, the marks stay on the board until the next move
    assert isinstance(w.scene, Playing) and w.screen.get_size() == size
    assert_marks_drawn(w, layout, hint)


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
    text = "Safe: the 1 at (1,4) and the 1 at (14,4) leave no room for a mine at (8,4), so (8,4) is safe."
    marks = (Mark((1, 4), NUMBER), Mark((14, 4), NUMBER), Mark((2, 5), MINE))
    hint = Hint("safe", (8, 4), "Reveal (8,4): certain safe", text, marks=marks)
    panel = HintPanel(playing.services, playing, HintRequest(playing.assist, None, hint))
    for cell in marked_cells(hint):
        assert not panel.panel.colliderect(layout.cell_rect(cell))
    assert not panel.panel.colliderect(layout.hud)
    assert pygame.Rect((0, 0), panel.size()).contains(panel.panel)
