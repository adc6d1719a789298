"""``python main.py --analyse FILE.mine [--json]``: print a position's analysis.

The facts are the solver's (game.solver.analysis), the explanations' words
game.commands.explain_text's; the JSON is English in every language.

Text output: the grid with each covered cell's mine probability in percent (``safe`` for a
certain-safe cell, ``MINE`` for a certain mine, ``F`` flag, ``[n]`` revealed numbers),
the certain-safe cells and mines, the best move and its explanation. ``--json`` prints
the same as one JSON object. A file that cannot be read or analysed gets a message on
stderr in argparse's form (``main.py: error: ...``) and exit status 2.
"""

from __future__ import annotations

import json
import math
import sys
import time
from typing import Callable

from game.boardfile import BoardFileError, load_board
from game.rules.cells import CellMask, ShownNumbers
from game.commands.cli import command_budget
from game.commands.explain_text import approximation_text, chance, english, impossible_text, move_text, proof_text
from game.i18n import N_, _, count, ngettext, number, percent, short_number
from game.messages import describe, error_line, file_name, os_error_text
from game.solver.analysis import Analysis, Solver
from game.solver.probabilities import InteriorValues
from game.solver.problem import InconsistentPosition, fmt


SAFE_CELL, MINE_CELL = N_("safe"), N_("MINE")  # the grid's words for certain cells (4 characters at most)
MOVE_KINDS = {"guess": N_("guess"), "endgame": N_("endgame")}  # the best move's kind, in words


def run_analyse(args) -> int:
    """Analyse ``args.analyse`` and print it (JSON with ``args.json``); returns the exit status.
    The JSON's proofs of the certain-safe cells stop when ``--budget`` seconds have passed since
    the start (game.commands.cli.command_budget), and it says how many were left."""
    began = time.monotonic()
    board, status = read_position("--analyse", args.analyse)
    if board is None:
        return status
    try:
        analysis = Solver(ignore_flags=getattr(args, "ignore_flags", False)).analyse(board)
    except InconsistentPosition as err:  # its reason as data, in words (game.commands.explain_text)
        return fail(_("--analyse {path}: the position is impossible: {reason}").format(
            path=file_name(args.analyse), reason=impossible_text(err)))
    if getattr(args, "json", False):
        out = to_json(board, analysis, command_budget(args), began)
    else:
        out = to_text(board, analysis)
    print(out)
    return 0


def read_position(option: str, name: str):
    """(the board file ``name`` holds, None), or (None, 2) after printing why it cannot be
    read or parsed in one line on stderr, starting ``main.py: error: OPTION NAME:`` (the name
    quoted by game.messages.file_name: a newline would split the line)."""
    path = file_name(name)
    try:
        return load_board(name), None
    except OSError as err:
        return None, fail(_("{option} {path}: cannot read the file: {error}").format(
            option=option, path=path, error=os_error_text(err)))
    except BoardFileError as err:
        return None, fail(f"{option} {path}: {describe(err)}")


def fail(message: str) -> int:
    """Print ``message`` as one error line on stderr (game.messages.error_line); returns 2,
    the exit status."""
    print(error_line(message), end="", file=sys.stderr)
    return 2


def percent_grid(board, analysis: Analysis) -> list[str]:
    """One line per row; each cell 5 characters wide. A probability is put in words once
    (the cells off the frontier share one: a 1000x1000 board has up to a million of them)."""
    safe_text, mine_text = f" {_(SAFE_CELL):>4.4}", f" {_(MINE_CELL):>4.4}"
    revealed, safe, mines, probabilities = board.revealed, analysis.safe, analysis.mines, analysis.probabilities
    data = revealed.data if isinstance(revealed, ShownNumbers) else None  # (read a byte, not a mapping, a cell)
    texts: dict[float, str] = {}
    lines = []
    cols = board.cols
    for r in range(board.rows):
        row = []
        for c in range(cols):
            cell = (r, c)
            if data is None:
                shown = revealed.get(cell)
            else:
                shown = data[r * cols + c]
                shown = shown if shown < 9 else None
            if shown is not None:
                row.append(f"  [{shown}]")
            elif cell in safe:
                row.append(safe_text)
            elif cell in mines:
                row.append(mine_text)
            else:
                p = probabilities.get(cell)
                if p is None:
                    row.append("    F")
                    continue
                text = texts.get(p)
                if text is None:
                    # the language's own percent, as the text under the grid writes it: 12.5% / 12,5 %
                    text = texts[p] = percent(p, 0 if 100 * p >= 0.95 else 1).rjust(5)
                row.append(text)
        lines.append(f"{r:>3} |" + "".join(row))
    return lines


def to_text(board, analysis: Analysis) -> str:
    """The human-readable report, in the language in use."""
    header = "    |" + "".join(f"{c:>5}" for c in range(board.cols))
    if analysis.approximate:
        layouts = _("too many consistent mine layouts to count")
    else:
        total = analysis.result.total
        layouts = ngettext("{count} consistent mine layout", "{count} consistent mine layouts",
                           total if total < 10 ** 6 else 2).format(count=layout_count(analysis.result))
    rows = ngettext("{count} row", "{count} rows", board.rows).format(count=board.rows)  # a size, as "9x9": not grouped
    cols = ngettext("{count} col", "{count} cols", board.cols).format(count=board.cols)
    lines = [ngettext("{rows} x {cols}, {mines} mine, {layouts}", "{rows} x {cols}, {mines} mines, {layouts}",
                      board.mines).format(rows=rows, cols=cols, mines=count(board.mines), layouts=layouts),
             _("Mine probability of each covered cell ([n] revealed number, F flag):"),
             header, "    +" + "-" * (5 * board.cols)]
    lines += percent_grid(board, analysis)
    lines.append(_("Certain safe: {cells}").format(cells=_list(analysis.safe)))
    lines.append(_("Certain mines: {cells}").format(cells=_list(analysis.mines)))
    if analysis.best_move is not None:
        how = (_("certain safe") if analysis.move_kind == "safe"
               else _("{kind}, safe with chance {chance}").format(
                   kind=_(MOVE_KINDS.get(analysis.move_kind, analysis.move_kind)), chance=chance(analysis.survival)))
        lines.append(_("Best move: reveal {cell} ({how})").format(cell=fmt(analysis.best_move), how=how))
    lines.append(move_text(analysis))
    if analysis.approximate:
        lines.append(_("Approximate: {reasons}").format(reasons=approximation_text(analysis.approximation)))
    return "\n".join(lines)


def layout_count(probs, digits: int = 120) -> str:
    """The layout count of a :class:`game.solver.probabilities.Probabilities` in decimal,
    grouped the language's way (``1,234,567`` / ``1.234.567``), or "about 1.23 × 10^4567"
    (``1,23 × 10^4567``) past ``digits`` digits (a big board's count runs to thousands of
    digits: it is read from its logarithm, never computed). The analysis must be exact: an
    estimated group's layouts are not counted."""
    exponent = probs.log_total / math.log(10)  # exact enough for three figures
    if exponent < digits - 1:
        return count(probs.total)
    whole = math.floor(exponent)
    return _("about {number}").format(number=power_of_ten(10 ** (exponent - whole), whole))


def power_of_ten(mantissa: float, exponent: int) -> str:
    """``mantissa`` x 10^``exponent`` as a reader writes it, the mantissa in the language's
    digits: ``3.70 × 10^4887`` / ``3,70 × 10^4887`` (never ``3.70e+4887``, a programmer's
    notation; the exponent is a power, not a count, so it is not grouped)."""
    return f"{number(mantissa, 2)} \u00d7 10^{exponent}"


def exact_decimal(n: int) -> str:
    """``n`` in full decimal, however long (Python refuses over 4300 digits by default)."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return str(n)
    finally:
        sys.set_int_max_str_digits(old)


def _list(cells) -> str:
    return ", ".join(fmt(c) for c in sorted(cells)) or _("none")


def to_json(board, analysis: Analysis, budget: float | None = None, began: float | None = None,
            clock: Callable[[], float] = time.monotonic) -> str:
    """The report as JSON: cells as [row, col]; probabilities as [row, col, mine probability];
    layouts as a decimal string (it may exceed a double), null when the analysis is
    approximate. English in every language (a contract with other tools).

    budget: seconds of ``clock`` (monotonic seconds) from ``began`` (default: now) after
        which no more certain-safe cells are explained (``safe_reasons``: a search for the
        fewest numbers, cell by cell, thousands of cells on a big board); ``unfinished`` then
        says how many were left, else it is null. None: no limit.
    """
    safe = sorted(analysis.safe)
    reasons: dict[str, str] = {}
    deadline = None if budget is None else (clock() if began is None else began) + budget

    def explain_all() -> None:
        for r, c in safe:
            if deadline is not None and clock() >= deadline:
                break
            reasons[f"{r},{c}"] = proof_text(analysis.why_safe((r, c)))

    english(explain_all)
    left = len(safe) - len(reasons)
    data = {
        "rows": board.rows, "cols": board.cols, "mines": board.mines,
        "layouts": None if analysis.approximate else exact_decimal(analysis.layouts),
        "probabilities": _PROBABILITIES,
        "safe": [list(c) for c in safe],
        "mines_certain": [list(c) for c in sorted(analysis.mines)],
        "best_move": None if analysis.best_move is None else list(analysis.best_move),
        "move_kind": analysis.move_kind,
        "survival": round(analysis.survival, 6),
        "win_chance": analysis.win_chance,
        "explanation": english(move_text, analysis),
        "safe_reasons": reasons,
        "approximate": analysis.approximate,
        "approximation": english(approximation_text, analysis.approximation),
        "unfinished": None if not left else {
            "safe_reasons_left": left, "budget_seconds": budget, "text": english(unfinished_words, left, budget)},
    }
    return json.dumps(data).replace(json.dumps(_PROBABILITIES), probabilities_json(analysis.probabilities), 1)


_PROBABILITIES = "\0probabilities\0"  # where to_json puts the probabilities it writes itself


def probabilities_json(probabilities) -> str:
    """The JSON list of ``[row, col, mine probability]`` (rounded to 6 places), row-major,
    as ``json.dumps`` writes it. A probability mapping that keeps one value for the cells off
    the frontier (game.solver.probabilities.InteriorValues) is written a row at a time from
    its runs, without a Python list per cell (a 1000x1000 board's million cells took some
    200 MB that way)."""
    if not isinstance(probabilities, InteriorValues) or not isinstance(probabilities.interior, CellMask):
        return json.dumps([[r, c, round(p, 6)] for (r, c), p in sorted(probabilities.items())])
    inner = repr(round(probabilities.value, 6))
    by_row: dict[int, list] = {}
    for (r, c), p in probabilities.own.items():
        by_row.setdefault(r, []).append((c, c + 1, repr(round(p, 6))))
    for r, start, stop in probabilities.interior.runs():
        by_row.setdefault(r, []).append((start, stop, inner))
    rows = []
    for r in sorted(by_row):
        rows.append(", ".join(f"[{r}, {c}, {text}]" for start, stop, text in sorted(by_row[r])
                              for c in range(start, stop)))
    return "[" + ", ".join(rows) + "]"


def unfinished_words(left: int, budget: float) -> str:
    """What ``--analyse --json`` left when its budget ran out, in a sentence: "The proofs of
    4,880 certain-safe cells were not worked out: the 25 s budget ran out."."""
    return ngettext("The proof of {count} certain-safe cell was not worked out: the {budget} s budget ran out.",
                    "The proofs of {count} certain-safe cells were not worked out: the {budget} s budget ran out.",
                    left).format(count=count(left), budget=short_number(budget))
