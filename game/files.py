"""Reading a file the player names (``--board``, ``--analyse``) or the game keeps
(``settings.json``), safely: a regular file only, never blocking, never more than a limit;
writing one atomically (:func:`write_atomic`); and the one check that a file the player
names for writing is not one the game keeps (:func:`refuse_kept`).

Why: opening a FIFO for reading waits for a writer that may never come (start-up
hangs for ever), and ``/dev/zero`` or ``/dev/urandom`` never end (reading one fills
memory until the process dies). So the path is checked with ``os.stat`` first (a
device is never even opened: opening some has side effects), then opened with
``O_NONBLOCK`` and checked again on the open file (a FIFO put there in between still
cannot block), and at most ``limit + 1`` bytes are read: enough to tell "too large".

Errors are OSError subclasses, so a caller that already reports "cannot read the
file" reports these too; ``strerror`` says what is wrong in the player's words.

Every command that writes a file the player names (``--export-stats``, ``--save-replay``,
the console's ``s FILE``) writes it through :func:`replace_file` or
:func:`game.boardfile.save_board`, which first call :func:`refuse_kept` with the files the
game keeps (game.records.paths.kept_files): the records database, its journal files, the
settings, the copies set aside. Without it ``--export-stats records.sqlite3`` renamed a
CSV over the database, the next start moved the "damaged" file aside, and every game's
move log was gone. Nothing here imports pygame.
"""

from __future__ import annotations

import errno
import math
import os
import stat
import tempfile
from pathlib import Path
from typing import Iterable

from game.i18n import number
from game.messages import N_, Explained, Note, Spoken, describe, file_name, note

# Opening flags: no blocking on a FIFO, no controlling terminal from a tty, binary on Windows
OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
              | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0))

# (test on st_mode, what the player is told the path is: a Note, English as a str, worded in
# the language in use by game.messages.describe)
_KINDS = (
    (stat.S_ISDIR, note(N_("a folder"))),
    (stat.S_ISFIFO, note(N_("a FIFO (named pipe)"))),
    (stat.S_ISCHR, note(N_("a character device"))),
    (stat.S_ISBLK, note(N_("a block device"))),
    (stat.S_ISSOCK, note(N_("a socket"))),
)
NOT_REGULAR = note(N_("not a regular file"))  # any other kind
SYMBOLIC_LINK = note(N_("a symbolic link"))


class NotRegularFileError(OSError):
    """The path is a folder, FIFO, device or socket; ``strerror`` says which, e.g.
    "it is a FIFO (named pipe), not a regular file". ``kind`` is "a FIFO (named pipe)"."""

    def __init__(self, kind: str, path: str | os.PathLike):
        code = errno.EISDIR if kind == "a folder" else errno.EINVAL
        kind = kind if isinstance(kind, Note) else note(kind)
        # strerror: a Note, so describe() gives it in the language in use (str() stays English)
        super().__init__(code, note(N_("it is {kind}, not a regular file"), kind=kind), os.fspath(path))
        self.kind = kind


class FileTooLargeError(OSError):
    """The file holds more than ``limit`` bytes.

    ``size`` is its size in bytes when known (from ``os.stat``), else the bytes read
    before stopping (``limit + 1``: a file that grew, or one such as those in /proc
    whose size the system does not report); ``exact`` says which.
    """

    def __init__(self, path: str | os.PathLike, size: int, limit: int, exact: bool):
        text = (note(N_("the file is {size}; at most {limit} is read"), size=megabytes(size), limit=megabytes(limit))
                if exact else note(N_("the file holds more than {limit}; at most {limit} is read"),
                                   limit=megabytes(limit)))
        super().__init__(errno.EFBIG, text, os.fspath(path))
        self.size, self.limit, self.exact = size, limit, exact


class KeptFileError(Explained, OSError):
    """The player named, for writing, a file the game keeps (its records database, a journal
    of it, its settings, a copy it set aside): writing over it would destroy what it holds.

    ``kept`` is the game's file (a Path), ``what`` what it is (a Note: "the game's records
    database"). ``str(err)`` is the English sentence and ``strerror`` the same in the language
    in use (game.messages.describe), so a caller that reports an OSError's ``strerror``
    ("cannot write the file (...)") says why in the player's language.
    """

    def __init__(self, template: str, file: Path, **params: object) -> None:
        super().__init__(template, **params)
        self.errno = errno.EEXIST
        self.filename = os.fspath(file)
        self.kept = file
        self.what = params.get("what")

    @property
    def strerror(self) -> str:  # the OSError attribute, in the language in use
        return describe(self)

    def __str__(self) -> str:
        return self.args[0]


# KeptFileError's sentences: the path names the game's file itself, or another name of it
# (a symbolic or hard link, or the same folder spelled otherwise)
KEPT = N_("it is {what}; writing over it would destroy what it holds, so nothing was written: "
          "give another file name")
KEPT_ELSEWHERE = N_("it is {what}, {kept}, under another name; writing over it would destroy what it "
                    "holds, so nothing was written: give another file name")


def _identity(path: str | os.PathLike) -> tuple[int, int] | None:
    """``(st_dev, st_ino)`` of the file at ``path``, symbolic links followed; None when
    nothing is there or it cannot be looked at."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):  # ValueError: a NUL byte in the name
        return None
    return info.st_dev, info.st_ino


def _real(path: str | os.PathLike) -> str | None:
    """``path`` absolute, with every symbolic link resolved (a missing tail kept as named)
    and its case folded where the system folds it; None for a name no system takes (NUL)."""
    try:
        return os.path.normcase(os.path.realpath(path))
    except (OSError, ValueError):
        return None


def refuse_kept(path: str | os.PathLike, kept: Iterable[tuple[str | os.PathLike, object]]) -> None:
    """Refuse to write ``path`` when it is one of ``kept``, the files the game keeps, each
    ``(path, what it is)`` (game.records.paths.kept_files). The same file is found by
    identity, not by name: an existing ``path`` is compared by ``(st_dev, st_ino)`` with
    each existing kept file (so a symbolic link, a hard link or another spelling of the
    folder is seen), and any ``path`` by its real path (symbolic links resolved, even
    where the last one points at nothing yet) with each kept one's, so a journal file
    SQLite has not made yet is refused too.

    Raises:
        KeptFileError: ``path`` is one of them; the message says which and why.
    """
    mine, real = _identity(path), _real(path)
    for file, what in kept:
        theirs = _identity(file)
        if (mine is not None and mine == theirs) or (real is not None and real == _real(file)):
            same_name = os.path.abspath(path) == os.path.abspath(file)
            if same_name:
                raise KeptFileError(KEPT, Path(file), what=what)
            raise KeptFileError(KEPT_ELSEWHERE, Path(file), what=what, kept=file_name(file))


def megabytes(size: int) -> str:
    """``size`` bytes in decimal megabytes, one decimal, rounded up so that anything over
    a limit never reads as the limit itself: 4_000_001 -> "4.1 MB", 4_000_000 -> "4 MB"."""
    tenths = math.ceil(size / 100_000)
    english = f"{tenths // 10} MB" if tenths % 10 == 0 else f"{tenths / 10:.1f} MB"
    return Spoken(english, lambda: f"{number(tenths / 10, 0 if tenths % 10 == 0 else 1, grouped=True)} MB")


def _kind(mode: int) -> str | None:
    """What a non-regular ``st_mode`` is, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((kind for test, kind in _KINDS if test(mode)), NOT_REGULAR)


def special_kind(path: str | os.PathLike) -> str | None:
    """What ``path`` is when it exists but is not a regular file ("a folder", "a FIFO
    (named pipe)", "a character device", ...); None for a regular file, or when nothing
    is there or it cannot be looked at. Symbolic links are followed."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):  # ValueError: a NUL byte in the name
        return None
    return _kind(mode)


def read_regular(path: str | os.PathLike, limit: int | None = None) -> bytes:
    """The bytes of the regular file ``path``; with ``limit``, at most that many.

    Never blocks on a FIFO and never reads a device or a folder.
    Raises:
        NotRegularFileError: a folder, FIFO, device or socket.
        FileTooLargeError: more than ``limit`` bytes.
        OSError: it cannot be opened or read (missing, permission denied).
    """
    kind = special_kind(path)
    if kind is not None:
        raise NotRegularFileError(kind, path)
    fd = os.open(path, OPEN_FLAGS)
    with open(fd, "rb", closefd=True) as handle:
        info = os.fstat(fd)
        kind = _kind(info.st_mode)
        if kind is not None:  # swapped for a FIFO or a device since the check above
            raise NotRegularFileError(kind, path)
        if limit is not None and info.st_size > limit:
            raise FileTooLargeError(path, info.st_size, limit, exact=True)
        data = handle.read() if limit is None else handle.read(limit + 1)
    if limit is not None and len(data) > limit:
        raise FileTooLargeError(path, len(data), limit, exact=False)
    return data


def write_atomic(path: str | os.PathLike, data: bytes, mode: int | None = None,
                 make_folder: bool = True) -> None:
    """Write ``data`` to ``path`` atomically: a temporary file in the same folder, fsync,
    ``os.replace``, then fsync of the folder (POSIX, best effort). A crash or a full disk
    leaves the old file or the new one, never half of one, and no stray temporary file.
    The folder is created when missing (unless ``make_folder`` is False). The file gets ``mode`` (permission bits), by
    default the permissions a plain ``open`` would give it (0o666 less the umask), not the
    temporary file's private 0o600: an exported replay or CSV is meant to be shared.

    Raises:
        OSError: the folder or file cannot be written; the old file is then untouched.
    """
    path = Path(path)
    if make_folder:
        path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        if hasattr(os, "fchmod"):  # POSIX
            os.fchmod(fd, 0o666 & ~_umask() if mode is None else mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def replace_file(path: str | os.PathLike, data: bytes,
                 kept: Iterable[tuple[str | os.PathLike, object]] = ()) -> bool:
    """Write ``data`` to ``path`` as :func:`write_atomic` does, where only a regular file of
    its own may be replaced (``--save-replay``, ``--export-stats``): one of ``kept``, the
    files the game keeps, is refused (:func:`refuse_kept`), and so is a symbolic link, a
    FIFO, a device, a folder or a socket is refused (a rename would put a plain file in its
    place), and so is a file with other hard links (a rename would part them). A file
    replaced keeps its permission bits; a missing folder is not made (the name is the player's). Returns True when a file was there (replaced).

    The check and the rename are two steps: a path changed in between is not seen.
    Raises:
        KeptFileError: ``path`` is one of ``kept``.
        NotRegularFileError: something other than a regular file is at ``path``.
        OSError: a file with other hard links (EMLINK), or as :func:`write_atomic`.
    """
    refuse_kept(path, kept)
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    if info is not None:
        if stat.S_ISLNK(info.st_mode):
            raise NotRegularFileError(SYMBOLIC_LINK, path)
        kind = _kind(info.st_mode)
        if kind is not None:
            raise NotRegularFileError(kind, path)
        if info.st_nlink > 1:
            raise OSError(errno.EMLINK, note(N_("it has {count} other hard link(s), which a new file would part "
                                                "from it"), count=info.st_nlink - 1), os.fspath(path))
    write_atomic(path, data, None if info is None else stat.S_IMODE(info.st_mode), make_folder=False)
    return info is not None


def _umask() -> int:
    """The process's umask (read by setting it and putting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable where the platform allows (POSIX); best effort."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
