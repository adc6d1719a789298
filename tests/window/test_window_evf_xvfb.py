"""A real window under Xvfb, played with the mouse at off-centre points (issue 25): a left
click that opens, a right-click flag, a both-button chord, a left click on a number that
cannot chord, motion between them and the winning click. The game saved with
``--save-replay`` is read by ms-toollib: every press at its real point, motion present, the
game completed, and the left, right and double click counts equal to ours.

Skipped (with the reason) only where Xvfb, xdotool or ImageMagick's import are missing.
"""

import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules.board import Config
from game.midend.match import Match
from game.rules.moves import Move
from game.records.db import RecordStore
from game.ui.play.layout import BoardLayout
from tests.xsession import PATIENCE, XSession, missing
from tests.files.test_replay_files import evf_facts
from tests.window_helpers import played_layout, playing_window, settled, wait_for, window_scale

pytestmark = pytest.mark.skipif(bool(missing()), reason=f"needs {', '.join(missing())} for a real window")

ROOT = Path(__file__).resolve().parents[2]
DEAL = 11  # the run's boards come from Random(DEAL) (XSession.start_game's deal)
AT = (0.27, 0.71)  # where in a cell the pointer presses: off its centre


class Player:
    """Plays the window in ``x`` with real xdotool input and keeps what it did: each press's
    point in board pixels at the formats' 16 px a cell, and the same moves on a Match of its
    own (the same board: the run's first deal), to know the cells."""

    def __init__(self, x: XSession, layout: BoardLayout, scale: float) -> None:
        self.x, self.layout, self.scale = x, layout, scale
        self.match = Match(Config.difficulty("beginner"), rng=random.Random(DEAL))
        self.presses: list[tuple[str, float, float]] = []  # (action, x, y) at 16 px a cell
        self.glides = 0  # pointer moves made, each of three motion steps

    def point(self, cell) -> tuple[int, int]:
        """The window pixel of ``cell`` at AT within it."""
        rect = self.layout.cell_rect(cell)
        return (int((rect.x + AT[0] * rect.w) * self.scale), int((rect.y + AT[1] * rect.h) * self.scale))

    def glide(self, cell) -> tuple[int, int]:
        """Move the pointer to ``cell`` in three steps (motion events), and return the point."""
        target = self.point(cell)
        self.glides += 1
        here = self.x.xdotool("getmouselocation", "--shell")
        values = dict(line.split("=", 1) for line in here.split())
        wx, wy = self.x.geometry()[:2]
        start = (int(values["X"]) - wx, int(values["Y"]) - wy)
        for step in (1, 2, 3):
            px = start[0] + (target[0] - start[0]) * step // 3
            py = start[1] + (target[1] - start[1]) * step // 3
            self.x.xdotool("mousemove", "--window", self.x.window, str(px), str(py))
        return target

    def pressed(self, action: str, point) -> None:
        board = self.layout.board
        bx = point[0] / self.scale - board.x
        by = point[1] / self.scale - board.y
        self.presses.append((action, bx * 16 / self.layout.cell, by * 16 / self.layout.cell))

    def left(self, cell, move: Move | None = None) -> None:
        point = self.glide(cell)
        self.pressed("lc", point)
        self.x.xdotool("click", "1")
        self.match.apply(move or Move.reveal(cell))

    def right(self, cell) -> None:
        point = self.glide(cell)
        self.pressed("rc", point)
        self.x.xdotool("click", "3")
        self.match.apply(Move.flag(cell))

    def both(self, cell) -> None:
        """A chord with both buttons: right down, left down, left up, right up (Arbiter's way)."""
        point = self.glide(cell)
        self.pressed("rc", point)
        self.pressed("lc", point)
        for action in (("mousedown", "3"), ("mousedown", "1"), ("mouseup", "1"), ("mouseup", "3")):
            self.x.xdotool(*action)
        self.match.apply(Move.chord(cell))


def test_a_mouse_game_in_a_real_window_is_saved_as_the_player_played_it(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    with XSession() as x:
        x.start_game("--difficulty", "beginner", "--data-dir", str(data), deal=DEAL)
        layout = played_layout(9, 9, 10)
        geometry = playing_window(x, layout)
        scale = window_scale(geometry, layout)
        settled(x, geometry)  # the first frame drawn before the first input
        p = Player(x, layout, scale)
        game = p.match.game
        p.left((4, 4))  # the opening
        mines = p.match.layout()
        # a number with a covered mine and a covered safe cell around: flag the mines, chord
        number = next(c for c in game.cells() if game.number(c) and any(
            game.appearance(n) == "covered" and n not in mines for n in game.neighbours(c)))
        for n in game.neighbours(number):
            if n in mines and game.appearance(n) == "covered":
                p.right(n)
        p.both(number)
        # a left click on a number that cannot chord (a covered mine around it not flagged)
        unsatisfied = next(c for c in game.cells() if game.number(c) and any(
            n in mines and game.appearance(n) == "covered" for n in game.neighbours(c)))
        p.left(unsatisfied, Move.chord(unsatisfied))  # the option's chord: changes nothing
        for cell in game.cells():
            if game.over:
                break
            if cell not in mines and game.appearance(cell) == "covered":
                p.left(cell)
        assert game.state.value == "won"

        def won_and_logged():
            with RecordStore.open(data / "records.sqlite3") as store:
                return any(r.won for r in store.games())
        wait_for(won_and_logged, PATIENCE, "the won game in the records")
        assert x.game.poll() is None, "the game died"
    target = tmp_path / "played.evf"
    saved = subprocess.run([sys.executable, str(ROOT / "main.py"), "--save-replay", "last", str(target),
                            "--data-dir", str(data)], capture_output=True, text=True, timeout=120)
    assert saved.returncode == 0, saved.stderr
    facts = evf_facts(target)

    assert facts["completed"] is True
    assert {(r, c) for r in range(9) for c in range(9) if facts["board"][r][c] == -1} == set(mines)
    presses = [(action, x, y) for _, action, x, y in facts["mouse"] if action in ("lc", "rc")]
    assert len(presses) == len(p.presses)  # no press added, none dropped
    for (action, x, y), (ours, ex, ey) in zip(presses, p.presses):
        assert action == ours and abs(x - ex) <= 1.5 and abs(y - ey) <= 1.5, (action, x, y, ours, ex, ey)
    assert any(x % 16 != 8 or y % 16 != 8 for _, x, y in presses)  # real points, not cell centres
    assert sum(1 for m in facts["mouse"] if m[1] == "mv") >= 2 * p.glides  # the motion is kept
    clicks = p.match.clicks
    assert clicks["wasted"] == 1  # the option's chord on a number that could not chord
    ours = (clicks["reveal"] + clicks["wasted"], clicks["flag"], clicks["chord"])  # that is a left click there
    assert (facts["left"], facts["right"], facts["double"]) == ours
    assert facts["bbbv"] == game.three_bv and facts["bbbv_solved"] == game.three_bv
    assert "left click on a number chords" not in facts["software"]  # no left click chorded
