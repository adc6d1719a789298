"""The editor's live analysis: each edited position asked of the solver's process, never in
the frame (no pygame here; the drawing is game.ui.editor.scene's).

After an edit the scene calls :meth:`LiveAnalysis.ask` (at most once a frame: a stroke's cells
go in one question) with the position; the question goes to the program's one solver process
(game.ui.play.solver_process.shared, the process the hints use) as a "position" question
(game.solver.worker), with the solver's budget of look-ahead. Its slot drops a question not yet
started when a newer one comes, and an answer for a position since edited is dropped here:
only the answer for the position shown is ever shown. :meth:`LiveAnalysis.poll` reads it
(never blocks): a game.solver.worker.Studied, or an Impossible with its reason as data.

With the mine count unknown the position is asked with the count
game.ui.editor.model.assumed_mines gives; when the numbers cannot hold that many, the answer
(a COUNT_MISMATCH reason) says how many they can, and the question is asked once more with the
nearest count they allow (:func:`allowed_count`).
"""

from __future__ import annotations

import itertools
import time
from dataclasses import replace

from game.commands.explain_text import move_text, safe_text
from game.i18n import _
from game.rules.board import Cell
from game.solver.bestmove import GUESS_BUDGET
from game.solver.reasons import COUNT_MISMATCH, NO_FIT, OVER_FLAGGED, TOO_FEW_COVERED, Reason
from game.solver.analysis import Studied
from game.solver.problem import Impossible
from game.solver.worker import DROPPED, OK, Question
from game.ui.play import solver_process
from game.ui.play.assist import UNWORKED, hint_title

_NAMES = itertools.count(1)


def allowed_count(reason: Reason, flags: int, wanted: int) -> int | None:
    """The total nearest ``wanted`` that a COUNT_MISMATCH ``reason`` allows (``flags`` flags
    counted as mines), or None for another reason (the count is not what is wrong)."""
    if reason is None or reason.kind != COUNT_MISMATCH:
        return None
    low, high = flags + reason["low"], flags + reason["high"] + reason["others"]
    return min(max(wanted, low), high)


def ringed(reason: Reason | None) -> list[Cell]:
    """The numbers an impossible position's ``reason`` names (to ring on the board): the one
    number of OVER_FLAGGED and TOO_FEW_COVERED, the numbers of NO_FIT; none for a count."""
    if reason is None:
        return []
    if reason.kind in (OVER_FLAGGED, TOO_FEW_COVERED):
        return [tuple(reason["at"])]
    if reason.kind == NO_FIT:
        return [tuple(cell) for _number, cell in reason["numbers"]]
    return []


def move_words(studied: Studied) -> tuple[Cell | None, str, str]:
    """(cell, title, text): the best move of an answer and why, in the hint's words
    (game.ui.play.assist.hint_title; a certain-safe cell by its simplest proof, as the hint
    gives it), in the language in use."""
    analysis = studied.analysis
    if analysis.best_move is None:
        return None, _("No move"), _("Every covered cell holds a mine.")
    if analysis.move_kind == "safe" and analysis.hint_proof is not None:
        proof = analysis.hint_proof
        return proof.cell, hint_title("safe", proof.cell, 1.0), safe_text(proof)
    cell = analysis.best_move
    return cell, hint_title(analysis.move_kind, cell, analysis.survival), move_text(analysis)


class LiveAnalysis:
    """The analysis of an edited position (game.ui.editor.model.Position), kept up to date.

    ``answer``: the last answer for the position as it is (Studied or Impossible), None
    before the first; ``answered``: the position's version it answers; ``why``: why the last
    question failed ("" when it did not). ``process``: a game.ui.play.solver_process
    SolverProcess (default: the program's shared one); ``clock``: seconds (monotonic)."""

    def __init__(self, process=None, budget: float = GUESS_BUDGET, clock=time.monotonic) -> None:
        self.process = process
        self.budget = budget
        self.clock = clock
        self.name = f"editor{next(_NAMES)}"  # its slot and solver in the solver's process
        self.answer: Studied | Impossible | None = None
        self.answered: int | None = None
        self.why = ""
        self.assumed: int | None = None  # the count the answer was worked out with
        self.shape: tuple[int, int] | None = None  # (rows, cols) of the board answered
        self.asked = 0  # questions sent so far
        self._job: tuple | None = None  # (version, ticket, board, may retry)
        self._started = 0.0

    @property
    def pending(self) -> bool:
        """A question is out for the position's latest version."""
        return self._job is not None

    def elapsed(self) -> float:
        """Seconds since the question out was asked (0 when none is)."""
        return self.clock() - self._started if self._job is not None else 0.0

    def ask(self, position) -> None:
        """Ask about ``position`` as it is now (any earlier question's answer will be dropped)."""
        self._send(position.version, position.analysed(), position.mines is None)

    def _send(self, version: int, board, retry: bool) -> None:
        process = self.process or solver_process.shared()
        ticket = process.ask(Question("position", board, self.name, self.name, self.budget))
        self._job = (version, ticket, board, retry)
        self._started = self.clock()
        self.asked += 1

    def poll(self, position) -> bool:
        """Read the answer if it is in; True when what is shown changed. An answer for an
        older version of ``position`` is dropped."""
        job = self._job
        if job is None or not job[1].ready():
            return False
        version, ticket, board, retry = job
        self._job = None
        if version != position.version:
            return False
        if ticket.status == DROPPED:  # (a newer question of the slot came first: never the one out)
            return False
        if ticket.status != OK:  # the process failed or ended: said as a hint says it
            self.answer, self.answered, self.why = None, version, _(UNWORKED)
            self.shape = (board.rows, board.cols)
            return True
        value = ticket.value
        if retry and isinstance(value, Impossible):
            flags = len(board.flags)
            count = allowed_count(value.reason, flags, board.mines)
            if count is not None and count != board.mines:
                self._send(version, replace(board, mines=count), False)
                return False
        self.answer, self.answered, self.why, self.assumed = value, version, "", board.mines
        self.shape = (board.rows, board.cols)
        return True

    def wait(self, seconds: float) -> bool:
        """Block up to ``seconds`` until the answer to the question out is in (tests and tools
        only: the window never waits), without reading it (:meth:`poll` does); True when it is
        in, or when no question is out."""
        job = self._job
        return job is None or job[1].wait(seconds)
