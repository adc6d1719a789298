"""Moves as values: Game.apply(Move) -> Outcome is the one way to change a position, and
Match.apply(Move) the one way a match changes its game."""

import random

import pytest

from game.rules.board import Config, lay_mines
from game.boardfile import loaded_match, parse_mine
from game.rules.engine import Game, State
from game.midend.match import Match
from game.rules.moves import KINDS, Move, Outcome

BOARD = "5x3x3\nHHMHH\nHHMHH\nHHMHH\n"  # columns x rows x mines: a wall of mines in column 2
MINES = {(0, 2), (1, 2), (2, 2)}


def laid() -> Game:
    """The position of :data:`BOARD` (the rules alone)."""
    return Game(Config(3, 5, 3), mines=parse_mine(BOARD).mines_known)


def test_a_reveal_that_floods_says_what_it_opened_and_changed():
    game = laid()
    outcome = game.apply(Move.reveal((2, 0)))
    assert isinstance(outcome, Outcome) and outcome.move == Move("reveal", (2, 0))
    assert outcome.opened == {(r, c) for r in range(3) for c in (0, 1)}  # the zeros and their border
    assert outcome.changed == outcome.opened and outcome.exploded is None
    assert not outcome.ended and not outcome.wasted and not outcome.ignored
    assert game.revision == 1


def test_a_loss_names_the_exploded_mine_and_ends_the_game():
    game = laid()
    game.apply(Move.reveal((2, 0)))
    outcome = game.apply(Move.reveal((1, 2)))
    assert outcome.exploded == (1, 2) and outcome.ended and game.state is State.LOST
    assert outcome.opened == frozenset() and MINES <= outcome.changed
    after = game.apply(Move.reveal((1, 1)))
    assert after.ignored and after.changed == frozenset() and game.revision == 2


def test_wasted_moves_are_counted_and_advance_the_revision():
    """The engine says a move was wasted and advances its revision; the midend counts it a
    wasted click (Match.clicks: the game's story, not its position)."""
    match = loaded_match(parse_mine(BOARD), Config(3, 5, 3))
    game = match.game
    match.apply(Move.reveal((2, 0)))
    again = match.apply(Move.reveal((2, 0)))
    assert again.wasted and again.changed == frozenset()
    flag_on_number = match.apply(Move.flag((2, 1)))
    chord_unready = match.apply(Move.chord((0, 1)))  # a 2 with no flag around it
    assert flag_on_number.wasted and chord_unready.wasted
    assert match.clicks == {"reveal": 1, "flag": 0, "chord": 0, "wasted": 3} and game.revision == 4
    assert match.total_clicks == 4


def test_a_win_ends_and_flags_every_mine():
    game = laid()
    game.apply(Move.flag((0, 2)))
    game.apply(Move.reveal((2, 0)))
    outcome = game.apply(Move.reveal((0, 4)))  # the other side: its flood finishes the board
    assert outcome.ended and game.state is State.WON
    assert {(1, 2), (2, 2)} <= outcome.changed and (0, 2) not in outcome.changed  # flagged already


def test_a_paused_game_ignores_moves_without_counting_them():
    match = Match(Config.difficulty("beginner"), rng=random.Random(3))
    game = match.game
    match.apply(Move.reveal((4, 4)))
    match.pause()
    before = dict(match.clicks)
    assert match.apply(Move.flag((0, 0))).ignored and match.clicks == before and game.revision == 1


def test_bad_moves_raise():
    game = laid()
    with pytest.raises(ValueError, match="kind 'dig'"):
        game.apply(Move("dig", (0, 1)))
    with pytest.raises(ValueError, match="off the board"):
        game.apply(Move.reveal((3, 0)))


@pytest.mark.parametrize("seed", range(20))
def test_the_shorthands_are_apply(seed):
    """reveal, toggle_flag and chord return apply's changed cells, on random play."""
    rng = random.Random(seed)
    config = Config(6, 7, 8)
    mines = lay_mines(config, None, random.Random(seed))
    a, b = Game(config, mines=mines), Game(config, mines=mines)
    shorthand = {"reveal": a.reveal, "flag": a.toggle_flag, "chord": a.chord}
    while not a.over and a.revision < 60:
        move = Move(rng.choice(KINDS), (rng.randrange(6), rng.randrange(7)))
        assert shorthand[move.kind](move.cell) == set(b.apply(move).changed)
    assert a.revision == b.revision and a.state == b.state
    assert a.appearances(range(6), range(7)) == b.appearances(range(6), range(7))


def test_a_new_board_starts_at_revision_zero():
    match = loaded_match(parse_mine(BOARD), Config(3, 5, 3))
    match.apply(Move.reveal((2, 0)))
    assert match.game.revision == 1
    match.retry()
    assert match.game.revision == 0
