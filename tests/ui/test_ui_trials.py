"""Time trials in the window (issue 38, point 6), by real pygame events posted to the headless
window (tests.driver.Driver): the menu's "Time trial..." (a set, your own set, a trial code, a
refused code), ``--trial`` as the first scene, a game won, the side panel's trial line with
the total, Next game to the next board, a loss's penalty, the end panel with the trial code,
and the records."""

import pygame
import pytest

from game.midend.trial import SETS, TrialCode, parse_set
from game.records.trials import trials
from game.rules.engine import State
from game.ui.menu import Menu
from game.ui.play.playing import Playing, TrialResult
from game.ui.play.result import GameOver, Victory
from game.ui.trials import TrialChoice, TrialCodeEntry, TrialSetEntry

TIME_TRIAL = 8  # the menu's button
TRIAL = TrialCode(parse_set("beginner:2"), 4242)


def type_text(w, characters: str) -> None:
    for ch in characters:
        w.post(pygame.TEXTINPUT, text=ch)


def play_through(w, win: bool, seconds: float) -> None:
    """Play the Playing scene's trial board from its start cell: every safe cell (a win) or a
    mine (a loss), ``seconds`` of the fake clock after the first click."""
    scene = w.scene
    assert isinstance(scene, Playing)
    start = scene.match.start
    w.click_cell(start)
    scene.services.clock.advance(seconds)
    mines = scene.match.layout()
    if not win:
        w.click_cell(min(mines))
        return
    for cell in scene.game.cells():
        if scene.game.over:
            break
        if cell not in mines and scene.game.appearance(cell) == "covered":
            w.click_cell(cell)


def test_the_menu_opens_a_named_set(window):
    w = window()
    assert isinstance(w.scene, Menu)
    w.click(w.scene.list.buttons[TIME_TRIAL].rect.center)
    assert isinstance(w.scene, TrialChoice)
    w.key(pygame.K_2)  # Vienna
    scene = w.scene
    assert isinstance(scene, Playing) and scene.match.trial
    run = scene.services.session.trial
    assert run.code.trial_set == SETS["vienna"] and run.index == 0
    assert (scene.game.rows, scene.game.cols) == (9, 9) and scene.match.start == run.boards[0].start


def test_the_menu_takes_a_trial_code_and_refuses_a_wrong_one(window):
    w = window(["--lang", "es"])
    w.click(w.scene.list.buttons[TIME_TRIAL].rect.center)
    w.key(pygame.K_4)  # Enter a trial code...
    box = w.scene
    assert isinstance(box, TrialCodeEntry)
    type_text(w, "MT9-AAAAA")
    w.key(pygame.K_RETURN)
    assert w.scene is box and "versión más nueva" in box.error
    for _ in range(9):
        w.key(pygame.K_BACKSPACE)
    type_text(w, TRIAL.text())
    w.key(pygame.K_RETURN)
    assert isinstance(w.scene, Playing) and w.scene.services.session.trial.code == TRIAL


def test_the_menu_takes_your_own_set(window):
    w = window()
    w.click(w.scene.list.buttons[TIME_TRIAL].rect.center)
    w.key(pygame.K_3)
    box = w.scene
    assert isinstance(box, TrialSetEntry)
    type_text(w, "beginner:9,huge")
    w.key(pygame.K_RETURN)
    assert w.scene is box and "'huge' is not a trial set's part" in box.error
    for _ in range(4):
        w.key(pygame.K_BACKSPACE)
    type_text(w, "end")
    assert box.field.value == "beginner:9,end"
    w.key(pygame.K_RETURN)
    assert isinstance(w.scene, Playing), box.error
    run = w.scene.services.session.trial
    assert run.code.trial_set.games == ("beginner",) * 9 and run.code.trial_set.loss_ends


def test_a_trial_from_the_command_line_to_its_end_panel(window, tmp_path):
    data = tmp_path / "data"
    w = window(["--trial", TRIAL.text(), "--data-dir", str(data)])
    scene = w.scene
    assert isinstance(scene, Playing) and scene.match.trial == TRIAL.text()
    session = scene.services.session
    assert scene.side.rank[0] == "Trial: game 1 of 2, total 0 s"  # the side panel's trial line
    play_through(w, win=True, seconds=3)
    assert isinstance(w.scene, Victory)
    first_ms = session.trial.results[0].time_ms
    assert session.trial.index == 1 and session.trial.results[0].won
    assert w.scene.labels()[0][0] == "Next game"  # and no Retry in a trial
    assert all(label != "Retry" for label, _ in w.scene.labels())
    assert any(note.startswith("Trial: 1 of 2 games played, total 3.") and "F2 or Next game" in note
               for note in w.scene.notes), w.scene.notes
    w.key(pygame.K_r)  # R does not retry a trial's board
    assert isinstance(w.scene, Victory)
    w.key(pygame.K_F2)  # the next board
    second = w.scene
    assert isinstance(second, Playing) and second is not scene and second.match.start == TRIAL.boards()[1].start
    play_through(w, win=False, seconds=2)
    end = w.scene
    assert isinstance(end, TrialResult) and isinstance(end.base, GameOver)
    assert session.trial.finished and session.trial.penalty_ms == 10_000
    assert session.trial.total_ms == first_ms + session.trial.results[1].time_ms + 10_000
    words = " ".join(end.message)
    assert "Trial finished:" in words and f"Trial code: {TRIAL.text()}" in words and "(lost, +10.000 s)" in words
    pygame.scrap.put_text("")
    w.key(pygame.K_c)  # C copies the trial code
    assert pygame.scrap.get_text() == TRIAL.text() and end.message[-1] == "Code copied"
    w.key(pygame.K_RETURN)  # OK: back to the last game's result
    assert isinstance(w.scene, GameOver)
    records = second.services.records
    (trial,) = trials(records.store)
    assert trial.finished and trial.code == TRIAL.text() and len(trial.game_ids) == 2
    games = records.store.games()
    assert [g.trial for g in games] == [TRIAL.text()] * 2 and [g.won for g in games] == [True, False]
    assert all(not g.best_time_eligible and "trial" in g.exclusions() for g in games)
    assert second.game.state is State.LOST


def test_the_statistics_trials_page_lists_the_trials(window, tmp_path):
    from game.midend.trial import TrialRun
    from game.records.db import RecordStore
    from game.records.trials import save_trial
    from game.ui.stats.screen import Statistics
    data = tmp_path / "data"
    data.mkdir()
    with RecordStore.open(data / "records.sqlite3") as store:
        for total in (40_000, 30_000):
            run = TrialRun(TrialCode(SETS["beginner10"], total))
            for _ in range(10):
                run.add(total // 10, True)
            save_trial(store, run, "ada")
    w = window(["--data-dir", str(data)])
    w.click(w.scene.list.buttons[5].rect.center)  # Statistics...
    assert isinstance(w.scene, Statistics)
    w.key(pygame.K_t)
    page = w.scene.trials
    assert w.scene.page == "trials" and [r.total_ms for r in page.records] == [40_000, 30_000]
    assert page.best_lines() == ["10 Beginner: best 30.000 s; played 2, finished 2"]
    w.key(pygame.K_t)
    assert w.scene.page == "summary"


def test_the_menu_between_two_games_ends_the_trial_and_its_next_game_is_plain(window, tmp_path):
    w = window(["--trial", TRIAL.text(), "--data-dir", str(tmp_path / "data")])
    session = w.scene.services.session
    play_through(w, win=True, seconds=2)
    assert isinstance(w.scene, Victory) and session.in_trial()
    w.key(pygame.K_ESCAPE)  # the menu: the trial ends there, recorded as ended
    assert isinstance(w.scene, Menu) and session.trial is None
    (trial,) = trials(w.scene.services.records.store)
    assert not trial.finished and trial.played == 1
    w.click(w.scene.list.buttons[0].rect.center)  # Beginner: a game of its own
    assert isinstance(w.scene, Playing) and w.scene.match.trial is None and w.scene.match.code is None
