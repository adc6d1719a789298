"""Undo after a loss in the window (Ctrl+Z or the loss panel's Undo button), told with
posted pygame events: the board comes back as it was before the fatal click, the window
shrinks back, the game plays on, and the game stays one row of the records, counted as the
loss it was (game.session.Session.finished)."""

import pygame

from game.rules.engine import State
from game.records.notes import UNDONE_LOSS
from game.records.level_stats import level_stats
from game.ui.shared.confirm import Confirm
from game.ui.menu import Menu
from game.ui.play.playing import ABANDON_AFTER_LOSS, Playing
from game.ui.play.result import GameOver, Victory
from tests.play_helpers import wait_postmortem, win_by_clicks
from tests.ui.test_ui_records import stored
from tests.ui.test_ui_screens import assert_panel_clear_of_the_board


def grid(game):
    return [[game.appearance((r, c)) for c in range(game.cols)] for r in range(game.rows)]


def opened_and_flagged(w):
    """Open the board at the centre, flag one covered mine; return the game and what the
    board looks like now (the cells, the counter and the board's pixels)."""
    game = w.scene.game
    w.click_cell((4, 4))
    mine = next(m for m in sorted(game.layout()) if game.appearance(m) == "covered")
    w.click_cell(mine, button=3)
    w.step(1)
    board = w.scene.layout.board
    return game, (grid(game), game.mines_left, w.screen.pixels(board))


def lose(w, game):
    """Click a covered, unflagged mine and let the explosion end."""
    mine = next(m for m in sorted(game.layout()) if game.appearance(m) == "covered")
    w.click_cell(mine)
    assert game.state is State.LOST and isinstance(w.scene, GameOver)
    w.step(60)
    wait_postmortem(w)  # its line comes in and the panel is laid out again: then click
    return mine


def looks(w, game):
    w.step(1)
    board = w.scene.layout.board
    return grid(game), game.mines_left, w.screen.pixels(board)


def test_ctrl_z_takes_the_loss_back_and_the_win_that_follows_counts_as_the_loss(window, isolated_data_dir):
    w = window(["--difficulty", "beginner"], deal=7)
    game, before = opened_and_flagged(w)
    match = w.scene.match
    mine = lose(w, game)
    lost_at = match.elapsed
    size = w.screen.get_size()
    assert size == w.scene.size() == w.scene.base.size()  # the panel stands in the playing window
    w.key(pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert isinstance(w.scene, Playing) and w.scene.game is game and game.state is State.PLAYING
    assert w.screen.get_size() == size  # the same window, as for a retry
    assert looks(w, game) == before
    assert w.scene.match is match and match.elapsed >= lost_at  # the timer carries on from the loss
    win_by_clicks(w, first=None)
    assert isinstance(w.scene, Victory) and w.scene.rank is None and w.scene.field is None
    assert UNDONE_LOSS in w.scene.notes  # the panel says this win counts as the loss
    (win,) = stored(isolated_data_dir)  # the loss's row, written over with the win
    assert (win.won, win.undos, win.counted_loss) == (True, 1, True)
    store = w.scene.services.records.store
    stats = level_stats(store, "beginner")
    assert (stats.played, stats.won, stats.current_streak, stats.best_times) == (1, 0, 0, ())
    # The row's log (version 2) tells the fatal click, its undo and the win.
    history = store.log(win.id)["history"]
    undone = [i for i, entry in enumerate(history) if entry[0] == "undo"]
    assert len(undone) == 1 and history[undone[0] - 1][:1] + history[undone[0] - 1][2:5] == ["play", "reveal", *mine]


def test_the_undo_button_answers_the_mouse_and_every_loss_can_be_taken_back(window, isolated_data_dir):
    w = window(["--difficulty", "beginner", "--seed", "2"])
    game, before = opened_and_flagged(w)
    for _ in range(2):
        lose(w, game)
        assert_panel_clear_of_the_board(w)  # four buttons in Beginner's strip (scrolled into it)
        labels = [button.label for button in w.scene.buttons.buttons]
        assert labels[:4] == ["New game", "Retry", "Menu", "Undo"]
        w.scene.show_rect(w.scene.buttons.buttons[3].rect)
        w.click(w.scene.buttons.buttons[3].rect.center)
        assert isinstance(w.scene, Playing) and looks(w, game) == before
    # The first loss counts as any loss; the second, after the undo, is the same click on the
    # same mine: the same end, so its one row stays as it was written.
    assert [(r.won, r.undos, r.counted_loss) for r in stored(isolated_data_dir)] == [(False, 0, False)]
    assert level_stats(w.scene.services.records.store, "beginner").played == 1
    flags = game.mines_left
    w.key(pygame.K_z, mod=pygame.KMOD_LCTRL)  # in play, Ctrl+Z takes back the last move that stands: the flag
    assert isinstance(w.scene, Playing) and game.state is State.PLAYING and game.mines_left == flags + 1


def test_without_ctrl_z_is_nothing_and_leaving_after_an_undo_says_it_counts_as_the_loss(window, isolated_data_dir):
    w = window(["--difficulty", "beginner", "--seed", "2"])
    game, _ = opened_and_flagged(w)
    lose(w, game)
    w.key(pygame.K_z)  # Z alone is not undo
    assert isinstance(w.scene, GameOver)
    w.key(pygame.K_z, mod=pygame.KMOD_RCTRL)
    assert isinstance(w.scene, Playing)
    w.key(pygame.K_ESCAPE)
    assert isinstance(w.scene, Confirm) and " ".join(w.scene.shown) == ABANDON_AFTER_LOSS
    w.key(pygame.K_y)
    assert isinstance(w.scene, Menu)
    (left,) = stored(isolated_data_dir)  # the loss's row, written over: abandoned after the undo
    assert (left.abandoned, left.undos, left.counted_loss) == (True, 1, True)
    stats = level_stats(w.scene.services.records.store, "beginner")
    assert (stats.played, stats.won, stats.abandoned) == (1, 0, 0)  # counted as the loss


def test_a_loss_taken_back_and_played_again_by_ctrl_y_stays_one_row(window, isolated_data_dir):
    """Issue 34, item 3: lose, Ctrl+Z, Ctrl+Y, again and again: the same loss each time,
    one row in the records (it was a new lost row each time), still counted as the loss."""
    w = window(["--difficulty", "beginner"], deal=7)
    game, _ = opened_and_flagged(w)
    lose(w, game)
    for _ in range(3):
        w.key(pygame.K_z, mod=pygame.KMOD_LCTRL)
        assert isinstance(w.scene, Playing) and game.state is State.PLAYING
        w.key(pygame.K_y, mod=pygame.KMOD_LCTRL)
        assert isinstance(w.scene, GameOver) and game.state is State.LOST
        w.step(60)
    (loss,) = stored(isolated_data_dir)
    assert (loss.won, loss.undos) == (False, 0)
    stats = level_stats(w.scene.services.records.store, "beginner")
    assert (stats.played, stats.won) == (1, 0)
