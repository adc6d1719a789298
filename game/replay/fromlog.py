"""A recorded game's move log (game.match.Match.log_data, kept by the records) as a
:class:`game.replay.events.Replay`, and ``--save-replay ID|last FILE.evf``.

The log's pointer input is the replay's events, unless some moves were not made by it
(``pointer_gaps``: the keyboard, autoplay, a chord by a left click on a number): its pixels are scaled from the log's cell
size to the formats' 16 px, a point off the board is written as the formats write it (just
past the bottom-right corner), and its times are the game's (the first reveal at 0 ms; input
before it at 0). When that pointer path does not replay to the recorded result under
ms-toollib's rules (a chord made by a left click on a number, an option of this game the
formats do not have), the events are made from the logged moves instead: each move a click
at its cell's centre at its time (a chord as both buttons), which always replays the moves.
The player's lines are in the language in use (game.i18n); the errors carry their facts
(:class:`LogError` is game.messages.Explained: ``str`` English, ``describe`` translated).
No pygame here.
"""

from __future__ import annotations

import sys

from game.bv import bv_parts
from game.i18n import N_, _, number
from game.messages import Explained, describe, error_line
from game.replay.events import CELL_PX, Action, PointerEvent, Replay
from game.replay.files import ReplayFileError, check_evf_name, write_evf

RESULT_WORDS = {"won": N_("won"), "lost": N_("lost"), "abandoned": N_("abandoned")}  # a game's end
MOVE_CLICKS = {  # a logged move -> the clicks that make it in the formats
    "reveal": (Action.LEFT_PRESS, Action.LEFT_RELEASE),
    "flag": (Action.RIGHT_PRESS, Action.RIGHT_RELEASE),
    "chord": (Action.LEFT_PRESS, Action.RIGHT_PRESS, Action.LEFT_RELEASE, Action.RIGHT_RELEASE),
}


class LogError(Explained, ValueError):
    """A log that cannot become a replay: a template marked with ``N_`` and the values it
    names (game.messages.Explained); ``describe(err)`` is the player's sentence."""


def pointer_events(data: dict) -> tuple[PointerEvent, ...]:
    """The log's pointer input at 16 px per cell (see the module docstring)."""
    rows, cols, cell = data["rows"], data["cols"], data.get("cell") or CELL_PX
    events = []
    for ms, action, x, y in data["pointer"]:
        px, py = x * CELL_PX // cell, y * CELL_PX // cell
        if not (0 <= px < cols * CELL_PX and 0 <= py < rows * CELL_PX):
            px, py = cols * CELL_PX, rows * CELL_PX  # off the board, as the formats write it
        events.append(PointerEvent(int(ms), Action(action), px, py))
    return tuple(events)


def move_events(data: dict) -> tuple[PointerEvent, ...]:
    """Events made from the log's moves: each a click at its cell's centre at its time."""
    events = []
    for ms, kind, row, col in data["moves"]:
        x, y = col * CELL_PX + CELL_PX // 2, row * CELL_PX + CELL_PX // 2
        events += [PointerEvent(int(ms), action, x, y) for action in MOVE_CLICKS[kind]]
    return tuple(events)


def replay_of(data: dict, record, from_moves: bool = False) -> Replay:
    """The Replay of a recorded game: its log ``data`` and its GameRecord ``record`` (time,
    won, player name, date). ``from_moves``: events made from the moves, not the pointer.

    Raises:
        LogError: the game started from a loaded position (the formats start from a
            covered board), or the log is not one this game writes.
    """
    if data.get("start") or data.get("start_flags"):
        raise LogError(N_("it started from a loaded position, and replay files start from a covered board"))
    try:
        mines = frozenset((r, c) for r, c in data["mines"])
        events = move_events(data) if from_moves else pointer_events(data)
        return Replay(rows=data["rows"], cols=data["cols"], mines=mines, events=events,
                      time_ms=record.time_ms, completed=bool(record.won),
                      bbbv=bv_parts(mines, data["rows"], data["cols"]).value, player=record.name)
    except (KeyError, TypeError, ValueError) as err:
        raise LogError(N_("its move log is damaged ({error})"), error=str(err)) from None


def log_replays(data: dict, record) -> list[Replay]:
    """The replays of a recorded game to try, best first, as :func:`save_replay` tries them:
    its pointer path then clicks at its moves, or only the clicks when ``pointer_gaps``
    says some moves are not in the path.

    Raises:
        LogError: as :func:`replay_of`.
    """
    if data.get("pointer_gaps"):
        return [replay_of(data, record, from_moves=True)]
    replays = [replay_of(data, record)]
    if data.get("moves"):
        replays.append(replay_of(data, record, from_moves=True))
    return replays


def save_replay(store, which: str, path: str) -> str:
    """Write the recorded game ``which`` (an id, or ``last``) of ``store`` to ``path`` as EVF;
    returns a line for the player saying what was written.

    Raises:
        LogError: no such game, no log (recorded before logs were kept), or a log that
            cannot be a replay.
        ReplayFileError: the file cannot be built or written.
    """
    check_evf_name(path)  # a wrong name is told first, whatever the game
    record = _find(store, which)
    data = store.log(record.id)
    if data is None:
        raise LogError(N_("game {id} has no move log (it was recorded before logs were kept)"), id=record.id)
    if data.get("pointer_gaps"):  # keyboard or autoplay moves, left-click chords: not in the path
        write_evf(path, replay_of(data, record, from_moves=True))
        how = _("clicks at the cells of its moves (some were made with the keyboard, autoplay or a "
                "left-click chord)")
    else:
        try:
            write_evf(path, replay_of(data, record))
            how = _("its pointer input")
        except ReplayFileError as err:
            if not data.get("moves"):
                raise
            try:
                write_evf(path, replay_of(data, record, from_moves=True))
            except ReplayFileError:
                raise err from None
            how = _("clicks at the cells of its moves (its own pointer path does not replay in the format's rules)")
    result = "won" if record.won else "abandoned" if record.abandoned else "lost"
    return _("game {id} ({level} {rows}x{cols}, {result}, {seconds} s) written to {file} from {how}").format(
        id=record.id, level=record.level, rows=record.rows, cols=record.cols, result=_(RESULT_WORDS[result]),
        seconds=number(record.time_ms / 1000, 3), file=path, how=how)


def _find(store, which: str):
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
    record = store.game(record_id)
    if record is None:
        raise LogError(N_("no game has the id {id} (see --export-stats for the ids)"), id=record_id)
    return record


def run_save_replay(args) -> int:
    """``--save-replay ID|last FILE.evf``: 0 when written, 2 with one line on stderr otherwise."""
    from game.records.db import RecordStore
    from game.records.paths import DataDirError, db_path

    which, path = args.save_replay
    try:
        store = RecordStore.open(db_path(args.data_dir))
    except DataDirError as err:
        print(error_line(describe(err)), end="", file=sys.stderr)
        return 2
    try:
        print(save_replay(store, which, path))
        return 0
    except (LogError, ReplayFileError) as err:
        print(error_line(f"--save-replay {which} {path}: {describe(err)}"), end="", file=sys.stderr)
        return 2
    finally:
        store.close()
