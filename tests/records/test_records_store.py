"""Records store: games written and read back, best times and ranks, names, reset, folders."""

import random
import sqlite3
from datetime import datetime, timezone

import pytest

from game.rules.board import Config
from game.midend.match import Match
from game.records import paths
from game.records.db import RecordStore
from game.records.record import GameRecord, clean_name
from game.records.recording import open_records, record_finished_game, save_record


class Clock:
    """A hand-moved clock in seconds."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def play(config, seed, seconds, win=True):
    """A finished match (its board's seed ``seed``): reveal every safe cell (win) or a mine
    (loss) after ``seconds``."""
    return play_match(config, seed, seconds, win)


def play_match(config, seed, seconds, win=True, hints=0, autoplay=False):
    """A match finished as :func:`play` does, with ``hints`` asked and ``autoplay`` used."""
    clock = Clock()
    match = Match(config, rng=random.Random(seed), seed=seed, clock=clock)
    game = match.game
    match.reveal((0, 0))
    for _ in range(hints):
        match.use_hint()
    if autoplay:
        match.use_autoplay()
    clock.now = seconds
    mines = game.layout()
    if win:
        for cell in list(game.cells()):
            if cell not in mines and not game.is_revealed(cell):
                match.reveal(cell)
    else:
        match.reveal(min(mines))
    assert game.over
    return match


def record(level="beginner", won=True, time_ms=10_000, hints=0, autoplay=False, name="Ann"):
    rows, cols, mines = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40),
                         "expert": (16, 30, 99)}.get(level, (5, 7, 6))
    return GameRecord(played_at="2025-03-01T10:00:00+01:00", level=level, rows=rows, cols=cols,
                      mines=mines, won=won, time_ms=time_ms, three_bv=20, hints_used=hints,
                      autoplay_used=autoplay, name=name)


@pytest.fixture
def store(tmp_path):
    with RecordStore.open(tmp_path / "records.sqlite3") as opened:
        yield opened


def test_a_real_game_is_written_and_read_back_with_every_field(tmp_path):
    match = play(Config.difficulty("beginner", first_click="safe"), seed=7, seconds=12.3456)
    game = match.game
    match.clicks["wasted"] += 2
    when = datetime(2025, 3, 1, 9, 30, 5, tzinfo=timezone.utc)
    rec = GameRecord.from_match(match, when=when, name="  Zoë \x07 ")
    with RecordStore.open(tmp_path / "r.sqlite3") as store:
        record_id = store.add_game(rec)
    with RecordStore.open(tmp_path / "r.sqlite3") as store:
        [back] = store.games()
    assert back.id == record_id == 1
    assert back.played_at == "2025-03-01T09:30:05+00:00"
    assert (back.level, back.rows, back.cols, back.mines) == ("beginner", 9, 9, 10)
    assert (back.first_click, back.no_guess, back.seed, back.won) == ("safe", False, 7, True)
    assert back.time_ms == 12346
    assert back.three_bv == game.three_bv == back.three_bv_solved
    assert back.clicks_reveal == match.clicks["reveal"] and back.clicks_wasted == 2
    assert back.efficiency == pytest.approx(match.efficiency)
    assert (back.hints_used, back.autoplay_used, back.name) == (0, False, "Zoë")
    assert back.three_bv_per_second == pytest.approx(game.three_bv / 12.346)


def test_unfinished_game_is_refused():
    match = Match(Config.difficulty("beginner"), rng=random.Random(1))
    with pytest.raises(ValueError, match="not finished"):
        GameRecord.from_match(match)


def test_huge_seed_and_custom_level_survive(store):
    match = play(Config(5, 7, 6), seed=2**80 + 1, seconds=4.0, win=False)
    rec = GameRecord.from_match(match)
    store.add_game(rec)
    [back] = store.games()
    assert back.seed == 2**80 + 1 and back.level == "custom" and not back.won


def test_a_game_whose_figures_cannot_be_stored_is_recorded_without_them(store):
    """Issue 34, item 2: a figure SQLite cannot hold (an int beyond 64 bits, NaN, infinite, or
    beyond what a readable row holds) is stored as NULL, and the game row still lands."""
    rec = record()
    rec.three_bv_solved, rec.clicks_wasted, rec.efficiency = 2**63, -2**70, float("inf")
    rec.bbbv_per_s, rec.rqp, rec.ios = float("nan"), 1e300, 2**64
    record_id, rank = save_record(store, rec)
    assert record_id == 1 and rank == 1 and store.warnings == []
    [back] = store.games()
    assert (back.three_bv_solved, back.clicks_wasted, back.efficiency) == (None, None, None)
    assert (back.bbbv_per_s, back.rqp, back.ios) == (None, None, None)
    assert (back.time_ms, back.three_bv, back.won, back.name) == (10_000, 20, True, "Ann")


def test_a_game_whose_needed_value_cannot_be_stored_says_so_and_never_raises(store):
    rec = record()
    rec.min_bv = 2**63  # the 3BV filter's minimum: the row needs one; --min-bv no longer takes it
    assert save_record(store, rec) == (None, None)
    assert store.warnings == ["The game could not be saved to the records (min_bv: 9.223e+18 cannot be stored; "
                              "the records hold whole numbers from -9223372036854775808 to 9223372036854775807)."]
    assert store.count() == 0
    memory = RecordStore.memory()  # no file: the same, not an OverflowError
    assert save_record(memory, rec) == (None, None) and "min_bv: 9.223e+18 cannot be stored" in memory.warnings[-1]


def test_a_hand_edited_seed_that_is_no_number_reads_as_none(store):
    store.add_game(record())
    store.add_game(record())
    store.conn.execute("UPDATE games SET seed = '\u00b2' WHERE id = 1")  # a digit to str.isdigit, not to int()
    store.conn.execute("UPDATE games SET seed = ? WHERE id = 2", ("9" * 5000,))  # beyond int()'s 4,300 digits
    assert [game.seed for game in store.games()] == [None, None]


def test_best_times_rank_and_exclusions(store):
    config = Config.difficulty("beginner")
    first, rank = record_finished_game(store, play(config, 1, 20.0), name="Ann")
    assert rank == 1
    second, rank = record_finished_game(store, play(config, 2, 15.0), name="Bob")
    assert rank == 1 and store.rank_of(first) == 2
    hinted, autoplayed = play_match(config, 3, 5.0, hints=1), play_match(config, 4, 4.0, autoplay=True)
    assert record_finished_game(store, hinted)[1] is None
    assert record_finished_game(store, autoplayed)[1] is None
    assert record_finished_game(store, play(config, 5, 3.0, win=False))[1] is None
    assert record_finished_game(store, play(Config(5, 7, 6), 6, 1.0))[1] is None
    assert [r.id for r in store.best_times("beginner")] == [second, first]
    assert store.best_times("custom") == [] and store.count() == 6
    assert store.would_rank("beginner", 15_000) == 2  # a tie goes after the earlier game
    assert store.would_rank("expert", 999_000) == 1


def test_top_ten_only(store):
    for i in range(12):
        store.add_game(record(time_ms=10_000 + i * 100))
    times = [r.time_ms for r in store.best_times("beginner")]
    assert times == [10_000 + i * 100 for i in range(10)]
    slow = store.add_game(record(time_ms=50_000))
    fast = store.add_game(record(time_ms=10_050))
    assert store.rank_of(slow) is None and store.rank_of(fast) == 2
    assert store.would_rank("beginner", 10_950) is None


def test_set_name_and_default_name(store):
    record_id = store.add_game(record(name="x"))
    assert store.set_name(record_id, "  Grace Hopper\n") == "Grace Hopper"
    assert store.game(record_id).name == "Grace Hopper"
    assert store.set_name(record_id, "") == "Player"
    assert clean_name("a" * 50) == "a" * 32
    assert GameRecord.from_match(play(Config.difficulty("beginner"), 1, 3.0)).name


def test_reset_keeps_a_backup(store, tmp_path):
    store.add_game(record())
    store.add_game(record(level="expert"))
    backup = store.reset(level="expert")
    assert [r.level for r in store.games()] == ["beginner"]
    backup_all = store.reset()
    assert store.count() == 0
    assert backup.name.startswith("records.sqlite3.reset-") and backup_all != backup
    with sqlite3.connect(backup) as old:
        assert old.execute("SELECT count(*) FROM games").fetchone()[0] == 2


def test_folders_from_option_then_environment(tmp_path, monkeypatch, isolated_data_dir):
    assert paths.data_dir() == isolated_data_dir == paths.config_dir()
    chosen = tmp_path / "deep" / "er"
    assert paths.db_path(str(chosen)) == chosen / "records.sqlite3" and chosen.is_dir()
    assert paths.settings_path(str(chosen)) == chosen / "settings.json"
    monkeypatch.delenv("MINESWEEPER_DATA_DIR")
    default = paths.data_dir(create=False)
    assert default.name == "minesweeper" and default != isolated_data_dir


def test_folder_that_cannot_be_made_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(paths.DataDirError, match="--data-dir .*file"):
        paths.data_dir(str(blocker))
    with pytest.raises(paths.DataDirError, match="cannot create the folder"):
        paths.data_dir(str(blocker / "sub"))


def test_open_records_falls_back_to_memory_when_no_folder(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    records = open_records(str(blocker / "sub"))
    assert records.store.path is None and records.settings_path is None
    assert "will not be saved" in capsys.readouterr().err
    record_id, rank = records.record(play(Config.difficulty("expert"), 1, 60.0))
    assert record_id is None and rank is None  # not saved: no "#1" against an empty memory store
    assert records.warnings[-1].startswith("This game was not saved to the records (--data-dir ")
    assert records.store.count() == 1  # still in this session's statistics
    assert records.save_settings() is None


def test_open_records_records_and_saves_settings(tmp_path, capsys):
    records = open_records(str(tmp_path))
    records.settings.player_name = "Kim"
    records.settings.difficulty = "expert"
    assert records.save_settings() is None
    record_id, rank = records.record(play(Config.difficulty("expert"), 1, 60.0))
    records.close()
    again = open_records(str(tmp_path))
    assert again.settings.difficulty == "expert" and again.warnings == []
    assert again.store.game(record_id).name == "Kim" and rank == 1
    assert capsys.readouterr().err == ""


def test_finish_gives_the_note_and_remembers_the_game(tmp_path, capsys):
    records = open_records(str(tmp_path))
    hook = records.finish
    assert hook(play(Config.difficulty("intermediate"), 1, 50.0)) == "New best time: #1"
    assert hook(play(Config.difficulty("intermediate"), 2, 70.0)) == "New best time: #2"
    assert hook(play(Config.difficulty("intermediate"), 3, 5.0, win=False)) is None
    assert records.last_rank is None and records.store.game(records.last_record_id).seed == 3  # the match's
    records.store.read_only = True  # as when the file is from a newer version
    assert "read-only" in hook(play(Config.difficulty("intermediate"), 4, 10.0))
    assert records.last_record_id is None and records.store.count() == 3
