"""Frames while the solver works: a hint on a big board worked out in the solver's process
(game.solver.worker, the window's way since issue 27) or on a thread of the window's process
(the old way), headless, each run in a fresh process with the system clock.

    python bench/bench_hint_frames.py                  # both ways, 3 runs each
    python bench/bench_hint_frames.py --runs 5 --mines 150000

On a 1000x1000 board (``--size``) of ``--mines`` mines (seed 3), after the first click and its 3BV count,
H asks for a hint, which takes seconds of the solver's work there; until it is in, the
window runs its own loop (the Hint panel says "Thinking..."): per frame, the wait (the gap
between the ends of two frames, less the time the loop idled waiting for input) and the
main thread's CPU; the time until the hint is in. Goal (issue 27): no frame waits longer
than 50 ms for background work. A thread doing the solver's work holds the interpreter
lock 5 ms at a time, and the window's thread waits that long for it back each time it gave
it up: its frames wait where its CPU does not. Medians of the runs' figures (range).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_big_board import headless_window  # noqa: E402
from game.commands.cli import positive_int  # noqa: E402

SIZE = 1000  # rows = columns, unless --size
FRAME_GOAL = 0.050  # seconds a frame may wait (issue 27)
LIMIT = 120.0  # seconds a run waits for its hint


def hint_in_this_process(mines: int, in_process: bool, size: int = SIZE) -> dict:
    """One hint, headless, in this (fresh) process: {"answer": seconds until the hint is in,
    "frames", "p50", "p99", "max": frame waits in seconds, "cpu_max": most CPU seconds of a
    frame, "main_cpu": the main thread's CPU seconds meanwhile, "process_cpu": this process's}."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import resource

    import pygame

    from game.ui.play import solver_process
    from game.ui.play.solver_view import HintPanel

    solver_process._shared = solver_process.SolverProcess(in_process=in_process)
    loop, clock, driver = headless_window(size, mines, seed=3)
    scene = driver.scene
    while scene.busy():
        loop.frame()
    driver.click(scene.layout.camera.viewport.center)
    while scene.busy():  # the opening's 3BV count
        loop.frame()
    begin = time.perf_counter()
    main_cpu, usage = time.thread_time(), resource.getrusage(resource.RUSAGE_SELF)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    waits, cpus, last = [], [], time.perf_counter()
    while time.perf_counter() - begin < LIMIT:
        cpu, idle = time.thread_time(), clock.idle
        loop.frame()
        now = time.perf_counter()
        waits.append(now - last - (clock.idle - idle))
        cpus.append(time.thread_time() - cpu)
        last = now
        panel = loop.manager.current
        if not (isinstance(panel, HintPanel) and panel.waiting) and len(waits) > 1:
            break
    answer = time.perf_counter() - begin
    after = resource.getrusage(resource.RUSAGE_SELF)
    waits.sort()
    result = {"answer": answer, "frames": len(waits), "p50": waits[len(waits) // 2],
              "p99": waits[min(len(waits) - 1, int(len(waits) * 0.99))], "max": waits[-1], "cpu_max": max(cpus),
              "main_cpu": time.thread_time() - main_cpu,
              "process_cpu": after.ru_utime + after.ru_stime - usage.ru_utime - usage.ru_stime}
    pygame.quit()
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mines", type=positive_int, default=150_000, help="mines on the board (default 150000)")
    parser.add_argument("--size", type=positive_int, default=SIZE,
                        help=f"rows = columns of the board (default {SIZE}; smaller is a smoke check)")
    parser.add_argument("--runs", type=positive_int, default=3, help="runs of each way (default 3)")
    parser.add_argument("--child", choices=("process", "thread"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(hint_in_this_process(args.mines, args.child == "thread", args.size)))
        return 0
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for way in ("process", "thread"):
        results = []
        for _ in range(args.runs):
            out = subprocess.run([sys.executable, __file__, "--child", way, "--mines", str(args.mines),
                                  "--size", str(args.size)],
                                 capture_output=True, text=True, check=True, cwd=ROOT).stdout
            results.append(json.loads(out.strip().splitlines()[-1]))

        def figure(key: str, unit: float = 1000.0, digits: int = 1) -> str:
            values = [r[key] * unit for r in results]
            return f"{statistics.median(values):.{digits}f} ({min(values):.{digits}f}-{max(values):.{digits}f})"
        where = "in the solver process" if way == "process" else "on a thread"
        print(f"hint on {args.size}x{args.size} with {args.mines:,} mines, worked out {where}: "
              f"in after {figure('answer', 1, 2)} s over {figure('frames', 1, 0)} frames; frame wait p50 "
              f"{figure('p50')} ms, p99 {figure('p99')} ms, max {figure('max')} ms (goal <= {FRAME_GOAL * 1000:.0f}); "
              f"most CPU in a frame {figure('cpu_max')} ms; CPU meanwhile: main thread {figure('main_cpu', 1, 2)} s, "
              f"this process {figure('process_cpu', 1, 2)} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
