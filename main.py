"""Start Minesweeper: the window game by default, ``--console`` for the terminal,
``--analyse FILE`` for the solver. ``python main.py --help`` lists every option."""

import os
import sys

from game.cli import parse_args


def main(argv=None) -> int:
    """Dispatch on the parsed options; returns the process exit status."""
    args = parse_args(argv)
    if args.analyse:
        from game.analyse_report import run_analyse
        return run_analyse(args)
    if args.review:
        from game.review_report import run_review
        return run_review(args)
    if args.save_replay:
        from game.replay.fromlog import run_save_replay
        return run_save_replay(args)
    if args.replay:
        from game.replay.sources import prepare_replay
        status = prepare_replay(args)
        if status is not None:
            return status
    if args.stats or args.export_stats:
        from game.records.report import run_stats
        return run_stats(args)
    if args.console:
        from game.console import run_console
        return run_console(args)
    from game.ui.app import run_window
    return run_window(args)


def run() -> int:
    """:func:`main`, quiet when its output pipe closes early (``--stats | head``): the
    reader has what it wanted, so no traceback; the rest of the output is dropped, as
    the Python documentation's SIGPIPE note recommends. Ctrl-C stops it quietly too
    (status 130, as shells report SIGINT); records are saved as each game ends, so
    nothing finished is lost."""
    try:
        status = main()
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt as stop:  # Ctrl-C in a terminal: stop quietly, with the shell's status
        print(file=sys.stderr)
        return getattr(stop, "status", 130)  # SIGTERM in the console: 143 (game.interrupts.Terminated)


if __name__ == "__main__":
    sys.exit(run())
