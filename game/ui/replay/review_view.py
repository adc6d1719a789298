"""What the review viewer (game.ui.replay.review) draws besides the replay: the verdicts' marks
on a strip under the board, on the scrubber's time scale, and the panel with the current
move's verdict, probability and explanation.

Colours (:func:`verdict_colour`, from the theme), one per meaning: classic green for
``certain``, blue for a ``forced_guess`` (an unavoidable 50/50: nothing to blame), amber for a
``guess``, magenta for a ``needless_guess``, red for a ``mistake``; flag moves are left unmarked (they reveal nothing, so
the review judges no risk in them), and the panel still names them. The words are
game.commands.review_report's, as ``--review`` prints them; the panel's own labels are looked up
each time it is drawn (game.i18n). Geometry and drawing only; all positions are logical pixels.
"""

from __future__ import annotations

import time

import pygame

from game.i18n import N_, _
from game.commands.review_report import (ESTIMATED_LINE, KIND_WORDS, VERDICT_WORDS, explanation, luck_words,
                                probability_words)
from game.solver.problem import fmt
from game.solver.review import Review
from game.ui.shared import draw
from game.ui.replay.bar import KNOB_W
from game.ui.shared.formats import seconds
from game.ui.shared.theme import palette
from game.ui.shared.widgets import bevel, text, text_width, wrap

MARKS_H = 12  # the strip of verdict marks between the board window and the bar, pixels
MARK_W = 3  # one verdict mark, pixels wide
VERDICT_FIELDS = {"certain": "verdict_certain", "forced_guess": "verdict_forced", "guess": "verdict_guess",
                  "needless_guess": "verdict_needless",
                  "mistake": "verdict_mistake"}  # each marked verdict's colour in game.ui.shared.theme.Theme
DRAW_ORDER = ("certain", "forced_guess", "guess", "needless_guess", "mistake")  # later marks cover earlier ones
JUMP_VERDICTS = ("forced_guess", "guess", "needless_guess", "mistake")  # where [ and ] land
TEXT_SIZE, LINE_H = 14, 15  # the panel's font and line height, pixels
PAD = 6  # inside the panel's edge, pixels
MAX_RINGED = 12  # numbers of a mistake's proof ringed at most (a proof by the count cites them all)
KEYS_LINE = N_("[ and ] (PgUp, PgDn): previous / next guess or mistake")


def verdict_colour(verdict: str):
    """The current theme's RGB colour of ``verdict``, or None for a verdict left unmarked."""
    field = VERDICT_FIELDS.get(verdict)
    return getattr(palette, field) if field else None


def mark_x(track: pygame.Rect, start_ms: float, end_ms: float, time_ms: float) -> int:
    """The x of the knob's centre on the scrubber ``track`` when the playhead is at
    ``time_ms`` (as game.ui.replay.bar.ReplayBar.draw places the knob), pixels."""
    fraction = (time_ms - start_ms) / max(1, end_ms - start_ms)
    return track.left + round(fraction * (track.width - KNOB_W)) + KNOB_W // 2


def marks(review: Review, track: pygame.Rect, start_ms: float, end_ms: float) -> list[tuple[int, str]]:
    """(x, verdict) of every marked move of ``review``, in drawing order (DRAW_ORDER)."""
    out = [(mark_x(track, start_ms, end_ms, m.time_ms), m.verdict) for m in review.moves
           if m.verdict in VERDICT_FIELDS]
    return sorted(out, key=lambda mark: DRAW_ORDER.index(mark[1]))


def draw_marks(screen: pygame.Surface, strip: pygame.Rect, track: pygame.Rect,
               shown: list[tuple[int, str]]) -> None:
    """The strip (``strip``, a sunken well as wide as ``track``) with each mark of ``shown``."""
    screen.fill(palette.panel, strip)
    well = pygame.Rect(track.left, strip.top + 1, track.width, strip.height - 2)
    bevel(screen, well, 1, raised=False)
    inside = well.inflate(-2, -2)
    for x, verdict in shown:
        draw.rect(screen, verdict_colour(verdict), (x - MARK_W // 2, inside.top, MARK_W, inside.height))


def move_lines(review: Review, move, moves: int) -> list[tuple[str, tuple, bool]]:
    """(text, colour, bold) of the panel's part about ``move`` (a MoveReview, or None before
    the first move), ``moves`` being the replay's move count."""
    if move is None:
        return [(_("Before the first move"), palette.text, False)]
    at = _("Move {number} of {moves}, {seconds}").format(number=move.number, moves=moves,
                                                          seconds=seconds(move.time_ms / 1000, 3))
    lines = [(at, palette.text, False),
             (sentence(f"{_(KIND_WORDS[move.kind])} {fmt(move.cell)}"), palette.text, False),
             (_(VERDICT_WORDS[move.verdict]), verdict_colour(move.verdict) or palette.text, True)]
    said = probability_words(move)
    if said:
        lines.append((_("Mine: {probability}").format(probability=said) if move.kind in ("reveal", "chord") else said, palette.text, False))
    said = explanation(move)
    if said:
        lines.append((sentence(said), palette.text, False))
    if move.approximate:  # judged on the bounded analysis (game.solver.review)
        lines.append((_(ESTIMATED_LINE), palette.text, False))
    return lines


def sentence(text: str) -> str:
    """``text`` as a panel's line starts: its first letter a capital ("Reveal (0; 3)", "The
    reveal at...", "Destapar (0; 3) iba a..."), the rest as it is (issue 36: a line started in
    lower case)."""
    return text[:1].upper() + text[1:]


def summary_lines(review: Review) -> list[str]:
    """The panel's foot: the counts, the luck and the jump keys."""
    counts = _("Guesses {guesses}, forced 50/50s {forced}, needless {needless}, mistakes {mistakes}").format(
        guesses=review.guesses, forced=review.forced_guesses, needless=review.needless_guesses,
        mistakes=review.mistakes)
    return [counts, _("Luck: {luck}").format(luck=luck_words(review)), _(KEYS_LINE)]


def wrapped(lines, width: int) -> list[tuple[str, tuple, bool]]:
    """``lines`` ((text, colour, bold) each) broken to ``width`` pixels."""
    return [(part, colour, bold) for message, colour, bold in lines
            for part in (wrap(message, width, TEXT_SIZE) or [""])]


def panel_height(review: Review, moves: int, width: int) -> int:
    """Pixels the panel needs at ``width``: the longest move's lines, a gap, the summary."""
    return PanelHeights(moves).height(review, width)


def line_count(lines, inner: int) -> int:
    """How many lines ``lines`` ((text, colour, bold) each) take wrapped to ``inner`` pixels
    (a line narrower than that is one line, measured once, not word by word)."""
    return sum(1 if text_width(message, TEXT_SIZE) <= inner else len(wrap(message, inner, TEXT_SIZE) or [""])
               for message, _, _ in lines)


class PanelHeights:
    """The review panel's height at each width it may be given, measured a few moves at a
    time as the moves come in (:meth:`advance`, from the review job's ``moves``), so that
    the frame the review arrives in measures only the last few (a 36x60 game's 1,100 moves
    took 0.2 s to measure at once: docs/review.md). ``moves``: the replay's move count.
    Main thread only (fonts)."""

    def __init__(self, moves: int) -> None:
        self.moves = moves
        self.tallest: dict[int, list[int]] = {}  # inner width -> [moves measured, most lines]

    def expect(self, width: int) -> None:
        """The panel may be ``width`` pixels wide: measure for it ahead."""
        self.tallest.setdefault(width - 2 * PAD, [0, 1])

    def advance(self, moves: list, seconds: float) -> bool:
        """Measure the moves of ``moves`` (MoveReviews, in order, maybe still growing) not yet
        measured, for about ``seconds``; True when some are left."""
        deadline = time.perf_counter() + seconds
        for inner, seen in self.tallest.items():
            while seen[0] < len(moves):
                seen[1] = max(seen[1], line_count(move_lines(None, moves[seen[0]], self.moves), inner))
                seen[0] += 1
                if time.perf_counter() > deadline:
                    return True
        return False

    def height(self, review: Review, width: int) -> int:
        """Pixels the panel needs at ``width`` for ``review``: the longest move's lines (the
        moves not measured yet measured now), a gap, the summary."""
        inner = width - 2 * PAD
        seen = self.tallest.setdefault(inner, [0, 1])
        seen[1] = max(seen[1], line_count(move_lines(review, None, self.moves), inner))
        for move in review.moves[seen[0]:]:
            seen[1] = max(seen[1], line_count(move_lines(review, move, self.moves), inner))
        seen[0] = len(review.moves)
        foot = line_count([(line, palette.text, False) for line in summary_lines(review)], inner)
        return 2 * PAD + (seen[1] + 1 + foot) * LINE_H


def draw_panel(screen: pygame.Surface, rect: pygame.Rect, review: Review, move, moves: int) -> None:
    """The panel in ``rect``: ``move``'s lines at the top, the summary at the bottom."""
    draw.rect(screen, palette.panel, rect)
    bevel(screen, rect, 2, raised=False)
    inner = rect.width - 2 * PAD
    y = rect.top + PAD
    for message, colour, bold in wrapped(move_lines(review, move, moves), inner):
        text(screen, message, (rect.left + PAD, y), TEXT_SIZE, colour, bold=bold)
        y += LINE_H
    foot = wrapped([(line, palette.text, False) for line in summary_lines(review)], inner)
    y = rect.bottom - PAD - len(foot) * LINE_H
    for message, colour, bold in foot:
        text(screen, message, (rect.left + PAD, y), TEXT_SIZE, colour, bold=bold)
        y += LINE_H


def working_height(width: int) -> int:
    """Pixels the panel needs while the review is worked out: a few lines."""
    return 2 * PAD + 4 * LINE_H


def draw_working(screen: pygame.Surface, rect: pygame.Rect, line: str) -> None:
    """The panel in ``rect`` while the review is worked out: ``line`` ("Reviewing... 12 of 300
    moves", or why it could not be reviewed)."""
    draw.rect(screen, palette.panel, rect)
    bevel(screen, rect, 2, raised=False)
    y = rect.top + PAD
    for part in wrap(line, rect.width - 2 * PAD, TEXT_SIZE) or [""]:
        text(screen, part, (rect.left + PAD, y), TEXT_SIZE, palette.text)
        y += LINE_H


def ring_reasons(screen: pygame.Surface, layout, move) -> None:
    """Beside the move's own ring: for a needless guess the safe cell its explanation proves
    (green), for a mistake the numbers that prove its cell a mine (the theme's ``reads``), for
    a forced 50/50 the other cell of the pair (in the verdict's colour)."""
    if move.verdict == "needless_guess" and move.proof is not None:
        ring(screen, layout.cell_rect(move.proof.cell), verdict_colour("certain"))  # proven safe
    elif move.verdict == "mistake" and move.proof is not None:
        for cell in move.proof.numbers[:MAX_RINGED]:
            ring(screen, layout.cell_rect(cell), palette.reads)
    elif move.verdict == "forced_guess" and move.fifty is not None:
        ring(screen, layout.cell_rect(move.fifty), verdict_colour("forced_guess"))


def ring(screen: pygame.Surface, rect: pygame.Rect, colour: tuple) -> None:
    """A 2-pixel ring just inside a cell's ``rect``."""
    draw.rect(screen, colour, rect, 2)
