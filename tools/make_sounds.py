"""Synthesize every sound effect of the window game and write them as WAVs under assets/sounds/.

Run ``python tools/make_sounds.py`` after changing a sound; commit this script and the WAVs
together. Standard library only (math, array, wave, random seeded): the same files at every
run. Format: 16-bit signed PCM, mono, 44100 Hz.

Every sound is a sum of partials (sine tones with an exponential decay, a pitch glide) or
filtered noise, shaped by an envelope that rises from silence over a few milliseconds
(raised cosine) and falls back to exactly zero at the end, so no sound starts or stops with
a click; each is then scaled to its peak level (at most -3 dBFS: 0.708 of full scale).
Notes are named by frequency in hertz (A4 = 440 Hz, equal temperament).
"""

from __future__ import annotations

import argparse
import array
import math
import random
import sys
import wave
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"
RATE = 44100  # samples per second
FULL = 32767  # full scale of a 16-bit sample
ATTACK = 0.004  # seconds of fade in (raised cosine)
RELEASE = 0.012  # seconds of fade out at the end (raised cosine)
C5, E5, G5, C6, E6, G6 = 523.25, 659.26, 783.99, 1046.50, 1318.51, 1567.98  # note frequencies, Hz


def db(level: float) -> float:
    """Amplitude of ``level`` dBFS (0 is full scale): db(-3) = 0.708."""
    return 10 ** (level / 20)


def silence(seconds: float) -> list[float]:
    return [0.0] * int(round(seconds * RATE))


def tone(seconds: float, hz: float, decay: float, end_hz: float | None = None,
         harmonics: tuple[float, ...] = (), vibrato: float = 0.0) -> list[float]:
    """A sine of ``seconds`` gliding from ``hz`` to ``end_hz`` (exponentially), fading as
    exp(-t / ``decay``) (seconds); ``harmonics`` are the levels of partials 2, 3...; ``vibrato``
    the depth of a 5.5 Hz pitch wobble, as a fraction of the pitch. Peak about 1."""
    n = int(round(seconds * RATE))
    end_hz = hz if end_hz is None else end_hz
    out, phase = [], 0.0
    for i in range(n):
        t = i / RATE
        f = hz * (end_hz / hz) ** (i / max(1, n - 1))
        f *= 1 + vibrato * math.sin(2 * math.pi * 5.5 * t)
        phase += 2 * math.pi * f / RATE
        value = math.sin(phase) + sum(level * math.sin(k * phase) for k, level in enumerate(harmonics, 2))
        out.append(value * math.exp(-t / decay))
    return out


def noise(seconds: float, decay: float, cutoff_hz: float, seed: int) -> list[float]:
    """White noise from ``random.Random(seed)`` through a one-pole low-pass at ``cutoff_hz``
    (cutoff falling to a quarter over the sound: the rumble darkens), fading as exp(-t / decay)."""
    rng = random.Random(seed)
    n = int(round(seconds * RATE))
    out, y = [], 0.0
    for i in range(n):
        fc = cutoff_hz * (0.25 ** (i / n))
        a = 1 - math.exp(-2 * math.pi * fc / RATE)
        y += a * (rng.uniform(-1, 1) - y)
        out.append(y * math.exp(-i / RATE / decay))
    return out


def mix(*parts: tuple[float, list[float], float]) -> list[float]:
    """Sum of (start seconds, samples, gain) parts; as long as the longest reaches."""
    length = max(int(round(start * RATE)) + len(samples) for start, samples, _ in parts)
    out = [0.0] * length
    for start, samples, gain in parts:
        at = int(round(start * RATE))
        for i, value in enumerate(samples):
            out[at + i] += gain * value
    return out


def finish(samples: list[float], peak_db: float) -> array.array:
    """Apply the attack and release fades, scale the peak to ``peak_db`` dBFS and quantize
    to 16-bit samples (the first and last are 0).
    Raises:
        ValueError: ``peak_db`` above -3, or a silent sound.
    """
    if peak_db > -3:
        raise ValueError(f"peak {peak_db} dBFS is above -3 dBFS")
    n = len(samples)
    attack, release = int(ATTACK * RATE), int(RELEASE * RATE)
    shaped = []
    for i, value in enumerate(samples):
        gain = 1.0
        if i < attack:
            gain = 0.5 - 0.5 * math.cos(math.pi * i / attack)
        if i >= n - release:
            gain *= 0.5 - 0.5 * math.cos(math.pi * (n - 1 - i) / release)
        shaped.append(value * gain)
    top = max(abs(v) for v in shaped)
    if top == 0:
        raise ValueError("a silent sound")
    scale = db(peak_db) * FULL / top
    return array.array("h", (int(round(v * scale)) for v in shaped))


def sounds() -> dict[str, array.array]:
    """Every sound by name (the file is NAME.wav)."""
    return {
        # a soft pluck: 50 ms
        "reveal": finish(tone(0.05, 900, 0.015, end_hz=780, harmonics=(0.2,)), -9),
        # an opening: three quick rising plucks, 200 ms
        "opening": finish(mix((0, tone(0.08, C5, 0.03, harmonics=(0.2,)), 1),
                              (0.05, tone(0.08, E5, 0.03, harmonics=(0.2,)), 0.9),
                              (0.1, tone(0.1, G5, 0.035, harmonics=(0.2,)), 0.8)), -7),
        # the flag goes up (a rising chirp) and comes down (a falling one): 60 ms each
        "flag": finish(tone(0.06, 1000, 0.03, end_hz=1500, harmonics=(0.15,)), -10),
        "unflag": finish(tone(0.06, 1400, 0.03, end_hz=900, harmonics=(0.15,)), -11),
        # a chord opens several cells at once: two notes together, 120 ms
        "chord": finish(mix((0, tone(0.12, E5, 0.04, harmonics=(0.2,)), 1),
                            (0, tone(0.12, G5 * 1.5, 0.035), 0.5)), -8),
        # the mine: a low thump falling in pitch under a darkening rumble, 600 ms
        "explosion": finish(mix((0, tone(0.6, 90, 0.12, end_hz=38), 1),
                                (0, noise(0.6, 0.16, 2400, seed=16), 2.2)), -4),
        # a win: C major arpeggio up to C6, 700 ms
        "win": finish(mix(*((i * 0.09, tone(0.7 - i * 0.09, hz, 0.18, harmonics=(0.25, 0.08)), 1)
                            for i, hz in enumerate((C5, E5, G5, C6)))), -6),
        # a new best time: a brighter arpeggio up to G6, its last note held with vibrato, 900 ms
        "best": finish(mix(*((i * 0.08, tone(0.9 - i * 0.08, hz, 0.16 if i < 4 else 0.35,
                                             harmonics=(0.25, 0.08), vibrato=0.004 if i == 4 else 0.0), 1)
                             for i, hz in enumerate((G5, C6, E6, G6, C6 * 2)))), -5),
        # the timer's tick: a quiet wooden click, 30 ms
        "tick": finish(tone(0.03, 1900, 0.006, harmonics=(0.1,)), -20),
    }


def write(name: str, samples: array.array, folder: Path = OUT) -> Path:
    """Write ``samples`` as folder/NAME.wav (16-bit mono, RATE); returns the path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.wav"
    data = array.array("h", samples)
    if sys.byteorder == "big":  # WAV samples are little-endian
        data.byteswap()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data.tobytes())
    return path


def main(argv: list[str] | None = None) -> int:
    """Write every sound into the folder given as the one argument, or assets/sounds/;
    ``--help`` shows the usage and writes nothing. Returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=OUT,
                        help=f"folder for the WAV files (default: {OUT})")
    folder = parser.parse_args(argv).out
    total = 0
    for name, samples in sounds().items():
        path = write(name, samples, folder)
        total += path.stat().st_size
        print(f"{path}: {len(samples) / RATE * 1000:.0f} ms")
    print(f"{total:,} bytes in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
