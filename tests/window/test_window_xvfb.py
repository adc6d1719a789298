"""The real window under Xvfb: start ``python main.py``, click through the menu with xdotool,
reveal a cell, press F11 (no window manager here: the game says full screen cannot be had and
stays in its window), and check the screen each time.

Skipped (with the reason) only where Xvfb, xdotool or ImageMagick's import are missing.
"""

import time
from pathlib import Path

import pytest

from game.ui.play.layout import MENU_SIZE
from game.ui.shared.dialog import BUTTON_H
from tests.xsession import PATIENCE, XSession, missing
from tests.window_helpers import (changed, crop, differs, played_layout, playing_window, saved_setting, settled,
                                  shot_when, wait_for, window_room, window_scale, window_size)

pytestmark = pytest.mark.skipif(bool(missing()), reason=f"needs {', '.join(missing())} for a real window")


def test_real_window_menu_reveal_and_fullscreen_toggle(isolated_data_dir):
    with XSession() as x:
        x.start_game("--seed", "3")
        menu = x.geometry()
        scale = menu[2] / MENU_SIZE[0]
        assert scale == int(scale) and menu[3] == MENU_SIZE[1] * scale  # SCALED: an integer scale
        beginner = (MENU_SIZE[0] // 2, 34 + BUTTON_H // 2)  # first menu button
        x.click(int(beginner[0] * scale), int(beginner[1] * scale))
        board = x.wait_geometry(menu)
        layout = played_layout(9, 9, 10)
        scale = window_scale(board, layout)
        size = window_size(layout, x.size)  # the board and the panels' strip
        assert board[2:] == (size[0] * scale, size[1] * scale)
        cells = [int(v * scale) for v in layout.board]
        before = settled(x, board, rect=cells)  # the covered board drawn
        cx, cy = layout.cell_rect((4, 4)).center
        x.click(int(cx * scale), int(cy * scale))
        after = changed(x, board, before, cells, least=100)
        assert differs(before, after, cells) > 100, "revealing a cell changed nothing on screen"

        # Under Xvfb no window manager can make the window full screen (SDL said it was, and a
        # full-screen layout was drawn into the unchanged window, cropped: issue 35): F11 keeps
        # the window and its layout, says why in a box over the board, and saves nothing.
        x.key("F11")
        boxed = changed(x, board, after, cells, least=100)
        assert differs(after, boxed, cells) > 100, "F11 said nothing where full screen cannot be had"
        assert x.game.poll() is None, "the game died at F11"
        assert x.geometry()[2:] == board[2:]
        assert saved_setting(isolated_data_dir, "fullscreen") is not True
        x.key("Return")  # OK: the box closes
        x.find_window()
        back = x.geometry()
        assert back[2:] == board[2:]
        again = shot_when(x, back, lambda shot: differs(after, shot, cells) == 0,  # (the timer ticks outside)
                          "the board as it was, once the box closed")
        fx, fy = layout.cell_rect((0, 0)).center
        x.click(int(fx * scale), int(fy * scale), button=3)
        flagged = changed(x, back, again, cells, least=5)
        assert differs(again, flagged, cells) > 5, "the game stopped answering clicks after the toggle"


def test_real_window_resized_by_hand_keeps_clicks_on_their_cells():
    """xdotool resizes the window to another shape; the board is letterboxed at the largest
    scale that fits (a multiple of 1/16: whole pixels a cell, game.ui.display.fit_scale) and a
    right click at a cell's new place flags that cell."""
    from game.ui.shared.canvas import device
    from game.ui.display import fit_scale
    with XSession() as x:
        x.start_game("--difficulty", "beginner", "--seed", "3")
        layout = played_layout(9, 9, 10)
        start = x.geometry()
        x.xdotool("windowsize", x.window, "900", "500")
        resized = x.wait_geometry(start)
        assert resized[2:] == (900, 500)
        size = window_size(layout, x.size)  # the board and the panels' strip
        scale = fit_scale(size, (900, 500), layout.cell)
        left, top = (900 - round(size[0] * scale)) // 2, (500 - round(size[1] * scale)) // 2
        assert left > 2 and top > 2
        borders = [(px, py) for px in range(0, left, 2) for py in range(0, 500, 4)] + \
                  [(px, py) for px in range(0, 900, 4) for py in range(0, top, 2)]

        def letterboxed(shot):  # the borders black (game.ui.display): the game drew at the new size
            return all(tuple(shot.get_at(p))[:3] == (0, 0, 0) for p in borders)  # (before: the old picture, cut)
        shot_when(x, resized, letterboxed, "the board redrawn letterboxed at the new size")
        before = settled(x, resized)

        def shown(cell):  # a cell's rectangle in the window (game.ui.shared.canvas.Canvas.rect's rounding)
            rect = layout.cell_rect(cell)
            x0, y0 = device(rect.left, scale), device(rect.top, scale)
            return [left + x0, top + y0, device(rect.right, scale) - x0, device(rect.bottom, scale) - y0]
        cell = shown((0, 8))
        x.click(cell[0] + cell[2] // 2, cell[1] + cell[3] // 2, button=3)
        after = changed(x, resized, before, cell, least=5)
        assert differs(before, after, cell) > 5, "the flag did not appear on the clicked cell"
        others = shown((0, 6))
        assert differs(before, after, others) == 0, "a click after the resize changed another cell"
        assert differs(before, after, (0, 0, left, 500)) == 0, "the letterbox border changed"
        assert differs(before, after, (0, 0, 900, top)) == 0, "the letterbox border changed"


def test_real_window_grown_from_low_on_the_screen_is_moved_back_into_view():
    """On a 1280x1080 screen the menu (720x816 at 3x) is moved low but whole; Statistics
    (800x952 at 2x: it grew a row of buttons for the Daily and Trials pages, issue 38) grows
    from the window's top-left corner past the bottom edge, so the game moves it up into
    view, and its Back button answers a click."""
    from game.ui.shared.dialog import button_rect
    from game.ui.stats.screen import BACK_BUTTON, STATS_SIZE
    height = 1080
    with XSession(size=(1280, height)) as x:
        x.start_game()
        menu = x.geometry()
        assert menu[2:] == (MENU_SIZE[0] * 3, MENU_SIZE[1] * 3)
        x.xdotool("windowmove", x.window, "300", "180")
        menu = x.wait_geometry(menu)
        assert menu[:2] == (300, 180)
        # (no wait for the game to see the move: X sends it the move before the click below)
        statistics = button_rect(4, 1).center  # Statistics...
        x.click(statistics[0] * 3, statistics[1] * 3)
        grown = x.wait_geometry(good=lambda geometry: geometry[2:] != menu[2:] and geometry[1] + geometry[3] <= height)
        # (grown, then moved into view: the move follows the resize)
        assert grown[2:] == (STATS_SIZE[0] * 2, STATS_SIZE[1] * 2)
        assert grown[:2] == (300, height - STATS_SIZE[1] * 2), "the grown window was not moved into view"
        x.screenshot().subsurface(grown)  # whole on the screen (raises ValueError if it runs off)
        settled(x, grown)  # Statistics drawn before its Back button is clicked
        x.click(2 * BACK_BUTTON.centerx, 2 * BACK_BUTTON.centery)  # Back
        back = x.wait_geometry(grown)
        assert back[2:] == menu[2:], "Back did not answer the click"
        assert back[:2] == grown[:2], "the smaller menu, which fits, was moved"


def test_real_window_right_then_left_chord(tmp_path):
    """Expert, --seed 11, chording by a left click on a number turned off (so only the two
    buttons chord): the first click opens an area; real right clicks flag the mines
    around a number, then the right button goes down before the left one on that number
    (xdotool mousedown 3, mousedown 1, mouseup 1, mouseup 3): the chord opens its safe
    neighbours on screen, as in Windows and Arbiter."""
    import random

    from game.rules.board import Config
    from game.midend.match import Match

    match = Match(Config.difficulty("expert"), rng=random.Random(11), seed=11)  # the window's first board
    match.reveal((8, 15))
    twin = match.game
    mines = twin.layout()
    number = next(c for c in twin.cells() if twin.number(c) and any(
        twin.appearance(n) == "covered" and n not in mines for n in twin.neighbours(c)))
    safe = [n for n in twin.neighbours(number) if twin.appearance(n) == "covered" and n not in mines]
    flags = [n for n in twin.neighbours(number) if n in mines]
    layout = played_layout(16, 30, 99)
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text('{"chord_on_number": false}', encoding="utf-8")
    with XSession() as x:
        x.start_game("--difficulty", "expert", "--seed", "11", "--data-dir", str(data))
        board = playing_window(x, layout)
        scale = window_scale(board, layout)

        def at(cell):
            cx, cy = layout.cell_rect(cell).center
            return str(cx * scale), str(cy * scale)

        def rect(cell):
            return [int(v * scale) for v in layout.cell_rect(cell)]
        start = settled(x, board)  # the covered board drawn before the first input
        x.click(*map(int, at((8, 15))))
        for cell in flags:
            x.click(*map(int, at(cell)), button=3)
        before = shot_when(x, board, lambda shot: all(differs(start, shot, rect(c)) > 5 for c in [number, *flags]),
                           "the opening and the flags drawn")
        x.xdotool("mousemove", "--window", x.window, *at(number), "mousedown", "3")
        x.xdotool("mousedown", "1")
        x.xdotool("mouseup", "1")
        x.xdotool("mouseup", "3")
        after = shot_when(x, board, lambda shot: all(differs(before, shot, rect(c)) > 5 for c in safe),
                          "the chord opening every safe neighbour")
        for cell in safe:
            assert differs(before, after, rect(cell)) > 5, f"the chord did not open {cell}"
        around = {number, *twin.neighbours(number)}
        far = next(c for c in twin.cells() if twin.appearance(c) == "covered" and c not in around
                   and all(n not in around for n in twin.neighbours(c)))
        assert differs(before, after, [v * scale for v in layout.cell_rect(far)]) == 0
        assert x.game.poll() is None


def test_real_window_replay_plays_and_space_pauses_it():
    """``python main.py --replay FILE`` (an MVF from the corpus): the window shows the viewer,
    its frames change while it plays, and stay the same after Space pauses it."""
    replay = str(Path(__file__).resolve().parents[1] / "corpus" / "replays" / "clone097_expert.mvf")
    with XSession() as x:
        x.start_game("--replay", replay)

        def viewer():
            x.find_window()
            window = x.geometry()
            return window if window[2] > MENU_SIZE[0] else None
        wait_for(viewer, PATIENCE, "the window opening in the viewer")
        window = x.wait_geometry(good=lambda geometry: geometry[2] > MENU_SIZE[0])  # resized, then moved: held
        plays_then_pauses(x, window)
        assert x.game.poll() is None


def plays_then_pauses(x, window):
    """Assert that the viewer in ``window`` (a geometry) changes while it plays and not at all
    after Space; returns the screenshot taken paused."""
    whole = (0, 0, window[2], window[3])
    first = crop(x.screenshot(), window)
    moved = shot_when(x, window, lambda shot: differs(first, shot, whole) > 20, "the replay moving while playing")
    shot_when(x, window, lambda shot: differs(moved, shot, whole) > 20,  # (the first change may be its first frame)
              "the replay moving on while playing")
    x.key("space")
    paused = settled(x, window)  # Space handled: the picture stands still
    time.sleep(0.8)  # watched a while: a paused replay shows the same picture all along
    still = crop(x.screenshot(), window)
    assert differs(paused, still, whole) == 0, "the replay moved after Space paused it"
    return paused


def figured(db, timeout=PATIENCE):
    """Wait until the records ``db`` hold one game with its competitive figures computed."""
    from game.records.db import RecordStore
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if db.exists():
            with RecordStore.open(db) as store:
                games = store.games()
            if len(games) == 1 and games[0].clicks is not None:
                return
        time.sleep(0.2)  # poll interval
    raise AssertionError("the game was not recorded with its figures")


def test_real_window_game_watched_from_statistics_plays_pauses_and_goes_back(tmp_path):
    """Deal 7's first Beginner board (computed on a twin of the window's game): a reveal, a
    flag, a few seconds apart, then a mine: lost. Esc to the menu, Statistics..., G for the
    Games page, Enter on the game: the viewer opens and its frames change while it plays;
    after Space two screenshots a moment apart are the same and End shows another board (it
    was paused mid-game); Esc goes back to the Games page as it was."""
    import random

    from game.rules.board import Config
    from game.midend.match import Match
    from game.ui.shared.dialog import button_rect
    from game.ui.stats.screen import STATS_SIZE

    match = Match(Config.difficulty("beginner"), rng=random.Random(7))  # the window's first board
    match.reveal((4, 4))
    twin = match.game
    mines = sorted(twin.layout())
    layout = played_layout(9, 9, 10)
    data = tmp_path / "data"
    with XSession() as x:
        x.start_game("--difficulty", "beginner", "--data-dir", str(data), deal=7)
        board = playing_window(x, layout)
        scale = window_scale(board, layout)
        cells = [int(v * scale) for v in layout.board]

        def click_cell(cell, button=1):
            cx, cy = layout.cell_rect(cell).center
            x.click(cx * scale, cy * scale, button=button)
        start = settled(x, board)  # the covered board drawn before the first input
        click_cell((4, 4))
        opened = changed(x, board, start, cells)
        time.sleep(2.5)  # the player's pause between two moves: the game's length, not a wait
        click_cell(mines[0], button=3)
        changed(x, board, opened, [int(v * scale) for v in layout.cell_rect(mines[0])], least=5)  # the flag shown
        time.sleep(2.5)  # the player's pause again
        click_cell(mines[1])  # ~5 s of game: the replay is still playing while it is looked at
        figured(data / "records.sqlite3")  # so the Games page will not change under the screenshots
        x.key("Escape")
        menu = x.wait_geometry(board)
        scale = menu[2] // MENU_SIZE[0]
        statistics = button_rect(4, 1).center
        x.click(statistics[0] * scale, statistics[1] * scale)
        stats = x.wait_geometry(menu)
        scale = stats[2] // STATS_SIZE[0]
        assert stats[2:] == (STATS_SIZE[0] * scale, STATS_SIZE[1] * scale), "Statistics did not open"
        x.key("g")
        games = settled(x, stats)  # the game's figures (3BV/s, ...) are computed in the background
        x.key("Return")
        viewer = x.wait_geometry(stats)
        assert viewer[2:] != stats[2:], "Enter did not open the viewer"
        whole = (0, 0, viewer[2], viewer[3])
        paused = plays_then_pauses(x, viewer)
        x.key("End")
        end = changed(x, viewer, paused, whole, least=20)
        assert differs(paused, end, whole) > 20, "Space came at the end: nothing was paused mid-game"
        x.key("Escape")
        back = x.wait_geometry(viewer)
        assert back == stats, "Esc did not go back to Statistics"
        again = settled(x, back)
        assert differs(games, again, (0, 0, back[2], back[3])) == 0, "Esc did not go back to the Games page"
        assert x.game.poll() is None


def test_real_window_post_mortem_of_a_needless_guess_rings_the_safe_cells_and_ctrl_z_undoes():
    """Beginner, --seed 5 (its first board computed on a twin of the window's game): the first
    click at the centre leaves cells that are certainly safe; a real click on a mine that was
    not certain loses by a needless guess. The panel shows in the window's strip, V rings exactly
    the safe cells green and the fatal one red, the panel's Review (by keyboard) opens the
    viewer with the review, where ] moves to a guess or mistake and Esc comes back, and
    Ctrl+Z takes the loss back."""
    import random

    from game.rules.board import Config
    from game.boardfile import BoardFile
    from game.midend.match import Match
    from game.solver.probabilities import solve
    from game.solver.problem import build_problem
    from game.ui.shared.theme import CLASSIC

    match = Match(Config.difficulty("beginner"), rng=random.Random(5), seed=5)  # the window's first board
    match.reveal((4, 4))
    twin = match.game
    revealed = {c: twin.number(c) for c in twin.cells() if twin.number(c) is not None}
    probs = solve(build_problem(BoardFile(9, 9, 10, revealed), ignore_flags=True))
    safe = set(probs.safe)
    assert safe
    fatal = next(c for c in sorted(twin.layout()) if c not in probs.mines)
    layout = played_layout(9, 9, 10)
    with XSession() as x:
        x.start_game("--difficulty", "beginner", "--seed", "5")
        board = playing_window(x, layout)
        scale = window_scale(board, layout)
        cells = [int(v * scale) for v in layout.board]

        def at(cell, s=scale):
            cx, cy = layout.cell_rect(cell).center
            return cx * s, cy * s
        start = settled(x, board)  # the covered board drawn before the first input
        x.click(*at((4, 4)))
        before = changed(x, board, start, cells)
        x.click(*at(fatal))
        strip = [int(v * scale) for v in window_room(layout, x.size).strip]

        shot_when(x, x.geometry(), lambda shot: differs(before, shot, strip) > 20, "the result panel showing")
        assert x.geometry() == board, "the window changed for the result panel"
        grown = board
        settled(x, grown)  # the blast is over, the post-mortem's line is in

        def ring(shot, cell, s):  # the colour of a ring's first inner pixel on ``cell`` at scale ``s``
            rect = layout.cell_rect(cell)
            return tuple(shot.get_at(((rect.left + 1) * s + s // 2, (rect.top + 2) * s + s // 2)))[:3]

        def ringed(shot):  # the scale the fatal cell's red ring is drawn at, or None
            return next((s for s in range(1, 8) if ring(shot, fatal, s) == CLASSIC.risky), None)
        x.key("v")
        shot = shot_when(x, grown, ringed, "V drawing a red ring on the fatal cell")
        shown = ringed(shot)
        assert {c for c in twin.cells() if ring(shot, c, shown) == CLASSIC.safe} == safe
        viewing = x.geometry()
        assert viewing == board, "the window changed for the post-mortem"
        for _ in range(4):  # the panel's buttons by keyboard: New game, Retry, Menu, Undo, Review
            x.key("Down")
        x.key("Return")
        review = x.wait_geometry(viewing)
        assert review[2:] != viewing[2:], "Review did not open the viewer with its panel"
        x.find_window()
        review = x.geometry()
        x.key("space")  # paused, then ] jumps to the next guess or mistake
        paused = settled(x, review)
        x.key("bracketright")
        whole = (0, 0, review[2], review[3])
        assert differs(paused, changed(x, review, paused, whole, least=20), whole) > 20, \
            "] did not move the review to a guess or mistake"
        x.key("Escape")
        back = x.wait_geometry(good=lambda geometry: geometry[2:] == viewing[2:])  # through sizes, then held
        assert back[2:] == viewing[2:], "Esc did not go back to the result panel"
        x.find_window()
        result = settled(x, x.wait_geometry(good=lambda geometry: geometry[2:] == viewing[2:]))
        x.key("ctrl+z")  # the result panel gives the strip back to the side panel (issue 35), which says the undo
        shot_when(x, x.geometry(), lambda shot: differs(result, shot, strip) > 20, "the result panel gone")
        assert x.geometry()[2:] == board[2:], "Ctrl+Z changed the window"
        again = crop(x.screenshot(), x.geometry())
        cells = [v * scale for v in layout.board]
        assert differs(before, again, cells) == 0, "the board after Ctrl+Z is not the board before the loss"
        assert x.game.poll() is None
