"""Replays: every game move by move, and the competitive tools' replay files.

- :mod:`game.replay.events`: the values (PointerEvent, Replay, ReplayStats), plain data.

No pygame here.
"""

from game.replay.events import CELL_PX, PLAIN_ACTIONS, Action, PointerEvent, Replay, ReplayStats, centre

__all__ = ["CELL_PX", "PLAIN_ACTIONS", "Action", "PointerEvent", "Replay", "ReplayStats", "centre"]
