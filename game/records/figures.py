"""The competitive statistics of a recorded game as text: the compact line of the result
panel and the console, and the full list behind the panel's Details. Facts in, words out; no
pygame. What each figure means: game.replay.events.ReplayStats and the README's
"Competitive statistics".
"""

from __future__ import annotations

from typing import Callable

from game.i18n import _
from game.records.record import GameRecord


def _num(value: float | None, digits: int) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def has_figures(record: GameRecord | None) -> bool:
    """True when ``record`` holds its competitive statistics."""
    return record is not None and record.clicks is not None


def compact_line(record: GameRecord) -> str:
    """``3BV/s 2.31  IOS 0.84  RQP 33.1  IOE 0.72`` (``-`` for a ratio that is undefined)."""
    return (f"3BV/s {_num(record.bbbv_per_s, 2)}  IOS {_num(record.ios, 2)}  "
            f"RQP {_num(record.rqp, 1)}  IOE {_num(record.ioe, 2)}")


def detail_lines(record: GameRecord, num: Callable[[float | None, int], str] = _num) -> list[str]:
    """Every figure, two short ones to a line so that each line fits a Beginner result panel
    (the 3BV solved is on the panel's first line), parts of a line set apart by two spaces
    (so a panel can break a line between them), in the language in use; ``num(value,
    digits)`` writes a number (the window passes one in the language's own format). Corr and
    Thrp are the competitive sites' abbreviations of correctness and throughput, the same in
    every language; L, R and D count left, right and double clicks (chords), of all clicks
    and of the effective ones (Eff.)."""
    r = record
    return [
        f"3BV/s {num(r.bbbv_per_s, 3)}  IOS {num(r.ios, 3)}",
        f"RQP {num(r.rqp, 2)}  IOE {num(r.ioe, 3)}",
        f"Corr {num(r.correctness, 3)}  Thrp {num(r.throughput, 3)}",
        f"ZiNi {r.zini}  HZiNi {r.hzini}",
        _("Openings {count}").format(count=r.openings) + "  " + _("Islands {count}").format(count=r.islands),
        # L, R and D: left, right and double clicks (chords)
        _("Clicks {total}: L{left} R{right} D{double}").format(
            total=r.clicks, left=r.left_clicks, right=r.right_clicks, double=r.double_clicks),
        _("Eff. {total}: L{left} R{right} D{double}").format(
            total=r.effective_clicks, left=r.left_effective, right=r.right_effective, double=r.double_effective),
        _("Flags {count}").format(count=r.flags) + "  " + _("Path {pixels} px").format(pixels=num(r.path_px, 0)),
    ]
