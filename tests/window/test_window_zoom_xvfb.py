"""A 1000x1000 board zoomed out to the whole board in a real window under Xvfb, driven by
xdotool as a person would: the first click's opening shows on the board and on the minimap
(covered and revealed cells differ once their bevels are too small to draw), and the minimap
frames the view.

Skipped (with the reason) only where Xvfb, xdotool or ImageMagick's import are missing.
"""

import time

import pytest

from game.ui.shared.theme import CLASSIC
from tests.xsession import PATIENCE, XSession, missing
from tests.ui.test_ui_theme import contrast
from tests.window_helpers import crop, differs, settled

pytestmark = pytest.mark.skipif(bool(missing()), reason=f"needs {', '.join(missing())} for a real window")

MARGIN = 1.8  # WCAG contrast ratio an opened pixel keeps from the covered one it was
ZOOM_OUT = 16  # minus presses: more than the zoom steps from the opening zoom to the whole board


def rgb(shot, pos):
    return tuple(shot.get_at(pos))[:3]


def frame_of(shot, colour, area):
    """The bounding box (left, top, right, bottom) of the pixels of ``colour`` in ``area``."""
    left, top, right, bottom = area
    found = [(x, y) for x in range(left, right) for y in range(top, bottom) if rgb(shot, (x, y)) == colour]
    assert found, f"nothing of {colour} in {area}"
    xs, ys = [x for x, _ in found], [y for _, y in found]
    return min(xs), min(ys), max(xs), max(ys)


def below_hud(geometry) -> tuple[int, int, int, int]:
    """The window's part below the HUD (whose timer ticks each second), window pixels."""
    return 0, 60, geometry[2], geometry[3] - 60


def settled_after_change(x, geometry, before, timeout=PATIENCE):
    """A screenshot once the board no longer shows ``before`` and two taken in a row show the
    same board (a first click on a million cells lays the mines and floods the opening: it
    may take a while; the timer in the HUD goes on ticking)."""
    area = below_hud(geometry)
    deadline = time.monotonic() + timeout
    shot = before
    while True:
        assert time.monotonic() < deadline, "the board never settled on a new picture"
        time.sleep(0.1)  # poll interval
        shot, last = crop(x.screenshot(), geometry), shot
        if differs(before, shot, area, step=5) and not differs(last, shot, area, step=3):
            return shot


def opened_share(before, after, box, step=2):
    """Of the pixels inside ``box`` (left, top, right, bottom) that were covered before, the
    share now the revealed colour, and the share changed by at least MARGIN."""
    left, top, right, bottom = box
    covered = [(x, y) for x in range(left, right, step) for y in range(top, bottom, step)
               if rgb(before, (x, y)) == CLASSIC.covered_flat]
    assert len(covered) > 100, "the board was not covered before the click"
    revealed = sum(rgb(after, pos) == CLASSIC.revealed for pos in covered) / len(covered)
    apart = sum(contrast(rgb(before, pos), rgb(after, pos)) >= MARGIN for pos in covered) / len(covered)
    return revealed, apart


def test_real_window_zoomed_out_the_opening_shows_on_the_board_and_the_minimap():
    with XSession() as x:
        x.start_game("--rows", "1000", "--cols", "1000", "--mines", "20000", "--seed", "4", "--theme", "classic")
        geometry = x.geometry()
        width, height = geometry[2:]
        settled(x, geometry)
        for _ in range(ZOOM_OUT):
            x.key("minus")
        before = settled(x, geometry)
        middle = (width // 2, (60 + height) // 2)  # the board's middle, below the HUD
        assert rgb(before, middle) == CLASSIC.covered_flat, "zoomed out, a covered cell is not drawn as covered"
        minimap = frame_of(before, CLASSIC.cursor, (width - 220, 40, width, 260))  # the view's frame: all of it
        assert minimap[2] - minimap[0] > 100 and minimap[3] - minimap[1] > 100, minimap
        x.click(*middle)
        after = settled_after_change(x, geometry, before)
        board = (middle[0] - 200, middle[1] - 200, middle[0] + 200, middle[1] + 200)
        revealed, apart = opened_share(before, after, board)
        assert revealed > 0.5 and apart > 0.5, f"the opening changed {apart:.0%} of the covered board it opened"
        inside = (minimap[0] + 2, minimap[1] + 2, minimap[2] - 1, minimap[3] - 1)
        revealed, apart = opened_share(before, after, inside, step=1)
        assert revealed > 0.5 and apart > 0.5, f"the minimap shows {apart:.0%} of the opening"
        assert frame_of(after, CLASSIC.cursor, (width - 220, 40, width, 260)) == minimap  # still framing the view
        assert x.game.poll() is None
