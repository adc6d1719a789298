"""The game's languages: English and Spanish, through standard gettext catalogues.

Messages are marked in the code with :func:`_` (translate now), :func:`ngettext` (a
message with plural forms, chosen by a count) and :func:`N_` (mark a constant whose
translation is looked up later, when it is shown, with ``_(constant)``). The catalogues
are ``game/locales/<lang>/LC_MESSAGES/minesweeper.po`` (the text translators edit) and
the compiled ``.mo`` beside it (what gettext reads), both committed; the Babel commands
that extract, update and compile them are in the README ("Languages").

The language is process-wide: :func:`set_language` switches it at once (the window's
Options do, and every label is looked up again when it is next drawn); :func:`language`
says which is in use. The default comes from the environment as gettext reads it
(LANGUAGE, LC_ALL, LC_MESSAGES, LANG: :func:`system_language`), falling back to English.

What stays English whatever the language: file formats, JSON output, CSV column names,
settings keys and the records (contracts with other tools). No pygame here.
"""

from __future__ import annotations

import gettext
import os
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterator, Mapping

from babel import Locale
from babel.numbers import parse_pattern

DOMAIN = "minesweeper"
LOCALES = Path(__file__).resolve().parent / "locales"
LANGUAGES = {"en": "English", "es": "Español"}  # code -> the language's own name
DEFAULT = "en"
LOCALE_NAMES = {"en": "en_US", "es": "es_ES"}  # code -> the CLDR locale Babel formats numbers and dates in
ENV_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # gettext's order

_translation: gettext.NullTranslations = gettext.NullTranslations()
# a catalogue :func:`speaking` put in force for this thread's block (None: the language in use)
_speaking: ContextVar[gettext.NullTranslations | None] = ContextVar("speaking", default=None)
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
    """The locale of language ``code`` (default: the one in use), for Babel's number and date
    formats: 'en_US' or 'es_ES' (English's for a language without one, such as the tests'
    pseudo-language)."""
    return LOCALE_NAMES.get(code or _language, LOCALE_NAMES[DEFAULT])


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
    that must be in one language whatever the player's, such as JSON (English)."""
    token = _speaking.set(catalogue(code))
    try:
        yield
    finally:
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
