"""Statistics per difficulty, computed from the records database.

Custom games of every size are grouped as ``custom``. Every finished game counts in
played / won / streaks / averages, including games with help (hints, autoplay, the
probability overlay) or a known layout (a loaded board, a retry); only the best-time
tables leave those out (see :meth:`RecordStore.best_times`).
Times here are in seconds (floats); the database keeps milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from game.records.db import RecordStore
from game.records.record import LEVELS

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


@dataclass(frozen=True)
class LevelStats:
    """One difficulty's statistics.

    ``win_percent`` is None when nothing was played; ``average_time`` (seconds) and
    ``average_3bv_per_second`` are over won games, None without wins;
    ``recent`` is up to RECENT (won, seconds) pairs, oldest first.
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
    recent: tuple[tuple[bool, float], ...]

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


def level_stats(store: RecordStore, level: str, recent: int = RECENT) -> LevelStats:
    """Statistics of ``level`` (one of LEVELS) from ``store``."""
    results = store.results(level)
    wins = [(time_ms, bv) for won, time_ms, bv in results if won]
    current, longest = streaks(won for won, _, _ in results)
    speeds = [bv * 1000.0 / time_ms for time_ms, bv in wins if bv is not None and time_ms > 0]
    best = tuple(
        BestTime(rank, record.seconds, record.name, record.played_at, record.id,
                 record.three_bv_per_second)
        for rank, record in enumerate(store.best_times(level), start=1))
    return LevelStats(
        level=level, played=len(results), won=len(wins),
        win_percent=100.0 * len(wins) / len(results) if results else None,
        current_streak=current, longest_streak=longest, best_times=best,
        average_time=sum(t for t, _ in wins) / len(wins) / 1000.0 if wins else None,
        average_3bv_per_second=sum(speeds) / len(speeds) if speeds else None,
        recent=tuple((won, time_ms / 1000.0) for won, time_ms, _ in results[-recent:]) if recent else (),
    )


def summary(store: RecordStore) -> dict[str, LevelStats]:
    """Statistics for every level in LEVELS order: beginner, intermediate, expert, custom."""
    return {level: level_stats(store, level) for level in LEVELS}
