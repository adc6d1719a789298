"""Replay files: :func:`read_replay` reads AVF (Arbiter), RMV (Viennasweeper), MVF
(Minesweeper Clone 0.97 and others) and EVF (Metasweeper) files, :func:`write_evf` writes
EVF, both through ms-toollib (PyPI ``ms-toollib``, MIT), which runs in a child process
(:mod:`game.replay.toollib` says why: a panic in ms-toollib aborts its process).

The kind of file is told by its extension only: ms-toollib offers no way to sniff content,
and each of its parsers fails on the others' files anyway. Every failure is one
:class:`ReplayFileError` whose message says what is wrong and what is allowed, never a
traceback: an unknown extension, a missing or unreadable file, a folder, FIFO or device
(refused before anything is opened, so nothing hangs), a file over :data:`MAX_REPLAY_BYTES`,
an empty, truncated or garbage file, a parse that outlasts :data:`TIMEOUT_S`.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Iterable, Iterator

from game import NAME, __version__, child
from game.files import FileTooLargeError, KeptFileError, megabytes, read_regular, replace_file
from game.interrupts import HeldSignals
from game.messages import N_, Explained, Note, note, system_error
from game.replay.events import PLAIN_ACTIONS, Action, PointerEvent, Replay, ReplayStats

FORMATS = {".avf": "AVF", ".rmv": "RMV", ".mvf": "MVF", ".evf": "EVF"}  # extension -> format
ALLOWED = ".avf, .rmv, .mvf or .evf"
MAX_REPLAY_BYTES = 8_000_000  # a 20-minute Metasweeper game of 1,021 3BV is 0.34 MB
TIMEOUT_S = 60  # for ms-toollib to read or build one file (the largest take a second)
MAX_SIDE = 255  # EVF stores rows and columns in one byte each
ROOT = Path(__file__).resolve().parents[2]  # the folder holding the game package
REFUSED = 10  # exit status of game.replay.toollib: its stdout holds a message for the player
NO_LIBRARY = 11  # exit status of game.replay.toollib: ms_toollib cannot be imported


PANIC_REASONS = {  # ms-toollib's ErrReadVideoReason, as its crash.log names it -> what the player reads
    "FileIsTooShort": N_("it ends too soon (truncated)"),
    "FileIsEmpty": N_("it holds no replay"),
    "FileIsNotRmv": N_("it is not an RMV replay"),
    "InvalidBoardSize": N_("its board size is impossible"),
    "InvalidLevel": N_("its level is impossible"),
    "InvalidParams": N_("its header holds impossible values"),
    "InvalidVideoEvent": N_("it holds an event that cannot be"),
    "InvalidMinePosition": N_("it has a mine off the board"),
    "VersionBackward": N_("it is of a version of the format that ms-toollib does not know"),
    "Utf8Error": N_("a name in it is not valid UTF-8 text"),
}
UNKNOWN_DAMAGE = N_("ms-toollib failed on it: the file is damaged, or its content is not what its "
                    "extension says")


class ReplayFileError(Explained, ValueError):
    """A replay file that cannot be read or written; the message, for the player, says
    what is wrong and what is allowed (it does not repeat the path). As data: see
    game.messages.Explained."""


class NoLibraryError(ReplayFileError):
    """ms-toollib is not installed: nothing that needs it can be done."""


def replay_format(path: str | os.PathLike) -> str:
    """"AVF", "RMV", "MVF" or "EVF" from the extension of ``path`` (any case).

    Raises:
        ReplayFileError: another extension.
    """
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        shown = note(N_("the extension {suffix}"), suffix=repr(suffix)) if suffix else note(N_("no extension"))
        raise ReplayFileError(N_("not a replay file name ({shown}); replay files end in {allowed}"),
                              shown=shown, allowed=ALLOWED)
    return FORMATS[suffix]


def read_replay(path: str | os.PathLike) -> Replay:
    """The replay in the file ``path``, its kind told by the extension.

    Raises:
        ReplayFileError: see the module docstring; the message names the cause.
    """
    kind = replay_format(path)
    try:
        data = read_regular(path, MAX_REPLAY_BYTES)
    except FileTooLargeError as err:
        if err.exact:
            raise ReplayFileError(N_("the file is {size}; replay files are read up to {most}"),
                                  size=megabytes(err.size), most=megabytes(MAX_REPLAY_BYTES)) from None
        raise ReplayFileError(N_("the file holds more than {most}; replay files are read up to {most}"),
                              most=megabytes(MAX_REPLAY_BYTES)) from None
    except OSError as err:
        raise ReplayFileError(N_("cannot read the file: {error}"), error=system_error(err)) from None
    if not data:
        raise ReplayFileError(N_("the file is empty; an {kind} replay was expected"), kind=kind)
    what = note(N_("not a readable {kind} replay"), kind=kind)
    out = run_toollib(["read", kind.lower()], data, what)
    try:
        return replay_from_dict(json.loads(out))
    except (ValueError, KeyError, TypeError) as err:  # a board ms-toollib read but we cannot use
        raise ReplayFileError(N_("{what}: {reason}"), what=what, reason=err) from None


def evf_bytes(replay: Replay) -> bytes:
    """The EVF (version 4) file of ``replay``, built by ms-toollib with the replay's own event
    times (see :mod:`game.replay.evf4`) and parsed back by it before it is returned.

    Only the plain actions (:data:`game.replay.events.PLAIN_ACTIONS`) are written. Events
    before the first press on the board and after the game's end are not kept: the format
    starts at that press and ms-toollib stops at the end. The file stores times from that
    press, and a reader counts them from the first opening, so the times read back are the
    replay's own when its first opening is at 0 ms (the events' documented origin). A game neither won nor lost
    (abandoned) is written as not completed. The program defaults to this game's name and
    version; the start, when unknown, to now minus the game's time. The header's fair,
    official, mode and question-mark labels are the replay's (docs/replays-labels.md), fair
    and official only for a completed game; the checksum is empty. The events must play to
    the replay's own end under the formats' rules (ms-toollib's): a move those rules lack is
    written as they can express it before it comes here (game.replay.fromlog).

    Raises:
        ReplayFileError: the replay does not fit the format (over 255 rows or columns,
            another action, times going back), or its events do not play as it says (not
            won when ``completed``, or won when not; another 3BV), or ms-toollib
            fails on it.
    """
    spec = evf_spec(replay)
    return run_toollib(["write"], json.dumps(spec).encode("utf-8"), note(N_("cannot build an EVF replay of this game")))


def evf_spec(replay: Replay) -> dict:
    """``replay`` as the JSON-ready dict that :mod:`game.replay.toollib` builds an EVF from
    (:func:`replay_to_dict` plus the board, the program and the start).

    Raises:
        ReplayFileError: as :func:`evf_bytes`, for what can be told before ms-toollib runs.
    """
    check_evf_size(replay.rows, replay.cols)
    other = next((e for e in replay.events if e.action not in PLAIN_ACTIONS), None)
    if other is not None:
        raise ReplayFileError(N_("cannot write the event {action} at {ms} ms: only moves and button presses "
                                 "and releases are written"), action=other.action.name, ms=other.time_ms)
    back = next((b for a, b in zip(replay.events, replay.events[1:]) if b.time_ms < a.time_ms), None)
    if back is not None:
        raise ReplayFileError(N_("event times go back (to {ms} ms); they must never decrease"), ms=back.time_ms)
    spec = replay_to_dict(replay)
    spec["board"] = replay.board()
    spec["program"] = replay.program or f"{NAME} {__version__}"
    if replay.started_us is None:
        spec["started_us"] = time.time_ns() // 1000 - replay.time_ms * 1000
    return spec


def check_evf_size(rows: int, cols: int) -> None:
    """Raises ReplayFileError when a board of ``rows`` x ``cols`` cells is over what EVF holds
    (:data:`MAX_SIDE` a side)."""
    if rows > MAX_SIDE or cols > MAX_SIDE:
        raise ReplayFileError(N_("EVF holds boards up to {most}x{most}; this one is {rows}x{cols}"),
                              most=MAX_SIDE, rows=rows, cols=cols)


def check_evf_name(path: str | os.PathLike) -> None:
    """Raises ReplayFileError unless ``path`` ends in .evf (the only format written)."""
    suffix = Path(path).suffix
    if suffix.lower() != ".evf":
        shown = note(N_("not {suffix}"), suffix=repr(suffix)) if suffix else note(N_("and it has no extension"))
        raise ReplayFileError(N_("replays are saved as EVF only: the file name must end in .evf, {shown}"),
                              shown=shown)


def write_evf(path: str | os.PathLike, replay: Replay,
              kept: Iterable[tuple[str | os.PathLike, object]] = ()) -> bool:
    """Write ``replay`` to ``path`` as EVF (:func:`evf_bytes`), atomically: the bytes go to a
    temporary file in the same folder, are synced to disk, then renamed over ``path``, so a
    crash leaves the old file or the new one, never an empty or partial one. Only a regular
    file is replaced, keeping its permissions, and never one of ``kept``, the files the game
    keeps (game.files.replace_file, game.records.paths.kept_files). Returns True when a file
    was there (replaced).

    Raises:
        ReplayFileError: ``path`` does not end in .evf, the replay cannot be written as EVF
            (:func:`evf_bytes`), or the file cannot be written (the message says why: one of
            the game's files, a symbolic link, a FIFO or a device there, a full disk).
    """
    check_evf_name(path)
    data = evf_bytes(replay)
    try:
        return replace_file(path, data, kept)
    except KeptFileError as err:  # its own sentence, without "cannot write the file"
        raise ReplayFileError(err.template, **err.params) from None
    except (OSError, ValueError) as err:  # ValueError: a NUL byte in the name
        raise ReplayFileError(N_("cannot write the file: {error}"),
                              error=system_error(err)) from None


def run_toollib(command: list[str], data: bytes, what: Note) -> bytes:
    """Run :mod:`game.replay.toollib` with ``command`` on ``data``; its output. ``what``
    starts the message of a failure ("not a readable EVF replay").

    The child runs in a temporary folder of its own: ms-toollib's panic hook writes
    ``crash.log`` into the working folder, which is read for the reason (see
    :data:`PANIC_REASONS`) and never left in the player's folder.

    Raises:
        ReplayFileError: its refusal; ms-toollib failed (with the reason when known); a
            time-out.
    """
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    with _work_folder() as work:
        try:
            done = subprocess.run(child.command("game.replay.toollib", *command), input=data,
                                  capture_output=True, cwd=work, env=env, timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise ReplayFileError(N_("{what}: ms-toollib took over {seconds} s on it and was stopped"),
                                  what=what, seconds=TIMEOUT_S) from None
        except OSError as err:
            raise ReplayFileError(N_("cannot start the replay reader: {error}"), error=system_error(err)) from None
        crash = _crash_log(Path(work) / "crash.log")
    if done.returncode == REFUSED:
        raise ReplayFileError(N_("{what}: {reason}"), what=what, reason=done.stdout.decode("utf-8", "replace").strip())
    if done.returncode == NO_LIBRARY:
        raise NoLibraryError(N_("replays need the ms-toollib package: pip install -r requirements.txt"))
    if done.returncode != 0:
        reason = next((text for key, text in PANIC_REASONS.items() if key in crash), UNKNOWN_DAMAGE)
        raise ReplayFileError(N_("{what}: {reason}"), what=what, reason=note(reason))
    return done.stdout


@contextlib.contextmanager
def _work_folder() -> Iterator[str]:
    """A temporary folder ("minesweeper-replay-*") for the child, removed when the block ends.

    Ctrl-C and SIGTERM are held (:class:`game.interrupts.HeldSignals`) while the folder is
    made and while it is removed, and delivered after: a signal can no longer stop the removal
    half-way and leave the folder behind (tests/program/test_reliability_output.py)."""
    work = ""
    try:
        with HeldSignals():
            work = tempfile.mkdtemp(prefix="minesweeper-replay-")
        yield work
    finally:
        if work:
            with HeldSignals():
                shutil.rmtree(work, ignore_errors=True)


def _crash_log(path: Path) -> str:
    """The start of ms-toollib's crash.log at ``path``, or "" when there is none."""
    try:
        with open(path, "rb") as handle:
            return handle.read(4096).decode("utf-8", "replace")
    except OSError:
        return ""


def replay_to_dict(replay: Replay) -> dict:
    """``replay`` as the JSON-ready dict :mod:`game.replay.toollib` reads (stats left out)."""
    return {
        "rows": replay.rows, "cols": replay.cols, "mines": sorted([r, c] for r, c in replay.mines),
        "events": [[e.time_ms, e.action.value, e.x, e.y] for e in replay.events],
        "time_ms": replay.time_ms, "completed": replay.completed, "bbbv": replay.bbbv,
        "program": replay.program, "player": replay.player, "started_us": replay.started_us,
        "file_format": replay.file_format, "is_fair": replay.is_fair, "is_official": replay.is_official,
        "mode": replay.mode, "level": replay.level, "questions": replay.questions,
    }


def replay_from_dict(data: dict) -> Replay:
    """The Replay of a dict as :func:`replay_to_dict` or the reader gives it; an empty
    program or player, or a start of 0, become None.

    Raises:
        ValueError, KeyError, TypeError: a field is missing or wrong.
    """
    stats = data.get("stats")
    if stats is not None:
        stats = ReplayStats.from_toollib(stats, data["time_ms"])
    return Replay(
        rows=int(data["rows"]), cols=int(data["cols"]),
        mines=frozenset((int(r), int(c)) for r, c in data["mines"]),
        events=tuple(PointerEvent(int(t), Action(a), int(x), int(y)) for t, a, x, y in data["events"]),
        time_ms=int(data["time_ms"]), completed=bool(data["completed"]), bbbv=int(data["bbbv"]),
        program=data.get("program") or None, player=data.get("player") or None,
        started_us=data.get("started_us") or None, file_format=data.get("file_format"), stats=stats,
        is_fair=bool(data.get("is_fair")), is_official=bool(data.get("is_official")),
        mode=int(data.get("mode") or 0), level=data.get("level"), questions=bool(data.get("questions")),
    )
