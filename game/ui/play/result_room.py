"""The height a result panel takes at a given width, so the playing window's strip
(game.ui.play.room) is reserved tall enough for its title, its figures and every button from the
game's first frame.

The panel measured is the tallest a standard ending shows (game.ui.play.result): a win
that is a new best time (its name block), with Review, the NF and keyboard marks, the
figures' line and the board code's line (LONG_CODE: a generated board's code; a loaded
board's, longer, is elided on the same single row); a loss with Undo and Review, Details and Why?, and a post-mortem line of the
longest kind. Each at the width of its widest figures (game.ui.play.result_figures.wide_line), in
the language that needs the most room: the window does not change with the language, and a
switch of language during a game still finds the room. Records messages (notes) and the long views (Details, the post-mortem)
are not counted: they are long by nature, and scroll.
"""

from __future__ import annotations

from game.i18n import LANGUAGES, N_, _, ngettext, speaking
from game.ui.shared.formats import percent, seconds
from game.ui.play.result_figures import COMPUTING, DETAILS, wide_line
from game.midend.boardcode import BoardCode, encode
from game.ui.play.result_panel import ResultPanel

WIN_BUTTONS = (N_("New game"), N_("Retry"), N_("Menu"), N_("Review"))
LOSS_BUTTONS = WIN_BUTTONS[:3] + (N_("Undo"), N_("Review"))
LONG_CODE = encode(BoardCode(16, 30, 99, "opening", True, seed=2 ** 40 - 1, start=(15, 29)))  # an Expert's, the longest seed


def long_loss_line() -> str:
    """A post-mortem line of the longest common kind, with wide numbers (game.commands.review_report's
    loss_line: "Forced guess: no cell was safe; you survived 88 guesses (luck 1 in 888)"), in
    the language in use: the rows a loss's line is given (a forced 50/50's may take more)."""
    luck = _(" (luck 1 in {odds})").format(odds=888)
    return ngettext("Forced guess: no cell was safe; you survived {count} guess{luck}",
                    "Forced guess: no cell was safe; you survived {count} guesses{luck}", 88).format(count=88, luck=luck)


def panel_height(width: int) -> int:
    """Pixels (logical) the tallest standard result panel takes when ``width`` pixels wide
    (see the module docstring), in the language that needs the most."""
    return max(_height(width, code) for code in LANGUAGES)


def _height(width: int, code: str) -> int:
    """:func:`panel_height` in language ``code`` (not cached: well under a millisecond, and
    the catalogue behind a code may change, as the tests' pseudo-language does)."""
    with speaking(code):
        return _tallest(width)


def _tallest(width: int) -> int:
    shapes = {COMPUTING: wide_line()}
    time = _("Time {seconds}").format(seconds=seconds(888.888, 3))
    win = ResultPanel(_("You win!"), [time, "3BV 888", _("Efficiency {percent}").format(percent=percent(100)),
                                      f"{_('NF')}  {_('keyboard')}", COMPUTING], [],
                      [_("New best time!"), _("#{rank} on {level}").format(rank=8, level=_("Intermediate"))],
                      width, DETAILS, labels=[_(label) for label in WIN_BUTTONS], shapes=shapes, tail=1,
                      code=LONG_CODE)
    loss = ResultPanel(_("Boom!"), [f"{_('Time {seconds}').format(seconds=seconds(888.8, 1))}  3BV 888/888",
                                    long_loss_line(), COMPUTING], [], [], width, DETAILS, why=_("Why?"),
                       labels=[_(label) for label in LOSS_BUTTONS], shapes=shapes, tail=1, code=LONG_CODE)
    return max(win.rect.height, loss.rect.height)
