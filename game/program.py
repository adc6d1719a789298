"""The program: the command line dispatched to the window, the console, the solver's analysis,
the review, the statistics, as ``python main.py``, the installed ``minesweeper`` command and
the frozen app all run it. ``python main.py --help`` lists every option."""

import errno
import signal
import sys

from game import child
from game.commands.cli import parse_args
from game.interrupts import Terminated, raise_terminated  # noqa: F401  (Terminated: main.py re-exports it)
from game.output import OutputError, guard_output, silence_stdout


def main(argv=None, stop_on_sigterm: bool = False) -> int:
    """Dispatch on the parsed options; returns the process exit status. ``stop_on_sigterm``
    (a real run: :func:`run`): outside the window, SIGTERM ends the run as Ctrl-C does,
    through every ``finally`` (a game in progress recorded, temporary folders removed); the
    window leaves it to SDL, which turns it into a QUIT."""
    args = parse_args(argv)
    if stop_on_sigterm and (args.console or args.analyse or args.win_chance or args.review or args.save_replay
                            or args.stats or args.export_stats):
        signal.signal(signal.SIGTERM, raise_terminated)
    if args.analyse:
        from game.commands.analyse_report import run_analyse
        return run_analyse(args)
    if args.win_chance:
        from game.commands.winchance_report import run_win_chance
        return run_win_chance(args)
    if args.review:
        from game.commands.review_report import run_review
        return run_review(args)
    if args.save_replay:
        from game.commands.replay_commands import run_save_replay
        return run_save_replay(args)
    if args.replay:
        from game.commands.replay_commands import prepare_replay
        status = prepare_replay(args)
        if status is not None:
            return status
    if args.race:
        from game.commands.replay_commands import prepare_race
        status = prepare_race(args)
        if status is not None:
            return status
    if args.stats or args.export_stats:
        from game.records.report import run_stats
        return run_stats(args)
    if args.console:
        from game.console.play import run_console
        return run_console(args)
    from game.ui.app import run_window
    return run_window(args)


def run() -> int:
    """:func:`main`, whose output never ends in a traceback (game.output): a character the
    output's encoding lacks is replaced; a closed standard output, or a pipe its reader
    closed (``--stats | head``: the reader has what it wanted), ends quietly with the run's
    own status, or 0 for the pipe, the rest of the output dropped as the Python
    documentation's SIGPIPE note recommends; standard output that cannot be written (a full
    disk) gets one line on stderr and status 2. A file the run wrote is kept in every case.
    Ctrl-C (and SIGTERM outside the window) stops it quietly too (status 130, or 143 for
    SIGTERM, as shells report them); records are saved as each game ends, so nothing finished is lost."""
    guard_output()
    try:
        try:
            status = main(stop_on_sigterm=True)
        except SystemExit as stop:  # argparse: --help, --version, a usage error (already printed)
            status = stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 1
        sys.stdout.flush()
        return status
    except (OutputError, BrokenPipeError) as err:
        silence_stdout()
        if err.errno == errno.EPIPE:
            return 0
        from game.i18n import _
        from game.messages import error_line, os_error_text
        print(error_line(_("cannot write to standard output ({error})").format(error=os_error_text(err))),
              end="", file=sys.stderr)
        return 2
    except KeyboardInterrupt as stop:  # Ctrl-C in a terminal: stop quietly, with the shell's status
        print(file=sys.stderr)
        return getattr(stop, "status", 130)  # SIGTERM: 143 (game.interrupts.Terminated)
    finally:  # a SIGTERM from now on (the interpreter closing) ends the process as usual, with no traceback
        if signal.getsignal(signal.SIGTERM) is raise_terminated:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)


def launch() -> int:
    """The entry point of ``python main.py``, the ``minesweeper`` command and the frozen app:
    :func:`run`, unless the command line starts one of the game's child processes
    (game.child: the frozen app re-enters itself for them)."""
    status = child.run_child(sys.argv[1:])
    return run() if status is None else status


if __name__ == "__main__":
    sys.exit(launch())
