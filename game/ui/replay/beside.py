"""Two replays of the same board side by side (issue 38, point 4): two boards, each with its
game's pointer and trail, a progress bar under each (3BV solved / 3BV), a chart of both
games' 3BV solved over time with the clock marked, and one bar under all: one clock drives
both (game time from each game's first opening: game.replay.beside), so a player sees where a
rival gained time.

Keys: Space play/pause, - and + speed, Left/Right the previous / next move of either game,
Home/End the start/end, Esc back (the menu when opened from the command line). The scrubber
and the chart seek where they are clicked and follow a drag.

The boards differ (each player opened other cells), so each has its own board window, laid
out at the largest cell that lets both stand side by side on the screen (game.ui.play.layout
.layout_for on half the width); a board too big for that is seen through a camera at its
middle. Like the one-replay viewer it records nothing.
"""

from __future__ import annotations

import pygame

from game.i18n import _, language
from game.replay.beside import ahead, check_same_board, move_times, span, step_time
from game.replay.player import Playhead, Timeline
from game.replay.progress import Progress, progress_of
from game.midend.counters import COUNTED_CELLS
from game.ui.display import fit_scale
from game.ui.loop import STEP
from game.ui.play.board_view import BoardView
from game.ui.play.camera_view import CameraView
from game.ui.play.hud import Frame, draw_board_screen
from game.ui.play.layout import layout_for
from game.ui.replay.bar import BAR_H, ReplayBar
from game.ui.replay.viewer import (FASTER_KEYS, SLOWER_KEYS, SPEEDS, ReplayViewer, dispatch, draw_pointer,
                                   press_button, release_button)
from game.ui.scene import Scene
from game.ui.shared import draw
from game.ui.shared.formats import decimal, seconds, speed_text
from game.ui.shared.theme import palette
from game.ui.shared.widgets import bevel, fitting_size, text, text_width
from game.ui.stats.chart import digits_for, nice_scale

GAP = 6  # between the two board windows, pixels
STRIP_H = 24  # a board's name, 3BV solved and progress bar under it, pixels
BAR_THICK = 7  # the progress bar's height, pixels
CHART_H = 132  # the chart of both games' 3BV solved over time, pixels, at least (it grows into spare room)
MIN_W = 440  # the least window width (the chart's and the bar's room), pixels
AXIS_W = 30  # left of the chart's plot, for its 3BV labels, pixels
TEXT = 13  # the names', figures' and caption's font, pixels
SMALL = 11  # the chart's axis labels' font, pixels
PAD = 4


def colours() -> tuple:
    """The two games' colours (lines, bars, names), in the theme in use."""
    return palette.chart_time, palette.chart_best


def game_name(replay, fallback: str) -> str:
    """A short name for a side: the replay's player, else ``fallback`` (a file or a game id)."""
    return replay.player or fallback


class Side:
    """One game of the two: its timeline, playhead, progress (3BV solved over time; None on a
    board too big to count), layout and board view, and its board window's ``rect`` in the
    viewer (logical pixels)."""

    def __init__(self, timeline: Timeline, layout, left: int, name: str) -> None:
        self.timeline, self.layout, self.name = timeline, layout, name
        self.head = Playhead(timeline)
        self.progress: Progress | None = (progress_of(timeline) if timeline.rows * timeline.cols <= COUNTED_CELLS
                                          else None)
        self.rect = pygame.Rect((left, 0), layout.size)
        self.frame = Frame(layout)
        self.view = None  # made in enter (the sprites)


class BesideViewer(Scene):
    """Play ``first`` and ``second`` (game.replay.player.Timeline, same board) back together;
    Esc returns to ``back`` (a scene), or to the menu when None. ``names``: each side's name
    when its replay names no player (a file name, "Game 12").

    Raises:
        game.replay.beside.BoardsDiffer: not the same board (size or mines).
    """

    def __init__(self, services, first: Timeline, second: Timeline, back: Scene | None = None,
                 names: tuple[str, str] = ("1", "2")) -> None:
        check_same_board(first.replay, second.replay)
        super().__init__(services)
        self.back = back
        width, height = services.display.area()
        rows, cols, mines = first.rows, first.cols, len(first.replay.mines)
        area = (max(1, (width - GAP) // 2), max(1, height - STRIP_H - CHART_H - BAR_H))
        layout = layout_for(rows, cols, area, mines, compact=True)
        other = layout_for(rows, cols, area, mines, compact=True)  # its own camera
        boards_w = 2 * layout.size[0] + GAP
        self.width = max(MIN_W, boards_w)
        left = (self.width - boards_w) // 2
        shown = [game_name(first.replay, names[0]), game_name(second.replay, names[1])]
        if shown[0] == shown[1]:  # one player's two games: told apart by where they come from
            shown = [names[0] if shown[0] == names[0] else f"{shown[0]} ({names[0]})",
                     names[1] if shown[1] == names[1] else f"{shown[1]} ({names[1]})"]
        self.sides = [Side(first, layout, left, shown[0]), Side(second, other, left + layout.size[0] + GAP, shown[1])]
        self.board_h = layout.size[1]
        # the chart grows (up to twice) into the room the window leaves at the scale it is shown at
        base_h = self.board_h + STRIP_H + CHART_H + BAR_H
        scale = fit_scale((self.width, base_h), (width, height), layout.cell)
        self.chart_h = CHART_H + max(0, min(CHART_H, int(height / scale) - base_h))
        self.chart_rect = pygame.Rect(PAD, self.board_h + STRIP_H, self.width - 2 * PAD, self.chart_h - PAD)
        self.start_ms, self.end_ms = span([first, second])
        self.time_ms = float(self.start_ms)
        self.moments = move_times([first, second])
        self.playing = True
        self.speed = SPEEDS.index(1)
        self.dragging: str | bool = False  # "bar" or "chart" while the scrubber or the chart is dragged
        self.pressed_button = None
        self.language = language()
        actions = {"start": self.key_start, "back": lambda: self.key_step(-1), "play": self.key_play,
                   "forward": lambda: self.key_step(1), "end": self.key_end, "slower": lambda: self.key_speed(-1),
                   "faster": lambda: self.key_speed(1)}
        self.bar = ReplayBar(self.width, self.board_h + STRIP_H + self.chart_h, actions)
        self.keys = {pygame.K_SPACE: self.key_play, pygame.K_LEFT: lambda: self.key_step(-1),
                     pygame.K_RIGHT: lambda: self.key_step(1), pygame.K_HOME: self.key_start,
                     pygame.K_END: self.key_end, pygame.K_ESCAPE: self.key_back,
                     **{key: lambda: self.key_speed(1) for key in FASTER_KEYS},
                     **{key: lambda: self.key_speed(-1) for key in SLOWER_KEYS}}

    # ----- scene hooks -----------------------------------------------------------------------
    @property
    def title(self) -> str:
        """The bar's title: both games named, in the language in use."""
        a, b = self.sides
        board = f"{a.timeline.rows}x{a.timeline.cols}/{len(a.timeline.replay.mines)}"
        return _("{first} beside {second}, {board}").format(first=a.name, second=b.name, board=board)

    def spoken(self) -> str:
        """The title: both games named, and the board."""
        return self.title

    def grain(self) -> int:
        return self.sides[0].layout.cell

    def size(self) -> tuple[int, int]:
        return self.width, self.board_h + STRIP_H + self.chart_h + BAR_H

    def enter(self) -> None:
        for side in self.sides:
            if side.view is None:
                kind = BoardView if side.layout.camera.fits else CameraView
                side.view = kind(side.layout, self.services.assets.cell_sprites)
                side.view.refresh(side.head.appearance)
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> Scene | None:
        return dispatch(self, event)

    def handle_mouse(self, event: pygame.event.Event) -> Scene:
        pos = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.bar.on_track(pos):
                self.dragging = "bar"
            elif self.plot_rect().collidepoint(pos):
                self.dragging = "chart"
            else:
                press_button(self, pos)
            if self.dragging:
                self.scrub(pos[0])
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self.scrub(pos[0])
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return release_button(self, pos)
        return self

    def update(self) -> Scene | None:
        if self.language != language():
            self.language = language()
            self.dirty = True
        if self.playing and not self.dragging:
            self.seek(self.time_ms + STEP * 1000 * SPEEDS[self.speed])
            if self.time_ms >= self.end_ms:
                self.playing = False
        return None

    def busy(self) -> bool:
        return self.playing or bool(self.dragging)

    # ----- the clock -------------------------------------------------------------------------
    def seek(self, time_ms: float) -> None:
        """Both games to clock ``time_ms`` (clamped to the shared span), each board repainted
        where it changed."""
        self.time_ms = min(max(time_ms, self.start_ms), self.end_ms)
        for side in self.sides:
            changed = side.head.seek(self.time_ms)
            if changed and side.view is not None:
                side.view.refresh(side.head.appearance, changed)
        self.dirty = True

    def scrub(self, x: int) -> None:
        """Seek to where logical x falls on the scrubber or, dragging the chart, on its time axis."""
        if self.dragging == "chart":
            plot = self.plot_rect()
            fraction = min(1.0, max(0.0, (x - plot.left) / max(1, plot.width)))
            self.seek(fraction * self.axis_end())
        else:
            self.seek(self.start_ms + self.bar.fraction_at(x) * (self.end_ms - self.start_ms))

    def key_play(self) -> None:
        """Space: play or pause; play at the end starts again."""
        if not self.playing and self.time_ms >= self.end_ms:
            self.seek(self.start_ms)
        self.playing = not self.playing
        self.dirty = True

    key_speed = ReplayViewer.key_speed  # - and +: the next speed down or up

    def key_step(self, delta: int) -> None:
        """Left/Right: the clock to the previous / next move of either game (pauses)."""
        self.playing = False
        moment = step_time(self.moments, self.time_ms, delta)
        self.seek(moment if moment is not None else (self.end_ms if delta > 0 else self.start_ms))

    def key_start(self) -> None:
        """Home: the start (both boards covered)."""
        self.seek(self.start_ms)

    def key_end(self) -> None:
        """End: both games at their ends (pauses)."""
        self.playing = False
        self.seek(self.end_ms)

    def key_back(self) -> Scene:
        """Esc: back to the scene the viewer came from, else the menu."""
        return self.back if self.back is not None else self.services.scenes.menu()

    # ----- drawing ---------------------------------------------------------------------------
    def draw(self, screen) -> None:
        screen.fill(palette.panel)
        for index, side in enumerate(self.sides):
            board = screen.subsurface(side.rect)
            head = side.head
            draw_board_screen(board, side.frame, side.layout, self.services.assets, side.view,
                              (head.mines_left, head.seconds, head.face()), head.pressed())
            with draw.clipped(board, None if side.layout.camera.fits else side.layout.board):
                draw_pointer(board, side.layout, side.head)
            self.draw_progress(screen, side, colours()[index],
                               pygame.Rect(side.rect.left + 2, side.rect.bottom + 2, side.rect.width - 4, STRIP_H - 4))
        self.draw_chart(screen)
        span_ms = max(1, self.end_ms - self.start_ms)
        clock = f"{decimal(max(0, self.time_ms) / 1000, 1)} / {seconds(max(0, self.end_ms) / 1000, 1)}"
        self.bar.draw(screen, (self.time_ms - self.start_ms) / span_ms, self.playing, speed_text(SPEEDS[self.speed]),
                      self.title, clock, self.pressed_button)
        self.dirty = False

    def draw_progress(self, screen, side: Side, colour, rect: pygame.Rect) -> None:
        """``side``'s progress in ``rect``: its name (in its colour) and "solved / 3BV" on a
        line, and under it a bar filled to the share of the 3BV it solved by the clock."""
        bbbv = side.timeline.replay.bbbv or 0
        solved = side.progress.at(self.time_ms) if side.progress is not None else side.head.counts().bbbv_solved
        well = pygame.Rect(rect.left, rect.bottom - BAR_THICK, rect.width, BAR_THICK)
        bevel(screen, well, 1, raised=False)
        inside = well.inflate(-2, -2)
        draw.rect(screen, palette.field, inside)
        if bbbv and solved:
            draw.rect(screen, colour, (inside.left, inside.top, round(inside.width * min(1, solved / bbbv)),
                                       inside.height))
        line_y = (rect.top + well.top) // 2
        figure = f"{solved if solved is not None else '-'} / {bbbv} 3BV"
        right = text(screen, figure, (rect.right - 2, line_y), TEXT, anchor="midright", bold=True, colour=palette.text)
        room = right.left - rect.left - 10
        name = side.name
        while len(name) > 1 and text_width(name, TEXT, bold=True) > room:
            name = name[:-2] + "…"
        if room > 12:
            text(screen, name, (rect.left + 2, line_y), TEXT, anchor="midleft", bold=True, colour=colour)

    def axis_end(self) -> float:
        """The chart's time axis end, ms: a round number of seconds at or after the later
        game's end (game.ui.stats.chart.nice_scale)."""
        return nice_scale(max(1000, self.end_ms) / 1000)[0] * 1000

    def plot_rect(self) -> pygame.Rect:
        """The chart's plot area (the lines), logical pixels."""
        r = self.chart_rect
        return pygame.Rect(r.left + AXIS_W, r.top + TEXT + 8, r.width - AXIS_W - 2 * PAD, r.height - TEXT - SMALL - 14)

    def draw_chart(self, screen) -> None:
        """Both games' 3BV solved over game time, step lines in their colours, value lines
        behind, the clock marked by a vertical line, and a caption saying who led at equal 3BV."""
        r = self.chart_rect
        draw.rect(screen, palette.field, r)
        bevel(screen, r, 1, raised=False)
        plot = self.plot_rect()
        bbbv = max(1, self.sides[0].timeline.replay.bbbv or 1)
        top, step = nice_scale(bbbv)
        right_s, step_s = nice_scale(max(1000, self.end_ms) / 1000)

        def x_of(ms: float) -> float:
            return plot.left + plot.width * min(1.0, max(0.0, ms / 1000 / right_s))

        def y_of(n: float) -> float:
            return plot.bottom - plot.height * n / top

        value = 0.0
        while value <= top + 1e-9:
            y = round(y_of(value))
            draw.line(screen, palette.chart_grid, (plot.left, y), (plot.right, y), 1)
            text(screen, decimal(value, digits_for(step)), (plot.left - 3, y), SMALL, anchor="midright",
                 colour=palette.dim)
            value += step
        value = 0.0
        while value <= right_s + 1e-9:
            x = round(x_of(value * 1000))
            draw.line(screen, palette.chart_grid, (x, plot.top), (x, plot.bottom), 1)
            last = value + step_s > right_s + 1e-9  # the last label says its unit: "30 s"
            label = seconds(value, digits_for(step_s)) if last else decimal(value, digits_for(step_s))
            text(screen, label, (plot.right if last else x, plot.bottom + 2), SMALL,
                 anchor="topright" if last else "midtop", colour=palette.dim)
            value += step_s
        text(screen, "3BV", (r.left + PAD, r.top + 3), SMALL, colour=palette.dim, bold=True)
        for index, side in enumerate(self.sides):
            progress = side.progress
            if progress is None:
                continue
            points = [(x_of(0), y_of(0))]
            for when, solved in zip(progress.times_ms, progress.solved):
                points += [(x_of(when), points[-1][1]), (x_of(when), y_of(solved))]
            points.append((x_of(progress.end_ms or 0), points[-1][1]))
            draw.lines(screen, colours()[index], False, points, 2)
        now = round(x_of(max(0.0, self.time_ms)))
        draw.line(screen, palette.text, (now, plot.top - 2), (now, plot.bottom), 1)
        caption = self.caption()
        if caption:
            size = fitting_size(caption, plot.width - 40, TEXT, 8)
            text(screen, caption, (plot.right, r.top + 3), size, anchor="topright", bold=True,
                 colour=colours()[self.leader] if self.leader is not None else palette.text)

    leader: int | None = None  # the side named by the caption last drawn

    def caption(self) -> str:
        """Who led at the 3BV both games had solved by the clock, e.g. "Ana ahead by 1.2 s at
        23 3BV", in the language in use; empty before both solved any."""
        a, b = self.sides
        if a.progress is None or b.progress is None:
            return ""
        found = ahead(a.progress, b.progress, self.time_ms)
        if found is None:
            self.leader = None
            return ""
        count, leader, ms = found
        if ms == 0:
            self.leader = None
            return _("Level at {count} 3BV").format(count=count)
        self.leader = leader
        return _("{name} ahead by {gap} at {count} 3BV").format(name=self.sides[leader].name,
                                                                 gap=seconds(ms / 1000, 1), count=count)
