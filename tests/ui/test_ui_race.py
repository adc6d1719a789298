"""Racing a ghost in the window, by posted pygame events on the fake clock: ``--race`` opens
the replay's board from its first click, the ghost's pointer is drawn at the replay's recorded
positions at the player's game time (nothing before the first reveal), its progress and the
gap show in the race's panel beside the board (and as the counters' race_gap line), the result
panel says who won in both languages; "Race this replay" in the viewer (R, the flag button)
races a file and one of our own recorded games; the compact window keeps a race's strip."""

import pygame
import pytest

from game.commands.cli import parse_args
from game.commands.replay_commands import prepare_race, prepare_replay
from game.records.db import RecordStore
from game.replay.events import CELL_PX
from game.replay.files import read_replay
from game.replay.player import Timeline
from game.replay.progress import gap_ms, progress_of
from game.replay.race import gap_text
from game.ui.app import build
from game.ui.clock import FakeClock
from game.ui.play.playing import Playing
from game.ui.play.result import Victory
from game.ui.replay.viewer import ReplayViewer
from game.ui.shared.theme import palette
from tests.driver import Driver

EVF = "tests/corpus/replays/metasweeper_v3.evf"  # 8x8/10, 3BV 3, won in 3.796 s by 王嘉宁
WIN = ((3, 3), (1, 5), (1, 1), (0, 0))  # the ghost's own clicks: they clear the board


def start(argv, prepare=prepare_race):
    args = parse_args(list(argv))
    assert prepare(args) is None
    loop, services = build(args, clock=FakeClock())
    w = Driver(loop)
    w.step()
    return w, services.clock


def recorded_point(timeline: Timeline, ms: int):
    """The replay's own pointer at game time ``ms``: its last event at or before it (read here
    from the timeline's lists, not through game.replay.race), in board pixels at CELL_PX."""
    last = max(i for i, t in enumerate(timeline.times) if t <= ms)
    return timeline.xs[last], timeline.ys[last]


def translucent_outline(screen, point) -> bool:
    """True when a pixel of the ghost's arrow near ``point`` shows the ghost's colour over a
    revealed or covered cell at GHOST_ALPHA: neither colour alone, their mix."""
    from game.ui.play.race_view import GHOST_ALPHA
    share = GHOST_ALPHA / 255
    mixes = [tuple(round(b + (t - b) * share) for b, t in zip(under, palette.trail))
             for under in (palette.revealed, palette.covered, palette.covered_light)]
    x, y = round(point[0]), round(point[1])
    for dx in range(0, 13):
        for dy in range(0, 18):
            shown = tuple(screen.get_at((x + dx, y + dy))[:3])
            if any(all(abs(a - b) <= 4 for a, b in zip(shown, mix)) for mix in mixes):
                return True
    return False


@pytest.fixture(autouse=True)
def _window_teardown(isolated_data_dir):
    yield
    pygame.display.quit()


def test_the_ghost_is_drawn_where_and_when_the_replay_was_and_the_race_is_won(isolated_data_dir):
    w, clock = start(["--race", EVF])
    scene = w.scene
    assert isinstance(scene, Playing) and scene.race is not None and scene.match.start == (3, 3)
    timeline = Timeline(read_replay(EVF))
    w.step(3)
    assert scene.ghost_at is None  # nothing of the ghost before the player's first reveal
    w.click_cell((0, 0))  # elsewhere first: refused, the board starts at the ghost's first click
    assert scene.game.state.name == "READY"
    w.click_cell((3, 3))
    w.step(1)
    layout = scene.layout
    scale = layout.cell / CELL_PX
    seen = 0
    frame_ms = 1000 / 60
    for ms in (100, 303, 600, 1000, 1300):  # game times in the ghost's game, on the player's clock
        clock.advance((ms - scene.match.elapsed * 1000) / 1000)
        w.step(1)  # the frame drawn at ms (and the frame's tick after it)
        drawn_ms, point = scene.ghost_at
        x, y = recorded_point(timeline, drawn_ms)
        assert point == layout.window_pixels((x * scale, y * scale)), ms
        assert 0 <= drawn_ms - ms <= frame_ms + 1  # drawn within a frame of the time
        seen += 1
        # drawn in the ghost's colour, translucent: pixels of the outline mix it with what is under them
        assert translucent_outline(w.screen, point), ms
    assert seen == 5
    panel = scene.race_panel
    assert panel.shown["you"] == (1, 3) and panel.rect.colliderect(layout.board) is False
    assert panel.rect.colliderect(scene.room.strip) and panel.shown["ghost"] == (1, 3)
    for cell in WIN[1:]:
        clock.advance(0.3)
        w.click_cell(cell)
    result = w.scene
    assert isinstance(result, Victory)
    player = scene.race.progress
    ghost = progress_of(timeline)
    for count in (1, 2, 3):  # the gap the panel showed last: the two games' times at equal 3BV
        assert gap_ms(ghost, player, count) is not None
    assert panel.shown["gap"] == gap_text(gap_ms(ghost, player, 3))
    margin = 3796 - scene.match.ms
    assert margin > 0
    assert result.notes[0] == f"You beat 王嘉宁 by {margin / 1000:.3f} s"
    w.step(3)
    assert scene.ghost_at is None  # the game is over: the ghost is gone
    with RecordStore.open(isolated_data_dir / "records.sqlite3") as store:
        [game] = store.games()
        assert game.race == "王嘉宁" and game.exclusions() == ("race",)


def test_the_gap_shows_in_the_counters_and_the_result_in_spanish(isolated_data_dir):
    w, clock = start(["--race", EVF, "--lang", "es"])
    scene = w.scene
    scene.services.set_option(counters=True)
    w.click_cell((3, 3))
    clock.advance(2.0)
    w.click_cell((1, 5))  # the ghost reached 2 3BV at 1.414 s: the player, about 0.6 s behind
    w.step(2)
    behind = scene.race.progress.time_to(2) - 1414
    assert 586 <= behind < 700
    shown = "+0," + f"{behind:03d}" + " s"
    assert scene.race_panel.shown["gap"] == shown == scene.counters.values["race_gap"]
    assert scene.counters.panel.shown["race_gap"] == shown  # drawn in the F3 panel
    clock.advance(2.0)
    w.click_cell((1, 1))
    clock.advance(0.5)
    w.click_cell((0, 0))
    assert isinstance(w.scene, Victory)
    late = scene.match.ms - 3796
    assert late > 0 and w.scene.notes[0] == f"王嘉宁 ganó por {late // 1000},{late % 1000:03d} s"


def test_race_this_replay_from_the_viewer_and_from_our_own_recorded_game(isolated_data_dir):
    w, clock = start(["--replay", EVF], prepare=prepare_replay)
    viewer = w.scene
    assert isinstance(viewer, ReplayViewer)
    w.click(viewer.bar.by_name["race"].rect.center)  # the flag button right of the scrubber
    race = w.scene
    assert isinstance(race, Playing) and race.race.ghost.name == "王嘉宁"
    for cell in WIN:
        clock.advance(0.5)
        w.click_cell(cell)
    assert isinstance(w.scene, Victory)
    with RecordStore.open(isolated_data_dir / "records.sqlite3") as store:
        [game] = store.games()
    # our own game, watched then raced with R: the ghost is the player's earlier game
    watched = w.scene.services.scenes.watch(game.id, w.scene)
    assert isinstance(watched, ReplayViewer)
    w.loop.manager.switch(watched)
    w.step(2)
    w.key(pygame.K_r)
    again = w.scene
    assert isinstance(again, Playing) and again.race is not None and again.match.start == (3, 3)
    assert again.race.ghost.time_ms == game.time_ms and again.race.ghost.won
    assert again.race.ghost.name == game.name


def test_a_race_keeps_its_strip_in_the_compact_window(isolated_data_dir):
    w, _clock = start(["--race", EVF, "--compact"])
    scene = w.scene
    assert not scene.room.over_board and scene.race_panel.rect is not None
    assert not scene.race_panel.rect.colliderect(scene.layout.board)
    assert scene.room.panel.contains(scene.race_panel.rect)


def test_the_race_panel_stands_left_of_the_blocks_in_a_strip_under_the_board():
    from game.ui.play.race_view import BLOCK_W, RacePanel
    panel = RacePanel(None)
    rect, rest = panel.split(pygame.Rect(10, 300, 600, 120))  # a wide, short strip
    assert rect == pygame.Rect(10, 300, BLOCK_W, RacePanel.height()) and rest.left > rect.right
    assert rest.right == 610 and rest.height == 120
    rect, rest = panel.split(pygame.Rect(300, 8, 200, 400))  # a narrow, tall one: on top
    assert rect.width == 200 and rest.top > rect.bottom and rest.bottom == 408
