"""The themes' colours, measured on the sprites they draw: numbers readable on their cells
(WCAG 2.x contrast), the high-contrast numbers distinguishable under colour-vision
deficiency (Machado, Oliveira & Fernandes 2009), mines, flags and wrong flags told apart
without colour, and every sprite at the size asked for.

Colour science used here (pure Python, sRGB with a D65 white):

- relative luminance and contrast ratio: WCAG 2.1, https://www.w3.org/TR/WCAG21/#dfn-relative-luminance
  and #dfn-contrast-ratio, ratio = (L1 + 0.05) / (L2 + 0.05);
- dichromacy at severity 1.0: G. M. Machado, M. M. Oliveira, L. A. F. Fernandes, "A
  Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6),
  1291-1298, 2009; the matrices below are from the paper's table of severities (1.0 row),
  applied to linear RGB (sRGB decoded, multiplied, clipped to 0..1, encoded again);
- CIE 1976 L*a*b* from linear sRGB (IEC 61966-2-1 matrix, D65 white) and CIE76
  ΔE*ab, the Euclidean distance.

ΔE threshold: DISTINCT = 20. A ΔE of about 2.3 is a just-noticeable difference for large
patches side by side; number glyphs are small (strokes 2 to 4 device pixels) and read
one at a time, not side by side, and small fields lose colour discrimination (blue-yellow
first), so "tell a 3 from a 5 by colour at a glance" needs far more: 20 is about the
distance between the classic 1 (blue) and 4 (navy) under normal vision, which players
do tell apart. The high-contrast palette reaches at least 23 in every simulation.
"""

from __future__ import annotations

import itertools
import math

import pygame
import pytest

from game.ui.shared.sprites import CELL_KEYS, FACE_KEYS, LED_KEYS, Sprites
from game.ui.shared.theme import THEMES

MACHADO_2009 = {  # severity 1.0, linear RGB in -> linear RGB out, rows are output R, G, B
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
DISTINCT = 20  # CIE76 ΔE two number colours must be apart (see the module docstring)
GREY_APART = 10  # mean |Δ luminance| (0..255) between mine, flag and wrong flag sprites: a
# wrong flag is a mine plus a cross over about a tenth of the cell, which must differ from
# what it covers by about 100 of 255 in luminance (classic: red cross on black and grey, 11.5)
SIZES = (16, 24, 37, 64)
FAR_APART = 2.0  # WCAG ratio between a covered and a revealed cell drawn as one colour (zoomed out):
# classic's covered grey on its revealed grey is 2.2, a clear step (the bevel that told them apart is gone)


def linear(channel: float) -> float:
    """sRGB channel 0..255 -> linear 0..1 (IEC 61966-2-1)."""
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def encoded(value: float) -> float:
    """Linear 0..1 (clipped) -> sRGB channel 0..255."""
    v = min(1.0, max(0.0, value))
    return 255 * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


def luminance(rgb) -> float:
    """WCAG relative luminance, 0 (black) .. 1 (white)."""
    r, g, b = (linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG 2.x contrast ratio of two colours, 1 .. 21."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def simulate(rgb, matrix) -> tuple[float, float, float]:
    """``rgb`` as a dichromat sees it (Machado 2009, in linear RGB), back in sRGB 0..255."""
    lin = [linear(c) for c in rgb]
    return tuple(encoded(sum(row[j] * lin[j] for j in range(3))) for row in matrix)


def lab(rgb) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour 0..255."""
    r, g, b = (linear(c) for c in rgb)
    xyz = ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    fx, fy, fz = (t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a, b) -> float:
    """CIE76 colour difference."""
    return math.dist(lab(a), lab(b))


def grey(surface: pygame.Surface) -> list[float]:
    """The luminance image (0..255 per pixel, row by row) of an opaque surface."""
    w, h = surface.get_size()
    return [255 * luminance(surface.get_at((x, y))) for y in range(h) for x in range(w)]


@pytest.fixture(scope="module", params=list(THEMES))
def drawn(request):
    theme = THEMES[request.param]
    sprites = Sprites(theme)
    return theme, {16: sprites.cells(16), 32: sprites.cells(32)}, sprites


def test_the_maths_agrees_with_known_values():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)  # WCAG's #777
    assert lab((255, 255, 255)) == pytest.approx((100, 0, 0), abs=0.05)
    assert lab((255, 0, 0)) == pytest.approx((53.24, 80.09, 67.20), abs=0.05)  # sRGB red, D65
    assert simulate((128, 128, 128), MACHADO_2009["deuteranopia"]) == pytest.approx((128, 128, 128), abs=1)
    # red and green, far apart normally, are close to a protanope
    red, green = (200, 60, 40), (0, 100, 40)
    assert delta_e(red, green) > 90
    assert delta_e(*(simulate(c, MACHADO_2009["protanopia"]) for c in (red, green))) < 2


@pytest.mark.parametrize("name,least", [("dark", 3.0), ("contrast", 4.5)])
def test_numbers_read_on_their_cell(name, least):
    theme = THEMES[name]
    ratios = [contrast(colour, theme.revealed) for colour in theme.numbers]
    assert min(ratios) >= least, ratios


def test_the_dark_theme_draws_no_pure_white_pixel():
    sprites = Sprites(THEMES["dark"])
    surfaces = [*sprites.cells(16).values(), *sprites.cells(32).values(), *sprites.led(13, 23).values(),
                *sprites.led(26, 46).values(), *sprites.faces(26).values(), *sprites.faces(52).values(),
                *sprites.explosion(48)]
    for surface in surfaces:
        w, h = surface.get_size()
        assert all(tuple(surface.get_at((x, y)))[:3] != (255, 255, 255) for x in range(w) for y in range(h))


@pytest.mark.parametrize("vision", ["normal", *MACHADO_2009])
def test_high_contrast_numbers_stay_apart_for_colour_blind_players(vision):
    numbers = THEMES["contrast"].numbers
    seen = numbers if vision == "normal" else [simulate(c, MACHADO_2009[vision]) for c in numbers]
    close = [(i + 1, j + 1, round(delta_e(seen[i], seen[j]), 1))
             for i, j in itertools.combinations(range(8), 2) if delta_e(seen[i], seen[j]) < DISTINCT]
    assert close == []


def test_each_number_colour_stands_apart_from_its_cell(drawn):
    theme, _, _ = drawn
    assert all(colour != theme.revealed and delta_e(colour, theme.revealed) >= DISTINCT for colour in theme.numbers)


def test_zoomed_out_a_covered_cell_stands_apart_from_a_revealed_one_and_flags_from_both(drawn):
    """Under 4 pixels a cell is one colour (the overview and the minimap too): covered and
    revealed differ in luminance, and a flag or the exploded mine in colour from both."""
    theme, _, sprites = drawn
    small = {key: tuple(surface.get_at((1, 1)))[:3] for key, surface in sprites.cells(3).items()}
    assert small["covered"] == theme.covered_flat and small["0"] == theme.revealed
    assert contrast(theme.covered_flat, theme.revealed) >= FAR_APART
    for mark in (theme.flag, theme.mine_hit):
        assert min(delta_e(mark, theme.covered_flat), delta_e(mark, theme.revealed)) >= DISTINCT


def test_mine_flag_and_wrong_flag_differ_in_greyscale(drawn):
    _, cells, _ = drawn
    for size in (16, 32):
        images = {key: grey(cells[size][key]) for key in ("mine", "flag", "wrong_flag")}
        for a, b in itertools.combinations(images, 2):
            apart = sum(abs(p - q) for p, q in zip(images[a], images[b])) / len(images[a])
            assert apart >= GREY_APART, (size, a, b, apart)


@pytest.mark.parametrize("size", [16, 64])
def test_the_eight_digits_differ_in_shape(drawn, size):
    theme, _, sprites = drawn
    cells = sprites.cells(size)
    shapes = []
    for n in range(1, 9):
        surface = cells[str(n)]
        shapes.append(frozenset((x, y) for x in range(size) for y in range(size)
                                if tuple(surface.get_at((x, y)))[:3] == theme.numbers[n - 1]))
    assert all(shapes) and len(set(shapes)) == 8


def test_the_digits_are_drawn_in_the_theme_colours(drawn):
    theme, cells, _ = drawn
    for n in range(1, 9):
        surface = cells[32][str(n)]
        inked = sum(tuple(surface.get_at((x, y)))[:3] == theme.numbers[n - 1] for x in range(32) for y in range(32))
        assert inked > 0, n


@pytest.mark.parametrize("size", SIZES)
def test_every_sprite_has_the_size_asked_for(drawn, size):
    _, _, sprites = drawn
    assert set(sprites.cells(size)) == set(CELL_KEYS) and set(sprites.faces(size)) == set(FACE_KEYS)
    assert all(s.get_size() == (size, size) for s in sprites.cells(size).values())
    assert all(s.get_size() == (size, size) for s in sprites.faces(size).values())
    assert all(s.get_size() == (size, size) for s in sprites.explosion(size))
    led = sprites.led(size * 13 // 16, size * 23 // 16)
    assert set(led) == set(LED_KEYS)
    assert all(s.get_size() == (size * 13 // 16, size * 23 // 16) for s in led.values())


@pytest.mark.parametrize("name, least", [("dark", 4.5), ("contrast", 7.0)])
def test_panel_text_reads_on_its_panel(name, least):
    """Every colour text takes on a panel (body, option values, secondary, refusals) and a
    title bar's caption meet WCAG 2.x AA for normal text (4.5:1) in Dark, and AAA (7:1) in
    High contrast; the faint footnotes ("any key closes") at least 3:1."""
    theme = THEMES[name]
    for field in ("text", "accent", "dim", "error"):
        assert contrast(getattr(theme, field), theme.panel) >= least, field
    assert contrast(theme.title_text, theme.title) >= least
    assert contrast(theme.faint, theme.panel) >= 3
    assert contrast(theme.text, theme.field) >= least  # typed names, lists, charts
