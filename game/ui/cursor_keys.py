"""The keyboard cursor of the Playing scene (a mixin, as game.ui.solver_keys.SolverKeys):
the arrows move it (it starts at the board's middle and the view keeps it in sight), Space
or Enter reveals under it (a chord on a number when chording by a left click is on), F
flags and C chords there.
"""

from __future__ import annotations

from game.board import Cell
from game.ui.scene import Scene


class CursorKeys:
    """Uses the scene's ``game``, ``layout``, ``cursor``, ``services`` and ``play(kind, cell)``."""

    def move_cursor(self, drow: int, dcol: int) -> None:
        """Show the cursor (at the centre first), then move it, staying on the board."""
        if self.cursor is None:
            self.cursor = (self.game.rows // 2, self.game.cols // 2)
        else:
            r, c = self.cursor
            self.cursor = (min(max(r + drow, 0), self.game.rows - 1), min(max(c + dcol, 0), self.game.cols - 1))
        self.layout.camera.keep_in_view(self.cursor)  # (a board that fits never scrolls)
        self.dirty = True

    def _at_cursor(self, kind: str) -> Scene:
        if self.cursor is None:
            self.move_cursor(0, 0)
            return self
        return self.play(kind, self.cursor)

    def key_reveal(self) -> Scene:
        """Space/Enter: reveal at the cursor (chord on a number when left-click chording is on)."""
        if self.cursor is not None and self.services.settings.chord_on_number and self.game.number(self.cursor):
            return self._at_cursor("chord")
        return self._at_cursor("reveal")

    def key_flag(self) -> Scene:
        return self._at_cursor("flag")

    def key_chord(self) -> Scene:
        return self._at_cursor("chord")

    def keep_cursor(self, cursor: Cell | None) -> "CursorKeys":
        """Start with the keyboard cursor at ``cursor`` (a retry keeps it where it was)."""
        self.cursor = cursor
        return self
