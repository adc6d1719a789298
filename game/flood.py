"""The flood of one reveal or chord, by row spans: what game.engine's ``_open`` opens.

Rules (the classic game's): every seed that is covered or question-marked and safe opens;
an opened cell with no mine among its neighbours (a *zero*) opens each neighbour that is
covered or question-marked; flags and cells revealed before the move stop the flood.

Why spans: a cell is a zero when no mine lies in its 3x3 block, so in a row whose three
rows hold no mine every cell is a zero, and a zero opens its left and right neighbours:
such a row opens as a whole run of covered cells, one slice assignment on the cover. The
flood is a scanline fill (Smith, "Tint Fill", SIGGRAPH 1979; Heckbert, "A Seed Fill
Algorithm", Graphics Gems, 1990) whose unit is a run: a request ``(row, first, last)``
asks to open the openable cells of those columns; each maximal openable run found there
opens, grows sideways through zeros, and asks the rows above and below to open the
columns beside its zeros. Which columns of a row are not zeros is worked out on demand,
per call, from the mine set (the mines in the row and the rows beside it): no count grid
is kept. Each cell opens once, so a move costs O(cells opened / cols) requests whose
scans run in C (regular expressions and ``bytearray.find`` over the cover).
No pygame here.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from typing import Iterable

from game.board import Cell
from game.cells import Run
from game.position import FLAGGED, REVEALED

_OPENABLE = re.compile(b"[^%c%c]+" % (REVEALED, FLAGGED))  # a run of covered or question-marked cells
_BLOCKERS = (REVEALED, FLAGGED)


def flood(cover: bytearray, mines: set[Cell] | frozenset[Cell], rows: int, cols: int,
          seeds: Iterable[Cell]) -> tuple[list[Run], Cell | None]:
    """Open ``seeds`` on ``cover`` and flood from zeros; ``cover`` is changed in place.

    Args:
        cover: one cover state per cell (game.position), row-major, ``rows * cols`` bytes.
        mines: the layout.
        rows, cols: board size in cells.
        seeds: cells on the board (checked by the caller) the move reveals.
    Returns:
        ``(runs, hit)``: the cells opened, as disjoint row runs ``(row, start, stop)``
        (columns ``start`` .. ``stop - 1``), and the first seed that is a mine (not opened),
        or None.
    """
    mine_cols: dict[int, list[int]] = {}
    for r, c in mines:
        mine_cols.setdefault(r, []).append(c)
    not_zero_cache: dict[int, list[int]] = {}

    def not_zero(row: int) -> list[int]:
        """Sorted columns of ``row`` with a mine in their 3x3 block (the others are zeros)."""
        found = not_zero_cache.get(row)
        if found is None:
            near = set()
            for r in (row - 1, row, row + 1):
                for c in mine_cols.get(r, ()):
                    near.update((c - 1, c, c + 1))
            found = not_zero_cache[row] = sorted(c for c in near if 0 <= c < cols)
        return found

    runs: list[Run] = []
    hit: Cell | None = None
    requests: list[tuple[int, int, int]] = []
    for cell in seeds:
        if cover[cell[0] * cols + cell[1]] in _BLOCKERS:
            continue
        if cell in mines:
            hit = hit or cell
            continue
        requests.append((cell[0], cell[1], cell[1]))
    requests.reverse()  # seeds open in the order given (the result does not depend on it)
    while requests:
        row, first, last = requests.pop()
        base = row * cols
        nz = not_zero(row)
        for match in _OPENABLE.finditer(cover, base + first, base + last + 1):
            start, stop = match.start() - base, match.end() - base  # columns start .. stop - 1
            if start == first:
                start = _grow_left(cover, base, start, nz)
            if stop == last + 1:
                stop = _grow_right(cover, base, cols, stop, nz)
            cover[base + start:base + stop] = b"\x01" * (stop - start)
            runs.append((row, start, stop))
            for a, b in _zero_spans(start, stop, nz):  # zeros a .. b - 1 open the rows beside
                lo, hi = max(a - 1, 0), min(b, cols - 1)
                if row > 0:
                    requests.append((row - 1, lo, hi))
                if row + 1 < rows:
                    requests.append((row + 1, lo, hi))
    return runs, hit


def _grow_left(cover: bytearray, base: int, start: int, nz: list[int]) -> int:
    """The first column a run opening at ``start`` reaches leftwards: through zeros, up to
    and including the first number, never past a revealed or flagged cell."""
    at = bisect_left(nz, start)
    if at < len(nz) and nz[at] == start:
        return start  # a number does not spread
    limit = nz[at - 1] if at else 0  # the nearest number to the left opens, and stops it
    blocked = max(cover.rfind(b, base + limit, base + start) for b in _BLOCKERS)
    return limit if blocked < 0 else blocked - base + 1


def _grow_right(cover: bytearray, base: int, cols: int, stop: int, nz: list[int]) -> int:
    """:func:`_grow_left` rightwards, for a run whose last column is ``stop - 1``."""
    at = bisect_left(nz, stop - 1)
    if at < len(nz) and nz[at] == stop - 1:
        return stop
    limit = nz[at] + 1 if at < len(nz) else cols
    found = [i for i in (cover.find(b, base + stop, base + limit) for b in _BLOCKERS) if i >= 0]
    return min(found) - base if found else limit


def _zero_spans(start: int, stop: int, nz: list[int]) -> list[tuple[int, int]]:
    """The maximal runs ``(a, b)`` of zero columns (a .. b - 1) within ``start .. stop - 1``."""
    spans = []
    a = start
    for c in nz[bisect_left(nz, start):bisect_right(nz, stop - 1)]:
        if c > a:
            spans.append((a, c))
        a = c + 1
    if stop > a:
        spans.append((a, stop))
    return spans
