"""``--race REPLAY`` (issue 38, point 3): a replay file or a recorded game raced on its board;
with ``--code``/``--daily`` their board must be the replay's, else a clear message in both
languages, status 2 and nothing recorded; an unreadable file: its reader's message, status 2;
``--console --race`` prints the gap after each move and who won."""

import io

import pytest

import main
from game.commands.cli import parse_args
from game.commands.replay_commands import prepare_race
from game.console.play import run_console
from game.midend.boardcode import encode
from game.replay.files import read_replay
from game.replay.player import Timeline
from game.replay.race import Ghost

EVF = "tests/corpus/replays/metasweeper_v3.evf"  # 8x8/10, won in 3.796 s by 王嘉宁


def ghost_code() -> str:
    return encode(Ghost(Timeline(read_replay(EVF))).code())


ERRORS = [  # argv, the English message's part, the Spanish one's
    (["--race", "nothere.evf"], "--race nothere.evf: cannot read the file", "--race nothere.evf: no se puede leer"),
    (["--race", "tests/corpus/replays/README.md"], "--race tests/corpus/replays/README.md: 'tests/corpus/replays/"
     "README.md' is neither a game", "--race tests/corpus/replays/README.md: 'tests/corpus/replays/README.md' no es"),
    (["--race", EVF, "--daily", "--date", "2026-12-01"], "the replay's board (8x8, 10 mines) is not the board of "
     "--daily (9x9, 10 mines): a race is played on the replay's own board",
     "el tablero de la repetición (8x8, 10 minas) no es el tablero de --daily (9x9, 10 minas)"),
    (["--race", EVF, "--code", "MS1-0G00J-28A0G-2BJR0-J8KDG"], "is not the board of --code (9x9, 10 mines)",
     "no es el tablero de --code (9x9, 10 minas)"),
    (["--race", EVF, "--difficulty", "expert"], "--difficulty sets the board, and so does --race: drop --difficulty",
     "--difficulty fija el tablero, y también --race: quita --difficulty"),
    (["--race", EVF, "--stats"], "--race sets up a game: --stats plays none", "--race prepara una partida"),
]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("argv, english, spanish", ERRORS)
def test_a_race_that_cannot_be_run_is_status_2_in_both_languages_and_nothing_is_recorded(
        tmp_path, capsys, argv, english, spanish, lang):
    data = tmp_path / "data"
    try:
        status = main.main([*argv, *([] if "--stats" in argv else ["--console"]), "--lang", lang,
                            "--data-dir", str(data)])
    except SystemExit as stop:
        status = stop.code
    assert status == 2
    err = capsys.readouterr().err
    assert (english if lang == "en" else spanish) in err, err
    assert not (data / "records.sqlite3").exists()  # nothing opened, nothing recorded


def test_race_sets_the_replays_board_and_a_code_of_the_same_board_goes_with_it():
    for argv in (["--race", EVF, "--questions"], ["--race", EVF, "--code", ghost_code()]):
        args = parse_args(argv)
        assert prepare_race(args) is None
        assert args.race_ghost.start == (3, 3) and args.board_code is None
        assert (args.config.rows, args.config.cols, args.config.mines) == (8, 8, 10)
    assert args.config.questions is False and parse_args(["--race", EVF, "--questions"]).questions


@pytest.mark.parametrize("lang, gap, result", [
    ("en", "race: gap 0.000 s; 3BV you 1/3, 王嘉宁 1/3", "You beat 王嘉宁 by"),
    ("es", "carrera: diferencia 0,000 s; 3BV tú 1/3, 王嘉宁 1/3", "Ganas a 王嘉宁 por")])
def test_the_console_prints_the_gap_after_each_move_and_who_won(tmp_path, lang, gap, result):
    args = parse_args(["--console", "--race", EVF, "--lang", lang, "--data-dir", str(tmp_path)])
    assert prepare_race(args) is None
    out = io.StringIO()
    assert run_console(args, stdin=io.StringIO("r 0 0\nr 3 3\nr 1 5\nr 1 1\nr 0 0\nq\n"), stdout=out) == 0
    text = out.getvalue()
    lines = [line for line in text.splitlines() if line.startswith(("race:", "carrera:"))]
    assert lines[0] == gap and len(lines) == 4  # a line a move made (the refused first reveal makes none)
    assert result in text
    from game.records.db import RecordStore
    with RecordStore.open(tmp_path / "records.sqlite3") as store:
        [game] = store.games()
        assert game.won and game.race == "王嘉宁" and game.exclusions()[-1] in ("race", "scripted")


def test_a_race_left_in_the_console_is_the_ghosts(tmp_path):
    args = parse_args(["--console", "--race", EVF, "--data-dir", str(tmp_path)])
    assert prepare_race(args) is None
    out = io.StringIO()
    assert run_console(args, stdin=io.StringIO("r 3 3\nq\n"), stdout=out) == 0
    assert "王嘉宁 wins the race: you left the game" in out.getvalue()
