"""Screens that keep out of the way: the result panel beside or under the board, never over
it; told with posted pygame events on the three standard levels (headless SDL)."""

import pygame
import pytest

from game.rules.engine import State
from game.ui.play.playing import Playing
from game.ui.play.result import GameOver, Victory
from tests.play_helpers import shows_sprite, wait_postmortem, win_by_clicks

LEVELS = ["beginner", "intermediate", "expert"]


def lose(w):
    """A wrong flag, then a click on a mine; returns the board's layout and the wrong flag."""
    game = w.scene.game
    w.click_cell((game.rows // 2, game.cols // 2))
    mines = game.layout()
    wrong = next(c for c in game.cells() if c not in mines and game.appearance(c) == "covered")
    w.click_cell(wrong, 3)
    w.click_cell(sorted(mines)[0])
    assert isinstance(w.scene, GameOver)
    return wrong


def win(w):
    game = w.scene.game
    win_by_clicks(w, first=(game.rows // 2, game.cols // 2))
    assert isinstance(w.scene, Victory)


def assert_panel_clear_of_the_board(w):
    """The window is the playing one (the board window and the strip kept for panels from the
    start); the panel stands in that strip, off the board and the HUD, and each of its
    buttons (and its name field) is in the strip or scrolls into it."""
    scene, layout = w.scene, w.scene.base.layout
    window = pygame.Rect((0, 0), w.screen.get_size())
    strip = scene.room.panel
    assert w.screen.get_size() == scene.size() == scene.base.size() == scene.room.size != layout.size
    assert window.contains(strip) and not strip.colliderect(layout.board)
    assert not strip.colliderect(layout.hud)
    assert not strip.colliderect(pygame.Rect((0, 0), layout.size))  # not even the frame
    assert (scene.panel.left, scene.panel.top + scene.scroll, scene.panel.width) == (*strip.topleft, strip.width)
    field = getattr(scene, "field", None)
    for rect in [button.rect for button in scene.buttons.buttons] + ([field.rect] if field is not None else []):
        assert scene.panel.contains(rect)
    for i in range(len(scene.buttons.buttons)):
        scene.show_rect(scene.buttons.buttons[i].rect)
        assert strip.contains(scene.buttons.buttons[i].rect)
    if field is not None:
        scene.show_rect(field.rect)
        assert strip.contains(field.rect)
    scene.scroll_by(-scene.scroll)  # back to its top
    w.step(1)


def assert_v_toggles(w, key=pygame.K_v):
    """``key`` (V; H after a loss, where V shows the post-mortem) hides and shows the panel."""
    scene = w.scene
    shown = scene.panel.clip(scene.room.panel)  # the part of the panel in its strip
    before = w.screen.pixels(shown)
    board = w.screen.pixels(scene.base.layout.board)
    w.key(key)
    assert w.scene is scene and not scene.panel_shown
    assert w.screen.pixels(shown) != before
    assert w.screen.pixels(scene.base.layout.board) == board  # untouched
    w.click(scene.buttons.buttons[0].rect.center)  # New game, hidden: nothing happens
    assert w.scene is scene
    w.key(key)
    assert scene.panel_shown and w.screen.pixels(shown) == before


@pytest.mark.parametrize("level", LEVELS)
def test_after_a_loss_the_panel_leaves_the_board_the_fatal_mine_and_wrong_flags_in_view(window, level):
    w = window(["--difficulty", level, "--seed", "7"])
    wrong = lose(w)
    scene = w.scene
    layout, game = scene.base.layout, scene.base.game
    assert scene.busy()  # the explosion plays at the mine first
    assert w.screen.get_size() == scene.size() == scene.base.size()  # in the playing window
    w.step(60)
    assert scene.ready()
    wait_postmortem(w)  # its line lays the panel out again when the review arrives
    assert_panel_clear_of_the_board(w)
    assert shows_sprite(w, layout, game.exploded, "mine_hit")
    assert shows_sprite(w, layout, wrong, "wrong_flag")
    assert_v_toggles(w, pygame.K_h)  # after a loss V shows the post-mortem (test_ui_postmortem)
    size = w.screen.get_size()
    w.key(pygame.K_r)  # retry: the same window, and clicks land on their cells
    assert isinstance(w.scene, Playing) and w.screen.get_size() == size == w.scene.size()
    w.click_cell((0, 0))
    assert game.is_revealed((0, 0)) or game.state is State.LOST


@pytest.mark.parametrize("level", LEVELS)
def test_after_a_win_the_panel_and_its_name_field_leave_the_board_in_view(window, level):
    w = window(["--difficulty", level], deal=11)  # dealt, not --seed: a win may be a best time
    win(w)
    scene = w.scene
    assert scene.rank == 1 and scene.field is not None  # the first win is a best time
    assert_panel_clear_of_the_board(w)
    for cell in scene.base.game.layout():
        assert shows_sprite(w, scene.base.layout, cell, "flag")
    w.key(pygame.K_TAB)  # V types into the focused field; released by Tab, V toggles the panel
    assert not scene.field.focused
    assert_v_toggles(w)
    size = w.screen.get_size()
    w.click(scene.base.layout.face.center)  # the face still starts a new game, in the same window
    assert isinstance(w.scene, Playing) and w.screen.get_size() == size == w.scene.size()


def test_the_name_field_takes_typing_and_enter_where_the_panel_now_stands(window):
    w = window(["--difficulty", "beginner"], deal=11)
    win(w)
    victory = w.scene
    for _ in range(len(victory.field.value)):
        w.key(pygame.K_BACKSPACE)
    for ch in "Ada":
        w.key(pygame.key.key_code(ch.lower()), unicode=ch)
        w.post(pygame.TEXTINPUT, text=ch)
    w.key(pygame.K_RETURN)
    assert victory.saved_name == "Ada" and not victory.field.focused
    w.click(victory.field.rect.center)  # a click on the field takes the focus again
    assert victory.field.focused
    w.key(pygame.K_TAB)
    assert not victory.field.focused


def test_the_result_of_the_biggest_board_this_screen_shows_fits_the_screen_whole(window):
    from game.ui.play.layout import max_board
    w = window(["--difficulty", "beginner"])
    area = w.display.area()
    rows, cols = max_board(area)
    pygame.display.quit()
    for outcome in (lose, win):
        w = window(["--rows", str(rows), "--cols", str(cols), "--mines", "40", "--seed", "3"])
        layout = w.scene.layout
        outcome(w)
        w.step(60)
        width, height = w.scene.size()
        assert width <= area[0] and height <= area[1] and w.display.view[0] == 1
        assert not w.scene.panel.colliderect(layout.board)
        pygame.display.quit()


def test_a_one_row_result_fits_the_room_kept_under_the_window():
    from game.ui.play.layout import MARGIN, MIN_SIDE_W, RESULT_ROOM_H
    from game.ui.play.result_panel import ResultPanel
    width = 1024 - 16 - MIN_SIDE_W - 2 * MARGIN  # the narrowest window without a side strip
    for title, lines in (("Boom!", ["Time 999.9 s  3BV 150/200"]),
                         ("You win!", ["Time 999.999 s", "3BV 999   3BV/s 99.99", "Efficiency 100%"])):
        panel = ResultPanel(title, lines, [], [], width)
        assert panel.mode == "row" and panel.rect.height + 2 * MARGIN <= RESULT_ROOM_H



def test_a_loss_with_its_post_mortem_and_figures_fits_the_room_kept_under_the_window():
    """The longest loss panel (the post-mortem line, the figures, Details and Why?, five
    buttons) in the narrowest window without a side strip still fits under the board."""
    from game.ui.play.layout import MARGIN, MIN_SIDE_W, RESULT_ROOM_H
    from game.ui.play.result_panel import ResultPanel
    width = 1024 - 16 - MIN_SIDE_W - 2 * MARGIN
    lines = ["Time 999.999 s  3BV 150/200",
             "Forced guess: no cell was safe; you survived 12 guesses (luck 1 in 4,096)",
             "3BV/s 99.99  IOS 9.99  RQP 999.9  IOE 9.99"]
    panel = ResultPanel("Boom!", lines, [], [], width, "Details", 5, "Why?")
    assert panel.rect.height + 2 * MARGIN <= RESULT_ROOM_H
    shown = [item[0] for item in panel.items]
    assert all(any(line in row for row in shown) for line in lines)  # every line is on the panel
    assert not panel.toggle_rect.colliderect(panel.why_rect)
    assert all(not panel.why_rect.colliderect(button) for button in panel.buttons)
