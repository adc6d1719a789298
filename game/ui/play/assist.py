"""The solver in the window: hints, the probability overlay's numbers and autoplay's moves.

UI state only (Tatham's ``game_ui``): no drawing here (see :mod:`game.ui.play.solver_view`).
The solver only ever sees the visible position, ``from_game(game, with_mines=False)``,
never the mine layout. It reads the numbers and ignores flags (``ignore_flags=True``):
a player's flag may be wrong, and a wrong flag that still fits the numbers would make a
"certain" hint false. Analyses are cached per position: the Playing scene calls
:meth:`Assistant.changed` whenever the board changes, so nothing is computed per frame.

A hint is worked out in the solver's own process (game.solver.worker, through
game.ui.play.solver_process; :meth:`Assistant.request_hint`): the hardest Expert guesses take over
a second of look-ahead, and the window keeps drawing and answering meanwhile, on its own
core, with no thread of it holding the interpreter lock (frames of 16 ms took 60-95 ms
beside a worker thread: docs/big-boards.md). The window's thread only takes a snapshot of
the position (game.boardfile.Snapshot: two byte strings) and reads the answer, a slim
analysis (game.solver.analysis.Analysis.slim); it alone counts the hint and caches it. So
are a big board's probabilities (the overlay) and analyses (autoplay's), which take seconds
there (:class:`Background`). Autoplay (:mod:`game.ui.play.autoplay`) on a board that fits runs
on the main thread, between frames, as the overlay's count does.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from game.rules.board import Cell, neighbours
from game.boardfile import from_game, snapshot
from game.rules.engine import Game, State
from game.commands.explain_text import chance, move_text, safe_text
from game.i18n import N_, _
from game.midend.match import Match
from game.solver import Analysis, InconsistentPosition, Solver
from game.solver.problem import fmt
from game.solver.explain import Mark, move_marks, simplest_proof
from game.solver.worker import OK, Question
from game.ui.play import solver_process
from game.ui.play.bv_counter import BACKGROUND_CELLS

HINT_BUDGET = 0.7  # seconds of guess look-ahead for a hint (a one-off, asked for)
START_HINT = N_("Start at the marked cell: every player of this board starts there.")
UNWORKED = N_("The solver could not work this position out.")  # a hint whose process failed
_NAMES = itertools.count(1)  # each Assistant's solvers in the solver's process are its own


def first_click_cell(game: Game, start: Cell | None = None) -> Cell:
    """A sensible first click: ``start`` when the board has one (a board code's start cell,
    game.midend.match.Match.start: the only cell it may start at), else the centre with the
    ``opening`` rule (it opens an area anyway, and the centre opens the most), else the
    corner (0, 0), which has the fewest neighbours and so most often is a zero."""
    if start is not None:
        return tuple(start)
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
        self.name = f"assistant{next(_NAMES)}"  # its slots and solvers in the solver's process
        self.board_number = 0  # a fresh board: fresh solvers there (their caches are per game)
        self._probability_job = Background(self, "probabilities")  # a big board's, off the frame
        self._analysis_job = Background(self, "analysis")
        self.version = 0
        self._analysis: tuple[tuple, bool, Analysis | None] | None = None  # (key, explained, result)
        self._probabilities: tuple[tuple, dict[Cell, float] | None] | None = None
        self._counted: set[tuple] = set()  # positions whose hint is already in hints_used
        self._pending_hint: HintRequest | None = None

    # ----- board changes ---------------------------------------------------------------------
    def changed(self) -> None:
        """The board changed (a move, a retry, a laid board): forget cached analyses."""
        self.version += 1
        if self.game.state is State.READY:
            self.solver = Solver(ignore_flags=True, budget=HINT_BUDGET)  # a fresh board
            self.board_number += 1

    def question(self, kind: str, purpose: str, budget: float = HINT_BUDGET) -> Question:
        """A question about the position now for the solver's process (game.solver.worker):
        ``kind`` there, asked for ``purpose`` (its slot: a newer one drops an older one not
        started; its solver: this board's for that purpose)."""
        slot = f"{self.name}:{purpose}"
        return Question(kind, snapshot(self.game), f"{slot}:{self.board_number}", slot, budget)

    def key(self) -> tuple:
        """What identifies the position: the change count plus cheap engine figures."""
        game = self.game
        return self.version, game.state, self.match.total_clicks, game.mines_left, self.match.seed

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
        more than BACKGROUND_CELLS cells is read and counted in the solver's process (a
        1000x1000 position takes over a second), and False is returned until the answer for the position
        now is in (an answer for a position the player has since changed is dropped, and the
        count starts again). A smaller board is counted at once, as :meth:`probabilities`."""
        if self.game.config.cells <= BACKGROUND_CELLS:
            return self.probabilities()
        key = self.key()
        if self._probabilities is not None and self._probabilities[0] == key:
            return self._probabilities[1]
        answer = self._probability_job.soon(key, "probabilities")
        if answer is not PENDING:
            self._probabilities = (key, answer)
            return answer
        return False

    def analysis_soon(self, budget: float = HINT_BUDGET) -> Analysis | None | bool:
        """As :meth:`analysis` without explanations, without ever blocking a frame on a big
        board (more than BACKGROUND_CELLS cells): the position is read and analysed in the
        solver's process, and False is returned until the answer for the position now is in. For
        autoplay, which waits for it while the window goes on."""
        if self.game.config.cells <= BACKGROUND_CELLS:
            return self.analysis(explain=False, budget=budget)
        key = self.key()
        cached = self._analysis
        if cached is not None and cached[0] == key:
            return cached[2]

        answer = self._analysis_job.soon(key, "analysis", budget)
        if answer is PENDING:
            return False
        self._analysis = (key, False, answer)
        return answer

    @property
    def counting(self) -> bool:
        """A big board's probabilities are being counted in the solver's process."""
        return self._probability_job.busy

    @property
    def thinking(self) -> bool:
        """A big board's analysis (for autoplay) is being worked out in the solver's process."""
        return self._analysis_job.busy

    def request_hint(self) -> "HintRequest":
        """Start working out the hint for the position now; returns at once.

        Answers that need no look-ahead (the game is over, the first click, an analysis
        already cached) are ready at once; otherwise the position is analysed in the
        solver's process. The hint is counted in ``match.hints_used`` (once per
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
        ticket = solver_process.shared().ask(self.question("hint", "hint"))
        self._pending_hint = HintRequest(self, key, ticket=ticket)
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
        slim = analysis.result is None  # the solver's process worked out the proof or marks (Analysis.slim)
        if analysis.move_kind == "safe":
            # Every certain-safe cell is as good a move; hint the one with the shortest proof.
            proof = analysis.hint_proof if slim else simplest_proof(analysis.result, cell)
            if proof is None:
                return Hint("error", None, _("No hint"), _("No mine layout fits the numbers shown."))
            cell, text, marks = proof.cell, safe_text(proof), proof.marks
        else:
            text = move_text(analysis)
            marks = analysis.hint_marks if slim else move_marks(analysis.result, analysis.move)
        hint = Hint(analysis.move_kind, cell, hint_title(analysis.move_kind, cell, analysis.survival),
                    text, analysis.survival, set(analysis.safe) - {cell}, marks)
        if key not in self._counted:
            self._counted.add(key)
            self.match.use_hint()
            hint.counted = True
        return hint

    def _first_click_hint(self) -> Hint:
        cell = first_click_cell(self.game, self.match.start)
        config = self.game.config
        if self.match.start is not None:
            return Hint("first", cell, _("First click"), _(START_HINT))
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
    """One question about a big board's position, answered in the solver's process at a time.

    :meth:`soon` returns the answer for the position ``key`` once it is in, else PENDING
    (asking it if no question is out). The question carries a snapshot of the position
    taken now (two byte strings; reading the numbers of a 1000x1000 board, a second, is
    the process's work), so the frame never waits; an answer for a position the player has
    since changed is dropped and the question asked again for the new one. A position with
    no fitting layout answers None, as does a question that failed.
    """

    def __init__(self, assistant: "Assistant", name: str) -> None:
        self.assistant = assistant
        self.name = name
        self._job: tuple | None = None  # (key, ticket)

    @property
    def busy(self) -> bool:
        return self._job is not None

    def soon(self, key: tuple, kind: str, budget: float = HINT_BUDGET):
        """The process's answer to ``kind`` (game.solver.worker's kinds) for position ``key``, or PENDING."""
        job = self._job
        if job is not None and job[1].ready():
            self._job = None
            if job[0] == key:
                return job[1].value
        if self._job is None:
            self._job = (key, solver_process.shared().ask(self.assistant.question(kind, self.name, budget)))
        return PENDING


class HintRequest:
    """A hint asked for: ready at once, or being worked out in the solver's process.

    ticket: the process's answer to come (game.ui.play.solver_process.Ticket), a slim analysis.
    Read it on the main thread with :meth:`poll` (never blocks) or :meth:`wait`.
    """

    def __init__(self, assistant: Assistant, key: tuple | None, hint: Hint | None = None,
                 analysis: Analysis | None = None, ticket=None) -> None:
        self.assistant = assistant
        self.key = key
        self._hint = hint
        self._read = hint is not None
        self._analysis = analysis
        self._ticket = ticket

    def ready(self) -> bool:
        """True once the answer is in (it may still be stale: see :meth:`poll`)."""
        return self._ticket is None or self._ticket.ready()

    def poll(self) -> Hint | None:
        """The hint if it is ready and the board has not changed since it was asked, else None."""
        if not self._read and self.ready():
            ticket = self._ticket
            if ticket is not None and ticket.status != OK:  # the process ended or failed: say so
                fresh = self.key == self.assistant.key()
                self._hint = Hint("error", None, _("No hint"), _(UNWORKED)) if fresh else None
            else:
                self._hint = self.assistant.hint_from(self.key, self._analysis if ticket is None else ticket.value)
            self._read = True
        return self._hint

    def wait(self, timeout: float | None = None) -> Hint | None:
        """Block up to ``timeout`` seconds (None: until done) for the answer; then as :meth:`poll`."""
        if self._ticket is not None:
            self._ticket.wait(timeout)
        return self.poll()


def hint_title(kind: str, cell: Cell, survival: float) -> str:
    """One line naming the move, in the language in use: 'Reveal (3,4): certain safe' or
    'Best guess (0,0): 88% safe'."""
    if kind == "safe":
        return _("Reveal {cell}: certain safe").format(cell=fmt(cell))
    # 99.6 % reads "over 99%"
    return _("Best guess {cell}: {chance} safe").format(cell=fmt(cell), chance=chance(survival, 0))
