"""Two replays side by side (game.ui.replay.beside, issue 38 point 4) driven by posted pygame
events: ``--replay A --beside B`` opens both on one clock, the chart draws both games' lines,
the keys and the chart seek, a replay of another board is refused (status 2, the message in
English and Spanish), and the recorded game's viewer opens "beside your best on this board"."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import main
from game.replay.beside import BoardsDiffer, ahead, check_same_board, move_times, span, step_time
from game.replay.progress import Progress
from game.ui.replay.beside import BesideViewer
from game.ui.replay.viewer import ReplayViewer
from tests.play_helpers import win_by_clicks
from tests.ui.test_ui_replay import viewer  # noqa: F401  (the fixture: a window started with --replay)

REPLAYS = Path(__file__).resolve().parents[1] / "corpus" / "replays"
EXPERT = REPLAYS / "clone097_expert.mvf"


def two_games(window, slow_frames: int = 4):
    """Two wins of the same Beginner board (the same deal, the same first click), the second
    slower (``slow_frames`` frames between its clicks); returns their games."""
    games = [win_by_clicks(window(["--difficulty", "beginner"], deal=7), first=(4, 4), pause=pause)
             for pause in (0, slow_frames)]
    assert games[0].layout() == games[1].layout()
    return games


# ----- the pieces -----------------------------------------------------------------------------
class FakeReplay:
    def __init__(self, rows, cols, mines):
        self.rows, self.cols, self.mines = rows, cols, frozenset(mines)


def test_the_same_board_is_accepted_and_another_size_or_mines_refused():
    check_same_board(FakeReplay(9, 9, {(0, 0)}), FakeReplay(9, 9, [(0, 0)]))
    with pytest.raises(BoardsDiffer, match="9x9 against 16x16"):
        check_same_board(FakeReplay(9, 9, {(0, 0)}), FakeReplay(16, 16, {(0, 0)}))
    with pytest.raises(BoardsDiffer, match="the mines differ"):
        check_same_board(FakeReplay(9, 9, {(0, 0), (1, 1)}), FakeReplay(9, 9, {(0, 0), (2, 2)}))


def test_ahead_names_who_reached_the_common_count_sooner_and_by_how_much():
    a, b = Progress(bbbv=3), Progress(bbbv=3)
    for t, n in ((100, 1), (500, 2), (900, 3)):
        a.add(t, n)
    for t, n in ((300, 1), (400, 2), (2000, 3)):
        b.add(t, n)
    assert ahead(a, b, 50) is None
    assert ahead(a, b, 350) == (1, 0, 200)  # both at 1: a reached it 200 ms sooner
    assert ahead(a, b, 450) == (1, 0, 200)  # b at 2, a still at 1
    assert ahead(a, b, 600) == (2, 1, 100)  # both at 2: b 100 ms sooner
    assert ahead(a, b, 2500) == (3, 0, 1100)


def test_step_time_goes_to_the_next_and_previous_moment():
    times = [0, 100, 250]
    assert step_time(times, 50, 1) == 100 and step_time(times, 100, 1) == 250 and step_time(times, 250, 1) is None
    assert step_time(times, 100, -1) == 0 and step_time(times, 0, -1) is None


# ----- the window -----------------------------------------------------------------------------
def test_replay_beside_from_the_command_line_plays_both_on_one_clock_and_charts_both(window, viewer):
    first, second = two_games(window)
    v = viewer(["--replay", "1", "--beside", "2"])
    scene = v.scene
    assert isinstance(scene, BesideViewer)
    a, b = scene.sides
    assert a.progress.bbbv == b.progress.bbbv == a.timeline.replay.bbbv
    assert a.progress.end_ms < b.progress.end_ms  # the second game was slower
    assert (scene.start_ms, scene.end_ms) == span([a.timeline, b.timeline])
    v.step(20)
    assert scene.playing and a.head.time_ms == b.head.time_ms == scene.time_ms > scene.start_ms
    v.key(pygame.K_END)
    assert a.head.face() == b.head.face() == "won"
    assert a.head.look == [first.appearance(c) for c in first.cells()]
    # the chart: both games' colours are drawn in its plot
    plot = scene.plot_rect()
    screen = v.screen
    from game.ui.replay.beside import colours
    seen = {tuple(screen.get_at((x, y)))[:3] for x in range(plot.left, plot.right) for y in range(plot.top, plot.bottom + 1)}
    assert all(tuple(colour) in seen for colour in colours())
    # a click on the chart at its middle seeks the clock to the middle of its time axis
    v.click((plot.centerx, plot.centery))
    assert scene.time_ms == pytest.approx(min(scene.end_ms, scene.axis_end() / 2), abs=scene.axis_end() / plot.width * 2)
    assert [side.head.time_ms for side in scene.sides] == [min(scene.time_ms, side.timeline.end_ms) for side in scene.sides]
    assert not scene.busy()  # paused at the End, and the drag is over: no frame is drawn for nothing
    # Left and Right go to the moves of either game
    moments = move_times([a.timeline, b.timeline])
    v.key(pygame.K_HOME)
    assert scene.time_ms == scene.start_ms
    later = [m for m in moments if m > scene.start_ms]
    v.key(pygame.K_RIGHT)
    assert scene.time_ms == later[0] and not scene.playing
    v.key(pygame.K_RIGHT)
    assert scene.time_ms == later[1]
    v.key(pygame.K_LEFT)
    assert scene.time_ms == later[0]
    v.key(pygame.K_ESCAPE)
    assert not isinstance(v.scene, BesideViewer)


def test_the_caption_says_who_led_at_equal_3bv(window, viewer):
    two_games(window, slow_frames=6)
    v = viewer(["--replay", "1", "--beside", "2"])
    scene = v.scene
    v.key(pygame.K_END)
    a, b = scene.sides
    count, leader, ms = ahead(a.progress, b.progress, scene.time_ms)
    assert leader == 0 and ms > 0 and count == a.progress.bbbv
    assert scene.caption().startswith(a.name) and str(count) in scene.caption()


@pytest.mark.parametrize("language, words", [("en", "not the same board"), ("es", "no son el mismo tablero")])
def test_a_replay_of_another_board_is_refused_with_status_2(window, capsys, isolated_data_dir, language, words):
    two_games(window)
    status = main.main(["--lang", language, "--replay", "1", "--beside", str(EXPERT)])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and "--beside" in err and words in err and "16x30" in err


def test_beside_goes_with_replay(capsys):
    with pytest.raises(SystemExit) as stop:
        main.main(["--beside", str(EXPERT)])
    assert stop.value.code == 2 and "--beside goes with --replay" in capsys.readouterr().err


def test_replay_alone_still_opens_the_one_replay_viewer(viewer):
    v = viewer(["--replay", str(EXPERT)])
    assert isinstance(v.scene, ReplayViewer)


def test_the_viewer_of_a_recorded_game_opens_it_beside_the_best_on_its_board(window, isolated_data_dir):
    two_games(window, slow_frames=4)
    w = window([])
    nav = w.scene.services.scenes
    w.loop.manager.switch(nav.watch(2, w.scene))  # the slower game
    w.step()
    scene = w.scene
    assert isinstance(scene, ReplayViewer) and scene.beside_best() == 1
    w.key(pygame.K_b, unicode="b")
    beside = w.scene
    assert isinstance(beside, BesideViewer)
    assert [side.timeline.replay.time_ms for side in beside.sides] == sorted(
        side.timeline.replay.time_ms for side in beside.sides)[::-1]  # the watched game first, the best beside it
    w.key(pygame.K_ESCAPE)
    assert w.scene is scene


def test_statistics_games_page_marks_one_game_and_opens_it_beside_another(window, isolated_data_dir):
    from game.ui.stats.screen import Statistics
    two_games(window)
    w = window([])
    w.click(next(b for b in w.scene.list.buttons if b.label == "Statistics...").rect.center)
    stats = w.scene
    assert isinstance(stats, Statistics)
    w.key(pygame.K_g)
    games = stats.games
    assert [r.id for r in games.list.records] == [2, 1]
    w.key(pygame.K_s)  # marks the selected game, the newest
    assert games.marked == 2 and isinstance(w.scene, Statistics)
    w.key(pygame.K_DOWN)
    w.key(pygame.K_s)
    beside = w.scene
    assert isinstance(beside, BesideViewer) and games.marked is None
    assert [s.name for s in beside.sides] == [f"{beside.sides[0].timeline.replay.player} (game 2)",
                                              f"{beside.sides[1].timeline.replay.player} (game 1)"]
    w.key(pygame.K_ESCAPE)
    assert w.scene is stats


def test_two_games_of_other_boards_get_a_message_not_the_viewer(window, isolated_data_dir):
    from game.ui.shared.confirm import MessageBox
    for deal in (7, 8):
        win_by_clicks(window(["--difficulty", "beginner"], deal=deal), first=(4, 4))
    w = window([])
    stats = w.scene
    back = w.scene
    scene = stats.services.scenes.beside(1, 2, back)
    assert isinstance(scene, MessageBox) and "not the same board" in " ".join(scene.message) and scene.base is back


def test_replay_of_a_recorded_game_from_the_command_line_offers_b_too(window, viewer):
    two_games(window)
    v = viewer(["--replay", "last"])
    scene = v.scene
    assert isinstance(scene, ReplayViewer) and scene.record_id == 2 and scene.beside_best() == 1
    assert scene.hint_rect is not None and scene.room.strip.contains(scene.hint_rect)
    v.key(pygame.K_b, unicode="b")
    assert isinstance(v.scene, BesideViewer)


def test_a_file_replay_has_no_b(viewer):
    v = viewer(["--replay", str(EXPERT)])
    scene = v.scene
    assert scene.beside_best() is None and scene.hint_rect is None
    v.key(pygame.K_b, unicode="b")
    assert v.scene is scene
