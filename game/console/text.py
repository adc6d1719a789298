"""The console's board and messages as text: the compact board (two characters a cell,
column numbers read downwards), its ANSI colours for a terminal, the status line and the
end-of-game summary, in the language in use (its numbers too: ``1,5 s`` in Spanish). Used by
:mod:`game.console.play`; no pygame here.

A board of up to WHOLE_CELLS cells (100x100, 20 KB a screen) is printed whole. A bigger one is
printed as a view of VIEW_ROWS x VIEW_COLS cells (40x60, about 5 KB) around a cell (the
console's: the last one played, or the one ``v ROW COL`` asked for), with a line saying which
rows and columns it shows: a 1000x1000 board printed whole is 4 MB a screen.
"""

from __future__ import annotations

import os
from typing import Mapping, TextIO

from game.midend.counters import LiveCounter
from game.rules.engine import State
from game.figures import figure, live
from game.midend.match import Match
from game.session import Summary
from game.solver.problem import fmt
from game.i18n import N_, _, number  # number: no thousands separator, so a long time keeps the line within 80 columns

SYMBOLS = {  # appearance key -> character printed
    "covered": "#", "flag": "F", "question": "?", "0": ".",
    "mine": "*", "mine_hit": "X", "wrong_flag": "x",
    "start": "@",  # the start cell of a code's board, covered, before the first reveal (Match.start)
}
# ANSI SGR parameters per appearance key, for a terminal: the classic number palette
# (1 blue, 2 green, 3 red, 4 navy, 5 maroon, 6 cyan, 7 black, 8 grey), flags red, mines
# bold and the exploded one white on red. Navy and black would be close to blue or
# invisible on a dark background, so 4 is magenta and 7 the terminal's own bold colour.
COLOURS = {
    "1": "94", "2": "32", "3": "91", "4": "35", "5": "31", "6": "36", "7": "1", "8": "90",
    "flag": "1;31", "wrong_flag": "1;31", "mine": "1", "mine_hit": "1;97;41",
    "start": "1;93",  # bold bright yellow: where to start
}

LINE_WIDTH = 80  # the terminal's width every line of a standard level's screen keeps within
WHOLE_CELLS = 10_000  # boards of up to this many cells are printed whole
VIEW_ROWS, VIEW_COLS = 40, 60  # the part of a bigger board printed: 40 lines of 2 + 60 * 2 characters
STATE_WORDS = {  # Game.state's value -> its word on the status line
    "ready": N_("ready"), "playing": N_("playing"), "won": N_("won"), "lost": N_("lost"),
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


def render(match: Match, colour: bool = False, around: tuple[int, int] | None = None) -> str:
    """The board of ``match``'s game as text: column numbers on top, row numbers down the side, then a status line.

    Each cell takes 2 characters (a space and its symbol), after the row number
    right-aligned: Expert (30 columns, rows 0..15) is 62 characters wide. Column
    numbers are written downwards, one digit per header line (the tens above the
    units), each digit over its column's symbol; a board of 10 columns or fewer has
    one header line. With ``colour`` the symbols carry ANSI SGR codes (:data:`COLOURS`);
    the visible characters and their positions are the same. While the board has a start
    cell (game.midend.match.Match.start: a code's or a daily's, before the first reveal) it
    is printed ``@`` (when covered, not flagged) and a line under the board names it.

    A board over WHOLE_CELLS cells shows only :func:`view` around ``around`` (default:
    the centre), numbered with the board's own rows and columns, and a line saying which.
    """
    game = match.game
    rows, cols = view(game.rows, game.cols, around)
    label = len(str(rows[-1]))
    digits = len(str(cols[-1]))
    numbers = [str(c).rjust(digits) for c in cols]
    lines = [(" " * label + "".join(" " + number[place] for number in numbers)).rstrip()
             for place in range(digits)]
    keys = game.appearances(rows, cols)  # one call for the view: row-major
    width = len(cols)
    start = match.start
    if start is not None and start[0] in rows and start[1] in cols:
        at = rows.index(start[0]) * width + cols.index(start[1])
        if keys[at] == "covered":  # a flag on it stays a flag
            keys[at] = "start"
    for i, r in enumerate(rows):
        row = keys[i * width:(i + 1) * width]
        lines.append(str(r).rjust(label) + "".join(" " + _symbol(key, colour) for key in row))
    if len(rows) < game.rows or len(cols) < game.cols:
        lines.append(_("Rows {first_row}..{last_row} and columns {first_col}..{last_col} of {rows}x{cols}; "
                       "v ROW COL shows another part").format(
            first_row=rows[0], last_row=rows[-1], first_col=cols[0], last_col=cols[-1], rows=game.rows,
            cols=game.cols))
    if start is not None:
        lines.append(_("Start at {cell}, the cell marked @: a board code's first reveal is there.").format(
            cell=fmt(start)))
    lines.append(status(match))
    return "\n".join(lines)


def view(rows: int, cols: int, around: tuple[int, int] | None = None) -> tuple[range, range]:
    """The rows and columns of a rows x cols board the console prints: all of them up to
    WHOLE_CELLS cells, else VIEW_ROWS x VIEW_COLS centred on ``around`` (default: the
    centre), moved inside the board at its edges."""
    if rows * cols <= WHOLE_CELLS:
        return range(rows), range(cols)
    row, col = around if around is not None else (rows // 2, cols // 2)
    return _span(row, rows, VIEW_ROWS), _span(col, cols, VIEW_COLS)


def _span(centre: int, size: int, most: int) -> range:
    """At most ``most`` consecutive indices of 0..size-1 centred on ``centre``."""
    if size <= most:
        return range(size)
    start = min(max(0, centre - most // 2), size - most)
    return range(start, start + most)


def _symbol(key: str, colour: bool) -> str:
    """The character for an appearance key, wrapped in its SGR colour (reset after) if asked."""
    text = SYMBOLS.get(key, key)
    code = COLOURS.get(key) if colour else None
    return f"\x1b[{code}m{text}\x1b[0m" if code else text


def status(match: Match) -> str:
    """'Mines left: N  Time: S s  State: ...' for the line under the board."""
    game = match.game
    state = game.state.value
    return _("Mines left: {mines}  Time: {seconds} s  State: {state}").format(
        mines=game.mines_left, seconds=number(match.elapsed, 1), state=_(STATE_WORDS.get(state, state)))


def summary(match: Match, code: str | None = None) -> str:
    """The end of a game in two lines, each under 80 characters for any standard level
    (from game.session.Summary, as the window's result panel), and the board's ``code``
    (game.midend.boardcode: ``Board code: MS1-...``) when given.

    A win: time, 3BV, 3BV/s and efficiency, then the clicks by button as the window's
    Details and ms-toollib count them (left, right, double: :func:`clicks_line`), followed
    on that line by the code when the line stays within :data:`LINE_WIDTH` (the screen of a
    best time's win on Expert has no line to spare in 24), else on a line of its own. A
    loss: the exploded mine and the time, then what to do next, then the code's line.
    """
    told = Summary.of(match)
    coded = None if code is None else _("Board code: {code}").format(code=code)
    if told.lost:
        return (_("BOOM! You hit the mine at {cell} after {seconds} s.").format(
                    cell=fmt(told.exploded), seconds=number(told.seconds, 3)) + "\n"
                + _("n for a new game, u to take the move back, q to quit.")
                + ("" if coded is None else "\n" + coded))
    speed = told.three_bv_per_second  # None when the win took under half a millisecond
    speed_text = "-" if speed is None else number(speed, 2)
    clicks = clicks_line(match)
    if coded is not None:
        joined = f"{clicks}   {coded}"
        clicks = joined if len(joined) <= LINE_WIDTH else f"{clicks}\n{coded}"
    return (_("You won! Time {seconds} s, 3BV {bv}, 3BV/s {speed}, efficiency {efficiency}%").format(
                seconds=number(told.seconds, 3), bv=told.three_bv, speed=speed_text,
                efficiency=number(told.efficiency, 0)) + "\n"
            + clicks)


def clicks_line(match: Match) -> str:
    """``Clicks 4: L3 R1 D0``: the clicks of ``match``'s game by button, counted as the window
    counts them (game.midend.counters.LiveCounter: each console command a click at its cell, as the
    game's replay has it, so ms-toollib's figures of the game say the same) and worded as
    the result panel's Details (game.figures: the ``clicks`` figure's part), in the language
    in use."""
    counts = LiveCounter().read(match, (0, 0, 0))  # no pointer: every move is a command
    values = live(counts)
    return _(figure("clicks").part).format(total=values["clicks"], left=values["left_clicks"],
                                           right=values["right_clicks"], double=values["double_clicks"])
