"""A recorded game's move log (game.midend.match.Match.log_data, kept by the records) as a
:class:`game.replay.events.Replay`, and ``--save-replay ID|last FILE.evf``'s file
(its command is game.commands.replay_commands.run_save_replay, which opens the records).

What the file's events are (docs/replays-labels.md says it for players):

- A game whose moves were all made by the pointer (log version 2: every move's source
  ``mouse`` or ``left_chord``; version 1: ``pointer_gaps`` 0 and some motion in the
  pointer) is written from its real pointer stream only: every press, release and motion
  at its real point, scaled from the log's cell size to the formats' 16 px, and its real
  time. Never clicks made up at cell centres.
- Moves made otherwise (sources ``keyboard``, ``console``, ``autoplay``) become a click at
  their cell's centre at their logged time (a chord as both buttons), merged in time
  order with the real pointer stream (in the same ms after the pointer's events, but
  before them when a move the pointer made follows in that ms: :func:`merged_events`) (a console move's click is not added twice when the
  pointer already holds it). A version 1 log with a pointer but no motion is a console
  game: its pointer is the console's clicks at cell centres.
- A version 1 log with ``pointer_gaps`` (old records: which moves were keyboard, autoplay
  or a left-click chord is not known) and a game with a move taken back (``undone``,
  ``history``: the formats cannot undo) are reconstructed from the moves that stand: each
  a click at its cell's centre.
- A left click on a number that chorded (source ``left_chord``, this game's option, on by
  default) is a move the formats' rules lack: ms-toollib takes a left click on a number as
  a plain left click. It is written as the chord the formats have, with both buttons at
  the same point and time: a right press just before that left release and a right
  release just after it (:func:`both_button_chords`), so the file plays to the game's end
  in ms-toollib and in our viewer, and is labelled so. A left click on a number that
  chorded nothing (too few flags) is a plain left click in both rules, and stays one.

The log is replayed once for all of that (:func:`told`: which left clicks chorded, for
the events and the label, and the position it ends in, which ``--save-replay`` checks the
file's events against), not once for each.

The file says which of these it is: labels in square brackets after the program's name
and version in the EVF ``software`` string (:data:`LABELS`), the one free-text field that
ms-toollib and Metasweeper show. The header's fair and official bits and its game mode
follow the EVF standard and Metasweeper (:func:`labels_of`), and its checksum stays empty:
docs/replays-labels.md says why.

Pixels off the board are written as the formats write them (just past the bottom-right
corner), and times are the game's (the first reveal at 0 ms; input before it at 0).
The player's lines are in the language in use (game.i18n); the errors carry their facts
(:class:`LogError` is game.messages.Explained: ``str`` English, ``describe`` translated).
No pygame here.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from typing import Iterable

from game import NAME, __version__
from game.rules.board import LEVEL_SIZES, Config, neighbours
from game.rules.bv import bv_parts
from game.i18n import LEVEL_NAMES, N_, _, level_name, number
from game.messages import Explained, file_name
from game.midend.log_checks import DamagedLog
from game.replay.events import CELL_PX, Action, PointerEvent, Replay, formats_point
from game.midend.counters import pointer_move_follows
from game.midend.match import Match, Played, Source
from game.replay.files import check_evf_name, write_evf
from game.replay.player import Timeline

RESULT_WORDS = {"won": N_("won"), "lost": N_("lost"), "abandoned": N_("abandoned")}  # a game's end
MOVE_CLICKS = {  # a logged move -> the clicks that make it in the formats
    "reveal": (Action.LEFT_PRESS, Action.LEFT_RELEASE),
    "flag": (Action.RIGHT_PRESS, Action.RIGHT_RELEASE),
    "chord": (Action.LEFT_PRESS, Action.RIGHT_PRESS, Action.LEFT_RELEASE, Action.RIGHT_RELEASE),
}
POINTER_SOURCES = frozenset({"mouse", "left_chord"})  # a version 2 move made by the pointer
CENTRED_SOURCES = ("keyboard", "console", "autoplay")  # written as clicks at cell centres
PRESSES = frozenset({Action.LEFT_PRESS, Action.RIGHT_PRESS, Action.MIDDLE_PRESS})
# Our levels -> Metasweeper's level code, which ms-toollib gives a file from its size (EVF version
# 4 has no level field; constants.py LEVEL_BEGINNER = 3 ... LEVEL_CUSTOM = 6): 9x9 Beginner is 6.
EVF_LEVELS = {"beginner_8x8": 3, "intermediate": 4, "expert": 5}
EVF_CUSTOM = 6

LABELS = {  # what the file's events are -> its label in the EVF software string (English: data)
    "centred": "{sources} moves as clicks at cell centres",
    "left_chord": "left-click chords as both-button chords",
    "reconstructed": "reconstructed from moves: clicks at cell centres",
    "first_click": "first click: {rule}",
    "filtered": "board dealt with 3BV at least {min_bv}",
    "touch": "played by touch: taps as left clicks, long presses as right clicks",
}
FIRST_CLICK_WORDS = {"opening": "always an opening", "classic": "a mine under it moves to the top-left corner"}
# Metasweeper's game modes (EVF header; src/config/constants.py MODE_*, the EVF standard's list)
MODE_STANDARD, MODE_UPK, MODE_WIN7, MODE_CLASSIC_NO_GUESS = 0, 1, 4, 5


@dataclass(frozen=True)
class Labels:
    """What the EVF header says of a game (docs/replays-labels.md): ``fair`` no aid (hint,
    probability overlay, autoplay, undo), ``official`` fair on a standard board and mode,
    ``mode`` Metasweeper's code, ``questions`` question marks on, ``tags`` the software
    string's labels (keys of :data:`LABELS`, formatted)."""

    fair: bool
    official: bool
    mode: int
    questions: bool
    tags: tuple[str, ...] = ()


class LogError(Explained, ValueError):
    """A log that cannot become a replay: a template marked with ``N_`` and the values it
    names (game.messages.Explained); ``describe(err)`` is the player's sentence."""


def log_version(data: dict) -> int:
    """The log's layout version: 2 when its moves carry their source, else 1."""
    moves = data.get("moves") or []
    return 2 if data.get("version", 1) >= 2 or any(len(row) > 4 for row in moves) else 1


def move_sources(data: dict) -> list[str | None]:
    """Each move's source (version 2), or None for each (version 1: not known)."""
    return [row[4] if len(row) > 4 else None for row in data.get("moves") or []]


def centred_sources(data: dict) -> list[str]:
    """The sources of a version 2 log's moves that the pointer does not show (keyboard,
    console, autoplay, in that order, then any other), each once."""
    found = set(move_sources(data)) - POINTER_SOURCES - {None}
    return [s for s in CENTRED_SOURCES if s in found] + sorted(found - set(CENTRED_SOURCES))


def taken_back(data: dict) -> bool:
    """True when a move of the log ``data`` was taken back (version 1's ``undone``, version
    2's ``help.undos`` or an "undo" entry of its ``history``): the formats cannot undo."""
    history = data.get("history") or ()
    return bool(data.get("undone") or (data.get("help") or {}).get("undos")
                or any(entry and entry[0] == "undo" for entry in history))


def kind_of(data: dict) -> str:
    """How the file's events are made from the log ``data`` (see the module docstring):
    ``pointer`` the real pointer stream only, ``merged`` it and clicks at the centres of
    the moves it does not show, ``console`` a version 1 console game's clicks, or
    ``reconstructed`` clicks at the centres of the moves that stand."""
    if taken_back(data):
        return "reconstructed"
    if log_version(data) >= 2:
        return "merged" if centred_sources(data) else "pointer"
    if data.get("pointer_gaps"):
        return "reconstructed"
    return "console" if _console_clicks(data) else "pointer"


def _console_clicks(data: dict) -> bool:
    """True when a version 1 log's pointer is a console game's (game.midend.match.Match.command):
    at the formats' cell size, no motion (the window always logs some) and every press at
    a cell's centre."""
    pointer = data.get("pointer") or []
    half = CELL_PX // 2
    return ((data.get("cell") or CELL_PX) == CELL_PX and bool(pointer)
            and all(action != Action.MOVE.value and (action not in ("lc", "rc", "mc") or (x % CELL_PX, y % CELL_PX)
                                                     == (half, half)) for _, action, x, y in pointer))


def pointer_events(data: dict) -> tuple[PointerEvent, ...]:
    """The log's pointer input at 16 px per cell (see the module docstring)."""
    rows, cols, cell = data["rows"], data["cols"], data.get("cell") or CELL_PX
    events = []
    for ms, action, x, y in data["pointer"]:
        px, py = formats_point(x, y, cell, rows, cols)
        events.append(PointerEvent(int(ms), Action(action), px, py))
    return tuple(events)


def move_events(data: dict, sources: frozenset[str] | None = None) -> tuple[PointerEvent, ...]:
    """Events made from the log's moves: each a click at its cell's centre at its time;
    with ``sources``, only the moves of those sources (version 2)."""
    events = []
    for row in data["moves"]:
        ms, kind, r, c = row[:4]
        if sources is not None and (row[4] if len(row) > 4 else None) not in sources:
            continue
        x, y = c * CELL_PX + CELL_PX // 2, r * CELL_PX + CELL_PX // 2
        events += [PointerEvent(int(ms), action, x, y) for action in MOVE_CLICKS[kind]]
    return tuple(events)


def merged_events(data: dict, real: tuple[PointerEvent, ...] | None = None) -> tuple[PointerEvent, ...]:
    """The real pointer stream (``real``: :func:`pointer_events`, worked out when not
    given) with a click at the centre of each move it does not show
    (:func:`centred_sources`), in time order; at the same time, the pointer's events
    first, but for a move followed in its ms by a move the pointer made, which came after it
    (game.midend.counters.pointer_move_follows; a flag put with the keys before the opening
    too, so the opening's flood leaves it as the game did): its click goes before the
    pointer's events of that ms; and never inside the pointer's own press and release
    (:func:`_unnested`). A move whose cell the pointer already pressed at that time (a console
    command's click, when the log keeps it) is not added again."""
    real = pointer_events(data) if real is None else real
    rows, cols = data["rows"], data["cols"]
    pressed = {(e.time_ms, e.cell(rows, cols)) for e in real if e.action in PRESSES}
    centred = frozenset(centred_sources(data))
    match = Match.from_log(data, standing=True)
    first = []  # per centred move: its click goes before the pointer's events of its ms
    for i, entry in enumerate(match.script):
        match.step()
        if entry.source.value in centred:
            first.append(pointer_move_follows(match.script, i))
    ranked = [(e.time_ms, 1, e, None) for e in real]
    for number, (click, before) in enumerate(zip(_clicks(move_events(data, centred)), first)):
        if (click[0].time_ms, click[0].cell(rows, cols)) not in pressed:
            ranked += [(e.time_ms, 0 if before else 2, e, number) for e in click]
    ranked.sort(key=lambda item: item[:2])  # stable within a rank
    return _unnested([(e, number) for _, _, e, number in ranked])


_PRESS_OF = {Action.LEFT_RELEASE: Action.LEFT_PRESS, Action.RIGHT_RELEASE: Action.RIGHT_PRESS,
             Action.MIDDLE_RELEASE: Action.MIDDLE_PRESS}


def _unnested(merged: list[tuple[PointerEvent, int | None]]) -> tuple[PointerEvent, ...]:
    """The merged stream with no added click inside the pointer's own press and release
    (``merged``: each event with the number of the added click it belongs to, None for the
    pointer's own). One pointer cannot press twice, so a move made with the keys while a
    mouse button was held (pressed at t0, the key at t, released after) would read in the
    file as a press inside a press, and play as another move, or none. Written instead as
    the file can say it, with every move at its own time and in its own order:

    - a left or middle button held (its press changes nothing on the board): its press is
      written after the added click, at the click's time (the press comes later than it
      did; the move it makes, at its release, does not);
    - the right button held (its press placed or took off a flag, at t0): the added click
      is written just after that button's release, at the release's time (the release
      changes nothing): the move then reads a little later than it was made, never before a
      move it came after.
    """
    out: list[tuple[PointerEvent, int | None]] = []
    held: dict[Action, int] = {}  # a real press not released yet -> its index in ``out``
    waiting: list[tuple[PointerEvent, int | None]] = []  # added clicks held back until the right release
    at = 0
    while at < len(merged):
        event, number = merged[at]
        if number is None:
            out.append((event, None))
            if event.action in PRESSES:
                held[event.action] = len(out) - 1
            elif event.action in _PRESS_OF:
                held.pop(_PRESS_OF[event.action], None)
                if waiting and not held:
                    out += [(replace(e, time_ms=event.time_ms), n) for e, n in waiting]
                    waiting = []
            at += 1
            continue
        group = []
        while at < len(merged) and merged[at][1] == number:
            group.append(merged[at])
            at += 1
        if not held:
            out += group
        elif Action.RIGHT_PRESS in held or waiting:
            waiting += group
        else:  # left and/or middle held: their presses move after the click, to its time
            moved = sorted(held.values())
            presses = [out[i] for i in moved]
            for i in reversed(moved):
                del out[i]
            out += group
            when = group[-1][0].time_ms
            for e, n in presses:
                out.append((replace(e, time_ms=max(e.time_ms, when)), n))
            held = {e.action: len(out) - len(presses) + k for k, (e, _) in enumerate(presses)}
    out += waiting
    return tuple(e for e, _ in out)


def _clicks(events: tuple[PointerEvent, ...]) -> list[tuple[PointerEvent, ...]]:
    """``events`` (from :func:`move_events`) cut into one click per move."""
    clicks: list[tuple[PointerEvent, ...]] = []
    at = 0
    while at < len(events):
        size = 4 if events[at + 1].action is Action.RIGHT_PRESS and events[at].action is Action.LEFT_PRESS else 2
        clicks.append(events[at:at + size])
        at += size
    return clicks


@dataclass(frozen=True)
class Told:
    """What one replay of a log gives (:func:`told`).

    Attributes:
        chords: (time in ms, (row, col)) of each move that was a left click on a number
            that chorded and changed the board (source ``left_chord``, not wasted), in the
            order played: the releases :func:`both_button_chords` writes with both buttons.
        look: every cell's appearance (row-major) at the end: the position the file's
            events must end in (:func:`ends_as_logged`).
    """

    chords: tuple[tuple[int, tuple[int, int]], ...]
    look: list[str]


def told(data: dict) -> Told:
    """Replay the log ``data`` once (game.midend.match.Match.from_log, every entry: the moves,
    a losing move taken back played where it stood, undo and redo) on a board without
    question marks, as the formats have it (so a flag placed three times is a flag, as in
    the file), and keep what the file needs of it: the left-click chords that changed the
    board and the final position (:class:`Told`). A 1000x1000 board's Game is about 200 MB:
    only the list of looks is kept.

    Raises:
        LogError: the log is damaged (it does not fit its board, or cannot be played).
    """
    try:
        match = Match.from_log(data, Config(data["rows"], data["cols"], len(data["mines"])))
        chords = []
        script = match.script
        while match.position < len(script):
            entry = script[match.position]
            try:
                outcome = match.step()
            except ValueError as err:
                raise ValueError(f"log: {err}") from None
            if (isinstance(entry, Played) and entry.source is Source.LEFT_CHORD and outcome is not None
                    and not outcome.wasted and not outcome.ignored):
                chords.append((entry.ms, entry.move.cell))
    except (KeyError, TypeError, ValueError) as err:
        raise LogError(N_("its move log is damaged ({error})"), error=str(err)) from None
    game = match.game
    return Told(tuple(chords), game.appearances(range(game.rows), range(game.cols)))


def left_chords(data: dict, story: Told | None = None) -> int:
    """How many moves of a version 2 log were a left click on a number that chorded and
    changed the board (a wasted one is a plain left click in the formats too), from the
    log's replay (``story``: :func:`told`'s, made when not given and the log has such a
    move).

    Raises:
        LogError: as :func:`told`.
    """
    if story is None:
        if "left_chord" not in move_sources(data):
            return 0
        story = told(data)
    return len(story.chords)


def both_button_chords(data: dict, events: tuple[PointerEvent, ...],
                       story: Told | None = None) -> tuple[PointerEvent, ...]:
    """``events``, the pointer events a file of the log ``data`` is made of (at 16 px a cell),
    with each left click on a revealed number that chorded and changed the board (our
    option, a move of source ``left_chord``) written as the formats' chord with both
    buttons: a right press just before its left release and a right release just after it,
    at the release's point and time. ms-toollib (Arbiter's and Viennasweeper's rules)
    chords at a left release while the right button is down, and the right release after
    it does nothing. Which moves chorded is the log's replay's (``story``: :func:`told`'s,
    made when not given): each is written at the left release that made it, the last one
    on its cell at or before its time (the window logs the release, then the move it made);
    a left click on a number that chorded nothing stays a left click (one in both rules),
    and every other event is kept as it was. A log with no ``left_chord`` move gives
    ``events`` back.

    Raises:
        LogError: as :func:`told`.
    """
    if "left_chord" not in move_sources(data):
        return events
    chords = (told(data) if story is None else story).chords
    if not chords:
        return events
    rows, cols = data["rows"], data["cols"]
    chorded, start = set(), 0
    for ms, cell in chords:
        found = None
        for at in range(start, len(events)):
            event = events[at]
            if event.time_ms > ms:
                break
            if event.action is Action.LEFT_RELEASE and event.cell(rows, cols) == cell:
                found = at
        if found is not None:
            chorded.add(found)
            start = found + 1
    out: list[PointerEvent] = []
    for at, event in enumerate(events):
        if at in chorded:
            out += [replace(event, action=Action.RIGHT_PRESS), event, replace(event, action=Action.RIGHT_RELEASE)]
        else:
            out.append(event)
    return tuple(out)


def labels_of(data: dict, record, kind: str | None = None, story: Told | None = None) -> Labels:
    """The EVF header's labels of a recorded game (docs/replays-labels.md): its log ``data``
    and its GameRecord ``record``.

    Fair: no hint, probability overlay, autoplay or undo (the record's and the log's
    ``help``, an ``autoplay`` move, ``undone``). Mode, as Metasweeper writes it: 1 (UPK)
    for a layout the player could know (a loaded board, a retry, a chosen seed), else 5
    (classic no guess) for a no-guess board, else 4 (win7) for the first-click rule
    ``opening`` (0 when the board was too dense for it and fell back to ``safe``), else 0
    (standard: ``safe``, and ``classic``, labelled, which Metasweeper has no mode for).
    Official: fair, mode 0, the ``safe`` first-click rule, one of this game's standard levels
    (both Beginners: the 9x9 one reads as custom, level 6, to the EVF's readers; :data:`EVF_LEVELS`),
    no left click on a number that chorded (a rule the formats do not have: written as both
    buttons, :func:`both_button_chords`, and labelled), and a board not
    dealt under the 3BV filter (``min_bv``: labelled, never official), nor played by touch
    (the log's ``touch``, or the record's ``input``: labelled, never official: the ranking
    sites take mouse games only; the EVF has no field for it).
    ``kind``: how the events are made (default :func:`kind_of`), for the labels.
    ``story``: the log's replay (:func:`told`), when made already.

    Raises:
        LogError: as :func:`told` (a log with a left-click chord is replayed).
    """
    help_ = data.get("help") or {}
    sources = set(move_sources(data))
    fair = not (record.hints_used or record.probabilities_used or record.autoplay_used or record.undos
                or help_.get("hints") or help_.get("overlay") or help_.get("autoplay") or help_.get("undos")
                or taken_back(data) or "autoplay" in sources)
    rule = record.first_click or "opening"
    if record.layout_known:
        mode = MODE_UPK
    elif record.no_guess:
        mode = MODE_CLASSIC_NO_GUESS
    elif rule == "opening" and not _opening_fell_back(data, record):
        mode = MODE_WIN7
    else:
        mode = MODE_STANDARD
    standard_size = (record.level in LEVEL_SIZES  # one of our levels with best tables, 8x8 Beginner too
                     and LEVEL_SIZES[record.level] == (record.rows, record.cols, record.mines))
    kind = kind or kind_of(data)
    chorded = kind != "reconstructed" and left_chords(data, story) > 0  # a rule the formats lack: adapted
    min_bv = int(getattr(record, "min_bv", 0) or 0)  # dealt under the 3BV filter: a chosen board
    touch = bool(data.get("touch")) or getattr(record, "input", None) == "touch"
    official = (fair and mode == MODE_STANDARD and rule == "safe" and standard_size and not chorded
                and not min_bv and not touch)
    tags = []
    if kind == "merged":
        tags.append(LABELS["centred"].format(sources=", ".join(centred_sources(data))))
    elif kind in ("console", "reconstructed"):
        tags.append(LABELS["reconstructed"] if kind == "reconstructed"
                    else LABELS["centred"].format(sources="console"))
    if chorded:
        tags.append(LABELS["left_chord"])
    if rule == "classic" and mode == MODE_STANDARD:
        tags.append(LABELS["first_click"].format(rule=FIRST_CLICK_WORDS["classic"]))
    if min_bv:
        tags.append(LABELS["filtered"].format(min_bv=min_bv))
    if touch:
        tags.append(LABELS["touch"])
    questions = bool((data.get("options") or {}).get("questions"))
    return Labels(fair=bool(fair), official=bool(official), mode=mode, questions=questions, tags=tuple(tags))


def _opening_fell_back(data: dict, record) -> bool:
    """True when the ``opening`` rule could not keep the first click's neighbours free
    (game.rules.board.lay_mines: too few free cells) and the board was laid as ``safe``."""
    first = next(((r, c) for _, kind, r, c, *_ in data.get("moves") or [] if kind in ("reveal", "chord")), None)
    if first is None:
        return False
    block = 1 + sum(1 for _ in neighbours(first, record.rows, record.cols))
    return record.rows * record.cols - block < record.mines


def program_of(labels: Labels) -> str:
    """The EVF software string: the program and version, then the labels in brackets."""
    base = f"{NAME} {__version__}"
    return f"{base} [{'; '.join(labels.tags)}]" if labels.tags else base


def replay_of(data: dict, record, from_moves: bool = False) -> Replay:
    """The Replay of a recorded game as ``--save-replay`` writes it: its log ``data`` and
    its GameRecord ``record`` (time, won, player name, level, rules, help), events as the
    module docstring says, labelled (:func:`labels_of`). ``from_moves``: events made from
    the moves that stand instead (clicks at cell centres; the viewer's and the statistics'
    fallback), labelled as reconstructed.

    Raises:
        LogError: the game started from a loaded position (the formats start from a
            covered board), or the log is not one this game writes.
    """
    return labelled_replay(data, record, from_moves).replay


@dataclass(frozen=True)
class Written:
    """:func:`replay_of`'s Replay with what it was made from: its ``labels``, the log's
    ``pointer`` stream (:func:`pointer_events`; empty for one made from the moves) and the
    log's replay ``story`` (:func:`told`), or None when it needed none (no left-click chord,
    or made from the moves)."""

    replay: Replay
    labels: Labels
    pointer: tuple[PointerEvent, ...]
    story: Told | None


def labelled_replay(data: dict, record, from_moves: bool = False, story: Told | None = None) -> Written:
    """:func:`replay_of`, with what it was made from (:class:`Written`), so that nothing is
    worked out twice: the log is replayed at most once (``story``: :func:`told`'s, when
    made already), and only for a left-click chord.

    Raises:
        LogError: as :func:`replay_of`.
    """
    if data.get("start") or data.get("start_flags"):
        raise LogError(N_("it started from a loaded position, and replay files start from a covered board"))
    try:
        mines = frozenset((r, c) for r, c in data["mines"])
        kind = "reconstructed" if from_moves else kind_of(data)
        pointer: tuple[PointerEvent, ...] = ()
        if kind == "reconstructed":
            events = move_events(data)
        else:
            if story is None and "left_chord" in move_sources(data):
                story = told(data)
            pointer = pointer_events(data)
            events = both_button_chords(data, merged_events(data, pointer) if kind == "merged" else pointer, story)
        labels = labels_of(data, record, kind, story)
        replay = Replay(rows=data["rows"], cols=data["cols"], mines=mines, events=events,
                        time_ms=record.time_ms, completed=bool(record.won),
                        bbbv=bv_parts(mines, data["rows"], data["cols"]).value, player=record.name,
                        program=program_of(labels), is_fair=labels.fair, is_official=labels.official,
                        mode=labels.mode, questions=labels.questions)
        return Written(replay, labels, pointer, story if kind != "reconstructed" else None)
    except LogError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise LogError(N_("its move log is damaged ({error})"), error=str(err)) from None


HOW = {  # kind_of -> how the player's line says the file was made
    "pointer": N_("its pointer input"),
    "console": N_("its pointer input"),  # the console's clicks: Match.command logs them as its pointer
    "merged": N_("its pointer input, with a click at the cell of each move made without it (keyboard, "
                 "console or autoplay)"),
    "reconstructed": N_("clicks at the cells of its moves (some were made with the keyboard, autoplay or a "
                        "left-click chord)"),
}


def ends_as_logged(replay: Replay, data: dict, story: Told | None = None) -> bool:
    """True when ``replay`` played back by the gesture interpreter (game.replay.player.Timeline,
    game.midend.gestures: the formats' click rules, as ms-toollib plays the file) shows the final
    position of the log ``data``'s moves (``story``: the log's replay, :func:`told`'s, made
    when not given).

    Raises:
        LogError: as :func:`told`.
    """
    look = (told(data) if story is None else story).look  # first: the log's Game is gone before the timeline
    return Timeline(replay).final_look() == look


def logged_look(data: dict) -> list[str]:
    """Every cell's appearance (row-major) after the log ``data``'s moves (:func:`told`).

    Raises:
        LogError: the log is damaged.
    """
    return told(data).look


def save_replay(store, which: str, path: str, kept: Iterable[tuple[str | os.PathLike, object]] = ()) -> str:
    """Write the recorded game ``which`` (an id, or ``last``) of ``store`` to ``path`` as EVF;
    returns a line for the player saying what was written. ``path`` is never one of
    ``kept``, the files the game keeps (game.records.paths.kept_files).

    Raises:
        LogError: no such game, no log (recorded before logs were kept), or a log that
            cannot be a replay.
        ReplayFileError: the file cannot be built or written.
    """
    check_evf_name(path)  # a wrong name is told first, whatever the game
    record = find_game(store, which)
    data = recorded_log(store, record)
    kind = kind_of(data)
    checked = kind != "reconstructed" and bool(data.get("moves"))
    loaded = data.get("start") or data.get("start_flags")  # (refused by labelled_replay, first)
    story = told(data) if checked and not loaded else None  # the log replayed once: its chords and its end
    written = labelled_replay(data, record, story=story)
    replay = written.replay
    if story is not None and not ends_as_logged(replay, data, story):
        raise LogError(N_("game {id}'s pointer input does not play back to the game recorded"), id=record.id)
    replaced = write_evf(path, replay, kept)
    how = _(HOW[kind])
    if LABELS["left_chord"] in written.labels.tags:
        how += _("; its left clicks on a number that chorded were written as chords with both buttons, "
                 "which the format has (the file says so)")
    result = "won" if record.won else "abandoned" if record.abandoned else "lost"
    line = _("game {id} ({level} {rows}x{cols}, {result}, {seconds} s) written to {file} from {how}").format(
        id=record.id, level=_level_word(record.level), rows=record.rows, cols=record.cols, result=_(RESULT_WORDS[result]),
        seconds=number(record.time_ms / 1000, 3), file=file_name(path), how=how)
    return line + " " + _("(it replaced the file that was there)") if replaced else line


def _level_word(level: str) -> str:
    """A level as --save-replay's line names it: its name in the language in use
    ("Principiante"); in English its key as it always was ("beginner": tools read the line)."""
    msgid = LEVEL_NAMES.get(level)
    if msgid is None or _(msgid) == msgid:
        return level
    return level_name(level)


def recorded_log(store, record) -> dict:
    """The move log of ``record``, a recorded game of ``store`` (a RecordStore), unpacked and
    checked against its board (game.midend.log_checks).

    Raises:
        LogError: the game has no log (recorded before logs were kept), or its log is damaged
            (the message says how).
    """
    try:
        data = store.read_log(record)
    except DamagedLog as err:
        raise LogError(N_("game {id}: its move log is damaged ({error})"), id=record.id, error=err) from None
    if data is None:
        raise LogError(N_("game {id} has no move log (it was recorded before logs were kept)"), id=record.id)
    return data


def find_game(store, which: str):
    """The GameRecord of ``store`` (a RecordStore) that ``which`` names: its id, or ``last``.

    Raises:
        LogError: no game is recorded yet, ``which`` is not a game's id, or no game has it.
    """
    if which == "last":
        games = store.games()
        if not games:
            raise LogError(N_("no game is recorded yet"))
        return games[-1]
    try:
        record_id = int(which)
    except ValueError:
        raise LogError(N_("{which} is not a game: give a game's id (see --export-stats) or last"),
                       which=repr(which)) from None
    record = store.game(record_id) if 0 < record_id < 2**63 else None  # beyond SQLite's integers: no game
    if record is None:
        raise LogError(N_("no game has the id {id} (see --export-stats for the ids)"), id=record_id)
    return record
