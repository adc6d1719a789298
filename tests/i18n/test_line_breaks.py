"""Line breaking that respects units (issue 36): every catalogue message that holds a cell, a
percentage or a time, filled with sample values and wrapped at many widths in both
languages, keeps each cell reference, each number with its unit and each figure with its
value whole on one line, and no line starts with a closing punctuation mark.

The samples are the values the game writes: cells as game.solver.problem.fmt writes them,
percentages as game.i18n.percent (Babel: "89,0 %" with a no-break space in Spanish), times
as game.i18n.number with " s" after them as the messages have it.
"""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game import i18n
from game.solver.problem import fmt
from game.ui.shared.widgets import text_width, words, wrap

LOCALES = Path(__file__).resolve().parents[2] / "game" / "locales"
CELLISH = {"cell", "at", "other_at", "first", "last", "guess", "low", "high", "which", "where", "mine"}
PERCENTISH = {"chance", "percent", "probability", "survival", "luck", "win", "efficiency"}
TIMEISH = {"seconds", "time"}
WIDTHS = range(100, 420, 7)  # panel widths tried, pixels (the narrowest panel's text is 108)
SIZE = 14  # the hint panel's text size, pixels
# What must stay whole: a cell, a number and its unit, a figure and its value
WHOLE = re.compile(r"\(\d+; \d+\)|\d[\d.,]*[ \u00a0\u202f]?(?:%|s|MB)(?![\w])|(?:3BV/s|3BV|IOS|IOE|RQP) \d[\d.,]*")
CLOSING = ".,;:!?)"


def sample(name: str) -> str:
    """A value the game could give placeholder ``name``, in the language in use."""
    if name in CELLISH:
        return fmt((12, 34))
    if name == "cells":
        return ", ".join(fmt(c) for c in ((1, 2), (3, 14), (25, 6)))
    if name in PERCENTISH:
        return i18n.percent(0.89)
    if name in TIMEISH:
        return i18n.number(17.81, 2)
    return "7"


def messages(code: str) -> list[str]:
    """The catalogue's messages in ``code`` ('en': the msgids) that hold a cell, a percentage or a time."""
    with open(LOCALES / "es" / "LC_MESSAGES" / "minesweeper.po", "rb") as handle:
        catalog = read_po(handle)
    found = []
    for message in catalog:
        if not message.id:
            continue
        for text in (message.id if isinstance(message.id, tuple) else (message.id,)) if code == "en" else (
                message.string if isinstance(message.string, tuple) else (message.string,)):
            names = set(re.findall(r"{(\w+)}", text))
            if text and (names & (CELLISH | PERCENTISH | TIMEISH | {"cells"}) or "%" in text or re.search(r"\d s\b", text)):
                found.append(text)
    return found


@pytest.mark.parametrize("code", ["en", "es"])
def test_units_never_broken(code):
    i18n.set_language(code)
    try:
        checked = 0
        for template in messages(code):
            filled = re.sub(r"{(\w+)(?:[^}]*)}", lambda m: sample(m.group(1)), template)
            wholes = [re.sub(r"\s", " ", w) for w in WHOLE.findall(filled)]
            widest = max(text_width(word, SIZE) for word in words(filled))
            for width in WIDTHS:
                if width < widest:
                    continue  # a word wider than the line is cut, wherever it must be
                lines = wrap(filled, width, SIZE)
                flat = [re.sub(r"\s", " ", line) for line in lines]
                for whole in wholes:
                    assert any(whole in line for line in flat), (code, width, whole, lines)
                for line in flat[1:]:
                    assert not re.match(rf"[{re.escape(CLOSING)}]+(\s|$)", line), (code, width, line, lines)
                checked += 1
        assert checked > 1000  # well over a hundred such messages, each at several widths
    finally:
        i18n.set_language("en")


def test_no_break_space_never_breaks():
    """Babel's "89,0 %" keeps its no-break space: the wrap never breaks there."""
    assert words("mina 89,0\u00a0% ahora") == ["mina", "89,0\u00a0%", "ahora"]
    assert words("así que (3; 6) es segura") == ["así", "que", "(3; 6)", "es", "segura"]
    assert words("3BV/s 1,83  IOS 0,84 en 17,8 s") == ["3BV/s 1,83", "IOS 0,84", "en", "17,8 s"]
    assert words("hola , mundo") == ["hola ,", "mundo"]


def test_narrow_wrap_keeps_cell_whole():
    """The reported break: "así que (3;" / "6) es segura" at a width that fits "(3; 6)"."""
    message = "ya toca sus minas, así que (3; 6) es segura"
    for width in range(text_width("(3; 6)", SIZE), 300):
        assert all(("(3;" in line) == ("(3; 6)" in line) for line in wrap(message, width, SIZE)), width
