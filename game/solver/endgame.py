"""Exact search of the rest of the game when few mine layouts remain.

With every consistent layout listed (as bit masks over the unknown cells), the chance of
winning from a set S of layouts with the best play is found by search:

- cells safe in every layout of S are revealed for free; S splits by the numbers shown;
- otherwise each cell that is a mine in some layouts is a guess: it survives in the
  layouts where it is safe, which split by the number it shows;
- win(S) counts the layouts of S the best play wins; the best guess maximises it.

Two shortcuts keep the search exact (both as in JSMinesweeper's BruteForceAnalysis,
D. Hill, MIT): a *dead* guess (a cell showing the same number in every layout where it is
safe) is never tried while a living one remains, since playing it later instead loses
nothing (its reveal only tells that it was safe, which the later play can assume: the
layouts where it is a mine are lost either way); and of *linked* cells (mines in exactly
the same layouts) only one is tried, since surviving one makes the other free.

After the free reveals, the revealed cells are exactly the cells safe in all of S, so
win(S) depends on S alone and is memoised on it. The search stops at a step budget;
the caller then falls back to the heuristic guess.
"""

from __future__ import annotations

import time

from game.rules.board import Cell, neighbours
from game.solver.problem import Problem

LAYOUT_LIMIT = 400  # list layouts only when there are at most this many
STEP_LIMIT = 60_000  # search steps before giving up
TIME_LIMIT = 0.5  # seconds before giving up
SKIP_DEAD = 1  # skip dead and linked guesses while a living one remains (0: try all, for tests)


class _Budget(Exception):
    pass


def list_layouts(problem: Problem, limit: int = LAYOUT_LIMIT) -> tuple[list[Cell], list[int]] | None:
    """All consistent layouts as bit masks over the returned unknown cells, or None if more
    than ``limit`` exist, or too many cells to list them one level of recursion a cell (a
    1x1000 board with one mine: the search would pass Python's recursion limit)."""
    cells = sorted(problem.frontier) + list(problem.interior)
    index = {c: i for i, c in enumerate(cells)}
    cons = [(con.need, [index[c] for c in con.cells]) for con in problem.constraints]
    of_cell: list[list[int]] = [[] for _ in cells]
    for k, (_, members) in enumerate(cons):
        for i in members:
            of_cell[i].append(k)
    need = [n for n, _ in cons]
    room = [len(m) for _, m in cons]
    left = problem.mines_left
    n = len(cells)
    found: list[int] = []

    def rec(i: int, placed: int, mask: int) -> None:
        if len(found) > limit:
            raise _Budget
        if placed > left or left - placed > n - i:
            return
        if i == n:
            found.append(mask)
            return
        ks = of_cell[i]
        for k in ks:
            room[k] -= 1
        for mine in (0, 1):
            ok = all(0 <= need[k] - mine <= room[k] for k in ks)
            if ok:
                for k in ks:
                    need[k] -= mine
                rec(i + 1, placed + mine, mask | (mine << i))
                for k in ks:
                    need[k] += mine
        for k in ks:
            room[k] += 1

    try:
        rec(0, 0, 0)
    except (_Budget, RecursionError):
        return None
    return cells, found


class EndgameSearch:
    """Best play over an explicit list of layouts (see the module docstring)."""

    def __init__(self, problem: Problem, cells: list[Cell], layouts: list[int],
                 step_limit: int = STEP_LIMIT, time_limit: float = TIME_LIMIT):
        self.cells = cells
        index = {c: i for i, c in enumerate(cells)}
        self.nmask = []
        for c in cells:
            m = 0
            for n in neighbours(c, problem.rows, problem.cols):
                if n in index:
                    m |= 1 << index[n]
            self.nmask.append(m)
        self.layouts = layouts
        self.full = (1 << len(cells)) - 1
        self.memo: dict[frozenset, int] = {}
        self.steps = 0
        self.step_limit = step_limit
        self.deadline = time.perf_counter() + time_limit

    def best(self) -> tuple[Cell, float] | None:
        """(cell to guess, chance of winning the game with best play), or None if the
        search ran out of steps or time. Assumes no cell is safe in every layout."""
        try:
            cell, wins = self._best_guess(self.layouts)
        except _Budget:
            return None
        return self.cells[cell], wins / len(self.layouts)

    def wins(self) -> int | None:
        """How many of the layouts the best play wins from the start, the cells safe in every
        layout revealed first (game.solver.winchance: the chance of winning is this over
        their number), or None if the search ran out of steps or time."""
        try:
            return self._win(self.layouts)
        except _Budget:
            return None

    def _split(self, layouts, cells: list[int]) -> list[list[int]]:
        parts: dict[tuple, list[int]] = {}
        nmask = self.nmask
        for lay in layouts:
            key = tuple((lay & nmask[i]).bit_count() for i in cells)
            parts.setdefault(key, []).append(lay)
        return list(parts.values())

    def _win(self, layouts: list[int]) -> int:
        if len(layouts) == 1:
            return 1
        key = frozenset(layouts)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.steps += 1
        if self.steps > self.step_limit or (self.steps & 63 == 0 and time.perf_counter() > self.deadline):
            raise _Budget
        union = 0
        for lay in layouts:
            union |= lay
        free = [i for i in range(len(self.cells)) if not (union >> i) & 1]
        parts = self._split(layouts, free) if free else [layouts]
        if len(parts) > 1:
            wins = sum(self._win(p) for p in parts)
        else:
            wins = self._best_guess(layouts)[1]
        self.memo[key] = wins
        return wins

    def _best_guess(self, layouts: list[int]) -> tuple[int, int]:
        union, inter = 0, self.full
        for lay in layouts:
            union |= lay
            inter &= lay
        options = []
        for i in range(len(self.cells)):
            bit = 1 << i
            if union & bit and not inter & bit:
                safe = [lay for lay in layouts if not lay & bit]
                options.append((len(safe), i, safe))
        options.sort(key=lambda o: -o[0])
        best_cell, best_wins = options[0][1], -1
        dead = []
        tried: set[tuple] = set()  # the surviving layouts of the living guesses tried
        for bound, i, safe in options:
            if bound <= best_wins:
                break  # even winning every surviving layout cannot beat the best so far
            parts = self._split(safe, [i])
            if SKIP_DEAD:
                if len(parts) == 1:
                    dead.append((bound, i, parts))
                    continue
                key = tuple(safe)
                if key in tried:
                    continue  # linked to a living cell tried already: the same play
                tried.add(key)
            wins = sum(self._win(p) for p in parts)
            if wins > best_wins:
                best_cell, best_wins = i, wins
        if best_wins < 0:  # every guess is dead: try them, safest first
            for bound, i, parts in dead:
                if bound <= best_wins:
                    break
                wins = sum(self._win(p) for p in parts)
                if wins > best_wins:
                    best_cell, best_wins = i, wins
        return best_cell, best_wins


def search_exactly(problem: Problem, limit: int, time_limit: float) -> tuple[Cell, float, int] | None:
    """List ``problem``'s layouts and search them (:class:`EndgameSearch`): (cell to guess,
    chance of winning with best play, layout count), or None when there are more than
    ``limit`` layouts, fewer than two (nothing to guess), or the search ran out of
    ``time_limit`` seconds or its step budget."""
    listed = list_layouts(problem, limit)
    if listed is None or len(listed[1]) < 2:
        return None
    found = EndgameSearch(problem, *listed, time_limit=time_limit).best()
    return None if found is None else (found[0], found[1], len(listed[1]))
