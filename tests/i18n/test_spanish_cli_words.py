"""Issue 36, "English inside Spanish messages": --save-replay's line, --version and
--difficulty speak Spanish with ``--lang es``, run as a player runs them; English keeps its
words (the level keys are a contract)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import __version__
from tests.solver.test_review_cli import record_game

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> tuple[int, str, str]:
    done = subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("lose", [False, True], ids=["won", "lost"])
def test_save_replay_names_the_level_and_result_in_spanish(isolated_data_dir, tmp_path, lose):
    record_id, _ = record_game(lose)
    code, out, err = run("--lang", "es", "--save-replay", "last", str(tmp_path / "game.evf"))
    assert code == 0, err
    assert f"partida {record_id} (Principiante 9x9, {'perdida' if lose else 'ganada'}, " in out, out
    assert "beginner" not in out and " lost" not in out and " won" not in out
    code, out, err = run("--lang", "en", "--save-replay", "last", str(tmp_path / "game2.evf"))
    assert f"game {record_id} (beginner 9x9, {'lost' if lose else 'won'}, " in out, out  # English as it was


def test_version_says_buscaminas_in_spanish():
    assert run("--lang", "es", "--version")[1].strip() == f"Buscaminas {__version__}"
    assert run("--lang", "en", "--version")[1].strip() == f"Minesweeper {__version__}"


@pytest.mark.parametrize("word", ["principiante", "Intermedio", "avanzado", "experto", "expert", "beginner"])
def test_difficulty_takes_the_spanish_names_and_the_keys(word):
    code, out, err = run("--lang", "es", "--difficulty", word, "--version")
    assert code == 0 and not err, err


def test_difficulty_refuses_listing_the_levels_in_spanish():
    code, out, err = run("--lang", "es", "--difficulty", "nada")
    assert code == 2
    assert "opción no válida: 'nada' (elige entre 'principiante', 'intermedio', 'avanzado')" in err, err
    assert "beginner" not in err.splitlines()[-1] and "expert" not in err.splitlines()[-1]
    code, out, err = run("--lang", "en", "--difficulty", "nada")
    assert "invalid choice: 'nada' (choose from 'beginner', 'intermediate', 'expert')" in err, err


def test_difficulty_choices_in_spanish_help():
    out = run("--lang", "es", "--help")[1]
    assert "--difficulty {principiante,intermedio,avanzado}" in out
    assert "--difficulty {beginner,intermediate,expert}" in run("--lang", "en", "--help")[1]


def test_a_spanish_level_name_starts_that_level():
    from game.commands.cli import parse_args
    assert parse_args(["--lang", "es", "--difficulty", "experto"]).config.mines == 99
    assert parse_args(["--lang", "en", "--difficulty", "principiante"]).config.mines == 10


def test_first_click_rules_by_their_spanish_names():
    """Issue 36: an enumerated value is taken in the player's language, the English keys always;
    a refusal names each key with its Spanish name."""
    from game.commands.cli import parse_args
    from game.i18n import set_language
    set_language("es")
    try:
        assert parse_args(["--first-click", "Segura"]).first_click == "safe"
        assert parse_args(["--first-click", "clasica"]).first_click == "classic"
        assert parse_args(["--first-click", "opening"]).first_click == "opening"
    finally:
        set_language("en")
    code, out, err = run("--lang", "es", "--first-click", "nada")
    assert code == 2 and "(elige entre 'opening' (apertura), 'safe' (segura), 'classic' (clásica))" in err, err


def test_themes_by_their_spanish_names():
    """--theme takes a theme's Spanish name (accents optional, any case) besides its key; a
    refusal in Spanish names each key with its Spanish name; the help names both."""
    from game.commands.cli import parse_args
    from game.i18n import set_language
    set_language("es")
    try:
        assert parse_args(["--theme", "Oscuro"]).theme == "dark"
        assert parse_args(["--theme", "clasico"]).theme == "classic"
        assert parse_args(["--theme", "alto contraste"]).theme == "contrast"
        assert parse_args(["--theme", "contrast"]).theme == "contrast"
    finally:
        set_language("en")
    code, out, err = run("--lang", "es", "--theme", "rosa")
    assert code == 2 and "(elige entre 'classic' (clásico), 'dark' (oscuro), 'contrast' (contraste))" in err, err
    code, out, err = run("--lang", "en", "--theme", "rosa")
    assert code == 2 and "invalid choice: 'rosa' (choose from 'classic', 'dark', 'contrast')" in err, err
    assert "dark u oscuro" in " ".join(run("--lang", "es", "--help")[1].split())


def test_spanish_writes_ranges_in_words_not_dots():
    """A range in Spanish is "de 1 a 80" ("1..1.000" would mix the range's dots with the
    thousands' separator), in the command line's refusals and the Custom form's hints."""
    code, out, err = run("--lang", "es", "--rows", "9", "--cols", "9", "--mines", "100", "--console")
    assert code == 2 and "minas: 100 está fuera de rango para 9x9; se admite de 1 a 80" in err, err
    from game.i18n import set_language, span
    set_language("es")
    try:
        assert span(1, 1000) == "de 1 a 1.000"
    finally:
        set_language("en")
    assert span(1, 1000) == "1..1,000"
