"""What the player sees: pixels of drawn cells, the LEDs, the face, and the one pixel <-> cell mapping."""

import pytest

from game.ui.play.hud import led_text
from game.ui.play.layout import CELL, BoardLayout, fit_cell, max_board

NUMBER_COLOURS = {1: (0, 0, 255), 2: (0, 128, 0), 3: (255, 0, 0)}


def colours_in(surface, rect):
    return {tuple(surface.get_at((x, y)))[:3] for x in range(rect.left, rect.right)
            for y in range(rect.top, rect.bottom)}


def test_revealed_numbers_are_drawn_in_their_classic_colours(window):
    w = window(["--difficulty", "expert", "--seed", "21"])
    game = w.scene.game
    w.click_cell((8, 15))
    w.step(30)  # the opening shows outward over game.ui.play.motion.CASCADE_S (0.25 s, 15 frames)
    screen = w.screen
    seen = set()
    for cell in game.cells():
        n = game.number(cell)
        if n in NUMBER_COLOURS:
            assert NUMBER_COLOURS[n] in colours_in(screen, w.scene.layout.cell_rect(cell))
            seen.add(n)
        elif n == 0:
            assert colours_in(screen, w.scene.layout.cell_rect(cell).inflate(-2, -2)) == {(192, 192, 192)}
    assert seen == {1, 2, 3} or seen >= {1, 2}


def test_covered_flag_and_pressed_cells_look_different(window):
    w = window(["--difficulty", "beginner", "--seed", "2"])
    layout = w.scene.layout
    screen = w.screen
    corner = layout.cell_rect((0, 0)).topleft
    assert tuple(screen.get_at(corner))[:3] == (255, 255, 255)  # raised bevel
    w.click_cell((0, 0), button=3)
    assert (255, 0, 0) in colours_in(screen, layout.cell_rect((0, 0)))  # the red flag
    w.mouse_down(w.cell_pos((5, 5)))
    assert tuple(screen.get_at(layout.cell_rect((5, 5)).topleft))[:3] == (128, 128, 128)  # pressed in
    w.mouse_up(w.cell_pos((5, 5)))


def test_led_counter_shows_mines_left_and_goes_negative():
    assert led_text(10) == "010"
    assert led_text(-5) == "-05"
    assert led_text(-250) == "-99"
    assert led_text(4000) == "999"


def test_counter_pixels_change_with_flags(window):
    w = window(["--rows", "3", "--cols", "3", "--mines", "1", "--seed", "1"])
    screen = w.screen
    counter = w.scene.layout.counter
    before = screen.pixels(counter)
    w.click_cell((0, 0), button=3)
    w.click_cell((0, 1), button=3)
    assert w.scene.hud_values()[0] == -1
    assert screen.pixels(counter) != before


def test_game_over_shows_the_explosion_then_every_mine(window):
    w = window(["--difficulty", "beginner", "--seed", "8"])
    game = w.scene.game
    w.click_cell((4, 4))
    mines = sorted(game.layout())
    w.click_cell(mines[0])
    playing = w.scene.base
    other = mines[1]
    assert playing.view.drawn[other] == "covered"  # hidden while the blast plays
    assert playing.view.drawn[mines[0]] == "mine_hit"
    screen = w.screen
    blast = colours_in(screen, playing.layout.cell_rect(mines[0]).inflate(16, 16))
    assert any(r > 200 and 100 < g < 240 and b < 100 for r, g, b in blast)  # orange fire
    w.step(40)
    assert playing.view.drawn[other] == "mine"
    assert playing.hud_values()[2] == "dead"


@pytest.mark.parametrize("rows,cols", [(9, 9), (16, 30), (1, 2), (50, 80)])
def test_pixel_to_cell_mapping_round_trips(rows, cols):
    layout = BoardLayout(rows, cols)
    for cell in [(0, 0), (rows - 1, cols - 1), (rows // 2, cols // 2)]:
        rect = layout.cell_rect(cell)
        assert layout.cell_at(rect.topleft) == cell
        assert layout.cell_at((rect.right - 1, rect.bottom - 1)) == cell
    assert layout.cell_at((layout.board.left - 1, layout.board.top)) is None
    assert layout.cell_at((layout.board.left, layout.board.bottom)) is None


def test_big_boards_get_smaller_cells_and_too_big_none():
    area = (1264, 944)
    assert fit_cell(16, 30, area) == CELL
    small = fit_cell(100, 150, area)
    assert small is not None and small < CELL
    assert BoardLayout(100, 150, small).size[0] <= area[0]
    rows, cols = max_board(area)
    assert fit_cell(rows, cols, area) is not None
    assert fit_cell(rows + 1, cols, area) is None
