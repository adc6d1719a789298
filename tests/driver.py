"""Drive the window game with real posted pygame events: for tests, benchmarks and screenshots.

Every action posts the same events SDL would (MOUSEBUTTONDOWN/UP with ``pos`` and
``button``, KEYDOWN with ``key``, ``mod`` and ``unicode``) and then steps the
loop, so the scenes handle them exactly as a player's input.
"""

from __future__ import annotations

import pygame

from game.rules.board import Cell
from game.ui.loop import Loop


class Driver:
    """Posts input into ``loop`` (game.ui.loop.Loop) and steps it ``frames`` frames after each action."""

    def __init__(self, loop: Loop, frames: int = 2) -> None:
        self.loop = loop
        self.frames = frames

    @property
    def scene(self):
        """The current scene."""
        return self.loop.manager.current

    def step(self, frames: int | None = None) -> bool:
        """Run ``frames`` frames; False once the game has quit."""
        for _ in range(self.frames if frames is None else frames):
            if not self.loop.frame():
                return False
        return True

    def post(self, event_type: int, **attrs) -> bool:
        pygame.event.post(pygame.event.Event(event_type, **attrs))
        return self.step()

    @property
    def display(self):
        """The game's game.ui.display.Display."""
        return self.loop.manager.services.display

    @property
    def screen(self) -> pygame.Surface:
        """The canvas the scenes draw on, in logical pixels."""
        return self.display.canvas

    def mouse_down(self, pos: tuple[int, int], button: int = 1) -> bool:
        """Press ``button`` at logical pixel ``pos`` (posted, as SDL does, in window pixels)."""
        return self.post(pygame.MOUSEBUTTONDOWN, pos=self.display.to_window(pos), button=button)

    def mouse_up(self, pos: tuple[int, int], button: int = 1) -> bool:
        return self.post(pygame.MOUSEBUTTONUP, pos=self.display.to_window(pos), button=button)

    def move(self, pos: tuple[int, int]) -> bool:
        return self.post(pygame.MOUSEMOTION, pos=self.display.to_window(pos), rel=(0, 0), buttons=(0, 0, 0))

    def click(self, pos: tuple[int, int], button: int = 1) -> bool:
        """Press and release ``button`` at logical pixel ``pos``."""
        self.mouse_down(pos, button)
        return self.mouse_up(pos, button)

    def finger(self, kind: str, pos: tuple[float, float], finger: int = 0) -> bool:
        """Post a finger event (``kind``: "down", "motion" or "up") at logical pixel ``pos`` as SDL
        gives it: ``x``, ``y`` normalised 0..1 of the window, ``finger_id``, ``touch_id``."""
        window = pygame.display.get_surface().get_size()
        wx, wy = self.display.to_window((int(pos[0]), int(pos[1])))
        types = {"down": pygame.FINGERDOWN, "motion": pygame.FINGERMOTION, "up": pygame.FINGERUP}
        return self.post(types[kind], x=wx / window[0], y=wy / window[1], dx=0.0, dy=0.0, finger_id=finger,
                         touch_id=1, pressure=1.0)

    def cell_pos(self, cell: Cell) -> tuple[int, int]:
        """Centre of ``cell`` on the current (playing or overlay) scene."""
        scene = self.scene
        layout = scene.base.layout if hasattr(scene, "base") else scene.layout
        return layout.cell_rect(cell).center

    def click_cell(self, cell: Cell, button: int = 1) -> bool:
        return self.click(self.cell_pos(cell), button)

    def key(self, key: int, mod: int = 0, unicode: str = "") -> bool:
        """Press and release ``key``."""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
        return self.post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)

    def type(self, characters: str) -> None:
        """Type digits (or letters) one key at a time."""
        for ch in characters:
            self.key(pygame.key.key_code(ch), unicode=ch)
