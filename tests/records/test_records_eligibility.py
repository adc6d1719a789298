"""Which games may enter the best times, and 3BV of a position that starts partly revealed.

Help (hints, autoplay, the probability overlay) and a layout the player already knew (a
board loaded from a file, a retry) keep a game out of the best times; it still counts in
the statistics. A loaded position's 3BV is the work left to the player, not the board's.
"""

import csv
import io
import random
import sqlite3

import pytest

import main
from game.rules.board import Config, three_bv
from game.boardfile import loaded_match, parse_mine
from game.commands.cli import parse_args
from game.console.play import run_console
from game.rules.engine import State
from game.midend.match import Match
from game.rules.moves import Move
from game.records import schema
from game.records.db import RecordStore
from game.records.record import GameRecord
from game.records.recording import record_finished_game
from game.records.level_stats import level_stats
from tests.play_helpers import Clock, old_database, win

README_BOARD = """9x9x10
000002MHM
000002MHM
00000114M
00000002M
000000011
001110000
002F21110
112MHHM10
MHHHHHH10
"""  # docs/files-and-replays.md's .mine example: ten covered safe cells, none a zero


def dealt(seed, clock=None, **rules) -> Match:
    """A Beginner match dealt from ``random.Random(seed)``, opened at the centre."""
    match = Match(Config.difficulty("beginner", **rules), rng=random.Random(seed),
                  **({} if clock is None else {"clock": clock}))
    match.reveal((4, 4))
    return match


@pytest.fixture
def store(tmp_path):
    with RecordStore.open(tmp_path / "records.sqlite3") as opened:
        yield opened


# ----- 3BV of a partly revealed start ------------------------------------------------------------
def test_readme_board_counts_only_the_clicks_left_and_efficiency_is_100():
    match = loaded_match(parse_mine(README_BOARD), Config(9, 9, 10))
    game = match.game
    assert (game.three_bv, game.three_bv_solved) == (10, 0)  # was 11: a revealed number counted
    win(match)
    assert match.total_clicks == 10
    assert (game.three_bv, game.three_bv_solved, match.efficiency) == (10, 10, 100.0)


def test_a_revealed_zero_splits_the_covered_zeros_into_two_openings():
    # One row of zeros with a mine at the far end; the middle zero is already shown.
    mines = {(0, 6)}
    assert three_bv(mines, 1, 7) == ([[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]], [])
    openings, isolated = three_bv(mines, 1, 7, revealed={(0, 2)})
    assert sorted(map(sorted, openings)) == [[(0, 0), (0, 1)], [(0, 3), (0, 4)]] and isolated == []
    match = Match(Config(1, 7, 1), mines=mines, revealed=[(0, 2)], clock=Clock())
    game = match.game
    assert game.three_bv == 2
    match.apply(Move.reveal((0, 0)))
    assert not game.is_revealed((0, 4))  # the flood stops at the shown zero: a second click is needed
    match.apply(Move.reveal((0, 4)))
    assert game.state is State.WON and game.three_bv_solved == 2 and match.efficiency == 100.0


def test_a_revealed_zero_no_longer_borders_a_covered_number():
    # 1x3: zero, 1, mine. With the zero shown, the 1 is a click of its own.
    match = Match(Config(1, 3, 1), mines={(0, 2)}, revealed=[(0, 0)], clock=Clock())
    game = match.game
    assert game.three_bv == 1
    match.apply(Move.reveal((0, 1)))
    assert (game.three_bv_solved, match.efficiency) == (1, 100.0)


@pytest.mark.parametrize("seed", range(40))
def test_position_3bv_is_the_clicks_that_finish_it(seed):
    """On random boards with random cells shown: one click per opening then one per
    isolated number wins, and takes exactly 3BV clicks."""
    rng = random.Random(seed)
    rows, cols = rng.randint(3, 12), rng.randint(3, 12)
    config = Config(rows, cols, rng.randint(1, rows * cols // 5 + 1))
    mines = set(rng.sample([(r, c) for r in range(rows) for c in range(cols)], config.mines))
    safe = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in mines]
    shown = rng.sample(safe, rng.randint(0, len(safe) - 1))
    match = Match(config, mines=mines, revealed=shown, clock=Clock())
    game = match.game
    openings, isolated = three_bv(mines, rows, cols, revealed=set(shown))
    for cell in [region[0] for region in openings] + isolated:
        assert not game.is_revealed(cell)  # each part still needs its click
        match.apply(Move.reveal(cell))
    assert game.state is State.WON
    assert match.total_clicks == game.three_bv == game.three_bv_solved
    assert match.efficiency == 100.0


def test_a_dealt_game_keeps_the_board_3bv():
    match = dealt(7)
    assert match.game.three_bv == sum(map(len, three_bv(match.layout(), 9, 9)))


# ----- a known layout ----------------------------------------------------------------------------
def test_a_loaded_board_and_a_retry_know_the_layout_a_fresh_deal_does_not():
    assert not dealt(1).layout_known
    assert loaded_match(parse_mine(README_BOARD), Config(9, 9, 10)).layout_known
    played = dealt(2)
    played.retry()
    assert played.layout_known
    played.retry()  # a retry of a retry, not yet clicked: still known
    assert played.layout_known
    played.new_game()
    assert not played.layout_known
    untouched = Match(Config.difficulty("beginner"), rng=random.Random(3))
    untouched.retry()  # no board yet: a plain new game
    assert not untouched.layout_known
    classic = Match(Config.difficulty("beginner", first_click="classic"), rng=random.Random(4))
    classic.retry()  # laid but never seen
    assert not classic.layout_known and classic.first_click_safe


def test_retries_and_loaded_boards_are_recorded_but_never_ranked(store):
    clock = Clock()
    first = win(dealt(5, clock), clock, seconds=30.0)
    assert record_finished_game(store, first)[1] == 1
    first.retry()
    first.reveal((4, 4))
    again = win(first, clock, seconds=32.0)  # 2 s: faster than the first win
    record_id, rank = record_finished_game(store, again)
    assert rank is None and store.game(record_id).layout_known
    loaded = win(loaded_match(parse_mine(README_BOARD), Config(9, 9, 10)))
    assert loaded.seed is None
    record_id, rank = record_finished_game(store, loaded)
    assert rank is None and store.game(record_id).layout_known
    assert [r.time_ms for r in store.best_times("beginner")] == [30_000]
    stats = level_stats(store, "beginner")
    assert (stats.played, stats.won) == (3, 3)


def test_the_probability_overlay_keeps_a_game_out_of_the_best_times(store):
    match = win(dealt(6))
    match.use_overlay()
    record_id, rank = record_finished_game(store, match)
    back = store.game(record_id)
    assert rank is None and back.probabilities_used and not back.best_time_eligible
    assert store.best_times("beginner") == [] and store.count() == 1
    assert store.add_game(GameRecord(played_at="2025-03-01T10:00:00+01:00", level="beginner",
                                     rows=9, cols=9, mines=10, won=True, time_ms=9000, three_bv=5))
    assert [r.time_ms for r in store.best_times("beginner")] == [9000]


def test_console_loaded_board_exports_the_work_left_and_stays_out_of_best_times(
        tmp_path, isolated_data_dir):
    board = tmp_path / "readme.mine"
    board.write_text(README_BOARD, encoding="utf-8")
    moves = "".join(f"r {r} {c}\n" for r, c in [(0, 7), (1, 7), (7, 4), (7, 5), (8, 1), (8, 2),
                                                (8, 3), (8, 4), (8, 5), (8, 6)])
    out = io.StringIO()
    assert run_console(parse_args(["--console", "--board", str(board)]), io.StringIO(moves), out) == 0
    assert "You won!" in out.getvalue() and "3BV 10," in out.getvalue()
    assert "efficiency 100%" in out.getvalue() and "New best time" not in out.getvalue()
    target = tmp_path / "games.csv"
    assert main.main(["--export-stats", str(target)]) == 0
    with open(target, newline="", encoding="utf-8") as handle:
        [row] = list(csv.DictReader(handle))
    assert (row["three_bv"], row["three_bv_solved"], row["efficiency"]) == ("10", "10", "100.0")
    assert (row["layout_known"], row["probabilities_used"], row["won"]) == ("True", "False", "True")


# ----- the schema --------------------------------------------------------------------------------
def test_migration_from_version_2_keeps_every_game_and_its_best_times(tmp_path):
    db = tmp_path / "records.sqlite3"
    conn = old_database(db, 2)
    conn.executemany(
        "INSERT INTO games (played_at, level, rows, cols, mines, won, time_ms, three_bv, name, "
        "hints_used, autoplay_used) VALUES (?, 'beginner', 9, 9, 10, ?, ?, 12, 'Old', ?, ?)",
        [("2025-01-01T10:00:00+01:00", 1, 9000, 0, 0), ("2025-01-02T10:00:00+01:00", 1, 5000, 2, 0),
         ("2025-01-03T10:00:00+01:00", 0, 3000, 0, 0)])
    conn.close()
    with RecordStore.open(db) as store:
        assert store.warnings == []
        old = store.games()
        assert len(old) == 3 and not any(r.probabilities_used or r.layout_known for r in old)
        assert [r.time_ms for r in store.best_times("beginner")] == [9000]
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == schema.LATEST == 14  # 12: race; 13: trial, the trials table; 14: position
    conn.close()
    [backup] = tmp_path.glob("records.sqlite3.v2-backup-*")
    with sqlite3.connect(backup) as conn:
        assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 3
    conn.close()
