"""What revealing one cell could show: the outcomes of a guess, each with its probability.

If ``cell`` is revealed and shows ``v``, the layouts consistent with the new position are
exactly the old layouts with ``cell`` safe and ``v`` mines around it. So the chance of
that outcome is W(new) / W(old), with W the exact layout counts, and the new position's
probabilities come for free from the same count.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from math import exp

from game.rules.board import Cell, neighbours
from game.rules.cells import ShownNumbers
from game.solver.probabilities import GroupCache, Probabilities, solve, split_groups

LOOKAHEAD_NODE_LIMIT = 30_000  # a hypothetical position this hard is estimated, not counted
from game.solver.problem import Constraint, InconsistentPosition, Problem, without


@dataclass
class Outcome:
    """One number a revealed cell may show.

    value: the digit shown. chance: P(cell safe and shows value) over the old layouts.
    after: the probabilities of the position that results.
    """

    value: int
    chance: float
    after: Probabilities


def reveal_problem(problem: Problem, cell: Cell, value: int) -> Problem:
    """The problem after ``cell`` (unknown) is revealed showing ``value``.

    Raises:
        InconsistentPosition: the value cannot be shown there (too few or many neighbours).
    """
    rows, cols = problem.rows, problem.cols
    constraints = []
    for con in problem.constraints:
        if cell in con.cells:
            cells = tuple(c for c in con.cells if c != cell)
            if cells:
                constraints.append(Constraint(con.cell, con.number, con.need, cells))
            elif con.need:
                raise InconsistentPosition(f"the {con.number} at {con.cell} needs a mine at {cell}")
        else:
            constraints.append(con)
    flagged = 0
    cells = []
    for n in neighbours(cell, rows, cols):
        if n in problem.flags:
            flagged += 1
        elif n in problem.unknown and n != cell:
            cells.append(n)
    need = value - flagged
    if need < 0 or need > len(cells):
        raise InconsistentPosition(f"{cell} cannot show {value}")
    if cells:
        constraints.append(Constraint(cell, value, need, tuple(sorted(cells))))
    frontier = set(problem.frontier)
    frontier.discard(cell)
    frontier.update(cells)
    interior = without(problem.interior, (cell, *cells))  # (the frontier's cells are none of the interior's)
    if isinstance(problem.revealed, ShownNumbers):  # (a copy of bytes, not a mapping read cell by cell)
        revealed = problem.revealed.with_number(cell, value)
    else:
        revealed = dict(problem.revealed)
        revealed[cell] = value
    return replace(problem, unknown=problem.unknown - {cell}, constraints=tuple(constraints),
                   frontier=frozenset(frontier), interior=interior, revealed=revealed)


def value_range(problem: Problem, probs: Probabilities, cell: Cell) -> range:
    """The numbers ``cell`` could show, from certain mines and unknown neighbours around it."""
    lo = hi = 0
    for n in neighbours(cell, problem.rows, problem.cols):
        if n in problem.flags or n in probs.mines:
            lo += 1
            hi += 1
        elif n in problem.unknown and n not in probs.safe:
            hi += 1
    return range(lo, hi + 1)


def regroup(base_groups: list[list[Constraint]], after: Problem, cell: Cell) -> list[list[Constraint]]:
    """The independent groups of ``after`` (``cell`` just revealed), reusing the groups of the
    position before that the reveal cannot touch."""
    touched = {cell} | set(neighbours(cell, after.rows, after.cols))
    keep, kept = [], set()
    for group in base_groups:
        if not any(touched.intersection(con.cells) for con in group):
            keep.append(group)
            kept.update(id(con) for con in group)
    rest = [con for con in after.constraints if id(con) not in kept]
    return keep + split_groups(rest)


def outcomes(problem: Problem, probs: Probabilities, cell: Cell,
             cache: GroupCache | None = None,
             base_groups: list[list[Constraint]] | None = None,
             deadline: float | None = None) -> list[Outcome] | None:
    """Every number ``cell`` can show, with its chance; the chances sum to P(cell safe).

    base_groups: ``split_groups(problem.constraints)`` if already known (saves time).
    deadline: a ``time.perf_counter()`` value; past it, None is returned (not evaluated).
    An outcome whose position had to be estimated gets its chance as explained in
    :func:`_share_estimated`.
    """
    if base_groups is None:
        base_groups = split_groups(problem.constraints)
    found = []
    for value in value_range(problem, probs, cell):
        if deadline is not None and time.perf_counter() > deadline:
            return None
        try:
            after_problem = reveal_problem(problem, cell, value)
            after = solve(after_problem, cache, LOOKAHEAD_NODE_LIMIT,
                          groups=regroup(base_groups, after_problem, cell))
        except InconsistentPosition:
            continue
        found.append(Outcome(value, probs.chance_after(after), after))
    _share_estimated(probs, cell, found)
    return found


def _share_estimated(probs: Probabilities, cell: Cell, found: list[Outcome]) -> None:
    """Outcomes whose position was estimated (a group past the node limit) have no exact
    count to divide; when the position before is exact, they share what the exact
    outcomes leave of P(cell safe), in proportion to their estimated counts (in place).
    One estimated outcome thus gets its chance exactly."""
    guessed = [o for o in found if o.after.approximate]
    if not guessed or probs.approximate:
        return
    rest = max(0.0, 1.0 - probs.probability(cell) - sum(o.chance for o in found if not o.after.approximate))
    top = max(o.after.log_total for o in guessed)
    sizes = [exp(o.after.log_total - top) for o in guessed]
    whole = sum(sizes)
    for o, size in zip(guessed, sizes):
        o.chance = rest * size / whole
