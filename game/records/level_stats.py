"""Statistics per difficulty, computed from the records database.

Custom games of every size are grouped as ``custom``. What counts where:

- played: every recorded game: won, lost, abandoned (left after its first reveal,
  recorded as a loss), with or without help.
- won (and win %, streaks, average time and 3BV/s): wins without the solver's help.
  A win with a hint, autoplay or the probability overlay is *assisted*: it is played
  but not won, so it ends a winning streak, and it is counted apart (``assisted``).
  A win on a known layout (a retry, a loaded board, a chosen seed) is a win.
- best times, best 3BV/s, best efficiency: only wins that may enter them (no help,
  no known layout, a standard level: :attr:`GameRecord.best_time_eligible`).
- bests by category (``all``, ``nf``: no right click changed the board, Metasweeper's NF):
  time, 3BV/s, IOE, RQP, STNB, each table apart for the window's games (mouse or keys) and
  the console's typed in a terminal (``bests``, ``terminal_bests``), and the window's games
  played by touch (``touch_bests``: a finger made a move, game.ui.play.touch; never among
  the mouse's).
- a game dealt under the 3BV filter (``min_bv`` > 0, docs/bv-filter.md) counts in played,
  won, win % and streaks as any game; its win is ranked apart, never in the tables above but
  in bests of its own (``filtered_bests``, ``filtered_terminal_bests``), and ``filtered``
  says how many were played.
- a console game fed by a pipe or a file (``input`` ``script``) is recorded and counts
  nowhere: not played, not won, in no streak and no best.
- a game with an undo (game.midend.match.Match.undo, any move) is never a win and never in a best.
  A game lost with no undo before, then played on after the loss was taken back, is one row
  telling how it ended at last, and counts as the loss it first was (``counted_loss``: in
  played, a loss in win % and streaks); any other game with an undo counts nowhere
  (``RecordStore.results`` and the best tables leave it out). The game list shows them all.
- the Chart page (``chart_points``): every win but those that count nowhere, oldest first;
  its running bests follow the window's table of bests, "All" column: a win with help, on a
  known layout or typed in a terminal is drawn apart and moves no best; custom sizes have none.
Times here are in seconds (floats); the database keeps milliseconds. Every figure is read
from the store's snapshot of a level's readable games (RecordStore.readable), and the
Statistics screen reads a level only when it shows it (:class:`LazySummary`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Iterable, Iterator

from game.figures import figure
from game.records.compstats import level_figures
from game.records.db import COUNTED, COUNTED_WINS, RecordStore, Result
from game.records.record import CATEGORIES, LEVELS

RECENT = 50  # results shown in the chart of recent games


@dataclass(frozen=True)
class BestTime:
    """One row of a best-times table: rank (1-based), seconds, player name, date, 3BV/s."""

    rank: int
    seconds: float
    name: str
    played_at: str
    record_id: int
    three_bv_per_second: float | None
    efficiency: float | None = None  # percent

    @classmethod
    def of(cls, rank: int, record) -> "BestTime":
        """The row of :class:`GameRecord` ``record`` at ``rank``."""
        return cls(rank, record.seconds, record.name, record.played_at, record.id,
                   record.three_bv_per_second, record.efficiency)


@dataclass(frozen=True)
class LevelStats:
    """One difficulty's statistics.

    ``won`` counts wins without help; ``assisted`` wins with help (in ``played``, not in
    ``won``); ``abandoned`` games left in play (in ``played``, as losses).
    ``win_percent`` is None when nothing was played; ``average_time`` (seconds) and
    ``average_3bv_per_second`` are over ``won`` games, None without wins;
    ``recent`` is up to RECENT (result, seconds) pairs, oldest first, the result
    (:func:`recent_result`) ``won`` a win that counts, ``helped`` a win with the solver's help
    (played, not won: it ends a streak), ``lost`` a loss (or a game that counts as one).
    ``best_speed`` and ``best_efficiency`` are the eligible wins with the highest 3BV/s
    and efficiency (percent), None without any. ``figures``: the competitive statistics'
    (best, average) by column (game.records.compstats.level_figures).
    """

    level: str
    played: int
    won: int
    win_percent: float | None
    current_streak: int
    longest_streak: int
    best_times: tuple[BestTime, ...]
    average_time: float | None
    average_3bv_per_second: float | None
    recent: tuple[tuple[str, float], ...]
    assisted: int = 0
    abandoned: int = 0
    best_speed: BestTime | None = None
    best_efficiency: BestTime | None = None
    figures: dict = field(default_factory=dict)  # compstats.level_figures: column -> (best, average)
    # db.RecordStore.category_bests: the window's games' (mouse or keys) and the console's typed
    # in a terminal, apart: category (all, nf) -> column (time_ms, bbbv_per_s, ...) -> GameRecord or None
    bests: dict = field(default_factory=dict)
    terminal_bests: dict = field(default_factory=dict)
    touch_bests: dict = field(default_factory=dict)  # the window's games played by touch, apart
    scripted: int = 0  # console games fed by a script: recorded, counted nowhere
    # Games dealt under the 3BV filter (schema 9's min_bv > 0, docs/bv-filter.md): ``filtered``
    # of them were played (in ``played`` and ``won`` as any game); their wins are ranked apart,
    # in bests of their own of the same shape, the window's and the terminal's.
    filtered: int = 0
    filtered_bests: dict = field(default_factory=dict)
    filtered_terminal_bests: dict = field(default_factory=dict)
    filtered_touch_bests: dict = field(default_factory=dict)

    @property
    def best_time(self) -> float | None:
        """The fastest eligible win in seconds, or None."""
        return self.best_times[0].seconds if self.best_times else None


def streaks(results: Iterable[bool]) -> tuple[int, int]:
    """(current, longest) runs of consecutive wins in ``results`` (oldest first).

    The current streak is the run of wins at the end; a loss resets it to 0.
    """
    current = longest = 0
    for won in results:
        current = current + 1 if won else 0
        longest = max(longest, current)
    return current, longest


def recent_result(record: Result) -> str:
    """How a counted game shows among the recent ones: ``won``, ``helped`` (a win with the
    solver's help) or ``lost``."""
    if not record.won:
        return "lost"
    return "helped" if record.helped else "won"


def level_stats(store: RecordStore, level: str, recent: int = RECENT) -> LevelStats:
    """Statistics of ``level`` (one of LEVELS) from ``store``."""
    results = store.results(level)
    games = store.readable(level)  # the statistics' snapshot of the readable rows
    counted = [r.won and not r.helped for r in results]  # GameRecord.counts_as_win
    wins = [(r.time_ms, r.three_bv) for r, win in zip(results, counted) if win]
    current, longest = streaks(counted)
    speeds = [bv * 1000.0 / time_ms for time_ms, bv in wins if bv is not None and time_ms > 0]
    best = tuple(BestTime.of(rank, record) for rank, record in enumerate(store.best_times(level), start=1))
    firsts = {by: store.best(level, by, 1) for by in ("3bv_per_second", "efficiency")}
    return LevelStats(
        level=level, played=len(results), won=len(wins),
        win_percent=100.0 * len(wins) / len(results) if results else None,
        current_streak=current, longest_streak=longest, best_times=best,
        average_time=sum(t for t, _ in wins) / len(wins) / 1000.0 if wins else None,
        average_3bv_per_second=sum(speeds) / len(speeds) if speeds else None,
        recent=tuple((recent_result(r), r.time_ms / 1000.0) for r in results[-recent:]) if recent else (),
        assisted=sum(1 for r in results if r.won and r.helped),
        abandoned=sum(1 for r in results if r.abandoned),
        best_speed=BestTime.of(1, firsts["3bv_per_second"][0]) if firsts["3bv_per_second"] else None,
        best_efficiency=BestTime.of(1, firsts["efficiency"][0]) if firsts["efficiency"] else None,
        figures=level_figures(store, level),
        bests=store.category_bests(level, "window"), terminal_bests=store.category_bests(level, "terminal"),
        touch_bests=store.category_bests(level, "touch"),
        scripted=store.conn.execute(f"SELECT count(*) FROM {games} WHERE level = ? AND input = 'script'",
                                    (level,)).fetchone()[0],
        filtered=store.conn.execute(f"SELECT count(*) FROM {games} WHERE level = ? AND min_bv > 0 AND {COUNTED}",
                                    (level,)).fetchone()[0],
        filtered_bests=store.category_bests(level, "window", filtered=True),
        filtered_terminal_bests=store.category_bests(level, "terminal", filtered=True),
        filtered_touch_bests=store.category_bests(level, "touch", filtered=True),
    )


def summary(store: RecordStore) -> dict[str, LevelStats]:
    """Statistics for every level in LEVELS order: beginner, intermediate, expert, custom."""
    return {level: level_stats(store, level) for level in LEVELS}


@dataclass(frozen=True)
class LevelBests:
    """A level's own bests and streak, as the playing window's side panel shows them
    (game.ui.play.side_panel): ``time`` the fastest eligible win in seconds and ``speed`` the
    highest 3BV/s, each by category (record.CATEGORIES: ``all``, ``nf``), None without one
    (custom sizes never have one); ``streak`` the current run of wins that count."""

    time: dict
    speed: dict
    streak: int


def level_bests(store: RecordStore, level: str, filtered: bool = False) -> LevelBests:
    """``level``'s (one of LEVELS) bests in the window's tables (RecordStore.best: the
    eligible wins, as the Statistics' tables read them; ``filtered``: the 3BV filter's own
    tables) and its current win streak (as :func:`level_stats` counts it): a few queries,
    for a screen that reads them once, not a frame at a time."""
    time, speed = {}, {}
    for category in CATEGORIES:
        fastest = store.best(level, "time", 1, filtered=filtered, category=category)
        quickest = store.best(level, "3bv_per_second", 1, filtered=filtered, category=category)
        time[category] = fastest[0].seconds if fastest else None
        speed[category] = quickest[0].three_bv_per_second if quickest else None
    current, _longest = streaks(r.won and not r.helped for r in store.results(level))
    return LevelBests(time, speed, current)


class LazySummary(Mapping):
    """:func:`summary` read a level at a time: ``lazy[level]`` is that level's LevelStats,
    computed from ``store`` when first asked for and then kept (the Statistics screen shows
    one level at a time: opening it reads only the level it opens on). Iterates over LEVELS;
    a level not in LEVELS raises KeyError (``get`` gives None)."""

    def __init__(self, store: RecordStore) -> None:
        self.store = store
        self._read: dict[str, LevelStats] = {}

    def __getitem__(self, level: str) -> LevelStats:
        if level not in LEVELS:
            raise KeyError(level)
        if level not in self._read:
            self._read[level] = level_stats(self.store, level)
        return self._read[level]

    def __iter__(self) -> Iterator[str]:
        return iter(LEVELS)

    def __len__(self) -> int:
        return len(LEVELS)


CHART_SPEED = figure("bbbv_per_s")  # the chart's lower plot: the figure of the result panel and the bests
CHART_TABLE = "window"  # the table of bests the chart's running bests follow (record.TABLES)


@dataclass(frozen=True)
class ChartPoint:
    """One win on a level's chart (game.ui.stats.chart), the wins oldest first.

    ``seconds`` its time; ``speed`` its 3BV/s (the competitive figure :data:`CHART_SPEED`,
    game.figures' ``bbbv_per_s`` as on the result panel and the Bests page; None until
    computed or for a win without one: no 3BV/s point). ``apart`` True for a win the tables
    of bests keep out for how it was played: the solver's help, a layout known before, or
    typed in a terminal (the console's table, not the window's); drawn apart. ``ranks`` True
    for a win that enters the window's table of bests (not ``apart``, and a standard level:
    custom sizes have no bests). ``best_time`` and ``best_speed`` the running bests of the
    ranking wins up to this one (None before the first): the last ones are the Bests page's
    "All" column of the window's table."""

    record_id: int
    played_at: str
    seconds: float
    speed: float | None
    ranks: bool
    best_time: float | None
    best_speed: float | None
    apart: bool = False


def chart_points(store: RecordStore, level: str) -> list[ChartPoint]:
    """``level``'s wins (one of LEVELS: both Beginners apart), oldest first, with their
    running bests, by the rules of the tables of bests (db.best_where, game.figures.bests):
    a win ranks when it may enter the window's table (GameRecord.best_time_eligible, played
    with the mouse or the keys); the running best time is the lowest, the running 3BV/s the
    :data:`CHART_SPEED` figure's better end. Only wins that count as wins before help is
    looked at (db.COUNTED_WINS: no undo, not fed by a script) are drawn. Returns ChartPoints;
    an empty list for a level without wins (or not one of LEVELS)."""
    points, best_time, best_speed = [], None, None
    better = max if CHART_SPEED.best_sql == "max" else min
    for record in store._records(f"WHERE level = ? AND {COUNTED_WINS}", (level,), level=level):
        apart = any(reason != "custom" for reason in record.exclusions()) or record.table != CHART_TABLE
        ranks = not apart and record.best_time_eligible
        speed = getattr(record, CHART_SPEED.name)
        if ranks:
            best_time = record.seconds if best_time is None else min(best_time, record.seconds)
            if speed is not None:
                best_speed = speed if best_speed is None else better(best_speed, speed)
        points.append(ChartPoint(record.id, record.played_at, record.seconds, speed, ranks, best_time, best_speed,
                                 apart))
    return points


RESULTS = ("all", "won", "lost")  # the game list's result filter
BBBV_RANGES = ((None, None), (1, 19), (20, 49), (50, 99), (100, 149), (150, 199), (200, None))  # 3BV presets


def recent_games(store: RecordStore, level: str, result: str = "all", no_flags: bool = False,
                 bbbv: tuple[int | None, int | None] = (None, None), limit: int = 500) -> list:
    """``level``'s games, newest first, up to ``limit``: ``result`` one of RESULTS (``lost``
    counts abandoned games, recorded as losses), ``no_flags`` only no-flag games: the ``nf``
    column, as the bests' NF category reads it (no right click changed the board,
    Metasweeper's rule); a row without it (figures not yet known) by its flag moves, ``bbbv`` an inclusive (min, max)
    range of the board's 3BV, None for no bound. Returns GameRecords."""
    where, params = ["level = ?"], [level]
    if result != "all":
        where.append("won = ?")
        params.append(1 if result == "won" else 0)
    if no_flags:
        where.append("coalesce(nf, coalesce(clicks_flag, flags) = 0) = 1")
    low, high = bbbv
    if low is not None:
        where.append("three_bv >= ?")
        params.append(low)
    if high is not None:
        where.append("three_bv <= ?")
        params.append(high)
    return store._records("WHERE " + " AND ".join(where), (*params, limit), "ORDER BY id DESC LIMIT ?", level=level)


def best_pace(store: RecordStore, level: str, filtered: bool = False) -> float | None:
    """The player's best 3BV/s on ``level`` among the wins that rank (the Bests' rule:
    game.records.db.best_where, the window's table), the live counters' pace line (issue 38,
    point 5: game.replay.progress.pace), or None: a custom size, no such win yet.
    ``filtered``: among the games dealt under the 3BV filter (ranked apart)."""
    found = store.best(level, "3bv_per_second", 1, filtered=filtered)
    if not found or not found[0].three_bv or found[0].time_ms <= 0:
        return None
    return found[0].three_bv * 1000 / found[0].time_ms
