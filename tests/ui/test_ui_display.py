"""The window scale option: chosen in Options, applied to the window, saved, used by the next run."""

import json
import math
import warnings

import pygame

from game.ui.options import screen as options_scene
from game.ui.options.screen import Options
from tests.play_helpers import drawn_texts

DISPLAY_ROW = 4


def open_options(w) -> Options:
    w.click(w.scene.list.buttons[4].rect.center)
    assert isinstance(w.scene, Options)
    return w.scene


def window_size() -> tuple[int, int]:
    """The real window's size in screen pixels (the display module's window)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module().size


def test_a_chosen_scale_sizes_the_window_and_is_saved(window, isolated_data_dir):
    w = window([])
    # Options (15 lines in two columns, 588x310 pixels) fits a 1024x768 screen (the dummy
    # driver's) only at 1x, and a scale that is not whole is offered up to the largest whole
    # one that fits: a 1280x1024 screen shows it at 2x, so 1.5x and 2x can be chosen.
    w.display.desktop = (1280, 1024)
    options = open_options(w)
    assert options.display_name() == "window, auto size"
    w.click(options.row_rect(DISPLAY_ROW).center)  # auto -> 1x
    assert options.display_name() == "window, 1x"
    logical = w.scene.services.display.size
    assert window_size() == logical
    w.click(options.row_rect(DISPLAY_ROW).center)  # 1x -> 1.5x: not only whole scales
    assert options.display_name() == "window, 1.5x"
    assert window_size() == (math.ceil(logical[0] * 1.5), math.ceil(logical[1] * 1.5))
    assert w.display.view[0] == 1.5  # drawn at 1.5x, not shown at 1x and blurred up
    assert w.screen.surface.get_size() == (round(logical[0] * 1.5), round(logical[1] * 1.5))
    w.click(options.row_rect(DISPLAY_ROW).center)  # 1.5x -> 2x
    assert window_size() == (logical[0] * 2, logical[1] * 2)
    saved = json.loads((isolated_data_dir / "settings.json").read_text())
    assert saved["scale"] == 2 and saved["fullscreen"] is False

    again = window([])  # the next run opens at the saved scale, for the menu and for a board
    assert window_size() == (again.scene.services.display.size[0] * 2, again.scene.services.display.size[1] * 2)
    again.key(pygame.K_RETURN)  # Beginner
    board = again.scene.services.display.size
    assert window_size() == (board[0] * 2, board[1] * 2)


def test_the_display_cycle_goes_through_fullscreen_and_back_to_auto(window, isolated_data_dir):
    w = window([])
    options = open_options(w)
    for _ in range(7):  # auto, 1x, 1.5x, 2x, 2.5x, 3x, 4x -> fullscreen
        options.change(DISPLAY_ROW)
    assert options.display_name() == "fullscreen" and w.scene.services.display.fullscreen
    options.change(DISPLAY_ROW)
    assert options.display_name() == "window, auto size" and not w.scene.services.display.fullscreen
    saved = json.loads((isolated_data_dir / "settings.json").read_text())
    assert saved["scale"] is None and saved["fullscreen"] is False
    options.change(DISPLAY_ROW, -1)  # Left goes back: auto -> fullscreen
    assert options.display_name() == "fullscreen"


def test_a_scale_too_big_for_the_screen_is_capped(window):
    w = window([])
    display = w.scene.services.display
    display.set_scale(50)
    most = display.fitting_scale()
    assert window_size() == (display.size[0] * most, display.size[1] * most)


def test_a_window_resized_to_nothing_and_back_keeps_the_game(window):
    w = window(["--difficulty", "beginner", "--seed", "6"])
    scene = w.scene
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        real = pygame.Window.from_display_module()
    real.size = (1, 1)
    w.post(pygame.VIDEORESIZE, size=(0, 0), w=0, h=0)
    w.post(pygame.WINDOWSIZECHANGED, x=0, y=0)
    w.post(pygame.WINDOWMINIMIZED)
    w.step(5)
    assert w.scene is scene
    real.size = (scene.size()[0] * 2, scene.size()[1] * 2)
    w.post(pygame.WINDOWSIZECHANGED, x=real.size[0], y=real.size[1])
    w.post(pygame.WINDOWRESTORED)
    w.click_cell((3, 7), button=3)
    assert scene.game.appearance((3, 7)) == "flag"


def test_the_window_shows_the_canvas_at_its_scale_after_each_present(window):
    w = window(["--difficulty", "beginner", "--seed", "6"])
    w.display.set_scale(2)
    w.scene.invalidate()
    w.step()
    w.click_cell((4, 4))
    w.click_cell((0, 0), button=3)
    factor, left, top = w.display.view
    assert factor == 2
    shown = pygame.display.get_surface()
    canvas = w.screen
    for x in range(0, canvas.get_width(), 7):
        for y in range(0, canvas.get_height(), 7):
            assert shown.get_at((left + x * 2 + 1, top + y * 2 + 1)) == canvas.get_at((x, y)), (x, y)


def test_changed_bands_cover_exactly_the_changed_rows():
    from game.ui.display import changed_bands
    pitch = 4
    before = bytes(4 * 20)
    after = bytearray(before)
    assert changed_bands(before, bytes(after), pitch, gap=3) == []
    after[2 * pitch] = 1  # row 2
    after[3 * pitch + 3] = 1  # row 3
    after[5 * pitch] = 1  # row 5: 2 rows after row 3, merged (gap 3)
    after[15 * pitch] = 1  # row 15: its own band
    assert changed_bands(before, bytes(after), pitch, gap=3) == [(2, 6), (15, 16)]
    assert changed_bands(before, bytes(after), pitch, gap=1) == [(2, 4), (5, 6), (15, 16)]


def test_a_scale_the_screen_cannot_show_says_so_in_options_and_the_next_board_shows_at_what_it_said(
        window, monkeypatch):
    """Issue 35, item 5: on a 1280x1024 screen 2.5x, 3x and 4x changed nothing, without a word.
    Options now says the scale this screen shows at, and, for a next board the scale does not
    fit, the scale it will show at; that game then opens at that scale."""
    w = window([])
    w.display.desktop = (1280, 1024)  # faked: the dummy driver's is 1024x768
    w.scene.services.set_option(difficulty="expert")
    options = open_options(w)
    seen = drawn_texts(monkeypatch, options_scene)
    names, notes = [], []
    for _ in range(6):  # auto -> 1x, 1.5x, 2x, 2.5x, 3x, 4x
        w.click(options.row_rect(DISPLAY_ROW).center)
        names.append(options.display_name())
        notes.append(options.display_note())
    assert names == ["window, 1x", "window, 1.5x", "window, 2x", "window, 2.5x (here 2x)", "window, 3x (here 2x)",
                     "window, 4x (here 2x)"]
    assert notes[:3] == ["", "", ""]
    assert notes[3:] == [f"{scale}x does not fit this screen for the next board (Expert): it will show at 2x."
                         for scale in ("2.5", "3", "4")]
    seen.clear()
    w.scene.invalidate()
    w.step()
    messages = [message for message, _pos in seen]
    assert "< window, 4x (here 2x) >" in messages and notes[-1] in messages  # drawn beside the value and under the lines
    assert w.display.view[0] == 2
    w.key(pygame.K_ESCAPE)
    w.click(w.scene.list.buttons[2].rect.center)  # Expert
    size = w.scene.services.display.size
    assert w.display.view[0] == 2 and window_size() == (size[0] * 2, size[1] * 2)


def test_beginner_fits_3x_on_that_screen_so_only_4x_gets_the_note_and_spanish_says_it(window):
    from game import i18n
    w = window([])
    w.display.desktop = (1280, 1024)
    options = open_options(w)
    for _ in range(5):  # -> 3x
        options.change(DISPLAY_ROW)
    assert options.display_name() == "window, 3x (here 2x)" and options.display_note() == ""
    options.change(DISPLAY_ROW)  # 4x
    assert options.display_note() == "4x does not fit this screen for the next board (Beginner): it will show at 3x."
    i18n.set_language("es")
    options.change(DISPLAY_ROW, -1)
    options.change(DISPLAY_ROW, -1)  # 2.5x
    assert options.display_name() == "ventana, 2,5x (aquí 2x)"
    w.scene.services.set_option(difficulty="expert")
    assert options.display_note() == ("2,5x no cabe en esta pantalla para el próximo tablero (Avanzado): "
                                      "se verá a 2x.")


def no_window_manager(monkeypatch):
    """An X server with no window manager, as game.ui.display finds it (the dummy driver
    would make the window full screen)."""
    from game.ui import display
    monkeypatch.setattr(display, "fullscreen_available", lambda: False)


def test_f11_where_full_screen_cannot_be_had_keeps_the_window_says_why_and_the_game_goes_on(
        window, monkeypatch, isolated_data_dir):
    """Issue 35, item 5: under an X server with no window manager F11 drew a full-screen layout
    into the unchanged window (SDL said the window was full screen), cropping the timer."""
    from game.ui.display import NO_FULLSCREEN
    from game.ui.shared.confirm import MessageBox
    no_window_manager(monkeypatch)
    w = window(["--difficulty", "beginner", "--seed", "6"])
    playing, before, view = w.scene, window_size(), w.display.view
    covered = playing.game.appearance((0, 0))
    w.click_cell((4, 4))
    w.key(pygame.K_F11)
    assert isinstance(w.scene, MessageBox) and w.scene.base is playing
    assert w.scene.title == "Full screen" and " ".join(w.scene.shown) == NO_FULLSCREEN
    assert not w.display.fullscreen and window_size() == before and w.display.view == view
    assert w.screen.surface.get_size() == (round(playing.size()[0] * view[0]), round(playing.size()[1] * view[0]))
    assert not (isolated_data_dir / "settings.json").exists() or \
        json.loads((isolated_data_dir / "settings.json").read_text())["fullscreen"] is False
    w.key(pygame.K_RETURN)  # OK
    assert w.scene is playing
    cell = next((r, c) for r in range(9) for c in range(9) if playing.game.appearance((r, c)) == covered)
    w.click_cell(cell, button=3)  # the game still answers
    assert playing.game.appearance(cell) == "flag"


def test_options_says_full_screen_is_not_available_and_the_display_line_then_skips_it(window, monkeypatch):
    from game.ui.display import NO_FULLSCREEN
    no_window_manager(monkeypatch)
    w = window([])
    options = open_options(w)
    options.change(DISPLAY_ROW, -1)  # auto -> fullscreen: refused
    assert options.message == NO_FULLSCREEN and options.display_name() == "window, auto size"
    assert not w.display.fullscreen and isinstance(w.scene, Options)
    options.change(DISPLAY_ROW, -1)  # full screen skipped: auto -> 4x
    assert options.message == "" and options.display_name().startswith("window, 4x")


def test_a_launch_that_asks_for_full_screen_where_it_cannot_be_had_opens_windowed_and_says_why(
        window, monkeypatch):
    from game.ui.display import NO_FULLSCREEN
    from game.ui.shared.confirm import MessageBox
    no_window_manager(monkeypatch)
    w = window(["--fullscreen"])
    assert not w.display.fullscreen and isinstance(w.scene, MessageBox)
    assert " ".join(w.scene.shown) == NO_FULLSCREEN


def test_a_chosen_2_5x_that_fits_the_next_board_is_the_scale_it_opens_at(window):
    """Intermediate's window (494x323 with its strip) fits a 1280x1024 screen at 2.5x: it opened
    at 2x all the same (a chosen scale was kept only up to the largest whole one that fits)."""
    w = window([])
    w.display.desktop = (1280, 1024)
    w.scene.services.set_option(difficulty="intermediate")
    options = open_options(w)
    for _ in range(4):  # auto -> 1x, 1.5x, 2x, 2.5x
        options.change(DISPLAY_ROW)
    assert options.display_name() == "window, 2.5x (here 2x)"  # Options itself (588 wide) fits 2x
    assert options.display_note() == ""
    assert options.board_scale() == 2.5
    w.key(pygame.K_ESCAPE)
    w.click(w.scene.list.buttons[1].rect.center)  # Intermediate
    size = w.scene.services.display.size
    assert w.display.view[0] == 2.5
    assert window_size() == (math.ceil(size[0] * 2.5), math.ceil(size[1] * 2.5))
