"""The player's words for what the records return as data: why a win is left out of the
best times, and whether it counts as a win.

The records give reason keys (:meth:`GameRecord.exclusions`); the window's result panel
and the console say them with :func:`left_out`, so both tell the player the same thing.
"""

from __future__ import annotations

from game.records.record import GameRecord

REASONS = {  # GameRecord.exclusions() key -> why, in words
    "custom": "custom boards have no best times",
    "hints": "a hint was used",
    "autoplay": "autoplay played",
    "probabilities": "the probability overlay was on",
    "layout_known": "the board was known beforehand (a retry, a loaded board or a chosen --seed)",
}


def left_out(record: GameRecord | None) -> str | None:
    """For a win that may not enter the best times, one line saying why, else None.

    An assisted win (a hint, autoplay, the overlay) also says that it counts as played
    but not as won. Losses and abandoned games get None: no best time was at stake.
    """
    if record is None or not record.won:
        return None
    reasons = [REASONS[key] for key in record.exclusions() if key in REASONS]
    if not reasons:
        return None
    hints = record.hints_used
    if hints > 1:
        reasons[reasons.index(REASONS["hints"])] = f"{hints} hints were used"
    text = "Not a best time: " + "; ".join(reasons) + "."
    if record.assisted:
        text = "Assisted win: counted as played, not won. " + text
    return text
