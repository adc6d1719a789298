"""A replay's timeline and a playhead over it: what the board, the pointer and the HUD show at
any moment of a replay, for the viewer (game.ui.replay.viewer). No pygame here.

:class:`Timeline` interprets every pointer event of a :class:`game.replay.events.Replay` once,
through the gesture interpreter (:mod:`game.midend.gestures`: ms-toollib's click rules), applying
the moves it gives through a :class:`game.midend.match.Match` laid with the replay's mines (the
midend: the one way a game changes). It keeps, per event: its time (ms), pointer position (px at 16 px per cell)
and the buttons held; per move (a click that changed the board, an effective click: the
steps of the viewer's Left/Right), the cells it changed with their appearance before and
after; and every ``KEYFRAME_EVERY`` moves a snapshot of every cell's appearance (a keyframe).
That is how other programs' replay files play.

:class:`LogTimeline` is a recorded game of ours told once: its log stepped through the match
rebuilt from it (game.midend.match.Match.from_log), the same Game the player had, with the pointer
stream carried beside the moves (nothing the gestures make of it is applied), so it cannot
end otherwise than the game did; the same attributes and :class:`Playhead`.

:class:`Playhead` is a position on it. Seeking moves the board by the recorded changes when
the target is within a keyframe interval, else starts from the nearest keyframe at or below
it, so a seek anywhere in a 36x60 replay of 57,000 events costs at most ``KEYFRAME_EVERY``
moves' changes plus one pass over the cells; each seek returns the cells whose appearance
changed, so a view repaints only those (Tatham's drawstate).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right

from typing import Iterable, Sequence

from game.rules.board import Cell, Config
from game.rules.bv import bv_parts
from game.midend.counters import COUNTED_CELLS, Effective, FilePath, LiveCounter, PathMeter, pointer_move_follows
from game.rules.engine import Game, State
from game.figures import Counts
from game.midend.gestures import COVERED_LOOKS, LEFT, MIDDLE, Gestures, pressed_cells
from game.midend.match import POINTER_SOURCES, Helped, Match, Played, Source
from game.rules.moves import FLAG, Move, Outcome
from game.replay.events import CELL_PX, PointerEvent, Replay, centre

KEYFRAME_EVERY = 32  # moves between two snapshots of the whole board's appearance
TRAIL_MS = 250  # how far back the pointer's trail reaches, ms of replay time
TRAIL_POINTS = 12  # most points of the trail


class Timeline:
    """Every event of ``replay`` interpreted (see the module docstring).

    Attributes:
        replay: the Replay.
        rows, cols, mines: board size (cells) and mine count.
        times, xs, ys: per event, its time (ms, non-decreasing) and position (px at 16 px per
            cell; off the board past the bottom-right corner, as the formats write it).
        held: per event, the buttons held after it (game.midend.gestures.Gestures.held: LEFT | RIGHT |
            MIDDLE, SPENT).
        move_event: per move, the index of the event that made it.
        diffs: per move, ((cell index, before, after), ...) of the cells it changed.
        outcomes: per move, the game.rules.moves.Outcome the game gave it: what the viewer's
            sounds follow (game.ui.sound.sound_for).
        clicks: (left, right, double) clicks, as ms-toollib's analysis counts them.
        lefts, rights, doubles, paths: per event, the clicks counted and the pointer's path
            (px at 16 px a cell: game.midend.counters.PathMeter) after it.
        effective: per number of moves applied (0..moves), the effective (left, right,
            double) clicks after them, as ms-toollib counts them (game.midend.counters.Effective:
            the right ones are first flags on mines).
        keyframes: keyframes[j] is every cell's appearance (row-major) after j * every moves.
        mines_left: per number of moves applied (0..moves), the counter: mines - flags.
        states: per number of moves applied, the game's State after them.
        start_ms, end_ms: the first event's time (at most 0) and the end (the last event or
            the replay's time, whichever is later), ms.
        final: the Game after every event.
    """

    def __init__(self, replay: Replay, every: int = KEYFRAME_EVERY) -> None:
        self.replay, self.every = replay, every
        self.rows, self.cols, self.mines = replay.rows, replay.cols, len(replay.mines)
        now = [0.0]  # the replay's time, seconds: the match's clock reads it
        match = Match(Config(self.rows, self.cols, self.mines), mines=replay.mines, clock=lambda: now[0])
        game = match.game
        gestures = Gestures()
        look = self._begin(game)
        path = PathMeter(self.rows, self.cols)
        last = None
        for index, event in enumerate(replay.events):
            last = event.time_ms if last is None else max(last, event.time_ms)
            self.times.append(last)
            self.xs.append(event.x)
            self.ys.append(event.y)
            now[0] = max(0, last) / 1000
            going = not game.over
            for made in gestures.feed(event, game):
                outcome = match.apply(made.move)
                if not outcome.ignored:
                    self._count(match.history[-1])
                if outcome.changed:
                    self._record(index, outcome, game, look)
            if going and game.state is not State.READY:
                path.feed(event.x, event.y)  # from the first opening to the end, as ms-toollib measures it
            self._keep(gestures.held, gestures.clicks, path.path_px)
        self._end(game, gestures)

    def _keep(self, held: int, clicks: tuple[int, int, int], path_px: float) -> None:
        """Keep what an event left: the buttons held, the (left, right, double) clicks counted
        and the path, px."""
        self.held.append(held)
        self.lefts.append(clicks[0])
        self.rights.append(clicks[1])
        self.doubles.append(clicks[2])
        self.paths.append(path_px)

    def _end(self, game: Game, gestures: Gestures) -> None:
        """The game at the end (``final``), the clicks counted, the start and end times."""
        self.final = game
        self._parts = None  # the board's 3BV in parts, counted when first asked (bbbv_solved)
        self.clicks = gestures.clicks
        self.start_ms = min(0, self.times[0]) if self.times else 0
        self.end_ms = max(self.times[-1] if self.times else 0, self.replay.time_ms)

    def _begin(self, game: Game) -> list[str]:
        """The per-event and per-move lists, empty, and the board's start (``game``'s look:
        every cell's appearance, row-major), which it returns."""
        look = game.appearances(range(self.rows), range(self.cols))
        self.times: list[int] = []
        self.xs: list[int] = []
        self.ys: list[int] = []
        self.held = bytearray()
        self.move_event: list[int] = []
        self.diffs: list[tuple] = []
        self.outcomes: list[Outcome] = []
        self.keyframes: list[tuple[str, ...]] = [tuple(look)]
        self.mines_left = [game.mines_left]
        self.states = [game.state]
        self.lefts, self.rights, self.doubles, self.paths = array("l"), array("l"), array("l"), array("d")
        self._effective, self._right = Effective(), 0
        self.effective = [(0, 0, 0)]
        return look

    def _record(self, index: int, outcome: Outcome, game: Game, look: list[str],
                changed: Iterable[Cell] | None = None) -> bool:
        """Keep the move just made at event ``index`` when it changed a cell's look (the
        cells of ``changed``, default ``outcome.changed``); True when kept."""
        diff = []
        for cell in (outcome.changed if changed is None else changed):
            at = cell[0] * self.cols + cell[1]
            after = game.appearance(cell)
            if look[at] != after:
                diff.append((at, look[at], after))
                look[at] = after
        if not diff:
            return False
        self.move_event.append(index)
        self.diffs.append(tuple(diff))
        self.outcomes.append(outcome)
        self.mines_left.append(game.mines_left)
        self.states.append(game.state)
        self.effective.append(self._effective_now())
        if len(self.diffs) % self.every == 0:
            self.keyframes.append(tuple(look))
        return True

    def _effective_now(self) -> tuple[int, int, int]:
        """The effective (left, right, double) clicks after the moves applied so far."""
        return self._effective.left, self._right, self._effective.double

    def _count(self, played) -> None:
        """Count the move just played (the match's last log entry) among the effective clicks."""
        added = self._effective.add(played.move.kind, played.move.cell, played.effect)
        if added[:1] == ("flag",) and added[1] in self.replay.mines:
            self._right += 1

    @property
    def moves(self) -> int:
        """Moves (effective clicks) in the replay."""
        return len(self.diffs)

    @property
    def completed(self) -> bool:
        """True when the interpreted game was won."""
        return self.final.state is State.WON

    def final_look(self) -> list[str]:
        """Every cell's appearance at the end, row-major."""
        return self.final.appearances(range(self.rows), range(self.cols))

    def bbbv_solved(self, look: list[str] | None = None) -> int:
        """3BV cleared in ``look`` (default: the end): openings whose zero cells are all
        revealed, and revealed numbers that touch no opening (as ms-toollib counts them)."""
        look = self.final_look() if look is None else look
        shown = [key.isdigit() for key in look]
        if self._parts is None:
            self._parts = bv_parts(self.replay.mines, self.rows, self.cols)
        return self._parts.solved_in(shown)


class LogTimeline(Timeline):
    """A recorded game of ours told once (issue 37): the entries of its log stepped through
    ``match``, the match rebuilt from the log (game.midend.match.Match.from_log, at its start), so
    every board the viewer shows is the board the player had, whatever the formats' click
    rules would make of the pointer (a left click on a number that chorded, keyboard moves,
    undo and redo). The same attributes and :class:`Playhead` as :class:`Timeline`:

    - a *move* (a step of the viewer's Left/Right) is a log entry that changed the board: a
      move played (wasted ones are not steps), an undo, a redo; ``steps`` holds its entry
      (a game.midend.match.Played, Undone or Redone), ``outcomes`` its Outcome (an undo's is an
      Outcome of no changed cell: silent);
    - the events are ``pointer`` (PointerEvent at 16 px a cell: the log's pointer stream,
      game.replay.fromlog.pointer_events) carried beside the moves for the pointer, its
      trail, the buttons held and the clicks counted (the gesture interpreter reads them
      on the match's board, and nothing it makes is applied); the clicks and the path as
      the live counters count them (game.midend.counters.LiveCounter: a click for each move made
      without the pointer, the standing moves' centres after an undo). A move the pointer made is
      placed at the event at which the interpreter makes the same move; any other entry
      (keyboard, console, autoplay, undo, redo, a pointer move the interpreter reads
      otherwise) gets an event of its own at its logged time, after the pointer's events
      up to that time: at its cell's centre for a move made without the pointer (or when no
      pointer is given), else where the pointer was.

    ``replay``: the game's Replay (game.replay.fromlog.replay_of: its time, 3BV, player and
    labels; its events are not read, though ``pointer`` may be them). ``log``: None, or the log's
    board and moves that stand, kept for the review viewer's review
    (game.replay.sources.log_timeline). An undo or redo compares every cell's look (a pass
    over the board; the undo itself plays the standing moves again).

    Raises:
        ValueError: the log cannot be played (an undo with no move to take back...), as
            game.midend.match.Match.step.
    """

    def __init__(self, replay: Replay, match: Match, pointer: Sequence[PointerEvent] = (),
                 every: int = KEYFRAME_EVERY) -> None:
        self.replay, self.every = replay, every
        game = match.game
        self.rows, self.cols, self.mines = game.rows, game.cols, game.config.mines
        look = self._begin(game)
        self.steps: list = []
        script, gestures, path = match.script, Gestures(), FilePath(self.rows, self.cols)
        self._gestures, self._path = gestures, path
        self._centred = not pointer  # no pointer: every move shown at its cell's centre, a click there
        self._live, self._extra, self._undone_path, self._undone_clicks = (LiveCounter(self._centred), (0, 0, 0),
                                                                           None, None)
        self._point = None  # the pointer's last point: where the path starts when a key opens the game
        self._off = (self.cols * CELL_PX, self.rows * CELL_PX)  # the formats' point off the board
        for event in pointer:
            while match.position < len(script) and (_before(script, match.position, event.time_ms)
                                                    or (game.over and script[match.position].ms <= event.time_ms)):
                # (a game over logs no pointer input, game.midend.match.Match.pointer: an event
                # logged at the ms of the undo that took the loss back came after that undo)
                self._anchor(match, look)
            self._at(event.time_ms, event.x, event.y)
            self._point = (event.x, event.y)
            at = len(self.times) - 1
            going = not game.over
            wanted = script[match.position] if match.position < len(script) else None
            gestures.chord_on_number = isinstance(wanted, Played) and wanted.source is Source.LEFT_CHORD
            for made in gestures.feed(event, game):
                if (isinstance(wanted, Played) and wanted.source in POINTER_SOURCES and wanted.move == made.move
                        and wanted.ms >= event.time_ms):
                    self._stepped(match, at, look)
            if going and game.state is not State.READY:
                path.pointer(event.time_ms, event.x, event.y)
            self._keep(gestures.held, self._clicks(), self._path_px())
        while match.position < len(script):
            self._anchor(match, look)
        path.flush()
        if self.times:  # entries after the last event that changed nothing on the board count there
            last = len(self.times) - 1
            self.lefts[last], self.rights[last], self.doubles[last] = self._clicks()
            self.paths[last] = self._path_px()
        self._end(game, gestures)
        self._live = self._gestures = self._path = None  # (the building's, let go)
        self.log: dict | None = None  # the log to review, when kept (game.replay.sources.log_timeline)

    def _clicks(self) -> tuple[int, int, int]:
        """The (left, right, double) clicks now, as the live counters count them
        (game.midend.counters.LiveCounter): the interpreter's, and the clicks of the moves the
        pointer did not make; once a move was taken back, one click per standing move."""
        if self._undone_clicks is not None:
            return self._undone_clicks
        gestures, extra = self._gestures, self._extra
        return gestures.left + extra[0], gestures.right + extra[1], gestures.double + extra[2]

    def _path_px(self) -> float:
        """The path now: the pointer's, or after an undo the live counters' (the standing
        moves' centres)."""
        return self._path.path_px if self._undone_path is None else self._undone_path

    def _step(self, match: Match):
        """``match.step()``, the live counters following it; returns its Outcome or None."""
        entry = match.script[match.position]
        ready = match.game.state is State.READY
        outcome = match.step()
        started = match.game.state is not State.READY
        if isinstance(entry, Played) and (self._centred or entry.source not in POINTER_SOURCES):
            first = not self._centred and pointer_move_follows(match.script, match.position - 1)
            self._path.centred(entry.ms, entry.move.cell, ready and started, first)  # its click in the file
        elif not self._path.started and self._point is not None and started:
            self._path.meter.feed(*self._point)  # the game opened: the path starts where the pointer is
        counts = self._live.read(match, (0, 0, 0))
        self._extra = (counts.left, counts.right, counts.double)
        self._undone_path = counts.path_px if match.undos else None
        self._undone_clicks = (counts.left, counts.right, counts.double) if match.undos else None
        return outcome

    def _effective_now(self) -> tuple[int, int, int]:
        """The effective clicks as the live counters count them (an undo takes its move's
        back, a redo counts it again), the right ones flags on mines (ms-toollib's)."""
        live = self._live.effective
        return live.left, live.right(self.replay.mines), live.double

    def _at(self, ms: int, x: int, y: int) -> None:
        """An event at ``ms`` (kept non-decreasing) and (x, y), without its held buttons and counts."""
        self.times.append(max(ms, self.times[-1]) if self.times else ms)
        self.xs.append(x)
        self.ys.append(y)

    def _anchor(self, match: Match, look: list[str]) -> None:
        """Step the match's next entry, not placed on a pointer event; when it changed the
        board, an event of its own (see the class docstring)."""
        entry = match.script[match.position]
        if isinstance(entry, Helped):
            self._step(match)
            return
        last = len(self.times) - 1
        if isinstance(entry, Played) and (self._centred or entry.source not in POINTER_SOURCES):
            (x, y), held = centre(entry.move.cell), 0
        elif last >= 0:
            (x, y), held = (self.xs[last], self.ys[last]), self.held[last]
        else:
            (x, y), held = self._off, 0
        self._at(entry.ms, x, y)
        if not self._stepped(match, last + 1, look):
            del self.times[-1], self.xs[-1], self.ys[-1]  # changed nothing: no event for it
            return
        self._keep(held, self._clicks(), self._path_px())

    def _stepped(self, match: Match, index: int, look: list[str]) -> bool:
        """Step the match's next entry (a move, an undo or a redo) as made at event ``index``;
        True when it changed the board (a move of the timeline)."""
        entry = match.script[match.position]
        outcome = self._step(match)
        game = match.game
        if isinstance(entry, Played):
            if outcome.ignored:
                return False
            kept = self._record(index, outcome, game, look)
        else:  # an undo or a redo: every cell's look compared
            now = game.appearances(range(self.rows), range(self.cols))
            changed = [divmod(at, self.cols) for at, (was, is_) in enumerate(zip(look, now)) if was != is_]
            if not changed:
                return False
            kept = self._record(index, Outcome(Move(FLAG, changed[0])), game, look, changed)
        if kept:
            self.steps.append(entry)
        return kept


def _before(script: Sequence, at: int, ms: int) -> bool:
    """True when the log's entry ``script[at]`` is placed before a pointer event at ``ms``:
    made earlier, or at the same ms without the pointer (an undo, a key, help, autoplay) and
    followed at that ms by a move the pointer made, which came after it in the log and so
    after it in time (game.midend.counters.pointer_move_follows). Otherwise an entry of the
    same ms goes after the events of that ms (before the first opening every event and move
    is at 0 ms: a key's first reveal after a cancelled click)."""
    entry = script[at]
    if entry.ms != ms:
        return entry.ms < ms
    if isinstance(entry, Played) and entry.source in POINTER_SOURCES:
        return False
    return pointer_move_follows(script, at)


class Playhead:
    """A position on a :class:`Timeline`: ``events`` applied (0..len(times)), ``moves`` applied,
    ``time_ms`` and ``look`` (every cell's appearance, row-major). It starts before the first
    event, at ``timeline.start_ms``."""

    def __init__(self, timeline: Timeline) -> None:
        self.timeline = timeline
        self.look = list(timeline.keyframes[0])
        self.events = 0
        self.moves = 0
        self.time_ms = timeline.start_ms
        self._solved = (-1, 0)  # (moves, 3BV solved after them): counted once per position

    # ----- moving --------------------------------------------------------------------------------
    def seek(self, time_ms: float) -> set[tuple[int, int]]:
        """Go to ``time_ms`` (clamped to the timeline): every event at or before it applied.
        Returns the cells whose appearance changed."""
        tl = self.timeline
        self.time_ms = min(max(time_ms, tl.start_ms), tl.end_ms)
        return self._to_events(bisect_right(tl.times, self.time_ms))

    def start(self) -> set[tuple[int, int]]:
        """Before the first event (the covered board)."""
        self.time_ms = self.timeline.start_ms
        return self._to_events(0)

    def step(self, delta: int) -> set[tuple[int, int]]:
        """``delta`` moves forward (or back when negative) from the moves applied now, to the
        event that made that move; 0 moves is the start. Returns the changed cells."""
        tl = self.timeline
        target = min(max(self.moves + delta, 0), tl.moves)
        if target == 0:
            return self.start()
        event = tl.move_event[target - 1]
        self.time_ms = tl.times[event]
        return self._to_events(event + 1)

    def _to_events(self, events: int) -> set[tuple[int, int]]:
        self.events = events
        return self._to_moves(bisect_left(self.timeline.move_event, events))

    def _to_moves(self, target: int) -> set[tuple[int, int]]:
        tl, look, cols = self.timeline, self.look, self.timeline.cols
        changed: set[int] = set()
        if abs(target - self.moves) > tl.every:  # from the nearest keyframe below
            frame = tl.keyframes[target // tl.every]
            changed = {i for i, (now, then) in enumerate(zip(look, frame)) if now != then}
            look[:] = frame
            self.moves = target // tl.every * tl.every
        while self.moves < target:
            for at, _, after in tl.diffs[self.moves]:
                look[at] = after
                changed.add(at)
            self.moves += 1
        while self.moves > target:
            self.moves -= 1
            for at, before, _ in tl.diffs[self.moves]:
                look[at] = before
                changed.add(at)
        return {(at // cols, at % cols) for at in changed}

    # ----- what is shown -------------------------------------------------------------------------
    def counts(self) -> Counts:
        """The live counters' counts now (game.figures.Counts; game.midend.counters): the replay's
        time so far (0 before the first opening, its time at most), its 3BV and the 3BV solved
        on the board now (None on a board of more than game.midend.counters.COUNTED_CELLS cells:
        a pass over the board each move), the clicks and
        the path after the events applied, the effective clicks after the moves applied."""
        tl = self.timeline
        at = self.events - 1
        left, right, double = (tl.lefts[at], tl.rights[at], tl.doubles[at]) if at >= 0 else (0, 0, 0)
        solved = None
        if tl.rows * tl.cols <= COUNTED_CELLS:
            if self._solved[0] != self.moves:
                self._solved = (self.moves, tl.bbbv_solved(self.look))
            solved = self._solved[1]
        lce, rce, dce = tl.effective[self.moves]
        return Counts(time_ms=int(max(0, min(self.time_ms, tl.replay.time_ms))),
                      bbbv=tl.replay.bbbv, bbbv_solved=solved,
                      left=left, right=right, double=double, left_effective=lce, right_effective=rce,
                      double_effective=dce, path_px=tl.paths[at] if at >= 0 else 0.0)

    def appearance(self, cell: tuple[int, int]) -> str:
        """The sprite key of ``cell`` now."""
        return self.look[cell[0] * self.timeline.cols + cell[1]]

    @property
    def at_end(self) -> bool:
        return self.time_ms >= self.timeline.end_ms

    @property
    def state(self) -> State:
        return self.timeline.states[self.moves]

    @property
    def mines_left(self) -> int:
        return self.timeline.mines_left[self.moves]

    @property
    def seconds(self) -> int:
        """The HUD timer: whole seconds of game time (0 before the first opening, the
        replay's time at most)."""
        return int(max(0, min(self.time_ms, self.timeline.replay.time_ms)) // 1000)

    @property
    def held(self) -> int:
        """Buttons held now (LEFT | RIGHT | MIDDLE bits, SPENT after a chord)."""
        return self.timeline.held[self.events - 1] if self.events else 0

    def pointer(self) -> tuple[int, int] | None:
        """The pointer at 16 px per cell, or None before the first event or off the board."""
        if not self.events:
            return None
        return self._on_board(self.events - 1)

    def _on_board(self, index: int) -> tuple[int, int] | None:
        tl = self.timeline
        x, y = tl.xs[index], tl.ys[index]
        return (x, y) if 0 <= x < tl.cols * 16 and 0 <= y < tl.rows * 16 else None

    def trail(self) -> list[tuple[int, int]]:
        """The pointer's last positions, oldest first, within TRAIL_MS before now (at most
        TRAIL_POINTS, on the board only)."""
        tl, points = self.timeline, []
        index = self.events - 1
        while index >= 0 and len(points) < TRAIL_POINTS and tl.times[index] >= self.time_ms - TRAIL_MS:
            point = self._on_board(index)
            if point is not None and (not points or points[-1] != point):
                points.append(point)
            index -= 1
        return points[::-1]

    def hover(self) -> tuple[int, int] | None:
        """The cell under the pointer, or None."""
        point = self.pointer()
        return None if point is None else (point[1] // 16, point[0] // 16)

    def pressed(self) -> list[tuple[int, int]]:
        """Cells shown held down, as the window shows them (game.midend.gestures.pressed_cells): the
        covered cell under a held left button, or the covered cells around it while both
        buttons (or the middle one) are held."""
        return pressed_cells(self.held, self.hover(), self)

    @property
    def over(self) -> bool:
        return self.state in (State.WON, State.LOST)

    def neighbours(self, cell: tuple[int, int]) -> list[tuple[int, int]]:
        """The up-to-8 cells around ``cell``."""
        tl, (r, c) = self.timeline, cell
        return [(i, j) for i in range(max(0, r - 1), min(tl.rows, r + 2))
                for j in range(max(0, c - 1), min(tl.cols, c + 2)) if (i, j) != cell]

    def face(self) -> str:
        """The face's sprite key: won, dead, oh (a left or middle button held), normal."""
        state = self.state
        if state is State.WON:
            return "won"
        if state is State.LOST:
            return "dead"
        return "oh" if self.held & (LEFT | MIDDLE) else "normal"


def timeline_moves(timeline: Timeline) -> list[tuple[int, str, tuple[int, int]]]:
    """The moves of a :class:`game.replay.player.Timeline` as (time_ms, kind, cell), one per
    effective click, in the log's kinds: the cell under the pointer at the event that made
    the move; a reveal when it was covered then, a chord when it showed a number, a flag
    toggle when the move changed a flag (a win flags every mine, a loss shows wrong flags:
    those moves revealed cells and are reveals or chords). A move off the board is given the
    first cell it revealed. One entry per move of the timeline, so entry i is move i. For
    the review (game.solver.review.review). A :class:`LogTimeline`'s moves are its log's
    (time, kind, cell) as played.

    Raises:
        ValueError: a LogTimeline with an undo or a redo among its moves (the review judges
            the moves that stand: build the timeline of those, game.replay.sources.log_timeline).
    """
    if isinstance(timeline, LogTimeline):
        if not all(isinstance(entry, Played) for entry in timeline.steps):
            raise ValueError("a move was taken back: the review follows the moves that stand")
        return [(entry.ms, entry.move.kind, entry.move.cell) for entry in timeline.steps]
    cols, look = timeline.cols, list(timeline.keyframes[0])
    events, out = timeline.replay.events, []
    for event_index, diff in zip(timeline.move_event, timeline.diffs):
        cell = events[event_index].cell(timeline.rows, cols)
        opened = [at for at, before, after in diff
                  if before in COVERED_LOOKS and (after.isdigit() or after == "mine_hit")]
        flagged = [at for at, before, after in diff if "flag" in (before, after) and after != "wrong_flag"]
        if not opened and flagged:
            kind, cell = "flag", divmod(flagged[0], cols)
        else:
            if cell is None:
                cell = divmod((opened or [diff[0][0]])[0], cols)
            kind = "chord" if look[cell[0] * cols + cell[1]].isdigit() else "reveal"
        out.append((timeline.times[event_index], kind, cell))
        for where, _, after in diff:
            look[where] = after
    return out
