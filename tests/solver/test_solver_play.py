"""A guard against a broken solver: it plays a few hundred seeded games a level and must
win well above a floor.

This is not the measure of the solver's strength (that is ``bench/bench_solver.py`` over
20,000 games a level and rule, README "Benchmarks"): the floors sit about three standard
deviations under the measured rates for these game counts, so an honest solver passes
every time and one that guesses badly (a wrong probability, a look-ahead that prefers risk,
a first-click rule broken) fails. The seeds, 9000001 on, are used nowhere else.
"""

from __future__ import annotations

import random

import pytest

from game.board import Config
from game.engine import State
from game.match import Match
from game.solver.analysis import play_out

SEED = 9_000_001
# (level, first-click rule): (first click, games, floor %); measured rates in the README:
# Beginner 97.3 / 91.6, Intermediate 89.3 / 78.5, Expert 54.1 / 40.7 (opening / safe).
CASES = {
    ("beginner", "opening"): ((2, 2), 200, 90.0),
    ("beginner", "safe"): ((0, 0), 200, 83.0),
    ("intermediate", "opening"): ((2, 2), 150, 80.0),
    ("intermediate", "safe"): ((0, 0), 150, 66.0),
    ("expert", "opening"): ((3, 3), 100, 38.0),
    ("expert", "safe"): ((0, 0), 100, 26.0),
}


def win_rate(level: str, rule: str, first: tuple[int, int], games: int) -> float:
    """Percent of ``games`` seeded games the solver wins, seeing only the visible board.

    Raises:
        AssertionError: a game was lost on a move the solver called certain-safe.
    """
    wins = 0
    for seed in range(SEED, SEED + games):
        match = Match(Config.difficulty(level, first_click=rule), rng=random.Random(seed))
        game = match.game
        match.reveal(first)
        last = None
        for last in play_out(match):
            pass
        assert game.over
        if game.state is State.WON:
            wins += 1
        else:  # only a guess can lose: a certain-safe cell (the move or one beside it) never does
            assert last is not None and last.move_kind != "safe" and last.best_move == game.exploded, \
                f"{level} {rule} seed {seed}: lost on a certain-safe cell"
    return 100 * wins / games


@pytest.mark.parametrize("level,rule", list(CASES), ids=[f"{lv}-{r}" for lv, r in CASES])
def test_solver_wins_above_floor(level, rule):
    first, games, floor = CASES[(level, rule)]
    rate = win_rate(level, rule, first, games)
    assert rate >= floor, f"{level} {rule}: won {rate:.1f} % of {games} games, floor {floor} %"
