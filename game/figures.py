"""Every competitive figure of a game, described once: :data:`FIGURES`, one :class:`Figure`
each (3BV/s, IOS, RQP, IOE, ...), in the order of the database columns and the CSV.

Everything else is derived from this table: the fields of game.replay.events.ReplayStats
and game.records.record.GameRecord, the database columns (game.records.schema adds a
figure's column to an existing file), what ms-toollib's reader gives for another program's
replay file (game.replay.toollib; a recorded game of ours gets its figures from its own
story: game.replay.competitive.recorded_stats),
the result panel's line and Details, ``--stats``' table of bests and averages, the Bests
(:func:`bests`: with :data:`TIME`, the database's category bests, the Statistics screen's
Bests page, ``--stats``' lines of bests and its JSON), the CSV, the review's statistics and
the live counters (F3: :attr:`Figure.live`, :func:`live`); 3BV/s is :func:`bbbv_per_second`
everywhere. Adding a figure: docs/figures.md. No pygame here.
"""

from __future__ import annotations

import math
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
            the end of the game): what a replay file of another program (AVF, RMV, MVF, EVF
            opened in the viewer or ``--replay``) gets, read by game.replay.toollib; None
            when it is computed here (game.replay.events.ReplayStats.from_toollib, IOS). A
            recorded game of ours gets every figure from its own story instead
            (game.replay.competitive.recorded_stats: the counts at its end, the board's by
            ms-toollib's functions), equal to this attribute over the EVF the game exports
            (tests/files/test_figures_told_once.py).
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
        best: its place among the Bests (0 first; :func:`bests`): each level's best game by
            it, in every category (all, NF) and table of bests, with the game's id (the
            Statistics screen's Bests page, ``--stats``' lines of bests and ``--stats
            --json``'s ``bests``, game.records.db.RecordStore.category_bests); None: not
            among them. A figure among the Bests has a ``better`` end. Apart from ``ranked``:
            a figure may be in one and not the other (STNB is among the Bests, IOS in the
            table of best and average only).
        word: its name in running text (``--stats``' lines of bests) and on the live
            counters' line (game.ui.play.counters_view), a message for gettext; None: the label.
        live: how a game under way has it, from its :class:`Counts` (a function of them, as
            ms-toollib computes it at that time: :func:`live`); None: not live (made of the
            board, like ZiNi, or of constants per level, like STNB). Every live figure is a
            line of the live counters (F3, in the table's order; a figure ``within`` another
            is on its host's split line), so a figure with a ``live`` shows there, in play and
            in the replay viewer, and ends on the value the result panel shows
            (tests/rules/test_counters.py checks it against ms-toollib's).
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
    best: int | None = None
    word: str | None = None
    live: Callable[[Counts], int | float | None] | None = None

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

    @property
    def best_digits(self) -> int:
        """Decimals of its value in ``--stats``' lines of bests: those of its column in the
        table of best and average (``ranked``), else its own (``digits``, 0 for a count)."""
        return self.ranked if self.ranked is not None else self.digits or 0

    @property
    def words(self) -> str:
        """Its name in running text, in the language in use (``word``, else the label)."""
        return _(self.word) if self.word is not None else self.label


# ----- the figures of a game under way, from its counts ----------------------------------------
@dataclass(frozen=True)
class Counts:
    """What the ratios of :data:`FIGURES` are made of, at one moment of a game: the live
    counters' input (game.midend.counters reads them from the midend's log and the gesture
    interpreter during play, and from a replay's timeline at the playhead).

    Attributes:
        time_ms: game time, whole milliseconds from the first opening.
        bbbv: the board's 3BV; None while it is not counted yet (a big board's count runs
            in slices) or no mine is laid.
        bbbv_solved: 3BV solved so far; None when ``bbbv`` is, or when it is not counted live
            (a board of more than game.midend.counters.COUNTED_CELLS cells in play).
        left, right, double: clicks as ms-toollib counts them (game.midend.gestures).
        left_effective, right_effective, double_effective: effective clicks, ms-toollib's
            ``lce``, ``rce``, ``dce`` (game.midend.counters.Effective says which moves count).
        path_px: the pointer's path from the first opening, pixels at 16 px a cell.
    """

    time_ms: int = 0
    bbbv: int | None = None
    bbbv_solved: int | None = None
    left: int = 0
    right: int = 0
    double: int = 0
    left_effective: int = 0
    right_effective: int = 0
    double_effective: int = 0
    path_px: float = 0.0


def _clicks(counts: Counts) -> int:
    return counts.left + counts.right + counts.double


def _effective(counts: Counts) -> int:
    return counts.left_effective + counts.right_effective + counts.double_effective


def _ratio(top: int | None, bottom: int) -> float | None:
    """``top / bottom`` as ms-toollib gives a ratio of counts: 0 when ``bottom`` is 0; None
    when ``top`` is not known (a 3BV not counted yet)."""
    return None if top is None else (top / bottom if bottom else 0.0)


def _per_second(count: int | None, counts: Counts) -> float | None:
    """``count`` per second of the game's time (ms-toollib's division by the time in
    seconds); None at 0 ms (a timed figure) or without a count."""
    return None if count is None or counts.time_ms <= 0 else count / (counts.time_ms / 1000)


def _rqp(counts: Counts) -> float | None:
    """seconds^2 / 3BV solved; None with nothing solved (ms-toollib: infinite) or no time."""
    solved = counts.bbbv_solved
    return math.pow(counts.time_ms / 1000, 2.0) / solved if solved and counts.time_ms > 0 else None


_SITE = "minesweepergame.com"
_TOOLLIB = "ms-toollib (eee555/ms-toollib, base/src/videos)"

FIGURES: tuple[Figure, ...] = (
    Figure("bbbv_per_s", "3BV/s", "3BV/s", 3, "higher", f"{_SITE}: 3BV solved / time; {_TOOLLIB}", "bbbv_s",
           headline=2, ranked=2, timed=True, best=1,
           live=lambda c: bbbv_per_second(c.bbbv_solved, c.time_ms / 1000)),
    Figure("ios", "IOS", "", 3, "higher", f"{_SITE}: Index of Speed, log(3BV solved) / log(time in s); "
           "computed here (game.replay.events.ReplayStats.from_toollib)", None, headline=2, ranked=3, timed=True),
    Figure("rqp", "RQP", "s^2/3BV", 2, "lower", f"{_SITE}: Rapport Qualite Prix, time / (3BV/s); {_TOOLLIB}",
           "rqp", headline=1, ranked=2, timed=True, best=3, live=_rqp),
    Figure("ioe", "IOE", "3BV/click", 3, "higher", f"{_SITE}: Index of Efficiency, 3BV solved / clicks; "
           f"{_TOOLLIB}", "ioe", headline=2, ranked=3, best=2, live=lambda c: _ratio(c.bbbv_solved, _clicks(c))),
    Figure("stnb", "STNB", "", 2, "higher", f"{_SITE}: the level's constant / (time^1.7 / 3BV solved), "
           f"scaled by the share of 3BV solved; {_TOOLLIB} (its constants are for 8x8, 16x16 and 16x30 only)",
           "stnb", timed=True, best=4),
    Figure("correctness", "Corr", "", 3, "higher", f"{_SITE}: effective clicks / clicks; {_TOOLLIB}", "corr",
           live=lambda c: _ratio(_effective(c), _clicks(c))),
    Figure("throughput", "Thrp", "3BV/click", 3, "higher", f"{_SITE}: 3BV solved / effective clicks; {_TOOLLIB}",
           "thrp", live=lambda c: _ratio(c.bbbv_solved, _effective(c))),
    Figure("zini", "ZiNi", "clicks", None, None, f"{_TOOLLIB}: fewest clicks by its greedy solver", "zini"),
    Figure("hzini", "HZiNi", "clicks", None, None, f"{_TOOLLIB}: cal_hzini, human ZiNi", "hzini"),
    Figure("openings", "Op", "openings", None, None, f"{_SITE}: the board's regions of 0 cells; {_TOOLLIB}", "op",
           part=N_("Openings {count}"), slot="count"),
    Figure("islands", "Isl", "islands", None, None,
           f"{_SITE}: the board's 3BV cells connected apart from openings; {_TOOLLIB}", "isl",
           part=N_("Islands {count}"), slot="count"),
    Figure("left_clicks", "L", "clicks", None, None, f"{_TOOLLIB}: left clicks", "left",
           within="clicks", slot="left", live=lambda c: c.left),
    Figure("right_clicks", "R", "clicks", None, None, f"{_TOOLLIB}: right clicks", "right",
           within="clicks", slot="right", live=lambda c: c.right),
    Figure("double_clicks", "D", "clicks", None, None,
           f"{_TOOLLIB}: double clicks (chords: both buttons, or the middle one)", "double",
           within="clicks", slot="double", live=lambda c: c.double),
    # L, R and D: left, right and double clicks (chords)
    Figure("clicks", "Cl", "clicks", None, None, f"{_TOOLLIB}: left + right + double clicks", "cl",
           part=N_("Clicks {total}: L{left} R{right} D{double}"), slot="total", word=N_("Clicks"), live=_clicks),
    Figure("effective_clicks", "Ce", "clicks", None, None, f"{_TOOLLIB}: clicks that changed the board", "ce",
           part=N_("Eff. {total}: L{left} R{right} D{double}"), slot="total", word=N_("Eff."),
           live=_effective),
    Figure("left_effective", "L", "clicks", None, None, f"{_TOOLLIB}: effective left clicks", "lce",
           within="effective_clicks", slot="left", live=lambda c: c.left_effective),
    Figure("right_effective", "R", "clicks", None, None, f"{_TOOLLIB}: effective right clicks", "rce",
           within="effective_clicks", slot="right", live=lambda c: c.right_effective),
    Figure("double_effective", "D", "clicks", None, None, f"{_TOOLLIB}: effective double clicks", "dce",
           within="effective_clicks", slot="double", live=lambda c: c.double_effective),
    Figure("flags", "Flags", "flags", None, None, f"{_TOOLLIB}: flags placed", "flag",
           part=N_("Flags {count}"), slot="count"),
    Figure("path_px", "Path", "px", 0, None,
           f"{_TOOLLIB}: the pointer's path at 16 px per cell, from the first opening", "path",
           part=N_("Path {pixels} px"), slot="pixels", word=N_("Path"), live=lambda c: c.path_px),
    Figure("cl_s", "Cl/s", "clicks/s", 3, "higher", f"{_TOOLLIB}: clicks (left + right + double) / time", "cl_s",
           timed=True, best=5, live=lambda c: _per_second(_clicks(c), c)),
)
"""Every competitive figure, in column order (their CSV columns come in this order)."""

TIME = Figure("time_ms", N_("Time"), "ms", None, "lower",
              "the game's clock: whole milliseconds from the first opening to the last move", None,
              best=0, word=N_("time"))
"""The game's time as a figure of the Bests (the first of them): not one of :data:`FIGURES`,
whose columns are the figures computed from the move log; its column (``time_ms``) is the
game row's own, written when the game ends (game.records.record.GameRecord). Its label is a
message (the Bests page shows ``_(label)``: "Tiempo"; an abbreviation has no message and
stays as it is); the Bests write its value in seconds."""


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


def bests() -> tuple[Figure, ...]:
    """The figures of the Bests (:attr:`Figure.best`: :data:`TIME` and those of
    :data:`FIGURES` that have a place), in their places' order: the rows of the Statistics
    screen's Bests page, the parts of ``--stats``' lines of bests, the keys of ``--stats
    --json``'s ``bests`` and the columns of game.records.db.RecordStore.category_bests. Read
    when asked (a figure added to FIGURES joins them)."""
    return tuple(sorted((f for f in (TIME, *FIGURES) if f.best is not None), key=lambda f: f.best))


def bbbv_per_second(bbbv: int | None, seconds: float | None) -> float | None:
    """3BV/s: ``bbbv`` (the 3BV solved) / ``seconds`` (the game's time); None without a 3BV
    or a time (0 s or less). The one computation of 3BV/s here: game.midend.match.Match's and
    game.records.record.GameRecord's (a won game's board 3BV over its time) and the live
    counters' (:func:`live`); the stored figure ``bbbv_per_s`` is ms-toollib's ``bbbv_s`` of
    the same division, and the tables of bests order by :func:`bbbv_per_second_sql`."""
    if bbbv is None or seconds is None or seconds <= 0:
        return None
    return bbbv / seconds


def bbbv_per_second_sql(bbbv: str = "three_bv", time_ms: str = "time_ms") -> str:
    """:func:`bbbv_per_second` as an SQL expression over the columns ``bbbv`` and ``time_ms``
    (milliseconds), for ORDER BY (game.records.db.BEST_ORDERS)."""
    return f"CAST({bbbv} AS REAL) * 1000 / {time_ms}"


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


# ----- the figures of a game under way (Counts and the formulas: above FIGURES) ---------------
def live_figures() -> tuple[Figure, ...]:
    """The figures a game under way has (:attr:`Figure.live`), in the table's order: the
    live counters' figures. Read when asked (a figure added to FIGURES with a ``live`` joins
    them)."""
    return tuple(f for f in FIGURES if f.live is not None)


LIVE = tuple(f.name for f in live_figures())
"""The names of the figures :func:`live` gives (:func:`live_figures` when this module was
loaded): those made of :class:`Counts` alone (not the board's ZiNi, openings or islands, nor
STNB, whose constants are per level, nor IOS)."""


def live(counts: Counts) -> dict[str, int | float | None]:
    """Every live figure (:func:`live_figures`) from ``counts``, by name: each one's
    :attr:`Figure.live`, as ms-toollib (1.5.20) computes it at its ``current_time`` from the
    same counts (its getters, base/src/videos/): 3BV/s = solved / s; RQP = s^2 / solved; IOE =
    solved / clicks; correctness = effective clicks / clicks; throughput = solved / effective
    clicks; Cl/s = clicks / s; and as game.replay.events.ReplayStats keeps them: a game of no
    time has no timed figure (None), a ratio ms-toollib gives as infinite (RQP with nothing
    solved) is None, the others it gives as 0 when their divisor is 0. So a finished game's
    values are the result panel's (tests/rules/test_counters.py checks them against
    ms-toollib's own). A ratio of a 3BV not counted yet is None."""
    return {f.name: f.live(counts) for f in live_figures()}


def estimated_time(counts: Counts) -> float | None:
    """Seconds the whole board would take at the pace so far: time / 3BV solved * 3BV
    (ms-toollib's ``etime``, multiplied first, so a won game's is its time exactly); None
    before any time, with nothing solved, or the 3BV unknown."""
    if counts.time_ms <= 0 or not counts.bbbv_solved or counts.bbbv is None:
        return None
    return counts.time_ms * counts.bbbv / counts.bbbv_solved / 1000
