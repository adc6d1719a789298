"""Issue 37: every won game exports an EVF that ms-toollib reads as completed, with the 3BV
solved and the board the game had, whichever way the player chorded: both buttons, the
middle button, or a left click on a number (our option, on by default), which the formats'
rules lack and the file writes as the both-button chord at the same point, labelled. The
file plays to the same end in the game's own viewer (``--replay FILE``), and so does the
recorded game (``--replay last``). A game lost by a left-click chord on a wrong flag is
written and replayed lost at the mine it opened.

Played in the window (posted pygame events), recorded as the window records, written by
``--save-replay`` and read back by ms-toollib itself (tests.files.test_replay_files.evf_facts,
in a child process)."""

import pytest

import main
from game.rules.engine import State
from game.replay.fromlog import LABELS
from game.commands.replay_commands import load_timeline
from tests.files.test_replay_files import evf_facts
from tests.play_helpers import chord_both_buttons, number_beside, satisfied_number, win_by_clicks

DEAL = 3  # a Beginner board whose first click at (4, 4) leaves a number to chord on
FIRST = (4, 4)
ADAPTED = "were written as chords with both buttons"  # --save-replay's line for a left-click chord


def chord(w, cell, style):
    """Chord on ``cell`` in the window: ``both`` buttons (right first, left released first),
    the ``middle`` button, or a ``left`` click on the number."""
    pos = w.cell_pos(cell)
    if style == "both":
        chord_both_buttons(w, pos)
    elif style == "middle":
        w.click(pos, button=2)
    else:
        w.click(pos)


def saved(tmp_path, capsys, name):
    """``--save-replay last`` into ``tmp_path``/``name``: (the file, the line printed, what
    ms-toollib reads in it)."""
    target = tmp_path / name
    assert main.main(["--save-replay", "last", str(target)]) == 0
    out = capsys.readouterr().out
    return target, out, evf_facts(target)


def layout_read(facts) -> set:
    return {(r, c) for r, row in enumerate(facts["board"]) for c, value in enumerate(row) if value == -1}


@pytest.mark.parametrize("style", ["both", "middle", "left"])
def test_a_won_game_chorded_any_way_exports_an_evf_ms_toollib_reads_as_won(window, tmp_path, capsys, style):
    w = window(["--difficulty", "beginner"], deal=DEAL)
    w.scene.services.settings.chord_on_number = True  # the default: a left click on a number chords
    game, number, safe = satisfied_number(w, first=FIRST)
    assert safe and game.state is State.PLAYING
    chord(w, number, style)
    assert all(game.is_revealed(cell) for cell in safe) and w.scene.match.clicks["chord"] == 1
    win_by_clicks(w, first=None)
    look = game.appearances(range(game.rows), range(game.cols))

    target, out, facts = saved(tmp_path, capsys, f"{style}.evf")
    assert facts["completed"] is True
    assert facts["bbbv_solved"] == facts["bbbv"] == game.three_bv
    assert layout_read(facts) == game.layout()
    assert facts["double"] == 1  # the chord, whichever way it was made
    adapted = style == "left"
    assert (f"[{LABELS['left_chord']}]" in facts["software"]) is adapted, facts["software"]
    assert (ADAPTED in out) is adapted, out

    for which in (str(target), "last"):  # the file, and the recorded game, in the game's own viewer
        timeline = load_timeline(which)
        assert timeline.completed, which
        assert timeline.final_look() == look, which
        assert timeline.bbbv_solved() == game.three_bv, which


def test_a_game_lost_by_a_left_click_chord_exports_and_replays_lost_at_the_same_mine(window, tmp_path, capsys):
    w = window(["--difficulty", "beginner"], deal=DEAL)
    w.scene.services.settings.chord_on_number = True
    game = w.scene.game
    w.click_cell(FIRST)
    mines = game.layout()
    number = number_beside(game, mine=False)
    around = [n for n in game.neighbours(number) if game.appearance(n) == "covered"]
    hidden = [n for n in around if n in mines]
    wrong = next(n for n in around if n not in mines)
    for cell in hidden[1:] + [wrong]:  # as many flags as the number, one of them on a safe cell
        w.click_cell(cell, button=3)
    assert len(hidden) == game.number(number)
    w.click_cell(number)  # a left click on the number: the chord opens the mine left unflagged
    assert game.state is State.LOST and game.appearance(hidden[0]) == "mine_hit"
    look = game.appearances(range(game.rows), range(game.cols))
    solved = game.three_bv_solved

    target, out, facts = saved(tmp_path, capsys, "lost.evf")
    assert ADAPTED in out and f"[{LABELS['left_chord']}]" in facts["software"]
    assert facts["completed"] is False and facts["double"] == 1
    assert facts["bbbv_solved"] == solved and layout_read(facts) == mines
    for which in (str(target), "last"):
        timeline = load_timeline(which)
        assert timeline.final.state is State.LOST, which
        assert timeline.final_look() == look, which  # the same mine opened, the same wrong flag shown
