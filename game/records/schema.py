"""The records database schema as a list of migrations, versioned by ``PRAGMA user_version``.

``MIGRATIONS[i]`` takes a database from version ``i`` to ``i + 1``; a new file runs
them all. Rules for future versions: only add (columns with defaults, tables,
indexes), never rename or drop, so an older game can still read a newer file
when it must open one read-only.

Version 1 was the first, smaller schema (size, result, time, 3BV, name).
Version 2 adds the level, rules, seed, clicks, efficiency, hints and autoplay.
Version 3 adds ``probabilities_used`` (the probability overlay was on) and
``layout_known`` (a loaded board or a retry): such games never enter the best times.
Older games get 0 in both, as nothing recorded then tells them apart.
Version 4 adds ``abandoned``: a game left after its first reveal, recorded as a loss.
Version 5 adds ``log``: how the game was played, move by move (game.midend.match.Match.log_data),
as zlib-compressed JSON; NULL for older games and for games recorded without one.
Version 6 adds the competitive statistics (game.records.compstats: 3BV/s, IOS, RQP, IOE,
correctness, throughput, ZiNi, HZiNi, openings, islands, clicks by button, effective
clicks, flags, path), NULL until computed, and ``stats_state``: 0 not computed yet, 1
computed, 2 none can be (no log, a loaded position, a log ms-toollib cannot play). They are
computed after the game is stored (in the window on a background thread), and older games
that have a log are backfilled lazily, in batches, when statistics are read (the Statistics
screen, ``--stats``, ``--export-stats``): the migration itself stays instant. Games without a
log (before version 5) get state 2 and keep NULL: nothing tells how they were played.
Version 7 adds ``undos``: how many losses were taken back (game.midend.match.Match.undo_loss) before
the game ended (since, how many moves of any kind: game.midend.match.Match.undo). Such a game is left
out of every statistic and best table (its loss was recorded when it happened; since version
10, its own row's ``counted_loss``); older games get 0, as no undo existed then.
Version 8 adds ``nf`` (no right click changed the board: Metasweeper's no-flag games, rce == 0;
set from the flag moves that changed the board, which is what ms-toollib's rce counts, and
again from rce when the figures are computed; older games get it from their flag clicks) and
``input`` (how the game was played: mouse, keyboard, terminal or script, see
game.records.record.INPUTS; older games get ``mouse``, as nothing recorded told them apart;
``touch`` is a later value of the same column, with no version of its own: no column or
existing row changes), and
calls the custom 8x8 games with 10 mines ``beginner_8x8``, the competitive Beginner. It also adds
the figure STNB's column, and sets computed games back to "to compute" so that it is backfilled.
Version 9 adds ``min_bv``: the 3BV filter's minimum the board was dealt under (0: none,
game.midend.deal.Deal.min_bv). A filtered game is ranked apart: left out of the normal best tables,
in its own (game.records.db.RecordStore.best with ``filtered``); older games get 0, as no
filter existed then.
Version 10 adds ``counted_loss``: each game is one row (game.session.Session.finished), and a
game lost with no undo before, then played on after an undo, has its row written over with
how it ended at last; ``counted_loss`` 1 keeps it counted as the loss it first was (played, a
loss in win % and streaks). Older games get 0: they were recorded as two rows, the loss
(counted) and the game played on (``undos`` > 0, counted nowhere), which stay as they were.
Version 11 adds the board codes (game.midend.boardcode, issue 38): ``code``, the code of the
game's board (any board whose mines were laid: a dealt board's seed and first click, a loaded
board's mines, the code it was opened from), NULL when none; ``daily``, the UTC date
(YYYY-MM-DD) of a daily board's game (game.midend.daily), NULL for any other; ``from_code``, 1 for
a game opened from a code (``--code``, "Play a code", a daily board): a known layout, never a
best time, said as such. Older games get NULL, NULL and 0: no code existed then.
Version 12 adds ``race``: the ghost's player name of a game raced against a replay
(game.replay.race; "" when the replay names no player), NULL for any other game; a race is
never ranked as a plain game (reason ``race``). Older games get NULL.
Version 13 adds the time trials (game.midend.trial, issue 38): ``games.trial``, the trial code of
a trial's game (NULL for any other: a trial's game is a known layout, never ranked as a plain
game, reason ``trial``), and the table ``trials``, one row a trial ended or finished: when, the
player, the set's name (``beginner10``, ``vienna``, ``custom``) and text (game.midend.trial.TrialSet
.text), the trial code, its number of games and how many were played, the total and the
penalties (ms), ``finished`` (1: every game played; 0: ended early), and the games' record ids
and times (ms), comma-separated, in order (game.records.trials).
Version 14 adds ``position`` (issue 39): 1 for a game played from a position
(game.session.Session.open_position: a position edited or analysed, its unknown mines laid by
drawing a consistent layout), recorded apart: never ranked, in no best, left out of played,
won and streaks (reason ``position``). Older games get 0.

A competitive figure added to game.figures.FIGURES after schema 6 needs no new version:
:func:`migrate` adds the column of each figure the table lacks (:func:`missing_figures`)
and sets the games whose figures were computed back to "to compute", so the new one is
backfilled with the others. Version 6's list stays as it was written: the migrations are
history, and game.records.database_file checks a file's columns against them, so a list that grew
with FIGURES would call every existing version-6 file damaged.
"""

from __future__ import annotations

import sqlite3

from game.rules.board import DIFFICULTIES
from game.figures import sql_columns

_LEVEL_CASE = "CASE " + " ".join(
    f"WHEN rows = {r} AND cols = {c} AND mines = {m} THEN '{name}'"
    for name, (r, c, m) in DIFFICULTIES.items()) + " ELSE 'custom' END"

MIGRATIONS: list[tuple[str, ...]] = [
    (  # 0 -> 1
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            played_at TEXT NOT NULL,
            rows INTEGER NOT NULL,
            cols INTEGER NOT NULL,
            mines INTEGER NOT NULL,
            won INTEGER NOT NULL,
            time_ms INTEGER NOT NULL,
            three_bv INTEGER,
            name TEXT
        )""",
    ),
    (  # 1 -> 2
        "ALTER TABLE games ADD COLUMN level TEXT NOT NULL DEFAULT 'custom'",
        f"UPDATE games SET level = {_LEVEL_CASE}",
        "ALTER TABLE games ADD COLUMN first_click TEXT",
        "ALTER TABLE games ADD COLUMN no_guess INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN seed TEXT",
        "ALTER TABLE games ADD COLUMN three_bv_solved INTEGER",
        "UPDATE games SET three_bv_solved = three_bv WHERE won = 1",
        "ALTER TABLE games ADD COLUMN clicks_reveal INTEGER",
        "ALTER TABLE games ADD COLUMN clicks_flag INTEGER",
        "ALTER TABLE games ADD COLUMN clicks_chord INTEGER",
        "ALTER TABLE games ADD COLUMN clicks_wasted INTEGER",
        "ALTER TABLE games ADD COLUMN efficiency REAL",
        "ALTER TABLE games ADD COLUMN hints_used INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN autoplay_used INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX games_by_level ON games (level, id)",
        "CREATE INDEX games_best ON games (level, won, hints_used, autoplay_used, time_ms)",
    ),
    (  # 2 -> 3
        "ALTER TABLE games ADD COLUMN probabilities_used INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN layout_known INTEGER NOT NULL DEFAULT 0",
    ),
    (  # 3 -> 4
        "ALTER TABLE games ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0",
    ),
    (  # 4 -> 5
        "ALTER TABLE games ADD COLUMN log BLOB",
    ),
    (  # 5 -> 6: the figures of that time (see the module docstring for the ones added since)
        *(f"ALTER TABLE games ADD COLUMN {name} {kind}" for name, kind in (
            ("bbbv_per_s", "REAL"), ("ios", "REAL"), ("rqp", "REAL"), ("ioe", "REAL"),
            ("correctness", "REAL"), ("throughput", "REAL"), ("zini", "INTEGER"), ("hzini", "INTEGER"),
            ("openings", "INTEGER"), ("islands", "INTEGER"), ("left_clicks", "INTEGER"),
            ("right_clicks", "INTEGER"), ("double_clicks", "INTEGER"), ("clicks", "INTEGER"),
            ("effective_clicks", "INTEGER"), ("left_effective", "INTEGER"), ("right_effective", "INTEGER"),
            ("double_effective", "INTEGER"), ("flags", "INTEGER"), ("path_px", "REAL"),
            ("stats_state", "INTEGER NOT NULL DEFAULT 0"))),
        "UPDATE games SET stats_state = 2 WHERE log IS NULL",
    ),
    (  # 6 -> 7
        "ALTER TABLE games ADD COLUMN undos INTEGER NOT NULL DEFAULT 0",
    ),
    (  # 7 -> 8
        "ALTER TABLE games ADD COLUMN nf INTEGER",
        "UPDATE games SET nf = (clicks_flag = 0) WHERE typeof(clicks_flag) = 'integer'",
        "ALTER TABLE games ADD COLUMN input TEXT NOT NULL DEFAULT 'mouse'",
        "UPDATE games SET level = 'beginner_8x8' WHERE rows = 8 AND cols = 8 AND mines = 10",
        "ALTER TABLE games ADD COLUMN stnb REAL",  # the figure STNB (game.figures), backfilled with the others:
        "UPDATE games SET stats_state = 0 WHERE stats_state = 1",
    ),
    (  # 8 -> 9
        "ALTER TABLE games ADD COLUMN min_bv INTEGER NOT NULL DEFAULT 0",
    ),
    (  # 9 -> 10
        "ALTER TABLE games ADD COLUMN counted_loss INTEGER NOT NULL DEFAULT 0",
    ),
    (  # 10 -> 11
        "ALTER TABLE games ADD COLUMN code TEXT",
        "ALTER TABLE games ADD COLUMN daily TEXT",
        "ALTER TABLE games ADD COLUMN from_code INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX games_daily ON games (daily, id) WHERE daily IS NOT NULL",
    ),
    (  # 11 -> 12
        "ALTER TABLE games ADD COLUMN race TEXT",
    ),
    (  # 12 -> 13
        "ALTER TABLE games ADD COLUMN trial TEXT",
        """CREATE TABLE trials (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            played_at TEXT NOT NULL,
            name TEXT,
            set_name TEXT NOT NULL,
            set_text TEXT NOT NULL,
            code TEXT NOT NULL,
            games INTEGER NOT NULL,
            played INTEGER NOT NULL,
            total_ms INTEGER NOT NULL,
            penalty_ms INTEGER NOT NULL,
            finished INTEGER NOT NULL,
            game_ids TEXT NOT NULL,
            times_ms TEXT NOT NULL
        )""",
        "CREATE INDEX trials_by_set ON trials (set_name, finished, total_ms)",
    ),
    (  # 13 -> 14
        "ALTER TABLE games ADD COLUMN position INTEGER NOT NULL DEFAULT 0",
    ),
]

LATEST = len(MIGRATIONS)  # the schema version this code writes


def user_version(conn: sqlite3.Connection) -> int:
    """The schema version stored in the file (0 for a new, empty database)."""
    return conn.execute("PRAGMA user_version").fetchone()[0]


def missing_figures(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    """(column, SQL type) of each figure of game.figures.FIGURES that the ``games`` table lacks
    (none before version 6, whose migration adds the table's figures)."""
    if user_version(conn) < 6:
        return []
    have = {row[1].lower() for row in conn.execute("PRAGMA table_info(games)")}
    return [(name, kind) for name, kind in sql_columns() if name.lower() not in have]


def migrate(conn: sqlite3.Connection) -> tuple[int, int]:
    """Bring the database to :data:`LATEST` in one write transaction, with a column for every
    figure (:func:`missing_figures`); return (old, new) versions.

    The version is read again after the write lock is taken, so two processes that
    open an old file at once migrate it only once. Any error rolls every step back
    and is raised (sqlite3.Error). ``conn`` must be in autocommit mode
    (``isolation_level=None``).
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        old = user_version(conn)
        for version in range(old, LATEST):
            for statement in MIGRATIONS[version]:
                conn.execute(statement)
        if old < LATEST:
            conn.execute(f"PRAGMA user_version = {LATEST}")
        added = missing_figures(conn)
        for name, kind in added:
            conn.execute(f"ALTER TABLE games ADD COLUMN {name} {kind}")
        if added:  # computed before the figure existed: computed again, with it
            conn.execute("UPDATE games SET stats_state = 0 WHERE stats_state = 1")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return old, max(old, LATEST)
