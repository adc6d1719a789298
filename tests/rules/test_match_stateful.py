"""Model-based test of the midend (hypothesis.stateful): a random player drives a
:class:`game.midend.match.Match` through reveal, flag and chord, undo and redo, pause and resume, new
game and retry, on tiny boards dealt by every first-click rule or loaded with a position.

A simple, independent model keeps what the match should hold: the board's start, the moves
that stand (the position is the start with them applied by the model's own rules, a few lines
of flood and flag cycle), the moves taken back, whether the game is paused, under way, and
was lost before any undo. After every step the match must agree with it (the cells, the
result, can_undo / can_redo, the help's undo count), and the match's stored log, replayed
from scratch (``Match.from_log(match.log_data()).play_out()``), must give the same position.
The ends are told to a :class:`game.session.Session` as the front ends do, whose one hook
must hear each board's end once per different end (one game, one row: issue 34).

The model takes each board's mines from the match once it lays them (the deal is
tests/rules/test_deal.py's); everything else it works out alone.
"""

from __future__ import annotations

import random

import pytest

from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from game.rules.board import Config, neighbours
from game.rules.engine import State
from game.midend.match import Match
from game.rules.moves import CHORD, FLAG, REVEAL, Move
from game.session import Session
from tests.rules.test_engine_properties import FakeClock

RULES = ("opening", "safe", "classic", "loaded")


class Model:
    """What one board of the match should be: ``start`` (revealed cells, flags) and the
    moves that stand give the position; ``mines`` once laid (None before)."""

    def __init__(self, config: Config, mines=None, start=(frozenset(), frozenset())) -> None:
        self.config = config
        self.mines = None if mines is None else frozenset(mines)
        self.start = start
        self.standing: list[Move] = []
        self.taken: list[Move] = []  # the moves taken back, the last one last
        self.undos = 0
        self.under_way = False  # a reveal or chord has opened (or hit) something on this board
        self.lost_before_undo = False

    def position(self):
        """(revealed, marks {cell: 'flag' | 'question'}, result None | 'won' | 'lost', the
        mine that was hit or None) of the start with the standing moves applied."""
        revealed, marks = set(self.start[0]), {cell: "flag" for cell in self.start[1]}
        result = hit = None
        for move in self.standing:
            if result is not None:
                break  # a move after the end would have been ignored, not standing
            result, hit = self._apply(move, revealed, marks)
        if result is None and self.mines is not None and self._all_safe_open(revealed):
            result = "won"
        if result == "won":
            marks = {cell: mark for cell, mark in marks.items() if cell not in self.mines}
            marks.update(dict.fromkeys(self.mines, "flag"))
        return revealed, marks, result, hit

    def _all_safe_open(self, revealed) -> bool:
        return len(revealed) == self.config.cells - self.config.mines

    def _apply(self, move: Move, revealed: set, marks: dict):
        kind, cell = move
        if kind == FLAG:
            if cell not in revealed:
                mark = marks.pop(cell, None)
                following = {None: "flag", "flag": "question" if self.config.questions else None, "question": None}
                if following[mark]:
                    marks[cell] = following[mark]
            return None, None
        if kind == REVEAL:
            seeds = [cell] if cell not in revealed and marks.get(cell) != "flag" else []
        else:
            seeds = self._chord_seeds(cell, revealed, marks)
        if not seeds:
            return None, None
        hit = None
        todo = []
        for seed in seeds:
            if seed in self.mines:
                hit = hit or seed
            else:
                todo.append(seed)
        while todo:  # the flood: a zero opens every covered or question-marked neighbour
            here = todo.pop()
            if here in revealed:
                continue
            revealed.add(here)
            marks.pop(here, None)
            if self.count(here) == 0:
                todo += [n for n in self.around(here) if n not in revealed and marks.get(n) != "flag"]
        if hit is not None:
            return "lost", hit
        return ("won" if self._all_safe_open(revealed) else None), None

    def _chord_seeds(self, cell, revealed, marks) -> list:
        if cell not in revealed:
            return []
        flags = sum(1 for n in self.around(cell) if marks.get(n) == "flag")
        if flags != self.count(cell):
            return []
        return [n for n in self.around(cell) if n not in revealed and marks.get(n) != "flag"]

    def around(self, cell):
        return list(neighbours(cell, self.config.rows, self.config.cols))

    def count(self, cell) -> int:
        return sum(1 for n in self.around(cell) if n in self.mines)


class MatchMachine(RuleBasedStateMachine):
    """A random player at a :class:`Match`, checked against :class:`Model` at every step."""

    @initialize(rows=st.integers(1, 3), cols=st.integers(2, 4), data=st.data(),
                rule=st.sampled_from(RULES), questions=st.booleans(), seed=st.integers(0, 2**32 - 1))
    def start(self, rows, cols, data, rule, questions, seed):
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        count = data.draw(st.integers(1, len(cells) - 1), label="mines")
        self.clock = FakeClock()
        self.told: list[tuple] = []  # (round, standing moves) of each end the session told its hook
        self.session = Session(hooks=[lambda match, log: self.told.append(self._end()) or None])
        if rule == "loaded":
            order = data.draw(st.permutations(cells), label="layout")
            mines, safe = order[:count], order[count:]
            shown = data.draw(st.lists(st.sampled_from(safe), unique=True, max_size=len(safe) - 1), label="shown")
            flags = data.draw(st.lists(st.sampled_from(cells), unique=True, max_size=2), label="flags")
            flags = [cell for cell in flags if cell not in shown]
            config = Config(rows, cols, count, questions=questions)
            self.match = Match(config, rng=random.Random(seed), mines=mines, revealed=shown, flags=flags,
                               clock=self.clock)
            self.loaded = Model(config, mines, (frozenset(shown), frozenset(flags)))  # what a retry brings back
            self.model = self._fresh(self.loaded)
        else:
            config = Config(rows, cols, count, first_click=rule, questions=questions)
            self.match = Match(config, rng=random.Random(seed), clock=self.clock)
            self.loaded = None
            self.model = Model(config)
        self.on_loaded = rule == "loaded"
        self.paused = False
        if data.draw(st.booleans(), label="opened"):  # most games start with a click, before anything
            self._play(Move(REVEAL, data.draw(st.sampled_from(cells), label="first click")))

    @staticmethod
    def _fresh(model: Model) -> Model:
        """The board of ``model`` from its start again (a retry)."""
        return Model(model.config, model.mines, model.start)

    def _end(self) -> tuple:
        return self.match.round, tuple(played.move for played in self.match.moves)

    # ----- the player's moves ------------------------------------------------------------------
    def _play(self, move: Move) -> None:
        model, match = self.model, self.match
        over = model.position()[2] is not None
        dealt_first = not match.game.mines_laid  # the first-click rule protects this reveal
        outcome = match.apply(move)
        if over or self.paused:
            assert outcome.ignored
            return
        assert not outcome.ignored
        if model.mines is None and match.game.mines_laid:
            model.mines = frozenset(match.layout())
        model.standing.append(move)
        model.taken.clear()
        self._moved(outcome, dealt_first and move.kind == REVEAL)

    def _moved(self, outcome, dealt_first: bool) -> None:
        """After a move or redo the match applied: the model's bookkeeping and the front end's
        part (an end is told to the session)."""
        model = self.model
        revealed, marks, result, hit = model.position()
        if outcome.move.kind != FLAG and not outcome.wasted:  # it opened or hit: the game is under way
            model.under_way = True
        if dealt_first and not self.on_loaded:
            assert result != "lost", "a dealt board's first reveal hit a mine"
        if result == "lost" and model.undos == 0:
            model.lost_before_undo = True
        if result is not None:
            self.session.finished(self.match)

    @rule(index=st.integers(0, 15), kind=st.sampled_from((REVEAL, FLAG, CHORD)))
    def move(self, index, kind):
        cells = list(self.match.game.cells())
        self._play(Move(kind, cells[index % len(cells)]))

    @rule(index=st.integers(0, 15))
    def reveal_safe(self, index):
        """Reveal a covered safe cell (mines laid), so that games are won too."""
        mines = self.match.layout()
        game = self.match.game
        if mines is None:
            return
        safe = [c for c in game.cells() if c not in mines and not game.is_revealed(c) and game.mark(c) != "flag"]
        if safe:
            self._play(Move(REVEAL, safe[index % len(safe)]))

    @rule(index=st.integers(0, 15))
    def reveal_mine(self, index):
        """Reveal a covered, unflagged mine (mines laid): a loss, to take back and play again."""
        game = self.match.game
        covered = [c for c in sorted(game.layout() or ()) if game.mark(c) != "flag"]  # none before the laying
        if covered:
            self._play(Move(REVEAL, covered[index % len(covered)]))

    @rule(index=st.integers(0, 15))
    def flag_mine(self, index):
        """Flag a covered mine (mines laid), so that chords have flags to count."""
        mines = self.match.layout()
        game = self.match.game
        covered = [c for c in sorted(mines or ()) if game.mark(c) != "flag"]
        if covered:
            self._play(Move(FLAG, covered[index % len(covered)]))

    def can_undo(self) -> bool:
        """What the model says Match.can_undo should be."""
        return bool(self.model.standing) and self.model.position()[2] != "won" and not self.paused

    def can_redo(self) -> bool:
        """What the model says Match.can_redo should be."""
        return bool(self.model.taken) and self.model.position()[2] is None and not self.paused

    @precondition(lambda self: self.can_undo() or self.paused and self.model.standing)  # refused for the pause
    @rule()
    def undo(self):
        model, match = self.model, self.match
        if self.paused:
            with pytest.raises(ValueError, match="paused"):
                match.undo()
            return
        match.undo()
        model.taken.append(model.standing.pop())
        model.undos += 1

    @precondition(lambda self: self.can_redo() or self.paused and self.model.taken)
    @rule()
    def redo(self):
        model, match = self.model, self.match
        if self.paused:
            with pytest.raises(ValueError, match="paused"):
                match.redo()
            return
        outcome = match.redo()
        model.standing.append(model.taken.pop())
        self._moved(outcome, False)

    @precondition(lambda self: self.can_undo())
    @rule()
    def undo_and_redo(self):
        """Ctrl+Z then Ctrl+Y: the position (and an end) comes back as it was."""
        self.undo()
        self.redo()

    @rule()
    def pause(self):
        """Pause (the window hides the board); nothing happens unless the game is in play."""
        self.match.pause()
        if self.model.under_way and self.model.position()[2] is None:
            self.paused = True

    @precondition(lambda self: self.model.under_way and self.model.position()[2] is None and not self.paused)
    @rule(index=st.integers(0, 15))
    def keys_while_paused(self, index):
        """Pause, press Ctrl+Z, Ctrl+Y and click while the board is hidden (a front end that
        does not stop them: issue 34, item 4), then resume: nothing changed meanwhile."""
        match, model = self.match, self.model
        before = (model.position(), list(match.history), list(model.taken))
        self.pause()
        assert match.paused and not match.can_undo and not match.can_redo
        for press in (match.undo, match.redo):
            with pytest.raises(ValueError):
                press()
        cells = list(match.game.cells())
        self._play(Move(REVEAL, cells[index % len(cells)]))  # ignored
        assert (model.position(), list(match.history), list(model.taken)) == before
        self.resume()

    @precondition(lambda self: self.paused)
    @rule()
    def resume(self):
        self.match.resume()
        self.paused = False

    @rule(seconds=st.integers(1, 3000))
    def wait(self, seconds):
        self.clock.now += seconds / 1000

    @rule()
    def new_game(self):
        self.match.new_game()
        self.model = Model(self.model.config)
        self.on_loaded = False
        self.paused = False

    @rule(index=st.integers(0, 15))
    def new_game_clicked_and_retried(self, index):
        """F2, a first click, R: on a tiny board the new deal often lays the loaded board's
        mines again, and its retry must still be the dealt board (issue 34, item 5)."""
        self.new_game()
        cells = list(self.match.game.cells())
        self._play(Move(REVEAL, cells[index % len(cells)]))
        self.retry()

    @rule()
    def retry(self):
        self.match.retry()
        if self.on_loaded:
            self.model = self._fresh(self.loaded)
        else:
            self.model = Model(self.model.config, self.model.mines)
        self.paused = False

    # ----- what must hold after every step -----------------------------------------------------
    @invariant()
    def the_match_is_the_models_position(self):
        model, match, game = self.model, self.match, self.match.game
        revealed, marks, result, hit = model.position()
        assert {c for c in game.cells() if game.is_revealed(c)} == revealed
        assert {c: game.mark(c) for c in game.cells() if game.mark(c)} == marks
        if result is None:
            assert game.state is (State.PLAYING if model.under_way else State.READY)
        else:
            assert game.state is (State.WON if result == "won" else State.LOST)
        if result == "lost":  # the first mine of a chord's seeds is the one shown hit
            assert game.exploded in model.mines and hit in model.mines
        assert [p.move for p in match.moves] == model.standing
        assert match.undos == model.undos and match.lost_before_undo == model.lost_before_undo
        assert match.paused == self.paused and match.loaded == self.on_loaded
        assert match.can_undo == self.can_undo() and match.can_redo == self.can_redo()

    @invariant()
    def the_stored_log_replays_to_the_same_position(self):
        match = self.match
        if match.layout() is None:
            return  # no board laid yet: a log holds no mines to replay on (nothing is recorded then)
        data = match.log_data()
        again = Match.from_log(data)
        again.play_out()
        game, other = match.game, again.game
        assert other.state is game.state and other.exploded == game.exploded
        assert [other.appearance(c) for c in other.cells()] == [game.appearance(c) for c in game.cells()]
        assert [p.move for p in again.moves] == [p.move for p in match.moves]
        assert again.undos == match.undos and again.lost_before_undo == match.lost_before_undo

    @invariant()
    def each_end_is_told_once(self):
        """The session told its hook each end of a board once, and no end twice in a row."""
        for earlier, later in zip(self.told, self.told[1:]):
            assert earlier != later
        if self.match.game.over:
            assert self.told and self.told[-1] == self._end()


MatchMachine.TestCase.settings = settings(max_examples=200, stateful_step_count=30, deadline=None,
                                          suppress_health_check=[HealthCheck.too_slow])
test_match_against_a_model = MatchMachine.TestCase
