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

import sys
from typing import TextIO

from game import PROG
from game.i18n import N_, _

__all__ = ["N_", "Explained", "ExplainedValueError", "Note", "describe", "error_line", "file_name", "note", "warn"]


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


def note(template: str, **params: object) -> Note:
    """A :class:`Note`: ``template`` (marked with N_) filled with ``params``."""
    return Note(template, **params)


def describe(err: BaseException | str) -> str:
    """``err`` in words, in the language in use: an :class:`Explained` error's or a
    :class:`Note`'s template translated and filled in (a value that is itself one is
    described too); anything else as ``str(err)`` (an OS error's own text, say). The
    solver's InconsistentPosition carries a Reason instead, worded by
    game.explain_text.impossible_text (this module sits below the solver)."""
    if isinstance(err, (Explained, Note)):
        params = {k: describe(v) if isinstance(v, (Explained, Note)) else v for k, v in err.params.items()}
        return _(err.template).format(**params)
    return str(err)


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
    the message in the language in use (:func:`describe`; a plain str as it is)."""
    print(_("{prog}: warning: {message}").format(prog=PROG, message=describe(message)),
          file=sys.stderr if file is None else file)
