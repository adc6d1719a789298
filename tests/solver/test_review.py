"""The review of a game (game.solver.review): hand-laid positions for each verdict, a brute
force property on random games, a no-guess game played by the solver, and ms-toollib's own
``is_guess_while_needless`` on the corpus replays."""

import itertools
import json
import math
import random
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.board import Config
from game.rules.engine import Game
from game.midend.match import Match
from game.rules.moves import Move
from game.noguess import generate
from game.replay.files import read_replay
from game.replay.player import Timeline, timeline_moves
from game.solver.analysis import Solver, from_game
from game.solver.review import review, review_log

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = sorted((ROOT / "tests" / "corpus" / "replays").glob("*.*v*"))


def verdicts(result):
    return [(m.kind, m.cell, m.verdict) for m in result.moves]


# ----- hand-laid positions ---------------------------------------------------------------------
def test_a_cell_proven_safe_only_by_the_mine_count_is_certain():
    # 1x4, one mine at (0; 0); the 1 at (0; 1) puts it on (0; 0) or (0; 2), so (0; 3), touching no
    # number, is safe only because the one mine is accounted for.
    result = review(1, 4, [(0, 0)], [(0, "reveal", (0, 3))], start=[(0, 1)])
    (move,) = result.moves
    assert move.verdict == "certain" and move.mine_probability == 0.0 and move.safe_cells == ((0, 3),)
    assert move.survival == 1.0 and move.rule is None and not move.exploded


def test_a_cell_proven_a_mine_is_a_mistake():
    # 1x4, mine (0; 0): the 0 at (0; 3) clears (0; 2), so the 1 at (0; 1) has its mine on (0; 0)
    result = review(1, 4, [(0, 0)], [(5, "reveal", (0, 0))], start=[(0, 1), (0, 3)])
    (move,) = result.moves
    assert move.verdict == "mistake" and move.mine_probability == 1.0 and move.exploded
    assert not result.won and result.mistakes == 1 and result.luck == 1.0  # the fatal move is not luck


def test_an_unavoidable_fifty_fifty_is_a_forced_guess_and_its_survival_is_the_luck():
    # the 1 at (0,1) has its mine on (0,0) or (0,2), and no other cell can ever tell which
    result = review(1, 3, [(0, 0)], [(7, "reveal", (0, 2))], start=[(0, 1)])
    (move,) = result.moves
    assert move.verdict == "forced_guess" and move.mine_probability == 0.5 and move.safe_cells == ()
    assert move.fifty == (0, 0) and move.proof is None
    assert move.among_safest and move.safest_probability == 0.5
    assert result.won and result.forced_guesses == 1 and result.guesses == 0 and result.luck == 0.5
    assert math.isclose(result.pluck, math.log10(2))


def test_a_fifty_fifty_a_later_reveal_can_still_break_is_a_guess():
    # 1x5, mines (0,0) and (0,4): the 1 at (0,1) puts one on (0,0) or (0,2), the other lies on
    # (0,3) or (0,4); (0,3), when safe, shows a number that tells (0,2) from (0,0)
    result = review(1, 5, [(0, 0), (0, 4)], [(1, "reveal", (0, 2))], start=[(0, 1)])
    (move,) = result.moves
    assert move.verdict == "guess" and move.fifty is None and move.mine_probability == 0.5
    assert result.guesses == 1 and result.forced_guesses == 0


def test_one_side_of_an_unavoidable_fifty_fifty_is_forced_even_while_other_cells_are_safe():
    # 2x6, mines (0,0) and (1,4), columns 1 to 3 shown (all 1s): the 1s at (0,1) and (1,1) put
    # one mine on (0,0) or (1,0), which touch exactly those numbers, so no reveal can ever tell
    # them apart; the 1s at (0,3) and (1,3) put the other on (0,4) or (1,4); with two mines in
    # all, column 5 is proven safe by the count. Revealing (1,0) now is still forced.
    layout = [(0, 0), (1, 4)]
    start = [(0, 1), (1, 1), (0, 2), (1, 2), (0, 3), (1, 3)]
    result = review(2, 6, layout, [(1, "reveal", (1, 0))], start=start)
    (move,) = result.moves
    assert set(move.safe_cells) == {(0, 5), (1, 5)}
    assert move.verdict == "forced_guess" and move.fifty == (0, 0) and move.survival == 0.5
    assert result.needless_guesses == 0 and result.forced_guesses == 1


def test_a_guess_while_a_cell_was_proven_safe_is_needless_and_names_the_safe_cell():
    # 1x7, mines (0; 0) and (0; 6): each 1 holds one of them, so the count leaves (0; 3) safe
    result = review(1, 7, [(0, 0), (0, 6)], [(0, "reveal", (0, 2))], start=[(0, 1), (0, 5)])
    (move,) = result.moves
    assert move.verdict == "needless_guess" and move.safe_cells == ((0, 3),)
    assert move.mine_probability == 0.5 and move.safest_probability == 0.0 and not move.among_safest
    assert move.proof.cell == (0, 3) and move.proof.uses_count
    assert result.needless_guesses == 1 and result.luck == 0.5


def test_flags_unflags_and_a_wrong_flag():
    moves = [(0, "flag", (0, 2)), (1, "flag", (0, 2)), (2, "flag", (0, 0)), (3, "reveal", (0, 2))]
    result = review(1, 4, [(0, 0)], moves, start=[(0, 1)])  # the 1 at (0; 1): (0; 0) or (0; 2)
    kinds = [(m.kind, m.verdict, m.wrong_flag, m.mine_probability) for m in result.moves]
    assert kinds[:3] == [("flag", "flag", False, None), ("unflag", "unflag", False, None),
                         ("flag", "flag", False, None)]
    wrong = review(1, 4, [(0, 0)], [(0, "flag", (0, 3))], start=[(0, 1)])  # (0; 3) safe by count
    assert wrong.moves[0].wrong_flag and wrong.moves[0].verdict == "flag"


def test_a_chord_around_a_wrong_flag_is_a_mistake():
    # 1x5, mine (0; 0): the 0 at (0; 3) proves (0; 2) safe; the player flags it and chords the 1
    moves = [(0, "flag", (0, 2)), (1, "chord", (0, 1))]
    result = review(1, 5, [(0, 0)], moves, start=[(0, 1), (0, 3)])
    flag, chord = result.moves
    assert flag.wrong_flag
    assert chord.kind == "chord" and chord.revealed == ((0, 0),) and chord.verdict == "mistake" and chord.exploded


def test_the_first_click_is_certain_by_the_rule_and_moves_that_change_nothing_are_left_out():
    moves = [(0, "reveal", (2, 2)), (5, "reveal", (2, 2)), (6, "chord", (2, 2)), (7, "flag", (2, 2))]
    result = review(3, 3, [(0, 0)], moves)
    assert [(m.index, m.rule, m.verdict) for m in result.moves] == [(0, "first_click", "certain")]
    unprotected = review(3, 3, [(0, 0)], [(0, "reveal", (0, 0))], first_click_safe=True)
    assert unprotected.moves[0].rule is None and unprotected.moves[0].exploded  # not protected after all


def test_a_chord_over_two_unproven_cells_has_their_joint_survival():
    # 2x3, one mine at (1; 2): the 1 at (0; 1) sees (0; 0),(1; 0),(1; 1),(1; 2),(0; 2)... laid so that
    # a flag on (0; 2) lets the 1 at (0; 1) chord its other covered neighbours at once.
    layout = [(1, 2)]
    moves = [(0, "flag", (0, 2)), (1, "chord", (0, 1))]
    result = review(2, 3, layout, moves, start=[(0, 1)])
    chord = result.moves[1]
    cells = set(chord.revealed)
    assert cells == {(0, 0), (1, 0), (1, 1), (1, 2)} and chord.exploded
    # the 1 at (0; 1) has 5 covered neighbours and the one mine is among them: the chord's four
    # cells are all safe only when the mine is on (0; 2): 1 layout of 5
    assert math.isclose(chord.survival, 1 / 5) and math.isclose(chord.mine_probability, 4 / 5)


# ----- property: brute force on small boards ---------------------------------------------------
def consistent_layouts(rows, cols, mines, revealed):
    """Every layout of ``mines`` mines on the covered cells that fits the revealed numbers."""
    covered = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in revealed]
    found = []
    for layout in itertools.combinations(covered, mines):
        laid = set(layout)
        if all(sum((r + dr, c + dc) in laid for dr in (-1, 0, 1) for dc in (-1, 0, 1)) == n
               for (r, c), n in revealed.items()):
            found.append(laid)
    return covered, found


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_verdicts_agree_with_every_layout_that_fits_the_position(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(2, 4), rng.randint(3, 5)
    mines = rng.randint(1, min(5, rows * cols - 2))
    layout = rng.sample([(r, c) for r in range(rows) for c in range(cols)], mines)
    game = Game(Config(rows, cols, mines), mines=layout)  # the rules alone: the review replays the moves
    moves, before = [], []
    while not game.over and len(moves) < 40:
        revealed = {c: game.number(c) for c in game.cells() if game.number(c) is not None}
        numbers = [c for c in revealed if revealed[c]]
        kind = rng.choice(["reveal", "reveal", "flag", "chord"] if numbers else ["reveal", "flag"])
        cell = rng.choice(numbers) if kind == "chord" else (rng.randrange(rows), rng.randrange(cols))
        moves.append((len(moves), kind, cell))
        before.append(revealed)
        game.apply(Move(kind, cell))
    result = review(rows, cols, layout, moves, first_click_safe=False)
    for move in result.moves:
        covered, fits = consistent_layouts(rows, cols, mines, before[move.index])
        assert fits  # the true layout always fits
        proven_safe = {c for c in covered if not any(c in laid for laid in fits)}
        assert set(move.safe_cells) == proven_safe
        if move.kind in ("flag", "unflag"):
            assert move.wrong_flag == (move.kind == "flag" and move.cell in proven_safe)
            continue
        hit = [any(c in laid for c in move.revealed) for laid in fits]
        assert math.isclose(move.survival, hit.count(False) / len(fits), abs_tol=1e-9)
        if move.verdict == "certain":
            assert not any(hit)
        elif move.verdict == "mistake":
            assert all(hit)
        else:
            assert any(hit) and not all(hit)
            if move.verdict == "forced_guess":
                assert_no_play_tells_them_apart(rows, cols, covered, fits, move.revealed, move.fifty)
            assert (move.verdict == "needless_guess") == (bool(proven_safe) and move.verdict != "forced_guess")


def assert_no_play_tells_them_apart(rows, cols, covered, fits, revealed, other):
    """The forced guess's cells hold one mine between them in every layout that fits, and
    swapping it gives a layout that fits too and shows the same number on every other cell:
    a 50/50 no future reveal can break."""
    (cell,) = [c for c in revealed if any(c in laid for laid in fits)]  # the one unproven cell
    assert all((cell in laid) != (other in laid) for laid in fits)
    as_sets = [frozenset(laid) for laid in fits]

    def shown(laid, at):
        return sum((at[0] + dr, at[1] + dc) in laid for dr in (-1, 0, 1) for dc in (-1, 0, 1))

    for laid in as_sets:
        swapped = laid ^ {cell, other}
        assert swapped in as_sets
        for at in covered:
            if at not in (cell, other) and at not in laid:
                assert shown(laid, at) == shown(swapped, at)


# ----- a no-guess game played by the solver ----------------------------------------------------
def test_a_no_guess_game_played_by_the_solver_reviews_all_certain():
    config = Config.difficulty("intermediate", no_guess=True)
    layout = generate(config, (8, 8), random.Random(4))
    match = Match(config, mines=layout, clock=lambda: 0.0)
    game, solver = match.game, Solver()
    match.apply(Move.reveal((8, 8)))
    while not game.over:
        analysis = solver.analyse(from_game(game, with_mines=False), explain=False)
        assert analysis.move_kind == "safe"
        for cell in sorted(analysis.safe):
            match.apply(Move.reveal(cell))
    assert game.state.value == "won"
    result = review_log(match.log_data())
    assert result.won and len(result.moves) > 10
    assert {m.verdict for m in result.moves} == {"certain"} and result.luck == 1.0


# ----- ms-toollib's is_guess_while_needless on real replays ------------------------------------
def toollib_codes(queries):
    done = subprocess.run([sys.executable, "-m", "game.replay.toollib", "needless"], cwd=ROOT,
                          input=json.dumps(queries).encode(), capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_verdicts_agree_with_ms_toollib_where_the_definitions_agree():
    """ms-toollib's ``is_guess_while_needless`` (1 proven safe, 2 needed guess, 3 needless
    guess, 4 proven mine) looks only at the covered region the clicked cell lies in and never
    uses the total mine count; ours looks at the whole board with the count. So they agree
    one way each: its 1 is our certain and its 4 our mistake (a local proof holds globally);
    its 3 (a cell of the region proven safe) means we found a safe cell too; our guess (no
    safe cell anywhere) is its 2. Where they differ by definition: its 2 may be our
    needless_guess (a safe cell elsewhere on the board, or proven by the count) or our
    certain or mistake by the count; its 3 may be our certain or mistake by the count.
    Compared: reveals of a cell touching a revealed number. Left out: the first click
    (certain by the first-click rule here, a guess to it), and a click on a cell touching no
    number, for which ms-toollib judges another cell (``find_a_border_cell`` returns a cell
    on the region's border and the 1 or 4 is about that cell: in metasweeper_v4_pause.evf
    it says 4 of (7; 7), which the mine count proves safe and which was safe)."""
    queries, ours = [], []
    for path in REPLAYS:
        timeline = Timeline(read_replay(path))
        result = review(timeline.rows, timeline.cols, timeline.replay.mines, timeline_moves(timeline))
        for move in result.moves:
            if move.kind != "reveal" or move.rule or move.cell not in move.position.problem.frontier:
                continue
            shown = move.position.problem.revealed
            board = [[shown.get((r, c), 10) for c in range(result.cols)] for r in range(result.rows)]
            queries.append([board, list(move.cell)])
            ours.append(move)
    codes = toollib_codes(queries)
    assert len(codes) == len(ours) > 50
    seen = set()
    for move, code in zip(ours, codes):
        seen.add((code, move.verdict))
        if code == 1:
            assert move.verdict == "certain", move
        elif code == 4:
            assert move.verdict == "mistake", move
        elif code == 3:
            assert move.safe_cells, move
        if move.verdict == "guess":
            assert code == 2, move
    assert (1, "certain") in seen and (3, "needless_guess") in seen  # both kinds were compared
