"""The rules of Minesweeper: the board and its cells, a position's cover, the flood, 3BV, moves and
pointer events as values, and :class:`game.rules.engine.Game`, one position and the moves that
change it (docs/architecture.md, layer 2). Pure Python: no pygame, no clock, no randomness.
"""
