"""The command line shared by the window game and the console game.

``parse_args`` validates everything before any window opens: a bad value gets an
argparse message naming the option and what is allowed, and exit status 2. A
``--board`` file that cannot be played (missing, not a regular file, too large, does
not parse, a position) is not a usage mistake: it gets one line,
``python main.py: error: --board FILE: ...``, and status 2, without the usage block,
as ``--analyse`` errors do.

Every word is in the language the run speaks (:func:`starting_language`): the help, our
errors, and argparse's own ("usage:", "options", "invalid choice"...), which argparse looks up
through gettext at the moment it prints them (see :func:`speak_our_language`). The option
names, their choices (``expert``) and ``last`` are the same in every language.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from dataclasses import replace
from typing import Callable, NoReturn, Sequence

from game import NAME, PROG, __version__
from game.rules.board import BEGINNER_SIZES, DIFFICULTIES, FIRST_CLICK_RULES, MAX_SIDE, Config, max_mines
from game.midend.boardcode import CodeError, decode
from game.midend.daily import DAILY_LEVELS, FIRST_DAY, DailyError, check_day, daily_code, parse_day, today
from game.midend.deal import SEED_RANGE, first_click_of
from game.midend.trial import SETS as TRIAL_SETS, TrialError, new_trial, parse_set, trial_of
from game import i18n
from game.i18n import LANGUAGES, LEVEL_NAMES, N_, _, catalogue, count, set_language, system_language
from game.messages import describe, error_line, file_name, os_error_text
from game.records.settings import SPEECH_MODES, THEME_CHOICES

# The largest values the game options take: the largest board's (any board is checked
# again by game.rules.board.Config); a board's 3BV is at most its cell count
MOST_MINES = max_mines(MAX_SIDE, MAX_SIDE)
MOST_BV = MAX_SIDE * MAX_SIDE
MINE_FILE_HELP = N_(".mine text (JSMinesweeper) or .mbf binary (Minesweeper X / Arbiter)")


def speak_our_language() -> None:
    """Make argparse's own words ours: argparse calls ``_`` (gettext.gettext) and ``ngettext``
    from its module namespace each time it formats a usage line, a heading or an error, so
    pointing those two names at game.i18n makes them follow the language in use (a process
    default set by gettext.textdomain would not: our catalogue is not the "messages" domain,
    and the language can change while the program runs). Their msgids are listed in
    game/argparse_messages.py so Babel extracts them. Idempotent."""
    argparse._ = i18n._
    argparse.ngettext = i18n.ngettext


def positive_int(value: str) -> int:
    """argparse type for a count: a whole number of at least 1.

    Raises:
        argparse.ArgumentTypeError: not a whole number, or below 1.
    """
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{value} is not a whole number").format(value=repr(value))) from None
    if number < 1:
        raise argparse.ArgumentTypeError(_("{number} is too small: give 1 or more").format(number=number))
    return number


def number_between(low: float, high: float):
    """An argparse type for a number (a scale, say) from ``low`` to ``high``, ends included.

    The type it returns raises argparse.ArgumentTypeError for text that is not a number, or
    a number outside the range (NaN too), naming what is allowed."""
    def between(value: str) -> float:
        try:
            number = float(value)
        except ValueError:
            raise argparse.ArgumentTypeError(_("{value} is not a number").format(value=repr(value))) from None
        if not low <= number <= high:
            raise argparse.ArgumentTypeError(_("{number} is out of range: give {low} to {high}").format(
                number=f"{number:g}", low=f"{low:g}", high=f"{high:g}"))
        return number
    return between


def whole_between(low: int, high: int):
    """An argparse type for a whole number from ``low`` to ``high``, ends included (``--rows``,
    ``--seed``...): what the game can play and the records can store (an SQLite INTEGER is 64
    bits), so a value beyond it never reaches them.

    The type it returns raises argparse.ArgumentTypeError, naming the range (its numbers
    grouped the language's way, game.i18n.count), for text that is not a whole number and
    for a number outside the range, even one too long for ``int()`` (over 4,300 digits)."""
    def between(value: str) -> int:
        text = value.strip()
        try:
            number = int(text)
        except ValueError:
            if not WHOLE.fullmatch(text):
                raise argparse.ArgumentTypeError(_("{value} is not a whole number: give {low} to {high}").format(
                    value=repr(_cut(value)), low=count(low), high=count(high))) from None
            number = None  # digits beyond int()'s limit: out of any range
        if number is None or not low <= number <= high:
            raise argparse.ArgumentTypeError(_("{number} is out of range: give {low} to {high}").format(
                number=_cut(text), low=count(low), high=count(high)))
        return number
    return between


WHOLE = re.compile(r"[+-]?[0-9](_?[0-9])*")  # a whole number as int() reads it (ASCII digits)
SHOWN_CHARS = 40  # at most this much of a value is repeated in an error


def _cut(text: str) -> str:
    """``text`` as an error repeats it: at most SHOWN_CHARS characters."""
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS - 3] + "..."


BUDGET = 25.0  # seconds --analyse, --win-chance and --review take at most by default, besides starting and printing
# (issue 34: a 1000x1000 board's review or analysis within 30 s; docs/review-and-solver.md)
MAX_BUDGET = 10 ** 6  # seconds: the most --budget takes (0 is no limit)


def command_budget(args) -> float | None:
    """The seconds ``--analyse``, ``--win-chance`` or ``--review`` may take: ``args.budget`` (``--budget``), else
    :data:`BUDGET`; None for ``--budget 0`` (no limit)."""
    budget = getattr(args, "budget", None)
    if budget is None:
        return BUDGET
    return budget or None


def non_empty(value: str) -> str:
    """argparse type for a file or folder name: refuses "" (which would silently mean
    "not given").

    Raises:
        argparse.ArgumentTypeError: the value is empty.
    """
    if not value.strip():
        raise argparse.ArgumentTypeError(_("must not be empty: give a file or folder name"))
    return value


def file_error(parser: argparse.ArgumentParser, message: str) -> NoReturn:
    """Stop with status 2 and ``python main.py: error: MESSAGE`` on one line.

    For a file named on the command line that cannot be used: the options were given
    rightly, so the usage block argparse's ``error`` prints first would only hide the
    message (the same form as --analyse's errors).
    """
    parser.exit(2, error_line(message, parser.prog))


def _size(rows: int, cols: int) -> str:
    """A board size as the game says it: 9x9 when square, else 16 rows x 30 columns."""
    if rows == cols:
        return f"{rows}x{cols}"
    return _("{rows} rows x {cols} columns").format(rows=rows, cols=cols)


# What else --difficulty takes for a level: besides the keys (a contract, in every language)
# and each level's name in every language (principiante, intermedio, avanzado), Windows' older
# Spanish name for Expert, which a Spanish player may well type
LEVEL_ALIASES = {"experto": "expert"}


def _level_word(key: str) -> str:
    """A standard level as --difficulty names it in the language in use: its name lowercased
    ("principiante"); in English its key, as always ("beginner")."""
    msgid = LEVEL_NAMES[key]
    words = _(msgid)
    return key if words == msgid else words.lower()


def difficulty(value: str) -> str:
    """argparse type for --difficulty: the level's key for a key, for a level's name in any
    language (any case) or an alias (LEVEL_ALIASES); a word it does not know is refused with
    the levels named in the language in use (in English argparse's own refusal, unchanged).

    Raises:
        argparse.ArgumentTypeError: not a level, in a language other than English.
    """
    if value in DIFFICULTIES:
        return value
    words = dict(LEVEL_ALIASES)
    for code in LANGUAGES:
        words.update({catalogue(code).gettext(LEVEL_NAMES[key]).lower(): key for key in DIFFICULTIES})
    key = words.get(value.strip().lower())
    if key is not None:
        return key
    if _level_word("beginner") == "beginner":
        return value  # English: argparse's refusal, listing the keys
    raise argparse.ArgumentTypeError(_("invalid choice: %(value)r (choose from %(choices)s)") % {
        "value": value, "choices": ", ".join(repr(_level_word(key)) for key in DIFFICULTIES)})


# --first-click's rules and --theme's themes by their Spanish names too (a player types the
# word the help names), accents optional; the English keys always
FIRST_CLICK_WORDS = {"apertura": "opening", "segura": "safe", "clásica": "classic", "clasica": "classic"}
THEME_WORDS = {"clásico": "classic", "clasico": "classic", "oscuro": "dark", "contraste": "contrast",
               "alto contraste": "contrast"}


def named_choice(keys: Sequence[str], words: dict[str, str]) -> Callable[[str], str]:
    """An argparse type for a choice among ``keys`` that also takes each key's Spanish name
    (``words``: name -> key, any case, the first name of a key the one shown); another word
    is refused naming the keys and, in a language other than English, each key's name there
    (in English argparse's own refusal, listing the keys).

    The function returned raises argparse.ArgumentTypeError for a word it does not know, in
    a language other than English."""
    def choice(value: str) -> str:
        if value in keys:
            return value
        key = words.get(value.strip().lower())
        if key is not None:
            return key
        if _level_word("beginner") == "beginner":
            return value  # English: argparse's refusal, listing the keys
        names: dict[str, str] = {}
        for word, named in words.items():
            names.setdefault(named, word)
        raise argparse.ArgumentTypeError(_("invalid choice: %(value)r (choose from %(choices)s)") % {
            "value": value, "choices": ", ".join(f"{key!r} ({names[key]})" for key in keys)})
    return choice


first_click_rule = named_choice(FIRST_CLICK_RULES, FIRST_CLICK_WORDS)  # --first-click's type


def daily_level(value: str) -> str:
    """argparse type for ``--daily``'s LEVEL: a level of game.midend.daily.DAILY_LEVELS by its
    key, a Beginner board as ``--beginner-size`` spells it (``9x9``, ``8x8``), or a level's
    name in any language (``principiante``, ``avanzado``: as ``--difficulty`` takes it).

    Raises:
        argparse.ArgumentTypeError: no daily board has that level; the message names the
            levels allowed.
    """
    word = value.strip().lower()
    if word in DAILY_LEVELS:
        return word
    if word in BEGINNER_SIZES:
        return BEGINNER_SIZES[word]
    words = dict(LEVEL_ALIASES)
    for code in LANGUAGES:
        words.update({catalogue(code).gettext(LEVEL_NAMES[key]).lower(): key for key in DIFFICULTIES})
    if word in words:
        return words[word]
    raise argparse.ArgumentTypeError(describe(DailyError(
        N_("{level} has no daily board; allowed {allowed}"), level=repr(_cut(value)),
        allowed=", ".join([*DAILY_LEVELS, *BEGINNER_SIZES]))))


def day_value(value: str):
    """argparse type for ``--date``: a date written YYYY-MM-DD (its range is checked after
    parsing: game.midend.daily.check_day).

    Raises:
        argparse.ArgumentTypeError: not such a date; the message shows the form.
    """
    try:
        return parse_day(_cut(value))
    except DailyError as err:
        raise argparse.ArgumentTypeError(describe(err)) from None
theme_name = named_choice(THEME_CHOICES, THEME_WORDS)  # --theme's type


def difficulty_help() -> str:
    """``--difficulty``'s help: each level's size (rows x columns, as the menu and the
    README say it) and mines, from DIFFICULTIES."""
    levels = [(_("{level} {size} with {mines} mines") if i == 0 else _("{level} {size} with {mines}"))
              .format(level=_level_word(name), size=_size(r, c), mines=m)
              for i, (name, (r, c, m)) in enumerate(DIFFICULTIES.items())]
    return _("standard level: {levels}").format(levels=", ".join(levels))


def starting_language(argv: Sequence[str]) -> str:
    """The language a run speaks from its first word (``--help`` and argparse's errors
    included): ``--lang`` if ``argv`` gives a valid one, else the one saved in the settings
    (of ``--data-dir`` or MINESWEEPER_DATA_DIR if given; the file is only read, never made),
    else the system's (:func:`game.i18n.system_language`). Never raises: an unreadable
    settings file is reported later, when the game opens it."""
    given = _option_value(argv, "--lang")
    if given in LANGUAGES:
        return given
    try:
        from game.records.paths import SETTINGS_NAME, config_dir
        path = config_dir(_option_value(argv, "--data-dir"), create=False) / SETTINGS_NAME
        saved = json.loads(path.read_bytes().decode("utf-8")).get("language") if path.is_file() else None
    except Exception:  # a missing folder, a bad file: the game says so once it opens the settings
        saved = None
    return saved if saved in LANGUAGES else system_language()


def _option_value(argv: Sequence[str], option: str) -> str | None:
    """The value given to ``option`` in ``argv`` (``--opt V`` or ``--opt=V``; the last wins), before parsing."""
    value = None
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word == option and i + 1 < len(argv):
            value = argv[i + 1]
        elif word.startswith(option + "="):
            value = word[len(option) + 1:]
    return value


def build_parser() -> argparse.ArgumentParser:
    """The parser for ``python main.py``, in the language in use; see docs/command-line.md for every option.

    Help texts and metavars are translated here, when the parser is built (after the run's
    language is set); the option names and their choices stay as they are.
    """
    speak_our_language()
    file_ = _("FILE")
    game_or_file = _("ID|last|FILE")
    parser = argparse.ArgumentParser(
        prog=PROG,
        description=_("Minesweeper: the classic game in a window, in a terminal (--console), "
                      "a solver that explains positions (--analyse) and reviews games (--review)."))
    mode = parser.add_argument_group(_("mode"))
    mode.add_argument("--console", action="store_true", help=_("play in the terminal instead of a window"))
    mode.add_argument("--analyse", metavar=file_, type=non_empty,
                      help=_("print mine probabilities and the best move for a .mine position"))
    mode.add_argument("--win-chance", metavar=file_, type=non_empty,
                      help=_("print the chance of winning from a .mine position: exact with best play for "
                             "small positions, else an estimate from the solver's play with its confidence interval"))
    mode.add_argument("--review", metavar=game_or_file, type=non_empty,
                      help=_("print the solver's verdict on every move of a recorded game (its id, as "
                             "--export-stats lists, or last) or a replay file (.evf, .avf, .rmv, .mvf)"))
    mode.add_argument("--json", action="store_true",
                      help=_("with --analyse, --win-chance, --review or --stats: print JSON"))
    mode.add_argument("--ignore-flags", action="store_true",
                      help=_("with --analyse or --win-chance: treat flags as covered cells (by default flags "
                             "count as mines)"))
    mode.add_argument("--budget", metavar=_("SECONDS"), type=number_between(0, MAX_BUDGET), default=None,
                      help=_("with --analyse, --win-chance or --review: stop after about this many seconds and "
                             "say what was left undone (default {seconds}; 0: no limit)").format(
                          seconds=f"{BUDGET:g}"))
    mode.add_argument("--stats", action="store_true", help=_("print statistics and best times, then exit"))
    mode.add_argument("--export-stats", metavar=_("FILE.csv"), type=non_empty,
                      help=_("write every recorded game as CSV, then exit"))
    mode.add_argument("--save-replay", nargs=2, metavar=("ID|last", _("FILE.evf")),
                      help=_("write a recorded game (its id, as --export-stats lists, or last) as an EVF "
                             "replay, Metasweeper's format"))
    mode.add_argument("--replay", metavar=game_or_file, type=non_empty,
                      help=_("watch a recorded game (its id, as --export-stats lists, or last) or a replay "
                             "file (.evf, .avf, .rmv, .mvf) in the window's replay viewer"))
    mode.add_argument("--beside", metavar=game_or_file, type=non_empty,
                      help=_("with --replay: watch this second game (a recorded game or a replay file) of the "
                             "same board beside it, on one clock, with a chart of both games' 3BV solved"))
    mode.add_argument("--edit", metavar=file_, nargs="?", const="", default=None,
                      help=_("open the position editor and analyser in the window, on a .mine or .mbf file "
                             "when one is given"))
    mode.add_argument("--version", action="version", version=f"{_(NAME)} {__version__}",  # "Buscaminas", as the window
                      help=_("print the game's name and version, then exit"))

    board = parser.add_argument_group(_("game"))
    board.add_argument("--difficulty", choices=tuple(DIFFICULTIES), type=difficulty, help=difficulty_help(),
                       metavar=None if _level_word("beginner") == "beginner" else
                       "{" + ",".join(_level_word(key) for key in DIFFICULTIES) + "}")
    board.add_argument("--beginner-size", choices=tuple(BEGINNER_SIZES), default=None,
                       help=_("the Beginner board: 9x9 (Windows XP and 7) or 8x8 (the competitive sets); "
                              "each has its own best tables; the Options screen saves a choice"))
    board.add_argument("--rows", type=whole_between(1, MAX_SIDE), metavar=_("ROWS"),
                       help=_("custom board: rows (1..1000)"))
    board.add_argument("--cols", type=whole_between(1, MAX_SIDE), metavar=_("COLS"),
                       help=_("custom board: columns (1..1000)"))
    board.add_argument("--mines", type=whole_between(1, MOST_MINES), metavar=_("MINES"),
                       help=_("custom board: mines (1..ROWS*COLS-1)"))
    board.add_argument("--seed", type=whole_between(0, SEED_RANGE - 1), metavar="N",
                       help=_("random seed (0..2^40-1): the same seed and first click give the same board"))
    board.add_argument("--first-click", choices=FIRST_CLICK_RULES, type=first_click_rule, default=None,
                       help=_("opening (default): first click opens an area; safe: only the clicked cell "
                              "is free; classic: Windows XP rule"))
    board.add_argument("--questions", action="store_true",
                       help=_("question marks on (flag cycle: flag, ?, none)"))
    board.add_argument("--no-guess", action="store_true",
                       help=_("boards solvable by logic alone from the first click (fewer mines on thin "
                              "boards: at most 10 on one or two rows)"))
    board.add_argument("--min-bv", type=whole_between(1, MOST_BV), metavar="N",
                       help=_("deal only boards of 3BV N or more (the 3BV filter, this run; "
                              "such games are ranked apart and never official)"))
    board.add_argument("--board", metavar=file_, type=non_empty,
                       help=_("play a saved board: {formats}").format(formats=_(MINE_FILE_HELP)))
    board.add_argument("--code", metavar=_("CODE"), type=non_empty,
                       help=_("play exactly the board of a board code (MS1-..., shown after every game; "
                              "docs/board-codes.md)"))
    board.add_argument("--daily", nargs="?", const="beginner", default=None, type=daily_level,
                       metavar=_("LEVEL"),
                       help=_("play today's daily board (UTC), the same for every player: beginner "
                              "(default), beginner_8x8 (or 8x8), intermediate or expert"))
    board.add_argument("--race", metavar=game_or_file, type=non_empty,
                       help=_("race a ghost: play the board of a replay file (.evf, .avf, .rmv, .mvf) or a "
                              "recorded game (its id, or last) from its first click, its pointer and "
                              "progress shown as it went (docs/racing.md)"))
    board.add_argument("--date", metavar=_("YYYY-MM-DD"), type=day_value, default=None,
                       help=_("with --daily: the daily board of another day (UTC), from {first} "
                              "to tomorrow").format(first=FIRST_DAY.isoformat()))
    board.add_argument("--trial", metavar=_("SET|CODE"), type=non_empty,
                       help=_("play a time trial: a set ({sets}) with new boards, or the trial code another "
                              "player shared (MT1-...); docs/time-trials.md").format(sets=", ".join(TRIAL_SETS)))
    board.add_argument("--trial-set", metavar=_("SET"), type=non_empty,
                       help=_("play a time trial of your own set, written LEVEL:COUNT,... like "
                              "beginner:5,intermediate:2 (then ,end: a loss ends the trial; by default it "
                              "adds its level's penalty)"))

    window = parser.add_argument_group(_("window"))
    shown = window.add_mutually_exclusive_group()
    shown.add_argument("--fullscreen", action="store_true", help=_("start fullscreen"))
    shown.add_argument("--windowed", action="store_true", help=_("start in a window (default)"))
    panels = window.add_mutually_exclusive_group()
    panels.add_argument("--compact", action="store_true",
                        help=_("the classic window for this run: the board and its counters only, the result "
                               "and hints in dialogs over the board; the Options screen saves a choice"))
    panels.add_argument("--no-compact", action="store_true",
                        help=_("the window with its side panel for this run (default)"))
    window.add_argument("--theme", choices=THEME_CHOICES, type=theme_name, default=None,
                        help=_("colours for this run: classic, dark, or contrast (colour-blind safe); "
                               "the Options screen saves a choice"))
    window.add_argument("--lang", choices=tuple(LANGUAGES), default=None,
                        help=_("language for this run: en (English) or es (Spanish); the Options screen "
                               "saves a choice; by default the system's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)"))
    window.add_argument("--speech", nargs="?", const="auto", default=None, choices=("off", *SPEECH_MODES),
                        metavar="auto|speechd|spd-say|say|pyttsx3|off",
                        help=_("screen-reader mode for this run: announce the game through the platform's "
                               "speech service (speech-dispatcher on Linux, say on macOS, pyttsx3 on Windows); "
                               "auto (the default) tries them in turn, off turns it off; the Options screen "
                               "saves a choice"))
    window.add_argument("--data-dir", metavar=_("DIR"), type=non_empty,
                        help=_("folder for statistics and settings (default: the per-user folder; "
                               "or the MINESWEEPER_DATA_DIR environment variable)"))
    return parser


def _check_code_options(parser: argparse.ArgumentParser, args: argparse.Namespace, given: list[str]) -> None:
    """``--code``, ``--daily`` and ``--date`` with the other options: a code or a daily names
    the whole board, so no other option that sets up a board goes with it (``--questions``
    does: each player's own); ``--date`` goes with ``--daily`` only. Exits with status 2
    through ``parser.error`` naming the options."""
    if args.date is not None and args.daily is None:
        parser.error(_("--date goes with --daily: give --daily [LEVEL] --date YYYY-MM-DD"))
    if args.race:  # the replay's board; a code or a daily given with it must be that board (prepare_race)
        for option in given:
            if option not in ("--race", "--code", "--daily", "--date", "--questions"):
                parser.error(_("{option} sets the board, and so does {opened}: drop {option}").format(
                    option=option, opened="--race"))
    opened = "--code" if args.code else "--daily" if args.daily else None
    if opened is None:
        return
    if args.code and args.daily:
        parser.error(_("--code and --daily: choose one"))
    for option in given:
        if option not in ("--code", "--daily", "--date", "--questions", "--race"):
            parser.error(_("{option} sets the board, and so does {opened}: drop {option}").format(
                option=option, opened=opened))


def _code_of(parser: argparse.ArgumentParser, args: argparse.Namespace):
    """(the BoardCode of ``--code`` or ``--daily``, the daily's date or None); (None, None)
    when neither is given. Exits with status 2 through ``parser.error`` for a code that does
    not decode, or a date without a daily board (game.midend.daily.check_day), saying why in
    the language in use."""
    if args.code:
        try:
            return decode(args.code), None
        except CodeError as err:
            parser.error(_("--code: {error}").format(error=describe(err)))
    if args.daily:
        try:
            day = check_day(args.date if args.date is not None else today())
        except DailyError as err:
            parser.error(_("--date: {error}").format(error=describe(err)))
        return daily_code(day, args.daily), day
    return None, None


def _trial_of(parser: argparse.ArgumentParser, args: argparse.Namespace, given: list[str]):
    """The game.midend.trial.TrialCode of ``--trial`` or ``--trial-set`` (a set gets a fresh
    seed from ``args.rng``), or None. Exits with status 2 through ``parser.error`` for both
    options at once, another option that sets up a board, an unknown set, a bad set text or
    a trial code that does not decode, saying why in the language in use."""
    if not (args.trial or args.trial_set):
        return None
    option = "--trial" if args.trial else "--trial-set"
    if args.trial and args.trial_set:
        parser.error(_("--trial and --trial-set: choose one"))
    for other in given:
        if other not in ("--trial", "--trial-set", "--questions"):
            parser.error(_("{option} sets the board, and so does {opened}: drop {option}").format(
                option=other, opened=option))
    try:
        if args.trial:
            return trial_of(args.trial, args.rng)
        return new_trial(parse_set(args.trial_set), args.rng)
    except TrialError as err:
        parser.error(_("{option}: {error}").format(option=option, error=describe(err)))


def _read_board(parser: argparse.ArgumentParser, option: str, path: str):
    """The game.boardfile.BoardFile in ``path``, given with ``option``; a file that cannot be
    read or does not parse stops the run as a bad ``--board`` file does (:func:`file_error`)."""
    from game.boardfile import BoardFileError, load_board
    try:
        return load_board(path)
    except OSError as err:
        file_error(parser, _("{option} {file}: cannot read the file: {error}").format(
            option=option, file=file_name(path), error=os_error_text(err)))
    except BoardFileError as err:
        file_error(parser, f"{option} {file_name(path)}: {describe(err)}")


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Parse and validate ``argv``.

    Adds to the namespace:
        config: the :class:`Config` to start directly, or None to open the menu.
        board_code: the game.midend.boardcode.BoardCode of ``--code`` or ``--daily`` (the
            board the run opens first: game.session.Session.first_code), or None.
        daily_day: the date (UTC) of ``--daily``'s board (today's, or ``--date``'s), or None.
        trial_code: the game.midend.trial.TrialCode of ``--trial`` or ``--trial-set`` (the time
            trial the run plays: game.session.Session.start_trial), or None.
        loaded: the parsed board file (game.boardfile.BoardFile) or None.
        edit_loaded: ``--edit FILE``'s position (a game.boardfile.BoardFile) or None; ``args.edit``
            is None without ``--edit``, "" for ``--edit`` alone (an empty board).
        replay_loaded, replay_timeline: None (main.py reads ``--replay``'s replay and its timeline
            into them before the window opens).
        race_ghost: None (game.commands.replay_commands.prepare_race reads ``--race``'s replay
            as a game.replay.race.Ghost into it, and its board into ``config``).
        beside_timeline: None (main.py reads ``--beside``'s timeline into it, with ``--replay``'s).
        rng: a ``random.Random`` seeded with ``--seed`` (or unseeded).

    Exits with status 2 and a message on any invalid value (argparse's ``error``, with
    the usage block), or on a ``--board`` or ``--edit`` file that cannot be read (one line:
    see :func:`file_error`).
    """
    set_language(starting_language(sys.argv[1:] if argv is None else list(argv)))
    parser = build_parser()
    args = parser.parse_args(argv)
    custom = [args.rows, args.cols, args.mines]
    if any(v is not None for v in custom) and not all(v is not None for v in custom):
        parser.error(_("--rows, --cols and --mines go together: give all three"))
    if args.difficulty and args.rows is not None:
        parser.error(_("--difficulty and --rows/--cols/--mines: choose one"))
    if args.board and (args.difficulty or args.rows is not None):
        parser.error(_("--board sets the size itself: drop --difficulty/--rows/--cols/--mines"))
    modes = [flag for flag, given in (("--console", args.console), ("--analyse", args.analyse),
                                      ("--win-chance", args.win_chance),
                                      ("--save-replay", args.save_replay), ("--replay", args.replay),
                                      ("--review", args.review), ("--edit", args.edit is not None),
                                      ("--stats" if args.stats else "--export-stats",
                                       args.stats or args.export_stats)) if given]
    if len(modes) > 1:
        parser.error(_("{first} and {second}: choose one mode (--stats and --export-stats "
                       "may go together)").format(first=modes[0], second=modes[1]))
    game_options = [flag for flag, given in (
        ("--difficulty", args.difficulty), ("--rows", args.rows is not None), ("--seed", args.seed is not None),
        ("--first-click", args.first_click), ("--questions", args.questions), ("--no-guess", args.no_guess),
        ("--min-bv", args.min_bv), ("--board", args.board), ("--beginner-size", args.beginner_size),
        ("--code", args.code), ("--daily", args.daily), ("--date", args.date), ("--race", args.race),
        ("--trial", args.trial), ("--trial-set", args.trial_set)) if given]
    if modes and modes[0] != "--console" and game_options:
        parser.error(_("{option} sets up a game: {mode} plays none, so drop it")
                     .format(option=game_options[0], mode=modes[0]))
    window_modes = ("--replay", "--edit")  # the modes that open the window
    if modes and modes[0] not in window_modes and (args.fullscreen or args.windowed):
        parser.error(_("{option} is for the window game: drop it with {mode}").format(
            option="--fullscreen" if args.fullscreen else "--windowed", mode=modes[0]))
    if modes and modes[0] not in window_modes and (args.compact or args.no_compact):
        parser.error(_("{option} is for the window game: drop it with {mode}").format(
            option="--compact" if args.compact else "--no-compact", mode=modes[0]))
    if args.beside and not args.replay:
        parser.error(_("--beside goes with --replay ID|last|FILE"))
    if args.json and not (args.analyse or args.win_chance or args.review or args.stats):
        parser.error(_("--json goes with --analyse FILE, --win-chance FILE, --review ID|last|FILE or --stats"))
    if args.ignore_flags and not (args.analyse or args.win_chance):
        parser.error(_("--ignore-flags goes with --analyse FILE or --win-chance FILE"))
    if args.budget is not None and not (args.analyse or args.win_chance or args.review):
        parser.error(_("--budget goes with --analyse FILE, --win-chance FILE or --review ID|last|FILE"))
    _check_code_options(parser, args, [o for o in game_options if o not in ("--trial", "--trial-set")])
    if args.no_guess and args.first_click not in (None, "opening"):
        parser.error(_("--no-guess needs the first click to be an opening: drop --first-click {rule}")
                     .format(rule=args.first_click))
    rules = {"first_click": first_click_of(args.first_click, args.no_guess), "questions": args.questions,
             "no_guess": args.no_guess}
    args.rng = random.Random(args.seed)
    args.config = None
    args.loaded = None
    args.edit_loaded = None
    args.replay_loaded = None
    args.replay_timeline = None  # its game.replay.player.Timeline, built with it
    args.race_ghost = None  # --race's game.replay.race.Ghost (game.commands.replay_commands.prepare_race)
    args.beside_timeline = None  # --beside's Timeline, read with it
    args.board_code, args.daily_day = _code_of(parser, args)
    args.trial_code = _trial_of(parser, args, game_options)
    if args.trial_code is not None:
        args.config = replace(args.trial_code.boards()[0].config(), questions=args.questions)
    if args.board_code is not None:
        args.config = replace(args.board_code.config(), questions=args.questions)
    try:
        if args.board_code is not None or args.trial_code is not None:
            pass
        elif args.difficulty:
            args.config = Config.difficulty(args.difficulty, beginner_size=args.beginner_size or "9x9", **rules)
        elif args.rows is not None:
            args.config = Config(args.rows, args.cols, args.mines, **rules)
    except ValueError as err:
        parser.error(describe(err))
    if (args.no_guess or args.board_code is not None) and args.config is not None and args.config.no_guess:
        from game.noguess import supported
        message = supported(args.config)
        if message:
            parser.error(f"{'--code' if args.code else '--no-guess'}: {describe(message)}")
    if args.edit:
        args.edit_loaded = _read_board(parser, "--edit", args.edit)
    if args.board:
        args.loaded = _read_board(parser, "--board", args.board)
        if args.loaded.mines_known is None:
            file_error(parser, _("--board {file}: the file is a position (no mines marked with M), "
                                 "so it cannot be played; use --analyse to study it").format(
                file=file_name(args.board)))
        try:
            args.config = Config(args.loaded.rows, args.loaded.cols, args.loaded.mines, **rules)
        except ValueError as err:
            board = args.loaded  # the game says rows x columns; the file's header is the other way
            file_error(parser, _("--board {file}: {error} (RxC is rows x columns: the header "
                                 "{cols}x{rows}x{mines} is columns x rows x mines)").format(
                file=file_name(args.board), error=describe(err), cols=board.cols, rows=board.rows,
                mines=board.mines))
    return args
