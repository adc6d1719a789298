"""Minesweeper: a pure-Python engine (game.engine), a solver (game.solver), a console
game (game.console) and a pygame-ce window (game.ui)."""

__version__ = "0.1.0"
NAME = "Minesweeper"  # the game's name, as --version prints it
PROG = "python main.py"  # the program's name in --help and in error and warning lines
