"""A review worked out for the window, its moves handed over one by one: on the caller's thread
for a short game, in a child process for a long one (``python -m game.commands.review_apart``).

The window's review viewer and post-mortem wait for a review (game.ui.replay.review_job). A short
game's review takes milliseconds and runs on the job's thread. A long one (a 36x60 game of
1,300 moves takes seconds: docs/review.md) runs in a child process: pure Python work on a
thread holds the interpreter lock that the frame loop needs (frames of 50 to 280 ms showed
up while a 36x60 review ran on a thread), while a child has a lock of its own. The child
reads a request (pickled, on stdin) and writes, pickled one after the other on stdout, a
``("progress", done, total)`` after each move, a ``("move", MoveReview)`` for each move
reviewed (its position as bytes: game.solver.review.Seen), and last ``("done", facts)`` or
``("error", "Name: message")``; the thread that waits only reads (and unpickles one small
move at a time), so the frames go on. The parent keeps the child's stdin open after the
request: the child ends at once when it reaches its end, which is when the parent closes it
(the review is no longer wanted: :func:`run_apart`'s ``started``) or exits in any way, so a
review never outlives the window that asked for it.

A *request* is a dict: ``{"log": log, "post_mortem": bool}`` (a recorded game's move log,
game.midend.match.Match.log_data) or ``{"review": kwargs}`` (game.solver.review.review's
arguments; :func:`timeline_request`). Its *answer* (:func:`run`): the Review, or for a post-
mortem (review, fatal move, the simplest safe cell's proof or None). No pygame here.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Callable

from game.commands import apart
from game.commands.apart import ApartError  # noqa: F401 - the review's failure, as its callers name it
from game.i18n import _
from game.commands.review_report import fatal_move
from game.solver.explain import simplest_proof
from game.solver.review import MoveReview, Review, review, review_log

APART_WORK = 300_000  # cells x moves from which a review runs in a child process (an Expert game,
# 480 cells and some 200 moves, 0.15 s, stays on the thread; the 36x60 game is 2.6 million)

Progress = Callable[[int, int], None]
OnMove = Callable[[MoveReview], None]


def log_request(log: dict, post_mortem: bool = False) -> dict:
    """The request to review a recorded game's move ``log`` (with ``post_mortem``: and to
    explain its loss as game.ui.play.postmortem shows it)."""
    return {"log": log, "post_mortem": post_mortem}


def timeline_request(timeline) -> dict:
    """The request to review a replay's :class:`game.replay.player.Timeline` as
    :func:`game.commands.review_report.review_timeline` does: a recorded game's log when the timeline
    holds it (game.replay.player.LogTimeline.log), else its moves read here."""
    from game.replay.player import timeline_moves

    if getattr(timeline, "log", None) is not None:
        return log_request(timeline.log)
    replay = timeline.replay
    return {"review": {"rows": replay.rows, "cols": replay.cols, "layout": list(replay.mines),
                       "moves": timeline_moves(timeline)}}


def work(request: dict) -> int:
    """The request's size: cells x moves (0 when it cannot be told: a damaged log)."""
    try:
        given = request["review"] if "review" in request else request["log"]
        return int(given["rows"]) * int(given["cols"]) * len(given["moves"])
    except (KeyError, TypeError, ValueError):
        return 0


def run(request: dict, progress: Progress | None = None, on_move: OnMove | None = None):
    """The request's answer (see the module docstring), worked out here; ``progress`` and
    ``on_move`` as game.solver.review.review's.

    Raises:
        ValueError, KeyError, TypeError: the log or the moves are damaged.
    """
    if "review" in request:
        return review(**request["review"], progress=progress, on_move=on_move)
    reviewed = review_log(request["log"], progress, on_move)
    return post_mortem(reviewed) if request.get("post_mortem") else reviewed


def post_mortem(reviewed: Review, proof=None) -> tuple:
    """(review, fatal move, the simplest safe cell's proof or None) of a lost game's review:
    the review's own proof for a needless guess; after a mistake or a guess, the safe cell
    nearest the fatal one, explained (given as ``proof`` when worked out already: apart). A
    mistake's own proof, why its cell was a mine, stays with the move."""
    fatal = fatal_move(reviewed)
    if fatal is not None and fatal.verdict == "needless_guess":
        proof = fatal.proof
    elif proof is None and fatal is not None and fatal.safe_cells:
        cell = fatal.cell
        nearest = min(fatal.safe_cells, key=lambda c: (max(abs(c[0] - cell[0]), abs(c[1] - cell[1])), c))
        proof = simplest_proof(fatal.position, nearest)
    return reviewed, fatal, proof


def run_apart(request: dict, progress: Progress | None = None, on_move: OnMove | None = None,
              started: Callable[[subprocess.Popen], None] | None = None):
    """:func:`run` in a child process (see the module docstring; game.commands.apart): the same
    answer, the moves handed to ``on_move`` and the progress to ``progress`` as the child sends
    them. ``started(proc)``: called with the child once the request is sent; killing it (or
    closing its stdin) ends the review, and this then raises ApartError.

    Raises:
        OSError: the child could not be started.
        ApartError: the child failed ("Name: message" of its error, or its last words).
    """
    moves: list[MoveReview] = []

    def take(message: tuple) -> None:
        if message[0] == "progress" and progress is not None:
            progress(message[1], message[2])
        elif message[0] == "move":
            moves.append(message[1])
            if on_move is not None:
                on_move(message[1])

    facts = apart.run_apart("game.commands.review_apart", request, take, started=started, ended=lambda status: _(
        "The review's process ended (status {status}).").format(status=status))
    reviewed = Review(facts["rows"], facts["cols"], facts["mines"], facts["won"], moves, facts.get("unfinished"))
    return post_mortem(reviewed, facts["proof"]) if "proof" in facts else reviewed


def _work(request: dict, send) -> dict:
    """The child's work (game.commands.apart.serve): the review, each move and the progress
    sent as it goes; the review's facts (its moves were sent)."""
    answer = run(request, lambda done, total: send("progress", done, total), lambda move: send("move", move))
    reviewed = answer[0] if isinstance(answer, tuple) else answer
    facts = {"rows": reviewed.rows, "cols": reviewed.cols, "mines": reviewed.mines, "won": reviewed.won,
             "unfinished": reviewed.unfinished}
    if isinstance(answer, tuple):
        facts["proof"] = answer[2]
    return facts


def _child() -> int:
    """The child's side: the request from stdin, the messages to stdout (module docstring)."""
    return apart.serve(_work, lambda err: f"{type(err).__name__}: {err}")


if __name__ == "__main__":
    sys.exit(_child())
