"""Test setup: headless SDL before pygame is imported, and a throw-away data folder.

The SDL dummy drivers must be set before the first ``import pygame`` anywhere, so
they are set here at import time, which pytest runs before collecting test modules.
Every test gets its own data folder through MINESWEEPER_DATA_DIR, so no test
writes to the real per-user folders.
"""

import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The game speaks the system's language by default; the tests read English unless a test
# asks for another (game.i18n.set_language, or --lang). Set before anything reads it.
os.environ["LANGUAGE"] = "en"

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def isolated_data_dir(tmp_path, monkeypatch):
    """Point the game's per-user data and settings at a temporary folder."""
    data = tmp_path / "userdata"
    data.mkdir()
    monkeypatch.setenv("MINESWEEPER_DATA_DIR", str(data))
    yield data
    from game.ui import theme
    theme.use("classic")  # the current theme is the window's: a test that changed it leaves it
    from game import i18n
    i18n.set_language("en")  # so is the language


@pytest.fixture
def window():
    """Start the window game headless (dummy SDL, fake clock): ``window(argv) -> Driver``.

    ``window(argv, deal=N)`` seeds the run's source of boards with N without ``--seed``:
    the boards are the same at every run, yet the game treats them as dealt at random
    (a ``--seed`` run's boards never enter the best times). The Driver (game.ui.driver)
    posts real pygame events and steps the loop. The display is closed after the test.
    """
    import pygame

    from game.cli import parse_args
    from game.ui.app import build
    from game.ui.clock import FakeClock
    from game.ui.driver import Driver

    def start(argv=(), deal=None):
        args = parse_args(list(argv))
        if deal is not None:
            import random
            args.rng = random.Random(deal)
        loop, _ = build(args, clock=FakeClock())
        driver = Driver(loop)
        driver.step()
        return driver

    yield start
    pygame.display.quit()
