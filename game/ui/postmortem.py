"""The post-mortem of a loss on the result panel: what lost the game in one line, and on
demand (V, or the Why? button) the fatal cell with its mine probability then, the cells
that were certainly safe then ringed on the board, and the explanation of the simplest.

The facts come from the solver's review of the game's log (game.solver.review.review_log,
pure Python, no pygame, no records), worked out on a daemon thread because an Expert
game takes up to about a second: the panel says "Post-mortem: ..." until it is ready and
the frames go on meanwhile. The words are game.review_report's (:func:`loss_line`,
:func:`loss_details`), the marks on the board game.ui.hint_marks'.
"""

from __future__ import annotations

import threading

import pygame

from game.i18n import N_, _
from game.review_report import fatal_move, loss_details, loss_line
from game.solver.explain import simplest_proof
from game.solver.review import review_log
from game.ui import draw
from game.ui.assist import Hint
from game.ui.hint_marks import draw_hint_marks, outline
from game.ui.layout import BoardLayout
from game.ui.theme import palette

WORKING = N_("Post-mortem: ...")  # the line while the review is worked out
RINGED = N_("(green rings)")  # where the safe cells are, said once


class PostMortem:
    """The review of a lost game's log (:meth:`game.match.Match.log_snapshot`, taken at the
    loss: its last move is the fatal one), worked out on its own daemon thread.

    Read it on the main thread only through :meth:`poll` (never blocks; True once, when the
    answer arrived, so the panel is laid out again), :attr:`ready` and the accessors.
    ``shown``: the post-mortem view is on (the board's marks and the explanation).
    ``review``: the game.solver.review.Review, ``fatal``: its fatal MoveReview, ``proof``:
    the simplest safe cell's explanation (None when no cell was safe), ``error``: why the
    game could not be reviewed (a damaged log), else None.
    """

    def __init__(self, log: dict) -> None:
        self.shown = False
        self.review = self.fatal = self.proof = None
        self.error: str | None = None
        self._answer: tuple | None = None
        self._done = threading.Event()
        self.ready = False
        threading.Thread(target=self._work, args=(log,), name="post-mortem", daemon=True).start()

    def _work(self, log: dict) -> None:
        try:
            review = review_log(log)
            fatal = fatal_move(review)
            proof = fatal.proof if fatal is not None else None
            if fatal is not None and proof is None and fatal.safe_cells:  # a mistake: explain one safe cell too
                cell = fatal.cell
                nearest = min(fatal.safe_cells, key=lambda c: (max(abs(c[0] - cell[0]), abs(c[1] - cell[1])), c))
                proof = simplest_proof(fatal.position, nearest)
            self._answer = (review, fatal, proof, None)
        except Exception as err:  # noqa: BLE001 - any failure is shown, never raised into the frame loop
            self._answer = (None, None, None, f"{type(err).__name__}: {err}")
        self._done.set()

    def wait(self, seconds: float) -> bool:
        """Block up to ``seconds`` for the answer (tests); True when it is in (:meth:`poll`
        still takes it, in the scene's next update)."""
        return self._done.wait(seconds)

    def poll(self) -> bool:
        """Take the answer if it arrived since the last call; True when it did."""
        if self.ready or not self._done.is_set():
            return False
        self.review, self.fatal, self.proof, self.error = self._answer
        self.ready = True
        return True

    @property
    def waiting(self) -> bool:
        return not self.ready

    def line(self) -> str:
        """The panel's one line: what lost the game ("..." while it is worked out)."""
        if not self.ready:
            return _(WORKING)
        if self.error is not None:
            return _("No post-mortem: the game's log could not be reviewed ({error})").format(error=self.error)
        return loss_line(self.review) or _("No post-mortem: the log does not end on the losing move")

    def lines(self) -> list[str]:
        """The post-mortem view's lines under :meth:`line` ([] while not shown or not ready)."""
        if not (self.shown and self.ready and self.fatal is not None):
            return []
        return loss_details(self.review, self.proof, _(RINGED))

    def safe_cells(self) -> tuple:
        """The cells ringed green: every cell proven safe just before the fatal move."""
        return self.fatal.safe_cells if self.ready and self.fatal is not None else ()

    def draw(self, screen: pygame.Surface, layout: BoardLayout) -> None:
        """With the view on: the simplest safe cell's explanation marked as a hint marks it
        (its numbers ringed blue, arrows, deduced mines crossed, the cell ringed green), every
        other safe cell ringed green, and the fatal cell ringed red."""
        if not (self.shown and self.ready and self.fatal is not None):
            return
        if self.proof is not None:
            draw_hint_marks(screen, layout, Hint("safe", self.proof.cell, "", "", marks=self.proof.marks))
        with draw.clipped(screen, layout.board):  # a big board's rings end at its viewport
            for cell in self.fatal.safe_cells:
                outline(screen, layout.cell_rect(cell), palette.safe)
            outline(screen, layout.cell_rect(self.fatal.cell), palette.risky)
