"""The height a result panel takes at a given width, so the playing window's strip
(game.ui.room) is reserved tall enough for its title, its figures and every button from the
game's first frame.

The panel measured is the tallest a standard ending shows (game.ui.scenes.result): a win
that is a new best time (its name block), with Review, the NF and keyboard marks and the
figures' line; a loss with Undo and Review, Details and Why?, and a post-mortem line of the
longest kind. Each at the width of its widest figures (game.ui.result_figures.wide_line), in
the language in use. Records messages (notes) and the long views (Details, the post-mortem)
are not counted: they are long by nature, and scroll.
"""

from __future__ import annotations

from functools import lru_cache

from game.i18n import N_, _, language
from game.ui.formats import percent, seconds
from game.ui.result_figures import COMPUTING, DETAILS, wide_line
from game.ui.result_panel import ResultPanel

WIN_BUTTONS = (N_("New game"), N_("Retry"), N_("Menu"), N_("Review"))
LOSS_BUTTONS = WIN_BUTTONS[:3] + (N_("Undo"), N_("Review"))
LONG_LOSS = N_("Forced guess: no cell was safe; it was your first guess")  # a post-mortem line of the longest kind


def panel_height(width: int) -> int:
    """Pixels (logical) the tallest standard result panel takes when ``width`` pixels wide
    (see the module docstring), in the language in use."""
    return _height(width, language())


@lru_cache(maxsize=256)
def _height(width: int, lang: str) -> int:
    shapes = {COMPUTING: wide_line()}
    time = _("Time {seconds}").format(seconds=seconds(888.888, 3))
    win = ResultPanel(_("You win!"), [time, "3BV 888", _("Efficiency {percent}").format(percent=percent(100)),
                                      f"{_('NF')}  {_('keyboard')}", COMPUTING], [],
                      [_("New best time!"), _("#{rank} on {level}").format(rank=8, level=_("Intermediate"))],
                      width, DETAILS, labels=[_(label) for label in WIN_BUTTONS], shapes=shapes)
    loss = ResultPanel(_("Boom!"), [f"{_('Time {seconds}').format(seconds=seconds(888.8, 1))}  3BV 888/888",
                                    _(LONG_LOSS), COMPUTING], [], [], width, DETAILS, why=_("Why?"),
                       labels=[_(label) for label in LOSS_BUTTONS], shapes=shapes)
    return max(win.rect.height, loss.rect.height)
