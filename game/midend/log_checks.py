"""What a stored move log may be: the limits a game can have, checked before any of it is used.

A log (game.midend.match.Match.log_data) is read back from the records for the figures
(game.records.compstats), the review, the replay viewer and ``--save-replay``. Each of them
sizes its work by what the log says: 3BV keeps one mask per row (game.rules.bv), the replay one
appearance per cell, ms-toollib one entry per event. A log damaged on disk or edited by hand
can say anything (10^30 rows, a cell of 0 pixels, a mine at (500, 500)), and a 1 MB blob can
unpack to gigabytes (a zip bomb), so a log is checked here first:

- :func:`inflate` unpacks it with a streaming ``zlib.decompressobj`` that stops at
  :data:`MAX_LOG_BYTES` (``max_length``): memory stays bounded whatever the blob says;
- :func:`check_log` holds it to the game's own limits: the board its record says (rows and
  columns within game.rules.board.MAX_SIDE, as the record's own row is checked: game.records.record
  READABLE), mines and every cell on that board, times and pixels within
  :data:`MAX_MS` and :data:`MAX_PX`, a cell size within 1..:data:`MAX_CELL_PX`.

A log that fails raises :class:`DamagedLog` naming what is wrong, as data
(game.messages.Explained): the caller leaves the game out (no figures, no replay) with one
line naming its id; the row stays in the file. No pygame here.
"""

from __future__ import annotations

import json
import zlib

from game.rules.board import MAX_SIDE
from game.files import megabytes
from game.messages import N_, Explained

MAX_LOG_BYTES = 16_000_000  # unpacked JSON; a 20-minute 36x60 game: 1.3 MB (docs/reliability.md)
MAX_MS = 2**31 - 1  # a logged time, ms (24 days): what ms-toollib's event times hold
MAX_PX = 2**31 - 1  # a logged pointer coordinate, pixels
MAX_CELL_PX = 1024  # the logged cell size, pixels (the window's cells are a few dozen)


class DamagedLog(Explained, ValueError):
    """A stored move log that is not one this game writes; the message says what is wrong
    (game.messages.Explained: ``str`` English, ``describe`` in the language in use)."""


def inflate(blob: object, limit: int = MAX_LOG_BYTES) -> bytes:
    """The unpacked bytes of a stored log, at most ``limit`` of them: the stream stops there,
    so a zip bomb never takes more memory than that.

    Raises:
        DamagedLog: not bytes, not a zlib stream, truncated, or more than ``limit`` bytes unpacked.
    """
    if not isinstance(blob, bytes):
        raise DamagedLog(N_("it is not packed as this game packs its logs"))
    unzip = zlib.decompressobj()
    try:
        data = unzip.decompress(blob, limit + 1)
    except zlib.error:
        raise DamagedLog(N_("it is not packed as this game packs its logs")) from None
    if len(data) > limit:
        raise DamagedLog(N_("it unpacks to more than {most}"), most=megabytes(limit))
    if not unzip.eof:
        raise DamagedLog(N_("it ends too soon (truncated)"))
    return data


def load_log(blob: object, rows: int, cols: int, limit: int = MAX_LOG_BYTES) -> dict:
    """A stored log as data, unpacked within ``limit`` bytes (:func:`inflate`) and checked
    against its game's board of ``rows`` x ``cols`` (:func:`check_log`).

    Raises:
        DamagedLog: as :func:`inflate` and :func:`check_log`, or not JSON text.
    """
    text = inflate(blob, limit)
    try:
        data = json.loads(text.decode("utf-8"))
    except (ValueError, RecursionError):  # UnicodeDecodeError and too many digits: ValueError
        raise DamagedLog(N_("it is not the JSON text this game writes")) from None
    check_log(data, rows, cols)
    return data


def check_log(data: object, rows: int, cols: int) -> None:
    """Hold a log to the game it belongs to, a ``rows`` x ``cols`` board (its record's size).

    Raises:
        DamagedLog: the log is not a dict; its size is not the record's or not within
            1..MAX_SIDE; a mine, a start cell or a move's cell is off the board; a time, a
            pixel or the cell size is out of range; a list is not of the shape written.
    """
    if not isinstance(data, dict):
        raise DamagedLog(N_("it is not the JSON text this game writes"))
    for name, value, want in (("rows", data.get("rows"), rows), ("cols", data.get("cols"), cols)):
        if not _int(value) or not 1 <= value <= MAX_SIDE or value != want:
            raise DamagedLog(N_("its {field} is {value}; its game has {want}"), field=name,
                             value=_shown(value), want=want)
    for name in ("mines", "start", "start_flags"):
        cells = data.get(name) or []
        _check_list(name, cells)
        _check_cells(name, cells, rows, cols)
    if len(data.get("mines") or []) > rows * cols:
        raise DamagedLog(N_("it has more mines than its board has cells"))
    cell = data.get("cell")
    if cell is not None and not (_number(cell) and 1 <= cell <= MAX_CELL_PX):  # NaN fails too
        raise DamagedLog(N_("its {field} is {value}; allowed {allowed}"), field="cell", value=_shown(cell),
                         allowed=f"1..{MAX_CELL_PX}")
    moves = data.get("moves") or []
    _check_list("moves", moves)
    for row in moves:
        if not isinstance(row, (list, tuple)) or len(row) < 4:  # tuples: a log still in memory
            raise DamagedLog(N_("its {field} list holds an entry of the wrong shape"), field="moves")
        _check_ms("moves", row[0])
        _check_cell("moves", row[2:4], rows, cols)
    pointer = data.get("pointer") or []
    _check_list("pointer", pointer)
    for event in pointer:
        if not isinstance(event, (list, tuple)) or len(event) != 4:
            raise DamagedLog(N_("its {field} list holds an entry of the wrong shape"), field="pointer")
        _check_ms("pointer", event[0])
        if not all(_int(v) and abs(v) <= MAX_PX for v in event[2:]):
            raise DamagedLog(N_("its {field} list holds a point out of range: {value}"), field="pointer",
                             value=_shown(event[2:]))
    history = data.get("history") or []
    _check_list("history", history)
    for entry in history:
        if not isinstance(entry, (list, tuple)) or len(entry) < 2:
            raise DamagedLog(N_("its {field} list holds an entry of the wrong shape"), field="history")
        _check_ms("history", entry[1])
        if entry[0] == "play":
            _check_cell("history", entry[3:5], rows, cols)


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: object) -> bool:
    return _int(value) or isinstance(value, float)


def _shown(value: object) -> str:
    """A value as the message names it, cut short (a damaged field can be huge)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _check_list(name: str, value: object) -> None:
    if not isinstance(value, list):
        raise DamagedLog(N_("its {field} is {value}, not a list"), field=name, value=_shown(value))


def _check_cell(name: str, cell: object, rows: int, cols: int) -> None:
    if not (isinstance(cell, (list, tuple)) and len(cell) == 2 and all(_int(v) for v in cell)
            and 0 <= cell[0] < rows and 0 <= cell[1] < cols):
        raise DamagedLog(N_("its {field} list holds a cell off its {rows}x{cols} board: {value}"), field=name,
                         rows=rows, cols=cols, value=_shown(cell))


def _check_cells(name: str, cells: list, rows: int, cols: int) -> None:
    """:func:`_check_cell` for each of ``cells``, a list that may hold a million: first at C
    speed (every cell a list or tuple of two ints, the extremes on the board), and cell by
    cell only when that finds something, to name the first bad one."""
    if cells and set(map(type, cells)) <= {list, tuple} and set(map(len, cells)) == {2}:
        row_of, col_of = zip(*cells)  # each cell's row, each cell's column
        if (set(map(type, row_of)) == {int} and set(map(type, col_of)) == {int}
                and 0 <= min(row_of) and max(row_of) < rows and 0 <= min(col_of) and max(col_of) < cols):
            return
    for cell in cells:
        _check_cell(name, cell, rows, cols)


def _check_ms(name: str, ms: object) -> None:
    if not (_number(ms) and 0 <= ms <= MAX_MS):  # NaN fails too
        raise DamagedLog(N_("its {field} list holds a time out of range: {value}"), field=name, value=_shown(ms))
