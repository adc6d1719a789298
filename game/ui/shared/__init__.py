"""What every screen of the window shares: the classic Windows look (bevels, buttons, text and
the keyboard-navigable button list), drawing in logical pixels on the canvas, the fonts, the
themes' colours, the sprites and their designs, numbers written the language's way, and the
overlays any screen may show (a message, a question, the help, the dialog background).
"""
