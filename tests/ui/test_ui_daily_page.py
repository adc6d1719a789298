"""The Statistics screen's Daily page (issue 38): today's boards, the days of the open level
with the first attempt ranked and the later ones apart, the streak of days, and the chart of
the first attempts' times; opened by D and by its button, scrolled by the keys and the wheel.
The dailies are played through the window's session (game.session.Session.open_daily) and
recorded as any game; the page is then driven by posted events."""

import datetime as dt

import pygame
import pytest

from game.midend import daily
from game.ui.shared.theme import palette
from game.ui.stats import daily_page
from game.ui.stats.daily_page import DOT, LIST_ROWS, SLOT
from tests.play_helpers import drawn_texts, open_statistics, play_daily

DAYS = 8  # days played in a row, up to today


def play(w, day, level, win=True, seconds=10.0):
    """Play ``level``'s daily of ``day`` to its end through the window's session
    (tests.play_helpers.play_daily)."""
    play_daily(w.loop.manager.services, day, level, win, seconds)


@pytest.fixture
def played(window):
    """A window whose records hold DAYS days of Beginner dailies (today's first in 8 s, then
    a faster second try; yesterday's first lost), today's Expert lost."""
    def start(argv=()):
        w = window(list(argv))
        today = daily.today()
        play(w, today, "expert", win=False, seconds=30.0)  # (first: the screen opens on the last level played)
        for k in range(DAYS):
            day = today - dt.timedelta(days=k)
            play(w, day, "beginner", win=k != 1, seconds=8.0 + k)
            if k in (0, 1):
                play(w, day, "beginner", seconds=5.0)  # a later attempt: kept apart
        return w
    return start


def test_the_daily_page_shows_today_the_days_the_streak_and_the_chart(played, monkeypatch):
    w = played()
    seen = drawn_texts(monkeypatch, daily_page)
    stats = open_statistics(w)
    w.key(pygame.K_d)
    page = stats.daily
    assert stats.page == "daily" and stats.bottom[5].label == "Summary (D)"
    assert page.streaks == (DAYS, DAYS)
    assert set(page.boards) == {"beginner", "expert"}
    texts = [message for message, _pos in seen]
    for words in ("won 8.000 s", "not played", "lost 30.0 s", "Days in a row with a daily: 8 (longest 8)",
                  "Daily Beginner 9x9, by day"):
        assert words in texts, words
    assert [d.attempts for d in page.days[:3]] == [2, 2, 1]
    today, yesterday = page.days[0], page.days[1]
    assert today.first.won and today.best_later.time_ms == 5000
    assert not yesterday.first.won and yesterday.best_later.time_ms == 5000  # won later: apart, not ranked
    assert "5.000 s" in texts  # the later attempts' best, in its column
    # the chart: today's first attempt is a dot of the theme's chart colour at its time
    plot = page.plot
    x = plot.rect.left + DOT + 1 + (len(page.chart_days()) - 1) * SLOT
    assert tuple(w.screen.surface.get_at(w.screen.point((x, plot.y_of(8.0)))))[:3] == palette.chart_time


def test_the_days_scroll_and_the_page_answers_its_button(played):
    w = played()
    stats = open_statistics(w)
    w.click(stats.bottom[5].rect.center)  # the Daily (D) button
    page = stats.daily
    assert stats.page == "daily" and page.level == "beginner" and len(page.days) == DAYS
    w.key(pygame.K_PAGEDOWN)
    assert page.first == DAYS - LIST_ROWS
    w.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    assert page.first == DAYS - LIST_ROWS - 1
    w.key(pygame.K_HOME)
    assert page.first == 0
    w.key(pygame.K_RIGHT)  # Intermediate: no daily played
    assert page.level == "intermediate" and page.days == [] and page.boards  # today's boards stay
    w.key(pygame.K_d)
    assert stats.page == "summary"


def test_the_daily_page_speaks_spanish(played, monkeypatch):
    w = played(["--lang", "es"])
    seen = drawn_texts(monkeypatch, daily_page)
    stats = open_statistics(w)
    w.key(pygame.K_d)
    texts = [message for message, _pos in seen]
    assert "ganada 8,000 s" in texts and "sin jugar" in texts and stats.bottom[5].shown == "Resumen (D)"


def test_the_daily_page_without_records_shows_today_unplayed(window, monkeypatch):
    w = window()
    seen = drawn_texts(monkeypatch, daily_page)
    stats = open_statistics(w)
    w.key(pygame.K_d)
    texts = [message for message, _pos in seen]
    assert texts.count("not played") == 4 and "No daily played yet" in texts
    assert stats.daily.streaks == (0, 0)
