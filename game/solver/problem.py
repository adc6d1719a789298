"""A position as a counting problem: unknown cells, number constraints, mines left.

A *position* is what the player sees (revealed numbers, covered cells, flags) plus the
total mine count. The solver turns it into a :class:`Problem`:

- *unknown* cells: covered cells that may hold a mine (flags are known mines by default,
  so they are not unknown; with ``ignore_flags`` they are ordinary covered cells);
- *constraints*: for each revealed number touching an unknown cell, ``need`` mines among
  those unknown neighbours (the number minus its flagged neighbours);
- ``mines_left``: the mines not yet accounted for by flags.

The *frontier* is the unknown cells touching a constraint; the other unknown cells are
*off the frontier* (interior). Nothing here imports pygame.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from game.board import Cell, neighbours
from game.boardfile import BoardFile


class InconsistentPosition(ValueError):
    """No mine layout fits the position; the message says which number or count fails."""


@dataclass(frozen=True)
class Constraint:
    """A revealed number seen as 'need mines among cells'.

    cell: the revealed cell (row, col). number: the digit shown.
    need: mines still to place among ``cells`` (number minus flagged neighbours).
    cells: its unknown neighbours, sorted.
    """

    cell: Cell
    number: int
    need: int
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Problem:
    """The counting problem of one position (see the module docstring).

    rows, cols: board size. total_mines: the header count. flags: flagged cells counted
    as mines (empty with ``ignore_flags``). unknown: cells that may hold a mine.
    constraints: one per revealed number with unknown neighbours. mines_left: total
    minus counted flags. frontier: unknown cells in some constraint; interior: the rest.
    """

    rows: int
    cols: int
    total_mines: int
    flags: frozenset[Cell]
    unknown: frozenset[Cell]
    constraints: tuple[Constraint, ...]
    mines_left: int
    frontier: frozenset[Cell]
    interior: tuple[Cell, ...]
    revealed: dict

    def constraint_at(self, cell: Cell) -> Constraint | None:
        """The constraint of the revealed number at ``cell`` (None if it has no unknown neighbour)."""
        for con in self.constraints:
            if con.cell == cell:
                return con
        return None


def build_problem(board: BoardFile, ignore_flags: bool = False) -> Problem:
    """Turn a position into a :class:`Problem`.

    A board file with its mines marked is read as the position it shows (mines hidden).
    Raises:
        InconsistentPosition: a number with more flagged neighbours than it shows, a number
            needing more mines than it has covered neighbours, or more flags than mines.
    """
    rows, cols = board.rows, board.cols
    revealed = board.revealed
    flags = frozenset() if ignore_flags else frozenset(board.flags) - revealed.keys()
    if len(flags) > board.mines:
        raise InconsistentPosition(
            f"{len(flags)} flags but the position has only {board.mines} mines "
            "(analyse with flags ignored if some flags are wrong)")
    unknown = frozenset(_row_major(rows, cols)) - revealed.keys() - flags
    constraints = []
    frontier: set[Cell] = set()
    for cell in sorted(revealed):
        number = revealed[cell]
        cells, flagged = [], 0
        for n in neighbours(cell, rows, cols):
            if n in flags:
                flagged += 1
            elif n not in revealed:
                cells.append(n)
        need = number - flagged
        if need < 0:
            raise InconsistentPosition(
                f"the {number} at {fmt(cell)} touches {flagged} flags, more than it shows")
        if need > len(cells):
            raise InconsistentPosition(
                f"the {number} at {fmt(cell)} needs {need} more mines but has only "
                f"{len(cells)} covered unflagged neighbours")
        if cells:
            cells.sort()
            constraints.append(Constraint(cell, number, need, tuple(cells)))
            frontier.update(cells)
    interior = tuple(filter((unknown - frontier).__contains__, _row_major(rows, cols)))
    return Problem(rows, cols, board.mines, flags, unknown, tuple(constraints),
                   board.mines - len(flags), frozenset(frontier), interior, dict(revealed))


def _row_major(rows: int, cols: int):
    """Every cell in (row, col) order: sorted without sorting (a million cells on 1000x1000)."""
    return itertools.product(range(rows), range(cols))


def fmt(cell: Cell) -> str:
    """A cell as players read it in explanations: ``(row,col)``, 0-based."""
    return f"({cell[0]},{cell[1]})"
