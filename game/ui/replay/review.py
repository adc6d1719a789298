"""The review viewer: the replay viewer (game.ui.replay.viewer) with the solver's review of the
game alongside (game.solver.review, worded as ``--review`` words it: game.commands.review_report).

Under the board, a strip marks each move's verdict at the move's time on the scrubber's
scale (game.ui.replay.review_view: green certain, amber guess, red needless guess or mistake, flags
unmarked); beside or under the window, a panel (game.ui.play.room, as the result panel: never
over the board) shows the current move (the last one applied) with its verdict, mine
probability and explanation, and the game's counts and luck. On the board the current
move's cell is ringed in its verdict's colour, and for a needless guess the safe cell its
explanation proves is ringed green.

Keys: the viewer's (Space, - and +, Left/Right, Home/End, Esc), and [ or PageUp / ] or
PageDown: the previous / next guess, needless guess or mistake (pauses, the move applied).

The review is worked out away from the frames (game.ui.replay.review_job: on its own thread, a long
game's in a child process) from the same game the viewer plays
(game.commands.review_apart.timeline_request, as game.commands.review_report.review_timeline: a recorded game's
log of the moves that stand, as ``--review`` reviews it, or a file's timeline), so each mark
is a move the scrubber and Left/Right reach (the move numbered n is the timeline's n-th), at
the time they reach it, and the panel's "Move 213 of 236" is the move ``--review`` numbers
213. Meanwhile the replay plays and the panel says "Reviewing... N of M moves" (a 36x60 game
takes seconds: docs/review.md); the marks appear when it is done. The panel's lines are
measured as the moves come in, a slice a frame, so the frame the review arrives in lays it
out at once.
"""

from __future__ import annotations

from bisect import bisect_left

import pygame

from game.replay.events import Replay
from game.commands.review_apart import timeline_request
from game.ui.replay import review_view as rv
from game.ui.replay.review_job import POLL, ReviewJob
from game.ui.play.room import make_room
from game.ui.scene import Scene
from game.ui.replay.viewer import ReplayViewer

MEASURE_SLICE = 0.004  # seconds a frame measures the panel's lines of the moves reviewed so far
MEASURE_POLL = 0.02  # seconds between such frames while moves wait to be measured
PREVIOUS_KEYS = (pygame.K_LEFTBRACKET, pygame.K_PAGEUP)
NEXT_KEYS = (pygame.K_RIGHTBRACKET, pygame.K_PAGEDOWN)


class ReviewViewer(ReplayViewer):
    """Play ``replay`` back with its review; Esc returns to ``back`` (the menu when None).

    Moves the review cannot place are said in the panel instead of the review.
    """

    strip_h = rv.MARKS_H
    has_counters = False  # its strip holds the review's panel, which shows the game's counts

    def __init__(self, services, replay: Replay, back: Scene | None = None, title: str | None = None,
                 timeline=None) -> None:
        """``timeline``: ``replay``'s Timeline when built already (a recorded game's log of the
        moves that stand: game.replay.sources.log_timeline)."""
        super().__init__(services, replay, back, title, timeline)
        self.review = None
        self.by_index, self.jumps, self.marks = {}, [], []
        tl = self.timeline
        self.job = ReviewJob(lambda: timeline_request(tl), tl.moves)
        self.shown_done = 0  # the progress last drawn
        self.measuring = False  # moves reviewed wait to be measured
        self.heights = rv.PanelHeights(tl.moves)  # the panel's lines, measured as the moves come in
        self.strip = pygame.Rect(0, self.layout.size[1], self.layout.size[0], self.strip_h)
        self.room = self.make_room()
        self.keys.update({**{key: lambda: self.key_jump(-1) for key in PREVIOUS_KEYS},
                          **{key: lambda: self.key_jump(1) for key in NEXT_KEYS}})

    def make_room(self):
        """The panel's place beside or under the replay, for the review (or the line saying
        how far it has got)."""
        if self.review is None:
            def working(where: str, width: int) -> int:
                self.heights.expect(width)  # (the widths the review's panel may have)
                return rv.working_height(width)

            return make_room(self.services.display, self.board_size(), working)
        return make_room(self.services.display, self.board_size(),
                         lambda where, width: self.heights.height(self.review, width))

    def wait(self, seconds: float) -> bool:
        """Block up to ``seconds`` for the review (tests); :meth:`update` still takes it."""
        return self.job.wait(seconds)

    def take_review(self) -> None:
        """The review came in: its marks, its jumps, and the panel laid out for it."""
        self.review = review = self.job.answer
        if review is None:
            return
        tl = self.timeline
        self.by_index = {m.number - 1: m for m in review.moves}  # (the timeline's moves: those that changed the board)
        self.jumps = [m.number - 1 for m in review.moves if m.verdict in rv.JUMP_VERDICTS]
        self.marks = rv.marks(review, self.bar.track, tl.start_ms, tl.end_ms)
        self.room = self.make_room()

    def update(self) -> Scene | None:
        if self.job.poll():
            self.take_review()
            self.invalidate()
        elif not self.job.ready:
            self.measuring = self.heights.advance(self.job.moves, MEASURE_SLICE)
            if self.job.done != self.shown_done:
                self.shown_done = self.job.done
                self.dirty = True
        return super().update()

    def next_change(self) -> float:
        if self.job.ready:
            return super().next_change()
        return min(MEASURE_POLL if self.measuring else POLL, super().next_change())

    def size(self) -> tuple[int, int]:
        return self.room.size

    def handle(self, event: pygame.event.Event) -> Scene | None:
        if event.type == pygame.KEYDOWN and event.key not in self.keys and getattr(event, "unicode", "") in ("[", "]"):
            return self.key_jump(-1 if event.unicode == "[" else 1) or self
        return super().handle(event)

    @property
    def current(self):
        """The MoveReview of the last move applied, or None (before the first move, or a move
        the review skipped)."""
        return self.by_index.get(self.head.moves - 1)

    def key_jump(self, delta: int) -> None:
        """[ / ]: to the previous / next guess or mistake (pauses); nothing past the ends."""
        now = self.head.moves - 1  # the current move's index
        if delta > 0:
            at = bisect_left(self.jumps, now + 1)
            target = self.jumps[at] if at < len(self.jumps) else None
        else:
            at = bisect_left(self.jumps, now) - 1
            target = self.jumps[at] if at >= 0 else None
        if target is None:
            return
        self.playing = False
        self.show(self.head.step(target + 1 - self.head.moves))

    def draw(self, screen: pygame.Surface) -> None:
        super().draw(screen)
        self.room.draw(screen)
        rv.draw_marks(screen, self.strip, self.bar.track, self.marks)
        if self.review is None:
            rv.draw_working(screen, self.room.panel, self.job.error or self.job.progress_line())
            return
        move = self.current
        rv.draw_panel(screen, self.room.panel, self.review, move, self.timeline.moves)
        if move is not None and move.verdict in rv.VERDICT_FIELDS:
            rv.ring(screen, self.layout.cell_rect(move.cell), rv.verdict_colour(move.verdict))
            rv.ring_reasons(screen, self.layout, move)
