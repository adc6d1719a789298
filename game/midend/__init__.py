"""The midend (Tatham's term): :class:`game.midend.match.Match` builds and changes a game (the deal
and its first-click rule, the clock, the help used, the log, undo and redo), the one gesture
interpreter of the click rules, and the live counters (docs/architecture.md, layer 3). No pygame.
"""
