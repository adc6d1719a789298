"""The solver's own process: the window's hints, and a big board's probabilities and analyses,
worked out beside the game rather than on a thread of it.

Why a process (issue 27): a thread doing the solver's work holds CPython's interpreter lock for
5 ms at a time, and each time the window's thread gives the lock up (a sleep between frames, a
pygame call) it waits that long to get it back: frames of 16 ms took 60-95 ms while a worker
thread counted (docs/big-boards.md), and a tight loop of frames starved the worker in turn.
A process has its own interpreter: the window draws at its rate and the solver runs on the
other core. Started as ``python -m game.solver.worker`` (game.child: the frozen app runs it
as a child module), it reads :class:`Question` frames on stdin and writes answers on stdout,
each frame a 4-byte big-endian length and a pickle; stdin's end ends it. The client side
is game.ui.play.solver_process.

The solver sees what it always saw: :meth:`game.boardfile.Snapshot.board`, the visible
position read here from the snapshot the window took (the window's thread only copies two
byte strings). Each Question names its ``solver`` (one :class:`game.solver.Solver` a game and
purpose, its counts kept between the positions of that game: the :data:`SOLVERS_KEPT` last
used are kept) and its ``slot``: a question not yet started is dropped when a newer one of
the same slot comes (the player moved on; its answer would be stale). A "position" question
(the window's position editor, game.ui.editor) carries the position itself, a
game.boardfile.BoardFile, and is answered as ``--analyse`` reads it (flags count as mines):
:class:`game.solver.analysis.Studied`, or :class:`game.solver.problem.Impossible` with the
reason as data (classes of modules of their own: a class of this module, run as ``__main__``,
would not load in the window). No pygame here.
"""

from __future__ import annotations

import pickle
import struct
import sys
import threading
from collections import OrderedDict, deque
from dataclasses import dataclass
from typing import BinaryIO

from game.boardfile import BoardFile, Snapshot
from game.solver.analysis import Analysis, CellFloats, Solver, Studied
from game.solver.problem import Impossible, InconsistentPosition

KINDS = ("hint", "analysis", "probabilities", "position")
SOLVERS_KEPT = 8  # solvers (and their caches) kept, the last used
HEADER = struct.Struct(">I")  # a frame's length, bytes
DROPPED = "dropped"  # the answer's status: a newer question of the same slot came first
OK, FAILED = "ok", "failed"


@dataclass(frozen=True)
class Question:
    """What the window asks.

    ``kind``: "hint" (an explained analysis, slimmed with the hint's proof or marks:
    :meth:`Analysis.slim`), "analysis" (unexplained, slimmed: autoplay's) or "probabilities"
    (every covered cell's mine probability, as :class:`CellFloats`) or "position" (an edited
    position: :class:`Studied` or :class:`Impossible`); ``position``: the game's
    :class:`game.boardfile.Snapshot`, or for "position" the BoardFile itself; ``solver``: the
    name of the Solver to use (made on first use, flags ignored but for "position", whose flags
    are mines as ``--analyse`` counts them); ``slot``: see the module's notes; ``budget``:
    seconds of guess look-ahead.
    """

    kind: str
    position: Snapshot | BoardFile
    solver: str
    slot: str
    budget: float


def answer(question: Question, solvers: "OrderedDict[str, Solver]") -> Analysis | CellFloats | Studied | Impossible | None:
    """Work ``question`` out with its solver from ``solvers`` (made there when new, the least
    used dropped past :data:`SOLVERS_KEPT`); None when no layout fits the numbers (a
    "position" question: :class:`Impossible`).

    Raises:
        ValueError: an unknown kind, or a snapshot that is not its board's size.
    """
    if question.kind not in KINDS:
        raise ValueError(f"question: kind {question.kind!r} is not one of {', '.join(KINDS)}")
    edited = question.kind == "position"
    solver = solvers.pop(question.solver, None) or Solver(ignore_flags=not edited, budget=question.budget)
    solvers[question.solver] = solver
    while len(solvers) > SOLVERS_KEPT:
        solvers.popitem(last=False)
    board = question.position if isinstance(question.position, BoardFile) else question.position.board()
    rows, cols = board.rows, board.cols
    if edited:
        solver.budget = question.budget
        try:
            found = solver.analyse(board)
        except InconsistentPosition as err:
            return Impossible(str(err), err.reason)
        exact = not found.approximate
        return Studied(found.slim(rows, cols, hint=True), found.result.total if exact else None,
                       found.result.log_total if exact else None)
    try:
        if question.kind == "probabilities":
            return CellFloats.of(solver.probabilities(board).as_floats(), rows, cols)
        solver.budget = question.budget
        hint = question.kind == "hint"
        return solver.analyse(board, explain=hint).slim(rows, cols, hint=hint)
    except InconsistentPosition:
        return None


def read_frame(stream: BinaryIO) -> bytes | None:
    """One frame's payload from ``stream``, or None at its end (or a frame cut short)."""
    head = stream.read(HEADER.size)
    if len(head) < HEADER.size:
        return None
    size = HEADER.unpack(head)[0]
    payload = stream.read(size)
    return payload if len(payload) == size else None


def frame(payload: bytes) -> bytes:
    """``payload`` as a frame: its length, then itself."""
    return HEADER.pack(len(payload)) + payload


def take(waiting: deque) -> tuple[int, Question, bool]:
    """The first of the ``waiting`` (ticket, question) pairs, taken off, and whether a newer
    question of its slot waits behind it (it is then dropped unworked)."""
    ticket, question = waiting.popleft()
    slot = getattr(question, "slot", None)
    return ticket, question, slot is not None and any(getattr(later, "slot", None) == slot for _, later in waiting)


def serve(source: BinaryIO, sink: BinaryIO) -> None:
    """Answer the questions framed on ``source`` on ``sink`` until ``source`` ends: each
    frame in is ``(ticket, Question)`` pickled, each out ``(ticket, status, answer or why it
    failed)``; a question of a slot with a newer one waiting is answered DROPPED unworked."""
    waiting: deque = deque()
    arrived = threading.Condition()
    ended = []

    def read() -> None:  # questions are read while one is worked out, so a newer one can drop an older
        while True:
            payload = read_frame(source)
            with arrived:
                if payload is None:
                    ended.append(True)
                else:
                    waiting.append(pickle.loads(payload))
                arrived.notify()
            if payload is None:
                return
    threading.Thread(target=read, name="questions", daemon=True).start()
    solvers: OrderedDict[str, Solver] = OrderedDict()
    while True:
        with arrived:
            while not waiting and not ended:
                arrived.wait()
            if not waiting:
                return
            ticket, question, newer = take(waiting)
        if newer:
            reply = (ticket, DROPPED, None)
        else:
            try:
                reply = (ticket, OK, answer(question, solvers))
            except Exception as err:  # noqa: BLE001 - told to the window, which shows no hint
                reply = (ticket, FAILED, f"{type(err).__name__}: {err}")
        sink.write(frame(pickle.dumps(reply, protocol=pickle.HIGHEST_PROTOCOL)))
        sink.flush()


def main() -> int:
    """The process: questions on stdin, answers on stdout (anything printed goes to stderr)."""
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must not break a frame
    try:
        serve(source, sink)
    except (KeyboardInterrupt, BrokenPipeError):
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
