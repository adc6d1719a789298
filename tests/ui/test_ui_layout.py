"""Where things sit: the mine counter of a board of thousands of mines, the classic
levels unchanged to the pixel, and every overlay whole on the smallest boards."""

import pygame
import pytest

from game.ui.shared.assets import Assets
from game.ui.shared.canvas import Canvas
from game.ui.play.hud import draw_hud, led_text
from game.ui.play.layout import (FACE_GAP, LED_W, MIN_HEIGHT, MIN_SIDE_W, MIN_WINDOW_W, RESULT_ROOM_H, BoardLayout,
                            fit_cell)
from game.ui.shared.confirm import MessageBox
from game.ui.shared.help import Help
from game.ui.play.pause import Pause
from game.ui.play.result import GameOver, Victory
from game.ui.play.solver_view import HintPanel
import game.ui.shared.widgets as ui_widgets

CLASSIC = {  # (rows, cols, mines): size, hud, board, counter, timer, face as the Windows game draws them
    (9, 9, 10): ((200, 211), (8, 8, 184, 37), (28, 56, 144, 144), (16, 14, 41, 25), (143, 14, 41, 25),
                 (87, 13, 26, 26)),
    (16, 16, 40): ((278, 323), (8, 8, 262, 37), (11, 56, 256, 256), (16, 14, 41, 25), (221, 14, 41, 25),
                   (126, 13, 26, 26)),
    (16, 30, 99): ((502, 323), (8, 8, 486, 37), (11, 56, 480, 256), (16, 14, 41, 25), (445, 14, 41, 25),
                   (238, 13, 26, 26)),
}


@pytest.mark.parametrize("level", sorted(CLASSIC))
def test_the_standard_levels_keep_their_classic_geometry(level):
    layout = BoardLayout(*level[:2], mines=level[2])
    assert (layout.size, layout.hud, layout.board, layout.counter, layout.timer, layout.face) == CLASSIC[level]
    assert layout.counter_digits == 3


def test_led_text_has_the_classic_three_digits_and_more_when_asked():
    assert [led_text(v) for v in (7, 999, 4000, -5, -250)] == ["007", "999", "999", "-05", "-99"]
    assert [led_text(v, 4) for v in (2000, 7, -5, -2500)] == ["2000", "0007", "-005", "-999"]
    with pytest.raises(ValueError):
        led_text(3, 1)


@pytest.mark.parametrize("rows,cols,mines,digits", [
    (100, 100, 2000, 4), (32, 32, 999, 3), (32, 32, 1000, 4), (110, 100, 10999, 5), (1, 2, 1, 3),
    (1, 2, 1_000_000, 7)])  # the last is geometry only: the window widens for the HUD
def test_the_mine_counter_has_the_digits_of_the_mine_count_and_room_beside_the_face(rows, cols, mines, digits):
    layout = BoardLayout(rows, cols, 8, mines)
    assert layout.counter_digits == digits and layout.counter.width == digits * LED_W + 2
    assert layout.timer.width == 3 * LED_W + 2
    assert layout.counter.right + FACE_GAP <= layout.face.left
    assert layout.face.right + FACE_GAP <= layout.timer.left
    assert layout.hud.contains(layout.counter) and layout.hud.contains(layout.timer)
    assert pygame.Rect((0, 0), layout.size).contains(layout.hud)


def led_shows(screen, rect, assets, chars):
    """True when the LED in ``rect`` shows the sprites of ``chars`` (at the digits' size on
    ``screen``, a Canvas or a plain surface at scale 1), digit for digit."""
    canvas = screen if isinstance(screen, Canvas) else Canvas(screen)
    for i, ch in enumerate(chars):
        slot = (rect.left + 1 + i * LED_W, rect.top + 1, LED_W, rect.height - 2)
        sprite = assets.led_sprites(*canvas.rect(slot).size)["minus" if ch == "-" else ch]
        if canvas.pixels(slot) != pygame.image.tobytes(sprite, "RGB"):
            return False
    return True


def test_the_hud_draws_2000_mines_left_as_2000(window):
    window([])  # a display mode, for the sprites
    assets = Assets()
    layout = BoardLayout(100, 100, 8, 2000)
    screen = pygame.Surface(layout.size).convert()
    draw_hud(screen, layout, assets, 2000, 5, "normal")
    assert led_shows(screen, layout.counter, assets, "2000")
    assert led_shows(screen, layout.timer, assets, "005")
    draw_hud(screen, layout, assets, -12, 5, "normal")
    assert led_shows(screen, layout.counter, assets, "-012")


def test_a_board_of_1200_mines_shows_1200_on_the_counter(window):
    w = window(["--rows", "40", "--cols", "40", "--mines", "1200", "--seed", "3"])
    layout = w.scene.layout
    assert led_shows(w.screen, layout.counter, w.scene.services.assets, "1200")


# ----- the smallest boards: every overlay whole in the window ---------------------------------
def inside(w, rect):
    return pygame.Rect((0, 0), w.screen.get_size()).contains(rect)


def test_a_tiny_board_gets_a_window_tall_enough_with_the_board_centred(window):
    w = window(["--rows", "1", "--cols", "2", "--mines", "1"])
    layout = w.scene.layout
    assert w.screen.get_size() == w.scene.size() and layout.size[1] == MIN_HEIGHT
    assert w.scene.size() == w.scene.room.size  # the board window and the panels' strip under it
    room_top, room_bottom = layout.hud.bottom + 8 + 3, layout.size[1] - 8 - 3
    assert abs((layout.board.top - room_top) - (room_bottom - layout.board.bottom)) <= 1
    assert layout.cell_at(layout.cell_rect((0, 1)).center) == (0, 1)
    # the window fits, with room for the result panel under it or beside it, to the pixel; as
    # wide as the help needs (MIN_WINDOW_W: its strip goes under, the window is that wide)
    assert layout.size == (MIN_WINDOW_W, MIN_HEIGHT)
    assert fit_cell(1, 2, (MIN_WINDOW_W, MIN_HEIGHT + RESULT_ROOM_H)) == 16
    assert fit_cell(1, 2, (MIN_WINDOW_W, MIN_HEIGHT + RESULT_ROOM_H - 1)) is None
    assert fit_cell(1, 2, (MIN_WINDOW_W + MIN_SIDE_W, MIN_HEIGHT)) == 16
    assert fit_cell(1, 2, (MIN_WINDOW_W + MIN_SIDE_W - 1, MIN_HEIGHT)) is None
    assert fit_cell(1, 2, (MIN_WINDOW_W + MIN_SIDE_W, MIN_HEIGHT - 1)) is None


def test_the_victory_panel_and_its_buttons_fit_a_1x2_window(window):
    w = window(["--rows", "1", "--cols", "2", "--mines", "1", "--seed", "5"])
    w.click_cell((0, 0))  # the first click is safe: the other cell is the mine, the game is won
    assert isinstance(w.scene, Victory)
    assert inside(w, w.scene.panel)
    assert all(w.scene.panel.contains(button.rect) for button in w.scene.buttons.buttons)
    w.click(w.scene.buttons.buttons[1].rect.center)  # Retry answers the mouse
    assert w.scene.game.state.name == "READY"


def test_the_game_over_panel_fits_a_1x2_window(window, tmp_path):
    board = tmp_path / "tiny.mine"
    board.write_text("2x1x1\nHM\n", encoding="utf-8")
    w = window(["--board", str(board)])
    w.click_cell((0, 1))
    assert isinstance(w.scene, GameOver)
    w.step(60)  # the explosion ends, the panel shows
    assert inside(w, w.scene.panel) and w.scene.room.panel.contains(w.scene.panel)  # in its strip, whole
    assert all(w.scene.panel.contains(button.rect) for button in w.scene.buttons.buttons)


@pytest.mark.parametrize("size", [("1", "2"), ("2", "1")])
def test_help_pause_hint_and_a_message_fit_the_smallest_windows(window, size):
    w = window(["--rows", size[0], "--cols", size[1], "--mines", "1"])
    playing = w.scene
    w.key(pygame.K_F1)
    assert isinstance(w.scene, Help) and inside(w, w.scene.panel())
    w.key(pygame.K_ESCAPE)
    w.key(pygame.K_p)
    assert isinstance(w.scene, Pause)
    cover = w.scene.cover()
    assert inside(w, cover) and cover.contains(playing.layout.board) and not cover.colliderect(playing.layout.hud)
    w.key(pygame.K_p)
    w.key(pygame.K_h)
    assert isinstance(w.scene, HintPanel) and inside(w, w.scene.panel)
    w.key(pygame.K_ESCAPE)
    box = MessageBox(playing.services, playing, "Records and settings",
                     ["The records file could not be read; a new one was started. " * 3])
    w.loop.manager.switch(box)
    w.step()
    assert inside(w, box.box) and all(box.box.contains(b.rect) for b in box.buttons.buttons)


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_help_shows_every_word_inside_its_panel_in_the_menus_narrow_window(window, language):
    """The menu's window (480 pixels wide) has no room for the help's list at any font, and
    Spanish's actions are long: the one column scrolls and its long actions go on over the
    next lines, so every line drawn lies inside the panel; scrolled to the end, the last
    control's action shows too (nothing cut at the panel's edge)."""
    w = window(["--lang", language])
    w.key(pygame.K_F1)
    assert isinstance(w.scene, Help) and w.scene.hidden_rows() > 0
    drawn = []
    real_text = ui_widgets.text

    def spy(surface, message, pos, *args, **kwargs):
        drawn.append((message, real_text(surface, message, pos, *args, **kwargs)))
        return drawn[-1][1]

    import game.ui.shared.help as help_scene
    help_scene.text = spy
    try:
        for _ in range(2):
            drawn.clear()
            w.scene.dirty = True
            w.step()
            panel = w.scene.panel()
            assert inside(w, panel)
            outside = [message for message, rect in drawn if message and not panel.contains(rect)]
            assert not outside, f"drawn past the help panel {panel}: {outside}"
            for _ in range(40):
                w.key(pygame.K_DOWN)
        shown = " ".join(message for message, _rect in drawn)
        assert _words(help_scene.BIG_BOARD[-1][1], language) in shown  # the last action, whole
    finally:
        help_scene.text = real_text


def _words(msgid: str, language: str) -> str:
    from game.i18n import catalogue
    return catalogue(language).gettext(msgid)


def test_a_button_label_too_wide_for_its_button_takes_a_smaller_font(window):
    from game.ui.shared.widgets import LABEL_ROOM, Button, font
    w = window(["--difficulty", "beginner"])
    drawn = []
    real_text = ui_widgets.text

    def spy(surface, message, pos, size=16, *args, **kwargs):
        drawn.append((message, size))
        return real_text(surface, message, pos, size, *args, **kwargs)

    ui_widgets.text = spy
    try:
        Button((0, 0, 58, 22), "New game", lambda: None, 15).draw(w.screen)  # Beginner's result panel
        Button((0, 0, 120, 22), "New game", lambda: None, 15).draw(w.screen)
    finally:
        ui_widgets.text = real_text
    (_, narrow), (_, wide) = drawn
    assert wide == 15 and narrow < 15  # "New game" filled the 58-pixel button edge to edge
    assert font(narrow).size("New game")[0] <= 58 - LABEL_ROOM


@pytest.mark.parametrize("rows,cols", [(1, 1000), (1000, 1), (3, 1000)])
def test_a_long_thin_board_gets_a_window_that_fits_it_not_a_screen_of_void(rows, cols):
    """Too long for the screen at 8 pixels a cell, it is seen through the camera at 24 pixels
    a cell; across its short side the well is the board's own size and the board window hugs
    it (no taller than the HUD over the well; no narrower than the HUD, the board centred
    across), not a screen-sized black well; with its panels' strip the window holds the
    overlays (at least MIN_WINDOW_H high: game.ui.play.room)."""
    from game.ui.play.layout import BIG_CELL, MARGIN, MIN_WIDTH, MIN_WINDOW_H, layout_for
    from game.ui.play.room import reserve
    area = (1584, 920)  # a 1600x1000 screen's
    layout = layout_for(rows, cols, area, 1)
    assert layout.cell == BIG_CELL and not layout.camera.fits
    short = min(rows, cols) * BIG_CELL
    assert (layout.board.height if rows < cols else layout.board.width) == short
    assert layout.size[0] <= area[0] and layout.size[1] <= area[1]
    if rows > cols:
        assert layout.size[0] == MIN_WIDTH and layout.board.centerx == MIN_WIDTH // 2
    else:
        room_top = layout.hud.bottom + MARGIN + 3
        assert layout.board.top == room_top and layout.size[1] == max(MIN_HEIGHT, room_top + short + 3 + MARGIN)
    window = reserve(layout.size, area)
    assert window.size[1] >= MIN_WINDOW_H and window.size[0] <= area[0] and window.size[1] <= area[1]


@pytest.mark.parametrize("screen,level,where,size", [
    # 3x: at 4x a strip of 188 leaves the tallest result panel (251 high at that width, with
    # its board code's line: issue 38) no room in the 230 pixels the screen has (issue 35: its
    # buttons in view); the window grows under the board
    ((1600, 1000), (9, 9, 10), "beside", (416, 252)),
    ((1024, 768), (9, 9, 10), "beside", (416, 252)),  # 2x: a strip of 136 at 3x would be too narrow
    ((1600, 1000), (16, 30, 99), "beside", (718, 323)),
    ((1000, 1600), (16, 16, 40), "under", (278, 575)),  # a tall screen: under, the result whole (2x)
])
def test_the_panels_strip_is_planned_with_the_board_for_this_screen(screen, level, where, size):
    from game.ui.play.layout import MARGIN, layout_for, usable_area
    from game.ui.play.room import reserve
    area = usable_area(screen, False)
    layout = layout_for(level[0], level[1], area, level[2])
    room = reserve(layout.size, area)
    assert (room.where, room.size, room.base) == (where, size, layout.size)
    board_window = pygame.Rect((0, 0), layout.size)
    assert not room.strip.colliderect(board_window) and room.strip.union(board_window).size == size
    assert room.strip.inflate(-2 * MARGIN, -2 * MARGIN) == room.panel
