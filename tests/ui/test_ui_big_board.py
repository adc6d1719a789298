"""A board bigger than the window, played headless by posted events: the wheel scrolls,
Ctrl+wheel and + / - zoom around the pointer, Ctrl+drag pulls the board, Page Up / Down and
Home / End jump, the keyboard cursor keeps in view, and a click after all that lands on the
cell under the pointer. Standard levels take none of these events."""

import pygame
import pytest

from game.ui.play.camera_keys import ZOOM_STEPS
from game.ui.play.camera_view import CameraView
from game.ui.play.layout import RESULT_ROOM_H
from game.ui.play.playing import Playing


@pytest.fixture
def big(window):
    w = window(["--rows", "400", "--cols", "600", "--mines", "30000", "--seed", "2"])
    assert isinstance(w.scene, Playing) and isinstance(w.scene.view, CameraView)
    yield w
    pygame.key.set_mods(0)


def wheel(w, dy=0, dx=0, mods=0):
    pygame.key.set_mods(mods)
    w.post(pygame.MOUSEWHEEL, x=dx, y=dy, flipped=False, precise_x=float(dx), precise_y=float(dy))
    pygame.key.set_mods(0)


def test_the_wheel_scrolls_and_shift_wheel_scrolls_sideways(big):
    camera = big.scene.layout.camera
    x, y = camera.scroll_x, camera.scroll_y
    wheel(big, dy=-2)  # two notches towards the player: down the board
    assert (camera.scroll_x, camera.scroll_y) == (x, y + 2 * 3 * camera.cell)
    wheel(big, dy=-1, mods=pygame.KMOD_SHIFT)
    assert camera.scroll_x == x + 3 * camera.cell


def test_zoom_keeps_the_cell_under_the_pointer_and_a_click_then_hits_it(big):
    scene = big.scene
    camera = scene.layout.camera
    pointer = (camera.viewport.left + 101, camera.viewport.top + 77)
    big.move(pointer)
    under = camera.cell_at(pointer)
    wheel(big, dy=1, mods=pygame.KMOD_CTRL)  # zoom in a step
    assert camera.cell == 32 and camera.cell_at(pointer) == under
    big.key(pygame.K_MINUS)
    big.key(pygame.K_MINUS)
    assert camera.cell == 20 and camera.cell_at(pointer) == under
    big.key(pygame.K_PAGEDOWN)
    big.key(pygame.K_END)
    target = camera.cell_at(pointer)
    assert target != under
    big.click(pointer)
    assert scene.game.appearance(target) != "covered"  # the click revealed the cell it was on


def test_zoomed_all_the_way_out_the_whole_board_shows_as_an_overview(big):
    camera = big.scene.layout.camera
    for _ in range(len(ZOOM_STEPS) + 1):
        big.key(pygame.K_MINUS)
    assert camera.cell == camera.min_cell
    rows, cols = camera.visible()
    assert (len(rows), len(cols)) == (400, 600)
    assert big.scene.view.overviewed


def test_ctrl_drag_pulls_the_board_and_reveals_nothing(big):
    scene = big.scene
    camera = scene.layout.camera
    start = camera.viewport.center
    x, y = camera.scroll_x, camera.scroll_y
    pygame.key.set_mods(pygame.KMOD_CTRL)
    big.mouse_down(start)
    big.move((start[0] - 50, start[1] - 30))
    big.mouse_up((start[0] - 50, start[1] - 30))
    pygame.key.set_mods(0)
    assert (camera.scroll_x, camera.scroll_y) == (x + 50, y + 30)
    assert scene.game.mines_laid is False  # no click was made


def test_home_end_and_the_cursor_keep_the_view_where_the_player_looks(big):
    camera = big.scene.layout.camera
    big.key(pygame.K_HOME, mod=pygame.KMOD_CTRL)
    assert (camera.scroll_x, camera.scroll_y) == (0, 0)
    big.key(pygame.K_END, mod=pygame.KMOD_CTRL)
    assert camera.cell_at((camera.viewport.right - 1, camera.viewport.bottom - 1)) == (399, 599)
    for _ in range(30):
        big.key(pygame.K_LEFT)  # the cursor starts in the board's middle and walks left
    assert camera.shows(big.scene.cursor)


def test_a_standard_level_takes_no_camera_event(window):
    w = window(["--difficulty", "expert", "--seed", "1"])
    assert not w.scene.controls.active
    camera = w.scene.layout.camera
    before = (camera.cell, camera.scroll_x, camera.scroll_y)
    wheel(w, dy=1, mods=pygame.KMOD_CTRL)
    w.key(pygame.K_PAGEDOWN)
    assert (camera.cell, camera.scroll_x, camera.scroll_y) == before


@pytest.fixture
def opened(window):
    """A 120x200 board (too wide for the screen) after its first click."""
    w = window(["--rows", "120", "--cols", "200", "--mines", "2400", "--seed", "5"])
    assert not w.scene.layout.camera.fits
    w.click_cell(w.scene.layout.camera.cell_at(w.scene.layout.camera.viewport.center))
    yield w
    pygame.key.set_mods(0)


def test_a_hint_brings_its_move_into_view(opened):
    import time

    from game.ui.play.solver_view import HintPanel
    playing = opened.scene
    camera = playing.layout.camera
    opened.key(pygame.K_HOME, mod=pygame.KMOD_CTRL)  # look at the far corner, away from the opening
    opened.key(pygame.K_h)
    deadline = time.monotonic() + 20
    while isinstance(opened.scene, HintPanel) and opened.scene.waiting and time.monotonic() < deadline:
        opened.step(5)
    hint = playing.hint
    assert hint is not None and hint.cell is not None
    assert camera.shows(hint.cell)


def test_the_probability_overlay_covers_the_cells_in_view_and_follows_the_view(opened):
    from game.ui.play.solver_view import in_view
    playing = opened.scene
    camera = playing.layout.camera
    opened.key(pygame.K_o)
    opened.step(10)
    layer = playing.probability_layer
    built = layer.builds
    probabilities = playing.assist.probabilities() or {}
    rows, cols = camera.visible()
    shown = in_view(camera, probabilities)
    assert shown and all(r in rows and c in cols for r, c in shown)
    assert len(shown) < len(probabilities)
    wheel(opened, dy=-1)
    opened.step(2)
    assert layer.builds > built  # drawn again for the cells now in view


def test_on_a_huge_board_the_overlay_is_counted_off_the_frame_and_says_thinking(window, monkeypatch):
    """O on a board over BACKGROUND_CELLS: the frame that asks for the count does not wait for
    it (it says "Thinking..." and goes on); the overlay is drawn when the answer is in. (How
    soon the answer comes is the machine's: a small frontier may be counted within a frame or
    two, so the test looks for the frame that said it was thinking, not for a count still out.)"""
    import time
    from game.ui.play import solver_view
    from tests.play_helpers import drawn_texts
    w = window(["--rows", "400", "--cols", "600", "--mines", "36000", "--seed", "3"])
    playing = w.scene
    camera = playing.layout.camera
    w.click_cell(camera.cell_at(camera.viewport.center))
    said = drawn_texts(monkeypatch, solver_view)
    w.key(pygame.K_o)
    deadline = time.monotonic() + 30
    while (playing.assist.counting or not playing.probability_layer.builds) and time.monotonic() < deadline:
        w.step(1)
    w.step(2)
    thinking = solver_view._(solver_view.THINKING_STRIP[0])
    assert any(message == thinking for message, _pos in said)  # a frame drawn while it was counted
    assert not playing.assist.counting and playing.probability_layer.builds >= 1


def test_on_a_huge_board_autoplay_thinks_off_the_frame_and_plays_on(window):
    """Autoplay (A) on a board over BACKGROUND_CELLS: each analysis is worked out on the worker
    thread while frames go on (the strip says it is thinking), then its moves are made."""
    import time
    from game.ui.play.bv_counter import BACKGROUND_CELLS
    w = window(["--rows", "150", "--cols", "200", "--mines", "3000", "--seed", "5"])
    playing = w.scene
    assert playing.game.config.cells > BACKGROUND_CELLS
    w.key(pygame.K_a)
    seen_thinking = False
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(playing.autoplay.log) < 6 and playing.autoplay.running:
        w.step(1)
        seen_thinking = seen_thinking or playing.autoplay.thinking
    assert seen_thinking, "the analysis never ran off the frame"
    assert len(playing.autoplay.log) >= 3, "autoplay stopped before it had played"
    kinds = {kind for _, kind in playing.autoplay.log}
    assert "first" in kinds and kinds & {"safe", "guess", "endgame"}
    w.key(pygame.K_SPACE)  # any key stops it
    assert not playing.autoplay.running


def test_the_minimap_shows_the_whole_board_and_a_click_on_it_moves_the_view(big):
    scene = big.scene
    camera, minimap = scene.layout.camera, scene.minimap
    assert minimap.shown and camera.viewport.contains(minimap.rect)
    rect = minimap.rect
    big.click((rect.left + 2, rect.bottom - 3))  # near the bottom-left corner of the board
    rows, cols = camera.visible()
    assert rows.stop == 400 and cols.start == 0  # the view went there
    assert scene.game.mines_laid is False  # the click on the minimap is not a move
    shown = big.screen.pixels(rect)
    big.key(pygame.K_TAB)
    assert not minimap.shown and big.screen.pixels(rect) != shown
    big.key(pygame.K_TAB)
    assert minimap.shown


def test_help_lists_the_big_boards_controls_over_a_big_board_and_a_standard_level_alike(big, window):
    """Issue 27: F1 lists Tab, + and - everywhere (under their heading), not only over a big board."""
    from game.ui.shared.help import BIG_BOARD, BIG_TITLE, CONTROLS, Help
    everything = CONTROLS + ((None, BIG_TITLE),) + BIG_BOARD
    big.key(pygame.K_F1)
    assert isinstance(big.scene, Help) and big.scene.controls == everything
    assert big.scene.panel().height <= big.scene.size()[1]
    big.key(pygame.K_ESCAPE)
    small = window(["--difficulty", "beginner", "--seed", "1"])
    small.key(pygame.K_F1)
    assert isinstance(small.scene, Help) and small.scene.controls == everything



def test_a_replay_of_a_big_board_scrolls_and_zooms_with_the_wheel(window):
    """A 120x200 game lost in the window is watched with --replay last: the viewer opens on the
    board's middle through its camera; the wheel scrolls it, Ctrl+wheel zooms, and + is still
    the viewer's own key (faster)."""
    from game.commands.cli import parse_args
    from game.rules.engine import State
    from game.commands.replay_commands import prepare_replay
    from game.ui.app import build
    from game.ui.clock import FakeClock
    from tests.driver import Driver
    from game.ui.replay.viewer import ReplayViewer

    w = window(["--rows", "120", "--cols", "200", "--mines", "2400"], deal=5)
    camera = w.scene.layout.camera
    w.click_cell(camera.cell_at(camera.viewport.center))
    game = w.scene.game
    w.click_cell(next(c for c in sorted(game.layout()) if camera.shows(c)))
    assert game.state is State.LOST
    pygame.display.quit()
    args = parse_args(["--replay", "last"])
    assert prepare_replay(args) is None
    loop, _ = build(args, clock=FakeClock())
    v = Driver(loop)
    v.step()
    scene = v.scene
    assert isinstance(scene, ReplayViewer) and isinstance(scene.view, CameraView)
    camera = scene.layout.camera
    y, cell, speed = camera.scroll_y, camera.cell, scene.speed
    wheel(v, dy=-1)
    assert camera.scroll_y == y + 3 * cell
    wheel(v, dy=1, mods=pygame.KMOD_CTRL)
    assert camera.cell > cell
    v.key(pygame.K_PLUS)
    assert scene.speed == speed + 1 and camera.cell > cell


def test_a_big_boards_view_grows_and_shrinks_with_the_window(big):
    import warnings
    scene = big.scene
    middle = scene.layout.camera.cell_at(scene.layout.camera.viewport.center)
    big.key(pygame.K_MINUS)
    cell = scene.layout.camera.cell
    for size in ((700, 500), (1000, 700)):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().size = size
        big.post(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])
        camera = scene.layout.camera
        assert scene.size() == size and big.display.view[0] == 1  # more cells, not a bigger picture
        assert scene.layout.size == (size[0], size[1] - RESULT_ROOM_H)  # the panels' strip stays under it
        assert camera.cell == cell and abs(camera.cell_at(camera.viewport.center)[0] - middle[0]) <= 1
        target = camera.cell_at((camera.viewport.left + 40, camera.viewport.bottom - 30))
        assert camera.shows(target)
    big.click(big.scene.layout.camera.cell_rect(target).center)
    assert scene.game.appearance(target) != "covered"


def test_fullscreen_shows_more_of_a_big_board_and_back_gives_the_window_again(big):
    """F11 on a big board: the view fills the desktop at the same zoom (more cells, the HUD
    still above them), a click still lands on its cell; F11 again gives the window back."""
    import warnings
    scene = big.scene
    before, cell = scene.size(), scene.layout.camera.cell
    big.key(pygame.K_F11)
    desktop = big.display.desktop
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
        window.size = desktop  # what the desktop fullscreen window is (the dummy driver keeps sizes)
    big.post(pygame.WINDOWSIZECHANGED, x=desktop[0], y=desktop[1])
    camera = scene.layout.camera
    assert scene.size() == desktop and camera.cell == cell and big.display.view[0] == 1
    assert scene.layout.hud.bottom <= camera.viewport.top  # the HUD stays fixed above the board
    target = camera.cell_at((camera.viewport.right - 30, camera.viewport.bottom - 30))
    big.click(camera.cell_rect(target).center)
    assert scene.game.appearance(target) != "covered"
    big.key(pygame.K_F11)
    assert tuple(window.size) == before  # the display gives the windowed size back, not the screen's
    big.post(pygame.WINDOWSIZECHANGED, x=before[0], y=before[1])
    assert scene.size() == before and scene.layout.camera.cell == cell


def test_a_big_boards_hint_text_is_readable(window):
    """Issue 35: a big board's window is shown at 1x, where the hint panel's 14-pixel text had
    a 10-pixel em; on a big board its title, text and footer have an em of at least 12 screen
    pixels, as the side panel's and the counters' (game.ui.shared.widgets.readable_size)."""
    import time
    from game.ui.shared import fonts
    from game.ui.play.solver_view import HintPanel
    w = window(["--rows", "400", "--cols", "600", "--mines", "36000", "--seed", "3"])
    camera = w.scene.layout.camera
    w.click_cell(camera.cell_at(camera.viewport.center))
    w.key(pygame.K_h)
    deadline = time.monotonic() + 30
    while isinstance(w.scene, HintPanel) and w.scene.waiting and time.monotonic() < deadline:
        w.step(1)
        time.sleep(0.005)
    panel = w.scene
    assert isinstance(panel, HintPanel) and w.display.view[0] == 1 and not panel.waiting
    title, body, footer = panel.text_sizes()
    assert min(fonts.point_size(size) for size in (title, body, footer)) >= 12, (title, body, footer)
    assert panel.room.panel.contains(panel.panel) and not panel.panel.colliderect(panel.base.layout.board)
