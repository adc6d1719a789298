"""The player's window options, kept as plain data (persistence is added elsewhere)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from game.board import FIRST_CLICK_RULES


@dataclass
class Settings:
    """Options the menu changes; command-line flags give their first values.

    questions: the flag cycle includes a question mark.
    first_click: one of game.board.FIRST_CLICK_RULES.
    chord_on_left: a left click on a satisfied number chords it.
    fullscreen: the window fills the screen.
    """

    questions: bool = False
    first_click: str = "opening"
    chord_on_left: bool = True
    fullscreen: bool = False

    def to_dict(self) -> dict:
        """The options as a JSON-ready dict."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "Settings":
        """Settings from a dict; unknown keys and values of the wrong type are ignored."""
        settings = cls()
        for f in fields(cls):
            value = data.get(f.name)
            if isinstance(value, type(getattr(settings, f.name))):
                setattr(settings, f.name, value)
        if settings.first_click not in FIRST_CLICK_RULES:
            settings.first_click = "opening"
        return settings

    @classmethod
    def from_args(cls, args) -> "Settings":
        """Initial options from parsed command-line args (game.cli.parse_args)."""
        return cls(questions=bool(getattr(args, "questions", False)),
                   first_click=getattr(args, "first_click", None) or "opening",
                   fullscreen=bool(getattr(args, "fullscreen", False)))
