"""The position being edited in the editor (game.ui.editor.scene): a pure model, no pygame.

A ``rows`` x ``cols`` grid of cells, one byte a cell: a revealed number 0..8, :data:`COVERED`,
:data:`FLAG` (a flagged cell: a mine, as the solver counts flags) or :data:`MINE` (a known
mine of the layout: covered in the position the solver sees, the ``M`` of a ``.mine`` board),
and the total mine count, or None for "unknown". Every edit is a step that
:meth:`Position.undo` takes back and :meth:`Position.redo` makes again; a stroke of the pointer
(cells painted while the button is held) is one step.

It reads and writes what the rest of the game reads, through game.boardfile's one reader and
writer of each format (no second parser here): :meth:`Position.board` is the
game.boardfile.BoardFile of the position, :meth:`Position.text` its ``.mine`` text,
:meth:`Position.load` takes a BoardFile (a ``.mine`` or MBF file, pasted text, a game's or a
replay's position).

The ``.mine`` format holds known mines only as a whole layout (a file with an ``M`` is a
board: its ``M`` and ``F`` cells are all its mines). So the known mines are written as ``M``
when they and the flags are all the mines; otherwise they are written as covered cells
(:attr:`Position.layout_kept` says which).

"Unknown" mine count: the solver needs a total, so the analysis assumes
:func:`assumed_mines`: Expert's density (99 mines in 480 cells) over the covered cells that
are not flagged, plus the flags; when the numbers do not allow that many, the editor asks
again with the nearest count they allow (game.ui.editor.live). Saved or copied, the
position's header carries the count the analysis assumed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.boardfile import BoardFile, Snapshot, format_mine, parse_mine
from game.messages import N_, ExplainedValueError
from game.rules.board import MAX_SIDE, Cell, neighbours
from game.rules.cells import COVERED, ShownNumbers

FLAG, MINE = 253, 254  # a flagged cell, a known mine (COVERED, 255: a covered cell; 0..8 a number)
TOOLS = ("covered", "number", "flag", "mine")  # what a left click paints ("number": set from mines)
EXPERT_DENSITY = 99 / 480  # the mines per covered cell the analysis assumes when the count is unknown
UNDO_STEPS = 200  # steps kept to undo
UNDO_BYTES = 64_000_000  # at most this much of whole boards kept to undo (the oldest steps dropped)
_TO_SHOWN = bytes(b if b < 9 else COVERED for b in range(256))  # a cell's byte -> ShownNumbers' byte
# a cell's byte -> game.rules.position's cover code (a mine covered, a flag flagged, the rest
# revealed) and -> a mine digit ("1" a known mine or flag), for Snapshot to count the numbers
_COVER_OF = bytes(0 if b == MINE else 2 if b == FLAG else 1 for b in range(256))
_DIGIT_OF = bytes(ord("1") if b in (MINE, FLAG) else ord("0") for b in range(256))


def tool_value(tool: str) -> int:
    """The cell byte a tool paints (the number tool: see :meth:`Position.from_mines`).

    Raises:
        ValueError: ``tool`` is not one of TOOLS."""
    try:
        return {"covered": COVERED, "flag": FLAG, "mine": MINE, "number": 0}[tool]
    except KeyError:
        raise ValueError(f"tool: {tool!r} is not one of {', '.join(TOOLS)}") from None


def check_size(rows: int, cols: int) -> None:
    """Raises ExplainedValueError naming the allowed range when ``rows`` x ``cols`` is not a board."""
    for template, value in ((N_("rows: {value} is out of range; allowed 1..{most}"), rows),
                            (N_("cols: {value} is out of range; allowed 1..{most}"), cols)):
        if not 1 <= value <= MAX_SIDE:
            raise ExplainedValueError(template, value=value, most=MAX_SIDE)


def parse_size(typed: str) -> tuple[int, int]:
    """``"16x30"`` (or ``16 30``, ``16,30``) -> (rows, cols).

    Raises:
        ExplainedValueError: not two whole numbers, or a side out of 1..MAX_SIDE."""
    parts = typed.lower().replace(",", " ").replace("x", " ").split()
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) < 8 for p in parts):
        raise ExplainedValueError(N_("{typed} is not a size; type ROWSxCOLUMNS such as 16x30"), typed=repr(typed))
    rows, cols = int(parts[0]), int(parts[1])
    check_size(rows, cols)
    return rows, cols


def assumed_mines(covered: int, flags: int) -> int:
    """The total the analysis assumes when the count is unknown: ``flags`` plus Expert's
    density over the ``covered`` cells that are not flagged, rounded (cells, a count)."""
    return flags + round(covered * EXPERT_DENSITY)


@dataclass
class Step:
    """One edit: ``cells`` index -> (byte before, byte after); ``whole`` (before, after) grids
    as (rows, cols, bytes) when the edit replaced the board (a new size, a fill, a file);
    ``mines`` (before, after) when the count changed."""

    cells: dict[int, tuple[int, int]] = field(default_factory=dict)
    whole: tuple | None = None
    mines: tuple | None = None

    def empty(self) -> bool:
        """True when the step changes nothing."""
        return not self.cells and self.whole is None and self.mines is None


def _weight(step: Step) -> int:
    """Bytes of whole boards ``step`` keeps (its cells' changes counted as nothing)."""
    return 0 if step.whole is None else len(step.whole[0][2]) + len(step.whole[1][2])


class Position:
    """An editable position (see the module's notes). ``version`` counts changes (the live
    analysis asks again when it moves)."""

    def __init__(self, rows: int, cols: int, mines: int | None = None) -> None:
        """A ``rows`` x ``cols`` board, every cell covered, ``mines`` mines (None: unknown).

        Raises:
            ExplainedValueError: a side out of 1..MAX_SIDE, or a count that does not fit."""
        check_size(rows, cols)
        self.rows, self.cols = rows, cols
        self.cells = bytearray([COVERED]) * (rows * cols)
        self.mines: int | None = None
        self.version = 0
        self._done: list[Step] = []
        self._undone: list[Step] = []
        self._open: Step | None = None  # a stroke under way
        if mines is not None:
            self.check_mines(mines)
            self.mines = mines

    # ----- reading -------------------------------------------------------------------------
    def at(self, cell: Cell) -> int:
        """The byte of ``cell``: 0..8, COVERED, FLAG or MINE."""
        return self.cells[cell[0] * self.cols + cell[1]]

    def look(self, cell: Cell) -> str:
        """The sprite key ``cell`` is drawn with (game.ui.shared.sprites.CELL_KEYS)."""
        value = self.at(cell)
        return str(value) if value < 9 else {COVERED: "covered", FLAG: "flag", MINE: "mine"}[value]

    def is_revealed(self, cell: Cell) -> bool:
        """True when ``cell`` shows a number (as game.rules.engine.Game.is_revealed)."""
        return self.at(cell) < 9

    def mark(self, cell: Cell) -> str:
        """'flag' on a flagged cell, else '' (as game.rules.engine.Game.mark)."""
        return "flag" if self.at(cell) == FLAG else ""

    def count_of(self, value: int) -> int:
        """How many cells hold ``value`` (a cell byte)."""
        return self.cells.count(bytes([value]))

    def from_mines(self, cell: Cell) -> int:
        """The number ``cell`` shows from the mines around it: its known mines and flags."""
        return sum(1 for n in neighbours(cell, self.rows, self.cols) if self.at(n) in (FLAG, MINE))

    def check_mines(self, mines: int) -> None:
        """Raises ExplainedValueError with the allowed range when ``mines`` does not fit the board."""
        most = self.rows * self.cols
        if not 0 <= mines <= most:
            raise ExplainedValueError(N_("{mines} mines do not fit on {rows}x{cols}; allowed 0..{most}"),
                                      mines=mines, rows=self.rows, cols=self.cols, most=most)

    def analysed_mines(self) -> int:
        """The total the analysis takes: the count, or :func:`assumed_mines` when unknown."""
        if self.mines is not None:
            return self.mines
        flags = self.count_of(FLAG)
        return assumed_mines(self.count_of(COVERED) + self.count_of(MINE), flags)

    @property
    def layout_kept(self) -> bool:
        """True when :meth:`board` keeps the known mines (they and the flags are all the mines)."""
        known = self.count_of(MINE)
        return known > 0 and known + self.count_of(FLAG) == self.analysed_mines()

    def _cells_with(self, value: int) -> set[Cell]:
        found, data, at = set(), self.cells, self.cells.find(value)
        while at >= 0:
            found.add(divmod(at, self.cols))
            at = data.find(value, at + 1)
        return found

    def board(self) -> BoardFile:
        """The position as a BoardFile: revealed numbers (game.rules.cells.ShownNumbers), flags,
        the count the analysis takes, and the known mines and flags as the layout when
        :attr:`layout_kept` (else the known mines are covered cells)."""
        flags = frozenset(self._cells_with(FLAG))
        layout = frozenset(self._cells_with(MINE)) | flags if self.layout_kept else None
        revealed = ShownNumbers(self.rows, self.cols, bytes(self.cells.translate(_TO_SHOWN)))
        return BoardFile(self.rows, self.cols, self.analysed_mines(), revealed, flags, layout)

    def analysed(self) -> BoardFile:
        """What the solver is asked about: :meth:`board` without a layout (the known mines are
        covered: the solver sees the position a player sees, as ``--analyse`` reads a board)."""
        board = self.board()
        return BoardFile(board.rows, board.cols, board.mines, board.revealed, board.flags, None)

    def text(self) -> str:
        """The position as ``.mine`` text (game.boardfile.format_mine)."""
        return format_mine(self.board())

    # ----- editing -------------------------------------------------------------------------
    def begin(self) -> None:
        """Start a stroke: the cells set until :meth:`end` are one step."""
        self.end()
        self._open = Step()

    def end(self) -> None:
        """End a stroke (nothing when none is under way)."""
        step, self._open = self._open, None
        if step is not None:
            self._keep(step)

    def set(self, cell: Cell, value: int) -> bool:
        """Set ``cell`` to ``value`` (0..8, COVERED, FLAG or MINE); True when it changed.

        Raises:
            ValueError: a value that is none of those."""
        if not (0 <= value <= 8 or value in (COVERED, FLAG, MINE)):
            raise ValueError(f"value: {value} is not a cell's")
        index = cell[0] * self.cols + cell[1]
        before = self.cells[index]
        if before == value:
            return False
        self.cells[index] = value
        step = self._open if self._open is not None else Step()
        was = step.cells.get(index, (before, value))[0]
        step.cells[index] = (was, value)
        if self._open is None:
            self._keep(step)
        else:
            self._changed()
        return True

    def paint(self, cell: Cell, tool: str) -> bool:
        """Set ``cell`` with ``tool`` (one of TOOLS; "number": :meth:`from_mines`)."""
        value = self.from_mines(cell) if tool == "number" else tool_value(tool)
        return self.set(cell, value)

    def flag_or_unflag(self, cell: Cell) -> bool:
        """A right click: a covered cell is flagged, a flagged one covered (others unchanged)."""
        value = self.at(cell)
        if value in (COVERED, MINE):
            return self.set(cell, FLAG)
        return self.set(cell, COVERED) if value == FLAG else False

    def fill(self, tool: str) -> None:
        """Every cell to ``tool`` (the number tool: each cell's count from the mines around it)."""
        if tool == "number":
            self._replace(self.rows, self.cols, self._counted())
        else:
            self._replace(self.rows, self.cols, bytearray([tool_value(tool)]) * (self.rows * self.cols))

    def _counted(self) -> bytearray:
        """The cells with every cell that is no mine (known or flagged) set to the count of the
        mines around it: counted a row at a time by game.boardfile.Snapshot (a 1000x1000
        board in about a second, where a count a cell took ten)."""
        cells = bytes(self.cells)
        cover = cells.translate(_COVER_OF)
        digits = cells.translate(_DIGIT_OF)
        counted = Snapshot(self.rows, self.cols, 0, cover, digits).board().revealed
        values = bytearray(cells)
        cols = self.cols
        for (r, c), number in counted.items():
            values[r * cols + c] = number
        return values

    def clear(self) -> None:
        """Every cell covered."""
        self.fill("covered")

    def resize(self, rows: int, cols: int) -> None:
        """A new ``rows`` x ``cols`` board, every cell covered (the count kept when it fits, else unknown).

        Raises:
            ExplainedValueError: a side out of 1..MAX_SIDE."""
        check_size(rows, cols)
        self._replace(rows, cols, bytearray([COVERED]) * (rows * cols),
                      mines=self.mines if self.mines is None or self.mines <= rows * cols else None)

    def set_mines(self, mines: int | None) -> None:
        """The total mine count, or None for unknown.

        Raises:
            ExplainedValueError: more mines than cells, or fewer than none (the allowed range named)."""
        if mines is not None:
            self.check_mines(mines)
        if mines == self.mines:
            return
        self.end()
        self._keep(Step(mines=(self.mines, mines)), apply=lambda: setattr(self, "mines", mines))

    def load(self, board: BoardFile) -> None:
        """Take ``board``'s position: its numbers, flags, known mines (a board's unflagged
        mines become known mines) and its count."""
        rows, cols = board.rows, board.cols
        values = bytearray([COVERED]) * (rows * cols)
        if board.mines_known is not None:
            for r, c in board.mines_known:
                values[r * cols + c] = MINE
        for r, c in board.flags:
            values[r * cols + c] = FLAG
        revealed = board.revealed
        if isinstance(revealed, ShownNumbers):
            data = revealed.data
            for index, value in enumerate(data):
                if value < 9:
                    values[index] = value
        else:
            for (r, c), value in revealed.items():
                values[r * cols + c] = value
        self._replace(rows, cols, values, mines=board.mines)

    def load_text(self, text: str) -> None:
        """Take the position of ``.mine`` ``text`` (a paste).

        Raises:
            game.boardfile.BoardFileError: the text does not parse (line and column named)."""
        self.load(parse_mine(text))

    def undo(self) -> bool:
        """Take the last step back; False when there is none."""
        return self._step(self._done, self._undone, 0)

    def redo(self) -> bool:
        """Make the last step taken back again; False when there is none."""
        return self._step(self._undone, self._done, 1)

    def _step(self, source: list, target: list, side: int) -> bool:
        """Move the last step of ``source`` to ``target``, the grid set to its ``side`` (0:
        before, 1: after); False when ``source`` is empty."""
        self.end()
        if not source:
            return False
        step = source.pop()
        self._apply(step, side)
        target.append(step)
        return True

    def forget_steps(self) -> None:
        """No step to undo or redo (a position just opened)."""
        self.end()
        self._done.clear()
        self._undone.clear()

    # ----- steps ---------------------------------------------------------------------------
    def _replace(self, rows: int, cols: int, values: bytearray, mines="keep") -> None:
        self.end()
        before = (self.rows, self.cols, bytes(self.cells))
        step = Step(whole=(before, (rows, cols, bytes(values))))
        if mines != "keep" and mines != self.mines:
            step.mines = (self.mines, mines)
        self._keep(step, apply=lambda: self._apply(step, 1))

    def _apply(self, step: Step, side: int) -> None:
        if step.whole is not None:
            self.rows, self.cols, data = step.whole[side]
            self.cells = bytearray(data)
        for index, pair in step.cells.items():
            self.cells[index] = pair[side]
        if step.mines is not None:
            self.mines = step.mines[side]
        self._changed()

    def _keep(self, step: Step, apply=None) -> None:
        if apply is not None:
            apply()
        if step.empty():
            return
        self._done.append(step)
        del self._done[:-UNDO_STEPS]
        while len(self._done) > 1 and sum(_weight(s) for s in self._done) > UNDO_BYTES:
            del self._done[0]  # (a 1000x1000 board's fill keeps 2 MB to undo: the oldest go first)
        self._undone.clear()
        self._changed()

    def _changed(self) -> None:
        self.version += 1


def position_of(rows: int, cols: int, mines: int, look) -> BoardFile:
    """The position a player sees, from ``look(cell)`` (a sprite key, as
    game.replay.player.Playhead.appearance gives): numbers revealed, flags kept, every other
    cell (a mine shown after a loss, a question mark) covered; ``mines`` mines."""
    revealed: dict[Cell, int] = {}
    flags = set()
    for r in range(rows):
        for c in range(cols):
            key = look((r, c))
            if key.isdigit():
                revealed[(r, c)] = int(key)
            elif key == "flag":
                flags.add((r, c))
    return BoardFile(rows, cols, mines, revealed, frozenset(flags), None)
