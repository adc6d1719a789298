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
from math import comb, exp, inf, lgamma

from game.board import Cell
from game.solver.groups import NODE_LIMIT, GroupCount, count_group, group_key, split_groups
from game.solver.problem import Constraint, InconsistentPosition, Problem

__all__ = ["GroupCache", "Probabilities", "solve", "combine", "split_groups", "count_group",
           "GroupCount", "NODE_LIMIT"]

CACHE_SIZE = 4096  # groups remembered by a GroupCache


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
    floats: cell -> that probability as a float, divided once per box (the ints of a big
        board have thousands of digits: one division per cell took seconds).
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
    floats: dict[Cell, float] = field(default_factory=dict)

    def probability(self, cell: Cell) -> float:
        """Mine probability of an unknown ``cell`` as a float in [0, 1]."""
        return self.floats[cell]

    def exact(self, cell: Cell) -> Fraction:
        """Mine probability of an unknown ``cell`` as an exact Fraction."""
        num, den = self.weight[cell]
        return Fraction(num, den)

    def as_floats(self) -> dict[Cell, float]:
        """Every unknown cell -> its mine probability."""
        return dict(self.floats)


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
            if cache is not None and found.exact:  # an estimate may be counted later with more time
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
    floats: dict[Cell, float] = {}
    safe: set[Cell] = set()
    mines: set[Cell] = set()
    approximate = not all(g.exact for g in counts)
    for i, g in enumerate(counts):
        others = _convolve(prefix[i], suffix[i + 1])
        if approximate:  # estimates: a group's ratios in floats (exact ints cost minutes on 1000x1000)
            factor = _float_factors(g, others, left, n_int)
            top = max(w for w, _ in g.dist.values())
            dist = {m: (w / top, [x / top for x in per]) for m, (w, per) in g.dist.items()}
        else:
            factor = {m: sum(w * binom[left - m - t] for t, w in others.items()) for m in g.dist}
            dist = g.dist
        g_total = sum(w * factor[m] for m, (w, _) in dist.items())
        for b, cells in enumerate(g.boxes):
            num = sum(per[b] * factor[m] for m, (_, per) in dist.items())
            den = len(cells) * g_total
            pair, p = (num, den), num / den
            for cell in cells:
                weight[cell], floats[cell] = pair, p
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
        # layouts with a mine on one given interior cell: C(I-1, R-t-1) = C(I, R-t) (R-t) / I,
        # exact, from the row already computed (a new binomial costs seconds on 1000x1000)
        num = sum(w * (binom[left - t] * (left - t) // n_int) for t, w in everything.items()
                  if 0 <= left - t - 1 <= n_int - 1)
        pair, p = (num, total), num / total
        weight.update(dict.fromkeys(problem.interior, pair))  # a million cells: no Python loop
        floats.update(dict.fromkeys(problem.interior, p))
        if not approximate:
            if num == 0:
                safe.update(problem.interior)
            elif num == total:
                mines.update(problem.interior)
    reasons = [f"a frontier group of {sum(len(b) for b in g.boxes)} cells had too many layouts "
               f"to count within the time bound; its probabilities are estimates"
               for g in counts if not g.exact]
    return Probabilities(problem, total, weight, safe, mines, approximate, reasons, counts, floats)


def _float_factors(g: GroupCount, others: dict[int, int], left: int, n_int: int) -> dict[int, float]:
    """For an approximate analysis: m -> the weight of the rest of the board when group ``g``
    holds m mines, sum over t of others[t] x C(n_int, left - m - t), as floats scaled by a
    common factor (only the group's ratios are read from it). Log-binomials by lgamma."""
    top = max(others.values())
    scaled = {t: w / top for t, w in others.items()}
    base = lgamma(n_int + 1)

    def log_binom(k: int) -> float:
        return base - lgamma(k + 1) - lgamma(n_int - k + 1) if 0 <= k <= n_int else -inf

    logs = {m: {t: log_binom(left - m - t) for t in scaled} for m in g.dist}
    ref = max((x for row in logs.values() for x in row.values()), default=-inf)
    if ref == -inf:
        return {m: 0.0 for m in g.dist}
    return {m: sum(w * exp(logs[m][t] - ref) for t, w in scaled.items()) for m in g.dist}


class _BinomRow(dict):
    """C(n, k) by k, 0 outside 0..n, computed once per k.

    A k next to one already known is stepped to exactly, C(n, j+1) = C(n, j) (n-j) / (j+1)
    and back: a multiplication and a division by small ints, where ``math.comb`` costs
    half a second when C(n, k) has a hundred thousand digits (1000x1000 boards)."""

    STEP = 64  # furthest k stepped to from a known one; further ones are computed afresh

    def __init__(self, n: int):
        super().__init__()
        self.n = n

    def __missing__(self, k: int) -> int:
        n = self.n
        if not 0 <= k <= n:
            return 0  # not stored: only real entries are stepped from
        near = min((j for j in self if abs(j - k) <= self.STEP), key=lambda j: abs(j - k), default=None)
        if near is None:
            value = comb(n, k)
        else:
            value, j = dict.__getitem__(self, near), near
            while j < k:
                value, j = value * (n - j) // (j + 1), j + 1
                self[j] = value
            while j > k:
                value, j = value * j // (n - j + 1), j - 1
                self[j] = value
        self[k] = value
        return value


def _count_message(problem: Problem, everything: dict[int, int]) -> str:
    lo, hi = min(everything), max(everything)
    n_int = len(problem.interior)
    return (f"no mine layout fits the mine count: the numbers need {lo}..{hi} mines on the frontier "
            f"and {len(problem.interior)} other covered cells can hold 0..{n_int}, "
            f"but {problem.mines_left} mines remain unflagged")
