"""The solver in the window: hints, the probability overlay's numbers and autoplay's moves.

UI state only (Tatham's ``game_ui``): no drawing here (see :mod:`game.ui.solver_view`).
The solver only ever sees the visible position, ``from_game(game, with_mines=False)``,
never the mine layout. It reads the numbers and ignores flags (``ignore_flags=True``):
a player's flag may be wrong, and a wrong flag that still fits the numbers would make a
"certain" hint false. Analyses are cached per position: the Playing scene calls
:meth:`Assistant.changed` whenever the board changes, so nothing is computed per frame.

A hint is worked out on a worker thread (:meth:`Assistant.request_hint`): the hardest
Expert guesses take over a second of look-ahead, and the window keeps drawing and
answering meanwhile. The worker gets a snapshot of the visible position and its own
:class:`Solver` (the solver's cache is not thread-safe), and never touches the game;
the answer is read on the main thread, which alone counts the hint and caches it.
"""

from __future__ import annotations

import math
from concurrent.futures import Future, ThreadPoolExecutor
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
# One worker thread for every game's hints: at most one hint is worked out at a time.
_HINT_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hint")


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
        self._hint_solver = Solver(ignore_flags=True, budget=HINT_BUDGET)  # the worker's own
        self._pending_hint: HintRequest | None = None

    # ----- board changes ---------------------------------------------------------------------
    def changed(self) -> None:
        """The board changed (a move, a retry, a laid board): forget cached analyses."""
        self.version += 1
        if self.game.state is State.READY:
            self.solver = Solver(ignore_flags=True, budget=HINT_BUDGET)  # a fresh board
            self._hint_solver = Solver(ignore_flags=True, budget=HINT_BUDGET)

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
        """The hint for the position now, waiting for it (see :meth:`request_hint`)."""
        return self.request_hint().wait()

    def request_hint(self) -> "HintRequest":
        """Start working out the hint for the position now; returns at once.

        Answers that need no look-ahead (the game is over, the first click, an analysis
        already cached) are ready at once; otherwise the position is analysed on the
        hint worker thread. The hint is counted in ``game.hints_used`` (once per
        position, only from the solver in a game that has not ended) when it is read.
        """
        game = self.game
        if game.over:
            return HintRequest(self, None, hint=Hint(
                "none", None, "The game is over", "Press F2 for a new game or R to retry."))
        if self.first_click_pending():
            return HintRequest(self, None, hint=self._first_click_hint())
        key = self.key()
        cached = self._analysis
        if cached is not None and cached[0] == key and cached[1]:
            return HintRequest(self, key, analysis=cached[2])
        pending = self._pending_hint
        if pending is not None and pending.key == key and not pending.ready():
            return pending  # asked again while the first is still being worked out
        board = from_game(game, with_mines=False)  # a snapshot: the worker never reads the game
        self._pending_hint = HintRequest(
            self, key, future=_HINT_WORKER.submit(_analyse_or_none, self._hint_solver, board))
        return self._pending_hint

    def hint_from(self, key: tuple, analysis: Analysis | None) -> Hint | None:
        """The Hint an analysis of position ``key`` gives, counted once per position; None
        when the board has changed since (the answer is stale). Main thread only."""
        if key != self.key():
            return None
        self._analysis = (key, True, analysis)
        game = self.game
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
        if key not in self._counted:
            self._counted.add(key)
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


def _analyse_or_none(solver: Solver, board) -> Analysis | None:
    """The hint worker's job: ``solver``'s explained analysis of ``board``, None if no layout fits."""
    try:
        return solver.analyse(board, explain=True)
    except InconsistentPosition:
        return None


class HintRequest:
    """A hint asked for: ready at once, or being worked out on the hint worker thread.

    Read it on the main thread with :meth:`poll` (never blocks) or :meth:`wait`.
    """

    def __init__(self, assistant: Assistant, key: tuple | None, hint: Hint | None = None,
                 analysis: Analysis | None = None, future: Future | None = None) -> None:
        self.assistant = assistant
        self.key = key
        self.future = future
        self._hint = hint
        self._read = hint is not None
        if future is None and not self._read:
            self._hint, self._read = assistant.hint_from(key, analysis), True

    def ready(self) -> bool:
        """True once the answer is in (it may still be stale: see :meth:`poll`)."""
        return self._read or self.future.done()

    def poll(self) -> Hint | None:
        """The hint if it is ready and the board has not changed since it was asked, else None."""
        if not self._read and self.future.done():
            self._hint, self._read = self.assistant.hint_from(self.key, self.future.result()), True
        return self._hint

    def wait(self, timeout: float | None = None) -> Hint | None:
        """Block up to ``timeout`` seconds (None: until done) for the answer; then as :meth:`poll`."""
        if not self._read:
            try:
                self.future.result(timeout)
            except TimeoutError:
                return None
        return self.poll()


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
