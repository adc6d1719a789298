"""The competitive statistics in the window, driven by posted pygame events: computed off the
frame loop and shown on the result panel (a line, Details with D or its button), the
Statistics screen's Games page (filters, scrolling, Watch), and a window closed while the
figures are computed (backfilled later)."""

import time

import pygame
import pytest

from game.rules.engine import State
from game.figures import compact_line
from game.ui import app
from game.ui.shared.confirm import MessageBox
from game.ui.play.result import Victory
from game.ui.stats.screen import Statistics
from tests.play_helpers import win_by_clicks
from tests.ui.test_ui_screens import assert_panel_clear_of_the_board


def wait_figures(w, seconds=30.0):
    """Step the window until the background worker has stored every figure."""
    worker = w.scene.services.records.figures_worker
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        w.step(1)
        if not worker.busy:
            w.step(2)
            return
        time.sleep(0.02)  # idle between frames, as the real loop does: the figures' worker thread runs
    raise AssertionError("the figures were not computed in time")


def won_by_first_click(window):
    """A Beginner game won by left clicks on every safe cell."""
    w = window(["--difficulty", "beginner"], deal=7)
    w.move(w.cell_pos((0, 0)))
    win_by_clicks(w, first=(4, 4))
    assert isinstance(w.scene, Victory) and w.scene.base.game.state is State.WON
    return w


def panel_text(scene):
    return [item[0] for item in scene.arranged.items]


def shows_line(scene, line):
    """The panel shows ``line``, whole or broken between its groups."""
    return " ".join(line.split()) in " ".join(" ".join(panel_text(scene)).split())


def test_the_result_panel_shows_the_figures_once_computed_and_details_on_d(window):
    w = won_by_first_click(window)
    scene = w.scene
    w.key(pygame.K_TAB)  # the name field (a best time) lets go of the keyboard
    assert scene.figures.waiting or scene.figures.record.clicks is not None
    wait_figures(w)
    record = w.scene.services.records.store.game(scene.figures.record_id)
    assert record.clicks == record.left_clicks > 1 and record.bbbv_per_s is not None
    assert shows_line(scene, compact_line(record))
    assert_panel_clear_of_the_board(w)  # on Beginner the grown panel still fits its strip
    compact = len(panel_text(scene))
    w.key(pygame.K_d)
    shown = panel_text(scene)
    assert scene.figures.details and any("ZiNi" in line for line in shown) and len(shown) > compact  # (paired)
    assert shows_line(scene, f"Clicks {record.clicks}: L{record.clicks} R0 D0")
    assert_panel_clear_of_the_board(w)
    toggle = scene.buttons.buttons[-1]  # after New game, Retry, Menu and Review
    assert toggle.label == "Less"
    scene.show_rect(toggle.rect)  # (scrolled into the strip)
    w.click(toggle.rect.center)  # the button answers the mouse too
    assert not scene.figures.details and shows_line(scene, compact_line(record))


def test_a_window_closed_mid_computation_keeps_the_game_and_statistics_backfill_it(
        window, monkeypatch):
    w = won_by_first_click(window)
    services = w.scene.services
    record_id = w.scene.figures.record_id
    monkeypatch.setattr(app, "FIGURES_WAIT", 0.0)
    worker = services.records.figures_worker
    worker.submit = lambda items: None  # nothing more is computed in this run
    worker.waiting.clear()
    app.finish_run(w.loop, services)  # closes the records at once
    w2 = window([])
    store = w2.scene.services.records.store
    assert store.game(record_id) is not None
    if store.game(record_id).clicks is None:  # the worker had not finished: backfilled now
        w2.scene.services.records.figures_worker.__init__()
        w2.loop.manager.switch(Statistics(w2.scene.services))
        wait_figures(w2)
    assert store.game(record_id).clicks > 1


def open_games_page(w):
    w.loop.manager.switch(Statistics(w.scene.services))
    w.step()
    w.key(pygame.K_g)
    assert w.scene.page == "games"
    return w.scene


def play_games(window, count):
    """``count`` Beginner games: the first won by one click, then losses on the first mine."""
    w = won_by_first_click(window)
    wait_figures(w)
    for _ in range(count - 1):
        w.key(pygame.K_TAB)
        w.key(pygame.K_n)
        game = w.scene.game
        w.click_cell((0, 0))
        if game.over:
            continue
        mine = sorted(game.layout())[0]
        w.click_cell(mine)
        wait_figures(w)
    return w


@pytest.mark.slow
def test_the_games_page_lists_filters_scrolls_and_watches(window, monkeypatch):
    w = play_games(window, 20)
    scene = open_games_page(w)
    listed = scene.games.list.records
    assert len(listed) == 20 and [r.id for r in listed] == sorted((r.id for r in listed), reverse=True)
    assert listed[-1].won and listed[-1].bbbv_per_s is not None  # the first game, at the bottom
    w.key(pygame.K_w)  # won only
    assert [r.won for r in scene.games.list.records] == [True]
    w.key(pygame.K_w)  # lost only
    assert scene.games.list.records and not any(r.won for r in scene.games.list.records)
    w.key(pygame.K_w)  # all again
    w.key(pygame.K_f)  # no-flag games: none was flagged
    assert len(scene.games.list.records) == 20
    w.key(pygame.K_f)
    w.key(pygame.K_b)  # 3BV 1-19: Beginner games
    assert all(1 <= r.three_bv <= 19 for r in scene.games.list.records)
    while scene.games.bbbv != 0:
        w.key(pygame.K_b)
    listing = scene.games.list
    w.key(pygame.K_END)  # to the oldest: the list scrolls
    assert listing.selected == 19 and listing.top > 0
    before = w.screen.pixels()
    w.post(pygame.MOUSEWHEEL, x=0, y=3, flipped=False)  # the wheel scrolls back up
    assert listing.top < 19 and w.screen.pixels() != before
    watched = []
    monkeypatch.setattr(app.Navigation, "replay", lambda self, replay, back, timeline=None: watched.append((replay, back)) or back,
                        raising=False)
    w.key(pygame.K_RETURN)  # Enter watches the selected game: the first one, won
    replay, back = watched[-1]
    assert back is scene and replay.completed and replay.bbbv == listing.records[19].three_bv
    w.key(pygame.K_HOME)
    w.click(scene.games.watch_button.rect.center)  # the Watch button: the newest game
    assert not watched[-1][0].completed and len(watched) == 2
    row = listing.rect.top + 2 + 14 + 2 + 14 + 5  # the second row
    w.click((listing.rect.centerx, row))
    assert listing.selected == 1 and len(watched) == 2
    w.click((listing.rect.centerx, row))  # a double click watches it
    assert len(watched) == 3 and w.scene is scene


def test_watching_a_game_without_a_log_says_so(window, isolated_data_dir):
    from game.records.paths import db_path
    from tests.play_helpers import old_database_with_a_win
    old_database_with_a_win(db_path(None), 4)
    w = window([])
    scene = open_games_page(w)
    assert scene.level == "beginner"  # it opens on the Beginner tab (1 there would show the other Beginner)
    assert len(scene.games.list.records) == 1
    w.key(pygame.K_RETURN)
    assert isinstance(w.scene, MessageBox) and "no move log" in " ".join(w.scene.shown)
    w.key(pygame.K_RETURN)
    assert w.scene is scene


def test_the_games_page_is_reached_and_left_by_the_mouse(window):
    w = window([])
    w.loop.manager.switch(Statistics(w.scene.services))
    w.step()
    scene = w.scene
    w.click(scene.bottom[1].rect.center)
    assert scene.page == "games" and scene.bottom[1].label == "Summary (G)"
    w.click(scene.games.filters[0].rect.center)
    assert scene.games.result == 1
    w.click(scene.bottom[1].rect.center)
    assert scene.page == "summary"
