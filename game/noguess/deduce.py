"""A fast deduction engine for replaying a board from its first click without guessing.

Every operation is local: it touches a cell and its neighbours, never the whole board,
so a replay costs about the same per cell on 9x9 as on 500x500. The board is stored
*padded*: a rows x cols board becomes a (rows + 2) x (cols + 2) array of bytes whose
outer ring is a BORDER that is never covered, opened or mined, so the eight neighbours
of cell ``i`` are just ``i + d`` for the eight offsets in :attr:`Geometry.offsets`, with
no bounds checks and no per-cell tables (Simon Tatham's mines.c and most fast solvers
do the same). :meth:`Geometry.index` and :meth:`Geometry.cell` convert between
(row, col) and these indices.

A :class:`Deduction` knows the true layout (it is the generator's or checker's tool, not
the player's) but reveals a cell only once it is *proved* safe from what a player would
see: the revealed numbers, the cells already proved to be mines, and the total mine
count. The rules, all sound:

1. *single number*: a number whose remaining mines are 0 makes its covered neighbours
   safe; one whose remaining mines equal its covered neighbours makes them mines;
2. *pair of numbers* (the subset rule and the "1-2" rule): for numbers A and B sharing
   a covered neighbour, if B needs exactly |B \\ A| more mines than A, then B \\ A are
   all mines and A \\ B all safe;
3. *mine count*: no mines left means every covered cell is safe; as many mines left
   as covered cells means they are all mines;
4. *exact analysis* (:mod:`game.noguess.exact`), used by the callers only when rules
   1-3 are stuck.

Rule 1 is tried on every changed number first; rule 2 only once no number can be
settled alone (it costs about ten times as much), as in Tatham's solver, whose "todo"
list works the same way.

Nothing here imports pygame.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from game.rules.board import Cell

COVERED, OPEN, MINE, BORDER = 0, 1, 2, 3  # what the replay knows of a cell (BORDER: padding)


class Geometry:
    """The padded index space of a rows x cols board.

    Cell (row, col) has index ``(row + 1) * width + col + 1`` with ``width = cols + 2``;
    indices run over ``size = (rows + 2) * width`` slots, the outer ring being padding.
    ``offsets``: the index steps to the eight neighbours. ``n``: the real cells, rows * cols.
    """

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols, self.n = rows, cols, rows * cols
        self.width = w = cols + 2
        self.size = (rows + 2) * w
        self.offsets = (-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1)
        self.counts = bytes(self.neighbour_counts())  # copied by each Deduction

    def index(self, cell: Cell) -> int:
        return (cell[0] + 1) * self.width + cell[1] + 1

    def cell(self, index: int) -> Cell:
        r, c = divmod(index, self.width)
        return r - 1, c - 1

    def indices(self, cells: Iterable[Cell]) -> list[int]:
        """The padded indices of (row, col) cells, in the same order."""
        w = self.width
        return [(r + 1) * w + c + 1 for r, c in cells]

    def cells(self, indices: Iterable[int]) -> list[Cell]:
        """The (row, col) cells of padded indices, sorted row-major."""
        w = self.width
        return [(r - 1, c - 1) for r, c in (divmod(i, w) for i in sorted(indices))]

    def blank(self) -> bytearray:
        """A state array: every real cell COVERED, the padding BORDER."""
        w, rows = self.width, self.rows
        inner = bytes([BORDER]) + bytes(self.cols) + bytes([BORDER])
        return bytearray(bytes([BORDER]) * w + inner * rows + bytes([BORDER]) * w)

    def neighbour_counts(self) -> bytearray:
        """Per index, how many real neighbours it has (8 inside, 5 on an edge, 3 in a
        corner; fewer on boards one cell wide). Padding slots get 8: they are never read,
        only counted down, and must not go below zero."""
        rows, cols, w = self.rows, self.cols, self.width
        across = [1 + (c > 0) + (c < cols - 1) for c in range(cols)]  # columns c-1..c+1 on the board
        lines = {}
        for down in {1 + (r > 0) + (r < rows - 1) for r in (0, rows // 2, rows - 1)}:
            lines[down] = bytes([8] + [down * h - 1 for h in across] + [8])
        body = b"".join(lines[1 + (r > 0) + (r < rows - 1)] for r in range(rows)) if rows <= 3 else (
            lines[1 + (rows > 1)] + lines[3] * (rows - 2) + lines[1 + (rows > 1)])
        pad = bytes([8]) * w
        return bytearray(pad + body + pad)


def _positions(data: bytearray, value: int) -> Iterator[int]:
    """The indices where ``data`` holds ``value``, ascending (bytearray.find: the scan is in C)."""
    at = data.find(value)
    while at >= 0:
        yield at
        at = data.find(value, at + 1)


class Deduction:
    """Clearing one layout from its first click by proved moves only.

    Args:
        geo: the board's :class:`Geometry`.
        mines: the layout, padded indices (any iterable of ints), or a ``bytearray`` of
            ``geo.size`` bytes, 1 where a mine is (copied). The generator may change it
            between steps with :meth:`move_mines`, never under a proved cell.
        total: the mine count a player is told.
    Attributes:
        state: bytearray per index: COVERED, OPEN (revealed), MINE (proved) or BORDER.
        mine: bytearray per index, 1 where the layout has a mine.
        number: bytearray per index, the number of each OPEN cell.
        covered: how many cells are neither OPEN nor MINE. proved: how many are MINE.
        opened: how many are OPEN. frontier: OPEN cells with a covered neighbour.
    """

    def __init__(self, geo: Geometry, mines, total: int):
        self.geo = geo
        if isinstance(mines, bytearray):
            self.mine = bytearray(mines)
        else:
            self.mine = bytearray(geo.size)
            for i in mines:
                self.mine[i] = 1
        self.total = total
        self.state = geo.blank()
        self.number = bytearray(geo.size)
        self.cov_near = bytearray(geo.counts)
        self.prov_near = bytearray(geo.size)  # proved mines around each cell
        self.covered, self.proved, self.opened = geo.n, 0, 0
        self.frontier: set[int] = set()
        self._queue: list[int] = []  # OPEN cells whose neighbourhood changed (rule 1)
        self._queued = bytearray(geo.size)
        self._pairs: list[int] = []  # numbers rule 1 could not settle (rule 2)
        self._paired = bytearray(geo.size)

    @property
    def cleared(self) -> bool:
        """True when every safe cell is revealed."""
        return self.opened == self.geo.n - self.total

    @property
    def cleared_share(self) -> float:
        """The share of the safe cells revealed so far, 0..1 (a progress figure)."""
        safe = self.geo.n - self.total
        return self.opened / safe if safe else 1.0

    def covered_around(self, i: int) -> list[int]:
        """The covered neighbours of cell ``i``."""
        state = self.state
        return [i + d for d in self.geo.offsets if state[i + d] == COVERED]

    def covered_cells(self) -> Iterator[int]:
        """Every covered cell, ascending (a scan of the state array made in C)."""
        return _positions(self.state, COVERED)

    def mine_indices(self) -> list[int]:
        """The layout's mines, ascending indices."""
        return list(_positions(self.mine, 1))

    # ----- proved moves ----------------------------------------------------------------------
    def open(self, index: int) -> None:
        """Reveal a proved-safe cell, flooding from zeros as the game does.

        Raises:
            AssertionError: the cell holds a mine (a deduction bug; never expected).
        """
        state, number, mine, cov_near = self.state, self.number, self.mine, self.cov_near
        offsets, queue, queued, frontier = self.geo.offsets, self._queue, self._queued, self.frontier
        assert not mine[index], f"opened a mine at {self.geo.cell(index)}"
        if state[index] != COVERED:
            return
        stack = [index]
        state[index] = OPEN
        while stack:
            i = stack.pop()
            self.opened += 1
            self.covered -= 1
            num = 0
            for d in offsets:
                num += mine[i + d]
            number[i] = num
            for d in offsets:
                j = i + d
                left = cov_near[j] - 1
                cov_near[j] = left
                s = state[j]
                if s == COVERED:
                    if num == 0:
                        state[j] = OPEN
                        stack.append(j)
                elif s == OPEN:
                    if not left:
                        frontier.discard(j)
                    if not queued[j]:
                        queued[j] = 1
                        queue.append(j)
            if cov_near[i]:
                frontier.add(i)
                if not queued[i]:
                    queued[i] = 1
                    queue.append(i)

    def open_all(self, indices: Iterable[int]) -> None:
        state = self.state
        for i in indices:
            if state[i] == COVERED:
                self.open(i)

    def mark_mines(self, indices: Iterable[int]) -> None:
        """Record proved mines and queue the numbers around them."""
        state, mine, cov_near, prov_near = self.state, self.mine, self.cov_near, self.prov_near
        offsets, queue, queued, frontier = self.geo.offsets, self._queue, self._queued, self.frontier
        for i in indices:
            if state[i] != COVERED:
                continue
            assert mine[i], "proved a safe cell to be a mine"
            state[i] = MINE
            self.proved += 1
            self.covered -= 1
            for d in offsets:
                j = i + d
                left = cov_near[j] - 1
                cov_near[j] = left
                prov_near[j] += 1
                if state[j] == OPEN:
                    if not left:
                        frontier.discard(j)
                    if not queued[j]:
                        queued[j] = 1
                        queue.append(j)

    # ----- local rules -----------------------------------------------------------------------
    def need(self, i: int) -> int:
        """Mines still to find around the OPEN cell i."""
        return self.number[i] - self.prov_near[i]

    def run_local(self, limit: int = 1 << 30) -> bool:
        """Apply rules 1 and 2 to changed numbers, at most ``limit`` of them.

        Returns True when no rule applies any more.
        """
        queue, queued, pairs, paired = self._queue, self._queued, self._pairs, self._paired
        cov_near, prov_near, number = self.cov_near, self.prov_near, self.number
        while limit > 0:
            limit -= 1
            if queue:
                i = queue.pop()
                queued[i] = 0
                if not cov_near[i]:
                    continue
                need = number[i] - prov_near[i]
                if need == 0:
                    self.open_all(self.covered_around(i))
                elif need == cov_near[i]:
                    self.mark_mines(self.covered_around(i))
                elif not paired[i]:
                    paired[i] = 1
                    pairs.append(i)
            elif pairs:
                i = pairs.pop()
                paired[i] = 0
                if cov_near[i] and self._pair_rule(i) and not queued[i]:
                    queued[i] = 1
                    queue.append(i)
            else:
                return True
        return not queue and not pairs

    def _pair_rule(self, i: int) -> bool:
        """Rule 2 between number ``i`` and each number sharing a covered cell with it; True
        when it proved something (then ``i`` is looked at again)."""
        state, offsets, number, prov_near = self.state, self.geo.offsets, self.number, self.prov_near
        u = self.covered_around(i)
        need = number[i] - prov_near[i]
        if need == 0 or need == len(u):
            return True  # rule 1 settles it now
        near = set()
        for x in u:
            for d in offsets:
                if state[x + d] == OPEN:
                    near.add(x + d)
        near.discard(i)
        mine_u = set(u)
        for j in sorted(near):
            v = self.covered_around(j)
            mine_v = set(v)
            only_b = mine_v - mine_u
            only_a = mine_u - mine_v
            if not (only_a or only_b):
                continue
            d = number[j] - prov_near[j] - need
            if d == len(only_b):
                self.mark_mines(only_b)
                self.open_all(only_a)
                return True
            if -d == len(only_a):
                self.mark_mines(only_a)
                self.open_all(only_b)
                return True
        return False

    def run_count(self) -> bool:
        """Rule 3, the mine count. Returns True when it proved something."""
        left = self.total - self.proved
        if not self.covered:
            return False
        if left == 0:
            self.open_all(list(self.covered_cells()))
            return True
        if left == self.covered:
            self.mark_mines(list(self.covered_cells()))
            return True
        return False

    def apply(self, safe: Iterable[int], mines: Iterable[int]) -> bool:
        """Record certain cells found elsewhere (indices); True when something was new."""
        before = self.covered
        self.mark_mines(mines)
        self.open_all(safe)
        return self.covered != before

    # ----- for the generator -----------------------------------------------------------------
    def constraints(self) -> list[int]:
        """OPEN cells with a covered neighbour (the numbers on the frontier), ascending."""
        return sorted(self.frontier)

    def move_mines(self, add: Iterable[int], remove: Iterable[int]) -> None:
        """Change the layout in covered cells: put mines on ``add``, take them off ``remove``.

        Both are covered cells (``add`` without mines, ``remove`` with mines). The
        numbers of OPEN cells around them are updated and queued for the rules.
        """
        state, mine, number, offsets = self.state, self.mine, self.number, self.geo.offsets
        queue, queued = self._queue, self._queued
        changed = []
        for i, value in [(i, 1) for i in add] + [(i, 0) for i in remove]:
            assert state[i] == COVERED, "perturbed a proved cell"
            if mine[i] != value:
                mine[i] = value
                changed.append((i, 1 if value else -1))
        for i, step in changed:
            for d in offsets:
                j = i + d
                if state[j] == OPEN:
                    number[j] += step
                    if not queued[j]:
                        queued[j] = 1
                        queue.append(j)
