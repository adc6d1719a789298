"""The side panel (issue 35, item 1): the panels' strip has a purpose at every moment. Before
the first click and during play it shows the compact counters, the level's bests and win
streak from the records, whether the game can still set a best time (and why not, the
moment it stops), and the keys that matter now; the hint panel takes the strip in its
place, on every board, never over a cell. Driven by posted pygame events (headless SDL,
fake clock), the strip's pixels read back."""

import random
import time
from types import SimpleNamespace

import pygame
import pytest

from game.rules.board import Config
from game.figures import figure, value_text
from game.i18n import _
from game.midend.match import Match
from game.records.db import RecordStore
from game.records.notes import UNDONE
from game.ui.play import side_panel
from game.ui.shared.formats import decimal, seconds
from game.ui.play.playing import Playing
from game.ui.play.result import Victory
from game.ui.play.side_panel import CAN_RANK, HELPED, NOT_SAVED, RECORDS_OFF, SidePanel, rank_status
from game.ui.play.solver_view import HintPanel
from game.ui.shared.theme import palette
from tests.play_helpers import win_by_clicks
from tests.ui.test_ui_records import record


def colours(w, rect) -> set:
    """The distinct colours of the screen's pixels in logical ``rect``."""
    raw = w.screen.pixels(rect)
    return set(zip(raw[0::3], raw[1::3], raw[2::3]))


def answered(w, seconds_: float = 30.0):
    """Step frames until the hint panel has its answer (worked out in the solver's process)."""
    deadline = time.monotonic() + seconds_
    while isinstance(w.scene, HintPanel) and w.scene.waiting:
        assert time.monotonic() < deadline, "the hint never came"
        w.step(1)
        time.sleep(0.001)
    return w.scene


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("level", ["beginner", "expert"])
def test_the_strip_is_never_an_empty_grey_area_before_or_during_play(window, level, lang):
    w = window(["--difficulty", level, "--lang", lang], deal=7)
    playing = w.scene
    side, panel = playing.side, playing.room.panel
    assert side.shown == ["counters", "bests", "rank", "keys"]  # all four fit Beginner's strip too
    assert all(panel.contains(rect) for rect in side.rects.values())
    assert not any(rect.colliderect(playing.layout.board) for rect in side.rects.values())
    before = w.screen.pixels(panel)
    assert len(colours(w, panel)) > 10  # text, not one grey (an empty strip is palette.panel alone)
    assert side.rank == (_(CAN_RANK), True)
    w.click_cell((playing.game.rows // 2, playing.game.cols // 2))
    w.step(70)  # a second of play
    assert w.screen.pixels(panel) != before and len(colours(w, panel)) > 10
    assert side.values["clicks"] == "1" and side.values["time"] == seconds(1, 0)
    point = "," if lang == "es" else "."  # the language's own decimal mark
    assert point in side.values["bbbv_per_s"], side.values
    assert side_panel.SIZE * w.screen.scale >= 12  # the text is never under 12 pixels


def test_the_rank_status_says_at_once_why_a_game_stops_ranking(window):
    w = window(["--difficulty", "beginner"], deal=7)
    playing = w.scene
    side = playing.side
    w.click_cell((4, 4))
    assert side.rank == (_(CAN_RANK), True)
    rank_rect = side.rects["rank"]
    ranking = w.screen.pixels(rank_rect)
    assert (*palette.safe_text,) in colours(w, rank_rect)
    w.key(pygame.K_z, mod=pygame.KMOD_CTRL)  # undo the first click
    assert playing.match.undos == 1
    assert side.rank == (_(UNDONE), False)  # an undone game counts in no statistic
    assert w.screen.pixels(side.rects["rank"]) != ranking
    assert (*palette.guess_text,) in colours(w, side.rects["rank"])


def test_a_hint_stops_the_ranking_and_its_panel_takes_the_strip(window):
    w = window(["--difficulty", "expert"], deal=7)
    playing = w.scene
    side = playing.side
    w.click_cell((8, 15))
    assert side.rank[1]
    w.key(pygame.K_h)
    panel = answered(w)
    assert isinstance(panel, HintPanel) and playing.match.hints_used == 1
    # the hint panel stands at the strip's top; under it the side panel's blocks that fit whole
    # (never a blank grey area), the ranking saying at once that the hint took it out
    assert panel.room is playing.room and playing.room.panel.contains(panel.panel)
    w.step(2)  # (the hint counted as it is read: the next frame's panel says so)
    below = pygame.Rect(panel.panel.left, panel.panel.bottom + 1, panel.panel.width,
                        playing.room.panel.bottom - panel.panel.bottom - 1)
    assert below.height > 100 and colours(w, below) != {tuple(palette.panel)}
    assert "rank" in side.shown and all(below.contains(rect) for rect in side.rects.values())
    assert not side.rank[1]
    w.key(pygame.K_LSHIFT)  # closes the panel
    assert w.scene is playing
    words, ranks = side.rank
    assert not ranks and words.startswith("Not a best time: a hint was used.")
    assert words.endswith(_(HELPED))  # a win with help: played, not won
    assert side.shown == ["counters", "bests", "rank", "keys"]


def test_the_overlay_and_a_retry_stop_the_ranking_too(window):
    w = window(["--difficulty", "beginner"], deal=7)
    playing = w.scene
    w.click_cell((4, 4))
    w.key(pygame.K_o)
    assert "the probability overlay was on" in playing.side.rank[0] and not playing.side.rank[1]
    w.key(pygame.K_o)
    w.key(pygame.K_r)  # the same board again: known beforehand
    w.key(pygame.K_y, unicode="y")  # "Abandon this game?" Yes
    w.step(2)
    assert w.scene is playing and playing.match.layout_known
    assert "the board was known beforehand" in playing.side.rank[0] and not playing.side.rank[1]


def test_the_bests_shown_are_the_records_after_a_win(window, isolated_data_dir):
    with RecordStore.open(isolated_data_dir / "records.sqlite3") as store:  # an older, slower win
        store.add_game(record("beginner", time_ms=99_000, three_bv=10, nf=True))
    w = window(["--difficulty", "beginner"], deal=7)
    side = w.scene.side
    assert side.bests.time == {"all": 99.0, "nf": 99.0} and side.bests.streak == 1
    assert side._content["bests"][1][0][1] == seconds(99.0, 3)
    win_by_clicks(w, first=(4, 4))  # left clicks only: a no-flag win
    assert isinstance(w.scene, Victory)
    store = w.scene.services.records.store
    best = store.best("beginner", "time", 1)[0]
    fastest_nf = store.best("beginner", "time", 1, category="nf")[0]
    speed = store.best("beginner", "3bv_per_second", 1)[0]
    assert best.time_ms < 99_000 and best.nf
    bests = w.scene.base.side.bests  # read again when the game ended
    assert bests.time == {"all": best.seconds, "nf": fastest_nf.seconds}
    assert bests.speed["all"] == speed.three_bv_per_second and bests.streak == 2
    w.key(pygame.K_TAB)  # out of the new best's name field
    w.key(pygame.K_F2)  # the next game shows them
    playing = w.scene
    assert isinstance(playing, Playing) and playing.match.game.state.name == "READY"
    rows = playing.side._content["bests"][1]
    assert rows[0][1:] == (seconds(best.seconds, 3), seconds(fastest_nf.seconds, 3))
    assert rows[1][1] == value_text(figure("bbbv_per_s"), speed.three_bv_per_second, num=decimal)
    assert playing.side.bests.streak == 2


def test_custom_sizes_and_no_records_are_said_so():
    match = Match(Config(5, 7, 3), rng=random.Random(1))
    side = SidePanel(SimpleNamespace(records=None), match)
    assert side.bests is None and side.rank == (_(RECORDS_OFF), False)
    assert side._content["bests"] == ("text", _(RECORDS_OFF), None)
    words, ranks = rank_status(match)
    assert not ranks and words.startswith("Custom size")
    assert rank_status(match, saves=False) == (_(NOT_SAVED), False)  # read-only or in memory: no best claimed


@pytest.mark.parametrize("argv", [["--difficulty", "beginner"], ["--difficulty", "expert"],
                                  ["--rows", "300", "--cols", "300", "--mines", "9000"]])
def test_the_hint_panel_never_covers_the_board(window, argv):
    w = window(argv, deal=7)
    playing = w.scene
    layout = playing.layout
    w.click(layout.camera.viewport.center)
    w.key(pygame.K_h)
    panel = answered(w)
    assert isinstance(panel, HintPanel) and panel.hint.cell is not None
    assert panel.room is playing.room and not panel.panel.colliderect(layout.board)
    assert playing.room.panel.contains(panel.panel)


def test_the_compact_time_follows_the_game_past_the_huds_999_seconds(window):
    w = window(["--difficulty", "expert"], deal=7)
    playing = w.scene
    w.click_cell((8, 15))
    playing.services.clock.advance(1000.2)
    w.step(2)
    assert playing.side.values["time"] == seconds(1000, 0)
    assert playing.next_change() <= 1.005  # a frame at the next second, the HUD's timer stopped at 999
    playing.services.clock.advance(1)
    w.step(2)
    assert playing.side.values["time"] == seconds(1001, 0)


def test_under_a_result_that_leaves_room_the_bests_show_the_game_just_won(window):
    """The strip under a result panel is never blank where the bests fit: the level's bests
    table, read again from the records, with the game just won in it."""
    w = window(["--difficulty", "intermediate"], deal=7)
    win_by_clicks(w, (8, 8))
    for _ in range(200):  # the figures come a little after the win
        w.step(1)
        if isinstance(w.scene, Victory) and w.scene.most_scroll == 0 and w.scene.base.side.shown:
            break
    scene = w.scene
    side = scene.base.side
    assert isinstance(scene, Victory) and side.shown == ["bests"]
    bests = side.rects["bests"]
    assert bests.top > scene.arranged.rect.bottom and scene.room.panel.contains(bests)
    assert side.bests.time["all"] is not None and side.bests.streak == 1


def test_a_ranking_cut_short_by_its_box_ends_in_an_ellipsis(window):
    """Under the full counters (F3) Beginner's strip leaves the ranking one line: a long
    reason (a --seed board, in Spanish) is not cut mid-sentence without a sign; its last
    line shown ends in an ellipsis, and every line shown is the start of the words."""
    w = window(["--difficulty", "beginner", "--seed", "2", "--lang", "es"])
    playing = w.scene
    side = playing.side
    w.click_cell((4, 4))
    drawn = []
    real = side._texts.draw

    def spy(canvas, key, words, *args, **kwargs):
        drawn.append((key, words))
        return real(canvas, key, words, *args, **kwargs)

    side._texts.draw = spy
    w.key(pygame.K_F3)
    w.step(2)
    words, ranks = side.rank
    assert not ranks and side_panel.wrap(words, side.rects["rank"].width - 2 * side_panel.PAD - 2, side.size)[1:]
    shown = [text for (block, _row, _item), text in drawn if block == "rank"]
    assert shown and shown[-1].endswith("\u2026"), shown
    assert words.startswith(" ".join(shown)[:-1].rstrip())


def test_the_rank_status_of_a_code_or_a_daily_board_says_how_it_was_opened():
    import datetime as dt

    from game.session import Session

    session = Session()
    daily = session.open_daily(dt.date(2026, 12, 2), "beginner")
    words, ranks = rank_status(daily)
    assert not ranks and "daily board" in words
    code = session.open_code(daily.code)
    words, ranks = rank_status(code)
    assert not ranks and "played from a board code" in words
    session.new_game(code)  # a fresh board: no code, nothing known
    assert rank_status(code) == (_(CAN_RANK), True)
