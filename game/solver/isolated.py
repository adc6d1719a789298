"""Isolated regions: frontier groups that nothing outside them can ever inform.

A frontier group (constraints linked by shared cells, see :mod:`game.solver.groups`) is
*isolated* when

1. every covered neighbour of its cells is one of its cells or a certain mine, so no
   reveal outside the group shows a number about it and no reveal inside it shows a
   number about anything else; and
2. it holds the same number of mines in every consistent layout, so the total mine count
   weighs all its layouts alike and the rest of the board cannot shift their odds.

Then the group's layouts stay equally likely whatever happens elsewhere, the guesses it
needs must be taken sooner or later at the same odds, and the best play inside it is an
exact search over its own layouts (:class:`game.solver.endgame.EndgameSearch`), however
many layouts the whole board has. Playing it as soon as guessing is needed costs nothing
and replaces a heuristic guess by the optimal one. This is JSMinesweeper's "isolated edge"
brute force (D. Hill, github.com/DavidNHill/JSMinesweeper, solver_main.js).
"""

from __future__ import annotations

from dataclasses import replace

from game.rules.board import Cell, neighbours
from game.solver.endgame import search_exactly
from game.solver.groups import split_groups
from game.solver.probabilities import Probabilities
from game.solver.problem import Problem

REGION_LAYOUTS = 1000  # search a region only when it has at most this many layouts


def isolated_regions(problem: Problem, probs: Probabilities, limit: int = REGION_LAYOUTS,
                     groups: list | None = None) -> list[Problem]:
    """The isolated groups of the position with at most ``limit`` layouts, as stand-alone
    problems (their cells, constraints and fixed mine count, nothing off the frontier);
    smallest first.

    Empty when the probabilities are approximate (group counts are then estimates).
    groups: ``split_groups(problem.constraints)`` if the caller has it already.
    """
    if probs.approximate:
        return []
    counts = {frozenset(c for box in g.boxes for c in box): g for g in probs.groups}
    found = []
    for group in split_groups(problem.constraints) if groups is None else groups:
        cells = frozenset(c for con in group for c in con.cells)
        count = counts.get(cells)
        if count is None or len(count.dist) != 1 or not count.exact:
            continue
        if any(n in problem.unknown and n not in cells and n not in probs.mines
               for c in cells for n in neighbours(c, problem.rows, problem.cols)):
            continue
        ((mines, (layouts, _)),) = count.dist.items()
        if layouts > limit:
            continue
        found.append(replace(problem, unknown=cells, constraints=tuple(group), mines_left=mines,
                             frontier=cells, interior=()))
    return sorted(found, key=lambda p: len(p.unknown))


def region_move(problem: Problem, probs: Probabilities, time_limit: float,
                groups: list | None = None, limit: int = REGION_LAYOUTS) -> tuple[Cell, float, int] | None:
    """(cell, chance of clearing its region with best play, the region's layout count) for
    the smallest isolated region that still needs a guess, or None if there is none within
    ``limit`` layouts or the search ran out of ``time_limit`` seconds."""
    for region in isolated_regions(problem, probs, limit, groups):
        found = search_exactly(region, limit, time_limit)
        if found is not None:
            return found
    return None
