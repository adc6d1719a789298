"""One layer for the console and the window: creating, retrying, abandoning, recording and
summarising a game (the run's side of the midend, game.midend.match).

A :class:`Session` is one run of the program: its source of board seeds (``--seed`` gives
the first board's seed and makes every board of the run predictable), its clock, its
records and the hooks told when a game ends. The console (game.console.play.ConsoleGame) and the
window (its scenes, through ``services.session``: game.ui.services) do every game's business
here, with the same methods: a match (:meth:`Session.new_match`), the next board
(:meth:`Session.new_game`), a retry (:meth:`Session.retry`), a game left in progress
(:meth:`Session.abandon`), a game's end recorded once (:meth:`Session.finished`, the one path
from a finished game to its row), the 3BV filter's miss said once a board
(:meth:`Session.filter_note`) and a no-guess board built over frames
(:meth:`Session.start_generation`, :meth:`Session.finish_generation`, through the deal, which
lays the console's at the click by its layer from the same seed, under the same 3BV filter); each front end only shows the result
its own way, and both say how a game went from the same :class:`Summary`.

One game, one row (:meth:`Session.finished`): a board's game is recorded the first time it
ends; an undo after the end and a redo back to that same end record nothing; played on after
an undo, its next different end is written over the same row (game.records.recording.Records
.record), and it counts as the loss it first was when it was lost with no undo before
(game.midend.match.Match.lost_before_undo, the row's ``counted_loss``), else in no statistic. No
game with an undo is ever a win or a best. No pygame here.
"""

from __future__ import annotations

import random
import time
import weakref
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Callable

from game.rules.board import Cell, Config
from game.midend.boardcode import BoardCode
from game.midend.daily import daily_code
from game.midend.trial import TrialRun
from game.midend.deal import board_rng
from game.midend.match import CONSOLE_CELL, Match, Source
from game.i18n import _, level_name, number
from game.messages import N_, note
from game.rules.moves import Move, Outcome
from game.rules.position import State
from game.records.record import LEVELS
from game.records.recording import is_in_progress
from game.records.trials import TrialRecord, save_trial

# The rankings' minimum 3BV per level (both Beginners: the 8x8 competitive one too)
RANKING_MIN_BV = {"beginner": 2, "beginner_8x8": 2, "intermediate": 30, "expert": 100}


def min_bv_table(every: int | None = None, bv_filter: str = "off") -> dict:
    """The 3BV filter of a run (:attr:`Session.min_bv`), level -> minimum: ``every``
    (``--min-bv``) for every level when given, else the rankings' minimums when the
    Options' ``bv_filter`` is ``rankings``, else none ({}). The console and the window alike."""
    if every:
        return dict.fromkeys(LEVELS, every)
    return dict(RANKING_MIN_BV) if bv_filter == "rankings" else {}


FinishHook = Callable[[Match, "dict | None"], "str | None"]  # hook(match, log) -> note or None


@dataclass
class Session:
    """One run's games.

    Attributes:
        rng: the run's source of board seeds.
        clock: monotonic clock, seconds (the window's frame clock, or time.monotonic).
        records: the open records (game.records.recording.Records): every game that ends and
            every game abandoned is recorded there (:meth:`finished`, :meth:`abandon`); None:
            nothing is recorded.
        first_seed: the first new board's seed (``--seed``), taken once.
        seeded: ``--seed`` was given: every board of the run is predictable (layout known).
        hooks: told when a game ends, after it is recorded, in order: ``hook(match, log) ->
            note``; the notes are shown with the result (the records' own note first).
        progress: reports a big no-guess board's generation (the console's stderr line), or None.
        name: the name games are recorded under, ended or abandoned (None: the settings'
            player name; the console's: the system user's).
        min_bv: the 3BV filter, level name -> minimum 3BV of its dealt boards (a level not in
            it, or 0: no filter); e.g. RANKING_MIN_BV, the rankings' minimums.
        warn: told at once the warning of an abandoned game that could not be saved (the
            window: stderr); None: the front end says it itself (the console prints it).
        unsaved: ``unsaved(warning) -> note``: how the front end says a finished game that
            could not be saved (the window: a short line on the result panel, the warning on
            stderr); None: the warning itself (the console prints it).
        last_level: the level of the last game that ended in this run (the window's
            Statistics open on it), or None.
        first_code: the board code the run opens first (``--code``, ``--daily``: the
            command line's board), taken once by :meth:`new_match` as ``first_seed`` is, so
            the window's first Playing scene and the console's first match are on it; a
            front end may set it before it makes a match (the window's "Play a code").
        first_daily: with ``first_code``, the UTC date (``YYYY-MM-DD``) of the daily board
            it is (game.midend.match.Match.daily), else None.
        first_race: the ghost the run races first (``--race``: a game.replay.race.Ghost),
            taken once by :meth:`new_match` as ``first_code`` is (:meth:`open_race`).
        trial: the time trial in play (game.midend.trial.TrialRun: ``--trial``, the menu's
            "Time trial"), or None. While it is not over, :meth:`new_game` and
            :meth:`new_match` give its next board (:meth:`open_trial`), each game's first end
            is added to it (:meth:`finished`), a game of it left in progress ends it
            (:meth:`abandon`), and once over it is recorded (game.records.trials) and
            :attr:`trial_record` holds its record.
        trial_record: the record of the last trial that ended (game.records.trials.TrialRecord), or None.
    """

    rng: random.Random = field(default_factory=random.Random)
    clock: Callable[[], float] = time.monotonic
    records: object = None
    first_seed: int | None = None
    seeded: bool = False
    hooks: list[FinishHook] = field(default_factory=list)
    progress: Callable | None = None
    name: str | None = None
    min_bv: dict = field(default_factory=dict)
    warn: Callable[[str], None] | None = None
    unsaved: Callable[[str], str] | None = None
    last_level: str | None = None
    first_code: BoardCode | None = None
    first_daily: str | None = None
    first_race: object = None
    trial: TrialRun | None = None
    trial_record: object = None
    # match -> (the end told last: (round, standing moves), the notes its hooks gave): an end
    # told already (a redo back to it after an undo) is not told again
    _told: weakref.WeakKeyDictionary = field(default_factory=weakref.WeakKeyDictionary, repr=False)
    # match -> the round whose 3BV filter's miss was given (filter_note): once a board
    _missed: weakref.WeakKeyDictionary = field(default_factory=weakref.WeakKeyDictionary, repr=False)

    def new_match(self, config: Config, cell: int = CONSOLE_CELL, board=None) -> Match:
        """A new match of ``config``: the loaded ``board`` (a game.boardfile.BoardFile with its
        mines), or a dealt one; the first dealt board takes ``first_seed``, the next ones draw
        their seeds from ``rng``, so a seed and first click give the same board in the console
        and the window. No-guess boards get the generator as their mine layer. Pointer input
        is measured at ``cell`` pixels a cell. Under the 3BV filter (:attr:`min_bv`) every
        dealt board of the match has at least the level's minimum 3BV, or the deal says it
        missed (game.midend.deal.Deal.missed). While :attr:`first_code` is set (taken once),
        the match is on that code's board instead (:meth:`open_code`, a daily's with its day):
        of ``config`` only the question marks count, the code naming the rest.

        Raises:
            ValueError: ``board`` is a position without mines, or does not fit ``config``.
        """
        if self.trial is not None and not self.trial.over and board is None:
            return self.open_trial(cell, questions=config.questions)
        if self.first_race is not None and board is None:
            ghost, self.first_race = self.first_race, None
            return self.open_race(ghost, cell, questions=config.questions)
        if self.first_code is not None and board is None:
            code, daily, self.first_code, self.first_daily = self.first_code, self.first_daily, None, None
            match = self.open_code(code, cell, questions=config.questions)
            match.daily = daily
            return match
        if board is not None:
            from game.boardfile import loaded_match
            return loaded_match(board, config, rng=self.rng, clock=self.clock, cell=cell)
        from game.noguess import layer_for  # (70 ms to import: only when a match is made)

        seed, self.first_seed = self.first_seed, None
        layer = layer_for(config) if self.progress is None else layer_for(config, report=self.progress)
        return Match(config, rng=self.rng, seed=seed, clock=self.clock, layer=layer,
                     seeds_known=self.seeded, cell=cell, min_bv=self.min_bv_for(config))

    def open_code(self, code: BoardCode, cell: int = CONSOLE_CELL, questions: bool = False) -> Match:
        """A new match on the board ``code`` names (game.midend.boardcode): its seed dealt
        under its rules (a no-guess board through the generator, as :meth:`new_match`; never
        the 3BV filter: the code names the board), or its layout; its first reveal must be at
        the code's start cell (game.midend.match.Match.start). Its games are a known layout
        (recorded, never a best time); a new game of the match deals a fresh board of the
        same size. ``questions``: the player's question-mark option (a code does not carry
        it). Pointer input at ``cell`` pixels a cell."""
        from game.noguess import layer_for  # (70 ms to import: only when a match is made)

        config = replace(code.config(), questions=questions)
        if code.layout is not None:
            return Match(config, rng=self.rng, mines=code.layout, clock=self.clock, cell=cell, code=code)
        layer = None
        if config.no_guess:
            layer = layer_for(config) if self.progress is None else layer_for(config, report=self.progress)
        return Match(config, rng=self.rng, seed=code.seed, clock=self.clock, layer=layer, cell=cell, code=code)

    def open_daily(self, day: date, level: str, cell: int = CONSOLE_CELL, questions: bool = False) -> Match:
        """A new match on the daily board of ``day`` (a UTC date) and ``level`` (one of
        game.midend.daily.DAILY_LEVELS): :meth:`open_code` of game.midend.daily.daily_code, with
        :attr:`Match.daily <game.midend.match.Match.daily>` set to ``day`` as ``YYYY-MM-DD``
        (recorded with each of its games: game.records.daily). It does not check the day's
        range (game.midend.daily.check_day does).

        Raises:
            DailyError: ``level`` has no daily board.
        """
        match = self.open_code(daily_code(day, level), cell=cell, questions=questions)
        match.daily = day.isoformat()
        return match

    def open_race(self, ghost, cell: int = CONSOLE_CELL, questions: bool = False) -> Match:
        """A new match racing ``ghost`` (a game.replay.race.Ghost): :meth:`open_code` of its
        board (its layout, its first reveal as the start cell: both games start from the same
        click), with :attr:`Match.race <game.midend.match.Match.race>` set to its player's name
        ("" when the replay names none), recorded with each of its games."""
        match = self.open_code(ghost.code(), cell=cell, questions=questions)
        match.race = ghost.name or ""
        return match

    def open_position(self, board, cell: int = CONSOLE_CELL, questions: bool = False) -> Match:
        """A new match on a position (a game.boardfile.BoardFile: the editor's "Play this
        position"), its revealed cells shown and its flags set, with
        :attr:`Match.position <game.midend.match.Match.position>` True: its games are recorded
        apart (game.records.record: never ranked, never a best, out of played and won).

        A board with known mines is played exactly (game.boardfile.loaded_match). A position with
        unknown mines is laid by a layout drawn uniformly among those that fit its numbers,
        flags and mine count (game.solver.sample.LayoutSampler, from :attr:`rng`): flags count
        as mines; when no layout fits with them, they are taken as the player's marks only
        (flags ignored) and a flag on a cell the layout makes safe stays a flag there, as a
        wrong flag the player set (a wrong flag is the player's, never moved or dropped).
        ``questions``: the player's question-mark option. Pointer input at ``cell`` pixels a
        cell. No first-click protection: the board is laid before the first click.

        Raises:
            game.solver.problem.InconsistentPosition: no layout fits the position, even with
                its flags ignored.
            game.solver.sample.TooHardToSample: a frontier group too large to draw from exactly.
            ValueError: the position does not make a playable board (game.rules.board.Config).
        """
        from game.boardfile import BoardFile, loaded_match
        from game.solver.problem import InconsistentPosition
        from game.solver.sample import LayoutSampler

        config = Config(board.rows, board.cols, board.mines, questions=questions)
        if board.mines_known is None:
            try:
                layout = LayoutSampler(board).draw(self.rng)
            except InconsistentPosition:
                layout = LayoutSampler(board, ignore_flags=True).draw(self.rng)
            flags = frozenset(board.flags) - board.revealed.keys()
            board = BoardFile(board.rows, board.cols, board.mines, board.revealed, flags, layout)
        match = loaded_match(board, config, rng=self.rng, clock=self.clock, cell=cell)
        match.position = True
        return match

    def code_layout(self, code: BoardCode) -> frozenset:
        """The mines of the board ``code`` names, (row, col) each: its layout, or its seed laid
        at its start cell (a no-guess board generated as a game would be: seconds on a big
        board). Nothing is recorded."""
        if code.layout is not None:
            return frozenset(code.layout)
        match = self.open_code(code)
        start = code.start
        if self.needs_generation(match, start):
            job = self.start_generation(match, start)
            while not job.step(1.0):
                pass
            self.finish_generation(match, job, start, Source.KEYBOARD)
        else:
            match.apply(Move("reveal", start), Source.KEYBOARD)
        return frozenset(match.layout())
    def start_trial(self, run: TrialRun) -> None:
        """Play the time trial ``run`` (game.midend.trial.TrialRun) from its next game: the
        next :meth:`new_match` or :meth:`new_game` is its board. A trial still in play is left
        first (recorded as ended, :meth:`end_trial`)."""
        self.end_trial()
        self.trial, self.trial_record = run, None

    def in_trial(self, match: Match | None = None) -> bool:
        """A trial is in play (not over); with ``match``, and ``match``'s board is one of its."""
        if self.trial is None or self.trial.over:
            return False
        return match is None or getattr(match, "trial", None) == self.trial.code.text()

    def open_trial(self, cell: int = CONSOLE_CELL, questions: bool = False) -> Match:
        """A new match on the next board of :attr:`trial` (:meth:`open_code` of its BoardCode,
        with game.midend.match.Match.trial set to the trial code: its games are recorded as the
        trial's, never ranked as plain games).

        Raises:
            IndexError: no trial, or it is over.
        """
        if self.trial is None:
            raise IndexError("no trial in play")
        match = self.open_code(self.trial.board(), cell, questions=questions)
        match.trial = self.trial.code.text()
        return match

    def end_trial(self) -> str | None:
        """The trial in play stops here (the player left it): recorded as ended when it has a
        game played; returns the save failure or None. Nothing when no trial is in play."""
        if self.trial is None:
            return None
        run, note = self.trial, None
        if not run.over:
            run.stop()
            if run.results:
                note = self._save_trial()
        self.trial = None
        return note

    def _save_trial(self) -> str | None:
        """Record :attr:`trial` (over) in :attr:`records` (game.records.trials.save_trial) and
        keep its record in :attr:`trial_record`; returns the save failure or None."""
        store = getattr(self.records, "store", None)
        if store is None:
            self.trial_record = TrialRecord.of(self.trial, self.name)
            return None
        try:
            self.trial_record = save_trial(store, self.trial, self.name)
        except Exception as err:  # noqa: BLE001 - a read-only or failing store: the trial is still shown
            self.trial_record = TrialRecord.of(self.trial, self.name)
            return str(err)
        return None

    def _trial_end(self, match: Match) -> str | None:
        """``match``'s game of the trial in play ended: add its first end (time and result,
        its record's id) to the trial; once the trial is over, record it."""
        if not self.in_trial(match) or getattr(match, "trial_round", None) == match.round:
            return None
        match.trial_round = match.round  # the first end of each board counts, an undo after it does not
        record_id = getattr(self.records, "last_record_id", None)
        self.trial.add(round(match.elapsed * 1000), match.game.state is State.WON, record_id)
        return self._save_trial() if self.trial.over else None

    def new_game(self, match: Match, config: Config | None = None, cell: int | None = None) -> Match:
        """The next board after ``match``'s (``n`` in the console, F2 or the face in the window):
        its game, when still in progress, is abandoned first (:meth:`abandon`: once a board,
        so a front end that asked and abandoned already records nothing more). With ``config``
        None the match deals its next board itself (the same size and rules, a seed drawn
        from :attr:`rng`) and is returned; with a ``config`` (the window's current options) a
        new match of it, pointer input at ``cell`` pixels (default: ``match.cell``), whose
        seed comes from the same :attr:`rng`. While a trial is in play (:attr:`trial`), the
        next board is its next game's (a new match), whatever ``config``."""
        self.abandon(match)
        if self.in_trial():
            return self.open_trial(match.cell if cell is None else cell, questions=match.config.questions)
        if config is None:
            match.new_game()
            return match
        return self.new_match(config, match.cell if cell is None else cell)

    def retry(self, match: Match) -> None:
        """The same board of ``match`` again from the start (game.midend.match.Match.retry: a board
        not laid yet is a fresh one, a retry of a board seen is a known layout); its game,
        when still in progress, is abandoned first (:meth:`abandon`)."""
        self.abandon(match)
        match.retry()

    def min_bv_for(self, config: Config) -> int:
        """The 3BV filter's minimum for boards of ``config`` (0: off)."""
        return self.min_bv.get(config.level, 0)

    def finished(self, match: Match, log: dict | None = None) -> list[str]:
        """The game of ``match`` ended (won or lost), by a move or a redo: record it in
        :attr:`records` (game.records.recording.Records.finish, under :attr:`name`) with its
        move ``log`` (default: ``match.log_snapshot()``), then tell every hook, and return
        the notes (strings for the player: a best time, a save failure, why it counts
        nowhere), the records' first. A save failure's note is :attr:`unsaved`'s.

        The front ends call it at every end, the one way a finished game reaches its row;
        this keeps each game one row (the module's rule): an end already told for this board
        (the same standing moves: an undo after the end and a redo back to it) records
        nothing, tells no hook and returns the notes it gave then; any other end is recorded
        and told, and the records write it over the board's row when it has one."""
        self.last_level = match.config.level
        end = (match.round, tuple(played.move for played in match.moves))
        told = self._told.get(match)
        if told is not None and told[0] == end:
            return list(told[1])
        log = match.log_snapshot() if log is None else log
        notes = []
        if self.records is not None:
            note = self.records.finish(match, name=self.name, log=log)
            if note and self.records.last_record_id is None and self.unsaved is not None:
                note = self.unsaved(note)
            if note:
                notes.append(note)
        trial_note = self._trial_end(match)
        if trial_note:
            notes.append(trial_note)
        for hook in self.hooks:
            note = hook(match, log)
            if note:
                notes.append(note)
        self._told[match] = (end, notes)
        return notes

    def abandon(self, match: Match, log: dict | None = None, name: str | None = None) -> str | None:
        """Record the game of ``match`` as abandoned (a loss, as Windows 7 counts it) if it is
        in progress, once per board; returns the warning when it could not be saved (also
        given to :attr:`warn`, when set), else None."""
        if not is_in_progress(match.game):
            return None
        if self.in_trial(match):  # a trial's game left in progress ends the trial
            match.trial_round = match.round
            self.trial.add(round(match.elapsed * 1000), False, None)
            self.trial.stop()
        if self.records is None:
            if self.trial is not None and self.trial.over and self.trial_record is None:
                self._save_trial()
            return None
        note = self.records.abandon(match, name=self.name if name is None else name,
                                    log=match.log_snapshot() if log is None else log)
        if self.trial is not None and self.trial.over and getattr(match, "trial", None) and self.trial_record is None:
            if self.trial.results:
                self.trial.results[-1].record_id = getattr(self.records, "last_record_id", None)
            self._save_trial()
        if note and self.warn is not None:
            self.warn(note)
        return note

    def filter_note(self, match: Match):
        """The 3BV filter's miss on ``match``'s board (:func:`filter_missed`: a
        game.messages.Note), once a board: the first call after the board was laid under
        the minimum gives it, every later call for that board None. The console prints it,
        the window shows it in a box."""
        missed = filter_missed(match)
        if missed is None or self._missed.get(match) == match.round:
            return None
        self._missed[match] = match.round
        return missed

    # ----- no-guess boards -----------------------------------------------------------------------
    @staticmethod
    def needs_generation(match: Match, cell: Cell) -> bool:
        """True when revealing ``cell`` must first build ``match``'s no-guess board (a no-guess
        game before its first reveal, ``cell`` not flagged): the window builds it over frames
        (:meth:`start_generation`); the console's match lays it at the click through its
        deal's layer (game.noguess.layer_for, reporting to :attr:`progress`). Never for a cell
        the match refuses as its first reveal (game.midend.match.Match.refuses: a code's board
        starts at its start cell): that reveal is ignored, nothing is built."""
        game = match.game
        return (game.config.no_guess and not game.mines_laid and game.state is State.READY
                and game.mark(cell) != "flag" and not match.refuses(Move.reveal(cell)))

    @staticmethod
    def start_generation(match: Match, cell: Cell):
        """``match``'s no-guess board with ``cell`` as the opening first click, built a slice
        at a time by its deal (game.midend.deal.Deal.generation: a game.noguess.Generation from
        ``board_rng`` of each seed, as the deal's layer builds it at once in the console, and
        the 3BV filter's next seeds in the same order), so the same seed, first click and
        minimum give the same board in the console and the window, and a miss is told
        alike (:meth:`filter_note`). Step it (``job.step(seconds)``) until done, then
        :meth:`finish_generation`; ``job.progress`` and ``job.cancel()`` as a Generation's.

        Raises:
            NoGuessError: the generator does not support the board's size and mine count.
        """
        from game.noguess import Generation
        return match.deal.generation(cell, Generation)

    @staticmethod
    def finish_generation(match: Match, job, cell: Cell, source: Source = Source.MOUSE) -> Outcome:
        """Lay the board of a finished ``job`` (:meth:`start_generation`) on ``match``
        (game.midend.match.Match.lay_laid) and reveal the first click ``cell``, made by ``source``.

        Raises:
            ValueError: the job is not done, or the game has started.
        """
        if not job.done:
            raise ValueError("finish_generation: the generation is not done")
        match.lay_laid(job)
        return match.apply(Move.reveal(cell), source)


FILTER_MISSED = N_("No board with a 3BV of at least {minimum} came in {count} deals: "
                   "this board's 3BV is {bv}.")  # the 3BV filter's bound was reached


def filter_missed(match: Match):
    """Why the current board is under the 3BV filter's minimum (a game.messages.Note: the
    bound was reached, the best board seen is dealt), or None."""
    missed = match.deal.missed
    if missed is None:
        return None
    count, bv = missed
    return note(FILTER_MISSED, minimum=match.deal.min_bv, count=count, bv=bv)


@dataclass(frozen=True)
class Summary:
    """How a game went, as the result panels and the console say it.

    Attributes:
        won, lost: the result (neither: in progress or abandoned).
        seconds: game time, ms resolution.
        three_bv, three_bv_solved: clicks (3BV None before the mines are laid).
        three_bv_per_second: 3BV / seconds for a win with a time, else None.
        efficiency: 3BV solved / all clicks, percent, once the game is over, else None.
        clicks: moves by kind ("reveal", "flag", "chord", "wasted"); total_clicks their sum.
        exploded: the mine that lost the game, or None.
    """

    won: bool
    lost: bool
    seconds: float
    three_bv: int | None
    three_bv_solved: int
    three_bv_per_second: float | None
    efficiency: float | None
    clicks: dict
    total_clicks: int
    exploded: tuple[int, int] | None

    @classmethod
    def of(cls, match: Match) -> "Summary":
        """The summary of ``match``'s game now."""
        game = match.game
        return cls(won=game.state is State.WON, lost=game.state is State.LOST, seconds=match.elapsed,
                   three_bv=game.three_bv, three_bv_solved=game.three_bv_solved,
                   three_bv_per_second=match.three_bv_per_second, efficiency=match.efficiency,
                   clicks=dict(match.clicks), total_clicks=match.total_clicks,
                   exploded=game.exploded if game.state is State.LOST else None)


# ----- time trials in words (the console's lines, the window's HUD and result panel) ------------------
def trial_seconds(ms: int, digits: int = 3) -> str:
    """Milliseconds as the trial's clock says them: ``83.456 s`` / ``83,456 s`` (``digits`` decimals;
    0: whole seconds, cut down, as a running clock)."""
    return _("{seconds} s").format(seconds=number(ms // 1000 if digits == 0 else ms / 1000, digits))


def trial_progress(run, game_ms: float = 0.0, digits: int = 3) -> str:
    """One line on a trial in play: ``Trial: game 3 of 10, total 23.456 s (penalties 10.000 s)``,
    the game in play's clock at ``game_ms`` included; the total with ``digits`` decimals."""
    shown = min(run.index + 1, run.count)
    line = _("Trial: game {index} of {count}, total {total}").format(
        index=shown, count=run.count, total=trial_seconds(run.live_ms(game_ms), digits))
    if run.penalty_ms:
        line += " " + _("(penalties {penalty})").format(penalty=trial_seconds(run.penalty_ms, digits))
    return line


def trial_played(run) -> str:
    """One line between two games of a trial: ``Trial: 1 of 10 games played, total 4.321 s``,
    then the penalties when there are."""
    line = _("Trial: {played} of {count} games played, total {total}").format(
        played=len(run.results), count=run.count, total=trial_seconds(run.total_ms))
    if run.penalty_ms:
        line += " " + _("(penalties {penalty})").format(penalty=trial_seconds(run.penalty_ms))
    return line


def trial_result_lines(run, per_line: int = 1) -> list[str]:
    """A trial that is over in lines: finished or ended, the total and the penalties, each
    game's time and result (``per_line`` games a line, joined by semicolons), and the trial
    code to share."""
    lines = [_("Trial finished: {total}").format(total=trial_seconds(run.total_ms)) if run.finished else
             _("Trial ended after {played} of {count} games: {total}").format(
                 played=len(run.results), count=run.count, total=trial_seconds(run.total_ms))]
    lines.append(_("Games {played}, penalties {penalty}").format(
        played=trial_seconds(run.played_ms), penalty=trial_seconds(run.penalty_ms)))
    games = []
    for i, result in enumerate(run.results, 1):
        state = _("won") if result.won else _("lost")
        if not result.won and not run.code.trial_set.loss_ends:
            state = _("lost, +{penalty}").format(penalty=trial_seconds(result.penalty_ms))
        games.append(_("{index}. {level}: {time} ({state})").format(
            index=i, level=level_name(result.level), time=trial_seconds(result.time_ms), state=state))
    lines += ["; ".join(games[i:i + per_line]) for i in range(0, len(games), per_line)]
    lines.append(_("Trial code: {code}").format(code=run.code.text()))
    return lines
