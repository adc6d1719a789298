"""The live counters (F3; issue 28, point 1), driven by posted pygame events: F3 shows and hides
the panel in the strip the window keeps for its panels, without moving the board or resizing
the window, and saves the choice, as Options' line does; the panel follows a game at least ten
times a second; at the end it shows the values of the result panel (the figures ms-toollib
computed for the record, which the live ones equal); the replay viewer shows it too, and ends
on the recorded game's values; F1 lists F3; the labels are Spanish in Spanish."""

import json

import pygame

from game import i18n
from game.rules.engine import State
from game.figures import LIVE, figure, live_figures, value_text
from game.ui.play.counters_view import REFRESH_S, lines, shown_values
from game.ui.shared.formats import decimal
from game.ui.shared.help import Help
from game.ui.options.screen import Options
from game.ui.replay.viewer import ReplayViewer
from game.ui.play.result import Victory
from game.ui.stats.screen import Statistics
from tests.play_helpers import chord_both_buttons, satisfied_number, win_by_clicks
from tests.ui.test_competitive_window import open_options
from tests.ui.test_ui_display import window_size as real_window_size
from tests.ui.test_ui_figures import panel_text, wait_figures


def strip_pixels(w, scene) -> bytes:
    return w.screen.pixels(scene.room.strip)


def test_f3_shows_and_hides_the_counters_beside_the_board_and_saves_the_choice(window, isolated_data_dir):
    w = window(["--difficulty", "beginner"], deal=7)
    scene = w.scene
    board, size, window_size = scene.layout.board.copy(), scene.size(), real_window_size()
    before = strip_pixels(w, scene)
    w.click_cell((4, 4))
    assert scene.counters.panel.rect is None and not scene.services.settings.counters
    compact = strip_pixels(w, scene)  # issue 35: the side panel's compact counters, following the game
    assert compact != before and scene.side.shown[0] == "counters" and scene.side.values["clicks"] == "1"

    w.key(pygame.K_F3)
    panel = scene.counters.panel
    assert scene.services.settings.counters and scene.services.records.settings.counters  # this run, and saved
    assert json.loads((isolated_data_dir / "settings.json").read_text(encoding="utf-8"))["counters"] is True
    assert panel.rect is not None and scene.room.strip.contains(panel.rect)
    assert not panel.rect.colliderect(pygame.Rect((0, 0), scene.layout.size))  # not over the board or its frame
    assert set(panel.shown) == {key for key, _label in lines()}
    assert panel.shown["clicks"] == "1" and panel.shown["clicks_lrd"] == "1 / 0 / 0"
    assert strip_pixels(w, scene) != compact and "counters" not in scene.side.shown  # the full set in their place
    assert (scene.layout.board, scene.size(), real_window_size()) == (board, size, window_size)

    w.key(pygame.K_F3)
    assert not scene.services.settings.counters
    assert json.loads((isolated_data_dir / "settings.json").read_text(encoding="utf-8"))["counters"] is False
    assert strip_pixels(w, scene) == compact  # the strip as it was: the compact counters again
    assert (scene.layout.board, scene.size(), real_window_size()) == (board, size, window_size)


def test_options_counters_line_turns_them_on_for_the_next_game_and_saves_it(window, isolated_data_dir):
    w = window([], deal=7)
    options = open_options(w)
    row = [label for label, _value in options.rows()].index("Counters (F3)")
    assert options.rows()[row][1] == "off"
    w.click(options.row_rect(row).center)
    assert options.rows()[row][1] == "on" and options.services.settings.counters
    assert json.loads((isolated_data_dir / "settings.json").read_text(encoding="utf-8"))["counters"] is True
    w.key(pygame.K_ESCAPE)
    w.click(w.scene.list.buttons[0].rect.center)  # Beginner
    w.click_cell((4, 4))
    assert w.scene.counters_shown and w.scene.counters.panel.rect is not None


def test_f1_lists_f3(window):
    w = window(["--difficulty", "beginner"])
    w.key(pygame.K_F1)
    assert isinstance(w.scene, Help)
    assert ("F3", "live counters on/off") in w.scene.lines()


def test_the_panel_follows_the_game_at_least_ten_times_a_second(window):
    w = window(["--difficulty", "beginner"], deal=7)
    w.key(pygame.K_F3)
    scene = w.scene
    w.click_cell((4, 4))
    assert scene.game.state is State.PLAYING
    assert scene.next_change() <= REFRESH_S + 0.002  # an idle loop wakes for it
    times = []
    for _ in range(60):  # one second of the fake clock, a frame each 1/60 s
        w.step(1)
        times.append(scene.counters.panel.shown["time"])
    assert len(set(times)) >= 10
    assert times[-1] == f"{scene.match.ms / 1000:.3f} s" or abs(
        float(times[-1][:-2]) - scene.match.elapsed) <= REFRESH_S + 1 / 60


def play_a_game_with_flags_and_a_chord(w):
    game, number, safe = satisfied_number(w, first=(4, 4))
    chord_both_buttons(w, w.cell_pos(number))
    # a wasted left click: on a revealed blank (a left click on a number whose flags are all
    # placed would chord, a click that counts as a chord, not a wasted one)
    w.click_cell(next(c for c in game.cells() if game.is_revealed(c) and game.number(c) == 0))
    win_by_clicks(w, first=None)
    assert isinstance(w.scene, Victory)
    return game


def test_at_the_end_the_counters_show_the_result_panels_values(window):
    w = window(["--difficulty", "beginner"], deal=7)
    w.key(pygame.K_F3)
    play_a_game_with_flags_and_a_chord(w)
    victory = w.scene
    live = dict(victory.base.counters.values)  # worked out in play, before any record
    w.key(pygame.K_TAB)  # out of the best time's name field
    wait_figures(w)
    record = victory.figures.record
    assert record.clicks is not None and record.double_clicks == 1 and record.right_clicks >= 1
    assert live == shown_values(victory.base.counters.counts) == shown_values(victory.base.counters.counts, record)
    for name in LIVE:  # every figure shown, as the result panel's Details writes it
        ours = value_text(figure(name), getattr(record, name), num=decimal)
        assert ours in live.values() or ours in " ".join(live.values()), name
    assert live["cl_s"] == value_text(figure("cl_s"), record.cl_s, num=decimal) and record.cl_s > 0
    assert live["time"] == f"{record.time_ms / 1000:.3f} s" and live["bbbv"] == f"{record.three_bv} / {record.three_bv}"
    w.key(pygame.K_d)  # the result panel's Details
    details = " ".join(panel_text(victory))
    assert f"Clicks {live['clicks']}: L{record.left_clicks} R{record.right_clicks} D{record.double_clicks}" in details
    assert f"3BV/s {live['bbbv_per_s']}" in details and f"IOE {live['ioe']}" in details
    assert f"RQP {live['rqp']}" in details and f"Path {live['path_px']}" in details
    assert f"Corr {live['correctness']}" in details and f"Cl/s {live['cl_s']}" in details
    assert f"Thrp {live['throughput']}" in details

    if not victory.counters_drawn:  # a Beginner strip: the result panel takes it; V shows the counters
        w.key(pygame.K_v)
    assert victory.counters_drawn
    w.step(2)
    assert victory.base.counters.panel.shown == live  # drawn from the record now, the same values


def test_the_replay_viewer_shows_the_counters_and_ends_on_the_recorded_values(window):
    w = window(["--difficulty", "beginner"], deal=7)
    play_a_game_with_flags_and_a_chord(w)
    victory = w.scene
    w.key(pygame.K_TAB)
    wait_figures(w)
    record = victory.figures.record
    w.key(pygame.K_ESCAPE)  # the menu
    statistics = next(b for b in w.scene.list.buttons if b.label == "Statistics...")
    w.click(statistics.rect.center)
    assert isinstance(w.scene, Statistics)
    w.key(pygame.K_g)
    w.key(pygame.K_RETURN)  # watch the game
    viewer = w.scene
    assert isinstance(viewer, ReplayViewer)
    size, board = real_window_size(), viewer.layout.board.copy()
    w.key(pygame.K_F3)
    assert viewer.counters_shown and viewer.counters.rect is not None
    assert viewer.room.strip.contains(viewer.counters.rect)
    assert not viewer.counters.rect.colliderect(pygame.Rect((0, 0), viewer.board_size()))  # nor the bar
    assert (real_window_size(), viewer.layout.board) == (size, board)
    w.key(pygame.K_END)
    w.step(2)
    shown = viewer.counters.shown
    assert shown == shown_values(viewer.head.counts())
    for name in ("bbbv_per_s", "ioe", "rqp", "correctness", "throughput", "clicks", "effective_clicks", "cl_s"):
        assert value_text(figure(name), getattr(record, name), num=decimal) in shown.values(), name
    assert shown["cl_s"] == value_text(figure("cl_s"), record.cl_s, num=decimal)
    assert shown["time"] == f"{record.time_ms / 1000:.3f} s"
    w.key(pygame.K_F3)
    assert not viewer.counters_shown and (real_window_size(), viewer.layout.board) == (size, board)


def test_the_panel_speaks_spanish(window):
    w = window(["--difficulty", "beginner", "--lang", "es"], deal=7)
    w.key(pygame.K_F3)
    w.click_cell((4, 4))
    panel = w.scene.counters.panel
    labels = [label for _key, label in lines()]
    assert labels[:2] == ["Tiempo", "3BV"] and "Tiempo est." in labels and "Clics" in labels
    # one name a figure in F3 and Details (issue 36): "Ef." as Details' "Ef. 2: ...", Corr as the community writes it
    assert "Ef." in labels and "Corr" in labels and "Recorrido" in labels and "I / D / A" in labels
    assert panel.shown["time"].endswith(" s") and "," in panel.shown["time"]  # 0,000 s: a decimal comma
    i18n.set_language("en")


def drawn_counters(monkeypatch) -> list[tuple[str, int, bool]]:
    """(message, font pixels, bold) of every text the counters' panel renders from now on."""
    from game.ui.play import counters_view
    from game.ui.shared.widgets import FONT_SAMPLE
    seen = []
    original = counters_view.fonts.render

    def spy(message, pixels, bold=False, *args, **kwargs):
        if message != FONT_SAMPLE:  # (widgets.device_font_size measures with it)
            seen.append((message, pixels, bold))
        return original(message, pixels, bold, *args, **kwargs)
    monkeypatch.setattr(counters_view.fonts, "render", spy)
    return seen


def test_a_big_boards_counters_have_an_em_of_at_least_12_screen_pixels(window, monkeypatch):
    """Issue 35, item 5: a 1000x1000 board's window is shown at 1x, where the panel's 12-pixel
    lines drew 8-point text (about 9 pixels high); they now draw at least 12-point text (the
    em in screen pixels), each line's label and value side by side, none outside the panel."""
    from game.ui.shared import fonts
    from game.ui.play.counters_view import SIZE
    from game.ui.shared.widgets import text_width
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 1024)])
    w = window(["--rows", "1000", "--cols", "1000", "--mines", "150000", "--seed", "3"])
    seen = drawn_counters(monkeypatch)
    w.key(pygame.K_F3)
    w.click_cell((500, 500))
    w.step(3)
    scene = w.scene
    assert w.display.view[0] == 1 and scene.counters.panel.rect is not None
    assert seen and all(fonts.point_size(pixels) >= 12 for _message, pixels, _bold in seen), seen
    size, _title, line = scene.counters.panel.sizes()
    assert size > SIZE and line >= size
    rect, _shows_title, columns, per, label_w = scene.counters.panel.arrange(scene.counters.panel.rect)
    width = (rect.width - 8 - (columns - 1) * 8) // columns
    for key, label in lines():  # the label and the value of a line do not run into each other
        value = scene.counters.panel.shown[key]
        assert text_width(label, size) + 8 + text_width(value, size, True) <= width, key
    assert scene.counters.panel.rect.bottom <= scene.room.strip.bottom


def test_a_window_shown_at_2x_keeps_the_counters_at_their_size(window, monkeypatch):
    from game.ui.shared import fonts
    from game.ui.play.counters_view import LINE, SIZE
    w = window(["--difficulty", "beginner"], deal=7)
    w.display.set_scale(2)
    seen = drawn_counters(monkeypatch)
    w.key(pygame.K_F3)
    w.click_cell((4, 4))
    w.step(2)
    assert w.display.view[0] == 2
    assert w.scene.counters.panel.sizes() == (SIZE, SIZE, LINE)
    assert seen and all(fonts.point_size(pixels) >= 12 for _message, pixels, _bold in seen)


def test_every_live_figure_is_a_line_and_a_figure_given_live_in_the_table_joins_them(monkeypatch):
    """Issue 37: the panel's figure lines come from game.figures' table: each live figure is
    a line under its name, in the table's order (those within another on its host's split
    line), Cl/s among them; a figure added to the table with a ``live`` is a line too, with
    nothing else touched."""
    from game import figures
    from game.figures import Counts
    keys = [key for key, _label in lines()]
    own = ["time", "bbbv", "estimated"]
    hosts = [f.name for f in live_figures() if f.within is None]
    assert keys[:3] == own and [k for k in keys if k in hosts] == hosts and "cl_s" in hosts
    assert dict(lines())["cl_s"] == "Cl/s" and dict(lines())["throughput"] == "Thrp"
    for f in live_figures():  # a guest's value is on its host's split line
        assert f.name in keys if f.within is None else f.within + "_lrd" in keys
    counts = Counts(time_ms=4000, bbbv=20, bbbv_solved=6, left=7, right=2, double=1, left_effective=5)
    shown = shown_values(counts)
    assert shown["cl_s"] == "2.500" and shown["clicks_lrd"] == "7 / 2 / 1" and shown["path_px"] == "0 px"
    added = figures.Figure("fake_live", "Fake", "clicks", None, None, "a test", None, live=lambda c: c.left * 10)
    monkeypatch.setattr(figures, "FIGURES", figures.FIGURES + (added,))
    assert lines()[-1] == ("fake_live", "Fake") and shown_values(counts)["fake_live"] == "70"
