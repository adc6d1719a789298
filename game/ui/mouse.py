"""Mouse gestures on the board, interpreted into moves (Tatham's interpret_move).

Classic winmine behaviour (Windows' own Minesweeper and Wine's winmine, whose
mouse-move handler presses the box under the pointer while the left button is held):

- Left button: the cell under the pointer shows pressed while the button is held,
  following the pointer; releasing reveals the cell under the pointer. Releasing off
  the board (or on a revealed cell) does nothing: that is how a press is cancelled.
- Right button: the flag cycle, at once on press, on a covered cell; a right press on
  a revealed cell flags nothing (released alone, it is a wasted click, as the engine
  counts a right click there).
- Chord: the middle button, or both left and right pressed in either order (right
  then left as well as left then right, as in Windows and Arbiter; released: the
  chord goes to the cell under the pointer), or a left click on a revealed number
  when the option is on (the left button released on a number). While held, the
  covered cells around show pressed.
- After a chord, the button still held does nothing until all are released.
- The face: press, and release on it, for a new game.

A gesture gives a :class:`game.moves.Move` (reveal, flag or chord on a cell), or
``NEW_GAME`` for the face; ``Move`` is a (kind, cell) NamedTuple.
"""

from __future__ import annotations

import pygame

from game.board import Cell
from game.moves import Move
from game.ui.layout import BoardLayout

LEFT, MIDDLE, RIGHT = 1, 2, 3  # pygame mouse button numbers
NEW_GAME = ("new", None)  # what a click on the face gives (not a move of the game)
COVERED_LOOKS = ("covered", "question")  # appearances that show pressed


class MouseGesture:
    """Which buttons are held and where; ``interpret`` turns an event into a move or None."""

    def __init__(self, layout: BoardLayout) -> None:
        self.layout = layout
        self.reset()

    def reset(self) -> None:
        """Forget every held button (new game, pause, focus lost)."""
        self.held: set[int] = set()
        self.hover: Cell | None = None  # cell under the pointer while held
        self.right_cell: Cell | None = None  # where the right button went down
        self.left_chord = False  # the last move given was a chord by a left click on a number
        self.chording = False  # the middle button, or both buttons, are (or were) held
        self.chord_on_number = False  # the option, as it was when the button went down
        self.spent = False  # a chord happened; ignore releases until all buttons are up
        self.face_down = False
        self.face_hover = False

    @property
    def active(self) -> bool:
        """True while a button is held on the board or the face."""
        return bool(self.held) or self.face_down

    def interpret(self, event: pygame.event.Event, game, chord_on_number: bool) -> Move | tuple | None:
        """The move ``event`` makes, if any; updates the held state either way."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.layout.cell_at(event.pos)
            self.face_hover = self.layout.face.collidepoint(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (LEFT, MIDDLE, RIGHT):
            return self._down(event.button, event.pos, game, chord_on_number)
        if event.type == pygame.MOUSEBUTTONUP and event.button in (LEFT, MIDDLE, RIGHT):
            return self._up(event.button, event.pos, game)
        return None

    def _down(self, button: int, pos, game, chord_on_number: bool):
        cell = self.layout.cell_at(pos)
        self.hover = cell
        if button == LEFT and not self.held and self.layout.face.collidepoint(pos):
            self.face_down = self.face_hover = True
            return None
        if cell is None or game.over:
            return None
        alone = not self.held
        self.held.add(button)
        self.chord_on_number = chord_on_number
        if button == MIDDLE or {LEFT, RIGHT} <= self.held:
            self.chording = True
        if button == RIGHT and alone:
            self.right_cell = cell  # held: a left press now makes a chord, as in Windows
            return None if game.is_revealed(cell) else Move.flag(cell)
        return None

    def _left_chord(self, game, cell: Cell | None) -> bool:
        """True when the left button alone, released on ``cell``, chords (the option, a number)."""
        return cell is not None and self.chord_on_number and bool(game.number(cell))

    def _up(self, button: int, pos, game):
        self.left_chord = False
        if button == LEFT and self.face_down:
            on_face = self.layout.face.collidepoint(pos)
            self.face_down = self.face_hover = False
            return NEW_GAME if on_face else None
        if button not in self.held:
            return None
        cell = self.layout.cell_at(pos)
        both = {LEFT, RIGHT} <= self.held or MIDDLE in self.held
        self.held.discard(button)
        move = None
        if not self.spent and cell is not None:
            if self.chording and both:
                move = Move.chord(cell)
            elif button == LEFT and not self.chording:
                move = (Move.chord if self._left_chord(game, cell) else Move.reveal)(cell)
                self.left_chord = move.kind == "chord"  # a chord the formats' rules would not make
        if (move is None and button == RIGHT and not self.chording and not self.spent
                and self.right_cell is not None and game.is_revealed(self.right_cell)):
            move = Move.flag(self.right_cell)  # a lone right click on a number: the engine counts it wasted
        if move is not None and self.held:
            self.spent = True
        if not self.held:
            self.chording, self.spent = False, False
        return move

    def pressed_cells(self, game) -> list[Cell]:
        """Cells to show pressed now: the held cell, or the chord's covered cells."""
        if self.spent or game.over or self.hover is None:
            return []
        if self.chording or (LEFT in self.held and self._left_chord(game, self.hover)):
            around = [self.hover, *game.neighbours(self.hover)]
            return [c for c in around if game.appearance(c) in COVERED_LOOKS]
        if LEFT in self.held:
            return [self.hover] if game.appearance(self.hover) in COVERED_LOOKS else []
        return []

    def face(self, game) -> str | None:
        """Face override while held: 'pressed' on the face, 'oh' on the board, else None."""
        if self.face_down:
            return "pressed" if self.face_hover else None
        if (self.held - {RIGHT} or self.chording) and not game.over:
            return "oh"  # a left or middle press (a right click alone flags at once, no "oh")
        return None
