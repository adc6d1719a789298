"""Scenes and the manager that switches between them (Nystrom's State pattern, Arcade's views).

A scene gets every event through :meth:`Scene.handle`, which returns the next
scene (itself to stay, None to quit), and a fixed step through :meth:`Scene.update`,
which may return the next scene too (an autoplay move that ends the game, a board
generated) but cannot quit: None from update means stay, as most scenes return
nothing there. The window's close button goes to
:meth:`Scene.close` (a game in progress asks first), while a QUIT from a signal
(SIGTERM, Ctrl-C in the terminal) quits at once. The manager calls ``exit`` on the old scene
and ``enter`` on the new one, sizes the window for it, and handles what belongs
to the whole window: quitting, F11 / Alt+Enter fullscreen, and redrawing after
the window is resized, exposed or changes mode.
"""

from __future__ import annotations

import math

import pygame

from game.ui.display import GRAIN


class Scene:
    """One screen. Subclasses override the hooks they need.

    ``dirty`` is True when the picture changed and the next frame must draw.
    """

    def __init__(self, services) -> None:
        self.services = services
        self.dirty = True

    def size(self) -> tuple[int, int]:
        """Logical window size this scene wants, pixels."""
        raise NotImplementedError

    def grain(self) -> int:
        """The window's scale is a multiple of 1/grain: a board's cell size (pixels), so each
        cell is a whole number of window pixels (game.ui.display)."""
        return GRAIN

    def most_scale(self) -> int | None:
        """The largest whole scale the window opens at when the scale is automatic (None: the
        largest that fits the screen): a small board's window is shown no larger than
        Beginner's (game.ui.play.room.most_scale)."""
        return None

    def enter(self) -> None:
        """Called when the scene becomes current."""
        self.dirty = True

    def exit(self) -> None:
        """Called when another scene replaces this one."""

    def handle(self, event: pygame.event.Event) -> "Scene | None":
        """Interpret one event; return the next scene, self, or None to quit."""
        return self

    def update(self) -> "Scene | None":
        """Advance one fixed step (1/60 s); animations count these ticks.

        Returns the next scene to switch to, or self or None to stay (None never quits:
        quitting is an answer to an event, from :meth:`handle` or :meth:`close`)."""
        return None

    def close(self) -> "Scene | None":
        """The window's close button was pressed: the next scene (a question), or None to quit."""
        return None

    def press_buttons(self, buttons, event: pygame.event.Event) -> "Scene | None":
        """Give a key or mouse event to ``buttons`` (game.ui.shared.widgets.ButtonList).

        Returns what the pressed button's action returned (the next scene), else this scene.
        A key that moves the focus says the button it comes to (:meth:`say`).
        """
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.dirty = True
            before = buttons.focus
            pressed, result = buttons.handle(event)
            if pressed:
                return result
            if event.type == pygame.KEYDOWN and buttons.focus != before:
                self.say(buttons.spoken)
        return self

    # ----- speech (issue 40: game.ui.speech) ---------------------------------------------------
    @property
    def speaking(self) -> bool:
        """True when the window speaks (``services.speech.enabled``): only then is text built."""
        return bool(getattr(getattr(self.services, "speech", None), "enabled", False))

    def say(self, text, interrupt: bool = True) -> None:
        """Say ``text`` (already translated; or a callable returning it, called only when
        speech is on, so that no words are built for no one) through ``services.speech``;
        ``interrupt`` (the default: the focus moved) drops what was still queued."""
        if not self.speaking:
            return
        text = text() if callable(text) else text
        if text:
            self.services.speech.say(text, interrupt=interrupt)

    def spoken(self) -> str:
        """What the scene says when it opens (the manager says it, interrupting): its title
        and the control that has the focus, in the language in use; "" to say nothing."""
        return ""

    def draw(self, screen: pygame.Surface) -> None:
        """Paint the whole logical screen."""

    def busy(self) -> bool:
        """True while the scene needs updates at the full rate (animation, a button held)."""
        return False

    def next_change(self) -> float:
        """Seconds until the picture changes by itself (e.g. the timer's next second)."""
        return math.inf

    def invalidate(self) -> None:
        """Force a full redraw on the next frame."""
        self.dirty = True


class Overlay(Scene):
    """A scene drawn over another (``base``), which stays visible beneath it.

    Only the overlay is updated (the base is not, unless the overlay passes the step on);
    its update may return the next scene as any scene's may, e.g. ``base`` to close it.
    """

    def __init__(self, services, base: Scene) -> None:
        super().__init__(services)
        self.base = base

    def size(self) -> tuple[int, int]:
        return self.base.size()

    def grain(self) -> int:
        return self.base.grain()

    def most_scale(self) -> int | None:
        return self.base.most_scale()

    def invalidate(self) -> None:
        self.dirty = True
        self.base.invalidate()

    def close(self) -> "Scene | None":
        """Closing the window over an overlay asks what the scene beneath would ask."""
        return self.base.close()

    def draw(self, screen: pygame.Surface) -> None:
        self.base.draw(screen)
        self.draw_over(screen)
        self.dirty = False

    def draw_over(self, screen: pygame.Surface) -> None:
        """Paint on top of the base scene."""


class SceneManager:
    """Holds the current scene and swaps scenes with exit and enter hooks."""

    def __init__(self, services, first: Scene) -> None:
        self.services = services
        self.current = first
        self._closing = False  # the last event was the close button's WINDOWCLOSE
        self._enter(first)

    @property
    def dirty(self) -> bool:
        return self.current.dirty

    def handle(self, event: pygame.event.Event) -> bool:
        """Route one event; returns False when the game should quit."""
        # The close button sends WINDOWCLOSE, then QUIT in the same batch: the first asks the
        # scene (a game in progress asks before it is abandoned), the QUIT after it is spent.
        # A QUIT alone comes from SIGTERM or Ctrl-C (SDL turns them into QUIT): quit at once;
        # run_window then records a game in progress as abandoned.
        closing, self._closing = self._closing, event.type == pygame.WINDOWCLOSE
        if event.type == pygame.QUIT:
            return closing
        if self._window_event(event):
            return True
        nxt = self.current.close() if event.type == pygame.WINDOWCLOSE else self.current.handle(event)
        if nxt is None:
            return False
        if nxt is not self.current:
            self.switch(nxt)
        return True

    def switch(self, scene: Scene) -> None:
        """Make ``scene`` current: exit the old, size the window, enter the new."""
        self.current.exit()
        self.current = scene
        self._enter(scene)

    def update(self) -> None:
        """Advance the current scene one step; switch when it returns another scene."""
        nxt = self.current.update()
        if nxt is not None and nxt is not self.current:
            self.switch(nxt)

    def draw(self, screen: pygame.Surface) -> None:
        self.current.draw(screen)

    def busy(self) -> bool:
        return self.current.busy()

    def frame_work(self) -> None:
        """Once per frame, after the updates: a slice of background work (none here)."""

    def next_change(self) -> float:
        return self.current.next_change()

    def _enter(self, scene: Scene) -> None:
        self.services.display.ensure_size(scene.size(), scene.grain(), scene.most_scale())
        scene.enter()
        scene.invalidate()
        if scene.speaking:  # a screen reader's user hears where they are: the title, the focus
            scene.say(scene.spoken)

    def _window_event(self, event: pygame.event.Event) -> bool:
        """Handle window-wide events; True when the event is used up here."""
        if event.type == pygame.KEYDOWN and (
                event.key == pygame.K_F11
                or (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                    and getattr(event, "mod", 0) & pygame.KMOD_ALT)):
            self.services.display.toggle_fullscreen()
            self.services.settings.fullscreen = self.services.display.fullscreen
            self.current.invalidate()
            return True
        if event.type in (pygame.VIDEORESIZE, pygame.VIDEOEXPOSE, pygame.WINDOWSIZECHANGED,
                          pygame.WINDOWRESIZED, pygame.WINDOWEXPOSED, pygame.WINDOWMAXIMIZED,
                          pygame.WINDOWRESTORED):
            self.services.display.window_changed()
            self.current.invalidate()
            return False  # scenes may also care (e.g. nothing to do, but keep it visible)
        return False
