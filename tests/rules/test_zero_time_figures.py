"""Issue 27: a game abandoned at its first click has no time to divide by, so no 3BV/s, IOS or
RQP (shown "-", never 1000.00); and no number anywhere is written as a negative zero."""

import json
import time

import pygame

import main
from game import figures
from game.i18n import number, set_language
from game.records.db import RecordStore
from game.replay.events import ReplayStats
from game.ui.shared.formats import percent


def abandoned_at_once(window, data_dir):
    """A Beginner game left (F2, not asked) right after its first reveal; its stored record once
    the figures' worker is done."""
    w = window(["--difficulty", "beginner"], deal=7)
    w.scene.services.settings.confirm_abandon = False
    w.loop.clock.step = 0  # the frames take no time: the reveal and F2 in the same millisecond
    w.click_cell((0, 0))
    w.key(pygame.K_F2)
    worker = w.scene.services.records.figures_worker
    end = time.monotonic() + 30
    while worker.busy:
        assert time.monotonic() < end, "the figures were not computed in time"
        w.step(1)
        time.sleep(0.01)  # idle between frames, as the real loop does: the figures' worker thread runs
    w.loop.clock.step = 1 / 60
    w.step(2)
    with RecordStore.open(data_dir / "records.sqlite3") as store:
        [record] = store.games()
    return w, record


def test_a_game_abandoned_at_once_has_no_timed_figure_in_the_list_or_the_review(window, isolated_data_dir, capsys):
    w, record = abandoned_at_once(window, isolated_data_dir)
    assert record.abandoned and record.time_ms == 0 and record.clicks is not None  # its figures were computed
    assert (record.bbbv_per_s, record.ios, record.rqp) == (None, None, None)
    from game.ui.stats.screen import Statistics
    w.loop.manager.switch(Statistics(w.scene.services))
    w.step()
    w.key(pygame.K_g)
    from game.ui.stats.game_list import COLUMNS, row_values
    [shown] = [row_values(r) for r in w.scene.games.list.records]
    speed = [label for _x, label in COLUMNS].index("3BV/s")
    assert shown[speed] == "-"
    assert main.main(["--review", "last"]) == 0
    text = capsys.readouterr().out
    assert "3BV/s -" in text and "1000" not in text
    assert main.main(["--review", "last", "--json"]) == 0
    out = capsys.readouterr().out
    data = json.loads(out)
    assert data["stats"]["bbbv_per_s"] is None and "-0.0" not in out
    assert data["summary"]["guesses"] == 0 and str(data["summary"]["pluck"]) == "0.0"


def test_the_figures_of_no_time_are_none_and_of_some_time_are_kept():
    data = {f.name: None for f in figures.FIGURES if f.name != "ios"}  # ms-toollib's dict
    data.update(bbbv_solved=1, bbbv_per_s=1000.0, rqp=0.0, ioe=1.0)
    none = ReplayStats.from_toollib(data, 0)
    assert (none.bbbv_per_s, none.rqp, none.ios, none.ioe) == (None, None, None, 1.0)
    some = ReplayStats.from_toollib(data, 1)
    assert (some.bbbv_per_s, some.rqp) == (1000.0, 0.0)
    assert {"bbbv_per_s", "ios", "rqp", "stnb"} <= {f.name for f in figures.timed()}
    every = ReplayStats.from_toollib({**data, **{f.name: 1.0 for f in figures.timed() if f.name in data}}, 0)
    assert all(getattr(every, f.name) is None for f in figures.timed())  # each timed figure, any added too


def test_no_number_is_written_as_a_negative_zero():
    assert figures.plain(-0.0, 3) == "0.000" and figures.plain(-0.0004, 3) == "0.000"
    assert figures.plain(-1.25, 1) == "-1.2" and figures.plain(None, 2) == "-"
    assert number(-0.0, 2) == "0.00" and number(-0.001, 1) == "0.0" and number(-2.5, 1) == "-2.5"
    assert percent(-0.3) == "0%"
    set_language("es")
    assert number(-0.0, 2) == "0,00" and number(-1.5, 1) == "-1,5"
