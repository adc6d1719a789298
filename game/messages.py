"""Errors and notes as data: a message template plus the values it names, rendered in words
by the interface in the language in use.

The engine, the board files, the generator and the records raise errors that carry their
facts (:class:`Explained`: the field, the value, the allowed range...) and an English
template marked for translation; ``str(err)`` is the English sentence (logs, JSON, the
tests), and :func:`describe` is the sentence in the language in use, for the window, the
console and the command line. So the code that finds a problem never knows languages, and
the code that shows it never rebuilds its sentence. No pygame here.
"""

from __future__ import annotations

import errno
import json
import sys
from typing import Callable, TextIO

from game import PROG
from game.i18n import N_, _, count

__all__ = ["N_", "Explained", "ExplainedValueError", "Note", "Spoken", "cut_note", "data_error", "describe",
           "error_line", "file_name", "note", "os_error_text", "system_error", "warn"]


class Explained(Exception):
    """An error (or note) made of ``template`` (an English message marked with ``N_``, with
    named ``{placeholders}``) and ``params``, the values it names.

    Subclass it together with the built-in error it is (``class BoardFileError(Explained,
    ValueError)``), so callers that catch ValueError still do. ``str(err)`` is English.
    """

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params))


class ExplainedValueError(Explained, ValueError):
    """A ValueError with its facts as data (see :class:`Explained`)."""


class Note(str):
    """A sentence that is also data: the English text (it IS that str, so it prints, compares
    and joins like one) plus the ``template`` and ``params`` it came from, for
    :func:`describe` to give in the language in use. For warnings and reasons returned
    rather than raised (a settings value not taken, why a size has no no-guess board)."""

    template: str
    params: dict

    def __new__(cls, template: str, **params: object) -> "Note":
        made = super().__new__(cls, template.format(**params))
        made.template, made.params = template, params
        return made


class Spoken(str):
    """A text that is English as a str (logs, JSON, the tests read it so) and worded by
    ``words()`` in the language in use when :func:`describe` gives it (also as a value of an
    :class:`Explained` or a :class:`Note`): an OS error's text, a JSON or SQLite error, a
    "(3,000,000 characters)" cut-off note whose count is grouped the language's way."""

    words: Callable[[], str]

    def __new__(cls, english: str, words: Callable[[], str]) -> "Spoken":
        made = super().__new__(cls, english)
        made.words = words
        return made


def _or_english(msgid: str, english: str) -> str:
    """``msgid`` translated; ``english`` (the system's or library's own words, kept as they
    came) when the language in use has no other words for it (English)."""
    words = _(msgid)
    return english if words == msgid else words


# The OS errors the player meets most, in words of the language in use (English keeps the
# system's own text, ``strerror``)
ERRNO_TEXTS = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EROFS: N_("Read-only file system"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
    errno.EEXIST: N_("File exists"),
    errno.EBUSY: N_("Device or resource busy"),
    errno.EINVAL: N_("Invalid argument"),
    errno.EIO: N_("Input/output error"),
    errno.EMFILE: N_("Too many open files"),
    errno.ENXIO: N_("No such device or address"),
    errno.EXDEV: N_("Invalid cross-device link"),
    errno.ENOTEMPTY: N_("Directory not empty"),
    errno.EPIPE: N_("Broken pipe"),
    errno.EFBIG: N_("File too large"),
    errno.EAGAIN: N_("Resource temporarily unavailable"),
}
if hasattr(errno, "EDQUOT"):
    ERRNO_TEXTS[errno.EDQUOT] = N_("Disk quota exceeded")


def system_error(err: BaseException) -> str:
    """What went wrong in ``err`` as data for a message: the game's own OSErrors (a folder
    where a file was named, a file too large, a kept file: their ``strerror`` is worded in
    the language already), an OS error's ``strerror`` (a :class:`Spoken`: English as the
    system says it, the language's words for the common errno values), a JSON or SQLite
    error (:func:`data_error`); anything else as ``str(err)``."""
    text = getattr(err, "strerror", None) if isinstance(err, OSError) else None
    if isinstance(text, (Spoken, Note)):
        return text
    if isinstance(err, Explained):
        return err
    if text:
        msgid = ERRNO_TEXTS.get(err.errno)
        return text if msgid is None else Spoken(text, lambda: _or_english(msgid, text))
    return data_error(err)


def os_error_text(err: BaseException) -> str:
    """:func:`system_error` in words, in the language in use: what a message shows where it
    showed ``err.strerror or err``."""
    return describe(system_error(err))


def _worded(msgid: str, english: str, **params: object) -> str:
    """``msgid`` translated and filled with ``params``; ``english`` (the library's own words,
    kept as they came) when the language in use has no other words for it (English)."""
    words = _(msgid)
    return english if words == msgid else words.format(**params)


# json's own problems (JSONDecodeError.msg), the common ones
JSON_PROBLEMS = {
    "Expecting property name enclosed in double quotes": N_("a key in double quotes was expected"),
    "Expecting value": N_("a value was expected"),
    "Expecting ',' delimiter": N_("a comma was expected"),
    "Expecting ':' delimiter": N_("a colon was expected"),
    "Extra data": N_("there is more after the end of the JSON"),
    "Unterminated string starting at": N_("a string is not closed"),
    "Invalid control character at": N_("a string holds a control character"),
    "Invalid \\escape": N_("a string holds an invalid escape"),
    "Illegal trailing comma before end of object": N_("a comma before the end of an object"),
    "Illegal trailing comma before end of array": N_("a comma before the end of an array"),
}
JSON_SENTENCE = N_("the JSON is not valid at line {line}, column {column}: {problem}")
JSON_SOME_PROBLEM = N_("the JSON is not valid at line {line}, column {column}")
UNICODE_SENTENCE = N_("the text is not valid {encoding}: byte {byte} at position {position}")
# sqlite3's own messages, the ones a damaged or busy records file gives
LIBRARY_TEXTS = {
    "file is not a database": N_("the file is not a database"),
    "database is locked": N_("the database is locked"),
    "database disk image is malformed": N_("the database file is damaged"),
    "disk i/o error": N_("disk input/output error"),
    "attempt to write a readonly database": N_("the database is read-only"),
    "unable to open database file": N_("the database file cannot be opened"),
    "database or disk is full": N_("the database or the disk is full"),
}


def data_error(err: BaseException) -> str:
    """A JSON decode error, a text that is not UTF-8, SQLite's "file is not a database" and
    the like, as data for a message (a :class:`Spoken`: English as the library says it; the
    JSON error's line and column kept); anything else as ``str(err)``."""
    english = str(err)
    if isinstance(err, json.JSONDecodeError):
        problem = JSON_PROBLEMS.get(err.msg)
        if problem is None:
            return Spoken(english, lambda: _worded(JSON_SOME_PROBLEM, english, line=count(err.lineno),
                                                   column=count(err.colno)))
        return Spoken(english, lambda: _worded(JSON_SENTENCE, english, line=count(err.lineno),
                                               column=count(err.colno), problem=_(problem)))
    if isinstance(err, UnicodeDecodeError):
        byte = f"0x{err.object[err.start]:02x}" if err.start < len(err.object) else "?"
        return Spoken(english, lambda: _worded(UNICODE_SENTENCE, english, encoding=err.encoding.upper(),
                                               byte=byte, position=count(err.start)))
    msgid = LIBRARY_TEXTS.get(english.lower())
    if msgid is not None:
        return Spoken(english, lambda: _or_english(msgid, english))
    return english


CUT = N_("{start}... ({count} characters)")


def cut_note(start: str, length: int) -> str:
    """A value cut for a message, its length given: ``'aaaa'... (3,000,000 characters)`` in
    English, the count grouped the language's way and "caracteres" in Spanish."""
    english = f"{start}... ({length:,} characters)"
    return Spoken(english, lambda: _(CUT).format(start=start, count=count(length)))


def note(template: str, **params: object) -> Note:
    """A :class:`Note`: ``template`` (marked with N_) filled with ``params``."""
    return Note(template, **params)


def describe(err: BaseException | str) -> str:
    """``err`` in words, in the language in use: an :class:`Explained` error's or a
    :class:`Note`'s template translated and filled in (a value that is itself one is
    described too); anything else as ``str(err)`` (an OS error's own text, say). The
    solver's InconsistentPosition carries a Reason instead, worded by
    game.commands.explain_text.impossible_text (this module sits below the solver)."""
    if isinstance(err, (Explained, Note)):
        return _(err.template).format(**{name: shown(name, value) for name, value in err.params.items()})
    if isinstance(err, Spoken):
        return err.words()
    return str(err)


NAMES_NOT_COUNTS = frozenset({"id", "seed", "line", "column", "byte", "rows", "cols", "x", "y", "year", "version",
                              "schema", "code", "status", "port"})  # whole numbers that are names or places


def shown(name: str, value: object) -> object:
    """A message parameter ``name`` as :func:`describe` fills it in: a message described, a
    whole number that is a count or a bound (``most``, ``value``, ``mines``...) grouped the
    language's way (``999,999`` / ``999.999``: game.i18n.count, issue 36), and a number that
    names or places something (an id, a seed, a line, a board's rows and columns, written
    ``1000x1000``: NAMES_NOT_COUNTS) and anything else as it is."""
    if isinstance(value, (Explained, Note, Spoken)):
        return describe(value)
    if isinstance(value, int) and not isinstance(value, bool) and name not in NAMES_NOT_COUNTS:
        return count(value)
    return value


def file_name(name: object) -> str:
    """A file name as a line shows it: as it is, or, when it holds a character that is not
    printable (a newline would split an error line in two), as a quoted Python literal with
    that character escaped (``'a\\nb.evf'``)."""
    text = str(name)
    return text if text.isprintable() else repr(text)


ERROR_LINE = N_("%(prog)s: error: %(message)s\n")  # argparse's own msgid: one translation for both


def error_line(message: str, prog: str = PROG) -> str:
    """``python main.py: error: MESSAGE`` (with its newline; ``prog`` the program's name) in
    the language in use, worded as argparse's errors are (the same message in the catalogue)."""
    return _(ERROR_LINE) % {"prog": prog, "message": message}


def warn(message: BaseException | str, file: TextIO | None = None) -> None:
    """Print ``python main.py: warning: MESSAGE`` on ``file`` (standard error by default),
    the message in the language in use (:func:`describe`; a plain str as it is). A message
    written as a sentence for a dialog ("The records database ... was damaged") starts in
    lower case after ``warning:``, as every other warning line does (a word in capitals,
    such as "MBF", is left as it is)."""
    words = describe(message)
    if words[:1].isupper() and words[1:2].islower():
        words = words[0].lower() + words[1:]
    print(_("{prog}: warning: {message}").format(prog=PROG, message=words),
          file=sys.stderr if file is None else file)
