"""Pointer events into moves: the one gesture interpreter, for the live window
(game.ui.play.mouse) and the replay viewer of our games and other programs' files
(game.replay.player), and the rules by which a game's EVF is read. No pygame here, and no move is applied here: :meth:`Gestures.feed` returns the
moves an event makes and the caller applies them (each before feeding the next event, as
the state machine reads the position the moves left).

Input: pointer events as :class:`game.rules.pointer.PointerEvent` gives them: ``time_ms``,
``action`` (an :class:`game.rules.pointer.Action` or its code: ``mv lc lr rc rr mc mr``,
and from other programs' files ``pf cc l r m``) and ``x``, ``y`` in board pixels at
``cell_px`` pixels per cell; a point off the board (the formats write ``(cols*16, rows*16)``)
is on no cell.

The rules are ms-toollib's (github.com/eee555/ms-toollib, MIT, commit 1d7659b,
``base/src/videos/minesweeper_board.rs``: ``MinesweeperBoard::step``, the mouse state
machine with which Metasweeper and ms-toollib's analysis read every replay), so a game plays
here as it plays there, and :attr:`Gestures.left`, :attr:`Gestures.right` and
:attr:`Gestures.double` count clicks as its analysis counts them. In short:

- a left press then release over a covered cell reveals it; released over a revealed cell
  or a flag it is a wasted left click; released off the board once the game is going it is a
  left click that does nothing (the cancel);
- a right press flags or unflags a covered cell at once; on a revealed cell it flags
  nothing, counts a right click, and if the left button then goes down that click is taken
  back (it was the start of a chord);
- with both buttons down, in either order, releasing either over a cell chords there
  (a double click); the button still held then makes nothing when released, but pressing
  the released one again while it is held makes a new chord;
- a middle release chords where it happens, whatever the other buttons do;
- before the first opening: a left press must land on the board to start the game; right
  presses place flags (preflags); taking off the last preflag, or a left release off the
  board with no preflag, goes back to the start and forgets the clicks counted so far;
- once the game is won or lost every event is ignored.

Where this differs from the window's old winmine-style mouse (game.ui.play.mouse before this
module), ms-toollib's rule is the one kept:

- a left press off the board released on a cell reveals it once the game is going (before
  the first opening it does nothing); the old mouse ignored presses off the board;
- after a chord with both buttons, releasing one and pressing it again while the other is
  still held chords again; the old mouse ignored everything until both were up;
- the middle button is a button of its own: a left press and a middle press together
  are not a chord of left and right; the left release reveals, the middle release chords;
- a right release after a right press on a revealed cell gives the wasted flag move
  there (the engine counts the wasted click), as before, but the right click is counted
  when the button goes down, as ms-toollib counts it;
- a chord on a revealed 0 with no flag around opens its covered neighbours (the engine's
  chord does it: game.rules.engine.Game.chord_ready);
- before anything is done on the board (ms-toollib's Ready), a chord with both buttons or
  the middle one makes no move (the old mouse gave a chord, a wasted click);
- before the first opening, a left click on a flag leaves ms-toollib's left button down (its
  ``PreFlaging`` arm does not release it), so the next right press starts a chord instead of
  flagging; kept, so that the game and its EVF agree;
- the face shows "oh" while a left or middle button is down over the board only.

Where one of our options differs from the formats' rules the move says so
(:class:`Rule`): ``chord_on_number`` makes a left click on a revealed number a chord
(``Rule.LEFT_CHORD``; counted here as the left click it is: the EVF writes it as a chord
with both buttons at the same point, game.replay.fromlog.both_button_chords, and the live
counters count it as that double click, game.midend.counters). Question marks are the engine's
flag cycle (flag, question, none): the interpreter gives the same flag move, but where a
right click on a flag leaves a question mark in our game, ms-toollib's rules (no question
marks) leave the cell plain, and the next right click clears ours where theirs places a
flag: such a game's file does not replay as it went, and the caller labels it.

Not modelled (ms-toollib refuses or panics on them, so no file it reads has them): the
``l``, ``r``, ``m`` codes before the game starts, a middle release off the board, and a
second right press without a release in between.
"""

from __future__ import annotations

from enum import Enum
from typing import Iterable, NamedTuple, Protocol

from game.rules.board import Cell
from game.rules.moves import Move
from game.rules.pointer import CELL_PX
from game.rules.position import State

LEFT, RIGHT, MIDDLE = 1, 2, 4  # bits of Gestures.held
SPENT = 8  # bit of Gestures.held: the left button is held after a chord and does nothing when released
COVERED_LOOKS = ("covered", "question")  # appearances a held button shows pressed


class Rule(Enum):
    """Which rule made a move."""

    FORMAT = "format"  # ms-toollib's rules, as every replay format is read
    LEFT_CHORD = "left_chord"  # our option: a left click on a revealed number chords


class Made(NamedTuple):
    """A move an event made, and the rule that made it."""

    move: Move
    rule: Rule = Rule.FORMAT


class BoardPosition(Protocol):
    """What the interpreter reads of a position (read-only; game.rules.engine.Game gives it all)."""

    @property
    def state(self) -> State: ...  # READY (no reveal yet), PLAYING, WON or LOST

    @property
    def over(self) -> bool: ...  # won or lost

    def appearance(self, cell: Cell) -> str: ...  # 'covered', 'flag', 'question', '0'..'8', ...

    def number(self, cell: Cell) -> int | None: ...  # a revealed cell's number, None while covered

    def is_revealed(self, cell: Cell) -> bool: ...

    def neighbours(self, cell: Cell) -> Iterable[Cell]: ...

    def chord_ready(self, cell: Cell) -> bool: ...  # a chord there would open its covered neighbours

    def on_board(self, cell: Cell) -> bool: ...


class Mouse(Enum):
    """ms-toollib's MouseState: which of the left and right buttons are down, and how."""

    UP_UP = "UpUp"  # none
    DOWN_UP = "DownUp"  # left
    UP_DOWN = "UpDown"  # right
    UP_DOWN_NOT_FLAG = "UpDownNotFlag"  # right, pressed where it flagged nothing
    CHORDING = "Chording"  # both
    CHORDING_NOT_FLAG = "ChordingNotFlag"  # both, the right press counted and to be taken back
    DOWN_UP_AFTER_CHORDING = "DownUpAfterChording"  # left, spent by a chord


HELD = {Mouse.UP_UP: 0, Mouse.DOWN_UP: LEFT, Mouse.UP_DOWN: RIGHT, Mouse.UP_DOWN_NOT_FLAG: RIGHT,
        Mouse.CHORDING: LEFT | RIGHT, Mouse.CHORDING_NOT_FLAG: LEFT | RIGHT,
        Mouse.DOWN_UP_AFTER_CHORDING: LEFT | SPENT}
TO_CHORDING = {Mouse.DOWN_UP: Mouse.CHORDING, Mouse.DOWN_UP_AFTER_CHORDING: Mouse.CHORDING,
               Mouse.UP_DOWN: Mouse.CHORDING, Mouse.UP_DOWN_NOT_FLAG: Mouse.CHORDING_NOT_FLAG,
               Mouse.UP_UP: Mouse.CHORDING}  # a "cc" (a second button, unnamed) from each state
PHYSICAL = {"lc": (LEFT, True), "lr": (LEFT, False), "rc": (RIGHT, True), "rr": (RIGHT, False),
            "mc": (MIDDLE, True), "mr": (MIDDLE, False)}  # action -> (button, down)


class Phase(Enum):
    """ms-toollib's GameBoardState before the end."""

    READY = "ready"  # nothing done that a replay keeps
    PREFLAG = "preflag"  # a left press on the board, or a flag, before the first opening
    PLAYING = "playing"


class Gestures:
    """The gesture interpreter (see the module docstring).

    Args:
        cell_px: board pixels per cell of the events' x, y.
        chord_on_number: the option: a left click on a revealed number chords
            (``Rule.LEFT_CHORD``); may be changed between events.

    Attributes:
        left, right, double: clicks counted as ms-toollib's analysis counts them
            (``left``, ``right``, ``double`` of its videos after ``analyse()``).
        hover: the cell under the pointer at the last event, or None off the board.
        down: the buttons physically down (LEFT | RIGHT | MIDDLE bits), from the presses
            and releases fed, whatever the state machine made of them.
        mouse: the state machine's :class:`Mouse`; ``middle``: its middle button held.
    """

    def __init__(self, cell_px: int = CELL_PX, chord_on_number: bool = False) -> None:
        self.cell_px = cell_px
        self.chord_on_number = chord_on_number
        self.reset()

    def reset(self) -> None:
        """Start afresh: no button held, nothing counted, the game not begun (a new board;
        :meth:`feed` does it by itself when the position it reads is a new board)."""
        self.release()
        self.phase = Phase.READY
        self.pre_flags = 0
        self.left = self.right = self.double = 0
        self.hover: Cell | None = None
        self._ended = False

    def release(self) -> None:
        """Forget every held button, keeping the counts (a pause, the focus lost: the
        releases went elsewhere)."""
        self.mouse = Mouse.UP_UP
        self.middle = False
        self.down = 0
        self.right_cell: Cell | None = None  # where a right press flagged nothing (its wasted move)

    @property
    def held(self) -> int:
        """Buttons held as the state machine sees them: LEFT | RIGHT | MIDDLE bits, and SPENT
        while the left button is held after a chord."""
        return HELD[self.mouse] | (MIDDLE if self.middle else 0)

    @property
    def clicks(self) -> tuple[int, int, int]:
        """(left, right, double), as ms-toollib counts them."""
        return self.left, self.right, self.double

    def cell_of(self, x: int, y: int, position: BoardPosition) -> Cell | None:
        """The cell under board pixel (x, y), or None off the board."""
        if x < 0 or y < 0:
            return None
        cell = (y // self.cell_px, x // self.cell_px)
        return cell if position.on_board(cell) else None

    # ----- the state machine -----------------------------------------------------------------------
    def feed(self, event, position: BoardPosition) -> list[Made]:
        """The moves ``event`` (time_ms, action, x, y: a PointerEvent) makes on ``position``,
        in order (at most one: a release or press makes one click), each tagged with its rule.
        The caller applies them before feeding the next event."""
        action = getattr(event.action, "value", event.action)
        cell = self.cell_of(event.x, event.y, position)
        self.hover = cell
        button, pressed = PHYSICAL.get(action, (0, False))
        self.down = self.down | button if pressed else self.down & ~button
        self._follow(position)
        if position.over:
            return []
        if self.phase is Phase.READY:
            done, made = self._ready(action, cell, position)
        elif self.phase is Phase.PREFLAG:
            done, made = self._preflag(action, cell, position)
        else:
            done, made = False, []
        return made if done else made + self._playing(action, cell, position)

    def _follow(self, position: BoardPosition) -> None:
        """Keep the phase with the position when something else moved it: a new board (READY
        after a game) starts afresh, a reveal from the keyboard starts the game."""
        if position.over:
            self._ended = True
        elif position.state is State.READY and (self._ended or self.phase is Phase.PLAYING):
            mouse, middle, hover, down = self.mouse, self.middle, self.hover, self.down
            self.reset()
            self.mouse, self.middle, self.hover, self.down = mouse, middle, hover, down
        elif position.state is State.PLAYING:
            self.phase = Phase.PLAYING

    # Each handler returns (handled, made): not handled goes on to the Playing rules, as
    # ms-toollib's match arms that do not return do.
    def _ready(self, action, cell, position):
        mouse = self.mouse
        if action in ("mv", "mc", "mr"):
            return True, []
        if action == "lc":
            if mouse is Mouse.UP_UP:
                self.mouse = Mouse.DOWN_UP
                if cell is not None:
                    self.phase = Phase.PREFLAG
            elif mouse in (Mouse.UP_DOWN, Mouse.UP_DOWN_NOT_FLAG):
                self.mouse = TO_CHORDING[mouse]
            return True, []
        if action == "pf":
            self.pre_flags += 1
            self.phase = Phase.PREFLAG
            return True, self._right_click(cell, position)
        if action == "rc":
            if mouse is Mouse.UP_UP:
                self.mouse = Mouse.UP_DOWN
                if cell is None:
                    return True, []
                self.pre_flags, self.phase = 1, Phase.PREFLAG
                return True, self._right_click(cell, position)
            if mouse is Mouse.DOWN_UP_AFTER_CHORDING:
                self.mouse = Mouse.CHORDING
                return True, []
            return False, []
        if action == "lr":
            if mouse in (Mouse.CHORDING, Mouse.CHORDING_NOT_FLAG):
                self.mouse = Mouse.UP_DOWN
            elif mouse in (Mouse.DOWN_UP_AFTER_CHORDING, Mouse.DOWN_UP, Mouse.UP_UP):
                self.mouse = Mouse.UP_UP
            else:
                return False, []
            return True, []
        if action == "rr":
            if mouse in (Mouse.UP_DOWN, Mouse.CHORDING, Mouse.UP_UP):
                self.mouse = {Mouse.UP_DOWN: Mouse.UP_UP, Mouse.CHORDING: Mouse.DOWN_UP_AFTER_CHORDING,
                              Mouse.UP_UP: Mouse.UP_UP}[mouse]
                return True, []
            return False, []
        if action == "cc":
            self.mouse = TO_CHORDING.get(mouse, mouse)
            return True, []
        return True, []  # "l", "r", "m" before the start: ms-toollib refuses them

    def _preflag(self, action, cell, position):
        mouse = self.mouse
        if action == "lr" and mouse is Mouse.DOWN_UP:
            if cell is None:
                self.mouse = Mouse.UP_UP
                if self.pre_flags == 0:
                    self._back_to_ready()
                else:
                    self.left += 1
                return True, []
            if position.appearance(cell) in COVERED_LOOKS:
                self.phase, self.mouse = Phase.PLAYING, Mouse.UP_UP
                return True, self._left_click(cell, position)
            self.left += 1  # on a flag: a wasted left click (ms-toollib leaves the button down)
            return True, [Made(Move.reveal(cell))]
        if action == "pf":
            self.pre_flags += 1
            return True, self._right_click(cell, position)
        if action == "rc":
            if mouse is Mouse.UP_UP:
                if cell is None:
                    self.mouse = Mouse.UP_DOWN_NOT_FLAG
                    self.right += 1
                    return False, []
                self.mouse = Mouse.UP_DOWN
                if position.appearance(cell) in COVERED_LOOKS:
                    self.pre_flags += 1
                else:
                    self.pre_flags -= 1
                    if self.pre_flags == 0:  # the last preflag taken off: back to the start, uncounted
                        self._back_to_ready()
                        return True, [Made(Move.flag(cell))]
                return True, self._right_click(cell, position)
            if mouse is Mouse.DOWN_UP:
                self.mouse = Mouse.CHORDING
                if cell is not None and self.pre_flags == 0:
                    self.phase = Phase.READY
                return False, []
            if mouse is Mouse.DOWN_UP_AFTER_CHORDING:
                self.mouse = Mouse.CHORDING
                return False, []
            return True, []  # ms-toollib refuses it
        if action == "cc":
            if mouse is Mouse.DOWN_UP and cell is not None and self.pre_flags == 0:
                self.phase = Phase.READY
            self.mouse = TO_CHORDING.get(mouse, mouse)
            return True, []
        if action == "mr" and cell is None:
            self.middle = False
            return True, []
        return action not in ("lc", "rr", "mv", "lr", "mc", "mr"), []

    def _back_to_ready(self) -> None:
        self.phase = Phase.READY
        self.left = self.right = self.double = 0

    def _playing(self, action, cell, position) -> list[Made]:
        mouse = self.mouse
        if action == "lc" or (action == "l" and mouse in (Mouse.UP_UP, Mouse.UP_DOWN, Mouse.UP_DOWN_NOT_FLAG)):
            self.mouse = {Mouse.UP_UP: Mouse.DOWN_UP, Mouse.UP_DOWN: Mouse.CHORDING,
                          Mouse.UP_DOWN_NOT_FLAG: Mouse.CHORDING_NOT_FLAG}.get(mouse, mouse)
        elif action in ("lr", "l"):
            if mouse is Mouse.DOWN_UP:
                self.mouse = Mouse.UP_UP
                if cell is None:
                    self.left += action == "lr"  # a left release off the board counts (not an "l")
                    return []
                return self._left_click(cell, position)
            if mouse in (Mouse.CHORDING, Mouse.CHORDING_NOT_FLAG):
                self.mouse = Mouse.UP_DOWN
                if mouse is Mouse.CHORDING_NOT_FLAG:
                    self.right -= 1  # the right press was the start of this chord
                return self._chord(cell)
            if mouse is Mouse.DOWN_UP_AFTER_CHORDING:
                self.mouse = Mouse.UP_UP
        elif action == "rc" or (action == "r" and mouse is Mouse.UP_UP):
            if mouse is Mouse.UP_UP:
                if cell is None:
                    self.mouse = Mouse.UP_DOWN_NOT_FLAG
                    self.right += 1
                    return []
                revealed = position.is_revealed(cell)
                self.mouse = Mouse.UP_DOWN_NOT_FLAG if revealed else Mouse.UP_DOWN
                return self._right_click(cell, position)
            if mouse in (Mouse.DOWN_UP, Mouse.DOWN_UP_AFTER_CHORDING):
                self.mouse = Mouse.CHORDING
        elif action in ("rr", "r"):
            if mouse is Mouse.UP_DOWN:
                self.mouse = Mouse.UP_UP
            elif mouse is Mouse.UP_DOWN_NOT_FLAG:
                self.mouse = Mouse.UP_UP
                wasted, self.right_cell = self.right_cell, None
                if wasted is not None and position.is_revealed(wasted):
                    return [Made(Move.flag(wasted))]  # the right click that flagged nothing, for the engine's count
            elif mouse in (Mouse.CHORDING, Mouse.CHORDING_NOT_FLAG):
                self.mouse = Mouse.DOWN_UP_AFTER_CHORDING
                if mouse is Mouse.CHORDING_NOT_FLAG:
                    self.right -= 1
                return self._chord(cell)
            elif action == "r" and mouse in (Mouse.DOWN_UP, Mouse.DOWN_UP_AFTER_CHORDING):
                self.mouse = Mouse.CHORDING
        elif action == "mc":
            self.middle = True
        elif action in ("mr", "m"):
            self.middle = not self.middle if action == "m" else False
            if not self.middle:
                return self._chord(cell)
        elif action == "cc":
            self.mouse = TO_CHORDING.get(mouse, mouse)
        return []

    # ----- ms-toollib's three clicks, as moves -----------------------------------------------------
    def _left_click(self, cell: Cell, position: BoardPosition) -> list[Made]:
        self.left += 1
        if self.chord_on_number and (position.number(cell) or 0) > 0:
            return [Made(Move.chord(cell), Rule.LEFT_CHORD)]
        return [Made(Move.reveal(cell))]

    def _right_click(self, cell: Cell | None, position: BoardPosition) -> list[Made]:
        if cell is None:
            return []
        self.right += 1
        if position.is_revealed(cell):
            self.right_cell = cell  # its wasted move comes with the release, unless it starts a chord
            return []
        self.right_cell = None
        return [Made(Move.flag(cell))]

    def _chord(self, cell: Cell | None) -> list[Made]:
        self.right_cell = None
        if cell is None:
            return []
        self.double += 1
        return [Made(Move.chord(cell))]

    # ----- press feedback ----------------------------------------------------------------------------
    def pressed_cells(self, position: BoardPosition) -> list[Cell]:
        """Cells to draw pressed now (see :func:`pressed_cells`)."""
        return pressed_cells(self.held, self.hover, position, self.chord_on_number)


def pressed_cells(held: int, cell: Cell | None, position, chord_on_number: bool = False) -> list[Cell]:
    """Cells to draw pressed with the buttons ``held`` (:attr:`Gestures.held` bits) over
    ``cell``: the covered cell under the left button; the covered cells around it (and it)
    while both buttons, or the middle one, are held, or the left one over a revealed number
    with ``chord_on_number``; none after a chord or once the game is over. ``position``
    needs ``over``, ``appearance``, ``neighbours`` (and ``number`` with ``chord_on_number``)."""
    if not held or cell is None or position.over:
        return []
    around = held & MIDDLE or (held & (LEFT | RIGHT) == LEFT | RIGHT and not held & SPENT)
    if not around and held == LEFT and chord_on_number:
        around = (position.number(cell) or 0) > 0
    if around:
        return [c for c in (cell, *position.neighbours(cell)) if position.appearance(c) in COVERED_LOOKS]
    if held == LEFT:
        return [cell] if position.appearance(cell) in COVERED_LOOKS else []
    return []
