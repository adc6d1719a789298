"""The standalone app (tools/build_app.py) as a player gets it: the ``dist/minesweeper/`` folder
copied elsewhere and run there with no virtual environment on PATH. It answers ``--version``,
reviews replay files (ms-toollib runs in a child process, which the frozen app starts by
re-entering itself), keeps its records in the per-user folders, and opens a real window
under Xvfb that takes clicks.

Runs where the app was built: ``MINESWEEPER_APP=FOLDER`` names the app folder (.ci/run sets
it after building; then a missing app fails), else ``dist/minesweeper`` is used if it
exists, and otherwise the tests are skipped.
"""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import __version__
from game.ui.play.layout import MENU_SIZE, BoardLayout
from game.ui.shared.dialog import BUTTON_H
from tests.window_helpers import window_scale
from tests.xsession import PATIENCE, XSession, missing
from tests.window_helpers import changed, differs, settled

ROOT = Path(__file__).resolve().parents[2]
NAMED = os.environ.get("MINESWEEPER_APP")
BUILT = Path(NAMED) if NAMED else ROOT / "dist" / "minesweeper"
EXE = "minesweeper.exe" if sys.platform == "win32" else "minesweeper"
REPLAYS = ROOT / "tests" / "corpus" / "replays"
BARE_PATH = "/usr/bin:/bin"  # no virtual environment, no Python of the project's

pytestmark = pytest.mark.skipif(not NAMED and not (BUILT / EXE).exists(),
                                reason="no built app: run tools/build_app.py, or set MINESWEEPER_APP")


@pytest.fixture(scope="module")
def app(tmp_path_factory) -> Path:
    """The app's executable, in a copy of the built folder somewhere else."""
    assert (BUILT / EXE).is_file(), f"no app at {BUILT / EXE}"
    copy = tmp_path_factory.mktemp("unpacked") / "minesweeper"
    shutil.copytree(BUILT, copy, symlinks=True)
    return copy / EXE


def bare_env(home: Path) -> dict[str, str]:
    """A player's environment: PATH without any virtual environment, a home of its own."""
    return {"PATH": BARE_PATH, "HOME": str(home), "LANGUAGE": "en", "SDL_AUDIODRIVER": "dummy"}


def run_app(app: Path, *args: str, home: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(app), *args], cwd="/", env=bare_env(home), capture_output=True, text=True,
                          timeout=120)


def test_the_app_says_its_version_from_anywhere(app, tmp_path):
    done = run_app(app, "--version", home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"Minesweeper {__version__}"
    helped = run_app(app, "--help", home=tmp_path)
    assert helped.returncode == 0 and helped.stdout.startswith("usage: minesweeper ")


@pytest.mark.parametrize("name", ["metasweeper_v3.evf", "viennasweeper_24px.rmv"])
def test_the_app_reviews_a_replay_file_through_its_child_process(app, tmp_path, name):
    done = run_app(app, "--review", str(REPLAYS / name), home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"Review of {REPLAYS / name} (") and "Summary:" in done.stdout


def test_the_app_speaks_spanish_with_its_numbers(app, tmp_path):
    """The catalogue and Babel's Spanish locale data (the app keeps only its languages') are inside."""
    done = run_app(app, "--review", str(REPLAYS / "metasweeper_v3.evf"), "--lang", "es", home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Revisión de ") and "ganada en 3,796 s" in done.stdout


def test_the_app_keeps_records_in_the_per_user_folder(app, tmp_path):
    done = run_app(app, "--stats", home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / ".local" / "share" / "minesweeper" / "records.sqlite3").is_file()


def test_the_app_fills_in_a_games_figures_through_its_other_child_process(app, tmp_path, isolated_data_dir):
    """A recorded win whose figures were left for later: ``--stats`` computes them in
    game.records.compstats's child process, the app itself again."""
    from game.records import open_records
    from tests.play_helpers import Clock
    from tests.records.test_compstats import centre_mine_game

    records = open_records(stderr=None)  # MINESWEEPER_DATA_DIR: isolated_data_dir
    match = centre_mine_game(Clock())
    record_id, _ = records.record(match, log=match.log_data())
    assert records.store.game(record_id).clicks is None
    records.close()
    done = run_app(app, "--stats", "--data-dir", str(isolated_data_dir), home=tmp_path)
    assert done.returncode == 0, done.stderr
    custom = [line for line in done.stdout.splitlines() if line.startswith("custom")][-1]  # the figures table
    assert custom.split()[1:] == ["-", "2.00", "-", "1.500", "-", "2.00", "-", "0.889"]


def muted(settings: Path) -> bool:
    """True once the settings file says the sound is off."""
    try:
        return json.loads(settings.read_text(encoding="utf-8")).get("muted") is True
    except (OSError, ValueError):  # not there yet, or caught half written
        return False


@pytest.mark.skipif(bool(missing()), reason=f"needs {', '.join(missing())} for a real window")
def test_the_app_opens_a_window_that_takes_a_click(app, tmp_path):
    """The menu's Beginner button opens a board; a click on its middle cell reveals it; M
    (sound off) is saved in the per-user config folder."""
    env = {**bare_env(tmp_path), "MINESWEEPER_DATA_DIR": None, "XDG_DATA_HOME": None, "XDG_CONFIG_HOME": None,
           "VIRTUAL_ENV": None, "PYTHONPATH": None, "PYTHONHOME": None}  # none of the tests' own
    with XSession() as x:
        x.start_game("--seed", "3", program=[str(app)], env=env)
        menu = x.geometry()
        scale = menu[2] / MENU_SIZE[0]
        x.click(int(MENU_SIZE[0] // 2 * scale), int((34 + BUTTON_H // 2) * scale))
        board = x.wait_geometry(menu)
        layout = BoardLayout(9, 9)
        scale = window_scale(board, layout)  # the playing window: the board and the panels' strip
        assert board[2:] != menu[2:] and board[3] >= layout.size[1] * scale, "Beginner did not open"
        cells = [int(v * scale) for v in layout.board]
        before = settled(x, board, rect=cells)
        cx, cy = layout.cell_rect((4, 4)).center
        x.click(int(cx * scale), int(cy * scale))
        after = changed(x, board, before, cells)
        assert differs(before, after, cells) > 100, "revealing a cell changed nothing on screen"
        x.key("m")
        settings = tmp_path / ".config" / "minesweeper" / "settings.json"
        deadline = time.monotonic() + PATIENCE
        while not muted(settings) and time.monotonic() < deadline and x.game.poll() is None:
            time.sleep(0.1)  # poll interval: the game saves the setting at once; a busy machine may be slow
        assert muted(settings), "M was not saved in the per-user settings"
        assert x.game.poll() is None, x.game.stderr.read().decode() if x.game.stderr else ""
