"""The Minesweeper rules: a position and the moves that change it (Tatham's back end).

Pure Python, no pygame, no clock, no randomness: :class:`Game` is one board's mines and
cover (the cover states' codes and State are game.rules.position's) and :meth:`Game.apply`,
which turns a :class:`game.rules.moves.Move` into the next position and returns an
:class:`game.rules.moves.Outcome`, plus pure queries. Where a
board comes from (seeds, the first-click rule, no-guess), the clock, the help used, undo
and the log are the midend's (game.midend.match.Match); nothing else constructs a Game or applies a
move to one (tests/structure/test_midend_only.py walks the code to keep it so).

Every move returns the cells whose appearance changed, so a view redraws only those (a
flood's as row runs, game.rules.cells; the flood itself, by row spans, is game.rules.flood's); a view
reads a cell through :meth:`Game.appearance`, never through the internals.

Rules follow the classic Windows game (winmine.exe) and its best clones (Minesweeper X,
Arbiter): flood-opening of zero regions, chording on a satisfied number, win when every safe
cell is revealed (flags not needed), more flags than mines allowed (the counter goes
negative). A chord on a revealed 0 with no flag around opens its covered neighbours, as
ms-toollib's ``chording_click`` does (a neighbour left covered by a flag since taken off).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Iterable, Iterator

from game.rules.board import Cell, Config, adjacent_mines, neighbours
from game.rules.bv import BvParts, bv_parts
from game.rules.cells import CellRuns
from game.rules.flood import flood
from game.rules.moves import CHORD, FLAG, REVEAL, Move, Outcome
from game.rules.position import COVERED, FLAGGED, QUESTION, REVEALED, State

OVERVIEW_KEYS = ("covered", "revealed", "flag", "mine", "mine_hit")  # Game.overview's byte values
NUMBER_KEYS = tuple(str(n) for n in range(9))  # the sprite key of a revealed cell with n mines around
_COVER_KEYS = {COVERED: "covered", FLAGGED: "flag", QUESTION: "question"}  # a covered cell's sprite key
_OVERVIEW_TABLE = bytes(OVERVIEW_KEYS.index({REVEALED: "revealed", FLAGGED: "flag"}.get(code, "covered"))
                        for code in range(256))  # cover state -> overview byte


class Game:
    """One position of Minesweeper on a ``config.rows`` x ``config.cols`` board, and its rules.

    Args:
        config: size, mine count and rules (``questions``: the flag cycle has a question mark).
        mines: the layout; None while it is not laid (a board laid at the first click:
            the midend calls :meth:`lay` before the first reveal).
        revealed, flags: a loaded position's cells shown revealed (no flood) and flagged
            before the first move (not the player's work: out of 3BV).

    Attributes:
        state: where the game is (:class:`game.rules.position.State`).
        exploded: the mine that lost the game, or None.
        revision: moves applied (ignored ones not counted): a new position for views and solvers.

    Raises:
        ValueError: a mine or a shown cell off the board, a mine count other than the
            config's, a revealed mine.
    """

    def __init__(self, config: Config, mines: Iterable[Cell] | None = None,
                 revealed: Iterable[Cell] = (), flags: Iterable[Cell] = ()) -> None:
        self.config = config
        self._clear(None)
        self.state = State.READY
        self.exploded: Cell | None = None
        self.revision = 0
        self._bv_parts: BvParts | None = None  # 3BV counted once per layout (game.rules.bv)
        self._solved: tuple | None = None  # (revision, parts, 3BV solved, openings solved)
        if mines is not None:
            self.lay(mines)
        if revealed or flags:
            self._show(revealed, flags)

    # ----- the position: mines and cover (Tatham's game_state) ----------------------------------
    # Kept by the game: ``config``; ``_mines``, the layout (a set of cells, None before it is
    # laid), and ``_digits``, the same in digits once worked out or dealt (mine_digits);
    # ``_cover``, one cover state per cell, row-major (game.rules.position's codes); ``_revealed``
    # and ``_flags``, how many cells are revealed and flagged; ``_start`` and ``_start_flags``,
    # the cells a loaded position showed revealed and flagged before the player's first move.
    # Views and solvers read it only through these queries and :meth:`appearance`.

    def _clear(self, mines: set[Cell] | None) -> None:
        """A fresh cover over ``mines`` (None: laid at the first click): every cell covered."""
        self._mines = mines
        self._digits: bytes | None = None  # the layout in digits (mine_digits)
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
        :meth:`appearance`.
        """
        return None if self._mines is None else frozenset(self._mines)

    def _index(self, cell: Cell) -> int:
        r, c = cell
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise ValueError(
                f"cell: ({r}, {c}) is off the board; rows 0..{self.rows - 1}, cols 0..{self.cols - 1}")
        return r * self.cols + c

    # ----- the layout ------------------------------------------------------------------------
    def lay(self, mines: Iterable[Cell], dealt: bool = False, digits: bytes | bytearray | None = None) -> None:
        """Lay the mines of a board that has none yet, before its first reveal (the midend's
        deal: at the first click, or a no-guess layout generated elsewhere).

        ``dealt``: ``mines`` is a set of (row, col) tuples the deal made (game.rules.board.lay_mines),
        taken as it is after cheap checks of its count and bounds (a 100,000-mine layout
        costs no copy); otherwise every cell is checked and copied (a loaded or generated one).
        ``digits``: with ``dealt``, the same layout as ``rows * cols`` bytes, row-major,
        ``b"1"`` a mine, ``b"0"`` not (game.rules.board.IndexedSample.lay makes both at once): kept
        for the flood and the 3BV count, and the bounds are then its length (the deal made
        the set from the same positions); without it they are worked out from the set when
        first needed.
        Raises:
            ValueError: the mines are laid already, a cell is off the board, the count is
                not the config's, ``digits`` is not the board's size or count, or a mine lies
                under a revealed cell.
        """
        if self._mines is not None:
            raise ValueError("lay: the mines are laid already")
        if dealt and isinstance(mines, set) and len(mines) == self.config.mines:
            if digits is not None:
                if len(digits) != self.config.cells or digits.count(49) != self.config.mines:
                    raise ValueError(f"mines: the digits are not a {self.rows}x{self.cols} board of "
                                     f"{self.config.mines} mines")
            else:
                high, low = max(mines), min(mines)  # rows, by the tuples' order
                cols = [c for _, c in mines]
                if not (0 <= low[0] and high[0] < self.rows and 0 <= min(cols) and max(cols) < self.cols):
                    raise ValueError(f"mines: a cell is off the {self.rows}x{self.cols} board")
            given = mines
        else:
            given = set(check_layout(self.config, mines))
            digits = None
        if self._revealed and any(self._cover[r * self.cols + c] == REVEALED for r, c in given):
            raise ValueError("lay: a mine under a revealed cell")
        self._mines = given
        self._digits = bytes(digits) if digits is not None else None
        self._bv_parts = None

    def mine_digits(self) -> bytes | None:
        """The layout as ``rows * cols`` bytes, row-major, ``b"1"`` a mine and ``b"0"`` not
        (None before it is laid): what the flood and the 3BV count read rows from, worked
        out once per layout. For the midend (its 3BV count) and the engine: views and
        solvers must not call this while the game runs, as :meth:`layout`."""
        if self._mines is None:
            return None
        if self._digits is None:
            grid = bytearray(b"0") * self.config.cells
            cols = self.cols
            for r, c in self._mines:
                grid[r * cols + c] = 49
            self._digits = bytes(grid)
        return self._digits

    def assume(self, other: "Game") -> None:
        """Become ``other``, a position of the same config, which is then discarded: the
        midend's new board, retry and undo keep one Game object, the one views hold.
        Raises:
            ValueError: ``other`` has another config.
        """
        if other.config != self.config:
            raise ValueError("assume: a position of another board")
        self.__dict__.clear()
        self.__dict__.update(other.__dict__)

    def replace(self, other: "Game") -> "Game":
        """:meth:`assume` ``other``, an earlier position of this same game (undo), and return
        the position this object held until now, as a Game of its own (it tells the view
        which cells changed). The revision goes on rising (a new position for views and
        solvers: a version stamp never goes back), and the 3BV counted for the layout is kept.
        (The clicks of the game's whole story are the midend's: game.midend.match.Match.clicks.)
        Raises:
            ValueError: ``other`` has another config.
        """
        old = Game.__new__(Game)
        old.__dict__.update(self.__dict__)
        self.assume(other)
        self.revision = old.revision + 1
        if self._bv_parts is None and self._start == old._start and self._mines == old._mines:
            self._bv_parts = old._bv_parts
        return old

    def resume_play(self) -> None:
        """The game is under way though no reveal of it stands (the midend's clock runs: an
        undo went back past the first reveal of a laid board): READY becomes PLAYING, so the
        next reveal is an ordinary one.
        Raises:
            ValueError: the mines are not laid.
        """
        if self._mines is None:
            raise ValueError("resume_play: the mines are not laid")
        if self.state is State.READY:
            self.state = State.PLAYING

    def _show(self, revealed: Iterable[Cell], flags: Iterable[Cell]) -> None:
        """A loaded position: reveal ``revealed`` (no flood), flag ``flags``; a board with
        nothing left to reveal is won at once."""
        if self._mines is None:
            raise ValueError("restore: no mine layout to restore a position on")
        for cell in revealed:
            if cell in self._mines:
                raise ValueError(f"restore: {cell} is a mine and cannot be shown revealed")
            index = self._index(cell)
            if self._cover[index] != REVEALED:
                self._cover[index] = REVEALED
                self._revealed += 1
                self._start.add(cell)
        for cell in flags:
            index = self._index(cell)
            if self._cover[index] == COVERED:
                self._cover[index] = FLAGGED
                self._flags += 1
                self._start_flags.add(cell)
        if self.cleared:
            self._win(set())

    # ----- queries ---------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """True once the game is won or lost; moves are then ignored."""
        return self.state in (State.WON, State.LOST)

    @property
    def cleared(self) -> bool:
        """True when every safe cell is revealed: the win. A move (or a loaded position) that
        clears the board ends the game won, every mine shown flagged."""
        return self._revealed == self.config.cells - self.config.mines

    def appearance(self, cell: Cell) -> str:
        """What the cell looks like now: a sprite key.

        One of 'covered', 'flag', 'question', '0'..'8', and after a loss 'mine'
        (unflagged mine shown), 'mine_hit' (the exploded one), 'wrong_flag'
        (a flag on a safe cell). After a win every mine shows 'flag'.
        """
        state = self._cover[self._index(cell)]
        if state == REVEALED:
            return NUMBER_KEYS[self._count(cell)]
        if self.state is State.LOST:
            is_mine = cell in self._mines
            if cell == self.exploded:
                return "mine_hit"
            if state == FLAGGED:
                return "flag" if is_mine else "wrong_flag"
            if is_mine:
                return "mine"
        return _COVER_KEYS.get(state, "covered")

    def appearances(self, rows: range, cols: range) -> list[str]:
        """:meth:`appearance` of every cell of the rectangle ``rows`` x ``cols`` (ranges of
        indices on the board), row-major: what a view of a big board draws each time it
        moves (a row with no revealed cell is read from the cover in one slice; a number is
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

    def differences(self, other: "Game") -> set[Cell]:
        """The cells whose appearance differs between this position and ``other``, a position
        of the same board (what a view redraws after an undo): cover changes, and every mine
        and flag when either position is lost (mines and wrong flags show then).

        Raises:
            ValueError: ``other`` is a board of another size.
        """
        if (other.rows, other.cols) != (self.rows, self.cols):
            raise ValueError("differences: positions of different boards")
        old, new, cols = other._cover, self._cover, self.cols
        changed: set[Cell] = set()
        if old != new:
            changed.update(divmod(i, cols) for i, (a, b) in enumerate(zip(old, new)) if a != b)
        for game in (self, other):
            if game.state is State.LOST:
                changed.update(game._mines)
                changed.update(game.flagged())
                changed.add(game.exploded)
        if (self.state is State.WON) != (other.state is State.WON):
            changed.update(self._mines or other._mines or ())
        return changed

    def chord_targets(self, cell: Cell) -> list[Cell]:
        """The covered, unflagged neighbours a chord on ``cell`` would reveal."""
        if self.over or not self.is_revealed(cell):
            return []
        return [n for n in self.neighbours(cell) if self._cover[self._index(n)] in (COVERED, QUESTION)]

    def chord_ready(self, cell: Cell) -> bool:
        """True when ``cell`` is revealed with exactly as many flags around as its number
        (a 0 with no flag around too: ms-toollib's rule)."""
        number = self.number(cell)
        return number is not None and self.flagged_neighbours(cell) == number

    # ----- score (pure queries on the layout and the cover) ---------------------------------
    def bv_parts(self) -> BvParts | None:
        """The 3BV of the starting position in parts (game.rules.bv), counted once per layout;
        None before the mines are laid."""
        if self._mines is None:
            return None
        if self._bv_parts is None:
            self._bv_parts = bv_parts(self._mines, self.rows, self.cols, revealed=self._start)
        return self._bv_parts

    @property
    def three_bv_known(self) -> bool:
        """True when :attr:`three_bv` costs nothing to read (counted, or no mines yet)."""
        return self._mines is None or self._bv_parts is not None

    def know_three_bv(self, parts: BvParts, mines: frozenset[Cell] | bytes) -> bool:
        """Take ``parts`` counted elsewhere (another process, game.midend.match's background count)
        as this position's 3BV, if they were counted on this layout ``mines`` (its cells, or
        its digits as :meth:`mine_digits` gives them); True when taken."""
        if self._bv_parts is not None or self._mines is None or self._start:
            return False
        if mines != (self.mine_digits() if isinstance(mines, (bytes, bytearray)) else self._mines):
            return False
        self._bv_parts = parts
        return True

    @property
    def three_bv(self) -> int | None:
        """3BV of the starting position, in clicks (None before the mines are laid): the
        fewest left clicks that clear the board (each opening 1, each number not on an
        opening's border 1; minesweepergame.com's definition). For a loaded position with
        cells already revealed, only the work left (see :func:`game.rules.board.three_bv`)."""
        parts = self.bv_parts()
        return None if parts is None else parts.value

    @property
    def three_bv_solved(self) -> int:
        """3BV solved so far, in clicks: openings of the starting position with every one of
        their zeros revealed plus its isolated numbers revealed (at most :attr:`three_bv`).
        Every zero, not only the first: a flag on a zero stops the flood, and an opening cut
        by one is not solved until the rest is opened, as ms-toollib and Metasweeper count it
        (tests/rules/test_counters.py). An opening found solved stays so (reveals last while
        this object holds the position; an undo gives it another one), so each count looks
        only at the openings not solved yet."""
        parts = self.bv_parts()
        if parts is None:
            return 0
        cached = self._solved
        if cached is not None and cached[0] == self.revision and cached[1] is parts:
            return cached[2]
        done: set[int] = cached[3] if cached is not None and cached[1] is parts else set()
        cover = self._cover
        for index, spans in enumerate(parts.spans):
            if index not in done and all(cover.count(REVEALED, a, b) == b - a for a, b in spans):
                done.add(index)
        solved = len(done) + sum(1 for cell in parts.isolated if self.is_revealed(cell))
        self._solved = (self.revision, parts, solved, done)
        return solved

    # ----- moves -----------------------------------------------------------------------------
    def apply(self, move: Move) -> Outcome:
        """Apply ``move``, the one way to change a game; returns what it did.

        A move while the game is over is ignored (``Outcome.ignored``); every other move
        advances :attr:`revision` (``Outcome.wasted`` when it changed nothing: the midend
        counts it a wasted click, game.midend.match.Match.clicks).

        - reveal: a covered, unflagged cell (question-marked too). A mine loses; a zero
          opens its connected zero region and that region's numbered border (game.rules.flood).
          A revealed or flagged cell: nothing (wasted).
        - flag: the flag cycle on a covered cell: covered -> flag -> question (when the
          config has question marks) -> covered. A revealed cell: nothing (wasted).
        - chord: on a revealed cell with as many flags around as its number, reveal its
          other covered neighbours; a wrong flag means a mine is revealed and the game is
          lost, as in the classic game. Otherwise nothing (wasted).

        The first reveal starts the game (``State.PLAYING``).
        Raises:
            ValueError: ``move.cell`` is off the board, ``move.kind`` is not one of
                game.rules.moves.KINDS, or a reveal comes before the mines are laid.
        """
        kind, cell = move
        if kind not in self._MOVES:
            raise ValueError(f"move: kind {kind!r} is not one of {', '.join(self._MOVES)}")
        index = self._index(cell)
        if self.over:
            return Outcome(move, ignored=True)
        changed, opened = self._MOVES[kind](self, cell, index)
        self.revision += 1
        return Outcome(move, _frozen(changed), _frozen(opened),
                       self.exploded if self.state is State.LOST else None,
                       ended=self.over, wasted=not changed)

    def _reveal(self, cell: Cell, index: int) -> tuple[set[Cell], set[Cell]]:
        if self._cover[index] in (REVEALED, FLAGGED):
            return set(), set()
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
        if not targets or not self.chord_ready(cell):
            return set(), set()
        return self._open(targets)

    _MOVES = {REVEAL: _reveal, FLAG: _toggle_flag, CHORD: _chord}

    def reveal(self, cell: Cell) -> set[Cell]:
        """``apply(Move.reveal(cell))``; returns the changed cells."""
        return set(self.apply(Move(REVEAL, cell)).changed)

    def toggle_flag(self, cell: Cell) -> set[Cell]:
        """``apply(Move.flag(cell))``: the flag cycle; returns the changed cells."""
        return set(self.apply(Move(FLAG, cell)).changed)

    def chord(self, cell: Cell) -> set[Cell]:
        """``apply(Move.chord(cell))``; returns the changed cells."""
        return set(self.apply(Move(CHORD, cell)).changed)

    # ----- internals -------------------------------------------------------------------------
    def _count(self, cell: Cell) -> int:
        r, c = cell
        mines = self._mines
        return sum(1 for nr in (r - 1, r, r + 1) for nc in (c - 1, c, c + 1) if (nr, nc) in mines)

    def _open(self, cells: list[Cell]) -> tuple[CellRuns, CellRuns]:
        """Reveal ``cells`` and flood from zeros; end the game on a mine or the last safe cell.

        Returns (changed, opened): the cells whose appearance changed and those revealed,
        as :class:`game.rules.cells.CellRuns` (row runs: a 1,000,000-cell opening is a thousand
        runs, not a million tuples).
        """
        if self._mines is None:
            raise ValueError("reveal: the mines are not laid yet (the midend lays them at the first click)")
        if self.state is State.READY:
            self.state = State.PLAYING
        runs, hit = flood(self._cover, self._mines, self.rows, self.cols, cells, self.mine_digits())
        opened = CellRuns.of_flood(runs)
        self._revealed += len(opened)
        extra: set[Cell] = set()
        if hit is not None:
            self._lose(hit, extra)
        elif self.cleared:
            self._win(extra)
        return (CellRuns(runs, extra) if extra else opened), opened

    def _lose(self, hit: Cell, changed: set[Cell]) -> None:
        self.state = State.LOST
        self.exploded = hit
        changed.update(self._mines)
        changed.update(self.flagged())  # every flag: a wrong one now shows

    def _win(self, changed: set[Cell]) -> None:
        self.state = State.WON
        cover, width = self._cover, self.cols  # the laid mines are on the board (check_layout)
        for cell in self._mines:
            index = cell[0] * width + cell[1]
            if cover[index] != FLAGGED:
                cover[index] = FLAGGED
                changed.add(cell)
        self._flags = self.config.mines


class Layout(frozenset):
    """A layout :func:`check_layout` passed, for a board of ``board`` = (rows, cols, mines):
    checked again for the same board, it is taken as it is (a million-mine replay's layout
    is checked once, not at each of the board's starts)."""

    board: tuple[int, int, int] = (0, 0, 0)


def check_layout(config: Config, mines: Iterable[Cell]) -> frozenset[Cell]:
    """``mines`` as a layout for a board of ``config`` (a loaded, dealt or generated one): a
    :class:`Layout`, returned as it is when it is one already checked for this board.

    Raises:
        ValueError: a cell off the board, or a count other than the config's.
    """
    rows, cols = config.rows, config.cols
    if isinstance(mines, Layout) and mines.board == (rows, cols, config.mines):
        return mines
    given = Layout(map(tuple, mines))
    if given:  # the bounds from the extremes, the cells named only if one is off
        if set(map(len, given)) != {2}:
            raise ValueError("mines: a cell is not a (row, column) pair")
        down, across = list(map(itemgetter(0), given)), list(map(itemgetter(1), given))
        if not (0 <= min(down) and max(down) < rows and 0 <= min(across) and max(across) < cols):
            bad = next((r, c) for r, c in given if not (0 <= r < rows and 0 <= c < cols))
            raise ValueError(f"mines: {bad} is off the {rows}x{cols} board")
    if len(given) != config.mines:
        raise ValueError(f"mines: {len(given)} laid but the game says {config.mines}")
    given.board = (rows, cols, config.mines)
    return given


def _frozen(cells: set[Cell] | CellRuns) -> frozenset[Cell] | CellRuns:
    """A move's cells as an Outcome holds them: CellRuns as they are (already read-only)."""
    return cells if isinstance(cells, CellRuns) else frozenset(cells)
