"""The match layer: every move logged with its game time, raw pointer input, and recorded
games whose log replays to the same final position and result."""

import io
import random
import re

import pytest

from game.board import Config
from game.cli import parse_args
from game.console import run_console
from game.console_text import render
from game.engine import Game, State
from game.match import Match, replay_log
from game.moves import Move
from game.records import open_records
from game.records.db import RecordStore, pack_log, unpack_log
from game.records.record import GameRecord
from game.replay.fromlog import replay_of
from game.replay.player import Playhead, Timeline
from game.replay.sources import ends_as_logged, recorded_replay
from tests.play_helpers import Clock, chord_both_buttons, old_database_with_a_win, satisfied_number


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
    old_database_with_a_win(db, 4)
    with RecordStore.open(db) as store:
        [old] = store.games()
        assert store.log(old.id) is None and store.warnings == []
        store.conn.execute("UPDATE games SET log = x'00ff' WHERE id = ?", (old.id,))
        assert store.log(old.id) is None and store.count() == 1


def console_plan(argv: list[str], lose: bool) -> list[str]:
    """Console commands for the first game ``argv`` deals (computed on a twin of it, built as
    the console builds its game): reveal the centre, flag the mines around a number with safe
    covered neighbours, chord on it, then reveal every safe cell (a win) or a mine (a loss).
    Every command changes the board."""
    from game.console import make_game
    twin = make_game(parse_args(argv))
    commands = []

    def play(kind, cell):
        assert not twin.apply(Move(kind, cell)).ignored
        commands.append(f"{kind[0]} {cell[0]} {cell[1]}")
    play("reveal", (4, 4))
    mines = twin.layout()
    number = next(c for c in twin.cells() if twin.number(c) and any(
        twin.appearance(n) == "covered" and n not in mines for n in twin.neighbours(c)))
    for cell in twin.neighbours(number):
        if cell in mines:
            play("flag", cell)
    play("chord", number)
    for cell in twin.cells():
        if twin.over:
            break
        if (cell in mines and twin.appearance(cell) == "covered") if lose else \
                (cell not in mines and twin.appearance(cell) == "covered"):
            play("reveal", cell)
    assert twin.state is (State.LOST if lose else State.WON)
    return commands


def printed_boards(out: str, rows: int) -> list[tuple[list[str], str, str]]:
    """Every board the console printed: (its rows of cells, mines left, state); not the time."""
    lines = out.splitlines()
    return [(lines[i - rows:i], *re.fullmatch(r"Mines left: (-?\d+)  Time: \S+ s  State: (\w+)", line).groups())
            for i, line in enumerate(lines) if line.startswith("Mines left:")]


def shown(game) -> tuple[list[str], str, str]:
    """``game`` as the console prints it (printed_boards' shape)."""
    return render(game).splitlines()[-1 - game.rows:-1], str(game.mines_left), game.state.value


@pytest.mark.parametrize("lose", [False, True], ids=["won", "lost"])
def test_a_console_game_with_flags_and_a_chord_replays_move_by_move_from_its_log_and_in_the_viewer(
        isolated_data_dir, lose):
    """The console's recorded log, applied move by move (replay_log) and stepped move by move
    in the viewer's timeline (recorded_replay: the clicks at cell centres), shows after each
    move the board the console printed after that command, and ends with the game's result."""
    argv = ["--console", "--difficulty", "beginner", "--seed", "5"]
    commands = console_plan(argv, lose)
    out = io.StringIO()
    assert run_console(parse_args(argv), io.StringIO("\n".join(commands) + "\nq\n"), out) == 0
    printed = out.getvalue()
    assert ("BOOM!" if lose else "You won!") in printed
    boards = printed_boards(printed, 9)
    assert len(boards) == 1 + len(commands)  # the new board, then one per command
    with RecordStore.open(isolated_data_dir / "records.sqlite3") as store:
        [record] = store.games()
        data = store.log(record.id)
        replay = recorded_replay(store, record)
    assert record.won is (not lose) and not record.abandoned
    assert [f"{kind[0]} {r} {c}" for _, kind, r, c in data["moves"]] == commands
    assert {kind for _, kind, _, _ in data["moves"]} == {"reveal", "flag", "chord"}
    config = Config.difficulty("beginner")
    for done in range(1, len(commands) + 1):
        game, _ = replay_log(dict(data, moves=data["moves"][:done]), config)
        assert shown(game) == boards[done], f"after {commands[done - 1]!r}"
    assert game.state is (State.LOST if lose else State.WON)

    assert data["pointer_gaps"] == 0 and ends_as_logged(replay_of(data, record), data)  # the clicks alone suffice
    timeline = Timeline(replay)
    assert timeline.moves == len(commands) and timeline.completed is (not lose)
    head = Playhead(timeline)
    cells = list(game.cells())
    for done in range(1, len(commands) + 1):
        head.step(1)
        assert head.moves == done and head.state is (game.state if done == len(commands) else State.PLAYING)
        game_then, _ = replay_log(dict(data, moves=data["moves"][:done]), config)
        assert head.look == [game_then.appearance(cell) for cell in cells], f"after {commands[done - 1]!r}"
        assert head.mines_left == game_then.mines_left
    head.seek(timeline.end_ms)
    assert head.look == [game.appearance(cell) for cell in cells] and head.face() == ("dead" if lose else "won")
    assert head.seconds == record.time_ms // 1000
