"""The window counts a large board's 3BV on a worker thread: the frame that starts play
does not wait for it, the count reaches the game a few frames later, and a game that ends
while it runs records the worker's count (the main thread never counts it again).

The headless screen (1024x768) takes at most a 68x123 board, under the size that goes to
the worker, so the tests lower that size and hold the worker at a gate they open."""

from __future__ import annotations

import threading

import pytest

import game.bv
import game.engine
from game.engine import State
from game.ui import bv_counter
from game.ui.scenes.result import GameOver

ARGS = ["--rows", "68", "--cols", "123", "--mines", "1000", "--seed", "1"]
REAL = game.bv.bv_parts


@pytest.fixture
def gate(monkeypatch):
    """The worker's count waits for this Event; the main thread's count fails the test."""
    opened = threading.Event()

    def held(*args, **kwargs):
        opened.wait(10)  # the test opens it; the bound only ends a test that went wrong
        return REAL(*args, **kwargs)

    def on_main_thread(*args, **kwargs):
        raise AssertionError("the 3BV was counted on the main thread")

    monkeypatch.setattr(game.bv, "bv_parts", held)
    monkeypatch.setattr(game.engine, "bv_parts", on_main_thread)
    monkeypatch.setattr(bv_counter, "BACKGROUND_CELLS", 1000)
    return opened


def test_the_frame_that_starts_play_does_not_wait_and_the_3bv_arrives_later(window, gate):
    w = window(ARGS)
    w.click_cell((34, 61))
    scene, played = w.scene, w.scene.game
    assert played.state is State.PLAYING
    assert scene.bv.waiting and not played.three_bv_known, "the first frames of play went on without it"
    assert scene.next_change() <= bv_counter.POLL  # the loop comes back for it
    gate.set()
    scene.bv.thread.join()
    w.step()
    assert not scene.bv.waiting and played.three_bv_known
    assert played.three_bv == REAL(played.layout(), 68, 123).value


def test_a_game_lost_while_the_worker_counts_records_the_workers_count(window, gate):
    w = window(ARGS)
    w.click_cell((34, 61))
    played = w.scene.game
    assert w.scene.bv.waiting
    mine = min(played.layout())
    counter, finish = w.scene.bv, w.scene.bv.finish

    def open_then_finish(ended):  # the worker is held until the game has ended
        gate.set()
        finish(ended)
    counter.finish = open_then_finish
    w.click_cell(mine)
    assert isinstance(w.scene, GameOver) and played.state is State.LOST
    expected = REAL(played.layout(), 68, 123).value
    assert played.three_bv_known and played.three_bv == expected
    records = w.scene.services.records
    assert records.last_record.three_bv == expected
    assert f"/{expected}" in " ".join(w.scene.lines())
