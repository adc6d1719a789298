"""The post-mortem's words (game.commands.review_report.loss_line and loss_details) on hand-laid
games reviewed by game.solver.review: a forced guess with and without guesses survived, an
unavoidable 50/50, a mistake explained by the number that proves the mine, and a won game
that has no post-mortem."""

from game.commands.review_report import fatal_move, loss_details, loss_line
from game.solver.review import review


def test_a_forced_guess_counts_the_guesses_survived_and_their_luck():
    # 2x2, one mine at (0; 0): the first click at (1; 1) shows 1, each other cell is a mine 1 in 3.
    first = review(2, 2, [(0, 0)], [(0, "reveal", (1, 1)), (100, "reveal", (0, 0))])
    assert loss_line(first) == "Forced guess: no cell was safe; it was your first guess"
    # (0; 1) survived at 2/3, then (0; 0) and (1; 0) are 1 in 2 each: the luck is 1 in 1.5. They
    # touch the same two numbers and nothing else: an unavoidable 50/50, told as one.
    second = review(2, 2, [(0, 0)], [(0, "reveal", (1, 1)), (100, "reveal", (0, 1)), (200, "reveal", (0, 0))])
    assert loss_line(second) == ("Forced 50/50: (0; 0) or (1; 0), and no move could ever tell which; "
                                 "you survived 1 guess (luck 1 in 1.5)")
    details = loss_details(second)
    assert details[0] == "The fatal reveal at (0; 0): mine probability 50.0% (an unavoidable 50/50 with (1; 0))"
    assert details[1:] == ["(0; 0) and (1; 0) held one mine between them, and no move could ever tell which: "
                           "an unavoidable 50/50, to be guessed sooner or later.", "No cell was certainly safe then"]


def test_a_mistake_is_said_so_and_a_win_has_no_post_mortem():
    # 1x5, mines at (0; 1) and (0; 3): the first click at (0; 4) shows 1, so (0; 3) is a mine.
    lost = review(1, 5, [(0, 1), (0, 3)], [(0, "reveal", (0, 4)), (100, "reveal", (0, 3))])
    assert fatal_move(lost).verdict == "mistake"
    assert loss_line(lost) == "Mistake: (0; 3) was certainly a mine"
    assert loss_details(lost) == ["The fatal reveal at (0; 3): mine probability 100.0%",
                                  "Why (0; 3) was a mine: the 1 at (0; 4) has only 1 covered neighbour left, "
                                  "and it needs it as a mine, so (0; 3) was a mine.",
                                  "No cell was certainly safe then"]
    won = review(1, 4, [(0, 0)], [(0, "reveal", (0, 3))])
    assert won.won and loss_line(won) == "" and loss_details(won) == []
