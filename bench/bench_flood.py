"""Benchmark: one click opens a 1000x1000 board with 10 mines.

Prints, for each run, the seconds the reveal took, the cells it opened and cells
per second, then the median; and the peak memory the first run allocated
(tracemalloc, which slows that run, so it is measured separately).

    python bench/bench_flood.py [--runs 3] [--size 1000] [--mines 10] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.board import Config  # noqa: E402
from game.cli import positive_int  # noqa: E402
from game.engine import Game  # noqa: E402


def one_click(size: int, mines: int, seed: int) -> tuple[float, int, str]:
    """Reveal the centre of a fresh board; returns (seconds, cells opened, final state)."""
    game = Game(Config(size, size, mines), rng=random.Random(seed))
    start = time.perf_counter()
    opened = game.reveal((size // 2, size // 2))
    return time.perf_counter() - start, len(opened), game.state.value


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=positive_int, default=3)
    parser.add_argument("--size", type=positive_int, default=1000, help="rows = columns")
    parser.add_argument("--mines", type=positive_int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        Config(args.size, args.size, args.mines)
    except ValueError as err:
        parser.error(f"--size {args.size} --mines {args.mines}: {err}")
    times = []
    for run in range(args.runs):
        seconds, cells, state = one_click(args.size, args.mines, args.seed + run)
        times.append(seconds)
        print(f"run {run + 1}: {seconds:.3f} s, {cells} cells opened, {cells / seconds:,.0f} cells/s, game {state}")
    median = statistics.median(times)
    print(f"median: {median:.3f} s, {args.size * args.size / median:,.0f} cells/s")
    tracemalloc.start()
    one_click(args.size, args.mines, args.seed)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"peak memory of one click (tracemalloc): {peak / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
