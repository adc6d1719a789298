"""The real window's sound under Xvfb: ``python main.py`` with SDL's disk audio driver
(SDL_AUDIODRIVER=disk writes the mixed output, raw, to SDL_DISKAUDIOFILE at the pace of a
real device, silence included), played with real clicks and keys from xdotool.

A click writes sound; M mutes and the file then holds only silence while the game goes on;
M again and a mine writes the explosion. Skipped (with the reason) where Xvfb, xdotool or
ImageMagick's import are missing, as the other real-window tests.
"""

import array
import random
import time

import pytest

from game.board import Config
from game.match import Match
from game.ui.layout import BoardLayout
from game.ui.sound import MIXER
from game.ui.xsession import XSession, missing
from tests.window_helpers import window_scale

pytestmark = pytest.mark.skipif(bool(missing()), reason=f"needs {', '.join(missing())} for a real window")
FRAME = 2 * MIXER["channels"]  # bytes per sample frame: signed 16-bit (MIXER size -16), both channels
LOUD = 1000  # a sample above this, in 16-bit units (-30 dBFS), is sound, not silence


def disk_audio_session(path) -> XSession:
    """An XSession whose game writes its audio to ``path`` (SDL's disk driver)."""
    return XSession(audio={"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(path)})


def samples(path, start: int = 0) -> array.array:
    """The 16-bit samples (native byte order: the mixer asks SDL for AUDIO_S16SYS) written to
    ``path`` from byte ``start`` (rounded down to a whole frame), whole frames only."""
    data = path.read_bytes() if path.exists() else b""
    start -= start % FRAME
    return array.array("h", data[start:len(data) - (len(data) - start) % FRAME])


def loudest(values: array.array) -> int:
    return max((abs(v) for v in values), default=0)


def test_a_click_and_a_mine_sound_and_mute_writes_silence(tmp_path):
    started = time.monotonic()
    audio = tmp_path / "audio.raw"
    match = Match(Config.difficulty("beginner"), rng=random.Random(3), seed=3)  # the window's first board
    match.reveal((4, 4))
    twin = match.game
    mines = sorted(twin.layout())
    covered = [c for c in twin.cells() if twin.appearance(c) == "covered" and c not in mines]
    layout = BoardLayout(9, 9)
    with disk_audio_session(audio) as x:
        x.start_game("--difficulty", "beginner", "--seed", "3")
        board = x.geometry()
        scale = window_scale(board, layout)

        def click(cell, button=1):
            cx, cy = layout.cell_rect(cell).center
            x.click(int(cx * scale), int(cy * scale), button=button)

        time.sleep(0.3)
        assert not audio.exists() or loudest(samples(audio)) == 0  # the mixer opens at the first sound
        click((4, 4))  # the opening
        time.sleep(0.6)
        assert loudest(samples(audio)) > LOUD, "the first click wrote no sound"

        x.key("m")
        time.sleep(0.3)
        muted_at = audio.stat().st_size
        click(covered[0], button=3)  # a flag, muted
        time.sleep(0.2)
        click(covered[0], button=3)  # and taken away
        time.sleep(0.5)
        unmuted_at = audio.stat().st_size
        quiet = samples(audio, muted_at)[:(unmuted_at - muted_at) // 2]
        assert len(quiet) >= 44100 * MIXER["channels"] * 0.4, "the mixer stopped writing while muted"
        assert loudest(quiet) == 0, "a muted game wrote sound"

        x.key("m")
        time.sleep(0.2)
        click(mines[0])
        time.sleep(0.9)
        assert x.game.poll() is None, "the game died"
        assert loudest(samples(audio, unmuted_at)) > LOUD, "the explosion wrote no sound"
    assert time.monotonic() - started < 20
