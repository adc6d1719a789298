"""The player's settings, kept as JSON in the per-user config folder.

Loading never fails: unknown keys are ignored, a bad value (a number of 5,000 digits
too) falls back to its default with a warning naming the key, the value and what is
allowed, and a file that is not
JSON is renamed to ``settings.json.corrupt-YYYYmmdd-HHMMSS`` (nothing is deleted).
Saving is atomic: a temporary file in the same folder, fsync, then ``os.replace``, so
a crash leaves either the old file or the new one, never half of one.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path

from game.rules.board import BEGINNER_SIZES, DIFFICULTIES, FIRST_CLICK_RULES, MAX_SIDE, Config
from game.midend.deal import first_click_of
from game.i18n import LANGUAGES
from game.messages import N_, ExplainedValueError, cut_note, file_name, note, system_error
from game.files import NotRegularFileError, read_regular, write_atomic
from game.records.paths import move_aside
from game.records.record import NAME_MAX, clean_name, default_player_name

FILE_VERSION = 1  # the "version" key written into the file
MAX_DIGITS = 4000  # a whole number longer than this reads as an infinity (refused with its key's range)
SCALE_RANGE = (1, 8)  # allowed window scale factors (window pixels per logical pixel; 1.5 too)
THEME_CHOICES = ("classic", "dark", "contrast")  # the window's themes (game.ui.shared.theme)
DIFFICULTY_CHOICES = (*DIFFICULTIES, "custom")
# A Beginner other than 9x9 as a difficulty -> its board: the menu's Beginner with that
# beginner_size (games before issue 35 saved the level of an 8x8 game, "beginner_8x8", and
# every later launch refused it)
BEGINNER_LEVELS = {level: size for size, level in BEGINNER_SIZES.items() if level != "beginner"}
TOUCH_DELAYS = (250, 300, 400, 500, 600, 800, 1000)  # a long press's delays offered, milliseconds
SPEECH_MODES = ("auto", "speechd", "spd-say", "say", "pyttsx3")  # --speech: the platform's first that works, or one (game.ui.speech)
BV_FILTER_CHOICES = ("off", "rankings")  # the 3BV filter: none, or the rankings' minimums (game.session.RANKING_MIN_BV)


@dataclass
class Settings:
    """What the game remembers between runs.

    ``difficulty`` is a standard level or ``custom`` (then ``custom_rows`` x
    ``custom_cols`` with ``custom_mines``); ``scale`` is the window scale factor
    (a number from 1 to 8, not only whole) or None for automatic; ``player_name`` is the
    default name for best times; ``theme`` one of THEME_CHOICES; ``reduce_motion`` turns
    off the opening cascade and the explosion's shake; ``volume`` is the sound effects'
    loudness in percent (0..100), ``muted`` turns them off, ``tick`` adds a tick at each
    second of the timer (game.ui.sound); ``language`` the game's language (a code of
    game.i18n.LANGUAGES), None to follow the system's (game.i18n.system_language);
    ``bv_filter`` the 3BV filter of dealt boards, one of BV_FILTER_CHOICES (``rankings``:
    Beginner 2, Intermediate 30, Expert 100; filtered games are ranked apart); ``compact``
    the classic playing window, the board and its HUD with no panels' strip (the result, a
    hint, the counters open over the board: game.ui.play.room.compact), instead of the side panel;
    ``speech`` the screen-reader mode (every change announced through the platform's speech
    service: game.ui.speech), ``number_tones`` a tone pitched by a revealed number's value
    (game.ui.sound.NUMBER_NOTES).
    Touch (game.ui.play.touch): ``touch_delay_ms`` the long press's delay in milliseconds (one of
    TOUCH_DELAYS), ``touch_flag_mode`` whether a game starts in flag mode (a tap flags, a long
    press reveals), ``touch_layout`` the touch layout (cells a finger can hit, the flag-mode
    button) even before a touch is seen this run.
    """

    difficulty: str = "beginner"
    custom_rows: int = 20
    custom_cols: int = 30
    custom_mines: int = 130
    questions: bool = False
    first_click: str = "opening"
    chord_on_number: bool = True
    fullscreen: bool = False
    scale: float | None = None
    no_guess: bool = False
    player_name: str = field(default_factory=default_player_name)
    confirm_abandon: bool = True
    rulers: bool = False
    theme: str = "classic"
    reduce_motion: bool = False
    volume: int = 70
    muted: bool = False
    tick: bool = False
    language: str | None = None
    beginner_size: str = "9x9"  # the Beginner board, a key of game.rules.board.BEGINNER_SIZES (9x9 or 8x8)
    bv_filter: str = "off"
    counters: bool = False  # the live counters' panel (F3) beside the board in play and in the replay viewer
    speech: bool = False  # announce what happens through the speech service (game.ui.speech; --speech too)
    number_tones: bool = False  # a revealed number's value as a pitched tone (game.ui.sound.NUMBER_NOTES)
    compact: bool = False  # the classic window: the board and its HUD only, panels as dialogs over it (game.ui.play.room)
    touch_delay_ms: int = 400  # a long press's delay, milliseconds, one of TOUCH_DELAYS (game.ui.play.touch)
    touch_flag_mode: bool = False  # a game starts in flag mode: a tap flags, a long press reveals
    touch_layout: bool = False  # the touch layout without a touch seen: finger-sized cells, the flag-mode button

    def config(self) -> Config:
        """The board these settings choose, as a :class:`game.rules.board.Config`.

        No-guess boards need the ``opening`` first-click rule, so it is used then
        (game.midend.deal.first_click_of).
        """
        rules = {"first_click": first_click_of(self.first_click, self.no_guess),
                 "questions": self.questions, "no_guess": self.no_guess}
        if self.difficulty == "custom":
            return Config(self.custom_rows, self.custom_cols, self.custom_mines, **rules)
        return self.level_config(self.difficulty, **rules)

    def level_config(self, name: str, **rules) -> Config:
        """Standard level ``name``'s board with ``rules`` (Config's keywords): Beginner is the
        one these settings choose (``beginner_size``: 9x9 or 8x8). The one place that decides
        it, for the menu's buttons, ``--difficulty`` and the console alike.

        Raises:
            ValueError: unknown name.
        """
        return Config.difficulty(name, beginner_size=self.beginner_size, **rules)

    def with_beginner_of(self, args) -> "Settings":
        """These settings, with the command line's ``--beginner-size`` (parsed ``args``,
        game.commands.cli.parse_args) over the saved choice when it is given: this run's, not saved."""
        size = getattr(args, "beginner_size", None)
        return self if not size or size == self.beginner_size else replace(self, beginner_size=size)

    def board_of_run(self, args) -> Config | None:
        """The board the command line asks for (``args.config``), ``--difficulty``'s level
        as :meth:`level_config` gives it with ``--beginner-size`` or else these settings'
        Beginner (parse_args, before the settings are read, took 9x9); None for the menu."""
        config = getattr(args, "config", None)
        level = getattr(args, "difficulty", None)
        if config is None or not level:
            return config
        return self.with_beginner_of(args).level_config(
            level, first_click=config.first_click, questions=config.questions, no_guess=config.no_guess)

    def to_dict(self) -> dict:
        """The JSON object written to the file."""
        return {"version": FILE_VERSION, **asdict(self)}


def _is_bool(v: object) -> bool:
    return isinstance(v, bool)


def _is_side(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_SIDE


def _is_mines(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 1


def _is_scale(v: object) -> bool:
    return v is None or (isinstance(v, (int, float)) and not isinstance(v, bool)
                         and SCALE_RANGE[0] <= v <= SCALE_RANGE[1])


def _is_volume(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 100


def _is_name(v: object) -> bool:
    return isinstance(v, str) and clean_name(v) == v.strip() and 0 < len(v.strip()) <= NAME_MAX


# key -> (check, what is allowed, for the warning)
_BOOL = note(N_("true or false"))
RULES = {
    "difficulty": (lambda v: v in DIFFICULTY_CHOICES or v in BEGINNER_LEVELS, ", ".join(DIFFICULTY_CHOICES)),
    "custom_rows": (_is_side, note(N_("a whole number 1..{most}"), most=MAX_SIDE)),
    "custom_cols": (_is_side, note(N_("a whole number 1..{most}"), most=MAX_SIDE)),
    "custom_mines": (_is_mines, note(N_("a whole number from 1 to rows x cols - 1"))),
    "questions": (_is_bool, _BOOL),
    "first_click": (lambda v: v in FIRST_CLICK_RULES, ", ".join(FIRST_CLICK_RULES)),
    "chord_on_number": (_is_bool, _BOOL),
    "fullscreen": (_is_bool, _BOOL),
    "scale": (_is_scale, note(N_("a number {low}..{high} (1.5 too), or null for automatic"),
                              low=SCALE_RANGE[0], high=SCALE_RANGE[1])),
    "no_guess": (_is_bool, _BOOL),
    "player_name": (_is_name, note(N_("text of 1..{most} printable characters"), most=NAME_MAX)),
    "confirm_abandon": (_is_bool, _BOOL),
    "rulers": (_is_bool, _BOOL),
    "theme": (lambda v: v in THEME_CHOICES, ", ".join(THEME_CHOICES)),
    "reduce_motion": (_is_bool, _BOOL),
    "volume": (_is_volume, note(N_("a whole number 0..100 (percent)"))),
    "muted": (_is_bool, _BOOL),
    "tick": (_is_bool, _BOOL),
    "language": (lambda v: v is None or v in LANGUAGES,
                 note(N_("{codes}, or null for the system's"), codes=", ".join(LANGUAGES))),
    "beginner_size": (lambda v: v in BEGINNER_SIZES, ", ".join(BEGINNER_SIZES)),
    "bv_filter": (lambda v: v in BV_FILTER_CHOICES, ", ".join(BV_FILTER_CHOICES)),
    "counters": (_is_bool, _BOOL),
    "compact": (_is_bool, _BOOL),
    "touch_delay_ms": (lambda v: v in TOUCH_DELAYS and not isinstance(v, bool), ", ".join(map(str, TOUCH_DELAYS))),
    "touch_flag_mode": (_is_bool, _BOOL),
    "touch_layout": (_is_bool, _BOOL),
    "speech": (_is_bool, _BOOL),
    "number_tones": (_is_bool, _BOOL),
}


def from_dict(data: dict, source: str = "settings") -> tuple[Settings, list[str]]:
    """Settings from a decoded JSON object, and warnings for every value not taken.

    Unknown keys (and ``version``) are ignored silently, so a newer file still loads. A
    Beginner's level as the difficulty (``beginner_8x8``) reads as ``beginner`` with its
    board as ``beginner_size`` (unless the file says which).
    """
    settings = Settings()
    warnings: list[str] = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = data[f.name]
        check, allowed = RULES[f.name]
        if check(value):
            setattr(settings, f.name, value.strip() if isinstance(value, str) else value)
        else:
            warnings.append(note(N_("{source}: {key}: {value} is not allowed (allowed: {allowed}); using the "
                                    "default {default}"), source=source, key=f.name, value=_shown(value),
                                 allowed=allowed, default=json.dumps(getattr(settings, f.name))))
    if settings.difficulty in BEGINNER_LEVELS:
        if not isinstance(data.get("beginner_size"), str) or data["beginner_size"] not in BEGINNER_SIZES:
            settings.beginner_size = BEGINNER_LEVELS[settings.difficulty]
        settings.difficulty = "beginner"
    try:
        Config(settings.custom_rows, settings.custom_cols, settings.custom_mines)
    except ValueError as err:
        default = Settings()
        warnings.append(note(N_("{source}: custom board: {error}; using the default {rows}x{cols} with {mines} "
                                "mines"), source=source, error=err, rows=default.custom_rows,
                             cols=default.custom_cols, mines=default.custom_mines))
        settings.custom_rows, settings.custom_cols = default.custom_rows, default.custom_cols
        settings.custom_mines = default.custom_mines
    return settings, warnings


def load(path: str | Path) -> tuple[Settings, list[str]]:
    """Read the settings file at ``path``; never raises.

    Returns (settings, warnings). A missing file gives the defaults and no warning;
    a file that is not a JSON object (not JSON, not UTF-8, nested too deeply for the
    parser) is moved aside (``NAME.corrupt-<timestamp>``),
    the defaults are used and the warning says where the old file went. A path that
    is not a regular file (a folder, a FIFO, a device) is never opened in a way that
    could block, and is left alone: the defaults are used and the warning says so
    (the caller should not save over it: open_records does not).
    """
    path = Path(path)
    try:
        text = read_regular(path).decode("utf-8")
        data = json.loads(text, parse_int=_whole)
        if not isinstance(data, dict):
            raise ExplainedValueError(N_("the file holds a JSON {type}, not an object"), type=type(data).__name__)
    except FileNotFoundError:
        return Settings(), []
    except NotRegularFileError as err:  # someone put it there: neither read, moved nor replaced
        return Settings(), [note(N_("settings {path} is {kind}, not a regular file; it was left alone, the "
                                    "default settings are used and changes will not be saved"),
                                 path=file_name(path), kind=err.kind)]
    except (OSError, ValueError, RecursionError) as err:  # JSONDecodeError, UnicodeDecodeError: ValueError
        if isinstance(err, RecursionError):  # json gives up on arrays or objects nested too deep
            reason = note(N_("its JSON is nested too deeply"))
        else:
            reason = system_error(err)
        try:
            moved = move_aside(path)
        except OSError as move_err:
            return Settings(), [note(N_("settings {path} could not be read ({reason}) nor moved aside ({error}); "
                                        "using the default settings"),
                                     path=file_name(path), reason=reason, error=system_error(move_err))]
        return Settings(), [note(N_("settings {path} could not be read ({reason}); it was moved aside to {moved} "
                                    "and the default settings are used"), path=file_name(path), reason=reason,
                                 moved=file_name(moved.name))]
    return from_dict(data, note(N_("settings {path}"), path=file_name(path)))


def _whole(text: str) -> int | float:
    """A JSON whole number as the settings read it: an int, or, past MAX_DIGITS digits (int()
    refuses over 4,300, and json.loads with it, which made the whole file "damaged"), an
    infinity of its sign, which every key refuses with its range, as any value out of it."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        return float("-inf") if text.startswith("-") else float("inf")
    return int(text)


def save(settings: Settings, path: str | Path) -> None:
    """Write ``settings`` to ``path`` atomically (temp file in the same folder, fsync, rename:
    :func:`game.files.write_atomic`).

    Raises:
        OSError: the folder or file cannot be written; the old file is then untouched.
    """
    text = json.dumps(settings.to_dict(), indent=2, ensure_ascii=False) + "\n"
    write_atomic(path, text.encode("utf-8"))


def _shown(value, limit: int = 60) -> str:
    """``value`` as JSON for a warning, cut to ``limit`` characters (a hand-edited file may
    hold a string of 100,000 characters)."""
    text = json.dumps(value)
    return text if len(text) <= limit else cut_note(text[:limit], len(text))
