"""``python main.py --win-chance FILE [--json] [--budget SECONDS] [--ignore-flags]``: print the
chance of winning from a position (game.solver.winchance), with its method and interval.

The text is in the language in use; ``--json`` prints one JSON object, English in every
language (its keys: docs/command-line.md). A file that cannot be read, does not parse, or
holds an impossible position gets the one-line messages and exit status 2 that ``--analyse``
gives (game.commands.analyse_report.read_position). The layouts of an estimate are drawn
from a fixed seed (:data:`SEED`): the same file gives the same games (the solver's guesses
may still differ when a machine is so slow that their look-ahead runs out of time).
"""

from __future__ import annotations

import json
import math
import random

from game.commands.analyse_report import exact_decimal, fail, power_of_ten, read_position
from game.commands.cli import command_budget
from game.commands.explain_text import chance, english, impossible_text
from game.i18n import _, count, ngettext, number
from game.messages import file_name
from game.solver.problem import InconsistentPosition
from game.solver.sample import TooHardToSample
from game.solver.winchance import GAMES, WinChance, win_chance

SEED = 39  # the layouts an estimate draws, the same each run
OPTION = "--win-chance"


def run_win_chance(args) -> int:
    """Work out the win chance of ``args.win_chance`` within ``--budget`` seconds
    (game.commands.cli.command_budget) and print it (JSON with ``args.json``); returns the exit
    status."""
    board, status = read_position(OPTION, args.win_chance)
    if board is None:
        return status
    path = args.win_chance
    try:
        found = win_chance(board, games=GAMES, budget=command_budget(args), rng=random.Random(SEED),
                           ignore_flags=getattr(args, "ignore_flags", False))
    except InconsistentPosition as err:
        return fail(_("{option} {path}: the position is impossible: {reason}").format(
            option=OPTION, path=file_name(path), reason=impossible_text(err)))
    except TooHardToSample as err:
        return fail(_("{option} {path}: a frontier group of {cells} cells is too large to draw layouts "
                      "from exactly").format(option=OPTION, path=file_name(path), cells=count(err.cells)))
    print(to_json(board, found) if getattr(args, "json", False) else win_chance_text(found))
    return 0


def to_json(board, found: WinChance) -> str:
    """The win chance as JSON (keys: docs/command-line.md, "--win-chance"); ``layouts`` as a
    decimal string (it may exceed a double), ``win_chance`` null when no simulated game
    finished within the budget, ``text`` the English sentence."""
    return json.dumps({
        "rows": board.rows, "cols": board.cols, "mines": board.mines,
        "win_chance": None if found.value is None else round(found.value, 6),
        "low": round(found.low, 6), "high": round(found.high, 6),
        "method": found.method, "layouts": exact_decimal(found.layouts), "covered": found.covered,
        "frontier": found.frontier, "games": found.games, "wins": found.wins,
        "seconds": round(found.seconds, 3), "text": english(win_chance_text, found)})


def win_chance_text(found: WinChance) -> str:
    """A :class:`game.solver.winchance.WinChance` in one sentence in the language in use,
    naming its method and figures: "Win chance: 59.5% (exact: best play over all 84
    consistent mine layouts; 9 covered cells, 4 on the frontier; 0.01 s)." or "Win chance:
    about 42.0% (estimate: the solver played 200 games on layouts drawn among about
    1.20 × 10^80 consistent ones and won 84; interval (95%) 35.4% to 49.0%; 380 covered cells,
    35 on the frontier; 25.3 s)."."""
    covered = ngettext("{count} covered cell", "{count} covered cells", found.covered).format(
        count=count(found.covered))
    frontier = ngettext("{count} on the frontier", "{count} on the frontier", found.frontier).format(
        count=count(found.frontier))
    seconds = number(found.seconds, 2 if found.seconds < 10 else 1)
    layouts = layouts_text(found.layouts)
    if found.exact:
        return ngettext(
            "Win chance: {chance} (exact: best play over the {layouts} consistent mine layout; "
            "{covered}, {frontier}; {seconds} s).",
            "Win chance: {chance} (exact: best play over all {layouts} consistent mine layouts; "
            "{covered}, {frontier}; {seconds} s).",
            found.layouts if found.layouts < 10 ** 6 else 2).format(
            chance=chance(found.value), layouts=layouts, covered=covered, frontier=frontier, seconds=seconds)
    if found.value is None:
        return _("Win chance: not known (estimate: no game the solver played on layouts drawn among {layouts} "
                 "consistent ones finished within the budget; {covered}, {frontier}; {seconds} s).").format(
            layouts=layouts, covered=covered, frontier=frontier, seconds=seconds)
    return ngettext(
        "Win chance: about {chance} (estimate: the solver played {games} game on a layout drawn among "
        "{layouts} consistent ones and won {wins}; interval (95%) {low} to {high}; {covered}, {frontier}; "
        "{seconds} s).",
        "Win chance: about {chance} (estimate: the solver played {games} games on layouts drawn among "
        "{layouts} consistent ones and won {wins}; interval (95%) {low} to {high}; {covered}, {frontier}; "
        "{seconds} s).",
        found.games).format(
        chance=chance(found.value), games=count(found.games), layouts=layouts, wins=count(found.wins),
        low=chance(found.low), high=chance(found.high), covered=covered, frontier=frontier, seconds=seconds)


def layouts_text(layouts: int, digits: int = 16) -> str:
    """A layout count grouped the language's way ("1,234" / "1.234"), or past ``digits``
    digits "about 1.23 × 10^80" (game.commands.analyse_report.power_of_ten), read from its
    logarithm (a big board's count has thousands of digits)."""
    if layouts < 10 ** digits:
        return count(layouts)
    shift = max(0, layouts.bit_length() - 60)
    exponent = math.log10(layouts >> shift) + shift * math.log10(2)
    whole = math.floor(exponent)
    return _("about {number}").format(number=power_of_ten(10 ** (exponent - whole), whole))
