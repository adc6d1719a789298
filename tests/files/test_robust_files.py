"""Board, position, records and settings files that are not files, or far too large,
or with absurd headers.

``/dev/zero`` or ``/dev/urandom`` given as ``--board`` or ``--analyse`` used to fill
memory until the process died, a FIFO hung for ever, a header number of 5,000
digits escaped as Python's integer-conversion ValueError, and a bad header of ten
million characters was echoed whole. Every case must now be one clear line and
status 2, at once. Blocking cases run under :func:`prompt` so a regression fails
instead of hanging the suite. A FIFO or a folder in place of ``records.sqlite3`` (or
its journal) or ``settings.json`` used to hang start-up or be renamed away: now it is
left alone, the game starts with a warning, and nothing is saved over it.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

import main
from game import files
from game.boardfile import MAX_FILE_BYTES, BoardFileError, load_board, parse_mine

DEVICES = [d for d in ("/dev/zero", "/dev/urandom") if os.path.exists(d)]
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")


def prompt(call, *args, seconds: float = 10.0):
    """``call(*args)`` in a thread; fail if it has not returned within ``seconds``.

    Returns ``("ok", value)`` or ``("raised", exception)``.
    """
    outcome = []

    def run():
        try:
            outcome.append(("ok", call(*args)))
        except BaseException as err:  # SystemExit from parse_args too
            outcome.append(("raised", err))

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        fifo_writer_unblock(args)
        pytest.fail(f"{call.__name__}{args} did not return within {seconds} s")
    return outcome[0]


def fifo_writer_unblock(args):
    """Open each FIFO among ``args`` for writing, so a reader stuck on it lets go."""
    for arg in args:
        for path in (arg if isinstance(arg, list) else [arg]):
            try:
                if isinstance(path, (str, Path)) and Path(path).is_fifo():
                    os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass


@pytest.fixture
def fifo(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    path = tmp_path / "board.mine"
    os.mkfifo(path)
    return path


def one_line_error(capsys, option: str, path) -> str:
    err = capsys.readouterr().err
    assert err.startswith(f"python main.py: error: {option} {path}: ") and err.count("\n") == 1, err
    assert "usage:" not in err and "Traceback" not in err
    return err


# ----- load_board -------------------------------------------------------------------------------
@pytest.mark.parametrize("device", DEVICES)
def test_a_device_is_refused_without_being_read(device):
    kind, err = prompt(load_board, device)
    assert kind == "raised" and isinstance(err, files.NotRegularFileError)
    assert err.strerror == "it is a character device, not a regular file"


@needs_fifo
def test_a_fifo_is_refused_at_once(fifo):
    kind, err = prompt(load_board, fifo)
    assert kind == "raised" and isinstance(err, OSError)
    assert err.strerror == "it is a FIFO (named pipe), not a regular file"


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(OSError) as info:
        load_board(tmp_path)
    assert info.value.strerror == "it is a folder, not a regular file"


def test_read_regular_never_blocks_on_a_fifo_swapped_in_after_the_check(fifo, monkeypatch):
    monkeypatch.setattr(files, "special_kind", lambda path: None)  # as if it changed after os.stat
    kind, err = prompt(files.read_regular, fifo)
    assert kind == "raised" and isinstance(err, files.NotRegularFileError)


def test_a_file_over_the_limit_is_refused_by_its_size(tmp_path):
    path = tmp_path / "huge.mine"
    with open(path, "wb") as handle:
        handle.truncate(5_200_000)  # sparse: nothing is written
    with pytest.raises(BoardFileError) as info:
        load_board(path)
    assert str(info.value) == ("the file is 5.2 MB; board files are at most 4 MB "
                               "(a 1000x1000 board is about 1 MB)")


def test_one_byte_over_the_limit_never_reads_as_the_limit(tmp_path):
    path = tmp_path / "over.mbf"
    with open(path, "wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(BoardFileError, match=r"^the file is 4\.1 MB; board files are at most 4 MB"):
        load_board(path)


def test_a_file_that_does_not_report_its_size_is_read_only_up_to_the_limit(tmp_path, monkeypatch):
    path = tmp_path / "grows.mine"
    path.write_bytes(b"9" * 100)
    real_fstat = os.fstat

    class NoSize:  # like /proc files: regular, st_size 0
        def __init__(self, info):
            self.st_mode, self.st_size = info.st_mode, 0

    monkeypatch.setattr(files.os, "fstat", lambda fd: NoSize(real_fstat(fd)))
    with pytest.raises(files.FileTooLargeError) as info:
        files.read_regular(path, limit=10)
    assert info.value.size == 11 and not info.value.exact
    assert info.value.strerror == "the file holds more than 0.1 MB; at most 0.1 MB is read"
    assert files.read_regular(path, limit=100) == b"9" * 100


def test_the_largest_board_with_crlf_and_trailing_spaces_is_within_the_limit(tmp_path):
    rows = ["M" + "H" * 999 + "  "] + ["H" * 1000 + "  "] * 999
    text = "\ufeff1000x1000x1\r\n" + "\r\n".join(rows) + "\r\n"
    path = tmp_path / "largest.mine"
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size < MAX_FILE_BYTES / 3
    board = load_board(path)
    assert (board.rows, board.cols, board.mines_known) == (1000, 1000, {(0, 0)})


def test_megabytes_rounds_up():
    assert [files.megabytes(n) for n in (4_000_000, 4_000_001, 5_200_000, 10_000_001)] == [
        "4 MB", "4.1 MB", "5.2 MB", "10.1 MB"]


# ----- headers and excerpts --------------------------------------------------------------------
@pytest.mark.parametrize("header, fragment", [
    ("9x9x" + "1" * 5000, "1111111111111111111111111111111111111111... (5,000 digits) mines do not fit"),
    ("9" * 5000 + "x9x10", "width 9999999999999999999999999999999999999999... (5,000 digits) is out of range"),
    ("9x" + "0" * 4999 + "9x10", "the header says 10 mines but 9 are marked"),  # leading zeros: height 9
    ("9x" + "9" * 4000 + "x10", "height 9999999999999999999999999999999999999999... (4,000 digits)"),
    ("9x9x" + "1" * 30, "111111111111111111111111111111 mines do not fit on 9x9"),
])
def test_a_header_number_of_any_length_gets_a_short_clear_message(header, fragment):
    text = header + "\n" + "HHHHHHHHM\n" * 9
    with pytest.raises(BoardFileError) as info:
        parse_mine(text)
    message = str(info.value)
    assert message.startswith("line 1: ") and fragment in message and len(message) < 200


def test_a_long_bad_header_is_quoted_as_a_short_excerpt():
    with pytest.raises(BoardFileError) as info:
        parse_mine("x" * 3_000_000 + "\nH\n")
    message = str(info.value)
    assert message == ("line 1: header 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (3,000,000 characters) "
                       "does not parse; expected WIDTHxHEIGHTxMINES such as 30x16x99")


def test_a_short_bad_header_is_still_quoted_whole():
    with pytest.raises(BoardFileError, match=r"^line 1: header '9x9' does not parse"):
        parse_mine("9x9\nH\n")


# ----- --analyse and --board: one line, status 2, at once --------------------------------------
def bad_files(tmp_path):
    """name -> (path, fragment of the one-line message)."""
    found = {device: (device, "cannot read the file: it is a character device, not a regular file")
             for device in DEVICES}
    found["folder"] = (tmp_path, "cannot read the file: it is a folder, not a regular file")
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo.mine")
        found["fifo"] = (tmp_path / "fifo.mine", "it is a FIFO (named pipe), not a regular file")
    long_line = tmp_path / "long.mine"
    long_line.write_bytes(b"x" * 10_000_000 + b"\n")
    found["10 MB line"] = (long_line, "the file is 10.1 MB; board files are at most 4 MB")
    digits = tmp_path / "digits.mine"
    digits.write_text("9x9x" + "1" * 5000 + "\n")
    found["5000-digit header"] = (digits, "(5,000 digits) mines do not fit on 9x9")
    header = tmp_path / "header.mine"
    header.write_text("y" * 1_000_000 + "\n")
    found["1 MB header"] = (header, "(1,000,000 characters) does not parse")
    return found


def test_analyse_refuses_each_bad_file_in_one_line(tmp_path, capsys):
    for name, (path, fragment) in bad_files(tmp_path).items():
        kind, status = prompt(main.main, ["--analyse", str(path)])
        assert (kind, status) == ("ok", 2), name
        err = one_line_error(capsys, "--analyse", path)
        assert fragment in err and len(err) < 300, (name, err)


def test_board_refuses_each_bad_file_in_one_line(tmp_path, capsys):
    from game.commands.cli import parse_args

    for name, (path, fragment) in bad_files(tmp_path).items():
        kind, stop = prompt(parse_args, ["--board", str(path), "--console"])
        assert kind == "raised" and isinstance(stop, SystemExit) and stop.code == 2, name
        err = one_line_error(capsys, "--board", path)
        assert fragment in err and len(err) < 300, (name, err)


# ----- records and settings paths that are not files -------------------------------------------
def special(path, kind):
    if kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs on this system")
        os.mkfifo(path)
        return "a FIFO (named pipe)"
    path.mkdir()
    return "a folder"


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_settings_that_are_not_a_file_give_the_defaults_at_once_and_are_left_alone(tmp_path, kind):
    from game.records import settings

    folder = tmp_path / "config"
    folder.mkdir()
    path = folder / "settings.json"
    what = special(path, kind)
    state, (loaded, warnings) = prompt(settings.load, path)
    assert state == "ok" and loaded == settings.Settings(player_name=loaded.player_name)
    assert warnings == [f"settings {path} is {what}, not a regular file; it was left alone, "
                        "the default settings are used and changes will not be saved"]
    assert sorted(p.name for p in folder.iterdir()) == ["settings.json"]  # not moved aside


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_open_records_never_saves_over_settings_that_are_not_a_file(isolated_data_dir, kind, capsys):
    from game.records.recording import open_records

    path = isolated_data_dir / "settings.json"
    special(path, kind)

    def start_and_change_a_setting():  # in one thread: SQLite connections stay in theirs
        records = open_records(str(isolated_data_dir))
        try:
            records.settings.questions = True
            return records.settings_path, records.store.saves, records.save_settings()
        finally:
            records.close()

    assert prompt(start_and_change_a_setting) == ("ok", (None, True, None))
    assert (path.is_fifo() if kind == "fifo" else path.is_dir())  # still what it was
    assert "settings.json is" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["records.sqlite3", "records.sqlite3-journal", "records.sqlite3-wal"])
@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_records_path_that_is_not_a_file_keeps_the_session_in_memory(tmp_path, kind, name):
    from game.records.db import RecordStore
    from game.records.record import GameRecord

    db = tmp_path / "records.sqlite3"
    if name != db.name:
        RecordStore.open(db).close()  # a sound database, with a FIFO or folder beside it
    path = tmp_path / name
    what = special(path, kind)
    before = sorted(p.name for p in tmp_path.iterdir())

    def open_and_play_one():  # in one thread: SQLite connections stay in theirs
        with RecordStore.open(db) as store:
            store.add_game(GameRecord(played_at="2025-01-01T00:00:00+00:00", level="beginner", rows=9,
                                      cols=9, mines=10, won=True, time_ms=9000, three_bv=15, name="T"))
            return store.warnings, store.path, store.problem, store.saves, store.count()

    state, (warnings, where, problem, saves, count) = prompt(open_and_play_one)
    assert state == "ok"
    assert problem == f"{path} is {what}, not a regular file"
    assert warnings == [f"The records database cannot be used: {problem}; it was left alone "
                        "and games of this session will not be saved."]
    assert where is None and not saves
    assert count == 1  # this session's games still count in its statistics
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing moved, made or replaced


@needs_fifo
def test_stats_with_a_fifo_for_records_warns_and_prints_at_once(isolated_data_dir, capsys):
    os.mkfifo(isolated_data_dir / "records.sqlite3")
    assert prompt(main.main, ["--stats"]) == ("ok", 0)
    captured = capsys.readouterr()
    assert "is a FIFO (named pipe), not a regular file" in captured.err and "beginner" in captured.out


def test_an_atomically_written_file_gets_the_permissions_open_would_give(tmp_path):
    """An exported replay or CSV is meant to be shared: not the temporary file's 0o600."""
    old = os.umask(0o022)
    try:
        files.write_atomic(tmp_path / "game.evf", b"data")
        os.umask(0o077)
        files.write_atomic(tmp_path / "private.csv", b"data")
    finally:
        os.umask(old)
    assert (tmp_path / "game.evf").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "private.csv").stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "game.evf").read_bytes() == b"data"
