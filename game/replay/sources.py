"""Where the viewer's replays come from: a recorded game of ours (its move log) or another
program's replay file, and ``--replay ID|last|FILE``'s check before any window opens.
No pygame here.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

from game.i18n import N_
from game.replay.events import Replay
from game.replay.files import FORMATS, ReplayFileError, read_replay
from game.replay.fromlog import LogError, _find, ends_as_logged, log_version, recorded_log, replay_of
from game.messages import describe, error_line


def recorded_replay(store, record) -> Replay:
    """The Replay of recorded game ``record`` (a GameRecord of ``store``, a RecordStore).

    Its events as ``--save-replay`` writes them (game.replay.fromlog); made from its moves
    (a click at each move's cell) when an old log does not say which moves the pointer
    shows (version 1 with ``pointer_gaps``), or when the events do not end in the recorded
    game's final position under the formats' click rules (a left click on a number that
    chorded).
    Raises:
        LogError: the game has no log (recorded before logs were kept), started from a loaded
            position, or its log is damaged.
    """
    return log_replay(recorded_log(store, record), record)


def log_replay(data: dict, record) -> Replay:
    """The Replay of a game from its move log ``data`` (game.match.Match.log_data) and its
    GameRecord ``record`` (time, won, player name), chosen as :func:`recorded_replay` says.

    Raises:
        LogError: the game started from a loaded position, or its log is damaged.
    """
    if log_version(data) < 2 and data.get("pointer_gaps"):  # which moves the pointer shows is not known
        return replay_of(data, record, from_moves=True)
    replay = replay_of(data, record)
    if data.get("moves") and not ends_as_logged(replay, data):
        replay = replay_of(data, record, from_moves=True)
    return replay


def is_replay_file(which: str) -> bool:
    """True when ``which`` names a replay file (by its extension) rather than a game."""
    return Path(which).suffix.lower() in FORMATS


def load_replay(which: str, data_dir: str | None = None) -> Replay:
    """``--replay``'s argument: a recorded game (its id, or ``last``) from the records in
    ``data_dir`` (default: the per-user folder), or an .evf/.avf/.rmv/.mvf file.

    Raises:
        LogError: no such game, no log, a loaded position, a damaged log, or an argument that
            is neither (the message says what is allowed).
        ReplayFileError: the file cannot be read (missing, damaged, truncated, unknown).
    """
    if is_replay_file(which):
        return read_replay(which)
    with recorded_game(which, data_dir) as (store, record):
        data = recorded_log(store, record)  # its errors name the game
        try:
            return log_replay(data, record)
        except LogError as err:
            raise LogError(N_("game {id}: {error}"), id=record.id, error=err) from None


@contextmanager
def recorded_game(which: str, data_dir: str | None = None):
    """A context giving (store, record): the RecordStore of ``data_dir`` (default: the
    per-user folder), open until the context ends, and the GameRecord ``which`` names (its
    id, or ``last``), for ``--replay`` and ``--review``.

    Raises:
        LogError: no such game, no records folder, or an argument that is neither a game nor
            a replay file (the message says what is allowed).
    """
    if which != "last" and not which.strip().isdigit():
        raise LogError(N_("{which} is neither a game (its id, as --export-stats lists, or last) "
                          "nor a replay file (.evf, .avf, .rmv or .mvf)"), which=repr(which))
    from game.records.db import RecordStore
    from game.records.paths import DataDirError, db_path
    try:
        store = RecordStore.open(db_path(data_dir))
    except DataDirError as err:
        raise LogError("{error}", error=err) from None  # its own words (described when shown)
    try:
        yield store, _find(store, which.strip())
    finally:
        store.close()


def prepare_replay(args) -> int | None:
    """``--replay``: read the replay into ``args.replay_loaded`` before any window opens;
    returns None when it was read, else 2 after one line on stderr naming the problem."""
    import sys

    try:
        args.replay_loaded = load_replay(args.replay, getattr(args, "data_dir", None))
    except (LogError, ReplayFileError) as err:
        print(error_line(f"--replay {args.replay}: {describe(err)}"), end="", file=sys.stderr)
        return 2
    return None


__all__ = ["LogError", "ReplayFileError", "ends_as_logged", "is_replay_file", "load_replay", "log_replay", "prepare_replay", "recorded_game", "recorded_replay"]
