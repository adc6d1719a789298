"""The numbers a proof names are the fewest that prove it (issue 35): checked against a
brute force on small random positions, for every certain-safe cell and certain mine."""

import math
import random
from itertools import combinations

import pytest

from game.rules.board import neighbours
from game.boardfile import BoardFile, parse_mine
from game.solver.explain import explain_mine, explain_safe, simplest_proof, smallest_proof
from game.solver.probabilities import solve
from game.solver.problem import build_problem
from tests.solver_helpers import adjacent_mines


def forces(board: BoardFile, numbers, cell, mine: bool) -> bool:
    """Brute force, independent of the solver: True when the revealed ``numbers`` alone (flags
    as mines, no mine count) fit some layout of their covered neighbours and none of those
    layouts leaves ``cell`` the other way (empty for ``mine``, a mine otherwise)."""
    rows, cols, flags = board.rows, board.cols, board.flags
    region = sorted({n for num in numbers for n in neighbours(num, rows, cols)
                     if n not in board.revealed and n not in flags})
    if cell not in region:
        return False
    need = {num: board.revealed[num] - sum(n in flags for n in neighbours(num, rows, cols)) for num in numbers}
    left = {num: sum(n in region for n in neighbours(num, rows, cols)) for num in numbers}
    around = {c: [num for num in numbers if max(abs(c[0] - num[0]), abs(c[1] - num[1])) == 1] for c in region}
    seen = {True: False, False: False}  # cell a mine / not, in some fitting layout

    def walk(i: int, value_of_cell) -> None:
        if i == len(region):
            if all(v == 0 for v in need.values()):
                seen[value_of_cell] = True
            return
        c = region[i]
        for value in (0, 1):
            ok = True
            for num in around[c]:
                need[num] -= value
                left[num] -= 1
                if need[num] < 0 or need[num] > left[num]:
                    ok = False
            if ok:
                walk(i + 1, bool(value) if c == cell else value_of_cell)
            for num in around[c]:
                need[num] += value
                left[num] += 1
            if seen[True] and seen[False]:
                return

    walk(0, None)
    return seen[mine] and not seen[not mine]


def _position(seed: int) -> BoardFile:
    rng = random.Random(3500 + seed)
    rows, cols = rng.randint(5, 7), rng.randint(5, 7)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    mines = frozenset(rng.sample(cells, rng.randint(rows * cols // 6, rows * cols // 4)))
    safe = [c for c in cells if c not in mines]
    shown = rng.sample(safe, rng.randint(len(safe) // 3, len(safe) * 3 // 4))
    revealed = {c: adjacent_mines(c, mines, rows, cols) for c in shown}
    flags = frozenset(m for m in mines if seed % 3 == 0 and rng.random() < 0.3)
    return BoardFile(rows, cols, len(mines), revealed, flags)


def _check_smallest(board: BoardFile, proof, cell, mine: bool, reach: int = 2) -> None:
    """The proof proves, and no smaller set of the numbers within ``reach`` cells does."""
    assert forces(board, proof.numbers, cell, mine), (proof.numbers, cell, board)
    near = [n for n in sorted(board.revealed) if max(abs(n[0] - cell[0]), abs(n[1] - cell[1])) <= reach]
    for size in range(1, len(proof.numbers)):
        for subset in combinations(near, size):
            assert not forces(board, list(subset), cell, mine), (subset, "proves", cell, "but the proof is",
                                                                  proof.numbers, board)


@pytest.mark.parametrize("seed", range(60))
def test_every_proof_is_a_smallest_one(seed):
    board = _position(seed)
    probs = solve(build_problem(board))
    for cell in sorted(probs.safe):
        proof = explain_safe(probs, cell)
        if not proof.uses_count:
            _check_smallest(board, proof, cell, False)
    for cell in sorted(probs.mines):
        proof = explain_mine(probs, cell)
        if not proof.uses_count:
            _check_smallest(board, proof, cell, True)


# Issue 35's shape: a 2 whose two mines are known, in an opening of about a hundred numbers
# that form one frontier group. The proof that (10; 2) is safe cited all 108 numbers "taken
# together"; the 2 at (9; 2), with its mines (8; 1) and (8; 2), is what decides it.
OPENING = """16x12x30
0H110H0H23H10HH0
01HHH111HHH10H00
0H2H2HH23210HH00
1H22H12H21H011H1
H2HHH112H2HH2H2H
H32HHH1222HH31H1
0HH2111H234HHH0H
HH32HHHHH3HHH11H
1HH1H11HH42H1H2H
1H21HH122HH101H2
H1HH1H1HH2110111
H1H100H11H0H00H0
"""


def _flagged(text: str, cells) -> str:
    lines = text.splitlines()
    for r, c in cells:
        lines[1 + r] = lines[1 + r][:c] + "F" + lines[1 + r][c + 1:]
    return "\n".join(lines) + "\n"


def test_one_two_with_its_two_known_mines_is_the_whole_proof():
    # The hint (flags as mines): the 2's two mines are flagged, and the proof names that one 2.
    board = parse_mine(_flagged(OPENING, [(8, 1), (8, 2)]))
    probs = solve(build_problem(board))
    proof = explain_safe(probs, (10, 2))
    assert proof.numbers == [(9, 2)] and not proof.uses_count
    assert [m.cell for m in proof.marks if m.role == "number"] == [(9, 2)]  # one arrow


def test_the_post_mortem_proves_the_two_known_mines_with_the_fewest_numbers():
    # The post-mortem ignores flags: the 2's mines are shown by the 3 at (7; 2) (with the 0 at
    # (6; 0), two links from the cell), so three numbers, where the whole group of 108 was cited.
    board = parse_mine(OPENING)
    probs = solve(build_problem(board))
    assert (10, 2) in probs.safe
    proof = explain_safe(probs, (10, 2))
    assert sorted(proof.numbers) == [(6, 0), (7, 2), (9, 2)] and not proof.uses_count
    assert forces(board, proof.numbers, (10, 2), False)
    assert len(smallest_proof(probs.problem, (10, 2))) == 3
    # the review's pick among safe cells (game.solver.review) is as short
    assert len(simplest_proof(probs, (10, 2), math.inf, 8, {}).numbers) <= 3


@pytest.mark.parametrize("seed", range(30))
def test_past_the_bound_a_proof_is_cut_down_to_an_irreducible_one(seed, monkeypatch):
    # With no sets allowed past single numbers, every longer proof is cut down from the
    # nearest numbers that prove it: valid, and no number of it can go.
    from game.solver import explain
    monkeypatch.setattr(explain, "MAX_PROOF_WORK", 0)
    board = _position(seed)
    probs = solve(build_problem(board))
    for cell, mine in [(c, False) for c in sorted(probs.safe)] + [(c, True) for c in sorted(probs.mines)]:
        proof = explain_mine(probs, cell) if mine else explain_safe(probs, cell)
        if proof.uses_count:
            continue
        assert forces(board, proof.numbers, cell, mine), (proof.numbers, cell, board)
        if len(proof.numbers) > 1:
            for number in proof.numbers:
                rest = [n for n in proof.numbers if n != number]
                assert not forces(board, rest, cell, mine), (number, "is not needed in", proof.numbers, cell)


def _lost_game(seed: int):
    """A small random game lost on its last move: the first click at the centre (its
    neighbours kept free of mines), a few safe reveals touching the opening, then a mine
    beside it (a mistake when the numbers prove it, else a guess). Returns (rows, cols,
    mines, moves, the position before the fatal move as a BoardFile, flags ignored)."""
    rng = random.Random(9100 + seed)
    rows, cols = rng.randint(5, 9), rng.randint(5, 9)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    first = (rows // 2, cols // 2)
    away = [c for c in cells if max(abs(c[0] - first[0]), abs(c[1] - first[1])) > 1]
    mines = frozenset(rng.sample(away, rng.randint(len(cells) // 8, len(cells) // 5)))
    shown: dict = {}

    def reveal(cell) -> None:
        stack = [cell]
        while stack:
            at = stack.pop()
            if at not in shown:
                shown[at] = adjacent_mines(at, mines, rows, cols)
                if shown[at] == 0:
                    stack.extend(n for n in neighbours(at, rows, cols) if n not in shown)

    moves = [(0, "reveal", first)]
    reveal(first)
    for t in range(rng.randint(0, 6)):
        edge = [c for c in cells if c not in mines and c not in shown
                and any(n in shown for n in neighbours(c, rows, cols))]
        if len(edge) < 2:  # (the last safe cells: the game would be won)
            break
        moves.append((100 * (t + 1), "reveal", rng.choice(edge)))
        reveal(moves[-1][2])
    if len(shown) + len(mines) == len(cells):  # won before the fatal move: another game
        return _lost_game(seed + 1000)
    beside = sorted(m for m in mines if any(n in shown for n in neighbours(m, rows, cols))) or sorted(mines)
    moves.append((10_000, "reveal", rng.choice(beside)))
    return rows, cols, mines, moves, BoardFile(rows, cols, len(mines), dict(shown))


@pytest.mark.parametrize("seed", range(40))
def test_the_post_mortem_names_the_fewest_numbers_that_prove_its_claims(seed):
    """The post-mortem (game.commands.review_apart.post_mortem, as the window shows it) proves why the
    fatal cell was a mine and why its safe cell was safe with a smallest set of numbers,
    checked against the brute force; it names a handful, never the opening's numbers
    "taken together" (issue 35: about 45 named, a fan of 30 arrows, where one 2 did)."""
    from game.commands.review_apart import post_mortem
    from game.solver.review import review

    rows, cols, mines, moves, board = _lost_game(seed)
    _, fatal, proof = post_mortem(review(rows, cols, sorted(mines), moves))
    assert fatal is not None and fatal.cell == moves[-1][2]
    claims = [(proof, False)] if proof is not None else []
    if fatal.verdict == "mistake" and fatal.proof is not None:
        claims.append((fatal.proof, True))
    for claim, mine in claims:
        if not claim.uses_count:
            cell = fatal.cell if mine else claim.cell
            reach = max(max(abs(n[0] - cell[0]), abs(n[1] - cell[1])) for n in claim.numbers)
            _check_smallest(board, claim, cell, mine, max(2, reach))
