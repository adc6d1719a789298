"""What the window says aloud about a board (issue 40's screen-reader mode): the words of a
cell, of a move's outcome, of the mines left and the time, of a row or column around the
keyboard cursor and of the numbers touching a cell, in the language in use (gettext).

The scenes build these only when speech is on (``services.speech.enabled``) and hand them to
``services.speech.say`` (game.ui.speech). Rows and columns are said from 1, as the rulers
show them; cells are (row, col) tuples, 0-based, as everywhere in the game.
"""

from __future__ import annotations

from game.i18n import N_, _, count, ngettext
from game.rules.board import Cell
from game.rules.moves import CHORD, FLAG, REVEAL
from game.ui.shared.formats import decimal, seconds

COVER_WORDS = {  # an appearance key (game.rules.engine.Game.appearance) -> its word; numbers are said as digits
    "covered": N_("covered"), "flag": N_("flag"), "question": N_("question mark"), "0": N_("empty"),
    "mine": N_("mine"), "mine_hit": N_("exploded mine"), "wrong_flag": N_("wrong flag"),
}
RUN_WORDS = {"covered": N_("{n} covered"), "0": N_("{n} empty"), "flag": N_("{n} flags")}  # a run of 3 or more alike
DIRECTIONS = {  # (row step, col step) -> where a neighbour is, said from the cell
    (-1, -1): N_("above left"), (-1, 0): N_("above"), (-1, 1): N_("above right"), (0, -1): N_("to the left"),
    (0, 1): N_("to the right"), (1, -1): N_("below left"), (1, 0): N_("below"), (1, 1): N_("below right"),
}
SHORTEST_RUN = 3  # alike cells from this many on are said as one run ("5 covered")


def look_word(key: str) -> str:
    """The word of an appearance ``key`` (game.rules.engine.Game.appearance): "covered",
    "flag", "empty", a number's digit ("2")..."""
    return key if key.isdigit() and key != "0" else _(COVER_WORDS.get(key, key))


def place(cell: Cell) -> str:
    """"row 3, column 5" for cell (2, 4)."""
    return _("row {row}, column {col}").format(row=cell[0] + 1, col=cell[1] + 1)


def cell_words(game, cell: Cell) -> str:
    """The cell under the keyboard cursor: "row 3, column 5, covered" / "row 3, column 5, 2"."""
    return _("{place}, {look}").format(place=place(cell), look=look_word(game.appearance(cell)))


def mines_left_words(mines_left: int) -> str:
    """"9 mines left" (a negative count when more flags than mines: said as it is shown)."""
    return ngettext("{n} mine left", "{n} mines left", abs(mines_left)).format(n=count(mines_left))


def status_words(game, elapsed: float) -> str:
    """The I key: mines left and the time, "10 mines left, 42 seconds"."""
    whole = int(elapsed)
    return _("{mines}, {time}").format(mines=mines_left_words(game.mines_left),
                                       time=ngettext("{n} second", "{n} seconds", whole).format(n=count(whole)))


def outcome_words(game, outcome) -> str:
    """What a move did (a game.rules.moves.Outcome on ``game`` after it), "" for nothing:
    a number shown ("2"), "opened 14 cells", "flag placed, 9 mines left", "flag removed, 10
    mines left", "question mark", "mine!", the move's own words for a win (the result follows)."""
    if outcome.ignored or not outcome.changed:
        return _("nothing to do there") if outcome.wasted else ""
    if outcome.exploded is not None:
        return _("Mine! {place}").format(place=place(outcome.exploded))
    kind = outcome.move.kind
    if kind == FLAG:
        mark = game.appearance(outcome.move.cell)
        if mark == "flag":
            return _("flag placed, {left}").format(left=mines_left_words(game.mines_left))
        if mark == "question":
            return _("question mark, {left}").format(left=mines_left_words(game.mines_left))
        return _("flag removed, {left}").format(left=mines_left_words(game.mines_left))
    if kind in (REVEAL, CHORD):
        opened = len(outcome.opened)
        if opened == 1:
            (cell,) = tuple(outcome.opened)
            return look_word(game.appearance(cell))
        return ngettext("opened {n} cell", "opened {n} cells", opened).format(n=count(opened))
    return ""


def line_words(game, cells: list[Cell]) -> str:
    """The cells of a row or a column in order, alike runs of SHORTEST_RUN or more said as one
    ("3 covered, 1, 2, 5 empty, flag")."""
    keys = game.appearances(range(cells[0][0], cells[-1][0] + 1), range(cells[0][1], cells[-1][1] + 1))
    words, i = [], 0
    while i < len(keys):
        j = i
        while j < len(keys) and keys[j] == keys[i]:
            j += 1
        if j - i >= SHORTEST_RUN and keys[i] in RUN_WORDS:
            words.append(_(RUN_WORDS[keys[i]]).format(n=j - i))
        else:
            words += [look_word(keys[i])] * (j - i)
        i = j
    return ", ".join(words)


def row_words(game, cell: Cell) -> str:
    """The K key: the cursor's whole row, "Row 3: 2 covered, 1, 1, 5 empty"."""
    row = cell[0]
    return _("Row {row}: {cells}").format(row=row + 1, cells=line_words(game, [(row, c) for c in range(game.cols)]))


def column_words(game, cell: Cell) -> str:
    """The J key: the cursor's whole column, "Column 5: 9 covered"."""
    col = cell[1]
    return _("Column {col}: {cells}").format(col=col + 1,
                                             cells=line_words(game, [(r, col) for r in range(game.rows)]))


def around_words(game, cell: Cell) -> str:
    """The L key: the numbers touching the cell and where, "touching: 1 above, 2 left", or
    that none does; the covered and flagged neighbours counted after them."""
    numbers, covered, flags = [], 0, 0
    for (dr, dc), where in DIRECTIONS.items():
        r, c = cell[0] + dr, cell[1] + dc
        if not (0 <= r < game.rows and 0 <= c < game.cols):
            continue
        key = game.appearance((r, c))
        if key.isdigit() and key != "0":
            numbers.append(_("{number} {where}").format(number=key, where=_(where)))
        elif key in ("covered", "question"):
            covered += 1
        elif key == "flag":
            flags += 1
    said = _("touching: {numbers}").format(numbers=", ".join(numbers)) if numbers else _("no number touches it")
    rest = [ngettext("{n} covered neighbour", "{n} covered neighbours", covered).format(n=covered)] if covered else []
    rest += [ngettext("{n} flagged neighbour", "{n} flagged neighbours", flags).format(n=flags)] if flags else []
    return "; ".join([said, ", ".join(rest)] if rest else [said])


def result_words(title: str, summary) -> str:
    """The result: ``title`` ("You win!", "Boom!", translated) with the time, the 3BV and the
    3BV/s of ``summary`` (game.session.Summary): "You win! 12.3 s, 3BV 14, 3BV/s 1.14"."""
    parts = [seconds(summary.seconds, 1)]
    if summary.three_bv:
        solved = summary.three_bv_solved
        parts.append(f"3BV {count(summary.three_bv)}" if solved is None or solved == summary.three_bv
                     else _("3BV {solved} of {total}").format(solved=count(solved), total=count(summary.three_bv)))
    rate = getattr(summary, "three_bv_per_second", None)
    if rate is not None:
        parts.append(_("3BV/s {rate}").format(rate=decimal(rate, 2)))
    return f"{title} {', '.join(parts)}"
