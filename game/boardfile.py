"""Board and position files shared with the competitive Minesweeper tools.

Two formats, both read and written:

``.mine`` text, as JSMinesweeper reads and writes it::

    WIDTHxHEIGHTxMINES        columns x rows x mines, e.g. 30x16x99
    HHHF12HH...               HEIGHT lines of WIDTH characters

``H`` covered cell, ``F`` flagged cell, ``M`` (or ``?`` on input) covered mine
where the layout is known, ``0``-``8`` revealed cell. A file with at least one
``M`` is a *board*: its mines are the ``M`` cells plus the flagged ones, and they
must number MINES. A file with only ``H``, ``F`` and digits is a *position*
whose mines are unknown (what the solver analyses). CRLF line ends and trailing
spaces are accepted.

MBF binary (Minesweeper X, Arbiter, JSMinesweeper): byte 0 width, byte 1 height,
bytes 2-3 the mine count big-endian, then one (x, y) byte pair per mine. It holds
a layout only: no revealed cells or flags.

Errors are :class:`BoardFileError` (a ValueError) naming the line and column
(or byte offset) and what is allowed; they quote at most a short excerpt of the
file (a bad header of ten million characters is not echoed whole). Files are read
only when regular and at most MAX_FILE_BYTES long (see :func:`load_board`).
"""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from game.rules.board import MAX_SIDE, Cell, adjacent_mines, neighbours
from game.rules.cells import COVERED, ShownNumbers
from game.files import FileTooLargeError, megabytes, read_regular, refuse_kept
from game.messages import N_, Explained, ExplainedValueError, cut_note

MBF_MAX_SIDE = 255  # one byte per coordinate
MBF_MAX_MINES = 0xFFFF
# The largest board, 1000x1000, is about 1 MB as .mine (1,001 bytes a row, 1,002 with
# CRLF); an MBF at most 131 kB. Four times that leaves room for trailing spaces and
# still refuses /dev/zero or a wrong file at once, before it fills memory.
MAX_FILE_BYTES = 4_000_000
EXCERPT_CHARS = 40  # at most this much of a line is quoted in a message
HEADER_DIGITS = 9  # a header number with more digits is out of range whatever the board (sides <= MAX_SIDE)


class BoardFileError(Explained, ValueError):
    """A board or position file that does not parse or is too large; the message says
    where and why (as data: see game.messages.Explained)."""


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """``text`` quoted (repr) for a message, cut to ``limit`` characters with its length
    given when longer: ``'30x16x99xxxxx'... (10,000,000 characters)``."""
    if len(text) <= limit:
        return repr(text)
    return cut_note(repr(text[:limit]), len(text))


@dataclass(frozen=True)
class BoardFile:
    """A board or position read from (or to be written to) a file.

    rows, cols: size in cells. mines: the mine count from the header.
    revealed: revealed cell -> its number (0..8): a dict, or as :func:`parse_mine` reads it a
        :class:`game.rules.cells.ShownNumbers` (a byte a cell: a 1000x1000 file's million numbers
        in 1 MB).
    flags: flagged cells.
    mines_known: the full layout for a board (including flagged mines), None for a position.
    """

    rows: int
    cols: int
    mines: int
    revealed: Mapping[Cell, int] = field(default_factory=dict)
    flags: frozenset[Cell] = frozenset()
    mines_known: frozenset[Cell] | None = None

    @property
    def is_board(self) -> bool:
        return self.mines_known is not None


# ----- .mine text --------------------------------------------------------------------------------
def parse_mine(text: str) -> BoardFile:
    """Parse ``.mine`` text into a :class:`BoardFile`.

    Raises:
        BoardFileError: bad header, wrong line length or count, unknown character,
            a mine count that disagrees with the marked mines, or a revealed number
            that contradicts the marked mines (or has too few covered neighbours).
    """
    text = text.removeprefix("\ufeff")  # a byte-order mark from Windows editors
    lines = [line.rstrip(" \t\r") for line in text.replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    if not lines:
        raise BoardFileError(N_("line 1: the file is empty; expected a header WIDTHxHEIGHTxMINES such as 9x9x10"))
    cols, rows, mines = _parse_header(lines[0])
    body = lines[1:]
    if len(body) != rows:
        where = len(lines) + 1 if len(body) < rows else rows + 2  # the missing line, or the first extra one
        raise BoardFileError(N_("line {line}: the header says {rows} rows but the file has {found}"),
                             line=where, rows=rows, found=len(body))
    read = _read_body(body, rows, cols)
    if read is not None:  # (the usual case: whole lines at once)
        data, flags, marked = read
        known = frozenset(marked | flags) if marked else None
        if known is not None and len(known) != mines:
            raise BoardFileError(N_("line 1: the header says {mines} mines but {marked} are marked "
                                    "({m} M and {f} F)"),
                                 mines=mines, marked=len(known), m=len(marked), f=len(flags))
        revealed = ShownNumbers(rows, cols, data)
        if not _numbers_fit(rows, cols, data, known):
            _check_numbers(rows, cols, revealed, known)  # says which number, as cell by cell
        return BoardFile(rows, cols, mines, revealed, frozenset(flags), known)
    revealed: dict[Cell, int] = {}
    flags = set()
    marked = set()
    for r, line in enumerate(body):
        if len(line) != cols:
            raise BoardFileError(N_("line {line}: {count} characters; the header says {cols} columns"),
                                 line=r + 2, count=len(line), cols=cols)
        for c, ch in enumerate(line):
            if ch in "Mm?":
                marked.add((r, c))
            elif ch in "Ff":
                flags.add((r, c))
            elif ch in "012345678":
                revealed[(r, c)] = int(ch)
            elif ch not in "Hh":
                raise BoardFileError(N_("line {line}, column {column}: unknown character {char}; "
                                        "allowed H (covered), F (flag), M or ? (mine), 0-8 (revealed)"),
                                     line=r + 2, column=c + 1, char=repr(ch))
    known = None
    if marked:
        known = frozenset(marked | flags)
        if len(known) != mines:
            raise BoardFileError(N_("line 1: the header says {mines} mines but {marked} are marked "
                                    "({m} M and {f} F)"),
                                 mines=mines, marked=len(known), m=len(marked), f=len(flags))
    _check_numbers(rows, cols, revealed, known)
    return BoardFile(rows, cols, mines, revealed, frozenset(flags), known)


_ALLOWED = str.maketrans(dict.fromkeys("HhFfMm?012345678"))  # deletes the characters a .mine body may hold
_SHOWN = bytes.maketrans(b"012345678HhFfMm?", bytes(range(9)) + bytes([COVERED]) * 7)
_FLAG, _MARK = re.compile("[Ff]"), re.compile("[Mm?]")


def _read_body(body: list[str], rows: int, cols: int) -> tuple[bytes, set[Cell], set[Cell]] | None:
    """The body's cells as (a byte per cell, row-major: the number 0..8 of a revealed cell,
    COVERED for the others; the flagged cells; the cells marked M or ?), read a whole text at
    a time (a 1000x1000 file in a few milliseconds, where a step per character took two
    seconds and a dict of its numbers 100 MB: docs/big-boards.md, "Reviews and analyses").
    None when a line has the wrong length or a character not allowed: the reading cell by
    cell then says where."""
    if any(len(line) != cols for line in body):
        return None
    text = "".join(body)
    if text.translate(_ALLOWED):
        return None
    data = text.encode("ascii").translate(_SHOWN)
    return (data, {divmod(m.start(), cols) for m in _FLAG.finditer(text)},
            {divmod(m.start(), cols) for m in _MARK.finditer(text)})


def _numbers_fit(rows: int, cols: int, data: bytes, known: frozenset[Cell] | None) -> bool:
    """True when every revealed number of ``data`` (as :func:`_read_body` gives it) fits: it
    touches that many of the ``known`` mines, or (a position) has at least that many covered
    neighbours. Whole rows at a time: a row of counts as one big int, a byte a cell (at most
    9 a byte: no carry), as :class:`Snapshot` counts; False sends the caller to the check
    cell by cell, which says where."""
    width = cols + 2  # a column of nothing each side
    full = (1 << (8 * width)) - 1
    high = int.from_bytes(b"\x80" * width, "big")
    if known is None:
        marks = data.translate(_COVERED_ONE)
    else:
        grid = bytearray(rows * cols)
        for r, c in known:
            grid[r * cols + c] = 1
        marks = bytes(grid)

    def padded(r: int) -> int:
        return int.from_bytes(b"\x00" + marks[r * cols:(r + 1) * cols] + b"\x00", "big") if 0 <= r < rows else 0

    above, here = 0, padded(0)
    for r in range(rows):
        below = padded(r + 1)
        band = above + here + below
        around = ((band + (band << 8) + (band >> 8)) & full) - here  # each cell's neighbours marked
        row = data[r * cols:(r + 1) * cols]
        numbers = int.from_bytes(b"\x00" + row.translate(_NUMBER_OR_ZERO) + b"\x00", "big")
        if known is None:
            if ((around | high) - numbers) & high != high:  # some number over its covered neighbours
                return False
        else:
            shown = int.from_bytes(b"\x00" + row.translate(_REVEALED_FF) + b"\x00", "big")
            if around & shown != numbers:  # some number not the count of its marked mines
                return False
        above, here = here, below
    return True


_COVERED_ONE = bytes(1 if b == COVERED else 0 for b in range(256))  # (translate tables: a byte a cell)
_NUMBER_OR_ZERO = bytes(b if b < 9 else 0 for b in range(256))
_REVEALED_FF = bytes(255 if b < 9 else 0 for b in range(256))


def _parse_header(header: str) -> tuple[int, int, int]:
    parts = header.strip().lower().split("x")
    if len(parts) != 3 or not all(p.isascii() and p.isdigit() for p in parts):
        raise BoardFileError(N_("line 1: header {header} does not parse; expected WIDTHxHEIGHTxMINES such as "
                                "30x16x99"), header=excerpt(header))
    cols, rows, mines = (_header_number(p) for p in parts)
    for template, value, text in ((N_("line 1: width {value} is out of range; allowed 1..{most}"), cols, parts[0]),
                                  (N_("line 1: height {value} is out of range; allowed 1..{most}"), rows, parts[1])):
        if value is None or not 1 <= value <= MAX_SIDE:
            raise BoardFileError(template, value=_shown(value, text), most=MAX_SIDE)
    if mines is None or mines > rows * cols:
        raise BoardFileError(N_("line 1: {mines} mines do not fit on {cols}x{rows}; allowed 0..{most}"),
                             mines=_shown(mines, parts[2]), cols=cols, rows=rows, most=rows * cols)
    return cols, rows, mines


def _header_number(digits: str) -> int | None:
    """The number an ASCII digit string stands for, or None when it has more than
    HEADER_DIGITS significant digits: out of range whatever the board, and past
    Python's 4,300-digit limit int() itself would refuse it."""
    significant = digits.lstrip("0") or "0"
    return int(significant) if len(significant) <= HEADER_DIGITS else None


def _shown(value: int | None, text: str) -> str:
    """A header number for a message: the number, or an excerpt of a very long one."""
    if value is not None:
        return str(value)
    return text if len(text) <= EXCERPT_CHARS else f"{text[:EXCERPT_CHARS]}... ({len(text):,} digits)"


def _check_numbers(rows: int, cols: int, revealed: Mapping[Cell, int], known: frozenset[Cell] | None) -> None:
    for (r, c), number in revealed.items():
        if known is not None:
            actual = adjacent_mines((r, c), known, rows, cols)
            if actual != number:
                raise BoardFileError(N_("line {line}, column {column}: the revealed {number} touches {actual} "
                                        "marked mines"), line=r + 2, column=c + 1, number=number, actual=actual)
        else:
            room = sum(1 for n in neighbours((r, c), rows, cols) if n not in revealed)
            if number > room:
                raise BoardFileError(N_("line {line}, column {column}: the revealed {number} has only {room} "
                                        "covered neighbours"), line=r + 2, column=c + 1, number=number, room=room)


def format_mine(board: BoardFile) -> str:
    """Write ``board`` as ``.mine`` text (LF line ends, final newline).

    Known mines are written ``M`` (``F`` when flagged); for a position, covered
    cells are ``H`` and flags ``F``. A flag on a cell known to be safe is written
    ``H``, since in a board file every ``F`` counts as a mine; when every mine is
    flagged (a won game) they are written ``M``, since a board needs one ``M``.
    """
    known = board.mines_known
    flags = board.flags
    if known and known <= flags:
        flags = frozenset()  # a board file needs an M: with every mine flagged, write them all as M
    lines = [f"{board.cols}x{board.rows}x{board.mines}"]
    for r in range(board.rows):
        row = []
        for c in range(board.cols):
            cell = (r, c)
            if cell in board.revealed:
                row.append(str(board.revealed[cell]))
            elif known is not None:
                row.append(("F" if cell in flags else "M") if cell in known else "H")
            else:
                row.append("F" if cell in board.flags else "H")
        lines.append("".join(row))
    return "\n".join(lines) + "\n"


# ----- MBF binary --------------------------------------------------------------------------------
def parse_mbf(data: bytes) -> BoardFile:
    """Parse MBF bytes into a board (layout only).

    Raises:
        BoardFileError: too short, length that disagrees with the mine count, zero
            size, a mine off the board, or the same mine twice.
    """
    if len(data) < 4:
        raise BoardFileError(N_("byte 0: an MBF file needs at least 4 bytes (width, height, mines); got {count}"),
                             count=len(data))
    cols, rows = data[0], data[1]
    mines = int.from_bytes(data[2:4], "big")
    if cols < 1 or rows < 1:
        raise BoardFileError(N_("byte {byte}: width and height must be 1..{most}; got {cols}x{rows}"),
                             byte=0 if cols < 1 else 1, most=MBF_MAX_SIDE, cols=cols, rows=rows)
    expected = 4 + 2 * mines
    if len(data) != expected:
        raise BoardFileError(N_("byte {byte}: {mines} mines need {expected} bytes; the file has {count}"),
                             byte=min(len(data), expected), mines=mines, expected=expected, count=len(data))
    layout: set[Cell] = set()
    for i in range(mines):
        x, y = data[4 + 2 * i], data[5 + 2 * i]
        offset = 4 + 2 * i
        if x >= cols or y >= rows:
            raise BoardFileError(N_("byte {byte}: mine {index} at x={x}, y={y} is off the {cols}x{rows} board"),
                                 byte=offset, index=i + 1, x=x, y=y, cols=cols, rows=rows)
        if (y, x) in layout:
            raise BoardFileError(N_("byte {byte}: mine {index} at x={x}, y={y} is listed twice"),
                                 byte=offset, index=i + 1, x=x, y=y)
        layout.add((y, x))
    if mines > rows * cols:
        raise BoardFileError(N_("byte 2: {mines} mines do not fit on {cols}x{rows}"), mines=mines, cols=cols, rows=rows)
    return BoardFile(rows, cols, mines, mines_known=frozenset(layout))


def format_mbf(board: BoardFile) -> bytes:
    """Write a board's layout as MBF bytes (mines in row-major order).

    Raises:
        ValueError: a position (no layout), a side over 255 or more than 65535 mines.
    """
    if board.mines_known is None:
        raise ExplainedValueError(N_("MBF: a position has no mine layout to write; save it as .mine"))
    if board.cols > MBF_MAX_SIDE or board.rows > MBF_MAX_SIDE:
        raise ExplainedValueError(N_("MBF: {cols}x{rows} is too large; allowed sides 1..{most}"),
                                  cols=board.cols, rows=board.rows, most=MBF_MAX_SIDE)
    if len(board.mines_known) > MBF_MAX_MINES:
        raise ExplainedValueError(N_("MBF: {mines} mines is too many; allowed 0..{most}"),
                                  mines=len(board.mines_known), most=MBF_MAX_MINES)
    out = bytearray([board.cols, board.rows]) + len(board.mines_known).to_bytes(2, "big")
    for r, c in sorted(board.mines_known):
        out += bytes([c, r])
    return bytes(out)


# ----- files and games ---------------------------------------------------------------------------
def is_mbf_path(path: str | os.PathLike) -> bool:
    return str(path).lower().endswith(".mbf")


def load_board(path: str | os.PathLike) -> BoardFile:
    """Read a ``.mbf`` (by extension) or ``.mine`` file.

    Only a regular file is read, and at most MAX_FILE_BYTES of it: a FIFO never blocks
    and /dev/zero never fills memory (see game.files).
    Raises:
        OSError: the file cannot be read; game.files.NotRegularFileError for a folder,
            FIFO, device or socket (its strerror says which).
        BoardFileError: it does not parse (also for text that is not UTF-8), or it is
            larger than MAX_FILE_BYTES.
    """
    try:
        data = read_regular(path, MAX_FILE_BYTES)
    except FileTooLargeError as err:
        if err.exact:
            raise BoardFileError(N_("the file is {size}; board files are at most {most} (a 1000x1000 board is "
                                    "about 1 MB)"), size=megabytes(err.size), most=megabytes(MAX_FILE_BYTES)) from None
        raise BoardFileError(N_("the file holds more than {most}; board files are at most {most} (a 1000x1000 "
                                "board is about 1 MB)"), most=megabytes(MAX_FILE_BYTES)) from None
    if is_mbf_path(path):
        return parse_mbf(data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise BoardFileError(N_("byte {byte}: not a text .mine file (for MBF use the .mbf extension)"),
                             byte=err.start) from None
    return parse_mine(text)


def save_board(path: str | os.PathLike, board: BoardFile,
               kept: Iterable[tuple[str | os.PathLike, object]] = ()) -> None:
    """Write ``board`` as MBF when ``path`` ends in .mbf, else as .mine text; never over one
    of ``kept``, the files the game keeps (game.records.paths.kept_files: the console's
    ``s FILE`` passes them).

    Written to a temporary file and renamed, so a failed save never leaves half a file.
    Raises:
        game.files.KeptFileError: ``path`` is one of ``kept`` (an OSError: its ``strerror``
            says which file it is, in the language in use).
        OSError: the file cannot be written. ValueError: see :func:`format_mbf`.
    """
    refuse_kept(path, kept)
    data = format_mbf(board) if is_mbf_path(path) else format_mine(board).encode("utf-8")
    target = Path(path)
    if target.is_dir():
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", str(target))
    temp = target.with_name(target.name + ".tmp")
    try:
        temp.write_bytes(data)
        os.replace(temp, target)
    except OSError as err:
        temp.unlink(missing_ok=True)  # no stray .tmp file beside a save that failed
        raise OSError(err.errno, err.strerror, str(target)) from err


def from_game(game, with_mines: bool = True) -> BoardFile:
    """Capture a game's board: revealed numbers, flags, and (``with_mines``) the layout.

    With ``with_mines=False`` the result is a *position*: what the player sees, no
    mine information (question marks are written as covered).
    """
    revealed: dict[Cell, int] = {}
    flags: set[Cell] = set()
    rows, cols = range(game.rows), range(game.cols)
    keys = game.appearances(rows, cols)  # one call for the whole board: a million cells in about a second
    for index, key in enumerate(keys):
        if key.isdigit():  # "0".."8": a revealed number
            revealed[divmod(index, game.cols)] = int(key)
        elif key in ("flag", "wrong_flag"):
            flags.add(divmod(index, game.cols))
    layout = game.layout() if with_mines else None
    if layout is not None:
        flags &= layout  # a wrong flag cannot be written in a board file
    return BoardFile(game.rows, game.cols, game.config.mines, revealed, frozenset(flags),
                     None if layout is None else frozenset(layout))


@dataclass(frozen=True)
class Snapshot:
    """A game's position as it stands, taken in an instant to be read elsewhere (the solver's
    process, game.solver.worker): the board's size and mine count, its cover (one byte per
    cell: game.rules.position's codes) and its layout in digits (game.rules.engine.Game.mine_digits), from
    which :meth:`board` works out the visible numbers, as :func:`from_game` does with
    ``with_mines=False``. Two copies of a megabyte at most: taken on the window's thread in
    a millisecond, where reading a 1000x1000 board's numbers takes a second. Only
    :meth:`board` reads the digits, and what it gives holds no mine: the solver sees the
    visible position only.
    """

    rows: int
    cols: int
    mines: int
    cover: bytes
    digits: bytes

    def board(self) -> BoardFile:
        """The visible position: revealed numbers and flags, no layout (a question mark is
        covered), as :func:`from_game` ``(game, with_mines=False)`` gives it.

        Raises:
            ValueError: the cover or the digits are not ``rows * cols`` bytes.
        """
        rows, cols, cover, digits = self.rows, self.cols, self.cover, self.digits
        if len(cover) != rows * cols or len(digits) != rows * cols:
            raise ValueError(f"snapshot: {len(cover)} and {len(digits)} bytes for a {rows}x{cols} board")
        width = cols + 2  # a column of no mines each side
        full = (1 << (8 * width)) - 1
        ones = bytes.maketrans(b"01", b"\x00\x01")

        def padded(r: int) -> int:  # row r's mines, a byte per cell (0 or 1), as one big int
            if not 0 <= r < rows:
                return 0
            return int.from_bytes(b"\x00" + digits[r * cols:(r + 1) * cols].translate(ones) + b"\x00", "big")
        revealed: dict[Cell, int] = {}
        flags: set[Cell] = set()
        above, here = 0, padded(0)
        for r in range(rows):
            below = padded(r + 1)
            row = cover[r * cols:(r + 1) * cols]
            if 1 in row:  # REVEALED: count each cell's 3x3 block a byte each, with no carry (at most 9)
                band = above + here + below
                counts = ((band + (band << 8) + (band >> 8)) & full).to_bytes(width, "big")
                at = row.find(1)
                while at >= 0:
                    revealed[(r, at)] = counts[at + 1]  # (the cell itself is no mine: it is revealed)
                    at = row.find(1, at + 1)
            if 2 in row:  # FLAGGED
                at = row.find(2)
                while at >= 0:
                    flags.add((r, at))
                    at = row.find(2, at + 1)
            above, here = here, below
        return BoardFile(rows, cols, self.mines, revealed, frozenset(flags), None)


def snapshot(game) -> Snapshot:
    """The position of ``game`` (a game.rules.engine.Game) as a :class:`Snapshot` (before its mines
    are laid nothing is revealed, so no number is read: the digits are all ``b"0"``)."""
    digits = game.mine_digits()
    if digits is None:
        digits = b"0" * game.config.cells
    return Snapshot(game.rows, game.cols, game.config.mines, game.cover_bytes(), digits)


def loaded_match(board: BoardFile, config, rng=None, clock=None, cell: int | None = None):
    """A :class:`game.midend.match.Match` laid exactly as ``board`` (no first-click relocation),
    with its revealed cells and flags shown.

    Raises:
        ValueError: ``board`` is a position (mines unknown) or does not fit ``config``.
    """
    from game.midend.match import Match

    if board.mines_known is None:
        raise ExplainedValueError(N_("board: a position has no mine layout to play"))
    kwargs = {} if clock is None else {"clock": clock}
    if cell is not None:
        kwargs["cell"] = cell
    return Match(config, rng=rng, mines=board.mines_known, revealed=board.revealed, flags=board.flags, **kwargs)
