"""The context every scene receives: settings, records, randomness, clock, display, sprites.

The games themselves are the run's :class:`game.session.Session` (``services.session``), the
console's too: the scenes call it directly to make a match, start a new game, retry, abandon,
record an end, say the 3BV filter's miss and build a no-guess board; Services keeps no game
logic of its own (it builds the session from the settings and keeps the 3BV filter in step
with the Options: :meth:`Services.set_option`) and holds what only a window has.

Scenes reach the menu and a new Playing scene through ``scenes`` (``.menu()``,
``.playing(game)``), set once by game.ui.app, so that no scene module imports the
menu or the Playing scene (see the import graph in game.ui).

Other parts of the game plug in here rather than into the scenes: append to
``finish_hooks`` (told each game's end after the session recorded it: game.session.Session.hooks), or add keys to ``Services.extra_keys`` (key ->
callable(playing_scene) returning the next scene or None to stay), which the
Playing scene consults for keys it does not know.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field
from typing import Callable

from game.rules.board import Config
from game.midend.deal import first_click_of
from game.i18n import set_language, system_language
from game.midend.match import Match
from game.messages import warn
from game.session import Session, min_bv_table
from game.records.recording import Records
from game.records.settings import BEGINNER_LEVELS, Settings
from game.ui.shared import theme
from game.ui.sound import Sound
from game.ui.speech import NullSpeech


@dataclass
class Services:
    """Shared state and factories for the scenes.

    settings: this run's options (saved values with command-line overrides, see
    game.ui.settings). records: the open records database and the saved settings
    (game.records.Records), or None when nothing is recorded. rng: source of board
    seeds. clock: frame clock (game.ui.clock), whose ``now`` is also the engine
    timer. display: game.ui.display.Display. assets: game.ui.shared.assets.Assets.
    loaded: a board file to play first (game.boardfile.BoardFile) or None.
    no_guess: ask for no-guess boards (kept equal to ``settings.no_guess``).
    scenes: builds the scenes the others go to by name, ``menu()``, ``replay(replay, back)`` and
    ``playing(game)`` (game.ui.app.Navigation, set by game.ui.app.build).
    sound: the sound effects (game.ui.sound.Sound), built from the settings' ``volume``
    and ``muted`` unless given; :meth:`set_option` keeps it in step with them.
    speech: what the window says aloud (game.ui.speech: ``say(text, interrupt=False)``,
    never blocking); speech off (NullSpeech) unless given: game.ui.app.build opens the
    speech service when ``settings.speech`` is on (:meth:`apply_speech`). speech_mode: which
    service (``--speech``'s word: ``auto`` or a client's name, game.records.settings.SPEECH_MODES).
    touch_seen: a finger touched the window this run (:attr:`touch_layout`).
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
    first_code: object = None  # --code, --daily: the first game's board code (game.session.Session.first_code)
    first_daily: str | None = None  # --daily: its UTC date, YYYY-MM-DD (game.session.Session.first_daily)
    first_race: object = None  # --race: the ghost raced first, a game.replay.race.Ghost (game.ui.app.first_scene)
    min_bv: int | None = None  # --min-bv: the 3BV filter of this run, every level (else the settings' bv_filter)
    scenes: object = None  # the navigation seam: .menu(), .playing(game), .replay(replay, back) (game.ui.app.Navigation)
    sound: object = None  # game.ui.sound.Sound, built from the settings when None
    speech: object = field(default_factory=NullSpeech)  # game.ui.speech: announcements, off by default
    touch_seen: bool = False  # a finger touched the window this run (game.ui.app.WindowManager.handle)
    speech_mode: str = "auto"  # --speech MODE: the speech service tried (game.ui.speech.service.open_speech)

    @property
    def touch_layout(self) -> bool:
        """The touch layout is on: a touch seen this run, or Options' "Touch layout"
        (settings.touch_layout): cells a finger can hit at the automatic scale
        (game.ui.play.room.finger_cells), the flag-mode button in the HUD (game.ui.play.touch)."""
        return bool(self.touch_seen or getattr(self.settings, "touch_layout", False))

    def config_for(self, rows: int, cols: int, mines: int) -> Config:
        """A Config of this size with the current options (raises ValueError like Config).

        No-guess boards always use the ``opening`` first-click rule (game.midend.deal.first_click_of).
        """
        return Config(rows, cols, mines, first_click=first_click_of(self.settings.first_click, self.no_guess),
                      questions=self.settings.questions, no_guess=self.no_guess)

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
        if "bv_filter" in values:
            self.session.min_bv = min_bv_table(self.min_bv, self.settings.bv_filter)
        if "volume" in values:
            self.sound.volume = self.settings.volume
        if "muted" in values:
            self.sound.set_muted(self.settings.muted)
        return self.records.save_settings() if self.records is not None else None

    def apply_speech(self, wait: float | None = None) -> str | None:
        """Open the speech service when ``settings.speech`` is on (``speech_mode``'s:
        game.ui.speech.service.open_speech, each client given ``wait`` seconds to answer, its
        default when None), or close it when off; the message saying none could be opened
        (which were tried, what to install), else None. Speech is then off for the run (the
        setting stays: the next run tries again)."""
        from game.ui.speech.service import OPEN_SECONDS, open_speech
        self._speech_job = None  # (one opened apart is dropped: poll_speech)
        old = self.speech
        if self.settings.speech and getattr(old, "enabled", False):
            return None
        close = getattr(old, "close", None)
        if close is not None:
            close()
        self.speech, message = open_speech(self.speech_mode if self.settings.speech else "off",
                                           wait=OPEN_SECONDS if wait is None else wait)
        return message

    def open_speech_apart(self) -> None:
        """Open the speech service (settings.speech on) on a thread of its own, so no frame
        waits for a service to answer (the Options' Speech line): :meth:`poll_speech` takes it
        when it is ready. Speech is off meanwhile."""
        from game.ui.speech.service import open_speech
        close = getattr(self.speech, "close", None)
        if close is not None:
            close()
        self.speech = NullSpeech()
        job: dict = {}
        mode = self.speech_mode

        def run() -> None:
            job["result"] = open_speech(mode)
        job["thread"] = threading.Thread(target=run, name="speech-open", daemon=True)
        job["thread"].start()
        self._speech_job = job

    def poll_speech(self) -> tuple[bool, str | None]:
        """(done, message) of :meth:`open_speech_apart`: done once the service answered or none
        could be opened (then ``speech`` is the new backend), with the message saying why none
        was (else None); (True, None) when nothing is being opened. A job whose result comes
        after speech was turned off again is closed."""
        job = getattr(self, "_speech_job", None)
        if job is None:
            return True, None
        if "result" not in job:
            return False, None
        self._speech_job = None
        backend, message = job["result"]
        if not self.settings.speech:
            backend.close()
            return True, None
        self.speech = backend
        return True, message

    def apply_language(self) -> None:
        """Speak ``settings.language`` (the system's when None) from the next frame on: every
        label is looked up again when drawn, and the window's title changes at once."""
        set_language(self.settings.language or system_language())
        self.display.retitle()
        self.display.repaint()

    def apply_theme(self) -> None:
        """Draw with ``settings.theme`` from the next frame on (game.ui.shared.theme.use): every
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
                               first_seed=self.first_seed, seeded=self.seeded, hooks=self.finish_hooks,
                               first_code=self.first_code, first_daily=self.first_daily,
                               min_bv=min_bv_table(self.min_bv, self.settings.bv_filter), warn=warn)

    @property
    def last_level(self) -> str | None:
        """The level of the last game that ended in this run (the Statistics open on it):
        the session's (game.session.Session.last_level)."""
        return self.session.last_level

    @last_level.setter
    def last_level(self, level: str | None) -> None:
        self.session.last_level = level
