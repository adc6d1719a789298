"""Exact mine probabilities of a position, by counting layouts.

Every mine layout consistent with the revealed numbers and the total mine count is
equally likely; the probability that a cell holds a mine is the share of layouts with a
mine there. The standard method (as in JSMinesweeper and the Minesweeper literature,
e.g. Becerra, "Algorithmic approaches to playing Minesweeper", 2015):

1. split the frontier into independent *groups* (constraints linked by shared cells);
2. gather cells that touch exactly the same numbers into *boxes*; only a box's mine
   count matters, a box of size s holding k mines stands for C(s, k) layouts;
3. enumerate box counts per group by backtracking, giving for each mine count m the
   number of group layouts W(m) and, per box, the sum of its mines over them;
4. combine groups by convolution, weighting each frontier total t by C(I, R - t): the
   ways to put the R - t remaining mines among the I cells off the frontier.

Weights are exact Python ints; floats appear only when a probability is read out.
A group's enumeration depends only on its own constraints, so results are cached by a
:class:`GroupCache` and reused while the rest of the board changes.

Bounded time: a group whose enumeration passes ``node_limit`` search steps is not
counted exactly; its cells get an estimate (see :func:`_approximate_group`) and the
result says ``approximate`` with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb

from game.board import Cell
from game.solver.problem import Constraint, InconsistentPosition, Problem

NODE_LIMIT = 400_000  # backtracking steps per group before falling back to an estimate
CACHE_SIZE = 4096  # groups remembered by a GroupCache


class _TooBig(Exception):
    """Raised inside the enumeration when a group passes the node limit."""


@dataclass
class GroupCount:
    """The counted layouts of one independent frontier group.

    boxes: tuples of cells that touch the same numbers. dist: mine count m ->
    (W(m) layouts, [sum over those layouts of the mines in each box]).
    exact: False when the group was too large and ``dist`` is an estimate.
    """

    boxes: list[tuple[Cell, ...]]
    dist: dict[int, tuple[int, list[int]]]
    exact: bool = True


class GroupCache:
    """Remembers :class:`GroupCount` results by group, so a running game re-counts only
    the groups its last move changed. Not thread-safe; one per game or analysis thread."""

    def __init__(self, size: int = CACHE_SIZE):
        self.size = size
        self._store: dict = {}

    def get(self, key):
        return self._store.get(key)

    def put(self, key, value) -> None:
        if len(self._store) >= self.size:
            self._store.clear()  # cheap and rare: positions move on, old groups die
        self._store[key] = value


@dataclass
class Probabilities:
    """Exact (or flagged approximate) mine probabilities of a position.

    total: the number of consistent layouts (exact int; 0 never happens, see errors).
    weight: cell -> (numerator, denominator) ints with probability numerator/denominator.
    safe, mines: cells whose probability is exactly 0 or 1 (only from exact groups).
    approximate: True when some group was estimated; ``reasons`` says why.
    """

    problem: Problem
    total: int
    weight: dict[Cell, tuple[int, int]]
    safe: set[Cell]
    mines: set[Cell]
    approximate: bool = False
    reasons: list[str] = field(default_factory=list)
    groups: list[GroupCount] = field(default_factory=list)

    def probability(self, cell: Cell) -> float:
        """Mine probability of an unknown ``cell`` as a float in [0, 1]."""
        num, den = self.weight[cell]
        return num / den

    def exact(self, cell: Cell) -> Fraction:
        """Mine probability of an unknown ``cell`` as an exact Fraction."""
        num, den = self.weight[cell]
        return Fraction(num, den)

    def as_floats(self) -> dict[Cell, float]:
        """Every unknown cell -> its mine probability."""
        return {cell: num / den for cell, (num, den) in self.weight.items()}


def split_groups(constraints: tuple[Constraint, ...] | list[Constraint]) -> list[list[Constraint]]:
    """Partition constraints into independent groups (linked through shared cells)."""
    parent = list(range(len(constraints)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owner: dict[Cell, int] = {}
    for i, con in enumerate(constraints):
        for cell in con.cells:
            j = owner.setdefault(cell, i)
            if j != i:
                a, b = find(i), find(j)
                if a != b:
                    parent[a] = b
    groups: dict[int, list[Constraint]] = {}
    for i, con in enumerate(constraints):
        groups.setdefault(find(i), []).append(con)
    return list(groups.values())


def count_group(constraints: list[Constraint], node_limit: int = NODE_LIMIT) -> GroupCount:
    """Enumerate the box mine counts of one group of constraints (no global count).

    Raises:
        InconsistentPosition: no assignment satisfies the group's numbers.
    """
    member: dict[Cell, list[int]] = {}
    for i, con in enumerate(constraints):
        for cell in con.cells:
            member.setdefault(cell, []).append(i)
    by_key: dict[tuple[int, ...], list[Cell]] = {}
    for cell, cons in member.items():
        by_key.setdefault(tuple(cons), []).append(cell)
    boxes = _order_boxes(by_key, len(constraints))
    box_cells = [tuple(by_key[key]) for key in boxes]
    try:
        dist = _enumerate([len(c) for c in box_cells], [list(k) for k in boxes],
                          [con.need for con in constraints], node_limit)
    except _TooBig:
        return _approximate_group(constraints, box_cells, [list(k) for k in boxes])
    if not dist:
        raise InconsistentPosition(_no_fit_message(constraints))
    return GroupCount(box_cells, dist)


def _order_boxes(by_key: dict, n_cons: int) -> list[tuple[int, ...]]:
    """Order boxes so each constraint is closed soon after it is opened (better pruning):
    walk the constraints breadth-first along the frontier and take each one's boxes."""
    boxes_of: list[list[tuple[int, ...]]] = [[] for _ in range(n_cons)]
    for key in by_key:
        for c in key:
            boxes_of[c].append(key)
    ordered: list[tuple[int, ...]] = []
    placed: set[tuple[int, ...]] = set()
    seen = [False] * n_cons
    for root in range(n_cons):
        if seen[root]:
            continue
        seen[root] = True
        queue = [root]
        for c in queue:
            for key in sorted(boxes_of[c], key=len, reverse=True):
                if key not in placed:
                    placed.add(key)
                    ordered.append(key)
                    for other in key:
                        if not seen[other]:
                            seen[other] = True
                            queue.append(other)
    return ordered


def _enumerate(sizes: list[int], box_cons: list[list[int]], needs: list[int],
               node_limit: int) -> dict[int, tuple[int, list[int]]]:
    """Backtrack over box counts; returns m -> (layouts, per-box mine sums)."""
    nb = len(sizes)
    need = list(needs)
    room = [0] * len(needs)
    for size, cons in zip(sizes, box_cons):
        for c in cons:
            room[c] += size
    counts = [0] * nb
    results: dict[int, list] = {}
    binoms = [[comb(s, k) for k in range(s + 1)] for s in sizes]
    steps = [0]

    def rec(b: int, m: int, w: int) -> None:
        if b == nb:
            entry = results.get(m)
            if entry is None:
                entry = results[m] = [0, [0] * nb]
            entry[0] += w
            per = entry[1]
            for i in range(nb):
                k = counts[i]
                if k:
                    per[i] += w * k
            return
        steps[0] += 1
        if steps[0] > node_limit:
            raise _TooBig
        size = sizes[b]
        cons = box_cons[b]
        lo, hi = 0, size
        for c in cons:
            n = need[c]
            if n < hi:
                hi = n
            low = n - (room[c] - size)
            if low > lo:
                lo = low
        if lo > hi:
            return
        for c in cons:
            room[c] -= size
        row = binoms[b]
        for k in range(lo, hi + 1):
            for c in cons:
                need[c] -= k
            counts[b] = k
            rec(b + 1, m + k, w * row[k])
            for c in cons:
                need[c] += k
        counts[b] = 0
        for c in cons:
            room[c] += size

    rec(0, 0, 1)
    return {m: (entry[0], entry[1]) for m, entry in results.items()}


def _approximate_group(constraints, box_cells, box_cons) -> GroupCount:
    """Estimate a group too large to count: each box gets the mean density its numbers ask
    for, as one pseudo-layout per plausible mine count (no certainty is claimed)."""
    density = []
    for cons in box_cons:
        shares = [constraints[c].need / len(constraints[c].cells) for c in cons]
        density.append(sum(shares) / len(shares))
    expected = sum(d * len(cells) for d, cells in zip(density, box_cells))
    m = round(expected)
    scale = 10 ** 6  # fixed-point weights keep the combination step in integers
    per = [round(d * len(cells) * scale) for d, cells in zip(density, box_cells)]
    return GroupCount(box_cells, {m: (scale, per)}, exact=False)


def _no_fit_message(constraints: list[Constraint]) -> str:
    cells = ", ".join(f"{con.number} at ({con.cell[0]},{con.cell[1]})" for con in constraints[:6])
    more = "" if len(constraints) <= 6 else f" and {len(constraints) - 6} more"
    return f"no mine layout fits the numbers {cells}{more}"


def group_key(group: list[Constraint]) -> tuple:
    """A cache key that fixes a group's enumeration: its numbers, needs and cells."""
    return tuple(sorted((con.cell, con.need, con.cells) for con in group))


def solve(problem: Problem, cache: GroupCache | None = None,
          node_limit: int = NODE_LIMIT, groups: list[list[Constraint]] | None = None) -> Probabilities:
    """Mine probabilities of every unknown cell of ``problem``.

    groups: the constraints already split into independent groups, if the caller knows them.
    Raises:
        InconsistentPosition: no layout fits the numbers and the mine count.
    """
    counts: list[GroupCount] = []
    for group in (split_groups(problem.constraints) if groups is None else groups):
        key = group_key(group) if cache is not None else None
        found = cache.get(key) if cache is not None else None
        if found is None:
            found = count_group(group, node_limit)
            if cache is not None:
                cache.put(key, found)
        counts.append(found)
    return combine(problem, counts)


def _convolve(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for i, x in a.items():
        for j, y in b.items():
            out[i + j] = out.get(i + j, 0) + x * y
    return out


def combine(problem: Problem, counts: list[GroupCount]) -> Probabilities:
    """Join group counts with the cells off the frontier under the global mine count.

    Raises:
        InconsistentPosition: no split of the remaining mines fits.
    """
    left, n_int = problem.mines_left, len(problem.interior)
    dists = [{m: w for m, (w, _) in g.dist.items()} for g in counts]
    prefix = [{0: 1}]
    for d in dists:
        prefix.append(_convolve(prefix[-1], d))
    suffix = [{0: 1}]
    for d in reversed(dists):
        suffix.append(_convolve(suffix[-1], d))
    suffix.reverse()
    everything = prefix[-1]
    binom = _BinomRow(n_int)
    total = sum(w * binom[left - t] for t, w in everything.items())
    if total == 0:
        raise InconsistentPosition(_count_message(problem, everything))
    weight: dict[Cell, tuple[int, int]] = {}
    safe: set[Cell] = set()
    mines: set[Cell] = set()
    approximate = not all(g.exact for g in counts)
    for i, g in enumerate(counts):
        others = _convolve(prefix[i], suffix[i + 1])
        factor = {m: sum(w * binom[left - m - t] for t, w in others.items()) for m in g.dist}
        g_total = sum(w * factor[m] for m, (w, _) in g.dist.items())
        for b, cells in enumerate(g.boxes):
            num = sum(per[b] * factor[m] for m, (_, per) in g.dist.items())
            den = len(cells) * g_total
            for cell in cells:
                weight[cell] = (num, den)
            if g.exact and not approximate:
                if num == 0:
                    safe.update(cells)
                elif num == den:
                    mines.update(cells)
            elif g.exact:  # another group is estimated: trust only local certainty
                if all(per[b] == 0 for _, per in g.dist.values()):
                    safe.update(cells)
                elif all(per[b] == w * len(cells) for w, per in g.dist.values()):
                    mines.update(cells)
    if n_int:
        num = sum(w * comb(n_int - 1, left - t - 1) for t, w in everything.items()
                  if 0 <= left - t - 1 <= n_int - 1)
        for cell in problem.interior:
            weight[cell] = (num, total)
        if not approximate:
            if num == 0:
                safe.update(problem.interior)
            elif num == total:
                mines.update(problem.interior)
    reasons = [f"a frontier group of {sum(len(b) for b in g.boxes)} cells had too many layouts "
               f"to count within the time bound; its probabilities are estimates"
               for g in counts if not g.exact]
    return Probabilities(problem, total, weight, safe, mines, approximate, reasons, counts)


class _BinomRow(dict):
    """C(n, k) by k, 0 outside 0..n, computed once per k."""

    def __init__(self, n: int):
        super().__init__()
        self.n = n

    def __missing__(self, k: int) -> int:
        value = comb(self.n, k) if 0 <= k <= self.n else 0
        self[k] = value
        return value


def _count_message(problem: Problem, everything: dict[int, int]) -> str:
    lo, hi = min(everything), max(everything)
    n_int = len(problem.interior)
    return (f"no mine layout fits the mine count: the numbers need {lo}..{hi} mines on the frontier "
            f"and {len(problem.interior)} other covered cells can hold 0..{n_int}, "
            f"but {problem.mines_left} mines remain unflagged")
