"""No mark hides a digit (issue 35, item 4): every hint of seeded Beginner, Intermediate and
Expert games, marks laid on purpose across many numbers, and the post-mortem's view after
a loss are drawn on the board, in every theme, and each revealed number's digit (the pixels
of its sprite that differ from the revealed-empty sprite) must show exactly as without the
marks: the rings hug the cells' edges, the arrows run along the grid lines, the rest is
drawn on covered cells (game.ui.play.hint_marks)."""

import math

import pygame
import pytest

from game.rules.engine import State
from game.solver.explain import AMONG, MINE, NUMBER, OTHER, Mark, explain_safe
from game.ui.play.assist import Hint
from game.ui.play.result import GameOver
from game.ui.shared.theme import THEME_NAMES
from tests.play_helpers import chord_both_buttons, wait_postmortem
from tests.ui.test_ui_any_scale import resize
from tests.ui.test_ui_postmortem import position

POSITIONS = 4  # positions of each game whose hints are drawn (a safe reveal between them)
HINTS = 6  # real hints a position draws (its certain-safe cells nearest the board's centre)


class Digits:
    """The digit pixels of every revealed number on the screen of the driver ``w``'s scene
    (``base``: the playing scene under it), read in device pixels."""

    def __init__(self, w, base) -> None:
        self.w, self.base = w, base
        self._ink: dict[tuple[str, int], list[tuple[int, int]]] = {}

    def ink(self, key: str, size: int) -> list[tuple[int, int]]:
        """The pixels of number ``key``'s sprite at ``size`` that the revealed-empty one lacks."""
        if (key, size) not in self._ink:
            sprites = self.base.services.assets.cell_sprites(size)
            digit, empty = sprites[key], sprites["0"]
            self._ink[key, size] = [(x, y) for x in range(size) for y in range(size)
                                    if digit.get_at((x, y)) != empty.get_at((x, y))]
        return self._ink[key, size]

    def read(self) -> dict:
        """{cell: the colours of its digit's pixels on the screen} for every revealed number."""
        game, layout, screen = self.base.game, self.base.layout, self.w.screen
        shown = {}
        for cell in game.cells():
            if game.number(cell):
                rect = screen.rect(layout.cell_rect(cell))
                pixels = self.ink(game.appearance(cell), rect.width)
                assert pixels, cell
                shown[cell] = colours_at(screen.surface.subsurface(rect), pixels)
        return shown

    def as_sprites(self) -> bool:
        """True when every digit shows its sprite's own colours (the board as drawn, unmarked)."""
        game, layout, screen = self.base.game, self.base.layout, self.w.screen
        for cell, colours in self.read().items():
            rect = screen.rect(layout.cell_rect(cell))
            sprite = self.base.services.assets.cell_sprites(rect.width)[game.appearance(cell)]
            if colours != [tuple(sprite.get_at(p)) for p in self.ink(game.appearance(cell), rect.width)]:
                return False
        return True


def colours_at(surface: pygame.Surface, pixels) -> list[tuple[int, int, int, int]]:
    """The (r, g, b, a) of ``surface`` at each (x, y) of ``pixels``, as ``get_at`` gives them,
    read from one copy of its bytes (a pixel at a time was most of this file's time)."""
    data, width = pygame.image.tobytes(surface, "RGBA"), surface.get_width()
    return [tuple(data[(y * width + x) * 4:(y * width + x) * 4 + 4]) for x, y in pixels]


def crossed(game, a, b) -> bool:
    """A straight line between the centres of cells ``a`` and ``b`` runs through the middle of
    a third cell showing a number (where a straight arrow drew over its digit)."""
    steps = 8 * max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    for i in range(1, steps):
        r, c = a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps
        cell = (round(r), round(c))
        if cell not in (a, b) and abs(r - cell[0]) < 0.25 and abs(c - cell[1]) < 0.25 and game.number(cell):
            return True
    return False


def laid_on_purpose(game, move) -> Hint:
    """A hint whose marks lie across the numbers around ``move`` (a covered cell): every number
    within three cells read (rings and arrows over the numbers between), the covered cells
    around as mines, cells mines lie among and another move."""
    near = [c for c in game.cells() if max(abs(c[0] - move[0]), abs(c[1] - move[1])) <= 3 and c != move]
    numbers = [c for c in near if game.number(c)]
    covered = [c for c in near if game.appearance(c) == "covered"]
    roles = (MINE, AMONG, OTHER)
    marks = tuple(Mark(c, NUMBER) for c in numbers) + tuple(Mark(c, roles[i % 3]) for i, c in enumerate(covered))
    return Hint("safe", move, "", "", marks=marks, safe=set(covered[-2:]))


def hints_of(game, probs):
    """The real hints of the position (safe cells nearest the centre, as a hint explains
    them) and one laid on purpose."""
    centre = (game.rows // 2, game.cols // 2)
    cells = sorted(probs.safe, key=lambda c: (abs(c[0] - centre[0]) + abs(c[1] - centre[1]), c))[:HINTS]
    hints = [Hint("safe", cell, "", "", marks=explain_safe(probs, cell).marks, safe=set(probs.safe)) for cell in cells]
    if cells:
        hints.append(laid_on_purpose(game, cells[0]))
    return hints


def assert_digits_kept(w, base, digits, draw_marked, what) -> None:
    """Draw the board unmarked, then marked (``draw_marked()``): no digit pixel changes."""
    before = digits.read()
    assert digits.as_sprites()  # the pixels read are the digits' own (so a change would show)
    draw_marked()
    after = digits.read()
    changed = [cell for cell in before if after[cell] != before[cell]]
    assert not changed, (what, changed)


@pytest.mark.parametrize("theme", THEME_NAMES)
@pytest.mark.parametrize("level,seed,factor", [("beginner", 7, 1), ("intermediate", 3, 1), ("expert", 5, 1),
                                               ("intermediate", 3, 1.5), ("beginner", 7, 2.25)])
def test_no_hint_mark_changes_a_pixel_of_a_digit(window, theme, level, seed, factor):
    """At the window's own size and scaled up (a cell of 24 or 36 pixels)."""
    w = window(["--difficulty", level, "--seed", str(seed), "--theme", theme])
    playing = w.scene
    if factor != 1:
        size = playing.size()
        resize(w, (math.ceil(size[0] * factor), math.ceil(size[1] * factor)))
        assert w.screen.scale == factor
    game = playing.game
    w.click_cell((game.rows // 2, game.cols // 2))
    digits = Digits(w, playing)
    drawn = crossing = 0
    for _ in range(POSITIONS):
        w.step(60)  # the reveal's animation ends: the board shows every number
        probs = position(game)
        for hint in hints_of(game, probs):
            numbers = [m.cell for m in hint.marks if m.role == NUMBER]
            crossing += any(crossed(game, a, b) for a in numbers for b in numbers + [hint.cell] if a != b)

            def marked(hint=hint):
                playing.hint = hint
                playing.draw(w.screen)

            playing.hint = None
            playing.draw(w.screen)
            assert_digits_kept(w, playing, digits, marked, hint)
            drawn += 1
        playing.hint = None
        if not probs.safe:
            break
        w.click_cell(min(probs.safe))
        assert game.state is State.PLAYING or game.state is State.WON
    assert drawn >= POSITIONS
    assert crossing  # arrows joined ringed numbers with a number between them


def lose(w, how: str) -> None:
    """Open the board, then reveal a certain mine (``how`` "mistake"), a mine that was not
    certain ("guess"), or chord a number whose flags are wrong ("chord")."""
    game = w.scene.game
    w.click_cell((game.rows // 2, game.cols // 2))
    probs = position(game)
    if how == "chord":
        mines = game.layout()
        number = next(c for c in game.cells() if game.number(c) and sum(
            game.appearance(n) == "covered" and n not in mines for n in game.neighbours(c)) >= game.number(c))
        safe = [n for n in game.neighbours(number) if game.appearance(n) == "covered" and n not in mines]
        for cell in safe[:game.number(number)]:  # flags where no mine is: the chord opens the mines
            w.click_cell(cell, button=3)
        chord_both_buttons(w, w.cell_pos(number))
    else:
        candidates = sorted(probs.mines) if how == "mistake" else [c for c in sorted(game.layout())
                                                                    if c not in probs.mines]
        w.click_cell(next(c for c in candidates if game.appearance(c) == "covered"))
    assert game.state is State.LOST and isinstance(w.scene, GameOver)


@pytest.mark.parametrize("theme", THEME_NAMES)
@pytest.mark.parametrize("level,seed,how", [("beginner", 3, "mistake"), ("beginner", 5, "guess"),
                                            ("intermediate", 3, "mistake"), ("intermediate", 3, "chord")])
def test_the_post_mortem_view_changes_no_pixel_of_a_digit(window, theme, level, seed, how):
    w = window(["--difficulty", level, "--seed", str(seed), "--theme", theme])
    lose(w, how)
    scene = w.scene
    w.step(60)
    wait_postmortem(w)
    postmortem = scene.postmortem
    assert postmortem.fatal.kind == ("chord" if how == "chord" else "reveal")
    if how != "chord":
        assert postmortem.fatal.verdict == ("mistake" if how == "mistake" else "needless_guess")
        assert postmortem.proof is not None and any(m.role == NUMBER for m in postmortem.proof.marks)

    def shown():
        w.key(pygame.K_v)
        assert postmortem.shown

    assert_digits_kept(w, scene.base, Digits(w, scene.base), shown, "post-mortem")
