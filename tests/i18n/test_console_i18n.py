"""The terminal side in Spanish (issue 18): the console game, ``--help`` and the command
line's errors (argparse's own words too), ``--stats`` with Spanish numbers and dates, and the
same runs in English unchanged. Most run ``python main.py`` as a subprocess, as a player does.
"""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import i18n
from game.rules.board import Config
from game.console.play import HELP, ConsoleGame, generation_progress
from game.console.text import render, summary
from game.rules.engine import State
from game.midend.match import Match
from game.records.db import RecordStore
from game.records.record import GameRecord

ROOT = Path(__file__).resolve().parents[2]


def main_py(*argv: str, stdin: str = "", env: dict | None = None) -> subprocess.CompletedProcess:
    environ = {**os.environ, "NO_COLOR": "1", **(env or {})}
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], input=stdin, capture_output=True,
                          text=True, encoding="utf-8", env=environ, cwd=ROOT, timeout=60)


class Still:
    def __call__(self) -> float:
        return 50.0


def laid(picture: str) -> Match:
    """A match on a board laid as ``picture`` ('*' mine, '.' safe; one word per row)."""
    lines = picture.split()
    mines = {(r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch == "*"}
    return Match(Config(len(lines), len(lines[0]), len(mines)), mines=mines, clock=Still())


def play(match: Match, *commands: str) -> str:
    out = io.StringIO()
    ConsoleGame(match, out).run(io.StringIO("".join(c + "\n" for c in commands)))
    return out.getvalue()


# ----- the console game --------------------------------------------------------------------------
def test_a_piped_console_game_in_spanish_speaks_spanish_and_takes_d_and_m():
    done = main_py("--console", "--seed", "1", "--lang", "es", stdin="h\nd 4 4\nm 8 0\nx\nr 9 0\nr 1\nq\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "comandos (FILA y COL son números que empiezan en 0):" in out  # the help
    assert "también d FILA COL" in out and "también m FILA COL" in out
    assert "símbolos: # tapada  F bandera" in out  # the legend
    assert "Minas restantes: 10  Tiempo: 0,0 s  Estado: lista" in out  # before the first move
    assert "Minas restantes: 9  Tiempo: 0,0 s  Estado: en juego" in out  # d revealed, m flagged
    boards = [line for line in out.splitlines() if line.startswith("8 ")]
    assert boards[-1].startswith("8 F")  # m 8 0 put a flag
    assert "comando desconocido 'x'; escribe h para ver la ayuda" in out
    assert "(9; 0) está fuera del tablero: fila de 0 a 8, columna de 0 a 8" in out
    assert "uso: r FILA COL (dos números: fila de 0 a 8, columna de 0 a 8)" in out
    assert "Partida abandonada: registrada como perdida." in out
    assert "unknown" not in out and "Mines left" not in out


def test_d_and_m_also_reveal_and_flag_in_english():
    match = laid("*.. ... ...")
    out = play(match, "m 0 0", "d 2 2")
    assert match.game.appearance((0, 0)) == "flag" and match.game.state is State.WON
    assert "Mines left: 0" in out and "You won!" in out


def test_the_spanish_help_fits_a_terminal_and_names_every_command():
    i18n.set_language("es")
    text = i18n._(HELP)
    assert text != HELP
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80 and len(lines) < 24
    for command in ("r FILA COL", "d FILA COL", "f FILA COL", "m FILA COL", "c FILA COL", "s ARCHIVO",
                    "u ", "n ", "q ", "h "):
        assert command in text


def test_the_end_of_a_game_in_spanish_with_spanish_numbers():
    i18n.set_language("es")
    won = laid("*.. ... ...")
    play(won, "r 2 2")
    assert summary(won).startswith("¡Has ganado! Tiempo 0,000 s, 3BV 1, 3BV/s -")
    assert summary(won).endswith("\nClics 1: I1 D0 A0")  # by button (izquierdo, derecho, ambos), as the window's Details
    lost = laid("*.. ... ...")
    play(lost, "r 0 0")
    assert summary(lost).splitlines() == ["¡BUM! Has pisado la mina de (0; 0) a los 0,000 s.",
                                          "n para una partida nueva, u para deshacer la jugada, q para salir."]
    assert render(lost).splitlines()[-1] == "Minas restantes: 1  Tiempo: 0,0 s  Estado: perdida"


def test_the_no_guess_progress_line_is_spanish_and_fits(capsys):
    i18n.set_language("es")
    generation_progress((12, 0.456))
    line = capsys.readouterr().err.strip("\r")
    assert line.rstrip() == "Generando un tablero sin conjeturas: 45\u00a0% resuelto, pasada 12 (Ctrl+C detiene)"
    assert len(line) == 80


def test_the_best_time_name_question_in_spanish(tmp_path):
    from game.console.play import ConsoleRecords
    from game.records import open_records

    i18n.set_language("es")
    records = open_records(str(tmp_path), stderr=None)
    hooks = ConsoleRecords(records, name="ana")
    hooks._last = (1, 1)
    assert hooks.ask_name(None) == ("Récord guardado a nombre de ana (la entrada no es una terminal, "
                                    "así que no se ha preguntado el nombre).")
    hooks._last = (1, 1)
    asked = []
    hooks.ask_name(lambda question: asked.append(question) or "")
    assert asked == ["Nombre para los récords [ana]: "]
    records.close()


# ----- --help and the command line's errors ------------------------------------------------------
def test_help_in_spanish_includes_argparse_own_words():
    done = main_py("--lang", "es", "--help")
    assert done.returncode == 0
    out = done.stdout
    assert out.startswith("uso: python main.py [-h]")
    assert "\nopciones:\n" in out and "muestra este mensaje de ayuda y sale" in out
    assert "\nmodo:\n" in out and "\npartida:\n" in out and "\nventana:\n" in out
    assert "juega en la terminal en vez de en una ventana" in out
    assert "--board ARCHIVO" in out and "--data-dir CARPETA" in out
    words = " ".join(out.split())  # the help is wrapped to the terminal's width
    assert "nivel estándar: principiante 9x9 con 10 minas, intermedio 16x16 con 40, avanzado 16 filas x 30 " \
        "columnas con 99" in words  # --difficulty takes these names (the keys too: issue 36)
    for english in ("usage:", "options:", "show this help", "play in the terminal"):
        assert english not in out


def test_help_in_english_is_unchanged():
    out = main_py("--lang", "en", "--help").stdout
    assert out.startswith("usage: python main.py [-h]")
    assert "\noptions:\n  -h, --help            show this help message and exit" in out
    assert "--board FILE" in out and "play in the terminal instead of a window" in out
    words = " ".join(out.split())  # the help is wrapped to the terminal's width
    assert "standard level: beginner 9x9 with 10 mines, intermediate 16x16 with 40, expert 16 rows x 30 " \
        "columns with 99" in words


@pytest.mark.parametrize("argv, message", [
    (["--difficulty", "hard"],
     "python main.py: error: argumento --difficulty: opción no válida: 'hard' (elige entre 'principiante', "
     "'intermedio', 'avanzado')"),
    (["--rows"], "python main.py: error: argumento --rows: se esperaba un argumento"),
    (["--rows", "x"], "python main.py: error: argumento --rows: 'x' no es un número entero: indica de 1 a 1.000"),
    (["--bogus"], "python main.py: error: argumentos no reconocidos: --bogus"),
    (["--rows", "5"], "python main.py: error: --rows, --cols y --mines van juntas: indica las tres"),
    (["--stats", "--windowed"], "python main.py: error: --windowed es para el juego en ventana: quítala con --stats"),
    (["--fullscreen", "--windowed"],
     "python main.py: error: argumento --windowed: no se permite con el argumento --fullscreen"),
    (["--data-dir", " "], "python main.py: error: argumento --data-dir: no puede estar vacío: indica un "
                          "archivo o una carpeta"),
])
def test_a_bad_value_in_spanish_gets_a_spanish_error_and_status_2(argv, message):
    done = main_py("--lang", "es", *argv)
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert lines[0].startswith("uso: python main.py") and lines[-1] == message


def test_the_system_language_is_used_for_errors_too():
    done = main_py("--difficulty", "hard", env={"LANGUAGE": "es"})
    assert done.returncode == 2 and "opción no válida: 'hard'" in done.stderr


def test_a_board_file_error_in_spanish_is_one_line(tmp_path):
    position = tmp_path / "p.mine"
    position.write_text("3x3x1\nHHH\nHHH\nHHH\n")
    done = main_py("--lang", "es", "--board", str(position))
    assert done.returncode == 2
    assert done.stderr == (f"python main.py: error: --board {position}: el archivo es una posición (sin minas "
                           "marcadas con M), así que no se puede jugar; usa --analyse para estudiarla\n")


def test_replay_and_review_errors_in_spanish(tmp_path):
    done = main_py("--lang", "es", "--replay", "7", "--data-dir", str(tmp_path))
    assert done.returncode == 2
    assert done.stderr == "python main.py: error: --replay 7: ninguna partida tiene el id 7 (ver --export-stats para los id)\n"
    done = main_py("--lang", "es", "--review", "nada", "--data-dir", str(tmp_path))
    assert done.returncode == 2 and "'nada' no es ni una partida" in done.stderr
    done = main_py("--lang", "es", "--save-replay", "last", str(tmp_path / "g.evf"), "--data-dir", str(tmp_path))
    assert done.returncode == 2 and "aún no hay ninguna partida registrada" in done.stderr


# ----- --stats and --export-stats ----------------------------------------------------------------
def record(level="expert", won=True, time_ms=1_234_500, three_bv=180, name="Bea"):
    sizes = {"beginner": (9, 9, 10), "expert": (16, 30, 99)}
    r, c, m = sizes[level]
    return GameRecord(played_at="2026-11-26T10:00:00+01:00", level=level, rows=r, cols=c, mines=m, won=won,
                      time_ms=time_ms, three_bv=three_bv, hints_used=0, name=name, seed=42)


@pytest.fixture
def records(tmp_path):
    with RecordStore.open(tmp_path / "records.sqlite3") as store:
        store.add_game(record())
        store.add_game(record(won=False, time_ms=3_000))
        store.add_game(record(level="beginner", time_ms=9_500, three_bv=19, name="Ana"))
    return tmp_path


def test_stats_in_spanish_has_spanish_labels_numbers_and_dates(records):
    done = main_py("--stats", "--lang", "es", "--data-dir", str(records))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    lines = out.splitlines()
    assert lines[0].split() == ["Dificultad", "Jugadas", "Ganadas", "Con", "ayuda", "Abandonadas", "%", "ganadas",
                                "Racha", "Mejor", "racha", "Récord", "Tiempo", "medio", "3BV/s"]
    expert = next(line for line in lines if line.startswith("avanzado")).split()
    assert expert[:6] == ["avanzado", "2", "1", "0", "0", "50,0"]
    assert expert[8:10] == ["1.234,500", "s"]  # a time over a thousand seconds, grouped the Spanish way
    assert next(line for line in lines if line.startswith("principiante")).split()[5] == "100,0"
    assert "Récords, avanzado:" in out and "Récords, principiante:" in out
    assert "1.234,500 s  Bea" in out and "26 nov 2026" in out
    assert "Mejor 3BV/s 2,00 (Ana, 26 nov 2026)" in out
    assert "Ganadas: sin ayuda." in out and "RQP: menos es" in out
    assert "2026-11-26" not in out and "Best" not in out


def test_stats_in_english_keeps_its_formats(records):
    out = main_py("--stats", "--lang", "en", "--data-dir", str(records)).stdout
    assert out.splitlines()[0].split()[:3] == ["Difficulty", "Played", "Won"]
    assert "Best times, expert:" in out and "1,234.500 s  Bea" in out
    assert "Best 3BV/s 2.00 (Ana, 2026-11-26)" in out


def test_export_stats_in_spanish_keeps_the_csv_english(records, tmp_path):
    target = tmp_path / "games.csv"
    done = main_py("--export-stats", str(target), "--lang", "es", "--data-dir", str(records))
    assert done.returncode == 0
    assert done.stdout == f"3 partidas escritas en {target}\n"
    with open(target, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert list(rows[0])[:4] == ["id", "played_at", "level", "rows"]
    assert rows[0]["level"] == "expert" and rows[0]["won"] == "True" and rows[0]["time_ms"] == "1234500"
    assert main_py("--export-stats", "-", "--lang", "es", "--data-dir", str(records)).stdout.startswith(
        "id,played_at,level,")


def test_locale_name_follows_the_language():
    assert i18n.locale_name() == "en_US"
    i18n.set_language("es")
    assert i18n.locale_name() == "es_ES"
    import gettext
    i18n.set_language("xx", gettext.NullTranslations())  # a language without a locale: English formats
    assert i18n.locale_name() == "en_US"
