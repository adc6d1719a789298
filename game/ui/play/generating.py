"""The Generating overlay: a no-guess board is built a slice per update, over the board.

The Playing scene has the session start a :class:`game.noguess.Generation` at the first
reveal of a no-guess game (game.session.Session.start_generation). When the first slice does not finish it, this overlay takes over: each
update (1/60 s) runs one slice of STEP_BUDGET seconds, so the window keeps drawing and
answering input; the board shows dimmed beneath a "Generating..." panel with a spinner and a progress
bar: the share of the safe cells the current replay has proved by logic, and which
replay it is (a perturbation that changes numbers read earlier costs one more; see
:attr:`game.noguess.Generation.progress`). The bar can go back when a pass starts, which
the pass number explains; on a 500x500 board at 20 % it takes a few passes of a second.
When frames run late the loop runs several updates back to back to catch up; a slice
then waits until the frame clock (``services.clock``: real time in the window, one 1/60 s
step per frame in tests) has moved on by REST_SHARE of the last slice's duration, so
generation takes at most about four fifths of the time and a frame holds about one
slice, however slow the machine.
Esc, the Cancel button, F2 or the face stop the job and give the board back untouched
(the game is still READY: no mines laid, the timer not started).

When the job is done the session lays the board and reveals the clicked cell
(game.session.Session.finish_generation) during that update, which returns the Playing scene (or its result overlay,
when that click ended the game) for the manager to switch to.
If the generator gives up (``NoGuessError``) the panel shows why until a key or click.
"""

from __future__ import annotations

import math
import time

import pygame

from game.rules.board import Cell
from game.i18n import N_, _, percent
from game.messages import describe
from game.noguess import Generation, GenerationCancelled, NoGuessError
from game.ui.shared import draw
from game.ui.shared.canvas import layer, stale
from game.ui.scene import Overlay
from game.ui.shared.theme import palette
from game.ui.shared.widgets import Button, ButtonList, bevel, text, text_width, wrap

STEP_BUDGET = 0.008  # seconds of generation per update tick: half a 60 Hz frame
REST_SHARE = 0.25  # after a slice of d seconds the next waits d * REST_SHARE: no catch-up spiral
SPOKES = 8  # spinner spokes
SPINNER_RADIUS = 10  # pixels from the spinner's centre to a spoke
TICKS_PER_SPOKE = 5  # update ticks the spinner stays on one spoke (60 Hz: 12 a second)
DOTS_CYCLE = 4  # "Generating", ".", "..", "..." in turn, each for half a spinner turn
DIM_ALPHA = 110  # black over the board while it waits, 0..255
PANEL_W, PANEL_H = 200, 124  # panel size, pixels (shrunk to the window on narrow boards)
BAR_W, BAR_H = 150, 8  # the progress bar, pixels (shrunk with the panel)
GENERATING = N_("Generating")  # the panel's title; dots follow it in turn


class Generating(Overlay):
    """Over a Playing scene ``base``: run ``job`` (a Generation) until done, then reveal ``cell``.

    ``message`` is set (and the job dropped) when generation failed (in the language in use:
    game.messages.describe); the panel then shows it and any key or click goes back to the board.
    """

    def __init__(self, services, base, job: Generation | None, cell: Cell, message: str = "") -> None:
        super().__init__(services, base)
        self.job = job
        self.cell = cell
        self.message = message
        self.ticks = 0  # update ticks spent generating (drives the spinner)
        self.steps = 0  # job.step calls made by this overlay
        self.laid = False
        # frame-clock seconds (services.clock.now) before which the next slice waits; the
        # click's own slice has just run
        self._rest_until = services.clock.now() + STEP_BUDGET * REST_SHARE
        self._dim: pygame.Surface | None = None
        area = base.layout.board.union(base.layout.hud)
        self.panel = pygame.Rect(0, 0, min(PANEL_W, area.width - 4), PANEL_H)
        self.panel.center = base.layout.board.center
        self.panel.clamp_ip(pygame.Rect((0, 0), base.layout.size))
        cancel = pygame.Rect(0, 0, 72, 22)
        cancel.midbottom = (self.panel.centerx, self.panel.bottom - 7)
        self.buttons = ButtonList([Button(cancel, N_("Cancel") if not message else N_("OK"), self.cancel, 15)])

    # ----- scene hooks -----------------------------------------------------------------------
    def enter(self) -> None:
        self.base.gesture.reset()
        self.dirty = True

    def exit(self) -> None:
        if self.job is not None and not self.job.done:
            self.job.cancel()  # leaving for any reason stops the work

    def busy(self) -> bool:
        """Full-rate updates while the board is being built."""
        return self.job is not None

    def update(self):
        """One slice of the job; once the board is laid, the scene to go back to."""
        if self.job is None or self.laid:
            return None
        self.ticks += 1
        if self.ticks % TICKS_PER_SPOKE == 0:
            self.dirty = True
        if self.services.clock.now() < self._rest_until:
            return None  # a catch-up update in a late frame: let the window draw first
        self.steps += 1
        started = time.perf_counter()
        try:
            done = self.job.step(STEP_BUDGET)
        except NoGuessError as err:
            self.fail(describe(err))
            return None
        except GenerationCancelled:
            return None
        finally:
            self._rest_until = self.services.clock.now() + (time.perf_counter() - started) * REST_SHARE
        if not done:
            return None
        self.laid = True
        self.base.lay_board(self.job, self.cell)
        return self.finish()

    def handle(self, event: pygame.event.Event):
        if self.message:
            if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONUP and event.button == 1):
                return self.base
            return self
        if event.type == pygame.KEYDOWN:
            self.dirty = True
            if event.key == pygame.K_ESCAPE:
                return self.cancel()
            if event.key == pygame.K_F2:
                return self.cancel().key_new()
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1
                and self.base.layout.face.collidepoint(event.pos)):
            return self.cancel().key_new()
        return self.press_buttons(self.buttons, event)

    # ----- actions ---------------------------------------------------------------------------
    def cancel(self):
        """Stop the job; back to the board with nothing laid (the game stays READY)."""
        if self.job is not None and not self.job.done:
            self.job.cancel()
        self.job = None
        return self.base

    def fail(self, message: str) -> None:
        """Generation gave up: drop the job and show why."""
        self.job = None
        self.message = message
        self.buttons.buttons[0].label = N_("OK")
        self.dirty = True

    def finish(self):
        """The board is laid and the cell revealed: back to Playing (or its result overlay)."""
        return self.base.after_move()

    # ----- drawing ---------------------------------------------------------------------------
    def draw_over(self, screen: pygame.Surface) -> None:
        board = self.base.layout.board
        if stale(self._dim, screen):
            self._dim = layer(screen, board.size, at=board.topleft)
            self._dim.fill(palette.backdrop)  # the board darkens but stays visible
            self._dim.set_alpha(DIM_ALPHA)
        screen.blit(self._dim, board)
        panel = layer(screen, self.panel.size, at=self.panel.topleft)
        panel.fill(palette.panel)
        bevel(panel, panel.get_rect(), 2)
        screen.blit(panel, self.panel)
        if self.message:
            self._draw_failure(screen)
        else:
            self._draw_progress(screen)
        self.buttons.draw(screen)

    def _draw_progress(self, screen: pygame.Surface) -> None:
        turn = self.ticks // TICKS_PER_SPOKE
        dots = "." * (turn // (SPOKES // 2) % DOTS_CYCLE)
        title = _(GENERATING)
        left = self.panel.centerx - text_width(title + "...", 20, bold=True) // 2  # dots never shift it
        text(screen, title + dots, (left, self.panel.top + 14), 20, palette.text, "midleft", bold=True)
        self._draw_spinner(screen, (self.panel.centerx, self.panel.top + 38), turn % SPOKES)
        self._draw_bar(screen, self.panel.top + 54)
        text(screen, _("No-guess board  -  Esc: cancel"), (self.panel.centerx, self.panel.top + 88), 14,
             palette.dim, "center")

    def _draw_bar(self, screen: pygame.Surface, top: int) -> None:
        """The progress bar and its figure: "37% solved, pass 2" ("37 % resuelto" in Spanish)."""
        passes, share = self.job.progress if self.job is not None else (0, 0.0)
        bar = pygame.Rect(0, top, min(BAR_W, self.panel.width - 16), BAR_H)
        bar.centerx = self.panel.centerx
        draw.rect(screen, palette.shade, bar)
        filled = bar.copy()
        filled.width = round(bar.width * share)
        if filled.width:
            draw.rect(screen, palette.accent, filled)
        draw.rect(screen, palette.text, bar, 1)
        if passes:
            figure = _("{percent} solved, pass {passes}").format(percent=percent(int(100 * share) / 100, 0),
                                                                 passes=passes)
        else:
            figure = _("laying mines")
        text(screen, figure, (self.panel.centerx, top + BAR_H + 9), 14, palette.text, "center")

    def _draw_spinner(self, screen: pygame.Surface, centre: tuple[int, int], lit: int) -> None:
        """SPOKES dots in a ring; the ``lit`` one black, the ones behind it fading to grey."""
        for i in range(SPOKES):
            angle = 2 * math.pi * i / SPOKES - math.pi / 2
            x = centre[0] + round(SPINNER_RADIUS * math.cos(angle))
            y = centre[1] + round(SPINNER_RADIUS * math.sin(angle))
            age = (lit - i) % SPOKES  # 0: the lit spoke, then the trail
            shade = (palette.title if age == 0 else palette.shade if age < 3
                     else pygame.Color(palette.shade).lerp(palette.panel, 0.5))
            draw.circle(screen, shade, (x, y), 3 if age < 2 else 2)

    def _draw_failure(self, screen: pygame.Surface) -> None:
        text(screen, _("No board"), (self.panel.centerx, self.panel.top + 14), 20, palette.text, "center", bold=True)
        for i, line in enumerate(wrap(self.message, self.panel.width - 12, 14)[:3]):
            text(screen, line, (self.panel.centerx, self.panel.top + 30 + i * 13), 14, palette.error, "center")
