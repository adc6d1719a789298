"""The Minesweeper solver: exact mine probabilities, the best move and explained hints.

No pygame here. Entry points (see :mod:`game.solver.analysis`):

- ``analyse(text) -> Analysis`` for ``.mine`` text, ``analyse_board(board)`` for a
  :class:`game.boardfile.BoardFile` (e.g. ``from_game(game, with_mines=False)``);
- ``Solver`` keeps counts between the positions of one game (fast in a running game);
- ``certain_cells(board) -> (safe, mines)`` exact certain cells, cheap (no-guess boards).
"""

from game.solver.analysis import Analysis, Solver, analyse, analyse_board, certain_cells
from game.solver.problem import InconsistentPosition

__all__ = ["Analysis", "Solver", "analyse", "analyse_board", "certain_cells", "InconsistentPosition"]
