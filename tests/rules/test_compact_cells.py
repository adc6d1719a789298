"""The compact forms a big board's review and analysis use (docs/big-boards.md, "Reviews and
analyses"), against the plain ones: a set of cells as row masks (game.rules.cells.CellMask) against a
frozenset, and every cell's number read a row at a time (game.rules.board.mine_counts) against
adjacent_mines."""

from __future__ import annotations

import pickle

from hypothesis import given, settings, strategies as st

from game.rules.board import adjacent_mines, mine_counts
from game.rules.cells import CellMask


@st.composite
def boards(draw, most: int = 12):
    rows, cols = draw(st.integers(1, most)), draw(st.integers(1, most))
    cells = draw(st.sets(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1))))
    return rows, cols, frozenset(cells)


@settings(max_examples=200, deadline=None)
@given(boards(), st.data())
def test_a_cell_mask_reads_as_the_frozenset_of_its_cells(board, data):
    rows, cols, cells = board
    mask = CellMask.of(rows, cols, cells)
    assert mask == cells and cells == mask and len(mask) == len(cells) and hash(mask) == hash(cells)
    assert list(mask) == sorted(cells)  # row-major
    assert [c for r, start, stop in mask.runs() for c in range(start, stop)] == [c for _, c in sorted(cells)]
    every = [(r, c) for r in range(-1, rows + 1) for c in range(-1, cols + 1)]
    assert [cell in mask for cell in every] == [cell in cells for cell in every]
    drop = data.draw(st.sets(st.sampled_from(every)))
    assert mask.without(drop) == cells - drop and isinstance(mask - drop, CellMask)
    assert len(mask - drop) == len(cells - drop)
    assert pickle.loads(pickle.dumps(mask)) == mask
    assert mask | {(0, 0)} == cells | {(0, 0)} and isinstance(mask & cells, frozenset)


def test_a_cell_mask_holds_nothing_that_is_not_a_cell_of_its_board():
    mask = CellMask(2, 3, [0b101, 0b010])
    assert list(mask) == [(0, 0), (0, 2), (1, 1)] and repr(mask) == "CellMask(3 cells of 2x3)"
    for other in [(0, 3), (2, 0), (-1, 0), (0, -1), "ab", None, (0,), (0, 0, 0), (0.0, 0.5)]:
        assert other not in mask
    assert CellMask(2, 3, [0, 0]) == frozenset() == CellMask(4, 4, [0] * 4)


@settings(max_examples=200, deadline=None)
@given(boards(most=20))
def test_mine_counts_are_what_each_cell_shows(board):
    rows, cols, mines = board
    digits = bytes(49 if (r, c) in mines else 48 for r in range(rows) for c in range(cols))
    counts = mine_counts(rows, cols, digits)
    assert counts == bytes(adjacent_mines((r, c), mines, rows, cols) for r in range(rows) for c in range(cols))


def test_mine_counts_refuse_digits_that_are_not_a_layout():
    for rows, cols, digits in [(2, 2, b"010"), (1, 3, b"012"), (1, 2, b"1 ")]:
        try:
            mine_counts(rows, cols, digits)
        except ValueError as err:
            assert f"{rows} x {cols}" in str(err)
        else:
            raise AssertionError(f"{digits!r} was taken for a {rows}x{cols} layout")
    assert mine_counts(3, 0, b"") == b""
