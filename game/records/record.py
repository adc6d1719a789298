"""One finished game as the records keep it: :class:`GameRecord`, and player names.

A record reads only the public attributes of :class:`game.rules.engine.Game`; times are
kept in whole milliseconds, dates as ISO 8601 local time with its UTC offset.
"""

from __future__ import annotations

import getpass
import math
from dataclasses import asdict, dataclass, field, fields
from datetime import datetime
from decimal import Decimal

from game.rules.board import MAX_SIDE
from game.rules.engine import State
from game.figures import FIGURES, add_fields, bbbv_per_second, names
from game.messages import N_, ExplainedValueError
from game.midend.boardcode import CodeError, encode

LEVELS = ("beginner", "beginner_8x8", "intermediate", "expert", "custom")  # statistics groups, in display order
STANDARD_LEVELS = LEVELS[:4]  # the levels with best-time tables (game.rules.board.LEVEL_SIZES)
# How a game was played (schema 8's ``input``): the window's mouse, the window's keyboard (any
# move made with the keys), the window's touch screen (any move made with a finger:
# game.ui.play.touch; a value of the same column, no schema change), the console typed in a
# terminal, the console fed by a pipe or a file (a script). -> the table of bests it ranks in:
# the window's (mouse and keys), the touch games', the terminal's, or none.
INPUTS = {"mouse": "window", "keyboard": "window", "touch": "touch", "terminal": "terminal", "script": None}
TABLES = ("window", "touch", "terminal")  # the tables of bests, apart from each other
CATEGORIES = ("all", "nf")  # the categories of bests: every game, no-flag games (Metasweeper's NF)
NAME_MAX = 32  # characters kept of a player name
FALLBACK_NAME = "Player"


def default_player_name() -> str:
    """The system user name (``getpass.getuser``), or ``Player`` when there is none."""
    try:
        return clean_name(getpass.getuser())
    except Exception:  # getuser raises OSError/KeyError when no name is set anywhere
        return FALLBACK_NAME


def clean_name(name: object) -> str:
    """A printable player name: control characters dropped, trimmed, at most NAME_MAX characters.

    An empty or non-text name gives ``Player``.
    """
    if not isinstance(name, str):
        return FALLBACK_NAME
    text = "".join(ch for ch in name if ch.isprintable()).strip()[:NAME_MAX].strip()
    return text or FALLBACK_NAME


def now_iso(when: datetime | None = None) -> str:
    """``when`` (default: now) as local ISO 8601 with offset, to the second."""
    when = when or datetime.now()
    if when.tzinfo is None:
        when = when.astimezone()
    return when.isoformat(timespec="seconds")


def exclusions(*, won: bool, abandoned: bool = False, level: str, hints: int = 0, autoplay: bool = False,
               probabilities: bool = False, layout_known: bool = False, undos: int = 0, scripted: bool = False,
               filtered: int = 0, opened: str | None = None) -> tuple[str, ...]:
    """Why a game may not enter the best times, as reason keys (empty when it may): the one
    statement of the rule, for a record (:meth:`GameRecord.exclusions`) and for a game still
    in play as if it were won (game.ui.play.side_panel.rank_status). Keys, in this order:
    ``lost`` or ``abandoned`` (not ``won``), ``custom`` (a level not in STANDARD_LEVELS),
    ``hints``, ``autoplay``, ``probabilities``, ``layout_known``, ``undo``, ``scripted``,
    ``filtered`` (``filtered``: the 3BV filter's minimum the board was dealt under, 0 for none).
    ``opened``: how a known layout was opened, said instead of ``layout_known``: ``code`` (from
    a board code), ``daily`` (a daily board), ``race`` (a race against a replay's ghost, game.replay.race:
    never ranked as a plain game), ``trial`` (a time trial's game) or ``position`` (a game played from a
    position: game.session.Session.open_position); None: ``layout_known`` (a retry, a loaded board, a
    chosen seed). :func:`opened_by` gives it for a match."""
    reasons = []
    if not won:
        reasons.append("abandoned" if abandoned else "lost")
    if level not in STANDARD_LEVELS:
        reasons.append("custom")
    for key, used in (("hints", hints), ("autoplay", autoplay), ("probabilities", probabilities),
                      (opened or "layout_known", layout_known or opened), ("undo", undos), ("scripted", scripted),
                      ("filtered", filtered)):
        if used:
            reasons.append(key)
    return tuple(reasons)


def opened_by(match) -> str | None:
    """How ``match``'s board (a game.midend.match.Match) was opened, as :func:`exclusions`'
    ``opened``: ``position`` (game.session.Session.open_position), ``race``
    (game.session.Session.open_race), ``trial`` (a time trial's game: game.midend.trial), ``daily``
    (game.session.Session.open_daily), ``code`` (a board code), else None."""
    if getattr(match, "position", False):
        return "position"
    if getattr(match, "race", None) is not None:
        return "race"
    if getattr(match, "trial", None):
        return "trial"
    if getattr(match, "daily", None):
        return "daily"
    return "code" if getattr(match, "code", None) is not None else None


def code_text(match) -> str | None:
    """The board code of ``match``'s board as text (game.midend.boardcode.encode of
    game.midend.match.Match.board_code), or None when it has none (its mines not laid yet)."""
    try:
        code = match.board_code()
    except CodeError:  # a board no code can name (not one the game makes): recorded without one
        return None
    return None if code is None else encode(code)


@dataclass
@add_fields(default=None, before="undos")
class GameRecord:
    """A finished game: what was played, how it ended and how it was played.

    Units: ``time_ms`` milliseconds from the first reveal to the end; ``efficiency``
    percent (3BV solved / all clicks); ``seed`` the integer that seeded the board's
    Random, or None when unknown. Click counts, ``three_bv_solved`` and
    ``first_click`` are None for games migrated from schema 1, which did not keep them.

    How it was played: ``hints_used`` hints asked, ``autoplay_used`` the solver played,
    ``probabilities_used`` the probability overlay was on, ``layout_known`` the player
    knew the mines beforehand (a board loaded from a file, a retry, a run started with a
    chosen ``--seed``). Any of them keeps the game out of the best times; games from before
    schema 3 have the last two False.

    ``abandoned``: the player left the game after its first reveal (new game, retry,
    menu, closing the window, quitting the console); it is recorded as a loss, as
    Windows 7 does, so starting over at a hard guess cannot protect the win rate.

    ``undos`` (schema 7): how many moves of the game were taken back before it ended
    (game.midend.match.Match.undo: any move, Tatham's Undo; until schema 10 only losses could be,
    and the game played on was a row of its own). A game with an undo never counts as a win
    and enters no best table; it counts in played, as a loss, only when ``counted_loss``.
    Older games have 0.

    ``counted_loss`` (schema 10): the game was lost with no undo before (its first end, a
    loss counted as any), then played on after an undo; its one row tells how it ended at
    last (game.session.Session.finished writes each game once and over its own row) and
    counts as that first loss: in played, never won, a loss in streaks
    (:mod:`game.records.level_stats`). Implies ``undos`` > 0. Older games have 0.

    ``nf`` (schema 8): no right click changed the board (Metasweeper's no-flag games, ms-toollib's
    ``rce == 0``); None when unknown. ``input`` (schema 8): how it was played, a key of
    :data:`INPUTS`: the window's ``mouse`` or ``keyboard``, its ``touch`` (a finger made a
    move: the touch games' own table of bests), the console's ``terminal`` (its own table
    of bests) or ``script`` (a pipe or a file: recorded, counted nowhere). Older games are
    ``mouse``; ``touch`` came later in the same column (no schema change: a program from
    before it leaves such a row out as unreadable, never ranks it with the mouse's). docs/competitive.md.

    ``min_bv`` (schema 9): the 3BV filter's minimum the board was dealt under (0: none;
    game.midend.deal.Deal.min_bv). A filtered game is labelled and ranked apart: out of the normal
    best tables (reason ``filtered``), in the filtered ones (game.records.db.best_where);
    it counts in played, won and streaks. Older games have 0. docs/bv-filter.md.

    ``code`` (schema 11): the board code of the game's board (game.midend.boardcode.encode of
    game.midend.match.Match.board_code: ``MS1-...``), None when its mines were never laid or for
    older games; anyone opens the same board with ``--code``. ``daily``: the UTC date
    (``YYYY-MM-DD``) of a daily board's game (game.midend.daily), None for any other game; the first
    game of a day and level is that daily's ranked attempt (game.records.daily). ``from_code``:
    the game was opened from a code (``--code``, "Play a code") or as a daily board: a known
    layout (``layout_known``), left out of the best times with the reason ``code`` or
    ``daily`` instead of ``layout_known``. docs/board-codes.md, docs/records.md.

    ``race`` (schema 12): the name of the ghost's player the game raced (game.replay.race:
    the replay's player name, "" when the replay names none), None when it was no race. A
    race is never ranked as a plain game (reason ``race``). docs/racing.md.

    ``position`` (schema 14): the game was played from a position (game.session.Session
    .open_position: an edited or analysed position, its unknown mines drawn among the layouts
    that fit it), recorded apart from the ranked games: never a best (reason ``position``),
    and left out of played, won and streaks, as a script's game is (:attr:`counted`).
    """

    played_at: str
    level: str
    rows: int
    cols: int
    mines: int
    won: bool
    time_ms: int
    three_bv: int | None
    first_click: str | None = "opening"
    no_guess: bool = False
    seed: int | None = None
    three_bv_solved: int | None = None
    clicks_reveal: int | None = 0
    clicks_flag: int | None = 0
    clicks_chord: int | None = 0
    clicks_wasted: int | None = 0
    efficiency: float | None = None
    hints_used: int = 0
    autoplay_used: bool = False
    probabilities_used: bool = False
    layout_known: bool = False
    abandoned: bool = False
    name: str = field(default_factory=default_player_name)
    id: int | None = None
    # Then one field per competitive figure (game.figures.FIGURES, added by add_fields; schema
    # 6 on): None until computed, and for games that have none (see game.records.compstats).
    undos: int = 0  # schema 7: losses taken back before the game ended
    nf: bool | None = None  # schema 8: no right click changed the board (Metasweeper's NF: rce == 0)
    input: str = "mouse"  # schema 8: how it was played, a key of INPUTS
    min_bv: int = 0  # schema 9: the 3BV filter's minimum the board was dealt under, 0 none
    counted_loss: bool = False  # schema 10: lost with no undo before, then played on
    code: str | None = None  # schema 11: the board's code (game.midend.boardcode), None when none
    daily: str | None = None  # schema 11: a daily board's UTC date, YYYY-MM-DD (game.midend.daily)
    from_code: bool = False  # schema 11: opened from a code or as a daily
    race: str | None = None  # schema 12: the ghost's player name of a race, "" unnamed; None: no race
    trial: str | None = None  # schema 13: the trial code of a time trial's game
    position: bool = False  # schema 14: played from a position (the CSV's last column)

    @classmethod
    def from_match(cls, match, name: str | None = None, abandoned: bool = False,
                   when: datetime | None = None, input: str | None = None) -> "GameRecord":
        """The record of a finished match's game (:class:`game.midend.match.Match`), or of one
        abandoned in play: its position, clock, deal (seed, layout known) and help used.

        Args:
            match: a match whose game is won or lost, or with ``abandoned`` one in progress.
            when: the finishing date and time (default: now).
            name: the player's name for best times (default: the system user name).
            abandoned: the player left the game after its first reveal: it is recorded
                as a loss with the time played so far.
            input: how it was played, a key of INPUTS (default: ``mouse``, or ``keyboard``
                when a move of the match's log was made with the keys).
        Raises:
            ValueError: the game is not over (or, with ``abandoned``, not in progress).
        """
        game = match.game
        wanted = (State.PLAYING,) if abandoned else (State.WON, State.LOST)
        if game.state not in wanted:
            raise ValueError(f"game: state {game.state.value!r} is "
                             + ("not in progress; only a game in progress is recorded as abandoned"
                                if abandoned else "not finished; only won or lost games are recorded"))
        config = game.config
        clicks = match.clicks
        help = match.help
        return cls(
            played_at=now_iso(when), level=config.level,
            rows=config.rows, cols=config.cols, mines=config.mines,
            won=game.state is State.WON, time_ms=match.ms,
            three_bv=game.three_bv, first_click=config.first_click,
            no_guess=bool(config.no_guess), seed=match.seed,
            three_bv_solved=game.three_bv_solved,
            clicks_reveal=clicks.get("reveal", 0), clicks_flag=clicks.get("flag", 0),
            clicks_chord=clicks.get("chord", 0), clicks_wasted=clicks.get("wasted", 0),
            efficiency=match.efficiency, hints_used=int(help.hints),
            autoplay_used=bool(help.autoplay),
            probabilities_used=bool(help.overlay),
            layout_known=bool(match.layout_known), abandoned=abandoned,
            undos=int(help.undos), counted_loss=bool(match.lost_before_undo and help.undos),
            nf=not clicks.get("flag", 0),
            input=input_of(match, input), min_bv=int(getattr(match.deal, "dealt_min_bv", 0) or 0),
            code=code_text(match), daily=getattr(match, "daily", None),
            from_code=getattr(match, "code", None) is not None, race=getattr(match, "race", None),
            trial=getattr(match, "trial", None), position=bool(getattr(match, "position", False)),
            name=clean_name(name) if name is not None else default_player_name())

    @property
    def seconds(self) -> float:
        """The time in seconds."""
        return self.time_ms / 1000.0

    @property
    def three_bv_per_second(self) -> float | None:
        """3BV / seconds for a won game with a time, else None (game.figures.bbbv_per_second)."""
        return bbbv_per_second(self.three_bv, self.seconds) if self.won else None

    @property
    def helped(self) -> bool:
        """The solver helped: a hint, autoplay or the probability overlay."""
        return bool(self.hints_used or self.autoplay_used or self.probabilities_used)

    @property
    def assisted(self) -> bool:
        """A win with the solver's help: counted as played, but not as a win in win % and
        streaks (see :mod:`game.records.level_stats`)."""
        return self.won and self.helped

    @property
    def scripted(self) -> bool:
        """A console game whose input was not a terminal: a script."""
        return self.input == "script"

    @property
    def table(self) -> str | None:
        """The table of bests it ranks in (a key of TABLES), None for a script."""
        return INPUTS.get(self.input, "window")

    @property
    def counts_as_win(self) -> bool:
        """A win without the solver's help, without an undo and not by a script: what win %,
        streaks and averages count."""
        return self.won and not self.helped and not self.undos and not self.scripted and not self.position

    @property
    def counted(self) -> bool:
        """The game counts in played (and win %, streaks): not a script's, not played from a
        position (``position``), and no undo, or a loss taken back (``counted_loss``: it counts
        as that loss). Mirrors db.COUNTED."""
        return not self.scripted and not self.position and (not self.undos or self.counted_loss)

    def exclusions(self) -> tuple[str, ...]:
        """Why this game may not enter the best times, as reason keys (empty when it may).

        Keys, in this order: ``lost``, ``abandoned``, ``custom`` (no best times for
        custom sizes), ``hints``, ``autoplay``, ``probabilities`` (the overlay was on),
        ``layout_known`` (a retry, a loaded board or a chosen seed; ``code``, ``daily`` or
        ``race``, ``trial`` or ``position`` in its place for a game opened from a board code,
        as a daily board, raced against a replay's ghost, as a time trial's or from a
        position), ``undo`` (played on
        after a loss was taken back), ``scripted`` (a console game fed by a pipe or a file:
        a script, recorded but never in a best or a streak), ``filtered`` (dealt under the
        3BV filter: ranked apart).
        """
        return exclusions(won=self.won, abandoned=self.abandoned, level=self.level, hints=self.hints_used,
                          autoplay=self.autoplay_used, probabilities=self.probabilities_used,
                          layout_known=self.layout_known, undos=self.undos, scripted=self.scripted,
                          filtered=self.min_bv,
                          opened="position" if self.position else "race" if self.race is not None
                          else "trial" if self.trial else "daily" if self.daily else "code" if self.from_code
                          else None)

    @property
    def best_time_eligible(self) -> bool:
        """A win on a standard level with no help (hint, autoplay, probability overlay), no
        undo and a layout the player did not know: it may enter the best times, and the best 3BV/s and
        efficiency tables."""
        return not self.exclusions()

    def as_dict(self) -> dict:
        """Every field by name, in declaration order (the CSV columns)."""
        return asdict(self)


def input_of(match, given: str | None = None) -> str:
    """How ``match`` was played (a key of INPUTS): ``given`` when there is one (the console
    knows whether it reads a terminal), else ``touch`` when a move of its board was made by
    touch (game.midend.match.Match.touched: a touch game never ranks with the mouse's, whatever
    else was used), else from the sources of its moves: ``terminal`` for console commands,
    ``keyboard`` when one was made with the window's keys, else ``mouse``."""
    if given is not None:
        return given
    if getattr(match, "touched", False):
        return "touch"
    sources = {played.source.value for played in match.moves}
    return "terminal" if "console" in sources else "keyboard" if "keyboard" in sources else "mouse"


RECORD_FIELDS = tuple(f.name for f in fields(GameRecord))  # column order for SQL and CSV
STAT_FIELDS = names()  # the competitive statistics' columns (game.figures)

# SQLite keeps whatever value a row is given, whatever the column's type (a hand edit can
# leave time_ms = 'abc'). A row is read as a game only when each column holds a storage
# class the game writes there (``name`` and ``seed`` are cleaned on reading instead), the
# level is known and won / time_ms are in range; other rows are left out and named.
_STORAGE = {
    "played_at": ("text",), "level": ("text",), "rows": ("integer",), "cols": ("integer",),
    "mines": ("integer",), "won": ("integer",), "time_ms": ("integer",),
    "three_bv": ("integer", "null"), "first_click": ("text", "null"), "no_guess": ("integer",),
    "three_bv_solved": ("integer", "null"), "clicks_reveal": ("integer", "null"),
    "clicks_flag": ("integer", "null"), "clicks_chord": ("integer", "null"),
    "clicks_wasted": ("integer", "null"), "efficiency": ("real", "integer", "null"),
    "hints_used": ("integer",), "autoplay_used": ("integer",),
    "probabilities_used": ("integer",), "layout_known": ("integer",), "abandoned": ("integer",),
    **{f.name: ("integer", "null") if f.digits is None else ("real", "integer", "null") for f in FIGURES},
    "undos": ("integer",), "nf": ("integer", "null"), "input": ("text",), "min_bv": ("integer",),
    "counted_loss": ("integer",), "code": ("text", "null"), "daily": ("text", "null"), "from_code": ("integer",),
    "race": ("text", "null"),
    "trial": ("text", "null"),
    "position": ("integer",),
}
# Values are held to the limits a game can have too: a size within the game's own
# (game.rules.board.MAX_SIDE), mines and 3BV within the board, and every figure finite and within
# FIGURE_LIMIT (a hand edit of 1e26 would stop the number formatting: 28 significant digits).
FIGURE_LIMIT = 1e15  # a figure's largest magnitude: no game comes near (an hour's RQP is about 1e6)
_FIGURE_COLUMNS = ("efficiency", *(f.name for f in FIGURES))
SQLITE_INTEGERS = (-2**63, 2**63 - 1)  # what an SQLite INTEGER holds (signed 64 bits)


def storable(column: str, value: object) -> object:
    """``value`` as column ``column`` of ``games`` can hold it and READABLE still read the row:
    itself when it can; None for a figure (``efficiency`` and every game.figures column)
    that is not finite (NaN, inf: a division by a time of 0) or beyond FIGURE_LIMIT, and for
    any other number a column that allows NULL cannot hold (an int beyond
    SQLITE_INTEGERS, a float not finite): the game is still recorded, without that figure.

    Raises:
        ExplainedValueError: a column that needs a value (``time_ms``, ``min_bv``...) would get
            one it cannot hold; the message names the column, the value and the range allowed.
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    if column in _FIGURE_COLUMNS:
        return value if -FIGURE_LIMIT <= value <= FIGURE_LIMIT else None  # NaN fails too
    low, high = SQLITE_INTEGERS
    if (low <= value <= high) if isinstance(value, int) else math.isfinite(value):
        return value
    if "null" in _STORAGE.get(column, ("null",)):
        return None
    shown = f"{Decimal(value):.3e}" if isinstance(value, int) else repr(value)  # str() of 5,000 digits raises
    raise ExplainedValueError(N_("{column}: {value} cannot be stored; the records hold whole numbers from {low} to "
                                 "{high}"), column=column, value=shown, low=low, high=high)
READABLE = " AND ".join(
    [f"typeof({column}) IN ({', '.join(repr(kind) for kind in kinds)})"
     for column, kinds in _STORAGE.items()]
    + [f"level IN ({', '.join(repr(level) for level in LEVELS)})", "won IN (0, 1)", "time_ms >= 0",
       "abandoned IN (0, 1)", f"input IN ({', '.join(repr(i) for i in INPUTS)})", "NOT (won = 1 AND abandoned = 1)", "undos >= 0",
       "min_bv >= 0", "counted_loss IN (0, 1)", "from_code IN (0, 1)", "position IN (0, 1)",
       "(daily IS NULL OR daily GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]')", "NOT (counted_loss = 1 AND undos = 0)",
       f"rows BETWEEN 1 AND {MAX_SIDE}", f"cols BETWEEN 1 AND {MAX_SIDE}", "mines BETWEEN 0 AND rows * cols",
       "coalesce(three_bv BETWEEN 0 AND rows * cols, 1)", "coalesce(three_bv_solved BETWEEN 0 AND rows * cols, 1)"]
    + [f"coalesce({column} BETWEEN -{FIGURE_LIMIT:.0e} AND {FIGURE_LIMIT:.0e}, 1)"  # not abs(): -2**63 overflows
       for column in _FIGURE_COLUMNS])
