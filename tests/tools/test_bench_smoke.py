"""Every benchmark script in bench/ runs to its end and prints its figures.

Each script is run as a user runs it (a subprocess of ``sys.executable``, PYTHONPATH the
checkout's root, in a temporary folder) with the smallest arguments that still take its
real code path: tiny boards, one run, a few games (the ``--quick``, ``--size`` and
``--clicks`` options exist for this; docs/benchmarks.md). The figures themselves mean
nothing at that size: the test checks that each labelled figure is printed with a number,
so a script broken by a change of the game's API fails here, not at its next measurement.
The window benchmark needs Xvfb, xdotool and ImageMagick (tests.xsession); without them
it is skipped, and bench_big_board runs only its headless part. All the runs together take
about 10 s of CPU.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.xsession import missing

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench"
NUMBER = r" *-?[\d,]+(?:\.\d+)?"  # a printed figure, maybe padded: 12, 1,049,  0.354, -0.5
SCRIPTS = {"bench_analyse", "bench_big_board", "bench_editor", "bench_big_review", "bench_bv", "bench_counters", "bench_flood",
           "bench_hint_frames", "bench_noguess", "bench_recording", "bench_replay", "bench_review", "bench_solver",
           "bench_stats_page", "bench_win_chance", "bench_window", "big_review_game"}  # the scripts the tests below run (big_review_game by bench_review --big)
HELPERS = {"pointer_path"}  # modules the scripts import, run through them (bench_replay, bench_stats_page)


def run(script: str, *args: str, cwd: Path) -> str:
    """Run bench/``script`` with ``args`` in ``cwd``; its stdout. Fails with the script's
    output when it exits with a status other than 0."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, str(BENCH / script), *args], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=600)
    assert done.returncode == 0, f"{script} {' '.join(args)} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


def expect(out: str, *patterns: str) -> None:
    """Each regular expression of ``patterns`` (``#`` stands for a number) matches a line of ``out``."""
    for pattern in patterns:
        regex = re.compile(re.escape(pattern).replace(re.escape("#"), NUMBER))
        assert regex.search(out), f"not printed: {pattern!r}\n--- stdout:\n{out}"


def test_bench_analyse(tmp_path):
    out = run("bench_analyse.py", "--sizes", "10", cwd=tmp_path)
    expect(out, "10x10 all covered, 20 mines", "10x10 after the first click, 10 mines",
           "10x10 almost cleared, 10 mines", "# s  exact", "(--json report # s, # safe cells)",
           "slowest: # s (bound 2 s)")
    assert len(re.findall(r"^10x10 .* s  (exact|approximate) ", out, re.M)) == 3, out


@pytest.mark.slow
def test_bench_big_board(tmp_path):
    small = ["--size", "30", "--click-mines", "100", "--runs", "1"]
    window = not missing()
    out = run("bench_big_board.py", *small, *(["--mines", "10", "--busy-mines", "100", "--events", "6",
                                               "--seconds", "0.2"] if window else ["--click-only"]), cwd=tmp_path)
    expect(out, "load average before: # on # cores",
           "first click, 30x30 with 100 mines, no busy process, median of 1 (range): # cells opened, shown after "
           "# (#-#) s", "first click, 30x30 with 100 mines, one core busy, median of 1",
           "the longest frame wait # (#-#) ms", "most CPU in a frame # (#-#) ms", "3BV in after # (#-#) s")
    if window:
        expect(out, "opening click, 30x30 with 10 mines: # cells opened, # s until the frame showing them",
               "pan and zoom (100 mines, game in play): # frames, p50 # ms, p99 # ms, max # ms",
               "idle CPU after the opening: # %", "peak memory: # MiB for the game process, # MiB")


def test_bench_editor(tmp_path):
    out = run("bench_editor.py", "--size", "8", "--frames", "10", cwd=tmp_path)
    expect(out, "editor on a 8x8 frontier position: analysed alone in # s",
           "one edit a frame, 10 frames: frame wait p50 # ms, p99 # ms, max # ms (goal < 50); # answers shown; "
           "the last position answered # s after the edits", "the window's CPU in a frame: p50 # ms, max # ms")


@pytest.mark.slow
def test_bench_hint_frames(tmp_path):
    out = run("bench_hint_frames.py", "--size", "30", "--mines", "150", "--runs", "1", cwd=tmp_path)
    for where in ("in the solver process", "on a thread"):
        expect(out, f"hint on 30x30 with 150 mines, worked out {where}: in after # (#-#) s over # (#-#) frames; "
                    "frame wait p50 # (#-#) ms, p99 # (#-#) ms, max # (#-#) ms",
               "most CPU in a frame # (#-#) ms; CPU meanwhile: main thread # (#-#) s, this process # (#-#) s")


def test_bench_bv(tmp_path):
    out = run("bench_bv.py", "--quick", "--runs", "1", cwd=tmp_path)
    expect(out, "100x100, 2000 mines: 3BV #; bv_parts # ms, three_bv (cell lists) # ms, "
           "old flood fill # ms (#x bv_parts)", "16x30, 99 mines: 3BV #; bv_parts # ms")
    assert "DISAGREE" not in out


def test_bench_flood(tmp_path):
    out = run("bench_flood.py", "--runs", "1", "--size", "20", "--mines", "3", cwd=tmp_path)
    expect(out, "run 1: # s, # cells opened (# changed), game ", "median: # s, # cells/s",
           "breakdown (medians): lay # s, flood # s, outcome # s, rest # s",
           "not in the click: set(outcome.opened) # s", "peak memory of one click (tracemalloc): # MiB")


def test_bench_noguess(tmp_path):
    out = run("bench_noguess.py", "--seeds", "1", "--level", "beginner", cwd=tmp_path)
    expect(out, "no-guess generation, 1 seeds each", "beginner 9x9/10", "median # ms  p95 # ms  max # ms",
           "longest 8 ms step # ms", "checker passed 100.0%")


@pytest.mark.slow
def test_bench_recording(tmp_path):
    out = run("bench_recording.py", "--games", "1", "--quick", cwd=tmp_path)
    expect(out, "move, Game.apply alone: # us", "move, Match.apply logged: # us  (+# us per move)",
           "pointer event logged: # us", "pack log, Expert game, 150 moves, 6,000 pointer events: # ms, # bytes",
           "pack log, 36x60 20-minute game, 57,000 pointer events: # ms, # bytes",
           "game end, Beginner (# pointer events, # moves): # frames in # s until the figures show, "
           "p50 # ms, p99 # ms, max # ms, over 16 ms: #")


def test_bench_replay(tmp_path):
    out = run("bench_replay.py", "--quick", "--seeks", "3", cwd=tmp_path)
    expect(out, "replay: 9x9, 10 mines, # events, # moves, # min",
           "timeline built in # ms: # moves, # keyframes, ends won",
           "scrubbing, 3 positions at random: 3 frames, p50 # ms, p99 # ms, max # ms",
           "dragging the scrubber end to end, a pixel a frame: # frames", "playing at 8x (# s): # frames",
           "recording: Match.apply # us per move (Game.apply alone # us: +# us), Match.pointer # us per event")


def test_bench_review(tmp_path):
    out = run("bench_review.py", "--games", "1", cwd=tmp_path)
    expect(out, "1 Expert games, # moves reviewed per game (median)",
           "review seconds per game: median #, p90 #, max #; CPU median #, max #", "verdicts: ")


def test_bench_review_big_plays_big_review_game(tmp_path):
    """``--big`` is bench/big_review_game.py's scripted player, on --quick's small board."""
    log = tmp_path / "big.json"
    out = run("bench_review.py", "--big", "--quick", "--log", str(log), cwd=tmp_path)
    expect(out, "16x16, 40 mines, # moves logged, # reviewed",
           "review: # s wall, # s CPU; peak RSS # MB; peak memory # MB (tracemalloc)",
           "verdicts: ", "; judged on the bounded analysis: #",
           "apart (as the window): # s wall, # s CPU in the window's process; child's peak RSS # MB")
    data = json.loads(log.read_text(encoding="utf-8"))
    assert (data["rows"], data["cols"], len(data["mines"])) == (16, 16, 40)
    assert f"{len(data['moves'])} moves logged" in out


@pytest.mark.slow
def test_bench_big_review(tmp_path):
    """Four games made by the console on a 30x30 board, each reviewed, and three positions
    analysed, each run a child process of its own; then again, on the games and positions
    the first run kept, with a budget too small for any of them, each saying what it left."""
    kept = str(tmp_path / "games")  # made by the first run, read again by the second
    out = run("bench_big_review.py", "--size", "30", "--mines", "100", "--clicks", "1", "--keep", kept, cwd=tmp_path)
    expect(out, "load average before: ", "load average after: ")
    for case in ("review one move", "review 2 moves", "review lost, 3 moves", "analyse after the first click",
                 "analyse after 2 clicks", "analyse almost cleared"):
        for json_ in ("", " --json"):
            expect(out, f"30x30 100 mines, {case}{json_} # s wall # s CPU # MB  status 0 # MB out")
    expect(out, "this process's peak RSS: # MB")
    stopped = run("bench_big_review.py", "--size", "30", "--mines", "100", "--clicks", "1", "--long", "0",
                  "--budget", "0.000001", "--keep", kept, cwd=tmp_path)  # every run past its budget: what each left
    expect(stopped, "    stopped: Moves 1-2 not reviewed: the 0.000001 s budget ran out",
           "    stopped: The proofs of # certain-safe cells were not worked out: the 0.000001 s budget ran out.")


def test_bench_solver(tmp_path):
    out = run("bench_solver.py", "--games", "2", "--levels", "beginner", "--rules", "opening,safe",
              "--workers", "2", cwd=tmp_path)
    expect(out, "beginner     opening        2", "beginner     safe           2", "# ms", "seeds 1..2, 2 workers")
    assert re.search(r"^beginner\s+opening\s+2\s+[\d.]+\s+[\d.]+-[\d.]+\s+97\.17", out, re.M), out


@pytest.mark.skipif(bool(missing()), reason=f"the window benchmark needs {', '.join(missing())}")
@pytest.mark.slow
def test_bench_window(tmp_path):
    out = run("bench_window.py", "--seconds", "0.1", "--themes", "classic", "--silent", "--clicks", "5", cwd=tmp_path)
    expect(out, "--- theme classic, sound off", "idle CPU, Expert, board ready:   # %",
           "idle CPU, Expert, timer running: # %", "scripted game (classic): playing, # frames drawn, # clicks",
           "frame time without present, Expert scripted game: p50 # ms, p99 # ms, max # ms",
           "frame time with present, Expert scripted game: p50 # ms", "whole-window present (scale 1): # ms")


def test_bench_counters(tmp_path):
    out = run("bench_counters.py", "--level", "beginner", "--frames", "30", "--click-every", "5", cwd=tmp_path)
    expect(out, "beginner at 1x, # frames, # moves: CPU # ms a frame on average, # ms at the 99th percentile "
                "(process_time); wall median # ms, 99th percentile # ms")


def test_bench_stats_page(tmp_path):
    out = run("bench_stats_page.py", "--quick", cwd=tmp_path)
    expect(out, "made 40 games from 5 played matches in # s", "load average before: # # #; # cores",
           "the window, headless, 1 runs, Statistics on ", "games listed)",
           "open Statistics (summary) ", "Games page: End ", "Games page: result filter (W): won ",
           "Games page: 3BV filter (B) ", "the Games page from the menu (the click, then G) ",
           "wall median # ms, worst # ms;  CPU median # ms, worst # ms",
           "scrolling the Games list by Down       3 frames: median # ms, p99 # ms, worst # ms",
           "open Statistics (summary), figures pending ", "games handed to the figures worker",
           "Games page drawn               # s /   # s", "process CPU to the Games page # s /   # s")


def test_every_bench_script_has_a_smoke_test():
    """A new script in bench/ gets its test here."""
    assert {path.stem for path in BENCH.glob("*.py")} == SCRIPTS | HELPERS


def test_bench_win_chance(tmp_path):
    out = run("bench_win_chance.py", "--positions", "2", "--games", "2", "--level", "beginner", "--workers", "1",
              "--each", cwd=tmp_path)
    expect(out, "beginner, 2 positions after an opening first click at (2, 2), seeds 1..2, 1 workers, # s",
           "estimated: mean # % over 2 positions x 2 games (# of 4 simulated games won; 95 % interval #-# %)",
           "measured:  # % (# of 2 real games won; 95 % interval #-# %)", "agree: ",
           "difference: measured - estimated ", " points, z = ", ", two-sided p = #")
    assert re.search(r"^seed 1: (estimate .* real game (won|lost)|won by the first click)", out, re.M), out
