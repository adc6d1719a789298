"""The solver's help keys of the Playing scene: H (a hint), O (the probability overlay) and
A (autoplay), and the help flags they set on the game's match (game.match.Match), which keep
a game out of the best times. What the solver says is game.ui.assist's and game.ui.autoplay's,
the drawing game.ui.solver_view's. No module of game.ui.scenes is imported here.
"""

from __future__ import annotations

from game.match import Source
from game.ui import solver_view
from game.ui.scene import Scene

QUICK_HINT = 0.25  # seconds H waits for a hint before showing the panel as "Thinking..."


class SolverKeys:
    """H, O and A for :class:`game.ui.scenes.playing.Playing` (a mixin: it reads and sets the
    scene's ``game``, ``match``, ``assist``, ``autoplay``, ``hint``, ``show_probabilities``
    and ``dirty``, and makes autoplay's moves through the scene's ``play``). Each handler
    returns the next scene, as the scene's own keys do.
    """

    def key_hint(self) -> Scene:
        """H: ring the best move, explain it in a panel; counted by ``match.use_hint``.

        The hint is worked out on a worker thread; one not ready within QUICK_HINT
        seconds fills the panel when it is (see :class:`solver_view.HintPanel`)."""
        if self.game.over:
            return self
        request = self.assist.request_hint()
        self.hint = request.wait(QUICK_HINT)  # most are ready in milliseconds: no "thinking" flash
        self.dirty = True
        return solver_view.HintPanel(self.services, self, request)

    def key_probabilities(self) -> Scene:
        """O: show or hide every covered cell's mine probability.

        Like a hint, the overlay is help: the game it is shown in (even before its first
        click) is marked by ``match.use_overlay`` and stays out of the best times."""
        self.show_probabilities = not self.show_probabilities
        self.note_probabilities()
        self.dirty = True
        return self

    def note_probabilities(self) -> None:
        """Mark the game as played with the probability overlay while it is on."""
        if self.show_probabilities and not self.game.over:
            self.match.use_overlay()

    def key_autoplay(self) -> Scene:
        """A: the solver plays, one move every 150 ms, until a key or a click."""
        if not self.game.over:
            self.autoplay.start()
            self.dirty = True
        return self

    def stop_autoplay(self) -> None:
        if self.autoplay.running:
            self.autoplay.stop()
            self.dirty = True

    def autoplay_moves(self, moves) -> Scene:
        """Make autoplay's ``moves`` as the player's would be; return the scene a move led to
        (Generating, then autoplay waits for the board; the result, then it ends; the moves
        after it are dropped), else self."""
        for kind, cell in moves:
            self.match.use_autoplay()
            scene = self.play(kind, cell, Source.AUTOPLAY)
            if scene is not self:
                self.autoplay.awaiting_board = not self.game.over and not self.game.mines_laid
                if not self.autoplay.awaiting_board:
                    self.autoplay.stop()
                return scene
        if self.game.over:
            self.autoplay.stop()
        return self
