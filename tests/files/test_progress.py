"""game.replay.progress: a game's 3BV solved over time, and the gaps between two games."""

import pytest

from game.replay.files import read_replay
from game.replay.player import Timeline
from game.replay.progress import Progress, gap_ms, live_gap_ms, pace, progress_of


def test_a_replays_progress_ends_on_its_3bv_at_its_time():
    replay = read_replay("tests/corpus/replays/clone097_expert.mvf")
    made = progress_of(Timeline(replay))
    assert (made.bbbv, made.reached, made.won) == (122, 122, True)
    assert made.end_ms == replay.time_ms
    assert made.times_ms == sorted(made.times_ms) and made.solved == sorted(made.solved)
    assert made.time_to(122) <= made.end_ms and made.at(made.end_ms) == 122


def test_time_to_and_at_read_the_steps():
    made = Progress(bbbv=5)
    for when, solved in ((100, 1), (250, 3), (250, 3), (900, 5)):
        made.add(when, solved)
    assert made.times_ms == [100, 250, 900] and made.solved == [1, 3, 5]
    assert [made.at(t) for t in (0, 99, 100, 300, 900)] == [0, 0, 1, 3, 5]
    assert [made.time_to(n) for n in (0, 1, 2, 3, 4, 5)] == [0, 100, 250, 250, 900, 900]
    assert made.time_to(6) is None


def test_the_gap_is_how_much_sooner_one_game_reached_a_count():
    fast, slow = Progress(bbbv=4), Progress(bbbv=4)
    for n in range(1, 5):
        fast.add(n * 1000, n)
        slow.add(n * 1500, n)
    assert gap_ms(fast, slow, 2) == 1000 and gap_ms(slow, fast, 2) == -1000
    assert gap_ms(fast, Progress(bbbv=4), 1) is None
    # live: the player reached 2 at 3.0 s, the rival at 2.0 s: 1 s behind
    assert live_gap_ms(Progress(bbbv=4, times_ms=[1500, 3000], solved=[1, 2]), fast) == 1000
    assert live_gap_ms(Progress(bbbv=4), fast) is None
    assert live_gap_ms(Progress(bbbv=9, times_ms=[10], solved=[9]), fast) is None


def test_a_pace_is_a_straight_line_of_its_rate():
    line = pace(2.0, 10)
    assert line.end_ms == 5000 and line.time_to(4) == 2000 and line.won
    with pytest.raises(ValueError):
        pace(0, 10)
