"""Damaged records that once crashed every later run: a move log declaring a huge board or
unpacking to gigabytes (a zip bomb), a hand-edited figure of 1e26, an id beyond SQLite's
integers. Each is a real ``python main.py`` run on a database damaged with sqlite3 directly;
each must end with status 0 or 2, one line naming the game, no traceback, in bounded time
and memory, and the damaged row must stay in the file."""

import concurrent.futures
import json
import multiprocessing
import os
import random
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

import pytest

from game.rules.board import Config
from game.midend.match import Match
from game.rules.moves import Move
from game.midend.log_checks import MAX_LOG_BYTES, DamagedLog, inflate, load_log
from game.records.recording import open_records
from tests.play_helpers import Clock

ROOT = Path(__file__).resolve().parents[2]
MEMORY_CAP = 2 << 30  # address space of a run: a regression fails here instead of filling the machine
PEAK_MB = 600  # what the issue allows a run to take


def won_game(data_dir: Path) -> int:
    """Record one won Beginner game with its log in ``data_dir``; its id."""
    clock = Clock()
    match = Match(Config.difficulty("beginner"), rng=random.Random(2), clock=clock)
    match.command(Move.reveal((4, 4)))
    mines = match.layout()
    for cell in match.game.cells():
        if match.game.over:
            break
        if cell not in mines and not match.game.is_revealed(cell):
            clock.now += 0.25
            match.command(Move.reveal(cell))
    records = open_records(str(data_dir), stderr=None)
    record_id, _ = records.record(match, log=match.log_data())
    records.close()
    return record_id


def database(data_dir: Path) -> sqlite3.Connection:
    return sqlite3.connect(data_dir / "records.sqlite3", isolation_level=None)


def stored_log(data_dir: Path, record_id: int) -> dict:
    with database(data_dir) as conn:
        return json.loads(zlib.decompress(conn.execute("SELECT log FROM games WHERE id = ?",
                                                       (record_id,)).fetchone()[0]))


def store_blob(data_dir: Path, record_id: int, blob: bytes) -> None:
    """Put ``blob`` as game ``record_id``'s log, its figures to compute again (as an older game's)."""
    conn = database(data_dir)
    conn.execute("UPDATE games SET log = ?, stats_state = 0 WHERE id = ?", (blob, record_id))
    conn.close()


BOMBS: dict[tuple[str, int], bytes] = {}  # packed once a worker: a gigabyte takes 3 s of CPU to pack


def zip_bomb(log: dict, unpacked: int) -> bytes:
    """``log`` with a string of spaces that makes its JSON ``unpacked`` bytes long, zlib level 9
    (about 1,000 to 1)."""
    head = json.dumps(log)[:-1] + ', "pad": "'
    if (head, unpacked) not in BOMBS:
        BOMBS[head, unpacked] = _packed_bomb(head, unpacked)
    return BOMBS[head, unpacked]


def _packed_bomb(head: str, unpacked: int) -> bytes:
    packer = zlib.compressobj(9)
    parts = [packer.compress(head.encode())]
    block = b" " * (1 << 20)
    for _ in range(unpacked >> 20):
        parts.append(packer.compress(block))
    parts += [packer.compress(b'"}'), packer.flush()]
    return b"".join(parts)


def run(data_dir: Path, *argv: str, env: dict | None = None, cap: bool = True) -> subprocess.CompletedProcess:
    """``python main.py --data-dir DATA ARGV`` with its address space capped; returns it done,
    its peak resident size kept for :func:`peak_mb`."""
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))

    full = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    full.pop("MINESWEEPER_DATA_DIR", None)
    full.update(env or {})
    argv = [sys.executable, str(ROOT / "main.py"), "--data-dir", str(data_dir), *argv]
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        child = subprocess.Popen(argv, stdout=out, stderr=err, text=True, env=full, cwd=ROOT,
                                 preexec_fn=limit if cap else None)
        deadline = time.monotonic() + 120
        while True:  # wait4: this child's own resource usage (its peak, its children's included)
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                child.kill()
                raise subprocess.TimeoutExpired(argv, 120)
            time.sleep(0.01)  # (a poll of the child's end, not a wait for a time)
        child.returncode = os.waitstatus_to_exitcode(status)
        PEAKS.append(usage.ru_maxrss / 1024)
        out.seek(0)
        err.seek(0)
        return subprocess.CompletedProcess(argv, child.returncode, out.read(), err.read())


PEAKS: list[float] = []  # the peak resident size of each run() of the test under way, MB


@pytest.fixture(autouse=True)
def _runs_measured_apart():
    """Each test measures its own runs' peaks (:func:`peak_mb`), not those of earlier tests."""
    PEAKS.clear()
    yield


def peak_mb() -> float:
    """The largest resident size a :func:`run` of this test reached, MB (Linux: ru_maxrss in KB)."""
    return max(PEAKS, default=0.0)


def children_peak_mb() -> float:
    """The largest resident size any finished child of this process reached, MB: in a fresh
    process (:func:`figures_apart`), its figures' children alone."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def damaged_log(log: dict, case: str) -> bytes:
    """The packed log of ``case``: one of DAMAGE's keys."""
    log = dict(log)
    if case == "rows 10^30":
        log["rows"] = log["cols"] = 10 ** 30
    elif case == "rows 10^9":
        log["rows"] = log["cols"] = 10 ** 9
    elif case == "100000x100000":
        log["rows"] = log["cols"] = 100_000
    elif case == "cell 0":
        log["cell"] = 0
    elif case == "mine off the board":
        log["mines"] = [[500, 500], *log["mines"][1:]]
    elif case == "pointer at 10^40":
        log["pointer"] = [[0, "mv", 10 ** 40, 3]]
    elif case == "not a dict":
        log = [1, 2]
    elif case == "zip bomb":
        return zip_bomb(log, 1 << 30)
    elif case == "truncated":
        return zlib.compress(json.dumps(log).encode())[:-10]
    return zlib.compress(json.dumps(log).encode())


DAMAGE = {
    "rows 10^30": "its rows is 10000", "rows 10^9": "its rows is 1000000000", "100000x100000": "its rows is 100000",
    "cell 0": "its cell is 0", "mine off the board": "off its 9x9 board", "pointer at 10^40": "point out of range",
    "not a dict": "not the JSON text", "zip bomb": "unpacks to more than 16 MB", "truncated": "truncated",
}
MODES = {  # a mode that reads a game's log -> its arguments, with the game's id for {id}
    "stats": ("--stats",), "export": ("--export-stats", "-"), "review": ("--review", "{id}"),
    "replay": ("--replay", "{id}"), "save-replay": ("--save-replay", "{id}", "{dir}/out.evf"),
}


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    """A data folder with one won game and its log (copied per test)."""
    data = tmp_path_factory.mktemp("recorded")
    record_id = won_game(data)
    return data, record_id, stored_log(data, record_id)


def pending_copies(data_dir: Path, copies: int) -> sqlite3.Connection:
    """Add ``copies`` copies of game 1 to ``data_dir``'s records and mark every game's figures
    to compute again (as an older version's games); the open connection, for more changes."""
    conn = database(data_dir)
    columns = ", ".join(row[1] for row in conn.execute("PRAGMA table_info(games)") if row[1] != "id")
    for _ in range(copies):
        conn.execute(f"INSERT INTO games ({columns}) SELECT {columns} FROM games WHERE id = 1")
    conn.execute("UPDATE games SET stats_state = 0")
    return conn


def fresh_copy(recorded, tmp_path) -> tuple[Path, int, dict]:
    source, record_id, log = recorded
    data = tmp_path / "data"
    data.mkdir()
    (data / "records.sqlite3").write_bytes((source / "records.sqlite3").read_bytes())
    return data, record_id, log


@pytest.mark.parametrize("case", DAMAGE)
def test_a_damaged_log_is_named_once_left_out_and_kept(recorded, tmp_path, case):
    data, record_id, log = fresh_copy(recorded, tmp_path)
    store_blob(data, record_id, damaged_log(log, case))
    first = run(data, "--stats")
    assert first.returncode == 0 and "Traceback" not in first.stderr, first.stderr
    assert f"game {record_id}: its move log is damaged" in first.stderr and DAMAGE[case] in first.stderr
    assert "beginner" in first.stdout  # the game itself still counts: only its figures are missing
    again = run(data, "--stats")  # not tried again: no second warning, no crash
    assert again.returncode == 0 and again.stderr == ""
    with database(data) as conn:
        assert conn.execute("SELECT count(*) FROM games WHERE log IS NOT NULL").fetchone()[0] == 1
    assert peak_mb() < PEAK_MB


@pytest.mark.parametrize("mode", [m for m in MODES if m not in ("stats", "export")])
@pytest.mark.parametrize("case", ["zip bomb", "rows 10^30", "100000x100000", "cell 0"])
def test_a_damaged_log_gets_one_line_and_status_2_where_a_game_is_read(recorded, tmp_path, case, mode):
    data, record_id, log = fresh_copy(recorded, tmp_path)
    store_blob(data, record_id, damaged_log(log, case))
    done = run(data, *(a.format(id=record_id, dir=tmp_path) for a in MODES[mode]))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and f"game {record_id}: its move log is damaged" in done.stderr
    assert DAMAGE[case] in done.stderr
    assert not (tmp_path / "out.evf").exists()
    assert peak_mb() < PEAK_MB


def test_the_bomb_stops_unpacking_at_the_bound():
    log = {"rows": 9, "cols": 9, "mines": []}
    bomb = zip_bomb(log, 64 << 20)
    assert len(bomb) < 100_000
    with pytest.raises(DamagedLog, match="unpacks to more than 16 MB"):
        inflate(bomb)
    assert inflate(zlib.compress(b"x" * MAX_LOG_BYTES)) == b"x" * MAX_LOG_BYTES  # the bound itself is kept
    with pytest.raises(DamagedLog, match="its rows is 9; its game has 16"):
        load_log(zlib.compress(json.dumps(log).encode()), 16, 30)


@pytest.mark.parametrize("column, value", [("bbbv_per_s", "1e26"), ("rqp", "9e999"), ("ios", "-1e300"),
                                           ("clicks", "-9223372036854775808"), ("rows", "100000"),
                                           ("cols", "0"), ("mines", "82"), ("three_bv", "1000000")])
def test_a_figure_or_size_out_of_range_leaves_the_game_out_with_one_warning(recorded, tmp_path, column, value):
    data, record_id, _ = fresh_copy(recorded, tmp_path)
    conn = database(data)
    conn.execute(f"UPDATE games SET {column} = {value} WHERE id = ?", (record_id,))
    conn.close()
    for argv in (("--stats",), ("--lang", "es", "--stats"), ("--export-stats", "-")):
        done = run(data, *argv)
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        assert done.stderr.count("\n") == 1 and f"id {record_id})" in done.stderr
    with database(data) as conn:
        assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 1  # kept in the file


def test_the_window_game_list_leaves_out_a_huge_figure(recorded, tmp_path):
    """Statistics -> Games read the row and formatted 1e26 (decimal.InvalidOperation)."""
    from game.records.db import RecordStore
    from game.records.level_stats import recent_games
    from game.ui.stats.game_list import row_values

    data, record_id, _ = fresh_copy(recorded, tmp_path)
    conn = database(data)
    conn.execute("INSERT INTO games (played_at, level, rows, cols, mines, won, time_ms, three_bv, bbbv_per_s) "
                 "SELECT played_at, level, rows, cols, mines, won, time_ms, three_bv, 1e26 FROM games")
    conn.close()
    with RecordStore.open(data / "records.sqlite3") as store:
        assert [r.id for r in store.games()] == [record_id] and "id 2)" in store.warnings[0]
        assert [row_values(r)[0] for r in recent_games(store, "beginner")]


@pytest.mark.parametrize("argv", [("--review", "99999999999999999999"), ("--replay", "99999999999999999999"),
                                  ("--save-replay", "99999999999999999999", "x.evf"),
                                  ("--review", "9223372036854775808"), ("--review", "0")])
def test_an_id_beyond_sqlites_integers_is_no_game(recorded, tmp_path, argv):
    data, _, _ = fresh_copy(recorded, tmp_path)
    done = run(data, *argv)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and f"no game has the id {int(argv[1])}" in done.stderr


def test_a_figure_computed_infinite_is_stored_as_none_not_making_the_row_unreadable(recorded, tmp_path):
    from game.figures import FIGURES
    from game.records.compstats import store_result
    from game.records.db import RecordStore
    from game.replay.events import ReplayStats

    data, record_id, _ = fresh_copy(recorded, tmp_path)
    values = {f.name: 1 for f in FIGURES}
    values.update(bbbv_per_s=float("inf"), rqp=float("nan"), path_px=1e300)
    with RecordStore.open(data / "records.sqlite3") as store:
        store_result(store, record_id, ReplayStats(bbbv_solved=20, **values))
        record = store.game(record_id)
        assert record is not None
        assert (record.bbbv_per_s, record.rqp, record.path_px, record.ioe) == (None, None, None, 1)


def test_a_batch_of_figures_holds_one_long_game_at_a_time(recorded, tmp_path, monkeypatch):
    """Logs are read in batches whose events stay within BATCH_EVENTS (one long game alone
    may exceed it), so two hundred long games never sit in memory at once."""
    from game.records import compstats
    from game.records.db import RecordStore

    data, record_id, log = fresh_copy(recorded, tmp_path)
    pending_copies(data, 2).close()
    size = len(log["moves"]) + len(log["pointer"])
    monkeypatch.setattr(compstats, "BATCH_EVENTS", 2 * size)
    with RecordStore.open(data / "records.sqlite3") as store:
        assert [r.id for r, _ in compstats.pending(store)] == [3, 2]
        monkeypatch.setattr(compstats, "BATCH_EVENTS", 1)
        assert [r.id for r, _ in compstats.pending(store)] == [3]  # one game, however long


def test_a_log_still_in_memory_passes_the_checks_and_gets_its_figures():
    """The window hands the figures' process the log of the game just ended as the match
    keeps it (its pointer events tuples, not JSON's lists): it is not taken for damaged."""
    from game.midend.log_checks import check_log
    from game.records.compstats import compute
    from game.records.record import GameRecord

    match = Match(Config.difficulty("beginner"), rng=random.Random(5), clock=Clock())
    match.pointer("lc", 72, 72)
    match.pointer("lr", 72, 72)
    match.apply(Move.reveal((4, 4)))
    while not match.game.over:
        match.apply(Move.reveal(next(c for c in match.game.cells() if not match.game.is_revealed(c))))
    log = match.log_snapshot()
    assert any(isinstance(event, tuple) for event in log["pointer"])  # what the window hands over
    check_log(log, 9, 9)
    record = GameRecord.from_match(match)
    assert not isinstance(compute([(record, log)])[0], str)


def test_the_window_hands_damaged_logs_to_the_figures_process_unopened(recorded, tmp_path):
    """The Statistics screen hands pending games' logs to the figures' process as stored
    (compstats.pending with ``packed``: nothing unpacked in the window's frame); there each
    damaged log, of every kind, gets no figures and is not asked again, the sound game gets
    its figures, and memory stays bounded (the zip bomb stops at its bound)."""
    from game.records import compstats
    from game.records.db import RecordStore

    data, record_id, log = fresh_copy(recorded, tmp_path)
    conn = database(data)
    columns = [row[1] for row in conn.execute("PRAGMA table_info(games)") if row[1] != "id"]
    copies = {}
    for case in DAMAGE:
        conn.execute(f"INSERT INTO games ({', '.join(columns)}) SELECT {', '.join(columns)} FROM games WHERE id = ?",
                     (record_id,))
        copies[conn.execute("SELECT max(id) FROM games").fetchone()[0]] = case
    conn.execute("UPDATE games SET stats_state = 0")
    conn.close()
    for copy, case in copies.items():
        store_blob(data, copy, damaged_log(log, case))
    # in a fresh process, so that the peak measured is its figures' children's alone (this
    # worker's children include whatever earlier tests ran in it: the 1000x1000 replay's)
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        ids, found, peak = pool.submit(figures_apart, str(data / "records.sqlite3")).result()
    assert ids == sorted([record_id, *copies], reverse=True)
    for record, message in zip(ids, found):
        assert (message is not None) == (record != record_id), (copies.get(record), message)
    with RecordStore.open(data / "records.sqlite3") as store:
        assert compstats.pending(store, packed=True) == []
        assert store.game(record_id).bbbv_per_s is not None
    assert peak < PEAK_MB


def figures_apart(path: str) -> tuple[list[int], list[str | None], float]:
    """In a fresh process (the test above): the pending games of the records file ``path``
    handed to the figures' process packed, as the Statistics screen hands them, each result
    stored; returns (their ids, None for figures or the message of a game that has none, the
    largest resident size of this process's children, MB)."""
    from game.records import compstats
    from game.records.db import RecordStore

    with RecordStore.open(Path(path)) as store:
        items = compstats.pending(store, packed=True)
        assert all(isinstance(blob, bytes) for _, blob in items)
        results = compstats.compute_apart(items)
        for (record, _), result in zip(items, results):
            compstats.store_result(store, record.id, result)
    return ([record.id for record, _ in items], [result if isinstance(result, str) else None for result in results],
            children_peak_mb())


def test_packed_pending_batches_by_bytes_and_sets_aside_a_log_that_is_not_bytes(recorded, tmp_path, monkeypatch):
    from game.records import compstats
    from game.records.db import RecordStore

    data, record_id, log = fresh_copy(recorded, tmp_path)
    conn = pending_copies(data, 3)
    conn.execute("UPDATE games SET log = 'typed by hand' WHERE id = 4")
    size = conn.execute("SELECT length(log) FROM games WHERE id = 1").fetchone()[0]
    conn.close()
    monkeypatch.setattr(compstats, "BATCH_BYTES", 2 * size)
    with RecordStore.open(data / "records.sqlite3") as store:
        damaged = []
        assert [r.id for r, _ in compstats.pending(store, damaged=damaged, packed=True)] == [3, 2]
        assert len(damaged) == 1 and "game 4: its move log is damaged" in damaged[0]
        assert store.conn.execute("SELECT stats_state FROM games WHERE id = 4").fetchone()[0] == compstats.NONE
        monkeypatch.setattr(compstats, "BATCH_BYTES", 1)
        assert [r.id for r, _ in compstats.pending(store, packed=True)] == [3]  # one game, however long


def test_the_figures_process_unpacks_one_batch_of_events_at_a_time(recorded, tmp_path, monkeypatch):
    from game.records import compstats

    _data, _record_id, log = fresh_copy(recorded, tmp_path)
    size = len(log["moves"]) + len(log["pointer"])
    monkeypatch.setattr(compstats, "BATCH_EVENTS", 2 * size)
    blob = zlib.compress(json.dumps(log).encode())
    items = [("a", blob), ("b", log), ("c", b"not zlib"), ("d", blob), ("e", {"moves": 5})]
    batches = list(compstats.unpacked_batches(items))
    assert [[name for name, _ in batch] for batch in batches] == [["a", "b", "c"], ["d", "e"]]
    assert batches[0][0][1] == log and batches[0][2][1] is None and batches[1][1][1] == {"moves": 5}
