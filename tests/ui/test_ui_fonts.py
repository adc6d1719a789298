"""The bundled font: DejaVu Sans everywhere, kerned, sized like the old default font, and a
fallback per character so any name a player types shows (or shows U+FFFD, never a box)."""

import shutil
import subprocess
from pathlib import Path

import pygame
import pytest

from game.ui.shared import fonts
from game.ui.shared.canvas import Canvas
from game.ui.shared.widgets import TextField, clipped, font, text, text_width

ROOT = Path(__file__).resolve().parents[2]
NAME = "Zoë Ωμέγα Жук"
CJK = "雷区"
NOWHERE = "\U0010FFFD"  # plane 16 private use: no font has it


@pytest.fixture(autouse=True)
def font_init():
    pygame.font.init()
    yield


def ink(surface: pygame.Surface) -> pygame.Rect:
    """The bounding rect of the pixels at least half opaque in a rendered text."""
    rects = pygame.mask.from_surface(surface, 127).get_bounding_rects()
    return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)


def drawn(message: str, size: int = 16, bold: bool = False, scale: float = 1.0) -> bytes:
    """The RGB bytes of ``message`` drawn by widgets.text in black on white."""
    canvas = Canvas(pygame.Surface((round(240 * scale), round(40 * scale))), scale, (240, 40))
    canvas.fill((255, 255, 255))
    text(canvas, message, (4, 4), size, (0, 0, 0), bold=bold)
    return canvas.pixels()


def test_the_font_is_the_bundled_dejavu_sans_with_its_licence():
    assert fonts.REGULAR == ROOT / "assets" / "fonts" / "DejaVuSans.ttf" and fonts.REGULAR.is_file()
    assert fonts.BOLD == ROOT / "assets" / "fonts" / "DejaVuSans-Bold.ttf" and fonts.BOLD.is_file()
    assert "Bitstream Vera" in (ROOT / "assets" / "fonts" / "LICENSE-DejaVu.txt").read_text()
    assert (font(16).name, font(16).style_name) == ("DejaVu Sans", "Book")
    assert (font(16, bold=True).name, font(16, bold=True).style_name) == ("DejaVu Sans", "Bold")
    alone = pygame.Surface((240, 40))
    alone.fill((255, 255, 255))
    alone.blit(pygame.font.Font(str(fonts.REGULAR), fonts.point_size(16)).render("New game", True, (0, 0, 0)),
               (4, 4))
    assert drawn("New game") == pygame.image.tobytes(alone, "RGB")  # widgets.text draws with it


def test_the_size_keeps_the_old_default_fonts_cap_height_and_about_its_widths():
    words = "New game  Options  Best times  Beginner  Intermediate  Expert  Custom..."
    for size in range(8, 97):
        old, new = pygame.font.Font(None, size), font(size)
        assert new.point_size == old.point_size == int(size * 0.6875)
        cap = [f.render("H", True, (0, 0, 0)).get_bounding_rect().height for f in (old, new)]
        assert abs(cap[0] - cap[1]) <= 1, size
        ratio = new.size(words)[0] / old.size(words)[0]
        assert 0.9 <= ratio <= 1.1, (size, ratio)
        if size >= 15:  # below, pygame's emulated bold was no wider than regular
            old.set_bold(True)
            assert 0.9 <= font(size, True).size(words)[0] / old.size(words)[0] <= 1.1, size


def test_latin_pairs_are_kerned():
    big = font(96)
    assert big.size("To")[0] < big.size("T")[0] + big.size("o")[0] - 8  # DejaVu kerns T-o by 0.17 em
    assert text_width("AV", 96) < text_width("A", 96) + text_width("V", 96)


def test_a_latin_greek_and_cyrillic_name_needs_no_fallback():
    for bold in (False, True):
        covered = fonts.coverage(str(fonts.BOLD if bold else fonts.REGULAR))
        assert all(ord(ch) in covered for ch in NAME)
        assert fonts.runs(NAME, bold) == [(None, NAME)]
        assert fonts.render(NAME, 16, bold).get_size() == font(16, bold).size(NAME)
    assert text_width(NAME, 16) == font(16).size(NAME)[0]


def test_a_character_no_font_has_is_drawn_as_the_replacement_character():
    assert fonts.runs("a" + NOWHERE + "b") == [(None, "a\ufffdb")]
    assert drawn(NOWHERE) == drawn("\ufffd") != drawn("")
    assert drawn("x\x00y\ud800") == drawn("x\ufffdy\ufffd")  # pygame refuses these: no crash


def test_a_chinese_name_is_drawn_by_a_system_font_not_as_boxes():
    path = fonts.font_for("雷")
    if path is None:
        pytest.skip("no system font here has Chinese characters (e.g. Droid Sans Fallback, Noto Sans CJK)")
    assert fonts.runs("Zoë " + CJK) == [(None, "Zoë "), (path, CJK)]
    image = fonts.render(CJK, 16)
    assert ink(image).width >= 16 and ink(image).height >= 8  # two glyphs, as tall as capitals
    assert drawn(CJK) != drawn("\ufffd\ufffd") and drawn(CJK, scale=2.5) != drawn("\ufffd\ufffd", scale=2.5)
    mixed = fonts.render("Zoë " + CJK, 16)
    assert mixed.get_width() == text_width("Zoë " + CJK, 16) == text_width("Zoë ", 16) + image.get_width()
    assert mixed.get_height() >= font(16).get_height()


def test_a_player_typing_a_chinese_name_sees_it_in_the_field():
    if fonts.font_for("雷") is None:
        pytest.skip("no system font here has Chinese characters")
    pictures = []
    for value in (CJK, "\ufffd\ufffd", ""):
        canvas = Canvas(pygame.Surface((120, 20)))
        TextField((0, 0, 120, 20), value, 32, 16).draw(canvas)
        pictures.append(canvas.pixels())
    assert len(set(pictures)) == 3


def test_a_long_name_is_cut_by_width_to_fit_the_best_times_column():
    for name in ("Alexandra", "WWWWWWWWWWWW", CJK * 5, NAME + NAME):
        shown = clipped(name, 62, 14)
        assert text_width(shown, 14) <= 62
        assert shown == name or (shown.endswith("…") and name.startswith(shown[:-1]))
    assert clipped("Bob", 62, 14) == "Bob"


@pytest.mark.parametrize("size", [16, 64])
def test_bold_digits_stay_distinct_and_legible(size):
    glyphs = {}
    for digit in "12345678":
        image = fonts.render(digit, size, bold=True)
        box = ink(image)
        assert box.height >= 0.45 * size, (digit, box)  # as tall as the old font's digits
        mask = pygame.mask.from_surface(image, 127)
        inked = mask.count() / (box.width * box.height)
        assert 0.25 <= inked <= 0.8, (digit, inked)  # strokes, neither hairlines nor a blob
        glyphs[digit] = pygame.image.tobytes(image.subsurface(box), "RGBA"), box.size
    assert len(set(glyphs.values())) == 8


def test_fonts_load_again_after_pygame_quits():
    before = drawn(NAME)
    pygame.quit()
    pygame.font.init()
    assert drawn(NAME) == before


def test_the_coverage_agrees_with_fontconfig():
    if shutil.which("fc-query") is None:
        pytest.skip("fontconfig's fc-query is not installed")
    paths = [fonts.REGULAR, fonts.BOLD, *map(Path, fonts.fallback_paths())]
    for path in paths:
        out = subprocess.run(["fc-query", "--format", "%{charset}", str(path)], capture_output=True,
                             text=True, check=True).stdout
        ranges = [(int(a, 16), int(b or a, 16)) for a, _, b in (part.partition("-") for part in out.split())]
        theirs = {code for first, last in ranges for code in range(first, last + 1)}
        ours = fonts.coverage(str(path))
        assert {c for c in ours if c >= 0x20} == {c for c in theirs if c >= 0x20}, path  # fontconfig leaves out controls


def test_a_damaged_font_file_covers_nothing_and_its_characters_fall_back(tmp_path):
    data = fonts.REGULAR.read_bytes()
    for name, content in (("empty.ttf", b""), ("cut.ttf", data[:4000]), ("noise.ttf", bytes(range(256)) * 40)):
        (tmp_path / name).write_bytes(content)
        assert len(fonts.coverage(str(tmp_path / name))) == 0
    assert len(fonts.coverage(str(tmp_path / "missing.ttf"))) == 0
    assert ord("A") in fonts.coverage(str(fonts.REGULAR)) and ord("雷") not in fonts.coverage(str(fonts.REGULAR))
    assert fonts.runs("A" + NOWHERE) == [(None, "A" + fonts.REPLACEMENT)]


@pytest.mark.parametrize("argv", [["--difficulty", "beginner"], ["--rows", "1", "--cols", "2", "--mines", "1"]])
def test_the_help_columns_fit_inside_their_panel_in_the_smallest_windows(window, argv):
    from game.ui.shared.help import COLUMN_GAP, GAP, PAD, Help
    w = window(argv)
    w.key(pygame.K_F1)
    assert isinstance(w.scene, Help)
    shape = w.scene.fit()
    panel = w.scene.panel()
    assert sum(len(column) for column in shape.columns) == len(w.scene.lines())  # every line is shown
    left = panel.left + PAD + 2
    for column, keys, width in zip(shape.columns, shape.keys, shape.widths):
        lines = [(k, a) for k, a in column if k is not None]
        actions = max(text_width(a, shape.size) for _, a in lines)
        assert keys >= max(text_width(k, shape.size, bold=True) for k, _ in lines)  # no key runs into its action
        assert left + keys + GAP + actions <= left + width <= panel.right - 2  # no action runs off the panel
        left += width + COLUMN_GAP
        assert panel.top + PAD + 17 + len(column) * shape.line + shape.line <= panel.bottom
