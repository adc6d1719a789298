"""Drawing mine layouts uniformly among those consistent with a position.

Every layout that fits the revealed numbers, the flags (counted as mines, as the solver's
analyse counts them, unless ``ignore_flags``) and the total mine count is equally likely to
be drawn. Exact, not rejection sampling, with the solver's own counting
(:mod:`game.solver.probabilities`, :mod:`game.solver.groups`):

1. each independent frontier group is counted box by box (``count_group``): W_g(m), the
   group's layouts with m mines;
2. the groups' mine counts are drawn one group at a time, backwards along the products of
   the groups before (the convolution :class:`game.solver.probabilities._Frontier` makes),
   each joint choice weighted by prod_g W_g(m_g) x C(I, R - t): I cells off the frontier,
   R mines left, t = sum of the m_g on the frontier;
3. within a group, one box layout with m mines is drawn with weight prod_b C(s_b, k_b) (its
   layouts listed once, up to :data:`LEAF_CACHE` of them, else walked again at each draw);
4. each box's k_b mines go on k_b of its s_b cells, and the R - t mines off the frontier on
   R - t of the I cells, uniformly.

So a layout's chance is 1 / (the number of consistent layouts). Preparing costs about one
analysis (a 1000x1000 position: a second or two); a draw on Expert takes well under a
millisecond, on 1000x1000 a few tenths of a second (mostly the mines off the frontier). No
pygame here.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterator
from math import comb

from game.boardfile import BoardFile
from game.rules.board import Cell
from game.rules.cells import CellMask
from game.solver.groups import NODE_LIMIT, STATE_WORK, count_group, split_groups
from game.solver.probabilities import _convolve, _count_message, _count_reason, relative_binomials
from game.solver.problem import Constraint, InconsistentPosition, Problem, build_problem

LEAF_CACHE = 50_000  # box layouts of one group listed once; a group with more is walked at each draw
WALK_LIMIT = NODE_LIMIT * STATE_WORK  # backtracking steps of one group's walk before giving up


class TooHardToSample(ValueError):
    """A frontier group too large to count exactly (its layouts could be only estimated): no
    exact draw is offered for that position. ``cells``: the group's cells."""

    def __init__(self, cells: int) -> None:
        super().__init__(f"a frontier group of {cells} cells is too large to count exactly")
        self.cells = cells


class _Group:
    """One independent frontier group: its boxes (cells touching the same numbers), each
    box's constraints, and its box layouts by mine count (listed, or walked at each draw)."""

    def __init__(self, constraints: list[Constraint], boxes: list[tuple[Cell, ...]]):
        self.boxes = boxes
        owner: dict[Cell, list[int]] = {}
        for i, con in enumerate(constraints):
            for cell in con.cells:
                owner.setdefault(cell, []).append(i)
        self.box_cons = [owner[box[0]] for box in boxes]
        self.needs = [con.need for con in constraints]
        self.sizes = [len(box) for box in boxes]
        self.leaves: dict[int, tuple[list[int], list[tuple[int, ...]]]] | None
        found: dict[int, tuple[list[int], list[tuple[int, ...]]]] = {}
        listed = 0
        try:
            for m, counts, weight in self.walk(WALK_LIMIT):
                listed += 1
                if listed <= LEAF_CACHE:
                    cum, kept = found.setdefault(m, ([], []))
                    cum.append((cum[-1] if cum else 0) + weight)
                    kept.append(counts)
            # too many to keep: walked again at each draw (walked whole once, so within the limit)
            self.leaves = found if listed <= LEAF_CACHE else None
        except _TooMany:
            raise TooHardToSample(sum(self.sizes)) from None

    def walk(self, limit: int) -> Iterator[tuple[int, tuple[int, ...], int]]:
        """Every box layout of the group: (mines, mines per box, its layouts prod C(s_b, k_b)),
        in one fixed order (the bounds of game.solver.groups' backtracking, on a stack: no
        recursion limit).

        Raises:
            _TooMany: more than ``limit`` backtracking steps.
        """
        sizes, box_cons, nb = self.sizes, self.box_cons, len(self.sizes)
        if nb == 0:
            return
        need = list(self.needs)
        room = [0] * len(need)
        for size, cons in zip(sizes, box_cons):
            for c in cons:
                room[c] += size
        counts = [0] * nb
        binoms = [[comb(s, k) for k in range(s + 1)] for s in sizes]
        stack: list[list[int]] = []  # per open box: [box, mines before, weight before, next k, top k]

        def enter(b: int, m: int, w: int) -> None:
            size, lo, hi = sizes[b], 0, sizes[b]
            for c in box_cons[b]:
                hi = min(hi, need[c])
                lo = max(lo, need[c] - (room[c] - size))
                room[c] -= size
            stack.append([b, m, w, lo, hi])

        enter(0, 0, 1)
        steps = 0
        while stack:
            steps += 1
            if steps > limit:
                raise _TooMany
            frame = stack[-1]
            b, m, w, k, hi = frame
            prev = counts[b]
            if prev:  # take back the mines of the last k tried here
                for c in box_cons[b]:
                    need[c] += prev
                counts[b] = 0
            if k > hi:
                for c in box_cons[b]:
                    room[c] += sizes[b]
                stack.pop()
                continue
            frame[3] = k + 1
            counts[b] = k
            for c in box_cons[b]:
                need[c] -= k
            if b + 1 == nb:  # (the bounds leave every number satisfied at its last box)
                yield m + k, tuple(counts), w * binoms[b][k]
            else:
                enter(b + 1, m + k, w * binoms[b][k])

    def draw_counts(self, m: int, total: int, rng: random.Random) -> tuple[int, ...]:
        """The mines per box of one box layout with ``m`` mines, drawn with weight its
        layouts (``total``: the sum of those weights, W(m))."""
        r = rng.randrange(total)
        if self.leaves is not None:
            cum, kept = self.leaves[m]
            return kept[bisect_right(cum, r)]
        for mines, counts, weight in self.walk(WALK_LIMIT):
            if mines == m:
                if r < weight:
                    return counts
                r -= weight
        raise AssertionError("draw_counts: the walk found fewer layouts than counted")


class _TooMany(Exception):
    pass


class LayoutSampler:
    """Draws mine layouts of one position uniformly (see the module docstring).

    board: a :class:`game.boardfile.BoardFile` (its mines, if known, are not looked at).
    ignore_flags: flags are ordinary covered cells (else each flag is a mine).
    :attr:`problem` is the position's :class:`game.solver.problem.Problem`; :attr:`layouts`
    the number of consistent layouts (an exact int, computed on first use).

    Raises:
        InconsistentPosition: no layout fits the numbers, flags and mine count.
        TooHardToSample: a frontier group too large to enumerate exactly.
    """

    def __init__(self, board: BoardFile | Problem, ignore_flags: bool = False):
        problem = board if isinstance(board, Problem) else build_problem(board, ignore_flags)
        self.problem = problem
        groups = split_groups(problem.constraints)
        self.groups: list[_Group] = []
        self.dists: list[dict[int, int]] = []
        for group in groups:
            counted = count_group(group, NODE_LIMIT, by_states=True)
            if not counted.exact:
                raise TooHardToSample(sum(map(len, counted.boxes)))
            self.dists.append({m: w for m, (w, _) in counted.dist.items()})
            self.groups.append(_Group(group, counted.boxes))
        left, n_int = problem.mines_left, len(problem.interior)
        self.varying = [i for i, d in enumerate(self.dists) if len(d) != 1]
        self.shift = sum(next(iter(d)) for d in self.dists if len(d) == 1)
        self.prefix = [{0: 1}]
        for i in self.varying:
            self.prefix.append(_convolve(self.prefix[-1], self.dists[i]))
        everything = {t + self.shift: w for t, w in self.prefix[-1].items()}
        ks = [left - t for t in everything if 0 <= left - t <= n_int]
        if not ks:
            raise InconsistentPosition(_count_message(problem, everything), _count_reason(problem, everything))
        binom, _ = relative_binomials(n_int, min(ks), max(ks))
        self.outer = {left - k: binom[k] for k in ks}  # frontier total -> the outside's relative weight
        self._runs: list[tuple[int, int, int, int]] | None = None  # (row, start, stop, cells before)
        self._layouts: int | None = None

    @property
    def layouts(self) -> int:
        """The number of layouts consistent with the position (exact)."""
        if self._layouts is None:
            total = 1
            for d in self.dists:
                if len(d) == 1:
                    total *= next(iter(d.values()))
            n_int, left = len(self.problem.interior), self.problem.mines_left
            self._layouts = total * sum(w * comb(n_int, left - t - self.shift)
                                        for t, w in self.prefix[-1].items() if 0 <= left - t - self.shift <= n_int)
        return self._layouts

    def draw(self, rng: random.Random) -> frozenset[Cell]:
        """One layout, every consistent layout equally likely: the mine cells, flags included
        when they count as mines."""
        problem = self.problem
        choice = {i: next(iter(d)) for i, d in enumerate(self.dists) if len(d) == 1}
        back = {s: self.outer.get(s + self.shift, 0) for s in self.prefix[-1]}
        for v in range(len(self.varying) - 1, -1, -1):
            d, known = self.dists[self.varying[v]], self.prefix[v]
            options = [(m, w * sum(x * back.get(s + m, 0) for s, x in known.items())) for m, w in d.items()]
            m = _pick(options, rng)
            choice[self.varying[v]] = m
            back = {s: back.get(s + m, 0) for s in known}
        mines: set[Cell] = set(problem.flags)
        frontier_total = 0
        for i, group in enumerate(self.groups):
            m = choice[i]
            frontier_total += m
            counts = group.draw_counts(m, self.dists[i][m], rng)
            for box, k in zip(group.boxes, counts):
                if k:
                    mines.update(rng.sample(box, k))
        mines.update(self._interior_sample(problem.mines_left - frontier_total, rng))
        return frozenset(mines)

    def _interior_sample(self, k: int, rng: random.Random) -> list[Cell]:
        interior = self.problem.interior
        n = len(interior)
        if not k:
            return []
        if not isinstance(interior, CellMask):
            cells = list(interior)
            return rng.sample(cells, k)
        if self._runs is None:
            runs, before = [], 0
            for r, start, stop in interior.runs():
                runs.append((r, start, stop, before))
                before += stop - start
            self._runs = runs
        runs = self._runs
        out, j = [], 0
        for index in sorted(rng.sample(range(n), k)):
            while runs[j][3] + runs[j][2] - runs[j][1] <= index:
                j += 1
            r, start, _, before = runs[j]
            out.append((r, start + index - before))
        return out


def _pick(options: list[tuple[int, int]], rng: random.Random) -> int:
    """A key of ``options`` ((key, int weight) pairs, some weight positive) drawn with
    chance its weight over their sum."""
    total = sum(w for _, w in options)
    r = rng.randrange(total)
    for key, w in options:
        if r < w:
            return key
        r -= w
    raise AssertionError("_pick: weights changed")


def sample_layout(board: BoardFile, rng: random.Random, ignore_flags: bool = False) -> frozenset[Cell]:
    """One mine layout of ``board``'s position drawn uniformly among the consistent ones
    (:class:`LayoutSampler`; prepare one sampler to draw many).

    Raises:
        InconsistentPosition: no layout fits. TooHardToSample: see :class:`LayoutSampler`.
    """
    return LayoutSampler(board, ignore_flags).draw(rng)
