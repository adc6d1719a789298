"""Start the window game: records and settings, display, sprites, services, the first scene, the loop."""

from __future__ import annotations

import gc
import os
import sys
from dataclasses import replace

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "Minesweeper")  # X11 window class (task bars, xdotool)

import pygame  # noqa: E402

from game.rules.board import Config  # noqa: E402
from game.midend.daily import daily_code  # noqa: E402
from game.midend.deal import first_click_of  # noqa: E402
from game.i18n import _, set_language, system_language  # noqa: E402
from game.messages import describe, error_line, warn  # noqa: E402
from game.records import open_records  # noqa: E402
from game.replay.player import Timeline  # noqa: E402
from game.ui.replay import review_job  # noqa: E402
from game.ui.shared import theme  # noqa: E402
from game.ui.shared.assets import Assets  # noqa: E402
from game.ui.clock import SystemClock  # noqa: E402
from game.ui.display import GRAIN, Display  # noqa: E402
from game.ui.play.layout import MENU_SIZE  # noqa: E402
from game.ui.loop import Loop  # noqa: E402
from game.ui.play.room import finger_cells, playing_window  # noqa: E402
from game.ui.scene import SceneManager  # noqa: E402
from game.ui.shared.confirm import MessageBox  # noqa: E402
from game.ui.menu import Menu  # noqa: E402
from game.ui.play.playing import Playing  # noqa: E402
from game.ui.replay.viewer import ReplayViewer  # noqa: E402
from game.ui.replay.beside import BesideViewer  # noqa: E402
from game.ui.replay.review import ReviewViewer  # noqa: E402
from game.ui.editor.scene import Editor  # noqa: E402
from game.ui.services import Services  # noqa: E402
from game.ui.settings import for_run  # noqa: E402
from game.ui.state_file import presenting  # noqa: E402
from game.midend.trial import TrialRun
from game.replay.race import Ghost, RaceError
from game.replay.sources import LogError, log_timeline, recorded_timeline
from game.commands.replay_commands import side_name


FIGURES_WAIT = 2.0  # seconds closing waits for statistics still being computed


class WindowManager(SceneManager):
    """The scene manager: mouse positions arrive in canvas pixels (Display.map_event), the
    display mode is saved whenever the player toggles it (F11), and after each frame's
    updates it stores the competitive statistics computed in the background
    (game.records.compstats; the scenes show them from the next frame) or packs and stores
    a slice of a long game's log (Records.pack_step, game.records.logpack); the loop runs at
    full rate until that is done. A speech service the Options screen opens on a thread is
    taken here when the screen was left before it answered (Services.poll_speech)."""

    def frame_work(self) -> None:
        if not getattr(self.current, "opening_speech", False):  # (the Options screen says it itself)
            _done, missing = self.services.poll_speech()  # a speech service opened apart, left before it answered
            if missing:
                warn(missing)
        records = self.services.records
        if records is None:
            return
        warnings = records.figures_worker.poll(records.store)
        if not warnings and records.packing:  # one write a frame: figures, or a slice of a log
            warnings = records.pack_step()
        for warning in warnings:
            warn(warning)

    def busy(self) -> bool:
        records = self.services.records
        return super().busy() or (records is not None and records.packing)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.FINGERDOWN:
            self.services.touch_seen = True  # the touch layout from the next game (Services.touch_layout)
        running = super().handle(self.services.display.map_event(event))
        self.services.sync_fullscreen()
        notice = self.services.display.take_notice()  # F11 where full screen cannot be had
        if notice and running:
            warn(notice)  # on stderr too: a box cut to a small window says the full text is there
            self.switch(MessageBox(self.services, self.current, _("Full screen"), [notice]))
        return running


class Navigation:
    """``services.scenes``: the menu and a game, built here for the scenes that go to them.

    Every screen leads back to the menu and the menu leads to every screen, so a scene
    module importing the menu would close an import cycle: the scenes ask this seam for
    it instead. A new game (game.ui.shared.dialog.start, from the menu and the custom
    form) is built here too, so the dialog helpers do not import the Playing scene.
    """

    def __init__(self, services) -> None:
        self.services = services

    def menu(self) -> Menu:
        """The menu; a time trial still in play ends there (recorded as ended:
        game.session.Session.end_trial), so the menu's next game is a game of its own."""
        note = self.services.session.end_trial()
        if note:
            warn(note)
        return Menu(self.services)

    def edit(self, board=None, back=None, on_back=None) -> Editor:
        """The position editor (game.ui.editor.scene) on ``board`` (a game.boardfile.BoardFile;
        None: an empty board), going ``back`` on Esc (None: the menu), calling ``on_back()``
        first when given."""
        return Editor(self.services, board, back=back, on_back=on_back)

    def playing(self, config) -> Playing:
        """A Playing scene for a new match of ``config`` (a game.rules.board.Config), or a given
        match (a game.midend.match.Match: a loaded board)."""
        return Playing(self.services, config)

    def play_code(self, code) -> Playing:
        """A Playing scene on the board ``code`` names (a game.midend.boardcode.BoardCode:
        game.session.Session.open_code), with the player's question-mark option."""
        questions = self.services.settings.questions
        config = replace(code.config(), questions=questions)
        return Playing(self.services, config,
                       opener=lambda cell: self.services.session.open_code(code, cell, questions=questions))

    def play_trial(self, code) -> Playing:
        """A Playing scene on the first board of a new time trial of ``code`` (a
        game.midend.trial.TrialCode: game.session.Session.start_trial, then open_trial), with
        the player's question-mark option; each next board comes from the result panel's Next
        game (F2), as the session gives it."""
        questions = self.services.settings.questions
        session = self.services.session
        session.start_trial(TrialRun(code))
        config = replace(session.trial.board().config(), questions=questions)
        return Playing(self.services, config, opener=lambda cell: session.open_trial(cell, questions=questions))

    def play_daily(self, day, level: str) -> Playing:
        """A Playing scene on the daily board of ``day`` (a UTC date) and ``level`` (one of
        game.midend.daily.DAILY_LEVELS): the session's daily match (game.session.Session
        .open_daily: its games are recorded as that day's), with the player's question marks."""
        questions = self.services.settings.questions
        session = self.services.session
        config = replace(daily_code(day, level).config(), questions=questions)
        return Playing(self.services, config,
                       opener=lambda cell: session.open_daily(day, level, cell=cell, questions=questions))

    def play_position(self, board) -> Playing:
        """A Playing scene on ``board`` (a game.boardfile.BoardFile: the editor's "Play this
        position"), as game.session.Session.open_position lays it (its known layout, or one drawn
        among those that fit: a 1000x1000 position takes a few seconds), recorded apart, with
        the player's question marks.

        Raises:
            game.solver.problem.InconsistentPosition, game.solver.sample.TooHardToSample,
            ValueError: no game can be laid on it (Session.open_position).
        """
        questions = self.services.settings.questions
        config = Config(board.rows, board.cols, board.mines, questions=questions)
        return Playing(self.services, config,
                       opener=lambda cell: self.services.session.open_position(board, cell, questions=questions))

    def race(self, ghost) -> Playing:
        """A Playing scene racing ``ghost`` (a game.replay.race.Ghost) on its board from its
        first reveal (game.session.Session.open_race), with the player's question marks."""
        questions = self.services.settings.questions
        config = replace(ghost.code().config(), questions=questions)
        return Playing(self.services, config, race=ghost,
                       opener=lambda cell: self.services.session.open_race(ghost, cell, questions=questions))

    def race_timeline(self, timeline, back):
        """:meth:`race` on a replay's game.replay.player.Timeline (the viewer's "Race this
        replay"), or a message box over ``back`` saying why it cannot be raced."""
        try:
            ghost = Ghost(timeline)
        except (RaceError, ValueError) as err:
            return MessageBox(self.services, back, _("Race"), [_("This replay cannot be raced: {reason}.").format(
                reason=describe(err))])
        return self.race(ghost)

    def replay(self, replay, back=None, title: str | None = None, timeline=None) -> ReplayViewer:
        """The replay viewer for ``replay`` (a game.replay.Replay, its game.replay.player.Timeline
        when built already); Esc returns to ``back`` (a scene), or to the menu when None.
        Nothing it shows is recorded."""
        return ReplayViewer(self.services, replay, back=back, title=title, timeline=timeline)

    def watch(self, record_id: int, back):
        """The replay viewer (:meth:`replay`) on recorded game ``record_id``, going ``back``
        when it closes; a message box over ``back`` when the game is not recorded, has no
        move log (recorded before logs were kept) or cannot be replayed (a loaded position).
        It plays the timeline ``--replay ID`` plays (:func:`game.replay.sources.recorded_timeline`:
        the game's log told once)."""
        cannot = _("Game {id} cannot be watched: {reason}.")
        found = self._recorded(record_id, back, _("Watch"), cannot)
        if not isinstance(found, Timeline):
            return found
        try:
            viewer = self.replay(found.replay, back, timeline=found)
        except ValueError as err:  # a replay the viewer cannot play
            return MessageBox(self.services, back, _("Watch"), [cannot.format(id=record_id, reason=describe(err))])
        viewer.record_id = record_id
        return viewer

    def beside(self, first_id: int, second_id: int, back):
        """Recorded games ``first_id`` and ``second_id`` side by side (game.ui.replay.beside),
        going ``back`` when it closes; a message box over ``back`` when either cannot be
        watched or they are not of the same board."""
        title, cannot = _("Watch"), _("Game {id} cannot be watched: {reason}.")
        timelines = []
        for record_id in (first_id, second_id):
            found = self._recorded(record_id, back, title, cannot)
            if not isinstance(found, Timeline):
                return found
            timelines.append(found)
        names = tuple(_("game {id}").format(id=i) for i in (first_id, second_id))
        try:
            return BesideViewer(self.services, *timelines, back=back, names=names)
        except ValueError as err:
            return MessageBox(self.services, back, title, [describe(err)])

    def review(self, record_id: int, back):
        """The review viewer (game.ui.replay.review) on recorded game ``record_id``, going
        ``back`` when it closes; a message box over ``back`` when the game cannot be watched
        (as :meth:`watch`) or reviewed. The review is computed here, before it opens."""
        found = self._recorded(record_id, back, _("Review"), _("Game {id} cannot be reviewed: {reason}."),
                               standing=True)
        if not isinstance(found, Timeline):
            return found
        return self.review_replay(found.replay, back, _("Review of game {id}").format(id=record_id), found)

    def _recorded(self, record_id: int, back, title: str, cannot: str, standing: bool = False):
        """The viewer's Timeline of recorded game ``record_id`` (``standing``: of the moves that
        stand, for the review: game.replay.sources.log_timeline), or a message box ``title``
        over ``back`` saying why not (not recorded; ``cannot``, a sentence with ``{id}`` and
        ``{reason}``: no log, a loaded position). ``title`` and ``cannot`` in the language in use."""
        records = self.services.records
        record = records.store.game(record_id) if records is not None else None
        if record is None:
            return MessageBox(self.services, back, title, [_("Game {id} is not in the records.").format(id=record_id)])
        try:
            return recorded_timeline(records.store, record, standing=standing)
        except LogError as err:
            return MessageBox(self.services, back, title, [cannot.format(id=record_id, reason=describe(err))])

    def review_game(self, log: dict, record, back):
        """The review viewer on a game just played: its move ``log`` (Match.log_data) and its
        GameRecord ``record`` (as recorded); a message box over ``back`` when it cannot be
        reviewed. Used by the result panel, whose game's log may still be being stored."""
        try:
            timeline = log_timeline(log, record, standing=True)
        except LogError as err:
            return MessageBox(self.services, back, _("Review"),
                              [_("This game cannot be reviewed: {reason}.").format(reason=describe(err))])
        return self.review_replay(timeline.replay, back, _("Review of this game"), timeline)

    def review_replay(self, replay, back=None, title: str | None = None, timeline=None):
        """The review viewer on ``replay`` (``timeline``: its Timeline when built already), or a
        message box over ``back`` (the menu when None) naming why not (a board too big for this
        screen, moves that cannot be reviewed)."""
        try:
            return ReviewViewer(self.services, replay, back=back, title=title, timeline=timeline)
        except ValueError as err:
            return MessageBox(self.services, back if back is not None else self.menu(), _("Review"),
                              [_("It cannot be reviewed: {reason}.").format(reason=describe(err))])


def first_scene(services, config, warnings=(), replay=None, timeline=None, beside=None, edit=None):
    """The scene to open with: the viewer of ``replay`` (``--replay``; ``timeline``, its Timeline
    built already), or both games side by side with ``beside`` (``--beside``: (its Timeline,
    the two sides' names)), the given game (a level, a size or a board file), else the menu.

    ``edit``: ``--edit``'s position editor, ``(board,)`` (the file's game.boardfile.BoardFile,
    or None for an empty board).
    ``warnings`` (opening the records or settings) are shown over it in a message box.
    """
    if edit is not None:
        scene = services.scenes.edit(edit[0])
    elif replay is not None and beside is not None:
        scene = BesideViewer(services, timeline, beside[0], names=beside[1])
    elif replay is not None:
        scene = services.scenes.replay(replay, timeline=timeline)
    elif config is None:
        scene = Menu(services)
    elif services.first_race is not None:  # --race: the replay's board, raced
        scene, services.first_race = services.scenes.race(services.first_race), None
    else:
        scene = Playing(services, config, services.loaded)
    if warnings:
        scene = MessageBox(services, scene, _("Records and settings"), [describe(w) for w in warnings])
    return scene


def run_config(services, config, warnings: list[str]):
    """The command line's board with this run's options (saved settings + flags).

    A saved no-guess option that the board's size does not allow is dropped for this
    game, with a warning, rather than refusing a board the command line asked for. A board
    code's (``--code``, ``--daily``: the session's first_code) keeps the code's rules, with
    the player's question marks.
    """
    if config is None or services.loaded is not None:
        return config
    if (services.session.first_code is not None or services.first_race is not None
            or services.session.in_trial()):
        return replace(config, questions=services.settings.questions)
    wanted = services.config_for(config.rows, config.cols, config.mines)
    if wanted.no_guess:
        from game.noguess import supported
        reason = supported(wanted)
        if reason:
            warnings.append(_("No-guess is off for this board: {reason}.").format(reason=describe(reason)))
            wanted = Config(wanted.rows, wanted.cols, wanted.mines,
                            first_click=first_click_of(services.settings.first_click),
                            questions=wanted.questions, no_guess=False)
    return wanted


def build(args, clock=None, settle: bool = False) -> tuple[Loop, Services]:
    """Open the records, the window, and build the loop for parsed ``args`` (game.commands.cli.parse_args).

    Never fails on the records or settings: problems are printed on stderr and shown
    in the window. A board too big for the screen is seen through a camera (game.ui.play.camera).
    ``settle``: the game's own process (run_window, the benchmarks): :func:`settle_heap`
    before the first scene is built (tests, which build many windows in one process, leave
    it off).
    """
    pygame.font.init()  # display is set up by Display; no audio needed
    # Prints its warnings on stderr. The figures are worked out in the background (the child
    # process takes longer than a frame); a long game's log is packed over frames (logpack).
    records = open_records(getattr(args, "data_dir", None), figures_mode="background", pack_in_steps=True)
    try:
        return _build(args, clock, records, settle)
    except BaseException:
        records.close()
        raise


def settle_heap() -> None:
    """Collect, then freeze (gc.freeze) what the program has built so far, the modules,
    fonts and services it keeps to the end, so the collector's full passes no longer walk
    them: a full pass over them took 10-40 ms, in whichever frame it fell (docs/big-boards.md),
    and the 3BV count of a big board, which makes many objects, set off several. What is
    frozen is never collected as a cycle, so only what lives as long as the program is."""
    gc.collect()
    gc.freeze()


def _build(args, clock, records, settle: bool = False) -> tuple[Loop, Services]:
    settings = for_run(records.settings, args)
    display = Display(fullscreen=settings.fullscreen, scale=settings.scale)
    config = settings.board_of_run(args)  # --difficulty beginner: the Beginner the settings choose
    # a board with its panels' strip (game.ui.play.room), or none when compact, as the Playing scene will want it
    layout, size, most = (None, MENU_SIZE, None) if config is None else playing_window(
        config, display.area(), settings.rulers, settings.compact and getattr(args, "race_ghost", None) is None,
        finger_cells(settings.touch_layout, settings.scale))
    theme.use(settings.theme)  # before the first frame: the window's letterbox too
    set_language(settings.language or system_language())
    display.open(size, GRAIN if layout is None else layout.cell, most)
    saved = records.settings
    services = Services(settings=settings, rng=args.rng, clock=clock or SystemClock(), display=display,
                        assets=Assets(), loaded=getattr(args, "loaded", None), no_guess=settings.no_guess,
                        last_custom=(saved.custom_rows, saved.custom_cols, saved.custom_mines),
                        records=records, first_seed=getattr(args, "seed", None),
                        seeded=getattr(args, "seed", None) is not None, min_bv=getattr(args, "min_bv", None),
                        first_code=getattr(args, "board_code", None),
                        first_daily=day.isoformat() if (day := getattr(args, "daily_day", None)) else None,
                        first_race=getattr(args, "race_ghost", None))
    services.scenes = Navigation(services)
    asked = getattr(args, "speech", None)  # --speech MODE; off: settings.speech is off for the run (game.ui.settings)
    services.speech_mode = asked if asked not in (None, "off") else "auto"  # (the Options' line may turn it on)
    said = services.apply_speech() if settings.speech else None  # the speech service, or why none
    if said:
        warn(said)
    if getattr(args, "trial_code", None) is not None:  # --trial, --trial-set: the first scene plays its first board
        services.session.start_trial(TrialRun(args.trial_code))
    services.session.unsaved = not_recorded(records)  # the session records each end (Session.finished)
    warnings = list(records.warnings)
    notice = display.take_notice()  # the saved or asked full screen, where it cannot be had
    if notice:
        warn(notice)
        warnings.append(notice)
    config = run_config(services, config, warnings)
    if settle:
        settle_heap()  # before the first scene: a game left later is collected as any other
    scene = first_scene(services, config, warnings, getattr(args, "replay_loaded", None),
                        getattr(args, "replay_timeline", None), _beside(args), _edit(args))
    if said:  # no speech service: said in a box (and on stderr), the game goes on without speech
        scene = MessageBox(services, scene, _("Speech"), [said])
    manager = WindowManager(services, scene)
    flip = presenting(display.present, display, lambda: manager.current)  # MINESWEEPER_STATE_FILE: tests
    return Loop(manager, services.clock, screen_source=lambda: display.canvas, flip=flip), services


def _edit(args):
    """``--edit``'s ``(board or None,)`` for :func:`first_scene`, or None without ``--edit``."""
    if getattr(args, "edit", None) is None:
        return None
    return (getattr(args, "edit_loaded", None),)


def _beside(args):
    """``--beside``'s (Timeline, the two sides' names) for :func:`first_scene`, or None."""
    timeline = getattr(args, "beside_timeline", None)
    if timeline is None:
        return None
    return timeline, (side_name(args.replay), side_name(args.beside))


def not_recorded(records):
    """How the window says a finished game that could not be saved
    (game.session.Session.unsaved): the full reason on stderr, a short note for the result
    panel."""
    def unsaved(note: str) -> str:
        warn(note)
        if records.store.read_only:
            return _("Not recorded: the records file is read-only ({problem}).").format(
                problem=describe(records.store.problem))
        return _("Not recorded: the records could not be written (see the message on stderr).")
    return unsaved


def missing_screen() -> str | None:
    """Why no window can be shown, or None: SDL fell back to a driver that draws nowhere
    (no X11 or Wayland session, e.g. over SSH) without the user asking for it."""
    try:
        pygame.display.init()
    except pygame.error as err:
        return _("no display to open a window on ({reason})").format(reason=err)
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy") and not os.environ.get("SDL_VIDEODRIVER"):
        return _("no display to open a window on (SDL found only its '{driver}' driver); "
                 "run it from a desktop session, or play in the terminal with --console").format(driver=driver)
    return None


def run_window(args) -> int:
    """Play in a window until the player quits; returns the process exit status.

    Exit status 2 with a message when there is no screen to show a window on, or when
    the command-line board does not fit the screen.
    """
    problem = missing_screen()
    if problem:
        print(error_line(problem), end="", file=sys.stderr)
        pygame.quit()
        return 2
    try:
        loop, services = build(args, settle=True)
    except ValueError as err:
        print(error_line(describe(err)), end="", file=sys.stderr)
        pygame.quit()
        return 2
    try:
        loop.run()
    finally:
        finish_run(loop, services)
        pygame.quit()
    return 0


def finish_run(loop, services) -> None:
    """The run is over (the window closed after Yes, SIGTERM, Ctrl-C, an error): record a
    game left in play as abandoned, once, store every log still being packed
    (game.records.logpack), then close the records. Figures still being computed get a
    moment to be stored; those that do not are backfilled when statistics are next read."""
    review_job.cancel_all()  # no review outlives the window
    services.speech.close()  # (a speech service that hangs is not waited for)
    match = match_in_play(loop.manager.current)
    if match is not None:
        services.session.abandon(match)  # a save failure is warned on stderr
    note = services.session.end_trial()  # a trial left between two games ends here, recorded
    if note:
        warn(note)
    for warning in services.records.finish_packing():
        warn(warning)
    worker = services.records.figures_worker
    worker.wait(FIGURES_WAIT)
    for warning in worker.poll(services.records.store):
        warn(warning)
    services.records.close()


def match_in_play(scene):
    """The Match (game and log) of ``scene`` or of the scenes beneath its overlays (and beneath
    the position editor opened from a game: its ``game_under``), or None (menus)."""
    while scene is not None:
        if getattr(scene, "match", None) is not None:
            return scene.match
        scene = getattr(scene, "base", None) or getattr(scene, "game_under", None)  # (the editor over a game)
    return None
