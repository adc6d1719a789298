"""The no-guess generator: a random board repaired until logic alone clears it.

See the package docstring (:mod:`game.noguess`) for the method, its bias and the
densities it supports. No pygame here.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace
from functools import lru_cache
from typing import Callable, Iterator

from game.board import Cell, Config, lay_mines
from game.noguess.deduce import OPEN, Geometry, Replay, bits
from game.noguess.exact import ExactCertainty

MAX_PASSES = 40  # replays of one layout before starting from a fresh random one
MAX_LAYOUTS = 200  # fresh random layouts before giving up (never reached in practice)
LOCAL_SLICE = 64  # numbers examined between two yields of the job (~0.2 ms)
# (cells up to, most mines as a share of cells): measured limits, see the package docstring
DENSITY_LIMITS = ((500, 0.40), (1000, 0.35), (2500, 0.30), (5000, 0.25), (10_000, 0.21))
MAX_NO_GUESS_CELLS = DENSITY_LIMITS[-1][0]


class NoGuessError(ValueError):
    """The generator cannot make this board: too dense, or no way found. Says why."""


class GenerationCancelled(Exception):
    """Generation was cancelled (Esc in the window, or the ``cancel`` callable said so)."""


@lru_cache(maxsize=8)
def geometry(rows: int, cols: int) -> Geometry:
    """The neighbour tables of a rows x cols board (cached: immutable once built)."""
    return Geometry(rows, cols)


class Generation:
    """A no-guess board built a slice at a time, so a window never freezes.

    Usage: ``job = Generation(config, first, rng)``; call ``job.step(0.008)`` once a frame
    until it returns True, then read ``job.result`` (a frozenset of (row, col) mines).
    ``cancel()`` stops it. The work done does not depend on how it is sliced, so the same
    seed and first click give the same board stepwise or in one go (:func:`generate`).

    Args:
        config: board size and mine count (``no_guess`` need not be set).
        first: the first click (row, col); it and its neighbours stay free (an opening).
        rng: the game's random source; consumed in a fixed order.
    Raises:
        NoGuessError: at construction if :func:`supported` rejects the config, or from
            :meth:`step` if no board was found within the limits.
        ValueError: ``first`` is off the board.
    """

    def __init__(self, config: Config, first: Cell, rng: random.Random):
        message = supported(config)
        if message:
            raise NoGuessError(message)
        if not (0 <= first[0] < config.rows and 0 <= first[1] < config.cols):
            raise ValueError(f"first: {first} is off the {config.rows}x{config.cols} board")
        self.config = config
        self.first = first
        self.result: frozenset[Cell] | None = None
        self.cancelled = False
        self.stats = {"layouts": 0, "passes": 0, "perturbations": 0, "exact_calls": 0,
                      "exact_slowest": 0.0}
        self._work = _search(config, first, rng, self.stats)

    @property
    def done(self) -> bool:
        return self.result is not None

    def cancel(self) -> None:
        """Stop for good; further :meth:`step` calls raise GenerationCancelled."""
        self.cancelled = True
        self._work.close()

    def step(self, budget: float = 0.008) -> bool:
        """Work for about ``budget`` seconds (one slice at least); True once the board is ready.

        Raises:
            GenerationCancelled: after :meth:`cancel`.
            NoGuessError: no board found within the limits.
        """
        if self.result is not None:
            return True
        if self.cancelled:
            raise GenerationCancelled("no-guess generation was cancelled")
        deadline = time.perf_counter() + budget
        for found in self._work:
            if found is not None:
                self.result = found
                return True
            if time.perf_counter() >= deadline:
                return False
        raise NoGuessError("no-guess generation ended without a board")  # _search never returns


def generate(config: Config, first: Cell, rng: random.Random,
             cancel: Callable[[], bool] | None = None) -> frozenset[Cell]:
    """A no-guess layout for ``config`` with ``first`` as the opening first click.

    ``cancel`` is polled about every 50 ms of work; when it returns True the generation
    stops. Deterministic: the same rng state and first click give the same mines.
    Raises:
        NoGuessError: the density is beyond what the generator supports (see supported()).
        GenerationCancelled: ``cancel()`` returned True.
    """
    job = Generation(config, first, rng)
    while not job.step(0.05):
        if cancel is not None and cancel():
            job.cancel()
            raise GenerationCancelled("no-guess generation was cancelled")
    return job.result


def no_guess_layer(config: Config, first: Cell, rng: random.Random) -> set[Cell]:
    """:func:`generate` with the signature of Game's ``layer`` (returns a set)."""
    return set(generate(config, first, rng))


def layer_for(config: Config):
    """The mine layer a game of ``config`` needs: :func:`no_guess_layer` for no-guess boards,
    None (the engine's uniform placement) otherwise."""
    return no_guess_layer if config.no_guess else None


def opening_block(rows: int, cols: int) -> int:
    """Cells the first click frees at most: itself and its neighbours (9 inside the board)."""
    return min(rows, 3) * min(cols, 3)


def max_no_guess_mines(rows: int, cols: int) -> int:
    """Most mines the generator supports on a rows x cols board (see the package docstring)."""
    cells = rows * cols
    for most_cells, density in DENSITY_LIMITS:
        if cells <= most_cells:
            return max(0, min(cells - opening_block(rows, cols), int(density * cells)))
    return 0


def supported(config: Config) -> str | None:
    """None if the generator supports ``config``'s size and mine count, else why not.

    The message names the limit, for the custom form: e.g. "no-guess boards of 16x30
    take at most 115 mines (24%); 150 asked".
    """
    rows, cols, mines = config.rows, config.cols, config.mines
    if rows * cols > MAX_NO_GUESS_CELLS:
        return (f"no-guess boards have at most {MAX_NO_GUESS_CELLS} cells; "
                f"{rows}x{cols} has {rows * cols}")
    top = max_no_guess_mines(rows, cols)
    if top < 1:
        return f"a {rows}x{cols} no-guess board has no room for mines around the opening"
    if mines > top:
        return (f"no-guess boards of {rows}x{cols} take at most {top} mines "
                f"({100 * top / (rows * cols):.0f}%); {mines} asked")
    return None


# ----- the search ----------------------------------------------------------------------------
def _search(config: Config, first: Cell, rng: random.Random, stats: dict) -> Iterator:
    """Yield None between slices of work and the finished layout (a frozenset) at the end."""
    geo = geometry(config.rows, config.cols)
    opening = replace(config, first_click="opening", no_guess=False)
    start = geo.index(first)
    exact = ExactCertainty()
    for _ in range(MAX_LAYOUTS):
        stats["layouts"] += 1
        mines = geo.mask(sorted(lay_mines(opening, first, rng)))
        for _ in range(MAX_PASSES):
            stats["passes"] += 1
            replay = Replay(geo, mines, config.mines)
            replay.open(start)
            perturbed = 0
            while not replay.cleared:
                if not replay.run_local(LOCAL_SLICE):
                    yield None
                    continue
                if replay.cleared or replay.run_count():
                    continue
                safe, proved = exact(replay)
                stats["exact_calls"] = exact.calls
                stats["exact_slowest"] = exact.slowest
                if replay.apply(safe, proved):
                    yield None
                    continue
                perturbed += 1
                stats["perturbations"] += 1
                if not perturb(replay, rng):
                    break
                yield None
            if replay.cleared:
                mines = replay.mines
                if not perturbed:
                    yield frozenset(geo.cells(mines))
                    return
            else:
                mines = open_pocket(replay, rng)
                if mines is None:
                    break  # nothing to change: start from a fresh layout
            yield None
    raise NoGuessError(f"no no-guess board of {config.rows}x{config.cols} with {config.mines} mines "
                       f"found after {MAX_LAYOUTS} layouts; try fewer mines")


def perturb(replay: Replay, rng: random.Random) -> bool:
    """Tatham's perturbation: make one stuck number decidable by moving mines.

    Picks a random frontier number, then either fills its covered neighbours with mines
    or empties them, swapping with covered cells elsewhere: first those on the frontier,
    then those deeper in the covered area, each group in random order (the order of
    mines.c's ``mineperturb``). Whichever of fill or empty finds its partners first
    wins. The mine count is unchanged; proved cells never change.
    Returns False when no number borders a covered cell (see :func:`open_pocket`) or no
    partners are found.
    Source: Simon Tatham, Portable Puzzle Collection, mines.c (minesolve / mineperturb).
    """
    geo, covered = replay.geo, replay.covered
    numbers = replay.constraints()
    if not numbers:
        return False
    target = numbers[rng.randrange(len(numbers))]
    chosen = geo.nbmask[target] & covered
    full = chosen & replay.mines
    empty = chosen & ~replay.mines
    border = 0
    for i in numbers:
        border |= geo.nbmask[i]
    border &= covered & ~chosen
    ring, deep = bits(border), bits(covered & ~chosen & ~border)
    rng.shuffle(ring)
    rng.shuffle(deep)
    need_empty, need_full = full.bit_count(), empty.bit_count()
    free, taken = [], []
    for i in ring + deep:
        if replay.mines >> i & 1:
            taken.append(i)
            if len(taken) == need_full:
                replay.move_mines(add=empty, remove=_bits(taken))
                return True
        else:
            free.append(i)
            if len(free) == need_empty:
                replay.move_mines(add=_bits(free), remove=full)
                return True
    return False


def _bits(indices: list[int]) -> int:
    """The bit set with the cell ``indices`` on."""
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def open_pocket(replay: Replay, rng: random.Random) -> int | None:
    """The covered cells are walled in by proved mines, with no number touching them: the
    count cannot settle them and no local swap helps. Tatham's last resort: change a
    proved cell. A random wall mine (next to a revealed number and the pocket) swaps with
    a random safe pocket cell. The replay is then void; the caller replays the new layout.
    Returns the new layout (bit set), or None when there is no wall mine to move.
    """
    geo, covered, mines = replay.geo, replay.covered, replay.mines
    opened = [i for i in range(geo.n) if replay.state[i] == OPEN]
    seen = 0
    for i in opened:
        seen |= geo.nbmask[i]
    walls = [i for i in bits(replay.proved_mines & seen) if geo.nbmask[i] & covered]
    holes = bits(covered & ~mines)
    if not walls or not holes:
        return None
    wall = walls[rng.randrange(len(walls))]
    hole = holes[rng.randrange(len(holes))]
    return (mines & ~(1 << wall)) | (1 << hole)
