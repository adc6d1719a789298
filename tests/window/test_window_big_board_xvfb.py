"""A 1000x1000 board in a real window under Xvfb, driven by xdotool as a person would: it
opens, a click reveals, the wheel scrolls, Ctrl+wheel and the minus key zoom, and the game
survives the window resized to almost nothing and back. Each step waits (bounded) for a
condition, the window's size or the picture changed, never a fixed time, so a loaded machine
passes too (three runs with a busy-loop process on one core: docs/big-boards.md).

Skipped (with the reason) only where Xvfb, xdotool or ImageMagick's import are missing.
"""

import pytest

from tests.xsession import XSession, missing
from tests.window_helpers import changed, crop, differs, settled, wait_for

pytestmark = pytest.mark.skipif(bool(missing()), reason=f"needs {', '.join(missing())} for a real window")


def steady_geometry(x, good, seconds: float = 15.0):
    """The window's geometry once ``good(geometry)`` holds and has held for a moment (the
    window takes its size after it is mapped; a loaded machine takes longer), bounded."""
    geometry = x.wait_geometry(timeout=seconds, good=good)
    assert geometry is not None and good(geometry), f"the window's size: not within {seconds} s ({geometry})"
    return geometry


def board_shown(x, rect, seconds: float = 15.0):
    """A screenshot of the window (``rect``: its geometry) once the board is drawn across its
    row 300 (not all black) and the picture has settled there, bounded."""
    def drawn():
        shot = crop(x.screenshot(), rect)
        return shot if any(shot.get_at((px, 300))[:3] != (0, 0, 0) for px in range(0, rect[2], 7)) else None
    wait_for(drawn, seconds, "the board drawn in the window")
    return settled(x, rect, rect=(20, 70, rect[2] - 40, rect[3] - 90))  # the board, not the timer


def test_real_window_a_million_cells_open_scroll_zoom_and_survive_a_tiny_window():
    with XSession() as x:
        x.start_game("--rows", "1000", "--cols", "1000", "--mines", "20000", "--seed", "4")
        geometry = steady_geometry(x, lambda g: g[2] > 600 and g[3] > 400)  # as big as the screen allows
        width, height = geometry[2:]
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
        tiny = steady_geometry(x, lambda g: g[2] < width and g[3] < height)  # the game gets the tiny size
        assert x.game.poll() is None, "the game quit when the window shrank to nothing"
        x.xdotool("windowsize", x.window, "900", "700")
        resized = steady_geometry(x, lambda g: g != tiny and g[2] >= 600)
        back = board_shown(x, resized)  # drawn after both sizes were handled: the game lived through them
        assert x.game.poll() is None
        assert any(back.get_at((px, 300))[:3] != (0, 0, 0) for px in range(0, resized[2], 7)), "the board is gone"
