"""The window's words in English and Spanish (issue 18): the menu, the options, the custom
form, the help, the pause, the questions and the Generating panel speak the language in use,
switch at once when Options changes it, and every label fits its button or row on the
smallest window (Beginner; the menu is as wide as a 9x9 board).

Told with posted events (headless SDL, fake clock) and ``--lang``; what the screens draw is
read from the scenes (``rows()``, a button's ``shown``) or recorded as it is rendered.
"""

import pygame
import pytest

from game import i18n
from game.rules.engine import State
from game.noguess import Generation, NoGuessError
from game.ui.shared import fonts
from game.ui.play.layout import MENU_SIZE
from game.ui.shared.confirm import Confirm
from game.ui.options.custom import FIELD_LABELS, CustomForm
from game.ui.play.generating import Generating
from game.ui.shared.help import Help
from game.ui.menu import Menu
from game.ui.options.screen import VALUE, Options
from game.ui.play.pause import Pause
from game.ui.play.playing import Playing
from game.ui.shared.widgets import LABEL_ROOM, Button, ButtonList, text_width

LANGUAGES = ("en", "es")
ROW_GAP = 8  # least space between an option's label and its value, pixels
PAD = 5  # an option row's label and value stand this far inside it, pixels


@pytest.fixture
def drawn(monkeypatch):
    """Every message rendered from now on (game.ui.shared.widgets.text renders through fonts.render)."""
    seen: list[str] = []
    real = fonts.render

    def render(message, *args, **kwargs):
        seen.append(message)
        return real(message, *args, **kwargs)

    monkeypatch.setattr(fonts, "render", render)
    return seen


def buttons_of(scene) -> list[Button]:
    """The Buttons a scene holds (alone, in a ButtonList, or in a list), not those of the scene beneath."""
    found = []
    for value in vars(scene).values():
        if isinstance(value, Button):
            found.append(value)
        elif isinstance(value, ButtonList):
            found += value.buttons
        elif isinstance(value, (list, tuple)):
            found += [item for item in value if isinstance(item, Button)]
    return found


def assert_buttons_fit(scene) -> list[Button]:
    """Every button's label, as shown, fits it at its own font size (Button.draw shrinks none)."""
    buttons = buttons_of(scene)
    assert buttons, scene
    for button in buttons:
        assert text_width(button.shown, button.size) <= button.rect.width - LABEL_ROOM, (
            f"{type(scene).__name__}: {button.shown!r} is wider than its {button.rect.width}-pixel button")
    return buttons


def assert_rows_fit(options: Options) -> None:
    """Every option line's label and value ("< value >", bold) fit its row, side by side."""
    for i, (label, value) in enumerate(options.rows()):
        room = options.row_rect(i).width - 2 * PAD
        used = text_width(label, 16) + ROW_GAP + text_width(i18n._(VALUE).format(value=value), 16, bold=True)
        assert used <= room, f"options line {label!r} = {value!r} takes {used} of {room} pixels"


def assert_rows_apart(options: Options) -> None:
    """Every option line's row is on the screen, clear of the others and of Back, and the
    screen is low enough to show at 2x on a 1280x1024 screen (944 pixels left by the
    window's frame and task bars)."""
    page = pygame.Rect((0, 0), options.size())
    rows = [options.row_rect(i) for i in range(len(options.rows()))]
    assert all(page.contains(row) and not row.colliderect(options.back.rect) for row in rows)
    assert not any(a.colliderect(b) for i, a in enumerate(rows) for b in rows[i + 1:])
    assert options.size()[1] * 2 <= 944


def menu_button(w, label: str) -> Button:
    """The menu button whose English words start with ``label``."""
    return next(b for b in w.scene.list.buttons if b.label.startswith(label))


def open_from_menu(w, label: str):
    w.click(menu_button(w, label).rect.center)
    return w.scene


# ----- every label fits, in both languages ----------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_menu_screen_label_fits_its_button_or_row(window, lang):
    w = window(["--lang", lang])
    assert i18n.language() == lang and isinstance(w.scene, Menu)
    menu = w.scene
    assert_buttons_fit(menu)
    assert text_width(i18n._("Arrows, Enter; Esc quits; F1 help"), 16) <= MENU_SIZE[0] - 8

    w.key(pygame.K_ESCAPE)  # "Quit Minesweeper?"
    assert isinstance(w.scene, Confirm)
    assert_buttons_fit(w.scene)
    w.key(pygame.K_n)
    assert w.scene is menu

    options = open_from_menu(w, "Options")
    assert isinstance(options, Options)
    assert_buttons_fit(options)
    assert_rows_apart(options)
    language_line = [change for _label, _value, change in options.lines()].index(options.change_language)
    for line in range(len(options.rows())):  # each line through all its values (not the language)
        if line == language_line:
            continue
        for _ in range(12):
            options.focus = line
            w.click(options.row_rect(line).center)
            assert_rows_fit(options)
    assert i18n.language() == lang
    w.click(options.back.rect.center)
    assert isinstance(w.scene, Menu)

    form = open_from_menu(w, "Custom")
    assert isinstance(form, CustomForm)
    assert_buttons_fit(form)
    for i, label in enumerate(FIELD_LABELS):
        assert 16 + text_width(i18n._(label), 18) <= form.field_rect(i).left - 4
    w.key(pygame.K_ESCAPE)

    w.key(pygame.K_F1)
    assert isinstance(w.scene, Help)
    panel = w.scene.panel()
    assert pygame.Rect((0, 0), w.scene.size()).contains(panel)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_custom_form_hints_fit_the_window_whatever_is_typed(window, lang):
    w = window(["--lang", lang])
    form = open_from_menu(w, "Custom")
    cases = [("", "", ""), ("9", "9", "10"), ("1000", "1000", "1"), ("1", "1", "1"), ("5000", "9", "1")]
    for no_guess in (False, True):
        form.services.no_guess = no_guess
        for values in cases + [("1000", "999", "1"), ("2", "2", "1")]:
            for i, value in enumerate(values):
                while form.focus != i:
                    w.key(pygame.K_TAB)
                for _ in range(len(form.values[i])):
                    w.key(pygame.K_BACKSPACE)
                w.type(value)
            for i, hint in enumerate(form.hints()):
                left = form.hint_left(i, hint)
                assert 4 <= left and left + text_width(hint, 12) <= MENU_SIZE[0] - 4, hint


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_overlay_label_fits_on_beginner(window, lang, monkeypatch):
    monkeypatch.setattr(Generation, "step", lambda job, budget=0.008: False)  # a slow machine: the panel stays
    w = window(["--lang", lang, "--no-guess", "--difficulty", "beginner", "--seed", "3"])
    game_scene = w.scene
    assert isinstance(game_scene, Playing)

    w.key(pygame.K_p)
    pause = w.scene
    assert isinstance(pause, Pause) and pause.cover().width <= game_scene.layout.size[0]
    w.key(pygame.K_p)

    w.click_cell((4, 4))
    overlay = w.scene
    assert isinstance(overlay, Generating)
    assert_buttons_fit(overlay)
    room = overlay.panel.width - 8
    assert text_width(i18n._("No-guess board  -  Esc: cancel"), 14) <= room
    assert text_width(i18n._("{percent} solved, pass {passes}").format(percent=i18n.percent(1, 0), passes=9), 14) <= room
    assert text_width(i18n._("Generating") + "...", 20, bold=True) <= room
    w.key(pygame.K_ESCAPE)
    assert w.scene is game_scene and game_scene.game.state is State.READY

    monkeypatch.setattr(Generation, "step", lambda job, budget=0.008: (_ for _ in ()).throw(NoGuessError("none")))
    w.click_cell((4, 4))
    assert isinstance(w.scene, Generating) and w.scene.message
    assert w.scene.buttons.buttons[0].shown == i18n._("OK")
    assert_buttons_fit(w.scene)
    w.key(pygame.K_RETURN)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("scale", [1, 2])
def test_every_statistics_button_fits_on_every_page_beginner_first(window, lang, scale):
    """Statistics' buttons under the page (Games, Bests, Chart; Reset statistics..., Back),
    with each page open so each says where it goes ("Summary (C)" ...): every label fits at
    its size, no two buttons overlap, none covers the page or leaves the window, and each
    is in the list Tab and the mouse reach. The window's scale changes nothing of this."""
    from game.ui.stats.screen import PANEL, Statistics
    w = window(["--lang", lang])  # the menu, on Beginner
    w.display.set_scale(scale)
    stats = open_from_menu(w, "Statistics")
    assert isinstance(stats, Statistics) and stats.level == "beginner"
    window_rect = pygame.Rect((0, 0), stats.size())
    labels = set()
    for key, page in ((None, "summary"), (pygame.K_g, "games"), (pygame.K_b, "bests"), (pygame.K_c, "chart"),
                      (pygame.K_d, "daily"), (pygame.K_t, "trials")):
        if key is not None:
            w.key(key)
        assert stats.page == page
        assert_buttons_fit(stats)
        bottom = stats.bottom
        assert len(bottom) == 7 and set(bottom) <= set(stats.buttons.buttons)
        for i, button in enumerate(bottom):
            assert window_rect.contains(button.rect) and not button.rect.colliderect(PANEL), button.shown
            for other in bottom[i + 1:]:
                assert not button.rect.colliderect(other.rect), (button.shown, other.shown)
        labels |= {button.shown for button in bottom}
        if page != "summary":
            w.key(pygame.K_ESCAPE)  # back to the summary
            assert w.scene is stats and stats.page == "summary"
    assert len(labels) == 12  # Reset, Back, and each page button both ways (Trials: issue 38)
    assert i18n._("Chart (C)") in labels and i18n._("Summary (C)") in labels


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_abandon_question_fits_on_beginner(window, lang):
    w = window(["--lang", lang, "--difficulty", "beginner", "--seed", "3"])
    w.click_cell((4, 4))
    assert w.scene.game.state is State.PLAYING
    w.key(pygame.K_ESCAPE)
    assert isinstance(w.scene, Confirm)
    assert_buttons_fit(w.scene)
    assert len(w.scene.shown) >= 1 and "stderr" not in w.scene.shown[-1]  # the whole question shows


# ----- the screens speak Spanish --------------------------------------------------------------
def test_the_menu_in_spanish(window, drawn):
    w = window(["--lang", "es"])
    shown = [b.shown for b in w.scene.list.buttons] + [w.scene.quit_button.shown]
    assert shown == ["Principiante  9x9, 10", "Intermedio  16x16, 40", "Avanzado  16x30, 99",
                     "Personalizado...", "Opciones...", "Estadísticas...", "Jugar código...", "Diario...", "Contrarreloj...",
                     "Analizar...",
                     "Salir"]
    w.scene.dirty = True
    w.step()
    assert "Buscaminas" in drawn and "Principiante  9x9, 10" in drawn and "Salir" in drawn
    assert "Flechas, Intro; Esc sale; F1 ayuda" in drawn
    w.key(pygame.K_ESCAPE)
    assert isinstance(w.scene, Confirm)
    assert w.scene.title == "Salir" and w.scene.shown == ["¿Salir de Buscaminas?"]
    assert [b.shown for b in w.scene.buttons.buttons] == ["Sí", "No"]


def test_the_options_in_spanish(window, drawn):
    w = window(["--lang", "es"])
    options = open_from_menu(w, "Options")
    rows = dict(options.rows())
    assert rows["Marcas de interrogación (?)"] == "no" and rows["Primer clic"] == "abre una zona"
    assert rows["Tema"] == "clásico" and rows["Pantalla"] == "ventana, tamaño automático"
    assert rows["Sonido"] == "sí" and rows["Volumen"].endswith("\u00a0%")  # Babel's no-break space
    assert rows["Idioma"] == "Español"  # each language by its own name
    assert "Opciones" in drawn and "Volver" in drawn and "< no >" in drawn
    assert "Cada cambio se guarda al momento; las reglas valen desde la próxima partida" in drawn
    theme = list(rows).index("Tema")
    w.click(options.row_rect(theme).center)
    assert options.rows()[theme] == ("Tema", "oscuro")
    w.click(options.row_rect(theme).center)
    assert options.rows()[theme] == ("Tema", "alto contraste")


def test_the_options_refusal_in_spanish(window):
    w = window(["--lang", "es", "--no-guess"])
    options = open_from_menu(w, "Options")
    first = [label for label, _value in options.rows()].index("Primer clic")
    w.click(options.row_rect(first).center)
    assert options.message.startswith("Los tableros sin conjeturas siempre abren una zona")


def test_the_custom_form_in_spanish(window, drawn):
    w = window(["--lang", "es"])
    form = open_from_menu(w, "Custom")
    assert [form.start_button.shown, form.back_button.shown] == ["Empezar", "Volver"]
    assert {"Tablero personalizado", "Filas", "Columnas", "Minas"} <= set(drawn)
    for _ in range(len(form.values[0])):
        w.key(pygame.K_BACKSPACE)
    assert form.hints()[0] == "de 1 a 1.000" and form.hints()[2] == "de 1 a filas x cols - 1"  # grouped (issue 36)
    w.key(pygame.K_RETURN)
    assert w.scene is form and form.message == "filas: escribe un número"
    w.type("1001")
    w.key(pygame.K_RETURN)
    assert form.message.startswith("filas: 1.001 está fuera de rango; se admite de 1 a 1.000")  # grouped, as the hints (issue 36)
    assert "filas y columnas: máx. 1.000" == form.hints()[2]
    form.services.no_guess = True
    for _ in range(4):
        w.key(pygame.K_BACKSPACE)
    w.type("999")
    w.key(pygame.K_TAB)
    for _ in range(len(form.values[1])):
        w.key(pygame.K_BACKSPACE)
    w.type("999")
    assert form.hints()[2].startswith("de 1 a ") and form.hints()[2].endswith(" sin conjeturas")


def set_fields(w, form, *values):
    """Type ``values`` over the form's rows, columns and mines."""
    for i, value in enumerate(values):
        while form.focus != i:
            w.key(pygame.K_TAB)
        for _ in range(len(form.values[i])):
            w.key(pygame.K_BACKSPACE)
        w.type(str(value))


def test_the_custom_form_refusals_of_the_game_and_the_generator_in_spanish(window):
    """What Config and the no-guess generator refuse is said in Spanish (game.messages.describe)."""
    w = window(["--lang", "es"])
    form = open_from_menu(w, "Custom")
    set_fields(w, form, 9, 9, 81)
    w.key(pygame.K_RETURN)
    assert w.scene is form and form.message == "minas: 81 está fuera de rango para 9x9; se admite de 1 a 80"
    form.services.no_guess = True
    set_fields(w, form, 9, 9, 80)
    w.key(pygame.K_RETURN)
    assert w.scene is form and form.message.startswith("los tableros sin conjeturas de 9x9 admiten como máximo")


def test_the_help_and_pause_in_spanish(window, drawn):
    w = window(["--lang", "es", "--difficulty", "beginner", "--seed", "1"])
    w.key(pygame.K_F1)
    assert isinstance(w.scene, Help)
    lines = w.scene.lines()
    assert ("Clic izquierdo", "destapar") in lines and ("Esc", "menú") in lines
    assert {"Controles", "Clic izquierdo", "destapar", "Una tecla o un clic cierra"} <= set(drawn)
    w.key(pygame.K_SPACE)
    drawn.clear()
    w.key(pygame.K_p)
    assert isinstance(w.scene, Pause)
    assert {"En pausa", "P o clic para seguir"} <= set(drawn)


def test_english_is_unchanged(window, drawn):
    w = window([])
    shown = [b.shown for b in w.scene.list.buttons] + [w.scene.quit_button.shown]
    assert shown == ["Beginner  9x9, 10", "Intermediate  16x16, 40", "Expert  16x30, 99",
                     "Custom...", "Options...", "Statistics...", "Play a code...", "Daily...", "Time trial...", "Analyse...",
                     "Quit"]
    assert "Arrows, Enter; Esc quits; F1 help" in drawn
    options = open_from_menu(w, "Options")
    assert options.rows()[0] == ("Question marks", "off") and "< off >" in drawn


# ----- a switch in Options shows at once -------------------------------------------------------
def test_switching_language_in_options_changes_the_menu_at_once(window, drawn):
    w = window([])
    assert menu_button(w, "Beginner").shown == "Beginner  9x9, 10"
    options = open_from_menu(w, "Options")
    line = [label for label, _value in options.rows()].index("Language")
    drawn.clear()
    w.click(options.row_rect(line).center)
    assert i18n.language() == "es"
    assert options.rows()[0] == ("Marcas de interrogación (?)", "no") and options.rows()[line] == ("Idioma", "Español")
    assert "Opciones" in drawn and "Marcas de interrogación (?)" in drawn and "Volver" in drawn  # the very next frame
    w.click(options.back.rect.center)
    menu = w.scene
    assert isinstance(menu, Menu)
    assert [b.shown for b in menu.list.buttons][:4] == ["Principiante  9x9, 10", "Intermedio  16x16, 40",
                                                         "Avanzado  16x30, 99", "Personalizado..."]
    assert "Buscaminas" in drawn and "Estadísticas..." in drawn
    options = open_from_menu(w, "Options")
    w.click(options.row_rect(line).center)  # and back to English
    assert i18n.language() == "en" and options.rows()[line] == ("Language", "English")
    w.click(options.back.rect.center)
    assert [b.shown for b in w.scene.list.buttons][0] == "Beginner  9x9, 10"
