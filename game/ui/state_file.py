"""The scene's geometry as JSON, for the real-window tests (tests/window/): off unless the
environment variable MINESWEEPER_STATE_FILE names a file.

Set, the window game writes that file after every frame it shows whose geometry differs
from the last written (a new scene, a panel shown or hidden, a button moved): cheap, the
dict is built from rects the scenes keep anyway and written only when it changed. The file
is replaced whole (written beside it, then renamed), so a reader never sees half of it.

Its JSON object (rects are [left, top, width, height] in logical pixels, the canvas's;
``view`` maps them to window pixels: x * factor + left, y * factor + top):

- ``scene``: the scene classes from the current one down its overlays' bases,
  e.g. ["HintPanel", "Playing"];
- ``logical``: the canvas's size; ``window``: the window's size, window pixels;
  ``view``: [factor, left, top];
- with a game under the scene: ``game`` (its state: 'ready', 'playing', 'won', 'lost'),
  ``board`` (the cells' well), ``cells`` (the part of it that shows cells: all of a board
  that fits, the camera's view of a big one), ``rows``, ``cols``, ``strip`` (the panels'
  strip, game.ui.play.room), ``strip_panel`` (the most a panel takes in it) and ``where``
  ('beside' or 'under');
- ``panels``: the text panels shown, each {"kind": "hint" | "result", "rect": ...} (a
  result panel's part inside its strip, where it scrolls; a hint's also has ``waiting``:
  True while its answer is worked out);
- ``buttons``: the result panel's buttons, each {"label": ..., "rect": ...} (whole, even
  scrolled partly out of the strip), and ``field``: a best time's name field, or null; a
  result panel's entry has ``notes`` too, its notes' lines as shown (a race's result first);
- while the game races a ghost (game.replay.race): ``race``, {"name": the ghost's name,
  "drawn": [game time ms, x, y] of the ghost's pointer as last drawn (logical pixels) or null,
  "panel": the race panel's {"you": [solved, 3BV], "ghost": [solved, 3BV], "gap": text} as
  last drawn, "counters": the live counters' race_gap value, or null};
- with the position editor in the chain (game.ui.editor.scene.Editor): ``editor``, what its
  ``state_dump`` gives (the position's text, the analysis shown, the rings).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame

ENV_VAR = "MINESWEEPER_STATE_FILE"


def _rect(rect) -> list[int]:
    return [int(rect[0]), int(rect[1]), int(rect[2]), int(rect[3])]


def scene_state(scene, display) -> dict:
    """The geometry of ``scene`` (the current one) on ``display`` (game.ui.display.Display):
    the dict the module docstring describes."""
    chain, play, at, state_extra = [], None, scene, {}
    while at is not None:
        chain.append(type(at).__name__)
        if "editor" not in state_extra and callable(getattr(at, "state_dump", None)):
            state_extra["editor"] = at.state_dump()
        if play is None and getattr(at, "layout", None) is not None and getattr(at, "room", None) is not None \
                and getattr(at, "game", None) is not None:
            play = at
        at = getattr(at, "base", None)
    surface = pygame.display.get_surface()
    state = {"scene": chain, "logical": list(display.size or (0, 0)), "view": list(display.view),
             "window": list(surface.get_size()) if surface is not None else [0, 0], "panels": [], "buttons": [],
             "field": None, **state_extra}
    if play is not None:
        layout, room = play.layout, play.room
        corners = layout.cell_rect((0, 0)).union(layout.cell_rect((layout.rows - 1, layout.cols - 1)))
        game_state = getattr(play.game, "state", None)
        state["game"] = str(getattr(game_state, "name", game_state)).lower()
        state.update(board=_rect(layout.board), cells=_rect(corners.clip(layout.board)), rows=layout.rows,
                     cols=layout.cols, strip=_rect(room.strip), strip_panel=_rect(room.panel), where=room.where)
        race = getattr(play, "race", None)
        if race is not None:
            drawn = play.ghost_at
            state["race"] = {"name": race.ghost.shown_name(),
                             "drawn": None if drawn is None else [drawn[0], drawn[1][0], drawn[1][1]],
                             "panel": {key: list(value) if isinstance(value, tuple) else value
                                       for key, value in play.race_panel.shown.items()},
                             "counters": play.counters.values.get("race_gap")}
    at = scene
    while at is not None and at is not play:
        kind = type(at).__name__
        if kind == "HintPanel" and getattr(at, "panel", None) is not None:
            state["panels"].append({"kind": "hint", "rect": _rect(at.panel), "waiting": bool(at.waiting)})
        elif hasattr(at, "arranged") and hasattr(at, "panel_shown"):  # a result (game.ui.play.result_base)
            if at.ready() and at.panel_shown:
                state["panels"].append({"kind": "result", "rect": _rect(at.arranged.rect.clip(at.room.panel)),
                                        "notes": [str(line) for line in getattr(at, "shown_notes", None) or []]})
                state["buttons"] += [{"label": str(b.label), "rect": _rect(b.rect)} for b in at.buttons.buttons]
                field = getattr(at, "field", None)
                state["field"] = _rect(field.rect) if field is not None else None
        at = getattr(at, "base", None)
    return state


class StateFile:
    """Writes :func:`scene_state` of ``current()`` on ``display`` to ``path`` when it changed
    (call it after each frame shown)."""

    def __init__(self, path: Path, display, current) -> None:
        self.path, self.display, self.current = Path(path), display, current
        self.last = ""

    def __call__(self) -> None:
        text = json.dumps(scene_state(self.current(), self.display))
        if text == self.last:
            return
        self.last = text
        part = self.path.with_name(self.path.name + ".part")
        part.write_text(text, encoding="utf-8")
        os.replace(part, self.path)


def presenting(present, display, current):
    """``present`` (Display.present), followed by a :class:`StateFile`'s write when the
    environment names a state file (MINESWEEPER_STATE_FILE); else ``present`` itself."""
    path = os.environ.get(ENV_VAR)
    if not path:
        return present
    writer = StateFile(Path(path), display, current)

    def present_and_write() -> None:
        present()
        writer()
    return present_and_write
