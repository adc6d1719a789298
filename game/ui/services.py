"""The context every scene receives: settings, records, randomness, clock, display, sprites.

Scenes reach the menu and a new Playing scene through ``scenes`` (``.menu()``,
``.playing(game)``), set once by game.ui.app, so that no scene module imports the
menu or the Playing scene (see the import graph in game.ui.scenes).

Other parts of the game plug in here rather than into the scenes: append to
``finish_hooks`` (the records store returns "New best time: #N"), or add keys to ``Services.extra_keys`` (key ->
callable(playing_scene) returning the next scene or None to stay), which the
Playing scene consults for keys it does not know.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

from game.board import Config
from game.i18n import set_language, system_language
from game.match import Match
from game.messages import warn
from game.session import RANKING_MIN_BV, Session
from game.records.record import LEVELS
from game.records.session import Records
from game.records.settings import BEGINNER_LEVELS, Settings
from game.ui import theme
from game.ui.sound import Sound


@dataclass
class Services:
    """Shared state and factories for the scenes.

    settings: this run's options (saved values with command-line overrides, see
    game.ui.settings). records: the open records database and the saved settings
    (game.records.Records), or None when nothing is recorded. rng: source of board
    seeds. clock: frame clock (game.ui.clock), whose ``now`` is also the engine
    timer. display: game.ui.display.Display. assets: game.ui.assets.Assets.
    loaded: a board file to play first (game.boardfile.BoardFile) or None.
    no_guess: ask for no-guess boards (kept equal to ``settings.no_guess``).
    scenes: builds the scenes the others go to by name, ``menu()``, ``replay(replay, back)`` and
    ``playing(game)`` (game.ui.app.Navigation, set by game.ui.app.build).
    sound: the sound effects (game.ui.sound.Sound), built from the settings' ``volume``
    and ``muted`` unless given; :meth:`set_option` keeps it in step with them.
    """

    settings: Settings
    rng: random.Random
    clock: object
    display: object
    assets: object
    loaded: object = None
    no_guess: bool = False
    last_custom: tuple[int, int, int] = (20, 30, 130)  # rows, cols, mines shown in the custom form
    records: Records | None = None
    finish_hooks: list[Callable[[Match, dict | None], str | None]] = field(default_factory=list)
    extra_keys: dict[int, Callable] = field(default_factory=dict)
    first_seed: int | None = None  # --seed: the seed of the first new game, as in the console
    seeded: bool = False  # --seed was given: every board of this run is predictable (layout known)
    min_bv: int | None = None  # --min-bv: the 3BV filter of this run, every level (else the settings' bv_filter)
    last_level: str | None = None  # level of the last game finished in this run (Statistics opens on it)
    scenes: object = None  # the navigation seam: .menu(), .playing(game), .replay(replay, back) (game.ui.app.Navigation)
    sound: object = None  # game.ui.sound.Sound, built from the settings when None

    def config_for(self, rows: int, cols: int, mines: int) -> Config:
        """A Config of this size with the current options (raises ValueError like Config).

        No-guess boards always use the ``opening`` first-click rule.
        """
        first_click = "opening" if self.no_guess else self.settings.first_click
        return Config(rows, cols, mines, first_click=first_click,
                      questions=self.settings.questions, no_guess=self.no_guess)

    def new_match(self, config: Config, cell: int, board=None) -> Match:
        """A new match for ``config`` (game.session.Session.new_match; ``board``: a loaded
        board file), pointer input measured at ``cell`` pixels a cell. The first dealt one
        takes ``first_seed`` (``--seed``); a no-guess game's board is normally generated over
        several frames by the Playing scene and laid with ``Match.set_layout``. The 3BV
        filter is ``--min-bv`` for every level, else the settings' ``bv_filter``.
        """
        self.session.min_bv = self.min_bv_table()
        return self.session.new_match(config, cell, board)

    def min_bv_table(self) -> dict:
        """The 3BV filter in use, level -> minimum (game.session.Session.min_bv)."""
        if self.min_bv:
            return dict.fromkeys(LEVELS, self.min_bv)
        return dict(RANKING_MIN_BV) if self.settings.bv_filter == "rankings" else {}

    def finished(self, match: Match) -> list[str]:
        """The game of ``match`` ended (by a move or a redo): tell every finish hook
        (``hook(match, log)``, ``log`` its move log: Match.log_snapshot) unless this end was
        told already, and return the notes (game.session.Session.finished: one game, one
        row). The game's level becomes ``last_level``."""
        self.last_level = match.config.level
        return self.session.finished(match)

    def abandon(self, match: Match) -> str | None:
        """Record the game of ``match`` as abandoned if it is in progress
        (game.session.Session.abandon); returns the warning when it could not be saved (also
        printed on stderr), else None."""
        note = self.session.abandon(match)
        if note:
            warn(note)
        return note

    # ----- the player's choices, saved at once -----------------------------------------------
    def set_option(self, **values) -> str | None:
        """Set options for this run and save them as the player's choice.

        ``values`` are Settings field names (``questions=True``). Returns the warning
        when the settings file cannot be written (the run still uses the values), else None.
        """
        for name, value in values.items():
            setattr(self.settings, name, value)
            if self.records is not None:
                setattr(self.records.settings, name, value)
        if "no_guess" in values:
            self.no_guess = bool(values["no_guess"])
        if "volume" in values:
            self.sound.volume = self.settings.volume
        if "muted" in values:
            self.sound.set_muted(self.settings.muted)
        return self.records.save_settings() if self.records is not None else None

    def apply_language(self) -> None:
        """Speak ``settings.language`` (the system's when None) from the next frame on: every
        label is looked up again when drawn, and the window's title changes at once."""
        set_language(self.settings.language or system_language())
        self.display.retitle()
        self.display.repaint()

    def apply_theme(self) -> None:
        """Draw with ``settings.theme`` from the next frame on (game.ui.theme.use): every
        cached layer (board, frame, overlays) and sprite set notices and is drawn again."""
        theme.use(self.settings.theme)
        self.display.repaint()

    def remember_start(self, config: Config) -> str | None:
        """Save the level (and custom size) of a game started from the menu; warning or None.
        Either Beginner is saved as ``beginner``: which board it is, is ``beginner_size``'s."""
        if config.level in BEGINNER_LEVELS:
            return self.set_option(difficulty="beginner")
        if config.level != "custom":
            return self.set_option(difficulty=config.level)
        self.last_custom = (config.rows, config.cols, config.mines)
        return self.set_option(difficulty="custom", custom_rows=config.rows,
                               custom_cols=config.cols, custom_mines=config.mines)

    def sync_fullscreen(self) -> str | None:
        """Save the display mode if it changed since the last call (F11, Alt+Enter, Options).

        Only a change counts: ``--fullscreen`` on the command line is not saved by itself.
        """
        shown = bool(self.display.fullscreen)
        if shown == self._shown_fullscreen:
            return None
        self._shown_fullscreen = shown
        return self.set_option(fullscreen=shown)

    def toggle_mute(self) -> str | None:
        """Mute or unmute the sound effects, and save it (the M key while playing); warning or None."""
        return self.set_option(muted=not self.settings.muted)

    def __post_init__(self) -> None:
        if self.sound is None:
            self.sound = Sound(self.settings.volume, self.settings.muted)
        self._shown_fullscreen = bool(getattr(self.display, "fullscreen", False))
        self.no_guess = bool(self.no_guess or self.settings.no_guess)
        self.session = Session(rng=self.rng, clock=self.clock.now, records=self.records,
                               first_seed=self.first_seed, seeded=self.seeded, hooks=self.finish_hooks)
