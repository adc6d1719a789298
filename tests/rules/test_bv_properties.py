"""Property tests (hypothesis): the fast 3BV (game.rules.bv, game.rules.board.three_bv, game.score) gives
what a plain breadth-first search over the definition gives, on random boards of 1..25 x
1..25 cells with random mines, random cells shown at the start, and random reveals after."""

from __future__ import annotations

import random
from collections import deque

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.rules.board import Config, three_bv
from game.rules.bv import CELLS_A_STEP, BvJob, bv_parts, bv_steps
from game.rules.engine import Game, State
from game.midend.match import Match

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def around(r, c, rows, cols):
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols]


def reference(mines, rows, cols, revealed=frozenset()):
    """3BV parts straight from the definition: openings are the 8-connected regions of
    covered zeros (breadth first, cells sorted), isolated numbers are covered numbers with
    no covered zero around them."""
    def count(cell):
        return sum(n in mines for n in around(*cell, rows, cols))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    zero = {cell for cell in cells if cell not in mines and cell not in revealed and count(cell) == 0}
    openings, seen = [], set()
    for cell in cells:
        if cell in zero and cell not in seen:
            seen.add(cell)
            queue, region = deque([cell]), []
            while queue:
                current = queue.popleft()
                region.append(current)
                for n in around(*current, rows, cols):
                    if n in zero and n not in seen:
                        seen.add(n)
                        queue.append(n)
            openings.append(sorted(region))
    isolated = [cell for cell in cells if cell not in mines and cell not in revealed and count(cell) > 0
                and not any(n in zero for n in around(*cell, rows, cols))]
    return openings, isolated


def reference_solved(openings, isolated, shown):
    return sum(all(cell in shown for cell in region) for region in openings) + sum(c in shown for c in isolated)


@st.composite
def positions(draw, min_cells=1):
    """(rows, cols, mines, start): a board up to 25x25, any mine count, some safe cells shown."""
    rows = draw(st.integers(1, 25))
    cols = draw(st.integers(2 if rows == 1 and min_cells > 1 else 1, 25))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    density = draw(st.sampled_from((0.0, 0.02, 0.1, 0.2, 0.4, 0.8)))
    rng = draw(st.randoms(use_true_random=False))
    count = min(len(cells) - 1, max(1 if min_cells > 1 else 0, round(density * len(cells))))
    mines = set(rng.sample(cells, count))
    safe = [cell for cell in cells if cell not in mines]
    start = set(rng.sample(safe, rng.randint(0, len(safe)))) if draw(st.booleans()) else set()
    return rows, cols, mines, start


@SETTINGS
@given(positions())
def test_three_bv_matches_a_plain_search(position):
    rows, cols, mines, start = position
    openings, isolated = reference(mines, rows, cols, start)
    assert three_bv(mines, rows, cols, revealed=start) == (openings, isolated)
    parts = bv_parts(mines, rows, cols, start)
    assert parts.value == len(openings) + len(isolated)
    assert list(parts.firsts) == [region[0] for region in openings]
    shown = start | set(mines)  # any set of cells: solved_in counts what is shown in it
    flat = [(r, c) in shown for r in range(rows) for c in range(cols)]
    assert parts.solved_in(flat) == reference_solved(openings, isolated, shown)


@SETTINGS
@given(positions(min_cells=2), st.lists(st.integers(0, 624), max_size=40))
def test_score_counts_three_bv_solved_as_the_definition_after_random_reveals(position, picks):
    rows, cols, mines, start = position
    game = Game(Config(rows, cols, len(mines)), mines=mines, revealed=start)
    openings, isolated = reference(mines, rows, cols, start)
    assert game.three_bv == len(openings) + len(isolated)
    safe = sorted(set(game.cells()) - mines)
    for pick in picks:
        if game.over:
            break
        game.reveal(safe[pick % len(safe)] if pick % 7 else sorted(game.cells())[pick % (rows * cols)])
        shown = {cell for cell in game.cells() if game.is_revealed(cell)}
        assert game.three_bv_solved == reference_solved(openings, isolated, shown)
    if game.state is State.WON:
        assert game.three_bv_solved == game.three_bv


def test_cells_off_the_board_are_ignored_and_a_one_cell_board_has_one_opening():
    assert three_bv(set(), 1, 1) == ([[(0, 0)]], [])
    assert three_bv({(0, 0)}, 1, 1, revealed={(5, 5), (-1, 0)}) == ([], [])
    assert bv_parts({(0, 1)}, 1, 3, revealed={(0, 9)}).value == 2  # two isolated 1s
    assert bv_parts(set(), 0, 0).value == 0


def test_a_background_count_is_adopted_only_for_the_layout_it_counted():
    layout = [(0, c) for c in range(9)] + [(8, 8)]
    match = Match(Config(9, 9, 10), mines=layout)
    game, job = match.game, match.three_bv_job()
    assert not game.three_bv_known and job is not None
    assert not match.adopt_three_bv(job), "not run yet"
    job.run()
    assert match.adopt_three_bv(job) and game.three_bv_known and match.three_bv_job() is None
    assert game.three_bv == sum(map(len, reference(game.layout(), 9, 9)))
    other = Match(Config(9, 9, 10), mines=layout, seed=3)
    stale = other.three_bv_job()
    other.new_game()  # a new board before the count ends
    other.reveal((4, 4))
    stale.run()
    assert not other.adopt_three_bv(stale) and not other.game.three_bv_known
    assert other.game.three_bv == sum(map(len, reference(other.game.layout(), 9, 9)))


@SETTINGS
@given(positions())
def test_a_count_in_slices_gives_the_parts_of_a_count_at_once(position):
    rows, cols, mines, start = position
    job = BvJob(frozenset(mines), rows, cols, frozenset(start))
    calls = 1
    while not job.step(0.0):  # a zero budget: one step of bv_steps a call
        assert not job.done
        calls += 1
    assert job.done and job.step(0.0) and job.parts == bv_parts(mines, rows, cols, start)
    assert calls > rows  # a step is at most a row


def test_a_1000x1000_board_counts_in_steps_of_a_row_or_a_few_hundred_mines():
    mines = frozenset(divmod(p, 1000) for p in random.Random(5).sample(range(1_000_000), 100_000))
    steps, done = bv_steps(mines, 1000, 1000), None
    count = 0
    while done is None:
        try:
            next(steps)
            count += 1
        except StopIteration as finished:
            done = finished.value
    assert done == bv_parts(mines, 1000, 1000)
    assert count >= 100_000 // CELLS_A_STEP + 2 * 1000


@SETTINGS
@given(st.integers(1, 12), st.integers(1, 12), st.data())
def test_the_count_from_digits_is_the_count_from_cells(rows, cols, data):
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    mines = data.draw(st.sets(st.sampled_from(cells), max_size=len(cells)))
    digits = bytearray(b"0") * (rows * cols)
    for r, c in mines:
        digits[r * cols + c] = 49
    assert bv_parts(bytes(digits), rows, cols) == bv_parts(mines, rows, cols)
    with pytest.raises(ValueError):
        bv_parts(bytes(digits) + b"0", rows, cols)
