"""The exact probability engine against brute-force enumeration, and its error handling."""

import random

import pytest

from game.boardfile import BoardFile, parse_mine
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
    assert result.approximate and "estimates" in result.reasons[0]
    assert not result.safe and not result.mines  # nothing is claimed certain from an estimate
    assert all(0.0 <= p <= 1.0 for p in result.as_floats().values())
    exact = solve(build_problem(board))
    assert not exact.approximate


def test_binomial_rows_stepped_from_known_entries_are_exact():
    from math import comb

    from game.solver.probabilities import _BinomRow
    rng = random.Random(4)
    for n in (0, 1, 7, 479, 5000):
        row = _BinomRow(n)
        for k in [rng.randint(-3, n + 3) for _ in range(200)] + [n // 2 + d for d in range(-70, 70)]:
            assert row[k] == (comb(n, k) if 0 <= k <= n else 0), (n, k)
