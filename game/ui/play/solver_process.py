"""The window's side of the solver's process (game.solver.worker): questions sent, answers
collected, the frame loop never waiting for either.

One process serves the whole program (:func:`shared`), started at the first question and
kept until the program ends (a second's start, paid once); a process that ends or cannot
start is started again at the next question, and a question it took with it is answered
as failed (the window shows no hint rather than waiting for ever). Two daemon threads do
the pipe's blocking reads and writes, which hold no interpreter lock while they wait: the
window's thread only pickles a question (two byte strings) and reads a :class:`Ticket`.
Where no process can be started at all, :class:`SolverProcess` works the questions out on a
thread of this process instead (the old way: slower frames, never a missing answer).
"""

from __future__ import annotations

import atexit
import itertools
import os
import pickle
import queue
import subprocess
import threading
from collections import OrderedDict
from pathlib import Path

from game import child
from game.solver.worker import DROPPED, OK, Question, answer, frame, read_frame

MODULE = "game.solver.worker"
ROOT = Path(__file__).resolve().parents[3]  # the folder holding the game package (game/ui/play/ is three down)
CLOSE_WAIT = 0.3  # seconds a closing process may take to end by itself


class Ticket:
    """One question's answer to come: :meth:`ready`, then ``value`` (the answer, None when no
    layout fits or the question failed or was dropped) and ``status`` (game.solver.worker's
    OK, FAILED or DROPPED; ``why`` says why it failed)."""

    def __init__(self) -> None:
        self.value = None
        self.status: str | None = None
        self.why = ""
        self._done = threading.Event()

    def ready(self) -> bool:
        """True once the answer is in (never blocks)."""
        return self._done.is_set()

    def wait(self, seconds: float | None = None) -> bool:
        """Block up to ``seconds`` (None: until it is in); True once the answer is in."""
        return self._done.wait(seconds)

    def settle(self, status: str, value=None, why: str = "") -> None:
        """Give the answer (the process's, or a failure); later calls change nothing."""
        if self._done.is_set():
            return
        self.status, self.value, self.why = status, (value if status == OK else None), why
        self._done.set()


class SolverProcess:
    """Asks game.solver.worker's process (``command``: default game.child's command for it)."""

    def __init__(self, command: list[str] | None = None, in_process: bool = False) -> None:
        """``in_process``: work every question out on a thread of this process, never in a
        process of its own (the old way, for benchmarks to compare with)."""
        self.command = command
        self.in_process = in_process
        self._lock = threading.Lock()
        self._proc: subprocess.Popen | None = None
        self._pending: dict[int, Ticket] = {}
        self._outbox: queue.Queue | None = None
        self._numbers = itertools.count(1)
        self._local: OrderedDict | None = None  # solvers of the in-process fallback
        self.starts = 0  # processes started so far

    @property
    def running(self) -> bool:
        """True while a process is up."""
        return self._proc is not None and self._proc.poll() is None

    def ask(self, question: Question) -> Ticket:
        """Send ``question``; returns at once with its :class:`Ticket`."""
        ticket = Ticket()
        with self._lock:
            outbox = None if self.in_process else self._outbox if self.running else self._start()
            if outbox is None:
                self._in_thread(question, ticket)
                return ticket
            number = next(self._numbers)
            self._pending[number] = ticket
        payload = frame(pickle.dumps((number, question), protocol=pickle.HIGHEST_PROTOCOL))
        outbox.put(payload)
        return ticket

    def close(self) -> None:
        """End the process: its input closes, and one still working after CLOSE_WAIT seconds
        is killed (the program is quitting: no answer is wanted any more)."""
        with self._lock:
            proc, outbox, self._proc, self._outbox = self._proc, self._outbox, None, None
            self._fail_pending("the solver's process was closed")
        if outbox is not None:
            outbox.put(None)
        if proc is not None:
            try:
                proc.wait(CLOSE_WAIT)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    # ----- the process -------------------------------------------------------------------------
    def _start(self) -> queue.Queue | None:
        """Start the process (the lock held); its outbox, or None when it cannot start."""
        self._fail_pending("the solver's process ended")
        env = dict(os.environ)  # the game's package found from any working folder, as the other children
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        try:
            proc = subprocess.Popen(self.command or child.command(MODULE), stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, env=env, start_new_session=True)
        except (OSError, ValueError):
            return None
        self.starts += 1
        outbox: queue.Queue = queue.Queue()
        self._proc, self._outbox = proc, outbox
        threading.Thread(target=self._write, args=(proc, outbox), name="solver-out", daemon=True).start()
        threading.Thread(target=self._read, args=(proc,), name="solver-in", daemon=True).start()
        return outbox

    def _write(self, proc: subprocess.Popen, outbox: queue.Queue) -> None:
        while True:
            payload = outbox.get()
            try:
                if payload is None:
                    proc.stdin.close()
                    return
                proc.stdin.write(payload)
                proc.stdin.flush()
            except (OSError, ValueError):  # the process ended: the reader fails what it took
                return

    def _read(self, proc: subprocess.Popen) -> None:
        while True:
            payload = read_frame(proc.stdout)
            if payload is None:
                break
            try:
                number, status, value = pickle.loads(payload)
            except Exception:  # noqa: BLE001 - a broken frame: the process is no use any more
                break
            with self._lock:
                ticket = self._pending.pop(number, None)
            if ticket is not None:
                ticket.settle(status, value, "" if status in (OK, DROPPED) else str(value))
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        with self._lock:
            if self._proc is proc:
                self._proc, self._outbox = None, None
                self._fail_pending("the solver's process ended")

    def _fail_pending(self, why: str) -> None:
        pending, self._pending = self._pending, {}
        for ticket in pending.values():
            ticket.settle("failed", why=why)

    def _in_thread(self, question: Question, ticket: Ticket) -> None:
        """No process: work ``question`` out on a daemon thread here, one at a time."""
        if self._local is None:
            self._local = OrderedDict()
            self._local_lock = threading.Lock()

        def work() -> None:
            with self._local_lock:
                try:
                    ticket.settle(OK, answer(question, self._local))
                except Exception as err:  # noqa: BLE001 - shown as no hint
                    ticket.settle("failed", why=f"{type(err).__name__}: {err}")
        threading.Thread(target=work, name="solver", daemon=True).start()


_shared: SolverProcess | None = None


def shared() -> SolverProcess:
    """The program's one :class:`SolverProcess` (made at the first call; closed at exit)."""
    global _shared
    if _shared is None:
        _shared = SolverProcess()
        atexit.register(_shared.close)
    return _shared
