"""Start the window game: display, sprites, services, the first scene, and the loop."""

from __future__ import annotations

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "Minesweeper")  # X11 window class (task bars, xdotool)

import pygame  # noqa: E402

from game.ui.assets import Assets  # noqa: E402
from game.ui.clock import SystemClock  # noqa: E402
from game.ui.display import Display  # noqa: E402
from game.ui.layout import MENU_SIZE, BoardLayout, fit_cell, max_board  # noqa: E402
from game.ui.loop import Loop  # noqa: E402
from game.ui.scene import SceneManager  # noqa: E402
from game.ui.services import Services  # noqa: E402
from game.ui.settings import Settings  # noqa: E402


def first_scene(services, config):
    """The scene to open with: the given game (a level, a size or a board file), else the menu."""
    from game.ui.scenes.menu import Menu
    from game.ui.scenes.playing import Playing
    if config is None:
        return Menu(services)
    if services.loaded is not None:
        from game.boardfile import start_game
        return Playing(services, start_game(services.loaded, config, rng=services.rng,
                                            clock=services.clock.now))
    return Playing(services, services.new_game(config))


def build(args, clock=None) -> tuple[Loop, Services]:
    """Open the window and build the loop for parsed ``args`` (game.cli.parse_args).

    Raises:
        ValueError: the board given on the command line does not fit this screen.
    """
    pygame.font.init()  # display is set up by Display; no audio needed
    settings = Settings.from_args(args)
    display = Display(fullscreen=settings.fullscreen and not getattr(args, "windowed", False))
    config = getattr(args, "config", None)
    if config is not None and fit_cell(config.rows, config.cols, display.area()) is None:
        rows, cols = max_board(display.area())
        raise ValueError(f"board: {config.rows}x{config.cols} does not fit this screen; a window shows "
                         f"at most {rows} rows and {cols} columns (try --console for bigger boards)")
    size = MENU_SIZE if config is None else BoardLayout(config.rows, config.cols,
                                                         fit_cell(config.rows, config.cols, display.area())).size
    display.open(size)
    services = Services(settings=settings, rng=args.rng, clock=clock or SystemClock(), display=display,
                        assets=Assets(), loaded=getattr(args, "loaded", None),
                        no_guess=bool(getattr(args, "no_guess", False)))
    manager = SceneManager(services, first_scene(services, config))
    return Loop(manager, services.clock), services


def run_window(args) -> int:
    """Play in a window until the player quits; returns the process exit status.

    Exit status 2 with a message when the command-line board does not fit the screen.
    """
    try:
        loop, _ = build(args)
    except ValueError as err:
        print(f"python main.py: error: {err}", file=sys.stderr)
        pygame.quit()
        return 2
    try:
        loop.run()
    finally:
        pygame.quit()
    return 0
