"""The one module that calls ms-toollib, in a child process only
(``python -m game.replay.toollib read KIND`` or ``write``, started by
:mod:`game.replay.files`); the game's own process never imports it.

Why a child process: the ms-toollib wheels (1.5.0 on, 1.5.20 pinned) are built with
``panic = "abort"``, so a panic inside it (a truncated or garbage file makes its parsers
``unwrap`` an error or ``assert``, and many getters ``unwrap`` when the game is in the wrong
state) aborts the whole process with SIGABRT: no ``pyo3_runtime.PanicException`` is raised
and nothing can catch it. In a child, an abort is an exit status that
:mod:`game.replay.files` turns into a clear message; a runaway parse is killed by a timeout.
Before aborting, ms-toollib's panic hook writes the panic's message to ``crash.log`` in the
working folder (for a parse error, the name of its ``ErrReadVideoReason``, such as
``FileIsTooShort``), so the child runs in a temporary folder that the parent reads it from.

Protocol: ``read KIND`` takes the file's bytes on stdin and prints a JSON object (the
fields of :class:`game.replay.events.Replay`, events as [time_ms, code, x, y], stats as a
dict). ``write`` takes that JSON on stdin and prints the EVF bytes. ``stats`` takes a JSON
list of games, each a list of such replays to try in turn, and prints a JSON list: per game
``{"stats": dict}`` (the statistics Metasweeper's reader gives the EVF that ``write`` builds
of it) or ``{"error": message}``: the check that the records' figures, a game's story's
(game.replay.competitive), are its file's (tests/evf_figures.py). ``board`` takes a JSON list of boards (a list of rows, -1 a
mine, else the count of mines around) and prints a JSON list of their board figures
(:func:`board_figures`). ``needless`` takes a JSON list of ``[board_of_game,
[row, col]]`` and prints ms-toollib's ``is_guess_while_needless`` code of each
(:func:`needless_codes`). Exit status 0: done;
``REFUSED``: stdout holds a message for the player instead; ``NO_LIBRARY``: ms-toollib is
not installed; anything else (an abort, a signal) means ms-toollib failed on the data
(the statuses are in :mod:`game.replay.files`).

ms-toollib facts relied on (1.5.20; Python API in its ``ms_toollib.pyi``, source
``base/src/videos/`` of eee555/ms-toollib):

- ``AvfVideo``/``RmvVideo``/``MvfVideo``/``EvfVideo(file_name="", raw_data=bytes)`` take the
  bytes (an empty ``raw_data`` makes it read ``file_name`` itself, so it is never empty
  here); ``parse()`` reads them, ``analyse()`` replays the events, after which the video is
  in its "Display" state and the statistics follow ``current_time``: set to
  ``video_end_time`` they are the whole game's.
- Event times (``events[i].time``) are seconds as float, exact milliseconds, counted from
  the first recorded event; ``video_start_time`` is minus the time of the first opening, so
  ``time - (-video_start_time)`` is the game time. ``rtime_ms`` is the game's time in ms.
  Positions are pixels at the file's ``pix_size`` per cell.
- ``BaseVideo(board, 16).step(code, (y_px, x_px))`` plays one event (position is (from top,
  from left); off the board it must be exactly (rows*16, cols*16), else it panics), stamping
  it with the wall clock; events before the game leaves its Ready state and after it ends
  are not recorded. ``step_game_state("replay")`` ends an unfinished game as lost. Its
  setters (``software``, ``player_identifier``) work only once the game is over;
  ``generate_evf_v4_raw_data()`` then fills ``raw_data``. ``save_to_evf_file`` is not used:
  it writes on a background thread and returns at once.
"""

from __future__ import annotations

import json
import math
import sys

from game.figures import FIGURES
from game.replay import evf4
from game.replay.files import NO_LIBRARY, REFUSED

CELL_PX = 16
READY, PLAYING, WON, LOST, PRE_FLAGGING, DISPLAY = 1, 2, 3, 4, 5, 6  # BaseVideo.game_board_state
END_NUDGE_S = 0.0005  # seconds past the end time that reach the last event (at_end)
MEMORY_LIMIT = 4 * 1024 ** 3  # bytes of address space for this child: a hostile file cannot take the machine


class Refused(Exception):
    """The data cannot be turned into what was asked; the message says why."""


def read_video(kind: str, data: bytes) -> dict:
    """Parse ``data`` as a ``kind`` ("avf", "rmv", "mvf", "evf") replay into a dict."""
    import ms_toollib

    cls = {"avf": ms_toollib.AvfVideo, "rmv": ms_toollib.RmvVideo,
           "mvf": ms_toollib.MvfVideo, "evf": ms_toollib.EvfVideo}[kind]
    video = cls(raw_data=data, file_name=f"replay.{kind}")
    video.parse()
    # The header's labels, read before analyse(), which sets is_fair and is_official to
    # is_completed (base/src/videos/base_video.rs, BaseVideo::analyse).
    labels = {"is_fair": video.is_fair, "is_official": video.is_official, "mode": video.mode,
              "level": video.level, "questions": kind == "evf" and _evf_questions(data)}
    video.analyse()
    at_end(video)
    rows, cols, px = video.row, video.column, video.pix_size
    if not (rows >= 1 and cols >= 1 and px >= 1):
        raise Refused(f"the file describes a {rows}x{cols} board with {px} px cells")
    origin_ms = round(-video.video_start_time * 1000)  # the first opening, from the first event
    events = []
    for record in video.events:
        mouse = record.event.unwrap_mouse()
        if mouse is None:  # an EVF game-state event (win, fail, replay): no pointer
            continue
        events.append([round(record.time * 1000) - origin_ms, mouse.mouse,
                       mouse.x * CELL_PX // px, mouse.y * CELL_PX // px])
    board = video.board
    return {
        "rows": rows, "cols": cols,
        "mines": [[r, c] for r in range(rows) for c in range(cols) if board[r][c] == -1],
        "events": events, "time_ms": video.rtime_ms, "completed": video.is_completed,
        "bbbv": video.bbbv, "program": video.software, "player": video.player_identifier,
        "started_us": video.start_time, "file_format": kind.upper(),
        "stats": _stats(video), **labels,
    }


def at_end(video) -> None:
    """Put the analysed ``video`` at the end of its game, so that its statistics are the whole
    game's, the last event's included.

    Why not ``current_time = video_end_time`` alone: ms-toollib's ``set_current_time`` finds
    the event by adding the opening's time (``delta_time``, seconds from the first recorded
    event) to the time given, in floats, and at the end time that sum can fall a hair short
    of the last event's own time (0.251 + 0.423 = 0.67399999... < 0.674): the statistics
    would then be those before the last event, and a won game would have one 3BV and one
    click less than it had (a game whose first event comes before the opening: a flag
    placed before it, an Arbiter file's first press). Half a millisecond more reaches the
    last event (events are whole milliseconds apart, and none comes after the end); the
    time itself stays the end's: ms-toollib clamps it."""
    video.current_time = video.video_end_time + END_NUDGE_S


def _evf_questions(data: bytes) -> bool:
    """The EVF (v3 and v4) settings bit ms-toollib writes from ``use_question`` (byte 2, bit
    7) and ``EvfVideo`` does not show; False for the versions without it."""
    return len(data) > 2 and data[0] in (3, 4) and bool(data[2] & 0b1000_0000)


def _stats(video) -> dict:
    """The competitive statistics of an analysed ``video`` at its ``current_time`` (set to
    ``video_end_time``: the whole game's), by :class:`game.replay.events.ReplayStats`'s
    field names: ``bbbv_solved`` and each figure's ``toollib`` attribute (game.figures),
    those computed here (IOS) left out."""
    stats = {"bbbv_solved": video.bbbv_solved}
    for figure in FIGURES:
        if figure.toollib is not None:
            value = getattr(video, figure.toollib)
            stats[figure.name] = value if figure.digits is None else _finite(value)
    return stats


def _finite(value: float) -> float | None:
    """None for the infinities and NaN ms-toollib gives an undefined ratio (0 clicks, 0 s)."""
    return value if math.isfinite(value) else None


def write_evf(spec: dict) -> bytes:
    """The EVF v4 bytes of the replay ``spec``: :func:`build_evf`'s bytes."""
    return build_evf(spec)[0]


def game_stats(specs: list[dict]) -> dict:
    """``{"stats": dict}``: the competitive statistics of one game, as Metasweeper's reader
    computes them from its EVF (:func:`build_evf`, then :func:`_stats` on the EvfVideo that
    parsed the bytes back), from the first of ``specs`` (the game's replays, best first: its
    pointer path, then clicks at its moves) that ms-toollib plays as the game went; or
    ``{"error": message}`` when none does.

    Why through the EVF and not ``BaseVideo``'s own getters: ``BaseVideo`` stamps each event
    with the wall clock as it is fed, so its 3BV/s, RQP and the like would measure how fast
    this child ran; the EVF carries the game's own times."""
    reasons = []
    for spec in specs:
        try:
            _, video = build_evf(spec)
        except (Refused, evf4.LayoutError) as err:
            reasons.append(str(err))
            continue
        at_end(video)
        return {"stats": _stats(video)}
    return {"error": "; ".join(reasons) or "no replay of the game was given"}


def build_evf(spec: dict):
    """(EVF v4 bytes, the ``EvfVideo`` that parsed them back and analysed them) of the replay
    ``spec`` (the JSON of a Replay plus its ``board``). of the replay ``spec`` (the JSON of a Replay plus its ``board``).

    Working around ms-toollib's API: ``BaseVideo`` plays the events (so ms-toollib's own
    rules decide won or lost and count the 3BV and the clicks), but it stamps each event
    with the wall clock as it is fed, has no way to set a time, and takes the game's time
    and start and end timestamps from those stamps. So its ``raw_data`` is kept for the
    header and the board, the header's time and timestamps are replaced by the replay's,
    and the event list is encoded again with the replay's own milliseconds
    (:mod:`game.replay.evf4`). The bytes are then parsed back with ``EvfVideo`` and must
    give the same board, 3BV, time, completed flag and event times, or nothing is returned.
    """
    import ms_toollib

    rows, cols = spec["rows"], spec["cols"]
    video = ms_toollib.BaseVideo(spec["board"], CELL_PX)
    recorded = []  # (time_ms, code, x, y) of the events BaseVideo keeps, in order
    for time_ms, code, x, y in spec["events"]:
        if video.game_board_state in (WON, LOST):
            break  # the game is over: BaseVideo keeps nothing more
        if 0 <= x < cols * CELL_PX and 0 <= y < rows * CELL_PX:
            position = (y, x)
        else:
            position, x, y = (rows * CELL_PX, cols * CELL_PX), cols * CELL_PX, rows * CELL_PX
        video.step(code, position)
        if video.game_board_state == READY:
            recorded.clear()  # BaseVideo forgets what came before a game that has not begun
        else:
            recorded.append((time_ms, code, x, y))
    state = video.game_board_state
    if state == READY or not recorded:
        raise Refused("nothing to save: no click on the board started the game")
    if state in (PLAYING, PRE_FLAGGING):
        video.step_game_state("replay")  # an abandoned game ends as lost, as the records count it
    if video.is_completed != spec["completed"]:
        said = "won" if spec["completed"] else "not won"
        raise Refused(f"the replay says the game was {said}, but its events "
                      f"{'win' if video.is_completed else 'do not win'} it")
    if video.bbbv != spec["bbbv"]:
        raise Refused(f"the replay's 3BV is {spec['bbbv']}, ms-toollib counts {video.bbbv}")
    video.software = spec["program"]
    video.player_identifier = spec["player"] or ""
    _label(video, spec)
    video.generate_evf_v4_raw_data()
    raw = bytes(video.raw_data)
    end_us = spec["started_us"] + spec["time_ms"] * 1000 if spec["started_us"] is not None else video.end_time
    header = evf4.set_times(raw[:evf4.events_offset(raw)], spec["time_ms"], end_us - spec["time_ms"] * 1000, end_us)
    t0 = recorded[0][0]
    out = header + evf4.encode_events([(t - t0, code, x, y) for t, code, x, y in recorded])
    return out, _check(out, spec, video.is_completed, [t - t0 for t, *_ in recorded])


def _label(video, spec: dict) -> None:
    """Set the header's labels of the finished ``video`` from ``spec`` (what the game knows
    of itself; docs/replays-labels.md): fair and official only for a completed game, as the
    EVF standard defines them; Metasweeper's mode code; question marks; the cursor was not
    confined and no game restarted itself; the checksum stays empty."""
    completed = bool(spec["completed"])
    video.is_fair = completed and bool(spec.get("is_fair"))
    video.is_official = completed and bool(spec.get("is_fair")) and bool(spec.get("is_official"))
    video.mode = int(spec.get("mode") or 0)
    video.use_question = bool(spec.get("questions"))
    video.use_cursor_pos_lim = False
    video.use_auto_replay = False


def _check(data: bytes, spec: dict, completed: bool, times: list[int]):
    """Parse ``data`` back with ``EvfVideo`` and compare board, 3BV, time, flag and events;
    returns the analysed EvfVideo."""
    import ms_toollib

    back = ms_toollib.EvfVideo(raw_data=data, file_name="check.evf")
    back.parse()
    back.analyse()
    mines = sorted([r, c] for r, row in enumerate(back.board) for c, v in enumerate(row) if v == -1)
    found = {"board": (back.row, back.column, mines), "bbbv": back.bbbv, "time_ms": back.rtime_ms,
             "completed": back.is_completed, "times": [round(e.time * 1000) for e in back.events]}
    wanted = {"board": (spec["rows"], spec["cols"], sorted(spec["mines"])), "bbbv": spec["bbbv"],
              "time_ms": spec["time_ms"], "completed": completed, "times": times}
    wrong = [key for key in wanted if found[key] != wanted[key]]
    if wrong:
        raise Refused(f"ms-toollib reads the EVF built back with a different {', '.join(wrong)}")
    return back


BOARD_FIGURES = {"zini": "cal_zini", "hzini": "cal_hzini", "openings": "cal_op"}  # figure -> ms-toollib's function


def board_figures(board: list[list[int]]) -> dict:
    """The figures of a board alone (``board``: one list per row, -1 a mine, else the count of
    mines around the cell), by name, from ms-toollib's own functions, those its videos'
    ``cal_static_params`` computes (base/src/videos/base_video.rs): ``zini`` (``cal_zini``),
    ``hzini`` (``cal_hzini``), ``openings`` (``cal_op``) and ``islands``: ``cal_isl``, which
    the Python module lacks, is ``cal_op`` of the board in which every number with no zero
    around it is a 0 and every other cell a 1 (base/src/utils.rs), so that is what is asked."""
    import ms_toollib

    figures = {name: getattr(ms_toollib, function)(board) for name, function in BOARD_FIGURES.items()}
    rows, cols = len(board), len(board[0]) if board else 0
    island = [[0 if board[r][c] > 0 and not any(board[i][j] == 0 for i in range(max(0, r - 1), min(rows, r + 2))
                                                 for j in range(max(0, c - 1), min(cols, c + 2))) else 1
               for c in range(cols)] for r in range(rows)]
    figures["islands"] = ms_toollib.cal_op(island)
    return figures


def needless_codes(queries: list) -> list[int]:
    """ms-toollib's ``is_guess_while_needless`` on each ``[board_of_game, [row, col]]`` (the
    position as ms-toollib numbers it: 0-8 revealed, 10 covered, 11 flagged): 1 a cell it
    proves safe, 2 a needed guess, 3 a needless guess, 4 a cell it proves a mine, 5 the cell
    is not covered. ms-toollib's definition (``base/src/algorithms.rs``): local to the
    covered region the cell lies in, flags ignored, without the total mine count. For
    tests that check game.solver.review against it."""
    import ms_toollib

    return [ms_toollib.is_guess_while_needless(board, (row, col)) for board, (row, col) in queries]


def _limit_memory() -> None:
    try:
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    except (ImportError, ValueError, OSError):  # not POSIX, or a lower limit already set
        pass


def main(argv: list[str]) -> int:
    """The child's entry point: ``read KIND``, ``write``, ``stats``, ``board`` or ``needless``, data on
    stdin, result on stdout."""
    _limit_memory()
    data = sys.stdin.buffer.read()
    try:
        import ms_toollib  # noqa: F401
    except ImportError:
        return NO_LIBRARY
    try:
        if argv[:1] == ["read"] and len(argv) == 2:
            out = json.dumps(read_video(argv[1], data), ensure_ascii=False).encode("utf-8")
        elif argv == ["write"]:
            out = write_evf(json.loads(data))
        elif argv == ["needless"]:
            out = json.dumps(needless_codes(json.loads(data))).encode("utf-8")
        elif argv == ["stats"]:
            out = json.dumps([game_stats(specs) for specs in json.loads(data)]).encode("utf-8")
        elif argv == ["board"]:
            out = json.dumps([board_figures(board) for board in json.loads(data)]).encode("utf-8")
        else:
            raise Refused(f"unknown command {argv!r}")
    except (Refused, evf4.LayoutError) as err:
        sys.stdout.buffer.write(str(err).encode("utf-8"))
        return REFUSED
    sys.stdout.buffer.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
