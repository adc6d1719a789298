"""The match layer: every move logged with its game time, raw pointer input, and recorded
games whose log replays to the same final position and result."""

import io
import random

import pytest

from game.board import Config
from game.cli import parse_args
from game.console import run_console
from game.engine import Game, State
from game.match import Match, replay_log
from game.moves import Move
from game.records import open_records
from game.records.db import RecordStore, pack_log, unpack_log
from game.records.record import GameRecord
from tests.play_helpers import OLD_WIN, Clock, chord_both_buttons, old_database, satisfied_number


def appearance_grid(game):
    return [[game.appearance((r, c)) for c in range(game.cols)] for r in range(game.rows)]


def assert_replays_to(data, game):
    """The log ``data`` applied to a fresh game gives ``game``'s final position and result."""
    again, outcomes = replay_log(data, game.config)
    assert again.state is game.state and appearance_grid(again) == appearance_grid(game)
    assert again.clicks == game.clicks and again.revision == game.revision
    assert not any(outcome.ignored for outcome in outcomes)


def test_moves_are_logged_with_their_game_time_and_ignored_ones_are_not():
    clock = Clock()
    match = Match(Game(Config.difficulty("beginner"), rng=random.Random(3), clock=clock))
    match.apply(Move.flag((0, 0)))  # before the first reveal: time 0
    match.apply(Move.reveal((4, 4)))
    clock.now = 1.2345
    match.apply(Move.flag((0, 0)))
    assert [(m.ms, m.move.kind) for m in match.moves] == [(0, "flag"), (0, "reveal"), (1234, "flag")]
    match.game.pause()
    match.apply(Move.reveal((8, 8)))  # ignored while paused: not a move of the game
    assert len(match.moves) == 3


def test_pointer_input_and_console_commands():
    match = Match(Game(Config.difficulty("beginner"), rng=random.Random(3)), cell=24)
    match.pointer("mv", -3, 500)  # off the board is kept: the formats keep it too
    match.command(Move.chord((1, 2)))
    assert match.inputs == [(0, "mv", -3, 500), (0, "mc", 60, 36), (0, "mr", 60, 36)]
    with pytest.raises(ValueError, match="action 'xx'"):
        match.pointer("xx", 0, 0)


def test_new_game_and_retry_start_a_fresh_log():
    match = Match(Game(Config.difficulty("beginner"), rng=random.Random(3)))
    match.command(Move.reveal((4, 4)))
    match.retry()
    assert match.moves == [] and match.inputs == [] and match.game.revision == 0
    match.command(Move.reveal((4, 4)))
    match.new_game()
    assert match.moves == [] and match.inputs == []


@pytest.mark.parametrize("seed", range(12))
def test_a_random_game_replays_from_its_log(seed):
    rng = random.Random(seed)
    match = Match(Game(Config(8, 9, 12, questions=seed % 2 == 0), rng=random.Random(seed)))
    while not match.game.over and match.game.revision < 80:
        kind = rng.choice(("reveal", "reveal", "flag", "chord"))
        match.apply(Move(kind, (rng.randrange(8), rng.randrange(9))))
    data = match.log_data()
    assert data["version"] == 1 and len(data["mines"]) == 12 and data["cell"] == 16
    assert_replays_to(data, match.game)
    assert unpack_log(pack_log(data)) == data


def test_the_help_flags_are_the_matchs_kept_by_its_record_and_cleared_by_new_game_and_retry():
    match = Match(Game(Config.difficulty("beginner"), rng=random.Random(3)))
    game = match.game
    assert (match.hints_used, match.autoplay_used, match.probabilities_used) == (0, False, False)
    match.command(Move.reveal((4, 4)))
    match.hints_used, match.autoplay_used, match.probabilities_used = 2, True, True
    record = GameRecord.from_game(game, game.seed, abandoned=True, help=match)
    assert (record.hints_used, record.autoplay_used, record.probabilities_used) == (2, True, True)
    assert record.helped and not GameRecord.from_game(game, game.seed, abandoned=True).helped
    match.retry()
    assert (match.hints_used, match.autoplay_used, match.probabilities_used) == (0, False, False)
    match.hints_used, match.autoplay_used, match.probabilities_used = 1, True, True
    match.new_game()
    assert (match.hints_used, match.autoplay_used, match.probabilities_used) == (0, False, False)


def test_a_log_that_does_not_fit_is_refused():
    match = Match(Game(Config.difficulty("beginner"), rng=random.Random(3)))
    match.apply(Move.reveal((4, 4)))
    with pytest.raises(ValueError, match="a 9x9 board, not 16x16"):
        replay_log(match.log_data(), Config.difficulty("intermediate"))


def test_a_game_played_in_the_window_is_recorded_with_a_log_that_replays(window, isolated_data_dir):
    w = window(["--difficulty", "expert", "--seed", "11"])
    w.scene.services.settings.chord_on_number = False
    game, number, safe = satisfied_number(w)
    pos = w.cell_pos(number)
    chord_both_buttons(w, pos)
    assert all(game.is_revealed(cell) for cell in safe)
    mine = sorted(game.layout() - {c for c in game.cells() if game.appearance(c) == "flag"})[0]
    w.click_cell(mine)
    assert game.state is State.LOST
    with RecordStore.open(isolated_data_dir / "records.sqlite3") as store:
        [record] = store.games()
        data = store.log(record.id)
    assert_replays_to(data, game)
    kinds = [kind for _, kind, _, _ in data["moves"]]
    assert kinds[0] == "reveal" and "chord" in kinds and kinds[-1] == "reveal"
    layout = w.scene.base.layout
    x, y = pos[0] - layout.board.left, pos[1] - layout.board.top
    assert [action for _, action, px, py in data["pointer"] if (px, py) == (x, y)][-4:] == ["rc", "lc", "lr", "rr"]
    assert data["cell"] == layout.cell


def test_an_abandoned_window_game_keeps_its_log(window, isolated_data_dir):
    import pygame
    w = window(["--difficulty", "beginner"], deal=7)
    game = w.scene.game
    w.click_cell((0, 0))
    w.click_cell((8, 8), button=3)
    w.key(pygame.K_F2)
    w.key(pygame.K_y)
    with RecordStore.open(isolated_data_dir / "records.sqlite3") as store:
        [record] = store.games()
        data = store.log(record.id)
    assert record.abandoned and [kind for _, kind, _, _ in data["moves"]] == ["reveal", "flag"]
    assert_replays_to(data, game)


def test_a_console_game_is_recorded_with_clicks_at_cell_centres(isolated_data_dir):
    out = io.StringIO()
    args = parse_args(["--console", "--difficulty", "beginner", "--seed", "5"])
    assert run_console(args, io.StringIO("r 4 4\nf 0 0\nr 0 8\nq\n"), out) == 0
    records = open_records(stderr=None)
    [record] = records.store.games()
    data = records.store.log(record.id)
    records.close()
    assert [(kind, r, c) for _, kind, r, c in data["moves"]][:2] == [("reveal", 4, 4), ("flag", 0, 0)]
    assert data["pointer"][:4] == [[0, "lc", 72, 72], [0, "lr", 72, 72], [data["pointer"][2][0], "rc", 8, 8],
                                   [data["pointer"][2][0], "rr", 8, 8]]
    replayed, _ = replay_log(data, Config.difficulty("beginner"))
    expected = State.WON if record.won else State.PLAYING if record.abandoned else State.LOST
    assert replayed.state is expected  # the log ends where the recorded game ended


def test_version_4_databases_gain_an_empty_log_and_a_damaged_log_reads_as_none(tmp_path):
    db = tmp_path / "records.sqlite3"
    conn = old_database(db, 4)
    conn.execute(OLD_WIN)
    conn.close()
    with RecordStore.open(db) as store:
        [old] = store.games()
        assert store.log(old.id) is None and store.warnings == []
        store.conn.execute("UPDATE games SET log = x'00ff' WHERE id = ?", (old.id,))
        assert store.log(old.id) is None and store.count() == 1
