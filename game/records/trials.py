"""The player's time trials (issue 38, point 6) as the records keep them: one row a trial in
table ``trials`` (schema 13), written when the trial is over (its last game played, a loss
ended it, or the player left it); each game of a trial is also a row of ``games`` as any
game is, with its trial code (game.records.record.GameRecord.trial: never ranked as a plain
game). The Statistics screen's Trials page and ``--stats --json``'s ``trials`` key read
them. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.midend.trial import SETS, TrialRun
from game.records.db import RecordStore
from game.records.record import clean_name, default_player_name, now_iso


@dataclass(frozen=True)
class TrialRecord:
    """One recorded trial.

    Attributes:
        id: its row id (None before it is written).
        played_at: when it ended (ISO 8601, local time, as games').
        name: the player.
        set_name: ``beginner10``, ``vienna`` or ``custom``.
        set_text: the set as game.midend.trial.parse_set reads it.
        code: its trial code (``MT1-...``).
        games: its number of games; played: how many were played.
        total_ms, penalty_ms: its total (the games' times and the penalties) and the penalties, ms.
        finished: every game was played (False: a loss or the player ended it early).
        game_ids: the record ids of its games, in order (None for a game not saved).
        times_ms: the games' own times, ms, in order.
    """

    id: int | None
    played_at: str
    name: str
    set_name: str
    set_text: str
    code: str
    games: int
    played: int
    total_ms: int
    penalty_ms: int
    finished: bool
    game_ids: tuple
    times_ms: tuple

    @classmethod
    def of(cls, run: TrialRun, name: str | None = None) -> "TrialRecord":
        """The record of ``run`` (over or being left) under ``name`` (cleaned as every player name is)."""
        trial_set = run.code.trial_set
        return cls(None, now_iso(), clean_name(name) if name is not None else default_player_name(), trial_set.name, trial_set.text(), run.code.text(),
                   run.count, len(run.results), run.total_ms, run.penalty_ms, run.finished,
                   tuple(r.record_id for r in run.results), tuple(r.time_ms for r in run.results))

    def row(self) -> dict:
        """Its columns as stored."""
        return {"played_at": self.played_at, "name": self.name, "set_name": self.set_name, "set_text": self.set_text,
                "code": self.code, "games": self.games, "played": self.played, "total_ms": self.total_ms,
                "penalty_ms": self.penalty_ms, "finished": int(self.finished),
                "game_ids": ",".join("" if i is None else str(i) for i in self.game_ids),
                "times_ms": ",".join(str(t) for t in self.times_ms)}

    def json(self) -> dict:
        """Its entry in ``--stats --json``'s ``trials`` (docs/records.md)."""
        return {"id": self.id, "played_at": self.played_at, "name": self.name, "set": self.set_name,
                "set_text": self.set_text, "code": self.code, "games": self.games, "played": self.played,
                "total_ms": self.total_ms, "penalty_ms": self.penalty_ms, "finished": self.finished,
                "game_ids": list(self.game_ids), "times_ms": list(self.times_ms)}


def _ints(text: str) -> tuple:
    return tuple(int(part) if part.strip().isdigit() else None for part in (text or "").split(",") if part != "") \
        if text else ()


def save_trial(store: RecordStore, run: TrialRun, name: str | None = None) -> TrialRecord:
    """Write ``run`` as a trial's row; returns its record (with its id).

    Raises:
        ReadOnlyError, sqlite3.Error: as RecordStore.add_game.
    """
    record = TrialRecord.of(run, name)
    return replace(record, id=store.add_trial(record.row()))


def trials(store: RecordStore) -> list[TrialRecord]:
    """Every recorded trial, oldest first (a row a hand edit spoiled is read as well as it can be)."""
    found = []
    for row in store.trial_rows():
        found.append(TrialRecord(row["id"], str(row["played_at"]), str(row["name"] or ""), str(row["set_name"]),
                                 str(row["set_text"]), str(row["code"]), int(row["games"]), int(row["played"]),
                                 int(row["total_ms"]), int(row["penalty_ms"]), bool(row["finished"]),
                                 _ints(row["game_ids"]), tuple(t for t in _ints(row["times_ms"]) if t is not None)))
    return found


def set_names(records: list[TrialRecord]) -> list[str]:
    """The sets of ``records``: the named sets (game.midend.trial.SETS) first, then ``custom``, each once."""
    present = {r.set_name for r in records}
    return [name for name in (*SETS, "custom") if name in present]


def best_of(records: list[TrialRecord], set_name: str) -> TrialRecord | None:
    """The best finished trial of ``set_name``: the lowest total (ties: the earlier); None when none finished.
    The custom sets compare only trials of the same set (``set_text``): the lowest of any is given here."""
    done = [r for r in records if r.set_name == set_name and r.finished]
    return min(done, key=lambda r: (r.total_ms, r.id or 0)) if done else None


def trials_summary(store: RecordStore) -> dict:
    """``--stats --json``'s ``trials`` key (docs/records.md): ``{"sets": {set_name: {"trials",
    "finished", "best_total_ms", "best_trial"}}, "list": [trial, ...]}``: per set the trials
    recorded, how many were finished, the best finished total (ms) and that trial's id (None
    when none); the list every trial (:meth:`TrialRecord.json`), oldest first."""
    records = trials(store)
    sets = {}
    for name in set_names(records):
        best = best_of(records, name)
        sets[name] = {"trials": sum(r.set_name == name for r in records),
                      "finished": sum(r.set_name == name and r.finished for r in records),
                      "best_total_ms": None if best is None else best.total_ms,
                      "best_trial": None if best is None else best.id}
    return {"sets": sets, "list": [r.json() for r in records]}
