"""Issue 37, item 2 (the figures' half): a recorded game is told once. The competitive figures
the records store for a game of ours come from stepping its own story (its log through
Match.from_log, the pointer stream beside the moves: game.replay.competitive.recorded_stats),
as the replay viewer and the live counters count it, and they are every one the figures
ms-toollib computes from the EVF the game exports (tests/evf_figures.py: the file
--save-replay writes, read back by Metasweeper's reader), floats to 1e-9 relative.

The games are tests/files/test_replay_told_once.py's: played as the window plays them by a
scripted hand (left clicks, drags, both-button and middle chords, left clicks on numbers that
chord, keyboard, console and autoplay moves, undo and redo, hints), won, lost and abandoned,
on random small boards and on the three boards ms-toollib has an STNB constant for, and two
in which a move made without the pointer and one the pointer made share a millisecond.
"""

import functools
import math

from game.figures import FIGURES
from game.midend.counters import pointer_move_follows
from game.midend.match import POINTER_SOURCES, Played, Source
from game.records.compstats import compute
from game.records.db import RecordStore
from game.records.record import GameRecord
from game.replay.competitive import recorded_stats
from game.replay.fromlog import kind_of, replay_of
from game.rules.engine import State
from tests.evf_figures import evf_figures
from tests.files.test_replay_told_once import play

RANDOM_GAMES = 300
STNB_SIZES = ((8, 8, 10), (16, 16, 40), (16, 30, 99))  # ms-toollib's levels with an STNB constant
STNB_GAMES = 12  # per size
# games in which a move made without the pointer is followed in the same ms by one the pointer
# made (an autoplay reveal, then a flag; a key's reveal, then a flag): the file once played the
# pointer's first and ended elsewhere
SAME_MS = ((1826, (16, 30, 99)), (1341, (16, 16, 40)))  # found by a search over seeds (generator version 1)


@functools.lru_cache(maxsize=1)
def corpus():
    """(record, log, what the game holds) of every game that started (built once: both tests read it)."""
    hands = [play(seed) for seed in range(RANDOM_GAMES)]
    hands += [play(10_000 + i, size, turns=400) for size in STNB_SIZES for i in range(STNB_GAMES)]
    hands += [play(seed, size, turns=400) for seed, size in SAME_MS]
    games = []
    for hand in hands:
        match = hand.match
        if match.game.state is State.READY:
            continue
        record = GameRecord.from_match(match, name="Hand", abandoned=not match.game.over)
        data = match.log_data()
        sources = {entry.source for entry in match.history if isinstance(entry, Played)}
        held = {"won" if record.won else "abandoned" if record.abandoned else "lost", kind_of(data)}
        held |= {source.value for source in sources}
        held |= {name for name in ("undo", "redo") if hand.made[name]}
        if not match.undos and any(pointer_move_follows(match.history, i) for i, entry in enumerate(match.history)
                                   if isinstance(entry, Played) and entry.source not in POINTER_SOURCES
                                   and entry.ms > 0):
            held.add("same ms")
        if Source.LEFT_CHORD in sources and hand.made["left-click chord"]:
            held.add("left-click chord")
        games.append((record, data, frozenset(held)))
    return tuple(games)


def same(ours, theirs) -> bool:
    if ours is None or theirs is None:
        return ours is theirs
    return math.isclose(ours, theirs, rel_tol=1e-9) if isinstance(ours, float) else ours == theirs


def test_the_figures_of_a_recorded_game_are_its_story_and_its_files():
    games = corpus()
    seen = {}
    for _, _, held in games:
        for what in held:
            seen[what] = seen.get(what, 0) + 1
    for what in ("won", "lost", "abandoned", "pointer", "merged", "reconstructed", "left-click chord", "undo",
                 "redo", "keyboard", "console", "autoplay"):
        assert seen.get(what, 0) >= 10, (what, seen)
    assert seen.get("same ms", 0) >= 2, seen
    ours = recorded_stats([(data, record) for record, data, _ in games])
    theirs = evf_figures([replay_of(data, record) for record, data, _ in games])
    names = ["bbbv_solved"] + [f.name for f in FIGURES]
    with_stnb = 0
    for (record, data, held), story, file in zip(games, ours, theirs):
        assert not isinstance(story, str) and not isinstance(file, str), (story, file)
        wrong = [(name, getattr(story, name), getattr(file, name)) for name in names
                 if not same(getattr(story, name), getattr(file, name))]
        assert not wrong, (record.rows, record.cols, sorted(held), wrong)
        with_stnb += story.stnb is not None
    assert with_stnb >= 10


def test_the_records_compute_the_figures_of_the_story():
    """compstats.compute (what the records store) gives the story's figures for logs read back
    from a database, and a loaded position none."""
    games = corpus()[:40]
    with RecordStore.memory() as store:
        items = []
        for record, data, _ in games:
            store.add_game(record, data)
            items.append((record, store.read_log(record)))
        loaded = dict(items[0][1], start=[[0, 0]])
        results = compute(items + [(items[0][0], loaded)])
    assert results[:-1] == recorded_stats([(data, record) for record, data, _ in games])
    assert isinstance(results[-1], str) and "loaded position" in results[-1]


def test_a_log_without_pointer_input_counts_a_click_at_each_moves_centre():
    """A log whose moves came with no pointer input (a match played through its methods): its
    story is a click at the centre of each move, which is what its file is made of."""
    games = [(record, dict(data, pointer=[])) for record, data, held in corpus()[:80]]
    ours = recorded_stats([(data, record) for record, data in games])
    theirs = evf_figures([replay_of(data, record, from_moves=True) for record, data in games])
    names = ["bbbv_solved"] + [f.name for f in FIGURES]
    for (record, data), story, file in zip(games, ours, theirs):
        wrong = [(name, getattr(story, name), getattr(file, name)) for name in names
                 if not same(getattr(story, name), getattr(file, name))]
        assert not wrong, (record.rows, record.cols, wrong)
