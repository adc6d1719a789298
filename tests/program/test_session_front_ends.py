"""One session for every front end (issue 37, item 4): the console and the window do a game's
business through the same game.session.Session methods, new game, retry, abandon, a game's
end recorded once, the 3BV filter's miss and the no-guess generation, and keep none of it
themselves. No pygame here: the console is run with a spy session, the window's scenes are
read as source (their calls to ``services.session``)."""

from __future__ import annotations

import ast
import io
import random
from pathlib import Path

import pytest

from game.rules.board import Config
from game.console.play import ConsoleGame, run_session
from game.commands.cli import parse_args
from game.midend.match import Match, Source
from game.noguess import no_guess_layer
from game.rules.position import State
from game.records import open_records
from game.records.record import GameRecord
from game.rules.bv import bv_parts
from game.session import Session, min_bv_table, RANKING_MIN_BV
from tests.play_helpers import Clock

ROOT = Path(__file__).resolve().parents[2]
# The Session's methods both front ends use for a game's business
BUSINESS = {"new_match", "new_game", "retry", "abandon", "finished", "filter_note"}
GENERATION = {"needs_generation", "start_generation", "finish_generation"}
# What a front end must not do itself any more: the match's board changes and the old helpers
BYPASSES = {"retry", "new_game", "set_layout"}


class SpySession(Session):
    """A Session that notes each business method called on it, in order."""

    def __init__(self, **fields) -> None:
        super().__init__(**fields)
        self.calls: list[str] = []

    def _note(self, name: str) -> None:
        self.calls.append(name)


for _name in BUSINESS | GENERATION:
    def _spy(self, *args, _name=_name, **kwargs):
        self._note(_name)
        return getattr(Session, _name)(self, *args, **kwargs)
    setattr(SpySession, _name, _spy)


def laid(picture: str) -> Match:
    """A match on a board laid as ``picture`` ('*' mine, '.' safe; one word per row)."""
    lines = picture.split()
    mines = {(r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch == "*"}
    return Match(Config(len(lines), len(lines[0]), len(mines)), mines=mines, clock=Clock())


def session_uses(path: str) -> set[str]:
    """The names used as ``<something>.session.NAME`` or ``session.NAME`` in the module at
    ``path`` (a call, or a method handed on: the console's ``on_abandon``)."""
    found = set()
    for node in ast.walk(ast.parse((ROOT / path).read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute):
            owner = node.value
            if (isinstance(owner, ast.Attribute) and owner.attr == "session") or (
                    isinstance(owner, ast.Name) and owner.id == "session"):
                found.add(node.attr)
    return found


def match_calls(path: str) -> set[str]:
    """The names called as ``<something>.match.NAME(...)`` or ``match.NAME(...)`` in ``path``."""
    found = set()
    for node in ast.walk(ast.parse((ROOT / path).read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            if (isinstance(owner, ast.Attribute) and owner.attr == "match") or (
                    isinstance(owner, ast.Name) and owner.id == "match"):
                found.add(node.func.attr)
    return found


def names_called(path: str) -> set[str]:
    """Every plain function name called in ``path`` (``f(...)``)."""
    return {node.func.id for node in ast.walk(ast.parse((ROOT / path).read_text(encoding="utf-8")))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}


# ----- the console, run -----------------------------------------------------------------------
def test_the_console_ends_abandons_and_deals_through_its_session(tmp_path):
    records = open_records(str(tmp_path), stderr=None)
    session = SpySession(records=records, name="Ada", rng=random.Random(3))
    match = session.new_match(Config(9, 9, 10))
    out = io.StringIO()
    console = ConsoleGame(match, out, session=session)
    console.handle("r 4 4")
    assert match.game.state is State.PLAYING and "filter_note" in session.calls  # each board shown asks
    console.handle("n")  # left in progress: abandoned through the session, then its next board
    # the console's leave, then the new game's own (which finds it recorded already)
    assert session.calls[-4:-1] == ["abandon", "new_game", "abandon"]
    assert console.match is match and match.round == 2
    abandons = session.calls.count("abandon")
    assert records.store.count() == 1 and "Game abandoned: recorded as a loss." in out.getvalue()
    console.handle("r 4 4")
    row, col = sorted(match.layout())[0]
    console.handle(f"r {row} {col}")  # a loss: recorded through the session
    assert match.game.state is State.LOST and "finished" in session.calls and records.store.count() == 2
    assert session.calls.count("abandon") == abandons  # a game over is not left
    records.close()


def test_run_console_gives_its_game_the_run_session():
    """``--console`` makes one Session for the run, and the 3BV filter table is the one rule
    the window uses too."""
    args = parse_args(["--console", "--difficulty", "beginner", "--min-bv", "7", "--seed", "5"])
    session = run_session(args)
    assert session.min_bv == min_bv_table(7) == dict.fromkeys(session.min_bv, 7)
    assert min_bv_table(None, "rankings") == RANKING_MIN_BV and min_bv_table(None, "off") == {}
    assert min_bv_table(5, "rankings")["expert"] == 5  # --min-bv wins over the Options


# ----- the window, read ------------------------------------------------------------------------
def test_the_window_does_a_games_business_through_the_session_only():
    called = session_uses("game/ui/play/playing.py") | session_uses("game/ui/app.py")
    assert BUSINESS | GENERATION <= called, sorted(BUSINESS | GENERATION - called)
    for path in ("game/ui/play/playing.py", "game/ui/play/generating.py", "game/ui/app.py",
                 "game/ui/services.py"):
        assert not match_calls(path) & BYPASSES, (path, sorted(match_calls(path) & BYPASSES))
        assert not names_called(path) & {"filter_missed", "Generation", "layer_for"}, path


def test_the_console_does_a_games_business_through_the_session_only():
    called = session_uses("game/console/play.py")
    assert {"new_match", "new_game", "filter_note", "finished", "abandon"} <= called
    assert not match_calls("game/console/play.py") & BYPASSES
    assert "filter_missed" not in names_called("game/console/play.py")


def test_services_keep_no_forwarders_to_the_session():
    from game.ui import services
    for name in ("new_match", "finished", "abandon", "min_bv_table"):
        assert not hasattr(services.Services, name), name


# ----- the session's rules, once for both ------------------------------------------------------
def test_a_new_game_and_a_retry_abandon_a_game_in_progress_once(tmp_path):
    records = open_records(str(tmp_path), stderr=None)
    session = Session(records=records, rng=random.Random(3))
    match = session.new_match(Config(9, 9, 10))
    match.reveal((4, 4))
    assert match.game.state is State.PLAYING
    assert session.abandon(match) is None and records.store.count() == 1  # the window asked first
    assert session.new_game(match) is match and match.round == 2
    assert records.store.count() == 1  # abandoned once, not again by new_game
    match.reveal((4, 4))
    session.retry(match)  # left in progress: abandoned, then the same board again
    assert records.store.count() == 2 and match.round == 3 and match.layout_known
    other = session.new_game(match, Config(9, 9, 10), cell=24)  # the window's: the current options
    assert other is not match and other.cell == 24 and other.seed != match.seed
    records.close()


def test_a_new_game_draws_the_same_seeds_as_a_new_match():
    """The console's next board (the match's own) and the window's (a new match) draw their
    seeds from the run's rng alike: the same --seed gives the same boards in both."""
    console, window = Session(rng=random.Random(9), first_seed=5), Session(rng=random.Random(9), first_seed=5)
    config = Config(9, 9, 10)
    ours, theirs = console.new_match(config), window.new_match(config, 24)
    seeds = [(ours.seed, theirs.seed)]
    for _ in range(3):
        console.new_game(ours)
        theirs = window.new_game(theirs, config, 24)
        seeds.append((ours.seed, theirs.seed))
    assert all(a == b for a, b in seeds) and seeds[0] == (5, 5)


def test_the_finished_game_is_recorded_once_by_the_session(tmp_path):
    records = open_records(str(tmp_path), stderr=None)
    told = []
    session = Session(records=records, hooks=[lambda match, log: told.append(records.store.count()) or None])
    match = laid("*.. ... ..*")
    match.reveal((0, 0))
    assert session.finished(match) == [] and records.store.count() == 1 and told == [1]  # recorded first
    match.undo()
    match.redo()
    assert session.finished(match) == [] and records.store.count() == 1 and told == [1]  # the same end
    assert session.last_level == "custom"
    records.close()


def test_a_failed_save_is_said_the_front_ends_way(tmp_path):
    records = open_records(str(tmp_path), stderr=None)
    records.store.close()
    records.store = type(records.store).memory([], problem="no folder")
    session = Session(records=records, unsaved=lambda warning: "short: " + warning[:12])
    match = laid("*.. ... ..*")
    match.reveal((0, 0))
    (note,) = session.finished(match)
    assert note.startswith("short: ") and records.last_record_id is None


def test_the_filter_miss_is_said_once_a_board():
    session = Session(rng=random.Random(2), min_bv={"beginner": 81})
    match = session.new_match(Config.difficulty("beginner"))
    match.deal.tries = 5
    assert session.filter_note(match) is None  # not laid yet
    match.reveal((4, 4))
    missed = session.filter_note(match)
    assert missed is not None and missed.params["minimum"] == 81 and missed.params["count"] == 5
    assert session.filter_note(match) is None  # once a board
    session.new_game(match)
    match.reveal((4, 4))
    assert session.filter_note(match) is not None  # the next board misses again: said again


@pytest.mark.parametrize("cell", [(8, 8), (0, 0)])
def test_the_windows_generation_lays_the_consoles_board(cell):
    """A no-guess board built over frames by the session (the window) is the one the console's
    match lays at the same click from the same seed (its deal's layer)."""
    config = Config.difficulty("intermediate", no_guess=True)
    console = Session(rng=random.Random(7)).new_match(config)
    window = Session(rng=random.Random(7))
    match = window.new_match(config, 24)
    assert match.seed == console.seed and window.needs_generation(match, cell)
    job = window.start_generation(match, cell)
    with pytest.raises(ValueError):
        window.finish_generation(match, job, cell)  # not done yet
    while not job.step(0.01):
        pass
    outcome = window.finish_generation(match, job, cell, Source.MOUSE)
    console.reveal(cell)
    assert match.layout() == console.layout() and not outcome.ignored
    assert not window.needs_generation(match, cell) and match.moves[0].source is Source.MOUSE
    assert console.deal.layer is not None and console.deal.layer.__name__ == no_guess_layer.__name__


def filtered_pair(min_bv: int, tries: int, seed_rng: int = 7, cell=(4, 4)):
    """A no-guess Beginner board under the 3BV filter ``min_bv`` (at most ``tries`` boards,
    no time bound: these tests read no clock) laid at ``cell`` by the console's match (its
    deal's layer, at the click) and by the window's (the session's generation, stepped in
    slices of a millisecond): (console match, window match, window session, job)."""
    config = Config.difficulty("beginner", no_guess=True)
    console_session = Session(rng=random.Random(seed_rng), min_bv={"beginner": min_bv})
    console = console_session.new_match(config)
    window = Session(rng=random.Random(seed_rng), min_bv={"beginner": min_bv})
    match = window.new_match(config, 24)
    for deal in (console.deal, match.deal):
        deal.tries, deal.seconds = tries, float("inf")
    assert window.needs_generation(match, cell)
    job = window.start_generation(match, cell)
    slices = 0
    while not job.step(0.001):
        slices += 1
    window.finish_generation(match, job, cell, Source.MOUSE)
    console.reveal(cell)
    return console, match, window, job, console_session


def test_the_windows_no_guess_board_is_filtered_by_3bv_as_the_consoles():
    """Issue 37: the window's no-guess board, built over frames through the session, goes
    through its deal's 3BV filter as the console's, laid at the click by the deal's layer:
    the same seeds tried in the same order, so the same seed, first click and minimum give
    the same board, dealt under the minimum (the record's min_bv)."""
    config = Config.difficulty("beginner", no_guess=True)
    first = Session(rng=random.Random(7)).new_match(config)  # the run's first board, unfiltered
    first.reveal((4, 4))
    minimum = bv_parts(first.layout(), 9, 9).value + 1  # so that it is dealt again
    console, match, _window, job, _ = filtered_pair(minimum, tries=200)
    assert job.dealt >= 2 and match.seed != first.seed  # not the first seed's board
    assert match.layout() == console.layout() and match.seed == console.seed
    assert bv_parts(match.layout(), 9, 9).value >= minimum and match.deal.missed is None
    assert match.deal.dealt_min_bv == console.deal.dealt_min_bv == minimum
    assert GameRecord.from_match(match, name="T", abandoned=True).min_bv == minimum
    assert match.game.state is State.PLAYING and match.moves[0].source is Source.MOUSE


def test_the_windows_no_guess_filter_misses_as_the_consoles():
    """A minimum no board reaches within the bound: both play the best board seen, and the
    session tells the same miss once, in the window as in the console."""
    console, match, window, job, console_session = filtered_pair(81, tries=4)
    assert job.dealt == 4 and match.layout() == console.layout() and match.seed == console.seed
    assert match.deal.missed == console.deal.missed and match.deal.missed[0] == 4
    told = window.filter_note(match)
    assert told is not None and told == console_session.filter_note(console)
    assert told.params["count"] == 4 and window.filter_note(match) is None


def test_a_cancelled_generation_leaves_the_deal_as_it_was():
    """Cancelled (Esc in the window) between two boards of the filter, the deal is back at
    its seed and its source of seeds: the next click builds the board the console lays."""
    config = Config.difficulty("beginner", no_guess=True)
    session = Session(rng=random.Random(7), min_bv={"beginner": 81})
    match = session.new_match(config, 24)
    match.deal.tries, match.deal.seconds = 3, float("inf")
    seed = match.seed
    job = session.start_generation(match, (4, 4))
    while job.dealt < 1:
        job.step(0.0)  # a slice at a time: at most one board a step
    assert match.seed != seed and not job.done  # trying the next seed
    job.cancel()
    assert match.seed == seed and match.deal.missed is None and not match.game.mines_laid
    console, again, *_ = filtered_pair(81, tries=3)
    assert console.seed != seed  # (the bound reached: the best of three)
    job = session.start_generation(match, (4, 4))
    while not job.step(0.001):
        pass
    session.finish_generation(match, job, (4, 4))
    assert match.layout() == console.layout() == again.layout()


def test_a_generation_cancelled_between_two_boards_stays_cancelled():
    from game.noguess import GenerationCancelled
    session = Session(rng=random.Random(7), min_bv={"beginner": 81})
    match = session.new_match(Config.difficulty("beginner", no_guess=True), 24)
    match.deal.tries, match.deal.seconds = 5, float("inf")
    job = session.start_generation(match, (4, 4))
    while job.dealt < 1:
        job.step(0.0)
    job.cancel()
    with pytest.raises(GenerationCancelled):
        job.step(0.01)
    assert not job.done and not match.game.mines_laid
