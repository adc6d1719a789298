"""A steady layout in a real window under Xvfb (issue 27, point 1): on a 1600x1000 screen a
Beginner game keeps its window's place and size, and its cells their size and place, from
the first click through a hint, a loss, the post-mortem (V), Details (D), a retry and its
win, a new game and its win with a best time's name entry. The panels go in the strip the
playing window keeps for them from the start.

The board is the run's first deal (XSession.start_game's ``deal``), known to a twin Match
of the test's own, so the test knows where the mines are.

Skipped (with the reason) only where Xvfb, xdotool or ImageMagick's import are missing.
"""

import random

import pytest

from game.rules.board import Config
from game.midend.match import Match
from game.rules.moves import Move
from game.ui.play.layout import BoardLayout
from tests.xsession import PATIENCE, XSession, missing
from tests.window_helpers import crop, differs, played_layout, playing_window, settled, wait_for, window_room, window_size

pytestmark = pytest.mark.skipif(bool(missing()), reason=f"needs {', '.join(missing())} for a real window")

SCREEN = (1600, 1000)  # the screen of the report
DEAL = 11  # the run's boards come from Random(DEAL)
FIRST = (4, 4)  # the first click


class Steady:
    """Watches the window in ``x``: its geometry, and the frame right of the board (the board's
    bevel and the margin, whose place on screen moves with any change of scale or layout; the
    frame left of it and above it writes the rows and columns a hint or the post-mortem names)."""

    def __init__(self, x: XSession, layout: BoardLayout, geometry) -> None:
        self.x, self.layout, self.geometry = x, layout, geometry
        self.scale = geometry[2] / window_size(layout, SCREEN)[0]
        board = layout.board
        self.frame = (int(board.right * self.scale), int(board.top * self.scale),
                      int((layout.size[0] - board.right) * self.scale), int(board.height * self.scale))
        self.shot = settled(x, geometry)  # the first frame drawn
        self.frame_shot = self.shot

    def cell_point(self, cell) -> tuple[int, int]:
        cx, cy = self.layout.cell_rect(cell).center
        return int(cx * self.scale), int(cy * self.scale)

    def click(self, cell, button: int = 1) -> None:
        self.x.click(*self.cell_point(cell), button=button)

    def after(self, what: str, act, region=None, least: int = 20) -> None:
        """Do ``act()``, wait until the window (or ``region``, window pixels) shows it, then
        check that the window and the board's frame have not moved or changed size."""
        before = self.shot
        region = region or (0, 0, self.geometry[2], self.geometry[3])
        act()

        def shown():
            shot = crop(self.x.screenshot(), self.geometry)
            return shot if differs(before, shot, region, step=4) >= least else None
        self.shot = wait_for(shown, PATIENCE, f"{what} never showed")
        assert self.x.game.poll() is None, f"the game died at {what}"
        assert self.x.geometry() == self.geometry, f"the window moved or changed size at {what}"
        assert differs(self.frame_shot, self.shot, self.frame, step=1) == 0, f"the board moved at {what}"


def test_window_and_cells_keep_their_size_and_place_through_the_end_screens(tmp_path):
    deals = random.Random(DEAL)  # the window's boards, in turn (game.session.Session.new_match)
    first = Match(Config.difficulty("beginner"), rng=deals)
    first.reveal(FIRST)
    mines = sorted(first.game.layout())
    fresh = Match(Config.difficulty("beginner"), rng=deals)  # the board after New game
    layout = played_layout(9, 9, 10)
    room = window_room(layout, SCREEN)
    with XSession(size=SCREEN) as x:
        x.start_game("--difficulty", "beginner", "--theme", "classic", "--data-dir", str(tmp_path / "data"),
                     deal=DEAL)
        start = playing_window(x, layout, screen=SCREEN)  # held: not a read between the resize and the move
        scale = start[2] / room.size[0]
        assert scale == int(scale) and start[3] == room.size[1] * scale, "the window is not the board and its strip"
        watch = Steady(x, layout, start)
        strip = [int(v * scale) for v in room.strip]
        board = [int(v * scale) for v in layout.board]
        watch.after("the first click", lambda: watch.click(FIRST), board)
        watch.after("a hint", lambda: x.key("h"))
        watch.after("closing the hint", lambda: x.key("Escape"))
        safe = [cell for cell in first.game.cells() if cell not in mines and not first.game.is_revealed(cell)]

        def lose():  # a few safe cells first: the figures Details shows are those of a game of clicks
            for cell in safe[:3]:
                watch.click(cell)
            watch.click(mines[0])
        watch.after("the loss panel", lose, strip)
        watch.after("the post-mortem", lambda: x.key("v"), strip)
        watch.after("Details", lambda: x.key("d"), strip)
        watch.after("the retry", lambda: x.key("r"), board)
        watch.after("the first click again", lambda: watch.click(FIRST), board)
        watch.after("the retry's win", lambda: play_to_win(watch, first), strip)
        watch.after("a new game", lambda: x.key("n"), board)
        fresh.reveal(FIRST)
        watch.after("its first click", lambda: watch.click(FIRST), board)
        watch.after("a best time's win and its name entry", lambda: play_to_win(watch, fresh), strip)
        watch.after("a name typed", lambda: x.xdotool("type", "--delay", "20", "Ann"), strip, least=5)
        watch.after("the name entered", lambda: x.key("Return"), strip, least=1)


def play_to_win(watch: Steady, match: Match) -> None:
    """Click every safe cell still covered in ``match`` (the window's board, its first click
    made), in order, skipping those an opening revealed."""
    for cell in match.game.cells():
        if cell not in match.game.layout() and not match.game.is_revealed(cell):
            match.apply(Move.reveal(cell))
            watch.click(cell)
