"""The exact probability engine against brute-force enumeration, and its error handling."""

import math
import random

import pytest

from game.boardfile import BoardFile, parse_mine
from game.commands.explain_text import reason_text
from game.solver.probabilities import GroupCache, solve
from game.solver.problem import InconsistentPosition, build_problem
from tests.solver_helpers import brute_force, random_position


@pytest.mark.parametrize("seed", range(300))
def test_probabilities_equal_brute_force(seed):
    rng = random.Random(seed)
    board, _ = random_position(rng, flag_share=0.3 if seed % 3 == 0 else 0.0)
    total, expected = brute_force(board)
    result = solve(build_problem(board))
    assert result.total == total
    assert {c: result.exact(c) for c in result.weight} == expected
    assert result.safe == {c for c, p in expected.items() if p == 0}
    assert result.mines == {c for c, p in expected.items() if p == 1}


def test_ignore_flags_treats_flags_as_covered():
    rng = random.Random(7)
    for _ in range(40):
        board, _ = random_position(rng, flag_share=0.5)
        total, expected = brute_force(board, count_flags=False)
        result = solve(build_problem(board, ignore_flags=True))
        assert {c: result.exact(c) for c in result.weight} == expected


def test_cache_gives_the_same_answer():
    rng = random.Random(3)
    cache = GroupCache()
    for _ in range(60):
        board, _ = random_position(rng)
        fresh = solve(build_problem(board))
        cached = solve(build_problem(board), cache)
        again = solve(build_problem(board), cache)
        assert fresh.weight == cached.weight == again.weight


def test_global_count_decides_the_interior():
    # A 1 with two covered neighbours; 1 mine in total: the far cells are safe.
    board = parse_mine("4x1x1\n1HHH\n")
    result = solve(build_problem(board))
    assert result.safe == {(0, 2), (0, 3)}
    assert result.mines == {(0, 1)}


def test_global_count_makes_the_interior_certain_mines():
    # The 1 has its mine at (0,1); 3 mines in total: the two far cells must be mines.
    board = parse_mine("4x1x3\n1HHH\n")
    result = solve(build_problem(board))
    assert result.mines == {(0, 1), (0, 2), (0, 3)}


def test_global_count_weights_the_frontier():
    # 2 covered frontier cells share one mine; 3 cells off the frontier.
    # Mines=2: frontier has 1, interior gets 1 of 3: every cell p=1/2 on frontier, 1/3 off.
    board = parse_mine("3x3x2\n1HH\nHHH\nHHH\n")
    total, expected = brute_force(board)
    result = solve(build_problem(board))
    assert {c: result.exact(c) for c in result.weight} == expected


@pytest.mark.parametrize("text, words", [
    ("3x1x1\n1H0\n", "no mine layout fits the numbers"),  # the 0 forbids the 1's only cell
    ("4x1x1\n1HH1\n", "mine count"),  # two separate 1s need two mines, only one exists
    ("3x3x1\n2HH\nHHH\nHHH\n", "mine count"),  # the 2 needs two mines
])
def test_inconsistent_positions_are_rejected(text, words):
    board = parse_mine(text)
    assert brute_force(board)[0] == 0
    with pytest.raises(InconsistentPosition, match=words):
        solve(build_problem(board))


def test_too_many_mines_for_the_room_is_rejected():
    # 3 mines but only 2 covered cells
    with pytest.raises(InconsistentPosition, match="mine count"):
        solve(build_problem(parse_mine("3x1x3\n1HH\n")))


def test_flags_over_number_rejected():
    board = BoardFile(1, 3, 2, {(0, 1): 1}, frozenset({(0, 0), (0, 2)}))
    with pytest.raises(InconsistentPosition, match="touches 2 flags"):
        build_problem(board)


def test_random_inconsistent_positions_always_rejected():
    rng = random.Random(11)
    seen = 0
    for _ in range(400):
        board, _ = random_position(rng)
        if not board.revealed:
            continue
        cell = rng.choice(sorted(board.revealed))
        bad = dict(board.revealed)
        bad[cell] = (bad[cell] + rng.randint(1, 3)) % 9
        bad_board = BoardFile(board.rows, board.cols, board.mines, bad, board.flags)
        total, _ = brute_force(bad_board)
        if total:
            continue
        seen += 1
        with pytest.raises(InconsistentPosition):
            solve(build_problem(bad_board))
    assert seen > 50


def test_a_group_too_large_to_count_is_flagged_approximate():
    # A long row of 1s over a covered row: many layouts; a node limit of 2 forces the estimate.
    board = parse_mine("12x3x4\n" + "1" * 12 + "\n" + "H" * 12 + "\n" + "H" * 12 + "\n")
    result = solve(build_problem(board), node_limit=2)
    assert result.approximate and "estimates" in reason_text(result.reasons[0])
    assert not result.safe and not result.mines  # nothing is claimed certain from an estimate
    assert all(0.0 <= p <= 1.0 for p in result.as_floats().values())
    exact = solve(build_problem(board))
    assert not exact.approximate


def test_relative_binomials_times_their_scale_are_the_exact_binomials():
    from math import comb

    from game.solver.probabilities import relative_binomials
    rng = random.Random(4)
    for n in (0, 1, 7, 479, 5000):
        for _ in range(30):
            lo = rng.randint(0, n)
            hi = min(n, lo + rng.randint(0, 80))
            row, (n_, k, d) = relative_binomials(n, lo, hi)
            assert (n_, k) == (n, lo) and sorted(row) == list(range(lo, hi + 1))
            for j, r in row.items():
                assert r * comb(n, k) == comb(n, j) * d, (n, lo, hi, j)


def test_layout_count_is_exact_and_its_log_agrees():
    import math
    rng = random.Random(11)
    for _ in range(80):
        board, _ = random_position(rng)
        total, _ = brute_force(board)
        result = solve(build_problem(board))
        assert result.total == total
        assert math.isclose(result.log_total, math.log(total), rel_tol=1e-9, abs_tol=1e-9)
        assert result.layouts_at_most(total) and not result.layouts_at_most(total - 1)


def test_an_all_covered_big_board_counts_its_layouts_only_when_asked():
    from math import comb, log10
    board = BoardFile(300, 300, 18000)
    result = solve(build_problem(board))
    assert result.floats[(150, 150)] == 0.2 and len(result.floats) == 90000
    assert abs(result.log_total / math.log(10) - log10(comb(90000, 18000))) < 1e-6
    assert result._total is None  # not computed: the probabilities do not need it
    assert result.total == comb(90000, 18000)


def _plain_problem(board, ignore_flags=False):
    """build_problem written the obvious way, one dictionary lookup per neighbour."""
    from game.rules.board import neighbours
    flags = frozenset() if ignore_flags else frozenset(board.flags) - board.revealed.keys()
    cells = [(r, c) for r in range(board.rows) for c in range(board.cols)]
    unknown = {c for c in cells if c not in board.revealed and c not in flags}
    constraints = []
    for cell in sorted(board.revealed):
        around = list(neighbours(cell, board.rows, board.cols))
        covered = tuple(sorted(n for n in around if n in unknown))
        if covered:
            need = board.revealed[cell] - sum(n in flags for n in around)
            constraints.append((cell, board.revealed[cell], need, covered))
    frontier = {c for con in constraints for c in con[3]}
    return constraints, unknown, frontier, [c for c in cells if c in unknown and c not in frontier]


@pytest.mark.parametrize("seed", range(60))
def test_build_problem_matches_a_plain_reading_of_the_position(seed):
    rng = random.Random(seed)
    board, _ = random_position(rng, max_rows=9, max_cols=70, flag_share=0.4)
    for ignore in (False, True):
        try:
            problem = build_problem(board, ignore_flags=ignore)
        except InconsistentPosition:
            continue  # random flags may exceed a number; the messages are tested elsewhere
        constraints, unknown, frontier, interior = _plain_problem(board, ignore)
        assert [tuple(con) for con in problem.constraints] == constraints
        assert problem.unknown == unknown and problem.frontier == frontier
        assert list(problem.interior) == interior


def test_a_number_with_no_covered_neighbour_is_refused():
    revealed = {(r, c): 0 for r in range(3) for c in range(3)}
    revealed[(1, 1)] = 2  # sees no covered cell at all (the file reader refuses this too)
    board = BoardFile(3, 3, 1, revealed, frozenset())
    with pytest.raises(InconsistentPosition, match=r"the 2 at \(1; 1\) needs 2 more mines but has only 0"):
        build_problem(board)


def test_estimated_outcomes_share_what_the_exact_ones_leave():
    # Beside a long row of 1s every reveal of a covered cell makes a long group; with a
    # node limit of 1 each outcome is estimated and must still get a chance that, with
    # the others, adds up to the chance the cell is safe.
    from game.solver import lookahead
    board = parse_mine("12x3x4\n" + "1" * 12 + "\n" + "H" * 12 + "\n" + "H" * 12 + "\n")
    problem = build_problem(board)
    probs = solve(problem)
    old = lookahead.LOOKAHEAD_NODE_LIMIT
    lookahead.LOOKAHEAD_NODE_LIMIT = 1
    try:
        found = lookahead.outcomes(problem, probs, (1, 5))
    finally:
        lookahead.LOOKAHEAD_NODE_LIMIT = old
    assert any(o.after.approximate for o in found)
    assert math.isclose(sum(o.chance for o in found), 1 - probs.probability((1, 5)), rel_tol=1e-9)
    assert all(0 <= o.chance <= 1 for o in found)
