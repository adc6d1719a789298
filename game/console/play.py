"""The console game: ``python main.py --console``, faithful to the C assignment.

One command per line on standard input; the board is printed after each move, two
characters a cell, with 0-based row numbers down the side and column numbers read
downwards across the top (tens above units), so every standard level's screen fits
80x24; a board over 10,000 cells is shown 40 rows by 60 columns at a time, around the last
cell played (``v ROW COL`` shows another part, and ``h`` says so: game.console.text.view). Output is flushed after
every command, so the game can be driven through a pipe::

    printf 'r 4 4\\nf 0 0\\nq\\n' | python main.py --console --seed 1

On a terminal the board is coloured (never into a pipe, nor with NO_COLOR set). A
finished game is recorded before its result is printed, under the system user name; a
best time asks for another name when the input is a terminal. A game left after its
first reveal (``n``, ``q``, end of input, Ctrl-C) is recorded as an abandoned loss.
Input lines that are not valid text are unknown commands. Everything the console says is in
the language in use (game.i18n); the commands are the same letters in every language, and
``d`` (destapar) and ``m`` (marcar) reveal and flag too, for Spanish players. No pygame here.
"""

from __future__ import annotations

import signal
import sqlite3
import sys
from typing import BinaryIO, Callable, Sequence, TextIO

from game.rules.board import Cell
from game.boardfile import from_game, save_board
from game.console.text import render, summary, view, wants_colour
from game.midend.deal import first_click_of
from game.i18n import N_, _, percent
from game.interrupts import HeldSignals, catch_sigterm
from game.midend.match import Match
from game.messages import describe, file_name, os_error_text
from game.rules.moves import CHORD, FLAG, REVEAL, Move
from game.records.db import RecordsError
from game.records.record import clean_name, code_text, default_player_name
from game.records.notes import SCRIPTED
from game.records.recording import is_in_progress
from game.records.settings import Settings
from game.midend.trial import TrialRun
from game.replay.race import Race, gap_text, outcome_text
from game.session import Session, min_bv_table, trial_played, trial_progress, trial_result_lines
from game.solver.problem import fmt

PROGRESS_WIDTH = 80  # characters of the no-guess progress line on stderr
# console command -> the move it makes; d (destapar) and m (marcar) are the Spanish letters,
# taken in every language (no English command uses them)
COMMANDS = {"r": REVEAL, "d": REVEAL, "f": FLAG, "m": FLAG, "c": CHORD}
# The h command's text (translated when shown: the Spanish lists d and m); at most 80
# columns and under 24 lines in every language.
HELP = N_("""commands (ROW and COL are 0-based numbers):
  r ROW COL   reveal a cell
  f ROW COL   flag cycle: flag, question mark (if on), none
  c ROW COL   chord: reveal around a number whose flags are all placed
  s FILE      save the position as .mine (covered H, flags F, no mines)
  u           undo: take the last move back (then never a win nor a best)
  y           redo: play again the move taken back last
  n           new game      q  quit      h  this help
n, q, Ctrl+C or end of input after the first reveal record the game as a loss
column numbers read downwards: on a wide board the tens digit is above the units
symbols: # covered  F flag  ? question  . empty  1-8 mines around
         * mine  X the mine that exploded  x wrong flag""")
# The h command's line for the start cell's symbol (game.console.text.render), after HELP.
HELP_START = N_("         @ the start cell of a board code or a daily board: reveal it first")
# The h command's last line on a board printed in part (game.console.text.view).
HELP_VIEW = N_("  v ROW COL   view: this board is shown in part; show the part around a cell")


Ask = Callable[[str], str | None]  # ask(question) -> the line typed, or None


class ConsoleGame:
    """Reads commands, makes them moves of a :class:`game.midend.match.Match`, writes the board back.

    Args:
        match: the match to play (its game, log, undo); ``n`` starts its next board.
        out: where the board and messages go (flushed after each).
        session: the run's game.session.Session, as the window's: ``n`` is its
            :meth:`~game.session.Session.new_game`, the 3BV filter's miss its
            :meth:`~game.session.Session.filter_note`, and, unless ``on_end`` and
            ``on_abandon`` are given, an end is its :meth:`~game.session.Session.finished`
            (the first note) and a game left its :meth:`~game.session.Session.abandon`
            (when it has records). Default: a Session of its own, recording nothing.
        on_end: ``on_end(match) -> note`` is called each time a command (a move, or a redo
            after an undo) ends the game, won or lost (the records hook: the session keeps
            each game one row, game.session.Session.finished), before the board and the
            result are printed, so the game is saved before the player reads that it was
            won; its note (a best time, a save failure) follows the result.
        ask_name: ``ask_name(ask) -> note`` is called after every finished game's
            result: for a best time it may ask the name to keep it under with
            ``ask(question) -> answer`` (None at end of input), or, with ``ask`` None
            because the input is not a terminal (reading would take the next command),
            say that no name was asked.
        on_abandon: ``on_abandon(match) -> note`` records a game the player leaves while
            it is in progress (after its first reveal, not over): ``n``, ``q``, end of
            input or Ctrl-C. Its note (a save failure) is printed; None means recorded.
        colour: ANSI colours in the board (see :func:`wants_colour`).
        after_end: ``after_end() -> note`` is called once the result is printed, for slow
            work that must not hold the result back nor the record (the figures); its note
            ("figures pending") is printed.
        kept: the files the game keeps (game.records.paths.kept_files), which ``s FILE``
            refuses to write over.
        scripted: the records take its games as a script's (input read from a pipe or a
            file): they count in no statistic, and ``u`` says so rather than how a loss counts.

    A move and its record are made with SIGINT and SIGTERM held (game.interrupts): a Ctrl-C
    right after the winning move stops the program only once the game is in the records.
    """

    def __init__(self, match: Match, out: TextIO, on_end: Callable[[Match], str | None] | None = None,
                 colour: bool = False, ask_name: Callable[[Ask | None], str | None] | None = None,
                 on_abandon: Callable[[Match], str | None] | None = None,
                 after_end: Callable[[], str | None] | None = None, kept: Sequence = (),
                 scripted: bool = False, session: Session | None = None, race=None):
        self.match = match
        self.race = race  # a game.replay.race.Race (--race): the gap after each move, who won at the end
        self.session = Session() if session is None else session
        if session is not None:
            on_end = on_end or (lambda match: next(iter(session.finished(match)), None))
            if on_abandon is None and session.records is not None:
                on_abandon = session.abandon
        self.scripted = scripted
        self.kept = kept
        self.game = match.game  # its position, read only (the same object for every board)
        self.out = out
        self.colour = colour
        self.on_end = on_end
        self.ask_name = ask_name
        self.on_abandon = on_abandon
        self.after_end = after_end
        self.focus: Cell | None = None  # the cell a big board's view is centred on (console_text.view)
        self._lines: TextIO | None = None  # the input while run() reads it
        self._terminal = False  # the input is a terminal: questions may read a line

    def say(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def run(self, lines: TextIO, prompt: bool = False) -> int:
        """Play until ``q`` or end of input; returns exit status 0.

        ``lines.readline()`` gives one line ('' at end of input); a line it cannot
        decode (UnicodeDecodeError, see :class:`ByteLines`) is answered as an unknown
        command and the game goes on. ``prompt``: the input is a terminal, so ``> ``
        is printed before each command and the best-time name is asked.

        Raises:
            KeyboardInterrupt: Ctrl-C, passed on (``main.py`` exits with status 130)
                after a game in progress is recorded as abandoned.
            OSError, or any other error: passed on, after a game in progress is recorded
                as abandoned (without a word: the output may be what failed).
        """
        self._lines, self._terminal = lines, prompt
        self.show()
        try:
            while True:
                if prompt:
                    self.out.write("> ")
                    self.out.flush()
                try:
                    line = lines.readline()
                except UnicodeDecodeError as err:
                    self.say(_("unknown command: the line is not {encoding} text; type h for help")
                             .format(encoding=err.encoding))
                    continue
                if not line:
                    self.leave()
                    self.stop_trial()
                    return 0
                if self.handle(line) is False:
                    return 0
        except KeyboardInterrupt:
            if prompt and is_in_progress(self.game):
                self.out.write("\n")  # off the line where the terminal echoed ^C
            self.leave()
            raise
        except BaseException:  # the output failed (a full disk...): the game in progress is still recorded
            if self.on_abandon is not None and is_in_progress(self.game):
                self.on_abandon(self.match)
            raise

    def show(self) -> None:
        """Print the board (on a big board, the part around :attr:`focus`) and its status line,
        then, once a board, the 3BV filter's miss (:meth:`say_filter_missed`); in a time trial
        whose game is in play, the trial's line (game number, total, penalties) first."""
        if self.session.in_trial(self.match) and not self.game.over:
            self.say(trial_progress(self.session.trial, self.match.elapsed * 1000))
        self.say(render(self.match, self.colour, self.focus))
        self.say_filter_missed()

    def say_trial(self) -> None:
        """After a game of a time trial ended: the trial's line and what next, or, once the
        trial is over, its result (game.session.trial_result_lines) and a save failure."""
        run = self.session.trial
        if run is None or not getattr(self.match, "trial", None) or run.code.text() != self.match.trial:
            return
        if run.over:
            for line in trial_result_lines(run):
                self.say(line)
            return
        self.say(trial_played(run) + " " + _("n for the next game, q to stop the trial"))

    def stop_trial(self) -> None:
        """The player leaves while a trial is in play (``q``, end of input): the trial ends
        there and is recorded (game.session.Session.end_trial), and its result is printed."""
        if not self.session.in_trial():
            return
        run = self.session.trial
        note = self.session.end_trial()
        if run.results:
            for line in trial_result_lines(run):
                self.say(line)
        if note:
            self.say(describe(note))

    def leave(self) -> None:
        """The player leaves the game: one in progress is recorded as an abandoned loss
        (``on_abandon``) and one line says so. A game before its first reveal, or over,
        is left alone."""
        if self.on_abandon is None or not is_in_progress(self.game):
            return
        note = self.on_abandon(self.match)
        if note is None:
            self.say(_("Game abandoned: recorded as a loss."))
        else:
            self.say(_("Game abandoned: a loss, but not saved."))
            self.say(describe(note))
        if self.race is not None and self.match.race is not None:  # a race left: the ghost wins it
            self.say(outcome_text(self.race.result(self.match, abandoned=True), self.race.ghost.shown_name()))
        later = self.after_end() if self.after_end else None
        if later:
            self.say(describe(later))

    def ask(self, question: str) -> str | None:
        """Print ``question`` without a newline and read one line as the answer.

        Returns:
            the line without its line ending; None at end of input or for a line that
            is not text (said in one line), or when :meth:`run` is not reading input.
        """
        if self._lines is None:
            return None
        self.out.write(question)
        self.out.flush()
        try:
            line = self._lines.readline()
        except UnicodeDecodeError as err:
            self.say(_("that answer is not {encoding} text; kept the default").format(encoding=err.encoding))
            return None
        if not line:
            self.say("")  # end of input (Ctrl-D): finish the question's line
            return None
        return line.rstrip("\r\n")

    def handle(self, line: str) -> bool:
        """Apply one command line; False means quit."""
        words = line.split()
        if not words:
            return True
        command, rest = words[0].lower(), words[1:]
        if command == "q":
            self.leave()
            self.stop_trial()
            return False
        if command == "h":
            self.say(_(HELP))
            self.say(_(HELP_START))
            if view(self.game.rows, self.game.cols) != (range(self.game.rows), range(self.game.cols)):
                self.say(_(HELP_VIEW))
        elif command == "n":
            trial = self.session.in_trial(self.match) and not self.game.over
            self.leave()
            if trial:  # left in progress: the trial ended with it (game.session.Session.abandon)
                self.say_trial()
            self.match = self.session.new_game(self.match)
            self.game = self.match.game  # a time trial's next board is a match of its own
            self.focus = None
            self.show()
        elif command == "s":
            self.save(" ".join(rest))
        elif command == "v":
            cell = self.parse_cell(command, rest)
            if cell is not None:
                self.focus = cell
                self.show()
        elif command == "u":
            self.undo()
        elif command == "y":
            self.redo()
        elif command in COMMANDS:
            self.move(command, rest)
        else:
            self.say(_("unknown command {command}; type h for help").format(command=repr(words[0])))
        return True

    def move(self, command: str, rest: list[str]) -> None:
        cell = self.parse_cell(command, rest)
        if cell is None:
            return
        self.focus = cell
        if self.game.over:
            self.say(_("the game is over: n for a new game, q to quit"))
            return
        move = Move(COMMANDS[command], cell)
        if self.match.refuses(move):  # a code's board: its first reveal is at its start cell
            self.say(_("start at the marked cell {cell}").format(cell=fmt(self.match.start)))
            return
        self.play(lambda: self.match.command(move))

    def play(self, act: Callable[[], object]) -> None:
        """Make a move by ``act()`` (a command, or a redo) in a game not over, show the board,
        and when it ended the game, record it and print the result, as for any end."""
        # The move and, if it ends the game, its record, with Ctrl-C held: an interrupt
        # between the two would leave a game over (nothing to abandon) and not recorded.
        with HeldSignals():
            act()
            ended = self.game.over
            if ended:
                # Recorded before the player is told: a kill between the two must not lose a
                # game the player was told was won.
                note = self.on_end(self.match) if self.on_end else None
        self.show()
        racing = self.race is not None and self.match.race is not None
        if racing:
            self.say_gap()
        if not ended:
            return
        self.say(summary(self.match, code_text(self.match)))  # the code: anyone opens the same board with --code
        if racing:
            self.say(outcome_text(self.race.result(self.match), self.race.ghost.shown_name()))
        if note:
            self.say(describe(note))
        later = self.after_end() if self.after_end else None
        if later:
            self.say(describe(later))
        if self.ask_name:
            note = self.ask_name(self.ask if self._terminal and self._lines is not None else None)
            if note:
                self.say(describe(note))
        self.say_trial()

    def say_gap(self) -> None:
        """A race's line after a move (--race): the gap at equal 3BV (game.replay.race.gap_text:
        "+1.234 s" behind) and both games' 3BV solved at the player's game time."""
        race = self.race
        race.follow(self.match)
        ghost, now = race.ghost, self.match.ms
        you = race.progress.solved[-1] if race.progress.solved else 0
        self.say(_("race: gap {gap}; 3BV you {you}/{bbbv}, {name} {theirs}/{bbbv}").format(
            gap=gap_text(race.gap()), you=you, bbbv=ghost.progress.bbbv, name=ghost.shown_name(),
            theirs=ghost.solved_at(now)))

    def say_filter_missed(self) -> None:
        """One line, once a board, when the 3BV filter found no board at its minimum
        (game.session.Session.filter_note, as the window's box)."""
        missed = self.session.filter_note(self.match)
        if missed is not None:
            self.say(describe(missed))

    def undo(self) -> None:
        """``u``: take back the last move (game.midend.match.Match.undo) and show the board as it was
        before it, with how the game counts now. The game stays one row of the records
        (game.session.Session.finished): after a loss with no undo before, it counts as that
        loss whatever follows; otherwise a game with an undo counts in no statistic. A time
        trial's game takes no move back (its clock is the trial's)."""
        if self.match.trial:
            self.say(_("a time trial takes no move back"))
            return
        if not self.match.can_undo:
            self.say(_("u takes back the last move; there is no move to take back")
                     if not self.game.over else _("the game is won: n for a new game, q to quit"))
            return
        lost = self.game.over
        self.match.undo()
        self.show()
        taken = _("The losing move is taken back.") if lost else _("The move is taken back.")
        if self.scripted:  # counted nowhere from the start, whatever the undo
            counts = _(SCRIPTED)
        elif self.match.lost_before_undo:
            counts = _("The loss stays counted: however it ends now, this game counts as that loss.")
        else:
            counts = _("This game now counts in no statistic.")
        self.say(f"{taken} {counts}")

    def redo(self) -> None:
        """``y``: play again the move taken back last (game.midend.match.Match.redo); a redo that ends
        the game is recorded and its result printed as any end (:meth:`play`)."""
        if not self.match.can_redo:
            self.say(_("y plays again a move taken back; there is none"))
            return
        self.play(self.match.redo)

    def parse_cell(self, command: str, rest: list[str]) -> Cell | None:
        last_row, last_col = self.game.rows - 1, self.game.cols - 1
        if len(rest) != 2:
            self.say(_("usage: {command} ROW COL (two numbers: row 0..{last_row}, column 0..{last_col})")
                     .format(command=command, last_row=last_row, last_col=last_col))
            return None
        try:
            row, col = int(rest[0]), int(rest[1])
        except ValueError:
            self.say(_("ROW and COL must be whole numbers: row 0..{last_row}, column 0..{last_col}")
                     .format(last_row=last_row, last_col=last_col))
            return None
        if not self.game.on_board((row, col)):
            self.say(_("{cell} is off the board: row 0..{last_row}, column 0..{last_col}")
                     .format(cell=fmt((row, col)), last_row=last_row, last_col=last_col))
            return None
        return row, col

    def save(self, path: str) -> None:
        if not path:
            self.say(_("usage: s FILE (for example s position.mine)"))
            return
        try:
            save_board(path, from_game(self.game, with_mines=False), self.kept)
        except OSError as err:
            self.say(_("could not save {path}: {error}").format(path=file_name(path), error=os_error_text(err)))
            return
        except ValueError as err:
            self.say(_("could not save {path}: {error}").format(path=file_name(path), error=describe(err)))
            return
        self.say(_("saved the position to {path}").format(path=file_name(path)))


class ByteLines:
    """The lines of a binary stream, each decoded on its own: ``readline() -> str``.

    A text stream decodes ahead of the line asked for, so one invalid byte would make
    every later read fail too; here a line that is not ``encoding`` text raises
    UnicodeDecodeError for itself alone and the next line reads normally.

    Args:
        raw: a binary stream (``sys.stdin.buffer``).
        encoding: the text encoding of the input (``sys.stdin.encoding``: the locale, or
            ``PYTHONIOENCODING``).
    """

    def __init__(self, raw: BinaryIO, encoding: str):
        self.raw = raw
        self.encoding = encoding

    def readline(self) -> str:
        """The next line with its newline, '' at end of input.

        Raises:
            UnicodeDecodeError: the line is not valid text in ``encoding``.
        """
        return self.raw.readline().decode(self.encoding)


def run_session(args) -> Session:
    """The console's :class:`game.session.Session`: the command line's ``--seed`` (the first
    board's; a chosen seed makes every board of the run predictable, so they are known
    layouts and never enter the best times), ``--min-bv`` (the 3BV filter, every level),
    ``--code`` or ``--daily`` (the first board: game.session.Session.first_code), ``--race``
    (the replay's board, raced: game.session.Session.first_race), ``--trial`` or ``--trial-set``
    (the time trial played: game.session.Session.start_trial) and the no-guess progress line."""
    day = getattr(args, "daily_day", None)
    session = Session(rng=args.rng, first_seed=args.seed, seeded=args.seed is not None, progress=generation_progress,
                   min_bv=min_bv_table(getattr(args, "min_bv", None)), first_code=getattr(args, "board_code", None),
                   first_daily=None if day is None else day.isoformat(), first_race=getattr(args, "race_ghost", None))
    if getattr(args, "trial_code", None) is not None:  # --trial, --trial-set: its boards come first
        session.start_trial(TrialRun(args.trial_code))
    return session


def make_match(args, session: Session, settings: Settings | None = None) -> Match:
    """The match the command line asks for: a loaded board, a level, custom, or Beginner;
    Beginner (``--difficulty beginner`` or none) is the one ``settings`` choose
    (Settings.level_config, as the window's menu: ``--beginner-size``, else the Options' choice)."""
    settings = (settings or Settings()).with_beginner_of(args)
    config = settings.board_of_run(args) or settings.level_config(
        "beginner", first_click=first_click_of(args.first_click, args.no_guess), questions=args.questions,
        no_guess=args.no_guess)
    return session.new_match(config, board=args.loaded)


def generation_progress(progress: tuple[int, float] | None) -> None:
    """A big no-guess board's progress on one stderr line, rewritten in place (None: done,
    the line is cleared). Ctrl-C stops the generation like any other command."""
    if progress is None:
        sys.stderr.write("\r" + " " * PROGRESS_WIDTH + "\r")
    else:
        passes, share = progress
        line = _("Generating a no-guess board: {percent} solved, pass {passes} (Ctrl+C stops)").format(
            percent=percent(int(100 * share) / 100, 0), passes=passes)
        sys.stderr.write("\r" + line.ljust(PROGRESS_WIDTH))
    sys.stderr.flush()


class ConsoleRecords:
    """The console's side of the records (hooks for :class:`ConsoleGame`).

    The console records its games under ``name``, by default the system user name, and
    asks for another at a best time; the window's last typed name (the settings'
    ``player_name``) is neither used nor changed.

    Args:
        records: the open records and settings (game.records.recording.Records).
        name: the name games are recorded under (default: the system user name).
    """

    def __init__(self, records, name: str | None = None):
        self.records = records
        self.name = default_player_name() if name is None else clean_name(name)
        self._last: tuple[int | None, int | None] = (None, None)  # (record id, rank) of the last game

    def finish(self, match: Match, log: dict | None = None) -> str | None:
        """Record a won or lost game under :attr:`name` (:meth:`Records.finish
        <game.records.recording.Records.finish>`) with its move ``log`` (default:
        ``match.log_data()``), for a ConsoleGame without a session (``--console`` records
        through its game.session.Session, under the same name, and tells :meth:`recorded`);
        returns "New best time: #N", the save failure, for a win left out of the best times
        why, or None."""
        note = self.records.finish(match, name=self.name, log=match.log_data() if log is None else log)
        self.recorded(match)
        return note

    def recorded(self, match: Match, log: dict | None = None) -> None:
        """The session's hook (game.session.Session.hooks): a game was just recorded; its
        record and rank are the ones :meth:`ask_name` asks about. Says nothing (None)."""
        self._last = (self.records.last_record_id, self.records.last_rank)

    def abandon(self, match: Match) -> str | None:
        """Record a game left in progress as an abandoned loss, under :attr:`name`
        (:meth:`Records.abandon <game.records.recording.Records.abandon>`): a game before its
        first reveal, or over, is left alone. Returns the save failure or None."""
        return self.records.abandon(match, name=self.name, log=match.log_data())

    def ask_name(self, ask: Ask | None) -> str | None:
        """After a best time, ask for the name to keep it under; returns a note or None.

        ``ask`` None (the input is not a terminal): the name stays and the note says so.
        An empty answer or end of input keeps the name; an answer is cleaned as every
        player name is (:func:`game.records.record.clean_name`).
        """
        record_id, rank = self._last
        self._last = (None, None)  # asked once per game
        if record_id is None or rank is None:
            return None
        if ask is None:
            return _("Best time saved under {name} (input is not a terminal, so no name was asked).").format(
                name=self.name)
        answer = ask(_("Name for the best times [{name}]: ").format(name=self.name))
        if answer is None or not answer.strip():
            return None
        name = clean_name(answer)
        if name == self.name:
            return None
        try:
            self.records.store.set_name(record_id, name)
        except RecordsError as err:
            return _("The best time stays under {name}: {error}").format(name=self.name, error=describe(err))
        except sqlite3.Error as err:
            return _("The best time stays under {name}: the name could not be saved ({error}).").format(
                name=self.name, error=os_error_text(err))
        return None


def run_console(args, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Entry point for ``--console``; returns the process exit status."""
    from game.records import open_records
    from game.records.paths import kept_files

    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    raw = getattr(stdin, "buffer", None)  # a real stream: read bytes, so a bad line is only that line
    lines = stdin if raw is None else ByteLines(raw, stdin.encoding or "utf-8")
    session = run_session(args)
    # Figures once the result is printed (big boards' left pending: figures_after). A game
    # read from a pipe or a file is a script's: recorded, never in a best or a streak.
    records = open_records(args.data_dir, figures_mode="after", input="terminal" if stdin.isatty() else "script")
    try:
        match = make_match(args, session, records.settings)
    except BaseException:
        records.close()
        raise
    hooks = ConsoleRecords(records)
    session.records, session.name = records, hooks.name  # it records each end (Session.finished)
    session.hooks.append(hooks.recorded)  # the best time's name is asked of the game recorded
    console = ConsoleGame(match, out, session=session, ask_name=hooks.ask_name,
                          colour=wants_colour(out), after_end=records.figures_after,
                          kept=kept_files(args.data_dir), scripted=records.input == "script",
                          race=None if getattr(args, "race_ghost", None) is None else Race(args.race_ghost))
    previous = catch_sigterm()  # SIGTERM leaves as Ctrl-C does: a game in progress is recorded
    try:
        return console.run(lines, prompt=stdin.isatty())
    finally:
        records.close()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
