"""Chording with both buttons in either order, as in Windows and Arbiter (posted mouse events)."""

import pytest

from game.rules.engine import State
from tests.play_helpers import number_beside, satisfied_number


@pytest.mark.parametrize("first, second", [(3, 1), (1, 3)], ids=["right-then-left", "left-then-right"])
@pytest.mark.parametrize("released_first", ["first", "second"])
def test_both_buttons_chord_in_either_order(window, first, second, released_first):
    w = window(["--difficulty", "expert", "--seed", "11"])
    w.scene.services.settings.chord_on_number = False  # the chord comes from the two buttons alone
    game, number, safe = satisfied_number(w)
    flags, clicks = game.mines_left, dict(w.scene.match.clicks)
    pos = w.cell_pos(number)
    w.mouse_down(pos, first)
    assert game.mines_left == flags  # a right press on a revealed number flags nothing
    w.mouse_down(pos, second)
    assert set(w.scene.gesture.pressed_cells(game)) == set(safe)  # held: the cells the chord opens
    order = (first, second) if released_first == "first" else (second, first)
    w.mouse_up(pos, order[0])
    assert all(game.is_revealed(n) for n in safe)
    w.mouse_up(pos, order[1])  # the button still held does nothing more
    assert w.scene.match.clicks["chord"] == clicks["chord"] + 1
    assert w.scene.match.clicks["wasted"] == clicks["wasted"] and w.scene.match.clicks["flag"] == clicks["flag"]
    assert game.mines_left == flags and game.state in (State.PLAYING, State.WON)


def test_right_then_left_on_an_unsatisfied_number_shows_the_press_and_does_nothing(window):
    w = window(["--difficulty", "expert", "--seed", "11"])
    game = w.scene.game
    w.click_cell((8, 15))
    number = number_beside(game, mine=True)
    covered = {n for n in game.neighbours(number) if game.appearance(n) == "covered"}
    pos = w.cell_pos(number)
    w.mouse_down(pos, 3)
    w.mouse_down(pos, 1)
    assert set(w.scene.gesture.pressed_cells(game)) == covered
    assert w.scene.hud_values()[2] == "oh"
    w.mouse_up(pos, 1)
    w.mouse_up(pos, 3)
    assert all(game.appearance(n) == "covered" for n in covered) and game.state is State.PLAYING
    assert w.scene.match.clicks["wasted"] == 1  # the chord that changed nothing


def test_right_press_on_a_covered_cell_flags_at_once_and_a_left_press_then_chords(window):
    w = window(["--difficulty", "expert", "--seed", "11"])
    game, number, safe = satisfied_number(w)
    cell = safe[0]
    w.mouse_down(w.cell_pos(cell), 3)
    assert game.appearance(cell) == "flag"  # on press, as today
    w.mouse_down(w.cell_pos(cell), 1)
    w.mouse_up(w.cell_pos(cell), 1)  # a chord on a covered cell: nothing opens (classic)
    w.mouse_up(w.cell_pos(cell), 3)
    assert game.appearance(cell) == "flag" and not game.is_revealed(cell)


def test_a_lone_right_click_on_a_number_is_a_wasted_click_not_a_flag(window):
    w = window(["--difficulty", "expert", "--seed", "11"])
    game, number, _ = satisfied_number(w)
    flags, wasted = game.mines_left, w.scene.match.clicks["wasted"]
    w.click_cell(number, button=3)
    assert game.mines_left == flags and w.scene.match.clicks["wasted"] == wasted + 1
    assert w.scene.hud_values()[2] == "normal" and not w.scene.gesture.active


def test_a_press_off_the_board_released_on_a_cell_reveals_it_once_the_game_is_going(window):
    """ms-toollib's rule (game.midend.gestures; the old window ignored a press begun off the board):
    before the first opening such a release does nothing, once the game is going it reveals.
    The clicks are counted as ms-toollib counts them."""
    w = window(["--difficulty", "beginner", "--seed", "3"])
    game, hud = w.scene.game, (w.scene.layout.hud.left + 2, w.scene.layout.hud.centery)  # beside the face
    w.mouse_down(hud)
    assert w.scene.hud_values()[2] == "normal"  # held off the board: no "oh"
    w.mouse_up(w.cell_pos((5, 5)))
    assert game.state is State.READY
    w.click_cell((5, 5))
    mines = game.layout()
    cell = next(c for c in game.cells() if c not in mines and game.appearance(c) == "covered")
    w.mouse_down(hud)
    w.move(w.cell_pos(cell))
    assert w.scene.gesture.pressed_cells(game) == [cell] and w.scene.hud_values()[2] == "oh"
    w.mouse_up(w.cell_pos(cell))
    assert game.is_revealed(cell) and w.scene.gesture.gestures.clicks == (2, 0, 0)
