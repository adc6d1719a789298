"""The console's board and messages as text: the compact board (two characters a cell,
column numbers read downwards), its ANSI colours for a terminal, the status line and the
end-of-game summary. Used by :mod:`game.console`; no pygame here.
"""

from __future__ import annotations

import os
from typing import Mapping, TextIO

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
                "n for a new game, u to take the move back, q to quit.")
    clicks = game.clicks
    speed = game.three_bv_per_second  # None when the win took under half a millisecond
    speed_text = "-" if speed is None else f"{speed:.2f}"
    return (f"You won! Time {game.elapsed:.3f} s, 3BV {game.three_bv}, 3BV/s {speed_text}, "
            f"efficiency {game.efficiency:.0f}%\n"
            f"Clicks {game.total_clicks}: reveal {clicks['reveal']}, flag {clicks['flag']}, "
            f"chord {clicks['chord']}, wasted {clicks['wasted']}")
