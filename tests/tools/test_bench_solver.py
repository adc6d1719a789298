"""bench/bench_solver.py's win table: targets, the best-possible bound, runs split by seeds."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from game.solver.analysis import analyse
from game.solver.bestmove import BestMove
from game.solver.reasons import CLOSED_AREA, FIFTY_FIFTY, TOO_BIG, Reason

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("bench_solver", ROOT / "bench" / "bench_solver.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def test_proven_moves_are_the_exact_ones():
    assert BestMove((0, 0), "safe").proven
    assert BestMove(None, "none").proven
    assert BestMove((0, 0), "endgame", 0.5, 0.5).proven
    assert BestMove((0, 0), "guess", 0.5, note=Reason(FIFTY_FIFTY, {"cell": (0, 0), "other": (0, 1)})).proven
    assert BestMove((0, 0), "guess", 0.5, 0.5, note=Reason(CLOSED_AREA, {"layouts": 2, "win": 0.5})).proven
    assert not BestMove((0, 0), "guess", 0.8).proven
    assert not BestMove((0, 0), "guess", 0.8, note=Reason(TOO_BIG, {"covered": 30_000})).proven


def test_a_lone_fifty_fifty_is_a_proven_guess():
    # two covered cells, one mine, told apart by nothing: no play does better
    analysis = analyse("2x2x1\n1H\n1H\n")
    assert analysis.move_kind in ("guess", "endgame") and analysis.move.proven


def write(path, lines):
    path.write_text("".join(line + "\n" for line in lines))
    return str(path)


def test_table_merges_runs_and_bounds_the_best_possible(tmp_path, capsys):
    # seeds 1-4 in one session, 5-6 in the next: one table, one range per run
    first = write(tmp_path / "a.txt", ["expert safe 1 1 0", "expert safe 2 0 0", "expert safe 3 0 2",
                                       "expert safe 4 1 3"])
    second = write(tmp_path / "b.txt.partial", ["expert safe 5 0 1", "expert safe 6 1 0"])
    assert bench.main(["--table", first, second]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[-3:] == ["best", "<=", "seeds"]
    row = out[1].split()
    # 3 of 6 won; of the 3 lost, 2 followed a heuristic guess: at most 5 of 6 could be won
    assert row[:4] == ["expert", "safe", "6", "50.00"]
    assert row[5:9] == ["41.13", "41.60", "no", "83.33"]
    assert row[9:] == ["1-6"]


def test_table_reads_old_files_without_the_bound(tmp_path, capsys):
    old = write(tmp_path / "old.txt", ["beginner opening 7 1", "beginner opening 9 0"])
    assert bench.main(["--table", old]) == 0
    row = capsys.readouterr().out.splitlines()[1].split()
    assert row[2:4] == ["2", "50.00"] and row[-3:] == ["-", "7,", "9"]


@pytest.mark.parametrize("level, rule, wins, n, expected", [
    ("beginner", "opening", 19_460, 20_000, True),   # 97.30 %
    ("beginner", "opening", 19_459, 20_000, False),  # 97.295 %
    ("beginner", "opening", 9_900, 10_000, False),   # too few games
    ("expert", "opening", 11_000, 20_000, True),     # 55.00 %, interval 54.31-55.69
    ("expert", "safe", 8_320, 20_000, False),        # 41.60 %, but the interval reaches 40.92
])
def test_met_needs_the_games_the_rate_and_on_expert_the_interval(level, rule, wins, n, expected):
    assert bench.met(level, rule, wins, n) is expected


def test_a_malformed_line_is_named(tmp_path):
    bad = write(tmp_path / "bad.txt", ["expert safe 1 1 0", "expert safe two 1"])
    with pytest.raises(ValueError, match="line 2"):
        bench.load(bad)
