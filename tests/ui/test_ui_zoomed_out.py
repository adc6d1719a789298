"""Zoomed out to the whole of a 1000x1000 board, the picture still tells the story, in every
theme: the first click's opening changes the pixels it covers (covered and revealed cells
differ by a clear margin once the bevels are too small to draw), flags and the exploded mine
stay visible at the smallest zoom, and the minimap shows the opened area, the flags and the
viewport. Headless: posted events, then the canvas's pixels."""

import pygame
import pytest

from game.rules.engine import State
from game.ui.play.camera_view import HIT_PX
from game.ui.shared.theme import THEME_NAMES, palette
from tests.ui.test_ui_theme import contrast

BIG = ["--rows", "1000", "--cols", "1000", "--mines", "20000", "--seed", "4"]
MARGIN = 1.8  # WCAG contrast ratio an opened pixel keeps from the covered one it was
MOST = 0.85  # share of the pixels over opened (or still covered) cells that must show it


def zoomed_all_the_way_out(w):
    """Press minus until the whole board is in view; the camera."""
    camera = w.scene.layout.camera
    while camera.cell > camera.min_cell:
        w.key(pygame.K_MINUS)
    return camera


def board_on_screen(camera) -> pygame.Rect:
    """The board's rectangle on the canvas (logical pixels), within the viewport."""
    corner = camera.cell_rect((camera.rows - 1, camera.cols - 1))
    return camera.cell_rect((0, 0)).union(corner).clip(camera.viewport)


def colours(w, rect: pygame.Rect, step: int = 3) -> dict:
    """Every ``step``-th pixel of ``rect`` on the canvas: {(x, y): (r, g, b)}."""
    return {(x, y): tuple(w.screen.get_at((x, y)))[:3]
            for x in range(rect.left, rect.right, step) for y in range(rect.top, rect.bottom, step)}


def minimap_cell(rect: pygame.Rect, pos, rows=1000, cols=1000):
    """The cell a minimap pixel stands for."""
    return (pos[1] - rect.top) * rows // rect.height, (pos[0] - rect.left) * cols // rect.width


def near(w, centre, colour, reach: int = 2) -> int:
    """How many pixels within ``reach`` of ``centre`` are ``colour``."""
    x0, y0 = centre
    return sum(tuple(w.screen.get_at((x, y)))[:3] == tuple(colour)
               for x in range(x0 - reach, x0 + reach + 1) for y in range(y0 - reach, y0 + reach + 1))


def assert_shows_the_opening(w, game, before: dict, where):
    """Pixels over opened cells changed from ``before`` by MARGIN; over covered ones they did
    not. ``where(pos)`` is the cell a pixel stands for; a pixel is judged only when the cells
    of its neighbours are like its own (a pixel spans cells, its neighbours' too)."""
    opened = still = 0
    over_opened = over_covered = 0
    for (x, y), was in before.items():
        cells = [where((x + dx, y + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        if not all(cell is not None and 0 <= min(cell) and max(cell) < 1000 for cell in cells):
            continue  # a pixel at the board's edge
        looks = {game.appearance(cell) == "covered" for cell in cells}
        if len(looks) > 1:
            continue
        now = tuple(w.screen.get_at((x, y)))[:3]
        if looks == {False}:
            over_opened += 1
            opened += contrast(was, now) >= MARGIN
        else:
            over_covered += 1
            still += now == was
    assert over_opened > len(before) / 3, "the first click opened too little to judge"
    assert opened >= MOST * over_opened, f"{opened} of {over_opened} pixels over the opening changed"
    assert still >= MOST * over_covered, f"{still} of {over_covered} pixels over covered cells kept their look"


@pytest.mark.parametrize("theme", THEME_NAMES)
def test_zoomed_out_the_first_opening_shows_on_the_board_and_on_the_minimap(window, theme):
    w = window(BIG + ["--theme", theme])
    scene = w.scene
    minimap = scene.minimap
    assert sum(colour == palette.cursor for colour in colours(w, minimap.rect.inflate(-4, -4), 1).values()) > 0, \
        "the minimap shows no rectangle for the view"
    camera = zoomed_all_the_way_out(w)
    board = board_on_screen(camera)
    assert not board.colliderect(minimap.rect)  # (this window: the board left of the minimap)
    before, mini_before = colours(w, board), colours(w, minimap.rect, 2)
    w.click(camera.viewport.center)
    assert scene.game.state is State.PLAYING
    assert_shows_the_opening(w, scene.game, before, camera.cell_at)
    assert_shows_the_opening(w, scene.game, mini_before, lambda pos: minimap_cell(minimap.rect, pos))
    frame = minimap.rect
    assert tuple(w.screen.get_at((frame.left, frame.centery)))[:3] == palette.cursor  # the view: all of it


@pytest.mark.parametrize("theme", THEME_NAMES)
def test_at_the_smallest_zoom_flags_and_the_exploded_mine_stay_visible(window, theme):
    w = window(BIG + ["--theme", theme])
    scene, game = w.scene, w.scene.game
    camera = zoomed_all_the_way_out(w)
    w.click(camera.viewport.center)
    board = board_on_screen(camera)
    mines = game.layout()
    covered = [pos for pos in colours(w, board, 5)
               if game.appearance(camera.cell_at(pos)) == "covered" and near(w, pos, palette.flag, 3) == 0]
    flag_at = next(pos for pos in covered if camera.cell_at(pos) in mines)
    flagged = camera.cell_at(flag_at)
    w.click(flag_at, button=3)
    assert game.mark(flagged) == "flag"
    assert near(w, camera.cell_rect(flagged).center, palette.flag) >= 2, "the flag does not show zoomed out"
    rect = scene.minimap.rect
    on_map = (rect.left + flagged[1] * rect.width // 1000, rect.top + flagged[0] * rect.height // 1000)
    assert near(w, on_map, palette.flag, 1) >= 1, "the minimap does not show the flag"
    inside = board.inflate(-4 * HIT_PX, -4 * HIT_PX)
    hit_at = next(pos for pos in covered if camera.cell_at(pos) in mines and camera.cell_at(pos) != flagged
                  and inside.collidepoint(pos) and abs(pos[0] - flag_at[0]) + abs(pos[1] - flag_at[1]) > 4 * HIT_PX)
    exploded = camera.cell_at(hit_at)
    w.click(hit_at)
    assert game.state is State.LOST and game.exploded == exploded
    for _ in range(600):  # the explosion plays, then the board shows every mine
        if scene.look is None:
            break
        w.step(1)
    w.step()
    assert scene.look is None
    centre = scene.layout.camera.cell_rect(exploded).center
    assert near(w, centre, palette.mine_hit, HIT_PX // 2) >= (HIT_PX - 2) ** 2 - 4, "the exploded mine is lost"
