"""GameOver and Victory: overlays over the finished board with New game, Retry and Menu.

GameOver first plays the explosion sprite sheet at the exploded mine (counting
update ticks), with the other mines still hidden, then shows every mine and the
wrong flags. Victory shows every mine flagged and the game's figures.
"""

from __future__ import annotations

import pygame

from game.board import Cell
from game.ui.scene import Overlay
from game.ui.widgets import BLACK, GREY, Button, ButtonList, bevel, text

TICKS_PER_FRAME = 4  # update ticks each explosion frame stays (60 Hz: 15 frames a second)
PANEL_ALPHA = 225  # panel opacity: the board shows faintly through it
LINE = 15  # text line height, pixels


class Result(Overlay):
    """Common overlay: a panel of ``lines()`` and three buttons; V hides the panel to see the board."""

    title = ""

    def __init__(self, services, base, notes: list[str] | None = None) -> None:
        super().__init__(services, base)
        self.notes = notes or []
        self.panel_shown = True
        self.buttons = ButtonList([])

    def enter(self) -> None:
        self.dirty = True
        self._build_panel()

    def lines(self) -> list[str]:
        """Text under the title."""
        return list(self.notes)

    def ready(self) -> bool:
        """True once the panel may show (after any animation)."""
        return True

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN:
            self.dirty = True
            if event.key in (pygame.K_F2, pygame.K_n):
                return self.new_game()
            if event.key == pygame.K_r:
                return self.retry()
            if event.key in (pygame.K_ESCAPE, pygame.K_m):
                return self.menu()
            if event.key == pygame.K_v:
                self.panel_shown = not self.panel_shown
                return self
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.base.layout.face.collidepoint(event.pos):
            return self.new_game()
        if not (self.ready() and self.panel_shown):
            return self
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.dirty = True
            pressed, result = self.buttons.handle(event)
            if pressed:
                return result
        return self

    def new_game(self):
        return self.base.key_new()

    def retry(self):
        return self.base.key_retry()

    def menu(self):
        return self.base.key_menu()

    def _build_panel(self) -> None:
        area = self.base.layout.board.union(self.base.layout.hud)
        width = min(192, area.width - 4)
        height = 22 + LINE * len(self.lines()) + 34
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = self.base.layout.board.center
        self.panel.clamp_ip(pygame.Rect((0, 0), self.base.layout.size))
        gap, bw = 4, (width - 20) // 3
        y = self.panel.bottom - 28
        labels = (("New game", self.new_game), ("Retry", self.retry), ("Menu", self.menu))
        self.buttons = ButtonList([Button((self.panel.left + 6 + i * (bw + gap), y, bw, 22), label, action, 15)
                                   for i, (label, action) in enumerate(labels)])

    def draw_over(self, screen: pygame.Surface) -> None:
        if not (self.ready() and self.panel_shown):
            return
        panel = pygame.Surface(self.panel.size)
        panel.fill(GREY)
        bevel(panel, panel.get_rect(), 2)
        panel.set_alpha(PANEL_ALPHA)
        screen.blit(panel, self.panel)
        text(screen, self.title, (self.panel.centerx, self.panel.top + 12), 20, BLACK, "center", bold=True)
        for i, line in enumerate(self.lines()):
            text(screen, line, (self.panel.centerx, self.panel.top + 27 + i * LINE), 16, anchor="center")
        self.buttons.draw(screen)


class GameOver(Result):
    """The game was lost: explosion, then every mine and wrong flag, then the panel."""

    title = "Boom!"

    def enter(self) -> None:
        self.ticks = 0
        self.frames = self.services.assets.explosion
        self.base.look = self._before_blast
        self.base.redraw_cells()
        super().enter()

    def exit(self) -> None:
        if self.base.look is not None:
            self.finish_blast()

    def _before_blast(self, cell: Cell) -> str:
        """During the blast the other mines still look as the player left them."""
        key = self.base.game.appearance(cell)
        if key == "mine":
            return "question" if self.base.game.mark(cell) == "question" else "covered"
        if key == "wrong_flag":
            return "flag"
        return key

    def finish_blast(self) -> None:
        self.base.look = None
        self.base.redraw_cells()
        self.dirty = True

    def ready(self) -> bool:
        return self.ticks >= len(self.frames) * TICKS_PER_FRAME

    def busy(self) -> bool:
        return not self.ready()

    def update(self) -> None:
        if self.ready():
            return
        self.ticks += 1
        if self.ready():
            self.finish_blast()
        elif self.ticks % TICKS_PER_FRAME == 0:
            self.dirty = True

    def draw_over(self, screen: pygame.Surface) -> None:
        if not self.ready() and self.base.game.exploded is not None:
            frame = self.frames[min(self.ticks // TICKS_PER_FRAME, len(self.frames) - 1)]
            scale = self.base.layout.cell / 16
            if scale != 1:
                frame = pygame.transform.smoothscale_by(frame, scale)
            rect = frame.get_rect(center=self.base.layout.cell_rect(self.base.game.exploded).center)
            clip = screen.get_clip()
            screen.set_clip(self.base.layout.board)
            screen.blit(frame, rect)
            screen.set_clip(clip)
        super().draw_over(screen)

    def lines(self) -> list[str]:
        game = self.base.game
        done = f"3BV {game.three_bv_solved}/{game.three_bv}" if game.three_bv else ""
        return [f"Time {game.elapsed:.1f} s  {done}", *self.notes]


class Victory(Result):
    """The game was won: every mine flagged; time, 3BV, 3BV/s and efficiency."""

    title = "You win!"

    def lines(self) -> list[str]:
        game = self.base.game
        rate = game.three_bv_per_second
        efficiency = game.efficiency
        return [f"Time {game.elapsed:.3f} s",
                f"3BV {game.three_bv}   3BV/s {rate:.2f}" if rate is not None else f"3BV {game.three_bv}",
                f"Efficiency {efficiency:.0f} %" if efficiency is not None else "",
                *self.notes]
