"""Benchmark: how long the review (game.solver.review) takes for a whole Expert game.

Each game is played by a careless player on a seeded Expert board (opening first click at
(3,3)): at each turn it reveals the solver's best move, or with chance ``--careless`` a
random covered cell instead (guesses, needless guesses and mistakes, as people make
them), flags the certain mines it sees with chance 1/2, and chords on a number whose flags
are all placed. The game's move log (game.midend.match.Match) is then reviewed with
``review_log``, timed with ``time.perf_counter`` and ``time.process_time`` (CPU, the steadier
figure on a shared machine); playing is not timed. Prints the median, 90th percentile and
maximum seconds per game review, wall and CPU, and the moves reviewed.

``--big``: the game of issue 27 instead, a seeded 36x60 board with 540 mines played to its
end (bench/big_review_game.py: about 1,200 moves; playing it takes minutes, so ``--log FILE``
keeps it: read when the file exists, else played and written). Prints the review's wall and
CPU seconds (time.perf_counter, time.process_time: the CPU time is the steadier figure on a
shared machine), the process's peak resident memory after it (ru_maxrss: the interpreter,
the log and the review), the moves reviewed, the verdicts, how many moves were judged on the
bounded analysis (``approximate``), and the peak memory of a second review under
tracemalloc (which slows it, so it is not timed). Then the same review as the window runs
it, in a child process (game.commands.review_apart.run_apart): its wall seconds, the window's own CPU
seconds meanwhile, and the child's peak resident memory.

``--quick`` (with ``--big``): a smoke check of the script (tests/tools/test_bench_smoke.py),
not a measure: the same player on a 16x16 board of 40 mines.

Usage:
  python bench/bench_review.py --games 30
  python bench/bench_review.py --big --log /tmp/big1.json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
import tracemalloc

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.rules.board import Config  # noqa: E402
from game.boardfile import from_game  # noqa: E402
from game.commands.cli import positive_int  # noqa: E402
from game.midend.match import Match  # noqa: E402
from game.rules.moves import Move  # noqa: E402
from game.solver.analysis import Solver  # noqa: E402
from game.solver.review import review_log  # noqa: E402


def play(seed: int, careless: float) -> dict:
    """One seeded Expert game played by the careless player; returns its move log."""
    rng = random.Random(seed)
    match = Match(Config.difficulty("expert"), seed=seed, clock=lambda: 0.0)
    game, solver, ms = match.game, Solver(ignore_flags=True), 0
    match.apply(Move.reveal((3, 3)))
    while not game.over:
        ms += rng.randint(100, 900)
        analysis = solver.analyse(from_game(game, with_mines=False), explain=False)
        for mine in sorted(analysis.mines):
            if game.mark(mine) != "flag" and rng.random() < 0.5:
                match.apply(Move.flag(mine))
        covered = [c for c in game.cells() if game.number(c) is None and game.mark(c) != "flag"]
        chords = [c for c in game.cells() if game.number(c) and game.chord_ready(c) and game.chord_targets(c)]
        if chords and rng.random() < 0.5:
            move = Move.chord(rng.choice(chords))
        elif rng.random() < careless:
            move = Move.reveal(rng.choice(covered))
        else:
            move = Move.reveal(analysis.best_move)
        match.apply(move)
    data = match.log_data()
    times = iter(range(0, 10 ** 9, 250))
    data["moves"] = [[next(times), kind, r, c, *source] for _, kind, r, c, *source in data["moves"]]
    return data


def peak_rss(whose: str) -> str:
    """The peak resident memory of this process ("self") or of its ended children
    ("children"), MB as text ("?" where the resource module is missing: Windows)."""
    try:
        import resource
    except ImportError:
        return "?"
    who = resource.RUSAGE_SELF if whose == "self" else resource.RUSAGE_CHILDREN
    kb = resource.getrusage(who).ru_maxrss  # KB on Linux (bytes on macOS)
    return f"{kb / (1024 * 1024 if sys.platform == 'darwin' else 1024):.0f}"


QUICK = (16, 16, 40)  # --big --quick's board


def big(seed: int, log: str | None, quick: bool = False) -> int:
    """``--big``: time one review of the 36x60 game (see the module docstring); ``quick``:
    of a game on the QUICK board instead."""
    from bench.big_review_game import COLS, MINES, ROWS, play_big_game

    if log and os.path.exists(log):
        with open(log, encoding="utf-8") as file:
            data = json.load(file)
    else:
        rows, cols, mines = QUICK if quick else (ROWS, COLS, MINES)
        data = play_big_game(seed, rows=rows, cols=cols, mines=mines)
        if log:
            with open(log, "w", encoding="utf-8") as file:
                json.dump(data, file)
    wall, cpu = time.perf_counter(), time.process_time()
    review = review_log(data)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    rss = peak_rss("self")
    verdicts: dict[str, int] = {}
    for m in review.moves:
        verdicts[m.verdict] = verdicts.get(m.verdict, 0) + 1
    bounded = sum(m.approximate for m in review.moves)
    review = None
    tracemalloc.start()
    review_log(data)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    moves = sum(verdicts.values())
    print(f"{data['rows']}x{data['cols']}, {len(data['mines'])} mines, {len(data['moves'])} moves logged, "
          f"{moves} reviewed")
    print(f"review: {wall:.2f} s wall, {cpu:.2f} s CPU; peak RSS {rss} MB; "
          f"peak memory {peak / 1e6:.0f} MB (tracemalloc)")
    print("verdicts: " + ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items()))
          + f"; judged on the bounded analysis: {bounded}")
    try:
        from game.commands.review_apart import log_request, run_apart
    except ImportError:  # (a checkout from before the review ran apart)
        return 0
    wall, cpu = time.perf_counter(), time.process_time()
    run_apart(log_request(data))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    child_rss = peak_rss("children")
    print(f"apart (as the window): {wall:.2f} s wall, {cpu:.2f} s CPU in the window's process; "
          f"child's peak RSS {child_rss} MB")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive_int, default=30, help="Expert games to review (default 30)")
    parser.add_argument("--careless", type=float, default=0.1,
                        help="chance of a random reveal instead of the best move (default 0.1)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--big", action="store_true", help="review the 36x60 game of 540 mines instead")
    parser.add_argument("--log", help="with --big: the game's log, read if it exists, else written")
    parser.add_argument("--quick", action="store_true",
                        help="with --big: a smoke check, not a measure: a 16x16 game of 40 mines")
    args = parser.parse_args(argv)
    if args.quick and not args.big:
        parser.error("argument --quick: only with --big (give --games 1 for a quick run of the Expert games)")
    if args.big:
        return big(args.seed, args.log, args.quick)
    if not 0 <= args.careless <= 1:
        parser.error(f"argument --careless: {args.careless} is not a chance: give 0..1")
    seconds, cpus, moves, verdicts = [], [], [], {}
    for seed in range(args.seed, args.seed + args.games):
        data = play(seed, args.careless)
        start, cpu = time.perf_counter(), time.process_time()
        review = review_log(data)
        seconds.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
        moves.append(len(review.moves))
        for m in review.moves:
            verdicts[m.verdict] = verdicts.get(m.verdict, 0) + 1
    seconds.sort()
    cpus.sort()
    p90 = seconds[min(len(seconds) - 1, int(0.9 * len(seconds)))]
    print(f"{args.games} Expert games, {statistics.median(moves):.0f} moves reviewed per game (median)")
    print(f"review seconds per game: median {statistics.median(seconds):.3f}, p90 {p90:.3f}, "
          f"max {seconds[-1]:.3f}; CPU median {statistics.median(cpus):.3f}, max {cpus[-1]:.3f}")
    print("verdicts: " + ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
