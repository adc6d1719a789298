"""The live counters' panel (F3, or Options' "Counters" line): the figures of the game
being played or watched, in the strip the window keeps for its panels (game.ui.play.room), at
its top, so it never covers the board, moves it or resizes the window.

Its lines (:func:`lines`): its own, time to the millisecond, 3BV solved / 3BV and the
estimated time, then every live figure of game.figures' table, in its order
(game.figures.live_figures: 3BV/s, RQP, IOE, correctness, throughput, clicks, effective
clicks, path, clicks per second...), each under its name (game.figures.Figure.words); the
figures ``within`` another (the clicks by button) are their host's split line, left /
right / double, under it. So a figure given a ``live`` in the table is a line here with
nothing added. The counts come from game.midend.counters (the midend's log and the gesture
interpreter) or a replay's playhead; the figures are game.figures' (``live``, and
``value_text`` with the digits the result panel's Details uses), so a finished game shows
the result panel's values: once its figures are stored, they are read from its record
(docs/counters.md).

Drawing is cheap (well under a millisecond a frame: bench/bench_counters.py): each line's
text is rendered once and kept until it changes, so a frame renders the lines that moved
(the time, the ratios that follow it) and blits the rest. No game logic here.

Its text has an em of at least 12 screen pixels (game.ui.shared.widgets.readable_size) where it is
``readable`` (the replay viewer's, and a big board's in play): on a window shown at 2x or
more it is laid out at SIZE; on one shown at less (a big board's window is shown at 1x: its
12-pixel lines were about 9 pixels high on the screen) the font, its lines, the label column
and the least column width grow with it. A board that fits keeps SIZE in play at any scale,
as the side panel beside it does (game.ui.play.side_panel), so the strip's blocks keep their room.
"""

from __future__ import annotations

import math

import pygame

from game import figures
from game.midend.counters import LiveCounter
from game.records.level_stats import best_pace
from game.records.record import STANDARD_LEVELS
from game.replay.progress import Progress, live_gap_ms, pace
from game.figures import Counts, Figure, estimated_time, has_figures, value_text
from game.i18n import N_, _, language
from game.replay.race import gap_text
from game.ui.shared import draw
from game.ui.shared import fonts
from game.ui.shared.canvas import Canvas, scale_of
from game.ui.shared.formats import NONE, decimal, seconds
from game.ui.shared.theme import palette, current
from game.ui.shared.widgets import bevel, device_font_size, readable_size, text_width

SIZE, LINE = 12, 14  # the lines' font and line height, pixels, on a window shown at 2x or more (module docstring)
TITLE_SIZE = 12  # the title's font (bold), pixels
PAD = 4  # inside the panel's sunken edge, pixels
GAP = 8  # between columns of lines, and between the panel and one under it, pixels
COLUMN_W = 150  # the least width of a column of lines that a wide strip gets more of, pixels
MOST_COLUMNS = 3  # the most columns a wide strip gets (5 lines each): the panel stays low
INDENT = 8  # a split line's label (left / right / double) in from the line above, pixels
REFRESH_S = 0.05  # seconds between two readings while the clock runs: 20 a second
TITLE = N_("Counters")
PACE_DIGITS = 1  # the best's pace gap is an estimate (a straight line of 3BV/s): a tenth of a second
RACE_GAP = N_("Race gap")  # a race's line (key race_gap): the player's gap to the ghost at equal 3BV
OWN = (  # the lines that are not figures, first: (key, label: a message, or None for "3BV" as it is)
    ("time", N_("Time")),
    ("bbbv", None),
    ("estimated", N_("Est. time")),
)
OPTIONAL = (  # lines shown only when their value is given, last: (key, label)
    ("race_gap", RACE_GAP),  # a race's gap to the ghost at equal 3BV (PlayCounters.race), in play
    ("pace_gap", N_("Best's pace")),  # the gap to the player's best 3BV/s (PlayCounters.pace_rate), in play
)
SPLIT = "_lrd"  # a figure's split line's key: the figure's name and this
SPLIT_LABEL = N_("L / R / D")  # a split line's label: the figures within its host (left, right, double)
UNITS = {"px": N_("{pixels} px")}  # a figure measured in these units is shown with its unit (the path)


def _hosts() -> list[tuple[Figure, tuple[Figure, ...]]]:
    """(figure, the live figures within it) of each live figure that is its own line, in order."""
    live = figures.live_figures()
    return [(f, tuple(g for g in live if g.within == f.name)) for f in live if f.within is None]


_made: list = [None, None, (), ()]  # lines() as last made: (the table, the language, the optional keys, the lines)


def lines(extra: tuple[str, ...] = ()) -> tuple[tuple[str, str], ...]:
    """The panel's lines, in order: (key, label in the language in use). Its own lines
    (:data:`OWN`), then each live figure (game.figures.live_figures) under its name
    (game.figures.Figure.words: the community's abbreviation, or a message), with the split
    line of the figures within it (key: its name and :data:`SPLIT`) under it, then the
    :data:`OPTIONAL` lines whose keys are in ``extra``. Made again when the table, the
    language or ``extra`` changes (read a frame at a time)."""
    if _made[0] is figures.FIGURES and _made[1] == language() and _made[2] == extra:
        return _made[3]
    out = [(key, "3BV" if label is None else _(label)) for key, label in OWN]
    for host, guests in _hosts():
        out.append((host.name, host.words))
        if guests:
            out.append((host.name + SPLIT, _(SPLIT_LABEL)))
    out += [(key, _(label)) for key, label in OPTIONAL if key in extra]
    _made[:] = [figures.FIGURES, language(), extra, tuple(out)]
    return _made[3]


def optional_keys(values: dict[str, str]) -> tuple[str, ...]:
    """The :data:`OPTIONAL` lines ``values`` gives a value for, in order."""
    return tuple(key for key, _label in OPTIONAL if key in values)


def shown_values(counts: Counts, final=None) -> dict[str, str]:
    """Each line's value as shown, by key (of :func:`lines`), in the language in use.

    ``counts``: the counts now. ``final``: the figures of the finished game when they are
    known (a game.records GameRecord once its figures are stored, a replay file's
    ReplayStats): then every figure is taken from it, the values the result panel (or the
    file) shows, not worked out again. Figures are written by
    :func:`game.figures.value_text` with their Details digits; a split line is its figures'
    values, " / " between them."""
    if has_figures(final):
        values = {f.name: getattr(final, f.name) for f in figures.live_figures()}
    else:
        values = figures.live(counts)

    def fig(f: Figure) -> str:
        text = value_text(f, values[f.name], num=decimal)
        return _(UNITS[f.unit]).format(pixels=text) if f.unit in UNITS else text

    solved = NONE if counts.bbbv_solved is None else counts.bbbv_solved
    shown = {
        "time": seconds(counts.time_ms / 1000, 3),
        "bbbv": NONE if counts.bbbv is None else f"{solved} / {counts.bbbv}",
        "estimated": seconds(estimated_time(counts), 3),
    }
    for host, guests in _hosts():
        shown[host.name] = fig(host)
        if guests:
            shown[host.name + SPLIT] = " / ".join(fig(g) for g in guests)
    return shown


class CountersPanel:
    """The panel's layout in an area and its drawing.

    Attributes:
        shown: each line's value as last drawn, by key (what the player reads; tests read
            it too).
        rect: the area the panel took at its last layout (logical pixels), or None.
    """

    def __init__(self) -> None:
        self.shown: dict[str, str] = {}
        self.rect: pygame.Rect | None = None
        self._texts = TextImages()
        self._arranged = None  # (area, language labels, scale) -> layout, kept while they hold
        self.scale: float = 1  # the canvas scale the panel was last drawn at (its font follows it)
        self.readable = True  # grow the font where its em would be under 12 screen pixels (a big board's)

    # ----- layout ---------------------------------------------------------------------------
    def height_for(self, width: int, height: int) -> int:
        """The height the panel takes at the top of a ``width`` x ``height`` area, pixels
        (with the optional lines last drawn)."""
        return self.arrange(pygame.Rect(0, 0, width, height), optional_keys(self.shown))[0].height

    def sizes(self) -> tuple[int, int, int]:
        """(lines' font, title's font, line height), logical pixels, at the scale last drawn at:
        SIZE, TITLE_SIZE and LINE, or larger where they would draw with an em under 12 screen
        pixels (the module's docstring)."""
        if not self.readable:
            return SIZE, TITLE_SIZE, LINE
        size = readable_size(SIZE, self.scale, bold=True)
        return size, readable_size(TITLE_SIZE, self.scale, bold=True), LINE + size - SIZE

    def arrange(self, area: pygame.Rect, extra: tuple[str, ...] = ()):
        """(rect, title shown, columns, lines a column, label width): the panel in ``area``,
        at its top: one column of label and value, with a title, in a strip beside the
        board; side by side in a wide strip under it, as many as its width has room for (up
        to MOST_COLUMNS) or its height needs, so the panel stays low and the result panel
        can stand under it."""
        labels = tuple(label for _key, label in lines(extra))
        key = (tuple(area), labels, self.scale, self.readable)
        if self._arranged is not None and self._arranged[0] == key:
            return self._arranged[1]
        size, _title_size, line = self.sizes()
        count = len(labels)
        room = max(1, (area.height - 2 * PAD) // line)
        column_w = COLUMN_W * size // SIZE
        wide = (area.width - 2 * PAD + GAP) // (column_w + GAP)  # columns the width has room for
        columns = max(1 if room >= count else math.ceil(count / room), min(wide, MOST_COLUMNS))
        per = math.ceil(count / columns)
        title = columns == 1 and room >= count + 1
        label_w = max(text_width(label, size) for label in labels) + INDENT
        height = 2 * PAD + (per + title) * line
        rect = pygame.Rect(area.left, area.top, area.width, min(area.height, height))
        arranged = (rect, title, columns, per, label_w)
        self._arranged = (key, arranged)
        return arranged

    @staticmethod
    def label(key: str) -> str:
        """The line's label in the language in use (:func:`lines`).

        Raises:
            KeyError: no line has that key.
        """
        return dict(lines())[key]

    # ----- drawing --------------------------------------------------------------------------
    def draw(self, screen, area: pygame.Rect, values: dict[str, str]) -> pygame.Rect:
        """Draw the panel at the top of ``area`` (logical pixels) with ``values`` (from
        :func:`shown_values`); returns the rect it took."""
        self.scale = scale_of(screen)
        extra = optional_keys(values)
        rect, title, columns, per, label_w = self.arrange(area, extra)
        size, title_size, line = self.sizes()
        self.rect, self.shown = rect, values
        draw.rect(screen, palette.panel, rect)
        bevel(screen, rect, 1, raised=False)
        with draw.clipped(screen, rect.inflate(-2, -2)):
            top = rect.top + PAD
            if title:
                self._texts.draw(screen, "title", _(TITLE), (rect.left + PAD, top), "topleft", title_size, True,
                                 palette.dim)
                top += line
            width = (rect.width - 2 * PAD - (columns - 1) * GAP) // columns
            for index, (key, label) in enumerate(lines(extra)):
                column, row = divmod(index, per)
                left = rect.left + PAD + column * (width + GAP)
                y = top + row * line
                indent = INDENT if key.endswith(SPLIT) else 0  # the split of the line above
                self._texts.draw(screen, (key, 0), label, (left + indent, y), "topleft", size, False,
                                 palette.dim)
                self._texts.draw(screen, (key, 1), values.get(key, NONE), (left + width, y), "topright", size, True,
                                 palette.text)
        return rect


class TextImages:
    """Text lines drawn as game.ui.shared.widgets.text draws them, each in a slot (a line's label
    or value: any hashable key) that keeps the image of what it shows, rendered again only
    when that changes (text, size, weight, colour, the screen's scale or the theme)."""

    def __init__(self) -> None:
        self._images: dict = {}  # slot -> (what it shows: text, size, scale..., its device image)

    def draw(self, screen, slot, message: str, pos, anchor: str, size: int, bold: bool, colour) -> None:
        """Draw ``message`` (``size`` logical pixels, ``bold``, ``colour``) with its
        ``anchor`` (a Rect attribute name) at logical ``pos`` on ``screen``."""
        scale = scale_of(screen)
        key = (message, size, bold, tuple(colour), scale, current().name)
        kept = self._images.get(slot)
        if kept is not None and kept[0] == key:
            image = kept[1]
        else:
            pixels = size if scale == 1 else device_font_size(size, bold, scale)
            image = fonts.render(message, pixels, bold, colour)
            self._images[slot] = (key, image)
        if isinstance(screen, Canvas):
            place = image.get_rect(**{anchor: screen.point(pos)})
            screen.surface.blit(image, place)
        else:
            screen.blit(image, image.get_rect(**{anchor: pos}))


def record_counts(record) -> Counts:
    """The counts a finished game's record (a GameRecord with its figures) keeps."""
    return Counts(time_ms=record.time_ms, bbbv=record.three_bv, bbbv_solved=record.three_bv_solved,
                  left=record.left_clicks, right=record.right_clicks, double=record.double_clicks,
                  left_effective=record.left_effective, right_effective=record.right_effective,
                  double_effective=record.double_effective, path_px=record.path_px)


class PlayCounters:
    """The panel over a game played in the window: the counts of its match
    (game.midend.counters.LiveCounter), read again after any move or pointer input and every
    REFRESH_S seconds of game time while the clock runs; :meth:`refresh` says when what
    the panel shows changed (the scene then draws a frame).

    Attributes:
        counts: the counts last read (game.figures.Counts).
        values: the lines' values for them (:func:`shown_values`).
        panel: the :class:`CountersPanel`.
    """

    def __init__(self, best_rate=None) -> None:
        """``best_rate(match) -> float | None``: the player's best 3BV/s for ``match``'s board
        (game.records.level_stats.best_pace), asked once a game; None: no pace line."""
        self.counter = LiveCounter()
        self.panel = CountersPanel()
        self.counts = Counts()
        self.values: dict[str, str] = {}
        self.race = None  # the game.replay.race.Race the game races: the line race_gap (RACE_GAP) too
        self._key = None
        self.best_rate = best_rate
        self.pace_rate: float | None = None  # the best 3BV/s of this game's pace line, or None: no line
        self.progress: Progress | None = None  # this game's 3BV solved over its time, as read
        self.pace_gap_ms: int | None = None  # the pace line's gap as last read, ms (+ behind)
        self._game = None  # (match, round) the pace is for
        self._pace: Progress | None = None  # pace(pace_rate, 3BV), made once the 3BV is known

    def refresh(self, match, clicks: tuple[int, int, int]) -> bool:
        """Read ``match``'s counts (``clicks``: the gesture interpreter's) if anything moved
        since the last reading; True when the values shown change."""
        game = match.game
        key = (id(match), match.round, len(match.history), len(match.inputs), game.revision, game.state,
               game.three_bv_known, math.floor(match.elapsed / REFRESH_S), language())
        if key == self._key:
            return False
        self._key = key
        self.counts = self.counter.read(match, clicks)
        values = shown_values(self.counts)
        if self.race is not None:  # the gap at equal 3BV (game.replay.race), under the figures
            self.race.follow(match)
            values["race_gap"] = gap_text(self.race.gap())
        self.read_pace(match, values)
        changed, self.values = values != self.values, values
        return changed

    def read_pace(self, match, values: dict[str, str]) -> None:
        """The pace line (issue 38, point 5): this game's progress steps added from the counts
        just read, and ``values["pace_gap"]``, the gap to the best's pace line at the 3BV
        solved now (game.replay.progress.live_gap_ms against game.replay.progress.pace of
        :attr:`pace_rate` on this board's 3BV), when there is a best and the 3BV is known."""
        game = (id(match), match.round)
        if game != self._game:
            self._game, self._pace, self.progress, self.pace_gap_ms = game, None, None, None
            self.pace_rate = self.best_rate(match) if self.best_rate is not None else None
        counts = self.counts
        if self.pace_rate is None or counts.bbbv is None or counts.bbbv_solved is None:
            return
        if self._pace is None or self._pace.bbbv != counts.bbbv:
            self._pace, self.progress = pace(self.pace_rate, counts.bbbv), Progress(bbbv=counts.bbbv)
        self.progress.add(counts.time_ms, counts.bbbv_solved)
        self.pace_gap_ms = live_gap_ms(self.progress, self._pace)
        values["pace_gap"] = gap_text(self.pace_gap_ms, PACE_DIGITS)

    def draw(self, screen, area: pygame.Rect, record=None) -> pygame.Rect:
        """Draw the panel at the top of ``area``: the values read last, or, with the finished
        game's ``record`` holding its figures, the record's (the result panel's values)."""
        values = shown_values(record_counts(record), record) if has_figures(record) else self.values
        if "pace_gap" in self.values:  # the finished game's gap stays with its figures
            values = {**values, "pace_gap": self.values["pace_gap"]}
        return self.panel.draw(screen, area, values)


def best_rate(services):
    """The ``best_rate`` of a game played in the window with ``services``: ``match -> the
    player's best 3BV/s on its level`` (game.records.level_stats.best_pace, among the games
    dealt as it was: under the 3BV filter or not), None on a custom size or without records."""
    def rate(match) -> float | None:
        records = services.records
        level = match.game.config.level
        if records is None or level not in STANDARD_LEVELS:
            return None
        return best_pace(records.store, level, filtered=getattr(match.deal, "min_bv", 0) > 0)
    return rate
