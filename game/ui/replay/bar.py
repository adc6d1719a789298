"""The replay viewer's bar under the board: a scrubber, the transport buttons (start, one move
back, play/pause, one move forward, end), the speed buttons and the time line.

Geometry (logical pixels) and drawing only; the viewer (game.ui.replay.viewer) owns what the
buttons do. Tab and Shift+Tab move a keyboard focus over the buttons (drawn as a ring), Enter
presses the focused one (game.ui.replay.viewer.dispatch). The bar fits the narrowest window (game.ui.play.layout.MIN_WIDTH): BAR_MIN_W pixels.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.ui.shared import draw
from game.ui.play.layout import BEVEL, MARGIN
from game.ui.shared.theme import palette
from game.ui.shared.widgets import Button, bevel, button_words, draw_focus_ring, fitting_size, text, text_width

BAR_H = 64  # height of the bar under the board window, pixels
TRACK_H = 12  # the scrubber's track, pixels
BUTTON_W, BUTTON_H, GAP = 20, 20, 2  # one transport button, pixels
LABEL_W = 30  # the speed between its - and + buttons, pixels
BAR_MIN_W = 5 * BUTTON_W + 4 * GAP + 6 + 2 * BUTTON_W + LABEL_W  # 184: the window's inner width at its narrowest
KNOB_W = 7  # the scrubber's knob, pixels
TEXT_SIZE = 14  # time line font, pixels
ICONS = ("start", "back", "play", "forward", "end", "slower", "faster", "race")
RACE_W, RACE_H = BUTTON_W, TRACK_H + 4  # "Race this replay": a button right of the scrubber, pixels


ICON_NAMES = {"start": N_("To the start"), "back": N_("One move back"), "play": N_("Play"), "pause": N_("Pause"),
              "forward": N_("One move forward"), "end": N_("To the end"), "slower": N_("Slower"), "faster": N_("Faster"),
              "race": N_("Race this replay")}  # each icon's name, said when the keyboard's focus comes to it


class IconButton(Button):
    """A push button showing a drawn icon (``icon``, one of ICONS or "pause") instead of a label;
    its name (ICON_NAMES, in the language in use) is what it says (:attr:`shown`)."""

    @property
    def shown(self) -> str:
        return _(ICON_NAMES.get(self.label, self.label))

    def draw(self, surface: pygame.Surface, focused: bool = False, pressed: bool = False) -> None:
        draw.rect(surface, palette.panel, self.rect)
        draw.rect(surface, palette.shade, self.rect, 1)
        bevel(surface, self.rect.inflate(-2, -2), 1, raised=not pressed)
        draw_icon(surface, self.label, self.rect.move(1, 1) if pressed else self.rect)
        if focused:
            draw_focus_ring(surface, self.rect.inflate(-2, -2))


def draw_icon(surface: pygame.Surface, icon: str, rect: pygame.Rect) -> None:
    """Draw ``icon`` centred in ``rect`` in black."""
    cx, cy = rect.center
    left = [(cx + 3, cy - 4), (cx + 3, cy + 4), (cx - 2, cy)]
    right = [(cx - 2, cy - 4), (cx - 2, cy + 4), (cx + 3, cy)]
    if icon in ("back", "start"):
        draw.polygon(surface, palette.text, [(x + (1 if icon == "start" else 0), y) for x, y in left])
    if icon in ("forward", "end"):
        draw.polygon(surface, palette.text, [(x - (1 if icon == "end" else 0), y) for x, y in right])
    if icon == "start":
        draw.rect(surface, palette.text, (cx - 4, cy - 4, 2, 9))
    if icon == "end":
        draw.rect(surface, palette.text, (cx + 3, cy - 4, 2, 9))
    if icon == "play":
        draw.polygon(surface, palette.text, [(cx - 3, cy - 5), (cx - 3, cy + 5), (cx + 4, cy)])
    if icon == "pause":
        draw.rect(surface, palette.text, (cx - 4, cy - 4, 3, 9))
        draw.rect(surface, palette.text, (cx + 1, cy - 4, 3, 9))
    if icon in ("slower", "faster"):
        draw.rect(surface, palette.text, (cx - 4, cy - 1, 9, 2))
    if icon == "faster":
        draw.rect(surface, palette.text, (cx - 1, cy - 4, 2, 9))
    if icon == "race":  # a chequered flag on its pole
        draw.rect(surface, palette.text, (cx - 5, cy - 5, 1, 11))
        draw.rect(surface, palette.text, (cx - 4, cy - 5, 9, 6), 1)
        for i in range(3):
            draw.rect(surface, palette.text, (cx - 4 + 3 * i, cy - 5 + (i % 2) * 3, 3, 3))


class ReplayBar:
    """The bar's geometry in a window of ``width`` pixels whose board part is ``top`` pixels
    high (the bar takes BAR_H below it).

    Attributes: ``rect`` (the pane), ``track`` (the scrubber), ``buttons`` (an IconButton per
    name of ICONS, in ``by_name``), ``speed_rect`` (the speed label) and ``line`` (the time line).
    With a ``race`` action ("Race this replay") its button stands right of the scrubber, which
    is that much shorter: it fits the narrowest bar.
    """

    def __init__(self, width: int, top: int, actions: dict) -> None:
        self.rect = pygame.Rect(0, top, width, BAR_H)
        inner = pygame.Rect(MARGIN, top + 6, width - 2 * MARGIN, BAR_H - 12)
        self.track = pygame.Rect(inner.left, inner.top, inner.width, TRACK_H)
        race = None
        if "race" in actions:
            self.track.width -= RACE_W + 2 * GAP
            race = IconButton(pygame.Rect(self.track.right + 2 * GAP, inner.top - 2, RACE_W, RACE_H), "race",
                              actions["race"])
        y = self.track.bottom + 5
        x = inner.left
        self.by_name: dict[str, IconButton] = {}
        for name in ICONS[:5]:
            self.by_name[name] = IconButton(pygame.Rect(x, y, BUTTON_W, BUTTON_H), name, actions[name])
            x += BUTTON_W + GAP
        x = inner.right - 2 * BUTTON_W - LABEL_W
        self.by_name["slower"] = IconButton(pygame.Rect(x, y, BUTTON_W, BUTTON_H), "slower", actions["slower"])
        self.speed_rect = pygame.Rect(x + BUTTON_W, y, LABEL_W, BUTTON_H)
        self.by_name["faster"] = IconButton(pygame.Rect(self.speed_rect.right, y, BUTTON_W, BUTTON_H), "faster",
                                            actions["faster"])
        if race is not None:
            self.by_name["race"] = race
        self.buttons = list(self.by_name.values())
        self.focus = -1  # the button the keyboard's focus is on (Tab), -1: none
        self.line = pygame.Rect(inner.left, y + BUTTON_H + 2, inner.width, inner.bottom - (y + BUTTON_H + 2))

    def move_focus(self, step: int) -> str:
        """Tab (``step`` 1) or Shift+Tab (-1): the focus to the next or previous button, round
        (from none: the first or the last); what the button comes to says (game.ui.shared.widgets.button_words)."""
        count = len(self.buttons)
        self.focus = (self.focus + step) % count if self.focus >= 0 else (0 if step > 0 else count - 1)
        return button_words(self.buttons[self.focus].shown, self.focus, count)

    def fraction_at(self, x: int) -> float:
        """Where logical x falls along the track, 0.0 (start) to 1.0 (end)."""
        usable = max(1, self.track.width - KNOB_W)
        return min(1.0, max(0.0, (x - self.track.left - KNOB_W / 2) / usable))

    def on_track(self, pos) -> bool:
        """True when ``pos`` hits the scrubber (a few pixels of slack around the track)."""
        return self.track.inflate(0, 6).collidepoint(pos)

    def draw(self, screen: pygame.Surface, fraction: float, playing: bool, speed: str, title: str,
             clock: str, pressed: IconButton | None = None) -> None:
        """Paint the bar: the track played up to ``fraction``, the buttons (play shows pause
        while ``playing``), the ``speed`` label, and the ``title`` and ``clock`` line."""
        screen.fill(palette.panel, self.rect)
        bevel(screen, self.rect, BEVEL)
        bevel(screen, self.track, 1, raised=False)
        inside = self.track.inflate(-2, -2)
        draw.rect(screen, palette.track, inside)
        knob_x = self.track.left + round(fraction * (self.track.width - KNOB_W))
        draw.rect(screen, palette.title, (inside.left, inside.top, max(0, knob_x - inside.left), inside.height))
        knob = pygame.Rect(knob_x, self.track.top - 2, KNOB_W, TRACK_H + 4)
        draw.rect(screen, palette.panel, knob)
        bevel(screen, knob, 1)
        self.by_name["play"].label = "pause" if playing else "play"
        for i, button in enumerate(self.buttons):
            button.draw(screen, focused=i == self.focus, pressed=button is pressed)
        draw.rect(screen, palette.field, self.speed_rect)
        draw.rect(screen, palette.shade, self.speed_rect, 1)
        text(screen, speed, self.speed_rect.center, fitting_size(speed, LABEL_W - 4, TEXT_SIZE, 9), anchor="center")
        clock_rect = text(screen, clock, (self.line.right, self.line.centery), TEXT_SIZE, anchor="midright")
        room = clock_rect.left - self.line.left - 6
        if room > 20:
            size = fitting_size(title, room, TEXT_SIZE, 9)
            shown = title
            while len(shown) > 1 and text_width(shown, size) > room:
                shown = shown[:-2] + "…"
            text(screen, shown, (self.line.left, self.line.centery), size, anchor="midleft")

