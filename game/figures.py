"""Every competitive figure of a game, described once: :data:`FIGURES`, one :class:`Figure`
each (3BV/s, IOS, RQP, IOE, ...), in the order of the database columns and the CSV.

Everything else is derived from this table: the fields of game.replay.events.ReplayStats
and game.records.record.GameRecord, the database columns (game.records.schema adds a
figure's column to an existing file), what ms-toollib is asked for (game.replay.toollib),
the result panel's line and Details, ``--stats``' table of bests and averages, the CSV and
the review's statistics. Adding a figure: docs/figures.md. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.i18n import N_, _


@dataclass(frozen=True)
class Figure:
    """One competitive figure.

    Attributes:
        name: the key everywhere: database column, CSV column, JSON key, the attribute of
            ReplayStats and GameRecord. Never renamed: outside tools read it.
        label: its short name on screen, the competitive sites' abbreviation, the same in
            every language (not translated).
        unit: what the value counts or measures ("" for a ratio without one), for people
            reading the table and the docs.
        digits: decimals in the Details list; None for a count (an integer, stored as
            INTEGER and written as it is), else a REAL.
        better: which end is better, "higher" or "lower"; None when neither is (a count,
            a property of the board).
        source: where the definition comes from.
        toollib: the attribute of ms-toollib's analysed video that holds it (its value at
            the end of the game), or None when it is computed here
            (game.replay.events.ReplayStats.from_toollib).
        part: its words in the Details list, a message for gettext with ``{slot}`` for the
            value; None: ``"{label} {value}"``.
        slot: the placeholder of its value in ``part`` (or in its host's part).
        within: the name of the figure whose Details part shows it too (the clicks by
            button inside "Clicks 12: L8 R3 D1"); None: a part of its own.
        headline: decimals on the result panel's one-line summary; None: not on it.
        ranked: decimals in the table of each level's best and average (``--stats``,
            game.records.compstats.level_figures); None: not in it. A ranked figure has a
            ``better`` end.
        timed: it divides by (or is a power of) the game's time, so a game whose time is 0
            (abandoned at its first click) has none (game.replay.events.ReplayStats.from_toollib).
    """

    name: str
    label: str
    unit: str
    digits: int | None
    better: str | None
    source: str
    toollib: str | None
    part: str | None = None
    slot: str = "value"
    within: str | None = None
    headline: int | None = None
    ranked: int | None = None
    timed: bool = False

    @property
    def sql_type(self) -> str:
        """Its column's type: REAL, or INTEGER for a count."""
        return "INTEGER" if self.digits is None else "REAL"

    @property
    def best_sql(self) -> str:
        """The SQL aggregate that picks the best value: max or min.

        Raises:
            ValueError: the figure has no better end.
        """
        if self.better not in ("higher", "lower"):
            raise ValueError(f"figure {self.name}: no better end to rank by")
        return "max" if self.better == "higher" else "min"


_SITE = "minesweepergame.com"
_TOOLLIB = "ms-toollib (eee555/ms-toollib, base/src/videos)"

FIGURES: tuple[Figure, ...] = (
    Figure("bbbv_per_s", "3BV/s", "3BV/s", 3, "higher", f"{_SITE}: 3BV solved / time; {_TOOLLIB}", "bbbv_s",
           headline=2, ranked=2, timed=True),
    Figure("ios", "IOS", "", 3, "higher", f"{_SITE}: Index of Speed, log(3BV solved) / log(time in s); "
           "computed here (game.replay.events.ReplayStats.from_toollib)", None, headline=2, ranked=3, timed=True),
    Figure("rqp", "RQP", "s^2/3BV", 2, "lower", f"{_SITE}: Rapport Qualite Prix, time / (3BV/s); {_TOOLLIB}",
           "rqp", headline=1, ranked=2, timed=True),
    Figure("ioe", "IOE", "3BV/click", 3, "higher", f"{_SITE}: Index of Efficiency, 3BV solved / clicks; "
           f"{_TOOLLIB}", "ioe", headline=2, ranked=3),
    Figure("stnb", "STNB", "", 2, "higher", f"{_SITE}: the level's constant / (time^1.7 / 3BV solved), "
           f"scaled by the share of 3BV solved; {_TOOLLIB} (its constants are for 8x8, 16x16 and 16x30 only)",
           "stnb", timed=True),
    Figure("correctness", "Corr", "", 3, "higher", f"{_SITE}: effective clicks / clicks; {_TOOLLIB}", "corr"),
    Figure("throughput", "Thrp", "3BV/click", 3, "higher", f"{_SITE}: 3BV solved / effective clicks; {_TOOLLIB}",
           "thrp"),
    Figure("zini", "ZiNi", "clicks", None, None, f"{_TOOLLIB}: fewest clicks by its greedy solver", "zini"),
    Figure("hzini", "HZiNi", "clicks", None, None, f"{_TOOLLIB}: cal_hzini, human ZiNi", "hzini"),
    Figure("openings", "Op", "openings", None, None, f"{_SITE}: the board's regions of 0 cells; {_TOOLLIB}", "op",
           part=N_("Openings {count}"), slot="count"),
    Figure("islands", "Isl", "islands", None, None,
           f"{_SITE}: the board's 3BV cells connected apart from openings; {_TOOLLIB}", "isl",
           part=N_("Islands {count}"), slot="count"),
    Figure("left_clicks", "L", "clicks", None, None, f"{_TOOLLIB}: left clicks", "left",
           within="clicks", slot="left"),
    Figure("right_clicks", "R", "clicks", None, None, f"{_TOOLLIB}: right clicks", "right",
           within="clicks", slot="right"),
    Figure("double_clicks", "D", "clicks", None, None,
           f"{_TOOLLIB}: double clicks (chords: both buttons, or the middle one)", "double",
           within="clicks", slot="double"),
    # L, R and D: left, right and double clicks (chords)
    Figure("clicks", "Cl", "clicks", None, None, f"{_TOOLLIB}: left + right + double clicks", "cl",
           part=N_("Clicks {total}: L{left} R{right} D{double}"), slot="total"),
    Figure("effective_clicks", "Ce", "clicks", None, None, f"{_TOOLLIB}: clicks that changed the board", "ce",
           part=N_("Eff. {total}: L{left} R{right} D{double}"), slot="total"),
    Figure("left_effective", "L", "clicks", None, None, f"{_TOOLLIB}: effective left clicks", "lce",
           within="effective_clicks", slot="left"),
    Figure("right_effective", "R", "clicks", None, None, f"{_TOOLLIB}: effective right clicks", "rce",
           within="effective_clicks", slot="right"),
    Figure("double_effective", "D", "clicks", None, None, f"{_TOOLLIB}: effective double clicks", "dce",
           within="effective_clicks", slot="double"),
    Figure("flags", "Flags", "flags", None, None, f"{_TOOLLIB}: flags placed", "flag",
           part=N_("Flags {count}"), slot="count"),
    Figure("path_px", "Path", "px", 0, None,
           f"{_TOOLLIB}: the pointer's path at 16 px per cell, from the first opening", "path",
           part=N_("Path {pixels} px"), slot="pixels"),
)
"""Every competitive figure, in column order (their CSV columns come in this order)."""


def names() -> tuple[str, ...]:
    """Every figure's name, in order: the figures' database and CSV columns."""
    return tuple(figure.name for figure in FIGURES)


def figure(name: str) -> Figure:
    """The figure called ``name``.

    Raises:
        KeyError: no figure has that name.
    """
    for found in FIGURES:
        if found.name == name:
            return found
    raise KeyError(name)


def headline() -> tuple[Figure, ...]:
    """The figures of the result panel's one-line summary, in order."""
    return tuple(f for f in FIGURES if f.headline is not None)


def ranked() -> tuple[Figure, ...]:
    """The figures of each level's table of best and average, in order."""
    return tuple(f for f in FIGURES if f.ranked is not None)


def sql_columns() -> tuple[tuple[str, str], ...]:
    """(column, SQL type) of every figure, in order."""
    return tuple((f.name, f.sql_type) for f in FIGURES)


def add_fields(default: object = ..., before: str | None = None) -> Callable[[type], type]:
    """A class decorator (put it under ``@dataclass``) that gives the class one annotated
    field per figure, in order: ``int | None`` for a count, ``float | None`` else, with
    ``default`` (none when left out), placed before the field ``before`` (default: last).
    So a new figure becomes a field of ReplayStats and GameRecord without touching them."""

    def decorate(cls: type) -> type:
        own = dict(cls.__dict__.get("__annotations__", {}))
        added = {f.name: "int | None" if f.digits is None else "float | None" for f in FIGURES}
        clash = set(own) & set(added)
        if clash:
            raise TypeError(f"{cls.__name__} already has the figure fields {sorted(clash)}")
        at = list(own).index(before) if before is not None else len(own)
        items = list(own.items())
        cls.__annotations__ = dict(items[:at] + list(added.items()) + items[at:])
        if default is not ...:
            for name in added:
                setattr(cls, name, default)
        return cls

    return decorate


def has_figures(record) -> bool:
    """True when ``record`` (a game.records GameRecord, or None) holds its figures: they are
    stored all at once, and a game that has them has a click count."""
    return record is not None and record.clicks is not None


def timed() -> tuple[Figure, ...]:
    """The figures a game whose time is 0 has none of (:attr:`Figure.timed`)."""
    return tuple(f for f in FIGURES if f.timed)


def plain(value: float | None, digits: int) -> str:
    """``value`` with ``digits`` decimals as Python writes it, ``-`` for None (the console's
    and the review's numbers); never ``-0.00``: a value that rounds to zero has no sign."""
    if value is None:
        return "-"
    written = f"{value:.{digits}f}"
    return written[1:] if written.startswith("-") and float(written) == 0 else written


def value_text(f: Figure, value: object, digits: int | None = None,
               num: Callable[[float | None, int], str] = plain) -> str:
    """A figure's value as text: a count as it is, a real by ``num(value, digits)`` (default
    digits: the figure's own)."""
    if f.digits is None:
        return f"{value}"
    return num(value, f.digits if digits is None else digits)


def compact_line(record, num: Callable[[float | None, int], str] = plain) -> str:
    """``3BV/s 2.31  IOS 0.84  RQP 33.1  IOE 0.72``: the headline figures of ``record`` (any
    object with the figures as attributes; ``-`` for a ratio that is undefined), numbers by
    ``num(value, digits)``."""
    return "  ".join(f"{f.label} {value_text(f, getattr(record, f.name), f.headline, num)}" for f in headline())


def computing_line() -> str:
    """The compact line's shape with ``...`` for each value: shown while they are computed."""
    return "  ".join(f"{f.label} ..." for f in headline())


def detail_lines(record, num: Callable[[float | None, int], str] = plain) -> list[str]:
    """Every figure of ``record`` (any object with the figures as attributes), in the
    language in use: each figure's part (:attr:`Figure.part`, with the figures ``within``
    it), two single parts to a line, a part that holds several figures on a line of its own,
    so that each line fits a Beginner result panel (the 3BV solved is on the panel's first
    line). Parts of a line are set apart by two spaces (so a panel can break a line between
    them); ``num(value, digits)`` writes a real (the window passes one in the language's own
    format)."""
    lines, single = [], None
    for f in FIGURES:
        if f.within is not None:
            continue
        guests = [g for g in FIGURES if g.within == f.name]
        values = {g.slot: value_text(g, getattr(record, g.name), num=num) for g in (f, *guests)}
        template = _(f.part) if f.part is not None else f"{f.label} {{{f.slot}}}"
        text = template.format(**values)
        if guests:
            if single is not None:
                lines.append(single)
            lines.append(text)
            single = None
        elif single is None:
            single = text
        else:
            lines.append(f"{single}  {text}")
            single = None
    if single is not None:
        lines.append(single)
    return lines
