"""Sprites drawn by code at their size on screen: the classic ones equal the PNGs pixel for
pixel, bigger ones are sharp (only the theme's own colours, no blended edge), tiny ones
never raise, and Assets follows the current theme."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

from game.ui.shared import theme as themes
from game.ui.shared.assets import Assets
from game.ui.shared.sprites import BLAST, CORE, EMBER, FLAME, SMOKE, SPARK, Sprites
from game.ui.shared.theme import CLASSIC, CONTRAST, THEMES

ASSETS = Path(__file__).resolve().parents[2] / "assets"


def rgba(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def colours(surface: pygame.Surface) -> set[tuple[int, ...]]:
    w, h = surface.get_size()
    return {tuple(surface.get_at((x, y)))[:3] for x in range(w) for y in range(h)}


def test_classic_sprites_at_classic_sizes_are_the_pngs_pixel_for_pixel():
    drawn = Sprites(CLASSIC)
    pairs = [(f"cell_{k}", s) for k, s in drawn.cells(16).items()]
    pairs += [(f"led_{k}", s) for k, s in drawn.led(13, 23).items()]
    pairs += [(f"face_{k}", s) for k, s in drawn.faces(26).items()]
    for name, surface in pairs:
        png = pygame.image.load(str(ASSETS / f"{name}.png"))
        assert png.get_size() == surface.get_size() and rgba(png) == rgba(surface), name
    sheet = pygame.image.load(str(ASSETS / "explosion.png"))
    frames = drawn.explosion(BLAST)
    assert sheet.get_size() == (BLAST * len(frames), BLAST)
    for i, frame in enumerate(frames):
        assert rgba(sheet.subsurface((i * BLAST, 0, BLAST, BLAST))) == rgba(frame), i


@pytest.mark.parametrize("name", list(THEMES))
@pytest.mark.parametrize("size", [24, 32, 37, 48, 64])
def test_big_sprites_are_sharp_only_the_theme_colours(name, size):
    """A scaled-up (smoothscaled) 16-pixel image would blend neighbouring colours at every
    edge; a sprite drawn at its size has only the colours it was drawn with."""
    t = THEMES[name]
    drawn = Sprites(t)
    board = {t.covered, t.covered_light, t.covered_shade, t.revealed, t.grid, *t.numbers, t.mine,
             t.mine_shine, t.mine_hit, t.flag, t.flag_pole, t.wrong, t.question}
    for key, surface in drawn.cells(size).items():
        assert colours(surface) <= board, key
    for key, surface in drawn.faces(size).items():
        assert colours(surface) <= {t.panel, t.light, t.shade, t.face, t.face_ink}, key
    for key, surface in drawn.led(size * 13 // 16, size * 23 // 16).items():
        assert colours(surface) <= {t.led_back, t.led_on, t.led_off}, key
    for frame in drawn.explosion(size * 3):
        assert colours(frame) - {(0, 0, 0)} <= {SPARK, EMBER, FLAME, CORE, SMOKE}


def test_big_digits_are_whole_grid_pixels():
    """At 64 pixels a glyph pixel is a 4x4 block: every ink run along a row starts and ends
    on the 4-pixel grid (the glyph scaled exactly, no half pixels)."""
    cell = Sprites(CLASSIC).cells(64)["2"]
    ink = CLASSIC.numbers[1]
    for y in range(64):
        row = [tuple(cell.get_at((x, y)))[:3] == ink for x in range(64)]
        edges = [x for x in range(1, 64) if row[x] != row[x - 1]]
        assert all(x % 4 == 0 for x in edges), (y, edges)


@pytest.mark.parametrize("size", [0, 1, 2, 3, -5, 2.7, "x", None])
def test_tiny_or_bad_sizes_give_flat_sprites_and_never_raise(size):
    drawn = Sprites(CONTRAST)
    cells = drawn.cells(size)
    side = cells["covered"].get_width()
    assert side >= 1 and all(s.get_size() == (side, side) for s in cells.values())
    assert colours(cells["3"]) == {CONTRAST.numbers[2]}  # flat: the sprite's main colour
    assert drawn.led(size, size) and drawn.faces(size) and len(drawn.explosion(size)) == 8


def test_a_heavier_number_weight_inks_more_pixels():
    heavy, light = Sprites(CONTRAST), Sprites(dataclasses.replace(CONTRAST, number_weight=1))
    for size in (16, 32):
        for n in range(1, 9):
            def inked(sprites):
                s = sprites.cells(size)[str(n)]
                return sum(tuple(s.get_at((x, y)))[:3] == CONTRAST.numbers[n - 1]
                           for x in range(size) for y in range(size))
            assert inked(heavy) > inked(light) * 1.2, (size, n)


def test_sprites_are_cached_per_size():
    drawn = Sprites(CLASSIC)
    assert drawn.cells(24) is drawn.cells(24) and drawn.cells(24) is not drawn.cells(25)


def test_assets_follow_the_current_theme_and_convert_once_a_display_is_set():
    assets = Assets()
    try:
        themes.use("classic")
        assert assets.cells["covered"].get_size() == (16, 16) and len(assets.explosion) == 8
        assert assets.led["8"].get_size() == (13, 23) and assets.faces["won"].get_size() == (26, 26)
        classic = assets.cell_sprites(32)["3"]
        themes.use("dark")
        dark = assets.cell_sprites(32)["3"]
        assert THEMES["dark"].numbers[2] in colours(dark) and CLASSIC.numbers[2] not in colours(dark)
        themes.use("classic")
        assert assets.cell_sprites(32)["3"] is classic
        pygame.display.init()
        pygame.display.set_mode((64, 64))
        shown = assets.cell_sprites(32)["3"]
        assert shown is not classic and rgba(shown) == rgba(classic)
        assert shown.get_bitsize() == pygame.display.get_surface().get_bitsize()
        assert assets.explosion_frames(48)[0].get_flags() & pygame.SRCALPHA
    finally:
        themes.use("classic")
        pygame.display.quit()
