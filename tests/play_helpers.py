"""Shared moves for tests: a hand-moved clock, winning a game by revealing every safe cell,
setting up a satisfied number to chord on in the window, and a console game dealt at random
with the commands that win it."""

import io
import random

from game.rules.engine import State


class Clock:
    """A hand-moved clock in seconds."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def win(match, clock=None, seconds=5.0):
    """Reveal every covered safe cell of ``match``'s game (a game.midend.match.Match), one left click
    each, ``seconds`` after the first (a game not started yet gets its first click at the
    centre first); returns the match."""
    game = match.game
    if game.state is State.READY and not game.mines_laid:
        match.reveal((game.rows // 2, game.cols // 2))
    mines = match.layout()
    for cell in list(game.cells()):
        if cell not in mines and not game.is_revealed(cell):
            match.reveal(cell)
            if clock is not None:
                clock.now = seconds
    assert game.state is State.WON
    return match


def wait_postmortem(w, seconds=30.0):
    """After a loss: wait for the post-mortem's review (worked out on its own thread, in real
    time while the fake clock steps) and the frame that lays the panel out with it, so a
    click aims at where the buttons stay."""
    scene = w.scene
    assert scene.postmortem.wait(seconds), "the review was not worked out in time"
    w.step(2)
    assert scene.postmortem.ready


def number_beside(game, mine: bool):
    """The first revealed number (row-major) with a covered neighbour that is a mine
    (``mine``) or a safe cell (not ``mine``)."""
    mines = game.layout()
    return next(c for c in game.cells() if game.number(c) and any(
        game.appearance(n) == "covered" and (n in mines) == mine for n in game.neighbours(c)))


def satisfied_number(w, first=(8, 15)):
    """In the window driven by ``w``: reveal ``first``, then flag (by right clicks) the mines
    around a number that has safe covered neighbours; return (game, number, those safe cells)."""
    game = w.scene.game
    w.click_cell(first)
    mines = game.layout()
    number = number_beside(game, mine=False)
    for n in game.neighbours(number):
        if n in mines and game.appearance(n) == "covered":
            w.click_cell(n, button=3)
    safe = [n for n in game.neighbours(number) if n not in mines and game.appearance(n) == "covered"]
    return game, number, safe


def win_by_clicks(w, first=(0, 0), pause: int = 0):
    """In the window driven by ``w``: left-click ``first`` (None: the game is under way, no
    first click), then every safe covered cell, ``pause`` frames before each, until the game
    is won; returns the game."""
    game = w.scene.game
    if first is not None:
        w.click_cell(first)
    mines = game.layout()
    for cell in game.cells():
        if game.over:
            break
        if cell not in mines and game.appearance(cell) == "covered":
            w.step(pause)
            w.click_cell(cell)
    assert game.state is State.WON
    return game


def read_chunk(fd, deadline: float) -> bytes:
    """The next output of a pseudo-terminal's child (``pty.fork``'s ``fd``); b"" once it has
    exited. Raises TimeoutError when nothing comes before ``deadline`` (time.monotonic()):
    a test then fails, saying so, instead of waiting forever on a child that hangs."""
    import os
    import select
    import time
    ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
    if not ready:
        raise TimeoutError("the child wrote nothing more before the deadline")
    try:
        return os.read(fd, 4096)
    except OSError:  # the child is gone
        return b""


def read_until(fd, marker: bytes, seconds: float = 30) -> bytes:
    """What the child writes up to and including ``marker`` (its prompt). Raises TimeoutError
    (with what it wrote) when the marker does not come within ``seconds``."""
    import time
    deadline, out = time.monotonic() + seconds, b""
    while marker not in out:
        try:
            chunk = read_chunk(fd, deadline)
        except TimeoutError:
            raise TimeoutError(f"no {marker!r} within {seconds} s; the child wrote {out[-500:]!r}") from None
        if not chunk:
            raise EOFError(f"the child exited before {marker!r}; it wrote {out[-500:]!r}")
        out += chunk
    return out


def read_to_end(fd, seconds: float = 30) -> bytes:
    """Everything a pseudo-terminal's child writes until it exits (``pty.fork``'s ``fd``).
    Raises TimeoutError (with what it wrote) when it is still writing or silent but alive
    after ``seconds``."""
    import time
    deadline, out = time.monotonic() + seconds, b""
    while True:
        try:
            chunk = read_chunk(fd, deadline)
        except TimeoutError:
            raise TimeoutError(f"the child did not exit within {seconds} s; it wrote {out[-500:]!r}") from None
        if not chunk:
            return out
        out += chunk


def old_database(path, version: int):
    """A records file at schema ``version`` (its first migrations run by hand); returns an
    autocommit connection to it, for the test to fill and close."""
    import sqlite3

    from game.records import schema
    conn = sqlite3.connect(path, isolation_level=None)
    for statements in schema.MIGRATIONS[:version]:
        for statement in statements:
            conn.execute(statement)
    conn.execute(f"PRAGMA user_version = {version}")
    return conn


OLD_WIN = ("INSERT INTO games (played_at, level, rows, cols, mines, won, time_ms, three_bv, name) "
           "VALUES ('2025-01-01T10:00:00+01:00', 'beginner', 9, 9, 10, 1, 9000, 12, 'Old')")  # one old win


def old_database_with_a_win(path, version: int) -> None:
    """A records file at schema ``version`` holding one old win (:data:`OLD_WIN`), closed."""
    conn = old_database(path, version)
    conn.execute(OLD_WIN)
    conn.close()


SCHEMA_8_WINS = (  # schema 8's own columns filled: NF, how it was played, STNB computed (stats_state 1)
    "INSERT INTO games (played_at, level, rows, cols, mines, won, time_ms, three_bv, name, nf, input, stnb, "
    "bbbv_per_s, stats_state) VALUES ('2025-06-01T10:00:00+02:00', 'beginner_8x8', 8, 8, 10, 1, 7000, 14, "
    "'Eight', 1, 'keyboard', 41.5, 2.0, 1)",
    "INSERT INTO games (played_at, level, rows, cols, mines, won, time_ms, three_bv, name, nf, input, stats_state) "
    "VALUES ('2025-06-02T10:00:00+02:00', 'expert', 16, 30, 99, 1, 90000, 130, 'Typed', 0, 'terminal', 0)",
)


def old_database_at_8(path) -> None:
    """A records file at schema 8 (before the 3BV filter's ``min_bv``) holding an old win
    (:data:`OLD_WIN`) and :data:`SCHEMA_8_WINS`, closed."""
    conn = old_database(path, 8)
    conn.execute(OLD_WIN)
    for statement in SCHEMA_8_WINS:
        conn.execute(statement)
    conn.close()


def chord_both_buttons(w, pos, first=3):
    """Press both buttons at ``pos``, ``first`` (3: right, 1: left) first, and release the
    left one first: a chord as Windows and Arbiter take it."""
    second = 1 if first == 3 else 3
    w.mouse_down(pos, first)
    w.mouse_down(pos, second)
    w.mouse_up(pos, 1)
    w.mouse_up(pos, 3)


def console_beginner(seed: int, lose: bool, clock: Clock):
    """A Beginner Match played by console commands (Match.command) 0.25 s apart from a first
    reveal at (4, 4): every safe cell revealed (won), or the first mine in row order (lost)."""
    import random

    from game.rules.board import Config
    from game.midend.match import Match
    from game.rules.moves import Move

    match = Match(Config.difficulty("beginner"), rng=random.Random(seed), clock=clock)
    match.command(Move.reveal((4, 4)))
    mines = match.game.layout()
    for cell in match.game.cells():
        if match.game.over:
            break
        if (cell in mines) if lose else (cell not in mines and not match.game.is_revealed(cell)):
            clock.now += 0.25
            match.command(Move.reveal(cell))
    return match


def shows_sprite(w, layout, cell, key: str) -> bool:
    """True when the window's canvas shows the ``key`` cell sprite (at the cell's size on
    screen) at ``cell`` of ``layout``, pixel for pixel."""
    import pygame
    rect = layout.cell_rect(cell)
    sprite = w.scene.services.assets.cell_sprites(w.screen.rect(rect).width)[key]
    return w.screen.pixels(rect) == pygame.image.tobytes(sprite, "RGB")


class TtyIn(io.StringIO):
    """Console input that says it is a terminal (a piped game is a script's)."""

    def isatty(self) -> bool:
        return True


def console_dealt(data_dir, deal: int = 7, *options: str) -> tuple[object, list[str]]:
    """Console options for a board (Beginner unless ``options`` say) dealt from
    ``random.Random(deal)`` without ``--seed`` (so a win is a best time, whatever the rule
    for seeded runs), and the reveals that win it ("r ROW COL" commands): the centre first,
    then a covered safe cell at a time."""
    from game.commands.cli import parse_args
    from game.console.play import make_match, run_session

    def options_():
        args = parse_args(["--console", "--data-dir", str(data_dir), *options])
        args.rng = random.Random(deal)
        return args
    probe_args = options_()
    probe = make_match(probe_args, run_session(probe_args))
    moves = [(4, 4)]
    probe.reveal((4, 4))
    while not probe.game.over:
        moves.append(next(cell for cell in probe.game.cells()
                          if cell not in probe.layout() and not probe.game.is_revealed(cell)))
        probe.reveal(moves[-1])
    assert probe.game.state is State.WON
    return options_(), [f"r {r} {c}" for r, c in moves]


PAGES = {"games": "g", "bests": "b", "chart": "c"}  # Statistics' pages and their keys


def open_statistics(w, page: str | None = None):
    """From the menu of the window driven by ``w``, the Statistics screen (the menu's sixth
    button), and with ``page`` ("games", "bests" or "chart") that page by its key; the scene."""
    import pygame

    from game.ui.menu import Menu
    from game.ui.stats.screen import Statistics
    assert isinstance(w.scene, Menu)
    w.click(w.scene.list.buttons[5].rect.center)
    stats = w.scene
    assert isinstance(stats, Statistics)
    if page is not None:
        w.key(pygame.key.key_code(PAGES[page]))
        assert stats.page == page
    return stats


def drawn_texts(monkeypatch, module) -> list[tuple[str, tuple[int, int]]]:
    """Every text ``module`` (a screen's module, which imported game.ui.shared.widgets.text) draws from
    now on, as (message, position in logical pixels): the list fills as frames are drawn."""
    seen = []
    original = module.text

    def spy(screen, message, pos, *args, **kwargs):
        seen.append((message, tuple(pos)))
        return original(screen, message, pos, *args, **kwargs)
    monkeypatch.setattr(module, "text", spy)
    return seen


def play_daily(services, day, level: str, won: bool = True, seconds: float = 10.0):
    """Play ``level``'s daily board of ``day`` to its end through ``services``' session (a
    window's game.ui.services.Services, its fake clock) and record it: the start cell, then
    (``won``) every safe cell, or a mine, ``seconds`` after the start. Returns the match."""
    from game.rules.moves import Move
    match = services.session.open_daily(day, level)
    match.apply(Move.reveal(match.start))
    services.clock.advance(seconds)
    mines = match.layout()
    for cell in match.game.cells():
        if match.game.over:
            break
        if (cell not in mines and not match.game.is_revealed(cell)) if won else cell in mines:
            match.apply(Move.reveal(cell))
    assert match.game.over
    services.session.finished(match)
    return match
