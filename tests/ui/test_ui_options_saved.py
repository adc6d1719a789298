"""Issue 35, item 5: every value the Options screen (and the menu's level buttons) saves is
read back at the next launch as it was saved, with no warning: choosing the 8x8 Beginner
once made every later launch say ``difficulty: "beginner_8x8" is not allowed``."""

from dataclasses import asdict, fields

import pygame
import pytest

from game.commands.cli import parse_args
from game.i18n import language
from game.records import settings as settings_file
from game.records.recording import open_records
from game.records.settings import Settings
from game.ui.shared import theme
from game.ui.app import build
from game.ui.clock import FakeClock
from game.ui.menu import Menu
from game.ui.options.screen import Options

MAX_CYCLE = 20  # more changes than any line has values (Display: auto, six scales, fullscreen)
ELSEWHERE = {"difficulty", "custom_rows", "custom_cols", "custom_mines", "player_name"}  # settings no Options line writes


def next_launch(data_dir):
    """The settings and warnings a new launch reads from ``data_dir`` (open_records, as the window does)."""
    records = open_records(str(data_dir), stderr=None)
    try:
        return records.settings, records.warnings
    finally:
        records.close()


def saved_now(options: Options) -> dict:
    return asdict(options.services.records.settings)


def every_value_of_every_option(w):
    """Open Options from the menu and move every line (its rows, as the screen lists them: a
    line added later is covered too) through all its values with Right, as a player does;
    yields (label, value shown) after each change."""
    w.click(w.scene.list.buttons[4].rect.center)
    options = w.scene
    assert isinstance(options, Options)
    for index, (label, _value) in enumerate(options.rows()):
        while options.focus != index:
            w.key(pygame.K_DOWN)
        first = options.rows()[index][1]
        for _ in range(MAX_CYCLE):
            w.key(pygame.K_RIGHT)
            assert options.message == "", (label, options.message)
            yield label, options.rows()[index][1]
            if options.rows()[index][1] == first:
                break
        else:
            pytest.fail(f"{label}: its values never came round to {first!r}")


def test_every_value_of_every_option_is_read_back_at_the_next_launch_without_a_warning(window, isolated_data_dir):
    w = window([], deal=3)
    seen: dict[str, set] = {}
    for label, value in every_value_of_every_option(w):
        loaded, warnings = next_launch(isolated_data_dir)
        assert warnings == [], (label, value, warnings)
        assert asdict(loaded) == saved_now(w.scene), label
        seen.setdefault(label, set()).add(value)
    assert all(len(values) >= 2 for values in seen.values()), seen
    assert len(seen["Volume"]) == 11 and len(seen["Beginner board"]) == 2 and len(seen["Theme"]) == 3


def launched_with(data_dir):
    """Start the window game from ``data_dir`` (``--data-dir``, as a player's next launch):
    (its first scene, its services). The caller closes the records."""
    loop, services = build(parse_args(["--data-dir", str(data_dir)]), clock=FakeClock())
    return loop.manager.current, services


def test_every_value_the_options_write_is_what_the_next_launch_uses_with_no_message_box(window, isolated_data_dir,
                                                                                        tmp_path, capsys):
    """Issue 35, item 5: each value the Options screen saves, given to a new game
    (game.ui.app.build with ``--data-dir``): it opens on the menu with no message box (the
    settings' warnings show in one) and nothing on stderr, and uses the value: the settings,
    the display mode and scale, the language and the theme as they were when it was saved."""
    w = window([], deal=3)
    states: dict[str, tuple] = {}  # settings.json as saved -> (label, value, what the window used then)
    for label, value in every_value_of_every_option(w):
        services = w.scene.services
        state = (asdict(services.settings), services.display.scale, services.display.fullscreen, language(),
                 theme.current().name)
        states.setdefault((isolated_data_dir / "settings.json").read_text(), (label, value, state))
    assert len(states) >= 30  # every value of every line: 2 a switch, 11 volumes, 8 displays...
    written = {name for _label, _value, state in states.values() for name, value in state[0].items()
               if value != getattr(Settings(), name)}
    # Every setting is written by an Options line, and so read back here, but those the menu,
    # the custom form and the best-time name field write (their own tests read them back):
    # a new setting is either one of them or gets a line here.
    assert written | ELSEWHERE == {f.name for f in fields(Settings)}, {f.name for f in fields(Settings)} - written
    for number, (saved, (label, value, state)) in enumerate(states.items()):
        data_dir = tmp_path / f"launch{number}"
        data_dir.mkdir()
        (data_dir / "settings.json").write_text(saved)
        capsys.readouterr()
        scene, services = launched_with(data_dir)
        try:
            assert capsys.readouterr().err == "", (label, value)  # no warning printed either
            assert isinstance(scene, Menu), (label, value, getattr(scene, "message", None))
            assert services.records.warnings == [], (label, value)
            assert (asdict(services.settings), services.display.scale, services.display.fullscreen, language(),
                    theme.current().name) == state, (label, value)
            assert asdict(services.records.settings) == state[0], (label, value)
        finally:
            services.records.close()


@pytest.mark.parametrize("beginner_size", ["9x9", "8x8"])
@pytest.mark.parametrize("button", [0, 1, 2], ids=["beginner", "intermediate", "expert"])
def test_a_level_started_from_the_menu_is_read_back_without_a_warning(window, isolated_data_dir,
                                                                       beginner_size, button):
    w = window([], deal=3)
    w.scene.services.set_option(beginner_size=beginner_size)
    w.key(pygame.K_ESCAPE)  # the Quit question, then back: the menu's buttons are built again
    w.key(pygame.K_ESCAPE)
    assert isinstance(w.scene, Menu)
    w.click(w.scene.list.buttons[button].rect.center)
    played = w.scene.game.config
    loaded, warnings = next_launch(isolated_data_dir)
    assert warnings == []
    assert loaded.beginner_size == beginner_size
    assert loaded.config().level == played.level  # the next launch offers the board just played


def test_a_file_an_older_game_wrote_with_the_8x8_beginner_loads_without_a_warning(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"difficulty": "beginner_8x8", "beginner_size": "8x8"}')
    loaded, warnings = settings_file.load(path)
    assert warnings == []
    assert loaded.difficulty == "beginner" and loaded.config().level == "beginner_8x8"


@pytest.mark.parametrize("argv, size", [(["--difficulty", "beginner"], (8, 8)),
                                        (["--difficulty", "beginner", "--beginner-size", "9x9"], (9, 9)),
                                        (["--difficulty", "expert"], (16, 30))])
def test_difficulty_beginner_on_the_command_line_is_the_beginner_the_options_chose(window, isolated_data_dir,
                                                                                   argv, size):
    """Issue 35: ``--difficulty beginner`` gave 9x9 while Options and the menu said 8x8."""
    settings_file.save(settings_file.Settings(beginner_size="8x8"), isolated_data_dir / "settings.json")
    w = window(argv, deal=3)
    assert (w.scene.game.rows, w.scene.game.cols) == size
    assert w.scene.game.config.level == {(8, 8): "beginner_8x8", (9, 9): "beginner", (16, 30): "expert"}[size]
