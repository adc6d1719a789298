"""Minesweeper: a pure-Python engine (game.rules.engine), a solver (game.solver), a console
game (game.console.play) and a pygame-ce window (game.ui)."""

import os
import re
import sys
from pathlib import Path

DISTRIBUTION = "minesweeper-ce"  # the name pyproject.toml gives the package (pip install .)
COMMAND = "minesweeper"  # the command pip installs and the frozen app's name


def _version() -> str:
    """The version in the package metadata: a checkout's pyproject.toml (so a stale install
    in the same environment never speaks for it), else the installed or frozen package's."""
    checkout = Path(__file__).resolve().parent.parent / "pyproject.toml"
    if checkout.is_file():
        project = checkout.read_text(encoding="utf-8").partition("[project]")[2].split("\n[", 1)[0]
        found = re.search(r'^version\s*=\s*"([^"]+)"', project, re.MULTILINE)
        if found:
            return found.group(1)
    from importlib import metadata  # only here: importing it costs a child process 0.05 s
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "unknown"


def _prog() -> str:
    """How the player started the game, for --help and error lines: ``minesweeper`` for the
    installed command or the frozen app, else ``python main.py``."""
    name = os.path.splitext(os.path.basename(sys.argv[0] if sys.argv else ""))[0]
    return COMMAND if name == COMMAND else "python main.py"


__version__ = _version()
NAME = "Minesweeper"  # the game's name, as --version prints it
PROG = _prog()  # the program's name in --help and in error and warning lines
