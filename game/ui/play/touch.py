"""The board by touch: pygame-ce's finger events as the mouse's clicks, and the camera moved by fingers.

Fingers (FINGERDOWN, FINGERMOTION, FINGERUP; game.ui.display.Display.map_event gives each its
``pos`` in logical pixels and ``window_pos`` in window pixels) are read by
:class:`TouchGestures`, a recogniser that knows nothing of the game, and its gestures are
played by :class:`TouchInput` as the mouse's clicks: each is logged in the match's pointer
log and fed to the one gesture interpreter (game.midend.gestures, through
game.ui.play.mouse.MouseGesture.feed) at the finger's point, so a touch game is recorded,
replayed and exported as any other, and labelled as played by touch
(game.midend.match.Match.note_touch).

Gestures and their timings (the clock is the frame clock, ``services.clock``):

- a **tap** (down and up within the long-press delay, moved at most :data:`SLOP` window
  pixels) on a cell: a left click there (it reveals; on a revealed number it chords: a tap
  chords whatever the Options' "Chord by clicking a number" says, the fingers have no two
  buttons);
- a **long press** (held :data:`LONG_PRESS_MS` milliseconds by default, Options' "Long press",
  moved at most :data:`SLOP`): a right click (a flag), made when the delay passes, not at the
  lift; a ring fills around the cell while the finger is held (:meth:`TouchInput.draw`);
- **flag mode** (the HUD's flag button left of the face, or the G key; its default in
  Options): a tap flags and a long press reveals or chords;
- a finger that moves more than :data:`SLOP` window pixels before the delay **pans** a board
  larger than the window (and plays nothing); a second finger down makes the gesture a
  **pinch**: both fingers pan by their middle and zoom by their spread, through the
  camera (game.ui.play.camera.Camera.zoom_to: its own limits); a board that fits does not move;
- a tap off the board plays nothing; a tap on the face is a new game, a tap on the flag
  button switches flag mode.

The mouse events SDL makes from a touch (``event.touch`` True) are not this module's: the
Playing scene drops them on its board (game.ui.play.playing.Playing.handle), so no touch acts
twice; a real mouse works as ever.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.midend.match import Source
from game.rules.moves import Move
from game.rules.pointer import Action
from game.ui.play.hud import device_size, hud_square
from game.ui.shared import draw
from game.ui.shared.theme import palette
from game.ui.shared.widgets import bevel

LONG_PRESS_MS = 400  # default long-press delay, ms (Options: game.records.settings.TOUCH_DELAYS)
SLOP = 16  # window pixels a finger may travel and still be a tap or a long press (about 2.5 mm at 160 dpi)
FLAG_MODE_KEY = pygame.K_g  # the key that switches flag mode
FLAG_BUTTON = 22  # the flag-mode button's side, logical pixels (smaller in a narrow HUD)
FLAG_BUTTON_MIN = 12  # the smallest flag-mode button drawn, logical pixels
ZOOM_DEADBAND = 0.05  # a pinch's spread within 5 % of its start keeps the zoom it started at
RING_WIDTH = 3  # the long-press ring's line, logical pixels
RING_STEPS = 32  # segments of a whole ring


@dataclass
class Finger:
    """One finger on the glass: where it went down and where it is, in window and logical pixels."""

    start_window: tuple[float, float]
    window: tuple[float, float]
    start: tuple[float, float]
    pos: tuple[float, float]
    since: float  # clock seconds when it went down


class TouchGestures:
    """The recogniser: finger events in, gestures out (no game, no pygame drawing).

    :meth:`event` and :meth:`tick` return a list of gestures, each a tuple:
    ``("tap", pos)``, ``("long", pos)`` (logical pixels where the finger went down),
    ``("pan", dx, dy)`` (logical pixels the view's content follows the fingers) and
    ``("pinch",)`` (two fingers down: a pinch starts) and ``("zoom", factor, centre)`` (the
    fingers' spread is ``factor`` times what it was when the pinch started, the fingers' middle
    at logical pixel ``centre``; within :data:`ZOOM_DEADBAND` of 1 it is 1, so a pan with two
    fingers leaves the zoom exactly as it was). ``delay`` is the long-press delay in seconds, :data:`SLOP` the travel a
    press allows, in window pixels.
    """

    def __init__(self, delay: float = LONG_PRESS_MS / 1000) -> None:
        self.delay = delay
        self.fingers: dict[int, Finger] = {}
        self.mode = "idle"  # idle, press (one finger, undecided), pan, pinch, spent (a long press made)
        self.spread = 1.0  # the pinch's fingers' distance when it started, logical pixels

    @property
    def active(self) -> bool:
        """A finger is down."""
        return bool(self.fingers)

    def reset(self) -> None:
        """Forget every finger (a pause, the focus lost, a new game)."""
        self.fingers.clear()
        self.mode = "idle"

    def event(self, event: pygame.event.Event, now: float) -> list[tuple]:
        """The gestures finger ``event`` (with ``pos`` and ``window_pos``) completes at clock ``now``."""
        finger = getattr(event, "finger_id", 0)
        window = tuple(getattr(event, "window_pos", event.pos))
        pos = tuple(event.pos)
        if event.type == pygame.FINGERDOWN:
            self.fingers[finger] = Finger(window, window, pos, pos, now)
            if len(self.fingers) == 1:
                self.mode = "press"
            elif self.mode in ("press", "pan"):
                self.mode = "pinch"  # a second finger: never a press
            if self.mode == "pinch" and len(self.fingers) == 2:
                self.spread = math.dist(*(f.pos for f in self.fingers.values())) or 1.0
                return [("pinch",)]
            return []
        held = self.fingers.get(finger)
        if held is None:
            return []
        if event.type == pygame.FINGERMOTION:
            return self._moved(finger, held, window, pos)
        del self.fingers[finger]  # FINGERUP
        gestures = []
        if self.mode == "press" and not self.fingers and not self._travelled(held, window):
            gestures.append(("long", held.start) if now - held.since >= self.delay else ("tap", held.start))
        if not self.fingers:
            self.mode = "idle"
        elif self.mode == "pinch" and len(self.fingers) == 1:
            self.mode = "pan"  # one finger left of a pinch: it pans on
        return gestures

    def tick(self, now: float) -> list[tuple]:
        """A long press whose delay has passed at clock ``now`` (once; its lift then makes nothing)."""
        if self.mode != "press" or len(self.fingers) != 1:
            return []
        held = next(iter(self.fingers.values()))
        if now - held.since < self.delay:
            return []
        self.mode = "spent"
        return [("long", held.start)]

    def progress(self, now: float) -> tuple[tuple[float, float], float] | None:
        """(where the pressing finger went down, logical pixels; the part of the delay gone,
        0..1) while one finger may still make a long press, else None."""
        if self.mode != "press" or len(self.fingers) != 1:
            return None
        held = next(iter(self.fingers.values()))
        return held.start, min(1.0, max(0.0, (now - held.since) / self.delay)) if self.delay > 0 else 1.0

    def _travelled(self, held: Finger, window: tuple[float, float]) -> bool:
        return math.dist(held.start_window, window) > SLOP

    def _moved(self, finger: int, held: Finger, window, pos) -> list[tuple]:
        before = {key: f.pos for key, f in self.fingers.items()}
        held.window, held.pos = window, pos
        if self.mode == "press" and self._travelled(held, window):
            self.mode = "pan"
            dx, dy = pos[0] - held.start[0], pos[1] - held.start[1]  # the whole travel: the view catches up
            return [("pan", dx, dy)] if (dx, dy) != (0, 0) else []
        if self.mode == "pan" and len(self.fingers) == 1:
            dx, dy = pos[0] - before[finger][0], pos[1] - before[finger][1]
            return [("pan", dx, dy)] if (dx, dy) != (0, 0) else []
        if self.mode == "pinch" and len(self.fingers) >= 2:
            keys = sorted(self.fingers)[:2]
            if finger not in keys:
                return []
            old = [before[k] for k in keys]
            new = [self.fingers[k].pos for k in keys]
            gestures = []
            old_mid, new_mid = _middle(*old), _middle(*new)
            spread_old, spread_new = math.dist(*old), math.dist(*new)
            if spread_new > 0 and spread_new != spread_old:
                factor = spread_new / self.spread
                gestures.append(("zoom", 1.0 if abs(factor - 1) < ZOOM_DEADBAND else factor, new_mid))
            if new_mid != old_mid:
                gestures.append(("pan", new_mid[0] - old_mid[0], new_mid[1] - old_mid[1]))
            return gestures
        return []


def _middle(a, b) -> tuple[float, float]:
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def flag_button_rect(layout) -> pygame.Rect | None:
    """The flag-mode button's place: a square centred between the mine counter and the face
    (game.ui.play.layout.BoardLayout, logical pixels), FLAG_BUTTON pixels or less; None when
    that gap has no room for FLAG_BUTTON_MIN."""
    return hud_square(layout, layout.counter.right, layout.face.left, FLAG_BUTTON, FLAG_BUTTON_MIN)


class TouchInput:
    """The Playing scene's fingers: :class:`TouchGestures` played on ``scene`` (a
    game.ui.play.playing.Playing: its match, its MouseGesture, its camera controls).

    ``flag_mode``: a tap flags and a long press reveals (starts at the Options' default,
    settings.touch_flag_mode). ``shown``: the flag-mode button is in the HUD (a touch seen
    this run, or Options' touch layout: services.touch_layout)."""

    def __init__(self, services) -> None:
        self.services = services
        settings = services.settings
        self.recogniser = TouchGestures(getattr(settings, "touch_delay_ms", LONG_PRESS_MS) / 1000)
        self.flag_mode = bool(getattr(settings, "touch_flag_mode", False))
        self.pinch_cell = 1.0  # the camera's zoom when the pinch started, logical pixels a cell

    @property
    def active(self) -> bool:
        """A finger is down (the scene runs at full rate: the ring fills, the delay is timed)."""
        return self.recogniser.active

    @property
    def shown(self) -> bool:
        """The flag-mode button shows (and takes taps)."""
        return bool(getattr(self.services, "touch_layout", False))

    def reset(self) -> None:
        """Forget the fingers (a pause, a dialog, the focus lost)."""
        self.recogniser.reset()

    def toggle_flag_mode(self, scene):
        """Switch flag mode (the HUD's button, the G key); returns ``scene``."""
        self.flag_mode = not self.flag_mode
        scene.dirty = True
        return scene

    def handle(self, event: pygame.event.Event, scene):
        """Play finger ``event`` on ``scene``; returns the next scene."""
        self.recogniser.delay = self.services.settings.touch_delay_ms / 1000
        gestures = self.recogniser.event(event, self.services.clock.now())
        scene.dirty = True
        return self.play(gestures, scene)

    def update(self, scene):
        """A long press whose delay passed this frame, played; returns the next scene."""
        gestures = self.recogniser.tick(self.services.clock.now())
        if self.active:
            scene.dirty = True  # the ring fills
        return self.play(gestures, scene)

    def play(self, gestures: list[tuple], scene):
        """Carry out ``gestures`` on ``scene``: clicks, camera moves; returns the next scene."""
        for gesture in gestures:
            kind = gesture[0]
            if kind == "pan":
                if scene.controls.active:
                    scene.layout.camera.pan(-gesture[1], -gesture[2])
            elif kind == "pinch":
                self.pinch_cell = scene.layout.camera.cell
            elif kind == "zoom":
                if scene.controls.active:
                    camera = scene.layout.camera
                    camera.zoom_to(self.pinch_cell * gesture[1], gesture[2])
            else:
                result = self.press(kind, gesture[1], scene)
                if result is not scene:
                    return result
        return scene

    def press(self, kind: str, pos: tuple[float, float], scene):
        """A tap or a long press (``kind``) at logical pixel ``pos``: the face, the flag
        button, or a click on the board (left for a tap, right for a long press, the other
        way round in flag mode), the minimap (a tap moves the view there); a press anywhere
        else does nothing."""
        layout = scene.layout
        if kind == "tap" and layout.face.collidepoint(pos):
            return scene.key_new()
        button = flag_button_rect(layout) if self.shown else None
        if button is not None and button.collidepoint(pos):
            return self.toggle_flag_mode(scene) if kind == "tap" else scene
        minimap = scene.minimap
        if minimap is not None and minimap.shown and minimap.rect.collidepoint(pos):
            if kind == "tap":  # a tap on a big board's minimap moves the view there, as a click does
                minimap.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(map(int, pos)), button=1))
            return scene
        cell = layout.cell_at(pos)
        if cell is None or scene.game.over:
            return scene
        right = (kind == "long") != self.flag_mode
        if not right and scene.match.refuses(Move.reveal(cell)):
            return scene.play("reveal", cell, Source.MOUSE)  # says where to start; nothing logged
        scene.match.note_touch()
        actions = (Action.RIGHT_PRESS, Action.RIGHT_RELEASE) if right else (Action.LEFT_PRESS, Action.LEFT_RELEASE)
        result = scene
        for action in actions:
            pointer = scene.gesture.pointer_at(action, pos)
            scene.match.pointer(pointer.action.value, pointer.x, pointer.y)
            move = scene.gesture.feed(pointer, scene.game, chord_on_number=True)
            if move is not None:
                result = scene.play(*move, source=Source.LEFT_CHORD if scene.gesture.left_chord else Source.MOUSE)
        return result

    def draw(self, screen, scene) -> None:
        """The flag-mode button (when shown: raised while a tap reveals, pressed in and outlined
        while a tap flags) and the long-press ring around the held cell, filling clockwise from
        the top as the delay passes (red; the text colour in flag mode, where it reveals)."""
        button = flag_button_rect(scene.layout) if self.shown else None
        if button is not None:
            screen.fill(palette.panel, button)
            bevel(screen, button, 2, raised=not self.flag_mode)
            side = max(1, button.width - 6)
            sprite_rect = pygame.Rect(0, 0, side, side)
            sprite_rect.center = button.center
            sprites = self.services.assets.cell_sprites(device_size(screen, sprite_rect)[0])
            screen.blit(sprites["flag"], sprite_rect.topleft)
            if self.flag_mode:  # on: pressed in, outlined
                draw.rect(screen, palette.accent, button, 1)
        held = self.recogniser.progress(self.services.clock.now())
        if held is None:
            return
        pos, part = held
        cell = scene.layout.cell_at(pos)
        if cell is None or part <= 0:
            return
        rect = scene.layout.cell_rect(cell)
        radius = max(rect.width, rect.height) * 0.75
        steps = max(2, round(RING_STEPS * part))
        points = [(rect.centerx + radius * math.sin(2 * math.pi * part * i / steps),
                   rect.centery - radius * math.cos(2 * math.pi * part * i / steps)) for i in range(steps + 1)]
        with draw.clipped(screen, scene.layout.board):
            draw.lines(screen, palette.wrong if not self.flag_mode else palette.text, False, points, RING_WIDTH)
