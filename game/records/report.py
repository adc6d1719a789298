"""``python main.py --stats`` and ``--export-stats FILE.csv``: the records in the terminal.

``--stats`` prints one table row per difficulty (played, won, assisted, abandoned,
win %, current and longest winning streak, best time, average time and 3BV/s of wins),
a second table of the competitive statistics (best and average 3BV/s, IOS, RQP, IOE of
wins), and then each level's best times, best 3BV/s and best efficiency. Both first fill
the figures of games that lack them (game.records.compstats.backfill). ``--export-stats`` writes every recorded game as CSV with a
header row (``-`` writes to standard output). Warnings go to stderr; an error (a
folder or file that cannot be written) prints ``python main.py: error: ...`` and
returns status 2, like the other command-line errors.
"""

from __future__ import annotations

import csv
import sqlite3
import sys
from typing import TextIO

from game import PROG
from game.records.compstats import FIGURES, backfill
from game.records.db import RecordStore
from game.records.paths import DataDirError, db_path
from game.records.record import RECORD_FIELDS
from game.records.stats import LevelStats, summary

CSV_COLUMNS = ("id", *(name for name in RECORD_FIELDS if name != "id"))  # id first
HEADER = ("Difficulty", "Played", "Won", "Assisted", "Abandoned", "Win %", "Streak", "Longest",
          "Best time", "Avg time", "3BV/s")


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f} s"


def _number(value: float | None, fmt: str) -> str:
    return "-" if value is None else format(value, fmt)


def stats_table(levels: dict[str, LevelStats]) -> str:
    """The statistics as an aligned text table, one row per level, then the best times."""
    rows = [HEADER] + [
        (s.level, str(s.played), str(s.won), str(s.assisted), str(s.abandoned), _number(s.win_percent, ".1f"),
         str(s.current_streak), str(s.longest_streak), _seconds(s.best_time),
         _seconds(s.average_time), _number(s.average_3bv_per_second, ".2f"))
        for s in levels.values()]
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEADER))]
    lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                       for i, (cell, w) in enumerate(zip(row, widths))).rstrip()
             for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines += ["", "Won: without help. Assisted: won with a hint, autoplay or the probability",
              "overlay (played, not won). Abandoned: left after the first reveal (a loss).", ""]
    lines += figures_table(levels)
    for s in levels.values():
        if s.best_times:
            lines += ["", f"Best times, {s.level}:"]
            lines += [f"  {b.rank:>2}. {b.seconds:8.3f} s  {b.name:<20} {b.played_at[:10]}"
                      for b in s.best_times]
        if s.best_speed is not None:
            lines.append(f"  Best 3BV/s {s.best_speed.three_bv_per_second:.2f} ({s.best_speed.name}, "
                         f"{s.best_speed.played_at[:10]})")
        if s.best_efficiency is not None:
            lines.append(f"  Best efficiency {s.best_efficiency.efficiency:.0f} % "
                         f"({s.best_efficiency.name}, {s.best_efficiency.played_at[:10]})")
    return "\n".join(lines)


def figures_table(levels: dict[str, LevelStats]) -> list[str]:
    """The competitive statistics per level, best and average of wins (see the README)."""
    header = ("Difficulty", *(f"{label} {end}" for _, label, _ in FIGURES for end in ("best", "avg")))
    digits = {"bbbv_per_s": ".2f", "ios": ".3f", "rqp": ".2f", "ioe": ".3f"}
    rows = [header] + [
        (s.level, *(_number(s.figures.get(column, (None, None))[i], digits[column])
                    for column, _, _ in FIGURES for i in (0, 1)))
        for s in levels.values()]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                       for i, (cell, w) in enumerate(zip(row, widths))).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return lines + ["Competitive statistics of wins (ms-toollib): best of the wins that may enter the",
                    "best times, average of the wins without help. RQP: lower is better."]


def export_csv(store: RecordStore, out: TextIO) -> int:
    """Write every game to ``out`` as CSV (header row: id, then the GameRecord fields); return the game count."""
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    count = 0
    for record in store.games():
        data = record.as_dict()
        writer.writerow(["" if data[k] is None else data[k] for k in CSV_COLUMNS])
        count += 1
    return count


def _error(message: str) -> int:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return 2


def run_stats(args) -> int:
    """Run ``--stats`` and/or ``--export-stats`` from parsed options; return the exit status.

    Reads ``args.data_dir``, ``args.stats`` and ``args.export_stats``.
    Returns 0 on success, 2 on an error (message on stderr).
    """
    try:
        path = db_path(args.data_dir)
    except DataDirError as err:
        return _error(str(err))
    store = RecordStore.open(path, notify=lambda message: print(f"{PROG}: {message}", file=sys.stderr,
                                                                 flush=True))
    try:
        for message in store.warnings:
            print(f"{PROG}: warning: {message}", file=sys.stderr)
        while _pending(store):  # older games' figures, computed once (game.records.compstats)
            warning = backfill(store)
            if warning:
                print(f"{PROG}: warning: {warning}", file=sys.stderr)
                break
        if args.stats:
            print(stats_table(summary(store)))
        if args.export_stats:
            return _export(store, args.export_stats)
        return 0
    except sqlite3.Error as err:
        return _error(f"the records database {path} could not be read ({err})")
    finally:
        store.close()


def _pending(store: RecordStore) -> bool:
    from game.records.compstats import pending
    return not store.read_only and bool(pending(store, 1))


def _export(store: RecordStore, target: str) -> int:
    if target == "-":
        export_csv(store, sys.stdout)
        return 0
    try:
        with open(target, "w", newline="", encoding="utf-8") as out:
            count = export_csv(store, out)
    except OSError as err:
        return _error(f"--export-stats {target}: cannot write the file ({err.strerror or err})")
    print(f"{count} games written to {target}")
    return 0
