"""Themes: every colour the window draws, in one place, as data.

A :class:`Theme` holds the colours of the chrome (panels, bevels, text, title bars),
of the board (covered and revealed cells, the eight number colours, mines, flags), of
the LED counters and face, and of the overlays (hints, probabilities, review verdicts,
charts). Scenes never write a colour literal: they read the current theme through
:data:`palette` (``palette.panel``, ``palette.numbers[n - 1]``), and the sprites are drawn
from it (game.ui.shared.sprites), so switching a theme (:func:`use`) changes the window at once.

Three themes (:data:`THEMES`, chosen in Options and by ``--theme``):

- ``classic``: Windows Minesweeper's own palette (winmine.exe: grey bevels; numbers
  1 blue, 2 green, 3 red, 4 navy, 5 maroon, 6 teal, 7 black, 8 grey).
- ``dark``: dark cells, light numbers, no pure white anywhere (WCAG 2.x contrast of
  every number on its cell at least 3:1, tested).
- ``contrast``: high contrast and colour-blind safe: black revealed cells, bright numbers
  whose colours stay pairwise distinguishable under protanopia, deuteranopia and
  tritanopia (Machado, Oliveira & Fernandes 2009 simulation, tested) and at least 4.5:1
  on their cell; numbers drawn heavier; mine, flag and wrong flag differ by shape, not
  only by colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    """The colours (RGB, 0..255) of one look. ``numbers[n - 1]`` is number n's colour;
    ``number_weight`` (1 classic, 2 heavier) thickens the number glyphs; ``font`` names the
    bundled font family the text uses."""

    name: str
    label: str  # as Options shows it: a message, translated where it is shown
    # chrome
    panel: RGB  # face of every panel, the window's frame
    light: RGB  # top-left edge of a raised bevel
    shade: RGB  # bottom-right edge of a raised bevel, thin separators
    text: RGB  # body text, outlines, the keyboard focus
    title: RGB  # title bars, selected rows, highlighted values
    title_text: RGB  # text on a title bar or a selected row
    accent: RGB  # highlighted text on a panel: option values, a new best time; the keyboard focus ring
    error: RGB  # refusal messages
    dim: RGB  # secondary text, rulers
    faint: RGB  # tertiary text ("any key closes")
    field: RGB  # text fields, lists, chart wells
    backdrop: RGB  # the window around the picture (letterbox), a dialog's shadow
    # board
    covered: RGB
    covered_light: RGB
    covered_shade: RGB
    covered_flat: RGB  # a covered cell too small for its bevel (the overview, the minimap): unlike ``revealed``
    revealed: RGB
    grid: RGB  # the line between revealed cells
    numbers: tuple[RGB, ...]  # 1..8
    mine: RGB
    mine_shine: RGB  # the highlight on a mine
    mine_hit: RGB  # the revealed mine's background
    flag: RGB
    flag_pole: RGB
    wrong: RGB  # the cross on a wrong flag
    question: RGB
    cursor: RGB  # keyboard cursor (inside a text-coloured outline)
    # LED counters and face
    led_back: RGB
    led_on: RGB
    led_off: RGB
    face: RGB
    face_ink: RGB
    # overlays
    safe: RGB  # probability 0, a certain-safe hint, a proven-safe review ring
    even: RGB  # probability 0.5
    risky: RGB  # probability 1, a deduced mine, a mistake
    guess: RGB  # a best guess's ring, a review's guess
    reads: RGB  # rings of the numbers an explanation reads
    arrow: RGB  # arrows of an explanation (outlined in ``text``)
    trail: RGB  # a replay's pointer trail
    won: RGB  # a won game in charts, a certain verdict
    lost: RGB  # a lost game in charts
    track: RGB  # a replay bar's track
    chance_safe: RGB  # the probability overlay: probability 0
    chance_even: RGB  # probability 0.5
    chance_mine: RGB  # probability 1
    verdict_certain: RGB  # review verdicts: a move the position proved
    verdict_forced: RGB  # one side of an unavoidable 50/50: no play could avoid it
    verdict_guess: RGB  # a guess with no cell proven safe
    verdict_needless: RGB  # a guess while a cell was proven safe
    verdict_mistake: RGB  # a cell proven to be a mine, revealed
    guess_text: RGB  # a hint panel's headline for a guess
    safe_text: RGB  # a hint panel's headline for a certain move
    # Statistics' chart (game.ui.stats.chart), on ``field``: the marks at least 3:1 against it (WCAG
    # 2.1's non-text contrast, tested), the grid faint on purpose
    chart_time: RGB  # a win's time
    chart_speed: RGB  # a win's 3BV/s
    chart_best: RGB  # the running best, a step line
    chart_grid: RGB  # the value lines behind the marks
    number_weight: int = 1
    font: str = "DejaVu Sans"


CLASSIC = Theme(
    name="classic", label=N_("classic"),
    panel=(192, 192, 192), light=(255, 255, 255), shade=(128, 128, 128), text=(0, 0, 0),
    title=(0, 0, 128), title_text=(255, 255, 255), accent=(0, 0, 128), error=(160, 0, 0), dim=(64, 64, 64),
    faint=(90, 90, 90), field=(255, 255, 255), backdrop=(0, 0, 0),
    covered=(192, 192, 192), covered_light=(255, 255, 255), covered_shade=(128, 128, 128),
    covered_flat=(128, 128, 128), revealed=(192, 192, 192), grid=(128, 128, 128),
    numbers=((0, 0, 255), (0, 128, 0), (255, 0, 0), (0, 0, 128),
             (128, 0, 0), (0, 128, 128), (0, 0, 0), (128, 128, 128)),
    mine=(0, 0, 0), mine_shine=(255, 255, 255), mine_hit=(255, 0, 0), flag=(255, 0, 0),
    flag_pole=(0, 0, 0), wrong=(255, 0, 0), question=(0, 0, 0), cursor=(255, 255, 0),
    led_back=(0, 0, 0), led_on=(255, 0, 0), led_off=(64, 0, 0), face=(255, 255, 0), face_ink=(0, 0, 0),
    safe=(0, 190, 0), even=(250, 220, 40), risky=(225, 0, 0), guess=(255, 150, 0),
    reads=(30, 90, 255), arrow=(255, 255, 255), trail=(255, 64, 64), won=(0, 128, 0),
    lost=(192, 0, 0), track=(128, 128, 128),
    chance_safe=(40, 200, 40), chance_even=(250, 220, 40), chance_mine=(230, 40, 40),
    verdict_certain=(0, 150, 0), verdict_forced=(40, 100, 220), verdict_guess=(230, 150, 0),
    verdict_needless=(190, 0, 190), verdict_mistake=(210, 0, 0),
    guess_text=(150, 80, 0), safe_text=(0, 110, 0),
    chart_time=(0, 0, 200), chart_speed=(0, 120, 0), chart_best=(200, 0, 0), chart_grid=(215, 215, 215),
)

DARK = Theme(
    name="dark", label=N_("dark"),
    panel=(52, 54, 60), light=(92, 95, 104), shade=(24, 25, 28), text=(226, 228, 232),
    title=(44, 78, 140), title_text=(236, 238, 242), accent=(140, 180, 255), error=(255, 128, 118), dim=(172, 176, 184),
    faint=(140, 144, 152), field=(30, 31, 35), backdrop=(12, 12, 14),
    covered=(78, 82, 92), covered_light=(116, 121, 134), covered_shade=(40, 42, 48),
    covered_flat=(96, 101, 114), revealed=(34, 35, 39), grid=(58, 60, 66),
    numbers=((112, 168, 255), (110, 204, 110), (255, 112, 104), (196, 150, 255),
             (255, 176, 92), (84, 214, 214), (232, 232, 236), (168, 170, 176)),
    mine=(150, 153, 162), mine_shine=(236, 237, 240), mine_hit=(200, 50, 44), flag=(255, 96, 84),
    flag_pole=(226, 228, 232), wrong=(255, 200, 80), question=(226, 228, 232), cursor=(255, 214, 64),
    led_back=(10, 10, 12), led_on=(255, 80, 64), led_off=(56, 20, 18), face=(240, 200, 60),
    face_ink=(20, 20, 22),
    safe=(80, 210, 90), even=(240, 210, 60), risky=(240, 80, 70), guess=(255, 160, 40),
    reads=(90, 150, 255), arrow=(236, 238, 242), trail=(255, 100, 90), won=(90, 200, 100),
    lost=(230, 90, 80), track=(90, 94, 104),
    chance_safe=(70, 190, 80), chance_even=(220, 190, 60), chance_mine=(210, 70, 64),
    verdict_certain=(90, 200, 100), verdict_forced=(110, 160, 255), verdict_guess=(240, 170, 60),
    verdict_needless=(225, 110, 230), verdict_mistake=(245, 95, 85),
    guess_text=(250, 180, 90), safe_text=(120, 215, 120),
    chart_time=(112, 168, 255), chart_speed=(110, 204, 110), chart_best=(255, 176, 92), chart_grid=(58, 60, 66),
)

CONTRAST = Theme(
    name="contrast", label=N_("high contrast"),
    panel=(0, 0, 0), light=(255, 255, 255), shade=(150, 150, 150), text=(255, 255, 255),
    title=(255, 255, 0), title_text=(0, 0, 0), accent=(255, 255, 0), error=(255, 150, 150), dim=(220, 220, 220),
    faint=(200, 200, 200), field=(0, 0, 0), backdrop=(0, 0, 0),
    covered=(110, 110, 110), covered_light=(235, 235, 235), covered_shade=(40, 40, 40),
    covered_flat=(110, 110, 110), revealed=(0, 0, 0), grid=(90, 90, 90),
    # From Okabe & Ito's colour-blind-safe palette (2008), lightened for black cells and
    # moved (each within CIE76 ΔE 15) until every pair is at least ΔE 23 apart under
    # normal vision and simulated protanopia, deuteranopia and tritanopia (tests/ui/test_ui_theme.py).
    numbers=((90, 210, 255), (240, 210, 45), (225, 105, 30), (255, 255, 255),
             (180, 105, 165), (15, 165, 105), (120, 135, 225), (180, 180, 180)),
    mine=(255, 255, 255), mine_shine=(0, 0, 0), mine_hit=(200, 0, 0), flag=(255, 200, 0),
    flag_pole=(255, 255, 255), wrong=(255, 60, 60), question=(255, 255, 255), cursor=(0, 255, 255),
    led_back=(0, 0, 0), led_on=(255, 220, 0), led_off=(50, 44, 0), face=(255, 220, 0), face_ink=(0, 0, 0),
    safe=(0, 220, 160), even=(240, 228, 66), risky=(255, 80, 40), guess=(255, 170, 0),
    reads=(86, 180, 233), arrow=(255, 255, 255), trail=(255, 170, 0), won=(0, 200, 150),
    lost=(230, 110, 0), track=(120, 120, 120),
    chance_safe=(0, 158, 115), chance_even=(240, 228, 66), chance_mine=(213, 94, 0),
    verdict_certain=(0, 200, 150), verdict_forced=(86, 180, 233), verdict_guess=(240, 228, 66),
    verdict_needless=(204, 121, 167), verdict_mistake=(255, 110, 60),
    guess_text=(255, 200, 0), safe_text=(0, 220, 160),
    chart_time=(90, 210, 255), chart_speed=(0, 220, 160), chart_best=(255, 120, 60), chart_grid=(70, 70, 70),
    number_weight=2,
)

THEMES: dict[str, Theme] = {t.name: t for t in (CLASSIC, DARK, CONTRAST)}
THEME_NAMES = tuple(THEMES)


def theme_named(name: str) -> Theme:
    """The theme called ``name``.

    Raises:
        ValueError: no such theme (the message lists :data:`THEME_NAMES`)."""
    try:
        return THEMES[name]
    except KeyError:
        raise ValueError(f"theme: {name!r} is not one of {', '.join(THEME_NAMES)}") from None


_current: list[Theme] = [CLASSIC]


def current() -> Theme:
    """The theme the window draws with now."""
    return _current[0]


def use(theme: Theme | str) -> Theme:
    """Make ``theme`` (a Theme or its name) the current one; returns it.

    Raises ValueError for an unknown name. Layers drawn before (board view, frame, panels)
    notice by comparing :func:`current` with the theme they were drawn in."""
    chosen = theme if isinstance(theme, Theme) else theme_named(theme)
    _current[0] = chosen
    return chosen


class _Palette:
    """Attribute access to the current theme: ``palette.panel`` is ``current().panel``."""

    def __getattr__(self, name: str):
        return getattr(_current[0], name)


palette = _Palette()
