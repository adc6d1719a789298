"""Sound effects (game.ui.sound): the sound of each move's outcome in a real game, the settings
that hold volume, mute and tick, the Options lines, M in Playing, the replay viewer making the
sounds the game made, and a missing audio device that never stops the game."""

from __future__ import annotations

import io
import json

import pygame
import pytest

from game.rules.board import Config
from game.rules.engine import Game, State
from game.rules.moves import Move
from game.records import settings as settings_file
from game.records.settings import Settings
from game.ui.sound import NAMES, Sound, sound_for

# 3x11: mine (0,0) on the left, walls of mines in columns 3 and 7 keep three regions apart
MINES = [(0, 0), (0, 3), (1, 3), (2, 3), (0, 7), (1, 7), (2, 7)]


def heard(game: Game, kind: str, cell) -> str | None:
    """Apply a move to ``game`` and name its sound as the window does."""
    outcome = game.apply(Move(kind, cell))
    return sound_for(outcome, game.appearance(cell))


def test_each_move_of_a_real_game_sounds_what_it_did():
    game = Game(Config(3, 11, len(MINES)), mines=MINES)
    assert heard(game, "reveal", (1, 5)) == "opening"  # the middle region: 9 cells
    assert heard(game, "reveal", (1, 1)) == "reveal"  # a 1, alone
    assert heard(game, "reveal", (1, 1)) is None  # wasted: already revealed
    assert heard(game, "flag", (0, 0)) == "flag"
    assert heard(game, "flag", (0, 0)) == "unflag"
    assert heard(game, "flag", (1, 1)) is None  # a flag on a revealed cell: wasted
    assert heard(game, "flag", (0, 0)) == "flag"
    assert heard(game, "chord", (1, 1)) == "chord"  # the left region opens around the 1
    assert game.state is State.PLAYING
    assert heard(game, "reveal", (1, 10)) == "win"  # the right region: the last safe cells
    assert heard(game, "reveal", (0, 3)) is None  # ignored: the game is over


def test_a_mine_sounds_an_explosion_and_a_question_mark_takes_the_flag_away():
    game = Game(Config(3, 11, len(MINES), questions=True), mines=MINES)
    assert heard(game, "reveal", (1, 5)) == "opening"
    assert heard(game, "flag", (0, 8)) == "flag"
    assert heard(game, "flag", (0, 8)) == "unflag"  # flag -> question mark
    assert game.appearance((0, 8)) == "question"
    assert heard(game, "flag", (0, 8)) == "unflag"  # question mark -> covered
    assert heard(game, "reveal", (2, 3)) == "explosion"
    assert game.state is State.LOST


def test_a_chord_onto_a_wrong_flag_explodes():
    game = Game(Config(3, 11, len(MINES)), mines=MINES)
    heard(game, "reveal", (1, 1))
    heard(game, "flag", (0, 1))  # wrong: the mine is at (0, 0)
    assert heard(game, "chord", (1, 1)) == "explosion"


# ----- settings --------------------------------------------------------------------------------
def test_volume_mute_and_tick_are_saved_and_loaded(tmp_path):
    path = tmp_path / "settings.json"
    defaults = Settings()
    assert (defaults.volume, defaults.muted, defaults.tick) == (70, False, False)
    settings_file.save(Settings(volume=30, muted=True, tick=True), path)
    loaded, warnings = settings_file.load(path)
    assert warnings == [] and (loaded.volume, loaded.muted, loaded.tick) == (30, True, True)


@pytest.mark.parametrize("key, value", [("volume", 101), ("volume", -1), ("volume", "50"), ("volume", 50.5),
                                        ("volume", True), ("muted", "yes"), ("muted", 1), ("tick", None)])
def test_a_bad_sound_setting_is_reported_and_replaced_by_its_default(tmp_path, key, value):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({key: value, "questions": True}))
    loaded, [warning] = settings_file.load(path)
    assert getattr(loaded, key) == getattr(Settings(), key) and loaded.questions
    assert key in warning and json.dumps(value) in warning


# ----- the window --------------------------------------------------------------------------------
@pytest.fixture
def plays(monkeypatch):
    """Every sound name the game asks to play (None, for silent moves, left out), in order."""
    names: list[str] = []
    monkeypatch.setattr(Sound, "play", lambda self, name: bool(name) and not names.append(name))
    return names


def open_options(w):
    from game.ui.options.screen import Options
    w.click(w.scene.list.buttons[4].rect.center)
    assert isinstance(w.scene, Options)
    return w.scene


def row(options, label: str) -> int:
    return [label_ for label_, _ in options.rows()].index(label)


def test_options_change_and_save_sound_volume_and_tick(window, isolated_data_dir):
    w = window([])
    options = open_options(w)
    sound = w.scene.services.sound
    for label, value in (("Sound", "on"), ("Volume", "70%"), ("Timer tick", "off")):
        assert options.rows()[row(options, label)][1] == value
    w.click(options.row_rect(row(options, "Sound")).center)
    assert options.rows()[row(options, "Sound")][1] == "off" and sound.muted
    options.focus = row(options, "Volume")
    w.key(pygame.K_RIGHT)
    assert options.rows()[row(options, "Volume")][1] == "80%" and sound.volume == 80
    for _ in range(3):
        w.key(pygame.K_LEFT)
    assert sound.volume == 50
    w.click(options.row_rect(row(options, "Timer tick")).center)
    saved = json.loads((isolated_data_dir / "settings.json").read_text())
    assert (saved["muted"], saved["volume"], saved["tick"]) == (True, 50, True)
    for _ in range(10):
        options.change(row(options, "Volume"), -1)
    assert sound.volume == 0  # Left stops at 0; Right (Enter, a click) from 100 comes round to 0
    for _ in range(11):
        options.change(row(options, "Volume"))
    assert sound.volume == 0 and w.scene.services.settings.volume == 0


def test_m_in_playing_mutes_and_unmutes_and_the_choice_is_saved(window, isolated_data_dir, plays):
    w = window(["--difficulty", "beginner", "--seed", "3"])
    services = w.scene.services
    w.key(pygame.K_m, unicode="m")
    assert services.sound.muted and services.settings.muted
    assert json.loads((isolated_data_dir / "settings.json").read_text())["muted"] is True
    w.key(pygame.K_m, unicode="m")
    assert not services.sound.muted
    from game.ui.shared.help import CONTROLS
    assert any("M" in keys.split(" / ") and "sound" in does for keys, does in CONTROLS)  # F1 lists it
    assert json.loads((isolated_data_dir / "settings.json").read_text())["muted"] is False


def test_playing_makes_each_moves_sound_and_the_tick_only_when_on(window, plays):
    w = window(["--difficulty", "beginner", "--seed", "3"])
    game, clock = w.scene.game, w.loop.clock
    w.click_cell((4, 4))
    assert plays == ["opening"]
    covered = next(c for c in game.cells() if game.appearance(c) == "covered")
    w.click_cell(covered, button=3)
    w.click_cell(covered, button=3)
    assert plays == ["opening", "flag", "unflag"]
    clock.advance(2.5)
    w.step(3)
    assert "tick" not in plays  # off by default
    w.scene.services.set_option(tick=True)
    clock.advance(2.0)
    w.step(3)
    assert plays.count("tick") == 1  # the timer passed whole seconds: one tick in the frame it did
    mine = sorted(game.layout())[0]
    w.click_cell(mine)
    assert plays[-1] == "explosion" and game.state is State.LOST


def test_a_replay_viewer_steps_through_the_sounds_the_game_made(window, plays):
    from game.commands.replay_commands import prepare_replay
    from game.commands.cli import parse_args
    from game.ui.app import build
    from game.ui.clock import FakeClock
    from tests.driver import Driver

    w = window(["--difficulty", "beginner"], deal=3)
    game = w.scene.game
    w.click_cell((4, 4))
    covered = next(c for c in game.cells() if game.appearance(c) == "covered")
    w.click_cell(covered, button=3)
    w.click_cell(covered, button=3)
    w.click_cell(sorted(game.layout())[0])
    played = list(plays)
    assert played == ["opening", "flag", "unflag", "explosion"]
    plays.clear()

    args = parse_args(["--replay", "last"])
    assert prepare_replay(args) is None
    loop, _ = build(args, clock=FakeClock())
    v = Driver(loop)
    v.step()
    v.key(pygame.K_SPACE)  # pause the playback (its first frames played on): step by hand
    v.key(pygame.K_HOME)
    plays.clear()
    assert v.scene.head.moves == 0
    for _ in range(4):
        v.key(pygame.K_RIGHT)
    assert plays == played
    v.key(pygame.K_LEFT)
    v.key(pygame.K_HOME)
    assert plays == played  # going back is silent


# ----- the mixer -----------------------------------------------------------------------------------
@pytest.fixture
def no_mixer():
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_the_dummy_audio_driver_is_a_working_device(no_mixer):
    err = io.StringIO()
    sound = Sound(stderr=err)
    assert sound.play("reveal") and set(sound.sounds) == set(NAMES)
    assert pygame.mixer.get_init() is not None and err.getvalue() == ""
    sound.volume = 40
    assert sound.sounds["win"].get_volume() == pytest.approx(0.4, abs=0.01)
    assert sound.toggle_mute() and not sound.play("reveal")
    assert not sound.toggle_mute() and sound.play(None) is False and sound.play("reveal")


def test_no_audio_device_plays_silently_and_says_so_once(no_mixer, monkeypatch, capsys):
    def fail(*args, **kwargs):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "init", fail)
    sound = Sound()
    for name in ("reveal", "explosion", "win"):
        assert sound.play(name) is False
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No available audio device" in err and "silently" in err
    sound.set_muted(True)
    sound.volume = 20
    assert sound.play("tick") is False and capsys.readouterr().err == ""


def test_a_game_without_audio_plays_on(window, no_mixer, monkeypatch, capsys):
    def fail(*args, **kwargs):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "init", fail)
    w = window(["--difficulty", "beginner", "--seed", "3"])
    game = w.scene.game
    w.click_cell((4, 4))
    w.click_cell(sorted(game.layout())[0])
    assert game.state is State.LOST
    assert capsys.readouterr().err.count("no sound") == 1


def test_a_c_librarys_own_noise_on_stderr_is_hidden_while_the_mixer_opens(capfd):
    """alsa-lib writes its errors to file descriptor 2 itself; the player gets the game's one line."""
    import os

    from game.ui.sound import quiet_stderr
    with quiet_stderr():
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "after\n"


def test_a_numbers_tone_rises_with_its_value_and_starts_and_ends_silent():
    from game.ui.sound import NUMBER_NOTES, TONE_PEAK, tone_samples
    pitches = []
    for number in range(1, 9):
        samples = tone_samples(NUMBER_NOTES[number], 44100)
        assert samples[0] == 0 and samples[-1] == 0 and 0 < max(map(abs, samples)) <= 32767 * TONE_PEAK
        crossings = sum(1 for a, b in zip(samples, samples[1:]) if a < 0 <= b)  # one a period
        pitches.append(crossings / (len(samples) / 44100))
    assert all(low < high for low, high in zip(pitches, pitches[1:]))
    assert abs(pitches[0] - 523.25) < 30 and abs(pitches[-1] - 1318.51) < 30


def test_number_tones_sound_a_revealed_number_and_the_number_under_the_cursor_only_when_on(window, plays,
                                                                                          monkeypatch):
    tones: list[int] = []
    monkeypatch.setattr(Sound, "play_number", lambda self, number: number is not None and not tones.append(number))
    w = window(["--difficulty", "beginner", "--seed", "3"])
    game = w.scene.game
    w.click_cell((4, 4))
    mines = game.layout()
    number = next(c for c in game.cells() if game.appearance(c) == "covered" and c not in mines
                  and any((c[0] + dr, c[1] + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1)))
    w.scene.services.set_option(number_tones=True)
    w.click_cell(number)
    assert game.appearance(number) in "12345678"
    assert tones == [int(game.appearance(number))] and plays == ["opening"]  # the tone, not the reveal's pluck
    w.key(pygame.K_DOWN)  # the cursor shows on (4, 4): an opened cell, maybe a number
    w.scene.cursor = number
    w.key(pygame.K_UP)
    w.key(pygame.K_DOWN)  # back on the number: its tone again
    assert tones[-1] == int(game.appearance(number))
    w.scene.services.set_option(number_tones=False)
    told = len(tones)
    w.key(pygame.K_UP)
    w.key(pygame.K_DOWN)
    assert len(tones) == told


def test_a_numbers_tone_plays_on_the_mixer_as_it_is_opened():
    sound = Sound(volume=50)
    assert sound.play_number(3) and sound.play_number(3) and set(sound.tones) == {3}
    assert not sound.play_number(None) and not sound.play_number(9)
    sound.set_muted(True)
    assert not sound.play_number(3)
