"""The real window around the canvas: a shrunk board stays readable, and a window the
game grows is kept on the desktop (headless SDL; the real X11 window is in
test_window_xvfb.py)."""

import math
import warnings

import pygame
import pytest

from game.ui.display import on_desktop
from game.ui.play.layout import LED_W
from game.ui.stats.screen import Statistics

DIM = 64  # red of an unlit LED segment (assets/led_*.png)


def real_window() -> pygame.Window:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def lit_segments(sprite: pygame.Surface) -> list[pygame.Rect]:
    """Bounding boxes of the lit (bright red) segments of an LED digit sprite."""
    lit = {(x, y) for x in range(sprite.get_width()) for y in range(sprite.get_height())
           if sprite.get_at((x, y))[0] > 200}
    boxes = []
    while lit:
        stack, part = [lit.pop()], []
        while stack:
            x, y = stack.pop()
            part.append((x, y))
            for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if near in lit:
                    lit.remove(near)
                    stack.append(near)
        xs, ys = [p[0] for p in part], [p[1] for p in part]
        boxes.append(pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1))
    return boxes


def resize(w, size):
    real_window().size = size
    w.post(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])
    w.step(2)


def test_a_shrunk_window_keeps_every_lit_led_segment_visible(window):
    """Beginner's counter shows 010; shrunk from 0.25 to 0.97 of its size, every lit segment
    of every digit still shows brighter than an unlit one (nearest neighbour dropped the
    1's segments at a quarter size: "010" read "0 0")."""
    w = window(["--difficulty", "beginner", "--seed", "1"])
    layout, led = w.scene.layout, w.scene.services.assets.led
    size = w.scene.size()  # the board window and its panels' strip
    assert w.scene.hud_values()[0] == 10
    missing = []
    for percent in range(25, 100, 3):
        resize(w, (round(size[0] * percent / 100), round(size[1] * percent / 100)))
        factor, left, top = w.display.view
        assert factor < 1
        shown = pygame.display.get_surface()
        for i, ch in enumerate("010"):
            for segment in lit_segments(led[ch]):
                seg = segment.move(layout.counter.left + 1 + i * LED_W, layout.counter.top + 1)
                xs = range(left + math.floor(seg.left * factor), left + math.ceil(seg.right * factor))
                ys = range(top + math.floor(seg.top * factor), top + math.ceil(seg.bottom * factor))
                peak = max(shown.get_at((x, y))[0] - shown.get_at((x, y))[1] for x in xs for y in ys)
                if peak < DIM * 3 // 2:
                    missing.append((percent, i, peak))
    assert missing == []


def test_a_shrunk_window_follows_the_game_and_whole_scales_stay_exact(window):
    w = window(["--difficulty", "beginner", "--seed", "6"])
    layout, size = w.scene.layout, w.scene.size()  # (the window: the board's and the panels' strip)
    resize(w, (size[0] // 2 + 7, size[1] // 2 + 7))
    factor, left, top = w.display.view
    assert factor < 1
    cell = layout.cell_rect((0, 0))
    # the cell as shown (drawn at its shrunk size: the flag need not cover its centre pixel)
    shown = pygame.Rect(left + math.floor(cell.left * factor), top + math.floor(cell.top * factor),
                        math.ceil(cell.width * factor), math.ceil(cell.height * factor))
    before = pygame.image.tobytes(pygame.display.get_surface().subsurface(shown), "RGB")
    w.click_cell((0, 0), button=3)  # a flag: the shrunk window shows it
    assert pygame.image.tobytes(pygame.display.get_surface().subsurface(shown), "RGB") != before
    resize(w, (size[0] * 2, size[1] * 2))  # back to a whole scale: the canvas, by bands
    w.click_cell((8, 8), button=3)
    factor, left, top = w.display.view
    assert factor == 2 and w.screen.scale == 2 and w.screen.surface.get_size() == (size[0] * 2, size[1] * 2)
    shown = pygame.display.get_surface().subsurface((left, top, *w.screen.surface.get_size()))
    assert pygame.image.tobytes(shown, "RGB") == w.screen.pixels()  # drawn at 2x, shown pixel for pixel


@pytest.mark.parametrize("position,size,desktop,expected", [
    ((100, 100), (800, 840), (1280, 1000), None),  # fits: stays
    ((0, 0), (1280, 1000), (1280, 1000), None),  # exactly the desktop: stays
    ((100, 180), (800, 840), (1280, 1000), (100, 160)),  # bottom off: up just enough
    ((700, 50), (800, 840), (1280, 1000), (480, 50)),  # right side off: left just enough
    ((-30, -20), (400, 420), (1280, 1000), (0, 0)),  # top-left off
    ((900, 900), (800, 840), (1280, 1000), (480, 160)),
    ((50, 50), (1400, 500), (1280, 1000), (0, 50)),  # wider than the desktop: its left edge shows
])
def test_on_desktop_moves_only_a_window_that_runs_off_and_only_as_far_as_needed(position, size, desktop,
                                                                               expected):
    assert on_desktop(position, size, desktop) == expected


def test_statistics_grown_from_a_low_window_is_moved_back_onto_the_desktop(window):
    w = window([])  # the menu; the dummy desktop is 1024x768
    desk_w, desk_h = pygame.display.get_desktop_sizes()[0]
    w.display.set_scale(1)  # menu 240x272, Statistics 400x446 (at auto size they shrink to 1x here)
    real = real_window()
    menu = tuple(real.size)
    real.position = (desk_w - menu[0] - 10, desk_h - menu[1] - 10)  # low right, and it fits
    w.key(pygame.K_F1)  # a scene change of the same size: the window that fits is never moved
    w.key(pygame.K_ESCAPE)
    assert tuple(real.position) == (desk_w - menu[0] - 10, desk_h - menu[1] - 10)
    w.click(w.scene.list.buttons[5].rect.center)  # Statistics: a bigger window, grown to the right and down
    assert isinstance(w.scene, Statistics)
    (x, y), (width, height) = real.position, real.size
    assert width > menu[0] and height > menu[1]
    assert 0 <= x and x + width <= desk_w and 0 <= y and y + height <= desk_h
    back = next(b for b in w.scene.buttons.buttons if b.label == "Back").rect.center
    w.click(back)
    assert not isinstance(w.scene, Statistics)
