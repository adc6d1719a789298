"""``--code``, ``--daily [LEVEL]`` and ``--date`` (issue 38): what they open, in the console and
as the window's first game; each wrong value a clear message in both languages, status 2 and
nothing recorded; two players (two data folders) open the same daily and the same code and
get the same board; ``--review`` prints the code."""

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import main
from game.commands.cli import parse_args
from game.midend.boardcode import decode, encode
from game.midend.daily import daily_code, today
from game.records.db import RecordStore
from game.rules.board import Config
from game.rules.engine import State
from game.session import Session

ROOT = Path(__file__).resolve().parents[2]
CODE = "MS1-0G00J-28A0G-2BJR0-J8KDG"  # 9x9, 10 mines, opening, seed 12345, start (4; 4)
DAY = "2026-12-01"


def test_code_and_daily_set_the_board_and_its_first_match():
    args = parse_args(["--code", CODE.lower().replace("-", " "), "--questions"])
    assert args.board_code == decode(CODE) and args.daily_day is None
    assert args.config == Config(9, 9, 10, first_click="opening", questions=True)
    args = parse_args(["--daily", "--console"])
    assert args.daily == "beginner" and args.daily_day == today()
    assert args.board_code == daily_code(today(), "beginner") and args.config.no_guess
    for word, level in (("8x8", "beginner_8x8"), ("9x9", "beginner"), ("Intermedio", "intermediate"),
                        ("avanzado", "expert"), ("expert", "expert")):
        args = parse_args(["--daily", word, "--date", DAY])
        assert (args.daily, args.daily_day) == (level, dt.date(2026, 12, 1))
        assert args.board_code == daily_code(dt.date(2026, 12, 1), level)


# argv, the English message's part, the Spanish one's
ERRORS = [
    (["--code", "MS1-0G00J-28A0G-2BJR0-J8KDH"], "--code: the board code does not check: a character is mistyped",
     "--code: el código de tablero no cuadra con su comprobación"),
    (["--code", "MS1-0G00"], "--code: the board code is cut short: check that it was copied whole",
     "--code: el código de tablero está cortado"),
    (["--code", CODE[:15]], "--code: the board code does not check: a character is mistyped, or the code was cut "
     "short", "--code: el código de tablero no cuadra con su comprobación: hay un carácter mal escrito, o el "
     "código está cortado"),  # cut at a group: whole bytes, so only the check tells
    (["--code", "MS9-0G00J-28A0G-2BJR0-J8KDG"], "made by a newer version of the game (code version 9; this one "
     "reads up to version 1)", "lo hizo una versión más nueva del juego (versión de código 9; esta lee hasta la "
     "versión 1)"),
    (["--code", "hello"], "--code: 'hello' is not a board code: a code starts with MS and its version",
     "--code: 'hello' no es un código de tablero: un código empieza por MS"),
    (["--code", "MS1-0G00J-28A0G-2BJR0-J8KD!"], "characters a code never has: !",
     "caracteres que un código nunca tiene: !"),
    (["--code", CODE[:-1] + "0"], "--code: the board code does not check", "--code: el código de tablero no cuadra"),
    (["--daily", "--date", "2020-01-01"], "--date: there is no daily board for 2020-01-01: daily boards run from "
     "2026-12-01 to", "--date: no hay tablero del día para el 2020-01-01: los tableros del día van del 2026-12-01 al"),
    (["--daily", "--date", "2999-01-01"], "there is no daily board for 2999-01-01",
     "no hay tablero del día para el 2999-01-01"),
    (["--daily", "--date", "2026-02-30"], "argument --date: '2026-02-30' is not a date: write it YYYY-MM-DD",
     "'2026-02-30' no es una fecha: escríbela AAAA-MM-DD"),
    (["--daily", "huge"], "argument --daily: 'huge' has no daily board; allowed beginner, beginner_8x8, "
     "intermediate, expert", "'huge' no tiene tablero del día; permitido beginner, beginner_8x8"),
    (["--date", DAY], "--date goes with --daily", "--date va con --daily"),
    (["--code", CODE, "--daily"], "--code and --daily: choose one", "--code y --daily: elige una"),
    (["--daily", "--difficulty", "expert"], "--difficulty sets the board, and so does --daily: drop --difficulty",
     "--difficulty fija el tablero, y también --daily: quita --difficulty"),
    (["--code", CODE, "--rows", "9", "--cols", "9", "--mines", "10"], "--rows sets the board, and so does --code",
     "--rows fija el tablero, y también --code"),
    (["--code", CODE, "--seed", "4"], "--seed sets the board, and so does --code",
     "--seed fija el tablero, y también --code"),
    (["--code", CODE, "--no-guess"], "--no-guess sets the board, and so does --code",
     "--no-guess fija el tablero, y también --code"),
    (["--daily", "--board", "x.mine"], "--board sets the board, and so does --daily",
     "--board fija el tablero, y también --daily"),
    (["--daily", "--min-bv", "5"], "--min-bv sets the board, and so does --daily",
     "--min-bv fija el tablero, y también --daily"),
    (["--daily", "--stats"], "--daily sets up a game: --stats plays none", "--daily prepara una partida"),
]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("argv, english, spanish", ERRORS)
def test_a_wrong_code_day_or_option_is_status_2_in_both_languages_and_nothing_is_recorded(
        tmp_path, capsys, argv, english, spanish, lang):
    data = tmp_path / "data"
    with pytest.raises(SystemExit) as stop:
        main.main([*argv, *([] if "--stats" in argv else ["--console"]), "--lang", lang, "--data-dir", str(data)])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert (english if lang == "en" else spanish) in err, err
    assert not (data / "records.sqlite3").exists()  # nothing opened, nothing recorded


# ----- two players ---------------------------------------------------------------------------------
def player(tmp_path: Path, name: str, stdin: str, *options: str) -> tuple[subprocess.CompletedProcess, Path]:
    """Run ``main.py --console`` as a player of its own: a HOME, XDG folders and data folder
    of ``name``'s; returns the run and its data folder."""
    home = tmp_path / name
    data = home / "data"
    for sub in ("config", "share", "cache"):
        (home / sub).mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(home),
               XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "share"),
               XDG_CACHE_HOME=str(home / "cache"), MINESWEEPER_DATA_DIR=str(data))
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--console", *options], input=stdin,
                          capture_output=True, text=True, cwd=home, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return done, data


def recorded(data: Path) -> tuple:
    """(code, daily, from_code, the layout as recorded) of the one game in ``data``'s records."""
    with RecordStore.open(data / "records.sqlite3") as store:
        (game,) = store.games()
        return game.code, game.daily, game.from_code, store.log(game.id)["mines"]


def board_after_first_reveal(out: str, rows: int) -> list[str]:
    """The board printed after the first reveal: the second board of the output."""
    lines = out.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("Mines left:")]
    end = starts[1]
    return lines[end - rows:end]


@pytest.mark.parametrize("level, rows", [("beginner", 9), ("expert", 16)])
def test_two_players_open_the_same_daily_board(tmp_path, level, rows):
    code = daily_code(dt.date(2026, 12, 1), level)
    r, c = code.start
    runs = [player(tmp_path, name, f"r {r} {c}\nq\n", "--daily", level, "--date", DAY) for name in ("ada", "bob")]
    (first, ada), (second, bob) = runs
    assert "@" in first.stdout.split("Mines left:")[0]  # the start cell marked before the first reveal
    assert board_after_first_reveal(first.stdout, rows) == board_after_first_reveal(second.stdout, rows)
    assert recorded(ada) == recorded(bob)
    assert recorded(ada)[:3] == (encode(code), DAY, True) and len(recorded(ada)[3]) == code.mines


def test_two_players_open_the_same_board_from_a_code_and_a_wrong_start_is_refused(tmp_path):
    original, origin = player(tmp_path, "origin", "r 8 15\nq\n", "--difficulty", "expert")
    code, daily, from_code, layout = recorded(origin)
    assert daily is None and not from_code and decode(code).start == (8, 15)
    assert f"Board code: {code}" not in original.stdout  # abandoned: no result line (the code is in the records)
    stdin = "r 0 0\nr 8 15\nq\n"  # a first reveal away from the start cell is refused
    runs = [player(tmp_path, name, stdin, "--code", code) for name in ("ada", "bob")]
    for done, data in runs:
        assert "start at the marked cell (8; 15)" in done.stdout
        assert recorded(data) == (code, None, True, layout)  # the same board as the one the code came from
    assert board_after_first_reveal(runs[0][0].stdout, 16) == board_after_first_reveal(original.stdout, 16)


def test_a_finished_game_prints_its_board_code_and_review_carries_it(tmp_path, capsys, monkeypatch):
    code = decode(CODE)
    match = Session().open_code(code)
    match.reveal(code.start)
    mines = match.layout()
    safe = [cell for cell in match.game.cells() if cell not in mines and not match.game.is_revealed(cell)]
    stdin = f"r {code.start[0]} {code.start[1]}\n" + "".join(f"r {r} {c}\n" for r, c in safe) + "q\n"
    done, data = player(tmp_path, "ada", stdin, "--code", CODE)
    assert "You won!" in done.stdout and f"Board code: {CODE}" in done.stdout
    assert match.game.state is State.PLAYING  # the same board: its safe cells won the console's game

    monkeypatch.setenv("MINESWEEPER_DATA_DIR", str(data))
    assert main.main(["--review", "last", "--json"]) == 0
    review = json.loads(capsys.readouterr().out)
    assert review["code"] == CODE
    assert main.main(["--review", "last"]) == 0
    assert f"Board code: {CODE}" in capsys.readouterr().out


@pytest.mark.parametrize("lang, refused, legend, line", [
    ("en", "start at the marked cell (0; 3)", "@ the start cell of a board code or a daily board",
     "Start at (0; 3), the cell marked @"),
    ("es", "empieza en la casilla marcada (0; 3)", "@ la casilla de inicio de un código de tablero",
     "Empieza en (0; 3), la casilla marcada @")])
def test_the_console_marks_the_start_cell_and_refuses_another_first_reveal(lang, refused, legend, line):
    import io

    from game.console.play import run_console

    out = io.StringIO()
    args = parse_args(["--console", "--daily", "--date", DAY, "--lang", lang])
    assert daily_code(dt.date(2026, 12, 1), "beginner").start == (0, 3)
    assert run_console(args, stdin=io.StringIO("r 0 0\nc 0 0\nf 0 0\nh\nr 0 3\nq\n"), stdout=out) == 0
    text = out.getvalue()
    first = text.split("\n\n")[0].splitlines()
    assert first[1] == "0 # # # @ # # # # #" and line in text
    assert text.count(refused) == 2  # the reveal and the chord; the flag is placed
    assert legend in text
    lines = text.splitlines()
    last = max(i for i, text_line in enumerate(lines) if text_line.startswith(("Mines left", "Minas")))
    assert lines[last - 9:last][0].startswith("0 F ")  # the flag placed before the start stays
    assert not any("@" in board_line for board_line in lines[last - 10:last])  # started: no start cell any more
