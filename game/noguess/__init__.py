"""No-guess boards: after the opening first click, logic alone clears the board.

Entry points:

- ``generate(config, first, rng, cancel=None) -> frozenset[Cell]`` a no-guess layout;
- ``no_guess_layer`` the same with the signature of ``Game(layer=...)``, and
  ``layer_for(config)`` the layer a config needs (None unless ``config.no_guess``);
- ``Generation(config, first, rng)`` the same job in slices (``step(seconds)``), for a
  window that must not freeze; ``cancel()`` stops it;
- ``supported(config) -> str | None`` whether the generator takes this size and mine
  count (None) or why not (a message for the custom form);
- ``is_no_guess(mines, rows, cols, first) -> bool`` the independent checker.

**What "no guess" means.** From the first click (always an opening: the clicked cell
and its neighbours are mine-free) the whole board is cleared by revealing only cells
that are *certain* to be safe given the numbers shown, the mines already proved and
the total mine count. The solver's exact analysis (:func:`game.solver.certain_cells`)
is the judge; quick sound rules (single number, pairs of numbers, the mine count; see
:mod:`game.noguess.deduce`) are tried first because they are much cheaper.

**Method** (Simon Tatham's, from mines.c in his Portable Puzzle Collection):

1. lay the mines uniformly at random away from the first click (:func:`game.rules.board.lay_mines`);
2. replay the board from the first click with the rules, the exact analysis only when
   the rules are stuck;
3. when even the exact analysis finds nothing certain, *perturb*: pick a random number
   on the frontier and either fill all its covered neighbours with mines or empty them
   all, swapping with covered cells elsewhere (frontier cells first, then deeper ones,
   each in random order; whichever of fill or empty finds its partners first wins).
   That number is now decidable, so the replay continues from where it was; proved
   cells are never changed. When the covered cells are walled in by proved mines with
   no number touching them, a wall mine swaps with a covered safe cell instead;
4. a perturbation changes numbers that earlier deductions read, so a layout that needed
   any is replayed again from the first click; the first replay that clears the board
   without a perturbation proves the board, and that layout is returned.

Everything random comes from the ``rng`` passed in, in a fixed order, so the same seed
and first click give the same board, in one go or in slices of any size.

**Bias.** The result is not a uniform draw from the no-guess boards. Perturbations move
mines out of or into whole groups of frontier cells, so compared with uniform random
boards of the same size, no-guess boards have more cells that are decided by one number
(more 'all safe' and 'all mines' patterns, mines a little more clumped) and fewer of
the shapes that force a guess (the 50/50 at a wall, isolated covered pockets). The bias
grows with the density: on the standard levels few perturbations are needed, so most of
the board is the uniform draw (measured: docs/measurements.md, "No-guess boards").

**Speed.** Every step of the replay is local (a cell and its neighbours, on a padded
byte array; see :mod:`game.noguess.deduce`), the exact analysis looks at the frontier
only (see :mod:`game.noguess.exact`), and a perturbation draws its partner cells at
random instead of listing the covered area, so the cost grows with the board, not with
its square (timings from ``bench/bench_noguess.py``: docs/performance.md).

**Supported densities** (:data:`DENSITY_LIMITS`), by board size, chosen so that the
median generation stays near or under one second up to 10,000 cells and under about
five seconds above (the window shows a progress bar and Esc cancels; the console a
progress line, Ctrl-C stops): up to 500 cells 40 % mines; up to 1000 cells 35 %; up to
2500 cells 33 %; up to 10,000 (100x100) 30 %; up to 62,500 (250x250) 25 %; up to
250,000 (500x500) 21 %; up to 1,000,000 (1000x1000, the largest board) 18 %. Denser
boards take much longer (docs/performance.md). The opening also needs room: at most
rows*cols minus the 3x3 block of the first click.

**Thin boards**: a board of one or two rows (or columns) is a corridor that one mine walls
off, so it takes at most :data:`CORRIDOR_MINES` (10) mines; boards of 3, 4 and 5 rows or
columns take at most 20, 20 and 25 % (:data:`THIN_LIMITS`; measured on boards of about
1,000 cells, issue 26), or 60 mines (:data:`THIN_FLOOR`) when that is more: the small ones
take the usual densities. :func:`supported` names the limit in one line.

No pygame here.
"""

from game.noguess.checker import is_no_guess
from game.noguess.generator import (
    DENSITY_LIMITS, MAX_NO_GUESS_CELLS, CORRIDOR_MINES, THIN_LIMITS, Generation, GenerationCancelled,
    NoGuessError, generate, layer_for, max_no_guess_mines, no_guess_layer, supported,
)

__all__ = ["DENSITY_LIMITS", "MAX_NO_GUESS_CELLS", "CORRIDOR_MINES", "THIN_LIMITS", "Generation", "GenerationCancelled",
           "NoGuessError", "generate", "is_no_guess", "layer_for", "max_no_guess_mines", "no_guess_layer",
           "supported"]
