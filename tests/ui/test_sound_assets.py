"""The committed sound effects (assets/sounds/, made by tools/make_sounds.py): their format,
lengths and levels, and that the script makes the same files again."""

import array
import math
import sys
import wave
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOUNDS = ROOT / "assets" / "sounds"
LENGTHS = {  # name -> (shortest, longest) seconds
    "reveal": (0.03, 0.08), "flag": (0.03, 0.08), "unflag": (0.03, 0.08), "tick": (0.03, 0.08),
    "opening": (0.1, 0.3), "chord": (0.08, 0.2), "explosion": (0.5, 0.7),
    "win": (0.6, 1.0), "best": (0.6, 1.0),
}


def samples(path: Path) -> tuple[wave._wave_params, array.array]:
    with wave.open(str(path)) as w:
        data = array.array("h", w.readframes(w.getnframes()))
        if sys.byteorder == "big":
            data.byteswap()
        return w.getparams(), data


@pytest.mark.parametrize("name", sorted(LENGTHS))
def test_each_sound_is_short_16_bit_mono_44100_below_minus_3_dbfs_and_starts_and_ends_silent(name):
    params, data = samples(SOUNDS / f"{name}.wav")
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 44100)
    low, high = LENGTHS[name]
    assert low <= params.nframes / 44100 <= high
    peak = max(abs(v) for v in data)
    assert 0 < peak <= 32767 * 10 ** (-3 / 20), f"{name}: peak {20 * math.log10(peak / 32767):.1f} dBFS"
    # soft attack and release: no jump from silence (a click) at either end
    assert data[0] == 0 and data[-1] == 0
    assert max(abs(v) for v in data[:20]) < peak * 0.2
    assert max(abs(v) for v in data[-20:]) < peak * 0.2


def test_the_sounds_are_small_in_all():
    assert sum(p.stat().st_size for p in SOUNDS.glob("*.wav")) < 250_000
    assert {p.stem for p in SOUNDS.glob("*.wav")} == set(LENGTHS)


def test_the_script_makes_the_committed_files_again(tmp_path):
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_sounds
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert make_sounds.main([str(tmp_path)]) == 0
    for name in LENGTHS:  # the same samples, give or take the last bit of another platform's maths
        made, committed = samples(tmp_path / f"{name}.wav")[1], samples(SOUNDS / f"{name}.wav")[1]
        assert len(made) == len(committed) and max(abs(a - b) for a, b in zip(made, committed)) <= 1, name


def test_a_peak_above_minus_3_dbfs_is_refused():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_sounds
    finally:
        sys.path.remove(str(ROOT / "tools"))
    with pytest.raises(ValueError):
        make_sounds.finish([0.0, 1.0, 0.0], -1)
