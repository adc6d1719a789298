"""Benchmark: what recording every game move by move costs (game.midend.match).

Prints, in microseconds: a move applied through the Match (logged) against the same move
applied to the Game alone, per move, over random Expert games; one pointer event logged;
in milliseconds, packing a whole log at once (game.records.db.pack_log) for a typical Expert
game and for a 20-minute 36x60 game with 57,000 pointer events, the size of the longest
replays players share.

Then the frames around a game's end, in the window (headless, in this process, the real
loop with its system clock, records in a temporary data folder): a game played by
bench/bench_replay.py's strong player (an Expert game, then the 36x60 one) is loaded into
a Playing scene (its board as ``--load FILE`` plays one, under the session's clock shifted
so that the game lasts as long as its log) and played up to its last move, the last move
is posted as a real pygame click, and every frame from then until the result panel shows the game's competitive
figures is timed (events + update + draw + present; the loop's sleeps excluded). Prints
their count, p50, p99 and max: the goal is no frame over 16 ms (60 Hz), and p99 <= 4 ms on
Expert (bench/bench_window.py's goal).

    python bench/bench_recording.py [--games 200] [--seed 1] [--no-frames] [--quick]

``--quick``: a smoke check of the script (tests/tools/test_bench_smoke.py), not a measure:
the frames around the end of a Beginner game (9x9, 10 mines) only.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules.board import Config  # noqa: E402
from game.commands.cli import positive_int  # noqa: E402
from game.midend.deal import Deal  # noqa: E402
from game.rules.engine import Game  # noqa: E402
from game.midend.match import Match  # noqa: E402
from game.rules.moves import KINDS, REVEAL, Move  # noqa: E402
from game.rules.position import State  # noqa: E402
from game.records.db import pack_log  # noqa: E402

FRAME_GOAL_MS = 16.0  # a 60 Hz frame
FIGURES_TIMEOUT = 60.0  # seconds to wait for the result panel's figures


def random_moves(seed: int, count: int = 300) -> list[Move]:
    rng = random.Random(seed)
    return [Move(rng.choice(KINDS), (rng.randrange(16), rng.randrange(30))) for _ in range(count)]


def bare_game(config: Config, rng: random.Random):
    """The board ``Match(config, rng=rng)`` deals, as a Game alone: returns (the game, its
    ``apply``), which lays the deal's mines at the first reveal as the midend does
    (game.midend.match.Match._lay_for) and then calls ``Game.apply``: no log, no clock, no help."""
    deal = Deal(config, rng)
    deal.next()
    game = Game(config)

    def apply(move: Move):
        if (move.kind == REVEAL and game.state is State.READY and not game.mines_laid
                and game.appearance(move.cell) in ("covered", "question")):
            game.lay(deal.lay(move.cell), dealt=True)
        return game.apply(move)

    return game, apply


def per_move(games: int, seed: int, logged: bool) -> float:
    """Microseconds per applied move over ``games`` random Expert games: through a Match
    (``logged``) or on the same boards' Game alone (:func:`bare_game`)."""
    total, moves = 0.0, 0
    config = Config.difficulty("expert")
    for g in range(games):
        if logged:
            match = Match(config, rng=random.Random(seed + g))
            game, apply = match.game, match.apply
        else:
            game, apply = bare_game(config, random.Random(seed + g))
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
    match = Match(Config.difficulty("expert"), rng=random.Random(1))
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


class TimedClock:
    """A clock (game.ui.clock) that counts the seconds spent sleeping in ``tick`` and ``wait``."""

    def __init__(self, clock) -> None:
        self.clock, self.slept = clock, 0.0
        self.now = clock.now

    def tick(self, fps: int) -> float:
        start = time.perf_counter()
        try:
            return self.clock.tick(fps)
        finally:
            self.slept += time.perf_counter() - start

    def wait(self, timeout: float):
        start = time.perf_counter()
        try:
            return self.clock.wait(timeout)
        finally:
            self.slept += time.perf_counter() - start


def game_end_frames(log: dict, data_dir: str) -> tuple[list[float], float]:
    """The work seconds of every frame from the last click of ``log``'s game (posted as a
    pygame click in the Playing scene, the rest of the game played into its Match) until the
    result panel shows the figures; and the seconds that took. Raises RuntimeError when the
    figures do not come within FIGURES_TIMEOUT seconds."""
    import pygame

    from game.boardfile import BoardFile
    from game.commands.cli import parse_args
    from game.midend.match import PointerInput
    from game.figures import has_figures
    from game.ui.app import build, finish_run
    from tests.driver import Driver
    from game.ui.play.playing import Playing
    from game.ui.play.result import Result

    loop, services = build(parse_args(["--data-dir", data_dir]))
    loop.frame()
    mines = [tuple(cell) for cell in log["mines"]]
    shift = [0.0]  # seconds added to the clock once the game is loaded: the game lasts as long as its log
    services.session.clock = lambda: services.clock.now() + shift[0]  # the clock of the matches it makes
    config = Config(log["rows"], log["cols"], len(mines))
    board = BoardFile(config.rows, config.cols, config.mines, mines_known=frozenset(mines))
    scene = Playing(services, config, board)  # the log's board loaded, as --load FILE plays one
    game = scene.game
    loop.manager.switch(scene)
    loop.frame()
    for _, kind, row, col, *_source in log["moves"][:-1]:
        scene.match.apply(Move(kind, (row, col)))
    left = [cell for cell in game.cells() if cell not in mines and not game.is_revealed(cell)]
    for cell in left[:-1]:  # the last move may be a chord: the game ends on one reveal instead
        scene.match.apply(Move.reveal(cell))
    scene.match.inputs[:] = [PointerInput(*event) for event in log["pointer"]]
    shift[0] = log["moves"][-1][0] / 1000
    scene.redraw_cells()
    for _ in range(6):  # a tenth of a second of play before the last click, as in a real game
        loop.frame()
    clock = loop.clock = TimedClock(loop.clock)
    at = services.display.to_window(Driver(loop).cell_pos(left[-1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    release = [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)]  # posted after the press's frame
    times, began = [], time.perf_counter()
    try:
        while True:
            clock.slept, start = 0.0, time.perf_counter()
            loop.frame()
            times.append(time.perf_counter() - start - clock.slept)
            if release:
                pygame.event.post(release.pop())
            current = loop.manager.current
            if isinstance(current, Result) and has_figures(current.figures.record):
                break
            if time.perf_counter() - began > FIGURES_TIMEOUT:
                raise RuntimeError("the result panel did not show the figures in time")
        took = time.perf_counter() - began
    finally:
        finish_run(loop, services)
        pygame.quit()
    return times, took


def frame_figures(label: str, times: list[float], took: float) -> str:
    from bench_replay import percentile
    ms = [t * 1000 for t in times]
    over = sum(1 for t in ms if t > FRAME_GOAL_MS)
    return (f"game end, {label}: {len(ms)} frames in {took:.2f} s until the figures show, p50 "
            f"{percentile(ms, 50):5.2f} ms, p99 {percentile(ms, 99):5.2f} ms, max {max(ms):5.2f} ms, "
            f"over {FRAME_GOAL_MS:g} ms: {over}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive_int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-frames", action="store_true", help="skip the frames around a game's end")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke check, not a measure: the frames around a 9x9 game's end only")
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
    if not args.no_frames:
        frames_at_game_end(args.seed, args.quick)
    return 0


def frames_at_game_end(seed: int, quick: bool = False) -> None:
    """Print the frames around the end of an Expert game and of a 20-minute 36x60 game
    (``quick``: of a Beginner game only)."""
    import os
    import tempfile
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_replay import build_log

    games = ((("Beginner", (9, 9, 10)),) if quick else
             (("Expert", (16, 30, 99)), ("36x60, 540 mines", (36, 60, 540))))
    for label, size in games:
        log = build_log(seed, *size)
        with tempfile.TemporaryDirectory(prefix="bench-recording-") as data_dir:
            times, took = game_end_frames(log, data_dir)
        print(frame_figures(f"{label} ({len(log['pointer']):,} pointer events, {len(log['moves']):,} moves)",
                            times, took))


if __name__ == "__main__":
    sys.exit(main())
