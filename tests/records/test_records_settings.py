"""Settings file: defaults, round trip, unknown keys, bad values, corrupt file, atomic save."""

import json

import pytest

from game.rules.board import Config
from game.records import settings as settings_file
from game.records.recording import open_records
from game.records.settings import Settings


def test_missing_file_gives_defaults_without_warning(tmp_path):
    loaded, warnings = settings_file.load(tmp_path / "settings.json")
    assert warnings == []
    assert (loaded.difficulty, loaded.first_click, loaded.questions) == ("beginner", "opening", False)
    assert loaded.chord_on_number and not loaded.fullscreen and loaded.scale is None
    assert loaded.player_name and loaded.config() == Config.difficulty("beginner")


def test_round_trip_and_atomic_save_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "cfg" / "settings.json"
    chosen = Settings(difficulty="custom", custom_rows=30, custom_cols=40, custom_mines=200,
                      questions=True, first_click="classic", chord_on_number=False,
                      fullscreen=True, scale=3, no_guess=False, player_name="Ada")
    settings_file.save(chosen, path)
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]
    loaded, warnings = settings_file.load(path)
    assert warnings == [] and loaded == chosen
    assert loaded.config() == Config(30, 40, 200, first_click="classic", questions=True)
    assert json.loads(path.read_text())["version"] == 1


def test_unknown_keys_are_ignored(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"difficulty": "expert", "theme": "dark", "version": 9}))
    loaded, warnings = settings_file.load(path)
    assert warnings == [] and loaded.difficulty == "expert"


@pytest.mark.parametrize("key, value, allowed", [
    ("difficulty", "insane", "beginner, intermediate, expert, custom"),
    ("scale", 0, "1..8"),
    ("scale", "big", "1..8"),
    ("questions", "yes", "true or false"),
    ("first_click", "lucky", "opening, safe, classic"),
    ("custom_rows", 5000, "1..1000"),
    ("player_name", "", "printable characters"),
])
def test_bad_value_falls_back_with_a_warning_naming_key_value_and_allowed(tmp_path, key, value, allowed):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({key: value, "fullscreen": True}))
    loaded, [warning] = settings_file.load(path)
    assert getattr(loaded, key) == getattr(Settings(), key)
    assert loaded.fullscreen  # the good values are still taken
    assert key in warning and json.dumps(value) in warning and allowed in warning


@pytest.mark.parametrize("digits", ["9" * 5000, "-" + "9" * 5000], ids=["5000 digits", "minus 5000 digits"])
def test_a_number_too_long_for_int_is_one_value_out_of_range_not_a_damaged_file(tmp_path, digits):
    """Issue 34: json.loads raised for a whole number over int()'s 4,300 digits, so the whole
    file was moved aside as damaged and every setting lost; now that one key falls back."""
    path = tmp_path / "settings.json"
    path.write_text('{"volume": %s, "theme": "dark"}' % digits)
    loaded, [warning] = settings_file.load(path)
    assert (loaded.volume, loaded.theme) == (Settings().volume, "dark") and path.exists()
    assert "volume: " in warning and "Infinity is not allowed (allowed: a whole number 0..100 (percent))" in warning


def test_a_huge_bad_value_is_named_in_short(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"questions": "x" * 100_000}))
    loaded, [warning] = settings_file.load(path)
    assert loaded.questions == Settings().questions
    assert len(warning) < 300 and '"xxxx' in warning and "100,002 characters" in warning


def test_wrap_cuts_a_word_longer_than_a_line_into_lines_that_fit():
    import pygame

    from game.ui.shared.widgets import font, wrap
    pygame.font.init()
    word = "x" * 20_000  # a value like this froze the window at start (one width per character)
    lines = wrap(f"bad {word} value", 180, 14)
    assert lines[0] == "bad" and lines[-1].endswith("value") and "".join(lines[1:-1]) + lines[-1][:-6] == word
    assert all(font(14).size(line)[0] <= 180 for line in lines)
    assert all(font(14).size(line + "x")[0] > 180 for line in lines[1:-2])  # each cut as long as fits


def test_impossible_custom_board_falls_back(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"custom_rows": 3, "custom_cols": 3, "custom_mines": 50}))
    loaded, [warning] = settings_file.load(path)
    assert (loaded.custom_rows, loaded.custom_cols, loaded.custom_mines) == (20, 30, 130)
    assert "custom board" in warning and "mines" in warning


@pytest.mark.parametrize("content", [b"{not json", b"[1, 2]", b"\xff\xfe\x00garbage"])
def test_corrupt_file_is_set_aside_with_a_message(tmp_path, content, capsys):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    records = open_records(str(tmp_path))
    assert records.settings == Settings()
    [aside] = tmp_path.glob("settings.json.corrupt-*")
    assert aside.read_bytes() == content
    assert "moved aside" in capsys.readouterr().err
    assert any("settings" in w and aside.name in w for w in records.warnings)
    assert records.save_settings() is None and settings_file.load(path)[1] == []


def test_failed_save_keeps_the_old_file(tmp_path):
    path = tmp_path / "settings.json"
    settings_file.save(Settings(difficulty="expert"), path)
    (tmp_path / "blocker").write_text("a file, not a folder")
    with pytest.raises(OSError):
        settings_file.save(Settings(), tmp_path / "blocker" / "settings.json")
    assert settings_file.load(path)[0].difficulty == "expert"


def test_deeply_nested_file_is_set_aside_like_any_damaged_file(tmp_path, capsys):
    path = tmp_path / "settings.json"
    content = "[" * 200_000 + "]" * 200_000 + "\n"
    path.write_text(content)
    records = open_records(str(tmp_path))
    assert records.settings == Settings()
    [aside] = tmp_path.glob("settings.json.corrupt-*")
    assert aside.read_text() == content
    [line] = [line for line in capsys.readouterr().err.splitlines() if "settings" in line]
    assert "nested too deeply" in line and f"moved aside to {aside.name}" in line
    records.close()
