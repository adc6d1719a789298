"""The live counters' counts (F3: time, 3BV, clicks, effective clicks, path...) of a game
being played, read from the midend's log and the gesture interpreter; the figures made of
them are game.figures' (:func:`game.figures.live`), the table the result panel uses.

One story (docs/counters.md): the clicks are the gesture interpreter's (game.midend.gestures: ms-toollib's
click rules, the counts its analysis gives), plus one for each move of the log the pointer did
not make (keys, autoplay), as the game's replay file has a click at its cell, and a left click
on a number that chorded counted as the double click the file writes it as (both buttons:
game.replay.fromlog.both_button_chords) instead of the left click the interpreter saw; the effective
clicks are the log's moves by what they did (game.midend.match.Effect); the 3BV solved is the
game's; the path is the log's pointer input from the first opening (after an undo, the
centres of the standing moves, as the game's replay is then made: :func:`centre_path`). The same rules read a
replay's timeline (game.replay.player.Timeline), so the viewer counts as play does.

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
from game.rules.pointer import CELL_PX, formats_point
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
    r, c = played.move.cell
    centre = (c * CELL_PX + CELL_PX // 2, r * CELL_PX + CELL_PX // 2)
    if last is None:
        opened = played.move.kind in (REVEAL, CHORD) and played.effect in (Effect.OPENED, Effect.EXPLODED)
        return (centre, 0.0) if opened else (None, 0.0)
    return centre, px + step_px(last, centre)


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

    def __init__(self) -> None:
        self._board = None

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
        self.path = PathMeter(game.rows, game.cols)

    def read(self, match: Match, clicks: tuple[int, int, int]) -> Counts:
        """The counts of ``match``'s game now; ``clicks``: the gesture interpreter's (left,
        right, double) for this board (game.midend.gestures.Gestures.clicks)."""
        if self._board != (match.round, id(match)):
            self._restart(match)
        history = match.history
        while self._entries < len(history):
            self._take(history[self._entries])
            self._entries += 1
        self._follow_path(match)
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
        if played.source not in POINTER_SOURCES:  # its replay has a click at its cell
            extra[CLICK_OF[played.move.kind]] = 1
        elif played.source is Source.LEFT_CHORD and played.effect in (Effect.OPENED, Effect.EXPLODED):
            extra = list(AS_BOTH_BUTTONS)
        self.extra = [a + b for a, b in zip(self.extra, extra)]
        self.standing_clicks[CLICK_OF[played.move.kind]] += 1
        self._standing.append((played, added, tuple(extra)))
        self._centres.append(centre_path(self._centres[-1] if self._centres else (None, 0.0), played))

    def _follow_path(self, match: Match) -> None:
        start = match.opening_input
        if start is None:
            return
        inputs, game = match.inputs, match.game
        at = max(self._inputs, start, 0)
        for event in inputs[at:]:
            self.path.feed(*formats_point(event.x, event.y, match.cell, game.rows, game.cols))
        self._inputs = max(at, len(inputs))
