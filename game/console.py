"""The console game: ``python main.py --console``, faithful to the C assignment.

One command per line on standard input; the board is printed after each move,
with 0-based column numbers across the top and row numbers down the side. Output
is flushed after every command, so the game can be driven through a pipe::

    printf 'r 4 4\\nf 0 0\\nq\\n' | python main.py --console --seed 1

No pygame here.
"""

from __future__ import annotations

import os
import sys
from typing import BinaryIO, Callable, Mapping, TextIO

from game.board import Cell, Config
from game.boardfile import from_game, save_board, start_game
from game.engine import Game, State

SYMBOLS = {  # appearance key -> character printed
    "covered": "#", "flag": "F", "question": "?", "0": ".",
    "mine": "*", "mine_hit": "X", "wrong_flag": "x",
}
# ANSI SGR parameters per appearance key, for a terminal: the classic number palette
# (1 blue, 2 green, 3 red, 4 navy, 5 maroon, 6 cyan, 7 black, 8 grey), flags red, mines
# bold and the exploded one white on red. Navy and black would be close to blue or
# invisible on a dark background, so 4 is magenta and 7 the terminal's own bold colour.
COLOURS = {
    "1": "94", "2": "32", "3": "91", "4": "35", "5": "31", "6": "36", "7": "1", "8": "90",
    "flag": "1;31", "wrong_flag": "1;31", "mine": "1", "mine_hit": "1;97;41",
}
HELP = """commands (ROW and COL are 0-based numbers):
  r ROW COL   reveal a cell
  f ROW COL   flag cycle: flag, question mark (if on), none
  c ROW COL   chord: reveal around a number whose flags are all placed
  s FILE      save the position as .mine (covered H, flags F, no mines)
  n           new game      q  quit      h  this help
column numbers read downwards: on a wide board the tens digit is above the units
symbols: # covered  F flag  ? question  . empty  1-8 mines around
         * mine  X the mine that exploded  x wrong flag"""


def wants_colour(out: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """True when ``out`` is a terminal and NO_COLOR is unset or empty (https://no-color.org).

    Never for a pipe or a file: scripts that read the board get plain symbols.
    ``environ`` defaults to ``os.environ``.
    """
    environ = os.environ if environ is None else environ
    if environ.get("NO_COLOR"):
        return False
    try:
        return bool(out.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


def render(game: Game, colour: bool = False) -> str:
    """The board as text: column numbers on top, row numbers down the side, then a status line.

    Each cell takes 2 characters (a space and its symbol), after the row number
    right-aligned: Expert (30 columns, rows 0..15) is 62 characters wide. Column
    numbers are written downwards, one digit per header line (the tens above the
    units), each digit over its column's symbol; a board of 10 columns or fewer has
    one header line. With ``colour`` the symbols carry ANSI SGR codes (:data:`COLOURS`);
    the visible characters and their positions are the same.
    """
    label = len(str(game.rows - 1))
    digits = len(str(game.cols - 1))
    numbers = [str(c).rjust(digits) for c in range(game.cols)]
    lines = [(" " * label + "".join(" " + number[place] for number in numbers)).rstrip()
             for place in range(digits)]
    for r in range(game.rows):
        keys = (game.appearance((r, c)) for c in range(game.cols))
        lines.append(str(r).rjust(label) + "".join(" " + _symbol(key, colour) for key in keys))
    lines.append(status(game))
    return "\n".join(lines)


def _symbol(key: str, colour: bool) -> str:
    """The character for an appearance key, wrapped in its SGR colour (reset after) if asked."""
    text = SYMBOLS.get(key, key)
    code = COLOURS.get(key) if colour else None
    return f"\x1b[{code}m{text}\x1b[0m" if code else text


def status(game: Game) -> str:
    """'Mines left: N  Time: S s  State: ...' for the line under the board."""
    return f"Mines left: {game.mines_left}  Time: {game.elapsed:.1f} s  State: {game.state.value}"


def summary(game: Game) -> str:
    """The end of a game in two lines, each under 80 characters for any standard level.

    A win: time, 3BV, 3BV/s and efficiency, then the clicks by kind. A loss: the
    exploded mine and the time, then what to do next.
    """
    if game.state is State.LOST:
        r, c = game.exploded
        return (f"BOOM! You hit the mine at ({r}, {c}) after {game.elapsed:.3f} s.\n"
                "n for a new game, q to quit.")
    clicks = game.clicks
    speed = game.three_bv_per_second  # None when the win took under half a millisecond
    speed_text = "-" if speed is None else f"{speed:.2f}"
    return (f"You won! Time {game.elapsed:.3f} s, 3BV {game.three_bv}, 3BV/s {speed_text}, "
            f"efficiency {game.efficiency:.0f}%\n"
            f"Clicks {game.total_clicks}: reveal {clicks['reveal']}, flag {clicks['flag']}, "
            f"chord {clicks['chord']}, wasted {clicks['wasted']}")


class ConsoleGame:
    """Reads commands, applies them to a :class:`Game`, writes the board back.

    ``on_end(game) -> note`` is called once when a game is won or lost (the records
    hook), before the board and the result are printed, so the game is saved before the
    player reads that it was won; its note (a best time, a save failure) follows the result.
    """

    def __init__(self, game: Game, out: TextIO, on_end: Callable[[Game], str | None] | None = None,
                 colour: bool = False):
        self.game = game
        self.out = out
        self.colour = colour  # ANSI colours in the board (see wants_colour)
        self.on_end = on_end
        self._reported = False

    def say(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def run(self, lines: TextIO, prompt: bool = False) -> int:
        """Play until ``q`` or end of input; returns exit status 0.

        ``lines.readline()`` gives one line ('' at end of input); a line it cannot
        decode (UnicodeDecodeError, see :class:`ByteLines`) is answered as an unknown
        command and the game goes on.
        """
        self.say(render(self.game, self.colour))
        while True:
            if prompt:
                self.out.write("> ")
                self.out.flush()
            try:
                line = lines.readline()
            except UnicodeDecodeError as err:
                self.say(f"unknown command: the line is not {err.encoding} text; type h for help")
                continue
            if not line:
                return 0
            if self.handle(line) is False:
                return 0

    def handle(self, line: str) -> bool:
        """Apply one command line; False means quit."""
        words = line.split()
        if not words:
            return True
        command, rest = words[0].lower(), words[1:]
        if command == "q":
            return False
        if command == "h":
            self.say(HELP)
        elif command == "n":
            self.game.new_game()
            self._reported = False
            self.say(render(self.game, self.colour))
        elif command == "s":
            self.save(" ".join(rest))
        elif command in ("r", "f", "c"):
            self.move(command, rest)
        else:
            self.say(f"unknown command {words[0]!r}; type h for help")
        return True

    def move(self, command: str, rest: list[str]) -> None:
        cell = self.parse_cell(command, rest)
        if cell is None:
            return
        if self.game.over:
            self.say("the game is over: n for a new game, q to quit")
            return
        action = {"r": self.game.reveal, "f": self.game.toggle_flag, "c": self.game.chord}[command]
        action(cell)
        if not self.game.over or self._reported:
            self.say(render(self.game, self.colour))
            return
        self._reported = True
        # Recorded before the player is told: a kill between the two must not lose a game
        # the player was told was won.
        note = self.on_end(self.game) if self.on_end else None
        self.say(render(self.game, self.colour))
        self.say(summary(self.game))
        if note:
            self.say(note)

    def parse_cell(self, command: str, rest: list[str]) -> Cell | None:
        rows, cols = self.game.rows, self.game.cols
        if len(rest) != 2:
            self.say(f"usage: {command} ROW COL (two numbers: row 0..{rows - 1}, column 0..{cols - 1})")
            return None
        try:
            row, col = int(rest[0]), int(rest[1])
        except ValueError:
            self.say(f"ROW and COL must be whole numbers: row 0..{rows - 1}, column 0..{cols - 1}")
            return None
        if not self.game.on_board((row, col)):
            self.say(f"({row}, {col}) is off the board: row 0..{rows - 1}, column 0..{cols - 1}")
            return None
        return row, col

    def save(self, path: str) -> None:
        if not path:
            self.say("usage: s FILE (for example s position.mine)")
            return
        try:
            save_board(path, from_game(self.game, with_mines=False))
        except OSError as err:
            self.say(f"could not save {path}: {err.strerror or err}")
            return
        except ValueError as err:
            self.say(f"could not save {path}: {err}")
            return
        self.say(f"saved the position to {path}")


class ByteLines:
    """The lines of a binary stream, each decoded on its own: ``readline() -> str``.

    A text stream decodes ahead of the line asked for, so one invalid byte would make
    every later read fail too; here a line that is not ``encoding`` text raises
    UnicodeDecodeError for itself alone and the next line reads normally.

    Args:
        raw: a binary stream (``sys.stdin.buffer``).
        encoding: the text encoding of the input (``sys.stdin.encoding``: the locale, or
            ``PYTHONIOENCODING``).
    """

    def __init__(self, raw: BinaryIO, encoding: str):
        self.raw = raw
        self.encoding = encoding

    def readline(self) -> str:
        """The next line with its newline, '' at end of input.

        Raises:
            UnicodeDecodeError: the line is not valid text in ``encoding``.
        """
        return self.raw.readline().decode(self.encoding)


def make_game(args) -> Game:
    """The game the command line asks for: a loaded board, a level, custom, or Beginner."""
    config = args.config or Config.difficulty("beginner", first_click=args.first_click or "opening",
                                               questions=args.questions, no_guess=args.no_guess)
    if args.loaded is not None:
        return start_game(args.loaded, config, rng=args.rng)
    from game.noguess import layer_for

    return Game(config, rng=args.rng, seed=args.seed, layer=layer_for(config))


def run_console(args, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Entry point for ``--console``; returns the process exit status."""
    from game.records import open_records

    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    raw = getattr(stdin, "buffer", None)  # a real stream: read bytes, so a bad line is only that line
    lines = stdin if raw is None else ByteLines(raw, stdin.encoding or "utf-8")
    game = make_game(args)
    records = open_records(args.data_dir)
    console = ConsoleGame(game, out, on_end=records.finish_hook(), colour=wants_colour(out))
    try:
        return console.run(lines, prompt=stdin.isatty())
    finally:
        records.close()
