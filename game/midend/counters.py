"""The live counters' counts (F3: time, 3BV, clicks, effective clicks, path...) of a game
being played, read from the midend's log and the gesture interpreter; the figures made of
them are game.figures' (:func:`game.figures.live`), the table the result panel uses.

One story (docs/counters.md): the clicks are the gesture interpreter's (game.midend.gestures: ms-toollib's
click rules, the counts its analysis gives), plus one for each move of the log the pointer did
not make (keys, autoplay), as the game's replay file has a click at its cell, and a left click
on a number that chorded counted as the double click the file writes it as (both buttons:
game.replay.fromlog.both_button_chords) instead of the left click the interpreter saw; the effective
clicks are the log's moves by what they did (game.midend.match.Effect); the 3BV solved is the
game's; the path is the log's pointer input from the first opening, through the centre of
each move the pointer did not make, where the file clicks it (:class:`FilePath`). After an
undo the game's replay is a click at the centre of each standing move, and the counts
follow it: the path through those centres (:func:`centre_path`), one click per standing
move. The same rules read a replay's timeline (game.replay.player.Timeline,
game.replay.player.LogTimeline), so the viewer counts as play does, and the records' figures
are read at the end of a recorded game's timeline (game.replay.competitive.recorded_stats).

Nothing here tells a player what the board hides: during play a flag counts as an effective
right click the first time its cell is flagged (ms-toollib counts only flags on mines, which
would say where the mines are); once the game is over the mines are known and it is
ms-toollib's count. No pygame here.
"""

from __future__ import annotations

import math

from game.rules.board import Cell
from game.figures import Counts
from game.midend.match import POINTER_SOURCES, Effect, Match, Played, Redone, Source, Undone
from game.rules.moves import CHORD, FLAG, REVEAL
from game.rules.pointer import CELL_PX, centre, formats_point
from game.rules.position import State

CLICK_OF = {REVEAL: 0, FLAG: 1, CHORD: 2}  # a move's kind -> the click (left, right, double) that makes it
AS_BOTH_BUTTONS = (-1, 0, 1)  # a left-click chord that did something: the file's double, not a left click
COUNTED_CELLS = 250_000  # boards up to this many cells get their 3BV solved counted live (a pass over it a move)


class PathMeter:
    """The pointer's path as ms-toollib measures it (base_video.rs, ``analyse``): from the
    event that made the first opening, the straight distance between successive points on
    the board, at 16 px a cell; a point off the board (the formats' (cols*16, rows*16)) adds
    nothing and is not a point of the path. ``path_px``: pixels so far."""

    def __init__(self, rows: int, cols: int) -> None:
        self.off = (cols * CELL_PX, rows * CELL_PX)
        self.last: tuple[int, int] | None = None
        self.path_px = 0.0

    def feed(self, x: int, y: int) -> None:
        """The next point (16 px a cell, as the formats write it) of the game under way."""
        if self.last is None:
            self.last = (x, y)  # the first opening: where the path starts
            return
        if x >= self.off[0] and y >= self.off[1]:
            return
        self.path_px += step_px(self.last, (x, y))
        self.last = (x, y)


def pointer_move_follows(entries, at: int) -> bool:
    """True when the log's entry ``entries[at]`` (a game.midend.match entry) is followed, in
    the same ms and before any entry of a later one, by a move the pointer made: it then
    came before that move's pointer input of the same ms (the window logs an event and plays
    its move at once), and a file places it before the pointer's input of its ms
    (game.replay.fromlog.merged_events); otherwise after it."""
    ms = entries[at].ms
    for later in entries[at + 1:]:
        if later.ms != ms:
            return False
        if isinstance(later, Played) and later.source in POINTER_SOURCES:
            return True
    return False


class FilePath:
    """The path of a game of ours as its file measures it (game.replay.fromlog.merged_events):
    the pointer's points (:meth:`pointer`) and, for each move made without the pointer
    (keys, console, autoplay), a click at its cell's centre (:meth:`centred`), which the file
    places after the pointer's input of the same ms (before every move, all of it is at 0
    ms), unless a move the pointer made follows it in that ms (:func:`pointer_move_follows`:
    then before). So the centre goes on the path once the pointer's input passes its ms (or
    another such move comes, or :meth:`flush`), or at once; it starts the path when that
    move made the first opening, and the pointer's input up to its ms (when it comes after
    it) is then before the opening; a move before the opening adds nothing. ``path_px``:
    pixels so far (:class:`PathMeter`)."""

    def __init__(self, rows: int, cols: int) -> None:
        self.meter = PathMeter(rows, cols)
        self._waiting: tuple[int, tuple[int, int], bool] | None = None  # (ms, centre, opened the game)
        self._skip_ms: int | None = None  # a move made without the pointer opened the game at this ms

    @property
    def path_px(self) -> float:
        return self.meter.path_px

    @property
    def started(self) -> bool:
        """True once the path has its first point."""
        return self.meter.last is not None or (self._waiting is not None and self._waiting[2])

    def pointer(self, ms: int, x: int, y: int) -> None:
        """A point of the pointer's input at ``ms`` (16 px a cell), the game under way."""
        waiting = self._waiting
        if waiting is not None and ms > waiting[0]:
            self.flush()
        skip = self._skip_ms if self._skip_ms is not None else (waiting[0] if waiting and waiting[2] else None)
        if skip is None or ms > skip:
            self.meter.feed(x, y)

    def centred(self, ms: int, cell: Cell, opens: bool, first: bool = False) -> None:
        """A move made without the pointer on ``cell`` at ``ms``; ``opens``: it made the first
        opening; ``first``: it goes before the pointer's input of its ms."""
        self.flush()
        if first:
            if opens or self.meter.last is not None:
                self.meter.feed(*centre(cell))
            return
        self._waiting = (ms, centre(cell), opens)

    def flush(self) -> None:
        """Put the centre waiting on the path now."""
        waiting, self._waiting = self._waiting, None
        if waiting is None:
            return
        if waiting[2]:
            self._skip_ms = waiting[0]
            self.meter.feed(*waiting[1])
        elif self.meter.last is not None:
            self.meter.feed(*waiting[1])


def step_px(a: tuple[int, int], b: tuple[int, int]) -> float:
    """The path from point ``a`` to ``b`` (16 px a cell) as ms-toollib adds it up."""
    dx, dy = b[1] - a[1], b[0] - a[0]
    # pow(d, 0.5) * 16 / 16, as ms-toollib writes it: the same float, bit for bit
    return math.pow(dx * dx + dy * dy, 0.5) * 16.0 / CELL_PX


def centre_path(before: tuple[tuple[int, int] | None, float], played: Played) -> tuple[tuple[int, int] | None, float]:
    """The path of a game with a move taken back, as its recorded figures measure it: the
    formats cannot undo, so its replay is a click at the centre of each standing move
    (game.replay.fromlog, ``reconstructed``), and the path runs from the move that made the
    first opening through the centres of those after it. ``before``: (the last centre, or
    None before the opening; pixels) after the standing moves before ``played``; returns it after."""
    last, px = before
    point = centre(played.move.cell)
    if last is None:
        opened = played.move.kind in (REVEAL, CHORD) and played.effect in (Effect.OPENED, Effect.EXPLODED)
        return (point, 0.0) if opened else (None, 0.0)
    return point, px + step_px(last, point)


class Effective:
    """ms-toollib's effective clicks (minesweeper_board.rs) of the moves fed, in order:
    ``left`` a reveal that opened safe cells (``lce``), ``double`` a chord that opened cells,
    a mine among them or not (``dce``), and the right ones: the first flag placed on a cell
    (``rce`` counts those on mines only: :meth:`right` with the mines)."""

    def __init__(self) -> None:
        self.left = self.double = 0
        self.flagged: dict[Cell, int] = {}  # cell -> how many standing moves flagged it first (0 or 1)

    def add(self, kind: str, cell: Cell, effect: Effect | None) -> tuple:
        """Count the move ``kind`` on ``cell`` that did ``effect``; returns what it added, for :meth:`take_back`."""
        if kind == REVEAL and effect is Effect.OPENED:
            self.left += 1
            return ("left",)
        if kind == CHORD and effect in (Effect.OPENED, Effect.EXPLODED):
            self.double += 1
            return ("double",)
        if kind == FLAG and effect is Effect.FLAGGED and not self.flagged.get(cell):
            self.flagged[cell] = 1
            return ("flag", cell)
        return ()

    def take_back(self, added: tuple) -> None:
        """Undo what :meth:`add` added (a move taken back)."""
        if added[:1] == ("left",):
            self.left -= 1
        elif added[:1] == ("double",):
            self.double -= 1
        elif added[:1] == ("flag",):
            self.flagged.pop(added[1], None)

    def right(self, mines=None) -> int:
        """Effective right clicks: cells flagged at least once, those in ``mines`` only when given."""
        if mines is None:
            return len(self.flagged)
        return sum(1 for cell in self.flagged if cell in mines)


class LiveCounter:
    """The counts of the game a :class:`game.midend.match.Match` is playing, read on demand
    (:meth:`read`) from what it logged since the last read, so a read costs what happened
    since (a move, a few pointer events), not the game's length. A new board (a retry, a
    new game of the same match) starts it afresh."""

    def __init__(self, centred: bool = False) -> None:
        self._board = None
        self.centred = centred  # every move a click at its cell's centre: a log without pointer input,
        # whose file is made of such clicks (game.replay.player.LogTimeline)

    def _restart(self, match: Match) -> None:
        game = match.game
        self._board = (match.round, id(match))
        self._entries = 0  # history entries read
        self._inputs = 0  # pointer inputs read (from the opening on)
        self.effective = Effective()
        self._standing: list[tuple[Played, tuple, tuple[int, int, int]]] = []  # move, what it added, clicks
        self._centres: list[tuple[tuple[int, int] | None, float]] = []  # centre_path after each standing move
        self._undone: list[tuple[Played, tuple, tuple[int, int, int]]] = []
        self.extra = [0, 0, 0]  # clicks the file has beyond the interpreter's (left, right, double): moves
        # the pointer did not make, and left-click chords written as both buttons (a left click less)
        self.standing_clicks = [0, 0, 0]  # the standing moves by kind (reveal, flag, chord): the clicks of a
        # game with a move taken back, whose file is a click at the centre of each standing move
        self.path = FilePath(game.rows, game.cols)
        self._opened = False  # a move of the log read so far made the first opening

    def read(self, match: Match, clicks: tuple[int, int, int]) -> Counts:
        """The counts of ``match``'s game now; ``clicks``: the gesture interpreter's (left,
        right, double) for this board (game.midend.gestures.Gestures.clicks)."""
        if self._board != (match.round, id(match)):
            self._restart(match)
        history = match.history
        while self._entries < len(history):
            entry = history[self._entries]
            if isinstance(entry, Played):
                self._centre_point(match, entry, self._entries)
            self._take(entry)
            self._entries += 1
        self._follow_path(match)
        self.path.flush()
        game = match.game
        over = game.over
        known = game.mines_laid and game.three_bv_known  # a big board's 3BV is counted in slices
        solved = known and (over or game.config.cells <= COUNTED_CELLS)  # 0.1 s a move on a dense 1000x1000
        if not match.inputs and game.state is State.READY:
            clicks = (0, 0, 0)  # a board not touched yet (the interpreter has not seen it: a retry)
        if match.undos:  # recorded from clicks at the standing moves' centres: one click each
            left, right, double = self.standing_clicks
        else:
            left, right, double = (clicks[i] + self.extra[i] for i in range(3))
        return Counts(time_ms=match.ms, bbbv=game.three_bv if known else None,
                      bbbv_solved=game.three_bv_solved if solved else None,
                      left=left, right=right, double=double, left_effective=self.effective.left,
                      right_effective=self.effective.right(match.layout() if over else None),
                      double_effective=self.effective.double,
                      path_px=(self._centres[-1][1] if self._centres else 0.0) if match.undos else self.path.path_px)

    def _take(self, entry) -> None:
        """Count one entry of the log: a move, an undo (the last standing move taken back),
        a redo (the last taken back played again)."""
        if isinstance(entry, Played):
            self._undone.clear()  # a new move forgets the moves taken back, as the match does
            self._push(entry, self.effective.add(entry.move.kind, entry.move.cell, entry.effect))
        elif isinstance(entry, Undone) and self._standing:
            played, added, extra = self._standing.pop()
            self._centres.pop()
            self.effective.take_back(added)
            self.extra = [a - b for a, b in zip(self.extra, extra)]
            self.standing_clicks[CLICK_OF[played.move.kind]] -= 1
            self._undone.append((played, added, extra))
        elif isinstance(entry, Redone) and self._undone:
            played, _, _ = self._undone.pop()
            self._push(played, self.effective.add(played.move.kind, played.move.cell, played.effect))

    def _push(self, played: Played, added: tuple) -> None:
        extra = [0, 0, 0]
        if self.centred or played.source not in POINTER_SOURCES:  # its replay has a click at its cell
            extra[CLICK_OF[played.move.kind]] = 1
        elif played.source is Source.LEFT_CHORD and played.effect in (Effect.OPENED, Effect.EXPLODED):
            extra = list(AS_BOTH_BUTTONS)
        self.extra = [a + b for a, b in zip(self.extra, extra)]
        self.standing_clicks[CLICK_OF[played.move.kind]] += 1
        self._standing.append((played, added, tuple(extra)))
        self._centres.append(centre_path(self._centres[-1] if self._centres else (None, 0.0), played))

    def _centre_point(self, match: Match, played: Played, at: int) -> None:
        """The path of the move ``played``, entry ``at`` of the log, about to be counted: one
        made without the pointer is a click at its cell's centre in the game's file
        (:class:`FilePath`), after the pointer's input up to its ms (followed in its ms by a
        move the pointer made, before the opening too: before that of its own ms, and then a
        move before the opening adds nothing)."""
        opens = (not self._opened and played.move.kind in (REVEAL, CHORD)
                 and played.effect in (Effect.OPENED, Effect.EXPLODED))
        if self.centred or played.source not in POINTER_SOURCES:
            first = not self.centred and pointer_move_follows(match.history, at)  # (before the opening too)
            if self._opened:  # (before the opening, the pointer's input is not on the path yet)
                self._follow_path(match, played.ms - 1 if first else played.ms)
            self.path.centred(played.ms, played.move.cell, opens, first)
        self._opened = self._opened or opens

    def _follow_path(self, match: Match, until_ms: int | None = None) -> None:
        """Feed the path the pointer's input from the first opening (up to ``until_ms`` when
        given)."""
        start = match.opening_input
        if start is None:
            return
        inputs, game = match.inputs, match.game
        at = max(self._inputs, start, 0)
        while at < len(inputs) and (until_ms is None or inputs[at].ms <= until_ms):
            event = inputs[at]
            self.path.pointer(event.ms, *formats_point(event.x, event.y, match.cell, game.rows, game.cols))
            at += 1
        self._inputs = at
