"""Issue 35, item 5: a best time's name on the Statistics screen is cut ("Newbie…") only when
it truly does not fit: the names take all the room between the times and the dates, each of
those columns as wide as its widest value. Read from the text the screen draws."""

import pytest

from game.records.db import RecordStore
from game.records.paths import db_path
from game.records.record import GameRecord
from game.ui.stats import screen as stats_scene
from game.ui.shared.widgets import text_width
from tests.play_helpers import drawn_texts, open_statistics

GAP = stats_scene.BEST_GAP


def win(i: int, name: str) -> GameRecord:
    return GameRecord(played_at=f"2025-03-0{i + 1}T10:00:00+01:00", level="beginner", rows=9, cols=9, mines=10,
                      won=True, time_ms=5_000 + 1_000 * i, three_bv=20, clicks_flag=0, nf=True, name=name,
                      efficiency=80.0)


def best_rows(window, monkeypatch, names) -> list[list[tuple[str, int]]]:
    """The best-time table the Beginner tab draws for wins by ``names`` (fastest first): each
    row's texts left to right, (message, x) in pixels."""
    with RecordStore.open(db_path(None)) as store:
        for i, name in enumerate(names):
            store.add_game(win(i, name))
    seen = drawn_texts(monkeypatch, stats_scene)
    w = window([])
    open_statistics(w)
    w.scene.invalidate()
    seen.clear()
    w.step()
    left = stats_scene.PANEL.left + 192
    by_row: dict[int, list] = {}
    for message, (x, y) in seen:
        if x >= left and y > stats_scene.PANEL.top + 40 and y < stats_scene.CHART.top - 20:
            by_row.setdefault(y, []).append((message, x))
    return [sorted(row, key=lambda item: item[1]) for _y, row in sorted(by_row.items())]


def name_room(rows) -> int:
    """The pixels between the widest time's end and the dates' start, less a gap each side."""
    time_end = max(x + text_width(message, 14) for row in rows for message, x in row[1:2])
    return min(row[3][1] for row in rows) - time_end - 2 * GAP


def longest_fitting(room: int) -> str:
    """'Newbie Player…' grown letter by letter while its width stays within ``room`` pixels."""
    name = "Newbie"
    for letter in " Player Number One Hundred":
        if text_width(name + letter, 14) > room:
            break
        name += letter
    return name


def test_a_name_that_fits_between_the_times_and_the_dates_is_shown_whole(window, monkeypatch, isolated_data_dir):
    room = name_room(best_rows(window, monkeypatch, ["Bob"]))
    name = longest_fitting(room)
    assert len(name) > len("Newbie") + 3  # the room takes more than "Newbie"
    rows = best_rows(window, monkeypatch, [name])
    shown = [row[2][0] for row in rows]
    assert shown == ["Bob", name]  # Bob won first, faster


@pytest.mark.parametrize("name", ["Newbie Player Number One Hundred", "W" * 32])
def test_a_name_that_does_not_fit_is_cut_before_the_date(window, monkeypatch, isolated_data_dir, name):
    rows = best_rows(window, monkeypatch, [name, "Bob"])
    (rank, time, shown, date), bob = rows
    assert shown[0] != name and shown[0].endswith("\u2026") and name.startswith(shown[0][:-1])
    assert shown[1] + text_width(shown[0], 14) + GAP <= date[1]  # it stops a gap short of the date
    assert time[1] + text_width(time[0], 14) + GAP <= shown[1]
    assert text_width(shown[0][:-1] + name[len(shown[0]) - 1] + "\u2026", 14) > date[1] - GAP - shown[1]
    assert bob[2][0] == "Bob"
