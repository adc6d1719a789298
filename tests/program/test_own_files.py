"""No command writes over a file the game keeps (issue 34, item 1).

``--export-stats FILE`` once took the records database's own path, renamed its CSV over it,
and the next start moved the "damaged" file aside: every game's move log was gone. Now every
command that writes a file the player names (``--export-stats``, ``--save-replay``, the
console's ``s FILE``) refuses the database, its journal files, the settings and the copies
set aside, found by identity (a symbolic link, a hard link, another spelling of the folder),
with one line naming the file and why. Each story is a real ``python main.py`` run, as the
issue's reproduction is; the records must still open afterwards with their games and logs.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.files import KeptFileError, refuse_kept
from game.records.db import RecordStore
from game.records.paths import kept_files

ROOT = Path(__file__).resolve().parents[2]
TWO_GAMES = "r 0 0\nn\nr 0 1\nq\n"  # the issue's two won games on a 1x2 board


def main_py(*argv: str, stdin: str = "", env: dict | None = None) -> subprocess.CompletedProcess:
    """``python main.py ARGV`` with ``stdin``; done, its output as text."""
    full = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    full.pop("MINESWEEPER_DATA_DIR", None)
    full.update(env or {})
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], input=stdin, capture_output=True,
                          text=True, timeout=120, env=full, cwd=ROOT)


@pytest.fixture
def played(tmp_path) -> Path:
    """A data folder holding the issue's two console games (with their move logs) and a settings file."""
    data = tmp_path / "data"
    done = main_py("--console", "--rows", "1", "--cols", "2", "--mines", "1", "--data-dir", str(data),
                   stdin=TWO_GAMES)
    assert done.returncode == 0, done.stderr
    (data / "settings.json").write_text('{"version": 1, "volume": 40}\n')
    return data


def assert_records_whole(data: Path, copies: int = 0) -> None:
    """The database still opens, unmoved (only the test's ``copies`` are set aside), with the
    two games and each one's move log."""
    assert len([p.name for p in data.iterdir() if ".corrupt-" in p.name]) == copies
    with RecordStore.open(data / "records.sqlite3") as store:
        assert store.warnings == [] and store.count() == 2
        assert all(store.log(record.id) is not None for record in store.games())


def refused(done: subprocess.CompletedProcess, start: str) -> str:
    """Status 2, one line on stderr starting with ``start`` that says why; the line."""
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr and "written to" not in done.stdout
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(f"python main.py: error: {start}: it is ")
    assert "writing over it would destroy what it holds, so nothing was written: give another file name" \
        in done.stderr
    return done.stderr


def test_the_issues_export_over_the_records_database_is_refused_and_the_records_survive(played):
    target = played / "records.sqlite3"
    done = main_py("--export-stats", str(target), "--data-dir", str(played))
    line = refused(done, f"--export-stats {target}")
    assert "it is the game's records database;" in line
    assert target.read_bytes().startswith(b"SQLite format 3\0")
    assert_records_whole(played)
    again = main_py("--export-stats", "-", "--data-dir", str(played))  # the next start finds them all
    assert again.returncode == 0 and again.stderr == "" and len(again.stdout.splitlines()) == 3


@pytest.mark.parametrize("name, what", [
    ("settings.json", "the game's settings file"),
    ("records.sqlite3-wal", "a journal file of the game's records database"),
    ("records.sqlite3-shm", "a journal file of the game's records database"),
    ("records.sqlite3-journal", "a journal file of the game's records database"),  # not there yet
    ("records.sqlite3.corrupt-20260101-120000", "a copy of the game's records database, kept aside"),
    ("settings.json.corrupt-20260101-120000-2", "a copy of the game's settings file, kept aside"),
])
def test_every_file_the_game_keeps_is_refused(played, name, what):
    (played / "records.sqlite3.corrupt-20260101-120000").write_bytes(b"an old copy")
    (played / "settings.json.corrupt-20260101-120000-2").write_bytes(b"{}")
    target = played / name
    before = target.read_bytes() if target.exists() else None
    line = refused(main_py("--export-stats", str(target), "--data-dir", str(played)), f"--export-stats {target}")
    assert f"it is {what};" in line
    after = target.read_bytes() if target.exists() else None
    if "sqlite3-" in name:  # SQLite's own files: the run's opening of the database may change them, never to CSV
        assert after is None or not after.startswith(b"id,")
    else:
        assert after == before
    assert_records_whole(played, copies=2)


@pytest.mark.parametrize("how", ["symbolic link", "hard link", "folder spelled otherwise"])
def test_another_name_of_the_database_is_refused_by_identity(played, tmp_path, how):
    database = played / "records.sqlite3"
    if how == "symbolic link":
        target = tmp_path / "stats.csv"
        target.symlink_to(database)
    elif how == "hard link":
        target = tmp_path / "stats.csv"
        os.link(database, target)
    else:
        (tmp_path / "here").symlink_to(played, target_is_directory=True)
        target = tmp_path / "here" / "records.sqlite3"
    line = refused(main_py("--export-stats", str(target), "--data-dir", str(played)), f"--export-stats {target}")
    assert f"it is the game's records database, {database}, under another name;" in line
    assert_records_whole(played)


def test_the_per_user_folder_of_the_environment_is_kept_too(played):
    target = played / "records.sqlite3"
    refused(main_py("--export-stats", str(target), env={"MINESWEEPER_DATA_DIR": str(played)}),
            f"--export-stats {target}")
    assert_records_whole(played)


def test_save_replay_refuses_a_hard_link_to_the_database(played, tmp_path):
    target = tmp_path / "game.evf"
    os.link(played / "records.sqlite3", target)
    line = refused(main_py("--save-replay", "last", str(target), "--data-dir", str(played)),
                   f"--save-replay last {target}")
    assert "the game's records database" in line
    assert_records_whole(played)


def test_the_consoles_save_refuses_the_database_and_the_settings(played):
    database, settings = played / "records.sqlite3", played / "settings.json"
    before = settings.read_bytes()
    done = main_py("--console", "--rows", "1", "--cols", "3", "--mines", "1", "--seed", "1",
                   "--data-dir", str(played), stdin=f"s {database}\ns {settings}\nq\n")
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert (f"could not save {database}: it is the game's records database; writing over it would destroy "
            "what it holds, so nothing was written: give another file name") in done.stdout
    assert f"could not save {settings}: it is the game's settings file;" in done.stdout
    assert settings.read_bytes() == before
    assert_records_whole(played)


def test_the_refusal_speaks_spanish(played):
    target = played / "records.sqlite3"
    done = main_py("--export-stats", str(target), "--data-dir", str(played), "--lang", "es")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert done.stderr == (f"python main.py: error: --export-stats {target}: es la base de datos de registros "
                           "del juego; escribir encima destruiría lo que contiene, así que no se ha escrito nada: "
                           "indica otro nombre de archivo\n")
    assert_records_whole(played)


def test_a_file_beside_them_with_a_name_of_its_own_is_written(played):
    target = played / "records.sqlite3.csv"  # a name that starts like the database's is not the database
    done = main_py("--export-stats", str(target), "--data-dir", str(played))
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"2 games written to {target}\n" and len(target.read_text().splitlines()) == 3
    assert_records_whole(played)


def test_kept_files_makes_no_folder_and_refuse_kept_lets_other_files_be(tmp_path):
    data = tmp_path / "not yet"
    kept = kept_files(str(data))
    assert not data.exists()
    assert [path.name for path, _ in kept] == ["records.sqlite3", "records.sqlite3-journal", "records.sqlite3-wal",
                                               "records.sqlite3-shm", "settings.json"]
    refuse_kept(tmp_path / "stats.csv", kept)  # nothing raised
    refuse_kept("a\0b", kept)  # a name no system takes is left to the writer to refuse
    with pytest.raises(KeptFileError) as caught:
        refuse_kept(data / "." / "records.sqlite3-wal", kept)
    assert isinstance(caught.value, OSError) and caught.value.kept == data / "records.sqlite3-wal"
