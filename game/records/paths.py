"""Where the records database and the settings file live, and how bad files are set aside.

The folder is, in order: the ``--data-dir DIR`` option, the ``MINESWEEPER_DATA_DIR``
environment variable, or the per-user folders that platformdirs gives
(``user_data_dir`` for the database, ``user_config_dir`` for the settings). With an
override both files go into that one folder. :func:`kept_files` lists every file the game
keeps there, for the commands that write a file the player names to refuse
(game.files.refuse_kept). Nothing here imports pygame.
"""

from __future__ import annotations

import os
import re
from datetime import datetime
from pathlib import Path

import platformdirs

from game.messages import N_, Explained, file_name, note, system_error

APP_NAME = "minesweeper"            # platformdirs application name
ENV_VAR = "MINESWEEPER_DATA_DIR"    # environment override, below --data-dir
DB_NAME = "records.sqlite3"         # the records database inside the data folder
SETTINGS_NAME = "settings.json"     # the settings file inside the config folder
DB_COMPANIONS = ("-journal", "-wal", "-shm")  # SQLite's files beside the database
# What aside_name adds to a file's name: .TAG-YYYYmmdd-HHMMSS, then -2, -3 ... when taken
# (and a database's companions after it)
ASIDE = re.compile(r"\.[A-Za-z0-9]+(-backup)?-\d{8}-\d{6}(-\d+)?(-journal|-wal|-shm)?")
# What each file the game keeps is, for the message that refuses to write over it
RECORDS = N_("the game's records database")
JOURNAL = N_("a journal file of the game's records database")
RECORDS_COPY = N_("a copy of the game's records database, kept aside")
SETTINGS = N_("the game's settings file")
SETTINGS_COPY = N_("a copy of the game's settings file, kept aside")


class DataDirError(Explained):
    """A data or config folder that cannot be created or used; the message says which and
    why (as data: game.messages.Explained)."""


def _override(cli_value: str | os.PathLike | None) -> tuple[Path | None, str]:
    """The overriding folder and where it came from, or (None, 'per-user folder')."""
    if cli_value:
        return Path(cli_value).expanduser(), "--data-dir"
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser(), ENV_VAR
    return None, note(N_("per-user folder"))


def ensure_dir(path: Path, source: str) -> Path:
    """Create ``path`` (and its parents) if needed and return it.

    Raises:
        DataDirError: the folder cannot be created, or a file is in its place; the
            message names ``source`` (e.g. ``--data-dir``) and the system's reason.
    """
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise DataDirError(N_("{source} {path}: a file is in the way; give a folder"), source=source,
                           path=file_name(path)) from None
    except OSError as err:
        raise DataDirError(N_("{source} {path}: cannot create the folder ({reason}); give a writable folder "
                              "with --data-dir DIR"), source=source, path=file_name(path),
                           reason=system_error(err)) from None
    if not path.is_dir():
        raise DataDirError(N_("{source} {path}: not a folder; give a folder"), source=source, path=file_name(path))
    return path


def data_dir(cli_value: str | os.PathLike | None = None, create: bool = True) -> Path:
    """The folder for the records database; created unless ``create`` is False.

    Raises:
        DataDirError: see :func:`ensure_dir`.
    """
    return _user_dir(cli_value, platformdirs.user_data_dir, create)


def config_dir(cli_value: str | os.PathLike | None = None, create: bool = True) -> Path:
    """The folder for the settings file: the override if any, else platformdirs' config folder.

    Raises:
        DataDirError: see :func:`ensure_dir`.
    """
    return _user_dir(cli_value, platformdirs.user_config_dir, create)


def _user_dir(cli_value, platform_dir, create: bool) -> Path:
    """The override (option or environment variable) if any, else ``platform_dir``'s folder."""
    path, source = _override(cli_value)
    if path is None:
        path = Path(platform_dir(APP_NAME, appauthor=False))
    return ensure_dir(path, source) if create else path


def db_path(cli_value: str | os.PathLike | None = None) -> Path:
    """Full path of the records database (its folder is created). Raises DataDirError."""
    return data_dir(cli_value) / DB_NAME


def settings_path(cli_value: str | os.PathLike | None = None) -> Path:
    """Full path of the settings file (its folder is created). Raises DataDirError."""
    return config_dir(cli_value) / SETTINGS_NAME


def kept_files(cli_value: str | os.PathLike | None = None) -> list[tuple[Path, object]]:
    """Every file the game keeps, each with what it is (a Note, for
    game.files.refuse_kept's message): the records database and its journal files
    (``-journal``, ``-wal``, ``-shm``, whether they exist now or not), the settings file, and
    each copy set aside beside them that exists (:func:`aside_name`: ``.corrupt-``,
    ``.reset-``, ``.v2-backup-`` ... with their journals), in the folders ``cli_value``
    (``--data-dir``), the environment variable or the per-user folders give. No folder is
    made; never raises (a folder that cannot be listed has no copies named)."""
    data = _user_dir(cli_value, platformdirs.user_data_dir, create=False)
    config = _user_dir(cli_value, platformdirs.user_config_dir, create=False)
    kept: list[tuple[Path, object]] = [(data / DB_NAME, note(RECORDS))]
    kept += [(data / (DB_NAME + suffix), note(JOURNAL)) for suffix in DB_COMPANIONS]
    kept.append((config / SETTINGS_NAME, note(SETTINGS)))
    for folder, name, what in ((data, DB_NAME, RECORDS_COPY), (config, SETTINGS_NAME, SETTINGS_COPY)):
        try:
            entries = os.listdir(folder)
        except (OSError, ValueError):  # no folder yet, not one, unreadable; ValueError: a NUL byte
            continue
        kept += [(folder / entry, note(what)) for entry in sorted(entries)
                 if entry.startswith(name) and ASIDE.fullmatch(entry[len(name):])]
    return kept


def stamp(now: datetime | None = None) -> str:
    """A timestamp for file names: ``YYYYmmdd-HHMMSS`` in local time."""
    return (now or datetime.now()).strftime("%Y%m%d-%H%M%S")


def aside_name(path: Path, tag: str, now: datetime | None = None) -> Path:
    """A free name next to ``path``: ``NAME.TAG-YYYYmmdd-HHMMSS`` (then ``-2``, ``-3`` ...)."""
    base = path.with_name(f"{path.name}.{tag}-{stamp(now)}")
    candidate, n = base, 1
    while candidate.exists():
        n += 1
        candidate = base.with_name(f"{base.name}-{n}")
    return candidate


def move_aside(path: Path, tag: str = "corrupt", companions: tuple[str, ...] = (),
               now: datetime | None = None) -> Path:
    """Rename ``path`` to :func:`aside_name` and return the new path; nothing is deleted.

    ``companions`` are suffixes of sibling files that belong with it (SQLite's
    ``-wal`` and ``-shm``); each that exists is renamed to the new name plus the
    suffix, so the set still opens together and a fresh file is not mixed with them.

    Raises:
        OSError: the rename failed (e.g. the folder is read-only).
    """
    target = aside_name(path, tag, now)
    os.replace(path, target)
    for suffix in companions:
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            os.replace(extra, target.with_name(target.name + suffix))
    return target
