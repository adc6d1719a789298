"""Shared helpers for the solver tests: random small positions and brute-force counting."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

from game.rules.board import adjacent_mines, neighbours
from game.boardfile import BoardFile


def random_position(rng: random.Random, max_rows: int = 5, max_cols: int = 5,
                    flag_share: float = 0.0) -> tuple[BoardFile, frozenset]:
    """A small random position (mines hidden) and the layout it was made from."""
    rows, cols = rng.randint(2, max_rows), rng.randint(2, max_cols)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    mines = frozenset(rng.sample(cells, rng.randint(1, max(1, len(cells) // 3))))
    safe = [c for c in cells if c not in mines]
    shown = rng.sample(safe, rng.randint(0, len(safe)))
    revealed = {c: adjacent_mines(c, mines, rows, cols) for c in shown}
    flags = frozenset(m for m in mines if rng.random() < flag_share)
    return BoardFile(rows, cols, len(mines), revealed, flags), mines


def every_layout(board: BoardFile, count_flags: bool = True) -> list[frozenset]:
    """Every mine layout that fits ``board``'s numbers and mine count, the flags among its
    mines (with ``count_flags``; else flags are covered cells like the others), by trying
    every placement."""
    rows, cols = board.rows, board.cols
    flags = board.flags if count_flags else frozenset()
    free = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in board.revealed and (r, c) not in flags]
    found = []
    for chosen in combinations(free, board.mines - len(flags)):
        layout = frozenset(chosen) | flags
        if all(adjacent_mines(cell, layout, rows, cols) == n for cell, n in board.revealed.items()):
            found.append(layout)
    return found


def brute_force(board: BoardFile, count_flags: bool = True) -> tuple[int, dict]:
    """(layouts, cell -> exact Fraction) by trying every placement of the mines."""
    rows, cols = board.rows, board.cols
    flags = board.flags if count_flags else frozenset()
    unknown = [(r, c) for r in range(rows) for c in range(cols)
               if (r, c) not in board.revealed and (r, c) not in flags]
    left = board.mines - len(flags)
    hits = {c: 0 for c in unknown}
    total = 0
    if 0 <= left <= len(unknown):
        for chosen in combinations(unknown, left):
            layout = set(chosen) | set(flags)
            if all(adjacent_mines(cell, layout, rows, cols) == n for cell, n in board.revealed.items()):
                total += 1
                for c in chosen:
                    hits[c] += 1
    return total, ({c: Fraction(h, total) for c, h in hits.items()} if total else {})


def local_forces_safe(board: BoardFile, numbers: list, cell, mines_total: int | None = None) -> bool:
    """True when the revealed numbers at ``numbers`` alone (with flags as mines, and the
    global count only if ``mines_total`` is given) leave no layout with a mine at ``cell``.

    Brute force over the covered neighbourhoods of the cited numbers (and of ``cell``).
    """
    rows, cols = board.rows, board.cols
    flags = board.flags
    region = {cell}
    for num in numbers:
        region.update(n for n in neighbours(num, rows, cols)
                      if n not in board.revealed and n not in flags)
    if mines_total is not None:
        region = {(r, c) for r in range(rows) for c in range(cols)
                  if (r, c) not in board.revealed and (r, c) not in flags}
    region = sorted(region)
    found_any = False
    for size in range(len(region) + 1):
        if mines_total is not None and size != mines_total - len(flags):
            continue
        for chosen in combinations(region, size):
            layout = set(chosen) | set(flags)
            if all(adjacent_mines(n, layout, rows, cols) == board.revealed[n] for n in numbers):
                found_any = True
                if cell in layout:
                    return False
    return found_any


def lucky_next(probs, layout, last: tuple[int, int]) -> tuple[int, int]:
    """The next reveal of a lucky player (bench/big_review_game.py's, reveals only), from an
    analysis ``probs`` (game.solver's: ``safe``, ``floats``) of a game whose mines are
    ``layout``: the proven-safe cell nearest ``last`` (king moves, then row and column), else
    the nearest of the least likely mines among the cells that are in fact safe (it peeks)."""
    def nearest(found):
        return min(found, key=lambda c: (max(abs(c[0] - last[0]), abs(c[1] - last[1])), c))

    if probs.safe:
        return nearest(probs.safe)
    lucky = [c for c in probs.floats if c not in layout]
    low = min(probs.floats[c] for c in lucky)
    return nearest([c for c in lucky if probs.floats[c] <= low + 1e-9])
