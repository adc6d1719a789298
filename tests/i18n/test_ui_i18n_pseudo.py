"""The pseudo-language test (issue 18): the window runs with a catalogue that wraps every
message in markers, every scene is visited by posted events, and any text the font is asked
to draw with letters outside the markers is a message that did not pass through the
catalogue (an unmarked string, or a sentence glued from English pieces).

What is allowed unwrapped: text with no letters (numbers, times, punctuation), what the
player typed or the records hold (names), and a few symbols of the game's own notation
listed in ALLOWED with the reason.
"""

import gettext
import re

import pygame
import pytest
from babel.dates import get_month_names

from game import i18n
from game.figures import ranked
from game.records.record import default_player_name
from game.ui.shared import fonts
from game.ui.shared.confirm import Confirm, MessageBox
from game.ui.options.custom import CustomForm
from game.ui.play.generating import Generating
from game.ui.shared.help import Help
from game.ui.menu import Menu
from game.ui.options.screen import Options
from game.ui.play.pause import Pause
from game.ui.play.playing import Playing
from game.ui.replay.viewer import ReplayViewer
from game.ui.play.result import GameOver, Victory
from game.ui.replay.review import ReviewViewer
from game.ui.stats.screen import Statistics
from game.ui.play.solver_view import HintPanel
from game.ui.shared.widgets import FONT_SAMPLE
from tests.play_helpers import wait_postmortem, win_by_clicks
from tests.ui.test_ui_records import lose_by_click, record

OPEN, CLOSE = "\u27e6", "\u27e7"  # the markers: mathematical white square brackets
NAMES = {"Ada", "Bob", default_player_name()}  # player names: the records these tests make, the typed one
# Cell coordinates such as (3; 4), sizes such as 9x9, key names shown as keys, and the
# competitive statistics' names (3BV, IOS, RQP, IOE: the community's abbreviations, the same
# in every language): the game's notation
ABBREVIATIONS = {figure.label for figure in ranked()} | {"3BV"}
# Dates are written by Babel from its locale data, not from the catalogue: its month names
MONTHS = {name.strip(".") for locale in ("en_US", "es_ES") for width in ("abbreviated", "wide")
          for name in get_month_names(width, locale=locale).values()}
NOTATION = re.compile(r"^[\s\d.,:;/%()\[\]x#\-+<>|=*~'\"]*$|^[A-Z]\d*$|^F\d+$")


class Pseudo(gettext.NullTranslations):
    """Every message wrapped in markers: what the catalogue gave is easy to tell from what it did not."""

    def gettext(self, message):
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, singular, plural, n):
        return f"{OPEN}{singular if n == 1 else plural}{CLOSE}"


def unmarked(message: str, depth: int = 0) -> tuple[str, int]:
    """(what of ``message`` lies outside the markers, the depth at its end), starting at
    ``depth`` (a message wrapped over several lines is drawn a line at a time, so a middle
    line has no marker of its own: the depth carries over from the line before)."""
    outside = []
    for ch in message:
        if ch == OPEN:
            depth += 1
        elif ch == CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0:
            outside.append(ch)
    return "".join(outside), depth


def suspicious(rest: str) -> bool:
    """True when ``rest`` (text outside the markers) shows letters not from the catalogue."""
    for name in NAMES:
        rest = rest.replace(name, "")
    words = [word for word in re.split(r"[\s,;:()]+", rest) if word]
    return any(re.search(r"[^\W\d_]", word) and word not in ABBREVIATIONS and word.strip(".") not in MONTHS
               and not NOTATION.match(word) for word in words)


@pytest.fixture
def pseudo(monkeypatch):
    """Speak the pseudo-language (even after a scene asks for English or Spanish) and record
    every message the font renders."""
    drawn: list[str] = []
    original = fonts.render

    def render(message, size, bold=False, colour=(0, 0, 0)):
        drawn.append(message)
        return original(message, size, bold, colour)

    monkeypatch.setattr(fonts, "render", render)
    monkeypatch.setattr(i18n, "catalogue", lambda code: Pseudo())  # whatever language is asked for
    yield drawn


def check(w, drawn, where: str, words: bool = True) -> None:
    """Draw the scene now and fail on any text the font drew outside the catalogue."""
    drawn.clear()
    w.scene.dirty = True
    w.step(2)
    bad, depth = set(), 0
    for message in drawn:
        if message == FONT_SAMPLE:
            continue  # the font warmed up for a later screen, never shown
        rest, depth = unmarked(message, depth)
        if suspicious(rest):
            bad.add(message)
    bad = sorted(bad)
    assert not bad, f"{where}: drawn without the catalogue: {bad}"
    assert drawn or not words, f"{where}: nothing drawn"


def test_every_scene_draws_only_catalogue_text(window, pseudo):
    drawn = pseudo
    w = window([], deal=7)
    assert isinstance(w.scene, Menu)
    check(w, drawn, "menu")
    w.key(pygame.K_ESCAPE)  # Quit?
    assert isinstance(w.scene, Confirm)
    check(w, drawn, "quit question")
    w.key(pygame.K_ESCAPE)

    w.click(w.scene.list.buttons[4].rect.center)
    options = w.scene
    assert isinstance(options, Options)
    for line in range(len(options.rows())):  # each line at each of its values
        options.focus = line
        check(w, drawn, f"options line {line}")
    w.key(pygame.K_ESCAPE)

    w.click(w.scene.list.buttons[3].rect.center)
    assert isinstance(w.scene, CustomForm)
    check(w, drawn, "custom form, empty")
    for value in ("20", "30", "999"):
        w.type(value)
        w.key(pygame.K_TAB)
    w.key(pygame.K_RETURN)  # too many mines: the form says why
    check(w, drawn, "custom form, refused")
    w.key(pygame.K_ESCAPE)

    w.click(w.scene.list.buttons[0].rect.center)  # Beginner
    assert isinstance(w.scene, Playing)
    check(w, drawn, "playing, before the first click")
    w.key(pygame.K_F1)
    assert isinstance(w.scene, Help)
    check(w, drawn, "help")
    w.key(pygame.K_ESCAPE)
    w.key(pygame.K_h)  # the first-click hint
    assert isinstance(w.scene, HintPanel)
    check(w, drawn, "first-click hint")
    w.key(pygame.K_ESCAPE)
    w.click_cell((4, 4))
    w.key(pygame.K_h)
    for _ in range(100):
        if not isinstance(w.scene, Playing):
            break
        w.step(1)
    assert isinstance(w.scene, HintPanel)
    check(w, drawn, "hint")
    w.key(pygame.K_ESCAPE)
    w.key(pygame.K_o)
    check(w, drawn, "probability overlay", words=False)  # colours over the cells; words only when zoomed in
    w.key(pygame.K_o)
    w.key(pygame.K_p)
    assert isinstance(w.scene, Pause)
    check(w, drawn, "pause")
    w.key(pygame.K_p)
    w.key(pygame.K_F2)  # abandon this game?
    assert isinstance(w.scene, Confirm)
    check(w, drawn, "abandon question")
    w.key(pygame.K_n)
    w.key(pygame.K_a)  # autoplay to the end of the game
    check(w, drawn, "autoplay")
    for _ in range(3000):
        if not isinstance(w.scene, Playing):
            break
        w.step(1)
    assert isinstance(w.scene, (GameOver, Victory))
    check(w, drawn, "the end of autoplay's game")


def test_a_dense_no_guess_board_shows_its_generating_panel_in_the_catalogue(window, pseudo, monkeypatch):
    import game.ui.play.playing as playing
    from game.ui.play import generating
    monkeypatch.setattr(playing, "FIRST_STEP", 0.0005)
    monkeypatch.setattr(generating, "STEP_BUDGET", 0.0005)
    drawn = pseudo
    w = window(["--no-guess", "--rows", "30", "--cols", "30", "--mines", "270", "--seed", "3"])
    w.click_cell((15, 15))
    assert isinstance(w.scene, Generating)
    w.step(3)
    check(w, drawn, "generating")


def test_a_loss_its_post_mortem_and_review_draw_only_catalogue_text(window, pseudo):
    drawn = pseudo
    w = window(["--difficulty", "beginner", "--seed", "2"])
    lose_by_click(w)
    assert isinstance(w.scene, GameOver)
    wait_postmortem(w)
    check(w, drawn, "loss panel with its post-mortem")
    w.key(pygame.K_v)
    check(w, drawn, "post-mortem shown")


def test_a_win_statistics_games_and_viewers_draw_only_catalogue_text(window, pseudo):
    drawn = pseudo
    w = window(["--difficulty", "beginner"], deal=7)
    game = w.scene.game
    win_by_clicks(w, first=(game.rows // 2, game.cols // 2))
    assert isinstance(w.scene, Victory)
    check(w, drawn, "win panel with the name field")
    store = w.scene.services.records.store
    store.add_game(record(won=False, time_ms=5000))
    store.add_game(record(time_ms=30500, name="Bob"))
    w.key(pygame.K_ESCAPE)
    w.key(pygame.K_ESCAPE)
    assert isinstance(w.scene, Menu)
    w.click(w.scene.list.buttons[5].rect.center)
    stats = w.scene
    assert isinstance(stats, Statistics)
    check(w, drawn, "statistics")
    w.key(pygame.K_c)
    check(w, drawn, "chart page")
    w.key(pygame.K_c)
    w.key(pygame.K_g)
    check(w, drawn, "games page")
    w.key(pygame.K_RETURN)  # Watch the selected game: the newest has no move log, so a box says so
    assert isinstance(w.scene, MessageBox)
    check(w, drawn, "no move log box")
    w.key(pygame.K_RETURN)
    records = stats.games.list.records
    won = stats.services.records.last_record_id  # the game just won, recorded with its moves
    stats.games.list.selected = next(i for i, rec in enumerate(records) if rec.id == won)
    w.key(pygame.K_RETURN)
    assert isinstance(w.scene, ReplayViewer)
    check(w, drawn, "replay viewer")
    w.step(30)
    check(w, drawn, "replay viewer, playing")
    w.key(pygame.K_ESCAPE)
    w.key(pygame.K_r)  # Review
    assert isinstance(w.scene, ReviewViewer)
    check(w, drawn, "review viewer")
    w.key(pygame.K_END)
    check(w, drawn, "review viewer at the end")
