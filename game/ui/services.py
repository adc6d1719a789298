"""The context every scene receives: settings, randomness, clock, display, sprites.

Other parts of the game plug in here rather than into the scenes: replace
``make_game`` (e.g. a no-guess generator), append to ``finish_hooks`` (e.g. a
records store that returns "New best time!"), or add keys to
``Services.extra_keys`` (key -> callable(playing_scene) returning the next scene
or None to stay), which the Playing scene consults for keys it does not know.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

from game.board import Config
from game.engine import Game
from game.ui.settings import Settings


@dataclass
class Services:
    """Shared state and factories for the scenes.

    settings: the player's options. rng: mine placement randomness. clock: frame
    clock (game.ui.clock), whose ``now`` is also the engine timer. display:
    game.ui.display.Display. assets: game.ui.assets.Assets. loaded: a board file to
    play first (game.boardfile.BoardFile) or None. no_guess: ask for no-guess boards.
    """

    settings: Settings
    rng: random.Random
    clock: object
    display: object
    assets: object
    loaded: object = None
    no_guess: bool = False
    last_custom: tuple[int, int, int] = (20, 30, 145)  # rows, cols, mines shown in the custom form
    finish_hooks: list[Callable[[Game], str | None]] = field(default_factory=list)
    extra_keys: dict[int, Callable] = field(default_factory=dict)
    make_game: Callable[[Config], Game] | None = None

    def config_for(self, rows: int, cols: int, mines: int) -> Config:
        """A Config of this size with the current options (raises ValueError like Config)."""
        return Config(rows, cols, mines, first_click=self.settings.first_click,
                      questions=self.settings.questions, no_guess=self.no_guess)

    def new_game(self, config: Config) -> Game:
        """A fresh game for ``config`` through ``make_game`` (default: a plain Game)."""
        if self.make_game is not None:
            return self.make_game(config)
        return Game(config, rng=self.rng, clock=self.clock.now)

    def finished(self, game: Game) -> list[str]:
        """Tell every finish hook that ``game`` ended; return the notes they give back."""
        notes = []
        for hook in self.finish_hooks:
            note = hook(game)
            if note:
                notes.append(note)
        return notes
