"""The editor's "Win chance from here", worked out away from the frames.

A :class:`ChanceJob` runs game.commands.chance_apart on a daemon thread: the work in a child
process of its own (the thread only waits and reads its progress), or on the thread itself
where no child can be started. The editor shows the progress while it runs and the sentence
of game.commands.winchance_report.win_chance_text, which names the method, once it is in;
an edit cancels it (the chance was for the position before). No pygame here.
"""

from __future__ import annotations

from game.commands import chance_apart
from game.commands.winchance_report import win_chance_text
from game.i18n import N_, _, number, percent
from game.ui.shared.apart_job import ApartJob

GAMES = 500  # the most games an estimate simulates (--win-chance: 200; the window has its progress to show)
BUDGET = 20.0  # seconds the window's win chance may take
WORKING = N_("Win chance: working it out... {share} ({seconds} s)")


class ChanceJob(ApartJob):
    """The win chance of ``text`` (a position as ``.mine`` text) worked out on a daemon thread
    (module docstring; game.ui.shared.apart_job); ``started_at``: the frame clock's time it
    began, seconds, for :meth:`progress_line`. After :meth:`poll` returned True: ``answer`` (a
    game.solver.winchance.WinChance) or ``error`` (why not, in words)."""

    def __init__(self, text: str, started_at: float, games: int = GAMES, budget: float = BUDGET) -> None:
        super().__init__("win chance")
        self.started_at = started_at
        self.share = 0.0
        self.start(self._chance, text, games, budget)

    def _chance(self, text: str, games: int, budget: float):
        try:
            return chance_apart.run_apart(text, games, budget, self._progress, self.started)
        except OSError:  # no child process here: on this thread after all
            return chance_apart.run(text, games, budget, self._progress)

    def _progress(self, share: float) -> None:
        self.share = share

    def progress_line(self, now: float) -> str:
        """"Win chance: working it out... 35% (2.1 s)" at the frame clock's ``now``, seconds."""
        return _(WORKING).format(share=percent(self.share, 0), seconds=number(max(0.0, now - self.started_at), 1))

    def answer_line(self) -> str:
        """The answer in one sentence naming its method (or why there is none), in the language
        in use; "" before :meth:`poll` took it."""
        if not self.ready:
            return ""
        if self.answer is None:
            return _("Win chance: {reason}").format(reason=self.error)
        return win_chance_text(self.answer)
