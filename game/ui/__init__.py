"""The pygame-ce window game: a fixed-timestep loop, scenes, and appearance-keyed drawing.

Entry point: :func:`game.ui.app.run_window`. Only this package imports pygame; the
engine (game.rules.engine.Game) is reached through its public methods.
"""
