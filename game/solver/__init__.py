"""The Minesweeper solver: exact mine probabilities, the best move and explained hints.

No pygame here. See :mod:`game.solver.analysis` for the public entry points.
"""
