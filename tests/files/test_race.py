"""game.replay.race: a replay's game as a ghost (its board from its first reveal, its pointer
and 3BV at a game time), the live gap, who won, and the words for them."""

import pytest

from game.i18n import speaking
from game.midend.match import Match
from game.replay.events import CELL_PX
from game.replay.files import read_replay
from game.replay.player import Timeline
from game.replay.progress import Progress, gap_ms
from game.replay.race import (Ghost, Race, RaceError, Result, gap_text, live_gap, outcome, outcome_text,
                              seconds_text)
from game.rules.moves import Move
from game.session import Session

EVF = "tests/corpus/replays/metasweeper_v3.evf"  # 8x8/10, 3BV 3, won in 3.796 s by 王嘉宁


@pytest.fixture(scope="module")
def ghost():
    return Ghost(Timeline(read_replay(EVF)))


def test_the_ghost_is_the_replays_board_from_its_first_reveal(ghost):
    replay = ghost.timeline.replay
    assert (ghost.rows, ghost.cols, ghost.mines) == (8, 8, frozenset(replay.mines))
    assert ghost.start == (3, 3) and ghost.name == "王嘉宁" and ghost.won and ghost.time_ms == 3796
    code = ghost.code()
    assert code.layout == ghost.mines and code.start == (3, 3) and code.seed is None
    assert ghost.progress.bbbv == 3 and ghost.progress.times_ms == [0, 1414, 3796]


def test_the_ghosts_pointer_is_its_last_event_at_or_before_the_time(ghost):
    tl = ghost.timeline
    assert ghost.pointer_at(-1) is None  # nothing of the ghost before the player's first reveal
    for index in range(1, len(tl.times), 7):
        when = tl.times[index]
        last = max(i for i, t in enumerate(tl.times) if t <= when)
        x, y = tl.xs[last], tl.ys[last]
        on_board = 0 <= x < tl.cols * CELL_PX and 0 <= y < tl.rows * CELL_PX
        assert ghost.pointer_at(when) == ((x, y) if on_board else None)
    assert ghost.pointer_at(0) == (56, 56)  # the first opening's release, at (3; 3)'s centre
    assert ghost.pointer_at(tl.end_ms + 1) is None


def test_the_live_gap_is_the_time_to_the_same_3bv(ghost):
    player = Progress(bbbv=3)
    assert live_gap(player, ghost) is None
    player.add(0, 1)
    assert live_gap(player, ghost) == 0
    player.add(2000, 2)  # the ghost reached 2 at 1.414 s
    assert live_gap(player, ghost) == 2000 - 1414 == gap_ms(ghost.progress, player, 2)
    player.add(3000, 3)  # the ghost reached 3 at 3.796 s: the player is ahead
    assert live_gap(player, ghost) == -796


def test_who_won(ghost):
    assert outcome(ghost, True, 2000) == Result("player", 1796, "times")
    assert outcome(ghost, True, 5000) == Result("ghost", 1204, "times")
    assert outcome(ghost, True, 3796) == Result("tie", 0, "times")
    assert outcome(ghost, False, 1000) == Result("ghost", None, "player_lost")
    assert outcome(ghost, False, 1000, abandoned=True) == Result("ghost", None, "abandoned")


def test_a_ghost_that_did_not_finish_loses_to_any_finish(ghost):
    from dataclasses import replace
    whole = ghost.timeline.replay
    cut = replace(whole, events=tuple(e for e in whole.events if e.time_ms < 2000), completed=False, time_ms=2000)
    ghost = Ghost(Timeline(cut))
    assert not ghost.won and ghost.progress.reached == 2
    assert outcome(ghost, True, 10 ** 7) == Result("player", None, "ghost_lost")
    assert outcome(ghost, False, 10) == Result("none", None, "both_lost")


def test_words_in_both_languages():
    assert gap_text(1234) == "+1.234 s" and gap_text(-500) == "-0.500 s" and gap_text(0) == "0.000 s"
    assert gap_text(None) == "-"
    won = outcome_text(Result("player", 2345, "times"), "Ann")
    assert won == "You beat Ann by 2.345 s"
    assert outcome_text(Result("ghost", 2345, "times"), "Ann") == "Ann won by 2.345 s"
    with speaking("es"):
        assert gap_text(1234) == "+1,234 s" and seconds_text(2345) == "2,345 s"
        spanish = [outcome_text(Result(w, m, h), "Ann") for w, m, h in (
            ("player", 2345, "times"), ("ghost", 2345, "times"), ("tie", 0, "times"), ("player", None, "ghost_lost"),
            ("ghost", None, "abandoned"), ("ghost", None, "player_lost"), ("none", None, "both_lost"))]
    english = [outcome_text(Result(w, m, h), "Ann") for w, m, h in (
        ("player", 2345, "times"), ("ghost", 2345, "times"), ("tie", 0, "times"), ("player", None, "ghost_lost"),
        ("ghost", None, "abandoned"), ("ghost", None, "player_lost"), ("none", None, "both_lost"))]
    assert all("Ann" in line for line in spanish + english)
    assert not set(spanish) & set(english), "every result line has its Spanish"
    assert "2,345 s" in spanish[0]


def test_a_race_follows_the_players_match_and_names_the_winner(ghost):
    now = [100.0]
    session = Session(clock=lambda: now[0])
    match = session.open_race(ghost)
    assert match.race == "王嘉宁" and match.start == (3, 3)
    assert match.refuses(Move("reveal", (0, 0)))  # both start from the ghost's first click
    race = Race(ghost)
    for delay, cell in ((0.0, (3, 3)), (1.0, (1, 5)), (0.5, (1, 1)), (0.5, (0, 0))):
        now[0] += delay
        match.apply(Move("reveal", cell))
        race.follow(match)
    assert race.progress.times_ms[-3:] == [0, 1000, 2000] and race.progress.won
    assert race.gap() == 2000 - 3796
    result = race.result(match)
    assert result == Result("player", 1796, "times")
    assert outcome_text(result, ghost.shown_name()) == "You beat 王嘉宁 by 1.796 s"
    match.retry()  # the same race again: the progress starts again
    assert match.race == "王嘉宁"
    race.follow(match)
    assert race.progress.reached == 0
    match.new_game()  # a new board is no race
    assert match.race is None


def test_a_replay_that_never_opens_a_cell_cannot_be_raced(ghost):
    replay = ghost.timeline.replay
    from dataclasses import replace
    empty = replace(replay, events=replay.events[:1], completed=False)
    with pytest.raises(RaceError):
        Ghost(Timeline(empty))


def test_code_layout_gives_the_mines_of_a_code(ghost):
    session = Session()
    assert session.code_layout(ghost.code()) == ghost.mines
    match = Match(ghost.code().config(), seed=5)
    match.apply(Move("reveal", (4, 4)))
    assert session.code_layout(match.board_code()) == match.layout()
