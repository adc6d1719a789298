"""A compact, read-only set of cells kept as row runs: what a big flood opened.

A click that clears a 1000x1000 board opens 1,000,000 cells; a frozenset of that many
``(row, col)`` tuples costs more than the flood itself (figures: docs/performance.md,
"Engine"). :class:`CellRuns` keeps the same
cells as a few thousand runs ``(row, start, stop)`` (columns ``start`` .. ``stop - 1``) and
makes the tuples only when a caller iterates. It is a :class:`collections.abc.Set`, so
``len``, ``in``, iteration, truth, comparisons with frozensets (``==``, ``<=``...) and the
operators ``- | & ^`` work as on a frozenset, either side; their results are frozensets.
No pygame here.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, Set

from game.board import Cell

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
        """The cells of ``runs`` as the flood makes them (game.flood: ``start < stop``,
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
