"""The competitive figures are described once (game.figures.FIGURES): each one has its database
column, CSV column, ReplayStats and GameRecord field, ms-toollib attribute and words in the
result panel's Details, and a figure added to the table gets all of them without another
file touched."""

import dataclasses
import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from game import figures
from game.figures import FIGURES
from game.records.compstats import COMPUTED, TO_COMPUTE, level_figures
from game.records.db import RecordStore
from game.records.record import GameRecord, STAT_FIELDS
from game.records.report import CSV_COLUMNS, figures_table
from game.replay.events import ReplayStats
from game.replay.toollib import _stats

ROOT = Path(__file__).resolve().parents[2]
SENTINEL = 424242  # a value no figure takes by chance: where it shows, that figure is shown

# The CSV's columns after the figures, in order: those added after the figures' block (schema 7 on)
AFTER_FIGURES = ("undos", "nf", "input", "min_bv", "counted_loss", "code", "daily", "from_code", "race", "trial",
                 "position")


def a_record(**values) -> GameRecord:
    """A won Beginner game whose figures are all 1 (or ``values``)."""
    ones = {f.name: 1 if f.digits is None else 1.0 for f in FIGURES}
    return GameRecord(played_at="2025-03-01T10:00:00+01:00", level="beginner", rows=9, cols=9, mines=10,
                      won=True, time_ms=12_000, three_bv=20, **{**ones, **values})


def columns(store: RecordStore) -> dict[str, str]:
    return {row[1]: row[2] for row in store.conn.execute("PRAGMA table_info(games)")}


def test_names_are_unique_and_each_figure_is_well_formed():
    names = [f.name for f in FIGURES]
    assert len(set(names)) == len(names)
    assert STAT_FIELDS == tuple(names)
    by_name = {f.name: f for f in FIGURES}
    for f in FIGURES:
        assert f.better in ("higher", "lower", None), f.name
        assert f.source, f.name
        assert f.within is None or (f.within in by_name and by_name[f.within].part is not None), f.name
        if f.ranked is not None:
            assert f.better is not None, f"{f.name} is ranked but has no better end"
        if f.best is not None:
            assert f.better is not None, f"{f.name} is among the Bests but has no better end"
        assert figures.figure(f.name) is f


def test_every_figure_has_a_column_a_csv_column_and_the_fields_of_both_values():
    store = RecordStore.memory()
    try:
        have = columns(store)
    finally:
        store.close()
    replay_fields = [f.name for f in dataclasses.fields(ReplayStats)]
    record_fields = [f.name for f in dataclasses.fields(GameRecord)]
    for f in FIGURES:
        assert have[f.name] == f.sql_type
        assert f.name in CSV_COLUMNS
        assert f.name in replay_fields and f.name in record_fields
    # in the table's order, after the 3BV solved / just before undos (then the columns added since)
    assert replay_fields[1:] == list(STAT_FIELDS)
    after = len(AFTER_FIGURES)
    assert CSV_COLUMNS[-len(FIGURES) - after:-after] == STAT_FIELDS
    assert CSV_COLUMNS[-after:] == AFTER_FIGURES


def test_every_figure_is_asked_of_ms_toollib_or_computed_here():
    video = SimpleNamespace(bbbv_solved=10, **{f.toollib: 3 for f in FIGURES if f.toollib})
    data = _stats(video)
    assert set(data) == {"bbbv_solved"} | {f.name for f in FIGURES if f.toollib}
    stats = ReplayStats.from_toollib(data, 5000)  # with IOS, the one computed here
    assert {f.name for f in FIGURES if not f.toollib} == {"ios"} and stats.ios is not None


def test_every_figure_has_its_words_in_details_and_the_ranked_ones_a_stats_column():
    plain = "\n".join(figures.detail_lines(a_record()))
    assert str(SENTINEL) not in plain
    for f in FIGURES:
        shown = "\n".join(figures.detail_lines(a_record(**{f.name: SENTINEL})))
        assert str(SENTINEL) in shown, f"{f.name} is not in the Details"
    store = RecordStore.memory()
    try:
        assert set(level_figures(store, "expert")) == {f.name for f in figures.ranked()}
    finally:
        store.close()
    level = SimpleNamespace(level="expert", figures={f.name: (SENTINEL, 1.0) for f in figures.ranked()})
    header, _rule, row, *_notes = figures_table({"expert": level})
    for f in figures.ranked():
        assert f"{f.label} best" in header and f"{f.label} avg" in header
    assert row.count("424,242") == len(figures.ranked())  # each one's best, grouped as --stats writes it


def test_the_compact_line_is_the_headline_figures():
    line = figures.compact_line(a_record(bbbv_per_s=2.314, ios=0.8412, rqp=33.14, ioe=0.7234))
    assert line == "3BV/s 2.31  IOS 0.84  RQP 33.1  IOE 0.72"
    assert figures.computing_line() == "3BV/s ...  IOS ...  RQP ...  IOE ..."


ADDED = """
import json, sys
from game import figures
figures.FIGURES += (figures.Figure("fake_per_click", "Fake", "3BV/click", 2, "higher", "a test", "bbbv",
                                   ranked=2),)
from types import SimpleNamespace
from game.records.db import RecordStore
from game.records.record import GameRecord
from game.records.report import CSV_COLUMNS, figures_table
from game.replay.events import ReplayStats
from game.replay.toollib import _stats

store = RecordStore.open(sys.argv[1])
record = store.game(1)
level = SimpleNamespace(level="expert", figures={"fake_per_click": (9.25, None)})
print(json.dumps({
    "columns": {row[1]: row[2] for row in store.conn.execute("PRAGMA table_info(games)")},
    "state": store.conn.execute("SELECT stats_state FROM games WHERE id = 1").fetchone()[0],
    "csv": list(CSV_COLUMNS),
    "value": record.fake_per_click,
    "details": figures.detail_lines(GameRecord(**{**record.as_dict(), "fake_per_click": 7.5})),
    "stats": figures_table({"expert": level}),
    "toollib": _stats(SimpleNamespace(bbbv_solved=1, bbbv=33, **{f.toollib: 1 for f in figures.FIGURES[:-1]
                                                                 if f.toollib}))["fake_per_click"],
    "replay": "fake_per_click" in ReplayStats.__slots__,
}))
store.close()
"""


def test_a_figure_added_to_the_table_gets_its_column_csv_field_words_and_stats(tmp_path):
    path = tmp_path / "records.db"
    store = RecordStore.open(path)  # a file of today, with its figures computed
    store.add_game(a_record())
    store.set_derived(1, {"stats_state": COMPUTED})
    store.close()
    done = subprocess.run([sys.executable, "-c", ADDED, str(path)], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["columns"]["fake_per_click"] == "REAL"
    assert found["state"] == TO_COMPUTE  # computed before the figure existed: to compute again
    assert found["csv"][-len(AFTER_FIGURES) - 1:] == ["fake_per_click", *AFTER_FIGURES]
    assert found["value"] is None
    assert "Fake 7.50" in found["details"][-1].split("  ")  # a part of the last line (alone, or after a single)
    assert "Fake best" in found["stats"][0] and "9.25" in found["stats"][2]
    assert found["toollib"] == 33 and found["replay"]
    # and the file still opens, its games intact, for the code without the figure
    store = RecordStore.open(path)
    try:
        assert not store.warnings and store.game(1) is not None and not store.read_only
    finally:
        store.close()
