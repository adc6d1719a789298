"""The no-guess checker: does logic alone clear a board from its first click?

Independent of how the board was made: it replays the board revealing only cells
proved safe, and asks the solver's exact analysis (:func:`game.solver.certain_cells`,
global mine count included) whenever the quick sound rules of
:mod:`game.noguess.deduce` are stuck. No pygame here.
"""

from __future__ import annotations

from typing import Iterable

from game.rules.board import Cell
from game.noguess.deduce import Geometry, Deduction
from game.noguess.exact import ExactCertainty


def is_no_guess(mines: Iterable[Cell], rows: int, cols: int, first: Cell,
                local_rules: bool = True) -> bool:
    """True when the board is cleared from ``first`` by certain deductions alone.

    Args:
        mines: the layout, (row, col) cells. rows, cols: board size in cells.
        first: the first click; a mine there means False (the game is lost at once).
        local_rules: use the fast sound rules before the exact analysis (same verdict,
            much faster); False asks the exact analysis for every step.
    Raises:
        ValueError: a mine or ``first`` off the board.
    """
    mines = frozenset(mines)
    for cell in list(mines) + [first]:
        if not (0 <= cell[0] < rows and 0 <= cell[1] < cols):
            raise ValueError(f"cell: {cell} is off the {rows}x{cols} board")
    if first in mines:
        return False
    geo = Geometry(rows, cols)
    replay = Deduction(geo, geo.indices(mines), len(mines))
    replay.open(geo.index(first))
    exact = ExactCertainty()
    while not replay.cleared:
        if local_rules:
            replay.run_local()
            if replay.cleared or replay.run_count():
                continue
        safe, proved = exact(replay)
        if not replay.apply(safe, proved):
            return False
    return True
