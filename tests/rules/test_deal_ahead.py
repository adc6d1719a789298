"""A big board's mines drawn ahead of its first click, a slice a tick (issue 27: the first
click on 1000x1000 with 100,000 mines spent 0.1 s drawing them): the draw in steps gives
random.sample's very numbers, a deal prepared ahead lays the very board it lays without,
wherever the click lands, and the window draws it in the frames before the click."""

from __future__ import annotations

import random

import pytest

import game.rules.board
import game.rules.bv

from game.rules.board import Config, lay_mines, sample_steps
from game.midend.deal import Deal, board_rng
from game.rules.engine import State


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
    assert ahead.lay(click) == plain.lay(click) == lay_mines(config, click, board_rng(ahead.seed))
    assert click not in ahead.lay(click)


def test_a_no_guess_or_classic_deal_has_nothing_to_draw_ahead():
    assert Deal(Config(40, 60, 500, first_click="classic"), seed=1).prepare(0.0)
    layer_deal = Deal(Config(40, 60, 500), seed=1, layer=lambda config, first, rng: set())
    layer_deal.next()
    assert layer_deal.prepare(0.0)


def test_the_window_draws_a_big_boards_mines_before_the_first_click(window, monkeypatch):
    import game.rules.board
    w = window(["--rows", "400", "--cols", "600", "--mines", "30000", "--seed", "2"])
    scene = w.scene
    frames = 0
    while scene.dealing:
        assert scene.busy()  # full-rate ticks until it is drawn
        w.step(1)
        frames += 1
        assert frames < 1000
    assert scene.game.state is State.READY and not scene.game.mines_laid

    real_lay = game.rules.board.lay_mines

    def lay_without_drawing(config, first, rng, drawn=None):
        assert drawn is not None, "the first click drew the sample again"
        return real_lay(config, first, rng, drawn=drawn)
    monkeypatch.setattr("game.midend.deal.lay_mines", lay_without_drawing)
    cell = (200, 300)
    w.click_cell(cell)
    assert scene.game.state is State.PLAYING
    expected = real_lay(scene.game.config, cell, board_rng(scene.match.seed))
    assert scene.game.layout() == expected


def digits_of(mines, rows, cols):
    """A layout as Game.mine_digits gives it: rows * cols bytes, b"1" a mine."""
    grid = bytearray(b"0") * (rows * cols)
    for r, c in mines:
        grid[r * cols + c] = 49
    return bytes(grid)


@pytest.mark.parametrize("rows, cols, mines", [(40, 60, 500), (30, 3, 20), (3, 30, 20), (12, 12, 135), (50, 50, 2)])
@pytest.mark.parametrize("rule", ["opening", "safe"])
@pytest.mark.slow
def test_a_sample_indexed_ahead_lays_the_same_board_and_its_digits_wherever_the_click_keeps_as_many_free(
        rows, cols, mines, rule):
    config = Config(rows, cols, mines, first_click=rule)
    middle = (rows // 2, cols // 2)
    for click in {(r, c) for r in range(rows) for c in range(cols)}:
        ahead = Deal(config, seed=5)
        ahead.next()
        while not ahead.prepare(0.0):
            pass
        assert ahead._ahead.index.ready  # drawn and indexed
        laid, digits = ahead.layout_for(click)
        assert laid == lay_mines(config, click, board_rng(ahead.seed))
        free = len(game.rules.board.excluded_cells(config, click))
        if free == len(game.rules.board.excluded_cells(config, middle)):
            assert digits is not None and bytes(digits) == digits_of(laid, rows, cols)
        else:  # a click keeping fewer free (an edge) draws its own sample, as before
            assert digits is None


def test_the_first_click_lays_its_digits_and_the_flood_and_3bv_read_them(window):
    w = window(["--rows", "400", "--cols", "600", "--mines", "30000", "--seed", "4"])
    scene = w.scene
    while scene.dealing:
        w.step(1)
    w.click_cell((200, 300))
    played = scene.game
    assert played._digits is not None, "the digits came with the deal, not worked out from the set"
    assert played.mine_digits() == digits_of(played.layout(), 400, 600)
    while scene.bv.waiting or scene.bv_due:
        w.step(1)
    assert played.three_bv == game.rules.bv.bv_parts(played.layout(), 400, 600).value


def test_a_dealt_layout_with_wrong_digits_is_refused():
    from game.rules.engine import Game
    config = Config(5, 5, 3)
    mines = {(0, 0), (1, 1), (2, 2)}
    for digits in (b"1" * 3 + b"0" * 21, b"1" * 4 + b"0" * 21):  # too short, too many mines
        with pytest.raises(ValueError):
            Game(config).lay(set(mines), dealt=True, digits=digits)
    laid = Game(config)
    laid.lay(set(mines), dealt=True, digits=digits_of(mines, 5, 5))
    assert laid.mine_digits() == digits_of(mines, 5, 5)
    with pytest.raises(ValueError):  # off the board, no digits: the bounds are checked
        Game(config).lay({(0, 0), (1, 1), (2, 5)}, dealt=True)
    with pytest.raises(ValueError):
        Game(config).lay({(0, 0), (1, 1), (-1, 2)}, dealt=True)
