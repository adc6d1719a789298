"""A race in the records (issue 38, point 3): schema 12's ``race`` (the ghost's player name,
NULL for any other game), never ranked as a plain game (reason ``race`` in both languages),
the CSV's last column, and its saved EVF plays back as a normal replay."""

import csv
import io

import main
from game.i18n import speaking
from game.records import open_records, schema
from game.records.db import RecordStore
from game.records.notes import left_out
from game.records.record import GameRecord
from game.replay.files import read_replay
from game.replay.player import Timeline
from game.replay.race import Ghost
from game.midend.match import Source
from game.rules.moves import Move
from game.session import Session
from tests.play_helpers import old_database_with_a_win

EVF = "tests/corpus/replays/metasweeper_v3.evf"  # 8x8/10, won in 3.796 s by 王嘉宁


def raced(tmp_path, clicks=((3, 3), (1, 5), (1, 1), (0, 0))):
    """Race the corpus EVF in a Session recording in ``tmp_path``; returns (records, record)."""
    now = [50.0]
    records = open_records(str(tmp_path), stderr=None)
    session = Session(records=records, name="Ada", clock=lambda: now[0])
    ghost = Ghost(Timeline(read_replay(EVF)))
    match = session.open_race(ghost)
    for cell in clicks:
        now[0] += 0.5
        match.apply(Move("reveal", cell), Source.KEYBOARD)  # no pointer: the EVF clicks the cells
    session.finished(match)
    return records, records.last_record


def test_a_race_is_recorded_with_the_ghosts_name_and_never_ranked(tmp_path):
    records, record = raced(tmp_path)
    assert record.won and record.race == "王嘉宁" and record.time_ms == 1500
    assert record.exclusions() == ("race",) and not record.best_time_eligible
    stored = records.store.game(record.id)
    assert stored.race == "王嘉宁"
    assert records.store.best_times("beginner_8x8") == []
    assert "race against a replay's ghost" in left_out(stored)
    with speaking("es"):
        assert "carrera contra un fantasma" in left_out(stored)
    plain = GameRecord("2026-12-02T11:00:00+00:00", "beginner_8x8", 8, 8, 10, True, 4000, 20)
    assert plain.race is None and plain.exclusions() == ()
    records.store.close()


def test_an_older_file_gets_race_null(tmp_path):
    path = tmp_path / "records.sqlite3"
    old_database_with_a_win(path, schema.LATEST - 1)
    with RecordStore.open(path) as store:
        assert schema.user_version(store.conn) == schema.LATEST
        [old] = store.games()
        assert old.race is None and old.exclusions() == ()
        assert [r.time_ms for r in store.best_times("beginner")] == [9000]


def test_the_csv_ends_with_race_and_the_saved_evf_plays_back(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("MINESWEEPER_DATA_DIR", str(tmp_path))
    records, record = raced(tmp_path)
    records.store.close()
    records.close()
    assert main.main(["--export-stats", "-"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert list(rows[0])[-3:] == ["race", "trial", "position"] and rows[-1]["race"] == "王嘉宁"  # schema 12's, 13's, 14's
    target = tmp_path / "race.evf"
    assert main.main(["--save-replay", "last", str(target)]) == 0
    replay = read_replay(str(target))
    timeline = Timeline(replay)  # a normal replay: the viewer's timeline of it ends won on the same board
    assert replay.completed and timeline.completed and replay.time_ms == 1500
    assert frozenset(replay.mines) == Ghost(Timeline(read_replay(EVF))).mines
    assert Ghost(timeline).start == (3, 3)  # and it can be raced in its turn
