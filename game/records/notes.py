"""The player's words for what the records return as data: why a win is left out of the
best times, and whether it counts as a win.

The records give reason keys (:meth:`GameRecord.exclusions`); the window's result panel
and the console say them with :func:`left_out`, so both tell the player the same thing, in
the language in use when it is called (the keys stay English: they are data).
"""

from __future__ import annotations

from game.i18n import N_, _, ngettext
from game.records.record import STANDARD_LEVELS, GameRecord

REASONS = {  # GameRecord.exclusions() key -> why, in words (translated where it is said)
    "hints": N_("a hint was used"),
    "autoplay": N_("autoplay played"),
    "probabilities": N_("the probability overlay was on"),
    "layout_known": N_("the board was known beforehand (a retry, a loaded board or a chosen --seed)"),
    "code": N_("the board was played from a board code, known beforehand"),
    "trial": N_("the board was a time trial's, known from its trial code (ranked on the Trials page)"),
    "daily": N_("the board was a daily board, the same for every player (ranked on the Daily page)"),
    "filtered": N_("the board was dealt by the 3BV filter (ranked apart)"),
    "race": N_("the game was a race against a replay's ghost"),
    "position": N_("the game was played from a position, recorded apart"),
}
UNDONE = N_("A game with an undo: left out of played, won, streaks and best times.")  # GameRecord.undos > 0
UNDONE_LOSS = N_("Played on after its loss was taken back: this game counts as that loss, "
                 "never as a win nor in the best times.")  # GameRecord.counted_loss, whatever the result
SCRIPTED = N_("Read from a pipe or a file, not typed in a terminal: recorded as a script's game, left out of "
               "played, won, streaks and best times.")  # GameRecord.scripted, whatever the result
ASSISTED = N_("Assisted win: counted as played, not won.")
POSITION = N_("Played from a position: recorded apart, left out of played, won, streaks and best "
              "times.")  # GameRecord.position, whatever the result


def left_out(record: GameRecord | None) -> str | None:
    """For a win that may not enter the best times, one line saying why, else None.

    A console game read from a pipe or a file (a script's) gets SCRIPTED, a game played from
    a position (``position``) POSITION; a game with an
    undo (won, lost or abandoned) gets UNDONE_LOSS when it was lost before the undo (it counts
    as that loss: ``counted_loss``), else UNDONE (it counts in no statistic at all): the
    player should be told either whatever its result.

    An assisted win (a hint, autoplay, the overlay) also says that it counts as played
    but not as won. Losses and abandoned games get None: no best time was at stake; so
    does a custom board, which has no best times at all (an assisted one says only that
    it is assisted).
    """
    if record is not None and record.scripted:
        return _(SCRIPTED)
    if record is not None and record.position:
        return _(POSITION)
    if record is not None and record.undos:
        return _(UNDONE_LOSS) if record.counted_loss else _(UNDONE)
    if record is None or not record.won:
        return None
    assisted = _(ASSISTED)
    if record.level not in STANDARD_LEVELS:
        return assisted if record.assisted else None
    reasons = [reason(key, record.hints_used) for key in record.exclusions() if key in REASONS]
    if not reasons:
        return None
    # TRANSLATORS: {reasons} is one or more of the reasons above, joined by "; "
    text = _("Not a best time: {reasons}.").format(reasons="; ".join(reasons))
    return f"{assisted} {text}" if record.assisted else text


def reason(key: str, hints: int = 0) -> str:
    """Reason ``key`` (of REASONS) in words; for "hints", how many when more than one."""
    if key == "hints" and hints > 1:
        return ngettext("{count} hint was used", "{count} hints were used", hints).format(count=hints)
    return _(REASONS[key])
