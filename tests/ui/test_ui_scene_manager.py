"""The scene manager switches on what ``update`` returns as it does on what ``handle`` returns:
another scene is switched to (the old one's exit, the window sized, the new one's enter);
None or the scene itself stays, since a step never quits the game."""

import pygame

from game.ui.clock import FakeClock
from game.ui.loop import Loop
from game.ui.scene import Overlay, Scene, SceneManager


class Display:
    """What the manager asks of game.ui.display.Display: the sizes it was set to."""

    def __init__(self) -> None:
        self.sizes = []

    def ensure_size(self, size, grain=16, most=None) -> None:
        self.sizes.append(size)


class Services:
    def __init__(self) -> None:
        self.display = Display()


class Step(Scene):
    """A scene whose update returns ``then``; every hook and draw goes into ``log``."""

    def __init__(self, services, name, log, size=(100, 80)) -> None:
        super().__init__(services)
        self.name, self.log, self._size = name, log, size
        self.then = None
        self.updates = 0

    def size(self):
        return self._size

    def enter(self) -> None:
        super().enter()
        self.log.append(("enter", self.name))

    def exit(self) -> None:
        self.log.append(("exit", self.name))

    def update(self):
        self.updates += 1
        return self.then

    def draw(self, screen) -> None:
        self.log.append(("draw", self.name))
        self.dirty = False


class Over(Overlay):
    """An overlay whose update returns ``then`` (e.g. its base, to close itself)."""

    def __init__(self, services, base, log) -> None:
        super().__init__(services, base)
        self.log = log
        self.then = None

    def enter(self) -> None:
        super().enter()
        self.log.append(("enter", "over"))

    def exit(self) -> None:
        self.log.append(("exit", "over"))

    def update(self):
        return self.then


def started(first_name="first"):
    log = []
    services = Services()
    first = Step(services, first_name, log)
    manager = SceneManager(services, first)
    log.clear()
    return manager, first, log


def test_update_returning_another_scene_switches_with_exit_and_enter():
    manager, first, log = started()
    second = Step(first.services, "second", log, size=(200, 150))
    first.then = second
    manager.update()
    assert manager.current is second
    assert log == [("exit", "first"), ("enter", "second")]
    assert first.services.display.sizes[-1] == (200, 150)  # the window sized for the new scene
    assert second.dirty
    manager.update()  # the next step goes to the new scene
    assert (first.updates, second.updates) == (1, 1)


def test_update_returning_none_or_itself_stays():
    manager, first, log = started()
    manager.update()  # None: stay (it never means quit, as it does from handle)
    first.then = first
    manager.update()
    assert manager.current is first and first.updates == 2 and log == []


def test_an_overlays_update_may_return_a_scene_too():
    manager, first, log = started()
    over = Over(first.services, first, log)
    manager.switch(over)
    manager.update()  # None: the overlay stays, and its base is not updated beneath it
    assert manager.current is over and first.updates == 0
    over.then = first  # back to the base
    manager.update()
    assert manager.current is first
    third = Step(first.services, "third", log)
    over = Over(first.services, first, log)
    manager.switch(over)
    over.then = third  # or on to another scene
    manager.update()
    assert manager.current is third
    assert log == [("exit", "first"), ("enter", "over"), ("exit", "over"), ("enter", "first"),
                   ("exit", "first"), ("enter", "over"), ("exit", "over"), ("enter", "third")]


def test_the_loop_draws_the_new_scene_in_the_frame_its_update_switched_to_it():
    pygame.display.init()  # the loop reads the event queue
    manager, first, log = started()
    second = Step(first.services, "second", log)
    first.then = second
    loop = Loop(manager, FakeClock(1 / 30), screen_source=lambda: None, flip=lambda: None)  # 2 steps a frame
    loop.frame()
    assert log == [("exit", "first"), ("enter", "second"), ("draw", "second")]
    assert loop.frames == 1
