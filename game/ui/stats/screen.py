"""Statistics: per level (tabs) games played, won, assisted (won with help: played, not won)
and abandoned, streaks, averages, best 3BV/s and efficiency, best times and a chart of the
last 50 results; a Games page listing the level's games with their competitive statistics,
filtered, to watch one (game.ui.stats.game_list); a Chart page drawing the level's wins over time
(game.ui.stats.chart); a Daily page of the daily boards played (game.ui.stats.daily_page: today's
boards, each day's first attempt and later ones apart, the streak of days, a chart of the
first attempts' times); a Trials page of the time trials played (game.ui.stats.trials_page: each
set's best total, every trial); and Reset statistics, after a confirmation.

A Bests page (B) shows each standard level's best time, 3BV/s, IOE, RQP and STNB, of every
eligible win and of the no-flag (NF) ones, for the window's games and, apart, the console's
typed in a terminal. Its button "3BV filter (F)" shows instead the same tables of the games
dealt by the 3BV filter (Options, ``--min-bv``), which are ranked apart (docs/bv-filter.md);
"All boards (F)" goes back.

The Beginner tab shows the Beginner of the last game played, else the one Options chose (9x9
or the competitive 8x8, each with its own tables); clicking the open Beginner tab (or pressing
1 on it) shows the other.

Keys: Left/Right (or 1-4, Ctrl+Tab and Ctrl+Shift+Tab) change the level, G switches between the summary and the Games
page, B between the summary and the Bests page (F there: the 3BV-filtered tables), C
between the summary and the Chart page, D between the summary and the Daily page (Page
Up/Page Down, Home/End scroll its list of days), T between the summary and the Trials page (the
same keys scroll its trials), Up/Down/Tab move between the buttons (on the Games
page Up/Down move in the list, Tab between the buttons, Enter watches, R reviews; on the Chart page Left/Right scroll, and 1-4 or the
tabs change the level), Enter/Space press the focused one (on the Games page the focus starts
on Watch: Enter watches), Esc goes back to the menu (from
another page, to the summary first). Tabs and buttons also answer the mouse. Opening the screen computes, in the
background, the figures of games that lack them (game.records.compstats). Reading works on a read-only database; resetting it is refused
with the store's message.

Every label is looked up when it is drawn (game.i18n), and numbers and dates are written as
the language writes them (game.ui.shared.formats: "15,5 s", "1 may 2024" in Spanish).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping

import pygame

from game import figures
from game.i18n import N_, _, language, ngettext, number
from game.messages import describe, os_error_text
from game.records.compstats import pending
from game.records.db import RecordsError
from game.rules.board import BEGINNER_SIZES
from game.records.record import CATEGORIES, STANDARD_LEVELS
from game.records.level_stats import RECENT, LazySummary, LevelStats
from game.ui.shared import draw
from game.ui.stats.chart import ChartPage
from game.ui.stats.daily_page import DailyPage
from game.ui.stats.trials_page import TrialsPage
from game.ui.stats.game_list import GamesPage
from game.ui.scene import Scene
from game.ui.shared.confirm import Confirm, MessageBox
from game.ui.shared.dialog import draw_dialog
from game.ui.shared.formats import day, decimal, level_name, percent, seconds
from game.ui.shared.theme import palette
from game.ui.shared.widgets import (Button, ButtonList, bevel, clipped, fitting_size, sentences, text, text_width,
                                     wrap)

STATS_SIZE = (400, 476)  # logical window size, pixels (a third row of buttons: Trials)
TAB_W, TAB_H = 94, 22  # one level tab, pixels
PANEL = pygame.Rect(8, 50, 384, 322)  # the tab page, pixels
TABS = ("beginner", "intermediate", "expert", "custom")  # the tabs; Beginner's shows one of BEGINNERS
BEGINNERS = ("beginner", "beginner_8x8")  # the Beginner tab's levels: 9x9 (Windows) and 8x8 (competitive)
CHART = pygame.Rect(18, 262, 364, 90)  # the well the last results are drawn in, pixels
SUMMARY_LINE = 16  # one line of the summary column, pixels
# Under the page, two rows of buttons (one row of five does not fit 384 pixels in Spanish):
# the pages (Games, Bests, Chart: each says where it goes, its key in brackets) across the
# page's width, then Reset statistics... on the left, Daily between, and Back on the right;
# Trials under Daily, on a third row.
PAGE_ROW = [pygame.Rect(PANEL.left + i * 130, 380, 124, 24) for i in range(3)]  # Games, Bests, Chart
RESET_BUTTON = pygame.Rect(PANEL.left, 412, 150, 24)
BACK_BUTTON = pygame.Rect(PANEL.right - 80, 412, 80, 24)
DAILY_BUTTON = pygame.Rect(RESET_BUTTON.right + 8, 412, BACK_BUTTON.left - RESET_BUTTON.right - 16, 24)
TRIALS_BUTTON = pygame.Rect(DAILY_BUTTON.left, 444, DAILY_BUTTON.width, 24)  # a third row: the Trials page
FILTER_BUTTON = pygame.Rect(PANEL.right - 156, PANEL.bottom - 30, 148, 22)  # the Bests page's 3BV filter switch
RESET_QUESTION = N_("Reset all statistics? A backup is kept.")
RESET = N_("Reset statistics")  # the confirmation's title
BEST_GAP = 8  # pixels between the best-time table's columns
# The Bests page's tables: a title, the columns' heads, a row per figure of the Bests, a gap after; pixels
BEST_TITLE_H, BEST_HEAD_H, BEST_ROW, BEST_TABLE_GAP = 18, 15, 15, 8
BEST_ROW_LEAST = 13  # the least a row of them closes up to, pixels (best_row_step)
FIGURES_POLL = 0.1  # seconds between looks for figures computed in the background
PAGE_NAMES = {"summary": N_("Summary"), "games": N_("Games"), "bests": N_("Bests"), "chart": N_("Chart"),
              "daily": N_("Daily"), "trials": N_("Trials")}  # each page's name, said when it opens (speech)
TAB_WORDS = N_("{level}, tab, {index} of {count}")  # a level's tab, said when it opens (speech)


def seconds_text(value: float | None, digits: int = 1) -> str:
    """``12.3 s`` (``12,3 s`` in Spanish), or ``-`` for no value."""
    return seconds(value, digits)


def best_columns(rows: list[tuple[str, str, str, str]], width: int) -> tuple[tuple[int, ...], int]:
    """The best-time table's columns in ``width`` pixels: (x offsets of rank, time, name and
    date, pixels), and the room a name has, pixels. ``rows`` are (rank, time, name, date) as
    shown (font 14). Rank and time from the left, each as wide as its widest value or title;
    the dates flush right, as wide as the widest; the names take all between (issue 35: names
    were cut to "Newbie…" beside a time column wider than its times)."""
    def widest(values) -> int:
        return max(text_width(value, 14) for value in values)
    rank_x = 0
    time_x = rank_x + widest(["#", *(row[0] for row in rows)]) + BEST_GAP
    name_x = time_x + widest([_("Time"), *(row[1] for row in rows)]) + BEST_GAP
    date_x = width - widest([_("Date"), *(row[3] for row in rows)])
    return (rank_x, time_x, name_x, date_x), max(0, date_x - BEST_GAP - name_x)


def best_row_step(tables: int, rows: int, foot_lines: int, top: int) -> int:
    """The height of a row of the Bests page's tables, pixels: BEST_ROW, closed up (down to
    BEST_ROW_LEAST) where ``tables`` tables of ``rows`` rows in all and ``foot_lines`` lines
    of notes under them (14 pixels each) would reach the 3BV filter switch from ``top``
    (pixels), so that a figure added to the Bests (game.figures.bests) still fits."""
    room = FILTER_BUTTON.top - 2 - top - foot_lines * 14 - tables * (BEST_TITLE_H + BEST_HEAD_H + BEST_TABLE_GAP)
    return max(BEST_ROW_LEAST, min(BEST_ROW, room // max(1, rows)))


class Statistics(Scene):
    """The statistics of ``services.records.store``; ``tab`` is the index in TABS shown.

    It opens on the level of the last game finished in this run, else the menu's level."""

    def __init__(self, services) -> None:
        super().__init__(services)
        level = services.last_level or services.settings.difficulty
        # the Beginner tab shows the Beginner of the last game, else the one Options chose
        chosen = BEGINNER_SIZES.get(services.settings.beginner_size, "beginner")
        self.beginner = services.last_level if services.last_level in BEGINNERS else chosen
        level = "beginner" if level in BEGINNERS else level
        self.tab = TABS.index(level) if level in TABS else 0
        self.message = ""  # the result of a reset, or why it was refused
        self.stats: Mapping[str, LevelStats] = {}  # each level's, read when first shown (LazySummary)
        self.page = "summary"  # or "games", "bests", "chart"
        self.games = GamesPage(PANEL, self.watch, self.review, self.compare)
        self.bests_filtered = False  # the Bests page shows the 3BV filter's tables
        self.filter_button = Button(FILTER_BUTTON, N_("3BV filter (F)"), self.toggle_filtered)
        self.chart = ChartPage(PANEL)
        self.daily = DailyPage(PANEL)
        self.trials = TrialsPage(PANEL)
        # in the order of their indices (bottom[1] the Games button, bottom[2] Bests, bottom[3] Chart,
        # bottom[5] Daily)
        self.bottom = [Button(RESET_BUTTON, N_("Reset statistics..."), self.ask_reset),
                       Button(PAGE_ROW[0], N_("Games (G)"), self.toggle_page),
                       Button(PAGE_ROW[1], N_("Bests (B)"), self.toggle_bests),
                       Button(PAGE_ROW[2], N_("Chart (C)"), self.toggle_chart),
                       Button(BACK_BUTTON, N_("Back"), self.leave),
                       Button(DAILY_BUTTON, N_("Daily (D)"), self.toggle_daily),
                       Button(TRIALS_BUTTON, N_("Trials (T)"), self.toggle_trials)]
        self.buttons = ButtonList(self.reading_order())
        self.buttons.focus = self.buttons.buttons.index(self.bottom[4])  # Back
        self.version = -1  # the figures worker's version last read
        self.read: dict[str, str] = {}  # page ("games", "chart", "daily") -> the level whose games it holds (load_page)
        self.language = language()  # the language last drawn in

    # ----- data ------------------------------------------------------------------------------
    def enter(self) -> None:
        records = self.services.records
        if records is not None and not records.store.read_only:
            # older games' figures; their logs are unpacked in the figures' process, not in this frame
            records.figures_worker.submit(pending(records.store, packed=True))
        self.reload()
        self.dirty = True

    def reload(self) -> None:
        """Read the statistics again from the database: each level's when it is first shown,
        the Games page's list and the Chart page's wins when their page is."""
        records = self.services.records
        self.stats = LazySummary(records.store) if records is not None else {}
        self.read = {}  # page -> the level whose games it holds, read since this reload
        self.load_page()
        if records is not None:
            self.version = records.figures_worker.version

    def load_page(self) -> None:
        """Read the open page's games of the open level (the Games page's list, the Chart
        page's wins), unless it holds them, read since the last :meth:`reload`. The other
        pages read nothing more: opening the screen reads only what it shows."""
        if self.page not in ("games", "chart", "daily", "trials") or self.read.get(self.page) == self.level:
            return
        records = self.services.records
        page = {"games": self.games, "chart": self.chart, "daily": self.daily, "trials": self.trials}[self.page]
        page.load(records.store if records is not None else None, self.level)
        self.read[self.page] = self.level

    def update(self):
        records = self.services.records
        if records is not None and records.figures_worker.version != self.version:
            self.reload()  # figures were stored: the list and the averages show them
            self.dirty = True
        if self.language != language():  # every word is looked up again as it is drawn
            self.language = language()
            self.dirty = True
        return None

    def next_change(self) -> float:
        records = self.services.records
        if records is not None and records.figures_worker.version != self.version:
            return 0.0  # figures stored after the last update (WindowManager.frame_work): show them
        return FIGURES_POLL if records is not None and records.figures_worker.busy else super().next_change()

    @property
    def level(self) -> str:
        """The open tab's level (the Beginner tab's: 9x9 or 8x8, :attr:`beginner`)."""
        return self.beginner if TABS[self.tab] == "beginner" else TABS[self.tab]

    def summary_rows(self, level: str | None = None) -> list[tuple[str, str]]:
        """(label, value) lines shown for ``level`` (default: the open tab), in the language
        in use."""
        s = self.stats.get(level or self.level)
        if s is None:
            return []
        best_speed = None if s.best_speed is None else s.best_speed.three_bv_per_second
        best_efficiency = None if s.best_efficiency is None else s.best_efficiency.efficiency
        return [(_("Played"), str(s.played)), (_("Won"), str(s.won)), (_("Assisted wins"), str(s.assisted)),
                (_("Abandoned"), str(s.abandoned)), (_("Win %"), percent(s.win_percent)),
                (_("Current streak"), str(s.current_streak)), (_("Longest streak"), str(s.longest_streak)),
                (_("Average time"), seconds_text(s.average_time)),
                (_("Average 3BV/s"), decimal(s.average_3bv_per_second, 2)),
                (_("Best 3BV/s"), decimal(best_speed, 2)), (_("Best efficiency"), percent(best_efficiency))]

    # ----- actions ---------------------------------------------------------------------------
    def ask_reset(self):
        records = self.services.records
        if records is None or records.store.read_only:
            why = records.store.problem if records is not None else _("no records are open")
            self.message = _("The records are read-only: they cannot be reset.")
            # a box, not the one-line message: the reason, with a path, needs lines
            return MessageBox(self.services, self, _(RESET),
                              [_("The records are read-only ({reason}); they cannot be reset.").format(reason=why)])
        return Confirm(self.services, self, _(RESET), _(RESET_QUESTION), self.reset_all)

    def reset_all(self):
        """Delete every recorded game (a backup copy is made first); stay on this screen."""
        try:
            backup = self.services.records.store.reset()
        except (RecordsError, sqlite3.Error) as err:
            self.message = os_error_text(err)
        else:
            self.message = _("Statistics reset.") + (" " + _("Backup: {name}").format(name=backup.name)
                                                     if backup else "")
        self.reload()
        return self

    def leave(self):
        return self.services.scenes.menu()

    def toggle_page(self):
        """Switch between the summary and the Games page (from another page: to the Games page)."""
        return self.show_page("games" if self.page != "games" else "summary")

    def toggle_bests(self):
        """Switch between the summary and the page of bests by category (all, NF)."""
        return self.show_page("bests" if self.page != "bests" else "summary")

    def toggle_chart(self):
        """Switch between the summary and the Chart page (from another page: to the Chart page)."""
        return self.show_page("chart" if self.page != "chart" else "summary")

    def toggle_daily(self):
        """Switch between the summary and the Daily page (from another page: to the Daily page)."""
        return self.show_page("daily" if self.page != "daily" else "summary")

    def toggle_trials(self):
        """Switch between the summary and the Trials page (from another page: to the Trials page)."""
        return self.show_page("trials" if self.page != "trials" else "summary")

    def toggle_filtered(self):
        """On the Bests page, switch between the tables of every board and those of the boards
        dealt by the 3BV filter."""
        self.bests_filtered = not self.bests_filtered
        self.filter_button.label = N_("All boards (F)") if self.bests_filtered else N_("3BV filter (F)")
        self.dirty = True
        return self

    def reading_order(self) -> list[Button]:
        """The buttons under the page as Tab visits them: the page row left to right, then
        Reset statistics..., Daily and Back."""
        reset, games, bests, chart, back, daily, trials = self.bottom
        return [games, bests, chart, reset, daily, back, trials]

    def show_page(self, page: str):
        """Open ``page`` ("summary", "games", "bests", "chart" or "daily"); the page buttons say
        where they go."""
        self.page = page
        self.bottom[1].label = N_("Summary (G)") if page == "games" else N_("Games (G)")
        self.bottom[2].label = N_("Summary (B)") if page == "bests" else N_("Bests (B)")
        self.bottom[3].label = N_("Summary (C)") if page == "chart" else N_("Chart (C)")
        self.bottom[5].label = N_("Summary (D)") if page == "daily" else N_("Daily (D)")
        self.bottom[6].label = N_("Summary (T)") if page == "trials" else N_("Trials (T)")
        standard = self.level in STANDARD_LEVELS  # custom sizes have no tables to filter
        extra = (self.games.buttons() if page == "games"
                 else [self.filter_button] if page == "bests" and standard else [])
        self.buttons = ButtonList([*extra, *self.reading_order()])
        # Watch, or the button of the page shown (the summary: the Games button)
        focused = self.bottom[{"bests": 2, "chart": 3, "daily": 5, "trials": 6}.get(page, 1)]
        self.buttons.focus = len(extra) - 1 if page == "games" else self.buttons.buttons.index(focused)
        self.load_page()
        self.dirty = True
        return self

    def set_tab(self, index: int) -> None:
        """Open tab ``index``; the open Beginner tab again switches between its two boards."""
        if TABS[index % len(TABS)] == "beginner" and self.tab == index % len(TABS):
            self.beginner = BEGINNERS[1 - BEGINNERS.index(self.beginner)]
        self.tab = index % len(TABS)
        if self.page == "bests":
            self.show_page("bests")  # the 3BV filter's button comes and goes with the tables
        self.load_page()
        self.dirty = True

    def watch(self, record_id: int):
        """Play game ``record_id`` back (game.ui.app.Navigation.watch); back here after."""
        return self.services.scenes.watch(record_id, back=self)

    def compare(self, first_id: int, second_id: int):
        """Games ``first_id`` and ``second_id`` side by side (game.ui.app.Navigation.beside);
        back here after."""
        return self.services.scenes.beside(first_id, second_id, back=self)

    def review(self, record_id: int):
        """Review game ``record_id`` (game.ui.app.Navigation.review); back here after."""
        return self.services.scenes.review(record_id, back=self)

    # ----- input -----------------------------------------------------------------------------
    def size(self) -> tuple[int, int]:
        return STATS_SIZE

    def tab_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(PANEL.left + index * (TAB_W + 2), PANEL.top - TAB_H + 2, TAB_W, TAB_H)

    # ----- speech (issue 40) ------------------------------------------------------------------
    def spoken(self) -> str:
        """The title, the open tab, the page and what it says, the focused button."""
        return sentences(_("Statistics"), self.tab_words(), self.page_words(), self.buttons.spoken())

    def tab_words(self) -> str:
        """The open tab: "Intermediate, tab, 2 of 4"."""
        return _(TAB_WORDS).format(level=level_name(self.level), index=self.tab + 1, count=len(TABS))

    def page_words(self) -> str:
        """The open page's name, and on the summary its lines ("Played 12"), on the Games page
        the selected game."""
        said = [_(PAGE_NAMES[self.page])]
        if self.page == "summary":
            said += [f"{label} {value}" for label, value in self.summary_rows()]
        elif self.page == "games":
            said.append(self.games.selected_words())
        return sentences(*said)

    def handle(self, event: pygame.event.Event):
        if event.type != pygame.KEYDOWN:
            return self._handle(event)
        state = (self.tab, self.level, self.page)
        selected = self.games.list.selected
        following = self._handle(event)
        if following is self and self.speaking:
            if (self.tab, self.level, self.page) != state:
                self.say(sentences(self.tab_words(), self.page_words()))
            elif self.page == "games" and self.games.list.selected != selected:
                self.say(self.games.selected_words())
        return following

    def _handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN:
            self.dirty = True
            if event.key == pygame.K_ESCAPE:  # the Games, Bests and Chart pages are Statistics': back to its summary
                return self.show_page("summary") if self.page != "summary" else self.leave()
            if event.key == pygame.K_TAB and getattr(event, "mod", 0) & pygame.KMOD_CTRL:  # the next, previous tab
                self.set_tab(self.tab + (-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1))
                return self
            if self.page == "chart" and self.chart.handle(event):  # Left/Right scroll the chart
                return self
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.set_tab(self.tab + (1 if event.key == pygame.K_RIGHT else -1))
                return self
            if pygame.K_1 <= event.key < pygame.K_1 + len(TABS):
                self.set_tab(event.key - pygame.K_1)
                return self
            if event.key == pygame.K_g:
                return self.toggle_page()
            if event.key == pygame.K_b and self.page != "games":  # on the Games page B filters by 3BV
                return self.toggle_bests()
            if event.key == pygame.K_c:
                return self.toggle_chart()
            if event.key == pygame.K_d:
                return self.toggle_daily()
            if event.key == pygame.K_t:
                return self.toggle_trials()
            if self.page == "trials" and self.trials.handle(event):  # Page Up/Down, Home/End scroll the trials
                return self
            if self.page == "daily" and self.daily.handle(event):  # Page Up/Down, Home/End scroll the days
                return self
            if event.key == pygame.K_f and self.filter_button in self.buttons.buttons:  # (Games page: no-flag)
                return self.toggle_filtered()
        if event.type == pygame.MOUSEWHEEL and self.page in ("chart", "daily", "trials") and (
                {"chart": self.chart, "daily": self.daily, "trials": self.trials}[self.page]).handle(event):
            self.dirty = True
            return self
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i in range(len(TABS)):
                if self.tab_rect(i).collidepoint(event.pos):
                    self.set_tab(i)
        focused = self.buttons.buttons[self.buttons.focus] if 0 <= self.buttons.focus < len(self.buttons.buttons) else None
        enter_elsewhere = (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                           and focused is not self.games.watch_button)  # Enter presses the button focused
        if self.page == "games" and not enter_elsewhere:
            used, following = self.games.handle(event, int(self.services.clock.now() * 1000))
            if used:
                self.dirty = True
                return following or self
        return self.press_buttons(self.buttons, event)

    # ----- drawing ---------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        draw_dialog(screen, _("Statistics"))
        draw.rect(screen, palette.panel, PANEL)
        bevel(screen, PANEL, 2)
        self.draw_tabs(screen)
        s = self.stats.get(self.level)
        if self.page == "games":
            self.games.draw(screen, self.best_line(s))
            self.buttons.draw(screen)
            self.dirty = False
            return
        if self.page in ("bests", "chart", "daily", "trials"):
            if self.page == "bests":
                self.draw_bests(screen, s)
            else:
                {"chart": self.chart, "daily": self.daily, "trials": self.trials}[self.page].draw(screen)
            self.buttons.draw(screen)
            self.dirty = False
            return
        for i, (label, value) in enumerate(self.summary_rows()):
            y = PANEL.top + 10 + i * SUMMARY_LINE
            room = 170 - 10 - 6 - text_width(value, 16, True)  # between the label's start and the value
            text(screen, label, (PANEL.left + 10, y), fitting_size(label, room, 16, 11))
            text(screen, value, (PANEL.left + 170, y), 16, anchor="topright", bold=True)
        draw.line(screen, palette.shade, (PANEL.left + 182, PANEL.top + 10), (PANEL.left + 182, CHART.top - 22))
        draw.line(screen, palette.light, (PANEL.left + 183, PANEL.top + 10), (PANEL.left + 183, CHART.top - 22))
        if s is not None:
            self.draw_best(screen, s)
            self.draw_chart(screen, s)
        if self.message:
            text(screen, self.message[:80], (PANEL.left + 10, PANEL.bottom - 16), 14, palette.error)
        self.buttons.draw(screen)
        self.dirty = False

    def best_line(self, s: LevelStats | None) -> str:
        """The Games page's line of bests: 3BV/s, IOE and efficiency of the level's eligible wins."""
        if s is None:
            return ""
        speed = s.figures.get("bbbv_per_s", (None, None))[0]
        if speed is None and s.best_speed is not None:
            speed = s.best_speed.three_bv_per_second
        ioe = s.figures.get("ioe", (None, None))[0]
        efficiency = None if s.best_efficiency is None else s.best_efficiency.efficiency
        return "   ".join((_("Best 3BV/s {value}").format(value=decimal(speed, 2)),
                            _("Best IOE {value}").format(value=decimal(ioe, 2)),
                            _("Best efficiency {value}").format(value=percent(efficiency))))

    def bests_rows(self, level: str | None = None) -> list[tuple[str, list[tuple[str, list[str]]]]]:
        """The Bests page of ``level`` (default: the open tab), in the language in use: for
        each table of bests (the window's games, the console's typed in a terminal), its title
        and one (figure, [value #game for each category: all, NF]) row per figure of the Bests
        (game.figures.bests: the label, the time in seconds, a figure with 2 decimals); ``-``
        where none. With the 3BV filter's switch on, the
        tables of the games dealt by the filter instead."""
        s = self.stats.get(level or self.level)
        if s is None or s.level not in STANDARD_LEVELS:
            return []
        if self.bests_filtered:
            tables = ((_("Window, boards dealt by the 3BV filter"), s.filtered_bests),
                      (_("Console, boards dealt by the 3BV filter"), s.filtered_terminal_bests))
            touch = (_("Touch, boards dealt by the 3BV filter"), s.filtered_touch_bests)
        else:
            tables = ((_("Window (mouse and keys)"), s.bests), (_("Console, typed in a terminal"), s.terminal_bests))
            touch = (_("Touch"), s.touch_bests)
        if any(record is not None for found in touch[1].values() for record in found.values()):
            tables = (tables[0], touch, tables[1])  # the touch games' table, only once one has a best
        out = []
        for title, bests in tables:
            rows = []
            for figure in figures.bests():
                column, cells = figure.name, []
                for category in CATEGORIES:
                    record = bests.get(category, {}).get(column)
                    if record is None:
                        cells.append("-")
                    elif figure is figures.TIME:
                        cells.append(f"{seconds(record.seconds, 3)}  #{record.id}")
                    else:
                        cells.append(f"{decimal(getattr(record, column), 2)}  #{record.id}")
                rows.append((_(figure.label), cells))
            out.append((title, rows))
        return out

    def draw_bests(self, screen: pygame.Surface, s: LevelStats | None) -> None:
        """The Bests page: each table's best by each figure of the Bests (game.figures.bests:
        time, 3BV/s, IOE, RQP, STNB...), of every win and of the no-flag (NF) wins, with the
        game's id; why scripted games are missing. Its rows close up (best_row_step) rather
        than run into the 3BV filter switch."""
        left, top = PANEL.left + 10, PANEL.top + 8
        columns = (left, left + 120, left + 250)  # figure, all, NF: x, pixels
        tables = self.bests_rows()
        if not tables:
            for i, line in enumerate(wrap(_("Custom sizes have no best-time table."), PANEL.width - 20, 14)):
                text(screen, line, (left, top + i * 14), 14, palette.dim)
            return
        foot = [_("RQP: lower is better. STNB: 8x8, 16x16 and 16x30 boards only.")]
        if s is not None and self.bests_filtered:
            foot.append(ngettext("{count} game dealt by the 3BV filter (Options), ranked apart.",
                                 "{count} games dealt by the 3BV filter (Options), ranked apart.",
                                 s.filtered).format(count=number(s.filtered, 0, grouped=True)))
        if s is not None and s.scripted:
            foot.append(ngettext("{count} game read from a pipe or a file (a script): recorded, ranked nowhere.",
                                 "{count} games read from a pipe or a file (a script): recorded, ranked nowhere.",
                                 s.scripted).format(count=s.scripted))
        foot_lines = [part for line in foot for part in wrap(line, PANEL.width - 20, 14)]
        step = best_row_step(len(tables), sum(len(rows) for _title, rows in tables), len(foot_lines), top)
        y = top
        for title, rows in tables:
            text(screen, title, (left, y), 16, bold=True)
            y += BEST_TITLE_H
            for x, head in zip(columns[1:], (_("All"), _("No flags (NF)"))):
                text(screen, head, (x, y), 14, palette.dim)
            y += BEST_HEAD_H
            for label, cells in rows:
                for x, value in zip(columns, (label, *cells)):
                    text(screen, value, (x, y), 14)
                y += step
            y += BEST_TABLE_GAP
        for part in foot_lines:
            text(screen, part, (left, y), 14, palette.dim)
            y += 14

    def draw_tabs(self, screen: pygame.Surface) -> None:
        """Property-sheet tabs: the open one is taller and joins the page below it."""
        size = self.tab_font()
        for i, level in enumerate(TABS):
            level = self.beginner if level == "beginner" else level
            rect = self.tab_rect(i)
            if i == self.tab:
                rect = rect.inflate(0, 4).move(0, -2)
            draw.rect(screen, palette.panel, rect)
            draw.line(screen, palette.light, rect.topleft, (rect.right - 2, rect.top))
            draw.line(screen, palette.light, rect.topleft, (rect.left, rect.bottom - 1))
            draw.line(screen, palette.shade, (rect.right - 1, rect.top + 1), (rect.right - 1, rect.bottom - 1))
            if i == self.tab:  # open the page's top edge under the open tab
                draw.line(screen, palette.panel, (rect.left + 1, PANEL.top), (rect.right - 2, PANEL.top))
                draw.line(screen, palette.panel, (rect.left + 1, PANEL.top + 1), (rect.right - 2, PANEL.top + 1))
            label = level_name(level)
            text(screen, label, (rect.centerx, rect.centery + 1), size, palette.text, "center", bold=i == self.tab)

    def tab_font(self) -> int:
        """The tabs' one font size, pixels: the largest (16 down to 11) at which every tab's
        label fits its tab in bold (the open tab's weight), so "Principiante 8x8" is not drawn
        smaller than its neighbours (issue 36)."""
        labels = [level_name(self.beginner if level == "beginner" else level) for level in TABS]
        return min(fitting_size(label, TAB_W - 6, 16, 11, bold=True) for label in labels)

    def draw_best(self, screen: pygame.Surface, s: LevelStats) -> None:
        """The top-10 table: rank, time, name, date."""
        left, top = PANEL.left + 192, PANEL.top + 10
        right = PANEL.right - 8
        text(screen, _("Best times"), (left, top), 16, bold=True)
        empty = None
        if s.level not in STANDARD_LEVELS:
            empty = _("Custom sizes have no best-time table.")
        elif not s.best_times:
            empty = _("No wins yet without help or a board known before.")
        if empty is not None:
            for i, line in enumerate(wrap(empty, right - left, 14)):
                text(screen, line, (left, top + 22 + i * 14), 14, palette.dim)
            return
        rows = [(str(best.rank), decimal(best.seconds, 3), best.name, day(best.played_at)) for best in s.best_times]
        columns, room = best_columns(rows, right - left)
        for x, title in zip(columns, ("#", _("Time"), _("Name"), _("Date"))):
            text(screen, title, (left + x, top + 20), 14, palette.dim)
        for i, (rank, time, name, when) in enumerate(rows):
            y = top + 34 + i * 14
            name = clipped(name, room, 14)  # by width: any script fits; cut only when it does not
            for x, value in zip(columns, (rank, time, name, when)):
                text(screen, value, (left + x, y), 14)

    def draw_chart(self, screen: pygame.Surface, s: LevelStats) -> None:
        """Bars of the last RECENT games, oldest left: height = time; a win that counts in the
        theme's ``won`` colour, a win with the solver's help (played, not won) in ``dim``, a
        loss in ``lost`` (game.records.level_stats.recent_result)."""
        text(screen, ngettext("Last {count} game", "Last {count} games", RECENT).format(count=RECENT),
             (CHART.left, CHART.top - 16), 16, bold=True)
        colours = {"won": palette.won, "helped": palette.dim, "lost": palette.lost}
        legend = ((palette.won, _("won")), (palette.dim, _("with help")), (palette.lost, _("lost")))
        legend_x = CHART.right - sum(12 + text_width(label, 14) + 14 for _colour, label in legend) + 14
        for colour, label in legend:  # flush right, each as wide as its word
            draw.rect(screen, colour, (legend_x, CHART.top - 13, 9, 9))
            text(screen, label, (legend_x + 12, CHART.top - 15), 14)
            legend_x += 12 + text_width(label, 14) + 14
        draw.rect(screen, palette.field, CHART)
        bevel(screen, CHART.inflate(4, 4), 2, raised=False)
        if not s.recent:
            text(screen, _("No games yet"), CHART.center, 16, palette.dim, "center")
            return
        longest = max(took for _result, took in s.recent) or 1.0
        slot = (CHART.width - 4) / RECENT
        for i, (result, took) in enumerate(s.recent):
            height = max(2, round((CHART.height - 16) * took / longest))
            bar = pygame.Rect(CHART.left + 2 + round(i * slot), CHART.bottom - 2 - height,
                              max(1, round(slot) - 2), height)
            draw.rect(screen, colours[result], bar)
        text(screen, seconds(longest, 0), (CHART.left + 4, CHART.top + 2), 14, palette.dim)
