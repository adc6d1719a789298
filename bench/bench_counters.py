"""Benchmark: the frame cost of the live counters' panel (F3): reading the game's counts
again (game.midend.counters.LiveCounter through the Playing scene) and drawing the panel, per frame.

Runs the window game headless (SDL's dummy driver), starts a game of ``--level`` with the
counters on, opens it with a real posted click, then for ``--frames`` frames moves the fake
clock on by one refresh period (game.ui.play.counters_view.REFRESH_S: every frame is a frame in
which the panel changes, the worst case; at 60 frames a second two in three change nothing)
and times ``Playing.refresh_counters`` plus ``PlayCounters.draw`` into the window's canvas at
``--scale``. Every ``--click-every`` frames a safe cell is clicked (posted events, not timed),
so the reading follows a game under way. Prints the CPU time per frame (time.process_time:
the machine may be busy), its 99th percentile, and the wall time's median and 99th percentile
(time.perf_counter: on a busy machine the wall's tail is the time the process waited).

    python bench/bench_counters.py [--level expert] [--frames 3000] [--scale 1] [--click-every 10]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.commands.cli import number_between, positive_int  # noqa: E402

LEVELS = ("beginner", "intermediate", "expert")


def measure(level: str, frames: int, scale: float, click_every: int) -> dict:
    """Per-frame CPU and wall times (seconds) of the panel's reading and drawing."""
    from game.commands.cli import parse_args
    from game.ui.app import build
    from game.ui.clock import FakeClock
    from game.ui.play.counters_view import REFRESH_S
    from tests.driver import Driver

    with tempfile.TemporaryDirectory() as data:
        os.environ["MINESWEEPER_DATA_DIR"] = data
        clock = FakeClock()
        loop, _ = build(parse_args(["--difficulty", level, "--seed", "5", "--data-dir", data]), clock=clock)
        driver = Driver(loop)
        driver.step()
        if scale != 1:
            window = pygame.Window.from_display_module()
            size = driver.screen.get_size()
            window.size = (round(size[0] * scale), round(size[1] * scale))
            driver.post(pygame.WINDOWSIZECHANGED, x=window.size[0], y=window.size[1])
        scene = driver.scene
        driver.key(pygame.K_F3)
        game = scene.game
        driver.click_cell((game.rows // 2, game.cols // 2))
        driver.step(20)
        safe = [cell for cell in game.cells() if cell not in game.layout()]
        cpu, wall = [], []
        for frame in range(frames):
            if click_every and frame % click_every == 0 and not game.over:
                cell = next((c for c in safe if game.appearance(c) == "covered"), None)
                if cell is not None:
                    driver.click_cell(cell)  # the move and its frame: not timed
            if driver.scene is not scene:
                break  # won: the result panel shows
            clock.advance(REFRESH_S)
            screen = driver.screen
            c0, w0 = time.process_time(), time.perf_counter()
            scene.refresh_counters()
            scene.counters.draw(screen, scene.room.panel)
            w1, c1 = time.perf_counter(), time.process_time()
            cpu.append(c1 - c0)
            wall.append(w1 - w0)
        pygame.display.quit()
    wall.sort()
    cpu_sorted = sorted(cpu)
    at99 = min(len(wall) - 1, int(0.99 * len(wall)))
    return {"frames": len(cpu), "cpu_ms": 1000 * sum(cpu) / len(cpu), "cpu_p99_ms": 1000 * cpu_sorted[at99],
            "median_ms": 1000 * statistics.median(wall), "p99_ms": 1000 * wall[at99], "moves": len(scene.match.moves)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_counters.py", description=__doc__.splitlines()[0])
    parser.add_argument("--level", choices=LEVELS, default="expert")
    parser.add_argument("--frames", type=positive_int, default=3000)
    parser.add_argument("--scale", type=number_between(1, 4), default=1.0)
    parser.add_argument("--click-every", type=positive_int, default=10, help="frames between two clicks")
    args = parser.parse_args(argv)
    found = measure(args.level, args.frames, args.scale, args.click_every)
    print(f"{args.level} at {args.scale:g}x, {found['frames']} frames, {found['moves']} moves: "
          f"CPU {found['cpu_ms']:.3f} ms a frame on average, {found['cpu_p99_ms']:.3f} ms at the 99th percentile "
          f"(process_time); wall median {found['median_ms']:.3f} ms, 99th percentile {found['p99_ms']:.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
