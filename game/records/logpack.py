"""A move log packed for the records a slice at a time, so that recording a long game costs
no visible frame time in the window.

:func:`game.records.db.pack_log` packs a log in one go: compact JSON, zlib level 1; for a
long game that takes more than two 60 Hz frames (docs/performance.md, "Records").
:class:`LogPacker` makes the very same bytes' content in steps of at most a time
budget: the JSON text is written piece by piece (the pointer list in slices of
:data:`CHUNK` events) and fed to one ``zlib.compressobj`` at the same level, so
:func:`game.records.db.unpack_log` reads back exactly the dict ``pack_log`` would have
stored (the JSON text is identical character for character; zlib's stream is the same
compressed data, though its bytes may differ from ``zlib.compress``'s).

How the window uses it (:meth:`game.records.recording.Records.record` with ``pack_in_steps``):
the game's row is written at once; a log of up to PACK_AT_ONCE events goes in the same
INSERT, as before; a longer one is not touched in that frame, which already lays out the
result panel: the row is inserted without its log, and from the next frame
:meth:`Records.pack_step` (called once per frame by the window loop) packs it for up to
PACK_BUDGET a frame and then writes it with one UPDATE. The window closing (finish_run, on
the close button, SIGTERM, Ctrl-C or an error) packs what is pending at once, so no log is
lost; a kill -9 in those few frames loses only the log of the game that just ended (its row,
result and time are already committed; it shows "no move log" and gets no figures), never a
row or another game. No pygame here.
"""

from __future__ import annotations

import json
import time
import zlib
from typing import Iterator

LEVEL = 1  # zlib level: game.records.db.pack_log's
CHUNK = 500  # pointer events per JSON slice (about 0.3 ms of dumps + compress): a step overshoots its budget by at most that
_DUMPS = json.JSONEncoder(separators=(",", ":")).encode  # json.dumps(value, separators=...) without the call overhead


def json_pieces(log: dict, chunk: int | None = None) -> Iterator[str]:
    """The text of ``json.dumps(log, separators=(",", ":"))`` in pieces; a list value of more than
    ``chunk`` items (the pointer events) is written ``chunk`` items at a time. Tuples are
    written as arrays, as json does (game.midend.match.Match.log_snapshot's PointerInput). ``chunk``
    defaults to :data:`CHUNK`."""
    chunk = CHUNK if chunk is None else chunk
    yield "{"
    for i, (key, value) in enumerate(log.items()):
        head = ("," if i else "") + _DUMPS(key) + ":"
        if isinstance(value, list) and len(value) > chunk:
            yield head + "["
            for start in range(0, len(value), chunk):
                yield ("," if start else "") + _DUMPS(value[start:start + chunk])[1:-1]
            yield "]"
        else:
            yield head + _DUMPS(value)
    yield "}"


def log_events(log: dict) -> int:
    """How many moves and pointer events ``log`` holds: what packing it costs grows with."""
    return len(log.get("moves", ())) + len(log.get("pointer", ()))


class LogPacker:
    """Packs one log (a dict as game.midend.match.Match.log_data or log_snapshot gives it) into its
    stored form over several :meth:`step` calls. ``blob`` is the packed bytes once ``done``.

    The log must not change while it is packed (log_snapshot's copy does not).
    """

    def __init__(self, log: dict, chunk: int | None = None) -> None:
        self._pieces = json_pieces(log, chunk)
        self._zip = zlib.compressobj(LEVEL)
        self._parts: list[bytes] = []
        self.blob: bytes | None = None

    @property
    def done(self) -> bool:
        """True once the whole log is packed (``blob`` holds it)."""
        return self.blob is not None

    def step(self, budget: float) -> bool:
        """Pack pieces until ``budget`` seconds have passed (at least one piece); True when done."""
        if self.blob is not None:
            return True
        end = time.perf_counter() + budget
        for text in self._pieces:
            self._parts.append(self._zip.compress(text.encode("utf-8")))
            if time.perf_counter() >= end:
                return False
        self._parts.append(self._zip.flush())
        self.blob, self._parts = b"".join(self._parts), []
        return True

    def finish(self) -> bytes:
        """Pack the rest now; the packed bytes."""
        self.step(float("inf"))
        return self.blob
