"""Unavoidable 50/50s: two cells no future reveal can tell apart, one mine between them.

Two covered cells a, b form an unavoidable 50/50 when

1. some number's living cells (its covered neighbours that are not certain mines) are
   exactly {a, b} and it needs one more mine: in every layout exactly one of a, b is a mine;
2. a and b touch exactly the same numbers; and
3. every cell next to exactly one of them is revealed, flagged, a certain mine, or off the
   board.

Then swapping the mine between a and b maps every consistent layout to another one that
agrees everywhere else, so the two are equally likely and no other cell, revealed now or
later, ever shows a different number in the two cases. One of them must be revealed to win,
so the 50/50 has to be guessed sooner or later at the same 1/2 risk; guessing it *now* is
never worse and gains the number it shows before any other risk is taken. This is the
early 50/50 guess of JSMinesweeper (D. Hill, "Minesweeper solver", github.com/DavidNHill/
JSMinesweeper), restricted to the pairs where the argument above is exact.
"""

from __future__ import annotations

from collections.abc import Iterator

from game.rules.board import Cell, neighbours
from game.solver.probabilities import Probabilities
from game.solver.problem import Problem


def forced_fifty(problem: Problem, probs: Probabilities) -> tuple[Cell, Cell] | None:
    """The first unavoidable 50/50 pair (a, b) of the position, sorted, or None.

    The solver plays it only when no cell is certain to be safe (a safe cell is free; the
    pair costs the same 1/2 whenever it is taken), but the pair is unavoidable either way.
    With estimated groups None is returned.
    """
    return next(fifty_pairs(problem, probs), None)


def fifty_pairs(problem: Problem, probs: Probabilities, cells=None) -> Iterator[tuple[Cell, Cell]]:
    """Every unavoidable 50/50 pair (a, b) of the position (conditions 1 to 3 of the module
    docstring), each once, in the order of the numbers that pin them; with ``cells`` only
    the pairs pinned by a number touching one of those cells. None with estimated groups."""
    if probs.approximate:
        return
    mines = probs.mines
    if cells is None:
        member = _members(problem)
        looked = problem.constraints
    else:
        member = _Members(problem)
        looked = [problem.constraints[i] for i in sorted({i for c in cells for i in member.get(c, ())})]
    seen: set[tuple[Cell, Cell]] = set()
    for con in looked:
        living = [c for c in con.cells if c not in mines]
        if len(living) != 2 or con.need - (len(con.cells) - 2) != 1:
            continue
        pair = (living[0], living[1])
        if pair in seen:
            continue
        seen.add(pair)
        if _isolated(problem, probs, member, *pair):
            yield pair


def _members(problem: Problem) -> dict[Cell, set[int]]:
    """Every covered cell of ``problem``'s numbers -> the indices of the numbers it touches."""
    member: dict[Cell, set[int]] = {}
    for i, con in enumerate(problem.constraints):
        for cell in con.cells:
            member.setdefault(cell, set()).add(i)
    return member


class _Members:
    """:func:`_members`, worked out per cell when asked: the numbers a cell touches are among
    its eight neighbours (a review asks of one cell, on a board of a thousand numbers)."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.at = {con.cell: i for i, con in enumerate(problem.constraints)}
        self.known: dict[Cell, set[int] | None] = {}
        if (-1, -1) in self.at:  # a chord's narrowed position has a number off the board (review)
            self.known = {c: found for c, found in _members(problem).items()}

    def get(self, cell: Cell, default=None):
        if cell not in self.known and (-1, -1) not in self.at:
            constraints, at = self.problem.constraints, self.at
            found = {at[n] for n in neighbours(cell, self.problem.rows, self.problem.cols)
                     if n in at and cell in constraints[at[n]].cells}
            self.known[cell] = found or None
        found = self.known.get(cell)
        return default if found is None else found


def fifty_partner(problem: Problem, probs: Probabilities, cell: Cell) -> Cell | None:
    """The other cell of the unavoidable 50/50 ``cell`` is one side of, or None (the review
    calls revealing it a forced guess wherever it is taken: game.solver.review)."""
    for a, b in fifty_pairs(problem, probs, (cell,)):
        if cell in (a, b):
            return b if cell == a else a
    return None


def _isolated(problem: Problem, probs: Probabilities, member: dict[Cell, set[int]],
              a: Cell, b: Cell) -> bool:
    """Conditions 2 and 3 of the module docstring for the pair (a, b)."""
    if a in probs.safe or b in probs.safe or member.get(a) != member.get(b):
        return False
    around_a = set(neighbours(a, problem.rows, problem.cols))
    around_b = set(neighbours(b, problem.rows, problem.cols))
    for n in (around_a ^ around_b) - {a, b}:
        if n in problem.revealed or n in problem.flags or n in probs.mines:
            continue
        return False
    return True


def breaker_influence(problem: Problem, probs: Probabilities, max_breakers: int = 3) -> dict[Cell, float]:
    """Cells whose reveal may stop a 50/50 from becoming unavoidable, with a weight.

    A pair (a, b) meeting conditions 1 and 2 of the module docstring but not 3 still
    has *breakers*: covered cells, not certain mines, next to exactly one of a and b.
    If every breaker turns out to be a mine, the pair becomes an unavoidable 50/50; a
    breaker revealed safe shows a number that can tell a from b. Each breaker x gets
    the chance the other breakers are all mines (product of their mine probabilities,
    independence assumed): how likely x is the last way to avoid the coin flip. Pairs
    with more than ``max_breakers`` breakers are ignored. This is a simplified form of
    JSMinesweeper's 50/50 influence (D. Hill, LongTermRiskHelper), which multiplies a
    guess's score by 1 + 0.9 x influence.
    Returns {cell: influence in 0..1}; empty with estimated probabilities.
    """
    if probs.approximate:
        return {}
    mines = probs.mines
    member: dict[Cell, set[int]] = {}
    for i, con in enumerate(problem.constraints):
        for cell in con.cells:
            member.setdefault(cell, set()).add(i)
    influence: dict[Cell, float] = {}
    seen: set[tuple[Cell, Cell]] = set()
    for con in problem.constraints:
        living = [c for c in con.cells if c not in mines]
        if len(living) != 2 or con.need - (len(con.cells) - 2) != 1:
            continue
        a, b = living
        if (a, b) in seen or member.get(a) != member.get(b) or a in probs.safe or b in probs.safe:
            continue
        seen.add((a, b))
        around_a = set(neighbours(a, problem.rows, problem.cols))
        around_b = set(neighbours(b, problem.rows, problem.cols))
        breakers = [n for n in (around_a ^ around_b) - {a, b}
                    if n in probs.weight and n not in mines and n not in probs.safe]
        if not breakers or len(breakers) > max_breakers:
            continue
        for x in breakers:
            chance = 1.0
            for other in breakers:
                if other != x:
                    chance *= probs.probability(other)
            influence[x] = max(influence.get(x, 0.0), chance)
    return influence
