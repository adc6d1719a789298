"""ms-toollib as the oracle of tests/rules/test_gestures.py, run in a child process (a panic in
ms-toollib aborts its process: game.replay.toollib says why).

``python -m tests.gesture_oracle`` reads JSON on stdin, ``{"files": [path, ...], "steps":
[[board, [[code, row, col], ...]], ...]}`` (a board as ms-toollib numbers it: -1 a mine, else
its count; (rows, cols) is off the board), and prints JSON ``{"files": [...], "steps": [...]}``,
one ``{"left", "right", "double", "board", "state"}`` per file (its video analysed, at its
end) and per event list (fed to ``MinesweeperBoard.step``): the clicks ms-toollib counts, its
final game board (0-8 revealed, 10 covered, 11 flagged) and its game_board_state (1 ready,
2 playing, 3 won, 4 lost, 5 preflagging, 6 a video's display).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def ask(files: list[str] = (), steps: list = ()) -> dict:
    """Run the oracle on ``files`` and ``steps`` in a child; its answer."""
    out = subprocess.run([sys.executable, "-m", "tests.gesture_oracle"], cwd=ROOT, check=True,
                         input=json.dumps({"files": list(files), "steps": list(steps)}).encode(),
                         capture_output=True, timeout=300).stdout
    return json.loads(out)


def _answer(thing) -> dict:
    return {"left": thing.left, "right": thing.right, "double": thing.double,
            "board": [list(row) for row in thing.game_board], "state": thing.game_board_state}


def main() -> None:
    import ms_toollib

    query = json.loads(sys.stdin.buffer.read())
    files = []
    for path in query["files"]:
        kind = path.rsplit(".", 1)[1].lower()
        video = {"avf": ms_toollib.AvfVideo, "rmv": ms_toollib.RmvVideo, "mvf": ms_toollib.MvfVideo,
                 "evf": ms_toollib.EvfVideo}[kind](raw_data=Path(path).read_bytes(), file_name=f"replay.{kind}")
        video.parse()
        video.analyse()
        video.current_time = video.video_end_time
        files.append(_answer(video))
    steps = []
    for board, events in query["steps"]:
        machine = ms_toollib.MinesweeperBoard(board)
        for code, row, col in events:
            machine.step(code, (row, col))
        steps.append(_answer(machine))
    sys.stdout.write(json.dumps({"files": files, "steps": steps}))


if __name__ == "__main__":
    main()
