"""The gesture interpreter (game.midend.gestures): every replay of the corpus, and random pointer
streams, end on the board ms-toollib ends them on with the clicks it counts (ms-toollib run in a
child process, tests/gesture_oracle.py); and the state machine's rules, one story each."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.rules.board import Config
from game.rules.engine import Game, State
from game.midend.gestures import LEFT, RIGHT, SPENT, Gestures, Rule
from game.midend.match import Match
from game.rules.moves import Move
from game.replay import Action, PointerEvent, centre, read_replay
from tests.gesture_oracle import ask

REPLAYS = Path(__file__).resolve().parents[1] / "corpus" / "replays"
CORPUS = sorted(p.name for p in REPLAYS.iterdir() if p.suffix != ".md")
MINES = frozenset({(0, 8), (1, 1), (2, 6), (3, 3), (4, 7), (5, 0), (6, 4), (7, 8), (8, 2), (8, 5)})
OFF = None  # a point off the board
TOOLLIB_STATES = {1: State.READY, 5: State.READY, 2: State.PLAYING, 3: State.WON, 4: State.LOST}


def run(game: Game, gestures: Gestures, events) -> tuple[list, set]:
    """Feed ``events`` to ``gestures``, applying each move to ``game``; returns (every Made,
    the cells flagged just before the last move that changed the board)."""
    made_all, flags = [], set(game.flagged())
    for event in events:
        for made in gestures.feed(event, game):
            before = set(game.flagged())
            if game.apply(made.move).changed:
                flags = before if game.over else set(game.flagged())
            made_all.append(made)
    return made_all, flags


def toollib_view(game: Game, flags: set, mines) -> list[list[int]]:
    """``game``'s board as ms-toollib's game board shows it: 0-8 revealed, 11 flagged, 10
    covered; a mine 10 or 11 (whatever the end showed), flags as they were before the end."""
    return [[(11 if (r, c) in flags else 10) if (r, c) in mines or not game.is_revealed((r, c))
             else game.number((r, c)) for c in range(game.cols)] for r in range(game.rows)]


def their_view(board: list[list[int]], mines) -> list[list[int]]:
    """ms-toollib's final game board with every mine shown as 10 or 11 and a wrong flag as 11
    (after a loss it shows the mines its own way, and a wrong flag as 14)."""
    return [[(11 if v == 11 else 10) if (r, c) in mines else 11 if v == 14 else v for c, v in enumerate(row)]
            for r, row in enumerate(board)]


# ----- every replay of the corpus -------------------------------------------------------------------
@pytest.fixture(scope="module")
def corpus_answers():
    return dict(zip(CORPUS, ask(files=[str(REPLAYS / name) for name in CORPUS])["files"]))


@pytest.mark.parametrize("name", CORPUS)
def test_each_corpus_replay_ends_as_ms_toollib_ends_it(name, corpus_answers):
    replay, theirs = read_replay(REPLAYS / name), corpus_answers[name]
    game = Game(Config(replay.rows, replay.cols, len(replay.mines)), mines=replay.mines)
    gestures = Gestures()
    _, flags = run(game, gestures, replay.events)
    assert gestures.clicks == (theirs["left"], theirs["right"], theirs["double"])
    stats = replay.stats
    assert gestures.clicks == (stats.left_clicks, stats.right_clicks, stats.double_clicks)
    assert toollib_view(game, flags, replay.mines) == their_view(theirs["board"], replay.mines)
    assert (game.state is State.WON) == replay.completed


# ----- random pointer streams, against ms-toollib's MinesweeperBoard ------------------------------------
def toollib_board(mines, rows=9, cols=9) -> list[list[int]]:
    grid = [[sum((i, j) in mines for i in range(r - 1, r + 2) for j in range(c - 1, c + 2)) for c in range(cols)]
            for r in range(rows)]
    for r, c in mines:
        grid[r][c] = -1
    return grid


def random_stream(rng: random.Random, mines, length: int) -> list[tuple[str, tuple | None]]:
    """A stream a real mouse could make: each button pressed and released in turn, the
    pointer on a random cell (mostly a safe one, a mine for right presses half the time) or
    off the board, never a middle release off the board (ms-toollib panics there)."""
    safe = [(r, c) for r in range(9) for c in range(9) if (r, c) not in mines]
    down, out = set(), []
    for _ in range(length):
        button = rng.choice("llllrrrm") if rng.random() > 0.1 else "v"
        if button == "v":
            out.append(("mv", rng.choice(safe)))
            continue
        pressing = button not in down
        if rng.random() < 0.08 and not (button == "m" and not pressing):
            cell = OFF
        elif button == "r" and rng.random() < 0.5:
            cell = rng.choice(sorted(mines))
        else:
            cell = rng.choice(safe) if rng.random() < 0.95 else rng.choice(sorted(mines))
        out.append((button + ("c" if pressing else "r"), cell))
        (down.add if pressing else down.discard)(button)
    return out


def as_events(stream) -> list[PointerEvent]:
    return [PointerEvent(i, Action(code), *((9 * 16, 9 * 16) if cell is None else centre(cell)))
            for i, (code, cell) in enumerate(stream)]


def test_random_streams_end_as_ms_toollib_ends_them():
    rng, cases = random.Random(25), []
    for _ in range(300):
        mines = frozenset(rng.sample([(r, c) for r in range(9) for c in range(9)], rng.choice((4, 8, 10))))
        cases.append((mines, random_stream(rng, mines, rng.randrange(10, 80))))
    answers = ask(steps=[[toollib_board(mines), [[code, *(cell or (9, 9))] for code, cell in stream]]
                         for mines, stream in cases])["steps"]
    for (mines, stream), theirs in zip(cases, answers):
        game = Game(Config(9, 9, len(mines)), mines=mines)
        gestures = Gestures()
        _, flags = run(game, gestures, as_events(stream))
        where = f"mines {sorted(mines)}, stream {stream}"
        assert gestures.clicks == (theirs["left"], theirs["right"], theirs["double"]), where
        assert game.state is TOOLLIB_STATES[theirs["state"]], where
        assert toollib_view(game, flags, mines) == their_view(theirs["board"], mines), where


# ----- the rules, one story each ------------------------------------------------------------------------
class Play:
    """A 9x9 match over MINES and its gestures; ``do(code, cell)`` feeds one event at the
    cell's centre (None: off the board), applies its moves through the match and returns them."""

    def __init__(self, chord_on_number: bool = False, mines=MINES) -> None:
        self.match = Match(Config(9, 9, len(mines)), mines=mines)
        self.game = self.match.game
        self.gestures = Gestures(chord_on_number=chord_on_number)
        self.time = 0

    def do(self, code: str, cell) -> list:
        self.time += 10
        x, y = (9 * 16, 9 * 16) if cell is None else centre(cell)
        made = self.gestures.feed(PointerEvent(self.time, Action(code), x, y), self.game)
        for m in made:
            self.match.apply(m.move)
        return made

    def click(self, cell, button: str = "l") -> list:
        return self.do(button + "c", cell) + self.do(button + "r", cell)

    def flagged_two(self):
        """(2, 2) shows 2 (mines (1, 1) and (3, 3)), both flagged: a chord there opens
        (1, 2), (2, 1) and (3, 2) and the rest of its covered neighbours."""
        self.click((2, 2))
        self.click((1, 1), "r")
        self.click((3, 3), "r")
        assert self.game.number((2, 2)) == 2 and self.gestures.clicks == (1, 2, 0)


def test_a_left_click_reveals_on_release_and_a_right_press_flags_at_once():
    p = Play()
    assert p.do("lc", (4, 1)) == [] and p.gestures.pressed_cells(p.game) == [(4, 1)]
    assert [m.move for m in p.do("lr", (4, 1))] == [Move.reveal((4, 1))]
    assert p.do("rc", (1, 1))[0].move == Move.flag((1, 1)) and p.game.appearance((1, 1)) == "flag"
    assert p.do("rr", (1, 1)) == [] and p.gestures.clicks == (1, 1, 0)


def test_right_then_left_chords_and_the_right_press_on_the_number_is_not_counted():
    p = Play()
    p.flagged_two()
    assert p.do("rc", (2, 2)) == [] and p.do("lc", (2, 2)) == []
    assert set(p.gestures.pressed_cells(p.game)) == {(1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2)}
    made = p.do("lr", (2, 2))
    assert made == [(Move.chord((2, 2)), Rule.FORMAT)] and p.game.is_revealed((1, 2))
    assert p.do("rr", (2, 2)) == []  # the right button, still held, makes nothing
    assert p.gestures.clicks == (1, 2, 1)


def test_left_then_right_chords_on_either_release():
    for first in ("lr", "rr"):
        p = Play()
        p.flagged_two()
        p.do("lc", (2, 2))
        p.do("rc", (2, 2))
        assert p.gestures.held == LEFT | RIGHT
        assert p.do(first, (2, 2)) == [(Move.chord((2, 2)), Rule.FORMAT)]
        assert p.do("rr" if first == "lr" else "lr", (2, 2)) == []
        assert p.gestures.clicks == (1, 2, 1) and p.gestures.held == 0


def test_after_a_chord_the_left_button_still_held_is_spent_until_released():
    p = Play()
    p.flagged_two()
    p.do("lc", (2, 2))
    p.do("rc", (2, 2))
    p.do("rr", (2, 2))  # the chord
    assert p.gestures.held == LEFT | SPENT and p.gestures.pressed_cells(p.game) == []
    assert not p.game.is_revealed((8, 8))
    assert p.do("mv", (8, 8)) == [] and p.do("lr", (8, 8)) == []  # spent: (8, 8) stays covered
    assert not p.game.is_revealed((8, 8)) and p.gestures.clicks == (1, 2, 1)


def test_after_a_chord_the_right_button_still_held_chords_again_with_a_new_left_press():
    # ms-toollib's rule (the old window ignored every press until both buttons were up).
    p = Play()
    p.flagged_two()
    p.do("rc", (2, 2))
    p.do("lc", (2, 2))
    p.do("lr", (2, 2))  # the chord; the right button is still down
    p.do("lc", (4, 2))
    assert p.do("lr", (4, 2)) == [(Move.chord((4, 2)), Rule.FORMAT)]
    assert p.gestures.clicks == (1, 2, 2)


def test_a_release_off_the_board_cancels_and_counts_a_left_click():
    p = Play()
    p.click((4, 1))
    p.do("lc", (4, 2))
    assert p.do("mv", OFF) == [] and p.gestures.pressed_cells(p.game) == []
    assert p.do("lr", OFF) == [] and not p.game.is_revealed((4, 2))
    assert p.gestures.clicks == (2, 0, 0)


def test_a_press_off_the_board_released_on_a_cell_reveals_it_once_the_game_is_going():
    p = Play()
    p.do("lc", OFF)
    assert p.do("lr", (4, 1)) == [] and p.game.state is State.READY  # before the start: nothing
    p.click((4, 1))
    p.do("lc", OFF)
    assert p.do("lr", (4, 2)) == [(Move.reveal((4, 2)), Rule.FORMAT)]


def test_preflags_before_the_first_opening_and_the_last_one_taken_off_starts_again():
    p = Play()
    assert p.do("rc", (1, 1)) == [(Move.flag((1, 1)), Rule.FORMAT)]
    p.do("rr", (1, 1))
    assert p.game.state is State.READY and p.gestures.clicks == (0, 1, 0)
    p.click((1, 1), "r")  # taken off: back to the start, the clicks forgotten
    assert p.game.appearance((1, 1)) == "covered" and p.gestures.clicks == (0, 0, 0)
    p.click((1, 1), "r")
    p.click((1, 1))  # a left click on the preflag: wasted, counted
    assert p.game.state is State.READY and p.gestures.clicks == (1, 1, 0)
    p.do("lc", (4, 1))
    p.do("lr", (4, 1))
    assert p.game.state is State.PLAYING and p.game.appearance((1, 1)) == "flag"


def test_a_left_click_on_a_number_chords_with_the_option_tagged_left_chord():
    p = Play(chord_on_number=True)
    p.flagged_two()
    p.do("lc", (2, 2))
    assert set(p.gestures.pressed_cells(p.game)) == {(1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2)}
    assert p.do("lr", (2, 2)) == [(Move.chord((2, 2)), Rule.LEFT_CHORD)]
    assert p.game.is_revealed((1, 2))
    assert p.gestures.clicks == (2, 2, 0)  # counted as the left click its presses are
    plain = Play()
    plain.flagged_two()
    assert plain.click((2, 2)) == [(Move.reveal((2, 2)), Rule.FORMAT)]  # wasted, without the option


def test_motion_is_carried_and_the_release_acts_where_the_pointer_is():
    p = Play()
    p.click((4, 1))
    p.do("lc", (6, 1))
    assert p.gestures.pressed_cells(p.game) == [(6, 1)]
    p.do("mv", (6, 2))
    assert p.gestures.hover == (6, 2) and p.gestures.pressed_cells(p.game) == [(6, 2)]
    assert p.do("lr", (6, 2)) == [(Move.reveal((6, 2)), Rule.FORMAT)]


def test_a_lone_right_click_on_a_number_is_a_wasted_flag_move_on_release():
    p = Play()
    p.click((2, 2))
    assert p.do("rc", (2, 2)) == [] and p.gestures.clicks == (1, 1, 0)
    assert p.do("rr", (2, 2)) == [(Move.flag((2, 2)), Rule.FORMAT)]
    assert p.match.clicks["wasted"] == 1


def test_the_middle_button_chords_on_release_on_its_own():
    p = Play()
    p.flagged_two()
    p.do("mc", (2, 2))
    assert set(p.gestures.pressed_cells(p.game)) == {(1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2)}
    assert p.do("mr", (2, 2)) == [(Move.chord((2, 2)), Rule.FORMAT)]
    assert p.gestures.clicks == (1, 2, 1)


def test_a_chord_on_a_zero_with_no_flag_around_opens_its_covered_neighbours():
    mines = frozenset({(0, 8)})
    p = Play(mines=mines)
    p.click((0, 6), "r")  # a flag beside the opening keeps it closed
    p.click((8, 0))
    p.click((0, 6), "r")
    assert p.game.appearance((0, 6)) == "covered" and p.game.number((1, 6)) == 0
    assert p.click((1, 6), "m") == [(Move.chord((1, 6)), Rule.FORMAT)]
    assert p.game.appearance((0, 6)) == "0"  # and its flood


def test_nothing_counts_once_the_game_is_over():
    p = Play()
    p.click((4, 1))
    p.click((0, 8))
    assert p.game.state is State.LOST
    clicks = p.gestures.clicks
    assert p.click((6, 1)) == [] and p.click((6, 1), "r") == [] and p.gestures.clicks == clicks


def test_a_new_board_starts_the_count_afresh_and_release_keeps_it():
    p = Play()
    p.click((4, 1))
    p.do("lc", (6, 1))
    p.gestures.release()  # a pause: the release went elsewhere
    assert p.gestures.held == 0 and p.do("lr", (6, 1)) == [] and p.gestures.clicks == (1, 0, 0)
    p.click((0, 8))
    assert p.game.state is State.LOST
    p.match.retry()
    p.click((1, 1), "r")
    assert p.gestures.clicks == (0, 1, 0) and p.game.appearance((1, 1)) == "flag"


def test_a_left_click_on_a_preflag_leaves_the_left_button_down_as_ms_toollib_does():
    stream = [("rc", (1, 1)), ("rr", (1, 1)), ("lc", (1, 1)), ("lr", (1, 1)), ("rc", (4, 1)), ("rr", (4, 1))]
    p = Play()
    made = [m for code, cell in stream for m in p.do(code, cell)]
    assert made[-1] == (Move.chord((4, 1)), Rule.FORMAT)  # the right click is a chord's release
    assert p.game.appearance((4, 1)) == "covered" and p.gestures.clicks == (1, 1, 1)
    theirs = ask(steps=[[toollib_board(MINES), [[code, *cell] for code, cell in stream]]])["steps"][0]
    assert (theirs["left"], theirs["right"], theirs["double"]) == (1, 1, 1) and theirs["board"][4][1] == 10


def test_the_interpreter_imports_no_pygame():
    import subprocess
    import sys
    code = "import sys, game.midend.gestures; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).parents[2]).returncode == 0
