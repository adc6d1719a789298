"""The game timer on a fake clock: start, pause, resume, stop."""

from game.midend.timer import Timer


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_the_timer_counts_from_start_to_stop_and_not_while_paused():
    clock = FakeClock()
    timer = Timer(clock)
    clock.now += 5
    assert timer.elapsed == 0.0 and not timer.running  # nothing counts before the start
    timer.start()
    clock.now += 1.2345
    assert timer.elapsed == 1.234 or timer.elapsed == 1.235  # millisecond resolution
    timer.pause()
    clock.now += 60
    assert timer.paused and round(timer.elapsed, 2) == 1.23
    timer.resume()
    clock.now += 0.5
    timer.stop()
    clock.now += 30
    assert round(timer.elapsed, 2) == 1.73 and not timer.running


def test_stopping_while_paused_keeps_the_paused_reading():
    clock = FakeClock()
    timer = Timer(clock)
    timer.start()
    clock.now += 2
    timer.pause()
    clock.now += 10
    timer.stop()
    assert timer.elapsed == 2.0
