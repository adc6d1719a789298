"""The win chance of a position (game.solver.winchance): the exact value equals a naive
minimax over every layout and every strategy on tiny boards, and the estimate's interval
holds the exact value."""

import random
from functools import lru_cache

import pytest

from game.boardfile import BoardFile
from game.rules.board import adjacent_mines, neighbours
from game.solver.problem import InconsistentPosition
from game.solver.winchance import ESTIMATE, EXACT, WinChanceRun, wilson, win_chance
from tests.solver_helpers import every_layout

SHAPES = [(2, 3), (3, 3), (2, 4), (3, 2), (4, 2), (1, 5)]


def brute_force_win(board: BoardFile) -> float:
    """The best play's chance of winning, by trying every strategy: at each step every
    covered cell is tried, each reveal opening a zero's neighbours in turn; the layouts
    still possible split by what the reveal showed; a layout is won once all its safe cells
    are open (written apart from game.solver.endgame on purpose)."""
    rows, cols = board.rows, board.cols
    every = [(r, c) for r in range(rows) for c in range(cols)]
    layouts = every_layout(board)

    def opened(layout, revealed, cell):
        todo, seen = [cell], set(revealed)
        seen.add(cell)
        while todo:
            here = todo.pop()
            if adjacent_mines(here, layout, rows, cols) == 0:
                for n in neighbours(here, rows, cols):
                    if n not in seen and n not in layout:
                        seen.add(n)
                        todo.append(n)
        return frozenset(seen)

    @lru_cache(maxsize=None)
    def wins(group: frozenset, revealed: frozenset) -> int:
        done = [lay for lay in group if all(c in revealed or c in lay for c in every)]
        rest = [lay for lay in group if lay not in done]
        if not rest:
            return len(done)
        best = 0
        for cell in every:
            if cell in revealed:
                continue
            parts: dict = {}
            for lay in rest:
                if cell in lay:
                    continue  # lost
                now = opened(lay, revealed, cell)
                key = (now, tuple(sorted((c, adjacent_mines(c, lay, rows, cols)) for c in now - revealed)))
                parts.setdefault(key, []).append(lay)
            best = max(best, sum(wins(frozenset(p), key[0]) for key, p in parts.items()))
        return len(done) + best

    return wins(frozenset(layouts), frozenset(board.revealed)) / len(layouts)


def tiny_positions(count: int, seed: int) -> list[BoardFile]:
    """``count`` positions of tiny boards made from random layouts: some cells revealed
    (with their true numbers, a zero's neighbours not opened), a few mines flagged."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        rows, cols = rng.choice(SHAPES)
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        mines = frozenset(rng.sample(cells, rng.randint(1, len(cells) // 2)))
        safe = [c for c in cells if c not in mines]
        shown = rng.sample(safe, rng.randint(0, min(3, len(safe) - 1)))
        revealed = {c: adjacent_mines(c, mines, rows, cols) for c in shown}
        flags = frozenset(m for m in mines if rng.random() < 0.15)
        out.append(BoardFile(rows, cols, len(mines), revealed, flags))
    return out


POSITIONS = tiny_positions(100, 39)


def test_exact_win_chance_equals_a_brute_force_over_every_strategy():
    differ = []
    for board in POSITIONS:
        found = win_chance(board, budget=None)
        assert found.method == EXACT
        assert found.low == found.value == found.high
        assert found.layouts == len(every_layout(board))
        expected = brute_force_win(board)
        if abs(found.value - expected) > 1e-12:
            differ.append((board, found.value, expected))
    assert not differ


def test_the_brute_force_itself_sees_a_known_chance():
    # two cells, one mine, nothing shown: a coin toss
    assert brute_force_win(BoardFile(1, 2, 1)) == 0.5
    # 1x3, one mine: the middle click survives 2/3 and tells nothing more (it shows 1), a
    # corner click survives 2/3 and then tells which of the other two holds the mine
    assert brute_force_win(BoardFile(1, 3, 1)) == pytest.approx(2 / 3)
    assert win_chance(BoardFile(1, 3, 1), budget=None).value == pytest.approx(2 / 3)


def test_cells_safe_in_every_layout_are_revealed_first():
    # 2x3, one mine beside the two 1s of the left column: the right column is safe in every
    # layout, and opening it tells (0, 1) from (1, 1)
    board = BoardFile(2, 3, 1, {(0, 0): 1, (1, 0): 1}, frozenset())
    found = win_chance(board, budget=None)
    assert found.method == EXACT and found.value == brute_force_win(board)


def test_a_won_position_has_chance_one():
    board = BoardFile(2, 2, 1, {(0, 0): 1, (0, 1): 1, (1, 0): 1})
    found = win_chance(board, budget=None)
    assert (found.value, found.method, found.layouts) == (1.0, EXACT, 1)


def test_an_inconsistent_position_raises():
    with pytest.raises(InconsistentPosition):
        win_chance(BoardFile(2, 2, 1, {(0, 0): 3}))


def test_the_estimate_interval_holds_the_exact_value():
    # 3x4, 3 mines, a 2 shown: 84 layouts, exact 25/42; then estimated with the exact
    # search skipped, over 200 games the solver plays
    board = BoardFile(3, 4, 3, {(1, 1): 2})
    exact = win_chance(board, budget=None)
    assert exact.method == EXACT and exact.value == pytest.approx(25 / 42)
    run = WinChanceRun(board, games=200, budget=None, rng=random.Random(7), exact=False)
    while not run.step(0.2):
        assert 0 <= run.progress < 1
    estimate = run.result()
    assert estimate.method == ESTIMATE and estimate.games == 200 and estimate.layouts == exact.layouts
    assert estimate.low < estimate.value < estimate.high
    assert estimate.low <= exact.value <= estimate.high


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_progress_is_told_and_a_run_stops_with_the_games_played():
    board = BoardFile(3, 4, 3, {(1, 1): 2})
    seen = []
    run = WinChanceRun(board, games=50, budget=None, rng=random.Random(1), exact=False)
    assert not run.done and run.progress == 0
    with pytest.raises(RuntimeError):
        run.result()
    while not run.played:
        assert not run.step(0.0)  # a move at a time
    found = run.stop()
    assert run.done and found.method == ESTIMATE and 1 <= found.games < 50
    assert run.result() is found and run.step() and run.progress == 1
    small = win_chance(BoardFile(3, 4, 3, {(1, 1): 2}), games=3, budget=None, rng=random.Random(2),
                       progress=seen.append)
    assert small.method == EXACT and seen[-1] == 1.0
