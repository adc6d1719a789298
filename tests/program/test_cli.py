"""The command line (game.commands.cli, ``python main.py``): bad options stop with status 2 before any window.

Most cases call :func:`game.commands.cli.parse_args` in-process; a few run ``python main.py``
as a subprocess to see the real exit status and stderr, and one checks that a
refused command line never even imports pygame.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.commands.cli import parse_args
from tests.play_helpers import read_to_end, read_until

ROOT = Path(__file__).resolve().parents[2]
CORPUS = Path(__file__).resolve().parents[1] / "corpus"
BAD_BOARDS = sorted(p.name for p in CORPUS.iterdir() if p.suffix in (".mine", ".mbf")
                    and not p.name.startswith("valid_"))


def refused(argv, capsys) -> str:
    """Parse ``argv``, expect argparse's exit 2, return stderr."""
    with pytest.raises(SystemExit) as stop:
        parse_args(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert err.startswith("usage: python main.py") and "python main.py: error: " in err
    assert "Traceback" not in err
    return err


def refused_file(argv, capsys) -> str:
    """Parse ``argv`` whose --board file cannot be played: exit 2 with one line
    ``python main.py: error: --board ...`` and no usage block (as --analyse); return it."""
    with pytest.raises(SystemExit) as stop:
        parse_args(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert err.startswith("python main.py: error: --board ") and err.endswith("\n")
    assert err.count("\n") == 1 and "usage:" not in err and "Traceback" not in err
    return err


@pytest.fixture
def files(tmp_path):
    """A folder with a playable board, a position, a board with no free cell, and a valid MBF."""
    folder = tmp_path / "boards"
    folder.mkdir()
    (folder / "board.mine").write_text("4x3x2\nM1HH\n11HH\nHHHM\n")
    (folder / "position.mine").write_text("4x3x2\n01HH\n01HH\n01HH\n")
    (folder / "full.mine").write_text("2x1x2\nMM\n")
    (folder / "board.mbf").write_bytes(bytes([5, 2, 0, 1, 4, 1]))
    return folder


@pytest.mark.parametrize("argv, fragment", [
    (["--rows", "9"], "--rows, --cols and --mines go together: give all three"),
    (["--rows", "9", "--cols", "9"], "--rows, --cols and --mines go together"),
    (["--rows", "1001"], "argument --rows: 1001 is out of range: give 1 to 1,000"),
    (["--mines", "0"], "argument --mines: 0 is out of range: give 1 to 999,999"),
    (["--mines", "5"], "--rows, --cols and --mines go together"),
    (["--rows", "9", "--cols", "9", "--mines", "0"], "argument --mines: 0 is out of range: give 1 to 999,999"),
    (["--rows", "9", "--cols", "9", "--mines", "81"], "mines: 81 is out of range for 9x9; allowed 1..80"),
    (["--rows", "1001", "--cols", "9", "--mines", "5"], "argument --rows: 1001 is out of range: give 1 to 1,000"),
    (["--rows", "9", "--cols", "0", "--mines", "5"], "argument --cols: 0 is out of range: give 1 to 1,000"),
    (["--rows", "1", "--cols", "1", "--mines", "1"], "a 1x1 board has no room for a mine"),
    (["--rows", "nine", "--cols", "9", "--mines", "5"], "argument --rows: 'nine' is not a whole number: give 1 to 1,000"),
    (["--difficulty", "bogus"], "argument --difficulty: invalid choice: 'bogus'"),
    (["--first-click", "bogus"], "argument --first-click: invalid choice: 'bogus'"),
    (["--seed", "x"], "argument --seed: 'x' is not a whole number: give 0 to 1,099,511,627,775"),
    (["--difficulty", "expert", "--rows", "9", "--cols", "9", "--mines", "5"], "choose one"),
    (["--json"], "--json goes with --analyse FILE"),
    (["--no-guess", "--first-click", "classic"], "--no-guess needs the first click to be an opening"),
    (["--fullscreen", "--windowed"], "not allowed with argument"),
    (["--mines-count", "3"], "unrecognized arguments: --mines-count 3"),
    (["--analyse", ""], "argument --analyse: must not be empty"),  # "" once meant "not given"
    (["--export-stats", " "], "argument --export-stats: must not be empty"),
    (["--board", "", "--console"], "argument --board: must not be empty"),
    (["--data-dir", ""], "argument --data-dir: must not be empty"),
    (["--console", "--stats"], "--console and --stats: choose one mode"),
    (["--console", "--analyse", "p.mine"], "--console and --analyse: choose one mode"),
    (["--analyse", "p.mine", "--export-stats", "x.csv"], "--analyse and --export-stats: choose one mode"),
    (["--console", "--fullscreen"], "--fullscreen is for the window game: drop it with --console"),
    (["--stats", "--windowed"], "--windowed is for the window game: drop it with --stats"),
    (["--stats", "--difficulty", "expert"], "--difficulty sets up a game: --stats plays none, so drop it"),
    (["--export-stats", "x.csv", "--seed", "3"], "--seed sets up a game: --export-stats plays none"),
    (["--analyse", "p.mine", "--no-guess"], "--no-guess sets up a game: --analyse plays none"),
])
def test_a_bad_option_stops_with_status_2_and_says_what_is_allowed(argv, fragment, capsys):
    assert fragment in refused(argv, capsys)


def test_first_click_and_difficulty_list_the_allowed_values(capsys):
    assert "(choose from 'opening', 'safe', 'classic')" in refused(["--first-click", "lucky"], capsys)
    assert "(choose from 'beginner', 'intermediate', 'expert')" in refused(["--difficulty", "x"], capsys)


def test_a_missing_board_file_is_refused(files, capsys):
    path = files / "missing.mine"
    err = refused_file(["--board", str(path)], capsys)
    assert f"--board {path}: cannot read the file: No such file or directory" in err


def test_a_folder_given_as_board_is_refused(files, capsys):
    assert f"--board {files}: cannot read the file" in refused_file(["--board", str(files)], capsys)


@pytest.mark.parametrize("name", BAD_BOARDS)
def test_every_malformed_corpus_file_is_refused_as_a_board(name, capsys):
    path = CORPUS / name
    err = refused_file(["--board", str(path)], capsys)
    assert f"--board {path}: " in err
    assert ("line " in err or "byte " in err)


def test_a_malformed_board_file_names_the_line_and_column(files, capsys):
    path = files / "bad.mine"
    path.write_text("3x2x1\nM1H\nH?Q\n")
    err = refused_file(["--board", str(path)], capsys)
    assert f"--board {path}: line 3, column 3: unknown character 'Q'" in err


def test_a_position_file_cannot_be_played(files, capsys):
    err = refused_file(["--board", str(files / "position.mine")], capsys)
    assert "the file is a position (no mines marked with M), so it cannot be played" in err
    assert "--analyse" in err


def test_a_board_with_no_free_cell_is_refused(files, capsys):
    err = refused_file(["--board", str(files / "full.mine")], capsys)
    assert f"--board {files / 'full.mine'}: mines: 2 is out of range for 1x2; allowed 1..1" in err
    assert "the header 2x1x2 is columns x rows x mines" in err  # 1x2 is rows x columns


def test_board_and_a_size_do_not_go_together(files, capsys):
    err = refused(["--board", str(files / "board.mine"), "--difficulty", "beginner"], capsys)
    assert "--board sets the size itself" in err


# ----- what a good command line gives --------------------------------------------------------------
def test_no_options_open_the_menu():
    args = parse_args([])
    assert args.config is None and args.loaded is None and not args.console


def test_a_level_and_rules_give_the_config():
    args = parse_args(["--difficulty", "expert", "--first-click", "classic", "--questions"])
    config = args.config
    assert (config.rows, config.cols, config.mines) == (16, 30, 99)
    assert config.first_click == "classic" and config.questions and not config.no_guess


def test_a_custom_size_gives_the_config():
    args = parse_args(["--rows", "5", "--cols", "7", "--mines", "34"])
    assert (args.config.rows, args.config.cols, args.config.mines) == (5, 7, 34)
    assert args.config.first_click == "opening" and not args.config.no_guess


def test_a_no_guess_custom_size_within_the_generator_density_gives_the_config():
    args = parse_args(["--rows", "5", "--cols", "7", "--mines", "8", "--no-guess"])
    assert (args.config.rows, args.config.cols, args.config.mines) == (5, 7, 8)
    assert args.config.first_click == "opening" and args.config.no_guess


def test_a_no_guess_board_too_dense_for_the_generator_is_refused_before_play(capsys):
    with pytest.raises(SystemExit) as exit_info:
        parse_args(["--rows", "5", "--cols", "7", "--mines", "34", "--no-guess"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "--no-guess" in err and "at most" in err and "34" in err


# Each numeric option, its range as the message gives it, and a value it takes
NUMERIC = {"--rows": ("1 to 1,000", "9"), "--cols": ("1 to 1,000", "9"), "--mines": ("1 to 999,999", "10"),
           "--seed": ("0 to 1,099,511,627,775", "5"), "--min-bv": ("1 to 1,000,000", "2")}
OTHERS = {"--rows": ["--cols", "9", "--mines", "10"], "--cols": ["--rows", "9", "--mines", "10"],
          "--mines": ["--rows", "9", "--cols", "9"], "--seed": [], "--min-bv": []}


@pytest.mark.parametrize("option", NUMERIC)
@pytest.mark.parametrize("value, says", [
    ("9223372036854775808", "9223372036854775808 is out of range"),  # 2**63: no SQLite INTEGER holds it
    ("9" * 50, "9" * 37 + "... is out of range"),
    ("9" * 5000, "9" * 37 + "... is out of range"),  # beyond int()'s 4,300 digits
    ("-1", "-1 is out of range"),
    ("0", None),  # out of range for every option but --seed
    ("ten", "'ten' is not a whole number"),
    ("2.5", "'2.5' is not a whole number"),
    ("1e3", "'1e3' is not a whole number"),
    ("", "'' is not a whole number"),
], ids=["2**63", "50 digits", "5000 digits", "-1", "0", "ten", "2.5", "1e3", "empty"])
def test_a_numeric_option_out_of_its_range_is_refused_with_the_range(option, value, says, capsys):
    allowed, _ = NUMERIC[option]
    if value == "0" and option == "--seed":
        assert parse_args([option, value]).seed == 0
        return
    err = refused([option, value, *OTHERS[option]], capsys)
    assert f"python main.py: error: argument {option}: {says or '0 is out of range'}: give {allowed}\n" in err
    assert len(err.splitlines()[-1]) < 160  # a value of 5,000 digits is not repeated whole


@pytest.mark.parametrize("option", NUMERIC)
def test_each_numeric_option_takes_its_ends(option):
    low, high = {"--rows": (1, 1000), "--cols": (1, 1000), "--mines": (1, 999_999), "--seed": (0, 2**40 - 1),
                 "--min-bv": (1, 1_000_000)}[option]
    for value in (low, high):
        if option in ("--rows", "--cols", "--mines"):  # a board of that size: the others fit it
            argv = {"--rows": ["--rows", str(value), "--cols", "2", "--mines", "1"],
                    "--cols": ["--cols", str(value), "--rows", "2", "--mines", "1"],
                    "--mines": ["--mines", str(value), "--rows", "1000", "--cols", "1000"]}[option]
        else:
            argv = [option, str(value)]
        assert getattr(parse_args(argv), option[2:].replace("-", "_")) == value


def test_a_seed_past_the_seeds_the_deal_draws_is_refused(capsys):
    """--seed takes the seeds the deal draws (game.midend.deal.SEED_RANGE, 2**40 since
    generator version 1: a short board code), no more."""
    assert parse_args(["--seed", str(2**40 - 1)]).seed == 2**40 - 1
    assert "argument --seed: 1099511627776 is out of range: give 0 to 1,099,511,627,775" in refused(
        ["--seed", str(2**40)], capsys)


@pytest.mark.parametrize("interface", [["--console"], []])
def test_the_issues_huge_min_bv_is_refused_before_any_game(interface, tmp_path):
    """Issue 34, item 2: ``--min-bv 2**63`` once crashed the recording of the game played (an
    OverflowError from SQLite), console status 1 and the game lost; now it never gets that far."""
    data = tmp_path / "data"
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), *interface, "--rows", "1", "--cols", "2",
                           "--mines", "1", "--min-bv", str(2**63), "--data-dir", str(data)],
                          input="r 0 0\nq\n", capture_output=True, text=True, timeout=60, cwd=tmp_path,
                          env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1] == ("python main.py: error: argument --min-bv: 9223372036854775808 is out "
                                            "of range: give 1 to 1,000,000")
    assert not data.exists()  # refused before anything was opened


def test_the_range_is_given_in_spanish(capsys):
    with pytest.raises(SystemExit):
        parse_args(["--lang", "es", "--seed", str(2**63)])
    err = capsys.readouterr().err
    assert err.endswith("python main.py: error: argumento --seed: 9223372036854775808 está fuera de rango: indica "
                        "de 0 a 1.099.511.627.775\n")
    with pytest.raises(SystemExit):
        parse_args(["--lang", "es", "--rows", "diez", "--cols", "9", "--mines", "10"])
    assert capsys.readouterr().err.endswith("argumento --rows: 'diez' no es un número entero: indica de 1 a 1.000\n")


def test_a_seed_seeds_the_session_random():
    args = parse_args(["--seed", "5"])
    expected = random.Random(5)
    assert [args.rng.random() for _ in range(3)] == [expected.random() for _ in range(3)]


@pytest.mark.parametrize("name, size, mines", [("board.mine", (3, 4), {(0, 0), (2, 3)}),
                                               ("board.mbf", (2, 5), {(1, 4)})])
def test_a_board_file_sets_the_size_and_the_layout(files, name, size, mines):
    args = parse_args(["--board", str(files / name), "--console"])
    assert (args.config.rows, args.config.cols, args.config.mines) == (*size, len(mines))
    assert args.loaded.mines_known == mines and args.console


# ----- the real program ----------------------------------------------------------------------------
def main_py(*argv: str, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=60)


@pytest.mark.parametrize("argv, fragment", [
    (["--rows", "9"], "--rows, --cols and --mines go together"),
    (["--mines", "0", "--rows", "9", "--cols", "9"], "argument --mines: 0 is out of range"),
    (["--mines", "99", "--rows", "9", "--cols", "9"], "mines: 99 is out of range for 9x9; allowed 1..80"),
    (["--seed", "x"], "argument --seed: 'x' is not a whole number"),
])
def test_main_py_exits_2_with_a_message_and_no_traceback(argv, fragment, tmp_path):
    done = main_py(*argv, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.startswith("usage: python main.py")
    assert "Traceback" not in done.stderr
    assert fragment in done.stderr


@pytest.mark.parametrize("argv, fragment", [
    (["--board", "missing.mine"], "--board missing.mine: cannot read the file"),
    (["--board", str(CORPUS / "header_superscript_digit.mine")], "line 1: header"),
])
def test_main_py_board_file_errors_are_one_line_with_status_2(argv, fragment, tmp_path):
    done = main_py(*argv, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.startswith("python main.py: error: --board ") and done.stderr.count("\n") == 1
    assert "usage:" not in done.stderr and "Traceback" not in done.stderr
    assert fragment in done.stderr


@pytest.mark.parametrize("argv, start", [
    (["--board"], "python main.py: error: --board 'a\\nb.mine': cannot read the file"),
    (["--console", "--board"], "python main.py: error: --board 'a\\nb.mine': cannot read the file"),
    (["--analyse"], "python main.py: error: --analyse 'a\\nb.mine': cannot read the file"),
    (["--review"], "python main.py: error: --review 'a\\nb.mine': 'a\\nb.mine' is neither a game"),
    (["--replay"], "python main.py: error: --replay 'a\\nb.mine': 'a\\nb.mine' is neither a game"),
])
def test_a_newline_in_a_missing_files_name_keeps_the_error_on_one_line(argv, start, tmp_path):
    """Issue 34, item 7: the name is quoted (game.messages.file_name), its newline escaped."""
    done = main_py(*argv, "a\nb.mine", cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(start), done.stderr


def test_a_refused_command_line_never_imports_pygame(tmp_path):
    script = ("import sys\n"
              "from game.commands.cli import parse_args\n"
              "for argv in (['--rows', '1001', '--cols', '9', '--mines', '5'], ['--difficulty', 'bogus'],\n"
              "             ['--board', 'missing.mine'], ['--seed', 'x']):\n"
              "    try:\n"
              "        parse_args(argv)\n"
              "    except SystemExit as stop:\n"
              "        assert stop.code == 2\n"
              "print('pygame' in sys.modules)\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path,
                          env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_main_py_help_and_version_exit_0(tmp_path):
    done = main_py("--help", cwd=tmp_path)
    assert done.returncode == 0 and "--console" in done.stdout and "--first-click" in done.stdout
    from game import __version__
    done = main_py("--version", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == f"Minesweeper {__version__}"


def test_ignore_flags_only_goes_with_analyse(capsys):
    with pytest.raises(SystemExit) as exit_info:
        parse_args(["--ignore-flags"])
    assert exit_info.value.code == 2
    assert "--ignore-flags goes with --analyse FILE" in capsys.readouterr().err


def test_analyse_counts_flags_as_mines_unless_told_to_ignore_them(tmp_path, capsys):
    from main import main

    # The flag at (0; 1) satisfies the 1 at (0; 2) only if flags count as mines.
    position = tmp_path / "flagged.mine"
    position.write_text("5x4x3\n1F1HH\n111HH\n00011\n0001H\n")
    assert main(["--analyse", str(position)]) == 0
    counted = capsys.readouterr().out
    assert "Certain mines: (0; 4), (3; 4)" in counted
    assert main(["--analyse", str(position), "--ignore-flags"]) == 0
    ignored = capsys.readouterr().out
    assert "Certain mines: (0; 1), (0; 4), (3; 4)" in ignored


def test_without_a_screen_the_window_game_says_so_instead_of_running_invisibly(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    try:
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--difficulty", "beginner"],
                              capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.skip("SDL found a real screen driver here without X11 or Wayland (e.g. KMS)")
    assert done.returncode == 2
    assert "no display to open a window on" in done.stderr and "--console" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("what", ["stats", "analyse"])
def test_main_py_is_quiet_when_its_reader_stops_early(what, tmp_path):
    """``python main.py --stats | head -1``: the pipe closes before the output is written."""
    position = tmp_path / "p.mine"
    position.write_text("3x3x1\nHH1\nHH1\n111\n")  # the mine is at (1; 1)
    argv = {"stats": ["--stats", "--data-dir", str(tmp_path)], "analyse": ["--analyse", str(position)]}[what]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=tmp_path, env=env)
    proc.stdout.close()  # the reader is gone before a line is written
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0  # the reader has what it wanted (issue 26: status 0 or 2)
    assert err == ""  # no BrokenPipeError traceback


def test_ctrl_c_in_the_console_game_stops_quietly_with_status_130(tmp_path):
    pty = pytest.importorskip("pty")
    pid, fd = pty.fork()
    if pid == 0:  # the child: the console game on a terminal
        # as a shell starts it from a terminal: a test run in the background (a non-interactive
        # shell's `&`) inherits SIGINT ignored, and Ctrl-C would then do nothing at all
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.chdir(tmp_path)
        os.execv(sys.executable, [sys.executable, str(ROOT / "main.py"), "--console",
                                  "--data-dir", str(tmp_path)])
    try:
        out = read_until(fd, b"> ")  # the prompt: the game waits for input
        os.write(fd, b"\x03")  # Ctrl-C, as the terminal sends it
        out += read_to_end(fd)
    except (TimeoutError, EOFError):
        os.kill(pid, 9)
        raise
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 130
    assert b"Traceback" not in out and b"KeyboardInterrupt" not in out


def test_version_prints_the_games_name(capsys):
    from game import NAME, __version__
    with pytest.raises(SystemExit) as stop:
        parse_args(["--version"])
    assert stop.value.code == 0
    assert NAME == "Minesweeper" and capsys.readouterr().out == f"Minesweeper {__version__}\n"


def test_help_names_each_level_as_rows_by_columns_like_the_rest_of_the_game():
    from game.commands.cli import build_parser

    text = " ".join(build_parser().format_help().split())  # argparse wraps lines anywhere
    assert ("--difficulty {beginner,intermediate,expert} standard level: beginner 9x9 with 10 mines, "
            "intermediate 16x16 with 40, expert 16 rows x 30 columns with 99") in text
    assert "16x30" not in text and "30x16" not in text


def test_a_usage_mistake_with_board_still_shows_the_usage(files, capsys):
    err = refused(["--board", str(files / "missing.mine"), "--difficulty", "expert"], capsys)
    assert "--board sets the size itself" in err  # the options are wrong, not the file: usage first
