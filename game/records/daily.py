"""The player's daily boards (issue 38) as the records keep them: each day's result per level,
and the streaks of days played. The window's Statistics Daily page and ``--stats --json``
read them.

A daily board's games are recorded with its UTC date (game.records.record.GameRecord.daily,
schema 11). The first game recorded on a day and level is that daily's attempt, the ranked
one, however it ended (won, lost or abandoned); the games after it on the same daily are
later attempts, kept apart: the player knows the board by then. A day counts as played when
at least one game of any level's daily of that day was recorded. No pygame here.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from game.midend.daily import DAILY_LEVELS
from game.records.db import RecordStore
from game.records.record import GameRecord


@dataclass(frozen=True)
class DailyDay:
    """One day's daily board of one level as the player played it.

    Attributes:
        day: the UTC date, ``YYYY-MM-DD``.
        level: one of game.midend.daily.DAILY_LEVELS.
        first: the first attempt (the ranked one): the first game recorded on that daily.
            Never None in what :func:`daily_days` returns (a day is listed once played); the
            type allows None for a page that lists a day not played yet.
        attempts: games recorded on that daily, the first included.
        best_later: the best of the later attempts (a win that counts as one:
            GameRecord.counts_as_win; the fastest, ties to the earlier), kept apart from the
            first; None when no later attempt was such a win.
    """

    day: str
    level: str
    first: GameRecord | None
    attempts: int
    best_later: GameRecord | None


def _parse(day: str) -> dt.date | None:
    """The date of a stored ``daily`` value, or None when it is not a real date (a hand edit)."""
    try:
        return dt.date.fromisoformat(day)
    except (TypeError, ValueError):
        return None


def daily_days(store: RecordStore, level: str | None = None) -> list[DailyDay]:
    """Every daily the records hold (or ``level``'s only), newest day first, the levels of a
    day in DAILY_LEVELS' order. A game whose ``daily`` is not a real date or whose level has
    no daily board (a hand edit) is left out."""
    grouped: dict[tuple[str, str], list[GameRecord]] = {}
    for record in store.daily_games(level):
        if record.level in DAILY_LEVELS and _parse(record.daily) is not None:
            grouped.setdefault((record.daily, record.level), []).append(record)
    days = []
    for (day, name), games in grouped.items():
        later = [game for game in games[1:] if game.counts_as_win]
        best = min(later, key=lambda game: (game.time_ms, game.id or 0)) if later else None
        days.append(DailyDay(day, name, games[0], len(games), best))
    days.sort(key=lambda d: DAILY_LEVELS.index(d.level))
    days.sort(key=lambda d: d.day, reverse=True)  # stable: the levels stay in order within a day
    return days


def daily_streaks(store: RecordStore, today: dt.date) -> tuple[int, int]:
    """(current, longest): runs of consecutive UTC days with at least one daily played (any
    level). The current run is the one through ``today`` (a UTC date), or through yesterday
    when today has none yet (the day is not over), else 0; both count whole runs (a daily of
    tomorrow, open to players ahead of UTC, extends today's run)."""
    played = {_parse(record.daily) for record in store.daily_games() if record.level in DAILY_LEVELS}
    played.discard(None)
    longest = 0
    run_of: dict[dt.date, int] = {}
    for day in sorted(played):
        if day - dt.timedelta(days=1) in played:
            continue  # not a run's first day
        length = 1
        while day + dt.timedelta(days=length) in played:
            length += 1
        for i in range(length):
            run_of[day + dt.timedelta(days=i)] = length
        longest = max(longest, length)
    anchor = today if today in played else today - dt.timedelta(days=1)
    return run_of.get(anchor, 0), longest


def daily_summary(store: RecordStore, today: dt.date) -> dict:
    """``--stats --json``'s ``daily`` key (docs/records.md): ``{"levels": {level: {"days",
    "wins", "best_time_ms", "best_game"}}, "current_streak", "longest_streak"}`` for every
    level of DAILY_LEVELS: the days whose daily of that level was played, how many of their
    first attempts were won (GameRecord.counts_as_win), the fastest of those wins in ms and its
    game id (None when none); the streaks are :func:`daily_streaks`' (any level)."""
    levels = {}
    for level in DAILY_LEVELS:
        days = daily_days(store, level)
        wins = [d.first for d in days if d.first is not None and d.first.counts_as_win]
        best = min(wins, key=lambda game: (game.time_ms, game.id or 0)) if wins else None
        levels[level] = {"days": len(days), "wins": len(wins),
                         "best_time_ms": None if best is None else best.time_ms,
                         "best_game": None if best is None else best.id}
    current, longest = daily_streaks(store, today)
    return {"levels": levels, "current_streak": current, "longest_streak": longest}
