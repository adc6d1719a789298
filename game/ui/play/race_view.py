"""Racing a ghost in the Playing scene (game.replay.race): the ghost's pointer over the board
and the race's panel in the panels' strip.

The ghost's pointer is an arrow's outline in the theme's trail colour, translucent
(:data:`GHOST_ALPHA`), drawn at the replay's recorded position at the player's game time
(game.replay.race.Ghost.pointer_at): only its outline, so a cell's content shows through and
beside it; nothing before the player's first reveal (the start cell's mark is the scene's).

The race's panel (:class:`RacePanel`) stands at the top of the strip (a strip under the board:
at its left), never over the board: the ghost's name, two bars of 3BV solved over the board's
3BV (the player's, the ghost's at the same game time) and the gap at equal 3BV
(game.replay.race.gap_text: "+1.234 s" behind, "-0.500 s" ahead), shown whether or not the
F3 counters are on (they show the gap too, as their line ``race_gap``). A race never opens
in the compact window (no strip): game.ui.play.playing.Playing.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.replay.events import CELL_PX
from game.replay.race import gap_text
from game.ui.shared import draw
from game.ui.shared.canvas import Canvas, layer
from game.ui.shared.theme import palette
from game.ui.shared.widgets import bevel, clipped, text, text_width

GHOST_ALPHA = 170  # the ghost pointer's opacity, 0..255
# the arrow's outline, pixels from its tip (the replay viewer's pointer's shape, a little larger)
GHOST_ARROW = ((0, 0), (0, 15), (4, 11), (7, 17), (10, 16), (7, 10), (12, 10))
SIZE, LINE = 12, 15  # the panel's font and line height, pixels
PAD = 4  # inside the panel's sunken edge, pixels
BAR_H = 7  # a progress bar's height, pixels
BLOCK_W = 184  # the panel's width in a strip under the board (game.ui.play.side_panel.BLOCK_W), pixels
WIDE = 2 * BLOCK_W + 4  # a strip at least this wide puts the panel left of the side panel (side_panel.WIDE)
GAP = 4  # between the panel and the side panel's blocks, pixels

RACE_TITLE = N_("Race against {name}")
YOU = N_("You")
GAP_LABEL = N_("Gap")  # the gap at equal 3BV; the live counters' line race_gap too


class RacePanel:
    """The race's panel (see the module docstring).

    Attributes:
        rect: where it was drawn last (logical pixels), or None.
        shown: what it showed last: {"you": (solved, 3BV), "ghost": (solved, 3BV), "gap": text}
            (tests read it).
    """

    def __init__(self, race) -> None:
        self.race = race
        self.rect: pygame.Rect | None = None
        self.shown: dict = {}

    @staticmethod
    def height() -> int:
        """The panel's height, pixels: a title, two bars and the gap."""
        return 4 * LINE + 2 * PAD + 2

    def split(self, area: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        """(the panel's rect, what is left of ``area`` for the side panel): at the top of a
        narrow strip, at the left of a wide one."""
        height = min(self.height(), area.height)
        if area.width >= WIDE:
            rect = pygame.Rect(area.left, area.top, BLOCK_W, height)
            return rect, pygame.Rect(rect.right + GAP, area.top, area.right - rect.right - GAP, area.height)
        rect = pygame.Rect(area.left, area.top, area.width, height)
        return rect, pygame.Rect(area.left, rect.bottom + GAP, area.width, max(0, area.bottom - rect.bottom - GAP))

    def draw(self, screen, rect: pygame.Rect, time_ms: int) -> None:
        """Draw the panel in ``rect`` at the player's game time ``time_ms``."""
        race = self.race
        ghost = race.ghost
        bbbv = max(1, ghost.progress.bbbv)
        you = race.progress.solved[-1] if race.progress.solved else 0
        theirs = ghost.solved_at(time_ms)
        gap = gap_text(race.gap())
        self.rect, self.shown = rect, {"you": (you, bbbv), "ghost": (theirs, bbbv), "gap": gap}
        draw.rect(screen, palette.panel, rect)
        bevel(screen, rect, 1, raised=False)
        inner = rect.inflate(-2 * PAD - 2, -2 * PAD - 2)
        with draw.clipped(screen, rect.inflate(-2, -2)):
            name = ghost.shown_name()
            text(screen, clipped(_(RACE_TITLE).format(name=name), inner.width, SIZE, True), inner.topleft, SIZE,
                 palette.text, bold=True)
            labels = (_(YOU), clipped(name, inner.width // 3, SIZE))
            label_w = min(inner.width // 3, max(text_width(label, SIZE) for label in labels)) + 6
            count_w = text_width(f"{bbbv} / {bbbv}", SIZE, True) + 6
            for row, (label, solved, colour) in enumerate(((labels[0], you, palette.reads),
                                                           (labels[1], theirs, palette.trail)), start=1):
                y = inner.top + row * LINE
                text(screen, label, (inner.left, y), SIZE, palette.dim)
                track = pygame.Rect(inner.left + label_w, y + (LINE - BAR_H) // 2 - 1,
                                    max(8, inner.width - label_w - count_w), BAR_H)
                draw.rect(screen, palette.track, track)
                filled = track.copy()
                filled.width = round(track.width * min(1.0, solved / bbbv))
                if filled.width:
                    draw.rect(screen, colour, filled)
                draw.rect(screen, palette.shade, track, 1)
                text(screen, f"{solved} / {bbbv}", (inner.right, y), SIZE, palette.text, "topright", True)
            y = inner.top + 3 * LINE
            text(screen, _(GAP_LABEL), (inner.left, y), SIZE, palette.dim)
            text(screen, gap, (inner.right, y), SIZE, palette.text, "topright", True)


def ghost_point(layout, ghost, time_ms: float) -> tuple[float, float] | None:
    """Where the ghost's pointer is drawn at game time ``time_ms``: its recorded position
    (game.replay.race.Ghost.pointer_at, at CELL_PX a cell) at ``layout``'s cell size as a
    logical window position; None when it shows nowhere."""
    point = ghost.pointer_at(time_ms)
    if point is None:
        return None
    scale = layout.cell / CELL_PX
    return layout.window_pixels((point[0] * scale, point[1] * scale))


def draw_ghost(screen, at: tuple[float, float]) -> pygame.Rect:
    """The ghost's pointer with its tip at ``at`` (logical pixels): a translucent outline
    arrow; returns the rect it covers."""
    width = max(x for x, _y in GHOST_ARROW) + 3
    height = max(y for _x, y in GHOST_ARROW) + 3
    canvas = layer(screen, (width, height), alpha=True, at=(at[0] - 1, at[1] - 1))
    colour = (*palette.trail, GHOST_ALPHA)
    points = [(x + 1, y + 1) for x, y in GHOST_ARROW]
    draw.polygon(canvas, colour, points, 2)
    corner = (at[0] - 1, at[1] - 1)
    if isinstance(screen, Canvas):
        screen.blit(canvas, corner)
    else:
        screen.blit(canvas.surface, (round(corner[0]), round(corner[1])))
    return pygame.Rect(round(corner[0]), round(corner[1]), width, height)


__all__ = ["GAP_LABEL", "RacePanel", "draw_ghost", "ghost_point"]
