"""The EVF level of each standard board (issue 28 point 5): ms-toollib reads Metasweeper's
level code from the size (EVF version 4 has no level field): 3 for the competitive 8x8
Beginner, 4 Intermediate, 5 Expert, 6 (custom) for the Windows 9x9 Beginner; a game of
either Beginner can be official, as one of this game's standard levels."""

import random

import pytest

import main
from game.rules.board import Config
from game.records import open_records
from game.replay.fromlog import EVF_CUSTOM, EVF_LEVELS
from game.rules.engine import State
from game.midend.match import Match
from game.rules.moves import Move
from tests.play_helpers import Clock
from tests.files.test_replay_files import evf_facts


def console_win(config: Config) -> Match:
    """``config``'s board won by console commands (their clicks are the EVF's events): the
    centre first, then every safe cell still covered, 0.1 s apart."""
    clock = Clock()
    match = Match(config, rng=random.Random(5), clock=clock)
    match.command(Move.reveal((config.rows // 2, config.cols // 2)))
    mines = match.layout()
    for cell in match.game.cells():
        if cell not in mines and not match.game.is_revealed(cell):
            clock.now += 0.1
            match.command(Move.reveal(cell))
    assert match.game.state is State.WON
    return match


@pytest.mark.parametrize("level, size, code, official", [
    ("beginner", "8x8", 3, True),
    ("beginner", "9x9", 6, True),  # Windows' Beginner: custom to the EVF's readers, standard to us
    ("intermediate", "9x9", 4, True),
    ("expert", "9x9", 5, True),
], ids=["beginner-8x8", "beginner-9x9", "intermediate", "expert"])
def test_the_evf_level_code_of_each_standard_board(tmp_path, capsys, level, size, code, official):
    config = Config.difficulty(level, beginner_size=size, first_click="safe")
    match = console_win(config)
    records = open_records(stderr=None)
    record_id, _ = records.record(match, log=match.log_data())
    assert records.store.game(record_id).level == config.level
    records.close()
    target = tmp_path / "game.evf"
    assert main.main(["--save-replay", "last", str(target)]) == 0
    capsys.readouterr()
    facts = evf_facts(target)
    assert facts["level"] == code == EVF_LEVELS.get(config.level, EVF_CUSTOM)
    assert (facts["rows"], facts["cols"]) == (config.rows, config.cols)
    assert facts["official"] is official and facts["fair"] is True and facts["completed"] is True
