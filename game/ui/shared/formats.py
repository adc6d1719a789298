"""Numbers, percentages, dates and level names as the language in use writes them (Babel's
locale data: a decimal comma and "1 may 2024" in Spanish), for the result panel, the
Statistics screen and the viewers.

Each function reads the language when it is called (game.i18n.language), so a label
formatted at drawing time follows a language switch at once. Numbers are rounded as
Python's ``f"{value:.2f}"`` rounds them before Babel writes them, so English shows
exactly the digits it always did (no grouping: ``1234.5``, as before) and only the
separators change in another language. No pygame here.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from functools import lru_cache

from babel import Locale
from babel.dates import format_date, format_datetime, match_skeleton
from babel.numbers import format_decimal, format_percent

from game.i18n import LEVEL_NAMES, _, language, level_name, locale_name, number  # noqa: F401 - LEVEL_NAMES, level_name: the screens' names

NONE = "-"  # a figure that has no value


def decimal(value: float | None, digits: int = 2) -> str:
    """``value`` with ``digits`` decimals in the language in use: ``2.31`` / ``2,31``
    (game.i18n.number); NONE for None."""
    return NONE if value is None else number(value, digits)


def seconds(value: float | None, digits: int = 1) -> str:
    """``12.3 s`` / ``12,3 s``, or NONE for no value."""
    return NONE if value is None else _("{seconds} s").format(seconds=decimal(value, digits))


def speed_text(times: float) -> str:
    """A playback speed: ``0.25x``, ``1x`` / ``0,25x`` (as few decimals as it needs)."""
    return f"{format_decimal(times, '0.##', locale=locale_name())}x"


def percent(value: float | None) -> str:
    """``value`` (0 to 100) as a whole percentage in the language's own pattern, as every
    percent the game writes (game.i18n.percent): ``59%`` in English, ``59 %`` (a no-break
    space) in Spanish; NONE for None."""
    if value is None:
        return NONE
    whole = Decimal(f"{value:.0f}")
    fraction = (whole.copy_abs() if whole.is_zero() else whole) / 100  # never "-0 %"
    return format_percent(fraction, locale=locale_name())


def _parsed(stamp: str) -> datetime | None:
    """The wall-clock time written in ISO 8601 ``stamp`` (a record's played_at), or None."""
    try:
        return datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return None


def day(stamp: str) -> str:
    """The date of ISO 8601 ``stamp`` in Babel's medium format: ``May 1, 2024`` /
    ``1 may 2024`` (the stamp's first ten characters when it is not a date)."""
    when = _parsed(stamp)
    if when is None:
        return stamp[:10]
    return format_date(when.date(), "medium", locale=locale_name())


def day_and_time(stamp: str) -> str:
    """Month, day and 24-hour time of ISO 8601 ``stamp``, short, for a list: ``05/01 12:00`` /
    ``1/5 12:00`` (as written, in the stamp's own time zone)."""
    when = _parsed(stamp)
    if when is None:
        return stamp[5:16].replace("T", " ")
    name = locale_name()
    return f"{format_datetime(when.date(), skeleton_pattern('MMdd', name), locale=name)} {when:%H:%M}"


@lru_cache(maxsize=None)
def skeleton_pattern(skeleton: str, name: str) -> str:
    """The date pattern Babel's ``format_skeleton`` writes ``skeleton`` (CLDR: ``MMdd``) with in
    locale ``name`` (``en_US``), its closest match when the locale has no such skeleton, worked
    out once a locale: matching takes about 0.5 ms, and the Games page writes a date on each
    row it draws. Raises KeyError when nothing matches (as format_skeleton does)."""
    skeletons = Locale.parse(name).datetime_skeletons
    if skeleton not in skeletons:
        skeleton = match_skeleton(skeleton, skeletons)
    return skeletons[skeleton]

