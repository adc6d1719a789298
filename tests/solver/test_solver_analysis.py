"""The public API (analyse, analyse_board, Solver, certain_cells), the best move and the CLI."""

import json
import random
from math import comb

import pytest

from game.commands.analyse_report import exact_decimal
from game.rules.board import Config
from game.boardfile import format_mine, from_game, parse_mine
from game.midend.match import Match
from game.commands.explain_text import approximation_text, move_text
from game.solver import InconsistentPosition, Solver, analyse, analyse_board, certain_cells
from game.solver.endgame import EndgameSearch, list_layouts
from game.solver.problem import build_problem
from main import main
from tests.solver_helpers import brute_force, random_position


def test_analyse_text_gives_every_covered_cell():
    analysis = analyse("4x2x2\n1HHH\n11HH\n")
    assert set(analysis.probabilities) == {(0, 1), (0, 2), (0, 3), (1, 2), (1, 3)}
    assert analysis.probabilities[(0, 1)] == 1.0
    assert analysis.safe == {(0, 2), (1, 2)} and analysis.mines == {(0, 1)}
    assert analysis.best_move in analysis.safe and analysis.move_kind == "safe"
    assert move_text(analysis).startswith("Safe: ")
    assert not analysis.approximate


def test_analyse_rejects_impossible_position():
    with pytest.raises(InconsistentPosition):
        analyse("3x1x1\n1H0\n")


def test_ignore_flags_option():
    text = "3x1x1\nF1H\n"
    assert analyse(text).safe == {(0, 2)}
    loose = analyse(text, ignore_flags=True)
    assert loose.probabilities[(0, 0)] == pytest.approx(0.5)


def test_best_move_is_never_a_certain_mine_and_is_lowest_risk_when_guessing():
    rng = random.Random(5)
    for _ in range(80):
        board, _ = random_position(rng)
        analysis = analyse_board(board)
        if analysis.best_move is None:
            continue
        assert analysis.best_move not in analysis.mines
        if analysis.move_kind == "guess":
            lowest = min(analysis.probabilities.values())
            assert analysis.probabilities[analysis.best_move] <= lowest + 0.05 + 1e-9


def test_a_running_game_position_round_trips():
    match = Match(Config.difficulty("expert"), rng=random.Random(2))
    match.reveal((3, 3))
    game = match.game
    position = from_game(game, with_mines=False)
    direct = analyse_board(position)
    via_text = analyse(format_mine(position))
    assert direct.probabilities == via_text.probabilities
    assert direct.safe <= {c for c in game.cells() if c not in game.layout()}
    safe, mines = certain_cells(position)
    assert safe == direct.safe and mines <= game.layout()


def test_solver_plays_a_beginner_game_without_peeking():
    wins = 0
    for seed in range(10):
        match = Match(Config.difficulty("beginner"), rng=random.Random(seed))
        game = match.game
        match.reveal((2, 2))
        solver = Solver()
        while not game.over:
            analysis = solver.analyse(from_game(game, with_mines=False), explain=False)
            match.reveal(analysis.best_move)
        wins += game.state.value == "won"
    assert wins >= 7


def test_endgame_search_matches_a_hand_count():
    # One mine in two cells, a 50/50: the best play wins half the layouts.
    board = parse_mine("2x2x1\n11\nHH\n")
    problem = build_problem(board)
    cells, layouts = list_layouts(problem)
    assert len(layouts) == brute_force(board)[0] == 2
    cell, win = EndgameSearch(problem, cells, layouts).best()
    assert win == 0.5


def test_cli_text_and_json(tmp_path, capsys):
    path = tmp_path / "p.mine"
    path.write_text("4x2x2\n1HHH\n11HH\n")
    assert main(["--analyse", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Certain safe: (0; 2), (1; 2)" in out and "Best move: reveal" in out and " MINE" in out
    assert main(["--analyse", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["safe"] == [[0, 2], [1, 2]] and data["mines_certain"] == [[0, 1]]
    assert data["best_move"] in data["safe"]
    assert "0,2" in data["safe_reasons"]


@pytest.mark.parametrize("text, words", [
    ("3x1x1\n1H0\n", "impossible"),
    ("9x9\nHHH\n", "header"),
])
def test_cli_bad_file(tmp_path, capsys, text, words):
    path = tmp_path / "bad.mine"
    path.write_text(text)
    assert main(["--analyse", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("python main.py: error: --analyse") and words in err


def test_cli_missing_file(tmp_path, capsys):
    assert main(["--analyse", str(tmp_path / "none.mine")]) == 2
    assert "main.py: error:" in capsys.readouterr().err


# ----- big custom boards: bounded, never a crash ----------------------------------------------------
def test_a_big_all_covered_position_is_analysed_with_its_huge_layout_count(tmp_path, capsys):
    n = 150  # C(22500, 4500) has 4,888 digits, past Python's 4,300-digit int-to-str limit
    path = tmp_path / "big.mine"
    path.write_text(f"{n}x{n}x{n * n // 5}\n" + ("H" * n + "\n") * n)
    assert main(["--analyse", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("150 rows x 150 cols, 4,500 mines, about 3.70 × 10^4887 consistent mine layouts")
    assert "Best move: reveal (0; 0) (guess, safe with chance 80.0%)" in out
    assert "too big to look ahead" in out  # 22,500 covered cells: no look-ahead, said so
    assert main(["--analyse", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["layouts"] == exact_decimal(comb(n * n, n * n // 5))  # in full: 4,888 digits
    assert len(data["layouts"]) == 4888 and data["layouts"].startswith("3698316")


def test_a_frontier_group_longer_than_the_recursion_limit_is_estimated_not_a_crash():
    cols = 1000  # one revealed row between two covered rows: a group of 1000 boxes
    mines = {(0, c) for c in range(0, cols, 3)}
    row = "".join(str(sum((0, d) in mines for d in (c - 1, c, c + 1))) for c in range(cols))
    top = "".join("M" if (0, c) in mines else "H" for c in range(cols))
    analysis = analyse(f"{cols}x3x{len(mines)}\n{top}\n{row}\n{'H' * cols}\n")  # was a RecursionError
    assert analysis.approximate and "frontier group of 2,000 cells" in approximation_text(analysis.approximation)
    assert set(analysis.probabilities) == {(r, c) for r in (0, 2) for c in range(cols)}
    assert all(0.0 <= p <= 1.0 for p in analysis.probabilities.values())
    assert analysis.best_move is not None


def test_an_estimated_analysis_claims_no_layout_count(tmp_path, capsys):
    cols = 1000  # as above: a group of 2000 cells, estimated
    mines = {(0, c) for c in range(0, cols, 3)}
    row = "".join(str(sum((0, d) in mines for d in (c - 1, c, c + 1))) for c in range(cols))
    path = tmp_path / "long.mine"
    path.write_text(f"{cols}x3x{len(mines)}\n{'H' * cols}\n{row}\n{'H' * cols}\n")
    assert main(["--analyse", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("3 rows x 1000 cols, 334 mines, too many consistent mine layouts to count\n")
    assert "Approximate: a frontier group of 2,000 cells" in out
    assert main(["--analyse", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["layouts"] is None and data["approximate"] is True


def test_endgame_search_skipping_dead_and_linked_guesses_stays_exact(monkeypatch):
    # Skipping dead guesses (one possible number) while a living one remains, and linked
    # guesses (mines in the same layouts), must not change the best play's win count.
    from game.solver import endgame
    rng = random.Random(19)
    checked = 0
    while checked < 150:
        board, _ = random_position(rng, max_rows=4, max_cols=5)
        problem = build_problem(board)
        listed = list_layouts(problem, 200)
        if listed is None or len(listed[1]) < 2:
            continue
        cells, layouts = listed
        union = 0
        for lay in layouts:
            union |= lay
        if union != (1 << len(cells)) - 1:
            continue  # a cell safe in every layout: not a guessing position
        wins = {}
        for skip in (0, 1):
            monkeypatch.setattr(endgame, "SKIP_DEAD", skip)
            search = EndgameSearch(problem, cells, layouts, step_limit=10**7, time_limit=60)
            wins[skip] = search._best_guess(layouts)[1]
        assert wins[0] == wins[1], format_mine(board)
        checked += 1
