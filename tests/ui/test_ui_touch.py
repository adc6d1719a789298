"""Issue 40: the board by touch. Real FINGERDOWN / FINGERMOTION / FINGERUP events are posted to
the window (headless, the frame clock stepped by hand: each frame is 1/60 s) and the moves the
match made are checked: a tap reveals, a long press flags once when its delay passes, a tap on a
satisfied number chords, flag mode swaps them, two fingers pan and pinch zoom a big board's
camera and touch no cell, a tap off the board does nothing, SDL's mouse events made from a
touch do not act twice, and a touch game is recorded, ranked and exported as one."""

import pygame
import pytest

import main
from game.rules.engine import State
from game.records.record import GameRecord
from game.replay.fromlog import LABELS
from game.ui.play.touch import FLAG_MODE_KEY, LONG_PRESS_MS, SLOP, flag_button_rect
from tests.play_helpers import number_beside

FRAME = 1 / 60  # seconds a frame lasts on the tests' clock
DEAL = 3  # a Beginner board (as tests.files.test_evf_chord_styles): first tap at (4, 4)
FIRST = (4, 4)


def frames_for(ms: float) -> int:
    """Frames that pass at least ``ms`` milliseconds."""
    return int(ms / 1000 / FRAME) + 2


def tap(w, pos, finger=0):
    w.finger("down", pos, finger)
    w.finger("up", pos, finger)


def long_press(w, pos, finger=0):
    w.finger("down", pos, finger)
    w.step(frames_for(w.scene.services.settings.touch_delay_ms))
    w.finger("up", pos, finger)


def tap_cell(w, cell):
    tap(w, w.cell_pos(cell))


def satisfied_by_touch(w, first=FIRST):
    """Reveal ``first`` by a tap, then flag by long presses the mines around a number with
    safe covered neighbours; (game, number, those safe cells)."""
    game = w.scene.game
    tap_cell(w, first)
    mines = game.layout()
    number = number_beside(game, mine=False)
    for n in game.neighbours(number):
        if n in mines and game.appearance(n) == "covered":
            long_press(w, w.cell_pos(n))
    safe = [n for n in game.neighbours(number) if n not in mines and game.appearance(n) == "covered"]
    return game, number, safe


def win_by_taps(w, first=FIRST):
    game = w.scene.game
    tap_cell(w, first)
    mines = game.layout()
    for cell in game.cells():
        if game.over:
            break
        if cell not in mines and game.appearance(cell) == "covered":
            tap_cell(w, cell)
    assert game.state is State.WON
    return game


def logged(w):
    return [event.action.value for event in w.scene.match.inputs]


def test_a_tap_reveals_with_one_left_click_in_the_log(window):
    w = window(["--difficulty", "beginner"], deal=DEAL)
    game = w.scene.game
    tap_cell(w, FIRST)
    assert game.is_revealed(FIRST) and game.state is State.PLAYING
    assert logged(w) == ["lc", "lr"] and w.scene.match.clicks["reveal"] == 1
    assert w.scene.match.touched


def test_a_long_press_makes_exactly_one_flag_when_the_delay_passes_and_no_reveal(window):
    w = window(["--difficulty", "beginner"], deal=DEAL)
    game = w.scene.game
    tap_cell(w, FIRST)
    cell = next(c for c in game.cells() if game.appearance(c) == "covered")
    pos = w.cell_pos(cell)
    revealed = sum(game.is_revealed(c) for c in game.cells())
    w.finger("down", pos)
    half = frames_for(LONG_PRESS_MS / 2)
    w.step(half)
    assert game.appearance(cell) == "covered"  # not yet: the ring fills
    held = w.scene.touch.recogniser.progress(w.scene.services.clock.now())
    assert held is not None and 0.3 < held[1] < 1
    w.step(frames_for(LONG_PRESS_MS) - half)
    assert game.appearance(cell) == "flag"  # placed when the delay passed, the finger still down
    assert w.scene.touch.recogniser.progress(w.scene.services.clock.now()) is None
    w.finger("up", pos)
    assert game.appearance(cell) == "flag"  # the lift makes nothing more
    assert w.scene.match.clicks["flag"] == 1 and w.scene.match.clicks["reveal"] == 1
    assert sum(game.is_revealed(c) for c in game.cells()) == revealed
    assert logged(w)[-2:] == ["rc", "rr"]


def test_a_finger_that_travels_past_the_slop_is_no_press(window):
    w = window(["--difficulty", "beginner"], deal=DEAL)
    game = w.scene.game
    tap_cell(w, FIRST)
    cell = next(c for c in game.cells() if game.appearance(c) == "covered")
    x, y = w.cell_pos(cell)
    scale = w.display.view[0]
    w.finger("down", (x, y))
    w.finger("motion", (x + SLOP / scale + 2, y))  # past the slop (window pixels) before the delay
    w.step(frames_for(LONG_PRESS_MS))
    w.finger("up", (x + SLOP / scale + 2, y))
    assert game.appearance(cell) == "covered" and w.scene.match.clicks["flag"] == 0
    assert logged(w) == ["lc", "lr"]  # the first tap only


def test_a_tap_on_a_satisfied_number_chords(window):
    w = window(["--difficulty", "beginner"], deal=DEAL)
    w.scene.services.settings.chord_on_number = False  # a tap chords whatever the mouse's option says
    game, number, safe = satisfied_by_touch(w)
    assert safe
    tap_cell(w, number)
    assert all(game.is_revealed(n) for n in safe)
    assert w.scene.match.clicks["chord"] == 1


def test_flag_mode_swaps_tap_and_long_press_by_key_and_by_the_hud_button(window):
    w = window(["--difficulty", "beginner"], deal=DEAL)
    game = w.scene.game
    tap_cell(w, FIRST)
    covered = [c for c in game.cells() if game.appearance(c) == "covered"]
    mines = game.layout()
    safe = next(c for c in covered if c not in mines)
    mine = next(c for c in covered if c in mines)
    w.key(FLAG_MODE_KEY)
    assert w.scene.touch.flag_mode
    tap_cell(w, mine)
    assert game.appearance(mine) == "flag"  # a tap flags
    long_press(w, w.cell_pos(safe))
    assert game.is_revealed(safe)  # a long press reveals
    button = flag_button_rect(w.scene.layout)
    assert w.scene.services.touch_layout and button is not None  # a touch was seen: the button shows
    tap(w, button.center)
    assert not w.scene.touch.flag_mode
    other = next(c for c in game.cells() if c not in mines and game.appearance(c) == "covered")
    tap_cell(w, other)
    assert game.is_revealed(other)


def test_the_flag_mode_default_comes_from_the_options(window):
    w = window(["--difficulty", "beginner"], deal=DEAL)
    w.scene.services.set_option(touch_flag_mode=True)
    w.key(pygame.K_F2)
    assert w.scene.touch.flag_mode
    tap_cell(w, FIRST)
    assert w.scene.game.appearance(FIRST) == "flag"


def big(window):
    w = window(["--rows", "120", "--cols", "200", "--mines", "2400"], deal=5)
    assert w.scene.controls.active  # a board larger than the window: a camera
    return w


def look(game):
    return game.appearances(range(game.rows), range(game.cols))


def test_a_pinch_zooms_the_camera_and_touches_no_cell(window):
    w = big(window)
    game, camera = w.scene.game, w.scene.layout.camera
    before, zoom = look(game), camera.cell
    cx, cy = camera.viewport.center
    w.finger("down", (cx - 20, cy), 0)
    w.finger("down", (cx + 20, cy), 1)
    w.finger("motion", (cx - 40, cy), 0)
    w.finger("motion", (cx + 40, cy), 1)
    w.step(frames_for(LONG_PRESS_MS))  # held past the delay: still no press
    w.finger("up", (cx - 40, cy), 0)
    w.finger("up", (cx + 40, cy), 1)
    assert camera.cell > zoom  # spread apart: zoomed in
    assert look(game) == before and not w.scene.match.inputs and not w.scene.match.touched
    w.finger("down", (cx - 60, cy), 0)
    w.finger("down", (cx + 60, cy), 1)
    w.finger("motion", (cx - 5, cy), 0)
    w.finger("motion", (cx + 5, cy), 1)
    for finger, x in ((0, cx - 5), (1, cx + 5)):
        w.finger("up", (x, cy), finger)
    assert camera.cell == camera.min_cell or camera.cell < zoom  # pinched: zoomed out, within the limits
    assert camera.cell >= camera.min_cell and look(game) == before and not w.scene.match.inputs


def test_two_fingers_pan_the_camera_and_touch_no_cell(window):
    w = big(window)
    game, camera = w.scene.game, w.scene.layout.camera
    before, scroll, zoom = look(game), (camera.scroll_x, camera.scroll_y), camera.cell
    cx, cy = camera.viewport.center
    w.finger("down", (cx - 20, cy), 0)
    w.finger("down", (cx + 20, cy), 1)
    w.finger("motion", (cx - 60, cy - 30), 0)
    w.finger("motion", (cx - 20, cy - 30), 1)
    w.finger("up", (cx - 60, cy - 30), 0)
    w.finger("up", (cx - 20, cy - 30), 1)
    assert camera.cell == zoom
    assert camera.scroll_x > scroll[0] and camera.scroll_y > scroll[1]  # the board followed the fingers left and up
    assert look(game) == before and not w.scene.match.inputs


def test_a_tap_outside_the_board_does_nothing(window):
    w = window(["--difficulty", "beginner"], deal=DEAL)
    scene = w.scene
    board = scene.layout.board
    for pos in ((board.left - 5, board.top + 5), (board.centerx, board.bottom + 6), (2, 2)):
        tap(w, pos)
        long_press(w, pos)
    assert w.scene is scene and not scene.match.inputs and scene.game.state is State.READY
    assert not any(scene.game.appearance(c) != "covered" for c in scene.game.cells())


def test_sdls_mouse_events_made_from_a_touch_do_not_act_twice_and_a_real_mouse_still_plays(window):
    w = window(["--difficulty", "beginner"], deal=DEAL)
    game = w.scene.game
    pos = w.cell_pos(FIRST)
    wpos = w.display.to_window(pos)
    w.finger("down", pos)
    w.post(pygame.MOUSEBUTTONDOWN, pos=wpos, button=1, touch=True)
    w.finger("up", pos)
    w.post(pygame.MOUSEBUTTONUP, pos=wpos, button=1, touch=True)
    assert game.is_revealed(FIRST) and logged(w) == ["lc", "lr"] and w.scene.match.clicks["reveal"] == 1
    mines = game.layout()
    cell = next(c for c in game.cells() if c not in mines and game.appearance(c) == "covered")
    w.click_cell(cell)  # a real mouse (touch False)
    assert game.is_revealed(cell) and w.scene.match.clicks["reveal"] == 2


def test_a_touch_game_is_recorded_as_touch_ranked_apart_and_its_evf_says_so(window, tmp_path, capsys):
    from tests.files.test_replay_files import evf_facts
    w = window(["--difficulty", "beginner"], deal=DEAL)
    game = win_by_taps(w)
    store = w.scene.services.records.store
    record = w.scene.services.records.last_record
    assert isinstance(record, GameRecord) and record.input == "touch" and record.won and record.id is not None
    assert record.best_time_eligible and record.table == "touch"
    assert store.best_times(game.config.level) == []  # never among the mouse's bests
    assert [r.id for r in store.best_times(game.config.level, table="touch")] == [record.id]
    target = tmp_path / "touch.evf"
    assert main.main(["--save-replay", "last", str(target)]) == 0
    facts = evf_facts(target)
    assert LABELS["touch"] in facts["software"], facts["software"]
    assert facts["completed"] is True and facts["bbbv_solved"] == game.three_bv
    assert facts["fair"] is True and facts["official"] is False  # no aid, but the ranking sites take mouse games
    from game.commands.replay_commands import load_timeline
    for which in (str(target), "last"):  # the file, and the recorded game, replay to the end it had
        timeline = load_timeline(which)
        assert timeline.completed and timeline.final_look() == look(game), which


def test_the_statistics_rank_a_touch_win_in_its_own_table(window):
    from game.records.level_stats import level_stats
    from tests.play_helpers import open_statistics
    w = window(["--difficulty", "beginner"], deal=DEAL)
    win_by_taps(w)
    record = w.scene.services.records.last_record
    stats = level_stats(w.scene.services.records.store, "beginner")
    assert stats.best_times == ()  # the window's (mouse and keys) table has none
    assert stats.touch_bests["all"]["time_ms"].id == record.id and stats.bests["all"]["time_ms"] is None
    from game.ui.menu import Menu
    for _ in range(3):  # the result, then the menu
        if isinstance(w.scene, Menu):
            break
        w.key(pygame.K_ESCAPE)
    screen = open_statistics(w, "bests")
    titles = [title for title, _rows in screen.bests_rows("beginner")]
    assert titles == ["Window (mouse and keys)", "Touch", "Console, typed in a terminal"]


def shown_cell(w) -> float:
    """Window pixels a cell of the playing scene shows at."""
    return w.scene.layout.camera.cell * w.display.view[0]


@pytest.mark.parametrize("level", ["beginner", "expert"])
def test_the_touch_layout_gives_cells_a_finger_can_hit_and_scrolls_what_then_does_not_fit(window, level):
    from game.ui.play.room import TOUCH_CELL
    w = window(["--difficulty", level], deal=DEAL)
    plain = shown_cell(w)
    assert plain < TOUCH_CELL  # the dummy desktop's automatic scale: smaller than a finger
    w.scene.services.set_option(touch_layout=True)
    w.key(pygame.K_F2)
    assert shown_cell(w) >= TOUCH_CELL
    camera = w.scene.layout.camera
    if level == "expert":  # 30 columns of 48 pixels do not fit the desktop: the camera scrolls
        assert w.scene.controls.active and not camera.fits
        tap_cell(w, (8, 15))  # a tap still lands on the cell under the finger
        assert w.scene.game.is_revealed((8, 15))


def test_a_touch_seen_turns_the_touch_layout_on_for_the_next_game(window):
    from game.ui.play.room import TOUCH_CELL
    w = window(["--difficulty", "expert"], deal=DEAL)
    services = w.scene.services
    assert not services.touch_layout and flag_button_rect(w.scene.layout) is not None
    board = w.scene.layout.board
    tap(w, (board.left - 4, board.top - 4))  # off the board: plays nothing, but a touch was seen
    assert services.touch_seen and services.touch_layout
    assert shown_cell(w) < TOUCH_CELL  # this game keeps its cells
    w.key(pygame.K_F2)
    assert shown_cell(w) >= TOUCH_CELL
    services.set_option(scale=1.0)  # a chosen scale is the player's: no finger-sized cells forced
    w.key(pygame.K_F2)
    assert shown_cell(w) < TOUCH_CELL


def test_the_help_lists_the_gestures_once_a_touch_is_seen(window):
    from game.ui.shared.help import Help
    w = window(["--difficulty", "beginner"], deal=DEAL)
    w.key(pygame.K_F1)
    assert isinstance(w.scene, Help) and "By touch" not in [action for _keys, action in w.scene.lines()]
    w.key(pygame.K_ESCAPE)
    board = w.scene.layout.board
    tap(w, (board.left - 4, board.top - 4))
    w.key(pygame.K_F1)
    lines = w.scene.lines()
    assert (None, "By touch") in lines and ("Tap / long press", "reveal / flag") in lines


def test_the_long_press_delay_comes_from_the_options(window):
    w = window(["--difficulty", "beginner"], deal=DEAL)
    w.scene.services.set_option(touch_delay_ms=800)
    tap_cell(w, FIRST)
    game = w.scene.game
    cell = next(c for c in game.cells() if game.appearance(c) == "covered")
    w.finger("down", w.cell_pos(cell))
    w.step(frames_for(600))
    assert game.appearance(cell) == "covered"  # 600 ms: not yet
    w.step(frames_for(200))
    assert game.appearance(cell) == "flag"
    w.finger("up", w.cell_pos(cell))


def test_a_tap_off_a_board_codes_start_cell_is_refused_and_logs_nothing(window):
    from game.midend import daily
    from game.midend.boardcode import encode
    from game.midend.daily import daily_code
    from game.ui.play.playing import START_HERE
    w = window(["--code", encode(daily_code(daily.FIRST_DAY, "beginner_8x8"))])
    scene, game = w.scene, w.scene.game
    start = scene.match.start
    other = next(c for c in game.cells() if c != tuple(start))
    tap_cell(w, other)
    assert game.state is State.READY and scene.note is not None and scene.note[0] == START_HERE
    assert not scene.match.inputs
    tap_cell(w, tuple(start))
    assert game.is_revealed(tuple(start)) and logged(w) == ["lc", "lr"]


def red_pixels(w, rect) -> int:
    from game.ui.shared.theme import palette
    screen = w.screen.surface
    device = w.screen.rect(rect)
    return sum(1 for x in range(device.left, device.right) for y in range(device.top, device.bottom)
               if tuple(screen.get_at((x, y)))[:3] == palette.wrong)


def test_a_ring_fills_around_the_held_cell_and_goes_with_the_finger(window):
    w = window(["--difficulty", "beginner"], deal=DEAL)
    cell = (0, 0)  # a corner far from any number drawn red
    inner = w.scene.layout.cell_rect(cell)
    outer = inner.inflate(12, 12)

    def band():  # red pixels around the cell, outside it (where the ring passes, not the flag)
        return red_pixels(w, outer) - red_pixels(w, inner)
    before = band()
    w.finger("down", w.cell_pos(cell))
    w.step(frames_for(LONG_PRESS_MS / 4))
    quarter = band()
    w.step(frames_for(LONG_PRESS_MS / 2))
    three_quarters = band()
    assert before < quarter < three_quarters  # drawn, and filling
    w.step(frames_for(LONG_PRESS_MS / 2))  # the delay passed: the flag, and no ring
    assert w.scene.game.appearance(cell) == "flag"
    w.finger("up", w.cell_pos(cell))
    assert band() == before
