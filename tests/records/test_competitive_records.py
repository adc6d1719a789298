"""Competitive records (issue 28): no-flag (NF) games and their bests apart, bests by category
in ``--stats --json``, a script's console games in no best, the terminal's in a table of
their own, and the competitive 8x8 Beginner with tables of its own."""

import csv
import io
import json
import random
import sqlite3

import main
from game.rules.board import Config
from game.commands.cli import parse_args
from game.console.play import run_console
from game.rules.engine import State
from game.figures import bests
from game.midend.match import Match, Source
from game.records import open_records, schema
from game.records.db import RecordStore
from game.records.record import GameRecord
from tests.play_helpers import Clock, TtyIn, console_dealt

KEPT_KEYS = {"time_ms", "bbbv_per_s", "ioe", "rqp", "stnb"}  # --stats --json's bests since issue 28
CATEGORY_KEYS = {f.name for f in bests()}  # those and any figure given a place among the Bests


def beginner_win(deal: int, seconds: float, flag: bool, size: str = "9x9") -> Match:
    """A Beginner won with the mouse from a first click at the centre, ``seconds`` from the
    first click to the last; ``flag``: a mine is flagged first (a right click that changed
    the board)."""
    clock = Clock()
    match = Match(Config.difficulty("beginner", beginner_size=size), rng=random.Random(deal), clock=clock)
    match.reveal((3, 3))
    mines = match.layout()
    if flag:
        match.toggle_flag(min(mines))
    safe = [cell for cell in match.game.cells() if cell not in mines and not match.game.is_revealed(cell)]
    for i, cell in enumerate(safe):
        clock.now = seconds * (i + 1) / len(safe)
        match.reveal(cell)
    assert match.game.state is State.WON and match.elapsed == seconds  # no earlier click opened the last cell
    return match


def stats_json(capsys) -> dict:
    assert main.main(["--stats", "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def exported(capsys) -> list[dict]:
    assert main.main(["--export-stats", "-"]) == 0
    return list(csv.DictReader(io.StringIO(capsys.readouterr().out)))


def test_a_no_flag_win_and_a_flagged_win_are_told_apart_in_the_csv_and_the_bests(capsys):
    records = open_records(stderr=None)  # the figures are left for the backfill of --stats
    nf_match = beginner_win(5, 12.0, flag=False)
    nf_id, _ = records.record(nf_match, log=nf_match.log_data())
    flagged = beginner_win(2, 6.0, flag=True)
    flag_id, _ = records.record(flagged, log=flagged.log_data())
    records.close()

    rows = {int(row["id"]): row for row in exported(capsys)}
    assert rows[nf_id]["nf"] == "True" and rows[flag_id]["nf"] == "False"  # rce == 0, and not
    assert int(rows[flag_id]["right_effective"]) >= 1 and rows[nf_id]["right_effective"] == "0"
    assert rows[nf_id]["input"] == rows[flag_id]["input"] == "mouse"

    levels = stats_json(capsys)["levels"]
    assert set(levels) == {"beginner", "beginner_8x8", "intermediate", "expert"}  # custom has no bests
    beginner = levels["beginner"]
    assert (beginner["played"], beginner["won"], beginner["scripted"]) == (2, 2, 0)
    bests = beginner["bests"]
    assert set(bests) == {"all", "nf"} and set(bests["all"]) == set(bests["nf"]) == CATEGORY_KEYS
    assert KEPT_KEYS <= CATEGORY_KEYS
    assert bests["all"]["time_ms"] == {"value": 6000, "game": flag_id, "at": bests["all"]["time_ms"]["at"]}
    assert bests["nf"]["time_ms"]["game"] == nf_id and bests["nf"]["time_ms"]["value"] == 12000
    assert bests["nf"]["stnb"] is None  # ms-toollib has no STNB constant for 9x9 (custom to it)
    assert all(entry is not None and entry["game"] == nf_id for key, entry in bests["nf"].items() if key != "stnb")
    assert bests["all"]["bbbv_per_s"]["value"] > 0 and bests["nf"]["rqp"]["value"] > 0
    assert all(entry is None for table in beginner["terminal_bests"].values() for entry in table.values())
    assert all(entry is None for level in ("beginner_8x8", "intermediate", "expert")
               for table in levels[level]["bests"].values() for entry in table.values())

    assert main.main(["--stats"]) == 0  # the text says the same
    text = capsys.readouterr().out
    assert "Bests, beginner, window (game ids after #):" in text
    assert f"  no flags (NF): time 12.000 s #{nf_id}" in text and f"  all: time 6.000 s #{flag_id}" in text


def test_a_piped_console_win_is_recorded_as_scripted_and_stays_out_of_every_best(tmp_path, capsys):
    args, moves = console_dealt(tmp_path)
    commands = "\n".join(moves) + "\nq\n"
    out = io.StringIO()
    assert run_console(args, stdin=io.StringIO(commands), stdout=out) == 0
    said = out.getvalue()
    assert "New best time" not in said
    assert "Read from a pipe or a file, not typed in a terminal: recorded as a script's game" in said

    records = open_records(str(tmp_path), stderr=None)
    [game] = records.store.games()
    assert game.won and game.input == "script" and game.scripted and "scripted" in game.exclusions()
    assert records.store.best_times("beginner") == [] and records.store.rank_of(game.id) is None
    records.close()

    assert main.main(["--stats", "--json", "--data-dir", str(tmp_path)]) == 0
    beginner = json.loads(capsys.readouterr().out)["levels"]["beginner"]
    assert (beginner["played"], beginner["won"], beginner["scripted"]) == (0, 0, 1)  # no streak either
    for table in ("bests", "terminal_bests"):
        assert all(entry is None for found in beginner[table].values() for entry in found.values())
    assert main.main(["--stats", "--data-dir", str(tmp_path)]) == 0
    assert "beginner: 1 console game read from a pipe or a file (a script) is recorded and ranks nowhere." \
        in capsys.readouterr().out


def test_a_console_win_typed_in_a_terminal_ranks_in_the_terminals_table_only(tmp_path, capsys):
    args, moves = console_dealt(tmp_path)
    commands = "\n".join(moves) + "\nq\n"
    out = io.StringIO()
    assert run_console(args, stdin=TtyIn(commands.replace("\nq\n", "\n\nq\n")), stdout=out) == 0
    assert "New best time: #1" in out.getvalue()
    records = open_records(str(tmp_path), stderr=None)
    [game] = records.store.games()
    assert game.input == "terminal" and game.table == "terminal" and not game.exclusions()
    assert records.store.best_times("beginner") == []  # the window's table: mouse and keys
    records.close()
    assert main.main(["--stats", "--json", "--data-dir", str(tmp_path)]) == 0
    beginner = json.loads(capsys.readouterr().out)["levels"]["beginner"]
    assert beginner["terminal_bests"]["all"]["time_ms"]["game"] == game.id
    assert all(entry is None for found in beginner["bests"].values() for entry in found.values())


def test_the_8x8_beginner_has_tables_of_its_own(capsys):
    records = open_records(stderr=None)
    nine = beginner_win(3, 8.0, flag=False)
    eight = beginner_win(4, 4.0, flag=False, size="8x8")
    assert (nine.game.config.level, eight.game.config.level) == ("beginner", "beginner_8x8")
    nine_id, _ = records.record(nine, log=nine.log_data())
    eight_id, rank = records.record(eight, log=eight.log_data())
    assert rank == 1  # #1 in its own table, whatever the 9x9 table holds
    records.close()
    levels = stats_json(capsys)["levels"]
    assert levels["beginner"]["bests"]["all"]["time_ms"]["game"] == nine_id
    assert levels["beginner_8x8"]["bests"]["all"]["time_ms"]["game"] == eight_id
    assert levels["beginner_8x8"]["bests"]["nf"]["stnb"]["value"] > 0  # Metasweeper's level 3 has STNB
    assert parse_args(["--beginner-size", "8x8", "--difficulty", "beginner"]).config == Config(8, 8, 10)


def test_the_window_keyboard_is_marked_and_the_console_knows_its_terminal():
    match = Match(Config(3, 3, 1), mines=[(1, 1)], clock=Clock())
    for cell in [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)]:
        match.reveal(cell, Source.KEYBOARD if cell == (2, 2) else Source.MOUSE)
    record = GameRecord.from_match(match, name="T")
    assert (record.input, record.table, record.nf) == ("keyboard", "window", True)
    assert GameRecord.from_match(match, name="T", input="script").table is None


def test_an_old_database_opens_with_nf_from_its_flag_clicks_and_8x8_games_as_the_competitive_beginner(tmp_path):
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    for version in range(7):
        for statement in schema.MIGRATIONS[version]:
            conn.execute(statement)
    conn.execute("PRAGMA user_version = 7")
    conn.execute("COMMIT")
    for rows, cols, flags in ((9, 9, 0), (8, 8, 2)):
        conn.execute("INSERT INTO games (played_at, rows, cols, mines, won, time_ms, three_bv, level, clicks_flag) "
                     "VALUES ('2025-01-01T00:00:00+00:00', ?, ?, 10, 1, 9000, 10, ?, ?)",
                     (rows, cols, "beginner" if rows == 9 else "custom", flags))
    conn.close()
    store = RecordStore.open(path)
    assert store.warnings == []
    games = store.games()
    assert [(g.level, g.nf, g.input) for g in games] == [("beginner", True, "mouse"), ("beginner_8x8", False, "mouse")]
    assert schema.user_version(store.conn) == schema.LATEST  # migrated on to the latest
    store.close()


def test_the_games_pages_no_flag_filter_reads_the_nf_column_as_the_bests_do(tmp_path):
    """Statistics -> Games, "No flags: on": the games of the bests' NF category (the ``nf``
    column), not a count of flag moves of its own; a row whose ``nf`` is not known yet falls
    back to its flag moves."""
    from game.records.level_stats import recent_games

    records = open_records(str(tmp_path), stderr=None)
    ids = []
    for deal, flag in ((5, False), (2, True), (3, False)):
        match = beginner_win(deal, 10.0, flag=flag)
        ids.append(records.record(match, log=match.log_data())[0])
    records.close()
    nf_win, flagged, unknown = ids
    with sqlite3.connect(tmp_path / "records.sqlite3") as conn:
        # ms-toollib saw a right click that changed the board where no flag move was logged:
        conn.execute("UPDATE games SET nf = 0 WHERE id = ?", (nf_win,))
        conn.execute("UPDATE games SET nf = NULL WHERE id = ?", (unknown,))
    with RecordStore.open(tmp_path / "records.sqlite3") as store:
        assert [r.id for r in recent_games(store, "beginner")] == [unknown, flagged, nf_win]
        assert [r.id for r in recent_games(store, "beginner", no_flags=True)] == [unknown]
