"""The competitive statistics of a recorded game as text: the compact line of the result
panel and the console, and the full list behind the panel's Details. Facts in, words out; no
pygame. What each figure means: game.replay.events.ReplayStats and the README's
"Competitive statistics".
"""

from __future__ import annotations

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


def detail_lines(record: GameRecord) -> list[str]:
    """Every figure, two short ones to a line so that each line fits a Beginner result panel
    (the 3BV solved is on the panel's first line). Corr and Thrp are the competitive sites'
    abbreviations of correctness and throughput; L, R and D count left, right and double
    clicks (chords), of all clicks and of the effective ones (Eff.)."""
    return [
        f"3BV/s {_num(record.bbbv_per_s, 3)}  IOS {_num(record.ios, 3)}",
        f"RQP {_num(record.rqp, 2)}  IOE {_num(record.ioe, 3)}",
        f"Corr {_num(record.correctness, 3)}  Thrp {_num(record.throughput, 3)}",
        f"ZiNi {record.zini}  HZiNi {record.hzini}",
        f"Openings {record.openings}  Islands {record.islands}",
        f"Clicks {record.clicks}: L{record.left_clicks} R{record.right_clicks} D{record.double_clicks}",
        f"Eff. {record.effective_clicks}: L{record.left_effective} "
        f"R{record.right_effective} D{record.double_effective}",
        f"Flags {record.flags}  Path {_num(record.path_px, 0)} px",
    ]
