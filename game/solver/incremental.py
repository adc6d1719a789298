"""The positions of one game analysed in order, each from the one before (the review's fast path).

A review (game.solver.review) analyses every position of a game: a 36x60 board of 540 mines
has some 1,100 of them, and analysed from scratch (:func:`game.solver.problem.build_problem`,
then :func:`game.solver.probabilities.solve`) each costs tens of milliseconds, with its one
frontier group of 700 cells too big to count (docs/review.md). Three facts make it cheap:

1. *Consecutive positions differ by a few cells.* :class:`PositionTracker` keeps the
   constraints (one per revealed number, :class:`game.solver.problem.Constraint`) and
   rebuilds only those of the numbers beside the cells a move opened.
2. *A cell decided in one position stays decided.* A reveal only adds numbers, so the
   layouts that fit a position are among those that fitted the one before: a cell safe (or a
   mine) in every layout then is safe (a mine) in every layout now. The tracker keeps every
   cell an analysis proved (:attr:`PositionTracker.known`).
3. *Decided cells cut the frontier apart.* Each constraint is *reduced* by the known cells
   (they leave its cells, a known mine lowers its need); a reduced constraint asking for
   none or all of its cells decides them too, and so on (:func:`propagate`). What remains
   falls apart into small independent groups: the 700-cell group of the big game leaves
   groups of at most some 100 cells, counted exactly in a fraction of a second, and each is
   counted once (:class:`game.solver.probabilities.GroupCache`, keyed by its reduced
   constraints) while the rest of the board changes.

Setting decided cells aside changes no count: each is the same in every layout, so the
layouts, and every probability, are exactly those of the whole position
(:func:`solve_with` = :func:`game.solver.probabilities.solve`, exact ints; the tests check it
on seeded positions). Only the work shrinks. No pygame here.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from itertools import repeat

from game.rules.board import Cell
from game.rules.cells import CellMask
from game.solver.groups import NODE_LIMIT, count_group, group_key, split_groups
from game.solver.probabilities import GroupCache, Probabilities, combine, solve
from game.solver.problem import COVERED, Constraint, InconsistentPosition, Problem, ShownNumbers, without

SAFE, MINE = 0, 1  # a known cell's value: mines it holds
UNPROVEN = 5e-324  # the least survival a reveal that is not proven fatal is given (the least float)


class Contradiction(Exception):
    """Propagation found a number that no layout satisfies (the caller falls back to the
    whole analysis, which says which number, or counts the move as certain to hit a mine)."""


def propagate(full: Mapping[Cell, Constraint], reduced: dict[Cell, Constraint], known: dict[Cell, int],
              queue: Iterable[Cell], rows: int, cols: int) -> list[Cell]:
    """Reduce the constraints of the numbers in ``queue`` (cells of revealed numbers) by the
    ``known`` cells, in place, following every cell a reduced constraint decides.

    full: number cell -> its whole constraint (absent: the number touches no covered cell).
    reduced: number cell -> the constraint less its known cells (updated; absent when every
        cell of the number is known). known: covered cell -> SAFE or MINE (updated).
    Returns the cells newly known, in the order decided. The numbers touching a cell are looked
    for among its eight neighbours (the constraints of a real position, keyed by their numbers'
    cells).
    Raises:
        Contradiction: a number needs fewer mines than its known mines, or more than its
            unknown cells can hold.
    """
    stack = list(queue)
    found: list[Cell] = []
    while stack:
        at = stack.pop()
        con = full.get(at)
        if con is None:
            reduced.pop(at, None)
            continue
        need, cells = con.need, []
        for c in con.cells:
            v = known.get(c)
            if v is None:
                cells.append(c)
            else:
                need -= v
        if need < 0 or need > len(cells):
            raise Contradiction(at)
        if not cells:
            reduced.pop(at, None)
            continue
        if 0 < need < len(cells):
            cells = tuple(cells)
            old = reduced.get(at)
            if old is None or old.need != need or old.cells != cells:
                reduced[at] = Constraint(at, con.number, need, cells)
            continue
        reduced.pop(at, None)
        value = MINE if need else SAFE
        for c in cells:
            known[c] = value
            found.append(c)
            r, k = c
            for nr in (r - 1, r, r + 1):
                if 0 <= nr < rows:
                    for nc in (k - 1, k, k + 1):
                        if 0 <= nc < cols and (nr, nc) in full:
                            stack.append((nr, nc))
    return found


SEARCH_LIMIT = 5_000  # branches :func:`fits` tries before it gives up (answers None)


class _GaveUp(Exception):
    """Raised inside :func:`fits` when it passes its branch limit."""


def fits(full: Mapping[Cell, Constraint], reduced: Mapping[Cell, Constraint], known: Mapping[Cell, int],
         rows: int, cols: int, limit: int = SEARCH_LIMIT) -> bool | None:
    """Does some layout satisfy every constraint of ``reduced`` (kept by :func:`propagate`
    from ``full`` and ``known``)? True / False, or None after ``limit`` branches.

    A search for one layout, not a count: it takes the shortest reduced constraint's first
    cell, tries it a mine then safe, propagates each choice, and stops at the first layout
    that fits (no mine count: the caller asks of numbers alone). Cheap where counting is not:
    proving a cell safe by the numbers of a 100-cell group asks whether any layout puts a
    mine there (game.solver.explain).
    """
    steps = [0]

    def search(reduced: dict[Cell, Constraint], known: dict[Cell, int]) -> bool:
        if not reduced:
            return True
        steps[0] += 1
        if steps[0] > limit:
            raise _GaveUp
        con = min(reduced.values(), key=lambda c: len(c.cells))
        cell = con.cells[0]
        r, k = cell
        around = [(nr, nc) for nr in (r - 1, r, r + 1) for nc in (k - 1, k, k + 1) if (nr, nc) in full]
        for value in (MINE, SAFE):
            now_reduced, now_known = dict(reduced), dict(known)
            now_known[cell] = value
            try:
                propagate(full, now_reduced, now_known, around, rows, cols)
            except Contradiction:
                continue
            if search(now_reduced, now_known):
                return True
        return False

    try:
        return search(dict(reduced), dict(known))
    except _GaveUp:
        return None


def reduce_all(problem: Problem, known: Mapping[Cell, int]) -> tuple[dict[Cell, Constraint], dict[Cell, int]]:
    """(reduced constraints, known cells) of ``problem`` given cells ``known`` (cells decided
    in every layout that fits it; others are ignored), propagated (:func:`propagate`).

    Raises:
        Contradiction: the known cells do not fit the numbers.
    """
    full = {con.cell: con for con in problem.constraints}
    settled = {c: v for c, v in known.items() if c in problem.unknown}
    reduced: dict[Cell, Constraint] = {}
    propagate(full, reduced, settled, full, problem.rows, problem.cols)
    return reduced, settled


def solve_reduced(problem: Problem, reduced: Mapping[Cell, Constraint], known: Mapping[Cell, int],
                  cache: GroupCache | None = None, node_limit: int = NODE_LIMIT,
                  keep_estimates: bool = False) -> Probabilities:
    """The :class:`Probabilities` of ``problem`` from its constraints ``reduced`` by the cells
    ``known`` (:func:`reduce_all`, or kept up to date by a :class:`PositionTracker`): the
    remaining constraints split into groups and counted (``cache``, ``node_limit`` and
    ``keep_estimates`` as :func:`game.solver.probabilities.solve`'s), joined with the cells
    off the frontier, and the known cells added with probability 0 or 1.

    The result's ``problem`` is ``problem``; its ``groups`` and ``constraint_groups`` are the
    reduced groups.
    Raises:
        InconsistentPosition: no layout fits.
    """
    constraints = tuple(reduced[at] for at in sorted(reduced))
    groups = split_groups(constraints)
    counts = []
    for group in groups:
        key = group_key(group) if cache is not None else None
        found = cache.get(key) if cache is not None else None
        if found is None:
            found = count_group(group, node_limit, by_states=True)
            if cache is not None and (found.exact or keep_estimates):
                cache.put(key, found)
        counts.append(found)
    frontier = frozenset(c for con in constraints for c in con.cells)
    mines_known = sum(known.values())
    # (the cells known off the frontier, found by a set difference in C: most known cells are on it)
    interior = without(problem.interior, known.keys() - problem.frontier) if known else problem.interior
    narrowed = replace(problem, constraints=constraints, frontier=frontier, interior=interior,
                       mines_left=problem.mines_left - mines_known)
    result = combine(narrowed, counts)
    result.problem, result.constraint_groups = problem, groups
    if known:
        den = result.scaled_total
        weight, floats = result.weight, result.floats
        safe_pair, mine_pair = (0 * den, den), (den, den)
        for c, v in known.items():
            if v:
                weight[c], floats[c] = mine_pair, 1.0
                result.mines.add(c)
            else:
                weight[c], floats[c] = safe_pair, 0.0
                result.safe.add(c)
    return result


def solve_with(problem: Problem, known: Mapping[Cell, int], cache: GroupCache | None = None,
               node_limit: int = NODE_LIMIT, keep_estimates: bool = False) -> Probabilities:
    """:func:`game.solver.probabilities.solve` with some cells known: ``known`` maps cells
    safe (SAFE) or mines (MINE) in every layout that fits ``problem`` (as an earlier
    analysis of the same game proved them) to that value. Exact analyses give exactly
    :func:`solve`'s probabilities (the known cells are the same in every layout); the work
    is only smaller, and a group too big for ``node_limit`` may be cut small enough to count.

    known: cells not unknown in ``problem`` are ignored. Wrong values give wrong answers.
    Raises:
        InconsistentPosition: no layout fits (from the whole analysis, which says why).
    """
    try:
        reduced, settled = reduce_all(problem, known)
    except Contradiction:
        return solve(problem, cache, node_limit, keep_estimates=keep_estimates)
    return solve_reduced(problem, reduced, settled, cache, node_limit, keep_estimates)


class PositionTracker:
    """The position of one game as its moves open cells, with what is known of it.

    rows, cols, mines: the board and its mine count. revealed: the cells shown at the start,
    (row, col) -> the number each shows. Flags play no part (the review ignores them).
    node_limit, cache, keep_estimates: how groups are counted (:func:`solve_reduced`).

    :meth:`open` (or :meth:`open_runs`) the cells a move revealed; :meth:`analysis` the
    position's probabilities (made once per position); :meth:`learn` cells proven (done by
    :meth:`analysis` with what it proves, so later positions start from them);
    :meth:`survival` the chance a set of cells is all safe. Not thread-safe.

    The board is kept compactly, so that a move's work follows the frontier, not the board
    (a 1000x1000 game's first click opens a million cells: docs/big-boards.md, "Reviews and
    analyses"): the numbers shown as a byte a cell (:attr:`shown`), the covered cells as a
    bit mask a row; a move's opened cells are read as row masks, and only those beside a
    covered cell, and the numbers beside the frontier cells it opened, are looked at one by one.
    """

    def __init__(self, rows: int, cols: int, mines: int, revealed: Mapping[Cell, int],
                 node_limit: int = NODE_LIMIT, cache: GroupCache | None = None,
                 keep_estimates: bool = False) -> None:
        self.rows, self.cols, self.mines = rows, cols, mines
        self.node_limit, self.keep_estimates = node_limit, keep_estimates
        self.cache = cache if cache is not None else GroupCache()
        self.shown = bytearray([COVERED]) * (rows * cols)  # a cell's number, or COVERED
        self._covered = [(1 << cols) - 1] * rows  # bit c of row r: (r, c) is covered
        self._covered_count = rows * cols
        self._numbers: list[Cell] = []  # the numbers with a constraint, row-major
        self._constraints: list[Constraint] = []  # their constraints, in the same order
        self._frontier_rows = [0] * rows  # bit c of row r: (r, c) is a frontier cell (in _touched)
        self.known: dict[Cell, int] = {}
        self.full: dict[Cell, Constraint] = {}
        self.reduced: dict[Cell, Constraint] = {}
        self._touched: dict[Cell, int] = {}  # frontier cell -> the numbers touching it
        self._stale: set[Cell] = set()  # numbers whose covered neighbours changed
        self._dirty: set[Cell] = set()  # numbers whose known cells changed
        self._probs: Probabilities | None = None
        self._problem: Problem | None = None
        self.analysed_with: dict[Cell, int] = {}  # the known cells the last analysis started from
        self.open(revealed)

    @property
    def revealed(self) -> ShownNumbers:
        """(row, col) -> the number shown, for every revealed cell (a copy: later moves leave
        it as it is)."""
        return ShownNumbers(self.rows, self.cols, bytes(self.shown))

    @property
    def covered_count(self) -> int:
        """How many cells are covered."""
        return self._covered_count

    def covered(self, cell: Cell) -> bool:
        """True while ``cell`` (on the board) is covered."""
        r, c = cell
        return (self._covered[r] >> c) & 1 == 1

    def _around(self, cell: Cell):
        r, c = cell
        rows, cols = self.rows, self.cols
        for nr in (r - 1, r, r + 1):
            if 0 <= nr < rows:
                for nc in (c - 1, c, c + 1):
                    if 0 <= nc < cols and (nr != r or nc != c):
                        yield nr, nc

    def open(self, cells: Mapping[Cell, int]) -> None:
        """The cells a move revealed, (row, col) -> the number shown (cells already shown
        are left as they are)."""
        cols, shown, covered = self.cols, self.shown, self._covered
        by_row: dict[int, int] = {}
        for (r, c), number in cells.items():
            if (covered[r] >> c) & 1:
                shown[r * cols + c] = number
                by_row[r] = by_row.get(r, 0) | 1 << c
        self._opened(by_row)

    def open_runs(self, runs: Iterable[tuple[int, int, int]], numbers: bytes) -> None:
        """The cells a move revealed as row runs ``(row, start, stop)`` (columns start ..
        stop - 1, as game.rules.cells.CellRuns keeps a flood's), their numbers read from
        ``numbers`` (a byte a cell, row-major: at least the opened cells' numbers; cells
        already shown are left as they are). A run is copied in one slice: no Python step
        per cell."""
        cols, shown, covered = self.cols, self.shown, self._covered
        by_row: dict[int, int] = {}
        for r, start, stop in runs:
            mask = (((1 << (stop - start)) - 1) << start) & covered[r]
            if not mask:
                continue
            at = r * cols
            if mask >> start == (1 << (stop - start)) - 1:  # the whole run was covered
                shown[at + start:at + stop] = numbers[at + start:at + stop]
            else:
                for c in _bits(mask):
                    shown[at + c] = numbers[at + c]
            by_row[r] = by_row.get(r, 0) | mask
        self._opened(by_row)

    def _opened(self, by_row: dict[int, int]) -> None:
        """Book the cells just revealed, bit masks by row (each bit a cell that was covered):
        uncover them, forget what was known of them, and mark stale the numbers whose covered
        neighbours changed: the new cells beside a covered one, and the numbers that touched
        a cell opened."""
        if not by_row:
            return
        rows, cols, covered = self.rows, self.cols, self._covered
        opened = 0
        for r, mask in by_row.items():
            covered[r] &= ~mask
            opened += mask.bit_count()
        self._covered_count -= opened
        known, touched, full, stale = self.known, self._touched, self.full, self._stale
        if known:
            gone = [c for c in known if not self.covered(c)] if len(known) < opened else [
                c for c in _cells(by_row) if c in known]
            for cell in gone:
                del known[cell]
        if touched:  # the numbers beside an opened frontier cell lose it
            hit = [c for c in touched if not self.covered(c)] if len(touched) < opened else [
                c for c in _cells(by_row) if c in touched]
            for cell in hit:
                stale.update(n for n in self._around(cell) if n in full)
        full_row = (1 << cols) - 1
        for r, mask in by_row.items():  # the new numbers beside a covered cell
            band = covered[r] | (covered[r - 1] if r else 0) | (covered[r + 1] if r + 1 < rows else 0)
            near = (band | band << 1 | band >> 1) & full_row
            stale.update(zip(repeat(r), _bits(mask & near)))
        self._probs = self._problem = None

    def learn(self, safe: Iterable[Cell], mines: Iterable[Cell]) -> None:
        """Cells proven safe and proven mines in the current position (they stay so)."""
        known, full = self.known, self.full
        for value, cells in ((SAFE, safe), (MINE, mines)):
            for cell in set(cells) - known.keys():  # (a set difference in C: most are known already)
                if self.covered(cell):
                    known[cell] = value
                    self._dirty.update(n for n in self._around(cell) if n in full)

    def _settle(self) -> None:
        """Rebuild the stale constraints and propagate what is known."""
        rows, shown, cols = self.rows, self.shown, self.cols
        full, touched, covered, fronts = self.full, self._touched, self._covered, self._frontier_rows
        added, removed, changed = [], [], []
        for at in self._stale:
            r, c = at
            number = shown[r * cols + c]
            cells: list[Cell] = []
            if number != COVERED:
                for nr in (r - 1, r, r + 1):  # row-major, as build_problem lists them
                    if 0 <= nr < rows:
                        window = ((covered[nr] << 1) >> c) & 7  # bits: columns c-1, c, c+1
                        if window:
                            cells.extend((nr, c + d) for d in _OFFSETS[window])
            if number != COVERED and number and len(cells) < number:
                raise Contradiction(at)  # (a number with too few covered cells, or none)
            cells = tuple(cells)
            old = full.get(at)
            if old is not None and old.cells == cells:
                continue
            if old is not None:
                for cell in old.cells:
                    touched[cell] -= 1
                    if not touched[cell]:
                        del touched[cell]
                        fronts[cell[0]] &= ~(1 << cell[1])
            if cells:
                full[at] = Constraint(at, number, number, cells)
                for cell in cells:
                    if cell in touched:
                        touched[cell] += 1
                    else:
                        touched[cell] = 1
                        fronts[cell[0]] |= 1 << cell[1]
                (changed if old is not None else added).append(at)
            elif old is not None:
                del full[at]
                removed.append(at)
        numbers, constraints = self._numbers, self._constraints
        if len(added) + len(removed) > _RESORT:
            self._numbers = sorted(full)
            self._constraints = list(map(full.__getitem__, self._numbers))
        else:
            for at in removed:
                i = bisect_left(numbers, at)
                del numbers[i], constraints[i]
            for at in added:
                i = bisect_left(numbers, at)
                numbers.insert(i, at)
                constraints.insert(i, full[at])
            for at in changed:
                constraints[bisect_left(numbers, at)] = full[at]
        queue = self._stale | self._dirty
        self._stale, self._dirty = set(), set()
        propagate(full, self.reduced, self.known, queue, self.rows, self.cols)

    def problem(self) -> Problem:
        """The position's :class:`Problem`, flags ignored (equal to
        ``build_problem(board, ignore_flags=True)``'s): its constraints copied from a list
        kept in board order, its unknown and interior cells from row masks (no step per cell)."""
        if self._problem is None:
            self._settle()
            rows, cols, covered = self.rows, self.cols, self._covered
            touched = self._touched
            unknown = CellMask(rows, cols, covered, self._covered_count)
            interior = CellMask(rows, cols, [cov & ~front for cov, front in zip(covered, self._frontier_rows)],
                                self._covered_count - len(touched))
            self._problem = Problem(rows, cols, self.mines, frozenset(), unknown, tuple(self._constraints),
                                    self.mines, frozenset(touched), interior, self.revealed)
        return self._problem

    def analysis(self) -> Probabilities:
        """The current position's :class:`Probabilities` (as :func:`solve_with` gives them),
        made once; what it proves is learnt.

        Raises:
            InconsistentPosition: no layout fits.
        """
        if self._probs is None:
            try:
                problem = self.problem()
            except Contradiction:
                raise _inconsistent(self) from None
            self.analysed_with = dict(self.known)
            self._probs = probs = solve_reduced(problem, self.reduced, self.known, self.cache,
                                                self.node_limit, self.keep_estimates)
            self.learn(probs.safe, probs.mines)
        return self._probs

    def survival(self, cells: Iterable[Cell]) -> float:
        """The chance that every one of ``cells`` (covered cells) is safe in the current
        position: 1.0 or 0.0 exactly when proven, else the layouts with none of them a mine
        over all the layouts (exact ints when both analyses are exact), never 0.0 (at least
        :data:`UNPROVEN`: a chance too small for a float, or an estimate, proves nothing)."""
        probs = self.analysis()
        cells = tuple(cells)
        if all(c in probs.safe for c in cells):
            return 1.0
        if any(c in probs.mines for c in cells):
            return 0.0
        if len(cells) == 1:
            return max(UNPROVEN, 1.0 - probs.probability(cells[0]))
        reduced, known = dict(self.reduced), dict(self.known)
        queue = set(self._dirty)  # (the numbers beside what the analysis proved are reduced later)
        for c in cells:
            if c not in known:
                known[c] = SAFE
                queue.update(n for n in self._around(c) if n in self.full)
        # the position with "no mine among these cells" added (a number at (-1, -1) showing 0)
        narrowed = with_no_mine_among(probs.problem, cells)
        try:
            propagate(self.full, reduced, known, queue, self.rows, self.cols)
        except Contradiction:  # the numbers leave no room: proven
            return 0.0
        try:
            after = solve_reduced(narrowed, reduced, known, self.cache, self.node_limit, self.keep_estimates)
        except InconsistentPosition:  # proven by counting, unless the counts were estimates
            return UNPROVEN if probs.approximate else 0.0
        return max(UNPROVEN, probs.chance_after(after))


_RESORT = 64  # constraints added or removed at once past which the numbers' list is sorted anew
_OFFSETS = [tuple(d - 1 for d in range(3) if w >> d & 1) for w in range(8)]  # a 3-bit window -> column offsets


def _bits(mask: int) -> Iterator[int]:
    """The set bits of ``mask``, lowest first (a row mask's columns, left to right)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _cells(by_row: Mapping[int, int]) -> Iterator[Cell]:
    """The cells of row masks ``by_row`` (row -> bit mask)."""
    for r, mask in by_row.items():
        yield from zip(repeat(r), _bits(mask))


def _inconsistent(tracker: PositionTracker) -> InconsistentPosition:
    """The error of a position that no layout fits, from the whole analysis (which says why)."""
    from game.boardfile import BoardFile
    from game.solver.problem import build_problem

    board = BoardFile(tracker.rows, tracker.cols, tracker.mines, dict(tracker.revealed))
    try:
        solve(build_problem(board, ignore_flags=True))
    except InconsistentPosition as err:
        return err
    return InconsistentPosition("no mine layout fits the position")


def with_no_mine_among(problem: Problem, cells) -> Problem:
    """``problem`` with "no mine among ``cells``" added: a constraint from a number at
    (-1, -1) showing 0 over them, the cells moved from the interior to the frontier. How the
    review asks what a chord or a move of several cells survives."""
    empty = Constraint((-1, -1), 0, 0, tuple(sorted(cells)))
    frontier = problem.frontier | frozenset(cells)
    return replace(problem, constraints=problem.constraints + (empty,), frontier=frontier,
                   interior=without(problem.interior, frozenset(cells)))
