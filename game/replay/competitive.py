"""The competitive statistics of recorded games (3BV/s, IOS, RQP, IOE, ...), told once: each
game's figures come from stepping its own story (its move log through Match.from_log, the
pointer stream beside the moves: game.replay.sources.story_end), as the replay viewer shows it
and the live counters counted it, so the records, the viewer and the review cannot disagree.
The figures of the board alone (ZiNi, HZiNi, openings, islands) are ms-toollib's functions',
run in a child process (:mod:`game.replay.toollib`, command ``board``: a panic there aborts
its process). Every figure equals what ms-toollib computes from the EVF the game exports
(tests/files/test_figures_told_once.py checks it), so they are the figures Metasweeper shows
for that file. No pygame here, and no database:
:mod:`game.records.compstats` stores what this returns.

One child serves a batch of up to :data:`BATCH` boards (starting Python and ms-toollib takes
most of a child's time: docs/performance.md, "Records"). A panic on one board aborts its
whole batch, so a failed batch is run again one board per child, and only the game whose
board fails is left without figures.
"""

from __future__ import annotations

import json
import math
from typing import Callable, TypeVar

from game.figures import live
from game.messages import N_, note
from game.replay.events import Replay, ReplayStats
from game.replay.files import NoLibraryError, ReplayFileError, check_evf_size, run_toollib
from game.replay.fromlog import LogError
from game.replay.sources import story_end

BATCH = 40  # games per child process: a batch of 20-minute games stays far under files.TIMEOUT_S
# ms-toollib's STNB constant of each level it has one for, (rows, cols, mines) -> constant
# (base/src/videos/base_video_metrics.rs, get_stnb; it gives 0 for any other board)
STNB_CONSTANTS = {(8, 8, 10): 36.0, (16, 16, 40): 162.0, (16, 30, 99): 435.0}

T = TypeVar("T")


def recorded_stats(games: list[tuple[dict, object]]) -> list[ReplayStats | str]:
    """For each recorded game, (its move log, its GameRecord: rows, cols, time_ms), its
    statistics, or a message saying why there are none (a log that cannot be stepped or
    started from a loaded position, a board over EVF's 255 cells a side, as before the
    figures were the story's, or one ms-toollib fails on): the counts at the end of
    its story (game.replay.sources.story_end) made figures by game.figures.live, IOS by
    ReplayStats.index_of_speed, STNB by :func:`stnb` (the table's live figures include clicks per second), and the board's
    figures by ms-toollib (:func:`game.replay.toollib.board_figures`, in children of
    :data:`BATCH` boards).

    Raises:
        NoLibraryError: ms-toollib is not installed (the board's figures cannot be computed).
    """
    sized, refused = [], {}
    for i, (data, record) in enumerate(games):
        try:
            check_evf_size(record.rows, record.cols)
            sized.append(Replay(record.rows, record.cols, frozenset((r, c) for r, c in data["mines"]), (), 0,
                                False, 0).board())
        except ReplayFileError as err:
            refused[i] = str(err)
    found = iter(_in_batches(sized, _boards) if sized else [])
    boards = [refused[i] if i in refused else next(found) for i in range(len(games))]
    results: list[ReplayStats | str] = []
    for (data, record), board in zip(games, boards):
        if isinstance(board, str):
            results.append(board)
            continue
        try:
            end = story_end(data, record.rows, record.cols, record.time_ms)
        except LogError as err:
            results.append(str(err))
            continue
        counts = end.counts
        figures = {**live(counts), **board, "bbbv_solved": counts.bbbv_solved, "flags": end.flags,
                   "stnb": stnb(record.rows, record.cols, len(data["mines"]), counts.bbbv, counts.bbbv_solved,
                                counts.time_ms)}
        results.append(ReplayStats.from_toollib(figures, counts.time_ms))
    return results


def stnb(rows: int, cols: int, mines: int, bbbv: int, solved: int, time_ms: int) -> float | None:
    """STNB as ms-toollib computes it (base_video_metrics.rs, ``get_stnb``): the level's
    constant (:data:`STNB_CONSTANTS`) x 3BV solved / seconds^1.7 x (3BV solved / 3BV)^0.5;
    None for a board it has no constant for, with nothing solved or no time (it gives 0)."""
    constant = STNB_CONSTANTS.get((rows, cols, mines))
    if constant is None or not solved or not bbbv or time_ms <= 0:
        return None
    return constant * solved / math.pow(time_ms / 1000, 1.7) * math.pow(solved / bbbv, 0.5)


def _boards(boards: list[list[list[int]]]) -> list[dict | str]:
    """One child for ``boards``: their figures (game.replay.toollib, ``board``). Raises
    ReplayFileError when the child fails as a whole."""
    out = run_toollib(["board"], json.dumps(boards).encode("utf-8"), note(N_("cannot compute the statistics")))
    return json.loads(out)


def _in_batches(items: list, run: Callable[[list], list[T]]) -> list[T | str]:
    """``run`` on ``items`` in batches of :data:`BATCH`, each in one child; a batch whose child
    fails is run again one item per child, and an item that fails alone gets the message.

    Raises:
        NoLibraryError: ms-toollib is not installed.
    """
    results: list = []
    for start in range(0, len(items), BATCH):
        chunk = items[start:start + BATCH]
        try:
            results += run(chunk)
        except NoLibraryError:
            raise
        except ReplayFileError as err:
            if len(chunk) == 1:
                results.append(str(err))
                continue
            for item in chunk:  # one item aborted the child: find it, keep the others' results
                try:
                    results += run([item])
                except NoLibraryError:
                    raise
                except ReplayFileError as one:
                    results.append(str(one))
    return results
