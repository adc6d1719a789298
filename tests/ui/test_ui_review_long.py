"""A long game's review in the window, by posted pygame events: a 36x60 game of 540 mines
(some 1,100 moves) recorded, then Statistics, its Custom tab and Review. The review runs in a
child process (game.commands.review_apart), the panel says "Reviewing... k of n moves" with k going
up while the frames go on, and what arrives is the review of the game, its panel laid out
from the lines measured as the moves came in. Then the review job itself: apart or on its
thread, the same answer, the same moves handed over, the same error for a damaged log."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.rules.board import Config
from game.midend.match import Match
from game.rules.moves import Move
from game.records import open_records
from game.commands.review_apart import log_request
from game.solver.incremental import PositionTracker
from game.solver.review import review_log
from game.ui.replay import review_view as rv
from game.ui.replay.review_job import ReviewJob, cancel_all
from game.ui.play.playing import Playing
from game.ui.play.result import GameOver
from game.ui.replay.review import ReviewViewer
from game.ui.stats.screen import TABS
from tests.solver_helpers import lucky_next
from tests.xsession import PATIENCE
from tests.window_helpers import wait_for

ROOT = Path(__file__).resolve().parents[2]


def lucky_game(seed: int = 5, rows: int = 36, cols: int = 60, mines: int = 540) -> Match:
    """A game played to its win by a lucky player (bench/big_review_game.py's, reveals only):
    the proven-safe cell nearest its last move, else the safest cell that is in fact safe.
    Seeded; its moves are 250 ms apart."""
    now = [0.0]
    match = Match(Config(rows, cols, mines), seed=seed, clock=lambda: now[0])
    game = match.game
    last = (rows // 2, cols // 2)
    match.apply(Move.reveal(last))
    layout = game.layout()
    tracker = PositionTracker(rows, cols, mines, {c: game.number(c) for c in game.cells() if game.number(c) is not None})

    while not game.over:
        now[0] += 0.25
        last = lucky_next(tracker.analysis(), layout, last)
        opened = match.apply(Move.reveal(last)).opened
        tracker.open({c: game.number(c) for c in opened})
    return match


@pytest.mark.slow
def test_a_long_review_runs_apart_and_the_window_shows_its_progress_while_the_frames_go_on(window, monkeypatch):
    match = lucky_game()
    assert match.game.state.value == "won"
    log = match.log_data()
    records = open_records(stderr=None)
    records.record(match, log=log)
    records.close()
    drawn = []
    real = rv.draw_working
    monkeypatch.setattr(rv, "draw_working", lambda screen, rect, line: (drawn.append(line), real(screen, rect, line)))
    w = window([])
    w.click(next(b for b in w.scene.list.buttons if b.label == "Statistics...").rect.center)
    w.key(pygame.K_g)
    stats = w.scene
    w.click(stats.tab_rect(TABS.index("custom")).center)
    w.click(stats.games.review_button.rect.center)
    viewer = w.scene
    assert isinstance(viewer, ReviewViewer)
    frames, slowest, deadline = 0, 0.0, time.monotonic() + 300
    while not viewer.job.ready:
        started = time.perf_counter()
        w.step(1)
        slowest = max(slowest, time.perf_counter() - started)
        frames += 1
        assert time.monotonic() < deadline, "the review did not arrive"
    assert viewer.job.apart and viewer.job.error is None  # (a child process: its own interpreter lock)
    total = len(log["moves"])
    shown = [int(line.split()[1].replace(",", "")) for line in drawn if line.startswith("Reviewing... ")]
    assert all(line.endswith(f" of {total:,} moves") for line in drawn if line.startswith("Reviewing... "))
    assert len(set(shown)) >= 3 and shown == sorted(shown) and 0 < shown[-1] <= total
    assert frames >= 10 and slowest < 1.0  # frames went on meanwhile, none held for the review
    w.step(1)
    assert viewer.review is not None
    expected = review_log(log)
    assert [(m.verdict, m.kind, m.cell, m.survival) for m in viewer.review.moves] == \
        [(m.verdict, m.kind, m.cell, m.survival) for m in expected.moves]
    width = viewer.room.panel.width
    assert viewer.room.panel.height == rv.panel_height(viewer.review, viewer.timeline.moves, width)


def a_lost_game() -> dict:
    """A Beginner game lost on a guess after a few safe reveals (the post-mortem's matter)."""
    rng = random.Random(3)
    match = Match(Config.difficulty("beginner"), seed=3, clock=lambda: 0.0)
    game = match.game
    match.apply(Move.reveal((4, 4)))
    mines = game.layout()
    for cell in sorted(game.cells(), key=lambda c: rng.random()):
        if game.over:
            break
        if game.appearance(cell) == "covered":
            match.apply(Move.reveal(cell))
    assert game.state.value == "lost" and len(match.log_data()["moves"]) > 3 and mines
    return match.log_data()


def run_job(request, apart: bool):
    job = ReviewJob(lambda: request, 0, apart=apart)
    assert job.wait(120) and job.poll()
    return job


def test_a_review_apart_is_the_review_on_the_thread():
    log = a_lost_game()
    for post_mortem in (False, True):
        here, there = (run_job(log_request(log, post_mortem), apart) for apart in (False, True))
        assert not here.apart and there.apart and here.error is there.error is None
        assert there.moves == here.moves and there.done == here.done == there.total == len(log["moves"])
        if post_mortem:
            (mine, fatal, proof), (theirs, their_fatal, their_proof) = here.answer, there.answer
            assert fatal == their_fatal and fatal.exploded and proof == their_proof
        else:
            mine, theirs = here.answer, there.answer
        assert theirs.moves == mine.moves and (theirs.rows, theirs.won, theirs.luck) == (mine.rows, mine.won, mine.luck)
        assert there.moves == theirs.moves  # handed over one by one, in order
        last = theirs.moves[-1]
        last.seen._probs = None  # (a move's position comes over as bytes and is analysed again)
        assert theirs.moves[-1].position.floats == mine.moves[-1].position.floats


def test_a_damaged_log_fails_alike_apart_and_on_the_thread():
    log = a_lost_game()
    del log["mines"]
    here, there = (run_job(log_request(log), apart) for apart in (False, True))
    assert here.answer is there.answer is None
    assert here.error == there.error == "KeyError: 'mines'"


def a_long_post_mortem() -> dict:
    """The post-mortem request of a 1000x1000 game of 20,000 mines lost on its second click:
    a child works on it for well over a minute (the zoomed-out tests lose such a game)."""
    match = Match(Config(1000, 1000, 20_000), seed=4, clock=lambda: 0.0)
    match.apply(Move.reveal((500, 500)))
    mine = next(cell for cell in sorted(match.game.layout()) if match.game.appearance(cell) == "covered")
    match.apply(Move.reveal(mine))
    assert match.game.state.value == "lost"
    return log_request(match.log_data(), post_mortem=True)


def ended(pid: int) -> bool:
    """Whether process ``pid`` is gone (or a zombie nobody reaped: it runs no more)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            return any(line.startswith("State:") and "Z" in line.split()[1] for line in status)
    except FileNotFoundError:
        return True


@pytest.mark.slow
def test_a_cancelled_review_ends_its_child_at_once():
    job = ReviewJob(a_long_post_mortem, 0, apart=True)
    wait_for(lambda: job._child, 60, "the review's child started")
    pid = job._child.pid
    cancel_all()  # the window closing, or a test over
    assert job.wait(PATIENCE) and job.poll() and job.answer is None and job.cancelled
    wait_for(lambda: ended(pid), PATIENCE, "the review's child ended")


PARENT = """
import sys
from game.commands.review_apart import run_apart
from tests.ui.test_ui_review_long import a_long_post_mortem
run_apart(a_long_post_mortem(), started=lambda proc: print(proc.pid, flush=True))
"""


@pytest.mark.slow
@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
def test_a_review_child_ends_when_the_window_process_is_killed(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    parent = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, env=env, cwd=ROOT)
    try:
        pid = int(parent.stdout.readline())  # the child is at work on the review
        assert not ended(pid)
        parent.kill()  # no finally runs: only the closed pipe tells the child
        parent.wait(30)
        wait_for(lambda: ended(pid), PATIENCE, "the orphaned review's child ended")
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()


@pytest.mark.slow
def test_a_new_game_after_a_big_loss_ends_the_post_mortem_at_work(window):
    w = window(["--rows", "1000", "--cols", "1000", "--mines", "20000", "--seed", "4"])
    scene = w.scene
    w.click_cell((500, 500))
    game, layout = scene.game, scene.layout
    in_view = [c for c in game.layout() if game.appearance(c) == "covered"
               and layout.board.collidepoint(layout.cell_rect(c).center)]
    w.click_cell(min(in_view, key=lambda c: (abs(c[0] - 500) + abs(c[1] - 500), c)))
    over = w.scene
    assert isinstance(over, GameOver) and over.postmortem.job.apart is not False
    job = over.postmortem.job
    wait_for(lambda: job._child, 60, "the post-mortem's child started")  # 80 s of work ahead of it
    pid = job._child.pid
    w.key(pygame.K_F2)  # a new game: nobody waits for that review any more
    assert isinstance(w.scene, Playing) and w.scene is not scene
    wait_for(lambda: ended(pid), PATIENCE, "the post-mortem's child ended")
