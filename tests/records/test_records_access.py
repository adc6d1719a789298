"""Records the player cannot write or fully read: permissions, a read-only folder, a lock held
by another program, hand-edited rows. The file is never moved aside for these, the games
that can be read are shown, and the player is told in one line what is wrong."""

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

import main
from game.rules.board import Config
from game.records import database_file as opening
from game.records.db import RecordStore
from game.records.record import GameRecord
from game.records.recording import open_records

ROOT = Path(__file__).resolve().parents[2]
READONLY_DIRECTORY = 8 | 6 << 8  # SQLITE_READONLY_DIRECTORY: the folder is read-only


def game(level="beginner", won=True, time_ms=9000, name="Ann"):
    return GameRecord(played_at="2025-01-01T00:00:00+00:00", level=level, rows=9, cols=9,
                      mines=10, won=won, time_ms=time_ms, three_bv=15, name=name)


def filled(folder: Path, games=3) -> Path:
    """A good records database in ``folder`` with ``games`` beginner wins of 9, 10, 11 s ..."""
    path = folder / "records.sqlite3"
    with RecordStore.open(path) as store:
        for i in range(games):
            store.add_game(game(time_ms=9000 + 1000 * i))
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def won_beginner():
    """A Beginner match won by its one click (deal 38557, centre), eligible for the best times
    (dealt from a seeded Random, not by --seed, whose boards never enter them)."""
    import random

    from game.commands.cli import parse_args
    from game.console.play import make_match, run_session

    args = parse_args(["--console", "--difficulty", "beginner"])
    args.rng = random.Random(38557)
    finished = make_match(args, run_session(args))
    finished.reveal((4, 4))
    assert finished.game.state.value == "won" and finished.config == Config.difficulty("beginner")
    return finished


def stats(capsys, *options):
    status = main.main(["--stats", *options])
    out, err = capsys.readouterr()
    return status, out, err


def beginner_row(out: str) -> list[str]:
    return next(line.split() for line in out.splitlines() if line.startswith("beginner"))


# ----- simulated permissions (tests run as root, where chmod does not stop anyone) -------------
class Denied:
    """Make SQLite and os.access behave for ``path`` as for a user without some permissions.

    ``read=False``: SQLite cannot open the file at all (SQLITE_CANTOPEN), as a mode 600 file
    of another user. ``write=False``: SQLite opens it but every write fails (a ``mode=ro``
    connection gives SQLITE_READONLY), as a mode 644 file of another user. ``folder=False``:
    the folder is read-only (chmod 555): SQLite cannot make the -shm file, so only an
    ``immutable=1`` connection reads it (SQLITE_READONLY_DIRECTORY otherwise).
    """

    def __init__(self, monkeypatch, path: Path, read=True, write=True, folder=True):
        self.path, self.read, self.write, self.folder = path, read, write, folder
        self.real_connect, self.real_access = sqlite3.connect, os.access
        monkeypatch.setattr(sqlite3, "connect", self.connect)
        monkeypatch.setattr(os, "access", self.access)

    def mine(self, target) -> bool:
        text = str(target)
        return text == str(self.path) or (text.startswith("file:") and
                                          text.split("?")[0] == self.path.resolve().as_uri())

    def connect(self, target, *args, **kwargs):
        if not self.mine(target):
            return self.real_connect(target, *args, **kwargs)
        if not self.read:
            raise fail("unable to open database file", 14)
        if not self.folder and "immutable=1" not in str(target):
            raise fail("attempt to write a readonly database", READONLY_DIRECTORY)
        if not self.write and not str(target).startswith("file:"):
            kwargs["uri"] = True
            target = self.path.resolve().as_uri() + "?mode=ro"
        return self.real_connect(target, *args, **kwargs)

    def access(self, target, mode, *args, **kwargs):
        target = Path(target)
        if target == self.path and ((mode & os.R_OK and not self.read) or (mode & os.W_OK and not self.write)):
            return False
        if target == self.path.parent and mode & os.W_OK and not self.folder:
            return False
        return self.real_access(target, mode, *args, **kwargs)


def fail(message: str, code: int) -> sqlite3.OperationalError:
    err = sqlite3.OperationalError(message)
    err.sqlite_errorcode = code
    return err


def test_a_file_the_user_may_not_read_is_left_alone_and_said_so(isolated_data_dir, capsys, monkeypatch):
    path = filled(isolated_data_dir)
    before = digest(path)
    Denied(monkeypatch, path, read=False)
    status, out, err = stats(capsys)
    assert status == 0 and beginner_row(out)[1] == "0"
    assert f"permission denied: you may not read {path}" in err and "moved aside" not in err
    records = open_records(None)
    assert records.store.path is None and "permission denied" in records.store.problem
    note = records.finish(won_beginner())
    assert note == f"This game was not saved to the records (permission denied: you may not read {path})."
    records.close()
    assert list(isolated_data_dir.glob("*.corrupt-*")) == [] and digest(path) == before


def test_a_file_the_user_may_not_write_is_read_only_and_nothing_is_claimed(isolated_data_dir, capsys,
                                                                           monkeypatch):
    path = filled(isolated_data_dir)
    before = digest(path)
    Denied(monkeypatch, path, write=False)
    status, out, err = stats(capsys)
    assert status == 0 and beginner_row(out)[1:3] == ["3", "3"]
    assert f"cannot be written (permission denied: you may not write {path})" in err
    records = open_records(None, stderr=None)
    assert records.store.read_only and records.store.count() == 3
    assert records.record(won_beginner()) == (None, None)
    assert "read-only (permission denied" in records.warnings[-1]
    records.close()
    assert list(isolated_data_dir.glob("*.corrupt-*")) == [] and digest(path) == before


def test_a_read_only_folder_shows_the_records_and_says_new_games_are_not_saved(isolated_data_dir, capsys,
                                                                                monkeypatch, tmp_path):
    path = filled(isolated_data_dir)
    before = digest(path)
    Denied(monkeypatch, path, folder=False)
    status, out, err = stats(capsys)
    assert status == 0 and beginner_row(out)[1:3] == ["3", "3"]
    assert "9.000 s" in out
    [line] = [line for line in err.splitlines() if "records" in line]
    assert f"the folder {isolated_data_dir} is read-only" in line and "will not be saved" in line
    assert main.main(["--export-stats", str(tmp_path / "out.csv")]) == 0
    assert len((tmp_path / "out.csv").read_text().splitlines()) == 4
    assert list(isolated_data_dir.glob("*.corrupt-*")) == [] and digest(path) == before


# ----- real permissions: the check run as user nobody (setpriv) ---------------------------------
@pytest.fixture
def as_nobody():
    """``run(folder, *options) -> CompletedProcess``: ``main.py`` run as uid/gid 65534."""
    setpriv = shutil.which("setpriv")
    if os.geteuid() != 0 or setpriv is None:
        pytest.skip("needs root and setpriv to run a check as another user")
    import platformdirs

    shared = Path(tempfile.mkdtemp(prefix="records-nobody-", dir="/tmp"))
    shared.chmod(0o755)
    shutil.copytree(Path(platformdirs.__file__).parent, shared / "lib" / "platformdirs")
    for folder in (shared / "lib", *(shared / "lib").rglob("*")):
        folder.chmod(0o755 if folder.is_dir() else 0o644)
    env = {"PATH": os.environ.get("PATH", "/usr/bin"), "PYTHONPATH": str(shared / "lib"),
           "PYTHONDONTWRITEBYTECODE": "1", "HOME": str(shared)}
    prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]

    def run(*command):
        return subprocess.run([*prefix, *command], capture_output=True, text=True, env=env,
                              cwd=shared, timeout=60)

    python = next((exe for exe in (sys.executable, "/usr/bin/python3")
                   if run(exe, "-c", f"import sys, sqlite3, platformdirs; sys.path.insert(0, {str(ROOT)!r}); "
                          "import game.commands.cli; assert sys.version_info >= (3, 10)").returncode == 0), None)
    if python is None:
        shutil.rmtree(shared)
        pytest.skip("no Python that user nobody can run with this checkout")

    def main_as_nobody(folder: Path, *options):
        return run(python, str(ROOT / "main.py"), "--data-dir", str(folder), *options)

    main_as_nobody.shared = shared
    yield main_as_nobody
    shutil.rmtree(shared)


def test_real_permissions_as_another_user(as_nobody):
    shared = as_nobody.shared
    private, other, readonly = (shared / name for name in ("private", "other", "readonly"))
    for folder in (private, other, readonly):
        folder.mkdir()
        filled(folder)
    for folder in (private, other):  # root's files in folders anyone may write
        folder.chmod(0o777)
    (private / "records.sqlite3").chmod(0o600)
    (other / "records.sqlite3").chmod(0o644)
    for item in (readonly, *readonly.iterdir()):
        os.chown(item, 65534, 65534)
    readonly.chmod(0o555)
    before = {folder: digest(folder / "records.sqlite3") for folder in (private, other, readonly)}

    done = as_nobody(private, "--stats")
    assert done.returncode == 0, done.stderr
    assert "permission denied: you may not read" in done.stderr and "Traceback" not in done.stderr
    for folder in (other, readonly):
        done = as_nobody(folder, "--stats")
        assert done.returncode == 0, done.stderr
        assert done.stdout.splitlines()[2].split()[:3] == ["beginner", "3", "3"], done.stdout
        assert "will not be saved" in done.stderr
    assert "you may not write" in as_nobody(other, "--stats").stderr
    assert f"the folder {readonly} is read-only" in as_nobody(readonly, "--stats").stderr
    for folder in (private, other, readonly):
        assert not list(folder.glob("*.corrupt-*")) and digest(folder / "records.sqlite3") == before[folder]


# ----- a lock held by another program ------------------------------------------------------------
@pytest.fixture
def short_waits(monkeypatch):
    monkeypatch.setattr(opening, "START_WAIT", 0.2)
    monkeypatch.setattr(opening, "BUSY_TIMEOUT", 1.0)


def hold_lock(path: Path) -> sqlite3.Connection:
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    return holder


def test_a_lock_held_at_start_is_told_then_the_records_are_read_only_and_no_rank_is_claimed(
        isolated_data_dir, capsys, short_waits):
    path = filled(isolated_data_dir)
    holder = hold_lock(path)
    try:
        records = open_records(None)
        err = capsys.readouterr().err
        assert f"python main.py: waiting up to 1 s for the records database {path}: another program holds" in err
        assert "another program held its lock" in err
        assert records.store.read_only and records.store.count() == 3
        note = records.finish(won_beginner())  # faster than every recorded game
        assert "not saved" in note or "nothing was saved" in note
        assert records.last_rank is None and "New best time" not in note
        records.close()
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert not list(isolated_data_dir.glob("*.corrupt-*"))


def test_a_lock_released_during_the_wait_lets_the_session_save(isolated_data_dir, capsys, short_waits):
    path = filled(isolated_data_dir)
    holder = hold_lock(path)
    release = threading.Timer(0.5, lambda: holder.execute("ROLLBACK"))
    release.start()
    try:
        records = open_records(None)
    finally:
        release.join()
        holder.close()
    assert "waiting up to 1 s" in capsys.readouterr().err and records.warnings == []
    assert records.store.saves and records.finish(won_beginner()) == "New best time: #1"
    records.close()


# ----- values of the wrong type (SQLite does not enforce column types) --------------------------
def test_rows_with_wrongly_typed_values_are_skipped_and_named(isolated_data_dir, capsys, tmp_path):
    path = filled(isolated_data_dir, games=4)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE games SET time_ms = 'abc' WHERE id = 2")
        conn.execute("UPDATE games SET won = 'yes' WHERE id = 4")
        conn.execute("UPDATE games SET name = x'00ff' WHERE id = 3")  # a name is cleaned, not skipped
    conn.close()
    status, out, err = stats(capsys)
    assert status == 0 and "Traceback" not in err
    assert "2 games in the records database" in err and "id 2, 4" in err
    assert beginner_row(out)[1:3] == ["2", "2"]
    assert beginner_row(out)[3:5] == ["0", "0"]  # none assisted, none abandoned
    assert beginner_row(out)[8:11] == ["9.000", "s", "10.000"]  # best, and the average of 9 and 11 s
    assert main.main(["--export-stats", str(tmp_path / "all.csv")]) == 0
    ids = [line.split(",")[0] for line in (tmp_path / "all.csv").read_text().splitlines()[1:]]
    assert ids == ["1", "3"]
    with RecordStore.open(path) as store:
        assert [r.name for r in store.best_times("beginner")] == ["Ann", "Player"]
        assert store.add_game(game(time_ms=8000)) == 5 and store.rank_of(5) == 1
    with sqlite3.connect(path) as conn:  # nothing was deleted or changed
        assert conn.execute("SELECT time_ms FROM games WHERE id = 2").fetchone()[0] == "abc"
    conn.close()


def test_a_lock_gone_by_the_end_of_a_game_lets_that_game_be_saved(isolated_data_dir, capsys, short_waits):
    """Locked at start-up (so read-only), released before the game ends: the game is saved."""
    path = filled(isolated_data_dir)
    holder = hold_lock(path)
    try:
        records = open_records(None)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert records.store.read_only and records.store.locked_out  # it was locked at start
    capsys.readouterr()
    assert records.finish(won_beginner()) == "New best time: #1"  # once: "nothing was saved"
    assert records.store.saves and records.store.count() == 4
    records.close()
    with RecordStore.open(path) as store:
        assert store.count() == 4
