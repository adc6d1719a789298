"""The window's settings for one run: the saved settings with the command line's overrides.

There is one Settings class, :class:`game.records.settings.Settings`, saved as JSON in
the per-user config folder (or ``--data-dir``). The window keeps two copies of it:

- ``records.settings``: what is saved. Changed only by the player's own choices in the
  window (an option in the Options screen, F11, the difficulty of a game started from
  the menu, the name typed for a best time), and saved at once, atomically.
- ``services.settings``: what this run uses: the saved values, then the command-line
  flags ``--questions``, ``--first-click``, ``--no-guess``, ``--fullscreen``,
  ``--windowed``, ``--compact``, ``--no-compact``, ``--theme``, ``--lang`` and ``--speech`` on top. The flags are *not*
  saved: ``python main.py --questions`` once does not turn question marks on for every later
  run. Changing the same option in the menu saves the player's new choice (see
  :meth:`Services.set_option`).
"""

from __future__ import annotations

from dataclasses import replace

from game.records.settings import Settings


def for_run(saved: Settings, args) -> Settings:
    """A copy of ``saved`` with the overrides of parsed ``args`` (game.commands.cli.parse_args).

    ``--first-click`` other than ``opening`` turns no-guess off for this run, since
    no-guess boards always open an area (the command line wins over the saved file).
    """
    run = replace(saved)
    if getattr(args, "questions", False):
        run.questions = True
    first_click = getattr(args, "first_click", None)
    if first_click:
        run.first_click = first_click
        if first_click != "opening":
            run.no_guess = False
    if getattr(args, "no_guess", False):
        run.no_guess = True
    if getattr(args, "fullscreen", False):
        run.fullscreen = True
    if getattr(args, "windowed", False):
        run.fullscreen = False
    if getattr(args, "theme", None):
        run.theme = args.theme
    if getattr(args, "compact", False):
        run.compact = True
    if getattr(args, "no_compact", False):
        run.compact = False
    if getattr(args, "lang", None):
        run.language = args.lang
    speech = getattr(args, "speech", None)  # --speech MODE (auto, a client's name) or off
    if speech:
        run.speech = speech != "off"
    return run.with_beginner_of(args)
