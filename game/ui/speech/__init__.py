"""What the window says aloud: the seam every scene speaks through (``services.speech``).

A scene announces a change with ``services.speech.say(text)``: the text a sighted player
reads on screen, already translated (game.i18n), one sentence or a few. ``say`` never
blocks the frame loop: a backend that talks to a speech service queues the text and speaks
it on a thread of its own. ``interrupt=True`` drops what is still queued first (the cursor
moved on: the old cell's words are stale).

Backends (issue 40): :class:`NullSpeech` (speech off: the default, says nothing),
:class:`RecordingSpeech` (keeps every announcement, for tests and for the closing note's
transcript); the screen reader or speech service of the platform is chosen at start by
the speech mode (``--speech``, Options) in this package's other modules.
"""

from __future__ import annotations


class NullSpeech:
    """Speech off: every announcement is dropped. ``enabled`` is False, so a scene may skip
    building text no one hears."""

    enabled = False
    name = "off"

    def say(self, text: str, interrupt: bool = False) -> None:
        """Drop ``text``."""

    def close(self) -> None:
        """Nothing to close."""


class RecordingSpeech:
    """Keeps every announcement in ``said`` (a list of str, in order; an interrupting one is
    marked in ``interrupts`` by its index), for tests: nothing is spoken."""

    enabled = True
    name = "recording"

    def __init__(self) -> None:
        self.said: list[str] = []
        self.interrupts: list[int] = []

    def say(self, text: str, interrupt: bool = False) -> None:
        """Keep ``text`` (an empty text is not an announcement: ignored)."""
        if not text:
            return
        if interrupt:
            self.interrupts.append(len(self.said))
        self.said.append(text)

    def close(self) -> None:
        """Nothing to close."""
