"""Work done in a child process of the game's own for the window, its messages handed over
as they come: the plumbing game.commands.review_apart (a long game's review) and
game.commands.chance_apart (the editor's win chance) share.

The parent (:func:`run_apart`) starts ``python -m MODULE`` (game.child.command), writes the
request pickled on its stdin and keeps stdin open; the child (:func:`serve`) reads it, works,
and writes messages pickled one after the other on its stdout: tuples whose first item says
what they are, any number of its own kinds (progress, a reviewed move...), and last
``("done", answer)`` or ``("error", words)``. The child ends at once when its stdin reaches
its end: when the parent closes it (the work is no longer wanted: kill the child given to
``started``) or exits in any way, so the work never outlives the window that asked for it.
Pure Python work on a thread holds the interpreter lock the frame loop needs; a child has a
lock of its own. No pygame here.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Callable

from game import child

ROOT = Path(__file__).resolve().parents[2]  # the folder holding the game package (game/commands/ is two down)


class ApartError(RuntimeError):
    """The child failed: the message is its error's words, or its last words."""


def run_apart(module: str, request, on_message: Callable[[tuple], None], ended: Callable[[int], str],
              started: Callable[[subprocess.Popen], None] | None = None):
    """Run ``request`` in a child ``python -m module`` (one of game.child.MODULES; module
    docstring): each of its messages but the last handed to ``on_message``, the answer of its
    ``("done", answer)`` returned. ``started(proc)``: called with the child once the request
    is sent (killing it ends the work, and this then raises ApartError). ``ended(status)``:
    the words for a child that ended without a word (its exit status).

    Raises:
        OSError: the child could not be started.
        ApartError: the child failed (its ``("error", words)``, or its last words on stderr).
    """
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    with tempfile.TemporaryFile() as errors:
        proc = subprocess.Popen(child.command(module), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=errors, env=env)
        try:
            proc.stdin.write(pickle.dumps(request))
            proc.stdin.flush()  # and kept open: the child ends when it is closed (module docstring)
            if started is not None:
                started(proc)
            while True:
                try:
                    message = pickle.load(proc.stdout)
                except EOFError:
                    proc.wait()
                    errors.seek(0)
                    tail = errors.read().decode("utf-8", "replace").strip().splitlines()[-1:]
                    raise ApartError(tail[0] if tail else ended(proc.returncode)) from None
                if message[0] == "error":
                    raise ApartError(message[1])
                if message[0] == "done":
                    return message[1]
                on_message(message)
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            for pipe in (proc.stdin, proc.stdout):
                try:
                    pipe.close()
                except OSError:  # the child is gone: nothing is left to flush
                    pass


def end_with_the_parent() -> None:
    """Wait for the end of stdin (the parent closed it, or exited, even killed), then end
    this process at once: nobody is left to read the answer."""
    while sys.stdin.buffer.read(1 << 16):
        pass
    os._exit(1)


def serve(work: Callable[[object, Callable[..., None]], object], words: Callable[[Exception], str]) -> int:
    """The child's side (module docstring): the request from stdin, ``work(request, send)``
    (``send(kind, ...)`` writes a message of its own), then ``("done", its answer)``; a failure
    is sent as ``("error", words(err))``. Returns the exit status."""
    out = sys.stdout.buffer

    def send(*message) -> None:
        out.write(pickle.dumps(message, pickle.HIGHEST_PROTOCOL))
        out.flush()

    try:
        request = pickle.load(sys.stdin.buffer)
        threading.Thread(target=end_with_the_parent, name="parent", daemon=True).start()
        send("done", work(request, send))
    except BrokenPipeError:  # the window went away
        return 1
    except Exception as err:  # noqa: BLE001 - any failure is said to the window, as the thread would say it
        send("error", words(err))
    return 0
