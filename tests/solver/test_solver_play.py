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
PINNED = {  # boards of generator version 1 (game.midend.stable_random)
    ("beginner", "opening"): ((2, 2), ['won 46d6f859a596', 'won 987e33e56de4', 'won af666c395a8e', 'won 172bab9f797a', 'won b7b94705224e', 'won d22ddbc3d37f', 'won 92a225a26b65', 'won 554f8e7c116d', 'won cbc7d941a48b', 'won 29cff39c98fa', 'won 40fa0274a032', 'won 946121cc5aca']),
    ("beginner", "safe"): ((0, 0), ['won a5157c9dbbec', 'won 76646e9701ee', 'won 97d5fbf5d59f', 'won 19474ba6e309', 'won 6020ad50fcb5', 'won ef4bd44dab11', 'won 2efba312170a', 'won 745859f6d95e', 'won 3e5d8280179f', 'won 6cc90042b496', 'won 7944c4f96999', 'won 49c8ce880724', 'won baf29ae7e416', 'won 1ce3bd23e47a', 'won 94ba5aba812e', 'won 1312f08d7db7', 'won 516daeaf39c8', 'lost cc1d8e51c658']),
    ("intermediate", "opening"): ((2, 2), ['won 63edb3213348', 'won 2ed2c86e5571', 'won 6991ae4a2baf', 'won 36c584b33dd8', 'won 08c1c17c9ceb', 'won 059aab8bff64']),
    ("intermediate", "safe"): ((0, 0), ['won 39c87fe618c3', 'lost 13e638d151ba', 'won d5dbf1b3b773', 'won 3b43d881d5a9', 'won bc0d35ff0453', 'won 1f924b56d4a3']),
    ("expert", "opening"): ((3, 3), ['won dddb8400db12', 'won ebbddf9688a0', 'lost 27b6d7017f2a']),
    ("expert", "safe"): ((0, 0), ['lost 572c9bc79673', 'won 0aaa7b664ec1', 'lost 1cb77603cc88']),
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
    for level in ("beginner", "intermediate", "expert"):
        kinds = {pin.split()[0] for (lv, _), (_, pins) in PINNED.items() if lv == level for pin in pins}
        assert kinds == {"won", "lost"}, level


if __name__ == "__main__":
    for (level, rule), (first, pins) in PINNED.items():
        now = [play(level, rule, first, SEED + k) for k in range(len(pins))]
        print(f'    ("{level}", "{rule}"): ({first}, {now!r}),')
