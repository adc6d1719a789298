"""Frames of the position editor (game.ui.editor) while its live analysis runs apart, in the
solver's process: editing never freezes the window (issue 39).

    python bench/bench_editor.py                  # a 30x30 frontier position, 300 frames
    python bench/bench_editor.py --size 10 --frames 20   # a smoke check

The position: a ``--size`` x ``--size`` board with a mine in one cell in five (seed 4), a
quarter of its safe cells revealed at random, so that the numbers are scattered over the whole
board, all frontier, and no cell is certain: a guess, weighed with the solver's look-ahead (at
30x30, about a second of the solver's work). It is opened with ``--edit`` as the window opens
it (game.ui.app.build with ``settle``, headless), and then each frame one covered cell is
flagged by a posted right click, and unflagged the next (so the last position is the first,
a frame in two): each edit sends a new
question to the solver's process (an older one not started is dropped, an answer for an older
position is not shown). Per frame, the wait (the gap between the ends of two frames, less
the time the loop idled waiting for input) and the window's thread's CPU; the answers shown;
the time the last position took to be answered after the edits stopped. Goal: no frame waits 50 ms or more.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_big_board import _IdleTimer  # noqa: E402
from game.commands.cli import positive_int  # noqa: E402

FRAME_GOAL = 0.050  # seconds a frame may wait
LIMIT = 120.0  # seconds the last answer is waited for


def frontier_text(size: int, seed: int = 4, share: float = 0.25) -> str:
    """The ``.mine`` text of the benchmark's position (see the module's notes)."""
    from game.boardfile import BoardFile, format_mine
    from game.rules.board import adjacent_mines

    rng = random.Random(seed)
    cells = [(r, c) for r in range(size) for c in range(size)]
    mines = frozenset(rng.sample(cells, size * size // 5))
    shown = rng.sample([cell for cell in cells if cell not in mines], int((size * size - len(mines)) * share))
    revealed = {cell: adjacent_mines(cell, mines, size, size) for cell in shown}
    return format_mine(BoardFile(size, size, len(mines), revealed))


def measure(size: int, frames: int) -> dict:
    """The editor on the benchmark's position, ``frames`` frames of one edit each: frame waits
    (seconds), answers shown, seconds until the last position is answered."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from game.commands.cli import parse_args
    from game.ui.app import build
    from tests.driver import Driver

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "frontier.mine"
        path.write_text(frontier_text(size), encoding="utf-8")
        loop, _ = build(parse_args(["--edit", str(path)]), settle=True)
    clock = loop.clock = _IdleTimer(loop.clock)
    driver = Driver(loop, frames=1)
    first = time.perf_counter()
    driver.step(3)
    editor = driver.scene
    while editor.live.answered != editor.position.version and time.perf_counter() - first < LIMIT:
        loop.frame()  # the position as opened, analysed once before the edits
    alone = time.perf_counter() - first
    cells = [(r, c) for r in range(size) for c in range(size) if not editor.position.is_revealed((r, c))]
    waits, cpus, shown, last = [], [], 0, time.perf_counter()
    for index in range(frames):
        cell = cells[(index // 2) % len(cells)]  # flagged one frame, unflagged the next
        pos = driver.display.to_window(editor.layout.cell_rect(cell).center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3))
        answered, idle, cpu = editor.live.answered, clock.idle, time.thread_time()
        loop.frame()
        now = time.perf_counter()
        cpus.append(time.thread_time() - cpu)
        waits.append(now - last - (clock.idle - idle))
        last = now
        shown += editor.live.answered != answered
    begin = time.perf_counter()
    while editor.live.answered != editor.position.version and time.perf_counter() - begin < LIMIT:
        loop.frame()
    settle = time.perf_counter() - begin
    pygame.quit()
    waits.sort()
    return {"frames": len(waits), "p50": waits[len(waits) // 2], "p99": waits[min(len(waits) - 1, int(len(waits) * 0.99))],
            "max": waits[-1], "cpu_p50": sorted(cpus)[len(cpus) // 2], "cpu_max": max(cpus), "shown": shown,
            "alone": alone, "settle": settle}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=positive_int, default=30, help="rows = columns of the position (default 30)")
    parser.add_argument("--frames", type=positive_int, default=300,
                        help="frames of one edit each (default 300; an even number ends on the first position)")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    found = measure(args.size, args.frames)
    print(f"editor on a {args.size}x{args.size} frontier position: analysed alone in {found['alone']:.2f} s")
    print(f"one edit a frame, {found['frames']} frames: frame wait p50 {found['p50'] * 1000:.1f} ms, "
          f"p99 {found['p99'] * 1000:.1f} ms, max {found['max'] * 1000:.1f} ms (goal < {FRAME_GOAL * 1000:.0f}); "
          f"{found['shown']} answers shown; the last position answered {found['settle']:.2f} s after the edits")
    print(f"the window's CPU in a frame: p50 {found['cpu_p50'] * 1000:.1f} ms, max {found['cpu_max'] * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
