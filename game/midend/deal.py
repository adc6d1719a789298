"""Where a match's boards come from (the midend's deal; the rules are game.rules.engine's).

A :class:`Deal` hands the midend (:class:`game.midend.match.Match`) the mines of each board it starts: laid
from the board's seed, now (the ``classic`` first-click rule lays them before the first
click) or at the first click (``opening``, ``safe`` and no-guess boards, by
:meth:`Deal.lay`), or a layout given whole (a loaded board, a retry). It draws each new
board's seed from the session's ``random.Random`` and knows whether the player could
know the layout beforehand (``layout_known``: a loaded board, a retry of a board seen,
a seed the player chose), which keeps a game out of the best times (game.records).

A deal may be filtered by 3BV (``min_bv``, issue 28): a board whose 3BV is under the
minimum is dealt again from the next seed of the session's ``random.Random``, until one
qualifies or the bound (:data:`FILTER_TRIES` boards, :data:`FILTER_SECONDS`) is reached;
then the best board seen is played and :attr:`Deal.missed` says so. The board is filtered
where it is laid: at the first click (so the first-click rule still holds), or, under the
``classic`` rule, before it.

The first-click rule is decided here: which rule a board is dealt under
(:func:`first_click_of`) and what it does at the click (:meth:`Deal.first_click`); the
rules' placement itself is game.rules.board's (lay_mines, relocate_first_click_mine).

Every board is laid from :func:`board_rng` of its seed (game.midend.stable_random: the same
numbers on every Python and platform), so a recorded seed and first click give the same
board again, on every copy of the game (tests/rules/test_deal.py and
tests/rules/test_stable_random.py pin a few). The session's ``random.Random`` only draws
the seeds. No pygame here.
"""

from __future__ import annotations

import random
from time import perf_counter
from typing import Callable, Generator, Iterable

from game.rules.board import (Cell, Config, IndexedSample, excluded_cells, first_click_thresholds, lay_mines,
                        relocate_first_click_mine, sample_steps)
from game.rules.bv import bv_parts
from game.midend.stable_random import StableRandom

def first_click_of(chosen: str | None, no_guess: bool = False) -> str:
    """The first-click rule a board is dealt under (one of game.rules.board.FIRST_CLICK_RULES):
    ``opening`` for a no-guess board, whatever was chosen (the generator builds the board
    around the click's opening), else the ``chosen`` rule (the Options', ``--first-click``),
    ``opening`` when none was chosen. The window's boards, the settings' and the command
    line's alike."""
    return "opening" if no_guess or chosen is None else chosen


def board_rng(seed: int) -> StableRandom:
    """The source of the numbers a board of ``seed`` is laid from (its mines, or the no-guess
    generator's draws): game.midend.stable_random.StableRandom, so a seed is the same board
    everywhere. Every board the deal or the session lays from a seed comes from here."""
    return StableRandom(seed)


MineLayer = Callable[[Config, Cell, random.Random], set[Cell]]
Laid = tuple[set[Cell], "bytearray | None"]  # a board's mines, and their digits when the deal has them
SEED_RANGE = 2**40  # seeds are drawn in 0 .. SEED_RANGE - 1 (a trillion boards; a short board code: game.midend.boardcode)
FILTER_TRIES = 2000  # boards dealt at most for one board of the 3BV filter
FILTER_SECONDS = 1.0  # and seconds spent at most (an Expert board is laid and counted in about 0.4 ms)


class Deal:
    """The boards of one :class:`game.rules.engine.Game` of ``config``.

    Args:
        config: size, mine count and first-click rule.
        rng: the session's source of board seeds (default: a fresh Random()).
        seed: the first board's seed (default: drawn from ``rng``); each later new board
            draws its seed from ``rng``.
        layer: optional mine layer ``(config, first_click, rng) -> set of cells`` used
            instead of uniform placement at the first click (the no-guess generator).
        seeds_known: the player chose the seeds (``--seed``): ``seed`` and every seed drawn
            from ``rng`` are predictable, so every board has ``layout_known``.

        min_bv: the 3BV filter: each dealt board has at least this 3BV (0: no filter);
            it may also be set on a deal already made, before the board is laid.

    Attributes:
        seed: the current board's seed; None for a loaded board (until a new board is dealt).
        layout_known: the player could know the current board's layout before playing it.
        pending: the ``classic`` rule's mines, dealt before the first click and laid at it
            (:meth:`first_click` moves a mine off the click), else None (laid already, or
            laid at the click from the seed).
        min_bv: the 3BV filter's minimum (0: off).
        dealt_min_bv: the minimum the current board was dealt under: :attr:`min_bv` once the
            filter laid it, else 0 (not laid yet, loaded, or laid from outside the deal:
            :meth:`laid_elsewhere`). A retry of a filtered board keeps it.
        missed: None, or (boards dealt, best 3BV found) when the last filtered board was
            played under the minimum because none qualified within the bound.
        tries, seconds: the bound of the filter (default FILTER_TRIES, FILTER_SECONDS).
    """

    def __init__(self, config: Config, rng: random.Random | None = None, seed: int | None = None,
                 layer: MineLayer | None = None, seeds_known: bool = False, min_bv: int = 0) -> None:
        self.config = config
        self.min_bv = min_bv
        self.dealt_min_bv = 0
        self.missed: tuple[int, int] | None = None
        self.tries = FILTER_TRIES
        self.seconds = FILTER_SECONDS
        self.rng = rng if rng is not None else random.Random()
        self.layer = layer
        self.seeds_known = seeds_known
        self.seed: int | None = None
        self._next_seed = seed
        self.layout_known = seeds_known
        self.pending: set[Cell] | None = None  # classic mines dealt before the first click
        self._ahead: _Ahead | None = None  # the first-click sample, drawn ahead (prepare)

    def next(self, keep: bool = False, layout: Iterable[Cell] | None = None) -> set[Cell] | None:
        """The mines of the next board before its first click, or None when they are laid
        at it (:meth:`lay`).

        ``keep``: deal the same board again: ``layout`` (a loaded board, a retry), or, when
        it is not laid yet, the same seed. Otherwise a fresh board: a new seed, and the
        ``classic`` rule's mines laid from it now. A kept layout is one the player knows
        (``layout_known``), as is every board when the seeds are known.
        """
        if not keep or layout is None:
            self.dealt_min_bv = 0  # a fresh board (or one not laid yet): filtered when it is laid
        if not keep:
            self.missed = None  # a fresh board: its own filter, at its laying
            self.seed = self._next_seed if self._next_seed is not None else self.rng.randrange(SEED_RANGE)
            self._next_seed = None
        self.pending = None
        if keep and layout is not None:
            mines: set[Cell] | None = set(layout)
        elif self.config.first_click == "classic" and self.layer is None:
            mines = self._filtered(lambda: (lay_mines(self.config, None, board_rng(self.seed)), None))[0]
            self.pending = mines  # moved off the first click at it (first_click)
        else:
            mines = None  # laid at the first click
        self.layout_known = self.seeds_known or (keep and mines is not None)
        return mines

    def again(self, layout: Iterable[Cell] | None, played: bool) -> set[Cell] | None:
        """A retry: the same board (:meth:`next` with ``keep``), or a fresh one when no
        layout exists yet (no click on a board laid at the first click).

        The retry has ``layout_known`` once the layout has been seen: a loaded board, or a
        board ``played`` before (a classic board retried before its first click stays
        unknown).
        """
        seen = self.layout_known or played
        pending = self.pending is not None  # a classic board retried before its first click
        mines = self.next(keep=layout is not None, layout=layout)
        if pending and mines is not None:
            self.pending = mines  # still moved off the first click, at it
        self.layout_known = self.seeds_known or (self.layout_known and seen)
        return mines

    def first_click(self, first_click: Cell) -> Laid:
        """The board's mines at its first click ``first_click``, and their digits when the
        deal has them (else None): the first-click rule's one decision, for every board the
        deal lays at the click. The ``classic`` rule's mines, dealt before it
        (:attr:`pending`), with a mine under the click moved to the first free cell from the
        top-left (game.rules.board.relocate_first_click_mine); any other board laid now
        (:meth:`layout_for`: ``opening`` and ``safe`` keep the click, and its neighbours under
        ``opening``, free; a no-guess board is the layer's)."""
        if self.pending is not None:
            mines, self.pending = self.pending, None
            return relocate_first_click_mine(set(mines), first_click, self.config.rows, self.config.cols), None
        return self.layout_for(first_click)

    def lay(self, first_click: Cell) -> set[Cell]:
        """The mines of a board laid at its first click ``first_click``, from the board's
        seed: the layer's (no-guess) or uniform placement under the config's rule
        (:func:`game.rules.board.lay_mines`), from the sample drawn ahead (:meth:`prepare`)
        when it is this seed's and the click keeps as many cells free. Under the 3BV
        filter a board under the minimum is laid again from the next seed, at the same
        click (:attr:`seed` becomes the board's)."""
        return self.layout_for(first_click)[0]

    def layout_for(self, first_click: Cell) -> Laid:
        """:meth:`lay`'s mines and, when the sample was drawn and indexed ahead, their digits
        (``rows * cols`` bytes, row-major, ``b"1"`` a mine: what game.rules.engine.Game.lay takes
        as ``digits``), else None. The same board either way."""
        return self._filtered(lambda: self._lay_once(first_click))

    def _lay_once(self, first_click: Cell) -> Laid:
        """The mines of the current seed's board laid at ``first_click`` (:meth:`lay`), and
        their digits when the sample drawn ahead was this seed's (else None)."""
        if self.layer is not None:
            return set(self.layer(self.config, first_click, board_rng(self.seed))), None
        thresholds = first_click_thresholds(self.config, first_click)
        ahead, self._ahead = self._ahead, None
        if ahead is None or ahead.key != (self.seed, len(thresholds)):
            return lay_mines(self.config, first_click, board_rng(self.seed)), None
        if ahead.index is not None and ahead.index.ready and thresholds:
            return ahead.index.lay(thresholds)
        return lay_mines(self.config, first_click, board_rng(self.seed), drawn=ahead.drawn), None

    def _filtered(self, laid: Callable[[], Laid]) -> Laid:
        """``laid()``'s board (mines, digits or None) for the current seed, or, under the 3BV
        filter, the first of the next seeds' boards with at least :attr:`min_bv` 3BV; when
        none qualifies within the bound, the best one seen (its seed kept) and :attr:`missed`
        set."""
        self.missed = None
        self.dealt_min_bv = max(self.min_bv, 0)
        board = laid()
        if self.min_bv <= 0:
            return board
        config, deadline = self.config, perf_counter() + self.seconds

        def value(board) -> int:  # the digits, when there are, are read a row at a time
            return bv_parts(board[1] if board[1] is not None else board[0], config.rows, config.cols).value
        best = (value(board), self.seed, board)
        dealt = 1
        while best[0] < self.min_bv:
            if dealt >= self.tries or perf_counter() >= deadline:
                self.missed = (dealt, best[0])
                break
            self.seed = self.rng.randrange(SEED_RANGE)
            board = laid()
            dealt += 1
            counted = value(board)
            if counted > best[0]:
                best = (counted, self.seed, board)
        _, self.seed, board = best
        return board

    def laid_elsewhere(self) -> None:
        """The current board's mines came from outside the deal (the window's no-guess
        generator, game.midend.match.Match.set_layout): the 3BV filter did not deal it, and no
        classic mines are pending."""
        self.dealt_min_bv = 0
        self.missed = None
        self.pending = None

    def prepare(self, seconds: float) -> bool:
        """Draw the current board's first-click sample ahead for about ``seconds`` (a slice
        a tick before the first click on a big board: 100,000 mines take 0.1 s to draw),
        then index it (game.rules.board.IndexedSample: the click then lays 100,000 mines in a few
        milliseconds); True once done, or when there is nothing to draw (a no-guess board, a
        board laid already or loaded). It is drawn for a click away from the edges (the
        ``opening`` rule keeps 9 cells free); a click elsewhere draws its own at the click."""
        config = self.config
        if self.layer is not None or self.seed is None or config.first_click == "classic":
            return True
        middle = (config.rows // 2, config.cols // 2)
        key = (self.seed, len(excluded_cells(config, middle)))
        if self._ahead is None or self._ahead.key != key:
            n = config.cells - key[1]
            self._ahead = _Ahead(key, sample_steps(board_rng(self.seed), n, config.mines), n, config.cols)
        return self._ahead.step(seconds)


class _Ahead:
    """A first-click sample drawn, then indexed, a slice at a time: ``key`` (seed, cells kept
    free), ``drawn`` once drawn (None until then), ``index`` once drawn (ready once built)."""

    def __init__(self, key: tuple[int, int], steps: Generator[None, None, list[int]], n: int, cols: int) -> None:
        self.key = key
        self.drawn: list[int] | None = None
        self.index: IndexedSample | None = None
        self._steps = steps
        self._n, self._cols = n, cols
        self._building: Generator[None, None, None] | None = None

    def step(self, seconds: float) -> bool:
        """Draw and index on for about ``seconds``; True once both are done."""
        deadline = perf_counter() + seconds
        while self.drawn is None:
            try:
                next(self._steps)
            except StopIteration as done:
                self.drawn = done.value
                self.index = IndexedSample(self.drawn, self._n, self._cols, self.key[1])
                self._building = self.index.build()
                break
            if perf_counter() >= deadline:
                return False
        while self._building is not None:
            try:
                next(self._building)
            except StopIteration:
                self._building = None
                break
            if perf_counter() >= deadline:
                return False
        return True
