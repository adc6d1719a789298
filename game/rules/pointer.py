"""The pointer as the competitive replay formats record it: what a button or the pointer
did (:class:`Action`), one event (:class:`PointerEvent`) and the formats' pixels
(:data:`CELL_PX` a cell). Plain values below the midend: game.midend.match logs them, game.midend.gestures
and game.midend.counters read them, and game.replay.events (which re-exports them) builds replays
of them, without loading the replay package's child-process code.

Units: time in whole milliseconds from the game's start (negative before it); position in
pixels from the board's top-left corner at :data:`CELL_PX` pixels per cell, a point off the
board written as (cols*16, rows*16), just past the corner (game.replay.events says more).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

CELL_PX = 16  # pixels per cell of every replay's coordinates


class Action(str, Enum):
    """What the pointer did, as the competitive formats record it. The value is ms-toollib's
    code for it (the EVF standard's names)."""

    MOVE = "mv"
    LEFT_PRESS = "lc"
    LEFT_RELEASE = "lr"
    RIGHT_PRESS = "rc"
    RIGHT_RELEASE = "rr"
    MIDDLE_PRESS = "mc"
    MIDDLE_RELEASE = "mr"
    # Found only in other programs' files, never written by this game:
    PRE_FLAG = "pf"  # a flag the file lists as placed before the game started (RMV), no press
    SECOND_PRESS = "cc"  # a second button went down; the file does not say which one
    LEFT_PRESS_OR_RELEASE = "l"  # the file does not say which
    RIGHT_PRESS_OR_RELEASE = "r"
    MIDDLE_PRESS_OR_RELEASE = "m"


PLAIN_ACTIONS = frozenset({Action.MOVE, Action.LEFT_PRESS, Action.LEFT_RELEASE, Action.RIGHT_PRESS,
                           Action.RIGHT_RELEASE, Action.MIDDLE_PRESS, Action.MIDDLE_RELEASE})
"""The actions a game of ours records, and the only ones :func:`write_evf` writes."""


@dataclass(frozen=True, slots=True)
class PointerEvent:
    """One pointer event: ``time_ms`` ms from the start of the game (negative before it),
    ``action``, and ``x``, ``y`` in board pixels at :data:`CELL_PX` px per cell."""

    time_ms: int
    action: Action
    x: int
    y: int

    def cell(self, rows: int, cols: int) -> tuple[int, int] | None:
        """The (row, col) under the pointer on a ``rows`` x ``cols`` board, or None off it."""
        row, col = self.y // CELL_PX, self.x // CELL_PX
        if self.x < 0 or self.y < 0 or row >= rows or col >= cols:
            return None
        return row, col


def formats_point(x: int, y: int, cell: int, rows: int, cols: int) -> tuple[int, int]:
    """Board pixel (``x``, ``y``) measured at ``cell`` pixels a cell, at :data:`CELL_PX` a cell
    as the formats write it: scaled down to whole pixels on the same cell, and a point off a
    ``rows`` x ``cols`` board put just past its bottom-right corner, (cols*16, rows*16)."""
    px, py = x * CELL_PX // cell, y * CELL_PX // cell
    if not (0 <= px < cols * CELL_PX and 0 <= py < rows * CELL_PX):
        return cols * CELL_PX, rows * CELL_PX
    return px, py


def centre(cell: tuple[int, int]) -> tuple[int, int]:
    """The (x, y) pixel at the centre of ``cell`` = (row, col)."""
    row, col = cell
    return col * CELL_PX + CELL_PX // 2, row * CELL_PX + CELL_PX // 2
