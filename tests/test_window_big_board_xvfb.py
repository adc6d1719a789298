"""A 1000x1000 board in a real window under Xvfb, driven by xdotool as a person would: it
opens, a click reveals, the wheel scrolls, Ctrl+wheel and the minus key zoom, and the game
survives the window resized to almost nothing and back.

Skipped (with the reason) only where Xvfb, xdotool or ImageMagick's import are missing.
"""

import time

import pytest

from game.ui.xsession import XSession, missing
from tests.window_helpers import crop, differs, settled

pytestmark = pytest.mark.skipif(bool(missing()), reason=f"needs {', '.join(missing())} for a real window")


def changed(x, geometry, before, rect, least=50, timeout=20.0):
    """The window once ``rect`` differs from ``before`` in at least ``least`` pixels and has
    settled (a million cells' first click may keep the window busy for a while)."""
    deadline = time.monotonic() + timeout
    while differs(before, crop(x.screenshot(), geometry), rect, step=4) < least // 4:
        if time.monotonic() > deadline:
            break
        time.sleep(0.1)
    return settled(x, geometry)


def test_real_window_a_million_cells_open_scroll_zoom_and_survive_a_tiny_window():
    with XSession() as x:
        x.start_game("--rows", "1000", "--cols", "1000", "--mines", "20000", "--seed", "4")
        time.sleep(0.5)
        geometry = x.geometry()
        width, height = geometry[2:]
        assert width > 600 and height > 400  # a window as big as the screen allows, not refused
        board = (20, 70, width - 40, height - 90)  # inside the viewport, below the HUD
        start = settled(x, geometry)
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
        time.sleep(0.8)
        assert x.game.poll() is None, "the game quit when the window shrank to nothing"
        x.xdotool("windowsize", x.window, "900", "700")
        time.sleep(0.8)
        assert x.game.poll() is None
        back = settled(x, x.geometry())
        assert any(back.get_at((px, 300))[:3] != (0, 0, 0) for px in range(0, 900, 7)), "the board is gone"
