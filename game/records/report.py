"""``python main.py --stats`` and ``--export-stats FILE.csv``: the records in the terminal.

``--stats`` prints one table row per difficulty (played, won, assisted, abandoned,
win %, current and longest winning streak, best time, average time and 3BV/s of wins),
a second table of the competitive statistics (best and average 3BV/s, IOS, RQP, IOE of
wins), and then each level's best times, best 3BV/s and best efficiency. Both first fill
the figures of games that lack them (game.records.compstats.backfill). ``--export-stats`` writes every recorded game as CSV with a
header row (``-`` writes to standard output). Warnings go to stderr; an error (a
folder or file that cannot be written) prints ``python main.py: error: ...`` and
returns status 2, like the other command-line errors.

``--stats`` speaks the language in use, its numbers and dates in that language's formats
(Babel: ``1.234,5`` and ``1 mar 2025`` in Spanish); the CSV is a contract with other tools,
so its column names and values are the same in every language.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import sys
from typing import TextIO

from game import PROG
from game.i18n import N_, _, date_text, ngettext, number
from game.files import KeptFileError, replace_file
from game.messages import describe, error_line, file_name, os_error_text, warn
from game.figures import TIME, figure, ranked
from game.records.compstats import BACKFILL, FIGURES_NOW_CELLS, fill, pending
from game.records.daily import daily_summary
from game.records.trials import trials_summary
from game.records.db import RecordStore
from game.midend.daily import today
from game.records.paths import DataDirError, db_path, kept_files
from game.records.record import RECORD_FIELDS, STANDARD_LEVELS
from game.records.level_stats import LevelStats, summary

CSV_COLUMNS = ("id", *(name for name in RECORD_FIELDS if name != "id"))  # id first
HEADER = (N_("Difficulty"), N_("Played"), N_("Won"), N_("Assisted"), N_("Abandoned"), N_("Win %"),
          N_("Streak"), N_("Longest"), N_("Best time"), N_("Avg time"), "3BV/s")  # translated when shown
LEVEL_WORDS = {"beginner": N_("beginner"), "beginner_8x8": N_("beginner 8x8"), "intermediate": N_("intermediate"), "expert": N_("expert"),
               "custom": N_("custom")}  # a record's level -> its word in the tables


def _decimal(value: float, digits: int) -> str:
    """``value`` with ``digits`` decimals, thousands grouped, in the language's format
    (``1,234.5`` / ``1.234,5``; game.i18n.number)."""
    return number(value, digits, grouped=True)


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{_decimal(value, 3)} s"


def _number(value: float | None, digits: int) -> str:
    return "-" if value is None else _decimal(value, digits)


def _count(value: int) -> str:
    return number(value, 0, grouped=True)


def _level(level: str) -> str:
    return _(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level


def _date(played_at: str) -> str:
    """The day of an ISO 8601 time stamp (a record's ``played_at``) in the language's format;
    the stamp's first ten characters when it is not a date."""
    return date_text(played_at[:10])


def stats_table(levels: dict[str, LevelStats]) -> str:
    """The statistics as an aligned text table, one row per level, then the best times."""
    rows = [tuple(_(label) for label in HEADER)] + [
        (_level(s.level), _count(s.played), _count(s.won), _count(s.assisted), _count(s.abandoned),
         _number(s.win_percent, 1), _count(s.current_streak), _count(s.longest_streak), _seconds(s.best_time),
         _seconds(s.average_time), _number(s.average_3bv_per_second, 2))
        for s in levels.values()]
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEADER))]
    lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                       for i, (cell, w) in enumerate(zip(row, widths))).rstrip()
             for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines += ["", *_("Won: without help. Assisted: won with a hint, autoplay or the probability\n"
                     "overlay (played, not won). Abandoned: left after the first reveal (a loss).").splitlines(),
              ""]
    lines += figures_table(levels)
    lines += category_lines(levels)
    for s in levels.values():
        if s.best_times:
            lines += ["", _("Best times, {level}:").format(level=_level(s.level))]
            lines += [f"  {b.rank:>2}. {_decimal(b.seconds, 3):>8} s  {b.name:<20} {_date(b.played_at)}"
                      for b in s.best_times]
        if s.best_speed is not None:
            lines.append("  " + _("Best 3BV/s {speed} ({name}, {date})").format(
                speed=_decimal(s.best_speed.three_bv_per_second, 2), name=s.best_speed.name,
                date=_date(s.best_speed.played_at)))
        if s.best_efficiency is not None:
            lines.append("  " + _("Best efficiency {efficiency} % ({name}, {date})").format(
                efficiency=_decimal(s.best_efficiency.efficiency, 0), name=s.best_efficiency.name,
                date=_date(s.best_efficiency.played_at)))
    return "\n".join(lines)


TABLE_WORDS = {"window": N_("window"), "terminal": N_("console typed in a terminal"), "touch": N_("touch"),
               "filtered_touch": N_("touch, boards dealt by the 3BV filter"),
               "filtered": N_("window, boards dealt by the 3BV filter"),
               "filtered_terminal": N_("console typed in a terminal, boards dealt by the 3BV filter")}
CATEGORY_WORDS = {"all": N_("all"), "nf": N_("no flags (NF)")}


def _best_value(column: str, record) -> str:
    """A category best's value as ``--stats`` writes it: a time in seconds, else the figure
    with its decimals (game.figures.Figure.best_digits)."""
    if column == TIME.name:
        return _seconds(record.seconds)
    return _number(getattr(record, column), figure(column).best_digits)


def _best_words(column: str) -> str:
    """A figure of the Bests' name in ``--stats``' lines (game.figures.Figure.words)."""
    return TIME.words if column == TIME.name else figure(column).words


def category_lines(levels: dict[str, LevelStats]) -> list[str]:
    """Each standard level's bests by category (all, NF), one line per category and table
    that has any (the games dealt by the 3BV filter in tables of their own), and why scripted
    games are missing (game.records.db.category_bests)."""
    lines = []
    for s in levels.values():
        for table, bests in (("window", s.bests), ("touch", s.touch_bests), ("terminal", s.terminal_bests),
                             ("filtered", s.filtered_bests), ("filtered_touch", s.filtered_touch_bests),
                             ("filtered_terminal", s.filtered_terminal_bests)):
            rows = []
            for category, found in bests.items():
                parts = [f"{_best_words(column)} {_best_value(column, record)} #{record.id}"
                         for column, record in found.items() if record is not None]
                if parts:
                    rows.append(f"  {_(CATEGORY_WORDS[category])}: " + ", ".join(parts))
            if rows:
                lines += [_("Bests, {level}, {table} (game ids after #):").format(
                    level=_level(s.level), table=_(TABLE_WORDS[table])), *rows]
        if s.scripted:
            lines.append(ngettext(
                "{level}: {count} console game read from a pipe or a file (a script) is recorded and ranks nowhere.",
                "{level}: {count} console games read from a pipe or a file (a script) are recorded and rank nowhere.",
                s.scripted).format(level=_level(s.level), count=_count(s.scripted)))
        if s.filtered and s.level in STANDARD_LEVELS:
            lines.append(ngettext(
                "{level}: {count} game dealt by the 3BV filter counts in played and won and ranks apart.",
                "{level}: {count} games dealt by the 3BV filter count in played and won and rank apart.",
                s.filtered).format(level=_level(s.level), count=_count(s.filtered)))
    return ["", *lines] if lines else []


def stats_json(levels: dict[str, LevelStats]) -> dict:
    """``--stats --json``: the same in every language (docs/competitive.md): ``{"levels": {level:
    {"played", "won", "scripted", "bests": {category: {column: {"value", "game", "at"} or None}},
    "terminal_bests": {...}, "touch_bests": {...}, "filtered", "filtered_bests": {...},
    "filtered_terminal_bests": {...}, "filtered_touch_bests": {...}}}}`` (``touch_bests``: the
    window's games played by touch, never among ``bests``),
    the standard levels only (custom sizes have no bests). ``filtered``: how many of ``played``
    were dealt by the 3BV filter; their wins are in ``played`` and ``won`` but never in
    ``bests`` or ``terminal_bests``: in the ``filtered_`` ones, of the same shape
    (docs/bv-filter.md). ``--stats --json`` adds the keys ``daily``
    (game.records.daily.daily_summary) and ``trials`` (game.records.trials.trials_summary),
    docs/records.md."""
    def entry(column, record):
        if record is None:
            return None
        return {"value": getattr(record, column), "game": record.id, "at": record.played_at}

    def tables(bests):
        return {category: {column: entry(column, record) for column, record in found.items()}
                for category, found in bests.items()}

    return {"levels": {s.level: {"played": s.played, "won": s.won, "scripted": s.scripted,
                                 "bests": tables(s.bests), "terminal_bests": tables(s.terminal_bests),
                                 "touch_bests": tables(s.touch_bests),
                                 "filtered_touch_bests": tables(s.filtered_touch_bests),
                                 "filtered": s.filtered, "filtered_bests": tables(s.filtered_bests),
                                 "filtered_terminal_bests": tables(s.filtered_terminal_bests)}
                       for s in levels.values() if s.level in STANDARD_LEVELS}}


def figures_table(levels: dict[str, LevelStats]) -> list[str]:
    """The competitive statistics per level, best and average of wins (see docs/records.md)."""
    ends = (N_("{figure} best"), N_("{figure} avg"))
    shown = ranked()  # game.figures: the figures of this table, in order
    header = (_("Difficulty"), *(_(end).format(figure=f.label) for f in shown for end in ends))
    rows = [header] + [
        (_level(s.level), *(_number(s.figures.get(f.name, (None, None))[i], f.ranked) for f in shown for i in (0, 1)))
        for s in levels.values()]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                       for i, (cell, w) in enumerate(zip(row, widths))).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return lines + _("Competitive statistics of wins (ms-toollib): best of the wins that may enter the\n"
                     "best times, average of the wins without help. RQP: lower is better.").splitlines()


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
    print(error_line(message), end="", file=sys.stderr)
    return 2


def run_stats(args) -> int:
    """Run ``--stats`` and/or ``--export-stats`` from parsed options; return the exit status.

    Reads ``args.data_dir``, ``args.stats`` and ``args.export_stats``.
    Returns 0 on success, 2 on an error (message on stderr).
    """
    try:
        path = db_path(args.data_dir)
    except DataDirError as err:
        return _error(describe(err))
    store = RecordStore.open(path, notify=lambda message: print(f"{PROG}: {describe(message)}", file=sys.stderr,
                                                                 flush=True))
    try:
        for message in store.warnings:
            warn(message)
        _backfill(store)
        big = _pending_big(store)
        if big:
            warn(ngettext("the competitive figures of {count} game on a board over {cells} cells are pending "
                          "(the window's Statistics screen computes them)",
                          "the competitive figures of {count} games on boards over {cells} cells are pending "
                          "(the window's Statistics screen computes them)", big).format(
                count=_count(big), cells=_count(FIGURES_NOW_CELLS)))
        if args.stats and getattr(args, "json", False):
            data = stats_json(summary(store))
            data["daily"] = daily_summary(store, today())  # the daily boards (docs/records.md)
            data["trials"] = trials_summary(store)  # the time trials (docs/records.md)
            print(json.dumps(data, indent=1, ensure_ascii=False))
        elif args.stats:
            print(stats_table(summary(store)))
        if args.export_stats:
            return _export(store, args.export_stats, kept_files(args.data_dir))
        return 0
    except sqlite3.Error as err:
        return _error(_("the records database {path} could not be read ({error})").format(
            path=file_name(path), error=os_error_text(err)))
    finally:
        store.close()


def _backfill(store: RecordStore) -> None:
    """Compute the figures of older games that lack them (game.records.compstats), a batch at
    a time, until none is left or one batch cannot be done (its warning said). A game whose
    log is damaged is named once and never tried again. Only boards of at most
    FIGURES_NOW_CELLS cells: bigger ones wait for the window's Statistics screen."""
    if store.read_only:
        return
    while True:
        damaged: list[str] = []
        items = pending(store, BACKFILL, damaged, max_cells=FIGURES_NOW_CELLS)
        for message in damaged:
            warn(message)
        if not items and not damaged:
            return
        warning = fill(store, items)
        if warning:
            warn(warning)
            return


def _pending_big(store: RecordStore) -> int:
    """Games whose figures wait for a board over FIGURES_NOW_CELLS (left to the window)."""
    from game.records.compstats import TO_COMPUTE
    from game.records.record import READABLE
    return store.conn.execute(
        f"SELECT count(*) FROM games WHERE stats_state = {TO_COMPUTE} AND log IS NOT NULL AND {READABLE} "
        "AND rows * cols > ?", (FIGURES_NOW_CELLS,)).fetchone()[0]


def _export(store: RecordStore, target: str, kept: list) -> int:
    """Write the CSV to ``target`` (``-``: standard output) atomically: the whole text is made
    first and renamed over the file (game.files.replace_file), so a full disk leaves the old
    file whole; only a regular file is replaced, keeping its permissions, and the line says so;
    never one of ``kept``, the files the game keeps (game.records.paths.kept_files: the
    records database itself, its journals, the settings)."""
    if target == "-":
        export_csv(store, sys.stdout)
        return 0
    text = io.StringIO(newline="")
    count = export_csv(store, text)
    try:
        replaced = replace_file(target, text.getvalue().encode("utf-8"), kept)
    except KeptFileError as err:  # its own sentence says why, without "cannot write the file"
        return _error(f"--export-stats {file_name(target)}: {describe(err)}")
    except (OSError, ValueError) as err:  # ValueError: a NUL byte in the name
        return _error(_("--export-stats {file}: cannot write the file ({error})").format(
            file=file_name(target), error=os_error_text(err)))
    line = ngettext("{count} game written to {file}", "{count} games written to {file}", count).format(
        count=_count(count), file=file_name(target))
    print(line + " " + _("(it replaced the file that was there)") if replaced else line)
    return 0
