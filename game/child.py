"""The game's own child processes (the replay reader, game.replay.toollib; the figures,
game.records.compstats; the window's solver, game.solver.worker; a long game's review,
game.commands.review_apart; the editor's win chance, game.commands.chance_apart): the command that starts
one, and the frozen app's way in.

From a checkout or an installed package a child is ``python -m MODULE``. In the frozen app
(tools/build_app.py) ``sys.executable`` is the app itself, which has no ``-m``: the child is
``minesweeper --child-module MODULE ARGS...``, and the app's entry point
(game.program.launch) hands such a command line to :func:`run_child` before any option is
parsed. Only the modules in :data:`MODULES` can be run that way.
"""

from __future__ import annotations

import runpy
import sys

SWITCH = "--child-module"  # the frozen app's argv[1] that starts a child
MODULES = ("game.replay.toollib", "game.records.compstats", "game.solver.worker",
           "game.commands.review_apart", "game.commands.chance_apart")  # each runs as __main__ in its child


def frozen() -> bool:
    """True in the app PyInstaller built (``sys.executable`` is the app, not Python)."""
    return bool(getattr(sys, "frozen", False))


def command(module: str, *args: str) -> list[str]:
    """The argv that runs ``module`` (one of :data:`MODULES`) as a program with ``args``."""
    if module not in MODULES:
        raise ValueError(f"not a child module: {module}")
    if frozen():
        return [sys.executable, SWITCH, module, *args]
    return [sys.executable, "-m", module, *args]


def run_child(argv: list[str]) -> int | None:
    """If ``argv`` (without the program's name) starts a child, run it and return its exit
    status; None for any other command line (the game itself)."""
    if len(argv) < 2 or argv[0] != SWITCH or argv[1] not in MODULES:
        return None
    module = argv[1]
    sys.argv = [module, *argv[2:]]
    try:
        runpy.run_module(module, run_name="__main__", alter_sys=True)
    except SystemExit as stop:  # the module ends with sys.exit(status)
        code = stop.code
        return code if isinstance(code, int) else 0 if code is None else 1
    return 0
