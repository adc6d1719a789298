"""Time trials (issue 38, point 6): sets of games played back to back against one total
clock, their boards named by a trial code so two players play the same trial.

A :class:`TrialSet` is the games (levels, in order) and what a lost game does: adds its
level's penalty (:data:`PENALTY_MS`) to the total, or ends the trial. The sets with names
(:data:`SETS`): ``beginner10`` (10 Beginner games) and ``vienna`` (15 Beginner, 6
Intermediate, 2 Expert), Viennasweeper's two; a player's own set is written
``beginner:5,intermediate:2`` (:func:`parse_set`; ``,end`` after it: a loss ends the trial).

A :class:`TrialCode` is a set and a seed, written like a board code
(game.midend.boardcode: Crockford base32, a 3-byte check, groups of five) with its own
prefix and version::

    MT1-...      "MT", the trial code version, "-", then the payload and its check

Game ``i``'s board (:func:`trial_boards`) is a BoardCode of its level under the ``opening``
rule (not no-guess): a game.midend.stable_random.StableRandom seeded by the first 8 bytes of
SHA-256 of ``minesweeper-trial/1/SEED/i`` draws the board's seed (below
game.midend.deal.SEED_RANGE), then its start cell's row-major index; so the same trial code
gives the same boards from the same start cells everywhere (tests/rules/test_trial.py pins
one code's). The total clock (:class:`TrialRun`) counts only the games' own times (from the
first reveal to the end, as each game's clock), never the time between games, plus the
penalties. No pygame here.
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass, field

from game.messages import N_, Explained
from game.midend.boardcode import BoardCode, TextKind, checked_payload, checked_text, read_varint, varint
from game.midend.deal import SEED_RANGE
from game.midend.stable_random import StableRandom
from game.rules.board import LEVEL_SIZES

TRIAL_VERSION = 1
"""The trial code version this game writes and the highest it reads."""
PREFIX = "MT"
TRIAL_LEVELS = ("beginner", "beginner_8x8", "intermediate", "expert")
"""The levels a trial's games may be, by their number in version 1's payload (never reordered)."""
PENALTY_MS = {"beginner": 10_000, "beginner_8x8": 10_000, "intermediate": 30_000, "expert": 100_000}
"""A lost game's penalty by level, in milliseconds, added to the trial's total in a set whose
losses add penalties (chosen here: about a good player's time on the level; docs/time-trials.md)."""
MAX_GAMES = 100  # the most games a trial has
EXAMPLE = "MT1-XXXXX-XXXXX-XX"

_LOSS_ENDS = 1  # the flags byte


class TrialError(Explained, ValueError):
    """A trial set or trial code this game cannot play; says what is wrong (as data:
    game.messages.Explained)."""


TRIAL_TEXT = TextKind(
    PREFIX, TRIAL_VERSION, TrialError, EXAMPLE,
    N_("{text} is not a trial code: a trial code starts with MT and its version, like {example}"),
    N_("this trial code was made by a newer version of the game (trial code version {version}; "
       "this one reads up to version {known}): update the game to play it"),
    N_("{text} is not a trial code: there is no trial code version {version}"),
    N_("the trial code has characters a code never has: {chars}"),
    N_("the trial code does not check: a character is mistyped, or the code was cut short"),
    N_("the trial code does not check: a character is mistyped, or the code was cut short"),
    cut_mark="")
"""The trial codes' text: the board codes' (game.midend.boardcode.TextKind) with ``MT``."""


@dataclass(frozen=True)
class TrialSet:
    """The games of a trial and what a loss does.

    Attributes:
        name: the set's name (``beginner10``, ``vienna``, or ``custom`` for a player's own).
        games: the levels of its games in order (each one of :data:`TRIAL_LEVELS`).
        loss_ends: a lost game ends the trial (unfinished); False: it adds its level's
            penalty (:data:`PENALTY_MS`) and the trial goes on.
    """

    name: str
    games: tuple[str, ...]
    loss_ends: bool = False

    def runs(self) -> list[tuple[str, int]]:
        """Its games as runs of one level, in order: [(level, count), ...]."""
        groups: list[list] = []
        for level in self.games:
            if groups and groups[-1][0] == level:
                groups[-1][1] += 1
            else:
                groups.append([level, 1])
        return [(level, n) for level, n in groups]

    def text(self) -> str:
        """The set as :func:`parse_set` reads it (``beginner:15,intermediate:6,expert:2``, then
        ``,end`` when a loss ends the trial)."""
        return ",".join(f"{level}:{n}" for level, n in self.runs()) + (",end" if self.loss_ends else "")


SETS = {
    "beginner10": TrialSet("beginner10", ("beginner",) * 10),
    "vienna": TrialSet("vienna", ("beginner",) * 15 + ("intermediate",) * 6 + ("expert",) * 2),
}
"""The sets with names (Viennasweeper's two): a lost game adds its level's penalty."""


def named(games: tuple[str, ...], loss_ends: bool) -> TrialSet:
    """The set of ``games`` and ``loss_ends``, under a name of :data:`SETS` when it is one, else ``custom``."""
    for trial_set in SETS.values():
        if trial_set.games == games and trial_set.loss_ends == loss_ends:
            return trial_set
    return TrialSet("custom", games, loss_ends)


def parse_set(text: str) -> TrialSet:
    """The set written ``LEVEL:COUNT,LEVEL:COUNT...`` (levels of :data:`TRIAL_LEVELS`, ``8x8``
    for ``beginner_8x8``; a count 1 to :data:`MAX_GAMES`), optionally ending ``,end`` (a loss
    ends the trial) or ``,penalty`` (the default: a loss adds its level's penalty); or a
    name of :data:`SETS`.

    Raises:
        TrialError: a part is not ``LEVEL:COUNT``, a level is unknown, a count is out of
            range, or the set has more than :data:`MAX_GAMES` games; the message says which.
    """
    words = str(text).strip().lower()
    if words in SETS:
        return SETS[words]
    games: list[str] = []
    loss_ends = False
    parts = [part.strip() for part in words.split(",")]
    if not words or not any(parts):
        raise TrialError(N_("a trial set is written LEVEL:COUNT,... like {example}"), example="beginner:5,intermediate:2")
    for part in parts:
        if part in ("end", "penalty"):
            loss_ends = part == "end"
            continue
        level, colon, number = part.partition(":")
        level = {"8x8": "beginner_8x8", "9x9": "beginner"}.get(level.strip(), level.strip())
        if not colon or level not in TRIAL_LEVELS:
            raise TrialError(N_("{part} is not a trial set's part: write LEVEL:COUNT (levels {levels}), "
                                "then ,end if a loss ends the trial"),
                             part=repr(part[:40]), levels=", ".join(TRIAL_LEVELS))
        if not number.strip().isdigit() or not 1 <= int(number) <= MAX_GAMES:
            raise TrialError(N_("{part}: a count of games is 1 to {most}"), part=repr(part[:40]), most=MAX_GAMES)
        games += [level] * int(number)
    if not games:
        raise TrialError(N_("a trial set is written LEVEL:COUNT,... like {example}"), example="beginner:5,intermediate:2")
    if len(games) > MAX_GAMES:
        raise TrialError(N_("a trial has at most {most} games; this set has {count}"), most=MAX_GAMES, count=len(games))
    return named(tuple(games), loss_ends)


@dataclass(frozen=True)
class TrialCode:
    """A trial as its code names it: the set and the seed its boards derive from (0 to 2^40 - 1)."""

    trial_set: TrialSet
    seed: int

    def boards(self) -> list[BoardCode]:
        """The boards of its games, in order (:func:`trial_boards`)."""
        return trial_boards(self)

    def text(self) -> str:
        """Its code (:func:`encode`)."""
        return encode(self)


def new_trial(trial_set: TrialSet, rng: random.Random | None = None) -> TrialCode:
    """A trial of ``trial_set`` with a fresh seed drawn from ``rng`` (default: a new Random)."""
    return TrialCode(trial_set, (rng or random.Random()).randrange(SEED_RANGE))


def trial_boards(code: TrialCode) -> list[BoardCode]:
    """Game ``i``'s board for every ``i``, by the rule in the module's docstring: a BoardCode of
    its level (``opening`` rule, not no-guess) with a seed and a start cell."""
    boards = []
    for index, level in enumerate(code.trial_set.games):
        digest = hashlib.sha256(f"minesweeper-trial/{TRIAL_VERSION}/{code.seed}/{index}".encode("ascii")).digest()
        rng = StableRandom(int.from_bytes(digest[:8], "big"))
        rows, cols, mines = LEVEL_SIZES[level]
        seed = rng.randrange(SEED_RANGE)
        start = divmod(rng.randrange(rows * cols), cols)
        boards.append(BoardCode(rows, cols, mines, "opening", False, seed=seed, start=start))
    return boards


def encode(code: TrialCode) -> str:
    """The text of ``code``: ``MT1-`` and, in Crockford base32 in groups of five, its payload
    (a flags byte, the number of runs, each run's level number and count, the seed; varints)
    and a 3-byte check."""
    runs = [(TRIAL_LEVELS.index(level), n) for level, n in code.trial_set.runs()]
    payload = bytes([_LOSS_ENDS if code.trial_set.loss_ends else 0]) + varint(len(runs))
    payload += b"".join(varint(n) + varint(k) for n, k in runs) + varint(code.seed)
    return checked_text(TRIAL_TEXT, payload)


def looks_like_code(text: str) -> bool:
    """``text`` starts as a trial code does (``MT`` and a digit), so a message about it is a code's."""
    return bool(re.match(r"\s*MT\d", str(text), re.IGNORECASE))


def decode(text: str) -> TrialCode:
    """The trial a code names; reads as forgivingly as a board code (any case, spaces and
    dashes anywhere, O for 0, I and L for 1).

    Raises:
        TrialError: not a trial code, made by a newer version, does not check (mistyped or
            cut short), or names a set this game cannot play; the message says which.
    """
    payload = checked_payload(TRIAL_TEXT, str(text))
    try:
        flags = payload[0]
        count, at = read_varint(payload, 1)
        games: list[str] = []
        for _ in range(min(count, MAX_GAMES + 1)):
            number, at = read_varint(payload, at)
            many, at = read_varint(payload, at)
            if number >= len(TRIAL_LEVELS) or len(games) + many > MAX_GAMES:
                raise ValueError("set")
            games += [TRIAL_LEVELS[number]] * many
        seed, at = read_varint(payload, at)
    except (IndexError, ValueError, Explained):
        raise TrialError(N_("the trial code names a set this game cannot play")) from None
    if flags & ~_LOSS_ENDS or at != len(payload) or not games or seed >= SEED_RANGE:
        raise TrialError(N_("the trial code names a set this game cannot play"))
    return TrialCode(named(tuple(games), bool(flags & _LOSS_ENDS)), seed)


def trial_of(text: str, rng: random.Random | None = None) -> TrialCode:
    """``--trial``'s value: a set's name (:data:`SETS`; a fresh seed from ``rng``), or a trial code.

    Raises:
        TrialError: neither (an unknown set name, or a code that does not decode: its message).
    """
    words = str(text).strip().lower()
    if words in SETS:
        return new_trial(SETS[words], rng)
    if looks_like_code(words):
        return decode(text)
    raise TrialError(N_("{name} is not a trial set nor a trial code: sets {sets}, or a code like {example}"),
                     name=repr(str(text)[:40]), sets=", ".join(SETS), example=EXAMPLE)


@dataclass
class GameResult:
    """One game of a trial: its level, its time (ms, its own clock), won or lost, its record's id (or None)."""

    level: str
    time_ms: int
    won: bool
    record_id: int | None = None

    @property
    def penalty_ms(self) -> int:
        """The penalty a loss adds (0 for a win)."""
        return 0 if self.won else PENALTY_MS[self.level]


@dataclass
class TrialRun:
    """A trial in play: its code, its boards, and the games played so far.

    Attributes:
        code: the trial (set and seed).
        boards: the boards of its games (:func:`trial_boards`).
        results: the games played, in order.
        ended: the trial stopped before its last game (a loss in a set whose losses end it,
            or a game left in progress).
    """

    code: TrialCode
    boards: list[BoardCode] = field(default_factory=list)
    results: list[GameResult] = field(default_factory=list)
    ended: bool = False

    def __post_init__(self) -> None:
        if not self.boards:
            self.boards = trial_boards(self.code)

    @property
    def index(self) -> int:
        """The number of the game in play or next, from 0."""
        return len(self.results)

    @property
    def count(self) -> int:
        """The trial's number of games."""
        return len(self.boards)

    @property
    def over(self) -> bool:
        """Every game played, or the trial ended."""
        return self.ended or self.index >= self.count

    @property
    def finished(self) -> bool:
        """Every game played and the trial not ended."""
        return not self.ended and self.index >= self.count

    def board(self) -> BoardCode:
        """The board of the game in play or next.

        Raises:
            IndexError: the trial is over.
        """
        if self.over:
            raise IndexError("the trial is over")
        return self.boards[self.index]

    def level(self) -> str:
        """The level of the game in play or next (the last game's once over)."""
        return self.code.trial_set.games[min(self.index, self.count - 1)]

    def add(self, time_ms: int, won: bool, record_id: int | None = None) -> GameResult:
        """The game in play ended after ``time_ms`` of its clock, won or lost; a loss ends the
        trial when its set says so.

        Raises:
            IndexError: the trial is over.
        """
        if self.over:
            raise IndexError("the trial is over")
        result = GameResult(self.level(), int(time_ms), bool(won), record_id)
        self.results.append(result)
        if not won and self.code.trial_set.loss_ends:
            self.ended = True
        return result

    def stop(self) -> None:
        """The trial ends here (a game left in progress, the player leaving)."""
        self.ended = True

    @property
    def played_ms(self) -> int:
        """The games' own times added up, ms."""
        return sum(r.time_ms for r in self.results)

    @property
    def penalty_ms(self) -> int:
        """The penalties so far, ms (none in a set whose losses end the trial)."""
        return 0 if self.code.trial_set.loss_ends else sum(r.penalty_ms for r in self.results)

    @property
    def total_ms(self) -> int:
        """The trial's total: the games' times and the penalties, ms."""
        return self.played_ms + self.penalty_ms

    def live_ms(self, game_ms: float) -> int:
        """The total while a game is in play, its clock at ``game_ms``."""
        return self.total_ms + int(game_ms)
