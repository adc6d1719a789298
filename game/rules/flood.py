"""The flood of one reveal or chord, by row bit masks: what game.rules.engine's ``_open`` opens.

Rules (the classic game's): every seed that is covered or question-marked and safe opens;
an opened cell with no mine among its neighbours (a *zero*) opens each neighbour that is
covered or question-marked; flags and cells revealed before the move stop the flood. So the
zeros a move reaches are the 8-connected regions of openable zeros that hold a seed, and it
opens those zeros, the openable cells around them and its safe openable seeds.

Why masks: each row is a Python int, one bit per column (column ``c`` is bit
``cols - 1 - c``, so that ``int(digits, 2)`` reads a row of the cover at once), and a
1000-cell row costs a few big-int operations in C, not 1000 Python steps, as in game.rules.bv.
A row's zeros come from the mine masks of the row and its neighbours, dilated one column;
its openable cells from the cover, translated to digits. The reached zeros of a row are
the runs of its openable zeros that touch a reached zero of the rows beside it (dilated
one column: 8-way adjacency) or a seed; a run is filled from the bits that touch it by an
addition (carries run through a run of ones) one way and a Kogge-Stone occluded fill the
other (Kogge and Stone, 1973; the chess programmers' "occluded fill"). Rows are swept down
and up, each sweep visiting only rows whose neighbours changed, until nothing changes: a
region takes as many sweeps as its paths turn between down and up, a handful on a random
board. A move costs O(mines + rows visited * sweeps) big-int operations, whatever it
opens (0.07 s for the first click on a 1000x1000 board with 20,000 mines, which opens
976,752 cells: docs/big-boards.md). No pygame here.
"""

from __future__ import annotations

import re
from typing import Iterable

from game.rules.board import Cell
from game.rules.cells import Run
from game.rules.position import COVERED, FLAGGED, REVEALED

_OPENABLE_DIGITS = bytes.maketrans(bytes(range(4)), b"1001")  # COVERED, QUESTION -> "1"
_ONES = re.compile("1+")  # a run of opened columns in a row's binary digits
_REVEALED_BYTES = bytes.maketrans(b"01", bytes((COVERED, REVEALED)))  # a row's digits -> a byte per cell
_BLOCKERS = (REVEALED, FLAGGED)


def flood(cover: bytearray, mines: set[Cell] | frozenset[Cell], rows: int, cols: int,
          seeds: Iterable[Cell], digits: bytes | None = None) -> tuple[list[Run], Cell | None]:
    """Open ``seeds`` on ``cover`` and flood from zeros; ``cover`` is changed in place.

    Args:
        cover: one cover state per cell (game.rules.position), row-major, ``rows * cols`` bytes.
        mines: the layout (cells on the board).
        rows, cols: board size in cells.
        seeds: cells on the board (checked by the caller) the move reveals.
        digits: ``mines`` as ``rows * cols`` bytes, row-major, ``b"1"`` a mine, ``b"0"`` not
            (game.rules.engine.Game.mine_digits), or None to work them out here (a Python step a
            mine: 20 ms for 100,000).
    Returns:
        ``(runs, hit)``: the cells opened, as disjoint row runs ``(row, start, stop)``
        (columns ``start`` .. ``stop - 1``), row-major, and the first seed that is a mine
        (not opened), or None.
    """
    board = _Rows(cover, mines, rows, cols, digits)
    hit: Cell | None = None
    safe: dict[int, int] = {}  # row -> mask of the safe openable seeds
    for r, c in seeds:
        if cover[r * cols + c] in _BLOCKERS:
            continue
        if (r, c) in mines:
            hit = hit or (r, c)
            continue
        safe[r] = safe.get(r, 0) | 1 << (cols - 1 - c)
    reached = _reach(board, safe)
    runs: list[Run] = []
    touched = set(safe)
    for r in reached:
        touched.update((r - 1, r, r + 1))
    for r in sorted(touched):
        if not 0 <= r < rows:
            continue
        near = reached.get(r - 1, 0) | reached.get(r, 0) | reached.get(r + 1, 0)
        opened = ((near | near << 1 | near >> 1) | safe.get(r, 0)) & board.openable(r)
        if not opened:
            continue
        digits = format(opened, f"0{cols}b")
        runs.extend((r, *match.span()) for match in _ONES.finditer(digits))
        # The row's cover in one write: a byte per cell as one big int, the opened cells
        # (covered 0 or question-marked 3) set to REVEALED (1) with no carry between bytes.
        base = r * cols
        old = int.from_bytes(cover[base:base + cols], "big")
        ones = int.from_bytes(digits.encode().translate(_REVEALED_BYTES), "big")
        cover[base:base + cols] = (old - (old & ones * 3) + ones).to_bytes(cols, "big")
    return runs, hit


class _Rows:
    """Row masks of one board, worked out when first asked: openable cells (from the cover,
    as it is before the move) and openable zeros. Column ``c`` is bit ``cols - 1 - c``."""

    def __init__(self, cover: bytearray, mines, rows: int, cols: int, digits: bytes | None = None) -> None:
        self.cover, self.rows, self.cols = cover, rows, cols
        self.full = (1 << cols) - 1
        if digits is None:
            grid = bytearray(b"0") * (rows * cols)  # one digit per cell: "1" a mine
            for r, c in mines:
                grid[r * cols + c] = 49
            digits = grid
        self._grid = digits
        self._mines: dict[int, int] = {}
        self._openable: dict[int, int] = {}
        self._zeros: dict[int, int] = {}

    def mines(self, r: int) -> int:
        """The mines of row ``r`` (0 off the board)."""
        found = self._mines.get(r)
        if found is None:
            found = 0
            if 0 <= r < self.rows:
                found = int(self._grid[r * self.cols:(r + 1) * self.cols], 2)
            self._mines[r] = found
        return found

    def openable(self, r: int) -> int:
        """The covered or question-marked cells of row ``r``."""
        found = self._openable.get(r)
        if found is None:
            row = self.cover[r * self.cols:(r + 1) * self.cols]
            found = self._openable[r] = int(row.translate(_OPENABLE_DIGITS), 2)
        return found

    def zeros(self, r: int) -> int:
        """The openable cells of row ``r`` with no mine in their 3x3 block."""
        found = self._zeros.get(r)
        if found is None:
            band = self.mines(r - 1) | self.mines(r) | self.mines(r + 1)
            near = band | band << 1 | band >> 1
            found = self._zeros[r] = self.openable(r) & ~near & self.full
        return found


def _reach(board: _Rows, safe: dict[int, int]) -> dict[int, int]:
    """Row -> mask of the openable zeros 8-connected to a zero among the ``safe`` seeds."""
    rows = board.rows
    reached: dict[int, int] = {}
    todo = bytearray(rows)  # 1: the row may reach more (a neighbour or its seeds changed)
    for r in safe:
        todo[r] = 1
    down = True
    while True:
        lo, hi = todo.find(1), todo.rfind(1)
        if lo < 0:
            return reached
        for r in (range(lo, hi + 1) if down else range(hi, lo - 1, -1)):
            if not todo[r]:
                continue
            todo[r] = 0
            zeros = board.zeros(r)
            had = reached.get(r, 0)
            beside = reached.get(r - 1, 0) | reached.get(r + 1, 0)
            touch = (had | beside | beside << 1 | beside >> 1 | safe.get(r, 0)) & zeros
            if touch == had:
                continue
            reached[r] = _fill(zeros, touch)
            if r > 0:
                todo[r - 1] = 1
            if r + 1 < rows:
                todo[r + 1] = 1
        down = not down


def _fill(mask: int, seeds: int) -> int:
    """The runs of set bits of ``mask`` that hold a bit of ``seeds`` (a subset of ``mask``)."""
    up = (mask & ~(mask + seeds)) | seeds  # a carry runs from each seed to its run's top
    down, through, shift = seeds, mask, 1
    while through:  # Kogge-Stone: the seeds spread down 1, 2, 4... bits within the runs
        down |= through & (down >> shift)
        through &= through >> shift
        shift <<= 1
    return up | down
