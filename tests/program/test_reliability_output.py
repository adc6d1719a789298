"""Output that cannot be written, and files that must not be lost: each a real ``python
main.py`` run, as a player's shell would start it. An encoding without "é" or "ñ", a closed
standard output, a pipe its reader closed, a full one (/dev/full), a full disk under the
CSV, a symbolic link, FIFO or hard-linked file where the replay goes, a kill in the middle:
status 0 or 2, at most one line, never a traceback, and no file lost or left behind."""

import os
import signal
import sqlite3
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.program.test_reliability_records import ROOT, fresh_copy, run, won_game

POSITION = "4x3x2\n01HH\n01HH\n01HH\n"  # a .mine position for --analyse


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    """A data folder with one won game and its log (copied per test), and its EVF replay."""
    data = tmp_path_factory.mktemp("recorded")
    record_id = won_game(data)
    evf = data.parent / "game.evf"
    assert run(data, "--save-replay", str(record_id), str(evf)).returncode == 0
    return data, record_id, None, evf


@pytest.fixture
def setup(recorded, tmp_path):
    data, record_id, _ = fresh_copy(recorded[:3], tmp_path)
    (tmp_path / "p.mine").write_text(POSITION)
    return data, record_id, recorded[3], tmp_path


def modes(record_id, evf, folder):
    """Every mode that prints, with what it needs."""
    return {"stats": ["--stats"], "export": ["--export-stats", "-"], "review": ["--review", str(evf)],
            "analyse": ["--analyse", str(folder / "p.mine")],
            "save-replay": ["--save-replay", str(record_id), str(folder / "new.evf")], "help": ["--help"]}


def no_traceback(done):
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr, done.stderr


@pytest.mark.parametrize("mode", ["stats", "export", "review", "analyse", "save-replay", "help"])
def test_an_encoding_without_the_letters_gets_replacements(setup, mode):
    data, record_id, evf, folder = setup
    done = run(data, "--lang", "es", *modes(record_id, evf, folder)[mode], env={"PYTHONIOENCODING": "ascii"})
    no_traceback(done)
    assert done.returncode == 0 and done.stdout


def test_a_player_named_jose_under_the_c_locale(setup):
    data, _, _, _ = setup
    conn = sqlite3.connect(data / "records.sqlite3", isolation_level=None)
    conn.execute("UPDATE games SET name = 'José', input = 'mouse'")  # a window game: it ranks, its name is printed
    conn.close()
    done = run(data, "--stats", env={"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0", "LANG": "C"})
    no_traceback(done)
    assert done.returncode == 0 and "Jos" in done.stdout


def test_help_in_the_spanish_console_under_ascii_and_the_game_is_recorded_as_abandoned(setup):
    data, _, _, _ = setup
    env = dict(os.environ, PYTHONIOENCODING="ascii", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--console", "--lang", "es", "--seed", "3",
                           "--data-dir", str(data)], input="r 4 4\nh\nq\n", capture_output=True, text=True,
                          timeout=60, env=env)
    no_traceback(done)
    assert done.returncode == 0
    with sqlite3.connect(data / "records.sqlite3") as conn:
        assert conn.execute("SELECT count(*) FROM games WHERE abandoned = 1").fetchone()[0] == 1


@pytest.mark.parametrize("mode", ["stats", "export", "review", "analyse", "save-replay", "help"])
def test_a_closed_stdout_ends_quietly(setup, mode):
    data, record_id, evf, folder = setup
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--data-dir", str(data),
                           *modes(record_id, evf, folder)[mode]], capture_output=False, stderr=subprocess.PIPE,
                          text=True, timeout=60, env=env, pass_fds=(), preexec_fn=lambda: os.close(1))
    no_traceback(done)
    assert done.returncode == 0 and done.stderr == ""
    if mode == "save-replay":
        assert (folder / "new.evf").stat().st_size > 0  # the file written still counts


@pytest.mark.parametrize("mode", ["stats", "export", "review", "analyse", "save-replay", "help"])
def test_a_full_stdout_gets_one_line_and_status_2(setup, mode):
    data, record_id, evf, folder = setup
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--data-dir", str(data),
                               *modes(record_id, evf, folder)[mode]], stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=60, env=env)
    no_traceback(done)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "cannot write to standard output (No space left on device)" in done.stderr
    if mode == "save-replay":
        assert (folder / "new.evf").stat().st_size > 0  # kept: only the line saying so was lost


def many_games(data: Path, doublings: int) -> int:
    """Copy the recorded games until there are 2**doublings times as many; their count."""
    conn = sqlite3.connect(data / "records.sqlite3", isolation_level=None)
    columns = [row[1] for row in conn.execute("PRAGMA table_info(games)") if row[1] not in ("id", "log")]
    for _ in range(doublings):
        conn.execute(f"INSERT INTO games ({', '.join(columns)}) SELECT {', '.join(columns)} FROM games")
    count = conn.execute("SELECT count(*) FROM games").fetchone()[0]
    conn.close()
    return count


def test_a_pipe_closed_by_its_reader_ends_quietly_with_status_0(setup):
    data, _, _, _ = setup
    many_games(data, 12)  # a CSV far larger than a pipe's buffer
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--data-dir", str(data), "--export-stats", "-"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert child.stdout.read(100).startswith(b"id,")
    child.stdout.close()
    err = child.stderr.read().decode()
    assert child.wait(timeout=60) == 0 and err == ""


def test_a_console_whose_output_breaks_records_the_game_as_abandoned(setup):
    data, _, _, _ = setup
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--console", "--seed", "3", "--data-dir",
                              str(data)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=env)
    assert child.stdout.read(10)  # the board is shown; then the reader goes away
    child.stdout.close()
    child.stdin.write(b"r 4 4\nr 0 0\nr 8 8\n")
    child.stdin.close()
    err = child.stderr.read().decode()
    assert child.wait(timeout=60) in (0, 2) and "Traceback" not in err
    with sqlite3.connect(data / "records.sqlite3") as conn:
        assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 2  # the recorded one and this


def test_a_full_disk_leaves_the_previous_csv_whole(setup):
    data, _, _, folder = setup
    many_games(data, 12)
    target = folder / "games.csv"
    first = run(data, "--export-stats", str(target))
    assert first.returncode == 0
    before = target.read_bytes()
    assert len(before) > 1 << 18

    def small_disk():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
        import resource
        resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 18, 1 << 18))

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--data-dir", str(data), "--export-stats",
                           str(target)], capture_output=True, text=True, timeout=60, env=env, preexec_fn=small_disk)
    no_traceback(done)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "cannot write the file" in done.stderr
    assert target.read_bytes() == before  # whole, not cut
    assert sorted(p.name for p in folder.iterdir() if p.name.startswith(".games.csv")) == []  # no temporary left


@pytest.mark.parametrize("flag", ["--export-stats", "--save-replay"])
def test_only_a_regular_file_is_replaced_keeping_its_mode_and_saying_so(setup, flag):
    data, record_id, _, folder = setup
    name = "out.csv" if flag == "--export-stats" else "out.evf"

    def write(path):
        argv = [flag, str(path)] if flag == "--export-stats" else [flag, str(record_id), str(path)]
        return run(data, *argv)

    target = folder / name
    target.write_text("old")
    target.chmod(0o600)
    done = write(target)
    assert done.returncode == 0 and "(it replaced the file that was there)" in done.stdout
    assert stat.S_IMODE(target.stat().st_mode) == 0o600 and target.read_bytes() != b"old"
    again = folder / ("new" + name[3:])
    assert "replaced" not in write(again).stdout
    link = folder / ("link" + name[3:])
    link.symlink_to(target)
    fifo = folder / ("fifo" + name[3:])
    os.mkfifo(fifo)
    twin = folder / ("twin" + name[3:])
    os.link(target, twin)
    for path, why in ((link, "symbolic link"), (fifo, "FIFO"), (twin, "hard link")):
        done = write(path)
        no_traceback(done)
        assert done.returncode == 2 and done.stderr.count("\n") == 1 and why in done.stderr
    assert link.is_symlink() and stat.S_ISFIFO(fifo.stat().st_mode) and target.stat().st_nlink == 2


def test_a_file_name_with_a_newline_stays_on_one_line(setup):
    data, record_id, _, folder = setup
    for argv in (["--save-replay", str(record_id), str(folder / "a\nb.txt")],
                 ["--save-replay", str(record_id), str(folder / "no such folder" / "a\nb.evf")],
                 ["--export-stats", str(folder / "no such folder" / "a\nb.csv")]):
        done = run(data, *argv)
        assert done.returncode == 2 and done.stderr.count("\n") == 1 and "a\\nb" in done.stderr


def test_cannot_write_the_file_is_a_message_for_translation(tmp_path):
    from game.replay.files import ReplayFileError, write_evf
    from game.replay.events import Replay

    os.mkfifo(tmp_path / "x.evf")
    replay = Replay(rows=1, cols=2, mines=frozenset({(0, 0)}), events=(), time_ms=0, completed=False, bbbv=1)
    with pytest.raises(ReplayFileError) as caught:
        import game.replay.files as files
        original = files.evf_bytes
        files.evf_bytes = lambda replay: b"EVF"
        try:
            write_evf(tmp_path / "x.evf", replay)
        finally:
            files.evf_bytes = original
    assert caught.value.template == "cannot write the file: {error}"


def ours(temp: Path) -> list[Path]:
    """The folders game.replay.files made in ``temp`` (not tempfile's own probe of the folder)."""
    return list(temp.glob("minesweeper-replay-*"))


@pytest.mark.parametrize("mode", ["save-replay", "stats"])
def test_a_kill_while_ms_toollib_works_leaves_no_temporary_folder(setup, mode):
    """SIGTERM while ms-toollib builds the file or computes the figures (``--stats`` on a game
    whose figures are to compute): the run ends with status 143 and its folder is gone."""
    data, record_id, _, folder = setup
    temp = folder / "tmp"
    temp.mkdir()
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(temp))
    argv = {"save-replay": ["--save-replay", str(record_id), str(folder / "k.evf")], "stats": ["--stats"]}[mode]
    for _ in range(20):  # until the kill lands while the folder exists
        conn = sqlite3.connect(data / "records.sqlite3", isolation_level=None)
        conn.execute("UPDATE games SET stats_state = 0")  # figures to compute again
        conn.close()
        child = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--data-dir", str(data), *argv],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        deadline = time.monotonic() + 30
        while child.poll() is None and not ours(temp) and time.monotonic() < deadline:
            time.sleep(0.001)  # poll interval (short: the folder lives a moment)
        caught = child.poll() is None and bool(ours(temp))
        if caught:
            child.send_signal(signal.SIGTERM)
        status = child.wait(timeout=60)
        err = child.stderr.read().decode()
        assert "Traceback" not in err and "Exception ignored" not in err, err
        if caught and status == 143:  # else the signal landed once the work was done: again
            assert ours(temp) == []
            return
    pytest.skip("the run never was between making its folder and ending")
