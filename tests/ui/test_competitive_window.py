"""The window's side of issue 28: the Victory panel says NF, Options picks the Beginner board
(9x9 or the competitive 8x8, each with its own tables), and Statistics' Bests page shows the
bests of every win and of the no-flag ones."""

import pygame

from game.records.db import RecordStore
from game.ui.menu import Menu
from game.ui.options.screen import Options
from game.ui.play.result import Victory
from game.ui.stats.screen import Statistics
from tests.play_helpers import open_statistics, win_by_clicks


def open_options(w) -> Options:
    w.click(w.scene.list.buttons[4].rect.center)
    assert isinstance(w.scene, Options)
    return w.scene


def open_stats(w) -> Statistics:
    return open_statistics(w)


def test_the_8x8_beginner_chosen_in_options_is_played_recorded_nf_and_shown_on_the_bests_page(
        window, isolated_data_dir):
    w = window([], deal=7)
    options = open_options(w)
    row = [label for label, _value in options.rows()].index("Beginner board")
    assert options.rows()[row][1] == "9x9 (Windows)"
    w.click(options.row_rect(row).center)
    assert options.rows()[row][1] == "8x8 (competitive)"
    assert options.services.settings.beginner_size == "8x8"  # saved as the player's choice
    w.key(pygame.K_ESCAPE)
    menu = w.scene
    assert isinstance(menu, Menu) and menu.list.buttons[0].shown == "Beginner  8x8, 10"
    w.click(menu.list.buttons[0].rect.center)
    assert w.scene.game.config.level == "beginner_8x8" and (w.scene.game.rows, w.scene.game.cols) == (8, 8)
    win_by_clicks(w, first=(3, 3))
    victory = w.scene
    assert isinstance(victory, Victory) and victory.rank == 1  # #1 in the 8x8 table
    assert victory.lines()[3] == "NF"  # no right click changed the board
    w.key(pygame.K_ESCAPE)  # the name field lets go
    w.key(pygame.K_ESCAPE)  # to the menu
    with RecordStore.open(isolated_data_dir / "records.sqlite3") as store:
        [game] = store.games()
    assert (game.level, game.nf, game.input) == ("beginner_8x8", True, "mouse")

    stats = open_stats(w)
    assert stats.level == "beginner_8x8" and stats.tab == 0  # the Beginner tab, with the board last played
    w.click(stats.tab_rect(0).center)  # the open Beginner tab again: the other Beginner
    assert stats.level == "beginner" and dict(stats.summary_rows())["Played"] == "0"
    w.key(pygame.K_1)
    assert stats.level == "beginner_8x8" and dict(stats.summary_rows())["Played"] == "1"
    w.key(pygame.K_b)
    assert stats.page == "bests"
    records = stats.services.records
    for _ in range(300):  # the figures are computed in the background; the frame stores them
        records.figures_worker.wait(0.1)
        w.step(1)
        if dict(stats.bests_rows()[0][1])["STNB"][1] != "-":
            break
    (window_title, rows), (terminal_title, terminal_rows) = stats.bests_rows()
    assert window_title == "Window (mouse and keys)" and terminal_title == "Console, typed in a terminal"
    cells = dict(rows)
    assert cells["Time"][0] == cells["Time"][1] and cells["Time"][0].endswith(f"#{game.id}")  # all = NF
    assert cells["STNB"][1] != "-"  # Metasweeper's level 3 has an STNB
    assert all(value == "-" for _label, values in terminal_rows for value in values)
    w.step(2)
    w.key(pygame.K_b)
    assert stats.page == "summary"
