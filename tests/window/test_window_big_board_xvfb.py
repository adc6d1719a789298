"""A 1000x1000 board in a real window under Xvfb, driven by xdotool as a person would: it
opens, a click reveals, the wheel scrolls, Ctrl+wheel and the minus key zoom, and the game
survives the window resized to almost nothing and back. Each step waits (bounded) for the
picture to change, not a fixed time, so a loaded machine passes too.

Skipped (with the reason) only where Xvfb, xdotool or ImageMagick's import are missing.
"""

import pytest

from game.ui.xsession import XSession, missing
from tests.window_helpers import changed, differs, settled, shot_when, wait_for

pytestmark = pytest.mark.skipif(bool(missing()), reason=f"needs {', '.join(missing())} for a real window")


def test_real_window_a_million_cells_open_scroll_zoom_and_survive_a_tiny_window():
    with XSession() as x:
        x.start_game("--rows", "1000", "--cols", "1000", "--mines", "20000", "--seed", "4")
        geometry = wait_for(lambda: (g := x.geometry())[2] > 600 and g[3] > 400 and g, 15,
                            "the big window")  # (it may take its size after it is mapped)
        width, height = geometry[2:]
        assert width > 600 and height > 400  # a window as big as the screen allows, not refused
        board = (20, 70, width - 40, height - 90)  # inside the viewport, below the HUD
        start = settled(x, geometry, rect=board)
        x.click(width // 2, height // 2)  # the first click opens an area
        opened = changed(x, geometry, start, board)
        assert differs(start, opened, board) > 50, "the click revealed nothing"
        x.xdotool("mousemove", "--window", x.window, str(width // 2), str(height // 2), "click", "5", "click", "5")
        scrolled = changed(x, geometry, opened, board)
        assert differs(opened, scrolled, board) > 50, "the wheel did not scroll the board"
        x.key("minus")
        x.key("minus")
        zoomed = changed(x, geometry, scrolled, board)
        assert differs(scrolled, zoomed, board) > 50, "the minus key did not zoom out"
        x.xdotool("keydown", "ctrl", "click", "4", "click", "4", "keyup", "ctrl")
        again = changed(x, geometry, zoomed, board)
        assert differs(zoomed, again, board) > 50, "Ctrl+wheel did not zoom in"
        x.xdotool("windowsize", x.window, "40", "30")
        shot_when(x, (*geometry[:2], 40, 30), lambda shot: x.game.poll() is not None  # the game drew at that size
                  or differs(again, shot, (0, 0, 40, 30), step=1) > 0, "the picture in the tiny window")
        assert x.game.poll() is None, "the game quit when the window shrank to nothing"
        x.xdotool("windowsize", x.window, "900", "700")
        resized = x.geometry()
        shot_when(x, resized, lambda shot: x.game.poll() is not None
                  or any(shot.get_at((px, 300))[:3] != (0, 0, 0) for px in range(0, 900, 7)), "the board back")
        assert x.game.poll() is None
        back = settled(x, resized, rect=(20, 70, resized[2] - 40, resized[3] - 90))  # the board, not the timer
        assert any(back.get_at((px, 300))[:3] != (0, 0, 0) for px in range(0, 900, 7)), "the board is gone"
