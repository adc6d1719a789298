"""Issue 35, item 5: for each case the result panel, the records and the README say the same
thing about what a game counts as: played, won, in a streak, a best time. Each case is played
in the headless window by posted events; then the panel's notes (what it says about counting),
the row and the Statistics' figures (game.records.level_stats.level_stats) and the README's sentence
for the case are read. Cases: an undo after a flag then a win, an undo after a loss then a win,
a hint, autoplay, a known board (a --seed, a loaded file)."""

import re
from pathlib import Path

import pygame
import pytest

from game.i18n import _
from game.records.notes import ASSISTED, REASONS, UNDONE, UNDONE_LOSS
from game.records.level_stats import level_stats
from game.ui.play.result import Victory
from tests.play_helpers import win_by_clicks
from tests.ui.test_ui_records import stored
from tests.ui.test_ui_solver import answered, finish
from tests.ui.test_ui_undo import lose, opened_and_flagged
from tests.ui.test_ui_undo_any import flag_taken_back

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_says(*phrases: str) -> None:
    """Each phrase stands in the README (spaces and line ends alike)."""
    text = re.sub(r"\s+", " ", README.read_text(encoding="utf-8"))
    for phrase in phrases:
        assert re.sub(r"\s+", " ", phrase) in text, phrase


def counted(w) -> tuple[int, int, int, int, tuple]:
    """(played, won, assisted wins, current streak, best times) of Beginner, as Statistics shows them."""
    s = level_stats(w.scene.services.records.store, "beginner")
    return s.played, s.won, s.assisted, s.current_streak, tuple(s.best_times)


def no_best(victory) -> None:
    assert victory.rank is None and victory.field is None and victory.celebration == ""


def test_an_undo_after_a_flag_then_a_win_counts_nowhere(window, isolated_data_dir):
    w, game, mine = flag_taken_back(window)
    win_by_clicks(w, first=None)
    victory = w.scene
    assert isinstance(victory, Victory)
    assert victory.notes == ["A game with an undo: left out of played, won, streaks and best times."] == [_(UNDONE)]
    no_best(victory)
    (row,) = stored(isolated_data_dir)
    assert (row.won, row.undos, row.counted_loss, row.best_time_eligible) == (True, 1, False, False)
    assert counted(w) == (0, 0, 0, 0, ())
    readme_says("a game with an undo is left out of played, won, streaks and best times")


def test_an_undo_after_a_loss_then_a_win_counts_as_that_loss(window, isolated_data_dir):
    w = window(["--difficulty", "beginner"], deal=7)
    game, _before = opened_and_flagged(w)
    lose(w, game)
    w.key(pygame.K_z, mod=pygame.KMOD_LCTRL)
    win_by_clicks(w, first=None)
    victory = w.scene
    assert isinstance(victory, Victory) and victory.notes == [_(UNDONE_LOSS)]
    assert _(UNDONE_LOSS) == ("Played on after its loss was taken back: this game counts as that loss, never as "
                              "a win nor in the best times.")
    no_best(victory)
    (row,) = stored(isolated_data_dir)  # one game, one row
    assert (row.won, row.undos, row.counted_loss) == (True, 1, True)
    assert counted(w) == (1, 0, 0, 0, ())  # played, lost: the streak is broken
    readme_says("a loss taken back stays counted as that loss (one game, one row), never a win nor a best")


def test_a_hint_makes_the_win_an_assisted_one_played_not_won(window, isolated_data_dir):
    w = window(["--difficulty", "beginner"], deal=7)
    w.click_cell((4, 4))
    w.key(pygame.K_h)
    answered(w)
    w.key(pygame.K_ESCAPE)  # the hint panel closes
    assert w.scene.match.hints_used == 1
    win_by_clicks(w, first=None)
    victory = w.scene
    assert isinstance(victory, Victory)
    assert victory.notes == [f"{_(ASSISTED)} Not a best time: {_(REASONS['hints'])}."]
    assert victory.notes == ["Assisted win: counted as played, not won. Not a best time: a hint was used."]
    no_best(victory)
    (row,) = stored(isolated_data_dir)
    assert row.won and row.hints_used == 1 and row.assisted and not row.best_time_eligible
    assert counted(w) == (1, 0, 1, 0, ())
    readme_says("a game that used them is recorded and counts as played, but a win with help is not a win (it ends "
                "a winning streak, and the Statistics count it among the \"Assisted wins\") and never a best time")


def test_autoplay_makes_the_win_an_assisted_one_played_not_won(window, isolated_data_dir):
    w = window(["--difficulty", "beginner"], deal=7)
    w.click_cell((4, 4))
    w.key(pygame.K_a)
    finish(w)
    victory = w.scene
    assert isinstance(victory, Victory), "autoplay lost this deal"
    assert victory.notes == ["Assisted win: counted as played, not won. Not a best time: autoplay played."]
    no_best(victory)
    (row,) = stored(isolated_data_dir)
    assert row.won and row.autoplay_used and row.assisted and not row.best_time_eligible
    assert counted(w) == (1, 0, 1, 0, ())
    readme_says("Hints, the probability overlay and autoplay are there to learn from: a game that used them "
                "is recorded and counts as played, but a win with help is not a win")


KNOWN = "Not a best time: the board was known beforehand (a retry, a loaded board or a chosen --seed)."
README_BOARD_WIN = [(0, 7), (1, 7), (7, 4), (7, 5), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 6)]


@pytest.mark.parametrize("how", ["seed", "loaded"])
def test_a_known_board_counts_as_played_and_won_but_never_a_best_time(window, isolated_data_dir, tmp_path, how):
    if how == "seed":
        w = window(["--difficulty", "beginner", "--seed", "36370"])  # won by a click at the centre
        w.click_cell((4, 4))
    else:
        from tests.ui.test_ui_records import README_BOARD
        board = tmp_path / "readme.mine"
        board.write_text(README_BOARD, encoding="utf-8")
        w = window(["--board", str(board)])
        for cell in README_BOARD_WIN:
            w.click_cell(cell)
    victory = w.scene
    assert isinstance(victory, Victory) and victory.notes == [KNOWN]
    no_best(victory)
    (row,) = stored(isolated_data_dir)
    assert row.won and row.layout_known and row.exclusions() == ("layout_known",)
    if how == "seed":  # a loaded board is 9x9 with its own mines: Beginner's tables when it has 10
        assert counted(w) == (1, 1, 0, 1, ())
    else:
        s = level_stats(w.scene.services.records.store, row.level)
        assert (s.played, s.won, s.current_streak, tuple(s.best_times)) == (1, 1, 1, ())
    readme_says("A known board (a retry, a loaded board, a `--seed`) counts as played and won (a win in its "
                "streak) but never enters the best times.")
