"""The competitive statistics on the result panel: a compact line ("3BV/s 2.31  IOS 0.84
RQP 33.1  IOE 0.72"), the full list behind a Details toggle, and that line with "..." for
each figure while the
background worker (game.records.compstats.FiguresWorker) has not stored them yet.

The figures are read from the game's row in the records, so the panel shows what is
stored; a game that was not stored, or has none, shows no line. The lines are game.figures'
compact_line and detail_lines, worded from the record's fields in the language in use, with
the numbers as game.ui.shared.formats writes them.
"""

from __future__ import annotations

from game import figures
from game.figures import has_figures
from game.i18n import N_
from game.ui.shared.formats import decimal
from game.ui.play.result_panel import LINE_SIZE, groups
from game.ui.shared.widgets import text_width

COMPUTING = figures.computing_line()  # the compact line while its values are computed
# The most whole digits a headline figure's value is given room for on the result panel before
# it is known (game.figures.headline's names; others: WIDE_DIGITS): RQP is seconds over a rate.
WIDE = {"rqp": 3}
WIDE_DIGITS = 2
LESS, DETAILS = N_("Less"), N_("Details")  # the toggle's labels


def compact_line(record) -> str:
    """``3BV/s 2.31  IOS 0.84  RQP 33.1  IOE 0.72`` (``-`` for a ratio that is undefined;
    the abbreviations are the competitive sites', the same in every language)."""
    return figures.compact_line(record, decimal)


def detail_lines(record) -> list[str]:
    """Every figure, two short ones to a line (game.figures.detail_lines), with the
    numbers in the language's own format (parts of a line set apart by two spaces, so the
    panel breaks a line between them: game.ui.play.result_panel.wrap_groups)."""
    return figures.detail_lines(record, decimal)


def wide_line() -> str:
    """The compact line with every value as wide as it is given room for ("3BV/s 88.88  IOS
    88.88  RQP 888.8  IOE 88.88", in the language's own format): the shape the result panel
    lays the line out by before and after the values come (game.ui.play.result_panel's shapes)."""
    def wide(f) -> str:
        return decimal(10 ** WIDE.get(f.name, WIDE_DIGITS) - 1 + 0.8888, f.headline).replace("9", "8")
    return "  ".join(f"{f.label} {wide(f)}" for f in figures.headline())


def shaped(line: str, shape: str) -> str:
    """``shape`` with each part (set apart by two spaces) no narrower than ``line``'s part at
    the same place: a value wider than its room (RQP 1234.5) widens its part."""
    mine, theirs = groups(line), groups(shape)
    if len(mine) != len(theirs):
        return shape
    return "  ".join(max(a, b, key=lambda part: text_width(part, LINE_SIZE)) for a, b in zip(mine, theirs))


class FiguresView:
    """The figures of the game recorded last in ``records`` (game.records.Records or None).

    ``details``: the full list is shown. :meth:`refresh` reads the row again once the worker
    stored something; it says whether the lines changed.
    """

    def __init__(self, records) -> None:
        self.records = records
        last = records.last_record if records is not None else None
        self.record_id = last.id if last is not None else None
        self.details = False
        self.version = -1
        self.record = None
        self.refresh()

    @property
    def waiting(self) -> bool:
        """True while the worker is computing this game's figures."""
        return self.record_id is not None and self.records.figures_worker.pending(self.record_id)

    @property
    def stale(self) -> bool:
        """True when the worker stored something since the last :meth:`refresh`."""
        return self.record_id is not None and self.records.figures_worker.version != self.version

    def refresh(self) -> bool:
        """Read the row again if the worker stored something since; True when it did."""
        if not self.stale:
            return False
        self.version = self.records.figures_worker.version
        self.record = self.records.store.game(self.record_id)
        return True

    @property
    def shown(self) -> bool:
        """True when the panel has a figures line (computed or being computed)."""
        return has_figures(self.record) or self.waiting

    def lines(self) -> list[str]:
        """The lines for the panel: none, "computing", the compact line, or every figure."""
        if has_figures(self.record):
            return detail_lines(self.record) if self.details else [compact_line(self.record)]
        return [COMPUTING] if self.waiting else []

    def shapes(self) -> dict[str, str]:
        """{line: the text the panel measures it by} for the compact line (computed or being
        computed), so the panel is laid out alike before and after the values come; empty
        with Details (a list long by nature) or no figures."""
        if self.details or not self.shown:
            return {}
        shape = wide_line()
        return {line: shaped(line, shape) for line in self.lines()}

    def toggle_label(self) -> str | None:
        """The toggle button's label, or None when there is nothing to toggle."""
        if not self.shown:
            return None
        return LESS if self.details else DETAILS  # a message: the button translates it
