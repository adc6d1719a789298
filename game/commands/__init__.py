"""The command line and the commands that print and exit: the options (:mod:`game.commands.cli`),
the solver's words (:mod:`game.commands.explain_text`), ``--analyse``, ``--review`` (run apart by
:mod:`game.commands.review_apart`), ``--replay`` and ``--save-replay``
(:mod:`game.commands.replay_commands`): docs/architecture.md (layer 8). No pygame.
"""
