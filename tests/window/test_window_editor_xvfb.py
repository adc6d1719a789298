"""The position editor in a real window under Xvfb (issue 39): ``main.py --edit`` opens it, the
worked 10x10 example (docs/examples/worked-10x10.mine) is drawn in it cell by cell with xdotool
(a new 10x10 board by Ctrl+N, its 14 mines typed after T, each revealed number typed over its
cell, each flag a right click), saved with Ctrl+S; the probabilities the window shows (its
scene state: game.ui.state_file, which the game writes after each frame that changed it) equal
``main.py --analyse FILE --json`` on the saved file. Then one number made impossible (the 2 at
(7; 8) typed as 8) is ringed on the screen, its reason in the panel.

Skipped (with the reason) only where Xvfb, xdotool or ImageMagick's import are missing.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.ui.shared.theme import palette
from game.ui.state_file import ENV_VAR
from tests.window_helpers import crop, wait_for
from tests.xsession import PATIENCE, ROOT, XSession, missing

pytestmark = [pytest.mark.skipif(bool(missing()), reason=f"needs {', '.join(missing())} for a real window"),
              pytest.mark.slow]

WORKED = ROOT / "docs" / "examples" / "worked-10x10.mine"


def read_state(path: Path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def editor_state(path: Path, condition, what: str) -> dict:
    """The editor's part of the scene state once ``condition(editor)`` holds."""
    def found():
        state = read_state(path)
        editor = state and state.get("editor")
        return editor and state["scene"][0] == "Editor" and condition(editor) and state
    return wait_for(found, PATIENCE, what)


def box(path: Path, name: str) -> None:
    """Wait until the box ``name`` (a scene class) is over the editor, ready for typing."""
    wait_for(lambda: (s := read_state(path)) and s["scene"][:2] == [name, "Editor"], PATIENCE, name)


def to_window(state: dict, point) -> tuple[int, int]:
    factor, left, top = state["view"]
    return round(point[0] * factor + left), round(point[1] * factor + top)


def cell_centre(state: dict, cell) -> tuple[int, int]:
    left, top, width, height = state["editor"]["cell0"]
    size = state["editor"]["cell"]
    return to_window(state, (left + cell[1] * size + width // 2, top + cell[0] * size + height // 2))


def analysed(editor: dict) -> bool:
    return editor["answered"] == editor["version"] and not editor["pending"]


def test_the_worked_example_drawn_cell_by_cell_shows_what_analyse_prints(isolated_data_dir, tmp_path):
    state_path = tmp_path / "state.json"
    saved = tmp_path / "drawn.mine"
    lines = WORKED.read_text().split()
    with XSession() as x:
        x.start_game("--edit", env={ENV_VAR: str(state_path)})
        editor_state(state_path, lambda e: e["rows"] == 9, "the editor opens on 9x9")
        x.key("ctrl+n")
        box(state_path, "SizeEntry")
        x.xdotool("type", "--delay", "20", "10x10")
        x.key("Return")
        editor_state(state_path, lambda e: e["rows"] == 10 and e["cols"] == 10, "the 10x10 board")
        x.key("t")
        box(state_path, "CountEntry")
        x.xdotool("type", "--delay", "20", "14")
        x.key("Return")
        state = editor_state(state_path, lambda e: e["mines"] == 14, "14 mines")
        x.xdotool("windowfocus", "--sync", x.window)
        for r, line in enumerate(lines[1:]):
            for c, ch in enumerate(line):
                px, py = cell_centre(state, (r, c))
                if ch.isdigit():
                    x.xdotool("mousemove", "--window", x.window, str(px), str(py), "key", ch)
                elif ch == "F":
                    x.xdotool("mousemove", "--window", x.window, str(px), str(py), "click", "3")
        state = editor_state(state_path, lambda e: e["text"] == WORKED.read_text() and analysed(e),
                             "the worked example drawn and analysed")
        shown = state["editor"]["probabilities"]
        x.key("ctrl+s")
        box(state_path, "SaveEntry")
        x.xdotool("type", "--delay", "10", str(saved))
        x.key("Return")
        wait_for(lambda: saved.exists() and saved.read_text() == WORKED.read_text(), PATIENCE, "the saved file")

        px, py = cell_centre(state, (7, 8))  # the 2 at (7; 8) made an 8: no layout fits
        x.xdotool("mousemove", "--window", x.window, str(px), str(py), "key", "8")
        state = editor_state(state_path, lambda e: e["impossible"] and analysed(e), "the impossible number")
        editor = state["editor"]
        assert editor["ringed"] == [[7, 8]] and editor["impossible"].startswith("the 8 at (7; 8) needs")
        assert any(editor["impossible"][:30] in line for line in editor["lines"])
        geometry = x.geometry()
        left, top, width, _height = editor["cell0"]
        size = editor["cell"]
        corner = to_window(state, (left + 8 * size, top + 7 * size))  # the ring on the cell's edge
        shot = wait_for(lambda: (s := crop(x.screenshot(), geometry)) and s.get_at(corner)[:3] == palette.risky and s,
                        PATIENCE, "the ring drawn")
        centre = cell_centre(state, (7, 8))
        assert shot.get_at(centre)[:3] != palette.risky  # never over the digit
        assert x.game.poll() is None, "the game died"

    printed = subprocess.run([sys.executable, str(ROOT / "main.py"), "--analyse", str(saved), "--json"],
                             capture_output=True, text=True, timeout=PATIENCE, check=True).stdout
    expected = json.loads(printed)["probabilities"]
    assert shown == expected and any(0 < p < 1 for _r, _c, p in shown)
