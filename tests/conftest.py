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


def compile_the_game() -> None:
    """Write the game's bytecode once, before the workers start (skipped in them): the suite
    starts a thousand Python processes (the console, the CLI, the figures' and the replay
    reader's children), and where the environment sets PYTHONDONTWRITEBYTECODE (as the
    machine this project is developed on does) each of them would otherwise compile every
    module it imports again: half the start-up of a window game's process (0.28 -> 0.14 s
    of CPU to import game.ui.app). Python reads bytecode whatever that variable says; it
    only keeps the interpreter from writing it, and compileall writes it on purpose (into
    the __pycache__ folders git ignores). Up-to-date files are left as they are."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return
    import compileall
    compileall.compile_dir(str(ROOT / "game"), quiet=2)


compile_the_game()


@pytest.fixture(autouse=True)
def isolated_data_dir(tmp_path, monkeypatch):
    """Point the game's per-user data and settings at a temporary folder."""
    data = tmp_path / "userdata"
    data.mkdir()
    monkeypatch.setenv("MINESWEEPER_DATA_DIR", str(data))
    yield data
    from game.ui.shared import theme
    theme.use("classic")  # the current theme is the window's: a test that changed it leaves it
    from game import i18n
    i18n.set_language("en")  # so is the language


class SilentSpeechClient:
    """A speech service that takes every text and says nothing (game.ui.speech.clients' interface)."""

    def open(self) -> None:
        pass

    def speak(self, text: str, language: str) -> None:
        pass

    def cancel(self) -> None:
        pass

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


@pytest.fixture(autouse=True)
def silent_speech_service(monkeypatch):
    """No test speaks through the machine's speech service (speech-dispatcher, pyttsx3), nor
    depends on there being one: every client game.ui.speech.service may open is a silent one.
    A test of a client passes its own (open_speech's ``clients``)."""
    from game.ui.speech import service
    monkeypatch.setattr(service, "CLIENTS", {name: SilentSpeechClient for name in service.CLIENTS})


@pytest.fixture
def window():
    """Start the window game headless (dummy SDL, fake clock): ``window(argv) -> Driver``.

    ``window(argv, deal=N)`` seeds the run's source of boards with N without ``--seed``:
    the boards are the same at every run, yet the game treats them as dealt at random
    (a ``--seed`` run's boards never enter the best times). The Driver (tests.driver)
    posts real pygame events and steps the loop. The display is closed after the test.
    """
    import pygame

    from game.commands.cli import parse_args
    from game.ui.app import build
    from game.ui.clock import FakeClock
    from tests.driver import Driver

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
    from game.ui.replay import review_job
    review_job.cancel_all()  # a review the test left running (a lost big board's post-mortem) ends with it
    pygame.display.quit()


# ----- running the suite in parallel (pytest-xdist, pyproject's addopts) ---------------------

def pytest_configure(config):
    config.addinivalue_line("markers", "slow: a test of several seconds (a real window, a child process "
                                       "or a big board): scheduled first, spread over the workers")


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: two workers more than the machine has cores. Many tests wait on another
    process (Xvfb, a child game, pip, a benchmark's measured sleeps: the big-board smoke test
    waits 34 s on 6 s of CPU) for part of their time, and a waiting worker leaves its core to
    the others. Measured on 2 cores (3,522 tests): quiet, 239.9 s with 3 workers and 224.4 s
    with 4; with another program keeping a core busy, the extra workers also claim a larger
    share of the machine (4 workers and a busy loop: 1.6 cores for the suite, 1.5 with 3)."""
    return (os.cpu_count() or 1) + 2


def is_slow(item) -> bool:
    """A test marked slow, or any in tests/window (each a real window under Xvfb)."""
    return item.get_closest_marker("slow") is not None or "tests/window/" in item.nodeid.replace("\\", "/")


@pytest.hookimpl(trylast=True)  # after -k and -m have deselected
def pytest_collection_modifyitems(config, items):
    """Put the slow tests at the heads of the workers' shares, dealt round the workers.

    xdist's worksteal scheduler cuts the collected list into one contiguous share a worker
    (the first ``n // workers`` tests, then the next share of what is left, ...) and an idle
    worker steals the back half of a busy one's queue. Left in folder order, the real-window
    tests (tests/window, last) would all start near the end, and the run would wait for one
    worker to get through them. Every worker collects, and so sorts, the same list.
    """
    workers = getattr(config, "workerinput", {}).get("workercount", 1)
    slow = [item for item in items if is_slow(item)]
    if workers < 2 or not slow:
        return
    fast = [item for item in items if not is_slow(item)]
    shares, left = [], len(items)
    for remaining in range(workers, 0, -1):  # the share sizes, as the scheduler cuts them
        shares.append(left // remaining)
        left -= shares[-1]
    heads = [slow[worker::workers] for worker in range(workers)]
    ordered = []
    for size, head in zip(shares, heads):
        take = max(0, size - len(head))
        ordered += head + fast[:take]
        fast = fast[take:]
    items[:] = ordered + fast
