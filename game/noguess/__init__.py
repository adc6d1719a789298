"""No-guess boards: after the opening first click, logic alone clears the board.

Placeholder docstring; see generator.py.
"""

from game.noguess.checker import is_no_guess
from game.noguess.generator import (
    Generation, GenerationCancelled, NoGuessError, generate, max_no_guess_mines, no_guess_layer,
    supported,
)

MAX_DENSITY = 0.25  # mines / cells, at most (measured; see the docstring)
MAX_NO_GUESS_CELLS = 10_000  # board size limit in cells

__all__ = ["Generation", "GenerationCancelled", "NoGuessError", "generate", "is_no_guess",
           "max_no_guess_mines", "no_guess_layer", "supported", "MAX_DENSITY", "MAX_NO_GUESS_CELLS"]
