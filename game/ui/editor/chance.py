"""The editor's "Win chance from here", worked out away from the frames.

A :class:`ChanceJob` runs game.commands.chance_apart on a daemon thread: the work in a child
process of its own (the thread only waits and reads its progress), or on the thread itself
where no child can be started. The editor shows the progress while it runs and the sentence
of game.commands.winchance_report.win_chance_text, which names the method, once it is in;
an edit cancels it (the chance was for the position before). No pygame here.
"""

from __future__ import annotations

import threading

from game.commands import chance_apart
from game.commands.winchance_report import win_chance_text
from game.i18n import N_, _, number, percent

GAMES = 500  # the most games an estimate simulates (--win-chance: 200; the window has its progress to show)
BUDGET = 20.0  # seconds the window's win chance may take
WORKING = N_("Win chance: working it out... {share} ({seconds} s)")


class ChanceJob:
    """The win chance of ``text`` (a position as ``.mine`` text) worked out on a daemon thread
    (module docstring); ``started``: the frame clock's time it began, seconds, for
    :meth:`progress_line`. After :meth:`poll` returned True: ``answer`` (a
    game.solver.winchance.WinChance) or ``error`` (why not, in words)."""

    def __init__(self, text: str, started: float, games: int = GAMES, budget: float = BUDGET) -> None:
        self.started = started
        self.share = 0.0
        self.answer = None
        self.error: str | None = None
        self.ready = False
        self.cancelled = False
        self._result: tuple | None = None
        self._finished = threading.Event()
        self._child = None
        threading.Thread(target=self._run, args=(text, games, budget), name="win chance", daemon=True).start()

    def _run(self, text: str, games: int, budget: float) -> None:
        try:
            try:
                answer = chance_apart.run_apart(text, games, budget, self._progress, self._started)
            except OSError:  # no child process here: on this thread after all
                answer = chance_apart.run(text, games, budget, self._progress)
            self._result = (answer, None)
        except chance_apart.ApartError as err:
            self._result = (None, str(err))
        except Exception as err:  # noqa: BLE001 - any failure is shown, never raised into the frame loop
            self._result = (None, f"{type(err).__name__}: {err}")
        self._finished.set()

    def _started(self, proc) -> None:
        self._child = proc
        if self.cancelled:  # cancelled while the child started
            proc.kill()

    def _progress(self, share: float) -> None:
        self.share = share

    def cancel(self) -> None:
        """Stop the work: its child is killed; the job then finishes with an error nobody reads."""
        self.cancelled = True
        child = self._child
        if child is not None and child.poll() is None:
            child.kill()

    def wait(self, seconds: float) -> bool:
        """Block up to ``seconds`` for the answer (tests); True when it is in."""
        return self._finished.wait(seconds)

    def poll(self) -> bool:
        """Take the answer if it arrived since the last call; True when it did (never blocks)."""
        if self.ready or not self._finished.is_set():
            return False
        self.answer, self.error = self._result
        self.ready = True
        return True

    def progress_line(self, now: float) -> str:
        """"Win chance: working it out... 35% (2.1 s)" at the frame clock's ``now``, seconds."""
        return _(WORKING).format(share=percent(self.share, 0), seconds=number(max(0.0, now - self.started), 1))

    def answer_line(self) -> str:
        """The answer in one sentence naming its method (or why there is none), in the language
        in use; "" before :meth:`poll` took it."""
        if not self.ready:
            return ""
        if self.answer is None:
            return _("Win chance: {reason}").format(reason=self.error)
        return win_chance_text(self.answer)
