"""``python main.py --review ID|last|FILE [--json]``: the review of a game, in words or JSON.

The facts come from :mod:`game.solver.review`; the words are here (one table of them,
:data:`VERDICT_WORDS`, ready for translation). A recorded game is reviewed from its move log
(game.records), a replay file (.evf, .avf, .rmv, .mvf) from its events as the replay viewer
interprets them (:class:`game.replay.player.Timeline`). Text: a line per move (time, move,
cell, verdict, mine probability and the lowest on the board), then the summary and the
game's statistics. ``--json``: one object (keys in the README's "Review" section). A game or
file that cannot be reviewed: one line on stderr and exit status 2. No pygame here.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from types import SimpleNamespace

from game import PROG
from game.explain_text import chance, english, proof_text
from game.records.figures import detail_lines
from game.records.record import STAT_FIELDS
from game.replay.files import ReplayFileError, read_replay
from game.replay.fromlog import LogError
from game.replay.player import Timeline, timeline_moves
from game.replay.sources import is_replay_file, recorded_game
from game.solver.problem import fmt
from game.solver.review import Review, review, review_log

VERDICT_WORDS = {"certain": "certain", "guess": "guess", "needless_guess": "NEEDLESS GUESS",
                 "mistake": "MISTAKE", "flag": "flag", "unflag": "flag off"}
KIND_WORDS = {"reveal": "reveal", "chord": "chord", "flag": "flag", "unflag": "unflag"}
# a recorded game's own figures shown besides the competitive ones (GameRecord fields)
RECORD_FIGURES = ("three_bv_solved", "clicks_reveal", "clicks_flag", "clicks_chord", "clicks_wasted",
                  "efficiency")


@dataclasses.dataclass
class Reviewed:
    """A review with what the report says about its game: ``title`` (which game),
    ``time_ms``, ``three_bv`` (None when unknown) and ``stats`` (name -> figure: the stored
    competitive statistics of a recorded game, or the replay file's, None where undefined)."""

    review: Review
    title: str
    time_ms: int
    three_bv: int | None
    stats: dict
    abandoned: bool = False  # a recorded game left after its first reveal (a loss)


def load_review(which: str, data_dir: str | None = None) -> Reviewed:
    """The review of ``which``: a replay file (by its extension) or a recorded game (id, last).

    Raises:
        LogError: no such game, no log, a damaged log, or neither a game nor a file.
        ReplayFileError: the file cannot be read.
    """
    if is_replay_file(which):
        replay = read_replay(which)
        try:
            reviewed = review_timeline(Timeline(replay))
        except ValueError as err:
            raise ReplayFileError(f"its moves cannot be reviewed ({err})") from None
        stats = dataclasses.asdict(replay.stats) if replay.stats is not None else {}
        made = f"{replay.file_format or 'replay'} file" + (f" by {replay.program}" if replay.program else "")
        return Reviewed(reviewed, f"{which} ({made})", replay.time_ms, replay.bbbv, stats)
    with recorded_game(which, data_dir) as (store, record):
        data = store.log(record.id)
        if data is None:
            raise LogError(f"game {record.id} has no move log (it was recorded before logs were kept)")
        try:
            reviewed = review_log(data)
        except (KeyError, TypeError, ValueError) as err:
            raise LogError(f"game {record.id}: its move log is damaged ({err})") from None
        stats = {name: getattr(record, name) for name in RECORD_FIGURES + tuple(STAT_FIELDS)}
        return Reviewed(reviewed, f"game {record.id} ({record.level}, {record.played_at[:16]})",
                        record.time_ms, record.three_bv, stats, bool(record.abandoned))


def review_timeline(timeline: Timeline) -> Review:
    """The review of a replay's :class:`Timeline`: one MoveReview per move the timeline
    shows (its ``index`` is the timeline's move index, its ``time_ms`` the replay's time, ms).

    Raises:
        ValueError: a move the review cannot place (as :func:`game.solver.review.review`).
    """
    replay = timeline.replay
    return review(replay.rows, replay.cols, replay.mines, timeline_moves(timeline))


def run_review(args) -> int:
    """``--review``: print the review (JSON with ``args.json``); 0, or 2 after one line on stderr."""
    try:
        reviewed = load_review(args.review, getattr(args, "data_dir", None))
    except (LogError, ReplayFileError) as err:
        print(f"{PROG}: error: --review {args.review}: {err}", file=sys.stderr)
        return 2
    print(json.dumps(to_json(reviewed)) if args.json else to_text(reviewed))
    return 0


def _p(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def to_json(reviewed: Reviewed) -> dict:
    """The review as JSON-able data (the README's "Review" section lists the keys)."""
    review = reviewed.review
    moves = []
    for m in review.moves:
        proof = None if m.proof is None else {
            "cell": list(m.proof.cell), "numbers": [list(c) for c in m.proof.numbers],
            "uses_count": m.proof.uses_count, "text": english(proof_text, m.proof)}
        moves.append({
            "index": m.index, "time_ms": m.time_ms, "kind": m.kind, "cell": list(m.cell),
            "verdict": m.verdict, "mine_probability": _p(m.mine_probability),
            "safest_probability": _p(m.safest_probability), "among_safest": m.among_safest,
            "safe_cells": [list(c) for c in m.safe_cells],
            "revealed": [[r, c, _p(p)] for (r, c), p in zip(m.revealed, m.probabilities)],
            "survival": _p(m.survival), "wrong_flag": m.wrong_flag, "exploded": m.exploded,
            "rule": m.rule, "proof": proof, "approximate": m.approximate})
    return {
        "game": reviewed.title, "rows": review.rows, "cols": review.cols, "mines": review.mines,
        "won": review.won, "time_ms": reviewed.time_ms, "three_bv": reviewed.three_bv,
        "summary": {"guesses": review.guesses, "needless_guesses": review.needless_guesses,
                    "mistakes": review.mistakes, "luck": review.luck, "pluck": review.pluck,
                    "guesses_survived": review.guesses_survived},
        "stats": reviewed.stats, "moves": moves,
    }


def _plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else words or word + 's'}"


def to_text(reviewed: Reviewed) -> str:
    """The review in words: a line per move, then the summary and the statistics."""
    review = reviewed.review
    result = "won" if review.won else "abandoned" if reviewed.abandoned else "lost"
    lines = [f"Review of {reviewed.title}: {review.rows}x{review.cols}, {review.mines} mines, {result} "
             f"in {reviewed.time_ms / 1000:.3f} s" + (f", 3BV {reviewed.three_bv}" if reviewed.three_bv else ""),
             f"{'#':>4}  {'time':>9}  {'move':<6}  {'cell':<9}  {'verdict':<15}  mine probability"]
    for m in review.moves:
        lines.append(f"{m.index + 1:>4}  {m.time_ms / 1000:>7.3f} s  {KIND_WORDS[m.kind]:<6}  "
                     f"{fmt(m.cell):<9}  {VERDICT_WORDS[m.verdict]:<15}  {probability_words(m)}".rstrip())
    lines.append("")
    lines.append(f"Summary: {_plural(review.guesses, 'guess', 'guesses')}, "
                 f"{_plural(review.needless_guesses, 'needless guess', 'needless guesses')}, "
                 f"{_plural(review.mistakes, 'mistake')}; luck: {luck_words(review)}")
    for m in review.moves:
        said = explanation(m)
        if said:
            lines.append(f"{VERDICT_WORDS[m.verdict].capitalize()} at {m.time_ms / 1000:.3f} s: {said}")
    stats = reviewed.stats
    shown = []
    if stats.get("clicks_reveal") is not None:  # a recorded game's own counts
        shown.append(f"3BV solved {stats['three_bv_solved']}, clicks {stats['clicks_reveal']} reveal, "
                     f"{stats['clicks_flag']} flag, {stats['clicks_chord']} chord, {stats['clicks_wasted']} wasted"
                     + (f", efficiency {stats['efficiency']:.0f} %" if stats.get("efficiency") is not None else ""))
    if stats.get("clicks") is not None:  # the competitive figures, as the result panel's Details words them
        shown += detail_lines(SimpleNamespace(**stats))
    lines.append("Statistics: " + ("; ".join(shown) if shown else "none recorded for this game"))
    return "\n".join(lines)


def explanation(m) -> str:
    """Why move ``m`` (a MoveReview) got its verdict, in a sentence, for a needless guess (the
    simplest safe cell and its proof) or a mistake; "" for the others."""
    if m.verdict == "needless_guess" and m.proof is not None:
        return (f"{fmt(m.proof.cell)} was certainly safe ({_plural(len(m.safe_cells), 'safe cell')} "
                f"then): {proof_text(m.proof)}.")
    if m.verdict == "mistake":
        return f"the {KIND_WORDS[m.kind]} at {fmt(m.cell)} was certain to reveal a mine."
    return ""


def luck_words(review: Review) -> str:
    """The summary's luck: "survived 3 guesses with chance 12% (1 in 8.3, pluck 0.92)"."""
    return (f"survived {_plural(review.guesses_survived, 'guess', 'guesses')} with chance "
            f"{chance(review.luck, 2)}" + (f" (1 in {_odds(1 / review.luck)}, pluck {review.pluck:.2f})"
                                          if review.luck < 1 else ""))


def _odds(value: float) -> str:
    """``1.5``, ``23``, ``1,234``: one decimal below 10, where rounding would hide it."""
    return f"{value:.1f}" if value < 10 else f"{value:,.0f}"


def probability_words(m) -> str:
    """Move ``m``'s mine probability in words, with the lowest on the board for a guess ("" for a
    flag that was not wrong)."""
    if m.kind in ("flag", "unflag"):
        return "wrong flag: the cell was certainly safe" if m.wrong_flag else ""
    if m.rule == "first_click":
        return "0.0% (first click: the rule keeps it safe)"
    what = chance(m.mine_probability)
    if m.kind == "chord" and len(m.revealed) > 1 and m.verdict != "certain":
        what = f"{what} that one of its {len(m.revealed)} cells is a mine"
    if m.verdict in ("guess", "needless_guess"):
        what += " (the safest on the board)" if m.among_safest else f" (safest on the board {chance(m.safest_probability)})"
    return what


# ----- the post-mortem of a loss (the window's result panel says these) -----------------------
def fatal_move(review: Review):
    """The move that lost ``review``'s game (a MoveReview with ``exploded``), or None."""
    return next((m for m in reversed(review.moves) if m.exploded), None)


def loss_line(review: Review) -> str:
    """What lost the game, in one line: "Forced guess: no cell was safe; you survived 7
    guesses (luck 1 in 23)", "Needless guess: (4,7) was certainly safe", "Mistake: (2,3) was
    certainly a mine" (a chord: "the chord at (2,3) was certain to reveal a mine"); "" when
    the game was not lost on a move."""
    m = fatal_move(review)
    if m is None:
        return ""
    if m.verdict == "guess":
        survived = review.guesses_survived
        if not survived:
            return "Forced guess: no cell was safe; it was your first guess"
        luck = f" (luck 1 in {_odds(1 / review.luck)})" if review.luck < 1 else ""
        return f"Forced guess: no cell was safe; you survived {_plural(survived, 'guess', 'guesses')}{luck}"
    if m.verdict == "needless_guess":
        safe = m.proof.cell if m.proof is not None else m.safe_cells[0]
        return f"Needless guess: {fmt(safe)} was certainly safe"
    if m.verdict == "mistake":
        if m.kind == "chord":
            return f"Mistake: the chord at {fmt(m.cell)} was certain to reveal a mine"
        return f"Mistake: {fmt(m.cell)} was certainly a mine"
    return f"Lost at {fmt(m.cell)}"  # not a verdict an exploding move gets, unless estimated


def loss_details(review: Review, proof=None) -> list[str]:
    """The post-mortem's lines after :func:`loss_line`: the fatal move and its mine
    probability then, how many cells were certainly safe, and the explanation of the
    simplest (``proof``, else the review's own for a needless guess). [] without a loss."""
    m = fatal_move(review)
    if m is None:
        return []
    proof = proof or m.proof
    lines = [f"The fatal {KIND_WORDS[m.kind]} at {fmt(m.cell)}: mine probability {probability_words(m)}"]
    if m.approximate:
        lines.append("(probabilities estimated: the frontier was too large to count)")
    if m.safe_cells:
        lines.append(f"{_plural(len(m.safe_cells), 'cell was', 'cells were')} certainly safe then")
    else:
        lines.append("No cell was certainly safe then")
    if proof is not None:
        said = proof_text(proof)
        lines.append(f"{fmt(proof.cell)} was safe: {said[:1].upper()}{said[1:]}.")
    return lines
