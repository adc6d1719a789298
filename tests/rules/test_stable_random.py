"""The board generator's numbers (game.midend.stable_random.StableRandom, generator version 1)
are pinned here: SplitMix64's reference outputs, every method the board generator calls, and
whole boards of three seeds, so that a seed names the same board on every Python version,
platform and run (issue 38: board codes and daily boards). A failure here means every board
ever dealt from a seed has changed: that is a new GENERATOR_VERSION, never an edit in place.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules.board import Config, sample_steps
from game.midend.deal import Deal, board_rng
from game.midend.match import Match
from game.midend.stable_random import GENERATOR_VERSION, StableRandom
from game.noguess import Generation, layer_for
from tests.rules.test_deal_ahead import drawn

ROOT = Path(__file__).resolve().parents[2]
SEEDS = (2, 31, 2**40 - 1)  # 2**40 - 1: the largest seed the deal draws (deal.SEED_RANGE)
LEVELS = ("beginner", "intermediate", "expert")
RULES = ("opening", "safe", "classic")


# ----- the bits: SplitMix64 ----------------------------------------------------------------------
def test_the_bits_are_splitmix64s_reference_outputs():
    """Vigna's splitmix64.c (prng.di.unimi.it) from state 0, and from 1234567 as Rosetta
    Code's "Pseudo-random numbers/Splitmix64" gives them; getrandbits(64) is one whole output."""
    zero = StableRandom(0)
    assert [zero.getrandbits(64) for _ in range(5)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC, 0x1B39896A51A8749B]
    other = StableRandom(1234567)
    assert [other.getrandbits(64) for _ in range(5)] == [
        6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431,
        16408922859458223821]


def test_the_seed_is_taken_modulo_2_64_and_the_state_round_trips():
    assert StableRandom(-1).getrandbits(64) == StableRandom(2**64 - 1).getrandbits(64)
    assert StableRandom(2**64).getrandbits(64) == StableRandom(0).getrandbits(64) == 0xE220A8397B1DCDAF
    rng = StableRandom(42)
    rng.getrandbits(7)
    state = rng.getstate()
    ahead = [rng.random() for _ in range(3)]
    rng.setstate(state)
    assert [rng.random() for _ in range(3)] == ahead
    rng.seed(0)
    assert rng.getrandbits(64) == 0xE220A8397B1DCDAF
    assert GENERATOR_VERSION == 1 and state[:2] == ("stable", 1)


# ----- every method the generator calls ----------------------------------------------------------
PINNED = {
    0: {"randrange": [6, 0, 1, 5, 2, 3, 712, 4509441531201521962, 3],
        "sample": [26, 42, 73, 52, 32, 27, 6, 2, 77, 76],
        "shuffle": [2, 5, 9, 11, 7, 10, 0, 1, 8, 4, 6, 3],
        "choice": ["c", "a", "d", "f", "d"],
        "random": [0.8841201196707796, 0.1659455111770669, 0.2751063404705538],
        "getrandbits": [0, 70, 3673999814881033724, 784239363169389890684044758712]},
    42: {"randrange": [2, 4, 5, 0, 3, 5, 369, 4547022670730569823, 1],
         "sample": [66, 26, 13, 63, 11, 9, 75, 35, 48, 8],
         "shuffle": [7, 10, 3, 0, 9, 5, 6, 11, 2, 8, 1, 4],
         "choice": ["d", "c", "f", "a", "a"],
         "random": [0.2591476326236626, 0.9648026850143406, 0.6095118577901479],
         "getrandbits": [0, 41, 11495367897951795123, 1250832749118816529054689319120]},
    2**40 - 1: {"randrange": [3, 4, 8, 0, 7, 2, 859, 2460400001976035311, 0],
                "sample": [34, 59, 17, 69, 44, 4, 36, 58, 47, 23],
                "shuffle": [8, 6, 2, 5, 3, 9, 1, 0, 10, 4, 7, 11],
                "choice": ["d", "d", "d", "b", "a"],
                "random": [0.9935107264255284, 0.4166439297293342, 0.7086796340299024],
                "getrandbits": [0, 53, 7587980697667475590, 1156270397044233417028250962903]},
}


def numbers(seed: int) -> dict:
    """The numbers of PINNED, drawn in this order from one StableRandom(seed)."""
    rng = StableRandom(seed)
    out = {"randrange": [rng.randrange(10) for _ in range(6)]
           + [rng.randrange(5, 1000, 7), rng.randrange(2**62), rng.randrange(-3, 4)]}
    out["sample"] = rng.sample(range(81), 10)
    deck = list(range(12))
    rng.shuffle(deck)
    out["shuffle"] = deck
    out["choice"] = [rng.choice("abcdefgh") for _ in range(5)]
    out["random"] = [rng.random() for _ in range(3)]
    out["getrandbits"] = [rng.getrandbits(k) for k in (1, 7, 64, 100)]
    return out


@pytest.mark.parametrize("seed", list(PINNED))
def test_each_method_draws_the_pinned_numbers(seed):
    assert numbers(seed) == PINNED[seed]


def test_randint_and_a_negative_step_are_the_ranges_they_name():
    assert [StableRandom(5).randint(1, 6) for _ in range(3)] == [StableRandom(5).randrange(1, 7)] * 3
    rng, same = StableRandom(9), StableRandom(9)
    assert [rng.randrange(10, 0, -3) for _ in range(20)] == [range(10, 0, -3)[same._randbelow(4)] for _ in range(20)]
    assert {StableRandom(s).randrange(10, 0, -3) for s in range(100)} == {10, 7, 4, 1}


@pytest.mark.parametrize("n, k", [(0, 0), (1, 1), (10, 3), (81, 10), (81, 72), (480, 99), (5000, 100),
                                  (999_991, 20_000)])
def test_sample_is_the_draw_of_sample_steps(n, k):
    """Both of sample_steps' ways (a pool when it is small, else a set of positions drawn)."""
    for seed in (1, 2, 2**40 - 1):
        assert StableRandom(seed).sample(range(n), k) == drawn(sample_steps(StableRandom(seed), n, k))
    letters = [chr(ord("a") + i % 26) + str(i) for i in range(n)]
    assert StableRandom(3).sample(letters, k) == [letters[i] for i in drawn(sample_steps(StableRandom(3), n, k))]


def test_bad_arguments_are_refused():
    with pytest.raises(TypeError):
        StableRandom("x")  # a string's hash would differ between runs
    with pytest.raises(TypeError):
        StableRandom(1.5)
    with pytest.raises(TypeError):
        StableRandom(True)
    with pytest.raises(TypeError):
        StableRandom(3).seed(None)  # random.Random would seed from the clock
    with pytest.raises(ValueError):
        StableRandom(1).randrange(0)
    with pytest.raises(ValueError):
        StableRandom(1).randrange(5, 5)
    with pytest.raises(ValueError):
        StableRandom(1).getrandbits(-1)
    with pytest.raises(ValueError):
        StableRandom(1).sample(range(3), 4)
    with pytest.raises(IndexError):
        StableRandom(1).choice([])
    with pytest.raises(ValueError):
        StableRandom(1).setstate(("other", 1, 0))


# ----- whole boards -------------------------------------------------------------------------------
BOARDS = {  # (seed, level, first-click rule): the mines, sorted
    (2, "beginner", "opening"): [
        (2, 6), (2, 7), (2, 8), (3, 8), (5, 0), (5, 7), (5, 8), (6, 1), (6, 2), (7, 2),
    ],
    (2, "intermediate", "safe"): [
        (0, 2), (0, 12), (2, 11), (3, 3), (3, 4), (3, 5), (3, 9), (4, 0), (4, 4), (4, 7), (4, 13), (4, 15),
        (5, 4), (5, 6), (5, 7), (5, 8), (5, 9), (5, 13), (5, 15), (6, 0), (6, 1), (7, 0), (8, 6), (8, 7),
        (8, 15), (9, 8), (9, 9), (9, 11), (9, 15), (11, 10), (11, 11), (11, 14), (12, 0), (12, 4), (12, 12),
        (13, 12), (13, 14), (14, 4), (14, 15), (15, 8),
    ],
    (2, "expert", "classic"): [
        (0, 0), (0, 2), (0, 4), (0, 5), (0, 24), (1, 8), (1, 20), (2, 1), (2, 2), (2, 4), (2, 26), (2, 28),
        (2, 29), (3, 0), (3, 12), (3, 14), (3, 17), (3, 20), (3, 24), (3, 27), (3, 28), (4, 6), (4, 8),
        (4, 16), (4, 22), (5, 4), (5, 6), (5, 7), (5, 9), (5, 12), (5, 14), (5, 16), (5, 19), (5, 20),
        (5, 23), (5, 25), (5, 27), (5, 28), (6, 2), (6, 6), (6, 7), (6, 9), (6, 11), (6, 12), (6, 13),
        (6, 15), (6, 16), (6, 19), (6, 23), (6, 25), (7, 8), (7, 13), (7, 14), (7, 21), (8, 1), (8, 5),
        (8, 28), (9, 0), (9, 9), (9, 11), (9, 14), (9, 20), (9, 27), (10, 2), (10, 3), (10, 4), (10, 5),
        (10, 7), (10, 8), (10, 15), (10, 17), (10, 19), (11, 13), (11, 17), (11, 25), (12, 6), (12, 11),
        (12, 12), (12, 18), (12, 19), (12, 23), (12, 24), (12, 28), (13, 1), (13, 7), (13, 16), (13, 18),
        (13, 23), (13, 27), (14, 4), (14, 8), (14, 9), (14, 15), (14, 17), (14, 22), (14, 23), (15, 3),
        (15, 5), (15, 27),
    ],
    (31, "beginner", "safe"): [
        (2, 4), (2, 7), (3, 8), (4, 2), (4, 6), (5, 0), (5, 6), (7, 2), (7, 7), (8, 5),
    ],
    (31, "intermediate", "classic"): [
        (0, 4), (0, 8), (1, 12), (2, 4), (2, 6), (2, 11), (2, 13), (3, 1), (3, 3), (3, 14), (4, 0), (4, 6),
        (4, 13), (5, 5), (5, 6), (5, 8), (6, 0), (6, 4), (6, 13), (7, 2), (8, 5), (8, 6), (8, 15), (9, 9),
        (9, 13), (10, 7), (10, 12), (11, 10), (11, 12), (11, 14), (12, 1), (12, 5), (12, 10), (13, 6),
        (13, 10), (13, 15), (14, 15), (15, 6), (15, 13), (15, 15),
    ],
    (31, "expert", "opening"): [
        (0, 0), (0, 2), (0, 6), (0, 8), (0, 9), (0, 15), (0, 16), (1, 3), (1, 14), (1, 16), (1, 26), (2, 3),
        (2, 11), (2, 12), (2, 17), (2, 22), (2, 26), (3, 0), (3, 6), (3, 9), (3, 10), (3, 12), (4, 2),
        (4, 4), (4, 9), (4, 13), (4, 20), (4, 22), (5, 4), (5, 5), (5, 15), (5, 17), (5, 20), (5, 23),
        (5, 26), (6, 12), (6, 13), (6, 19), (6, 21), (6, 22), (6, 23), (6, 24), (6, 26), (7, 0), (7, 4),
        (7, 5), (7, 7), (7, 9), (7, 19), (7, 22), (7, 27), (8, 2), (8, 3), (8, 11), (8, 24), (8, 26), (9, 2),
        (9, 4), (9, 12), (9, 21), (9, 26), (10, 4), (10, 5), (10, 6), (10, 14), (10, 16), (10, 23), (10, 24),
        (10, 28), (11, 13), (11, 14), (11, 22), (11, 24), (11, 28), (12, 8), (12, 21), (12, 22), (12, 24),
        (12, 25), (12, 26), (12, 28), (12, 29), (13, 6), (13, 14), (13, 19), (13, 24), (13, 26), (14, 15),
        (14, 17), (14, 19), (14, 20), (14, 25), (15, 3), (15, 5), (15, 9), (15, 12), (15, 15), (15, 20),
        (15, 22),
    ],
    (2**40 - 1, "beginner", "classic"): [
        (0, 2), (2, 4), (3, 1), (3, 7), (4, 3), (5, 8), (6, 7), (7, 3), (8, 1), (8, 4),
    ],
    (2**40 - 1, "intermediate", "opening"): [
        (0, 2), (0, 5), (0, 8), (2, 2), (2, 12), (2, 15), (3, 9), (3, 15), (4, 4), (4, 5), (4, 9), (4, 15),
        (5, 8), (5, 15), (6, 11), (6, 15), (7, 4), (7, 10), (7, 13), (7, 14), (8, 1), (8, 5), (8, 6),
        (8, 10), (9, 0), (10, 0), (10, 2), (11, 12), (11, 14), (12, 7), (13, 0), (13, 14), (14, 14), (15, 1),
        (15, 2), (15, 4), (15, 9), (15, 10), (15, 12), (15, 14),
    ],
    (2**40 - 1, "expert", "safe"): [
        (0, 2), (0, 5), (0, 10), (0, 15), (0, 16), (0, 17), (0, 19), (1, 11), (1, 18), (1, 28), (1, 29),
        (2, 3), (2, 9), (2, 11), (2, 12), (2, 17), (2, 21), (2, 29), (3, 2), (3, 4), (3, 13), (3, 14),
        (3, 16), (3, 23), (3, 24), (3, 25), (3, 26), (4, 6), (4, 9), (4, 16), (4, 17), (4, 19), (4, 21),
        (4, 26), (4, 27), (5, 8), (5, 26), (5, 29), (6, 2), (6, 10), (6, 11), (7, 0), (7, 2), (7, 3), (7, 4),
        (7, 7), (7, 9), (7, 12), (7, 23), (7, 24), (7, 29), (8, 2), (8, 4), (8, 5), (8, 6), (8, 12), (8, 13),
        (8, 21), (8, 22), (8, 24), (8, 26), (8, 28), (9, 4), (9, 7), (9, 17), (9, 20), (9, 25), (9, 26),
        (9, 28), (10, 4), (10, 7), (10, 16), (10, 27), (11, 9), (11, 10), (11, 29), (12, 3), (12, 7),
        (12, 15), (12, 21), (12, 23), (12, 25), (13, 10), (13, 20), (13, 23), (13, 26), (14, 0), (14, 6),
        (14, 7), (14, 14), (14, 17), (14, 24), (15, 10), (15, 14), (15, 16), (15, 17), (15, 24), (15, 27),
        (15, 28),
    ],
}
NO_GUESS = {  # seed: the mines of the no-guess Beginner board opened at (4, 4)
    2: [
        (2, 6), (2, 8), (3, 8), (4, 8), (5, 0), (5, 7), (5, 8), (6, 1), (6, 2), (7, 2),
    ],
    31: [
        (1, 0), (2, 2), (2, 4), (2, 7), (2, 8), (4, 8), (5, 8), (6, 5), (8, 1), (8, 6),
    ],
    2**40 - 1: [
        (0, 2), (1, 8), (2, 4), (3, 1), (4, 1), (5, 0), (6, 8), (7, 7), (8, 3), (8, 4),
    ],
}


def board(seed: int, level: str, rule: str) -> list:
    """The sorted mines of ``seed``'s ``level`` board under ``rule``: laid at a first click at
    the centre, or (``classic``) before any click."""
    config = Config.difficulty(level, first_click=rule)
    match = Match(config, seed=seed)
    if rule != "classic":
        match.reveal((config.rows // 2, config.cols // 2))
    return sorted(match.layout())


@pytest.mark.parametrize("seed, level, rule", list(BOARDS))
def test_a_seed_lays_the_pinned_board(seed, level, rule):
    assert board(seed, level, rule) == BOARDS[(seed, level, rule)]
    config = Config.difficulty(level, first_click=rule)
    deal = Deal(config, seed=seed)  # the deal alone, as the console and the window use it
    pending = deal.next()
    laid = pending if rule == "classic" else deal.lay((config.rows // 2, config.cols // 2))
    assert sorted(laid) == BOARDS[(seed, level, rule)]


def test_the_pinned_boards_cover_every_rule_on_every_level_and_seed():
    assert {(level, rule) for _, level, rule in BOARDS} == {(lv, r) for lv in LEVELS for r in RULES}
    assert {seed for seed, _, _ in BOARDS} == set(SEEDS) == set(NO_GUESS)
    assert all(len(mines) == Config.difficulty(level).mines for (_, level, _), mines in BOARDS.items())


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seed_lays_the_pinned_no_guess_board(seed):
    """Through game.noguess: the deal's layer, and the job in slices the window runs
    (Session.start_generation), both from board_rng(seed)."""
    config = Config.difficulty("beginner", no_guess=True)
    match = Match(config, seed=seed, layer=layer_for(config))
    match.reveal((4, 4))
    assert sorted(match.layout()) == NO_GUESS[seed]
    job = Generation(config, (4, 4), board_rng(seed))
    while not job.step(0.001):
        pass
    assert sorted(job.result) == NO_GUESS[seed]


def test_some_pinned_no_guess_boards_are_not_the_first_draw():
    """Seeds 2 and 31: the generator had to change the uniform draw (a perturbation), so
    its own draws are pinned too, not only lay_mines'."""
    for seed in (2, 31):
        assert NO_GUESS[seed] != board(seed, "beginner", "opening")


# ----- the same in every process -----------------------------------------------------------------
SCRIPT = """
import json, sys
sys.path.insert(0, sys.argv[1])
from tests.rules.test_stable_random import numbers, board
from game.rules.board import Config
from game.midend.match import Match
from game.noguess import layer_for
config = Config.difficulty("beginner", no_guess=True)
match = Match(config, seed=2, layer=layer_for(config))
match.reveal((4, 4))
print(json.dumps({"numbers": numbers(42), "expert": board(31, "expert", "opening"),
                  "no_guess": sorted(match.layout())}))
"""


def test_the_numbers_do_not_depend_on_the_hash_seed():
    """str hashes change with PYTHONHASHSEED (a set's order with them): two processes with
    different hash seeds draw the same numbers and boards, the pinned ones."""
    outputs = []
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONDONTWRITEBYTECODE": "1"}
        done = subprocess.run([sys.executable, "-c", SCRIPT, str(ROOT)], env=env, cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        outputs.append(json.loads(done.stdout.splitlines()[-1]))
    assert outputs[0] == outputs[1]
    assert outputs[0]["numbers"] == json.loads(json.dumps(PINNED[42]))
    assert outputs[0]["expert"] == [list(cell) for cell in BOARDS[(31, "expert", "opening")]]
    assert outputs[0]["no_guess"] == [list(cell) for cell in NO_GUESS[2]]


def test_randrange_takes_a_span_past_2_to_the_63():
    """len(range) overflows past 2**63; the draw does not, and stays in the range."""
    rng = StableRandom(9)
    values = [rng.randrange(2**70) for _ in range(20)]
    assert all(0 <= v < 2**70 for v in values) and max(values) > 2**63
    assert StableRandom(9).randrange(-2**70, 0, 3) % 3 == (-2**70) % 3
