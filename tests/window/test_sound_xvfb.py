"""The real window's sound under Xvfb: ``python main.py`` with SDL's disk audio driver
(SDL_AUDIODRIVER=disk writes the mixed output, raw, to SDL_DISKAUDIOFILE at the pace of a
real device, silence included), played with real clicks and keys from xdotool.

A click writes sound; M mutes and the file then holds only silence while the game goes on;
M again and a mine writes the explosion. Skipped (with the reason) where Xvfb, xdotool or
ImageMagick's import are missing, as the other real-window tests.
"""

import array
import random

import pytest

from game.rules.board import Config
from game.midend.match import Match
from game.ui.play.hud import mute_sign_rect
from game.ui.sound import MIXER
from tests.xsession import PATIENCE, XSession, missing
from tests.window_helpers import changed, differs, played_layout, playing_window, settled, shot_when, wait_for, window_scale

pytestmark = pytest.mark.skipif(bool(missing()), reason=f"needs {', '.join(missing())} for a real window")
FRAME = 2 * MIXER["channels"]  # bytes per sample frame: signed 16-bit (MIXER size -16), both channels
LOUD = 1000  # a sample above this, in 16-bit units (-30 dBFS), is sound, not silence
SECOND = 44100 * FRAME  # bytes of one second of output (the disk driver writes at the mixer's 44.1 kHz)


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
    audio = tmp_path / "audio.raw"
    match = Match(Config.difficulty("beginner"), rng=random.Random(3), seed=3)  # the window's first board
    match.reveal((4, 4))
    twin = match.game
    mines = sorted(twin.layout())
    covered = [c for c in twin.cells() if twin.appearance(c) == "covered" and c not in mines]
    layout = played_layout(9, 9, 10)
    with disk_audio_session(audio) as x:
        x.start_game("--difficulty", "beginner", "--seed", "3")
        board = playing_window(x, layout)
        scale = window_scale(board, layout)
        cells = [int(v * scale) for v in layout.board]
        sign = [int(v * scale) for v in mute_sign_rect(layout)]  # where M's sound-off sign shows

        def click(cell, button=1):
            cx, cy = layout.cell_rect(cell).center
            x.click(int(cx * scale), int(cy * scale), button=button)

        def size() -> int:
            return audio.stat().st_size if audio.exists() else 0

        def grown(start: int, seconds: float) -> bool:  # the mixer wrote ``seconds`` of output since ``start``
            return size() - start >= seconds * SECOND

        def rect(cell):
            return [int(v * scale) for v in layout.cell_rect(cell)]

        start = settled(x, board)  # the game is up, drawn, and idle
        assert not audio.exists() or loudest(samples(audio)) == 0  # the mixer opens at the first sound
        click((4, 4))  # the opening
        wait_for(lambda: loudest(samples(audio)) > LOUD, PATIENCE, "the first click's sound written")
        opened = changed(x, board, start, cells)

        x.key("m")
        muted = shot_when(x, board, lambda shot: differs(opened, shot, sign) > 5, "M's sound-off sign")
        muted_at = size()
        click(covered[0], button=3)  # a flag, muted
        flagged = changed(x, board, muted, rect(covered[0]), least=5)
        assert differs(muted, flagged, rect(covered[0])) > 5, "the flag did not show"
        click(covered[0], button=3)  # and taken away
        shot_when(x, board, lambda shot: differs(muted, shot, rect(covered[0])) == 0, "the flag taken away")
        taken_at = size()  # a sound for it would be written within a mixer buffer (a few 10 ms)
        wait_for(lambda: grown(muted_at, 0.4) and grown(taken_at, 0.3), PATIENCE, "the mixer writing on while muted")
        unmuted_at = size()
        quiet = samples(audio, muted_at)[:(unmuted_at - muted_at) // 2]
        assert len(quiet) >= 44100 * MIXER["channels"] * 0.4, "the mixer stopped writing while muted"
        assert loudest(quiet) == 0, "a muted game wrote sound"

        x.key("m")
        shot_when(x, board, lambda shot: differs(opened, shot, sign) == 0, "the sound-off sign gone")
        click(mines[0])
        wait_for(lambda: loudest(samples(audio, unmuted_at)) > LOUD or x.game.poll() is not None, 15,
                 "the explosion's sound written")
        assert x.game.poll() is None, "the game died"
        assert loudest(samples(audio, unmuted_at)) > LOUD, "the explosion wrote no sound"
