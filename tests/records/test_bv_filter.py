"""The 3BV filter (issue 28 point 6): boards are dealt until one has at least the minimum 3BV,
the first-click rule still holds, the bound says when none came, and a filtered game is
labelled, ranked apart from the normal best times and never official."""

import io
import random

import pytest

from game.rules.board import Config, excluded_cells
from game.rules.bv import bv_parts
from game.commands.cli import parse_args
from game.console.play import ConsoleGame, run_session
from game.midend.deal import Deal
from game.rules.engine import State
from game.figures import bests, names
from game.midend.match import Match
from game.messages import describe
from game.records import schema
from game.records.compstats import COMPUTED, TO_COMPUTE
from game.records.db import RecordStore
from game.records.notes import left_out
from game.records.database_file import expected_columns
from game.records.record import GameRecord
from game.records.settings import Settings
from game.replay.fromlog import LABELS, labels_of
from game.session import RANKING_MIN_BV, Session, filter_missed
from tests.play_helpers import Clock, old_database, old_database_at_8, old_database_with_a_win, win


def bv(layout, config) -> int:
    return bv_parts(layout, config.rows, config.cols).value


@pytest.mark.parametrize("rule", ["opening", "safe"])
def test_boards_laid_at_the_first_click_meet_the_minimum_and_keep_the_click_free(rule):
    config = Config.difficulty("beginner", first_click=rule)
    session = Session(rng=random.Random(1), min_bv={"beginner": 30})
    match = session.new_match(config)
    for click in [(0, 0), (4, 4), (8, 3), (2, 7), (6, 6)]:
        match.reveal(click)
        layout = match.layout()
        assert bv(layout, config) >= 30
        assert not excluded_cells(config, click) & layout  # the first-click rule still holds
        assert match.deal.missed is None
        match.new_game()


def test_the_filtered_board_comes_back_from_its_seed_and_first_click():
    config = Config.difficulty("intermediate")
    match = Session(rng=random.Random(7), min_bv={"intermediate": 60}).new_match(config)
    match.reveal((8, 8))
    again = Match(config, seed=match.seed)
    again.reveal((8, 8))
    assert again.layout() == match.layout() and bv(match.layout(), config) >= 60


def test_a_classic_board_is_filtered_before_the_click_and_its_first_click_stays_safe():
    config = Config.difficulty("beginner", first_click="classic")
    for rng_seed in range(5):
        match = Session(rng=random.Random(rng_seed), min_bv={"beginner": 25}).new_match(config)
        assert bv(match.layout(), config) >= 25  # laid before the click
        mine = min(match.layout())
        match.reveal(mine)  # a mine under the first click moves away
        assert match.game.state is not State.LOST
        match.new_game()
        assert bv(match.layout(), config) >= 25


def test_without_the_filter_the_boards_are_as_before():
    config = Config.difficulty("beginner")
    plain, filtered_off = Match(config, seed=42), Session(min_bv={}).new_match(config)
    filtered_off.deal.seed = 42
    plain.reveal((4, 4))
    filtered_off.reveal((4, 4))
    assert plain.layout() == filtered_off.layout() and filtered_off.deal.min_bv == 0


def test_the_bound_deals_the_best_board_seen_and_says_so():
    config = Config.difficulty("beginner")
    deal = Deal(config, random.Random(3), min_bv=81)  # no Beginner board has 81 clicks
    deal.tries = 25
    deal.next()
    mines = deal.lay((4, 4))
    assert deal.missed is not None
    count, best = deal.missed
    assert count == 25 and best == bv(mines, config) < 81
    again = Deal(config, seed=deal.seed)
    again.next()
    assert again.lay((4, 4)) == mines  # the best board's seed is kept: its seed and click give it again


def test_the_bound_is_a_time_too():
    config = Config.difficulty("expert")
    deal = Deal(config, random.Random(3), min_bv=10_000)
    deal.seconds = 0.0  # no time for a second board
    deal.next()
    deal.lay((8, 15))
    assert deal.missed == (1, deal.missed[1])


def test_the_console_says_in_one_line_when_no_board_qualifies():
    args = parse_args(["--console", "--difficulty", "beginner", "--min-bv", "81", "--seed", "5"])
    session = run_session(args)
    assert session.min_bv_for(Config.difficulty("beginner")) == 81
    match = session.new_match(Config.difficulty("beginner"))
    match.deal.tries = 10
    out = io.StringIO()
    console = ConsoleGame(match, out)
    console.handle("r 4 4")
    lines = [line for line in out.getvalue().splitlines() if "3BV" in line]
    assert lines == ["No board with a 3BV of at least 81 came in 10 deals: this board's 3BV is "
                     f"{match.deal.missed[1]}."]
    console.handle("f 0 0")  # once a board
    assert out.getvalue().count("No board with a 3BV") == 1
    match.deal.min_bv = 2
    console.handle("n")  # a new board: the last one's miss is not said again
    assert out.getvalue().count("No board with a 3BV") == 1 and match.deal.missed is None


def test_filter_missed_is_none_when_the_board_qualifies():
    match = Session(rng=random.Random(2), min_bv={"beginner": 2}).new_match(Config.difficulty("beginner"))
    match.reveal((4, 4))
    assert filter_missed(match) is None and match.deal.min_bv == 2


def test_the_rankings_minimums_are_the_options_preset():
    assert RANKING_MIN_BV == {"beginner": 2, "beginner_8x8": 2, "intermediate": 30, "expert": 100}
    assert Settings().bv_filter == "off"


# ----- records ------------------------------------------------------------------------------------
def won(min_bv: int, seconds: float, first_click="safe"):
    """A won Beginner match (filtered with ``min_bv`` when > 0) and its record."""
    clock = Clock()
    session = Session(rng=random.Random(11), clock=clock,
                      min_bv={"beginner": min_bv} if min_bv else {})
    match = session.new_match(Config.difficulty("beginner", first_click=first_click))
    win(match, clock, seconds)
    return match, GameRecord.from_match(match, name="Tester")


@pytest.fixture
def store(tmp_path):
    with RecordStore.open(tmp_path / "records.sqlite3") as opened:
        yield opened


def test_a_filtered_game_is_labelled_and_ranked_apart(store):
    _match, plain = won(0, 9.0)
    _match, filtered = won(2, 3.0)
    assert filtered.min_bv == 2 and plain.min_bv == 0
    assert filtered.exclusions() == ("filtered",) and not filtered.best_time_eligible
    plain_id, filtered_id = store.add_game(plain), store.add_game(filtered)
    assert [r.id for r in store.best_times("beginner")] == [plain_id]  # the faster filtered win is not in it
    assert [r.id for r in store.best("beginner", "time", filtered=True)] == [filtered_id]
    assert store.rank_of(filtered_id) is None  # no best time: the window celebrates none
    assert store.rank_of(filtered_id, filtered=True) == 1  # first among the filtered games
    assert store.rank_of(plain_id) == 1 and store.rank_of(plain_id, filtered=True) is None
    # 5 s: ahead of the normal 9 s win, behind the filtered 3 s one
    assert store.would_rank("beginner", 5000) == 1 and store.would_rank("beginner", 5000, filtered=True) == 2
    assert store.game(filtered_id).min_bv == 2
    assert "3BV filter" in left_out(filtered)


def test_a_filtered_game_is_never_official_and_its_replay_says_why():
    match, record = won(2, 3.0)
    _plain_match, plain = won(0, 3.0)
    assert labels_of(_plain_match.log_data(), plain).official
    labels = labels_of(match.log_data(), record)
    assert labels.fair and not labels.official
    assert LABELS["filtered"].format(min_bv=2) in labels.tags


@pytest.mark.parametrize("version", range(1, 9))
def test_an_old_database_of_every_schema_opens_and_its_games_are_not_filtered(tmp_path, version):
    path = tmp_path / "old.sqlite3"
    if version == 1:  # schema 1 has no level: the migration to 2 works it out from the size
        conn = old_database(path, 1)
        conn.execute("INSERT INTO games (played_at, rows, cols, mines, won, time_ms, three_bv, name) "
                     "VALUES ('2025-01-01T10:00:00+01:00', 9, 9, 10, 1, 9000, 12, 'Old')")
        conn.close()
    else:
        old_database_with_a_win(path, version)
    with RecordStore.open(path) as opened:
        assert opened.warnings == []
        assert schema.user_version(opened.conn) == schema.LATEST  # min_bv from 9 on
        (record,) = opened.best_times("beginner")
        assert record.min_bv == 0 and record.name == "Old" and record.time_ms == 9000
        assert record.best_time_eligible and opened.rank_of(record.id) == 1
    assert list(tmp_path.glob(f"old.sqlite3.v{version}-backup-*"))  # the old file, copied first


def test_a_schema_8_database_keeps_its_nf_input_and_figures_through_the_migration_to_9(tmp_path):
    path = tmp_path / "old.sqlite3"
    old_database_at_8(path)
    with RecordStore.open(path) as opened:
        assert opened.warnings == [] and schema.user_version(opened.conn) == schema.LATEST
        old, eight, typed = opened.games()
        assert (old.level, old.input, old.nf, old.min_bv) == ("beginner", "mouse", None, 0)
        assert (eight.level, eight.input, eight.nf, eight.stnb, eight.bbbv_per_s, eight.min_bv) == (
            "beginner_8x8", "keyboard", True, 41.5, 2.0, 0)
        assert (typed.level, typed.input, typed.nf, typed.table) == ("expert", "terminal", False, "terminal")
        # 8 -> 9 only adds min_bv: figures computed stay computed (no backfill asked again), unless a
        # figure was added to game.figures since (schema.missing_figures: computed again, with it)
        states = [row[0] for row in opened.conn.execute("SELECT stats_state FROM games ORDER BY id")]
        added = [name for name in names() if name not in expected_columns(8)]
        assert states[1:] == [TO_COMPUTE if added else COMPUTED, TO_COMPUTE]
        assert [r.id for r in opened.best_times("beginner_8x8")] == [eight.id]
        assert [r.id for r in opened.best_times("expert", table="terminal")] == [typed.id]
        assert opened.category_bests("beginner_8x8")["nf"]["stnb"].id == eight.id
        assert all(entry is None for found in opened.category_bests("beginner_8x8", filtered=True).values()
                   for entry in found.values())
    assert list(tmp_path.glob("old.sqlite3.v8-backup-*"))


def test_a_filtered_match_lays_its_board_at_the_first_click_and_a_loaded_one_is_never_filtered():
    match = Match(Config.difficulty("beginner"), rng=random.Random(4), seed=9, min_bv=20)
    assert match.seed == 9 and match.round == 1 and match.layout() is None
    match.reveal((4, 4))
    assert bv(match.layout(), match.config) >= 20
    assert describe(filter_missed(match) or "") == ""
    loaded = Match(Config(3, 3, 1), mines=[(1, 1)], min_bv=20)  # a board file: its own board, as it is
    assert loaded.deal.min_bv == 0 and loaded.layout() == {(1, 1)}


def test_a_board_laid_from_outside_the_deal_is_not_recorded_as_filtered():
    """A board laid from outside the deal (Match.set_layout) is not the filter's: under the
    Options' filter it is not filtered, nor recorded so. (The window's no-guess boards are
    the deal's: Match.lay_laid, tests/program/test_session_front_ends.py.)"""
    clock = Clock()
    config = Config.difficulty("beginner")
    match = Match(config, rng=random.Random(5), clock=clock, min_bv=2)
    probe = Match(config, seed=3)
    probe.reveal((4, 4))
    match.set_layout(probe.layout())
    win(match, clock, 4.0)
    record = GameRecord.from_match(match, name="T")
    assert match.deal.min_bv == 2 and record.min_bv == 0 and "filtered" not in record.exclusions()
    match.new_game()  # the next dealt board is the filter's again, and so is its retry
    win(match, clock, 4.0)
    assert GameRecord.from_match(match, name="T").min_bv == 2
    match.retry()
    win(match, clock, 4.0)
    retried = GameRecord.from_match(match, name="T")
    assert retried.min_bv == 2 and retried.exclusions() == ("layout_known", "filtered")


def test_a_filtered_win_stays_out_of_the_best_figures(store):
    from game.records.compstats import level_figures

    _match, filtered = won(2, 3.0)
    filtered.bbbv_per_s = 9.0
    store.add_game(filtered)
    assert level_figures(store, "beginner")["bbbv_per_s"][0] is None  # no normal best from it
    assert store.category_bests("beginner", filtered=True)["all"]["bbbv_per_s"].bbbv_per_s == 9.0


def test_a_filtered_win_is_drawn_apart_on_the_chart_and_moves_no_running_best(store):
    from game.records.level_stats import chart_points

    _match, plain = won(0, 9.0)
    _match, filtered = won(2, 3.0)
    store.add_game(plain)
    store.add_game(filtered)
    first, second = chart_points(store, "beginner")
    assert (first.ranks, first.apart) == (True, False)
    assert (second.ranks, second.apart) == (False, True) and second.best_time == 9.0


# ----- the window ---------------------------------------------------------------------------------
def test_the_options_line_turns_the_rankings_minimums_on_for_the_next_game(window):
    import pygame

    from game.ui.options.screen import Options
    from game.ui.play.playing import Playing

    w = window(deal=4)
    for _ in range(6):  # up from Beginner, round by Analyse, Time trial, Daily, Play a code and Statistics to Options
        w.key(pygame.K_UP)
    w.key(pygame.K_RETURN)
    assert isinstance(w.scene, Options)
    row = [label for label, _value in w.scene.rows()].index("Minimum 3BV")
    assert w.scene.rows()[row][1] == "off"  # off by default
    w.click(w.scene.row_rect(row).center)
    assert w.scene.services.settings.bv_filter == "rankings"
    assert w.scene.rows()[row][1] == "rankings' minimums"
    w.key(pygame.K_ESCAPE)
    w.key(pygame.K_RETURN)  # Beginner
    assert isinstance(w.scene, Playing) and w.scene.match.deal.min_bv == 2


def test_the_window_says_in_a_box_when_no_board_qualifies(window):
    import pygame

    from game.ui.shared.confirm import MessageBox
    from game.ui.play.playing import Playing

    w = window(["--difficulty", "beginner", "--min-bv", "81"], deal=2)
    match = w.scene.match
    assert match.deal.min_bv == 81
    match.deal.tries = 10
    w.click_cell((4, 4))
    assert isinstance(w.scene, MessageBox)
    assert " ".join(w.scene.shown).startswith("No board with a 3BV of at least 81 came in 10 deals")
    assert match.paused  # reading it costs no time
    w.key(pygame.K_RETURN)
    assert isinstance(w.scene, Playing) and w.scene.match is match and not match.paused
    w.click_cell((0, 0) if not match.game.is_revealed((0, 0)) else (8, 8))
    assert not isinstance(w.scene, MessageBox)  # once a board


# ----- --stats, --stats --json, --export-stats -----------------------------------------------------
KEPT_KEYS = {"time_ms", "bbbv_per_s", "ioe", "rqp", "stnb"}  # --stats --json's bests since issue 28
CATEGORY_KEYS = {f.name for f in bests()}  # those and any figure given a place among the Bests


def test_stats_json_keeps_filtered_wins_out_of_the_bests_and_shows_them_apart(capsys):
    import csv
    import json

    import main
    from game.records import open_records

    records = open_records(stderr=None)
    plain_match, _ = won(0, 9.0)
    plain_id, plain_rank = records.record(plain_match, log=plain_match.log_data())
    filtered_match, _ = won(2, 3.0)
    filtered_id, filtered_rank = records.record(filtered_match, log=filtered_match.log_data())
    records.close()
    assert (plain_rank, filtered_rank) == (1, None)  # the faster filtered win takes no normal rank

    assert main.main(["--stats", "--json"]) == 0
    levels = json.loads(capsys.readouterr().out)["levels"]
    beginner = levels["beginner"]
    # issue 28 point 3's shape, unchanged: played, won, bests by category (all, nf)
    assert {"played", "won", "bests"} <= set(beginner)
    assert set(beginner["bests"]) == {"all", "nf"} and set(beginner["bests"]["all"]) == CATEGORY_KEYS
    assert KEPT_KEYS <= CATEGORY_KEYS
    assert (beginner["played"], beginner["won"], beginner["filtered"]) == (2, 2, 1)  # counted as any game
    for category in ("all", "nf"):
        assert beginner["bests"][category]["time_ms"]["game"] == plain_id  # the 3 s filtered win is not there
        assert beginner["filtered_bests"][category]["time_ms"] == {
            "value": 3000, "game": filtered_id, "at": beginner["filtered_bests"][category]["time_ms"]["at"]}
    assert set(beginner["filtered_bests"]) == set(beginner["filtered_terminal_bests"]) == {"all", "nf"}
    assert set(beginner["filtered_bests"]["nf"]) == CATEGORY_KEYS
    assert all(entry is None for found in beginner["filtered_terminal_bests"].values() for entry in found.values())
    assert levels["expert"]["filtered"] == 0

    assert main.main(["--stats"]) == 0
    text = capsys.readouterr().out
    assert "Bests, beginner, window, boards dealt by the 3BV filter (game ids after #):" in text
    assert f"  all: time 3.000 s #{filtered_id}" in text and f"  all: time 9.000 s #{plain_id}" in text
    assert "beginner: 1 game dealt by the 3BV filter counts in played and won and ranks apart." in text

    assert main.main(["--export-stats", "-"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert list(rows[0])[-8:] == ["min_bv", "counted_loss", "code", "daily", "from_code", "race", "trial",
                                  "position"]  # schema 9, 10, 11, 12, 13, then 14 at the end
    assert {int(row["id"]): row["min_bv"] for row in rows} == {plain_id: "0", filtered_id: "2"}
