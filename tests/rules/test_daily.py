"""The daily boards' rule (game.midend.daily, issue 38) pinned: the seed, the start cell and the
mine layout of every level's board on three fixed dates, laid as the game lays them (the
no-guess generator at the start cell from game.midend.deal.board_rng of the seed, as
game.session.Session.start_generation and the console's deal do). A change to the rule, the
generator or the random numbers fails here instead of silently changing past dailies: such
a change is a new DAILY_VERSION (and a new board code version), never an edit of these."""

import datetime as dt

import pytest

from game.midend.boardcode import decode, encode
from game.midend.daily import (
    DAILY_LEVELS, DAILY_VERSION, FIRST_DAY, DailyError, check_day, daily_code, parse_day,
)
from game.midend.deal import board_rng
from game.noguess import generate, is_no_guess
from game.rules.board import LEVEL_SIZES
from game.session import Session

# (date, level) -> (seed, start cell, the mines sorted), version 1's boards
PINNED = {
    ("2026-12-01", "beginner"): (304349398625, (0, 3), [
        (0, 1), (0, 8), (1, 5), (1, 7), (3, 4), (5, 1), (5, 4), (6, 3), (7, 2),
        (7, 4)]),
    ("2026-12-01", "beginner_8x8"): (598850991486, (4, 0), [
        (0, 0), (3, 2), (3, 4), (4, 2), (5, 2), (5, 5), (5, 6), (5, 7), (6, 0),
        (7, 5)]),
    ("2026-12-01", "intermediate"): (299344025683, (2, 13), [
        (1, 6), (1, 8), (2, 2), (2, 4), (2, 6), (3, 0), (3, 3), (3, 7), (4, 5),
        (4, 15), (5, 11), (6, 0), (6, 1), (6, 10), (7, 2), (7, 6), (7, 13), (9, 5),
        (9, 7), (9, 12), (10, 1), (10, 4), (10, 8), (10, 10), (10, 12), (10, 13), (11, 1),
        (11, 9), (11, 13), (12, 2), (12, 14), (12, 15), (13, 1), (13, 4), (13, 8), (14, 2),
        (14, 7), (14, 10), (15, 2), (15, 13)]),
    ("2026-12-01", "expert"): (659483637935, (2, 21), [
        (0, 2), (0, 5), (0, 6), (0, 22), (0, 24), (0, 25), (1, 1), (1, 2), (1, 14),
        (1, 15), (1, 16), (1, 27), (1, 28), (2, 29), (3, 4), (3, 5), (3, 12), (3, 28),
        (4, 1), (4, 4), (4, 13), (4, 16), (4, 18), (4, 28), (5, 17), (5, 19), (5, 23),
        (5, 25), (5, 26), (5, 28), (5, 29), (6, 14), (6, 22), (6, 24), (6, 27), (6, 28),
        (6, 29), (7, 6), (7, 12), (7, 14), (7, 22), (7, 24), (7, 29), (8, 3), (8, 15),
        (8, 16), (8, 17), (8, 21), (9, 8), (9, 9), (9, 12), (9, 27), (9, 28), (10, 1),
        (10, 3), (10, 7), (10, 20), (10, 26), (10, 29), (11, 8), (11, 9), (11, 10), (11, 13),
        (11, 17), (11, 23), (11, 26), (11, 28), (12, 5), (12, 7), (12, 10), (12, 12), (12, 20),
        (12, 24), (13, 4), (13, 5), (13, 17), (13, 24), (13, 25), (13, 26), (14, 2), (14, 3),
        (14, 11), (14, 12), (14, 13), (14, 16), (14, 17), (14, 18), (14, 23), (14, 24), (14, 25),
        (14, 28), (15, 1), (15, 3), (15, 5), (15, 9), (15, 11), (15, 19), (15, 25), (15, 29)]),
    ("2027-02-28", "beginner"): (573917863373, (7, 6), [
        (1, 1), (1, 4), (1, 7), (2, 3), (3, 1), (3, 3), (6, 0), (7, 3), (8, 3),
        (8, 4)]),
    ("2027-02-28", "beginner_8x8"): (538694385277, (7, 4), [
        (0, 1), (0, 5), (1, 1), (2, 1), (2, 2), (2, 7), (3, 2), (3, 4), (4, 1),
        (4, 4)]),
    ("2027-02-28", "intermediate"): (231974797311, (4, 12), [
        (0, 0), (0, 1), (0, 11), (0, 15), (1, 6), (1, 13), (2, 6), (2, 11), (2, 15),
        (3, 2), (3, 3), (5, 1), (5, 14), (6, 4), (6, 15), (7, 0), (7, 13), (8, 7),
        (8, 11), (8, 12), (8, 14), (9, 1), (9, 4), (9, 5), (9, 6), (9, 7), (9, 14),
        (10, 3), (10, 10), (10, 12), (10, 15), (13, 1), (13, 12), (13, 13), (14, 1), (15, 0),
        (15, 1), (15, 4), (15, 13), (15, 15)]),
    ("2027-02-28", "expert"): (540344564818, (11, 8), [
        (0, 0), (0, 1), (0, 4), (0, 15), (0, 17), (0, 24), (0, 25), (0, 26), (0, 27),
        (1, 0), (1, 7), (1, 12), (1, 15), (1, 22), (1, 24), (1, 25), (1, 27), (1, 28),
        (1, 29), (2, 6), (2, 10), (2, 23), (2, 27), (3, 0), (3, 13), (3, 15), (3, 26),
        (3, 27), (4, 2), (4, 4), (4, 7), (4, 9), (4, 11), (4, 15), (4, 18), (4, 21),
        (4, 28), (5, 1), (5, 11), (5, 12), (5, 17), (5, 24), (6, 2), (6, 6), (6, 13),
        (6, 22), (7, 1), (7, 4), (7, 10), (7, 15), (7, 16), (7, 21), (7, 25), (7, 27),
        (8, 5), (8, 9), (8, 12), (8, 16), (8, 18), (8, 19), (8, 22), (8, 23), (9, 1),
        (9, 3), (9, 7), (9, 12), (9, 15), (9, 22), (9, 24), (9, 25), (9, 26), (10, 4),
        (10, 29), (11, 4), (11, 5), (11, 13), (11, 15), (11, 16), (11, 22), (11, 24), (12, 4),
        (12, 10), (12, 22), (12, 27), (13, 7), (13, 13), (13, 15), (14, 3), (14, 7), (14, 10),
        (14, 14), (14, 16), (14, 19), (14, 24), (15, 3), (15, 9), (15, 13), (15, 25), (15, 26)]),
    ("2028-02-29", "beginner"): (909321008715, (4, 8), [
        (0, 1), (0, 5), (1, 2), (1, 6), (3, 1), (4, 1), (5, 0), (6, 0), (6, 8),
        (7, 5)]),
    ("2028-02-29", "beginner_8x8"): (83132055353, (1, 5), [
        (0, 0), (1, 0), (2, 0), (2, 1), (3, 5), (4, 4), (6, 1), (6, 3), (7, 4),
        (7, 6)]),
    ("2028-02-29", "intermediate"): (86362882408, (8, 15), [
        (0, 4), (0, 5), (0, 10), (1, 11), (2, 0), (2, 3), (2, 4), (3, 7), (3, 15),
        (4, 2), (4, 11), (5, 2), (6, 3), (6, 4), (6, 9), (6, 13), (7, 4), (8, 6),
        (8, 10), (8, 11), (9, 3), (9, 5), (9, 11), (9, 13), (10, 0), (10, 11), (10, 13),
        (10, 15), (11, 2), (11, 10), (12, 5), (12, 15), (13, 12), (14, 2), (14, 3), (14, 14),
        (15, 1), (15, 3), (15, 8), (15, 13)]),
    ("2028-02-29", "expert"): (666825793794, (7, 9), [
        (0, 3), (0, 4), (0, 9), (0, 13), (0, 19), (0, 23), (0, 27), (1, 6), (1, 11),
        (1, 16), (1, 17), (1, 23), (1, 26), (1, 28), (2, 2), (2, 4), (2, 8), (2, 11),
        (2, 14), (2, 17), (2, 21), (2, 22), (2, 27), (3, 2), (3, 8), (3, 10), (3, 16),
        (3, 20), (3, 22), (3, 27), (3, 28), (3, 29), (4, 10), (4, 11), (4, 15), (4, 16),
        (4, 24), (4, 25), (4, 27), (5, 2), (5, 6), (5, 10), (5, 13), (5, 15), (5, 20),
        (5, 22), (5, 28), (5, 29), (6, 7), (6, 14), (6, 15), (6, 18), (6, 20), (6, 24),
        (6, 25), (7, 0), (7, 18), (7, 27), (8, 5), (8, 6), (8, 24), (8, 25), (8, 27),
        (9, 6), (9, 11), (9, 14), (9, 15), (9, 17), (9, 20), (9, 26), (9, 28), (10, 1),
        (10, 6), (10, 18), (10, 24), (11, 17), (11, 20), (11, 21), (12, 0), (12, 12), (12, 14),
        (12, 15), (12, 18), (13, 10), (13, 20), (13, 22), (13, 26), (13, 27), (14, 2), (14, 5),
        (14, 9), (14, 11), (14, 16), (14, 21), (14, 29), (15, 12), (15, 19), (15, 24), (15, 25)]),
}


def test_the_rule_is_version_1_and_covers_every_level_on_the_three_dates():
    assert DAILY_VERSION == 1
    assert {level for _day, level in PINNED} == set(DAILY_LEVELS)
    assert {day for day, _level in PINNED} == {"2026-12-01", "2027-02-28", "2028-02-29"}


@pytest.mark.parametrize("day, level", sorted(PINNED))
def test_the_daily_board_is_the_pinned_one(day, level):
    seed, start, mines = PINNED[(day, level)]
    code = daily_code(dt.date.fromisoformat(day), level)
    rows, cols, count = LEVEL_SIZES[level]
    assert (code.rows, code.cols, code.mines, code.first_click, code.no_guess) == (rows, cols, count, "opening", True)
    assert (code.seed, code.start) == (seed, start)
    laid = generate(code.config(), code.start, board_rng(code.seed))
    assert sorted(laid) == mines and len(mines) == count
    assert start not in laid and is_no_guess(laid, rows, cols, start)
    # and as the game lays it: a session's daily match, revealed at the start cell
    match = Session().open_daily(dt.date.fromisoformat(day), level)
    assert match.start == start
    match.reveal(start)
    assert sorted(match.layout()) == mines
    assert decode(encode(match.board_code())) == code


def test_the_days_and_levels_differ():
    codes = {(code.seed, code.start) for code in (daily_code(dt.date.fromisoformat(day), level)
                                                 for day, level in PINNED)}
    assert len(codes) == len(PINNED)


def test_days_outside_the_range_and_levels_without_a_daily_are_refused():
    today = dt.date(2026, 12, 5)
    assert check_day(FIRST_DAY, today) == FIRST_DAY
    assert check_day(dt.date(2026, 12, 6), today) == dt.date(2026, 12, 6)  # tomorrow: ahead of UTC
    for day in (dt.date(2026, 11, 30), dt.date(2026, 12, 7), dt.date(1970, 1, 1), dt.date(9999, 12, 31)):
        with pytest.raises(DailyError) as err:
            check_day(day, today)
        assert str(err.value) == (f"there is no daily board for {day.isoformat()}: daily boards run from "
                                  "2026-12-01 to 2026-12-06 (UTC)")
    with pytest.raises(DailyError, match="'custom' has no daily board; allowed beginner, beginner_8x8"):
        daily_code(FIRST_DAY, "custom")
    assert parse_day(" 2028-02-29 ") == dt.date(2028, 2, 29)
    for text in ("2027-02-29", "29/02/2028", "", "2028-2-29x"):
        with pytest.raises(DailyError, match="is not a date: write it YYYY-MM-DD, like 2026-12-01"):
            parse_day(text)
