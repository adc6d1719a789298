"""Where boards come from: known seeds give known boards, so moving the provisioning out of
the rules (game.midend.deal) cannot change a board. The layouts below were taken again when the
boards came to be laid from game.midend.stable_random.StableRandom (generator version 1; before,
from the engine before the move, commit 104e1c0): a seed and a first click give the same board
for ever, which recorded seeds, board codes and shared --seed runs rely on."""

import hashlib
import random

import pytest

from game.rules.board import Config
from game.midend.deal import Deal, first_click_of
from game.rules.engine import check_layout
from game.midend.match import Match
from game.noguess import layer_for


def digest(cells) -> str:
    """A short fingerprint of a layout (the sorted cells)."""
    return hashlib.sha256(repr(sorted(cells)).encode()).hexdigest()[:16]


NONE = digest(())  # no layout yet: laid at the first click


def test_seed_42_and_a_first_click_at_the_centre_give_this_beginner_board():
    match = Match(Config.difficulty("beginner"), rng=random.Random(0), seed=42)
    assert match.layout() is None and match.seed == 42
    match.reveal((4, 4))
    assert sorted(match.layout()) == [(0, 4), (0, 6), (2, 2), (2, 8), (3, 0), (4, 2), (5, 7), (5, 8),
                                     (8, 0), (8, 2)]


def test_a_classic_board_is_laid_from_its_seed_before_the_click_and_its_mine_moves_away():
    match = Match(Config.difficulty("beginner", first_click="classic"), seed=10)
    assert sorted(match.layout()) == [(0, 0), (0, 4), (0, 5), (1, 7), (3, 1), (3, 3), (4, 0), (4, 1),
                                     (8, 6), (8, 7)]
    match.reveal((0, 0))  # a mine: it moves to the top-left-most free cell
    assert sorted(match.layout()) == [(0, 1), (0, 4), (0, 5), (1, 7), (3, 1), (3, 3), (4, 0), (4, 1),
                                     (8, 6), (8, 7)]


def test_a_no_guess_board_comes_from_its_seed_too():
    config = Config.difficulty("beginner", no_guess=True)
    match = Match(config, seed=42, layer=layer_for(config))
    match.reveal((4, 4))
    assert sorted(match.layout()) == [(0, 4), (0, 6), (2, 2), (2, 8), (3, 0), (4, 2), (5, 7), (5, 8),
                                     (8, 0), (8, 2)]


def boards(config, rng_seed, seed, click, new_games=3, layer=None):
    """(seed, layout digest) of each board a session deals: the first before any click, a
    retry before the first click, the board after ``click``, a retry after it, then
    ``new_games`` new games, each after ``click``."""
    match = Match(config, rng=random.Random(rng_seed), seed=seed, layer=layer)
    seen = [(match.seed, digest(match.layout() or ()))]
    match.retry()  # before any click
    match.reveal(click)
    seen.append((match.seed, digest(match.layout())))
    match.retry()
    match.reveal(click)
    seen.append((match.seed, digest(match.layout())))
    for _ in range(new_games):
        match.new_game()
        match.reveal(click)
        seen.append((match.seed, digest(match.layout())))
    return seen


KNOWN = [  # (level, rule, session rng seed, first seed, click) -> the boards dealt
    (("beginner", "opening", 7, None, (4, 4)),
     [(868231286071, NONE), (105874957392, "db2eecdfb39eb2d1"),
      (105874957392, "db2eecdfb39eb2d1"), (208460025899, "a74971b81d00f684"),
      (470330855157, "3845dfadf204e586"), (189139603672, "5078c1e31f204454")]),
    (("beginner", "safe", 7, None, (0, 0)),
     [(868231286071, NONE), (105874957392, "f979d6c178f39ed5"),
      (105874957392, "f979d6c178f39ed5"), (208460025899, "fac4a9b878683407"),
      (470330855157, "8a374af2305140c7"), (189139603672, "e1e8eff93b9b8419")]),
    (("beginner", "classic", 7, None, (0, 0)),
     [(868231286071, "9a4536ee8e36ad79"), (868231286071, "9a4536ee8e36ad79"),
      (868231286071, "9a4536ee8e36ad79"), (105874957392, "d5693183218f155d"),
      (208460025899, "2ad63eecb88d57b9"), (470330855157, "14fec4affac7af04")]),
    (("expert", "opening", 181040, 12345, (8, 15)),
     [(12345, NONE), (839722903408, "e4a04dd5c35b9f6e"),
      (839722903408, "e4a04dd5c35b9f6e"), (509193392848, "6237c19edcc61beb"),
      (547816159429, "87d8b479831f772d"), (373347222840, "fa759f97ed0f5486")]),
    (("expert", "classic", 3, 99, (0, 0)),
     [(99, "2aae80f8b2435920"), (99, "2aae80f8b2435920"), (99, "2aae80f8b2435920"),
      (285805288266, "d80b876708144636"), (1041975902461, "3bf6ce2ee067deaf"),
      (1034389053353, "05cadab4549fc41e")]),
    (("intermediate", "safe", 11, None, (15, 15)),
     [(994137397185, NONE), (419134626354, "b4d49d960406b2a6"),
      (419134626354, "b4d49d960406b2a6"), (1045875683778, "c575a2e39256f30b"),
      (411427702867, "d5dbd454c19ae009"), (979656800659, "20e1bebe62017c2f")]),
]


@pytest.mark.parametrize("case, expected", KNOWN, ids=[str(case[:3]) for case, _ in KNOWN])
def test_a_session_deals_the_same_boards_as_ever(case, expected):
    """The session's seeds are drawn from its Random in the same order (a retry before the
    first click of a board laid at the click draws a fresh seed; one after it keeps the
    board), and each seed lays the same board."""
    level, rule, rng_seed, seed, click = case
    assert boards(Config.difficulty(level, first_click=rule), rng_seed, seed, click) == expected


def test_a_no_guess_session_deals_the_same_boards_as_ever():
    config = Config.difficulty("beginner", no_guess=True)
    assert boards(config, 5, None, (4, 4), new_games=1, layer=layer_for(config)) == [
        (561021090885, NONE), (789164966041, "fa08be63cfe6d0c4"),
        (789164966041, "fa08be63cfe6d0c4"), (549512532852, "433d178923977d20")]


def test_a_deal_alone_gives_the_boards_its_game_plays():
    """The Deal is the provisioning on its own: the seeds it draws and the mines it lays are
    those of the match it serves, with no match needed to get them."""
    config = Config.difficulty("beginner")
    deal, match = Deal(config, rng=random.Random(7)), Match(config, rng=random.Random(7))
    assert deal.next() is None and deal.seed == match.seed == 868231286071
    match.reveal((4, 4))
    assert deal.lay((4, 4)) == match.layout()
    classic = Deal(Config.difficulty("beginner", first_click="classic"), seed=10)
    assert (0, 0) in classic.next() and classic.seed == 10 and not classic.layout_known


def test_a_deal_knows_which_layouts_the_player_knows():
    config = Config.difficulty("beginner")
    deal = Deal(config, rng=random.Random(1))
    deal.next()
    assert not deal.layout_known
    assert deal.again(None, played=False) is None and not deal.layout_known  # nothing laid yet
    layout = deal.lay((4, 4))
    assert deal.again(layout, played=True) == layout and deal.layout_known  # a board seen
    deal.next()
    assert not deal.layout_known
    assert Deal(config, seeds_known=True).next() is None  # --seed: every board is known
    known = Deal(config, seeds_known=True)
    known.next()
    assert known.layout_known


def test_a_given_layout_is_checked_against_the_board():
    config = Config(3, 3, 2)
    assert check_layout(config, [(0, 0), (2, 2)]) == {(0, 0), (2, 2)}
    with pytest.raises(ValueError, match=r"mines: \(3, 0\) is off the 3x3 board"):
        check_layout(config, [(0, 0), (3, 0)])
    with pytest.raises(ValueError, match="mines: 1 laid but the game says 2"):
        check_layout(config, [(0, 0)])


def test_the_first_click_rule_is_decided_in_the_deal():
    """Which rule a board is dealt under (first_click_of) and what the classic rule does at
    the click (Deal.first_click: the mines dealt before it, a mine under the click moved)."""
    assert first_click_of("classic") == "classic" and first_click_of(None) == "opening"
    assert first_click_of("classic", no_guess=True) == first_click_of("safe", no_guess=True) == "opening"
    deal = Deal(Config(3, 3, 1, first_click="classic"), seed=1)
    dealt = deal.next()
    assert deal.pending == dealt and len(dealt) == 1
    assert deal.again(frozenset(dealt), played=False) == dealt and deal.pending == dealt  # retried unclicked
    (mine,) = dealt
    mines, digits = deal.first_click(mine)
    assert mines == {(0, 0) if mine != (0, 0) else (0, 1)} and digits is None and deal.pending is None
    opening, again = Deal(Config.difficulty("beginner"), seed=4), Deal(Config.difficulty("beginner"), seed=4)
    opening.next()
    again.next()
    assert opening.pending is None and opening.first_click((4, 4))[0] == again.lay((4, 4))
