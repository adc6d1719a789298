"""Benchmark: the Statistics screen with many recorded games (issue 34): the wall and CPU
time from the click or key that opens a page to that page's first drawn frame, and the
frames of scrolling the Games page's list.

The records are made first, in a temporary data folder (``--data-dir``: kept there, and
reused when it already holds that many games): ``--templates`` matches are played through
game.midend.match.Match on boards dealt at random (Beginner 9x9 and 8x8, Intermediate, Expert and a
20x20 custom board with 60 mines), by a player who clicks a safe cell next to what is open,
moving the pointer between clicks at 60 Hz (so the move logs are the size a window game's
are: an Expert win about 6,000 pointer events); some are won, some lost on a mine, some
abandoned. Their competitive figures are computed once by ms-toollib
(game.records.compstats.compute), then ``--games`` rows are stored through the records API
the game uses (RecordStore.add_game with the packed log, compstats.store_result), the
templates in a random order with dates an hour or more apart, newest last; one game in ten
is stored without a log (a game from before logs were kept: no figures).

Then the window runs headless (SDL's dummy driver, game.ui.app.build with a FakeClock, so
no frame sleeps: the times are the game's work), driven by posted events
(tests.driver.Driver), each run in a fresh window on the same records:

- open Statistics: the click on the menu's Statistics button until the frame that draws it
  (its summary page);
- the Games, Bests and Chart pages: the key (G, B, C) from the summary until the page's
  first frame;
- on the Games page: the next level's tab (Right), a result filter (W), End and Home;
- scrolling the Games list: ``--scroll`` frames of Down, Page Down and the wheel, each
  timed from the event to its frame.

Every time is printed as the median and the worst of ``--runs`` runs: wall (perf_counter)
and CPU of the main thread (thread_time; the machine may be busy). Then opening Statistics
in a process from its start: ``python bench/bench_stats_page.py --child DIR`` imports the
game, opens the records and the window, clicks Statistics and presses G; the parent prints
the wall time from starting the process to the Games page's first frame, with the child's
own split. ``/proc/loadavg`` is printed before and after.

    python bench/bench_stats_page.py [--games 5000] [--runs 3] [--templates 60] [--seed 1]
        [--scroll 200] [--data-dir DIR] [--level LEVEL]

``--level`` is the tab the screen opens on (default: the level with the most games).
``--quick``: a smoke check of the script (tests/tools/test_bench_smoke.py), not a measure.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("LANGUAGE", "en")

from bench.pointer_path import glide  # noqa: E402
from game.rules.board import Config  # noqa: E402
from game.commands.cli import positive_int  # noqa: E402
from game.rules.engine import State  # noqa: E402
from game.midend.match import Match  # noqa: E402
from game.rules.moves import Move  # noqa: E402

CELL = 16  # the logs' cell size, pixels
BOARDS = (((9, 9, 10), 30), ((8, 8, 10), 10), ((16, 16, 40), 30), ((16, 30, 99), 25),
          ((20, 20, 60), 5))  # (rows, cols, mines), share of the games in percent
OUTCOMES = (("won", 40), ("lost", 50), ("left", 10))  # share of the templates in percent
NO_LOG = 10  # one game in NO_LOG is stored without a log
LEVELS = ("beginner", "beginner_8x8", "intermediate", "expert", "custom")  # game.records.record.LEVELS


def pick(rng: random.Random, table):
    """A value of ``table`` ((value, weight) pairs) chosen by weight."""
    return rng.choices([value for value, _ in table], [weight for _, weight in table])[0]


def play(seed: int, size: tuple[int, int, int], outcome: str) -> tuple[Match, bool]:
    """A match on a board dealt from ``random.Random(seed)``: a first click in the middle, then
    safe cells next to the opened ones, the pointer moved to each at 60 Hz. ``outcome``:
    ``won`` plays to the end, ``lost`` reveals a mine after a random share of the board,
    ``left`` stops there (the game in play: recorded as abandoned). Returns (the match, True
    when it was left in play)."""
    rng = random.Random(seed)
    now = [0.0]
    rows, cols, mines = size
    match = Match(Config(rows, cols, mines), rng=random.Random(seed), clock=lambda: now[0], cell=CELL)
    game = match.game
    at = (cols * CELL // 2, rows * CELL // 2)
    cell = (rows // 2, cols // 2)
    stop = None if outcome == "won" else rng.uniform(0.1, 0.8) * (rows * cols - mines)
    while not game.over:
        if stop is not None and game.state is State.PLAYING and sum(
                1 for c in game.cells() if game.is_revealed(c)) >= stop:
            if outcome == "left":
                return match, True
            cell = next(c for c in game.cells() if c in match.layout())  # the mistake
        at = glide(match, at, cell, rng, now, CELL, seconds=(0.3, 0.9), bend_px=30)
        match.pointer("lc", *at)
        now[0] += rng.uniform(0.04, 0.11)
        match.pointer("lr", *at)
        match.apply(Move.reveal(cell))
        if not game.over:
            cell = next_safe(game, match.layout(), rng)
    return match, False


def next_safe(game, mines, rng: random.Random):
    """A covered safe cell beside an opened one (any covered safe cell when none is)."""
    covered = [c for c in game.cells() if c not in mines and game.appearance(c) == "covered"]
    frontier = [c for c in covered if any(game.is_revealed(n) for n in game.neighbours(c))]
    return rng.choice(frontier or covered)


def templates(count: int, seed: int) -> list:
    """``count`` (GameRecord, log, figures) played by :func:`play`, each board and outcome
    drawn by weight; the figures by ms-toollib (a ReplayStats, or a message)."""
    from game.records.compstats import compute
    from game.records.record import GameRecord

    rng = random.Random(seed)
    made = []
    for i in range(count):
        size = BOARDS[i % len(BOARDS)][0] if i < len(BOARDS) else pick(rng, BOARDS)
        match, left = play(seed * 100_000 + i, size, pick(rng, OUTCOMES))
        made.append((GameRecord.from_match(match, name="Bench", abandoned=left), match.log_data()))
    found = compute(made)
    return [(record, log, result) for (record, log), result in zip(made, found)]


def make_records(data_dir: Path, games: int, count: int, seed: int) -> str:
    """Store ``games`` games in the records of ``data_dir`` (see the module docstring);
    returns a line describing them."""
    from game.records.compstats import store_result
    from game.records.db import RecordStore, pack_log
    from game.records.paths import db_path

    start = time.perf_counter()
    made = templates(count, seed)
    by_size: dict[tuple, list] = {}
    for record, log, result in made:
        by_size.setdefault((record.rows, record.cols, record.mines), []).append((record, pack_log(log), result))
    played = time.perf_counter() - start
    rng = random.Random(seed + 1)
    when = datetime(2024, 1, 1, 9, 0).astimezone()
    store = RecordStore.open(db_path(str(data_dir)))
    try:
        store.conn.execute("PRAGMA synchronous = OFF")  # a benchmark's data: no fsync per game
        results = []
        for i in range(games):
            size = pick(rng, [(s, w) for s, w in BOARDS if s in by_size])
            record, blob, result = rng.choice(by_size[size])
            when += timedelta(minutes=rng.randrange(60, 600))
            logged = i % NO_LOG != NO_LOG - 1
            copy = replace(record, id=None, played_at=when.isoformat(timespec="seconds"))
            store.add_game(copy, blob if logged else None)
            results.append((copy.id, result if logged else "no log"))
        for record_id, result in results:
            store_result(store, record_id, result)
        levels = dict(store.conn.execute("SELECT level, count(*) FROM games GROUP BY level ORDER BY 2 DESC"))
    finally:
        store.close()
    took = time.perf_counter() - start
    return (f"made {games:,} games from {count} played matches in {took:.1f} s ({played:.1f} s playing and "
            f"figures): " + ", ".join(f"{level} {n:,}" for level, n in levels.items()))


def ensure_records(data_dir: Path, games: int, count: int, seed: int) -> tuple[str, str]:
    """The records of ``data_dir`` holding ``games`` games (made when it holds none); returns
    (a line describing them, the level with the most games).

    Raises:
        ValueError: the folder's records hold another number of games.
    """
    from game.records.db import RecordStore
    from game.records.paths import db_path

    with RecordStore.open(db_path(str(data_dir))) as store:
        have = store.count()
    line = f"reused {have:,} games in {data_dir}"
    if have == 0:
        line = make_records(data_dir, games, count, seed)
    elif have != games:
        raise ValueError(f"{data_dir} holds {have:,} games, not {games:,}: give an empty folder, or --games {have}")
    with RecordStore.open(db_path(str(data_dir))) as store:
        level = store.conn.execute("SELECT level FROM games GROUP BY level ORDER BY count(*) DESC").fetchone()[0]
    return line, level


class Timed:
    """Times from an input to the frame that draws its answer, in the window of ``driver``."""

    def __init__(self, driver) -> None:
        self.driver = driver
        self.times: dict[str, list[tuple[float, float]]] = {}  # label -> [(wall s, CPU s)]

    def until_drawn(self, label: str, post, frames: int = 10) -> None:
        """Call ``post()`` (it posts events), then run frames until one is drawn; record the
        wall and main-thread CPU seconds under ``label``."""
        loop = self.driver.loop
        drawn = loop.frames
        wall, cpu = time.perf_counter(), time.thread_time()
        post()
        for _ in range(frames):
            loop.frame()
            if loop.frames > drawn:
                break
        else:
            raise RuntimeError(f"{label}: no frame drawn in {frames} frames")
        self.times.setdefault(label, []).append((time.perf_counter() - wall, time.thread_time() - cpu))


def post_key(key: int):
    """A function posting ``key``'s press and release."""
    import pygame

    def post():
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    return post


def open_window(data_dir: Path, level: str):
    """A fresh window on ``data_dir``'s records, on the menu, that will open Statistics on
    ``level``; returns (its Driver, its services)."""
    from game.commands.cli import parse_args
    from game.ui.app import build
    from game.ui.clock import FakeClock
    from tests.driver import Driver

    loop, services = build(parse_args(["--data-dir", str(data_dir)]), clock=FakeClock())
    driver = Driver(loop)
    driver.step()
    services.last_level = level  # Statistics opens on the level of the last game played
    return driver, services


def click_statistics(driver, clock: Timed, label: str) -> None:
    """Press the menu's Statistics... button (not timed) and release it: ``label`` times the
    release until the Statistics screen's first frame."""
    import pygame

    from game.ui.stats.screen import Statistics

    at = driver.display.to_window(driver.scene.list.buttons[5].rect.center)  # the menu's Statistics...
    driver.post(pygame.MOUSEBUTTONDOWN, pos=at, button=1)
    clock.until_drawn(label, lambda: pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)))
    assert isinstance(driver.scene, Statistics) and driver.scene.page == "summary", driver.scene


def close_window(services) -> None:
    import pygame

    services.records.close()
    pygame.display.quit()


def window_run(data_dir: Path, level: str, scroll: int, timed: dict, scrolls: dict) -> None:
    """One fresh window on ``data_dir``'s records: every page's first frame into ``timed``
    (label -> [(wall, CPU)]), the Games list's scrolling frames into ``scrolls`` (label ->
    [wall])."""
    import pygame

    driver, services = open_window(data_dir, level)
    try:
        clock = Timed(driver)
        click_statistics(driver, clock, "open Statistics (summary)")
        stats = driver.scene
        for key, page in ((pygame.K_b, "Bests"), (pygame.K_c, "Chart"), (pygame.K_g, "Games")):
            clock.until_drawn(f"{page} page", post_key(key))
            if page != "Games":
                clock.until_drawn(f"back to the summary from {page}", post_key(pygame.K_ESCAPE))
        assert stats.page == "games"
        timed.setdefault("_shown", []).append(len(stats.games.list.records))
        for key, label in ((pygame.K_END, "End"), (pygame.K_HOME, "Home"), (pygame.K_w, "result filter (W): won"),
                           (pygame.K_w, "result filter (W): lost"), (pygame.K_w, "result filter (W): all"),
                           (pygame.K_f, "no-flag filter (F)"), (pygame.K_f, "no-flag filter (F) off"),
                           (pygame.K_b, "3BV filter (B)"), (pygame.K_RIGHT, "next level's tab (Right)"),
                           (pygame.K_LEFT, "back to the tab (Left)")):
            clock.until_drawn(f"Games page: {label}", post_key(key))
        while stats.games.bbbv:  # back to any 3BV
            driver.key(pygame.K_b)
        wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
        for label, post in (("Down", post_key(pygame.K_DOWN)), ("Page Down", post_key(pygame.K_PAGEDOWN)),
                            ("the wheel", lambda: pygame.event.post(wheel))):
            driver.key(pygame.K_HOME)
            for _ in range(scroll):
                clock.until_drawn("scroll", post)
            scrolls.setdefault(label, []).extend(wall for wall, _cpu in clock.times.pop("scroll"))
        for label, values in clock.times.items():
            timed.setdefault(label, []).extend(values)
        timed.setdefault("the Games page from the menu (the click, then G)", []).extend(
            (a[0] + b[0], a[1] + b[1]) for a, b in zip(clock.times["open Statistics (summary)"],
                                                       clock.times["Games page"]))
    finally:
        close_window(services)


def pending_run(data_dir: Path, level: str, timed: dict) -> int:
    """One fresh window on ``data_dir``'s records, whose figures are all to compute: opening
    Statistics and its Games page into ``timed``. The figures worker is handed the games but
    computes nothing (its child would keep the machine's cores busy for minutes); returns
    how many games it was handed."""
    import pygame

    driver, services = open_window(data_dir, level)
    handed: list = []
    services.records.figures_worker.submit = handed.extend  # what the screen hands over, kept
    try:
        clock = Timed(driver)
        click_statistics(driver, clock, "open Statistics (summary), figures pending")
        clock.until_drawn("Games page, figures pending", post_key(pygame.K_g))
        for label, values in clock.times.items():
            timed.setdefault(label, []).extend(values)
    finally:
        close_window(services)
    return len(handed)


def pending_copy(data_dir: Path, into: Path) -> Path:
    """A copy of ``data_dir``'s records in ``into`` with every logged game's figures to
    compute again, as after an upgrade that adds a figure (game.records.schema.migrate)."""
    import shutil
    import sqlite3

    into.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(data_dir / "records.sqlite3", into / "records.sqlite3")
    conn = sqlite3.connect(into / "records.sqlite3", isolation_level=None)
    conn.execute("UPDATE games SET stats_state = 0 WHERE log IS NOT NULL")
    conn.close()
    return into


def child(data_dir: str, level: str) -> int:
    """``--child DIR LEVEL``: start the window on DIR's records, open Statistics on LEVEL and
    then its Games page, as a player does; print the clock (time.time) after the imports,
    after the window is built (records open), at the summary's first frame and at the Games
    page's, then the process's CPU seconds."""
    import pygame

    stamps = [time.time()]
    driver, services = open_window(Path(data_dir), level)
    stamps.append(time.time())
    clock = Timed(driver)
    click_statistics(driver, clock, "Statistics")
    stamps.append(time.time())
    clock.until_drawn("Games", post_key(pygame.K_g))
    stamps.append(time.time())
    cpu = time.process_time()
    close_window(services)
    print("child", *(f"{stamp:.6f}" for stamp in stamps), f"{cpu:.3f}", flush=True)
    return 0


def from_start(data_dir: Path, level: str) -> tuple[list[float], float]:
    """Run :func:`child` in a new process; returns the seconds from starting it to each of its
    stamps (imports done, window built, Statistics drawn, Games page drawn) and its CPU seconds."""
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    begun = time.time()
    done = subprocess.run([sys.executable, __file__, "--child", str(data_dir), level], capture_output=True,
                          text=True, env=env, timeout=600)
    found = next((line for line in done.stdout.splitlines() if line.startswith("child ")), None)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"the child process failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    values = [float(value) for value in found.split()[1:]]
    return [stamp - begun for stamp in values[:-1]], values[-1]


def load() -> str:
    """The load averages of /proc/loadavg (1, 5, 15 minutes), or "unknown"."""
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def line(label: str, values: list[tuple[float, float]]) -> str:
    """One figure: median and worst wall and CPU milliseconds of ``values`` ((wall, CPU) s)."""
    walls = [wall * 1000 for wall, _ in values]
    cpus = [cpu * 1000 for _, cpu in values]
    return (f"  {label:<50} wall median {statistics.median(walls):7.1f} ms, worst {max(walls):7.1f} ms;"
            f"  CPU median {statistics.median(cpus):7.1f} ms, worst {max(cpus):7.1f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_stats_page.py", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive_int, default=5000, help="games stored")
    parser.add_argument("--templates", type=positive_int, default=60, help="matches played to make them from")
    parser.add_argument("--runs", type=positive_int, default=3, help="fresh windows (and processes) timed")
    parser.add_argument("--scroll", type=positive_int, default=200, help="frames of each kind of scrolling")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", choices=LEVELS, help="the tab Statistics opens on (default: the level with the "
                                                        "most games)")
    parser.add_argument("--data-dir", type=Path, help="make (or reuse) the records here; default: a temporary folder")
    parser.add_argument("--no-pending", action="store_true", help="skip the runs with every game's figures pending")
    parser.add_argument("--no-process", action="store_true", help="skip the runs of a process from its start")
    parser.add_argument("--quick", action="store_true", help="a smoke check: 40 games from 5 matches, 1 run, "
                                                             "3 frames of scrolling")
    parser.add_argument("--child", nargs=2, metavar=("DIR", "LEVEL"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(*args.child)
    if args.quick:
        args.games, args.templates, args.runs, args.scroll = 40, 5, 1, 3
    with tempfile.TemporaryDirectory() as temporary:
        data_dir = args.data_dir or Path(temporary) / "data"
        data_dir.mkdir(parents=True, exist_ok=True)
        os.environ["MINESWEEPER_DATA_DIR"] = str(data_dir)
        try:
            made, biggest = ensure_records(data_dir, args.games, args.templates, args.seed)
        except ValueError as err:
            parser.error(f"argument --data-dir: {err}")
        level = args.level or biggest
        print(made)
        print(f"load average before: {load()}; {os.cpu_count()} cores")
        timed: dict[str, list] = {}
        scrolls: dict[str, list[float]] = {}
        for _ in range(args.runs):
            window_run(data_dir, level, args.scroll, timed, scrolls)
        shown = timed.pop("_shown")
        print(f"the window, headless, {args.runs} runs, Statistics on {level} ({shown[0]:,} games listed), "
              "from the input to the frame that shows its answer:")
        for label, values in timed.items():
            print(line(label, values))
        for label, walls in scrolls.items():
            walls = sorted(wall * 1000 for wall in walls)
            at99 = walls[min(len(walls) - 1, int(0.99 * len(walls)))]
            print(f"  scrolling the Games list by {label:<10} {len(walls)} frames: median "
                  f"{statistics.median(walls):.2f} ms, p99 {at99:.2f} ms, worst {walls[-1]:.2f} ms")
        if not args.no_pending:
            copy = pending_copy(data_dir, Path(temporary) / "pending")
            timed = {}
            handed = [pending_run(copy, level, timed) for _ in range(args.runs)]
            print(f"every logged game's figures to compute again (as after an upgrade that adds a figure; "
                  f"{handed[0]} games handed to the figures worker, which computes nothing here):")
            for label, values in timed.items():
                print(line(label, values))
        if not args.no_process:
            starts = [from_start(data_dir, level) for _ in range(args.runs)]
            print(f"a process from its start ({args.runs} runs, median / worst seconds after it was started):")
            for i, label in enumerate(("imports done", "window built, records open", "Statistics drawn",
                                       "Games page drawn")):
                values = [stamps[i] for stamps, _cpu in starts]
                print(f"  {label:<30} {statistics.median(values):6.2f} s / {max(values):6.2f} s")
            cpus = [cpu for _stamps, cpu in starts]
            print(f"  process CPU to the Games page {statistics.median(cpus):6.2f} s / {max(cpus):6.2f} s")
        print(f"load average after: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
