"""Sound effects: which one a move makes (:func:`sound_for`), and the mixer that plays them
(:class:`Sound`).

With the ``number_tones`` option a revealed number (and a number the keyboard cursor moves
onto) sounds a short tone pitched by its value, 1 lowest, 8 highest (:data:`NUMBER_NOTES`),
for a player who listens rather than reads (issue 40); the tones are synthesized when first
played, as tools/make_sounds.py makes the WAVs (a decaying sine with soft ends).

The sound follows what the game did with a move (its :class:`game.rules.moves.Outcome`), never the
input that asked for it, so the replay viewer, which applies the same moves, makes the same
sounds. The WAVs under assets/sounds/ are synthesized by tools/make_sounds.py.

No audio device (a server, SSH, a machine without sound) never stops the game: the mixer is
opened on the first sound, and if it cannot be, the game plays on silently and says so once,
in one line on stderr. SDL's dummy audio driver is a working device that plays nothing.
"""

from __future__ import annotations

import array
import math
import os
import sys
from contextlib import contextmanager
from pathlib import Path

import pygame

from game import PROG
from game.rules.engine import State
from game.i18n import _
from game.rules.moves import CHORD, FLAG, REVEAL, Outcome
from game.resources import asset

SOUNDS = asset("sounds")  # game.resources: checkout, wheel or frozen app
NAMES = ("reveal", "opening", "flag", "unflag", "chord", "explosion", "win", "best", "tick")
MIXER = {"frequency": 44100, "size": -16, "channels": 2, "buffer": 512}  # 512 samples: ~12 ms latency
VOLUME_STEP = 10  # Options' Left/Right change the volume by this, percent
# a number's tone: the major pentatonic from C5 up, a step a number (Hz)
NUMBER_NOTES = {1: 523.25, 2: 587.33, 3: 659.26, 4: 783.99, 5: 880.00, 6: 1046.50, 7: 1174.66, 8: 1318.51}
TONE_SECONDS = 0.07  # a number's tone: its length,
TONE_DECAY = 0.03  # its fading, exp(-t / this) (seconds),
TONE_PEAK = 0.35  # its peak, a fraction of full scale (-9 dBFS, as the reveal's pluck),
TONE_EDGE = 0.004  # and its soft start and end (raised cosine, seconds): no click


def tone_samples(hz: float, rate: int = 44100, seconds: float = TONE_SECONDS) -> array.array:
    """A number's tone at ``hz``: 16-bit mono samples at ``rate`` per second, a sine fading
    by TONE_DECAY, starting and ending at exactly 0, peaking under TONE_PEAK of full scale."""
    n = int(round(seconds * rate))
    edge = max(1, int(TONE_EDGE * rate))
    out = array.array("h")
    for i in range(n):
        t = i / rate
        gain = min(1.0, (n - 1 - i) / edge, i / edge)
        gain = 0.5 - 0.5 * math.cos(math.pi * gain)  # raised cosine at both ends
        out.append(int(round(32767 * TONE_PEAK * gain * math.exp(-t / TONE_DECAY) * math.sin(2 * math.pi * hz * t))))
    return out


def number_of(key: str) -> int | None:
    """The number a cell shows by its appearance ``key`` ("1".."8"), or None (covered, empty...)."""
    return int(key) if key.isdigit() and key != "0" else None


def sound_for(outcome: Outcome, mark: str | None = None) -> str | None:
    """The sound of a move that did ``outcome`` (one of NAMES), or None for a silent one.

    ``mark`` is the moved cell's appearance after the move (Game.appearance: "flag",
    "question", "covered"...): a flag move that leaves a flag sounds "flag", one that takes
    it away (to a question mark or covered) "unflag"; without it a flag move sounds "flag".
    A move that was ignored or wasted (changed nothing) is silent; a loss is "explosion",
    a win "win" (the Playing scene makes it "best" for a new best time); a reveal that
    opened more than one cell is "opening".
    """
    if outcome.ignored or outcome.wasted or not outcome.changed:
        return None
    if outcome.exploded is not None:
        return "explosion"
    if outcome.ended:
        return "win"
    kind = outcome.move.kind
    if kind == FLAG:
        return "flag" if mark in (None, "flag") else "unflag"
    if kind == CHORD:
        return "chord"
    if kind == REVEAL:
        return "opening" if len(outcome.opened) > 1 else "reveal"
    return None


class Sound:
    """The run's sound effects: ``play(name)`` at ``volume`` percent (0..100) unless ``muted``.

    The mixer opens and the WAVs under ``folder`` load on the first sound played; when that
    fails (no audio device, a missing file) every later call does nothing, and one line
    naming the reason goes to ``stderr`` (sys.stderr when None) for the object's whole life.
    No method raises.
    """

    def __init__(self, volume: int = 70, muted: bool = False, folder: Path = SOUNDS, stderr=None) -> None:
        self.volume = volume
        self.muted = muted
        self.folder = folder
        self.stderr = stderr
        self.sounds: dict[str, pygame.mixer.Sound] | None = None  # loaded on the first play
        self.tones: dict[int, pygame.mixer.Sound] = {}  # each number's tone, made on its first play
        self.failed: str | None = None  # why sound is off for this run, once it is

    @property
    def volume(self) -> int:
        """Loudness, percent of the WAVs' own level (0..100; other values are clamped)."""
        return self._volume

    @volume.setter
    def volume(self, value: int) -> None:
        self._volume = min(max(int(value), 0), 100)
        if getattr(self, "sounds", None):
            self._set_volumes()

    def toggle_mute(self) -> bool:
        """Mute or unmute (a sound playing stops); returns ``muted`` now."""
        self.set_muted(not self.muted)
        return self.muted

    def set_muted(self, muted: bool) -> None:
        """Mute (stopping any sound playing) or unmute."""
        self.muted = bool(muted)
        if self.muted and self.sounds:
            self._guard(pygame.mixer.stop)

    def play(self, name: str | None) -> bool:
        """Play sound ``name`` (one of NAMES; None plays nothing); True if it was started.

        Nothing plays while muted, at volume 0, or once the mixer failed."""
        if name is None or self.muted or self.volume == 0 or not self.ready():
            return False
        sound = self.sounds.get(name)
        return sound is not None and self._guard(sound.play)

    def play_number(self, number: int | None) -> bool:
        """Play the tone of ``number`` (1..8: NUMBER_NOTES; None and others play nothing); True
        if it was started. As :meth:`play`: nothing while muted, at volume 0, without a mixer."""
        if number not in NUMBER_NOTES or self.muted or self.volume == 0 or not self.ready():
            return False
        if number not in self.tones:
            rate, _size, channels = pygame.mixer.get_init()
            mono = tone_samples(NUMBER_NOTES[number], rate)
            samples = array.array("h", (v for v in mono for _c in range(channels))) if channels > 1 else mono
            try:
                self.tones[number] = pygame.mixer.Sound(buffer=samples.tobytes())
            except Exception as err:  # a mixer of another sample format: play on without tones
                self._fail(err)
                return False
            self._guard(self.tones[number].set_volume, self.volume / 100)
        return self._guard(self.tones[number].play)

    def ready(self) -> bool:
        """Open the mixer and load the sounds, once; False when that failed (and said why)."""
        if self.sounds is not None:
            return True
        if self.failed is not None:
            return False
        try:
            if not pygame.mixer.get_init():
                with quiet_stderr():  # alsa-lib prints eight lines of its own when there is no card
                    pygame.mixer.init(**MIXER)
            self.sounds = {name: pygame.mixer.Sound(str(self.folder / f"{name}.wav")) for name in NAMES}
        except Exception as err:  # pygame.error (no device), FileNotFoundError, NotImplementedError (no mixer)
            self._fail(err)
            return False
        self._set_volumes()
        return True

    def _set_volumes(self) -> None:
        for sound in [*self.sounds.values(), *self.tones.values()]:
            self._guard(sound.set_volume, self.volume / 100)

    def _guard(self, call, *args) -> bool:
        """``call(*args)``; True, or False once an error turned sound off (never raises)."""
        try:
            call(*args)
        except Exception as err:  # a device lost while playing: play on silently
            self._fail(err)
            return False
        return True

    def _fail(self, err: Exception) -> None:
        if self.failed is None:
            self.failed = str(err) or type(err).__name__
            print(_("{prog}: no sound ({reason}); playing silently").format(prog=PROG, reason=self.failed),
                  file=self.stderr or sys.stderr)
        self.sounds = None


@contextmanager
def quiet_stderr():
    """Send what C libraries write to file descriptor 2 to /dev/null for the ``with`` block.

    SDL opens the audio device through alsa-lib, which writes its own error lines ("ALSA lib
    confmisc.c:855: cannot find card '0'" and seven more) straight to fd 2 when a machine has
    no sound card; the player is told once, in the game's own words (:meth:`Sound._fail`).
    Where descriptors cannot be redirected, nothing is hidden."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        sys.stderr.flush()
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class MoveSounds:
    """The sounds of one game in the window (a member of the Playing scene): the sound of each
    move's outcome, once, and the timer's tick.

    Args:
        services: the scene's services (``sound``, ``settings``, ``records``).
    """

    def __init__(self, services) -> None:
        self.services = services
        self.unheard = None  # the last move's Outcome, its sound still to play
        self.ticked = 0  # the timer's whole second the tick was last played for

    def queue(self, outcome) -> None:
        """``outcome`` (a game.rules.moves.Outcome) is the move to be heard next (:meth:`hear`)."""
        self.unheard = outcome

    def hear(self, game) -> None:
        """Play the sound of the last move's outcome on ``game`` (game.ui.sound.sound_for),
        once; a win that the records made a new best time sounds "best"."""
        outcome, self.unheard = self.unheard, None
        if outcome is None:
            return
        name = sound_for(outcome, game.appearance(outcome.move.cell))
        if name == "win" and getattr(self.services.records, "last_rank", None):
            name = "best"
        if name in ("reveal", "chord") and len(outcome.opened) == 1 and self.services.settings.number_tones:
            (cell,) = tuple(outcome.opened)
            if self.number_tone(game.appearance(cell)):
                return
        self.services.sound.play(name)

    def number_tone(self, key: str) -> bool:
        """With the ``number_tones`` option: play the tone of the number appearance ``key``
        shows ("1".."8"; game.ui.sound.NUMBER_NOTES); True if one was started."""
        if not self.services.settings.number_tones:
            return False
        return self.services.sound.play_number(number_of(key))

    def tick(self, match) -> None:
        """The timer's tick, once for each whole second of ``match``'s clock while its game
        runs, when the ``tick`` option is on."""
        second = int(match.elapsed)
        if second > self.ticked and match.game.state is State.PLAYING and not match.paused \
                and self.services.settings.tick:
            self.services.sound.play("tick")
        self.ticked = second
