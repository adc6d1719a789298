"""A fast deduction engine for replaying a board from its first click without guessing.

The board's cells are numbered ``index = row * cols + col``; sets of cells are Python
ints used as bit sets (bit ``index`` set = cell in the set), so "the covered
neighbours of a number" is one AND and its size one ``int.bit_count()``. This keeps a
16x30 replay in a few milliseconds of CPython. Bit sets cost O(cells / 64) per
operation, so the engine suits boards up to some tens of thousands of cells (see
:func:`game.noguess.supported`).

A :class:`Replay` knows the true layout (it is the generator's or checker's tool, not
the player's) but reveals a cell only once it is *proved* safe from what a player would
see: the revealed numbers, the cells already proved to be mines, and the total mine
count. The rules, all sound:

1. *single number*: a number whose remaining mines are 0 makes its covered neighbours
   safe; one whose remaining mines equal its covered neighbours makes them mines;
2. *pair of numbers* (the subset rule and the "1-2" rule): for numbers A and B within
   two cells of each other, if B needs exactly |B \\ A| more mines than A, then B \\ A
   are all mines and A \\ B all safe;
3. *mine count*: no mines left means every covered cell is safe; as many mines left
   as covered cells means they are all mines;
4. *exact analysis* (optional hook): the solver's certain cells
   (:func:`game.solver.certain_cells`), used only when rules 1-3 are stuck.

Nothing here imports pygame.
"""

from __future__ import annotations

from typing import Callable

from game.board import Cell
from game.bv import bits

COVERED, OPEN, MINE = 0, 1, 2  # what the replay has proved about a cell

# (replay) -> (bit set of certain-safe covered cells, bit set of certain mines)
ExactHook = Callable[["Replay"], tuple[int, int]]


class Geometry:
    """Neighbour tables of a rows x cols board, built once per board size.

    nbs[i]: the neighbour indices of cell i. nbmask[i]: the same as a bit set.
    near[i]: cells at Chebyshev distance 1 or 2 (numbers that can share a covered
    neighbour with i), in row-major order.
    """

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols, self.n = rows, cols, rows * cols
        self.nbs: list[tuple[int, ...]] = []
        self.near: list[tuple[int, ...]] = []
        self.nbmask: list[int] = []
        for r in range(rows):
            for c in range(cols):
                ring = tuple(nr * cols + nc for nr in range(max(0, r - 1), min(rows, r + 2))
                             for nc in range(max(0, c - 1), min(cols, c + 2)) if (nr, nc) != (r, c))
                self.nbs.append(ring)
                mask = 0
                for j in ring:
                    mask |= 1 << j
                self.nbmask.append(mask)
                self.near.append(tuple(nr * cols + nc for nr in range(max(0, r - 2), min(rows, r + 3))
                                       for nc in range(max(0, c - 2), min(cols, c + 3))
                                       if (nr, nc) != (r, c)))

    def index(self, cell: Cell) -> int:
        return cell[0] * self.cols + cell[1]

    def cell(self, index: int) -> Cell:
        return divmod(index, self.cols)

    def mask(self, cells) -> int:
        """A bit set of the given (row, col) cells."""
        m = 0
        for r, c in cells:
            m |= 1 << (r * self.cols + c)
        return m

    def cells(self, mask: int) -> list[Cell]:
        """The (row, col) cells of a bit set, in row-major order."""
        return [divmod(i, self.cols) for i in bits(mask)]


class Replay:
    """Clearing one layout from its first click by proved moves only.

    Args:
        geo: the board's :class:`Geometry`.
        mines: the layout as a bit set (the generator may change it between steps
            with :meth:`move_mines`, never under a proved cell).
        total: the mine count a player is told.
    Attributes:
        state: bytearray, per cell COVERED, OPEN (revealed) or MINE (proved mine).
        covered: bit set of cells not yet proved (neither OPEN nor MINE).
        proved_mines: bit set of MINE cells. opened: how many cells are OPEN.
    """

    def __init__(self, geo: Geometry, mines: int, total: int):
        self.geo = geo
        self.mines = mines
        self.total = total
        self.state = bytearray(geo.n)
        self.number = [0] * geo.n  # numbers of OPEN cells (kept current by move_mines)
        self.covered = (1 << geo.n) - 1
        self.proved_mines = 0
        self.opened = 0
        self._queue: list[int] = []  # OPEN cells whose neighbourhood changed
        self._queued = bytearray(geo.n)

    @property
    def cleared(self) -> bool:
        """True when every safe cell is revealed."""
        return self.opened == self.geo.n - self.total

    # ----- proved moves ----------------------------------------------------------------------
    def open(self, index: int) -> None:
        """Reveal a proved-safe cell, flooding from zeros as the game does.

        Raises:
            AssertionError: the cell holds a mine (a deduction bug; never expected).
        """
        geo, state, number, mines = self.geo, self.state, self.number, self.mines
        nbs, nbmask, queue, queued = geo.nbs, geo.nbmask, self._queue, self._queued
        assert not mines >> index & 1, f"opened a mine at {geo.cell(index)}"
        stack = [index]
        state[index] = OPEN
        gone = 1 << index
        while stack:
            i = stack.pop()
            self.opened += 1
            num = (nbmask[i] & mines).bit_count()
            number[i] = num
            if not queued[i]:
                queued[i] = 1
                queue.append(i)
            for j in nbs[i]:
                s = state[j]
                if s == COVERED:
                    if num == 0:
                        state[j] = OPEN
                        gone |= 1 << j
                        stack.append(j)
                elif s == OPEN and not queued[j]:
                    queued[j] = 1
                    queue.append(j)
        self.covered &= ~gone

    def open_all(self, mask: int) -> None:
        for i in bits(mask):
            if self.state[i] == COVERED:
                self.open(i)

    def mark_mines(self, mask: int) -> None:
        """Record proved mines (bit set) and queue the numbers around them."""
        state, queue, queued, nbs = self.state, self._queue, self._queued, self.geo.nbs
        mask &= self.covered
        assert mask & self.mines == mask, "proved a safe cell to be a mine"
        self.proved_mines |= mask
        self.covered &= ~mask
        for i in bits(mask):
            state[i] = MINE
            for j in nbs[i]:
                if state[j] == OPEN and not queued[j]:
                    queued[j] = 1
                    queue.append(j)

    # ----- local rules -----------------------------------------------------------------------
    def need(self, i: int) -> int:
        """Mines still to find around the OPEN cell i."""
        return self.number[i] - (self.geo.nbmask[i] & self.proved_mines).bit_count()

    def run_local(self, limit: int = 1 << 30) -> bool:
        """Apply rules 1 and 2 to queued numbers, at most ``limit`` of them.

        Returns True when the queue is empty (no rule applies any more).
        """
        nbmask, near, state, number = self.geo.nbmask, self.geo.near, self.state, self.number
        queue, queued = self._queue, self._queued
        while queue and limit > 0:
            limit -= 1
            i = queue.pop()
            queued[i] = 0
            u = nbmask[i] & self.covered
            if not u:
                continue
            need = number[i] - (nbmask[i] & self.proved_mines).bit_count()
            if need == 0:
                self.open_all(u)
                continue
            if need == u.bit_count():
                self.mark_mines(u)
                continue
            proved = self.proved_mines
            covered = self.covered
            for j in near[i]:
                if state[j] != OPEN:
                    continue
                v = nbmask[j] & covered
                if not v & u:
                    continue
                d = number[j] - (nbmask[j] & proved).bit_count() - need
                only_b = v & ~u
                only_a = u & ~v
                if d == only_b.bit_count():
                    if only_a or only_b:
                        self.mark_mines(only_b)
                        self.open_all(only_a)
                        if not queued[i]:
                            queued[i] = 1
                            queue.append(i)
                        break
                elif -d == only_a.bit_count():
                    if only_a or only_b:
                        self.mark_mines(only_a)
                        self.open_all(only_b)
                        if not queued[i]:
                            queued[i] = 1
                            queue.append(i)
                        break
        return not queue

    def run_count(self) -> bool:
        """Rule 3, the mine count. Returns True when it proved something."""
        left = self.total - self.proved_mines.bit_count()
        if not self.covered:
            return False
        if left == 0:
            self.open_all(self.covered)
            return True
        if left == self.covered.bit_count():
            self.mark_mines(self.covered)
            return True
        return False

    def apply(self, safe: int, mines: int) -> bool:
        """Record certain cells found elsewhere (bit sets); True when something was new."""
        safe &= self.covered
        mines &= self.covered
        self.mark_mines(mines)
        self.open_all(safe)
        return bool(safe or mines)

    # ----- for the generator -----------------------------------------------------------------
    def constraints(self) -> list[int]:
        """OPEN cells with a covered neighbour (the numbers on the frontier), ascending."""
        nbmask, covered, state = self.geo.nbmask, self.covered, self.state
        return [i for i in range(self.geo.n) if state[i] == OPEN and nbmask[i] & covered]

    def move_mines(self, add: int, remove: int) -> None:
        """Change the layout in covered cells: put mines on ``add``, take them off ``remove``.

        Both are bit sets of covered cells (``add`` without mines, ``remove`` with mines).
        The numbers of OPEN cells around them are updated and queued for the rules.
        """
        assert not (add | remove) & ~self.covered, "perturbed a proved cell"
        self.mines = (self.mines | add) & ~remove
        nbmask, nbs, state, queue, queued = (self.geo.nbmask, self.geo.nbs, self.state,
                                             self._queue, self._queued)
        for i in bits(add | remove):
            for j in nbs[i]:
                if state[j] == OPEN:
                    self.number[j] = (nbmask[j] & self.mines).bit_count()
                    if not queued[j]:
                        queued[j] = 1
                        queue.append(j)
