"""The Statistics screen's Games page: a level's recorded games, newest first, filtered
(won/lost, no-flag games, a 3BV range), scrolled, and one chosen to watch.

Keys (on the page): Up/Down move the selection, Page Up/Page Down and Home/End jump, W
cycles the result filter, F toggles no-flag games, B cycles the 3BV range, Enter watches
the selected game, R reviews it (the replay viewer with the solver's review: game.ui.replay.review),
S marks it and S on another game of the same board shows both side by side (game.ui.replay.beside).
The mouse: a click selects a row, a double click or the Watch button watches it, the Review
button reviews it, the wheel scrolls, the filter buttons cycle. All positions are logical pixels.

Its words are looked up when drawn (game.i18n), and numbers and dates are written as the
language writes them (game.ui.shared.formats).
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _, language, ngettext
from game.records.level_stats import BBBV_RANGES, RESULTS, recent_games
from game.ui.shared import draw
from game.ui.shared.formats import day_and_time, decimal
from game.ui.shared.theme import palette
from game.ui.shared.widgets import Button, bevel, fitting_size, text

ROW_H = 14  # one game's row, pixels
FONT = 14  # row text, pixels
COLUMNS = ((0, N_("Date")), (66, N_("Result")), (130, N_("Time")), (176, "3BV"), (204, "3BV/s"), (244, "IOE"),
           (282, "IOS"), (320, "RQP"))  # x offset from the list's left, title (a message, or an abbreviation)
RESULT_WORDS = {"won": N_("won"), "lost": N_("lost"), "left": N_("left")}  # a row's result (left: abandoned)
RESULT_FILTERS = {"all": N_("Result: all (W)"), "won": N_("Result: won (W)"),
                  "lost": N_("Result: lost (W)")}  # RESULTS -> the filter button's label
FLAGS_FILTERS = {False: N_("No flags: off (F)"), True: N_("No flags: on (F)")}
ANY_BBBV = N_("3BV: any (B)")
DOUBLE_CLICK_MS = 400  # two clicks on one row this close together watch it


def range_label(bounds: tuple[int | None, int | None]) -> str:
    """``any``, ``20-49``, ``200+``."""
    low, high = bounds
    if low is None and high is None:
        return "any"
    return f"{low}+" if high is None else f"{low}-{high}"


def bbbv_filter(bounds: tuple[int | None, int | None]) -> str:
    """The 3BV filter button's label: ``3BV: any (B)`` (a message), ``3BV: 20-49 (B)``."""
    if bounds == (None, None):
        return ANY_BBBV
    return f"3BV: {range_label(bounds)} (B)"  # numbers only: the same in every language


def row_values(record) -> list[str]:
    """The texts of one game's row, in COLUMNS order, in the language in use."""
    outcome = "won" if record.won else "left" if record.abandoned else "lost"
    result = _(RESULT_WORDS[outcome])
    speed = record.bbbv_per_s if record.bbbv_per_s is not None else record.three_bv_per_second
    return [day_and_time(record.played_at), result, decimal(record.seconds, 2),
            "-" if record.three_bv is None else str(record.three_bv),
            decimal(speed, 2), decimal(record.ioe, 2), decimal(record.ios, 2), decimal(record.rqp, 1)]


class GameList:
    """The games in ``rect``: ``records`` (GameRecords, newest first), ``selected`` index
    (None when empty), ``top`` the first row shown."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.records: list = []
        self.selected: int | None = None
        self.top = 0
        self._last_click = (None, -DOUBLE_CLICK_MS)
        # (language, index in records) -> row_values of a row drawn since set_records: a
        # scrolled row is written once, not again in every frame (Babel takes about 0.05 ms a number)
        self._texts: dict[tuple[str, int], list[str]] = {}

    @property
    def visible(self) -> int:
        """Rows that fit under the header."""
        return max(1, (self.rect.height - ROW_H - 4) // ROW_H)

    def set_records(self, records: list) -> None:
        """Show ``records``, keeping the selected game when it is still there."""
        chosen = self.chosen()
        self.records = records
        self._texts.clear()
        ids = [r.id for r in records]
        self.selected = ids.index(chosen.id) if chosen is not None and chosen.id in ids else (0 if records else None)
        self.top = 0
        self._show_selected()

    def chosen(self):
        """The selected GameRecord, or None."""
        return None if self.selected is None else self.records[self.selected]

    def move(self, step: int) -> None:
        """Move the selection ``step`` rows (clamped)."""
        if self.records:
            self.selected = min(max((self.selected or 0) + step, 0), len(self.records) - 1)
            self._show_selected()

    def _show_selected(self) -> None:
        if self.selected is not None:
            self.top = min(self.top, self.selected)
            self.top = max(self.top, self.selected - self.visible + 1)

    def scroll(self, rows: int) -> None:
        """Scroll by ``rows`` without moving the selection."""
        self.top = min(max(self.top + rows, 0), max(0, len(self.records) - self.visible))

    def handle_key(self, key: int) -> bool:
        """Up/Down/Page Up/Page Down/Home/End; True when used."""
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible,
                 pygame.K_PAGEDOWN: self.visible, pygame.K_HOME: -len(self.records),
                 pygame.K_END: len(self.records)}
        if key not in steps:
            return False
        self.move(steps[key])
        return True

    def click(self, pos: tuple[int, int], now_ms: int) -> bool:
        """Select the row at ``pos``; True for a second click on it within DOUBLE_CLICK_MS."""
        row = (pos[1] - self.rect.top - ROW_H - 2) // ROW_H
        if not self.rect.collidepoint(pos) or row < 0 or self.top + row >= len(self.records):
            return False
        index = self.top + row
        double = self._last_click[0] == index and now_ms - self._last_click[1] <= DOUBLE_CLICK_MS
        self.selected, self._last_click = index, (index, now_ms)
        return double

    def row_texts(self, index: int) -> list[str]:
        """:func:`row_values` of ``records[index]``, in the language in use, kept until
        :meth:`set_records`."""
        key = (language(), index)
        if key not in self._texts:
            self._texts[key] = row_values(self.records[index])
        return self._texts[key]

    def draw(self, screen: pygame.Surface) -> None:
        draw.rect(screen, palette.field, self.rect)
        bevel(screen, self.rect.inflate(4, 4), 2, raised=False)
        left, top = self.rect.left + 4, self.rect.top + 2
        for x, title in COLUMNS:
            text(screen, _(title), (left + x, top), FONT, palette.dim)
        draw.line(screen, palette.shade, (self.rect.left, top + ROW_H), (self.rect.right - 1, top + ROW_H))
        if not self.records:
            text(screen, _("No games match"), self.rect.center, 16, palette.dim, "center")
            return
        for i in range(self.top, min(len(self.records), self.top + self.visible)):
            y = top + ROW_H + 2 + (i - self.top) * ROW_H
            colour = palette.text
            if i == self.selected:
                draw.rect(screen, palette.title, (self.rect.left + 1, y - 1, self.rect.width - 8, ROW_H))
                colour = palette.title_text
            for (x, _title), value in zip(COLUMNS, self.row_texts(i)):
                text(screen, value, (left + x, y), FONT, colour)
        if len(self.records) > self.visible:  # a scroll bar: where the rows shown are
            track = pygame.Rect(self.rect.right - 6, self.rect.top + ROW_H + 2, 5, self.rect.height - ROW_H - 4)
            length = max(8, track.height * self.visible // len(self.records))
            offset = (track.height - length) * self.top // max(1, len(self.records) - self.visible)
            draw.rect(screen, palette.shade, (track.left, track.top + offset, track.width, length))


class GamesPage:
    """The page's state and controls inside ``panel``; ``watch(record_id)`` returns the next
    scene. Filters: ``result`` (RESULTS index), ``no_flags``, ``bbbv`` (BBBV_RANGES index)."""

    def __init__(self, panel: pygame.Rect, watch, review=None, compare=None) -> None:
        """``compare(first_id, second_id)``: the next scene showing two games side by side
        (key S: the first press marks the selected game, the next on another opens both)."""
        self.panel = panel
        self.watch_action, self.review_action, self.compare_action = watch, review, compare
        self.marked: int | None = None  # the game S marked to compare with the next one chosen
        self.result, self.no_flags, self.bbbv = 0, False, 0
        self.store, self.level = None, ""  # the records and level last loaded (load)
        self.list = GameList(pygame.Rect(panel.left + 8, panel.top + 54, panel.width - 16, panel.height - 92))
        y = panel.top + 8
        self.filters = [Button((panel.left + 8, y, 136, 20), "", self.cycle_result, 14),
                        Button((panel.left + 150, y, 112, 20), "", self.toggle_flags, 14),
                        Button((panel.left + 268, y, 108, 20), "", self.cycle_bbbv, 14)]
        self.watch_button = Button((panel.right - 88, panel.bottom - 30, 80, 22), N_("Watch"), self.watch, 15)
        self.review_button = Button((panel.right - 184, panel.bottom - 30, 90, 22), N_("Review (R)"), self.review,
                                    15)
        self._label()

    def _label(self) -> None:
        # messages (or numbers): the buttons translate them when drawn
        self.filters[0].label = RESULT_FILTERS[RESULTS[self.result]]
        self.filters[1].label = FLAGS_FILTERS[self.no_flags]
        self.filters[2].label = bbbv_filter(BBBV_RANGES[self.bbbv])

    def buttons(self) -> list[Button]:
        """The page's buttons, in focus order."""
        return [*self.filters, self.review_button, self.watch_button]

    def load(self, store, level: str) -> None:
        """Read ``level``'s games that pass the filters from ``store`` (None: no records)."""
        rows = [] if store is None else recent_games(store, level, RESULTS[self.result], self.no_flags,
                                                       BBBV_RANGES[self.bbbv])
        self.list.set_records(rows)
        self.store, self.level = store, level

    def _reload(self):
        self._label()
        self.load(self.store, self.level)
        return None

    def cycle_result(self):
        self.result = (self.result + 1) % len(RESULTS)
        return self._reload()

    def toggle_flags(self):
        self.no_flags = not self.no_flags
        return self._reload()

    def cycle_bbbv(self):
        self.bbbv = (self.bbbv + 1) % len(BBBV_RANGES)
        return self._reload()

    def watch(self):
        """Watch the selected game (None when there is none)."""
        chosen = self.list.chosen()
        return None if chosen is None else self.watch_action(chosen.id)

    def review(self):
        """Review the selected game (None when there is none)."""
        chosen = self.list.chosen()
        return None if chosen is None or self.review_action is None else self.review_action(chosen.id)

    def compare(self):
        """S: mark the selected game (again: unmark it); with a game marked, the marked and the
        selected games side by side (game.ui.app.Navigation.beside: a message when they are
        not of the same board). None when nothing opens."""
        chosen = self.list.chosen()
        if chosen is None or self.compare_action is None:
            return None
        if self.marked is None or self.marked == chosen.id:
            self.marked = None if self.marked == chosen.id else chosen.id
            return None
        first, self.marked = self.marked, None
        return self.compare_action(first, chosen.id)

    def selected_words(self) -> str:
        """The selected game's row as said aloud, each value after its column's title
        ("Date 3 May 2024 14:05, Result won, Time 12.34, ..."); "No games match" when none."""
        if self.list.selected is None:
            return _("No games match")
        values = self.list.row_texts(self.list.selected)
        return ", ".join(f"{_(title)} {value}" for (_x, title), value in zip(COLUMNS, values))

    def handle(self, event: pygame.event.Event, now_ms: int):
        """(used, next scene or None) for one event."""
        if event.type == pygame.KEYDOWN:
            if self.list.handle_key(event.key):
                return True, None
            actions = {pygame.K_w: self.cycle_result, pygame.K_f: self.toggle_flags, pygame.K_b: self.cycle_bbbv,
                       pygame.K_r: self.review, pygame.K_s: self.compare, pygame.K_RETURN: self.watch,
                       pygame.K_KP_ENTER: self.watch}
            if event.key in actions:
                return True, actions[event.key]()
        if event.type == pygame.MOUSEWHEEL:
            self.list.scroll(-event.y * 3)
            return True, None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.list.rect.collidepoint(event.pos):
            return True, self.watch() if self.list.click(event.pos, now_ms) else None
        return False, None

    def draw(self, screen: pygame.Surface, best_line: str) -> None:
        text(screen, best_line, (self.panel.left + 10, self.panel.top + 34), 14)
        self.list.draw(screen)
        count = len(self.list.records)
        if self.marked is not None:  # S marked a game: say so where the count is
            note = _("Game {id} marked: S on another game of its board").format(id=self.marked)
            room = self.review_button.rect.left - self.panel.left - 16
            text(screen, note, (self.panel.left + 10, self.panel.bottom - 24), fitting_size(note, room, 14, 10),
                 palette.accent)
            return
        text(screen, ngettext("{count} game shown, newest first", "{count} games shown, newest first",
                              count).format(count=count),
             (self.panel.left + 10, self.panel.bottom - 24), 14, palette.dim)
