"""game/ui/state_file.py: with MINESWEEPER_STATE_FILE set, the window game writes its scene's
rectangles (board, strip, panels, buttons) after each frame that changed them; unset,
nothing."""

import json

import pygame

from game.commands.cli import parse_args
from game.ui.app import build
from game.ui.clock import FakeClock
from tests.driver import Driver
from game.ui.state_file import ENV_VAR, presenting
from tests.window_helpers import wait_for


def game(tmp_path, *args):
    loop, _ = build(parse_args(["--lang", "en", "--data-dir", str(tmp_path / "data"), *args]), clock=FakeClock())
    driver = Driver(loop)
    driver.step()
    return driver


def test_the_state_file_follows_the_scene_from_play_to_the_result(tmp_path, monkeypatch):
    path = tmp_path / "state.json"
    monkeypatch.setenv(ENV_VAR, str(path))
    driver = game(tmp_path, "--difficulty", "beginner", "--seed", "3")
    state = json.loads(path.read_text(encoding="utf-8"))
    scene = driver.scene
    assert state["scene"] == ["Playing"] and state["game"] == "ready"
    assert state["board"] == list(scene.layout.board) == state["cells"] and (state["rows"], state["cols"]) == (9, 9)
    assert state["strip"] == list(scene.room.strip) and state["where"] == scene.room.where
    assert state["logical"] == list(scene.size()) and state["panels"] == [] and state["buttons"] == []
    factor, left, top = state["view"]
    assert state["window"] == [round(state["logical"][0] * factor) + 2 * left,
                               round(state["logical"][1] * factor) + 2 * top]
    driver.click_cell((4, 4))
    driver.step(20)
    mine = sorted(driver.scene.game.layout())[0]
    driver.click_cell(mine)
    driver.step(90)
    state = json.loads(path.read_text(encoding="utf-8"))
    result = driver.scene
    assert state["scene"] == ["GameOver", "Playing"] and state["game"] == "lost"
    assert [p["kind"] for p in state["panels"]] == ["result"]
    assert [b["label"] for b in state["buttons"]] == [b.label for b in result.buttons.buttons]
    assert [b["rect"] for b in state["buttons"]] == [list(b.rect) for b in result.buttons.buttons]
    driver.key(pygame.K_v)  # the post-mortem: the panel laid out again, the file with it
    driver.step(2)
    assert json.loads(path.read_text(encoding="utf-8"))["buttons"] == [
        {"label": b.label, "rect": list(b.rect)} for b in driver.scene.buttons.buttons]


def test_unset_the_frames_are_shown_as_ever():
    def present():
        pass
    assert presenting(present, None, None) is present  # no state built, nothing written


def test_a_hint_panel_is_in_the_state_with_its_rect(tmp_path, monkeypatch):
    path = tmp_path / "state.json"
    monkeypatch.setenv(ENV_VAR, str(path))
    driver = game(tmp_path, "--difficulty", "beginner", "--seed", "3")
    driver.click_cell((4, 4))
    driver.step(20)
    driver.key(pygame.K_h)

    def answered():  # the solver answers in a child process, in real time
        driver.step(1)
        state = json.loads(path.read_text(encoding="utf-8"))
        return state if state["scene"][0] == "HintPanel" and not state["panels"][0]["waiting"] else None
    state = wait_for(answered, 30, "the hint's answer")
    assert state["panels"] == [{"kind": "hint", "rect": list(driver.scene.panel), "waiting": False}]
