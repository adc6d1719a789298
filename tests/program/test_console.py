"""The console game (game.console.play, ``python main.py --console``), played through text.

Most stories run in-process: a :class:`ConsoleGame` on a hand-laid board, commands
from an ``io.StringIO``, the output read back as a grid. A few run the real
``python main.py --console`` through a pipe.
"""

from __future__ import annotations

import io
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules.board import Config
from game.boardfile import parse_mine
from game.commands.cli import parse_args
import game.console.play as console_play
from game.console.play import HELP, ByteLines, ConsoleGame, ConsoleRecords, run_console
from game.console.text import COLOURS, render, wants_colour
from game.rules.engine import State
from game.midend.boardcode import BoardCode, encode
from game.midend.match import Match
from game.records import open_records
from game.records import settings as settings_file
from game.records.db import ReadOnlyError
from game.records.settings import Settings
from tests.play_helpers import TtyIn, console_dealt, read_chunk, read_to_end

ROOT = Path(__file__).resolve().parents[2]


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


def laid(picture: str, clock=None, **rules) -> Match:
    """A match on a board laid as ``picture`` ('*' mine, '.' safe; one word per row)."""
    lines = picture.split()
    mines = {(r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch == "*"}
    return Match(Config(len(lines), len(lines[0]), len(mines), **rules), mines=mines,
                 clock=clock or FakeClock())


def play(match: Match, *commands: str, on_end=None) -> tuple[int, str]:
    """Run the console on ``commands`` (one per line); returns (status, output)."""
    out = io.StringIO()
    status = ConsoleGame(match, out, on_end=on_end).run(io.StringIO("".join(c + "\n" for c in commands)))
    return status, out.getvalue()


ANSI = re.compile(r"\x1b\[[0-9;]*m")


def column_numbers(header: list[str]) -> list[int] | None:
    """The numbers written downwards in ``header`` (one digit per line, a column per
    character position), or None when a line holds anything but digits and spaces."""
    if not header or any(set(line) - set("0123456789 ") for line in header):
        return None
    width = max(len(line) for line in header)
    columns = ("".join(line.ljust(width)[x] for line in header).strip() for x in range(width))
    return [int(text) for text in columns if text]


def boards(output: str, cols: int) -> list[list[str]]:
    """Every board printed in ``output``, each as its rows of symbols (the column numbers
    read downwards and the row labels checked; colour codes dropped)."""
    lines = ANSI.sub("", output).splitlines()
    depth = len(str(cols - 1))  # header lines: one per digit of the last column number
    found = []
    for i in range(len(lines)):
        if column_numbers(lines[i:i + depth]) == list(range(cols)):
            rows = []
            for r, row in enumerate(lines[i + depth:]):
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
    match = laid("*........... ............ ...........*")
    status, out = play(match)
    lines = out.splitlines()
    assert status == 0
    assert lines[:2] == [" " * 22 + "1 1",  # the tens, over columns 10 and 11
                         "  0 1 2 3 4 5 6 7 8 9 0 1"]
    assert column_numbers(lines[:2]) == list(range(12))
    units = [m.start() for m in re.finditer(r"\d", lines[1])]
    assert [m.start() for m in re.finditer(r"\d", lines[0])] == units[10:]
    for row in lines[2:5]:  # each cell sits under its column's digits, 2 characters apart
        cells = [m.start() for m in re.finditer(r"\S", row)][1:]
        assert cells == units
    assert [line.split()[0] for line in lines[2:5]] == ["0", "1", "2"]
    assert lines[5] == "Mines left: 2  Time: 0.0 s  State: ready"


@pytest.mark.parametrize("level, header, first_row, last_row", [
    ("beginner", ["  0 1 2 3 4 5 6 7 8"], "0 # # # # # # # # #", "8 # # # # # # # # #"),
    ("intermediate", ["                       1 1 1 1 1 1",
                      "   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5"],
     " 0" + " #" * 16, "15" + " #" * 16),
    ("expert", ["                       1 1 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 2 2",
                "   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9"],
     " 0" + " #" * 30, "15" + " #" * 30),
])
def test_every_standard_level_is_printed_two_characters_a_cell(level, header, first_row, last_row):
    match = Match(Config.difficulty(level), clock=FakeClock())
    lines = render(match).splitlines()
    assert lines[:len(header)] == header
    assert lines[len(header)] == first_row and lines[-2] == last_row
    assert len(lines) == len(header) + match.game.rows + 1
    assert max(len(line) for line in lines[:-1]) == len(last_row) <= 62


def test_a_board_over_100_columns_numbers_them_in_three_lines():
    match = Match(Config(3, 105, 1), clock=FakeClock())
    lines = render(match).splitlines()
    assert column_numbers(lines[:3]) == list(range(105))
    assert lines[3] == "0" + " #" * 105 and len(lines) == 3 + 3 + 1
    assert lines[0].split() == ["1"] * 5  # the hundreds, over columns 100..104


def test_a_tall_board_numbers_every_row():
    match = Match(Config(12, 3, 1), clock=FakeClock())
    _, out = play(match)
    (board,) = boards(out, 3)
    assert len(board) == 12 and all(row == "###" for row in board)


class Tty(io.StringIO):
    """An output that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("terminal, environ, expected", [
    (True, {}, True),
    (True, {"NO_COLOR": ""}, True),   # present but empty: no-color.org says colour stays
    (True, {"NO_COLOR": "1"}, False),
    (True, {"NO_COLOR": "0"}, False),  # any non-empty value, even 0
    (False, {}, False),                # a pipe or a file
])
def test_colour_only_on_a_terminal_without_no_color(terminal, environ, expected):
    out = Tty() if terminal else io.StringIO()
    assert wants_colour(out, environ) is expected


def test_a_stream_without_isatty_or_closed_gets_no_colour():
    closed = open(os.devnull, "w")
    closed.close()  # its isatty() raises ValueError
    assert wants_colour(object(), {}) is False
    assert wants_colour(io.StringIO(), {}) is False and wants_colour(closed, {}) is False


def test_colour_wraps_numbers_flags_and_mines_and_keeps_the_visible_board():
    match = laid("*.*. .... ...*")
    for command in ("f 0 0", "f 1 1", "r 1 0", "r 0 3", "r 2 0", "r 0 2"):
        ConsoleGame(match, io.StringIO()).handle(command)
    plain, coloured = render(match), render(match, colour=True)
    assert ANSI.sub("", coloured) == plain
    assert plain.splitlines()[1:4] == ["0 F # X 1", "1 1 x 2 #", "2 . . 1 *"]
    rows = coloured.splitlines()[1:4]
    assert rows[0] == "0 \x1b[1;31mF\x1b[0m # \x1b[1;97;41mX\x1b[0m \x1b[94m1\x1b[0m"
    assert rows[1] == "1 \x1b[94m1\x1b[0m \x1b[1;31mx\x1b[0m \x1b[32m2\x1b[0m #"
    assert rows[2] == "2 . . \x1b[94m1\x1b[0m \x1b[1m*\x1b[0m"  # covered and empty stay plain
    assert "\x1b" not in coloured.splitlines()[0] + coloured.splitlines()[-1]  # header, status


@pytest.mark.parametrize("digit, code", [("1", "94"), ("2", "32"), ("3", "91"), ("4", "35"),
                                         ("5", "31"), ("6", "36"), ("7", "1"), ("8", "90")])
def test_each_number_has_its_own_colour(digit, code):
    assert COLOURS[digit] == code
    assert len(set(COLOURS[str(n)] for n in range(1, 9))) == 8


@pytest.mark.parametrize("environ, coloured", [({}, True), ({"NO_COLOR": "1"}, False)])
def test_run_console_colours_a_terminal_unless_no_color(monkeypatch, environ, coloured):
    monkeypatch.delenv("NO_COLOR", raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    args = parse_args(["--console", "--rows", "6", "--cols", "7", "--mines", "5", "--seed", "12"])
    for out in (Tty(), io.StringIO()):
        assert run_console(args, stdin=io.StringIO("r 3 3\nf 0 0\n"), stdout=out) == 0
        assert ("\x1b[" in out.getvalue()) is (coloured and isinstance(out, Tty))
        assert last_board(out.getvalue(), 7)[0][0] == "F"


class Terminal:
    """A terminal for :meth:`ConsoleGame.run`: ``typed`` lines are read one at a time and
    echoed into the output, as a terminal shows what the player types, so
    ``out.getvalue()`` is the screen's text."""

    def __init__(self, *typed: str):
        self.out = Tty()
        self.typed = list(typed)

    def readline(self) -> str:
        if not self.typed:
            return ""
        line = self.typed.pop(0) + "\n"
        self.out.write(line)
        return line

    def isatty(self) -> bool:
        return True


def ends_in_the_corner(level: str, clock: FakeClock) -> Match:
    """A ``level`` match whose mines fill the last cells in reading order: (0, 0) opens every
    safe cell at once, and the cell just before the first mine is a lone number."""
    config = Config.difficulty(level)
    first = config.rows * config.cols - config.mines
    mines = {divmod(i, config.cols) for i in range(first, config.rows * config.cols)}
    return Match(config, mines=mines, clock=clock)


def screen_after(transcript: str, command: str) -> list[str]:
    """The lines on screen from the one after ``command`` was typed to the next prompt."""
    lines = ANSI.sub("", transcript).splitlines()
    start = lines.index("> " + command) + 1
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("> "))
    return lines[start:end + 1]


@pytest.mark.parametrize("level", ["beginner", "intermediate", "expert"])
@pytest.mark.parametrize("ending", ["won", "lost"])
def test_the_screen_after_a_move_fits_80_by_24_on_every_standard_level(level, ending, tmp_path, monkeypatch):
    """The last move's screen: the board (column numbers, rows, status), the two summary
    lines, the best time and its name question (a win), and the next prompt; times past
    9999 s, in colour."""
    clock = FakeClock(0.0)
    match = ends_in_the_corner(level, clock)
    match.deal.layout_known = False  # dealt, as far as the records know: a win is a best time
    # ... and its code a dealt board's (a seed, its start cell: issue 38), not the long one of a layout
    dealt = encode(BoardCode(match.config.rows, match.config.cols, match.config.mines, seed=2**40 - 1, start=(0, 0)))
    monkeypatch.setattr(console_play, "code_text", lambda match: dealt)
    config = match.config
    number = divmod(config.rows * config.cols - config.mines - 1, config.cols)
    last = "r 0 0" if ending == "won" else f"r {config.rows - 1} {config.cols - 1}"
    terminal = Terminal(f"r {number[0]} {number[1]}", "wait", last, *(["Bob"] if ending == "won" else []), "")
    original = terminal.readline

    def readline():  # the player thinks for almost three hours before the last move
        clock.now += 9999.5 if terminal.typed and terminal.typed[0] == last else 0.0
        return original()
    terminal.readline = readline
    records = open_records(str(tmp_path), stderr=None)
    hooks = ConsoleRecords(records, name="alexandra.smith")
    console = ConsoleGame(match, terminal.out, on_end=hooks.finish, ask_name=hooks.ask_name, colour=True)
    assert console.run(terminal, prompt=True) == 0
    assert match.game.state.value == ending and match.elapsed == 9999.5
    screen = screen_after(terminal.out.getvalue(), last)
    assert screen[-1] == "> "  # the next prompt, on the screen's last line
    depth = len(str(config.cols - 1))
    assert column_numbers(screen[:depth]) == list(range(config.cols))  # the whole board shows
    if ending == "won":
        assert screen[-5].startswith("You won! Time 9999.500 s") and screen[-4] == f"Clicks 2: L2 R0 D0   Board code: {dealt}"
        assert screen[-3:-1] == ["New best time: #1", "Name for the best times [alexandra.smith]: Bob"]
        assert records.store.games()[-1].name == "Bob"
    else:
        assert screen[-4:-1] == [f"BOOM! You hit the mine at ({config.rows - 1}; {config.cols - 1}) "
                                 "after 9999.500 s.", "n for a new game, u to take the move back, q to quit.",
                                 f"Board code: {dealt}"]
    records.close()
    assert len(screen) <= 24 and max(len(line) for line in screen) <= 80, "\n".join(screen)


# ----- the commands ------------------------------------------------------------------------------
def test_r_reveals_and_opens_a_zero_region():
    match = laid("..*.. ..*.. ..*..")
    status, out = play(match, "r 0 0")
    assert status == 0
    assert last_board(out, 5) == [".2###", ".3###", ".2###"]
    assert "State: playing" in out.splitlines()[-1]


def test_f_flags_and_the_counter_goes_down():
    match = laid("*.. ... ...")
    _, out = play(match, "f 0 0", "f 2 2")
    assert last_board(out, 3) == ["F##", "###", "##F"]
    assert out.splitlines()[-1].startswith("Mines left: -1")


def test_f_cycles_through_the_question_mark_when_it_is_on():
    match = laid("*.. ... ...", questions=True)
    _, out = play(match, "f 1 1", "f 1 1", "f 1 1")
    assert [board[1][1] for board in boards(out, 3)] == ["#", "F", "?", "#"]


def test_c_chords_around_a_satisfied_number():
    match = laid("*... .... ...*", clock=TickingClock())
    _, out = play(match, "r 1 1", "f 0 0", "c 1 1")
    assert last_board(out, 4) == ["F1..", "1111", "..1F"]
    assert "You won!" in out


def test_h_lists_every_command():
    match = laid("*.. ...")
    _, out = play(match, "h")
    assert HELP in out
    for command in ("r ROW COL", "f ROW COL", "c ROW COL", "s FILE", "u ", "y ", "n ", "q ", "h "):
        assert command in HELP
    assert max(len(line) for line in HELP.splitlines()) <= 80 and len(HELP.splitlines()) < 24


def test_q_quits_with_status_0_and_reads_no_further():
    match = laid("*.. ...")
    status, out = play(match, "q", "r 1 1")
    assert status == 0
    assert len(boards(out, 3)) == 1 and not match.game.is_revealed((1, 1))


def test_end_of_input_quits_with_status_0():
    match = laid("*.. ...")
    status, out = play(match, "r 1 1")
    assert status == 0 and match.game.is_revealed((1, 1))
    assert last_board(out, 3) == ["###", "#1#"]


def test_blank_lines_are_ignored_and_commands_are_case_blind():
    match = laid("*.. ...")
    _, out = play(match, "", "   ", "R 1 1")
    assert len(boards(out, 3)) == 2 and match.game.is_revealed((1, 1))


@pytest.mark.parametrize("command, message", [
    ("x 1 1", "unknown command 'x'; type h for help"),
    ("reveal 1 1", "unknown command 'reveal'; type h for help"),
    ("r 9 9", "(9; 9) is off the board: row 0..1, column 0..2"),
    ("f -1 0", "(-1; 0) is off the board: row 0..1, column 0..2"),
    ("c 2 0", "(2; 0) is off the board: row 0..1, column 0..2"),
    ("r a b", "ROW and COL must be whole numbers: row 0..1, column 0..2"),
    ("r 1.5 2", "ROW and COL must be whole numbers: row 0..1, column 0..2"),
    ("r 1", "usage: r ROW COL (two numbers: row 0..1, column 0..2)"),
    ("f 1 1 1", "usage: f ROW COL (two numbers: row 0..1, column 0..2)"),
])
def test_a_bad_command_gets_one_line_and_the_game_goes_on(command, message):
    match = laid("*.. ...")
    status, out = play(match, command, "r 1 1")
    lines = out.splitlines()
    first_end = 3  # header, two rows, status line
    assert lines[first_end + 1] == message
    assert lines[first_end + 2].split() == ["0", "1", "2"]  # straight back to the next board
    assert status == 0 and match.game.is_revealed((1, 1)) and match.total_clicks == 1


def test_s_writes_the_position_as_covered_flags_and_digits(tmp_path):
    match = laid("*... .... ...*")
    target = tmp_path / "pos.mine"
    _, out = play(match, "r 1 1", "f 0 0", "f 1 3", f"s {target}")
    assert f"saved the position to {target}" in out
    text = target.read_text()
    assert set("".join(text.splitlines()[1:])) <= set("HF012345678")
    assert "M" not in text
    position = parse_mine(text)
    assert position.mines_known is None
    assert position.revealed == {(1, 1): 1} and position.flags == {(0, 0), (1, 3)}
    assert (position.rows, position.cols, position.mines) == (3, 4, 2)


def test_s_without_a_file_or_into_a_missing_folder_says_so(tmp_path):
    match = laid("*.. ...")
    _, out = play(match, "s", f"s {tmp_path / 'no' / 'such' / 'dir.mine'}", "r 1 1")
    assert "usage: s FILE (for example s position.mine)" in out
    assert f"could not save {tmp_path / 'no' / 'such' / 'dir.mine'}:" in out
    assert match.game.is_revealed((1, 1))


def test_u_takes_back_a_move_that_did_not_lose_and_y_plays_it_again():
    match = laid("*...* ..... ..... ...*.")
    game = match.game
    _, out = play(match, "r 0 1", "f 0 0", "r 3 0", "u", "u", "y", "y", "u", "f 0 4")
    shown = boards(out, 5)
    assert len(shown) == 1 + 9  # the first board, then one after every command
    start, revealed, flagged, opened, undo_open, undo_flag, redo_flag, redo_open, undo_again, new_move = shown
    assert revealed == ["#1###", "#####", "#####", "#####"]
    assert flagged == ["F1###", "#####", "#####", "#####"]
    assert opened == ["F1.1#", "11.1#", "..11#", "..1##"]
    assert undo_open == flagged and undo_flag == revealed  # each u: the board exactly as before
    assert redo_flag == flagged and redo_open == opened  # each y: the move played again
    assert undo_again == flagged and new_move == ["F1##F", "#####", "#####", "#####"]
    assert [p.move.kind for p in match.moves] == ["reveal", "flag", "flag"]
    assert out.count("The move is taken back. This game now counts in no statistic.") == 3
    assert "State: playing" in out.splitlines()[-1] and game.state is State.PLAYING
    assert match.undos == 3 and not match.can_redo  # the new flag forgot the move taken back
    _, out = play(match, "y")
    assert out.splitlines()[-1] == "y plays again a move taken back; there is none"


def test_n_starts_a_new_game():
    match = Match(Config(5, 5, 3), seed=8, clock=FakeClock())
    _, out = play(match, "r 2 2", "n")
    first, revealed, fresh = boards(out, 5)
    assert any(ch != "#" for row in revealed for ch in row)
    assert all(row == "#####" for row in fresh)
    assert out.splitlines()[-1] == "Mines left: 3  Time: 0.0 s  State: ready"
    assert match.game.state is State.READY and match.total_clicks == 0


# ----- the end -----------------------------------------------------------------------------------
def test_after_a_loss_the_mines_the_exploded_one_and_wrong_flags_are_distinct():
    match = laid("*.*. .... ...*")
    _, out = play(match, "f 0 0", "f 1 1", "r 1 0", "r 0 2", "r 2 0")
    assert last_board(out, 4) == ["F#X#", "1x##", "###*"]
    assert "BOOM! You hit the mine at (0; 2)" in out
    assert out.splitlines()[-1] == "the game is over: n for a new game, q to quit"


def test_a_win_prints_time_3bv_3bv_per_second_clicks_and_efficiency():
    clock = FakeClock()
    match = laid("*.*.. ..... .....", clock=clock)
    out = io.StringIO()
    console = ConsoleGame(match, out)
    console.handle("r 2 0")      # the opening
    clock.now += 3.5
    console.handle("r 2 0")      # wasted
    console.handle("f 0 0")
    clock.now += 0.5
    console.handle("r 0 1")      # the isolated 2: won after 4 s
    text = out.getvalue()
    assert match.game.state is State.WON
    code = encode(match.board_code())  # issue 38: the board's code follows the clicks
    assert ("You won! Time 4.000 s, 3BV 2, 3BV/s 0.50, efficiency 50%\n"
            f"Clicks 4: L3 R1 D0   Board code: {code}\n") in text  # by button, as the window counts them: the wasted reveal a left click
    assert last_board(text, 5) == ["F2F1.", "1211.", "....."]


def test_the_console_counts_clicks_by_button_as_ms_toollib_counts_its_game():
    """Issue 37: one way of counting clicks. A console game with a wasted reveal, two flags and a
    winning chord: its summary's left, right and double clicks are those ms-toollib
    gives the game (its replay, as the records compute its figures), as the window's are."""
    from tests.rules.test_counters import toollib_stats

    clock = FakeClock()
    match = laid("*.*.. ..... .....", clock=clock)
    out = io.StringIO()
    console = ConsoleGame(match, out)
    for command in ("r 2 0", "r 2 0", "f 0 0", "f 0 2", "c 1 1"):  # the chord on the 2 opens (0; 1): won
        clock.now += 0.5
        console.handle(command)
    assert match.game.state is State.WON
    (stats,) = toollib_stats([match])
    said = out.getvalue().splitlines()[-1]
    assert said == (f"Clicks {stats.clicks}: L{stats.left_clicks} R{stats.right_clicks} D{stats.double_clicks}"
                    f"   Board code: {encode(match.board_code())}")  # issue 38: the board's code follows
    assert (stats.left_clicks, stats.right_clicks, stats.double_clicks) == (2, 2, 1)


def test_a_win_in_one_click_prints_its_summary():
    # A one-click win can take under half a millisecond: the elapsed time reads 0.000.
    match = laid(".......... .......... .........*", clock=FakeClock())
    status, out = play(match, "r 0 0")
    assert match.game.state is State.WON and match.elapsed == 0.0
    assert status == 0
    assert "You won! Time 0.000 s, 3BV 1" in out


def test_the_end_is_reported_once_to_the_records_hook():
    ended = []

    def on_end(match):
        ended.append(match.game.state)
        return "New best time: #1"

    match = laid("*.. ...")
    _, out = play(match, "r 0 0", "r 1 1", on_end=on_end)
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
    ConsoleGame(laid(picture), out, on_end=lambda match: recorded.append(match.game.state) or None).handle(move)
    assert len(recorded) == 1
    told = [count for text, count in out.seen if result in text]
    assert told == [1]  # the result was written once, after the record
    assert all(count == 1 for _, count in out.seen)  # even the final board came after it


# ----- the best-time name ------------------------------------------------------------------------
class Answers:
    """A fake ``ask_name``: notes the ``ask`` it was given and asks once after a win."""

    def __init__(self):
        self.asks = []
        self.answers = []

    def __call__(self, ask):
        self.asks.append(ask)
        if ask is not None:
            self.answers.append(ask("Name for the best times [alice]: "))
        return "named"


def test_a_terminal_is_asked_the_name_after_the_result_and_the_next_command_is_read_after():
    answers = Answers()
    terminal = Terminal("r 2 2", "Bob", "r 0 0")
    match = laid("*.. ... ...")
    ConsoleGame(match, terminal.out, on_end=lambda match: "New best time: #1", ask_name=answers).run(
        terminal, prompt=True)
    assert answers.answers == ["Bob"]
    lines = terminal.out.getvalue().splitlines()
    start = lines.index("> r 2 2")
    assert lines[start + 6].startswith("You won!")
    assert lines[start + 7:start + 11] == [
        f"Clicks 1: L1 R0 D0   Board code: {encode(match.board_code())}", "New best time: #1",
        "Name for the best times [alice]: Bob", "named"]
    assert lines[start + 11:] == ["> r 0 0", "the game is over: n for a new game, q to quit", "> "]


def test_a_pipe_is_not_asked_the_name_so_the_next_command_stays_a_command():
    answers = Answers()
    match = laid("*.. ... ...")
    out = io.StringIO()
    ConsoleGame(match, out, ask_name=answers).run(io.StringIO("r 2 2\nr 0 0\n"))
    assert answers.asks == [None]
    assert out.getvalue().splitlines()[-2:] == ["named", "the game is over: n for a new game, q to quit"]


def test_the_name_question_at_end_of_input_or_on_an_unreadable_line_keeps_the_default():
    for typed, said in ((b"", ""), (b"\xff\n", "that answer is not utf-8 text; kept the default")):
        out = io.StringIO()
        console = ConsoleGame(laid("*.. ..."), out)
        console._lines = ByteLines(io.BytesIO(typed), "utf-8")
        assert console.ask("Name? ") is None
        assert out.getvalue() == "Name? " + said + "\n"
    assert ConsoleGame(laid("*.. ..."), io.StringIO()).ask("Name? ") is None  # not running: no input


def won_and_named(tmp_path, ask, name="alice", loss=False):
    """A Beginner game won (or lost) and recorded through ConsoleRecords, then ``ask_name(ask)``;
    returns (note from ask_name, the records, the hooks)."""
    records = open_records(str(tmp_path), stderr=None)
    hooks = ConsoleRecords(records, name=name)
    match = Match(Config.difficulty("beginner"), mines={divmod(i, 9) for i in range(71, 81)},
                  clock=FakeClock())
    match.deal.layout_known = False  # as a dealt board
    match.reveal((8, 0) if loss else (0, 0))
    assert match.game.state is (State.LOST if loss else State.WON)
    finish_note = hooks.finish(match)
    assert finish_note == (None if loss else "New best time: #1")
    return hooks.ask_name(ask), records, hooks


@pytest.mark.parametrize("answer, kept", [
    ("Bob", "Bob"), ("  Bob \x07", "Bob"), ("", "alice"), ("   ", "alice"), (None, "alice"),
    ("x" * 40, "x" * 32), ("alice", "alice"),
])
def test_a_best_time_is_kept_under_the_name_typed(tmp_path, answer, kept):
    questions = []
    note, records, _ = won_and_named(tmp_path, lambda q: questions.append(q) or answer)
    assert questions == ["Name for the best times [alice]: "] and note is None
    assert records.store.games()[-1].name == kept and records.store.best_times("beginner")[0].name == kept
    records.close()


def test_without_a_terminal_the_best_time_keeps_the_default_and_says_so(tmp_path):
    note, records, _ = won_and_named(tmp_path, None)
    assert note == "Best time saved under alice (input is not a terminal, so no name was asked)."
    assert records.store.games()[-1].name == "alice"
    records.close()


def test_no_question_after_a_loss_or_a_game_out_of_the_best_times_nor_twice(tmp_path):
    asked = []
    note, records, hooks = won_and_named(tmp_path, asked.append, loss=True)
    assert note is None and asked == []
    match = laid("*.. ... ...")  # a known layout on a custom size: no best time, none to explain
    match.reveal((2, 2))
    assert match.game.state is State.WON and hooks.finish(match) is None
    assert hooks.ask_name(asked.append) is None and asked == []
    records.close()
    note, records, hooks = won_and_named(tmp_path / "again", lambda q: "Bob")
    assert hooks.ask_name(lambda q: asked.append(q) or "Eve") is None and asked == []  # once a game
    records.close()


@pytest.mark.parametrize("error, said", [
    (ReadOnlyError("The records database db is read-only (locked); nothing was saved."),
     "The best time stays under alice: The records database db is read-only (locked); nothing was saved."),
    (sqlite3.OperationalError("disk I/O error"),
     "The best time stays under alice: the name could not be saved (disk I/O error)."),
])
def test_a_name_that_cannot_be_saved_gets_one_line(tmp_path, monkeypatch, error, said):
    records = open_records(str(tmp_path), stderr=None)

    def refuse(record_id, name):
        raise error
    monkeypatch.setattr(records.store, "set_name", refuse)
    hooks = ConsoleRecords(records, name="alice")
    match = Match(Config.difficulty("beginner"), mines={divmod(i, 9) for i in range(71, 81)},
                  clock=FakeClock())
    match.deal.layout_known = False
    match.reveal((0, 0))
    assert hooks.finish(match) == "New best time: #1"
    assert hooks.ask_name(lambda q: "Bob") == said
    assert records.store.games()[-1].name == "alice"
    records.close()


def test_console_records_default_to_the_system_user_name(tmp_path, monkeypatch):
    monkeypatch.setenv("LOGNAME", "sys.user")
    records = open_records(str(tmp_path), stderr=None)
    records.settings.player_name = "Typed In The Window"
    assert ConsoleRecords(records).name == "sys.user"
    records.close()


def test_run_console_asks_a_terminal_for_the_best_time_name_and_keeps_the_settings_name(
        tmp_path, monkeypatch):
    monkeypatch.setenv("LOGNAME", "sys.user")
    records = open_records(str(tmp_path), stderr=None)
    records.settings.player_name = "Window Name"
    assert records.save_settings() is None
    records.close()
    args, moves = console_dealt(tmp_path)
    out = io.StringIO()
    assert run_console(args, stdin=TtyIn("\n".join(moves + ["  Bob  ", "r 0 0"]) + "\n"), stdout=out) == 0
    text = out.getvalue()
    assert "New best time: #1\nName for the best times [sys.user]: " in text
    assert text.endswith("> the game is over: n for a new game, q to quit\n> ")
    records = open_records(str(tmp_path), stderr=None)
    last = records.store.games()[-1]
    assert (last.won, last.name, last.abandoned) == (True, "Bob", False)
    assert records.store.best_times("beginner", table="terminal")[0].name == "Bob"  # the terminal's table
    assert records.store.best_times("beginner") == []  # not the window's
    assert records.settings.player_name == "Window Name"  # the window's name is left alone
    records.close()


def test_run_console_through_a_pipe_keeps_the_system_name_reads_no_answer_and_ranks_nowhere(tmp_path, monkeypatch):
    """A game read from a pipe is a script's (issue 28): recorded, in no best and no streak."""
    monkeypatch.setenv("LOGNAME", "sys.user")
    args, moves = console_dealt(tmp_path)
    out = io.StringIO()
    assert run_console(args, stdin=io.StringIO("\n".join(moves + ["Bob", "r 0 0"]) + "\n"), stdout=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[-3:] == ["Read from a pipe or a file, not typed in a terminal: recorded as a script's game, "
                          "left out of played, won, streaks and best times.",
                          "unknown command 'Bob'; type h for help",  # still a command, as piped
                          "the game is over: n for a new game, q to quit"]
    records = open_records(str(tmp_path), stderr=None)
    assert records.store.games()[-1].name == "sys.user" and records.store.games()[-1].won
    assert records.store.games()[-1].input == "script"
    records.close()


# ----- leaving a game in progress ----------------------------------------------------------------
class Abandons:
    """A fake ``on_abandon``: notes the state of each game it is given and returns ``note``."""

    def __init__(self, note=None):
        self.states = []
        self.note = note

    def __call__(self, match):
        self.states.append(match.game.state)
        return self.note


def leave_with(commands, abandons, match=None):
    match = match or laid("*... .... ...*")
    out = io.StringIO()
    status = ConsoleGame(match, out, on_abandon=abandons).run(io.StringIO("".join(c + "\n" for c in commands)))
    return status, out.getvalue().splitlines(), match


@pytest.mark.parametrize("leaving", [["n"], ["q", "r 0 1"], []])  # [] is the end of input
def test_leaving_a_game_after_its_first_reveal_records_it_as_abandoned(leaving):
    abandons = Abandons()
    status, lines, match = leave_with(["r 1 1", *leaving], abandons)
    assert status == 0 and abandons.states == [State.PLAYING]
    said = lines.index("Game abandoned: recorded as a loss.")
    assert said == 5 + 5  # after the first board and the one of r 1 1
    if leaving == ["n"]:  # before the new game's board
        assert lines[said + 1:said + 6] == ["  0 1 2 3", "0 # # # #", "1 # # # #", "2 # # # #",
                                            "Mines left: 2  Time: 0.0 s  State: ready"]
    else:  # the last line: nothing more is read after q
        assert said == len(lines) - 1 and not match.game.is_revealed((0, 1))


@pytest.mark.parametrize("before, state", [
    ([], State.READY), (["f 0 0"], State.READY), (["r 1 1", "f 0 0", "c 1 1"], State.WON),
    (["r 0 0"], State.LOST)], ids=["not started", "only a flag", "won", "lost"])
@pytest.mark.parametrize("leaving", [["q"], []])
def test_a_game_not_started_or_over_is_not_abandoned(before, state, leaving):
    abandons = Abandons()
    status, lines, match = leave_with([*before, *leaving], abandons)
    assert status == 0 and abandons.states == [] and match.game.state is state
    assert not any(line.startswith("Game abandoned") for line in lines)


@pytest.mark.parametrize("before", [[], ["f 0 0"], ["r 1 1", "f 0 0", "c 1 1"], ["r 0 0"]],
                         ids=["not started", "only a flag", "won", "lost"])
def test_n_on_a_game_not_started_or_over_abandons_nothing(before):
    abandons = Abandons()
    status, lines, match = leave_with([*before, "n"], abandons)
    assert status == 0 and abandons.states == [] and match.game.state is State.READY
    assert not any(line.startswith("Game abandoned") for line in lines)


def test_a_new_game_is_abandoned_only_once_it_is_played():
    abandons = Abandons()
    # every board from one seeded source: an unseeded new game could be won by its first
    # click (a 5x5 board with 3 mines, one time in about 24), and then not be abandoned
    match = Match(Config(5, 5, 3), rng=random.Random(8), seed=8, clock=FakeClock())
    leave_with(["r 2 2", "n", "n", "r 0 0", "n"], abandons, match=match)
    assert abandons.states == [State.PLAYING, State.PLAYING]


def test_an_abandoned_game_that_could_not_be_saved_says_why():
    note = "This game was not saved to the records (no folder)."
    _, lines, _ = leave_with(["r 1 1", "q"], Abandons(note))
    assert lines[-2:] == ["Game abandoned: a loss, but not saved.", note]


class Interrupted:
    """Input that gives ``typed`` lines, then raises KeyboardInterrupt as Ctrl-C does."""

    def __init__(self, *typed: str):
        self.typed = list(typed)

    def readline(self) -> str:
        if not self.typed:
            raise KeyboardInterrupt
        return self.typed.pop(0) + "\n"

    def isatty(self) -> bool:
        return False


@pytest.mark.parametrize("typed, abandoned", [(["r 1 1"], True), ([], False), (["r 0 0"], False)])
def test_ctrl_c_records_a_game_in_progress_then_stops(typed, abandoned):
    abandons = Abandons()
    out = io.StringIO()
    console = ConsoleGame(laid("*... .... ...*"), out, on_abandon=abandons)
    with pytest.raises(KeyboardInterrupt):
        console.run(Interrupted(*typed), prompt=True)
    assert abandons.states == ([State.PLAYING] if abandoned else [])
    said = "> \nGame abandoned: recorded as a loss.\n"  # on its own line, past the ^C
    assert out.getvalue().endswith(said) is abandoned


def test_console_records_abandon_under_the_console_name_and_only_in_progress(tmp_path):
    records = open_records(str(tmp_path), stderr=None)
    records.settings.player_name = "Window Name"
    hooks = ConsoleRecords(records, name="alice")
    match = laid("*... .... ...*")
    assert hooks.abandon(match) is None and records.store.count() == 0  # not started
    match.reveal((1, 1))
    assert hooks.abandon(match) is None
    (last,) = records.store.games()
    assert (last.abandoned, last.won, last.name) == (True, False, "alice")
    match.reveal((0, 0))
    assert hooks.abandon(match) is None and records.store.count() == 1  # over
    records.close()


def test_console_records_abandon_says_when_the_game_was_not_saved():
    records = open_records("/etc/passwd", stderr=None)  # a file: the records live in memory
    match = laid("*... .... ...*")
    match.reveal((1, 1))
    assert ConsoleRecords(records, name="alice").abandon(match) == (
        "This game was not saved to the records (--data-dir /etc/passwd: a file is in the way; "
        "give a folder).")
    records.close()


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
    assert "\x1b" not in done.stdout  # no colour codes into a pipe
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
    assert "BOOM! You hit the mine at (0; 0)" in done.stdout


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


@pytest.mark.parametrize("leaving", ["n\n", "q\nr 0 0\n", ""])
def test_run_console_records_a_game_left_in_progress_as_abandoned(tmp_path, monkeypatch, leaving):
    monkeypatch.setenv("LOGNAME", "sys.user")
    args, moves = console_dealt(tmp_path)
    out = io.StringIO()
    assert run_console(args, stdin=io.StringIO(f"{moves[0]}\n{leaving}"), stdout=out) == 0
    assert "Game abandoned: recorded as a loss.\n" in out.getvalue()
    records = open_records(str(tmp_path), stderr=None)
    (game,) = records.store.games()
    assert (game.abandoned, game.won, game.name, game.level) == (True, False, "sys.user", "beginner")
    assert game.time_ms >= 0 and game.clicks_reveal == 1 and not game.best_time_eligible
    records.close()


def test_run_console_records_a_game_in_progress_at_ctrl_c_and_closes_the_records(tmp_path):
    args, moves = console_dealt(tmp_path)
    with pytest.raises(KeyboardInterrupt):
        run_console(args, stdin=Interrupted(moves[0]), stdout=io.StringIO())
    records = open_records(str(tmp_path), stderr=None)
    assert [(game.abandoned, game.won) for game in records.store.games()] == [(True, False)]
    records.close()


@pytest.mark.parametrize("typed", ["n\nq\n", "h\nf 0 0\nq\n", ""])
def test_run_console_records_nothing_for_a_game_left_before_its_first_reveal(tmp_path, typed):
    args, _ = console_dealt(tmp_path)
    out = io.StringIO()
    assert run_console(args, stdin=io.StringIO(typed), stdout=out) == 0
    assert "abandoned" not in out.getvalue()
    records = open_records(str(tmp_path), stderr=None)
    assert records.store.count() == 0
    records.close()


def test_run_console_records_a_won_game_once_and_quitting_after_it_abandons_nothing(tmp_path):
    args, moves = console_dealt(tmp_path)
    out = io.StringIO()
    assert run_console(args, stdin=io.StringIO("\n".join(moves + ["q"]) + "\n"), stdout=out) == 0
    records = open_records(str(tmp_path), stderr=None)
    assert [(game.abandoned, game.won) for game in records.store.games()] == [(False, True)]
    records.close()


def test_ctrl_c_on_a_terminal_records_the_game_in_progress_and_exits_130(tmp_path):
    """The real program on a pseudo-terminal: coloured board, a reveal, then Ctrl-C."""
    pty = pytest.importorskip("pty")
    import time
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", LOGNAME="sys.user")
    env.pop("NO_COLOR", None)
    pid, fd = pty.fork()
    if pid == 0:  # the child: the console game on a terminal
        # as a shell starts it from a terminal: a test run in the background (a non-interactive
        # shell's `&`) inherits SIGINT ignored, and Ctrl-C would then do nothing at all
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.chdir(tmp_path)
        os.execve(sys.executable, [sys.executable, str(ROOT / "main.py"), "--console", "--seed", "1",
                                   "--data-dir", str(tmp_path)], env)

    def read_until(pattern: bytes, out: bytes = b"") -> bytes:
        deadline = time.monotonic() + 30
        while not re.search(pattern, out, re.DOTALL):
            chunk = read_chunk(fd, deadline)  # TimeoutError: the test fails instead of hanging
            assert chunk, f"the game exited before {pattern!r}: {out[-500:]!r}"
            out += chunk
        return out

    try:
        out = read_until(rb"> ")  # the prompt: the game waits for input
        os.write(fd, b"r 4 4\n")
        out = read_until(rb"State: playing.*> ", out)  # the board after the reveal, then the prompt
        os.write(fd, b"\x03")  # Ctrl-C, as the terminal sends it
        out += read_to_end(fd)
    except (TimeoutError, AssertionError):
        os.kill(pid, 9)
        raise
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 130
    assert b"Traceback" not in out and b"KeyboardInterrupt" not in out
    assert b"Game abandoned: recorded as a loss." in out
    assert b"\x1b[" in out  # a terminal gets colours
    records = open_records(str(tmp_path), stderr=None)
    (game,) = records.store.games()
    assert (game.abandoned, game.won, game.name) == (True, False, "sys.user")
    records.close()


@pytest.mark.parametrize("options, why", [
    (["--board", "BOARD"], "the board was known beforehand (a retry, a loaded board or a chosen --seed)"),
    (["--rows", "9", "--cols", "10", "--mines", "10"], None),  # custom: no best times at all
])
def test_a_win_out_of_the_best_times_says_why_and_asks_no_name(tmp_path, options, why):
    board = tmp_path / "board.mine"
    board.write_text("9x9x10\n" + "HHHHHHHHH\n" * 7 + "HHHHHHHHM\n" + "MMMMMMMMM\n")
    options = [str(board) if option == "BOARD" else option for option in options]
    args, moves = console_dealt(tmp_path, 7, *options)
    out = io.StringIO()
    assert run_console(args, stdin=TtyIn("\n".join(moves) + "\nBob\n"), stdout=out) == 0
    text = out.getvalue()
    assert "You won!" in text
    assert (f"\nNot a best time: {why}.\n" in text) if why else ("Not a best time" not in text)
    assert "Name for the best times" not in text and "unknown command 'Bob'" in text


def test_a_win_that_could_not_be_saved_claims_no_best_time_and_says_so(capsys):
    """--data-dir on a file: the records live in memory, where every win would be #1."""
    args = parse_args(["--console", "--difficulty", "beginner", "--seed", "36370", "--data-dir", "/etc/passwd"])
    out = io.StringIO()
    assert run_console(args, stdin=io.StringIO("r 4 4\n"), stdout=out) == 0  # won by this click
    lines = out.getvalue().splitlines()
    assert lines[-3].startswith("You won!") and lines[-2].startswith("Clicks ")
    assert "New best time" not in out.getvalue()
    assert lines[-1] == ("This game was not saved to the records "
                         "(--data-dir /etc/passwd: a file is in the way; give a folder).")
    assert "will not be saved" in capsys.readouterr().err


def test_a_seeded_console_win_is_recorded_but_never_a_best_time(isolated_data_dir):
    """--seed chooses the board (and every next one): a known layout, as in the window."""
    out = io.StringIO()
    args = parse_args(["--console", "--difficulty", "beginner", "--seed", "36370"])  # won at the centre
    assert run_console(args, TtyIn("r 4 4\nn\nr 0 0\nq\n"), out) == 0  # typed: a piped game is a script's
    text = out.getvalue()
    assert "You won!" in text and "New best time" not in text and "chosen --seed" in text
    records = open_records(stderr=None)
    won, left = records.store.games()
    assert won.won and won.layout_known and records.store.best_times("beginner") == []
    assert left.abandoned and left.layout_known  # the next board of the run is known too
    records.close()


def test_a_big_no_guess_board_shows_its_progress_on_one_stderr_line(tmp_path):
    """500x500 at 20.8 %: over half a second to build (seed 2: 1.4 s on a quiet machine under
    generator version 1; seed 3's board now takes 5.5 s), so the console reports how far it is
    on one line of stderr (rewritten with carriage returns, cleared at the end), then plays."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--console", "--no-guess", "--rows", "500",
                           "--cols", "500", "--mines", "52000", "--seed", "2"], input=b"r 250 250\nq\ny\n",
                          capture_output=True, cwd=tmp_path, env=env, timeout=60)  # bytes: keep the \r
    assert done.returncode == 0, done.stderr
    stderr, stdout = done.stderr.decode(), done.stdout.decode()
    reports = [part for part in stderr.split("\r") if part.startswith("Generating a no-guess board:")]
    assert reports and all(re.match(r"Generating a no-guess board: \d+% solved, pass \d+ \(Ctrl\+C stops\)", r)
                           for r in reports)
    assert "\r" + " " * 80 + "\r" in stderr  # the line is cleared before the board is shown
    assert "Rows 230..269 and columns 220..279 of 500x500" in stdout  # the board (its view) went to stdout


@pytest.mark.parametrize("argv", [["--console"], ["--console", "--difficulty", "beginner"]],
                         ids=["default level", "--difficulty beginner"])
def test_the_console_plays_the_8x8_beginner_the_options_chose(isolated_data_dir, argv):
    """Issue 35: the Options' 8x8 Beginner is the console's Beginner too, as the window's menu's."""
    settings_file.save(Settings(beginner_size="8x8"), isolated_data_dir / "settings.json")
    out = io.StringIO()
    assert run_console(parse_args(argv), stdin=io.StringIO(""), stdout=out) == 0
    assert last_board(out.getvalue(), 8) == ["########"] * 8
    assert "Mines left: 10" in out.getvalue()
    out = io.StringIO()  # --beginner-size wins over the saved choice, for this run
    assert run_console(parse_args([*argv, "--beginner-size", "9x9"]), stdin=io.StringIO(""), stdout=out) == 0
    assert last_board(out.getvalue(), 9) == ["#########"] * 9


def test_an_undo_in_a_piped_game_says_it_counts_nowhere_not_that_its_loss_stays_counted(tmp_path):
    """A game read from a pipe is a script's and counts in no statistic from the start, so
    ``u`` after its loss says that, not "The loss stays counted" (the records keep it out of
    played as they always did); typed in a terminal, the same ``u`` says the loss counts."""
    board = tmp_path / "corners.mine"
    board.write_text("3x3x2\nMHH\nHHH\nHHM\n", encoding="utf-8")
    commands = "r 0 2\nr 0 0\nu\nq\n"
    piped, typed = io.StringIO(), io.StringIO()
    args = parse_args(["--console", "--board", str(board), "--data-dir", str(tmp_path / "piped")])
    assert run_console(args, stdin=io.StringIO(commands), stdout=piped) == 0
    args = parse_args(["--console", "--board", str(board), "--data-dir", str(tmp_path / "typed")])
    assert run_console(args, stdin=TtyIn(commands), stdout=typed) == 0
    assert ("The losing move is taken back. Read from a pipe or a file, not typed in a terminal: recorded as "
            "a script's game, left out of played, won, streaks and best times.") in piped.getvalue()
    assert "stays counted" not in piped.getvalue()
    assert "The losing move is taken back. The loss stays counted" in typed.getvalue()
