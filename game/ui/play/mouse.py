"""The window's mouse on the board: pygame's button and motion events as pointer events in
board pixels, given to the gesture interpreter (game.midend.gestures, ms-toollib's click rules),
whose moves the scene plays; and the face button (press, and release on it, for a new game).

Every press, release and motion of the left, middle and right buttons is fed, on the board or
off it (off the board, or outside the camera's viewport, it is on no cell), as the match log
and the EVF keep them, so the window plays a game as a replay of it plays. What the board shows
pressed, and the face's "oh", are read from the interpreter.
"""

from __future__ import annotations

import pygame

from game.rules.board import Cell
from game.midend.gestures import LEFT as HELD_LEFT
from game.midend.gestures import MIDDLE as HELD_MIDDLE
from game.midend.gestures import Gestures, Rule
from game.rules.moves import Move
from game.rules.pointer import Action, PointerEvent
from game.ui.play.layout import BoardLayout

LEFT, MIDDLE, RIGHT = 1, 2, 3  # pygame mouse button numbers
NEW_GAME = ("new", None)  # what a click on the face gives (not a move of the game)
ACTIONS = {(pygame.MOUSEBUTTONDOWN, LEFT): Action.LEFT_PRESS, (pygame.MOUSEBUTTONUP, LEFT): Action.LEFT_RELEASE,
           (pygame.MOUSEBUTTONDOWN, RIGHT): Action.RIGHT_PRESS, (pygame.MOUSEBUTTONUP, RIGHT): Action.RIGHT_RELEASE,
           (pygame.MOUSEBUTTONDOWN, MIDDLE): Action.MIDDLE_PRESS,
           (pygame.MOUSEBUTTONUP, MIDDLE): Action.MIDDLE_RELEASE}  # (event type, button) -> action


class MouseGesture:
    """The board's mouse: ``interpret`` turns a pygame event into a move, NEW_GAME or None."""

    def __init__(self, layout: BoardLayout) -> None:
        self.layout = layout
        self.gestures = Gestures(cell_px=layout.cell)
        self.reset()

    def reset(self) -> None:
        """Forget every held button (new game, pause, focus lost); the clicks counted so far
        stay (the interpreter starts its count afresh when it sees a new board)."""
        self.gestures.release()
        self.left_chord = False  # the last move given was a chord by a left click on a number
        self.face_down = False
        self.face_hover = False

    @property
    def active(self) -> bool:
        """True while a button is held on the board or the face."""
        return bool(self.gestures.down) or self.face_down

    def pointer_event(self, event: pygame.event.Event) -> PointerEvent | None:
        """``event`` as a pointer event in board pixels at the layout's cell size, or None for
        an event that is not one (another button, a key). A point the camera does not show
        is put just past the board's bottom-right corner, where the formats put the pointer
        off the board."""
        action = Action.MOVE if event.type == pygame.MOUSEMOTION else ACTIONS.get(
            (event.type, getattr(event, "button", 0)))
        if action is None:
            return None
        return self.pointer_at(action, event.pos)

    def pointer_at(self, action: Action, pos: tuple[float, float]) -> PointerEvent:
        """``action`` at logical pixel ``pos`` as a pointer event in board pixels (see
        :meth:`pointer_event`; the touch gestures make theirs here too: game.ui.play.touch)."""
        px = self.layout.cell
        cell = self.layout.cell_at(pos)
        if cell is None:
            return PointerEvent(pygame.time.get_ticks(), action, self.layout.cols * px, self.layout.rows * px)
        x, y = self.layout.board_pixels(pos)
        row, col = cell  # board_pixels rounds: keep the point inside the cell cell_at sees
        x = min(max(x, col * px), col * px + px - 1)
        y = min(max(y, row * px), row * px + px - 1)
        return PointerEvent(pygame.time.get_ticks(), action, x, y)

    def interpret(self, event: pygame.event.Event, game, chord_on_number: bool) -> Move | tuple | None:
        """The move ``event`` makes, if any (NEW_GAME for a click on the face); updates the
        held state either way. ``game`` is read only (game.midend.gestures.BoardPosition)."""
        face = None
        if event.type == pygame.MOUSEMOTION:
            self.face_hover = self.layout.face.collidepoint(event.pos)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.left_chord = False
            face = self._face(event)
        pointer = self.pointer_event(event)
        if pointer is None:
            return None
        move = self.feed(pointer, game, chord_on_number)  # the face's clicks too: they are in the log, off the board
        if face is not None:
            return face or None
        return move

    def feed(self, pointer: PointerEvent, game, chord_on_number: bool) -> Move | None:
        """The move ``pointer`` (board pixels) makes through the gesture interpreter, if any
        (:attr:`left_chord` says whether it is a left click's chord); the mouse's events and
        the touch gestures' (game.ui.play.touch) alike."""
        self.gestures.cell_px = self.layout.cell  # (a big board's layout changes with the window)
        self.gestures.chord_on_number = chord_on_number
        made = self.gestures.feed(pointer, game)
        self.left_chord = False
        if not made:  # (an event makes at most one move)
            return None
        self.left_chord = made[0].rule is Rule.LEFT_CHORD  # a chord the formats' rules would not make
        return made[0].move

    def _face(self, event: pygame.event.Event):
        """NEW_GAME for a left release on the face after a press on it, False for the other
        face events (pressed, released off it), None for an event the board takes."""
        if event.button != LEFT:
            return None
        if (event.type == pygame.MOUSEBUTTONDOWN and not self.gestures.down
                and self.layout.face.collidepoint(event.pos)):
            self.face_down = self.face_hover = True
            return False
        if event.type == pygame.MOUSEBUTTONUP and self.face_down:
            on_face = self.layout.face.collidepoint(event.pos)
            self.face_down = self.face_hover = False
            return NEW_GAME if on_face else False
        return None

    def pressed_cells(self, game) -> list[Cell]:
        """Cells to show pressed now (game.midend.gestures.Gestures.pressed_cells)."""
        return self.gestures.pressed_cells(game)

    def face(self, game) -> str | None:
        """Face override while held: 'pressed' on the face, 'oh' on the board, else None."""
        if self.face_down:
            return "pressed" if self.face_hover else None
        if self.gestures.down & (HELD_LEFT | HELD_MIDDLE) and self.gestures.hover is not None and not game.over:
            return "oh"  # a left or middle button down over the board (a right click alone flags at once)
        return None
