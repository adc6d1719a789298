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
``classic`` rule, before it. One rule decides it (:class:`Laying`), for a board laid at
once and for a no-guess board the window builds a slice a frame (:meth:`Deal.generation`):
the same seeds are tried in the same order, so a seed, a first click and a minimum give the
same board in the console and the window.

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

import math
import random
from time import perf_counter
from typing import Callable, Generator, Iterable, Protocol

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


class Job(Protocol):
    """A board made a slice at a time (game.noguess.Generation): ``step(seconds)`` works on
    for about that long and returns True once ``result`` (the mines) is ready; ``cancel()``
    stops it; ``progress`` (optional) says how far it is."""

    result: object

    def step(self, budget: float) -> bool: ...

    def cancel(self) -> None: ...


JobMaker = Callable[[Config, Cell, random.Random], Job]  # (config, first click, the board's rng) -> a Job


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

    def generation(self, first_click: Cell, make: JobMaker) -> "Laying":
        """The board laid at ``first_click`` built a slice at a time (the window's no-guess
        board: ``make`` is game.noguess.Generation), as :meth:`lay` lays it at once through
        the layer: each board of a seed is ``make(config, first_click, board_rng(seed))``,
        and under the 3BV filter the next seeds' boards follow until one qualifies or the
        bound is reached, by the same rule (:class:`Laying`). Step it until done, then lay
        its ``result`` (game.midend.match.Match.lay_laid); the deal's :attr:`seed`,
        :attr:`missed` and :attr:`dealt_min_bv` are then the board's, as after :meth:`lay`.

        Raises:
            whatever ``make`` raises for the first board (game.noguess.NoGuessError: a size
            or density the generator does not support).
        """
        return Laying(self, lambda: make(self.config, first_click, board_rng(self.seed)))

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
        set: a :class:`Laying` of boards laid at once, run to its end."""
        laying = Laying(self, lambda: _Ready(laid()))
        laying.step(math.inf)
        return laying.result

    def laid_elsewhere(self) -> None:
        """The current board's mines came from outside the deal
        (game.midend.match.Match.set_layout): the 3BV filter did not deal it, and no classic
        mines are pending."""
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


class _Ready:
    """A board laid at once, as a :class:`Job` already done."""

    progress = (0, 1.0)

    def __init__(self, board: Laid) -> None:
        self.result = board

    def step(self, budget: float = 0.0) -> bool:
        return True

    def cancel(self) -> None:
        pass


class Laying:
    """One board of a :class:`Deal` laid at its first click, a slice at a time: the current
    seed's board (``start()``: a :class:`Job` for it), and, under the 3BV filter
    (:attr:`Deal.min_bv`), the next seeds' boards, each drawn from the deal's ``rng``, until
    one has the minimum 3BV or the bound is reached (:attr:`Deal.tries` boards, or
    :attr:`Deal.seconds` of work after the first board: the time spent in :meth:`step`, so
    the frames between a window's slices do not count); then the best board seen, its seed
    the deal's, and :attr:`Deal.missed` set. The one rule of the filter: the deal lays every
    board through it, at once (:meth:`Deal.lay`, :meth:`Deal.next`) or over frames
    (:meth:`Deal.generation`), so both try the same seeds in the same order.

    Usage: ``step(seconds)`` until it returns True, then read ``result`` (mines, digits or
    None), like game.noguess.Generation (``done``, ``progress``: the current board's,
    ``cancel()``, ``cancelled``). Made, it sets the deal's :attr:`Deal.missed` (None) and
    :attr:`Deal.dealt_min_bv`; :meth:`cancel` puts the deal back as it was (its seed, and
    its ``rng`` when that can say its state).

    Raises:
        whatever ``start()`` raises, at once for the first board, from :meth:`step` for the next.
    """

    def __init__(self, deal: Deal, start: Callable[[], Job]) -> None:
        self.deal = deal
        self._start = start
        self._before = (deal.seed, deal.missed, deal.dealt_min_bv,
                        deal.rng.getstate() if hasattr(deal.rng, "getstate") else None)
        self.result: Laid | None = None
        self.dealt = 0  # boards finished
        self._best: tuple[int, int | None, Laid] | None = None  # (3BV, seed, board) of the best one
        self._spent = 0.0  # seconds worked after the first board (the bound's)
        self._counting: float | None = None  # when the first board was done (perf_counter)
        self._cancelled = False
        self._job: Job | None = start()
        deal.missed = None
        deal.dealt_min_bv = max(deal.min_bv, 0)

    @property
    def done(self) -> bool:
        """The board is chosen (:attr:`result`)."""
        return self.result is not None

    @property
    def progress(self) -> tuple[int, float]:
        """The current board's job's progress (game.noguess.Generation.progress), (0, 1.0) when done."""
        return getattr(self._job, "progress", (0, 1.0)) if self._job is not None else (0, 1.0)

    @property
    def cancelled(self) -> bool:
        """:meth:`cancel` was called."""
        return self._cancelled

    def cancel(self) -> None:
        """Stop for good and put the deal back as it was: the current board's job is
        cancelled (between two boards, the next one's, made and cancelled), so a later
        :meth:`step` raises as a cancelled job does (game.noguess.GenerationCancelled)."""
        self._cancelled = True
        if self.result is None and self._job is None:
            self._job = self._start()
        if self._job is not None:
            self._job.cancel()
        if self.result is None:
            seed, missed, dealt_min_bv, state = self._before
            self.deal.seed, self.deal.missed, self.deal.dealt_min_bv = seed, missed, dealt_min_bv
            if state is not None:
                self.deal.rng.setstate(state)

    def step(self, budget: float = 0.008) -> bool:
        """Work for about ``budget`` seconds (a slice of a board at least); True once the
        board is chosen."""
        if self.result is not None:
            return True
        began = perf_counter()
        deadline = began + budget
        try:
            while True:
                if self._job is None:
                    self._job = self._start()
                if not self._job.step(max(deadline - perf_counter(), 0.0)):
                    return False
                board, self._job = self._job.result, None
                if self._take(board if isinstance(board, tuple) else (set(board), None), began):
                    return True
                if perf_counter() >= deadline:
                    return False
        finally:
            if self._counting is not None:
                self._spent += perf_counter() - max(began, self._counting)

    def _take(self, board: Laid, began: float) -> bool:
        """A board of the current seed is done: keep it or try the next seed (False)."""
        deal = self.deal
        self.dealt += 1
        if self._counting is None:
            self._counting = perf_counter()
        if deal.min_bv <= 0:
            self.result = board
            return True
        config = deal.config
        # the digits, when there are, are read a row at a time
        counted = bv_parts(board[1] if board[1] is not None else board[0], config.rows, config.cols).value
        if self._best is None or counted > self._best[0]:
            self._best = (counted, deal.seed, board)
        worked = self._spent + perf_counter() - max(began, self._counting)
        if self._best[0] < deal.min_bv:
            if self.dealt < deal.tries and worked < deal.seconds:
                deal.seed = deal.rng.randrange(SEED_RANGE)
                return False
            deal.missed = (self.dealt, self._best[0])
        _, deal.seed, self.result = self._best
        return True


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
