"""The daily boards: one board per UTC day and standard level, the same on every copy of the
game (issue 38), as a game.midend.boardcode.BoardCode.

The rule (version :data:`DAILY_VERSION`; docs/board-codes.md, "Daily boards"): take the
SHA-256 of the ASCII text ``minesweeper-daily/1/YYYY-MM-DD/LEVEL`` (LEVEL one of
:data:`DAILY_LEVELS`' names). Its first five bytes, big-endian, are the board's seed; the next
four, big-endian, modulo rows * cols, are the start cell's row-major index. The board is a
no-guess board of the level's size under the ``opening`` rule, laid at the start cell from
the seed by game.midend.stable_random (generator version 1) and game.noguess: nothing in it
depends on Python's version, the platform or the machine's speed. A new rule is a new
:data:`DAILY_VERSION`, and the days before it keep the old one
(tests/rules/test_daily.py pins the boards of three dates). No pygame here.
"""

from __future__ import annotations

import datetime as dt
import hashlib

from game.messages import N_, Explained
from game.midend.boardcode import BoardCode
from game.rules.board import LEVEL_SIZES

DAILY_VERSION = 1
DAILY_LEVELS = ("beginner", "beginner_8x8", "intermediate", "expert")
"""The levels with a daily board, in the order the menu and the Daily page list them."""
FIRST_DAY = dt.date(2026, 12, 1)
"""The first day with daily boards (this rule's first day)."""
DAYS_AHEAD = 1
"""Days after today (UTC) that may be opened: a player whose clock is ahead of UTC (up to
UTC+14) is already in tomorrow. Later days are refused: no one plays a daily before its day."""


class DailyError(Explained, ValueError):
    """A day or level that has no daily board; says which and what is allowed (as data:
    game.messages.Explained)."""


def today() -> dt.date:
    """Today's date in UTC: the day whose daily boards are today's everywhere."""
    return dt.datetime.now(dt.timezone.utc).date()


def check_day(day: dt.date, now: dt.date | None = None) -> dt.date:
    """``day`` when it has daily boards: from :data:`FIRST_DAY` to :data:`DAYS_AHEAD` after
    ``now`` (default: :func:`today`).

    Raises:
        DailyError: ``day`` is before the first daily day or too far ahead.
    """
    now = today() if now is None else now
    last = now + dt.timedelta(days=DAYS_AHEAD)
    if not FIRST_DAY <= day <= last:
        raise DailyError(N_("there is no daily board for {day}: daily boards run from {first} to {last} (UTC)"),
                         day=day.isoformat(), first=FIRST_DAY.isoformat(), last=last.isoformat())
    return day


def parse_day(text: str) -> dt.date:
    """The date written ``YYYY-MM-DD``.

    Raises:
        DailyError: ``text`` is not such a date.
    """
    try:
        return dt.date.fromisoformat(text.strip())
    except (ValueError, AttributeError):
        raise DailyError(N_("{text} is not a date: write it YYYY-MM-DD, like {example}"),
                         text=repr(text), example=FIRST_DAY.isoformat()) from None


def daily_code(day: dt.date, level: str) -> BoardCode:
    """The daily board of ``day`` (a UTC date) and ``level`` (one of :data:`DAILY_LEVELS`),
    by the rule in this module's docstring. It does not check the day's range
    (:func:`check_day` does).

    Raises:
        DailyError: ``level`` has no daily board.
    """
    if level not in DAILY_LEVELS:
        raise DailyError(N_("{level} has no daily board; allowed {allowed}"),
                         level=repr(level), allowed=", ".join(DAILY_LEVELS))
    rows, cols, mines = LEVEL_SIZES[level]
    digest = hashlib.sha256(f"minesweeper-daily/{DAILY_VERSION}/{day.isoformat()}/{level}".encode("ascii")).digest()
    seed = int.from_bytes(digest[:5], "big")
    start = divmod(int.from_bytes(digest[5:9], "big") % (rows * cols), cols)
    return BoardCode(rows, cols, mines, "opening", True, seed=seed, start=start)
