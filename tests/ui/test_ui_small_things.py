"""Issue 27's small things in the window, each told by posted events (headless SDL): the Games
page's Esc, the custom form's refusal, the mute sign, one 3BV/s on the result panel, the help's
complete list."""

import time

import pygame

from game.ui.menu import Menu
from game.ui.stats.screen import Statistics
from tests.play_helpers import drawn_texts


def open_statistics(w):
    assert isinstance(w.scene, Menu)
    button = next(b for b in w.scene.list.buttons if b.label == "Statistics...")
    w.click(button.rect.center)
    assert isinstance(w.scene, Statistics)
    return w.scene


def test_esc_on_the_games_page_goes_back_to_the_summary_then_to_the_menu(window):
    w = window()
    stats = open_statistics(w)
    w.key(pygame.K_g)
    assert stats.page == "games"
    w.key(pygame.K_ESCAPE)
    assert w.scene is stats and stats.page == "summary"
    assert stats.bottom[1].label == "Games (G)"  # the page button says where it goes again
    w.key(pygame.K_ESCAPE)
    assert isinstance(w.scene, Menu)


def panel_text(scene) -> list[str]:
    return [item[0] for item in scene.arranged.items]


def test_a_won_games_panel_says_3bv_per_second_once_while_computed_computed_and_in_details(window):
    from tests.ui.test_ui_figures import won_by_first_click

    from game.figures import has_figures
    w = won_by_first_click(window)
    scene = w.scene
    w.key(pygame.K_TAB)  # the best time's name field lets go of the keyboard
    seen = set()  # the panel's states on the way: its own line, "3BV/s ...", the figures
    end = time.monotonic() + 30
    while not has_figures(scene.figures.record):
        assert time.monotonic() < end, "the figures were not computed in time"
        seen.add(tuple(panel_text(scene)))
        assert sum(line.count("3BV/s") for line in panel_text(scene)) == 1, panel_text(scene)
        w.step(1)
        time.sleep(0.01)  # idle between frames, as the real loop does: the figures' worker thread runs
    w.step(2)
    assert sum(line.count("3BV/s") for line in panel_text(scene)) == 1, panel_text(scene)
    w.key(pygame.K_d)
    assert scene.figures.details and sum(line.count("3BV/s") for line in panel_text(scene)) == 1


def test_without_records_the_won_games_panel_keeps_its_own_3bv_per_second(window):
    from tests.play_helpers import win_by_clicks

    w = window(["--difficulty", "beginner"], deal=7)
    w.scene.services.records = None  # nowhere to store: no figures' line
    win_by_clicks(w)
    assert not w.scene.figures.shown
    assert sum(line.count("3BV/s") for line in panel_text(w.scene)) == 1


def test_m_shows_a_crossed_out_speaker_in_the_hud_and_m_again_takes_it_away(window):
    from game.ui.play.hud import mute_sign_rect
    from game.ui.shared.theme import palette
    w = window(["--difficulty", "beginner"], deal=7)
    playing = w.scene
    sign = mute_sign_rect(playing.layout)
    assert sign is not None and not sign.colliderect(playing.layout.face) and not sign.colliderect(playing.layout.timer)

    def colours():
        return {tuple(w.screen.get_at((x, y)))[:3] for x in range(sign.left, sign.right)
                for y in range(sign.top, sign.bottom)}
    assert not playing.services.settings.muted and colours() == {tuple(palette.panel)}  # sound on: no sign
    w.key(pygame.K_m, unicode="m")
    assert playing.services.settings.muted
    assert tuple(palette.wrong) in colours() and tuple(palette.text) in colours()
    w.key(pygame.K_m, unicode="m")
    assert not playing.services.settings.muted and colours() == {tuple(palette.panel)}


def test_enter_on_a_refused_custom_value_says_why_and_marks_the_field(window):
    from tests.ui.test_ui_custom_limits import open_form, set_field

    from game.ui.options.custom import CustomForm
    from game.ui.shared.theme import palette
    w = window()
    form = open_form(w)
    for index, value in enumerate(("9", "9", "0")):
        set_field(w, form, index, value)
    while form.focus != 3:  # on Start, away from the field at fault
        w.key(pygame.K_TAB)
    w.key(pygame.K_RETURN)
    assert isinstance(w.scene, CustomForm)
    assert form.message == "mines: 0 is out of range for 9x9; allowed 1..80"
    assert form.focus == 2 and form.faults() == [2]  # the focus is where the fix is typed
    frame = form.field_rect(2).inflate(4, 4)
    assert tuple(w.screen.get_at(frame.topleft))[:3] == tuple(palette.error)
    assert tuple(w.screen.get_at(form.field_rect(0).inflate(4, 4).topleft))[:3] != tuple(palette.error)
    w.key(pygame.K_BACKSPACE)
    assert form.message == ""  # editing clears the reason; the empty field is still at fault
    w.key(pygame.K_RETURN)
    assert form.message == "mines: type a number" and form.faults() == [2]
    w.type("10")
    assert form.faults() == [] and tuple(w.screen.get_at(frame.topleft))[:3] != tuple(palette.error)
    w.key(pygame.K_RETURN)
    assert not isinstance(w.scene, CustomForm)


def test_f1_lists_every_key_the_issue_missed_and_draws_every_line_in_the_smallest_window(window, monkeypatch):
    from game.ui.shared import help as help_scene
    seen = drawn_texts(monkeypatch, help_scene)
    for argv in (["--difficulty", "beginner"], ["--rows", "1", "--cols", "2", "--mines", "1"], []):
        w = window(argv)
        seen.clear()
        w.key(pygame.K_F1)
        scene = w.scene
        assert isinstance(scene, help_scene.Help)
        keys = " / ".join(k for k, _a in scene.lines() if k is not None)
        for key in ("Ctrl+Z", "D ", "G ", "Tab", "+ / -", "P / M", "F1"):
            assert key in keys, key
        assert ("P / M", "pause / sound on/off") in scene.lines()
        for _ in range(scene.hidden_rows()):  # a list longer than the window scrolls: every line is shown
            w.key(pygame.K_DOWN)
        assert isinstance(w.scene, help_scene.Help)
        drawn = [message for message, _pos in seen]
        for key, action in scene.lines():  # every line is drawn, none dropped for room
            assert action in drawn and (key is None or key in drawn)
        panel = scene.panel()
        assert pygame.Rect((0, 0), scene.size()).contains(panel)
        assert w.screen.get_size() == scene.size() == scene.base.size()  # the help never resizes the window
        w.key(pygame.K_ESCAPE)
        assert not isinstance(w.scene, help_scene.Help)
        if argv:
            assert w.screen.get_size() == w.scene.size()  # the window is back to the game's size
