"""The Statistics screen's Games page with many recorded games (issue 34: it reads only what
it shows): 300 Beginner games, made quickly, listed newest first; Home and End show the
newest and the oldest game's rows; the filters W, F and B list exactly the games they say;
Down, Page Down and the wheel scroll; Enter watches the selected game. Driven by posted
events in the headless window; what a row says is read from the text the page draws.
(Its speed is measured by bench/bench_stats_page.py, not here.)"""

from dataclasses import replace

import pygame
import pytest

from game import i18n
from game.records.db import RecordStore
from game.records.paths import db_path
from game.records.record import GameRecord
from game.ui import app
from game.ui.stats import game_list
from game.ui.shared.formats import day_and_time
from game.ui.replay.viewer import ReplayViewer
from tests.play_helpers import Clock, console_beginner, drawn_texts, open_statistics

COUNT = 300  # games recorded


def beginner(i: int) -> GameRecord:
    """Game ``i`` (0 the oldest): one minute after the one before, won two times in three,
    no flags every other game, 3BV 1 to 60, each its own time."""
    won = i % 3 != 0
    return GameRecord(played_at=f"2025-03-{1 + i // 1440:02d}T{i // 60 % 24:02d}:{i % 60:02d}:00+01:00",
                      level="beginner", rows=9, cols=9, mines=10, won=won, time_ms=5_000 + 10 * i,
                      three_bv=1 + (i * 7) % 60, clicks_flag=0 if i % 2 == 0 else 3, nf=i % 2 == 0,
                      name="Ann", efficiency=80.0 if won else None)


@pytest.fixture
def many(isolated_data_dir) -> list[GameRecord]:
    """COUNT Beginner games in the window's records, oldest first (their ids set): the oldest
    and the newest played through a Match, with their move logs (won, lost), to be watched."""
    games = []
    with RecordStore.open(db_path(None)) as store:
        store.conn.execute("PRAGMA synchronous = OFF")  # a test's records: no fsync per game
        for i in range(COUNT):
            record, log = beginner(i), None
            if i in (0, COUNT - 1):
                match = console_beginner(seed=3 + i, lose=i != 0, clock=Clock())
                record = replace(GameRecord.from_match(match, name="Ann"), played_at=record.played_at)
                log = match.log_data()
            store.add_game(record, log)
            if log is not None:  # no figures wanted here: no figures' process at each opening
                store.set_derived(record.id, {"stats_state": 2})
            games.append(record)
    return games


@pytest.fixture
def drawn(monkeypatch) -> list[tuple[str, tuple[int, int]]]:
    """Every text the Games page draws, (message, position), from now on."""
    return drawn_texts(monkeypatch, game_list)


def rows_shown(drawn, listing) -> list[str]:
    """The dates of the rows the Games list drew last, top to bottom (the column titles
    start each drawing; the list is in the language in use)."""
    date = i18n._(game_list.COLUMNS[0][1])  # "Date", in the language in use
    title = next(i for i in range(len(drawn) - 1, -1, -1) if drawn[i][0] == date)
    left = listing.rect.left + 4
    return [message for message, (x, y) in drawn[title + 1:] if x == left and y > listing.rect.top + 14
            and listing.rect.collidepoint(x, y)]


def dates(records) -> list[str]:
    return [day_and_time(record.played_at) for record in records]


def test_home_and_end_show_the_newest_and_the_oldest_row(window, many, drawn):
    w = window([])
    stats = open_statistics(w, "games")
    listing = stats.games.list
    newest_first = many[::-1]
    assert [r.id for r in listing.records] == [r.id for r in newest_first]
    assert rows_shown(drawn, listing) == dates(newest_first[:listing.visible])
    assert "300 games shown, newest first" in [message for message, _pos in drawn]
    w.key(pygame.K_END)
    assert listing.chosen().id == many[0].id
    assert rows_shown(drawn, listing) == dates(newest_first[-listing.visible:])  # the oldest at the bottom
    w.key(pygame.K_HOME)
    assert listing.chosen().id == many[-1].id
    assert rows_shown(drawn, listing) == dates(newest_first[:listing.visible])


@pytest.mark.parametrize("keys, keep, label", [
    ("w", lambda r: r.won, "Result: won (W)"),
    ("ww", lambda r: not r.won, "Result: lost (W)"),
    ("f", lambda r: r.nf, "No flags: on (F)"),
    ("b", lambda r: 1 <= r.three_bv <= 19, "3BV: 1-19 (B)"),
    ("bbb", lambda r: 50 <= r.three_bv <= 99, "3BV: 50-99 (B)"),
    ("wf", lambda r: r.won and r.nf, "No flags: on (F)"),
])
def test_the_filters_list_exactly_their_games(window, many, drawn, keys, keep, label):
    w = window([])
    stats = open_statistics(w, "games")
    for key in keys:
        w.key(pygame.key.key_code(key))
    listing = stats.games.list
    expected = [r for r in reversed(many) if keep(r)]
    assert expected and [r.id for r in listing.records] == [r.id for r in expected]
    assert label in [button.label for button in stats.games.filters]
    assert rows_shown(drawn, listing) == dates(expected[:listing.visible])
    shown = f"{len(expected)} games shown, newest first"
    assert shown in [message for message, _pos in drawn]
    w.key(pygame.K_END)
    assert listing.chosen().id == expected[-1].id and rows_shown(drawn, listing)[-1] == dates(expected[-1:])[0]


def test_down_page_down_and_the_wheel_scroll_the_list(window, many, drawn):
    w = window([])
    stats = open_statistics(w, "games")
    listing = stats.games.list
    newest_first = many[::-1]
    visible = listing.visible
    for _ in range(visible):  # past the last row shown: the list follows the selection
        w.key(pygame.K_DOWN)
    assert listing.selected == visible and listing.top == 1
    assert rows_shown(drawn, listing) == dates(newest_first[1:visible + 1])
    w.key(pygame.K_PAGEDOWN)
    assert listing.selected == 2 * visible and listing.chosen().id == newest_first[2 * visible].id
    assert rows_shown(drawn, listing)[-1] == dates([newest_first[2 * visible]])[0]
    top, selected = listing.top, listing.selected
    w.post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)  # two notches down: six rows, the selection stays
    assert listing.top == top + 6 and listing.selected == selected
    assert rows_shown(drawn, listing) == dates(newest_first[top + 6:top + 6 + visible])
    for _ in range(200):
        w.post(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False)
    assert listing.top == COUNT - visible  # no further than the last row
    assert rows_shown(drawn, listing)[-1] == dates(many[:1])[0]


def test_enter_watches_the_selected_game(window, many, monkeypatch):
    watched = []
    original = app.Navigation.watch
    monkeypatch.setattr(app.Navigation, "watch",
                        lambda self, record_id, back: watched.append(record_id) or original(self, record_id, back))
    w = window([])
    stats = open_statistics(w, "games")
    w.key(pygame.K_END)
    w.key(pygame.K_RETURN)  # the oldest game: won
    viewer = w.scene
    assert watched == [many[0].id] and isinstance(viewer, ReplayViewer) and viewer.back is stats
    assert viewer.replay.completed
    w.key(pygame.K_ESCAPE)
    assert w.scene is stats and stats.page == "games" and stats.games.list.chosen().id == many[0].id
    w.key(pygame.K_HOME)
    w.key(pygame.K_RETURN)  # the newest: lost
    assert watched[-1] == many[-1].id and isinstance(w.scene, ReplayViewer) and not w.scene.replay.completed


def test_the_rows_follow_a_language_switch(window, many, drawn):
    """A row is written once and kept while it scrolls (GameList.row_texts), in the language
    it was written in: a switch writes the rows again."""
    w = window([])
    stats = open_statistics(w, "games")
    listing = stats.games.list
    shown = many[::-1][:listing.visible]
    english = dates(shown)
    assert rows_shown(drawn, listing) == english and english[0].startswith("3/")  # month first
    i18n.set_language("es")
    w.step()
    spanish = dates(shown)
    assert rows_shown(drawn, listing) == spanish != english and spanish[0].startswith("1/3")  # day first
