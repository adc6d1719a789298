"""A fair review (issue 27, point 6): an unavoidable 50/50 is a forced guess in its own colour,
a mistake's post-mortem first says why the cell was a mine, the text, the JSON and the window
number a move alike, the review reports its progress, and each position is analysed once."""

import json

import pytest

import main
from bench.big_review_game import play_big_game
from game.rules.board import Config
from game.midend.match import Match
from game.rules.moves import Move
from game.records import open_records
from game.replay.sources import recorded_timeline
from game.commands.review_report import review_timeline
from game.solver import incremental
from game.solver.review import VERDICTS, review, review_log
from game.ui.replay import review_view as rv
from game.ui.play.postmortem import PostMortem
from game.ui.shared.theme import THEMES
from tests.ui.test_ui_theme import delta_e

MARKED = ("certain", "forced_guess", "guess", "needless_guess", "mistake")


# ----- a forced 50/50 and its colour -----------------------------------------------------------
def test_revealing_one_side_of_a_proven_fifty_fifty_is_forced_not_needless_and_not_mistake_red():
    # 2x6, mines (0; 0) and (1; 4), columns 1 to 3 shown: (0; 0) and (1; 0) are an unavoidable
    # 50/50 (game.solver.fifty), and column 5 is proven safe by the count. Reveal (0; 0): lost.
    lost = review(2, 6, [(0, 0), (1, 4)], [(1, "reveal", (0, 0))],
                  start=[(0, 1), (1, 1), (0, 2), (1, 2), (0, 3), (1, 3)])
    (move,) = lost.moves
    assert move.safe_cells and move.verdict == "forced_guess" and move.exploded
    assert lost.needless_guesses == lost.mistakes == 0
    assert rv.verdict_colour("forced_guess") not in (rv.verdict_colour("mistake"), rv.verdict_colour("needless_guess"))
    assert "forced_guess" in rv.JUMP_VERDICTS


@pytest.mark.parametrize("name", list(THEMES))
def test_every_verdict_has_a_colour_of_its_own_in_every_theme(name):
    assert set(rv.VERDICT_FIELDS) == set(MARKED) and set(MARKED) <= set(VERDICTS)
    theme = THEMES[name]
    colours = {v: getattr(theme, rv.VERDICT_FIELDS[v]) for v in MARKED}
    for a in MARKED:
        for b in MARKED:
            if a < b:
                assert delta_e(colours[a], colours[b]) >= 20, (name, a, b)


# ----- a mistake's post-mortem -------------------------------------------------------------------
def lost_by_a_mistake() -> dict:
    """1x6, mines (0; 1) and (0; 5): the first click at (0; 3) shows 0 and opens (0; 2)..(0; 4);
    the 1 at (0; 2) then has one covered neighbour left, (0; 1): a mine, revealed."""
    match = Match(Config(1, 6, 2), mines=[(0, 1), (0, 5)], clock=lambda: 0.0)
    match.apply(Move.reveal((0, 3)))
    match.apply(Move.reveal((0, 1)))
    assert match.game.state.value == "lost"
    return match.log_snapshot()


def test_after_a_mistake_the_post_mortem_first_explains_why_the_cell_was_a_mine():
    postmortem = PostMortem(lost_by_a_mistake())
    assert postmortem.wait(30) and postmortem.poll()
    assert postmortem.fatal.verdict == "mistake"
    postmortem.shown = True
    first = postmortem.lines()[1]  # after the fatal move's line
    assert first.startswith("Why (0; 1) was a mine: ") and "the 1 at (0; 2)" in first.lower()
    assert postmortem.fatal.proof.numbers == [(0, 2)]
    assert postmortem.line() == "Mistake: (0; 1) was certainly a mine"


# ----- one move number -------------------------------------------------------------------------
def test_the_text_the_json_and_the_window_number_a_move_alike(isolated_data_dir, capsys):
    match = Match(Config.difficulty("beginner"), seed=5, clock=lambda: 0.0)
    game = match.game
    match.apply(Move.reveal((4, 4)))
    shown = next(c for c in game.cells() if game.number(c))
    match.apply(Move.reveal(shown))  # wasted: a revealed cell
    match.apply(Move.chord(shown))  # wasted: its flags are not placed
    mines = game.layout()
    for cell in sorted(game.cells()):
        if game.over:
            break
        if cell in mines and game.mark(cell) != "flag":
            match.apply(Move.flag(cell))
        elif cell not in mines and game.number(cell) is None:
            match.apply(Move.reveal(cell))
            match.apply(Move.reveal(cell))  # wasted again
    log = match.log_data()
    assert len(log["moves"]) > len([m for m in log["moves"] if m[1] != "flag"]) > 0
    records = open_records(stderr=None)
    records.record(match, log=log)
    assert main.main(["--review", "last"]) == 0
    text = capsys.readouterr().out.splitlines()
    rows = [line.split() for line in text if line[:4].strip().isdigit()]
    assert main.main(["--review", "last", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    numbers = [m["number"] for m in data["moves"]]
    assert [int(row[0]) for row in rows] == numbers
    assert numbers != [m["index"] + 1 for m in data["moves"]]  # the wasted moves are not counted
    # the window: the review viewer's timeline of the recorded game, and its panel's words
    from game.commands.replay_commands import recorded_game

    with recorded_game("last") as (store, record):
        timeline = recorded_timeline(store, record, standing=True)  # as the window's Review opens it
    window = review_timeline(timeline)
    assert [(m.kind, list(m.cell)) for m in window.moves] == [(m["kind"], m["cell"]) for m in data["moves"]]
    for move, number in zip(window.moves, numbers):
        (at, _, _), *_ = rv.move_lines(window, move, timeline.moves)
        assert at.startswith(f"Move {number} of {timeline.moves}, ")
    records.close()


# ----- progress and work ------------------------------------------------------------------------
def test_the_review_reports_its_progress_and_analyses_each_position_once(monkeypatch):
    log = play_big_game(seed=3, careless=0.1, rows=9, cols=9, mines=10)
    kinds = {m[1] for m in log["moves"]}
    assert {"reveal", "flag"} <= kinds
    analysed = []
    solve = incremental.solve_reduced  # the review analyses each position from the last one

    def counted(problem, *args, **kwargs):
        if not any(con.cell == (-1, -1) for con in problem.constraints):  # (not a chord's joint count)
            analysed.append(frozenset(problem.revealed.items()))
        return solve(problem, *args, **kwargs)

    monkeypatch.setattr(incremental, "solve_reduced", counted)
    calls = []
    result = review_log(log, progress=lambda done, total: calls.append((done, total)))
    assert len(analysed) == len(set(analysed)) > 3  # no position analysed twice
    flags = sum(m.kind in ("flag", "unflag") for m in result.moves)
    assert flags and len(analysed) <= len(result.moves) - flags + 1  # flags reuse their position
    total = len(log["moves"])
    assert calls[-1] == (total, total) and [d for d, _ in calls] == sorted(d for d, _ in calls)
    assert all(t == total for _, t in calls)
