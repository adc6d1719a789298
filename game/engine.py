"""The Minesweeper engine: the rules, and the moves that change one game by them.

Pure Python, no pygame. Time (a monotonic clock, seconds as float) is injected. Where
each board comes from (its seed, a given layout, the no-guess layer; new game and retry)
is game.deal's, the board's cover and the queries on it game.position's, the score
game.score's: :class:`Game` joins them. Every move returns the set of cells whose
appearance changed, so a view redraws only those (a flood's as row runs, game.cells;
the flood itself, by row spans, is game.flood's); a view reads a cell through
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
from typing import Callable, Iterable

from game.board import Cell, Config, adjacent_mines, relocate_first_click_mine
from game.cells import CellRuns
from game.deal import Deal, Dealing, MineLayer
from game.flood import flood
from game.moves import CHORD, FLAG, REVEAL, Move, Outcome
from game.position import COVERED, FLAGGED, QUESTION, REVEALED, Position, State
from game.score import Score
from game.takeback import TakeBack
from game.timer import Timer

OVERVIEW_KEYS = ("covered", "revealed", "flag", "mine", "mine_hit")  # Game.overview's byte values
NUMBER_KEYS = tuple(str(n) for n in range(9))  # the sprite key of a revealed cell with n mines around
_COVER_KEYS = {COVERED: "covered", FLAGGED: "flag", QUESTION: "question"}  # a covered cell's sprite key
_OVERVIEW_TABLE = bytes(OVERVIEW_KEYS.index({REVEALED: "revealed", FLAGGED: "flag"}.get(code, "covered"))
                        for code in range(256))  # cover state -> overview byte


class Game(Dealing, Position, Score, TakeBack):
    """One game of Minesweeper on a ``config.rows`` x ``config.cols`` board.

    Args:
        config: size, mine count and rules.
        rng, seed, layer, seeds_known: where the boards come from, as
            :class:`game.deal.Deal` takes them (the session's Random, the first board's
            seed, the no-guess layer, seeds the player chose); every board is laid from
            ``random.Random(game.seed)``, so a recorded seed and first click reproduce it.
        clock: monotonic clock in seconds (default ``time.monotonic``).
        mines: lay exactly these mines (a loaded board): no first-click rule applies.

    Attributes:
        deal: the :class:`game.deal.Deal` that gives each board its mines; new game, retry,
            a generated layout and a loaded position are :class:`game.deal.Dealing`'s; taking
            back a losing move (:meth:`undo_loss`) is :class:`game.takeback.TakeBack`'s.
        state: where the game is (:class:`game.position.State`).

    Raises:
        ValueError: ``mines`` has a cell off the board or a count that does not match.
    """

    def __init__(self, config: Config, rng: random.Random | None = None, seed: int | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 mines: Iterable[Cell] | None = None, layer: MineLayer | None = None,
                 seeds_known: bool = False):
        self.config = config
        self.clock = clock
        self.deal = Deal(config, rng, seed, layer, seeds_known)
        self.round = 0  # boards started by this Game: new games and retries
        self._mines = None if mines is None else set(self.deal.check(mines))
        self.new_game(keep_board=self._mines is not None)

    # ----- lifecycle (new game, retry, set_layout and restore: game.deal.Dealing) ---------------
    def _start_board(self, mines: set[Cell] | None, relocate: bool) -> None:
        """A fresh cover and clock over ``mines``; ``relocate``: the classic first-click
        rule still applies to them."""
        self.round += 1
        self._clear(mines)
        self._relocate = relocate
        self.state = State.READY
        self.exploded: Cell | None = None
        self.timer = Timer(self.clock)
        self.clicks = {"reveal": 0, "flag": 0, "chord": 0, "wasted": 0}
        self.revision = 0  # moves applied to this board (Game.apply), ignored ones not counted
        self._bv_parts = None  # game.bv.BvParts of the board, counted once (game.score.Score)
        self._undo_point = None  # the cover before the move that lost (game.takeback)

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

    # ----- queries ---------------------------------------------------------------------------
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
    def elapsed(self) -> float:
        """Seconds from the first reveal to now (or to the end), millisecond resolution."""
        return self.timer.elapsed

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

    def appearances(self, rows: range, cols: range) -> list[str]:
        """:meth:`appearance` of every cell of the rectangle ``rows`` x ``cols`` (ranges of
        indices on the board), row-major: what a view of a big board draws each time it
        moves, a few thousand cells, at a fraction of the cost of asking cell by cell (a row
        with no revealed cell is all marks, read from the cover in one slice; a number is
        counted from the mine set as :meth:`appearance` does).
        """
        cover, mines, width = self._cover, self._mines, self.cols
        if self.state is State.LOST:
            return [self.appearance((r, c)) for r in rows for c in cols]
        keys = _COVER_KEYS
        out: list[str] = []
        for r in rows:
            row = cover[r * width + cols.start:r * width + cols.stop]
            if REVEALED not in row:
                out.extend(keys[state] for state in row)
                continue
            for c, state in zip(cols, row):
                if state == REVEALED:
                    count = 0
                    for nr in (r - 1, r, r + 1):
                        for nc in (c - 1, c, c + 1):
                            if (nr, nc) in mines:
                                count += 1
                    out.append(NUMBER_KEYS[count])  # (the cell itself is no mine: it is revealed)
                else:
                    out.append(keys[state])
        return out

    # ----- moves -----------------------------------------------------------------------------
    def overview(self) -> bytes:
        """The board in one byte per cell, row-major (``rows * cols`` bytes), for a view too
        small to draw each cell's sprite: OVERVIEW_KEYS[byte] is 'covered' (a question
        mark too), 'revealed', 'flag', or, shown as :meth:`appearance` shows them after a
        loss, 'mine' (a wrong flag too) and 'mine_hit'. After a win every mine is 'flag'."""
        codes = self._cover.translate(_OVERVIEW_TABLE)  # a win has flagged every mine in the cover
        if self.state is State.LOST:
            cols = self.cols
            for r, c in self._mines:
                if codes[r * cols + c] != 2:
                    codes[r * cols + c] = 3
            for r, c in self.flagged():
                if (r, c) not in self._mines:  # a wrong flag
                    codes[r * cols + c] = 3
            if self.exploded is not None:
                codes[self.exploded[0] * self.cols + self.exploded[1]] = 4
        return bytes(codes)

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
        return Outcome(move, _frozen(changed), _frozen(opened),
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
    def _first_click(self, cell: Cell) -> None:
        if self.state is not State.READY:
            return
        if self._mines is None:
            self._mines = self.deal.lay(cell)
        elif self._relocate:
            self._mines = relocate_first_click_mine(self._mines, cell, self.rows, self.cols)
        self._relocate = False
        self._bv_parts = None  # the layout may have just been laid or moved
        self.state = State.PLAYING
        self.timer.start()

    def _open(self, cells: list[Cell]) -> tuple[CellRuns, CellRuns]:
        """Reveal ``cells`` and flood from zeros; end the game on a mine or the last safe cell.

        Returns (changed, opened): the cells whose appearance changed and those revealed,
        as :class:`game.cells.CellRuns` (row runs: a 1,000,000-cell opening is a thousand
        runs, not a million tuples). The flood is game.flood's: a scanline fill by row runs,
        each cell opened once, counts taken from the mine set on demand.
        """
        mines, cover, cols = self._mines, self._cover, self.cols
        if any(cell in mines and cover[cell[0] * cols + cell[1]] not in (REVEALED, FLAGGED) for cell in cells):
            self._keep_undo_point()  # this move loses: keep the board before it, for undo_loss
        runs, hit = flood(cover, mines, self.rows, cols, cells)
        opened = CellRuns(runs)
        self._revealed += len(opened)
        extra: set[Cell] = set()
        if hit is not None:
            self._lose(hit, extra)
        elif self._revealed == self.config.cells - self.config.mines:
            self._win(extra)
        return (CellRuns(runs, extra) if extra else opened), opened

    def _lose(self, hit: Cell, changed: set[Cell]) -> None:
        self.state = State.LOST
        self.exploded = hit
        self.timer.stop()
        changed.update(self._mines)
        changed.update(self.flagged())  # every flag: a wrong one now shows

    def _win(self, changed: set[Cell]) -> None:
        self.state = State.WON
        self.timer.stop()
        for cell in self._mines:
            index = self._index(cell)
            if self._cover[index] != FLAGGED:
                self._cover[index] = FLAGGED
                changed.add(cell)
        self._flags = self.config.mines


def _frozen(cells: set[Cell] | CellRuns) -> frozenset[Cell] | CellRuns:
    """A move's cells as an Outcome holds them: CellRuns as they are (already read-only)."""
    return cells if isinstance(cells, CellRuns) else frozenset(cells)
