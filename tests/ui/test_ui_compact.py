"""Issue 35, item 3: the compact window (settings.compact, --compact, Options' "Window" line):
the HUD over the board and nothing else, the result, a hint and the counters over the board
as dialogs (game.ui.play.room.compact and dialog). Driven by posted events, headless."""

import json

import pygame
import pytest

from game.commands.cli import parse_args
from game.rules.engine import State
from game.records import settings as settings_file
from game.records.recording import open_records
from game.ui.play.layout import COMPACT_LEAST
from game.ui.shared.help import Help
from game.ui.play.playing import Playing
from game.ui.play.result import GameOver, Victory
from game.ui.play.solver_view import THINKING, HintPanel
from tests.play_helpers import wait_postmortem, win_by_clicks
from tests.ui.test_competitive_window import open_options
from tests.ui.test_ui_layout import test_help_pause_hint_and_a_message_fit_the_smallest_windows as fits_smallest
from tests.ui.test_ui_solver import answered


def window_rect(scene) -> pygame.Rect:
    return pygame.Rect((0, 0), scene.size())


def canvas_size(w) -> tuple[int, int]:
    return w.screen.get_size() if hasattr(w.screen, "get_size") else w.screen.surface.get_size()


def saved(data_dir) -> dict:
    return json.loads((data_dir / "settings.json").read_text(encoding="utf-8"))


def assert_dialog_whole(result) -> None:
    """The result dialog is inside the window, every button inside the dialog's visible
    panel (none scrolled out of view), the panel not scrolled."""
    window = window_rect(result.base)
    assert result.room.where == "dialog"
    assert window.contains(result.room.strip), (result.room.strip, window)
    assert result.most_scroll == 0 and result.scroll == 0
    for button in result.buttons.buttons:
        assert result.room.panel.contains(button.rect), (button.label, button.rect, result.room.panel)


def click_new_game(w, result) -> Playing:
    """Click the dialog's New game; the new game's scene (asserted new and not started)."""
    old = result.base
    new_game = next(b for b in result.buttons.buttons if b.label == "New game")
    w.click(new_game.rect.center)
    scene = w.scene
    assert isinstance(scene, Playing) and scene is not old
    assert scene.game.state is State.READY and scene.compact
    return scene


@pytest.mark.parametrize("level", ["beginner", "expert"])
def test_the_compact_window_is_the_board_layout_and_no_strip(window, level):
    w = window(["--compact", "--difficulty", level], deal=3)
    scene = w.scene
    assert isinstance(scene, Playing) and scene.compact
    assert scene.size() == scene.layout.size
    assert canvas_size(w) == scene.layout.size
    assert scene.room.strip.width == 0 and scene.room.over_board
    pygame.display.quit()
    side = window(["--difficulty", level], deal=3).scene  # the side panel's window is wider or taller
    assert side.size() != side.layout.size and not side.compact


def test_a_tiny_board_compact_window_keeps_room_for_the_help_and_a_dialog(window):
    w = window(["--compact", "--rows", "1", "--cols", "2", "--mines", "1"], deal=3)
    scene = w.scene
    assert scene.size() == scene.layout.size
    assert scene.size()[0] >= COMPACT_LEAST[0] and scene.size()[1] >= COMPACT_LEAST[1]
    assert window_rect(scene).contains(scene.layout.board)


@pytest.mark.parametrize("size", [("1", "2"), ("2", "1")])
def test_help_pause_hint_and_a_message_fit_the_smallest_compact_windows(window, size):
    fits_smallest(lambda argv: window(["--compact", *argv]), size)  # as the side panel's windows


@pytest.mark.parametrize("argv", [["--difficulty", "beginner"], ["--rows", "1", "--cols", "2", "--mines", "1"]])
def test_the_help_in_a_short_compact_window_is_inside_it_and_scrolls_to_its_last_line(window, argv):
    w = window(["--compact", *argv])
    w.key(pygame.K_F1)
    help_ = w.scene
    assert isinstance(help_, Help) and window_rect(help_.base).contains(help_.panel())
    # 262 pixels high: one column at the smallest font, less 6 rows (E: issue 39; Tab and Ctrl+Tab: issue 40)
    hidden = help_.hidden_rows()
    assert 0 < hidden <= 6 and len(help_.fit().columns) == 1
    for _ in range(hidden):
        w.key(pygame.K_DOWN)
    assert help_.fit().columns[-1][-1] == help_.lines()[-1] and window_rect(help_.base).contains(help_.panel())


def test_a_loss_shows_the_result_dialog_whole_and_new_game_starts_a_game(window):
    w = window(["--compact", "--difficulty", "beginner"], deal=3)
    w.click_cell((4, 4))
    game = w.scene.game
    mine = next(cell for cell in sorted(game.layout()) if game.appearance(cell) == "covered")
    w.click_cell(mine)
    w.step(60)  # the explosion's animation
    wait_postmortem(w)
    result = w.scene
    assert isinstance(result, GameOver) and result.ready() and result.panel_shown
    assert_dialog_whole(result)
    assert window_rect(result.base).collidepoint(result.room.strip.center)
    assert result.base.size() == result.base.layout.size  # the window did not grow for the dialog
    click_new_game(w, result)


@pytest.mark.parametrize("argv", [[], ["--seed", "5"]], ids=["best-time", "not-a-best"])
def test_a_win_shows_the_result_dialog_whole_and_new_game_starts_a_game(window, argv):
    w = window(["--compact", "--difficulty", "beginner", *argv], deal=3)
    win_by_clicks(w)
    w.step(3)
    result = w.scene
    assert isinstance(result, Victory) and result.ready()
    assert bool(result.celebration_lines()) == (not argv)  # the first win is a best time: a name field
    assert_dialog_whole(result)
    if result.field is not None:
        assert result.room.panel.contains(result.field.rect)
    click_new_game(w, result)


def test_h_shows_the_hint_as_a_dialog_over_the_board(window):
    w = window(["--compact", "--difficulty", "expert"], deal=3)
    w.click_cell((8, 15))
    size = w.scene.size()
    w.key(pygame.K_h)
    panel = answered(w)
    assert isinstance(panel, HintPanel) and not panel.waiting
    assert panel.room is None  # no strip: on the board
    assert window_rect(panel.base).contains(panel.panel) and panel.panel.colliderect(panel.base.layout.board)
    assert panel.base.size() == size == panel.base.layout.size


def test_thinking_shows_over_the_board_too(window):
    w = window(["--compact", "--difficulty", "beginner"], deal=3)
    w.click_cell((4, 4))
    playing = w.scene
    panel = HintPanel(playing.services, playing, playing.assist.request_hint())
    panel.hint = THINKING  # as while the solver's process works the hint out
    panel.panel, panel.lines = panel._layout()
    assert panel.waiting and panel.room is None  # not in a strip: there is none
    assert window_rect(playing).contains(panel.panel) and panel.panel.colliderect(playing.layout.board)


def test_the_counters_stand_over_the_board_and_a_press_on_them_plays_nothing(window):
    w = window(["--compact", "--difficulty", "expert"], deal=3)
    w.key(pygame.K_F3)
    scene = w.scene
    rect = scene.counters.panel.rect
    assert rect is not None and rect.colliderect(scene.layout.board) and not rect.colliderect(scene.layout.hud)
    assert scene.size() == scene.layout.size
    under = scene.layout.cell_at(rect.center)
    assert under is not None
    w.click_cell(under)
    assert scene.game.state is State.READY  # the press fell on the counters
    w.key(pygame.K_F3)
    w.click_cell(under)
    assert scene.game.state is not State.READY


def test_a_big_boards_compact_window_fills_its_place_and_the_counters_leave_the_minimap_clear(window):
    w = window(["--compact", "--rows", "300", "--cols", "300", "--mines", "5000"], deal=3)
    scene = w.scene
    assert scene.controls.active and scene.minimap is not None and scene.size() == scene.layout.size
    w.key(pygame.K_F3)
    rect = scene.counters.panel.rect
    assert rect is not None and not rect.colliderect(scene.minimap.rect) and window_rect(scene).contains(rect)


def test_options_window_line_saves_compact_and_the_next_launch_plays_compact(window, isolated_data_dir):
    w = window([], deal=3)
    options = open_options(w)
    row = [label for label, _value in options.rows()].index("Window")
    assert options.rows()[row][1] == "side panel"
    w.click(options.row_rect(row).center)
    assert options.rows()[row][1] == "compact" and saved(isolated_data_dir)["compact"] is True
    records = open_records(str(isolated_data_dir), stderr=None)
    try:
        assert records.settings.compact is True and records.warnings == []
    finally:
        records.close()
    w.key(pygame.K_ESCAPE)
    w.click(w.scene.list.buttons[0].rect.center)  # Beginner: the next game is compact
    assert isinstance(w.scene, Playing) and w.scene.compact and w.scene.size() == w.scene.layout.size
    pygame.display.quit()
    again = window(["--difficulty", "expert"], deal=3).scene  # the next launch
    assert again.compact and again.size() == again.layout.size


def test_the_options_window_line_is_spanish_in_spanish(window):
    w = window(["--lang", "es"], deal=3)
    options = open_options(w)
    assert ("Ventana", "panel lateral") in options.rows()


@pytest.mark.parametrize("flag, saved_value", [("--compact", False), ("--no-compact", True)])
def test_the_command_line_overrides_the_saved_window_for_the_run_only(window, isolated_data_dir, flag, saved_value):
    settings_file.save(settings_file.Settings(compact=saved_value), isolated_data_dir / "settings.json")
    w = window([flag, "--difficulty", "beginner"], deal=3)
    scene = w.scene
    assert scene.compact is (not saved_value) and (scene.size() == scene.layout.size) is (not saved_value)
    assert scene.services.records.settings.compact is saved_value  # the saved choice is untouched
    win_by_clicks(w)  # a game recorded (and its settings written, if anything wrote them)
    assert saved(isolated_data_dir)["compact"] is saved_value


@pytest.mark.parametrize("argv", [["--compact", "--no-compact"], ["--console", "--compact"],
                                  ["--stats", "--no-compact"]])
def test_the_command_line_refuses_compact_where_it_means_nothing(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        parse_args(argv)
    assert exit_.value.code == 2


def test_a_settings_file_with_a_bad_compact_warns_and_uses_the_side_panel():
    loaded, warnings = settings_file.from_dict({"compact": "yes"})
    assert loaded.compact is False and len(warnings) == 1 and "compact" in warnings[0]
