"""CameraView: a board bigger than its viewport, drawn through the camera at any zoom and
scroll: the cells in view as sprites, or as an overview of one colour a cell."""

import random

import pygame
import pytest

from game.rules.board import Config
from game.midend.match import Match
from game.rules.moves import FLAG, REVEAL, Move
from game.ui.shared.assets import Assets
from game.ui.play.camera import Camera
from game.ui.play.camera_view import CameraView
from game.ui.shared.canvas import Canvas
from game.ui.play.layout import BoardLayout
from game.ui.shared.theme import palette

VIEWPORT = pygame.Rect(8, 53, 320, 240)


@pytest.fixture
def board():
    """A 100x100 game opened in the middle, seen through a 320x240 viewport at 16 px a cell."""
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    match = Match(Config(100, 100, 600), rng=random.Random(4))
    match.apply(Move(REVEAL, (50, 50)))  # the midend lays the mines at the first click
    game = match.game
    layout = BoardLayout(100, 100)
    layout.camera = Camera(VIEWPORT, 100, 100, 16)
    view = CameraView(layout, Assets().cell_sprites, game.overview)
    view.refresh(game.appearance)
    yield game, layout, view
    pygame.display.quit()


def canvas(scale: float = 1.0) -> Canvas:
    size = (340, 300)
    return Canvas(pygame.Surface((round(size[0] * scale), round(size[1] * scale))), scale, size)


def shows_sprites(screen: Canvas, game, camera: Camera) -> bool:
    """Every cell wholly in view shows its appearance's sprite, pixel for pixel."""
    assets = Assets()
    rows, cols = camera.visible()
    checked = 0
    for r in rows:
        for c in cols:
            rect = camera.cell_rect((r, c))
            if not VIEWPORT.contains(rect):
                continue
            sprite = assets.cell_sprites(screen.rect(rect).width)[game.appearance((r, c))]
            if screen.pixels(rect) != pygame.image.tobytes(sprite, "RGB"):
                return False
            checked += 1
    return checked > 0


@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_the_cells_in_view_are_drawn_at_any_scroll(board, scale):
    game, layout, view = board
    camera = layout.camera
    screen = canvas(scale)
    camera.centre_on((50, 50))
    view.draw(screen)
    assert shows_sprites(screen, game, camera)
    camera.pan(-250, 130)  # no refresh: the camera moved, the view follows
    view.draw(screen)
    assert shows_sprites(screen, game, camera)
    assert view.blits <= 2 * 21 * 16 + 2 * 21 * 16  # only the cells in view, twice


def test_a_move_in_view_repaints_and_one_out_of_view_does_not(board):
    game, layout, view = board
    camera, screen = layout.camera, canvas()
    camera.centre_on((50, 50))
    view.draw(screen)
    rows, cols = camera.visible()
    hidden = next(c for c in game.cells() if game.appearance(c) == "covered" and not (c[0] in rows and c[1] in cols))
    painted = view.blits
    outcome = game.apply(Move(FLAG, hidden))
    view.refresh(game.appearance, outcome.changed)
    view.draw(screen)
    assert view.blits == painted  # nothing in view changed
    shown = next(c for c in game.cells() if game.appearance(c) == "covered" and camera.shows(c))
    outcome = game.apply(Move(FLAG, shown))
    view.refresh(game.appearance, outcome.changed)
    view.draw(screen)
    assert view.blits > painted and shows_sprites(screen, game, camera)


def test_an_opening_of_a_million_cells_is_checked_by_its_row_runs(board):
    match = Match(Config(1000, 1000, 10), rng=random.Random(1))
    outcome = match.apply(Move(REVEAL, (500, 500)))
    game = match.game
    layout = BoardLayout(1000, 1000)
    layout.camera = Camera(VIEWPORT, 1000, 1000, 16)
    view = CameraView(layout, Assets().cell_sprites, game.overview)
    view.draw(canvas())
    view.refresh(game.appearance, outcome.opened)  # CellRuns: no million tuples
    assert view._shown is None


def test_zoomed_out_the_board_is_an_overview_of_one_colour_a_cell(board):
    game, layout, view = board
    camera, screen = layout.camera, canvas()
    camera.zoom_to(0)  # the whole board: 2.4 px a cell
    view.draw(screen)
    assert view.overviewed and view.overviews == 1
    colours = {"covered": palette.covered_flat, "flag": palette.flag}
    for cell in [(0, 0), (99, 99), (50, 50), (20, 70)]:
        look = game.appearance(cell)
        expected = colours.get(look, palette.revealed)
        rect = camera.cell_rect(cell)
        assert tuple(screen.get_at(rect.center))[:3] == expected, (cell, look)


def test_a_view_without_an_overview_reads_the_cells_looks(board):
    game, layout, _ = board
    view = CameraView(layout, Assets().cell_sprites)
    view.refresh(game.appearance)
    layout.camera.zoom_to(0)
    screen = canvas()
    view.draw(screen)
    rect = layout.camera.cell_rect((50, 50))
    assert tuple(screen.get_at(rect.center))[:3] == palette.revealed
