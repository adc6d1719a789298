"""Taking back a losing move (Simon Tatham's Mines: "Undo" after the bang), the part of
:class:`game.engine.Game` that keeps the board as it was just before the move that lost.

When a reveal or chord is about to hit a mine, the engine keeps the cover of the board as
it is before the move (:meth:`TakeBack._keep_undo_point`: one copy of one byte per cell,
made only for a losing move). :meth:`TakeBack.undo_loss` puts that cover back: the same
layout, the same cells revealed, flagged and question-marked, the same mine counter, and
the timer carrying on from the time of the loss. Only a lost game can be taken back, and
only its fatal move (Tatham's rule: the midend's undo is one move); a game may be lost and
taken back several times. The match layer (:meth:`game.match.Match.undo_loss`) logs it and
the records keep such a game out of every statistic (game.records). No pygame here.
"""

from __future__ import annotations

from typing import NamedTuple

from game.board import Cell
from game.position import FLAGGED, State


class UndoPoint(NamedTuple):
    """The cover before a losing move: ``cover`` (one byte per cell, row-major, as
    game.position keeps it), and how many cells were ``revealed`` and ``flags`` placed."""

    cover: bytes
    revealed: int
    flags: int


class TakeBack:
    """Undo of the fatal move: a mixin of :class:`game.engine.Game`.

    It reads and sets the game's cover (game.position.Position), ``state``, ``exploded``,
    ``timer`` and ``revision``; the game calls :meth:`_keep_undo_point` before a losing
    move changes the cover, and sets ``_undo_point`` to None for each new board.
    """

    _undo_point: UndoPoint | None = None

    def _keep_undo_point(self) -> None:
        """Keep the cover as it is now: the move being applied is about to lose."""
        self._undo_point = UndoPoint(bytes(self._cover), self._revealed, self._flags)

    @property
    def can_undo_loss(self) -> bool:
        """True when the game is lost and its fatal move can be taken back."""
        return self.state is State.LOST and self._undo_point is not None

    def undo_loss(self) -> set[Cell]:
        """Take back the move that lost: the board as it was just before it, and play on.

        Every cell shows what it showed before the move (revealed, flag, question mark or
        covered), the mine counter too, and the game is in play again (``PLAYING``) with
        the timer carrying on from the time of the loss (not reset, not counting the time
        spent looking at the lost board). The click counts keep the fatal move (it was
        made), and :attr:`revision` advances (a new position for the views and the solver).

        Returns:
            The cells whose appearance changed: those the move revealed, every mine and
            every flag (shown as mines and wrong flags while the game was lost).
        Raises:
            ValueError: the game is not lost, or its loss was already taken back.
        """
        if not self.can_undo_loss:
            raise ValueError("undo: only the move that lost a game can be taken back, once"
                             if self.state is State.LOST else
                             f"undo: the game is {self.state.value}, not lost; only a loss can be taken back")
        point, self._undo_point = self._undo_point, None
        now = self._cover
        changed = {divmod(i, self.cols) for i in range(len(now)) if now[i] != point.cover[i]}
        self._cover = bytearray(point.cover)
        self._revealed, self._flags = point.revealed, point.flags
        changed.update(self._mines)
        changed.update(divmod(i, self.cols) for i, state in enumerate(self._cover) if state == FLAGGED)
        self.state = State.PLAYING
        self.exploded = None
        self.timer.carry_on()
        self.revision += 1
        return changed
