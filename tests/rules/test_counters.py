"""The live counters' counts (game.midend.counters) and figures (game.figures.live) against
ms-toollib's own, which the result panel shows: random mouse games (misclicks, flags placed
and taken off, flags before the opening, chords with both buttons and the middle one, clicks
off the board, losses, wins), played live through a Match at a 24-pixel cell as the window
plays them, and read back from their replays by the viewer's timeline. At the end of each
game every live figure equals what ms-toollib computes from the game's replay file, bit for
bit; during play no count tells where the mines are. Games with our option "a left click on
a number chords" too: the file writes such a chord with both buttons, and the live counts
say so (issue 37)."""

import random
from dataclasses import replace

from game.rules.board import Config
from game.rules.bv import bv_parts
from game.midend.counters import LiveCounter
from game.rules.engine import State
from game.figures import LIVE, Counts, estimated_time, live
from game.midend.gestures import Gestures, Rule
from game.midend.match import Effect, Match, Source
from game.rules.moves import Move
from game.records.record import GameRecord
from game.replay.events import Action, PointerEvent, Replay
from game.replay.fromlog import replay_of
from game.replay.player import Playhead, Timeline
from tests.evf_figures import evf_figures

CELL = 24  # the window's cell in these games, pixels (the replay's is 16)


def gestures_of(rng: random.Random, rows: int, cols: int, count: int, mines=()) -> list[tuple[float, str, int, int]]:
    """``count`` random gestures as (seconds apart, action, x, y) at CELL pixels a cell: glides,
    left clicks (some off the board), right clicks (some on ``mines``), chords with both
    buttons in either order, middle clicks."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    mines = sorted(mines)

    def point(cell):
        return cell[1] * CELL + rng.randrange(CELL), cell[0] * CELL + rng.randrange(CELL)

    out = []
    for _ in range(count):
        cell = rng.choice(mines) if mines and rng.random() < 0.15 else rng.choice(cells)
        x, y = point(cell)
        if rng.random() < 0.5:
            out.append((rng.uniform(0.001, 0.05), "mv", *point(rng.choice(cells))))
            out.append((rng.uniform(0.001, 0.05), "mv", x, y))
        kind = rng.random()
        if kind < 0.5:
            actions = ("lc", "lr")
        elif kind < 0.72:
            actions = ("rc", "rr")
        elif kind < 0.82:
            actions = ("rc", "lc", "lr", "rr")
        elif kind < 0.9:
            actions = ("lc", "rc", "rr", "lr")
        elif kind < 0.95:
            actions = ("mc", "mr")
        else:
            actions, x, y = ("lc", "lr"), cols * CELL + 5, rows * CELL + 5  # off the board
        for action in actions:
            out.append((rng.uniform(0.001, 0.3), action, x, y))
    return out


def play_live(rng: random.Random, rows: int, cols: int, mines: frozenset, count: int, watch=None,
              left_chord: bool = False):
    """A game played as the window plays it: each pointer event logged by the match
    (Match.pointer, at CELL pixels) and fed to the gesture interpreter, whose moves the match
    applies. ``watch(match, gestures)`` is called after each event. ``left_chord``: the
    option "a left click on a number chords" on. Returns (match, gestures)."""
    now = [100.0]
    match = Match(Config(rows, cols, len(mines)), mines=mines, clock=lambda: now[0], cell=CELL)
    gestures = Gestures(cell_px=CELL, chord_on_number=left_chord)
    for gap, action, x, y in gestures_of(rng, rows, cols, count, mines):
        if match.game.over:
            break
        now[0] += gap
        match.pointer(action, x, y)
        for made in gestures.feed(PointerEvent(match.ms, Action(action), x, y), match.game):
            match.apply(made.move, Source.LEFT_CHORD if made.rule is Rule.LEFT_CHORD else Source.MOUSE)
        if watch is not None:
            watch(match, gestures)
    return match, gestures


def left_chords_live(rng: random.Random, rows: int, cols: int, mines: frozenset):
    """A game played as the window plays it with the option "a left click on a number
    chords" on: a first click, then, until the game ends, a number with covered safe cells
    around it gets its mines flagged (one time in twenty a safe cell instead, so that the
    chord opens a mine) and a left click, between plain left clicks on safe cells and, now
    and then, a left click on a number that cannot chord."""
    now = [10.0]
    match = Match(Config(rows, cols, len(mines)), mines=mines, clock=lambda: now[0], cell=CELL)
    gestures = Gestures(cell_px=CELL, chord_on_number=True)
    game = match.game

    def click(cell, press, release):
        x, y = cell[1] * CELL + rng.randrange(CELL), cell[0] * CELL + rng.randrange(CELL)
        for action in ("mv", press, release):
            now[0] += rng.uniform(0.001, 0.3)
            match.pointer(action, x, y)
            for made in gestures.feed(PointerEvent(match.ms, Action(action), x, y), game):
                match.apply(made.move, Source.LEFT_CHORD if made.rule is Rule.LEFT_CHORD else Source.MOUSE)

    click((rows // 2, cols // 2), "lc", "lr")
    for _ in range(rows * cols):
        if game.over:
            break
        numbers = [c for c in game.cells() if game.number(c) and any(
            game.appearance(n) == "covered" and n not in mines for n in game.neighbours(c))]
        if not numbers or rng.random() < 0.2:
            click(rng.choice([c for c in game.cells() if c not in mines and not game.is_revealed(c)]), "lc", "lr")
            continue
        number = rng.choice(numbers)
        covered = [n for n in game.neighbours(number) if game.appearance(n) == "covered"]
        to_flag = [n for n in covered if n in mines]
        if rng.random() < 0.05:
            to_flag[:1] = [next(n for n in covered if n not in mines)]
        elif to_flag and rng.random() < 0.1:
            to_flag.pop()  # too few flags: the left click does nothing (a wasted click)
        for cell in to_flag:
            click(cell, "rc", "rr")
        click(number, "lc", "lr")
    return match, gestures


def win_live(rng: random.Random, rows: int, cols: int, mines: frozenset, preflags: int):
    """A game won as the window plays it: ``preflags`` flags on mines before the opening,
    then a left click on every safe cell still covered, at random points in the cells."""
    now = [50.0]
    match = Match(Config(rows, cols, len(mines)), mines=mines, clock=lambda: now[0], cell=CELL)
    gestures = Gestures(cell_px=CELL)

    def click(cell, press, release):
        x, y = cell[1] * CELL + rng.randrange(CELL), cell[0] * CELL + rng.randrange(CELL)
        for action in (press, release):
            now[0] += rng.uniform(0.001, 0.4)
            match.pointer(action, x, y)
            for made in gestures.feed(PointerEvent(match.ms, Action(action), x, y), match.game):
                match.apply(made.move)
    for mine in rng.sample(sorted(mines), preflags):
        click(mine, "rc", "rr")
    safe = [cell for cell in match.game.cells() if cell not in mines]
    rng.shuffle(safe)
    for cell in safe:
        if not match.game.over and not match.game.is_revealed(cell):
            click(cell, "lc", "lr")
    assert match.game.state is State.WON
    return match, gestures


def toollib_stats(matches) -> list:
    """ms-toollib's statistics of each finished (or abandoned) match over the EVF it exports
    (game.replay.fromlog.replay_of), which the records' figures equal
    (tests/files/test_figures_told_once.py)."""
    games = []
    for match in matches:
        record = GameRecord.from_match(match, name="t", abandoned=not match.game.over)
        games.append(replay_of(match.log_data(), record))
    return evf_figures(games)


def random_layout(rng: random.Random, rows: int, cols: int, mines: int) -> frozenset:
    return frozenset(rng.sample([(r, c) for r in range(rows) for c in range(cols)], mines))


def assert_same_as_toollib(counts: Counts, stats, what) -> None:
    ours = live(counts)
    assert counts.bbbv_solved == stats.bbbv_solved, what
    assert {"bbbv_per_s", "rqp", "ioe", "correctness", "throughput", "clicks", "path_px", "cl_s"} <= set(LIVE)
    for name in LIVE:
        assert ours[name] == getattr(stats, name), (what, name, ours[name], getattr(stats, name))


def test_the_live_counts_of_random_mouse_games_end_as_ms_toollib_counts_them():
    rng = random.Random(28)
    matches = []
    while len(matches) < 36:
        rows, cols, mines = rng.choice([(9, 9, 10), (8, 8, 10), (16, 16, 40), (5, 7, 6)])
        match, gestures = play_live(rng, rows, cols, random_layout(rng, rows, cols, mines), rng.randrange(4, 70))
        if match.game.state is not State.READY:  # a game that started: the records keep it
            matches.append((match, gestures))
    for _ in range(12):  # wins, some with flags placed before the opening (its first event comes before it)
        layout = random_layout(rng, 9, 9, 10)
        matches.append(win_live(rng, 9, 9, layout, rng.choice([0, 1, 2])))
    states = {match.game.state for match, _ in matches}
    assert states == {State.PLAYING, State.LOST, State.WON}
    for (match, gestures), stats in zip(matches, toollib_stats([m for m, _ in matches])):
        assert not isinstance(stats, str), stats
        counts = LiveCounter().read(match, gestures.clicks)
        assert counts.time_ms == match.ms
        if not match.game.over:  # left in play: a flag counts whether or not on a mine (nothing is told)
            assert counts.right_effective >= stats.right_effective
            counts = replace(counts, right_effective=stats.right_effective)
        assert_same_as_toollib(counts, stats, (match.game.state, len(match.inputs)))
        if match.game.state is State.WON:
            assert counts.bbbv_solved == counts.bbbv
            assert estimated_time(counts) == counts.time_ms / 1000  # the whole board at the pace it took


def test_left_click_chords_count_live_as_the_both_button_chords_the_file_writes():
    """Issue 37: a left click on a number that chorded is written in the file as a chord
    with both buttons, a double click for ms-toollib; the live counts end as ms-toollib's,
    and so do the viewer's over the game's replay."""
    rng = random.Random(37)
    matches = []
    while len(matches) < 24:
        rows, cols, mines = rng.choice([(9, 9, 10), (5, 7, 6)])
        layout = random_layout(rng, rows, cols, mines)
        if len(matches) % 2:
            match, gestures = play_live(rng, rows, cols, layout, rng.randrange(10, 80), left_chord=True)
        else:
            match, gestures = left_chords_live(rng, rows, cols, layout)
        if match.game.state is not State.READY:
            matches.append((match, gestures))
    chorded = [entry.effect for match, _ in matches for entry in match.history
               if getattr(entry, "source", None) is Source.LEFT_CHORD]
    assert chorded.count(Effect.OPENED) >= 10 and Effect.EXPLODED in chorded and Effect.WASTED in chorded
    assert {match.game.state for match, _ in matches} >= {State.LOST, State.WON}
    for (match, gestures), stats in zip(matches, toollib_stats([m for m, _ in matches])):
        assert not isinstance(stats, str), stats
        counts = LiveCounter().read(match, gestures.clicks)
        if not match.game.over:  # left in play: a flag counts whether or not on a mine (nothing is told)
            counts = replace(counts, right_effective=stats.right_effective)
        assert_same_as_toollib(counts, stats, (match.game.state, len(match.inputs)))
        record = GameRecord.from_match(match, name="t", abandoned=not match.game.over)
        replay = replay_of(match.log_data(), record)
        head = Playhead(Timeline(replay))
        head.seek(head.timeline.end_ms)
        assert head.counts() == counts


def test_the_replay_viewer_counts_as_play_does():
    """A game's replay read back by the viewer's timeline ends with the counts of its live play."""
    rng = random.Random(7)
    played = 0
    while played < 20:
        layout = random_layout(rng, 9, 9, 10)
        match, gestures = play_live(rng, 9, 9, layout, rng.randrange(5, 60))
        if match.game.state is State.READY:
            continue
        played += 1
        record = GameRecord.from_match(match, name="t", abandoned=not match.game.over)
        replay = replay_of(match.log_data(), record)
        head = Playhead(Timeline(replay))
        head.seek(head.timeline.end_ms)
        assert head.counts() == LiveCounter().read(match, gestures.clicks)


def test_a_read_costs_what_happened_since_and_agrees_with_a_fresh_reading():
    """Read after every event (and through undo and redo), the counter gives what a counter
    reading the whole log at once gives."""
    rng = random.Random(3)
    layout = random_layout(rng, 16, 16, 40)
    counter = LiveCounter()
    readings = []

    def watch(match, gestures):
        readings.append(counter.read(match, gestures.clicks) == LiveCounter().read(match, gestures.clicks))
    match, gestures = play_live(rng, 16, 16, layout, 60, watch)
    assert readings and all(readings)
    if match.game.state is State.LOST:
        match.undo()
    for _ in range(3):
        if match.can_undo:
            match.undo()
            assert counter.read(match, gestures.clicks) == LiveCounter().read(match, gestures.clicks)
    while match.can_redo:
        match.redo()
        assert counter.read(match, gestures.clicks) == LiveCounter().read(match, gestures.clicks)


def test_during_play_a_flag_counts_whether_or_not_it_is_on_a_mine():
    """The effective right clicks say nothing of the mines while the game goes on: a first flag
    on a safe cell counts as one on a mine does; once the game is over, the count is
    ms-toollib's, flags on mines only."""
    mines = frozenset({(0, 0), (4, 4)})
    match = Match(Config(5, 5, 2), mines=mines)
    flags = [(0, 0), (3, 3), (3, 3), (3, 3)]  # a mine; a safe cell flagged, unflagged, flagged again
    for cell in flags:
        match.apply(Move.flag(cell), Source.KEYBOARD)
    counter = LiveCounter()
    playing = counter.read(match, (0, 0, 0))
    assert playing.right_effective == 2 and playing.right == len(flags)  # keyboard moves: clicks at their cells
    match.apply(Move.reveal((4, 4)), Source.KEYBOARD)
    assert match.game.state is State.LOST
    assert counter.read(match, (0, 0, 0)).right_effective == 1


def test_the_ratios_of_no_time_no_click_and_nothing_solved():
    """As ms-toollib gives them and the records keep them: no timed figure at 0 ms, no RQP
    with nothing solved (ms-toollib: infinite), IOE, correctness and throughput 0 with no
    click; a 3BV not counted yet gives no ratio of it."""
    start = live(Counts(time_ms=0, bbbv=10, bbbv_solved=0))
    assert start["bbbv_per_s"] is None and start["rqp"] is None and start["cl_s"] is None
    assert (start["ioe"], start["correctness"], start["throughput"]) == (0.0, 0.0, 0.0)
    going = live(Counts(time_ms=2500, bbbv=10, bbbv_solved=0, left=3, left_effective=1))
    assert going["bbbv_per_s"] == 0.0 and going["rqp"] is None and going["ioe"] == 0.0
    assert going["cl_s"] == 3 / 2.5  # clicks per second (issue 37: every live figure, Cl/s too)
    assert going["correctness"] == 1 / 3 and going["throughput"] == 0.0
    half = Counts(time_ms=5000, bbbv=10, bbbv_solved=5, left=5, left_effective=5)
    assert live(half)["bbbv_per_s"] == 1.0 and live(half)["rqp"] == 5.0 and estimated_time(half) == 10.0
    unknown = live(Counts(time_ms=5000, left=2))
    assert unknown["bbbv_per_s"] is None and unknown["ioe"] is None and unknown["clicks"] == 2


def test_the_records_figures_are_taken_at_the_last_event():
    """A won game whose first event comes long before its opening (flags placed first): ms-toollib
    at its end time reads the last event too (game.replay.toollib.at_end), so the 3BV solved of
    a win is its 3BV and its clicks are all counted."""
    mines = frozenset({(0, 0), (0, 2), (4, 4)})
    board = bv_parts(mines, 5, 5).value

    def at(time_ms, action, cell):
        return PointerEvent(time_ms, Action(action), cell[1] * 16 + 5, cell[0] * 16 + 7)
    events = [at(-423, "rc", (0, 0)), at(-400, "rr", (0, 0)), at(-32, "lc", (2, 0)), at(0, "lr", (2, 0))]
    timeline = Timeline(Replay(5, 5, mines, tuple(events), time_ms=0, completed=False, bbbv=board))
    game = timeline.final
    left = [cell for cell in game.cells() if cell not in mines and not game.is_revealed(cell)]
    assert left
    last = 251  # 0.251 + 0.423 < 0.674 in floats: the sum ms-toollib compares with the last event
    clicks = []
    for i, cell in enumerate(left, 1):
        release = last * i // len(left)
        clicks += [at(release - 5, "lc", cell), at(release, "lr", cell)]
    replay = Replay(5, 5, mines, tuple(events + clicks), time_ms=last, completed=True, bbbv=board)
    [stats] = evf_figures([replay])
    head = Playhead(Timeline(replay))
    head.seek(last)
    assert head.over and stats.bbbv_solved == board == head.counts().bbbv_solved
    assert_same_as_toollib(head.counts(), stats, "a win with a flag before the opening")


def test_an_opening_cut_by_a_flag_is_solved_once_all_its_zeros_are_open():
    """game.rules.engine's 3BV solved counts an opening when every zero of it is revealed (a flag on
    a zero stops the flood), as ms-toollib does: not when only its first cell is."""
    match = Match(Config(1, 5, 1), mines=[(0, 4)])
    game = match.game
    assert (game.three_bv, game.three_bv_solved) == (1, 0)
    match.apply(Move.flag((0, 1)))
    match.apply(Move.reveal((0, 0)))
    assert game.is_revealed((0, 0)) and not game.is_revealed((0, 2))
    assert game.three_bv_solved == 0
    match.apply(Move.flag((0, 1)))  # off again
    match.apply(Move.reveal((0, 1)))
    assert game.state is State.WON and game.three_bv_solved == 1


def test_after_an_undo_the_live_path_is_the_recorded_one():
    """Issue 35: after an undo the F3 path read 194 px where the recorded path was 1,962 px.
    The formats cannot undo, so a game with a move taken back is recorded from clicks at the
    centres of its standing moves (game.replay.fromlog); the live path measures the same,
    read after every event as the window reads it, keyboard moves and undone losses too."""
    rng = random.Random(5)
    checked = 0
    for _ in range(40):
        layout = random_layout(rng, 9, 9, 10)
        now = [100.0]
        match = Match(Config(9, 9, 10), mines=layout, clock=lambda: now[0], cell=CELL)
        gestures, counter = Gestures(cell_px=CELL), LiveCounter()
        for gap, action, x, y in gestures_of(rng, 9, 9, 60, layout):
            if match.can_undo_loss:
                match.undo_loss()
            if match.game.over:
                break
            now[0] += gap
            if rng.random() < 0.2:  # a key's move: no pointer input at all
                match.apply(Move("reveal" if rng.random() < 0.7 else "flag", (y // CELL % 9, x // CELL % 9)),
                            Source.KEYBOARD)
            else:
                match.pointer(action, x, y)
                for made in gestures.feed(PointerEvent(match.ms, Action(action), x, y), match.game):
                    match.apply(made.move, Source.MOUSE)
            if action == "lr" and rng.random() < 0.15 and match.can_undo:
                match.undo()
            counter.read(match, gestures.clicks)
        if match.game.state is State.READY or not match.undos:
            continue
        [stats] = toollib_stats([match])
        assert not isinstance(stats, str), stats
        if stats.bbbv_solved != match.game.three_bv_solved:
            continue  # ms-toollib played the reconstruction otherwise (1 game in 39 here): not the counter's story
        assert counter.read(match, gestures.clicks).path_px == stats.path_px
        assert LiveCounter().read(match, gestures.clicks).path_px == stats.path_px
        checked += 1
    assert checked >= 20
