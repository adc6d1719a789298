"""Find the best first guess after a safe first click in a corner shows a number, by play.

With the classic "first click only safe" rule and the first click at the corner (0,0),
the corner shows a number n (1..3) in about a third of Beginner games and half of
Expert games, and then a guess is needed with nothing else known. Those positions are
few (one per n and level), so the best guess can be measured rather than estimated:
for each candidate cell, this script plays the same N layouts (uniform among those with
(0,0) safe showing n, drawn from seeded ``random.Random``) by revealing the candidate
first and then letting the solver play on, seeing only the visible position. Every
candidate meets the same layouts, so their win rates are compared pairwise (sign test
on the layouts one candidate wins and the other loses).

The results feed ``game.solver.book.FIRST_GUESS``.

Usage:
  python tools/first_guess.py --level beginner --number 1 --games 2000
  python tools/first_guess.py --level beginner --number 1 --games 20000 --cells 0,8 2,2 0,4
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.rules.board import DIFFICULTIES, Config, neighbours  # noqa: E402
from game.commands.cli import positive_int  # noqa: E402
from game.rules.engine import State  # noqa: E402
from game.midend.match import Match  # noqa: E402
from game.solver.analysis import play_out  # noqa: E402

CORNER = (0, 0)


def layout(rows: int, cols: int, mines: int, number: int, seed: int) -> set:
    """A layout drawn uniformly among those with CORNER safe and ``number`` mines around it."""
    rng = random.Random(seed)
    around = sorted(neighbours(CORNER, rows, cols))
    rest = [(r, c) for r in range(rows) for c in range(cols) if (r, c) != CORNER and (r, c) not in around]
    return set(rng.sample(around, number)) | set(rng.sample(rest, mines - number))


def play(task: tuple) -> tuple:
    """Play one layout with ``cell`` as the first guess; returns (cell, seed, won)."""
    level, number, cell, seed = task
    rows, cols, mines = DIFFICULTIES[level]
    match = Match(Config(rows, cols, mines, first_click="safe"))
    match.set_layout(layout(rows, cols, mines, number, seed))
    game = match.game
    match.reveal(CORNER)
    match.reveal(cell)
    for _ in play_out(match):
        pass
    return cell, seed, game.state is State.WON


def candidates(level: int) -> list:
    """Every cell that is not the corner or next to it; on a square board one of each
    mirror pair across the diagonal (the position is symmetric)."""
    rows, cols, _ = DIFFICULTIES[level]
    around = set(neighbours(CORNER, rows, cols)) | {CORNER}
    return [(r, c) for r in range(rows) for c in range(cols)
            if (r, c) not in around and not (rows == cols and r > c)]


def parse_cell(text: str) -> tuple[int, int]:
    """'row,col' -> (row, col).

    Raises:
        argparse.ArgumentTypeError: not two whole numbers separated by a comma.
    """
    try:
        row, col = (int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not row,col such as 0,8") from None
    return row, col


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", choices=list(DIFFICULTIES), default="beginner")
    parser.add_argument("--number", type=int, choices=(1, 2, 3), default=1)
    parser.add_argument("--games", type=int, default=1000, help="layouts per candidate")
    parser.add_argument("--seed", type=int, default=1, help="first layout seed")
    parser.add_argument("--cells", nargs="*", type=parse_cell, help="candidates as row,col (default: all)")
    parser.add_argument("--workers", type=positive_int, default=2)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games: {args.games} is not a positive number of layouts")
    allowed = candidates(args.level) + [(c, r) for r, c in candidates(args.level) if r != c]
    cells = candidates(args.level)
    if args.cells:
        cells = args.cells
        for cell in cells:
            if cell not in allowed:
                parser.error(f"--cells: {cell} is off the {args.level} board or next to the corner; "
                             f"give row,col with 0 <= row < {DIFFICULTIES[args.level][0]}, "
                             f"0 <= col < {DIFFICULTIES[args.level][1]}, not (0,0) or its neighbours")
    seeds = range(args.seed, args.seed + args.games)
    won: dict = {cell: set() for cell in cells}
    with Pool(args.workers) as pool:
        tasks = [(args.level, args.number, cell, seed) for cell in cells for seed in seeds]
        for cell, seed, win in pool.imap_unordered(play, tasks, chunksize=16):
            if win:
                won[cell].add(seed)
    ranked = sorted(cells, key=lambda c: -len(won[c]))
    best = ranked[0]
    print(f"{args.level}, corner shows {args.number}: {args.games} layouts per first guess "
          f"(seeds {args.seed}..{args.seed + args.games - 1})")
    print(f"{'cell':<10}{'win %':>8}{'vs best: only it':>18}{'only best':>11}{'z':>7}")
    for cell in ranked:
        a, b = len(won[cell] - won[best]), len(won[best] - won[cell])
        z = (a - b) / math.sqrt(a + b) if a + b else 0.0
        print(f"{str(cell):<10}{100 * len(won[cell]) / args.games:>8.2f}{a:>18}{b:>11}{z:>7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
