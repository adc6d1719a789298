"""The win chance of a position worked out in a child process for the window's editor
(``python -m game.commands.chance_apart``), its progress handed over as it goes.

The editor's "Win chance from here" (game.ui.editor) may take seconds: the exact search up
to game.solver.winchance.EXACT_SECONDS, an estimate up to its budget. Pure Python work on a
thread holds the interpreter lock the frame loop needs, and the solver's process answers
the editor's analyses and the hints: so the win chance has a child of its own. The child
reads a request (pickled on stdin: the position as ``.mine`` text, the games, the budget in
seconds and the window's language, for the words of an error) and writes, pickled one after the other on stdout, ``("progress", fraction)``
now and then and last ``("done", WinChance)`` or ``("error", message)``. The parent keeps
the child's stdin open: the child ends at once when it is closed (the position was edited,
the editor closed) or the parent exits in any way, as game.commands.review_apart's does.
No pygame here.
"""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Callable

from game import child, i18n
from game.boardfile import parse_mine
from game.commands.explain_text import impossible_text
from game.commands.winchance_report import SEED
from game.i18n import _, count
from game.messages import describe
from game.solver.problem import InconsistentPosition
from game.solver.sample import TooHardToSample
from game.solver.winchance import WinChance, WinChanceRun

ROOT = Path(__file__).resolve().parents[2]  # the folder holding the game package
STEP_SECONDS = 0.1  # work between two progress messages, seconds


class ApartError(RuntimeError):
    """The child failed; the message says why (its error, or its last words)."""


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
    """:func:`run` in a child process (module docstring). ``started(proc)``: called with the
    child once the request is sent; killing it ends the work, and this then raises ApartError.

    Raises:
        OSError: the child could not be started.
        ApartError: the child failed (its message, or its last words).
    """
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    with tempfile.TemporaryFile() as errors:
        proc = subprocess.Popen(child.command("game.commands.chance_apart"), stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=errors, env=env)
        try:
            proc.stdin.write(pickle.dumps((text, games, budget, i18n.language())))
            proc.stdin.flush()  # and kept open: the child ends when it is closed
            if started is not None:
                started(proc)
            while True:
                try:
                    message = pickle.load(proc.stdout)
                except EOFError:
                    proc.wait()
                    errors.seek(0)
                    tail = errors.read().decode("utf-8", "replace").strip().splitlines()[-1:]
                    raise ApartError(tail[0] if tail else f"the win chance's process ended (status {proc.returncode})")
                if message[0] == "progress" and progress is not None:
                    progress(message[1])
                elif message[0] == "error":
                    raise ApartError(message[1])
                elif message[0] == "done":
                    return message[1]
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            for pipe in (proc.stdin, proc.stdout):
                try:
                    pipe.close()
                except OSError:  # the child is gone: nothing is left to flush
                    pass


def _end_with_the_parent() -> None:
    """Wait for the end of stdin (the parent closed it, or exited), then end at once."""
    while sys.stdin.buffer.read(1 << 16):
        pass
    os._exit(1)


def _child() -> int:
    """The child's side: the request from stdin, the messages to stdout (module docstring)."""
    out = sys.stdout.buffer

    def send(*message) -> None:
        out.write(pickle.dumps(message, pickle.HIGHEST_PROTOCOL))
        out.flush()

    try:
        text, games, budget, language = pickle.load(sys.stdin.buffer)
        i18n.set_language(language)
        threading.Thread(target=_end_with_the_parent, name="parent", daemon=True).start()
        send("done", run(text, games, budget, lambda fraction: send("progress", fraction)))
    except BrokenPipeError:  # the window went away
        return 1
    except InconsistentPosition as err:
        send("error", _("the position is impossible: {reason}").format(reason=impossible_text(err)))
    except TooHardToSample as err:
        send("error", _("a frontier group of {cells} cells is too large to draw layouts from exactly").format(
            cells=count(err.cells)))
    except Exception as err:  # noqa: BLE001 - any failure is said to the window, in its words
        send("error", describe(err))
    return 0


if __name__ == "__main__":
    sys.exit(_child())
