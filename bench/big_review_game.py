"""A long game for the review benchmarks: a seeded 36x60 board with 540 mines played to its
end by a scripted player, logged through a :class:`game.midend.match.Match`.

The player plays as a person does on a big board, one click a move: it reveals a cell
proven safe (the one nearest its last move), flags a proven mine now and then, chords a
number whose flags are all placed, clicks a revealed cell by mistake now and then (a
wasted move), and when no cell is proven safe guesses the safest cell that is in fact safe
(a lucky player, so that the game runs to its win, as the 1,298-move game of issue 27
did). With chance ``careless`` it reveals some other safe cell instead (a needless guess
when other cells were proven safe). Seeded: the same seed gives the same log. It sees the
mines only to stay lucky; the review sees only the log.
"""

from __future__ import annotations

import random

from game.rules.board import Config
from game.boardfile import from_game
from game.midend.match import Match
from game.rules.moves import Move
from game.solver.analysis import Solver

ROWS, COLS, MINES = 36, 60, 540  # the board


def play_big_game(seed: int = 1, careless: float = 0.05, rows: int = ROWS, cols: int = COLS,
                  mines: int = MINES) -> dict:
    """The move log (Match.log_data) of one seeded game played to its end (see the module
    docstring); its moves are 250 ms apart."""
    rng = random.Random(seed)
    ms = [0.0]
    match = Match(Config(rows, cols, mines), seed=seed, clock=lambda: ms[0])
    game, solver = match.game, Solver(ignore_flags=True)
    first = (rows // 2, cols // 2)  # the first click, the middle of the board
    match.apply(Move.reveal(first))
    last, layout = first, None
    while not game.over:
        ms[0] += 0.25
        layout = layout or game.layout()
        probs = solver.probabilities(from_game(game, with_mines=False))
        covered = [c for c, p in probs.floats.items() if game.mark(c) != "flag"]
        safe = sorted(c for c in probs.safe if game.mark(c) != "flag")
        unflagged = sorted(c for c in probs.mines if game.mark(c) != "flag")
        if unflagged and rng.random() < 0.25:
            move = Move.flag(_nearest(unflagged, last))
        elif rng.random() < 0.02:
            move = Move.reveal(rng.choice([c for c in game.cells() if game.number(c) is not None]))
        else:
            chords = [c for c in _numbers_near(game, last) if game.chord_ready(c) and game.chord_targets(c)]
            if chords and rng.random() < 0.3:
                move = Move.chord(chords[0])
            elif safe and rng.random() >= careless:
                move = Move.reveal(_nearest(safe, last))
            else:
                lucky = [c for c in covered if c not in layout]
                low = min(probs.floats[c] for c in lucky)
                pick = rng.choice(lucky) if rng.random() < careless else \
                    _nearest([c for c in lucky if probs.floats[c] <= low + 1e-9], last)
                move = Move.reveal(pick)
        match.apply(move)
        last = move.cell
    return match.log_data()


def _nearest(cells: list, to: tuple) -> tuple:
    return min(cells, key=lambda c: (max(abs(c[0] - to[0]), abs(c[1] - to[1])), c))


def _numbers_near(game, at: tuple, reach: int = 3) -> list:
    """Revealed numbers within ``reach`` cells of ``at``, nearest first."""
    r0, c0 = at
    found = [(r, c) for r in range(max(0, r0 - reach), min(game.rows, r0 + reach + 1))
             for c in range(max(0, c0 - reach), min(game.cols, c0 + reach + 1)) if game.number((r, c))]
    return sorted(found, key=lambda c: (max(abs(c[0] - r0), abs(c[1] - c0)), c))
