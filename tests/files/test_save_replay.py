"""--save-replay ID|last FILE.evf: a recorded game's log written as EVF, read back by
ms-toollib's own EvfVideo with the same board, 3BV, time and completed flag."""

import random

import pytest

import main
from game.rules.board import Config, three_bv
from game.rules.engine import State
from game.midend.match import Match
from game.records import open_records
from game.records.db import RecordStore
from tests.play_helpers import Clock, console_beginner
from tests.files.test_replay_files import evf_facts


@pytest.mark.parametrize("lose", [False, True], ids=["won", "lost"])
def test_a_recorded_game_is_saved_as_evf_that_ms_toollib_reads_back(tmp_path, isolated_data_dir, capsys, lose):
    clock = Clock()
    match = console_beginner(2, lose, clock)
    game = match.game
    assert game.state is (State.LOST if lose else State.WON) and match.elapsed > 0
    records = open_records(stderr=None)
    record_id, _ = records.record(match, log=match.log_data())
    records.close()
    target = tmp_path / "game.evf"
    assert main.main(["--save-replay", "last", str(target)]) == 0
    assert f"game {record_id} (beginner 9x9, {'lost' if lose else 'won'}" in capsys.readouterr().out
    facts = evf_facts(target)
    openings, isolated = three_bv(game.layout(), 9, 9)
    mines = {(r, c) for r in range(9) for c in range(9) if facts["board"][r][c] == -1}
    assert mines == game.layout() and facts["bbbv"] == len(openings) + len(isolated)
    assert facts["completed"] is (not lose)
    assert facts["rtime_ms"] == round(match.elapsed * 1000)


def test_a_window_game_with_the_mouse_is_saved_from_its_pointer_path(window, isolated_data_dir, tmp_path, capsys):
    w = window(["--difficulty", "beginner"], deal=38557)  # won by its first click
    w.move(w.cell_pos((0, 0)))
    w.click_cell((4, 4))
    assert w.scene.base.game.state is State.WON
    target = tmp_path / "won.evf"
    assert main.main(["--save-replay", "last", str(target)]) == 0
    assert "from its pointer input" in capsys.readouterr().out
    assert evf_facts(target)["completed"] is True


@pytest.mark.parametrize("argv, said", [
    (["--save-replay", "last", "x.evf"], "no game is recorded yet"),
    (["--save-replay", "7", "x.evf"], "no game has the id 7"),
    (["--save-replay", "seven", "x.evf"], "'seven' is not a game: give a game's id"),
])
def test_wrong_games_get_one_line_and_status_2(isolated_data_dir, capsys, argv, said, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main.main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err and "Traceback" not in err
    assert not (tmp_path / "x.evf").exists()


def test_a_game_without_a_log_or_a_bad_file_name_is_refused(isolated_data_dir, capsys, tmp_path):
    records = open_records(stderr=None)
    match = Match(Config.difficulty("beginner"), rng=random.Random(3))
    match.reveal((4, 4))
    records.abandon(match)  # recorded without a log, as before logs were kept
    records.close()
    assert main.main(["--save-replay", "last", str(tmp_path / "a.evf")]) == 2
    assert "has no move log" in capsys.readouterr().err
    with RecordStore.open(isolated_data_dir / "records.sqlite3") as store:
        assert store.count() == 1
    assert main.main(["--save-replay", "last", str(tmp_path / "a.txt")]) == 2
    assert "saved as EVF only: the file name must end in .evf, not '.txt'" in capsys.readouterr().err


def test_save_replay_refuses_game_options(capsys):
    with pytest.raises(SystemExit) as exit_:
        main.main(["--save-replay", "last", "a.evf", "--difficulty", "expert"])
    assert exit_.value.code == 2 and "--difficulty sets up a game" in capsys.readouterr().err


@pytest.mark.parametrize("left_click_chord", [False, True])
def test_a_chorded_window_game_is_saved_and_plays_to_its_result(window, isolated_data_dir, tmp_path,
                                                                 capsys, left_click_chord):
    """Both buttons chord in the formats too; a chord by a left click on a number (this
    game's option) does not: it is written as a chord with both buttons at the same point,
    and the file and the line printed say so (issue 37)."""
    from tests.play_helpers import chord_both_buttons, satisfied_number
    w = window(["--difficulty", "expert", "--seed", "11"])
    w.scene.services.settings.chord_on_number = left_click_chord
    game, number, safe = satisfied_number(w)
    pos = w.cell_pos(number)
    if left_click_chord:
        w.click(pos)
    else:
        chord_both_buttons(w, pos)
    assert all(game.is_revealed(cell) for cell in safe)
    mine = sorted(game.layout() - {c for c in game.cells() if game.appearance(c) == "flag"})[0]
    w.click_cell(mine)
    assert game.state is State.LOST
    target = tmp_path / "chord.evf"
    assert main.main(["--save-replay", "last", str(target)]) == 0
    out = capsys.readouterr().out
    facts = evf_facts(target)
    labelled = "[left-click chords as both-button chords]" in facts["software"]
    assert labelled is left_click_chord, (out, facts["software"])
    assert ("written as chords with both buttons" in out) is left_click_chord, out
    assert facts["completed"] is False and facts["double"] == 1
