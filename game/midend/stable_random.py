"""The board generator's source of randomness: the same numbers from the same seed on every
Python version and every platform, so a board's seed (a board code, a daily board: game.midend.boardcode)
names the same board on every copy of the game.

Why not ``random.Random(seed)``: Python promises only that ``random()`` keeps its sequence
for a seed; ``randrange``, ``sample`` and ``shuffle`` are Python code that may change between
versions (the random module's docs, "Notes on Reproducibility"). :class:`StableRandom`
keeps all of them here: the bits come from SplitMix64 (Steele, Lea and Flood, "Fast
splittable pseudorandom number generators", OOPSLA 2014; the constants of Vigna's
reference code, prng.di.unimi.it/splitmix64.c), and every method the board generator calls
(``_randbelow``, ``randrange``, ``sample``, ``shuffle``, ``choice``, ``random``) is written
out below over them. Changing any of them changes every board made from a seed: that is a
new :data:`GENERATOR_VERSION` (and a new board-code version), never an edit in place;
tests/rules/test_stable_random.py pins numbers and boards. No pygame here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.rules.board import sample_steps

GENERATOR_VERSION = 1
"""The version of the numbers :class:`StableRandom` draws from a seed (and so of the boards
game.midend.deal lays from one): 1, SplitMix64 with the methods below."""

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class StableRandom(random.Random):
    """A ``random.Random`` whose numbers depend on the seed alone (:data:`GENERATOR_VERSION`).

    Args:
        seed: an int (its low 64 bits are the state; a negative one is taken modulo 2**64).

    Raises:
        TypeError: ``seed`` is not an int (a string's hash would differ between runs).
    """

    def __init__(self, seed: int = 0) -> None:
        self._state = 0
        super().__init__(seed)

    def seed(self, a: object = None, version: int = 2) -> None:  # noqa: D401 - random.Random's signature
        """Start again from the int ``a``.

        Raises:
            TypeError: ``a`` is not an int.
        """
        if not isinstance(a, int) or isinstance(a, bool):
            raise TypeError(f"StableRandom needs an int seed, not {type(a).__name__}")
        self._state = a & _MASK

    def getstate(self) -> tuple:
        """The state, for :meth:`setstate`."""
        return ("stable", GENERATOR_VERSION, self._state)

    def setstate(self, state: tuple) -> None:
        """Back to a state :meth:`getstate` gave.

        Raises:
            ValueError: not such a state.
        """
        if not (isinstance(state, tuple) and len(state) == 3 and state[:2] == ("stable", GENERATOR_VERSION)):
            raise ValueError("not a StableRandom state")
        self._state = state[2]

    def _next64(self) -> int:
        """SplitMix64's next 64-bit output."""
        self._state = (self._state + _GOLDEN) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def getrandbits(self, k: int) -> int:
        """An int of ``k`` random bits: the top ``k`` bits of successive 64-bit outputs, the
        first output the most significant.

        Raises:
            ValueError: ``k`` is negative.
        """
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        value, have = 0, 0
        while have < k:
            take = min(64, k - have)
            value = (value << take) | (self._next64() >> (64 - take))
            have += take
        return value

    def random(self) -> float:
        """A float in [0, 1): the top 53 bits of one output over 2**53."""
        return (self._next64() >> 11) * (1.0 / (1 << 53))

    def _randbelow(self, n: int) -> int:
        """An int in 0 .. ``n`` - 1, uniform: ``n.bit_length()`` bits drawn until below ``n``
        (rejection, as CPython's ``_randbelow_with_getrandbits``).

        Raises:
            ValueError: ``n`` is not positive.
        """
        if n <= 0:
            raise ValueError("empty range")
        k = n.bit_length()
        if k > 64:
            r = self.getrandbits(k)
            while r >= n:
                r = self.getrandbits(k)
            return r
        # getrandbits(k) of one output, written out (the board's draws call this a million
        # times on a big board: 0.4 µs a call rather than 1.2): the same numbers
        shift, state = 64 - k, self._state
        while True:
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            r = (z ^ (z >> 31)) >> shift
            if r < n:
                self._state = state
                return r

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        """A random int of ``range(start, stop, step)`` (``range(start)`` with one argument).

        Raises:
            ValueError: the range is empty, or a bound is not an int.
        """
        if not all(isinstance(v, int) for v in (start, step)) or (stop is not None and not isinstance(stop, int)):
            raise ValueError("randrange takes ints")
        if stop is None:
            start, stop = 0, start
        if step == 0:
            raise ValueError("zero step for randrange")
        # range's length, worked out (len(range) overflows past 2**63): the same i-th item
        count = (stop - start + step - 1) // step if step > 0 else (start - stop - step - 1) // -step
        if count <= 0:
            raise ValueError("empty range for randrange")
        return start + step * self._randbelow(count)

    def randint(self, a: int, b: int) -> int:
        """A random int in ``a`` .. ``b``, both included."""
        return self.randrange(a, b + 1)

    def choice(self, seq: Sequence):
        """A random element of the non-empty ``seq``.

        Raises:
            IndexError: ``seq`` is empty.
        """
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self._randbelow(len(seq))]

    def shuffle(self, x: list) -> None:
        """Shuffle the list ``x`` in place (Fisher-Yates from the end)."""
        for i in range(len(x) - 1, 0, -1):
            j = self._randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population: Sequence, k: int, *, counts=None) -> list:
        """``k`` distinct elements of the sequence ``population``, in the order drawn: the draw
        of game.rules.board.sample_steps (written out here, so its numbers are this module's).

        Raises:
            ValueError: ``k`` is negative or larger than the population, or ``counts`` is given.
            TypeError: ``population`` is not a sequence.
        """
        if counts is not None:
            raise ValueError("StableRandom.sample takes no counts")
        if not isinstance(population, Sequence):
            raise TypeError("population must be a sequence")
        steps = sample_steps(self, len(population), k)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return [population[i] for i in done.value]
