"""The Playing scene: the board, the HUD, and input turned into moves of the match.

Holds the match (game.midend.match.Match: the game and everything about it, changed only through
its methods), the gesture, cursor, hint and autoplay (UI state) and the board view, frame and
probability overlay (drawstate). Each move makes the sound of what it did (game.ui.sound's
MoveSounds, a member; M mutes), and the timer ticks each second when the tick is on. Pause,
GameOver, Victory, the hint panel and the help are overlays over it. The solver's help (H,
O, A) is game.ui.play.assist's and game.ui.play.autoplay's (what) and game.ui.play.solver_view's (drawing);
its keys are the scene's own, as are the cursor keys and a big board's view following the
window.
"""

from __future__ import annotations

import math
from dataclasses import replace

import pygame

from game.rules.board import Cell
from game.rules.engine import State
from game.boardfile import snapshot
from game.i18n import N_, _
from game.midend.match import Source
from game.messages import describe
from game.rules.moves import Move
from game.noguess import NoGuessError
from game.records.recording import is_in_progress
from game.ui.play import solver_view
from game.ui.play.assist import Assistant
from game.ui.play.autoplay import Autoplay
from game.ui.play.board_view import BoardView
from game.ui.play.bv_counter import BACKGROUND_CELLS, SLICE, BvCounter
from game.ui.play.camera_keys import CameraControls
from game.ui.play.camera_view import CameraView
from game.ui.play.counters_view import REFRESH_S, PlayCounters, best_rate
from game.ui.play.hint_marks import draw_start_mark
from game.ui.play.hud import Frame, draw_board_screen, draw_mute_sign
from game.ui.play.layout import RESULT_ROOM_H, big_layout
from game.ui.play.minimap import Minimap
from game.ui.play.motion import CASCADE_MAX, CASCADE_MIN, Cascade
from game.ui.play.mouse import MouseGesture
from game.ui.play.touch import FLAG_MODE_KEY, TouchInput
from game.ui.play.result_panel import FONTS as RESULT_FONTS
from game.ui.play.room import compact, finger_cells, most_scale, playing_layout, under
from game.ui.scene import Scene
from game.ui.shared import clipboard
from game.ui.shared.confirm import Confirm, MessageBox
from game.ui.play.result_base import CODE_COPIED, CODE_NOT_COPIED
from game.ui.play.generating import Generating
from game.ui.shared.help import Help
from game.ui.play.pause import Pause
from game.ui.play.result import GameOver, Victory
from game.ui.play.race_view import RacePanel, draw_ghost, ghost_point
from game.replay.race import Race, outcome_text
from game.ui.shared import draw
from game.ui.play.side_panel import SidePanel
from game.ui.play import spoken
from game.session import trial_played, trial_result_lines
from game.ui.sound import MoveSounds
from game.ui.shared.widgets import warm_font

QUICK_HINT = 0.04  # seconds H waits for a hint before showing the panel as "Thinking..." (a frame's wait at most)
ANSWER_POLL = 0.1  # seconds between looks for a big board's probabilities counted in the solver's process
FIRST_STEP = 0.008  # seconds of no-guess generation tried at the click before showing "Generating..."
ABANDON_TITLE = N_("Abandon game")
ABANDON_QUESTION = N_("Abandon this game? It counts as a loss.")
ABANDON_AFTER_UNDO = N_("Abandon this game? Played on after an undo, it counts in no statistic.")
ABANDON_AFTER_LOSS = N_("Abandon this game? It counts as the loss you took back.")  # Match.lost_before_undo
START_HERE = N_("Start at the marked cell")
TRIAL_TITLE = N_("Time trial")
TRIAL_NO_UNDO = N_("A time trial takes no move back")
TRIAL_NO_RETRY = N_("A time trial plays each board once")
TRIAL_NEXT = N_("F2 or Next game: the next board.")
TRIAL_COPY = N_("C copies the trial code.")  # a reveal elsewhere before a board code's first one
NOTE_SECONDS = 2.5  # how long a note along the board's bottom shows (show_note), seconds
SIDE_GAP = 6  # between a hint's or a result's panel and the side panel's blocks under it, pixels
GHOST_FRAME = 1 / 60  # seconds between two looks at the ghost's pointer while racing
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
FINGER_EVENTS = (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)
ARROWS = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1)}


class Playing(Scene):
    """Play a new match of ``config`` (or of the loaded ``board``, a game.boardfile.BoardFile);
    the window is sized to its board at the largest cell size that fits (with the rulers
    when they are on and fit too) and to ``room``, the strip beside or under the board kept
    for the panels from the start (game.ui.play.room), so no panel resizes the window; in the
    compact window (``compact``, settings.compact) no strip: the panels open over the board.
    The match (game.midend.match.Match, made by the run's game.session.Session: ``services.session``)
    is the only way the scene changes the game; ``game`` is its position, read only. ``after``:
    the match this one follows (F2, the face): the session's next board after it
    (game.session.Session.new_game), as the console's ``n``. ``opener``: makes the match
    instead, given the cell size (pixels): ``opener(cell) -> Match``, a board code's or a
    daily board's (game.session.Session.open_code; ``config`` is then the code's board).

    A board code's board must be started at its start cell (game.midend.match.Match.start):
    the cell is marked until the first reveal, and a reveal elsewhere does nothing but say
    "Start at the marked cell" for a moment along the board's bottom (:meth:`show_note`).

    ``race``: a game.replay.race.Ghost the match races (``opener`` then opens its board:
    game.session.Session.open_race): its pointer drawn over the board at the player's game
    time, its progress, the gap and who won (game.ui.play.race_view; the live counters' line
    ``race_gap``; the result panel's first line). A race always has the strip, even when the
    compact window is chosen: its panel never covers the board."""

    def __init__(self, services, config, board=None, after=None, opener=None, race=None) -> None:
        super().__init__(services)
        self.race = Race(race) if race is not None else None  # game.replay.race: the ghost raced
        self.race_panel = RacePanel(self.race) if self.race is not None else None
        self.ghost_at = None  # the ghost's pointer as drawn last: (game time ms, logical point), or None
        # the classic window: no strip, panels over the board (a race keeps its strip)
        self.compact = services.settings.compact and self.race is None
        # the board at the largest cell that fits, and the panels' strip (game.ui.play.room)
        finger = finger_cells(services.touch_layout, services.settings.scale)  # the touch layout's cells
        self.layout, self.room = playing_layout(config, services.display.area(), services.settings.rulers,
                                                self.compact, finger)
        session = services.session
        self.match = (opener(self.layout.cell) if opener is not None
                      else session.new_game(after, config, self.layout.cell) if after is not None
                      else session.new_match(config, self.layout.cell, board))
        self.game = game = self.match.game
        self.controls = CameraControls(self.layout.camera)  # a board too big for the window scrolls and zooms
        self.minimap = Minimap(self.layout, game) if self.controls.active else None
        self.controls.minimap = self.minimap
        self.cursor: Cell | None = None
        self.gesture = MouseGesture(self.layout)
        self.touch = TouchInput(services)  # fingers: taps, long presses, pan and pinch (game.ui.play.touch)
        self._refused_left = False  # a left press refused off a board code's start cell: its release is too
        self.look = None  # optional override of game.appearance (the explosion hides the mines)
        self.cascade: Cascade | None = None  # an opening's cells still to be shown (game.ui.play.motion)
        self.shake = (0, 0)  # the board's offset while it shakes after an explosion, pixels
        self._shown = None  # what the HUD shows now: (mines_left, seconds, face)
        self._scored_round = -1  # the game's round whose 3BV was counted ahead (update)
        self.bv = BvCounter()  # counts it, a slice a tick on a large board
        self.unshown = False  # a move changed the board and its frame is not drawn yet (update)
        self._worked_in = None  # the frame (the clock's count) of the last slice of background work
        self.dealing = config.cells > BACKGROUND_CELLS  # the first click's draw, a slice a tick ahead (update)
        self._warming = list(RESULT_FONTS)  # fonts still to warm (update)
        self.sounds = MoveSounds(services)  # each move's sound, played by after_move; the tick
        self._pending_source = Source.MOUSE  # what made the first click a no-guess board waits for
        self.keys = {  # key -> action; services.extra_keys adds more (hints, autoplay...)
            pygame.K_SPACE: self.key_reveal, pygame.K_RETURN: self.key_reveal,
            pygame.K_KP_ENTER: self.key_reveal, pygame.K_f: self.key_flag, pygame.K_c: self.key_chord,
            pygame.K_F2: self.key_new, pygame.K_r: self.key_retry, pygame.K_p: self.key_pause,
            pygame.K_ESCAPE: self.key_menu, pygame.K_h: self.key_hint, pygame.K_o: self.key_probabilities,
            pygame.K_a: self.key_autoplay, pygame.K_F1: self.key_help, pygame.K_m: self.key_mute,
            pygame.K_F3: self.key_counters, pygame.K_e: self.key_edit,
            FLAG_MODE_KEY: self.key_flag_mode,
            # said aloud with speech on (game.ui.play.spoken): mines left and time, the cursor's
            # row and column, the numbers touching the cell under it
            pygame.K_i: self.key_status, pygame.K_k: self.key_row, pygame.K_j: self.key_column,
            pygame.K_l: self.key_around,
        }
        self.assist = Assistant(self.match)  # the solver for this game, analyses cached per position
        self.autoplay = Autoplay(self.assist)
        self.hint = None  # the hint marked on the board while its panel shows (assist.Hint; solver_view.HintPanel)
        self.show_probabilities = False  # O: the probability overlay
        self.probability_layer = solver_view.ProbabilityLayer(self.layout)
        self.counters = PlayCounters(best_rate(services))  # F3: the live counters at the top of the panels' strip
        self.counters.race = self.race  # their race_gap line while racing
        self.side = SidePanel(services, self.match)  # the strip's content before and during play
        # a big board's window is shown at 1x: its panels' text (these, the hint's, the result's)
        # grows to an em of 12 screen pixels (game.ui.shared.widgets.readable_size); a big board stays one
        self.readable = not self.layout.camera.fits
        self.counters.panel.readable = self.side.readable = self.readable
        self.note: tuple[str, float] | None = None  # a note along the board's bottom, until a clock time (show_note)

    # ----- scene hooks -----------------------------------------------------------------------
    def grain(self) -> int:
        return self.layout.cell

    def size(self) -> tuple[int, int]:
        """The board window and the panels' strip, pixels: the same from the first frame to the
        result, whatever panel shows."""
        return self.room.size

    def most_scale(self) -> int:
        """A board smaller than Beginner's opens no larger than Beginner's window (room.most_scale)."""
        return most_scale(self.room.size, self.game.rows * self.game.cols, self.services.display.area(), self.compact)

    def enter(self) -> None:
        """Build the drawstate (after the display mode is set: sprites are converted)."""
        if not hasattr(self, "view"):
            self.frame = Frame(self.layout)
            if self.controls.active:
                self.view = CameraView(self.layout, self.services.assets.cell_sprites, self.game.overview,
                                       self.appearances_in)
            else:
                self.view = BoardView(self.layout, self.services.assets.cell_sprites)
            self.view.refresh(self.appearance)
        self.gesture.reset()
        self.touch.reset()
        if self.autoplay.running and not (self.autoplay.awaiting_board and self.game.state is State.PLAYING):
            self.autoplay.stop()  # back from a pause, a cancelled generation...: autoplay ends
        self.autoplay.awaiting_board = False
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> Scene | None:
        if getattr(event, "touch", False) and event.type in MOUSE_EVENTS:
            return self  # SDL's mouse made from a finger: the finger's own events play (game.ui.play.touch)
        if event.type in FINGER_EVENTS:
            return self.handle_finger(event)
        if self.cascade is not None and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.show_cells(self.cascade.rest())  # never act on a picture behind the game
        if event.type == pygame.WINDOWFOCUSLOST:
            self.stop_autoplay()
            return self.key_pause(only_playing=True)
        if self.controls.handle(event):  # scroll, zoom, drag the view over a big board
            self.dirty = True
            return self
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED):
            self.follow_window()
        if self.autoplay.running and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.stop_autoplay()  # the key or click that stops autoplay does nothing else
            return self
        if self.compact and event.type == pygame.MOUSEBUTTONDOWN and self.on_counters(event.pos):
            return self  # the compact window's counters stand over the board: a press on them plays nothing
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return self.handle_mouse(event)
        if event.type == pygame.KEYDOWN:
            if event.key in ARROWS:
                self.move_cursor(*ARROWS[event.key])
                return self
            if getattr(event, "mod", 0) & pygame.KMOD_CTRL and event.key in (pygame.K_z, pygame.K_y):
                return self.key_undo() if event.key == pygame.K_z else self.key_redo()
            if getattr(event, "mod", 0) & pygame.KMOD_ALT:
                return self
            if event.key in self.keys:
                return self.keys[event.key]()
            if event.key in self.services.extra_keys:
                return self.services.extra_keys[event.key](self) or self
            if getattr(event, "unicode", "") == "?":
                return self.key_help()
        return self

    def update(self) -> Scene:
        scene = self.touch.update(self)  # a long press whose delay just passed
        if scene is not self:
            return scene
        if self.note_ended():
            self.dirty = True
        if self._warming:  # one font a tick: the result panel's, ready for the busy frame it shows in
            warm_font(*self._warming.pop())
        if not self.unshown:  # a move's picture first: no background work before its frame is drawn
            self.background_work()
        self.sounds.tick(self.match)
        if self.refresh_counters():
            self.dirty = True
        if self.race is not None and (self.race.follow(self.match) or self.ghost_moved()):
            self.dirty = True
        if self.side.refresh(self.match, self.gesture.gestures.clicks):
            self.dirty = True
        shown = self.hud_values()
        if shown != self._shown:
            self.dirty = True
        if self.cascade is not None:
            self.show_cells(self.cascade.tick())
        if self.show_probabilities and self.assist.counting:
            self.dirty = True  # the overlay says "Thinking..." until a big board's count is in
        if self.autoplay.running:
            moves = self.autoplay.tick()
            if self.autoplay.thinking:
                self.dirty = True  # the strip says "thinking" until a big board's analysis is in
            return self.autoplay_moves(moves)
        return self

    def draw(self, screen: pygame.Surface) -> None:
        self._shown = self.hud_values()
        draw_board_screen(screen, self.frame, self.layout, self.services.assets, self.view, self._shown,
                          self.gesture.pressed_cells(self.game), self.cursor, self.shake)
        start = self.match.start
        if start is not None:
            draw_start_mark(screen, self.layout, start, self.game.appearance(start) == "covered")
        self.room.draw(screen)
        if self.room.over_board:  # the compact window (no strip): the F3 counters alone
            if self.counters_shown:
                self.counters.draw(screen, self.room.panel)
        elif self.race is not None:  # the race's panel first, the side panel in what is left
            rect, rest = self.race_panel.split(self.room.panel)
            self.race_panel.draw(screen, rect, self.match.ms)
            self.side.draw(screen, rest, self.counters if self.counters_shown else None)
        else:
            self.side.draw(screen, self.room.panel, self.counters if self.counters_shown else None)
        self.draw_ghost(screen)
        if self.services.settings.muted:
            draw_mute_sign(screen, self.layout)
        if self.show_probabilities and not self.game.over:
            self.probability_layer.draw(screen, self.game, self.assist, scale=self.services.display.view[0])
        solver_view.draw_hint_marks(screen, self.layout, self.hint)
        if self.minimap is not None:
            self.minimap.draw(screen)
        self.touch.draw(screen, self)
        if self.autoplay.running:
            solver_view.draw_autoplay_strip(screen, self.layout, self.autoplay.thinking)
        self.draw_note(screen)
        self.dirty = False
        self.unshown = False

    # ----- racing a ghost (game.replay.race) ---------------------------------------------------
    def ghost_point(self) -> tuple[int, tuple[float, float] | None]:
        """(the player's game time, ms; where the ghost's pointer shows then, logical pixels,
        or None): only while the player's game is under way (nowhere before the first reveal
        nor once it ended), never on a board seen through a camera."""
        if self.race is None or self.game.state is not State.PLAYING or self.controls.active:
            return 0, None
        now = self.match.ms
        return now, ghost_point(self.layout, self.race.ghost, now)

    def ghost_moved(self) -> bool:
        """True when the ghost's pointer shows elsewhere than drawn last."""
        return self.ghost_point()[1] != (self.ghost_at[1] if self.ghost_at else None)

    def draw_ghost(self, screen: pygame.Surface) -> None:
        """The ghost's pointer at the player's game time (:attr:`ghost_at` keeps what was drawn)."""
        now, point = self.ghost_point()
        self.ghost_at = None if point is None else (now, point)
        if point is not None:
            with draw.clipped(screen, self.layout.board.inflate(16, 16)):
                draw_ghost(screen, point)

    def race_line(self, abandoned: bool = False) -> str | None:
        """The result panel's line on the race (game.replay.race.outcome_text), or None with no race."""
        if self.race is None or self.match.race is None:
            return None
        return outcome_text(self.race.result(self.match, abandoned), self.race.ghost.shown_name())

    # ----- a short note along the board's bottom ---------------------------------------------
    def show_note(self, message: str) -> None:
        """Say ``message`` (a message marked with ``N_``, or words in the language in use) in a
        strip along the board's bottom for NOTE_SECONDS (game.ui.play.solver_view.draw_strip)."""
        self.note = (message, self.services.clock.now() + NOTE_SECONDS)
        self.dirty = True

    def note_ended(self) -> bool:
        """True when the note's time is up (it is then dropped): the next frame must draw."""
        if self.note is not None and self.services.clock.now() >= self.note[1]:
            self.note = None
            return True
        return False

    def note_left(self) -> float:
        """Seconds until the note's time is up (inf without a note)."""
        return math.inf if self.note is None else max(0.0, self.note[1] - self.services.clock.now())

    def draw_note(self, screen: pygame.Surface) -> None:
        """The note along the board's bottom, while its time lasts; a finished game's result
        panel (or the compact window's dialog) says it in its code line instead
        (game.ui.play.result_base), over no cell."""
        if self.note is not None and not self.game.over:  # a finished game's note is the result panel's
            solver_view.draw_strip(screen, self.layout, (self.note[0],))

    def draw_side_below(self, screen: pygame.Surface, above: pygame.Rect, blocks: tuple[str, ...]) -> None:
        """The side panel's ``blocks`` (game.ui.play.side_panel.BLOCKS) that fit whole in the strip
        under ``above``, a hint's or a result's panel at the strip's top (logical pixels): the
        strip's rest is never a blank grey area while they show. Nothing in the compact window."""
        area = self.room.panel
        below = pygame.Rect(area.left, above.bottom + SIDE_GAP, area.width, area.bottom - above.bottom - SIDE_GAP)
        if below.height > 0 and not self.room.over_board:
            self.side.draw(screen, below, blocks=blocks)

    def background_work(self) -> None:
        """A frame's slice of work ahead of need: a big board's mines drawn before its first
        click, then its 3BV counted from the first tick of play (in quiet frames, rather than
        in the frame the game ends, which records it and lays out the result; a large
        board's a slice a frame, from the next: game.ui.play.bv_counter). One slice a frame, not
        one a tick: a late frame runs up to five ticks back to back (the loop's catch-up),
        and five slices would make it later still (the clock's ``frames`` tells them apart)."""
        frame = getattr(self.services.clock, "frames", None)
        if frame is not None and frame == self._worked_in:
            return
        self._worked_in = frame
        if self.dealing:
            self.deal_ahead()
        if self.bv_due:
            self._scored_round = self.match.round
            self.bv.start(self.match)
        else:
            self.bv.step(self.match)

    @property
    def bv_due(self) -> bool:
        """True when a game in play has a 3BV count still to start."""
        return self.game.state is State.PLAYING and self._scored_round != self.match.round

    def busy(self) -> bool:
        """Full-rate ticks while a gesture (a button or a finger down), autoplay or a cascade
        runs, and while the 3BV is to be counted (in slices, one a tick) or the mines drawn ahead."""
        return (self.gesture.active or self.touch.active or self.autoplay.running or self.cascade is not None
                or self.bv.waiting or self.dealing or self.bv_due)

    def deal_ahead(self) -> None:
        """Draw a big board's mines a slice a tick before its first click (Match.prepare_deal:
        100,000 mines take 0.1 s to draw), so the click only places them."""
        self.dealing = not self.match.prepare_deal(SLICE)

    def next_change(self) -> float:
        """The picture's next change by itself: the timer's next second (the HUD's, and past
        999 s the side panel's; the counters', REFRESH_S apart, when they show); sooner
        (ANSWER_POLL) while the overlay's probabilities are counted in the solver's process,
        so they show when they come."""
        soon = ANSWER_POLL if self.show_probabilities and self.assist.counting else math.inf
        soon = min(soon, self.note_left())
        if self.game.state is not State.PLAYING or self.match.paused:
            return soon
        if self.race is not None:  # the ghost's pointer: a frame at a time
            return min(soon, GHOST_FRAME)
        if self.counters_shown:  # the time to the millisecond: REFRESH_S apart
            return min(soon, REFRESH_S - self.match.elapsed % REFRESH_S + 0.001)
        return min(soon, 1.0 - self.match.elapsed % 1.0 + 0.005)  # the HUD's second, the side panel's past 999

    # ----- the live counters (F3) ------------------------------------------------------------
    @property
    def counters_shown(self) -> bool:
        """The live counters' panel is on (F3, Options' Counters line: a saved setting)."""
        return bool(self.services.settings.counters)

    def refresh_counters(self) -> bool:
        """Read the game's counts again when the panel shows and something moved; True when
        what it shows changed (the result overlay calls it too: the ending move is read
        after the Playing scene's last update)."""
        return self.counters_shown and self.counters.refresh(self.match, self.gesture.gestures.clicks)

    def on_counters(self, pos: tuple[int, int]) -> bool:
        """True when logical pixel ``pos`` is on the live counters' panel as last drawn (shown)."""
        rect = self.counters.panel.rect
        return self.counters_shown and rect is not None and rect.collidepoint(pos)

    def key_counters(self) -> Scene:
        """F3: the live counters on or off (saved, as the Options' line); the window, the
        board and its cells stay as they are: the panel takes the top of the panels' strip."""
        self.services.set_option(counters=not self.services.settings.counters)
        self.refresh_counters()
        self.dirty = True
        return self

    # ----- the keyboard cursor: arrows move it, Space/Enter, F and C act under it ----------
    def move_cursor(self, drow: int, dcol: int) -> None:
        """Show the cursor (at the centre first, or at the start cell a board code's board
        must start at), then move it, staying on the board."""
        if self.cursor is None:
            start = self.match.start
            self.cursor = tuple(start) if start is not None else (self.game.rows // 2, self.game.cols // 2)
        else:
            r, c = self.cursor
            self.cursor = (min(max(r + drow, 0), self.game.rows - 1), min(max(c + dcol, 0), self.game.cols - 1))
        self.layout.camera.keep_in_view(self.cursor)  # (a board that fits never scrolls)
        self.dirty = True
        self.sounds.number_tone(self.game.appearance(self.cursor))
        self.say(lambda: spoken.cell_words(self.game, self.cursor), interrupt=True)

    # ----- said aloud (speech on: game.ui.speech, game.ui.play.spoken) -------------------------

    def key_status(self) -> Scene:
        """I: say the mines left and the time."""
        self.say(lambda: spoken.status_words(self.game, self.match.elapsed), interrupt=True)
        return self

    def _about_cursor(self, words) -> Scene:
        """Say ``words(game, cursor)``; with no cursor yet, show it first (its cell is said)."""
        if self.cursor is None:
            self.move_cursor(0, 0)
            return self
        self.say(lambda: words(self.game, self.cursor), interrupt=True)
        return self

    def key_row(self) -> Scene:
        """K: say the cursor's row, cell by cell (alike runs as one: spoken.row_words)."""
        return self._about_cursor(spoken.row_words)

    def key_column(self) -> Scene:
        """J: say the cursor's column (spoken.column_words)."""
        return self._about_cursor(spoken.column_words)

    def key_around(self) -> Scene:
        """L: say the numbers touching the cell under the cursor, and where (spoken.around_words)."""
        return self._about_cursor(spoken.around_words)

    def _at_cursor(self, kind: str) -> Scene:
        if self.cursor is None:
            self.move_cursor(0, 0)
            return self
        return self.play(kind, self.cursor)

    def key_reveal(self) -> Scene:
        """Space/Enter: reveal at the cursor (chord on a number when left-click chording is on)."""
        if self.cursor is not None and self.services.settings.chord_on_number and self.game.number(self.cursor):
            return self._at_cursor("chord")
        return self._at_cursor("reveal")

    def key_flag(self) -> Scene:
        return self._at_cursor("flag")

    def key_chord(self) -> Scene:
        return self._at_cursor("chord")

    def keep_cursor(self, cursor: Cell | None) -> "Playing":
        """Start with the keyboard cursor at ``cursor`` (a retry keeps it where it was)."""
        self.cursor = cursor
        return self

    # ----- the solver's help: H a hint, O the probability overlay, A autoplay ---------------
    # Each is help the game's match keeps (Match.use_hint, use_overlay, use_autoplay): a game
    # helped never ranks. What the solver says is game.ui.play.assist's and game.ui.play.autoplay's, the
    # drawing game.ui.play.solver_view's.
    def key_hint(self) -> Scene:
        """H: ring the best move, explain it in a panel; counted by ``match.use_hint``.

        The hint is worked out in the solver's process (game.ui.play.assist); one not ready
        within QUICK_HINT seconds fills the panel when it is (see :class:`solver_view.HintPanel`)."""
        if self.game.over:
            return self
        request = self.assist.request_hint()
        self.hint = request.wait(QUICK_HINT)  # most are ready in milliseconds: no "thinking" flash
        self.dirty = True
        return solver_view.HintPanel(self.services, self, request)

    def key_edit(self) -> Scene:
        """E: the position on the board in the editor (game.ui.editor: services.scenes.edit), as
        the player sees it (no mine of the layout); a game in play is marked helped as a hint
        marks it (Match.use_hint) and its clock stops until Esc brings the player back."""
        if self.autoplay.running:
            self.stop_autoplay()
        match = self.match
        if self.game.state is State.PLAYING:
            match.use_hint()
        match.pause()
        board = snapshot(self.game).board()  # the visible position, counted a row at a time
        return self.services.scenes.edit(board, back=self, on_back=match.resume)

    def key_probabilities(self) -> Scene:
        """O: show or hide every covered cell's mine probability.

        Like a hint, the overlay is help: the game it is shown in (even before its first
        click) is marked by ``match.use_overlay`` and stays out of the best times."""
        self.show_probabilities = not self.show_probabilities
        self.note_probabilities()
        self.dirty = True
        return self

    def note_probabilities(self) -> None:
        """Mark the game as played with the probability overlay while it is on."""
        if self.show_probabilities and not self.game.over:
            self.match.use_overlay()

    def key_autoplay(self) -> Scene:
        """A: the solver plays, one move every 150 ms, until a key or a click."""
        if not self.game.over:
            self.autoplay.start()
            self.dirty = True
        return self

    def stop_autoplay(self) -> None:
        if self.autoplay.running:
            self.autoplay.stop()
            self.dirty = True

    def autoplay_moves(self, moves) -> Scene:
        """Make autoplay's ``moves`` as the player's would be; return the scene a move led to
        (Generating, then autoplay waits for the board; the result, then it ends; the moves
        after it are dropped), else self."""
        for kind, cell in moves:
            self.match.use_autoplay()
            scene = self.play(kind, cell, Source.AUTOPLAY)
            if scene is not self:
                self.autoplay.awaiting_board = not self.game.over and not self.game.mines_laid
                if not self.autoplay.awaiting_board:
                    self.autoplay.stop()
                return scene
        if self.game.over:
            self.autoplay.stop()
        return self

    # ----- a big board's view follows the window ---------------------------------------------
    def follow_window(self) -> None:
        """A big board's view grows and shrinks with the window (at the display's scale), keeping
        its zoom and the cell at its middle; a board that fits keeps its size (the display
        scales its picture instead). Fullscreen too: the view fills the screen with more cells,
        drawn at the zoom's own size, not the window's picture blown up."""
        window = pygame.display.get_surface()
        if not self.controls.active or window is None:
            return
        scale = self.services.display.scale or 1
        width, height = round(window.get_width() / scale), round(window.get_height() / scale)
        if (width, height) == self.size():
            return
        old = self.layout.camera
        middle = old.cell_at(old.viewport.center) or (self.game.rows // 2, self.game.cols // 2)
        layout = big_layout(self.game.rows, self.game.cols, (width, height), self.game.config.mines, clamp=False,
                            compact=self.compact)
        self.room = compact(layout) if self.compact else under(layout.size, RESULT_ROOM_H)
        layout.camera.zoom_to(old.cell)
        layout.camera.centre_on(middle)
        self.layout = layout
        self.gesture.layout = layout
        self.controls.camera = layout.camera
        self.probability_layer = solver_view.ProbabilityLayer(layout)
        self.minimap.moved_to(layout)  # (a big board always has one)
        self.frame = Frame(layout)
        self.view = CameraView(layout, self.services.assets.cell_sprites, self.game.overview, self.appearances_in)
        self.view.refresh(self.appearance)
        self.services.display.resize_canvas(self.room.size)
        self.invalidate()

    # ----- what is shown ---------------------------------------------------------------------
    def appearance(self, cell: Cell) -> str:
        """The sprite key of ``cell``: the engine's, unless an overlay overrides it."""
        return self.look(cell) if self.look else self.game.appearance(cell)

    def appearances_in(self, rows: range, cols: range) -> list[str] | None:
        """The sprite keys of a rectangle of cells, row-major, in one call
        (game.rules.engine.Game.appearances), or None while an overlay changes how cells look."""
        return None if self.look else self.game.appearances(rows, cols)

    def hud_values(self) -> tuple[int, int, str]:
        """(mines left, whole seconds, face key) as the HUD shows them."""
        face = self.gesture.face(self.game) or {
            State.WON: "won", State.LOST: "dead"}.get(self.game.state, "normal")
        return self.game.mines_left, int(self.match.elapsed), face

    def redraw_cells(self, cells=None) -> None:
        """Repaint changed cells (all when ``cells`` is None) and ask for a frame."""
        if cells is None:
            self.cascade = None
        self.view.refresh(self.appearance, cells)
        self.assist.changed()
        self.hint = None  # a hint answers the position it was asked in
        self.dirty = True
        self.unshown = True

    # ----- moves -----------------------------------------------------------------------------
    def handle_finger(self, event: pygame.event.Event) -> Scene:
        """A finger's event (game.ui.play.touch): a finger down first shows a cascade whole and
        stops autoplay (and does nothing else, as a click does), then the gestures it ends play."""
        if event.type == pygame.FINGERDOWN:
            if self.cascade is not None:
                self.show_cells(self.cascade.rest())
            if self.autoplay.running:
                self.stop_autoplay()
                return self
        return self.touch.handle(event, self)

    def key_flag_mode(self) -> Scene:
        """G: flag mode on or off (a tap flags, a long press reveals: game.ui.play.touch)."""
        return self.touch.toggle_flag_mode(self)

    def handle_mouse(self, event: pygame.event.Event) -> Scene:
        if self.refused_click(event):
            return self
        self.log_pointer(event)
        before = (self.gesture.pressed_cells(self.game), self.gesture.face(self.game))
        move = self.gesture.interpret(event, self.game, self.services.settings.chord_on_number)
        if move is not None:
            return self.play(*move, source=Source.LEFT_CHORD if self.gesture.left_chord else Source.MOUSE)
        if (self.gesture.pressed_cells(self.game), self.gesture.face(self.game)) != before:
            self.dirty = True
        return self

    def refused_click(self, event: pygame.event.Event) -> bool:
        """True for a left press that would start a board code's board off its start cell
        (game.midend.match.Match.start), and for that press's release: neither is logged nor
        read by the gesture interpreter, so the game's story (its log, its clicks, its
        replay file) never holds a click that did nothing, and the note says where to start."""
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1 and self._refused_left:
            self._refused_left = False
            return True
        start = self.match.start
        if (start is None or event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 0) != 1
                or self.gesture.active):
            return False
        cell = self.layout.cell_at(event.pos)
        if cell is None or tuple(cell) == tuple(start):
            return False
        self._refused_left = True
        self.show_note(START_HERE)
        self.dirty = True
        return True

    def log_pointer(self, event: pygame.event.Event) -> None:
        """Log the raw pointer input (the match's log: what competitive replays carry), in
        board pixels from the board's top-left corner at this layout's cell size, as the
        gesture interpreter reads it (game.ui.play.mouse: a point the camera does not show is off
        the board), so the log replays as the game went."""
        pointer = self.gesture.pointer_event(event)
        if pointer is not None:
            self.match.pointer(pointer.action.value, pointer.x, pointer.y)

    def play(self, kind: str, cell: Cell | None, source: Source = Source.KEYBOARD) -> Scene:
        """Carry out a move ("reveal", "flag", "chord" on ``cell``, or "new") made by
        ``source`` (game.midend.match.Source: the pointer, a left-click chord, the keys, autoplay);
        return the next scene."""
        self.dirty = True
        if self.cascade is not None:  # an opening still unfolding: shown whole before the next
            self.show_cells(self.cascade.rest())  # move (autoplay's come every 150 ms, in 0.25 s)
        if kind == "new":
            return self.key_new()
        if self.match.refuses(Move(kind, cell)):  # a board code's board starts at its marked cell
            self.show_note(START_HERE)
            return self
        self.note_probabilities()  # a move made with the overlay on (after a retry too)
        if kind == "reveal" and self.services.session.needs_generation(self.match, cell):
            self._pending_source = source
            return self.generate(cell)
        outcome = self.match.apply(Move(kind, cell), source)
        self.sounds.queue(outcome)
        self.say(lambda: spoken.outcome_words(self.game, outcome), interrupt=True)
        self.redraw_cells(self.start_cascade(cell, outcome))
        return self.after_move()

    def start_cascade(self, cell: Cell, outcome) -> frozenset[Cell]:
        """The changed cells of ``outcome`` to draw now: all of them, or, when the move opened
        an area in a game still going and motion is on, those of the cascade's first tick
        (the rest follow from :meth:`update`)."""
        if (self.services.settings.reduce_motion or not CASCADE_MIN <= len(outcome.opened) <= CASCADE_MAX
                or self.game.state is not State.PLAYING):
            return outcome.changed
        self.cascade = Cascade(cell, outcome.opened)
        return (outcome.changed - outcome.opened) | frozenset(self.cascade.tick())

    def show_cells(self, cells) -> None:
        """Draw cells of the cascade now due; it ends with its last."""
        self.view.refresh(self.appearance, cells)
        self.dirty = True
        if self.cascade is not None and self.cascade.done:
            self.cascade = None

    def generate(self, cell: Cell) -> Scene:
        """Build a no-guess board with ``cell`` as the opening first click, then reveal it.

        The session starts the job (game.session.Session.start_generation: the same seed
        and first click give the same board as the console's). A board found within
        FIRST_STEP seconds is laid at once (no flicker); otherwise the Generating overlay
        runs the rest a slice per frame.
        """
        try:
            job = self.services.session.start_generation(self.match, cell)
            done = job.step(FIRST_STEP)
        except NoGuessError as err:
            return Generating(self.services, self, None, cell, message=describe(err))
        if done:
            self.lay_board(job, cell)
            return self.after_move()
        return Generating(self.services, self, job, cell)

    def lay_board(self, job, cell: Cell) -> None:
        """Lay the board of the finished generation ``job`` and reveal the first click
        ``cell`` on it (game.session.Session.finish_generation), and show it."""
        outcome = self.services.session.finish_generation(self.match, job, cell, self._pending_source)
        self.sounds.queue(outcome)
        self.say(lambda: spoken.outcome_words(self.game, outcome), interrupt=True)
        self.redraw_cells(outcome.changed)

    def after_move(self) -> Scene:
        """Play the move's sound; switch to the GameOver or Victory overlay once the game has ended.
        A race takes the move's 3BV solved at its game time."""
        if self.race is not None:
            self.race.follow(self.match)
        if not self.game.over:
            self.sounds.hear(self.game)
            return self.filter_missed() or self
        self.bv.finish(self.match)  # the record stores the 3BV
        session = self.services.session
        notes = session.finished(self.match)
        line = self.race_line()
        if line is not None:
            notes = [line, *(notes or [])]
        if session.in_trial() and self.match.trial == session.trial.code.text():  # between two games of a trial
            notes = [trial_played(session.trial) + ". " + _(TRIAL_NEXT), *(notes or [])]
        self.side.read_bests(self.match)  # the records have the game: its level's bests and streak again
        self.sounds.hear(self.game)  # after the records: a new best time sounds "best"
        result = (Victory if self.game.state is State.WON else GameOver)(self.services, self, notes)
        run = session.trial
        if self.match.trial and run is not None and run.over and run.code.text() == self.match.trial \
                and not getattr(self.match, "trial_shown", False):
            self.match.trial_shown = True  # the trial's result once, over the last game's
            return TrialResult(self.services, result, _(TRIAL_TITLE),
                               trial_result_lines(run, per_line=1 if run.count <= 10 else 3) + [_(TRIAL_COPY)],
                               run.code.text())
        return result

    def filter_missed(self) -> Scene | None:
        """A message box, once a board, when the 3BV filter found no board at its minimum
        within its bound (game.session.Session.filter_note, as the console's line); None otherwise."""
        missed = self.services.session.filter_note(self.match)
        if missed is None:
            return None
        return FilterMissed(self.services, self, _("3BV filter"), [describe(missed)])

    def leave(self, then, quits: bool = False) -> Scene | None:
        """Leave this game by ``then()`` (the next scene, or None to quit).

        A game in progress (after its first reveal, not over) is abandoned: recorded as a
        loss, as Windows 7 does, so starting over at a hard guess cannot protect the win
        rate. With the ``confirm_abandon`` option on (the default) the player is asked
        first, and No keeps the game as it is; the clock stops while the question shows,
        so the time recorded is the time played.
        """
        if not is_in_progress(self.game):
            return then()

        def abandon():
            self.bv.finish(self.match)  # the record stores the 3BV
            self.services.session.abandon(self.match)  # a save failure is warned on stderr
            return then()
        if not self.services.settings.confirm_abandon:
            return abandon()
        question = (ABANDON_AFTER_LOSS if self.match.lost_before_undo else ABANDON_AFTER_UNDO if self.match.undos
                    else ABANDON_QUESTION)
        return AbandonQuestion(self.services, self, _(ABANDON_TITLE), _(question), abandon, quits=quits)

    def close(self) -> Scene | None:
        """The window's close button: quit, abandoning a game in progress after asking."""
        return self.leave(lambda: None, quits=True)

    def key_new(self) -> Scene:
        """F2 or the face: a fresh board of the same size (the current options apply); in a time
        trial, its next game's board (game.session.Session.new_game); a trial's game left in
        progress ends the trial."""
        def new() -> Scene:
            session = self.services.session
            if session.in_trial():
                config = replace(session.trial.board().config(), questions=self.services.settings.questions)
                return Playing(self.services, config, after=self.match)
            config = self.services.config_for(self.game.rows, self.game.cols, self.game.config.mines)
            return Playing(self.services, config, after=self.match).keep_cursor(self.cursor)
        return self.leave(new)

    def key_undo(self) -> Scene:
        """Ctrl+Z: take back the last move (game.midend.match.Match.undo: any move, as Tatham's
        undo); the game is then never a win nor a best (game.session: one game, one row)."""
        if self.autoplay.running or not self.match.can_undo:
            return self
        if self.match.trial:  # a time trial's clock is the trial's: no move taken back
            self.show_note(_(TRIAL_NO_UNDO))
            return self
        self.look = None
        self.redraw_cells(self.match.undo())
        self.gesture.reset()
        self.say(lambda: _("Move taken back"), interrupt=True)
        return self

    def key_redo(self) -> Scene:
        """Ctrl+Y: play again the move taken back last (game.midend.match.Match.redo). A redo that
        ends the game shows its result as any end; the game stays one row
        (game.session.Session.finished: a redo back to the end recorded records nothing)."""
        if self.autoplay.running or not self.match.can_redo:
            return self
        outcome = self.match.redo()
        self.sounds.queue(outcome)
        self.say(lambda: spoken.outcome_words(self.game, outcome), interrupt=True)
        self.redraw_cells(outcome.changed)
        return self.after_move()

    def key_retry(self) -> Scene:
        """R: the same board again from the start (a game in progress is abandoned first); not
        in a time trial (each board is played once)."""
        if self.match.trial:
            self.show_note(_(TRIAL_NO_RETRY))
            return self
        return self.leave(self.retry)

    def retry(self) -> Scene:
        """Start this board again from the start (and its log afresh): game.session.Session.retry."""
        self.services.session.retry(self.match)
        self.side.read_bests(self.match)  # a game left was recorded
        self.dealing = self.game.config.cells > BACKGROUND_CELLS  # a board not clicked yet is dealt anew
        self.note_probabilities()
        self.assist.changed()
        self.gesture.reset()
        self.redraw_cells()
        return self

    def key_pause(self, only_playing: bool = False) -> Scene:
        """P: pause (board hidden, timer stopped). Focus loss pauses only a running game."""
        if self.game.over or (only_playing and self.game.state is not State.PLAYING):
            return self
        return Pause(self.services, self)

    def key_mute(self) -> Scene:
        """M: sound effects off or on (saved, as the Options' Sound line); the HUD shows a
        crossed-out speaker while off (game.ui.play.hud.draw_mute_sign)."""
        self.services.toggle_mute()
        self.dirty = True
        return self

    def key_help(self) -> Scene:
        """F1 or ?: the controls."""
        return Help(self.services, self)

    def key_menu(self) -> Scene:
        """Esc: back to the menu (a game in progress is abandoned first)."""
        return self.leave(self.services.scenes.menu)


class TrialResult(MessageBox):
    """A time trial's result, over its last game's result panel (OK goes back to it): finished
    or ended, the total and the penalties, each game's time, and the trial code to share
    (game.session.trial_result_lines), which C puts on the clipboard (the box says so, or why not)."""

    def __init__(self, services, base, title: str, lines: list[str], code: str) -> None:
        super().__init__(services, base, title, lines)
        self.code = code

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c and not getattr(event, "mod", 0) & (
                pygame.KMOD_CTRL | pygame.KMOD_ALT):
            reason = clipboard.copy(self.code)
            self.message[-1] = _(CODE_COPIED) if reason is None else _(CODE_NOT_COPIED).format(reason=reason)
            self._layout()
            self.dirty = True
            self.invalidate()
            return self
        return super().handle(event)


class FilterMissed(MessageBox):
    """The 3BV filter's miss, said at the first click (the board is laid there): the match's
    clock stops while it shows, so reading it costs the player no time."""

    def enter(self) -> None:
        super().enter()
        self.base.match.pause()
        self.base.gesture.reset()

    def exit(self) -> None:
        self.base.match.resume()


class AbandonQuestion(Confirm):
    """"Abandon this game?" over a Playing scene: the match's clock stops while it asks (the
    pause it may come from resumed the clock on its way out), so an abandoned game's time is
    the time played, not the time spent deciding."""

    def enter(self) -> None:
        super().enter()
        self.base.match.pause()
        self.base.gesture.reset()

    def exit(self) -> None:
        self.base.match.resume()  # No: play on from the same time (Yes: the record is taken)
