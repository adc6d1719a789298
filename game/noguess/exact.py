"""The bridge from a :class:`~game.noguess.deduce.Replay` to the solver's exact analysis.

The solver (:func:`game.solver.certain_cells`) decides, from the revealed numbers,
the proved mines (passed as flags) and the total mine count, which covered cells are
certain: safe in every consistent layout, or a mine in every one. No pygame here.
"""

from __future__ import annotations

import time

from game.boardfile import BoardFile
from game.noguess.deduce import OPEN, Replay
from game.solver import certain_cells
from game.solver.probabilities import GroupCache


class ExactCertainty:
    """Callable hook ``(replay) -> (safe bit set, mine bit set)`` for :meth:`Replay` loops.

    Keeps one solver cache per replay sequence, so frontier groups that did not change
    between two stuck points are not counted again.
    """

    def __init__(self):
        self.cache = GroupCache()
        self.calls = 0
        self.slowest = 0.0  # seconds of the longest call (for the benchmark)

    def __call__(self, replay: Replay) -> tuple[int, int]:
        self.calls += 1
        start = time.perf_counter()
        geo = replay.geo
        cols = geo.cols
        state, number = replay.state, replay.number
        revealed = {divmod(i, cols): number[i] for i in range(geo.n) if state[i] == OPEN}
        flags = frozenset(geo.cells(replay.proved_mines))
        board = BoardFile(geo.rows, geo.cols, replay.total, revealed, flags, None)
        safe, mines = certain_cells(board, cache=self.cache)
        self.slowest = max(self.slowest, time.perf_counter() - start)
        return geo.mask(safe), geo.mask(mines)
