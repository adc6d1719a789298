"""The bridge from a :class:`~game.noguess.deduce.Deduction` to the solver's exact analysis.

The solver decides, from the revealed numbers, the proved mines and the total mine
count, which covered cells are certain: safe in every consistent layout, or a mine in
every one. The problem is built from the replay's frontier alone (its numbers and their
covered neighbours), so a call costs what the frontier costs, not what the board does.

**The mine count, only when it matters.** The frontier splits into independent groups;
each is counted on its own (:func:`game.solver.groups.count_group`, cached between calls)
and can hold lo_g..hi_g mines. With L mines left and I covered cells off the frontier,
if every sum of the groups' counts leaves 0..I mines for the cells off the frontier
(L - sum(hi_g) >= 0 and L - sum(lo_g) <= I), the count rules out no group's layout, so a
cell on the frontier is certain exactly when it is certain within its own group, and the
cells off it are certain only when the sum is fixed (lo = hi) and leaves them 0 or I
mines. Otherwise (near the end of a board, or when a group was too big to count
exactly) the groups are joined under the count by :func:`game.solver.probabilities.combine`,
as the in-game analysis does. Both give the same answer as
:func:`game.solver.certain_cells` on the same position. No pygame here.
"""

from __future__ import annotations

import time

from game.noguess.deduce import Deduction
from game.solver.groups import count_group, group_key, split_groups
from game.solver.probabilities import GroupCache, combine
from game.solver.problem import Constraint, Problem


class ExactCertainty:
    """Callable hook ``(replay) -> (safe indices, mine indices)`` for :class:`Deduction` loops.

    Keeps one solver cache per replay sequence, so frontier groups that did not change
    between two stuck points are not counted again. Cells are the replay's padded indices
    throughout (the solver only needs them to be hashable and ordered).
    """

    def __init__(self):
        self.cache = GroupCache()
        self.calls = 0
        self.slowest = 0.0  # seconds of the longest call (for the benchmark)

    def __call__(self, replay: Deduction) -> tuple[list[int], list[int]]:
        self.calls += 1
        start = time.perf_counter()
        try:
            return self._certain(replay)
        finally:
            self.slowest = max(self.slowest, time.perf_counter() - start)

    def _certain(self, replay: Deduction) -> tuple[list[int], list[int]]:
        number, prov_near = replay.number, replay.prov_near
        constraints = []
        frontier: set[int] = set()
        for i in replay.constraints():
            cells = tuple(replay.covered_around(i))
            constraints.append(Constraint(i, number[i], number[i] - prov_near[i], cells))
            frontier.update(cells)
        groups = split_groups(constraints)
        counts = []
        for group in groups:
            key = group_key(group)
            found = self.cache.get(key)
            if found is None:
                found = count_group(group)
                if found.exact:
                    self.cache.put(key, found)
            counts.append(found)
        left = replay.total - replay.proved
        off = replay.covered - len(frontier)
        lo = sum(min(g.dist) for g in counts)
        hi = sum(max(g.dist) for g in counts)
        exact = all(g.exact for g in counts)
        if exact and left - hi >= 0 and left - lo <= off:
            safe, mines = _locally_certain(counts)
            if lo == hi and off and left - lo in (0, off):  # the count settles the cells off the frontier
                (safe if left == lo else mines).extend(i for i in replay.covered_cells() if i not in frontier)
            return safe, mines
        interior = tuple(i for i in replay.covered_cells() if i not in frontier)
        geo = replay.geo
        problem = Problem(geo.rows, geo.cols, replay.total, frozenset(), frozenset(frontier).union(interior),
                          tuple(constraints), left, frozenset(frontier), interior, {})
        probs = combine(problem, counts)
        return sorted(probs.safe), sorted(probs.mines)


def _locally_certain(counts) -> tuple[list[int], list[int]]:
    """Cells certain within their own group: in no layout of any count a mine (safe), or
    in every one (mines). Every group must have been counted exactly."""
    safe: list[int] = []
    mines: list[int] = []
    for g in counts:
        for b, cells in enumerate(g.boxes):
            per = [(w, sums[b]) for w, sums in g.dist.values()]
            if all(s == 0 for _, s in per):
                safe.extend(cells)
            elif all(s == w * len(cells) for w, s in per):
                mines.extend(cells)
    return safe, mines
