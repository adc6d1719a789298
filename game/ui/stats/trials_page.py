"""The Statistics screen's Trials page (issue 38, point 6): the time trials the player played,
read from the records by game.records.trials.

From the top: each set played (the named sets first, then "your own sets") with its best
finished total and how many trials were played and finished; then every trial, newest first:
its date, set, total, penalties and whether it was finished or ended early. Keys: Page
Up/Page Down, Home/End and the wheel scroll the list. Words are looked up when drawn
(game.i18n), numbers and dates written the language's way (game.ui.shared.formats). All
positions are logical pixels.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.records.trials import TrialRecord, best_of, set_names, trials
from game.ui.shared import draw
from game.ui.stats.daily_page import ScrolledList
from game.ui.shared.formats import day, seconds
from game.ui.shared.theme import palette
from game.ui.shared.widgets import bevel, clipped, fitting_size, text

ROW_H, FONT = 14, 13  # one trial's row and its font, pixels
COLUMNS = ((0, N_("Date")), (78, N_("Set")), (160, N_("Total")), (226, N_("Penalties")), (284, N_("Result")))
LIST_ROWS = 11  # trials shown at once
SET_NAMES = {"beginner10": N_("10 Beginner"), "vienna": N_("Vienna"), "custom": N_("Your own sets")}


def set_name(record: TrialRecord) -> str:
    """A trial's set in a few words: a named set's name, or a custom set's text."""
    return _(SET_NAMES[record.set_name]) if record.set_name in ("beginner10", "vienna") else record.set_text


class TrialsPage(ScrolledList):
    """The Trials page in ``rect`` (the Statistics page); :meth:`load` reads the records.

    ``records``: every trial, oldest first; ``first``: the index (newest first) of the top row in view."""

    shown_rows = LIST_ROWS

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.records: list[TrialRecord] = []
        self.first = 0

    def load(self, store, level: str | None = None) -> None:
        """Read every trial from ``store`` (None: none); ``level`` is not used (trials mix levels)."""
        self.records = trials(store) if store is not None else []
        self.scroll(0)

    def listed(self) -> list:
        """The list's rows: the trials, newest first."""
        return list(reversed(self.records))

    def best_lines(self) -> list[str]:
        """One line a set played: its best finished total, trials played and finished."""
        lines = []
        for name in set_names(self.records):
            best = best_of(self.records, name)
            played = sum(r.set_name == name for r in self.records)
            done = sum(r.set_name == name and r.finished for r in self.records)
            lines.append(_("{set}: best {best}; played {played}, finished {finished}").format(
                set=_(SET_NAMES[name]),
                best=seconds(best.total_ms / 1000, 3) if best is not None else "-", played=played, finished=done))
        return lines

    def draw(self, screen: pygame.Surface) -> None:
        left, top = self.rect.left + 10, self.rect.top + 8
        width = self.rect.width - 20
        text(screen, _("Time trials"), (left, top), 16, bold=True)
        y = top + 20
        lines = self.best_lines() or [_("No time trial played yet")]
        for line in lines[:4]:
            text(screen, line, (left, y), fitting_size(line, width, 14, 9))
            y += 16
        y += 6
        text(screen, _("Every trial, newest first"), (left, y), 14, bold=True)
        for x, title in COLUMNS:
            text(screen, _(title), (left + x, y + 18), 12, palette.dim)
        well = pygame.Rect(left - 2, y + 32, width + 4, LIST_ROWS * ROW_H + 4)
        draw.rect(screen, palette.field, well)
        bevel(screen, well, 1, raised=False)
        newest = self.listed()
        if not newest:
            text(screen, _("No time trial played yet"), well.center, 14, palette.dim, "center")
            return
        for row, record in enumerate(newest[self.first:self.first + self.shown_rows]):
            ry = well.top + 2 + row * ROW_H
            result = (_("finished"), palette.won) if record.finished else (
                _("ended {played}/{games}").format(played=record.played, games=record.games), palette.lost)
            cells = [(day(record.played_at), palette.text), (set_name(record), palette.text),
                     (seconds(record.total_ms / 1000, 3), palette.text),
                     (seconds(record.penalty_ms / 1000, 0), palette.dim), result]
            edges = [x for x, _title in COLUMNS[1:]] + [width]
            for (x, _title), (words, colour), end in zip(COLUMNS, cells, edges):
                text(screen, clipped(words, end - x - 4, FONT), (left + x, ry), FONT, colour)
        if len(newest) > LIST_ROWS:
            said = _("Trials {first}-{last} of {total}").format(
                first=self.first + 1, last=min(len(newest), self.first + LIST_ROWS), total=len(newest))
            text(screen, said, (left + width, y), 12, palette.dim, "topright")
