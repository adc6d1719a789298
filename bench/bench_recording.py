"""Benchmark: what recording every game move by move costs (game.match).

Prints, in microseconds: a move applied through the Match (logged) against the same move
applied to the Game alone, per move, over random Expert games; one pointer event logged;
and, in milliseconds, packing a log for the records (game.records.db.pack_log, done once in
the frame a game ends) for a typical Expert game and for a 20-minute 36x60 game with
57,000 pointer events, the size of the longest replays players share.

    python bench/bench_recording.py [--games 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.board import Config  # noqa: E402
from game.cli import positive_int  # noqa: E402
from game.engine import Game  # noqa: E402
from game.match import Match  # noqa: E402
from game.moves import KINDS, Move  # noqa: E402
from game.records.db import pack_log  # noqa: E402


def random_moves(seed: int, count: int = 300) -> list[Move]:
    rng = random.Random(seed)
    return [Move(rng.choice(KINDS), (rng.randrange(16), rng.randrange(30))) for _ in range(count)]


def per_move(games: int, seed: int, logged: bool) -> float:
    """Microseconds per applied move over ``games`` random Expert games."""
    total, moves = 0.0, 0
    for g in range(games):
        game = Game(Config.difficulty("expert"), rng=random.Random(seed + g))
        apply = Match(game).apply if logged else game.apply
        plan = random_moves(seed + g)
        start = time.perf_counter()
        for move in plan:
            if game.over:
                break
            apply(move)
            moves += 1
        total += time.perf_counter() - start
    return total / moves * 1e6


def pointer_cost(events: int = 100_000) -> float:
    """Microseconds per logged pointer event."""
    match = Match(Game(Config.difficulty("expert"), rng=random.Random(1)))
    start = time.perf_counter()
    for i in range(events):
        match.pointer("mv", i % 480, i % 256)
    return (time.perf_counter() - start) / events * 1e6


def pack_ms(rows: int, cols: int, mines: int, moves: int, pointer: int, runs: int = 5) -> tuple[float, int]:
    """Median milliseconds and bytes to pack a log of that size."""
    rng = random.Random(7)
    data = {"version": 1, "rows": rows, "cols": cols, "cell": 16, "start": [], "start_flags": [],
            "mines": [[rng.randrange(rows), rng.randrange(cols)] for _ in range(mines)],
            "moves": [[i * 50, "reveal", rng.randrange(rows), rng.randrange(cols)] for i in range(moves)],
            "pointer": [[i * 20, "mv", rng.randrange(cols * 16), rng.randrange(rows * 16)] for i in range(pointer)]}
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        blob = pack_log(data)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, len(blob)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive_int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    per_move(args.games, args.seed, logged=False)  # warm-up: the first laying of mines, caches
    rounds = [(per_move(args.games, args.seed, logged=False), per_move(args.games, args.seed, logged=True))
              for _ in range(3)]  # alternated, so a busy moment hurts both
    bare, logged = min(r[0] for r in rounds), min(r[1] for r in rounds)
    print(f"move, Game.apply alone:   {bare:7.2f} us")
    print(f"move, Match.apply logged: {logged:7.2f} us  (+{logged - bare:.2f} us per move)")
    print(f"pointer event logged:     {pointer_cost():7.2f} us")
    for label, size in (("Expert game, 150 moves, 6,000 pointer events", (16, 30, 99, 150, 6_000)),
                        ("36x60 20-minute game, 57,000 pointer events", (36, 60, 540, 3_000, 57_000))):
        ms, size_bytes = pack_ms(*size)
        print(f"pack log, {label}: {ms:6.1f} ms, {size_bytes:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
