"""The chance of winning from a position: exact for small positions, else an estimate.

Every mine layout consistent with the position (its revealed numbers, its flags counted as
mines, its total mine count) is taken as equally likely. The position is played as it
stands: a click on a covered cell may hit a mine even when nothing is revealed yet (no
first-click protection; a board opened from a file is played so too).

*Exact* (method ``"exact"``): the probability of winning with best play, over all the
consistent layouts, frontier and off-frontier cells alike. Every layout is listed
(:func:`game.solver.endgame.list_layouts`) and the rest of the game is searched
(:class:`game.solver.endgame.EndgameSearch`, JSMinesweeper's BruteForceAnalysis ideas: dead
and linked guesses skipped, positions memoised); the cells safe in every layout are revealed
first. Tried only within these limits, each affordable in a couple of seconds
(docs/review-and-solver.md, "Win chance"):

- :data:`EXACT_COVERED` covered unflagged cells (the listing recurses a cell at a time),
- :data:`EXACT_FRONTIER` frontier cells,
- :data:`EXACT_LAYOUTS` consistent layouts,
- :data:`EXACT_STEPS` search steps and :data:`EXACT_SECONDS` seconds (less if the budget is);
  a search cut short gives way to the estimate.

Measured on 330 random positions of 100 to 6,000 layouts (boards up to 8x9, CPython, one
core): every one of the 147 with at most 500 layouts searched in under 0.7 s, 61 of the 62
with 501 to 1,000 and 48 of the 52 with 1,001 to 2,000 in under 2 s; past 2,000 a third ran
past 20 s (the hard ones are wide open positions: few numbers, many cells off the frontier).

*Estimate* (method ``"estimate"``) beyond them: the project's solver
(:class:`game.solver.analysis.Solver`, which sees only the visible position) plays the
position to its end over N layouts drawn uniformly by :class:`game.solver.sample.LayoutSampler`;
the win rate with a 95 % Wilson interval. N is ``games`` (:data:`GAMES` by default) or fewer
when the time ``budget`` runs out first: the budget is looked at after every move, a game it
cuts short is not counted, and when no game finished in time the chance is not known
(``value`` None, the interval 0..1: a 1000x1000 game takes longer than any default budget).
The solver's play is not best play, so the estimate is a lower bound of the exact value, up
to chance.

:class:`WinChanceRun` does the work a step at a time (a window can run it on a thread or in
the solver's process and show its progress); :func:`win_chance` runs it to the end. No
pygame here.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from game.boardfile import BoardFile, loaded_match
from game.rules.board import Config
from game.rules.engine import State
from game.solver.analysis import Solver, play_out
from game.solver.endgame import EndgameSearch, list_layouts
from game.solver.problem import build_problem
from game.solver.sample import LayoutSampler

EXACT_COVERED = 120  # covered unflagged cells at most for the exact search (each step scans them all)
EXACT_FRONTIER = 80  # frontier cells at most for the exact search
EXACT_LAYOUTS = 2000  # consistent layouts at most for the exact search
EXACT_STEPS = 100_000  # search steps at most (some 30,000 a second in CPython)
EXACT_SECONDS = 2.0  # seconds at most for the exact search, less when the budget is less
GAMES = 200  # games simulated by an estimate, by default
BUDGET = 60.0  # seconds an estimate may take, by default
Z95 = 1.959963984540054  # the normal quantile of a 95 % interval

EXACT, ESTIMATE = "exact", "estimate"


@dataclass(frozen=True)
class WinChance:
    """The chance of winning from a position.

    value: the chance, 0..1; None when no simulated game finished within the budget. low,
    high: its 95 % interval (both equal ``value`` when exact; 0 and 1 when not known).
    method: "exact" (best play over every layout) or "estimate" (the solver's play over
    ``games`` sampled layouts). layouts: the number of consistent layouts (an exact int).
    covered: covered unflagged cells (flags ignored: covered cells). frontier: covered cells
    next to a revealed number. games: games simulated (0 when exact), wins: those won.
    seconds: the time taken.
    """

    value: float | None
    low: float
    high: float
    method: str
    layouts: int
    covered: int
    frontier: int
    games: int
    wins: int
    seconds: float

    @property
    def exact(self) -> bool:
        return self.method == EXACT


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (low, high) of ``wins`` out of ``n`` trials, as fractions
    (0..1); (0, 1) when ``n`` is 0."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


class WinChanceRun:
    """The work of one win chance, a step at a time.

    board: the position (a :class:`game.boardfile.BoardFile`; known mines are not looked at).
    games: the most games an estimate simulates. budget: seconds the whole run may take
    (None: no limit; an estimate then plays all ``games``). rng: draws the layouts (seeded:
    the same games each time). ignore_flags: flags are ordinary covered cells. exact: False
    skips the exact search (for measurements).
    Call :meth:`step` until it returns True, then :meth:`result`; :attr:`progress` is the
    share done, 0..1.

    Raises (from the constructor):
        game.solver.problem.InconsistentPosition: no layout fits the position.
        game.solver.sample.TooHardToSample: a frontier group too large to draw layouts from.
    """

    def __init__(self, board: BoardFile, games: int = GAMES, budget: float | None = BUDGET,
                 rng: random.Random | None = None, ignore_flags: bool = False, exact: bool = True):
        self.start = time.perf_counter()
        self.board = board
        self.problem = build_problem(board, ignore_flags)
        self.sampler = LayoutSampler(self.problem)  # (raises InconsistentPosition as the analysis would)
        self.games = max(1, games)
        self.budget = budget
        self.rng = rng or random.Random()
        self.ignore_flags = ignore_flags
        self.solver = Solver(ignore_flags)
        self.config = Config(board.rows, board.cols, board.mines)
        self.played = self.wins = 0
        self._game = None  # the simulated game in play: (match, its moves: game.solver.analysis.play_out)
        self._result: WinChance | None = None
        self._exact_tried = not exact

    @property
    def progress(self) -> float:
        """The share of the work done, 0..1."""
        if self._result is not None:
            return 1.0
        share = self.played / self.games
        if self.budget:
            share = max(share, min(1.0, (time.perf_counter() - self.start) / self.budget))
        return min(1.0, share)

    @property
    def done(self) -> bool:
        return self._result is not None

    def step(self, seconds: float = 0.05) -> bool:
        """Work for about ``seconds`` (at least one solver's move while the budget lasts; the
        first step tries the exact search, up to :data:`EXACT_SECONDS`); True when finished."""
        if self._result is not None:
            return True
        if not self._exact_tried:
            self._exact_tried = True
            self._result = self._exact()
            if self._result is not None:
                return True
        until = time.perf_counter() + seconds
        while True:
            if self.budget and time.perf_counter() - self.start >= self.budget:
                self._result = self._estimate()  # (a game cut short is not counted)
                return True
            self._move()
            if self.played >= self.games:
                self._result = self._estimate()
                return True
            if time.perf_counter() >= until:
                return False

    def stop(self) -> WinChance:
        """Stop now: the result from the games finished so far (a game in play is not
        counted; none finished: the chance is not known)."""
        if self._result is None:
            self._result = self._estimate()
        return self._result

    def result(self) -> WinChance:
        """The finished result.

        Raises:
            RuntimeError: the run is not finished (see :meth:`step`, :meth:`stop`).
        """
        if self._result is None:
            raise RuntimeError("win chance: not finished")
        return self._result

    def _figures(self) -> dict:
        problem = self.problem
        return {"layouts": self.sampler.layouts, "covered": len(problem.unknown), "frontier": len(problem.frontier)}

    def _exact(self) -> WinChance | None:
        problem = self.problem
        if len(problem.unknown) > EXACT_COVERED or len(problem.frontier) > EXACT_FRONTIER:
            return None
        if self.sampler.layouts > EXACT_LAYOUTS:
            return None
        listed = list_layouts(problem, EXACT_LAYOUTS)
        if listed is None:
            return None
        cells, layouts = listed
        seconds = EXACT_SECONDS if not self.budget else min(EXACT_SECONDS, self.budget)
        search = EndgameSearch(problem, cells, layouts, step_limit=EXACT_STEPS, time_limit=seconds)
        wins = search.wins()
        if wins is None:
            return None
        value = wins / len(layouts)
        return WinChance(value, value, value, EXACT, games=0, wins=0,
                         seconds=time.perf_counter() - self.start, **self._figures())

    def _move(self) -> None:
        """One move of the simulated game in play (a new game first when none is: a layout
        drawn, the position laid on it); a game that ends is counted."""
        if self._game is None:
            layout = self.sampler.draw(self.rng)
            board = self.board
            flags = frozenset() if self.ignore_flags else frozenset(board.flags) - board.revealed.keys()
            laid = BoardFile(board.rows, board.cols, board.mines, board.revealed, flags, layout)
            match = loaded_match(laid, self.config, rng=random.Random(0))
            self._game = (match, play_out(match, self.solver))
        match, moves = self._game
        if next(moves, None) is None or match.game.over:
            self._game = None
            self.played += 1
            self.wins += match.game.state is State.WON

    def _estimate(self) -> WinChance:
        low, high = wilson(self.wins, self.played)
        value = self.wins / self.played if self.played else None
        return WinChance(value, low, high, ESTIMATE, games=self.played, wins=self.wins,
                         seconds=time.perf_counter() - self.start, **self._figures())


def win_chance(board: BoardFile, games: int = GAMES, budget: float | None = BUDGET,
               rng: random.Random | None = None, ignore_flags: bool = False,
               progress: Callable[[float], None] | None = None) -> WinChance:
    """The chance of winning from ``board``'s position (see the module docstring): exact
    within the limits, else an estimate over at most ``games`` simulated games in at most
    ``budget`` seconds (None: no limit). ``progress`` is called with the share done (0..1)
    now and then.

    Raises:
        game.solver.problem.InconsistentPosition: no layout fits the position.
        game.solver.sample.TooHardToSample: a frontier group too large to draw layouts from.
    """
    run = WinChanceRun(board, games, budget, rng, ignore_flags)
    while not run.step():
        if progress is not None:
            progress(run.progress)
    if progress is not None:
        progress(1.0)
    return run.result()
