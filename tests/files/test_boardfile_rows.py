""".mine text read a whole text at a time (a 1000x1000 file: docs/big-boards.md, "Reviews and
analyses") against the reading cell by cell it replaced: the same board, and for a number that
does not fit, the same error naming the same cell."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from game import boardfile
from game.rules.board import adjacent_mines
from game.boardfile import BoardFile, BoardFileError, format_mine, parse_mine
from game.rules.cells import ShownNumbers


def slowly(text: str):
    """``parse_mine(text)`` read cell by cell (the whole-text reading turned off): the board,
    or the error's message."""
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(boardfile, "_read_body", lambda body, rows, cols: None)
        try:
            return parse_mine(text)
        except BoardFileError as err:
            return str(err)


def quickly(text: str):
    try:
        return parse_mine(text)
    except BoardFileError as err:
        return str(err)


@st.composite
def files(draw):
    """.mine text of a random board or position, now and then with a number changed or a
    character spoilt."""
    rng = random.Random(draw(st.integers(0, 10 ** 9)))
    rows, cols = rng.randint(1, 12), rng.randint(1, 12)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    mines = set(rng.sample(cells, rng.randint(0, len(cells) - 1)))
    shown = {c: adjacent_mines(c, mines, rows, cols) for c in cells if c not in mines and rng.random() < 0.6}
    flags = frozenset(c for c in mines if rng.random() < 0.3)
    board = BoardFile(rows, cols, len(mines), shown, flags, frozenset(mines) if rng.random() < 0.5 else None)
    lines = format_mine(board).splitlines()
    spoil = rng.random()
    if spoil < 0.3 and shown:  # a number that does not fit
        r, c = rng.choice(sorted(shown))
        lines[r + 1] = lines[r + 1][:c] + str((shown[(r, c)] + rng.randint(1, 8)) % 9) + lines[r + 1][c + 1:]
    elif spoil < 0.4:  # a character not allowed, or a short line
        r = rng.randrange(rows)
        lines[r + 1] = lines[r + 1][:-1] + rng.choice("X9 é") if rng.random() < 0.5 else lines[r + 1][:-1]
    return "\n".join(lines) + "\n"


@settings(max_examples=300, deadline=None)
@given(files())
def test_a_file_read_a_text_at_a_time_is_the_file_read_cell_by_cell(text):
    fast, slow = quickly(text), slowly(text)
    assert fast == slow
    if isinstance(fast, BoardFile):
        assert isinstance(fast.revealed, ShownNumbers) and dict(fast.revealed) == dict(slow.revealed)
        assert list(fast.revealed) == sorted(slow.revealed)  # row-major, as the dict was filled
        assert format_mine(fast) == format_mine(slow)
