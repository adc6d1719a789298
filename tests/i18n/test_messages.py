"""Errors and notes as data (game.messages): English as str(), the language in use by describe()."""

import json

import pytest

from game import i18n
from game.rules.board import Config
from game.boardfile import BoardFileError, parse_mine
from game.messages import Explained, Note, describe, note
from game.noguess import supported
from game.records.settings import from_dict


@pytest.fixture
def spanish():
    i18n.set_language("es")
    yield
    i18n.set_language("en")


def test_a_config_error_carries_its_field_value_and_range():
    with pytest.raises(ValueError) as caught:
        Config(5, 5, 40)
    err = caught.value
    assert isinstance(err, Explained)
    assert str(err) == "mines: 40 is out of range for 5x5; allowed 1..24"
    assert err.params == {"value": "40", "rows": 5, "cols": 5, "most": 24}
    assert describe(err) == str(err)  # English


def test_describe_speaks_the_language_in_use(spanish):
    with pytest.raises(ValueError) as caught:
        Config(0, 5, 1)
    assert str(caught.value) == "rows: 0 is out of range; allowed 1..1000"  # logs and JSON: English
    # the bound grouped the language's way, as every count the game shows (issue 36)
    assert describe(caught.value) == "filas: 0 está fuera de rango; se admite de 1 a 1.000"
    with pytest.raises(BoardFileError) as caught:
        parse_mine("3x3x1\nHHH\nHXH\nHHH\n")
    assert describe(caught.value).startswith("línea 3, columna 2: carácter desconocido 'X'")
    assert describe(supported(Config(16, 30, 200))) == (
        "los tableros sin conjeturas de 16x30 admiten como máximo este número de minas: 192 (40 %); se pidieron 200")


def test_a_note_is_the_english_string_and_nested_notes_are_described(spanish):
    made = note("{games} and {more} more", games=note("1 game"), more=3)
    assert isinstance(made, Note) and made == "1 game and 3 more"
    settings, warnings = from_dict({"volume": 300, "questions": "yes"}, "settings x.json")
    assert warnings[0] == ('settings x.json: questions: "yes" is not allowed (allowed: true or false); '
                           'using the default false')
    assert describe(warnings[0]) == ('settings x.json: questions: "yes" no es válido (se admite: true o '
                                     'false); se usa el valor predeterminado false')
    assert "un número entero de 0 a 100 (por ciento)" in describe(warnings[1])
    assert json.loads(json.dumps(warnings)) == [str(w) for w in warnings]  # still plain strings for JSON


def test_describe_leaves_other_errors_as_they_are():
    assert describe(OSError(2, "No such file or directory")) == "[Errno 2] No such file or directory"
    assert describe("plain") == "plain"


def test_an_impossible_position_is_said_from_its_reason(spanish, tmp_path):
    """The solver's InconsistentPosition carries why as data (a Reason); impossible_text words it."""
    from game.commands.explain_text import impossible_text
    from game.solver import Solver
    from game.solver.problem import InconsistentPosition
    cases = [("3x3x1\nFFH\nH3H\nHHH\n", "2 banderas pero la posición solo tiene 1 mina"),
             ("3x3x3\n1FH\nFHH\nHHH\n", "el 1 de (0; 0) toca 2 banderas, más de las que indica"),
             ("3x1x2\n1H1\n", "ninguna disposición de minas encaja con la cuenta de minas")]
    for text, said in cases:
        with pytest.raises(InconsistentPosition) as caught:
            Solver().analyse(parse_mine(text))
        assert caught.value.reason is not None
        assert impossible_text(caught.value).startswith(said), impossible_text(caught.value)
        assert not str(caught.value).startswith(said[:10])  # str() stays English


def test_analyse_says_an_impossible_position_in_spanish(tmp_path):
    import subprocess
    import sys
    from tests.conftest import ROOT
    path = tmp_path / "bad.mine"
    path.write_text("3x3x1\nFFH\nH3H\nHHH\n")
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--analyse", str(path), "--lang", "es"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "la posición es imposible: 2 banderas pero la posición solo tiene 1 mina" in done.stderr
