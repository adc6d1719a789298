"""Choosing the next cell to reveal.

1. A certain-safe cell if there is one: the one most likely to open an area (a zero).
2. An unavoidable 50/50 (:mod:`game.solver.fifty`): guessed at once, before other risks;
   likewise a guess in an isolated region, chosen by exact search (:mod:`game.solver.isolated`).
3. Few layouts left (at most ENDGAME_LAYOUTS, 1000): an exact search of the rest of the
   game (:mod:`game.solver.endgame`), which skips dead and linked guesses as JSMinesweeper's
   brute force does (why 1000: docs/measurements.md, "The solver's choice of a guess").
4. Otherwise a guess, in the manner of JSMinesweeper (D. Hill) and Tu et al.'s look-ahead:
   candidates are the living cells whose mine probability is close to the lowest (a few
   cells off the frontier too: corners and edges open more; :mod:`game.solver.candidates`). For each, every number it
   could show is played out exactly (:mod:`game.solver.lookahead`), giving
   - *progress*: the chance the reveal leaves a certain-safe cell to play, and
   - *next safety*: how safe the move after it is, blended as in JSMinesweeper: 0.8 x
     the best survival chance + 0.2 x the second best (1 when certain-safe cells follow).
   The score is safety x expected next safety x (1 + a tiny bonus for progress), which
   estimates the chance of surviving two moves; the bonus only breaks near-ties (measured:
   docs/measurements.md). A *dead* cell (one number possible, so revealing it teaches
   nothing) is never chosen while a living cell remains.
   A cell that may be the last way to resolve a would-be 50/50 (a *breaker*, see
   :func:`game.solver.fifty.breaker_influence`) has its score raised by up to 90 %, as
   JSMinesweeper's 50/50 influence does, and is weighed even if slightly riskier.
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass, field

from game.rules.board import Cell, neighbours
from game.solver.candidates import Candidate, candidates_for
from game.solver.endgame import search_exactly
from game.solver.reasons import CLOSED_AREA, FIFTY_FIFTY, TOO_BIG, Reason
from game.solver.fifty import breaker_influence, forced_fifty
from game.solver.isolated import region_move
from game.solver.lookahead import outcomes
from game.solver.probabilities import GroupCache, Probabilities, split_groups
from game.solver.problem import Problem

PROGRESS_BONUS = 0.001  # tiny: breaks near-ties by progress (JSMinesweeper uses 0.001)
SECOND_WEIGHT = 0.2  # share of the second-safest cell in a position's blended safety
LIVING_NEXT = 1  # blended safety over living cells only (0: all cells, for benchmarks)
NEXT_LOOK = 8  # safest cells examined for deadness before looking at all of them
ENDGAME_LAYOUTS = 1000  # search the rest of the game exactly at most this many layouts (was 300)
GUESS_BUDGET = 0.7  # seconds for choosing a guess: endgame search, then look-ahead
ENDGAME_SHARE = 0.5  # of that budget the endgame search may use
DOMINANCE = 0  # 1: swap the best guess for a safer one its safety implies (no gain measured)
DOMINANCE_MARGIN = 0.001  # mine probability the swapped-in cell must save at least
INFLUENCE_WEIGHT = 0.9  # score x (1 + this x 50/50 influence) for breakers (0: off)
INFLUENCE_MARGIN = 0.1  # breakers this much riskier than the best candidate are still weighed
MAX_INFLUENCE_CANDIDATES = 3
ISOLATED_REGIONS = 1  # play isolated regions by exact search first (0: off, for benchmarks)
EARLY_FIFTY = 1  # guess an unavoidable 50/50 as soon as it appears (0: off, for benchmarks)
# Past this many covered cells one hypothetical reveal (a recount with binomials of
# thousands of digits) costs a large share of the 2 s bound, so the guess is chosen
# without look-ahead. 1000x1000 custom boards go to a million; Expert has 480.
LOOKAHEAD_MAX_UNKNOWN = 20_000


@dataclass
class BestMove:
    """The chosen move.

    cell: (row, col) to reveal. kind: 'safe', 'guess', 'endgame' or 'none' (nothing covered).
    survival: chance the reveal is safe. win: with 'endgame', the chance of winning the game;
    with a 'guess' in an isolated region (game.solver.isolated), of clearing that region.
    candidates: the guesses weighed (best first) for the explanation.
    note: an extra reason for the explanation (game.solver.explain.Reason: why an early 50/50
        guess, a closed-off area's search, no look-ahead on a huge board), or None.
    """

    cell: Cell | None
    kind: str
    survival: float = 1.0
    win: float | None = None
    candidates: list[Candidate] = field(default_factory=list)
    note: Reason | None = None

    @property
    def proven(self) -> bool:
        """True when no play can do better than this move from this position: a
        certain-safe cell, nothing left, the exact endgame search, an unavoidable 50/50
        (game.solver.fifty) or a closed area's exact search (game.solver.isolated). False
        for a heuristic guess (look-ahead, or none on a huge board).

        So a game played with proven moves only was played as well as any player could,
        given the first click: lost, no other play would have won more often from there.
        ``bench/bench_solver.py`` bounds the best possible win rate with it."""
        return self.kind != "guess" or (self.note is not None and self.note.kind in (FIFTY_FIFTY, CLOSED_AREA))


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
              budget: float = GUESS_BUDGET) -> BestMove:
    """The move to play in ``problem`` with probabilities ``probs`` (see the module docstring)."""
    if len(probs.mines) == len(probs.weight):
        return BestMove(None, "none")  # every covered cell is a mine: the game is won
    if probs.safe:
        return BestMove(choose_safe(problem, probs), "safe")
    pair = forced_fifty(problem, probs) if EARLY_FIFTY else None
    if pair is not None:
        a, b = pair
        return BestMove(a, "guess", 1.0 - probs.probability(a), note=Reason(FIFTY_FIFTY, {"cell": a, "other": b}))
    start = time.perf_counter()
    groups = probs.constraint_groups or split_groups(problem.constraints)  # for the region search, look-ahead
    region = region_move(problem, probs, budget * ENDGAME_SHARE, groups) if ISOLATED_REGIONS else None
    if region is not None:
        cell, win, count = region
        return BestMove(cell, "guess", 1.0 - probs.probability(cell), win,
                    note=Reason(CLOSED_AREA, {"layouts": count, "win": win}))
    if probs.layouts_at_most(ENDGAME_LAYOUTS):
        found = search_exactly(problem, ENDGAME_LAYOUTS, budget * ENDGAME_SHARE)
        if found is not None:
            cell, win, _ = found
            return BestMove(cell, "endgame", 1.0 - probs.probability(cell), win)
    return guess(problem, probs, cache, budget - (time.perf_counter() - start), groups)


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
    common = None
    for o in found:
        common = set(o.after.safe) if common is None else common & o.after.safe
        share = o.chance / safety if safety else 0.0
        if o.after.safe:
            progress += share
        next_safety += share * blended_safety(o.after)
    cand.progress, cand.next_safety = progress, next_safety
    cand.common = frozenset(common or ())
    cand.score = safety * next_safety * (1.0 + PROGRESS_BONUS * progress)
    return True


def blended_safety(after: Probabilities) -> float:
    """How safe the next move of a position is: (1 - w) x the best survival chance +
    w x the second best (w = SECOND_WEIGHT), over the *living* cells that are not certain
    mines (a dead cell, whose number is already known, is no way forward; JSMinesweeper's
    "blended safety" of its best living tiles, w = 0.2). When every such cell is dead,
    the best of them counts (one must still be revealed); 1 when nothing is left to reveal.
    """
    # (the exact weights are read only for the rare p == 1.0, rounded or exact)
    ranked = heapq.nsmallest(NEXT_LOOK, ((p, cell) for cell, p in after.floats.items()
                                         if p < 1.0 or not _certain_mine(after, cell)))
    if not ranked:
        return 1.0  # every covered cell is a mine: the game is won

    def alive(cell: Cell) -> bool:
        return not (LIVING_NEXT and looks_dead(after, cell))

    living = [1.0 - p for p, cell in ranked if alive(cell)]
    if len(living) < 2 and len(ranked) == NEXT_LOOK:  # rare: look further down the list
        living = sorted((1.0 - p for cell, p in after.floats.items()
                         if (p < 1.0 or not _certain_mine(after, cell)) and alive(cell)), reverse=True)[:2]
    if not living:
        return 1.0 - ranked[0][0]
    best = living[0]
    second = living[1] if len(living) > 1 else 0.0
    return (1.0 - SECOND_WEIGHT) * best + SECOND_WEIGHT * second


def _certain_mine(probs: Probabilities, cell: Cell) -> bool:
    """True when ``cell``'s weight is exactly 1: a certain mine by the count, estimated or not."""
    num, den = probs.weight[cell]
    return num == den


def looks_dead(probs: Probabilities, cell: Cell) -> bool:
    """True when ``cell``'s number, if it is safe, is already known: every covered
    neighbour is a certain mine or certain to be safe. (A sufficient test for a dead
    cell; cells whose neighbours are uncertain but tied together are not caught.)"""
    problem = probs.problem
    weight = probs.weight
    for n in neighbours(cell, problem.rows, problem.cols):
        w = weight.get(n)
        if w is not None and 0 < w[0] < w[1]:
            return False
    return True


def guess(problem: Problem, probs: Probabilities, cache: GroupCache | None = None,
          budget: float = GUESS_BUDGET, groups: list | None = None) -> BestMove:
    """The best guess by look-ahead on near-lowest-probability cells.

    groups: ``split_groups(problem.constraints)`` if the caller has it already."""
    start = time.perf_counter()
    cands = candidates_for(problem, probs)
    if len(probs.weight) > LOOKAHEAD_MAX_UNKNOWN:
        return _without_lookahead(problem, probs, cands)
    influence = breaker_influence(problem, probs) if INFLUENCE_WEIGHT else {}
    if influence:
        have = {c.cell for c in cands}
        low = min(c.mine for c in cands)
        extra = sorted((probs.probability(x), x) for x in influence
                       if x not in have and probs.probability(x) <= low + INFLUENCE_MARGIN)
        cands += [Candidate(x, p) for p, x in extra[:MAX_INFLUENCE_CANDIDATES]]
    if groups is None:
        groups = split_groups(problem.constraints)
    evaluated = []
    for cand in cands:
        # The first candidate is always evaluated in full; the others only within the budget.
        if evaluate(problem, probs, cand, cache, groups, start + budget if evaluated else None):
            evaluated.append(cand)
        else:
            break
    for cand in evaluated:
        if cand.cell in influence:
            cand.score *= 1.0 + INFLUENCE_WEIGHT * influence[cand.cell]
    living = [c for c in evaluated if not c.dead]
    if not living:
        living = _any_living(problem, probs, cache, start + budget) or evaluated
    living.sort(key=lambda c: (-c.score, c.mine, c.cell))
    if DOMINANCE:
        _prefer_dominating(living)
    best = living[0]
    return BestMove(best.cell, "guess", 1.0 - best.mine, None, living)


def _without_lookahead(problem: Problem, probs: Probabilities, cands: list[Candidate]) -> BestMove:
    """A guess on a huge board: the safest candidate, ties to the one most likely to open."""
    best = min(cands, key=lambda c: (c.mine, -opening_chance(problem, probs, c.cell), c.cell))
    return BestMove(best.cell, "guess", 1.0 - best.mine, note=Reason(TOO_BIG, {"covered": len(probs.weight)}))


def _prefer_dominating(ranked: list[Candidate]) -> None:
    """If the best candidate being safe makes a safer candidate certain to be safe, play
    that one first (in place): it is less risky, and whenever the best one would have
    survived it survives too (JSMinesweeper's "alternative move")."""
    best = ranked[0]
    for i, alt in enumerate(ranked[1:], 1):
        if alt.mine < best.mine - DOMINANCE_MARGIN and alt.cell in best.common:
            ranked[0], ranked[i] = alt, best
            return


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
