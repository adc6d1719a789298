"""Damaged databases that SQLite still opens: set aside, a fresh one started, the player told why.

Each case used to stop ``--stats``, the console and the window at every start: a
``games`` table missing or short of a column while ``user_version`` says it is
current (``no such column``), and bytes that are not UTF-8 in the stored schema
(SQLite quotes them in its error message, and the UnicodeDecodeError escaped).
The expected columns come from the code (schema.MIGRATIONS, RECORD_FIELDS), never a
list written here, so these tests follow a new schema version.
"""

import re
import sqlite3

import pytest

import main
from game.records import schema
from game.records.db import RecordStore
from game.records.database_file import expected_columns
from game.figures import names
from game.records.record import RECORD_FIELDS, GameRecord
from game.records.recording import open_records


def game(**changes):
    data = dict(played_at="2025-01-01T00:00:00+00:00", level="beginner", rows=9, cols=9,
                mines=10, won=True, time_ms=9000, three_bv=15, name="T")
    data.update(changes)
    return GameRecord(**data)


def make_db(path, columns=None, version=schema.LATEST, table=True):
    """A database whose ``games`` has ``columns`` (default: the latest schema's) at ``version``."""
    conn = sqlite3.connect(path, isolation_level=None)
    if table:
        columns = expected_columns(schema.LATEST) if columns is None else columns
        conn.execute(f"CREATE TABLE games ({', '.join(columns)})")
    else:
        conn.execute("CREATE TABLE notes (text TEXT)")
    conn.execute(f"PRAGMA user_version = {version}")
    conn.close()


def garbage_schema_db(path):
    """A current database whose stored CREATE TABLE text holds the byte 0xff."""
    conn = sqlite3.connect(path, isolation_level=None)
    for statements in schema.MIGRATIONS:
        for statement in statements:
            conn.execute(statement)
    conn.execute(f"PRAGMA user_version = {schema.LATEST}")
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute("UPDATE sqlite_master SET sql = CAST(x'435245415445205441424c452067616d657320ff28' AS TEXT) "
                 "WHERE name = 'games'")
    conn.close()


def newest_column():
    return expected_columns(schema.LATEST)[-1]


DAMAGE = {
    "no games table": (lambda p: make_db(p, table=False), "no games table"),
    "a column missing": (lambda p: make_db(p, [c for c in expected_columns(schema.LATEST) if c != "level"]),
                         "lacks the column level"),
    "the newest column missing": (
        lambda p: make_db(p, expected_columns(schema.LATEST)[:-1]), f"lacks the column {newest_column()}"),
    "schema bytes not UTF-8": (garbage_schema_db, "not UTF-8"),
}


def test_the_expected_columns_follow_the_code():
    latest = expected_columns(schema.LATEST)
    # a figure added to game.figures since the latest version is a column migrate adds (schema.missing_figures)
    added = [name for name in names() if name not in latest]
    assert set(RECORD_FIELDS) <= set(latest) | set(added)  # every field a GameRecord reads is checked or added
    with RecordStore.memory() as store:  # the same table a fresh store gets
        assert [row[1] for row in store.conn.execute("PRAGMA table_info(games)")] == latest + added
    assert "level" not in expected_columns(1) and "level" in expected_columns(2)


@pytest.mark.parametrize("case", DAMAGE)
def test_a_damaged_database_is_set_aside_and_a_fresh_one_works(tmp_path, case):
    damage, why = DAMAGE[case]
    db = tmp_path / "records.sqlite3"
    damage(db)
    before = db.read_bytes()
    with RecordStore.open(db) as store:
        [warning] = store.warnings
        assert "damaged" in warning and why in warning and "moved aside to records.sqlite3.corrupt-" in warning
        assert store.saves and store.count() == 0
        assert store.add_game(game()) == 1
        assert [r.time_ms for r in store.games()] == [9000]
    [aside] = tmp_path.glob("records.sqlite3.corrupt-*")
    assert aside.read_bytes() == before  # kept as it was, for the player to look at
    with RecordStore.open(db) as store:  # and the fresh file opens cleanly next time
        assert store.warnings == [] and store.count() == 1


@pytest.mark.parametrize("case", DAMAGE)
def test_stats_warns_and_prints(isolated_data_dir, capsys, case):
    damage, why = DAMAGE[case]
    damage(isolated_data_dir / "records.sqlite3")
    assert main.main(["--stats"]) == 0
    captured = capsys.readouterr()
    [line] = captured.err.splitlines()
    assert line.startswith("python main.py: warning: the records database") and why in line
    assert "beginner" in captured.out and "Traceback" not in captured.err


@pytest.mark.parametrize("case", DAMAGE)
def test_console_and_window_start_with_a_warning(isolated_data_dir, capsys, case):
    damage, why = DAMAGE[case]
    damage(isolated_data_dir / "records.sqlite3")
    records = open_records(str(isolated_data_dir))  # what the console and the window call
    assert any(why in w and "moved aside" in w for w in records.warnings)
    assert records.store.saves
    records.close()
    assert "moved aside" in capsys.readouterr().err


def test_an_old_version_short_of_its_own_column_is_set_aside(tmp_path):
    db = tmp_path / "records.sqlite3"
    make_db(db, [c for c in expected_columns(1) if c != "won"], version=1)  # migrating would not add it
    with RecordStore.open(db) as store:
        assert "lacks the column won" in store.warnings[0] and "schema version 1" in store.warnings[0]
        assert store.add_game(game()) == 1
    assert not list(tmp_path.glob("records.sqlite3.v1-backup-*"))  # damaged: set aside, not migrated


def test_a_sound_older_file_with_extra_columns_is_not_damage(tmp_path):
    db = tmp_path / "records.sqlite3"
    make_db(db, expected_columns(1) + ["remark"], version=1)
    with RecordStore.open(db) as store:
        assert store.warnings == [] and store.saves
    assert not list(tmp_path.glob("records.sqlite3.corrupt-*"))


def test_a_newer_file_short_of_a_known_column_is_damage(tmp_path):
    db = tmp_path / "records.sqlite3"
    make_db(db, [c for c in expected_columns(schema.LATEST) if c != "time_ms"], version=schema.LATEST + 1)
    with RecordStore.open(db) as store:
        assert "lacks the column time_ms" in store.warnings[0] and store.saves


def test_a_long_reason_is_cut(tmp_path):
    db = tmp_path / "records.sqlite3"
    make_db(db, ["id"], version=schema.LATEST)  # every column but one missing: a few are named
    with RecordStore.open(db) as store:
        [warning] = store.warnings
    assert " more, though its schema version" in warning and len(warning) < 400


@pytest.mark.parametrize("case", DAMAGE)
def test_a_damaged_database_is_told_in_spanish(tmp_path, case):
    """Issue 36: what the game found wrong with the file is said in the player's language
    (the warning is a Note: English as a str, Spanish as described)."""
    from game import i18n
    from game.messages import describe
    damage, why = DAMAGE[case]
    db = tmp_path / "records.sqlite3"
    damage(db)
    with RecordStore.open(db) as store:
        i18n.set_language("es")
        try:
            said = describe(store.warnings[0])
        finally:
            i18n.set_language("en")
    assert why in store.warnings[0] and why not in said
    assert "apartó" in said or "movió" in said or "aparte" in said, said
    for english in ("table", "column", "schema", "though", "bytes that"):
        assert not re.search(rf"\b{english}\b", said), said
