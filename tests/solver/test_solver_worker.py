"""The solver's own process (game.solver.worker, game.ui.play.solver_process): the window's hints,
and a big board's probabilities and analyses, are worked out there from a snapshot of the
visible position, answered as the solver in this process answers; a process that ends is
started again, one that cannot start leaves the work to a thread here; a tight loop of
frames gets its hint; and the window's process does none of the solver's work."""

from __future__ import annotations

import io
import os
import pickle
import random
import resource
import threading
import time
from collections import OrderedDict

import pygame
import pytest

from game.rules.board import Config
from game.rules.engine import State
from game.boardfile import Snapshot, from_game, snapshot
from game.midend.match import Match
from game.solver import Solver
from game.solver.analysis import CellFloats
from game.solver.worker import DROPPED, FAILED, OK, Question, answer, frame, read_frame, serve, take
from game.ui.play.solver_process import SolverProcess
from game.ui.play.solver_view import HintPanel


def played(seed: int, rows: int = 9, cols: int = 9, mines: int = 10, moves: int = 20) -> Match:
    """A match of random moves (reveals, flags and question marks, chords), still in play
    when it can be."""
    rng = random.Random(seed)
    match = Match(Config(rows, cols, mines, questions=True), seed=seed)
    for _ in range(moves):
        cell = (rng.randrange(rows), rng.randrange(cols))
        kind = rng.choice(("reveal", "flag", "flag", "chord"))
        getattr(match, {"reveal": "reveal", "flag": "toggle_flag", "chord": "chord"}[kind])(cell)
        if match.game.state is State.LOST:
            match.undo()  # back in play: a lost position's mines show
        elif match.game.over:
            break
    return match


def question(match: Match, kind: str = "hint", budget: float = 0.2, slot: str = "s") -> Question:
    return Question(kind, snapshot(match.game), f"{slot}:solver", slot, budget)


@pytest.mark.parametrize("seed", range(60))
def test_a_snapshot_reads_the_position_from_game_reads(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(1, 14), rng.randint(2, 14)
    match = played(seed, rows, cols, rng.randint(1, rows * cols - 1), rng.randint(0, 40))
    assert snapshot(match.game).board() == from_game(match.game, with_mines=False)


def test_a_snapshot_before_the_first_click_and_a_broken_one():
    fresh = Match(Config(5, 6, 4), seed=1)
    assert snapshot(fresh.game).board() == from_game(fresh.game, with_mines=False)
    with pytest.raises(ValueError):
        Snapshot(2, 2, 1, b"\x00" * 3, b"0000").board()


def test_cell_floats_read_as_the_dict_they_hold_and_cross_pickled():
    items = {(0, 0): 0.25, (1, 2): 1.0, (2, 1): 0.0}
    floats = CellFloats.of(items, 3, 3)
    assert floats == items and dict(floats) == items and len(floats) == 3
    assert floats[(1, 2)] == 1.0 and floats.get((1, 1)) is None and (0, 0) in floats
    for bad in ((1, 1), (3, 0), (-1, 0), "x", (0,), (0.5, 1)):
        assert bad not in floats
        with pytest.raises(KeyError):
            floats[bad]
    again = pickle.loads(pickle.dumps(floats))
    assert again == items and len(again) == 3 and list(again) == sorted(items)


@pytest.mark.parametrize("seed", [3, 4, 5, 8])
def test_the_worker_answers_as_the_solver_here_does(seed):
    match = played(seed, 16, 16, 40, 6)
    assert match.game.state is State.PLAYING  # these seeds' games are in play
    solvers = OrderedDict()
    here = Solver(ignore_flags=True, budget=0.2).analyse(from_game(match.game, with_mines=False))
    told = answer(question(match), solvers)
    assert told.result is None and told.move is None  # slim: no counts cross
    assert (told.best_move, told.move_kind, told.safe, told.mines) == (here.best_move, here.move_kind, here.safe,
                                                                      here.mines)
    assert told.probabilities == here.probabilities and told.reason == here.reason
    if told.move_kind == "safe":
        assert told.hint_proof is not None and told.hint_proof.cell in here.safe
    probabilities = answer(question(match, "probabilities"), solvers)
    assert isinstance(probabilities, CellFloats) and probabilities == here.probabilities
    assert list(solvers) == ["s:solver"]  # one solver, its cache kept between the questions
    with pytest.raises(ValueError):
        answer(question(match, "riddle"), solvers)


def test_a_question_with_a_newer_one_of_its_slot_waiting_is_dropped():
    waiting = [(1, question(played(3), slot="a")), (2, question(played(3), slot="b")),
               (3, question(played(4), slot="a"))]
    from collections import deque
    queue = deque(waiting)
    assert take(queue) == (1, waiting[0][1], True)  # slot a has a newer one: dropped
    assert take(queue) == (2, waiting[1][1], False)
    assert take(queue) == (3, waiting[2][1], False)


def test_serve_answers_each_question_framed_in_and_ends_with_its_input():
    match = played(5, 16, 16, 40, 6)
    source = io.BytesIO(b"".join(frame(pickle.dumps((n, question(match, kind)))) for n, kind in
                                 ((7, "analysis"), (8, "riddle"))))
    sink = io.BytesIO()
    serve(source, sink)
    sink.seek(0)
    replies = [pickle.loads(read_frame(sink)) for _ in range(2)]
    assert read_frame(sink) is None
    assert replies[0][:2] in ((7, OK), (7, DROPPED)) and replies[1][:2] == (8, FAILED)
    assert "riddle" in replies[1][2]


def test_the_process_answers_restarts_after_it_ends_and_a_thread_stands_in_when_none_starts(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # started from any folder, it finds the game's package
    match = played(8, 16, 16, 40, 6)
    here = Solver(ignore_flags=True, budget=0.2).analyse(from_game(match.game, with_mines=False), explain=False)
    process = SolverProcess()
    try:
        ticket = process.ask(question(match, "analysis"))
        assert ticket.wait(60) and ticket.status == OK and process.running
        assert ticket.value.best_move == here.best_move and ticket.value.safe == here.safe
        process._proc.kill()  # the process dies: the next question starts another
        process._proc.wait()
        deadline = time.monotonic() + 30
        while process.running or process._proc is not None:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        again = process.ask(question(match, "analysis"))
        assert again.wait(60) and again.status == OK and process.starts == 2
    finally:
        process.close()
    stand_in = SolverProcess(command=[os.devnull + "/none"])  # cannot start: a thread here works it out
    ticket = stand_in.ask(question(match, "analysis"))
    assert ticket.wait(60) and ticket.status == OK and ticket.value.best_move == here.best_move
    assert stand_in.starts == 0


def test_a_question_the_dying_process_took_fails_rather_than_waiting_for_ever():
    match = played(8, 16, 16, 40, 6)
    process = SolverProcess()
    try:
        process.ask(question(match, "analysis")).wait(60)  # up and running
        ticket = process.ask(question(match, "analysis", budget=5.0))
        process._proc.kill()
        assert ticket.wait(30)
        assert ticket.status in (OK, FAILED)  # answered just before, or failed with the process
    finally:
        process.close()


def test_a_tight_loop_of_frames_gets_its_hint_from_the_process(window):
    w = window(["--difficulty", "expert", "--seed", "3"])
    w.click_cell((8, 15))
    w.key(pygame.K_h)
    deadline = time.monotonic() + 60
    while isinstance(w.scene, HintPanel) and w.scene.waiting:  # no sleep between frames
        assert time.monotonic() < deadline, "the hint never came"
        w.step(1)
    assert isinstance(w.scene, HintPanel) and w.scene.hint.cell is not None
    assert w.scene.base.match.hints_used == 1


def test_a_big_boards_probabilities_are_counted_in_the_process_not_here(window, monkeypatch):
    from game.ui.play import assist
    monkeypatch.setattr(assist, "BACKGROUND_CELLS", 100)  # a 16x30 board counts as big here
    w = window(["--difficulty", "expert", "--seed", "3"])
    w.click_cell((8, 15))
    scene = w.scene
    assert not any(t.name in ("hint", "probabilities", "analysis") for t in threading.enumerate())
    main, usage = time.thread_time(), resource.getrusage(resource.RUSAGE_SELF)
    w.key(pygame.K_o)
    deadline = time.monotonic() + 60
    while scene.assist.counting or scene.assist._probabilities is None:
        assert time.monotonic() < deadline, "the probabilities never came"
        w.step(1)
        time.sleep(0.001)
    here = Solver(ignore_flags=True).probabilities(from_game(scene.game, with_mines=False)).as_floats()
    assert scene.assist._probabilities[1] == here
    assert not any(t.name in ("hint", "probabilities", "analysis", "solver") for t in threading.enumerate())
    after = resource.getrusage(resource.RUSAGE_SELF)
    others = (after.ru_utime + after.ru_stime - usage.ru_utime - usage.ru_stime) - (time.thread_time() - main)
    assert others < 0.5  # the pipes' threads: no solver work in this process
