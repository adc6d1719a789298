"""Unavoidable 50/50s: found only where no other cell can ever tell the two apart, and
guessed at once by the best move; the blended safety used to score guesses."""

import random
from itertools import combinations

from game.rules.board import adjacent_mines, neighbours
from game.boardfile import parse_mine
from game.commands.explain_text import move_text
from game.solver import Solver, analyse
from game.solver.fifty import forced_fifty
from game.solver.probabilities import solve
from game.solver.problem import InconsistentPosition, build_problem
from tests.solver_helpers import random_position


def _layouts(board):
    rows, cols = board.rows, board.cols
    unknown = [(r, c) for r in range(rows) for c in range(cols)
               if (r, c) not in board.revealed and (r, c) not in board.flags]
    left = board.mines - len(board.flags)
    found = []
    for chosen in combinations(unknown, left):
        layout = frozenset(chosen) | board.flags
        if all(adjacent_mines(cell, layout, rows, cols) == n for cell, n in board.revealed.items()):
            found.append(frozenset(chosen))
    return unknown, found


def test_corner_pair_is_a_fifty_and_is_guessed_before_safer_cells():
    # Left column (0; 0),(1; 0) beside two 3s, with flags beyond them: no reveal can ever
    # tell the two apart. The six cells on the right are far safer (1 mine left among
    # them) but must wait.
    text = "6x2x4\nH3FHHH\nH3FHHH\n"
    board = parse_mine(text)
    problem = build_problem(board)
    probs = solve(problem)
    assert forced_fifty(problem, probs) == ((0, 0), (1, 0))
    analysis = analyse(text)
    assert analysis.best_move in {(0, 0), (1, 0)}
    assert analysis.move_kind == "guess" and analysis.survival == 0.5
    assert min(analysis.probabilities.values()) < 0.5
    assert "50/50" in move_text(analysis)


def test_pair_that_a_later_reveal_can_split_is_not_a_fifty():
    # (0; 0),(0; 1) share the 1s below, but (0; 2) touches only (0; 1) and is still covered:
    # revealing it could show which one holds the mine.
    text = "4x3x2\nHHHH\n11HH\n00HH\n"
    board = parse_mine(text)
    problem = build_problem(board)
    probs = solve(problem)
    assert forced_fifty(problem, probs) is None


def test_found_pairs_are_true_fifties_on_random_positions():
    rng = random.Random(50)
    checked = 0
    for _ in range(3000):
        board, _ = random_position(rng, 4, 5, flag_share=0.3)
        try:
            problem = build_problem(board)
            probs = solve(problem)
        except InconsistentPosition:
            continue
        if probs.safe:
            continue
        pair = forced_fifty(problem, probs)
        if pair is None:
            continue
        checked += 1
        a, b = pair
        unknown, layouts = _layouts(board)
        assert layouts and all((a in lay) != (b in lay) for lay in layouts)
        swapped = {lay ^ {a, b} for lay in layouts}
        assert swapped == set(layouts)
        always = frozenset.intersection(*layouts)
        for c in unknown:
            if c in (a, b) or c in always:
                continue
            near = set(neighbours(c, board.rows, board.cols))
            assert (a in near) == (b in near), (pair, c)
    assert checked >= 10


def test_solver_plays_a_fifty_without_error_in_a_game():
    analysis = Solver().analyse(parse_mine("2x3x1\nHH\n11\n00\n"))
    assert analysis.best_move in {(0, 0), (0, 1)} and analysis.survival == 0.5


def test_blended_safety_weighs_the_best_and_second_best_living_cells(monkeypatch):
    import game.solver.bestmove as bestmove
    from game.solver.bestmove import SECOND_WEIGHT, blended_safety, looks_dead

    def blended(text):
        return blended_safety(solve(build_problem(parse_mine(text))))

    # One mine beside the 1: (0; 0) and (0; 2) are 50/50, (0; 3) is safe. (0; 0) and (0; 2)
    # are dead (every neighbour is revealed or certain), (0; 3) is not: its neighbour (0; 2)
    # is still open.
    probs = solve(build_problem(parse_mine("4x1x1\nH1HH\n")))
    assert [looks_dead(probs, c) for c in [(0, 0), (0, 2), (0, 3)]] == [True, True, False]
    assert blended("4x1x1\nH1HH\n") == (1 - SECOND_WEIGHT) * 1.0  # the only living cell
    assert blended("3x1x1\nH1H\n") == 0.5  # all dead: one must still be guessed
    assert blended("2x1x1\n1H\n") == 1.0  # only a mine is left covered: the game is won
    monkeypatch.setattr(bestmove, "LIVING_NEXT", 0)  # every cell counts: the safe one and a 50/50
    assert blended("4x1x1\nH1HH\n") == (1 - SECOND_WEIGHT) * 1.0 + SECOND_WEIGHT * 0.5


def test_a_safer_cell_implied_safe_by_the_best_guess_is_played_first():
    from game.solver.bestmove import Candidate, _prefer_dominating
    best = Candidate((0, 0), 0.30, score=0.6, common=frozenset({(5, 5)}))
    other = Candidate((1, 1), 0.25, score=0.5)
    implied = Candidate((5, 5), 0.20, score=0.4)
    ranked = [best, other, implied]
    _prefer_dominating(ranked)
    assert ranked[0] is implied and ranked[2] is best
    # Not implied by the best guess's safety: the order stays.
    ranked = [best, other]
    _prefer_dominating(ranked)
    assert ranked[0] is best


def test_breakers_of_a_would_be_fifty_get_influence():
    from game.solver.fifty import breaker_influence
    # (0; 0),(0; 1) hold one mine; (0; 2) and (1; 2), next to (0; 1) alone, hold one more
    # between them. If (1; 2) is the mine, (0; 2) is the last cell that can tell the pair
    # apart: influence = P((1; 2) mine) = 1/2, and the same the other way round.
    problem = build_problem(parse_mine("4x2x3\nHHHH\n12HH\n"))
    probs = solve(problem)
    assert breaker_influence(problem, probs) == {(0, 2): 0.5, (1, 2): 0.5}
    # An unavoidable 50/50 has no breakers, so no influence.
    problem = build_problem(parse_mine("6x2x4\nH3FHHH\nH3FHHH\n"))
    assert breaker_influence(problem, solve(problem)) == {}
