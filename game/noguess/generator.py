"""The no-guess generator: a random board repaired until logic alone clears it.

See the package docstring (:mod:`game.noguess`) for the method, its bias and the
densities it supports. No pygame here.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace
from functools import lru_cache, partial
from itertools import chain
from typing import Callable, Iterator

from game.rules.board import Cell, Config, lay_mines
from game.messages import N_, Explained, Note, note
from game.noguess.deduce import COVERED, MINE, OPEN, Geometry, Deduction
from game.noguess.exact import ExactCertainty

MAX_PASSES = 40  # replays of one layout before starting from a fresh random one
MAX_LAYOUTS = 200  # fresh random layouts before giving up (never reached in practice)
LOCAL_SLICE = 64  # numbers examined between two yields of the job (~0.2 ms)
REPORT_AFTER, REPORT_EVERY = 0.5, 0.25  # seconds: when generate() starts reporting, how often
DEEP_DRAWS = 4  # random draws per deep cell before perturb() lists them instead
# (cells up to, most mines as a share of cells): measured limits, see the package docstring
DENSITY_LIMITS = ((500, 0.40), (1000, 0.35), (2500, 0.33), (10_000, 0.30), (62_500, 0.25), (250_000, 0.21),
                  (1_000_000, 0.18))
MAX_NO_GUESS_CELLS = DENSITY_LIMITS[-1][0]
# (narrow side up to, most mines as a share of cells): thin boards, measured (issue 26) on
# boards of about 1,000 cells; wider boards take DENSITY_LIMITS.
THIN_LIMITS = ((3, 0.20), (4, 0.20), (5, 0.25))
THIN_FLOOR = 60  # mines a thin board takes whatever its share: small ones take 40 % (3x50 with 60)
# A board of one or two rows (or columns) is a corridor: a mine across it walls off what lies
# beyond, which only the mine count can settle, so the generator must push the mines into
# solid blocks; it finds such boards with up to this many mines (1x1000 too), not many more.
CORRIDOR_MINES = 10


class NoGuessError(Explained, ValueError):
    """The generator cannot make this board: too dense, or no way found. Says why (as data:
    game.messages.Explained)."""


class GenerationCancelled(Exception):
    """Generation was cancelled (Esc in the window, or the ``cancel`` callable said so)."""


@lru_cache(maxsize=4)
def geometry(rows: int, cols: int) -> Geometry:
    """The padded index space of a rows x cols board (cached: immutable once built)."""
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
            raise NoGuessError(message.template, **message.params)
        if not (0 <= first[0] < config.rows and 0 <= first[1] < config.cols):
            raise ValueError(f"first: {first} is off the {config.rows}x{config.cols} board")
        self.config = config
        self.first = first
        self.result: frozenset[Cell] | None = None
        self.cancelled = False
        self.stats = {"layouts": 0, "passes": 0, "perturbations": 0, "exact_calls": 0,
                      "exact_slowest": 0.0}
        self._current: list[Deduction | None] = [None]  # the replay being run (for progress)
        self._work = _search(config, first, rng, self.stats, self._current)

    @property
    def done(self) -> bool:
        return self.result is not None

    @property
    def progress(self) -> tuple[int, float]:
        """(pass, share): which replay of the layout is running (1 for the first; each
        perturbation that changed earlier numbers costs one more) and the share 0..1 of the
        safe cells it has proved so far. (0, 0.0) before the first replay, (pass, 1.0) once
        done. Honest but not monotonic: a new pass starts again from the opening."""
        replay = self._current[0]
        if replay is None:
            return 0, 0.0
        return self.stats["passes"], 1.0 if self.done else replay.cleared_share

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
        raise NoGuessError(N_("no-guess generation ended without a board"))  # _search never returns


def generate(config: Config, first: Cell, rng: random.Random,
             cancel: Callable[[], bool] | None = None,
             report: Callable[[tuple[int, float] | None], None] | None = None) -> frozenset[Cell]:
    """A no-guess layout for ``config`` with ``first`` as the opening first click.

    ``cancel`` is polled before the work starts and then about every 50 ms of it; when it
    returns True the generation stops. ``report``, if given, is called with
    :attr:`Generation.progress` about every REPORT_EVERY seconds once the work has taken
    REPORT_AFTER seconds, and with None when a board it reported on is done (so a terminal
    can clear its progress line). Deterministic: the same rng state and first click give
    the same mines.
    Raises:
        NoGuessError: the density is beyond what the generator supports (see supported()).
        GenerationCancelled: ``cancel()`` returned True.
    """
    job = Generation(config, first, rng)
    start = time.perf_counter()
    reported = 0.0  # seconds since start of the last report (0: none yet)
    while True:
        if cancel is not None and cancel():
            job.cancel()
            raise GenerationCancelled("no-guess generation was cancelled")
        if job.step(0.05):
            if reported and report is not None:
                report(None)
            return job.result
        spent = time.perf_counter() - start
        if report is not None and spent >= REPORT_AFTER and spent - reported >= REPORT_EVERY:
            reported = spent
            report(job.progress)


def no_guess_layer(config: Config, first: Cell, rng: random.Random,
                   report: Callable[[tuple[int, float] | None], None] | None = None) -> set[Cell]:
    """:func:`generate` with the signature of Game's ``layer`` (returns a set)."""
    return set(generate(config, first, rng, report=report))


def layer_for(config: Config, report: Callable[[tuple[int, float] | None], None] | None = None):
    """The mine layer a game of ``config`` needs: :func:`no_guess_layer` for no-guess boards
    (passing ``report`` on, see :func:`generate`), None (the engine's uniform placement)
    otherwise."""
    if not config.no_guess:
        return None
    return no_guess_layer if report is None else partial(no_guess_layer, report=report)


def opening_block(rows: int, cols: int) -> int:
    """Cells the first click frees at most: itself and its neighbours (9 inside the board)."""
    return min(rows, 3) * min(cols, 3)


def max_no_guess_mines(rows: int, cols: int) -> int:
    """Most mines the generator supports on a rows x cols board (see the package docstring)."""
    cells = rows * cols
    for most_cells, density in DENSITY_LIMITS:
        if cells <= most_cells:
            side = min(rows, cols)
            top = min(cells - opening_block(rows, cols), int(density * cells))
            thin = next((share for most, share in THIN_LIMITS if side <= most), None) if side > 2 else None
            if thin is not None:
                top = min(top, max(int(thin * cells), THIN_FLOOR))
            return max(0, min(top, CORRIDOR_MINES) if side <= 2 else top)
    return 0


def supported(config: Config) -> Note | None:
    """None if the generator supports ``config``'s size and mine count, else why not.

    The message names the limit, for the custom form: e.g. "no-guess boards of 16x30
    take at most 115 mines (24%); 150 asked" (a :class:`game.messages.Note`: English
    text that game.messages.describe gives in the language in use).
    """
    rows, cols, mines = config.rows, config.cols, config.mines
    if rows * cols > MAX_NO_GUESS_CELLS:
        return note(N_("no-guess boards have at most {most} cells; {rows}x{cols} has {cells}"),
                    most=MAX_NO_GUESS_CELLS, rows=rows, cols=cols, cells=rows * cols)
    top = max_no_guess_mines(rows, cols)
    if top < 1:
        return note(N_("a {rows}x{cols} no-guess board has no room for mines around the opening"),
                    rows=rows, cols=cols)
    if mines > top:
        return note(N_("no-guess boards of {rows}x{cols} take at most {most} mines ({share}%); {mines} asked"),
                    rows=rows, cols=cols, most=top, share=f"{100 * top / (rows * cols):.0f}", mines=mines)
    return None


# ----- the search ----------------------------------------------------------------------------
def _search(config: Config, first: Cell, rng: random.Random, stats: dict,
            current: list[Deduction | None]) -> Iterator:
    """Yield None between slices of work and the finished layout (a frozenset) at the end.

    ``current[0]`` is set to the replay being run, for :attr:`Generation.progress`.
    """
    geo = geometry(config.rows, config.cols)
    opening = replace(config, first_click="opening", no_guess=False)
    start = geo.index(first)
    exact = ExactCertainty()
    for _ in range(MAX_LAYOUTS):
        stats["layouts"] += 1
        mines = geo.indices(lay_mines(opening, first, rng))
        yield None
        for _ in range(MAX_PASSES):
            stats["passes"] += 1
            replay = Deduction(geo, mines, config.mines)
            current[0] = replay
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
                mines = replay.mine
                if not perturbed:
                    yield frozenset(geo.cells(replay.mine_indices()))
                    return
            else:
                mines = open_pocket(replay, rng)
                if mines is None:
                    break  # nothing to change: start from a fresh layout
            yield None
    raise NoGuessError(N_("no no-guess board of {rows}x{cols} with {mines} mines found after {layouts} "
                          "layouts; try fewer mines"),
                       rows=config.rows, cols=config.cols, mines=config.mines, layouts=MAX_LAYOUTS)


def perturb(replay: Deduction, rng: random.Random) -> bool:
    """Tatham's perturbation: make one stuck number decidable by moving mines.

    Picks a random frontier number, then either fills its covered neighbours with mines
    or empties them, swapping with covered cells elsewhere: first those on the frontier,
    then those deeper in the covered area, each group in random order (the order of
    mines.c's ``mineperturb``). Whichever of fill or empty finds its partners first
    wins. The mine count is unchanged; proved cells never change.
    Only the cells it looks at cost time: the frontier, and as many random deep cells as
    it takes (see :func:`_deep_cells`), never a scan of a big board's covered area.
    Returns False when no number borders a covered cell (see :func:`open_pocket`) or no
    partners are found.
    Source: Simon Tatham, Portable Puzzle Collection, mines.c (minesolve / mineperturb).
    """
    numbers = replay.constraints()
    if not numbers:
        return False
    mine = replay.mine
    target = numbers[rng.randrange(len(numbers))]
    chosen = replay.covered_around(target)
    full = [i for i in chosen if mine[i]]
    empty = [i for i in chosen if not mine[i]]
    ring = set()
    for i in numbers:
        ring.update(replay.covered_around(i))
    ring.difference_update(chosen)
    ring = sorted(ring)
    skip = set(ring).union(chosen)
    need_empty, need_full = len(full), len(empty)
    free, taken = [], []
    for i in chain(_shuffled(ring, rng), _deep_cells(replay, skip, rng)):
        if mine[i]:
            taken.append(i)
            if len(taken) == need_full:
                replay.move_mines(add=empty, remove=taken)
                return True
        else:
            free.append(i)
            if len(free) == need_empty:
                replay.move_mines(add=free, remove=full)
                return True
    return False


def _shuffled(items: list[int], rng: random.Random) -> Iterator[int]:
    """``items`` in random order, drawn lazily (a Fisher-Yates shuffle that stops when the
    caller does): k draws cost k random numbers, not len(items). Shuffles ``items`` in place."""
    for t in range(len(items)):
        j = rng.randrange(t, len(items))
        items[t], items[j] = items[j], items[t]
        yield items[t]


def _deep_cells(replay: Deduction, skip: set[int], rng: random.Random) -> Iterator[int]:
    """The covered cells not in ``skip``, in random order, drawn lazily.

    While they are at least an eighth of the board, random indices are drawn and the
    ones that are such cells kept (a few draws each); after DEEP_DRAWS draws per cell
    wanted, or when they are few, the rest are listed (one scan) and shuffled lazily.
    """
    geo, state = replay.geo, replay.state
    deep = replay.covered - len(skip)
    if deep <= 0:
        return
    seen: set[int] = set()
    if deep * 8 >= geo.size:
        for _ in range(DEEP_DRAWS * deep):
            i = rng.randrange(geo.size)
            if state[i] == COVERED and i not in skip and i not in seen:
                seen.add(i)
                yield i
                if len(seen) == deep:
                    return
    rest = [i for i in replay.covered_cells() if i not in skip and i not in seen]
    yield from _shuffled(rest, rng)


def open_pocket(replay: Deduction, rng: random.Random) -> bytearray | None:
    """The covered cells are walled in by proved mines, with no number touching them: the
    count cannot settle them and no local swap helps. Tatham's last resort: change a
    proved cell. A random wall mine (next to a revealed number and the pocket) swaps with
    a random safe pocket cell. The replay is then void; the caller replays the new layout.
    Returns the new layout (a copy of ``replay.mine``), or None when there is no wall
    mine to move.
    """
    state, mine, offsets = replay.state, replay.mine, replay.geo.offsets
    covered = list(replay.covered_cells())
    walls = sorted({j for i in covered for d in offsets if state[(j := i + d)] == MINE
                    and any(state[j + e] == OPEN for e in offsets)})
    holes = [i for i in covered if not mine[i]]
    if not walls or not holes:
        return None
    wall = walls[rng.randrange(len(walls))]
    hole = holes[rng.randrange(len(holes))]
    layout = bytearray(mine)
    layout[wall], layout[hole] = 0, 1
    return layout
