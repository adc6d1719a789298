"""The competitive statistics of recorded games (3BV/s, IOS, RQP, IOE, ...), computed by
ms-toollib in a child process (:mod:`game.replay.toollib`, command ``stats``) from the EVF it
builds of each game, so they are the figures Metasweeper shows for that EVF. No pygame here,
and no database: :mod:`game.records.compstats` stores what this returns.

One child serves a batch of up to :data:`BATCH` games (starting Python and ms-toollib takes
most of a child's time: docs/performance.md, "Records"). A panic on one game aborts its
whole batch (see toollib), so a failed batch is run again one game per child, and only the
game that fails is left without figures.
"""

from __future__ import annotations

import json

from game.replay.events import Replay, ReplayStats
from game.messages import N_, note
from game.replay.files import NoLibraryError, ReplayFileError, evf_spec, run_toollib

BATCH = 40  # games per child process: a batch of 20-minute games stays far under files.TIMEOUT_S


def games_stats(games: list[list[Replay]]) -> list[ReplayStats | str]:
    """For each game (its replays to try, best first: game.replay.fromlog.log_replays), its
    statistics, or a message saying why there are none (ms-toollib refused or failed on it).

    Raises:
        NoLibraryError: ms-toollib is not installed (nothing can be computed).
    """
    results: list[ReplayStats | str] = []
    for start in range(0, len(games), BATCH):
        chunk = games[start:start + BATCH]
        try:
            results += _batch(chunk)
        except NoLibraryError:
            raise
        except ReplayFileError as err:
            if len(chunk) == 1:
                results.append(str(err))
                continue
            for game in chunk:  # one game aborted the child: find it, keep the others' figures
                try:
                    results += _batch([game])
                except NoLibraryError:
                    raise
                except ReplayFileError as one:
                    results.append(str(one))
    return results


def _batch(games: list[list[Replay]]) -> list[ReplayStats | str]:
    """One child for ``games``. Raises ReplayFileError when the child fails as a whole."""
    specs, messages = [], {}
    for i, replays in enumerate(games):
        tried = []
        for replay in replays:
            try:
                tried.append(evf_spec(replay))
            except ReplayFileError as err:
                messages.setdefault(i, str(err))
        specs.append(tried)
    out = run_toollib(["stats"], json.dumps(specs).encode("utf-8"), note(N_("cannot compute the statistics")))
    results: list[ReplayStats | str] = []
    for i, (replays, answer) in enumerate(zip(games, json.loads(out))):
        if "stats" in answer:
            results.append(ReplayStats.from_toollib(answer["stats"], replays[0].time_ms))
        else:
            results.append(messages.get(i) or answer.get("error") or "ms-toollib gave no figures")
    return results
