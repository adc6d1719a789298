"""The solver's and the review's words in Spanish, as a player meets them: the hint panel
(H) and the first-click hint in the window with ``--lang es``, ``--analyse`` and
``--review`` on the command line; their JSON is the same in both languages (a contract)."""

import json
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

import main
from game.rules.engine import State
from game.commands.review_report import loss_details, loss_line
from game.solver.review import review
from game.ui.play.result import GameOver
from game.ui.play.solver_view import STALE, THINKING, HintPanel
from tests.play_helpers import wait_postmortem
from tests.solver.test_review_cli import record_game
from tests.ui.test_ui_figures import shows_line
from tests.ui.test_ui_postmortem import position, unproven_mine
from tests.ui.test_ui_screens import assert_panel_clear_of_the_board

ROOT = Path(__file__).resolve().parents[2]
POSITION = "5x3x2\n1F1HH\n11HHH\nHHHHH\n"  # (2; 0) is safe by the flagged 1 at (1; 0)


def run(*argv: str) -> str:
    done = subprocess.run([sys.executable, "main.py", *argv], cwd=ROOT, capture_output=True, text=True,
                          encoding="utf-8", timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_hint_in_the_window_speaks_spanish(window):
    w = window(["--difficulty", "beginner", "--seed", "3", "--lang", "es"])
    w.click_cell((4, 4))
    w.key(pygame.K_h)
    panel = w.scene
    assert isinstance(panel, HintPanel)
    deadline = time.monotonic() + 60
    while panel.waiting:  # worked out in the solver's process
        assert time.monotonic() < deadline, "the hint never came"
        w.step(1)
        time.sleep(0.001)
    hint = panel.hint
    assert hint.kind == "safe"
    assert hint.title == f"Destapa ({hint.cell[0]}; {hint.cell[1]}): segura con certeza"
    assert hint.text.startswith("Segura: ") and hint.text.endswith(f"({hint.cell[0]}; {hint.cell[1]}) es segura.")
    said = " ".join(panel.lines)
    assert "es segura" in said and " is safe" not in said and " at (" not in said  # the lines drawn


def test_the_first_click_hint_and_the_thinking_panel_speak_spanish(window):
    w = window(["--difficulty", "beginner", "--seed", "3", "--lang", "es"])
    w.key(pygame.K_h)
    hint = w.scene.hint
    assert hint.kind == "first" and hint.title == "Primer clic"
    assert hint.text.startswith("Haz clic donde quieras: el primer clic siempre es seguro")
    assert THINKING.words() == ("Pensando", "Sopesando las conjeturas posibles, jugada a jugada.")
    assert STALE.words()[0] == "Sin pista" and THINKING.title == "Thinking"  # marked, translated when shown


def test_the_post_mortem_of_a_needless_guess_speaks_spanish(window):
    w = window(["--difficulty", "beginner", "--seed", "5", "--lang", "es"])
    game = w.scene.game
    w.click_cell((game.rows // 2, game.cols // 2))
    probs = position(game)
    assert probs.safe
    w.click_cell(unproven_mine(game, probs))
    assert game.state is State.LOST and isinstance(w.scene, GameOver)
    scene = w.scene
    wait_postmortem(w)
    line = scene.postmortem.line()
    assert line.startswith("Conjetura innecesaria: (") and line.endswith(") era segura con certeza")
    w.key(pygame.K_v)
    lines = scene.postmortem.lines()
    assert lines[0].startswith("Destapar (")
    assert lines[1].endswith("eran seguras con certeza entonces (anillos verdes)")
    assert lines[-1].split(": ")[0].endswith("era segura") and shows_line(scene, lines[1])
    assert_panel_clear_of_the_board(w)  # the longer Spanish still fits Beginner's strip


def test_analyse_prints_spanish_and_the_same_json(tmp_path):
    path = tmp_path / "pos.mine"
    path.write_text(POSITION)
    english, spanish = run("--analyse", str(path)), run("--analyse", str(path), "--lang", "es")
    assert "Best move: reveal (2; 0) (certain safe)" in english
    assert "Safe: the 1 at (1; 0) already touches its flagged mine at (0; 1), so (2; 0) is safe." in english
    assert "Mejor jugada: destapar (2; 0) (casilla segura)" in spanish
    assert "Segura: el 1 de (1; 0) ya toca su mina con bandera en (0; 1), así que (2; 0) es segura." in spanish
    assert "3 filas x 5 columnas, 2 minas, 4 disposiciones de minas compatibles" in spanish
    # the grid writes percents as the text under it does, the language's way (issue 36)
    assert "  0 |  [1]    F  [1] lib. 25\u00a0%" in spanish and "  0 |  [1]    F  [1] safe  25%" in english
    assert " safe" not in spanish and "Minas con certeza: ninguna" in spanish
    data = run("--analyse", str(path), "--json")
    assert run("--analyse", str(path), "--json", "--lang", "es") == data
    assert json.loads(data)["explanation"].startswith("Safe: the 1 at (1; 0)")


def test_a_guess_in_spanish_on_the_command_line(tmp_path):
    path = tmp_path / "guess.mine"
    path.write_text("2x2x1\nHH\n1H\n")
    spanish = run("--analyse", str(path), "--lang", "es")
    assert "Mejor jugada: destapar" in spanish and "(conjetura, segura con probabilidad" in spanish
    assert "Conjetura: ninguna casilla es segura con certeza." in spanish
    assert run("--analyse", str(path), "--json", "--lang", "es") == run("--analyse", str(path), "--json")


@pytest.mark.parametrize("lose", [False, True], ids=["won", "lost"])
def test_review_last_gives_spanish_verdicts_and_the_same_json(isolated_data_dir, capsys, lose):
    record_id, match = record_game(lose)
    assert main.main(["--review", "last", "--lang", "es"]) == 0
    lines = capsys.readouterr().out.splitlines()
    moved = [line for line in lines if line[:4].strip().isdigit()]
    assert len(moved) == len(match.moves)
    assert "destapar   (4; 4)" in moved[0] and "segura" in moved[0] and "primer clic" in moved[0]
    assert any(line.startswith("Resumen: ") and "error" in line and "suerte: superaste" in line for line in lines)
    if lose:
        assert "ERROR" in moved[-1] or "CONJETURA" in moved[-1] or "conjetura" in moved[-1]
    assert not any("certain" in line or "guess" in line for line in moved)
    assert main.main(["--review", str(record_id), "--json", "--lang", "es"]) == 0
    spanish = capsys.readouterr().out
    assert main.main(["--review", str(record_id), "--json"]) == 0
    assert capsys.readouterr().out == spanish


def test_the_loss_words_in_spanish():
    from game import i18n
    # 1x5, mines at (0; 1) and (0; 3): the first click at (0; 4) shows 1, so (0; 3) is a mine
    lost = review(1, 5, [(0, 1), (0, 3)], [(0, "reveal", (0, 4)), (100, "reveal", (0, 3))])
    guess = review(2, 2, [(0, 0)], [(0, "reveal", (1, 1)), (100, "reveal", (0, 1)), (200, "reveal", (0, 0))])
    english = loss_line(lost), loss_details(lost)
    i18n.set_language("es")
    assert loss_line(lost) == "Error: (0; 3) era una mina con certeza"
    assert loss_details(lost)[0] == "Destapar (0; 3) fue fatal: probabilidad de mina 100,0\u00a0%"
    assert loss_details(lost)[1] == ("Por qué (0; 3) era una mina: el 1 de (0; 4) solo tiene 1 vecina tapada, "
                                     "y la necesita como mina, así que (0; 3) era una mina.")  # a mistake: why first
    assert loss_details(lost)[2] == "Ninguna casilla era segura con certeza entonces"
    assert loss_line(guess) == ("50/50 forzado: (0; 0) o (1; 0), y ninguna jugada podía decir cuál; "
                                "superaste 1 conjetura (suerte: 1 entre 1,5)")  # an unavoidable 50/50
    assert loss_details(guess)[0] == ("Destapar (0; 0) fue fatal: probabilidad de mina 50,0\u00a0% "
                                      "(un 50/50 inevitable con (1; 0))")
    i18n.set_language("en")
    assert (loss_line(lost), loss_details(lost)) == english


def test_the_review_viewers_panel_words_a_move_in_spanish():
    from game import i18n
    from game.ui.replay.review_view import move_lines
    lost = review(1, 5, [(0, 1), (0, 3)], [(0, "reveal", (0, 4)), (100, "reveal", (0, 3))])
    english = [line for line, _, _ in move_lines(lost, lost.moves[-1], 2)]
    assert english[1:] == ["Reveal (0; 3)", "MISTAKE", "Mine: 100.0%",  # (a line starts with a capital)
                           "The reveal at (0; 3) was certain to reveal a mine: the 1 at (0; 4) has only 1 covered "
                           "neighbour left, and it needs it as a mine, so (0; 3) was a mine."]
    i18n.set_language("es")
    spanish = [line for line, _, _ in move_lines(lost, lost.moves[-1], 2)]
    assert spanish[1:] == ["Destapar (0; 3)", "ERROR", "Mina: 100,0\u00a0%", ("Destapar (0; 3) iba a destapar una mina con certeza: el 1 de (0; 4) solo tiene 1 "
                                                                "vecina tapada, y la necesita como mina, así que (0; 3) "
                                                                "era una mina.")]
