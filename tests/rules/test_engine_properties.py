"""Property tests (hypothesis): random boards and random players keep every rule of the engine.

A game is either hand-laid from a random permutation or laid by a first-click rule
from a random seed; it is played through a match (game.midend.match.Match: the deal, the clock,
pause), and the rules are checked on its position (game.rules.engine.Game). The player is a random list of moves: plain reveal / flag /
chord at random cells, plus "reveal a covered safe cell" and "flag a covered mine"
so that many games are won, and pause / resume. Time advances by a random number
of milliseconds before each move. After every move the invariants are checked;
at the end the game is saved and loaded as .mine and as MBF.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from game.rules.board import Config, neighbours
import game.boardfile as boardfile
from game.boardfile import format_mbf, format_mine, from_game, loaded_match, parse_mbf
from game.rules.engine import Game, State
from game.midend.match import Match

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MOVES = ("reveal", "flag", "chord", "reveal_safe", "flag_mine", "pause", "resume")


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@st.composite
def boards(draw):
    """(match, clock, moves): a small board, laid by hand or by a first-click rule."""
    rows = draw(st.integers(1, 7))
    cols = draw(st.integers(2 if rows == 1 else 1, 7))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    count = draw(st.integers(1, len(cells) - 1))
    questions = draw(st.booleans())
    how = draw(st.sampled_from(("laid", "opening", "safe", "classic")))
    clock = FakeClock()
    if how == "laid":
        order = draw(st.permutations(cells))
        match = Match(Config(rows, cols, count, questions=questions), mines=order[:count], clock=clock)
    else:
        seed = draw(st.integers(0, 2 ** 32 - 1))
        match = Match(Config(rows, cols, count, first_click=how, questions=questions),
                      rng=random.Random(seed), clock=clock)
    moves = draw(st.lists(st.tuples(st.sampled_from(MOVES), st.integers(0, rows * cols - 1),
                                    st.integers(0, 2500)), max_size=30))
    return match, clock, moves


def looks(game: Game) -> dict:
    return {cell: game.appearance(cell) for cell in game.cells()}


def covered(game: Game, mines: bool) -> list:
    layout = game.layout() or frozenset()
    return [c for c in game.cells() if not game.is_revealed(c) and (c in layout) == mines
            and game.mark(c) != "flag"]


def pick(game: Game, kind: str, index: int):
    """The cell a move acts on, or None when the move has no target."""
    cells = list(game.cells())
    if kind == "reveal_safe" and game.mines_laid:
        cells = covered(game, mines=False)
    elif kind == "flag_mine" and game.mines_laid:
        cells = covered(game, mines=True)
    return cells[index % len(cells)] if cells else None


def check_overview(game: Game) -> None:
    """Game.overview agrees with Game.appearance at every cell (one byte per cell, row-major)."""
    from game.rules.engine import OVERVIEW_KEYS
    codes = game.overview()
    assert len(codes) == game.rows * game.cols
    for (r, c) in game.cells():
        look = game.appearance((r, c))
        expected = {"question": "covered", "wrong_flag": "mine"}.get(look, look)
        expected = "revealed" if expected.isdigit() else expected
        assert OVERVIEW_KEYS[codes[r * game.cols + c]] == expected, ((r, c), look)


def check_invariants(game: Game) -> None:
    mines = game.layout()
    if mines is None:
        assert game.state is State.READY and game.three_bv is None
        assert not any(game.is_revealed(c) for c in game.cells())
        mines = frozenset()
    else:
        assert len(mines) == game.config.mines and all(game.on_board(c) for c in mines)
    for cell in game.cells():
        look = game.appearance(cell)
        if game.is_revealed(cell):
            assert cell not in mines, "a mine is shown as a revealed cell"
            number = sum(1 for n in neighbours(cell, game.rows, game.cols) if n in mines)
            assert game.number(cell) == number and look == str(number)
        elif cell in mines:
            if game.state is State.LOST:
                assert look == ("mine_hit" if cell == game.exploded else
                                "flag" if game.mark(cell) == "flag" else "mine")
            elif game.state is State.WON:
                assert look == "flag"
            else:
                assert look in ("covered", "flag", "question")
        else:
            if game.state is State.LOST and game.mark(cell) == "flag":
                assert look == "wrong_flag"
            else:
                assert look in ("covered", "flag", "question")
    every_safe = bool(game.mines_laid) and all(game.is_revealed(c) for c in game.cells() if c not in mines)
    if game.state is not State.LOST:
        assert (game.state is State.WON) == every_safe
    else:
        assert game.exploded in mines
    flags = sum(1 for c in game.cells() if game.mark(c) == "flag")
    assert game.mines_left == game.config.mines - flags
    if game.state is State.WON:
        assert game.mines_left == 0
    if game.mines_laid:
        assert 0 <= game.three_bv_solved <= game.three_bv
        if game.state is State.WON:
            assert game.three_bv_solved == game.three_bv


@SETTINGS
@given(boards())
def test_random_players_keep_every_invariant(case):
    match, clock, moves = case
    game = match.game
    expected_clicks = 0
    expected_elapsed = 0.0
    check_invariants(game)
    for kind, index, millis in moves:
        if game.state is State.PLAYING and not match.paused:
            expected_elapsed += millis / 1000
        clock.now += millis / 1000
        if kind == "pause":
            match.pause()
            continue
        if kind == "resume":
            match.resume()
            continue
        cell = pick(game, kind, index)
        if cell is None:
            continue
        counts = not game.over and not match.paused
        before = looks(game)
        action = {"reveal": match.reveal, "reveal_safe": match.reveal, "flag": match.toggle_flag,
                  "flag_mine": match.toggle_flag, "chord": match.chord}[kind]
        changed = action(cell)
        after = looks(game)
        assert {c for c in after if after[c] != before[c]} <= changed, "a changed cell was not reported"
        expected_clicks += counts
        assert match.total_clicks == expected_clicks
        check_invariants(game)
        check_overview(game)
    assert abs(match.elapsed - expected_elapsed) < 0.0015


@SETTINGS
@given(st.integers(1, 9), st.integers(1, 9), st.data())
def test_first_click_rules_hold_for_any_seed(rows, cols, data):
    if rows * cols < 2:
        cols = 2
    mines = data.draw(st.integers(1, rows * cols - 1), label="mines")
    rule = data.draw(st.sampled_from(("opening", "safe", "classic")), label="rule")
    first = (data.draw(st.integers(0, rows - 1), label="row"), data.draw(st.integers(0, cols - 1), label="col"))
    seed = data.draw(st.integers(0, 2 ** 32 - 1), label="seed")
    match = Match(Config(rows, cols, mines, first_click=rule), rng=random.Random(seed))
    before = match.layout()
    match.reveal(first)
    layout = match.layout()
    assert len(layout) == mines and first not in layout and match.game.state is not State.LOST
    block = {first} | set(neighbours(first, rows, cols))
    if rule == "opening" and rows * cols - len(block) >= mines:
        assert not layout & block
    if rule == "classic":
        if first in before:
            free = next(c for c in ((r, c) for r in range(rows) for c in range(cols)) if c not in before)
            assert layout == (before - {first}) | {free}
        else:
            assert layout == before
    again = Match(Config(rows, cols, mines, first_click=rule), rng=random.Random(seed))
    again.reveal(first)
    assert again.layout() == layout  # same seed, same first click, same board


def play(match: Match, clock: FakeClock, moves) -> None:
    for kind, index, millis in moves:
        clock.now += millis / 1000
        if kind in ("pause", "resume"):
            continue
        cell = pick(match.game, kind, index)
        if cell is not None:
            {"reveal": match.reveal, "reveal_safe": match.reveal, "flag": match.toggle_flag,
             "flag_mine": match.toggle_flag, "chord": match.chord}[kind](cell)


def revealed(game: Game) -> set:
    return {c for c in game.cells() if game.is_revealed(c)}


def flags_on_mines(game: Game) -> set:
    return {c for c in game.cells() if game.mark(c) == "flag" and c in game.layout()}


@SETTINGS
@given(boards())
def test_save_and_load_as_mine_gives_the_same_game(case):
    match, clock, moves = case
    game = match.game
    match.reveal((0, 0))
    play(match, clock, moves)
    text = format_mine(from_game(game))
    loaded_file = boardfile.parse_mine(text)
    loaded = loaded_match(loaded_file, Config(loaded_file.rows, loaded_file.cols, loaded_file.mines)).game
    assert loaded.layout() == game.layout()
    assert revealed(loaded) == revealed(game)
    if flags_on_mines(game) != game.layout():
        # A board file needs one M; with every mine flagged (a won game) the file
        # may write the mines as M to stay a board, so only then may flags differ.
        assert flags_on_mines(loaded) == flags_on_mines(game)


@SETTINGS
@given(boards())
def test_save_and_load_as_mbf_gives_the_same_layout(case):
    match, clock, moves = case
    game = match.game
    match.reveal((0, 0))
    play(match, clock, moves)
    loaded_file = parse_mbf(format_mbf(from_game(game)))
    loaded = loaded_match(loaded_file, game.config).game
    assert loaded.layout() == game.layout()
    assert (loaded.rows, loaded.cols, loaded.config.mines) == (game.rows, game.cols, game.config.mines)
    assert loaded.state is State.READY and not revealed(loaded)


@SETTINGS
@given(boards())
def test_a_saved_position_reads_back_what_the_player_saw(case):
    match, clock, moves = case
    game = match.game
    play(match, clock, moves)
    position = boardfile.parse_mine(format_mine(from_game(game, with_mines=False)))
    assert position.mines_known is None
    assert set(position.revealed) == revealed(game)
    assert all(position.revealed[c] == game.number(c) for c in position.revealed)
    assert position.flags == {c for c in game.cells() if game.mark(c) == "flag"}


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 12), st.integers(2, 12), st.data())
def test_appearances_of_a_rectangle_are_each_cells_appearance(rows, cols, data):
    """Game.appearances (what a big board's view draws in one call) agrees with appearance
    cell by cell, in play, after a win and after a loss, flags and question marks included."""
    mines = data.draw(st.integers(1, rows * cols - 1))
    match = Match(Config(rows, cols, mines, questions=True), rng=random.Random(data.draw(st.integers(0, 99))))
    game = match.game
    for _ in range(data.draw(st.integers(1, 12))):
        cell = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
        if game.over:
            break
        if data.draw(st.booleans()):
            match.reveal(cell)
        else:
            match.toggle_flag(cell)
    r0, r1 = sorted((data.draw(st.integers(0, rows)), data.draw(st.integers(0, rows))))
    c0, c1 = sorted((data.draw(st.integers(0, cols)), data.draw(st.integers(0, cols))))
    want = [game.appearance((r, c)) for r in range(r0, r1) for c in range(c0, c1)]
    assert game.appearances(range(r0, r1), range(c0, c1)) == want
