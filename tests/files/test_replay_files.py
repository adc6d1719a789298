"""Replay files (game.replay): EVF written and read back through ms-toollib, the other
programs' AVF, RMV, MVF and EVF files read (tests/corpus/replays/, from ms-toollib's own test
files: see the README there), and every kind of bad file answered by ReplayFileError.

ms-toollib runs in a child process (game/replay/toollib.py says why), so each read or write
here starts one; every call is guarded by a time limit, so a hang fails instead of stalling.
ms-toollib is called directly only in child processes too: a panic in it aborts its process.
"""

from __future__ import annotations

import json
import math
import os
import random
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.rules.board import Config, three_bv
from game.rules.engine import Game, State
from game.replay import (
    CELL_PX, Action, PointerEvent, Replay, ReplayFileError, centre, evf_bytes, read_replay, write_evf,
)
from game.replay import evf4, files

REPLAYS = Path(__file__).resolve().parents[1] / "corpus" / "replays"
GUARD_S = 120  # no single read or write may take longer: a hang fails the test
# A Beginner layout (9x9, 10 mines) and a first click that opens an area.
MINES = frozenset({(0, 8), (1, 1), (2, 6), (3, 3), (4, 7), (5, 0), (6, 4), (7, 8), (8, 2), (8, 5)})
FIRST = (4, 1)
STARTED_US = 1_767_225_600_000_000  # 2026-01-01 00:00:00 UTC, in microseconds


def guarded(call, *args):
    """``call(*args)`` in a daemon thread; its result, or its exception re-raised; fails the
    test when it runs over GUARD_S."""
    box = {}

    def run():
        try:
            box["value"] = call(*args)
        except BaseException as err:  # noqa: BLE001 - handed back to the test
            box["error"] = err
    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(GUARD_S)
    assert not worker.is_alive(), f"{call.__name__}{args} ran over {GUARD_S} s"
    if "error" in box:
        raise box["error"]
    return box["value"]


def click(events: list[PointerEvent], cell, press_ms: int, release_ms: int) -> None:
    x, y = centre(cell)
    events += [PointerEvent(press_ms, Action.LEFT_PRESS, x, y), PointerEvent(release_ms, Action.LEFT_RELEASE, x, y)]


def beginner_game(lose: bool = False, pause_ms: int = 0) -> Replay:
    """The replay of a Beginner game on MINES: the first click at 0 ms (pressed 95 ms before),
    then each safe covered cell the engine shows, 300-700 ms apart, until it is won; with
    ``lose``, a mine is clicked after six cells instead. ``pause_ms`` is added before the
    fourth click (a long wait between events)."""
    game = Game(Config(9, 9, 10), mines=MINES)  # the rules alone: the events carry the times
    events: list[PointerEvent] = []
    click(events, FIRST, -95, 0)
    game.reveal(FIRST)
    rng, now = random.Random(14), 0
    for cell in game.cells():
        if game.over or (lose and len(events) == 12):
            break
        if cell not in MINES and game.appearance(cell) == "covered":
            now += rng.randrange(300, 700) + (pause_ms if len(events) == 6 else 0)
            click(events, cell, now, now + rng.randrange(40, 120))
            now = events[-1].time_ms
            game.reveal(cell)
    if lose:
        now += 512
        click(events, (0, 8), now, now + 77)
        game.reveal((0, 8))
    assert game.state is (State.LOST if lose else State.WON)
    openings, isolated = three_bv(MINES, 9, 9)
    return Replay(9, 9, MINES, tuple(events), events[-1].time_ms, not lose, len(openings) + len(isolated),
                  player="Tester", started_us=STARTED_US)


EVF_FACTS = """
import json, sys, ms_toollib
raw = open(sys.argv[1], "rb").read()
v = ms_toollib.EvfVideo(raw_data=raw, file_name="t.evf")
v.parse()
header = {"fair": v.is_fair, "official": v.is_official, "mode": v.mode, "level": v.level,
          "questions": bool(raw[2] & 0x80), "checksum": list(v.checksum)}  # analyse() rewrites fair and official
v.analyse()
v.current_time = v.video_end_time
mice = [(e.event.unwrap_mouse(), round(e.time * 1000)) for e in v.events]
print(json.dumps({"rows": v.row, "cols": v.column, "board": v.board, "bbbv": v.bbbv, "rtime_ms": v.rtime_ms,
                  "completed": v.is_completed, "software": v.software, "player": v.player_identifier,
                  "start_us": v.start_time, "times": [round(e.time * 1000) for e in v.events],
                  "mouse": [[t, m.mouse, m.x, m.y] for m, t in mice if m is not None],
                  "left": v.left, "right": v.right, "double": v.double, "bbbv_solved": v.bbbv_solved,
                  "game_board": [list(row) for row in v.game_board], **header}))
"""


def evf_facts(path: Path) -> dict:
    """What ms_toollib.EvfVideo itself reads in ``path`` (in a child: it may abort)."""
    done = subprocess.run([sys.executable, "-c", EVF_FACTS, str(path)], capture_output=True, text=True,
                          cwd=path.parent, timeout=GUARD_S)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


# ----- EVF written, then read back ---------------------------------------------------------------
@pytest.mark.parametrize("lose", [False, True], ids=["won", "lost"])
def test_a_game_written_as_evf_parses_back_with_ms_toollib_unchanged(tmp_path, lose):
    replay = beginner_game(lose=lose, pause_ms=70_123)  # over 65.535 s: two pause records
    path = tmp_path / "game.evf"
    guarded(write_evf, path, replay)
    facts = evf_facts(path)
    assert (facts["rows"], facts["cols"]) == (9, 9)
    assert {(r, c) for r in range(9) for c in range(9) if facts["board"][r][c] == -1} == MINES
    assert facts["board"] == replay.board()
    assert facts["bbbv"] == replay.bbbv == 19
    assert facts["rtime_ms"] == replay.time_ms  # to the millisecond
    assert facts["completed"] is (not lose)
    assert facts["software"] == "Minesweeper 0.1.0" and facts["player"] == "Tester"
    assert facts["start_us"] == STARTED_US
    assert facts["times"] == [e.time_ms + 95 for e in replay.events]  # EVF counts from the first press
    back = guarded(read_replay, path)
    assert back == Replay(**{**replay.__dict__, "program": "Minesweeper 0.1.0", "file_format": "EVF"})
    assert back.events == replay.events  # every time, action and position exact
    assert [p.name for p in tmp_path.iterdir() if p.is_file()] == ["game.evf"]  # no temporary file, no crash.log


def test_the_statistics_of_our_own_game_are_the_standard_ones(tmp_path):
    replay = beginner_game()
    path = tmp_path / "won.evf"
    guarded(write_evf, path, replay)
    stats = guarded(read_replay, path).stats
    seconds, clicks = replay.time_ms / 1000, len(replay.events) // 2
    assert stats.bbbv_solved == 19 and stats.clicks == stats.left_clicks == clicks
    assert stats.effective_clicks == clicks and stats.right_clicks == stats.double_clicks == 0
    assert stats.bbbv_per_s == pytest.approx(19 / seconds)
    assert stats.ios == pytest.approx(math.log(19) / math.log(seconds))
    assert stats.rqp == pytest.approx(seconds / (19 / seconds))
    assert stats.ioe == pytest.approx(19 / clicks) and stats.throughput == pytest.approx(19 / clicks)
    assert stats.correctness == 1.0
    assert stats.openings == len(three_bv(MINES, 9, 9)[0])
    assert stats.zini <= 19 and stats.path_px > 0


def test_an_abandoned_game_is_written_as_not_completed(tmp_path):
    won = beginner_game()
    replay = Replay(**{**won.__dict__, "events": won.events[:6], "time_ms": won.events[5].time_ms,
                       "completed": False})
    guarded(write_evf, tmp_path / "left.evf", replay)
    facts = evf_facts(tmp_path / "left.evf")
    assert facts["completed"] is False and facts["rtime_ms"] == replay.time_ms


def test_moves_before_the_first_press_are_not_kept_as_no_evf_keeps_them(tmp_path):
    won = beginner_game()
    early = PointerEvent(-400, Action.MOVE, 3, 3)
    guarded(write_evf, tmp_path / "moved.evf", Replay(**{**won.__dict__, "events": (early, *won.events)}))
    assert guarded(read_replay, tmp_path / "moved.evf").events == won.events


def test_an_unknown_start_is_written_as_now_minus_the_game_time(tmp_path):
    import time
    replay = Replay(**{**beginner_game().__dict__, "started_us": None})
    before = time.time_ns() // 1000
    guarded(write_evf, tmp_path / "now.evf", replay)
    start = evf_facts(tmp_path / "now.evf")["start_us"]
    assert before - replay.time_ms * 1000 - 1_000_000 <= start <= time.time_ns() // 1000 - replay.time_ms * 1000


@pytest.mark.parametrize("change, message", [
    ({"completed": False}, "the replay says the game was not won, but its events win it"),
    ({"bbbv": 18}, "the replay's 3BV is 18, ms-toollib counts 19"),
    ({"events": ()}, "nothing to save: no click on the board started the game"),
])
def test_a_replay_whose_events_say_otherwise_is_not_written(tmp_path, change, message):
    path = tmp_path / "bad.evf"
    path.write_bytes(b"the old file")
    with pytest.raises(ReplayFileError, match="cannot build an EVF replay of this game: " + message):
        guarded(write_evf, path, Replay(**{**beginner_game().__dict__, **change}))
    assert path.read_bytes() == b"the old file"  # untouched, and no temporary file beside it
    assert [p.name for p in tmp_path.iterdir() if p.is_file()] == ["bad.evf"]


def test_what_evf_cannot_hold_is_refused_before_ms_toollib_runs(tmp_path):
    won = beginner_game()
    with pytest.raises(ReplayFileError, match="saved as EVF only: the file name must end in .evf, not '.avf'"):
        write_evf(tmp_path / "game.avf", won)
    wide = Replay(1, 256, frozenset({(0, 0)}), (), 0, False, 1)
    with pytest.raises(ReplayFileError, match="EVF holds boards up to 255x255; this one is 1x256"):
        write_evf(tmp_path / "wide.evf", wide)
    flagged = Replay(**{**won.__dict__, "events": (PointerEvent(0, Action.PRE_FLAG, 8, 8), *won.events)})
    with pytest.raises(ReplayFileError, match="cannot write the event PRE_FLAG at 0 ms"):
        write_evf(tmp_path / "pf.evf", flagged)
    swapped = Replay(**{**won.__dict__, "events": (won.events[1], won.events[0], *won.events[2:])})
    with pytest.raises(ReplayFileError, match=r"event times go back \(to -95 ms\)"):
        write_evf(tmp_path / "back.evf", swapped)
    (tmp_path / "blocker").write_bytes(b"")
    with pytest.raises(ReplayFileError, match="cannot write the file: "):
        write_evf(tmp_path / "blocker" / "y.evf", won)  # a file where the folder should be
    assert not (tmp_path / "wide.evf").exists()


def test_the_event_list_encodes_long_waits_as_pauses():
    events = [(0, "lc", 8, 8), (0, "lr", 8, 8), (255, "mv", 9, 8), (256 + 255, "mv", 7, 6), (70_000 + 511, "lc", 7, 6)]
    data = evf4.encode_events(events)
    assert data[:6] == bytes([2, 0, 0, 8, 0, 8])  # lc at 0 ms, absolute x and y
    assert bytes([evf4.PAUSE]) + (65_535).to_bytes(2, "big") + bytes([evf4.PAUSE]) + (4_465).to_bytes(2, "big") in data
    assert data.endswith(b"\0\0\0")  # the end of events, a checksum of length 0
    with pytest.raises(evf4.LayoutError, match="time goes back"):
        evf4.encode_events([(0, "lc", 0, 0), (5, "lr", 0, 0), (4, "mv", 0, 0)])
    with pytest.raises(evf4.LayoutError, match="first event"):
        evf4.encode_events([(0, "lr", 0, 0)])


def test_a_replay_value_checks_its_board():
    with pytest.raises(ValueError, match=r"mine \(9, 0\) is off the 9x9 board"):
        Replay(9, 9, frozenset({(9, 0)}), (), 0, False, 0)
    with pytest.raises(ValueError, match="leave no safe cell"):
        Replay(1, 2, frozenset({(0, 0), (0, 1)}), (), 0, False, 0)
    assert PointerEvent(0, Action.MOVE, 9 * CELL_PX, 0).cell(9, 9) is None
    assert PointerEvent(0, Action.MOVE, *centre((3, 7))).cell(9, 9) == (3, 7)


# ----- other programs' files -----------------------------------------------------------------------
CORPUS = {  # file: (format, program, player, rows, cols, mines, time_ms, 3BV)
    "arbiter_custom_11x8.avf": ("AVF", "Arbiter", "王嘉宁", 11, 8, 7, 5420, 8),
    "viennasweeper_24px.rmv": ("RMV", "Viennasweeper", "Thomas Kolar", 8, 8, 10, 1849, 5),
    "viennasweeper_preflags.rmv": ("RMV", "Viennasweeper", "Thomas Kolar", 8, 8, 10, 16032, 16),
    "clone097_expert.mvf": ("MVF", "0.97 beta", "Zhang Shen Jia(China)", 16, 30, 99, 37810, 122),
    "metasweeper_v4_pause.evf": ("EVF", "元3.2.1", "匿", 8, 8, 10, 504985, 10),
    "metasweeper_v3.evf": ("EVF", "元3.1.9", "王嘉宁", 8, 8, 10, 3796, 3),
}


def test_every_replay_in_the_corpus_has_an_expectation():
    assert {p.name for p in REPLAYS.iterdir() if p.suffix != ".md"} == set(CORPUS)


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_another_programs_replay_is_read_with_its_board_result_and_events(name):
    fmt, program, player, rows, cols, mines, time_ms, bbbv = CORPUS[name]
    replay = guarded(read_replay, REPLAYS / name)
    assert (replay.file_format, replay.program, replay.player) == (fmt, program, player)
    assert (replay.rows, replay.cols, len(replay.mines), replay.time_ms, replay.bbbv) == (rows, cols, mines, time_ms, bbbv)
    assert replay.completed and replay.started_us > 1_000_000_000_000_000  # after 2001
    openings, isolated = three_bv(replay.mines, rows, cols)
    assert len(openings) + len(isolated) == bbbv == replay.stats.bbbv_solved  # our 3BV agrees
    assert replay.stats.openings == len(openings)
    times = [e.time_ms for e in replay.events]
    assert times == sorted(times) and times[-1] == time_ms  # the last click ends the game
    assert min(times) <= 0  # the game starts at the first opening, at 0 ms
    outside = (cols * CELL_PX, rows * CELL_PX)
    for event in replay.events:
        if event.action is not Action.MOVE:  # a button: on a cell, or the formats' point off the board
            assert event.cell(rows, cols) is not None or (event.x, event.y) == outside, event


def test_a_24_px_replay_is_scaled_to_16_px_cells_and_its_pre_flags_are_kept():
    replay = guarded(read_replay, REPLAYS / "viennasweeper_24px.rmv")
    assert replay.events[-1] == PointerEvent(1849, Action.LEFT_RELEASE, 118, 13)  # 177, 20 at 24 px
    flags = guarded(read_replay, REPLAYS / "viennasweeper_preflags.rmv")
    assert [e.action for e in flags.events[:2]] == [Action.PRE_FLAG, Action.PRE_FLAG]


def test_an_arbiter_replay_gives_minesweepergames_statistics():
    stats = guarded(read_replay, REPLAYS / "arbiter_custom_11x8.avf").stats
    assert (stats.left_clicks, stats.right_clicks, stats.double_clicks, stats.clicks) == (11, 4, 0, 15)
    assert stats.effective_clicks == 10 and (stats.zini, stats.openings, stats.islands) == (7, 2, 3)
    assert stats.bbbv_per_s == pytest.approx(8 / 5.42)
    assert stats.ios == pytest.approx(math.log(8) / math.log(5.42))
    assert stats.rqp == pytest.approx(5.42 ** 2 / 8)
    assert (stats.ioe, stats.correctness, stats.throughput) == (pytest.approx(8 / 15), pytest.approx(10 / 15), 0.8)


# ----- bad files -------------------------------------------------------------------------------------
DAMAGED = "not a readable {} replay: "


def damaged_cases(folder: Path) -> list[tuple[Path, str]]:
    """Files made in ``folder`` from the corpus: truncated at several lengths, random bytes,
    text, one format under another's extension; each with the start of its message."""
    rng = random.Random(2026)
    cases = []
    sources = {"avf": "arbiter_custom_11x8.avf", "rmv": "viennasweeper_24px.rmv",
               "mvf": "clone097_expert.mvf", "evf": "metasweeper_v4_pause.evf"}
    for ext, source in sources.items():
        data = (REPLAYS / source).read_bytes()
        for length in (1, 7, 40, 200, len(data) // 2):
            cases.append((f"cut{length}.{ext}", data[:length]))
        cases.append((f"random.{ext}", bytes(rng.randrange(256) for _ in range(500))))
    cases.append(("notes.evf", b"These are my notes, not a replay.\n" * 4))
    cases.append(("arbiter.rmv", (REPLAYS / sources["avf"]).read_bytes()))
    cases.append(("viennasweeper.evf", (REPLAYS / sources["rmv"]).read_bytes()))
    made = []
    for name, data in cases:
        (folder / name).write_bytes(data)
        made.append((folder / name, DAMAGED.format(name.rsplit(".", 1)[1].upper())))
    return made


@pytest.mark.slow
def test_damaged_and_foreign_files_are_refused_with_a_message_never_a_crash(tmp_path):
    for path, start in damaged_cases(tmp_path):
        with pytest.raises(ReplayFileError) as err:
            guarded(read_replay, path)
        assert str(err.value).startswith(start), (path.name, str(err.value))
    truncated = tmp_path / "cut200.avf"
    with pytest.raises(ReplayFileError, match="it ends too soon"):
        guarded(read_replay, truncated)
    assert not list(tmp_path.glob("crash.log")) and not Path("crash.log").exists()


def test_files_that_are_not_replays_are_refused_before_anything_is_read(tmp_path):
    (tmp_path / "empty.evf").write_bytes(b"")
    (tmp_path / "folder.evf").mkdir()
    (tmp_path / "board.mine").write_text("1x2x1\nMH\n")
    (tmp_path / "noext").write_bytes(b"\4")
    big = tmp_path / "big.evf"
    with open(big, "wb") as handle:
        handle.truncate(files.MAX_REPLAY_BYTES + 1)  # sparse: nothing is written
    cases = {
        "empty.evf": "the file is empty; an EVF replay was expected",
        "folder.evf": "cannot read the file: it is a folder, not a regular file",
        "board.mine": "not a replay file name (the extension '.mine'); replay files end in .avf, .rmv, .mvf or .evf",
        "noext": "not a replay file name (no extension); replay files end in .avf, .rmv, .mvf or .evf",
        "missing.avf": "cannot read the file: No such file or directory",
        "big.evf": "the file is 8.1 MB; replay files are read up to 8 MB",
    }
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.rmv")  # nobody writes to it: opening it for reading would wait for ever
        cases["pipe.rmv"] = "cannot read the file: it is a FIFO (named pipe), not a regular file"
    if os.path.exists("/dev/zero"):
        (tmp_path / "zero.mvf").symlink_to("/dev/zero")
        cases["zero.mvf"] = "cannot read the file: it is a character device, not a regular file"
    for name, message in cases.items():
        with pytest.raises(ReplayFileError) as err:
            guarded(read_replay, tmp_path / name)
        assert str(err.value) == message


def test_ms_toollib_aborts_its_process_on_a_bad_file_so_it_runs_in_a_child(tmp_path):
    """Why game.replay.toollib runs in a child: ms-toollib 1.5.x is built with panic = "abort",
    so a parse error kills the process (SIGABRT) instead of raising pyo3_runtime.PanicException,
    and its panic hook writes crash.log in the working folder. If an upgrade changes this,
    this test says so."""
    code = "import sys, ms_toollib; ms_toollib.AvfVideo(raw_data=sys.stdin.buffer.read(), file_name='x.avf').parse()"
    cut = (REPLAYS / "arbiter_custom_11x8.avf").read_bytes()[:10]
    done = subprocess.run([sys.executable, "-c", code], input=cut, capture_output=True, cwd=tmp_path, timeout=GUARD_S)
    if os.name == "posix":
        assert done.returncode == -signal.SIGABRT
    assert b"Traceback" not in done.stderr  # nothing a Python except clause could have caught
    assert "FileIsTooShort" in (tmp_path / "crash.log").read_text()


def test_a_reader_that_runs_too_long_is_stopped(monkeypatch):
    monkeypatch.setattr(files, "TIMEOUT_S", 0.001)
    with pytest.raises(ReplayFileError, match=r"not a readable AVF replay: ms-toollib took over 0.001 s"):
        guarded(read_replay, REPLAYS / "arbiter_custom_11x8.avf")


def test_without_ms_toollib_the_message_says_how_to_install_it(tmp_path, monkeypatch):
    (tmp_path / "ms_toollib.py").write_text("raise ImportError('not installed')\n")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))  # after the game's folder, before site-packages
    with pytest.raises(ReplayFileError, match=r"need the ms-toollib package: pip install -r requirements.txt"):
        guarded(read_replay, REPLAYS / "metasweeper_v3.evf")
    with pytest.raises(ReplayFileError, match=r"need the ms-toollib package"):
        guarded(evf_bytes, beginner_game())
