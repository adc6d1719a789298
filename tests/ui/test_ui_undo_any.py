"""Undo and redo of any move in the window (Ctrl+Z, Ctrl+Y; game.midend.match.Match.undo), told
with posted pygame events: a flag and an opening are taken back to the board exactly as it
was, played again by Ctrl+Y, and the game won after an undo is recorded out of every best."""

import pygame

from game.rules.engine import State
from game.i18n import _
from game.records.notes import UNDONE
from game.records.level_stats import level_stats
from game.ui.play.playing import ABANDON_AFTER_UNDO, Playing
from game.ui.play.result import Victory
from tests.play_helpers import win_by_clicks
from tests.ui.test_ui_records import stored


def looks(w):
    """The cells, the counter and the board's pixels as the player sees them once an
    opening's cascade has been drawn to its end."""
    w.step(1)
    for _ in range(600):
        if w.scene.cascade is None:
            break
        w.step(1)
    w.step(1)
    game = w.scene.game
    cells = [[game.appearance((r, c)) for c in range(game.cols)] for r in range(game.rows)]
    return cells, game.mines_left, w.screen.pixels(w.scene.layout.board)


def test_ctrl_z_takes_back_a_flag_and_an_opening_and_ctrl_y_plays_them_again(window):
    w = window(["--difficulty", "beginner"], deal=7)
    game = w.scene.game
    w.click_cell((4, 4))
    opened = looks(w)
    mine = next(m for m in sorted(game.layout()) if game.appearance(m) == "covered")
    w.click_cell(mine, button=3)
    flagged = looks(w)
    assert flagged != opened and game.appearance(mine) == "flag"

    w.key(pygame.K_z, mod=pygame.KMOD_LCTRL)  # the flag goes
    assert isinstance(w.scene, Playing) and looks(w) == opened and w.scene.match.undos == 1
    w.key(pygame.K_z, mod=pygame.KMOD_LCTRL)  # then the opening: the board is covered again,
    assert game.state is State.PLAYING and all(  # and the game still under way (its clock runs)
        game.appearance(c) == "covered" for c in game.cells())
    w.key(pygame.K_z, mod=pygame.KMOD_LCTRL)  # nothing left to take back: nothing happens
    assert w.scene.match.undos == 2

    w.key(pygame.K_y, mod=pygame.KMOD_LCTRL)
    assert looks(w) == opened and game.state is State.PLAYING
    w.key(pygame.K_y, mod=pygame.KMOD_LCTRL)
    assert looks(w) == flagged
    w.key(pygame.K_y, mod=pygame.KMOD_LCTRL)  # nothing left to redo
    assert looks(w) == flagged
    kinds = [type(entry).__name__ for entry in w.scene.match.history]
    assert kinds == ["Played", "Played", "Undone", "Undone", "Redone", "Redone"]


def flag_taken_back(window):
    """A Beginner window, opened at the centre, a mine flagged and the flag taken back by
    Ctrl+Z: (the driver, the game, that mine)."""
    w = window(["--difficulty", "beginner"], deal=7)
    game = w.scene.game
    w.click_cell((4, 4))
    mine = next(m for m in sorted(game.layout()) if game.appearance(m) == "covered")
    w.click_cell(mine, button=3)
    w.key(pygame.K_z, mod=pygame.KMOD_LCTRL)
    return w, game, mine


def test_a_move_after_an_undo_forgets_the_redo(window):
    w, game, mine = flag_taken_back(window)
    other = next(m for m in sorted(game.layout()) if m != mine and game.appearance(m) == "covered")
    w.click_cell(other, button=3)
    w.key(pygame.K_y, mod=pygame.KMOD_LCTRL)  # the flag taken back is gone for good
    assert game.appearance(mine) == "covered" and game.appearance(other) == "flag"


def test_a_game_won_after_an_undo_of_any_move_is_recorded_out_of_every_best(window, isolated_data_dir):
    w, game, mine = flag_taken_back(window)
    win_by_clicks(w, first=None)
    assert isinstance(w.scene, Victory) and game.state is State.WON
    (record,) = stored(isolated_data_dir)
    assert record.won and record.undos == 1 and not record.best_time_eligible
    stats = level_stats(w.scene.services.records.store, "beginner")
    assert (stats.played, stats.won, stats.best_times) == (0, 0, ())  # counted in no statistic


def test_a_flag_undone_redone_and_undone_then_a_win_claims_no_counted_loss(window, isolated_data_dir):
    """Issue 35: flag, Ctrl+Z, Ctrl+Y, Ctrl+Z, then a win: no loss was ever recorded, so the
    panel says the game counts in no statistic without saying a loss was counted; leaving
    such a game asks with that in mind."""
    w, game, mine = flag_taken_back(window)
    w.key(pygame.K_y, mod=pygame.KMOD_LCTRL)
    w.key(pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert w.scene.match.undos == 2 and not w.scene.match.lost_before_undo
    win_by_clicks(w, first=None)
    assert isinstance(w.scene, Victory) and w.scene.notes == [_(UNDONE)] and "loss" not in _(UNDONE)
    (record,) = stored(isolated_data_dir)
    assert (record.won, record.undos, record.counted_loss) == (True, 2, False)


def test_leaving_a_game_with_an_undo_and_no_loss_asks_that_it_counts_nowhere(window, isolated_data_dir):
    w, game, mine = flag_taken_back(window)
    w.key(pygame.K_ESCAPE)
    assert " ".join(w.scene.shown) == ABANDON_AFTER_UNDO
    w.key(pygame.K_y)
    (record,) = stored(isolated_data_dir)
    assert (record.abandoned, record.undos, record.counted_loss) == (True, 1, False)
    assert level_stats(w.scene.services.records.store, "beginner").played == 0
