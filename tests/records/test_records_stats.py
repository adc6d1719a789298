"""Statistics per difficulty, and ``--stats`` / ``--export-stats`` through main.main."""

import csv

import pytest

import main
from game.records.db import RecordStore
from game.records.record import GameRecord
from game.records.level_stats import level_stats, streaks, summary


def game(level="beginner", won=True, time_ms=10_000, three_bv=20, hints=0, rows=None, name="Ann"):
    sizes = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (16, 30, 99)}
    r, c, m = sizes.get(level, (rows or 5, 7, 6))
    return GameRecord(played_at="2025-03-01T10:00:00+01:00", level=level, rows=r, cols=c,
                      mines=m, won=won, time_ms=time_ms, three_bv=three_bv, hints_used=hints,
                      name=name, seed=42)


@pytest.fixture
def store(isolated_data_dir):
    with RecordStore.open(isolated_data_dir / "records.sqlite3") as opened:
        yield opened


def test_streaks():
    assert streaks([]) == (0, 0)
    assert streaks([True, True, False, True, True, True]) == (3, 3)
    assert streaks([True, True, True, False]) == (0, 3)


def test_level_statistics(store):
    plays = [(True, 10_000, 20), (True, 20_000, 30), (False, 3_000, 25),
             (True, 8_000, 16), (True, 40_000, 40)]
    for won, time_ms, bv in plays:
        store.add_game(game(won=won, time_ms=time_ms, three_bv=bv))
    store.add_game(game(won=True, time_ms=1_000, three_bv=10, hints=2))  # assisted: no best time
    stats = level_stats(store, "beginner")
    # The hinted win is played but assisted: not a win in win %, streaks or averages.
    assert (stats.played, stats.won, stats.assisted, stats.abandoned) == (6, 4, 1, 0)
    assert stats.win_percent == pytest.approx(400 / 6)
    assert (stats.current_streak, stats.longest_streak) == (0, 2)
    assert [b.seconds for b in stats.best_times] == [8.0, 10.0, 20.0, 40.0]
    assert [b.rank for b in stats.best_times] == [1, 2, 3, 4] and stats.best_time == 8.0
    assert stats.average_time == pytest.approx((10 + 20 + 8 + 40) / 4)
    assert stats.average_3bv_per_second == pytest.approx((2 + 1.5 + 2 + 1) / 4)
    assert stats.recent[2] == ("lost", 3.0) and len(stats.recent) == 6 and stats.recent[5] == ("helped", 1.0)  # the hinted win: a bar of its own


def test_custom_sizes_group_together_and_recent_keeps_fifty(store):
    for i in range(60):
        store.add_game(game(level="custom", rows=4 + i % 3, won=i % 2 == 0, time_ms=1000 * i))
    by_level = summary(store)
    assert list(by_level) == ["beginner", "beginner_8x8", "intermediate", "expert", "custom"]
    custom = by_level["custom"]
    assert custom.played == 60 and custom.won == 30 and custom.best_times == ()
    assert len(custom.recent) == 50 and custom.recent[0] == ("won", 10.0)
    empty = by_level["expert"]
    assert (empty.played, empty.win_percent, empty.average_time, empty.best_time) == (0, None, None, None)


def test_stats_prints_a_table(store, isolated_data_dir, capsys):
    store.add_game(game(time_ms=12_345, name="Ann"))
    store.add_game(game(won=False))
    store.add_game(game(level="expert", time_ms=99_000, three_bv=180, name="Bob"))
    assert main.main(["--stats", "--data-dir", str(isolated_data_dir)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split() == ["Difficulty", "Played", "Won", "Assisted", "Abandoned", "Win", "%",
                                "Streak", "Longest", "Best", "time", "Avg", "time", "3BV/s"]
    row = next(line for line in lines if line.startswith("beginner")).split()
    assert row[:8] == ["beginner", "2", "1", "0", "0", "50.0", "0", "1"] and row[8] == "12.345"
    assert next(line for line in lines if line.startswith("expert")).split()[:6] == \
        ["expert", "1", "1", "0", "0", "100.0"]
    assert "Best times, expert:" in out and "Bob" in out
    assert "Best 3BV/s 1.82 (Bob, 2025-03-01)" in out  # 180 3BV in 99 s


def test_stats_uses_the_environment_folder(store, capsys):
    store.add_game(game())
    assert main.main(["--stats"]) == 0
    assert capsys.readouterr().out.splitlines()[2].split()[:3] == ["beginner", "1", "1"]


def test_export_writes_every_game(store, isolated_data_dir, tmp_path, capsys):
    for i in range(5):
        store.add_game(game(won=i != 2, time_ms=1000 + i))
    target = tmp_path / "games.csv"
    assert main.main(["--export-stats", str(target), "--data-dir", str(isolated_data_dir)]) == 0
    assert "5 games written" in capsys.readouterr().out
    with open(target, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["id"] for r in rows] == ["1", "2", "3", "4", "5"]
    assert rows[2]["won"] == "False" and rows[0]["time_ms"] == "1000"
    assert rows[0]["seed"] == "42" and rows[0]["efficiency"] == "" and rows[0]["level"] == "beginner"
    assert list(rows[0])[:3] == ["id", "played_at", "level"]


def test_export_to_an_unwritable_file_is_an_error(tmp_path, capsys):
    status = main.main(["--export-stats", str(tmp_path / "missing" / "x.csv")])
    assert status == 2
    err = capsys.readouterr().err
    assert "main.py: error: --export-stats" in err and "cannot write" in err


def test_unusable_data_dir_is_an_error(tmp_path, capsys):
    (tmp_path / "file").write_text("x")
    assert main.main(["--stats", "--data-dir", str(tmp_path / "file" / "sub")]) == 2
    assert "main.py: error: --data-dir" in capsys.readouterr().err


def test_corrupt_database_warns_and_still_prints(isolated_data_dir, capsys):
    (isolated_data_dir / "records.sqlite3").write_bytes(b"not a database at all" * 100)
    assert main.main(["--stats"]) == 0
    captured = capsys.readouterr()
    assert "warning:" in captured.err and "moved aside" in captured.err
    assert "beginner" in captured.out
