"""``--replay ID|last|FILE`` and ``--save-replay ID|last FILE.evf``: the commands that join
the records and the replays. A recorded game is named by its id or ``last`` and read from
the records' store; a replay file is read as it is; the viewer gets its timeline
(game.replay.sources) and ``--save-replay`` its EVF (game.replay.fromlog.save_replay).
Above both packages, so that the replay package never opens the records. No pygame here.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path

from game.i18n import N_, _, ngettext
from game.messages import describe, error_line, file_name
from game.records.db import RecordStore
from game.records.paths import DataDirError, db_path, kept_files
from game.replay.beside import BoardsDiffer, check_same_board
from game.replay.events import Replay
from game.replay.files import ReplayFileError, read_replay
from game.replay.fromlog import LogError, find_game, recorded_log, save_replay
from game.replay.player import Timeline
from game.replay.sources import is_replay_file, recorded_timeline
from game.replay.race import Ghost, RaceError
from game.session import Session


def load_replay(which: str, data_dir: str | None = None) -> Replay:
    """``--replay``'s argument: a recorded game (its id, or ``last``) from the records in
    ``data_dir`` (default: the per-user folder), or an .evf/.avf/.rmv/.mvf file.

    Raises:
        LogError: no such game, no log, a loaded position, a damaged log, or an argument that
            is neither (the message says what is allowed).
        ReplayFileError: the file cannot be read (missing, damaged, truncated, unknown).
    """
    return load_timeline(which, data_dir).replay


def load_timeline(which: str, data_dir: str | None = None) -> Timeline:
    """:func:`load_replay`'s replay as the viewer's :class:`Timeline`, built once; a recorded
    game's has its id as ``record_id``.

    Raises:
        LogError, ReplayFileError: as :func:`load_replay`.
    """
    if is_replay_file(which):
        return Timeline(read_replay(which))
    with recorded_game(which, data_dir) as (store, record):
        handed = [recorded_log(store, record)]  # its errors name the game
        try:
            timeline = recorded_timeline(store, record, handed)
            timeline.record_id = record.id  # the viewer's B: this game beside the best of its board
            return timeline
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
    try:
        store = RecordStore.open(db_path(data_dir))
    except DataDirError as err:
        raise LogError("{error}", error=err) from None  # its own words (described when shown)
    try:
        yield store, find_game(store, which.strip())
    finally:
        store.close()


def prepare_replay(args) -> int | None:
    """``--replay``: read the replay into ``args.replay_loaded``, and its timeline into
    ``args.replay_timeline`` (the viewer's, built once), before any window opens; with
    ``--beside``, the second game's timeline into ``args.beside_timeline``, refused unless it
    is of the same board (game.replay.beside.check_same_board). Returns None when read, else
    2 after one line on stderr naming the problem."""
    try:
        args.replay_timeline = load_timeline(args.replay, getattr(args, "data_dir", None))
        args.replay_loaded = args.replay_timeline.replay
    except (LogError, ReplayFileError) as err:
        print(error_line(f"--replay {file_name(args.replay)}: {describe(err)}"), end="", file=sys.stderr)
        return 2
    beside = getattr(args, "beside", None)
    if beside:
        try:
            args.beside_timeline = load_timeline(beside, getattr(args, "data_dir", None))
            check_same_board(args.replay_timeline.replay, args.beside_timeline.replay)
        except (LogError, ReplayFileError, BoardsDiffer) as err:
            args.beside_timeline = None
            print(error_line(f"--beside {file_name(beside)}: {describe(err)}"), end="", file=sys.stderr)
            return 2
    return None


def prepare_race(args) -> int | None:
    """``--race``: read the replay (a file, or a recorded game by its id or ``last``) into
    ``args.race_ghost`` (a game.replay.race.Ghost) and its board into ``args.config`` (the
    player's question marks kept), before any game starts; with ``--code`` or ``--daily``
    their board must be the replay's (the same size and mines), and the race is then on the
    replay's board. Returns None when ready, else 2 after one line on stderr naming the
    problem (nothing is recorded)."""
    from dataclasses import replace

    shown = f"--race {file_name(args.race)}"
    try:
        ghost = Ghost(load_timeline(args.race, getattr(args, "data_dir", None)))
    except (LogError, ReplayFileError, RaceError) as err:
        print(error_line(f"{shown}: {describe(err)}"), end="", file=sys.stderr)
        return 2
    code = getattr(args, "board_code", None)
    if code is not None:
        opened = "--code" if getattr(args, "code", None) else "--daily"
        mines = Session().code_layout(code)
        if (code.rows, code.cols, code.mines) != (ghost.rows, ghost.cols, len(ghost.mines)) or mines != ghost.mines:
            print(error_line(_(BOARD_DIFFERS).format(
                race=shown, opened=opened, replay=board_words(ghost.rows, ghost.cols, len(ghost.mines)),
                board=board_words(code.rows, code.cols, code.mines))), end="", file=sys.stderr)
            return 2
    args.race_ghost = ghost
    args.board_code = args.daily_day = None  # the race is on the replay's board (the same mines)
    args.config = replace(ghost.code().config(), questions=getattr(args, "questions", False))
    return None


BOARD_DIFFERS = N_("{race}: the replay's board ({replay}) is not the board of {opened} ({board}): a race is "
                   "played on the replay's own board; drop {opened}, or race a replay of that board")


def board_words(rows: int, cols: int, mines: int) -> str:
    """A board in words for messages: ``9x9, 10 mines`` (rows x columns)."""
    return ngettext("{rows}x{cols}, {mines} mine", "{rows}x{cols}, {mines} mines", mines).format(
        rows=rows, cols=cols, mines=mines)


def side_name(which: str) -> str:
    """A side's name in the side-by-side viewer for ``--replay``'s or ``--beside``'s argument
    when its replay names no player: a file's name, else "game 12" / "last game" (in the
    language in use)."""
    if is_replay_file(which):
        return Path(which).name
    return _("last game") if which == "last" else _("game {id}").format(id=which.strip())


def run_save_replay(args) -> int:
    """``--save-replay ID|last FILE.evf``: 0 when written, 2 with one line on stderr otherwise."""
    which, path = args.save_replay
    try:
        store = RecordStore.open(db_path(args.data_dir))
    except DataDirError as err:
        print(error_line(describe(err)), end="", file=sys.stderr)
        return 2
    try:
        print(save_replay(store, which, path, kept_files(args.data_dir)))
        return 0
    except (LogError, ReplayFileError) as err:
        print(error_line(f"--save-replay {file_name(which)} {file_name(path)}: {describe(err)}"), end="",
              file=sys.stderr)
        return 2
    finally:
        store.close()


__all__ = ["board_words", "load_replay", "load_timeline", "prepare_race", "prepare_replay", "recorded_game", "run_save_replay",
           "side_name"]
