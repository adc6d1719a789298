"""Records are never lost: kill -9, two writers at once, corrupt files, newer files, migrations."""

import hashlib
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from game.records import schema
from game.records.db import ReadOnlyError, RecordStore
from game.records.record import GameRecord
from game.records.recording import open_records

ROOT = Path(__file__).resolve().parents[2]

WRITER = """
import os, sys, time
sys.path.insert(0, {root!r})
from game.records.db import RecordStore
from game.records.record import GameRecord
store = RecordStore.open(sys.argv[1])
assert not store.warnings, store.warnings
count = int(sys.argv[3])
if len(sys.argv) > 4:
    print("ready", flush=True)  # the store is open: waiting at the start line
while len(sys.argv) > 4 and not os.path.exists(sys.argv[4]):
    time.sleep(0.001)  # the start line (a poll for the file): both writers begin together
i = 0
while count < 0 or i < count:
    i += 1
    rid = store.add_game(GameRecord(
        played_at="2025-01-01T00:00:00+00:00", level="beginner", rows=9, cols=9, mines=10,
        won=i % 3 != 0, time_ms=5000 + i, three_bv=12, name=sys.argv[2]))
    print(rid, flush=True)
""".format(root=str(ROOT))


def writer(db, name, count, start=None):
    extra = [str(start)] if start else []
    return subprocess.Popen([sys.executable, "-c", WRITER, str(db), name, str(count), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def integrity(db):
    with sqlite3.connect(db) as conn:
        return conn.execute("PRAGMA integrity_check").fetchone()[0]


def game(**changes):
    data = dict(played_at="2025-01-01T00:00:00+00:00", level="beginner", rows=9, cols=9,
                mines=10, won=True, time_ms=9000, three_bv=15, name="T")
    data.update(changes)
    return GameRecord(**data)


@pytest.mark.parametrize("wait_for", [1, 25, 60])
def test_sigkill_mid_loop_loses_no_earlier_record(tmp_path, wait_for):
    db = tmp_path / "records.sqlite3"
    RecordStore.open(db).close()
    child = writer(db, "kill", -1)  # writes until killed
    acknowledged = [int(child.stdout.readline()) for _ in range(wait_for)]
    child.send_signal(signal.SIGKILL)  # while it is writing the next games
    child.wait(timeout=60)  # a deadline: SIGKILL ends it at once, a busy machine reaps it later
    assert child.returncode == -signal.SIGKILL
    assert integrity(db) == "ok"
    with RecordStore.open(db) as store:
        assert store.warnings == []
        ids = {r.id for r in store.games()}
        assert set(acknowledged) <= ids and len(ids) >= wait_for
        store.add_game(game())  # the store still takes games after the crash


def test_two_processes_writing_at_once_lose_nothing(tmp_path):
    db = tmp_path / "records.sqlite3"
    RecordStore.open(db).close()
    start = tmp_path / "go"
    children = [writer(db, name, 200, start) for name in ("left", "right")]
    assert [child.stdout.readline() for child in children] == ["ready\n"] * 2  # both are open and waiting
    start.touch()
    outputs = [child.communicate(timeout=60) for child in children]
    for child, (out, err) in zip(children, outputs):
        assert child.returncode == 0, err
        assert len(out.split()) == 200
    with RecordStore.open(db) as store:
        names = [r.name for r in store.games()]
    assert names.count("left") == 200 and names.count("right") == 200
    switches = sum(a != b for a, b in zip(names, names[1:]))
    print(f"writers interleaved {switches} times")
    assert integrity(db) == "ok"


@pytest.mark.parametrize("damage", ["garbage", "pages"])
def test_corrupt_database_is_moved_aside_with_a_message(tmp_path, damage, capsys):
    db = tmp_path / "records.sqlite3"
    if damage == "garbage":
        db.write_bytes(os.urandom(8192))
    else:  # a real database whose table pages are overwritten
        with RecordStore.open(db) as store:
            for i in range(300):
                store.add_game(game(time_ms=1000 + i, name="x" * 30))
        data = bytearray(db.read_bytes())
        page = 4096
        data[page:page * 6] = b"\xff\x13" * (page * 5 // 2)
        db.write_bytes(bytes(data))
    before = db.read_bytes()
    records = open_records(str(tmp_path))
    err = capsys.readouterr().err
    assert "moved aside to records.sqlite3.corrupt-" in err
    assert any("moved aside" in w for w in records.warnings)
    [aside] = tmp_path.glob("records.sqlite3.corrupt-*")
    assert aside.read_bytes() == before  # nothing is destroyed
    assert records.store.path == db and records.store.count() == 0
    assert records.store.add_game(game()) == 1
    records.close()
    assert integrity(db) == "ok"


def test_newer_database_opens_read_only_and_is_never_written(tmp_path):
    db = tmp_path / "records.sqlite3"
    with RecordStore.open(db) as store:
        store.add_game(game())
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA user_version = {schema.LATEST + 1}")
    conn.close()
    digest = hashlib.sha256(db.read_bytes()).hexdigest()
    store = RecordStore.open(db)
    assert store.read_only
    assert "newer version" in store.warnings[0] and "read-only" in store.warnings[0]
    assert [r.time_ms for r in store.games()] == [9000]
    with pytest.raises(ReadOnlyError, match="read-only"):
        store.add_game(game())
    with pytest.raises(ReadOnlyError):
        store.reset()
    store.close()
    assert hashlib.sha256(db.read_bytes()).hexdigest() == digest
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == schema.LATEST + 1
    conn.close()


V1_SCHEMA = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT, played_at TEXT NOT NULL,
    rows INTEGER NOT NULL, cols INTEGER NOT NULL, mines INTEGER NOT NULL,
    won INTEGER NOT NULL, time_ms INTEGER NOT NULL, three_bv INTEGER, name TEXT);
INSERT INTO games (played_at, rows, cols, mines, won, time_ms, three_bv, name) VALUES
    ('2019-05-01T20:00:00+02:00', 9, 9, 10, 1, 8400, 14, 'Old'),
    ('2019-05-02T20:00:00+02:00', 16, 30, 99, 0, 30000, 180, NULL),
    ('2019-05-03T20:00:00+02:00', 10, 12, 20, 1, 20000, 40, 'Old');
PRAGMA user_version = 1;
"""


def test_migration_from_version_1_keeps_every_game(tmp_path):
    db = tmp_path / "records.sqlite3"
    conn = sqlite3.connect(db)
    conn.executescript(V1_SCHEMA)
    conn.close()
    with RecordStore.open(db) as store:
        assert store.warnings == []
        old = store.games()
        assert [r.level for r in old] == ["beginner", "expert", "custom"]
        assert [r.won for r in old] == [True, False, True]
        assert old[0].three_bv_solved == 14 and old[1].three_bv_solved is None
        assert old[0].clicks_reveal is None and old[0].first_click is None
        assert old[1].name == "Player" and old[0].hints_used == 0
        assert [r.name for r in store.best_times("beginner")] == ["Old"]
        new_id = store.add_game(game(time_ms=7000))
        assert store.rank_of(new_id) == 1 and store.count() == 4
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == schema.LATEST
    conn.close()
    [backup] = tmp_path.glob("records.sqlite3.v1-backup-*")
    with sqlite3.connect(backup) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
        assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 3
    conn.close()


def test_someone_elses_database_is_set_aside(tmp_path):
    db = tmp_path / "records.sqlite3"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
    conn.close()
    with RecordStore.open(db) as store:
        assert "moved aside" in store.warnings[0]
        assert store.add_game(game()) == 1
    assert len(list(tmp_path.glob("records.sqlite3.corrupt-*"))) == 1
