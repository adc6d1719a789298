"""What one board shows and what may be asked of it: the mine layout and each cell's cover
(covered, revealed, flagged, question-marked), as :class:`Position`, the part of
:class:`game.engine.Game` that holds the board rather than applying the rules to it
(Tatham's ``game_state``; the moves that change it are game.engine's). No pygame here.

Views and solvers read a position only through these queries (and
:meth:`game.engine.Game.appearance`), never through the attributes behind them.
"""

from __future__ import annotations

from enum import Enum
from typing import Iterable, Iterator

from game.board import Cell, Config, adjacent_mines, neighbours

# Cover states, one byte per cell in row-major order.
COVERED, REVEALED, FLAGGED, QUESTION = 0, 1, 2, 3


class State(str, Enum):
    """Where a game is: READY (no reveal yet), PLAYING, WON or LOST (game.engine re-exports it)."""

    READY = "ready"
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class Position:
    """One board's mines and cover (a base class of :class:`game.engine.Game`).

    Attributes, kept by the game: ``config``; ``_mines``, the layout (a set of cells, None
    before it is laid), and ``_digits``, the same in digits once worked out or dealt
    (game.engine.Game.mine_digits); ``_cover``, one cover state per cell, row-major; ``_revealed`` and
    ``_flags``, how many cells are revealed and flagged; ``_start`` and ``_start_flags``,
    the cells a loaded position showed revealed and flagged before the player's first move.
    """

    config: Config

    def _clear(self, mines: set[Cell] | None) -> None:
        """A fresh cover over ``mines`` (None: laid at the first click): every cell covered."""
        self._mines = mines
        self._digits: bytes | None = None  # the layout in digits (game.engine.Game.mine_digits)
        self._cover = bytearray(self.config.cells)
        self._revealed = 0
        self._flags = 0
        self._start: set[Cell] = set()  # cells shown before the player's first move (restore)
        self._start_flags: set[Cell] = set()  # cells flagged before it (restore)

    @property
    def rows(self) -> int:
        return self.config.rows

    @property
    def cols(self) -> int:
        return self.config.cols

    @property
    def mines_laid(self) -> bool:
        """True once the mine layout exists (after the first click, or from the start)."""
        return self._mines is not None

    @property
    def mines_left(self) -> int:
        """Mines minus flags; negative when the player has placed too many flags."""
        return self.config.mines - self._flags

    def on_board(self, cell: Cell) -> bool:
        """True when ``cell`` is a (row, col) inside the board."""
        r, c = cell
        return 0 <= r < self.rows and 0 <= c < self.cols

    def cells(self) -> Iterable[Cell]:
        """Every cell, row by row."""
        return ((r, c) for r in range(self.rows) for c in range(self.cols))

    def neighbours(self, cell: Cell) -> Iterable[Cell]:
        """The up-to-8 cells around ``cell`` on this board."""
        return neighbours(cell, self.rows, self.cols)

    def is_revealed(self, cell: Cell) -> bool:
        return self._cover[self._index(cell)] == REVEALED

    def number(self, cell: Cell) -> int | None:
        """The number shown on a revealed cell, or None while it is covered."""
        if not self.is_revealed(cell):
            return None
        return adjacent_mines(cell, self._mines, self.rows, self.cols)

    def mark(self, cell: Cell) -> str:
        """The player's mark on a covered cell: 'flag', 'question' or '' (none)."""
        state = self._cover[self._index(cell)]
        return {FLAGGED: "flag", QUESTION: "question"}.get(state, "")

    def flagged_neighbours(self, cell: Cell) -> int:
        """How many of the cell's neighbours carry a flag."""
        return sum(1 for n in self.neighbours(cell) if self._cover[self._index(n)] == FLAGGED)

    def flagged(self) -> Iterator[Cell]:
        """Every flagged cell, row-major, found by a scan of the cover in C (a board of a
        million cells and a few flags costs no Python loop over its cells)."""
        cover, cols = self._cover, self.cols
        at = cover.find(FLAGGED)
        while at >= 0:
            yield divmod(at, cols)
            at = cover.find(FLAGGED, at + 1)

    def cover_bytes(self) -> bytes:
        """The cover, one byte per cell, row-major (``rows * cols`` bytes): COVERED,
        REVEALED, FLAGGED or QUESTION (this module's codes), what the player sees of each
        cell but its number (a copy: a megabyte at most)."""
        return bytes(self._cover)

    def start_cells(self) -> frozenset[Cell]:
        """Cells a loaded position showed revealed before the player's first move (empty for
        a dealt board): not the player's work (out of 3BV), and part of a replay's start."""
        return frozenset(self._start)

    def start_flags(self) -> frozenset[Cell]:
        """Cells a loaded position showed flagged before the player's first move."""
        return frozenset(self._start_flags)

    def layout(self) -> frozenset[Cell] | None:
        """The mine layout (None before it is laid), for writing board files and replays.

        Views and solvers must not call this while the game runs: they see only
        :meth:`game.engine.Game.appearance`.
        """
        return None if self._mines is None else frozenset(self._mines)

    def _index(self, cell: Cell) -> int:
        r, c = cell
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise ValueError(
                f"cell: ({r}, {c}) is off the board; rows 0..{self.rows - 1}, cols 0..{self.cols - 1}")
        return r * self.cols + c
