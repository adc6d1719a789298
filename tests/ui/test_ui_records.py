"""The records in the window: games recorded, best times named, statistics, settings kept,
and bad database files survived; told with posted pygame events (headless SDL)."""

import json
import sqlite3

import pygame

from game.rules.engine import State
from game.records import schema
from game.records.db import RecordStore
from game.records.record import GameRecord
from game.ui.shared.confirm import Confirm, MessageBox
from game.ui.menu import Menu
from game.ui.options.screen import Options
from game.ui.play.playing import Playing
from game.ui.play.result import GameOver, Victory
from tests.xsession import PATIENCE
from tests.play_helpers import open_statistics, win_by_clicks


def lose_by_click(w):
    """Open the centre, then click a mine; returns the match."""
    match = w.scene.match
    w.click_cell((4, 4))
    w.click_cell(sorted(match.layout())[0])
    assert match.game.state is State.LOST
    w.step(60)  # the explosion ends
    return match


def type_text(w, characters):
    for ch in characters:
        w.key(pygame.key.key_code(ch.lower()) if ch.isalpha() else pygame.K_SPACE, unicode=ch)
        w.post(pygame.TEXTINPUT, text=ch)


def stored(data_dir):
    with RecordStore.open(data_dir / "records.sqlite3") as store:
        return store.games()


def saved_settings(data_dir):
    return json.loads((data_dir / "settings.json").read_text(encoding="utf-8"))


def record(level="beginner", won=True, time_ms=20000, **changes):
    rows, cols, mines = {"beginner": (9, 9, 10), "expert": (16, 30, 99), "custom": (5, 7, 3)}[level]
    values = dict(played_at="2024-05-01T12:00:00+00:00", level=level, rows=rows, cols=cols, mines=mines,
                  won=won, time_ms=time_ms, three_bv=30, name="Ada")
    values.update(changes)
    return GameRecord(**values)


def open_stats(w):
    return open_statistics(w)



def test_the_recent_games_chart_draws_a_win_with_help_apart_from_the_wins_that_count(window):
    """Issue 35: an assisted win is played but not won (it ends a streak), and the summary's
    recent games drew it as a green "won" bar beside "Won 0". It is a bar of the theme's
    ``dim`` colour now, with its word in the legend; the counted win stays green."""
    from game.ui.stats.screen import CHART
    from game.ui.shared.theme import palette
    w = window([])
    store = w.scene.services.records.store
    store.add_game(record(time_ms=30000, hints_used=1))
    stats = open_stats(w)
    rows = dict(stats.summary_rows())
    assert (rows["Played"], rows["Won"]) == ("1", "0")
    assert stats.stats["beginner"].recent == (("helped", 30.0),)
    bars = {tuple(w.screen.get_at((x, CHART.bottom - 3)))[:3] for x in range(CHART.left + 2, CHART.right - 2)}
    assert palette.dim in bars and palette.won not in bars
    w.key(pygame.K_ESCAPE)
    store.add_game(record(time_ms=20000))
    stats = open_stats(w)
    bars = {tuple(w.screen.get_at((x, CHART.bottom - 3)))[:3] for x in range(CHART.left + 2, CHART.right - 2)}
    assert palette.dim in bars and palette.won in bars


def test_the_name_opens_selected_and_the_first_letter_typed_replaces_it(window, isolated_data_dir):
    """A best time's name field opens with the last name selected, as the classic game's box:
    typing replaces it (it was appended: "rootAnn"), Backspace clears it, End keeps it to edit."""
    w = window(["--difficulty", "beginner"], deal=7)
    win_by_clicks(w)
    victory = w.scene
    assert victory.field.focused and victory.field.selected and victory.field.value
    type_text(w, "Ann")
    assert victory.field.value == "Ann" and not victory.field.selected
    w.key(pygame.K_ESCAPE)  # (leaves the field: the name is kept)
    field = victory.field
    field.value, field.selected, field.focused = "Bob", True, True
    w.key(pygame.K_END)
    type_text(w, "by")
    assert field.value == "Bobby"
    field.selected = True
    w.key(pygame.K_BACKSPACE)
    assert field.value == "" and not field.selected


def test_a_won_game_is_recorded_and_the_best_time_gets_the_typed_name(window, isolated_data_dir):
    w = window(["--difficulty", "beginner"], deal=7)
    match = w.scene.match
    game = win_by_clicks(w)
    victory = w.scene
    assert isinstance(victory, Victory)
    (row,) = stored(isolated_data_dir)
    assert (row.level, row.seed, row.won, row.three_bv) == ("beginner", match.seed, True, game.three_bv)
    assert row.time_ms == round(match.elapsed * 1000) and row.first_click == "opening"
    assert victory.celebration == "New best time! #1 on Beginner"
    assert victory.field.focused and victory.field.value == victory.services.settings.player_name
    for _ in range(len(victory.field.value)):
        w.key(pygame.K_BACKSPACE)
    type_text(w, "Nora M")  # N and M go into the name: no new game, no menu
    assert w.scene is victory and victory.field.value == "Nora M"
    w.key(pygame.K_RETURN)
    assert not victory.field.focused
    assert stored(isolated_data_dir)[0].name == "Nora M"
    assert saved_settings(isolated_data_dir)["player_name"] == "Nora M"
    w.key(pygame.K_m)  # with the focus released the keys act again
    assert isinstance(w.scene, Menu)


def test_the_name_field_is_drawn_and_a_name_typed_but_not_entered_is_kept(window, isolated_data_dir):
    w = window(["--difficulty", "beginner"], deal=7)
    win_by_clicks(w)
    victory = w.scene
    field = victory.field.rect
    assert victory.panel.contains(field)
    assert w.screen.get_at((field.right - 4, field.centery))[:3] == (255, 255, 255)
    type_text(w, "x")
    victory.show_rect(victory.buttons.buttons[2].rect)  # (scrolled into the panels' strip)
    w.click(victory.buttons.buttons[2].rect.center)  # Menu: leaving saves the typed name
    assert isinstance(w.scene, Menu)
    assert stored(isolated_data_dir)[0].name == victory.services.settings.player_name
    assert victory.services.settings.player_name.endswith("x")


def test_a_lost_game_is_recorded_without_a_celebration(window, isolated_data_dir):
    w = window(["--difficulty", "beginner", "--seed", "2"])
    match = lose_by_click(w)
    assert isinstance(w.scene, GameOver) and w.scene.notes == []
    (row,) = stored(isolated_data_dir)
    assert (row.won, row.seed, row.level) == (False, match.seed, "beginner")


def test_statistics_from_the_menu_show_counts_best_times_and_the_chart(window, isolated_data_dir):
    w = window(["--difficulty", "beginner"], deal=7)
    store = w.scene.services.records.store
    store.add_game(record(won=False, time_ms=5000))
    store.add_game(record(time_ms=30000, name="Bob"))
    win_by_clicks(w)
    w.key(pygame.K_ESCAPE)  # the name field lets go
    w.key(pygame.K_ESCAPE)  # to the menu
    stats = open_stats(w)
    assert stats.level == "beginner"
    rows = dict(stats.summary_rows())
    assert (rows["Played"], rows["Won"], rows["Win %"], rows["Current streak"]) == ("3", "2", "67%", "2")
    best = stats.stats["beginner"].best_times
    assert [b.rank for b in best] == [1, 2] and best[1].name == "Bob"
    screen = w.screen
    assert screen.get_size() == stats.size()
    from game.ui.stats.screen import CHART
    from game.ui.shared.theme import palette
    colours = {tuple(screen.get_at((x, CHART.bottom - 3)))[:3] for x in range(CHART.left, CHART.right)}
    assert palette.won in colours and palette.lost in colours
    w.key(pygame.K_RIGHT)
    assert stats.level == "intermediate" and dict(stats.summary_rows())["Played"] == "0"
    w.click(stats.tab_rect(3).center)
    assert stats.level == "custom"
    w.key(pygame.K_ESCAPE)
    assert isinstance(w.scene, Menu)


def test_reset_asks_first_no_keeps_yes_clears_with_a_backup(window, isolated_data_dir):
    w = window([])
    store = w.scene.services.records.store
    for won in (True, False, True):
        store.add_game(record(won=won))
    stats = open_stats(w)
    w.click(stats.bottom[0].rect.center)  # Reset statistics...
    assert isinstance(w.scene, Confirm) and "A backup is kept" in " ".join(w.scene.shown)
    w.key(pygame.K_RETURN)  # the focus starts on No
    assert w.scene is stats and store.count() == 3 and dict(stats.summary_rows())["Played"] == "3"
    w.click(stats.bottom[0].rect.center)  # Reset statistics...
    w.click(w.scene.buttons.buttons[0].rect.center)  # Yes
    assert w.scene is stats and store.count() == 0
    assert dict(stats.summary_rows())["Played"] == "0" and stats.message.startswith("Statistics reset.")
    assert list(isolated_data_dir.glob("records.sqlite3.reset-*"))


def test_options_are_saved_and_loaded_by_the_next_run(window, isolated_data_dir):
    w = window([])
    w.click(w.scene.list.buttons[4].rect.center)
    options = w.scene
    assert isinstance(options, Options)
    w.click(options.row_rect(0).center)  # question marks on
    w.click(options.row_rect(2).center)  # chord by clicking a number off
    w.click(options.row_rect(3).center)  # no-guess on
    w.click(options.row_rect(1).center)  # first click: refused while no-guess is on
    assert "No-guess boards always open an area" in options.message
    saved = saved_settings(isolated_data_dir)
    assert (saved["questions"], saved["chord_on_number"], saved["no_guess"]) == (True, False, True)
    w.key(pygame.K_ESCAPE)
    w.key(pygame.K_DOWN)
    w.key(pygame.K_RETURN)  # Intermediate: the last difficulty is saved
    assert w.scene.game.config.no_guess and w.scene.game.config.questions
    assert saved_settings(isolated_data_dir)["difficulty"] == "intermediate"
    again = window([])
    settings = again.scene.services.settings
    assert (settings.questions, settings.chord_on_number, settings.no_guess) == (True, False, True)
    assert again.scene.services.no_guess and again.scene.list.focus == 1  # Intermediate highlighted


def test_command_line_flags_apply_to_the_run_but_are_not_saved(window, isolated_data_dir):
    w = window(["--questions", "--first-click", "classic", "--fullscreen"])
    settings = w.scene.services.settings
    assert settings.questions and settings.first_click == "classic" and w.scene.services.display.fullscreen
    assert not (isolated_data_dir / "settings.json").exists()
    w.key(pygame.K_F11)  # a toggle is the player's choice: saved
    assert saved_settings(isolated_data_dir)["fullscreen"] is False
    assert saved_settings(isolated_data_dir)["questions"] is False


def test_custom_size_is_remembered_for_the_form(window, isolated_data_dir):
    w = window([])
    w.click(w.scene.list.buttons[3].rect.center)
    for field, value in enumerate(("8", "12", "20")):
        w.scene.values[field] = value
    w.key(pygame.K_RETURN)
    assert isinstance(w.scene, Playing)
    saved = saved_settings(isolated_data_dir)
    assert (saved["difficulty"], saved["custom_rows"], saved["custom_cols"], saved["custom_mines"]) == (
        "custom", 8, 12, 20)
    again = window([])
    assert again.scene.list.focus == 3 and again.scene.services.last_custom == (8, 12, 20)


def test_a_corrupt_database_is_set_aside_told_in_the_window_and_play_goes_on(window, isolated_data_dir, capsys):
    (isolated_data_dir / "records.sqlite3").write_bytes(b"this is not a database" * 100)
    w = window([])
    box = w.scene
    assert isinstance(box, MessageBox) and isinstance(box.base, Menu)
    assert "moved aside" in " ".join(box.shown)
    assert "moved aside" in capsys.readouterr().err
    assert list(isolated_data_dir.glob("records.sqlite3.corrupt-*"))
    w.key(pygame.K_RETURN)
    assert isinstance(w.scene, Menu)
    w.key(pygame.K_RETURN)  # Beginner
    win_by_clicks(w)
    assert len(stored(isolated_data_dir)) == 1


def newer_database(folder):
    """A records file from a newer version of the game in ``folder`` (it opens read-only)."""
    path = folder / "records.sqlite3"
    RecordStore.open(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {schema.LATEST + 1}")
    conn.close()
    return path


def test_a_newer_database_is_read_only_the_game_plays_and_nothing_is_written(window, isolated_data_dir):
    path = newer_database(isolated_data_dir)
    before = path.read_bytes()
    w = window(["--difficulty", "beginner", "--seed", "7"])
    assert isinstance(w.scene, MessageBox) and "read-only" in " ".join(w.scene.shown)
    w.click(w.scene.buttons.buttons[0].rect.center)  # OK
    assert isinstance(w.scene, Playing)
    win_by_clicks(w)
    victory = w.scene
    assert victory.rank is None and victory.field is None
    assert any("read-only" in line for line in victory.shown_notes)
    assert "newer version" in " ".join(victory.shown_notes)
    w.key(pygame.K_ESCAPE)
    stats = open_stats(w)
    w.click(stats.bottom[0].rect.center)  # Reset statistics...
    box = w.scene
    assert isinstance(box, MessageBox) and "newer version" in " ".join(box.shown)
    w.key(pygame.K_RETURN)
    assert w.scene is stats and "read-only" in stats.message
    assert path.read_bytes() == before


def test_a_read_only_store_gives_its_own_reason_not_a_newer_version(window, isolated_data_dir):
    newer_database(isolated_data_dir)
    w = window(["--difficulty", "beginner", "--seed", "7"])
    w.click(w.scene.buttons.buttons[0].rect.center)  # OK
    w.scene.services.records.store.problem = "permission denied: the folder /x is read-only"
    win_by_clicks(w)
    notes = " ".join(w.scene.shown_notes)
    assert "permission denied: the folder /x is read-only" in notes and "newer" not in notes
    w.key(pygame.K_ESCAPE)
    stats = open_stats(w)
    w.click(stats.bottom[0].rect.center)  # Reset statistics...
    shown = " ".join(w.scene.shown)  # the whole reason, wrapped in a box (it was cut at the panel's edge)
    assert "permission denied: the folder /x is read-only" in shown and "newer" not in shown


def test_real_window_best_time_name_typed_with_the_keyboard(tmp_path):
    """Under Xvfb: a one-click Beginner board won, the name typed with real key presses
    (SDL's TEXTINPUT from X11), Enter, and the name is in the database. (Deal 38557's first
    board is won by its first click at the centre; a loaded board or a --seed run would not
    enter the best times.)"""
    import time

    import pytest

    from tests.xsession import XSession, missing
    from tests.window_helpers import differs, played_layout, playing_window, settled, shot_when, window_room, window_scale
    if missing():
        pytest.skip(f"needs {', '.join(missing())} for a real window")
    data = tmp_path / "data"
    with XSession() as x:
        x.start_game("--difficulty", "beginner", "--data-dir", str(data), deal=38557)
        layout = played_layout(9, 9, 10)
        board = playing_window(x, layout)
        scale = window_scale(board, layout)  # (the window: the board and the panels' strip)
        strip = [int(v * scale) for v in window_room(layout, x.size).strip]
        start = settled(x, board)  # the covered board drawn before the first input
        cx, cy = layout.cell_rect((4, 4)).center
        x.click(cx * scale, cy * scale)
        shot_when(x, board, lambda shot: differs(start, shot, strip) > 20, "the won game's panel with the name field")
        for _ in range(40):
            x.key("BackSpace")
        x.xdotool("type", "--delay", "30", "Zed N")
        x.key("Return")
        deadline = time.monotonic() + PATIENCE
        names = []
        while time.monotonic() < deadline and names != ["Zed N"]:
            time.sleep(0.2)  # poll interval
            with RecordStore.open(data / "records.sqlite3") as store:
                names = [game.name for game in store.games()]
        assert names == ["Zed N"]
        assert saved_settings(data)["player_name"] == "Zed N"


# ----- what enters the best times ----------------------------------------------------------------
README_BOARD = ("9x9x10\n000002MHM\n000002MHM\n00000114M\n00000002M\n000000011\n001110000\n"
                "002F21110\n112MHHM10\nMHHHHHH10\n")  # docs/files-and-replays.md's example: ten clicks left


def test_the_probability_overlay_shown_before_the_first_click_keeps_the_win_out_of_best_times(
        window, isolated_data_dir):
    w = window(["--difficulty", "beginner"], deal=7)
    w.key(pygame.K_o)
    w.key(pygame.K_o)  # on and off again before the first click: the player may have read it
    win_by_clicks(w)
    victory = w.scene
    assert isinstance(victory, Victory)
    assert victory.rank is None and victory.celebration == "" and victory.field is None
    (row,) = stored(isolated_data_dir)
    assert row.won and row.probabilities_used and not row.layout_known
    w.key(pygame.K_ESCAPE)  # no name field: straight to the menu
    stats = open_stats(w)
    assert dict(stats.summary_rows())["Played"] == "1" and stats.stats["beginner"].best_times == ()


def test_the_overlay_left_on_counts_in_the_retried_game_too(window, isolated_data_dir):
    w = window(["--difficulty", "beginner", "--seed", "7"])
    w.click_cell((0, 0))
    w.key(pygame.K_o)
    w.key(pygame.K_r)
    w.key(pygame.K_y)  # abandon the game under way: recorded as a loss
    game, match = w.scene.game, w.scene.match
    assert game.state is State.READY and match.probabilities_used and match.layout_known
    win_by_clicks(w)
    left, row = stored(isolated_data_dir)
    assert left.abandoned and not left.won
    assert row.probabilities_used and row.layout_known and w.scene.rank is None


def test_a_retried_board_is_recorded_but_never_a_best_time(window, isolated_data_dir):
    w = window(["--difficulty", "beginner"], deal=7)
    win_by_clicks(w)
    assert w.scene.celebration == "New best time! #1 on Beginner"
    w.key(pygame.K_ESCAPE)  # the name field lets go
    w.key(pygame.K_r)  # Retry: the same mines, which the player has now seen
    assert isinstance(w.scene, Playing) and w.scene.match.layout_known
    win_by_clicks(w)
    victory = w.scene
    assert isinstance(victory, Victory) and victory.rank is None and victory.celebration == ""
    first, again = stored(isolated_data_dir)
    assert not first.layout_known and again.layout_known and again.won


def test_a_loaded_board_shows_the_work_left_and_no_best_time(window, isolated_data_dir, tmp_path):
    board = tmp_path / "readme.mine"
    board.write_text(README_BOARD, encoding="utf-8")
    w = window(["--board", str(board)])
    game, match = w.scene.game, w.scene.match
    for cell in [(0, 7), (1, 7), (7, 4), (7, 5), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 6)]:
        w.click_cell(cell)
    victory = w.scene
    assert isinstance(victory, Victory) and match.total_clicks == 10
    assert victory.lines()[1].split()[:2] == ["3BV", "10"] and victory.lines()[2] == "Efficiency 100%"
    assert victory.lines()[3] == "NF"  # no flag: no right click changed the board
    assert sum(line.count("3BV/s") for line in victory.lines() + victory.figures.lines()) == 1  # once
    assert victory.rank is None and victory.field is None
    assert victory.notes == ["Not a best time: the board was known beforehand (a retry, a loaded "
                             "board or a chosen --seed)."]  # the panel says why
    (row,) = stored(isolated_data_dir)
    assert (row.three_bv, row.three_bv_solved, row.efficiency) == (10, 10, 100.0)
    assert row.layout_known and row.won and row.seed is None


def test_statistics_open_on_the_level_of_the_game_just_played(window, isolated_data_dir):
    (isolated_data_dir / "settings.json").write_text('{"difficulty": "expert"}', encoding="utf-8")
    w = window([])
    assert open_stats(w).level == "expert"  # no game yet: the menu's level
    w.key(pygame.K_ESCAPE)
    w = window(["--difficulty", "beginner", "--seed", "2"])
    lose_by_click(w)
    w.key(pygame.K_m)
    assert isinstance(w.scene, Menu) and w.scene.list.focus == 2  # the menu still offers Expert
    assert open_stats(w).level == "beginner"


def test_a_win_kept_only_in_memory_is_no_best_time_and_the_panel_says_not_recorded(
        window, tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("MINESWEEPER_DATA_DIR", str(blocker))  # like --data-dir /etc/passwd
    w = window(["--difficulty", "beginner", "--seed", "7"])
    assert isinstance(w.scene, MessageBox) and "will not be saved" in " ".join(w.scene.shown)
    w.click(w.scene.buttons.buttons[0].rect.center)  # OK
    win_by_clicks(w)
    victory = w.scene
    assert isinstance(victory, Victory)
    assert victory.rank is None and victory.field is None and victory.celebration == ""
    assert any(line.startswith("Not recorded") for line in victory.shown_notes)
    assert "warning: this game was not saved to the records" in capsys.readouterr().err


def test_the_game_is_saved_before_the_result_panel_shows(window, isolated_data_dir, monkeypatch):
    """A kill between the two cannot lose a game the player was told was won or lost."""
    from game.ui.play.result import Result
    seen = []
    enter = Result.enter

    def entering(self):
        seen.append((type(self).__name__, [r.won for r in stored(isolated_data_dir)]))
        enter(self)
    monkeypatch.setattr(Result, "enter", entering)
    w = window(["--difficulty", "beginner"], deal=38557)  # won by the first click
    w.click_cell((4, 4))
    lost = window(["--difficulty", "beginner", "--seed", "2"])
    lost.click_cell((4, 4))
    lost.click_cell(sorted(lost.scene.game.layout())[0])
    assert seen == [("Victory", [True]), ("GameOver", [True, False])]


def test_a_seeded_run_in_the_window_never_enters_the_best_times(window, isolated_data_dir):
    """--seed chooses every board of the run (the next seeds come from a Random seeded by
    it): the win is recorded, known, and the panel says why it is no best time."""
    w = window(["--difficulty", "beginner", "--seed", "36370"])  # won by a click at the centre
    w.click_cell((4, 4))
    victory = w.scene
    assert isinstance(victory, Victory) and victory.rank is None and victory.field is None
    assert any("chosen --seed" in note for note in victory.notes)
    w.key(pygame.K_F2)  # the next board of the run is a chosen one too
    assert w.scene.match.layout_known
    (row,) = stored(isolated_data_dir)
    assert row.won and row.layout_known and row.exclusions() == ("layout_known",)
