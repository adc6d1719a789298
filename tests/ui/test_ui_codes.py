"""Board codes and daily boards in the window (issue 38): the menu's "Play a code..." box
(typed, pasted, a mistyped code refused with its reason, in both languages), the menu's
"Daily..." choice, the start cell's mark and the refusal of a first click elsewhere (mouse
and keys), a daily Expert board generated through the Generating overlay and opened at its
start cell (the console's board), and the result panel's code line with C copying it.

Everything by real pygame events posted to the headless window (tests.driver.Driver)."""

import datetime as dt

import pygame
import pytest

from game.midend import daily
from game.midend.boardcode import decode, encode
from game.midend.daily import daily_code
from game.rules.engine import State
from game.rules.moves import Move
from game.session import Session
from game.ui import codes
from game.ui.codes import CodeEntry, DailyChoice
from game.ui.menu import Menu
from game.ui.play.playing import NOTE_SECONDS, START_HERE, Playing
from game.ui.play.result import Victory
from game.ui.play import result_panel, solver_view
from game.ui.shared.theme import palette
from tests.play_helpers import drawn_texts

PLAY_CODE, DAILY = 6, 7  # the menu's buttons
CODE = encode(daily_code(daily.FIRST_DAY, "beginner_8x8"))


def type_text(w, characters: str) -> None:
    """Type ``characters`` as SDL gives them: a TEXTINPUT event each."""
    for ch in characters:
        w.post(pygame.TEXTINPUT, text=ch)


def open_box(w) -> CodeEntry:
    assert isinstance(w.scene, Menu)
    w.click(w.scene.list.buttons[PLAY_CODE].rect.center)
    assert isinstance(w.scene, CodeEntry)
    return w.scene


def centre_colour(w, cell):
    """The canvas colour at the middle of ``cell`` (logical pixels)."""
    x, y = w.cell_pos(cell)
    return tuple(w.screen.surface.get_at(w.screen.point((x, y))))[:3]


def neighbour(game, cell):
    """A cell beside ``cell`` on the board."""
    r, c = cell
    return (r, c + 1) if c + 1 < game.cols else (r, c - 1)


def test_a_typed_code_opens_exactly_its_board_at_its_start_cell(window):
    w = window()
    box = open_box(w)
    type_text(w, CODE.lower())  # any case reads
    assert box.field.value == CODE.lower()
    w.key(pygame.K_BACKSPACE)  # Backspace deletes, the last character typed again
    type_text(w, CODE[-1].lower())
    w.key(pygame.K_RETURN)
    scene = w.scene
    assert isinstance(scene, Playing)
    assert scene.match.code == decode(CODE) and (scene.game.rows, scene.game.cols) == (8, 8)
    assert scene.match.start == decode(CODE).start and scene.match.layout_known


def test_a_pasted_code_opens_with_ctrl_v_and_cmd_v(window):
    """The clipboard is SDL's, real under the dummy driver: put_text, then Ctrl+V (Cmd+V)."""
    w = window()
    for mod in (pygame.KMOD_LCTRL, pygame.KMOD_LMETA):
        box = open_box(w)
        pygame.scrap.put_text(f"  {CODE}\n")  # copied with a line break: still the code
        w.key(pygame.K_v, mod=mod)
        assert box.field.value == CODE
        w.key(pygame.K_KP_ENTER)
        assert isinstance(w.scene, Playing) and w.scene.match.code == decode(CODE)
        w.key(pygame.K_ESCAPE)  # not started: straight back to the menu


def test_a_paste_without_a_clipboard_adds_nothing(window, monkeypatch):
    w = window()
    box = open_box(w)

    def broken():
        raise pygame.error("no clipboard")
    monkeypatch.setattr(pygame.scrap, "get_text", broken)
    w.key(pygame.K_v, mod=pygame.KMOD_LCTRL)
    assert box.field.value == "" and isinstance(w.scene, CodeEntry)


@pytest.mark.parametrize("lang, words", [("en", "does not check"), ("es", "no cuadra")])
def test_a_mistyped_code_is_refused_in_the_box_which_stays_open(window, lang, words):
    w = window(["--lang", lang])
    box = open_box(w)
    wrong = CODE[:-1] + ("0" if CODE[-1] != "0" else "1")
    type_text(w, wrong)
    w.key(pygame.K_RETURN)
    assert w.scene is box and box.error and words in " ".join(box.shown), box.shown
    type_text(w, "?")  # mending it: the refusal goes
    assert box.error == ""
    w.key(pygame.K_ESCAPE)
    assert isinstance(w.scene, Menu)


def test_open_and_cancel_answer_the_mouse(window):
    w = window()
    box = open_box(w)
    type_text(w, "MS9-AAAAA")
    w.click(box.buttons.buttons[0].rect.center)  # Open
    assert w.scene is box and "newer version" in box.error
    w.click(box.buttons.buttons[1].rect.center)  # Cancel
    assert isinstance(w.scene, Menu)


def test_the_daily_choice_shows_today_and_opens_a_level_by_the_keys(window):
    w = window()
    w.key(pygame.K_UP)  # from Beginner (the first) round to Analyse, the last button (issue 39), Time trial, then Daily
    w.key(pygame.K_UP)
    w.key(pygame.K_UP)
    assert w.scene.list.focus == DAILY
    w.key(pygame.K_RETURN)
    choice = w.scene
    assert isinstance(choice, DailyChoice) and choice.day == daily.today()
    assert [b.shown for b in choice.list.buttons] == ["Beginner  9x9, 10", "Beginner  8x8, 10",
                                                       "Intermediate  16x16, 40", "Expert  16x30, 99", "Back"]
    w.key(pygame.K_DOWN)
    w.key(pygame.K_RETURN)  # Beginner 8x8
    assert isinstance(w.scene, Playing)
    assert w.scene.match.code == daily_code(daily.today(), "beginner_8x8")


def test_the_daily_board_marks_its_start_and_refuses_a_first_click_elsewhere(window):
    w = window()
    w.click(w.scene.list.buttons[DAILY].rect.center)
    w.click(w.scene.list.buttons[0].rect.center)  # Beginner 9x9
    scene = w.scene
    game, start = scene.game, scene.match.start
    assert start == daily_code(daily.today(), "beginner").start
    other = neighbour(game, start)
    assert centre_colour(w, start) == palette.safe != centre_colour(w, other)

    clicks = scene.gesture.gestures.clicks
    w.click_cell(other)  # refused: nothing on the board, a note says where to start
    assert game.state is State.READY and not game.is_revealed(other)
    assert scene.note is not None and scene.note[0] == START_HERE
    # and nothing of it in the game's story: no press or release logged, no click counted
    # (its replay file would otherwise start the board at that cell)
    assert not any(i.action in ("lc", "lr") for i in scene.match.inputs)
    assert scene.gesture.gestures.clicks == clicks
    assert centre_colour(w, start) == palette.safe  # still marked

    w.key(pygame.K_RIGHT)  # the cursor shows at the start cell first
    assert scene.cursor == start
    w.key(pygame.K_UP if start[0] else pygame.K_DOWN)
    w.key(pygame.K_SPACE)  # refused by the keys too
    assert game.state is State.READY
    w.click_cell(start)
    assert game.state is not State.READY and game.is_revealed(start)
    assert scene.match.start is None and centre_colour(w, start) != palette.safe  # the mark is gone


def test_the_note_goes_after_a_moment(window):
    w = window()
    w.click(w.scene.list.buttons[DAILY].rect.center)
    w.key(pygame.K_1)
    scene = w.scene
    w.click_cell(neighbour(scene.game, scene.match.start))
    assert scene.note is not None
    scene.services.clock.advance(NOTE_SECONDS)  # the fake clock: the note's time is up
    w.step()
    assert scene.note is None


@pytest.mark.slow
def test_a_daily_expert_board_is_generated_and_opens_at_its_start_cell(window):
    """Through the Generating overlay (Session.start_generation, from the code's seed): the
    board is the console's (a Session's match of the same code, revealed at the start cell)."""
    w = window()
    w.click(w.scene.list.buttons[DAILY].rect.center)
    w.key(pygame.K_4)
    scene = w.scene
    start = scene.match.start
    w.click_cell(start)
    frames = 0
    while not (w.scene is scene and scene.game.mines_laid):  # generated a slice a frame
        assert w.step(), "the window quit"
        frames += 1
        assert frames < 20000, "the board was never generated"
    assert scene.game.is_revealed(start) and scene.game.state is State.PLAYING
    console = Session().open_code(daily_code(daily.today(), "expert"))
    console.apply(Move.reveal(start))
    assert console.layout() == scene.match.layout()


def win_daily(w, level_key=pygame.K_1) -> Victory:
    w.click(w.scene.list.buttons[DAILY].rect.center)
    w.key(level_key)
    scene = w.scene
    w.click_cell(scene.match.start)
    while not scene.game.mines_laid:
        w.step()
    game = scene.game
    mines = game.layout()
    near = {cell: sum(n in mines for n in game.neighbours(cell)) for cell in game.cells()}
    safe = [c for c in game.cells() if c not in mines and not game.is_revealed(c)]
    lone = [c for c in safe if near[c] and not any(n not in mines and not near[n] for n in game.neighbours(c))]
    last = (lone or safe)[-1]  # a cell no flood opens: the mouse's click ends the game
    for cell in safe:
        if cell != last and not game.is_revealed(cell):
            scene.match.reveal(cell)
    scene.redraw_cells()
    w.click_cell(last)
    assert isinstance(w.scene, Victory)
    return w.scene


@pytest.mark.parametrize("compact", [False, True])
def test_the_result_panel_shows_the_code_and_c_copies_it_whole(window, monkeypatch, compact):
    w = window(["--compact"] if compact else [])
    result = win_daily(w)
    code = encode(result.base.match.board_code())
    assert result.base.match.board_code() == daily_code(daily.today(), "beginner")
    lines = [item[0] for item in result.arranged.items]
    line = next(line for line in lines if line.startswith("Code "))
    assert "(C copies)" in line and line.split()[1][:4] == "MS1-"
    copied = []
    monkeypatch.setattr(pygame.scrap, "put_text", copied.append)
    said = drawn_texts(monkeypatch, result_panel)  # the panel's (or the dialog's) code line
    over_board = drawn_texts(monkeypatch, solver_view)  # the strip along the board's bottom
    w.key(pygame.K_c)
    assert copied == [code] and result.base.note[0] == "Code copied"
    assert "Code copied" in [message for message, _pos in said]
    assert "Code copied" not in [message for message, _pos in over_board]  # said over no cell
    result.services.clock.advance(NOTE_SECONDS)  # a moment later the note is gone, the line is the code's again
    said.clear()
    w.step()
    assert result.base.note is None and "Code copied" not in [message for message, _pos in said]
    assert line in [message for message, _pos in said]


def test_a_clipboard_that_fails_is_said(window, monkeypatch):
    w = window()
    result = win_daily(w)

    def broken(text):
        raise pygame.error("SDL has no clipboard here")
    monkeypatch.setattr(pygame.scrap, "put_text", broken)
    w.key(pygame.K_c)
    assert result.base.note[0] == "The code was not copied: SDL has no clipboard here"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_code_line_fits_the_beginner_panel_of_the_smallest_window(window, lang):
    """The smallest playing window (game.ui.play.layout: MIN_WINDOW_W) and its side strip's
    narrowest (MIN_SIDE_W): the line is elided in the middle, never wider than the panel."""
    from game.ui.play.result_panel import PAD, ResultPanel
    from game.ui.play.layout import MIN_SIDE_W
    from game.ui.shared.widgets import text_width
    from game.i18n import speaking
    long_code = encode(decode(CODE)).replace("-", "") * 3  # a loaded board's, far longer
    with speaking(lang):
        for width in (MIN_SIDE_W, 200, 264):
            panel = ResultPanel("You win!", ["Time 8.888 s"], [], [], width, code=long_code)
            line = next(item for item in panel.items if "\u2026" in item[0])
            assert text_width(line[0], line[2]) <= width - 2 * PAD
            assert line[0].count("\u2026") == 1


def test_a_clock_before_the_first_daily_day_is_told_not_played(window, monkeypatch):
    w = window()
    early = daily.FIRST_DAY - dt.timedelta(days=3)
    monkeypatch.setattr(daily, "today", lambda: early)
    monkeypatch.setattr(codes, "today", lambda: early)
    w.click(w.scene.list.buttons[DAILY].rect.center)
    choice = w.scene
    assert choice.day == early
    w.key(pygame.K_2)
    assert w.scene.base is choice and "no daily board" in " ".join(w.scene.shown)
    w.key(pygame.K_RETURN)
    assert w.scene is choice
