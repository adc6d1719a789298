"""Standard output and error that never crash a run: :func:`guard_output`, called once by
``main.py`` before anything is printed.

What can go wrong, and what each becomes:

- an encoding that cannot hold a character (``PYTHONIOENCODING=ascii``, ``LC_ALL=C`` with
  ``PYTHONUTF8=0``, a Spanish "ñ" or a player named "José"): the character is replaced
  (``?``), never a UnicodeEncodeError;
- a closed stream (``--stats >&-``: Python then sets ``sys.stdout`` to None, and the next
  file opened could take descriptor 1): /dev/null is put on the descriptor, so nothing is
  written and no file of ours lands there;
- a write that fails on standard output (a broken pipe, a full disk): :class:`OutputError`,
  an OSError that names standard output, so ``game.program.run`` tells it from a file of the
  player's that could not be written and ends quietly (a pipe closed by its reader) or with
  one line and status 2 (a full disk). The run's other work (a file written) is kept;
- a write that fails on standard error: dropped, as there is nowhere left to say it.

No pygame here.
"""

from __future__ import annotations

import io
import os
import sys

STREAMS = ((0, "stdin"), (1, "stdout"), (2, "stderr"))


class OutputError(OSError):
    """Writing standard output failed; ``errno`` and ``strerror`` are the system's."""


class _Guarded(io.RawIOBase):
    """The raw stream of descriptor ``fd``: a failed write raises :class:`OutputError`, or
    with ``quiet`` is dropped (reported as written)."""

    def __init__(self, fd: int, quiet: bool) -> None:
        super().__init__()
        self._fd, self._quiet = fd, quiet

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return os.isatty(self._fd)

    def write(self, data) -> int:
        try:
            return os.write(self._fd, data)
        except OSError as err:
            if self._quiet:
                return len(data)
            raise OutputError(err.errno, err.strerror) from None

    def close(self) -> None:  # the descriptor is the process's: never closed here
        super().close()


def _open_devnull_on(fd: int) -> None:
    """Put /dev/null on descriptor ``fd`` when it is closed, so no later file takes it."""
    try:
        os.fstat(fd)
    except OSError:
        null = os.open(os.devnull, os.O_RDWR)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)


def _wrap(fd: int, old, quiet: bool) -> io.TextIOWrapper:
    encoding = getattr(old, "encoding", None) or "utf-8"
    line = bool(getattr(old, "line_buffering", False))
    return io.TextIOWrapper(io.BufferedWriter(_Guarded(fd, quiet)), encoding=encoding, errors="replace",
                            line_buffering=line, write_through=False)


def guard_output() -> None:
    """Make ``sys.stdout`` and ``sys.stderr`` safe as the module docstring says: same
    encoding, ``errors="replace"``, standard output raising :class:`OutputError`, standard
    error dropping what cannot be written. Closed descriptors get /dev/null. Call it before
    anything is printed."""
    for fd, _ in STREAMS:
        _open_devnull_on(fd)
    for fd, name, quiet in ((1, "stdout", False), (2, "stderr", True)):
        old = getattr(sys, name)
        if old is not None:
            try:
                old.flush()
            except (OSError, ValueError):
                pass
        setattr(sys, name, _wrap(fd, old, quiet))


def silence_stdout() -> None:
    """After standard output failed: what is still buffered, and anything printed from now
    on, goes to /dev/null (so the interpreter's flush at exit cannot fail again)."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.close(null)
    sys.stdout = _wrap(1, sys.stdout, quiet=True)
