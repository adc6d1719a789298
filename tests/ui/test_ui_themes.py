"""Themes in the window: chosen by --theme or in Options (at once, saved, used by the next
run), and drawn everywhere: no scene keeps a colour of another theme (headless SDL,
posted events)."""

import json

import pygame
import pytest

from game.records.settings import THEME_CHOICES
from game.ui.options.screen import Options
from game.ui.play.result import GameOver
from game.ui.shared.theme import CLASSIC, THEME_NAMES, THEMES, current

THEME_ROW = 5  # the Theme line of Options


def colours(w) -> dict[tuple[int, int, int], int]:
    """How many canvas pixels show each colour now."""
    data = w.screen.pixels()
    counts: dict[tuple[int, int, int], int] = {}
    for i in range(0, len(data), 3):
        rgb = tuple(data[i:i + 3])
        counts[rgb] = counts.get(rgb, 0) + 1
    return counts


def test_the_settings_know_every_theme():
    assert tuple(THEME_CHOICES) == THEME_NAMES


@pytest.mark.parametrize("name", THEME_NAMES)
def test_the_command_line_theme_colours_the_board(window, name):
    w = window(["--theme", name, "--difficulty", "beginner", "--seed", "1"])
    assert current() is THEMES[name]
    layout = w.scene.layout
    assert tuple(w.screen.get_at((layout.board.left - 6, layout.board.top)))[:3] == THEMES[name].panel
    rect = layout.cell_rect((0, 0))
    covered = w.scene.services.assets.cell_sprites(w.screen.rect(rect).width)["covered"]
    assert w.screen.pixels(rect) == pygame.image.tobytes(covered, "RGB")


def test_covered_cells_differ_between_themes(window):
    shown = {}
    for name in THEME_NAMES:
        w = window(["--theme", name, "--difficulty", "beginner", "--seed", "1"])
        shown[name] = w.screen.pixels(w.scene.layout.cell_rect((0, 0)))
        pygame.display.quit()
    assert len(set(shown.values())) == len(THEME_NAMES)


def test_options_switch_the_theme_at_once_and_save_it(window, isolated_data_dir):
    w = window([])
    w.click(w.scene.list.buttons[4].rect.center)
    options = w.scene
    assert isinstance(options, Options) and options.rows()[THEME_ROW][0] == "Theme"
    background = (3, options.size()[1] - 3)
    assert tuple(w.screen.get_at(background))[:3] == CLASSIC.panel
    w.click(options.row_rect(THEME_ROW).center)
    assert options.rows()[THEME_ROW][1] == "dark" and current().name == "dark"
    assert tuple(w.screen.get_at(background))[:3] == THEMES["dark"].panel  # this very frame's screen
    saved = json.loads((isolated_data_dir / "settings.json").read_text())
    assert saved["theme"] == "dark"
    w.key(pygame.K_RIGHT)
    assert options.rows()[THEME_ROW][1] == "high contrast"
    pygame.display.quit()
    again = window(["--difficulty", "beginner", "--seed", "1"])  # the next run uses the saved theme
    assert current().name == "contrast"
    assert tuple(again.screen.get_at((3, 3)))[:3] != CLASSIC.panel


def visit_every_scene(w):
    """Yield after showing each of: menu, options, a board in play, help, a lost game, statistics."""
    yield "menu"
    w.click(w.scene.list.buttons[4].rect.center)
    yield "options"
    w.key(pygame.K_ESCAPE)
    w.click(w.scene.list.buttons[0].rect.center)  # Beginner
    game = w.scene.game
    w.click_cell((4, 4))
    yield "playing"
    w.key(pygame.K_F1)
    yield "help"
    w.key(pygame.K_ESCAPE)
    mine = sorted(game.layout())[0]
    w.click_cell(mine)
    w.step(40)  # the explosion and the shake are over
    assert isinstance(w.scene, GameOver)
    yield "game over"
    w.key(pygame.K_ESCAPE)
    w.click(w.scene.list.buttons[5].rect.center)  # Statistics...
    yield "statistics"


@pytest.mark.parametrize("name", ["dark", "contrast"])
def test_no_scene_keeps_a_classic_colour(window, name):
    """Classic grey (the panels and cells of classic Windows, over half the window there) covers
    at most 1 % of the window in another theme (a few pixels of anti-aliased text may land on
    it), and Dark has no pure white anywhere, on every scene a player visits."""
    w = window(["--theme", name, "--seed", "3"])
    for scene in visit_every_scene(w):
        shown = colours(w)
        assert shown.get(CLASSIC.panel, 0) <= sum(shown.values()) // 100, scene
        if name == "dark":
            assert (255, 255, 255) not in shown, scene
