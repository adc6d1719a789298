"""Time trials' sets and codes (game.midend.trial, issue 38 point 6): the sets, the text of a
player's own set, a trial code's round trip and its errors, the boards one code names
(pinned, so the derivation cannot drift), and a trial's clock and penalties."""

import random

import pytest

from game.midend.boardcode import BoardCode
from game.midend.trial import (PENALTY_MS, SETS, TRIAL_LEVELS, TrialCode, TrialError, TrialRun, decode, encode,
                               parse_set, trial_of)
from game.session import Session

VIENNA = "MT1-001G0-3R20R-1G5NE-JTG4Y-X4CM"  # vienna, seed 20261205


def test_the_named_sets_are_viennasweepers():
    assert SETS["beginner10"].games == ("beginner",) * 10
    vienna = SETS["vienna"].games
    assert (vienna.count("beginner"), vienna.count("intermediate"), vienna.count("expert")) == (15, 6, 2)
    assert not any(s.loss_ends for s in SETS.values())
    assert PENALTY_MS == {"beginner": 10_000, "beginner_8x8": 10_000, "intermediate": 30_000, "expert": 100_000}


def test_a_players_set_reads_and_writes_back():
    own = parse_set(" Beginner:5, intermediate:2 ,end")
    assert own.name == "custom" and own.loss_ends and own.games == ("beginner",) * 5 + ("intermediate",) * 2
    assert own.text() == "beginner:5,intermediate:2,end" and parse_set(own.text()) == own
    assert parse_set("8x8:3").games == ("beginner_8x8",) * 3
    assert parse_set("beginner:10") == SETS["beginner10"]  # a named set's games are that set
    assert parse_set("vienna") == SETS["vienna"]


@pytest.mark.parametrize("text, words", [
    ("", "LEVEL:COUNT"), ("beginner", "is not a trial set's part"), ("huge:3", "'huge:3' is not a trial set's part"),
    ("beginner:0", "a count of games is 1 to 100"), ("beginner:x", "a count of games"),
    ("beginner:60,expert:60", "at most 100 games; this set has 120"), ("end", "LEVEL:COUNT")])
def test_a_bad_set_says_what_is_wrong(text, words):
    with pytest.raises(TrialError) as err:
        parse_set(text)
    assert words in str(err.value)


@pytest.mark.parametrize("trial_set", [SETS["beginner10"], SETS["vienna"], parse_set("expert:1,beginner:3,end"),
                                       parse_set("8x8:100")])
@pytest.mark.parametrize("seed", [0, 1, 2**40 - 1, 123456789])
def test_a_code_round_trips(trial_set, seed):
    code = TrialCode(trial_set, seed)
    text = encode(code)
    assert text.startswith("MT1-")
    assert decode(text) == code
    assert decode(text.lower().replace("-", " ").replace("0", "o")) == code  # read as forgivingly as a board code


@pytest.mark.parametrize("text, words", [
    ("hello", "'hello' is not a trial code: a trial code starts with MT"),
    ("MT2-001G0-3R20R", "made by a newer version of the game (trial code version 2"),
    ("MT0-001G0", "there is no trial code version 0"),
    (VIENNA[:-1] + ("0" if VIENNA[-1] != "0" else "1"), "does not check"),
    (VIENNA[:12], "does not check"),
    ("MT1-001G!", "characters a code never has: !"),
    ("MS1-0G00J-28A0G-2BJR0-J8KDG", "is not a trial code"),  # a board code is not a trial code
])
def test_a_wrong_code_says_what_is_wrong(text, words):
    with pytest.raises(TrialError) as err:
        decode(text)
    assert words in str(err.value)


def test_trial_of_takes_a_set_name_or_a_code():
    fresh = trial_of("vienna", random.Random(4))
    assert fresh.trial_set == SETS["vienna"] and fresh == trial_of("Vienna", random.Random(4))
    assert trial_of(VIENNA) == decode(VIENNA)
    with pytest.raises(TrialError, match="'marathon' is not a trial set nor a trial code"):
        trial_of("marathon")


def test_the_boards_of_one_code_are_pinned():
    """The derivation (SHA-256 of the seed and index, then StableRandom) must never drift: two
    players with this code play these boards from these start cells."""
    code = decode(VIENNA)
    assert code == TrialCode(SETS["vienna"], 20261205)
    boards = code.boards()
    assert len(boards) == 23
    pinned = {0: (9, 9, 10, 1098999432249, (1, 3)), 1: (9, 9, 10, 697548582933, (7, 8)),
              14: (9, 9, 10, 344840454960, (6, 6)), 15: (16, 16, 40, 1026182965641, (9, 4)),
              21: (16, 30, 99, 332309070173, (10, 6)), 22: (16, 30, 99, 341256708042, (11, 20))}
    for index, (rows, cols, mines, seed, start) in pinned.items():
        assert boards[index] == BoardCode(rows, cols, mines, "opening", False, seed=seed, start=start)
    assert boards == decode(VIENNA).boards()  # the same every time
    # and the same mines: the first board as laid at its start cell
    match = Session().open_code(boards[0])
    match.reveal(boards[0].start)
    assert sorted(match.layout()) == [(0, 6), (3, 3), (4, 6), (5, 2), (5, 5), (5, 6), (6, 3), (6, 6), (7, 4), (8, 7)]


def test_a_runs_clock_adds_only_game_times_and_the_penalties():
    run = TrialRun(TrialCode(parse_set("beginner:2,expert:1"), 5))
    assert (run.index, run.count, run.over) == (0, 3, False)
    run.add(12_345, True)
    run.add(3_000, False)
    assert run.penalty_ms == PENALTY_MS["beginner"] and run.total_ms == 12_345 + 3_000 + 10_000
    assert run.live_ms(500) == run.total_ms + 500 and run.level() == "expert"
    run.add(60_000, False)
    assert run.finished and run.total_ms == 12_345 + 3_000 + 60_000 + 10_000 + 100_000
    with pytest.raises(IndexError):
        run.add(1, True)


def test_a_loss_ends_a_trial_whose_set_says_so():
    run = TrialRun(TrialCode(parse_set("beginner:3,end"), 5))
    run.add(4_000, True)
    run.add(2_000, False)
    assert run.over and not run.finished and run.ended and run.total_ms == 6_000 and run.penalty_ms == 0


def test_every_level_has_a_penalty():
    assert set(PENALTY_MS) == set(TRIAL_LEVELS)
