"""The game as a package: ``pip install .`` gives a ``minesweeper`` command that runs from any
folder, its data files found through game.resources, its child processes through game.child
(which the frozen app re-enters itself for), its version from the package metadata."""

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import game
from game import child, resources
from game.replay.files import REFUSED

ROOT = Path(__file__).resolve().parents[2]
COPY_IGNORED = shutil.ignore_patterns(".git", "build", "dist", ".venv*", "venv", "__pycache__", "*.egg-info",
                                      ".pytest_cache", ".hypothesis")


def test_pyproject_lists_every_package_under_game():
    tomllib = pytest.importorskip("tomllib")
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "game").rglob("__init__.py")}
    assert found <= set(setup["packages"]), "a package the wheel would leave out"
    assert setup["package-dir"] == {"game.assets": "assets"}


def test_the_version_is_the_projects():
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert game.__version__ == project["version"]


def test_a_checkout_reads_its_assets_from_the_top_level_folder():
    assert resources.package_dir() == ROOT / "game"
    assert resources.assets_dir() == ROOT / "assets"
    assert resources.asset("fonts", "DejaVuSans.ttf").is_file()
    assert (resources.locales_dir() / "es" / "LC_MESSAGES" / "minesweeper.mo").is_file()


def test_an_installed_package_reads_them_from_game_assets(tmp_path, monkeypatch):
    """As in a wheel or the frozen app: a ``game/assets`` folder inside the package wins."""
    (tmp_path / "game" / "assets").mkdir(parents=True)
    monkeypatch.setattr(resources, "package_dir", lambda: tmp_path / "game")
    assert resources.asset("icon.png") == tmp_path / "game" / "assets" / "icon.png"


def test_a_child_is_python_dash_m_or_the_frozen_app_itself(monkeypatch):
    assert child.command("game.replay.toollib", "write") == [sys.executable, "-m", "game.replay.toollib", "write"]
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/opt/minesweeper/minesweeper")
    assert child.command("game.records.compstats") == ["/opt/minesweeper/minesweeper", child.SWITCH,
                                                       "game.records.compstats"]
    with pytest.raises(ValueError):
        child.command("os")


def test_the_entry_point_runs_a_child_module_and_nothing_else(monkeypatch, capsysbinary):
    monkeypatch.setattr(sys, "argv", list(sys.argv))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"")))
    assert child.run_child(["--version"]) is None
    assert child.run_child([child.SWITCH, "os"]) is None  # only the game's own children
    assert child.run_child([child.SWITCH, "game.replay.toollib", "nonsense"]) == REFUSED
    assert b"unknown command" in capsysbinary.readouterr().out


@pytest.mark.slow
def test_pip_install_gives_a_minesweeper_command_that_runs_from_anywhere(tmp_path):
    """A copy of the project's files (as a fresh clone has them) installed into a new virtual
    environment; the command runs from / with no virtual environment on PATH."""
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=COPY_IGNORED)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    done = subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(source)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "LANGUAGE": "en"}
    command = str(bin_dir / "minesweeper")
    version = subprocess.run([command, "--version"], cwd="/", env=env, capture_output=True, text=True, timeout=60)
    assert version.returncode == 0 and version.stdout.strip() == f"Minesweeper {game.__version__}", version.stderr
    helped = subprocess.run([command, "--help"], cwd="/", env=env, capture_output=True, text=True, timeout=60)
    assert helped.returncode == 0 and helped.stdout.startswith("usage: minesweeper "), helped.stderr
    review = subprocess.run([command, "--review", str(ROOT / "tests" / "corpus" / "replays" / "metasweeper_v3.evf")],
                            cwd="/", env=env, capture_output=True, text=True, timeout=120)
    assert review.returncode == 0 and "Summary:" in review.stdout, review.stderr
    installed = subprocess.run([str(bin_dir / "python"), "-c", "from game import resources; print(resources.asset())"],
                               cwd="/", env=env, capture_output=True, text=True, timeout=60)
    assets = Path(installed.stdout.strip())
    assert assets.parts[-3:] == ("site-packages", "game", "assets") and (assets / "icon.png").is_file()
