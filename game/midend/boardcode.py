"""Board codes: a short text that names one board exactly, for any copy of the game of the
same code version on any platform (issue 38). A player reads it off the result panel, sends
it, and anyone opens the same board with ``--code CODE`` or the menu's "Play a code".

A code holds the board's size, mine count, first-click rule, whether it is no-guess, and its
layout: the seed of a generated board (laid by game.midend.deal from
game.midend.stable_random, the same numbers everywhere) or the mine cells of a loaded one;
and the start cell, the first click every player makes (a generated board is laid at its
first click, so the same seed gives the same board only from the same cell). The grammar,
the byte layout and the check are in docs/board-codes.md; in short::

    MS1-0G4R8-2S9ZA-QW3T7-N5     "MS", the code version, "-", then Crockford base32 of the
                                 payload and a 3-byte check, in groups of five

Reading is forgiving where it cannot mislead (any case, spaces or dashes anywhere, O for 0,
I and L for 1) and strict where it could: a wrong check, a version this game does not know,
a board the rules do not allow, each raise :class:`CodeError` naming what is wrong, never
another board. Changing what a version's bytes mean is a new :data:`CODE_VERSION`. No pygame
here.
"""

from __future__ import annotations

import base64
import hashlib
import re
import zlib
from dataclasses import dataclass

from game.messages import N_, Explained, note
from game.midend.stable_random import GENERATOR_VERSION
from game.rules.board import Cell, Config

CODE_VERSION = 1
"""The code version this game writes and the highest it reads. Version 1: the payload below,
boards laid by game.midend.stable_random's generator version 1."""
GENERATOR_OF_VERSION = {1: 1}  # code version -> the StableRandom generator version its seeds are laid with
assert GENERATOR_OF_VERSION[CODE_VERSION] == GENERATOR_VERSION, "a new generator needs a new code version"

PREFIX = "MS"
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base32 (www.crockford.com/base32.html)
_READ_AS = {"O": "0", "I": "1", "L": "1"}  # Crockford's decoding of the letters left out
RULES = ("opening", "safe", "classic")  # a rule's number in version 1's payload: never reordered
CHECK_BYTES = 3
GROUP = 5  # characters between dashes when written

_NO_GUESS, _LAYOUT, _START, _DEFLATED = 1, 2, 4, 8  # the flags byte


class CodeError(Explained, ValueError):
    """A text that is not a board code this game can open; says what is wrong and what a
    code looks like (as data: game.messages.Explained)."""


@dataclass(frozen=True)
class BoardCode:
    """One board as a code names it.

    Attributes:
        rows, cols: the board's size in cells.
        mines: its mine count.
        first_click: its first-click rule (one of game.rules.board.FIRST_CLICK_RULES).
        no_guess: a no-guess board (game.noguess), laid at the start cell.
        seed: the seed of a generated board (laid by game.midend.deal.board_rng); None for a
            loaded board.
        layout: the mine cells of a loaded board, (row, col) each; None for a generated one.
        start: the cell the game starts from, (row, col): every player's first click. A
            generated board has one; a loaded board may (None: any first click).

    Raises:
        CodeError: the fields do not make a board (a size or count out of range, a seed and a
            layout both or neither, a generated board without a start cell, a cell off the
            board, a layout of the wrong count).
    """

    rows: int
    cols: int
    mines: int
    first_click: str = "opening"
    no_guess: bool = False
    seed: int | None = None
    layout: frozenset[Cell] | None = None
    start: Cell | None = None

    def __post_init__(self) -> None:
        try:
            self.config()
        except ValueError as err:
            raise CodeError(N_("the code's board is not allowed: {reason}"), reason=err) from None
        if (self.seed is None) == (self.layout is None):
            raise CodeError(N_("the code's board is not allowed: {reason}"),
                            reason=note(N_("it needs a seed or a layout, and only one")))
        if self.seed is not None and (not isinstance(self.seed, int) or self.seed < 0):
            raise CodeError(N_("the code's board is not allowed: {reason}"), reason=note(N_("its seed is negative")))
        if self.seed is not None and self.start is None:
            raise CodeError(N_("the code's board is not allowed: {reason}"),
                            reason=note(N_("a generated board needs its start cell")))
        rows, cols = self.rows, self.cols
        if any(not (0 <= r < rows and 0 <= c < cols)  # no sorting: a big layout is checked in one pass
               for r, c in ([self.start] if self.start is not None else []) + list(self.layout or ())):
            raise CodeError(N_("the code's board is not allowed: {reason}"),
                            reason=note(N_("a cell is off the board")))
        if self.layout is not None and len(self.layout) != self.mines:
            raise CodeError(N_("the code's board is not allowed: {reason}"),
                            reason=note(N_("its layout does not have its mine count")))

    def config(self) -> Config:
        """The board's game.rules.board.Config (questions off: a code does not carry them).

        Raises:
            ValueError: the size, count or rule is out of range (the message says which).
        """
        return Config(self.rows, self.cols, self.mines, first_click=self.first_click, no_guess=self.no_guess)

    @property
    def generated(self) -> bool:
        """A generated board (a seed), not a loaded one."""
        return self.seed is not None


def encode(code: BoardCode) -> str:
    """The text of ``code``: ``MS1-`` and its payload and check in Crockford base32, in
    groups of :data:`GROUP` characters (docs/board-codes.md)."""
    flags = (_NO_GUESS if code.no_guess else 0) | (_START if code.start is not None else 0)
    fields = [RULES.index(code.first_click), code.rows, code.cols, code.mines]
    if code.start is not None:
        fields += list(code.start)
    if code.layout is not None:
        flags |= _LAYOUT
        bits = bytearray(_bitmap(code.layout, code.rows, code.cols))
        packed = zlib.compress(bytes(bits), 9)
        if len(packed) < len(bits):
            flags |= _DEFLATED
            bits = bytearray(packed)
        tail = bytes(bits)
    else:
        tail = _varint(code.seed)
    payload = bytes([flags]) + b"".join(_varint(v) for v in fields) + tail
    return checked_text(BOARD_TEXT, payload)


def decode(text: str) -> BoardCode:
    """The board a code names.

    Raises:
        CodeError: ``text`` is not a code (no ``MS`` and version first, a character outside
            the alphabet), was made by a newer version of the game, does not check (mistyped
            or cut short), or names a board the rules do not allow; the message says which.
    """
    if not isinstance(text, str):
        raise CodeError(N_("a board code is text, like {example}"), example=EXAMPLE)
    payload = checked_payload(BOARD_TEXT, text)
    try:
        return _payload(payload)
    except IndexError:
        raise CodeError(N_("the board code is cut short: check that it was copied whole")) from None


EXAMPLE = "MS1-XXXXX-XXXXX-XXXXX-X"
"""The shape of a code, for messages (not a real board)."""


@dataclass(frozen=True)
class TextKind:
    """One kind of checked code text: its prefix and version (``MS1-...``, the trial codes'
    ``MT1-...``: game.midend.trial), the error it raises and its words for each way a text
    is not such a code (messages marked with ``N_``). The text is the prefix, the version,
    ``-``, then Crockford base32 of the payload and a CHECK_BYTES check (:func:`_check`) in
    groups of :data:`GROUP`; it is read as docs/board-codes.md says (any case, separators
    anywhere, O for 0, I and L for 1)."""

    prefix: str
    version: int
    error: type
    example: str
    not_code: str  # {text} {example}: no prefix and version first
    newer: str  # {version} {known}: made by a newer version
    no_version: str  # {text} {version}: version 0
    strange: str  # {chars}: symbols a code never has
    unchecked: str  # the check does not match (a mistyped symbol, a last symbol's pad bits set)
    short: str  # fewer bytes than a check, or a length no byte count gives
    cut_mark: str = "..."  # ends the quote of a text cut for a message


BOARD_TEXT = TextKind(
    PREFIX, CODE_VERSION, CodeError, EXAMPLE,
    N_("{text} is not a board code: a code starts with MS and its version, like {example}"),
    N_("this board code was made by a newer version of the game (code version {version}; "
       "this one reads up to version {known}): update the game to open it"),
    N_("{text} is not a board code: there is no code version {version}"),
    N_("the board code has characters a code never has: {chars} (a code uses the digits and "
       "the letters A to Z but U)"),
    N_("the board code does not check: a character is mistyped, or the code was cut short"),
    N_("the board code is cut short: check that it was copied whole"))
"""The board codes' text (:func:`encode`, :func:`decode`)."""


def checked_text(kind: TextKind, payload: bytes) -> str:
    """``payload`` written as a ``kind`` code: prefix, version, ``-``, base32 of the payload
    and its check in groups of :data:`GROUP` joined by ``-``."""
    body = _base32(payload + _check(kind.version, payload, kind.prefix))
    return f"{kind.prefix}{kind.version}-" + "-".join(body[i:i + GROUP] for i in range(0, len(body), GROUP))


def checked_payload(kind: TextKind, text: str) -> bytes:
    """The payload of the ``kind`` code ``text`` once its version and check hold.

    Raises:
        kind.error: not such a code, a newer version, symbols a code never has, a check that
            does not match, too short; with ``kind``'s words for each.
    """
    head = re.fullmatch(kind.prefix + r"(\d{1,4})[\s\-]+(.*)", text.strip().upper(), re.DOTALL)  # the version ends at a dash or space
    if head is None:
        raise kind.error(kind.not_code, text=_shown(text, cut=kind.cut_mark), example=kind.example)
    version, body = int(head.group(1)), re.sub(r"[\s\-]+", "", head.group(2))
    if version > kind.version:
        raise kind.error(kind.newer, version=version, known=kind.version)
    if version < 1:
        raise kind.error(kind.no_version, text=_shown(text, cut=kind.cut_mark), version=version)
    body = "".join(_READ_AS.get(ch, ch) for ch in body)
    wrong = sorted({ch for ch in body if ch not in ALPHABET})
    if wrong:
        raise kind.error(kind.strange, chars=" ".join(wrong))
    if body and len(body) * 5 % 8 < 5 and _padding(body):  # bits past the last byte set: a typo in the last symbol
        raise kind.error(kind.unchecked)
    data = _unbase32(body)
    if data is None or len(data) <= CHECK_BYTES:
        raise kind.error(kind.short)
    payload, check = data[:-CHECK_BYTES], data[-CHECK_BYTES:]
    if _check(version, payload, kind.prefix) != check:
        raise kind.error(kind.unchecked)
    return payload


def _payload(data: bytes) -> BoardCode:
    """Version 1's payload: flags, rule, rows, cols, mines, [start row, start col], then the
    seed (a varint) or the layout's bits (row-major, a set bit a mine; deflated when flagged).

    Raises:
        IndexError: the bytes end early.
        CodeError: a field is out of range.
    """
    flags, at = data[0], 1
    if flags & ~(_NO_GUESS | _LAYOUT | _START | _DEFLATED):
        raise CodeError(N_("the code's board is not allowed: {reason}"), reason=note(N_("it has flags this game does not know")))
    values = []
    for _ in range(6 if flags & _START else 4):
        value, at = _read_varint(data, at)
        values.append(value)
    rule, rows, cols, mines = values[:4]
    if rule >= len(RULES):
        raise CodeError(N_("the code's board is not allowed: {reason}"), reason=note(N_("its first-click rule is unknown")))
    start = (values[4], values[5]) if flags & _START else None
    seed = layout = None
    if flags & _LAYOUT:
        if not (0 < rows <= 10_000 and 0 < cols <= 10_000):  # bound the bitmap before building it
            raise CodeError(N_("the code's board is not allowed: {reason}"), reason=note(N_("its size is out of range")))
        bits = data[at:]
        if flags & _DEFLATED:
            try:
                inflater = zlib.decompressobj()
                bits = inflater.decompress(bits, (rows * cols + 7) // 8 + 1)
            except zlib.error:
                raise CodeError(N_("the board code does not check: a character is mistyped, or the code was cut short"))
        if len(bits) != (rows * cols + 7) // 8:
            raise IndexError("layout bits")
        layout = _cells(bits, rows, cols)
    else:
        seed, at = _read_varint(data, at)
        if at != len(data):
            raise CodeError(N_("the board code does not check: a character is mistyped, or the code was cut short"))
    return BoardCode(rows, cols, mines, RULES[rule], bool(flags & _NO_GUESS), seed, layout, start)


def _bitmap(layout, rows: int, cols: int) -> bytes:
    """The layout's bits, ``ceil(rows * cols / 8)`` bytes: cell (r, c) is bit r * cols + c
    counted from the first byte's most significant bit, set for a mine. Built as the text of
    a binary number (one ``0`` or ``1`` a cell) read by ``int``, not a bit at a time: a
    1000x1000 board's in a few hundredths of a second."""
    digits = bytearray(b"0") * (rows * cols + -(rows * cols) % 8)
    for r, c in layout:
        digits[r * cols + c] = 49  # "1"
    return int(digits, 2).to_bytes(len(digits) // 8, "big") if digits else b""


def _cells(bits: bytes, rows: int, cols: int) -> frozenset[Cell]:
    """The mines of a layout's bits (:func:`_bitmap`'s reverse); bits past the last cell are ignored."""
    count = rows * cols
    digits = format(int.from_bytes(bits, "big"), f"0{len(bits) * 8}b")[:count]
    found, at = [], digits.find("1")
    while at >= 0:
        found.append(divmod(at, cols))
        at = digits.find("1", at + 1)
    return frozenset(found)


def _check(version: int, payload: bytes, prefix: str = PREFIX) -> bytes:
    """The check of a payload: the first CHECK_BYTES of SHA-256 over the prefix (``MS``, a
    trial code's ``MT``), the version and the payload."""
    return hashlib.sha256(f"{prefix}{version}".encode("ascii") + payload).digest()[:CHECK_BYTES]


def _varint(value: int) -> bytes:
    """``value`` (>= 0) in LEB128: seven bits a byte, low first, the top bit set on all but the last."""
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _read_varint(data: bytes, at: int) -> tuple[int, int]:
    """(value, next position) of the LEB128 varint at ``at``; at most ten bytes.

    Raises:
        IndexError: the bytes end inside it.
        CodeError: it runs over ten bytes.
    """
    value = shift = 0
    for _ in range(10):
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return value, at
        shift += 7
    raise CodeError(N_("the board code does not check: a character is mistyped, or the code was cut short"))


_RFC4648 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"  # the standard base32 alphabet: the same values, other symbols
_TO_CROCKFORD = str.maketrans(_RFC4648, ALPHABET)
_FROM_CROCKFORD = str.maketrans(ALPHABET, _RFC4648)


def _base32(data: bytes) -> str:
    """Crockford base32 of ``data``: five bits a character, the first the most significant,
    the last padded with zero bits. Written by the standard library's base32 (RFC 4648: the
    same bits, another alphabet, ``=`` padding dropped), so a loaded 1000x1000 board's layout
    takes milliseconds."""
    return base64.b32encode(data).decode("ascii").rstrip("=").translate(_TO_CROCKFORD)


def _unbase32(text: str) -> bytes | None:
    """The bytes :func:`_base32` made ``text`` (symbols of ALPHABET) of; None when ``text``
    cannot be such (its padding bits set, or a length no byte count gives)."""
    if not text or len(text) * 5 % 8 >= 5 or _padding(text):  # >= 5: a whole character too many
        return None
    standard = text.translate(_FROM_CROCKFORD)
    return base64.b32decode(standard + "=" * (-len(standard) % 8))


def _padding(text: str) -> int:
    """The pad bits of the last symbol of ``text`` (symbols of ALPHABET): those past its
    last whole byte, which :func:`_base32` leaves zero."""
    pad = len(text) * 5 % 8
    return ALPHABET.index(text[-1]) & ((1 << pad) - 1)


def _shown(text: str, most: int = 40, cut: str = "...") -> str:
    """``text`` quoted for a message, cut at ``most`` characters (``cut`` after them)."""
    return repr(text if len(text) <= most else text[:most] + cut)


# The text layer, public for game.midend.trial's trial codes (the same varints; their text: TextKind)
varint, read_varint = _varint, _read_varint
