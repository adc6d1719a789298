"""The midend: one match of Minesweeper told once (Simon Tatham's ``midend.c``, in our terms).

:class:`Match` owns everything about a game that is not the rules (game.rules.engine.Game is the
rules: a position and ``apply``):

- the deal: where each board comes from (a seed and the first-click rule through
  game.midend.deal.Deal, a no-guess layer or layout, a loaded board), new game and retry;
- the clock: game time from the first reveal to the end, paused while the window hides
  the board (game.midend.timer.Timer over an injected monotonic clock);
- the help used: hints, the probability overlay, autoplay and undos, set through
  :meth:`Match.use_hint`, :meth:`Match.use_overlay`, :meth:`Match.use_autoplay` and
  :meth:`Match.undo`, never written from outside;
- the typed log: every move with its time and source (:class:`Played`), every undo and
  redo (:class:`Undone`, :class:`Redone`) and help (:class:`Helped`), in order, and the raw
  pointer input (:class:`PointerInput`) that competitive replays carry;
- undo and redo of any move. Undo replays the log's standing moves from the board's start
  to move n-1 (Tatham keeps a list of states; a list of moves costs one cover, not one per
  move, which matters on a 1000x1000 board); the timer carries on (game time never goes
  back), and a game with an undo is marked (``help.undos``) and never ranks (game.records).
  While paused both are refused (``can_undo`` and ``can_redo`` say False, the methods raise
  ValueError) and the moves taken back stay to redo.

:meth:`Match.from_log` rebuilds a recorded game from its log (:meth:`Match.log_data`) and
:meth:`Match.step` plays it entry by entry, for the replay viewer, the review, the
statistics and the records. Outside this module and the Game class's own modules no code
constructs a Game or applies a Move to one (tests/structure/test_midend_only.py). No pygame here.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Callable, Iterable, NamedTuple, Union

from game.rules.board import Cell, Config
from game.rules.bv import BvJob
from game.midend.boardcode import BoardCode
from game.midend.deal import Deal, MineLayer
from game.rules.engine import Game, check_layout
from game.figures import bbbv_per_second
from game.rules.moves import CHORD, FLAG, KINDS, REVEAL, Move, Outcome
from game.rules.pointer import Action
from game.rules.position import State
from game.midend.timer import Timer

LOG_VERSION = 2  # the "version" of log_data's layout (1: no sources, history or help)
# Pointer actions a game logs, as the competitive replay formats name their mouse events:
# move, left / right / middle press ("click") and release (game.rules.pointer.Action's values).
POINTER_ACTIONS = ("mv", "lc", "lr", "rc", "rr", "mc", "mr")
CONSOLE_CELL = 16  # cell size of a log without a window, pixels (the formats' own)


class Source(str, Enum):
    """What made a move: the pointer under the replay formats' rules (MOUSE), the pointer
    under our option "a left click on a number chords" (LEFT_CHORD), the window's keys
    (KEYBOARD), a console command (CONSOLE) or the solver (AUTOPLAY)."""

    MOUSE = "mouse"
    LEFT_CHORD = "left_chord"
    KEYBOARD = "keyboard"
    CONSOLE = "console"
    AUTOPLAY = "autoplay"


POINTER_SOURCES = (Source.MOUSE, Source.LEFT_CHORD)  # moves the pointer stream shows


class Aid(str, Enum):
    """Help a player can take: a hint, the probability overlay, autoplay."""

    HINT = "hint"
    OVERLAY = "overlay"
    AUTOPLAY = "autoplay"


class Effect(str, Enum):
    """What a played move did to the board, as the competitive counts read it (ms-toollib's
    effective clicks: game.midend.counters): opened safe cells, opened a mine (a losing reveal or
    chord), placed a flag, took a flag off (or moved it on to a question mark), changed
    nothing. The str value is the name in a log kept in memory; logs written to the records
    do not carry it (it follows from the moves)."""

    OPENED = "opened"
    EXPLODED = "exploded"
    FLAGGED = "flagged"
    UNFLAGGED = "unflagged"
    WASTED = "wasted"


@dataclass(frozen=True)
class Played:
    """A move applied to the game, ``ms`` milliseconds of game time after the first reveal
    (0 before it), made by ``source``. ``effect``: what it did (:class:`Effect`), for a move
    this match applied; None for an entry read from a stored log and not played yet. Not
    part of an entry's identity: equal entries may differ in it."""

    ms: int
    move: Move
    source: Source = Source.MOUSE
    effect: Effect | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Undone:
    """The last standing move was taken back at ``ms``. ``after_loss``: the move taken back
    lost the game (a version 1 log, which could take back only a loss, says so of each)."""

    ms: int
    after_loss: bool = False


@dataclass(frozen=True)
class Redone:
    """The last move taken back was played again at ``ms``."""

    ms: int


@dataclass(frozen=True)
class Helped:
    """The player took ``aid`` at ``ms``."""

    ms: int
    aid: Aid


Entry = Union[Played, Undone, Redone, Helped]


@dataclass(frozen=True)
class Help:
    """The help used on the current board: ``hints`` asked, the ``overlay`` shown,
    ``autoplay`` used, ``undos`` made. Any of them keeps the game out of every best."""

    hints: int = 0
    overlay: bool = False
    autoplay: bool = False
    undos: int = 0

    @property
    def any(self) -> bool:
        return bool(self.hints or self.overlay or self.autoplay or self.undos)


class PointerInput(NamedTuple):
    """Raw pointer input: ``action`` (an Action of POINTER_ACTIONS; a str enum, so JSON writes
    its code) at board pixel (``x``, ``y``), measured from the board's top-left corner at the
    log's cell size, ``ms`` game time."""

    ms: int
    action: Action
    x: int
    y: int


class Match:
    """One match: a game, its deal, clock, help and log.

    Args:
        config: size, mine count and rules.
        rng, seed, layer, seeds_known, min_bv: the deal (game.midend.deal.Deal): the session's source
            of board seeds, the first board's seed, the no-guess layer, seeds the player chose,
            the 3BV filter's minimum of every dealt board (0: none; docs/bv-filter.md).
        mines, revealed, flags: a loaded board: exactly these mines (no first-click rule),
            and the cells its position shows revealed and flagged.
        clock: monotonic clock, seconds (default ``time.monotonic``).
        cell: the pixel size of a cell that pointer input is measured at.
        code: the board code (game.midend.boardcode.BoardCode) the first board was opened
            from, or None: its seed or layout is the first board, and its start cell is where
            that board's first reveal must be (:meth:`start`); the board and its retries
            are a known layout (:attr:`layout_known`). A new game deals a fresh board.

    Attributes:
        config, deal, cell, code.
        daily: the UTC date (``YYYY-MM-DD``) of the daily board (game.midend.daily) the match was
            opened on (game.session.Session.open_daily), None for any other board; cleared with
            :attr:`code` by :meth:`new_game`.
        race: the name of the ghost's player when the match races a replay's ghost
            (game.replay.race; game.session.Session.open_race; "" for a replay that names no
            player), None otherwise; kept by a retry (the same race again), cleared by
            :meth:`new_game`; recorded with each of its games (never ranked as a plain game).
        trial: the trial code (``MT1-...``, game.midend.trial) of a time trial's board, else None;
            cleared with :attr:`code` by :meth:`new_game`.
        round: boards started by this match (new games and retries), from 1.
        history: every entry of the current board's log, oldest first (:data:`Entry`).
        clicks: the current board's moves applied, by kind ("reveal", "flag", "chord") and
            "wasted" (changed nothing), every move made counted, taken back by an undo or
            not (a redo counts again): the game's story, not its position.
        inputs: the raw pointer input of the current board (PointerInput), oldest first.
        opening_input: the index in ``inputs`` of the input logged last when the game's clock
            started (the window logs a press or release before playing its move: the release
            that made the first opening), -1 when none was logged, None before the start.
            The pointer's path is measured from it (game.midend.counters), as ms-toollib measures it.

    Raises:
        ValueError: ``mines`` off the board or of the wrong count, a revealed mine.
    """

    def __init__(self, config: Config, rng: random.Random | None = None, seed: int | None = None,
                 layer: MineLayer | None = None, seeds_known: bool = False,
                 mines: Iterable[Cell] | None = None, revealed: Iterable[Cell] = (),
                 flags: Iterable[Cell] = (), clock: Callable[[], float] = time.monotonic,
                 cell: int = CONSOLE_CELL, min_bv: int = 0, code: BoardCode | None = None) -> None:
        self.config = config
        self.clock = clock
        self.cell = cell
        self.code = code
        self.daily: str | None = None  # a daily board's UTC date (game.session.Session.open_daily)
        self.race: str | None = None  # a race's ghost's player name (game.session.Session.open_race)
        self.trial: str | None = None  # the trial code of a time trial's board (game.session.Session.open_trial)
        self.position = False  # played from a position, recorded apart (game.session.Session.open_position)
        self.trial_round: int | None = None  # the round whose end the trial counted (game.session.Session)
        self.deal = Deal(config, rng, seed, layer, seeds_known, min_bv=0 if mines is not None else min_bv)
        self.round = 0
        self._loaded = None if mines is None else (check_layout(config, mines),
                                                   tuple(map(tuple, revealed)), tuple(map(tuple, flags)))
        # The current board is the loaded one (the first, or a retry of it): kept, never guessed
        # from the layout, which a dealt board of a tiny size may share.
        self._on_loaded = self._loaded is not None
        if self._loaded is None:
            self._start(self.deal.next())
        else:
            self.deal.next(keep=True, layout=self._loaded[0])
            self._start(self._loaded[0], revealed=self._loaded[1], flags=self._loaded[2])

    # ----- boards ----------------------------------------------------------------------------
    def _start(self, mines: set[Cell] | frozenset[Cell] | None,
               revealed: Iterable[Cell] = (), flags: Iterable[Cell] = ()) -> None:
        """A fresh board over ``mines`` (None: laid at the first click), a fresh clock and log.
        Mines the deal keeps pending (the classic rule applies to them at the first click:
        game.midend.deal.Deal.first_click) stay with the deal until then."""
        self.round += 1
        laid = None if self.deal.pending is not None else mines
        fresh = Game(self.config, mines=laid, revealed=revealed, flags=flags)
        if hasattr(self, "_game"):
            self._game.assume(fresh)  # one Game object for the match: views hold it
        else:
            self._game = fresh
        self._origin = (tuple(revealed), tuple(flags))
        self._timer = Timer(self.clock)
        self._played: list[Played] = []
        self._redo: list[Played] = []
        self.history: list[Entry] = []
        self.clicks = {"reveal": 0, "flag": 0, "chord": 0, "wasted": 0}
        self.inputs: list[PointerInput] = []
        self.opening_input: int | None = None
        self._help = Help()
        self._lost_before_undo = False
        self._first_click: Cell | None = None
        self.touched = False  # a move of this board was made by touch (note_touch)

    def new_game(self) -> None:
        """A fresh random board of the same size (a new seed from the deal), clock, log and help;
        a board opened from a code or a position is left behind (:attr:`code`, :attr:`daily`,
        :attr:`race` and :attr:`trial` become None, :attr:`position` False)."""
        self._on_loaded = False
        self.code = None
        self.daily = None
        self.race = None
        self.trial = None
        self.position = False
        self._start(self.deal.next())

    def retry(self) -> None:
        """The same board again from the start, with a fresh clock, log and help (a loaded
        position comes back as loaded: the match knows it is on the loaded board, it does not
        guess from the layout, which a dealt board may share). Before any board is laid (no
        click yet on a board laid at the first click) there is no board to repeat: this deals
        a fresh one, from a new seed (game.midend.deal.Deal.again); a ``classic`` board, laid before
        its first click, is the same board again. The retry of a board already seen has
        ``layout_known`` (never a best time)."""
        played = self._game.state is not State.READY
        layout = self.layout()
        if self._on_loaded:
            mines, revealed, flags = self._loaded
            self.deal.again(mines, played=True)
            self._start(set(mines), revealed=revealed, flags=flags)
            return
        self._start(self.deal.again(layout, played=played))  # a classic board not clicked stays pending

    def prepare_deal(self, seconds: float) -> bool:
        """Draw the next board's mines ahead of its first click for about ``seconds`` (the
        window calls it a slice a tick on a big board: game.midend.deal.Deal.prepare); True once
        nothing is left to draw (drawn, laid, loaded, or a board the deal lays otherwise)."""
        if self._game.mines_laid or self._game.state is not State.READY:
            return True
        return self.deal.prepare(seconds)

    def set_layout(self, mines: Iterable[Cell]) -> None:
        """Lay ``mines``, a board made outside the deal, before the first reveal; the next
        reveal uses it as laid. The deal did not choose it: it is not filtered by 3BV
        (game.midend.deal.Deal.laid_elsewhere).

        Raises:
            ValueError: the game has started, or the mines are off the board or the wrong count.
        """
        if self._game.state is not State.READY or self._game.mines_laid:
            raise ValueError("set_layout: the game has already started")
        self._game.lay(mines)
        self.deal.laid_elsewhere()

    def lay_laid(self, laying) -> None:
        """Lay the board of ``laying``, a finished game.midend.deal.Laying of this match's
        deal (game.midend.deal.Deal.generation: a no-guess board built over frames), before
        the first reveal; the next reveal uses it as laid. The deal chose it, as it chooses a
        board it lays at the click: its seed, and the 3BV filter's minimum and miss, are the
        board's (the record's ``min_bv``).

        Raises:
            ValueError: the laying is not done or not this deal's, the game has started, or
                the mines are off the board or the wrong count.
        """
        if laying.result is None or laying.deal is not self.deal:
            raise ValueError("lay_laid: not a finished laying of this match's deal")
        if self._game.state is not State.READY or self._game.mines_laid:
            raise ValueError("lay_laid: the game has already started")
        self._game.lay(laying.result[0])
        self.deal.pending = None

    # ----- queries ---------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The current position (read its pure queries; change it only through this match)."""
        return self._game

    @property
    def seed(self) -> int | None:
        """The current board's seed; None for a loaded board."""
        return self.deal.seed

    @property
    def layout_known(self) -> bool:
        """The player could know this board's layout beforehand: a loaded board, a retry of a
        board seen, seeds the player chose, a board code; such a game is never a best time."""
        return self.deal.layout_known or self.code is not None

    @property
    def start(self) -> Cell | None:
        """The cell the current board's first reveal must be (its board code's start cell),
        while the board is not started; None when any cell may be first (no code, or the
        game has started)."""
        if self.code is None or self.code.start is None or self._game.state is not State.READY:
            return None
        return self.code.start

    def refuses(self, move: Move) -> bool:
        """True when ``move`` would start the board anywhere but its :attr:`start` cell: a
        reveal or a chord elsewhere before the first reveal (a flag is always allowed).
        :meth:`apply` ignores such a move; a front end says where to start."""
        start = self.start
        return start is not None and move.kind in (REVEAL, CHORD) and tuple(move.cell) != tuple(start)

    @property
    def first_click(self) -> Cell | None:
        """The cell of the current board's first reveal (the click its mines were laid at,
        under a first-click rule), or None before it."""
        return self._first_click

    def board_code(self) -> BoardCode | None:
        """The board code of the current board (game.midend.boardcode): the code it was
        opened from; a dealt board's seed, rules and first click (None before the first
        click: the board is not laid yet); a loaded board's mines (with the first click as
        its start cell, when there was one)."""
        if self.code is not None:
            return self.code
        config = self.config
        if self._on_loaded:
            layout = self.layout()
            if layout is None:
                return None
            return BoardCode(config.rows, config.cols, config.mines, config.first_click, config.no_guess,
                             layout=frozenset(layout), start=self._first_click)
        if self._first_click is None or self.deal.seed is None or not self._game.mines_laid:
            return None
        return BoardCode(config.rows, config.cols, config.mines, config.first_click, config.no_guess,
                         seed=self.deal.seed, start=self._first_click)

    @property
    def loaded(self) -> bool:
        """The current board is a loaded one (a board file, or a retry of it), not dealt."""
        return self._on_loaded

    @property
    def first_click_safe(self) -> bool:
        """True while the next reveal is protected by the first-click rule: a dealt board
        before its first reveal (mines not laid yet, or the classic move still pending)."""
        return self._game.state is State.READY and not self._game.mines_laid

    def layout(self) -> frozenset[Cell] | None:
        """The board's mines (None while laid at the first click): for logs, files and records,
        never for a view of a game in play."""
        if self.deal.pending is not None:
            return frozenset(self.deal.pending)
        return self._game.layout()

    @property
    def elapsed(self) -> float:
        """Seconds of game time, from the first reveal to now (or to the end), ms resolution."""
        return self._timer.elapsed

    @property
    def ms(self) -> int:
        """Game time now, whole milliseconds (0 before the first reveal)."""
        return int(round(self.elapsed * 1000))

    @property
    def paused(self) -> bool:
        return self._timer.paused

    def pause(self) -> None:
        """Stop the clock (the window hides the board meanwhile); moves are ignored and undo
        and redo refused until :meth:`resume`. No effect unless the game is in play."""
        if self._game.state is State.PLAYING:
            self._timer.pause()

    def resume(self) -> None:
        """Start the clock again where :meth:`pause` stopped it."""
        self._timer.resume()

    @property
    def total_clicks(self) -> int:
        """Every move applied on the current board, wasted ones included (:attr:`clicks`)."""
        return sum(self.clicks.values())

    @property
    def efficiency(self) -> float | None:
        """3BV solved / all clicks (wasted included) as a percent, once the game is over
        (as minesweeper.online counts it; for a won game 3BV solved equals 3BV)."""
        game = self._game
        if not game.over or not self.total_clicks:
            return None
        return 100.0 * game.three_bv_solved / self.total_clicks

    @property
    def three_bv_per_second(self) -> float | None:
        """3BV / game seconds, once the game is won (None otherwise, or without a time):
        game.figures.bbbv_per_second."""
        game = self._game
        return bbbv_per_second(game.three_bv, self.elapsed) if game.state is State.WON else None

    # ----- help ------------------------------------------------------------------------------
    @property
    def help(self) -> Help:
        """The help used on the current board."""
        return self._help

    @property
    def hints_used(self) -> int:
        return self._help.hints

    @property
    def probabilities_used(self) -> bool:
        return self._help.overlay

    @property
    def autoplay_used(self) -> bool:
        return self._help.autoplay

    @property
    def undos(self) -> int:
        return self._help.undos

    @property
    def lost_before_undo(self) -> bool:
        """This board was lost with no undo made before the loss (its first end): a loss the
        records count as any loss, which an undo and what follows it cannot take back from
        the statistics (game.session.Session.finished). False again on a new game or retry."""
        return self._lost_before_undo

    def use_hint(self) -> None:
        """The player asked for a hint."""
        self._aid(Aid.HINT, hints=self._help.hints + 1)

    def use_overlay(self) -> None:
        """The probability overlay is shown (once per board is enough to mark it)."""
        if not self._help.overlay:
            self._aid(Aid.OVERLAY, overlay=True)

    def use_autoplay(self) -> None:
        """The solver is about to play a move for the player."""
        if not self._help.autoplay:
            self._aid(Aid.AUTOPLAY, autoplay=True)

    def _aid(self, aid: Aid, **help) -> None:
        self._help = replace(self._help, **help)
        self.history.append(Helped(self.ms, aid))

    # ----- moves -----------------------------------------------------------------------------
    @property
    def moves(self) -> list[Played]:
        """The moves that stand (undone ones left out), oldest first: they replay from the
        board's start to the position on screen."""
        return list(self._played)

    @property
    def pointer_gaps(self) -> int:
        """Moves the pointer input does not show as the replay formats would make them
        (keys, console, autoplay, a chord by a left click on a number), plus one per undo."""
        return sum(1 for p in self._played if p.source not in (Source.MOUSE,)) + self._help.undos

    def apply(self, move: Move, source: Source = Source.MOUSE) -> Outcome:
        """Apply ``move`` (made by ``source``) and log it: the one way a game changes.

        The first reveal lays the mines (the deal's, or the classic rule's relocation) and
        starts the clock; a move ending the game stops it. A move while the game is over or
        paused is ignored and not logged. A new move forgets the moves taken back (no redo).
        Raises:
            ValueError: as Game.apply (off the board, unknown kind).
        """
        outcome = self._apply(move)
        if not outcome.ignored:
            self._played.append(Played(self._move_ms, move, Source(source), self._effect(outcome)))
            self.history.append(self._played[-1])
            self._redo.clear()
        return outcome

    def _apply(self, move: Move) -> Outcome:
        game = self._game
        kind, cell = move
        if kind not in KINDS:
            raise ValueError(f"move: kind {kind!r} is not one of {', '.join(KINDS)}")
        if not game.on_board(cell):
            game.apply(move)  # raises: off the board
        if game.over or self.paused or self.refuses(move):
            return Outcome(move, ignored=True)
        self._move_ms = self.ms
        if kind == REVEAL and game.state is State.READY and game.appearance(cell) in ("covered", "question"):
            self._lay_for(cell)
            if self._first_click is None:
                self._first_click = tuple(cell)
        outcome = game.apply(move)
        self.clicks["wasted" if outcome.wasted else kind] += 1
        if game.state is not State.READY and not self._timer.started:
            self._timer.start()
            self.opening_input = len(self.inputs) - 1
        if outcome.ended:
            self._timer.stop()
            if game.state is State.LOST and not self._help.undos:
                self._lost_before_undo = True
        return outcome

    def _effect(self, outcome: Outcome) -> Effect:
        """What the move of ``outcome``, just applied, did to the board."""
        if outcome.wasted:
            return Effect.WASTED
        if outcome.move.kind == FLAG:
            return Effect.FLAGGED if self._game.mark(outcome.move.cell) == "flag" else Effect.UNFLAGGED
        return Effect.EXPLODED if outcome.exploded is not None else Effect.OPENED

    def _lay_for(self, first: Cell) -> None:
        """The first click on ``first``: lay the board's mines now (the deal's first-click
        rule: game.midend.deal.Deal.first_click), unless they are laid already (loaded, retried,
        generated)."""
        if self._game.mines_laid:
            return
        mines, digits = self.deal.first_click(first)
        self._game.lay(mines, dealt=True, digits=digits)

    def reveal(self, cell: Cell, source: Source = Source.MOUSE) -> set[Cell]:
        """``apply(Move.reveal(cell))``; returns the changed cells."""
        return set(self.apply(Move(REVEAL, cell), source).changed)

    def toggle_flag(self, cell: Cell, source: Source = Source.MOUSE) -> set[Cell]:
        """``apply(Move.flag(cell))``; returns the changed cells."""
        return set(self.apply(Move(FLAG, cell), source).changed)

    def chord(self, cell: Cell, source: Source = Source.MOUSE) -> set[Cell]:
        """``apply(Move.chord(cell))``; returns the changed cells."""
        return set(self.apply(Move(CHORD, cell), source).changed)

    def command(self, move: Move) -> Outcome:
        """A console command's move (logged with source CONSOLE; a replay file places it at
        its cell's centre, game.replay.fromlog)."""
        return self.apply(move, Source.CONSOLE)

    def pointer(self, action: str | Action, x: int, y: int) -> None:
        """Log raw pointer input at board pixel (x, y) (may lie off the board); the window
        calls this for every button press, release and motion over the playing scene.
        Raises:
            ValueError: ``action`` is not one of POINTER_ACTIONS.
        """
        if action not in POINTER_ACTIONS:
            raise ValueError(f"pointer: action {action!r} is not one of {', '.join(POINTER_ACTIONS)}")
        if not self._game.over:
            self.inputs.append(PointerInput(self.ms, Action(action), int(x), int(y)))

    def note_touch(self) -> None:
        """Mark the current board as played by touch (the window's finger gestures, logged as
        pointer input: game.ui.play.touch): its record is ranked with the touch games and its
        replay file says so (game.records.record.input_of, game.replay.fromlog). A board over
        is left as it was; a new board or a retry starts unmarked."""
        if not self._game.over:
            self.touched = True

    # ----- undo and redo ---------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        """A standing move can be taken back (the game is in play or lost, not won, and not
        paused: while paused, :meth:`undo` refuses as moves are ignored)."""
        return bool(self._played) and self._game.state is not State.WON and not self.paused

    @property
    def can_redo(self) -> bool:
        """A move taken back can be played again (no other move made since, the game not
        over and not paused; the move stays to redo after :meth:`resume`)."""
        return bool(self._redo) and not self._game.over and not self.paused

    @property
    def can_undo_loss(self) -> bool:
        """The game is lost and the move that lost it can be taken back."""
        return self._game.state is State.LOST and bool(self._played)

    def undo(self) -> frozenset[Cell]:
        """Take back the last standing move (any move: Tatham's undo), and play on.

        The position becomes the board's start with the other standing moves replayed; the
        clock carries on (after a loss, from the time of the loss). The game is marked
        (``help.undos``) and never ranks.
        Returns:
            The cells whose appearance changed (a view redraws them).
        Raises:
            ValueError: no move to take back, the game is won, or it is paused (nothing
                changes: :attr:`can_undo` says False in each case).
        """
        if not self.can_undo:
            raise ValueError("undo: no move to take back" if not self._played else
                             "undo: a won game cannot be taken back" if self._game.state is State.WON else
                             "undo: the game is paused")
        ms = self.ms
        self._redo.append(self._played.pop())
        earlier = self._replayed(self._played)
        if self._timer.started and earlier.state is State.READY:
            earlier.resume_play()  # the clock runs: no reveal stands, yet the game is under way
        old = self._game.replace(earlier)
        self._help = replace(self._help, undos=self._help.undos + 1)
        self.history.append(Undone(ms))
        if old.over and not self._game.over:
            self._timer.carry_on()
        return frozenset(self._game.differences(old))

    def undo_loss(self) -> frozenset[Cell]:
        """Take back the move that lost the game (:meth:`undo` after a loss).
        Raises:
            ValueError: the game is not lost.
        """
        if not self.can_undo_loss:
            raise ValueError(f"undo: the game is {self._game.state.value}, not lost; only a loss can be taken back")
        return self.undo()

    def redo(self) -> Outcome:
        """Play again the last move taken back (at the time now).
        Raises:
            ValueError: nothing to redo, or the game is paused (the move stays to redo after
                :meth:`resume`: :attr:`can_redo` says False meanwhile).
        """
        if not self.can_redo:
            raise ValueError("redo: the game is paused" if self.paused and self._redo else
                             "redo: no move taken back to play again")
        taken = self._redo.pop()
        outcome = self._apply(taken.move)
        if not outcome.ignored:
            self._played.append(Played(self._move_ms, taken.move, taken.source, self._effect(outcome)))
            self.history.append(Redone(self._move_ms))
        return outcome

    def _replayed(self, moves: list[Played]) -> Game:
        """The board's start with ``moves`` applied (the layout as laid now)."""
        start_revealed, start_flags = self._origin
        game = Game(self.config, mines=self._game.layout(), revealed=start_revealed, flags=start_flags)
        for played in moves:
            game.apply(played.move)
        return game

    # ----- 3BV off the frame -----------------------------------------------------------------
    def three_bv_job(self) -> BvJob | None:
        """The 3BV count of the current layout as a :class:`game.rules.bv.BvJob` to run elsewhere
        (it never reads the game), or None when it is known or no mines are laid."""
        game = self._game
        if game.three_bv_known or game.start_cells():
            return None
        return BvJob(game.mine_digits(), game.rows, game.cols, frozenset())  # no copy of the mine set

    def adopt_three_bv(self, job: BvJob) -> bool:
        """Take a finished job's count as the game's 3BV; True when taken (a job counted on a
        layout the game has left since is ignored)."""
        return job.parts is not None and self._game.know_three_bv(job.parts, job.layout[0])

    # ----- the log ---------------------------------------------------------------------------
    def log_data(self) -> dict:
        """The log as JSON-able data (version 2): ``version``, ``rows``, ``cols``, ``mines``
        (the layout as [row, col] pairs, sorted; empty before it is laid), ``start`` and
        ``start_flags`` (cells shown revealed and flagged before the first move: a loaded
        position's), ``cell`` (pixels), ``moves`` (the standing moves: [ms, kind, row, col,
        source] each), ``pointer`` ([ms, action, x, y] each), ``pointer_gaps`` (moves the
        pointer does not show as the formats would make them, and one per undo),
        ``history`` (every entry in order: ["play", ms, kind, row, col, source], ["undo",
        ms], ["redo", ms], ["help", ms, aid]), ``help`` ({"hints", "overlay", "autoplay",
        "undos"}), ``options`` ({"questions"}) and ``touch`` (a move was made by touch:
        :meth:`note_touch`; absent from older logs: False). Version 1 logs (no sources, history or
        help; losing moves taken back as ``undone``: [at, ms, kind, row, col]) are still read
        by :meth:`from_log`."""
        data = self.log_snapshot()
        data["pointer"] = [list(event) for event in data["pointer"]]
        return data

    def log_snapshot(self) -> dict:
        """:meth:`log_data` with ``pointer`` a copy of :attr:`inputs` (PointerInput tuples, which
        JSON writes as the same [ms, action, x, y] arrays): far cheaper for a long game, and
        unchanged by a later retry or new game."""
        game = self._game
        layout = self.layout() or frozenset()
        return {
            "version": LOG_VERSION, "rows": game.rows, "cols": game.cols,
            "mines": _pairs(layout, game.rows, game.cols),
            "start": _pairs(game.start_cells(), game.rows, game.cols),
            "start_flags": _pairs(game.start_flags(), game.rows, game.cols),
            "cell": self.cell,
            "moves": [[p.ms, p.move.kind, p.move.cell[0], p.move.cell[1], p.source.value] for p in self._played],
            "pointer": list(self.inputs),
            "pointer_gaps": self.pointer_gaps,
            "history": [_entry_data(entry) for entry in self.history],
            "help": {"hints": self._help.hints, "overlay": self._help.overlay,
                     "autoplay": self._help.autoplay, "undos": self._help.undos},
            "options": {"questions": self.config.questions},
            "touch": self.touched,
        }

    @classmethod
    def from_log(cls, data: dict, config: Config | None = None, standing: bool = False) -> "Match":
        """A recorded game (:meth:`log_data`, version 1 or 2) at its start, ready to be played
        again entry by entry with :meth:`step` (its :attr:`script`): moves, undos and redos
        as they were made. The clock reads the log's times. ``standing``: the script is the
        moves that stand only (the log's ``moves``, one entry each, in order: no undo, redo,
        help or move taken back), which end in the same position.

        Raises:
            ValueError: the log does not fit ``config`` (size, mine count), or holds a move off
                the board, of an unknown kind, or a move taken back that did not lose.
            KeyError, TypeError: a damaged log (a key missing, a value of the wrong type).
        """
        rows, cols, mines = data["rows"], data["cols"], [tuple(cell) for cell in data["mines"]]
        if config is None:
            config = Config(rows, cols, len(mines), questions=bool((data.get("options") or {}).get("questions")))
        if (rows, cols) != (config.rows, config.cols):
            raise ValueError(f"log: a {rows}x{cols} board, not {config.rows}x{config.cols}")
        clock = _LogClock()
        match = cls(config, mines=mines, revealed=[tuple(c) for c in data.get("start", [])],
                     flags=[tuple(c) for c in data.get("start_flags", [])], clock=clock,
                     cell=int(data.get("cell", CONSOLE_CELL)))
        match._log_clock = clock
        match.touched = bool(data.get("touch"))
        match.script = tuple(standing_script(data) if standing else script_of(data))
        match.position = 0
        return match

    def step(self, i: int | None = None) -> Outcome | None:
        """Play the next entry of a log rebuilt by :meth:`from_log` (or entry ``i``, which must
        be the next): a move is applied (its Outcome returned), an undo or redo made, help
        marked (None returned for those).
        Raises:
            IndexError: no entry left, or ``i`` is not the next one.
            ValueError: an undo with no move to take back, a redo with none taken back.
        """
        i = self.position if i is None else i
        if i != self.position or i >= len(self.script):
            raise IndexError(f"step: entry {i} is not the next (next {self.position} of {len(self.script)})")
        entry = self.script[i]
        self.position += 1
        self._log_clock.at(entry.ms, self._timer)
        if isinstance(entry, Played):
            return self.apply(entry.move, entry.source)
        if isinstance(entry, Undone):
            if entry.after_loss and self._game.state is not State.LOST:
                raise ValueError(f"log: the move taken back at entry {i} did not lose")
            self.undo()
        elif isinstance(entry, Redone):
            self.redo()
        else:
            {Aid.HINT: self.use_hint, Aid.OVERLAY: self.use_overlay, Aid.AUTOPLAY: self.use_autoplay}[entry.aid]()
        return None

    def play_out(self) -> list[Outcome]:
        """Every entry left of a log rebuilt by :meth:`from_log` (:meth:`step` each); returns
        the Outcome of each move, in the order played."""
        outcomes = []
        while self.position < len(self.script):
            outcome = self.step()
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes


class _LogClock:
    """The clock of a match rebuilt from a log: it reads the time of the entry being played."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def at(self, ms: int, timer: Timer) -> None:
        """Game time ``ms`` (the timer started at clock 0, so its reading is the log's)."""
        self.now = max(self.now, ms / 1000)


def script_of(data: dict) -> list[Entry]:
    """A log's entries in the order they were made (version 2's ``history``; for version 1,
    its ``moves`` with each losing move taken back (``undone``) played and undone where it
    stood).
    Raises:
        KeyError, TypeError, ValueError: a damaged log.
    """
    if data.get("history") is not None:
        return [_entry_from(item) for item in data["history"]]
    entries: list[Entry] = []
    undone = sorted((list(item) for item in data.get("undone") or []), key=lambda item: item[0])
    moves = data["moves"]
    for index in range(len(moves) + 1):
        while undone and undone[0][0] == index:
            _, ms, kind, row, col = undone.pop(0)
            entries += [Played(int(ms), Move(kind, (row, col))), Undone(int(ms), after_loss=True)]
        if index < len(moves):
            ms, kind, row, col, *source = moves[index]
            entries.append(Played(int(ms), Move(kind, (row, col)),
                                  Source(source[0]) if source else Source.MOUSE))
    return entries


def standing_script(data: dict) -> list[Played]:
    """A log's standing moves (its ``moves``) as entries, in order (version 1: source MOUSE).
    Raises:
        KeyError, TypeError, ValueError: a damaged log.
    """
    return [_entry_from(["play", ms, kind, row, col, source[0] if source else Source.MOUSE.value])
            for ms, kind, row, col, *source in data["moves"]]


def _pairs(cells, rows: int, cols: int) -> list[list[int]]:
    """``cells`` ((row, col) tuples) as [row, col] lists in row-major order. A set covering
    over an eighth of the board is read by scanning the board (a million-mine layout in
    0.2 s, where sorting it takes seconds); a sparse one is sorted."""
    cells = cells if isinstance(cells, (set, frozenset)) else set(cells)
    if len(cells) * 8 > rows * cols:
        return [[r, c] for r in range(rows) for c in range(cols) if (r, c) in cells]
    return [[r, c] for r, c in sorted(cells)]


def _entry_data(entry: Entry) -> list:
    if isinstance(entry, Played):
        return ["play", entry.ms, entry.move.kind, entry.move.cell[0], entry.move.cell[1], entry.source.value]
    if isinstance(entry, Undone):
        return ["undo", entry.ms]
    if isinstance(entry, Redone):
        return ["redo", entry.ms]
    return ["help", entry.ms, entry.aid.value]


def _entry_from(item: list) -> Entry:
    what, ms, *rest = item
    if what == "play":
        kind, row, col, source = rest
        if kind not in KINDS:
            raise ValueError(f"log: move kind {kind!r} is not one of {', '.join(KINDS)}")
        return Played(int(ms), Move(kind, (int(row), int(col))), Source(source))
    if what == "undo":
        return Undone(int(ms))
    if what == "redo":
        return Redone(int(ms))
    if what == "help":
        return Helped(int(ms), Aid(rest[0]))
    raise ValueError(f"log: entry {what!r} is not play, undo, redo or help")


def replay_log(data: dict, config: Config) -> tuple[Game, list[Outcome]]:
    """Play a stored log through a match rebuilt from it (:meth:`Match.from_log`); returns the
    final position and the outcome of each move, in the order played (a losing move taken
    back was played where it stood, so the game ends as the logged one did).
    Raises:
        ValueError: as :meth:`Match.from_log`, or an undo the log cannot make.
    """
    match = Match.from_log(data, config)
    try:
        outcomes = match.play_out()
    except ValueError as err:
        raise ValueError(f"log: {err}") from None
    return match.game, outcomes
