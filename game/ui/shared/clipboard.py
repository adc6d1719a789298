"""The system clipboard, through pygame-ce's ``pygame.scrap`` text functions (SDL's clipboard:
``put_text`` and ``get_text``, no ``scrap.init`` needed since pygame-ce 2.2).

SDL's clipboard needs the video subsystem: with no display open (or a driver that has no
clipboard) these functions say so rather than raise, so a key that copies or pastes never
stops the game. Used by the "Play a code" dialog (game.ui.codes: Ctrl+V or Cmd+V pastes) and
the result panel (game.ui.play.result_base: C copies the board code).
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _

NO_DISPLAY = N_("the clipboard needs a window")  # why a copy or paste failed: no display is open


def copy(text: str) -> str | None:
    """Put ``text`` on the clipboard; None when it is there, else why not (a sentence in the
    language in use, for the player)."""
    if not pygame.display.get_init():
        return _(NO_DISPLAY)
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError) as err:  # (AttributeError: a pygame without put_text)
        return str(err) or _(NO_DISPLAY)
    return None


def paste() -> str:
    """The clipboard's text ("" when it has none, or cannot be read: no display, SDL's
    error)."""
    if not pygame.display.get_init():
        return ""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return ""
