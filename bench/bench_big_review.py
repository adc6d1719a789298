"""Benchmark: ``--review`` and ``--analyse`` of a 1000x1000 board, as a player runs them.

Issue 34, item 6: the review of a 1000x1000 game and the analysis of a 1000x1000 position
should finish within 30 s and 400 MB (or stop at a stated budget and say what they could not
finish). This script makes such games and positions with the real console and times the real
command line on them, each run a child process:

- for each mine count (``--mines``, default 20,000 and 100,000) a board of ``--size`` squared
  cells (default 1000) dealt from ``--seed`` (its layout worked out here from the same seed and
  first click, as the console deals it, only to choose the clicks below);
- four games, each recorded in a data folder of its own by ``python main.py --console``:
  ``one move`` (the first click in the middle, then quit: an abandoned game of one move),
  ``N moves`` (the first click, then up to ``--clicks`` reveals of safe cells far apart that
  open areas of their own: the position after them is saved with ``s FILE``) and ``lost`` (the
  same clicks, then a reveal of a mine), and ``long`` (the first click, then ``--long``
  reveals, one cell each, of the covered safe cells nearest it: a game whose review needs
  the budget);
- then ``--review last`` (text and ``--json``) of each game, and ``--analyse FILE`` (text and
  ``--json``) of the position after the first click, after the few clicks, and of the same
  board almost cleared (every safe cell revealed but a band of five rows across the middle,
  as bench_analyse.py's: numbers touching covered cells all over the board).

Each run prints its wall seconds (time.perf_counter around the child), its CPU seconds (user
+ sys of that child, from os.wait4: the steadier figure when other work shares the machine),
its peak resident memory (ru_maxrss of that child, MB), its exit status, how many bytes it
printed, and what it said it could not finish when its budget ran out (the review's line,
the JSON's ``unfinished``), if anything; ``OVER`` marks a run past the goal
(``--goal-seconds``, default 30, and ``--goal-mb``, default 400). The load average is printed
before and after. The games and positions are made in a temporary folder, or kept in
``--keep DIR`` (and taken from there by a later run).

``--budget SECONDS`` is passed on to every run (to see the budget's stop and its message).

Usage:
  python bench/bench_big_review.py                      # both mine counts, every case
  python bench/bench_big_review.py --budget 5           # every run stopped at 5 s, and what it left
  python bench/bench_big_review.py --mines 20000 --only review
  python bench/bench_big_review.py --size 60 --mines 300   # a smoke check, not a measure
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from game.rules.board import Config, adjacent_mines  # noqa: E402
from game.boardfile import BoardFile, save_board  # noqa: E402
from game.commands.cli import positive_int  # noqa: E402
from game.midend.match import Match  # noqa: E402
from game.rules.moves import Move  # noqa: E402

MAIN = os.path.join(ROOT, "main.py")
STOP_WORDS = ("not reviewed", "sin revisar")  # the text review's line when its budget ran out


def plan(size: int, mines: int, seed: int, clicks: int, long: int) -> tuple:
    """(the first click, up to ``clicks`` safe cells to reveal after it, a mine to reveal last,
    the layout, ``long`` safe cells to reveal one by one) of the board the console deals from
    ``seed`` with the first click in the middle. The few safe cells are zeros (each opens an
    area) not opened by the first click, at least an eighth of the board apart; the long
    game's are the covered safe cells nearest the first click, nearest first (a player
    clearing around the opening)."""
    first = (size // 2, size // 2)
    match = Match(Config(size, size, mines), seed=seed, clock=lambda: 0.0)
    match.apply(Move.reveal(first))
    game, layout = match.game, match.layout()
    rng = random.Random(seed)
    safe: list = []
    tries = 0
    while len(safe) < clicks and tries < 100_000:
        tries += 1
        cell = (rng.randrange(size), rng.randrange(size))
        if (cell in layout or game.number(cell) is not None
                or adjacent_mines(cell, layout, size, size) or any(
                    max(abs(cell[0] - s[0]), abs(cell[1] - s[1])) < size // 8 for s in safe)):
            continue
        safe.append(cell)
    mine = min(layout, key=lambda c: (max(abs(c[0] - first[0]), abs(c[1] - first[1])), c)
               if game.number(c) is None else (size * 2, c))
    around = sorted(((max(abs(r - first[0]), abs(c - first[1])), (r, c)) for r in range(size) for c in range(size)
                     if (r, c) not in layout and game.number((r, c)) is None))
    return first, safe, mine, layout, [cell for _, cell in around[:long]]


def almost_cleared(size: int, mines: int, layout) -> BoardFile:
    """The position of ``layout`` with every safe cell revealed but a band of five rows
    across the middle (no flags: each mine covered among its numbers)."""
    band = range(size // 2 - 2, size // 2 + 3)
    return BoardFile(size, size, mines, {(r, c): adjacent_mines((r, c), layout, size, size)
                                         for r in range(size) if r not in band for c in range(size)
                                         if (r, c) not in layout})


def run(argv: list[str], stdin: str | None = None, timeout: float = 900) -> dict:
    """Run ``python main.py ARGV`` in a child; its wall and CPU seconds, peak RSS (MB), status,
    output size and what it said it left when its budget ran out. The output is read from
    its file a line at a time, never whole: Linux counts the parent's resident memory at the
    fork in a child's peak, so this process must stay small (a 22 MB JSON parsed here once
    showed as 171 MB in every later child)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, MAIN, *argv], stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
                                stdout=out, stderr=err, cwd=ROOT)
        if stdin:
            proc.stdin.write(stdin.encode())
            proc.stdin.close()
        deadline = start + timeout
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                proc.kill()
                pid, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.05)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        size = out.seek(0, os.SEEK_END)
        stopped = left_undone(out, size)
        err.seek(max(0, err.seek(0, os.SEEK_END) - 4096))
        complaint = err.read().decode("utf-8", "replace").strip().splitlines()
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "mb": usage.ru_maxrss / 1024,
            "status": proc.returncode, "bytes": size, "stopped": stopped[:160],
            "error": complaint[-1][:160] if complaint and proc.returncode else ""}


def left_undone(out, size: int) -> str:
    """What a run's output (the open file ``out``, ``size`` bytes) says it left: the JSON's
    ``unfinished`` text (the key comes last), or the text review's line; "" if nothing."""
    out.seek(0)
    if out.read(1) == b"{":
        out.seek(max(0, size - 4096))
        tail = out.read().decode("utf-8", "replace")
        at = tail.rfind('"unfinished": ')
        if at < 0:
            return ""
        found, _ = json.JSONDecoder().raw_decode(tail, at + len('"unfinished": '))
        return (found or {}).get("text", "")
    out.seek(0)
    for line in out:  # a line at a time
        said = line.decode("utf-8", "replace")
        if any(word in said for word in STOP_WORDS):
            return said.strip()
    return ""


def show(label: str, got: dict, goal_seconds: float, goal_mb: float) -> None:
    over = got["wall"] > goal_seconds or got["mb"] > goal_mb or got["status"]
    print(f"{label:44} {got['wall']:7.1f} s wall {got['cpu']:7.1f} s CPU {got['mb']:6.0f} MB"
          f"  status {got['status']}  {got['bytes'] / 1e6:6.1f} MB out{'  OVER' if over else ''}", flush=True)
    for key in ("stopped", "error"):
        if got[key]:
            print(f"    {key}: {got[key]}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=positive_int, default=1000, help="the board's side, cells (default 1000)")
    parser.add_argument("--mines", default="20000,100000", help="mine counts, comma-separated (default 20000,100000)")
    parser.add_argument("--seed", type=int, default=7, help="the boards' seed (default 7)")
    parser.add_argument("--clicks", type=int, default=4, help="safe reveals after the first click (default 4)")
    parser.add_argument("--long", type=int, default=300,
                        help="reveals after the first click in the long game (default 300; 0: no long game)")
    parser.add_argument("--only", choices=("review", "analyse"), help="time only the reviews or only the analyses")
    parser.add_argument("--budget", type=float,
                        help="pass --budget SECONDS to every --review and --analyse (default: theirs, 25 s)")
    parser.add_argument("--goal-seconds", type=float, default=30.0, help="the goal, wall seconds (default 30)")
    parser.add_argument("--goal-mb", type=float, default=400.0, help="the goal, peak MB (default 400)")
    parser.add_argument("--timeout", type=float, default=900.0, help="a run is killed after this (default 900 s)")
    parser.add_argument("--keep", help="make the games and positions in this folder and keep them, or use those an "
                        "earlier run made there (default: a temporary folder)")
    parser.add_argument("--make", help=argparse.SUPPRESS)  # (in a child: make the games in this folder)
    args = parser.parse_args(argv)
    try:
        counts = [int(m) for m in args.mines.split(",")]
    except ValueError:
        parser.error(f"argument --mines: {args.mines!r} is not whole numbers separated by commas")
    for mines in counts:
        try:
            Config(args.size, args.size, mines)
        except ValueError as err:
            parser.error(f"argument --mines: {err}")
    if args.budget is not None and not args.budget >= 0:
        parser.error(f"argument --budget: {args.budget} is not a number of seconds (0: no limit)")
    for option, value in (("--clicks", args.clicks), ("--long", args.long)):
        if value < 0:
            parser.error(f"argument {option}: {value} is too small: give 0 or more")
    if args.make:
        return make(args, counts[0])
    print(f"load average before: {open('/proc/loadavg').read().strip() if os.path.exists('/proc/loadavg') else '?'}")
    size = args.size
    budget = [] if args.budget is None else ["--budget", str(args.budget)]
    with tempfile.TemporaryDirectory(prefix="bench-big-review-") as scratch:
        for mines in counts:
            # made in a child: a child's peak RSS counts its parent's at the fork, so this process stays small
            asked = [sys.executable, os.path.abspath(__file__), "--make", args.keep or scratch, "--size", str(size),
                     "--mines", str(mines), "--seed", str(args.seed), "--clicks", str(args.clicks),
                     "--long", str(args.long), "--timeout", str(args.timeout)] + (["--keep", args.keep] if args.keep
                                                                                  else [])
            done = subprocess.run(asked, capture_output=True, text=True, cwd=ROOT)
            if done.returncode:
                print(done.stdout + done.stderr, end="")
                return 1
            cases = json.loads(done.stdout)
            title = f"{size}x{size} {mines:,} mines"
            if args.only != "analyse":
                for name, folder in cases["games"]:
                    for extra in ([], ["--json"]):
                        got = run(["--review", "last", "--data-dir", folder, *extra, *budget], timeout=args.timeout)
                        show(f"{title}, review {name}{' --json' if extra else ''}", got, args.goal_seconds,
                             args.goal_mb)
            if args.only != "review":
                for name, path in cases["positions"]:
                    for extra in ([], ["--json"]):
                        got = run(["--analyse", path, *extra, *budget], timeout=args.timeout)
                        show(f"{title}, analyse {name}{' --json' if extra else ''}", got, args.goal_seconds,
                             args.goal_mb)
    print(f"load average after: {open('/proc/loadavg').read().strip() if os.path.exists('/proc/loadavg') else '?'}")
    print(f"this process's peak RSS: {own_peak_mb():.0f} MB (counted in each child's too, as the floor of its figure)")
    return 0


def own_peak_mb() -> float:
    """This process's peak resident memory, MB (0 where the resource module is missing)."""
    try:
        import resource
    except ImportError:
        return 0.0
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def make(args, mines: int) -> int:
    """``--make FOLDER``: make one mine count's games and positions in FOLDER (or take those a
    run with ``--keep`` made), and print them as JSON: {"games": [[name, data folder], ...],
    "positions": [[name, .mine file], ...]}."""
    size = args.size
    first, safe, mine, layout, near = plan(size, mines, args.seed, args.clicks, args.long)
    board = ["--console", "--rows", str(size), "--cols", str(size), "--mines", str(mines), "--seed", str(args.seed)]
    at = os.path.join(args.make, str(mines))
    os.makedirs(at, exist_ok=True)
    after_first, after_few = os.path.join(at, "first.mine"), os.path.join(at, "few.mine")
    cleared = os.path.join(at, "cleared.mine")
    if not os.path.exists(cleared):
        save_board(cleared, almost_cleared(size, mines, layout))
    reveals = "".join(f"r {r} {c}\n" for r, c in safe)
    games = {
        "one move": f"r {first[0]} {first[1]}\ns {after_first}\nq\n",
        f"{1 + len(safe)} moves": f"r {first[0]} {first[1]}\n{reveals}s {after_few}\nq\n",
        f"lost, {2 + len(safe)} moves": f"r {first[0]} {first[1]}\n{reveals}r {mine[0]} {mine[1]}\nq\n",
    }
    if near:
        games[f"long, {1 + len(near)} moves"] = f"r {first[0]} {first[1]}\n" + "".join(
            f"r {r} {c}\n" for r, c in near) + "q\n"
    folders = []
    for name, script in games.items():
        folder = os.path.join(at, name.replace(" ", "_").replace(",", ""))
        folders.append([name, folder])
        if args.keep and os.path.isdir(folder):
            continue  # made by an earlier run
        played = run(board + ["--data-dir", folder], script, args.timeout)
        if played["status"]:
            print(f"{size}x{size}, {mines} mines, {name}: the console failed: {played['error']}")
            return 1
    positions = [["after the first click", after_first], [f"after {1 + len(safe)} clicks", after_few],
                 ["almost cleared", cleared]]
    print(json.dumps({"games": folders, "positions": positions}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
