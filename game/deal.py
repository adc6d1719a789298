"""Where a game's boards come from (the match's provisioning; the rules are game.engine's).

:class:`Dealing` is the part of :class:`game.engine.Game` that starts its boards from its
Deal: new game, retry, a layout generated elsewhere, a loaded position.

A :class:`Deal` hands a :class:`game.engine.Game` the mines of each board it starts: laid
from the board's seed, now (the ``classic`` first-click rule lays them before the first
click) or at the first click (``opening``, ``safe`` and no-guess boards, by
:meth:`Deal.lay`), or a layout given whole (a loaded board, a retry). It draws each new
board's seed from the session's ``random.Random`` and knows whether the player could
know the layout beforehand (``layout_known``: a loaded board, a retry of a board seen,
a seed the player chose), which keeps a game out of the best times (game.records).

Every board is laid from ``random.Random(seed)``, so a recorded seed and first click
give the same board again (tests/test_deal.py pins a few). No pygame here.
"""

from __future__ import annotations

import random
from typing import Callable, Iterable

from game.board import Cell, Config, lay_mines
from game.position import COVERED, FLAGGED, REVEALED, State

MineLayer = Callable[[Config, Cell, random.Random], set[Cell]]
SEED_RANGE = 2**63  # seeds are drawn in 0 .. SEED_RANGE - 1


class Deal:
    """The boards of one :class:`game.engine.Game` of ``config``.

    Args:
        config: size, mine count and first-click rule.
        rng: the session's source of board seeds (default: a fresh Random()).
        seed: the first board's seed (default: drawn from ``rng``); each later new board
            draws its seed from ``rng``.
        layer: optional mine layer ``(config, first_click, rng) -> set of cells`` used
            instead of uniform placement at the first click (the no-guess generator).
        seeds_known: the player chose the seeds (``--seed``): ``seed`` and every seed drawn
            from ``rng`` are predictable, so every board has ``layout_known``.

    Attributes:
        seed: the current board's seed; None for a loaded board (until a new board is dealt).
        layout_known: the player could know the current board's layout before playing it.
    """

    def __init__(self, config: Config, rng: random.Random | None = None, seed: int | None = None,
                 layer: MineLayer | None = None, seeds_known: bool = False) -> None:
        self.config = config
        self.rng = rng if rng is not None else random.Random()
        self.layer = layer
        self.seeds_known = seeds_known
        self.seed: int | None = None
        self._next_seed = seed
        self.layout_known = seeds_known

    def check(self, mines: Iterable[Cell]) -> frozenset[Cell]:
        """``mines`` as a layout for this board (a loaded or generated one).

        Raises:
            ValueError: a cell off the board, or a count other than the config's.
        """
        given = frozenset(mines)
        rows, cols = self.config.rows, self.config.cols
        bad = [(r, c) for r, c in given if not (0 <= r < rows and 0 <= c < cols)]
        if bad:
            raise ValueError(f"mines: {bad[0]} is off the {rows}x{cols} board")
        if len(given) != self.config.mines:
            raise ValueError(f"mines: {len(given)} laid but the game says {self.config.mines}")
        return given

    def next(self, keep: bool = False, layout: Iterable[Cell] | None = None) -> set[Cell] | None:
        """The mines of the next board before its first click, or None when they are laid
        at it (:meth:`lay`).

        ``keep``: deal the same board again: ``layout`` (a loaded board, a retry), or, when
        it is not laid yet, the same seed. Otherwise a fresh board: a new seed, and the
        ``classic`` rule's mines laid from it now. A kept layout is one the player knows
        (``layout_known``), as is every board when the seeds are known.
        """
        if not keep:
            self.seed = self._next_seed if self._next_seed is not None else self.rng.randrange(SEED_RANGE)
            self._next_seed = None
        if keep and layout is not None:
            mines: set[Cell] | None = set(layout)
        elif self.config.first_click == "classic" and self.layer is None:
            mines = lay_mines(self.config, None, random.Random(self.seed))
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
        mines = self.next(keep=layout is not None, layout=layout)
        self.layout_known = self.seeds_known or (self.layout_known and seen)
        return mines

    def lay(self, first_click: Cell) -> set[Cell]:
        """The mines of a board laid at its first click ``first_click``, from the board's
        seed: the layer's (no-guess) or uniform placement under the config's rule
        (:func:`game.board.lay_mines`)."""
        lay = self.layer or lay_mines
        return set(lay(self.config, first_click, random.Random(self.seed)))


class Dealing:
    """New game, retry, a generated layout and a loaded position: the part of
    :class:`game.engine.Game` that starts its boards from its :class:`Deal`.

    A mixin: it reads the game's ``deal``, ``state`` and ``config``, sets its layout
    ``_mines`` and ``_relocate`` (the classic first-click rule still to apply), and the
    cover of a loaded position (game.position.Position); it calls the game's
    ``_start_board(mines, relocate)`` for a fresh cover and clock, and ``_win`` for a
    loaded position with nothing left to reveal.
    """

    deal: Deal

    @property
    def seed(self) -> int | None:
        """The current board's seed (its Deal's); None for a loaded board."""
        return self.deal.seed

    @property
    def layout_known(self) -> bool:
        """The player could know this board's layout beforehand (its Deal's): a loaded board,
        a retry of a board seen, seeds the player chose; such a game is never a best time."""
        return self.deal.layout_known

    @layout_known.setter
    def layout_known(self, known: bool) -> None:
        self.deal.layout_known = known

    def new_game(self, keep_board: bool = False) -> None:
        """Start again: a fresh random board, or with ``keep_board`` the same mines (retry).

        The mines come from :meth:`Deal.next`, which also says whether the player
        knows the layout (``layout_known``: a kept layout, or seeds the player chose).
        """
        self._start_board(self.deal.next(keep_board, self._mines),
                          relocate=self.config.first_click == "classic" and not keep_board)

    def retry(self) -> None:
        """Replay the same board from the start (after the first click has laid it).

        Before any board exists (no click yet) this is a plain new game. The replay has
        ``layout_known`` set once the layout has been seen: a loaded board, or a board
        played before (a classic board retried before its first click stays unknown).
        """
        first_click_pending = self._relocate and self.state is State.READY  # classic: the rule still applies
        self._start_board(self.deal.again(self._mines, played=self.state is not State.READY),
                          relocate=first_click_pending)

    def set_layout(self, mines: Iterable[Cell]) -> None:
        """Lay ``mines`` before the first reveal (a layout generated elsewhere, e.g. a no-guess
        board built over several frames); the next reveal uses it as laid.

        Raises:
            ValueError: the game has started, or the mines are off the board or the wrong count.
        """
        if self.state is not State.READY:
            raise ValueError("set_layout: the game has already started")
        self._mines = set(self.deal.check(mines))
        self._relocate = False
        self._bv_parts = None

    def restore(self, revealed: Iterable[Cell] = (), flags: Iterable[Cell] = ()) -> set[Cell]:
        """Set up a loaded position on a laid board: reveal ``revealed`` (no flood), flag ``flags``.

        The timer does not start until the player's first reveal.
        Raises:
            ValueError: a cell off the board, a revealed mine, or no board laid.
        """
        if self._mines is None:
            raise ValueError("restore: no mine layout to restore a position on")
        changed: set[Cell] = set()
        for cell in revealed:
            if cell in self._mines:
                raise ValueError(f"restore: {cell} is a mine and cannot be shown revealed")
            index = self._index(cell)
            if self._cover[index] != REVEALED:
                self._cover[index] = REVEALED
                self._revealed += 1
                changed.add(cell)
                if self.state is State.READY:
                    self._start.add(cell)  # not the player's work: out of 3BV
        for cell in flags:
            index = self._index(cell)
            if self._cover[index] == COVERED:
                self._cover[index] = FLAGGED
                self._flags += 1
                changed.add(cell)
                if self.state is State.READY:
                    self._start_flags.add(cell)
        self._relocate = False
        self._bv_parts = None
        if self.state is State.READY and self._revealed == self.config.cells - self.config.mines:
            self._win(changed)  # a finished board: nothing is left to reveal
        return changed
