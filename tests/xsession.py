"""Run ``python main.py`` in a real X server (Xvfb) and drive it with xdotool.

Used by the real-window test, the window benchmark and the screenshot script.
Needs the programs Xvfb, xdotool and ImageMagick's ``import``; :func:`missing`
names the absent ones so callers can skip with a reason.
"""

from __future__ import annotations

import io
import os
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent  # (tests/ is at the repository root)
PROGRAMS = ("Xvfb", "xdotool", "import")
STEADY_S = 0.3  # seconds a new window geometry must hold before wait_geometry returns it
# Seconds any wait for the real window allows before it fails: a deadline, never a pause (a
# wait returns as soon as its condition holds, so only a failing run waits this long). A
# quiet machine shows a window in under a second; at load 10 (other work on both cores)
# real-window tests whose waits allowed 10-15 s failed and passed alone (issue 34).
PATIENCE = 60.0


def missing() -> list[str]:
    """The needed programs that are not on PATH."""
    return [p for p in PROGRAMS if shutil.which(p) is None]


def run(*argv: str, timeout: float = PATIENCE) -> str:
    """Run a command and return its stdout (raises CalledProcessError on failure)."""
    return subprocess.run(argv, check=True, capture_output=True, text=True, timeout=timeout).stdout


DEALT_LAUNCHER = """
import random, sys
from game import program
from game.commands import cli
deal, argv = int(sys.argv[1]), sys.argv[2:]
def dealt(_=None):
    args = cli.parse_args(argv)
    args.rng = random.Random(deal)
    return args
program.parse_args = dealt
sys.exit(program.run())
"""  # python -c DEALT_LAUNCHER DEAL ARGS...: the game with its boards drawn from Random(DEAL)


class XSession:
    """An Xvfb server (``display`` like ':93') with the game started in it.

    Use as a context manager: every process started is ended on exit. ``audio``: the
    environment the game's sound gets (default SDL's dummy driver, silent; the window
    benchmark and the sound test pass the disk driver, which really mixes).
    """

    def __init__(self, size: tuple[int, int] = (1280, 1024), audio: dict[str, str] | None = None) -> None:
        self.size = size
        self.audio = dict(audio or {"SDL_AUDIODRIVER": "dummy"})
        self.display = ""
        self.xvfb: subprocess.Popen | None = None
        self.game: subprocess.Popen | None = None
        self.window = ""

    def __enter__(self) -> "XSession":
        """Start Xvfb on a free display. Xvfb picks the number itself (``-displayfd``) and
        writes it to a pipe once it listens, so parallel test workers never race for one.

        Raises RuntimeError if the server does not start within PATIENCE seconds."""
        read_end, write_end = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0",
                                      f"{self.size[0]}x{self.size[1]}x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write_end,))
        os.close(write_end)
        number = b""
        deadline = time.monotonic() + PATIENCE
        with os.fdopen(read_end, "rb", buffering=0) as pipe:
            while not number.endswith(b"\n"):
                ready = select.select([pipe], [], [], max(0.0, deadline - time.monotonic()))[0]
                chunk = pipe.read(16) if ready else b""
                if not chunk:
                    self.__exit__()
                    raise RuntimeError("Xvfb did not start")
                number += chunk
        self.display = f":{int(number)}"
        return self

    def __exit__(self, *exc) -> None:
        for proc in (self.game, self.xvfb):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(5)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.pop("SDL_VIDEODRIVER", None)  # the tests set dummy; here the real X11 driver is wanted
        env.update(self.audio)
        env["DISPLAY"] = self.display
        env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
        return env

    def start_game(self, *args: str, deal: int | None = None, program: list[str] | None = None,
                   env: dict[str, str] | None = None) -> str:
        """Start ``python main.py args`` and return its window id once it is mapped and its
        geometry has held for STEADY_S (the game may size its window, then move it on screen:
        a read between the two sees it hanging off the screen).

        ``deal``: seed the run's source of boards with it, without ``--seed`` (whose boards
        never enter the best times), through a launcher that patches ``game.program.parse_args``:
        repeatable boards that the game treats as dealt at random. A test hook only: the
        game itself has no option for it. ``program``: another command instead of
        ``python main.py`` (the built app, tests/program/test_build_app.py), started in its own
        folder; ``env``: variables set for the game on top of :meth:`env`'s (None: removed).
        """
        command = [sys.executable, str(ROOT / "main.py"), *args]
        if deal is not None:
            command = [sys.executable, "-c", DEALT_LAUNCHER, str(int(deal)), *args]
        if program is not None:
            command = [*program, *args]
        where = Path(program[0]).parent if program is not None else ROOT
        merged = {**self.env(), **(env or {})}
        self.game = subprocess.Popen(command, cwd=where, env={k: v for k, v in merged.items() if v is not None},
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        window = self.find_window()
        self.wait_geometry(good=lambda geometry: geometry[2] > 1 and geometry[3] > 1)  # placed, and held there
        return window

    def find_window(self, timeout: float = PATIENCE) -> str:
        """The game's window id (SDL makes a new window when the board size changes)."""
        # By class: SDL writes WM_NAME as UTF8_STRING, which xdotool's --name does not match.
        self.window = self.xdotool("search", "--sync", "--onlyvisible", "--class", "Minesweeper",
                                   timeout=timeout).split()[-1]
        return self.window

    def xdotool(self, *args: str, timeout: float = PATIENCE) -> str:
        return subprocess.run(["xdotool", *args], check=True, capture_output=True, text=True,
                              timeout=timeout, env=self.env()).stdout

    def geometry(self) -> tuple[int, int, int, int]:
        """(x, y, width, height) of the game window, screen pixels."""
        values = dict(line.split("=", 1) for line in
                      self.xdotool("getwindowgeometry", "--shell", self.window).split())
        return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])

    def click(self, x: int, y: int, button: int = 1) -> None:
        """Click at (x, y) in window pixels."""
        self.xdotool("mousemove", "--window", self.window, str(x), str(y), "click", str(button))

    def key(self, name: str) -> None:
        """Press a key (xdotool name, e.g. F11, Escape, space) in the focused game window."""
        self.xdotool("windowfocus", "--sync", self.window)
        self.xdotool("key", name)

    def screenshot(self):
        """The whole screen as a pygame Surface (ImageMagick ``import -window root``), passed as
        an uncompressed BMP: the same pixels as a PNG at a quarter of the time and under half
        the CPU (no compression), which a test polling the screen spends again and again."""
        import pygame
        data = subprocess.run(["import", "-window", "root", "bmp3:-"], check=True, capture_output=True,
                              timeout=PATIENCE, env=self.env()).stdout
        return pygame.image.load(io.BytesIO(data), "screen.bmp")

    def wait_geometry(self, change_from: tuple[int, int, int, int] | None = None, timeout: float = PATIENCE,
                      good: Callable[[tuple[int, int, int, int]], bool] | None = None) -> tuple[int, int, int, int]:
        """Wait until the window geometry (x, y, width, height) differs from ``change_from``
        (or, given ``good``, until ``good(geometry)`` holds) and has held for STEADY_S seconds;
        return it (the last one read after ``timeout`` seconds: the caller's assertion then
        says what did not change; a busy machine may take seconds to open a screen). The
        game resizes a window and then moves it to keep it on the screen: a read between the
        two sees the new size at the old place, hanging off the screen."""
        wanted = good or (lambda geometry: geometry != change_from)
        deadline = time.monotonic() + timeout
        current, since = change_from, time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.05)  # poll interval
            try:
                seen = self.geometry()
            except subprocess.CalledProcessError:  # the window was replaced: find the new one
                self.find_window(timeout=max(0.5, deadline - time.monotonic()))
                continue
            if seen != current:
                current, since = seen, time.monotonic()
            elif wanted(current) and time.monotonic() - since >= STEADY_S:
                return current
        return current
        return current
