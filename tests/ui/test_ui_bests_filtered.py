"""Statistics' Bests page shows, on its "3BV filter (F)" switch, the bests of the games dealt
by the 3BV filter, which the page of every board leaves out (docs/bv-filter.md): reached by
the key and by the button, in English and Spanish, and a game out of one table is in the other."""

import pygame

from game.i18n import set_language
from game.records.db import RecordStore
from game.ui.menu import Menu
from game.ui.play.result import Victory
from game.ui.stats.screen import Statistics
from tests.play_helpers import open_statistics, win_by_clicks


def filtered_win(window, data_dir):
    """The window after a Beginner game won on a board dealt by the 3BV filter (--min-bv 2),
    back at the menu; the game's record."""
    w = window(["--difficulty", "beginner", "--min-bv", "2"], deal=3)
    win_by_clicks(w, first=(4, 4))
    assert isinstance(w.scene, Victory) and w.scene.rank is None  # ranked apart: no name asked
    w.key(pygame.K_ESCAPE)  # to the menu
    assert isinstance(w.scene, Menu)
    with RecordStore.open(data_dir / "records.sqlite3") as store:
        [game] = store.games()
    assert game.won and game.min_bv == 2
    return w, game


def open_bests(w) -> Statistics:
    stats = open_statistics(w, "bests")
    assert stats.level == "beginner"
    return stats


def time_cells(tables) -> list[list[str]]:
    """The Time row (all, NF) of each table."""
    return [dict(rows)["Time"] if "Time" in dict(rows) else dict(rows)["Tiempo"] for _title, rows in tables]


def test_the_bests_page_switches_to_the_3bv_filter_tables_by_key_and_by_button(window, isolated_data_dir):
    w, game = filtered_win(window, isolated_data_dir)
    stats = open_bests(w)
    every = stats.bests_rows()
    assert [title for title, _rows in every] == ["Window (mouse and keys)", "Console, typed in a terminal"]
    assert time_cells(every) == [["-", "-"], ["-", "-"]]  # ranked apart: not among every board's bests
    before = w.screen.pixels()
    w.key(pygame.K_f)
    assert stats.bests_filtered and stats.filter_button.shown == "All boards (F)"
    shown = stats.bests_rows()
    assert [title for title, _rows in shown] == ["Window, boards dealt by the 3BV filter",
                                                "Console, boards dealt by the 3BV filter"]
    window_time, terminal_time = time_cells(shown)
    assert window_time[0].endswith(f"#{game.id}") and terminal_time == ["-", "-"]
    w.step(1)
    assert w.screen.pixels() != before  # drawn
    w.click(stats.filter_button.rect.center)  # the button goes back
    assert not stats.bests_filtered and stats.bests_rows() == every
    w.click(stats.filter_button.rect.center)
    assert stats.bests_filtered
    set_language("es")
    spanish = stats.bests_rows()
    assert spanish[0][0] == "Ventana, tableros repartidos por el filtro de 3BV"
    assert time_cells(spanish)[0][0].endswith(f"#{game.id}")
    assert stats.filter_button.shown == "Todos los tableros (F)"
    w.key(pygame.K_ESCAPE)  # back to the summary; the Bests page keeps the choice
    assert stats.page == "summary"


def test_the_f_key_on_the_games_page_still_filters_the_no_flag_games(window, isolated_data_dir):
    w, _game = filtered_win(window, isolated_data_dir)
    stats = open_statistics(w, "games")
    w.key(pygame.K_f)
    assert not stats.bests_filtered and stats.games.no_flags  # the Games page's no-flag filter


def test_the_custom_tab_has_no_tables_and_so_no_filter_button(window):
    w = window([])
    stats = open_statistics(w, "bests")
    assert stats.filter_button in stats.buttons.buttons
    w.key(pygame.K_4)  # Custom
    assert stats.level == "custom" and stats.bests_rows() == []
    assert stats.filter_button not in stats.buttons.buttons
    w.key(pygame.K_f)  # nothing to switch
    w.key(pygame.K_3)  # Expert
    assert stats.filter_button in stats.buttons.buttons and not stats.bests_filtered
