"""The daily boards and board codes in the records (issue 38): schema 11's ``code``, ``daily``
and ``from_code``; game.records.daily's days (first attempt ranked, later ones apart) and
streaks; the reasons a code's or a daily's win is no best time; ``--stats --json``'s ``daily``."""

import datetime as dt
import json

import main
from game.i18n import speaking
from game.midend.boardcode import decode, encode
from game.midend.daily import daily_code
from game.records import open_records
from game.records.daily import DailyDay, daily_days, daily_streaks, daily_summary
from game.records.db import RecordStore
from game.records.notes import left_out
from game.records.record import GameRecord
from game.rules.board import Config
from game.session import Session
from tests.play_helpers import win

D1, D2, D3 = "2026-12-01", "2026-12-02", "2026-12-03"


def daily_game(day, level="beginner", won=False, time_ms=5000, **changes) -> GameRecord:
    rows, cols, mines = {"beginner": (9, 9, 10), "beginner_8x8": (8, 8, 10), "intermediate": (16, 16, 40),
                         "expert": (16, 30, 99)}[level]
    return GameRecord(f"{day}T10:00:00+00:00", level, rows, cols, mines, won, time_ms, 20, name="Ada",
                      layout_known=True, daily=day, from_code=True, code="MS1-TEST", **changes)


def test_the_first_attempt_is_ranked_and_later_ones_are_kept_apart(tmp_path):
    with RecordStore.open(tmp_path / "games.sqlite3") as store:
        abandoned = store.add_game(daily_game(D1, abandoned=True))  # the first attempt: abandoned, a loss
        store.add_game(daily_game(D1, won=True, time_ms=9000))
        fast = store.add_game(daily_game(D1, won=True, time_ms=7000))
        store.add_game(daily_game(D1, won=True, time_ms=7000))  # a tie: the earlier stays best
        store.add_game(daily_game(D1, won=True, time_ms=3000, hints_used=1))  # helped: not a win that counts
        lost = store.add_game(daily_game(D2))  # a loss, alone
        won = store.add_game(daily_game(D2, "expert", won=True, time_ms=99000))
        store.add_game(GameRecord("2026-12-02T11:00:00+00:00", "beginner", 9, 9, 10, True, 4000, 20))  # no daily

        days = daily_days(store)
        assert [(d.day, d.level, d.first.id, d.attempts) for d in days] == [
            (D2, "beginner", lost, 1), (D2, "expert", won, 1), (D1, "beginner", abandoned, 5)]
        first = days[2]
        assert first.first.abandoned and not first.first.won
        assert first.best_later.id == fast and first.best_later.time_ms == 7000
        assert days[0].best_later is None and not days[0].first.won
        assert isinstance(days[0], DailyDay)
        assert [d.day for d in daily_days(store, "expert")] == [D2]
        assert daily_days(store, "intermediate") == []


def test_the_levels_of_a_day_come_in_the_menu_order(tmp_path):
    with RecordStore.open(tmp_path / "games.sqlite3") as store:
        for level in ("expert", "beginner_8x8", "intermediate", "beginner"):
            store.add_game(daily_game(D1, level))
        assert [d.level for d in daily_days(store)] == ["beginner", "beginner_8x8", "intermediate", "expert"]


def test_streaks_count_days_played_on_any_level_with_gaps(tmp_path):
    day = dt.date.fromisoformat
    with RecordStore.open(tmp_path / "games.sqlite3") as store:
        assert daily_streaks(store, day("2026-12-10")) == (0, 0)
        for when, level in (("2026-12-01", "beginner"), ("2026-12-02", "expert"), ("2026-12-03", "intermediate"),
                            ("2026-12-03", "beginner"),  # two levels, one day
                            ("2026-12-06", "beginner_8x8"), ("2026-12-07", "beginner")):
            store.add_game(daily_game(when, level))
        assert daily_streaks(store, day("2026-12-07")) == (2, 3)  # today played
        assert daily_streaks(store, day("2026-12-08")) == (2, 3)  # today not yet: up to yesterday
        assert daily_streaks(store, day("2026-12-09")) == (0, 3)  # a day missed
        assert daily_streaks(store, day("2026-12-04")) == (3, 3)
        store.add_game(daily_game("2026-12-08", abandoned=True))  # an abandoned game is a day played
        assert daily_streaks(store, day("2026-12-08")) == (3, 3)
        store.add_game(daily_game("2026-12-05", "expert"))
        assert daily_streaks(store, day("2026-12-08")) == (4, 4)
        store.add_game(daily_game("2026-12-04"))  # the gap filled: one run of eight
        assert daily_streaks(store, day("2026-12-08")) == (8, 8)


def test_a_hand_edited_daily_that_is_no_date_is_left_out(tmp_path):
    with RecordStore.open(tmp_path / "games.sqlite3") as store:
        store.add_game(daily_game(D1))
        bad = store.add_game(daily_game(D2))
        store.conn.execute("UPDATE games SET daily = '2026-02-31' WHERE id = ?", (bad,))
        assert [d.day for d in daily_days(store)] == [D1]
        assert daily_streaks(store, dt.date(2026, 12, 1)) == (1, 1)


def test_a_daily_game_is_recorded_with_its_code_and_day_and_says_why_it_is_no_best_time(tmp_path):
    records = open_records(str(tmp_path), stderr=None)
    session = Session(records=records, name="Ada")
    match = session.open_daily(dt.date(2026, 12, 2), "beginner")
    assert match.daily == D2 and match.start == daily_code(dt.date(2026, 12, 2), "beginner").start
    match.reveal(match.start)
    session.finished(win(match))
    record = records.last_record
    assert (record.daily, record.from_code, record.layout_known) == (D2, True, True)
    assert decode(record.code) == daily_code(dt.date(2026, 12, 2), "beginner")
    assert record.exclusions() == ("daily",)
    stored = records.store.game(record.id)
    assert (stored.code, stored.daily, stored.from_code) == (record.code, D2, True)
    assert "daily board" in left_out(stored)
    with speaking("es"):
        assert "tablero del día" in left_out(stored)
    # a new game of the match leaves the daily behind: a fresh board, no daily, no code given
    session.new_game(match)
    assert match.daily is None and match.code is None and match.start is None
    records.store.close()


def test_a_code_game_says_it_was_played_from_a_code_and_a_dealt_game_records_its_code(tmp_path):
    records = open_records(str(tmp_path), stderr=None)
    session = Session(records=records, name="Ada")
    dealt = session.new_match(Config.difficulty("beginner"))
    session.finished(win(dealt))
    plain = records.last_record
    assert plain.code is not None and not plain.from_code and plain.daily is None and plain.exclusions() == ()
    code = decode(plain.code)
    assert code.seed == dealt.seed and code.start == dealt.first_click

    again = session.open_code(code)
    again.reveal(code.start)
    session.finished(win(again))
    record = records.last_record
    assert record.code == plain.code and record.from_code and record.daily is None
    assert record.exclusions() == ("code",)
    assert "played from a board code" in left_out(record)
    with speaking("es"):
        assert "código de tablero" in left_out(record)
    assert again.layout() == dealt.layout()  # the same board
    records.store.close()


def test_a_game_whose_mines_were_never_laid_has_no_code(tmp_path):
    records = open_records(str(tmp_path), stderr=None)
    match = Session(records=records).new_match(Config.difficulty("beginner"))
    assert match.board_code() is None
    assert GameRecord.from_match(win(match)).code == encode(match.board_code())
    records.store.close()


def test_stats_json_has_the_daily_key(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MINESWEEPER_DATA_DIR", str(tmp_path))
    today = dt.datetime.now(dt.timezone.utc).date()
    with RecordStore.open(tmp_path / "records.sqlite3") as store:
        first = store.add_game(daily_game(today.isoformat(), won=True, time_ms=8000))
        store.add_game(daily_game(today.isoformat(), won=True, time_ms=2000))  # a later attempt: not the best
        store.add_game(daily_game((today - dt.timedelta(days=1)).isoformat(), "expert"))
        summary = daily_summary(store, today)
    assert summary == {
        "levels": {"beginner": {"days": 1, "wins": 1, "best_time_ms": 8000, "best_game": first},
                   "beginner_8x8": {"days": 0, "wins": 0, "best_time_ms": None, "best_game": None},
                   "intermediate": {"days": 0, "wins": 0, "best_time_ms": None, "best_game": None},
                   "expert": {"days": 1, "wins": 0, "best_time_ms": None, "best_game": None}},
        "current_streak": 2, "longest_streak": 2}
    assert main.main(["--stats", "--json", "--data-dir", str(tmp_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["daily"] == summary and "levels" in data
