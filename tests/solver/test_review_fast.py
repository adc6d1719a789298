"""The review's fast path (game.solver.incremental) against the full analysis: on seeded games
of small boards, where the whole position is counted exactly at once, every position the
tracker keeps is the problem ``build_problem`` makes, its probabilities are the same exact
fractions as ``solve``'s, a chord's joint survival is the same, and a review made on the fast
path gives every move the same verdict, probabilities, safe cells and proof as a review made
on the full analysis. With a tiny counting limit (the bounded analysis) the verdicts stay
sound against every layout that fits: certain and mistake only when proven."""

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bench.big_review_game import play_big_game
from game.rules.board import Config
from game.boardfile import BoardFile
from game.rules.engine import Game
from game.rules.moves import Move
from game.solver import groups
from game.solver import review as review_module
from game.solver.explain import _GroupLayouts, _small_proves, held_in
from game.solver.groups import count_group, split_groups
from game.solver.incremental import PositionTracker, solve_with
from game.solver.probabilities import solve
from game.solver.problem import InconsistentPosition, build_problem
from game.commands.review_report import ESTIMATED_LINE, Reviewed, to_json, to_text
from game.solver.review import joint_survival, review, review_log
from game.ui.replay.review_view import move_lines
from tests.solver.test_review import consistent_layouts
from tests.solver_helpers import lucky_next


def careless_game(seed: int, max_moves: int = 60, size: int = 9, most: int = 18) -> tuple[int, int, list, list]:
    """(rows, cols, layout, moves) of a seeded game on a small board (4 to ``size`` cells a
    side, at most ``most`` mines) played at random: reveals (mines too), flags and chords,
    until it ends or ``max_moves`` are made."""
    rng = random.Random(seed)
    rows, cols = rng.randint(4, size - 1), rng.randint(4, size)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    layout = rng.sample(cells, rng.randint(2, min(most, len(cells) // 4)))
    game = Game(Config(rows, cols, len(layout)), mines=layout)
    safe = [c for c in cells if c not in layout]
    moves = []
    while not game.over and len(moves) < max_moves:
        numbers = [c for c in cells if game.number(c)]
        roll = rng.random()
        if roll < 0.15:
            kind, cell = "flag", rng.choice(cells)
        elif roll < 0.3 and numbers:
            kind, cell = "chord", rng.choice(numbers)
        elif roll < 0.35:
            kind, cell = "reveal", rng.choice(cells)  # a mine now and then
        else:
            kind, cell = "reveal", rng.choice(safe)
        moves.append((len(moves), kind, cell))
        game.apply(Move(kind, cell))
    return rows, cols, layout, moves


def positions(rows, cols, layout, moves):
    """Yield (game, tracker) at each position of the game, the tracker kept up to date by the
    cells each move opens (as the review keeps it), before the next move."""
    game = Game(Config(rows, cols, len(layout)), mines=layout)
    tracker = PositionTracker(rows, cols, len(layout), {})
    for _, kind, cell in moves:
        yield game, tracker
        outcome = game.apply(Move(kind, cell))
        if game.over:
            return
        tracker.open({c: game.number(c) for c in outcome.opened})


def board_of(game) -> BoardFile:
    shown = {c: game.number(c) for c in game.cells() if game.number(c) is not None}
    return BoardFile(game.rows, game.cols, game.config.mines, shown)


def assert_same_analysis(fast, full):
    assert fast.safe == full.safe and fast.mines == full.mines and not fast.approximate
    assert fast.floats == full.floats  # the same floats: each rounded once from the same fraction
    assert {c: fast.exact(c) for c in full.weight} == {c: full.exact(c) for c in full.weight}
    assert fast.total == full.total


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_each_tracked_position_is_the_full_problem_with_the_same_exact_probabilities(seed):
    rng = random.Random(seed)
    game_moves = careless_game(seed)
    for game, tracker in positions(*game_moves):
        problem = build_problem(board_of(game), ignore_flags=True)
        assert tracker.problem() == problem
        full = solve(problem)
        assert_same_analysis(tracker.analysis(), full)
        covered = sorted(problem.unknown)
        cells = tuple(rng.sample(covered, min(len(covered), rng.randint(1, 4))))
        assert tracker.survival(cells) == joint_survival(full, cells)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_cells_known_from_earlier_positions_change_no_probability(seed):
    rng = random.Random(seed)
    for game, tracker in positions(*careless_game(seed)):
        problem = build_problem(board_of(game), ignore_flags=True)
        full = solve(problem)
        decided = {c: 1 for c in full.mines} | {c: 0 for c in full.safe}
        known = dict(rng.sample(sorted(decided.items()), rng.randint(0, len(decided))))
        assert_same_analysis(solve_with(problem, known), full)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10 ** 9))
@example(148)  # (a position analysed again from its bytes once read its proven cells the wrong way)
def test_a_review_on_the_fast_path_is_the_review_on_the_full_analysis(seed):
    rng = random.Random(seed)
    if rng.random() < 0.5:
        rows, cols, layout, moves = careless_game(seed)
        fast = review(rows, cols, layout, moves, first_click_safe=False)
        with pytest.MonkeyPatch.context() as patched:
            patched.setattr(review_module, "PositionTracker", FullAnalysis)
            full = review(rows, cols, layout, moves, first_click_safe=False)
    else:  # the big benchmark's player (proven moves, flags, chords, wasted clicks) on a small board
        log = play_big_game(seed, careless=0.2, rows=rng.randint(6, 9), cols=rng.randint(6, 10),
                            mines=rng.randint(6, 14))
        fast = review_log(log)
        with pytest.MonkeyPatch.context() as patched:
            patched.setattr(review_module, "PositionTracker", FullAnalysis)
            full = review_log(log)
    assert fast.moves == full.moves  # every field: verdict, probabilities, survival, safe cells, proof...
    assert not any(m.approximate for m in fast.moves)
    for move, same in zip(fast.moves, full.moves):  # a move's position analysed again, on demand
        move.seen._probs = None
        assert_same_analysis(move.position, same.position)


class FullAnalysis:
    """The review's tracker replaced by the full analysis of each position, from scratch
    (``build_problem`` then ``solve``, a chord's survival by ``joint_survival``)."""

    def __init__(self, rows, cols, mines, revealed, node_limit=None, cache=None, keep_estimates=False):
        self.rows, self.cols, self.mines, self.revealed = rows, cols, mines, dict(revealed)
        self.analysed_with, self._probs = {}, None

    def open(self, cells):
        self.revealed.update(cells)
        self._probs = None

    def open_runs(self, runs, numbers):
        self.open({(r, c): numbers[r * self.cols + c] for r, start, stop in runs for c in range(start, stop)})

    def analysis(self):
        if self._probs is None:
            board = BoardFile(self.rows, self.cols, self.mines, dict(self.revealed))
            self._probs = solve(build_problem(board, ignore_flags=True))
        return self._probs

    def survival(self, cells):
        return joint_survival(self.analysis(), tuple(cells))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_the_bounded_analysis_never_calls_a_move_a_mistake_or_certain_unless_proven(seed):
    rows, cols, layout, moves = careless_game(seed, max_moves=25, size=5, most=5)  # (brute force)
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(review_module, "REVIEW_NODE_LIMIT", 3)  # every group of some size is estimated
        patched.setattr(groups, "STATE_WORK", 0)
        result = review(rows, cols, layout, moves, first_click_safe=False)
    game = Game(Config(rows, cols, len(layout)), mines=layout)
    shown_before = []
    for _, kind, cell in moves:
        shown_before.append(board_of(game).revealed)
        game.apply(Move(kind, cell))
    for move in result.moves:
        covered, fits = consistent_layouts(rows, cols, len(layout), shown_before[move.index])
        proven_safe = {c for c in covered if not any(c in laid for laid in fits)}
        proven_mines = {c for c in covered if all(c in laid for laid in fits)}
        assert set(move.safe_cells) <= proven_safe and set(move.mines) <= proven_mines  # never wrong
        if not move.approximate:
            assert set(move.safe_cells) == proven_safe
        hit = [any(c in laid for c in move.revealed) for laid in fits]
        if move.verdict == "certain" and move.rule is None:
            assert not any(hit)
        elif move.verdict == "mistake":
            assert all(hit)
        elif move.verdict not in ("flag", "unflag", "certain"):
            assert move.survival > 0  # a guess is never given a survival of 0 (that is a proof)


def test_the_tiny_limit_does_bound_the_analysis():
    """(The property above is about bounded analyses: with the tiny limit, these seeded games
    have moves judged on estimates, mistakes among them, proven by the numbers.)"""
    judged = []
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(review_module, "REVIEW_NODE_LIMIT", 3)
        patched.setattr(groups, "STATE_WORK", 0)
        for seed in range(12):
            rows, cols, layout, moves = careless_game(seed, max_moves=25, size=5, most=5)
            judged += [m.verdict for m in review(rows, cols, layout, moves, first_click_safe=False).moves
                       if m.approximate]
    assert len(judged) > 20 and "mistake" in judged and "guess" in judged


def test_a_move_judged_on_estimates_says_so_in_the_text_the_json_and_the_window():
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(review_module, "REVIEW_NODE_LIMIT", 3)
        patched.setattr(groups, "STATE_WORK", 0)
        result = review(*careless_game(7, max_moves=25, size=5, most=5), first_click_safe=False)
    bounded = [m for m in result.moves if m.approximate]
    assert bounded
    reviewed = Reviewed(result, "seed 7", 0, None, {})
    assert f"{len(bounded)} moves were judged on estimated probabilities" in to_text(reviewed)
    assert [m["approximate"] for m in to_json(reviewed)["moves"]] == [m.approximate for m in result.moves]
    for move in result.moves:
        said = [line for line, _, _ in move_lines(result, move, len(result.moves))]
        assert (ESTIMATED_LINE in said) == move.approximate


def small_constraint_sets(seed):
    """(constraints, cell) pairs from a seeded random position: 1 to 4 numbers of one group and
    a cell of theirs."""
    rng = random.Random(seed)
    rows, cols, layout, moves = careless_game(seed)
    found = []
    for game, _ in positions(rows, cols, layout, moves):
        problem = build_problem(board_of(game), ignore_flags=True)
        for group in split_groups(problem.constraints):
            picked = rng.sample(group, min(len(group), rng.randint(1, 4)))
            cells = sorted({c for con in picked for c in con.cells})
            found.append((picked, rng.choice(cells), group))
    return found


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_proofs_by_search_say_what_counting_the_layouts_says(seed):
    """The proof helpers search for one layout (game.solver.incremental.fits) where they
    counted them all; the answers are the same."""
    for picked, cell, group in small_constraint_sets(seed):
        try:
            counted = count_group(list(picked))
        except InconsistentPosition:
            counted = None
        for mine in (False, True):
            assert _small_proves(picked, cell, mine) == held_in(counted, cell, mine)
        whole = count_group(list(group))
        layouts = _GroupLayouts(group, 10, 10)
        for c in sorted({c for con in group for c in con.cells}):
            for mine in (False, True):
                assert bool(layouts.decides(c, mine)) == held_in(whole, c, mine)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_counting_by_states_gives_the_layouts_backtracking_gives(seed):
    """game.solver.groups' counting by states (the review's, for groups that backtracking finds
    long) counts the same layouts, mine sums per box and all, as backtracking one by one."""
    rows, cols, layout, moves = careless_game(seed, size=10, most=25)
    for game, _ in positions(rows, cols, layout, moves):
        problem = build_problem(board_of(game), ignore_flags=True)
        for group in split_groups(problem.constraints):
            try:
                one_by_one = count_group(group)
            except InconsistentPosition:
                continue
            with pytest.MonkeyPatch.context() as patched:
                patched.setattr(groups, "BACKTRACK_FIRST", 0)  # by states at once
                by_states = count_group(group, by_states=True)
            assert by_states.boxes == one_by_one.boxes and by_states.dist == one_by_one.dist


def test_the_fast_path_cuts_a_big_board_frontier_into_groups_it_counts_exactly():
    """A 36x60 board of 540 mines played by a lucky player (as bench/big_review_game.py's: the
    proven-safe cell nearest its last move, else the safest cell that is in fact safe) for 600
    moves: every position is counted exactly and what it proves is true of the layout, while
    the last position analysed alone has a frontier group too big to count (it is estimated)."""
    rng = random.Random(5)
    rows, cols, mines = 36, 60, 540
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    layout = frozenset(rng.sample(cells, mines))
    game = Game(Config(rows, cols, mines), mines=layout)
    tracker = PositionTracker(rows, cols, mines, {})
    zeros = [c for c in cells if c not in layout and not any(n in layout for n in game.neighbours(c))]
    last = min(zeros, key=lambda c: (abs(c[0] - rows // 2) + abs(c[1] - cols // 2), c))

    for _ in range(600):
        outcome = game.apply(Move("reveal", last))
        tracker.open({cell: game.number(cell) for cell in outcome.opened})
        if game.over:
            break
        probs = tracker.analysis()
        assert not probs.approximate
        assert not probs.safe & layout and probs.mines <= layout
        last = lucky_next(probs, layout, last)
    assert not game.over or game.state.value == "won"
    assert solve(build_problem(board_of(game), ignore_flags=True)).approximate
