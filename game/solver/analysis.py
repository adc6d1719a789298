"""The solver's public entry points: analyse a position, get its certain cells.

``analyse(text)`` reads ``.mine`` text; ``analyse_board(board)`` takes a
:class:`game.boardfile.BoardFile` (e.g. ``from_game(game, with_mines=False)``) and skips
the text. A :class:`Solver` keeps a cache across the positions of one game, so each
analysis re-counts only the frontier groups the last move changed.
"""

from __future__ import annotations

import math
import time
from array import array
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace

from game.rules.board import Cell
from game.boardfile import BoardFile, from_game, parse_mine
from game.rules.cells import CellMask
from game.rules.moves import Move as PlayerMove
from game.solver.bestmove import GUESS_BUDGET, BestMove, best_move
from game.solver.explain import Mark, Proof, explain_move, explain_safe, move_marks, simplest_proof
from game.solver.probabilities import GroupCache, InteriorValues, Probabilities, solve
from game.solver.problem import build_problem
from game.solver.reasons import Reason

AUTOPLAY = "autoplay"  # the source of the solver's moves in a match's log (game.midend.match.Source's value)


@dataclass
class Analysis:
    """The solver's view of a position.

    probabilities: every covered unflagged (row, col) -> mine probability (float 0..1).
        With ``ignore_flags`` the flagged cells are included. A dict, or on a board with
        more than 20,000 cells off the frontier a read-only mapping that keeps their one
        value once (game.solver.probabilities.InteriorValues; CellFloats once slim).
    best_move: the (row, col) to reveal next, or None when every covered cell is a mine.
    safe: cells certain to be safe; mines: cells certain to hold a mine (flags excluded).
    move_kind: 'safe', 'guess', 'endgame' or 'none'. survival: chance the best move is safe.
    win_chance: with 'endgame', the chance of winning with best play (else None).
    reason: why the best move, as data (game.solver.reasons.Reason; the words are
        game.commands.explain_text's), None when the analysis was asked without one.
    approximate: True when some probabilities are estimates; ``approximation`` says why
        (Reasons of kind ESTIMATED_GROUP).
    Why a certain-safe cell is safe is worked out on demand (:meth:`why_safe`).
    layouts: the number of mine layouts consistent with the position, an exact int (computed
        on first use; None when the analysis is approximate).
    seconds: time the analysis took.
    """

    probabilities: Mapping[Cell, float]
    best_move: Cell | None
    safe: set[Cell]
    mines: set[Cell]
    move_kind: str
    survival: float
    win_chance: float | None
    reason: Reason | None
    approximate: bool
    approximation: tuple[Reason, ...]
    seconds: float
    result: Probabilities = field(repr=False, default=None)
    move: BestMove = field(repr=False, default=None)
    hint_proof: Proof | None = field(repr=False, default=None)
    hint_marks: tuple[Mark, ...] = field(repr=False, default=())

    @property
    def layouts(self) -> int | None:
        return None if self.result is None else self.result.total

    def slim(self, rows: int, cols: int, hint: bool = False) -> "Analysis":
        """A copy fit to cross to another process (game.solver.worker): no ``result`` nor
        ``move`` (on a big board they hold every cell's exact weight, numbers of thousands of
        digits), ``probabilities`` as :class:`CellFloats` of the ``rows`` x ``cols`` board
        (8 bytes a cell, sent whole). With ``hint``, what a hint shows besides the words is
        worked out first, while ``result`` is here: ``hint_proof``, the simplest proof of a
        safe move (game.solver.explain.simplest_proof), or ``hint_marks``, the cells a
        guess's explanation names (move_marks)."""
        proof, marks = None, ()
        if hint and self.best_move is not None and self.result is not None:
            if self.move_kind == "safe":
                proof = simplest_proof(self.result, self.best_move)
            elif self.move is not None:
                marks = move_marks(self.result, self.move)
        return replace(self, probabilities=CellFloats.of(self.probabilities, rows, cols), result=None,
                       move=None, hint_proof=proof, hint_marks=marks)

    def why_safe(self, cell: Cell) -> Proof:
        """Why a certain-safe ``cell`` is safe, from the fewest numbers that prove it.

        Raises:
            ValueError: ``cell`` is not certain to be safe.
        """
        if cell not in self.safe:
            raise ValueError(f"cell: {cell} is not certain to be safe")
        if self.result is None:
            raise ValueError("why_safe: a slim analysis (Analysis.slim) keeps no counts to prove it with")
        return explain_safe(self.result, cell)


@dataclass(frozen=True)
class Studied:
    """The answer to a "position" question (game.solver.worker): ``analysis``, slimmed with
    the hint's proof or marks (:meth:`Analysis.slim`), and the number of layouts that fit,
    ``total`` (an exact int) with its natural log ``log_total`` (as
    game.solver.probabilities.Probabilities has them; None when the analysis is approximate)."""

    analysis: Analysis
    total: int | None
    log_total: float | None


class CellFloats(Mapping):
    """A read-only mapping (row, col) -> float over a ``rows`` x ``cols`` board, kept as one
    array of doubles, row-major, NaN where a cell has no value: as a dict of the same items
    reads (``==`` a dict of them too), 8 bytes a cell rather than a dict entry's hundred, and
    pickled as one block of bytes (a 1000x1000 board's probabilities cross between processes
    in milliseconds)."""

    __slots__ = ("rows", "cols", "_values", "_count")

    def __init__(self, rows: int, cols: int, values: array, count: int | None = None) -> None:
        """``values``: ``rows * cols`` doubles; ``count``: how many are not NaN (counted when None).

        Raises:
            ValueError: ``values`` is not ``rows * cols`` long.
        """
        if len(values) != rows * cols:
            raise ValueError(f"values: {len(values)} for a {rows}x{cols} board")
        self.rows, self.cols, self._values = rows, cols, values
        self._count = sum(1 for value in values if value == value) if count is None else count

    @classmethod
    def of(cls, items, rows: int, cols: int) -> "CellFloats":
        """The items of ``items`` (a mapping (row, col) -> float of cells on the board)."""
        if isinstance(items, CellFloats):
            return items
        values = array("d", [math.nan]) * (rows * cols)
        own = items
        if isinstance(items, InteriorValues) and isinstance(items.interior, CellMask):
            value, own = array("d", [items.value]), items.own  # the cells off the frontier a run at a time
            for r, start, stop in items.interior.runs():
                values[r * cols + start:r * cols + stop] = value * (stop - start)
        for (r, c), value in own.items():
            values[r * cols + c] = value
        return cls(rows, cols, values, len(items))

    def __getitem__(self, cell) -> float:
        try:
            r, c = cell
        except (TypeError, ValueError):
            raise KeyError(cell) from None
        if not (isinstance(r, int) and isinstance(c, int) and 0 <= r < self.rows and 0 <= c < self.cols):
            raise KeyError(cell)
        value = self._values[r * self.cols + c]
        if value != value:  # NaN: no value
            raise KeyError(cell)
        return value

    def __iter__(self) -> Iterator[Cell]:
        cols = self.cols
        return (divmod(i, cols) for i, value in enumerate(self._values) if value == value)

    def __len__(self) -> int:
        return self._count

    def __reduce__(self):
        return CellFloats, (self.rows, self.cols, self._values, self._count)


class Solver:
    """Analyses the positions of one game, reusing counts between moves.

    ignore_flags: treat flags as ordinary covered cells (when they may be wrong).
    budget: seconds of guess look-ahead at most per analysis.
    """

    def __init__(self, ignore_flags: bool = False, budget: float = GUESS_BUDGET):
        self.ignore_flags = ignore_flags
        self.budget = budget
        self.cache = GroupCache()

    def probabilities(self, board: BoardFile) -> Probabilities:
        """Exact probabilities only (no move choice).

        Raises:
            game.solver.problem.InconsistentPosition: no layout fits.
        """
        return solve(build_problem(board, self.ignore_flags), self.cache)

    def analyse(self, board: BoardFile, explain: bool = True) -> Analysis:
        """Probabilities, certain cells and the best move of ``board``'s position.

        explain: work out the move's reason (skip it when only the move is wanted).
        Raises:
            game.solver.problem.InconsistentPosition: no layout fits.
        """
        start = time.perf_counter()
        problem = build_problem(board, self.ignore_flags)
        probs = solve(problem, self.cache)
        move = best_move(problem, probs, self.cache, self.budget)
        reason = explain_move(probs, move) if explain else None
        return Analysis(
            probabilities=probs.as_floats(), best_move=move.cell, safe=set(probs.safe),
            mines=set(probs.mines), move_kind=move.kind, survival=move.survival,
            win_chance=move.win, reason=reason, approximate=probs.approximate,
            approximation=tuple(probs.reasons),
            seconds=time.perf_counter() - start, result=probs, move=move)


def analyse_board(board: BoardFile, ignore_flags: bool = False) -> Analysis:
    """Analyse a position given as a BoardFile (mines, if marked, are not looked at).

    Raises:
        game.solver.problem.InconsistentPosition: no layout fits.
    """
    return Solver(ignore_flags).analyse(board)


def analyse(position: str, ignore_flags: bool = False) -> Analysis:
    """Analyse a position given as ``.mine`` text.

    Raises:
        game.boardfile.BoardFileError: the text does not parse.
        game.solver.problem.InconsistentPosition: no layout fits.
    """
    return analyse_board(parse_mine(position), ignore_flags)


def certain_cells(board: BoardFile, ignore_flags: bool = False,
                  cache: GroupCache | None = None) -> tuple[set[Cell], set[Cell]]:
    """(certain-safe cells, certain mines) of a position, exact, using the global mine count.

    Cheap: one probability count, no move choice or explanation. For the no-guess
    generator: a position is solved without guessing while this returns safe cells.
    Pass one ``cache`` across the positions of a game to reuse counts. If a frontier group
    is too large to count (never seen on the standard levels), only its locally certain
    cells are returned, so the sets are still never wrong, only possibly incomplete.
    Raises:
        game.solver.problem.InconsistentPosition: no layout fits.
    """
    probs = solve(build_problem(board, ignore_flags), cache)
    return set(probs.safe), set(probs.mines)


def play_out(match, solver: Solver | None = None) -> Iterator[Analysis]:
    """Let the solver play the game of ``match`` (a :class:`game.midend.match.Match` whose game has
    started) to its end, as autoplay,
    seeing only the visible position, never the mines; yields each move's analysis after
    its reveals. A move reveals the best move, then every other certain-safe cell the
    analysis found (safe, so revealing them together changes no outcome, only the number
    of analyses). For benchmarks and tools that measure the solver's play.
    """
    solver = solver or Solver()
    game = match.game
    while not game.over:
        analysis = solver.analyse(from_game(game, with_mines=False), explain=False)
        match.apply(PlayerMove.reveal(analysis.best_move), AUTOPLAY)
        for cell in analysis.safe:
            if not game.over:
                match.apply(PlayerMove.reveal(cell), AUTOPLAY)
        yield analysis
