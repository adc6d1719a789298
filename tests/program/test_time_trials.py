"""``--trial`` and ``--trial-set`` (issue 38, point 6) from the command line: a console trial
played by a script end to end (a win, then a loss that adds its penalty), its records (the
games with their trial code, one trial row) and ``--stats --json``'s ``trials``; each wrong
value a clear message in both languages, status 2, nothing recorded."""

import io
import json

import pytest

import main
from game.commands.cli import parse_args
from game.midend.trial import PENALTY_MS, SETS, TrialCode, decode, parse_set
from game.records import schema
from game.records.db import RecordStore
from game.records.trials import trials
from game.rules.board import Config
from game.session import Session

TRIAL = TrialCode(parse_set("beginner:2"), 4242)


def test_trial_options_give_the_trial_and_its_first_board():
    args = parse_args(["--trial", TRIAL.text(), "--console"])
    assert args.trial_code == TRIAL and args.config == Config(9, 9, 10, first_click="opening")
    args = parse_args(["--trial", "vienna"])
    assert args.trial_code.trial_set == SETS["vienna"]
    args = parse_args(["--trial-set", "expert:1,beginner:2,end", "--questions"])
    assert args.trial_code.trial_set.games == ("expert", "beginner", "beginner") and args.config.questions
    assert args.trial_code.trial_set.loss_ends


ERRORS = [
    (["--trial", "marathon"], "--trial: 'marathon' is not a trial set nor a trial code",
     "--trial: 'marathon' no es una serie de contrarreloj ni un código de contrarreloj"),
    (["--trial", "MT9-001G0-3R20R"], "--trial: this trial code was made by a newer version of the game",
     "--trial: este código de contrarreloj lo hizo una versión más nueva del juego"),
    (["--trial", TRIAL.text()[:-1] + ("0" if TRIAL.text()[-1] != "0" else "1")],
     "--trial: the trial code does not check", "--trial: el código de contrarreloj no cuadra"),
    (["--trial", "MT1-"], "--trial: the trial code does not check", "--trial: el código de contrarreloj no cuadra"),
    (["--trial-set", "beginner:5,huge:2"], "--trial-set: 'huge:2' is not a trial set's part",
     "--trial-set: 'huge:2' no es una parte de una serie"),
    (["--trial-set", "beginner:0"], "--trial-set: 'beginner:0': a count of games is 1 to 100",
     "--trial-set: 'beginner:0': el número de partidas va de 1 a 100"),
    (["--trial", "vienna", "--trial-set", "beginner:2"], "--trial and --trial-set: choose one",
     "--trial y --trial-set: elige una"),
    (["--trial", "vienna", "--difficulty", "expert"], "--difficulty sets the board, and so does --trial",
     "--difficulty fija el tablero, y también --trial"),
    (["--trial", "vienna", "--stats"], "--trial sets up a game: --stats plays none", "--trial prepara una partida"),
]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("argv, english, spanish", ERRORS)
def test_a_wrong_trial_is_status_2_in_both_languages_and_nothing_is_recorded(tmp_path, capsys, argv, english,
                                                                           spanish, lang):
    data = tmp_path / "data"
    with pytest.raises(SystemExit) as stop:
        main.main([*argv, *([] if "--stats" in argv else ["--console"]), "--lang", lang, "--data-dir", str(data)])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert (english if lang == "en" else spanish) in err, err
    assert not (data / "records.sqlite3").exists()


def script_for(board, win: bool) -> list[str]:
    """The console commands that play ``board`` (a BoardCode) from its start cell to a win, or
    to a loss (a mine revealed after the start)."""
    match = Session().open_code(board)
    match.reveal(board.start)
    lines = [f"r {board.start[0]} {board.start[1]}"]
    mines = match.layout()
    if not win:
        r, c = min(mines)
        return lines + [f"r {r} {c}"]
    for r in range(board.rows):
        for c in range(board.cols):
            if (r, c) not in mines and not match.game.is_revealed((r, c)):
                match.reveal((r, c))
                lines.append(f"r {r} {c}")
    return lines


def test_a_console_trial_played_by_a_script_with_a_penalty(tmp_path, monkeypatch, capsys):
    data = tmp_path / "data"
    first, second = TRIAL.boards()
    script = [*script_for(first, win=True), "n", *script_for(second, win=False), "q"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(script) + "\n"))
    assert main.main(["--console", "--trial", TRIAL.text(), "--data-dir", str(data), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Trial: game 1 of 2, total 0.000 s" in out
    assert "Trial: 1 of 2 games played, total " in out and "n for the next game, q to stop the trial" in out
    assert "Trial: game 2 of 2" in out
    assert "Trial finished:" in out and f"Trial code: {TRIAL.text()}" in out
    assert "2. Beginner:" in out and "(lost, +10.000 s)" in out
    with RecordStore.open(data / "records.sqlite3") as store:
        games = store.games()
        (trial,) = trials(store)
        assert schema.user_version(store.conn) == schema.LATEST
    assert [g.won for g in games] == [True, False] and {g.trial for g in games} == {TRIAL.text()}
    assert "trial" in games[0].exclusions() and not games[0].best_time_eligible  # never ranked as a plain game
    assert trial.finished and trial.code == TRIAL.text() and trial.set_name == "custom"
    assert trial.game_ids == tuple(g.id for g in games) and trial.penalty_ms == PENALTY_MS["beginner"]
    assert trial.total_ms == sum(trial.times_ms) + trial.penalty_ms == sum(g.time_ms for g in games) + 10_000
    # --stats --json's trials key
    assert main.main(["--stats", "--json", "--data-dir", str(data)]) == 0
    summary = json.loads(capsys.readouterr().out)["trials"]
    assert summary["sets"] == {"custom": {"trials": 1, "finished": 1, "best_total_ms": trial.total_ms,
                                          "best_trial": trial.id}}
    (entry,) = summary["list"]
    assert entry["code"] == TRIAL.text() and entry["penalty_ms"] == 10_000 and entry["finished"] is True
    assert entry["game_ids"] == [g.id for g in games] and entry["set_text"] == "beginner:2"


def test_a_trial_left_halfway_is_recorded_as_ended(tmp_path, monkeypatch, capsys):
    data = tmp_path / "data"
    first, second = TRIAL.boards()
    script = [*script_for(first, win=True), "q"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(script) + "\n"))
    assert main.main(["--console", "--trial", TRIAL.text(), "--data-dir", str(data), "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "Contrarreloj terminada tras 1 de 2 partidas" in out
    with RecordStore.open(data / "records.sqlite3") as store:
        (trial,) = trials(store)
    assert not trial.finished and trial.played == 1 and trial.games == 2
    assert decode(trial.code) == TRIAL
