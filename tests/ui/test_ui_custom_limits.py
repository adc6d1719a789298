"""The custom form's hints give exactly what Enter takes: every extreme of a hint's range
starts a game, one past it is refused; with and without no-guess boards."""

import pygame
import pytest

from game.noguess import MAX_NO_GUESS_CELLS
from game.ui.options.custom import CustomForm
from game.ui.menu import Menu
from game.ui.play.playing import Playing


def open_form(w):
    assert isinstance(w.scene, Menu)
    button = next(b for b in w.scene.list.buttons if b.label.startswith("Custom"))
    w.click(button.rect.center)
    assert isinstance(w.scene, CustomForm)
    return w.scene


def set_field(w, form, index, value):
    """Focus field ``index`` with Tab and type ``value`` over what it held."""
    while form.focus != index:
        w.key(pygame.K_TAB)
    for _ in range(len(form.values[index])):
        w.key(pygame.K_BACKSPACE)
    w.type(str(value))


def submit(w, form, rows, cols, mines):
    """Type the three values and press Enter; True when a game started (then back to the menu)."""
    for index, value in enumerate((rows, cols, mines)):
        set_field(w, form, index, value)
    w.key(pygame.K_RETURN)
    if w.scene is form:
        return False
    assert isinstance(w.scene, Playing), w.scene
    game = w.scene.game
    assert (game.rows, game.cols, game.config.mines) == (rows, cols, mines)
    w.key(pygame.K_ESCAPE)
    return True


@pytest.mark.parametrize("desktop", [(1024, 768), (1920, 1080)])
@pytest.mark.parametrize("no_guess", [False, True])
@pytest.mark.slow
def test_every_extreme_of_the_hints_starts_a_game_and_one_past_is_refused(window, no_guess, desktop):
    w = window([])
    w.scene.services.no_guess = no_guess
    w.display.desktop = desktop
    form = open_form(w)
    max_rows, max_cols = form.limits()
    assert max_rows * max_cols <= MAX_NO_GUESS_CELLS  # no-guess takes every size offered; its limit is the mines
    for cols in (1, 2, 7, max_cols):
        set_field(w, form, 1, cols)
        low, high = form.size_range(0)
        assert form.hints()[0] == f"{low:,}..{high:,}"  # grouped as the language groups
        if no_guess:
            assert high <= max(1, MAX_NO_GUESS_CELLS // cols)
        for rows in sorted({low, high}):
            set_field(w, form, 0, rows)
            assert form.size_range(1)[0] <= cols <= form.size_range(1)[1]  # the columns' hint agrees
            one, top = form.mines_range()
            assert form.hints()[2] == f"1..{top:,}" + (" no-guess" if no_guess else "")
            for mines in sorted({one, top}):
                assert submit(w, form, rows, cols, mines), form.message
                form = open_form(w)
            assert not submit(w, form, rows, cols, top + 1)  # one mine past the hint
            assert form.message
        if high < max_rows or low > 1:  # one row past either end is refused
            past = high + 1 if high < max_rows else low - 1
            assert not submit(w, form, past, cols, 1) and form.message
            assert form.hints()[2] in ("rows and columns at most 1,000", "too big for no-guess",
                                       "too small for no-guess", "no room for a mine")


def test_any_size_the_engine_takes_is_offered_and_one_past_it_offers_no_mine_range(window):
    """The window plays every size the engine takes (a board bigger than the screen through a
    camera): the limits are the engine's 1000 x 1000, not the screen's."""
    w = window([])
    form = open_form(w)
    max_rows, max_cols = form.limits()
    assert (max_rows, max_cols) == (1000, 1000)
    set_field(w, form, 0, max_rows + 1)
    set_field(w, form, 1, 5)
    assert form.mines_range() is None and form.hints()[2] == "rows and columns at most 1,000"
    set_field(w, form, 0, max_rows)
    assert form.hints()[2] == f"1..{max_rows * 5 - 1:,}"


def test_the_ranges_under_the_fields_group_thousands_the_languages_way(window):
    """Issue 36: the Custom form wrote ``1..999999`` in both languages while the rest of the
    game groups thousands; now ``1..999,999`` in English and ``1..999.999`` in Spanish."""
    from game.ui.menu import Menu
    w = window(["--lang", "es"])
    assert isinstance(w.scene, Menu)
    w.click(w.scene.list.buttons[3].rect.center)  # Personalizado...
    form = w.scene
    assert isinstance(form, CustomForm)
    set_field(w, form, 0, 1000)
    set_field(w, form, 1, 1000)
    assert form.hints() == ("de 1 a 1.000", "de 1 a 1.000", "de 1 a 999.999")
    set_field(w, form, 0, 1001)
    assert form.hints()[2] == "filas y columnas: máx. 1.000"
