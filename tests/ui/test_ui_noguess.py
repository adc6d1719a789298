"""No-guess boards in the window: the first click builds the board without freezing the window.

Told with posted pygame events (headless SDL, fake clock): the menu and custom form with
``services.no_guess`` on, the Generating overlay, cancel, retry, new game, the form's
refusal of a density the generator does not take.
"""

import gc
import random
import time

import pygame
import pytest

import game.ui.play.generating as generating
import game.ui.play.playing as playing
from game.rules.board import Config
from game.rules.engine import State
from game.midend.deal import board_rng
from game.noguess import Generation, NoGuessError, generate, is_no_guess
from game.ui.options.custom import CustomForm
from game.ui.play.generating import Generating
from game.ui.play.playing import Playing

MAX_FRAMES = 2000  # a generation that outlasts this many frames (33 s at 60 Hz) has hung


def press_menu(w, label_start):
    """Click the menu button whose label starts with ``label_start``."""
    button = next(b for b in w.scene.list.buttons if b.label.startswith(label_start))
    w.click(button.rect.center)


def fill_custom_form(w, rows, cols, mines):
    """From the menu: open the custom form and type rows, columns and mines (not submitted)."""
    press_menu(w, "Custom")
    assert isinstance(w.scene, CustomForm)
    for value in (rows, cols, mines):
        for _ in range(8):
            w.key(pygame.K_BACKSPACE)
        w.type(str(value))
        w.key(pygame.K_TAB)
    return w.scene


def wait_for_board(w):
    """Step frames until the Generating overlay has gone; return how many frames it took."""
    frames = 0
    while isinstance(w.scene, Generating):
        assert frames < MAX_FRAMES, "no-guess generation did not finish"
        w.step(1)
        frames += 1
    return frames


def opened_area(game, cell):
    """The first click was an opening: the cell is a revealed 0 and its neighbours are revealed."""
    return game.number(cell) == 0 and all(game.is_revealed(n) for n in game.neighbours(cell))


@pytest.fixture
def slow_generation(monkeypatch):
    """Make every slice tiny so a 30x30 board needs many frames (a slow machine, reproduced)."""
    monkeypatch.setattr(playing, "FIRST_STEP", 0.0005)
    monkeypatch.setattr(generating, "STEP_BUDGET", 0.0005)


class StepLog:
    """Every Generation.step the window makes: (the loop's update count then, CPU seconds taken).

    CPU time of the thread that runs the slice (time.thread_time), not wall time, with the
    garbage collector held off during the slice: a slice is judged by the work it did, not
    by the scheduler keeping it waiting, by other threads of the process (the test worker's
    own, the game's background jobs: process time counts them all) or by a full collection
    of what earlier tests left on the heap landing inside it (the scheduler or a collection
    stretched an 8 ms slice past 100 ms in CI's full run, never in this test alone)."""

    def __init__(self) -> None:
        self.loop = None  # set once the window is built
        self.calls: list[tuple[int, float]] = []


@pytest.fixture
def step_log(monkeypatch):
    """Time every Generation.step and note which update tick ran it."""
    log = StepLog()
    real_step = Generation.step

    def timed_step(job, budget=0.008):
        collecting = gc.isenabled()
        gc.disable()
        started = time.thread_time()
        try:
            return real_step(job, budget)
        finally:
            log.calls.append((log.loop.updates, time.thread_time() - started))
            if collecting:
                gc.enable()

    monkeypatch.setattr(Generation, "step", timed_step)
    return log


def test_expert_from_the_menu_gives_a_no_guess_board_opened_at_the_first_click(window):
    w = window(["--seed", "5"])
    w.scene.services.no_guess = True  # the menu option sets this (being added to settings)
    press_menu(w, "Expert")
    assert isinstance(w.scene, Playing)
    game, match = w.scene.game, w.scene.match
    assert game.config.no_guess and not game.mines_laid
    first = (8, 15)
    w.click_cell(first)
    wait_for_board(w)
    assert isinstance(w.scene, Playing) and game.state is State.PLAYING
    assert opened_area(game, first)
    mines = game.layout()
    assert len(mines) == 99
    assert is_no_guess(mines, 16, 30, first)
    # the console's layer builds the same board from the same seed and first click
    assert mines == generate(game.config, first, board_rng(match.seed))


def test_dense_custom_board_shows_generating_over_frames_and_never_blocks(window, slow_generation, step_log):
    w = window(["--seed", "8"])
    step_log.loop = w.loop
    w.scene.services.no_guess = True
    fill_custom_form(w, 30, 30, 300)
    w.key(pygame.K_RETURN)
    assert isinstance(w.scene, Playing)
    game, match = w.scene.game, w.scene.match
    first = (15, 15)
    w.click_cell(first)
    assert isinstance(w.scene, Generating)
    assert w.loop.manager.busy()  # the loop runs at 60 Hz while generating
    assert game.state is State.READY and match.elapsed == 0
    frames = wait_for_board(w)
    assert frames >= 3
    assert opened_area(game, first) and game.state is State.PLAYING
    assert is_no_guess(game.layout(), 30, 30, first)
    assert game.layout() == generate(game.config, first, board_rng(match.seed))
    # the work was spread over many update ticks, each slice short
    ticks = {tick for tick, _ in step_log.calls}
    assert len(ticks) >= 3
    assert max(seconds for _, seconds in step_log.calls) < 0.1


def test_escape_cancels_generation_and_leaves_the_game_ready(window, slow_generation):
    w = window(["--no-guess", "--rows", "30", "--cols", "30", "--mines", "300", "--seed", "3"])
    playing_scene = w.scene
    game, match = playing_scene.game, playing_scene.match
    w.click_cell((10, 10))
    assert isinstance(w.scene, Generating)
    overlay = w.scene
    w.step(4)
    assert overlay.steps >= 2 and isinstance(w.scene, Generating)
    w.loop.clock.advance(5)  # time passing while generating is not game time
    w.key(pygame.K_ESCAPE)
    assert w.scene is playing_scene
    assert not game.mines_laid and game.state is State.READY and match.elapsed == 0
    assert overlay.job is None
    # the Cancel button works too, and a later first click still gives the seed's board
    w.click_cell((10, 10))
    assert isinstance(w.scene, Generating)
    w.click(w.scene.buttons.buttons[0].rect.center)
    assert w.scene is playing_scene and not game.mines_laid
    w.click_cell((20, 5))
    wait_for_board(w)
    assert game.layout() == generate(game.config, (20, 5), board_rng(match.seed))


def test_the_update_that_lays_the_board_goes_back_to_the_board_in_its_own_frame(window, slow_generation):
    """Generating's update returns the Playing scene once the board is laid, and the manager
    switches at once (Generating.exit, Playing.enter): no event is posted to do it."""
    w = window(["--no-guess", "--rows", "30", "--cols", "30", "--mines", "300", "--seed", "3"])
    playing_scene, game = w.scene, w.scene.game
    w.click_cell((10, 10))
    overlay = w.scene
    assert isinstance(overlay, Generating)
    frames = 0
    while not game.mines_laid:
        assert frames < MAX_FRAMES, "no-guess generation did not finish"
        assert w.scene is overlay
        w.step(1)
        frames += 1
    assert w.scene is playing_scene and overlay.laid and game.state is State.PLAYING
    assert opened_area(game, (10, 10))
    posted = [event for event in pygame.event.get() if pygame.USEREVENT <= event.type < pygame.NUMEVENTS]
    assert posted == []


def test_f2_while_generating_cancels_and_starts_a_new_game(window, slow_generation):
    w = window(["--no-guess", "--rows", "30", "--cols", "30", "--mines", "300", "--seed", "4"])
    old = w.scene.game
    w.click_cell((5, 5))
    overlay = w.scene
    assert isinstance(overlay, Generating)
    job = overlay.job
    w.key(pygame.K_F2)
    assert isinstance(w.scene, Playing) and w.scene.game is not old
    assert job.cancelled and not old.mines_laid
    assert not w.scene.game.mines_laid and w.scene.game.config.no_guess


def test_retry_replays_the_no_guess_board_and_new_game_builds_another(window):
    w = window(["--no-guess", "--difficulty", "intermediate", "--seed", "12"])
    scene = w.scene
    game, match = scene.game, scene.match
    w.key(pygame.K_DOWN)  # the keyboard cursor shows at the centre; Space is a first click too
    w.key(pygame.K_SPACE)
    wait_for_board(w)
    first = scene.cursor
    assert opened_area(game, first)
    board = game.layout()
    w.key(pygame.K_r)
    w.key(pygame.K_y)  # yes, abandon the game under way
    assert w.scene is scene and game.state is State.READY and game.layout() == board
    w.click_cell((0, 0))  # the retry reveals on the same board: no generation
    assert not isinstance(w.scene, Generating) and game.state is not State.READY
    assert game.layout() == board
    w.key(pygame.K_F2)
    w.key(pygame.K_y)
    fresh, fresh_match = w.scene.game, w.scene.match
    assert fresh is not game and not fresh.mines_laid and fresh_match.seed != match.seed
    w.click_cell((8, 8))
    wait_for_board(w)
    assert opened_area(fresh, (8, 8))
    assert is_no_guess(fresh.layout(), 16, 16, (8, 8))
    assert fresh.layout() == generate(fresh.config, (8, 8), board_rng(fresh_match.seed))


def test_a_flagged_first_cell_is_not_a_first_click(window):
    w = window(["--no-guess", "--difficulty", "beginner", "--seed", "2"])
    game = w.scene.game
    w.click_cell((4, 4), button=3)
    w.click_cell((4, 4))
    assert not game.mines_laid and game.state is State.READY and game.mark((4, 4)) == "flag"


def test_generator_failure_shows_the_reason_and_goes_back_to_the_board(window, monkeypatch):
    def give_up(job, budget=0.008):
        raise NoGuessError("no no-guess board found; try fewer mines")

    monkeypatch.setattr(Generation, "step", give_up)
    w = window(["--no-guess", "--difficulty", "beginner", "--seed", "2"])
    scene = w.scene
    w.click_cell((4, 4))
    assert isinstance(w.scene, Generating) and "try fewer mines" in w.scene.message
    assert not w.loop.manager.busy()
    w.key(pygame.K_RETURN)
    assert w.scene is scene and scene.game.state is State.READY and not scene.game.mines_laid


def test_failure_during_the_overlay_is_shown_too(window, slow_generation, monkeypatch):
    w = window(["--no-guess", "--rows", "30", "--cols", "30", "--mines", "300", "--seed", "6"])
    scene = w.scene
    w.click_cell((15, 15))
    overlay = w.scene
    assert isinstance(overlay, Generating)

    def give_up(job, budget=0.008):
        raise NoGuessError("no no-guess board of 30x30 with 300 mines found; try fewer mines")

    monkeypatch.setattr(Generation, "step", give_up)
    w.step(2)
    assert w.scene is overlay and overlay.message.startswith("no no-guess board")
    w.click(overlay.buttons.buttons[0].rect.center)
    assert w.scene is scene and not scene.game.mines_laid


def test_custom_form_refuses_a_board_too_dense_for_no_guess(window):
    w = window([])
    services = w.scene.services
    services.no_guess = True
    form = fill_custom_form(w, 5, 7, 34)
    assert form.mines_hint() == "1..14 no-guess"
    w.key(pygame.K_RETURN)
    assert w.scene is form
    assert form.message == "no-guess boards of 5x7 take at most 14 mines (40%); 34 asked"
    assert form.focus == 2  # the refusal put the focus on the mines field, where the fix goes
    for _ in range(2):
        w.key(pygame.K_BACKSPACE)
    w.type("14")
    w.key(pygame.K_RETURN)
    assert isinstance(w.scene, Playing) and w.scene.game.config == Config(5, 7, 14, no_guess=True)
    services.no_guess = False  # the same form without no-guess takes the dense board
    w.key(pygame.K_ESCAPE)
    form = fill_custom_form(w, 5, 7, 34)
    assert form.mines_hint() == "1..34"
    w.key(pygame.K_RETURN)
    assert isinstance(w.scene, Playing) and w.scene.game.config.mines == 34


def test_generating_overlay_draws_a_panel_over_the_dimmed_board(window, slow_generation):
    w = window(["--no-guess", "--rows", "30", "--cols", "30", "--mines", "300", "--seed", "3"])
    layout = w.scene.layout
    corner = layout.board.move(4, 4).topleft
    before = w.screen.get_at(corner)[:3]
    w.click_cell((15, 15))
    overlay = w.scene
    assert isinstance(overlay, Generating)
    w.step(2)
    screen = w.screen
    dimmed = screen.get_at(corner)[:3]
    assert all(d < b for d, b in zip(dimmed, before))  # the board shows, darker
    inside = overlay.panel.move(4, 4).topleft
    assert screen.get_at(inside)[:3] == (192, 192, 192)
    ticks = overlay.ticks
    w.step(generating.TICKS_PER_SPOKE * 2)
    assert w.scene is overlay and overlay.ticks == ticks + generating.TICKS_PER_SPOKE * 2
    w.key(pygame.K_ESCAPE)
    assert isinstance(w.scene, Playing)


def test_seed_gives_the_console_board_in_the_window(window):
    from game.commands.cli import parse_args
    from game.console.play import make_match, run_session
    argv = ["--no-guess", "--difficulty", "expert", "--seed", "21"]
    args = parse_args(argv)
    console_match = make_match(args, run_session(args))
    console_match.reveal((7, 7))
    w = window(argv)
    w.click_cell((7, 7))
    wait_for_board(w)
    assert w.scene.game.layout() == console_match.layout()


@pytest.mark.slow
def test_real_window_generating_cancel_and_board(tmp_path):
    """Under Xvfb: a 500x500 no-guess board at 20 % (the size issue 17 asks for, a few seconds
    to build); Esc while the first click's board is being built leaves the board covered; the
    next click shows the dimmed board under the panel, then the opened board."""
    import subprocess
    from tests.xsession import PATIENCE, XSession, missing
    from tests.window_helpers import crop, differs, settled, shot_when
    if missing():
        pytest.skip(f"needs {', '.join(missing())} for a real window")
    with XSession() as x:
        x.start_game("--no-guess", "--rows", "500", "--cols", "500", "--mines", "50000", "--seed", "1")
        geometry = x.wait_geometry(good=lambda g: g[2] > 1)  # mapped at its size, and held there
        width, height = geometry[2:]
        from game.ui.play.layout import layout_for, usable_area
        from game.ui.play.room import reserve
        area = usable_area(x.size, False)
        room = reserve(layout_for(500, 500, area, 50000).size, area)  # the board window and its strip, as Playing's
        strip_top = int(room.strip.top * width / room.size[0])  # the side panel there counts the click (issue 35)
        board = (20, 90, width - 40, strip_top - 110)  # inside the viewport, below the HUD, above the strip
        corner = (30, 100)  # a board pixel the panel in the middle never covers
        before = settled(x, geometry)  # the covered board drawn before the first input
        plain = before.get_at(corner)[:3]

        def darker(shot):  # the board shown dimmed beneath the Generating panel
            return all(d < b for d, b in zip(shot.get_at(corner)[:3], plain))
        x.click(width // 2, height // 2)
        shot_when(x, geometry, darker, "the Generating panel after the first click")
        x.key("Escape")
        shot_when(x, geometry, lambda shot: not differs(before, shot, board), "the board undimmed after Esc")
        cancelled = settled(x, geometry, rect=board)  # (the timer may tick)
        assert differs(before, cancelled, board) == 0, "Esc left the board changed"
        x.click(width // 2, height // 2)
        dimmed, shot = False, cancelled
        deadline = time.monotonic() + 5 * PATIENCE  # a few seconds' work, stretched by a busy machine
        while time.monotonic() < deadline:
            shot = crop(x.screenshot(), geometry)
            now = shot.get_at(corner)[:3]
            dimmed = dimmed or darker(shot)
            if dimmed and now == plain:
                break
            time.sleep(0.05)  # poll interval
        assert dimmed, "the board was never shown dimmed beneath the Generating panel"
        opened = settled(x, geometry, rect=board)  # the board, not the HUD's ticking timer
        assert opened.get_at(corner)[:3] == plain, "the Generating overlay never went away"
        assert differs(before, opened, board) > 50, "the first click did not reveal"
        assert x.game.poll() is None
        try:
            x.key("Escape")
        except subprocess.CalledProcessError:
            pass


def test_the_3bv_filter_deals_the_windows_no_guess_board_as_the_consoles(window, monkeypatch):
    """Issue 37: under --min-bv the window's no-guess board (built over frames) is the one
    the console's match deals at the same click from the same seed: the filter's next seeds,
    tried in the same order (no time bound here: the tests read no clock)."""
    import game.midend.deal as deal
    from game.commands.cli import parse_args
    from game.console.play import make_match, run_session
    from game.rules.bv import bv_parts
    monkeypatch.setattr(deal, "FILTER_SECONDS", float("inf"))
    plain = ["--no-guess", "--difficulty", "beginner", "--seed", "21"]
    first = make_match(parse_args(plain), run_session(parse_args(plain)))
    first.reveal((4, 4))
    minimum = bv_parts(first.layout(), 9, 9).value + 1  # the seed's own board is under it
    argv = [*plain, "--min-bv", str(minimum)]
    console = make_match(parse_args(argv), run_session(parse_args(argv)))
    console.reveal((4, 4))
    w = window(argv)
    w.click_cell((4, 4))
    wait_for_board(w)
    match = w.scene.match
    assert match.game.layout() == console.layout() and match.seed == console.seed != first.seed
    assert match.deal.dealt_min_bv == minimum and bv_parts(match.game.layout(), 9, 9).value >= minimum


def test_the_3bv_filters_miss_on_a_no_guess_board_is_told_in_the_window(window, monkeypatch):
    """A minimum no no-guess Beginner board reaches: the window says so once, at the first
    click, as for any dealt board (the console prints the same sentence)."""
    import game.midend.deal as deal
    from game.ui.play.playing import FilterMissed
    monkeypatch.setattr(deal, "FILTER_TRIES", 3)
    monkeypatch.setattr(deal, "FILTER_SECONDS", float("inf"))
    w = window(["--no-guess", "--difficulty", "beginner", "--seed", "21", "--min-bv", "81"])
    w.click_cell((4, 4))
    wait_for_board(w)
    assert isinstance(w.scene, FilterMissed), w.scene
    assert "No board with a 3BV of at least 81 came in 3 deals" in " ".join(w.scene.message)
    assert w.scene.base.match.deal.missed[0] == 3
