"""Benchmark: the replay viewer on the biggest replays players share (36x60, 540 mines, about
20 minutes and 57,000 pointer events), and what recording a game costs.

The replay is built fresh from ``--seed``: a whole 36x60 game played through a Match (so it
is a real move log, as the window records it) by a player who knows the layout and clears
it as a strong human does (the nearest useful click: a flag on a mine next to an opened
number, a chord on a satisfied number, a reveal of a safe frontier cell), with a pointer path
between clicks sampled at 60 Hz (a curved stroke of 0.4-1.1 s, with jitter), each click's
press and release 40-110 ms apart. Its log becomes a Replay through game.replay.fromlog, as
``--replay ID`` does.

Prints, for the viewer drawn headless (draw and present included, the window's own path):
the time to build the timeline; frame time p50/p99/max over ``--seeks`` scrubber positions in
random order (each a seek then a frame); and while playing the whole replay at 8x (an update
and a frame per 1/60 s). The goal: no frame over 16 ms. Then the recording overhead per move
and per pointer event (bench/bench_recording.py's measures).

    python bench/bench_replay.py [--seed 1] [--seeks 600] [--quick]

``--quick``: a smoke check of the script (tests/tools/test_bench_smoke.py), not a measure:
a Beginner game (9x9, 10 mines) instead of the 36x60 one, the recording over 5 games.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench.pointer_path import glide  # noqa: E402
from game.rules.board import Config, lay_mines  # noqa: E402
from game.commands.cli import positive_int  # noqa: E402
from game.rules.engine import Game, State  # noqa: E402
from game.midend.match import Match  # noqa: E402
from game.rules.moves import Move  # noqa: E402
from game.records.record import GameRecord  # noqa: E402
from game.replay.fromlog import replay_of  # noqa: E402

ROWS, COLS, MINES = 36, 60, 540
QUICK = (9, 9, 10)  # --quick's board
CELL = 16  # the log's cell size, pixels
GOAL_MS = 16.0  # no frame over this


def next_click(game: Game, mines, at, around, cols: int = COLS) -> tuple[str, tuple[int, int]]:
    """The nearest useful click to pixel ``at``: flag a mine by an opened number, chord a
    satisfied number, reveal a safe frontier cell; else any safe covered cell. ``around``:
    each cell's neighbours, as indices."""
    looks = [game.appearance(cell) for cell in game.cells()]
    best, best_d = None, math.inf
    for i, look in enumerate(looks):
        near = around[i]
        if look == "covered":
            if not any(looks[n].isdigit() for n in near):
                continue
            kind = "flag" if divmod(i, cols) in mines else "reveal"
        elif look.isdigit() and look != "0" and any(looks[n] == "covered" for n in near) \
                and sum(looks[n] == "flag" for n in near) == int(look):
            kind = "chord"
        else:
            continue
        r, c = divmod(i, cols)
        d = math.hypot(c * CELL + 8 - at[0], r * CELL + 8 - at[1]) * (0.5 if kind == "chord" else 1)
        if d < best_d:
            best, best_d = (kind, (r, c)), d
    if best is None:
        cell = next(c for c in game.cells() if c not in mines and game.appearance(c) == "covered")
        best = ("reveal", cell)
    return best


def build_log(seed: int, rows: int = ROWS, cols: int = COLS, mines: int = MINES) -> dict:
    """Play the whole game (``rows`` x ``cols``, ``mines`` mines) through a Match with a pointer
    path; returns its log (Match.log_data)."""
    return build_match(seed, rows, cols, mines).log_data()


def build_match(seed: int, rows: int = ROWS, cols: int = COLS, mines: int = MINES) -> Match:
    """The Match of :func:`build_log`, its game won (the layout is ``lay_mines`` of
    ``random.Random(seed)``, given to the match whole)."""
    rng = random.Random(seed)
    config = Config(rows, cols, mines)
    mines = lay_mines(config, None, random.Random(seed))
    now = [0.0]
    match = Match(config, mines=mines, clock=lambda: now[0], cell=CELL)  # exactly these mines
    game = match.game
    zeros = [c for c in game.cells() if c not in mines and not any(n in mines for n in game.neighbours(c))]
    at = (cols * CELL // 2, rows * CELL // 2)
    first = min(zeros, key=lambda c: math.hypot(c[1] * CELL - at[0], c[0] * CELL - at[1]))
    kind, cell = "reveal", first
    around = [[n[0] * cols + n[1] for n in game.neighbours(c)] for c in game.cells()]
    while not game.over:
        at = glide(match, at, cell, rng, now, CELL, seconds=(0.4, 1.1), bend_px=40)
        press = rng.uniform(0.04, 0.11)
        if kind == "flag":
            match.pointer("rc", *at)
            match.apply(Move.flag(cell))
            now[0] += press
            match.pointer("rr", *at)
        elif kind == "chord":
            match.pointer("lc", *at)
            match.pointer("rc", *at)
            now[0] += press
            match.pointer("lr", *at)
            match.apply(Move.chord(cell))
            match.pointer("rr", *at)
        else:
            match.pointer("lc", *at)
            now[0] += press
            match.pointer("lr", *at)
            match.apply(Move.reveal(cell))
        if not game.over:
            kind, cell = next_click(game, mines, at, around, cols)
    assert game.state is State.WON
    return match


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def figures(label: str, times: list[float]) -> str:
    ms = [t * 1000 for t in times]
    over = sum(1 for t in ms if t > GOAL_MS)
    return (f"{label}: {len(ms)} frames, p50 {percentile(ms, 50):5.2f} ms, p99 {percentile(ms, 99):5.2f} ms, "
            f"max {max(ms):5.2f} ms, over {GOAL_MS:g} ms: {over}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seeks", type=positive_int, default=600, help="scrubber positions (default 600)")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke check, not a measure: a 9x9 game of 10 mines, the recording over 5 games")
    args = parser.parse_args(argv)

    import pygame

    from bench_recording import per_move, pointer_cost
    from game.commands.cli import parse_args
    from game.ui.app import build
    from game.ui.clock import FakeClock
    from game.ui.loop import STEP
    from game.ui.replay.viewer import SPEEDS
    from game.replay.player import Timeline

    started = time.perf_counter()
    rows, cols, mines = QUICK if args.quick else (ROWS, COLS, MINES)
    match = build_match(args.seed, rows, cols, mines)
    log = match.log_data()
    made = time.perf_counter() - started
    replay = replay_of(log, GameRecord.from_match(match, name="Bench"))
    print(f"replay: {rows}x{cols}, {mines} mines, {len(replay.events):,} events, {len(log['moves']):,} moves, "
          f"{replay.time_ms / 60000:.1f} min (played in {made:.1f} s)")
    started = time.perf_counter()
    timeline = Timeline(replay)
    print(f"timeline built in {(time.perf_counter() - started) * 1000:.0f} ms: {timeline.moves:,} moves, "
          f"{len(timeline.keyframes)} keyframes, ends {'won' if timeline.completed else 'NOT won'}")

    cli = parse_args([])
    cli.replay_loaded = replay
    loop, services = build(cli, clock=FakeClock())
    loop.frame()
    viewer, display = loop.manager.current, services.display

    def frame(action) -> float:
        start = time.perf_counter()
        action()
        viewer.draw(display.canvas)
        display.present()
        return time.perf_counter() - start

    rng = random.Random(args.seed)
    track = viewer.bar.track
    xs = [rng.randrange(track.left, track.right) for _ in range(args.seeks)]
    viewer.playing = False
    seeks = [frame(lambda x=x: viewer.scrub(x)) for x in xs]
    print(figures(f"scrubbing, {args.seeks} positions at random", seeks))
    sweep = [frame(lambda x=x: viewer.scrub(x)) for x in range(track.left, track.right)]
    print(figures("dragging the scrubber end to end, a pixel a frame", sweep))

    viewer.key_start()
    viewer.speed = len(SPEEDS) - 1
    viewer.playing = True
    played = []
    while viewer.playing:
        played.append(frame(viewer.update))
    print(figures(f"playing at 8x ({played and len(played) * STEP:.0f} s)", played))
    pygame.quit()

    games = 5 if args.quick else 100
    per_move(max(1, games // 5), args.seed, logged=False)  # warm-up
    bare, logged = per_move(games, args.seed, logged=False), per_move(games, args.seed, logged=True)
    print(f"recording: Match.apply {logged:.2f} us per move (Game.apply alone {bare:.2f} us: "
          f"+{logged - bare:.2f} us), Match.pointer {pointer_cost():.2f} us per event")
    return 0


if __name__ == "__main__":
    sys.exit(main())
