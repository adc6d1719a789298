"""The Minesweeper engine: one game's state and the moves that change it.

Pure Python, no pygame. Randomness (``random.Random``) and time (a monotonic clock,
seconds as float) are injected. Every move returns the set of cells whose
appearance changed, so a view redraws only those; a view reads a cell through
:meth:`Game.appearance`, never through the internals.

Moves are values (:class:`game.moves.Move`) applied with :meth:`Game.apply`, which returns an
:class:`game.moves.Outcome`; ``reveal``, ``toggle_flag`` and ``chord`` are shorthands for it.

Rules follow the classic Windows game (winmine.exe) and its best clones
(Minesweeper X, Arbiter): flood-opening of zero regions, chording on a satisfied
number, win when every safe cell is revealed (flags not needed), more flags than
mines allowed (the counter goes negative).
"""

from __future__ import annotations

import random
import time
from enum import Enum
from typing import Callable, Iterable

from game.board import (
    Cell, Config, adjacent_mines, lay_mines, neighbours, relocate_first_click_mine,
)
from game.moves import CHORD, FLAG, REVEAL, Move, Outcome
from game.score import Score
from game.timer import Timer

# Cover states, one byte per cell in row-major order.
COVERED, REVEALED, FLAGGED, QUESTION = 0, 1, 2, 3

MineLayer = Callable[[Config, Cell, random.Random], set[Cell]]


class State(str, Enum):
    """Where a game is: READY (no reveal yet), PLAYING, WON or LOST."""

    READY = "ready"
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class Game(Score):
    """One game of Minesweeper on a ``config.rows`` x ``config.cols`` board.

    Args:
        config: size, mine count and rules.
        rng: the session's source of board seeds (default: a fresh Random()).
        seed: the first board's seed (default: drawn from ``rng``). Every board is laid
            from ``random.Random(game.seed)``, so a recorded seed and first click
            reproduce a board; each new game draws its seed from ``rng``.
        clock: monotonic clock in seconds (default ``time.monotonic``).
        mines: lay exactly these mines (a loaded board): no first-click rule applies.
        layer: optional mine layer ``(config, first_click, rng) -> set of cells`` used
            instead of uniform placement at the first click (the no-guess generator).
        seeds_known: the player chose the seeds (``--seed``): ``seed`` and every seed drawn
            from ``rng`` are predictable, so every board of this game has ``layout_known``.

    Raises:
        ValueError: ``mines`` has a cell off the board or a count that does not match.
    """

    def __init__(self, config: Config, rng: random.Random | None = None, seed: int | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 mines: Iterable[Cell] | None = None, layer: MineLayer | None = None,
                 seeds_known: bool = False):
        self.config = config
        self.seeds_known = seeds_known
        self.rng = rng if rng is not None else random.Random()
        self.clock = clock
        self.layer = layer
        self._next_seed = seed
        self.seed: int | None = None  # the current board's seed; None for a loaded board
        self._given = None if mines is None else frozenset(mines)
        if self._given is not None:
            self._check_given(self._given)
        self.new_game(keep_board=self._given is not None)

    # ----- lifecycle -------------------------------------------------------------------------
    def new_game(self, keep_board: bool = False) -> None:
        """Start again: a fresh random board, or with ``keep_board`` the same mines (retry).

        A kept layout (a loaded board, a retry) is one the player knows:
        ``layout_known`` is set (:meth:`retry` refines it for a board nobody has seen yet);
        so is every board of a game whose seeds the player chose (``seeds_known``).
        """
        cfg = self.config
        self.round = getattr(self, "round", 0) + 1  # boards started by this Game: new games and retries
        if not keep_board:
            self.seed = self._next_seed if self._next_seed is not None else self.rng.randrange(2**63)
            self._next_seed = None
        if keep_board and self._given is not None:
            self._mines: set[Cell] | None = set(self._given)
        elif cfg.first_click == "classic" and self.layer is None:
            self._mines = lay_mines(cfg, None, random.Random(self.seed))
        else:
            self._mines = None  # laid at the first click
        self._given = None if self._mines is None else frozenset(self._mines)
        self._relocate = cfg.first_click == "classic" and not keep_board
        self._cover = bytearray(cfg.cells)
        self._revealed = 0
        self._flags = 0
        self.state = State.READY
        self.exploded: Cell | None = None
        self.timer = Timer(self.clock)
        self.clicks = {"reveal": 0, "flag": 0, "chord": 0, "wasted": 0}
        self.revision = 0  # moves applied to this board (Game.apply), ignored ones not counted
        # A layout the player already knew keeps the game out of the best times (the records;
        # the help flags, hints, autoplay and the probability overlay, are the Match's).
        self.layout_known = self.seeds_known or (keep_board and self._mines is not None)  # loaded board or retry
        self._start: set[Cell] = set()  # cells shown before the player's first move (restore)
        self._start_flags: set[Cell] = set()  # cells flagged before it (restore)
        self._bv_parts: tuple[list[list[Cell]], list[Cell]] | None = None

    def set_layout(self, mines: Iterable[Cell]) -> None:
        """Lay ``mines`` before the first reveal (a layout generated elsewhere, e.g. a no-guess
        board built over several frames); the next reveal uses it as laid.

        Raises:
            ValueError: the game has started, or the mines are off the board or the wrong count.
        """
        if self.state is not State.READY:
            raise ValueError("set_layout: the game has already started")
        given = frozenset(mines)
        self._check_given(given)
        self._mines = set(given)
        self._given = given
        self._relocate = False
        self._bv_parts = None

    def restore(self, revealed: Iterable[Cell] = (), flags: Iterable[Cell] = ()) -> set[Cell]:
        """Set up a loaded position on a laid board: reveal ``revealed`` (no flood), flag ``flags``.

        The timer does not start until the player's first reveal.
        Raises:
            ValueError: a cell off the board, a revealed mine, or no board laid.
        """
        if self._mines is None:
            raise ValueError("restore: no mine layout to restore a position on")
        changed: set[Cell] = set()
        for cell in revealed:
            if cell in self._mines:
                raise ValueError(f"restore: {cell} is a mine and cannot be shown revealed")
            index = self._index(cell)
            if self._cover[index] != REVEALED:
                self._cover[index] = REVEALED
                self._revealed += 1
                changed.add(cell)
                if self.state is State.READY:
                    self._start.add(cell)  # not the player's work: out of 3BV
        for cell in flags:
            index = self._index(cell)
            if self._cover[index] == COVERED:
                self._cover[index] = FLAGGED
                self._flags += 1
                changed.add(cell)
                if self.state is State.READY:
                    self._start_flags.add(cell)
        self._relocate = False
        self._bv_parts = None
        if self.state is State.READY and self._revealed == self.config.cells - self.config.mines:
            self._win(changed)  # a finished board: nothing is left to reveal
        return changed

    # ----- time ------------------------------------------------------------------------------
    @property
    def paused(self) -> bool:
        return self.timer.paused

    def pause(self) -> None:
        """Stop the timer (the window hides the board meanwhile). No effect unless playing."""
        if self.state is State.PLAYING:
            self.timer.pause()

    def resume(self) -> None:
        """Restart the timer where it stopped."""
        self.timer.resume()

    def retry(self) -> None:
        """Replay the same board from the start (after the first click has laid it).

        Before any board exists (no click yet) this is a plain new game. The replay has
        ``layout_known`` set once the layout has been seen: a loaded board, or a board
        played before (a classic board retried before its first click stays unknown).
        """
        first_click_pending = self._relocate and self.state is State.READY
        seen = self.layout_known or self.state is not State.READY
        self.new_game(keep_board=self._mines is not None)
        self._relocate = first_click_pending  # classic: no click yet, so the rule still applies
        self.layout_known = self.seeds_known or (self.layout_known and seen)

    # ----- queries ---------------------------------------------------------------------------
    @property
    def rows(self) -> int:
        return self.config.rows

    @property
    def cols(self) -> int:
        return self.config.cols

    @property
    def over(self) -> bool:
        """True once the game is won or lost; moves are then ignored."""
        return self.state in (State.WON, State.LOST)

    @property
    def first_click_safe(self) -> bool:
        """True while the next reveal is protected by the first-click rule: a dealt board
        before its first reveal (mines not laid yet, or the classic move still pending).
        False for a loaded board and for a retry of a board already played."""
        return self.state is State.READY and (self._mines is None or self._relocate)

    @property
    def mines_laid(self) -> bool:
        """True once the mine layout exists (after the first click, or from the start)."""
        return self._mines is not None

    @property
    def mines_left(self) -> int:
        """Mines minus flags; negative when the player has placed too many flags."""
        return self.config.mines - self._flags

    @property
    def elapsed(self) -> float:
        """Seconds from the first reveal to now (or to the end), millisecond resolution."""
        return self.timer.elapsed

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

    def appearance(self, cell: Cell) -> str:
        """What the cell looks like now: a sprite key.

        One of 'covered', 'flag', 'question', '0'..'8', and after a loss 'mine'
        (unflagged mine shown), 'mine_hit' (the exploded one), 'wrong_flag'
        (a flag on a safe cell). After a win every mine shows 'flag'.
        """
        state = self._cover[self._index(cell)]
        if state == REVEALED:
            return str(adjacent_mines(cell, self._mines, self.rows, self.cols))
        if self.state is State.LOST:
            is_mine = cell in self._mines
            if cell == self.exploded:
                return "mine_hit"
            if state == FLAGGED:
                return "flag" if is_mine else "wrong_flag"
            if is_mine:
                return "mine"
        return {FLAGGED: "flag", QUESTION: "question"}.get(state, "covered")

    def flagged_neighbours(self, cell: Cell) -> int:
        """How many of the cell's neighbours carry a flag."""
        return sum(1 for n in self.neighbours(cell) if self._cover[self._index(n)] == FLAGGED)

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
        :meth:`appearance`.
        """
        return None if self._mines is None else frozenset(self._mines)

    # ----- moves -----------------------------------------------------------------------------
    def apply(self, move: Move) -> Outcome:
        """Apply ``move``, the one way to change a game; returns what it did.

        A move while the game is over or paused is ignored (``Outcome.ignored``) and not
        counted; every other move advances :attr:`revision` and counts one click of its
        kind, or a wasted click when it changed nothing. See :meth:`reveal`,
        :meth:`toggle_flag` and :meth:`chord` for each kind's rules.
        Raises:
            ValueError: ``move.cell`` is off the board, or ``move.kind`` is not one of
                game.moves.KINDS.
        """
        kind, cell = move
        if kind not in self._MOVES:
            raise ValueError(f"move: kind {kind!r} is not one of {', '.join(self._MOVES)}")
        index = self._index(cell)
        if self.over or self.paused:
            return Outcome(move, ignored=True)
        changed, opened = self._MOVES[kind](self, cell, index)
        self.revision += 1
        if not changed:
            self.clicks["wasted"] += 1
        else:
            self.clicks[kind] += 1
        return Outcome(move, frozenset(changed), frozenset(opened),
                       self.exploded if self.state is State.LOST else None,
                       ended=self.over, wasted=not changed)

    def reveal(self, cell: Cell) -> set[Cell]:
        """Reveal a covered, unflagged cell (a question-marked one too): ``apply(Move.reveal(cell))``.

        A mine loses; a zero opens its whole connected zero region and that region's
        numbered border (explicit stack, no recursion). Revealing a revealed or
        flagged cell changes nothing (a wasted click).

        Returns:
            The cells whose appearance changed (all mines and wrong flags on a loss,
            all mines on a win).
        Raises:
            ValueError: ``cell`` is off the board.
        """
        return set(self.apply(Move(REVEAL, cell)).changed)

    def toggle_flag(self, cell: Cell) -> set[Cell]:
        """Cycle a covered cell: covered -> flag -> question (if on) -> covered
        (``apply(Move.flag(cell))``).

        Returns the changed cells (empty for a revealed cell: a wasted click).
        Raises:
            ValueError: ``cell`` is off the board.
        """
        return set(self.apply(Move(FLAG, cell)).changed)

    def chord(self, cell: Cell) -> set[Cell]:
        """On a revealed number whose adjacent flags equal it, reveal its other covered
        neighbours (``apply(Move.chord(cell))``).

        Flagged neighbours are never revealed; a wrong flag means a mine is revealed and
        the game is lost, as in the classic game. Otherwise nothing happens (wasted).
        Raises:
            ValueError: ``cell`` is off the board.
        """
        return set(self.apply(Move(CHORD, cell)).changed)

    def _reveal(self, cell: Cell, index: int) -> tuple[set[Cell], set[Cell]]:
        if self._cover[index] in (REVEALED, FLAGGED):
            return set(), set()
        self._first_click(cell)
        return self._open([cell])

    def _toggle_flag(self, cell: Cell, index: int) -> tuple[set[Cell], set[Cell]]:
        state = self._cover[index]
        if state == REVEALED:
            return set(), set()
        if state == COVERED:
            self._cover[index] = FLAGGED
            self._flags += 1
        elif state == FLAGGED:
            self._cover[index] = QUESTION if self.config.questions else COVERED
            self._flags -= 1
        else:
            self._cover[index] = COVERED
        return {cell}, set()

    def _chord(self, cell: Cell, index: int) -> tuple[set[Cell], set[Cell]]:
        targets = self.chord_targets(cell)
        if not self.chord_ready(cell) or not targets:
            return set(), set()
        self._first_click(cell)  # a chord can be the first move on a loaded position
        return self._open(targets)

    _MOVES = {REVEAL: _reveal, FLAG: _toggle_flag, CHORD: _chord}

    def chord_targets(self, cell: Cell) -> list[Cell]:
        """The covered, unflagged neighbours a chord on ``cell`` would reveal (for press feedback)."""
        if self.over or not self.is_revealed(cell):
            return []
        return [n for n in self.neighbours(cell) if self._cover[self._index(n)] in (COVERED, QUESTION)]

    def chord_ready(self, cell: Cell) -> bool:
        """True when ``cell`` is a revealed number with exactly that many flags around it."""
        number = self.number(cell)
        return bool(number) and self.flagged_neighbours(cell) == number

    # ----- internals -------------------------------------------------------------------------
    def _index(self, cell: Cell) -> int:
        r, c = cell
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise ValueError(
                f"cell: ({r}, {c}) is off the board; rows 0..{self.rows - 1}, cols 0..{self.cols - 1}")
        return r * self.cols + c

    def _check_given(self, mines: frozenset[Cell]) -> None:
        bad = [cell for cell in mines if not self.on_board(cell)]
        if bad:
            raise ValueError(f"mines: {bad[0]} is off the {self.rows}x{self.cols} board")
        if len(mines) != self.config.mines:
            raise ValueError(f"mines: {len(mines)} laid but the game says {self.config.mines}")

    def _first_click(self, cell: Cell) -> None:
        if self.state is not State.READY:
            return
        if self._mines is None:
            lay = self.layer or lay_mines
            self._mines = set(lay(self.config, cell, random.Random(self.seed)))
            self._given = frozenset(self._mines)
        elif self._relocate:
            self._mines = relocate_first_click_mine(self._mines, cell, self.rows, self.cols)
            self._given = frozenset(self._mines)
        self._relocate = False
        self._bv_parts = None  # the layout may have just been laid or moved
        self.state = State.PLAYING
        self.timer.start()

    def _open(self, cells: list[Cell]) -> tuple[set[Cell], set[Cell]]:
        """Reveal ``cells`` and flood from zeros; end the game on a mine or the last safe cell.

        Returns (changed, opened): the cells whose appearance changed and those revealed.

        A cell is marked revealed when it is pushed, so each is pushed at most once and a
        1000x1000 opening costs one pass (explicit stack, no recursion). Counts are still
        taken from the mine set on demand; the rows holding a mine, gathered per call, only
        let a cell with no mine in its three rows skip the lookups.
        """
        rows, cols, mines, cover = self.rows, self.cols, self._mines, self._cover
        mine_rows = {r for r, _ in mines}
        changed: set[Cell] = set()
        hit: Cell | None = None
        stack: list[Cell] = []
        for cell in cells:
            index = cell[0] * cols + cell[1]
            if cover[index] in (REVEALED, FLAGGED):
                continue
            if cell in mines:
                hit = hit or cell
                continue
            cover[index] = REVEALED
            stack.append(cell)
        while stack:
            cell = stack.pop()
            changed.add(cell)
            r, c = cell
            if ((r - 1 in mine_rows or r in mine_rows or r + 1 in mine_rows)
                    and adjacent_mines(cell, mines, rows, cols)):
                continue
            for nr in (r - 1, r, r + 1):
                if 0 <= nr < rows:
                    base = nr * cols
                    for nc in (c - 1, c, c + 1):
                        # A zero has no mine neighbours, so every neighbour is safe to open.
                        if 0 <= nc < cols and cover[base + nc] in (COVERED, QUESTION):
                            cover[base + nc] = REVEALED
                            stack.append((nr, nc))
        self._revealed += len(changed)
        opened = set(changed)
        if hit is not None:
            self._lose(hit, changed)
        elif self._revealed == self.config.cells - self.config.mines:
            self._win(changed)
        return changed, opened

    def _lose(self, hit: Cell, changed: set[Cell]) -> None:
        self.state = State.LOST
        self.exploded = hit
        self.timer.stop()
        changed.update(self._mines)
        changed.update(c for c in self.cells() if self._cover[self._index(c)] == FLAGGED)

    def _win(self, changed: set[Cell]) -> None:
        self.state = State.WON
        self.timer.stop()
        for cell in self._mines:
            index = self._index(cell)
            if self._cover[index] != FLAGGED:
                self._cover[index] = FLAGGED
                changed.add(cell)
        self._flags = self.config.mines
