"""One game, one row (issue 34, item 3): the records' side. A game that ends again after an
undo is written over its own row (RecordStore.replace_game), whose figures are computed
afresh, and nothing computed for the old values lands on the new ones; schema 10's
``counted_loss`` keeps a loss taken back counted, and older files keep counting as before."""

import threading

from game.rules.moves import Move
from game.records import compstats, open_records
from game.records.db import RecordStore, unpack_log
from game.records.record import GameRecord
from game.records.level_stats import level_stats
from game.session import Session
from tests.play_helpers import old_database, win
from tests.rules.test_undo import started, win_on


def game_record(won=False, time_ms=5000, **changes) -> GameRecord:
    return GameRecord("2025-01-01T10:00:00+01:00", "beginner", 9, 9, 10, won, time_ms, 20, name="Ada", **changes)


def test_replace_game_writes_every_column_over_the_row_and_clears_its_figures(tmp_path):
    with RecordStore.open(tmp_path / "games.sqlite3") as store:
        other = store.add_game(game_record(won=True, time_ms=9000))
        first = store.add_game(game_record(), {"version": 2, "moves": []})
        store.set_derived(first, {"ioe": 0.5, "stats_state": compstats.COMPUTED})
        again = game_record(won=True, time_ms=7000, undos=1, counted_loss=True)
        assert store.replace_game(first, again, {"version": 2, "moves": [[1]]}) == first == again.id
        row = store.game(first)
        assert (row.won, row.time_ms, row.undos, row.counted_loss, row.ioe) == (True, 7000, 1, True, None)
        blob = store.conn.execute("SELECT log FROM games WHERE id = ?", (first,)).fetchone()[0]
        assert unpack_log(blob) == {"version": 2, "moves": [[1]]}
        assert store.conn.execute("SELECT stats_state FROM games WHERE id = ?", (first,)).fetchone()[0] == 0
        assert [r.id for r in store.games()] == [other, first] and store.game(other).time_ms == 9000
        store.reset()  # the row is gone (a reset meanwhile): written anew
        lone = game_record()
        assert store.replace_game(first, lone) == lone.id and store.count() == 1


def test_figures_computed_for_a_row_written_over_are_not_stored(monkeypatch):
    """The window computes a recorded game's figures on a thread. The row is written over
    while they are computed: the old figures are dropped, the new row's stored."""
    running, go = threading.Event(), threading.Event()

    def compute(items):  # the worker's computation (compstats.compute_here_or_apart), held until go
        running.set()
        go.wait(10)
        return [record.played_at for record, _ in items]  # a message each: which record it was
    stored = []
    monkeypatch.setattr(compstats, "compute_here_or_apart", compute)
    monkeypatch.setattr(compstats, "store_result", lambda store, record_id, result: stored.append((record_id, result)))
    worker = compstats.FiguresWorker()
    old, new = game_record(), game_record(won=True)
    old.id = new.id = 7
    new.played_at = "later"
    worker.submit([(old, {})])
    assert running.wait(10)
    worker.drop(7)
    assert not worker.pending(7)
    worker.submit([(new, {})])
    go.set()
    worker.wait(10)
    worker.poll(None)
    assert stored == [(7, "later")] and not worker.busy


def test_the_records_write_a_game_ended_again_over_its_row_and_forget_its_old_log(tmp_path):
    """The window stores a long log over the next frames; a game that ends again before
    its first log is stored gets only its last log."""
    records = open_records(str(tmp_path), stderr=None, pack_in_steps=True)
    session = Session(records=records)  # it records each end (Session.finished)
    match, clock, mined = started()
    match.apply(Move.reveal(mined[1]))
    big = dict(match.log_data(), pointer=[[0, "mv", 1, 1]] * 3000)  # over PACK_AT_ONCE events
    session.finished(match, big)
    assert records.packing
    match.undo_loss()
    win_on(match)
    session.finished(match, match.log_data())
    assert not records.packing  # the loss's log was dropped: the win's was stored with the row
    (row,) = records.store.games()
    assert row.won and row.counted_loss and len(records.store.log(row.id)["pointer"]) == 0
    records.close()


def test_a_schema_9_file_keeps_counting_its_loss_and_the_game_played_on_apart(tmp_path):
    """Before schema 10 a loss taken back was two rows: the loss, counted, and the game
    played on (undos > 0), counted nowhere. They open as they were counted."""
    path = tmp_path / "records.sqlite3"
    conn = old_database(path, 9)
    insert = ("INSERT INTO games (played_at, level, rows, cols, mines, won, time_ms, three_bv, name, undos) "
              "VALUES ('2025-01-01T10:00:00+01:00', 'beginner', 9, 9, 10, ?, ?, 20, 'Old', ?)")
    conn.execute(insert, (0, 4000, 0))
    conn.execute(insert, (1, 9000, 1))
    conn.close()
    with RecordStore.open(path) as store:
        loss, played_on = store.games()
        assert (loss.counted_loss, played_on.counted_loss) == (False, False)
        stats = level_stats(store, "beginner")
        assert (stats.played, stats.won, stats.best_times) == (1, 0, ())
        assert list(tmp_path.glob("records.sqlite3.v9-backup-*"))


def test_a_hand_edited_counted_loss_without_an_undo_is_not_a_game(tmp_path):
    path = tmp_path / "records.sqlite3"
    with RecordStore.open(path) as store:
        store.add_game(game_record(undos=1, counted_loss=True))
        store.add_game(game_record())
        store.conn.execute("UPDATE games SET counted_loss = 1 WHERE undos = 0")
    with RecordStore.open(path) as store:
        assert [(r.undos, r.counted_loss) for r in store.games()] == [(1, True)]
        assert "cannot be read" in store.warnings[0]


def test_a_console_match_ended_again_is_written_over_through_the_records_alone(tmp_path):
    """A front end that records through Records.finish without the Session (no same-end
    check) still keeps one row a board."""
    records = open_records(str(tmp_path), stderr=None)
    hook = records.finish
    match, clock, mined = started()
    match.apply(Move.reveal(mined[1]))
    hook(match, match.log_data())
    match.undo()
    match.redo()
    hook(match, match.log_data())
    (row,) = records.store.games()
    assert (row.won, row.undos, row.counted_loss) == (False, 1, True)
    match.new_game()
    clock.now += 1
    win(match, clock)
    hook(match, match.log_data())
    assert len(records.store.games()) == 2
    records.close()
