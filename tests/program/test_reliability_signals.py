"""Issue 26, point 2: Ctrl-C (or SIGTERM) right after the last move of a long console game
never loses the finished game (game.interrupts holds them while the move is recorded)."""

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from game.interrupts import HeldSignals, Terminated
from tests.window_helpers import wait_for

ROOT = Path(__file__).resolve().parents[2]
# 3x3, mines at (0,1), (1,0), (1,1): OPEN reveals the other safe cells but (0,0), walled in
# by the mines; r 0 0 then wins. (A board this small prints in a few characters after each of
# the 12,000 moves: the console's printing is not what the test is about, the long log is.)
BOARD = "3x3x3\nHMH\nMMH\nHHH\n"
OPEN = b"r 2 2\nr 2 1\nr 2 0\nr 1 2\nr 0 2\n"
FLAGS = 12_000  # flag toggles on (1,1): the game's log has over 12,000 moves
# The winning move and its record take about the first 0.1 s after the command (the log of
# 12,000 moves). The signals land at delays spread evenly over 0-0.15 s rather than drawn at
# random, so a few trials cover the window from "before the winning move is read" to
# "recorded". Checked: with HeldSignals made a no-op, both cases fail (a game won, not recorded).
WINDOW_S = 0.15
TRIALS = int(os.environ.get("SIGNAL_TRIALS", "8"))
MARKER = b"unknown command 'x'"


@pytest.fixture(autouse=True)
def sigint_raises_keyboard_interrupt():
    """This process's SIGINT raises KeyboardInterrupt during each test, and the consoles it
    starts get SIGINT at its default (exec resets a handled signal), as a shell starts a
    program from a terminal: a test run in the background (a non-interactive shell's `&`)
    inherits SIGINT ignored, and an ignored signal stays ignored across exec."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def play_long_game(tmp: Path, signum: int, delay: float) -> tuple[int, str, list]:
    """Play the long game to its last move, send ``signum`` ``delay`` seconds after the
    winning command; returns (exit status, stderr, the database's rows)."""
    board = tmp / "board.mine"
    board.write_text(BOARD)
    out_path = tmp / "out.txt"
    env = dict(os.environ, PYTHONPATH=str(ROOT), LANG="C.UTF-8", LANGUAGE="en")
    with open(out_path, "wb") as out, open(tmp / "err.txt", "wb") as err:
        child = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--console", "--data-dir", str(tmp / "data"),
                                  "--board", str(board), "--lang", "en"],
                                 stdin=subprocess.PIPE, stdout=out, stderr=err, env=env, cwd=tmp)
        try:
            feed = threading.Thread(target=lambda: child.stdin.write(OPEN + b"f 1 1\n" * FLAGS + b"x\n")
                                    or child.stdin.flush())
            feed.start()
            deadline = time.monotonic() + 300
            while not tail(out_path).endswith(MARKER + b"; type h for help\n"):  # every flag is played
                assert time.monotonic() < deadline, "the flags were not played in time"
                assert child.poll() is None, "the console exited early"
                time.sleep(0.05)  # poll interval
            feed.join()
            child.stdin.write(b"r 0 0\n")
            child.stdin.flush()
            time.sleep(delay)  # the chosen moment after the winning move, not a wait for a condition
            child.send_signal(signum)
            status = child.wait(60)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
    with sqlite3.connect(tmp / "data" / "records.sqlite3") as db:
        rows = db.execute("SELECT won, abandoned FROM games").fetchall()
    return status, (tmp / "err.txt").read_text(), rows


def tail(path: Path) -> bytes:
    """The last bytes of a growing file."""
    with open(path, "rb") as f:
        f.seek(max(0, os.path.getsize(path) - 200))
        return f.read()


@pytest.mark.parametrize("signum, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["SIGINT", "SIGTERM"])
@pytest.mark.slow
def test_a_signal_after_the_last_move_loses_no_game(tmp_path, signum, status):
    trials = TRIALS if signum == signal.SIGINT else max(2, TRIALS // 2)

    def trial(number):
        where = tmp_path / f"trial{number}"
        where.mkdir()
        return play_long_game(where, signum, delay=WINDOW_S * number / (trials - 1))

    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(trial, range(trials)))
    for code, err, rows in results:
        assert "Traceback" not in err
        assert code in (0, status)
        # The winning move was read before the signal (the console waited for it): won and
        # recorded. Had the signal come before it, an abandoned loss: never nothing.
        assert rows in ([(1, 0)], [(0, 1)]), (rows, err)
    assert sum(rows == [(1, 0)] for _, _, rows in results) >= trials // 2


def test_held_signals_deliver_once_the_block_ends():
    with pytest.raises(KeyboardInterrupt):
        with HeldSignals() as held:
            os.kill(os.getpid(), signal.SIGINT)
            # the handler runs here (on the main thread, once any thread took the signal): put aside
            wait_for(lambda: held.caught == signal.SIGINT, 10, "the SIGINT put aside")
            done = True
    assert done and held.caught == signal.SIGINT


def test_sigterm_held_is_delivered_as_terminated_with_status_143():
    previous = signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        with pytest.raises(Terminated) as stop:
            with HeldSignals() as held:
                os.kill(os.getpid(), signal.SIGTERM)
                wait_for(lambda: held.caught == signal.SIGTERM, 10, "the SIGTERM put aside")
        assert stop.value.status == 143
    finally:
        signal.signal(signal.SIGTERM, previous)


def test_a_second_ctrl_c_stops_at_once():
    reached = False
    with pytest.raises(KeyboardInterrupt):
        with HeldSignals() as held:
            os.kill(os.getpid(), signal.SIGINT)
            wait_for(lambda: held.caught == signal.SIGINT, 10, "the first SIGINT put aside")
            os.kill(os.getpid(), signal.SIGINT)
            wait_for(lambda: False, 10, "the second SIGINT raising")  # (ends by KeyboardInterrupt)
            reached = True
    assert not reached


def test_held_signals_restore_the_handlers():
    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    with HeldSignals():
        pass
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == before
