"""The engine's rules, one player's story at a time (game.rules.board, game.rules.engine, game.midend.match).

Boards are hand-laid from small pictures ('*' a mine, '.' a safe cell) with
``Game(config, mines=...)``: the rules alone. The deal (the first-click rules; the seeds,
drawn from a seeded ``random.Random``, each board laid from game.midend.deal.board_rng of its
seed), the clock, new game, retry and a loaded position belong
to the midend, so those stories play through a :class:`game.midend.match.Match`. Time comes from
:class:`FakeClock`, which only moves when a test moves it.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from game.rules.board import (
    Config, DIFFICULTIES, adjacent_mines, lay_mines, neighbours, relocate_first_click_mine, three_bv,
)
from game.rules.engine import Game, State
from game.midend.deal import board_rng
from game.midend.match import Match
from game.rules.moves import Move

SHOWN = {"covered": "#", "flag": "F", "question": "?", "0": ".", "mine": "*", "mine_hit": "X",
         "wrong_flag": "x"}


class FakeClock:
    """A monotonic clock in seconds that moves only when told to."""

    def __init__(self, now: float = 100.0):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def classic(rows: int, cols: int, mines: set, **rules) -> Match:
    """A classic-rule match whose board, laid before the first click, is exactly ``mines``.

    Every board is laid from ``board_rng(match.seed)`` (game.midend.deal), so this finds a seed that
    lays ``mines`` (small boards only: it tries seeds in order).
    """
    config = Config(rows, cols, len(mines), first_click="classic", **rules)
    for seed in range(20000):
        if lay_mines(config, None, board_rng(seed)) == mines:
            return Match(config, seed=seed, clock=FakeClock())
    raise AssertionError(f"no seed below 20000 lays {mines}")


def mines_of(picture: str) -> tuple[int, int, set]:
    """rows, cols and mine cells of a picture: one text row per board row, '*' a mine."""
    lines = picture.split()
    return len(lines), len(lines[0]), {(r, c) for r, line in enumerate(lines)
                                       for c, ch in enumerate(line) if ch == "*"}


def board(picture: str, **rules) -> Game:
    """A position (the rules alone) laid exactly as ``picture``."""
    rows, cols, mines = mines_of(picture)
    return Game(Config(rows, cols, len(mines), **rules), mines=mines)


def loaded(picture: str, clock=None, **rules) -> Match:
    """A match on a board laid exactly as ``picture`` (a loaded board), timed by ``clock``."""
    rows, cols, mines = mines_of(picture)
    return Match(Config(rows, cols, len(mines), **rules), mines=mines, clock=clock or FakeClock())


class Counted:
    """A loaded match (:func:`loaded`) seen as its Game, its moves made through the midend, so
    that its clicks are counted where the game counts them (game.midend.match.Match.clicks:
    the game's story, not its position): ``reveal``, ``toggle_flag`` and ``chord`` return
    the changed cells as Game's do; every other attribute is the Game's."""

    def __init__(self, picture: str, **rules) -> None:
        self.match = loaded(picture, **rules)

    def __getattr__(self, name):
        return getattr(self.match.game, name)

    def reveal(self, cell):
        return set(self.match.apply(Move.reveal(cell)).changed)

    def toggle_flag(self, cell):
        return set(self.match.apply(Move.flag(cell)).changed)

    def chord(self, cell):
        return set(self.match.apply(Move.chord(cell)).changed)

    @property
    def clicks(self) -> dict:
        return self.match.clicks

    @property
    def total_clicks(self) -> int:
        return self.match.total_clicks


def shown(game: Game) -> str:
    """What the player sees, as a picture: '#' covered, '.' zero, digits, 'F', '?', and after a loss
    '*' mine, 'X' the exploded mine, 'x' a wrong flag."""
    return "\n".join("".join(SHOWN.get(game.appearance((r, c)), game.appearance((r, c)))
                             for c in range(game.cols)) for r in range(game.rows))


def picture(text: str) -> str:
    return "\n".join(text.split())


# ----- configuration -------------------------------------------------------------------------------
@pytest.mark.parametrize("fields, fragments", [
    ((0, 9, 10), ["rows", "0", "1..1000"]),
    ((1001, 9, 10), ["rows", "1001", "1..1000"]),
    ((9, 0, 10), ["cols", "0", "1..1000"]),
    ((9, 1001, 10), ["cols", "1001", "1..1000"]),
    (("9", 9, 10), ["rows", "'9'", "1..1000"]),
    ((9, 9, 0), ["mines", "0", "1..80"]),
    ((9, 9, 81), ["mines", "81", "1..80"]),
    ((9, 9, -3), ["mines", "-3", "1..80"]),
    ((9, 9, 2.5), ["mines", "2.5", "1..80"]),
    ((1, 1, 1), ["rows x cols", "1x1", "at least 2 cells"]),
])
def test_a_board_out_of_range_is_refused_naming_field_value_and_range(fields, fragments):
    with pytest.raises(ValueError) as err:
        Config(*fields)
    for fragment in fragments:
        assert fragment in str(err.value)


@pytest.mark.parametrize("rows, cols, mines", [(1, 2, 1), (2, 1, 1), (9, 9, 80), (1000, 1000, 999_999),
                                               (1000, 1, 999), (16, 30, 99)])
def test_every_size_in_range_is_accepted(rows, cols, mines):
    config = Config(rows, cols, mines)
    assert (config.rows, config.cols, config.mines, config.cells) == (rows, cols, mines, rows * cols)


def test_an_unknown_first_click_rule_is_refused_with_the_allowed_rules():
    with pytest.raises(ValueError, match=r"first_click: 'lucky'.*opening, safe, classic"):
        Config(9, 9, 10, first_click="lucky")


@pytest.mark.parametrize("name", list(DIFFICULTIES))
def test_standard_levels_are_the_windows_sizes(name):
    config = Config.difficulty(name, first_click="safe")
    assert (config.rows, config.cols, config.mines) == DIFFICULTIES[name]
    assert config.level == name and config.first_click == "safe"
    assert DIFFICULTIES["expert"] == (16, 30, 99)  # 16 rows, 30 columns


def test_an_unknown_level_is_refused_and_a_custom_size_says_custom():
    with pytest.raises(ValueError, match=r"difficulty: 'bogus'.*beginner, intermediate, expert"):
        Config.difficulty("bogus")
    assert Config(10, 10, 10).level == "custom"


def test_a_given_layout_must_lie_on_the_board_and_match_the_count():
    with pytest.raises(ValueError, match=r"mines: \(3, 0\) is off the 3x2 board"):
        Game(Config(3, 2, 1), mines={(3, 0)})
    with pytest.raises(ValueError, match="mines: 2 laid but the game says 1"):
        Game(Config(3, 2, 1), mines={(0, 0), (0, 1)})


def test_a_move_off_the_board_is_refused_naming_the_cell_and_the_ranges():
    game = board("*.. ...")
    for move in (game.reveal, game.toggle_flag, game.chord):
        with pytest.raises(ValueError, match=r"cell: \(2, 0\) is off the board; rows 0..1, cols 0..2"):
            move((2, 0))


# ----- the mine set and numbers ------------------------------------------------------------------
def test_mines_are_a_set_of_row_col_cells_and_numbers_are_counted_from_it():
    # 2 rows x 5 columns: a transposed (col, row) store would put the mine off the board.
    game = board("..... ....*")
    assert game.layout() == frozenset({(1, 4)})
    assert all(isinstance(cell, tuple) and len(cell) == 2 for cell in game.layout())
    game.reveal((0, 0))
    for cell in game.cells():
        if game.is_revealed(cell):
            expected = sum(1 for n in neighbours(cell, 2, 5) if n == (1, 4))
            assert game.number(cell) == expected
    assert game.number((0, 3)) == 1 and game.number((1, 3)) == 1 and game.number((0, 2)) == 0
    assert game.number((1, 4)) is None  # the mine is still covered


def test_adjacent_mines_counts_all_eight_neighbours_and_not_the_cell_itself():
    mines = {(r, c) for r in range(3) for c in range(3)}
    assert adjacent_mines((1, 1), mines, 3, 3) == 8
    assert adjacent_mines((0, 0), mines, 3, 3) == 3
    assert sorted(neighbours((0, 0), 3, 3)) == [(0, 1), (1, 0), (1, 1)]
    assert len(list(neighbours((1, 1), 3, 3))) == 8


# ----- placement and the first click -------------------------------------------------------------
def test_the_same_seed_and_first_click_give_the_same_board():
    def first_board(cell, **seeding):
        match = Match(Config(16, 30, 99), **seeding)
        match.reveal(cell)
        return match.layout()

    assert first_board((7, 12), seed=2024) == first_board((7, 12), seed=2024)
    assert first_board((7, 12), rng=random.Random(9)) == first_board((7, 12), rng=random.Random(9))
    boards = {first_board((7, 12), seed=seed) for seed in range(5)}
    assert len(boards) == 5  # and different seeds give different boards
    assert first_board((0, 0), seed=2024) != first_board((7, 12), seed=2024)


def test_the_board_is_drawn_from_a_random_seeded_with_the_game_seed_at_the_first_click():
    config = Config(3, 4, 2)
    match = Match(config, seed=77)
    assert match.seed == 77 and not match.game.mines_laid and match.game.three_bv is None
    match.reveal((0, 0))
    assert match.layout() == lay_mines(config, (0, 0), board_rng(77))
    assert not match.layout() & {(0, 0), (0, 1), (1, 0), (1, 1)}


def test_each_new_game_draws_its_seed_from_the_injected_random():
    session = random.Random(5)
    match = Match(Config(9, 9, 10), rng=session)
    expected = random.Random(5)
    seeds = [match.seed]
    for _ in range(3):
        match.new_game()
        seeds.append(match.seed)
    assert seeds == [expected.randrange(2 ** 40) for _ in range(4)]  # deal.SEED_RANGE
    match.reveal((4, 4))
    seed = match.seed
    match.retry()
    assert match.seed == seed  # a retry is the same board


@pytest.mark.parametrize("first", [(4, 4), (0, 0), (8, 3), (0, 8)])
def test_opening_rule_keeps_the_first_cell_and_its_neighbours_free(first):
    for seed in range(40):
        match = Match(Config.difficulty("beginner"), rng=random.Random(seed))
        match.reveal(first)
        mines = match.layout()
        assert len(mines) == 10
        assert not ({first} | set(neighbours(first, 9, 9))) & mines
        assert match.game.number(first) == 0 and match.game.state is State.PLAYING


def test_opening_rule_holds_while_the_board_has_room_for_it():
    # 4x4 with 7 mines: exactly the 7 cells outside the 3x3 block around (1, 1).
    match = Match(Config(4, 4, 7), rng=random.Random(5))
    match.reveal((1, 1))
    assert match.layout() == {(3, c) for c in range(4)} | {(0, 3), (1, 3), (2, 3)}


def test_opening_rule_falls_back_to_safe_when_the_board_is_too_dense():
    match = Match(Config(4, 4, 8), rng=random.Random(5))
    match.reveal((1, 1))
    mines = match.layout()
    assert len(mines) == 8 and (1, 1) not in mines
    assert mines & set(neighbours((1, 1), 4, 4))  # only the clicked cell could be kept free
    assert match.game.state is State.PLAYING and match.game.number((1, 1)) >= 1


def test_safe_rule_keeps_only_the_clicked_cell_free():
    # 24 cells besides the click and 20 mines: at least 4 of the 8 neighbours are mines.
    for seed in range(10):
        match = Match(Config(5, 5, 20, first_click="safe"), rng=random.Random(seed))
        match.reveal((2, 2))
        assert (2, 2) not in match.layout() and len(match.layout()) == 20
        assert match.game.state is State.PLAYING and match.game.number((2, 2)) >= 4


def test_safe_rule_lets_mines_touch_the_first_click():
    touched = 0
    for seed in range(30):
        match = Match(Config(9, 9, 10, first_click="safe"), rng=random.Random(seed))
        match.reveal((4, 4))
        touched += bool(match.game.number((4, 4)))
    assert touched > 0  # with 'opening' this would always be 0


def test_classic_rule_lays_the_mines_before_the_first_click():
    match = classic(3, 3, {(0, 2), (2, 1)})
    assert match.layout() == {(0, 2), (2, 1)} and match.game.state is State.READY
    match.reveal((1, 1))  # a safe first click changes nothing
    assert match.layout() == {(0, 2), (2, 1)} and match.game.number((1, 1)) == 2


def test_classic_first_click_on_a_mine_moves_it_to_the_top_left_free_cell():
    match = classic(3, 3, {(2, 2), (1, 0)})
    match.reveal((2, 2))
    assert match.game.state is State.PLAYING and match.game.exploded is None
    assert match.layout() == {(0, 0), (1, 0)}
    assert match.game.number((2, 2)) == 0  # and it floods from there


def test_classic_relocation_scans_each_row_left_to_right_rows_top_to_bottom():
    match = classic(3, 3, {(0, 0), (0, 1), (0, 2)})
    match.reveal((0, 1))
    assert match.layout() == {(0, 0), (0, 2), (1, 0)}
    assert match.game.number((0, 1)) == 3


def test_three_bv_follows_the_mine_the_first_click_moved():
    match = classic(3, 3, {(1, 1)})
    assert three_bv_of(match.layout(), 3, 3) == 8  # eight 1s around the centre mine
    match.reveal((1, 1))
    assert match.layout() == {(0, 0)}
    assert match.game.three_bv == three_bv_of({(0, 0)}, 3, 3) == 1, "3BV of the board before the move"
    match.reveal((2, 2))
    assert match.game.state is State.WON and match.game.three_bv_solved == match.game.three_bv


def three_bv_of(mines, rows, cols):
    openings, isolated = three_bv(mines, rows, cols)
    return len(openings) + len(isolated)


def test_relocate_first_click_mine_on_hand_laid_sets():
    assert relocate_first_click_mine({(2, 2)}, (2, 2), 3, 3) == {(0, 0)}
    assert relocate_first_click_mine({(0, 0), (1, 1)}, (1, 1), 3, 3) == {(0, 0), (0, 1)}
    assert relocate_first_click_mine({(0, 0), (0, 1), (1, 1)}, (1, 1), 2, 2) == {(0, 0), (0, 1), (1, 0)}
    safe = {(0, 0)}
    assert relocate_first_click_mine(safe, (1, 1), 2, 2) == {(0, 0)}


def test_classic_mine_under_a_later_click_still_explodes():
    match = classic(3, 3, {(0, 0), (2, 2)})
    match.reveal((1, 0))
    match.reveal((2, 2))
    assert match.game.state is State.LOST and match.game.exploded == (2, 2)


def chi_square(counts, expected):
    return sum((n - expected) ** 2 / expected for n in counts)


def test_placement_is_uniform_over_pairs_of_allowed_cells():
    # 3x3, 2 mines, safe click in the centre: 28 equally likely pairs of the 8 other cells.
    config = Config(3, 3, 2, first_click="safe")
    rng = random.Random(31337)
    pairs = {frozenset(p): 0 for p in combinations(set(neighbours((1, 1), 3, 3)), 2)}
    draws = 5600
    for _ in range(draws):
        pairs[frozenset(lay_mines(config, (1, 1), rng))] += 1
    assert len(pairs) == 28
    # 27 degrees of freedom: the 99.9% point is 55.5.
    assert chi_square(pairs.values(), draws / 28) < 55.5


def test_opening_placement_is_uniform_over_the_cells_outside_the_block():
    config = Config(4, 4, 1)
    rng = random.Random(4242)
    counts = {}
    draws = 6000
    for _ in range(draws):
        (cell,) = lay_mines(config, (0, 0), rng)
        counts[cell] = counts.get(cell, 0) + 1
    assert set(counts) == {(r, c) for r in range(4) for c in range(4)} - {(0, 0), (0, 1), (1, 0), (1, 1)}
    # 11 degrees of freedom: the 99.9% point is 31.3.
    assert chi_square(counts.values(), draws / 12) < 31.3


def test_classic_placement_covers_every_cell_uniformly():
    config = Config(2, 3, 1, first_click="classic")
    rng = random.Random(99)
    counts = {}
    for _ in range(3000):
        (cell,) = lay_mines(config, None, rng)
        counts[cell] = counts.get(cell, 0) + 1
    assert len(counts) == 6
    assert chi_square(counts.values(), 500) < 20.5  # 5 degrees of freedom, 99.9%


# ----- reveal ------------------------------------------------------------------------------------
def test_revealing_a_mine_loses_and_records_the_exploded_cell():
    game = board("*.. ...")
    game.reveal((1, 2))
    changed = game.reveal((0, 0))
    assert game.state is State.LOST and game.over and game.exploded == (0, 0)
    assert (0, 0) in changed
    assert not game.is_revealed((0, 0))  # shown as the hit mine, never as a revealed cell
    assert game.appearance((0, 0)) == "mine_hit"


def test_revealing_a_number_shows_only_that_cell():
    game = board("*.. ... ...")
    assert game.reveal((1, 1)) == {(1, 1)}
    assert shown(game) == picture("### #1# ###")


def test_revealing_a_zero_opens_its_region_and_numbered_border_and_no_further():
    game = board("""
        ..*..
        ..*..
        ..*..
    """)
    changed = game.reveal((0, 0))
    assert shown(game) == picture(".2### .3### .2###")
    assert changed == {(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)}
    assert game.state is State.PLAYING


def test_a_zero_region_joined_only_diagonally_opens_as_one():
    game = board("""
        *...
        ....
        ....
        ...*
    """)
    game.reveal((3, 0))  # the zeros at (2, 1) and (1, 2) touch only at a corner
    assert shown(game) == picture("F1.. 11.. ..11 ..1F")
    assert game.state is State.WON


def test_revealing_a_revealed_cell_does_nothing_but_count_a_wasted_click():
    game = Counted("*.. ...")
    game.reveal((1, 1))
    assert game.reveal((1, 1)) == set()
    assert shown(game) == picture("### #1#")
    assert game.clicks == {"reveal": 1, "flag": 0, "chord": 0, "wasted": 1}


def test_one_click_opens_a_1000x1000_board_without_recursion():
    mines = {(500, 500), (10, 990), (999, 0)}
    game = Game(Config(1000, 1000, 3), mines=mines)
    changed = game.reveal((0, 0))
    assert game.state is State.WON
    assert len(changed) == 1000 * 1000  # every safe cell revealed, every mine flagged
    assert game.number((499, 499)) == 1 and game.number((0, 0)) == 0


# ----- flags and question marks ------------------------------------------------------------------
def test_flag_cycle_without_question_marks():
    game = board("*.. ...")
    assert game.toggle_flag((0, 0)) == {(0, 0)} and game.mark((0, 0)) == "flag"
    assert game.mines_left == 0
    assert game.toggle_flag((0, 0)) == {(0, 0)} and game.mark((0, 0)) == ""
    assert game.mines_left == 1 and game.appearance((0, 0)) == "covered"


def test_flag_cycle_with_question_marks_on():
    game = board("*.. ...", questions=True)
    marks = []
    for _ in range(4):
        game.toggle_flag((1, 2))
        marks.append((game.mark((1, 2)), game.appearance((1, 2)), game.mines_left))
    assert marks == [("flag", "flag", 0), ("question", "question", 1), ("", "covered", 1),
                     ("flag", "flag", 0)]


def test_a_flagged_cell_cannot_be_revealed():
    game = Counted("*.. ...")
    game.toggle_flag((0, 0))
    assert game.reveal((0, 0)) == set()
    assert game.state is State.READY and game.mark((0, 0)) == "flag"
    assert game.clicks["wasted"] == 1 and game.clicks["reveal"] == 0


def test_a_question_marked_cell_can_be_revealed():
    game = board("*.. ...", questions=True)
    game.toggle_flag((1, 2))
    game.toggle_flag((1, 2))
    assert game.mark((1, 2)) == "question"
    assert game.reveal((1, 2)) == {(0, 1), (0, 2), (1, 1), (1, 2)}
    assert game.number((1, 2)) == 0 and game.mark((1, 2)) == ""


def test_more_flags_than_mines_make_the_counter_negative():
    game = board("*.. ...")
    for cell in [(0, 1), (0, 2), (1, 0)]:
        game.toggle_flag(cell)
    assert game.mines_left == -2


def test_flagging_a_revealed_cell_is_a_wasted_click():
    game = Counted("*.. ...")
    game.reveal((1, 1))
    assert game.toggle_flag((1, 1)) == set()
    assert game.mark((1, 1)) == "" and game.clicks["wasted"] == 1 and game.clicks["flag"] == 0


# ----- chord -------------------------------------------------------------------------------------
def test_chord_on_a_satisfied_number_reveals_its_other_neighbours():
    game = Counted("""
        *...
        ....
        ...*
    """)
    game.reveal((1, 1))
    game.toggle_flag((0, 0))
    changed = game.chord((1, 1))  # opens everything else: the last mine needs no flag
    assert shown(game) == picture("F1.. 1111 ..1F") and game.state is State.WON
    assert {(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)} <= changed
    assert (0, 0) not in changed and game.mark((0, 0)) == "flag"
    assert game.clicks["chord"] == 1


def test_chord_with_too_few_flags_does_nothing():
    game = Counted("*.* ...")
    game.reveal((1, 1))
    game.toggle_flag((0, 0))  # the 2 has only one flag
    assert game.chord((1, 1)) == set()
    assert shown(game) == picture("F## #2#")
    assert game.clicks["wasted"] == 1 and game.clicks["chord"] == 0


def test_chord_with_too_many_flags_does_nothing():
    game = board("*.. ...")
    game.reveal((1, 1))
    game.toggle_flag((0, 0))
    game.toggle_flag((1, 0))
    assert game.chord((1, 1)) == set() and game.state is State.PLAYING


def test_chord_on_a_covered_or_zero_cell_does_nothing():
    game = Counted("*... ....")
    game.reveal((0, 3))
    assert game.chord((0, 3)) == set()  # a zero
    assert game.chord((0, 0)) == set()  # covered
    assert game.clicks["wasted"] == 2


def test_chord_on_a_zero_with_no_flag_around_opens_its_covered_neighbours():
    # A flag on (0, 3) stops the flood from (0, 0); taken off, the 0 at (0, 2) chords it open
    # (ms-toollib's chording_click: a 0 with 0 flags around is satisfied).
    game = Counted("..... ....*")
    game.toggle_flag((0, 3))
    game.reveal((0, 0))
    game.toggle_flag((0, 3))
    assert game.appearance((0, 2)) == "0" and game.appearance((0, 3)) == "covered"
    assert game.chord_ready((0, 2))
    assert game.chord((0, 2)) == {(0, 3)} and game.appearance((0, 3)) == "1"
    assert game.clicks["chord"] == 1


def test_chord_with_a_wrong_flag_loses():
    game = board("*.. ...")
    game.reveal((1, 1))
    game.toggle_flag((1, 0))  # wrong: the mine is at (0, 0)
    changed = game.chord((1, 1))
    assert game.state is State.LOST and game.exploded == (0, 0)
    assert game.appearance((1, 0)) == "wrong_flag" and (1, 0) in changed
    assert shown(game) == picture("X1. x1.")


def test_chord_reveals_question_marked_neighbours_but_never_flagged_ones():
    game = board("*.. ...", questions=True)
    game.reveal((1, 1))
    game.toggle_flag((0, 0))
    game.toggle_flag((0, 2))
    game.toggle_flag((0, 2))  # now a question mark
    game.chord((1, 1))
    assert game.state is State.WON
    assert game.is_revealed((0, 2)) and not game.is_revealed((0, 0))


# ----- the end -----------------------------------------------------------------------------------
def test_revealing_every_safe_cell_wins_without_flags():
    game = board("*.. ... ...")
    changed = game.reveal((2, 2))
    assert game.state is State.WON and game.over
    assert game.appearance((0, 0)) == "flag" and (0, 0) in changed
    assert game.mines_left == 0
    assert shown(game) == picture("F1. 11. ...")


def test_a_win_after_too_many_flags_reads_zero_mines_left():
    game = board("*.. ...")
    game.toggle_flag((0, 0))
    game.toggle_flag((1, 0))  # wrong flag, and the counter reads -1
    game.reveal((0, 2))
    assert game.mines_left == -1 and game.state is State.PLAYING
    game.toggle_flag((1, 0))
    game.reveal((1, 0))
    assert game.state is State.WON and game.mines_left == 0


def test_a_loss_shows_every_mine_the_exploded_one_and_wrong_flags():
    game = board("""
        *.*.
        ....
        ...*
    """, questions=True)
    game.toggle_flag((0, 0))  # right
    game.toggle_flag((1, 1))  # wrong
    game.toggle_flag((2, 3))
    game.toggle_flag((2, 3))  # a question mark on a mine
    changed = game.reveal((0, 2))
    assert game.state is State.LOST and game.exploded == (0, 2)
    assert shown(game) == picture("""
        F#X#
        #x##
        ###*
    """)
    assert {(0, 0), (0, 2), (2, 3), (1, 1)} <= changed


def test_after_the_end_moves_are_ignored():
    game = Counted("*.. ...")
    game.reveal((0, 0))
    before = (shown(game), dict(game.clicks), game.mines_left)
    assert game.reveal((1, 2)) == set()
    assert game.toggle_flag((1, 2)) == set()
    assert game.chord((1, 1)) == set()
    assert (shown(game), dict(game.clicks), game.mines_left) == before
    won = Counted("*.. ... ...")
    won.reveal((2, 2))
    assert won.reveal((0, 0)) == set() and won.state is State.WON


# ----- counters ----------------------------------------------------------------------------------
def test_the_timer_runs_from_the_first_reveal_to_the_end_in_milliseconds():
    clock = FakeClock(100.0)
    match = loaded("*.. ... ...", clock=clock)
    match.toggle_flag((0, 0))
    clock.advance(5)
    assert match.elapsed == 0.0  # a flag does not start the timer
    match.reveal((1, 1))
    clock.advance(2.3456)
    assert match.elapsed == 2.346
    clock.advance(1.0)
    match.reveal((2, 2))
    assert match.game.state is State.WON and match.elapsed == 3.346
    clock.advance(60)
    assert match.elapsed == 3.346  # stopped at the end


def test_pause_stops_the_timer_and_moves_until_resume():
    clock = FakeClock()
    match = loaded("*.. ... ...", clock=clock)
    match.pause()
    assert not match.paused  # nothing to pause before the first reveal
    match.reveal((1, 1))
    clock.advance(4)
    match.pause()
    assert match.paused
    clock.advance(100)
    assert match.elapsed == 4.0
    assert match.reveal((2, 2)) == set() and match.toggle_flag((0, 0)) == set()
    assert match.total_clicks == 1  # moves while paused are not clicks
    match.resume()
    clock.advance(1.5)
    assert not match.paused and match.elapsed == 5.5
    match.reveal((2, 2))
    assert match.game.state is State.WON and match.elapsed == 5.5


def test_clicks_are_counted_by_kind_with_wasted_ones_apart():
    game = Counted("""
        *...
        ....
        ...*
    """)
    game.reveal((1, 1))        # reveal
    game.reveal((1, 1))        # wasted: already revealed
    game.chord((1, 1))         # wasted: a 1 with no flag around it
    game.toggle_flag((1, 1))   # wasted: a revealed cell takes no flag
    game.toggle_flag((0, 0))   # flag
    game.toggle_flag((2, 3))   # flag
    game.toggle_flag((2, 3))   # flag (off again)
    game.reveal((0, 0))        # wasted: flagged
    game.chord((1, 1))         # chord: opens the rest and wins
    game.reveal((2, 3))        # after the end: not counted at all
    assert game.clicks == {"reveal": 1, "flag": 3, "chord": 1, "wasted": 4}
    assert game.total_clicks == 9


@pytest.mark.parametrize("rows, expected", [
    (["*.."], 1),                           # one opening; its border 1 is free
    (["..*.."], 2),                         # two openings
    (["...", ".*.", "..."], 8),             # eight isolated 1s
    (["*.*", "...", "*.*"], 5),             # a 4 and four 2s, no opening
    (["*...", "....", "....", "...*"], 1),  # zeros joined diagonally: one opening
    (["*.*..", ".....", "....."], 2),       # one opening, plus the 2 at (0, 1) it does not touch
])
def test_three_bv_on_hand_checked_boards(rows, expected):
    game = board(" ".join(rows))
    assert game.three_bv == expected
    openings, isolated = three_bv(game.layout(), game.rows, game.cols)
    assert len(openings) + len(isolated) == expected


def test_three_bv_solved_grows_as_openings_and_isolated_numbers_are_revealed():
    clock = FakeClock()
    match = loaded("*.*.. ..... .....", clock=clock)
    game = match.game
    assert game.three_bv == 2 and game.three_bv_solved == 0
    match.reveal((1, 1))  # a border number: not 3BV on its own
    assert game.three_bv_solved == 0
    match.reveal((2, 0))  # the opening
    assert game.three_bv_solved == 1
    assert match.three_bv_per_second is None and match.efficiency is None  # only at the end
    clock.advance(4)
    match.reveal((0, 1))  # the isolated 2
    assert game.state is State.WON and game.three_bv_solved == 2
    assert match.three_bv_per_second == pytest.approx(0.5)
    assert match.efficiency == pytest.approx(100 * 2 / 3)


def test_efficiency_counts_wasted_clicks_and_a_loss_reports_no_three_bv_per_second():
    clock = FakeClock()
    match = loaded("..*.. .....", clock=clock)
    game = match.game
    match.reveal((0, 0))
    match.reveal((0, 0))  # wasted
    clock.advance(2)
    match.reveal((0, 2))
    assert game.state is State.LOST
    # 3BV 3: two openings and the 1 at (1, 2) under the mine, which touches no zero.
    assert game.three_bv == 3 and game.three_bv_solved == 1
    assert match.efficiency == pytest.approx(100 / 3)
    assert match.three_bv_per_second is None and match.elapsed == 2.0


# ----- new game and retry (the midend) -----------------------------------------------------------
def test_new_game_starts_afresh_on_a_new_board():
    clock = FakeClock()
    match = Match(Config(9, 9, 10), rng=random.Random(3), clock=clock)
    game = match.game
    match.reveal((4, 4))
    match.toggle_flag((0, 0))
    first = match.layout()
    clock.advance(3)
    match.new_game()
    assert match.game is game  # one position object for the whole match
    assert game.state is State.READY and not game.mines_laid and match.elapsed == 0.0
    assert match.total_clicks == 0 and game.mines_left == 10
    assert all(game.appearance(cell) == "covered" for cell in game.cells())
    match.reveal((4, 4))
    assert match.layout() != first


def test_retry_replays_the_same_board_from_the_start():
    clock = FakeClock()
    match = Match(Config(9, 9, 10), rng=random.Random(11), clock=clock)
    game = match.game
    match.reveal((4, 4))
    mine = min(match.layout())
    match.toggle_flag((8, 8))
    match.reveal(mine)
    assert game.state is State.LOST
    layout = match.layout()
    match.retry()
    assert game.state is State.READY and match.layout() == layout and game.exploded is None
    assert match.total_clicks == 0 and game.mines_left == 10 and match.elapsed == 0.0
    assert all(game.appearance(cell) == "covered" for cell in game.cells())
    match.reveal(mine)  # the same board: no first-click rule moves the mine this time
    assert game.state is State.LOST and match.layout() == layout


def test_retry_before_the_first_click_is_a_plain_new_game():
    match = Match(Config(9, 9, 10), rng=random.Random(1))
    match.retry()
    assert not match.game.mines_laid
    match.reveal((0, 0))
    assert match.game.number((0, 0)) == 0


def test_retry_keeps_a_loaded_board():
    match = loaded("*.. ...")
    match.reveal((1, 1))
    match.retry()
    assert match.layout() == {(0, 0)} and not match.game.is_revealed((1, 1))


def test_retry_keeps_the_relocated_classic_board():
    match = classic(3, 3, {(1, 1)})
    match.reveal((1, 1))
    assert match.layout() == {(0, 0)}
    match.retry()
    assert match.layout() == {(0, 0)}


def test_retry_before_the_first_click_keeps_the_classic_first_click_rule():
    # Nothing was clicked yet, so the next click is still the first click of the game.
    match = classic(3, 3, {(1, 1)})
    match.retry()
    match.reveal((1, 1))
    assert match.game.state is State.PLAYING, "the first click after a retry-before-any-click exploded"
    assert match.layout() == {(0, 0)}


# ----- a loaded position -------------------------------------------------------------------------
def test_restore_shows_a_position_without_starting_the_timer():
    clock = FakeClock()
    rows, cols, mines = mines_of("*.. ... ..*")
    config = Config(rows, cols, len(mines))
    match = Match(config, mines=mines, revealed=[(0, 1), (1, 1)], flags=[(0, 0)], clock=clock)
    game = match.game
    assert game.differences(Game(config, mines=mines)) == {(0, 1), (1, 1), (0, 0)}
    assert shown(game) == picture("F1# #2# ###")
    clock.advance(3)
    assert game.state is State.READY and match.elapsed == 0.0 and match.total_clicks == 0
    with pytest.raises(ValueError, match="mine"):
        Match(config, mines=mines, revealed=[(2, 2)])


def test_a_chord_as_the_first_move_on_a_restored_position_starts_the_game():
    clock = FakeClock()
    rows, cols, mines = mines_of("*.. ... ..*")
    match = Match(Config(rows, cols, len(mines)), mines=mines, revealed=[(0, 1)], flags=[(0, 0)], clock=clock)
    game = match.game
    match.chord((0, 1))
    assert game.is_revealed((0, 2)) and game.is_revealed((1, 1))
    clock.advance(3)
    assert game.state is State.PLAYING, "a chord revealed cells but the game never started"
    assert match.elapsed == 3.0


def test_set_layout_lays_a_board_made_elsewhere_before_the_first_reveal():
    match = Match(Config(3, 3, 1, first_click="classic"), seed=1, clock=FakeClock())
    match.set_layout({(1, 1)})
    match.reveal((0, 0))  # no first-click rule moves a layout laid this way
    assert match.layout() == {(1, 1)} and match.game.number((0, 0)) == 1
    with pytest.raises(ValueError, match="already started"):
        match.set_layout({(2, 2)})
    with pytest.raises(ValueError, match="mines: 2 laid but the game says 1"):
        Match(Config(3, 3, 1)).set_layout({(0, 0), (0, 1)})


def test_three_bv_follows_a_layout_set_after_it_was_read():
    match = classic(3, 3, {(1, 1)})
    assert three_bv_of(match.layout(), 3, 3) == 8
    assert match.game.three_bv is None  # read before any layout is laid on the position
    match.set_layout({(0, 0)})
    assert match.game.three_bv == 1, "3BV of the layout before set_layout"


def test_first_click_safe_holds_only_until_the_first_reveal_of_a_dealt_board():
    dealt = Match(Config(9, 9, 10), rng=random.Random(4))
    assert dealt.first_click_safe
    dealt.toggle_flag((0, 0))  # a flag is not the first click
    assert dealt.first_click_safe
    dealt.reveal((4, 4))
    assert not dealt.first_click_safe
    dealt.retry()  # a retried board that was played is kept exactly as laid
    assert not dealt.first_click_safe

    classic = Match(Config(9, 9, 10, first_click="classic"), rng=random.Random(4))
    assert classic.layout() is not None and classic.first_click_safe  # laid, but the XP move is pending
    classic.retry()
    assert classic.first_click_safe

    loaded = Match(Config(3, 3, 1), mines={(0, 0)})
    assert not loaded.first_click_safe
