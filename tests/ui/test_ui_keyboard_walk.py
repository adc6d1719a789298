"""The whole window with the keys only (issue 40, point 3): a walk from the menu through every
scene, posting nothing but KEYDOWN and TEXTINPUT events, that checks at each step the scene
reached, that the focus is drawn (the control the focus comes to looks different from how it
looked without it) and that a recording speech backend heard each focus change with its
label, interrupting what was queued; in English (the classic theme, then high contrast) and,
shorter, in Spanish (the dark theme)."""

import pygame
import pytest

from game.i18n import _
from game.rules.engine import State
from game.ui.codes import CodeEntry, DailyChoice
from game.ui.editor.scene import Editor
from game.ui.menu import Menu
from game.ui.options.custom import CustomForm
from game.ui.options.screen import Options
from game.ui.play.playing import Playing
from game.ui.play.result import GameOver, Victory
from game.ui.replay.viewer import ReplayViewer
from game.ui.shared.confirm import Confirm, MessageBox
from game.ui.shared.help import Help
from game.ui.speech import RecordingSpeech
from game.ui.stats.screen import Statistics
from game.ui.trials import TrialChoice, TrialCodeEntry, TrialSetEntry
from tests.ui.test_ui_editor import analysed
from tests.window_helpers import saved_setting

ARROWS = {(-1, 0): pygame.K_UP, (1, 0): pygame.K_DOWN, (0, -1): pygame.K_LEFT, (0, 1): pygame.K_RIGHT}


# ----- posting keys and reading what was drawn and said ---------------------------------------
def press(w, key: int, mod: int = 0, unicode: str = "") -> None:
    """One KEYDOWN (no KEYUP: nothing but presses and typed text is posted), then two frames."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
    w.step()


def type_text(w, typed: str) -> None:
    """``typed`` as one TEXTINPUT event, as SDL gives typed text."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=typed))
    w.step()


def look(w, rect) -> bytes:
    """The pixels of logical ``rect`` and a few around it (a ring drawn outside), freshly drawn."""
    w.scene.invalidate()
    w.step(1)
    return w.screen.pixels(pygame.Rect(rect).inflate(8, 8).clip(w.screen.get_rect()))


class Walk:
    """A window ``w`` driven by keys, its speech recorded in ``speech``."""

    def __init__(self, w) -> None:
        self.w = w
        self.speech = RecordingSpeech()
        w.loop.manager.services.speech = self.speech

    @property
    def scene(self):
        return self.w.scene

    @property
    def last(self) -> str:
        return self.speech.said[-1] if self.speech.said else ""

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        press(self.w, key, mod, unicode)

    def focus(self, key: int, rect, *words: str, mod: int = 0) -> str:
        """Press ``key`` to move the focus to the control at ``rect`` (logical pixels): it must
        look different once focused, and the words said, interrupting, must hold ``words``."""
        before = look(self.w, rect)
        heard = len(self.speech.said)
        self.key(key, mod)
        assert look(self.w, rect) != before, f"no focus drawn at {rect} after key {pygame.key.name(key)}"
        assert len(self.speech.said) > heard, f"nothing said after key {pygame.key.name(key)}"
        said = self.last
        for word in words:
            assert word in said, f"{word!r} not in {said!r}"
        assert len(self.speech.said) - 1 in self.speech.interrupts
        return said

    def opened(self, key: int, kind, *words: str, mod: int = 0):
        """Press ``key``; the scene is then a ``kind``, whose opening words hold ``words``."""
        heard = len(self.speech.said)
        self.key(key, mod)
        assert isinstance(self.scene, kind), f"{type(self.scene).__name__}, not {kind.__name__}"
        said = " | ".join(self.speech.said[heard:])
        for word in words:
            assert word in said, f"{word!r} not in {said!r}"
        return self.scene

    def menu_to(self, index: int) -> None:
        """From the menu, the focus to button ``index`` by Down/Up, each step drawn and said."""
        menu = self.scene
        assert isinstance(menu, Menu)
        while menu.list.focus != index:
            key = pygame.K_DOWN if menu.list.focus < index else pygame.K_UP
            step = 1 if key == pygame.K_DOWN else -1
            button = menu.list.buttons[menu.list.focus + step]
            self.focus(key, button.rect, button.shown)

    def back_to_menu(self) -> None:
        """Esc until the menu (a Yes to a question on the way)."""
        for _attempt in range(4):
            if isinstance(self.scene, Menu):
                return
            self.key(pygame.K_y if isinstance(self.scene, Confirm) else pygame.K_ESCAPE)
        assert isinstance(self.scene, Menu)

    # ----- play by the keyboard cursor -------------------------------------------------------
    def cursor_to(self, cell) -> None:
        scene = self.scene
        if scene.cursor is None:
            self.key(pygame.K_UP)  # the first arrow shows the cursor (at the centre)
        while scene.cursor != cell:
            r, c = scene.cursor
            step = (0, (cell[1] > c) - (cell[1] < c)) if cell[1] != c else ((cell[0] > r) - (cell[0] < r), 0)
            self.key(ARROWS[step])

    def open_board(self):
        """Space at the centre: the first reveal; the game."""
        scene = self.scene
        assert isinstance(scene, Playing)
        self.key(pygame.K_UP)
        self.key(pygame.K_SPACE)
        return scene.game

    def win(self):
        game = self.open_board()
        mines = game.layout()
        for cell in game.cells():
            if game.over:
                break
            if cell not in mines and game.appearance(cell) == "covered":
                self.cursor_to(cell)
                self.key(pygame.K_SPACE)
        assert game.state is State.WON
        return game

    def lose(self):
        game = self.open_board()
        mine = next(cell for cell in sorted(game.layout()) if game.appearance(cell) == "covered")
        self.cursor_to(mine)
        self.key(pygame.K_SPACE)
        assert game.state is State.LOST
        return game

    def result_buttons(self, *labels: str) -> None:
        """On a result panel: Tab round its buttons, each drawn focused and said."""
        result = self.scene
        buttons = result.buttons.buttons
        shown = [button.shown for button in buttons]
        for label in labels:
            assert label in shown
        assert result.buttons.focus == 0  # New game (Next game in a trial) first
        for following in buttons[1:]:  # (Tab past the last: the name of a new best time, if any)
            self.focus(pygame.K_TAB, following.rect, following.shown)


def said_button(label: str, index: int, count: int) -> str:
    return _("{label}, button, {index} of {count}").format(label=label, index=index, count=count)


# ----- the English walk -----------------------------------------------------------------------
def test_every_scene_with_the_keys_only(window, isolated_data_dir):
    w = window([], deal=11)
    walk = Walk(w)
    assert isinstance(walk.scene, Menu) and walk.scene.list.focus == 0

    # the menu: focus moves, drawn and said; Esc asks to quit, No stays
    menu = walk.scene
    second = menu.list.buttons[1]
    walk.focus(pygame.K_DOWN, second.rect, said_button(second.shown, 2, 10))
    walk.focus(pygame.K_TAB, menu.list.buttons[2].rect, "Expert  16x30, 99, button, 3 of 10")
    walk.focus(pygame.K_TAB, menu.list.buttons[1].rect, "Intermediate", mod=pygame.KMOD_SHIFT)
    walk.focus(pygame.K_LEFT, menu.list.buttons[0].rect, "Beginner  9x9, 10, button, 1 of 10")
    walk.opened(pygame.K_ESCAPE, Confirm, "Quit. Quit Minesweeper? No, button, 2 of 2")
    walk.focus(pygame.K_LEFT, walk.scene.buttons.buttons[0].rect, "Yes, button, 1 of 2")
    walk.opened(pygame.K_n, Menu, "Minesweeper")

    # each level's game and back
    for index, size in enumerate(((9, 9), (16, 16), (16, 30))):
        walk.menu_to(index)
        playing = walk.opened(pygame.K_RETURN, Playing)
        assert (playing.game.rows, playing.game.cols) == size
        walk.key(pygame.K_ESCAPE)
        assert isinstance(walk.scene, Menu)

    # Custom: the fields and buttons by Tab, said with their values; Start plays
    walk.menu_to(3)
    form = walk.opened(pygame.K_RETURN, CustomForm, "Custom board", "Rows, edit text, 20")
    walk.focus(pygame.K_TAB, form.field_rect(1), "Columns, edit text, 30")
    walk.focus(pygame.K_TAB, form.field_rect(2), "Mines, edit text, 130")
    walk.focus(pygame.K_TAB, form.start_button.rect, "Start, button, 4 of 5")
    walk.focus(pygame.K_TAB, form.back_button.rect, "Back, button, 5 of 5")
    walk.focus(pygame.K_TAB, form.start_button.rect, "Start", mod=pygame.KMOD_SHIFT)
    custom = walk.opened(pygame.K_RETURN, Playing)
    assert (custom.game.rows, custom.game.cols, custom.game.config.mines) == (20, 30, 130)
    walk.back_to_menu()

    # the help, and back
    walk.opened(pygame.K_F1, Help, "Controls", "Any key or click closes")
    walk.opened(pygame.K_SPACE, Menu)

    # a win: the name of the new best time typed, the result's buttons by Tab, back to the name
    walk.menu_to(0)
    walk.opened(pygame.K_RETURN, Playing)
    walk.win()
    victory = walk.scene
    assert isinstance(victory, Victory) and victory.field is not None and victory.field.focused
    # the result says where the name goes (Victory.say_result), the field's own words once Tab comes back to it
    assert any(said.startswith("Type your name for the best times") for said in walk.speech.said[-3:])
    type_text(w, "Kim")
    assert victory.field.value == "Kim"
    walk.key(pygame.K_RETURN)  # saved, the field lets go of the keys
    assert not victory.field.focused and w.loop.manager.services.settings.player_name == "Kim"
    walk.result_buttons("New game", "Retry", "Menu")
    walk.focus(pygame.K_TAB, victory.field.rect, "Name, edit text, Kim")
    assert victory.field.focused
    code = victory.code
    walk.key(pygame.K_ESCAPE)  # out of the field, the name kept
    assert not victory.field.focused and isinstance(walk.scene, Victory)
    menu_button = victory.buttons.buttons.index(next(b for b in victory.buttons.buttons if b.label == "Menu"))
    while victory.buttons.focus != menu_button:
        walk.key(pygame.K_TAB)
    walk.opened(pygame.K_RETURN, Menu)

    # a loss: its buttons (Undo among them) by Tab, Esc to the menu
    walk.opened(pygame.K_RETURN, Playing)
    walk.lose()
    assert isinstance(walk.scene, GameOver)
    w.step(60)  # the blast plays; then the panel
    walk.result_buttons("New game", "Retry", "Menu", "Undo")
    walk.opened(pygame.K_ESCAPE, Menu)

    # Options: move, change and save one option (the volume), the theme to high contrast
    walk.menu_to(4)
    options = walk.opened(pygame.K_RETURN, Options, "Options", "Question marks, off")
    walk.focus(pygame.K_DOWN, options.row_rect(1), "First click")
    walk.focus(pygame.K_TAB, options.row_rect(1), "Question marks", mod=pygame.KMOD_SHIFT)
    labels = [label for label, _value in options.rows()]
    while options.focus != labels.index("Volume"):
        walk.key(pygame.K_DOWN)
    walk.key(pygame.K_RIGHT)
    assert "Volume, 80" in walk.last and w.loop.manager.services.settings.volume == 80
    assert saved_setting(isolated_data_dir, "volume") == 80
    walk.key(pygame.K_LEFT)
    assert "Volume, 70" in walk.last and saved_setting(isolated_data_dir, "volume") == 70
    while options.focus != labels.index("Theme"):
        walk.key(pygame.K_UP)
    walk.key(pygame.K_RIGHT)
    walk.key(pygame.K_RIGHT)
    assert walk.last == "Theme, high contrast" and w.loop.manager.services.settings.theme == "contrast"
    walk.focus(pygame.K_DOWN, options.row_rect(labels.index("Reduce motion")), "Reduce motion, off")  # on black
    lines = len(options.rows()) + 1  # and Back
    walk.focus(pygame.K_END, options.back.rect, f"Back, button, {lines} of {lines}")
    walk.focus(pygame.K_HOME, options.row_rect(0), "Question marks, off")
    walk.opened(pygame.K_ESCAPE, Menu, "Minesweeper")
    walk.menu_to(5)  # in high contrast: each focus drawn too

    # Statistics: every page, the tabs, a game's replay played, paused, stepped, its bar by Tab
    stats = walk.opened(pygame.K_RETURN, Statistics, "Statistics", "Beginner, tab, 1 of 4", "Summary", "Played 2",
                        "Back, button")
    walk.focus(pygame.K_TAB, stats.buttons.buttons[(stats.buttons.focus + 1) % 7].rect, "Trials (T)")
    walk.key(pygame.K_TAB, mod=pygame.KMOD_CTRL)
    assert stats.tab == 1 and walk.last.startswith("Intermediate, tab, 2 of 4")
    walk.key(pygame.K_TAB, mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert stats.tab == 0 and walk.last.startswith("Beginner, tab, 1 of 4")
    for key, page, words in ((pygame.K_b, "bests", "Bests"), (pygame.K_c, "chart", "Chart"),
                             (pygame.K_d, "daily", "Daily"), (pygame.K_t, "trials", "Trials"),
                             (pygame.K_g, "games", "Games")):
        walk.key(key)
        assert stats.page == page and words in walk.last
    assert "Result lost" in walk.last  # the newest game, selected
    walk.key(pygame.K_DOWN)
    assert stats.games.list.selected == 1 and "Result won" in walk.last
    watch = stats.games.watch_button
    assert stats.buttons.buttons[stats.buttons.focus] is watch
    viewer = walk.opened(pygame.K_RETURN, ReplayViewer, "playing back")
    assert viewer.back is stats and viewer.replay.completed
    walk.key(pygame.K_SPACE)
    assert not viewer.playing
    moves = viewer.head.moves
    walk.key(pygame.K_RIGHT)
    assert viewer.head.moves == moves + 1
    walk.focus(pygame.K_TAB, viewer.bar.buttons[0].rect, "To the start, button, 1 of 8")
    walk.key(pygame.K_RETURN)  # the focused button: the start
    assert viewer.head.moves == 0
    walk.focus(pygame.K_TAB, viewer.bar.buttons[-1].rect, "Race this replay, button, 8 of 8", mod=pygame.KMOD_SHIFT)
    walk.key(pygame.K_ESCAPE)
    assert walk.scene is stats and stats.page == "games"
    walk.focus(pygame.K_TAB, stats.games.review_button.rect, "Review (R), button, 4 of 12", mod=pygame.KMOD_SHIFT)
    bbbv = stats.games.filters[2]
    walk.focus(pygame.K_TAB, bbbv.rect, "3BV: any (B), button, 3 of 12", mod=pygame.KMOD_SHIFT)
    walk.key(pygame.K_RETURN)  # Enter presses the focused filter, it watches nothing
    assert walk.scene is stats and stats.games.bbbv == 1
    walk.key(pygame.K_ESCAPE)
    assert stats.page == "summary"
    reset = stats.bottom[0]
    while stats.buttons.buttons[stats.buttons.focus] is not reset:
        walk.key(pygame.K_TAB)
    assert "Reset statistics..." in walk.last
    walk.opened(pygame.K_RETURN, Confirm, "Reset all statistics?", "No, button, 2 of 2")
    walk.opened(pygame.K_ESCAPE, Statistics, "Statistics")
    walk.opened(pygame.K_ESCAPE, Menu)

    # a board code: a refused one says why; Tab to Open and Cancel; a good one opens its board
    walk.menu_to(6)
    entry = walk.opened(pygame.K_RETURN, CodeEntry, "Play a code", "edit text, blank")
    type_text(w, "nonsense")
    walk.key(pygame.K_RETURN)
    assert walk.scene is entry and entry.error and walk.last == entry.error
    walk.focus(pygame.K_TAB, entry.buttons.buttons[0].rect, "Open, button, 1 of 2")
    walk.focus(pygame.K_TAB, entry.buttons.buttons[1].rect, "Cancel, button, 2 of 2")
    walk.focus(pygame.K_TAB, entry.field.rect, "edit text, nonsense")
    walk.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    walk.opened(pygame.K_RETURN, Menu)  # Cancel
    walk.opened(pygame.K_RETURN, CodeEntry)
    type_text(w, code)
    board = walk.opened(pygame.K_RETURN, Playing)
    assert board.game.config.rows == 9
    walk.back_to_menu()

    # the daily boards
    walk.menu_to(7)
    daily = walk.opened(pygame.K_RETURN, DailyChoice, "Daily", "Beginner  9x9, 10, button, 1 of 5")
    walk.focus(pygame.K_DOWN, daily.list.buttons[1].rect, "Beginner  8x8, 10, button, 2 of 5")
    walk.opened(pygame.K_RETURN, Playing)
    walk.back_to_menu()

    # the time trials: a trial code's box; a set of one game typed, lost, its result's box
    walk.menu_to(8)
    trials = walk.opened(pygame.K_RETURN, TrialChoice, "Time trial", "button, 1 of 5")
    for index in (1, 2, 3):
        walk.focus(pygame.K_DOWN, trials.list.buttons[index].rect, trials.list.buttons[index].shown)
    walk.opened(pygame.K_RETURN, TrialCodeEntry, "Trial code")
    walk.opened(pygame.K_ESCAPE, TrialChoice, "Time trial", "Enter a trial code..., button, 4 of 5")
    walk.focus(pygame.K_UP, trials.list.buttons[2].rect, "Your own set..., button, 3 of 5")
    walk.opened(pygame.K_RETURN, TrialSetEntry, "Your own set", "edit text, blank")
    type_text(w, "beginner:1")
    walk.opened(pygame.K_RETURN, Playing)
    walk.lose()
    box = walk.scene
    assert isinstance(box, MessageBox) and "Trial finished" in walk.last and walk.last.endswith("OK, button, 1 of 1")
    walk.opened(pygame.K_RETURN, GameOver)
    walk.opened(pygame.K_ESCAPE, Menu)

    # the editor: its buttons by Tab, pressed by Enter; its help; the arrows back to the board
    walk.menu_to(9)
    editor = walk.opened(pygame.K_RETURN, Editor, "Analyse a position")
    analysed(w, editor)  # its verdict said (not interrupting) before the focus moves, not after
    walk.focus(pygame.K_TAB, editor.buttons.buttons[0].rect, "Covered H, button, 1 of 20")
    walk.focus(pygame.K_TAB, editor.buttons.buttons[1].rect, "Number N, button, 2 of 20")
    walk.key(pygame.K_RETURN)
    assert editor.tool == "number"
    walk.focus(pygame.K_TAB, editor.buttons.buttons[0].rect, "Covered", mod=pygame.KMOD_SHIFT)
    walk.key(pygame.K_RIGHT)  # the arrows go back to the board's cursor
    assert editor.buttons.focus == -1 and editor.cursor is not None
    walk.opened(pygame.K_F1, Help, "Controls", "Tab, Shift+Tab, Enter")
    walk.opened(pygame.K_a, Editor, "Analyse a position")
    walk.opened(pygame.K_ESCAPE, Menu, "Minesweeper")


# ----- the Spanish walk, shorter, in the dark theme -------------------------------------------
def test_the_keys_walk_in_spanish(window):
    w = window(["--lang", "es", "--theme", "dark"])
    walk = Walk(w)
    menu = walk.scene
    walk.focus(pygame.K_DOWN, menu.list.buttons[1].rect, "Intermedio  16x16, 40, botón, 2 de 10")
    walk.opened(pygame.K_ESCAPE, Confirm, "¿Salir de Buscaminas?", "No, botón, 2 de 2")
    walk.focus(pygame.K_LEFT, walk.scene.buttons.buttons[0].rect, "Sí, botón, 1 de 2")
    walk.opened(pygame.K_n, Menu, "Buscaminas")
    walk.menu_to(4)
    options = walk.opened(pygame.K_RETURN, Options, "Opciones")
    walk.focus(pygame.K_DOWN, options.row_rect(1), "Primer clic")
    while options.focus != [label for label, _value in options.rows()].index("Volumen"):
        walk.key(pygame.K_DOWN)
    walk.key(pygame.K_RIGHT)
    assert walk.last.startswith("Volumen, 80")
    walk.opened(pygame.K_ESCAPE, Menu)
    walk.menu_to(3)
    form = walk.opened(pygame.K_RETURN, CustomForm, "Filas, texto editable, 20")
    walk.focus(pygame.K_TAB, form.field_rect(1), "Columnas, texto editable, 30")
    walk.opened(pygame.K_ESCAPE, Menu)
    walk.menu_to(5)
    walk.opened(pygame.K_RETURN, Statistics, "Estadísticas", "Principiante, pestaña, 1 de 4", "Resumen")
    walk.key(pygame.K_g)
    assert "Partidas" in walk.last
    walk.opened(pygame.K_ESCAPE, Statistics)
    walk.opened(pygame.K_ESCAPE, Menu)
    walk.menu_to(9)
    editor = walk.opened(pygame.K_RETURN, Editor, "Analizar una posición")
    analysed(w, editor)  # its verdict said before the focus moves, not after
    walk.focus(pygame.K_TAB, editor.buttons.buttons[0].rect, "botón, 1 de 20")
    walk.opened(pygame.K_ESCAPE, Menu)


@pytest.mark.parametrize("theme", ["classic", "dark", "contrast"])
def test_a_focused_button_is_ringed_in_every_theme(theme):
    """The focus ring is the theme's accent colour on the button's edge, unlike the unfocused edge."""
    from game.ui.shared import theme as themes
    from game.ui.shared.widgets import Button
    themes.use(theme)
    surface = pygame.Surface((80, 40))
    button = Button(pygame.Rect(10, 10, 60, 20), "OK", lambda: None)
    button.draw(surface)
    plain = surface.get_at((40, 11))
    button.draw(surface, focused=True)
    assert surface.get_at((40, 11))[:3] == themes.palette.accent and plain[:3] != themes.palette.accent


def test_no_words_are_built_while_speech_is_off(window):
    """Speech off (the default, NullSpeech): a scene builds no words for no one; on, it says them."""
    w = window([])
    menu = w.scene
    built = []
    menu.say(lambda: built.append("said") or "said")
    assert built == []
    speech = RecordingSpeech()
    w.loop.manager.services.speech = speech
    menu.say(lambda: built.append("said") or "said")
    assert built == ["said"] and speech.said == ["said"] and speech.interrupts == [0]
