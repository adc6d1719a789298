"""Racing a ghost in the real window under Xvfb (issue 38's check of point 3): ``python main.py
--race`` on a corpus replay's board, played with xdotool's clicks. While the game runs, the
ghost's pointer is drawn at the replay's recorded positions at the player's game time (the
scene's drawn position, read from the state file the game writes after each frame:
game.ui.state_file); the gap shown equals the two games' times apart at equal 3BV solved
(the player's game as recorded, told again from its log); the result panel names the winner,
as the two games' times say; nothing of the ghost before the first reveal.

Skipped (with the reason) only where Xvfb, xdotool or ImageMagick's import are missing.
"""

import json
import time

import pytest

from game.records.db import RecordStore
from game.replay.events import CELL_PX
from game.replay.files import read_replay
from game.replay.player import Timeline
from game.replay.progress import gap_ms, progress_of
from game.replay.race import gap_text
from game.replay.sources import recorded_timeline
from game.ui.state_file import ENV_VAR
from tests.ui.test_ui_race import EVF, WIN, recorded_point
from tests.window_helpers import played_layout, wait_for
from tests.xsession import PATIENCE, XSession, missing

pytestmark = [pytest.mark.skipif(bool(missing()), reason=f"needs {', '.join(missing())} for a real window"),
              pytest.mark.slow]



def read_state(path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def to_window(state, point):
    factor, left, top = state["view"]
    return round(point[0] * factor + left), round(point[1] * factor + top)


def test_racing_a_corpus_replay_in_the_real_window(isolated_data_dir, tmp_path):
    state_path = tmp_path / "state.json"
    timeline = Timeline(read_replay(EVF))
    layout = played_layout(8, 8, 10)  # the race's window: the board and its strip
    scale = layout.cell / CELL_PX
    with XSession() as x:
        x.start_game("--race", EVF, env={ENV_VAR: str(state_path)})
        state = wait_for(lambda: (s := read_state(state_path)) and "race" in s and s, PATIENCE, "the race opens")
        assert state["scene"] == ["Playing"] and state["race"]["name"] == "王嘉宁"
        assert state["race"]["drawn"] is None and state["game"] == "ready"  # no ghost before the first reveal
        assert list(layout.board) == state["board"]

        drawn, gaps = [], {}
        for index, cell in enumerate(WIN):
            x.click(*to_window(state, layout.cell_rect(cell).center))
            until = time.monotonic() + (0.6 if index < len(WIN) - 1 else 0)
            while True:  # the frames between two clicks: where the ghost was drawn, the gap shown
                now = read_state(state_path)
                if now and "race" in now:
                    state = now
                    race = now["race"]
                    if race["drawn"] is not None:
                        drawn.append(tuple(race["drawn"]))
                    you = race["panel"].get("you")
                    if you and you[0] > 0:  # no gap before the first 3BV
                        gaps[you[0]] = race["panel"]["gap"]
                if time.monotonic() >= until and (index < len(WIN) - 1 or now and now.get("game") == "won"):
                    break
                time.sleep(0.01)  # poll interval
        result = wait_for(lambda: (s := read_state(state_path)) and s["panels"] and s, PATIENCE, "the result panel")
        assert x.game.poll() is None, "the game died"

    assert len(set(drawn)) >= 5, f"the ghost was drawn at too few moments: {drawn}"
    for ms, px, py in drawn:  # at each frame's game time, the replay's recorded position
        rx, ry = recorded_point(timeline, ms)
        assert (px, py) == tuple(layout.window_pixels((rx * scale, ry * scale))), (ms, px, py)
    assert [ms for ms, _x, _y in drawn] == sorted(ms for ms, _x, _y in drawn)

    with RecordStore.open(isolated_data_dir / "records.sqlite3") as store:
        [game] = store.games()
        player = progress_of(recorded_timeline(store, game))
    assert game.won and game.race == "王嘉宁"
    ghost = progress_of(timeline)
    for count, shown in gaps.items():  # the gap shown at each 3BV: the two games' times apart there
        assert shown == gap_text(gap_ms(ghost, player, count)), (count, shown)
    assert 3 in gaps and 1 in gaps
    [panel] = result["panels"]
    first = " ".join(panel["notes"])
    margin = 3796 - game.time_ms
    if margin > 0:
        assert first.startswith(f"You beat 王嘉宁 by {margin / 1000:.3f} s"), first
    else:
        assert first.startswith(f"王嘉宁 won by {-margin / 1000:.3f} s"), first
