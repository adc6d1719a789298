"""The HUD: mine counter and timer as 7-segment LED digits, and the face button between them."""

from __future__ import annotations

import pygame

from game.ui.layout import BEVEL, LED_W, BoardLayout
from game.ui.widgets import GREY, bevel

MAX_SHOWN = 999  # the LEDs hold three digits


def led_text(value: int) -> str:
    """Three LED characters for ``value``, clamped to -99..999: 7 -> '007', -5 -> '-05'."""
    value = max(-99, min(MAX_SHOWN, value))
    if value < 0:
        return "-" + f"{-value:02d}"
    return f"{value:03d}"


def draw_frame(layout: BoardLayout) -> pygame.Surface:
    """The static window background: grey, a raised outer bevel, sunken HUD and board wells."""
    surface = pygame.Surface(layout.size).convert()
    surface.fill(GREY)
    bevel(surface, surface.get_rect(), BEVEL)
    bevel(surface, layout.hud, 2, raised=False)
    bevel(surface, layout.board.inflate(2 * BEVEL, 2 * BEVEL), BEVEL, raised=False)
    return surface


def draw_led(screen: pygame.Surface, rect: pygame.Rect, value: int, digits: dict) -> None:
    """Three LED digits in ``rect`` (sunken by one pixel), negative with a minus."""
    pygame.draw.rect(screen, (128, 128, 128), rect)
    pygame.draw.line(screen, (255, 255, 255), (rect.left + 1, rect.bottom - 1), (rect.right - 1, rect.bottom - 1))
    pygame.draw.line(screen, (255, 255, 255), (rect.right - 1, rect.top + 1), (rect.right - 1, rect.bottom - 1))
    for i, ch in enumerate(led_text(value)):
        screen.blit(digits["minus" if ch == "-" else ch], (rect.left + 1 + i * LED_W, rect.top + 1))


def draw_hud(screen: pygame.Surface, layout: BoardLayout, assets, mines_left: int, seconds: int,
             face: str) -> None:
    """Counter (mines left), timer (whole seconds) and the ``face`` sprite key."""
    draw_led(screen, layout.counter, mines_left, assets.led)
    draw_led(screen, layout.timer, seconds, assets.led)
    screen.blit(assets.faces[face], layout.face)
