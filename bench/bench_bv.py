"""Benchmark: 3BV of big and dense boards, before and after counting it by row masks.

For each board (1000x1000 with 10 mines, 1000x1000 with 200,000, 100x100 with 2,000,
Expert) prints the median of ``--runs`` timings of ``game.rules.bv.bv_parts`` (what the game
uses), of ``game.rules.board.three_bv`` (the same, plus one tuple per opening cell) and of the
cell-by-cell flood fill it replaced (kept below as ``flood_three_bv``, from the commit
before, for the comparison; ``--skip-old`` leaves it out), and checks they agree.

    python bench/bench_bv.py [--runs 3] [--seed 1] [--skip-old] [--quick]

``--quick``: a smoke check of the script (tests/tools/test_bench_smoke.py): only the two
small boards (100x100 and Expert).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules.board import neighbours, three_bv  # noqa: E402
from game.rules.bv import bv_parts  # noqa: E402
from game.commands.cli import positive_int  # noqa: E402

BOARDS = ((1000, 1000, 10), (1000, 1000, 200_000), (100, 100, 2000), (16, 30, 99))
QUICK = BOARDS[2:]  # --quick's boards


def flood_three_bv(mines, rows, cols):
    """The 3BV parts as game.rules.board.three_bv counted them before: a set of numbered cells,
    then a flood fill with an explicit stack, one neighbours() call per zero cell."""
    numbered = {n for mine in mines for n in neighbours(mine, rows, cols)} - set(mines)
    seen, openings, bordered = set(), [], set()
    for r in range(rows):
        for c in range(cols):
            cell = (r, c)
            if cell in seen or cell in mines or cell in numbered:
                continue
            region, stack = [], [cell]
            seen.add(cell)
            while stack:
                current = stack.pop()
                region.append(current)
                for n in neighbours(current, rows, cols):
                    if n in numbered:
                        bordered.add(n)
                    elif n not in seen:
                        seen.add(n)
                        stack.append(n)
            openings.append(region)
    return openings, sorted(numbered - bordered)


def median_time(count, runs: int) -> tuple[float, object]:
    """(median seconds of ``runs`` calls of ``count()``, its last result)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = count()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=positive_int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-old", action="store_true", help="do not time the old flood fill")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke check: only the small boards (100x100 with 2000 mines, Expert)")
    args = parser.parse_args(argv)
    for rows, cols, count in QUICK if args.quick else BOARDS:
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        mines = set(random.Random(args.seed).sample(cells, count))
        fast, parts = median_time(lambda: bv_parts(mines, rows, cols), args.runs)
        lists, (openings, isolated) = median_time(lambda: three_bv(mines, rows, cols), args.runs)
        line = (f"{rows}x{cols}, {count} mines: 3BV {parts.value}; bv_parts {fast * 1000:.1f} ms, "
                f"three_bv (cell lists) {lists * 1000:.1f} ms")
        if not args.skip_old:
            old, (old_openings, old_isolated) = median_time(lambda: flood_three_bv(mines, rows, cols), args.runs)
            agree = ([sorted(o) for o in old_openings] == openings and old_isolated == isolated)
            line += f", old flood fill {old * 1000:.1f} ms ({old / fast:,.0f}x bv_parts){'' if agree else ' DISAGREE'}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
