"""The review viewer, all by posted pygame events: a Beginner game in the window with a
needless guess (a covered cell revealed while another was proven safe) and a loss; Review on
its result panel opens the replay viewer with the review alongside, Esc comes back to the
panel; then Statistics, its Games page and the Review button open the same game's review.
The marks under the board have the review's colours at the moves' times, the panel says the
current move's verdict in its colour, and ] / [ land on each guess or mistake in order."""

import pygame

from game.rules.engine import State
from game.records.db import RecordStore
from game.solver.review import review, review_log
from game.ui.replay import review_view as rv
from game.ui.menu import Menu
from game.ui.play.result import GameOver
from game.ui.replay.review import ReviewViewer
from game.ui.stats.screen import Statistics


def play_a_needless_guess(w):
    """Reveal the centre, then a covered cell the review calls a needless guess (found by
    trying each safe cell on the review of the moves so far), then a mine. Returns the game."""
    game = w.scene.game
    w.click_cell((4, 4))
    mines = game.layout()
    moves = [tuple(m[:4]) for m in w.scene.match.log_data()["moves"]]  # (ms, kind, r, c): no source
    tried = None
    for cell in sorted(game.cells()):
        if cell in mines or game.appearance(cell) != "covered":
            continue
        last = review(game.rows, game.cols, mines, moves + [(moves[-1][0] + 1, "reveal", *cell)]).moves[-1]
        if last.verdict == "needless_guess":
            tried = cell
            break
    assert tried is not None
    w.step(30)
    w.click_cell(tried)
    w.step(30)
    w.click_cell(next(c for c in sorted(mines)))
    assert game.state is State.LOST
    return game


def expected_colour(marks, x):
    """The colour the strip shows at column x: the last mark drawn over it."""
    over = [verdict for mx, verdict in marks if mx - rv.MARK_W // 2 <= x <= mx + rv.MARK_W // 2]
    return rv.verdict_colour(over[-1])


def check_review(w, viewer, log):
    """The viewer ``viewer`` shows the review of the game whose move log is ``log``."""
    assert isinstance(viewer, ReviewViewer)
    w.key(pygame.K_SPACE)  # pause
    assert viewer.wait(60)  # the review is worked out on its own thread
    w.step(1)
    expected = review_log(log)
    assert [(m.verdict, m.kind, m.cell) for m in viewer.review.moves] == \
        [(m.verdict, m.kind, m.cell) for m in expected.moves]
    assert "needless_guess" in [m.verdict for m in viewer.review.moves]
    screen, y = w.screen, viewer.strip.centery
    shown = [m for m in viewer.review.moves if m.verdict in rv.VERDICT_FIELDS]
    assert len(viewer.marks) == len(shown) > 0
    w.step(1)
    for x, verdict in viewer.marks:
        assert tuple(screen.get_at((x, y)))[:3] == expected_colour(viewer.marks, x)
    tl = viewer.timeline
    for m in shown:  # each mark sits at its move's time on the scrubber's scale
        x = rv.mark_x(viewer.bar.track, tl.start_ms, tl.end_ms, tl.times[tl.move_event[m.index]])
        assert (x, m.verdict) in viewer.marks
    panel = viewer.room.panel
    assert not panel.colliderect(viewer.layout.board) and not panel.colliderect(viewer.bar.rect)

    w.key(pygame.K_HOME)
    jumps = [m.index for m in viewer.review.moves if m.verdict in rv.JUMP_VERDICTS]
    landed = []
    for _ in range(len(jumps) + 1):
        w.key(pygame.K_RIGHTBRACKET)
        landed.append(viewer.current.index)
    assert landed == jumps + jumps[-1:]  # in order, then it stays on the last one
    back = []
    for _ in range(len(jumps) - 1):
        w.key(pygame.K_PAGEUP)
        back.append(viewer.current.index)
    assert back == jumps[-2::-1]
    needless = next(m for m in viewer.review.moves if m.verdict == "needless_guess")
    w.key(pygame.K_HOME)
    while viewer.current is None or viewer.current.index != needless.index:
        w.key(pygame.K_PAGEDOWN)
    w.step(1)
    needless_colour = rv.verdict_colour("needless_guess")
    in_panel = sum(tuple(screen.get_at((x, y))[:3]) == needless_colour
                   for x in range(panel.left, panel.right) for y in range(panel.top, panel.bottom))
    assert in_panel > 20  # NEEDLESS GUESS, in its colour
    ring = viewer.layout.cell_rect(needless.cell)
    assert tuple(screen.get_at(ring.topleft))[:3] == needless_colour  # the guessed cell, ringed so
    words = [line for line, _, _ in rv.move_lines(viewer.review, viewer.current, tl.moves)]
    assert "NEEDLESS GUESS" in words and any("was certainly safe" in line for line in words)


def test_review_from_the_result_panel_and_from_the_statistics_games_page(window, isolated_data_dir):
    w = window(["--difficulty", "beginner"], deal=7)
    game = play_a_needless_guess(w)
    log = w.scene.base.match.log_data() if isinstance(w.scene, GameOver) else None
    result = w.scene
    assert isinstance(result, GameOver)
    while not result.ready():
        w.step(1)
    w.step(2)
    review_button = next(b for b in result.buttons.buttons if b.label == "Review")
    assert result.room.panel.contains(review_button.rect)
    w.click(review_button.rect.center)
    viewer = w.scene
    assert viewer.back is result
    check_review(w, viewer, log)
    w.key(pygame.K_ESCAPE)
    assert w.scene is result and game.state is State.LOST

    w.key(pygame.K_ESCAPE)  # the result panel -> the menu
    assert isinstance(w.scene, Menu)
    w.click(next(b for b in w.scene.list.buttons if b.label == "Statistics...").rect.center)
    stats = w.scene
    assert isinstance(stats, Statistics)
    w.key(pygame.K_g)
    w.click(stats.games.review_button.rect.center)
    viewer = w.scene
    assert viewer.back is stats
    with RecordStore.open(isolated_data_dir / "records.sqlite3") as store:
        stored = store.log(stats.games.list.chosen().id)
    check_review(w, viewer, stored)
    w.key(pygame.K_ESCAPE)
    assert w.scene is stats and stats.page == "games"
    w.key(pygame.K_r)  # R reviews the selected game too
    assert isinstance(w.scene, ReviewViewer) and w.scene.back is stats


def test_the_review_viewer_numbers_moves_as_it_steps_them_past_wasted_clicks(window):
    """The review viewer's current move is the one its playhead stands after: the review is of
    the recorded log (as --review makes it), whose wasted clicks (a left click on a number
    without its flags, a right click on a number) are no step of the viewer, so the move the
    viewer shows after n steps is the one the review numbers n (not the log's n-th)."""
    w = window(["--difficulty", "beginner"], deal=7)
    game = w.scene.game
    w.click_cell((4, 4))
    mines = game.layout()
    number = next(c for c in sorted(game.cells()) if game.appearance(c) in "12345678"
                  and any(n in mines and game.mark(n) != "flag" for n in game.neighbours(c)))
    w.click_cell(number)  # a left click on a number without its flags: a wasted chord
    w.click_cell(number, button=3)  # a right click on a number: wasted
    safe = [c for c in sorted(game.cells()) if c not in mines and game.appearance(c) == "covered"]
    w.click_cell(safe[0])
    w.click_cell(number, button=3)
    w.click_cell(next(c for c in sorted(mines)))
    assert game.state is State.LOST
    result = w.scene
    log = result.base.match.log_data()
    assert len(log["moves"]) == 6
    while not result.ready():
        w.step(1)
    w.click(next(b for b in result.buttons.buttons if b.label == "Review").rect.center)
    viewer = w.scene
    assert isinstance(viewer, ReviewViewer)
    w.key(pygame.K_SPACE)  # pause
    assert viewer.wait(60)
    w.step(1)
    expected = review_log(log)
    assert [(m.index, m.number, m.kind, m.cell) for m in viewer.review.moves] == \
        [(m.index, m.number, m.kind, m.cell) for m in expected.moves]
    assert [m.index for m in expected.moves] != [m.number - 1 for m in expected.moves]  # wasted clicks between
    w.key(pygame.K_HOME)
    for steps in range(1, viewer.timeline.moves + 1):
        w.key(pygame.K_RIGHT)
        assert viewer.head.moves == steps and viewer.current.number == steps
        assert viewer.head.appearance(viewer.current.cell) != "covered" or viewer.current.kind == "flag"
