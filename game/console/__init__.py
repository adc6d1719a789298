"""The console front end: the game played in a terminal (:mod:`game.console.play`) and its words
(:mod:`game.console.text`): docs/console.md, docs/architecture.md (layer 9). No pygame.
"""
