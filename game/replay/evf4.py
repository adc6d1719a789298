"""The byte layout of an EVF version 4 file (Metasweeper 3.2.1 on), as far as writing our
replays needs it: where the header ends and the event list begins, the header's time
fields, and the event list itself. Pure Python, no ms-toollib.

Why this exists: ms-toollib builds the EVF (header, board, flags) from a game played through
its ``BaseVideo``, but stamps every event with the wall clock at the moment it is fed and
has no way to set a time, so :mod:`game.replay.toollib` keeps ms-toollib's header and board
and re-encodes the event list here with the replay's own milliseconds. The layout is the
EVF standard's ("evf标准.md" in ms-toollib's repository, section v0.4); every file built
this way is parsed back by ms-toollib's ``EvfVideo`` before it is written.

Integers are big-endian. Header: version (1 byte, 4), summary flags (1), settings (1), rows
(1), columns (1), mines (2), cell size in px (1), mode (2), 3BV (2), time in ms (4),
country (2 ASCII letters), start and end in microseconds since 1970 (8 + 8), then
NUL-terminated UTF-8 strings: program, (only in transcoded files: transcoder, encoding),
player, race id, unique id; a 2-byte length and that many bytes of device id; the mines,
one bit a cell row by row; a 2-byte count of custom metrics and their NUL-terminated names.
Events: a type byte (mouse 1-12, game state 81-99, pause 255), a time delta in ms (1
byte; a pause event of 2 bytes adds up to 65535 ms before it), and for mouse events the
change of x and of y (2 signed bytes each; the first event has its absolute time, x, y:
1, 2 and 2 bytes). A 0 byte ends the list; a 2-byte length and a checksum follow.
"""

from __future__ import annotations

VERSION = 4
TIME_MS_AT = 12  # offset of the 4-byte time in ms
START_US_AT = 18  # offset of the 8-byte start; the 8-byte end follows
FIXED_HEADER = 34  # bytes before the first string
TRANSCODED_BIT = 0b0000_1000  # in byte 1: two more strings follow the program

MOUSE_CODES = {"mv": 1, "lc": 2, "lr": 3, "rc": 4, "rr": 5, "mc": 6, "mr": 7,
               "pf": 8, "cc": 9, "l": 10, "r": 11, "m": 12}
FIRST_EVENT_CODES = frozenset({"mv", "lc", "rc", "pf"})  # what the standard allows first
PAUSE = 255
MAX_PAUSE_MS = 65535
MAX_DELTA_MS = 255


class LayoutError(ValueError):
    """Bytes that are not the EVF v4 layout this module expects."""


def events_offset(raw: bytes) -> int:
    """Where the event list of the EVF v4 bytes ``raw`` begins.

    Raises:
        LayoutError: not version 4, or the header runs past the end.
    """
    if len(raw) < FIXED_HEADER or raw[0] != VERSION:
        raise LayoutError("not an EVF version 4 header")
    rows, cols = raw[3], raw[4]
    at = FIXED_HEADER
    strings = 4 + (2 if raw[1] & TRANSCODED_BIT else 0)
    for _ in range(strings):
        end = raw.find(b"\0", at)
        if end < 0:
            raise LayoutError("a header string has no end")
        at = end + 1
    at += 2 + int.from_bytes(raw[at:at + 2], "big")  # device id
    at += (rows * cols + 7) // 8  # the mines
    custom = int.from_bytes(raw[at:at + 2], "big")
    at += 2
    for _ in range(custom):
        end = raw.find(b"\0", at)
        if end < 0:
            raise LayoutError("a custom metric's name has no end")
        at = end + 1
    if at > len(raw):
        raise LayoutError("the header runs past the end of the data")
    return at


def set_times(header: bytes, time_ms: int, start_us: int, end_us: int) -> bytes:
    """``header`` with its time in ms and its start and end timestamps replaced."""
    out = bytearray(header)
    out[TIME_MS_AT:TIME_MS_AT + 4] = time_ms.to_bytes(4, "big")
    out[START_US_AT:START_US_AT + 8] = start_us.to_bytes(8, "big")
    out[START_US_AT + 8:START_US_AT + 16] = end_us.to_bytes(8, "big")
    return bytes(out)


def encode_events(events: list[tuple[int, str, int, int]]) -> bytes:
    """The event list, its closing 0 byte and an empty checksum, for ``events`` =
    [(time in ms from the first event, ms-toollib code, x, y), ...], times never decreasing,
    the first at 0.

    Raises:
        LayoutError: no events, a first event the standard does not allow first, a time
            going back, a time or position out of the format's range.
    """
    if not events:
        raise LayoutError("no event to write")
    time0, code0, x0, y0 = events[0]
    if code0 not in FIRST_EVENT_CODES or time0 != 0:
        raise LayoutError(f"the first event must be a press or move at 0 ms, not {code0!r} at {time0}")
    out = bytearray([MOUSE_CODES[code0], 0])
    out += _u16(x0) + _u16(y0)
    last_t, last_x, last_y = 0, x0, y0
    for t, code, x, y in events[1:]:
        delta = t - last_t
        if delta < 0:
            raise LayoutError(f"event time goes back from {last_t} ms to {t} ms")
        while delta > MAX_DELTA_MS:
            pause = min(MAX_PAUSE_MS, delta)
            out += bytes([PAUSE]) + pause.to_bytes(2, "big")
            delta -= pause
        out += bytes([MOUSE_CODES[code], delta]) + _i16(x - last_x) + _i16(y - last_y)
        last_t, last_x, last_y = t, x, y
    out += b"\0" + (0).to_bytes(2, "big")  # end of events; a checksum of 0 bytes
    return bytes(out)


def _u16(value: int) -> bytes:
    if not 0 <= value <= 0xFFFF:
        raise LayoutError(f"position {value} is out of the format's range 0..65535")
    return value.to_bytes(2, "big")


def _i16(value: int) -> bytes:
    if not -0x8000 <= value <= 0x7FFF:
        raise LayoutError(f"a move of {value} px is out of the format's range")
    return value.to_bytes(2, "big", signed=True)
