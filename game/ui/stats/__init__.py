"""The Statistics screen: its summary per level, the Games page (the list of recorded games),
the Bests page and the Chart page.
"""
