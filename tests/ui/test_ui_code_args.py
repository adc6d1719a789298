"""``--code`` and ``--daily`` open the window's first game on that board (issue 38): the
program hands the code to the session (game.session.Session.first_code), the first Playing
scene's match is on it, its first reveal is kept on the start cell, and the board laid over
frames is the console's."""

import datetime as dt

from game.midend.boardcode import decode
from game.midend.daily import daily_code
from game.rules.engine import State
from game.session import Session
from game.ui.play.generating import Generating
from game.ui.play.playing import Playing
from tests.ui.test_ui_noguess import wait_for_board

DAY = dt.date(2026, 12, 1)


def console_layout(code, daily=None):
    """The layout the console lays for ``code`` at its start cell (a Session's match)."""
    session = Session()
    match = session.open_daily(daily, "expert") if daily else session.open_code(code)
    match.reveal(code.start)
    return match.layout()


def test_daily_opens_the_window_on_the_daily_board_started_at_its_cell(window):
    code = daily_code(DAY, "expert")
    w = window(["--daily", "expert", "--date", DAY.isoformat()])
    scene = w.scene
    assert isinstance(scene, Playing)
    match = scene.match
    assert (match.code, match.daily, match.start) == (code, DAY.isoformat(), code.start)
    assert match.config.no_guess and (match.config.rows, match.config.cols) == (16, 30)
    other = (code.start[0], (code.start[1] + 5) % 30)
    w.click_cell(other)  # refused: no board built, nothing revealed
    assert w.scene is scene and not isinstance(w.scene, Generating)
    assert match.game.state is State.READY and not match.game.mines_laid
    w.click_cell(code.start)
    wait_for_board(w)
    assert match.game.state is State.PLAYING and match.start is None
    assert match.layout() == console_layout(code, DAY)


def test_code_opens_the_window_on_the_code_board(window):
    code = decode("MS1-0G00J-28A0G-2BJR0-J8KDG")
    w = window(["--code", "MS1-0G00J-28A0G-2BJR0-J8KDG"])
    match = w.scene.match
    assert match.code == code and match.daily is None and match.start == (4, 4)
    w.click_cell((4, 4))
    assert match.game.state is not State.READY and match.layout() == console_layout(code)
    assert match.board_code() == code
