"""A window game's log packed over frames (game.records.logpack): the stored log is exactly
Match.log_data(), the row is there from the frame the game ends, and closing the window
in the middle of the packing still stores the whole log."""

import json
import zlib

from game.rules.engine import State
from game.midend.match import PointerInput
from game.records import recording as session
from game.records.db import RecordStore, pack_log, unpack_log
from game.records.logpack import LogPacker, json_pieces
from game.ui import app
from tests.play_helpers import win_by_clicks


def test_the_pieces_are_json_dumps_text_and_the_packer_stores_the_same_dict():
    log = {"version": 1, "moves": [[0, "reveal", 1, 2]], "empty": [],
           "pointer": [PointerInput(i * 17, "mv", i, -i) for i in range(1001)], "pointer_gaps": 3}
    as_lists = dict(log, pointer=[list(event) for event in log["pointer"]])
    text = "".join(json_pieces(log, chunk=100))
    assert text == json.dumps(as_lists, separators=(",", ":"))
    packer = LogPacker(log, chunk=100)
    steps = 1
    while not packer.step(0.0):  # one piece per step
        steps += 1
    assert steps > 10 and packer.done
    assert zlib.decompress(packer.blob) == zlib.decompress(pack_log(as_lists))
    assert unpack_log(packer.blob) == as_lists


def long_game_ends(window, monkeypatch):
    """A Beginner game won by clicks whose log packs a piece per frame (no time budget, small
    slices, a long pointer log): returns the driver and the match, the game just won."""
    monkeypatch.setattr(session, "PACK_BUDGET", 0.0)
    monkeypatch.setattr("game.records.logpack.CHUNK", 50)
    w = window(["--difficulty", "beginner"], deal=7)
    match = w.scene.match
    for i in range(2000):  # a long game's pointer path, before its clicks
        match.pointer("mv", i % 144, i % 144)
    win_by_clicks(w, first=(4, 4))
    assert match.game.state is State.WON
    return w, match


def stored(data_dir, record_id):
    with RecordStore.open(data_dir / "records.sqlite3") as store:
        return store.game(record_id), store.log(record_id)


def test_a_long_window_game_is_recorded_at_once_and_its_log_stored_over_frames_equals_log_data(
        window, monkeypatch, isolated_data_dir):
    w, match = long_game_ends(window, monkeypatch)
    records = w.scene.services.records
    record_id = records.last_record_id
    record, log = stored(isolated_data_dir, record_id)
    assert record is not None and record.won and log is None  # the row first, the log still packing
    assert records.packing and w.scene.figures.waiting  # the panel says "computing"
    frames = 0
    while records.packing:
        w.step(1)
        frames += 1
    assert frames > 10
    _, log = stored(isolated_data_dir, record_id)
    assert log == json.loads(json.dumps(match.log_data())) == match.log_data()
    assert len(log["pointer"]) > 2000


def test_closing_the_window_in_the_middle_of_packing_stores_the_whole_log(
        window, monkeypatch, isolated_data_dir):
    w, match = long_game_ends(window, monkeypatch)
    w.step(3)
    records = w.scene.services.records
    assert records.packing
    record_id, expected = records.last_record_id, match.log_data()
    monkeypatch.setattr(app, "FIGURES_WAIT", 0.0)
    app.finish_run(w.loop, w.loop.manager.services)  # the window closes
    record, log = stored(isolated_data_dir, record_id)
    assert record.won and log == expected


def test_a_short_window_game_stores_its_log_in_the_frame_it_ends(window, isolated_data_dir):
    w = window(["--difficulty", "beginner"], deal=7)
    match = w.scene.match
    win_by_clicks(w, first=(4, 4))
    records = w.scene.services.records
    assert not records.packing
    _, log = stored(isolated_data_dir, records.last_record_id)
    assert log == match.log_data()
