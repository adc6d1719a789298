"""The Bests are one list, game.figures.bests(): the database's category bests, ``--stats``'
lines of bests and its JSON, and the Statistics screen's Bests page all read it, so a figure
given a place among the Bests (``best=``) is in all of them, and one taken out is in none.
The time is one of them (game.figures.TIME)."""

import dataclasses
import json

import pytest

from game import figures
from game.figures import FIGURES, TIME
from game.i18n import set_language
from game.records.db import RecordStore
from game.records.record import GameRecord
from game.records.report import category_lines, stats_json
from game.records.level_stats import summary
from game.ui.stats import screen as page
from game.ui.stats.screen import Statistics


def a_win(time_ms: int, **values) -> GameRecord:
    """A won Beginner game played with the mouse (it enters the window's bests), its figures 1."""
    ones = {f.name: 1 if f.digits is None else 1.0 for f in FIGURES}
    return GameRecord(played_at="2025-03-01T10:00:00+01:00", level="beginner", rows=9, cols=9, mines=10,
                      won=True, time_ms=time_ms, three_bv=20, **{**ones, **values})


def page_rows(stats) -> list[tuple[str, list[str]]]:
    """The Bests page's rows of the window's table for Beginner (Statistics.bests_rows)."""
    page = type("Page", (), {"stats": stats, "level": "beginner", "bests_filtered": False})()
    return Statistics.bests_rows(page)[0][1]


@pytest.fixture
def store():
    store = RecordStore.memory()
    yield store
    store.close()


def test_the_bests_are_time_3bv_s_ioe_rqp_stnb_each_with_a_better_end_and_a_place_of_its_own():
    shown = figures.bests()
    assert [f.name for f in shown][:5] == ["time_ms", "bbbv_per_s", "ioe", "rqp", "stnb"]  # then any added
    assert shown[0] is TIME
    places = [f.best for f in shown]
    assert len(set(places)) == len(places)
    for f in shown:
        assert f.better in ("higher", "lower"), f.name


def test_the_database_stats_and_the_page_show_the_bests_of_the_table(store):
    set_language("en")
    store.add_game(a_win(20_000, bbbv_per_s=1.0, ioe=0.5, rqp=400.0, stnb=10.0, ios=0.25))
    store.add_game(a_win(10_000, bbbv_per_s=2.0, ioe=0.75, rqp=100.0, stnb=20.0, ios=0.5))
    names = [f.name for f in figures.bests()]
    bests = store.category_bests("beginner")["all"]
    assert list(bests) == names
    assert bests["time_ms"].id == 2 and bests["rqp"].id == 2 and bests["bbbv_per_s"].id == 2  # lower, higher
    levels = summary(store)
    assert list(stats_json(levels)["levels"]["beginner"]["bests"]["all"]) == names
    line = next(line for line in category_lines(levels) if line.startswith("  all: "))
    assert line.startswith("  all: time 10.000 s #2, 3BV/s 2.00 #2, IOE 0.750 #2, RQP 100.00 #2, STNB 20.00 #2")
    rows = page_rows(levels)
    assert [label for label, _cells in rows][:5] == ["Time", "3BV/s", "IOE", "RQP", "STNB"]
    assert len(rows) == len(names)
    set_language("es")
    try:
        assert [label for label, _cells in page_rows(summary(store))][0] == "Tiempo"
        assert next(line for line in category_lines(summary(store)) if "#2" in line).startswith("  todas: tiempo 10,000 s")
    finally:
        set_language("en")


def test_a_figure_given_a_place_among_the_bests_is_in_all_three_and_taken_out_in_none(store, monkeypatch):
    set_language("en")
    store.add_game(a_win(20_000, ios=0.75))
    store.add_game(a_win(10_000, ios=0.5))
    last = max(f.best for f in figures.bests())
    table = tuple(dataclasses.replace(f, best=last + 1) if f.name == "ios"
                  else dataclasses.replace(f, best=None) if f.name == "stnb" else f for f in FIGURES)
    monkeypatch.setattr(figures, "FIGURES", table)
    bests = store.category_bests("beginner")["all"]
    assert "ios" in bests and "stnb" not in bests
    assert bests["ios"].id == 1  # IOS: higher is better
    levels = summary(store)
    keys = stats_json(levels)["levels"]["beginner"]["bests"]["all"]
    assert list(keys)[-1] == "ios" and "stnb" not in keys and len(keys) == len(figures.bests())
    assert json.loads(json.dumps(keys))["ios"]["value"] == 0.75
    line = next(line for line in category_lines(levels) if line.startswith("  all: "))
    assert line.endswith(", IOS 0.750 #1") and "STNB" not in line
    labels = [label for label, _cells in page_rows(levels)]
    assert labels[-1] == "IOS" and "STNB" not in labels
    assert page_rows(levels)[-1][1][0] == "0.75  #1"


@pytest.mark.parametrize("foot_lines", [1, 2, 3])
def test_the_bests_page_keeps_its_rows_while_they_fit_and_closes_them_up_for_more(foot_lines):
    top = page.PANEL.top + 8  # as draw_bests lays it out
    assert page.best_row_step(2, 2 * 5, foot_lines, top) == page.BEST_ROW  # the five Bests: as they were drawn
    for figures_shown in (6,):  # one added; more would need more room (the rows close up to BEST_ROW_LEAST only)
        step = page.best_row_step(2, 2 * figures_shown, foot_lines, top)
        end = top + 2 * (page.BEST_TITLE_H + page.BEST_HEAD_H + page.BEST_TABLE_GAP) + 2 * figures_shown * step
        assert page.BEST_ROW_LEAST <= step <= page.BEST_ROW
        assert end + 14 * foot_lines <= page.FILTER_BUTTON.top, (figures_shown, foot_lines, step)


def test_clicks_per_second_reaches_the_database_the_csv_and_stats_json(capsys):
    """The figure added by one entry in game.figures (cl_s): its column, its value computed
    by ms-toollib for a played game, its CSV column and its place among --stats --json's bests."""
    from game.records import open_records
    from game.records.paths import db_path
    from tests.records.test_competitive_records import beginner_win, exported, stats_json

    records = open_records(stderr=None)  # the figures are left for the backfill of --stats
    match = beginner_win(3, 6.0, flag=True)
    game_id, _ = records.record(match, log=match.log_data())
    bests = stats_json(capsys)["levels"]["beginner"]["bests"]
    (row,) = exported(capsys)
    clicks, seconds = int(row["clicks"]), int(row["time_ms"]) / 1000
    assert clicks >= 2 and float(row["cl_s"]) == pytest.approx(clicks / seconds)
    assert bests["all"]["cl_s"]["game"] == game_id and bests["all"]["cl_s"]["value"] == float(row["cl_s"])
    assert bests["nf"]["cl_s"] is None  # a flag: not a no-flag win
    with RecordStore.open(db_path()) as store:
        assert dict((r[1], r[2]) for r in store.conn.execute("PRAGMA table_info(games)"))["cl_s"] == "REAL"
        assert store.game(game_id).cl_s == float(row["cl_s"])
    shown = f"Cl/s {float(row['cl_s']):.3f} #{game_id}"
    assert main_stats_text(capsys).count(shown) == 1  # in the lines of bests (all; not NF)
    try:
        assert shown.replace(".", ",") in main_stats_text(capsys, "--lang", "es")
    finally:
        set_language("en")


def main_stats_text(capsys, *options) -> str:
    import main

    assert main.main([*options, "--stats"]) == 0
    return capsys.readouterr().out
