"""Benchmark: one click opens a 1000x1000 board with 10 mines.

Times the click as the window makes it, ``Match.apply(Move(REVEAL, centre))`` on a fresh
board dealt by the midend (game.midend.match: its deal lays the mines at the click, then
``Game.apply`` opens the cells), and prints for each run its seconds, the cells it
opened and the final state, then the medians of a breakdown measured on the same board
piece by piece:

- lay: laying the mines at the first click (``Deal.lay``);
- flood: game.rules.flood.flood on a fresh cover;
- outcome: the move's cell collections (two game.rules.cells.CellRuns);
- rest: the click minus those three (the rules' and the midend's bookkeeping, the win,
  the Outcome);
- and, not part of the click, what a caller pays to turn ``outcome.opened`` into a set of
  (row, col) tuples (the cost of iterating every opened cell).

Last, the peak memory the click allocated (tracemalloc, which slows that run, so it is
measured separately).

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

from game.rules.board import Config  # noqa: E402
from game.rules.cells import CellRuns  # noqa: E402
from game.commands.cli import positive_int  # noqa: E402
from game.midend.deal import Deal  # noqa: E402
from game.rules.flood import flood  # noqa: E402
from game.midend.match import Match  # noqa: E402
from game.rules.moves import REVEAL, Move  # noqa: E402

PARTS = ("click", "lay", "flood", "outcome", "rest", "set of opened")


def one_click(size: int, mines: int, seed: int) -> tuple[float, object, Match]:
    """Reveal the centre of a fresh board dealt from ``random.Random(seed)``; returns
    (seconds, the Outcome, the match)."""
    match = Match(Config(size, size, mines), rng=random.Random(seed))
    start = time.perf_counter()
    outcome = match.apply(Move(REVEAL, (size // 2, size // 2)))
    return time.perf_counter() - start, outcome, match


def best_of(repeats: int, work) -> float:
    """The fewest seconds ``work()`` took in ``repeats`` calls (a piece's cost without the
    pauses of the garbage collector or the machine)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def breakdown(size: int, mines: int, seed: int) -> dict[str, float]:
    """Seconds of each of PARTS for one click on the board of ``seed`` (the pieces each the
    best of 5; "rest" the click minus them, so within a millisecond or two of noise)."""
    click, outcome, _ = one_click(size, mines, seed)
    centre = (size // 2, size // 2)
    deal = Deal(Config(size, size, mines), random.Random(seed))  # the deal of one_click's Match
    deal.next()
    layout = deal.lay(centre)
    runs, _ = flood(bytearray(size * size), layout, size, size, [centre])
    extra = getattr(outcome.changed, "extra", frozenset())  # the mines flagged by the win
    times = {
        "click": click,
        "lay": best_of(5, lambda: deal.lay(centre)),
        "flood": best_of(5, lambda: flood(bytearray(size * size), layout, size, size, [centre])),
        "outcome": best_of(5, lambda: (CellRuns(runs), CellRuns(runs, extra))),
        "set of opened": best_of(1, lambda: set(outcome.opened)),
    }
    times["rest"] = click - times["lay"] - times["flood"] - times["outcome"]
    return times


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
    runs = []
    for run in range(args.runs):
        times = breakdown(args.size, args.mines, args.seed + run)
        _, outcome, match = one_click(args.size, args.mines, args.seed + run)
        runs.append(times)
        print(f"run {run + 1}: {times['click']:.3f} s, {len(outcome.opened)} cells opened "
              f"({len(outcome.changed)} changed), game {match.game.state.value}")
    medians = {part: statistics.median(times[part] for times in runs) for part in PARTS}
    print(f"median: {medians['click']:.3f} s, {args.size * args.size / medians['click']:,.0f} cells/s")
    print("breakdown (medians): " + ", ".join(f"{part} {medians[part]:.3f} s" for part in PARTS[1:5]))
    print(f"not in the click: set(outcome.opened) {medians['set of opened']:.3f} s")
    tracemalloc.start()
    one_click(args.size, args.mines, args.seed)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"peak memory of one click (tracemalloc): {peak / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
