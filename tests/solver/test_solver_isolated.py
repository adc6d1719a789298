"""Isolated regions: found only where the rest of the board can never change the odds of
their layouts, and played by exact search."""

import random
from collections import Counter
from math import comb

from game.rules.board import Config
from game.boardfile import from_game
from game.midend.match import Match
from game.commands.explain_text import move_text
from game.solver import Solver
from game.solver.isolated import isolated_regions, region_move
from game.solver.probabilities import solve
from game.solver.problem import InconsistentPosition, build_problem
from tests.solver_helpers import every_layout, random_position


def _layouts(board):
    return [layout - board.flags for layout in every_layout(board)]


def test_every_region_found_is_uniform_and_independent_of_the_rest_by_brute_force():
    rng = random.Random(2024)
    checked = 0
    for _ in range(3000):
        board, _ = random_position(rng, max_rows=5, max_cols=6)
        unknown = board.rows * board.cols - len(board.revealed)
        if comb(unknown, board.mines) > 5000:
            continue  # too slow to brute-force
        problem = build_problem(board)
        try:
            probs = solve(problem)
        except InconsistentPosition:
            continue
        layouts = _layouts(board)
        for region in isolated_regions(problem, probs):
            cells = region.unknown
            inside = Counter(layout & cells for layout in layouts)
            # 1. Every layout of the region is equally likely...
            assert len(set(inside.values())) == 1, (board, sorted(cells))
            # 2. ...and stays so whatever the rest of the board turns out to be.
            rest = Counter(layout - cells for layout in layouts)
            assert all(n == len(inside) for n in rest.values()), (board, sorted(cells))
            checked += 1
    assert checked > 50


def test_the_solver_meets_a_closed_off_region_and_guesses_inside_it_first():
    # Expert, seed 23, played by the solver: a guess comes where an isolated region with
    # several layouts is open. The move is chosen inside it, whatever is safer elsewhere.
    match = Match(Config.difficulty("expert", first_click="opening"), rng=random.Random(23))
    game = match.game
    match.reveal((3, 3))
    solver = Solver()
    while not game.over:
        position = from_game(game, with_mines=False)
        analysis = solver.analyse(position)
        if analysis.move_kind != "safe" and "closed-off area" in move_text(analysis):
            problem = build_problem(position)
            probs = solve(problem)
            region = next(r for r in isolated_regions(problem, probs) if analysis.best_move in r.unknown)
            assert 2 <= len(region.unknown) < len(problem.unknown)
            cell, win, count = region_move(problem, probs, time_limit=5)
            assert cell == analysis.best_move and count >= 2 and 0 < win <= 1
            assert f"{count} possible layouts" in move_text(analysis)
            return
        match.reveal(analysis.best_move)
    raise AssertionError("no region guess in this game")
