"""3BV (Bechtel's Board Benchmark Value) in parts, fast enough for a 1000x1000 board.

:func:`bv_parts` returns a :class:`BvParts`: each opening as row spans and its first
cell, and the isolated numbers. :func:`game.rules.board.three_bv` (cell lists) and
:class:`game.score.Score` (3BV and 3BV solved) are built on it. No pygame here.

How it is counted, row by row, each row a Python int used as a bit mask (bit ``c`` is
column ``c``), so that a 1000-cell row costs a few big-int operations, not 1000 steps:

- which cells touch a mine is derived per 3-row band from the mine set (the mines of rows
  r-1, r and r+1, dilated one column each way); the board keeps no grid of counts and
  this function keeps one mask per row, for the length of the call only;
- the covered zeros of a row are cut into runs (maximal spans of adjacent zeros); a run
  joins every run of the row above whose columns overlap its own widened by one column
  (8-way adjacency), with union-find; each component is one opening;
- a number is isolated when no covered zero lies in its 3x3 block: the zero masks of
  three rows, each dilated one column, tell that for a whole row at once.

Time O(rows * cols / 64 + runs + mines) machine words; memory one int per row.
Union-find: Tarjan (1975), with path halving.
"""

from __future__ import annotations

from dataclasses import dataclass
from time import perf_counter
from typing import Generator, Iterable, Iterator

Cell = tuple[int, int]  # (row, col), as game.rules.board.Cell
CELLS_A_STEP = 500  # mines (or revealed cells) read between two yields of bv_steps
RUNS_A_STEP = 500  # runs gathered into openings between two yields of bv_steps
ROWS_A_STEP = 100  # rows of a layout in digits read between two yields of bv_steps


@dataclass(frozen=True)
class BvParts:
    """A position's 3BV in parts, on a ``rows`` x ``cols`` board.

    ``spans``: each opening, in the row-major order of its first cell, as a tuple of
    half-open flat index ranges ``(start, stop)`` (flat index = row * cols + col), row-major;
    ``firsts``: each opening's first cell (its row-major smallest); ``isolated``: the
    isolated numbers, sorted. A few entries per opening, never one per cell.
    """

    rows: int
    cols: int
    spans: tuple[tuple[tuple[int, int], ...], ...]
    firsts: tuple[Cell, ...]
    isolated: tuple[Cell, ...]

    @property
    def value(self) -> int:
        """3BV, in clicks: openings + isolated numbers."""
        return len(self.firsts) + len(self.isolated)

    def opening_cells(self) -> list[list[Cell]]:
        """Every opening as its cells, row-major (one tuple per cell: slow on huge openings)."""
        cols = self.cols
        return [[divmod(i, cols) for start, stop in spans for i in range(start, stop)]
                for spans in self.spans]

    def solved_in(self, shown) -> int:
        """3BV solved in ``shown`` (a row-major sequence of truths, one per cell): openings
        whose every cell is shown plus isolated numbers shown."""
        cols = self.cols
        done = sum(1 for spans in self.spans if all(all(shown[a:b]) for a, b in spans))
        return done + sum(1 for r, c in self.isolated if shown[r * cols + c])


def _row_masks(cells: Iterable[Cell], rows: int, cols: int, pad: int, masks: dict[int, int]) -> Iterator[None]:
    """Fill ``masks`` (row -> bit mask of ``cells`` in that row, bit ``c + pad`` for column
    c), yielding every :data:`CELLS_A_STEP` cells; cells beyond ``pad`` rows/columns off
    the board are left out.

    Raises:
        TypeError, ValueError: a cell that is not a pair of ints.
    """
    for count, (r, c) in enumerate(cells, 1):
        if -pad <= r < rows + pad and -pad <= c < cols + pad:
            masks[r] = masks.get(r, 0) | (1 << (c + pad))
        if count % CELLS_A_STEP == 0:
            yield


def _digit_masks(digits: bytes | bytearray, rows: int, cols: int, masks: dict[int, int]) -> Iterator[None]:
    """Fill ``masks`` as :func:`_row_masks` does with ``pad`` 1 from a layout in digits
    (``rows * cols`` bytes, row-major, ``b"1"`` a mine: game.rules.engine.Game.mine_digits), a few
    big-int operations a row, yielding every :data:`ROWS_A_STEP` rows.

    Raises:
        ValueError: ``digits`` is not ``rows * cols`` bytes of ``b"0"`` and ``b"1"``.
    """
    if len(digits) != rows * cols:
        raise ValueError(f"digits: {len(digits)} bytes for a {rows}x{cols} board")
    for r in range(rows):
        row = digits[r * cols:(r + 1) * cols]
        if 49 in row:
            masks[r] = int(row[::-1], 2) << 1  # bit c + 1 is column c
        if r % ROWS_A_STEP == ROWS_A_STEP - 1:
            yield


def _runs(mask: int) -> list[tuple[int, int]]:
    """The maximal spans of set bits of ``mask`` as half-open column ranges, left to right."""
    runs = []
    while mask:
        start = (mask & -mask).bit_length() - 1
        shifted = mask >> start
        length = (~shifted & (shifted + 1)).bit_length() - 1  # trailing ones of shifted
        runs.append((start, start + length))
        mask &= ~(((1 << length) - 1) << start)
    return runs


def bits(mask: int) -> list[int]:
    """The indices set in ``mask``, ascending (a row mask's columns; the no-guess
    generator's cell sets too)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def bv_parts(mines: Iterable[Cell], rows: int, cols: int,
             revealed: Iterable[Cell] = frozenset()) -> BvParts:
    """The 3BV parts of the position where ``revealed`` cells are shown (default: none).

    An opening is an 8-connected region of *covered* zero cells (a revealed cell is part of
    nothing and separates regions); a covered number counts alone unless it touches a covered
    zero. With nothing revealed this is the board's usual 3BV (Minesweeper X / Arbiter /
    minesweeper.online's definition). Cells off the board in ``revealed`` are ignored, as are
    mines more than one cell off it; ``rows``/``cols`` < 1 give no parts.

    Raises:
        TypeError, ValueError: a mine or revealed cell that is not a pair of ints, or
            ``rows``/``cols`` not ints (game.replay.fromlog reports these as a damaged log).
    """
    steps = bv_steps(mines, rows, cols, revealed)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def bv_steps(mines: Iterable[Cell] | bytes, rows: int, cols: int,
             revealed: Iterable[Cell] = frozenset()) -> Generator[None, None, BvParts]:
    """:func:`bv_parts` in steps: a generator that yields after every row of each pass
    (and every :data:`CELLS_A_STEP` mines read, :data:`RUNS_A_STEP` runs gathered) and
    returns the parts, so that a window can count a 1000x1000 board a few milliseconds a
    frame (game.ui.play.bv_counter). ``mines`` and ``revealed`` must not change until it returns.
    ``mines`` may also be the layout in digits (``rows * cols`` bytes, row-major, ``b"1"``
    a mine: game.rules.engine.Game.mine_digits), read a row at a time rather than a mine at a time.

    Raises:
        as :func:`bv_parts`, when the step that meets the bad cell runs.
    """
    rows, cols = max(0, rows), max(0, cols)
    full = (1 << cols) - 1
    mine_rows: dict[int, int] = {}  # bit c + 1: mines one column off count too
    if isinstance(mines, (bytes, bytearray)):
        yield from _digit_masks(mines, rows, cols, mine_rows)
    else:
        yield from _row_masks(mines, rows, cols, 1, mine_rows)
    shown_rows: dict[int, int] = {}
    yield from _row_masks(revealed, rows, cols, 0, shown_rows)
    parent: list[int] = []  # union-find over runs, by run number

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    all_runs: list[tuple[int, int, int]] = []  # (row, start, stop), row-major
    isolated: list[Cell] = []
    zeros = [0] * (rows + 2)  # covered-zero mask of row r at zeros[r + 1]; rows -1, rows empty
    numbers = [0] * rows
    above: list[tuple[int, int, int]] = []  # (start, stop, run number) of the row above
    for r in range(rows):
        band = mine_rows.get(r - 1, 0) | mine_rows.get(r, 0) | mine_rows.get(r + 1, 0)
        near = ((band | band << 1 | band >> 1) >> 1) & full  # touches or is a mine
        zero = full & ~near & ~shown_rows.get(r, 0)
        zeros[r + 1] = zero
        numbers[r] = near & ~(mine_rows.get(r, 0) >> 1)
        here = []
        j = 0
        for start, stop in _runs(zero):
            number = len(parent)
            parent.append(number)
            all_runs.append((r, start, stop))
            here.append((start, stop, number))
            while j < len(above) and above[j][1] < start:  # ends left of start - 1: never again
                j += 1
            k = j
            while k < len(above) and above[k][0] <= stop:  # starts at or left of stop
                a, b = find(above[k][2]), find(number)
                if a != b:
                    parent[max(a, b)] = min(a, b)
                k += 1
        above = here
        yield
    for r in range(rows):
        touch = zeros[r] | zeros[r + 1] | zeros[r + 2]
        bordered = (touch | touch << 1 | touch >> 1) & full
        lone = numbers[r] & ~bordered & ~shown_rows.get(r, 0)
        isolated.extend((r, c) for c in bits(lone))
        yield
    ids: dict[int, int] = {}
    spans: list[list[tuple[int, int]]] = []
    firsts: list[Cell] = []
    for number, (r, start, stop) in enumerate(all_runs):
        root = find(number)
        if root not in ids:
            ids[root] = len(spans)
            spans.append([])
            firsts.append((r, start))
        spans[ids[root]].append((r * cols + start, r * cols + stop))
        if number % RUNS_A_STEP == RUNS_A_STEP - 1:
            yield
    for waste in (all_runs, parent, zeros, numbers):  # freed a slice a step, not all at the end
        while waste:
            del waste[-RUNS_A_STEP * 8:]
            yield
    ids.clear()
    frozen: list[tuple[tuple[int, int], ...]] = []
    for at in range(0, len(spans), RUNS_A_STEP):  # a 1000x1000 board may have 100,000 openings
        frozen.extend(map(tuple, spans[at:at + RUNS_A_STEP]))
        yield
    return BvParts(rows, cols, tuple(frozen), tuple(firsts), tuple(isolated))


class BvJob:
    """One count of :func:`bv_parts`, run at once (:meth:`run`, on any thread) or a slice
    at a time (:meth:`step`, on the owner's): it holds the layout it counts (``layout``:
    the game's own mine set and start set, never mutated in place while a game is played,
    and the start's size) and, once done, ``parts``. The owner adopts ``parts`` only if its
    layout is still ``layout`` (:meth:`game.midend.match.Match.adopt_three_bv`)."""

    def __init__(self, mines, rows: int, cols: int, start) -> None:
        """``mines``: the cells, or the layout in digits (bytes, as :func:`bv_steps` takes)."""
        self.layout = (mines, start, len(start))
        self.rows, self.cols = rows, cols
        self.revealed = frozenset(start)  # a copy: empty for a dealt board
        self.parts: BvParts | None = None
        self._steps: Generator[None, None, BvParts] | None = None

    @property
    def done(self) -> bool:
        """True once the count has finished."""
        return self.parts is not None

    def run(self) -> BvParts:
        """Count the parts, or the rest of them (reads only the layout it was given);
        returns and keeps them."""
        while not self.step(1.0):
            pass
        return self.parts

    def step(self, seconds: float) -> bool:
        """Count on for about ``seconds`` (at least one step of :func:`bv_steps`: a row, at
        most a few milliseconds at 1000 columns); True once the parts are in."""
        if self.parts is not None:
            return True
        if self._steps is None:
            self._steps = bv_steps(self.layout[0], self.rows, self.cols, self.revealed)
        deadline = perf_counter() + seconds
        try:
            while True:
                next(self._steps)
                if perf_counter() >= deadline:
                    return False
        except StopIteration as finished:
            self.parts, self._steps = finished.value, None
            return True
