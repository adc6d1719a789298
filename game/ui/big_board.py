"""A big board's view follows the window: the Playing scene's part of it (a mixin, as
game.ui.solver_keys.SolverKeys and game.ui.sound.MoveSounds are).

When the player resizes or maximizes the window over a board too big for the screen, the
board's view (game.ui.camera) grows or shrinks with it, showing more or fewer cells at the
same zoom and the same cell in the middle, instead of the whole picture being scaled as it
is for a board that fits.
"""

from __future__ import annotations

import pygame

from game.ui import solver_view
from game.ui.camera_view import CameraView
from game.ui.hud import Frame
from game.ui.layout import big_layout


class FollowsWindow:
    """Uses the scene's ``game``, ``layout``, ``controls``, ``gesture``, ``probability_layer``,
    ``minimap``, ``frame``, ``view``, ``services`` and ``appearance``."""

    def follow_window(self) -> None:
        """A big board's view grows and shrinks with the window (at the display's scale), keeping
        its zoom and the cell at its middle; a board that fits keeps its size (the display
        scales its picture instead). Fullscreen too: the view fills the screen with more cells,
        drawn at the zoom's own size, not the window's picture blown up."""
        window = pygame.display.get_surface()
        if not self.controls.active or window is None:
            return
        scale = self.services.display.scale or 1
        width, height = round(window.get_width() / scale), round(window.get_height() / scale)
        if (width, height) == self.layout.size:
            return
        old = self.layout.camera
        middle = old.cell_at(old.viewport.center) or (self.game.rows // 2, self.game.cols // 2)
        layout = big_layout(self.game.rows, self.game.cols, (width, height), self.game.config.mines, strip=0)
        layout.camera.zoom_to(old.cell)
        layout.camera.centre_on(middle)
        self.layout = layout
        self.gesture.layout = layout
        self.controls.camera = layout.camera
        self.probability_layer = solver_view.ProbabilityLayer(layout)
        self.minimap.moved_to(layout)  # (a big board always has one)
        self.frame = Frame(layout)
        self.view = CameraView(layout, self.services.assets.cell_sprites, self.game.overview, self.appearances_in)
        self.view.refresh(self.appearance)
        self.services.display.resize_canvas(layout.size)
        self.invalidate()
