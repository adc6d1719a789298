"""Issue 36, "English inside Spanish messages": the game's own file, folder and settings
errors, the system's errors (errno) and the libraries' (JSON, SQLite) are given in Spanish
with ``--lang es``, run as a player runs the commands; English keeps its words unchanged."""

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import i18n
from game.files import NotRegularFileError, special_kind
from game.messages import data_error, os_error_text, system_error

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str = "", data_dir: Path | None = None) -> tuple[int, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    if data_dir is not None:
        env["MINESWEEPER_DATA_DIR"] = str(data_dir)
    done = subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, input=stdin, env=env)
    return done.returncode, done.stdout + done.stderr


@pytest.mark.parametrize("make, spanish, english", [
    (lambda p: p.mkdir(), "es una carpeta, no un archivo normal", "folder"),
    (lambda p: os.mkfifo(p), "es una FIFO (tubería con nombre), no un archivo normal", "named pipe"),
    (None, "no existe el archivo o la carpeta", "No such file"),
])
def test_board_that_cannot_be_read_is_told_in_spanish(tmp_path, make, spanish, english):
    if english == "named pipe" and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = tmp_path / "board"
    if make is not None:
        make(path)
    code, out = run("--lang", "es", "--board", str(path))
    assert code == 2
    assert f"no se puede leer el archivo: {spanish}" in out, out
    assert english not in out and "regular file" not in out, out


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_character_device_is_named_in_spanish():
    code, out = run("--lang", "es", "--analyse", "/dev/zero")
    assert "es un dispositivo de caracteres, no un archivo normal" in out, out
    assert "character device" not in out


def test_a_long_header_gives_its_length_in_spanish(tmp_path):
    board = tmp_path / "big.txt"
    board.write_text("H" * 3_000_000 + "\n", encoding="ascii")
    code, out = run("--lang", "es", "--board", str(board))
    assert "... (3.000.000 caracteres) no se entiende" in out, out
    assert "characters" not in out and "3,000,000" not in out


def test_settings_errors_in_the_console_are_in_spanish(tmp_path):
    folder, bad, long = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    (folder / "settings.json").mkdir(parents=True)
    bad.mkdir()
    (bad / "settings.json").write_text("{x", encoding="utf-8")
    long.mkdir()
    (long / "settings.json").write_text(json.dumps({"theme": "a" * 200_000}), encoding="utf-8")
    _, out = run("--lang", "es", "--console", stdin="q\n", data_dir=folder)
    assert "settings.json es una carpeta, no un archivo normal" in out, out
    assert "a folder" not in out
    _, out = run("--lang", "es", "--console", stdin="q\n", data_dir=bad)
    assert "el JSON no es válido en la línea 1, columna 2: se esperaba una clave entre comillas dobles" in out, out
    assert "Expecting" not in out
    _, out = run("--lang", "es", "--console", stdin="q\n", data_dir=long)
    assert "... (200.002 caracteres) no es válido" in out, out
    assert "characters" not in out


def test_a_records_file_that_is_not_a_database_is_told_in_spanish(tmp_path):
    (tmp_path / "records.sqlite3").write_bytes(b"not SQLite at all, " * 300)
    _, out = run("--lang", "es", "--console", stdin="q\n", data_dir=tmp_path)
    assert "(el archivo no es una base de datos)" in out, out
    assert "file is not a database" not in out


def test_english_keeps_the_system_and_library_words(tmp_path):
    (tmp_path / "d").mkdir()
    code, out = run("--lang", "en", "--board", str(tmp_path / "d"))
    assert "cannot read the file: it is a folder, not a regular file" in out, out
    code, out = run("--lang", "en", "--board", str(tmp_path / "missing"))
    assert "cannot read the file: No such file or directory" in out or "cannot read the file" in out, out


@pytest.mark.parametrize("code, spanish", [
    (errno.ENOENT, "no existe el archivo o la carpeta"), (errno.EACCES, "permiso denegado"),
    (errno.EPERM, "operación no permitida"), (errno.EISDIR, "es una carpeta"), (errno.ENOTDIR, "no es una carpeta"),
    (errno.ENOSPC, "no queda espacio en el dispositivo"), (errno.EROFS, "el sistema de archivos es de solo lectura"),
    (errno.ENAMETOOLONG, "el nombre del archivo es demasiado largo"),
    (errno.ELOOP, "demasiados niveles de enlaces simbólicos"), (errno.EEXIST, "el archivo ya existe"),
    (errno.EBUSY, "el dispositivo o recurso está ocupado"),
])
def test_os_error_text_words_the_common_errno_values(code, spanish):
    err = OSError(code, os.strerror(code), "x")
    with i18n.speaking("es"):
        assert os_error_text(err) == spanish
    with i18n.speaking("en"):
        assert os_error_text(err) == os.strerror(code)  # English: the system's own words
    assert str(system_error(err)) == os.strerror(code)  # as data, its str stays English (logs)


def test_data_errors_keep_english_as_str_and_speak_spanish():
    try:
        json.loads("{x")
    except json.JSONDecodeError as err:
        made = data_error(err)
    assert str(made) == "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"
    with i18n.speaking("es"):
        assert os_error_text(ValueError()) == ""
        from game.messages import describe
        assert describe(made) == "el JSON no es válido en la línea 1, columna 2: se esperaba una clave entre comillas dobles"


def test_not_regular_file_error_keeps_its_english_kind(tmp_path):
    err = NotRegularFileError(special_kind(tmp_path), tmp_path)
    assert err.kind == "a folder" and err.errno == errno.EISDIR
    assert err.strerror == "it is a folder, not a regular file"
    with i18n.speaking("es"):
        assert os_error_text(err) == "es una carpeta, no un archivo normal"


def test_sqlite_errors_and_the_records_problems_speak_spanish(tmp_path, monkeypatch):
    import sqlite3

    from game.messages import describe
    from game.records import database_file as opening
    err = sqlite3.DatabaseError("file is not a database")
    with i18n.speaking("es"):
        assert os_error_text(err) == "el archivo no es una base de datos"
        assert os_error_text(sqlite3.OperationalError("database is locked")) == "la base de datos está bloqueada"
    with i18n.speaking("en"):
        assert os_error_text(err) == "file is not a database"
    monkeypatch.setattr(opening, "_is_busy", lambda err: False)
    monkeypatch.setattr(opening, "_denied", lambda path, mode: mode == os.W_OK)
    problem = opening._problem(sqlite3.OperationalError("attempt to write a readonly database"), tmp_path / "r.db")
    assert problem == f"permission denied: you may not write {tmp_path / 'r.db'}"  # English as it was
    with i18n.speaking("es"):
        assert describe(problem) == f"permiso denegado: no puedes escribir en {tmp_path / 'r.db'}"
