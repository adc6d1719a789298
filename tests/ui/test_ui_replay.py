"""The replay viewer (game.ui.replay.viewer) driven by posted pygame events: a game played in
the window and then watched with --replay ends on the same board; Space, - and +, Left and
Right, Home and End, the scrubber and Esc; and --replay's refusals (one line, status 2)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import main
from game.rules.board import Config
from game.rules.engine import State
from game.midend.match import Match
from game.rules.moves import Move
from game.records import open_records
from game.records.db import RecordStore
from game.ui.loop import STEP
from game.ui.menu import Menu
from game.ui.replay.viewer import SPEEDS, ReplayViewer
from tests.play_helpers import chord_both_buttons, satisfied_number, win_by_clicks

REPLAYS = Path(__file__).resolve().parents[1] / "corpus" / "replays"
EXPERT = REPLAYS / "clone097_expert.mvf"  # Minesweeper Clone, Expert, 37.8 s, 2,456 events
MINES = frozenset({(0, 8), (1, 1), (2, 6), (3, 3), (4, 7), (5, 0), (6, 4), (7, 8), (8, 2), (8, 5)})


@pytest.fixture
def viewer(window):
    """``viewer(argv) -> Driver`` of a window started as main.py starts it with --replay."""
    from game.commands.cli import parse_args
    from game.commands.replay_commands import prepare_replay
    from game.ui.app import build
    from game.ui.clock import FakeClock
    from tests.driver import Driver

    def start(argv):
        args = parse_args(list(argv))
        assert prepare_replay(args) is None
        loop, _ = build(args, clock=FakeClock())
        driver = Driver(loop)
        driver.step()
        return driver
    return start


def looks(game) -> list[str]:
    return [game.appearance((r, c)) for r in range(game.rows) for c in range(game.cols)]


def test_a_lost_window_game_with_a_chord_is_watched_to_the_same_final_board(window, viewer, isolated_data_dir):
    w = window(["--difficulty", "expert"], deal=11)
    game, number, _ = satisfied_number(w)
    chord_both_buttons(w, w.cell_pos(number))
    w.move(w.cell_pos((5, 5)))
    mine = sorted(game.layout() - {c for c in game.cells() if game.appearance(c) == "flag"})[0]
    w.click_cell(mine)
    assert game.state is State.LOST
    v = viewer(["--replay", "last"])
    scene = v.scene
    assert isinstance(scene, ReplayViewer) and scene.playing
    v.key(pygame.K_END)
    assert scene.head.look == looks(game) and scene.head.face() == "dead"
    assert scene.timeline.moves >= game.revision - 1  # every effective move; wasted clicks are no step
    with RecordStore.open(isolated_data_dir / "records.sqlite3") as store:
        assert store.count() == 1  # watching recorded nothing


def test_a_won_window_game_is_watched_to_the_same_final_board_and_time(window, viewer):
    w = window(["--difficulty", "beginner"], deal=7)
    match = w.scene.match
    game = win_by_clicks(w, first=(4, 4))
    v = viewer(["--replay", "1"])
    scene = v.scene
    v.key(pygame.K_END)
    assert scene.head.look == looks(game) and scene.head.face() == "won"
    assert scene.head.seconds == int(match.elapsed) and scene.head.mines_left == 0


def test_space_pauses_and_nothing_moves_or_draws_until_it_plays_again(viewer):
    v = viewer(["--replay", str(EXPERT)])
    scene, loop = v.scene, v.loop
    v.step(30)
    assert scene.head.time_ms > scene.timeline.start_ms
    v.key(pygame.K_SPACE)
    paused, frames = scene.head.time_ms, loop.frames
    v.step(60)
    assert scene.head.time_ms == paused and loop.frames == frames and not scene.playing
    v.key(pygame.K_SPACE)
    v.step(10)
    assert scene.head.time_ms > paused and loop.frames > frames


def advance(v, frames=30) -> float:
    before = v.scene.head.time_ms
    v.step(frames)
    return v.scene.head.time_ms - before


def test_minus_and_plus_change_the_speed_from_a_quarter_to_eight_times(viewer):
    v = viewer(["--replay", str(EXPERT)])
    scene = v.scene
    normal = advance(v)
    assert normal == pytest.approx(30 * STEP * 1000, rel=0.1)
    v.key(pygame.K_PLUS, unicode="+")
    assert SPEEDS[scene.speed] == 2 and advance(v) == pytest.approx(2 * normal, rel=0.1)
    for _ in range(5):
        v.key(pygame.K_MINUS, unicode="-")
    assert SPEEDS[scene.speed] == 0.25 and advance(v) == pytest.approx(normal / 4, rel=0.1)
    for _ in range(9):
        v.key(pygame.K_KP_PLUS)
    assert SPEEDS[scene.speed] == 8
    v.click(scene.bar.by_name["slower"].rect.center)
    assert SPEEDS[scene.speed] == 4


def test_left_and_right_step_one_move_and_home_and_end_jump(viewer):
    v = viewer(["--replay", str(EXPERT)])
    scene = v.scene
    v.key(pygame.K_SPACE)  # paused: Home keeps playing when playing
    v.key(pygame.K_HOME)
    assert scene.head.moves == 0 and set(scene.head.look) == {"covered"}
    v.key(pygame.K_RIGHT)
    v.key(pygame.K_RIGHT)
    assert scene.head.moves == 2 and not scene.playing
    shown = list(scene.head.look)
    v.key(pygame.K_RIGHT)
    v.key(pygame.K_LEFT)
    assert scene.head.moves == 2 and scene.head.look == shown
    v.key(pygame.K_END)
    assert scene.head.at_end and scene.head.face() == "won" and scene.head.moves == scene.timeline.moves
    v.click(scene.bar.by_name["start"].rect.center)
    assert scene.head.moves == 0 and not scene.playing
    v.click(scene.bar.by_name["end"].rect.center)
    assert scene.head.at_end
    v.click(scene.bar.by_name["play"].rect.center)  # play at the end starts again
    assert scene.playing and scene.head.moves < 3


def test_dragging_the_scrubber_seeks_and_the_board_follows(viewer):
    v = viewer(["--replay", str(EXPERT)])
    scene = v.scene
    track, tl = scene.bar.track, scene.timeline
    v.mouse_down((track.left + 2, track.centery))
    assert scene.head.time_ms == tl.start_ms and scene.head.moves == 0
    before = v.screen.copy()
    v.move((track.centerx, track.centery))
    middle = tl.start_ms + scene.bar.fraction_at(track.centerx) * (tl.end_ms - tl.start_ms)
    assert scene.head.time_ms == pytest.approx(middle) and scene.head.moves > 10
    board = scene.layout.board
    shot = lambda surface: surface.pixels(board)  # noqa: E731
    assert shot(before) != shot(v.screen)
    v.move((track.right + 50, track.centery))
    assert scene.head.at_end
    v.mouse_up((track.right + 50, track.centery))
    v.move((track.left, track.centery))
    assert scene.head.at_end  # released: moving no longer seeks


def test_esc_goes_to_the_menu_from_the_command_line_and_back_where_it_came_from(viewer):
    v = viewer(["--replay", str(EXPERT)])
    replay = v.scene.replay
    v.key(pygame.K_ESCAPE)
    assert isinstance(v.scene, Menu)
    menu = v.scene
    v.loop.manager.switch(menu.services.scenes.replay(replay, back=menu, title="Watching"))
    assert isinstance(v.scene, ReplayViewer) and v.scene.title == "Watching"
    v.key(pygame.K_ESCAPE)
    assert v.scene is menu


def record_game(log=True, loaded=False) -> None:
    """Record a Beginner game opened at (4, 4): with its log, or without one (as before logs
    were kept); ``loaded``: from a position showing a cell revealed (a loaded board)."""
    records = open_records(stderr=None)
    match = Match(Config.difficulty("beginner"), mines=MINES, revealed=[(8, 0)] if loaded else (),
                  clock=lambda: 0.0)
    match.command(Move.reveal((4, 4)))
    if log:
        records.record(match, abandoned=not match.game.over, log=match.log_data())
    else:
        records.abandon(match)
    records.close()


@pytest.mark.parametrize("argv, said", [
    (["--replay", "last"], "no game is recorded yet"),
    (["--replay", "7"], "no game has the id 7"),
    (["--replay", "seven"], "'seven' is neither a game"),
    (["--replay", "missing.evf"], "--replay missing.evf: "),
    (["--replay", "notes.txt"], "neither a game"),
])
def test_bad_replays_get_one_line_and_status_2_before_any_window(argv, said, capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("game.ui.app.run_window", lambda args: pytest.fail("a window opened"))
    assert main.main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err and "Traceback" not in err


def test_a_truncated_file_a_game_without_a_log_and_a_loaded_position_are_refused(
        tmp_path, capsys, monkeypatch, isolated_data_dir):
    monkeypatch.setattr("game.ui.app.run_window", lambda args: pytest.fail("a window opened"))
    cut = tmp_path / "cut.evf"
    cut.write_bytes((REPLAYS / "metasweeper_v3.evf").read_bytes()[:60])
    assert main.main(["--replay", str(cut)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and str(cut) in err
    record_game(log=False)
    assert main.main(["--replay", "last"]) == 2
    assert "has no move log" in capsys.readouterr().err
    record_game(loaded=True)
    assert main.main(["--replay", "last"]) == 2
    assert "loaded position" in capsys.readouterr().err
