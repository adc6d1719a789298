"""Compact, read-only sets of cells: what a big flood opened (row runs), and the covered cells
of a big position (a bit mask a row).

A click that clears a 1000x1000 board opens 1,000,000 cells; a frozenset of that many
``(row, col)`` tuples costs more than the flood itself (figures: docs/performance.md,
"Engine"). :class:`CellRuns` keeps the same
cells as a few thousand runs ``(row, start, stop)`` (columns ``start`` .. ``stop - 1``) and
makes the tuples only when a caller iterates. It is a :class:`collections.abc.Set`, so
``len``, ``in``, iteration, truth, comparisons with frozensets (``==``, ``<=``...) and the
operators ``- | & ^`` work as on a frozenset, either side; their results are frozensets.

:class:`CellMask` keeps a set of cells as one int bit mask per row: the solver's covered
cells of a 1000x1000 position, up to a million, in about 130 KB, where a frozenset of their
tuples took some 100 MB and a second to build (docs/big-boards.md, "Reviews and analyses").
:class:`ShownNumbers` keeps a position's revealed numbers as a byte a cell. No pygame here.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence, Set
from itertools import repeat

from game.rules.board import Cell

Run = tuple[int, int, int]  # (row, start, stop): columns start .. stop - 1 of one row


class CellRuns(Set):
    """An immutable set of cells: disjoint row ``runs`` plus a few ``extra`` cells.

    Args:
        runs: ``(row, start, stop)`` triples with ``start < stop``, pairwise disjoint (the
            flood's spans, each opened once); empty runs are dropped.
        extra: other cells (mines and flags shown at the end of a game); any already in a
            run is dropped.
    Raises:
        ValueError: a run with ``start > stop``.

    ``in`` answers in O(log runs) (a per-row index built at the first lookup); iterating
    yields the runs' cells row by row, left to right, then the extra cells.
    """

    __slots__ = ("_runs", "_extra", "_len", "_index")

    def __init__(self, runs: Iterable[Run] = (), extra: Iterable[Cell] = ()) -> None:
        kept = []
        for row, start, stop in runs:
            if start > stop:
                raise ValueError(f"runs: ({row}, {start}, {stop}) ends before it starts")
            if start < stop:
                kept.append((row, start, stop))
        self._runs: tuple[Run, ...] = tuple(kept)
        self._index: dict[int, tuple[list[int], list[int]]] | None = None
        self._extra: frozenset[Cell] = frozenset()
        self._extra = frozenset(cell for cell in extra if not self._in_runs(cell))
        self._len = sum(stop - start for _, start, stop in self._runs) + len(self._extra)

    @classmethod
    def of_flood(cls, runs: list[Run]) -> "CellRuns":
        """The cells of ``runs`` as the flood makes them (game.rules.flood: ``start < stop``,
        pairwise disjoint), taken without the checks and copies of the constructor (a
        click that clears a 1000x1000 board makes 20,000 runs)."""
        made = cls.__new__(cls)
        made._runs = tuple(runs)
        made._index = None
        made._extra = frozenset()
        made._len = sum(stop - start for _, start, stop in runs)
        return made

    @property
    def runs(self) -> tuple[Run, ...]:
        """The row runs ``(row, start, stop)``, in the order given (for views that paint spans)."""
        return self._runs

    @property
    def extra(self) -> frozenset[Cell]:
        """The cells held outside the runs."""
        return self._extra

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[Cell]:
        for row, start, stop in self._runs:
            for col in range(start, stop):
                yield row, col
        yield from self._extra

    def __contains__(self, cell: object) -> bool:
        try:
            return cell in self._extra or self._in_runs(cell)
        except TypeError:  # an unhashable or malformed value is simply not a cell here
            return False

    def _in_runs(self, cell) -> bool:
        if not isinstance(cell, tuple) or len(cell) != 2:
            return False
        row, col = cell
        if self._index is None:
            index: dict[int, tuple[list[int], list[int]]] = {}
            for r, start, stop in sorted(self._runs):
                starts, stops = index.setdefault(r, ([], []))
                starts.append(start)
                stops.append(stop)
            self._index = index
        found = self._index.get(row)
        if found is None:
            return False
        starts, stops = found
        at = bisect_right(starts, col) - 1
        return at >= 0 and col < stops[at]

    @classmethod
    def _from_iterable(cls, cells: Iterable[Cell]) -> frozenset[Cell]:
        return frozenset(cells)  # what the set operators return

    def __sub__(self, other):
        if isinstance(other, CellRuns) and (other._runs is self._runs or other._runs == self._runs):
            return frozenset(cell for cell in self._extra if cell not in other)  # changed - opened
        return Set.__sub__(self, other)

    __hash__ = Set._hash  # equal to a frozenset of the same cells, so the same hash

    def union(self, *others: Iterable[Cell]) -> frozenset[Cell]:
        return frozenset(self).union(*others)

    def difference(self, *others: Iterable[Cell]) -> frozenset[Cell]:
        return frozenset(self).difference(*others)

    def intersection(self, *others: Iterable[Cell]) -> frozenset[Cell]:
        return frozenset(self).intersection(*others)

    def issubset(self, other: Iterable[Cell]) -> bool:
        return self <= (other if isinstance(other, Set) else frozenset(other))

    def issuperset(self, other: Iterable[Cell]) -> bool:
        return all(cell in self for cell in other)

    def __repr__(self) -> str:
        return f"CellRuns({len(self)} cells in {len(self._runs)} runs and {len(self._extra)} more)"


_ONES = re.compile("1+")
KEEP_CELLS = 20_000  # a CellMask of at most this many cells keeps them once iterated (an Expert
# problem's interior is read again and again as the solver looks ahead: as a tuple, in C)


class CellMask(Set):
    """An immutable set of cells of a ``rows`` x ``cols`` board, kept as one int bit mask per
    row (bit c: column c).

    Args:
        rows, cols: the board's size, cells.
        masks: ``rows`` ints, each with no bit at ``cols`` or above.
        count: how many bits are set in all (counted when None).

    ``in`` and ``len`` are O(1); iterating yields the cells row-major, making their tuples
    only as it goes (a million cells take about 0.2 s), kept once made up to
    :data:`KEEP_CELLS` of them; :meth:`runs` gives them as row runs.
    It is a :class:`collections.abc.Set`: ``==`` and ``<=`` with frozensets work, ``-`` a
    few cells gives a CellMask (:meth:`without`), the other operators give frozensets.
    """

    __slots__ = ("rows", "cols", "_masks", "_len", "_cells")

    def __init__(self, rows: int, cols: int, masks: Sequence[int], count: int | None = None) -> None:
        self.rows, self.cols = rows, cols
        self._masks: tuple[int, ...] = tuple(masks)
        self._len = sum(m.bit_count() for m in self._masks) if count is None else count
        self._cells: tuple[Cell, ...] | None = None  # the cells, once iterated, for a small set

    @classmethod
    def of(cls, rows: int, cols: int, cells: Iterable[Cell]) -> "CellMask":
        """The cells ``cells`` (on the board) as a CellMask."""
        masks = [0] * rows
        for r, c in cells:
            masks[r] |= 1 << c
        return cls(rows, cols, masks)

    @property
    def masks(self) -> tuple[int, ...]:
        """The rows' bit masks (bit c of ``masks[r]``: the cell (r, c) is in the set)."""
        return self._masks

    def __len__(self) -> int:
        return self._len

    def __contains__(self, cell: object) -> bool:
        try:
            r, c = cell  # type: ignore[misc]
            return r >= 0 and c >= 0 and (self._masks[r] >> c) & 1 == 1
        except (TypeError, ValueError, IndexError):  # not a cell of this board
            return False

    def runs(self) -> Iterator[Run]:
        """The cells as row runs ``(row, start, stop)``, row-major (columns ``start`` ..
        ``stop - 1``)."""
        cols, full = self.cols, (1 << self.cols) - 1
        for r, mask in enumerate(self._masks):
            if not mask:
                continue
            if mask == full:
                yield r, 0, cols
                continue
            text = format(mask, f"0{cols}b")[::-1]  # text[c]: column c
            for run in _ONES.finditer(text):
                yield r, run.start(), run.end()

    def __iter__(self) -> Iterator[Cell]:
        if self._cells is not None:
            return iter(self._cells)
        if self._len > KEEP_CELLS:  # made as they are read: a million tuples are not kept
            return (cell for r, start, stop in self.runs() for cell in zip(repeat(r), range(start, stop)))
        self._cells = tuple([(r, c) for r, start, stop in self.runs() for c in range(start, stop)])
        return iter(self._cells)

    def without(self, cells: Iterable[Cell]) -> "CellMask":
        """This set less ``cells`` (any cells: those not in it are ignored)."""
        masks, count = list(self._masks), self._len
        for cell in cells:
            if cell in self:
                r, c = cell
                masks[r] &= ~(1 << c)
                count -= 1
        return CellMask(self.rows, self.cols, masks, count)

    def __sub__(self, other):
        if isinstance(other, Iterable):
            return self.without(other)
        return NotImplemented

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CellMask):
            return (other.rows, other.cols, other._masks) == (self.rows, self.cols, self._masks) or (
                other._len == self._len == 0)
        return Set.__eq__(self, other)

    __hash__ = Set._hash  # equal to a frozenset of the same cells, so the same hash

    @classmethod
    def _from_iterable(cls, cells: Iterable[Cell]) -> frozenset[Cell]:
        return frozenset(cells)  # what the other set operators return

    def __reduce__(self):
        return CellMask, (self.rows, self.cols, self._masks, self._len)

    def __repr__(self) -> str:
        return f"CellMask({len(self)} cells of {self.rows}x{self.cols})"


COVERED = 255  # a covered cell in a position kept as bytes (:class:`ShownNumbers`)
_NUMBER_RUNS = re.compile(rb"[\x00-\x08]+")


class ShownNumbers(Mapping):
    """(row, col) -> the number shown, for the revealed cells of a ``rows`` x ``cols`` board
    kept as bytes: ``data[r * cols + c]`` is the number 0..8 of a revealed cell, anything
    else (:data:`COVERED`) a covered one. A 1000x1000 position's revealed cells in 1 MB,
    where a dict of them took 100 MB (docs/big-boards.md, "Reviews and analyses").

    Raises:
        ValueError: ``data`` is not ``rows * cols`` bytes.
    """

    __slots__ = ("rows", "cols", "data")

    def __init__(self, rows: int, cols: int, data: bytes) -> None:
        if len(data) != rows * cols:
            raise ValueError(f"data: {len(data)} bytes for a {rows}x{cols} board")
        self.rows, self.cols, self.data = rows, cols, data

    def __getitem__(self, cell) -> int:
        try:
            r, c = cell
            if 0 <= r < self.rows and 0 <= c < self.cols:
                number = self.data[r * self.cols + c]
                if number < 9:
                    return number
        except (TypeError, ValueError):
            pass
        raise KeyError(cell)

    def __iter__(self) -> Iterator[Cell]:
        cols = self.cols
        for run in _NUMBER_RUNS.finditer(self.data):
            for i in range(run.start(), run.end()):
                yield divmod(i, cols)

    def __len__(self) -> int:
        return sum(self.data.count(n) for n in range(9))

    def with_number(self, cell: Cell, number: int) -> "ShownNumbers":
        """These numbers and ``number`` (0..8) shown at ``cell`` (a copy: a megabyte at most).

        Raises:
            ValueError: ``number`` is not 0..8. IndexError: ``cell`` is off the board.
        """
        if not 0 <= number <= 8:
            raise ValueError(f"number: {number} is not 0..8")
        r, c = cell
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise IndexError(f"cell: {cell} is off the {self.rows}x{self.cols} board")
        data = bytearray(self.data)
        data[r * self.cols + c] = number
        return ShownNumbers(self.rows, self.cols, bytes(data))

    def __repr__(self) -> str:
        return f"ShownNumbers({len(self)} revealed cells of {self.rows}x{self.cols})"
