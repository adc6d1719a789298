"""Playing a game in the window: the Playing scene and its overlays (pause, generating a no-guess
board, the result of a game over or a victory), and what they draw and ask: the board, the
HUD, the camera of a big board and its minimap, the panels' strip (side panel, live counters,
result panel, post-mortem), the solver's help (hints, the probability overlay, autoplay) and
the mouse and the fingers (taps, long presses, pan and pinch) turned into pointer events.
"""
