"""A player's path through the window, told with posted pygame events (headless SDL)."""

import pygame
import pytest

from game.rules.engine import State
from game.ui.shared.confirm import Confirm
from game.ui.options.custom import CustomForm
from game.ui.menu import Menu
from game.ui.options.screen import Options
from game.ui.play.pause import Pause
from game.ui.play.playing import Playing
from game.ui.play.result import GameOver, Victory
from game.ui.shared.widgets import font
from tests.play_helpers import number_beside, satisfied_number


def safe_cells(game):
    mines = game.layout()
    return [cell for cell in game.cells() if cell not in mines]


def win_by_clicks(window_driver):
    """Left-click every safe covered cell until the game is won."""
    game = window_driver.scene.game
    window_driver.click_cell((0, 0))
    for cell in safe_cells(game):
        if game.over:
            break
        if game.appearance(cell) == "covered":
            window_driver.click_cell(cell)
    return game


def test_no_board_on_the_command_line_opens_the_menu(window):
    w = window([])
    assert isinstance(w.scene, Menu)
    assert pygame.display.get_caption()[0] == "Minesweeper"


def test_menu_by_keyboard_starts_intermediate_then_loses_and_goes_back(window):
    w = window(["--seed", "4"])
    w.key(pygame.K_DOWN)
    w.key(pygame.K_RETURN)
    assert isinstance(w.scene, Playing)
    game = w.scene.game
    assert (game.rows, game.cols, game.config.mines) == (16, 16, 40)
    w.click_cell((8, 8))
    mine = sorted(game.layout())[0]
    w.click_cell(mine)
    assert game.state is State.LOST
    assert isinstance(w.scene, GameOver)
    w.step(60)  # the explosion ends; the Menu button works
    w.key(pygame.K_ESCAPE)
    assert isinstance(w.scene, Menu)


def test_menu_by_mouse_starts_expert(window):
    w = window(["--seed", "1"])
    w.click(w.scene.list.buttons[2].rect.center)
    assert isinstance(w.scene, Playing)
    assert (w.scene.game.rows, w.scene.game.cols, w.scene.game.config.mines) == (16, 30, 99)
    assert w.screen.get_size() == w.scene.size() == w.scene.room.size  # the board and the panels' strip


def test_seeded_game_won_by_clicks_shows_victory_then_menu(window):
    w = window(["--difficulty", "beginner", "--seed", "7"])
    game = win_by_clicks(w)
    assert game.state is State.WON
    assert isinstance(w.scene, Victory)
    assert all(game.appearance(m) == "flag" for m in game.layout())
    lines = w.scene.lines()
    assert lines[0].startswith("Time ") and lines[1].startswith("3BV ") and "Efficiency" in lines[2]
    shown = lines + w.scene.figures.lines()  # the figures' line (or "...") says 3BV/s: once on the panel
    assert sum(line.count("3BV/s") for line in shown) == 1
    menu_button = w.scene.buttons.buttons[2]
    w.scene.show_rect(menu_button.rect)  # (scrolled into the panels' strip)
    w.step(1)
    w.click(menu_button.rect.center)
    assert isinstance(w.scene, Menu)


def test_victory_retry_replays_the_same_board(window):
    w = window(["--difficulty", "beginner", "--seed", "9"])
    game = win_by_clicks(w)
    layout = game.layout()
    w.click(w.scene.buttons.buttons[1].rect.center)
    assert isinstance(w.scene, Playing) and w.scene.game.state is State.READY
    assert w.scene.game.layout() == layout


def test_game_over_new_game_button_and_face(window):
    w = window(["--difficulty", "beginner", "--seed", "2"])
    game = w.scene.game
    w.click_cell((4, 4))
    w.click_cell(sorted(game.layout())[0])
    assert isinstance(w.scene, GameOver)
    assert not w.scene.ready()
    w.step(40)
    assert w.scene.ready()
    w.click(w.scene.buttons.buttons[0].rect.center)
    assert isinstance(w.scene, Playing) and w.scene.game is not game
    fresh = w.scene.game
    w.click_cell((4, 4))
    w.click(w.scene.layout.face.center)  # the face starts a new game too, after asking
    assert isinstance(w.scene, Confirm) and " ".join(w.scene.shown) == "Abandon this game? It counts as a loss."
    w.key(pygame.K_y)
    assert w.scene.game is not fresh and w.scene.game.state is State.READY


def test_press_shows_oh_the_pressed_cell_follows_the_pointer_and_off_the_board_cancels(window):
    """As in winmine: the press follows the pointer, the release reveals the cell under it."""
    w = window(["--difficulty", "beginner", "--seed", "3"])
    scene = w.scene
    w.mouse_down(w.cell_pos((2, 2)))
    assert scene.gesture.pressed_cells(scene.game) == [(2, 2)]
    assert scene.hud_values()[2] == "oh"
    w.move(w.cell_pos((5, 5)))
    assert scene.gesture.pressed_cells(scene.game) == [(5, 5)]
    hud = scene.layout.hud.center
    w.move(hud)  # off the board: nothing pressed, and releasing there cancels
    assert scene.gesture.pressed_cells(scene.game) == []
    w.mouse_up(hud)
    assert scene.game.state is State.READY  # nothing revealed
    assert scene.hud_values()[2] == "normal"
    w.mouse_down(w.cell_pos((2, 2)))
    w.move(w.cell_pos((5, 5)))
    w.mouse_up(w.cell_pos((5, 5)))
    assert scene.game.state is State.PLAYING
    assert scene.game.is_revealed((5, 5))  # the cell under the pointer, not the one first pressed
    assert scene.hud_values()[2] == "normal"


def test_right_button_cycles_flag_and_question_when_on(window):
    w = window(["--difficulty", "beginner", "--seed", "3", "--questions"])
    game = w.scene.game
    looks = []
    for _ in range(3):
        w.click_cell((0, 0), button=3)
        looks.append(game.appearance((0, 0)))
    assert looks == ["flag", "question", "covered"]
    w.click_cell((1, 1), button=3)
    assert w.scene.hud_values()[0] == 9


def test_chord_by_both_buttons_middle_and_left_on_number(window):
    w = window(["--difficulty", "expert", "--seed", "11"])
    game = w.scene.game
    w.click_cell((8, 15))
    mines = game.layout()
    number = number_beside(game, mine=False)
    # Unsatisfied: holding both buttons shows the covered neighbours pressed; release does nothing.
    w.mouse_down(w.cell_pos(number), 1)
    w.mouse_down(w.cell_pos(number), 3)
    pressed = set(w.scene.gesture.pressed_cells(game))
    assert pressed == {n for n in game.neighbours(number) if game.appearance(n) == "covered"}
    w.mouse_up(w.cell_pos(number), 3)
    w.mouse_up(w.cell_pos(number), 1)
    assert all(game.appearance(n) == "covered" for n in pressed)
    for n in game.neighbours(number):
        if n in mines and game.appearance(n) == "covered":
            w.click_cell(n, button=3)
    w.mouse_down(w.cell_pos(number), 2)
    w.mouse_up(w.cell_pos(number), 2)
    assert all(game.is_revealed(n) for n in game.neighbours(number) if n not in mines)


def test_left_click_on_satisfied_number_chords_only_when_option_on(window):
    w = window(["--difficulty", "expert", "--seed", "11"])
    game, number, _ = satisfied_number(w)
    mines = game.layout()
    w.scene.services.settings.chord_on_number = False
    w.click_cell(number)
    assert any(not game.is_revealed(n) for n in game.neighbours(number) if n not in mines)
    w.scene.services.settings.chord_on_number = True
    w.click_cell(number)
    assert all(game.is_revealed(n) for n in game.neighbours(number) if n not in mines)


def test_keyboard_cursor_reveal_flag_retry_and_escape(window):
    w = window(["--difficulty", "beginner", "--seed", "5"])
    scene = w.scene
    w.key(pygame.K_UP)  # first arrow shows the cursor at the centre
    assert scene.cursor == (4, 4)
    w.key(pygame.K_LEFT)
    w.key(pygame.K_UP)
    assert scene.cursor == (3, 3)
    w.key(pygame.K_SPACE)
    assert scene.game.is_revealed((3, 3))
    covered = next(c for c in scene.game.cells() if scene.game.appearance(c) == "covered")
    scene.cursor = covered
    w.key(pygame.K_f)
    assert scene.game.appearance(covered) == "flag"
    w.key(pygame.K_r)
    assert isinstance(w.scene, Confirm)  # the game was under way: abandon it?
    w.key(pygame.K_y)
    assert scene.game.state is State.READY and scene.game.appearance(covered) == "covered"
    w.key(pygame.K_F2)
    assert isinstance(w.scene, Playing) and w.scene is not scene
    w.key(pygame.K_ESCAPE)
    assert isinstance(w.scene, Menu)


def test_pause_hides_board_and_stops_timer_focus_loss_pauses(window):
    w = window(["--difficulty", "beginner", "--seed", "5"])
    scene, clock = w.scene, w.loop.clock
    w.click_cell((4, 4))
    w.key(pygame.K_p)
    assert isinstance(w.scene, Pause) and scene.match.paused
    frozen = scene.match.elapsed
    clock.advance(30)
    w.step(5)
    assert scene.match.elapsed == frozen
    board = scene.layout.board
    assert w.screen.get_at(board.move(5, 5).topleft)[:3] == (192, 192, 192)
    w.key(pygame.K_p)
    assert w.scene is scene and not scene.match.paused
    w.post(pygame.WINDOWFOCUSLOST)
    assert isinstance(w.scene, Pause)
    w.click(board.center)
    assert w.scene is scene


def test_custom_form_refuses_bad_values_and_starts_good_ones(window):
    w = window([])
    w.click(w.scene.list.buttons[3].rect.center)
    assert isinstance(w.scene, CustomForm)
    form = w.scene
    for _ in range(4):
        w.key(pygame.K_BACKSPACE)
    w.type("0")
    w.key(pygame.K_RETURN)
    assert w.scene is form and "rows: 0 is out of range; allowed 1.." in form.message
    w.key(pygame.K_BACKSPACE)
    w.type("10")
    w.key(pygame.K_TAB)
    for _ in range(4):
        w.key(pygame.K_BACKSPACE)
    w.type("10")
    w.key(pygame.K_TAB)
    for _ in range(6):
        w.key(pygame.K_BACKSPACE)
    w.type("100")
    w.key(pygame.K_RETURN)
    assert w.scene is form
    assert form.message == "mines: 100 is out of range for 10x10; allowed 1..99"
    w.key(pygame.K_BACKSPACE)
    w.key(pygame.K_RETURN)
    assert isinstance(w.scene, Playing)
    assert (w.scene.game.rows, w.scene.game.cols, w.scene.game.config.mines) == (10, 10, 10)


def test_custom_form_shift_tab_goes_back_and_each_range_label_clears_the_next_field(window):
    w = window([])
    w.click(w.scene.list.buttons[3].rect.center)
    form = w.scene
    assert isinstance(form, CustomForm) and form.focus == 0
    w.key(pygame.K_TAB)
    w.key(pygame.K_TAB)
    assert form.focus == 2
    w.key(pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    assert form.focus == 1  # back to Columns, as in any form
    w.key(pygame.K_TAB, mod=pygame.KMOD_RSHIFT)
    w.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert form.focus == 4  # wraps round to Back
    label_height = font(12).get_linesize()
    for i in range(2):  # each field's range label is drawn below it: it must end above the next field
        assert form.field_rect(i).bottom + 1 + label_height <= form.field_rect(i + 1).top
    assert form.field_rect(2).bottom + 1 + label_height <= form.start_button.rect.top
    form.values = ["1", "1", "1"]
    assert form.mines_hint() == "no room for a mine"  # not "1..0"
    form.values = ["2", "1", "1"]
    assert form.mines_hint() == "1..1"


def test_custom_form_refuses_a_board_bigger_than_the_screen(window):
    w = window([])
    for _ in range(7):  # up from Beginner, round by Analyse, Time trial, Daily, Play a code, Statistics and Options to Custom
        w.key(pygame.K_UP)
    w.key(pygame.K_RETURN)
    form = w.scene
    w.type("999")
    w.key(pygame.K_RETURN)
    top = form.limits()[0]
    # counts and bounds grouped the language's way (issue 36)
    assert w.scene is form and form.message.startswith(f"rows: 20,999 is out of range; allowed 1..{top:,}")
    w.key(pygame.K_ESCAPE)
    assert isinstance(w.scene, Menu)


def test_options_change_the_next_game(window):
    w = window(["--seed", "3"])
    for _ in range(6):  # up from Beginner, round by Analyse, Time trial, Daily, Play a code and Statistics to Options
        w.key(pygame.K_UP)
    w.key(pygame.K_RETURN)
    assert isinstance(w.scene, Options)
    settings = w.scene.services.settings
    w.key(pygame.K_RETURN)  # question marks on
    w.key(pygame.K_DOWN)
    w.key(pygame.K_RIGHT)  # first click: opening -> safe
    w.click(w.scene.row_rect(2).center)  # chord by left click off
    assert (settings.questions, settings.first_click, settings.chord_on_number) == (True, "safe", False)
    w.key(pygame.K_ESCAPE)
    w.key(pygame.K_RETURN)
    assert w.scene.game.config.questions and w.scene.game.config.first_click == "safe"


def test_a_board_too_big_for_the_screen_plays_through_a_camera(window):
    """900x900 does not fit a 1024x768 screen at 8 pixels a cell: it opens at 24 pixels a
    cell, centred on its middle, and a click reveals the cell under the pointer."""
    w = window(["--rows", "900", "--cols", "900", "--mines", "10", "--seed", "1"])
    assert isinstance(w.scene, Playing)
    camera = w.scene.layout.camera
    assert not camera.fits and camera.cell == 24
    assert camera.cell_at(camera.viewport.center) in {(449, 449), (449, 450), (450, 449), (450, 450)}
    game = w.scene.game
    w.click_cell((455, 440))
    assert game.state is State.WON  # 10 mines: the opening clears the board
    assert w.scene.base.layout.camera is camera  # the result shows beside the same view


@pytest.mark.parametrize("argv", [["--difficulty", "expert", "--fullscreen"], ["--difficulty", "expert"]])
def test_fullscreen_toggles_again_and_again_keeping_the_game(window, argv):
    w = window(argv + ["--seed", "6"])
    scene = w.scene
    display = scene.services.display
    start = display.fullscreen
    assert start == ("--fullscreen" in argv)
    w.click_cell((8, 15))
    revealed = {c for c in scene.game.cells() if scene.game.is_revealed(c)}
    for i in range(3):
        w.key(pygame.K_F11)
        assert display.fullscreen != (start if i % 2 == 0 else not start)
    w.key(pygame.K_RETURN, mod=pygame.KMOD_LALT)
    assert display.fullscreen == start
    assert w.scene is scene
    assert {c for c in scene.game.cells() if scene.game.is_revealed(c)} == revealed
    cell = next(c for c in scene.game.cells() if scene.game.appearance(c) == "covered")
    w.click_cell(cell, button=3)
    assert scene.game.appearance(cell) == "flag"


def test_clicks_map_to_the_right_cell_after_a_resize(window):
    w = window(["--difficulty", "beginner", "--seed", "6"])
    scene = w.scene
    w.post(pygame.VIDEORESIZE, size=(1000, 700), w=1000, h=700)
    w.post(pygame.WINDOWSIZECHANGED, x=1000, y=700)
    w.post(pygame.WINDOWMAXIMIZED)
    w.click_cell((3, 7), button=3)
    assert scene.game.appearance((3, 7)) == "flag"
    assert scene.layout.cell_at(scene.layout.cell_rect((3, 7)).topleft) == (3, 7)
    assert scene.layout.cell_at(scene.layout.cell_rect((3, 7)).bottomright) != (3, 7)
