"""Competitive statistics of recorded games: computed by ms-toollib from the game's log, the
same as Metasweeper's reader gives for the game's EVF, hand-checked on a small known game,
stored with each game (schema 6), backfilled for older games, and never in the way of
recording when ms-toollib is missing."""

import json
import math
import subprocess
import sys

import pytest

from game.rules.board import Config
from game.rules.engine import State
from game.midend.match import Match
from game.rules.moves import Move
from game.records import open_records, schema
from game.records.compstats import COMPUTED, NONE, TO_COMPUTE, backfill, compute
from game.records.db import RecordStore
from game.records.record import GameRecord
from game.replay.files import evf_bytes
from game.replay.fromlog import replay_of
from tests.play_helpers import Clock, console_beginner, old_database

EVF_STATS = """
import json, sys, ms_toollib
v = ms_toollib.EvfVideo(raw_data=open(sys.argv[1], 'rb').read(), file_name='x.evf')
v.parse(); v.analyse(); v.current_time = v.video_end_time
print(json.dumps({"bbbv_solved": v.bbbv_solved, "bbbv_per_s": v.bbbv_s, "rqp": v.rqp, "ioe": v.ioe,
    "correctness": v.corr, "throughput": v.thrp, "zini": v.zini, "hzini": v.hzini, "openings": v.op,
    "islands": v.isl, "left_clicks": v.left, "right_clicks": v.right, "double_clicks": v.double,
    "clicks": v.cl, "effective_clicks": v.ce, "flags": v.flag, "path_px": v.path, "time": v.rtime_ms}))
"""


def centre_mine_game(clock):
    """3x3, one mine in the centre: eight 1s, each its own 3BV, no opening. Played as
    console commands 0.5 s apart: seven reveals, a flag on the mine, the last reveal."""
    match = Match(Config(3, 3, 1), mines=[(1, 1)], clock=clock)
    order = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), "flag", (2, 0), (2, 1), (2, 2)]
    for step in order:
        if step == "flag":
            match.command(Move.flag((1, 1)))
        else:
            match.command(Move.reveal(step))
        clock.now += 0.5
    assert match.game.state is State.WON
    return match


def record_of(match, record_id=1):
    record = GameRecord.from_match(match, name="Tester")
    record.id = record_id
    return record


def test_a_small_known_game_has_the_hand_checked_figures():
    match = centre_mine_game(Clock())
    record = record_of(match)
    assert record.time_ms == 4000 and record.three_bv == 8  # first reveal at 0 s, the last at 4 s
    [stats] = compute([(record, match.log_data())])
    assert stats.bbbv_solved == 8 and stats.openings == 0
    assert (stats.left_clicks, stats.right_clicks, stats.double_clicks, stats.clicks) == (8, 1, 0, 9)
    assert stats.effective_clicks == 9 and stats.flags == 1
    assert stats.bbbv_per_s == pytest.approx(8 / 4.0)  # 3BV / s
    assert stats.ioe == pytest.approx(8 / 9)  # 3BV / clicks
    assert stats.rqp == pytest.approx(4.0 / (8 / 4.0))  # time / 3BV/s
    assert stats.ios == pytest.approx(math.log(8) / math.log(4.0))  # log 3BV / log time
    assert stats.correctness == pytest.approx(9 / 9)  # effective clicks / clicks
    assert stats.throughput == pytest.approx(8 / 9)  # 3BV / effective clicks
    # the pointer went centre to centre: 16 + 16 + sqrt(32² + 16²) + 32 + 16 + sqrt(16² + 16²) + 16 + 16
    assert stats.path_px == pytest.approx(112 + math.hypot(32, 16) + math.hypot(16, 16), abs=0.5)


@pytest.mark.parametrize("lose", [False, True], ids=["won", "lost"])
def test_our_figures_are_what_ms_toollibs_evf_reader_gives_for_the_games_evf(tmp_path, lose):
    match = console_beginner(2, lose, Clock())
    record = record_of(match)
    log = match.log_data()
    [ours] = compute([(record, log)])
    path = tmp_path / "game.evf"
    path.write_bytes(evf_bytes(replay_of(log, record)))
    done = subprocess.run([sys.executable, "-c", EVF_STATS, str(path)], capture_output=True, text=True,
                          cwd=tmp_path, timeout=60)
    theirs = json.loads(done.stdout)
    assert theirs.pop("time") == record.time_ms
    for name, value in theirs.items():
        assert getattr(ours, name) == pytest.approx(value), name
    assert ours.bbbv_solved == record.three_bv_solved  # ms-toollib counts the 3BV solved as we do


def test_a_batch_keeps_each_games_figures_and_a_loaded_position_has_none():
    clock = Clock()
    won, lost = console_beginner(2, False, clock), console_beginner(3, True, Clock())
    loaded = dict(won.log_data(), start=[[0, 0]])  # a game started from a loaded position
    results = compute([(record_of(won), won.log_data()), (record_of(won), loaded),
                       (record_of(lost), lost.log_data())])
    assert results[0].bbbv_per_s == pytest.approx(record_of(won).three_bv / (record_of(won).time_ms / 1000))
    assert "loaded position" in results[1]
    assert results[2].bbbv_solved == record_of(lost).three_bv_solved < record_of(lost).three_bv


def test_the_console_records_a_game_with_its_figures(isolated_data_dir):
    records = open_records(stderr=None)
    records.figures_mode = "now"
    match = centre_mine_game(Clock())
    record_id, _ = records.record(match, log=match.log_data())
    stored = records.store.game(record_id)
    assert (stored.clicks, stored.ioe) == (9, pytest.approx(8 / 9))
    state = records.store.conn.execute("SELECT stats_state FROM games WHERE id = ?", (record_id,)).fetchone()[0]
    assert state == COMPUTED
    records.close()


def test_schema_6_migrates_with_a_backup_and_older_games_with_a_log_are_backfilled(isolated_data_dir):
    from game.records.db import pack_log
    from game.records.paths import db_path
    path = db_path(None)
    match = centre_mine_game(Clock())
    conn = old_database(path, 5)
    conn.execute("INSERT INTO games (played_at, level, rows, cols, mines, won, time_ms, three_bv, "
                 "three_bv_solved, name, log) VALUES ('2025-01-01T10:00:00+01:00', 'custom', 3, 3, 1, 1, "
                 "4000, 8, 8, 'Old', ?)", (pack_log(match.log_data()),))
    conn.execute("INSERT INTO games (played_at, level, rows, cols, mines, won, time_ms, three_bv, name) "
                 "VALUES ('2024-01-01T10:00:00+01:00', 'beginner', 9, 9, 10, 1, 9000, 12, 'Older')")
    conn.close()
    store = RecordStore.open(path)
    assert schema.user_version(store.conn) == schema.LATEST == 14  # 12: race; 13: trial, the trials table; 14: position
    assert list(path.parent.glob("*.v5-backup-*"))  # the schema-5 file, copied first
    states = [row[0] for row in store.conn.execute("SELECT stats_state FROM games ORDER BY id")]
    assert states == [TO_COMPUTE, NONE]  # the game without a log can have no figures
    assert [g.clicks for g in store.games()] == [None, None]
    assert backfill(store) is None
    with_log, without = store.games()
    assert (with_log.clicks, with_log.bbbv_per_s, without.clicks) == (9, pytest.approx(2.0), None)
    assert with_log.name == "Old" and with_log.time_ms == 4000  # nothing else changed
    store.close()


def test_without_ms_toollib_the_game_is_recorded_without_figures_and_a_warning(
        isolated_data_dir, tmp_path, monkeypatch, capsys):
    fake = tmp_path / "fake"
    fake.mkdir()
    (fake / "ms_toollib.py").write_text("raise ImportError('not installed')\n")
    monkeypatch.setenv("PYTHONPATH", str(fake))  # the child finds this before the real one
    records = open_records(stderr=None)
    records.figures_mode = "now"
    match = centre_mine_game(Clock())
    record_id, _ = records.record(match, log=match.log_data())
    assert record_id is not None and records.store.game(record_id).clicks is None
    assert "competitive statistics are not computed" in capsys.readouterr().err
    state = records.store.conn.execute("SELECT stats_state FROM games").fetchone()[0]
    assert state == TO_COMPUTE  # computed once ms-toollib is there
    monkeypatch.delenv("PYTHONPATH")
    assert backfill(records.store) is None and records.store.game(record_id).clicks == 9
    records.close()


def test_a_hand_edited_figure_of_the_wrong_type_leaves_the_row_out(isolated_data_dir):
    store = RecordStore.memory()
    match = centre_mine_game(Clock())
    store.add_game(record_of(match), match.log_data())
    store.conn.execute("UPDATE games SET ioe = 'x'")
    assert store.games() == [] and "cannot be read" in " ".join(_warned(store))


def _warned(store):
    store._warn_unreadable()
    return store.warnings


def test_stats_and_export_show_the_figures_after_backfilling_them(isolated_data_dir, tmp_path, capsys):
    import csv

    import main
    from game.records.record import STAT_FIELDS
    from game.records.report import CSV_COLUMNS
    records = open_records(stderr=None)  # figures_mode None: left for the backfill
    match = centre_mine_game(Clock())
    record_id, _ = records.record(match, log=match.log_data())
    assert records.store.game(record_id).clicks is None
    records.close()
    assert main.main(["--stats"]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 100
    assert "3BV/s best  3BV/s avg  IOS best  IOS avg  RQP best  RQP avg  IOE best  IOE avg" in out
    custom = [line for line in out.splitlines() if line.startswith("custom")][-1]  # the figures table
    assert custom.split()[1:] == ["-", "2.00", "-", "1.500", "-", "2.00", "-", "0.889"]  # custom: no best
    target = tmp_path / "games.csv"
    assert main.main(["--export-stats", str(target)]) == 0
    rows = list(csv.reader(target.open(encoding="utf-8")))
    assert tuple(rows[0]) == CSV_COLUMNS and CSV_COLUMNS[-len(STAT_FIELDS) - 11:-11] == STAT_FIELDS
    # schema 7's column, 8's, 9's, 10's, 11's, 12's, 13's, then 14's, at the end
    assert CSV_COLUMNS[-11:] == ("undos", "nf", "input", "min_bv", "counted_loss", "code", "daily", "from_code", "race",
                                 "trial", "position")
    assert CSV_COLUMNS[:24] == ("id", "played_at", "level", "rows", "cols", "mines", "won", "time_ms", "three_bv",
                                "first_click", "no_guess", "seed", "three_bv_solved", "clicks_reveal",
                                "clicks_flag", "clicks_chord", "clicks_wasted", "efficiency", "hints_used",
                                "autoplay_used", "probabilities_used", "layout_known", "abandoned", "name")
    game = dict(zip(rows[0], rows[1]))
    assert (game["clicks"], game["right_clicks"], float(game["ioe"])) == ("9", "1", pytest.approx(8 / 9))


def test_the_window_tells_a_short_game_on_its_thread_and_a_long_one_apart(monkeypatch):
    """compstats.compute_here_or_apart: a game of at most HERE_EVENTS moves and pointer events
    (its log a dict or packed) is stepped where it is asked, a longer one in the child; the
    results come back in the order asked, and a short game's are the child's figures."""
    from game.records import compstats
    from game.records.db import pack_log

    match = centre_mine_game(Clock())
    record = GameRecord.from_match(match)
    log = match.log_data()
    long_log = dict(log, pointer=[[0, "mv", 1, 1]] * compstats.HERE_EVENTS)  # a pointer moved before the moves
    apart = []
    real_apart = compstats.compute_apart
    monkeypatch.setattr(compstats, "compute_apart", lambda items: apart.append(len(items)) or real_apart(items))
    items = [(record, log), (record, long_log), (record, pack_log(log))]
    assert [compstats.short(item) for item in items] == [True, False, True]
    found = compstats.compute_here_or_apart(items)
    assert apart == [1]  # the long game alone went to the child
    assert found[0] == found[2] == real_apart([(record, log)])[0]
    assert found[1].bbbv_solved == found[0].bbbv_solved == 8
