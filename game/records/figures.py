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
    """Every figure, a few to a line (the result panel's Details, the console)."""
    solved = "-" if record.three_bv_solved is None else str(record.three_bv_solved)
    return [
        f"3BV {solved}/{record.three_bv}  3BV/s {_num(record.bbbv_per_s, 3)}",
        f"IOS {_num(record.ios, 3)}  RQP {_num(record.rqp, 2)}",
        f"IOE {_num(record.ioe, 3)}  Correctness {_num(record.correctness, 3)}",
        f"Throughput {_num(record.throughput, 3)}",
        f"ZiNi {record.zini}  HZiNi {record.hzini}",
        f"Openings {record.openings}  Islands {record.islands}",
        f"Clicks {record.clicks}: L {record.left_clicks} R {record.right_clicks} D {record.double_clicks}",
        f"Effective {record.effective_clicks}: L {record.left_effective} "
        f"R {record.right_effective} D {record.double_effective}",
        f"Flags {record.flags}  Path {_num(record.path_px, 0)} px",
    ]
