"""Choosing the next cell to reveal.

1. A certain-safe cell if there is one: the one most likely to open an area (a zero).
2. Few layouts left: an exact search of the rest of the game (:mod:`game.solver.endgame`).
3. Otherwise a guess, in the manner of JSMinesweeper (D. Hill) and Tu et al.'s look-ahead:
   candidates are the living cells whose mine probability is close to the lowest (a few
   cells off the frontier too: corners and edges open more). For each, every number it
   could show is played out exactly (:mod:`game.solver.lookahead`), giving
   - *progress*: the chance the reveal leaves a certain-safe cell to play, and
   - *next safety*: the survival chance of the move after it (1 after progress).
   The score is safety x expected next safety x (1 + a small bonus for progress), which
   estimates the chance of surviving two moves. A *dead* cell (one number possible, so
   revealing it teaches nothing) is never chosen while a living cell remains.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from game.board import Cell, neighbours
from game.solver.endgame import EndgameSearch, list_layouts
from game.solver.lookahead import outcomes
from game.solver.probabilities import GroupCache, Probabilities, split_groups
from game.solver.problem import Problem

CANDIDATE_MARGIN = 0.05  # extra mine probability a candidate may carry over the lowest
MAX_FRONTIER_CANDIDATES = 8
MAX_INTERIOR_CANDIDATES = 4
INFORMING_CANDIDATES = 2  # of those, next to the frontier
PROGRESS_BONUS = 0.1
ENDGAME_LAYOUTS = 300
GUESS_BUDGET = 0.7  # seconds for choosing a guess: endgame search, then look-ahead
ENDGAME_SHARE = 0.5  # of that budget the endgame search may use


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


@dataclass
class Move:
    """The chosen move.

    cell: (row, col) to reveal. kind: 'safe', 'guess', 'endgame' or 'none' (nothing covered).
    survival: chance the reveal is safe. win: with 'endgame', the chance of winning the game.
    candidates: the guesses weighed (best first) for the explanation.
    """

    cell: Cell | None
    kind: str
    survival: float = 1.0
    win: float | None = None
    candidates: list[Candidate] = field(default_factory=list)


def opening_chance(problem: Problem, probs: Probabilities, cell: Cell) -> float:
    """Rough chance that ``cell`` is a zero: its unknown neighbours all safe (independence assumed)."""
    chance = 1.0
    for n in neighbours(cell, problem.rows, problem.cols):
        if n in problem.flags:
            return 0.0
        if n in probs.weight:
            chance *= 1.0 - probs.probability(n)
    return chance


def choose_safe(problem: Problem, probs: Probabilities) -> Cell:
    """The certain-safe cell most likely to open an area (ties: row-major first)."""
    return max(sorted(probs.safe), key=lambda c: opening_chance(problem, probs, c))


def best_move(problem: Problem, probs: Probabilities, cache: GroupCache | None = None,
              budget: float = GUESS_BUDGET) -> Move:
    """The move to play in ``problem`` with probabilities ``probs`` (see the module docstring)."""
    if len(probs.mines) == len(probs.weight):
        return Move(None, "none")  # every covered cell is a mine: the game is won
    if probs.safe:
        return Move(choose_safe(problem, probs), "safe")
    start = time.perf_counter()
    if not probs.approximate and probs.total <= ENDGAME_LAYOUTS:
        listed = list_layouts(problem, ENDGAME_LAYOUTS)
        if listed is not None:
            found = EndgameSearch(problem, *listed, time_limit=budget * ENDGAME_SHARE).best()
            if found is not None:
                cell, win = found
                return Move(cell, "endgame", 1.0 - probs.probability(cell), win)
    return guess(problem, probs, cache, budget - (time.perf_counter() - start))


def candidates_for(problem: Problem, probs: Probabilities) -> list[Candidate]:
    """Living cells worth a look-ahead: near-lowest probability, frontier and off it."""
    living = [(p, c) for c, p in probs.as_floats().items() if c not in probs.mines]
    low = min(p for p, _ in living)
    near = sorted((p, c) for p, c in living if p <= low + CANDIDATE_MARGIN)
    frontier = [(p, c) for p, c in near if c in problem.frontier][:MAX_FRONTIER_CANDIDATES]
    interior = [(p, c) for p, c in near if c not in problem.frontier]
    # Off the frontier: the cells most likely to open (fewest covered neighbours: corners,
    # edges) and the cells next to the frontier (they tell most about it).
    opening = sorted(interior, key=lambda pc: (_covered_around(problem, pc[1]), pc[1]))
    informing = sorted(interior, key=lambda pc: (-_revealed_near(problem, pc[1]), pc[1]))
    picked: list = []
    for pc in opening[:MAX_INTERIOR_CANDIDATES - INFORMING_CANDIDATES] + informing:
        if len(picked) >= MAX_INTERIOR_CANDIDATES:
            break
        if pc not in picked and (pc in opening[:MAX_INTERIOR_CANDIDATES] or _revealed_near(problem, pc[1])):
            picked.append(pc)
    chosen = frontier + picked
    return [Candidate(c, p) for p, c in chosen]


def _covered_around(problem: Problem, cell: Cell) -> int:
    return sum(1 for n in neighbours(cell, problem.rows, problem.cols) if n in problem.unknown)


def _revealed_near(problem: Problem, cell: Cell) -> int:
    return sum(1 for n in neighbours(cell, problem.rows, problem.cols) if n in problem.frontier)


def evaluate(problem: Problem, probs: Probabilities, cand: Candidate, cache: GroupCache | None,
             base_groups=None, deadline: float | None = None) -> bool:
    """Fill in a candidate's progress, next safety, score and deadness by look-ahead.

    Returns False (candidate left unevaluated) when ``deadline`` passes first.
    """
    safety = 1.0 - cand.mine
    found = outcomes(problem, probs, cand.cell, cache, base_groups, deadline)
    if found is None:
        return False
    cand.values = {o.value: o.chance for o in found}
    cand.dead = len(found) <= 1
    progress = next_safety = 0.0
    for o in found:
        share = o.chance / safety if safety else 0.0
        if o.after.safe:
            progress += share
            next_safety += share
        elif o.after.weight:
            next_safety += share * (1.0 - min(o.after.as_floats().values()))
        else:
            next_safety += share  # nothing left covered: the game is won
    cand.progress, cand.next_safety = progress, next_safety
    cand.score = safety * next_safety * (1.0 + PROGRESS_BONUS * progress)
    return True


def guess(problem: Problem, probs: Probabilities, cache: GroupCache | None = None,
          budget: float = GUESS_BUDGET) -> Move:
    """The best guess by look-ahead on near-lowest-probability cells."""
    start = time.perf_counter()
    cands = candidates_for(problem, probs)
    groups = split_groups(problem.constraints)
    evaluated = []
    for cand in cands:
        # The first candidate is always evaluated in full; the others only within the budget.
        if evaluate(problem, probs, cand, cache, groups, start + budget if evaluated else None):
            evaluated.append(cand)
        else:
            break
    living = [c for c in evaluated if not c.dead]
    if not living:
        living = _any_living(problem, probs, cache, start + budget) or evaluated
    living.sort(key=lambda c: (-c.score, c.mine, c.cell))
    best = living[0]
    return Move(best.cell, "guess", 1.0 - best.mine, None, living)


def _any_living(problem, probs, cache, deadline) -> list[Candidate]:
    """All near-best candidates are dead: try the other cells, safest first, until the deadline."""
    rest = sorted((p, c) for c, p in probs.as_floats().items() if c not in probs.mines)
    for p, c in rest:
        cand = Candidate(c, p)
        if not evaluate(problem, probs, cand, cache, None, deadline):
            break
        if not cand.dead:
            return [cand]
    return []
