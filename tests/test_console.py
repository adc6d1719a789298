"""The console game (game.console, ``python main.py --console``), played through text.

Most stories run in-process: a :class:`ConsoleGame` on a hand-laid board, commands
from an ``io.StringIO``, the output read back as a grid. A few run the real
``python main.py --console`` through a pipe.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.board import Config
from game.boardfile import parse_mine
from game.cli import parse_args
from game.console import HELP, ConsoleGame, run_console
from game.engine import Game, State

ROOT = Path(__file__).resolve().parent.parent


class TickingClock:
    """A clock that moves a quarter second every time it is read."""

    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.25
        return self.now


class FakeClock:
    def __init__(self, now: float = 50.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def laid(picture: str, clock=None, **rules) -> Game:
    """A game laid as ``picture`` ('*' mine, '.' safe; one word per row)."""
    lines = picture.split()
    mines = {(r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch == "*"}
    return Game(Config(len(lines), len(lines[0]), len(mines), **rules), mines=mines,
                clock=clock or FakeClock())


def play(game: Game, *commands: str, on_end=None) -> tuple[int, str]:
    """Run the console on ``commands`` (one per line); returns (status, output)."""
    out = io.StringIO()
    status = ConsoleGame(game, out, on_end=on_end).run(io.StringIO("".join(c + "\n" for c in commands)))
    return status, out.getvalue()


def boards(output: str, cols: int) -> list[list[str]]:
    """Every board printed in ``output``, each as its rows of symbols (row labels checked)."""
    lines = output.splitlines()
    header = [str(c) for c in range(cols)]
    found = []
    for i, line in enumerate(lines):
        if line.split() == header:
            rows = []
            for r, row in enumerate(lines[i + 1:]):
                words = row.split()
                if not words or words[0] != str(r) or len(words) != cols + 1:
                    break
                rows.append("".join(words[1:]))
            found.append(rows)
    return found


def last_board(output: str, cols: int) -> list[str]:
    return boards(output, cols)[-1]


# ----- the board on screen -----------------------------------------------------------------------
def test_the_board_has_column_numbers_on_top_and_row_numbers_down_the_side():
    game = laid("*........... ............ ...........*")
    status, out = play(game)
    lines = out.splitlines()
    assert status == 0
    assert lines[0].split() == [str(c) for c in range(12)]
    assert [line.split()[0] for line in lines[1:4]] == ["0", "1", "2"]
    label_ends = [m.end() - 1 for m in re.finditer(r"\d+", lines[0])]
    for row in lines[1:4]:  # each cell sits under the last digit of its column number
        cells = [m.start() for m in re.finditer(r"\S", row)][1:]
        assert cells == label_ends
    assert lines[4] == "Mines left: 2  Time: 0.0 s  State: ready"


def test_a_tall_board_numbers_every_row():
    game = Game(Config(12, 3, 1), clock=FakeClock())
    _, out = play(game)
    (board,) = boards(out, 3)
    assert len(board) == 12 and all(row == "###" for row in board)


# ----- the commands ------------------------------------------------------------------------------
def test_r_reveals_and_opens_a_zero_region():
    game = laid("..*.. ..*.. ..*..")
    status, out = play(game, "r 0 0")
    assert status == 0
    assert last_board(out, 5) == [".2###", ".3###", ".2###"]
    assert "State: playing" in out.splitlines()[-1]


def test_f_flags_and_the_counter_goes_down():
    game = laid("*.. ... ...")
    _, out = play(game, "f 0 0", "f 2 2")
    assert last_board(out, 3) == ["F##", "###", "##F"]
    assert out.splitlines()[-1].startswith("Mines left: -1")


def test_f_cycles_through_the_question_mark_when_it_is_on():
    game = laid("*.. ... ...", questions=True)
    _, out = play(game, "f 1 1", "f 1 1", "f 1 1")
    assert [board[1][1] for board in boards(out, 3)] == ["#", "F", "?", "#"]


def test_c_chords_around_a_satisfied_number():
    game = laid("*... .... ...*", clock=TickingClock())
    _, out = play(game, "r 1 1", "f 0 0", "c 1 1")
    assert last_board(out, 4) == ["F1..", "1111", "..1F"]
    assert "You won!" in out


def test_h_lists_every_command():
    game = laid("*.. ...")
    _, out = play(game, "h")
    assert HELP in out
    for command in ("r ROW COL", "f ROW COL", "c ROW COL", "s FILE", "n ", "q ", "h "):
        assert command in HELP


def test_q_quits_with_status_0_and_reads_no_further():
    game = laid("*.. ...")
    status, out = play(game, "q", "r 1 1")
    assert status == 0
    assert len(boards(out, 3)) == 1 and not game.is_revealed((1, 1))


def test_end_of_input_quits_with_status_0():
    game = laid("*.. ...")
    status, out = play(game, "r 1 1")
    assert status == 0 and game.is_revealed((1, 1))
    assert last_board(out, 3) == ["###", "#1#"]


def test_blank_lines_are_ignored_and_commands_are_case_blind():
    game = laid("*.. ...")
    _, out = play(game, "", "   ", "R 1 1")
    assert len(boards(out, 3)) == 2 and game.is_revealed((1, 1))


@pytest.mark.parametrize("command, message", [
    ("x 1 1", "unknown command 'x'; type h for help"),
    ("reveal 1 1", "unknown command 'reveal'; type h for help"),
    ("r 9 9", "(9, 9) is off the board: row 0..1, column 0..2"),
    ("f -1 0", "(-1, 0) is off the board: row 0..1, column 0..2"),
    ("c 2 0", "(2, 0) is off the board: row 0..1, column 0..2"),
    ("r a b", "ROW and COL must be whole numbers: row 0..1, column 0..2"),
    ("r 1.5 2", "ROW and COL must be whole numbers: row 0..1, column 0..2"),
    ("r 1", "usage: r ROW COL (two numbers: row 0..1, column 0..2)"),
    ("f 1 1 1", "usage: f ROW COL (two numbers: row 0..1, column 0..2)"),
])
def test_a_bad_command_gets_one_line_and_the_game_goes_on(command, message):
    game = laid("*.. ...")
    status, out = play(game, command, "r 1 1")
    lines = out.splitlines()
    first_end = 3  # header, two rows, status line
    assert lines[first_end + 1] == message
    assert lines[first_end + 2].split() == ["0", "1", "2"]  # straight back to the next board
    assert status == 0 and game.is_revealed((1, 1)) and game.total_clicks == 1


def test_s_writes_the_position_as_covered_flags_and_digits(tmp_path):
    game = laid("*... .... ...*")
    target = tmp_path / "pos.mine"
    _, out = play(game, "r 1 1", "f 0 0", "f 1 3", f"s {target}")
    assert f"saved the position to {target}" in out
    text = target.read_text()
    assert set("".join(text.splitlines()[1:])) <= set("HF012345678")
    assert "M" not in text
    position = parse_mine(text)
    assert position.mines_known is None
    assert position.revealed == {(1, 1): 1} and position.flags == {(0, 0), (1, 3)}
    assert (position.rows, position.cols, position.mines) == (3, 4, 2)


def test_s_without_a_file_or_into_a_missing_folder_says_so(tmp_path):
    game = laid("*.. ...")
    _, out = play(game, "s", f"s {tmp_path / 'no' / 'such' / 'dir.mine'}", "r 1 1")
    assert "usage: s FILE (for example s position.mine)" in out
    assert f"could not save {tmp_path / 'no' / 'such' / 'dir.mine'}:" in out
    assert game.is_revealed((1, 1))


def test_n_starts_a_new_game():
    game = Game(Config(5, 5, 3), seed=8, clock=FakeClock())
    _, out = play(game, "r 2 2", "n")
    first, revealed, fresh = boards(out, 5)
    assert any(ch != "#" for row in revealed for ch in row)
    assert all(row == "#####" for row in fresh)
    assert out.splitlines()[-1] == "Mines left: 3  Time: 0.0 s  State: ready"
    assert game.state is State.READY and game.total_clicks == 0


# ----- the end -----------------------------------------------------------------------------------
def test_after_a_loss_the_mines_the_exploded_one_and_wrong_flags_are_distinct():
    game = laid("*.*. .... ...*")
    _, out = play(game, "f 0 0", "f 1 1", "r 1 0", "r 0 2", "r 2 0")
    assert last_board(out, 4) == ["F#X#", "1x##", "###*"]
    assert "BOOM! You hit the mine at (0, 2)" in out
    assert out.splitlines()[-1] == "the game is over: n for a new game, q to quit"


def test_a_win_prints_time_3bv_3bv_per_second_clicks_and_efficiency():
    clock = FakeClock()
    game = laid("*.*.. ..... .....", clock=clock)
    out = io.StringIO()
    console = ConsoleGame(game, out)
    console.handle("r 2 0")      # the opening
    clock.now += 3.5
    console.handle("r 2 0")      # wasted
    console.handle("f 0 0")
    clock.now += 0.5
    console.handle("r 0 1")      # the isolated 2: won after 4 s
    text = out.getvalue()
    assert game.state is State.WON
    assert ("You won! Time 4.000 s, 3BV 2, 3BV/s 0.50, clicks 4 (reveal 2, flag 1, chord 0, wasted 1), "
            "efficiency 50%") in text
    assert last_board(text, 5) == ["F2F1.", "1211.", "....."]


def test_a_win_in_one_click_prints_its_summary():
    # A one-click win can take under half a millisecond: the elapsed time reads 0.000.
    game = laid(".......... .......... .........*", clock=FakeClock())
    status, out = play(game, "r 0 0")
    assert game.state is State.WON and game.elapsed == 0.0
    assert status == 0
    assert "You won! Time 0.000 s, 3BV 1" in out


def test_the_end_is_reported_once_to_the_records_hook():
    ended = []

    def on_end(game):
        ended.append(game.state)
        return "New best time: #1"

    game = laid("*.. ...")
    _, out = play(game, "r 0 0", "r 1 1", on_end=on_end)
    assert ended == [State.LOST]
    assert out.count("New best time: #1") == 1


class Watching(io.StringIO):
    """An output that notes, at every write, whether the game had been recorded by then."""

    def __init__(self, recorded: list):
        super().__init__()
        self.recorded = recorded
        self.seen: list[tuple[str, int]] = []  # (text written, games recorded at that moment)

    def write(self, text: str) -> int:
        self.seen.append((text, len(self.recorded)))
        return super().write(text)


@pytest.mark.parametrize("picture, move, result", [
    ("*.. ... ...", "r 2 2", "You won!"),
    ("*.. ...", "r 0 0", "BOOM!"),
])
def test_the_game_is_recorded_before_the_player_is_told_how_it_ended(picture, move, result):
    recorded = []
    out = Watching(recorded)
    ConsoleGame(laid(picture), out, on_end=lambda game: recorded.append(game.state) or None).handle(move)
    assert len(recorded) == 1
    told = [count for text, count in out.seen if result in text]
    assert told == [1]  # the result was written once, after the record
    assert all(count == 1 for _, count in out.seen)  # even the final board came after it


# ----- the entry point ---------------------------------------------------------------------------
def test_run_console_plays_the_game_the_command_line_asks_for():
    runs = []
    for _ in range(2):
        args = parse_args(["--console", "--rows", "6", "--cols", "7", "--mines", "5", "--seed", "12"])
        out = io.StringIO()
        assert run_console(args, stdin=io.StringIO("r 3 3\n"), stdout=out) == 0
        runs.append(boards(out.getvalue(), 7))
    assert runs[0] == runs[1]  # the same seed and first click give the same board
    assert len(runs[0]) == 2 and runs[0][1][3][3] == "."  # the first click opened an area


def test_run_console_defaults_to_beginner():
    args = parse_args(["--console"])
    out = io.StringIO()
    assert run_console(args, stdin=io.StringIO(""), stdout=out) == 0
    assert last_board(out.getvalue(), 9) == ["#########"] * 9
    assert "Mines left: 10" in out.getvalue()


def write_board_16(path: Path) -> None:
    """A 16x16 board with 40 mines: rows 0-1 full, two at the start of row 12, and a block in the
    bottom-right corner that walls in two safe cells (so one click cannot win)."""
    rows = (["M" * 16] * 2 + ["H" * 16] * 10 + ["MM" + "H" * 14, "H" * 16, "H" * 12 + "MMMM",
                                                 "H" * 12 + "MMHH"])
    path.write_text("16x16x40\n" + "\n".join(rows) + "\n")


def main_console(tmp_path: Path, stdin: str, *options: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "--console", *options], input=stdin,
                          capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60)


def test_a_piped_game_on_a_board_file_reveals_and_saves(tmp_path):
    write_board_16(tmp_path / "board.mine")
    done = main_console(tmp_path, "r 9 9\ns out.mine\nq\n", "--board", "board.mine")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "saved the position to out.mine" in done.stdout
    board = last_board(done.stdout, 16)
    assert board[9][9] == "." and board[2] == "2" + "3" * 14 + "2" and board[0] == "#" * 16
    position = parse_mine((tmp_path / "out.mine").read_text())
    assert position.mines_known is None and (position.rows, position.cols, position.mines) == (16, 16, 40)
    assert position.revealed[(9, 9)] == 0 and position.revealed[(2, 0)] == 2
    assert "M" not in (tmp_path / "out.mine").read_text()


def test_a_piped_loss_shows_the_exploded_mine_and_ends_at_end_of_input(tmp_path):
    write_board_16(tmp_path / "board.mine")
    done = main_console(tmp_path, "f 1 0\nf 5 5\nr 0 0\n", "--board", "board.mine")
    assert done.returncode == 0, done.stderr
    board = last_board(done.stdout, 16)
    assert board[0] == "X" + "*" * 15 and board[1] == "F" + "*" * 15 and board[5][5] == "x"
    assert "BOOM! You hit the mine at (0, 0)" in done.stdout


def test_a_piped_seeded_game_is_the_same_every_time(tmp_path):
    runs = [main_console(tmp_path, "r 4 4\n", "--seed", "99") for _ in range(2)]
    assert all(run.returncode == 0 for run in runs)
    assert boards(runs[0].stdout, 9) == boards(runs[1].stdout, 9)
    assert last_board(runs[0].stdout, 9)[4][4] == "."


def test_a_line_that_is_not_utf8_is_an_unknown_command_and_the_game_goes_on():
    args = parse_args(["--console", "--rows", "6", "--cols", "7", "--mines", "5", "--seed", "12"])
    stdin = io.TextIOWrapper(io.BytesIO(b"r 3 3\n\xff\xfe\nf 0 0\n\xc3(\r\nh\n"), encoding="utf-8")
    out = io.StringIO()
    assert run_console(args, stdin=stdin, stdout=out) == 0
    text = out.getvalue()
    assert text.count("unknown command: the line is not utf-8 text; type h for help") == 2
    assert HELP in text  # the lines after each bad one were read and obeyed
    assert last_board(text, 7)[0][0] == "F" and "Mines left: 4" in text


def test_a_piped_line_that_is_not_utf8_does_not_stop_a_strict_utf8_console(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONIOENCODING="utf-8")
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--console", "--seed", "1",
                           "--data-dir", str(tmp_path)], input=b"r 1 1\n\xff\xfe\nf 8 8\nq\n",
                          capture_output=True, cwd=tmp_path, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    out = done.stdout.decode("utf-8")
    assert "unknown command: the line is not utf-8 text; type h for help" in out
    assert len(boards(out, 9)) == 3  # the start, r 1 1 and, after the bad line, f 8 8


def test_a_win_that_could_not_be_saved_claims_no_best_time_and_says_so(capsys):
    """--data-dir on a file: the records live in memory, where every win would be #1."""
    args = parse_args(["--console", "--difficulty", "beginner", "--seed", "22010", "--data-dir", "/etc/passwd"])
    out = io.StringIO()
    assert run_console(args, stdin=io.StringIO("r 4 4\n"), stdout=out) == 0  # won by this click
    lines = out.getvalue().splitlines()
    assert lines[-2].startswith("You won!") and "New best time" not in out.getvalue()
    assert lines[-1] == ("This game was not saved to the records "
                         "(--data-dir /etc/passwd: a file is in the way; give a folder).")
    assert "will not be saved" in capsys.readouterr().err
