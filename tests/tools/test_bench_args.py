"""The benchmark and tool scripts refuse bad values with a one-line message (status 2),
never a traceback: each is run as a user runs it, in a subprocess."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("argv, fragment", [
    (["bench/bench_flood.py", "--runs", "0"], "argument --runs: 0 is too small: give 1 or more"),
    (["bench/bench_bv.py", "--runs", "0"], "argument --runs: 0 is too small: give 1 or more"),
    (["bench/bench_flood.py", "--size", "-3"], "argument --size: -3 is too small"),
    (["bench/bench_flood.py", "--size", "5", "--mines", "30"], "mines: 30 is out of range for 5x5; allowed 1..24"),
    (["bench/bench_noguess.py", "--seeds", "0"], "argument --seeds: 0 is too small"),
    (["bench/bench_noguess.py", "--custom", "10x10x90"], "no-guess boards of 10x10 take at most 40 mines"),
    (["bench/bench_solver.py", "--games", "-5"], "argument --games: -5 is too small"),
    (["bench/bench_solver.py", "--workers", "0"], "argument --workers: 0 is too small"),
    (["bench/bench_solver.py", "--games", "x"], "argument --games: 'x' is not a whole number"),
    (["bench/bench_solver.py", "--compare", "no1.txt", "no2.txt"], "--compare: [Errno 2] No such file"),
    (["bench/bench_solver.py", "--table", "no1.txt"], "--table: [Errno 2] No such file"),
    (["tools/first_guess.py", "--workers", "-1"], "argument --workers: -1 is too small"),
    (["bench/bench_window.py", "--scale", "0"], "argument --scale: 0 is too small"),
    (["bench/bench_window.py", "--clicks", "0"], "argument --clicks: 0 is too small"),
    (["bench/bench_big_board.py", "--size", "30", "--click-mines", "2000"],
     "argument --click-mines: mines: 2000 is out of range for 30x30"),
    (["bench/bench_big_board.py", "--click-mines", "20000,x"], "argument --click-mines: '20000,x' is not whole numbers"),
    (["bench/bench_big_board.py", "--size", "30", "--click-mines", "100"],
     "argument --busy-mines: mines: 150000 is out of range for 30x30"),  # the window part's board
    (["bench/bench_review.py", "--quick"], "argument --quick: only with --big"),
    (["bench/bench_stats_page.py", "--games", "0"], "argument --games: 0 is too small"),
    (["bench/bench_stats_page.py", "--level", "hard"], "argument --level: invalid choice: 'hard'"),
    (["bench/bench_big_review.py", "--size", "30", "--mines", "900"], "argument --mines: mines: 900 is out of range"),
    (["bench/bench_big_review.py", "--mines", "20000,x"], "argument --mines: '20000,x' is not whole numbers"),
    (["bench/bench_big_review.py", "--budget", "-1"], "argument --budget: -1.0 is not a number of seconds"),
    (["bench/bench_counters.py", "--scale", "5"], "argument --scale: 5 is out of range: give 1 to 4"),
    (["bench/bench_counters.py", "--scale", "x"], "argument --scale: 'x' is not a number"),
    (["tools/screenshots.py", "--scales", "1", "0.25"], "argument --scales: 0.25 is out of range: give 0.5 to 4"),
    (["tools/screenshots.py", "--scales", "nan"], "argument --scales: nan is out of range: give 0.5 to 4"),
])
def test_a_bad_value_gets_a_message_and_status_2(argv, fragment, tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, str(ROOT / argv[0]), *argv[1:]], capture_output=True,
                          text=True, cwd=tmp_path, env=env, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert fragment in done.stderr


def test_make_assets_help_shows_help_and_writes_nothing(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "make_assets.py"), "--help"],
                          capture_output=True, text=True, cwd=work, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("usage: make_assets.py")
    assert list(work.iterdir()) == []  # once: "wrote 34 sprites to --help", a folder named --help


def test_make_sounds_help_shows_help_and_writes_nothing(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "make_sounds.py"), "--help"],
                          capture_output=True, text=True, cwd=work, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("usage: make_sounds.py")
    assert list(work.iterdir()) == []  # once: nine WAVs written to a folder named --help
