"""The replay timeline (game.replay.player): other programs' files interpreted with
ms-toollib's click rules end as the files say (completed, 3BV solved), the rules themselves on
small hand-made replays, and the playhead's seeks, steps, pointer, pressed cells and HUD."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.rules.board import three_bv
from game.rules.engine import State
from game.replay import Action, PointerEvent, Replay, centre, read_replay
from game.replay.player import KEYFRAME_EVERY, Playhead, Timeline

REPLAYS = Path(__file__).resolve().parents[1] / "corpus" / "replays"
CORPUS = sorted(p.name for p in REPLAYS.iterdir() if p.suffix != ".md")
MINES = frozenset({(0, 8), (1, 1), (2, 6), (3, 3), (4, 7), (5, 0), (6, 4), (7, 8), (8, 2), (8, 5)})
L, LR, R, RR, M, MR, MV = (Action.LEFT_PRESS, Action.LEFT_RELEASE, Action.RIGHT_PRESS, Action.RIGHT_RELEASE,
                           Action.MIDDLE_PRESS, Action.MIDDLE_RELEASE, Action.MOVE)


def replay(*steps, mines=MINES, completed=False) -> Replay:
    """A 9x9 replay of ``steps``: (ms, action, cell) each, the pointer at the cell's centre
    (None: off the board)."""
    events = []
    for ms, action, cell in steps:
        x, y = (9 * 16, 9 * 16) if cell is None else centre(cell)
        events.append(PointerEvent(ms, action, x, y))
    openings, isolated = three_bv(mines, 9, 9)
    return Replay(9, 9, mines, tuple(events), events[-1].time_ms if events else 0, completed,
                  len(openings) + len(isolated))


def final(*steps) -> Timeline:
    return Timeline(replay(*steps))


@pytest.mark.parametrize("name", CORPUS)
def test_each_corpus_file_ends_as_the_file_says(name):
    read = read_replay(REPLAYS / name)
    timeline = Timeline(read)
    assert timeline.completed == read.completed
    assert timeline.bbbv_solved() == read.stats.bbbv_solved
    assert timeline.moves > 0 and len(timeline.times) == len(read.events)


def test_a_left_release_reveals_and_a_right_press_flags_at_once():
    t = final((0, L, (4, 1)), (0, LR, (4, 1)), (10, R, (1, 1)))
    look = t.final_look()
    assert look[4 * 9 + 1] == "1" and look[1 * 9 + 1] == "flag"
    assert t.moves == 2 and t.mines_left[-1] == 9


def test_a_left_press_off_the_board_released_on_it_before_the_start_reveals_nothing():
    t = final((0, L, None), (5, MV, (4, 1)), (9, LR, (4, 1)))
    assert t.moves == 0 and t.final.state is State.READY


def test_both_buttons_or_the_middle_one_chord_on_a_satisfied_number_and_the_other_button_is_spent():
    # (2, 2) shows 2 (mines (1, 1) and (3, 3)); flag both, then chord on it.
    start = [(0, L, (2, 2)), (0, LR, (2, 2)), (5, R, (1, 1)), (6, RR, (1, 1)), (7, R, (3, 3)), (8, RR, (3, 3))]
    both = final(*start, (10, L, (2, 2)), (11, R, (2, 2)), (12, LR, (2, 2)), (13, RR, (2, 2)))
    assert both.moves == 4 and all(both.final_look()[r * 9 + c].isdigit() for r, c in ((1, 2), (2, 1), (3, 2)))
    middle = final(*start, (10, M, (2, 2)), (12, MR, (2, 2)))
    assert middle.final_look() == both.final_look()
    spent = Timeline(replay(*start, (10, R, (2, 2)), (11, L, (2, 2)), (12, RR, (2, 2)), (13, LR, (2, 1))))
    assert spent.moves == 4  # the left release after the chord reveals nothing more
    # A chord on a number with too few flags does nothing.
    assert final((0, L, (2, 2)), (0, LR, (2, 2)), (10, M, (2, 2)), (12, MR, (2, 2))).moves == 1


def test_a_mine_loses_and_nothing_after_it_counts():
    t = final((0, L, (4, 1)), (0, LR, (4, 1)), (50, L, (0, 8)), (60, LR, (0, 8)), (70, L, (8, 8)), (80, LR, (8, 8)))
    assert t.final.state is State.LOST and t.moves == 2
    assert t.final_look()[8] == "mine_hit"
    assert t.held[-1] == 0 or t.final.over


def clicks_game(seed=3, lose=False):
    """A Beginner game clicked cell by cell with motion between clicks (won, or lost on a mine)."""
    rng, events, now = random.Random(seed), [], 0
    safe = [(r, c) for r in range(9) for c in range(9) if (r, c) not in MINES]
    rng.shuffle(safe)
    for cell in (safe[:20] + [(0, 8)] + safe[20:]) if lose else safe:
        now += rng.randrange(50, 300)
        for _ in range(3):
            events.append((now, MV, cell))
            now += 5
        events += [(now, L, cell), (now + 40, LR, cell)]
    return replay(*events, completed=not lose)


def test_seeks_in_any_order_show_what_a_fresh_playhead_shows_there():
    timeline = Timeline(clicks_game(), every=4)
    assert timeline.completed and timeline.moves > 2 * 4
    head, rng = Playhead(timeline), random.Random(1)
    for _ in range(200):
        when = rng.uniform(timeline.start_ms - 10, timeline.end_ms + 10)
        before = list(head.look)
        changed = head.seek(when)
        fresh = Playhead(timeline)
        fresh.seek(when)
        assert head.look == fresh.look and head.moves == fresh.moves
        assert {(i // 9, i % 9) for i in range(81) if before[i] != head.look[i]} <= changed


def test_steps_go_move_by_move_and_home_is_the_covered_board():
    timeline = Timeline(clicks_game(lose=True))
    head = Playhead(timeline)
    head.seek(timeline.end_ms)
    assert head.state is State.LOST and head.face() == "dead" and head.at_end
    end = head.moves
    head.step(-1)
    assert head.moves == end - 1 and head.state is State.PLAYING
    assert head.time_ms == timeline.times[timeline.move_event[end - 2]]
    head.step(+1)
    assert head.moves == end and head.state is State.LOST
    head.start()
    assert head.moves == 0 and set(head.look) == {"covered"} and head.pointer() is None
    head.step(+1)
    assert head.moves == 1 and head.seconds == 0


def test_the_pointer_its_trail_pressed_cells_and_the_hud_follow_the_time():
    t = Timeline(replay((0, L, (4, 1)), (0, LR, (4, 1)), (1000, MV, (2, 6)), (1100, MV, (2, 7)),
                        (1200, L, (2, 7)), (2500, LR, (2, 7)), (2600, R, (1, 1)), (2700, RR, (1, 1))))
    head = Playhead(t)
    head.seek(1250)
    assert head.pointer() == centre((2, 7)) and head.pressed() == [(2, 7)] and head.face() == "oh"
    assert head.trail() == [centre((2, 6)), centre((2, 7))]
    assert head.seconds == 1 and head.mines_left == 10
    head.seek(2650)
    assert head.pressed() == [] and head.mines_left == 9 and head.face() == "normal"


def test_keyframes_bound_a_seek_on_a_long_replay():
    game = clicks_game(seed=5)
    timeline = Timeline(game)
    assert len(timeline.keyframes) == timeline.moves // KEYFRAME_EVERY + 1
