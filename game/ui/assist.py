"""The solver in the window: hints, the probability overlay's numbers and autoplay's moves.

UI state only (Tatham's ``game_ui``): no drawing here (see :mod:`game.ui.solver_view`).
The solver only ever sees the visible position, ``from_game(game, with_mines=False)``,
never the mine layout. It reads the numbers and ignores flags (``ignore_flags=True``):
a player's flag may be wrong, and a wrong flag that still fits the numbers would make a
"certain" hint false. Analyses are cached per position: the Playing scene calls
:meth:`Assistant.changed` whenever the board changes, so nothing is computed per frame.

A hint is worked out on a worker thread (:meth:`Assistant.request_hint`): the hardest
Expert guesses take over a second of look-ahead, and the window keeps drawing and
answering meanwhile. The worker gets a snapshot of the visible position and the hint's
own :class:`Solver`, used under a lock (the solver's cache is not thread-safe), and never
touches the game; the answer is read on the main thread, which alone counts the hint and
caches it. Autoplay (:mod:`game.ui.autoplay`) runs on the main thread, between frames.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from game.board import Cell, neighbours
from game.boardfile import from_game
from game.engine import Game, State
from game.explain_text import chance, move_text, safe_text
from game.i18n import _
from game.match import Match
from game.solver import Analysis, InconsistentPosition, Solver
from game.solver.problem import fmt
from game.solver.explain import Mark, move_marks, simplest_proof
from game.ui.bv_counter import BACKGROUND_CELLS

HINT_BUDGET = 0.7  # seconds of guess look-ahead for a hint (a one-off, asked for)


def first_click_cell(game: Game) -> Cell:
    """A sensible first click: the centre with the ``opening`` rule (it opens an area
    anyway, and the centre opens the most), else the corner (0, 0), which has the
    fewest neighbours and so most often is a zero."""
    if game.config.first_click == "opening" or game.config.no_guess:
        return game.rows // 2, game.cols // 2
    return 0, 0


@dataclass
class Hint:
    """What a hint shows: ``cell`` outlined, ``safe`` cells marked, a ``title`` and a ``text``
    (in words, in the language in use when the hint was made; with ``marked``, English
    messages marked with ``N_``, translated where shown: see :meth:`words`).

    kind: 'first' (before the first click), 'safe', 'guess', 'endgame', 'none' or 'error'.
    survival: chance that ``cell`` is safe (1.0 for a certain-safe cell).
    marks: the other cells ``text`` names, with their part in it (game.solver.explain.Mark:
        the numbers read, the mines deduced...), to point at on the board.
    counted: True when this hint was counted in ``match.hints_used``.
    """

    kind: str
    cell: Cell | None
    title: str
    text: str
    survival: float = 1.0
    safe: set[Cell] = field(default_factory=set)
    marks: tuple[Mark, ...] = ()
    counted: bool = False
    marked: bool = False

    def words(self) -> tuple[str, str]:
        """(title, text) in the language in use."""
        return (_(self.title), _(self.text)) if self.marked else (self.title, self.text)


class Assistant:
    """The solver for the game of ``match`` (one :class:`Solver`, its cache kept between
    moves); the hints it gives are counted by ``match.use_hint``.

    ``version`` counts board changes; analyses are cached against it.
    """

    def __init__(self, match: Match) -> None:
        self.match = match
        self.game = match.game
        self.solver = Solver(ignore_flags=True, budget=HINT_BUDGET)
        self._probability_job = Background(self.game, "probabilities")  # a big board's, off the frame
        self._analysis_job = Background(self.game, "analysis")
        self.version = 0
        self._analysis: tuple[tuple, bool, Analysis | None] | None = None  # (key, explained, result)
        self._probabilities: tuple[tuple, dict[Cell, float] | None] | None = None
        self._counted: set[tuple] = set()  # positions whose hint is already in hints_used
        self._hint_solver = Solver(ignore_flags=True, budget=HINT_BUDGET)  # hint threads' own
        self._hint_lock = threading.Lock()  # one hint thread at a time uses _hint_solver
        self._pending_hint: HintRequest | None = None

    # ----- board changes ---------------------------------------------------------------------
    def changed(self) -> None:
        """The board changed (a move, a retry, a laid board): forget cached analyses."""
        self.version += 1
        if self.game.state is State.READY:
            self.solver = Solver(ignore_flags=True, budget=HINT_BUDGET)  # a fresh board
            self._hint_solver = Solver(ignore_flags=True, budget=HINT_BUDGET)
            for job in (self._probability_job, self._analysis_job):
                job.solver = Solver(ignore_flags=True, budget=HINT_BUDGET)  # a running job keeps its own

    def key(self) -> tuple:
        """What identifies the position: the change count plus cheap engine figures."""
        game = self.game
        return self.version, game.state, game.total_clicks, game.mines_left, self.match.seed

    def first_click_pending(self) -> bool:
        """True before the first reveal of a dealt board: any cell is safe, nothing is known."""
        return self.match.first_click_safe

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

    def probabilities_soon(self) -> dict[Cell, float] | None | bool:
        """As :meth:`probabilities`, without ever blocking a frame on a big board: a board of
        more than BACKGROUND_CELLS cells is read and counted on a worker thread (a 1000x1000
        position takes over a second), and False is returned until the answer for the position
        now is in (an answer for a position the player has since changed is dropped, and the
        count starts again). A smaller board is counted at once, as :meth:`probabilities`."""
        if self.game.config.cells <= BACKGROUND_CELLS:
            return self.probabilities()
        key = self.key()
        if self._probabilities is not None and self._probabilities[0] == key:
            return self._probabilities[1]
        answer = self._probability_job.soon(key, lambda solver, board: solver.probabilities(board).as_floats())
        if answer is not PENDING:
            self._probabilities = (key, answer)
            return answer
        return False

    def analysis_soon(self, budget: float = HINT_BUDGET) -> Analysis | None | bool:
        """As :meth:`analysis` without explanations, without ever blocking a frame on a big
        board (more than BACKGROUND_CELLS cells): the position is read and analysed on a
        worker thread, and False is returned until the answer for the position now is in. For
        autoplay, which waits for it while the window goes on."""
        if self.game.config.cells <= BACKGROUND_CELLS:
            return self.analysis(explain=False, budget=budget)
        key = self.key()
        cached = self._analysis
        if cached is not None and cached[0] == key:
            return cached[2]

        def work(solver: Solver, board) -> Analysis:
            solver.budget = budget
            return solver.analyse(board, explain=False)
        answer = self._analysis_job.soon(key, work)
        if answer is PENDING:
            return False
        self._analysis = (key, False, answer)
        return answer

    @property
    def counting(self) -> bool:
        """A big board's probabilities are being counted on the worker thread."""
        return self._probability_job.busy

    @property
    def thinking(self) -> bool:
        """A big board's analysis (for autoplay) is being worked out on the worker thread."""
        return self._analysis_job.busy

    def request_hint(self) -> "HintRequest":
        """Start working out the hint for the position now; returns at once.

        Answers that need no look-ahead (the game is over, the first click, an analysis
        already cached) are ready at once; otherwise the position is analysed on the
        hint worker thread. The hint is counted in ``match.hints_used`` (once per
        position, only from the solver in a game that has not ended) when it is read.
        """
        game = self.game
        if game.over:
            return HintRequest(self, None, hint=Hint(
                "none", None, _("The game is over"), _("Press F2 for a new game or R to retry.")))
        if self.first_click_pending():
            return HintRequest(self, None, hint=self._first_click_hint())
        key = self.key()
        cached = self._analysis
        if cached is not None and cached[0] == key and cached[1]:
            return HintRequest(self, key, analysis=cached[2])
        pending = self._pending_hint
        if pending is not None and pending.key == key:
            return pending  # asked again before the first answer was read: the same answer
        if game.config.cells <= BACKGROUND_CELLS:
            board = from_game(game, with_mines=False)  # a snapshot: the worker never reads the game
        else:  # reading a huge board takes over half a second: the worker does it, and an answer
            board = lambda: from_game(game, with_mines=False)  # noqa: E731  # for a changed board is stale
        self._pending_hint = HintRequest(self, key, job=(self._hint_solver, self._hint_lock, board))
        return self._pending_hint

    def hint_from(self, key: tuple, analysis: Analysis | None) -> Hint | None:
        """The Hint an analysis of position ``key`` gives, counted once per position; None
        when the board has changed since (the answer is stale). Main thread only."""
        if key != self.key():
            return None
        self._analysis = (key, True, analysis)
        if analysis is None:
            return Hint("error", None, _("No hint"), _("No mine layout fits the numbers shown."))
        if analysis.best_move is None:
            return Hint("none", None, _("No move"), _("Every covered cell holds a mine."))
        cell = analysis.best_move
        if analysis.move_kind == "safe":
            # Every certain-safe cell is as good a move; hint the one with the shortest proof.
            proof = simplest_proof(analysis.result, cell)
            cell, text, marks = proof.cell, safe_text(proof), proof.marks
        else:
            text, marks = move_text(analysis), move_marks(analysis.result, analysis.move)
        hint = Hint(analysis.move_kind, cell, hint_title(analysis.move_kind, cell, analysis.survival),
                    text, analysis.survival, set(analysis.safe) - {cell}, marks)
        if key not in self._counted:
            self._counted.add(key)
            self.match.use_hint()
            hint.counted = True
        return hint

    def _first_click_hint(self) -> Hint:
        cell = first_click_cell(self.game)
        config = self.game.config
        block = 1 + sum(1 for _ in neighbours(cell, config.rows, config.cols))  # kept free by the opening rule
        if config.cells - config.mines < block:  # too dense: the rule falls back to a safe click
            text = _("Click anywhere: the first click is always safe. This board has too many "
                     "mines for it to open an area.")
        elif config.first_click == "opening" or config.no_guess:
            text = _("Click anywhere: the first click is always safe and opens an area. "
                     "The centre opens the most.")
        else:
            text = _("Click anywhere: the first click is always safe. A corner has the fewest "
                     "neighbours, so it most often opens an area.")
        return Hint("first", cell, _("First click"), text)


PENDING = object()  # Background.soon: the answer is not in yet


class Background:
    """One question about a big board's position, answered on a daemon thread at a time.

    :meth:`soon` returns the answer for the position ``key`` once it is in, else PENDING
    (starting the work if none is running). The worker reads the position from the game
    itself (reading a 1000x1000 board takes over half a second), with its own
    :class:`Solver`, so the frame never waits; an answer for a position the player has
    since changed is dropped and the work starts again for the new one. A position with
    no fitting layout, or read while a move changed it, answers None.
    """

    def __init__(self, game: Game, name: str) -> None:
        self.game = game
        self.name = name
        self.solver = Solver(ignore_flags=True, budget=HINT_BUDGET)
        self._job: tuple | None = None  # (key, done event, [answer])

    @property
    def busy(self) -> bool:
        return self._job is not None

    def soon(self, key: tuple, work):
        """``work(solver, board)``'s answer for position ``key``, or PENDING."""
        job = self._job
        if job is not None and job[1].is_set():
            self._job = None
            if job[0] == key:
                return job[2][0]
        if self._job is None:
            result: list = [None]
            done = threading.Event()

            def run(game=self.game, solver=self.solver):
                try:  # the snapshot is read here: a move made meanwhile changes the key, and the answer is dropped
                    result[0] = work(solver, from_game(game, with_mines=False))
                except Exception:  # InconsistentPosition, or a snapshot torn by a move: dropped or None
                    result[0] = None
                done.set()
            self._job = (key, done, result)
            threading.Thread(target=run, name=self.name, daemon=True).start()
        return PENDING


def _analyse_or_none(solver: Solver, board) -> Analysis | None:
    """A hint thread's work: ``solver``'s explained analysis of ``board``, None if no layout fits."""
    try:
        return solver.analyse(board, explain=True)
    except InconsistentPosition:
        return None


class HintRequest:
    """A hint asked for: ready at once, or being worked out on its own daemon thread.

    job: (solver, lock, visible position) to analyse on the thread, holding the lock.
    Read it on the main thread with :meth:`poll` (never blocks) or :meth:`wait`.
    """

    def __init__(self, assistant: Assistant, key: tuple | None, hint: Hint | None = None,
                 analysis: Analysis | None = None, job: tuple | None = None) -> None:
        self.assistant = assistant
        self.key = key
        self._hint = hint
        self._read = hint is not None
        self._done = threading.Event()
        self._analysis = analysis
        if job is not None:
            threading.Thread(target=self._work, args=job, name="hint", daemon=True).start()
        else:
            self._done.set()  # the answer is known: a hint, or an analysis read by poll()

    def _work(self, solver: Solver, lock: threading.Lock, board) -> None:
        """``board``: the position, or a function reading it from the game (a huge board's)."""
        with lock:
            try:
                self._analysis = _analyse_or_none(solver, board() if callable(board) else board)
            except Exception:  # a huge board's snapshot torn by a move made meanwhile: stale anyway
                self._analysis = None
        self._done.set()

    def ready(self) -> bool:
        """True once the answer is in (it may still be stale: see :meth:`poll`)."""
        return self._done.is_set()

    def poll(self) -> Hint | None:
        """The hint if it is ready and the board has not changed since it was asked, else None."""
        if not self._read and self._done.is_set():
            self._hint, self._read = self.assistant.hint_from(self.key, self._analysis), True
        return self._hint

    def wait(self, timeout: float | None = None) -> Hint | None:
        """Block up to ``timeout`` seconds (None: until done) for the answer; then as :meth:`poll`."""
        self._done.wait(timeout)
        return self.poll()


def hint_title(kind: str, cell: Cell, survival: float) -> str:
    """One line naming the move, in the language in use: 'Reveal (3,4): certain safe' or
    'Best guess (0,0): 88% safe'."""
    if kind == "safe":
        return _("Reveal {cell}: certain safe").format(cell=fmt(cell))
    # 99.6 % reads "over 99%"
    return _("Best guess {cell}: {chance} safe").format(cell=fmt(cell), chance=chance(survival, 0))
