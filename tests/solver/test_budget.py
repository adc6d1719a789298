"""``--review`` and ``--analyse`` within a budget (issue 34, item 6): past ``--budget`` seconds
the review leaves the moves still to judge, and ``--analyse --json`` the proofs still to find,
and both say so, in the text, in the JSON (``unfinished``) and in Spanish. The budget is
injected (a tiny ``--budget``, or a clock that ticks a second a call): no test waits for it."""

from __future__ import annotations

import json
import random

import pytest

import main
from game.rules.board import Config
from game.boardfile import save_board
from game.commands.cli import BUDGET, command_budget, parse_args
from game.midend.match import Match
from game.rules.moves import Move
from game.records import open_records
from game.solver.review import review
from tests.play_helpers import Clock, console_beginner
from tests.program.test_cli import refused
from tests.solver.test_review_fast import board_of


def played_game(seed: int = 4) -> tuple[int, int, list, list]:
    """(rows, cols, layout, moves) of a seeded 9x9 game of 10 mines played to its end by
    revealing safe cells in a random order (every move changes the board)."""
    rng = random.Random(seed)
    match = Match(Config(9, 9, 10), seed=seed, clock=lambda: 0.0)
    match.apply(Move.reveal((4, 4)))
    layout = match.layout()
    moves = [(0, "reveal", (4, 4))]
    while not match.game.over:
        cell = rng.choice([c for c in match.game.cells() if c not in layout and match.game.number(c) is None])
        match.apply(Move.reveal(cell))
        moves.append((len(moves) * 100, "reveal", cell))
    return 9, 9, sorted(layout), moves


class Ticks:
    """A clock that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_a_review_past_its_budget_leaves_the_rest_and_says_which_moves():
    rows, cols, layout, moves = played_game()
    whole = review(rows, cols, layout, moves)
    assert whole.unfinished is None and whole.won and len(whole.moves) == len(moves) >= 4
    part = review(rows, cols, layout, moves, budget=2.5, clock=Ticks())  # read at the start, then once a move
    assert part.moves == whole.moves[:2] and part.won  # the rest played, not judged: the game still won
    assert part.unfinished is not None and part.unfinished.budget == 2.5
    assert (part.unfinished.first, part.unfinished.last) == (3, whole.moves[-1].number)
    assert part.unfinished.count == len(moves) - 2
    nothing = review(rows, cols, layout, moves, budget=0)
    assert nothing.moves == [] and (nothing.unfinished.first, nothing.unfinished.count) == (1, len(moves))
    assert review(rows, cols, layout, moves, budget=10 ** 6).unfinished is None


def test_a_review_that_runs_out_with_only_wasted_clicks_left_is_finished():
    rows, cols, layout, moves = played_game()
    wasted = moves[:2] + [(10 ** 6, "reveal", moves[0][2])]  # a click on a revealed cell changes nothing
    done = review(rows, cols, layout, wasted, budget=2.5, clock=Ticks())
    assert done.unfinished is None and len(done.moves) == 2


def record_game(lose: bool = False) -> Match:
    match = console_beginner(2, lose, Clock())
    records = open_records(stderr=None)
    records.record(match, log=match.log_data())
    records.close()
    return match


def test_review_with_a_tiny_budget_says_what_it_left_in_text_json_and_spanish(isolated_data_dir, capsys):
    match = record_game()
    moves = len(match.moves)
    assert main.main(["--review", "last", "--budget", "0.000001"]) == 0
    out = capsys.readouterr().out
    assert f"Moves 1-{moves} not reviewed: the 0.000001 s budget ran out" in out
    assert not [line for line in out.splitlines() if line[:4].strip().isdigit()]  # no move judged
    assert main.main(["--review", "last", "--budget", "0.000001", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["moves"] == [] and data["won"] is True
    assert data["unfinished"] == {"first": 1, "last": moves, "moves": moves, "budget_seconds": 0.000001,
                                  "text": f"Moves 1-{moves} not reviewed: the 0.000001 s budget ran out (the "
                                          "summary counts the moves before them)."}
    assert main.main(["--review", "last", "--budget", "0.5", "--lang", "es"]) == 0  # (a Beginner game: in time)
    assert "sin revisar" not in capsys.readouterr().out
    assert main.main(["--review", "last", "--budget", "0.000001", "--lang", "es"]) == 0
    assert f"Jugadas 1-{moves} sin revisar: se agotó el plazo de 0,000001 s" in capsys.readouterr().out
    assert main.main(["--review", "last", "--json"]) == 0
    whole = json.loads(capsys.readouterr().out)
    assert whole["unfinished"] is None and len(whole["moves"]) == moves


def test_analyse_json_with_a_tiny_budget_leaves_the_safe_cells_proofs_and_says_how_many(tmp_path, capsys):
    match = Match(Config(16, 30, 99), seed=4, clock=lambda: 0.0)  # its opening leaves 15 certain-safe cells
    match.apply(Move.reveal((8, 15)))
    path = tmp_path / "opened.mine"
    save_board(path, board_of(match.game))
    assert main.main(["--analyse", str(path), "--json"]) == 0
    whole = json.loads(capsys.readouterr().out)
    safe = len(whole["safe"])
    assert safe > 1 and len(whole["safe_reasons"]) == safe and whole["unfinished"] is None
    assert main.main(["--analyse", str(path), "--json", "--budget", "0.000001"]) == 0
    part = json.loads(capsys.readouterr().out)
    assert part["safe_reasons"] == {} and part["safe"] == whole["safe"]
    assert part["probabilities"] == whole["probabilities"] and part["best_move"] == whole["best_move"]
    assert part["unfinished"] == {"safe_reasons_left": safe, "budget_seconds": 0.000001,
                                  "text": f"The proofs of {safe} certain-safe cells were not worked out: the "
                                          "0.000001 s budget ran out."}
    assert main.main(["--analyse", str(path), "--budget", "0.000001"]) == 0  # the text has no proofs to leave
    assert "budget" not in capsys.readouterr().out


def test_budget_zero_is_no_limit_and_the_default_is_stated():
    assert command_budget(parse_args(["--review", "last"])) == BUDGET == 25
    assert command_budget(parse_args(["--review", "last", "--budget", "0"])) is None
    assert command_budget(parse_args(["--analyse", "x.mine", "--budget", "2.5"])) == 2.5


@pytest.mark.parametrize("argv, said", [
    (["--budget", "5"], "--budget goes with --analyse FILE, --win-chance FILE or --review ID|last|FILE"),
    (["--review", "last", "--budget", "-1"], "-1 is out of range"),
    (["--review", "last", "--budget", "soon"], "'soon' is not a number"),
])
def test_budget_refuses_what_it_cannot_use(argv, said, capsys):
    assert said in refused(argv, capsys)
