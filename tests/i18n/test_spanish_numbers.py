"""Spanish as a Spanish player reads it: every kind of message the game writes (the solver's
explanations and hints, the review, the analysis, the post-mortem, the statistics, the
console) is run in Spanish and read for an English number form (``12.5%``, ``0.250 s``,
``1,234.5``), a count that does not agree with its noun ("1 minas"), an English level key or
an ISO date; ``--review last --lang es`` and ``--analyse FILE --lang es`` as a player runs
them; and S answers Sí in the window's Yes/No question."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

import main
from game import i18n
from game.console.text import status, summary
from game.commands.explain_text import chance, reason_text
from game.commands.review_report import _odds, load_review, loss_details, loss_line, to_text
from game.solver.reasons import (CLOSED_AREA, COUNT_MISMATCH, ENDGAME, ESTIMATED_GROUP, NO_FIT, OVER_FLAGGED,
                                 SAFE_BY_COUNT, SAFE_BY_LAYOUTS, SAFE_BY_NUMBERS, TOO_BIG, TOO_FEW_COVERED,
                                 TOO_MANY_FLAGS, Reason)
from game.ui.shared.confirm import Confirm
from game.ui.menu import Menu
from tests.play_helpers import Clock, console_beginner
from tests.solver.test_explain_text import ENGLISH
from tests.solver.test_review_cli import record_game

ROOT = Path(__file__).resolve().parents[2]
NUMBER = re.compile(r"\d[\d.,]*\d|\d")  # a number as written, separators included
SPANISH_GROUPED = re.compile(r"-?[1-9]\d{0,2}(\.\d{3})+(,\d+)?")  # 22.500, 1.234,5
SINGULAR_AS_PLURAL = re.compile(
    r"(?<![\d.,])1 (minas|disposiciones|marcadas|casillas|banderas|conjeturas|vecinas|errores|partidas|"
    r"jugadas|filas|columnas)\b")
LEVEL_KEYS = re.compile(r"\b(beginner|intermediate|expert|custom)\b")
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")

# counts of one and of many, for every kind whose words carry a count
ONES = [
    Reason(SAFE_BY_NUMBERS, {"cell": (3, 3), "numbers": ((1, (0, 0)),), "covered": 1}),
    Reason(SAFE_BY_COUNT, {"cell": (0, 3), "total": 1, "flagged": 1, "needed": 1}),
    Reason(SAFE_BY_LAYOUTS, {"cell": (4, 4), "total": 1, "flagged": 1, "layouts": 1}),
    Reason(ENDGAME, {"cell": (3, 4), "layouts": 1, "survival": 0.125, "win": 0.0625}),
    Reason(CLOSED_AREA, {"layouts": 1, "win": 0.125}),
    Reason(ESTIMATED_GROUP, {"cells": 22500}),
    Reason(TOO_BIG, {"covered": 1234567}),
    Reason(TOO_MANY_FLAGS, {"flags": 2, "mines": 1}),
    Reason(TOO_MANY_FLAGS, {"flags": 1500, "mines": 1200}),
    Reason(OVER_FLAGGED, {"number": 0, "at": (1, 1), "flagged": 1}),
    Reason(TOO_FEW_COVERED, {"number": 2, "at": (1, 1), "need": 1, "room": 1}),
    Reason(TOO_FEW_COVERED, {"number": 3, "at": (1, 1), "need": 2, "room": 1}),
    Reason(NO_FIT, {"numbers": ((1, (0, 0)),), "more": 1}),
    Reason(COUNT_MISMATCH, {"low": 1, "high": 1, "others": 1, "left": 1}),
    Reason(COUNT_MISMATCH, {"low": 1000, "high": 2000, "others": 1500, "left": 4000}),
]


def english_forms(text: str) -> list[str]:
    """What in ``text`` a Spanish reader would misread: numbers written the English way (a
    decimal point, a comma grouping thousands, "12.5%"), a singular count with a plural noun,
    a level's English key, an ISO date. [] when there is none."""
    found = []
    for token in NUMBER.findall(text):
        for part in token.split(".."):  # a range: 0..3
            if "." in part and not SPANISH_GROUPED.fullmatch(part):
                found.append(part)  # 12.5, 0.250
            elif part.count(",") > 1 or ("," in part and "." in part and part.index(",") < part.index(".")):
                found.append(part)  # 1,234,567 or 1,234.5
    found += [m.group(0) for m in SINGULAR_AS_PLURAL.finditer(text)]
    found += LEVEL_KEYS.findall(text) + ISO_DATE.findall(text)
    return found


@pytest.fixture
def spanish():
    i18n.set_language("es")
    yield
    i18n.set_language("en")


def test_the_checker_finds_each_english_form():
    for wrong in ("con probabilidad 12.5%", "0.250 s", "1 entre 1,234,567", "1,234.5", "1 minas", "3BV/s 1000.000",
                  "partida 1 (custom, 26 nov 2026)", "(beginner, 2026-11-26)"):
        assert english_forms(wrong), wrong
    for right in ("12,5 %", "0,250 s", "1 entre 1.234", "1.234,5", "1 mina", "(2; 3)", "0..3", "3BV/s 1.000,000",
                  "9x9", "26 nov 2026, 16:25"):
        assert not english_forms(right), right


def test_the_one_formatter_writes_spanish_numbers(spanish):
    assert i18n.number(1234.5, 1, grouped=True) == "1.234,5" and i18n.number(0.25, 3) == "0,250"
    assert i18n.count(22500) == "22.500" and i18n.count(3 ** 100) == f"{3 ** 100:,}".replace(",", ".")
    assert i18n.percent(0.125) == "12,5\u00a0%" and chance(0.999994) == "más del 99,9\u00a0%"
    assert _odds(1.5) == "1,5" and _odds(1234.4) == "1.234"
    assert i18n.level_name("custom") == "Personalizado" and i18n.level_name("expert") == "Avanzado"
    assert i18n.date_text("2026-11-26T16:25:03", with_time=True) == "26 nov 2026, 16:25"
    with i18n.speaking("en"):  # JSON's English: English numbers too
        assert i18n.number(1234.5, 1, grouped=True) == "1,234.5" and i18n.percent(0.125) == "12.5%"


@pytest.mark.parametrize("reason", [r for r, _ in ENGLISH] + ONES, ids=lambda r: r.kind)
def test_every_explanation_in_spanish_writes_spanish_numbers_and_agreeing_counts(spanish, reason):
    said = reason_text(reason)
    assert not english_forms(said), said


def test_big_counts_are_grouped_the_spanish_way(spanish):
    assert "22.500 casillas" in reason_text(Reason(ESTIMATED_GROUP, {"cells": 22500}))
    assert "1.234.567 casillas tapadas" in reason_text(Reason(TOO_BIG, {"covered": 1234567}))
    assert "solo tiene 1 mina " in reason_text(Reason(TOO_MANY_FLAGS, {"flags": 2, "mines": 1}))
    assert "1 con bandera" in reason_text(Reason(SAFE_BY_COUNT, {"cell": (0, 3), "total": 1, "flagged": 1,
                                                                "needed": 1}))


def test_ranges_and_huge_counts_in_spanish(spanish):
    """Issue 36: a range's bounds grouped as every count ("se admite de 1 a 1.000"), a count of
    layouts too long to write as "unas 1,80 × 10^332" (never ``e+332``)."""
    from game.commands.analyse_report import power_of_ten
    from game.rules.board import Config
    from game.messages import describe
    with pytest.raises(ValueError) as caught:
        Config(1, 1001, 1)
    assert describe(caught.value) == "columnas: 1001 está fuera de rango; se admite de 1 a 1.000"  # (the value as given)
    assert power_of_ten(1.8, 332) == "1,80 \u00d7 10^332"
    assert not english_forms(power_of_ten(1.8, 332))


@pytest.mark.parametrize("lose", [False, True], ids=["won", "lost"])
def test_the_review_and_the_post_mortem_in_spanish(isolated_data_dir, spanish, lose):
    record_game(lose)
    reviewed = load_review("last")
    text = to_text(reviewed)
    assert not english_forms(text), english_forms(text)
    assert text.startswith("Revisión de partida 1 (Principiante, ")
    for line in [loss_line(reviewed.review), *loss_details(reviewed.review)]:
        assert not english_forms(line), line


def test_the_console_in_spanish(spanish):
    for lose in (False, True):
        match = console_beginner(2, lose, Clock())
        said = summary(match) + "\n" + status(match)
        assert not english_forms(said), said
        assert ("(" not in said) or re.search(r"\(\d+; \d+\)", said)  # the exploded mine: (row; col)


def test_stats_in_spanish(isolated_data_dir):
    record_game(False)
    record_game(True)
    done = run("--stats", "--lang", "es")
    assert not english_forms(done), english_forms(done)


def run(*args: str) -> str:
    done = subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_review_last_in_spanish_prints_no_english_number_level_or_date(isolated_data_dir):
    record_game(True)
    out = run("--review", "last", "--lang", "es")
    assert out.startswith("Revisión de partida 1 (Principiante, ") and "0,250 s" in out
    assert not english_forms(out), english_forms(out)
    assert main.main(["--review", "last", "--json"]) == 0  # the JSON keeps its language-neutral title


POSITION = "8x8x10\nHHHHHHHH\nHHHHHHHH\nHH1112HH\nHH1001HH\nHH1001HH\nHH1112HH\nHHHHHHHH\nHHHHHHHH\n"


def test_analyse_in_spanish_prints_no_english_number(tmp_path):
    path = tmp_path / "p.mine"
    path.write_text(POSITION)
    out = run("--analyse", str(path), "--lang", "es")
    assert "389.025 disposiciones" in out and "89,5\u00a0%" in out
    assert not english_forms(out), english_forms(out)
    english = run("--analyse", str(path))
    assert "389,025 consistent mine layouts" in english and "89.5%" in english
    assert run("--analyse", str(path), "--json", "--lang", "es") == run("--analyse", str(path), "--json")


def test_a_count_of_one_agrees_in_the_analysis(tmp_path):
    path = tmp_path / "one.mine"
    path.write_text("1x1x1\nH\n")
    out = run("--analyse", str(path), "--lang", "es")
    assert out.startswith("1 fila x 1 columna, 1 mina, 1 disposición de minas compatible\n")
    assert not english_forms(out), english_forms(out)
    assert run("--analyse", str(path)).startswith("1 row x 1 col, 1 mine, 1 consistent mine layout\n")


def test_s_answers_si_in_spanish_and_y_still_works(window, isolated_data_dir):
    for key in (pygame.K_s, pygame.K_y):
        w = window(["--difficulty", "beginner", "--lang", "es"], deal=7)
        w.click_cell((0, 0))
        w.key(pygame.K_ESCAPE)
        assert isinstance(w.scene, Confirm)
        w.key(key)
        assert isinstance(w.scene, Menu), pygame.key.name(key)


def test_s_does_nothing_in_english(window, isolated_data_dir):
    w = window(["--difficulty", "beginner"], deal=7)
    w.click_cell((0, 0))
    w.key(pygame.K_ESCAPE)
    assert isinstance(w.scene, Confirm)
    w.key(pygame.K_s)
    assert isinstance(w.scene, Confirm)
    w.key(pygame.K_n)
    assert not isinstance(w.scene, Confirm)
