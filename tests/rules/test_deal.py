"""Where boards come from: known seeds give known boards, so moving the provisioning out of
the rules (game.midend.deal) cannot change a board. The layouts below were taken from the engine
before the move (commit 104e1c0): a seed and a first click give the same board for ever,
which recorded seeds and shared --seed runs rely on."""

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
    assert sorted(match.layout()) == [(0, 2), (0, 3), (1, 2), (1, 4), (1, 5), (1, 8), (3, 1), (3, 7),
                                     (4, 2), (7, 0)]


def test_a_classic_board_is_laid_from_its_seed_before_the_click_and_its_mine_moves_away():
    match = Match(Config.difficulty("beginner", first_click="classic"), seed=6)
    assert sorted(match.layout()) == [(0, 0), (0, 4), (1, 1), (2, 0), (3, 6), (4, 4), (5, 2), (6, 6),
                                     (6, 8), (8, 1)]
    match.reveal((0, 0))  # a mine: it moves to the top-left-most free cell
    assert sorted(match.layout()) == [(0, 1), (0, 4), (1, 1), (2, 0), (3, 6), (4, 4), (5, 2), (6, 6),
                                     (6, 8), (8, 1)]


def test_a_no_guess_board_comes_from_its_seed_too():
    config = Config.difficulty("beginner", no_guess=True)
    match = Match(config, seed=42, layer=layer_for(config))
    match.reveal((4, 4))
    assert sorted(match.layout()) == [(0, 2), (0, 3), (1, 2), (1, 4), (1, 5), (1, 8), (3, 1), (3, 7),
                                     (4, 2), (7, 0)]


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
     [(7283207964119141687, NONE), (890727360438182992, "14363509092bc758"),
      (890727360438182992, "14363509092bc758"), (1736392818365009963, "c11f06bb5484a0d2"),
      (3960482443532127989, "d3dc3130e0727b93"), (1585446675937841368, "3aee4c959914cc5f")]),
    (("beginner", "safe", 7, None, (0, 0)),
     [(7283207964119141687, NONE), (890727360438182992, "e13531abcc87a458"),
      (890727360438182992, "e13531abcc87a458"), (1736392818365009963, "d0e8ea5939ec2b84"),
      (3960482443532127989, "41425117711d7b5b"), (1585446675937841368, "fecfd578c58104db")]),
    (("beginner", "classic", 7, None, (0, 0)),
     [(7283207964119141687, "151a32669185dc1a"), (7283207964119141687, "151a32669185dc1a"),
      (7283207964119141687, "151a32669185dc1a"), (890727360438182992, "cab5d904f24afd20"),
      (1736392818365009963, "4c676efeda073255"), (3960482443532127989, "95e44a6ed570ae2c")]),
    (("expert", "opening", 181040, 12345, (8, 15)),
     [(12345, NONE), (7030420797816743792, "4383caed81f71760"),
      (7030420797816743792, "4383caed81f71760"), (4266480000083595984, "0da9415e475c9cca"),
      (4579924269477345477, "36f4abcf7c342cb6"), (3103614324929365304, "c20f985388d770fc")]),
    (("expert", "classic", 3, 99, (0, 0)),
     [(99, "efc3b2a7903ce3f5"), (99, "efc3b2a7903ce3f5"), (99, "efc3b2a7903ce3f5"),
      (2405875930906139466, "3fa75cc4dc6b14d9"), (8744744311366254845, "05948db8125c2bb5"),
      (8655808914197340073, "e8e5e7fe0ffb84d9")]),
    (("intermediate", "safe", 11, None, (15, 15)),
     [(8334835209022527425, NONE), (3503074255122127410, "649c1fe346ca327a"),
      (3503074255122127410, "649c1fe346ca327a"), (8776282599422980546, "15c76bbc1aacff53"),
      (3434298343398869075, "928123c80724a0f9"), (8238189578454333843, "10a7b572a434d245")]),
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
        (4712128852136459333, NONE), (6613812840851947673, "a37c4d2e73744a42"),
        (6613812840851947673, "a37c4d2e73744a42"), (4594210616595436404, "8e9c8622eef19a8c")]


def test_a_deal_alone_gives_the_boards_its_game_plays():
    """The Deal is the provisioning on its own: the seeds it draws and the mines it lays are
    those of the match it serves, with no match needed to get them."""
    config = Config.difficulty("beginner")
    deal, match = Deal(config, rng=random.Random(7)), Match(config, rng=random.Random(7))
    assert deal.next() is None and deal.seed == match.seed == 7283207964119141687
    match.reveal((4, 4))
    assert deal.lay((4, 4)) == match.layout()
    classic = Deal(Config.difficulty("beginner", first_click="classic"), seed=6)
    assert (0, 0) in classic.next() and classic.seed == 6 and not classic.layout_known


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
