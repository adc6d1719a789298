"""The words a position is written in: each cell's cover state (covered, revealed, flagged,
question-marked: one byte per cell) and where a game is (:class:`State`), below
game.rules.flood and game.rules.engine, which both use them. The position itself, and the moves that
change it, are one class: :class:`game.rules.engine.Game`. No pygame here.
"""

from __future__ import annotations

from enum import Enum
# Cover states, one byte per cell in row-major order.
COVERED, REVEALED, FLAGGED, QUESTION = 0, 1, 2, 3


class State(str, Enum):
    """Where a game is: READY (no reveal yet), PLAYING, WON or LOST (game.rules.engine re-exports it)."""

    READY = "ready"
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"
