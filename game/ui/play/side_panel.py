"""The side panel: what the playing window's panels' strip (game.ui.play.room) shows before and
during a game, when no other panel (the hint, the result) takes it.

Its blocks, each in a sunken box, in this order:

- the live counters: a compact set (time, 3BV solved / 3BV, 3BV/s, clicks), or, with F3
  (Options' "Counters" line) on, the full panel (game.ui.play.counters_view.PlayCounters) in
  their place;
- this level's bests in the window's tables (the fastest time and the highest 3BV/s, of
  every game and of the no-flag ones, NF) and the current win streak, read from the records
  when the scene is made and when a game ends (game.records.level_stats.level_bests), never a
  frame at a time; a custom size has none (the records keep no bests for custom sizes);
  with no records, a line saying they are off;
- whether this game can still set a best time, and why not the moment it stops being able
  to: an undo (game.records.notes' words: the game then counts in no statistic, or as the
  loss it first was), the solver's help (a hint, the probability overlay, autoplay: a win
  is played, not won, never a best), a known board (a retry, a loaded board, ``--seed``), a
  custom size, the 3BV filter (its own bests, ranked apart) — the rules of
  game.records.record.GameRecord.exclusions, read from the match's public state;
- the few keys that matter now: before the first click, a click or Space, H and F1; in
  play, H, O, Ctrl+Z, P, F3 and F2.

In a strip beside the board (narrow and tall) the blocks stand one under another; in a
strip under it (wide and short) side by side, each as tall as the strip allows. Blocks that
find no room are left out, the keys first, then the bests. Drawing is cheap: the content
is worked out when the game changes (:meth:`SidePanel.refresh`, at most once a second of
game time), the layout when the area or the content changes, and each text line's image is
kept until it changes (counters_view.TextImages). No game logic here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.midend.counters import LiveCounter
from game.rules.engine import State
from game.figures import figure, value_text
from game.i18n import N_, _, language
from game.records.notes import REASONS, UNDONE, UNDONE_LOSS, reason
from game.records.record import STANDARD_LEVELS, exclusions, opened_by
from game.records.level_stats import level_bests
from game.session import trial_played, trial_progress
from game.ui.play import counters_view
from game.ui.shared import draw
from game.ui.shared.canvas import layer, scale_of, stale
from game.ui.play.counters_view import TextImages, lines, shown_values
from game.ui.shared.formats import NONE, decimal, seconds
from game.ui.shared.theme import palette
from game.ui.shared.widgets import bevel, clipped, readable_size, text_width, wrap

SIZE, LINE = 12, 14  # every line's font and line height, pixels, on a window shown at 2x or more
# (at 1x, a big board's window, the font grows to an em of 12 screen pixels: readable_size)
PAD = 3  # inside a block's sunken edge, pixels
GAP = 4  # between two blocks, pixels
PAIR_W = 80  # the least width of a (label, value) column of the compact counters, pixels
VALUE_W = 58  # a column of the bests' values, pixels
KEY_GAP = 10  # between two keys in the keys' line, pixels
BLOCK_W = 184  # a block's width side by side (a strip under the board), pixels
TEXT_W = 230  # the ranking's block side by side: its words wrap to fewer lines, pixels
WIDE = 2 * BLOCK_W + GAP  # a panel at least this wide lays its blocks side by side, pixels
COMPACT = ("time", "bbbv", "bbbv_per_s", "clicks")  # the compact counters (keys of counters_view.lines())
DROPPED_FIRST = ("keys", "bests")  # blocks left out first when the strip has no room for all
BLOCKS = ("counters", "bests", "rank", "keys")  # the blocks, in order

BESTS = N_("Bests")
ALL, NF = N_("All"), N_("NF")  # the bests' columns: every game, no flags (Metasweeper's NF)
STREAK = N_("Win streak")
RECORDS_OFF = N_("Records are off: no bests, and this game is not recorded.")
NO_CUSTOM_BESTS = N_("No best times for custom sizes.")
FILTER_BESTS = N_("The 3BV filter's own bests (ranked apart).")
CAN_RANK = N_("This game can set a best time.")
CAN_RANK_APART = N_("This game can set a best among the 3BV filter's games (ranked apart).")
CUSTOM = N_("Custom size: a win counts, but there are no best times.")
NOT_A_BEST = N_("Not a best time: {reasons}.")  # as game.records.notes.left_out says it
HELPED = N_("A win with help counts as played, not won.")
LOST = N_("Lost: counted as a loss.")
NOT_SAVED = N_("The records cannot be written now: this game is not saved, and sets no best.")
BEFORE_KEYS = ((N_("Click, Space"), N_("start")), ("H", N_("hint")), ("F1", N_("all keys")))
PLAYING_KEYS = (("H", N_("hint")), ("O", N_("odds")), ("Ctrl+Z", N_("undo")), ("P", N_("pause")),
                ("F3", N_("counters")), ("F2", N_("new game")))
TRIAL_KEYS = (("H", N_("hint")), ("O", N_("odds")), ("P", N_("pause")), ("F3", N_("counters")),
              ("Esc", N_("end the trial")))  # a time trial's game: no undo, F2 would end the trial too


def trial_words(session, match) -> str | None:
    """The side panel's line in a time trial's game (``match``'s board is one of ``session``'s
    trial: game.session.Session.trial): which game of how many, the total so far (this game's
    clock in whole seconds) and the penalties; once the game is over, the games played. None
    for any other game."""
    run = getattr(session, "trial", None)
    if run is None or not getattr(match, "trial", None) or run.code.text() != match.trial:
        return None
    if match.game.over or run.over:
        return trial_played(run)
    return trial_progress(run, match.elapsed * 1000, digits=0)


def rank_status(match, records_on: bool = True, saves: bool = True) -> tuple[str, bool]:
    """(words, ranks): whether ``match``'s game (a game.midend.match.Match) can still set a best
    time, and why not, in the language in use, by the records' rules
    (game.records.record.GameRecord.exclusions, game.records.notes): ``ranks`` True while a
    win would enter a table of bests (the 3BV filter's own, for a filtered board).
    ``records_on``: there are records; ``saves``: they keep a game (not read-only or in
    memory: game.records.recording.save_record then claims no rank). The rule is the records'
    own (game.records.record.exclusions), asked as if the game were won now."""
    if not records_on:
        return _(RECORDS_OFF), False
    if not saves:
        return _(NOT_SAVED), False
    if match.undos:
        return _(UNDONE_LOSS) if match.lost_before_undo else _(UNDONE), False
    game = match.game
    if game.state is State.LOST:
        return _(LOST), False
    help = match.help
    filtered = bool(match.deal.dealt_min_bv or (match.deal.min_bv and not game.mines_laid))
    keys = exclusions(won=True, level=game.config.level, hints=help.hints, autoplay=help.autoplay,
                      probabilities=help.overlay, layout_known=match.layout_known, filtered=filtered,
                      opened=opened_by(match))
    helped = bool(help.hints or help.autoplay or help.overlay)
    if "custom" in keys:
        return " ".join([_(CUSTOM)] + ([_(HELPED)] if helped else [])), False
    reasons = [key for key in keys if key in REASONS and key != "filtered"]  # (filtered: ranked apart, not out)
    if not reasons:
        return (_(CAN_RANK_APART) if filtered else _(CAN_RANK)), True
    words = _(NOT_A_BEST).format(reasons="; ".join(reason(key, help.hints) for key in reasons))
    return " ".join([words] + ([_(HELPED)] if helped else [])), False


@dataclass
class Block:
    """One box of the panel: ``name`` (counters, bests, rank, keys) and its ``rows``, each a
    list of (text, x from the column's inner left, anchor, palette colour name, bold), laid
    out for a ``column``-pixel box; ``per`` rows a column (None: one column), the columns
    side by side in a strip too short for them one under another."""

    name: str
    rows: list
    column: int
    per: int | None = None
    line: int = LINE  # its rows' height, pixels

    @property
    def columns(self) -> int:
        return 1 if self.per is None else math.ceil(len(self.rows) / self.per)

    @property
    def width(self) -> int:
        """The box's width, pixels."""
        return self.column * self.columns

    @property
    def height(self) -> int:
        """The box's height, pixels, with its edge and padding."""
        return (len(self.rows) if self.per is None else self.per) * self.line + 2 * PAD + 2

    def flow(self, height: int) -> None:
        """Lay the rows in as many columns as a ``height``-pixel box needs."""
        self.per = max(1, (height - 2 * PAD - 2) // self.line)
        if self.per >= len(self.rows):
            self.per = None


class SidePanel:
    """The strip's content before and during a game (see the module docstring).

    Attributes:
        values: the compact counters' values shown, by key (keys of counters_view.lines()).
        bests: the level's bests as read last (game.records.level_stats.LevelBests), or None
            with no records.
        rank: (words, ranks) as :func:`rank_status` gave them last.
        shown: the names of the blocks drawn last, in order; ``rects`` their boxes.
    """

    def __init__(self, services, match) -> None:
        self.services = services
        self.counter = LiveCounter()
        self.values: dict[str, str] = {}
        self.bests = None
        self.filtered = False  # the board is dealt by the 3BV filter: its own bests are read
        self.rank: tuple[str, bool] = ("", False)
        self.shown: list[str] = []
        self.rects: dict[str, pygame.Rect] = {}
        self._key = None  # what the content was worked out for
        self._content: dict[str, object] = {}  # block name -> what it says (laid out in _arrange)
        self._arranged = {}  # blocks asked for -> ((area, full counters' rect, content...), [Block placed at a rect])
        self._texts = TextImages()
        self.size, self.line = SIZE, LINE  # the font and line height drawn at (draw: by the screen's scale)
        self.readable = False  # a big board's panel: its font grows to an em of 12 screen pixels at 1x
        self._layers = {}  # blocks asked for -> (what for, the blocks drawn: a game.ui.shared.canvas.layer)
        self._block_layers = {}  # a block's name -> (what for, its box drawn: a game.ui.shared.canvas.layer)
        self.read_bests(match)
        self.refresh(match, (0, 0, 0))

    # ----- what it says ---------------------------------------------------------------------
    def read_bests(self, match) -> None:
        """Read this level's bests and streak from the records (when the scene is made and
        when a game ends or is left: never a frame at a time)."""
        records = self.services.records
        self.filtered = bool(match.deal.min_bv)
        self.bests = None if records is None else level_bests(records.store, match.game.config.level, self.filtered)
        self._key = None

    def refresh(self, match, clicks: tuple[int, int, int]) -> bool:
        """Work out what the panel says if anything moved since the last time (a move, an
        undo, help, a second of game time, the language); True when it changed.
        ``clicks``: the gesture interpreter's (left, right, double)."""
        game = match.game
        key = (id(match), match.round, len(match.history), len(match.inputs), game.revision, game.state,
               game.three_bv_known, match.help, match.layout_known, math.floor(match.elapsed), language())
        if key == self._key:
            return False
        self._key = key
        counts = self.counter.read(match, clicks)
        values = shown_values(counts)
        values["time"] = seconds(math.floor(counts.time_ms / 1000), 0)  # whole seconds, as the HUD: a frame a second
        self.values = {name: values[name] for name in COMPACT}
        records = self.services.records
        self.rank = rank_status(match, records is not None, records is not None and records.store.saves)
        trial = trial_words(getattr(self.services, "session", None), match)
        if trial is not None:  # a time trial's game: its progress and total in the rank's place
            self.rank = (trial, True)
        content = {"counters": tuple(self.values.items()), "bests": self._bests_words(game.config.level),
                   "rank": self.rank, "keys": BEFORE_KEYS if game.state is State.READY
                   else TRIAL_KEYS if trial is not None else PLAYING_KEYS}
        changed, self._content = content != self._content, content
        return changed

    def _bests_words(self, level: str) -> tuple:
        """The bests block's words: ('table', rows, streak, note) or ('text', words, streak)."""
        if self.bests is None:
            return ("text", _(RECORDS_OFF), None)
        streak = str(self.bests.streak)
        if level not in STANDARD_LEVELS:
            return ("text", _(NO_CUSTOM_BESTS), streak)
        speed = figure("bbbv_per_s")
        times = [seconds(self.bests.time[c], 3) for c in ("all", "nf")]
        speeds = [value_text(speed, self.bests.speed[c], num=decimal) if self.bests.speed[c] is not None else NONE
                  for c in ("all", "nf")]
        note = _(FILTER_BESTS) if self.filtered else None
        return ("table", ((_("Time"), *times), ("3BV/s", *speeds)), streak, note)

    # ----- layout ---------------------------------------------------------------------------
    @property
    def value_w(self) -> int:
        """A column of the bests' values at the font drawn, pixels."""
        return VALUE_W * self.size // SIZE

    @property
    def pair_w(self) -> int:
        """The least width of a compact counters' (label, value) column at the font drawn, pixels."""
        return PAIR_W * self.size // SIZE

    def _block(self, name: str, width: int) -> Block:
        """Block ``name`` of the content laid out ``width`` pixels wide (its box's outer width)."""
        inner = width - 2 * PAD - 2
        content = self._content[name]
        rows: list = []
        if name == "counters":
            pairs = [(counters_view.CountersPanel.label(k), v) for k, v in content]
            need = max(text_width(label, self.size) + 6 + text_width(value, self.size, True) for label, value in pairs)
            columns = max(1, min(len(pairs), (inner + GAP * 2) // (max(self.pair_w, need) + GAP * 2)))
            column_w = (inner - (columns - 1) * GAP * 2) // columns
            for index, (label, value) in enumerate(pairs):
                row, column = divmod(index, columns)
                if row == len(rows):
                    rows.append([])
                left = column * (column_w + GAP * 2)
                rows[row] += [(label, left, "topleft", "dim", False), (value, left + column_w, "topright", "text", True)]
        elif name == "bests":
            if content[0] == "text":
                rows += [[(line, 0, "topleft", "dim", False)] for line in wrap(content[1], inner, self.size)]
            else:
                title = clipped(_(BESTS), inner - 2 * self.value_w - 4, self.size, True)
                rows.append([(title, 0, "topleft", "dim", True), (_(ALL), inner - self.value_w - 4, "topright", "dim", False),
                             (_(NF), inner, "topright", "dim", False)])
                for label, first, second in content[1]:
                    rows.append([(label, 0, "topleft", "dim", False), (first, inner - self.value_w - 4, "topright", "text", True),
                                 (second, inner, "topright", "text", True)])
                if content[3]:
                    rows += [[(line, 0, "topleft", "dim", False)] for line in wrap(content[3], inner, self.size)]
            if content[2] is not None:
                rows.append([(_(STREAK), 0, "topleft", "dim", False), (content[2], inner, "topright", "text", True)])
        elif name == "rank":
            words, ranks = content
            colour = "safe_text" if ranks else "guess_text"
            rows += [[(line, 0, "topleft", colour, False)] for line in wrap(words, inner, self.size)]
        else:  # the keys, one after another, as many a line as its width takes
            x = 0
            for key, what in content:
                key, what = _(key), _(what)
                width_of = text_width(key, self.size, True) + 4 + text_width(what, self.size)
                if not rows or (x and x + width_of > inner):
                    rows.append([])
                    x = 0
                rows[-1] += [(key, x, "topleft", "text", True), (what, x + text_width(key, self.size, True) + 4, "topleft",
                                                                  "dim", False)]
                x += width_of + KEY_GAP
        return Block(name, rows, width, line=self.line)

    def _arrange(self, area: pygame.Rect, full: pygame.Rect | None,
                 blocks: tuple[str, ...] = BLOCKS) -> list[tuple[Block, pygame.Rect]]:
        """The ``blocks`` that fit ``area`` and their boxes: under ``full`` (the full counters'
        rect, F3 on, in place of the compact ones) in a narrow strip, right of it in a wide one."""
        key = (tuple(area), None if full is None else tuple(full), tuple(self._content.items()), language(),
               self.size)
        kept = self._arranged.get(blocks)
        if kept is not None and kept[0] == key:
            return kept[1]
        names = [name for name in blocks if name != "counters" or full is None]
        wide = area.width >= WIDE
        for dropped in range(len(DROPPED_FIRST) + 1):
            kept = [name for name in names if name not in DROPPED_FIRST[:dropped]]
            placed = self._place(kept, area, full, wide)
            if placed is not None:
                break
        else:  # even without the keys and the bests: what fits, cut at the strip's edge; under a
            # hint or a result (some blocks asked for), the first blocks that fit whole, maybe none
            if blocks == BLOCKS:
                placed = self._place(kept, area, full, wide, cut=True)
            else:
                placed = next((found for n in range(len(kept) - 1, -1, -1)
                               if (found := self._place(kept[:n], area, full, wide)) is not None), [])
        self._arranged[blocks] = (key, placed)
        return placed

    def _place(self, names: list[str], area: pygame.Rect, full, wide: bool, cut: bool = False):
        """Boxes for blocks ``names`` in ``area`` side by side (``wide``) or one under
        another; None when they do not all fit (with ``cut``: the last cut to what fits)."""
        placed = []
        if wide:
            x = area.left if full is None else full.right + GAP
            for name in names:
                block = self._block(name, TEXT_W if name == "rank" else BLOCK_W)
                if block.height > area.height:
                    block.flow(area.height)
                if x + block.width > area.right or block.height > area.height:
                    if not cut:
                        return None
                    if x + block.width > area.right:
                        continue
                placed.append((block, pygame.Rect(x, area.top, block.width, min(block.height, area.height))))
                x += block.width + GAP
            return placed
        y = area.top if full is None else full.bottom + GAP
        for name in names:
            block = self._block(name, area.width)
            if y + block.height > area.bottom:
                if not cut:
                    return None
                if area.bottom - y >= self.line + 2 * PAD + 2:
                    placed.append((block, pygame.Rect(area.left, y, area.width, area.bottom - y)))
                break
            placed.append((block, pygame.Rect(area.left, y, area.width, block.height)))
            y += block.height + GAP
        return placed

    # ----- drawing --------------------------------------------------------------------------
    def draw(self, screen, area: pygame.Rect, counters=None, blocks: tuple[str, ...] = BLOCKS) -> None:
        """Draw the panel in ``area`` (the strip's panel rect, logical pixels); ``counters``:
        the game's PlayCounters when the full counters show (F3), drawn first in their place;
        ``blocks``: which of BLOCKS to show (those that fit: the keys, then the bests, left out
        first), as under a hint or a result that takes the strip's top. The blocks are drawn
        on a layer kept until what they show, the scale or the theme changes: a frame blits it."""
        self.size = readable_size(SIZE, scale_of(screen)) if self.readable else SIZE
        self.line = LINE + self.size - SIZE
        full = None
        if counters is not None:
            full = counters.draw(screen, self._counters_area(area, counters.panel, scale_of(screen)))
        placed = self._arrange(area, full, blocks)
        self.shown = [block.name for block, _rect in placed]
        self.rects = {block.name: rect for block, rect in placed}
        if not placed:
            return
        bounds = placed[0][1].unionall([rect for _block, rect in placed[1:]])
        key = (self._arranged[blocks][0], tuple(bounds))
        kept = self._layers.get(blocks)
        if kept is None or kept[0] != key or stale(kept[1], screen):
            kept = self._layers[blocks] = (key, self._paint(screen, placed, bounds))
        screen.blit(kept[1], bounds)

    def _paint(self, screen, placed, bounds: pygame.Rect):
        """A layer of ``screen`` for ``bounds`` with the ``placed`` blocks on it, each block's
        own layer drawn again only when what it shows changed (a move changes the counters:
        the bests, the ranking and the keys are blitted as they were)."""
        canvas = layer(screen, bounds.size, at=bounds.topleft)
        draw.rect(canvas, palette.panel, canvas.get_rect())
        for block, rect in placed:
            key = (tuple(tuple(row) for row in block.rows), rect.size, block.column, block.per, block.line, self.size)
            kept = self._block_layers.get(block.name)
            if kept is None or kept[0] != key or stale(kept[1], screen):
                kept = self._block_layers[block.name] = (key, self._paint_block(screen, block, rect))
            canvas.blit(kept[1], rect.move(-bounds.left, -bounds.top))
        return canvas

    def _paint_block(self, screen, block: Block, rect: pygame.Rect):
        """A layer of ``screen`` of ``rect``'s size with ``block`` drawn in it: its sunken box, its rows."""
        canvas = layer(screen, rect.size, at=rect.topleft)
        box = canvas.get_rect()
        draw.rect(canvas, palette.panel, box)
        bevel(canvas, box, 1, raised=False)
        with draw.clipped(canvas, box.inflate(-2, -2)):
            per = block.per or len(block.rows)
            for row_index, row in enumerate(block.rows):
                column, place = divmod(row_index, per)
                top, left = PAD + 1 + place * block.line, PAD + 1 + column * block.column
                if top + block.line > box.bottom:
                    break
                last_shown = top + 2 * block.line > box.bottom and row_index + 1 < len(block.rows)
                if last_shown and len(row) == 1 and block.per is None:  # a text cut short here says so
                    words, dx, anchor, colour, bold = row[0]
                    row = [(clipped(words.rstrip() + "\u2026", box.width - 2 * PAD - 2 - dx, self.size, bold),
                            dx, anchor, colour, bold)]
                for item_index, (words, dx, anchor, colour, bold) in enumerate(row):
                    self._texts.draw(canvas, (block.name, row_index, item_index), words, (left + dx, top), anchor,
                                     self.size, bold, getattr(palette, colour))
        return canvas

    @staticmethod
    def _counters_area(area: pygame.Rect, panel, scale: float) -> pygame.Rect:
        """Where the full counters (``panel``, a counters_view.CountersPanel, drawn at ``scale``)
        stand in ``area``: all of a narrow strip (they take its top); in a wide one, as many of
        their columns as its height needs at their font (grown on a big board), the blocks right
        of them."""
        if area.width < WIDE:
            return area
        panel.scale = scale
        size, _title, line = panel.sizes()
        rows = max(1, (area.height - 2 * counters_view.PAD) // line)
        columns = max(math.ceil(len(lines()) / rows), 1)
        column_w = counters_view.COLUMN_W * size // counters_view.SIZE
        width = columns * (column_w + counters_view.GAP) - counters_view.GAP + 2 * counters_view.PAD
        return pygame.Rect(area.left, area.top, min(area.width, width), area.height)
