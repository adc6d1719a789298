"""tools/first_guess.py: the layouts it plays and the games it scores."""

import importlib.util
from pathlib import Path

import pytest

from game.rules.board import neighbours

spec = importlib.util.spec_from_file_location(
    "first_guess", Path(__file__).resolve().parents[2] / "tools" / "first_guess.py")
first_guess = importlib.util.module_from_spec(spec)
spec.loader.exec_module(first_guess)


def test_layouts_have_the_corner_safe_showing_the_asked_number():
    for number in (1, 2, 3):
        for seed in range(50):
            mines = first_guess.layout(9, 9, 10, number, seed)
            assert len(mines) == 10 and (0, 0) not in mines
            assert len(mines & set(neighbours((0, 0), 9, 9))) == number
    assert first_guess.layout(16, 30, 99, 1, 7) == first_guess.layout(16, 30, 99, 1, 7)  # seeded


def test_a_first_guess_on_a_mine_loses_and_the_solver_plays_the_rest():
    mines = first_guess.layout(9, 9, 10, 1, 3)
    on_mine = sorted(m for m in mines if m not in set(neighbours((0, 0), 9, 9)))[0]
    assert first_guess.play(("beginner", 1, on_mine, 3)) == (on_mine, 3, False)
    results = [first_guess.play(("beginner", 1, (0, 8), seed))[2] for seed in range(40)]
    assert any(results) and not all(results)  # some won, some lost: games were played out


def test_candidates_skip_the_corner_its_neighbours_and_mirror_images():
    cells = first_guess.candidates("beginner")
    assert (0, 0) not in cells and (1, 1) not in cells and (0, 8) in cells and (8, 0) not in cells
    assert len(cells) == (81 + 9) // 2 - 3
    assert len(first_guess.candidates("expert")) == 16 * 30 - 4


@pytest.mark.parametrize("argv, message", [
    (["--cells", "x"], "'x' is not row,col such as 0,8"),
    (["--cells", "0,1"], "(0, 1) is off the beginner board or next to the corner"),
    (["--cells", "9,0"], "(9, 0) is off the beginner board"),
    (["--games", "0"], "--games: 0 is not a positive number of layouts"),
])
def test_bad_arguments_get_a_message_naming_what_is_allowed(argv, message, capsys):
    with pytest.raises(SystemExit) as stop:
        first_guess.main(argv)
    assert stop.value.code == 2 and message in capsys.readouterr().err
