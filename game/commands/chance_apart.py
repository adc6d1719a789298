"""The win chance of a position worked out in a child process for the window's editor
(``python -m game.commands.chance_apart``), its progress handed over as it goes.

The editor's "Win chance from here" (game.ui.editor) may take seconds: the exact search up
to game.solver.winchance.EXACT_SECONDS, an estimate up to its budget. Pure Python work on a
thread holds the interpreter lock the frame loop needs, and the solver's process answers
the editor's analyses and the hints: so the win chance has a child of its own
(game.commands.apart: the plumbing a long review's child shares). Its request: the position
as ``.mine`` text, the games, the budget in seconds and the window's language (for the words
of an error); its messages: ``("progress", fraction)`` now and then, then the WinChance or
why not. It ends when the position is edited or the editor closed (its stdin closed). No
pygame here.
"""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Callable

from game import i18n
from game.commands import apart
from game.commands.apart import ApartError  # noqa: F401 - the win chance's failure, as its callers name it
from game.boardfile import parse_mine
from game.commands.explain_text import impossible_text
from game.commands.winchance_report import SEED
from game.i18n import _, count
from game.messages import describe
from game.solver.problem import InconsistentPosition
from game.solver.sample import TooHardToSample
from game.solver.winchance import WinChance, WinChanceRun

STEP_SECONDS = 0.1  # work between two progress messages, seconds


def run(text: str, games: int, budget: float, progress: Callable[[float], None] | None = None) -> WinChance:
    """The win chance of the position ``text`` (``.mine``) by game.solver.winchance.WinChanceRun,
    ``games`` games at most for an estimate within ``budget`` seconds, its layouts drawn from
    ``--win-chance``'s seed (game.commands.winchance_report.SEED: the same figure as the
    command line's for the same budget), ``progress(fraction)`` told after each step.

    Raises:
        game.boardfile.BoardFileError: ``text`` is not a position.
        game.solver.problem.InconsistentPosition: no layout fits it.
    """
    job = WinChanceRun(parse_mine(text), games=games, budget=budget, rng=random.Random(SEED))
    while not job.step(STEP_SECONDS):
        if progress is not None:
            progress(job.progress)
    return job.result()


def run_apart(text: str, games: int, budget: float, progress: Callable[[float], None] | None = None,
              started: Callable[[subprocess.Popen], None] | None = None) -> WinChance:
    """:func:`run` in a child process (module docstring; game.commands.apart). ``started(proc)``:
    called with the child once the request is sent; killing it ends the work, and this then
    raises ApartError.

    Raises:
        OSError: the child could not be started.
        ApartError: the child failed (its message, or its last words).
    """
    def take(message: tuple) -> None:
        if message[0] == "progress" and progress is not None:
            progress(message[1])

    return apart.run_apart("game.commands.chance_apart", (text, games, budget, i18n.language()), take,
                           started=started, ended=lambda status: _(
                               "the win chance's process ended (status {status})").format(status=status))


def _work(request: tuple, send) -> WinChance:
    """The child's work (game.commands.apart.serve): the win chance, its progress sent."""
    text, games, budget, language = request
    i18n.set_language(language)
    return run(text, games, budget, lambda fraction: send("progress", fraction))


def words(err: Exception) -> str:
    """Why no win chance, in the language in use."""
    if isinstance(err, InconsistentPosition):
        return _("the position is impossible: {reason}").format(reason=impossible_text(err))
    if isinstance(err, TooHardToSample):
        return _("a frontier group of {cells} cells is too large to draw layouts from exactly").format(
            cells=count(err.cells))
    return describe(err)


def _child() -> int:
    """The child's side: the request from stdin, the messages to stdout (module docstring)."""
    return apart.serve(_work, words)


if __name__ == "__main__":
    sys.exit(_child())
