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
3. within a group, one box layout with m mines is drawn with weight prod_b C(s_b, k_b): from
   its box layouts listed once (up to :data:`LEAF_CACHE` of them, found within :data:`LIST_STEPS`
   steps), or for a larger group box
   by box, backwards along the states of its numbers' remaining needs
   (game.solver.groups.forward_states, the counting by states);
4. each box's k_b mines go on k_b of its s_b cells, and the R - t mines off the frontier on
   R - t of the I cells, uniformly.

So a layout's chance is 1 / (the number of consistent layouts). Preparing costs about one
analysis (an Expert position a millisecond; a 1000x1000 position 3 to 5 s); a draw on Expert
takes a tenth of a millisecond, on 1000x1000 about half a second (mostly the mines off the
frontier). No pygame here.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterator
from math import comb

from game.boardfile import BoardFile
from game.rules.board import Cell
from game.rules.cells import CellMask
from game.solver.groups import NODE_LIMIT, TooBig, count_group, forward_states, no_fit_message, split_groups
from game.solver.probabilities import convolve, count_mismatch, relative_binomials
from game.solver.problem import Constraint, InconsistentPosition, Problem, build_problem

LEAF_CACHE = 20_000  # box layouts of one group listed at most; a group with more is drawn by states
FLOAT_BITS = 1000  # a draw reads its weights as floats past this size (see LayoutSampler)
LIST_STEPS = 20_000  # backtracking steps of one group's listing before it is drawn by states instead
# Steps of work (a weight added) of one group's counting by states: a group past the solver's
# own limits (game.solver.groups.MAX_BOXES, NODE_LIMIT) is counted here; the 8,000-box edge of
# a big opening on 1000x1000 at 10 % mines takes about a million (half a second)
STATES_WORK = 30_000_000


class TooHardToSample(ValueError):
    """A frontier group too large to count exactly, even by states (its layouts could be only
    estimated): no exact draw is offered for that position. ``cells``: the group's cells."""

    def __init__(self, cells: int) -> None:
        super().__init__(f"a frontier group of {cells} cells is too large to count exactly")
        self.cells = cells


class _Group:
    """One independent frontier group: its boxes (cells touching the same numbers), each
    box's constraints, and its box layouts by mine count: listed (``leaves``), or counted by
    states (``chain``, ``dist``) to be drawn back along them.

    listable: False for a group the solver could not count (its counting by states is done
    here, with more work allowed: :data:`STATES_WORK`).
    Raises:
        TooHardToSample: past :data:`STATES_WORK` too.
    """

    def __init__(self, constraints: list[Constraint], boxes: list[tuple[Cell, ...]], listable: bool = True):
        self.boxes = boxes
        owner: dict[Cell, list[int]] = {}
        for i, con in enumerate(constraints):
            for cell in con.cells:
                owner.setdefault(cell, []).append(i)
        self.box_cons = [owner[box[0]] for box in boxes]
        self.needs = [con.need for con in constraints]
        self.sizes = [len(box) for box in boxes]
        self.leaves: dict[int, tuple[list[int], list[tuple[int, ...]]]] | None = None
        self.chain: tuple[list[dict], list[dict]] | None = None
        self.dist: dict[int, int] | None = None  # with the chain: mines -> layouts, as counted by states
        found: dict[int, tuple[list[int], list[tuple[int, ...]]]] = {}
        try:
            if not listable:
                raise _TooMany
            for listed, (m, counts, weight) in enumerate(self.walk(LIST_STEPS), 1):
                if listed > LEAF_CACHE:
                    raise _TooMany
                cum, kept = found.setdefault(m, ([], []))
                cum.append((cum[-1] if cum else 0) + weight)
                kept.append(counts)
            self.leaves = found
            return
        except _TooMany:
            pass
        try:  # too many to list: counted by states, drawn back along them
            forward, moves, _ = forward_states(self.sizes, [tuple(k) for k in self.box_cons], self.needs,
                                               STATES_WORK)
        except TooBig:
            raise TooHardToSample(sum(self.sizes)) from None
        into: list[dict] = []
        for taken in moves:
            by_after: dict = {}
            for before, k, after in taken:
                by_after.setdefault(after, []).append((before, k))
            into.append(by_after)
        self.chain = (forward, into)
        self.dist = {m: w for m, w in forward[-1].get((), {}).items() if w}

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
        layouts (``total``: the sum of those weights, W(m)): from the listed layouts, or box
        by box from the last, each step weighted by the layouts of the boxes before it
        (game.solver.groups.forward_states) times C(size, k)."""
        if self.leaves is not None:
            cum, kept = self.leaves[m]
            return kept[bisect_right(cum, rng.randrange(total))]
        forward, into = self.chain
        counts = [0] * len(self.sizes)
        state, left = (), m
        for b in range(len(self.sizes) - 1, -1, -1):
            row = forward[b]
            options = [((before, k), row[before].get(left - k, 0) * comb(self.sizes[b], k))
                       for before, k in into[b][state]]
            state, k = _pick([o for o in options if o[1]], rng)
            counts[b] = k
            left -= k
        return tuple(counts)


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
            drawn = _Group(group, counted.boxes, listable=counted.exact)
            if not counted.exact:  # past the solver's limits: counted by states here
                if not drawn.dist:
                    raise InconsistentPosition(no_fit_message(group))
                self.dists.append(drawn.dist)
            else:
                self.dists.append({m: w for m, (w, _) in counted.dist.items()})
            self.groups.append(drawn)
        left, n_int = problem.mines_left, len(problem.interior)
        self.varying = [i for i, d in enumerate(self.dists) if len(d) != 1]
        self.shift = sum(next(iter(d)) for d in self.dists if len(d) == 1)
        self.prefix = [{0: 1}]
        for i in self.varying:
            self.prefix.append(convolve(self.prefix[-1], self.dists[i]))
        everything = {t + self.shift: w for t, w in self.prefix[-1].items()}
        ks = [left - t for t in everything if 0 <= left - t <= n_int]
        if not ks:
            raise count_mismatch(problem, everything)
        binom, self._scale = relative_binomials(n_int, min(ks), max(ks))
        self.outer = {left - k: binom[k] for k in ks}  # frontier total -> the outside's relative weight
        # the weights a draw of the groups' counts reads: these exact ints, or past FLOAT_BITS
        # (a big board's counts of thousands of digits, slow to multiply) each one's ratio to its
        # table's largest as a float: a draw's chances then exact to a float's precision
        self.draw_dists, self.draw_prefix, self.draw_outer = self.dists, self.prefix, self.outer
        if max(w.bit_length() for w in (*self.outer.values(), *self.prefix[-1].values())) > FLOAT_BITS:
            self.draw_dists = [_ratios(d) for d in self.dists]
            self.draw_prefix = [{0: 1.0}]
            for i in self.varying:
                self.draw_prefix.append(_ratios(convolve(self.draw_prefix[-1], self.draw_dists[i])))
            self.draw_outer = _ratios(self.outer)
        self._runs: list[tuple[int, int, int, int]] | None = None  # (row, start, stop, cells before)
        self._layouts: int | None = None

    @property
    def layouts(self) -> int:
        """The number of layouts consistent with the position (exact; one binomial computed, the
        others stepped from it: game.solver.probabilities.relative_binomials)."""
        if self._layouts is None:
            total = 1
            for d in self.dists:
                if len(d) == 1:
                    total *= next(iter(d.values()))
            relative = sum(w * self.outer.get(t + self.shift, 0) for t, w in self.prefix[-1].items())
            n, lo, divisor = self._scale
            self._layouts = total * relative * comb(n, lo) // divisor
        return self._layouts

    def draw(self, rng: random.Random) -> frozenset[Cell]:
        """One layout, every consistent layout equally likely: the mine cells, flags included
        when they count as mines."""
        problem = self.problem
        choice = {i: next(iter(d)) for i, d in enumerate(self.dists) if len(d) == 1}
        dists, prefix, outer = self.draw_dists, self.draw_prefix, self.draw_outer
        back = {s: outer.get(s + self.shift, 0) for s in prefix[-1]}
        for v in range(len(self.varying) - 1, -1, -1):
            d, known = dists[self.varying[v]], prefix[v]
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


def _pick(options: list, rng: random.Random):
    """A key of ``options`` ((key, weight) pairs: exact ints, or floats; some weight positive)
    drawn with chance its weight over their sum."""
    total = sum(w for _, w in options)
    r = rng.randrange(total) if isinstance(total, int) else rng.random() * total
    for key, w in options:
        if r < w:
            return key
        r -= w
    return next(key for key, w in reversed(options) if w)  # (a float sum's last rounding)


def _ratios(weights: dict) -> dict:
    """``weights`` (key -> a weight, int or float) as floats, each over the largest (ints of
    any size divide to a correctly rounded float; the tiniest ratios become 0)."""
    top = max(weights.values())
    return {key: w / top for key, w in weights.items()}


def sample_layout(board: BoardFile, rng: random.Random, ignore_flags: bool = False) -> frozenset[Cell]:
    """One mine layout of ``board``'s position drawn uniformly among the consistent ones
    (:class:`LayoutSampler`; prepare one sampler to draw many).

    Raises:
        InconsistentPosition: no layout fits. TooHardToSample: see :class:`LayoutSampler`.
    """
    return LayoutSampler(board, ignore_flags).draw(rng)
