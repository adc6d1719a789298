"""Minesweeper: a pure-Python engine (game.engine), a solver (game.solver), a console
game (game.console) and a pygame-ce window (game.ui)."""

__version__ = "0.1.0"
