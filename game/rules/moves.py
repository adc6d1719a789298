"""Moves as values, and what applying one did (Tatham's midend: a move is a short value,
executed to give the next state, so a log of them can be replayed, reviewed and undone).

No pygame here. The window's mouse and keyboard, the console's commands and autoplay all
produce :class:`Move` values; :meth:`game.rules.engine.Game.apply` is the one way to change a
game, and returns an :class:`Outcome`.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass
from typing import NamedTuple

from game.rules.board import Cell

REVEAL, FLAG, CHORD = "reveal", "flag", "chord"
KINDS = (REVEAL, FLAG, CHORD)  # FLAG is the flag cycle: flag, question mark (when on), none


class Move(NamedTuple):
    """One player move: ``kind`` (one of KINDS) on ``cell`` (row, col).

    A NamedTuple, so ``kind, cell = move`` works and a move is hashable and compact in a log.
    """

    kind: str
    cell: Cell

    @classmethod
    def reveal(cls, cell: Cell) -> "Move":
        return cls(REVEAL, cell)

    @classmethod
    def flag(cls, cell: Cell) -> "Move":
        return cls(FLAG, cell)

    @classmethod
    def chord(cls, cell: Cell) -> "Move":
        return cls(CHORD, cell)


@dataclass(frozen=True)
class Outcome:
    """What applying a :class:`Move` did.

    ``changed`` and ``opened`` are read-only sets of cells (:class:`collections.abc.Set`):
    a frozenset, or for a reveal or chord a :class:`game.rules.cells.CellRuns`, which keeps a
    flood's cells as row runs (a 1,000,000-cell opening as about a thousand runs: building
    its tuples would cost more than the flood) and works as a frozenset does (``len``,
    ``in``, iteration, ``==`` and ``<=`` with frozensets, ``- | & ^`` giving frozensets).
    Iterating it makes the tuples, one per cell: a view of a big board may paint
    ``opened.runs`` instead.

    Attributes:
        move: the move applied.
        changed: cells whose appearance changed (a view redraws only these; after a loss
            every mine and wrong flag, after a win every mine, flagged).
        opened: cells this move revealed (the clicked cell and any flood), in no order.
        exploded: the mine this move revealed, or None.
        ended: the move ended the game (won or lost).
        wasted: the move changed nothing and counts as a wasted click (a reveal of a
            revealed or flagged cell, a flag on a revealed cell, a chord that opens nothing).
        ignored: the game was over or paused: nothing happened and nothing was counted
            (such a move is not a move of the game: ``Game.revision`` does not advance).
    """

    move: Move
    changed: Set[Cell] = frozenset()
    opened: Set[Cell] = frozenset()
    exploded: Cell | None = None
    ended: bool = False
    wasted: bool = False
    ignored: bool = False
