"""Watching recorded games from the Statistics screen, all by posted pygame events: two games
played in the window (one won, one lost, each with flags and a chord), the menu, Statistics,
its Games page, Enter and the Watch button open the real replay viewer (game.ui.app.Navigation.watch,
not replaced), whose end shows the board, the counter and the timer the player saw when the
game ended, and Esc goes back to the Games page."""

import pygame

from game.rules.engine import State
from game.replay.events import CELL_PX
from game.records.db import RecordStore
from game.ui.menu import Menu
from game.ui.replay.viewer import ReplayViewer
from game.ui.play.result import GameOver, Victory
from game.ui.stats.screen import Statistics
from tests.play_helpers import chord_both_buttons, satisfied_number, win_by_clicks
from tests.ui.test_ui_replay import looks

SLOW = 150  # frames (1/60 s each on the fake clock) waited mid-game, so the timer shows seconds


def pixels(screen: pygame.Surface, rect) -> bytes:
    return screen.pixels(rect)


def what_the_player_saw(w) -> dict:
    """The ended game's screen once its result overlay (``w.scene``) is ready: every cell's
    appearance and pixels, the HUD's values and the pixels of its counter, timer and face."""
    while not w.scene.ready():  # the explosion (a loss) plays out first
        w.step(1)
    w.step(2)
    base = w.scene.base
    game, layout, screen = base.game, base.layout, w.screen
    return {"game": game, "match": base.match, "look": looks(game), "hud": base.hud_values(),
            "cells": {cell: pixels(screen, layout.cell_rect(cell)) for cell in game.cells()},
            "leds": [pixels(screen, rect) for rect in (layout.counter, layout.timer, layout.face)]}


def under_the_pointer(viewer: ReplayViewer) -> set:
    """Cells the viewer's pointer arrow or its trail may cover (left out of a pixel comparison)."""
    layout, head = viewer.layout, viewer.head
    scale = layout.cell / CELL_PX
    points = head.trail() + ([head.pointer()] if head.pointer() is not None else [])
    if not points:
        return set()
    xs = [layout.board.left + x * scale for x, _ in points]
    ys = [layout.board.top + y * scale for _, y in points]
    area = pygame.Rect(min(xs) - 3, min(ys) - 3, max(xs) - min(xs) + 16, max(ys) - min(ys) + 20)
    return {(r, c) for r in range(head.timeline.rows) for c in range(head.timeline.cols)
            if layout.cell_rect((r, c)).colliderect(area)}


def assert_shows(w, seen: dict) -> None:
    """The viewer in ``w`` shows what the player saw: every cell, the counter, the timer, the face."""
    viewer, game = w.scene, seen["game"]
    head = viewer.head
    assert head.at_end and head.look == seen["look"]
    assert (head.mines_left, head.seconds, head.face()) == seen["hud"]
    assert head.seconds == int(seen["match"].elapsed) >= SLOW // 60 and head.mines_left == game.mines_left
    layout, screen = viewer.layout, w.screen
    assert [pixels(screen, rect) for rect in (layout.counter, layout.timer, layout.face)] == seen["leds"]
    hidden = under_the_pointer(viewer)
    assert len(hidden) <= 6
    differ = [cell for cell in game.cells()
              if cell not in hidden and pixels(screen, layout.cell_rect(cell)) != seen["cells"][cell]]
    assert differ == []


def flag_and_chord(w):
    """Reveal the centre, flag the mines around a number and chord on it with both buttons;
    then wait SLOW frames. Returns the game."""
    game, number, safe = satisfied_number(w, first=(4, 4))
    chord_both_buttons(w, w.cell_pos(number))
    assert all(game.is_revealed(cell) for cell in safe)
    w.step(SLOW)
    return game


def test_won_and_lost_window_games_are_watched_from_the_statistics_games_page(window, isolated_data_dir):
    w = window(["--difficulty", "beginner"], deal=8)  # its last clicks lie close: the pointer's trail hides few cells
    won_game = flag_and_chord(w)
    win_by_clicks(w, first=None)
    assert isinstance(w.scene, Victory)
    won = what_the_player_saw(w)
    w.key(pygame.K_TAB)  # out of the best time's name field
    w.key(pygame.K_n)
    lost_game = flag_and_chord(w)
    assert lost_game is not won_game
    mine = sorted(lost_game.layout() - {c for c in lost_game.cells() if lost_game.appearance(c) == "flag"})[0]
    w.click_cell(mine)
    assert lost_game.state is State.LOST and isinstance(w.scene, GameOver)
    lost = what_the_player_saw(w)
    assert lost["hud"][0] == 10 - sum(look == "flag" for look in lost["look"]) < 10  # flags still up

    w.key(pygame.K_ESCAPE)  # the result panel -> the menu
    assert isinstance(w.scene, Menu)
    statistics = next(b for b in w.scene.list.buttons if b.label == "Statistics...")
    w.click(statistics.rect.center)
    stats = w.scene
    assert isinstance(stats, Statistics)
    w.key(pygame.K_g)
    listing = stats.games.list
    assert stats.page == "games" and [r.won for r in listing.records] == [False, True]
    with RecordStore.open(isolated_data_dir / "records.sqlite3") as store:
        for record in listing.records:
            kinds = {kind for _, kind, _, _, _ in store.log(record.id)["moves"]}  # [ms, kind, r, c, source]
            assert {"reveal", "flag", "chord"} <= kinds

    w.key(pygame.K_RETURN)  # the selected game: the newest, lost
    viewer = w.scene
    assert isinstance(viewer, ReplayViewer) and viewer.back is stats and viewer.playing
    assert viewer.head.moves < 3  # it starts at the start
    w.key(pygame.K_END)
    assert_shows(w, lost)
    w.key(pygame.K_ESCAPE)
    assert w.scene is stats and stats.page == "games"

    w.key(pygame.K_DOWN)
    assert listing.selected == 1
    w.click(stats.games.watch_button.rect.center)  # the won game, played through on the fake clock
    viewer = w.scene
    assert isinstance(viewer, ReplayViewer) and viewer.back is stats and viewer.playing
    seen_ms = []
    while viewer.playing and len(seen_ms) < 600:
        w.step(10)
        seen_ms.append(viewer.head.time_ms)
    assert seen_ms == sorted(seen_ms) and len(set(seen_ms)) > 10  # it moved, forward only
    assert_shows(w, won)
    w.key(pygame.K_ESCAPE)
    assert w.scene is stats and stats.page == "games" and listing.selected == 1
    with RecordStore.open(isolated_data_dir / "records.sqlite3") as store:
        assert store.count() == 2  # watching recorded nothing


def test_watch_steps_a_game_told_once_left_click_chord_and_undo_included(window, isolated_data_dir):
    """Issue 37: Watch steps the recorded log (Match.from_log), not the pointer read by the
    formats' rules. A window game with a left click on a number that chorded (on by default),
    a move taken back (Ctrl+Z) and a loss: each step of the viewer, the undo one of them,
    shows the board the player had after that entry, and the end is what the player saw."""
    w = window(["--difficulty", "beginner"], deal=2)  # its last clicks lie close: the pointer's trail hides few cells
    game, number, safe = satisfied_number(w, first=(4, 4))
    w.click_cell(number)  # a left click on a satisfied number: a chord
    assert all(game.is_revealed(cell) for cell in safe)
    w.step(SLOW)
    covered = sorted(c for c in game.cells() if c not in game.layout() and game.appearance(c) == "covered")
    w.click_cell(covered[0])
    w.key(pygame.K_z, mod=pygame.KMOD_CTRL)  # taken back
    assert game.appearance(covered[0]) == "covered" and w.scene.match.undos == 1
    mine = sorted(game.layout() - {c for c in game.cells() if game.appearance(c) == "flag"})[0]
    w.click_cell(mine)
    assert game.state is State.LOST and isinstance(w.scene, GameOver)
    seen = what_the_player_saw(w)
    log = seen["match"].log_data()
    assert {row[4] for row in log["moves"]} == {"mouse", "left_chord"}
    assert [entry[0] for entry in log["history"]].count("undo") == 1

    w.key(pygame.K_ESCAPE)
    w.click(next(b for b in w.scene.list.buttons if b.label == "Statistics...").rect.center)
    stats = w.scene
    w.key(pygame.K_g)
    w.click(stats.games.watch_button.rect.center)
    viewer = w.scene
    assert isinstance(viewer, ReplayViewer) and viewer.back is stats
    from game.midend.match import Match  # the log's own match, stepped beside the viewer

    logged = Match.from_log(log)
    look = looks(logged.game)
    w.key(pygame.K_SPACE)  # pause
    w.key(pygame.K_HOME)
    assert not viewer.playing and viewer.head.moves == 0
    steps = 0
    while logged.position < len(logged.script):
        logged.step()
        if looks(logged.game) == look:
            continue
        look = looks(logged.game)
        w.key(pygame.K_RIGHT)
        steps += 1
        assert viewer.head.moves == steps and viewer.head.look == look
    assert steps == viewer.timeline.moves
    w.key(pygame.K_END)
    assert_shows(w, seen)
