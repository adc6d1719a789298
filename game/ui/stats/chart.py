"""The Statistics screen's Chart page: a level's wins over time, two plots on one axis.

The upper plot shows each win's time (seconds), the lower its 3BV/s (game.figures'
``bbbv_per_s``, as on the result panel and the Bests page); in each a step line follows
the running best (the fastest time, the highest 3BV/s so far) of the wins that enter the
window's table of bests, so its last step is the Bests page's "All" column. The horizontal
axis is the wins in the order they were played, oldest left, SLOT pixels apart, with the
dates of the first and last win in view under it. A win the tables of bests keep out (the
solver's help, a layout known before, typed in a terminal: the console's table) is drawn
apart, a hollow ring in ``palette.dim``, and moves no best; wins that do not count as wins
(with an undo, fed by a script) and losses are not drawn (game.records.level_stats
.chart_points). Custom sizes have no bests: their wins are drawn, with no running best. A
win whose 3BV/s is not computed yet has no point in the lower plot.

Each plot is scaled to what is in view, from 0 to a round value above its highest mark.
A history wider than the page scrolls: Left/Right by SCROLL_STEP wins, Page Up/Page Down
by a page, Home/End to the ends, the wheel by WHEEL_STEP; it opens on the newest wins.
Words are looked up when drawn (game.i18n), numbers and dates written the language's way
(game.ui.shared.formats). Colours are the theme's ``chart_*`` (game.ui.shared.theme).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.i18n import N_, _, count
from game.records.record import STANDARD_LEVELS
from game.records.level_stats import CHART_SPEED, ChartPoint, chart_points
from game.ui.shared import draw
from game.ui.shared.formats import day, decimal
from game.ui.shared.theme import palette
from game.ui.shared.widgets import bevel, fitting_size, text, text_width

SLOT = 8  # pixels between two wins on the time axis
DOT = 3  # a win's mark, radius in pixels
AXIS_ROOM = 40  # left of the plots, for the value labels, pixels
PLOT_H = 90  # one plot's height, pixels
SCROLL_STEP = 5  # wins moved by Left/Right
WHEEL_STEP = 3  # wins moved by one notch of the wheel
TICKS = 5  # steps from 0 to the top of a plot, at most


def nice_scale(highest: float) -> tuple[float, float]:
    """(top, step) of a value axis from 0 that holds ``highest``: ``step`` 1, 2 or 5 times a
    power of ten, at most TICKS steps to ``top``."""
    if highest <= 0:
        return 1.0, 0.5
    power = 10.0 ** math.floor(math.log10(highest / TICKS))
    for factor in (1, 2, 5, 10):
        step = factor * power
        if step * TICKS >= highest:
            return step * math.ceil(highest / step - 1e-9), step
    return highest, highest  # not reached: 10 * power * TICKS > highest


def digits_for(step: float) -> int:
    """Decimals a value label needs at ``step`` (1, 2 or 5 times a power of ten): 0 from 1
    up, 1 down to 0.1, 2 down to 0.01 ..."""
    return max(0, -math.floor(math.log10(step) + 1e-9))


@dataclass
class Plot:
    """One plot of the page: its well ``rect`` (logical pixels), its label, and the value
    shown at its top (set when drawn, from what is in view)."""

    rect: pygame.Rect
    label: str  # a message, translated when drawn; ``{figure}``: CHART_SPEED's label (3BV/s)
    value: str  # ChartPoint's attribute plotted: "seconds" or "speed"
    best: str  # its running best: "best_time" or "best_speed"
    colour: str  # the theme's colour name for its marks
    top: float = 1.0
    step: float = 0.25

    def y_of(self, value: float) -> int:
        """The pixel row of ``value`` (0 on the bottom row, ``top`` on the top one)."""
        inner = self.rect.height - 2 * DOT - 2
        return self.rect.bottom - DOT - 2 - round(inner * min(value, self.top) / self.top)


def draw_well(screen: pygame.Surface, plot: Plot, values: list[float]) -> bool:
    """``plot``'s well, and when ``values`` (the values in view) has any, its scale from 0 to a
    round value above the highest (:func:`nice_scale`, set on ``plot``): a faint line and a
    label left of the well at each step. False when there is no value (an empty well)."""
    rect = plot.rect
    draw.rect(screen, palette.field, rect)
    bevel(screen, rect.inflate(4, 4), 2, raised=False)
    if not values:
        return False
    plot.top, plot.step = nice_scale(max(values))
    digits = digits_for(plot.step)
    for k in range(round(plot.top / plot.step) + 1):
        y = plot.y_of(k * plot.step)
        if 0 < k:
            draw.line(screen, palette.chart_grid, (rect.left + 1, y), (rect.right - 2, y))
        text(screen, decimal(k * plot.step, digits), (rect.left - 6, y - 6), 12, palette.dim, "topright")
    return True


class ChartPage:
    """A level's wins over time in ``rect`` (the Statistics page); :meth:`load` reads them."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        left, width = self.rect.left + AXIS_ROOM + 8, self.rect.width - AXIS_ROOM - 18
        self.plots = (
            Plot(pygame.Rect(left, self.rect.top + 60, width, PLOT_H), N_("Time (s)"), "seconds", "best_time",
                 "chart_time"),
            Plot(pygame.Rect(left, self.rect.top + 172, width, PLOT_H), N_("Speed ({figure})"), "speed", "best_speed",
                 "chart_speed"))
        self.points: list[ChartPoint] = []
        self.level = ""
        self.first = 0  # index of the leftmost win in view

    @property
    def visible(self) -> int:
        """How many wins fit across a plot."""
        return (self.plots[0].rect.width - 2 * DOT - 2) // SLOT + 1

    def load(self, store, level: str) -> None:
        """Read ``level``'s wins from ``store`` (None: none); a new level opens on its newest
        wins, the same level keeps its place."""
        newest = self.first >= len(self.points) - self.visible
        self.points = chart_points(store, level) if store is not None else []
        if level != self.level or newest:
            self.first = len(self.points)  # clamped: the last page
        self.level = level
        self.scroll(0)

    def scroll(self, wins: int) -> None:
        """Move the view ``wins`` later (negative: earlier), within the history."""
        self.first = max(0, min(self.first + wins, len(self.points) - self.visible))

    def handle(self, event: pygame.event.Event) -> bool:
        """Scroll for the page's keys and the wheel; True when the event was used."""
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_LEFT: -SCROLL_STEP, pygame.K_RIGHT: SCROLL_STEP,
                     pygame.K_PAGEUP: -self.visible, pygame.K_PAGEDOWN: self.visible,
                     pygame.K_HOME: -len(self.points), pygame.K_END: len(self.points)}
            if event.key in moves:
                self.scroll(moves[event.key])
                return True
        elif event.type == pygame.MOUSEWHEEL:
            across = event.x if event.x else -event.y  # wheel up: earlier wins
            self.scroll(WHEEL_STEP * (1 if across > 0 else -1))
            return True
        return False

    def x_of(self, index: int) -> int:
        """The pixel column of win ``index`` (an index in ``points``)."""
        return self.plots[0].rect.left + DOT + 1 + (index - self.first) * SLOT

    def in_view(self) -> range:
        """The indices in ``points`` of the wins drawn (empty without wins)."""
        return range(self.first, min(len(self.points), self.first + self.visible))

    # ----- drawing ---------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        text(screen, _("Wins over time"), (self.rect.left + 10, self.rect.top + 8), 16, bold=True)
        self.draw_legend(screen, self.rect.top + 28)
        shown = self.in_view()
        for plot in self.plots:
            self.draw_plot(screen, plot, shown)
        if self.level not in STANDARD_LEVELS:
            self.draw_custom_note(screen)
        if not self.points:
            text(screen, _("No wins yet"), self.plots[0].rect.center, 16, palette.dim, "center")
            return
        self.draw_time_axis(screen, shown)

    def draw_legend(self, screen: pygame.Surface, y: int) -> None:
        """What the marks mean, in one line: a win, a win apart, the running best (not on a
        custom size: it has none)."""
        items = [("dot", _("win")), ("ring", _("apart: help, known board or terminal"))]
        if self.level in STANDARD_LEVELS:  # custom sizes have no bests: draw_custom_note
            items.append(("line", _("running best")))
        room = self.rect.width - 20 - sum(12 + 12 for _kind, _label in items)
        size = fitting_size("".join(label for _kind, label in items), room, 13, 10)
        x = self.rect.left + 10
        for kind, label in items:
            centre = (x + 4, y + 7)
            if kind == "dot":
                draw.circle(screen, palette.chart_time, centre, DOT)
            elif kind == "ring":
                draw.circle(screen, palette.dim, centre, DOT, 1)
            else:
                draw.line(screen, palette.chart_best, (x - 1, y + 7), (x + 9, y + 7), 2)
            text(screen, label, (x + 12, y), size)
            x += 12 + text_width(label, size) + 12

    def draw_custom_note(self, screen: pygame.Surface) -> None:
        """Why a custom size's chart has no running best, right of the time plot's label."""
        note = _("Custom sizes have no bests: no running best")
        label_end = self.rect.left + 10 + text_width(_(self.plots[0].label), 14, bold=True)
        room = self.rect.right - 10 - label_end - 12
        text(screen, note, (self.rect.right - 10, self.plots[0].rect.top - 15), fitting_size(note, room, 13, 10),
             palette.dim, "topright")

    def draw_plot(self, screen: pygame.Surface, plot: Plot, shown: range) -> None:
        """One plot: its label, its well, value lines, the running best and the marks."""
        rect = plot.rect
        text(screen, _(plot.label).format(figure=CHART_SPEED.label), (self.rect.left + 10, rect.top - 16), 14,
             bold=True)
        values = [v for i in shown for v in (getattr(self.points[i], plot.value), getattr(self.points[i], plot.best))
                  if v is not None]
        if not draw_well(screen, plot, values):
            return  # no wins: an empty well, no scale
        with draw.clipped(screen, rect.inflate(-2, -2)):
            self.draw_best(screen, plot, shown)
            for i in shown:
                point = self.points[i]
                value = getattr(point, plot.value)
                if value is None:
                    continue  # not computed yet
                centre = (self.x_of(i), plot.y_of(value))
                if point.apart:
                    draw.circle(screen, palette.dim, centre, DOT, 1)
                else:
                    draw.circle(screen, getattr(palette, plot.colour), centre, DOT)

    def draw_best(self, screen: pygame.Surface, plot: Plot, shown: range) -> None:
        """The running best as a step line: level until the win that beats it, then a step."""
        for i in shown:
            best = getattr(self.points[i], plot.best)
            if best is None:
                continue
            y = plot.y_of(best)
            end = self.x_of(i + 1) if i + 1 < len(self.points) else self.x_of(i) + SLOT // 2
            start = self.x_of(i) if i > shown.start else plot.rect.left
            draw.line(screen, palette.chart_best, (start, y), (end, y), 2)
            following = getattr(self.points[i + 1], plot.best) if i + 1 < len(self.points) else None
            if following is not None and following != best:
                draw.line(screen, palette.chart_best, (end, y), (end, plot.y_of(following)), 2)

    def draw_time_axis(self, screen: pygame.Surface, shown: range) -> None:
        """Under the plots: the dates of the first and last win in view, which wins these are,
        and how to scroll when there are more."""
        rect = self.plots[1].rect
        y = rect.bottom + 4
        first, last = self.points[shown.start], self.points[shown.stop - 1]
        text(screen, day(first.played_at), (rect.left, y), 12, palette.dim)
        if shown.stop - 1 > shown.start:
            text(screen, day(last.played_at), (rect.right, y), 12, palette.dim, "topright")
        caption = _("Wins {first}-{last} of {total}, oldest left").format(
            first=count(shown.start + 1), last=count(shown.stop), total=count(len(self.points)))
        text(screen, caption, (rect.centerx, y + 16), 13, anchor="midtop")
        if len(self.points) > self.visible:
            hint = _("Left/Right, Page Up/Down, the wheel: scroll")
            text(screen, hint, (rect.centerx, y + 32), fitting_size(hint, self.rect.width - 20, 12, 10),
                 palette.dim, "midtop")
