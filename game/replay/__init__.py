"""Replays: every game move by move, and the competitive tools' replay files.

- :mod:`game.replay.events`: the values (Replay, ReplayStats; the pointer's, PointerEvent and
  Action, are game.rules.pointer's, below the midend, and named here too), plain data.
- :mod:`game.replay.files`: ``read_replay`` (AVF, RMV, MVF, EVF) and ``write_evf``,
  through ms-toollib (PyPI ``ms-toollib``, MIT, Metasweeper's engine) run in a child process.

No pygame here, and ms-toollib never runs in the game's own process.
"""

from game.replay.events import CELL_PX, PLAIN_ACTIONS, Action, PointerEvent, Replay, ReplayStats, centre
from game.replay.files import (
    FORMATS, MAX_REPLAY_BYTES, ReplayFileError, evf_bytes, read_replay, replay_format, write_evf,
)

__all__ = ["CELL_PX", "FORMATS", "MAX_REPLAY_BYTES", "PLAIN_ACTIONS", "Action", "PointerEvent", "Replay",
           "ReplayFileError", "ReplayStats", "centre", "evf_bytes", "read_replay", "replay_format", "write_evf"]
