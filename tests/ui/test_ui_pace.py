"""Your best's pace (issue 38, point 5): the live counters' "pace_gap" line, the gap to the
player's best 3BV/s at the 3BV solved now (game.replay.progress.pace and live_gap_ms), in a
scripted game with a recorded best in a temporary data folder; hidden without a best, on a
custom size; written "+1.2 s" / "-0.8 s" the language's way."""

from __future__ import annotations

import pygame

from game import i18n
from game.records.db import RecordStore
from game.records.level_stats import best_pace
from game.replay.progress import live_gap_ms, pace
from game.replay.race import gap_text
from game.ui.play.counters_view import lines
from game.rules.bv import bv_parts
from tests.play_helpers import win_by_clicks


def game_solved(game) -> int:
    """The game's 3BV solved now, counted here from its board."""
    cells = [(r, c) for r in range(game.rows) for c in range(game.cols)]
    parts = bv_parts(game.layout(), game.rows, game.cols)
    return parts.solved_in([game.appearance(cell).isdigit() for cell in cells])


def test_gap_text_signs_and_language():
    assert gap_text(1234, 1) == "+1.2 s" and gap_text(-800, 1) == "-0.8 s" and gap_text(0, 1) == "0.0 s"
    assert gap_text(None) == "-"
    i18n.set_language("es")
    try:
        assert gap_text(1234, 1) == "+1,2 s"
    finally:
        i18n.set_language("en")


def test_no_best_no_pace_line(window, isolated_data_dir):
    w = window(["--difficulty", "beginner"], deal=7)
    w.key(pygame.K_F3)
    w.click_cell((4, 4))
    w.step(2)
    assert "pace_gap" not in w.scene.counters.values and "pace_gap" not in w.scene.counters.panel.shown


def test_the_pace_line_is_the_gap_to_the_best_pace_at_each_moment(window, isolated_data_dir):
    win_by_clicks(window(["--difficulty", "beginner"], deal=7), first=(4, 4))  # the best
    with RecordStore.open(isolated_data_dir / "records.sqlite3") as store:
        best = store.games()[0]
        rate = best_pace(store, "beginner")
    assert rate == best.three_bv * 1000 / best.time_ms
    w = window(["--difficulty", "beginner"], deal=8)
    scene = w.scene
    w.key(pygame.K_F3)
    counters = scene.counters
    game = scene.game
    w.click_cell((4, 4))
    mines = game.layout()
    checked = 0
    for n, cell in enumerate(c for c in game.cells() if c not in mines):
        if game.over:
            break
        if game.appearance(cell) != "covered":
            continue
        w.step(3 + 4 * (n % 3))  # some moves slower than others: ahead, then behind
        before_ms = scene.match.elapsed * 1000
        w.click_cell(cell)
        w.step(1)
        counts = counters.counts
        if counts.bbbv is None:
            continue
        progress = counters.progress  # the game's 3BV solved over its time, as the counters read it
        assert progress.solved[-1] == counts.bbbv_solved == game_solved(game)
        if progress.times_ms[-1] >= before_ms - 1:  # the count rose with this click: its step is at it
            assert progress.times_ms[-1] <= counts.time_ms
        expected = live_gap_ms(progress, pace(rate, counts.bbbv))
        assert counters.pace_gap_ms == expected
        assert counters.values["pace_gap"] == gap_text(expected, 1)
        assert scene.counters.panel.shown.get("pace_gap") == gap_text(expected, 1)
        if expected is not None:  # by hand: when this game reached its count, less when the pace did
            count = progress.solved[-1]
            reached = next(t for t, s in zip(progress.times_ms, progress.solved) if s >= count)
            assert expected == reached - round(count * 1000 / rate)
            checked += 1
    assert checked >= 3
    assert ("pace_gap", "Best's pace") in lines(("pace_gap",))


def test_a_custom_size_has_no_pace_line(window, isolated_data_dir):
    win_by_clicks(window(["--difficulty", "beginner"], deal=7), first=(4, 4))
    w = window(["--rows", "9", "--cols", "10", "--mines", "10"], deal=7)
    w.key(pygame.K_F3)
    w.click_cell((4, 4))
    w.step(2)
    assert w.scene.counters.pace_rate is None and "pace_gap" not in w.scene.counters.values
