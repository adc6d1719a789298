"""``python main.py --review ID|last|FILE [--json]``: the review of a game, in words or JSON.

The facts come from :mod:`game.solver.review`; the words are here, in the language in use
(the verdicts' and moves' words in :data:`VERDICT_WORDS` and :data:`KIND_WORDS`, marked
for translation; a proof's words are game.commands.explain_text's), except the JSON, English always. A recorded game is reviewed from its move log
(game.records), a replay file (.evf, .avf, .rmv, .mvf) from its events as the replay viewer
interprets them (:class:`game.replay.player.Timeline`). Text: a line per move (time, move,
cell, verdict, mine probability and the lowest on the board), then the summary and the
game's statistics. ``--json``: one object (keys in docs/review-and-solver.md, "Review"). A game or
file that cannot be reviewed: one line on stderr and exit status 2. No pygame here.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from types import SimpleNamespace

from game.commands.cli import command_budget
from game.commands.explain_text import chance, english, proof_text
from game.figures import detail_lines
from game.i18n import N_, _, count, date_text, level_name, ngettext, number, short_number
from game.messages import describe, error_line, file_name
from game.records.compstats import FIGURES_NOW_CELLS, compute
from game.records.record import STAT_FIELDS
from game.replay.events import ReplayStats
from game.replay.files import NoLibraryError, ReplayFileError, read_replay
from game.replay.fromlog import LogError, recorded_log
from game.replay.player import Timeline, timeline_moves
from game.replay.sources import is_replay_file
from game.commands.replay_commands import recorded_game
from game.solver.problem import fmt
from game.solver.review import Review, review, review_log

# a verdict and a move's kind in a word (marked: translate with _() where shown)
VERDICT_WORDS = {"certain": N_("certain"), "forced_guess": N_("forced 50/50"), "guess": N_("guess"),
                 "needless_guess": N_("NEEDLESS GUESS"), "mistake": N_("MISTAKE"), "flag": N_("flag"),
                 "unflag": N_("flag off")}
RESULT_WORDS = {"won": N_("won"), "lost": N_("lost"), "abandoned": N_("abandoned")}  # the heading's
KIND_WORDS = {"reveal": N_("reveal"), "chord": N_("chord"), "flag": N_("flag"), "unflag": N_("unflag")}
EXPLAINED_AT = {"needless_guess": N_("Needless guess at {seconds} s: {explanation}"),
                "forced_guess": N_("Forced 50/50 at {seconds} s: {explanation}"),
                "mistake": N_("Mistake at {seconds} s: {explanation}")}  # the text's explained verdicts
MISTAKE_WORDS = {"reveal": N_("the reveal at {cell} was certain to reveal a mine."),
                 "chord": N_("the chord at {cell} was certain to reveal a mine.")}
MISTAKE_PROVEN = {"reveal": N_("the reveal at {cell} was certain to reveal a mine: {proof}."),
                  "chord": N_("the chord at {cell} was certain to reveal a mine: {proof}.")}
FIFTY_WORDS = N_("{cell} and {other} held one mine between them, and no move could ever tell which: "
                 "an unavoidable 50/50, to be guessed sooner or later.")
FATAL_WORDS = {"reveal": N_("The fatal reveal at {cell}: mine probability {probability}"),
               "chord": N_("The fatal chord at {cell}: mine probability {probability}")}
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
    heading: str = ""  # ``title`` in the language in use when it was loaded, for the text (JSON keeps title)
    code: str | None = None  # a recorded game's board code (GameRecord.code; docs/board-codes.md), None when none


def load_review(which: str, data_dir: str | None = None, budget: float | None = None) -> Reviewed:
    """The review of ``which``: a replay file (by its extension) or a recorded game (id, last).

    budget: seconds the review may take (game.solver.review.review's; None: no limit).
    Raises:
        LogError: no such game, no log, a damaged log, or neither a game nor a file.
        ReplayFileError: the file cannot be read.
    """
    if is_replay_file(which):
        replay = read_replay(which)
        try:
            reviewed = review_timeline(Timeline(replay), budget=budget)
        except ValueError as err:
            raise ReplayFileError(N_("its moves cannot be reviewed ({error})"), error=err) from None
        stats = dataclasses.asdict(replay.stats) if replay.stats is not None else {}
        made = f"{replay.file_format or 'replay'} file" + (f" by {replay.program}" if replay.program else "")
        if replay.program:
            words = _("{format} file by {program}").format(format=replay.file_format or _("replay"),
                                                          program=replay.program)
        else:
            words = _("{format} file").format(format=replay.file_format or _("replay"))
        return Reviewed(reviewed, f"{which} ({made})", replay.time_ms, replay.bbbv, stats,
                        heading=f"{file_name(which)} ({words})")
    with recorded_game(which, data_dir) as (store, record):
        data = recorded_log(store, record)
        try:
            reviewed = review_log(data, budget=budget)
        except (KeyError, TypeError, ValueError) as err:
            raise LogError(N_("game {id}: its move log is damaged ({error})"), id=record.id, error=str(err)) from None
        stats = {name: getattr(record, name) for name in RECORD_FIGURES + tuple(STAT_FIELDS)}
        if stats["clicks"] is None:  # not computed yet: worked out now, so the clicks are counted by button
            stats.update(figures_now(record, data))
        when = f"{record.level}, {record.played_at[:16]}"  # the JSON's, language-neutral
        words = f"{level_name(record.level)}, {date_text(record.played_at, with_time=True)}"
        return Reviewed(reviewed, f"game {record.id} ({when})", record.time_ms, record.three_bv, stats,
                        bool(record.abandoned), heading=_("game {id} ({when})").format(id=record.id, when=words),
                        code=record.code)


def figures_now(record, log: dict) -> dict:
    """The competitive figures (game.figures, by name) of a recorded game that has none stored
    (left for later: a console game's on a big board, or recorded without ms-toollib), worked
    out now as the records compute them (game.records.compstats.compute) but not stored: {}
    on a board of more than FIGURES_NOW_CELLS cells (the player would wait), without
    ms-toollib, or for a log it cannot replay."""
    if record.rows * record.cols > FIGURES_NOW_CELLS:
        return {}
    try:
        (result,) = compute([(record, log)])
    except NoLibraryError:
        return {}
    return {name: getattr(result, name) for name in STAT_FIELDS} if isinstance(result, ReplayStats) else {}


def review_timeline(timeline: Timeline, progress=None, budget: float | None = None) -> Review:
    """The review of a replay's :class:`Timeline`: one MoveReview per move the timeline
    shows (its ``number`` is the timeline's move index + 1, its ``time_ms`` the replay's
    time, ms; its ``index``, the timeline's move index, or for a recorded game's timeline
    that holds its log (game.replay.player.LogTimeline.log) the move's place in the log, as
    ``--review`` reviews it: game.solver.review.review_log). ``progress``, ``budget``: as
    game.solver.review.review's.

    Raises:
        ValueError: a move the review cannot place (as :func:`game.solver.review.review`).
    """
    if getattr(timeline, "log", None) is not None:
        return review_log(timeline.log, progress=progress, budget=budget)
    replay = timeline.replay
    return review(replay.rows, replay.cols, replay.mines, timeline_moves(timeline), progress=progress,
                  budget=budget)


def run_review(args) -> int:
    """``--review``: print the review (JSON with ``args.json``); 0, or 2 after one line on stderr.
    The review stops after ``args.budget`` seconds (game.commands.cli.command_budget) and says which
    moves it left."""
    try:
        reviewed = load_review(args.review, getattr(args, "data_dir", None), command_budget(args))
    except (LogError, ReplayFileError) as err:
        print(error_line(f"--review {file_name(args.review)}: {describe(err)}"), end="", file=sys.stderr)
        return 2
    print(json_text(reviewed) if args.json else to_text(reviewed))
    return 0


def _p(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def _unsigned_zeros(data):
    """``data`` (JSON-able) with every float -0.0 written 0.0: a reader should never meet
    ``"pluck": -0.0``."""
    if isinstance(data, float):
        return data + 0.0  # -0.0 + 0.0 is 0.0; any other value is itself
    if isinstance(data, dict):
        return {key: _unsigned_zeros(value) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [_unsigned_zeros(value) for value in data]
    return data


def to_json(reviewed: Reviewed) -> dict:
    """The review as JSON-able data (docs/review-and-solver.md lists the keys); no
    number in it is -0.0."""
    return _unsigned_zeros(_review_data(reviewed))


def json_text(reviewed: Reviewed) -> str:
    """``json.dumps(to_json(reviewed))``, the same text, made a move at a time: a long game on
    a big board lists thousands of safe cells a move, and the whole review as Python lists
    first (then copied without -0.0) took hundreds of MB (docs/big-boards.md, "Reviews and
    analyses")."""
    head = json.dumps(_unsigned_zeros(_review_data(reviewed, moves=_MOVES)))
    moves = ", ".join(json.dumps(_unsigned_zeros(_move_data(m))) for m in reviewed.review.moves)
    return head.replace(json.dumps(_MOVES), f"[{moves}]", 1)


_MOVES = "\0moves\0"  # where json_text puts the moves it writes itself


def _move_data(m) -> dict:
    proof = None if m.proof is None else {
        "cell": list(m.proof.cell), "numbers": [list(c) for c in m.proof.numbers],
        "uses_count": m.proof.uses_count, "text": english(proof_text, m.proof)}
    return {
        "number": m.number, "index": m.index, "time_ms": m.time_ms, "kind": m.kind, "cell": list(m.cell),
        "verdict": m.verdict, "mine_probability": _p(m.mine_probability),
        "safest_probability": _p(m.safest_probability), "among_safest": m.among_safest,
        "safe_cells": [list(c) for c in m.safe_cells],
        "revealed": [[r, c, _p(p)] for (r, c), p in zip(m.revealed, m.probabilities)],
        "survival": _p(m.survival), "wrong_flag": m.wrong_flag, "exploded": m.exploded,
        "rule": m.rule, "proof": proof, "approximate": m.approximate,
        "fifty": None if m.fifty is None else list(m.fifty)}


def _review_data(reviewed: Reviewed, moves=None) -> dict:
    """The review as JSON-able data; ``moves``, when given, stands in for the moves' list."""
    review = reviewed.review
    return {
        "game": reviewed.title, "rows": review.rows, "cols": review.cols, "mines": review.mines,
        "won": review.won, "time_ms": reviewed.time_ms, "three_bv": reviewed.three_bv, "code": reviewed.code,
        "summary": {"guesses": review.guesses, "forced_guesses": review.forced_guesses,
                    "needless_guesses": review.needless_guesses,
                    "mistakes": review.mistakes, "luck": review.luck, "pluck": review.pluck,
                    "guesses_survived": review.guesses_survived},
        "stats": reviewed.stats, "moves": [_move_data(m) for m in review.moves] if moves is None else moves,
        "unfinished": None if review.unfinished is None else {
            "first": review.unfinished.first, "last": review.unfinished.last, "moves": review.unfinished.count,
            "budget_seconds": review.unfinished.budget, "text": english(unfinished_words, review.unfinished)},
    }


def to_text(reviewed: Reviewed) -> str:
    """The review in words: a line per move, then the summary and the statistics."""
    review = reviewed.review
    end = "won" if review.won else "abandoned" if reviewed.abandoned else "lost"
    result = _(RESULT_WORDS[end])
    seconds = number(reviewed.time_ms / 1000, 3)
    heading = ngettext("Review of {game}: {rows}x{cols}, {mines} mine, {result} in {seconds} s",
                       "Review of {game}: {rows}x{cols}, {mines} mines, {result} in {seconds} s",
                       review.mines).format(
        game=reviewed.heading or reviewed.title, rows=review.rows, cols=review.cols, mines=count(review.mines),
        result=result, seconds=seconds)
    kind_w, verdict_w = column_widths()
    lines = [heading + (_(", 3BV {bv}").format(bv=reviewed.three_bv) if reviewed.three_bv else ""),
             "{0:>4}  {1:>9}  {2:<{kind_w}}  {3:<9}  {4:<{verdict_w}}  {5}".format(
                 "#", _("time"), _("move"), _("cell"), _("verdict"), _("mine probability"),
                 kind_w=kind_w, verdict_w=verdict_w)]
    for m in review.moves:
        lines.append(f"{m.number:>4}  {number(m.time_ms / 1000, 3):>7} s  {_(KIND_WORDS[m.kind]):<{kind_w}}  "
                     f"{fmt(m.cell):<9}  {_(VERDICT_WORDS[m.verdict]):<{verdict_w}}  {probability_words(m)}".rstrip())
    lines.append("")
    lines.append(summary_words(review))
    if review.unfinished is not None:
        lines.append(unfinished_words(review.unfinished))
    bounded = sum(m.approximate for m in review.moves)
    if bounded:
        lines.append(ngettext("{count} move was judged on estimated probabilities (a frontier too large to "
                              "count): called certain or a mistake only where the numbers prove it.",
                              "{count} moves were judged on estimated probabilities (a frontier too large to "
                              "count): called certain or a mistake only where the numbers prove it.",
                              bounded).format(count=bounded))
    for m in review.moves:
        said = explanation(m)
        if said:
            lines.append(_(EXPLAINED_AT[m.verdict]).format(seconds=number(m.time_ms / 1000, 3), explanation=said))
    stats = reviewed.stats
    shown = []
    efficiency = (_(", efficiency {efficiency} %").format(efficiency=number(stats["efficiency"], 0))
                  if stats.get("efficiency") is not None else "")
    if stats.get("clicks_reveal") is not None and stats.get("clicks") is not None:
        # a recorded game's own 3BV solved and efficiency; its clicks by button, as the window
        # and the console count them, are the competitive figures' (Details' "Clicks 12: L8 R3 D1")
        shown.append(_("3BV solved {solved}").format(solved=stats["three_bv_solved"]) + efficiency)
    elif stats.get("clicks_reveal") is not None:  # without its figures (not computed): the moves by kind
        shown.append(_("3BV solved {solved}, clicks {reveal} reveal, {flag} flag, {chord} chord, {wasted} wasted")
                     .format(solved=stats["three_bv_solved"], reveal=stats["clicks_reveal"],
                             flag=stats["clicks_flag"], chord=stats["clicks_chord"], wasted=stats["clicks_wasted"])
                     + efficiency)
    if stats.get("clicks") is not None:  # the competitive figures, as the result panel's Details words them
        shown += detail_lines(SimpleNamespace(**stats), _figure)
    lines.append(_("Statistics: {figures}").format(
        figures="; ".join(shown) if shown else _("none recorded for this game")))
    if reviewed.code is not None:  # anyone opens the same board with --code
        lines.append(_("Board code: {code}").format(code=reviewed.code))
    return "\n".join(lines)


ESTIMATED_LINE = N_("(probabilities estimated: the frontier was too large to count)")


def _figure(value: float | None, digits: int) -> str:
    """A competitive figure in the language's format (``-`` for none), for detail_lines."""
    return "-" if value is None else number(value, digits)


def column_widths() -> tuple[int, int]:
    """The text's move and verdict columns, characters: 6 and 15, or the longest word of the
    language in use (so the rows stay aligned in every language)."""
    return (max(6, *(len(_(word)) for word in KIND_WORDS.values())),
            max(15, *(len(_(word)) + 1 for word in VERDICT_WORDS.values())))


def summary_words(review: Review) -> str:
    """The text's summary: "Summary: 3 guesses, 1 forced 50/50, 1 needless guess, 0 mistakes;
    luck: ..."."""
    return _("Summary: {guesses}, {forced}, {needless}, {mistakes}; luck: {luck}").format(
        guesses=ngettext("{count} guess", "{count} guesses", review.guesses).format(count=review.guesses),
        forced=ngettext("{count} forced 50/50", "{count} forced 50/50s",
                        review.forced_guesses).format(count=review.forced_guesses),
        needless=ngettext("{count} needless guess", "{count} needless guesses",
                          review.needless_guesses).format(count=review.needless_guesses),
        mistakes=ngettext("{count} mistake", "{count} mistakes", review.mistakes).format(count=review.mistakes),
        luck=luck_words(review))


def unfinished_words(unfinished) -> str:
    """What a review left when its budget ran out (a game.solver.review.Unfinished), in a
    sentence: "Moves 12-40 not reviewed: the 25 s budget ran out (the summary counts the
    moves before them)."."""
    return ngettext("Move {first} not reviewed: the {budget} s budget ran out (the summary counts the moves "
                    "before it).",
                    "Moves {first}-{last} not reviewed: the {budget} s budget ran out (the summary counts the "
                    "moves before them).", unfinished.count).format(
        first=unfinished.first, last=unfinished.last, budget=short_number(unfinished.budget))


def explanation(m) -> str:
    """Why move ``m`` (a MoveReview) got its verdict, in a sentence, for a needless guess (the
    simplest safe cell and its proof), a forced 50/50 (its pair) or a mistake (why the cell was
    a mine); "" for the others."""
    if m.verdict == "needless_guess" and m.proof is not None:
        count = len(m.safe_cells)
        return ngettext("{cell} was certainly safe ({count} safe cell then): {proof}.",
                        "{cell} was certainly safe ({count} safe cells then): {proof}.", count).format(
            cell=fmt(m.proof.cell), count=count, proof=proof_text(m.proof))
    if m.verdict == "forced_guess" and m.fifty is not None:
        unproven = next(c for c in m.revealed if c not in m.safe_cells)
        return _(FIFTY_WORDS).format(cell=fmt(unproven), other=fmt(m.fifty))
    if m.verdict == "mistake":
        if m.proof is not None:
            return _(MISTAKE_PROVEN.get(m.kind, MISTAKE_PROVEN["reveal"])).format(cell=fmt(m.cell),
                                                                                   proof=proof_text(m.proof))
        return _(MISTAKE_WORDS.get(m.kind, MISTAKE_WORDS["reveal"])).format(cell=fmt(m.cell))
    return ""


def luck_words(review: Review) -> str:
    """The summary's luck: "survived 3 guesses with chance 12% (1 in 8.3, pluck 0.92)"."""
    survived = review.guesses_survived
    said = ngettext("survived {count} guess with chance {chance}", "survived {count} guesses with chance {chance}",
                    survived).format(count=survived, chance=chance(review.luck, 2))
    if review.luck < 1:
        said += _(" (1 in {odds}, pluck {pluck})").format(odds=_odds(1 / review.luck), pluck=number(review.pluck, 2))
    return said


def _odds(value: float) -> str:
    """``1.5``, ``23``, ``1,234`` (``1,5``, ``23``, ``1.234`` in Spanish): one decimal below 10,
    where rounding would hide it."""
    return number(value, 1) if value < 10 else number(value, 0, grouped=True)


def probability_words(m) -> str:
    """Move ``m``'s mine probability in words, with the lowest on the board for a guess ("" for a
    flag that was not wrong)."""
    if m.kind in ("flag", "unflag"):
        return _("wrong flag: the cell was certainly safe") if m.wrong_flag else ""
    if m.rule == "first_click":
        return _("{chance} (first click: the rule keeps it safe)").format(chance=chance(0.0))
    what = chance(m.mine_probability)
    if m.kind == "chord" and len(m.revealed) > 1 and m.verdict != "certain":
        what = _("{chance} that one of its {count} cells is a mine").format(chance=what, count=len(m.revealed))
    if m.verdict == "forced_guess" and m.fifty is not None:
        return _("{chance} (an unavoidable 50/50 with {other})").format(chance=what, other=fmt(m.fifty))
    if m.verdict in ("guess", "needless_guess"):
        what = (_("{chance} (the safest on the board)").format(chance=what) if m.among_safest else
                _("{chance} (safest on the board {safest})").format(chance=what, safest=chance(m.safest_probability)))
    return what


# ----- the post-mortem of a loss (the window's result panel says these) -----------------------
def fatal_move(review: Review):
    """The move that lost ``review``'s game (a MoveReview with ``exploded``), or None."""
    return next((m for m in reversed(review.moves) if m.exploded), None)


def loss_line(review: Review) -> str:
    """What lost the game, in one line: "Forced guess: no cell was safe; you survived 7
    guesses (luck 1 in 23)", "Forced 50/50: (3,4) or (3,5), and no move could ever tell which;
    ...", "Needless guess: (4,7) was certainly safe", "Mistake: (2,3) was
    certainly a mine" (a chord: "the chord at (2,3) was certain to reveal a mine"); "" when
    the game was not lost on a move."""
    m = fatal_move(review)
    if m is None:
        return ""
    survived = review.guesses_survived
    luck = _(" (luck 1 in {odds})").format(odds=_odds(1 / review.luck)) if review.luck < 1 else ""
    if m.verdict == "guess":
        if not survived:
            return _("Forced guess: no cell was safe; it was your first guess")
        return ngettext("Forced guess: no cell was safe; you survived {count} guess{luck}",
                        "Forced guess: no cell was safe; you survived {count} guesses{luck}",
                        survived).format(count=survived, luck=luck)
    if m.verdict == "forced_guess" and m.fifty is not None:
        cell = next(c for c in m.revealed if c not in m.safe_cells)
        if not survived:
            return _("Forced 50/50: {cell} or {other}, and no move could ever tell which; it was your first "
                     "guess").format(cell=fmt(cell), other=fmt(m.fifty))
        return ngettext("Forced 50/50: {cell} or {other}, and no move could ever tell which; you survived "
                        "{count} guess{luck}",
                        "Forced 50/50: {cell} or {other}, and no move could ever tell which; you survived "
                        "{count} guesses{luck}", survived).format(cell=fmt(cell), other=fmt(m.fifty),
                                                                   count=survived, luck=luck)
    if m.verdict == "needless_guess":
        safe = m.proof.cell if m.proof is not None else m.safe_cells[0]
        return _("Needless guess: {cell} was certainly safe").format(cell=fmt(safe))
    if m.verdict == "mistake":
        if m.kind == "chord":
            return _("Mistake: the chord at {cell} was certain to reveal a mine").format(cell=fmt(m.cell))
        return _("Mistake: {cell} was certainly a mine").format(cell=fmt(m.cell))
    return _("Lost at {cell}").format(cell=fmt(m.cell))  # not a verdict an exploding move gets, unless estimated


def loss_details(review: Review, proof=None, where: str = "") -> list[str]:
    """The post-mortem's lines after :func:`loss_line`: the fatal move and its mine
    probability then; after a mistake, first why the cell it revealed was a mine (the review's
    proof); how many cells were certainly safe (then ``where``, e.g. the window's "(green
    rings)", when there are some), and the explanation of the simplest (``proof``, else the
    review's own for a needless guess). [] without a loss."""
    m = fatal_move(review)
    if m is None:
        return []
    lines = [_(FATAL_WORDS.get(m.kind, FATAL_WORDS["reveal"])).format(cell=fmt(m.cell),
                                                                      probability=probability_words(m))]
    if m.verdict == "mistake" and m.proof is not None:
        said = proof_text(m.proof)
        lines.append(_("Why {cell} was a mine: {proof}.").format(cell=fmt(m.proof.cell), proof=said))  # (no capital after a colon)
    elif m.verdict == "forced_guess":
        lines.append(explanation(m))
    proof = proof or (m.proof if m.verdict == "needless_guess" else None)
    if m.approximate:
        lines.append(_(ESTIMATED_LINE))
    if m.safe_cells:
        count = len(m.safe_cells)
        said = ngettext("{count} cell was certainly safe then", "{count} cells were certainly safe then",
                        count).format(count=count)
        lines.append(f"{said} {where}" if where else said)
    else:
        lines.append(_("No cell was certainly safe then"))
    if proof is not None:
        said = proof_text(proof)
        lines.append(_("{cell} was safe: {proof}.").format(cell=fmt(proof.cell), proof=said))
    return lines
