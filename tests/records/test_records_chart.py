"""The Chart page's data (game.records.level_stats.chart_points): which wins it shows, which of
them rank, and that its running bests end where the Bests page's "All" column of the
window's table does (db.RecordStore.category_bests), with the 3BV/s of game.figures."""

import pytest

from game.figures import figure
from game.records.db import RecordStore
from game.records.record import GameRecord
from game.records.level_stats import CHART_SPEED, chart_points, level_stats

SIZES = {"beginner": (9, 9, 10), "beginner_8x8": (8, 8, 10), "intermediate": (16, 16, 40), "custom": (5, 7, 6)}


def win(level="beginner", seconds=20.0, speed=1.5, minute=0, **changes):
    """A won game of ``seconds`` whose stored 3BV/s figure is ``speed`` (None: not computed)."""
    rows, cols, mines = SIZES[level]
    values = dict(played_at=f"2025-03-01T10:{minute:02d}:00+00:00", level=level, rows=rows, cols=cols,
                  mines=mines, won=True, time_ms=round(seconds * 1000), three_bv=30, name="Ann",
                  bbbv_per_s=speed)
    values.update(changes)
    return GameRecord(**values)


@pytest.fixture
def store(isolated_data_dir):
    with RecordStore.open(isolated_data_dir / "records.sqlite3") as opened:
        yield opened


def test_the_speed_plotted_is_the_figure_of_the_result_panel_and_the_bests():
    assert CHART_SPEED is figure("bbbv_per_s") and CHART_SPEED.label == "3BV/s"
    assert CHART_SPEED.better == "higher" and CHART_SPEED.headline is not None  # on the result panel


def test_each_kind_of_game_is_drawn_apart_left_out_or_ranked_as_the_tables_of_bests_say(store):
    plain = store.add_game(win(seconds=30.0, speed=1.0, minute=0))
    keyboard = store.add_game(win(seconds=25.0, speed=1.2, minute=1, input="keyboard"))  # the window's table
    nf = store.add_game(win(seconds=24.0, speed=1.25, minute=2, nf=True))  # NF ranks in All as well
    hinted = store.add_game(win(seconds=5.0, speed=6.0, minute=3, hints_used=1))
    overlay = store.add_game(win(seconds=6.0, speed=5.0, minute=4, probabilities_used=True))
    known = store.add_game(win(seconds=7.0, speed=4.0, minute=5, layout_known=True))  # a retry
    terminal = store.add_game(win(seconds=8.0, speed=3.0, minute=6, input="terminal"))  # the console's table
    store.add_game(win(seconds=4.0, speed=7.0, minute=7, input="script"))  # counts nowhere: not drawn
    store.add_game(win(seconds=3.0, speed=8.0, minute=8, undos=1))  # after an undo: not drawn
    store.add_game(win(seconds=2.0, speed=9.0, minute=9, won=False))  # a loss: not drawn
    store.add_game(win("beginner_8x8", seconds=1.0, speed=9.5, minute=10))  # the other Beginner: its own chart
    pending = store.add_game(win(seconds=26.0, speed=None, minute=11))  # 3BV/s not computed yet

    points = chart_points(store, "beginner")
    assert [p.record_id for p in points] == [plain, keyboard, nf, hinted, overlay, known, terminal, pending]
    assert [p.apart for p in points] == [False, False, False, True, True, True, True, False]
    assert [p.ranks for p in points] == [True, True, True, False, False, False, False, True]
    assert [p.best_time for p in points] == [30.0, 25.0, 24.0, 24.0, 24.0, 24.0, 24.0, 24.0]
    assert [p.best_speed for p in points] == [1.0, 1.2, 1.25, 1.25, 1.25, 1.25, 1.25, 1.25]
    assert points[-1].speed is None
    (eight,) = chart_points(store, "beginner_8x8")
    assert eight.ranks and eight.best_time == 1.0


@pytest.mark.parametrize("level", ["beginner", "beginner_8x8", "intermediate"])
def test_the_running_bests_end_at_the_bests_pages_all_column(store, level):
    """Whatever the mix, the last running best time and 3BV/s are the window's table's All
    bests (the Bests page), and the fastest time is the summary's best time."""
    kinds = [{}, {"input": "keyboard"}, {"nf": True}, {"hints_used": 1}, {"layout_known": True},
             {"input": "terminal"}, {"input": "script"}, {"undos": 2}, {"autoplay_used": True}]
    for i in range(40):
        seconds = 10.0 + (i * 37) % 23
        speed = None if i % 7 == 3 else round(0.5 + ((i * 11) % 17) / 10, 3)
        store.add_game(win(level, seconds=seconds, speed=speed, minute=i, **kinds[i % len(kinds)]))
    points = chart_points(store, level)
    bests = store.category_bests(level, "window")["all"]
    assert points[-1].best_time * 1000 == bests["time_ms"].time_ms
    assert points[-1].best_speed == bests["bbbv_per_s"].bbbv_per_s
    assert points[-1].best_time == level_stats(store, level).best_time
    ranked = {p.record_id for p in points if p.ranks}
    assert bests["time_ms"].id in ranked and bests["bbbv_per_s"].id in ranked


def test_custom_wins_are_drawn_with_no_running_best(store):
    store.add_game(win("custom", seconds=12.0, speed=2.0, minute=0))
    store.add_game(win("custom", seconds=9.0, speed=2.5, minute=1, hints_used=1))
    points = chart_points(store, "custom")
    assert [p.apart for p in points] == [False, True]
    assert not any(p.ranks for p in points)
    assert all(p.best_time is None and p.best_speed is None for p in points)


def test_no_wins_and_an_unknown_level_give_no_points(store):
    assert chart_points(store, "expert") == []
    assert chart_points(store, "no such level") == []
