"""Start Minesweeper from a checkout: the window game by default, ``--console`` for the
terminal, ``--analyse FILE`` for the solver. ``python main.py --help`` lists every option.

The program itself is game.program (the installed ``minesweeper`` command and the frozen
app, tools/build_app.py, whose entry script this file is, run the same)."""

import sys

from game.program import Terminated, launch, main, run  # noqa: F401  (tests call main.main)

if __name__ == "__main__":
    sys.exit(launch())
