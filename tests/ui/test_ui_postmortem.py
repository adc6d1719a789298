"""The post-mortem of a loss on the result panel, told with posted pygame events: a seeded
game lost by a needless guess says so in one line, V or the Why? button ring exactly the
cells that were certainly safe and show the explanation, a loss with no safe cell says
"Forced guess", H hides the panel after a loss, and Ctrl+Z still takes the loss back."""

import pygame

from game.boardfile import BoardFile
from game.rules.engine import State
from game.commands.explain_text import proof_text
from game.solver.probabilities import solve
from game.solver.problem import build_problem, fmt
from game.ui.play.postmortem import WORKING
from game.ui.shared.help import CONTROLS
from game.ui.play.playing import Playing
from game.ui.play.result import GameOver
from game.ui.shared.theme import palette
from tests.play_helpers import wait_postmortem
from tests.ui.test_ui_figures import panel_text, shows_line
from tests.ui.test_ui_screens import assert_panel_clear_of_the_board, assert_v_toggles


def position(game):
    """The solver's analysis of what the player sees (numbers, covered cells, the mine count;
    flags ignored), worked out here apart from the review."""
    revealed = {c: game.number(c) for c in game.cells() if game.number(c) is not None}
    board = BoardFile(game.rows, game.cols, game.config.mines, revealed)
    return solve(build_problem(board, ignore_flags=True))


def unproven_mine(game, probs):
    """A mine the position does not prove to be one (a click on it is a guess that loses)."""
    return next(c for c in sorted(game.layout()) if game.appearance(c) == "covered" and c not in probs.mines)


def lose_needlessly(window, level="beginner", seed=5):
    """Open the board at the centre, then click a mine that was not certain while some cell
    was certainly safe; returns the driver, the safe cells then and the fatal cell."""
    w = window(["--difficulty", level, "--seed", str(seed)])
    game = w.scene.game
    w.click_cell((game.rows // 2, game.cols // 2))
    probs = position(game)
    assert probs.safe, "the seed must leave a certainly safe cell after the first click"
    fatal = unproven_mine(game, probs)
    w.click_cell(fatal)
    assert game.state is State.LOST and isinstance(w.scene, GameOver)
    return w, set(probs.safe), fatal


def ring_colour(w, cell):
    """The colour a ring on ``cell`` would have (the ring's first inner pixel, off the arrows)."""
    rect = w.scene.base.layout.cell_rect(cell)
    return tuple(w.screen.get_at((rect.left + 1, rect.top + 2)))[:3]


def test_a_needless_guess_is_told_in_one_line_and_v_rings_exactly_the_safe_cells(window):
    w, safe, fatal = lose_needlessly(window)
    scene = w.scene
    working = [line for line in panel_text(scene) if line == WORKING or line.startswith("Reviewing... ")]
    assert working or scene.postmortem.ready  # "..." or its progress until the review is in
    w.step(60)  # the blast
    wait_postmortem(w)
    line = scene.postmortem.line()
    assert line.startswith("Needless guess: (") and line.endswith(") was certainly safe")
    named = tuple(int(x) for x in line.split("(")[1].split(")")[0].split(";"))
    assert named in safe and shows_line(scene, line)
    assert scene.postmortem.fatal.cell == fatal and set(scene.postmortem.safe_cells()) == safe
    before = w.screen.pixels(scene.base.layout.board)
    assert all(ring_colour(w, c) != palette.safe for c in scene.base.game.cells())  # no rings yet
    w.key(pygame.K_v)
    assert scene.postmortem.shown and isinstance(w.scene, GameOver)
    game = scene.base.game
    ringed = {c for c in game.cells() if ring_colour(w, c) == palette.safe}
    assert ringed == safe  # the rings are on exactly the cells the review lists
    assert ring_colour(w, fatal) == palette.risky
    proof = scene.postmortem.proof
    assert proof.cell == named and shows_line(scene, proof_text(proof)[1:])  # the explanation, wrapped
    assert shows_line(scene, f"The fatal reveal at {fmt(fatal)}: mine probability")
    assert shows_line(scene, f"{len(safe)} cells were certainly safe then (green rings)")
    assert_panel_clear_of_the_board(w)  # the explanation fits Beginner's strip
    w.key(pygame.K_v)  # V again: the board as the loss left it
    assert not scene.postmortem.shown
    assert w.screen.pixels(scene.base.layout.board) == before


def test_the_why_button_shows_the_post_mortem_and_ctrl_z_still_undoes_after_it(window):
    w, safe, fatal = lose_needlessly(window, seed=6)
    scene = w.scene
    w.step(60)
    wait_postmortem(w)
    why = next(b for b in scene.buttons.buttons if b.label == "Why?")
    w.click(why.rect.center)
    assert scene.postmortem.shown
    assert {c for c in scene.base.game.cells() if ring_colour(w, c) == palette.safe} == safe
    assert next(b for b in scene.buttons.buttons if b.label == "Hide")
    assert_panel_clear_of_the_board(w)
    w.key(pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert isinstance(w.scene, Playing) and w.scene.game.state is State.PLAYING
    assert w.scene.game.appearance(fatal) == "covered"
    cell = sorted(safe)[0]
    w.click_cell(cell)  # the game plays on from the board before the fatal click
    assert w.scene.game.is_revealed(cell)


def test_a_loss_with_no_safe_cell_is_a_forced_guess_with_the_luck_of_the_guesses_survived(window):
    w = window(["--rows", "5", "--cols", "5", "--mines", "12", "--first-click", "safe", "--seed", "3"])
    game = w.scene.game
    w.click_cell((2, 2))
    survived, luck = 0, 1.0
    while game.state is State.PLAYING:
        probs = position(game)
        assert not probs.safe, "the seed must leave no certainly safe cell on the way"
        guess = next((c for c in sorted(game.cells()) if game.appearance(c) == "covered"
                      and c not in game.layout() and c not in probs.mines), None)
        if guess is not None and survived < 1:
            luck *= 1 - probs.probability(guess)
            w.click_cell(guess)
            survived += 1
        else:
            w.click_cell(unproven_mine(game, probs))
    assert isinstance(w.scene, GameOver)
    w.step(60)
    wait_postmortem(w)
    odds = 1 / luck
    line = w.scene.postmortem.line()
    assert line == f"Forced guess: no cell was safe; you survived 1 guess (luck 1 in {odds:.1f})"
    assert odds < 10  # (one decimal below 10)
    assert shows_line(w.scene, line)
    w.key(pygame.K_v)
    assert shows_line(w.scene, "No cell was certainly safe then")
    assert {c for c in game.cells() if ring_colour(w, c) == palette.safe} == set()


def test_after_a_loss_h_hides_the_panel_and_the_help_names_v(window):
    w, _, _ = lose_needlessly(window)
    w.step(60)
    wait_postmortem(w)
    assert_v_toggles(w, pygame.K_h)
    assert not w.scene.postmortem.shown  # H is not the post-mortem
    assert ("V after a loss", "why it was lost") in CONTROLS  # the help says what V does
