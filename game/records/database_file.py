"""Opening the records database file, and what to do when it cannot be used as it is.

What happens, and why:

- A sound file is opened for writing, migrated to the latest schema (a backup copy
  ``NAME.v<old>-backup-YYYYmmdd-HHMMSS`` first) and its write lock taken once, so a
  file this user cannot write is found at start-up, not when a game ends.
- A lock held by another program (a game that is writing, a migration, a tool that
  ran ``BEGIN EXCLUSIVE``): opening waits START_WAIT (1 s), then tells ``notify``
  what it is waiting for and waits up to the full busy timeout (10 s). We keep the
  wait, rather than shortening it, because giving up means a whole session whose
  games are not saved; but the player is never left staring at a silent start.
  After the wait the file is opened read-only.
- Only real damage moves a file aside: SQLITE_CORRUPT, SQLITE_NOTADB, a failed
  integrity check, someone else's tables, a stored schema SQLite cannot even quote
  (bytes that are not UTF-8: its error message is then not text either), or a
  ``games`` table missing, or lacking a column, that the file's schema version says
  it has (the columns each version has are worked out from schema.MIGRATIONS, so a
  new migration is checked with no list to update). It is renamed to
  ``NAME.corrupt-YYYYmmdd-HHMMSS`` (with its -wal/-shm) and a fresh one started;
  the warning says what was wrong.
- A path that is not a regular file (a folder, a FIFO, a device, or such a thing in
  place of its -journal, -wal or -shm) is left alone and the session's games are kept
  in memory: SQLite would wait for ever on a FIFO (it reads a hot journal at start),
  and whoever put it there may want it.
- A sound file that cannot be written (permission denied, a read-only folder, a lock
  held too long, a file from a newer version) is left alone and opened read-only
  (``mode=ro``) when it can be read, in memory otherwise: its games are shown, the
  session's are not saved, and :attr:`RecordStore.problem` says why in the player's
  words ("permission denied: ...").

This module opens the connection and says what it found (:class:`Opened`);
:meth:`game.records.db.RecordStore.open` builds the store from that, so the two import
one way only.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Callable, NamedTuple

from game.files import special_kind
from game.messages import N_, Note, data_error, file_name, note, system_error
from game.records import schema
from game.records.paths import DB_COMPANIONS, aside_name, move_aside

BUSY_TIMEOUT = 10.0  # seconds a writer waits for another process's lock
START_WAIT = 1.0     # seconds opening waits for a lock before telling ``notify`` what it waits for
NEWER = note(N_("written by a newer version of the game"))  # RecordStore.problem of a newer file

SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY, SQLITE_CORRUPT, SQLITE_NOTADB = 5, 6, 8, 11, 26
SQLITE_READONLY_DIRECTORY = SQLITE_READONLY | (6 << 8)  # extended code: the folder is read-only
CORRUPT_CODES = (SQLITE_CORRUPT, SQLITE_NOTADB)  # the only errors that move a file aside
CORRUPT_TEXTS = ("not a database", "malformed")  # the same, by message (Python 3.10)
COMPANIONS = DB_COMPANIONS  # SQLite's files beside the database
SHOWN_COLUMNS = 5  # missing columns named in the warning
REASON_CHARS = 160  # at most this much of a reason (SQLite may quote a whole schema)


class BadDatabase(Exception):
    """The file is not a usable records database (internal: triggers moving it aside)."""


class Opened(NamedTuple):
    """What opening a records file gave: ``conn`` the connection (None: the file cannot be
    used and this session's games live in memory), ``warnings`` for the player, ``problem``
    why games are not saved (None when they are), ``read_only`` and ``locked`` (read-only
    only because another program held the lock at start)."""

    conn: sqlite3.Connection | None
    warnings: list[str]
    problem: str | None = None
    read_only: bool = False
    locked: bool = False


def connect(target: str, uri: bool = False, timeout: float | None = None) -> sqlite3.Connection:
    """An autocommit connection with rows by name; ``timeout`` (seconds) defaults to BUSY_TIMEOUT."""
    conn = sqlite3.connect(target, timeout=BUSY_TIMEOUT if timeout is None else timeout,
                           isolation_level=None, uri=uri)
    conn.row_factory = sqlite3.Row
    return conn


def _check(conn: sqlite3.Connection) -> int:
    """The file's schema version, after checking it is a sound records database.

    Raises:
        BadDatabase: quick_check fails, version 0 with someone else's tables, a stored
            schema that is not UTF-8, or a ``games`` table missing or short of a column
            that the version says it has.
        sqlite3.DatabaseError: the file cannot be read at all.
    """
    try:
        version = schema.user_version(conn)
        problems = [row[0] for row in conn.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise BadDatabase(note(N_("integrity check failed: {problems}"),
                                   problems="; ".join(_short(p) for p in problems[:3])))
        if version == 0 and conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            raise BadDatabase(note(N_("it holds tables but no records schema version")))
        if version > 0:
            _check_columns(conn, version)
    except UnicodeDecodeError:
        # SQLite quotes the bad schema text in its error message; with bytes that are
        # not UTF-8 Python cannot decode that message, so the damage shows up as this
        raise BadDatabase(note(N_("its stored schema holds bytes that are not UTF-8 text"))) from None
    return version


def expected_columns(version: int) -> list[str]:
    """The columns of ``games`` at schema ``version`` (1..LATEST), in table order.

    Worked out by running schema.MIGRATIONS[:version] in a database in memory: the
    migrations are the one description of the schema, so a version added later is
    checked without a second list to keep in step.
    """
    conn = sqlite3.connect(":memory:")
    try:
        for statements in schema.MIGRATIONS[:version]:
            for statement in statements:
                conn.execute(statement)
        return [row[1] for row in conn.execute("PRAGMA table_info(games)")]
    finally:
        conn.close()


def _check_columns(conn: sqlite3.Connection, version: int) -> None:
    """Raise BadDatabase when ``games`` is missing or lacks a column ``version`` has.

    A newer file (version > LATEST) must still have every column this code knows:
    migrations only ever add (see schema).
    """
    known = min(version, schema.LATEST)
    found = conn.execute("SELECT type FROM sqlite_master WHERE lower(name) = 'games'").fetchone()
    if found is None or found[0] != "table":
        raise BadDatabase(note(N_("it has no games table, though its schema version {version} says it has one"),
                               version=version))
    have = {row[1].lower() for row in conn.execute("PRAGMA table_info(games)")}
    missing = [name for name in expected_columns(known) if name.lower() not in have]
    if missing:
        names = ", ".join(missing[:SHOWN_COLUMNS])
        if len(missing) > SHOWN_COLUMNS:
            names = note(N_("{names} and {more} more"), names=names, more=len(missing) - SHOWN_COLUMNS)
        template = (N_("its games table lacks the column {names}, though its schema version {version} says it has it")
                    if len(missing) == 1 else
                    N_("its games table lacks the columns {names}, though its schema version {version} says it has "
                       "them"))
        raise BadDatabase(note(template, names=names, version=version))


def _short(text: str, limit: int = REASON_CHARS) -> str:
    """``text`` cut to ``limit`` characters for a warning (SQLite may quote a long schema)."""
    return text if len(text) <= limit else text[:limit] + "..."


def _reason(err: Exception) -> str:
    """What was wrong with a damaged file, for the warning that says it was moved aside: the
    game's own finding (a BadDatabase's note, in the player's language) or the library's."""
    if isinstance(err, BadDatabase) and err.args and isinstance(err.args[0], Note):
        return err.args[0]
    text = str(err) or type(err).__name__
    shown = _short(text)
    return data_error(err) if shown == text and not isinstance(err, OSError) else shown


def _touch(conn: sqlite3.Connection, version: int) -> None:
    """Take the write lock and write the schema version back unchanged: a file this user
    cannot write fails here at once (SQLITE_READONLY), before any game is played."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(f"PRAGMA user_version = {int(version)}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _code(err: Exception) -> int | None:
    return getattr(err, "sqlite_errorcode", None)  # Python 3.11+; None on 3.10


def _is_corrupt(err: Exception) -> bool:
    """Real damage (corrupt pages, not a database, someone else's tables), never permissions."""
    if isinstance(err, BadDatabase):
        return True
    if not isinstance(err, sqlite3.DatabaseError):
        return False
    code = _code(err)
    if code is not None:
        return (code & 0xFF) in CORRUPT_CODES
    return any(text in str(err) for text in CORRUPT_TEXTS)


def _is_busy(err: Exception) -> bool:
    code = _code(err)
    if code is not None:
        return (code & 0xFF) in (SQLITE_BUSY, SQLITE_LOCKED)
    return isinstance(err, sqlite3.OperationalError) and "locked" in str(err)


def _exists(path: Path) -> bool:
    try:
        path.stat()
    except OSError:
        return False
    return True


def _denied(path: Path, mode: int) -> bool:
    """``path`` exists and this user may not use it in ``mode`` (os.R_OK or os.W_OK)."""
    return _exists(path) and not os.access(path, mode)


def _problem(err: Exception, path: Path) -> str:
    """Why a sound database file could not be opened for writing, in the player's words."""
    if _is_busy(err):
        return note(N_("another program held its lock for over {seconds} s"), seconds=f"{BUSY_TIMEOUT:.0f}")
    if _denied(path, os.R_OK):
        return note(N_("permission denied: you may not read {path}"), path=file_name(path))
    if _denied(path, os.W_OK):
        return note(N_("permission denied: you may not write {path}"), path=file_name(path))
    if _code(err) == SQLITE_READONLY_DIRECTORY or _denied(path.parent, os.W_OK):
        return note(N_("permission denied: the folder {path} is read-only"), path=file_name(path.parent))
    return system_error(err)


def _has_wal(path: Path) -> bool:
    """A -wal file with content (games not yet copied into the main file) is, or may be, there."""
    try:
        return path.with_name(path.name + "-wal").stat().st_size > 0
    except FileNotFoundError:
        return False
    except OSError:
        return True


def open_file(path: Path, notify: Callable[[str], None] | None) -> Opened:
    """The connection for ``path`` as :meth:`RecordStore.open` describes it; never raises for a bad file."""
    warnings: list[str] = []
    for where in (path, *(path.with_name(path.name + suffix) for suffix in COMPANIONS)):
        kind = special_kind(where)  # checked before SQLite opens anything: a FIFO would block it
        if kind is not None:
            problem = note(N_("{where} is {kind}, not a regular file"), where=file_name(where), kind=kind)
            return Opened(None, [note(N_("The records database cannot be used: {problem}; it was left alone "
                                               "and games of this session will not be saved."), problem=problem)],
                                      problem=problem)
    try:
        return _open_file(path, warnings, notify)
    except (sqlite3.Error, BadDatabase, OSError) as err:
        if not _is_corrupt(err):
            return _fallback(path, warnings, _problem(err, path), locked=_is_busy(err))
        reason = _reason(err)
    try:
        moved = move_aside(path, "corrupt", companions=("-wal", "-shm"))
    except FileNotFoundError:  # another copy of the game moved it aside first
        return open_file(path, notify)
    except OSError as move_err:
        return Opened(None, warnings + [note(
            N_("The records database {path} is damaged ({reason}) and could not be moved aside ({error}); games "
               "of this session will not be saved."), path=file_name(path), reason=reason,
               error=system_error(move_err))],
            problem=note(N_("the records database is damaged")))
    warnings.append(note(N_("The records database {path} was damaged ({reason}); it was moved aside to {moved} "
                            "and a fresh one was started."), path=file_name(path), reason=reason,
                         moved=file_name(moved.name)))
    try:
        return _open_file(path, warnings, notify)
    except (sqlite3.Error, BadDatabase, OSError) as err:
        problem = _problem(err, path)
        return Opened(None, warnings + [note(
            N_("A fresh records database {path} could not be created ({problem}); games of this session will not "
               "be saved."), path=file_name(path), problem=problem)], problem=problem)


def _fallback(path: Path, warnings: list[str], problem: str, locked: bool) -> Opened:
    """The file is sound but cannot be written: read it if possible, else keep games in memory."""
    if _exists(path):
        try:
            return _open_read_only(path, warnings + [note(
                N_("The records database {path} cannot be written ({problem}); its games are shown, but games of "
                   "this session will not be saved."), path=file_name(path), problem=problem)], problem, locked)
        except (sqlite3.Error, BadDatabase, OSError):
            pass
    return Opened(None, warnings + [note(
        N_("The records database {path} cannot be used ({problem}); games of this session will not be saved."),
        path=file_name(path), problem=problem)], problem=problem)


def _open_file(path: Path, warnings: list[str],
               notify: Callable[[str], None] | None) -> Opened:
    """Open for writing, waiting START_WAIT for a lock, then telling ``notify`` and waiting on."""
    try:
        return _open_writable(path, warnings, START_WAIT)
    except sqlite3.OperationalError as err:
        if not _is_busy(err):
            raise
    if notify is not None:
        notify(note(N_("waiting up to {seconds} s for the records database {path}: another program holds its lock"),
                    seconds=f"{BUSY_TIMEOUT:.0f}", path=file_name(path)))
    return _open_writable(path, warnings, BUSY_TIMEOUT)


def _open_writable(path: Path, warnings: list[str], wait: float) -> Opened:
    conn = connect(str(path), timeout=wait)
    try:
        version = _check(conn)
        if version > schema.LATEST:
            conn.close()
            return _open_read_only(path, warnings + [note(
                N_("The records database {path} was written by a newer version of the game (schema {version}, this "
                   "one knows {known}); it is open read-only and games of this session will not be saved. Update "
                   "the game to keep recording."), path=file_name(path), version=version, known=schema.LATEST)],
                NEWER)
        _touch(conn, version)
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")  # the lock was free
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        if 0 < version < schema.LATEST:
            backup = aside_name(path, f"v{version}-backup")
            with sqlite3.connect(str(backup)) as copy:
                conn.backup(copy)
            copy.close()
        schema.migrate(conn)
    except BaseException:
        conn.close()
        raise
    return Opened(conn, warnings)


def _open_read_only(path: Path, warnings: list[str], problem: str, locked: bool = False) -> Opened:
    """The file opened for reading only (``mode=ro``); an older schema is read through a
    migrated copy in memory (and so is one that lacks a figure's column: game.records.schema).
    In a read-only folder SQLite cannot make the -shm file a
    WAL database needs, so ``immutable=1`` is tried next, but only when no -wal file
    holds games it would miss, and never when ``locked`` (someone may be writing).

    Raises:
        sqlite3.Error, BadDatabase: it cannot be read either.
    """
    base = path.resolve().as_uri() + "?mode=ro"
    targets = [base]
    if not _has_wal(path) and not locked:
        targets.append(base + "&immutable=1")
    for n, target in enumerate(targets, start=1):
        conn = None
        try:
            conn = connect(target, uri=True)
            version = _check(conn)
            break
        except BaseException:
            if conn is not None:
                conn.close()
            if n == len(targets):
                raise
    if version < schema.LATEST or schema.missing_figures(conn):  # a figure added since: its column too
        memory = connect(":memory:")
        conn.backup(memory)
        conn.close()
        conn = memory
        schema.migrate(conn)
    return Opened(conn, warnings, problem, read_only=True, locked=locked)
