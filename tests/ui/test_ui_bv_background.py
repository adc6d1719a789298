"""The window counts a large board's 3BV a slice a tick on the main thread: the frame that
starts play does not count, the count reaches the game some frames later while the loop
runs at full rate for it, no tick counts much longer than its slice, and a game that ends
while it runs records the count finished from where it was (never counted again).

The headless screen (1024x768) takes at most a 68x123 board, under the size counted in
slices, so the tests lower that size."""

from __future__ import annotations

import time

import pytest

import game.rules.bv
import game.rules.engine
from game.rules.engine import State
from game.ui.play import bv_counter
from game.ui.play.result import GameOver

ARGS = ["--rows", "68", "--cols", "123", "--mines", "1000", "--seed", "1"]
REAL = game.rules.bv.bv_parts


@pytest.fixture
def sliced(monkeypatch):
    """Boards over 1000 cells are counted in slices; a count by the game itself (from the
    start, in one go) fails the test. Returns the list of (seconds, done) of each slice."""
    slices = []
    real_step = game.rules.bv.BvJob.step

    def timed(job, seconds):
        begin = time.perf_counter()
        done = real_step(job, seconds)
        slices.append((time.perf_counter() - begin, done))
        return done

    def in_one_go(*args, **kwargs):
        raise AssertionError("the 3BV was counted by the game in one go")

    monkeypatch.setattr(game.rules.engine, "bv_parts", in_one_go)
    monkeypatch.setattr(bv_counter, "BACKGROUND_CELLS", 1000)
    monkeypatch.setattr(game.rules.bv.BvJob, "step", timed)
    return slices


def test_the_frame_that_starts_play_does_not_count_and_the_3bv_arrives_in_slices(window, sliced, monkeypatch):
    monkeypatch.setattr(bv_counter, "SLICE", 0.0)  # a step of bv_steps a tick: many ticks
    w = window(ARGS)
    w.click_cell((34, 61))
    scene, played = w.scene, w.scene.game
    assert played.state is State.PLAYING
    assert scene.bv.waiting and not played.three_bv_known, "the first frames of play went on without it"
    assert scene.busy()  # the loop runs at full rate until the count is in
    frames = 0
    while scene.bv.waiting:
        w.step(1)
        frames += 1
        assert frames < 10_000
    assert played.three_bv_known
    while scene.busy():  # the opening's cascade may still run; then the loop idles again
        w.step(1)
        frames += 1
        assert frames < 10_000
    assert played.three_bv == REAL(played.layout(), 68, 123).value
    assert len(sliced) > 68 and sliced[-1][1] and not any(done for _, done in sliced[:-1])


def test_no_tick_counts_much_longer_than_its_slice(window, sliced):
    w = window(ARGS)
    w.click_cell((34, 61))
    scene = w.scene
    while scene.bv.waiting:
        w.step(1)
    assert scene.game.three_bv_known and sliced
    assert max(seconds for seconds, _ in sliced) < bv_counter.SLICE + 0.05  # a row of 123 cells at most over


def test_a_game_lost_while_the_count_runs_records_the_count_finished_from_where_it_was(window, sliced, monkeypatch):
    monkeypatch.setattr(bv_counter, "SLICE", 0.0)
    w = window(ARGS)
    w.click_cell((34, 61))
    played = w.scene.game
    w.step(3)
    assert w.scene.bv.waiting and len(sliced) >= 3
    mine = min(played.layout())
    w.click_cell(mine)
    assert isinstance(w.scene, GameOver) and played.state is State.LOST
    assert sliced[-1][1] and len([1 for _, done in sliced if done]) == 1  # the same count, finished
    expected = REAL(played.layout(), 68, 123).value
    assert played.three_bv_known and played.three_bv == expected
    records = w.scene.services.records
    assert records.last_record.three_bv == expected
    assert f"/{expected:,}" in " ".join(w.scene.lines())  # (grouped, as every count: issue 36)
