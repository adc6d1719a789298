"""The solver in the window: hints, the probability overlay's numbers and autoplay's moves.

UI state only (Tatham's ``game_ui``): no drawing here (see :mod:`game.ui.solver_view`).
The solver only ever sees the visible position, ``from_game(game, with_mines=False)``,
never the mine layout. It reads the numbers and ignores flags (``ignore_flags=True``):
a player's flag may be wrong, and a wrong flag that still fits the numbers would make a
"certain" hint false. Analyses are cached per position: the Playing scene calls
:meth:`Assistant.changed` whenever the board changes, so nothing is computed per frame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.board import Cell
from game.boardfile import from_game
from game.engine import Game, State
from game.solver import Analysis, InconsistentPosition, Solver
from game.solver.explain import simplest_proof

MOVE_TICKS = 9  # update ticks between autoplay moves (60 Hz: 150 ms)
AUTOPLAY_BUDGET = 0.1  # seconds of guess look-ahead per autoplay analysis, inside MOVE_TICKS
HINT_BUDGET = 0.7  # seconds of guess look-ahead for a hint (a one-off, asked for)
AUTOPLAY_FLAGS = True  # autoplay flags the mines it has proved, as a player would


def first_click_cell(game: Game) -> Cell:
    """A sensible first click: the centre with the ``opening`` rule (it opens an area
    anyway, and the centre opens the most), else the corner (0, 0), which has the
    fewest neighbours and so most often is a zero."""
    if game.config.first_click == "opening" or game.config.no_guess:
        return game.rows // 2, game.cols // 2
    return 0, 0


@dataclass
class Hint:
    """What a hint shows: ``cell`` outlined, ``safe`` cells marked, a ``title`` and a ``text``.

    kind: 'first' (before the first click), 'safe', 'guess', 'endgame', 'none' or 'error'.
    survival: chance that ``cell`` is safe (1.0 for a certain-safe cell).
    counted: True when this hint was counted in ``game.hints_used``.
    """

    kind: str
    cell: Cell | None
    title: str
    text: str
    survival: float = 1.0
    safe: set[Cell] = field(default_factory=set)
    counted: bool = False


class Assistant:
    """The solver for one game (one :class:`Solver`, its cache kept between moves).

    ``version`` counts board changes; analyses are cached against it.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.solver = Solver(ignore_flags=True, budget=HINT_BUDGET)
        self.version = 0
        self._analysis: tuple[tuple, bool, Analysis | None] | None = None  # (key, explained, result)
        self._probabilities: tuple[tuple, dict[Cell, float] | None] | None = None
        self._counted: set[tuple] = set()  # positions whose hint is already in hints_used

    # ----- board changes ---------------------------------------------------------------------
    def changed(self) -> None:
        """The board changed (a move, a retry, a laid board): forget cached analyses."""
        self.version += 1
        if self.game.state is State.READY:
            self.solver = Solver(ignore_flags=True, budget=HINT_BUDGET)  # a fresh board

    def key(self) -> tuple:
        """What identifies the position: the change count plus cheap engine figures."""
        game = self.game
        return self.version, game.state, game.total_clicks, game.mines_left, game.seed

    def first_click_pending(self) -> bool:
        """True before the first reveal of a dealt board: any cell is safe, nothing is known."""
        return self.game.first_click_safe

    # ----- analyses --------------------------------------------------------------------------
    def analysis(self, explain: bool = True, budget: float = HINT_BUDGET) -> Analysis | None:
        """The solver's analysis of the visible position (cached), or None when there is none
        (the game is over, or no layout fits the numbers)."""
        key = self.key()
        cached = self._analysis
        if cached is not None and cached[0] == key and (cached[1] or not explain):
            return cached[2]
        result = None
        if not self.game.over:
            self.solver.budget = budget
            try:
                result = self.solver.analyse(from_game(self.game, with_mines=False), explain=explain)
            except InconsistentPosition:
                result = None
        self._analysis = (key, explain, result)
        return result

    def probabilities(self) -> dict[Cell, float] | None:
        """Mine probability of every covered cell (flags ignored), cached; None if no layout fits.

        Only the probability count runs (no move choice), unless an analysis of this
        position is already cached.
        """
        key = self.key()
        if self._analysis is not None and self._analysis[0] == key and self._analysis[2] is not None:
            return self._analysis[2].probabilities
        if self._probabilities is None or self._probabilities[0] != key:
            try:
                probs = self.solver.probabilities(from_game(self.game, with_mines=False)).as_floats()
            except InconsistentPosition:
                probs = None
            self._probabilities = (key, probs)
        return self._probabilities[1]

    def hint(self) -> Hint:
        """The hint for the position now; counts it in ``game.hints_used`` (once per position)
        when it comes from the solver in a game that has not ended."""
        game = self.game
        if game.over:
            return Hint("none", None, "The game is over", "Press F2 for a new game or R to retry.")
        if self.first_click_pending():
            return self._first_click_hint()
        analysis = self.analysis()
        if analysis is None:
            return Hint("error", None, "No hint", "No mine layout fits the numbers shown.")
        if analysis.best_move is None:
            return Hint("none", None, "No move", "Every covered cell holds a mine.")
        cell, text = analysis.best_move, analysis.explanation
        if analysis.move_kind == "safe":
            # Every certain-safe cell is as good a move; hint the one with the shortest proof.
            proof = simplest_proof(analysis.result, cell)
            cell, text = proof.cell, f"Safe: {proof.text}."
        hint = Hint(analysis.move_kind, cell, hint_title(analysis.move_kind, cell, analysis.survival),
                    text, analysis.survival, set(analysis.safe) - {cell})
        if self.key() not in self._counted:
            self._counted.add(self.key())
            game.hints_used += 1
            hint.counted = True
        return hint

    def _first_click_hint(self) -> Hint:
        cell = first_click_cell(self.game)
        if self.game.config.first_click == "opening" or self.game.config.no_guess:
            text = ("Click anywhere: the first click is always safe and opens an area. "
                    "The centre opens the most.")
        else:
            text = ("Click anywhere: the first click is always safe. A corner has the fewest "
                    "neighbours, so it most often opens an area.")
        return Hint("first", cell, "First click", text)


def hint_title(kind: str, cell: Cell, survival: float) -> str:
    """One line naming the move: 'Reveal (3,4): certain safe' or 'Best guess (0,0): 88% safe'."""
    row, col = cell
    if kind == "safe":
        return f"Reveal ({row},{col}): certain safe"
    return f"Best guess ({row},{col}): {survival:.0%} safe"


class Autoplay:
    """The solver playing: one move every MOVE_TICKS update ticks while ``running``.

    Certain-safe cells are revealed one per move, nearest to the last move first (a
    revealed cell stays safe, so one analysis serves many moves); only when none is
    left does it analyse again and, if still none, make the solver's best guess.
    ``log`` lists every reveal as (cell, kind): kind 'first', 'safe', 'guess' or 'endgame'.
    ``awaiting_board`` is True while the Generating overlay builds the board for its first click.
    """

    def __init__(self, assistant: Assistant) -> None:
        self.assistant = assistant
        self.running = False
        self.ticks = 0
        self.queue: list[Cell] = []
        self.last: Cell | None = None
        self.log: list[tuple[Cell, str]] = []
        self.awaiting_board = False

    def start(self) -> None:
        """Begin: the first move comes on the next update."""
        self.running = True
        self.ticks = MOVE_TICKS - 1
        self.queue = []

    def stop(self) -> None:
        self.running = False
        self.awaiting_board = False

    def tick(self) -> list[tuple[str, Cell]]:
        """One update: the moves to make now (empty between moves), as (kind, cell)."""
        if not self.running:
            return []
        self.ticks += 1
        if self.ticks < MOVE_TICKS:
            return []
        self.ticks = 0
        moves = self.next_moves()
        if not moves:
            self.stop()
        return moves

    def next_moves(self) -> list[tuple[str, Cell]]:
        """The next reveal, preceded by any flag changes: flags on proved mines, and the
        removal of a (wrong) flag on the cell to reveal. Empty when there is nothing to do."""
        game = self.assistant.game
        if game.over:
            return []
        if self.assistant.first_click_pending():
            return self._reveal(first_click_cell(game), "first")
        self.queue = [cell for cell in self.queue if not game.is_revealed(cell)]
        if self.queue:
            return self._reveal(self.queue.pop(0), "safe")
        analysis = self.assistant.analysis(explain=False, budget=AUTOPLAY_BUDGET)
        if analysis is None or analysis.best_move is None:
            return []
        moves = []
        if AUTOPLAY_FLAGS:
            for cell in sorted(analysis.mines):  # covered -> flag; question -> covered -> flag
                moves += [("flag", cell)] * {"": 1, "question": 2}.get(game.mark(cell), 0)
        safe = [cell for cell in analysis.safe if not game.is_revealed(cell)]
        if safe:
            self.queue = sorted(safe, key=self._distance)
            return moves + self._reveal(self.queue.pop(0), "safe")
        return moves + self._reveal(analysis.best_move, analysis.move_kind)

    def _reveal(self, cell: Cell, kind: str) -> list[tuple[str, Cell]]:
        self.last = cell
        self.log.append((cell, kind))
        unflag = [("flag", cell)] if self.assistant.game.mark(cell) == "flag" else []
        return unflag + [("reveal", cell)]

    def _distance(self, cell: Cell) -> tuple[float, Cell]:
        if self.last is None:
            return 0.0, cell
        return math.dist(cell, self.last), cell
