"""The window's scenes: menu, custom form, options, statistics, playing, the replay viewer, and the overlays over
them (pause, help, generating, game over and victory, message and question boxes).

Module-level imports only go down this graph (no import inside a function, no cycle), so
each module imports on its own in a fresh interpreter (tests/structure/test_ui_scene_imports.py)::

    game.ui.app  -> menu, playing, replay, confirm   (and sets services.scenes, below)
    menu         -> custom, options, stats, help, confirm, dialog
    custom       -> dialog
    options      -> dialog
    stats        -> confirm, dialog
    playing      -> generating, result, pause, help, confirm   (and game.ui.solver_view)
    result       -> result_base
    dialog, confirm, generating, help, pause, result_base, replay -> no other scene

The ways back up go through run-time values, not imports: every screen returns to the
menu with ``services.scenes.menu()``, and dialog.start builds a new game with
``services.scenes.playing(game)`` (game.ui.app.Navigation); an overlay returns to the
scene it was given as ``base``, and calls its methods (``base.key_menu()``,
``base.key_new()``) to leave it.
"""
