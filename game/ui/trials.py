"""The menu's "Time trial..." (issue 38, point 6): choose a set or enter a trial code.

:class:`TrialChoice` lists the named sets (game.midend.trial.SETS: 10 Beginner, Vienna), "Your
own set..." and "Enter a trial code...", then Back: Up/Down (or Tab) and Enter, 1-4, or a
click. A set starts a new trial of it (a fresh seed); "Your own set..." asks for the set as
``--trial-set`` writes it (``beginner:5,intermediate:2``, then ``,end`` when a loss ends the
trial); "Enter a trial code..." asks for a code a player shared (game.ui.codes.CodeEntry's box:
a refusal says why, in the box). Each opens its first board through ``services.scenes``
(game.ui.app.Navigation.play_trial).
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.midend.trial import SETS, decode, new_trial, parse_set
from game.ui.codes import CodeEntry, NumberedChoice
from game.ui.play.layout import MENU_SIZE
from game.ui.shared.dialog import BUTTON_GAP, button_rect, draw_dialog
from game.ui.shared.theme import palette
from game.ui.shared.widgets import Button, ButtonList, text, wrap

TRIAL_TITLE = N_("Time trial")
TRIAL_HOW = N_("One clock over every game; a lost game adds its level's penalty (10 s Beginner, 30 s "
               "Intermediate, 100 s Expert)")
SET_NAMES = {"beginner10": N_("10 Beginner"), "vienna": N_("Vienna: 15 Beg., 6 Int., 2 Exp.")}


class TrialCodeEntry(CodeEntry):
    """"Enter a trial code": the code box, for a trial code (game.midend.trial.decode)."""

    title, prompt_text = N_("Trial code"), N_("Type or paste (Ctrl+V) a trial code:")
    refused = N_("This trial code cannot be played: {reason}.")

    def opened(self, typed: str):
        return self.services.scenes.play_trial(decode(typed))


class TrialSetEntry(CodeEntry):
    """"Your own set": the code box, for a set written ``LEVEL:COUNT,...`` (game.midend.trial.parse_set)."""

    title, prompt_text = N_("Your own set"), N_("Games as LEVEL:COUNT, like beginner:5,intermediate:2 "
                                               "(add ,end if a loss ends the trial):")
    refused = N_("This set cannot be played: {reason}.")

    def opened(self, typed: str):
        return self.services.scenes.play_trial(new_trial(parse_set(typed), self.services.rng))


class TrialChoice(NumberedChoice):
    """"Time trial": the named sets, your own set, a trial code, and Back (keys 1 to 4)."""

    numbered = 4
    title = TRIAL_TITLE

    def __init__(self, services) -> None:
        super().__init__(services)
        buttons: list[Button] = [Button(button_rect(i), SET_NAMES[name], self._open(name))
                                 for i, name in enumerate(SETS)]
        buttons += [Button(button_rect(2), N_("Your own set..."), lambda: TrialSetEntry(self.services, self)),
                    Button(button_rect(3), N_("Enter a trial code..."), lambda: TrialCodeEntry(self.services, self)),
                    Button(button_rect(4), N_("Back"), self.back)]
        self.list = ButtonList(buttons)

    def _open(self, name: str):
        def action():
            return self.services.scenes.play_trial(new_trial(SETS[name], self.services.rng))
        return action

    def draw(self, screen: pygame.Surface) -> None:
        draw_dialog(screen, _(TRIAL_TITLE))
        self.list.draw(screen)
        y = button_rect(4).bottom + BUTTON_GAP
        for i, line in enumerate(wrap(_(TRIAL_HOW), MENU_SIZE[0] - 24, 13)[:3]):
            text(screen, line, (MENU_SIZE[0] // 2, y + i * 14), 13, palette.dim, "midtop")
        self.dirty = False

