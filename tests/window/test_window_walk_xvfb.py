"""A walk through a game's moments in a real window under Xvfb (issue 35): the start, the
first click, a hint (H), a loss, its post-mortem (V), Details (D), and a win with a best
time's name entry, on Beginner, Expert, a 30x50 custom board (no best times: a win without
a name) and 1000x1000 (its start, first click and hint only: dealing and drawing a million
cells is the slow part), in English and Spanish, on a 1280x1024 and a 1920x1080 screen
(one Xvfb server each).

At each moment, once the game says so (its scene state: game.ui.state_file, the
MINESWEEPER_STATE_FILE the game writes after each frame that changed its geometry) and the
panels' strip has settled on screen, the screenshot and the state must show:

- panel: the panel area of the strip (the strip less its margins) is not one colour: no
  blank strip;
- overlap: no text panel (a hint's, a result's) covers a visible cell of the board;
- size: the window's size (X geometry, and the game's own window and canvas sizes) is the
  one the game opened with;
- buttons: every button of the result panel, and a best time's name field, lies inside the
  window and the screen.

Every check holds at every moment (a result panel longer than its strip, the post-mortem or
Details, keeps its buttons in view while its text scrolls: game.ui.play.result_base).

The boards are the run's deals (XSession.start_game's ``deal``), known to twin Matches of the
test's own, so the test knows where the mines are; the 1000x1000 board is seeded (no twin:
its walk never needs its mines).

Skipped (with the reason) only where Xvfb, xdotool or ImageMagick's import are missing.
With MINESWEEPER_WALK_SHOTS set to a folder, every moment's screenshot is kept there, in a
folder a case (SCREEN-LANGUAGE-BOARD/MOMENT.png), to look at what a player sees.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest

from game.rules.board import Config
from game.midend.match import Match
from game.ui.state_file import ENV_VAR
from tests.xsession import PATIENCE, XSession, missing
from tests.window_helpers import saved_setting, settled, wait_for

pytestmark = pytest.mark.skipif(bool(missing()), reason=f"needs {', '.join(missing())} for a real window")

SCREENS = ((1280, 1024), (1920, 1080))
LANGUAGES = ("en", "es")
DEAL = 11  # the run's boards come from Random(DEAL)
FIRST = (4, 4)  # the first click on the boards the test knows
BOARDS = {  # name: (arguments, the board's Config (None: seeded, short walk), a best time's name entry)
    "beginner": (("--difficulty", "beginner"), Config.difficulty("beginner"), True),
    "expert": (("--difficulty", "expert"), Config.difficulty("expert"), True),
    "custom30x50": (("--rows", "30", "--cols", "50", "--mines", "150"), Config(30, 50, 150), False),
    "1000x1000": (("--rows", "1000", "--cols", "1000", "--mines", "20000", "--seed", "4"), None, False),
}
SETTLE_S = 0.15  # the strip must hold this long on screen (the state file says the frame is drawn)
SHOTS_VAR = "MINESWEEPER_WALK_SHOTS"  # a folder: every moment's screenshot is kept there, a folder a case


@dataclass
class Seen:
    """One moment: its name, the window's X geometry, the game's state, the findings."""

    moment: str
    geometry: tuple[int, int, int, int]
    state: dict
    failures: list[tuple[str, str]] = field(default_factory=list)  # (assertion, what is wrong)


def to_window(state: dict, rect) -> pygame.Rect:
    """A logical rect of ``state`` in window pixels (its ``view``)."""
    factor, left, top = state["view"]
    x, y = round(rect[0] * factor + left), round(rect[1] * factor + top)
    return pygame.Rect(x, y, round((rect[0] + rect[2]) * factor + left) - x,
                       round((rect[1] + rect[3]) * factor + top) - y)


def uniform(shot: pygame.Surface, rect: pygame.Rect) -> bool:
    """True when every pixel of ``rect`` (window pixels) in ``shot`` has one colour."""
    data = pygame.image.tobytes(shot.subsurface(rect), "RGB")
    return data == data[:3] * (len(data) // 3)


class Walk:
    """The game in ``x``, its state file at ``path``, on a ``screen``-sized Xvfb screen; the
    screenshot of each moment with a failure is saved in ``path``'s folder (MOMENT.png)."""

    def __init__(self, x: XSession, path, screen: tuple[int, int]) -> None:
        self.x, self.path, self.screen = x, path, screen
        self.seen: list[Seen] = []
        self.shot: pygame.Surface | None = None

    def state(self) -> dict | None:
        try:
            return json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def wait_state(self, condition, what: str) -> dict:
        def holds():
            state = self.state()
            return state if state is not None and "strip" in state and condition(state) else None
        return wait_for(holds, PATIENCE, what)

    def look(self, moment: str, condition) -> Seen:
        """Wait until the game's state meets ``condition`` and the strip has settled on screen,
        then check the moment (module docstring) and keep what was seen."""
        state = self.wait_state(condition, moment)
        assert self.x.game.poll() is None, f"the game died at {moment}"
        geometry = self.x.geometry()
        strip = to_window(state, state["strip_panel"])
        self.shot = settled(self.x, geometry, rect=tuple(strip), span=SETTLE_S)
        state = self.state() or state  # as drawn in the settled picture
        seen = Seen(moment, geometry, state)
        if uniform(self.shot, to_window(state, state["strip_panel"])):
            seen.failures.append(("panel", "the panels' strip is blank"))
        cells = pygame.Rect(state["cells"])
        for panel in state["panels"]:
            if cells.colliderect(panel["rect"]):
                seen.failures.append(("overlap", f"the {panel['kind']} panel {panel['rect']} covers the cells "
                                                 f"{list(cells)}"))
        first = self.seen[0] if self.seen else seen
        if (geometry[2:], state["window"], state["logical"]) != (first.geometry[2:], first.state["window"],
                                                                   first.state["logical"]):
            seen.failures.append(("size", f"window {geometry[2:]} {state['window']} {state['logical']}, "
                                          f"at {first.moment} {first.geometry[2:]} {first.state['window']} "
                                          f"{first.state['logical']}"))
        window = pygame.Rect((0, 0), geometry[2:])
        screen = pygame.Rect((0, 0), self.screen)
        field = [{"label": "the name field", "rect": state["field"]}] if state["field"] else []
        for button in state["buttons"] + field:
            rect = to_window(state, button["rect"])
            if not window.contains(rect) or not screen.contains(rect.move(geometry[:2])):
                seen.failures.append(("buttons", f"{button['label']!r} at {list(rect)} (window {geometry})"))
        keep = os.environ.get(SHOTS_VAR)  # every moment's picture, to look at (the closing note's)
        if seen.failures or keep:
            folder = Path(keep) / self.path.parent.name if keep else self.path.parent
            folder.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.shot, str(folder / (moment.replace(" ", "-") + ".png")))
        self.seen.append(seen)
        return seen

    def point(self, cell) -> tuple[int, int]:
        """The window pixel at the centre of ``cell`` on a board that fits the window."""
        state = self.seen[-1].state
        left, top, width, height = state["cells"]
        centre = (left + (cell[1] + 0.5) * width / state["cols"], top + (cell[0] + 0.5) * height / state["rows"])
        return to_window(state, (*centre, 0, 0)).topleft

    def click(self, cell) -> None:
        self.x.click(*self.point(cell))

    def click_all(self, cells) -> None:
        """Click ``cells`` in order with one xdotool call (without xdotool's 0.1 s wait after
        each click: a win on Expert is some two hundred clicks)."""
        args = []
        for cell in cells:
            args += ["mousemove", "--window", self.x.window, *map(str, self.point(cell)), "click", "--delay", "0", "1"]
        if args:
            self.x.xdotool(*args)

def to_win(match: Match) -> list:
    """The safe cells still covered in ``match`` (its first click made) a player clicks to
    win, in order, skipping those an opening reveals; plays them in ``match``."""
    clicks = []
    for cell in match.game.cells():
        if cell not in match.game.layout() and not match.game.is_revealed(cell):
            match.reveal(cell)
            clicks.append(cell)
    return clicks


def hint_answered(state: dict) -> bool:
    return state["scene"][0] == "HintPanel" and any(not p.get("waiting", True) for p in state["panels"])


def result_shown(scene: str):
    return lambda state: state["scene"][0] == scene and any(p["kind"] == "result" for p in state["panels"])


def walk(x: XSession, path, screen, board: str, data) -> Walk:
    """Play the moments of ``board`` (a key of BOARDS) in the game started in ``x`` on a
    ``screen``-sized screen, its state file at ``path``, its records in ``data``."""
    args, config, named = BOARDS[board]
    w = Walk(x, path, screen)
    w.look("start", lambda s: s["scene"] == ["Playing"] and s["game"] == "ready")
    if config is None:  # a million cells: the first click in the middle of the view, a hint
        x.click(*to_window(w.seen[-1].state, w.seen[-1].state["cells"]).center)
        w.look("first click", lambda s: s["scene"] == ["Playing"] and s["game"] == "playing")
        x.key("h")
        w.look("hint", hint_answered)
        return w
    deals = random.Random(DEAL)  # the window's boards, in turn (game.session.Session.new_match)
    first = Match(config, rng=deals)
    first.reveal(FIRST)
    mines = sorted(first.game.layout())
    w.click(FIRST)
    w.look("first click", lambda s: s["scene"] == ["Playing"] and s["game"] == "playing")
    x.key("h")
    w.look("hint", hint_answered)
    x.key("Escape")
    w.wait_state(lambda s: s["scene"] == ["Playing"], "the hint closed")
    safe = [cell for cell in first.game.cells() if cell not in mines and not first.game.is_revealed(cell)]
    w.click_all([*safe[:3], mines[0]])  # a few safe cells first: Details shows a game of clicks
    w.look("loss", result_shown("GameOver"))
    x.key("v")
    w.look("post-mortem", result_shown("GameOver"))
    x.key("d")
    w.look("details", result_shown("GameOver"))
    fresh = Match(config, rng=deals)  # the board after New game
    x.key("n")
    w.look("new game", lambda s: s["scene"] == ["Playing"] and s["game"] == "ready")
    fresh.reveal(FIRST)
    w.click(FIRST)
    w.click_all(to_win(fresh))
    w.look("win", result_shown("Victory"))
    if named:
        assert w.seen[-1].state["field"] is not None, "a best time's win shows no name field"
        x.xdotool("windowfocus", "--sync", x.window)
        x.xdotool("type", "--delay", "20", "Ann")
        x.key("Return")
        wait_for(lambda: (saved_setting(data, "player_name") or "").endswith("Ann"), PATIENCE,
                 "the name typed (after the prefilled one) and entered")
        w.look("name entered", result_shown("Victory"))
    return w


@pytest.mark.parametrize("board", list(BOARDS))
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_window_walk_keeps_panels_beside_the_cells_and_the_window_still(tmp_path, screen, language, board):
    path = tmp_path / f"{screen[0]}x{screen[1]}-{language}-{board}" / "state.json"  # (the case names its pictures' folder)
    path.parent.mkdir()
    args, config, _ = BOARDS[board]
    with XSession(size=screen) as x:
        x.start_game(*args, "--lang", language, "--theme", "classic", "--data-dir", str(tmp_path / "data"),
                     deal=None if config is None else DEAL, env={ENV_VAR: str(path)})
        seen = walk(x, path, screen, board, tmp_path / "data").seen
    failures = [(kind, s.moment, why) for s in seen for kind, why in s.failures]
    report = "\n".join(f"{moment}: {kind}: {why}" for kind, moment, why in failures)
    report += f"\n(screenshots of those moments: {path.parent})" if failures else ""
    assert not failures, report
