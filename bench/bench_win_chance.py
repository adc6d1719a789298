"""Benchmark: the win chance's estimate against the solver's measured win rate.

On K seeded positions right after an opening first click (Expert by default, clicked at
(3, 3) as bench_solver.py's opening rule), two figures over the same seeds:

- *estimated*: game.solver.winchance's estimate of each position (the solver plays N games on
  layouts drawn uniformly among those consistent with the position), and their mean, with
  the Wilson 95 % interval of all K x N simulated games together;
- *measured*: the solver plays each position's real layout once (as bench_solver.py does);
  the win rate of those K games, with its Wilson 95 % interval.

Each real board is one of the layouts consistent with its position, drawn by the deal, so
the two agree when the sampler draws as the deal does (uniformly among the consistent
layouts) and the estimate counts right: the script says whether the mean estimate lies
within the measured rate's interval and the measured rate within the estimate's, and gives
the two-proportion z-test of the difference (the K real games are far fewer than the K x N
simulated ones, so the measured rate can fall outside the estimate's narrow interval by
its own chance alone).

Usage:
  python bench/bench_win_chance.py                         # 20 positions x 20 games, a few minutes
  python bench/bench_win_chance.py --positions 200 --games 50 --workers 2
  python bench/bench_win_chance.py --level intermediate --positions 100
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.boardfile import from_game  # noqa: E402
from game.commands.cli import positive_int  # noqa: E402
from game.midend.match import Match  # noqa: E402
from game.rules.board import Config  # noqa: E402
from game.rules.engine import State  # noqa: E402
from game.solver.analysis import play_out  # noqa: E402
from game.solver.winchance import WinChanceRun, wilson  # noqa: E402

FIRST_CLICK = {"beginner": (2, 2), "intermediate": (2, 2), "expert": (3, 3)}  # bench_solver.py's opening rule


def one(task: tuple[str, int, int]) -> tuple[int, int, int, bool, bool, float]:
    """One seed: (seed, simulated games, their wins, the real game won, the first click ended
    the game, seconds). The estimate's layouts are drawn from the seed too."""
    level, seed, games = task
    start = time.perf_counter()
    match = Match(Config.difficulty(level, first_click="opening"), rng=random.Random(seed))
    match.reveal(FIRST_CLICK[level])
    if match.game.over:  # won by the first click (never on Expert): nothing to estimate
        return seed, 0, 0, match.game.state is State.WON, True, time.perf_counter() - start
    position = from_game(match.game, with_mines=False)
    run = WinChanceRun(position, games=games, budget=None, rng=random.Random(seed), exact=False)
    while not run.step(10.0):
        pass
    found = run.result()
    for _ in play_out(match):
        pass
    return seed, found.games, found.wins, match.game.state is State.WON, False, time.perf_counter() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=positive_int, default=20, help="seeded positions (K)")
    parser.add_argument("--games", type=positive_int, default=20, help="simulated games per position (N)")
    parser.add_argument("--level", choices=tuple(FIRST_CLICK), default="expert")
    parser.add_argument("--seed", type=int, default=1, help="first seed; position i uses seed+i")
    parser.add_argument("--workers", type=positive_int, default=2)
    parser.add_argument("--each", action="store_true", help="print each position's estimate and game")
    args = parser.parse_args(argv)
    tasks = [(args.level, args.seed + i, args.games) for i in range(args.positions)]
    start = time.perf_counter()
    if args.workers > 1:
        with Pool(args.workers) as pool:
            results = pool.map(one, tasks, chunksize=1)
    else:
        results = [one(task) for task in tasks]
    wall = time.perf_counter() - start
    estimated = [(seed, games, wins) for seed, games, wins, _, done, _ in results if not done]
    if args.each:
        for seed, games, wins, won, done, seconds in results:
            if done:
                print(f"seed {seed}: won by the first click")
                continue
            low, high = wilson(wins, games)
            print(f"seed {seed}: estimate {100 * wins / games:5.1f} % ({100 * low:.1f}-{100 * high:.1f}, "
                  f"{games} games); real game {'won' if won else 'lost'}; {seconds:.1f} s")
    sim_games = sum(g for _, g, _ in estimated)
    sim_wins = sum(w for _, _, w in estimated)
    means = [w / g for _, g, w in estimated]
    mean = sum(means) / len(means) if means else 0.0
    e_low, e_high = wilson(sim_wins, sim_games)
    real = sum(won for _, _, _, won, done, _ in results if not done)
    n = len(estimated)
    m_low, m_high = wilson(real, n)
    print(f"{args.level}, {args.positions} positions after an opening first click at {FIRST_CLICK[args.level]}, "
          f"seeds {args.seed}..{args.seed + args.positions - 1}, {args.workers} workers, {wall:.1f} s")
    print(f"estimated: mean {100 * mean:.2f} % over {n} positions x {args.games} games "
          f"({sim_wins} of {sim_games} simulated games won; 95 % interval {100 * e_low:.2f}-{100 * e_high:.2f} %)")
    print(f"measured:  {100 * real / n if n else 0:.2f} % ({real} of {n} real games won; "
          f"95 % interval {100 * m_low:.2f}-{100 * m_high:.2f} %)")
    inside = m_low <= mean <= m_high
    back = e_low <= (real / n if n else 0) <= e_high
    print(f"agree: {'yes' if inside and back else 'no'} (mean estimate {'within' if inside else 'outside'} "
          f"the measured interval; measured rate {'within' if back else 'outside'} the estimate's interval)")
    z, p = two_proportions(sim_wins, sim_games, real, n)
    print(f"difference: measured - estimated {100 * ((real / n if n else 0) - (sim_wins / sim_games if sim_games else 0)):+.2f} "
          f"points, z = {z:+.2f}, two-sided p = {p:.3f} (each rate's own chance counted: the measured rate's "
          f"interval is the wider, so it alone can fall outside the estimate's by chance)")
    return 0


def two_proportions(a_wins: int, a_n: int, b_wins: int, b_n: int) -> tuple[float, float]:
    """The two-proportion z-test of b_wins/b_n against a_wins/a_n (unpooled standard error):
    (z, two-sided p); (0, 1) when either has no trial or both are certain."""
    if not a_n or not b_n:
        return 0.0, 1.0
    pa, pb = a_wins / a_n, b_wins / b_n
    se = math.sqrt(pa * (1 - pa) / a_n + pb * (1 - pb) / b_n)
    if se == 0:
        return 0.0, 1.0
    z = (pb - pa) / se
    return z, math.erfc(abs(z) / math.sqrt(2))


if __name__ == "__main__":
    sys.exit(main())
