"""Languages: the catalogues are complete and compiled, the language is chosen as the issue
says (--lang, the saved setting, the system's, English), and switching changes the window."""

import importlib.util
import json

import pytest

from game import i18n
from game.commands.cli import parse_args, starting_language
from tests.conftest import ROOT


def load_tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def test_every_marked_message_has_a_spanish_translation_and_the_mo_is_the_po_compiled():
    """The CI check: a message marked in the code without a Spanish translation, or a .mo
    that is not its .po compiled, fails here (tools/i18n.py check says which)."""
    tool = load_tool()
    assert tool.languages() == ["es"]
    assert tool.problems() == []


def test_the_check_catches_a_missing_translation_and_a_stale_mo(tmp_path, monkeypatch):
    tool = load_tool()
    locales = tmp_path / "locales"
    (locales / "es" / "LC_MESSAGES").mkdir(parents=True)
    po = tool.po_path("es").read_bytes()
    monkeypatch.setattr(tool, "LOCALES", locales)
    tool.po_path("es").write_bytes(po)
    tool.po_path("es").with_suffix(".mo").write_bytes(b"stale")
    assert any("is not minesweeper.po compiled" in line for line in tool.problems())
    catalog = tool.read("es")
    catalog["Minesweeper"].string = ""
    tool.save(catalog, "es")
    assert tool.problems() == ["es: no translation (or a fuzzy one) for 'Minesweeper'"]


@pytest.mark.parametrize("environ, expected", [
    ({}, "en"),
    ({"LANG": "es_ES.UTF-8"}, "es"),
    ({"LANG": "es_MX.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, "en"),  # LC_MESSAGES before LANG
    ({"LC_ALL": "es_AR.UTF-8", "LANG": "en_US.UTF-8"}, "es"),
    ({"LANGUAGE": "fr:es", "LANG": "en_US.UTF-8"}, "es"),  # the first supported of the list
    ({"LANGUAGE": "fr", "LANG": "es_ES"}, "es"),  # none of LANGUAGE's: on to the next variable
    ({"LANG": "fr_FR.UTF-8"}, "en"),  # unsupported: English
    ({"LC_ALL": "C", "LANG": "es_ES"}, "en"),
    ({"LANG": "es"}, "es"),
])
def test_the_system_language_is_read_as_gettext_reads_it(environ, expected):
    assert i18n.system_language(environ) == expected


def test_set_language_refuses_an_unknown_code_and_tells_listeners():
    with pytest.raises(ValueError, match="'fr' is not one of en, es"):
        i18n.set_language("fr")
    heard = []
    i18n.on_change(heard.append)
    try:
        i18n.set_language("es")
        assert i18n._("Minesweeper") == "Buscaminas" and i18n.language() == "es"
    finally:
        i18n._listeners.remove(heard.append)
        i18n.set_language("en")
    assert heard == ["es"] and i18n._("Minesweeper") == "Minesweeper"


def test_lang_option_then_saved_setting_then_system(isolated_data_dir, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert starting_language([]) == "en"
    (isolated_data_dir / "settings.json").write_text(json.dumps({"language": "es"}))
    assert starting_language([]) == "es"
    assert starting_language(["--lang", "en"]) == "en" and starting_language(["--lang=en"]) == "en"
    (isolated_data_dir / "settings.json").write_text("{not json")
    assert starting_language([]) == "en"  # a bad file is reported when the game opens it
    monkeypatch.setenv("LANG", "es_CL.UTF-8")
    assert starting_language([]) == "es"
    assert parse_args(["--lang", "es"]).lang == "es" and i18n.language() == "es"


def test_a_bad_lang_value_is_refused_naming_the_choices(capsys):
    with pytest.raises(SystemExit) as exit_:
        parse_args(["--lang", "fr"])
    assert exit_.value.code == 2
    assert "--lang: invalid choice: 'fr' (choose from 'en', 'es')" in capsys.readouterr().err


def test_the_window_title_and_options_switch_language_at_once_and_it_is_saved(window, isolated_data_dir):
    import pygame
    from game.ui.options.screen import Options
    w = window([])
    assert pygame.display.get_caption()[0] == "Minesweeper"
    w.click(w.scene.list.buttons[4].rect.center)
    options = w.scene
    assert isinstance(options, Options)
    line = next(i for i, (label, _) in enumerate(options.rows()) if label == "Language")
    assert options.rows()[line][1] == "English"
    w.click(options.row_rect(line).center)
    assert i18n.language() == "es" and pygame.display.get_caption()[0] == "Buscaminas"
    assert options.rows()[line][1] == "Español"
    assert json.loads((isolated_data_dir / "settings.json").read_text())["language"] == "es"
    w.click(options.row_rect(line).center)
    assert i18n.language() == "en" and pygame.display.get_caption()[0] == "Minesweeper"


def test_lang_for_one_run_beats_the_saved_choice_and_is_not_saved(window, isolated_data_dir):
    import pygame
    (isolated_data_dir / "settings.json").write_text(json.dumps({"language": "en"}))
    window(["--lang", "es"])
    assert i18n.language() == "es" and pygame.display.get_caption()[0] == "Buscaminas"
    assert json.loads((isolated_data_dir / "settings.json").read_text())["language"] == "en"
