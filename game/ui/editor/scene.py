"""The position editor and its live analysis (issue 39): build any position, see its exact
mine probabilities as you edit, save it.

The board is drawn as the play scene draws it (game.ui.play.layout, board_view, camera_view:
a board bigger than the window scrolls and zooms with the play scene's camera), the rulers on;
the side panel right of it holds the tool strip (a button a tool or action, each with its key:
:data:`ACTIONS`) and the analysis in words. Nothing is drawn over a number: the overlay colours
covered cells only (game.ui.play.solver_view.ProbabilityLayer), and the rings of an impossible
position's numbers and of the best move keep to a cell's border (game.ui.play.hint_marks).

The position is game.ui.editor.model.Position (pure, with undo and redo); the analysis is
game.ui.editor.live.LiveAnalysis, asked in the solver's process after each edit (at most once
a frame), never in the frame.

Mouse: a left click or drag paints the tool; a right click flags (or unflags). Keys: the
tools H (covered), N (number from the mines around), F (flag), M (known mine); 0-8 type a
number on the cell under the pointer (or the keyboard cursor: arrows move it, Space or Enter
paint the tool there; Tab and Shift+Tab move a focus over the tool strip's buttons, Space or
Enter press the focused one, an arrow takes the keys back to the board); B fills the board with the tool, Delete clears it; Ctrl+Z / Ctrl+Y undo
and redo; + / - the mine count, U unknown, T types it; Ctrl+N a new board, Ctrl+O opens a
``.mine`` or ``.mbf`` file, Ctrl+S saves (the extension chooses the format; an existing file
is overwritten only after a Yes); Ctrl+C copies the position as ``.mine`` text, Ctrl+V pastes
one; Esc goes back where the editor was opened from (the menu, a game, the replay viewer);
F1 the help. The wheel, Ctrl+wheel and Ctrl+drag move a big board's view; Page Up/Down, Home
and End too.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Callable

import pygame

from game.boardfile import BoardFile, BoardFileError, format_mbf, format_mine, is_mbf_path, load_board, save_board
from game.commands.analyse_report import layout_count
from game.commands.explain_text import chance, impossible_text
from game.i18n import N_, _, count, ngettext, number
from game.messages import ExplainedValueError, describe, os_error_text
from game.records.paths import kept_files
from game.rules.board import Cell
from game.solver.problem import InconsistentPosition, fmt
from game.solver.analysis import Studied
from game.solver.problem import Impossible
from game.solver.sample import TooHardToSample
from game.ui.codes import CodeEntry
from game.ui.editor.chance import ChanceJob
from game.ui.editor.live import LiveAnalysis, move_words, ringed
from game.ui.editor.model import FLAG, MINE, Position, parse_size
from game.ui.play.board_view import BoardView
from game.ui.play.camera_keys import CameraControls
from game.ui.play.camera_view import CameraView
from game.ui.play.hint_marks import draw_deduced_mine, outline, ring_around
from game.ui.play.hud import Frame, device_size, draw_board_screen
from game.ui.play.layout import SIDE_W, BoardLayout, layout_for
from game.ui.play.solver_view import PERCENT_MIN_PX, ProbabilityLayer
from game.ui.scene import Scene
from game.ui.shared import clipboard, draw
from game.ui.shared.canvas import scale_of
from game.ui.shared.confirm import Confirm, MessageBox
from game.ui.shared.help import Help, is_help_key
from game.ui.shared.theme import palette
from game.ui.shared.widgets import Button, ButtonList, bevel, sentences, text, title_bar, wrap

TITLE = N_("Analyse a position")
SAY_KEY = pygame.K_i  # speech on: say the whole analysis (game.ui.speech)
STRIP_ROWS = 10  # rows of buttons the tool strip keeps: ACTIONS', two a row
PANEL_H = 470  # the least window height: the tool strip and the analysis beside the board, pixels
BUTTON_H, BUTTON_GAP, BUTTON_FONT = 19, 3, 13  # the tool strip's buttons, pixels
LINE, FONT = 13, 13  # the analysis' lines, pixels
PROGRESS_AFTER = 1 / 60  # seconds an answer may take before "Analysing..." shows (a frame)
MOST_CHANGED = 2_000  # cells edited since an answer drawn again over its overlay; past it, no overlay
DUMP_CELLS = 10_000  # the largest board whose text and probabilities state_dump gives
PROGRESS_POLL = 0.1  # seconds between two looks at an answer to come
DIGIT_KEYS = {**{pygame.K_0 + n: n for n in range(9)}, **{getattr(pygame, f"K_KP{n}"): n for n in range(9)}}
ARROWS = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1)}
CTRL = pygame.KMOD_CTRL | pygame.KMOD_META
TOOL_NAMES = {"covered": N_("Covered"), "number": N_("Number"), "flag": N_("Flag"), "mine": N_("Mine")}
SAVE_TITLE = N_("Save the position")


@dataclass(frozen=True)
class Action:
    """One thing the editor does: its ``key`` (a pygame key; ``ctrl``: with Ctrl or Cmd), the
    key's name as the button shows it (``keys``), its button's ``label`` (a message) and the
    name of the Editor's method it calls (``method``: it returns the next scene or None)."""

    key: int
    ctrl: bool
    keys: str
    label: str
    method: str


# The tool strip, in the order of its buttons (two a row); the last row: "Win chance from here"
# (W: game.ui.editor.chance) and "Play this position" (P: game.session.Session.open_position).
ACTIONS = (
    Action(pygame.K_h, False, "H", N_("Covered"), "tool_covered"),
    Action(pygame.K_n, False, "N", N_("Number"), "tool_number"),
    Action(pygame.K_f, False, "F", N_("Flag"), "tool_flag"),
    Action(pygame.K_m, False, "M", N_("Mine"), "tool_mine"),
    Action(pygame.K_b, False, "B", N_("Fill"), "fill"),
    Action(pygame.K_DELETE, False, N_("Del"), N_("Clear"), "clear"),
    Action(pygame.K_z, True, "^Z", N_("Undo"), "undo"),
    Action(pygame.K_y, True, "^Y", N_("Redo"), "redo"),
    Action(pygame.K_MINUS, False, "-", N_("Mines"), "fewer_mines"),
    Action(pygame.K_PLUS, False, "+", N_("Mines"), "more_mines"),
    Action(pygame.K_u, False, "U", N_("Unknown"), "unknown_mines"),
    Action(pygame.K_t, False, "T", N_("Count..."), "type_mines"),
    Action(pygame.K_n, True, "^N", N_("New..."), "new_board"),
    Action(pygame.K_o, True, "^O", N_("Open..."), "open_file"),
    Action(pygame.K_s, True, "^S", N_("Save..."), "save_file"),
    Action(pygame.K_c, True, "^C", N_("Copy"), "copy"),
    Action(pygame.K_v, True, "^V", N_("Paste"), "paste"),
    Action(pygame.K_ESCAPE, False, "Esc", N_("Back"), "key_back"),
    Action(pygame.K_w, False, "W", N_("Win chance"), "win_chance"),
    Action(pygame.K_p, False, "P", N_("Play it"), "play_position"),
)
OTHER_KEYS = {pygame.K_EQUALS: "more_mines", pygame.K_KP_PLUS: "more_mines", pygame.K_KP_MINUS: "fewer_mines",
              pygame.K_BACKSPACE: "clear"}
CONTROLS = (  # the editor's F1 help: (keys, what they do), messages
    (N_("Left click, drag"), N_("paint with the tool")),
    (N_("Right click"), N_("flag / unflag")),
    ("H N F M", N_("tool: covered, number, flag, mine")),
    ("0-8", N_("type a number on the cell")),
    (N_("Arrows, Space"), N_("move the cursor, paint")),
    (N_("Tab, Shift+Tab, Enter"), N_("the buttons: focus, press")),
    (N_("B / Del"), N_("fill with the tool / clear")),
    ("Ctrl+Z / Ctrl+Y", N_("undo / redo an edit")),
    (N_("+ / - / U / T"), N_("mines: more, fewer, unknown, type")),
    ("Ctrl+N / Ctrl+O", N_("new board / open a file")),
    ("Ctrl+S", N_("save as .mine or .mbf")),
    ("Ctrl+C / Ctrl+V", N_("copy / paste .mine text")),
    ("W", N_("the win chance from here")),
    ("P", N_("play this position (recorded apart)")),
    (N_("Wheel, Ctrl+wheel"), N_("scroll / zoom a big board")),
    ("Esc", N_("back")),
    ("F1, ?", N_("this help")),
    (N_("E in a game or replay"), N_("analyse the position there")),
)
SPEECH_KEYS = (("I", N_("say the analysis")),)  # in the help while speech is on (game.ui.speech)


def pressed_with_ctrl(event: pygame.event.Event) -> bool:
    """True for a key pressed with Ctrl (or Cmd on a Mac)."""
    return bool(getattr(event, "mod", 0) & CTRL)


class Editor(Scene):
    """The editor on ``board`` (a game.boardfile.BoardFile; None: an empty 9x9 board with 10
    mines); Esc goes back to ``back`` (None: the menu), calling ``on_back()`` first when given
    (a game's clock resumed). ``process``: the solver process asked (tests: their own).

    ``game_under`` is ``back`` when it holds a game (``on_back`` given), so that a game left
    under the editor is found by game.ui.app.match_in_play when the window closes."""

    def __init__(self, services, board: BoardFile | None = None, back: Scene | None = None,
                 on_back: Callable[[], None] | None = None, process=None) -> None:
        super().__init__(services)
        self.position = Position(9, 9, 10)
        if board is not None:
            self.position.load(board)
        self.position.forget_steps()  # (the board opened with is not an edit to undo)
        self.back = back
        self.game_under = back if on_back is not None else None
        self.on_back = on_back
        self.tool = "covered"
        self.live = LiveAnalysis(process)
        self.asked_version: int | None = None
        self.hover: Cell | None = None
        self.cursor: Cell | None = None
        self.painting = False
        self.note = ""  # the last action's words, in the language in use
        self.shown_lines: list[str] = []  # the analysis' lines as last drawn (tests read them)
        self.drawn_progress = ""
        # the cells edited since the answer shown was asked (drawn again over its overlay), or
        # None when the whole board changed since (no overlay until the next answer)
        self.since_answer: set[Cell] | None = None
        self.chance: ChanceJob | None = None  # the win chance asked for the position as it is (W)
        self._arrange()

    # ----- geometry ------------------------------------------------------------------------
    def _arrange(self) -> None:
        """The board's layout at the largest cell that fits the screen beside the panel (a
        camera over a board too big), the panel, the tool strip and the window's size."""
        position = self.position
        width, height = self.services.display.area()
        area = (max(160, width - SIDE_W), height)
        layout = layout_for(position.rows, position.cols, area, position.analysed_mines(), rulers=True)
        if layout.size[1] < PANEL_H and layout.camera.fits:
            layout = BoardLayout(position.rows, position.cols, layout.cell, position.analysed_mines(),
                                 layout.rulers, least=(layout.size[0], PANEL_H))
        self.layout = layout
        self.panel = pygame.Rect(layout.size[0], 0, SIDE_W, max(layout.size[1], PANEL_H))
        self._size = (self.panel.right, self.panel.height)
        self.controls = CameraControls(layout.camera, keys=True)
        self.frame = Frame(layout)
        if layout.camera.fits:
            self.view = BoardView(layout, self.services.assets.cell_sprites)
        else:
            self.view = CameraView(layout, self.services.assets.cell_sprites)
        self.view.refresh(position.look)
        self.overlay = ProbabilityLayer(layout)
        self.overlay_key = None
        inner = self.panel.inflate(-16, 0)
        half = (inner.width - BUTTON_GAP) // 2
        top = self.panel.top + 30
        buttons = []
        for i, action in enumerate(ACTIONS):
            rect = pygame.Rect(inner.left + (i % 2) * (half + BUTTON_GAP), top + (i // 2) * (BUTTON_H + BUTTON_GAP),
                               half, BUTTON_H)
            buttons.append(ActionButton(rect, action, lambda name=action.method: getattr(self, name)()))
        self.buttons = ButtonList(buttons)
        self.buttons.focus = -1
        rows = max(STRIP_ROWS, -(-len(ACTIONS) // 2))
        self.text_top = top + rows * (BUTTON_H + BUTTON_GAP) + 4

    def size(self) -> tuple[int, int]:
        return self._size

    def grain(self) -> int:
        return self.layout.cell

    def enter(self) -> None:
        self.dirty = True

    # ----- the analysis --------------------------------------------------------------------
    def update(self):
        position = self.position
        if self.asked_version != position.version:
            self.asked_version = position.version
            self.live.ask(position)
        if self.live.poll(position):
            self.since_answer = set()  # the answer is for the position as it is
            self.dirty = True
            self.say(lambda: ". ".join(self.verdict_lines()), interrupt=False)
        if self.chance is not None and self.chance.poll():
            self.dirty = True
            self.say(self.chance.answer_line, interrupt=False)
        progress = self.progress()
        if progress != self.drawn_progress:
            self.dirty = True
        return None

    def next_change(self) -> float:
        working = self.live.pending or (self.chance is not None and not self.chance.ready)
        return PROGRESS_POLL if working or self.asked_version != self.position.version else float("inf")

    def busy(self) -> bool:
        return self.asked_version != self.position.version

    def progress(self) -> str:
        """"Analysing... 1.2 s" while an answer takes longer than a frame, else ""."""
        if self.live.pending and self.live.elapsed() > PROGRESS_AFTER:
            return _("Analysing... {seconds} s").format(seconds=number(self.live.elapsed(), 1))
        if self.chance is not None and not self.chance.ready:
            return self.chance.progress_line(self.services.clock.now())
        return ""

    @property
    def current(self) -> Studied | Impossible | None:
        """The answer shown: the last one read (for the position as it was when asked), None
        when it was for a board of another size."""
        if self.live.shape != (self.position.rows, self.position.cols):
            return None
        return self.live.answer

    def probability(self, cell: Cell) -> float | None:
        """The mine probability shown for ``cell``, None when it has none (revealed, flagged,
        no answer)."""
        answer = self.current
        if not isinstance(answer, Studied):
            return None
        return answer.analysis.probabilities.get(cell)

    def analysis_lines(self) -> list[tuple[str, tuple]]:
        """(words, colour) of each line of the analysis, in the language in use."""
        position, answer = self.position, self.current
        lines: list[tuple[str, tuple]] = []
        size = f"{position.rows}x{position.cols}"
        if position.mines is None:
            lines.append((_("{size}, mines unknown: {count} assumed").format(
                size=size, count=count(self.live.assumed or position.analysed_mines())), palette.text))
        else:
            lines.append((_("{size}, {count} mines").format(size=size, count=count(position.mines)), palette.text))
        lines.append((_("Tool: {tool}").format(tool=_(TOOL_NAMES[self.tool])), palette.dim))
        progress = self.progress()
        if progress:
            lines.append((progress, palette.dim))
        if self.live.why:
            lines.append((self.live.why, palette.error))
        elif isinstance(answer, Impossible):
            lines.append((_("Impossible: {reason}").format(reason=impossible_text(_as_error(answer))), palette.error))
        elif isinstance(answer, Studied):
            analysis = answer.analysis
            if answer.total is None:
                layouts = _("too many layouts to count (estimated)")
            else:
                total = answer.total
                layouts = ngettext("{count} layout fits", "{count} layouts fit", total if total < 10 ** 6 else 2).format(
                    count=layout_count(answer, digits=16))
            lines.append((_("Consistent: {layouts}").format(layouts=layouts), palette.text))
            lines.append((_("Certain safe: {safe}; certain mines: {mines}").format(
                safe=count(len(analysis.safe)), mines=count(len(analysis.mines))), palette.text))
            _cell, title, words = move_words(answer)
            lines.append((title, palette.text))
            if words:
                lines.append((words, palette.dim))
        if self.chance is not None and self.chance.ready:
            lines.append((self.chance.answer_line(), palette.error if self.chance.answer is None else palette.text))
        target = self.target()
        if target is not None:
            lines.append((self.cell_words(target), palette.text))
        if self.note:
            lines.append((self.note, palette.dim))
        return lines

    # ----- said aloud (speech on: game.ui.speech) ---------------------------------------------

    def verdict_lines(self) -> list[str]:
        """The analysis' verdict as the panel says it (consistent or impossible, the certain
        cells, the best move and why, the cell under the cursor), without its size and tool lines."""
        return [line for line, _colour in self.analysis_lines()[2:] if line != self.progress()]

    def say_analysis(self) -> "Editor":
        """I: say every line of the analysis panel."""
        self.say(lambda: ". ".join(line for line, _colour in self.analysis_lines()), interrupt=True)
        return self

    def cell_words(self, cell: Cell) -> str:
        """What the panel says of ``cell``: its mine probability, or what it is."""
        value = self.position.at(cell)
        if value < 9:
            return _("{cell}: revealed {number}").format(cell=fmt(cell), number=value)
        if value == FLAG:
            return _("{cell}: flagged").format(cell=fmt(cell))
        p = self.probability(cell)
        known = _(" (a known mine)") if value == MINE else ""
        if p is None:
            return _("{cell}: covered").format(cell=fmt(cell)) + known
        return _("{cell}: mine probability {chance}").format(cell=fmt(cell), chance=chance(p)) + known

    def target(self) -> Cell | None:
        """The cell a typed number goes to: under the pointer, else the keyboard cursor."""
        return self.hover if self.hover is not None else self.cursor

    def state_dump(self) -> dict:
        """What the real-window tests read (game.ui.state_file; logical pixels): the size, the
        count, the position's version and the one answered, ``pending``; the ``.mine`` ``text``,
        ``probabilities`` ([row, col, probability rounded to 6 places], row-major, as
        ``--analyse --json`` writes them) of a board of at most DUMP_CELLS cells (else None);
        ``impossible`` (the reason's words) and ``ringed`` cells; ``cell0`` (the rect of cell
        (0, 0)) and ``cell`` (pixels a cell); ``lines``, the analysis' lines as drawn."""
        position, layout, answer = self.position, self.layout, self.current
        small = position.rows * position.cols <= DUMP_CELLS
        found = {"rows": position.rows, "cols": position.cols, "mines": position.mines,
                 "version": position.version, "answered": self.live.answered, "pending": self.live.pending,
                 "text": position.text() if small else None, "probabilities": None, "impossible": None,
                 "ringed": [], "cell0": list(layout.cell_rect((0, 0))), "cell": layout.camera.cell,
                 "lines": list(self.shown_lines)}
        if isinstance(answer, Studied) and small:
            found["probabilities"] = [[r, c, round(p, 6)] for (r, c), p in sorted(answer.analysis.probabilities.items())]
        if isinstance(answer, Impossible):
            found["impossible"] = impossible_text(_as_error(answer))
            found["ringed"] = [list(cell) for cell in ringed(answer.reason)]
        return found

    # ----- input ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event):
        if is_help_key(event) and not (event.type == pygame.KEYDOWN and pressed_with_ctrl(event)):
            help_panel = Help(self.services, self)
            help_panel.controls = CONTROLS + (SPEECH_KEYS if self.speaking else ())
            return help_panel
        if event.type == pygame.KEYDOWN:
            return self.handle_key(event)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            return self.handle_mouse(event)
        return self

    def spoken(self) -> str:
        """The title, and the focused button of the tool strip when one has the focus."""
        return sentences(_(TITLE), self.buttons.spoken())

    def handle_key(self, event: pygame.event.Event):
        self.dirty = True
        ctrl = pressed_with_ctrl(event)
        if event.key == pygame.K_TAB and not ctrl:  # the focus over the tool strip's buttons (-1: the board)
            self.buttons.step(-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1)
            self.say(self.buttons.spoken)
            return self
        if not ctrl and self.buttons.focus >= 0:
            if event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.buttons.buttons[self.buttons.focus].action() or self
            if event.key in ARROWS:
                self.buttons.focus = -1  # the arrows go back to the board's cursor
        if not ctrl:
            if event.key in DIGIT_KEYS or getattr(event, "unicode", "") in tuple("012345678"):
                number = DIGIT_KEYS.get(event.key, None)
                if number is None:
                    number = int(event.unicode)
                return self.type_number(number)
            if event.key in ARROWS:
                return self.move_cursor(*ARROWS[event.key])
            if event.key == SAY_KEY:
                return self.say_analysis()
            if event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.cursor is not None:
                    self.edit(lambda: self.position.paint(self.cursor, self.tool), [self.cursor])
                return self
            unicode = getattr(event, "unicode", "")
            if unicode in ("+", "-"):
                return self.more_mines() if unicode == "+" else self.fewer_mines()
        for action in ACTIONS:
            if action.key == event.key and action.ctrl == ctrl:
                return getattr(self, action.method)() or self
        if not ctrl and event.key in OTHER_KEYS:
            return getattr(self, OTHER_KEYS[event.key])() or self
        if self.controls.handle(event):  # Page Up/Down, Home, End over a big board
            return self
        return self

    def handle_mouse(self, event: pygame.event.Event):
        self.dirty = True
        if self.controls.handle(event):  # the wheel, Ctrl+wheel, Ctrl+drag over a big board
            return self
        if event.type == pygame.MOUSEWHEEL:
            return self
        pos = event.pos
        cell = self.layout.cell_at(pos) if self.layout.board.collidepoint(pos) else None
        if event.type == pygame.MOUSEMOTION:
            self.hover = cell
            if self.painting and cell is not None:
                self.edit(lambda: self.position.paint(cell, self.tool), [cell], stroke=True)
            return self
        if self.panel.collidepoint(pos) or self.buttons.pressed is not None:
            if event.type == pygame.MOUSEBUTTONUP and self.painting:
                self.end_stroke()
            pressed, result = self.buttons.handle(event)
            self.buttons.focus = -1  # a click leaves the keys on the board (the focus is Tab's)
            return (result or self) if pressed else self
        if event.type == pygame.MOUSEBUTTONDOWN and cell is not None:
            self.hover = cell
            if event.button == 1:
                self.position.begin()
                self.painting = True
                self.edit(lambda: self.position.paint(cell, self.tool), [cell], stroke=True)
            elif event.button == 3:
                self.edit(lambda: self.position.flag_or_unflag(cell), [cell])
            return self
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.painting:
            self.end_stroke()
        return self

    def end_stroke(self) -> None:
        """The left button is up: the cells painted since it went down are one edit."""
        self.painting = False
        self.position.end()

    # ----- edits ---------------------------------------------------------------------------
    def edit(self, change: Callable[[], object], cells=None, stroke: bool = False) -> "Editor":
        """Run ``change`` (an edit of the position), then redraw ``cells`` (None: all)."""
        before = (self.position.rows, self.position.cols)
        version = self.position.version
        change()
        self.note = ""
        if self.position.version != version and self.chance is not None:  # it was for the position before
            self.chance.cancel()
            self.chance = None
        if self.position.version != version:  # the cells the overlay shown no longer fits
            if cells is None or self.since_answer is None or len(self.since_answer) > MOST_CHANGED:
                self.since_answer = None
            else:
                self.since_answer.update(cells)
        if (self.position.rows, self.position.cols) != before:
            self.hover = self.cursor = None  # (cells of the board before)
            self._arrange()
            self.services.display.ensure_size(self.size(), self.grain(), self.most_scale())
            self.invalidate()
        else:
            self.view.refresh(self.position.look, cells)
        self.dirty = True
        target = self.target()
        if target is not None:
            self.say(lambda: self.cell_words(target), interrupt=True)
        return self

    def type_number(self, number: int) -> "Editor":
        """0-8: the number on the cell under the pointer (or the cursor)."""
        cell = self.target()
        if cell is None:
            self.move_cursor(0, 0)
            return self
        return self.edit(lambda: self.position.set(cell, number), [cell])

    def move_cursor(self, drow: int, dcol: int) -> "Editor":
        """The keyboard cursor: shown at the middle first, then moved (the pointer's cell no
        longer counts until the pointer moves)."""
        rows, cols = self.position.rows, self.position.cols
        if self.cursor is None:
            self.cursor = (rows // 2, cols // 2)
        else:
            self.cursor = (min(max(self.cursor[0] + drow, 0), rows - 1), min(max(self.cursor[1] + dcol, 0), cols - 1))
        self.hover = None
        self.layout.camera.keep_in_view(self.cursor)
        self.dirty = True
        self.say(lambda: self.cell_words(self.cursor), interrupt=True)
        return self

    def choose(self, tool: str) -> "Editor":
        """The tool a left click paints with (one of game.ui.editor.model.TOOLS)."""
        self.tool = tool
        self.dirty = True
        return self

    def tool_covered(self):
        """H: paint covered cells."""
        return self.choose("covered")

    def tool_number(self):
        """N: paint each cell's count of the mines around it."""
        return self.choose("number")

    def tool_flag(self):
        """F: paint flags."""
        return self.choose("flag")

    def tool_mine(self):
        """M: paint known mines."""
        return self.choose("mine")

    def fill(self):
        """B: every cell to the tool."""
        return self.edit(lambda: self.position.fill(self.tool))

    def clear(self):
        """Delete: every cell covered."""
        return self.edit(self.position.clear)

    def undo(self):
        """Ctrl+Z: take the last edit back."""
        return self.edit(self.position.undo)

    def redo(self):
        """Ctrl+Y: make the last edit taken back again."""
        return self.edit(self.position.redo)

    def set_mines(self, mines: int | None):
        """The count (None: unknown); one that does not fit is refused in a box with the range."""
        try:
            self.position.set_mines(mines)
        except ExplainedValueError as err:
            return MessageBox(self.services, self, _(TITLE), [describe(err)])
        self.dirty = True
        return self

    def more_mines(self):
        """+: one mine more in the total (from the count assumed when it is unknown)."""
        return self.set_mines(self.position.analysed_mines() + 1)

    def fewer_mines(self):
        """-: one mine fewer in the total."""
        return self.set_mines(max(0, self.position.analysed_mines() - 1))

    def unknown_mines(self):
        """U: the count unknown, or back to the count assumed."""
        position = self.position
        return self.set_mines(position.analysed_mines() if position.mines is None else None)

    def type_mines(self):
        """T: the box to type the total in."""
        return CountEntry(self.services, self, opener="t")

    def new_board(self):
        """Ctrl+N: the box to type a new board's size in."""
        return SizeEntry(self.services, self)

    def open_file(self):
        """Ctrl+O: the box to type a file to open in."""
        return OpenEntry(self.services, self)

    def save_file(self):
        """Ctrl+S: the box to type the file to save to in."""
        return SaveEntry(self.services, self)

    def copy(self):
        """Ctrl+C: the position as ``.mine`` text on the clipboard."""
        problem = clipboard.copy(self.position.text())
        self.note = _("Copied as .mine text.") if problem is None else _("Not copied: {reason}").format(reason=problem)
        self.dirty = True
        return self

    def paste(self):
        """Ctrl+V: the clipboard's ``.mine`` text as the position; text that does not parse is
        refused in a box naming the line and column."""
        return self.load_text(clipboard.paste())

    def load_text(self, typed: str):
        """The position of the ``.mine`` text ``typed``; text that does not parse is refused
        in a box (the line and column named), the position unchanged."""
        try:
            self.edit(lambda: self.position.load_text(typed))
        except BoardFileError as err:
            return MessageBox(self.services, self, _(TITLE), [_("This text is not a position: {reason}").format(
                reason=describe(err))])
        self.note = _("Pasted.")
        return self

    def load(self, board: BoardFile) -> "Editor":
        """The position of ``board`` (a game.boardfile.BoardFile), as one edit."""
        return self.edit(lambda: self.position.load(board))

    def save_to(self, path: str):
        """Write the position to ``path`` (MBF for .mbf, else .mine); a failure in a box."""
        try:
            save_board(path, self.position.board(), kept_files())
        except (OSError, ValueError) as err:
            reason = os_error_text(err) if isinstance(err, OSError) else describe(err)
            return MessageBox(self.services, self, _(SAVE_TITLE), [_("Not saved: {reason}").format(reason=reason)])
        self.note = _("Saved to {path}").format(path=path)
        if not self.position.layout_kept and self.position.count_of(MINE):
            self.note += " " + _("(the known mines are not all the mines: saved as covered cells)")
        self.dirty = True
        return self

    def win_chance(self):
        """W: the chance of winning from the position as it is (game.ui.editor.chance: apart
        from the frames, the method named with the figure); asked again, the same job goes on."""
        if self.chance is None:
            self.chance = ChanceJob(format_mine(self.position.analysed()), self.services.clock.now())
        self.dirty = True
        return self

    def play_position(self):
        """P: a game on the position (game.session.Session.open_position: its known layout, or
        one drawn among the layouts that fit), recorded apart from the ranked games; Esc there
        goes to the menu. A position no game can be laid on: why, in a box."""
        try:
            playing = self.services.scenes.play_position(self.position.board())
        except (InconsistentPosition, TooHardToSample, ValueError) as err:
            reason = impossible_text(err) if isinstance(err, InconsistentPosition) else describe(err)
            return MessageBox(self.services, self, _("Play this position"), [
                _("No game can be laid on this position: {reason}").format(reason=reason)])
        self.leave()
        return playing

    def leave(self) -> None:
        """The editor is left for good: its win chance, if any, is stopped."""
        if self.chance is not None:
            self.chance.cancel()
            self.chance = None

    def key_back(self):
        """Esc: back where the editor was opened from (the menu when none)."""
        self.leave()
        if self.painting:
            self.end_stroke()
        if self.on_back is not None:
            self.on_back()
        return self.back if self.back is not None else self.services.scenes.menu()

    def close(self):
        """The window's close button asks what the scene beneath would ask (a game: abandon?)."""
        return self.back.close() if self.back is not None else None

    # ----- drawing -------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        position, layout = self.position, self.layout
        answer = self.current
        face = "dead" if isinstance(answer, Impossible) else "oh" if self.live.pending else "normal"
        marked = position.count_of(FLAG) + position.count_of(MINE)
        draw_board_screen(screen, self.frame, layout, self.services.assets, self.view,
                          (position.analysed_mines(), marked, face), (), self.cursor)
        with draw.clipped(screen, layout.board):
            if isinstance(answer, Studied) and self.since_answer is not None:
                self.draw_overlay(screen, answer)
            elif isinstance(answer, Impossible):
                for cell in ringed(answer.reason):
                    if self._shows(cell):
                        ring_around(screen, layout.cell_rect(cell), palette.risky)
        self.draw_panel(screen)
        self.dirty = False

    def _in_view(self, cells) -> list[Cell]:
        """The cells of ``cells`` (a set) the board shows now (a big board's: those in view)."""
        camera = self.layout.camera
        if camera.fits:
            return list(cells)
        if len(cells) <= MOST_CHANGED:
            return [cell for cell in cells if camera.shows(cell)]
        rows, cols = camera.visible()
        return [(r, c) for r in rows for c in cols if (r, c) in cells]

    def _shows(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.position.rows and 0 <= cell[1] < self.position.cols and (
            self.layout.camera.fits or self.layout.camera.shows(cell))

    def draw_overlay(self, screen, answer: Studied) -> None:
        """The probability overlay (the play scene's), the best move's ring."""
        layout = self.layout
        camera = layout.camera
        with_text = camera.cell * scale_of(screen) >= PERCENT_MIN_PX
        key = (id(answer), with_text, scale_of(screen), palette.name, camera.cell, camera.scroll_x, camera.scroll_y)
        if key != self.overlay_key:  # built once an answer (and view): an edit draws its cells over it
            surface = self.overlay.build(self.position, answer.analysis.probabilities, with_text, screen)
            for cell in self._in_view(answer.analysis.mines):  # the certain mines: "a mine here, flag it"
                draw_deduced_mine(surface, layout.cell_rect(cell).move(-layout.board.left, -layout.board.top))
            self.overlay.surface, self.overlay_key = surface, key
        screen.blit(self.overlay.surface, layout.board)
        for cell in self.since_answer or ():  # edited since: as they are now, not as the overlay saw them
            if self._shows(cell):
                rect = layout.cell_rect(cell)
                screen.blit(self.services.assets.cell_sprites(device_size(screen, rect)[0])[self.position.look(cell)],
                            rect)
        cell, _title, _words = move_words(answer)
        if cell is not None and self._shows(cell) and not self.position.is_revealed(cell):
            colour = palette.safe if answer.analysis.move_kind == "safe" else palette.guess
            outline(screen, layout.cell_rect(cell), colour)

    def draw_panel(self, screen) -> None:
        panel = self.panel
        screen.fill(palette.panel, panel)
        bevel(screen, panel, 3)
        title_bar(screen, pygame.Rect(panel.left + 6, panel.top + 6, panel.width - 12, 18), _(TITLE))
        chosen = {"tool_" + self.tool}
        for i, button in enumerate(self.buttons.buttons):
            button.draw(screen, focused=i == self.buttons.focus,
                        pressed=i == self.buttons.pressed or button.action_name in chosen)
        y, width = self.text_top, panel.width - 16
        bottom = panel.bottom - 8
        self.drawn_progress = self.progress()
        entries = [(wrap(words, width, FONT) or [""], colour) for words, colour in self.analysis_lines()]
        height = sum(len(lines) for lines, _colour in entries) * LINE + 2 * (len(entries) - 1)  # 2 px between
        over = -(-(height - (bottom - y)) // LINE)  # lines too many, rounded up
        if over > 0:  # the longest explanation gives way first, ended by "...", so the lines after it show
            longest = max(range(len(entries)), key=lambda i: len(entries[i][0]))
            lines, colour = entries[longest]
            keep = max(1, len(lines) - over)
            entries[longest] = (lines[:keep - 1] + [lines[keep - 1].rstrip() + "…"], colour)
        shown = []
        for lines, colour in entries:
            for line in lines:
                if y + LINE > bottom:
                    break
                text(screen, line, (panel.left + 8, y), FONT, colour)
                shown.append(line)
                y += LINE
            y += 2
        self.shown_lines = shown


class ActionButton(Button):
    """A tool strip's button: its label and its key ("Undo ^Z")."""

    def __init__(self, rect, action: Action, call) -> None:
        super().__init__(rect, action.label, call, BUTTON_FONT)
        self.keys = action.keys
        self.action_name = action.method

    @property
    def shown(self) -> str:
        return f"{_(self.label)} {_(self.keys)}"  # (a key's name: "Del" is "Supr" in Spanish)


def _as_error(answer: Impossible) -> InconsistentPosition:
    return InconsistentPosition(answer.message, answer.reason)


# ----- the boxes to type in (the board codes' box: game.ui.codes.CodeEntry) -----------------------
class EditorEntry(CodeEntry):
    """A box over the editor (``base``) with one field; Enter applies it (a refusal shows in
    the box, which stays open to mend it). ``opener``: the character of the key that opened
    it (T), whose own text (SDL's TEXTINPUT, which follows the key's press) is not typed in."""

    def __init__(self, services, base, opener: str = "") -> None:
        super().__init__(services, base)
        self.opener = opener

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN:
            self.opener = ""
        elif event.type == pygame.TEXTINPUT and self.opener:
            opener, self.opener = self.opener, ""
            if event.text.lower() == opener:
                return self
        return super().handle(event)

    def apply(self, typed: str):
        """The scene the ``typed`` text (stripped) leads to, after it is applied.

        Raises:
            ValueError (a game.messages.Explained): the text cannot be applied; why is shown."""
        raise NotImplementedError

    def opened(self, typed: str):
        return self.apply(typed.strip())


class SizeEntry(EditorEntry):
    """Ctrl+N: a new board of ROWSxCOLUMNS, every cell covered."""

    title, prompt_text, refused = N_("New board"), N_("Rows x columns (at most 1000x1000), such as 16x30:"), N_(
        "Not a board: {reason}.")

    def apply(self, typed: str):
        rows, cols = parse_size(typed)
        return self.base.edit(lambda: self.base.position.resize(rows, cols))


class CountEntry(EditorEntry):
    """T: the total mine count typed (empty or ? for unknown)."""

    title, prompt_text, refused = N_("Mines"), N_("Total mines (? for unknown):"), N_("Not a mine count: {reason}.")

    def apply(self, typed: str):
        if typed in ("", "?"):
            self.base.position.set_mines(None)
        elif typed.isascii() and typed.isdigit() and len(typed) < 10:
            self.base.position.set_mines(int(typed))
        else:
            raise ExplainedValueError(N_("{typed} is not a whole number"), typed=repr(typed))
        self.base.dirty = True
        return self.base


class OpenEntry(EditorEntry):
    """Ctrl+O: a ``.mine`` or ``.mbf`` file's position."""

    title, prompt_text, refused = N_("Open a position"), N_("File to open (.mine or .mbf):"), N_(
        "It cannot be opened: {reason}.")

    def apply(self, typed: str):
        path = os.path.expanduser(typed)
        try:
            board = load_board(path)
        except OSError as err:
            raise ExplainedValueError(N_("{path}: {error}"), path=typed, error=os_error_text(err)) from None
        return self.base.load(board)


class SaveEntry(EditorEntry):
    """Ctrl+S: save as ``.mine`` text, or MBF for a path ending in .mbf (a layout only: a
    position with no known layout is refused); an existing file only after a Yes."""

    title, prompt_text, refused = SAVE_TITLE, N_("Save as (.mine, or .mbf for a known layout):"), N_(
        "It cannot be saved: {reason}.")

    def apply(self, typed: str):
        if not typed:
            raise ExplainedValueError(N_("type a file name"))
        path = os.path.expanduser(typed)
        editor = self.base
        if is_mbf_path(path):
            format_mbf(editor.position.board())  # a position with no layout: refused here, with why
        if os.path.exists(path):
            return Confirm(self.services, editor, _(SAVE_TITLE),
                           _("{path} exists. Replace it?").format(path=typed), lambda: editor.save_to(path))
        return editor.save_to(path)

