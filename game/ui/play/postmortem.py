"""The post-mortem of a loss on the result panel: what lost the game in one line, and on
demand (V, or the Why? button) the fatal cell with its mine probability then, the cells
that were certainly safe then ringed on the board, and the explanation of the simplest.

After a mistake the view first shows why the cell was a mine (the numbers that prove it,
ringed, and the sentence), then the cells that were safe.

The facts come from the solver's review of the game's log (game.solver.review.review_log,
pure Python, no pygame, no records) and its explanation (game.commands.review_apart.post_mortem),
worked out away from the frames (game.ui.replay.review_job: a daemon thread, and for a long game a
child process) because a long game takes seconds: the panel says "Reviewing... N of M
moves" until it is ready and the frames go on meanwhile. The words are game.commands.review_report's (:func:`loss_line`,
:func:`loss_details`), the marks on the board game.ui.play.hint_marks'.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.commands.review_report import fatal_move, loss_details, loss_line
from game.commands.review_apart import log_request
from game.solver.explain import NUMBER
from game.ui.shared import draw
from game.ui.play.assist import Hint
from game.ui.play.hint_marks import draw_cell_labels, draw_hint_marks, outline, ring_around
from game.ui.play.layout import BoardLayout
from game.ui.replay.review_job import ReviewJob
from game.ui.shared.theme import palette


WORKING = N_("Post-mortem: ...")  # the line before the review has started
RINGED = N_("(green rings)")  # where the safe cells are, said once


class PostMortem:
    """The review of a lost game's log (:meth:`game.midend.match.Match.log_snapshot`, taken at the
    loss: its last move is the fatal one), worked out on its own daemon thread.

    Read it on the main thread only through :meth:`poll` (never blocks; True once, when the
    answer arrived, so the panel is laid out again), :attr:`ready` and the accessors.
    ``shown``: the post-mortem view is on (the board's marks and the explanation).
    ``review``: the game.solver.review.Review, ``fatal``: its fatal MoveReview, ``proof``:
    the simplest safe cell's explanation (None when no cell was safe), ``error``: why the
    game could not be reviewed (a damaged log), else None. A mistake's own proof (why its
    cell was a mine) is ``fatal.proof``.
    """

    def __init__(self, log: dict) -> None:
        self.shown = False
        self.review = self.fatal = self.proof = None
        self.error: str | None = None
        self.job = ReviewJob(lambda: log_request(log, post_mortem=True), len(log.get("moves", ())), "post-mortem")
        self.ready = False

    def cancel(self) -> None:
        """The player left the result (a new game, retry, the menu, undo): the review is not
        wanted any more, and its child, on a big board minutes of work, is ended."""
        if not self.ready:
            self.job.cancel()

    def wait(self, seconds: float) -> bool:
        """Block up to ``seconds`` for the answer (tests); True when it is in (:meth:`poll`
        still takes it, in the scene's next update)."""
        return self.job.wait(seconds)

    def poll(self) -> bool:
        """Take the answer if it arrived since the last call; True when it did."""
        if not self.job.poll():
            return False
        self.review, self.fatal, self.proof = self.job.answer or (None, None, None)
        self.error = self.job.error
        self.ready = True
        return True

    @property
    def waiting(self) -> bool:
        return not self.ready

    def line(self) -> str:
        """The panel's one line: what lost the game ("..." while it is worked out)."""
        if not self.ready:
            return self.job.progress_line() if self.job.done else _(WORKING)
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
        (its numbers ringed blue, arrows along the grid lines, deduced mines hatched, the cell
        ringed green), every other safe cell ringed green, after a mistake the numbers proving
        the mine ringed blue around their cells, and the fatal cell ringed red (a chord's
        number around its cell). No mark covers a digit (game.ui.play.hint_marks): the rings inside
        cells are on covered cells and mines only."""
        if not (self.shown and self.ready and self.fatal is not None):
            return
        mine = self.fatal.proof if self.fatal.verdict == "mistake" else None
        with draw.clipped(screen, layout.board):  # a big board's rings end at its viewport
            for cell in self.fatal.safe_cells:
                outline(screen, layout.cell_rect(cell), palette.safe)
            if mine is not None:  # the numbers that prove the fatal cell a mine, ringed as a hint rings them
                for mark in mine.marks:
                    if mark.role == NUMBER:
                        ring_around(screen, layout.cell_rect(mark.cell), palette.reads)
        if self.proof is not None:  # its arrows run over the rings
            draw_hint_marks(screen, layout, Hint("safe", self.proof.cell, "", "", marks=self.proof.marks))
        with draw.clipped(screen, layout.board):  # the fatal cell's ring over all (a mine the proof hatched)
            ring = ring_around if self.fatal.kind == "chord" else outline  # a chord's cell shows its number
            ring(screen, layout.cell_rect(self.fatal.cell), palette.risky)
        named = [self.fatal.cell] + ([m.cell for m in mine.marks] if mine is not None else [])
        draw_cell_labels(screen, layout, named)  # (the proof's own cells: draw_hint_marks labelled them)
