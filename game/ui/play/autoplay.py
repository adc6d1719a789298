"""Autoplay: the solver playing visibly in the window, one move every 150 ms.

UI state only (Tatham's ``game_ui``), on the main thread between frames: the Playing
scene calls :meth:`Autoplay.tick` once per update and makes the moves it returns as a
player's would be. Analyses come from the game's :class:`game.ui.play.assist.Assistant`.
"""

from __future__ import annotations

import math

from game.rules.board import Cell
from game.rules.moves import Move
from game.ui.play.assist import Assistant, first_click_cell

MOVE_TICKS = 9  # update ticks between autoplay moves (60 Hz: 150 ms)
AUTOPLAY_BUDGET = 0.1  # seconds of guess look-ahead per autoplay analysis, inside MOVE_TICKS
AUTOPLAY_FLAGS = True  # autoplay flags the mines it has proved, as a player would


class Autoplay:
    """The solver playing: one move every MOVE_TICKS update ticks while ``running``.

    Certain-safe cells are revealed one per move, nearest to the last move first (a
    revealed cell stays safe, so one analysis serves many moves); only when none is
    left does it analyse again and, if still none, make the solver's best guess.
    ``log`` lists every reveal as (cell, kind): kind 'first', 'safe', 'guess' or 'endgame'.
    ``awaiting_board`` is True while the Generating overlay builds the board for its first click.
    """

    def __init__(self, assistant: Assistant) -> None:
        self.assistant = assistant
        self.running = False
        self.ticks = 0
        self.queue: list[Cell] = []
        self.last: Cell | None = None
        self.log: list[tuple[Cell, str]] = []
        self.awaiting_board = False

    def start(self) -> None:
        """Begin: the first move comes on the next update."""
        self.running = True
        self.ticks = MOVE_TICKS - 1
        self.queue = []

    def stop(self) -> None:
        self.running = False
        self.awaiting_board = False

    def tick(self) -> list[Move]:
        """One update: the moves to make now (empty between moves), as (kind, cell)."""
        if not self.running:
            return []
        self.ticks += 1
        if self.ticks < MOVE_TICKS:
            return []
        self.ticks = 0
        moves = self.next_moves()
        if moves is None:  # a big board's analysis is not in yet: ask again next update
            self.ticks = MOVE_TICKS - 1
            return []
        if not moves:
            self.stop()
        return moves

    @property
    def thinking(self) -> bool:
        """Waiting for a big board's analysis (worked out off the frame)."""
        return self.running and self.assistant.thinking

    def next_moves(self) -> list[Move] | None:
        """The next reveal, preceded by any flag changes: flags on proved mines, and the
        removal of a (wrong) flag on the cell to reveal. Empty when there is nothing to do;
        None while a big board's analysis is being worked out (see
        :meth:`Assistant.analysis_soon`)."""
        game = self.assistant.game
        if game.over:
            return []
        if self.assistant.first_click_pending():
            return self._reveal(first_click_cell(game, self.assistant.match.start), "first")
        self.queue = [cell for cell in self.queue if not game.is_revealed(cell)]
        if self.queue:
            return self._reveal(self.queue.pop(0), "safe")
        analysis = self.assistant.analysis_soon(budget=AUTOPLAY_BUDGET)
        if analysis is False:
            return None
        if analysis is None or analysis.best_move is None:
            return []
        moves = []
        if AUTOPLAY_FLAGS:
            for cell in sorted(analysis.mines):  # covered -> flag; question -> covered -> flag
                moves += [Move.flag(cell)] * {"": 1, "question": 2}.get(game.mark(cell), 0)
        safe = [cell for cell in analysis.safe if not game.is_revealed(cell)]
        if safe:
            self.queue = sorted(safe, key=self._distance)
            return moves + self._reveal(self.queue.pop(0), "safe")
        return moves + self._reveal(analysis.best_move, analysis.move_kind)

    def _reveal(self, cell: Cell, kind: str) -> list[Move]:
        self.last = cell
        self.log.append((cell, kind))
        unflag = [Move.flag(cell)] if self.assistant.game.mark(cell) == "flag" else []
        return unflag + [Move.reveal(cell)]

    def _distance(self, cell: Cell) -> tuple[float, Cell]:
        if self.last is None:
            return 0.0, cell
        return math.dist(cell, self.last), cell
