"""Readable coordinates (issue 36, item 5): with the rulers off, a hint writes the row and the
column of each cell its text names in the frame beside and above the board, as a ruler
writes them, so "(3; 6)" reads as row 3, column 6; no label covers a cell; with the rulers on
the rulers say it and no label is added."""

import pygame

from game.ui.play import hint_marks
from game.ui.play.hint_marks import marked_cells
from tests.play_helpers import drawn_texts
from tests.ui.test_ui_hint_marks import hint_panel


def test_a_hint_labels_the_rows_and_columns_it_names(window, monkeypatch):
    w = window(["--difficulty", "expert", "--seed", "5"])
    w.click_cell((8, 15))
    seen = drawn_texts(monkeypatch, hint_marks)
    panel = hint_panel(w)
    w.step(2)
    layout, hint = panel.base.layout, panel.hint
    cells = marked_cells(hint)
    assert cells and not layout.rulers
    rows = {message: pos for message, pos in seen if pos[0] < layout.board.left}
    cols = {message: pos for message, pos in seen if pos[1] < layout.board.top and pos[0] >= layout.board.left}
    for row, col in cells:  # each named cell's row left of it, its column above it
        assert str(row) in rows and abs(rows[str(row)][1] - layout.cell_rect((row, 0)).centery) <= 1
        assert str(col) in cols and abs(cols[str(col)][0] - layout.cell_rect((0, col)).centerx) <= 1
    assert {int(m) for m in rows} == {r for r, _c in cells} and {int(m) for m in cols} == {c for _r, c in cells}
    for _message, pos in seen:  # written in the frame, off the board's cells and the HUD
        assert not layout.board.collidepoint(pos) and pos[1] > layout.hud.bottom


def test_no_labels_with_the_rulers_on_nor_without_a_hint(window, monkeypatch):
    w = window(["--difficulty", "expert", "--seed", "5"])
    w.scene.services.set_option(rulers=True)
    w.key(pygame.K_F2)  # the rulers apply to the next game
    w.click_cell((8, 15))
    seen = drawn_texts(monkeypatch, hint_marks)
    panel = hint_panel(w)
    w.step(2)
    assert panel.base.layout.rulers and panel.hint.cell is not None and seen == []
    w.key(pygame.K_LSHIFT)
    w.step(2)
    assert seen == []
