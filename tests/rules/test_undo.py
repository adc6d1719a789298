"""Undo after a loss (Simon Tatham's Mines): the fatal move taken back, the board exactly as
before it, the timer carrying on, the log replaying the whole story; and the records keeping
each game one row (game.session.Session.finished): a loss taken back stays counted as that
loss whatever follows (schema 10's counted_loss), a game with an undo is never a win."""

import json
import random
import sqlite3

import pytest

from game.rules.board import Config
from game.rules.engine import Game, State
from game.midend.match import Match, Played, Undone, replay_log
from game.rules.moves import Move
from game.records import schema
from game.records.db import RecordStore
from game.i18n import _
from game.records.notes import UNDONE, UNDONE_LOSS, left_out
from game.records.record import GameRecord
from game.records.recording import record_finished_game
from game.records.level_stats import level_stats
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
    assert match.clicks["reveal"] == 2  # the fatal click was made: it stays counted
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
    again = Match.from_log(data, game.config)
    outcomes = again.play_out()
    assert again.game.state is State.WON and appearance_grid(again.game) == appearance_grid(game)
    assert again.clicks == match.clicks and again.game.revision == game.revision
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


def session_records(tmp_path, name="records"):
    """Records in ``tmp_path / name`` and a Session recording through them (Session.finished),
    as the window's."""
    from game.records import open_records
    from game.session import Session

    records = open_records(str(tmp_path / name), stderr=None)
    return Session(records=records), records


def win_on(match):
    """Reveal every covered safe cell of ``match``'s game (flags taken off first)."""
    game = match.game
    for cell in game.cells():
        if cell not in game.layout() and not game.is_revealed(cell):
            if game.mark(cell) == "flag":
                match.apply(Move.flag(cell))
            match.apply(Move.reveal(cell))
    assert game.state is State.WON


def test_a_loss_taken_back_and_won_is_one_row_that_counts_as_the_loss(tmp_path):
    """Two players lose the same way; one takes the loss back and wins. Each game is one
    row (the second's written over with the win, its undo and ``counted_loss``); both have
    one played, no win, the same streaks and no best time: the undo improved nothing."""
    stats = []
    for undo in (False, True):
        session, records = session_records(tmp_path, str(undo))
        store = records.store
        match, clock, mined = started()
        clock.now = 2.0
        match.apply(Move.reveal(mined[1]))
        assert session.finished(match) == [] and match.lost_before_undo
        (loss,) = store.games()
        assert (loss.won, loss.undos, loss.counted_loss) == (False, 0, False)
        if undo:
            match.undo_loss()
            win_on(match)
            assert session.finished(match) == [_(UNDONE_LOSS)]
            (record,) = store.games()
            assert record.id == loss.id and record.won and record.undos == 1 and record.counted_loss
            assert records.last_rank is None and record.exclusions() == ("undo",)
            assert not record.counts_as_win and record.counted
            assert store.best_times("beginner") == [] and store.best("beginner", "efficiency") == []
            assert store.would_rank("beginner", 1) == 1  # the table is still empty
            assert store.log(record.id)["help"]["undos"] == 1
        stats.append(level_stats(store, "beginner"))
        records.close()
    plain, undone = stats
    for name in ("played", "won", "win_percent", "current_streak", "longest_streak", "best_times",
                 "average_time", "assisted", "abandoned", "best_speed", "best_efficiency"):
        assert getattr(plain, name) == getattr(undone, name), name
    assert (undone.played, undone.won) == (1, 0)
    assert [result for result, _ in undone.recent] == ["lost"]  # the recent games show the loss it counts as


def test_a_redo_back_to_the_loss_tells_no_hook_and_keeps_the_row_as_it_was(tmp_path):
    session, records = session_records(tmp_path)
    told = []
    session.hooks.append(lambda match, log: told.append(match.game.state) or "noted")
    match, clock, mined = started()
    match.apply(Move.reveal(mined[1]))
    assert session.finished(match) == ["noted"]
    (loss,) = records.store.games()
    for _ in range(3):
        clock.now += 5
        match.undo()
        match.redo()
        assert match.game.state is State.LOST
        assert session.finished(match) == ["noted"]  # the notes of that end, said again
    assert told == [State.LOST] and records.store.games() == [loss]
    match.undo()
    match.apply(Move.reveal(mined[2]))  # another loss: another end, over the same row
    session.finished(match)
    (again,) = records.store.games()
    assert told == [State.LOST] * 2 and again.id == loss.id and again.undos == 4 and again.counted_loss
    assert level_stats(records.store, "beginner").played == 1
    match.retry()  # a new board: a row of its own
    match.apply(Move.reveal((4, 4)))
    match.apply(Move.reveal(mined[1]))
    session.finished(match)
    assert len(records.store.games()) == 2
    records.close()


def test_a_game_with_an_undo_before_its_first_end_counts_nowhere_and_says_so_without_a_loss(tmp_path):
    """Issue 35: flag, undo, redo, undo, then a win: no loss was ever recorded, so the note
    says the game counts nowhere and claims no counted loss."""
    session, records = session_records(tmp_path)
    match, clock, mined = started()
    match.apply(Move.flag(mined[1]))
    match.undo()
    match.redo()
    match.undo()
    win_on(match)
    assert not match.lost_before_undo
    assert session.finished(match) == [_(UNDONE)] and "loss" not in _(UNDONE)
    (record,) = records.store.games()
    assert record.won and record.undos == 2 and not record.counted_loss and not record.counted
    stats = level_stats(records.store, "beginner")
    assert (stats.played, stats.won) == (0, 0)
    records.close()


def test_a_game_abandoned_after_its_loss_was_taken_back_is_its_one_row_still_the_loss(tmp_path):
    session, records = session_records(tmp_path)
    match, clock, mined = started()
    match.apply(Move.reveal(mined[1]))
    session.finished(match)
    match.undo_loss()
    assert session.abandon(match) is None
    (row,) = records.store.games()
    assert (row.won, row.abandoned, row.undos, row.counted_loss) == (False, True, 1, True)
    stats = level_stats(records.store, "beginner")
    assert (stats.played, stats.won, stats.abandoned) == (1, 0, 0)  # the loss, not an abandoned game
    records.close()


def test_an_abandoned_or_lost_game_after_an_undo_is_said_to_be_left_out():
    record = GameRecord("2024-01-01T00:00:00+00:00", "beginner", 9, 9, 10, False, 1000, 5, undos=2)
    assert left_out(record) == UNDONE and record.exclusions() == ("lost", "undo")
    record.counted_loss = True
    assert left_out(record) == UNDONE_LOSS and record.exclusions() == ("lost", "undo")
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


def test_the_console_u_takes_the_loss_back_and_the_win_that_follows_is_the_games_one_row(tmp_path):
    """On a laid 3x3 board (mines in the corners (0,0) and (2,2)): reveal (0,2), lose on
    (0,0), ``u`` shows the board as before, and the win that follows is written over the
    loss's row with its undo, counted as the loss; ``u`` with no loss says so."""
    commands = ["u", "r 0 2", "r 0 0", "u", "r 1 0", "r 2 0", "r 0 1", "r 1 1", "r 1 2", "r 2 1"]
    text, rows, match = console_run(tmp_path, commands)
    assert "there is no move to take back" in text and "u to take the move back" in text
    assert "The losing move is taken back. The loss stays counted" in text and "You won!" in text
    assert match.game.state is State.WON
    (row,) = rows
    assert (row.won, row.undos, row.counted_loss) == (True, 1, True)
    with RecordStore.open(tmp_path / "records.sqlite3") as store:
        assert (level_stats(store, "custom").played, level_stats(store, "custom").won) == (1, 0)
        log = store.log(row.id)
    assert ["play", 0, "reveal", 0, 0, "console"] in log["history"] and ["undo", 0] in log["history"]
    assert [row[1:4] for row in log["moves"]].count(["reveal", 0, 0]) == 0 and log["help"]["undos"] == 1


def test_the_console_u_of_a_flag_says_the_game_counts_nowhere(tmp_path):
    text, rows, match = console_run(tmp_path, ["r 0 2", "f 2 2", "u", "y", "r 0 0"])
    assert "The move is taken back. This game now counts in no statistic." in text
    (row,) = rows
    assert (row.won, row.undos, row.counted_loss) == (False, 1, False)


def console_run(tmp_path, commands, match=None):
    """``commands`` typed into the console on the laid 3x3 board (mines in the corners (0,0)
    and (2,2)), recorded to a store in ``tmp_path`` through the shared Session as
    ``--console`` does; returns (what it printed, the rows recorded, the match)."""
    import io

    from game.console.play import ConsoleGame, ConsoleRecords
    from game.records import open_records
    from game.session import Session

    records = open_records(str(tmp_path), stderr=None)
    match = match or Match(Config(3, 3, 2), mines=[(0, 0), (2, 2)], clock=Clock())
    hooks = ConsoleRecords(records, name="Ada")
    session = Session(records=records, name=hooks.name, hooks=[hooks.recorded])
    out = io.StringIO()
    ConsoleGame(match, out, session=session, ask_name=hooks.ask_name).run(
        io.StringIO("\n".join(commands) + "\n"))
    rows = records.store.games()
    records.close()
    return out.getvalue(), rows, match


def test_the_console_y_that_ends_the_game_again_says_so_and_the_game_stays_one_row(tmp_path):
    """Issue 34, item 3: lose, ``u``, ``y``: the redo loses again; the console prints the
    result as for any end (it printed nothing), and the records keep the one lost row."""
    text, rows, match = console_run(tmp_path, ["r 0 2", "r 0 0", "u", "y"])
    assert match.game.state is State.LOST
    assert text.count("BOOM! You hit the mine at") == 2
    (loss,) = rows
    assert (loss.won, loss.undos) == (False, 0)
