"""The position editor and its live analysis (game.ui.editor, issue 39), driven headless by
posted pygame events: the tools by key and by button, undo and redo, fill and clear, the mine
count (and unknown, and a count that does not fit), paste and copy, save and open (.mine and
MBF, an existing file only after a Yes), a 1000x1000 board, the analysis shown against
game.solver.analyse on the same text, an impossible number ringed with its reason, and the
editor opened from a game (then helped) and from the replay viewer (Esc comes back)."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.boardfile import format_mine, load_board, parse_mine
from game.commands.explain_text import chance, impossible_text
from game.rules.engine import State
from game.solver import InconsistentPosition, analyse
from game.solver.analysis import Studied
from game.solver.problem import Impossible
from game.ui.editor.model import COVERED, FLAG, MINE
from game.ui.editor.scene import CountEntry, Editor, SaveEntry, SizeEntry
from game.ui.menu import Menu
from game.ui.replay.viewer import ReplayViewer
from game.ui.shared import clipboard
from game.ui.shared.confirm import Confirm, MessageBox
from game.ui.shared.theme import palette

ROOT = Path(__file__).resolve().parents[2]
WORKED = ROOT / "docs" / "examples" / "worked-10x10.mine"
REPLAY = ROOT / "tests" / "corpus" / "replays" / "clone097_expert.mvf"
CTRL = pygame.KMOD_CTRL


def analysed(d, editor: Editor, bound: float = 60.0):
    """Step the window until the answer for the position as it is now is shown; the answer.
    (``bound`` seconds is a bound on a broken process, not a wait: each look blocks on the
    answer's ticket.)"""
    give_up = time.monotonic() + bound
    while time.monotonic() < give_up:
        d.step(1)
        if editor.live.answered == editor.position.version and not editor.live.pending:
            d.step(1)  # drawn
            return editor.live.answer
        editor.live.wait(0.5)
    raise AssertionError("no answer from the solver's process")


def write(d, characters: str) -> None:
    """Type ``characters`` into a box's field as SDL gives them: a TEXTINPUT event each."""
    for ch in characters:
        d.post(pygame.TEXTINPUT, text=ch)


def button(editor: Editor, name: str):
    return next(b for b in editor.buttons.buttons if b.action_name == name)


def press(d, editor: Editor, name: str) -> None:
    d.click(button(editor, name).rect.center)


def test_tools_by_key_and_button_undo_redo_fill_clear_and_the_count(window):
    d = window(["--edit"])
    e = d.scene
    assert isinstance(e, Editor) and (e.position.rows, e.position.cols, e.position.mines) == (9, 9, 10)
    d.key(pygame.K_m)  # the known-mine tool by its key
    d.mouse_down(d.cell_pos((0, 0)))  # a drag paints every cell it crosses: one step
    d.move(d.cell_pos((0, 1)))
    d.move(d.cell_pos((0, 2)))
    d.mouse_up(d.cell_pos((0, 2)))
    assert [e.position.at((0, c)) for c in range(3)] == [MINE] * 3
    press(d, e, "tool_number")  # the number tool by its button: the count of the mines around
    assert e.tool == "number"
    d.click_cell((1, 1))
    assert e.position.at((1, 1)) == 3
    d.move(d.cell_pos((2, 2)))
    d.key(pygame.K_5, unicode="5")  # a number typed on the cell under the pointer
    assert e.position.at((2, 2)) == 5
    d.click_cell((4, 4), button=3)  # a right click flags, a second unflags
    assert e.position.at((4, 4)) == FLAG
    d.key(pygame.K_z, mod=CTRL)  # undo the flag, the 5, the number, the stroke
    assert e.position.at((4, 4)) == COVERED
    d.key(pygame.K_z, mod=CTRL)
    d.key(pygame.K_z, mod=CTRL)
    assert e.position.at((2, 2)) == e.position.at((1, 1)) == COVERED and e.position.at((0, 2)) == MINE
    d.key(pygame.K_z, mod=CTRL)
    assert all(e.position.at((0, c)) == COVERED for c in range(3))
    d.key(pygame.K_y, mod=CTRL)  # redo the stroke, whole
    assert [e.position.at((0, c)) for c in range(3)] == [MINE] * 3
    d.key(pygame.K_f)
    d.key(pygame.K_b)  # fill with the flag tool
    assert e.position.count_of(FLAG) == 81
    press(d, e, "clear")
    assert e.position.count_of(COVERED) == 81
    d.key(pygame.K_z, mod=CTRL)
    assert e.position.count_of(FLAG) == 81
    d.key(pygame.K_PLUS, unicode="+")
    assert e.position.mines == 11
    press(d, e, "fewer_mines")
    press(d, e, "fewer_mines")
    assert e.position.mines == 9
    d.key(pygame.K_u)  # unknown: the analysis assumes a count, and says so
    assert e.position.mines is None
    d.key(pygame.K_DELETE)
    answer = analysed(d, e)
    assumed = round(81 * 99 / 480)
    assert isinstance(answer, Studied) and e.live.assumed == assumed
    assert f"mines unknown: {assumed} assumed" in " ".join(e.shown_lines)
    d.key(pygame.K_t)  # a count that does not fit is refused with the allowed range
    assert isinstance(d.scene, CountEntry)
    write(d, "82")
    d.key(pygame.K_RETURN)
    assert "82 mines do not fit on 9x9; allowed 0..81" in d.scene.error
    d.key(pygame.K_ESCAPE)
    assert d.scene is e and e.position.mines is None
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, Menu)


def test_paste_copy_and_a_malformed_paste(window, monkeypatch):
    d = window(["--edit"])
    e = d.scene
    text = WORKED.read_text()
    monkeypatch.setattr(clipboard, "paste", lambda: text)
    d.key(pygame.K_v, mod=CTRL)
    assert (e.position.rows, e.position.cols, e.position.mines) == (10, 10, 14)
    assert e.position.text() == format_mine(parse_mine(text))
    copied = []
    monkeypatch.setattr(clipboard, "copy", lambda words: copied.append(words))
    d.key(pygame.K_c, mod=CTRL)
    assert copied == [e.position.text()] and "Copied" in " ".join(e.shown_lines)
    monkeypatch.setattr(clipboard, "paste", lambda: "3x3x1\nHHH\nH9H\nHHH\n")
    d.key(pygame.K_v, mod=CTRL)
    box = d.scene
    assert isinstance(box, MessageBox)  # the line and column, as a board file's errors name them
    assert "line 3, column 2: unknown character '9'" in " ".join(box.shown)
    d.key(pygame.K_RETURN)
    assert d.scene is e and e.position.text() == format_mine(parse_mine(text))  # unchanged


def test_save_and_open_round_trip_mine_and_mbf_and_an_existing_file_asks(window, tmp_path):
    d = window(["--edit", str(WORKED)])
    e = d.scene
    mine = tmp_path / "p.mine"
    d.key(pygame.K_s, mod=CTRL)
    assert isinstance(d.scene, SaveEntry)
    write(d, str(mine))
    d.key(pygame.K_RETURN)
    assert d.scene is e and mine.read_text() == WORKED.read_text()
    d.key(pygame.K_s, mod=CTRL)  # an MBF of a position with no layout is refused, with why
    write(d, str(tmp_path / "p.mbf"))
    d.key(pygame.K_RETURN)
    assert "a position has no mine layout to write" in d.scene.error
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_n, mod=CTRL)  # a small board with a whole layout: MBF keeps it
    write(d, "3x4")
    d.key(pygame.K_RETURN)
    assert (e.position.rows, e.position.cols) == (3, 4)
    d.key(pygame.K_m)
    d.click_cell((0, 0))
    d.click_cell((2, 3))
    d.key(pygame.K_t)
    write(d, "2")
    d.key(pygame.K_RETURN)
    d.key(pygame.K_n)
    d.click_cell((1, 1))
    mbf = tmp_path / "b.mbf"
    for answer in (pygame.K_n, pygame.K_y):  # the second save asks first: No keeps, Yes writes
        mbf.write_bytes(b"old")
        d.key(pygame.K_s, mod=CTRL)
        write(d, str(mbf))
        d.key(pygame.K_RETURN)
        assert isinstance(d.scene, Confirm)
        d.key(answer)
        assert d.scene is e
    board = load_board(mbf)
    assert board.mines_known == {(0, 0), (2, 3)}
    d.key(pygame.K_DELETE)
    d.key(pygame.K_o, mod=CTRL)
    write(d, str(mine))
    d.key(pygame.K_RETURN)
    assert d.scene is e and e.position.text() == WORKED.read_text()
    d.key(pygame.K_o, mod=CTRL)
    write(d, str(mbf))
    d.key(pygame.K_RETURN)
    assert e.position.at((0, 0)) == e.position.at((2, 3)) == MINE and e.position.mines == 2
    d.key(pygame.K_o, mod=CTRL)
    write(d, str(tmp_path / "missing.mine"))
    d.key(pygame.K_RETURN)
    assert "missing.mine" in d.scene.error


def test_the_analysis_shown_is_the_solvers_and_an_impossible_number_is_ringed(window):
    d = window(["--edit", str(WORKED)])
    e = d.scene
    answer = analysed(d, e)
    expected = analyse(WORKED.read_text())
    assert isinstance(answer, Studied)
    shown = answer.analysis.probabilities
    assert dict(shown.items()) == dict(expected.probabilities.items())
    assert answer.total == expected.layouts and answer.analysis.safe == expected.safe
    assert answer.analysis.mines == expected.mines and answer.analysis.best_move == expected.best_move
    lines = " ".join(e.shown_lines)
    assert "Consistent: 180,885 layouts fit" in lines and "Best guess (3; 1)" in lines
    d.move(d.cell_pos((3, 2)))
    assert f"(3; 2): mine probability {chance(expected.probabilities[(3, 2)])}" in " ".join(e.shown_lines)
    d.move(d.cell_pos((7, 8)))  # the 2 at (7; 8) made an 8: no layout fits
    d.key(pygame.K_8, unicode="8")
    answer = analysed(d, e)
    assert isinstance(answer, Impossible) and tuple(answer.reason["at"]) == (7, 8)
    words = impossible_text(InconsistentPosition(answer.message, answer.reason))
    assert words.startswith("the 8 at (7; 8) needs") and words[:40] in " ".join(e.shown_lines)
    rect = e.layout.cell_rect((7, 8))
    screen = d.screen
    assert screen.get_at(rect.topleft)[:3] == palette.risky  # the ring on the cell's edge
    assert screen.get_at(rect.center)[:3] != palette.risky  # never over its digit
    d.key(pygame.K_z, mod=CTRL)
    assert isinstance(analysed(d, e), Studied)
    assert screen.get_at(rect.topleft)[:3] != palette.risky


def test_a_1000x1000_board_scrolls_and_a_side_past_1000_is_refused(window):
    d = window(["--edit"])
    e = d.scene
    d.key(pygame.K_n, mod=CTRL)
    write(d, "1001x5")
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, SizeEntry) and "rows: 1,001 is out of range; allowed 1..1,000" in d.scene.error
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_n, mod=CTRL)
    write(d, "1000x1000")
    d.key(pygame.K_RETURN)
    assert d.scene is e and (e.position.rows, e.position.cols) == (1000, 1000)
    assert not e.layout.camera.fits  # seen through the play scene's camera
    before = e.layout.camera.scroll_y
    d.post(pygame.MOUSEWHEEL, x=0, y=-3)
    assert e.layout.camera.scroll_y > before
    d.move(e.layout.board.center)
    cell = e.hover
    d.key(pygame.K_3, unicode="3")
    assert e.position.at(cell) == 3
    answer = analysed(d, e)
    assert isinstance(answer, Studied) and len(answer.analysis.probabilities) == 10 ** 6 - 1


def test_the_editor_from_a_game_marks_it_helped_and_from_the_viewer_comes_back(window, monkeypatch):
    d = window(["--difficulty", "beginner"], deal=3)
    playing = d.scene
    d.click_cell((4, 4))
    assert playing.game.state is State.PLAYING and playing.match.hints_used == 0
    d.key(pygame.K_e)
    e = d.scene
    assert isinstance(e, Editor) and playing.match.hints_used == 1  # helped, as a hint marks it
    assert playing.match.paused
    revealed = {cell for cell in ((r, c) for r in range(9) for c in range(9)) if playing.game.is_revealed(cell)}
    assert {cell for cell in revealed if e.position.at(cell) < 9} == revealed
    assert e.position.count_of(MINE) == 0 and e.position.mines == 10  # what the player sees, no more
    d.key(pygame.K_ESCAPE)
    assert d.scene is playing and not playing.match.paused

    from game.commands.cli import parse_args
    from game.commands.replay_commands import prepare_replay
    from game.ui.app import build
    from game.ui.clock import FakeClock
    from tests.driver import Driver
    args = parse_args(["--replay", str(REPLAY)])
    assert prepare_replay(args) is None
    v = Driver(build(args, clock=FakeClock())[0])
    v.step()
    viewer = v.scene
    assert isinstance(viewer, ReplayViewer)
    for _ in range(40):
        v.key(pygame.K_RIGHT)
    moment = viewer.head.moves
    v.key(pygame.K_e)
    e = v.scene
    assert isinstance(e, Editor) and (e.position.rows, e.position.cols) == (viewer.replay.rows, viewer.replay.cols)
    for r in range(e.position.rows):
        for c in range(e.position.cols):
            look = viewer.head.appearance((r, c))
            assert e.position.look((r, c)) == (look if look.isdigit() or look == "flag" else "covered")
    v.key(pygame.K_ESCAPE)
    assert v.scene is viewer and viewer.head.moves == moment and not viewer.playing


def test_edit_with_a_bad_file_says_what_board_says(tmp_path, capsys):
    from game.commands.cli import parse_args
    bad = tmp_path / "bad.mine"
    bad.write_text("3x3x1\nHHH\nH9H\nHHH\n")
    said = []
    for option in ("--board", "--edit"):
        with pytest.raises(SystemExit) as stop:
            parse_args([option, str(bad)])
        said.append((stop.value.code, capsys.readouterr().err.replace(option, "OPTION")))
    assert said[0] == said[1] and said[0][0] == 2 and "line 3, column 2" in said[0][1]


def test_an_unknown_count_the_numbers_cannot_hold_is_asked_again_with_one_they_allow(window):
    d = window(["--edit"])
    e = d.scene
    d.key(pygame.K_n, mod=CTRL)
    write(d, "3x3")
    d.key(pygame.K_RETURN)
    assert e.position.mines is None  # the 10 mines do not fit a new 3x3 board: unknown
    d.move(d.cell_pos((1, 1)))
    d.key(pygame.K_8, unicode="8")  # 8 mines round it; Expert's density over 8 cells assumes 2
    answer = analysed(d, e)
    assert isinstance(answer, Studied) and e.live.assumed == 8 and answer.total == 1
    assert "mines unknown: 8 assumed" in " ".join(e.shown_lines)


def test_known_mines_are_written_as_a_layout_only_when_they_are_all_the_mines():
    from game.ui.editor.model import Position
    position = Position(2, 3, 2)
    position.set((0, 0), MINE)
    assert not position.layout_kept and position.text() == "3x2x2\nHHH\nHHH\n"  # one of two: covered
    position.set((1, 2), FLAG)
    assert position.layout_kept and position.text() == "3x2x2\nMHH\nHHF\n"
    position.fill("number")
    assert position.text() == "3x2x2\nM21\n12F\n" and position.analysed().mines_known is None
    again = Position(1, 1)
    again.load_text(position.text())
    assert again.text() == position.text() and again.mines == 2


def test_an_answer_that_takes_longer_than_a_frame_shows_its_progress(window):
    from game.ui.play.solver_process import Ticket

    class Slow:
        """A solver process whose answers come only when the test says."""
        def __init__(self):
            self.tickets = []

        def ask(self, question):
            self.tickets.append((question, Ticket()))
            return self.tickets[-1][1]

    d = window(["--edit", str(WORKED)])
    e = d.scene
    analysed(d, e)
    now = [0.0]
    e.live.process, e.live.clock = Slow(), lambda: now[0]
    d.move(d.cell_pos((0, 0)))
    d.key(pygame.K_1, unicode="1")
    d.step(1)
    assert e.live.pending and not any("Analysing" in line for line in e.shown_lines)  # within a frame: nothing
    now[0] = 2.4
    d.step(1)
    assert "Analysing... 2.4 s" in e.shown_lines and e.next_change() <= 0.1
    question, ticket = e.live.process.tickets[-1]
    from collections import OrderedDict
    from game.solver.worker import OK, answer
    ticket.settle(OK, answer(question, OrderedDict()))
    d.step(2)
    assert not e.live.pending and not any("Analysing" in line for line in e.shown_lines)
    assert e.live.answered == e.position.version


def test_the_win_chance_from_here_names_its_method_and_an_edit_drops_it(window):
    """W: the win chance of the position worked out apart (game.ui.editor.chance), the same
    figure as game.solver.winchance on the same text, its method named; an edit while it
    runs stops it (it was for the position before)."""
    from game.solver.winchance import win_chance

    tiny = "3x3x2\nHHH\nH2H\nHHH\n"  # 28 layouts: the exact search
    d = window(["--edit"])
    e = d.scene
    clipboard.copy(tiny)
    d.key(pygame.K_v, mod=CTRL)
    d.key(pygame.K_w)
    assert e.chance is not None and e.chance.wait(60), "no win chance came"
    d.step(1)
    expected = win_chance(parse_mine(tiny))
    assert expected.exact and e.chance.answer == expected.__class__(**{**expected.__dict__,
                                                                      "seconds": e.chance.answer.seconds})
    line = next(words for words in e.shown_lines if words.startswith("Win chance"))
    assert "exact" in line and "60.7%" in line, line
    clipboard.copy(WORKED.read_text())  # 180,885 layouts: an estimate, stopped by the next edit
    d.key(pygame.K_v, mod=CTRL)
    d.key(pygame.K_w)
    job = e.chance
    assert job is not None and not job.ready
    d.click_cell((0, 0), button=3)  # a flag: the position the chance was for is gone
    assert e.chance is None and job.cancelled
    assert job.wait(60) and job.answer is None  # its child killed: no figure for a stale position


def test_play_this_position_lays_it_and_records_it_apart(window):
    """P: a game on the position, its numbers shown, laid on a layout that fits them
    (Session.open_position); an impossible one says why in a box and stays in the editor."""
    from game.ui.play.playing import Playing

    d = window(["--edit"])
    e = d.scene
    clipboard.copy(WORKED.read_text())
    d.key(pygame.K_v, mod=CTRL)
    d.key(pygame.K_p)
    playing = d.scene
    assert isinstance(playing, Playing) and playing.match.position
    game, board = playing.game, parse_mine(WORKED.read_text())
    assert all(game.is_revealed(cell) and game.number(cell) == shown for cell, shown in board.revealed.items())
    assert len(game.layout()) == 14 and not any(cell in game.layout() for cell in board.revealed)
    d.key(pygame.K_ESCAPE)
    d = window(["--edit"])
    e = d.scene
    clipboard.copy("3x3x1\nHHH\nH2H\nHHH\n")  # a 2 with one mine in all
    d.key(pygame.K_v, mod=CTRL)
    d.key(pygame.K_p)
    assert isinstance(d.scene, MessageBox) and "No game can be laid" in " ".join(d.scene.message)
