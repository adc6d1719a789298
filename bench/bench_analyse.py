"""Benchmark: one analysis of a big custom-board position, the 2-second bound.

The standard levels are timed by bench_solver.py; this times what a solver enthusiast
may feed ``--analyse`` or the window's hint on a custom board up to 1000x1000: an
all-covered board (no frontier: the exact binomials run to 200,000 digits), a board
after its first click (a frontier group of thousands of cells, estimated) and an almost
cleared board (every safe cell open but a band of five rows: half a million numbers
touch a covered cell).

Usage:
  python bench/bench_analyse.py              # every case, about a minute and a half
  python bench/bench_analyse.py --sizes 400  # only 400x400
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.rules.board import Config, adjacent_mines  # noqa: E402
from game.boardfile import BoardFile, from_game  # noqa: E402
from game.commands.cli import positive_int  # noqa: E402
from game.midend.match import Match  # noqa: E402
from game.solver.analysis import Solver  # noqa: E402
from game.commands.analyse_report import to_json  # noqa: E402

BOUND = 2.0  # seconds: the limit for one analysis


def cases(sizes: list[int]):
    """(label, position) pairs: all covered at 20 % mines, then after a first click at 10 %,
    then almost cleared at 10 %."""
    for n in sizes:
        yield f"{n}x{n} all covered, {n * n // 5} mines", BoardFile(n, n, n * n // 5)
        match = Match(Config(n, n, n * n // 10), rng=random.Random(5))  # the board dealt as the game deals it
        match.reveal((n // 2, n // 2))
        yield f"{n}x{n} after the first click, {n * n // 10} mines", from_game(match.game, with_mines=False)
        yield f"{n}x{n} almost cleared, {n * n // 10} mines", almost_cleared(n, random.Random(5))


def almost_cleared(n: int, rng: random.Random) -> BoardFile:
    """An n x n position, 10 % mines, with every safe cell revealed except a band of five
    rows across the middle (no flags: each mine left covered among its numbers)."""
    mines = {divmod(i, n) for i in rng.sample(range(n * n), n * n // 10)}
    band = range(n // 2 - 2, n // 2 + 3)
    revealed = {(r, c): adjacent_mines((r, c), mines, n, n)
                for r in range(n) if r not in band for c in range(n) if (r, c) not in mines}
    return BoardFile(n, n, len(mines), revealed)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=positive_int, nargs="+", default=[100, 400, 1000],
                        help="board sides to try (default 100 400 1000)")
    args = parser.parse_args(argv)
    worst = 0.0
    for label, position in cases(args.sizes):
        start = time.perf_counter()
        analysis = Solver().analyse(position)
        seconds = time.perf_counter() - start
        worst = max(worst, seconds)
        start = time.perf_counter()
        to_json(position, analysis)  # --json adds a proof per certain-safe cell
        report = time.perf_counter() - start
        note = "approximate" if analysis.approximate else "exact"
        print(f"{label:45} {seconds:6.2f} s  {note:11}  {analysis.move_kind} {analysis.best_move}"
              f"  (--json report {report:.2f} s, {len(analysis.safe)} safe cells)"
              f"{'  OVER THE BOUND' if seconds > BOUND else ''}", flush=True)
    print(f"slowest: {worst:.2f} s (bound {BOUND:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
