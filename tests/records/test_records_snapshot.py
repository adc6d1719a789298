"""The statistics' snapshot of the readable games (RecordStore.readable, issue 34): the
statistics read a copy of each level's readable rows, and every change to the records shows
at the next read, whoever made it: this store, a raw statement on its connection, or
another program."""

import pytest

from game.records import schema
from game.records.compstats import store_result
from game.records.db import RecordStore
from game.records.record import LEVELS, GameRecord
from game.records.level_stats import LazySummary, chart_points, level_stats, recent_games, summary


def game(level="beginner", won=True, time_ms=10_000, three_bv=20, name="Ann", efficiency=None, day=1):
    sizes = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (16, 30, 99)}
    rows, cols, mines = sizes.get(level, (5, 7, 6))
    return GameRecord(played_at=f"2025-03-{day:02d}T10:00:00+01:00", level=level, rows=rows, cols=cols,
                      mines=mines, won=won, time_ms=time_ms, three_bv=three_bv, name=name, efficiency=efficiency)


@pytest.fixture
def store(isolated_data_dir):
    with RecordStore.open(isolated_data_dir / "records.sqlite3") as opened:
        yield opened


def test_the_snapshot_reads_what_the_file_holds(store):
    """Every level's games read through the snapshot are the games read from the file, value
    for value."""
    for i, level in enumerate(["beginner", "expert", "beginner", "custom", "intermediate", "beginner"]):
        store.add_game(game(level, won=i % 2 == 0, time_ms=5_000 + i, efficiency=100 if i == 0 else 87.5, day=i + 1))
    for level in LEVELS:
        through = store._records("WHERE level = ?", (level,), level=level)
        assert through == store.games(level)


def test_each_write_of_the_store_shows_at_the_next_read(store):
    first = store.add_game(game(time_ms=20_000))
    assert level_stats(store, "beginner").played == 1  # the snapshot is filled
    store.add_game(game(time_ms=12_000, name="Bob"))
    stats = level_stats(store, "beginner")
    assert stats.played == 2 and [b.seconds for b in stats.best_times] == [12.0, 20.0]
    store.set_name(first, "Cy")
    assert [b.name for b in level_stats(store, "beginner").best_times] == ["Bob", "Cy"]
    store.set_derived(first, {"bbbv_per_s": 4.5, "stats_state": 1})
    assert level_stats(store, "beginner").figures["bbbv_per_s"] == (4.5, 4.5)
    assert [r.bbbv_per_s for r in recent_games(store, "beginner")] == [None, 4.5]
    store.reset()
    assert level_stats(store, "beginner").played == 0 and recent_games(store, "beginner") == []


def test_figures_stored_by_the_background_worker_show(store):
    """compstats.store_result (the window's FiguresWorker.poll) writes through the store."""
    from game.replay.events import ReplayStats
    record_id = store.add_game(game())
    assert chart_points(store, "beginner")[0].speed is None
    stats = ReplayStats(**{**{name: None for name in ReplayStats.__dataclass_fields__}, "bbbv_per_s": 2.25})
    store_result(store, record_id, stats)
    assert chart_points(store, "beginner")[0].speed == 2.25


def test_a_raw_statement_on_the_connection_shows(store):
    """A change made with the connection itself (not through the store) shows too: a row
    edited into an unreadable value is left out, as every statistic leaves it out."""
    kept = store.add_game(game(time_ms=9_000))
    broken = store.add_game(game(time_ms=8_000))
    assert level_stats(store, "beginner").best_time == 8.0
    store.conn.execute("UPDATE games SET time_ms = 'abc' WHERE id = ?", (broken,))
    stats = level_stats(store, "beginner")
    assert stats.played == 1 and stats.best_time == 9.0
    assert [r.id for r in recent_games(store, "beginner")] == [kept]


def test_another_programs_games_show(isolated_data_dir):
    """Two copies of the game on one file: what one records, the other's statistics show
    (SQLite's data_version)."""
    path = isolated_data_dir / "records.sqlite3"
    with RecordStore.open(path) as window, RecordStore.open(path) as console:
        window.add_game(game(time_ms=30_000))
        assert summary(window)["beginner"].played == 1
        console.add_game(game(time_ms=15_000, name="Con"))
        console.add_game(game("expert", time_ms=99_000))
        by_level = summary(window)
        assert by_level["beginner"].played == 2 and by_level["beginner"].best_times[0].name == "Con"
        assert by_level["expert"].played == 1
        assert [r.name for r in recent_games(window, "beginner")] == ["Con", "Ann"]


def test_a_read_only_store_reads_its_statistics(isolated_data_dir):
    """A file from a newer version is opened read-only (``mode=ro``): the snapshot lives in
    SQLite's temporary store, which such a connection may still write."""
    path = isolated_data_dir / "records.sqlite3"
    with RecordStore.open(path) as store:
        store.add_game(game(time_ms=7_000))
        store.conn.execute(f"PRAGMA user_version = {schema.LATEST + 1}")
    with RecordStore.open(path) as store:
        assert store.read_only
        assert level_stats(store, "beginner").best_time == 7.0
        assert len(recent_games(store, "beginner")) == 1


def test_lazy_summary_reads_a_level_when_asked(store):
    store.add_game(game("expert", time_ms=80_000))
    store.add_game(game(time_ms=11_000))
    lazy = LazySummary(store)
    assert list(lazy) == list(LEVELS) and len(lazy) == len(LEVELS)
    assert lazy["expert"] == level_stats(store, "expert") and lazy.get("expert").played == 1
    assert lazy.get("no such level") is None
    assert dict(lazy) == summary(store)
