"""The game's languages: English and Spanish, through standard gettext catalogues.

Messages are marked in the code with :func:`_` (translate now), :func:`ngettext` (a
message with plural forms, chosen by a count) and :func:`N_` (mark a constant whose
translation is looked up later, when it is shown, with ``_(constant)``). The catalogues
are ``game/locales/<lang>/LC_MESSAGES/minesweeper.po`` (the text translators edit) and
the compiled ``.mo`` beside it (what gettext reads), both committed; the Babel commands
that extract, update and compile them are in docs/languages.md.

The language is process-wide: :func:`set_language` switches it at once (the window's
Options do, and every label is looked up again when it is next drawn); :func:`language`
says which is in use. The default comes from the environment as gettext reads it
(LANGUAGE, LC_ALL, LC_MESSAGES, LANG: :func:`system_language`), falling back to English.

Numbers, counts, percentages, level names and dates in words go through the formatters
here (:func:`number`, :func:`count`, :func:`percent`, :func:`level_name`, :func:`date_text`),
which take their separators and patterns from Babel's locale data: ``12,5 %``, ``22.500``,
``1.234,5`` and ``26 nov 2026`` in Spanish, in the language :func:`speaking` put in force.

What stays English whatever the language: file formats, JSON output, CSV column names,
settings keys and the records (contracts with other tools). No pygame here.
"""

from __future__ import annotations

import gettext
import os
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from decimal import Decimal
from functools import lru_cache
from typing import Callable, Iterator, Mapping

from babel import Locale
from babel.dates import format_date
from babel.numbers import get_group_symbol, parse_pattern

from game.resources import locales_dir

DOMAIN = "minesweeper"
LOCALES = locales_dir()  # game.resources: checkout, wheel or frozen app
LANGUAGES = {"en": "English", "es": "Español"}  # code -> the language's own name
DEFAULT = "en"
LOCALE_NAMES = {"en": "en_US", "es": "es_ES"}  # code -> the CLDR locale Babel formats numbers and dates in
ENV_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # gettext's order

_translation: gettext.NullTranslations = gettext.NullTranslations()
# a catalogue :func:`speaking` put in force for this thread's block (None: the language in use)
_speaking: ContextVar[gettext.NullTranslations | None] = ContextVar("speaking", default=None)
_speaking_code: ContextVar[str | None] = ContextVar("speaking_code", default=None)  # its language, for numbers
_language = DEFAULT
_listeners: list[Callable[[str], None]] = []


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (translate it where it is shown)."""
    return message


def _(message: str) -> str:
    """``message`` in the current language (itself when the catalogue lacks it)."""
    return (_speaking.get() or _translation).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for count ``n``, in the current language (Spanish and English
    both have two forms: one, and everything else)."""
    return (_speaking.get() or _translation).ngettext(singular, plural, n)


def language() -> str:
    """The code of the language in use: 'en' or 'es'."""
    return _language


def locale_name(code: str | None = None) -> str:
    """The locale of language ``code`` (default: the one :func:`speaking` put in force, else
    the one in use), for Babel's number and date formats: 'en_US' or 'es_ES' (English's for a
    language without one, such as the tests' pseudo-language)."""
    return LOCALE_NAMES.get(code or _speaking_code.get() or _language, LOCALE_NAMES[DEFAULT])


def set_language(code: str, translation: gettext.NullTranslations | None = None) -> None:
    """Use language ``code`` from now on; listeners (see :func:`on_change`) are told.

    ``translation`` overrides the catalogue (the tests' pseudo-language uses it).
    Raises:
        ValueError: ``code`` is not one of LANGUAGES (the message names them).
    """
    global _translation, _language
    if translation is None:
        if code not in LANGUAGES:
            raise ValueError(f"language: {code!r} is not one of {', '.join(LANGUAGES)}")
        translation = catalogue(code)
    _translation, _language = translation, code
    for listener in list(_listeners):
        listener(code)


def catalogue(code: str) -> gettext.NullTranslations:
    """The compiled catalogue of language ``code`` (English: no catalogue, the messages as written)."""
    if code == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALES, languages=[code])


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Within the block, :func:`_` and :func:`ngettext` answer in language ``code`` (this
    thread only: the language in use is not changed and no listener is told). For output
    that must be in one language whatever the player's, such as JSON (English); numbers and
    dates are written that language's way too."""
    token = _speaking.set(catalogue(code))
    code_token = _speaking_code.set(code)
    try:
        yield
    finally:
        _speaking_code.reset(code_token)
        _speaking.reset(token)


def number(value: float, digits: int, grouped: bool = False) -> str:
    """``value`` with ``digits`` decimals, written the way the language in use writes numbers:
    ``1234.5`` / ``1234,5``, with ``grouped`` ``1,234.5`` / ``1.234,5``. Rounded as Python's
    ``f"{value:.{digits}f}"`` rounds, so English keeps exactly the digits it always showed;
    Babel (CLDR) gives the separators. A value that rounds to zero is written without a
    sign (``0.00``, never ``-0.00``)."""
    rounded = Decimal(f"{value:.{digits}f}")
    if rounded.is_zero():
        rounded = rounded.copy_abs()
    return _number_pattern(digits, grouped).apply(rounded, _locale(locale_name()))


def short_number(value: float) -> str:
    """``value`` with as few decimals as show it, at most 6, the language's way: ``25``,
    ``0.5`` / ``0,5``, ``0.001`` / ``0,001`` (a budget's seconds)."""
    if float(value).is_integer():
        return number(value, 0)
    return number(value, 6).rstrip("0").rstrip(".,")  # (no grouping: the one sign left is the decimal one)


def count(value: int) -> str:
    """A count (an int, exact however long), thousands grouped the language's way: ``22,500`` / ``22.500``."""
    digits = str(abs(value))  # exact: Babel would round a long int to the decimal context's 28 digits
    groups = [digits[max(0, end - 3):end] for end in range(len(digits), 0, -3)][::-1]
    return ("-" if value < 0 else "") + get_group_symbol(locale_name()).join(groups)


# Translators: a range of whole numbers, both ends included (the Custom form's hints):
# Spanish writes "de 1 a 1.000", since "1..1.000" mixes the range's dots with the thousands'.
SPAN = N_("{low}..{high}")


def span(low: int, high: int) -> str:
    """The whole numbers ``low`` to ``high`` as the language writes a range, the ends
    grouped as :func:`count` groups them: ``1..1,000`` / ``de 1 a 1.000``."""
    return _(SPAN).format(low=count(low), high=count(high))


def percent(fraction: float, places: int = 1) -> str:
    """``fraction`` (0..1) as a percent with ``places`` decimals, in the language's own percent
    pattern: ``12.5%`` / ``12,5 %`` (a no-break space). Rounded as ``f"{fraction:.1%}"`` rounds."""
    rounded = Decimal(f"{fraction:.{places}%}"[:-1]) / 100
    locale = _locale(locale_name())
    return _percent_pattern(locale.percent_formats[None].pattern, places).apply(rounded, locale)


@lru_cache(maxsize=None)
def _percent_pattern(base: str, places: int):
    return parse_pattern(base.replace("0", "0" + ("." + "0" * places if places else ""), 1)
                         if places else base)


# a record's level -> its name (translate with _() where shown)
LEVEL_NAMES = {"beginner": N_("Beginner"), "beginner_8x8": N_("Beginner 8x8"), "intermediate": N_("Intermediate"), "expert": N_("Expert"),
               "custom": N_("Custom")}
# Translators: a date, as a CLDR date pattern (Babel's format_date): English keeps ISO 8601;
# Spanish "d MMM y" gives "1 mar 2025".
DATE_PATTERN = N_("yyyy-MM-dd")


def level_name(level: str) -> str:
    """A level's name in the language in use ("Beginner", "Principiante"); a level the game
    does not know, capitalised."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level.title()


def date_text(stamp: str, with_time: bool = False) -> str:
    """The day of ISO 8601 ``stamp`` (a record's ``played_at``) in the language's format
    (:data:`DATE_PATTERN`: ``2025-03-01`` / ``1 mar 2025``), with ``with_time`` its 24-hour
    time after it (``, 14:05``); the stamp as it is written when it is not a date."""
    try:
        when = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return stamp[:16] if with_time else stamp[:10]
    day = format_date(when.date(), format=_(DATE_PATTERN), locale=locale_name())
    return f"{day}, {when:%H:%M}" if with_time else day


@lru_cache(maxsize=None)
def _number_pattern(digits: int, grouped: bool):
    return parse_pattern(("#,##0" if grouped else "0") + ("." + "0" * digits if digits else ""))


@lru_cache(maxsize=None)
def _locale(name: str) -> Locale:
    return Locale.parse(name)


def on_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(code)`` after every :func:`set_language` (a window drops its cached labels)."""
    _listeners.append(listener)


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, the way gettext reads it: the first of
    LANGUAGE (a colon-separated list), LC_ALL, LC_MESSAGES and LANG that is set, each
    value's language part (``es_MX.UTF-8`` -> ``es``); the first supported one, else English.
    A value of ``C`` or ``POSIX`` means English."""
    environ = os.environ if environ is None else environ
    for name in ENV_VARIABLES:
        value = environ.get(name, "")
        if not value:
            continue
        for part in value.split(":"):
            code = part.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
            if code in ("c", "posix"):
                return DEFAULT
        if name != "LANGUAGE":
            return DEFAULT  # the variable that decides names an unsupported language
    return DEFAULT
