"""Issue 26, points 3, 4 and 10: big and thin boards end, open and print in bounded time
and memory, and say what they leave for later."""

import os
import resource
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.rules.board import Config
from game.midend.match import Match
from game.records import open_records
from game.records.compstats import COMPUTED, FIGURES_NOW_CELLS, TO_COMPUTE
from tests.play_helpers import Clock

ROOT = Path(__file__).resolve().parents[2]


def console(args, data: Path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), LANG="C.UTF-8", LANGUAGE="en")
    return subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--console", "--lang", "en", "--data-dir",
                             str(data), *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)


def read_until(stream, marker: bytes, seconds: float = 60) -> bytes:
    """What ``stream`` (a child's stdout) gives up to and including ``marker``."""
    import select
    deadline, out = time.monotonic() + seconds, b""
    while marker not in out:
        ready, _, _ = select.select([stream], [], [], max(0.0, deadline - time.monotonic()))
        assert ready, f"no {marker!r} within {seconds} s: {out[-300:]!r}"
        chunk = os.read(stream.fileno(), 1 << 16)
        assert chunk, f"the child exited before {marker!r}: {out[-300:]!r}"
        out += chunk
    return out


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) the live process ``pid`` has used so far (Linux's
    /proc/PID/stat, fields 14 and 15, in clock ticks)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_cpu() -> float:
    """CPU seconds (user + system) of this process's children that have ended and been
    waited for. A child's work is measured as the change of this across its wait: CPU time,
    which a busy machine does not stretch as it stretches the wall clock (the tests run one
    at a time in a worker, so no other child of the worker ends in between)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def win_a_big_board(size: int) -> Match:
    """A size x size board with one mine in a corner, won by one reveal in the other."""
    match = Match(Config(size, size, 1), mines=[(0, 0)], clock=Clock())
    match.reveal((size - 1, size - 1))
    assert match.game.over
    return match


def stats_state(records, record_id: int) -> int:
    return records.store.conn.execute("SELECT stats_state FROM games WHERE id = ?", (record_id,)).fetchone()[0]


def test_a_dense_255x255_console_game_ends_within_5_cpu_seconds_of_its_last_move(tmp_path):
    """Quitting records the game and leaves its competitive figures pending: the work after
    the last move is measured in the console's CPU seconds, not the wall clock's, which a
    machine with both cores busy stretches several times over."""
    child = console(["--rows", "255", "--cols", "255", "--mines", "39015", "--seed", "3"], tmp_path / "data")
    try:
        child.stdin.write(b"r 0 0\n")
        child.stdin.flush()
        read_until(child.stdout, b"State: playing")
        before, waited = cpu_seconds(child.pid), children_cpu()
        child.stdin.write(b"q\n")
        child.stdin.close()
        out = child.stdout.read()
        status = child.wait(600)
        ended = children_cpu() - waited - before
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert status == 0 and ended < 5.0, (status, ended)
    assert b"Game abandoned: recorded as a loss." in out
    assert b"The competitive figures are pending" in out
    assert b"Traceback" not in child.stderr.read()
    with sqlite3.connect(tmp_path / "data" / "records.sqlite3") as db:
        assert db.execute("SELECT rows, cols, abandoned, stats_state FROM games").fetchall() == [
            (255, 255, 1, TO_COMPUTE)]


def test_figures_after_computes_small_boards_now_and_leaves_big_ones_pending():
    records = open_records(stderr=None)
    records.figures_mode = "after"
    small, big = win_a_big_board(9), win_a_big_board(60)
    assert 9 * 9 <= FIGURES_NOW_CELLS < 60 * 60
    small_id, _ = records.record(small, log=small.log_data())
    big_id, _ = records.record(big, log=big.log_data())
    assert (stats_state(records, small_id), stats_state(records, big_id)) == (TO_COMPUTE, TO_COMPUTE)  # not yet
    note = records.figures_after()
    assert "pending" in str(note)
    assert (stats_state(records, small_id), stats_state(records, big_id)) == (COMPUTED, TO_COMPUTE)
    assert records.figures_after() is None  # nothing left to say
    records.close()


def test_stats_leaves_big_boards_to_the_statistics_screen_and_says_so(capsys):
    import main
    records = open_records(stderr=None)  # figures_mode None: everything left for the backfill
    small, big = win_a_big_board(9), win_a_big_board(60)
    small_id, _ = records.record(small, log=small.log_data())
    big_id, _ = records.record(big, log=big.log_data())
    records.close()
    assert main.main(["--stats"]) == 0
    assert "figures of 1 game on a board over 2,500 cells are pending" in capsys.readouterr().err
    records = open_records(stderr=None)
    assert (stats_state(records, small_id), stats_state(records, big_id)) == (COMPUTED, TO_COMPUTE)
    records.close()


@pytest.mark.parametrize("rows, cols, mines, most", [(1, 1000, 30, 10), (2, 500, 180, 10), (1000, 3, 700, 600)])
def test_no_guess_on_a_thin_board_says_in_one_line_which_limit_it_needs(tmp_path, rows, cols, mines, most):
    waited = children_cpu()
    child = console(["--rows", str(rows), "--cols", str(cols), "--mines", str(mines), "--no-guess"],
                    tmp_path / "data")
    out, err = child.communicate(b"r 0 0\nq\n", timeout=600)
    assert child.returncode == 2 and children_cpu() - waited < 10  # CPU seconds: refused before any search
    assert "Traceback" not in err.decode()
    lines = err.decode().strip().splitlines()
    assert lines[-1].endswith(f"--no-guess: no-guess boards of {rows}x{cols} take at most {most} mines "
                              f"({100 * most / (rows * cols):.0f}%); {mines} asked")


@pytest.mark.parametrize("rows, cols", [(1, 1000), (1000, 2), (3, 333), (4, 250), (5, 200), (6, 166), (1000, 3), (3, 51), (5, 35), (1, 30),
                                        (2, 10), (3, 20)])
def test_no_guess_makes_thin_boards_at_the_limit_it_shows(rows, cols):
    import random

    from game.noguess import Generation, is_no_guess, max_no_guess_mines
    config = Config(rows, cols, max_no_guess_mines(rows, cols))
    for seed in range(2):
        rng = random.Random(seed)
        first = (rng.randrange(rows), rng.randrange(cols))
        job, start = Generation(config, first, rng), time.thread_time()
        while not job.step(0.5):
            assert time.thread_time() - start < 30, f"{rows}x{cols} with {config.mines} mines: over 30 CPU seconds"
        assert len(job.result) == config.mines and is_no_guess(job.result, rows, cols, first)


def test_the_help_shows_the_thin_limit():
    from game.noguess import max_no_guess_mines, supported
    assert max_no_guess_mines(1, 1000) == max_no_guess_mines(500, 2) == 10
    assert supported(Config(1, 1000, 11, no_guess=True)) is not None
    shown = subprocess.run([sys.executable, str(ROOT / "main.py"), "--help"], capture_output=True, text=True,
                           env=dict(os.environ, LANGUAGE="en")).stdout
    assert "at most 10 on one or two rows" in " ".join(shown.split())


def test_a_1000x1000_console_screen_shows_a_view_around_the_last_cell(tmp_path):
    child = console(["--rows", "1000", "--cols", "1000", "--mines", "1000", "--seed", "2"], tmp_path / "data")
    out, err = child.communicate(b"f 10 990\nv 500 0\nq\n", timeout=120)
    assert child.returncode == 0 and b"Traceback" not in err
    screens = out.decode().split("State: ")
    assert len(screens) == 4 and max(len(screen) for screen in screens) < 10_000  # not 4 MB a screen
    flagged, moved = screens[1], screens[2]
    assert "Rows 0..39 and columns 940..999 of 1000x1000; v ROW COL shows another part" in flagged
    assert [line for line in flagged.splitlines() if line.startswith("10 ")][0].split()[1:][990 - 940] == "F"
    assert "Rows 480..519 and columns 0..59 of 1000x1000" in moved


def test_boards_up_to_100x100_are_printed_whole():
    from game.console.text import render
    match = Match(Config(100, 100, 10), clock=Clock())
    lines = render(match).splitlines()
    assert len(lines) == 2 + 100 + 1 and lines[-2].startswith("99 ") and len(lines[-2].split()) == 101


HUGE_GAME = """
import sys
from game.rules.board import Config
from game.midend.match import Match
from game.records import open_records
match = Match(Config(1000, 1000, 999_999, first_click="safe"), seed=1)
centre = 500 * match.cell + match.cell // 2  # pixels: the press and release a window logs
match.pointer("lc", centre, centre)
match.pointer("lr", centre, centre)
match.reveal((500, 500))
assert match.game.over
records = open_records(sys.argv[1], stderr=None)
assert records.record(match, log=match.log_data())[0] is not None
records.close()
"""
OPEN_REPLAY = """
import resource, sys, time
from types import SimpleNamespace
from game.commands.replay_commands import prepare_replay
args = SimpleNamespace(replay="last", data_dir=sys.argv[1])
start = time.process_time()
assert prepare_replay(args) is None and args.replay_timeline.replay is args.replay_loaded
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024, time.process_time() - start,
      args.replay_timeline.moves, args.replay_timeline.completed)
"""


@pytest.mark.slow
def test_replay_of_a_1000x1000_game_with_999_999_mines_opens_under_600_mb(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    data = str(tmp_path / "data")
    subprocess.run([sys.executable, "-c", HUGE_GAME, data], check=True, env=env, timeout=600)
    done = subprocess.run([sys.executable, "-c", OPEN_REPLAY, data], capture_output=True, text=True, env=env,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    megabytes, seconds, moves, completed = done.stdout.split()
    assert int(megabytes) < 600 and (moves, completed) == ("1", "True"), done.stdout


def test_the_custom_form_offers_a_thin_board_only_the_mines_no_guess_meets(window):
    from tests.ui.test_ui_custom_limits import open_form, submit
    w = window([])
    w.scene.services.no_guess = True
    form = open_form(w)
    assert not submit(w, form, 1, 1000, 30)  # refused at once, not "No board" after 50 s
    assert form.message == "no-guess boards of 1x1000 take at most 10 mines (1%); 30 asked"
    assert form.hints()[2] == "1..10 no-guess"
    assert submit(w, form, 1, 1000, 10)  # the top of the hint is a game


def test_help_names_the_view_command_only_on_a_board_shown_in_part(tmp_path):
    big = console(["--rows", "200", "--cols", "200", "--mines", "10", "--seed", "2"], tmp_path / "big")
    small = console(["--rows", "100", "--cols", "100", "--mines", "10", "--seed", "2"], tmp_path / "small")
    said = [child.communicate(b"h\nq\n", timeout=60)[0].decode() for child in (big, small)]
    assert "v ROW COL   view: this board is shown in part" in said[0]
    assert "v ROW COL" not in said[1] and "Rows " not in said[1]  # 100x100: printed whole
