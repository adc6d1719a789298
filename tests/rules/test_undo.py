"""Undo after a loss (Simon Tatham's Mines): the fatal move taken back, the board exactly as
before it, the timer carrying on, the log replaying the whole story; and the records keeping
the game played on out of every statistic (schema 7)."""

import json
import random
import sqlite3

import pytest

from game.board import Config
from game.engine import Game, State
from game.match import Match, Played, Undone, replay_log
from game.moves import Move
from game.records import schema
from game.records.db import RecordStore
from game.records.notes import UNDONE, left_out
from game.records.record import GameRecord
from game.records.session import record_finished_game
from game.records.stats import level_stats
from tests.play_helpers import Clock


def appearance_grid(game):
    return [[game.appearance((r, c)) for c in range(game.cols)] for r in range(game.rows)]


def started(seed=3, questions=True):
    """A Beginner match under a hand clock, opened at the centre, with a flag on a mine, a
    wrong flag and a question mark placed (so every mark has to come back)."""
    clock = Clock()
    config = Config(9, 9, 10, questions=questions)
    match = Match(config, rng=random.Random(seed), clock=clock)
    match.apply(Move.reveal((4, 4)))
    game = match.game
    mines = game.layout()
    covered = [c for c in game.cells() if game.appearance(c) == "covered"]
    safe = [c for c in covered if c not in mines]
    mined = [c for c in covered if c in mines]
    match.apply(Move.flag(mined[0]))  # a right flag
    match.apply(Move.flag(safe[0]))  # a wrong flag
    match.apply(Move.flag(safe[1]))
    match.apply(Move.flag(safe[1]))  # flag -> question mark
    assert game.mark(safe[1]) == "question"
    return match, clock, mined


def test_undo_restores_every_cell_the_counter_and_carries_the_timer_on():
    match, clock, mined = started()
    game = match.game
    clock.now = 3.0
    before, left, revision = appearance_grid(game), game.mines_left, game.revision
    outcome = match.apply(Move.reveal(mined[1]))
    assert outcome.exploded == mined[1] and game.state is State.LOST and match.can_undo_loss
    clock.now = 30.0  # looking at the lost board does not count
    changed = match.undo_loss()
    assert game.state is State.PLAYING and game.exploded is None and not match.can_undo_loss
    assert appearance_grid(game) == before and game.mines_left == left
    assert mined[1] in changed and set(game.layout()) <= changed
    assert match.elapsed == 3.0  # from the time of the loss, not reset
    clock.now = 31.0
    assert match.elapsed == 4.0
    assert game.revision == revision + 2  # the fatal move and the undo
    assert game.clicks["reveal"] == 2  # the fatal click was made: it stays counted
    with pytest.raises(ValueError, match="only a loss"):
        match.undo_loss()


def test_a_losing_chord_on_a_loaded_position_is_taken_back_with_its_question_mark():
    """(1,1) shows 2 with wrong flags on (0,1) and (1,0): the chord opens four safe cells,
    one question-marked, and both mines; the undo puts every one back as it was."""
    match = Match(Config(3, 3, 2, questions=True), mines=[(0, 0), (2, 2)], revealed=[(1, 1)],
                  flags=[(0, 1), (1, 0)])
    game = match.game
    match.toggle_flag((0, 2))
    match.toggle_flag((0, 2))  # flag -> question
    before = appearance_grid(game)
    match.chord((1, 1))
    assert game.state is State.LOST and game.is_revealed((0, 2))
    match.undo_loss()
    assert appearance_grid(game) == before and game.mark((0, 2)) == "question"
    assert game.mines_left == 0 and game.state is State.PLAYING


def test_only_a_loss_can_be_undone_once_and_each_loss_of_a_game_can():
    match, clock, mined = started()
    with pytest.raises(ValueError, match="is playing, not lost"):
        match.undo_loss()
    for n, mine in enumerate(mined[1:4], start=1):
        match.apply(Move.reveal(mine))
        match.undo_loss()
        assert match.undos == n and match.game.state is State.PLAYING
    won = Match(Config(9, 9, 10), rng=random.Random(1))
    for cell in won.game.cells():
        if won.game.state is State.READY or (cell not in won.layout() and not won.game.is_revealed(cell)):
            won.reveal(cell)
    assert won.game.state is State.WON and not won.can_undo_loss
    with pytest.raises(ValueError, match="is won"):
        won.undo_loss()


def test_the_log_keeps_the_move_taken_back_apart_and_replays_the_whole_game():
    match, clock, mined = started()
    game = match.game
    clock.now = 2.5
    match.apply(Move.reveal(mined[1]))
    fatal_at = len(match.history) - 1
    match.undo_loss()
    assert [tuple(m.move) for m in match.moves].count(("reveal", mined[1])) == 0
    assert match.history[fatal_at] == Played(2500, Move.reveal(mined[1])) and match.history[-1] == Undone(2500)
    clock.now = 4.0
    mines = game.layout()
    for cell in game.cells():
        if cell not in mines and game.appearance(cell) in ("covered", "question", "flag"):
            if game.mark(cell) == "flag":
                match.apply(Move.flag(cell))
            match.apply(Move.reveal(cell))
    assert game.state is State.WON
    data = json.loads(json.dumps(match.log_data()))
    assert data["history"][fatal_at:fatal_at + 2] == [["play", 2500, "reveal", *mined[1], "mouse"], ["undo", 2500]]
    assert [row[:4] for row in data["moves"]].count([2500, "reveal", *mined[1]]) == 0  # it stands no more
    assert data["help"]["undos"] == 1
    assert data["pointer_gaps"] == 1  # the pointer (had there been one) shows the move taken back
    again, outcomes = replay_log(data, game.config)
    assert again.state is State.WON and appearance_grid(again) == appearance_grid(game)
    assert again.clicks == game.clicks and again.revision == game.revision
    assert sum(1 for o in outcomes if o.exploded) == 1
    match.retry()
    assert match.history == [] and match.log_data()["history"] == [] and match.undos == 0


def test_a_log_whose_move_taken_back_did_not_lose_is_refused():
    match, _, _ = started()
    data = match.log_data()
    # A version 1 log (no sources, no history) took back only losing moves ("undone").
    data = {key: value for key, value in data.items() if key not in ("history", "help", "options")}
    data["version"] = 1
    data["moves"] = [row[:4] for row in data["moves"]]
    data["undone"] = [[1, 0, "reveal", 4, 4]]  # a revealed cell: no loss to take back
    with pytest.raises(ValueError, match="did not lose"):
        replay_log(data, match.game.config)


def test_a_game_played_on_after_an_undo_counts_in_no_statistic(tmp_path):
    """Two players lose the same way; one takes the loss back and wins. Both have one
    played, no win, the same streaks and no best time: the undo improved nothing."""
    stats = []
    for undo in (False, True):
        store = RecordStore.open(tmp_path / f"{undo}.sqlite3")
        match, clock, mined = started()
        clock.now = 2.0
        match.apply(Move.reveal(mined[1]))
        assert record_finished_game(store, match, log=match.log_data())[0]
        if undo:
            match.undo_loss()
            game = match.game
            for cell in game.cells():
                if cell not in game.layout() and not game.is_revealed(cell):
                    if game.mark(cell) == "flag":
                        match.apply(Move.flag(cell))
                    match.apply(Move.reveal(cell))
            assert game.state is State.WON
            record_id, rank = record_finished_game(store, match, log=match.log_data())
            record = store.game(record_id)
            assert rank is None and record.won and record.undos == 1
            assert record.exclusions() == ("undo",) and not record.counts_as_win
            assert left_out(record) == UNDONE and "undo" in UNDONE
            assert store.best_times("beginner") == [] and store.best("beginner", "efficiency") == []
            assert store.would_rank("beginner", 1) == 1  # the table is still empty
            assert len(store.games()) == 2 and store.log(record_id)["help"]["undos"] == 1
        stats.append(level_stats(store, "beginner"))
        store.close()
    plain, undone = stats
    for name in ("played", "won", "win_percent", "current_streak", "longest_streak", "best_times",
                 "average_time", "assisted", "abandoned", "best_speed", "best_efficiency", "recent"):
        assert getattr(plain, name) == getattr(undone, name), name
    assert (undone.played, undone.won) == (1, 0)


def test_an_abandoned_or_lost_game_after_an_undo_is_said_to_be_left_out():
    record = GameRecord("2024-01-01T00:00:00+00:00", "beginner", 9, 9, 10, False, 1000, 5, undos=2)
    assert left_out(record) == UNDONE and record.exclusions() == ("lost", "undo")
    assert left_out(GameRecord("2024-01-01T00:00:00+00:00", "beginner", 9, 9, 10, False, 1000, 5)) is None


def test_schema_7_migration_keeps_the_games_with_no_undo_and_backs_the_file_up(tmp_path):
    path = tmp_path / "games.sqlite3"
    conn = sqlite3.connect(path)
    for statements in schema.MIGRATIONS[:6]:
        for statement in statements:
            conn.execute(statement)
    conn.execute("PRAGMA user_version = 6")
    conn.execute("INSERT INTO games (played_at, level, rows, cols, mines, won, time_ms, three_bv, name) "
                 "VALUES ('2024-01-01T00:00:00+00:00', 'beginner', 9, 9, 10, 1, 9000, 20, 'Old')")
    conn.commit()
    conn.close()
    with RecordStore.open(path) as store:
        assert store.warnings == []
        [old] = store.games()
        assert old.undos == 0 and [r.time_ms for r in store.best_times("beginner")] == [9000]
        assert schema.user_version(store.conn) == schema.LATEST  # migrated on to the latest
    assert list(tmp_path.glob("games.sqlite3.v6-backup-*"))
    with sqlite3.connect(path) as conn:  # a hand-edited negative count is not a game
        conn.execute("UPDATE games SET undos = -1")
    with RecordStore.open(path) as store:
        assert store.games() == [] and "cannot be read" in store.warnings[0]


def test_the_console_u_takes_the_loss_back_and_records_the_game_played_on_apart(tmp_path):
    """On a laid 3x3 board (mines in the corners (0,0) and (2,2)): reveal (0,2), lose on
    (0,0), ``u`` shows the board as before, and the win that follows is recorded with
    its undo, out of every statistic; ``u`` with no loss says so."""
    import io

    from game.console import ConsoleGame, ConsoleRecords
    from game.records import open_records

    records = open_records(str(tmp_path), stderr=None)
    match = Match(Config(3, 3, 2), mines=[(0, 0), (2, 2)], clock=Clock())
    game = match.game
    hooks = ConsoleRecords(records, name="Ada")
    out = io.StringIO()
    commands = ["u", "r 0 2", "r 0 0", "u", "r 1 0", "r 2 0", "r 0 1", "r 1 1", "r 1 2", "r 2 1"]
    ConsoleGame(match, out, on_end=hooks.finish).run(io.StringIO("\n".join(commands) + "\n"))
    text = out.getvalue()
    assert "there is no move to take back" in text and "u to take the move back" in text
    assert "The losing move is taken back" in text and "You won!" in text
    boards = [part for part in text.split("> ") if part.lstrip().startswith("0")]
    assert game.state is State.WON
    loss, win = records.store.games()
    assert (loss.won, loss.undos, win.won, win.undos) == (False, 0, True, 1)
    assert level_stats(records.store, "custom").played == 1
    log = records.store.log(win.id)
    assert ["play", 0, "reveal", 0, 0, "console"] in log["history"] and ["undo", 0] in log["history"]
    assert [row[1:4] for row in log["moves"]].count(["reveal", 0, 0]) == 0 and log["help"]["undos"] == 1
    records.close()
    assert boards  # the board was shown after each command
