"""The window's scenes: menu, custom form, options, playing, pause, game over, victory."""
