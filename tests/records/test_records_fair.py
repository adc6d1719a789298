"""Records nobody can game: abandoned games are losses, assisted wins are not wins, a chosen
seed is a known layout, and the best 3BV/s and efficiency follow the best-time rules."""

import csv
import random
import time

import pytest

import main
from game.rules.board import Config
from game.rules.engine import State
from game.midend.match import Match
from game.records import open_records
from game.records.db import RecordStore
from game.records.record import GameRecord
from game.records.recording import record_finished_game
from game.records.level_stats import level_stats
from tests.play_helpers import Clock, old_database_with_a_win, win


def dealt(seed, clock=None, **kwargs) -> Match:
    """A Beginner match dealt from ``random.Random(seed)``, not clicked yet."""
    return Match(Config.difficulty("beginner"), rng=random.Random(seed), clock=clock or Clock(), **kwargs)


def started(seed=1, clock=None) -> Match:
    """A Beginner match after its first reveal, not over (the first safe-rule click)."""
    match = dealt(seed, clock)
    match.reveal((0, 0))
    assert match.game.state is State.PLAYING, "seed chosen so the first click does not win"
    return match


def record(level="beginner", won=True, time_ms=10_000, three_bv=20, efficiency=80.0, **flags):
    sizes = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (16, 30, 99), "custom": (5, 7, 6)}
    r, c, m = sizes[level]
    return GameRecord(played_at="2026-01-01T10:00:00+01:00", level=level, rows=r, cols=c, mines=m,
                      won=won, time_ms=time_ms, three_bv=three_bv, efficiency=efficiency, **flags)


@pytest.fixture
def store(isolated_data_dir):
    with RecordStore.open(isolated_data_dir / "records.sqlite3") as opened:
        yield opened


# ----- abandoned games ---------------------------------------------------------------------------
def test_an_abandoned_game_is_recorded_as_a_loss_with_its_flag(isolated_data_dir):
    clock = Clock()
    match = started(1, clock)
    clock.now = 12.5
    records = open_records(stderr=None)
    assert records.abandon(match) is None
    [row] = records.store.games()
    assert (row.won, row.abandoned, row.time_ms, row.seed) == (False, True, 12_500, match.seed)
    assert row.exclusions() == ("abandoned",)
    stats = level_stats(records.store, "beginner")
    assert (stats.played, stats.won, stats.abandoned, stats.win_percent) == (1, 0, 1, 0.0)
    records.close()


def test_games_not_started_or_already_over_are_not_abandoned(isolated_data_dir):
    records = open_records(stderr=None)
    fresh = dealt(2)
    assert records.abandon(fresh) is None  # no first reveal: nothing to abandon
    over = win(dealt(3))
    records.record(over)
    assert records.abandon(over) is None  # recorded once, as the win it was
    assert [(r.won, r.abandoned) for r in records.store.games()] == [(True, False)]
    records.close()


def test_abandoning_breaks_a_streak_and_cannot_protect_the_win_rate(store):
    for seed in (4, 5):
        record_finished_game(store, win(dealt(seed)))
    record_finished_game(store, started(1), abandoned=True)  # a hard guess: start over
    stats = level_stats(store, "beginner")
    assert (stats.played, stats.won, stats.current_streak, stats.longest_streak) == (3, 2, 0, 2)
    assert stats.win_percent == pytest.approx(200 / 3)


def test_only_a_game_in_progress_can_be_recorded_as_abandoned():
    with pytest.raises(ValueError, match="not in progress"):
        GameRecord.from_match(dealt(6), abandoned=True)


def test_a_won_and_abandoned_row_is_unreadable_and_named(store):
    bad = record(won=True)
    bad.abandoned = True
    store.add_game(bad)
    store.add_game(record())
    assert store.count() == 1


# ----- assisted wins -----------------------------------------------------------------------------
@pytest.mark.parametrize("flags", [{"hints_used": 1}, {"autoplay_used": True}, {"probabilities_used": True}])
def test_a_win_with_help_is_assisted_not_won(store, flags):
    store.add_game(record())
    store.add_game(record(time_ms=1_000, **flags))
    stats = level_stats(store, "beginner")
    assert (stats.played, stats.won, stats.assisted) == (2, 1, 1)
    assert (stats.current_streak, stats.longest_streak) == (0, 1)
    assert stats.average_time == 10.0 and [b.seconds for b in stats.best_times] == [10.0]
    [helped] = [r for r in store.games() if r.helped]
    assert helped.assisted and not helped.counts_as_win and not helped.best_time_eligible


def test_a_known_layout_win_is_a_win_but_no_best_time(store):
    store.add_game(record(layout_known=True))
    stats = level_stats(store, "beginner")
    assert (stats.played, stats.won, stats.assisted, stats.best_times) == (1, 1, 0, ())


def test_exclusions_name_every_reason_in_order():
    assert record().exclusions() == ()
    assert record(level="custom").exclusions() == ("custom",)
    assert record(won=False).exclusions() == ("lost",)
    both = record(hints_used=2, autoplay_used=True, probabilities_used=True, layout_known=True)
    assert both.exclusions() == ("hints", "autoplay", "probabilities", "layout_known")


# ----- a chosen seed -----------------------------------------------------------------------------
def test_every_board_of_a_chosen_seed_is_a_known_layout(store):
    match = dealt(7, seeds_known=True)
    assert match.layout_known
    win(match)
    record_id, rank = record_finished_game(store, match)
    assert rank is None and store.game(record_id).exclusions() == ("layout_known",)
    match.new_game()  # the next seed comes from the same chosen Random: still known
    assert match.layout_known
    match.retry()  # a retry of a board never clicked keeps it known too
    assert match.layout_known
    assert not dealt(7).layout_known


# ----- best 3BV/s and efficiency -----------------------------------------------------------------
def test_best_speed_and_efficiency_follow_the_best_time_rules(store):
    store.add_game(record(time_ms=10_000, three_bv=20, efficiency=70.0))     # 2.0 3BV/s
    store.add_game(record(time_ms=8_000, three_bv=24, efficiency=90.0))      # 3.0, the best of both
    store.add_game(record(time_ms=5_000, three_bv=30, efficiency=99.0, hints_used=1))  # help: out
    store.add_game(record(time_ms=2_000, three_bv=30, efficiency=100.0, layout_known=True))  # known: out
    store.add_game(record(won=False, time_ms=1_000, three_bv=30, efficiency=100.0))  # lost: out
    store.add_game(record(time_ms=4_000, three_bv=10, efficiency=95.0))      # 2.5, best efficiency
    stats = level_stats(store, "beginner")
    assert stats.best_speed.three_bv_per_second == pytest.approx(3.0)
    assert stats.best_efficiency.efficiency == 95.0
    assert [r.three_bv_per_second for r in store.best("beginner", "3bv_per_second")] == [3.0, 2.5, 2.0]
    assert [r.efficiency for r in store.best("beginner", "efficiency")] == [95.0, 90.0, 70.0]
    assert store.best("custom", "efficiency") == [] and level_stats(store, "expert").best_speed is None


# ----- the schema and the CSV --------------------------------------------------------------------
def test_a_version_3_database_gains_abandoned_without_losing_a_game(tmp_path):
    db = tmp_path / "records.sqlite3"
    old_database_with_a_win(db, 3)
    with RecordStore.open(db) as store:
        [old] = store.games()
        assert not old.abandoned and old.won and store.best_times("beginner")[0].name == "Old"
    [backup] = tmp_path.glob("records.sqlite3.v3-backup-*")
    assert backup.exists()


def test_the_csv_says_abandoned(tmp_path, isolated_data_dir):
    records = open_records(stderr=None)
    records.abandon(started(1))
    records.close()
    target = tmp_path / "games.csv"
    assert main.main(["--export-stats", str(target)]) == 0
    with open(target, newline="", encoding="utf-8") as handle:
        [row] = list(csv.DictReader(handle))
    assert (row["won"], row["abandoned"], row["layout_known"]) == ("False", "True", "False")


# ----- what the player is told -------------------------------------------------------------------
def test_the_note_for_a_win_left_out_says_why_and_whether_it_is_assisted():
    from game.records.notes import left_out
    assert left_out(record()) is None and left_out(record(won=False, hints_used=1)) is None
    assert left_out(record(level="custom")) is None  # custom sizes have no best times at all
    assert left_out(record(level="custom", autoplay_used=True)) == "Assisted win: counted as played, not won."
    assert left_out(record(hints_used=3, probabilities_used=True)) == (
        "Assisted win: counted as played, not won. Not a best time: 3 hints were used; "
        "the probability overlay was on.")
    assert "chosen --seed" in left_out(record(layout_known=True))


def test_the_window_result_panel_says_an_assisted_win_is_left_out(window, isolated_data_dir):
    import pygame
    w = window(["--difficulty", "beginner"], deal=7)
    w.click_cell((0, 0))
    w.key(pygame.K_h)  # a hint: the game is helped (once it is read, worked out in the solver's process)
    deadline = time.monotonic() + 60
    while w.scene.waiting:
        assert time.monotonic() < deadline, "the hint never came"
        w.step(1)
        time.sleep(0.001)  # idle between frames, as the real loop does
    w.key(pygame.K_ESCAPE)
    game = w.scene.game
    mines = game.layout()
    for cell in list(game.cells()):
        if not game.over and cell not in mines and game.appearance(cell) == "covered":
            w.click_cell(cell)
    assert game.state is State.WON
    notes = " ".join(w.scene.notes)
    assert "Assisted win" in notes and "a hint was used" in notes
    with RecordStore.open(isolated_data_dir / "records.sqlite3") as store:
        stats = level_stats(store, "beginner")
    assert (stats.played, stats.won, stats.assisted) == (1, 0, 1)
