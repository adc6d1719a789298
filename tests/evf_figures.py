"""ms-toollib's figures over the EVF a game exports: the check that the figures the records
store (game.replay.competitive.recorded_stats: the game's story stepped) are the file's. Each
replay is built into its EVF and read back by ms-toollib's reader in game.replay.toollib's
child (command ``stats``), as Metasweeper reads the file --save-replay writes."""

import json

from game.messages import N_, note
from game.replay.events import Replay, ReplayStats
from game.replay.files import evf_spec, run_toollib

BATCH = 40  # replays per child


def evf_figures(replays: list[Replay]) -> list[ReplayStats | str]:
    """For each replay (game.replay.fromlog.replay_of of a recorded game, or one built), the
    statistics ms-toollib computes from its EVF, or its message when it has none.

    Raises:
        ReplayFileError: a replay EVF cannot hold, or ms-toollib failed on a batch.
    """
    results: list[ReplayStats | str] = []
    for start in range(0, len(replays), BATCH):
        chunk = replays[start:start + BATCH]
        specs = [[evf_spec(replay)] for replay in chunk]
        out = run_toollib(["stats"], json.dumps(specs).encode("utf-8"), note(N_("cannot compute the statistics")))
        for replay, answer in zip(chunk, json.loads(out)):
            results.append(ReplayStats.from_toollib(answer["stats"], replay.time_ms) if "stats" in answer
                           else answer["error"])
    return results
