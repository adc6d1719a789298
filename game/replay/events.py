"""A replay as the project's own values: pointer events, the board, the result and the
competitive statistics. Plain data, no pygame and no ms-toollib: the in-game move log, the
records and the viewer can build and read these without the replay library.

Units, once for the module:

- time: whole milliseconds. A game's clock starts at the release that first opens a cell
  (the timer's start, as Arbiter, Viennasweeper and Metasweeper count it), so that event is
  at 0 ms, the press of that first click and flags placed before it have negative times,
  and ``Replay.time_ms`` is the time the game took.
- position: pixels from the board's top-left corner at :data:`CELL_PX` pixels per cell, the
  size every replay format assumes; cell (row, col) spans x in [col*16, col*16+16) and y in
  [row*16, row*16+16). Files recorded at another cell size (Metasweeper and Viennasweeper
  can use 24 px) are scaled to 16 px when read, keeping each event on its cell. A point
  off the board is written by the formats as (cols*16, rows*16), just past the corner.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.figures import add_fields, timed
# The pointer's values live in game.rules.pointer, below the midend; named here too, as they always were.
from game.rules.pointer import CELL_PX, PLAIN_ACTIONS, Action, PointerEvent, centre, formats_point


@dataclass(frozen=True, slots=True)
@add_fields()
class ReplayStats:
    """The competitive statistics of a replay, as minesweepergame.com defines them and
    ms-toollib computes them (IOS is computed here: ms-toollib has none). "Solved" counts the
    3BV the player actually cleared, so a lost game is measured on what it did; for a
    completed game it is the board's 3BV. A ratio that is undefined (no click, no time, no
    3BV solved) is None.

    After ``bbbv_solved``, one field per figure of game.figures.FIGURES (3BV/s, IOS, RQP,
    IOE, ..., path), in its order; what each means is its ``source`` there.
    """

    bbbv_solved: int  # 3BV cleared by the player

    @classmethod
    def from_toollib(cls, data: dict, time_ms: int) -> "ReplayStats":
        """The statistics of a dict of figures by name for a game of ``time_ms`` ms:
        ms-toollib's for a replay file (game.replay.toollib: ``bbbv_solved`` and the figures
        it has), or a recorded game's story's (game.replay.competitive.recorded_stats, as
        ms-toollib gives them), with the figures computed here: IOS. The one
        place a figure that ms-toollib lacks is computed. A game of no time has no timed
        figure (game.figures.Figure.timed: 3BV/s, IOS, RQP, STNB), and a size ms-toollib has
        no STNB constant for (it has them for 8x8, 16x16 and 16x30; it gives 0 else) no STNB.

        Raises:
            KeyError, TypeError: a field is missing or unexpected.
        """
        if time_ms <= 0:  # abandoned at the first click: no speed from no time (not 1000 3BV/s)
            data = {**data, **{f.name: None for f in timed() if f.name in data}}
        if not data.get("stnb"):  # ms-toollib has STNB constants for 8x8, 16x16 and 16x30 only (0 else)
            data = {**data, "stnb": None}
        return cls(ios=cls.index_of_speed(data["bbbv_solved"], time_ms), **data)

    @staticmethod
    def index_of_speed(bbbv_solved: int, time_ms: int) -> float | None:
        """IOS = log(3BV) / log(time in s) (minesweepergame.com); None when the time is 1 s or
        less (the logarithm is 0 or negative) or nothing was solved."""
        seconds = time_ms / 1000
        if bbbv_solved <= 0 or seconds <= 1:
            return None
        return math.log(bbbv_solved) / math.log(seconds)


@dataclass(frozen=True)
class Replay:
    """A whole game, move by move.

    Attributes:
        rows, cols: board size in cells.
        mines: the mine layout, as (row, col) cells.
        events: pointer events in time order (see the module docstring for units).
        time_ms: the game's time in ms, from the first opening to the last click.
        completed: every safe cell was opened without touching a mine (the game was won);
            False for a lost or abandoned game.
        bbbv: the board's 3BV.
        program: the program that recorded it, as the file names it ("Arbiter",
            "Viennasweeper", "0.97 beta", "Metasweeper 3.2"...); None when unknown.
        player: the player's name as the file holds it; None when empty.
        started_us: when the game started, in microseconds since 1970-01-01, as the file
            says (Arbiter writes local time as if it were UTC); None when unknown.
        file_format: "AVF", "RMV", "MVF" or "EVF" for a replay read from a file; None for one
            built by this game.
        stats: the competitive statistics, when computed (reading a file computes them).
        is_fair, is_official, mode: the EVF header's labels (see docs/replays-labels.md):
            fairly completed (no aid), official (fair, standard mode and board), and
            Metasweeper's game mode code (0 standard, 1 UPK, 4 win7, 5 classic no guess...);
            what :func:`game.replay.files.write_evf` writes, and what a file read says
            (False, False, 0 for the formats that have none).
        level: the level a file read gives (3 Beginner 8x8/10, 4 Intermediate, 5 Expert,
            6 anything else: ms-toollib derives it from the size); None for ours.
        questions: question marks were on (the EVF's ``use_question`` bit).
    """

    rows: int
    cols: int
    mines: frozenset[tuple[int, int]]
    events: tuple[PointerEvent, ...]
    time_ms: int
    completed: bool
    bbbv: int
    program: str | None = None
    player: str | None = None
    started_us: int | None = None
    file_format: str | None = None
    stats: ReplayStats | None = field(default=None, compare=False)
    is_fair: bool = field(default=False, compare=False)
    is_official: bool = field(default=False, compare=False)
    mode: int = field(default=0, compare=False)
    level: int | None = field(default=None, compare=False)
    questions: bool = field(default=False, compare=False)

    def __post_init__(self):
        if self.rows < 1 or self.cols < 1:
            raise ValueError(f"a replay's board is {self.rows}x{self.cols}; rows and columns start at 1")
        off = [cell for cell in self.mines if not (0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols)]
        if off:
            raise ValueError(f"mine {min(off)} is off the {self.rows}x{self.cols} board")
        if len(self.mines) >= self.rows * self.cols:
            raise ValueError(f"{len(self.mines)} mines leave no safe cell on a {self.rows}x{self.cols} board")

    def board(self) -> list[list[int]]:
        """The board as ms-toollib and the formats number it: -1 for a mine, else the count
        of mines around the cell (0-8), one list per row."""
        grid = [[0] * self.cols for _ in range(self.rows)]
        for row, col in self.mines:
            for r in range(max(0, row - 1), min(self.rows, row + 2)):
                for c in range(max(0, col - 1), min(self.cols, col + 2)):
                    grid[r][c] += 1
        for row, col in self.mines:
            grid[row][col] = -1
        return grid


__all__ = ["CELL_PX", "PLAIN_ACTIONS", "Action", "PointerEvent", "Replay", "ReplayStats", "centre", "formats_point"]
