"""Explanations of certain-safe cells are valid proofs, checked by brute force."""

import random

import pytest

from game.boardfile import parse_mine
from game.commands.explain_text import chance, move_text, proof_text
from game.solver import analyse, analyse_board
from game.solver.explain import MINE, NUMBER, OTHER, Mark, explain_safe
from game.solver.probabilities import solve
from game.solver.problem import build_problem
from tests.solver_helpers import local_forces_safe, random_position


@pytest.mark.parametrize("seed", range(150))
def test_each_safe_cell_has_a_valid_proof(seed):
    rng = random.Random(1000 + seed)
    board, _ = random_position(rng, flag_share=0.3 if seed % 2 else 0.0)
    probs = solve(build_problem(board))
    for cell in sorted(probs.safe):
        proof = explain_safe(probs, cell)
        assert proof_text(proof) and f"({cell[0]}; {cell[1]})" in proof_text(proof)
        total = board.mines if proof.uses_count else None
        assert local_forces_safe(board, proof.numbers, cell, total), (proof_text(proof), board)
        if not proof.uses_count and len(proof.numbers) > 1:
            # smallest: no single cited number proves it alone
            assert not any(local_forces_safe(board, [n], cell) for n in proof.numbers)
        for number in proof.numbers:
            assert number in board.revealed


def test_flag_satisfied_number():
    board = parse_mine("3x2x1\n1HH\nFHH\n")
    probs = solve(build_problem(board))
    proof = explain_safe(probs, (0, 1))
    assert proof.numbers == [(0, 0)]
    assert proof_text(proof) == "the 1 at (0; 0) already touches its flagged mine at (1; 0), so (0; 1) is safe"


def test_two_number_mine_argument():
    # The 1 at (0; 0) has one covered neighbour, (0; 1): a mine, which satisfies the 1 at (1; 1).
    board = parse_mine("4x2x2\n1HHH\n11HH\n")
    probs = solve(build_problem(board))
    assert {(0, 2), (1, 2)} <= probs.safe
    proof = explain_safe(probs, (0, 2))
    assert proof_text(proof) == ("the 1 at (0; 0) has only 1 covered neighbour left, (0; 1), so it is a mine; "
                          "the 1 at (1; 1) already touches its mine at (0; 1), so (0; 2) is safe")


def test_global_count_explanation():
    board = parse_mine("4x1x1\n1HHH\n")
    analysis = analyse_board(board)
    assert analysis.safe == {(0, 2), (0, 3)}
    text = proof_text(analysis.why_safe((0, 3)))
    assert "the only mine is accounted for" in text
    assert explain_safe(analysis.result, (0, 3)).uses_count


def test_why_safe_rejects_unsafe_cell():
    analysis = analyse_board(parse_mine("4x1x1\n1HHH\n"))
    with pytest.raises(ValueError, match="not certain to be safe"):
        analysis.why_safe((0, 1))


def test_a_guess_is_never_shown_as_certain_nor_as_hopeless():
    from game.ui.play.assist import hint_title
    assert chance(0.999994) == "over 99.9%" and chance(0.00001) == "under 0.1%"
    assert chance(1.0) == "100.0%" and chance(0.0) == "0.0%" and chance(0.8835) == "88.3%"
    assert hint_title("guess", (0, 0), 0.996) == "Best guess (0; 0): over 99% safe"
    assert hint_title("guess", (0, 0), 0.004) == "Best guess (0; 0): under 1% safe"
    assert hint_title("guess", (0, 0), 0.88) == "Best guess (0; 0): 88% safe"
    # 400x400 all covered with one mine: 99.9994 % safe, once printed as 100.0 %
    analysis = analyse("400x400x1\n" + ("H" * 400 + "\n") * 400)
    assert "survives with chance over 99.9%" in move_text(analysis)


@pytest.mark.parametrize("seed", range(150))
def test_a_proof_marks_the_cells_it_names_with_their_roles(seed):
    """Marks: the cited numbers as NUMBER, mines the argument deduces as MINE (true mines),
    cells it puts mines among as AMONG (a true mine lies there); every mark is named in
    the sentence, and a proof by the mine count marks nothing."""
    rng = random.Random(1000 + seed)
    board, mines = random_position(rng, flag_share=0.3 if seed % 2 else 0.0)
    probs = solve(build_problem(board))
    for cell in sorted(probs.safe):
        proof = explain_safe(probs, cell)
        if proof.uses_count:
            assert proof.marks == ()
            continue
        roles = {}
        for mark in proof.marks:
            assert f"({mark.cell[0]}; {mark.cell[1]})" in proof_text(proof) and mark.cell != cell
            roles.setdefault(mark.role, []).append(mark.cell)
        assert sorted(roles.pop("number")) == sorted(proof.numbers)
        assert set(roles.pop("mine", [])) <= mines
        among = roles.pop("among", [])
        assert not among or set(among) & mines
        assert not roles


def test_the_two_number_mine_argument_marks_its_numbers_and_the_mine():
    board = parse_mine("4x2x2\n1HHH\n11HH\n")
    proof = explain_safe(solve(build_problem(board)), (0, 2))
    assert proof.marks == (Mark((0, 0), NUMBER), Mark((1, 1), NUMBER), Mark((0, 1), MINE))


def test_a_guess_marks_the_runner_up_its_explanation_names():
    from game.solver.explain import move_marks
    for seed in range(40):
        board, _ = random_position(random.Random(seed), max_rows=6, max_cols=6)
        analysis = analyse_board(board)
        marks = move_marks(analysis.result, analysis.move)
        if analysis.move_kind == "guess" and len(analysis.move.candidates) > 1:
            runner = analysis.move.candidates[1].cell
            assert marks == (Mark(runner, OTHER),) and f"next best ({runner[0]}; {runner[1]})" in move_text(analysis)
        elif analysis.move_kind == "safe":
            assert marks == explain_safe(analysis.result, analysis.best_move).marks
        else:
            assert marks == ()
