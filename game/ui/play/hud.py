"""The HUD: mine counter and timer as 7-segment LED digits, the face button between them,
a crossed-out speaker between the face and the timer while the sound is off (M), and the
static frame around HUD and board (with the row and column rulers when on).

Each LED shows as many digits as its rect holds (game.ui.play.layout: 3, or more for the
mine counter of a board of over 999 mines).
"""

from __future__ import annotations

import pygame

from game.ui.shared import draw
from game.ui.shared.canvas import Canvas, stale
from game.ui.play.layout import BEVEL, LED_H, LED_W, RULER_FONT, RULER_GAP, BoardLayout
from game.ui.shared.theme import palette
from game.ui.shared.widgets import bevel, text

MUTE_SIGN = 12  # side of the sound-off sign, logical pixels (it shrinks to fit a narrow gap)
MUTE_SIGN_MIN = 7  # smallest sign drawn, pixels: below it the gap has no room


def led_text(value: int, digits: int = 3) -> str:
    """``digits`` LED characters for ``value``, clamped to -(10**(digits-1) - 1)..10**digits - 1
    (the classic -99..999 for 3): 7 -> '007', -5 -> '-05'; with 4 digits 2000 -> '2000'.

    Raises ValueError for fewer than 2 digits."""
    if digits < 2:
        raise ValueError(f"digits: an LED needs at least 2, not {digits}")
    value = max(1 - 10 ** (digits - 1), min(10 ** digits - 1, value))
    if value < 0:
        return "-" + f"{-value:0{digits - 1}d}"
    return f"{value:0{digits}d}"


class Frame:
    """The static window background of a ``layout`` (:func:`draw_frame`), made once per scale."""

    def __init__(self, layout: BoardLayout) -> None:
        self.layout = layout
        self.surface: Canvas | None = None

    def draw(self, screen) -> None:
        """Blit the frame over the whole of ``screen`` (a Canvas), drawing it first at a new scale."""
        if stale(self.surface, screen):
            self.surface = draw_frame(self.layout, screen)
        screen.blit(self.surface, (0, 0))


def draw_frame(layout: BoardLayout, screen=None) -> Canvas:
    """The static window background: grey, a raised outer bevel, sunken HUD and board wells;
    a layer of ``screen`` (a Canvas: its scale), or at scale 1 without one."""
    surface = (screen if isinstance(screen, Canvas) else Canvas(pygame.Surface((1, 1)))).new(layout.size)
    surface.fill(palette.panel)
    bevel(surface, surface.get_rect(), BEVEL)
    bevel(surface, layout.hud, 2, raised=False)
    bevel(surface, layout.board.inflate(2 * BEVEL, 2 * BEVEL), BEVEL, raised=False)
    if layout.rulers:
        draw_rulers(surface, layout)
    return surface


def draw_rulers(surface: pygame.Surface, layout: BoardLayout) -> None:
    """Row numbers right-aligned left of the board, column numbers above it, 0-based as the
    hints and the console name cells; every ``row_step``-th row and ``col_step``-th column."""
    for row in range(0, layout.rows, layout.row_step):
        y = layout.cell_rect((row, 0)).centery
        text(surface, str(row), (layout.row_ruler.right - RULER_GAP + 1, y), RULER_FONT, palette.dim, "midright")
    for col in range(0, layout.cols, layout.col_step):
        x = layout.cell_rect((0, col)).centerx
        text(surface, str(col), (x, layout.col_ruler.bottom - 1), RULER_FONT, palette.dim, "midbottom")


def draw_led(screen, rect: pygame.Rect, value: int, assets) -> None:
    """LED digits filling ``rect`` (LED_W pixels each, plus a 1-pixel sunken edge each side),
    negative with a minus; ``assets.led_sprites(width, height)`` gives the digits at a
    device size (game.ui.shared.assets)."""
    draw.rect(screen, palette.shade, rect)
    draw.line(screen, palette.light, (rect.left + 1, rect.bottom - 1), (rect.right - 1, rect.bottom - 1))
    draw.line(screen, palette.light, (rect.right - 1, rect.top + 1), (rect.right - 1, rect.bottom - 1))
    for i, ch in enumerate(led_text(value, (rect.width - 2) // LED_W)):
        slot = (rect.left + 1 + i * LED_W, rect.top + 1, LED_W, LED_H)
        # each digit at its own slot's device size: at a scale that is not whole, slots
        # differ by a pixel, and a digit one pixel too wide would hide its neighbour's edge
        digits = assets.led_sprites(*device_size(screen, slot))
        screen.blit(digits["minus" if ch == "-" else ch], slot[:2])


def draw_hud(screen: pygame.Surface, layout: BoardLayout, assets, mines_left: int, seconds: int,
             face: str) -> None:
    """Counter (mines left), timer (whole seconds) and the ``face`` sprite key."""
    draw_led(screen, layout.counter, mines_left, assets)
    draw_led(screen, layout.timer, seconds, assets)
    screen.blit(assets.face_sprites(device_size(screen, layout.face)[0])[face], layout.face)


def mute_sign_rect(layout: BoardLayout) -> pygame.Rect | None:
    """Where the sound-off sign goes: a square centred between the face and the timer, or
    None when that gap has no room for one."""
    return hud_square(layout, layout.face.right, layout.timer.left, MUTE_SIGN, MUTE_SIGN_MIN)


def hud_square(layout: BoardLayout, left: int, right: int, most: int, least: int) -> pygame.Rect | None:
    """A square of at most ``most`` logical pixels centred in the HUD between x ``left`` and
    ``right`` (2 pixels clear of each, and of the HUD's bevel), level with the face; None when
    it would be smaller than ``least`` (the mute sign's place, the touch flag-mode button's)."""
    side = min(most, right - left - 4, layout.hud.height - 6)
    if side < least:
        return None
    rect = pygame.Rect(0, 0, side, side)
    rect.center = ((left + right) // 2, layout.face.centery)
    return rect


def draw_mute_sign(screen, layout: BoardLayout) -> None:
    """The sound-off sign (M mutes; saved as Options' Sound): a speaker, crossed out."""
    rect = mute_sign_rect(layout)
    if rect is None:
        return
    side, left, top, mid = rect.width, rect.left, rect.top, rect.centery
    box = pygame.Rect(left, mid - side // 6, max(2, side // 4), max(2, side // 3))
    draw.rect(screen, palette.text, box)
    draw.polygon(screen, palette.text, [(box.right, box.top), (left + side // 2, top),
                                        (left + side // 2, rect.bottom - 1), (box.right, box.bottom - 1)])
    cross = pygame.Rect(left + side // 2 + 1, mid - side // 4, side - side // 2 - 1, side // 2)
    draw.line(screen, palette.wrong, cross.topleft, (cross.right - 1, cross.bottom - 1), 2)
    draw.line(screen, palette.wrong, (cross.left, cross.bottom - 1), (cross.right - 1, cross.top), 2)


def device_size(screen, rect) -> tuple[int, int]:
    """Width and height on ``screen`` (a Canvas, or a plain surface at scale 1) of logical ``rect``."""
    size = screen.rect(rect).size if isinstance(screen, Canvas) else pygame.Rect(rect).size
    return size


def draw_board_screen(screen, frame: Frame, layout: BoardLayout, assets, view,
                      hud: tuple[int, int, str], pressed=(), cursor=None, offset=(0, 0)) -> None:
    """The playing screen as the player sees it, shared by the Playing scene and the replay
    viewer: the ``frame`` (:class:`Frame`), the HUD's ``hud`` values (mines left, whole seconds,
    face key), then the board ``view`` (game.ui.play.board_view.BoardView) with its ``pressed``
    cells and the keyboard ``cursor`` cell, moved by ``offset`` (x, y) logical pixels while
    it shakes."""
    frame.draw(screen)
    draw_hud(screen, layout, assets, *hud)
    view.draw(screen, pressed, cursor, offset)
