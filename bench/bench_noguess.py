"""Benchmark the no-guess generator: time from the first click to a finished board.

    python bench/bench_noguess.py                 # 200 Expert, 200 Intermediate, 200 Beginner
    python bench/bench_noguess.py --seeds 50 --level expert
    python bench/bench_noguess.py --custom 30x30x270 --seeds 20

For each level: median, p95 and max milliseconds of :func:`game.noguess.generate` over
``--seeds`` seeds (first click at a seed-chosen random cell), generated as the window
does it (``Generation.step(0.008)`` per frame; the time includes the slicing), the mean
replays, perturbations and exact-analysis calls per board, the slowest exact call and
the longest single step (how long a frame can stall), and the fraction of boards that
pass the checker :func:`game.noguess.is_no_guess` (which is timed separately and does
not count towards the generation time). Targets (issue 6): Expert median <= 50 ms,
p95 <= 250 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.rules.board import Config  # noqa: E402
from game.commands.cli import positive_int  # noqa: E402
from game.noguess import Generation, is_no_guess, supported  # noqa: E402

FRAME_SLICE = 0.008  # seconds of work per step() call, as the window asks per frame


def bench(config: Config, seeds: int, check: bool, exact_only: bool = False) -> dict:
    """Generate ``seeds`` boards; returns the figures as a dict (times in ms)."""
    times, passed, check_times, slowest, longest_step = [], 0, [], 0.0, 0.0
    totals = {"passes": 0, "perturbations": 0, "exact_calls": 0, "layouts": 0}
    for seed in range(seeds):
        pick = random.Random(10_000 + seed)
        first = (pick.randrange(config.rows), pick.randrange(config.cols))
        start = time.perf_counter()
        job = Generation(config, first, random.Random(seed))
        while True:  # as the window does it: an 8 ms slice per frame
            before = time.perf_counter()
            done = job.step(FRAME_SLICE)
            longest_step = max(longest_step, time.perf_counter() - before)
            if done:
                break
        times.append(1000 * (time.perf_counter() - start))
        for key in totals:
            totals[key] += job.stats[key]
        slowest = max(slowest, job.stats["exact_slowest"])
        if check:
            start = time.perf_counter()
            passed += is_no_guess(job.result, config.rows, config.cols, first,
                                  local_rules=not exact_only)
            check_times.append(1000 * (time.perf_counter() - start))
    times.sort()
    return {
        "median": statistics.median(times),
        "p95": times[max(0, round(0.95 * len(times)) - 1)],
        "max": times[-1],
        "exact_slowest": 1000 * slowest,
        "longest_step": 1000 * longest_step,
        "passed": passed / seeds if check else None,
        "check_median": statistics.median(check_times) if check else None,
        **{key: value / seeds for key, value in totals.items()},
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=positive_int, default=200, help="boards per level (default 200)")
    parser.add_argument("--level", choices=("beginner", "intermediate", "expert"), action="append",
                        help="level(s) to run (default: all three)")
    parser.add_argument("--custom", metavar="RxCxM", action="append", default=[],
                        help="also a custom size, rows x cols x mines, e.g. 30x30x270")
    parser.add_argument("--no-check", action="store_true", help="skip the checker")
    parser.add_argument("--exact-checker", action="store_true",
                        help="checker asks the solver's exact analysis at every step (slower, "
                             "shares no deduction code with the generator)")
    args = parser.parse_args(argv)
    configs = [Config.difficulty(name) for name in (args.level or ["expert", "intermediate", "beginner"])]
    for spec in args.custom:
        try:
            rows, cols, mines = (int(part) for part in spec.lower().split("x"))
            config = Config(rows, cols, mines, no_guess=True)
        except ValueError as err:
            parser.error(f"--custom {spec}: expected ROWSxCOLSxMINES such as 30x30x270 ({err})")
        message = supported(config)
        if message:
            parser.error(f"--custom {spec}: {message}")
        configs.append(Config(rows, cols, mines))
    print(f"no-guess generation, {args.seeds} seeds each, Python {sys.version.split()[0]}")
    for config in configs:
        figures = bench(config, args.seeds, not args.no_check, args.exact_checker)
        name = f"{config.level} {config.rows}x{config.cols}/{config.mines}"
        check = ("" if figures["passed"] is None else
                 f"  checker passed {100 * figures['passed']:.1f}% (median {figures['check_median']:.1f} ms)")
        print(f"{name:26} median {figures['median']:7.1f} ms  p95 {figures['p95']:7.1f} ms  "
              f"max {figures['max']:7.1f} ms  replays {figures['passes']:.2f}  "
              f"perturbations {figures['perturbations']:.2f}  exact {figures['exact_calls']:.2f}"
              f"  layouts {figures['layouts']:.2f}  slowest exact call {figures['exact_slowest']:.1f} ms"
              f"  longest 8 ms step {figures['longest_step']:.1f} ms"
              f"{check}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
