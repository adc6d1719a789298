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

from collections.abc import Mapping, MutableMapping, Set
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb, exp, lgamma, log

from game.rules.board import Cell
from game.solver.groups import NODE_LIMIT, GroupCount, count_group, group_key, split_groups
from game.solver.problem import Constraint, InconsistentPosition, Problem
from game.solver.reasons import COUNT_MISMATCH, ESTIMATED_GROUP, Reason

__all__ = ["GroupCache", "Probabilities", "solve", "combine", "split_groups", "count_group",
           "GroupCount", "NODE_LIMIT", "InteriorValues", "lowest"]

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

    weight: cell -> (numerator, denominator) with probability numerator/denominator:
        exact ints, scaled by a factor common to the whole position (so only their ratio
        means anything), or floats in an approximate analysis.
    floats: cell -> that probability as a float, divided once per box (the ints of a big
        board have thousands of digits; see docs/performance.md, "Solver").
    (``weight`` and ``floats`` are dicts, or past :data:`LAZY_INTERIOR` cells off the
    frontier :class:`InteriorValues` keeping one entry for all of those.)
    safe, mines: cells whose probability is exactly 0 or 1 (only from exact groups).
    approximate: True when some group was estimated; ``reasons`` says why.
    scaled_total, scale: with scale (n, k, d), the layout count is scaled_total x C(n, k) / d,
        exactly (see :attr:`total`); in an approximate analysis scaled_total is a float and
        ``log_scale`` the natural log of its factor.
    """

    problem: Problem
    scaled_total: int | float
    weight: MutableMapping[Cell, tuple[int, int]]
    safe: set[Cell]
    mines: set[Cell]
    approximate: bool = False
    reasons: list[Reason] = field(default_factory=list)
    groups: list[GroupCount] = field(default_factory=list)
    floats: MutableMapping[Cell, float] = field(default_factory=dict)
    scale: tuple[int, int, int] = (0, 0, 1)
    constraint_groups: list[list[Constraint]] | None = None  # from solve(): the split it used
    log_scale: float = 0.0
    _total: int | None = field(default=None, repr=False)

    @property
    def total(self) -> int | None:
        """The number of consistent layouts, an exact int (never 0); None when the analysis
        is approximate (an estimated group's layouts are not counted). Computed on first
        use: on a 1000x1000 board it is a binomial of 200,000 digits, seconds of work that the
        probabilities do not need."""
        if self.approximate:
            return None
        if self._total is None:
            n, k, d = self.scale
            self._total = self.scaled_total * comb(n, k) // d
        return self._total

    @property
    def log_total(self) -> float:
        """The natural log of the layout count, without computing it; in an approximate
        analysis, of a pseudo-count whose estimated groups have an arbitrary scale (so
        only differences between positions sharing those groups mean anything)."""
        if self.approximate:
            return log(self.scaled_total) + self.log_scale
        n, k, d = self.scale
        return log(self.scaled_total) + lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1) - log(d)

    def layouts_at_most(self, limit: int) -> bool:
        """True when the analysis is exact and has at most ``limit`` layouts (cheap when it has far more)."""
        if self.approximate or limit < 1 or self.log_total > log(limit) + 1.0:
            return False
        return self.total <= limit

    def chance_after(self, after: Probabilities) -> float:
        """layouts(after) / layouts(self): the chance of reaching ``after``, a position that
        narrows this one (a hypothetical reveal). Exact when both are exact."""
        if self.approximate or after.approximate:
            return exp(after.log_total - self.log_total)
        return after.total / self.total

    def probability(self, cell: Cell) -> float:
        """Mine probability of an unknown ``cell`` as a float in [0, 1]."""
        return self.floats[cell]

    def exact(self, cell: Cell) -> Fraction:
        """Mine probability of an unknown ``cell`` as an exact Fraction."""
        num, den = self.weight[cell]
        return Fraction(num, den)

    def as_floats(self) -> Mapping[Cell, float]:
        """Every unknown cell -> its mine probability: a copy of :attr:`floats` (a dict, or
        past :data:`LAZY_INTERIOR` cells off the frontier an :class:`InteriorValues`)."""
        if isinstance(self.floats, InteriorValues):
            return self.floats.copy()
        return dict(self.floats)

    def lowest(self) -> float:
        """The lowest mine probability of any unknown cell (as a float, without reading the
        cells off the frontier one by one).

        Raises:
            ValueError: no cell is unknown.
        """
        return lowest(self.floats)


def solve(problem: Problem, cache: GroupCache | None = None,
          node_limit: int = NODE_LIMIT, groups: list[list[Constraint]] | None = None,
          keep_estimates: bool = False) -> Probabilities:
    """Mine probabilities of every unknown cell of ``problem``.

    groups: the constraints already split into independent groups, if the caller knows them.
    keep_estimates: cache a group too big to count as its estimate too (a caller that will
        never give it more time, as the review of a whole game: game.solver.review), so the
        node limit is spent on it once, not again in every position that holds it.
    Raises:
        InconsistentPosition: no layout fits the numbers and the mine count.
    """
    counts: list[GroupCount] = []
    if groups is None:
        groups = split_groups(problem.constraints)
    for group in groups:
        key = group_key(group) if cache is not None else None
        found = cache.get(key) if cache is not None else None
        if found is None:
            found = count_group(group, node_limit)
            if cache is not None and (found.exact or keep_estimates):  # else counted later with more time
                cache.put(key, found)
        counts.append(found)
    result = combine(problem, counts)
    result.constraint_groups = groups
    return result


def convolve(a: dict, b: dict) -> dict:
    """The product of two count tables (total -> weight): total -> the sum of the products of
    the weights of the totals that add up to it."""
    out: dict = {}
    for i, x in a.items():
        for j, y in b.items():
            out[i + j] = out.get(i + j, 0) + x * y
    return out


class _Frontier:
    """The frontier's groups joined: how many mines it can hold, with what weight, and
    for each group the weight of everything else (:meth:`factors`).

    A group with one possible count only shifts the total and scales the weights, so such
    groups (most of them on a big board: docs/performance.md) are set aside; the others are
    convolved once, forward. Works alike on exact ints and on floats.

    everything: frontier total t -> its weight, sum over the groups' counts adding to t of
    the product of their weights.
    """

    def __init__(self, dists: list[dict]):
        self.dists = dists
        self.fixed = [i for i, d in enumerate(dists) if len(d) == 1]
        self.varying = [i for i, d in enumerate(dists) if len(d) != 1]
        self.shift = sum(next(iter(dists[i])) for i in self.fixed)
        weights = [next(iter(dists[i].values())) for i in self.fixed]
        self.before = [1]  # products of the fixed groups' weights before and after each one
        for w in weights:
            self.before.append(self.before[-1] * w)
        self.after = [1]
        for w in reversed(weights):
            self.after.append(self.after[-1] * w)
        self.after.reverse()
        self.prefix = [{0: 1}]
        for i in self.varying:
            self.prefix.append(convolve(self.prefix[-1], dists[i]))
        scale = self.before[-1]
        self.everything = {t + self.shift: w * scale for t, w in self.prefix[-1].items()}

    def weigh(self, outer: dict) -> tuple[list[dict], int | float]:
        """(factors, total). For each group i and count m: factor_i[m] = sum over the other
        groups' totals t of W_others(t) x outer(m + t), where ``outer`` maps a frontier
        total to the weight of the cells off the frontier (0 where missing); total = sum
        over t of everything[t] x outer(t), the weight of the whole board.

        One pass back over the varying groups (what the later groups and the outside weigh
        for each total so far): groups x totals x counts, where convolving every group's
        "others" anew cost groups x totals squared."""
        dists, prefix, shift, scale = self.dists, self.prefix, self.shift, self.before[-1]
        back = {s: outer.get(s + shift, 0) for s in prefix[-1]}
        found: list[dict] = [{} for _ in dists]
        for v in range(len(self.varying) - 1, -1, -1):
            d, known = dists[self.varying[v]], prefix[v]
            found[self.varying[v]] = {m: scale * sum(w * back[s + m] for s, w in known.items()) for m in d}
            back = {s: sum(w * back[s + m] for m, w in d.items()) for s in known}
        for f, i in enumerate(self.fixed):  # back: the rest of the board, no varying mines yet
            found[i] = {next(iter(dists[i])): self.before[f] * self.after[f + 1] * back[0]}
        return found, sum(w * outer.get(t, 0) for t, w in self.everything.items())


def combine(problem: Problem, counts: list[GroupCount]) -> Probabilities:
    """Join group counts with the cells off the frontier under the global mine count.

    Exact ints when every group was counted exactly; floats (see :func:`_combine_estimated`)
    when one was estimated.
    Raises:
        InconsistentPosition: no split of the remaining mines fits.
    """
    if not all(g.exact for g in counts):
        return _combine_estimated(problem, counts)
    left, n_int = problem.mines_left, len(problem.interior)
    frontier = _Frontier([{m: w for m, (w, _) in g.dist.items()} for g in counts])
    everything = frontier.everything
    ks = [left - t for t in everything if 0 <= left - t <= n_int]
    if not ks:
        raise count_mismatch(problem, everything)
    binom, scale = relative_binomials(n_int, min(ks), max(ks))
    outer = {left - k: binom[k] for k in ks}
    factors, scaled_total = frontier.weigh(outer)
    weight: dict[Cell, tuple[int, int]] = {}
    floats: dict[Cell, float] = {}
    safe: set[Cell] = set()
    mines: set[Cell] = set()
    for g, factor in zip(counts, factors):
        # (sum over m of W_g(m) x factor_g[m] is the whole board's weight, the same ints)
        for b, cells in enumerate(g.boxes):
            num = sum(per[b] * factor[m] for m, (_, per) in g.dist.items())
            den = len(cells) * scaled_total
            pair, p = (num, den), num / den
            for cell in cells:
                weight[cell], floats[cell] = pair, p
            if num == 0:
                safe.update(cells)
            elif num == den:
                mines.update(cells)
    if n_int:
        # layouts with a mine on one given interior cell: C(I-1, k-1) = C(I, k) k / I, k = R - t
        num = sum(w * outer[t] * (left - t) for t, w in everything.items() if t in outer)
        den = scaled_total * n_int
        weight, floats = _with_interior(problem, weight, floats, (num, den), num / den)
        if num == 0:
            safe.update(problem.interior)
        elif num == den:
            mines.update(problem.interior)
    return Probabilities(problem, scaled_total, weight, safe, mines, False, [], counts, floats, scale)


def _with_interior(problem: Problem, weight: dict, floats: dict, pair, p: float) -> tuple[Mapping, Mapping]:
    """(weight, floats) with every cell off the frontier given the same weight and
    probability. Up to :data:`LAZY_INTERIOR` cells off the frontier, plain dicts (made by
    ``dict.fromkeys``, the frontier's few entries added: the faster way round,
    docs/performance.md); past it, :class:`InteriorValues` that hold the one value for them all
    (a million cells on 1000x1000: two dicts of a million entries took a second and some
    150 MB; docs/big-boards.md, "Reviews and analyses")."""
    interior = problem.interior
    if len(interior) > LAZY_INTERIOR:
        if not isinstance(interior, Set):  # (a problem made by hand: membership must be O(1))
            interior = frozenset(interior)
        return InteriorValues(weight, interior, pair), InteriorValues(floats, interior, p)
    all_weights = dict.fromkeys(interior, pair)
    all_weights.update(weight)
    all_floats = dict.fromkeys(interior, p)
    all_floats.update(floats)
    return all_weights, all_floats


LAZY_INTERIOR = 20_000  # cells off the frontier past which their one value is not copied to each


class InteriorValues(MutableMapping):
    """A mapping cell -> value over a position's unknown cells: ``own``, a dict of the cells
    on the frontier (and of any cell set later), and ``value`` for every cell of ``interior``
    (a set of cells with O(1) ``in``, none of them in ``own``: the cells off the frontier).

    Reads as a dict of the same items does (``==`` one too), in the order
    ``dict.fromkeys(interior, value)`` updated by ``own`` gives. Setting a cell writes ``own``
    (the review's known cells: game.solver.incremental); a cell of ``interior`` keeps
    ``value`` (KeyError). :meth:`lowest` is the least value without reading every cell.
    """

    __slots__ = ("own", "interior", "value")

    def __init__(self, own: dict, interior: Set, value) -> None:
        self.own, self.interior, self.value = own, interior, value

    def __getitem__(self, cell):
        found = self.own.get(cell, _MISSING)
        if found is _MISSING:
            if cell in self.interior:
                return self.value
            raise KeyError(cell)
        return found

    def __contains__(self, cell) -> bool:
        return cell in self.own or cell in self.interior

    def __setitem__(self, cell, value) -> None:
        if cell in self.interior:
            raise KeyError(f"{cell}: a cell off the frontier keeps the interior's value")
        self.own[cell] = value

    def __delitem__(self, cell) -> None:
        del self.own[cell]

    def __iter__(self):
        yield from self.interior
        yield from self.own

    def __len__(self) -> int:
        return len(self.interior) + len(self.own)

    def copy(self) -> "InteriorValues":
        """A copy that is set apart from this one (``own`` copied; ``interior`` is immutable)."""
        return InteriorValues(dict(self.own), self.interior, self.value)

    def lowest(self):
        """The least value, or None when there is none."""
        low = min(self.own.values(), default=None)
        if self.interior and (low is None or self.value < low):
            low = self.value
        return low

    def __repr__(self) -> str:
        return f"InteriorValues({len(self.own)} cells and {len(self.interior)} more at {self.value!r})"


_MISSING = object()


def lowest(values: Mapping):
    """The least value of ``values`` (a dict, or an :class:`InteriorValues` read without
    walking its interior).

    Raises:
        ValueError: ``values`` is empty.
    """
    if isinstance(values, InteriorValues):
        low = values.lowest()
        if low is None:
            raise ValueError("lowest: no values")
        return low
    return min(values.values())


def _combine_estimated(problem: Problem, counts: list[GroupCount]) -> Probabilities:
    """:func:`combine` when some group was estimated: in floats, each group's weights
    normalised to sum 1 and the binomials of the cells off the frontier as log-gamma ratios
    (exact ints cost minutes on 1000x1000, for numbers that are estimates anyway). Only
    exact groups' local certainties are kept (a cell safe in every layout of its own
    group's numbers)."""
    left, n_int = problem.mines_left, len(problem.interior)
    sums = [sum(w for w, _ in g.dist.values()) for g in counts]
    frontier = _Frontier([{m: w / s for m, (w, _) in g.dist.items()} for g, s in zip(counts, sums)])
    everything = frontier.everything
    feasible = [t for t in everything if 0 <= left - t <= n_int]
    if not feasible:
        raise count_mismatch(problem, everything)
    base = lgamma(n_int + 1)
    log_binom = {t: base - lgamma(left - t + 1) - lgamma(n_int - left + t + 1) for t in feasible}
    # shift: the outside weighs at most 1 where the frontier has any weight (no overflow,
    # and no underflow where the layouts are)
    shift = max(log_binom[t] + log(everything[t]) for t in feasible if everything[t] > 0)
    outer = {t: exp(x - shift) for t, x in log_binom.items()}
    factors, scaled_total = frontier.weigh(outer)
    weight: dict[Cell, tuple[float, float]] = {}
    floats: dict[Cell, float] = {}
    safe: set[Cell] = set()
    mines: set[Cell] = set()
    for g, s, factor in zip(counts, sums, factors):
        g_total = sum(w / s * factor[m] for m, (w, _) in g.dist.items())
        if g.shares is not None:  # estimated: per[b] = w x m / expected x shares[b]
            scale = sum(w / s * factor[m] * m for m, (w, _) in g.dist.items()) / g.expected
            nums = [share * scale for share in g.shares]
        else:
            nums = [sum(per[b] / s * factor[m] for m, (_, per) in g.dist.items())
                    for b in range(len(g.boxes))]
        for b, cells in enumerate(g.boxes):
            den = len(cells) * g_total
            pair = (nums[b], den)
            p = min(1.0, nums[b] / den) if den else 0.0
            for cell in cells:
                weight[cell], floats[cell] = pair, p
            if g.exact:  # trust only local certainty
                if all(per[b] == 0 for _, per in g.dist.values()):
                    safe.update(cells)
                elif all(per[b] == w * len(cells) for w, per in g.dist.values()):
                    mines.update(cells)
    if n_int:
        num = sum(w * outer[t] * (left - t) / n_int for t, w in everything.items() if t in outer)
        weight, floats = _with_interior(problem, weight, floats, (num, scaled_total),
                                        min(1.0, num / scaled_total))
    reasons = [Reason(ESTIMATED_GROUP, {"cells": sum(len(b) for b in g.boxes)}) for g in counts if not g.exact]
    log_scale = shift + sum(log(s) for s in sums)
    return Probabilities(problem, scaled_total, weight, safe, mines, True, reasons, counts, floats,
                         log_scale=log_scale)


def relative_binomials(n: int, lo: int, hi: int) -> tuple[dict[int, int], tuple[int, int]]:
    """C(n, k) for lo <= k <= hi, all scaled by one factor: returns ({k: r_k}, (n, lo, d))
    with C(n, k) = r_k x C(n, lo) / d exactly.

    r_k = (n-lo)(n-lo-1)...(n-k+1) x (k+1)(k+2)...hi: small ints stepped from each other,
    where the binomials themselves have 200,000 digits on a 1000x1000 board (slow to compute:
    docs/performance.md). Probabilities need only their ratios; the exact count, when
    asked for, is one ``math.comb`` (see :attr:`Probabilities.total`).
    """
    down = [1]  # (n-lo)...(n-k+1), k = lo..hi
    for k in range(lo, hi):
        down.append(down[-1] * (n - k))
    up = [1]  # (k+1)...hi, k = hi..lo
    for k in range(hi, lo, -1):
        up.append(up[-1] * k)
    up.reverse()
    return {k: down[k - lo] * up[k - lo] for k in range(lo, hi + 1)}, (n, lo, up[0])


def count_mismatch(problem: Problem, everything: dict[int, int]) -> InconsistentPosition:
    """The error of a position whose frontier totals (``everything``: total -> weight) leave no
    count of mines for the cells off the frontier that the mine count allows."""
    return InconsistentPosition(_count_message(problem, everything), _count_reason(problem, everything))


def _count_reason(problem: Problem, everything: dict[int, int]) -> Reason:
    return Reason(COUNT_MISMATCH, {"low": min(everything), "high": max(everything), "others": len(problem.interior),
                                   "left": problem.mines_left})


def _count_message(problem: Problem, everything: dict[int, int]) -> str:
    lo, hi = min(everything), max(everything)
    n_int = len(problem.interior)
    return (f"no mine layout fits the mine count: the numbers need {lo}..{hi} mines on the frontier "
            f"and {len(problem.interior)} other covered cells can hold 0..{n_int}, "
            f"but {problem.mines_left} mines remain unflagged")
