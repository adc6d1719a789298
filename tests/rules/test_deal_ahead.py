"""A big board's mines drawn ahead of its first click, a slice a tick (issue 27: the first
click on 1000x1000 with 100,000 mines spent 0.1 s drawing them): the draw in steps gives
random.sample's very numbers, a deal prepared ahead lays the very board it lays without,
wherever the click lands, and the window draws it in the frames before the click."""

from __future__ import annotations

import random

import pytest

from game.board import Config, lay_mines, sample_steps
from game.deal import Deal
from game.engine import State


def drawn(steps):
    """Run a generator of steps to its end; its return value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


@pytest.mark.parametrize("n, k", [(0, 0), (1, 1), (10, 3), (100, 6), (81, 72), (1000, 10), (5000, 100),
                                  (999_991, 20_000), (999_991, 100_000), (1_000_000, 150_000)])
def test_the_draw_in_steps_gives_random_samples_numbers(n, k):
    for seed in (1, 2, 3):  # the pool list way and the set way, as random.sample picks them
        assert drawn(sample_steps(random.Random(seed), n, k, every=7)) == random.Random(seed).sample(range(n), k)


def test_a_draw_of_too_many_is_refused_as_random_sample_refuses_it():
    with pytest.raises(ValueError):
        drawn(sample_steps(random.Random(1), 3, 4))


@pytest.mark.parametrize("rule", ["opening", "safe"])
@pytest.mark.parametrize("click", [(20, 30), (0, 0), (0, 17), (39, 59)])
def test_a_deal_prepared_ahead_lays_the_board_it_lays_without(rule, click):
    config = Config(40, 60, 500, first_click=rule)
    ahead, plain = Deal(config, seed=11), Deal(config, seed=11)
    ahead.next(), plain.next()
    while not ahead.prepare(0.0):  # one step a call
        pass
    assert ahead.lay(click) == plain.lay(click) == lay_mines(config, click, random.Random(ahead.seed))
    assert click not in ahead.lay(click)


def test_a_no_guess_or_classic_deal_has_nothing_to_draw_ahead():
    assert Deal(Config(40, 60, 500, first_click="classic"), seed=1).prepare(0.0)
    layer_deal = Deal(Config(40, 60, 500), seed=1, layer=lambda config, first, rng: set())
    layer_deal.next()
    assert layer_deal.prepare(0.0)


def test_the_window_draws_a_big_boards_mines_before_the_first_click(window, monkeypatch):
    import game.board
    w = window(["--rows", "400", "--cols", "600", "--mines", "30000", "--seed", "2"])
    scene = w.scene
    frames = 0
    while scene.dealing:
        assert scene.busy()  # full-rate ticks until it is drawn
        w.step(1)
        frames += 1
        assert frames < 1000
    assert scene.game.state is State.READY and not scene.game.mines_laid

    real_lay = game.board.lay_mines

    def lay_without_drawing(config, first, rng, drawn=None):
        assert drawn is not None, "the first click drew the sample again"
        return real_lay(config, first, rng, drawn=drawn)
    monkeypatch.setattr("game.deal.lay_mines", lay_without_drawing)
    cell = (200, 300)
    w.click_cell(cell)
    assert scene.game.state is State.PLAYING
    expected = real_lay(scene.game.config, cell, random.Random(scene.match.seed))
    assert scene.game.layout() == expected
