"""Screenshots of the window game, made by the game itself, for the README.

Runs the real window game headless (SDL's dummy video driver), drives it with posted
pygame events (tests.driver.Driver, as the tests do), plays a seeded Intermediate game
into a position with numbers, flags and covered cells, sizes the window to each scale the
way a player resizing it would (a WINDOWSIZECHANGED event), and saves what the window
shows (the canvas, at the window's real pixels) as PNG: ``THEME-SCALEx.png``.

Usage:
  python tools/screenshots.py                       # every theme at 1x, 1.5x and 2x, into docs/screenshots
  python tools/screenshots.py --themes dark --scales 1 2.25 --out /tmp/shots
  python tools/screenshots.py --spanish              # the menu, a hint and a lost game in Spanish
  python tools/screenshots.py --chart                # Statistics' chart of a made-up history: chart.png
  python tools/screenshots.py --chart --spanish --themes dark --out /tmp/shots   # es-chart-dark.png
  python tools/screenshots.py --hero                 # docs/screenshot.png: Expert, mid-game, a hint, 2x
  python tools/screenshots.py --counters             # the live counters (F3) during a game: counters.png
  python tools/screenshots.py --daily                # a daily board's start cell and the Daily page: daily-*.png
  python tools/screenshots.py --race                 # a race against a corpus replay's ghost, and two games side by side
  python tools/screenshots.py --all                  # every picture README.md and docs/*.md show, and SOURCES.json

Every run is deterministic: fixed seeds, a fake clock (game.ui.clock.FakeClock), posted events.

Staleness: ``--all`` also writes ``docs/screenshots/SOURCES.json``: the pictures it made
(paths from the repository's root) and a SHA-256 of the source files that decide what they
show (:data:`SOURCES`: every ``game/ui/**/*.py`` but the few in :data:`NOT_DRAWN`, which
draw nothing; ``assets/**``, the sprites and fonts; the Spanish catalogue
``game/locales/es/LC_MESSAGES/minesweeper.po`` without its ``#`` comment lines, which move
with every extraction; and this script). The digest reads contents only, with line endings
made ``\n``: a checkout's line endings or file modes do not change it.
tests/tools/test_screenshots_fresh.py recomputes it and fails with "docs pictures are stale:
run python tools/screenshots.py --all" when the sources changed after the pictures were made.
The solver's and engine's code (a hint's wording, the board dealt) is not in the list.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import math
import os
import sys
import tempfile
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.commands.cli import number_between  # noqa: E402
from game.records.settings import THEME_CHOICES  # noqa: E402

SEED = 11  # the board shown: Intermediate, seed 11
FIRST_CLICK = (8, 8)  # opens an area
PLAYED_S = 37  # seconds the game shown has been played
SCALES = (1.0, 1.5, 2.0)  # default scales, window pixels per logical pixel
HERO_SEED = 7  # the README's screenshot: Expert, seed 7
HERO_FIRST_CLICK = (8, 15)  # opens an area
HERO_ROUNDS = 6  # rounds of certain moves played before the shot
HERO_PLAYED_S = 74  # seconds the README's game has been played

# The files whose contents decide what the pictures show (globs from the repository's root).
SOURCES = ("game/ui/**/*.py", "assets/**/*", "game/locales/es/LC_MESSAGES/minesweeper.po", "tools/screenshots.py")
# game/ui modules that draw nothing: the real-window harness and state file, sound, child processes.
NOT_DRAWN = ("game/ui/sound.py", "game/ui/play/solver_process.py", "game/ui/replay/review_job.py",
             "game/ui/state_file.py")
MANIFEST = ROOT / "docs" / "screenshots" / "SOURCES.json"
REGENERATE = "python tools/screenshots.py --all"


def source_files(root: Path = ROOT) -> list[str]:
    """The files of :data:`SOURCES` under ``root`` less :data:`NOT_DRAWN`: paths relative to
    ``root`` with ``/``, sorted (caches such as ``__pycache__`` left out)."""
    found = {path.relative_to(root).as_posix() for pattern in SOURCES for path in root.glob(pattern)
             if path.is_file() and "__pycache__" not in path.parts}
    return sorted(found - set(NOT_DRAWN))


def source_text(path: Path) -> bytes:
    """The bytes of ``path`` the digest reads: line endings made ``\n``; a ``.po``
    catalogue without its ``#`` comment lines (source references that move with any edit)."""
    data = path.read_bytes().replace(b"\r\n", b"\n")
    if path.suffix == ".po":
        data = b"\n".join(line for line in data.split(b"\n") if not line.startswith(b"#"))
    return data


def source_digest(root: Path = ROOT) -> str:
    """SHA-256 (hex) of :func:`source_files`: each file's path and :func:`source_text`."""
    digest = hashlib.sha256()
    for name in source_files(root):
        text = source_text(root / name)
        digest.update(f"{name}\0{len(text)}\0".encode())
        digest.update(text)
    return digest.hexdigest()


def write_manifest(pictures: list[Path], path: Path = MANIFEST) -> Path:
    """Write ``path`` (JSON): the digest of the sources, the files it covers and ``pictures``
    (paths from the repository's root, sorted); returns ``path``."""
    data = {"regenerate": REGENERATE, "sources_sha256": source_digest(), "sources": source_files(),
            "pictures": sorted(p.resolve().relative_to(ROOT).as_posix() for p in pictures)}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return path


def play_position(driver) -> None:
    """A position worth showing: an opening, the flags its numbers prove, the cursor off."""
    driver.click_cell(FIRST_CLICK)
    driver.step(20)  # the opening's cascade plays out
    probabilities = driver.scene.assist.probabilities() or {}
    mines = sorted(cell for cell, p in probabilities.items() if p == 1)[:6]
    for cell in mines:
        driver.click_cell(cell, button=3)
    driver.step(2)


def start(argv: list[str], data: str):
    """The window game for ``argv`` (records in the folder ``data``), headless, one frame
    drawn: (driver, clock)."""
    from game.commands.cli import parse_args
    from game.commands.replay_commands import prepare_race, prepare_replay
    from game.ui.app import build
    from game.ui.clock import FakeClock
    from tests.driver import Driver
    clock = FakeClock()
    language = [] if "--lang" in argv else ["--lang", "en"]  # never the environment's language
    args = parse_args([*language, *argv, "--data-dir", data])
    for given, prepare in ((args.replay, prepare_replay), (args.race, prepare_race)):
        if given and prepare(args) is not None:  # read before the window opens, as main.py does
            raise SystemExit(f"screenshots: cannot read {given}")
    loop, _ = build(args, clock=clock)
    driver = Driver(loop)
    driver.step()
    return driver, clock


def save_at(driver, scale: float, path: Path) -> Path:
    """Size the window to ``scale`` times the scene as a player resizing it would, save what
    it shows at ``path`` and close the display; returns ``path``."""
    size = driver.screen.get_size()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    window.size = (math.ceil(size[0] * scale), math.ceil(size[1] * scale))
    driver.post(pygame.WINDOWSIZECHANGED, x=window.size[0], y=window.size[1])
    driver.step(3)
    pygame.image.save(driver.screen.surface, str(path))
    pygame.display.quit()
    return path


def shoot(theme: str, scale: float, out: Path) -> Path:
    """Save the window at ``scale`` in ``theme``; returns the file written."""
    with tempfile.TemporaryDirectory() as data:
        driver, clock = start(["--difficulty", "intermediate", "--seed", str(SEED), "--theme", theme], data)
        play_position(driver)
        clock.advance(PLAYED_S)  # a game under way shows its time
        return save_at(driver, scale, out / f"{theme}-{scale:g}x.png")


def play_certain(driver, rounds: int) -> None:
    """Play ``rounds`` rounds of the moves the numbers prove: reveal every cell that is
    certainly safe, flag every cell that is certainly a mine (by posted clicks)."""
    for _ in range(rounds):
        game = driver.scene.game
        probabilities = driver.scene.assist.probabilities() or {}
        safe = sorted(cell for cell, p in probabilities.items() if p == 0)
        mines = sorted(cell for cell, p in probabilities.items() if p == 1 and game.mark(cell) != "flag")
        if not safe:
            break
        for cell in mines:
            driver.click_cell(cell, button=3)
        for cell in safe:
            if type(driver.scene).__name__ != "Playing":
                return
            driver.click_cell(cell)
        driver.step(20)  # openings' cascades play out


def shoot_hero(path: Path, scale: float = 2.0) -> Path:
    """The README's screenshot: an Expert game under way in the classic theme, with a hint
    ringed on the board and explained in the panels' strip, at ``scale``; returns ``path``."""
    with tempfile.TemporaryDirectory() as data:
        driver, clock = start(["--difficulty", "expert", "--seed", str(HERO_SEED), "--theme", "classic"], data)
        driver.click_cell(HERO_FIRST_CLICK)
        driver.step(20)
        play_certain(driver, HERO_ROUNDS)
        clock.advance(HERO_PLAYED_S)
        driver.key(pygame.K_h)  # the hint: a ring on the board, its reasons in the strip
        wait_for_hint(driver)
        return save_at(driver, scale, path)


def wait_for_hint(driver, seconds: float = 30.0) -> None:
    """Step until the hint panel shows its answer (the solver may think in a child process,
    in real time), wherever the window puts the panel. Raises RuntimeError if it does not
    within ``seconds``: a picture said to show a hint must show one."""
    deadline = time.monotonic() + seconds
    while type(driver.scene).__name__ != "HintPanel" or driver.scene.waiting:
        if time.monotonic() > deadline:
            raise RuntimeError("the hint panel did not show its hint")
        time.sleep(0.01 if type(driver.scene).__name__ == "HintPanel" else 0)
        driver.step(1)


def wait_for_figures(driver, seconds: float = 20.0) -> None:
    """Step the result scene until its competitive figures are in (computed in a child
    process, in real time), at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while getattr(driver.scene, "figures", None) is not None and driver.scene.figures.waiting:
        if time.monotonic() > deadline:
            return
        time.sleep(0.05)
        driver.step(1)


def shoot_spanish(out: Path, scale: float = 1.5) -> list[Path]:
    """The game in Spanish: the menu, a hint's explanation and a lost game's panel, at
    ``scale``, in the classic theme; returns the files written (``es-menu.png`` ...)."""
    spanish = ["--lang", "es", "--theme", "classic"]
    written = []
    with tempfile.TemporaryDirectory() as data:
        driver, _ = start(spanish, data)
        written.append(save_at(driver, scale, out / "es-menu.png"))
    with tempfile.TemporaryDirectory() as data:
        driver, clock = start([*spanish, "--difficulty", "intermediate", "--seed", str(SEED)], data)
        play_position(driver)
        clock.advance(PLAYED_S)
        driver.key(pygame.K_h)  # the hint panel explains a safe cell
        wait_for_hint(driver)
        written.append(save_at(driver, scale, out / "es-hint.png"))
    with tempfile.TemporaryDirectory() as data:
        driver, clock = start([*spanish, "--difficulty", "beginner", "--seed", "2"], data)
        game = driver.scene.game
        driver.click_cell((4, 4))
        clock.advance(6)  # a few seconds' thought before the fatal click
        driver.click_cell(sorted(game.layout())[0])
        driver.step(90)  # the explosion, then the post-mortem's review
        wait_for_figures(driver)
        written.append(save_at(driver, scale, out / "es-lost.png"))
    return written


def shoot_counters(out: Path, scale: float = 1.5) -> Path:
    """The live counters (F3) beside an Intermediate game under way, in the classic theme, at
    ``scale``: ``counters.png``. The game's clicks are real posted events; the clock moves on
    a little between them, so the ratios have a time to divide by."""
    with tempfile.TemporaryDirectory() as data:
        driver, clock = start(["--difficulty", "intermediate", "--seed", str(SEED), "--theme", "classic"], data)
        driver.key(pygame.K_F3)
        play_position(driver)
        game = driver.scene.game
        for cell in sorted(game.cells())[:40]:  # a few more safe cells, a second apart
            if cell not in game.layout() and game.appearance(cell) == "covered":
                clock.advance(1.0)
                driver.click_cell(cell)
        clock.advance(2.345)
        driver.step(6)
        return save_at(driver, scale, out / "counters.png")


CHART_WINS = 90  # made-up beginner wins on the chart screenshot


def seed_history(store, wins: int = CHART_WINS) -> None:
    """A made-up beginner history: ``wins`` wins over months, getting faster, a few losses,
    a few wins with a hint and a few typed in a terminal (drawn apart), some with the keys
    or without flags (they rank), each with its 3BV/s."""
    import random
    from datetime import datetime, timedelta, timezone

    from game.records.record import GameRecord
    rng = random.Random(5)
    start = datetime(2024, 3, 1, 18, tzinfo=timezone.utc)
    for i in range(wins):
        when = (start + timedelta(days=i * 1.7)).isoformat(timespec="seconds")
        bbbv = rng.randint(12, 40)
        seconds = max(6.0, (38 - 22 * i / wins) * rng.uniform(0.6, 1.3) * bbbv / 26)
        base = dict(played_at=when, level="beginner", rows=9, cols=9, mines=10, three_bv=bbbv, name="Ada")
        if i % 4 == 1:
            store.add_game(GameRecord(**base, won=False, time_ms=round(seconds * 400)))
        how = "terminal" if i % 23 == 11 else "keyboard" if i % 5 == 2 else "mouse"
        store.add_game(GameRecord(**base, won=True, time_ms=round(seconds * 1000), hints_used=int(i % 17 == 5),
                                  bbbv_per_s=round(bbbv / seconds, 3), input=how, nf=i % 3 == 0))


def shoot_chart(out: Path, theme: str = "classic", spanish: bool = False, scale: float = 1.5) -> Path:
    """Statistics' Chart page of a made-up beginner history (:func:`seed_history`) in
    ``theme``, in Spanish with ``spanish``; returns the file written: ``chart.png`` (classic,
    English), else ``es-`` before it and ``-THEME`` after it as they apply."""
    name = ("es-" if spanish else "") + "chart" + ("" if theme == "classic" else f"-{theme}") + ".png"
    with tempfile.TemporaryDirectory() as data:
        driver, _ = start(["--theme", theme, "--difficulty", "beginner", "--lang", "es" if spanish else "en"], data)
        driver.key(pygame.K_ESCAPE)  # the menu
        seed_history(driver.scene.services.records.store)
        statistics = next(b for b in driver.scene.list.buttons if b.label == "Statistics...")
        driver.click(statistics.rect.center)
        driver.key(pygame.K_c)
        return save_at(driver, scale, out / name)


DAILY_DAY = (2026, 12, 5)  # the day the daily pictures show (the game's clock says UTC today: fixed here)


@contextlib.contextmanager
def fixed_day(year: int, month: int, day: int):
    """Every module that reads today's UTC date (game.midend.daily.today) reads this day."""
    import datetime as dt

    from game.midend import daily
    from game.ui import codes
    from game.ui.stats import daily_page
    fixed = dt.date(year, month, day)
    saved = [(module, module.today) for module in (daily, codes, daily_page)]
    try:
        for module, _ in saved:
            module.today = lambda: fixed
        yield fixed
    finally:
        for module, today in saved:
            module.today = today


def shoot_daily(out: Path, scale: float = 1.5) -> list[Path]:
    """The daily Beginner board with its start cell marked (``daily-board.png``) and the
    Statistics screen's Daily page after ten days of dailies (``daily.png``), in English, on
    :data:`DAILY_DAY`."""
    import datetime as dt

    from tests.play_helpers import play_daily
    pictures = []
    with fixed_day(*DAILY_DAY) as today, tempfile.TemporaryDirectory() as data:
        driver, _ = start(["--daily", "beginner", "--date", today.isoformat()], data)
        pictures.append(save_at(driver, scale, out / "daily-board.png"))
    with fixed_day(*DAILY_DAY) as today, tempfile.TemporaryDirectory() as data:
        driver, _ = start([], data)  # the menu
        play_daily(driver.loop.manager.services, today, "expert", False, 61.2)
        play_daily(driver.loop.manager.services, today, "intermediate", True, 48.7)
        for back in range(10):
            day = today - dt.timedelta(days=back)
            play_daily(driver.loop.manager.services, day, "beginner", back % 4 != 2, 6.0 + (back * 7) % 11)
            if back % 3 == 0:  # a later attempt: kept apart from the ranked first one
                play_daily(driver.loop.manager.services, day, "beginner", True, 4.2)
        statistics = next(b for b in driver.scene.list.buttons if b.label == "Statistics...")
        driver.click(statistics.rect.center)
        driver.key(pygame.K_d)
        pictures.append(save_at(driver, scale, out / "daily.png"))
    return pictures


RACE_REPLAY = "tests/corpus/replays/metasweeper_v3.evf"  # an 8x8 Metasweeper game (player 王嘉宁), 3.8 s
BESIDE_CODE = "beginner", 7, (4, 4)  # the side-by-side board: level, seed, start cell


def shoot_race(out: Path, scale: float = 2.0) -> list[Path]:
    """A race against :data:`RACE_REPLAY`'s ghost a second in (``race.png``: the ghost's
    pointer, both bars, the gap) and two recorded games of one Beginner board side by side in
    the replay viewer, 60 % in (``beside.png``)."""
    from game.midend.boardcode import BoardCode
    from game.rules.board import LEVEL_SIZES
    from game.rules.moves import Move

    pictures = []
    with tempfile.TemporaryDirectory() as data:
        driver, clock = start(["--race", str(ROOT / RACE_REPLAY)], data)
        driver.click_cell(driver.scene.match.start)
        for _ in range(10):  # a second of the race, a frame at a time: the ghost moves on
            clock.advance(0.1)
            driver.step()
        pictures.append(save_at(driver, scale, out / "race.png"))
    level, seed, first = BESIDE_CODE
    rows, cols, mines = LEVEL_SIZES[level]
    with tempfile.TemporaryDirectory() as data:
        driver, _ = start([], data)  # the menu; two games of one board recorded, one quicker
        services = driver.loop.manager.services
        services.session.name = "Ada"  # not the system user's name: the picture is the same everywhere
        for pause, order in ((0.9, 1), (1.3, -1)):
            match = services.session.open_code(BoardCode(rows, cols, mines, seed=seed, start=first))
            match.apply(Move.reveal(first))
            layout = match.layout()
            for cell in sorted(match.game.cells())[::order]:
                if cell not in layout and not match.game.is_revealed(cell) and not match.game.over:
                    services.clock.advance(pause)
                    match.apply(Move.reveal(cell))
            services.session.finished(match)
        pygame.display.quit()
        driver, _ = start(["--replay", "1", "--beside", "2"], data)
        scene = driver.scene
        scene.seek(scene.end_ms * 0.6)
        driver.step(2)
        pictures.append(save_at(driver, 1.5, out / "beside.png"))
    return pictures


EDITOR_EXAMPLE = "docs/examples/worked-10x10.mine"  # docs/editor.md's worked example
EDITOR_EXPERT = 7, (7, 14), 60  # an Expert game for the editor: its seed, first click, rounds of proven moves (to a guess)


def wait_for_editor(driver, seconds: float = 60.0, chance: bool = False) -> None:
    """Step the editor until its analysis (and with ``chance`` its win chance) is in and drawn."""
    editor = driver.scene
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        driver.step()
        done = editor.live.answered == editor.position.version and not editor.live.pending
        if done and (not chance or (editor.chance is not None and editor.chance.ready)):
            driver.step(2)
            return
        if chance and editor.chance is not None:
            editor.chance.wait(0.2)
        else:
            editor.live.wait(0.2)
    raise SystemExit("screenshots: the editor's analysis did not come")


def shoot_editor(out: Path, scale: float = 1.5) -> list[Path]:
    """The position editor (docs/editor.md) on its worked example with the win chance asked
    (``editor.png``), and on a hard Expert position (the proven moves played out: a guess is
    next) opened from a game with E, its win chance asked too (``editor-expert.png``), in the
    classic theme."""
    pictures = []
    with tempfile.TemporaryDirectory() as data:
        driver, _ = start(["--edit", str(ROOT / EDITOR_EXAMPLE), "--theme", "classic"], data)
        wait_for_editor(driver)
        driver.key(pygame.K_w)
        wait_for_editor(driver, chance=True)
        driver.move(driver.cell_pos((3, 2)))  # the pointer on the riskiest cell: its value in the panel
        driver.step(2)
        pictures.append(save_at(driver, scale, out / "editor.png"))
    seed, first, rounds = EDITOR_EXPERT
    with tempfile.TemporaryDirectory() as data:
        driver, _ = start(["--difficulty", "expert", "--seed", str(seed), "--theme", "classic"], data)
        driver.click_cell(first)
        driver.step(20)
        play_certain(driver, rounds)
        driver.key(pygame.K_e)  # the game's position in the editor (the game is marked helped)
        wait_for_editor(driver)
        driver.key(pygame.K_w)
        wait_for_editor(driver, chance=True)
        pictures.append(save_at(driver, scale, out / "editor-expert.png"))
    return pictures


def shoot_all() -> list[Path]:
    """Every picture README.md and docs/*.md show, each where they show it, then
    docs/screenshots/SOURCES.json (:func:`write_manifest`); returns the pictures written."""
    out = ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    pictures = [shoot_hero(ROOT / "docs" / "screenshot.png")]
    pictures += [shoot(theme, scale, out) for theme in THEME_CHOICES for scale in SCALES]
    pictures += shoot_spanish(out)
    pictures.append(shoot_chart(out))
    pictures.append(shoot_counters(out))
    pictures += shoot_daily(out)
    pictures += shoot_race(out)
    pictures += shoot_editor(out)
    write_manifest(pictures)
    return pictures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="screenshots.py", description=__doc__.splitlines()[0])
    parser.add_argument("--themes", nargs="+", choices=THEME_CHOICES, default=list(THEME_CHOICES))
    parser.add_argument("--scales", nargs="+", type=number_between(0.5, 4), default=list(SCALES))
    parser.add_argument("--out", type=Path, default=None,
                        help="the folder written (default docs/screenshots; with --hero, docs)")
    parser.add_argument("--spanish", action="store_true",
                        help="the Spanish screenshots instead (es-menu.png, es-hint.png, es-lost.png); "
                             "with --chart, the chart in Spanish (es-chart.png)")
    parser.add_argument("--chart", action="store_true",
                        help="Statistics' chart of a made-up history instead: chart.png (classic), or one "
                             "chart-THEME.png for each theme given with --themes")
    parser.add_argument("--hero", action="store_true",
                        help="the README's screenshot instead (docs/screenshot.png, or screenshot.png in --out)")
    parser.add_argument("--counters", action="store_true",
                        help="the live counters (F3) during a game instead (counters.png)")
    parser.add_argument("--daily", action="store_true",
                        help="a daily board's marked start cell and the Daily page instead (daily-board.png, daily.png)")
    parser.add_argument("--race", action="store_true",
                        help="a race against a replay's ghost and two games side by side instead (race.png, beside.png)")
    parser.add_argument("--editor", action="store_true",
                        help="the position editor on its worked example and on an Expert position instead "
                             "(editor.png, editor-expert.png)")
    parser.add_argument("--all", action="store_true",
                        help="every picture README.md and docs/*.md show, in place, and "
                             "docs/screenshots/SOURCES.json (the other options are ignored)")
    args = parser.parse_args(argv)
    if args.all:
        started = time.monotonic()
        for path in shoot_all():
            print(path)
        print(f"{MANIFEST} ({time.monotonic() - started:.1f} s)")
        return 0
    if args.hero:
        folder = args.out or ROOT / "docs"
        folder.mkdir(parents=True, exist_ok=True)
        print(shoot_hero(folder / "screenshot.png"))
        return 0
    args.out = args.out or ROOT / "docs" / "screenshots"
    args.out.mkdir(parents=True, exist_ok=True)
    if args.counters:
        print(shoot_counters(args.out))
        return 0
    if args.editor:
        for path in shoot_editor(args.out):
            print(path)
        return 0
    if args.race:
        for path in shoot_race(args.out):
            print(path)
        return 0
    if args.daily:
        for path in shoot_daily(args.out):
            print(path)
        return 0
    if args.chart:
        for theme in args.themes if args.themes != list(THEME_CHOICES) else ["classic"]:
            print(shoot_chart(args.out, theme, args.spanish))
        return 0
    if args.spanish:
        for path in shoot_spanish(args.out):
            print(path)
        return 0
    for theme in args.themes:
        for scale in args.scales:
            print(shoot(theme, scale, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
