"""Helpers of the real-window tests under Xvfb (tests/test_window_*xvfb.py): screenshots
cropped to the window, compared pixel by pixel, taken once the window stops changing."""

import time


def crop(screen, geometry):
    """The window's part (``geometry``: x, y, width, height) of a whole-screen screenshot."""
    x, y, w, h = geometry
    return screen.subsurface((x, y, w, h)).copy()


def differs(a, b, rect, step: int = 2) -> int:
    """Count pixels (every ``step``-th each way) that differ inside ``rect`` (window pixels)."""
    return sum(1 for px in range(rect[0], rect[0] + rect[2], step) for py in range(rect[1], rect[1] + rect[3], step)
               if a.get_at((px, py)) != b.get_at((px, py)))


def settled(x, geometry, timeout=10.0):
    """A screenshot of the window at ``geometry`` once two taken 0.3 s apart are the same."""
    shot = crop(x.screenshot(), geometry)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        time.sleep(0.3)
        shot, before = crop(x.screenshot(), geometry), shot
        if differs(before, shot, (0, 0, geometry[2], geometry[3])) == 0:
            return shot
    raise AssertionError("the window kept changing")
