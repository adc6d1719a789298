"""The result panel, the Statistics screen and the replay and review viewers in English and in
Spanish, driven by posted pygame events as a player drives them: what they say, numbers and
dates as each language writes them, a language switch showing at once, and every label
fitting its button or panel on Beginner, the smallest window."""

import re

import pygame
import pytest

from game import i18n
from game.records.notes import left_out
from game.ui.shared import formats
from game.ui.replay import review_view as rv
from game.ui.stats.game_list import COLUMNS, row_values
from game.ui.replay.bar import IconButton
from game.ui.stats import screen as stats_module
from game.ui.menu import Menu
from game.ui.replay.viewer import ReplayViewer
from game.ui.play.result import GameOver, Victory
from game.ui.replay.review import ReviewViewer
from game.ui.stats.screen import PANEL, Statistics
from game.ui.shared.widgets import LABEL_ROOM, text_width
from tests.play_helpers import wait_postmortem, win_by_clicks
from tests.ui.test_ui_figures import wait_figures
from tests.ui.test_ui_records import lose_by_click, record


# ----- helpers -----------------------------------------------------------------------------------
def assert_label_fits(button):
    """The button's label, as shown, fits inside it at its full size."""
    if isinstance(button, IconButton):  # a drawn icon, no words
        return
    assert text_width(button.shown, button.size) <= button.rect.width - LABEL_ROOM, (
        f"{button.shown!r} is too wide for its {button.rect.width}-pixel button")


def text_rect(message, pos, size, anchor, bold=False) -> pygame.Rect:
    rect = pygame.Rect(0, 0, text_width(message, size, bold), size)
    setattr(rect, anchor, pos)
    return rect


def assert_result_fits(w):
    """Every button label fits its button; every line of the panel lies inside the panel,
    the name label left of (or above) the field; the panel as wide as its strip in the
    window, from its top (a longer panel scrolls there)."""
    scene = w.scene
    panel = scene.arranged
    for button in scene.buttons.buttons:
        assert_label_fits(button)
        assert panel.rect.contains(button.rect)
    for message, pos, size, _colour, anchor, bold in panel.items:
        rect = text_rect(message, pos, size, anchor, bold)
        assert panel.rect.left <= rect.left and rect.right <= panel.rect.right, f"{message!r} leaves the panel"
    if panel.field is not None:
        label = text_rect(panel.name, panel.name_label, 16, "midleft")
        assert label.right <= panel.field.left or label.bottom <= panel.field.top + 2
        assert panel.rect.contains(panel.field)
    strip = scene.room.panel
    assert pygame.Rect((0, 0), scene.room.size).contains(strip)
    assert (panel.rect.left, panel.rect.top + scene.scroll, panel.rect.width) == (*strip.topleft, strip.width)
    assert w.screen.get_size() == scene.size() == scene.base.size()


def panel_text(scene) -> list[str]:
    return [item[0] for item in scene.arranged.items]


def shown_labels(scene) -> list[str]:
    return [button.shown for button in scene.buttons.buttons]


def spy_text(monkeypatch, *modules):
    """Record every (message, rect) the given modules draw with game.ui.shared.widgets.text."""
    drawn = []
    for module in modules:
        original = module.text

        def spy(surface, message, pos, size=16, colour=None, anchor="topleft", bold=False, _original=original):
            drawn.append((message, text_rect(message, pos, size, anchor, bold)))
            return _original(surface, message, pos, size, colour, anchor, bold)
        monkeypatch.setattr(module, "text", spy)
    return drawn


def redraw(w, drawn):
    drawn.clear()
    w.scene.dirty = True
    w.step(2)
    return [message for message, _rect in drawn]


def lose_beginner(window, lang):
    w = window(["--lang", lang, "--difficulty", "beginner", "--seed", "2"])
    lose_by_click(w)
    assert isinstance(w.scene, GameOver)
    wait_postmortem(w)
    return w


def win_beginner(window, lang):
    w = window(["--lang", lang, "--difficulty", "beginner"], deal=7)
    win_by_clicks(w)
    assert isinstance(w.scene, Victory)
    return w


def switch_language(w, code):
    """What Options > Language does: the setting, then services.apply_language()."""
    services = w.scene.services
    services.settings.language = code
    services.apply_language()
    w.step(2)


# ----- the result panel --------------------------------------------------------------------------
def test_a_lost_and_a_won_beginner_game_in_spanish_say_so(window):
    w = lose_beginner(window, "es")
    scene = w.scene
    assert panel_text(scene)[0] == "¡BUM!"  # as the console says it (issue 36: one name)
    assert any(line.startswith("Tiempo ") and "," in line for line in panel_text(scene))  # "Tiempo 0,1 s"
    assert shown_labels(scene)[:3] == ["Nueva partida", "Repetir", "Menú"] and "Deshacer" in shown_labels(scene)
    assert "¿Por qué?" in shown_labels(scene)

    w = win_beginner(window, "es")
    scene = w.scene
    shown = panel_text(scene)
    assert shown[0] == "¡Has ganado!"
    assert scene.celebration_lines() == ["¡Nuevo récord!", "n.º 1 en Principiante"]
    seconds = scene.base.match.elapsed
    # (lines short enough share a row of the panel: issue 35)
    assert any(f"Tiempo {seconds:.3f} s".replace(".", ",") in line for line in shown)
    assert any(re.search("Eficiencia [0-9]+\u00a0%", line) for line in shown)
    assert shown_labels(scene)[:4] == ["Nueva partida", "Repetir", "Menú", "Revisión"]
    assert scene.arranged.name == "Nombre"


def test_the_result_panel_in_english_is_unchanged(window):
    w = lose_beginner(window, "en")
    assert panel_text(w.scene)[0] == "Boom!"
    assert shown_labels(w.scene)[:4] == ["New game", "Retry", "Menu", "Review"] or \
        shown_labels(w.scene)[:4] == ["New game", "Retry", "Menu", "Undo"]
    w = win_beginner(window, "en")
    scene = w.scene
    assert panel_text(scene)[0] == "You win!" and scene.celebration == "New best time! #1 on Beginner"
    assert any(f"Time {scene.base.match.elapsed:.3f} s" in line for line in panel_text(scene))  # (a row's part)
    assert any(re.search("Efficiency [0-9]+%", line) for line in panel_text(scene))  # (English: no space)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_lost_beginner_game_panel_fits_in_every_state(window, lang):
    w = lose_beginner(window, lang)
    scene = w.scene
    assert_result_fits(w)
    w.key(pygame.K_v)  # the post-mortem: its lines and the Hide button
    assert scene.postmortem.shown and i18n._("Hide") in shown_labels(scene)
    assert_result_fits(w)
    wait_figures(w)
    w.key(pygame.K_d)  # every figure
    assert scene.figures.details
    assert_result_fits(w)
    w.key(pygame.K_h)  # the panel hidden: the strip says how to show it
    hint = i18n._(scene.show_panel_hint)
    assert text_width(hint, 13) <= scene.room.strip.width
    assert hint == ("H muestra el resultado" if lang == "es" else "H shows the result")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_won_beginner_game_panel_fits_with_the_name_field_and_the_details(window, lang):
    w = win_beginner(window, lang)
    scene = w.scene
    assert_result_fits(w)
    w.key(pygame.K_TAB)  # the name field lets go of the keyboard
    wait_figures(w)
    assert_result_fits(w)
    w.key(pygame.K_d)
    assert scene.figures.details
    assert_result_fits(w)
    if lang == "es":
        assert any("Aperturas " in line for line in panel_text(scene))  # (figures are paired two a line)
        assert any(line.startswith("3BV/s ") and "," in line for line in panel_text(scene))
    else:
        assert any("Openings " in line for line in panel_text(scene))  # (figures are paired two a line)


def test_the_result_panel_switches_language_at_once(window):
    w = win_beginner(window, "en")
    scene = w.scene
    assert panel_text(scene)[0] == "You win!"
    switch_language(w, "es")
    assert w.scene is scene
    assert panel_text(scene)[0] == "¡Has ganado!" and shown_labels(scene)[0] == "Nueva partida"
    assert "¡Nuevo récord!" in panel_text(scene)
    assert_result_fits(w)
    switch_language(w, "en")
    assert panel_text(scene)[0] == "You win!" and shown_labels(scene)[0] == "New game"


# ----- Statistics, the Games page and the viewers -------------------------------------------------
def open_stats_with_games(window, lang):
    """The Statistics screen on Beginner with a loss, two wins and the game just won."""
    w = win_beginner(window, lang)
    store = w.scene.services.records.store
    store.add_game(record(won=False, time_ms=5000))
    store.add_game(record(time_ms=30500, name="Bob"))
    w.key(pygame.K_ESCAPE)  # the name field lets go
    w.key(pygame.K_ESCAPE)  # to the menu
    assert isinstance(w.scene, Menu)
    w.click(w.scene.list.buttons[5].rect.center)
    assert isinstance(w.scene, Statistics) and w.scene.level == "beginner"
    return w


def assert_stats_fit(stats, drawn):
    for button in stats.buttons.buttons:
        assert_label_fits(button)
    for message, rect in drawn:
        assert 4 <= rect.left and rect.right <= stats.size()[0] - 4, f"{message!r} leaves the window"
        if PANEL.top < rect.top < PANEL.bottom:
            assert PANEL.left <= rect.left and rect.right <= PANEL.right, f"{message!r} leaves the page"
    for i, level in enumerate(("beginner", "intermediate", "expert", "custom")):
        assert text_width(formats.level_name(level), 16, True) <= stats.tab_rect(i).width - 6


STATISTICS_WORDS = {  # lang -> (played, won, win %, its value, average time, its decimal mark, words drawn, bottom buttons)
    "es": ("Jugadas", "Ganadas", "% ganadas", "67\u00a0%", "Tiempo medio", ",",
           {"Récords", "Tiempo", "Nombre", "Fecha", "Las últimas 50 partidas", "ganada", "perdida", "Principiante",
            "30,500", "1 may 2024"}, ["Borrar estadísticas...", "Partidas (G)", "Mejores (B)", "Gráfica (C)", "Volver",
                                 "Diario (D)", "Contrarrelojes (T)"]),
    "en": ("Played", "Won", "Win %", "67%", "Average time", ".",
           {"Best times", "Time", "Name", "Date", "Last 50 games", "won", "lost", "Beginner", "30.500",
            "May 1, 2024"}, ["Reset statistics...", "Games (G)", "Bests (B)", "Chart (C)", "Back", "Daily (D)",
                            "Trials (T)"]),
}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_statistics_show_the_languages_words_numbers_and_dates(window, monkeypatch, lang):
    """Spanish words, a decimal comma and Spanish dates; English as it always was."""
    played, won, share, value, average, mark, words, bottom = STATISTICS_WORDS[lang]
    w = open_stats_with_games(window, lang)
    stats = w.scene
    drawn = spy_text(monkeypatch, stats_module)
    shown = redraw(w, drawn)
    rows = dict(stats.summary_rows())
    assert (rows[played], rows[won], rows[share]) == ("3", "2", value)
    assert rows[average].endswith(" s") and mark in rows[average]
    assert words <= set(shown)
    assert [b.shown for b in stats.bottom] == bottom
    assert_stats_fit(stats, drawn)


def test_statistics_switch_language_at_once(window, monkeypatch):
    w = open_stats_with_games(window, "en")
    drawn = spy_text(monkeypatch, stats_module)
    assert "Played" in redraw(w, drawn)
    switch_language(w, "es")
    assert "Jugadas" in [message for message, _rect in drawn] and "Played" not in redraw(w, drawn)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_games_page_and_the_viewers_speak_the_language_and_fit(window, monkeypatch, lang):
    from game.ui.stats import game_list
    w = open_stats_with_games(window, lang)
    stats = w.scene
    w.key(pygame.K_g)
    assert stats.page == "games"
    drawn = spy_text(monkeypatch, stats_module, game_list)
    shown = redraw(w, drawn)
    assert_stats_fit(stats, drawn)
    for key, count in ((pygame.K_w, 3), (pygame.K_f, 2), (pygame.K_b, 7)):  # every filter's every label
        for _ in range(count):
            w.key(key)
            for button in stats.buttons.buttons:
                assert_label_fits(button)
    records = stats.games.list.records
    assert len(records) == 3
    for rec in records:  # each value stays in its column
        for (x, title), (next_x, _next), value in zip(COLUMNS, COLUMNS[1:], row_values(rec)):
            assert x + max(text_width(value, 14), text_width(i18n._(title), 14)) + 4 <= next_x, (title, value)
    words = {"en": ("Games (G)", "Summary (G)", "Watch", "Review (R)", "3 games shown, newest first",
                    "Result", "won", "5/1 12:00", "30.50"),
             "es": ("Partidas (G)", "Resumen (G)", "Ver", "Revisión (R)", "3 partidas, las más recientes primero",
                    "Resultado", "ganada", "1/5 12:00", "30,50")}[lang]
    assert stats.bottom[1].shown == words[1] and stats.games.watch_button.shown == words[2]
    assert stats.games.review_button.shown == words[3]
    assert set(words[4:]) <= set(shown)

    won = stats.services.records.last_record_id  # the game just won, recorded with its moves
    stats.games.list.selected = next(i for i, rec in enumerate(records) if rec.id == won)
    w.key(pygame.K_RETURN)  # Watch
    viewer = w.scene
    assert isinstance(viewer, ReplayViewer)
    assert viewer.title.endswith(", ganada" if lang == "es" else ", won")
    assert viewer.title.startswith("Partida: " if lang == "es" else "Game: ")
    for button in viewer.bar.buttons:
        assert_label_fits(button)
    w.step(20)
    w.key(pygame.K_ESCAPE)
    assert w.scene is stats

    w.key(pygame.K_r)  # Review
    viewer = w.scene
    assert isinstance(viewer, ReviewViewer)
    assert viewer.wait(60)  # the review is worked out on its own thread
    w.step(1)  # the frame that takes it
    w.key(pygame.K_END)
    inner = viewer.room.panel.width - 2 * rv.PAD
    move_lines = rv.move_lines(viewer.review, viewer.current, viewer.timeline.moves)
    summary = rv.summary_lines(viewer.review)
    if lang == "es":
        assert move_lines[0][0].startswith("Jugada ") and summary[0].startswith("Conjeturas ")
        assert summary[2].startswith("[ / ]")  # not "[ y ]": read as the Y key (issue 36)
    else:
        assert move_lines[0][0].startswith("Move ") and summary[0].startswith("Guesses ")
    for message, _colour, bold in rv.wrapped(move_lines + [(line, None, False) for line in summary], inner):
        assert text_width(message, rv.TEXT_SIZE, bold) <= inner
    height = rv.panel_height(viewer.review, viewer.timeline.moves, viewer.room.panel.width)
    assert height <= viewer.room.panel.height
    w.key(pygame.K_ESCAPE)
    assert w.scene is stats


# ----- the words of the records and the formats --------------------------------------------------
def test_why_a_win_is_no_best_time_in_both_languages():
    helped = record(hints_used=2)
    assert left_out(helped) == ("Assisted win: counted as played, not won. "
                                "Not a best time: 2 hints were used.")
    i18n.set_language("es")
    assert left_out(helped) == ("Victoria con ayuda: cuenta como jugada, no como ganada. "
                                "No es récord: se usaron 2 pistas.")
    assert left_out(record(hints_used=1)).endswith("No es récord: se usó una pista.")
    assert left_out(record(undos=1)).startswith("Partida con jugadas deshechas")
    assert left_out(record(undos=1, counted_loss=True)).startswith("Continuada tras deshacer su derrota")
    assert left_out(record(won=False)) is None


def test_formats_follow_the_language():
    cases = lambda: (formats.locale_name(), formats.decimal(2.675, 2), formats.decimal(1234.5, 1),  # noqa: E731
                     formats.seconds(12.34), formats.percent(66.6), formats.day("2024-05-01T12:00:00+00:00"),
                     formats.day_and_time("2024-09-12T08:05:00+02:00"), formats.speed_text(0.25),
                     formats.level_name("custom"), formats.decimal(None))
    assert cases() == ("en_US", "2.67", "1234.5", "12.3 s", "67%", "May 1, 2024", "9/12 08:05", "0.25x",
                       "Custom", "-")
    i18n.set_language("es")
    assert cases() == ("es_ES", "2,67", "1234,5", "12,3 s", "67\u00a0%", "1 may 2024", "12/9 08:05", "0,25x",
                       "Personalizado", "-")
    assert formats.locale_name("en") == "en_US" and formats.day("not a date") == "not a date"


def test_the_level_tabs_share_one_font_size_in_spanish(window, monkeypatch):
    """Issue 36: the "Principiante 8x8" tab was drawn smaller than the others; every tab's
    label now has the one size at which all fit."""
    from game.ui.stats import screen as stats
    from tests.play_helpers import open_statistics
    w = window(["--lang", "es"])
    w.scene.services.set_option(beginner_size="8x8")  # as Options saves it: the Beginner tab shows 8x8
    seen = []
    original = stats.text

    def spy(screen, message, pos, size=16, *args, **kwargs):
        seen.append((message, size))
        return original(screen, message, pos, size, *args, **kwargs)
    monkeypatch.setattr(stats, "text", spy)
    scene = open_statistics(w)
    w.step(2)
    tabs = [(message, size) for message, size in seen
            if message in ("Principiante 8x8", "Intermedio", "Avanzado", "Personalizado")]
    assert {message for message, _ in tabs} >= {"Principiante 8x8", "Intermedio"}
    assert len({size for _, size in tabs}) == 1 and scene.tab_font() == tabs[0][1]
