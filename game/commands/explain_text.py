"""The solver's explanations in words: a :class:`game.solver.reasons.Reason` (a kind and its
facts) turned into a sentence in the language in use.

The solver returns data (why a cell is safe, why a guess is the best one, why an analysis is
estimated) and knows no language; this module is the one place that words it, for the hint
panel, ``--analyse`` and ``--review`` and the window's review and post-mortem. JSON output is
a contract and stays English whatever the language: :func:`english` renders with the English
catalogue (``game.i18n.speaking``) without touching the language in use. No pygame here.
"""

from __future__ import annotations

from typing import Callable, TypeVar

from babel.lists import format_list

from game import i18n
from game.i18n import _, count, locale_name, ngettext, percent
from game.solver.problem import fmt
from game.solver.reasons import (BEST_GUESS, CLOSED_AREA, COUNT_MISMATCH, ENDGAME, ESTIMATED_GROUP,
                                 FIFTY_FIFTY, MINE_BY_LAYOUTS, MINE_BY_NUMBER, MINE_BY_NUMBERS, NO_FIT, NOTHING_LEFT, OVER_FLAGGED, SAFE_BY_COUNT, SAFE_BY_FLAGS,
                                 SAFE_BY_LAYOUTS, SAFE_BY_NUMBERS, SAFE_BY_PAIR_MINES, SAFE_BY_PAIR_SHARE,
                                 SAFE_BY_ZERO, SAFE_MOVE, TOO_BIG, TOO_FEW_COVERED, TOO_MANY_FLAGS, Reason)

T = TypeVar("T")


def in_language(code: str, render: Callable[..., T], *args) -> T:
    """``render(*args)`` worded in language ``code`` (see :func:`game.i18n.speaking`)."""
    with i18n.speaking(code):
        return render(*args)


def english(render: Callable[..., T], *args) -> T:
    """``render(*args)`` in English whatever the language in use: for JSON output."""
    return in_language(i18n.DEFAULT, render, *args)


def chance(p: float, places: int = 1) -> str:
    """``p`` (0..1) as a percent with ``places`` decimals in the language's format
    (game.i18n.percent: "12.5%" / "12,5 %"), never rounded to a certainty it is not:
    0.999994 reads "over 99.9%" and 0.00001 "under 0.1%" (with 0 places "over 99%" and
    "under 1%"); exactly 0 and 1 read 0.0% and 100.0%."""
    text = f"{p:.{places}%}"
    step = 10.0 ** -places / 100  # the smallest fraction shown
    if 0 < p < 1 and text == f"{1:.{places}%}":
        return _("over {percent}").format(percent=percent(1 - step, places))
    if 0 < p < 1 and text == f"{0:.{places}%}":
        return _("under {percent}").format(percent=percent(step, places))
    return percent(p, places)


def cells_text(cells) -> str:
    """Cells as a list in the language in use, sorted (game.solver.problem.fmt): "(0; 1), (2; 3),
    and (4; 5)" / "(0; 1), (2; 3) y (4; 5)" (Babel's list pattern, CLDR: issue 36)."""
    return format_list([fmt(c) for c in sorted(cells)], locale=locale_name())


def proof_text(proof) -> str:
    """Why a certain-safe cell is safe (a :class:`game.solver.explain.Proof`), as a clause
    starting in lower case without a full stop: "the 0 at (1; 1) touches no mine, so (0; 0) is safe"."""
    return reason_text(proof.reason)


def move_text(analysis) -> str:
    """The explanation of an :class:`game.solver.analysis.Analysis`'s best move: full
    sentences ("Safe: ...", "Guess: ..."); "" when the analysis has no reason."""
    return "" if analysis.reason is None else reason_text(analysis.reason)


def safe_text(proof) -> str:
    """A hint's sentence for the certain-safe cell ``proof`` explains: "Safe: the 0 at ... is safe."."""
    return reason_text(Reason(SAFE_MOVE, {"cell": proof.cell, "proof": proof}))


def impossible_text(err) -> str:
    """Why a position is impossible, from a :class:`game.solver.problem.InconsistentPosition`:
    its ``reason`` in words, or its English message when it carries none."""
    return str(err) if err.reason is None else reason_text(err.reason)


def approximation_text(reasons) -> str:
    """Why an analysis is approximate (its ``approximation``), "" when it is exact."""
    return "; ".join(reason_text(r) for r in reasons)


def reason_text(reason: Reason) -> str:
    """Any :class:`Reason` in words (see its docstring for the kinds).

    Raises:
        ValueError: an unknown kind.
    """
    try:
        words = _WORDS[reason.kind]
    except KeyError:
        raise ValueError(f"reason: unknown kind {reason.kind!r}") from None
    return words(reason)


# ----- certain-safe cells --------------------------------------------------------------------
def _zero(r: Reason) -> str:
    return _("the 0 at {at} touches no mine, so {cell} is safe").format(at=fmt(r["at"]), cell=fmt(r["cell"]))


def _flags(r: Reason) -> str:
    return ngettext("the {number} at {at} already touches its flagged mine at {flags}, so {cell} is safe",
                 "the {number} at {at} already touches its {flagged} flagged mines at {flags}, so {cell} is safe",
                 r["flagged"]).format(number=r["number"], at=fmt(r["at"]), flagged=r["flagged"],
                                      flags=cells_text(r["flags"]), cell=fmt(r["cell"]))


def _pair_mines(r: Reason) -> str:
    covered = r["covered"]
    deduced = ngettext("the {number} at {at} has only {count} covered neighbour left, {cells}, so it is a mine",
                    "the {number} at {at} has only {count} covered neighbours left, {cells}, so they are all mines",
                    len(covered)).format(number=r["number"], at=fmt(r["at"]), count=len(covered),
                                         cells=cells_text(covered))
    done = ngettext("the {number} at {at} already touches its mine at {cells}, so {cell} is safe",
                 "the {number} at {at} already touches its mines at {cells}, so {cell} is safe",
                 r["other_need"]).format(number=r["other"], at=fmt(r["other_at"]),
                                         cells=cells_text(r["shared"]), cell=fmt(r["cell"]))
    return f"{deduced}; {done}"


def _pair_share(r: Reason) -> str:
    other = {"other": r["other"], "other_at": fmt(r["other_at"])}
    needs = ngettext("the {number} at {at} needs {need} more mine among {cells}",
                  "the {number} at {at} needs {need} more mines among {cells}",
                  r["need"]).format(number=r["number"], at=fmt(r["at"]), need=r["need"], cells=cells_text(r["among"]))
    if r["outside"] == 0:
        where = _("all of which also touch the {other} at {other_at}").format(**other)
    else:
        where = ngettext("at most {outside} of them outside the cells it shares with the {other} at {other_at}",
                         "at most {outside} of them outside the cells it shares with the {other} at {other_at}",
                         r["outside"]).format(outside=r["outside"], **other)
    gets = ngettext("so the {number} at {at} gets the mine it still needs among {cells}, and {cell} is safe",
                 "so the {number} at {at} gets the {need} mines it still needs among {cells}, and {cell} is safe",
                 r["other_need"]).format(number=r["other"], at=fmt(r["other_at"]), need=r["other_need"],
                                         cells=cells_text(r["shared"]), cell=fmt(r["cell"]))
    return f"{needs}, {where}; {gets}"


def _numbers(r: Reason) -> str:
    numbers = format_list([_("the {number} at {at}").format(number=n, at=fmt(at)) for n, at in r["numbers"]],
                          locale=locale_name())
    return ngettext("taken together, {numbers} leave no room for a mine at {cell}: every way to place their "
                    "mines among their {covered} covered neighbour leaves it empty, so {cell} is safe",
                    "taken together, {numbers} leave no room for a mine at {cell}: every way to place their "
                    "mines among their {covered} covered neighbours leaves it empty, so {cell} is safe",
                    r["covered"]).format(numbers=numbers, cell=fmt(r["cell"]), covered=count(r["covered"]))


def _flagged(n: int) -> str:
    """"1 flagged", "2 flagged": a count of flagged mines, agreeing with it."""
    return ngettext("{count} flagged", "{count} flagged", n).format(count=count(n))


def _count(r: Reason) -> str:
    needed = ngettext("{count} that the numbers need on their covered neighbours",
                      "{count} that the numbers need on their covered neighbours", r["needed"]).format(
        count=count(r["needed"]))
    return ngettext("the only mine is accounted for: {flagged} and {needed}, so {cell}, which touches no "
                    "number, is safe",
                    "all {total} mines are accounted for: {flagged} and {needed}, so {cell}, which touches no "
                    "number, is safe",
                    r["total"]).format(total=count(r["total"]), flagged=_flagged(r["flagged"]), needed=needed,
                                       cell=fmt(r["cell"]))


def _layouts(r: Reason) -> str:
    total = ngettext("with {total} mine in all ({flagged})", "with {total} mines in all ({flagged})",
                     r["total"]).format(total=count(r["total"]), flagged=_flagged(r["flagged"]))
    return ngettext("counting mines decides it: {total}, the only layout that fits the numbers and the count "
                    "leaves {cell} empty, so it is safe",
                    "counting mines decides it: {total}, every one of the {layouts} layouts that fit the numbers "
                    "and the count leaves {cell} empty, so it is safe",
                    r["layouts"]).format(total=total, layouts=count(r["layouts"]), cell=fmt(r["cell"]))


# ----- certain mines (a mistake in the review) -----------------------------------------------
def _mine_number(r: Reason) -> str:
    return ngettext("the {number} at {at} has only {covered} covered neighbour left, and it needs it as "
                    "a mine, so {cell} was a mine",
                    "the {number} at {at} has only {covered} covered neighbours left, and it needs them all "
                    "as mines, so {cell} was a mine", r["covered"]).format(
        number=r["number"], at=fmt(r["at"]), covered=count(r["covered"]), cell=fmt(r["cell"]))


def _mine_numbers(r: Reason) -> str:
    numbers = format_list([_("the {number} at {at}").format(number=n, at=fmt(at)) for n, at in r["numbers"]],
                          locale=locale_name())
    return _("taken together, {numbers} need a mine at {cell}: every way to place their mines among "
             "their {covered} covered neighbours puts one there, so {cell} was a mine").format(
        numbers=numbers, cell=fmt(r["cell"]), covered=count(r["covered"]))


def _mine_layouts(r: Reason) -> str:
    return _("counting mines decides it: with {total} mines in all, every one of the {layouts} layouts "
             "that fit the numbers and the count puts a mine at {cell}, so it was a mine").format(
        total=count(r["total"]), layouts=count(r["layouts"]), cell=fmt(r["cell"]))


# ----- the best move -------------------------------------------------------------------------
def _with_note(r: Reason, body: str) -> str:
    """``body`` (a sentence without its full stop), then the move's note if any, and the stop."""
    note = r.get("note")
    if note is not None:
        body = f"{body}; {reason_text(note)}"
    return f"{body}."


def _nothing(r: Reason) -> str:
    return _("Nothing is left to reveal: every covered cell is a mine.")


def _safe_move(r: Reason) -> str:
    return _with_note(r, _("Safe: {proof}").format(proof=proof_text(r["proof"])))


def _endgame(r: Reason) -> str:
    return _with_note(r, ngettext(
        "Guess: no cell is certain to be safe. Only {layouts} mine layout remains, so the rest of the game "
        "was searched exactly: revealing {cell} (safe with chance {survival}) wins {win} of the time with "
        "best play, more than any other cell",
        "Guess: no cell is certain to be safe. Only {layouts} mine layouts remain, so the rest of the game "
        "was searched exactly: revealing {cell} (safe with chance {survival}) wins {win} of the time with "
        "best play, more than any other cell", r["layouts"]).format(
            layouts=count(r["layouts"]), cell=fmt(r["cell"]), survival=chance(r["survival"]), win=chance(r["win"])))


def _guess(r: Reason) -> str:
    text = _("Guess: no cell is certain to be safe. {cell} survives with chance {survival}").format(
        cell=fmt(r["cell"]), survival=chance(r["survival"]))
    if r["safest"]:
        text = _("{guess}, the lowest mine probability on the board").format(guess=text)
    else:
        text = _("{guess} (the safest cell survives with {safest})").format(
            guess=text, safest=chance(r["safest_survival"]))
    if r.get("progress") is not None:
        text = _("{guess}; after it, a certain-safe cell follows with chance {progress} and the next move "
                   "is safe with chance {next}").format(guess=text, progress=percent(r["progress"], 0),
                                                         next=percent(r["next_safety"], 0))
        if r.get("runner") is not None:
            text = _("{guess}, the best combination among the {weighed} cells weighed (next best {runner}: "
                       "survival {survival}, progress {progress})").format(
                guess=text, weighed=count(r["weighed"]), runner=fmt(r["runner"]),
                survival=chance(r["runner_survival"]), progress=percent(r["runner_progress"], 0))
    return _with_note(r, text)


def _fifty(r: Reason) -> str:
    return _("{cell} and {other} hold one mine between them and no other cell can ever tell which, so this "
               "50/50 must be guessed anyway: guessing it now risks nothing more and its number helps the "
               "rest of the game").format(cell=fmt(r["cell"]), other=fmt(r["other"]))


def _closed(r: Reason) -> str:
    return ngettext("it lies in a closed-off area that no other cell can ever tell anything about, so that "
                    "area's guesses must be taken anyway; its {layouts} possible layout was searched exactly and "
                    "this reveal clears it {win} of the time with best play",
                    "it lies in a closed-off area that no other cell can ever tell anything about, so that "
                    "area's guesses must be taken anyway; its {layouts} possible layouts were searched exactly "
                    "and this reveal clears it {win} of the time with best play", r["layouts"]).format(
        layouts=count(r["layouts"]), win=percent(r["win"], 1))


def _too_big(r: Reason) -> str:
    return _("with {covered} covered cells the board is too big to look ahead within the time bound, so "
               "this is the safest cell most likely to open an area").format(covered=count(r["covered"]))


def _estimated(r: Reason) -> str:
    return _("a frontier group of {cells} cells had too many layouts to count within the time bound; "
               "its probabilities are estimates").format(cells=count(r["cells"]))


# ----- why a position is impossible ------------------------------------------------------------
def _too_many_flags(r: Reason) -> str:
    return ngettext("{flags} flags but the position has only {mines} mine (analyse with flags ignored if some "
                    "flags are wrong)",
                    "{flags} flags but the position has only {mines} mines (analyse with flags ignored if some "
                    "flags are wrong)", r["mines"]).format(flags=count(r["flags"]), mines=count(r["mines"]))


def _over_flagged(r: Reason) -> str:
    return ngettext("the {number} at {at} touches {flagged} flag, more than it shows",
                    "the {number} at {at} touches {flagged} flags, more than it shows", r["flagged"]).format(
        number=r["number"], at=fmt(r["at"]), flagged=r["flagged"])


def _too_few_covered(r: Reason) -> str:
    room = ngettext("{room} covered unflagged neighbour", "{room} covered unflagged neighbours", r["room"]).format(
        room=r["room"])
    return ngettext("the {number} at {at} needs {need} more mine but has only {room}",
                    "the {number} at {at} needs {need} more mines but has only {room}", r["need"]).format(
        number=r["number"], at=fmt(r["at"]), need=r["need"], room=room)


def _no_fit(r: Reason) -> str:
    numbers = ", ".join(_("{number} at {at}").format(number=n, at=fmt(c)) for n, c in r["numbers"])
    if r["more"]:
        return ngettext("no mine layout fits the numbers {numbers} and {more} more",
                        "no mine layout fits the numbers {numbers} and {more} more", r["more"]).format(
            numbers=numbers, more=count(r["more"]))
    return _("no mine layout fits the numbers {numbers}").format(numbers=numbers)


def _count_mismatch(r: Reason) -> str:
    others = ngettext("{others} other covered cell can hold 0..{others}",
                      "{others} other covered cells can hold 0..{others}", r["others"]).format(
        others=count(r["others"]))
    left = ngettext("{left} mine remains unflagged", "{left} mines remain unflagged", r["left"]).format(
        left=count(r["left"]))
    if r["low"] == r["high"]:  # one number of mines, not a range ("1..1 mines")
        return ngettext("no mine layout fits the mine count: the numbers need {need} mine on the frontier and "
                        "{others}, but {left}",
                        "no mine layout fits the mine count: the numbers need {need} mines on the frontier and "
                        "{others}, but {left}", r["high"]).format(need=count(r["high"]), others=others, left=left)
    return _("no mine layout fits the mine count: the numbers need {low}..{high} mines on the frontier and "
             "{others}, but {left}").format(low=count(r["low"]), high=count(r["high"]), others=others, left=left)


_WORDS: dict[str, Callable[[Reason], str]] = {
    SAFE_BY_ZERO: _zero, SAFE_BY_FLAGS: _flags, SAFE_BY_PAIR_MINES: _pair_mines,
    SAFE_BY_PAIR_SHARE: _pair_share, SAFE_BY_NUMBERS: _numbers, SAFE_BY_COUNT: _count,
    SAFE_BY_LAYOUTS: _layouts, NOTHING_LEFT: _nothing, SAFE_MOVE: _safe_move, ENDGAME: _endgame,
    BEST_GUESS: _guess, FIFTY_FIFTY: _fifty, CLOSED_AREA: _closed, TOO_BIG: _too_big,
    ESTIMATED_GROUP: _estimated, TOO_MANY_FLAGS: _too_many_flags, OVER_FLAGGED: _over_flagged,
    TOO_FEW_COVERED: _too_few_covered, NO_FIT: _no_fit, COUNT_MISMATCH: _count_mismatch,
    MINE_BY_NUMBER: _mine_number, MINE_BY_NUMBERS: _mine_numbers, MINE_BY_LAYOUTS: _mine_layouts,
}
