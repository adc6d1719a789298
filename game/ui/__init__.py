"""The pygame-ce window game: a fixed-timestep loop, scenes, and appearance-keyed drawing.

Entry point: :func:`game.ui.app.run_window`. Only this package imports pygame; the
engine (game.rules.engine.Game) is reached through its public methods.

Its folders, by feature: ``shared`` (the look every screen shares: widgets, drawing, fonts,
themes, sprites, and the overlays any screen shows: a message, a question, the help, the
dialog background), ``play`` (playing a game: the Playing scene and its overlays, the board,
the HUD, the camera, the panels' strip, the solver's help), ``replay`` (the replay and review
viewers, two replays side by side), ``stats`` (the Statistics screen), ``options`` (Options and the Custom form)
and ``editor`` (the position editor and its live analysis: game.ui.editor.scene, opened by
``services.scenes.edit`` from the menu, a game and the replay viewer);
here, the window's frame: the loop, the scene manager, the services, the display, the
settings, the sound, the menu, and the menu's boards every player shares (``codes``: a board
code typed or pasted, today's daily boards; ``trials``: a time trial's set or code).

The scenes' module-level imports only go down this graph (no import of a scene inside a
function, no cycle), so each module imports on its own in a fresh interpreter
(tests/structure/test_ui_scene_imports.py)::

    game.ui.app          -> menu, playing, replay.viewer, replay.beside, editor, confirm   (and sets services.scenes)
    menu                 -> options.custom, options.screen, stats.screen, codes, trials, help, confirm, dialog
    codes                -> confirm, dialog
    trials               -> codes, dialog
    options.custom       -> dialog
    options.screen       -> dialog
    stats.screen         -> confirm, dialog
    play.playing         -> generating, result, pause, help, confirm, play.solver_view (the hint)
    editor               -> codes (its boxes to type in), confirm, help
    play.result          -> result_base
    replay.review        -> replay.viewer
    replay.beside        -> replay.viewer (its keys and pointer)
    replay.viewer        -> help (F1)
    shared.dialog, shared.confirm, shared.help, play.generating, play.pause,
    play.result_base, play.solver_view -> no other scene

The ways back up go through run-time values, not imports: every screen returns to the
menu with ``services.scenes.menu()``, and dialog.start builds a new game with
``services.scenes.playing(game)`` (game.ui.app.Navigation), as ``codes`` opens a code's or a
daily board with ``services.scenes.play_code(code)`` and ``play_daily(day, level)`` (``trials`` a time trial
with ``play_trial(code)``); an overlay returns to the
scene it was given as ``base``, and calls its methods (``base.key_menu()``,
``base.key_new()``) to leave it.
"""
