"""The game's one font, DejaVu Sans (bundled in assets/fonts/), with a fallback per character.

Every text in the window is measured and drawn here (through :mod:`game.ui.shared.widgets`).

**Sizes.** Scenes give a font size in pixels, as they did for pygame's default font
(freesansbold, which pygame loads at ``int(size * 0.6875)`` points). DejaVu Sans is loaded
at that same point size, :func:`point_size`, which keeps the old cap height within a pixel.

**Kerning.** pygame-ce 2.5.8 has no kerning switch, and SDL_ttf 2.24's HarfBuzz applies
DejaVu's kerning pairs under the Latin script only, so the bundled fonts are set to script
"Latn" (``Font.set_script``).

The measurements behind both: docs/measurements.md, "Fonts".

**Fallback.** A character DejaVu Sans lacks (its 'cmap', read with fontTools: pygame-ce's
``Font.metrics`` gives the .notdef box's metrics for a missing character, not None, with
pygame-ce 2.5.8 and SDL_ttf 2.24, so it cannot tell) is drawn with the first system font in
:data:`FALLBACK_FILES` or :data:`FALLBACK_NAMES` (found with ``pygame.font.match_font``)
whose cmap has it, in runs side by side on one baseline; one no font has is drawn as U+FFFD,
DejaVu's replacement character, so a name never shows as silent boxes. Invisible format
characters (a zero width joiner, a variation selector) that the run's font lacks are left
out.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path

import pygame
from fontTools.ttLib import TTFont

from game.resources import asset

FONT_DIR = asset("fonts")  # game.resources: checkout, wheel or frozen app
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
POINTS_PER_PIXEL = 0.6875  # the points pygame's default font takes per pixel of size asked
REPLACEMENT = "\ufffd"  # drawn for a character no font has
FALLBACK_FILES = (  # well-known places, tried before asking the system's font list
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/google-droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
    "/usr/share/fonts/noto/NotoColorEmoji.ttf",
    "/System/Library/Fonts/PingFang.ttc",
    "/System/Library/Fonts/Apple Color Emoji.ttc",
    "/Library/Fonts/Arial Unicode.ttf",
    "C:/Windows/Fonts/msyh.ttc",
    "C:/Windows/Fonts/msgothic.ttc",
    "C:/Windows/Fonts/malgun.ttf",
    "C:/Windows/Fonts/seguiemj.ttf",
    "C:/Windows/Fonts/seguisym.ttf",
    "C:/Windows/Fonts/arialuni.ttf",
)
FALLBACK_NAMES = (  # pygame.font.match_font names (lower case, no spaces), tried in order
    "notosans", "notosanscjksc", "notosanscjkjp", "notosanscjk", "droidsansfallback",
    "droidsansfallbackfull", "pingfangsc", "microsoftyahei", "msgothic", "malgungothic",
    "notocoloremoji", "notoemoji", "segoeuiemoji", "applecoloremoji", "segoeuisymbol",
    "symbola", "arialunicodems", "unifont",
)
BITMAP_GROWTH = 1.5  # a fallback run taller than this many lines (a fixed-size emoji strike) is shrunk to one


def point_size(size: int) -> int:
    """The point size DejaVu Sans is loaded at for a ``size``-pixel text (see the module)."""
    return max(1, int(size * POINTS_PER_PIXEL))


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled DejaVu Sans (Bold when ``bold``) for ``size``-pixel text, kerned (cached
    per size and weight; loaded again after a pygame.quit())."""
    return _live(_bundled, point_size(size), bold)


def fallback_font(path: str, size: int, bold: bool = False) -> pygame.font.Font:
    """System font file ``path`` for ``size``-pixel text (emulated bold when ``bold``), cached.

    Raises:
        OSError, pygame.error: the file cannot be loaded as a font.
    """
    return _live(_system, path, point_size(size), bold)


def _live(loader, *key):
    if not pygame.font.get_init():
        pygame.font.init()
    cached = loader(*key)
    try:
        cached.get_height()
    except pygame.error:  # made before a pygame.quit(): load the fonts again
        _bundled.cache_clear()
        _system.cache_clear()
        cached = loader(*key)
    return cached


@lru_cache(maxsize=64)  # every size and weight the screens use, so fitting a label never reloads one
def _bundled(points: int, bold: bool) -> pygame.font.Font:
    loaded = pygame.font.Font(str(BOLD if bold else REGULAR), points)
    loaded.set_script("Latn")  # DejaVu's kerning pairs are under the Latin script (module docstring)
    return loaded


@lru_cache(maxsize=32)
def _system(path: str, points: int, bold: bool) -> pygame.font.Font:
    loaded = pygame.font.Font(path, points)
    loaded.set_bold(bold)
    return loaded


@lru_cache(maxsize=None)  # a few files, each read once: only its cmap is kept
def coverage(path: str) -> frozenset[int]:
    """The code points font file ``path`` (TrueType, OpenType or a collection's first font,
    as pygame loads it) maps to a real glyph (not glyph 0, .notdef), from its best Unicode
    'cmap' subtable (fontTools' ``getBestCmap``). Only the tables that needs are read, not
    a 20 MB CJK font's outlines. Empty when the file is missing or not a font: never raises."""
    try:
        with TTFont(path, fontNumber=0, lazy=True) as face:
            notdef = face.getGlyphOrder()[0]
            return frozenset(code for code, glyph in (face.getBestCmap() or {}).items() if glyph != notdef)
    except Exception:  # fontTools' parsers raise many kinds on a damaged file; none may stop the drawing
        return frozenset()


@lru_cache(maxsize=1)
def fallback_paths() -> tuple[str, ...]:
    """The system fonts tried for a character DejaVu lacks, in order: the existing
    :data:`FALLBACK_FILES`, then :data:`FALLBACK_NAMES` the system's font list knows."""
    found: list[str] = [p for p in FALLBACK_FILES if Path(p).is_file()]
    for name in FALLBACK_NAMES:
        try:
            path = pygame.font.match_font(name)
        except Exception:  # a broken font list (fc-list missing or failing) gives no fallback
            path = None
        if path and path not in found and Path(path).suffix.lower() in (".ttf", ".otf", ".ttc"):
            found.append(path)
    return tuple(p for p in found if Path(p).resolve() not in (REGULAR, BOLD))


@lru_cache(maxsize=4096)
def font_for(char: str, bold: bool = False) -> str | None:
    """Which font draws ``char``: None for the bundled one (it has it, or nothing has and it
    draws :data:`REPLACEMENT` instead), else the path of the first fallback that has it."""
    code = ord(char)
    if code in coverage(str(BOLD if bold else REGULAR)):
        return None
    return next((path for path in fallback_paths() if code in coverage(path)), None)


def runs(message: str, bold: bool = False) -> list[tuple[str | None, str]]:
    """``message`` cut into ``(font path or None for the bundled font, text)`` runs, each
    drawn by one font; characters no font has are replaced by :data:`REPLACEMENT`, and
    characters pygame refuses (NUL, lone surrogates, controls) too."""
    bundled = coverage(str(BOLD if bold else REGULAR))
    out: list[list] = []
    for char in message:
        code = ord(char)
        category = unicodedata.category(char)
        if category in ("Cc", "Cs"):
            path, char = None, REPLACEMENT
        elif category in ("Cf", "Mn", "Me") and out and code in coverage(out[-1][0] or str(BOLD if bold else REGULAR)):
            path = out[-1][0]  # a mark or joiner stays with the letter it belongs to
        elif code in bundled:
            path = None
        else:
            path = font_for(char, bold)
            if path is None:
                if category == "Cf" or 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF:
                    continue  # invisible: a joiner or a variation selector no font here uses
                char = REPLACEMENT
        if out and out[-1][0] == path:
            out[-1][1] += char
        else:
            out.append([path, char])
    return [(path, part) for path, part in out]


def _run_font(path: str | None, size: int, bold: bool) -> pygame.font.Font:
    return font(size, bold) if path is None else fallback_font(path, size, bold)


def text_size(message: str, size: int, bold: bool = False) -> tuple[int, int]:
    """(width, height) in pixels of ``message`` drawn by :func:`render`."""
    if _plain(message, bold):
        return font(size, bold).size(message)
    surfaces = _render_runs(message, size, bold, (0, 0, 0))
    return _joined_size(surfaces)


def render(message: str, size: int, bold: bool = False, colour=(0, 0, 0)) -> pygame.Surface:
    """``message`` antialiased in ``colour`` on a transparent surface, at ``size`` pixels:
    runs of the bundled font and fallbacks side by side, on the bundled font's baseline."""
    if _plain(message, bold):
        return font(size, bold).render(message, True, colour)
    placed = _render_runs(message, size, bold, colour)
    width, height = _joined_size(placed)
    image = pygame.Surface((width, height), pygame.SRCALPHA)
    top = max(ascent for _, ascent in placed)
    x = 0
    for surface, ascent in placed:
        image.blit(surface, (x, top - ascent))
        x += surface.get_width()
    return image


def _plain(message: str, bold: bool) -> bool:
    """Whether the bundled font alone draws all of ``message`` (the usual case: one call)."""
    bundled = coverage(str(BOLD if bold else REGULAR))
    return all(ord(c) in bundled and c >= " " for c in message)


def _render_runs(message: str, size: int, bold: bool, colour) -> list[tuple[pygame.Surface, int]]:
    """Each run of ``message`` rendered, with the pixels from its top to its baseline."""
    line = font(size, bold).get_height()
    placed = []
    for path, part in runs(message, bold):
        try:
            run_font = _run_font(path, size, bold)
            surface = run_font.render(part, True, colour)
        except (pygame.error, OSError, ValueError):  # a fallback that will not load or draw
            run_font = font(size, bold)
            surface = run_font.render(REPLACEMENT * len(part), True, colour)
        ascent = run_font.get_ascent()
        if surface.get_height() > BITMAP_GROWTH * line:  # a colour emoji font's one big strike
            ratio = line / surface.get_height()
            surface = pygame.transform.smoothscale(
                surface, (max(1, round(surface.get_width() * ratio)), line))
            ascent = round(ascent * ratio)
        placed.append((surface, ascent))
    return placed


def _joined_size(placed: list[tuple[pygame.Surface, int]]) -> tuple[int, int]:
    top = max((ascent for _, ascent in placed), default=0)
    below = max((s.get_height() - ascent for s, ascent in placed), default=0)
    return sum(s.get_width() for s, _ in placed), top + below
