"""The player's words for what the records return as data: why a win is left out of the
best times, and whether it counts as a win.

The records give reason keys (:meth:`GameRecord.exclusions`); the window's result panel
and the console say them with :func:`left_out`, so both tell the player the same thing.
"""

from __future__ import annotations

from game.records.record import STANDARD_LEVELS, GameRecord

REASONS = {  # GameRecord.exclusions() key -> why, in words
    "hints": "a hint was used",
    "autoplay": "autoplay played",
    "probabilities": "the probability overlay was on",
    "layout_known": "the board was known beforehand (a retry, a loaded board or a chosen --seed)",
}
UNDONE = ("Played on after an undo: left out of played, won, streaks and best times "
          "(the loss was counted).")  # GameRecord.undos > 0, whatever the result


def left_out(record: GameRecord | None) -> str | None:
    """For a win that may not enter the best times, one line saying why, else None.

    A game played on after an undo (won, lost or abandoned) gets UNDONE: it counts in no
    statistic at all, which the player should be told whatever its result.

    An assisted win (a hint, autoplay, the overlay) also says that it counts as played
    but not as won. Losses and abandoned games get None: no best time was at stake; so
    does a custom board, which has no best times at all (an assisted one says only that
    it is assisted).
    """
    if record is not None and record.undos:
        return UNDONE
    if record is None or not record.won:
        return None
    assisted = "Assisted win: counted as played, not won."
    if record.level not in STANDARD_LEVELS:
        return assisted if record.assisted else None
    reasons = [REASONS[key] for key in record.exclusions() if key in REASONS]
    if not reasons:
        return None
    hints = record.hints_used
    if hints > 1:
        reasons[reasons.index(REASONS["hints"])] = f"{hints} hints were used"
    text = "Not a best time: " + "; ".join(reasons) + "."
    return f"{assisted} {text}" if record.assisted else text
