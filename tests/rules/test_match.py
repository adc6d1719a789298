"""The match layer (the midend, game.midend.match.Match): every move logged with its game time and
source, raw pointer input, the help used, undo and redo of any move, and recorded games
whose log replays to the same final position and result."""

import io
import random
import re

import pytest

from game.rules.board import Config
from game.commands.cli import parse_args
from game.console.play import run_console
from game.console.text import render
from game.rules.engine import Game, State
from game.midend.match import Aid, Help, Helped, Match, Played, Redone, Source, Undone, replay_log
from game.rules.moves import Move
from game.records import open_records
from game.records.db import RecordStore, pack_log, unpack_log
from game.records.record import GameRecord
from game.replay.fromlog import replay_of
from game.replay.player import Playhead, Timeline
from game.replay.sources import ends_as_logged, recorded_replay
from tests.play_helpers import Clock, chord_both_buttons, old_database_with_a_win, satisfied_number


def appearance_grid(game):
    return [[game.appearance((r, c)) for c in range(game.cols)] for r in range(game.rows)]


def assert_replays_to(data, match):
    """The log ``data`` applied to a fresh game gives ``match``'s final position and result,
    and the rebuilt match counts the clicks ``match`` counted."""
    game = match.game
    again = Match.from_log(data, game.config)
    outcomes = again.play_out()
    assert again.game.state is game.state and appearance_grid(again.game) == appearance_grid(game)
    assert again.clicks == match.clicks and again.game.revision == game.revision
    assert not any(outcome.ignored for outcome in outcomes)


def test_moves_are_logged_with_their_game_time_and_ignored_ones_are_not():
    clock = Clock()
    match = Match(Config.difficulty("beginner"), rng=random.Random(3), clock=clock)
    match.apply(Move.flag((0, 0)))  # before the first reveal: time 0
    match.apply(Move.reveal((4, 4)))
    clock.now = 1.2345
    match.apply(Move.flag((0, 0)))
    assert [(m.ms, m.move.kind) for m in match.moves] == [(0, "flag"), (0, "reveal"), (1234, "flag")]
    assert all(isinstance(m, Played) and m.source is Source.MOUSE for m in match.moves)
    match.pause()
    match.apply(Move.reveal((8, 8)))  # ignored while paused: not a move of the game
    assert len(match.moves) == 3


def test_pointer_input_and_console_commands():
    match = Match(Config.difficulty("beginner"), rng=random.Random(3), cell=24)
    match.pointer("mv", -3, 500)  # off the board is kept: the formats keep it too
    match.command(Move.chord((1, 2)))
    # A console move is logged with its source, not as made-up clicks (a replay file places
    # it at its cell's centre, game.replay.fromlog).
    assert match.inputs == [(0, "mv", -3, 500)]
    assert match.moves == [Played(0, Move.chord((1, 2)), Source.CONSOLE)]
    assert match.log_data()["moves"] == [[0, "chord", 1, 2, "console"]]
    with pytest.raises(ValueError, match="action 'xx'"):
        match.pointer("xx", 0, 0)


def test_new_game_and_retry_start_a_fresh_log():
    match = Match(Config.difficulty("beginner"), rng=random.Random(3))
    match.command(Move.reveal((4, 4)))
    match.retry()
    assert match.moves == [] and match.inputs == [] and match.game.revision == 0
    match.command(Move.reveal((4, 4)))
    match.new_game()
    assert match.moves == [] and match.inputs == []


def test_a_board_played_by_touch_is_marked_in_its_log_and_a_new_board_is_not():
    """Issue 40: Match.note_touch marks the current board (the window's finger gestures); the log
    says so (``touch``), a log read back keeps it, the record's input is ``touch``; a retry or a
    new board starts unmarked, and a board over is left as it was."""
    from game.records.record import GameRecord, input_of
    from tests.play_helpers import win
    match = Match(Config.difficulty("beginner"), rng=random.Random(3))
    assert not match.touched and match.log_data()["touch"] is False
    match.note_touch()
    match.command(Move.reveal((4, 4)))
    assert match.touched and match.log_data()["touch"] is True
    assert Match.from_log(match.log_data()).touched
    assert input_of(match) == "touch"  # whatever the moves' sources (here the console's) say
    match.retry()
    assert not match.touched and input_of(match) == "mouse"
    win(match)
    match.note_touch()  # a board over: too late to mark
    assert not match.touched and GameRecord.from_match(match).input == "mouse"
    match.new_game()
    match.note_touch()
    match.command(Move.reveal((4, 4)))
    assert match.touched
    old = {key: value for key, value in match.log_data().items() if key != "touch"}
    assert not Match.from_log(old).touched  # a log from before it: not touch


@pytest.mark.parametrize("rule", ["opening", "safe", "classic"])
def test_a_retry_before_the_first_click_deals_as_its_docstring_says(rule):
    """Match.retry: with no click yet on a board laid at the first click there is no board to
    repeat, so a fresh seed is drawn (game.midend.deal.Deal.again); a classic board, laid before its
    click, comes back the same."""
    match = Match(Config.difficulty("beginner", first_click=rule), rng=random.Random(1))
    seed, mines = match.seed, match.layout()
    match.retry()
    if rule == "classic":
        assert (match.seed, match.layout()) == (seed, mines) and mines is not None
    else:
        assert match.seed != seed and match.layout() is None


@pytest.mark.parametrize("seed", range(12))
def test_a_random_game_replays_from_its_log(seed):
    rng = random.Random(seed)
    match = Match(Config(8, 9, 12, questions=seed % 2 == 0), rng=random.Random(seed))
    while not match.game.over and match.game.revision < 80:
        kind = rng.choice(("reveal", "reveal", "flag", "chord"))
        match.apply(Move(kind, (rng.randrange(8), rng.randrange(9))))
    data = match.log_data()
    assert data["version"] == 2 and len(data["mines"]) == 12 and data["cell"] == 16
    assert_replays_to(data, match)
    assert unpack_log(pack_log(data)) == data


def test_the_help_flags_are_the_matchs_kept_by_its_record_and_cleared_by_new_game_and_retry():
    match = Match(Config.difficulty("beginner"), rng=random.Random(3))
    unhelped = Match(Config.difficulty("beginner"), rng=random.Random(3))
    assert (match.hints_used, match.autoplay_used, match.probabilities_used) == (0, False, False)
    match.command(Move.reveal((4, 4)))
    unhelped.command(Move.reveal((4, 4)))
    match.use_hint()
    match.use_hint()
    match.use_autoplay()
    match.use_overlay()
    record = GameRecord.from_match(match, abandoned=True)
    assert (record.hints_used, record.autoplay_used, record.probabilities_used) == (2, True, True)
    assert record.helped and not GameRecord.from_match(unhelped, abandoned=True).helped
    match.retry()
    assert (match.hints_used, match.autoplay_used, match.probabilities_used) == (0, False, False)
    match.use_hint()
    match.use_autoplay()
    match.use_overlay()
    match.new_game()
    assert (match.hints_used, match.autoplay_used, match.probabilities_used) == (0, False, False)


def test_a_log_that_does_not_fit_is_refused():
    match = Match(Config.difficulty("beginner"), rng=random.Random(3))
    match.apply(Move.reveal((4, 4)))
    with pytest.raises(ValueError, match="a 9x9 board, not 16x16"):
        replay_log(match.log_data(), Config.difficulty("intermediate"))


def test_a_game_played_in_the_window_is_recorded_with_a_log_that_replays(window, isolated_data_dir):
    w = window(["--difficulty", "expert", "--seed", "11"])
    w.scene.services.settings.chord_on_number = False
    match = w.scene.match
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
    assert_replays_to(data, match)
    kinds = [kind for _, kind, _, _, _ in data["moves"]]
    assert kinds[0] == "reveal" and "chord" in kinds and kinds[-1] == "reveal"
    layout = w.scene.base.layout
    x, y = pos[0] - layout.board.left, pos[1] - layout.board.top
    assert [action for _, action, px, py in data["pointer"] if (px, py) == (x, y)][-4:] == ["rc", "lc", "lr", "rr"]
    assert data["cell"] == layout.cell


def test_an_abandoned_window_game_keeps_its_log(window, isolated_data_dir):
    import pygame
    w = window(["--difficulty", "beginner"], deal=7)
    match = w.scene.match
    w.click_cell((0, 0))
    w.click_cell((8, 8), button=3)
    w.key(pygame.K_F2)
    w.key(pygame.K_y)
    with RecordStore.open(isolated_data_dir / "records.sqlite3") as store:
        [record] = store.games()
        data = store.log(record.id)
    assert record.abandoned and [kind for _, kind, _, _, _ in data["moves"]] == ["reveal", "flag"]
    assert_replays_to(data, match)


def test_a_console_game_is_recorded_with_clicks_at_cell_centres(isolated_data_dir):
    out = io.StringIO()
    args = parse_args(["--console", "--difficulty", "beginner", "--seed", "5"])
    assert run_console(args, io.StringIO("r 4 4\nf 0 0\nr 0 8\nq\n"), out) == 0
    records = open_records(stderr=None)
    [record] = records.store.games()
    data = records.store.log(record.id)
    records.close()
    assert [(kind, r, c, source) for _, kind, r, c, source in data["moves"]][:2] == [
        ("reveal", 4, 4, "console"), ("flag", 0, 0, "console")]
    # The console's moves carry their source; the clicks at cell centres are the replay
    # file's (game.replay.fromlog), no longer made-up pointer input in the log.
    assert data["pointer"] == []
    flag_ms = data["moves"][1][0]
    events = [(e.time_ms, e.action.value, e.x, e.y) for e in replay_of(data, record).events]
    assert events[:4] == [(0, "lc", 72, 72), (0, "lr", 72, 72), (flag_ms, "rc", 8, 8), (flag_ms, "rr", 8, 8)]
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
    from game.console.play import make_match, run_session
    args = parse_args(argv)
    match = make_match(args, run_session(args))
    twin = match.game
    commands = []

    def play(kind, cell):
        assert not match.apply(Move(kind, cell)).ignored
        commands.append(f"{kind[0]} {cell[0]} {cell[1]}")
    play("reveal", (4, 4))
    mines = match.layout()
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


def shown(match) -> tuple[list[str], str, str]:
    """``match``'s game as the console prints it (printed_boards' shape)."""
    game = match.game
    return render(match).splitlines()[-1 - game.rows:-1], str(game.mines_left), game.state.value


def replayed(data, done: int) -> Match:
    """The match rebuilt from the log ``data`` (Match.from_log) after its first ``done`` entries."""
    match = Match.from_log(data, Config.difficulty("beginner"))
    for _ in range(done):
        match.step()
    return match


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
    assert [f"{kind[0]} {r} {c}" for _, kind, r, c, _ in data["moves"]] == commands
    assert {kind for _, kind, _, _, _ in data["moves"]} == {"reveal", "flag", "chord"}
    assert {source for *_, source in data["moves"]} == {"console"}
    assert len(data["history"]) == len(commands)  # one entry per command: no undo, no help
    for done in range(1, len(commands) + 1):
        match = replayed(data, done)
        assert shown(match) == boards[done], f"after {commands[done - 1]!r}"
    game = match.game
    assert game.state is (State.LOST if lose else State.WON)

    # Every move is a console one, which the pointer does not show (behaviour changed on
    # purpose: the console no longer makes up clicks); the replay's clicks at cell centres
    # still end as the game did.
    assert data["pointer_gaps"] == len(commands) and ends_as_logged(replay_of(data, record), data)
    timeline = Timeline(replay)
    assert timeline.moves == len(commands) and timeline.completed is (not lose)
    head = Playhead(timeline)
    cells = list(game.cells())
    for done in range(1, len(commands) + 1):
        head.step(1)
        assert head.moves == done and head.state is (game.state if done == len(commands) else State.PLAYING)
        game_then = replayed(data, done).game
        assert head.look == [game_then.appearance(cell) for cell in cells], f"after {commands[done - 1]!r}"
        assert head.mines_left == game_then.mines_left
    head.seek(timeline.end_ms)
    assert head.look == [game.appearance(cell) for cell in cells] and head.face() == ("dead" if lose else "won")
    assert head.seconds == record.time_ms // 1000


# ----- undo, redo, pause and help: the midend's own features --------------------------------------
class FakeClock:
    """A monotonic clock in seconds that moves only when told to."""

    def __init__(self, now: float = 100.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def position(game) -> tuple:
    """What a player can see of ``game``'s position (every cell, the state, the exploded
    mine, the mine counter, the flags) and the 3BV solved on it. Not the click counters:
    whether a move taken back still counts as a click is the records' question."""
    return (appearance_grid(game), game.state, game.exploded, game.mines_left, set(game.flagged()),
            game.three_bv_solved)


PICTURE = ["*....", ".....", "....*", "....."]  # '*' a mine: an opening fills most of it


def drawn(clock=None) -> Match:
    """A match on the board :data:`PICTURE` (a loaded board), timed by ``clock``."""
    mines = {(r, c) for r, line in enumerate(PICTURE) for c, ch in enumerate(line) if ch == "*"}
    return Match(Config(len(PICTURE), len(PICTURE[0]), len(mines)), mines=mines, clock=clock or FakeClock())


def test_undo_of_a_flag_returns_the_earlier_position_exactly_and_marks_the_game():
    match = drawn()
    game = match.game
    match.reveal((0, 1))  # a 1 beside the mine
    before = position(game)
    assert match.toggle_flag((0, 0)) == {(0, 0)} and game.mark((0, 0)) == "flag"
    assert match.can_undo and match.help == Help()
    changed = match.undo()
    assert changed == {(0, 0)}
    assert position(game) == before and match.game is game
    assert match.help == Help(undos=1) and match.undos == 1 and match.help.any
    assert [p.move for p in match.moves] == [Move.reveal((0, 1))]


def test_undo_of_a_reveal_with_an_opening_covers_the_opening_again():
    match = drawn()
    game = match.game
    match.toggle_flag((2, 4))
    match.reveal((0, 1))
    before = position(game)
    opened = match.reveal((3, 0))  # a zero: opens a region
    assert len(opened) > 5 and game.state is State.PLAYING
    changed = match.undo()
    assert changed == opened  # exactly the cells the opening changed
    assert position(game) == before
    assert all(game.appearance(cell) == "covered" for cell in opened)
    assert match.help.undos == 1 and match.can_redo


def test_redo_plays_the_move_taken_back_again():
    match = drawn()
    game = match.game
    match.reveal((0, 1))
    match.reveal((3, 0))
    after = position(game)
    match.undo()
    assert match.can_redo
    outcome = match.redo()
    assert not outcome.ignored and position(game) == after
    assert [p.move for p in match.moves] == [Move.reveal((0, 1)), Move.reveal((3, 0))]
    assert not match.can_redo and match.help.undos == 1  # the undo still marks the game
    with pytest.raises(ValueError, match="redo"):
        match.redo()


def test_a_new_move_after_an_undo_forgets_the_redo():
    match = drawn()
    match.reveal((0, 1))
    match.toggle_flag((0, 0))
    match.undo()
    assert match.can_redo
    match.toggle_flag((2, 4))
    assert not match.can_redo
    with pytest.raises(ValueError, match="redo: no move taken back"):
        match.redo()
    assert [p.move for p in match.moves] == [Move.reveal((0, 1)), Move.flag((2, 4))]


def test_undo_and_redo_are_logged_and_the_log_rebuilds_the_same_final_position():
    clock = FakeClock()
    match = drawn(clock)
    match.reveal((0, 1))
    clock.now += 1
    match.toggle_flag((0, 0))
    clock.now += 1
    match.undo()
    clock.now += 1
    match.redo()
    clock.now += 1
    match.use_hint()
    match.reveal((3, 0))
    clock.now += 1
    match.undo()
    match.toggle_flag((2, 4))
    assert [type(entry) for entry in match.history] == [Played, Played, Undone, Redone, Helped, Played, Undone,
                                                        Played]
    assert [entry.ms for entry in match.history] == [0, 1000, 2000, 3000, 4000, 4000, 5000, 5000]
    data = match.log_data()
    assert data["history"][2:5] == [["undo", 2000], ["redo", 3000], ["help", 4000, "hint"]]
    assert data["help"] == {"hints": 1, "overlay": False, "autoplay": False, "undos": 2}
    again = Match.from_log(data)
    again.play_out()
    assert position(again.game) == position(match.game)
    assert again.history == match.history and again.help == match.help
    assert [p.move for p in again.moves] == [p.move for p in match.moves]


def test_the_clock_carries_on_after_an_undo():
    clock = FakeClock()
    match = drawn(clock)
    match.reveal((0, 1))
    clock.now += 3
    match.reveal((3, 0))
    clock.now += 2
    match.undo()
    assert match.elapsed == 5.0  # game time never goes back
    clock.now += 1.5
    assert match.elapsed == 6.5
    match.reveal((0, 0))  # a loss: the clock stops there
    clock.now += 10
    assert match.elapsed == 6.5
    match.undo_loss()  # after a loss it carries on from the time of the loss
    clock.now += 2
    assert match.elapsed == 8.5 and match.game.state is State.PLAYING


def test_pause_ignores_moves_until_resume():
    clock = FakeClock()
    match = drawn(clock)
    game = match.game
    match.reveal((0, 1))
    match.pause()
    assert match.paused
    before, history = position(game), list(match.history)
    assert match.reveal((3, 0)) == set() and match.toggle_flag((0, 0)) == set() and match.chord((0, 1)) == set()
    assert match.apply(Move.reveal((3, 0))).ignored
    assert position(game) == before and match.history == history and len(match.moves) == 1
    match.resume()
    assert match.reveal((3, 0)) and len(match.moves) == 2


def test_help_is_set_only_through_the_matchs_own_methods():
    match = drawn()
    match.reveal((0, 1))
    for name, value in (("hints_used", 2), ("probabilities_used", True), ("autoplay_used", True),
                        ("undos", 1), ("pointer_gaps", 1), ("help", Help(hints=1))):
        with pytest.raises(AttributeError):
            setattr(match, name, value)
    with pytest.raises(AttributeError):
        match.help.hints = 3  # a frozen value
    assert match.help == Help() and match.pointer_gaps == 0
    match.use_hint()
    match.use_hint()
    match.use_overlay()
    match.use_overlay()  # once is enough to mark the board
    match.use_autoplay()
    assert match.help == Help(hints=2, overlay=True, autoplay=True)
    assert (match.hints_used, match.probabilities_used, match.autoplay_used) == (2, True, True)
    assert [entry.aid for entry in match.history if isinstance(entry, Helped)] == [
        Aid.HINT, Aid.HINT, Aid.OVERLAY, Aid.AUTOPLAY]
    match.toggle_flag((0, 0))
    match.undo()
    assert match.help.undos == 1 and match.pointer_gaps == 1  # an undo is a gap in the pointer


def test_a_redo_while_paused_is_refused_and_keeps_the_move_for_after_resume():
    """Issue 34, item 4: a redo while paused used to drop the move taken back, so a later
    redo played another move than the log replays. Now undo and redo are refused while
    paused (ValueError, as whenever can_undo / can_redo say False) and nothing changes."""
    clock = FakeClock()
    match = drawn(clock)
    game = match.game
    match.reveal((0, 1))
    match.toggle_flag((2, 4))
    match.toggle_flag((0, 0))
    match.undo()
    match.undo()
    match.pause()
    before, history = position(game), list(match.history)
    assert not match.can_redo and not match.can_undo  # refused while the board is hidden
    with pytest.raises(ValueError, match="paused"):
        match.redo()
    with pytest.raises(ValueError, match="paused"):
        match.undo()
    assert position(game) == before and match.history == history and match.undos == 2
    match.resume()
    assert match.can_redo and match.can_undo
    match.redo()
    match.redo()
    assert set(game.flagged()) == {(2, 4), (0, 0)} and not match.can_redo
    again = Match.from_log(match.log_data())
    again.play_out()
    assert position(again.game) == position(game)


def test_retry_after_a_new_game_that_dealt_the_loaded_layout_starts_that_board_afresh():
    """Issue 34, item 5: a loaded position on a 1x3 board with one mine at (0, 2); a new
    game's first click on (0, 1) leaves the mine at (0, 0) or (0, 2), so a seed soon deals
    the loaded layout. The retry of that dealt board starts it afresh, not the loaded
    position with its revealed cell and flag."""
    config = Config(1, 3, 1, first_click="safe")
    for seed in range(50):
        match = Match(config, rng=random.Random(seed), mines=[(0, 2)], revealed=[(0, 0)], flags=[(0, 2)])
        assert match.loaded and match.game.is_revealed((0, 0)) and match.game.mark((0, 2)) == "flag"
        match.new_game()
        assert not match.loaded
        match.reveal((0, 1))
        if match.layout() == frozenset({(0, 2)}):
            break
    else:
        pytest.fail("no seed dealt the loaded layout")
    match.retry()
    game = match.game
    assert not match.loaded and match.seed is not None
    assert game.state is State.READY and not game.is_revealed((0, 0)) and game.mark((0, 2)) == ""
    assert game.start_cells() == set() and game.start_flags() == set()
    match.new_game()
    match.retry()  # a dealt board retried before its first click: still not the loaded position
    assert not match.loaded and not match.game.is_revealed((0, 0))


def test_retry_of_a_loaded_position_brings_it_back_as_loaded():
    match = Match(Config(1, 3, 1), mines=[(0, 2)], revealed=[(0, 0)], flags=[(0, 2)])
    match.reveal((0, 1))
    match.retry()
    assert match.loaded and match.layout_known
    assert match.game.is_revealed((0, 0)) and not match.game.is_revealed((0, 1)) and match.game.mark((0, 2)) == "flag"
