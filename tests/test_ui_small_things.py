"""Issue 27's small things in the window, each told by posted events (headless SDL): the Games
page's Esc, the custom form's refusal, the mute sign, one 3BV/s on the result panel, the help's
complete list."""

import pygame

from game.ui.scenes.menu import Menu
from game.ui.scenes.stats import Statistics


def open_statistics(w):
    assert isinstance(w.scene, Menu)
    button = next(b for b in w.scene.list.buttons if b.label == "Statistics...")
    w.click(button.rect.center)
    assert isinstance(w.scene, Statistics)
    return w.scene


def test_esc_on_the_games_page_goes_back_to_the_summary_then_to_the_menu(window):
    w = window()
    stats = open_statistics(w)
    w.key(pygame.K_g)
    assert stats.page == "games"
    w.key(pygame.K_ESCAPE)
    assert w.scene is stats and stats.page == "summary"
    assert stats.bottom[1].label == "Games (G)"  # the page button says where it goes again
    w.key(pygame.K_ESCAPE)
    assert isinstance(w.scene, Menu)
