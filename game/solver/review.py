"""The review of a played game: a verdict on every move, from the position the player saw.

Facts in, facts out: no words here (the report layer, ``game.commands.review_report``, and the window
say them). No pygame here.

A move is reviewed on the position just before it: the revealed numbers, the covered cells
and the total mine count, flags ignored (a flag may be wrong; the window's solver ignores
them too), analysed exactly: the probabilities :func:`game.solver.probabilities.solve`
gives, worked out from the position before (see "Bounded work" below). The *cells a move
revealed* are the cells the player chose to uncover: a reveal's clicked cell, a chord's
covered unflagged neighbours (what the engine's ``chord_targets`` gives); the cells an
opening floods afterwards follow from those and are not judged.

Verdicts (:data:`VERDICTS`):

- ``certain``: every cell the move revealed was proven safe (the first reveal of a covered
  board too, when the first-click rule protected it: ``rule == "first_click"``);
- ``mistake``: the move was certain to reveal a mine: a cell proven to be a mine, or a chord
  whose cells hold a mine in every layout (a chord around a wrongly placed flag); its
  ``proof`` says why that cell was a mine (:func:`game.solver.explain.explain_mine`);
- ``forced_guess``: the one cell the move risked is one side of an unavoidable 50/50
  (:func:`game.solver.fifty.fifty_partner`, the pair the solver itself guesses at once, a
  proven move: :attr:`game.solver.bestmove.BestMove.proven`): no play, now or later, can tell
  the two apart, so the coin has to be tossed sooner or later at the same 1/2, whatever
  else is safe on the board. Never needless, wherever it is taken;
- ``needless_guess``: none of these, and some cell on the board was proven safe;
- ``guess``: none of these, and no cell was proven safe;
- ``flag`` / ``unflag``: a flag placed / taken off; a flag on a cell proven safe has
  ``wrong_flag``.

*Survival* of a reveal or chord: the chance that every cell it revealed is safe, over the
layouts that fit the position, all equally likely. For one cell that is 1 minus its mine
probability; for a chord revealing several unproven cells it is the joint chance, counted
exactly (the position with those cells forced empty, over the position: not the product of
the cells' own chances, which are not independent). *Luck* is the product of the survival of
every guess (``guess``, ``forced_guess`` or ``needless_guess``) the player survived, and ``pluck`` its -log10,
as Metasweeper shows it; the fatal move of a lost game is not in it.

Move numbers: a move's ``number`` counts the moves that changed the board, 1 for the first;
moves that changed nothing (wasted clicks) are not counted. The replay viewer steps through
exactly those moves, so the window's "Move 213 of 236", the text's ``#`` and the JSON's
``number`` name the same move.

Bounded work (a 36x60 game of 540 mines and 1,300 moves within seconds:
``bench/bench_review.py --big``, docs/review.md): each position is analysed once, from the one
before (:class:`game.solver.incremental.PositionTracker`): only the numbers beside the cells a
move opened are rebuilt, every cell an earlier position proved safe or a mine stays proved
(a reveal only narrows the layouts), and those cells, set aside, cut the frontier into small
groups, each counted once (a :class:`GroupCache`) while other parts of the board change. The
probabilities are exactly those of the position analysed alone (exact ints); only the work
shrinks. Flag moves reuse their position (flags do not change it).

The work per move is bounded: a group that passes ``REVIEW_NODE_LIMIT`` counting steps is
estimated, once (the estimate is cached too), and the move is then judged on the bounded
analysis, which it says (``approximate``, in the JSON too): its cells are still judged
certain or a mine only when numbers prove it (one count of the numbers touching them and
those overlapping these), so a certain move is not called a guess because a far group was
too big, and a move is never called a mistake on an estimate. The explanation of a needless
guess weighs the nearest safe cell and ``REVIEW_PROOF_TRIES`` others, a count (not a time),
so the same review comes out on any machine. A move keeps its position compactly (a byte a
cell: the revealed numbers and the cells proved before) and :attr:`MoveReview.position`
analyses it again on demand, the same way: a long game's positions are not all held at once.
"""

from __future__ import annotations

import math
import time
import zlib
from dataclasses import dataclass, field
from typing import Callable, Iterable

from game.rules.board import Cell, Config, mine_counts
from game.boardfile import BoardFile
from game.midend.match import Match
from game.rules.moves import CHORD, FLAG, REVEAL, Move
from game.rules.position import REVEALED
from game.solver.explain import Proof, explain_mine, held_in, simplest_proof
from game.solver.fifty import fifty_partner
from game.solver.incremental import PositionTracker, solve_with, with_no_mine_among
from game.solver.probabilities import NODE_LIMIT, GroupCache, Probabilities, count_group, solve
from game.solver.problem import Constraint, InconsistentPosition, build_problem

CERTAIN, FORCED, GUESS, NEEDLESS, MISTAKE, FLAGGED, UNFLAGGED = (
    "certain", "forced_guess", "guess", "needless_guess", "mistake", "flag", "unflag")
VERDICTS = (CERTAIN, FORCED, GUESS, NEEDLESS, MISTAKE, FLAGGED, UNFLAGGED)
GUESSES = (FORCED, GUESS, NEEDLESS)  # verdicts whose survival counts in the luck
UNFLAG = "unflag"  # the review's kind for a flag taken off (the log's kind is "flag" both ways)
SAFEST_TOLERANCE = 1e-9  # a cell within this of the lowest mine probability is among the safest
REVIEW_NODE_LIMIT = NODE_LIMIT  # counting steps per frontier group before it is estimated: the
# solver's own limit; the groups a review counts are small (game.solver.incremental), each counted
# once, so the 36x60 game of docs/review.md is counted exactly throughout
REVIEW_CACHE = 512  # frontier groups the review remembers (consecutive positions share most of
# theirs; a group of the 36x60 game weighs a few KB: docs/review.md)
REVIEW_PROOF_TRIES = 8  # safe cells besides the nearest whose proof a needless guess weighs (a count,
# not simplest_proof's time budget: the same review on any machine)
COVERED_BYTE = 255  # a covered cell in a move's compact position
SAFE_BYTE, MINE_BYTE = 253, 254  # a covered cell proven safe / a mine by an earlier position


@dataclass
class MoveReview:
    """One move that changed the board, reviewed.

    index: the move's position in its source's own list (the log's moves, or the replay's
        effective clicks), 0-based; moves that changed nothing are not reviewed.
    time_ms: game time of the move, ms. kind: "reveal", "chord", "flag" or "unflag".
    cell: (row, col) clicked (a chord's number). verdict: one of VERDICTS.
    revealed: the cells the move revealed (see the module docstring), with
        ``probabilities`` their mine probabilities (same order); empty for flags.
    mine_probability: a reveal's clicked cell's mine probability; a chord's chance of
        revealing at least one mine (1 - survival); None for flags.
    survival: 1 - mine_probability for reveals and chords, None for flags.
    safest_probability: the lowest mine probability of any covered cell in the position.
    among_safest: the move's mine probability was the lowest on the board (None for flags).
    safe_cells: every cell proven safe in the position, sorted. mines: every proven mine.
    proof: for a needless guess, the explanation of the simplest safe cell
        (:func:`game.solver.explain.simplest_proof`); for a mistake, why the cell it revealed
        was a mine (:func:`game.solver.explain.explain_mine`); else None.
    wrong_flag: a flag placed on a cell proven safe.
    exploded: the move revealed a mine (the game was lost on it).
    rule: "first_click" when the verdict comes from the first-click rule, else None.
    approximate: the move was judged on the bounded analysis: a frontier group of the position
        passed ``REVIEW_NODE_LIMIT`` counting steps and its probabilities are estimates (the
        verdict stays sound: certain or a mistake only when numbers prove it).
    number: the move's number, 1 for the first move that changed the board (see the module
        docstring: the same in the text, the JSON and the window).
    fifty: for a forced guess, the other cell of its unavoidable 50/50, else None.
    position: the solver's :class:`Probabilities` of the position (for explanations on
        demand; analysed again when asked, except for the last move).
    """

    index: int
    time_ms: int
    kind: str
    cell: Cell
    verdict: str
    revealed: tuple[Cell, ...] = ()
    probabilities: tuple[float, ...] = ()
    mine_probability: float | None = None
    survival: float | None = None
    safest_probability: float = 0.0
    among_safest: bool | None = None
    safe_cells: tuple[Cell, ...] = ()
    mines: tuple[Cell, ...] = ()
    proof: Proof | None = None
    wrong_flag: bool = False
    exploded: bool = False
    rule: str | None = None
    approximate: bool = False
    number: int = 0
    fifty: Cell | None = None
    seen: "Seen | None" = field(default=None, repr=False, compare=False)

    @property
    def position(self) -> Probabilities | None:
        return None if self.seen is None else self.seen.analysis()


class Seen:
    """The position a move was judged on, kept as bytes (a byte per cell: its number,
    COVERED_BYTE, or SAFE_BYTE / MINE_BYTE for a covered cell an earlier position had proven
    safe / a mine, which the analysis started from), analysed again on demand; ``probs`` kept
    as well when given (the last move).

    Past :data:`PACK_CELLS` cells the bytes are kept compressed (zlib, level 1: a 1000x1000
    position's megabyte, mostly runs of one number, takes some kilobytes and 2 ms), so that a
    long game on a big board does not hold a megabyte a move (docs/big-boards.md, "Reviews and
    analyses"); :attr:`cells` gives them back.
    """

    __slots__ = ("rows", "cols", "mines", "_data", "_probs")

    def __init__(self, rows: int, cols: int, mines: int, cells: bytes, probs: Probabilities | None = None):
        self.rows, self.cols, self.mines, self._probs = rows, cols, mines, probs
        self._data = zlib.compress(cells, 1) if len(cells) > PACK_CELLS else bytes(cells)

    @property
    def cells(self) -> bytes:
        """The position, a byte per cell, row-major (``rows * cols`` bytes)."""
        return zlib.decompress(self._data) if self.rows * self.cols > PACK_CELLS else self._data

    def __reduce__(self):
        """Pickled without the analysis (made again on demand): a review handed over from a
        child process (game.commands.review_apart) carries its positions as bytes only (compressed as
        they are kept)."""
        return _unpickle_seen, (self.rows, self.cols, self.mines, self._data)

    def analysis(self) -> Probabilities:
        """The position's :class:`Probabilities` (flags ignored), as the review made them."""
        if self._probs is None:
            cols, cells = self.cols, self.cells
            known = {divmod(i, cols): n - SAFE_BYTE for i, n in enumerate(cells) if n in (SAFE_BYTE, MINE_BYTE)}
            self._probs = analyse_position(self.board(), GroupCache(REVIEW_CACHE), known)
        return self._probs

    def board(self) -> BoardFile:
        cols = self.cols
        revealed = {divmod(i, cols): n for i, n in enumerate(self.cells) if n < SAFE_BYTE}
        return BoardFile(self.rows, self.cols, self.mines, revealed)


PACK_CELLS = 65_536  # cells past which a move's position is kept compressed (a 256x256 board)


def _unpickle_seen(rows: int, cols: int, mines: int, data: bytes) -> Seen:
    """A :class:`Seen` from its pickled fields (its bytes as kept: compressed past PACK_CELLS)."""
    seen = Seen.__new__(Seen)
    seen.rows, seen.cols, seen.mines, seen._data, seen._probs = rows, cols, mines, data, None
    return seen


def analyse_position(board: BoardFile, cache: GroupCache, known: dict[Cell, int] | None = None) -> Probabilities:
    """The review's analysis of one position: flags ignored, bounded (module docstring), from
    the cells ``known`` (cell -> 1 for a mine, 0 for safe) earlier positions proved."""
    return solve_with(build_problem(board, ignore_flags=True), known or {}, cache, REVIEW_NODE_LIMIT,
                      keep_estimates=True)


@dataclass(frozen=True)
class Unfinished:
    """The moves a review left when its time ran out: ``first`` and ``last``, their numbers
    (as :attr:`MoveReview.number` counts: moves that changed the board), ``count`` of them,
    and ``budget``, the seconds the review was given."""

    first: int
    last: int
    count: int
    budget: float


@dataclass
class Review:
    """A whole game reviewed: ``rows``, ``cols``, ``mines`` (the count), ``won``, ``moves``
    (MoveReview, game order), and the summary: ``guesses``, ``forced_guesses`` and
    ``needless_guesses`` (moves with that verdict), ``mistakes``, ``luck`` (product of the survived guesses' survival,
    1.0 with none) and ``pluck`` (-log10 of luck), ``guesses_survived``. ``unfinished``: the
    moves left unreviewed when the review's budget ran out (:class:`Unfinished`; the summary
    is then of the moves reviewed), else None."""

    rows: int
    cols: int
    mines: int
    won: bool
    moves: list[MoveReview]
    unfinished: Unfinished | None = None

    def count(self, verdict: str) -> int:
        return sum(1 for m in self.moves if m.verdict == verdict)

    @property
    def guesses(self) -> int:
        return self.count(GUESS)

    @property
    def forced_guesses(self) -> int:
        return self.count(FORCED)

    @property
    def needless_guesses(self) -> int:
        return self.count(NEEDLESS)

    @property
    def mistakes(self) -> int:
        return self.count(MISTAKE)

    def _survived(self) -> list[MoveReview]:
        return [m for m in self.moves if m.verdict in GUESSES and not m.exploded]

    @property
    def guesses_survived(self) -> int:
        return len(self._survived())

    @property
    def luck(self) -> float:
        return math.prod(m.survival for m in self._survived())

    @property
    def pluck(self) -> float:
        """-log10 of :attr:`luck` (0.0 without guesses; inf if a survived guess had chance 0,
        which exact counting never gives)."""
        luck = self.luck
        return 0.0 - math.log10(luck) if luck > 0 else math.inf  # 0.0 - 0.0: no -0.0 without guesses


def review(rows: int, cols: int, layout: Iterable[Cell], moves: Iterable, start: Iterable[Cell] = (),
           start_flags: Iterable[Cell] = (), first_click_safe: bool = True,
           progress: Callable[[int, int], None] | None = None,
           on_move: Callable[[MoveReview], None] | None = None, budget: float | None = None,
           clock: Callable[[], float] = time.monotonic) -> Review:
    """Review ``moves`` played on the ``rows`` x ``cols`` board with mines at ``layout``.

    moves: (time_ms, kind, (row, col)) or (time_ms, kind, row, col[, source]) in game order, kind as
        the move log writes it ("reveal", "flag" (a toggle), "chord"). Moves the game
        ignores or that change nothing (wasted) are not reviewed; nor is a question mark
        taken off (question marks are covered cells to the review).
    start, start_flags: cells shown revealed and flagged before the first move (a loaded
        position).
    first_click_safe: the first reveal of a board with nothing revealed was protected by the
        first-click rule (mines laid away from it): it is ``certain`` unless it hit a mine.
    progress: called as ``progress(done, total)`` after each move (``total`` the moves
        given; from the thread the review runs on), for a window's "Reviewing... 12 of 300".
    on_move: called with each :class:`MoveReview` as soon as it is made (before ``progress``),
        so that a review worked out apart can hand its moves over one by one
        (game.commands.review_apart).
    budget: seconds of ``clock`` (monotonic seconds) the review may take, from its start;
        when they have passed, the moves left are played without being judged, and the
        review's ``unfinished`` says which (None: no limit). Checked between moves: a move's
        judging is bounded by the node limits (the module docstring), a fraction of a second
        on a 1000x1000 board (docs/review.md).
    Raises:
        ValueError: a layout or move off the board, an unknown kind, or a layout with no
            safe cell (as :class:`game.rules.engine.Game`).
    """
    layout = frozenset(tuple(c) for c in layout)
    match = Match(Config(rows, cols, len(layout)), mines=layout, revealed=[tuple(c) for c in start],
                  flags=[tuple(c) for c in start_flags], clock=lambda: 0.0)
    return _review(match, layout, moves, match.apply, first_click_safe, progress, on_move, budget, clock)


def _review(match: Match, layout: frozenset[Cell], moves: Iterable, play: Callable[[Move], object],
            first_click_safe: bool, progress, on_move, budget: float | None, clock) -> Review:
    """:func:`review`'s work: ``moves`` (as :func:`review` takes them) played on ``match`` (at
    the board's start, mines at ``layout``) by ``play(move)``, which applies the move to the
    match and returns its Outcome."""
    began = clock()
    game = match.game
    reviewer = _Reviewer(match, layout, first_click_safe, play)
    moves = list(moves)
    stopped_at = None  # the number the first move left unreviewed would have
    for index, move in enumerate(moves):
        ms, kind, *where = move
        cell = tuple(where[0]) if len(where) == 1 else tuple(where[:2])  # (a version 2 row ends with its source)
        if stopped_at is None and budget is not None and clock() - began >= budget:
            stopped_at = reviewer.number + 1
        if stopped_at is not None:
            reviewer.play(kind, cell)
        else:
            made = len(reviewer.reviewed)
            reviewer.step(index, int(ms), kind, cell)
            if on_move is not None and len(reviewer.reviewed) > made:
                on_move(reviewer.reviewed[-1])
        if progress is not None:
            progress(len(moves) if game.over else index + 1, len(moves))
        if game.over:
            break
    unfinished = None
    if stopped_at is not None and reviewer.number >= stopped_at:
        unfinished = Unfinished(stopped_at, reviewer.number, reviewer.number - stopped_at + 1, budget)
    return Review(game.rows, game.cols, len(layout), game.state.value == "won", reviewer.reviewed, unfinished)


def review_log(data: dict, progress: Callable[[int, int], None] | None = None,
               on_move: Callable[[MoveReview], None] | None = None, budget: float | None = None,
               clock: Callable[[], float] = time.monotonic) -> Review:
    """Review a recorded game's move log (:meth:`game.midend.match.Match.log_data`): the moves that
    stand (its ``moves``; a move's ``index`` is its place there), stepped through the match
    rebuilt from the log (game.midend.match.Match.from_log, ``standing``), the game the replay viewer
    shows (game.replay.player.LogTimeline), with the log's rules (question marks).

    progress, on_move, budget, clock: as :func:`review`'s.
    Raises:
        ValueError, KeyError, TypeError: the log is damaged (as :func:`review`).
    """
    match = Match.from_log(data, standing=True)

    def step(move: Move):
        if match.script[match.position].move != move:  # (the review's moves are the script's)
            raise ValueError(f"log: move {match.position} is not {move}")
        return match.step()

    layout = frozenset(tuple(c) for c in data["mines"])
    return _review(match, layout, data["moves"], step, not data.get("start"), progress, on_move, budget, clock)


class _Reviewer:
    """Steps a match through the moves, analysing each new position once (see the module
    docstring)."""

    def __init__(self, match: Match, layout: frozenset[Cell], first_click_safe: bool,
                 play: Callable[[Move], object]) -> None:
        self.match, self._play = match, play
        self.game = game = match.game
        self.first_click_safe = first_click_safe
        self.reviewed: list[MoveReview] = []
        rows, cols = game.rows, game.cols
        digits = bytearray(b"0") * (rows * cols)
        for r, c in layout:
            digits[r * cols + c] = 49
        self.numbers = mine_counts(rows, cols, bytes(digits))  # what each cell shows once revealed
        self.cells = bytearray([COVERED_BYTE]) * (rows * cols)  # the position: a byte a cell, its number or covered
        start = {}
        for i in _positions(game.cover_bytes(), REVEALED):
            self.cells[i] = start[divmod(i, cols)] = self.numbers[i]
        self.started = bool(start)  # a cell is revealed
        self.tracker = PositionTracker(rows, cols, game.config.mines, start, REVIEW_NODE_LIMIT,
                                       GroupCache(REVIEW_CACHE), keep_estimates=True)
        self.number = 0  # moves that changed the board so far
        self.proved: dict = {}  # the proofs' answers, kept across the positions (explain.proves_safe)
        self._probs: Probabilities | None = None
        self._seen: Seen | None = None
        self._kept: Seen | None = None  # the one position whose analysis is held
        self._last_sorted: dict[int, tuple[set, tuple]] = {}  # (cells, sorted) last given by _sorted

    def position(self) -> Probabilities:
        """The current position's analysis, flags ignored (made once per position, from the
        last one: game.solver.incremental)."""
        if self._probs is None:
            self._probs = self.tracker.analysis()
            cells, cols = bytearray(self.cells), self.game.cols
            for (r, c), v in self.tracker.analysed_with.items():
                cells[r * cols + c] = MINE_BYTE if v else SAFE_BYTE
            self._seen = Seen(self.game.rows, self.game.cols, self.game.config.mines, bytes(cells))
        return self._probs

    def keep(self, move: MoveReview, probs: Probabilities) -> None:
        """Append ``move``, keeping its position's analysis with it until the next move (the
        last move's stays: a post-mortem explains the fatal move)."""
        if self._kept is not None and self._kept is not move.seen:
            self._kept._probs = None
        move.seen._probs = probs
        self._kept = move.seen
        self.reviewed.append(move)

    def step(self, index: int, ms: int, kind: str, cell: Cell) -> None:
        game = self.game
        if kind == FLAG:
            before = game.mark(cell) if game.on_board(cell) else None
            outcome = self._play(Move(kind, cell))
            after = game.mark(cell)
            if outcome.changed:
                self.number += 1
            if outcome.wasted or outcome.ignored or "flag" not in (before, after):
                return
            probs = self.position()
            placed = after == "flag"
            self.keep(MoveReview(
                index, ms, FLAGGED if placed else UNFLAG, cell, FLAGGED if placed else UNFLAGGED,
                safest_probability=probs.lowest(), safe_cells=self._sorted(probs.safe, SAFE_BYTE),
                mines=self._sorted(probs.mines, MINE_BYTE), wrong_flag=placed and cell in probs.safe,
                approximate=probs.approximate, number=self.number, seen=self._seen), probs)
            return
        targets = self._targets(kind, cell)
        first = not self.started and kind == REVEAL
        probs = self.position()
        seen = self._seen
        outcome = self._play(Move(kind, cell))
        if outcome.changed:
            self.number += 1
        if outcome.wasted or outcome.ignored:
            return
        exploded = game.exploded is not None and game.state.value == "lost"
        judged = self._judge(index, ms, kind, cell, targets, probs, exploded,
                             first and self.first_click_safe and not exploded)
        self._open(outcome.opened)
        self._probs = None
        judged.number, judged.seen = self.number, seen
        self.keep(judged, probs)

    def play(self, kind: str, cell: Cell) -> None:
        """Play a move without judging it (the review's time ran out), counting it when it
        changed the board."""
        if self._play(Move(kind, cell)).changed:
            self.number += 1

    def _open(self, opened) -> None:
        """Show the tracker the cells a move opened (an outcome's ``opened``: a flood's
        CellRuns, taken a run at a time, or a set of cells; a mine that exploded is not in it)."""
        cells, numbers, cols = self.cells, self.numbers, self.game.cols
        self.started = self.started or bool(opened)
        runs = getattr(opened, "runs", None)
        if runs is not None and not opened.extra:
            for r, start, stop in runs:
                cells[r * cols + start:r * cols + stop] = numbers[r * cols + start:r * cols + stop]
            self.tracker.open_runs(runs, numbers)
            return
        for r, c in opened:
            cells[r * cols + c] = numbers[r * cols + c]
        self.tracker.open({(r, c): numbers[r * cols + c] for r, c in opened})

    def _sorted(self, cells: set[Cell], kind: int) -> tuple[Cell, ...]:
        """``tuple(sorted(cells))`` (a position's proven safe cells, or mines: ``kind``), made from
        the last position's of the kind when these only add to them: the proven mines of a
        1000x1000 game, tens of thousands, grow by a few a move, and sorting them anew at each
        move was most of a move's cost (the new ones are sorted into the old, two runs that
        timsort merges in one pass). ``cells`` is kept: an analysis's sets are not changed."""
        last, made = self._last_sorted.get(kind, (None, ()))
        if last is None or not last <= cells:
            made = tuple(sorted(cells))
        elif len(last) != len(cells):
            made = tuple(sorted(made + tuple(cells - last)))
        self._last_sorted[kind] = (cells, made)
        return made

    def _targets(self, kind: str, cell: Cell) -> tuple[Cell, ...]:
        game = self.game
        if kind == REVEAL:
            return (cell,)
        return tuple(n for n in game.neighbours(cell) if game.number(n) is None and game.mark(n) != "flag")

    def _judge(self, index, ms, kind, cell, targets, probs: Probabilities, exploded: bool,
               by_rule: bool) -> MoveReview:
        floats = probs.floats
        chances = tuple(floats[t] for t in targets)
        safest = probs.lowest()
        safe = self._sorted(probs.safe, SAFE_BYTE)
        fifty = proven_mine = numbers = None
        if by_rule:
            survival, verdict = 1.0, CERTAIN
        else:
            survival = self.tracker.survival(targets)  # (still the position before the move)
            if 0 < survival < 1 and probs.approximate:
                survival, proven_mine, numbers = _judged_locally(probs, targets, survival)
            if survival == 1:
                verdict = CERTAIN
            elif survival == 0:
                verdict = MISTAKE
                # (a chord may hold a mine in every layout with no one cell a certain mine)
                proven_mine = proven_mine or next((t for t in targets if t in probs.mines), None)
            else:
                unproven = [t for t in targets if t not in probs.safe]
                fifty = fifty_partner(probs.problem, probs, unproven[0]) if len(unproven) == 1 else None
                verdict = FORCED if fifty is not None else NEEDLESS if safe else GUESS
        proof = None
        if verdict == NEEDLESS:
            nearest = min(safe, key=lambda c: (max(abs(c[0] - cell[0]), abs(c[1] - cell[1])), c))
            proof = simplest_proof(probs, nearest, math.inf, REVIEW_PROOF_TRIES, self.proved)
        elif verdict == MISTAKE and proven_mine is not None:
            proof = explain_mine(probs, proven_mine, numbers)
        mine = 0.0 if by_rule else chances[0] if len(targets) == 1 and 0 < survival < 1 else 1.0 - survival
        return MoveReview(
            index, ms, kind, cell, verdict, targets, chances, mine, survival,
            0.0 if by_rule else safest, mine <= safest + SAFEST_TOLERANCE or by_rule, safe,
            self._sorted(probs.mines, MINE_BYTE), proof, False, exploded, "first_click" if by_rule else None,
            probs.approximate, fifty=fifty)


def _positions(data: bytes, value: int):
    """The indices where ``data`` holds the byte ``value``, found in C (bytes.find)."""
    needle = bytes([value])
    at = data.find(needle)
    while at >= 0:
        yield at
        at = data.find(needle, at + 1)


def _judged_locally(probs: Probabilities, targets: tuple[Cell, ...],
                    survival: float) -> tuple[float, Cell | None, list | None]:
    """In an estimated position: (1.0, None, None) when the numbers around ``targets`` (those
    touching them and those they overlap) prove every one safe, (0.0, the cell, those numbers)
    when they prove one a mine, else (``survival``, None, None). A subset of the numbers proves
    what it proves on the whole board too; one count, bounded as a position's groups are."""
    if any(t in probs.mines for t in targets):
        return 0.0, next(t for t in targets if t in probs.mines), None
    open_cells = [t for t in targets if t not in probs.safe]
    by_cell: dict[Cell, list[Constraint]] = {}
    for con in probs.problem.constraints:
        for c in con.cells:
            by_cell.setdefault(c, []).append(con)
    touching = {con for t in open_cells for con in by_cell.get(t, ())}
    if not touching:
        return survival, None, None
    pool = touching | {other for con in touching for c in con.cells for other in by_cell[c]}
    numbers = sorted(pool, key=lambda con: con.cell)
    try:
        counted = count_group(numbers, REVIEW_NODE_LIMIT, by_states=True)
    except InconsistentPosition:
        return survival, None, None
    for t in open_cells:
        if held_in(counted, t, mine=True):
            return 0.0, t, numbers
    if all(held_in(counted, t) for t in open_cells):
        return 1.0, None, None
    return survival, None, None


def joint_survival(probs: Probabilities, cells: tuple[Cell, ...]) -> float:
    """The chance that every one of ``cells`` (unknown cells of ``probs``'s position) is
    safe: 1.0 and 0.0 exactly when proven, else the share of layouts with none of them a
    mine (a constraint "0 mines among these cells" added to the position and counted)."""
    if all(c in probs.safe for c in cells):
        return 1.0
    if any(c in probs.mines for c in cells):
        return 0.0
    if len(cells) == 1:
        return 1.0 - probs.probability(cells[0])  # the solver's float for the cell, unrounded
    narrowed = with_no_mine_among(probs.problem, cells)
    try:
        after = solve(narrowed)
    except InconsistentPosition:
        return 0.0
    return probs.chance_after(after)
