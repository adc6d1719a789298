"""A big board's review and analysis take compact paths (docs/big-boards.md, "Reviews and
analyses"): the covered cells as row masks, one probability kept for every cell off the
frontier (past ``LAZY_INTERIOR`` of them), a move's opened cells taken as row runs. On small
boards, with the limit set to 0 so that every position takes those paths, they give exactly
what the plain paths give: the same problems, the same exact probabilities, the same review,
the same ``--analyse`` report."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from game.commands.analyse_report import probabilities_json, to_json, to_text
from game.rules.board import Config, mine_counts
from game.boardfile import BoardFile, format_mine, parse_mine
from game.rules.cells import CellMask
from game.rules.engine import Game
from game.rules.moves import Move
from game.solver import probabilities as probabilities_module
from game.solver.analysis import CellFloats, Solver
from game.solver.incremental import PositionTracker
from game.solver.probabilities import InteriorValues, lowest, solve
from game.solver.problem import ShownNumbers, build_problem
from game.commands.review_report import Reviewed, json_text, to_json as to_json_review
from game.solver.review import review
from tests.solver.test_review_fast import assert_same_analysis, board_of, careless_game


def lazy(monkeypatch) -> None:
    """Every position's cells off the frontier kept as one value, as a big board's are."""
    monkeypatch.setattr(probabilities_module, "LAZY_INTERIOR", 0)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_a_tracker_fed_row_runs_keeps_the_problem_build_problem_makes(seed):
    rows, cols, layout, moves = careless_game(seed)
    game = Game(Config(rows, cols, len(layout)), mines=layout)
    numbers = mine_counts(rows, cols, bytes(49 if (r, c) in layout else 48 for r in range(rows) for c in range(cols)))
    tracker = PositionTracker(rows, cols, len(layout), {})
    for _, kind, cell in moves:
        problem = build_problem(board_of(game), ignore_flags=True)
        assert tracker.problem() == problem and isinstance(tracker.problem().interior, CellMask)
        assert_same_analysis(tracker.analysis(), solve(problem))
        outcome = game.apply(Move(kind, cell))
        if game.over:
            break
        if hasattr(outcome.opened, "runs"):  # (a flag or a wasted click opens a frozenset, empty)
            tracker.open_runs(outcome.opened.runs, numbers)
        else:
            tracker.open({c: numbers[c[0] * cols + c[1]] for c in outcome.opened})
        assert tracker.covered_count == sum(game.number(c) is None for c in game.cells())


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_one_value_for_the_cells_off_the_frontier_reads_as_the_dicts_did(seed):
    rng = random.Random(seed)
    rows, cols, layout, moves = careless_game(seed)
    game = Game(Config(rows, cols, len(layout)), mines=layout)
    for _, kind, cell in moves[:rng.randint(1, len(moves))]:
        game.apply(Move(kind, cell))
        if game.over:
            return
    problem = build_problem(board_of(game), ignore_flags=True)
    plain = solve(problem)
    with pytest.MonkeyPatch.context() as patched:
        lazy(patched)
        compact = solve(problem)
    if problem.interior:
        assert isinstance(compact.floats, InteriorValues) and isinstance(compact.weight, InteriorValues)
    assert compact.floats == plain.floats and compact.weight == plain.weight
    assert list(compact.floats) == list(plain.floats) and len(compact.floats) == len(plain.floats)
    assert compact.safe == plain.safe and compact.mines == plain.mines and compact.total == plain.total
    assert compact.lowest() == plain.lowest() == min(plain.floats.values())
    assert compact.as_floats() == plain.as_floats()
    assert CellFloats.of(compact.floats, rows, cols) == CellFloats.of(plain.floats, rows, cols)


def test_interior_values_keep_the_interiors_value_and_take_the_frontiers():
    values = InteriorValues({(0, 0): 0.5}, CellMask.of(2, 2, [(1, 0), (1, 1)]), 0.25)
    assert dict(values) == {(1, 0): 0.25, (1, 1): 0.25, (0, 0): 0.5} and values.lowest() == lowest(values) == 0.25
    values[(0, 1)] = 0.0
    assert values[(0, 1)] == 0.0 and len(values) == 4 and (0, 1) in values and (5, 5) not in values
    with pytest.raises(KeyError):
        values[(1, 0)] = 1.0  # a cell off the frontier keeps the interior's value
    with pytest.raises(KeyError):
        values[(3, 3)]
    assert InteriorValues({}, CellMask(1, 1, [0]), 0.5).lowest() is None
    with pytest.raises(ValueError):
        lowest(InteriorValues({}, frozenset(), 0.5))


def test_shown_numbers_read_a_position_kept_as_bytes():
    shown = ShownNumbers(2, 3, bytes([255, 1, 0, 253, 8, 255]))
    assert dict(shown) == {(0, 1): 1, (0, 2): 0, (1, 1): 8} and len(shown) == 3
    assert (0, 0) not in shown and (2, 0) not in shown and "x" not in shown and shown[(1, 1)] == 8
    more = shown.with_number((1, 2), 3)
    assert dict(more) == {**dict(shown), (1, 2): 3} and (1, 2) not in shown  # a copy
    with pytest.raises(ValueError):
        ShownNumbers(2, 2, b"\xff")
    with pytest.raises(ValueError):
        shown.with_number((0, 0), 9)
    with pytest.raises(IndexError):
        shown.with_number((2, 0), 1)


def played(seed: int, max_moves: int) -> Game:
    """The game of :func:`careless_game`'s ``seed``, its moves (at most ``max_moves``) made up
    to the last or to the one that ends it."""
    rows, cols, layout, moves = careless_game(seed, max_moves=max_moves)
    game = Game(Config(rows, cols, len(layout)), mines=layout)
    for _, kind, cell in moves:
        game.apply(Move(kind, cell))
        if game.over:
            break
    return game

def test_a_look_ahead_on_a_position_read_from_a_file_gives_what_it_gives_on_a_dict():
    """The solver's guess looks ahead on hypothetical positions; one read from a .mine file keeps
    its numbers as bytes, and the move and its explanation are those of the same position as a
    dict (the look-ahead adds a number to the bytes, not to a dict of a million cells)."""
    board = board_of(played(11, max_moves=6))
    read = parse_mine(format_mine(board))
    assert isinstance(read.revealed, ShownNumbers)
    plain, from_file = Solver().analyse(board), Solver().analyse(read)
    assert plain.move_kind == "guess" and len(plain.move.candidates) > 1  # (seed 11: a guess, looked ahead)
    assert (from_file.best_move, from_file.move_kind, from_file.survival) == (plain.best_move, plain.move_kind,
                                                                               plain.survival)
    assert from_file.reason == plain.reason and from_file.probabilities == plain.probabilities


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_the_review_on_the_compact_paths_is_the_same_review(seed):
    rows, cols, layout, moves = careless_game(seed)
    plain = review(rows, cols, layout, moves, first_click_safe=False)
    with pytest.MonkeyPatch.context() as patched:
        lazy(patched)
        compact = review(rows, cols, layout, moves, first_click_safe=False)
    assert compact.moves == plain.moves and compact.won == plain.won and compact.unfinished is None


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10 ** 9), st.booleans())
def test_the_review_json_written_a_move_at_a_time_is_the_whole_dumped_at_once(seed, cut):
    rows, cols, layout, moves = careless_game(seed)
    reviewed = Reviewed(review(rows, cols, layout, moves, first_click_safe=False, budget=len(moves) / 2 if cut
                               else None, clock=iter(range(10 ** 6)).__next__), "game 1", 1234, None, {"x": -0.0})
    assert json_text(reviewed) == json.dumps(to_json_review(reviewed))  # (cut: with "unfinished" too)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_the_analyse_report_on_the_compact_paths_is_the_same_report(seed):
    game = played(seed, max_moves=8)
    if game.over:
        return
    board = board_of(game)
    plain = Solver().analyse(board)
    with pytest.MonkeyPatch.context() as patched:
        lazy(patched)
        compact = Solver().analyse(board)
    assert to_text(board, compact) == to_text(board, plain)
    assert json.loads(to_json(board, compact)) == json.loads(to_json(board, plain))
    assert probabilities_json(compact.probabilities) == probabilities_json(plain.probabilities)


def test_an_all_covered_position_keeps_no_entry_per_cell():
    problem = build_problem(BoardFile(300, 300, 9000))
    probs = solve(problem)
    assert isinstance(problem.unknown, CellMask) and isinstance(problem.interior, CellMask)
    assert isinstance(probs.floats, InteriorValues) and not probs.floats.own and len(probs.floats) == 90_000
    assert probs.lowest() == probs.floats[(150, 150)] == 0.1
