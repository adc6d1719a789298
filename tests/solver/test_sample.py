"""Drawing mine layouts uniformly among those consistent with a position
(game.solver.sample): every draw fits the position, and on tiny boards the draws are uniform
over the full enumeration of layouts (a chi-square test), whichever way a group is drawn."""

import math
import random
from collections import Counter

import pytest

import game.solver.sample as sample
from game.boardfile import BoardFile, parse_mine
from game.rules.board import Config, adjacent_mines
from game.boardfile import from_game
from game.midend.match import Match
from game.solver.probabilities import solve
from game.solver.problem import InconsistentPosition, build_problem
from game.solver.sample import LayoutSampler, sample_layout
from tests.solver_helpers import every_layout, random_position


def chi_square_limit(df: int, z: float = 3.719) -> float:
    """The chi-square value a df-degree statistic passes with chance 1e-4 (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


# two groups each of one box, cells off the frontier, and the mine count linking them
TWO_GROUPS = "6x3x4\nH1HHH1\nHHHHHH\nHHHHHH\n"
# groups of several boxes whose mine counts vary, drawn against the cells off the frontier
MIXED = "6x4x5\nHHHHHH\nH2HHH2\nHHHHHH\nHH21HH\n"


def assert_uniform(board: BoardFile, per_layout: int = 60, seed: int = 1, ignore_flags: bool = False):
    layouts = every_layout(board, not ignore_flags)
    sampler = LayoutSampler(board, ignore_flags)
    assert sampler.layouts == len(layouts)
    rng = random.Random(seed)
    draws = Counter(sampler.draw(rng) for _ in range(per_layout * len(layouts)))
    # each draw fits, and every layout is drawn (counted, not compared whole: pytest's diff of two
    # sets of layouts, which CI prints in full, takes minutes where the biased draw's test fails here)
    unfit, undrawn = len(set(draws) - set(layouts)), len(set(layouts) - set(draws))
    assert (unfit, undrawn) == (0, 0), f"{unfit} draws fit no layout, {undrawn} layouts never drawn"
    stat = sum((draws[lay] - per_layout) ** 2 / per_layout for lay in layouts)
    assert stat < chi_square_limit(len(layouts) - 1), (stat, len(layouts))


def test_draws_are_uniform_over_every_layout():
    board = parse_mine(MIXED)
    sampler = LayoutSampler(board)
    assert sampler.layouts == 120 and sampler.varying  # a group's count is drawn, not fixed
    assert_uniform(board)
    assert_uniform(parse_mine(TWO_GROUPS), per_layout=30)


def test_a_biased_draw_fails_the_test(monkeypatch):
    monkeypatch.setattr(sample, "_pick", lambda options, rng: max(options, key=lambda o: o[1])[0])
    with pytest.raises(AssertionError):
        assert_uniform(parse_mine(MIXED), per_layout=20)


def test_draws_are_uniform_when_groups_are_drawn_by_states(monkeypatch):
    monkeypatch.setattr(sample, "LIST_STEPS", 0)  # every group drawn back along its states
    assert_uniform(parse_mine(MIXED), seed=2)


def test_groups_past_the_solvers_limits_are_counted_by_states_and_drawn_uniformly(monkeypatch):
    import game.solver.groups as groups
    monkeypatch.setattr(groups, "MAX_BOXES", 1)  # the solver estimates every group of 2 boxes or more
    sampler = LayoutSampler(parse_mine(MIXED))
    assert any(group.chain is not None for group in sampler.groups)
    assert_uniform(parse_mine(MIXED), seed=6)


def test_draws_are_uniform_with_float_weights(monkeypatch):
    monkeypatch.setattr(sample, "FLOAT_BITS", 0)  # the big board's way: weights as float ratios
    assert_uniform(parse_mine(MIXED), seed=3)


def test_a_flag_counts_as_a_mine_unless_flags_are_ignored():
    board = parse_mine("4x3x3\nF1HH\nHHHH\nHHHH\n")
    assert_uniform(board, seed=4)
    assert_uniform(board, seed=5, ignore_flags=True)


def test_random_small_positions_draw_consistent_layouts_counted_as_the_solver_counts():
    rng = random.Random(39)
    checked = 0
    for _ in range(300):
        board, _ = random_position(rng, max_rows=6, max_cols=6, flag_share=0.2)
        try:
            sampler = LayoutSampler(board)
        except InconsistentPosition:
            continue
        assert sampler.layouts == solve(build_problem(board)).total
        for _ in range(5):
            layout = sampler.draw(rng)
            assert len(layout) == board.mines and board.flags <= layout
            assert not layout & board.revealed.keys()
            assert all(adjacent_mines(cell, layout, board.rows, board.cols) == n for cell, n in board.revealed.items())
        checked += 1
    assert checked > 200


def test_an_expert_position_draws_layouts_that_fit_it():
    match = Match(Config.difficulty("expert"), rng=random.Random(5))
    match.reveal((3, 3))
    board = from_game(match.game, with_mines=False)
    rng = random.Random(6)
    sampler = LayoutSampler(board)
    for _ in range(50):
        layout = sampler.draw(rng)
        assert len(layout) == 99
        assert all(adjacent_mines(cell, layout, 16, 30) == n for cell, n in board.revealed.items())


def test_no_layout_raises():
    with pytest.raises(InconsistentPosition):
        LayoutSampler(parse_mine("3x1x1\n1H0\n"))
    with pytest.raises(InconsistentPosition):  # the numbers need 2 mines, the count says 1
        sample_layout(parse_mine("3x1x1\nH2H\n"), random.Random(1))
