"""The Statistics screen's Daily page (issue 38): the daily boards (game.midend.daily) as the
player played them, read from the records by game.records.daily.

From the top: today's four boards (UTC), each with its first attempt's result or "not
played"; the streak of days with a daily played (any level), now and at its longest; the
days the open tab's level was played, newest first: the first attempt's result and time
(the ranked one), how many attempts, and the best of the later ones, kept apart (the board
was known by then); and a chart of the first attempts' times over the last days, a won one
a dot (the theme's ``chart_time``), a lost or abandoned one a ring (``lost``) at its time.

Keys: Page Up/Page Down, Home/End and the wheel scroll the list (the screen's Left/Right and
1-4 change the level, as on the other pages). Words are looked up when drawn (game.i18n),
numbers and dates written the language's way (game.ui.shared.formats). All positions are
logical pixels.
"""

from __future__ import annotations

import datetime as dt

import pygame

from game.i18n import N_, _
from game.midend.daily import DAILY_LEVELS, today
from game.records.daily import DailyDay, daily_days, daily_streaks
from game.ui.shared import draw
from game.ui.shared.formats import day, level_name, seconds
from game.ui.shared.theme import palette
from game.ui.shared.widgets import bevel, clipped, fitting_size, text
from game.ui.stats.chart import DOT, Plot, draw_well

DAILY_NAMES = {"beginner": N_("Beginner 9x9")}  # the daily levels named apart from their level's name
ROW_H, FONT = 14, 13  # one day's row and its font, pixels
COLUMNS = ((0, N_("Date")), (96, N_("First attempt")), (226, N_("Attempts")), (288, N_("Best later")))  # x, title
LIST_ROWS = 5  # days shown at once
SLOT = 8  # pixels between two days on the chart's axis
NOT_PLAYED = N_("not played")
STREAK = N_("Days in a row with a daily: {current} (longest {longest})")


def daily_name(level: str) -> str:
    """A daily level's name in the language in use: "Beginner 9x9", "Beginner 8x8", "Expert"."""
    return _(DAILY_NAMES[level]) if level in DAILY_NAMES else level_name(level)


def result_words(record) -> tuple[str, tuple[int, int, int]]:
    """(words, colour) of an attempt: "won 12.345 s" (``won``; a win with help, which counts
    as none, in ``dim``), "lost 8.1 s" (``lost``), "left" (abandoned, ``lost``)."""
    time = seconds(record.time_ms / 1000, 3 if record.won else 1)
    if record.won:
        return _("won {time}").format(time=time), palette.won if record.counts_as_win else palette.dim
    if record.abandoned:
        return _("left"), palette.lost
    return _("lost {time}").format(time=time), palette.lost


class ScrolledList:
    """A Statistics page's list that Page Up/Page Down, Home/End and the wheel scroll:
    ``first`` is the index of its top row in view, ``shown_rows`` how many show at once; a
    page gives its rows by :meth:`listed` (the Daily page's days, the Trials page's trials)."""

    shown_rows = LIST_ROWS
    first = 0

    def listed(self) -> list:
        """The list's rows, in the order shown."""
        return []

    def scroll(self, rows: int) -> None:
        """Move the list ``rows`` down (older rows; negative: newer), within it."""
        self.first = max(0, min(self.first + rows, len(self.listed()) - self.shown_rows))

    def handle(self, event: pygame.event.Event) -> bool:
        """Scroll for the page's keys and the wheel; True when the event was used."""
        count = len(self.listed())
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_PAGEUP: -self.shown_rows, pygame.K_PAGEDOWN: self.shown_rows,
                     pygame.K_HOME: -count, pygame.K_END: count}
            if event.key in moves:
                self.scroll(moves[event.key])
                return True
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return True
        return False


class DailyPage(ScrolledList):
    """The Daily page in ``rect`` (the Statistics page); :meth:`load` reads the records.

    ``today``: the UTC day shown as today; ``boards``: today's DailyDay of each level played;
    ``days``: the open level's days, newest first; ``streaks``: (current, longest);
    ``first``: the index of the top row of the list in view."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.today = today()
        self.boards: dict[str, DailyDay] = {}
        self.days: list[DailyDay] = []
        self.every: list[DailyDay] = []
        self.streaks = (0, 0)
        self.level = ""
        self.first = 0
        left = self.rect.left + 52
        self.plot = Plot(pygame.Rect(left, self.rect.top + 218, self.rect.right - 12 - left, 72),
                         N_("First attempts' times (s)"), "seconds", "best_time", "chart_time")

    def load(self, store, level: str) -> None:
        """Read every daily from ``store`` (None: none) and show ``level``'s days (a level
        with no daily board: none), today's boards and the streaks as of today (UTC)."""
        self.today = today()
        self.every = daily_days(store) if store is not None else []
        self.boards = {d.level: d for d in self.every if d.day == self.today.isoformat()}
        self.streaks = daily_streaks(store, self.today) if store is not None else (0, 0)
        if level != self.level:
            self.first = 0
        self.level = level
        self.days = [d for d in self.every if d.level == level]
        self.scroll(0)

    def listed(self) -> list:
        """The list's rows: the open level's days."""
        return self.days

    # ----- drawing ---------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        left, top = self.rect.left + 10, self.rect.top + 8
        width = self.rect.width - 20
        title = _("Today's boards, {date} (UTC)").format(date=day(self.today.isoformat()))
        text(screen, title, (left, top), fitting_size(title, width, 16, 11, bold=True), bold=True)
        self.draw_today(screen, pygame.Rect(left, top + 20, width, 32))
        streak = _(STREAK).format(current=self.streaks[0], longest=self.streaks[1])
        text(screen, streak, (left, top + 58), fitting_size(streak, width, 14, 10))
        self.draw_list(screen, left, top + 80, width)
        self.draw_chart(screen)

    def draw_today(self, screen: pygame.Surface, area: pygame.Rect) -> None:
        """A box for each level's board of today: its name, and its first attempt's result."""
        gap = 4
        box_w = (area.width - (len(DAILY_LEVELS) - 1) * gap) // len(DAILY_LEVELS)
        for i, level in enumerate(DAILY_LEVELS):
            box = pygame.Rect(area.left + i * (box_w + gap), area.top, box_w, area.height)
            draw.rect(screen, palette.field, box)
            bevel(screen, box, 1, raised=False)
            name = daily_name(level)
            text(screen, name, (box.centerx, box.top + 3), fitting_size(name, box_w - 6, 13, 9, bold=True),
                 anchor="midtop", bold=True)
            played = self.boards.get(level)
            words, colour = ((_(NOT_PLAYED), palette.dim) if played is None or played.first is None
                             else result_words(played.first))
            text(screen, words, (box.centerx, box.top + 17), fitting_size(words, box_w - 6, 13, 9), colour,
                 "midtop")

    def draw_list(self, screen: pygame.Surface, left: int, top: int, width: int) -> None:
        """The open level's days: date, first attempt, attempts, best of the later ones."""
        heading = _("Daily {level}, by day").format(level=daily_name(self.level)) if self.level in DAILY_LEVELS \
            else _("Custom sizes have no daily board.")
        text(screen, heading, (left, top), 14, bold=True)
        if self.level not in DAILY_LEVELS:
            return
        for x, title in COLUMNS:
            text(screen, _(title), (left + x, top + 18), 12, palette.dim)
        well = pygame.Rect(left - 2, top + 32, width + 4, LIST_ROWS * ROW_H + 4)
        draw.rect(screen, palette.field, well)
        bevel(screen, well, 1, raised=False)
        if not self.days:
            text(screen, _("No daily played yet"), well.center, 14, palette.dim, "center")
            return
        for row, played in enumerate(self.days[self.first:self.first + LIST_ROWS]):
            y = well.top + 2 + row * ROW_H
            cells = [(day(played.day), palette.text)]
            cells.append(result_words(played.first) if played.first is not None else ("-", palette.dim))
            cells.append((str(played.attempts), palette.text))
            later = played.best_later
            cells.append((seconds(later.time_ms / 1000, 3), palette.dim) if later is not None else ("-", palette.dim))
            edges = [x for x, _title in COLUMNS[1:]] + [width]
            for (x, _title), (words, colour), end in zip(COLUMNS, cells, edges):
                text(screen, clipped(words, end - x - 4, FONT), (left + x, y), FONT, colour)
        if len(self.days) > LIST_ROWS:  # which days show, of how many
            said = _("Days {first}-{last} of {total}").format(
                first=self.first + 1, last=min(len(self.days), self.first + LIST_ROWS), total=len(self.days))
            text(screen, said, (left + width, top), 12, palette.dim, "topright")

    def chart_days(self) -> list[dt.date]:
        """The days on the chart's axis: as many as fit, the last one today."""
        count = (self.plot.rect.width - 2 * DOT - 2) // SLOT + 1
        return [self.today - dt.timedelta(days=count - 1 - i) for i in range(count)]

    def draw_chart(self, screen: pygame.Surface) -> None:
        """The open level's first attempts over the last days: a dot a win, a ring a loss."""
        plot = self.plot
        text(screen, _(plot.label), (self.rect.left + 10, plot.rect.top - 17), 14, bold=True)
        days = self.chart_days()
        firsts = {played.day: played.first for played in self.days if played.first is not None}
        shown = [(i, firsts[d.isoformat()]) for i, d in enumerate(days) if d.isoformat() in firsts]
        if not draw_well(screen, plot, [record.time_ms / 1000 for _i, record in shown]):
            text(screen, _("No daily played yet"), plot.rect.center, 14, palette.dim, "center")
        with draw.clipped(screen, plot.rect.inflate(-2, -2)):
            for i, record in shown:
                centre = (plot.rect.left + DOT + 1 + i * SLOT, plot.y_of(record.time_ms / 1000))
                if record.won and record.counts_as_win:
                    draw.circle(screen, palette.chart_time, centre, DOT)
                else:
                    draw.circle(screen, palette.lost if not record.won else palette.dim, centre, DOT, 1)
        y = plot.rect.bottom + 4
        text(screen, day(days[0].isoformat()), (plot.rect.left, y), 12, palette.dim)
        text(screen, day(days[-1].isoformat()), (plot.rect.right, y), 12, palette.dim, "topright")
        legend = _("dot: won; ring: lost or left")
        text(screen, legend, (plot.rect.centerx, y), fitting_size(legend, plot.rect.width // 2 - 20, 12, 9),
             palette.dim, "midtop")
