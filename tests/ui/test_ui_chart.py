"""The Statistics screen's Chart page: a player opens Statistics, presses C (or the Chart
button) and sees the level's wins over time, each win's time and 3BV/s with the running
best as a step line, scrolls a long history, and reads it in every theme and in Spanish.
Told with posted pygame events in the headless window."""

from dataclasses import replace

import pygame
import pytest

from game import i18n
from game.records.level_stats import chart_points
from game.ui.stats import chart as chart_module
from game.ui.stats.chart import SLOT
from game.ui.stats.screen import Statistics
from game.ui.shared.theme import THEMES, palette
from tests.play_helpers import open_statistics
from tests.ui.test_ui_records import record
from tests.ui.test_ui_theme import contrast

# (seconds, 3BV/s or None) of beginner wins, oldest first; their running best time:
# 30, 25, 25, 20, 20 ...
WINS = [(30.0, 1.0), (25.0, 1.2), (40.0, 0.75), (20.0, 1.5), (22.0, None), (28.0, 1.1)]


def seed(store, wins=WINS, day="2024-05-01"):
    """Record ``wins`` on beginner, a loss, a helped win and a win played on after an undo."""
    ids = []
    for i, (seconds, speed) in enumerate(wins):
        ids.append(store.add_game(record(time_ms=round(seconds * 1000), bbbv_per_s=speed,
                                         played_at=f"{day}T12:{i % 60:02d}:00+00:00")))
    store.add_game(record(won=False, time_ms=5000))  # a loss: no point
    helped = store.add_game(record(time_ms=10000, bbbv_per_s=3.0, hints_used=1))  # apart, not a best
    store.add_game(record(time_ms=9000, bbbv_per_s=3.3, undos=1))  # practice after an undo: left out
    return ids, helped


def open_chart(w):
    stats = open_statistics(w, "chart")
    assert stats.level == "beginner"
    return stats


def colour_at(w, pos):
    return tuple(w.screen.get_at(pos))[:3]


def test_the_chart_draws_each_win_its_speed_and_the_running_best(window):
    w = window()
    ids, helped = seed(w.scene.services.records.store)
    stats = open_chart(w)
    chart = stats.chart
    assert [p.record_id for p in chart.points] == [*ids, helped]  # the loss and the undone game left out
    times, speeds = chart.plots
    for i, (seconds, speed) in enumerate(WINS):
        assert colour_at(w, (chart.x_of(i), times.y_of(seconds))) == palette.chart_time, i
        if speed is not None:
            assert colour_at(w, (chart.x_of(i), speeds.y_of(speed))) == palette.chart_speed, i
    # the running best, halfway between two wins, at the best's height: 25 s after the second win
    assert colour_at(w, (chart.x_of(1) + SLOT // 2, times.y_of(25.0))) == palette.chart_best
    assert colour_at(w, (chart.x_of(4) + SLOT // 2, times.y_of(20.0))) == palette.chart_best
    assert colour_at(w, (chart.x_of(4) + SLOT // 2, speeds.y_of(1.5))) == palette.chart_best
    # the helped win is a ring apart and does not lower the best: still 20 s after it
    x, y = chart.x_of(6), times.y_of(10.0)
    ring = {colour_at(w, (x + dx, y + dy)) for dx in range(-3, 4) for dy in range(-3, 4)}
    assert palette.dim in ring and palette.chart_time not in ring
    assert colour_at(w, (chart.x_of(5) + SLOT // 2, times.y_of(20.0))) == palette.chart_best
    assert chart.points[-1].best_time == 20.0 and chart.points[-1].best_speed == 1.5
    w.key(pygame.K_ESCAPE)
    assert w.scene is stats and stats.page == "summary"
    w.click(stats.bottom[3].rect.center)  # the Chart button
    assert stats.page == "chart" and stats.bottom[3].label == "Summary (C)"
    w.key(pygame.K_c)
    assert stats.page == "summary" and stats.bottom[3].label == "Chart (C)"


def test_a_long_history_opens_on_the_newest_wins_and_scrolls(window):
    w = window()
    store = w.scene.services.records.store
    many = [(20.0 + (i * 7) % 13, 1.0 + (i % 5) / 10) for i in range(130)]
    seed(store, many)
    stats = open_chart(w)
    chart = stats.chart
    total = len(chart.points)
    assert total > chart.visible
    assert chart.first == total - chart.visible  # the newest wins in view
    newest = chart.first
    last = chart.points[-2]  # the newest ranking win (the helped one, newest, is a ring)
    assert colour_at(w, (chart.x_of(total - 2), chart.plots[1].y_of(last.speed))) == palette.chart_speed
    w.key(pygame.K_LEFT)
    assert chart.first < newest and w.scene is stats and stats.level == "beginner"  # scrolled, same level
    w.key(pygame.K_PAGEUP)
    w.key(pygame.K_HOME)
    assert chart.first == 0
    first = chart.points[0]
    assert colour_at(w, (chart.x_of(0), chart.plots[0].y_of(first.seconds))) == palette.chart_time
    w.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)  # wheel down: later
    assert chart.first > 0
    w.key(pygame.K_PAGEDOWN)
    w.key(pygame.K_END)
    assert chart.first == newest
    w.key(pygame.K_2)  # the level changes with 1-4 (and the tabs) on this page
    assert stats.level == "intermediate" and chart.points == [] and stats.page == "chart"


@pytest.mark.parametrize("name", sorted(THEMES))
def test_every_theme_draws_the_chart_readably(window, name):
    theme = THEMES[name]
    for colour in (theme.chart_time, theme.chart_speed, theme.chart_best, theme.dim, theme.text):
        assert contrast(colour, theme.field if colour != theme.text else theme.panel) >= 3.0, (name, colour)
    assert theme.chart_best not in (theme.chart_time, theme.chart_speed, theme.chart_grid)
    w = window(["--theme", name])
    seed(w.scene.services.records.store)
    stats = open_chart(w)
    times, speeds = stats.chart.plots
    assert colour_at(w, (stats.chart.x_of(0), times.y_of(30.0))) == theme.chart_time
    assert colour_at(w, (stats.chart.x_of(0), speeds.y_of(1.0))) == theme.chart_speed
    assert colour_at(w, (stats.chart.x_of(3) + SLOT // 2, times.y_of(20.0))) == theme.chart_best
    assert colour_at(w, (times.rect.right - 3, times.rect.top + 1)) == theme.field


# The chart's words in Spanish, as the catalogue (game/locales/es) has them
SPANISH = {
    "Wins over time": "Victorias a lo largo del tiempo",
    "win": "victoria",
    "apart: help, known board or terminal": "aparte: ayuda, tablero conocido o terminal",
    "running best": "mejor hasta entonces",
    "Time (s)": "Tiempo (s)",
    "Speed ({figure})": "Velocidad ({figure})",
    "No wins yet": "Aún no hay victorias",
    "Wins {first}-{last} of {total}, oldest left": "Victorias {first}-{last} de {total}, la más antigua a la izquierda",
    "Left/Right, Page Up/Down, the wheel: scroll": "Izquierda/Derecha, RePág/AvPág, la rueda: desplazar",
    "Chart (C)": "Gráfica (C)",
    "Summary (C)": "Resumen (C)",
    "Custom sizes have no bests: no running best": "Tamaños personalizados: sin récords ni mejor hasta entonces",
}


def test_the_chart_speaks_spanish(window, monkeypatch):
    w = window(["--lang", "es"])
    catalogue = i18n.catalogue("es")
    assert {message: catalogue.gettext(message) for message in SPANISH} == SPANISH
    ids, _helped = seed(w.scene.services.records.store, WINS * 10)
    drawn = []
    original = chart_module.text

    def spy(surface, message, pos, *args, **kwargs):
        rect = original(surface, message, pos, *args, **kwargs)
        drawn.append((message, rect))
        return rect
    monkeypatch.setattr(chart_module, "text", spy)
    stats = open_chart(w)
    w.key(pygame.K_HOME)
    shown = [message for message, _rect in drawn]
    english = set(SPANISH) | {"Time", "Speed", "Wins", "oldest", "apart:", "running"}
    assert not [m for m in shown if any(word in m for word in english)], shown
    assert "1 may 2024" in shown  # the dates the Spanish way
    assert "Victorias 1-40 de 61, la más antigua a la izquierda" in shown  # 60 wins and the helped one
    assert any("," in m and m.replace(",", "").isdigit() for m in shown)  # a decimal comma on the 3BV/s axis
    for message, rect in drawn:
        assert stats.chart.rect.contains(rect), f"{message!r} leaves the page"
    assert "Velocidad (3BV/s)" in shown  # the figure's label (game.figures), the same in every language
    assert stats.bottom[3].shown == "Resumen (C)"  # the Chart button leads back to the summary


def test_chart_points_leave_out_undone_games_and_keep_helped_wins_apart(window):
    w = window()
    store = w.scene.services.records.store
    ids, helped = seed(store)
    points = chart_points(store, "beginner")
    assert [p.record_id for p in points] == [*ids, helped]
    assert [p.ranks for p in points] == [True] * len(WINS) + [False]
    assert [p.best_time for p in points] == [30.0, 25.0, 25.0, 20.0, 20.0, 20.0, 20.0]
    assert [p.best_speed for p in points] == [1.0, 1.2, 1.2, 1.5, 1.5, 1.5, 1.5]
    assert points[4].speed is None  # not computed: no point in the 3BV/s plot


def test_a_played_win_gets_its_3bv_s_point_once_the_figures_are_computed(window):
    from tests.ui.test_ui_figures import wait_figures, won_by_first_click
    w = won_by_first_click(window)
    w.loop.manager.switch(Statistics(w.scene.services))
    w.step()
    w.key(pygame.K_c)
    stats = w.scene
    assert stats.page == "chart" and len(stats.chart.points) == 1
    wait_figures(w)  # the figures worker stores bbbv_per_s; the page reads the wins again
    (point,) = stats.chart.points
    stored = w.scene.services.records.store.game(point.record_id)
    assert point.speed == stored.bbbv_per_s is not None and point.best_speed == point.speed
    times, speeds = stats.chart.plots
    assert colour_at(w, (stats.chart.x_of(0), speeds.y_of(point.speed))) == palette.chart_speed
    assert colour_at(w, (stats.chart.x_of(0), times.y_of(point.seconds))) == palette.chart_time


def test_a_terminal_win_is_a_ring_the_8x8_beginner_and_custom_have_their_own_charts(window, monkeypatch):
    """A win typed in a terminal ranks in the console's table: a ring here, no step in the
    window's running best. The open Beginner tab, pressed again, shows the competitive 8x8
    and its own wins; the Custom tab draws its wins with no running best, and says why."""
    w = window()
    store = w.scene.services.records.store
    plain = store.add_game(record(time_ms=30000, bbbv_per_s=1.0))
    store.add_game(record(time_ms=10000, bbbv_per_s=3.0, input="terminal", played_at="2024-05-01T12:01:00+00:00"))
    store.add_game(record(time_ms=25000, bbbv_per_s=1.2, input="keyboard", played_at="2024-05-01T12:02:00+00:00"))
    eight = store.add_game(replace(record(time_ms=12000, bbbv_per_s=2.0), level="beginner_8x8", rows=8, cols=8))
    store.add_game(record("custom", time_ms=15000, bbbv_per_s=1.4))
    stats = open_chart(w)
    chart = stats.chart
    times, speeds = chart.plots
    assert [p.apart for p in chart.points] == [False, True, False]
    x, y = chart.x_of(1), times.y_of(10.0)
    ring = {colour_at(w, (x + dx, y + dy)) for dx in range(-3, 4) for dy in range(-3, 4)}
    assert palette.dim in ring and palette.chart_time not in ring
    assert colour_at(w, (chart.x_of(1) + SLOT // 2, times.y_of(30.0))) == palette.chart_best  # not lowered
    assert colour_at(w, (chart.x_of(2), speeds.y_of(1.2))) == palette.chart_speed  # the keys' win ranks
    assert chart.points[-1].best_time == 25.0 and plain == chart.points[0].record_id
    w.key(pygame.K_1)  # the open Beginner tab again: the 8x8
    assert stats.level == "beginner_8x8" and [p.record_id for p in chart.points] == [eight]
    assert colour_at(w, (chart.x_of(0), times.y_of(12.0))) == palette.chart_time
    drawn = []
    original = chart_module.text

    def spy(surface, message, *args, **kwargs):
        drawn.append((message, original(surface, message, *args, **kwargs)))
        return drawn[-1][1]
    monkeypatch.setattr(chart_module, "text", spy)
    w.key(pygame.K_4)
    assert stats.level == "custom"
    notes = [rect for message, rect in drawn if message == "Custom sizes have no bests: no running best"]
    assert notes and chart.rect.contains(notes[-1]) and "running best" not in [m for m, _rect in drawn] and len(chart.points) == 1 and chart.points[0].best_time is None
    assert colour_at(w, (chart.x_of(0), times.y_of(15.0))) == palette.chart_time  # a win, not a ring
    assert palette.chart_best not in {colour_at(w, (x, times.y_of(15.0))) for x in range(times.rect.left + 2,
                                                                                          times.rect.right - 2)}
