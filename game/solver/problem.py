"""A position as a counting problem: unknown cells, number constraints, mines left.

A *position* is what the player sees (revealed numbers, covered cells, flags) plus the
total mine count. The solver turns it into a :class:`Problem`:

- *unknown* cells: covered cells that may hold a mine (flags are known mines by default,
  so they are not unknown; with ``ignore_flags`` they are ordinary covered cells);
- *constraints*: for each revealed number touching an unknown cell, ``need`` mines among
  those unknown neighbours (the number minus its flagged neighbours);
- ``mines_left``: the mines not yet accounted for by flags.

The *frontier* is the unknown cells touching a constraint; the other unknown cells are
*off the frontier* (interior). Nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from game.rules.board import Cell
from game.boardfile import BoardFile
from game.rules.cells import COVERED, CellMask, ShownNumbers  # noqa: F401  (COVERED: the tracker's)
from game.solver.reasons import OVER_FLAGGED, TOO_FEW_COVERED, TOO_MANY_FLAGS, Reason


class InconsistentPosition(ValueError):
    """No mine layout fits the position; the message says which number or count fails (in
    English, for logs), and ``reason``, when known, says it as data (a
    :class:`game.solver.reasons.Reason` of one of the IMPOSSIBLE kinds) for the interface to
    put in words (game.commands.explain_text.impossible_text)."""

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class Impossible:
    """The answer to a "position" question no layout fits: the solver's English ``message``
    and its ``reason`` as data (a game.solver.reasons.Reason of one of the IMPOSSIBLE kinds, or
    None), as game.solver.problem.InconsistentPosition carries them."""

    message: str
    reason: Reason | None


class Constraint(NamedTuple):
    """A revealed number seen as 'need mines among cells'.

    cell: the revealed cell (row, col). number: the digit shown.
    need: mines still to place among ``cells`` (number minus flagged neighbours).
    cells: its unknown neighbours, sorted.
    (A named tuple: an almost cleared 1000x1000 board has half a million of them.)
    """

    cell: Cell
    number: int
    need: int
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Problem:
    """The counting problem of one position (see the module docstring).

    rows, cols: board size. total_mines: the header count. flags: flagged cells counted
    as mines (empty with ``ignore_flags``). unknown: cells that may hold a mine.
    constraints: one per revealed number with unknown neighbours. mines_left: total
    minus counted flags. frontier: unknown cells in some constraint; interior: the rest,
    row-major. revealed: (row, col) -> the number shown, for every revealed cell.

    ``unknown`` and ``interior`` are sets of cells with O(1) ``in`` and ``len`` that iterate
    row-major: :func:`build_problem` makes them :class:`game.rules.cells.CellMask` (a bit mask a
    row: a 1000x1000 position has up to a million such cells); a problem made by hand may
    give frozensets and tuples (the interior's order is then its own).
    """

    rows: int
    cols: int
    total_mines: int
    flags: frozenset[Cell]
    unknown: Collection[Cell]
    constraints: tuple[Constraint, ...]
    mines_left: int
    frontier: frozenset[Cell]
    interior: Collection[Cell]
    revealed: Mapping[Cell, int]

    def constraint_at(self, cell: Cell) -> Constraint | None:
        """The constraint of the revealed number at ``cell`` (None if it has no unknown neighbour)."""
        for con in self.constraints:
            if con.cell == cell:
                return con
        return None


def build_problem(board: BoardFile, ignore_flags: bool = False) -> Problem:
    """Turn a position into a :class:`Problem`.

    A board file with its mines marked is read as the position it shows (mines hidden).
    Only the revealed cells beside a covered or flagged cell are looked at one by one;
    the rest of a big board is handled a row at a time (see :class:`_Rows`), so a
    1000x1000 position takes a fraction of a second however much of it is open.
    Raises:
        InconsistentPosition: a number with more flagged neighbours than it shows, a number
            needing more mines than it has covered neighbours, or more flags than mines.
    """
    rows, cols = board.rows, board.cols
    revealed = board.revealed
    flags = frozenset() if ignore_flags else frozenset(board.flags) - revealed.keys()
    if len(flags) > board.mines:
        raise InconsistentPosition(
            f"{len(flags)} flags but the position has only {board.mines} mines "
            "(analyse with flags ignored if some flags are wrong)",
            Reason(TOO_MANY_FLAGS, {"flags": len(flags), "mines": board.mines}))
    grid = _Rows(rows, cols, revealed, flags)
    for cell in grid.enclosed_numbers():  # a number with no covered neighbour at all
        raise _too_few(cell, revealed[cell], revealed[cell], 0)
    constraints = []
    frontier: set[Cell] = set()
    for cell, cells, flagged in grid.bordering():
        number = revealed[cell]
        need = number - flagged
        if need < 0:
            raise InconsistentPosition(
                f"the {number} at {fmt(cell)} touches {flagged} flags, more than it shows",
                Reason(OVER_FLAGGED, {"number": number, "at": cell, "flagged": flagged}))
        if need > len(cells):
            raise _too_few(cell, number, need, len(cells))
        if cells:
            constraints.append(Constraint(cell, number, need, cells))
            frontier.update(cells)
    unknown = grid.covered_except(flags)
    interior = unknown.without(frontier)
    kept = revealed if isinstance(revealed, ShownNumbers) else dict(revealed)  # (bytes: never changed)
    return Problem(rows, cols, board.mines, flags, unknown, tuple(constraints),
                   board.mines - len(flags), frozenset(frontier), interior, kept)


def without(cells: Collection[Cell], drop: Collection[Cell]) -> Collection[Cell]:
    """``cells`` (a problem's ``unknown`` or ``interior``) less those in ``drop``, in the same
    order and of the same kind: a :class:`game.rules.cells.CellMask` stays one (no tuple per cell),
    anything else becomes a tuple."""
    if isinstance(cells, CellMask):
        return cells.without(drop)
    return tuple(c for c in cells if c not in drop)


def _too_few(cell: Cell, number: int, need: int, room: int) -> InconsistentPosition:
    return InconsistentPosition(f"the {number} at {fmt(cell)} needs {need} more mines but has only "
                                f"{room} covered unflagged neighbours",
                                Reason(TOO_FEW_COVERED, {"number": number, "at": cell, "need": need, "room": room}))


class _Rows:
    """A board's revealed, covered and flagged cells as one bit mask per row (bit c:
    column c), for the questions :func:`build_problem` asks of every cell, answered with
    whole-row int operations instead of millions of dictionary lookups."""

    def __init__(self, rows: int, cols: int, revealed: Mapping[Cell, int], flags: frozenset[Cell]):
        self.rows, self.cols = rows, cols
        self.full = (1 << cols) - 1
        if isinstance(revealed, ShownNumbers):  # a row at a time
            data = revealed.data
            shown = [data[r * cols:(r + 1) * cols].translate(_KINDS) for r in range(rows)]
        else:
            shown = [bytearray(cols) for _ in range(rows)]  # 0 covered, 1 a zero, 2 a number
            for (r, c), number in revealed.items():
                shown[r][c] = 2 if number else 1
        self.open = [_mask(row, b"\1\2") for row in shown]
        self.numbers = [_mask(row, b"\2") for row in shown]
        flagged = [0] * rows
        for r, c in flags:
            flagged[r] |= 1 << c
        covered = [self.full & ~m for m in self.open]
        # shifted one column left: bits c..c+2 are columns c-1..c+1
        self.unflagged = [(m & ~f) << 1 for m, f in zip(covered, flagged)]
        self.flagged = [f << 1 for f in flagged] if flags else None
        self.near_covered = []  # bit c: (r, c) touches a covered cell (or is one)
        for r in range(rows):
            band = covered[r] | (covered[r - 1] if r else 0) | (covered[r + 1] if r + 1 < rows else 0)
            self.near_covered.append((band | band << 1 | band >> 1) & self.full)

    def bordering(self) -> Iterator[tuple[Cell, tuple[Cell, ...], int]]:
        """(cell, its covered unflagged neighbours in row-major order, its flagged
        neighbours' count) for each revealed cell touching a covered cell, row-major."""
        rows, unflagged, flagged = self.rows, self.unflagged, self.flagged
        for r in range(rows):
            around = [rr for rr in (r - 1, r, r + 1) if 0 <= rr < rows]
            for cell in _cells_of(r, self.open[r] & self.near_covered[r]):
                c = cell[1]
                cells: list[Cell] = []
                for rr in around:
                    window = (unflagged[rr] >> c) & 7
                    if window:
                        cells.extend((rr, c + d) for d in _OFFSETS[window])
                count = 0 if flagged is None else sum(_BITS[(flagged[rr] >> c) & 7] for rr in around)
                yield cell, tuple(cells), count

    def enclosed_numbers(self) -> Iterator[Cell]:
        """Revealed cells showing 1..8 with no covered neighbour: impossible positions."""
        for r in range(self.rows):
            yield from _cells_of(r, self.numbers[r] & ~self.near_covered[r])

    def covered_except(self, taken: set[Cell] | frozenset[Cell]) -> CellMask:
        """The covered cells not in ``taken``, as a :class:`game.rules.cells.CellMask` (whole-row
        int operations: no tuple per cell)."""
        by_row: dict[int, int] = {}
        for r, c in taken:
            by_row[r] = by_row.get(r, 0) | 1 << c
        full = self.full
        return CellMask(self.rows, self.cols, [full & ~self.open[r] & ~by_row.get(r, 0) for r in range(self.rows)])


_KINDS = bytes(1 if b == 0 else 2 if b < 9 else 0 for b in range(256))  # a shown byte -> 0 covered, 1 zero, 2 number
# a 3-bit window of a shifted row (bits: columns c-1, c, c+1) -> column offsets, set bits
_OFFSETS = [tuple(d - 1 for d in range(3) if w >> d & 1) for w in range(8)]
_BITS = [bin(w).count("1") for w in range(8)]


def _mask(row: bytearray, keep: bytes) -> int:
    """Bit c set where ``row[c]`` is one of the ``keep`` bytes."""
    bits = row.translate(_TO_BIT[keep])[::-1]
    return int(bits, 2) if bits else 0


_TO_BIT = {keep: bytes(49 if i in keep else 48 for i in range(256)) for keep in (b"\1\2", b"\2")}


def _cells_of(r: int, mask: int) -> Iterator[Cell]:
    while mask:
        low = mask & -mask
        yield r, low.bit_length() - 1
        mask ^= low


def fmt(cell: Cell) -> str:
    """A cell as players read it in explanations, the same in every language: ``(2; 3)``, row
    then column, 0-based as the window's rulers and the console number them. A semicolon, so
    that no reader takes it for a number (``2,3`` is a decimal in Spanish, ``2,300`` two
    thousand three hundred in English)."""
    return f"({cell[0]}; {cell[1]})"
