"""Helpers of the real-window tests under Xvfb (tests/window/, and a few under tests/ui/):
screenshots cropped to the window, compared pixel by pixel, taken once the window stops
changing or shows what a test waits for; every wait polls its condition with a deadline,
never a fixed time, so a busy machine passes too."""

import json
import time

import pygame

from tests.xsession import PATIENCE


def crop(screen, geometry):
    """The window's part (``geometry``: x, y, width, height) of a whole-screen screenshot."""
    x, y, w, h = geometry
    return screen.subsurface((x, y, w, h)).copy()


def differs(a, b, rect, step: int = 2) -> int:
    """Count pixels (every ``step``-th each way) that differ inside ``rect`` (window pixels)."""
    return sum(1 for px in range(rect[0], rect[0] + rect[2], step) for py in range(rect[1], rect[1] + rect[3], step)
               if a.get_at((px, py)) != b.get_at((px, py)))


def settled(x, geometry, timeout=PATIENCE, rect=None, span: float = 0.3):
    """A screenshot of the window at ``geometry`` once two taken ``span`` seconds apart are
    the same inside ``rect`` (window pixels; default the whole window: give the board's
    rectangle where the HUD's timer ticks, which a busy machine's slow screenshots always
    straddle). A caller that knows the frame is drawn (the walk reads the game's state file)
    may ask for a shorter span: the picture must still hold over it."""
    rect = rect or (0, 0, geometry[2], geometry[3])
    shot = crop(x.screenshot(), geometry)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        time.sleep(span)  # the span the picture must stay the same over: part of the condition
        shot, before = crop(x.screenshot(), geometry), shot
        if same(before, shot, rect):
            return shot
    raise AssertionError("the window kept changing")


def same(a, b, rect) -> bool:
    """True when ``a`` and ``b`` have the same pixels inside ``rect`` (window pixels): their
    bytes compared, every pixel (in C, a thousandth of :func:`differs`' sampled count)."""
    return pygame.image.tobytes(a.subsurface(rect), "RGB") == pygame.image.tobytes(b.subsurface(rect), "RGB")


def changed(x, geometry, before, rect, least: int = 50, timeout: float = PATIENCE):
    """A screenshot of the window at ``geometry`` once it differs from ``before`` in more than
    ``least`` sampled pixels of ``rect`` and has settled there (:func:`settled`); the last one taken
    if that does not happen within ``timeout`` seconds (the caller's assertion then says
    what did not change). Waits for the picture, not a fixed time: a busy machine may take
    seconds to show what a quiet one shows at once."""
    deadline = time.monotonic() + timeout
    while True:
        shot = crop(x.screenshot(), geometry)
        if differs(before, shot, rect) > least:
            return settled(x, geometry, rect=rect)
        if time.monotonic() >= deadline:
            return shot
        time.sleep(0.1)  # poll interval


def played_layout(rows: int, cols: int, mines: int, screen=(1280, 1024)):
    """The board layout the game plays a rows x cols board of ``mines`` mines with on a
    ``screen``-sized Xvfb screen (game.ui.play.room.playing_layout: the largest cell that fits, the
    board window as tall as a strip beside it), to find its cells in a real window."""
    from game.rules.board import Config
    from game.ui.play.layout import usable_area
    from game.ui.play.room import playing_layout
    return playing_layout(Config(rows, cols, mines), usable_area(screen, False))[0]


def window_room(layout, screen=(1280, 1024)):
    """The playing window's Room (game.ui.play.room.playing_layout: the board window and the panels'
    strip, logical pixels) for a board of ``layout``'s rows and columns on a ``screen``-sized
    Xvfb screen."""
    from game.rules.board import Config
    from game.ui.play.layout import usable_area
    from game.ui.play.room import playing_layout
    return playing_layout(Config(layout.rows, layout.cols, 1), usable_area(screen, False))[1]


def window_size(layout, screen=(1280, 1024)) -> tuple[int, int]:
    """The playing window's logical size for a board of ``layout`` (:func:`window_room`)."""
    return window_room(layout, screen).size


def window_scale(geometry, layout, screen=(1280, 1024)):
    """The scale a real window of ``geometry`` shows a board of ``layout`` at: the playing
    window is the board window and the panels' strip (game.ui.play.room), on a ``screen``-sized
    Xvfb screen (XSession's default). An int when whole."""
    scale = geometry[2] / window_size(layout, screen)[0]
    return int(scale) if scale == int(scale) else scale


def wait_for(condition, seconds: float, what: str):
    """Poll ``condition()`` until it gives a true value (returned); fail naming ``what``."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {seconds} s")
        time.sleep(0.05)  # poll interval


def shot_when(x, geometry, condition, what: str, timeout: float = PATIENCE):
    """The first screenshot of the window at ``geometry`` (cropped, as :func:`crop`) for which
    ``condition(shot)`` is true: the picture polled for what a test waits to see. Raises
    AssertionError naming ``what`` when no screenshot within ``timeout`` seconds shows it."""
    def shown():
        shot = crop(x.screenshot(), geometry)
        return shot if condition(shot) else None
    return wait_for(shown, timeout, what)


def playing_window(x, layout, timeout: float = PATIENCE, screen=(1280, 1024)):
    """The game window's geometry (x, y, width, height) once it is the playing window of
    ``layout`` (a BoardLayout): the board and the panels' strip at one scale, as
    :func:`window_scale` reads it, held for a moment (XSession.wait_geometry). Raises
    AssertionError if it is not within ``timeout`` s."""
    size = window_size(layout, screen)

    def board(geometry) -> bool:
        scale = geometry[2] / size[0]
        return scale >= 1 and abs(geometry[3] - size[1] * scale) < 1
    geometry = x.wait_geometry(timeout=timeout, good=board)
    assert geometry is not None and board(geometry), f"the playing window: not within {timeout} s ({geometry})"
    return geometry


def saved_setting(data_dir, name: str):
    """The value of setting ``name`` in ``data_dir``'s settings.json; None while the file is
    missing, caught half written, or without it (a file the game writes: polled with
    :func:`wait_for`)."""
    try:
        return json.loads((data_dir / "settings.json").read_text(encoding="utf-8")).get(name)
    except (OSError, ValueError):
        return None
