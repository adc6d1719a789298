"""Counting the layouts of one independent frontier group, box by box.

Cells that touch exactly the same numbers form a *box*; a box of size s holding k mines
stands for C(s, k) layouts. Box counts are enumerated by backtracking with bounds from
each number's remaining need and room, boxes ordered breadth-first along the frontier so
each number is closed soon after it is opened. Exact Python ints throughout.
"""

from __future__ import annotations

from dataclasses import dataclass
import math
from math import comb

from game.rules.board import Cell
from game.solver.problem import Constraint, InconsistentPosition
from game.solver.reasons import NO_FIT, Reason

NODE_LIMIT = 150_000  # backtracking steps per group before falling back to an estimate
BACKTRACK_FIRST = 2_000  # with by_states: backtracking steps before a group is counted by states
STATE_WORK = 8  # with by_states: the counting by states may do node_limit x this many steps of
# work (a step: one weight added; about as long as a backtracking step, docs/review.md)
MAX_BOXES = 800  # the enumeration recurses once per box: longer groups are estimated
# (Python's recursion limit is 1000; an Expert frontier has at most a few hundred cells)


class TooBig(Exception):
    """Raised inside the enumeration (and :func:`forward_states`) when a group passes its
    limit of steps."""


@dataclass
class GroupCount:
    """The counted layouts of one independent frontier group.

    boxes: tuples of cells that touch the same numbers. dist: mine count m ->
    (W(m) layouts, [sum over those layouts of the mines in each box]).
    exact: False when the group was too large and ``dist`` is an estimate: float weights of
    arbitrary scale, and per-box sums W(m) x m / expected x shares[b].
    """

    boxes: list[tuple[Cell, ...]]
    dist: dict[int, tuple[int, list[int]]]
    exact: bool = True
    shares: list[float] | None = None
    expected: float = 0.0


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


def count_group(constraints: list[Constraint], node_limit: int = NODE_LIMIT, by_states: bool = False) -> GroupCount:
    """Enumerate the box mine counts of one group of constraints (no global count).

    by_states: a group whose backtracking passes :data:`BACKTRACK_FIRST` steps is counted
        by :func:`_count_by_states` instead (the same exact ints; within ``node_limit`` x
        :data:`STATE_WORK` steps of work), before it is estimated. The review counts so
        (game.solver.incremental); the solver's own analyses backtrack only.
    Raises:
        InconsistentPosition: no assignment satisfies the group's numbers.
    """
    first = constraints[0]
    if all(con.cells == first.cells and con.need == first.need for con in constraints):
        # one box, every number asking the same of it (a lone covered cell amid numbers:
        # most groups of an almost cleared board); what the enumeration would find
        layouts = comb(len(first.cells), first.need)
        if layouts:
            return GroupCount([first.cells], {first.need: (layouts, [layouts * first.need])})
    member: dict[Cell, list[int]] = {}
    for i, con in enumerate(constraints):
        for cell in con.cells:
            member.setdefault(cell, []).append(i)
    by_key: dict[tuple[int, ...], list[Cell]] = {}
    for cell, cons in member.items():
        by_key.setdefault(tuple(cons), []).append(cell)
    boxes = _order_boxes(by_key, len(constraints))
    box_cells = [tuple(by_key[key]) for key in boxes]
    if len(boxes) > MAX_BOXES:
        return _approximate_group(constraints, box_cells, [list(k) for k in boxes])
    sizes, needs = [len(c) for c in box_cells], [con.need for con in constraints]
    try:
        dist = _enumerate(sizes, [list(k) for k in boxes], needs,
                          min(node_limit, BACKTRACK_FIRST) if by_states else node_limit)
    except TooBig:
        try:
            if not by_states:
                raise
            dist = _count_by_states(sizes, boxes, needs, node_limit * STATE_WORK)
        except TooBig:
            return _approximate_group(constraints, box_cells, [list(k) for k in boxes])
    if not dist:
        raise InconsistentPosition(no_fit_message(constraints), Reason(NO_FIT, {
            "numbers": tuple((con.number, con.cell) for con in constraints[:6]), "more": max(0, len(constraints) - 6)}))
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
            raise TooBig
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


def _count_by_states(sizes: list[int], boxes: list[tuple[int, ...]], needs: list[int],
                     limit: int) -> dict[int, tuple[int, list[int]]]:
    """What :func:`_enumerate` returns (m -> (layouts, per-box mine sums)), counted by
    dynamic programming along the boxes instead of one layout at a time.

    The boxes are taken in order; between box b-1 and box b the *open* numbers are those
    with boxes on both sides, and a *state* is how many mines each still needs. Forward, the
    weight of reaching each state with m mines so far (a polynomial in m); backward, the
    weight of finishing from it; a box's mine sums are then, over the states on its two
    sides, k x C(size, k) x forward x backward. Layouts that share a state are counted once,
    so a group of 60 boxes with a hundred thousand box layouts takes a few thousand steps
    (the review's slowest groups, 20 times faster: docs/review.md). Exact ints.

    boxes: each box's constraint indices (its key), in the order to take them.
    Raises:
        TooBig: more than ``limit`` steps of work (a weight added).
    """
    forward, moves, work = forward_states(sizes, boxes, needs, limit)
    nb = len(boxes)
    totals = forward[nb].get((), {})
    backward: list[dict] = [{} for _ in range(nb)] + [{(): {0: 1}}]
    for b in range(nb - 1, -1, -1):
        row = [comb(sizes[b], k) for k in range(sizes[b] + 1)]
        here, later = backward[b], backward[b + 1]
        for state, k, after in moves[b]:
            rest = later.get(after)
            if rest:
                into = here.setdefault(state, {})
                w = row[k]
                for m, x in rest.items():
                    into[m + k] = into.get(m + k, 0) + x * w
                work += len(rest)
        if work > limit:
            raise TooBig
    per = {m: [0] * nb for m in totals}
    for b in range(nb):
        row = [comb(sizes[b], k) * k for k in range(sizes[b] + 1)]
        before, later = forward[b], backward[b + 1]
        for state, k, after in moves[b]:
            rest = later.get(after)
            if not k or not rest:
                continue
            w = row[k]
            for m1, x in before[state].items():
                xw = x * w
                for m2, y in rest.items():
                    per[m1 + k + m2][b] += xw * y
                work += len(rest)
        if work > limit:
            raise TooBig
    return {m: (w, per[m]) for m, w in totals.items() if w}


def forward_states(sizes: list[int], boxes: list[tuple[int, ...]], needs: list[int],
                   limit: int) -> tuple[list[dict], list[list], int]:
    """The forward pass of :func:`_count_by_states`: (forward, moves, work).

    forward[b]: state -> {mines so far: weight} before box b (forward[0] is ``{(): {0: 1}}``,
    forward[len(boxes)] the finished layouts under the state ``()``); moves[b]: every
    (state before, k, state after) step box b can take with k mines; work: the steps of work
    done. game.solver.sample draws a group's box layouts backwards along them.
    Raises:
        TooBig: more than ``limit`` steps of work (a weight added).
    """
    nb = len(boxes)
    last = {}
    for b, key in enumerate(boxes):
        for c in key:
            last[c] = b
    rooms = [[0] * len(key) for key in boxes]  # each key constraint's cells in the boxes after b
    seen_room: dict[int, int] = {}
    for b in range(nb - 1, -1, -1):
        for j, c in enumerate(boxes[b]):
            rooms[b][j] = seen_room.get(c, 0)
        for c in boxes[b]:
            seen_room[c] = seen_room.get(c, 0) + sizes[b]
    plans, open_now = [], ()
    for b, key in enumerate(boxes):
        at = {c: j for j, c in enumerate(open_now)}
        after = tuple(c for c in sorted(set(open_now) | set(key)) if last[c] > b)
        source = tuple(at.get(c, -1) for c in key)  # -1: the number opens at this box
        out = tuple((True, key.index(c)) if c in key else (False, at[c]) for c in after)
        closing = tuple(j for j, c in enumerate(key) if last[c] == b)
        plans.append((source, out, closing))
        open_now = after
    work = 0
    forward: list[dict] = [{(): {0: 1}}]
    moves: list[list] = []  # per box: (state before, k, state after)
    for b, key in enumerate(boxes):
        source, out, closing = plans[b]
        size, room = sizes[b], rooms[b]
        row = [comb(size, k) for k in range(size + 1)]
        reached: dict = {}
        taken = []
        for state, poly in forward[b].items():
            need = [state[p] if p >= 0 else needs[c] for p, c in zip(source, key)]
            hi = min(size, *need)
            lo = max(0, *(n - r for n, r in zip(need, room)))
            for k in range(lo, hi + 1):
                left = [n - k for n in need]
                if any(left[j] for j in closing):
                    continue
                after = tuple(left[i] if mine else state[i] for mine, i in out)
                w = row[k]
                into = reached.get(after)
                if into is None:
                    into = reached[after] = {}
                for m, x in poly.items():
                    into[m + k] = into.get(m + k, 0) + x * w
                work += len(poly)
                taken.append((state, k, after))
            if work > limit:
                raise TooBig
        forward.append(reached)
        moves.append(taken)
    return forward, moves, work


def _approximate_group(constraints, box_cells, box_cons) -> GroupCount:
    """Estimate a group too large to count (no certainty is claimed from it).

    Each box gets the mean density its numbers ask for; the group's mine count m is
    spread around the expected count with a normal-shaped weight (so the global count
    can still pick any feasible m), boxes scaled to hold m mines in all. The weights are
    floats of arbitrary scale, and the per-box sums are proportional (``shares``), so the
    combination costs counts + boxes, not counts x boxes (thousands of each on 1000x1000).
    """
    shares = []
    for cons, cells in zip(box_cons, box_cells):
        density = sum(constraints[c].need / len(constraints[c].cells) for c in cons) / len(cons)
        shares.append(density * len(cells))
    n = sum(len(cells) for cells in box_cells)
    expected = max(1e-9, sum(shares))
    spread = max(1.0, expected * (1 - expected / n))
    dist = {}
    for m in range(n + 1):
        weight = math.exp(-((m - expected) ** 2) / (2 * spread))
        if weight >= 5e-13:  # negligible beyond about 7.4 standard deviations
            dist[m] = (weight, _Proportional(weight * m / expected, shares))
    return GroupCount(box_cells, dist, exact=False, shares=shares, expected=expected)


class _Proportional:
    """The per-box mine sums of an estimated group at one mine count: ``coef x shares[b]``,
    indexed like the list an exact group holds, without building it."""

    __slots__ = ("coef", "shares")

    def __init__(self, coef: float, shares: list[float]):
        self.coef, self.shares = coef, shares

    def __getitem__(self, b: int) -> float:
        return self.coef * self.shares[b]


def no_fit_message(constraints: list[Constraint]) -> str:
    """Why no layout fits a group's numbers, naming up to six of them (English, for logs)."""
    cells = ", ".join(f"{con.number} at ({con.cell[0]},{con.cell[1]})" for con in constraints[:6])
    more = "" if len(constraints) <= 6 else f" and {len(constraints) - 6} more"
    return f"no mine layout fits the numbers {cells}{more}"


def group_key(group: list[Constraint]) -> frozenset:
    """A cache key that fixes a group's enumeration: its numbers, needs and cells."""
    return frozenset(group)  # constraints hash by value: cell, number, need and cells
