"""The match: one :class:`game.engine.Game` and the log of how it is played (Tatham's
midend, in our terms). No pygame here.

The window and the console apply moves through :meth:`Match.apply`, which logs each move
with its time in milliseconds of game time; the window also logs the raw pointer input
(:meth:`Match.pointer`: button presses and releases and motion, in board pixels with the
cell size), which competitive replays (AVF, RMV, MVF, EVF) carry. A console game has no
pointer: :meth:`Match.command` logs a click at the centre of the command's cell, at the
time the command was read. New game and retry start a fresh log.

Undo after a loss (:meth:`Match.undo_loss`, Simon Tatham's Mines' Undo) takes back the
move that lost: the game goes back to the board just before it (game.takeback) and the
move leaves :attr:`Match.moves` for :attr:`Match.undone`, which keeps it with where it
stood. So ``moves`` always replays to the board on screen, and ``undone`` tells the whole
story (the log's ``undone`` entries). The records keep a game played on after an undo out
of every statistic (game.records.record.GameRecord.undos).

:meth:`Match.log_data` is the log as plain JSON-able data, stored with each recorded game
(game.records); :func:`replay_log` applies a stored log's moves to a fresh game of the
same layout, move by move.
"""

from __future__ import annotations

from typing import NamedTuple

from game.board import Config
from game.engine import Game
from game.moves import CHORD, FLAG, REVEAL, Move, Outcome

LOG_VERSION = 1  # the "version" of log_data's layout
# Pointer actions, named as the competitive replay formats name their mouse events:
# move, left / right / middle press ("click") and release.
POINTER_ACTIONS = ("mv", "lc", "lr", "rc", "rr", "mc", "mr")
COMMAND_CLICKS = {REVEAL: ("lc", "lr"), FLAG: ("rc", "rr"), CHORD: ("mc", "mr")}  # a console move's click
CONSOLE_CELL = 16  # cell size of a console game's log, pixels (the formats' own)


class LoggedMove(NamedTuple):
    """A move applied to the game, ``ms`` milliseconds of game time after the first reveal
    (0 before it)."""

    ms: int
    move: Move


class UndoneMove(NamedTuple):
    """A losing move taken back (:meth:`Match.undo_loss`): ``at``, how many moves of
    :attr:`Match.moves` came before it; ``ms`` and ``move`` as LoggedMove (the timer carries on
    from the loss, so the game time of the undo is the same)."""

    at: int
    ms: int
    move: Move


class PointerInput(NamedTuple):
    """Raw pointer input: ``action`` (one of POINTER_ACTIONS) at board pixel (``x``, ``y``),
    measured from the board's top-left corner at the log's cell size, ``ms`` as LoggedMove."""

    ms: int
    action: str
    x: int
    y: int


class Match:
    """One game and its log.

    Attributes:
        game: the Game (its rules and state).
        moves: every move applied and not ignored, oldest first (LoggedMove).
        inputs: the raw pointer input (PointerInput), oldest first.
        pointer_gaps: moves the pointer input does not show as the replay formats would make
            them (keyboard and autoplay moves, a chord by a left click on a number), counted
            by the window; a replay file of such a game is made from the moves.
        cell: the cell size, pixels, that ``inputs`` are measured at.
        hints_used: hints the player asked for (the window's H key, once per position).
        autoplay_used: the solver played moves (the window's A key).
        probabilities_used: the probability overlay was on (the window's O key).
        undone: the losing moves taken back (UndoneMove), oldest first; :attr:`undos` counts them.

    The three help flags say how the board was played; the records keep them
    (:meth:`game.records.record.GameRecord.from_game`), and any of them keeps the game out
    of the best times. New game and retry clear them with the log.
    """

    def __init__(self, game: Game, cell: int = CONSOLE_CELL) -> None:
        self.game = game
        self.cell = cell
        self.moves: list[LoggedMove] = []
        self.inputs: list[PointerInput] = []
        self.pointer_gaps = 0  # moves the pointer input does not show (keyboard, autoplay...)
        self.hints_used = 0
        self.autoplay_used = False
        self.probabilities_used = False
        self.undone: list[UndoneMove] = []

    @property
    def undos(self) -> int:
        """How many losses of this game were taken back (the records keep the count)."""
        return len(self.undone)

    @property
    def ms(self) -> int:
        """Game time now, whole milliseconds (0 before the first reveal)."""
        return int(round(self.game.elapsed * 1000))

    def apply(self, move: Move) -> Outcome:
        """Apply ``move`` to the game (:meth:`game.engine.Game.apply`) and log it.

        A move the game ignores (over, paused) is not logged. The time is the game's
        time when the move was made, so the first reveal is at 0.
        Raises:
            ValueError: as Game.apply (off the board, unknown kind).
        """
        ms = self.ms
        outcome = self.game.apply(move)
        if not outcome.ignored:
            self.moves.append(LoggedMove(ms, move))
        return outcome

    def pointer(self, action: str, x: int, y: int) -> None:
        """Log raw pointer input at board pixel (x, y) (may lie off the board); the window
        calls this for every button press, release and motion over the playing scene.
        Raises:
            ValueError: ``action`` is not one of POINTER_ACTIONS.
        """
        if action not in POINTER_ACTIONS:
            raise ValueError(f"pointer: action {action!r} is not one of {', '.join(POINTER_ACTIONS)}")
        if not self.game.over:
            self.inputs.append(PointerInput(self.ms, action, int(x), int(y)))

    def command(self, move: Move) -> Outcome:
        """A console command: log its click (press and release at the centre of the move's
        cell, now) and apply the move."""
        press, release = COMMAND_CLICKS[move.kind]
        row, col = move.cell
        x, y = col * self.cell + self.cell // 2, row * self.cell + self.cell // 2
        if self.game.on_board(move.cell):
            self.pointer(press, x, y)
            self.pointer(release, x, y)
        return self.apply(move)

    def undo_loss(self) -> frozenset:
        """Take back the move that lost the game (Tatham's Undo after a loss) and play on.

        The game returns to the board just before the move (:meth:`game.engine.Game.undo_loss`:
        same cells revealed and flagged, the timer carrying on from the loss); the move
        leaves :attr:`moves` for :attr:`undone`. The raw pointer input keeps the click that
        made it, so the undo counts in :attr:`pointer_gaps` (a replay file of the game is
        then made from the moves, which play to the board as it ended).
        Returns:
            The cells whose appearance changed (a view redraws them).
        Raises:
            ValueError: the game is not lost, or its loss was already taken back.
        """
        changed = self.game.undo_loss()  # raises unless there is a loss to take back
        ms, move = self.moves.pop()
        self.undone.append(UndoneMove(len(self.moves), ms, move))
        self.pointer_gaps += 1
        return frozenset(changed)

    def restart(self) -> None:
        """A new game or a retry began on ``game``: the log and the help flags start afresh."""
        self.moves.clear()
        self.inputs.clear()
        self.pointer_gaps = 0
        self.hints_used = 0
        self.autoplay_used = False
        self.probabilities_used = False
        self.undone.clear()

    def new_game(self) -> None:
        """A fresh board of the same size (:meth:`Game.new_game`), a fresh log and no help."""
        self.game.new_game()
        self.restart()

    def retry(self) -> None:
        """The same board again (:meth:`Game.retry`), a fresh log and no help."""
        self.game.retry()
        self.restart()

    def log_data(self) -> dict:
        """The log as JSON-able data: ``version``, ``rows``, ``cols``, ``mines`` (the layout
        as [row, col] pairs, sorted; empty before it is laid), ``start`` and ``start_flags``
        (cells shown revealed and flagged before the first move: a loaded position's),
        ``cell`` (pixels), ``moves``
        ([ms, kind, row, col] each), ``pointer`` ([ms, action, x, y] each) and
        ``pointer_gaps`` (how many moves the pointer input does not show as the replay
        formats would make them: keyboard and autoplay moves, a chord by a left click, and
        one for each undo: the pointer shows the move taken back) and ``undone`` (the losing
        moves taken back: [at, ms, kind, row, col] each, ``at`` how many of
        ``moves`` came before it; ``moves`` holds only the moves that stand)."""
        data = self.log_snapshot()
        data["pointer"] = [list(event) for event in data["pointer"]]
        return data

    def log_snapshot(self) -> dict:
        """:meth:`log_data` with ``pointer`` a copy of :attr:`inputs` (PointerInput tuples, which
        JSON writes as the same [ms, action, x, y] arrays): the same keys in the same order,
        about 100 times cheaper for a long game (57,000 events: under a millisecond against
        tens), and unchanged by a later retry or new game. The window records this
        (game.records.logpack packs it over several frames)."""
        game = self.game
        layout = game.layout() or frozenset()
        return {
            "version": LOG_VERSION, "rows": game.rows, "cols": game.cols,
            "mines": sorted([r, c] for r, c in layout),
            "start": sorted([r, c] for r, c in game.start_cells()),
            "start_flags": sorted([r, c] for r, c in game.start_flags()),
            "cell": self.cell,
            "moves": [[ms, kind, r, c] for ms, (kind, (r, c)) in self.moves],
            "pointer": list(self.inputs),
            "pointer_gaps": self.pointer_gaps,
            "undone": [[at, ms, kind, r, c] for at, ms, (kind, (r, c)) in self.undone],
        }


def replay_log(data: dict, config: Config) -> tuple[Game, list[Outcome]]:
    """Apply a stored log's moves, in order, to a fresh game of ``config`` laid as the log
    says (its mines, and the cells a loaded position showed or flagged); returns the game and the
    outcome of each move, in the order played. Times are not replayed (the timer reads the
    real clock). A losing move taken back (the log's ``undone``) is played where it stood
    and taken back at once, so the game ends as the logged one did, with the same clicks.
    Raises:
        ValueError: the log does not fit ``config`` (size, mine count), holds a move off
            the board or of an unknown kind, or a move taken back that did not lose.
    """
    if (data.get("rows"), data.get("cols")) != (config.rows, config.cols):
        raise ValueError(f"log: a {data.get('rows')}x{data.get('cols')} board, not {config.rows}x{config.cols}")
    game = Game(config, mines=[tuple(cell) for cell in data["mines"]])
    game.restore(revealed=[tuple(cell) for cell in data.get("start", [])],
                 flags=[tuple(cell) for cell in data.get("start_flags", [])])
    undone = list(data.get("undone") or [])
    outcomes: list[Outcome] = []

    def take_back_at(index: int) -> None:
        while undone and undone[0][0] == index:
            _, _, kind, row, col = undone.pop(0)
            outcomes.append(game.apply(Move(kind, (row, col))))
            if not game.can_undo_loss:
                raise ValueError(f"log: the move taken back after move {index} ({kind} at {row}, {col}) did not lose")
            game.undo_loss()

    for index, (_, kind, row, col) in enumerate(data["moves"]):
        take_back_at(index)
        outcomes.append(game.apply(Move(kind, (row, col))))
    take_back_at(len(data["moves"]))
    return game, outcomes
