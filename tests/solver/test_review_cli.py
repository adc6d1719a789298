"""``python main.py --review ID|last|FILE [--json]``: a recorded game's or a replay file's
review in words and JSON, and one line with status 2 for what cannot be reviewed."""

import json
import re
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.midend.boardcode import decode

import main
from game.records import open_records
from tests.play_helpers import Clock, console_beginner
from tests.program.test_cli import refused

ROOT = Path(__file__).resolve().parents[2]
MVF = ROOT / "tests" / "corpus" / "replays" / "clone097_expert.mvf"


def record_game(lose: bool):
    match = console_beginner(2, lose, Clock())
    records = open_records(stderr=None)
    record_id, _ = records.record(match, log=match.log_data())
    records.close()
    return record_id, match


@pytest.mark.parametrize("lose", [False, True], ids=["won", "lost"])
def test_review_last_prints_a_line_per_move_and_the_summary(isolated_data_dir, capsys, lose):
    record_id, match = record_game(lose)
    assert main.main(["--review", "last"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith(f"Review of game {record_id} (Beginner") and ("lost" if lose else "won") in lines[0]
    moved = [line for line in lines if line[:4].strip().isdigit()]
    assert len(moved) == len(match.moves)  # console reveals: each one changed the board
    assert "reveal  (4; 4)" in moved[0] and "certain" in moved[0] and "first click" in moved[0]
    assert any(line.startswith("Summary: ") and "mistake" in line for line in lines)
    # the clicks by button, as the window and the console count them (issue 37), the game's own moves by kind no more
    stats = lines[-2]  # then the board code, the last line (issue 38): it opens the same board
    assert stats.startswith("Statistics: 3BV solved ") and " reveal, " not in stats
    assert re.search(r"; Clicks (\d+): L\d+ R\d+ D\d+;", stats) and ", efficiency " in stats
    assert lines[-1].startswith("Board code: MS1-")
    assert decode(lines[-1].split(": ", 1)[1]) == match.board_code()
    assert main.main(["--review", str(record_id), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["won"] is not lose and data["time_ms"] == round(match.elapsed * 1000)
    assert [m["cell"] for m in data["moves"]] == [list(played.move.cell) for played in match.moves]
    assert data["moves"][-1]["exploded"] is lose


def test_review_of_a_replay_file_as_json_has_the_contract_keys():
    done = subprocess.run([sys.executable, "main.py", "--review", str(MVF), "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert {"rows", "cols", "mines", "won", "time_ms", "three_bv", "summary", "moves"} <= data.keys()
    assert (data["rows"], data["cols"], data["mines"], data["won"]) == (16, 30, 99, True)
    assert data["time_ms"] == 37810 and data["three_bv"] == 122
    assert {"guesses", "needless_guesses", "mistakes", "luck"} <= data["summary"].keys()
    assert 0 < data["summary"]["luck"] <= 1
    keys = {"index", "time_ms", "kind", "cell", "verdict", "mine_probability", "safest_probability", "safe_cells"}
    moves = data["moves"]
    assert all(keys <= m.keys() for m in moves)
    assert [m["index"] for m in moves] == sorted(m["index"] for m in moves)
    assert {m["kind"] for m in moves} <= {"reveal", "chord", "flag", "unflag"}
    assert {m["verdict"] for m in moves} <= {"certain", "guess", "needless_guess", "mistake", "flag", "unflag"}
    for m in moves:
        assert len(m["cell"]) == 2 and all(isinstance(v, int) for v in m["cell"])
        if m["kind"] in ("flag", "unflag"):
            assert m["mine_probability"] is None
        else:
            assert 0 <= m["mine_probability"] <= 1
        if m["verdict"] == "needless_guess":
            assert m["safe_cells"] and m["proof"]["cell"] in m["safe_cells"]
    assert data["summary"]["needless_guesses"] == sum(m["verdict"] == "needless_guess" for m in moves)
    assert data["stats"]["bbbv_solved"] == 122


@pytest.mark.parametrize("which, said", [
    ("last", "no game is recorded yet"),
    ("7", "no game has the id 7"),
    ("seven", "'seven' is neither a game"),
    ("missing.evf", "missing.evf"),
])
def test_what_cannot_be_reviewed_gets_one_line_and_status_2(isolated_data_dir, capsys, which, said):
    assert main.main(["--review", which]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"python main.py: error: --review {which}: ") and said in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_a_damaged_replay_file_gets_one_line_and_status_2(tmp_path, capsys):
    bad = tmp_path / "bad.avf"
    bad.write_bytes(b"not a replay at all")
    assert main.main(["--review", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("python main.py: error: --review ") and err.count("\n") == 1


@pytest.mark.parametrize("argv, fragment", [
    (["--json"], "--json goes with --analyse FILE, --win-chance FILE, --review ID|last|FILE or --stats"),
    (["--review", "last", "--ignore-flags"], "--ignore-flags goes with --analyse FILE"),
    (["--review", "last", "--stats"], "choose one mode"),
    (["--review", "last", "--difficulty", "expert"], "--difficulty sets up a game: --review plays none"),
    (["--review", ""], "argument --review: must not be empty"),
])
def test_review_options_are_checked(argv, fragment, capsys):
    assert fragment in refused(argv, capsys)
