"""The solver in the window: H hints, O probabilities, A autoplay, F1 help.

Told with posted pygame events (headless SDL, fake clock: one 1/60 s update per frame),
with the solver's answers checked against an independent analysis of the visible
position and the board's pixels read back.
"""

import threading
import time

import pygame
import pytest

from game.boardfile import from_game
from game.rules.engine import State
from game.solver import analyse_board, certain_cells
from game.ui.play.assist import Hint, HintRequest
from game.ui.play.autoplay import MOVE_TICKS
from game.ui.shared.help import CONTROLS, Help
from game.ui.menu import Menu
from game.ui.play.pause import Pause
from game.ui.play.playing import Playing
from game.ui.play.result import GameOver, Victory
from game.ui.play.solver_view import HintPanel
from game.ui.shared.theme import palette
from tests.window_helpers import wait_for

HAND_LAID = """5x5x2
MH000
11000
00000
000HH
000HM
"""  # (0; 1) is safe beside a 0, so (0; 0) is the 1's mine; (4; 4) is the last mine by count
MAX_FRAMES = 20000  # an autoplay still running after this many frames has hung


def position(game):
    return from_game(game, with_mines=False)


class MoveLog:
    """Every reveal and flag the game receives: (loop update count, kind, cell, certain-safe then)."""

    def __init__(self, window, check_safe: bool = False) -> None:
        self.moves = []
        game, loop = window.scene.game, window.loop
        real_apply = game.apply

        def apply(move):
            kind, cell = move
            safe = None
            if kind == "reveal" and check_safe and game.state is State.PLAYING:
                safe = certain_cells(position(game), ignore_flags=True)[0]
            if kind in ("reveal", "flag"):
                self.moves.append((loop.updates, kind, cell, None if kind == "flag" else (
                    safe is None or cell in safe)))
            return real_apply(move)

        game.apply = apply  # every move goes through Game.apply: seen from outside

    def reveal_ticks(self) -> list[int]:
        return [tick for tick, kind, _, _ in self.moves if kind == "reveal"]


def finish(w) -> int:
    """Step frames until autoplay has ended the game (a result overlay shows)."""
    frames = 0
    while not isinstance(w.scene, (Victory, GameOver)):
        assert frames < MAX_FRAMES, "autoplay did not finish the game"
        w.step(1)
        frames += 1
    return frames


def answered(w, seconds: float = 30.0):
    """Step frames until the hint panel has its answer (hints are worked out in the solver's
    process; one not in within QUICK_HINT shows "Thinking" first)."""
    deadline = time.monotonic() + seconds
    while isinstance(w.scene, HintPanel) and w.scene.waiting:
        assert time.monotonic() < deadline, "the hint never came"
        w.step(1)
        time.sleep(0.001)  # idle between frames, as the real loop does: the hint's worker thread runs
    return w.scene


def pixel(w, cell, layout, dx=2, dy=2):
    rect = layout.cell_rect(cell)
    return tuple(w.screen.get_at((rect.left + dx, rect.top + dy)))[:3]


# ----- H: hints -------------------------------------------------------------------------------
def test_hint_before_the_first_click_says_any_cell_is_safe_and_is_not_counted(window):
    w = window(["--difficulty", "beginner", "--seed", "3"])
    game, match = w.scene.game, w.scene.match
    w.key(pygame.K_h)
    assert isinstance(w.scene, HintPanel)
    assert w.scene.hint.kind == "first" and "first click is always safe" in w.scene.hint.text
    assert w.scene.hint.cell == (4, 4)  # the centre: the opening rule opens an area anywhere
    assert match.hints_used == 0 and game.state is State.READY
    assert not w.scene.panel.colliderect(w.scene.base.layout.cell_rect((4, 4)))


def panel_for(playing, cell, text):
    hint = Hint("guess", cell, f"Best guess ({cell[0]}; {cell[1]}): 88% safe", text, 0.88)
    return HintPanel(playing.services, playing, HintRequest(playing.assist, None, hint))


LONG_GUESS = ("Guess: no cell is certain to be safe. (7; 3) survives with chance 50.0% (the "
              "safest cell survives with 66.7%); (7; 3) and (8; 3) hold one mine between them and "
              "no other cell can ever tell which, so this 50/50 must be guessed anyway: guessing "
              "it now risks nothing more and its number helps the rest of the game.")  # real, 10 lines


@pytest.mark.parametrize("level", ["beginner", "expert"])
def test_hint_panel_never_covers_the_ring_nor_the_hud(window, level):
    w = window(["--difficulty", level])
    playing = w.scene
    layout = playing.layout
    for row in range(layout.rows):
        for col in range(layout.cols):
            panel = panel_for(playing, (row, col), LONG_GUESS)
            assert not panel.panel.colliderect(layout.cell_rect((row, col)))
            assert pygame.Rect((0, 0), panel.size()).contains(panel.panel)  # in the window
            assert panel.size() == playing.size()  # the playing window, the same for every hint
            assert not panel.panel.colliderect(layout.hud)
            assert panel.room is playing.room and not panel.panel.colliderect(layout.board)  # issue 35: in the strip
            assert 1 <= panel.shown <= len(panel.lines) and panel.cut == (panel.shown < len(panel.lines))
            if level == "expert":  # room to spare: the whole text, the HUD in view
                assert not panel.cut and not panel.panel.colliderect(layout.hud)
    # A short explanation never covers the HUD either, not even beside Beginner's middle row
    # (there it stands beside the board, in the strip kept for panels)
    short = "Safe: the 1 at (3; 4) already touches its mine at (2; 5), so (3; 5) is safe."
    over_hud = {row for row in range(layout.rows) for col in range(layout.cols)
                if panel_for(playing, (row, col), short).panel.colliderect(layout.hud)}
    assert over_hud == set()


def test_a_long_hint_on_a_small_board_scrolls_and_other_keys_still_close_it(window):
    w = window(["--difficulty", "beginner"])
    playing = w.scene
    # mid-board: little room above or below; twice the long text: longer than the panels' strip
    panel = panel_for(playing, (4, 4), f"{LONG_GUESS} {LONG_GUESS}")
    w.loop.manager.switch(panel)  # as Playing's H does, with a hint this long
    assert panel.cut and panel.offset == 0
    w.key(pygame.K_DOWN)
    assert w.scene is panel and panel.offset == 1
    w.key(pygame.K_PAGEDOWN)  # a panel's worth at a time
    paged = min(len(panel.lines) - panel.shown, 1 + max(1, panel.shown - 1))
    assert paged > 1 and panel.offset == paged
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))  # the wheel up
    w.step()
    assert w.scene is panel and panel.offset == paged - 1
    for _ in range(20):
        w.key(pygame.K_DOWN)
    assert panel.offset == len(panel.lines) - panel.shown  # stops at the last line
    w.key(pygame.K_SPACE)
    assert w.scene is playing


def test_first_click_hint_on_a_board_too_dense_to_open_does_not_promise_an_opening(window):
    w = window(["--rows", "1", "--cols", "2", "--mines", "1"])
    w.key(pygame.K_h)
    hint = w.scene.hint
    assert hint.kind == "first" and "always safe" in hint.text
    assert "opens an area" not in hint.text and "too many mines" in hint.text


def test_hint_rings_the_solvers_move_explains_it_and_is_counted_once(window):
    w = window(["--difficulty", "beginner", "--seed", "3"])
    game, match = w.scene.game, w.scene.match
    w.click_cell((4, 4))
    expected = analyse_board(position(game), ignore_flags=True)
    w.key(pygame.K_h)
    panel = answered(w)
    assert isinstance(panel, HintPanel)
    hint = panel.hint
    assert hint.cell in expected.safe and hint.kind == "safe"
    assert hint.title.startswith(f"Reveal ({hint.cell[0]}; {hint.cell[1]})")
    assert hint.text.startswith("Safe:") and panel.lines
    assert hint.safe and hint.safe <= expected.safe
    assert match.hints_used == 1
    layout = panel.base.layout
    assert not panel.panel.colliderect(layout.cell_rect(hint.cell))  # the ring stays in view
    assert pixel(w, hint.cell, layout, 1, 1) == palette.safe  # the ring, inside its black edge
    w.key(pygame.K_SPACE)  # closes the panel and does nothing else
    assert isinstance(w.scene, Playing) and w.scene.hint is None
    assert not game.is_revealed(hint.cell)
    w.step()
    assert pixel(w, hint.cell, layout, 1, 1) != palette.safe  # the ring left with the panel
    w.key(pygame.K_h)
    w.key(pygame.K_h)
    assert match.hints_used == 1  # the same position asked again
    w.click_cell(hint.cell)
    assert game.is_revealed(hint.cell) and w.scene.hint is None
    w.key(pygame.K_h)
    answered(w)
    assert match.hints_used == 2


def test_a_guess_is_ringed_amber_with_its_survival_chance(window):
    w = window(["--difficulty", "expert", "--seed", "3", "--first-click", "safe"])
    game = w.scene.game
    w.click_cell((0, 0))  # a corner: often no opening, so the solver has to guess
    while True:
        safe = certain_cells(position(game), ignore_flags=True)[0]
        if not safe or game.over:
            break
        w.click_cell(sorted(safe)[0])
    assert game.state is State.PLAYING
    w.key(pygame.K_h)
    hint = answered(w).hint
    assert hint.kind in ("guess", "endgame") and 0 < hint.survival < 1
    assert f"{hint.survival:.0%} safe" in hint.title
    w.step()
    assert pixel(w, hint.cell, w.scene.base.layout, 1, 1) == palette.guess


@pytest.fixture
def slow_hints(monkeypatch):
    """Hold every answer of the solver's process (game.ui.play.solver_process) until the returned
    event is set: it is worked out there as ever, and given only then."""
    from game.ui.play import solver_process
    release = threading.Event()
    real = solver_process.SolverProcess.ask

    class Held:
        def __init__(self, ticket):
            self.ticket = ticket

        def ready(self):
            return release.is_set() and self.ticket.ready()

        def wait(self, seconds=None):
            return release.wait(seconds) and self.ticket.wait(seconds)

        def __getattr__(self, name):  # value, status: the real ticket's
            return getattr(self.ticket, name)

    monkeypatch.setattr(solver_process.SolverProcess, "ask", lambda process, question: Held(real(process, question)))
    yield release
    release.set()


def test_a_slow_hint_says_thinking_while_the_window_and_timer_go_on(window, slow_hints):
    w = window(["--difficulty", "beginner", "--seed", "5"])
    match = w.scene.match
    w.click_cell((4, 4))
    w.key(pygame.K_h)
    panel = w.scene
    assert isinstance(panel, HintPanel) and panel.waiting and panel.busy()
    assert panel.hint.title == "Thinking" and match.hints_used == 0 and w.scene.base.hint is None
    updates = w.loop.updates
    w.step(40)
    assert w.loop.updates >= updates + 40 and w.scene is panel and panel.waiting  # not blocked
    assert panel.next_change() == panel.base.next_change() < 1.1  # the HUD timer is redrawn
    slow_hints.set()
    answered(w)
    hint = panel.hint
    assert w.scene is panel and hint.cell is not None and hint.title != "Thinking"
    assert match.hints_used == 1 and panel.base.hint is hint
    w.step()
    colour = palette.guess if hint.kind in ("guess", "endgame") else palette.safe
    assert pixel(w, hint.cell, panel.base.layout, 1, 1) == colour
    timer = panel.base.layout.timer
    before = w.screen.pixels(timer)
    w.step(70)  # over a second on the fake clock, the panel still open
    assert w.scene is panel
    assert w.screen.pixels(timer) != before


def test_closing_a_hint_before_it_comes_drops_it_uncounted(window, slow_hints):
    w = window(["--difficulty", "beginner", "--seed", "5"])
    match = w.scene.match
    w.click_cell((4, 4))
    w.key(pygame.K_h)
    assert w.scene.waiting
    request = w.scene.request
    w.key(pygame.K_SPACE)
    playing = w.scene
    assert isinstance(playing, Playing) and playing.hint is None
    slow_hints.set()
    wait_for(request.ready, 30, "the dropped hint's worker finishing")  # (ready() reads nothing: uncounted)
    w.step(10)
    assert match.hints_used == 0 and playing.hint is None
    w.key(pygame.K_h)  # asked again: answered (the worker is free), counted now
    hint = answered(w).hint
    assert hint.cell is not None and match.hints_used == 1


# ----- O: probabilities -----------------------------------------------------------------------
@pytest.fixture
def hand_laid(tmp_path):
    path = tmp_path / "corner.mine"
    path.write_text(HAND_LAID)
    return str(path)


def test_overlay_colours_a_certain_mine_red_and_a_safe_cell_green(window, hand_laid):
    w = window(["--board", hand_laid])
    scene = w.scene
    assert certain_cells(position(scene.game), ignore_flags=True) == ({(0, 1), (3, 3), (3, 4), (4, 3)},
                                                                        {(0, 0), (4, 4)})
    before = pixel(w, (0, 0), scene.layout), pixel(w, (0, 1), scene.layout)
    w.key(pygame.K_o)
    assert scene.show_probabilities
    red, green = pixel(w, (0, 0), scene.layout), pixel(w, (0, 1), scene.layout)
    assert red[0] > red[1] + 60 and red[0] > red[2] + 60, red
    assert green[1] > green[0] + 60 and green[1] > green[2] + 60, green
    builds = scene.probability_layer.builds
    w.step(30)
    scene.invalidate()
    w.step(2)
    assert scene.probability_layer.builds == builds  # drawn from the cache, not recomputed
    w.click_cell((0, 1))  # a move: the overlay follows the position
    assert scene.probability_layer.builds == builds + 1
    assert pixel(w, (0, 0), scene.layout)[0] > 150
    w.key(pygame.K_o)
    assert pixel(w, (0, 0), scene.layout) == before[0]


def test_overlay_writes_percents_only_on_large_tiles(window, hand_laid):
    w = window(["--board", hand_laid])
    scene = w.scene
    w.key(pygame.K_o)
    w.display.set_scale(1)  # 16 px tiles on screen
    scene.invalidate()
    w.step()
    assert scene.probability_layer.key[1] is False
    w.display.set_scale(2)  # 32 px tiles
    scene.invalidate()
    w.step()
    assert scene.probability_layer.key[1] is True
    rect = scene.layout.cell_rect((0, 0)).inflate(-6, -6)
    colours = {tuple(w.screen.get_at((x, y)))[:3]
               for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)}
    assert any(max(c) < 90 for c in colours)  # the black digits of "100"


# ----- A: autoplay ----------------------------------------------------------------------------
def test_autoplay_wins_a_beginner_game_a_move_every_150_ms_and_is_recorded(window):
    w = window(["--difficulty", "beginner", "--seed", "5"])
    game, match = w.scene.game, w.scene.match
    log = MoveLog(w)
    w.key(pygame.K_a)
    assert w.scene.busy()  # the loop ticks at 60 Hz while autoplay runs
    finish(w)
    assert game.state is State.WON and isinstance(w.scene, Victory)
    ticks = log.reveal_ticks()
    assert len(ticks) >= 5
    gaps = {b - a for a, b in zip(ticks, ticks[1:])}
    assert gaps == {MOVE_TICKS}, gaps  # 9 updates at 60 Hz: 150 ms
    assert match.autoplay_used and match.hints_used == 0
    store = w.scene.services.records.store
    record = store.games()[-1]
    assert record.won and record.autoplay_used
    assert store.best_times("beginner") == []


@pytest.mark.parametrize("seed, result", [(5, Victory), (2, GameOver)])
def test_autoplays_last_move_switches_to_the_result_in_its_own_frame(window, seed, result):
    """The update that makes the move ending the game returns the result overlay, and the
    manager switches at once (no event is posted to do it): a loss's explosion starts in
    that frame."""
    w = window(["--difficulty", "beginner", "--seed", str(seed)])
    playing, game, match = w.scene, w.scene.game, w.scene.match
    w.key(pygame.K_a)
    frames = 0
    while not game.over:
        assert frames < MAX_FRAMES, "autoplay did not finish the game"
        w.step(1)
        frames += 1
    assert isinstance(w.scene, result) and w.scene.base is playing  # in the frame of the last move
    assert not playing.autoplay.running and match.autoplay_used
    if result is GameOver:
        assert playing.look is not None and w.scene.ticks <= 1  # the blast has just begun
    posted = [event for event in pygame.event.get() if pygame.USEREVENT <= event.type < pygame.NUMEVENTS]
    assert posted == []


def test_any_key_or_click_stops_autoplay_and_does_nothing_else(window):
    w = window(["--difficulty", "intermediate", "--seed", "8"])
    scene, game = w.scene, w.scene.game
    log = MoveLog(w)
    w.key(pygame.K_a)
    w.step(5 * MOVE_TICKS)
    assert scene.autoplay.running and game.state is State.PLAYING
    w.key(pygame.K_o)  # any key: it stops, and O does not toggle the overlay
    assert not scene.autoplay.running and not scene.show_probabilities
    moves = len(log.moves)
    w.step(4 * MOVE_TICKS)
    assert len(log.moves) == moves and not scene.busy()
    w.key(pygame.K_a)
    w.step(3 * MOVE_TICKS)
    assert scene.autoplay.running
    covered = next(c for c in game.cells() if game.appearance(c) == "covered")
    w.click_cell(covered)  # a click stops it; its release reveals nothing
    assert not scene.autoplay.running and game.appearance(covered) == "covered"
    w.step(2 * MOVE_TICKS)
    assert game.state is State.PLAYING


def test_focus_loss_stops_autoplay_and_pauses(window):
    w = window(["--difficulty", "intermediate", "--seed", "8"])
    scene = w.scene
    w.key(pygame.K_a)
    w.step(3 * MOVE_TICKS)
    w.post(pygame.WINDOWFOCUSLOST)
    assert isinstance(w.scene, Pause) and not scene.autoplay.running
    w.key(pygame.K_p)
    assert w.scene is scene and not scene.autoplay.running


def test_autoplay_on_a_no_guess_expert_board_never_guesses(window):
    w = window(["--difficulty", "expert", "--no-guess", "--seed", "11"])
    scene, game = w.scene, w.scene.game
    log = MoveLog(w, check_safe=True)
    w.key(pygame.K_a)
    finish(w)
    assert game.state is State.WON
    reveals = [m for m in log.moves if m[1] == "reveal"]
    assert reveals[0][2] == (8, 15)  # the first click, at the centre, built the board
    assert all(certain for _, _, _, certain in reveals[1:])  # every later reveal was proved safe
    assert {kind for _, kind in scene.autoplay.log[1:]} == {"safe"}


# ----- F1: help -------------------------------------------------------------------------------
def test_help_lists_the_solver_keys_stops_the_clock_and_closes_on_any_key(window):
    w = window(["--difficulty", "beginner", "--seed", "3"])
    scene, match = w.scene, w.scene.match
    w.click_cell((4, 4))
    w.key(pygame.K_F1)
    assert isinstance(w.scene, Help) and match.paused
    keys = {key for key, _ in CONTROLS}
    # P shares its line with M (sound), R with F2 (new game), redo with undo
    assert {"H", "O", "A", "F2, face / R", "Ctrl+Z / Ctrl+Y", "P / M", "Esc", "F11, Alt+Enter"} <= keys
    w.key(pygame.K_h)  # any key closes it; H does not also ask for a hint
    assert w.scene is scene and not match.paused and match.hints_used == 0
    w.key(pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?")
    assert isinstance(w.scene, Help)
    w.click((5, 5))
    assert w.scene is scene


def test_help_opens_from_the_menu(window):
    w = window([])
    w.key(pygame.K_F1)
    assert isinstance(w.scene, Help) and isinstance(w.scene.base, Menu)
    w.key(pygame.K_ESCAPE)  # closes the help, does not quit
    assert isinstance(w.scene, Menu)
