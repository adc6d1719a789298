"""``--win-chance FILE``: the figure, its method and interval, in both languages; ``--json``;
``--budget``; a bad file or an impossible position refused as ``--analyse`` refuses them."""

import json

import pytest

from game.program import main

SMALL = "4x3x3\nHHHH\nH2HH\nHHHH\n"  # 84 layouts: exact, 25/42


def write(tmp_path, text, name="p.mine"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_text_names_the_exact_method_and_its_figures(tmp_path, capsys):
    assert main(["--win-chance", write(tmp_path, SMALL)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Win chance: 59.5% (exact: best play over all 84 consistent mine layouts; "
                          "11 covered cells, 8 on the frontier; ")
    assert main(["--win-chance", write(tmp_path, SMALL), "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Probabilidad de ganar: 59,5\u00a0% (exacta: el mejor juego sobre todas las 84 "
                          "disposiciones de minas compatibles; 11 casillas tapadas, 8 en la frontera; ")


def test_json_keys(tmp_path, capsys):
    assert main(["--win-chance", write(tmp_path, SMALL), "--json", "--lang", "es"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"rows", "cols", "mines", "win_chance", "low", "high", "method", "layouts", "covered",
                         "frontier", "games", "wins", "seconds", "text"}
    assert (data["rows"], data["cols"], data["mines"]) == (3, 4, 3)
    assert data["win_chance"] == data["low"] == data["high"] == round(25 / 42, 6)
    assert (data["method"], data["layouts"], data["covered"], data["frontier"], data["games"]) == ("exact", "84", 11, 8, 0)
    assert data["text"].startswith("Win chance: 59.5% (exact")  # English in every language


BEGINNER = "9x9x10\n" + "HHHHHHHHH\n" * 9  # 81 covered cells, 1.9 x 10^12 layouts: estimated


def test_an_estimate_within_the_budget(tmp_path, capsys):
    assert main(["--win-chance", write(tmp_path, BEGINNER), "--json", "--budget", "3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["method"] == "estimate" and data["games"] >= 1 and data["covered"] == 81
    assert data["layouts"] == "1878392407320" and data["frontier"] == 0
    assert data["low"] <= data["win_chance"] <= data["high"] and data["high"] - data["low"] > 0.05
    assert "estimate: the solver played" in data["text"] and "interval (95%)" in data["text"]


def test_no_game_finished_within_the_budget(tmp_path, capsys):
    expert = "30x16x99\n" + "H" * 30 + "\n" + ("H" * 30 + "\n") * 15
    assert main(["--win-chance", write(tmp_path, expert), "--json", "--budget", "0.000001"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["method"], data["games"], data["win_chance"], data["low"], data["high"]) == ("estimate", 0, None, 0, 1)
    assert data["text"].startswith("Win chance: not known (estimate: no game the solver played on layouts drawn "
                                   "among about 5.60 \u00d7 10^104 consistent ones finished within the budget; "
                                   "480 covered cells, 0 on the frontier; ")
    assert main(["--win-chance", write(tmp_path, expert), "--budget", "0.000001", "--lang", "es"]) == 0
    assert capsys.readouterr().out.startswith("Probabilidad de ganar: desconocida (")


@pytest.mark.parametrize("text, words", [
    ("3x1x1\n1H0\n", "--win-chance {path}: the position is impossible: no mine layout fits the numbers"),
    ("9x9\nHHH\n", "--win-chance {path}: line 1: header"),
])
def test_a_bad_file_is_refused_in_one_line_as_analyse_refuses_it(tmp_path, capsys, text, words):
    path = write(tmp_path, text, "bad.mine")
    assert main(["--win-chance", path]) == 2
    err = capsys.readouterr().err
    assert err.startswith("python main.py: error: " + words.format(path=path)) and err.count("\n") == 1
    assert main(["--analyse", path]) == 2
    assert capsys.readouterr().err.replace("--analyse", "--win-chance") == err


def test_a_missing_file(tmp_path, capsys):
    assert main(["--win-chance", str(tmp_path / "none.mine")]) == 2
    assert "main.py: error: --win-chance" in capsys.readouterr().err


@pytest.mark.parametrize("argv, words", [
    (["--win-chance", "p.mine", "--analyse", "q.mine"], "--analyse and --win-chance: choose one mode"),
    (["--win-chance", "p.mine", "--difficulty", "expert"], "--difficulty sets up a game: --win-chance plays none"),
    (["--budget", "5"], "--budget goes with --analyse FILE, --win-chance FILE or --review ID|last|FILE"),
])
def test_options_that_do_not_go_with_it(argv, words, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2 and words in capsys.readouterr().err
