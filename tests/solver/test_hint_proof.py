"""The window's hint names the certain-safe cell whose proof a player reads most easily."""

import random

from game.solver import Solver
from game.solver.explain import explain_safe, simplest_proof
from tests.solver_helpers import local_forces_safe, random_position


def cost(proof):
    return proof.uses_count, len(proof.numbers)


def test_the_simplest_proof_is_a_valid_proof_no_longer_than_the_best_moves():
    rng = random.Random(7)
    simpler = checked = 0
    while checked < 120:
        board, _ = random_position(rng, max_rows=6, max_cols=6)
        analysis = Solver().analyse(board)
        if analysis.move_kind != "safe":
            continue
        checked += 1
        chosen = simplest_proof(analysis.result, analysis.best_move)
        assert chosen.cell in analysis.safe
        first = explain_safe(analysis.result, analysis.best_move)
        assert cost(chosen) <= cost(first)
        simpler += cost(chosen) < cost(first)
        if cost(first) == (False, 1):  # nothing is simpler than one number: the best move stays
            assert chosen.cell == analysis.best_move
        if not chosen.uses_count:  # the cited numbers alone force the cell safe
            assert local_forces_safe(board, chosen.numbers, chosen.cell)
    assert simpler > 0  # on some positions the best move's proof was not the easiest one
