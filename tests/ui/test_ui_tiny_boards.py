"""Tiny and long boards get a window that fits them (issue 27): a 1x2 board's window is the
HUD over its row (as wide as the help needs) and the panels' strip under them, not Beginner's; a 1x1000 board's is one
row high, not a screen of void; the board sits centred, is drawn and answers clicks; and the
window keeps its size through a hint and the result panel. Headless (SDL's dummy driver, a
1024x768 desktop)."""

from __future__ import annotations

import time

import pygame
import pytest

from game.rules.engine import State
from game.ui.play.layout import BEVEL, MARGIN, MIN_HEIGHT, MIN_WIDTH, MIN_WINDOW_H, MIN_WINDOW_W, RESULT_ROOM_H, usable_area
from game.ui.play.room import STACKED_ROOM_H, beginner_scale, beginner_window, result_height
from game.ui.play.playing import Playing
from game.ui.play.result import GameOver, Victory
from game.ui.play.solver_view import HintPanel

DESKTOP = (1024, 768)  # the dummy driver's


def board_file(tmp_path, rows: int, cols: int, mine: tuple[int, int]) -> str:
    """A .mine board of one mine at ``mine``: a first click away from it wins (it opens every
    other cell) or, on the mine, loses."""
    lines = [["H"] * cols for _ in range(rows)]
    lines[mine[0]][mine[1]] = "M"
    path = tmp_path / f"{rows}x{cols}.mine"
    path.write_text(f"{cols}x{rows}x1\n" + "\n".join("".join(line) for line in lines) + "\n", encoding="utf-8")
    return str(path)


def window_pixels(w) -> tuple[int, int]:
    return pygame.display.get_surface().get_size()


def shown(w, cell):
    """The canvas pixels of ``cell``, as drawn now."""
    layout = w.scene.base.layout if hasattr(w.scene, "base") else w.scene.layout
    return w.screen.pixels(layout.cell_rect(cell))


@pytest.mark.parametrize("rows,cols,height", [
    (1, 2, MIN_HEIGHT),  # the HUD over the row; the panel stacked under
    (2, 1, MIN_HEIGHT + 16),
])
def test_a_tiny_board_gets_the_hud_over_its_row_and_the_strip_under_not_beginners_window(window, rows, cols, height):
    w = window(["--rows", str(rows), "--cols", str(cols), "--mines", "1"])
    scene = w.scene
    strip = max(STACKED_ROOM_H, result_height(MIN_WINDOW_W))  # the tallest result panel, stacked, whole (issue 35)
    size = (MIN_WINDOW_W, height + strip)
    assert scene.layout.size == (MIN_WINDOW_W, height) and scene.room.where == "under"
    assert scene.size() == size and w.screen.get_size() == size
    area = usable_area(DESKTOP, False)
    scale = window_pixels(w)[0] / size[0]
    assert scale == int(scale) and scale <= beginner_scale(area)  # cells no larger than Beginner's
    assert window_pixels(w) == (size[0] * scale, size[1] * scale)
    beginner = beginner_window(area)
    shown_w, shown_h = window_pixels(w)
    top = beginner_scale(area)
    assert shown_w <= beginner[0] * top and shown_h <= beginner[1] * top  # no larger than Beginner's window
    assert (shown_w, shown_h) != (beginner[0] * top, beginner[1] * top)  # and not Beginner's
    layout = scene.layout
    assert abs(layout.board.centerx - MIN_WINDOW_W // 2) <= 1  # as wide as the help needs, the board centred
    assert layout.board.top == layout.hud.bottom + MARGIN + BEVEL  # right under the HUD: no void


@pytest.mark.parametrize("rows,cols", [(1, 1000), (1000, 1)])
def test_a_long_board_gets_a_window_one_row_across_not_a_screen_of_void(window, rows, cols):
    w = window(["--rows", str(rows), "--cols", str(cols), "--mines", "10", "--seed", "1"])
    scene, layout = w.scene, w.scene.layout
    area = usable_area(DESKTOP, False)
    assert not layout.camera.fits and layout.cell == 24
    if rows < cols:  # one row: the window is the HUD, the row and a strip of the result's height
        assert layout.board.height == 24 and layout.size == (area[0], MIN_HEIGHT + 24 - 16)
        strip = max(RESULT_ROOM_H, result_height(area[0]))  # the tallest result panel whole (issue 35)
        assert scene.room.where == "under" and scene.size() == (area[0], layout.size[1] + strip)
    else:  # one column: as narrow as the HUD, the strip beside it
        assert layout.board.width == 24 and layout.size[0] == MIN_WIDTH and scene.room.where == "beside"
        assert abs(layout.board.centerx - MIN_WIDTH // 2) <= 1
    assert scene.size()[1] >= MIN_WINDOW_H and window_pixels(w) == scene.size()  # 1x: it fits no larger


@pytest.mark.parametrize("rows,cols,mine", [(1, 2, (0, 1)), (2, 1, (1, 0)), (1, 1000, (0, 999)),
                                            (1000, 1, (999, 0))])
def test_the_board_shows_answers_clicks_and_the_window_keeps_its_size_through_a_hint_and_the_result(
        window, tmp_path, rows, cols, mine):
    w = window(["--board", board_file(tmp_path, rows, cols, mine)])
    playing = w.scene
    assert isinstance(playing, Playing)
    size, pixels, modes = w.screen.get_size(), window_pixels(w), w.display.mode_changes
    first = (0, 0) if playing.layout.camera.fits else playing.layout.cell_at(playing.layout.board.center)
    rect = playing.layout.cell_rect(first)  # (a long board opens at its middle; the mine is at its end)
    assert playing.layout.board.contains(rect) and w.screen.get_rect().contains(rect)
    assert not rect.colliderect(playing.room.strip)  # the strip never covers the board
    covered = shown(w, first)
    w.key(pygame.K_h)  # a hint (the solver's, in its process: a loaded board): its panel, its ring
    panel = w.scene
    assert isinstance(panel, HintPanel)
    deadline = time.monotonic() + 60
    while panel.waiting:
        assert time.monotonic() < deadline, "the hint never came"
        w.step(1)
        time.sleep(0.001)  # as the real loop idles between frames
    assert panel.hint.kind in ("safe", "guess", "endgame") and panel.hint.cell is not None
    assert (w.screen.get_size(), window_pixels(w), w.display.mode_changes) == (size, pixels, modes)
    w.key(pygame.K_ESCAPE)
    assert w.scene is playing
    playing.layout.camera.centre_on(first)  # (the hint showed its move: a long board's view went there)
    w.click_cell(first)  # opens every cell but the mine: won
    assert isinstance(w.scene, Victory) and playing.game.state is State.WON
    assert shown(w, first) != covered  # the click was taken and drawn
    w.step(40)
    assert playing.room.strip.collidepoint(w.scene.panel.topleft)  # in its strip (a long one scrolls there)
    assert (w.screen.get_size(), window_pixels(w), w.display.mode_changes) == (size, pixels, modes)
    w.key(pygame.K_r)  # the same board again; this time the mine, where it is in view
    assert w.scene is playing and playing.game.state is State.READY
    if playing.layout.camera.shows(mine):
        w.click_cell(mine)
        assert isinstance(w.scene, GameOver) and playing.game.state is State.LOST
        w.step(60)
        assert playing.room.strip.collidepoint(w.scene.panel.topleft)
        assert (w.screen.get_size(), window_pixels(w), w.display.mode_changes) == (size, pixels, modes)
