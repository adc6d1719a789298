"""Issue 37, item 2 (the viewer's half): a recorded game is told once. The viewer's timeline of
a game of ours steps its log through Match.from_log, the pointer stream carried beside the
moves, so every game the window recorded replays to exactly its recorded end.

A few hundred games on small random boards are played as the window plays them (every pointer
event logged by the match, then fed to the gesture interpreter, whose move the match applies
with its source: game.ui.play.playing.Playing.handle_mouse), by a scripted hand that mixes
left clicks, presses dragged to another cell or off the board, right-click flags, both-button
chords in every order, middle chords, left clicks on numbers (chords with the option on,
wasted clicks without), keyboard, console and autoplay moves, undo and redo, hints; some are
won, some lost, some abandoned. Each is recorded (RecordStore, its log packed and read back)
and its viewer timeline (game.replay.sources.recorded_timeline) stepped move by move beside
the log's own match: each frame's board, state and mine counter must be the log's; the end,
the result and the 3BV solved the recorded ones. The review viewer's timeline (the moves that
stand) ends there too and hands the review the moves --review judges.
"""

import random

import pytest

from game.rules.board import Config
from game.midend.counters import LiveCounter
from game.rules.engine import State
from game.midend.gestures import Gestures, Rule
from game.midend.match import POINTER_SOURCES, Match, Played, Source
from game.rules.moves import Move
from game.records.db import RecordStore
from game.records.record import GameRecord
from game.replay.events import Action, PointerEvent
from game.replay.fromlog import kind_of
from game.replay.player import LogTimeline, Playhead, Timeline, timeline_moves
from game.replay.sources import recorded_timeline
from game.commands.review_report import review_timeline
from game.solver.review import review_log
from tests.play_helpers import Clock

GAMES = 300
CELL = 24  # the window's cell size in the logs (the viewer reads them at the formats' 16 px)


class WindowHand:
    """Plays a match as the window does: each pointer event is logged by the match (board
    pixels at CELL a cell) and fed to the gesture interpreter, whose move the match applies
    (source LEFT_CHORD for a left click on a number that chorded, else MOUSE); moves without
    the pointer, undo, redo and help go to the match directly."""

    def __init__(self, rng: random.Random, config: Config, chord_on_number: bool):
        self.rng, self.clock = rng, Clock()
        self.match = Match(config, rng=random.Random(rng.randrange(10**9)), clock=self.clock, cell=CELL)
        self.gestures = Gestures(cell_px=CELL)
        self.chord_on_number = chord_on_number
        self.at = (0, 0)
        self.made = {"left-click chord": 0, "undo": 0, "redo": 0}

    @property
    def game(self):
        return self.match.game

    def point(self, cell):
        r, c = cell
        return c * CELL + self.rng.randrange(CELL), r * CELL + self.rng.randrange(CELL)

    def off(self):
        return self.game.cols * CELL, self.game.rows * CELL

    def event(self, action: str, where=None):
        """One pointer event at ``where`` (x, y) or where the pointer is, some ms later."""
        self.clock.now += self.rng.choice((0.0, 0.001, 0.013, 0.04, 0.2))
        if where is not None:
            self.at = where
        self.match.pointer(action, *self.at)
        self.gestures.chord_on_number = self.chord_on_number
        made = self.gestures.feed(PointerEvent(self.match.ms, Action(action), *self.at), self.game)
        for move in made:
            self.made["left-click chord"] += move.rule is Rule.LEFT_CHORD
            self.match.apply(move.move, Source.LEFT_CHORD if move.rule is Rule.LEFT_CHORD else Source.MOUSE)

    def glide(self, cell):
        for _ in range(self.rng.randrange(3)):
            self.event("mv", self.point(self.rng.choice(list(self.game.cells()))))
        self.event("mv", self.point(cell))

    def click(self, cell, *actions):
        self.glide(cell)
        for action in actions:
            self.event(action)

    # ----- what the hand picks ---------------------------------------------------------------
    def covered(self, safe: bool | None = None):
        game, layout = self.game, self.match.layout() or frozenset()
        cells = [c for c in game.cells() if game.appearance(c) in ("covered", "question")
                 and (safe is None or (c not in layout) == safe)]
        return self.rng.choice(cells) if cells else None

    def number(self):
        game = self.game
        cells = [c for c in game.cells() if game.appearance(c) in "12345678"]
        return self.rng.choice(cells) if cells else None

    def flag_mines_around(self, cell):
        """Flag the mines around ``cell`` (a chord's setting up), with the right button."""
        layout = self.match.layout() or frozenset()
        for n in self.game.neighbours(cell):
            if n in layout and self.game.mark(n) != "flag" and not self.game.over:
                self.click(n, "rc", "rr")

    def turn(self):
        """One thing the player does."""
        rng, game, match = self.rng, self.game, self.match
        what = rng.choices(("left", "left_any", "drag", "cancel", "flag", "chord", "middle", "number", "wasted",
                            "keyboard", "console", "autoplay", "undo", "redo", "hint"),
                           (30, 3, 3, 2, 8, 8, 4, 8, 2, 3, 2, 2, 4, 2, 2))[0]
        if what in ("left", "left_any"):
            cell = self.covered(safe=None if what == "left_any" or game.state is State.READY else True)
            if cell is not None:
                self.click(cell, "lc", "lr")
        elif what == "drag":  # pressed on one cell, released on another
            a, b = self.covered(), self.covered()
            if a is not None and b is not None:
                self.click(a, "lc")
                self.glide(b)
                self.event("lr")
        elif what == "cancel":  # pressed on the board, released off it
            cell = self.covered()
            if cell is not None:
                self.click(cell, "lc")
                self.event("mv", self.off())
                self.event("lr")
        elif what == "flag":
            cell = self.covered(safe=rng.random() < 0.2)
            if cell is not None:
                self.click(cell, "rc", "rr")
        elif what in ("chord", "middle", "number"):
            cell = self.number()
            if cell is None:
                return
            if rng.random() < 0.85:
                self.flag_mines_around(cell)
            if game.over:
                return
            if what == "middle":
                self.click(cell, "mc", "mr")
            elif what == "number":
                self.click(cell, "lc", "lr")
            else:
                self.click(cell, *rng.choice((("rc", "lc", "lr", "rr"), ("lc", "rc", "rr", "lr"),
                                              ("lc", "rc", "lr", "rr"), ("rc", "lc", "rr", "lr"))))
        elif what == "wasted":
            cell = self.number()
            if cell is not None:
                self.click(cell, "rc", "rr")
        elif what in ("keyboard", "console", "autoplay"):
            self.clock.now += 0.1
            cell = self.covered(safe=True if game.state is not State.READY else None)
            if cell is None:
                return
            if what == "autoplay":
                match.use_autoplay()
            kind = "flag" if rng.random() < 0.2 else "reveal"
            match.apply(Move(kind, cell), Source(what))
        elif what == "undo" and match.can_undo:
            self.clock.now += 0.1
            match.undo()
            self.made["undo"] += 1
        elif what == "redo" and match.can_redo:
            self.clock.now += 0.1
            match.redo()
            self.made["redo"] += 1
        elif what == "hint":
            self.clock.now += 0.1
            match.use_hint()


def play(seed: int, size: tuple[int, int, int] | None = None, turns: int = 160):
    """A game played by the hand on a random small board (or of ``size``: rows, cols, mines),
    up to ``turns`` things done: the hand (its match, its gestures, what it made)."""
    rng = random.Random(seed)
    rows, cols = rng.randint(3, 9), rng.randint(3, 12)
    mines = max(1, min(rows * cols - 10, int(rows * cols * rng.uniform(0.08, 0.25))))
    if size is not None:
        rows, cols, mines = size
    config = Config(rows, cols, mines, first_click=rng.choice(("safe", "opening", "classic")),
                    questions=rng.random() < 0.25)
    hand = WindowHand(rng, config, chord_on_number=rng.random() < 0.6)
    for _ in range(rng.randint(5, turns)):
        hand.turn()
        game = hand.game
        if game.state is State.LOST and hand.match.can_undo and rng.random() < 0.4:
            hand.clock.now += 0.3
            hand.match.undo()  # taken back after a loss
            hand.made["undo"] += 1
        if game.over:
            break
    return hand


def looks(game):
    return game.appearances(range(game.rows), range(game.cols))


def check(seed: int, store: RecordStore, seen: dict) -> None:
    hand = play(seed)
    match, game = hand.match, hand.game
    if game.state is State.READY:
        return  # nothing to record
    record = GameRecord.from_match(match, name="Hand", abandoned=not game.over)
    store.add_game(record, match.log_data())
    data = store.read_log(record)
    seen["games"] += 1
    seen["won" if game.state is State.WON else "lost" if game.state is State.LOST else "abandoned"] += 1
    for key, count in hand.made.items():
        seen[key] += bool(count)
    for source in {row[4] for row in data["moves"]}:
        seen[source] = seen.get(source, 0) + 1
    if hand.made["left-click chord"] and game.state is State.WON:
        seen["won with a left-click chord"] += 1

    timeline = recorded_timeline(store, record)
    assert isinstance(timeline, LogTimeline)
    head = Playhead(timeline)
    logged = Match.from_log(data)
    look = looks(logged.game)
    assert head.look == look
    steps = 0
    while logged.position < len(logged.script):
        entry = logged.script[logged.position]
        logged.step()
        now = looks(logged.game)
        if now == look:
            continue  # a wasted move, help: no step of the viewer
        look = now
        head.step(1)
        steps += 1
        assert head.moves == steps, f"seed {seed}: entry {logged.position - 1} ({entry}) is not a step"
        assert head.look == look, f"seed {seed}: the board after entry {logged.position - 1} ({entry})"
        assert head.state is logged.game.state and head.mines_left == logged.game.mines_left, f"seed {seed}"
    assert steps == timeline.moves, f"seed {seed}: the timeline has moves the log has not"
    # the recorded end: the board, the result, the 3BV solved
    head.seek(timeline.end_ms)
    assert head.look == looks(game) == timeline.final_look(), f"seed {seed}"
    assert timeline.completed is record.won is (game.state is State.WON), f"seed {seed}"
    assert head.face() == {State.WON: "won", State.LOST: "dead"}.get(game.state, head.face())
    assert timeline.bbbv_solved() == record.three_bv_solved, f"seed {seed}"
    assert head.counts().bbbv_solved == record.three_bv_solved and timeline.replay.bbbv == record.three_bv
    # the clicks and the path at the end: what the live counters showed the player (F3)
    live = LiveCounter().read(match, hand.gestures.clicks)
    counts = head.counts()
    assert (counts.left, counts.right, counts.double) == (live.left, live.right, live.double), f"seed {seed}"
    assert (counts.left_effective, counts.double_effective) == (live.left_effective, live.double_effective)
    if game.over:
        assert counts.right_effective == live.right_effective, f"seed {seed}"
    # (a game opened by a key, the console or autoplay too: the path starts at that move's
    # centre, where its file clicks it, in the viewer as in the live counters)
    assert counts.path_px == pytest.approx(live.path_px), f"seed {seed}"
    seen["path as live"] += 1
    # back to the start through the keyframes, and the end again
    head.step(-timeline.moves)
    assert head.moves == 0 and head.look == ["covered"] * (game.rows * game.cols)
    head.seek(timeline.end_ms)
    assert head.look == looks(game)
    # the pointer is carried beside the moves: every move the pointer made sits on the event that
    # made it (the interpreter made the same move there), and only the others have events of their own
    pointer = data["pointer"]
    by_pointer = sum(1 for entry in timeline.steps if isinstance(entry, Played) and entry.source in POINTER_SOURCES)
    assert len(timeline.times) == len(pointer) + timeline.moves - by_pointer, f"seed {seed}"
    assert sorted(timeline.times) == timeline.times
    if kind_of(data) == "pointer" and "left_chord" not in {row[4] for row in data["moves"]}:
        # a game the formats' rules play as it went: the same timeline as its events give
        seen["as the formats play it"] += 1
        events = Timeline(timeline.replay)
        for name in ("times", "xs", "ys", "held", "move_event", "lefts", "rights", "doubles", "paths",
                     "effective", "mines_left", "states", "keyframes"):
            assert getattr(events, name) == getattr(timeline, name), f"seed {seed}: {name}"
        assert [sorted(diff) for diff in events.diffs] == [sorted(diff) for diff in timeline.diffs], f"seed {seed}"

    # the review viewer's timeline: the moves that stand, as --review judges them, to the same end
    standing = recorded_timeline(store, record, standing=True)
    assert standing.final_look() == looks(game) and standing.completed is record.won, f"seed {seed}"
    standing_moves = timeline_moves(standing)
    replayed = Match(Config(game.rows, game.cols, game.config.mines, questions=game.config.questions),
                     mines=[tuple(cell) for cell in data["mines"]])
    changed = []
    for ms, kind, r, c, *_ in data["moves"]:
        if replayed.apply(Move(kind, (r, c))).changed:
            changed.append((ms, kind, (r, c)))
    assert standing_moves == changed, f"seed {seed}"


def test_every_recorded_game_replays_in_the_viewer_to_its_recorded_end():
    seen = dict.fromkeys(("games", "won", "lost", "abandoned", "left-click chord", "won with a left-click chord",
                          "undo", "redo", "as the formats play it", "path as live"), 0)
    with RecordStore.memory() as store:
        for seed in range(GAMES):
            check(seed, store, seen)
    # the games cover what the test is about
    assert seen["games"] >= GAMES * 0.8
    for key in ("won", "lost", "abandoned", "left-click chord", "won with a left-click chord", "undo", "redo",
                "keyboard", "console", "autoplay", "as the formats play it"):
        assert seen[key] >= 10, (key, seen)
    assert seen["path as live"] == seen["games"], seen


def test_the_review_steps_the_log_with_its_question_marks():
    """The review plays a log through the match rebuilt from it (Match.from_log), with the
    log's rules: with question marks on, a right click on a flag leaves a question mark (the
    flag taken off) and the next one clears it (not reviewed); the review read such a game
    without question marks, as if the third click placed a flag again."""
    match = Match(Config(9, 9, 10, questions=True), rng=random.Random(3), clock=Clock())
    match.reveal((4, 4))
    cell = next(c for c in match.game.cells() if match.game.appearance(c) == "covered")
    for _ in range(4):
        match.toggle_flag(cell)
    assert match.game.mark(cell) == "flag"
    log = match.log_data()
    assert log["options"]["questions"] is True
    reviewed = review_log(log)
    assert [(m.kind, m.number) for m in reviewed.moves] == [("reveal", 1), ("flag", 2), ("unflag", 3), ("flag", 5)]
    with RecordStore.memory() as store:
        record = GameRecord.from_match(match, name="Hand", abandoned=True)
        store.add_game(record, log)
        timeline = recorded_timeline(store, record, standing=True)
    assert timeline.moves == 5 and review_timeline(timeline).moves == reviewed.moves  # the review viewer's
