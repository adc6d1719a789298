"""The span flood (game.rules.flood) against a plain reference flood, and its compact result
(game.rules.cells.CellRuns) against frozensets.

The reference is the engine's rules written the simplest way: a breadth-first flood, cell
by cell, counting neighbours from the mine set. Hypothesis plays random boards (1..30 rows
and columns, random mines, a loaded position's revealed cells and flags, flags and question
marks placed first, reveals and chords, right and wrong) through a match (game.midend.match.Match)
and on the reference, and after every move compares what changed, what opened, the
outcome's fields, the cover and the counters; after a losing move, the match's undo gives
back the cover from before it.
"""

from __future__ import annotations

import random
from collections import deque

from hypothesis import HealthCheck, given, settings, strategies as st

from game.rules.board import Config
from game.rules.cells import CellRuns
from game.rules.engine import Game, State
from game.midend.match import Match
from game.rules.moves import CHORD, FLAG, REVEAL, Move
from game.rules.position import COVERED, FLAGGED, QUESTION, REVEALED

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Reference:
    """The rules, plainly: a cover dict, a BFS flood, counts from the mine set."""

    def __init__(self, game: Game) -> None:
        self.rows, self.cols, self.mines = game.rows, game.cols, set(game.layout())
        self.questions = game.config.questions
        self.cover = {(r, c): game._cover[r * game.cols + c] for r in range(game.rows) for c in range(game.cols)}
        self.state = game.state
        self.exploded = None
        self.undo_cover = None

    def around(self, cell):
        r, c = cell
        return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < self.rows and 0 <= c + dc < self.cols]

    def count(self, cell) -> int:
        return sum(n in self.mines for n in self.around(cell))

    def apply(self, kind, cell):
        """(changed, opened, wasted), or None when the move is ignored."""
        if self.state in (State.WON, State.LOST):
            return None
        if kind == FLAG:
            state = self.cover[cell]
            if state == REVEALED:
                return set(), set(), True
            self.cover[cell] = {COVERED: FLAGGED, FLAGGED: QUESTION if self.questions else COVERED,
                                QUESTION: COVERED}[state]
            return {cell}, set(), False
        if kind == REVEAL:
            seeds = [cell] if self.cover[cell] in (COVERED, QUESTION) else []
        else:
            flags = sum(self.cover[n] == FLAGGED for n in self.around(cell))
            # a revealed number with as many flags around it; a revealed 0 with no flag
            # around chords too (ms-toollib's rule): a loaded position shows zeros unopened
            ready = self.cover[cell] == REVEALED and flags == self.count(cell)
            seeds = [n for n in self.around(cell) if self.cover[n] in (COVERED, QUESTION)] if ready else []
        if not seeds:
            return set(), set(), True
        return self.open(seeds)

    def open(self, seeds):
        if any(s in self.mines for s in seeds):
            self.undo_cover = dict(self.cover)
        self.state = State.PLAYING
        hit, opened, queue = None, set(), deque()
        for s in seeds:
            if s in self.mines:
                hit = hit or s
            else:
                self.cover[s] = REVEALED
                queue.append(s)
        while queue:
            cell = queue.popleft()
            opened.add(cell)
            if self.count(cell) == 0:
                for n in self.around(cell):
                    if self.cover[n] in (COVERED, QUESTION):
                        self.cover[n] = REVEALED
                        queue.append(n)
        changed = set(opened)
        if hit:
            self.state, self.exploded = State.LOST, hit
            changed |= self.mines | {c for c, s in self.cover.items() if s == FLAGGED}
        elif all(s == REVEALED for c, s in self.cover.items() if c not in self.mines):
            self.state = State.WON
            for mine in self.mines:
                if self.cover[mine] != FLAGGED:
                    self.cover[mine] = FLAGGED
                    changed.add(mine)
        return changed, opened, False


@st.composite
def plays(draw):
    """(match, moves): a loaded board with marks placed, and moves to play on it."""
    rows = draw(st.integers(1, 30))
    cols = draw(st.integers(2 if rows == 1 else 1, 30))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    density = draw(st.sampled_from((0.02, 0.08, 0.15, 0.3)))
    count = min(max(1, round(density * len(cells))), len(cells) - 1)
    mines = rng.sample(cells, count)
    safe = [c for c in cells if c not in set(mines)]
    shown = rng.sample(safe, draw(st.integers(0, min(3, len(safe) - 1))))
    flags = rng.sample(cells, draw(st.integers(0, min(3, len(cells)))))
    match = Match(Config(rows, cols, count, questions=draw(st.booleans())), mines=mines, revealed=shown, flags=flags)
    marks = [(FLAG, rng.choice(cells)) for _ in range(draw(st.integers(0, 8)))]
    kinds = st.sampled_from((REVEAL, REVEAL, FLAG, CHORD, "satisfy", "misflag"))
    moves = [(kind, rng.choice(cells)) for kind in draw(st.lists(kinds, max_size=12))]
    return match, marks + moves


def setup_chord(match: Match, ref: Reference, cell, right: bool):
    """Flags to make the revealed number nearest ``cell`` chordable: on its mines (``right``)
    or on other covered neighbours (a wrong flag: the chord loses). Returns the moves."""
    numbers = sorted((abs(c[0] - cell[0]) + abs(c[1] - cell[1]), c) for c, s in ref.cover.items()
                     if s == REVEALED and ref.count(c))
    if not numbers or ref.state in (State.WON, State.LOST):
        return []
    target = numbers[0][1]
    wanted = [n for n in ref.around(target) if (n in ref.mines) == right and ref.cover[n] != REVEALED]
    wanted = wanted[:ref.count(target)]
    moves = []
    for n in ref.around(target):  # clear every mark, then flag the wanted cells
        while ref.cover[n] in (FLAGGED, QUESTION):
            moves.append(Move(FLAG, n))
            ref.apply(FLAG, n), match.apply(Move(FLAG, n))
    for n in wanted:
        moves.append(Move(FLAG, n))
        ref.apply(FLAG, n), match.apply(Move(FLAG, n))
    return [Move(CHORD, target)]


def cover(game: Game) -> dict:
    """Each cell's cover state (game.rules.position's COVERED, FLAGGED, QUESTION, REVEALED)."""
    return {divmod(i, game.cols): s for i, s in enumerate(game._cover)}


def check(match: Match, ref: Reference, move: Move) -> None:
    game = match.game
    outcome = match.apply(move)
    expected = ref.apply(move.kind, move.cell)
    if expected is None:
        assert outcome.ignored
        return
    changed, opened, wasted = expected
    assert outcome.changed == changed and outcome.opened == opened and len(outcome.opened) == len(opened)
    assert set(outcome.changed) == changed and frozenset(outcome.opened) == opened
    assert outcome.wasted == wasted and outcome.ended == (ref.state in (State.WON, State.LOST))
    assert outcome.exploded == (ref.exploded if ref.state is State.LOST else None)
    assert game.state is ref.state
    assert {c: game._cover[c[0] * game.cols + c[1]] for c in ref.cover} == ref.cover
    assert game._revealed == sum(s == REVEALED for s in ref.cover.values())
    assert game.mines_left == len(ref.mines) - sum(s == FLAGGED for s in ref.cover.values())


@SETTINGS
@given(plays())
def test_the_span_flood_opens_what_a_plain_flood_opens(play):
    match, moves = play
    game = match.game
    ref = Reference(game)
    for kind, cell in moves:
        if kind in ("satisfy", "misflag"):
            for move in setup_chord(match, ref, cell, right=kind == "satisfy"):
                check(match, ref, move)
        else:
            check(match, ref, Move(kind, cell))
        if game.state is State.LOST and match.can_undo_loss:
            match.undo_loss()  # the undo gives back the cover from before the losing move
            assert cover(game) == ref.undo_cover and game.exploded is None
            if cell[0] % 2:  # play on from the board before the loss, sometimes
                ref.cover, ref.state, ref.exploded = ref.undo_cover, State.PLAYING, None
                assert game.state is State.PLAYING
            else:  # or lose again, as the game ended
                match.redo()
                assert game.state is State.LOST and cover(game) == ref.cover


def test_one_click_clears_a_million_cells_and_wins():
    match = Match(Config(1000, 1000, 10), rng=random.Random(1))  # dealt: laid at the first click
    game = match.game
    outcome = match.apply(Move(REVEAL, (500, 500)))
    mines = game.layout()
    assert game.state is State.WON and outcome.ended and game.mines_left == 0
    assert len(outcome.opened) == 1_000_000 - 10 and len(outcome.changed) == 1_000_000
    assert outcome.changed - outcome.opened == mines and not mines & outcome.opened
    assert game._revealed == 999_990 and bytes(game._cover).count(REVEALED) == 999_990
    assert all(game.appearance(mine) == "flag" for mine in mines)
    assert game.three_bv_solved == game.three_bv


def test_a_wall_of_mines_stops_a_big_flood_at_its_numbers():
    wall = [(500, c) for c in range(1000)]
    game = Game(Config(1000, 1000, 1000), mines=wall)
    outcome = game.apply(Move(REVEAL, (0, 0)))
    assert game.state is State.PLAYING and len(outcome.opened) == 500_000
    assert game.number((499, 7)) == 3 and not game.is_revealed((501, 7))
    assert outcome.opened == outcome.changed and (499, 999) in outcome.opened and (500, 0) not in outcome.opened


def test_cell_runs_behave_as_a_frozenset_of_their_cells():
    runs = CellRuns([(0, 0, 3), (2, 5, 7), (1, 4, 4)], extra={(9, 9), (0, 1)})
    same = frozenset({(0, 0), (0, 1), (0, 2), (2, 5), (2, 6), (9, 9)})
    assert runs == same and same == runs and hash(runs) == hash(same) and len(runs) == 6
    assert runs.runs == ((0, 0, 3), (2, 5, 7)) and runs.extra == {(9, 9)}
    assert runs - CellRuns([(0, 0, 3), (2, 5, 7)]) == {(9, 9)} and same - runs == frozenset()
    assert (runs | {(4, 4)}) - same == {(4, 4)} and runs & {(2, 6), (3, 3)} == {(2, 6)}
    assert {(0, 0)} <= runs and not runs <= {(0, 0)} and isinstance(runs - {(0, 0)}, frozenset)
    assert [(1, 4)] not in runs and None not in runs and "x" not in runs and (1, 4) not in runs
    assert not CellRuns() and CellRuns() == frozenset() and CellRuns([(3, 2, 2)]) == set()
    try:
        CellRuns([(0, 5, 2)])
    except ValueError as err:
        assert "(0, 5, 2)" in str(err)
    else:
        raise AssertionError("a backward run was taken")
