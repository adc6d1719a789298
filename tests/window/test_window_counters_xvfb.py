"""The live counters in a real window under Xvfb (issue 28, point 1): F3 shows them in the strip
the playing window keeps for its panels and hides them again, the window and the board never
moving or changing size; a Beginner game played to its win with real xdotool clicks (a flag,
a chord with both buttons, a wasted click) ends with counters whose values, worked out live
from the game, are the result panel's: its time, its 3BV and every figure of its Details.

What the panels draw is read through a launcher that wraps their drawing (the values each
draw is given, written to a JSON file): no OCR, and nothing in the game itself is there for
the test. The board is the run's first deal, known to a twin Match of the test's own.

Skipped (with the reason) only where Xvfb, xdotool or ImageMagick's import are missing.
"""

import json
import random
import sys
from pathlib import Path

import pytest

from game.rules.board import Config
from game.midend.match import Match
from tests.xsession import PATIENCE, XSession, missing
from tests.window_helpers import crop, differs, played_layout, playing_window, settled, wait_for, window_room

pytestmark = pytest.mark.skipif(bool(missing()), reason=f"needs {', '.join(missing())} for a real window")

ROOT = Path(__file__).resolve().parents[2]
SCREEN = (1600, 1000)
DEAL = 11  # the run's boards come from Random(DEAL)
FIRST = (4, 4)

LAUNCHER = """
import json, os, random, sys
from game.ui import app  # first: it sets the window's X11 class (SDL_VIDEO_X11_WMCLASS) before pygame is imported
from game import program
from game.commands import cli
from game.figures import has_figures
from game.ui.play import counters_view
from game.ui.play import result_base
deal, out, argv = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
def dealt(_=None):
    args = cli.parse_args(argv)
    args.rng = random.Random(deal)
    return args
program.parse_args = dealt
def dump(name, data):
    with open(os.path.join(out, name + ".tmp"), "w", encoding="utf-8") as f:
        json.dump(data, f)
    os.replace(os.path.join(out, name + ".tmp"), os.path.join(out, name + ".json"))
draw = counters_view.PlayCounters.draw
def counters_draw(self, screen, area, record=None):
    rect = draw(self, screen, area, record)
    dump("counters", {"live": self.values, "shown": self.panel.shown, "record": has_figures(record)})
    return rect
counters_view.PlayCounters.draw = counters_draw
build = result_base.Result._build_panel
def result_build(self):
    build(self)
    dump("result", {"text": [item[0] for item in self.arranged.items], "figures": has_figures(self.figures.record)})
result_base.Result._build_panel = result_build
sys.exit(program.run())
"""  # python -c LAUNCHER DEAL OUT ARGS...: the game, its panels' drawn values written to OUT/*.json


def read(folder: Path, name: str) -> dict | None:
    try:
        return json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def test_f3_counters_in_a_real_window_end_on_the_result_panels_values(tmp_path):
    out = tmp_path / "drawn"
    out.mkdir()
    twin = Match(Config.difficulty("beginner"), rng=random.Random(DEAL))
    layout = played_layout(9, 9, 10)
    room = window_room(layout, SCREEN)
    with XSession(size=SCREEN) as x:
        x.start_game("--difficulty", "beginner", "--theme", "classic", "--data-dir", str(tmp_path / "data"),
                     program=[sys.executable, "-c", LAUNCHER, str(DEAL), str(out)], env={"PYTHONPATH": str(ROOT)})
        geometry = playing_window(x, layout, screen=SCREEN)  # the board's window, held (not a read between resize and move)
        scale = geometry[2] / room.size[0]
        assert scale == int(scale) and geometry[3] == room.size[1] * scale
        strip = [int(v * scale) for v in room.strip]
        board = layout.board
        frame = (0, int(board.top * scale), int(board.left * scale), int(board.height * scale))  # left of the board
        first = settled(x, geometry)

        def steady(what: str) -> None:
            shot = crop(x.screenshot(), geometry)
            assert x.game.poll() is None, f"the game died at {what}"
            assert x.geometry() == geometry, f"the window moved or changed size at {what}"
            assert differs(first, shot, frame, step=1) == 0, f"the board moved at {what}"

        def strip_is(shown: bool):
            shot = crop(x.screenshot(), geometry)
            return differs(first, shot, strip) > 100 if shown else differs(first, shot, strip) == 0

        x.key("F3")
        wait_for(lambda: strip_is(True) and read(out, "counters"), PATIENCE, "the counters after F3")
        steady("F3")
        assert read(out, "counters")["shown"]["clicks"] == "0"
        x.key("F3")
        wait_for(lambda: strip_is(False), PATIENCE, "the strip empty again after F3")
        steady("F3 again")
        x.key("F3")
        wait_for(lambda: strip_is(True), PATIENCE, "the counters after F3 a third time")

        def click(cell, button=1):
            cx, cy = layout.cell_rect(cell).center
            x.click(int(cx * scale), int(cy * scale), button=button)

        click(FIRST)
        twin.reveal(FIRST)
        game, mines = twin.game, twin.layout()
        wait_for(lambda: (read(out, "counters") or {}).get("live", {}).get("clicks") == "1", 15,
                 "the first click counted")
        number = next(c for c in game.cells() if game.number(c) and any(
            game.appearance(n) == "covered" and n not in mines for n in game.neighbours(c)))
        for n in game.neighbours(number):
            if n in mines and game.appearance(n) == "covered":
                click(n, button=3)
                twin.toggle_flag(n)
        cx, cy = layout.cell_rect(number).center
        x.xdotool("mousemove", "--window", x.window, str(int(cx * scale)), str(int(cy * scale)))
        for action in (("mousedown", "3"), ("mousedown", "1"), ("mouseup", "1"), ("mouseup", "3")):
            x.xdotool(*action)  # a chord with both buttons
        twin.chord(number)
        click(FIRST)  # a wasted click: on a revealed cell
        for cell in game.cells():
            if cell not in mines and not game.is_revealed(cell):
                twin.reveal(cell)
                click(cell)
        assert game.state.value == "won"

        result = wait_for(lambda: (read(out, "result") or {}).get("figures") and read(out, "result"), 30,
                          "the result panel with the game's figures")
        steady("the win")
        x.key("Tab")  # a best time: its name field lets go of the keys
        x.key("d")  # Details: every figure
        details = " ".join(wait_for(lambda: any("Clicks" in t for t in read(out, "result")["text"])
                                    and read(out, "result")["text"], PATIENCE, "the Details"))
        x.key("v")  # the result panel hidden: the counters show in the strip
        drawn = wait_for(lambda: (read(out, "counters") or {}).get("record") and read(out, "counters"), 15,
                         "the counters drawn with the record")
        steady("V")
        assert x.game.poll() is None
    live, shown = drawn["live"], drawn["shown"]
    assert live == shown  # worked out in play = the record's figures
    left, right, double = live["clicks_lrd"].split(" / ")
    assert int(double) == 1 and int(right) >= 1
    assert f"Clicks {live['clicks']}: L{left} R{right} D{double}" in details
    left, right, double = live["effective_clicks_lrd"].split(" / ")  # the panel's keys are the figures' names
    assert f"Eff. {live['effective_clicks']}: L{left} R{right} D{double}" in details
    for label, key in (("3BV/s", "bbbv_per_s"), ("IOE", "ioe"), ("RQP", "rqp"), ("Corr", "correctness"),
                       ("Thrp", "throughput"), ("Cl/s", "cl_s"), ("Path", "path_px")):
        assert f"{label} {live[key]}" in details, (label, live[key], details)
    assert f"Time {live['time']}" in " ".join(result["text"])
    bbbv = live["bbbv"].split(" / ")
    assert bbbv[0] == bbbv[1] and f"3BV {bbbv[1]}" in " ".join(result["text"])
