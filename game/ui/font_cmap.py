"""Which characters a font file has glyphs for, read from its 'cmap' table.

pygame-ce's ``Font`` cannot say whether it has a glyph for a character (``Font.metrics``
gives the .notdef box's metrics for a missing one, not None: measured with pygame-ce 2.5.8
and SDL_ttf 2.24), so :mod:`game.ui.fonts` reads the character map itself to choose a
fallback font per character.

Source: the OpenType specification, "cmap - Character to Glyph Index Mapping Table"
(https://learn.microsoft.com/typography/opentype/spec/cmap): subtable formats 4 (segment
mapping to delta values, the Basic Multilingual Plane) and 12 (segmented coverage, all
planes), and the font collection header ('ttcf', first font taken, as pygame loads it).
No pygame here: it reads bytes only.
"""

from __future__ import annotations

import struct
from bisect import bisect_right
from pathlib import Path

# (platform, encoding) pairs of Unicode subtables, best first: full-repertoire ones (format 12)
# before the BMP-only ones (format 4)
UNICODE_SUBTABLES = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))
MAX_CMAP_BYTES = 16 * 1024 * 1024  # a larger cmap table is taken as damage (16 MiB)


class Coverage:
    """A set of code points held as sorted, disjoint, inclusive ``(first, last)`` ranges."""

    def __init__(self, ranges: list[tuple[int, int]] | None = None) -> None:
        merged: list[list[int]] = []
        for first, last in sorted(ranges or []):
            if merged and first <= merged[-1][1] + 1:
                merged[-1][1] = max(merged[-1][1], last)
            else:
                merged.append([first, last])
        self._firsts = [first for first, _ in merged]
        self._lasts = [last for _, last in merged]

    def __contains__(self, codepoint: object) -> bool:
        if isinstance(codepoint, str):
            if len(codepoint) != 1:
                return False
            codepoint = ord(codepoint)
        if not isinstance(codepoint, int):
            return False
        i = bisect_right(self._firsts, codepoint) - 1
        return i >= 0 and codepoint <= self._lasts[i]

    def __len__(self) -> int:
        """How many code points are covered."""
        return sum(last - first + 1 for first, last in zip(self._firsts, self._lasts))

    @property
    def ranges(self) -> list[tuple[int, int]]:
        return list(zip(self._firsts, self._lasts))


def read_coverage(path: str | Path) -> Coverage:
    """The code points font file ``path`` (TrueType, OpenType or a collection's first font)
    maps to a real glyph (not glyph 0, .notdef). Only the table directory and the 'cmap'
    table are read (a few kilobytes, not a 20 MB CJK font). A missing, unreadable or
    malformed file, or one with no Unicode format 4 or 12 subtable, covers nothing: this
    never raises."""
    try:
        with open(path, "rb") as file:
            cmap = _cmap_table(file)
        return Coverage(_cmap_ranges(cmap)) if cmap else Coverage()
    except (OSError, ValueError, struct.error, IndexError):
        return Coverage()


def _cmap_table(file) -> bytes:
    """The bytes of the 'cmap' table of the font (a collection's first) open in ``file``."""
    head = file.read(16)
    start = struct.unpack_from(">I", head, 12)[0] if head[:4] == b"ttcf" else 0
    file.seek(start)
    (count,) = struct.unpack_from(">H", file.read(12), 4)
    directory = file.read(16 * count)
    for i in range(count):
        tag, _checksum, offset, length = struct.unpack_from(">4sIII", directory, 16 * i)
        if tag == b"cmap":
            if length > MAX_CMAP_BYTES:
                raise ValueError("cmap table too large")
            file.seek(offset)
            return file.read(length)
    return b""


def _cmap_ranges(data: bytes) -> list[tuple[int, int]]:
    """The covered ranges of the best Unicode subtable of cmap table ``data``."""
    _version, subtables = struct.unpack_from(">HH", data, 0)
    found: dict[tuple[int, int], int] = {}
    for i in range(subtables):
        platform, encoding, offset = struct.unpack_from(">HHI", data, 4 + 8 * i)
        (fmt,) = struct.unpack_from(">H", data, offset)
        if fmt in (4, 12):
            found.setdefault((platform, encoding), offset)
    for key in UNICODE_SUBTABLES:
        if key in found:
            at = found[key]
            (fmt,) = struct.unpack_from(">H", data, at)
            return _format12(data, at) if fmt == 12 else _format4(data, at)
    return []


def _format12(data: bytes, at: int) -> list[tuple[int, int]]:
    (groups,) = struct.unpack_from(">I", data, at + 12)
    if at + 16 + 12 * groups > len(data):
        raise ValueError("cmap format 12 runs past the end of the file")
    ranges = []
    for i in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, at + 16 + 12 * i)
        if glyph == 0:  # the first code point maps to .notdef
            first += 1
        if first <= min(last, 0x10FFFF):
            ranges.append((first, min(last, 0x10FFFF)))
    return ranges


def _format4(data: bytes, at: int) -> list[tuple[int, int]]:
    (seg_x2,) = struct.unpack_from(">H", data, at + 6)
    segs = seg_x2 // 2
    ends = struct.unpack_from(f">{segs}H", data, at + 14)
    starts = struct.unpack_from(f">{segs}H", data, at + 16 + seg_x2)
    deltas = struct.unpack_from(f">{segs}h", data, at + 16 + 2 * seg_x2)
    range_at = at + 16 + 3 * seg_x2  # idRangeOffset[0]'s position: its offsets count from here
    offsets = struct.unpack_from(f">{segs}H", data, range_at)
    ranges: list[tuple[int, int]] = []
    for i in range(segs):
        first, last = starts[i], ends[i]
        if first > last or first == 0xFFFF:
            continue
        if offsets[i] == 0:  # glyph = code + delta (mod 65536): one code point may hit glyph 0
            hole = (-deltas[i]) & 0xFFFF
            if first <= hole <= last:
                ranges += [r for r in ((first, hole - 1), (hole + 1, last)) if r[0] <= r[1]]
            else:
                ranges.append((first, last))
            continue
        base = range_at + 2 * i + offsets[i]
        glyphs = struct.unpack_from(f">{last - first + 1}H", data, base)
        for code, glyph in zip(range(first, last + 1), glyphs):
            if glyph != 0 and (glyph + deltas[i]) & 0xFFFF != 0:
                ranges.append((code, code))
    return ranges
