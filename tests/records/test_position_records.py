"""A game played from a position (issue 39, point 4: game.session.Session.open_position): a
position with unknown mines is laid by a layout that fits every number, a known layout is
kept exactly, and the game is recorded apart (schema 14's ``position``): never ranked, never
a best, out of played and won, said in both languages."""

import random

import pytest

from game.boardfile import BoardFile, parse_mine
from game.i18n import speaking
from game.midend.match import Source
from game.records import open_records, schema
from game.records.db import RecordStore
from game.records.notes import left_out
from game.records.record import GameRecord, opened_by
from game.rules.board import adjacent_mines
from game.rules.engine import State
from game.rules.moves import Move
from game.session import Session
from game.solver.problem import InconsistentPosition
from tests.play_helpers import old_database_with_a_win

MINES = frozenset({(0, 0), (1, 5), (2, 7), (4, 0), (5, 6), (6, 3), (7, 7), (8, 1), (8, 8), (3, 8)})
SHOWN = [(r, c) for r in range(2, 6) for c in range(1, 6)]  # a block of numbers in the middle


def position() -> BoardFile:
    """A 9x9 position with 10 mines: a block of revealed numbers, the mine (6; 3) flagged."""
    return BoardFile(9, 9, 10, {cell: adjacent_mines(cell, MINES, 9, 9) for cell in SHOWN}, frozenset({(6, 3)}))


def test_unknown_mines_are_laid_to_fit_every_number_and_flag():
    board = position()
    session = Session(rng=random.Random(3))
    layouts = set()
    for _ in range(20):
        match = session.open_position(board)
        game, mines = match.game, match.layout()
        assert match.position and opened_by(match) == "position" and len(mines) == 10
        assert (6, 3) in mines  # the flag counts as a mine
        for cell, number in board.revealed.items():
            assert adjacent_mines(cell, mines, 9, 9) == number and cell not in mines
            assert game.appearances(range(cell[0], cell[0] + 1), range(cell[1], cell[1] + 1))[0] == str(number)
        assert game.appearances(range(6, 7), range(3, 4))[0] == "flag"
        layouts.add(mines)
    assert len(layouts) > 10  # drawn, not one layout each time


def test_a_known_layout_is_kept_exactly():
    text = "4x3x2\nM1HH\n11HH\nHHHM\n"
    board = parse_mine(text)
    match = Session(rng=random.Random(1)).open_position(board)
    assert match.layout() == board.mines_known and match.position


def test_a_wrong_flag_stays_the_players_when_no_layout_fits_with_it():
    # the 0 says none of its neighbours is a mine: the flag beside it is the player's mistake
    board = BoardFile(3, 3, 1, {(0, 0): 0}, frozenset({(0, 1)}))
    match = Session(rng=random.Random(2)).open_position(board)
    assert (0, 1) not in match.layout() and match.game.appearances(range(1), range(1, 2))[0] == "flag"


def test_an_impossible_position_raises():
    with pytest.raises(InconsistentPosition):
        Session().open_position(BoardFile(3, 3, 1, {(1, 1): 3}))


def test_a_position_game_is_recorded_apart_and_never_ranked(tmp_path):
    now = [10.0]
    records = open_records(str(tmp_path), stderr=None)
    session = Session(records=records, name="Ada", clock=lambda: now[0])
    board = BoardFile(2, 3, 1, {(0, 0): 1, (1, 0): 1, (0, 2): 1, (1, 2): 1})  # the mine is (0; 1) or (1; 1)
    match = session.open_position(board)
    safe = ({(0, 1), (1, 1)} - match.layout()).pop()
    match.apply(Move("reveal", safe), Source.KEYBOARD)
    assert match.game.state is State.WON
    session.finished(match)
    record = records.last_record
    assert record.position and record.won and record.exclusions()[-1:] == ("position",)
    assert not record.best_time_eligible and not record.counted and not record.counts_as_win
    stored = records.store.game(record.id)
    assert stored.position
    assert records.store.results("custom") == []  # out of played and won
    assert "Played from a position" in left_out(stored)
    with speaking("es"):
        assert "desde una posición" in left_out(stored)
    plain = GameRecord("2026-12-02T11:00:00+00:00", "beginner", 9, 9, 10, True, 4000, 20)
    assert not plain.position and plain.exclusions() == () and plain.counted
    match.new_game()
    assert not match.position  # a new game deals a plain board
    records.store.close()


def test_an_older_file_gets_position_0(tmp_path):
    path = tmp_path / "records.sqlite3"
    old_database_with_a_win(path, schema.LATEST - 1)
    with RecordStore.open(path) as store:
        assert schema.user_version(store.conn) == schema.LATEST == 14
        [old] = store.games()
        assert not old.position and old.exclusions() == ()
        assert [r.time_ms for r in store.best_times("beginner")] == [9000]
