"""The fixed-timestep loop: deterministic with a fake clock, clamped, idle without drawing."""

import math

import pygame

from game.ui.clock import FakeClock
from game.ui.loop import MAX_STEPS, Loop


class Counter:
    """A minimal scene manager that records what the loop asks of it."""

    def __init__(self, busy=True):
        self.updates = 0
        self.draws = 0
        self.dirty = True
        self._busy = busy
        self.events = []

    def handle(self, event):
        self.events.append(event.type)
        self.dirty = True
        return event.type != pygame.QUIT

    def update(self):
        self.updates += 1

    def draw(self, screen):
        self.draws += 1
        self.dirty = False

    def busy(self):
        return self._busy

    def next_change(self):
        return math.inf


def make_loop(manager, step):
    pygame.display.init()  # the loop reads the event queue
    return Loop(manager, FakeClock(step), screen_source=lambda: None, flip=lambda: None)


def test_updates_follow_real_time_at_60_hz():
    manager = Counter()
    loop = make_loop(manager, 1 / 120)  # 120 frames a second: an update every other frame
    loop.run(max_frames=120)
    assert manager.updates in (59, 60)
    manager2 = Counter()
    make_loop(manager2, 1 / 30).run(max_frames=30)  # 30 frames a second: two updates a frame
    assert manager2.updates in (59, 60)


def test_a_stall_is_clamped_and_catch_up_is_capped():
    manager = Counter()
    loop = make_loop(manager, 3.0)
    loop.frame()
    assert manager.updates == MAX_STEPS
    assert loop.accumulator <= 1 / 60


def test_same_inputs_give_the_same_frames(window):
    def play():
        w = window(["--difficulty", "beginner", "--seed", "12"])
        w.click_cell((4, 4))
        w.click_cell((0, 0), button=3)
        w.step(30)
        picture = w.screen.pixels()
        result = (w.loop.updates, w.loop.frames, w.scene.match.elapsed, picture)
        pygame.display.quit()
        return result

    assert play() == play()


def test_idle_board_draws_nothing_and_timer_draws_once_a_second(window):
    w = window(["--difficulty", "expert", "--seed", "3"])
    drawn = w.loop.frames
    w.step(120)  # two seconds of fake time before the first click: nothing changes
    assert w.loop.frames == drawn
    w.click_cell((8, 15))
    w.step(16)  # the opening's cascade (game.ui.play.motion, 0.25 s) plays out first
    assert w.scene.cascade is None
    drawn = w.loop.frames
    blits = w.scene.view.blits
    w.step(164)  # to three seconds: the timer changes three times
    assert 2 <= w.loop.frames - drawn <= 4
    assert w.scene.view.blits == blits  # no cell was repainted for the timer
    assert w.scene.hud_values()[1] == 3


def test_quit_event_stops_the_loop(window):
    w = window([])
    assert not w.post(pygame.QUIT)
