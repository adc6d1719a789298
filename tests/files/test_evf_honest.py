"""Issue 25, points 4 and 5: a replay file is what the player did, and its labels are honest.

A game played with the mouse is written from its real pointer stream (every press, release
and motion at its real point and time, never clicks made up at cell centres), and
ms-toollib reading the file gives our own board, 3BV, time, result and click counts.
Keyboard, console and autoplay moves are clicks at cell centres, and the file says so; a
left click on a number that chorded (a move the formats' rules lack) is written as the
chord they have, both buttons at the same point (issue 37), and the file says so; one that
chorded nothing stays the left click it was. The header's fair and official bits
and its mode follow the EVF standard and Metasweeper (docs/replays-labels.md)."""

import random
from dataclasses import replace

import pytest

from game.rules.board import Config
from game.rules.engine import State
from game.midend.match import Match
from game.rules.moves import Move
from game.records.record import GameRecord
from game.replay.events import CELL_PX
from game.replay.files import write_evf
from game.replay.competitive import recorded_stats
from game.replay.fromlog import LABELS, kind_of, labels_of, pointer_events, replay_of
from tests.evf_figures import evf_figures
from tests.play_helpers import Clock
from tests.files.test_replay_files import evf_facts

CELL = 24  # the window's cell size in these logs: scaled to the formats' 16 px in the file
OFF = (3, 19)  # where in its cell the hand presses: far from the centre (12, 12)


class Hand:
    """Plays a Match as the window does: logs each pointer event (at ``OFF`` in the cell,
    after some motion towards it), then applies the move the gesture makes, and keeps the
    source of every logged move for a version 2 log."""

    def __init__(self, match: Match, clock: Clock):
        self.match, self.clock, self.sources = match, clock, []
        self.at = (CELL * 3 + 1, CELL * 3 + 1)

    def point(self, cell, off=OFF):
        return cell[1] * CELL + off[0], cell[0] * CELL + off[1]

    def glide(self, cell, off=OFF):
        """Motion in three steps to ``cell``, 20 ms apart."""
        x0, y0 = self.at
        x1, y1 = self.point(cell, off)
        for step in (1, 2, 3):
            self.clock.now += 0.02
            self.match.pointer("mv", x0 + (x1 - x0) * step // 3, y0 + (y1 - y0) * step // 3)
        self.at = (x1, y1)

    def press(self, *actions, kind=None, cell=None, source="mouse", off=OFF):
        """Glide to ``cell`` and log ``actions`` there 40 ms apart; apply (kind, cell) at
        the release that makes it (the last left or right release, or the first release
        of a chord)."""
        self.glide(cell, off)
        for i, action in enumerate(actions):
            self.clock.now += 0.04
            self.match.pointer(action, *self.at)
            if kind and action.endswith("r") and (i == len(actions) - 1 or kind == "chord"):
                self.apply(kind, cell, source)
                kind = None

    def apply(self, kind, cell, source):
        before = len(self.match.moves)
        self.match.apply(Move(kind, cell), source)
        self.sources += [source] * (len(self.match.moves) - before)

    def left(self, cell, source="mouse"):
        self.press("lc", "lr", kind="reveal", cell=cell, source=source)

    def flag(self, cell):
        self.press("rc", "rr", kind="flag", cell=cell)

    def chord(self, cell):  # both buttons, right first, left released first (Arbiter's way)
        self.press("rc", "lc", "lr", "rr", kind="chord", cell=cell)

    def key(self, kind, cell, source="keyboard"):
        """A move made without the pointer (keyboard, autoplay) 100 ms later."""
        self.clock.now += 0.1
        self.apply(kind, cell, source)

    def log(self, help=None, questions=False):
        """The match's log (version 2), with ``help`` claimed in it on top of what the match
        logged, and the question-mark option as ``questions``."""
        data = self.match.log_data()
        assert data["version"] == 2 and [row[4] for row in data["moves"]] == self.sources
        data["options"] = {**data["options"], "questions": questions}
        data["help"] = {**data["help"], **(help or {})}
        return data


def beginner(seed=5, clock=None, **rules):
    clock = clock or Clock()
    match = Match(Config.difficulty("beginner", first_click="safe", **rules), rng=random.Random(seed), clock=clock,
                  cell=CELL)
    return Hand(match, clock)


def number_to_chord(game):
    """A revealed number with a mine and a covered safe cell around it, or None."""
    mines = game.layout()
    for cell in game.cells():
        if game.appearance(cell) in "12345678":
            around = list(game.neighbours(cell))
            if any(n in mines for n in around) and any(
                    n not in mines and game.appearance(n) == "covered" for n in around):
                return cell
    return None


def open_until_chordable(hand, first=(4, 4)):
    """Reveal ``first``, then safe cells in row order until a number can chord; that number."""
    game = hand.match.game
    hand.left(first)
    safe = [c for c in game.cells() if c not in game.layout()]
    while (number := number_to_chord(game)) is None:
        hand.left(next(c for c in safe if game.appearance(c) == "covered"))
    return number


def finish(hand, source="mouse", keyboard=()):
    """Reveal every covered safe cell by left clicks (``keyboard``: those by keys)."""
    game = hand.match.game
    for cell in game.cells():
        if game.over:
            break
        if cell not in game.layout() and game.appearance(cell) == "covered":
            if cell in keyboard:
                hand.key("reveal", cell)
            else:
                hand.left(cell, source)


def record_of(hand, **changes):
    record = GameRecord.from_match(hand.match, name="Tester")
    record.id = 1
    return replace(record, **changes)


def written(tmp_path, data, record, name="game.evf"):
    path = tmp_path / name
    write_evf(path, replay_of(data, record))
    return evf_facts(path)


def scaled(x, y):
    return x * CELL_PX // CELL, y * CELL_PX // CELL


def test_a_mouse_game_is_written_from_its_real_pointer_stream_and_ms_toollib_agrees(tmp_path):
    hand = beginner()
    game = hand.match.game
    number = open_until_chordable(hand)
    for n in game.neighbours(number):
        if n in game.layout() and game.appearance(n) == "covered":
            hand.flag(n)
    hand.chord(number)
    finish(hand)
    assert game.state is State.WON and hand.match.clicks["chord"] == 1 and hand.match.clicks["flag"] >= 1
    assert hand.match.clicks["wasted"] == 0
    data, record = hand.log(), record_of(hand)
    assert kind_of(data) == "pointer"
    facts = written(tmp_path, data, record)

    # every press, release and motion from the first press on, at its real point and time
    pointer = data["pointer"]
    first = next(i for i, (_, action, _, _) in enumerate(pointer) if action in ("lc", "rc"))
    wanted = [[ms, action, *scaled(x, y)] for ms, action, x, y in pointer[first:]]
    t0 = facts["mouse"][0][0]
    assert [[t - t0, action, x, y] for t, action, x, y in facts["mouse"]] == wanted
    assert any(action == "mv" for _, action, _, _ in facts["mouse"])
    presses = [(x % CELL_PX, y % CELL_PX) for _, action, x, y in facts["mouse"] if action in ("lc", "rc")]
    assert set(presses) == {scaled(*OFF)}  # off-centre, as pressed: nothing moved to a centre

    # ms-toollib's reading is our game
    mines = game.layout()
    assert {(r, c) for r in range(9) for c in range(9) if facts["board"][r][c] == -1} == mines
    assert facts["bbbv"] == game.three_bv == record.three_bv
    assert facts["rtime_ms"] == record.time_ms
    assert facts["completed"] is True and facts["bbbv_solved"] == game.three_bv
    opened = {(r, c) for r in range(9) for c in range(9) if facts["game_board"][r][c] < 10}
    assert opened == {c for c in game.cells() if game.is_revealed(c)}
    assert (facts["left"], facts["right"], facts["double"]) == (
        hand.match.clicks["reveal"], hand.match.clicks["flag"], hand.match.clicks["chord"])
    assert (facts["left"], facts["right"], facts["double"]) == (
        record.clicks_reveal, record.clicks_flag, record.clicks_chord)
    assert facts["software"] == "Minesweeper 0.1.0"  # no label: nothing made up
    assert facts["fair"] is True and facts["official"] is True and facts["mode"] == 0
    assert facts["checksum"] == []


def test_a_left_click_on_a_number_that_cannot_chord_stays_a_left_click(tmp_path):
    hand = beginner()
    game = hand.match.game
    number = open_until_chordable(hand)  # no flag around it: a left click there cannot chord
    hand.press("lc", "lr", kind="chord", cell=number, source="left_chord")
    assert hand.sources[-1] == "left_chord" and hand.match.clicks["wasted"] == 1 and hand.match.clicks["chord"] == 0
    finish(hand)
    assert game.state is State.WON
    data, record = hand.log(), record_of(hand)
    facts = written(tmp_path, data, record)
    on_number = [action for _, action, x, y in facts["mouse"]
                 if (y // CELL_PX, x // CELL_PX) == number and action != "mv"]
    assert on_number == ["lc", "lr"]  # the press and release the player made, no right button
    assert facts["double"] == 0 == record.clicks_chord
    assert facts["completed"] is True and LABELS["left_chord"] not in facts["software"]
    assert recorded_stats([(data, record)]) == evf_figures([replay_of(data, record)])  # the figures: the file's


def left_chord_win() -> tuple[int, dict, object]:
    """A Beginner game won with one left click on a number that chorded (its mines flagged
    first): (that number's cell, the log, the record)."""
    hand = beginner()
    game = hand.match.game
    number = open_until_chordable(hand)
    for n in game.neighbours(number):
        if n in game.layout() and game.appearance(n) == "covered":
            hand.flag(n)
    hand.press("lc", "lr", kind="chord", cell=number, source="left_chord")
    assert hand.match.clicks["chord"] == 1
    finish(hand)
    assert game.state is State.WON
    return number, hand.log(), record_of(hand)


def test_a_left_click_chord_is_written_as_both_buttons_and_the_file_says_so(tmp_path):
    """Issue 37: the file once kept the left press and release alone, which ms-toollib
    does not chord, so an honest win read as not completed; now the left release gets a
    right press before it and a right release after it, at its point and time, and
    ms-toollib reads the game as it went."""
    number, data, record = left_chord_win()
    facts = written(tmp_path, data, record)
    assert f"[{LABELS['left_chord']}]" in facts["software"]
    assert facts["fair"] is True and facts["official"] is False  # no aid, but input the formats lack, adapted
    assert facts["completed"] is True and facts["bbbv_solved"] == facts["bbbv"] == record.three_bv
    mines = {(r, c) for r in range(9) for c in range(9) if facts["board"][r][c] == -1}
    assert mines == {tuple(cell) for cell in data["mines"]}
    assert (facts["left"], facts["right"], facts["double"]) == (
        record.clicks_reveal, record.clicks_flag, record.clicks_chord)  # the chord is ms-toollib's double
    on_number = [(t, action, x, y) for t, action, x, y in facts["mouse"]
                 if (y // CELL_PX, x // CELL_PX) == number and action != "mv"]
    assert [action for _, action, _, _ in on_number] == ["lc", "rc", "lr", "rr"]
    assert len({(t, x, y) for t, _, x, y in on_number[1:]}) == 1  # at the left release's point and time
    events = list(replay_of(data, record).events)
    at = next(i for i, e in enumerate(events) if e.action.value == "lr" and e.cell(9, 9) == number)
    assert [e.action.value for e in events[at - 1:at + 2]] == ["rc", "lr", "rr"]
    assert events[:at - 1] + [events[at]] + events[at + 2:] == list(pointer_events(data))  # nothing else added
    # the records' figures (the game's story) are the file's, which ms-toollib now plays as the game went
    assert recorded_stats([(data, record)]) == evf_figures([replay_of(data, record)])


def test_keyboard_moves_are_clicks_at_cell_centres_merged_in_time_and_labelled(tmp_path):
    hand = beginner()
    game = hand.match.game
    hand.left((4, 4))
    safe = [c for c in game.cells() if c not in game.layout() and game.appearance(c) == "covered"]
    keyed = set(safe[:2])
    finish(hand, keyboard=keyed)
    assert game.state is State.WON
    data, record = hand.log(), record_of(hand)
    assert kind_of(data) == "merged"
    facts = written(tmp_path, data, record)
    assert f"[{LABELS['centred'].format(sources='keyboard')}]" in facts["software"]
    centre = CELL_PX // 2
    t0 = facts["mouse"][0][0]
    for ms, kind, r, c, source in data["moves"]:
        if source == "keyboard":
            assert [ms, "lc", c * CELL_PX + centre, r * CELL_PX + centre] in [
                [t - t0, a, x, y] for t, a, x, y in facts["mouse"]]
    assert [t for t, *_ in facts["mouse"]] == sorted(t for t, *_ in facts["mouse"])
    assert facts["completed"] is True and facts["left"] == hand.match.clicks["reveal"]
    assert facts["fair"] is True  # the keyboard is no aid


def test_an_autoplay_won_game_is_not_fair_and_says_so(tmp_path):
    hand = beginner()
    game = hand.match.game
    hand.left((4, 4))
    hand.match.use_autoplay()
    for cell in [c for c in game.cells() if c not in game.layout() and game.appearance(c) == "covered"]:
        if game.appearance(cell) == "covered":
            hand.key("reveal", cell, source="autoplay")
    assert game.state is State.WON
    data, record = hand.log(help={"autoplay": True}), record_of(hand)
    assert record.autoplay_used
    facts = written(tmp_path, data, record)
    assert facts["completed"] is True and facts["fair"] is False and facts["official"] is False
    assert LABELS["centred"].format(sources="autoplay") in facts["software"]
    # the log alone is enough: an autoplay move makes the game unfair
    assert not labels_of(data, replace(record, autoplay_used=False)).fair


@pytest.mark.parametrize("help, field", [
    ({"hints": 1}, {"hints_used": 1}),
    ({"overlay": True}, {"probabilities_used": True}),
    ({"undos": 1}, {"undos": 1}),
])
def test_any_help_or_undo_makes_a_game_unfair(tmp_path, help, field):
    hand = beginner()
    hand.left((4, 4))
    finish(hand)
    clean = record_of(hand)
    assert labels_of(hand.log(), clean).fair and labels_of(hand.log(), clean).official
    assert not labels_of(hand.log(help), clean).fair  # the log says so
    assert not labels_of(hand.log(), replace(clean, **field)).fair  # the record says so
    facts = written(tmp_path, hand.log(help), clean)
    assert facts["completed"] is True and facts["fair"] is False and facts["official"] is False


def test_a_game_played_on_after_an_undo_is_reconstructed_unfair_and_labelled(tmp_path):
    clock = Clock()
    match = Match(Config.difficulty("beginner", first_click="safe"), rng=random.Random(5), clock=clock)
    game = match.game
    match.command(Move.reveal((4, 4)))
    clock.now += 0.5
    match.command(Move.reveal(sorted(game.layout())[0]))
    match.undo_loss()
    for cell in game.cells():
        if cell not in game.layout() and game.appearance(cell) == "covered":
            clock.now += 0.25
            match.command(Move.reveal(cell))
    assert game.state is State.WON
    record = GameRecord.from_match(match, name="Tester")
    data = match.log_data()
    assert record.undos == 1 and kind_of(data) == "reconstructed"
    facts = written(tmp_path, data, record)
    assert facts["completed"] is True and facts["fair"] is False
    assert LABELS["reconstructed"] in facts["software"]


def won_console_game(config, seed=3, seeds_known=False, mines=None):
    """A Match won by console commands, its GameRecord."""
    clock = Clock()
    match = Match(config, rng=random.Random(seed), clock=clock, seeds_known=seeds_known, mines=mines)
    game = match.game
    match.command(Move.reveal((config.rows // 2, config.cols // 2)))
    for cell in game.cells():
        if game.over:
            break
        if cell not in game.layout() and game.appearance(cell) == "covered":
            clock.now += 0.1
            match.command(Move.reveal(cell))
    assert game.state is State.WON
    return match, GameRecord.from_match(match, name="Tester")


@pytest.mark.parametrize("config, mode, official", [
    (Config.difficulty("beginner", first_click="safe"), 0, True),
    (Config.difficulty("expert", first_click="safe"), 0, True),
    (Config.difficulty("intermediate"), 4, False),  # opening: Metasweeper's win7
    (Config.difficulty("beginner", first_click="classic"), 0, False),  # Windows XP's: no mode of its own
    (Config.difficulty("intermediate", no_guess=True), 5, False),  # classic no guess
    (Config(8, 8, 10, first_click="safe"), 0, True),  # Metasweeper's Beginner: our competitive Beginner (issue 28)
    (Config(10, 10, 10, first_click="safe"), 0, False),  # a custom size
], ids=["beginner-safe", "expert-safe", "opening", "classic", "no-guess", "beginner-8x8", "custom"])
def test_mode_and_official_follow_the_rules_of_the_board(config, mode, official):
    match, record = won_console_game(config)
    labels = labels_of(match.log_data(), record)
    assert (labels.mode, labels.official, labels.fair) == (mode, official, True)
    assert (LABELS["first_click"].format(rule="a mine under it moves to the top-left corner") in labels.tags) is (
        config.first_click == "classic")


def test_a_known_layout_is_upk_and_never_official():
    config = Config.difficulty("beginner", first_click="safe")
    seeded, record = won_console_game(config, seeds_known=True)  # a chosen --seed
    assert record.layout_known
    labels = labels_of(seeded.log_data(), record)
    assert (labels.mode, labels.official, labels.fair) == (1, False, True)
    fresh, _ = won_console_game(config)
    loaded, record = won_console_game(config, mines=sorted(fresh.game.layout()))  # a board from a file
    assert record.layout_known
    labels = labels_of(loaded.log_data(), record)
    assert (labels.mode, labels.official) == (1, False)


def test_a_dense_board_where_the_opening_rule_fell_back_is_standard():
    match, record = won_console_game(Config(4, 4, 10), seed=1)  # 16 cells: no room for a 3x3 block
    assert labels_of(match.log_data(), record).mode == 0


@pytest.mark.parametrize("config, level", [
    (Config.difficulty("beginner", first_click="safe"), 6),  # 9x9: Metasweeper's Beginner is 8x8
    (Config(8, 8, 10, first_click="safe"), 3),
    (Config.difficulty("intermediate", first_click="safe"), 4),
    (Config.difficulty("expert", first_click="safe"), 5),
], ids=["beginner", "8x8", "intermediate", "expert"])
def test_the_level_ms_toollib_reads_is_the_one_of_the_size(tmp_path, config, level):
    match, record = won_console_game(config)
    facts = written(tmp_path, match.log_data(), record)
    assert facts["level"] == level and facts["completed"] is True
    assert facts["official"] is (record.level != "custom" and config.first_click == "safe")
    assert facts["checksum"] == [] and LABELS["centred"].format(sources="console") in facts["software"]


def test_a_lost_game_is_neither_fair_nor_official_in_the_file(tmp_path):
    clock = Clock()
    match = Match(Config.difficulty("beginner", first_click="safe"), rng=random.Random(5), clock=clock)
    game = match.game
    match.command(Move.reveal((4, 4)))
    clock.now += 1
    match.command(Move.reveal(sorted(game.layout())[0]))
    record = GameRecord.from_match(match, name="Tester")
    assert labels_of(match.log_data(), record).fair  # no aid ...
    facts = written(tmp_path, match.log_data(), record)
    assert facts["completed"] is False and facts["fair"] is False and facts["official"] is False  # ... not completed


def version_1(data):
    """A version 2 log as version 1 wrote it: no move sources, history, help or options."""
    old = {key: value for key, value in data.items() if key not in ("history", "help", "options")}
    old["version"] = 1
    old["moves"] = [row[:4] for row in data["moves"]]
    old["undone"] = []
    return old


def test_an_old_log_with_gaps_is_reconstructed_and_labelled(tmp_path):
    hand = beginner()
    hand.left((4, 4))
    finish(hand)
    data, record = version_1(hand.match.log_data()), record_of(hand)
    data["pointer_gaps"] = 1  # a keyboard move somewhere: which one is not known
    assert kind_of(data) == "reconstructed"
    facts = written(tmp_path, data, record)
    assert LABELS["reconstructed"] in facts["software"] and facts["completed"] is True
    data["pointer_gaps"] = 0
    assert kind_of(data) == "pointer"  # a version 1 mouse game: its pointer, unlabelled
    assert written(tmp_path, data, record, "v1.evf")["software"] == "Minesweeper 0.1.0"


def test_questions_are_written_as_the_option_was(tmp_path):
    hand = beginner(questions=True)
    hand.left((4, 4))
    finish(hand)
    assert written(tmp_path, hand.log(questions=True), record_of(hand))["questions"] is True
    assert written(tmp_path, hand.log(), record_of(hand), "b.evf")["questions"] is False


def test_save_replay_of_a_recorded_version_2_game_says_how_it_was_made(tmp_path, isolated_data_dir, capsys):
    import main
    from game.records import open_records

    hand = beginner()
    game = hand.match.game
    hand.left((4, 4))
    keyed = {next(c for c in game.cells() if c not in game.layout() and game.appearance(c) == "covered")}
    finish(hand, keyboard=keyed)
    records = open_records(stderr=None)
    records.record(hand.match, name="Tester", log=hand.log())
    records.close()
    target = tmp_path / "kept.evf"
    assert main.main(["--save-replay", "last", str(target)]) == 0
    out = capsys.readouterr().out
    assert "from its pointer input, with a click at the cell of each move made without it" in out
    facts = evf_facts(target)
    assert facts["software"] == "Minesweeper 0.1.0 [keyboard moves as clicks at cell centres]"
    assert facts["completed"] is True and facts["fair"] is True and facts["official"] is True


def test_a_console_move_whose_click_the_pointer_keeps_is_not_written_twice(tmp_path):
    hand = beginner()
    game = hand.match.game
    hand.left((4, 4))
    cell = next(c for c in game.cells() if c not in game.layout() and game.appearance(c) == "covered")
    hand.clock.now += 0.1
    hand.match.cell = CELL
    hand.match.command(Move.reveal(cell))  # logs its click at the cell's centre, then the move
    hand.sources.append("console")
    finish(hand)
    data, record = hand.log(), record_of(hand)
    assert kind_of(data) == "merged"
    replay = replay_of(data, record)
    on_cell = [e.action.value for e in replay.events if e.cell(9, 9) == cell and e.action.value != "mv"]
    assert on_cell == ["lc", "lr"]
    facts = written(tmp_path, data, record)
    assert facts["completed"] is True and facts["left"] == hand.match.clicks["reveal"]
    assert "[console moves as clicks at cell centres]" in facts["software"]


def test_the_viewer_replays_a_left_click_chord_win_to_its_recorded_end():
    """Issue 37: an honest win with a left click on a number that chorded replayed in the
    window's viewer (Statistics, Watch) as a loss, the chord's cells left covered, because the
    viewer read the pointer stream by the formats' rules; it now reads it by the game's."""
    from game.records.db import RecordStore
    from game.replay.fromlog import logged_look
    from game.replay.sources import recorded_timeline
    _number, data, record = left_chord_win()
    with RecordStore.memory() as store:
        store.add_game(record, data)
        timeline = recorded_timeline(store, record)
    assert timeline.completed and timeline.final_look() == logged_look(data)
    assert timeline.replay.events == replay_of(data, record).events  # the file's events: both buttons


def test_save_replay_writes_a_left_click_chord_win_and_still_refuses_a_pointer_that_ends_elsewhere(tmp_path):
    """Issue 37: the check that the file's events end as the game did stays (an honest file
    or none), and no longer trips on a left-click chord, which is written with both buttons."""
    from game.records.db import RecordStore
    from game.replay.fromlog import LogError, save_replay

    _number, data, record = left_chord_win()
    with RecordStore.memory() as store:
        store.add_game(record, data)
        line = save_replay(store, "last", str(tmp_path / "won.evf"))
    assert "written as chords with both buttons" in line
    assert evf_facts(tmp_path / "won.evf")["completed"] is True

    pointer = data["pointer"]
    last = max(i for i, (_, action, _, _) in enumerate(pointer) if action == "lc")
    assert [action for _, action, _, _ in pointer[last:last + 2]] == ["lc", "lr"]
    cut = {**data, "pointer": pointer[:last] + pointer[last + 2:]}  # the last left click taken out
    with RecordStore.memory() as store:
        store.add_game(record, cut)
        with pytest.raises(LogError, match="pointer input does not play back to the game recorded"):
            save_replay(store, "last", str(tmp_path / "cut.evf"))
    assert not (tmp_path / "cut.evf").exists()


def test_saving_or_watching_a_left_click_chord_game_replays_its_log_once(tmp_path, monkeypatch):
    """Issue 37: saving a game with a left-click chord replayed its log four times (the
    chords for the label, the events' chords by the gesture interpreter, the end to check the
    file against, twice for a check); watching it three times and read its pointer stream
    twice. One replay of the log (fromlog.told) now gives the chords and the end: saving
    steps the log once, watching once for the file's chords and once for the viewer's own
    timeline; the file and the timeline are as before (the tests above)."""
    from game.midend import match as match_module
    from game.records.db import RecordStore
    from game.replay import fromlog, sources
    from game.replay.fromlog import save_replay
    from game.replay.sources import recorded_timeline
    _number, data, record = left_chord_win()
    replays, reads = [], []
    real_from_log, real_pointer = match_module.Match.from_log.__func__, fromlog.pointer_events

    def counted_from_log(cls, *args, **kwargs):
        replays.append(kwargs.get("standing", False))
        return real_from_log(cls, *args, **kwargs)

    def counted_pointer(*args):
        reads.append(1)
        return real_pointer(*args)
    monkeypatch.setattr(match_module.Match, "from_log", classmethod(counted_from_log))
    monkeypatch.setattr(fromlog, "pointer_events", counted_pointer)
    monkeypatch.setattr(sources, "pointer_events", counted_pointer)
    with RecordStore.memory() as store:
        store.add_game(record, data)
        line = save_replay(store, "last", str(tmp_path / "won.evf"))
        assert "written as chords with both buttons" in line and len(replays) == 1 and len(reads) == 1
        replays.clear(), reads.clear()
        timeline = recorded_timeline(store, record)
    assert timeline.completed and len(replays) == 2 and len(reads) == 1
