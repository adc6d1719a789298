"""Window benchmark under Xvfb: idle CPU of the game process and frame times of a scripted game.

    python bench/bench_window.py [--seconds 10] [--screenshot docs/screenshot.png] [--scale N]
                                 [--themes classic dark contrast] [--silent] [--clicks N]

Each measurement runs once per theme (all three by default), with sound on: the game's
mixer really mixes every effect, through SDL's disk audio driver writing to a temporary file
(deleted afterwards; the driver refuses /dev/null)
(Xvfb machines have no sound card; ``--silent`` uses the dummy driver, which mixes nothing).
The scripted game's frames are measured at ``--scale`` (default 1, the issue's goal).

1. Idle CPU: ``python main.py --difficulty expert`` runs in a real X window
   (Xvfb); after the first click the timer runs and nothing else happens. CPU
   percent is (utime + stime) from /proc/<pid>/stat over ``--seconds`` seconds.
   Measured twice: before the first click (board ready) and with the timer running.
2. Frame time: in this process, the game runs in a real X window on an Expert
   board and a scripted game (reveal every safe cell by posted clicks, flag some
   mines) is played; the loop records the work time of every drawn frame
   (events + updates + draw + present, sleep excluded). Prints p50, p99 and max.
3. With ``--screenshot FILE``: saves the real window (ImageMagick ``import``)
   partway through the scripted game.

``--clicks N`` stops the scripted game after N reveals (a smoke check of the script, as
tests/tools/test_bench_smoke.py runs it with ``--seconds 0.1``: not the goal's measure).

Goals from the issue: idle CPU <= 2 %, p99 frame time <= 4 ms on Expert.
Needs Xvfb, xdotool and ImageMagick.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.commands.cli import positive_int  # noqa: E402
from tests.xsession import XSession, missing  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")  # /proc stat time unit, per second


def cpu_seconds(pid: int) -> float:
    """utime + stime of ``pid`` in seconds (fields 14 and 15 of /proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def idle_cpu(x: XSession, seconds: float) -> float:
    """CPU percent of the game process over ``seconds`` of wall time."""
    pid = x.game.pid
    start_cpu, start = cpu_seconds(pid), time.monotonic()
    time.sleep(seconds)
    return 100.0 * (cpu_seconds(pid) - start_cpu) / (time.monotonic() - start)


SILENT = {"SDL_AUDIODRIVER": "dummy"}


def sound_on(folder: str) -> dict[str, str]:
    """SDL's disk driver into a file in ``folder``: the mixer mixes for real, nothing plays."""
    return {"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": os.path.join(folder, "audio.raw")}


def measure_idle(seconds: float, theme: str, audio: dict[str, str]) -> tuple[float, float]:
    """(idle CPU % with the board ready, idle CPU % with the timer running) on Expert."""
    from game.ui.play.layout import BoardLayout, usable_area
    from game.ui.play.room import reserve
    with XSession(audio=audio) as x:
        x.start_game("--difficulty", "expert", "--seed", "1", "--theme", theme)
        time.sleep(1.0)  # start-up costs are not idle time
        ready = idle_cpu(x, seconds)
        geometry = x.geometry()
        layout = BoardLayout(16, 30)
        scale = geometry[2] / reserve(layout.size, usable_area(x.size, False)).size[0]  # with the panels' strip
        cx, cy = layout.cell_rect((8, 15)).center
        x.click(int(cx * scale), int(cy * scale))
        x.xdotool("mousemove", "0", "0")  # the pointer leaves the window: a player reading the board
        time.sleep(0.5)
        running = idle_cpu(x, seconds)
        return ready, running


def scripted_game(screenshot: str | None, scale: float | None, theme: str, audio: dict[str, str],
                  clicks: int | None = None) -> list[float]:
    """Play a seeded Expert game by posted clicks in a real window; frame work times in seconds.

    ``scale``: the window scale (the Options choice); None keeps SDL's automatic one.
    ``clicks``: stop after that many reveals (None: play the game to its end).
    """
    with XSession(audio=audio) as x:
        os.environ.pop("SDL_VIDEODRIVER", None)
        os.environ["DISPLAY"] = x.display
        os.environ.update(audio)
        import pygame

        from game.commands.cli import parse_args
        from game.ui.app import build
        from tests.driver import Driver

        loop, services = build(parse_args(["--difficulty", "expert", "--seed", "5", "--theme", theme]))
        if scale is not None:
            services.display.set_scale(scale)
        loop.frame_times = []
        driver = Driver(loop, frames=1)
        driver.step(3)
        scene = driver.scene
        game = scene.game
        driver.click_cell((8, 15))
        mines = game.layout()
        rng = random.Random(5)
        flagged, revealed = 0, 0
        safe = [c for c in game.cells() if c not in mines]
        for i, cell in enumerate(safe):
            if game.over or (clicks is not None and revealed >= clicks):
                break
            if game.appearance(cell) == "covered":
                driver.move(driver.cell_pos(cell))
                driver.click_cell(cell)
                revealed += 1
            neighbour_mines = [n for n in game.neighbours(cell) if n in mines and game.appearance(n) == "covered"]
            if neighbour_mines and rng.random() < 0.3:
                driver.click_cell(neighbour_mines[0], button=3)
                flagged += 1
            if screenshot and i == len(safe) * 2 // 3:
                driver.step(2)
                x.find_window()
                gx, gy, gw, gh = x.geometry()
                shot = x.screenshot().subsurface((gx, gy, gw, gh))
                pygame.image.save(shot, screenshot)
                print(f"screenshot: {screenshot} ({gw}x{gh})")
        driver.step(10)
        display = services.display
        start = time.perf_counter()
        for _ in range(50):
            display.window_changed()  # the next present repaints the whole window
            display.present()
        whole_present.ms = (time.perf_counter() - start) / 50 * 1000
        sound = services.sound
        print(f"scripted game ({theme}): {game.state.value}, {len(loop.frame_times)} frames drawn, "
              f"{scene.match.total_clicks} clicks, {flagged} flags; sound "
              f"{'on, volume %d %%' % sound.volume if sound.ready() and not sound.muted else 'off'}")
        pygame.quit()
        return loop.frame_times


def whole_present() -> float:
    """Milliseconds one whole-window present (after a resize or toggle) took in the scripted game."""
    return whole_present.ms


whole_present.ms = float("nan")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main() -> int:
    from game.ui.shared.theme import THEME_NAMES

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="idle measuring time, seconds (default 10)")
    parser.add_argument("--screenshot", metavar="FILE", help="save the real window partway through the game")
    parser.add_argument("--scale", type=positive_int, metavar="N", default=1,
                        help="window scale for the scripted game (default 1, the goal's scale)")
    parser.add_argument("--themes", nargs="+", choices=THEME_NAMES, default=list(THEME_NAMES),
                        help="themes to measure (default: all)")
    parser.add_argument("--silent", action="store_true", help="SDL's dummy audio driver instead of sound on")
    parser.add_argument("--clicks", type=positive_int, metavar="N",
                        help="stop the scripted game after N reveals (default: play it to its end; "
                        "a smoke check, not the goal's measure)")
    args = parser.parse_args()
    if missing():
        print(f"skipped: needs {', '.join(missing())}")
        return 1
    with tempfile.TemporaryDirectory() as folder:
        return measure(args, SILENT if args.silent else sound_on(folder))


def measure(args, audio: dict[str, str]) -> int:
    """Print the figures of each theme of ``args.themes``; 0."""
    for theme in args.themes:
        print(f"--- theme {theme}, sound {'off' if args.silent else 'on'}")
        ready, running = measure_idle(args.seconds, theme, audio)
        print(f"idle CPU, Expert, board ready:   {ready:.2f} %  (goal <= 2 %)")
        print(f"idle CPU, Expert, timer running: {running:.2f} %  (goal <= 2 %)")
        times = scripted_game(args.screenshot, args.scale, theme, audio, args.clicks)
        for name, index in (("without present", 0), ("with present", 1)):
            ms = [t[index] * 1000 for t in times]
            print(f"frame time {name}, Expert scripted game: p50 {percentile(ms, 50):.2f} ms, "
                  f"p99 {percentile(ms, 99):.2f} ms, max {max(ms):.2f} ms, mean {statistics.mean(ms):.2f} ms "
                  f"over {len(ms)} frames  (goal p99 <= 4 ms)")
        print(f"whole-window present (scale {args.scale}): {whole_present():.2f} ms; a frame presents only "
              "its changed row bands")
    return 0


if __name__ == "__main__":
    sys.exit(main())
