"""Explanations as data: why a cell is certainly safe, why a guess is the best one.

A certain-safe cell (or a certain mine) is explained by the smallest set of revealed
numbers that proves it on their own: a set of numbers is *enough* when, counting only
their covered neighbourhoods (flags as mines, no mine count), no layout puts a mine on the
cell (no layout leaves the mine's cell empty). Linked sets of numbers (each sharing a
covered cell with another) are tried by size, grown breadth-first from the numbers touching
the cell (:class:`_ProofSearch`: its algorithm, pruning and bound), so a proof that one 2
gives names one 2. Past the bound the proof is cut down from the smallest set around the
cell that proves it (an irreducible proof); if even the cell's whole frontier group does
not prove it, the global mine count is what decides, and the explanation says so
(``uses_count``, SAFE_BY_COUNT, SAFE_BY_LAYOUTS, MINE_BY_LAYOUTS).

An explanation is a :class:`Reason`: a kind and the facts it uses (cells, counts, chances),
never a sentence; the interface words it (game.commands.explain_text) in the language in use. Every
explanation also names its cells as data (:class:`Mark`): the numbers it cites, the mines
it deduces, the cells it puts mines among, the other move it weighs, so that an interface
can point at them on the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import NamedTuple

from game.rules.board import Cell, neighbours
from game.solver import incremental
from game.solver.incremental import Contradiction, fits, propagate
from game.solver.probabilities import GroupCount, Probabilities, count_group, split_groups
from game.solver.problem import Constraint, InconsistentPosition, Problem, fmt
from game.solver.reasons import (BEST_GUESS, ENDGAME, MINE_BY_LAYOUTS, MINE_BY_NUMBER, MINE_BY_NUMBERS,
                                 NOTHING_LEFT, SAFE_BY_COUNT, SAFE_BY_FLAGS,
                                 SAFE_BY_LAYOUTS, SAFE_BY_NUMBERS, SAFE_BY_PAIR_MINES, SAFE_BY_PAIR_SHARE,
                                 SAFE_BY_ZERO, SAFE_MOVE, Reason)

MAX_PROOF_SIZE = 6  # the largest proof searched for exactly, a size at a time (_ProofSearch)
MAX_PROOF_WORK = 1000  # linked sets of numbers made per cell before the exact search stops (a 12x16
# scan: 3000 took 5x as long as the old search for 20 fewer numbers in 3500; 1000 about 1.3x)
MAX_PROOF_RADIUS = 8  # links from the cell a ball grows before the whole group is cut down instead
MAX_REDUCE = 200  # numbers a proof is cut down from one at a time (a bigger group is cited whole)
GROUP = 0  # _ProofSearch.at: the cut-down proof, after the sizes
NUMBER, MINE, AMONG, OTHER = "number", "mine", "among", "other"  # the roles of a Mark


class Mark(NamedTuple):
    """A cell an explanation names and its ``role``: NUMBER a revealed number it reads, MINE a
    cell it shows (or a flag it takes) to hold a mine, AMONG a cell of those a number's mines
    are shown to lie among, OTHER another move it weighs against the chosen one."""

    cell: Cell
    role: str


@dataclass
class Proof:
    """Why ``cell`` is safe: ``numbers`` are the revealed cells cited; ``uses_count`` is
    True when the global mine count is part of the argument; ``reason`` the argument as a
    :class:`Reason` (one of the SAFE_BY_ kinds); ``marks`` the cells it names besides
    ``cell`` (see :class:`Mark`), in the order it names them (a proof by the mine count
    names none)."""

    cell: Cell
    numbers: list[Cell]
    uses_count: bool
    reason: Reason
    marks: tuple[Mark, ...] = ()


def proves_safe(constraints: list[Constraint], cell: Cell, mine: bool = False, memo: dict | None = None) -> bool:
    """True when these numbers alone leave no layout with a mine on ``cell`` (with ``mine``:
    no layout without one), and some layout fits them.

    memo: a dict the caller keeps across positions to remember the answers in (they depend
    only on the numbers: the pairs and trios a proof tries come back position after
    position; a review asks some 140,000 times on the 36x60 game, a quarter of them
    different). At most :data:`MEMO_SIZE` answers are kept.
    """
    if not any(cell in con.cells for con in constraints):
        return False
    if memo is None:
        return _small_proves(constraints, cell, mine)
    key = (frozenset(constraints), cell, mine)
    found = memo.get(key)
    if found is None:
        found = _small_proves(constraints, cell, mine)
        if len(memo) >= MEMO_SIZE:
            memo.clear()  # cheap and rare: positions move on
        memo[key] = found
    return found


MEMO_SIZE = 50_000  # proves_safe answers a memo keeps (a few MB)


def _small_proves(constraints: list[Constraint], cell: Cell, mine: bool) -> bool:
    """:func:`proves_safe` worked out: the cell set the other way, the numbers' consequences
    followed (:func:`game.solver.incremental.propagate`), then a search for a layout that
    still fits (:func:`game.solver.incremental.fits`); when none does, one search more that
    some layout fits at all. Numbers of a real position: the numbers touching a cell are
    among its eight neighbours."""
    full = {con.cell: con for con in constraints}
    bound = 1 + max(max(c[0] for con in constraints for c in (con.cell, *con.cells)),
                    max(c[1] for con in constraints for c in (con.cell, *con.cells)))

    def fit(value: int) -> bool | None:
        reduced: dict[Cell, Constraint] = {}
        known = {cell: value}
        try:
            propagate(full, reduced, known, full, bound, bound)
        except Contradiction:
            return False
        return fits(full, reduced, known, bound, bound)

    mine_value, safe_value = incremental.MINE, incremental.SAFE
    if fit(safe_value if mine else mine_value) is not False:
        return False
    return fit(mine_value if mine else safe_value) is True


def _count_or_none(constraints: list[Constraint]) -> GroupCount | None:
    try:
        return count_group(list(constraints))
    except InconsistentPosition:
        return None


def held_in(counted: GroupCount | None, cell: Cell, mine: bool = False) -> bool:
    """True when ``cell`` holds no mine in any layout ``counted`` lists (with ``mine``: a
    mine in every one); False if none fits or the count is an estimate."""
    if counted is None or not counted.exact:
        return False
    for b, cells in enumerate(counted.boxes):
        if cell in cells:
            if mine:  # the box's mines, summed over its layouts, fill it in every one
                return all(per[b] == w * len(cells) for w, per in counted.dist.values())
            return all(per[b] == 0 for _, per in counted.dist.values())
    return False


class _Index:
    """The numbers touching each covered cell of one problem, in board order, and its
    independent groups (made on first use): proofs for every safe cell of a 400x400 board
    scanned every number per cell, minutes in all. A cell's numbers are looked up among its
    eight neighbours when first asked (a review explains a cell or two of a position with a
    thousand numbers)."""

    def __init__(self, problem: Problem) -> None:
        self.constraints = problem.constraints
        self.size = (problem.rows, problem.cols)
        self.at = {con.cell: i for i, con in enumerate(problem.constraints)}  # a number's place
        self._touching: dict[Cell, list[Constraint]] = {}
        if (-1, -1) in self.at:  # a chord's narrowed position has a number off the board (review)
            for con in problem.constraints:
                for c in con.cells:
                    self._touching.setdefault(c, []).append(con)
            self.size = None
        self._group: dict[int, list[Constraint]] | None = None
        self._counted: dict[int, _GroupLayouts] = {}  # id(group) -> its layouts, counted once

    def touching(self, cell: Cell) -> list[Constraint]:
        """The numbers whose covered cells include ``cell``, in the problem's order."""
        found = self._touching.get(cell)
        if found is None:
            found = []
            if self.size is not None:
                at, constraints = self.at, self.constraints
                places = sorted(at[n] for n in neighbours(cell, *self.size) if n in at)
                found = [constraints[i] for i in places if cell in constraints[i].cells]
            self._touching[cell] = found
        return found

    def group_of(self, con: Constraint) -> list[Constraint]:
        """The independent group (``split_groups``) holding ``con``."""
        if self._group is None:
            self._group = {id(c): group for group in split_groups(self.constraints) for c in group}
        return self._group[id(con)]

    def group_proves(self, con: Constraint, cell: Cell, mine: bool = False) -> bool:
        """:func:`proves_safe` on the group holding ``con``, whose layouts are counted once
        for all its cells (counted per cell, a big group took seconds: docs/performance.md)."""
        group = self.group_of(con)
        return bool(self.group_decides(con, cell, mine))

    def group_decides(self, con: Constraint, cell: Cell, mine: bool = False) -> bool | None:
        """:meth:`_GroupLayouts.decides` on the group holding ``con`` (made once per group)."""
        group = self.group_of(con)
        if id(group) not in self._counted:
            rows, cols = self.size or (max(c[0] for con in group for c in con.cells) + 2,
                                       max(c[1] for con in group for c in con.cells) + 2)
            self._counted[id(group)] = _GroupLayouts(group, rows, cols)
        return self._counted[id(group)].decides(cell, mine)


class _GroupLayouts:
    """The layouts of one independent group's numbers (no mine count), for proofs: first the
    cells its numbers decide one by one (a number needing none or all of its cells left,
    :func:`game.solver.incremental.propagate`); a cell still open is proven safe when no
    layout of the part of the group it is left in puts a mine on it: a search for one such
    layout (:func:`game.solver.incremental.fits`), not a count (a 700-cell group of a 36x60
    board leaves parts of some 100 cells, whose count passed the node limit and proved
    nothing: docs/review.md). Answers are remembered per cell."""

    def __init__(self, group: list[Constraint], rows: int, cols: int) -> None:
        self.full = {con.cell: con for con in group}
        self.rows, self.cols = rows, cols
        self.known: dict[Cell, int] = {}
        self.reduced: dict[Cell, Constraint] = {}
        self.consistent = True
        try:
            propagate(self.full, self.reduced, self.known, self.full, rows, cols)
        except Contradiction:
            self.consistent = False
        self.parts = split_groups([self.reduced[at] for at in sorted(self.reduced)])
        self.part_of = {c: i for i, part in enumerate(self.parts) for con in part for c in con.cells}
        self.answers: dict[tuple[Cell, bool], bool | None] = {}

    def decides(self, cell: Cell, mine: bool = False) -> bool | None:
        """True when no layout of the group's numbers puts a mine on ``cell`` (with ``mine``:
        every layout does), False when some layout does not, None when the search gave up
        (or no layout fits at all)."""
        if not self.consistent:
            return None
        if cell in self.known:
            return self.known[cell] == (1 if mine else 0)
        if cell not in self.part_of:
            return None
        if (cell, mine) not in self.answers:
            part = self.parts[self.part_of[cell]]  # the search needs only the cell's part
            reduced = {con.cell: con for con in part}
            known = {c: self.known[c] for con in part for c in self.full[con.cell].cells if c in self.known}
            known[cell] = incremental.SAFE if mine else incremental.MINE  # the other way: does a layout fit?
            r, k = cell
            around = [(nr, nc) for nr in (r - 1, r, r + 1) for nc in (k - 1, k, k + 1) if (nr, nc) in self.full]
            try:
                propagate(self.full, reduced, known, around, self.rows, self.cols)
                other = fits(self.full, reduced, known, self.rows, self.cols)
            except Contradiction:
                other = False
            self.answers[cell, mine] = None if other is None else not other
        return self.answers[cell, mine]

_LAST: list[_Index] = []  # the last problem's index (the hint thread may build its own meanwhile)


def _index(problem: Problem) -> _Index:
    last = _LAST[0] if _LAST else None
    if last is not None and last.constraints is problem.constraints:
        return last
    index = _Index(problem)
    _LAST[:] = [index]
    return index


def smallest_proof(problem: Problem, cell: Cell, mine: bool = False,
                   whole_group: bool = True) -> list[Constraint] | None:
    """The fewest numbers proving ``cell`` safe (with ``mine``: a mine) without the mine
    count, or None: :class:`_ProofSearch` a size at a time (1 to :data:`MAX_PROOF_SIZE`),
    then (``whole_group``) the cell's whole frontier group, cut down to an irreducible proof."""
    search = _ProofSearch(problem, cell, mine)
    for level in range(1, MAX_PROOF_SIZE + 1):
        proof = search.at(level)
        if proof is not None:
            return proof
    return search.at(GROUP) if whole_group else None


class _ProofSearch:
    """:func:`smallest_proof`'s search for one cell, a size at a time, so that
    :func:`simplest_proof` can weigh several cells size by size.

    The algorithm. Two numbers are *linked* when they share a covered cell. A smallest proof
    is linked (a part of it that shares no cell with the rest says nothing about the cell, so
    dropping it still proves) and holds a number touching the cell. So size ``k`` tries the
    linked sets of ``k`` numbers holding one that touches the cell, grown breadth-first from
    those of size ``k - 1`` by one linked number, in board order: size 1 is each number
    touching the cell, size 2 such a number and one it is linked to, and so on. Each set is
    checked by :func:`proves_safe` on its numbers alone (their covered neighbourhoods, flags
    as mines, no mine count), the first that proves wins: the smallest proof there is.

    Pruning: a linked set of ``k`` numbers lies within ``k - 1`` links of the cell's numbers
    (the *ball* of radius ``k - 1``); fewer numbers prove less, so when the whole ball leaves
    a layout the other way, no size ``k`` set proves and the size is skipped with one check.

    The bound: at most :data:`MAX_PROOF_WORK` sets made per cell, and sizes up to
    :data:`MAX_PROOF_SIZE`. Past it the exact search stops (answering None), and
    ``at(GROUP)`` gives the smallest ball that proves the cell (else its whole frontier
    group) with numbers taken out one at a time, farthest first, while the rest still
    proves: an irreducible proof (no number of it can go), not always a smallest one, and
    never one of the sizes searched in full.
    """

    def __init__(self, problem: Problem, cell: Cell, mine: bool, memo: dict | None = None) -> None:
        self.problem, self.cell, self.mine, self.memo = problem, cell, mine, memo
        self.index = index = _index(problem)
        self.touching = index.touching(cell)
        self._group: bool | None = None
        self._links: dict[Cell, list[Constraint]] = {}
        self._balls: list[list[Constraint]] = [list(self.touching)]
        self._ball_answers: list[bool | None] = []
        self._sets: list[dict[frozenset, tuple[Constraint, ...]]] = []  # size k - 1 -> its linked sets
        self.work = 0
        self.exhausted = False  # the bound was hit: sizes past the last finished are not known
        self._reduced: list[Constraint] | None | bool = False

    def group(self) -> bool | None:
        """Does the cell's whole group prove it (None: the search gave up)?"""
        if self._group is None and self.touching:
            self._group = self.index.group_decides(self.touching[0], self.cell, self.mine)
        return self._group

    def links(self, con: Constraint) -> list[Constraint]:
        """The numbers sharing a covered cell with ``con``, in board order."""
        found = self._links.get(con.cell)
        if found is None:
            index = self.index
            others = {id(o): o for shared in con.cells for o in index.touching(shared) if o is not con}
            found = sorted(others.values(), key=lambda o: index.at[o.cell])
            self._links[con.cell] = found
        return found

    def ball(self, radius: int) -> list[Constraint]:
        """The numbers within ``radius`` links of those touching the cell, nearest first."""
        while len(self._balls) <= radius:
            last = self._balls[-1]
            seen = {con.cell for con in last}
            grown = list(last)
            for con in last:
                for other in self.links(con):
                    if other.cell not in seen:
                        seen.add(other.cell)
                        grown.append(other)
            self._balls.append(grown)
        return self._balls[radius]

    def ball_decides(self, radius: int) -> bool | None:
        """Do all the numbers of :meth:`ball` ``radius`` prove the cell (None: not known)?"""
        while len(self._ball_answers) <= radius:
            r = len(self._ball_answers)
            if r and len(self.ball(r)) == len(self.ball(r - 1)):
                self._ball_answers.append(self._ball_answers[-1])  # the ball stopped growing
                continue
            self._ball_answers.append(_GroupLayouts(self.ball(r), self.problem.rows, self.problem.cols).decides(
                self.cell, self.mine))
        return self._ball_answers[radius]

    def at(self, level: int) -> list[Constraint] | None:
        """The first proof of ``level`` numbers (:data:`GROUP`: the irreducible proof cut from
        the smallest proving ball or the whole group), or None."""
        cell, mine, touching = self.cell, self.mine, self.touching
        if level == 1:
            for con in touching:
                if con.need == (len(con.cells) if mine else 0):
                    return [con]
            self._sets = [{frozenset((con.cell,)): (con,) for con in touching}]
            return None
        if not touching:
            return None
        if level == GROUP:
            return self._reduce()
        if self.exhausted or len(self._sets) != level - 1:
            return None  # (sizes are asked in order; one skipped leaves the rest unknown)
        if self.ball_decides(level - 1) is False:  # no set of this size can prove it: make them only
            proving = False
        else:
            proving = True
        made: dict[frozenset, tuple[Constraint, ...]] = {}
        for members in self._sets[-1].values():
            for con in members:
                for other in self.links(con):
                    if any(other is m for m in members):
                        continue
                    key = frozenset((*(m.cell for m in members), other.cell))
                    if key in made:
                        continue
                    self.work += 1
                    if self.work > MAX_PROOF_WORK:
                        self.exhausted = True
                        return None
                    made[key] = subset = (*members, other)
                    if proving and proves_safe(list(subset), cell, mine, self.memo):
                        return list(subset)
        self._sets.append(made)
        return None

    def _reduce(self) -> list[Constraint] | None:
        """The proof cut down from the smallest proving ball (else the group), or None."""
        if self._reduced is not False:
            return self._reduced
        start = None
        for radius in range(MAX_PROOF_RADIUS + 1):
            if self.ball_decides(radius):
                start = self.ball(radius)
                break
            if radius and len(self.ball(radius)) == len(self.ball(radius - 1)):
                break
        if start is None and self.group():
            start = self.index.group_of(self.touching[0])
        proof = None
        if start is not None:
            proof = list(start)
            if len(proof) <= MAX_REDUCE:
                for con in reversed(list(start)):
                    if con in self.touching and sum(c in self.touching for c in proof) == 1:
                        continue
                    rest = [c for c in proof if c is not con]
                    if proves_safe(rest, self.cell, self.mine, self.memo):
                        proof = rest
                proof = _order(proof, self.index)
        self._reduced = proof
        return proof


def _order(proof: list[Constraint], index: _Index) -> list[Constraint]:
    return sorted(proof, key=lambda con: index.at[con.cell])


def explain_safe(probs: Probabilities, cell: Cell) -> Proof:
    """A :class:`Proof` that the certain-safe ``cell`` is safe.

    Raises:
        ValueError: ``cell`` is not certain to be safe.
    """
    if cell not in probs.safe:
        raise ValueError(f"cell: {fmt(cell)} is not certain to be safe")
    return _safe_proof(probs, cell, smallest_proof(probs.problem, cell))


def _safe_proof(probs: Probabilities, cell: Cell, proof: list[Constraint] | None) -> Proof:
    """The :class:`Proof` that ``cell`` is safe by the numbers ``proof``, or by the mine count
    (None)."""
    problem = probs.problem
    if proof is None:
        return Proof(cell, [con.cell for con in problem.constraints], True, _count_reason(probs, cell))
    reason, marks = _local_reason(problem, proof, cell)
    return Proof(cell, [con.cell for con in proof], False, reason, marks)


def explain_mine(probs: Probabilities, cell: Cell, numbers: list[Constraint] | None = None) -> Proof:
    """A :class:`Proof` that the certain mine ``cell`` holds a mine (why revealing it was a
    mistake): the fewest numbers that leave no layout without a mine there, as MINE_BY_NUMBER
    (one number with as many covered cells as mines still to find) or MINE_BY_NUMBERS; else
    MINE_BY_LAYOUTS, the mine count deciding. Marks: the numbers read, then the cell (MINE).

    A cell of an estimated group (not in ``probs.mines``) is explained by ``numbers``, the
    constraints that proved it, when no set of three or fewer does.
    Raises:
        ValueError: ``cell`` is not a certain mine.
    """
    problem = probs.problem
    proof = smallest_proof(problem, cell, mine=True, whole_group=cell in probs.mines) or numbers
    if proof is None and cell not in probs.mines:
        raise ValueError(f"cell: {fmt(cell)} is not a certain mine")
    if proof is None:
        facts = {"cell": cell, "total": problem.total_mines, "flagged": len(problem.flags), "layouts": probs.total}
        return Proof(cell, [con.cell for con in problem.constraints], True, Reason(MINE_BY_LAYOUTS, facts),
                     (Mark(cell, MINE),))
    marks = tuple(Mark(con.cell, NUMBER) for con in proof) + (Mark(cell, MINE),)
    if len(proof) == 1:
        con = proof[0]
        reason = Reason(MINE_BY_NUMBER, {"cell": cell, "number": con.number, "at": con.cell,
                                         "known": con.number - con.need, "covered": len(con.cells)})
    else:
        around = set().union(*(con.cells for con in proof))
        reason = Reason(MINE_BY_NUMBERS, {"cell": cell, "numbers": tuple((con.number, con.cell) for con in proof),
                                          "covered": len(around)})
    return Proof(cell, [con.cell for con in proof], False, reason, marks)


def simplest_proof(probs: Probabilities, first: Cell, budget: float = 0.05, tries: int | None = None,
                   memo: dict | None = None) -> Proof:
    """Of the certain-safe cells, the one a player can see most easily: the proof that cites
    the fewest numbers, and needs no mine count if it can.

    ``first`` (the solver's best move, a certain-safe cell) is tried first and wins ties;
    the others are tried nearest-first until a one-number proof turns up or ``budget``
    seconds have passed, so the answer is the simplest found in that time. With ``tries``:
    ``first`` and at most that many others, nearest first, and no time limit (the same answer
    on any machine, as a review wants): the answer is the first of them whose proof is
    simplest, found a size at a time for all of them (one number, two, three, a whole group),
    so no cell's long search is made when another has a short proof; ``memo`` as
    :func:`proves_safe`'s.
    Raises:
        ValueError: ``first`` is not certain to be safe.
    """
    import time

    if first not in probs.safe:
        raise ValueError(f"cell: {fmt(first)} is not certain to be safe")
    others = sorted(probs.safe - {first}, key=lambda c: (abs(c[0] - first[0]) + abs(c[1] - first[1]), c))
    if tries is not None:
        return _simplest_of(probs, [first] + others[:tries], memo)
    deadline = time.perf_counter() + budget
    best = explain_safe(probs, first)

    def cost(proof: Proof) -> tuple[bool, int]:
        return proof.uses_count, len(proof.numbers)

    for cell in others:
        if cost(best) <= (False, 1) or time.perf_counter() > deadline:
            break
        proof = explain_safe(probs, cell)
        if cost(proof) < cost(best):
            best = proof
    return best


def _simplest_of(probs: Probabilities, cells: list[Cell], memo: dict | None = None) -> Proof:
    """The proof :func:`simplest_proof` picks among ``cells`` (all certain-safe, the first
    first): the first cell with a proof of one number, else of two, and so on up to
    :data:`MAX_PROOF_SIZE`, else the shortest cut-down proof (``_ProofSearch.at(GROUP)``,
    the first of equals), else ``cells[0]`` by the mine count."""
    searches = [_ProofSearch(probs.problem, cell, False, memo) for cell in cells]
    for level in range(1, MAX_PROOF_SIZE + 1):
        for search in searches:
            proof = search.at(level)
            if proof is not None:
                return _safe_proof(probs, search.cell, proof)
    groups = [(len(proof), i, proof) for i, search in enumerate(searches)
              if (proof := search.at(GROUP)) is not None]
    if groups:
        _, i, proof = min(groups, key=lambda g: g[:2])
        return _safe_proof(probs, cells[i], proof)
    return _safe_proof(probs, cells[0], None)


def _marks(role: str, cells) -> tuple[Mark, ...]:
    return tuple(Mark(c, role) for c in sorted(cells))


def _local_reason(problem: Problem, proof: list[Constraint], cell: Cell) -> tuple[Reason, tuple[Mark, ...]]:
    """Why the numbers ``proof`` make ``cell`` safe, and the cells that names."""
    if len(proof) == 1:
        con = proof[0]
        known, number = con.number - con.need, (Mark(con.cell, NUMBER),)
        if con.number == 0:
            return Reason(SAFE_BY_ZERO, {"cell": cell, "at": con.cell}), number
        flagged = tuple(sorted(n for n in problem.flags
                               if max(abs(n[0] - con.cell[0]), abs(n[1] - con.cell[1])) == 1))
        return (Reason(SAFE_BY_FLAGS, {"cell": cell, "number": con.number, "at": con.cell,
                                       "flagged": known, "flags": flagged}),
                number + _marks(MINE, flagged))
    if len(proof) == 2:
        said = _pair_reason(proof, cell)
        if said:
            return said
    around = set().union(*(con.cells for con in proof))
    return (Reason(SAFE_BY_NUMBERS, {"cell": cell, "numbers": tuple((con.number, con.cell) for con in proof),
                                     "covered": len(around)}),
            tuple(Mark(con.cell, NUMBER) for con in proof))


def _pair_reason(proof: list[Constraint], cell: Cell) -> tuple[Reason, tuple[Mark, ...]] | None:
    a, b = proof
    if cell in a.cells and cell not in b.cells:
        a, b = b, a  # b is the number touching the cell
    if cell not in b.cells:
        return None
    common = tuple(sorted(set(a.cells) & set(b.cells)))
    outside = len(a.cells) - len(common)
    numbers = (Mark(a.cell, NUMBER), Mark(b.cell, NUMBER))
    facts = {"cell": cell, "number": a.number, "at": a.cell, "other": b.number, "other_at": b.cell,
             "other_need": b.need, "shared": common}
    if a.need == len(a.cells) and len(common) == b.need:
        return (Reason(SAFE_BY_PAIR_MINES, {**facts, "covered": tuple(sorted(a.cells))}),
                numbers + _marks(MINE, a.cells))
    if a.need - outside >= b.need:
        return (Reason(SAFE_BY_PAIR_SHARE, {**facts, "need": a.need, "among": tuple(sorted(a.cells)),
                                            "outside": outside}),
                numbers + _marks(AMONG, common))
    return None


def _count_reason(probs: Probabilities, cell: Cell) -> Reason:
    problem = probs.problem
    facts = {"cell": cell, "total": problem.total_mines, "flagged": len(problem.flags)}
    if cell in problem.interior:
        return Reason(SAFE_BY_COUNT, {**facts, "needed": problem.mines_left})
    return Reason(SAFE_BY_LAYOUTS, {**facts, "layouts": probs.total})


def explain_move(probs: Probabilities, move) -> Reason:
    """Why a :class:`game.solver.bestmove.BestMove` is the one to play, as a :class:`Reason`:
    NOTHING_LEFT, SAFE_MOVE (``proof``: the cell's :class:`Proof`), ENDGAME or BEST_GUESS;
    a move's ``note`` (a Reason of its own) is kept in the facts as ``note``."""
    if move.cell is None:
        return Reason(NOTHING_LEFT, {})
    cell = move.cell
    note = {"note": move.note} if move.note is not None else {}
    if move.kind == "safe":
        return Reason(SAFE_MOVE, {"cell": cell, "proof": explain_safe(probs, cell), **note})
    mine = probs.probability(cell)
    lowest = probs.lowest()
    if move.kind == "endgame":
        return Reason(ENDGAME, {"cell": cell, "layouts": probs.total, "survival": 1 - mine,
                                "win": move.win, **note})
    facts = {"cell": cell, "survival": 1 - mine, "safest": mine <= lowest + 1e-12,
             "safest_survival": 1 - lowest}
    best = move.candidates[0] if move.candidates else None
    if best is not None:
        facts.update(progress=best.progress, next_safety=best.next_safety, weighed=len(move.candidates))
        if len(move.candidates) > 1:
            runner = move.candidates[1]
            facts.update(runner=runner.cell, runner_survival=1 - runner.mine, runner_progress=runner.progress)
    return Reason(BEST_GUESS, {**facts, **note})


def move_marks(probs: Probabilities, move) -> tuple[Mark, ...]:
    """The cells :func:`explain_move` names besides ``move.cell`` (see :class:`Mark`): a safe
    move's proof, a guess's runner-up (OTHER); none for the rest."""
    if move.cell is not None and move.kind == "safe":
        return explain_safe(probs, move.cell).marks
    if move.cell is not None and move.kind == "guess" and len(move.candidates or ()) > 1:
        return (Mark(move.candidates[1].cell, OTHER),)
    return ()
