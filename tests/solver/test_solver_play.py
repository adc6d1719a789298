"""A guard against a broken solver: it plays a few seeded games a level and rule, and each
game's exact moves are pinned.

The solver's strength is measured by ``bench/bench_solver.py`` over 20,000 games a level and
rule (docs/benchmarks.md); a win rate over the few hundred games a test can afford only
catches a solver broken badly. This test catches any change of play instead: for each
seeded game, the result and a digest of the solver's moves (the best move and its kind,
'safe', 'guess' or 'endgame', of every analysis in order) must be the pinned ones, and a
game is lost only on a guess, never on a cell called certain-safe.

When the solver is changed on purpose, measure it with the benchmark first, then print the
new pins with ``python -m tests.solver.test_solver_play`` and paste them here. The seeds,
9000001 on, are used nowhere else.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from game.rules.board import Config
from game.rules.engine import State
from game.midend.match import Match
from game.solver.analysis import Solver, play_out

SEED = 9_000_001
# The solver's guess search stops after GUESS_BUDGET seconds, so on a loaded machine its
# choice could depend on the time it got: here the budget is far above what any of these
# positions needs, so the moves depend on the position alone.
BUDGET_S = 60.0
# (level, first-click rule): (first click, ["won|lost digest" of the games SEED, SEED + 1, ...])
PINNED = {
    ("beginner", "opening"): ((2, 2), ['won 1b6091a4081e', 'won daf4fb8a2d25', 'won e75f8df11ab2', 'won 4cd13b9fd841', 'won 455e0e7bab03', 'won c34f4b43467d', 'won a590100487da', 'won c9ebc72fce32', 'won a2afabe5485e', 'won 03290ee72e2e', 'won 4c0d822934d5', 'won 990799a8b8e1']),
    ("beginner", "safe"): ((0, 0), ['won 66474ffeac28', 'won cc2ed9732ee3', 'won 6fd5355e88b6', 'won e0e90b52dcdd', 'lost cc1d8e51c658', 'won 9d734413d83a', 'won 7a807e61b64b', 'won 6edd0c319b86', 'won be17c6a3b624', 'won 7d33fd8dd192', 'won 809d4ac4a515', 'won db9a9f65e54f']),
    ("intermediate", "opening"): ((2, 2), ['won 459b54537829', 'won cbadbf95d9a6', 'won 5381eefbbe62', 'won bbc04b69509b', 'lost 2ca38af12abd', 'won 354d58407303']),
    ("intermediate", "safe"): ((0, 0), ['won e25efc26c268', 'won 840c63797f6d', 'lost 32a23c5dfaf1', 'won 11864eae8cdc', 'lost 464a195035c4', 'lost 7085a517475b']),
    ("expert", "opening"): ((3, 3), ['lost 098ac05f1d93', 'won 4faa59ad8e63', 'lost a63e46eabeae']),
    ("expert", "safe"): ((0, 0), ['won 06091696bfb6', 'won 2003a07c6833', 'won f6b0fab23325']),
}


def play(level: str, rule: str, first: tuple[int, int], seed: int) -> str:
    """Let the solver play seeded game ``seed`` from ``first``; returns "won DIGEST" or
    "lost DIGEST", DIGEST the first 12 hex digits of the SHA-256 of the moves' repr.

    Raises:
        AssertionError: the game was lost on a move the solver called certain-safe.
    """
    match = Match(Config.difficulty(level, first_click=rule), rng=random.Random(seed))
    game = match.game
    match.reveal(first)
    moves = [(analysis.best_move, analysis.move_kind) for analysis in play_out(match, Solver(budget=BUDGET_S))]
    assert game.over
    won = game.state is State.WON
    if not won:  # only a guess can lose: a certain-safe cell (the move or one beside it) never does
        assert moves and moves[-1][1] != "safe" and moves[-1][0] == game.exploded, \
            f"{level} {rule} seed {seed}: lost on a certain-safe cell"
    digest = hashlib.sha256(repr(moves).encode()).hexdigest()[:12]
    return f"{'won' if won else 'lost'} {digest}"


@pytest.mark.parametrize("level,rule", list(PINNED), ids=[f"{lv}-{r}" for lv, r in PINNED])
def test_the_solver_plays_the_pinned_moves(level, rule):
    first, pins = PINNED[(level, rule)]
    played = [play(level, rule, first, SEED + k) for k in range(len(pins))]
    assert played == pins, f"{level} {rule}: the solver's play changed (see the module's docstring)"


def test_the_pins_include_wins_and_losses():
    """The pinned games are not all alike: wins and losses, on every level, so a solver that
    always wins or always loses cannot match them."""
    results = [pin.split()[0] for _, pins in PINNED.values() for pin in pins]
    assert results.count("won") > results.count("lost") > 0
    assert {level for level, _ in PINNED} == {"beginner", "intermediate", "expert"}


if __name__ == "__main__":
    for (level, rule), (first, pins) in PINNED.items():
        now = [play(level, rule, first, SEED + k) for k in range(len(pins))]
        print(f'    ("{level}", "{rule}"): ({first}, {now!r}),')
