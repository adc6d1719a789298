"""The replay viewer: a game played back from its pointer events (game.replay.player), with the
board as the player saw it, the pointer and its trail, the pressed cells, the HUD running in
replay time, and a bar under the board (game.ui.replay.bar).

Keys: Space play/pause, - and + speed (0.25x to 8x), Left/Right one move back/forward,
Tab / Shift+Tab the focus over the bar's buttons and Enter the focused one,
Home/End the start/end, R (or the flag button right of the scrubber) races this replay
(game.replay.race: its board in the Playing scene, its game as the ghost), B, on a recorded
game whose board has another recorded win, that game beside the fastest such win
(game.ui.replay.beside), E the position at the playhead in the position editor (game.ui.editor:
"analyse this moment"; Esc there comes back to the same moment), F1 the help, Esc back where
the viewer was opened from (the menu when from the command line). The scrubber seeks where it
is clicked and follows a drag. The review viewer (game.ui.replay.review) adds [ / ] (PageUp /
PageDown): the previous / next guess or mistake.

Moves reached by playing or by Right make the sound the game made for them (game.ui.sound:
the Timeline keeps each move's Outcome); seeking, stepping back, Home and End are silent.

The viewer only reads its Replay: it has no Match and calls no finish hook, so nothing it
shows is ever recorded. While it shows, the objects alive are frozen out of the garbage
collector (gc.freeze; see ``enter``). Replay time advances in ``update``, one fixed step (game.ui.loop.STEP)
times the speed per update, so it follows the loop's injected clock.
"""

from __future__ import annotations

import gc

import pygame

from game.rules.engine import State
from game.i18n import N_, _, language
from game.replay.events import CELL_PX, Replay
from game.replay.player import Playhead, Timeline
from game.ui.editor.model import position_of
from game.ui.shared import draw
from game.ui.shared.help import Help
from game.ui.play.board_view import BoardView
from game.ui.play.camera_keys import CameraControls
from game.ui.play.camera_view import CameraView
from game.ui.play.counters_view import CountersPanel, shown_values
from game.ui.shared.formats import decimal, seconds, speed_text
from game.ui.shared.widgets import fitting_size, sentences, text
from game.ui.play.hud import Frame, draw_board_screen
from game.ui.play.layout import layout_for
from game.ui.loop import STEP
from game.ui.replay.bar import BAR_H, ReplayBar
from game.ui.play.room import reserve
from game.ui.scene import Scene
from game.ui.sound import sound_for
from game.ui.play import spoken
from game.ui.shared.theme import palette


ANALYSE_KEY = N_("E: analyse this moment; F1: help")  # the viewer's keys line, in its strip
SPEEDS = (0.25, 0.5, 1, 2, 4, 8)  # playback speeds, times real time
CURSOR = ((0, 0), (0, 12), (3, 9), (6, 14), (8, 13), (5, 8), (9, 8))  # an arrow pointer, pixels from its tip
FASTER_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
SLOWER_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)


def describe(replay: Replay) -> str:
    """A short title for ``replay``: who and what, e.g. "EVF: Wang, 16x30/99, won" (in the
    language in use: look it up when it is drawn)."""
    source = replay.file_format or _("Game")
    who = f"{replay.player}, " if replay.player else ""
    result = _("won") if replay.completed else _("not won")
    return f"{source}: {who}{replay.rows}x{replay.cols}/{len(replay.mines)}, {result}"


def key_action(keys: dict, event: pygame.event.Event):
    """The action ``keys`` (key -> callable) gives a KEYDOWN ``event``, "+" and "-" typed on
    any layout included; None when none."""
    action = keys.get(event.key)
    if action is None and getattr(event, "unicode", "") in ("+", "-"):
        action = keys[pygame.K_PLUS if event.unicode == "+" else pygame.K_MINUS]
    return action


def dispatch(scene, event: pygame.event.Event) -> Scene | None:
    """A viewer ``scene``'s event: Tab and Shift+Tab move the focus over the bar's buttons
    (said aloud), Enter presses the focused one; a key's action (its ``keys``:
    :func:`key_action`), the mouse to its ``handle_mouse``; the next scene."""
    if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
        scene.say(scene.bar.move_focus(-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1))
        scene.dirty = True
        return scene
    if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and scene.bar.focus >= 0:
        scene.dirty = True
        return scene.bar.buttons[scene.bar.focus].action() or scene
    if event.type == pygame.KEYDOWN:
        action = key_action(scene.keys, event)
        return (action() or scene) if action else scene
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
        return scene.handle_mouse(event)
    return scene


def press_button(scene, pos) -> None:
    """The left button pressed at ``pos`` off the scrubber: the bar's button there (or None)
    is held as ``scene.pressed_button`` until the release."""
    scene.pressed_button = next((b for b in scene.bar.buttons if b.rect.collidepoint(pos)), None)
    scene.dirty = True


def release_button(scene, pos) -> Scene:
    """The left button released at ``pos`` over a viewer ``scene`` (its ``pressed_button``,
    ``dragging``): the drag ends, and the bar's button pressed there acts; the next scene."""
    scene.dragging = False
    button, scene.pressed_button = scene.pressed_button, None
    scene.dirty = True
    if button is not None and button.rect.collidepoint(pos):
        return button.action() or scene
    return scene


def draw_pointer(screen, layout, head: Playhead) -> None:
    """``head``'s pointer as an arrow at its place on the board of ``layout`` (its board window
    drawn on ``screen``), after a short trail."""
    scale = layout.cell / CELL_PX  # the replay's pixels are at CELL_PX a cell
    points = [layout.window_pixels((x * scale, y * scale)) for x, y in head.trail()]
    if len(points) > 1:
        draw.lines(screen, palette.trail, False, points, 2)
    tip = head.pointer()
    if tip is None:
        return
    x, y = layout.window_pixels((tip[0] * scale, tip[1] * scale))
    arrow = [(x + dx, y + dy) for dx, dy in CURSOR]
    draw.polygon(screen, palette.arrow, arrow)
    draw.polygon(screen, palette.backdrop, arrow, 1)


class ReplayViewer(Scene):
    """Play ``replay`` back; Esc returns to ``back`` (a scene), or to the menu when None.
    A board bigger than the window is seen through its camera: the wheel scrolls, Ctrl+wheel
    zooms and Ctrl+drag pans (game.ui.play.camera_keys; the keys stay the viewer's). F3 shows the
    live counters at the playhead in a strip beside or under the window, kept from the start
    (game.ui.play.room), so they never move the board or resize the window."""

    strip_h = 0  # pixels between the board window and the bar (the review's marks), logical
    has_counters = True  # the viewer keeps a strip for the live counters (the review's has its panel there)

    def __init__(self, services, replay: Replay, back: Scene | None = None, title: str | None = None,
                 timeline: Timeline | None = None) -> None:
        """``timeline``: ``replay``'s Timeline when already built (``--replay`` builds it before
        the window opens: on a 1000x1000 board, seconds and 100 MB not spent twice)."""
        super().__init__(services)
        self.replay, self.back = replay, back
        self.given_title = title  # None: described when drawn, in the language in use
        # the recorded game shown (game.ui.app.Navigation.watch, --replay ID), else None
        self.record_id: int | None = getattr(timeline, "record_id", None) if timeline is not None else None
        self._best: list = []  # [the best other game on its board's id or None], once looked up
        self.hint_rect: pygame.Rect | None = None  # the B key's hint as last drawn (logical pixels), or None
        width, height = services.display.area()
        self.layout = layout_for(replay.rows, replay.cols, (width, height - BAR_H - self.strip_h),
                                 len(replay.mines))
        self.controls = CameraControls(self.layout.camera, keys=False)  # a board bigger than the window
        self.timeline = timeline if timeline is not None and timeline.replay is replay else Timeline(replay)
        self.head = Playhead(self.timeline)
        self.playing = True
        self.speed = SPEEDS.index(1)
        self.dragging = False
        self.pressed_button = None
        self.language = language()  # the language last drawn in
        actions = {"start": self.key_start, "back": lambda: self.key_step(-1), "play": self.key_play,
                   "forward": lambda: self.key_step(1), "end": self.key_end, "slower": lambda: self.key_speed(-1),
                   "faster": lambda: self.key_speed(1), "race": self.key_race}
        self.bar = ReplayBar(self.layout.size[0], self.layout.size[1] + self.strip_h, actions)
        self.room = reserve(self.board_size(), (width, height))  # the counters' strip (F3)
        self.counters = CountersPanel()
        self._counted = None  # (events, moves, at end, language): what the counters' values were worked out for
        self.counter_values: dict[str, str] = {}
        self.keys = {pygame.K_SPACE: self.key_play, pygame.K_LEFT: lambda: self.key_step(-1),
                     pygame.K_RIGHT: lambda: self.key_step(1), pygame.K_HOME: self.key_start,
                     pygame.K_END: self.key_end, pygame.K_ESCAPE: self.key_back, pygame.K_F3: self.key_counters,
                     pygame.K_r: self.key_race, pygame.K_b: self.key_beside, pygame.K_e: self.key_edit,
                     pygame.K_F1: self.key_help, pygame.K_i: self.key_moment,
                     **{key: lambda: self.key_speed(1) for key in FASTER_KEYS},
                     **{key: lambda: self.key_speed(-1) for key in SLOWER_KEYS}}

    # ----- scene hooks -----------------------------------------------------------------------
    @property
    def title(self) -> str:
        """The bar's title: the one given, else :func:`describe`'s."""
        return self.given_title or describe(self.replay)

    def beside_best(self) -> int | None:
        """The id of the recorded game the B key opens beside this one: the fastest other win
        of the same board code (game.records.db.RecordStore.wins_on_code), or None (not a
        recorded game, no code, no other win). Looked up once."""
        if not self._best:
            found = None
            records = self.services.records
            record = records.store.game(self.record_id) if records is not None and self.record_id else None
            if record is not None and record.code:
                found = next((r.id for r in records.store.wins_on_code(record.code) if r.id != record.id), None)
            self._best = [found]
        return self._best[0]

    def key_beside(self) -> Scene | None:
        """B: this game beside the best of its board (game.ui.replay.beside), when there is one."""
        best = self.beside_best()
        if best is None:
            return None
        return self.services.scenes.beside(self.record_id, best, back=self)

    def grain(self) -> int:
        return self.layout.cell

    def board_size(self) -> tuple[int, int]:
        """The board window, the strip under it and the bar, pixels: the viewer without the
        panels' strip."""
        return self.layout.size[0], self.layout.size[1] + self.strip_h + BAR_H

    def size(self) -> tuple[int, int]:
        return self.room.size

    def enter(self) -> None:
        if not hasattr(self, "view"):
            self.frame = Frame(self.layout)
            if self.layout.camera.fits:
                self.view = BoardView(self.layout, self.services.assets.cell_sprites)
            else:  # a board bigger than the screen: the middle of it, as the game opened it
                self.view = CameraView(self.layout, self.services.assets.cell_sprites)
            self.view.refresh(self.head.appearance)
        # A long replay is ~150,000 objects; a full garbage collection over them takes ~25 ms,
        # more than a frame, whenever it happens to run. Nothing of them is garbage while the
        # viewer shows: freeze them out of the collector's sight until it leaves.
        gc.freeze()
        self.dirty = True

    def exit(self) -> None:
        gc.unfreeze()

    def handle(self, event: pygame.event.Event) -> Scene | None:
        if self.controls.handle(event):  # a big board: the wheel scrolls, Ctrl+wheel zooms, Ctrl+drag pans
            self.dirty = True
            return self
        return dispatch(self, event)

    def handle_mouse(self, event: pygame.event.Event) -> Scene:
        pos = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.bar.on_track(pos):
                self.dragging = True
                self.scrub(pos[0])
            else:
                press_button(self, pos)
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self.scrub(pos[0])
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return release_button(self, pos)
        return self

    def update(self) -> Scene | None:
        if self.language != language():  # the title and the numbers are written again as drawn
            self.language = language()
            self.dirty = True
        if self.playing and not self.dragging:
            before = self.head.moves
            self.show(self.head.seek(self.head.time_ms + STEP * 1000 * SPEEDS[self.speed]))
            self.hear(before)
            if self.head.at_end:
                self.playing = False
        return None

    def busy(self) -> bool:
        return self.playing or self.dragging

    def draw(self, screen: pygame.Surface) -> None:
        head = self.head
        hud = (head.mines_left, head.seconds, head.face())
        draw_board_screen(screen, self.frame, self.layout, self.services.assets, self.view, hud, head.pressed())
        # on a big board the trail ends at the viewport; on one that fits it may cross the HUD
        with draw.clipped(screen, None if self.layout.camera.fits else self.layout.board):
            self.draw_pointer(screen)
        tl = self.timeline
        span = max(1, tl.end_ms - tl.start_ms)
        clock = f"{decimal(max(0, head.time_ms) / 1000, 1)} / {seconds(tl.replay.time_ms / 1000, 1)}"
        speed = speed_text(SPEEDS[self.speed])
        self.bar.draw(screen, (head.time_ms - tl.start_ms) / span, self.playing, speed, self.title, clock,
                      self.pressed_button)
        if self.has_counters:
            self.room.draw(screen)
            top = self.room.panel.top
            if self.counters_shown:
                top = self.counters.draw(screen, self.room.panel, self.counts_shown()).bottom + 6
            panel = self.room.panel
            if self.beside_best() is not None:  # the B key's hint, in the strip (under the counters)
                hint = _("B: beside your best on this board")
                self.hint_rect = text(screen, hint, (panel.left + 2, top + 2),
                                      fitting_size(hint, panel.width - 4, 14, 10), palette.dim)
                top = self.hint_rect.bottom + 2
            keys = _(ANALYSE_KEY)  # the viewer's keys line: E, and F1 for the rest
            text(screen, keys, (panel.left + 2, top + 2), fitting_size(keys, panel.width - 4, 14, 10), palette.dim)
        self.dirty = False

    # ----- the live counters (F3) ------------------------------------------------------------
    @property
    def counters_shown(self) -> bool:
        """The live counters' panel is on (F3, Options' Counters line)."""
        return self.has_counters and bool(self.services.settings.counters)

    def counts_shown(self) -> dict[str, str]:
        """The counters' values at the playhead (game.replay.player.Playhead.counts), worked
        out again only when an event, a move or the time moved; at the end, a file's figures
        as ms-toollib computed them (Replay.stats) when it has them."""
        head = self.head
        key = (head.events, head.moves, head.time_ms, head.at_end, language())
        if key != self._counted:
            self._counted = key
            final = self.replay.stats if head.at_end else None
            self.counter_values = shown_values(head.counts(), final)
        return self.counter_values

    def key_counters(self) -> None:
        """F3: the live counters on or off (saved, as the Options' line); nothing in the
        review viewer, whose panel shows the game's counts."""
        if not self.has_counters:
            return
        self.services.set_option(counters=not self.services.settings.counters)
        self.dirty = True

    def draw_pointer(self, screen: pygame.Surface) -> None:
        """The pointer as an arrow at its place on the board, after a short trail."""
        draw_pointer(screen, self.layout, self.head)

    # ----- what the keys and buttons do ------------------------------------------------------
    def show(self, changed) -> None:
        """Repaint the ``changed`` cells and ask for a frame."""
        if changed:
            self.view.refresh(self.head.appearance, changed)
        self.dirty = True

    def hear(self, before: int) -> None:
        """Play the sound of the last move reached, when the playhead went forward from
        ``before`` moves (game.ui.sound.sound_for on the move's Outcome); silent going back."""
        moves = self.head.moves
        if moves <= before:
            return
        outcome = self.timeline.outcomes[moves - 1]
        self.services.sound.play(sound_for(outcome, self.head.appearance(outcome.move.cell)))
        self.say(lambda: self.move_words(moves, outcome), interrupt=True)

    # ----- said aloud (speech on: game.ui.speech, game.ui.play.spoken) -------------------------

    def move_words(self, number: int, outcome) -> str:
        """Move ``number`` reached (its game.rules.moves.Outcome): "Move 5, row 3, column 4: opened 12 cells"."""
        said = spoken.outcome_words(self.head, outcome)
        where = spoken.place(outcome.move.cell) if outcome.move.cell is not None else ""
        return _("Move {number}, {place}: {what}").format(number=number, place=where, what=said or _("no change"))

    def moment_words(self) -> str:
        """The moment shown: "12.3 s, move 5 of 40, 9 mines left"."""
        return _("{time}, move {number} of {moves}, {mines}").format(
            time=seconds(self.head.time_ms / 1000, 1), number=self.head.moves, moves=len(self.timeline.outcomes),
            mines=spoken.mines_left_words(self.head.mines_left))

    def key_moment(self) -> None:
        """I: say the moment shown (its time, its move, the mines left)."""
        self.say(self.moment_words, interrupt=True)

    def scrub(self, x: int) -> None:
        """Seek to where logical x falls on the scrubber."""
        tl = self.timeline
        self.show(self.head.seek(tl.start_ms + self.bar.fraction_at(x) * (tl.end_ms - tl.start_ms)))

    def key_play(self) -> None:
        """Space: play or pause; play at the end starts again from the start."""
        if not self.playing and self.head.at_end:
            self.show(self.head.start())
        self.playing = not self.playing
        self.dirty = True

    def key_speed(self, delta: int) -> None:
        """- and +: the next speed down or up."""
        self.speed = min(max(self.speed + delta, 0), len(SPEEDS) - 1)
        self.dirty = True

    def key_step(self, delta: int) -> None:
        """Left/Right: one move back or forward (pauses)."""
        self.playing = False
        before = self.head.moves
        self.show(self.head.step(delta))
        self.hear(before)
        if self.head.moves < before:  # back: the moment it shows
            self.say(self.moment_words, interrupt=True)

    def key_start(self) -> None:
        """Home: the start (the covered board)."""
        self.show(self.head.start())
        self.say(self.moment_words, interrupt=True)

    def key_end(self) -> None:
        """End: the end, as the game finished (pauses)."""
        self.playing = False
        self.show(self.head.seek(self.timeline.end_ms))
        self.say(self.moment_words, interrupt=True)

    def key_race(self) -> Scene:
        """R or the bar's flag button: race this replay (game.replay.race): its board from its
        first click in the Playing scene, its pointer and progress as the ghost's (our own
        recorded game too: the player's earlier game is the ghost); Esc there goes to the menu."""
        return self.services.scenes.race_timeline(self.timeline, self)

    def key_edit(self) -> Scene:
        """E: analyse this moment: the position at the playhead, as the player saw it, in the
        position editor (paused); Esc there comes back here, at the same moment."""
        self.playing = False
        replay = self.replay
        board = position_of(replay.rows, replay.cols, len(replay.mines), self.head.appearance)
        return self.services.scenes.edit(board, back=self)

    def spoken(self) -> str:
        """The title (who and what) and the state: playing or paused, the time."""
        state = _("playing back") if self.playing else _("paused")
        return sentences(self.title, state, seconds(max(0, self.head.time_ms) / 1000, 1))

    def key_help(self) -> Scene:
        """F1: the controls (game.ui.shared.help)."""
        return Help(self.services, self)

    def key_back(self) -> Scene:
        """Esc: back to the scene the viewer came from, else the menu."""
        return self.back if self.back is not None else self.services.scenes.menu()

    @property
    def finished(self) -> bool:
        """True when the replay shows a won or lost game."""
        return self.head.state in (State.WON, State.LOST)
