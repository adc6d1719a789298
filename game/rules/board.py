"""Board geometry, game parameters and mine placement: the pure rules under the engine.

Cells are ``(row, col)`` tuples, 0-based, row first, everywhere in the project.
Mines are a ``set`` of cells; the count of adjacent mines is always computed on
demand from that set (:func:`adjacent_mines`), never stored in a grid of counts.
Nothing here imports pygame.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from itertools import chain
from dataclasses import dataclass
from typing import Generator, Iterator

from game.rules.bv import bv_parts
from game.messages import N_, ExplainedValueError

Cell = tuple[int, int]

MAX_SIDE = 1000  # rows and cols are each 1..MAX_SIDE
FIRST_CLICK_RULES = ("opening", "safe", "classic")

DIFFICULTIES = {  # name -> (rows, cols, mines), as in the Windows game
    "beginner": (9, 9, 10),
    "intermediate": (16, 16, 40),
    "expert": (16, 30, 99),
}
BEGINNER_SIZES = {  # the Beginner board (Options, --beginner-size) -> the level its games are
    "9x9": "beginner",  # Windows XP and 7
    "8x8": "beginner_8x8",  # the competitive sets' (Metasweeper's level 3, the EVF's 8x8 with 10 mines)
}
LEVEL_SIZES = {**DIFFICULTIES, "beginner_8x8": (8, 8, 10)}  # every level with its own tables -> size


@dataclass(frozen=True)
class Config:
    """What the player chose: board size in cells, mine count and rules.

    ``first_click`` is one of :data:`FIRST_CLICK_RULES`:

    - ``opening`` (default): the first clicked cell and its neighbours are
      mine-free, so the first click always opens an area. Where the board is too
      dense for that (fewer free cells than the 3x3 block needs), placement falls
      back to ``safe`` for that game.
    - ``safe``: only the first clicked cell is kept free.
    - ``classic``: as in Windows XP: mines are laid before the first click; if
      the first click hits one, it moves to the top-left-most free cell.

    ``no_guess`` asks for a board solvable by logic alone (see game.noguess);
    it implies the ``opening`` rule.

    Raises:
        ValueError: a field out of range; the message names the field, the value
            and the allowed range.
    """

    rows: int
    cols: int
    mines: int
    first_click: str = "opening"
    questions: bool = False
    no_guess: bool = False

    def __post_init__(self) -> None:
        for template, value in ((N_("rows: {value} is out of range; allowed 1..{most}"), self.rows),
                                (N_("cols: {value} is out of range; allowed 1..{most}"), self.cols)):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SIDE:
                raise ExplainedValueError(template, value=repr(value), most=MAX_SIDE)
        top = max_mines(self.rows, self.cols)
        if top < 1:
            raise ExplainedValueError(
                N_("rows x cols: a {rows}x{cols} board has no room for a mine and a free first click; "
                   "allowed at least 2 cells"), rows=self.rows, cols=self.cols)
        if isinstance(self.mines, bool) or not isinstance(self.mines, int) or not 1 <= self.mines <= top:
            raise ExplainedValueError(
                N_("mines: {value} is out of range for {rows}x{cols}; allowed 1..{most}"),
                value=repr(self.mines), rows=self.rows, cols=self.cols, most=top)
        if self.first_click not in FIRST_CLICK_RULES:
            raise ExplainedValueError(N_("first_click: {value} is not a rule; allowed {allowed}"),
                                      value=repr(self.first_click), allowed=", ".join(FIRST_CLICK_RULES))

    @classmethod
    def difficulty(cls, name: str, beginner_size: str = "9x9", **rules) -> "Config":
        """The standard level ``name`` (beginner, intermediate, expert); Beginner is the
        ``beginner_size`` board (a key of :data:`BEGINNER_SIZES`: 9x9 or 8x8).

        Raises:
            ValueError: unknown name.
        """
        if name == "beginner":
            name = BEGINNER_SIZES.get(beginner_size, "beginner")
        try:
            rows, cols, mines = LEVEL_SIZES[name]
        except KeyError:
            raise ExplainedValueError(N_("difficulty: {value} is not a level; allowed {allowed}"),
                                      value=repr(name), allowed=", ".join(DIFFICULTIES)) from None
        return cls(rows, cols, mines, **rules)

    @property
    def level(self) -> str:
        """The standard level name this size matches (``beginner_8x8`` for the competitive
        8x8 Beginner), or ``custom``."""
        for name, size in LEVEL_SIZES.items():
            if size == (self.rows, self.cols, self.mines):
                return name
        return "custom"

    @property
    def cells(self) -> int:
        """rows * cols."""
        return self.rows * self.cols


def max_mines(rows: int, cols: int) -> int:
    """Most mines a rows x cols board takes: every cell but the one the first click keeps free."""
    return rows * cols - 1


def neighbours(cell: Cell, rows: int, cols: int) -> Iterator[Cell]:
    """Yield the up-to-8 cells around ``cell`` that lie on a rows x cols board."""
    r, c = cell
    for nr in (r - 1, r, r + 1):
        if 0 <= nr < rows:
            for nc in (c - 1, c, c + 1):
                if 0 <= nc < cols and (nr != r or nc != c):
                    yield nr, nc


def adjacent_mines(cell: Cell, mines: set[Cell] | frozenset[Cell], rows: int, cols: int) -> int:
    """Count the mines among the neighbours of ``cell``, computed from the mine set."""
    r, c = cell
    count = 0
    for nr in (r - 1, r, r + 1):
        for nc in (c - 1, c, c + 1):
            if (nr, nc) in mines and (nr != r or nc != c):
                count += 1
    return count


_NUMBER_BYTES = bytes.maketrans(b"0123456789", bytes(range(10)))


def mine_counts(rows: int, cols: int, digits: bytes) -> bytes:
    """The number each cell shows when revealed: the mines among its neighbours (itself not
    counted), a byte per cell 0..8, row-major (``rows * cols`` bytes).

    digits: the layout as ``rows * cols`` bytes, ``b"1"`` a mine and ``b"0"`` not (as
    :meth:`game.rules.engine.Game.mine_digits` gives it).
    Whole rows at a time: a row's digits read as one hexadecimal int (a nibble a cell, a
    mine 1), the rows above and below added, then the sum shifted a nibble each way and added
    (at most 9 a nibble: no carry), less the row itself; written out again as hexadecimal
    digits. A 1000x1000 board takes some 50 ms, where :func:`adjacent_mines` takes a second
    (the review reads a big opening's numbers from it: game.solver.review).
    Raises:
        ValueError: ``digits`` is not ``rows * cols`` bytes of "0" and "1".
    """
    if len(digits) != rows * cols or digits.strip(b"01"):
        raise ValueError(f"digits: not {rows} x {cols} bytes of 0 and 1")
    if not cols:
        return b""
    keep = (1 << (4 * cols)) - 1
    values = [int(digits[r * cols:(r + 1) * cols], 16) for r in range(rows)]
    out = bytearray()
    for r, row in enumerate(values):
        band = row + (values[r - 1] if r else 0) + (values[r + 1] if r + 1 < rows else 0)
        counts = ((band + (band << 4) + (band >> 4)) & keep) - row
        out += format(counts, f"0{cols}x").encode().translate(_NUMBER_BYTES)
    return bytes(out)


def excluded_cells(config: Config, first: Cell | None) -> set[Cell]:
    """The cells the first-click rule keeps free of mines around ``first`` (none before any
    click): ``first`` itself, and under ``opening`` its neighbours too when the other cells
    can still hold every mine."""
    if first is None:
        return set()
    excluded = {first}
    if config.first_click == "opening":
        block = excluded | set(neighbours(first, config.rows, config.cols))
        if config.cells - len(block) >= config.mines:
            excluded = block
    return excluded


def first_click_thresholds(config: Config, first: Cell | None) -> list[int]:
    """How :func:`lay_mines` maps a drawn position to a cell for the first click ``first``:
    the allowed cell at ``position`` (row-major index ``position + bisect_right(thresholds,
    position)``) steps over each excluded index k (sorted, :func:`excluded_cells`) with
    ``index_k - k <= position``; those thresholds rise, so bisect counts them at once."""
    cols = config.cols
    return [index - k for k, index in enumerate(sorted(r * cols + c for r, c in excluded_cells(config, first)))]


def lay_mines(config: Config, first: Cell | None, rng: random.Random,
              drawn: list[int] | None = None) -> set[Cell]:
    """Choose ``config.mines`` cells uniformly at random, honouring the first-click rule.

    ``first`` is the first clicked cell, or None for ``classic`` placement before any
    click. The draw is ``rng.sample`` over the allowed cells in row-major order, so
    the same seed and first click give the same board. ``drawn``: that sample, drawn
    ahead (:func:`sample_steps` of ``range(config.cells - len(excluded_cells(config,
    first)))``), used instead of drawing it here (``rng`` is then not read).
    """
    cols = config.cols
    # rng.sample draws positions from len() alone, so sampling positions in a range and
    # mapping each to the allowed cell at that position gives the very board a list of the
    # allowed cells would (the same seed, the same mines), without a million tuples.
    thresholds = first_click_thresholds(config, first)
    if drawn is None:
        drawn = rng.sample(range(config.cells - len(thresholds)), config.mines)
    if not thresholds:
        return {divmod(position, cols) for position in drawn}
    low, high, skip = thresholds[0], thresholds[-1], len(thresholds)  # most positions are outside
    return {divmod(position, cols) if position < low else divmod(position + skip, cols) if position >= high
            else divmod(position + bisect_right(thresholds, position), cols) for position in drawn}


class IndexedSample:
    """A first-click sample (:func:`sample_steps`' positions among the ``n`` allowed cells of
    a board ``cols`` wide, row-major) indexed ahead of the click, so that the click lays its
    board (:meth:`lay`) by slices of lists rather than a Python step a mine: the positions by
    the board row they fall in unshifted (``position // cols``), their cells unshifted and
    shifted past ``skip`` excluded cells, and the positions as one byte each (``b"1"`` drawn,
    ``b"0"`` not: the digits :class:`game.rules.flood`'s rows are read from).

    Built a slice at a time by :meth:`build` (a generator); :attr:`ready` once built.
    Memory: two tuples a mine (about 22 MB for 100,000 mines) and ``n`` bytes, until the lay.
    """

    def __init__(self, drawn: list[int], n: int, cols: int, skip: int) -> None:
        self.drawn, self.n, self.cols, self.skip = drawn, n, cols, skip
        self.by_row: list[list[int]] = [[] for _ in range(-(-(n + skip) // cols))]
        self.plain: list[list[Cell]] = []
        self.shifted: list[list[Cell]] = []
        self.digits = bytearray(b"0") * n
        self.ready = False

    def build(self, every: int = 2000) -> Generator[None, None, None]:
        """Index the sample, yielding every ``every`` positions (a few milliseconds)."""
        cols, skip, by_row, digits = self.cols, self.skip, self.by_row, self.digits
        drawn = self.drawn
        for start in range(0, len(drawn), every):
            for position in drawn[start:start + every]:
                by_row[position // cols].append(position)
                digits[position] = 49
            yield
        done = 0
        for positions in by_row:
            self.plain.append([divmod(p, cols) for p in positions])
            self.shifted.append([divmod(p + skip, cols) for p in positions])
            done += len(positions)
            if done >= every:
                done = 0
                yield
        self.ready = True

    def lay(self, thresholds: list[int]) -> tuple[set[Cell], bytearray]:
        """The board of a click whose excluded cells give ``thresholds`` (as
        :func:`lay_mines` computes them; ``skip`` of them): the mines and their digits
        (``rows * cols`` bytes, ``b"1"`` a mine), the very board :func:`lay_mines` lays from
        the same sample.

        Raises:
            ValueError: ``thresholds`` is not ``skip`` long, or the sample is not built.
        """
        if not self.ready or len(thresholds) != self.skip or not thresholds:
            raise ValueError("lay: the sample is not indexed for this click")
        cols, skip = self.cols, self.skip
        low, high = thresholds[0], thresholds[-1]
        first_row, last_row = low // cols, high // cols
        mines = set(chain.from_iterable(self.plain[:first_row]))  # every position < low: as drawn
        mines.update(chain.from_iterable(self.shifted[last_row + 1:]))  # every one >= high: past them all
        digits = bytearray(b"0") * (self.n + skip)
        digits[:low] = self.digits[:low]
        digits[high + skip:] = self.digits[high:]
        for positions in self.by_row[first_row:last_row + 1]:  # two or three rows: each its own way
            for position in positions:
                index = position + bisect_right(thresholds, position)
                mines.add(divmod(index, cols))
                digits[index] = 49
        return mines, digits


def sample_steps(rng: random.Random, n: int, k: int, every: int = 2000) -> Generator[None, None, list[int]]:
    """``rng.sample(range(n), k)`` as a generator that yields every ``every`` draws and
    returns the sample: the same numbers from the same ``rng`` state, by random.sample's
    own two ways (CPython 3.x: a pool list when it is smaller than a set of ``k``, else a
    set of the positions drawn), written out with ``rng._randbelow`` as random.sample
    calls it (tests/rules/test_deal_ahead.py checks both ways against ``rng.sample``), so that a
    window can draw 100,000 positions a few milliseconds a frame.

    Raises:
        ValueError: ``k`` not in 0 .. ``n``.
    """
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    randbelow = rng._randbelow
    result = [0] * k
    setsize = 21  # as random.sample: a small set's size less an empty list's
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    if n <= setsize:
        pool: list[int] = []
        for start in range(0, n, every * 50):  # a million ints take 20 ms: built in slices
            pool.extend(range(start, min(n, start + every * 50)))
            yield
        for i in range(k):
            j = randbelow(n - i)
            result[i] = pool[j]
            pool[j] = pool[n - i - 1]
            if i % every == every - 1:
                yield
    else:
        selected: set[int] = set()
        for i in range(k):
            j = randbelow(n)
            while j in selected:
                j = randbelow(n)
            selected.add(j)
            result[i] = j
            if i % every == every - 1:
                yield
    return result


def relocate_first_click_mine(mines: set[Cell], first: Cell, rows: int, cols: int) -> set[Cell]:
    """Windows XP's rule: move a mine under the first click to the top-left-most free cell.

    Scans rows top to bottom, each left to right, for the first cell without a mine.
    Returns a new set; ``mines`` is unchanged. Source: the behaviour of winmine.exe
    (Windows 2000/XP), as documented by the Minesweeper community (e.g. minesweepergame.com).
    """
    if first not in mines:
        return set(mines)
    for r in range(rows):
        for c in range(cols):
            if (r, c) not in mines:
                return (mines - {first}) | {(r, c)}
    raise ExplainedValueError(N_("mines: the board has no free cell to move the first-click mine to"))


def three_bv(mines: set[Cell] | frozenset[Cell], rows: int, cols: int,
             revealed: set[Cell] | frozenset[Cell] = frozenset()) -> tuple[list[list[Cell]], list[Cell]]:
    """Bechtel's Board Benchmark Value, as its parts: (openings, isolated numbers).

    An *opening* is a connected (8-way) region of zero cells; it counts 1 however
    large. A numbered cell that does not touch any zero cell (not on the border of
    an opening) counts 1 each. 3BV = len(openings) + len(isolated numbers): the
    fewest left clicks that clear the board.
    Source: the definition used by Minesweeper X / Arbiter / minesweeper.online.

    ``revealed`` (cells already shown, e.g. a loaded position) gives the 3BV of that
    position, the work left: revealed cells belong to no part, an opening is a region
    of *covered* zeros connected through covered zeros (a flood stops at a cell already
    revealed), and a covered number counts alone unless it touches a covered zero. With
    nothing revealed this is the board's usual 3BV.
    Openings come in the row-major order of their first cell, each as its cells in
    row-major order; the isolated numbers sorted. Counted by :func:`game.rules.bv.bv_parts`
    (row masks, no grid of counts); building the cell lists costs one tuple per opening
    cell, so callers that need only the figure or the first cells use ``bv_parts``.
    """
    parts = bv_parts(mines, rows, cols, revealed)
    return parts.opening_cells(), list(parts.isolated)
