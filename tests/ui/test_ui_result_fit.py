"""Everything on the result panel in reach, nothing jumps (issue 35): on every standard level,
in both languages, on 1280x1024, 1600x1000 and 1920x1080 screens at 1x, 2x and 3x, the win
panel's title, figures and buttons show without scrolling from its first frame, the window
fits the screen's work area, the figures computed after the end take the place kept for them
(the panel and its buttons do not move), and Details opens at its top. Headless SDL; the
screen's size is the Display's ``desktop``, as the game reads it."""

import warnings

import pygame
import pytest

from game.rules.engine import State
from game.ui.play.layout import layout_for, usable_area
from game.ui.play.result_panel import LINE
from game.ui.play.result_room import panel_height
from game.ui.play.room import reserve, whole_scale
from game.ui.play.result import GameOver, Victory
from tests.play_helpers import wait_postmortem
from tests.ui.test_ui_figures import wait_figures

SCREENS = [(1280, 1024), (1600, 1000), (1920, 1080)]
SCALES = [1, 2, 3]
LEVELS = {"beginner": (["--difficulty", "beginner"], (9, 9, 10)),
          "beginner 8x8": (["--difficulty", "beginner", "--beginner-size", "8x8"], (8, 8, 10)),
          "intermediate": (["--difficulty", "intermediate"], (16, 16, 40)),
          "expert": (["--difficulty", "expert"], (16, 30, 99))}


def window_size() -> tuple[int, int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return tuple(pygame.Window.from_display_module().size)


def new_game_on(w, screen):
    """A fresh game of the same level laid out for a ``screen``-sized desktop (F2, or N from
    a result)."""
    w.display.desktop = screen
    if isinstance(w.scene, (Victory, GameOver)):
        if getattr(w.scene, "field", None) is not None:
            w.key(pygame.K_TAB)  # the name field lets go of the keys
        w.key(pygame.K_n)
    else:
        w.key(pygame.K_F2)
    assert w.scene.game.state is State.READY


def win_quickly(w):
    """Win the game under way: the first click by the mouse, every safe cell but one through
    the match, the last one by the mouse (a cell no flood reaches, so the click ends it)."""
    scene = w.scene
    game = scene.game
    w.click_cell((game.rows // 2, game.cols // 2))
    mines = game.layout()
    near = {cell: sum(n in mines for n in game.neighbours(cell)) for cell in game.cells()}
    safe = [c for c in game.cells() if c not in mines and game.appearance(c) == "covered"]
    lone = [c for c in safe if near[c] and not any(n not in mines and not near[n] for n in game.neighbours(c))]
    last = (lone or safe)[-1]
    for cell in safe:
        if cell != last and game.appearance(cell) == "covered":
            scene.match.reveal(cell)
    scene.redraw_cells()
    w.click_cell(last)
    assert isinstance(w.scene, Victory)
    return w.scene


def geometry(scene):
    """The panel's arrangement, rect and every button's rect (the name field's too)."""
    field = getattr(scene, "field", None)
    return (scene.arranged.mode, tuple(scene.panel), [tuple(button.rect) for button in scene.buttons.buttons],
            tuple(field.rect) if field is not None else None)


def assert_in_reach(w, scene, screen):
    """Every button (and the name field) inside the strip at scroll 0, the strip in the
    canvas, the window no larger than the screen's work area."""
    strip, canvas = scene.room.panel, pygame.Rect((0, 0), w.screen.size)
    assert scene.scroll == 0 and canvas.contains(strip)
    assert scene.panel.top == strip.top and strip.contains(scene.panel), (tuple(scene.panel), tuple(strip))
    field = getattr(scene, "field", None)
    for rect in [button.rect for button in scene.buttons.buttons] + ([field.rect] if field is not None else []):
        assert strip.contains(rect) and canvas.contains(rect)
    area = usable_area(screen, False)
    size = window_size()
    assert size[0] <= area[0] and size[1] <= area[1], (size, area)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("level", list(LEVELS))
def test_the_win_panel_is_whole_from_its_first_frame_on_every_screen_and_scale(window, level, lang):
    w = window(LEVELS[level][0] + ["--lang", lang], deal=7)
    for screen in SCREENS:
        new_game_on(w, screen)
        w.display.set_scale(1)
        scene = win_quickly(w)
        first = geometry(scene)
        assert scene.figures.shown and scene.figures.record_id is not None  # the figures come later...
        assert_in_reach(w, scene, screen)
        wait_figures(w)  # ...and take the place kept for them
        assert scene.figures.record.clicks is not None
        assert geometry(scene) == first
        for scale in SCALES:  # the strip is in logical pixels: any scale shows the same panel, on the screen
            w.display.set_scale(scale)
            w.step(1)
            assert geometry(scene) == first
            assert_in_reach(w, scene, screen)
    w.display.set_scale(None)


@pytest.mark.parametrize("screen", [(1280, 1024), (1920, 1080)])
@pytest.mark.parametrize("level", ["beginner", "expert"])
def test_the_loss_panel_holds_its_place_and_details_open_at_their_top(window, level, screen):
    """The loss panel is whole from its first frame, the post-mortem's line and the figures
    fill the rows kept for them (nothing moves), and Details opens at its top: the panel's,
    scroll 0, and after the post-mortem's explanation, scrolled to the list's first line."""
    w = window(LEVELS[level][0], deal=3)
    new_game_on(w, screen)
    game = w.scene.game
    w.click_cell((game.rows // 2, game.cols // 2))
    w.click_cell(sorted(game.layout())[-1])
    scene = w.scene
    assert isinstance(scene, GameOver)
    while not scene.ready():
        w.step(1)
    first = geometry(scene)
    assert_in_reach(w, scene, screen)
    wait_postmortem(w)
    wait_figures(w)
    assert scene.figures.record.clicks is not None and geometry(scene) == first
    w.key(pygame.K_d)
    assert scene.figures.details and scene.scroll == 0
    assert scene.panel.top == scene.room.panel.top
    if scene.most_scroll:  # longer than its strip (long by nature): it scrolls
        w.key(pygame.K_PAGEDOWN)
        assert scene.scroll > 0
    w.key(pygame.K_d)  # back to the line: from the top again
    assert not scene.figures.details and scene.scroll == 0
    w.key(pygame.K_v)  # the post-mortem's explanation, then Details under it: the list opens at its first line
    w.key(pygame.K_d)
    strip, top = scene.room.panel, scene.arranged.tail_top
    assert scene.postmortem.shown and scene.figures.details
    assert strip.top <= top and top + LINE <= strip.bottom, (top, tuple(strip), scene.scroll)


def test_the_playing_window_leaves_room_for_the_whole_result_and_fits_every_screen():
    """The strip holds the tallest standard result panel of either language (panel_height), and
    the window fits the work area at 1x, 2x and 3x (a chosen scale too large falls back)."""
    pygame.font.init()
    for screen in SCREENS:
        area = usable_area(screen, False)
        for rows, cols, mines in [level for _argv, level in LEVELS.values()]:
            room = reserve(layout_for(rows, cols, area, mines).size, area)
            assert room.panel.height >= panel_height(room.panel.width), (rows, cols, screen)
            scale = whole_scale(room.size, area)
            assert scale >= 1
            for chosen in SCALES:  # as Display sizes the window: a chosen scale that does not fit falls back
                shown = chosen if chosen <= scale else scale
                assert room.size[0] * shown <= area[0] and room.size[1] * shown <= area[1]
