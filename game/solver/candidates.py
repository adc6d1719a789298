"""Which cells a guess weighs: the candidates for the look-ahead of :mod:`game.solver.bestmove`.

About JSMinesweeper's set (D. Hill): the living cells at most CANDIDATE_MARGIN riskier than
the safest, up to MAX_FRONTIER_CANDIDATES on the frontier, and up to
MAX_INTERIOR_CANDIDATES off it: the cells most likely to open an area (fewest covered
neighbours: corners, edges) and the cells next to the frontier (they tell most about it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.board import Cell, neighbours
from game.solver.probabilities import Probabilities
from game.solver.problem import Problem

# The candidates weighed: about JSMinesweeper's set (cells at least 90 % as safe as the
# safest). Paired on Expert opening seeds 10001-12000, margin 0.1 with up to 16 + 8
# cells won 16 games the narrower set (0.05, 8 + 4) lost and lost 13 it won.
CANDIDATE_MARGIN = 0.1  # extra mine probability a candidate may carry over the lowest
MAX_FRONTIER_CANDIDATES = 16
MAX_INTERIOR_CANDIDATES = 8
INFORMING_CANDIDATES = 4  # of those, next to the frontier


@dataclass
class Candidate:
    """A guess considered: its mine probability and what the look-ahead found."""

    cell: Cell
    mine: float
    progress: float = 0.0
    next_safety: float = 0.0
    score: float = 0.0
    dead: bool = False
    values: dict[int, float] = field(default_factory=dict)
    common: frozenset = frozenset()  # cells certain to be safe whenever this cell is safe


def candidates_for(problem: Problem, probs: Probabilities) -> list[Candidate]:
    """Living cells worth a look-ahead: near-lowest probability, frontier and off it.

    Every cell off the frontier has the same probability, so they are all near-lowest or
    none is; they are never listed one by one (a 1000x1000 board has a million)."""
    floats, mines = probs.floats, probs.mines
    front = [(floats[c], c) for c in problem.frontier if c not in mines]
    first = next(iter(problem.interior), None)
    inner = floats[first] if first is not None and first not in mines else None
    low = min([p for p, _ in front] + ([] if inner is None else [inner]))
    frontier = sorted(pc for pc in front if pc[0] <= low + CANDIDATE_MARGIN)[:MAX_FRONTIER_CANDIDATES]
    if inner is None or inner > low + CANDIDATE_MARGIN:
        return [Candidate(c, p) for p, c in frontier]
    # Off the frontier: the cells most likely to open (fewest covered neighbours: corners,
    # edges) and the cells next to the frontier (they tell most about it).
    opening = [(inner, c) for c in _fewest_covered(problem, MAX_INTERIOR_CANDIDATES)]
    informing = sorted(((inner, c) for c in _beside_frontier(problem)),
                       key=lambda pc: (-_revealed_near(problem, pc[1]), pc[1]))
    informing += sorted(pc for pc in opening if not _revealed_near(problem, pc[1]))
    picked: list = []
    for pc in opening[:MAX_INTERIOR_CANDIDATES - INFORMING_CANDIDATES] + informing:
        if len(picked) >= MAX_INTERIOR_CANDIDATES:
            break
        if pc not in picked and (pc in opening or _revealed_near(problem, pc[1])):
            picked.append(pc)
    chosen = frontier + picked
    return [Candidate(c, p) for p, c in chosen]


def _off_frontier(problem: Problem, cell: Cell) -> bool:
    return cell in problem.unknown and cell not in problem.frontier


def _fewest_covered(problem: Problem, k: int) -> list[Cell]:
    """The first ``k`` cells off the frontier by (covered neighbours, cell).

    Without counting every cell's neighbours: only a cell on the board's edge or beside a
    revealed or flagged cell has fewer than 8 covered neighbours, and a covered cell beside
    a revealed one is on the frontier (every revealed cell's covered neighbours are in its
    constraint), so off the frontier only the edge and the flags' neighbours are looked
    at; every other cell has 8 and ranks by its (row, col) alone."""
    rows, cols = problem.rows, problem.cols
    edge = {(r, c) for r in range(rows) for c in (0, cols - 1)}
    edge.update((r, c) for c in range(cols) for r in (0, rows - 1))
    fewer = {cell for cell in edge if _off_frontier(problem, cell)}
    for cell in problem.flags:
        fewer.update(n for n in neighbours(cell, rows, cols) if _off_frontier(problem, n))
    ranked = sorted(fewer, key=lambda cell: (_covered_around(problem, cell), cell))[:k]
    for cell in problem.interior:  # row-major: the 8-neighbour cells in rank order
        if len(ranked) >= k:
            break
        if cell not in fewer:
            ranked.append(cell)
    return ranked


def _beside_frontier(problem: Problem) -> set[Cell]:
    """The cells off the frontier next to a covered frontier cell."""
    return {n for f in problem.frontier for n in neighbours(f, problem.rows, problem.cols)
            if _off_frontier(problem, n)}


def _covered_around(problem: Problem, cell: Cell) -> int:
    return sum(1 for n in neighbours(cell, problem.rows, problem.cols) if n in problem.unknown)


def _revealed_near(problem: Problem, cell: Cell) -> int:
    return sum(1 for n in neighbours(cell, problem.rows, problem.cols) if n in problem.frontier)
