"""A replay's pointer events interpreted into moves: the competitive formats' click rules
over a :class:`game.engine.Game` (used by game.replay.player). No pygame here.

The click rules are ms-toollib's own (github.com/eee555/ms-toollib, MIT,
``base/src/videos/minesweeper_board.rs``: ``MinesweeperBoard::step``, the mouse state machine
every replay it reads is checked with, commit 1d7659b), so a file plays here as it plays in
Metasweeper. In short:

- a left release over a covered cell reveals it (after a left press: state ``DownUp``);
- a right press over a covered cell flags or unflags it at once; over a revealed cell it
  does nothing, and a chord made with that press does not count it (``UpDownNotFlag``);
- with both buttons down (``Chording``), releasing either over a revealed number whose flags
  match it opens the rest of its neighbours (a chord); the other button is spent until
  released (``DownUpAfterChording``); a middle release is a chord too;
- before the first opening (``Ready``, ``PreFlaging``), a left press must land on the board
  for its release to reveal, right presses place flags, and chords do nothing;
- once the game is won or lost every event is ignored.

A chord on a revealed 0 whose covered neighbours carry no flag opens them (ms-toollib's
``chording_click`` allows it: a flag taken off a 0's neighbour); our engine's chord needs a
number, so those neighbours are revealed one by one, as one move.
"""

from __future__ import annotations

from game.engine import Game
from game.moves import Move

LEFT, RIGHT, MIDDLE = 1, 2, 4  # bits of the buttons held, as Timeline.held gives them
SPENT = 8  # bit: a chord was made and the button still held does nothing until released
COVERED_LOOKS = ("covered", "question")  # appearances a held button shows pressed
# ms-toollib's MouseState values:
UU, DU, UD, UDNF, CH, CHNF, DUAC = "UpUp", "DownUp", "UpDown", "UpDownNotFlag", "Chording", "ChordingNotFlag", \
    "DownUpAfterChording"
HELD = {UU: 0, DU: LEFT, UD: RIGHT, UDNF: RIGHT, CH: LEFT | RIGHT, CHNF: LEFT | RIGHT, DUAC: LEFT | SPENT}
READY, PREFLAG, PLAYING = "ready", "preflag", "playing"  # ms-toollib's GameBoardState before the end


class Interpreter:
    """ms-toollib's ``MinesweeperBoard::step`` over a Game: ``step(action, cell)`` applies the
    move an event makes (``cell`` None off the board) and returns the cells it changed."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.outcomes: list = []  # the game.moves.Outcome of each move the last step applied
        self.mouse = UU
        self.board = READY
        self.middle = False
        self.pre_flags = 0

    @property
    def held(self) -> int:
        """Buttons held now (LEFT | RIGHT | MIDDLE bits)."""
        return HELD[self.mouse] | (MIDDLE if self.middle else 0)

    def step(self, action: str, cell) -> set:
        self.outcomes = []
        if self.game.over:
            return set()
        if self.board == READY:
            done, changed = self._ready(action, cell)
        elif self.board == PREFLAG:
            done, changed = self._preflag(action, cell)
        else:
            done, changed = False, set()
        return changed if done else changed | self._playing(action, cell)

    # Each handler returns (handled, changed): not handled falls through to the Playing rules,
    # as ms-toollib's match arms that do not return do.
    def _ready(self, action, cell):
        mouse = self.mouse
        if action in ("mv", "mc", "mr"):
            return True, set()
        if action == "lc":
            if mouse == UU:
                self.mouse = DU
                if cell is not None:
                    self.board = PREFLAG
            elif mouse in (UD, UDNF):
                self.mouse = CH if mouse == UD else CHNF
            return True, set()
        if action == "pf":
            self.pre_flags += 1
            self.board = PREFLAG
            return True, self._flag(cell)
        if action == "rc":
            if mouse == UU:
                self.mouse = UD
                if cell is not None:
                    self.pre_flags, self.board = 1, PREFLAG
                    return True, self._flag(cell)
                return True, set()
            if mouse == DUAC:
                self.mouse = CH
                return True, set()
            return False, set()
        if action == "lr":
            if mouse in (CH, CHNF):
                self.mouse = UD
            elif mouse == DUAC or mouse in (DU, UU):
                self.mouse = UU
            else:
                return False, set()
            return True, set()
        if action == "rr":
            if mouse in (UD, CH, UU):
                self.mouse = {UD: UU, CH: DUAC, UU: UU}[mouse]
                return True, set()
            return False, set()
        if action == "cc":
            self.mouse = CHNF if mouse == UDNF else CH if mouse in (DU, DUAC, UD, UU) else mouse
            return True, set()
        return True, set()  # "l", "r", "m" before the start: ms-toollib refuses them (Err)

    def _preflag(self, action, cell):
        mouse = self.mouse
        if action == "lr" and mouse == DU:
            self.mouse = UU
            if cell is None:
                if self.pre_flags == 0:
                    self.board = READY
                return True, set()
            if self.game.appearance(cell) == "covered":
                self.board = PLAYING
                return True, self._reveal(cell)
            return True, set()
        if action == "pf":
            self.pre_flags += 1
            return True, self._flag(cell)
        if action == "rc":
            if mouse == UU:
                if cell is None:
                    self.mouse = UDNF
                    return False, set()
                self.mouse = UD
                if self.game.appearance(cell) == "covered":
                    self.pre_flags += 1
                else:
                    self.pre_flags -= 1
                    if self.pre_flags == 0:
                        self.board = READY
                return True, self._flag(cell)
            if mouse == DU:
                self.mouse = CH
                if cell is not None and self.pre_flags == 0:
                    self.board = READY
                return False, set()
            if mouse == DUAC:
                self.mouse = CH
                return False, set()
            return True, set()  # Err in ms-toollib
        if action == "cc":
            if mouse == DU and cell is not None and self.pre_flags == 0:
                self.board = READY
            self.mouse = CHNF if mouse == UDNF else CH if mouse in (DU, DUAC, UD, UU) else mouse
            return True, set()
        if action in ("mc", "mr"):
            self.middle = action == "mc"
            return True, set()
        return action not in ("lc", "rr", "mv", "lr"), set()

    def _playing(self, action, cell) -> set:
        mouse = self.mouse
        if action == "lc":
            self.mouse = {UU: DU, UD: CH, UDNF: CHNF}.get(mouse, mouse)
        elif action in ("lr", "l"):
            if mouse == DU:
                self.mouse = UU
                return self._reveal(cell)
            if mouse in (CH, CHNF):
                self.mouse = UD
                return self._chord(cell)
            if mouse == DUAC:
                self.mouse = UU
            elif action == "l":
                self.mouse = {UU: DU, UD: CH, UDNF: CHNF}.get(mouse, mouse)
        elif action == "rc" or (action == "r" and mouse == UU):
            if mouse == UU:
                revealed = cell is None or self.game.is_revealed(cell)
                self.mouse = UDNF if revealed else UD
                return self._flag(cell)
            if mouse in (DU, DUAC):
                self.mouse = CH
        elif action in ("rr", "r"):
            if mouse in (UD, UDNF):
                self.mouse = UU
            elif mouse in (CH, CHNF):
                self.mouse = DUAC
                return self._chord(cell)
            elif action == "r" and mouse in (DU, DUAC):
                self.mouse = CH
        elif action == "mc":
            self.middle = True
        elif action in ("mr", "m"):
            self.middle = not self.middle if action == "m" else False
            if not self.middle:
                return self._chord(cell)
        elif action == "cc":
            self.mouse = CHNF if mouse == UDNF else CH if mouse in (DU, DUAC, UD, UU) else mouse
        return set()

    # ----- the three clicks of ms-toollib, on the engine ---------------------------------------
    def _apply(self, kind: str, cell) -> set:
        if cell is None:
            return set()
        outcome = self.game.apply(Move(kind, cell))
        self.outcomes.append(outcome)
        return set(outcome.changed)

    def _reveal(self, cell) -> set:
        return self._apply("reveal", cell)

    def _flag(self, cell) -> set:
        if cell is None or self.game.is_revealed(cell):
            return set()
        return self._apply("flag", cell)

    def _chord(self, cell) -> set:
        game = self.game
        if cell is not None and game.number(cell) == 0:  # ms-toollib chords on a 0 too
            changed = set()
            for n in game.neighbours(cell):
                if game.appearance(n) in COVERED_LOOKS and not game.over:
                    changed |= self._apply("reveal", n)
            return changed
        return self._apply("chord", cell)
