"""The seam between the solver and the words: the solver returns explanations as data
(game.solver.reasons.Reason), never sentences and never game.i18n; game.commands.explain_text words
every kind, in English exactly as the solver used to, and in Spanish."""

import ast
import re
from pathlib import Path

import pytest

from game.commands.explain_text import chance, english, in_language, proof_text, reason_text, safe_text
from game.solver.explain import Proof
from game.solver.reasons import (BEST_GUESS, CLOSED_AREA, ENDGAME, ESTIMATED_GROUP, FIFTY_FIFTY, MINE_BY_LAYOUTS,
                                 MINE_BY_NUMBER, MINE_BY_NUMBERS, NOTHING_LEFT,
                                 REASONS, SAFE_BY_COUNT, SAFE_BY_FLAGS, SAFE_BY_LAYOUTS, SAFE_BY_NUMBERS,
                                 SAFE_BY_PAIR_MINES, SAFE_BY_PAIR_SHARE, SAFE_BY_ZERO, SAFE_MOVE, TOO_BIG, Reason)

SOLVER = Path(__file__).resolve().parents[2] / "game" / "solver"

ZERO = Reason(SAFE_BY_ZERO, {"cell": (0, 1), "at": (1, 1)})
FLAGS = Reason(SAFE_BY_FLAGS, {"cell": (0, 1), "number": 1, "at": (0, 0), "flagged": 1, "flags": ((1, 0),)})
FLAGS_2 = Reason(SAFE_BY_FLAGS, {"cell": (0, 1), "number": 2, "at": (0, 0), "flagged": 2,
                                 "flags": ((1, 1), (1, 0))})
PAIR_MINES = Reason(SAFE_BY_PAIR_MINES, {"cell": (0, 2), "number": 1, "at": (0, 0), "other": 1, "other_at": (1, 1),
                                         "other_need": 1, "shared": ((0, 1),), "covered": ((0, 1),)})
PAIR_MINES_2 = Reason(SAFE_BY_PAIR_MINES, {"cell": (2, 3), "number": 2, "at": (0, 0), "other": 2,
                                           "other_at": (1, 1), "other_need": 2, "shared": ((1, 0), (0, 1)),
                                           "covered": ((0, 1), (1, 0))})
SHARE = Reason(SAFE_BY_PAIR_SHARE, {"cell": (2, 2), "number": 2, "at": (0, 0), "need": 1, "among": ((0, 1), (1, 0)),
                                    "outside": 0, "other": 1, "other_at": (1, 1), "other_need": 1,
                                    "shared": ((0, 1), (1, 0))})
SHARE_OUT = Reason(SAFE_BY_PAIR_SHARE, {"cell": (2, 2), "number": 3, "at": (0, 0), "need": 2,
                                        "among": ((0, 1), (1, 0), (0, 2)), "outside": 1, "other": 2,
                                        "other_at": (1, 1), "other_need": 2, "shared": ((0, 1), (1, 0))})
NUMBERS = Reason(SAFE_BY_NUMBERS, {"cell": (3, 3), "numbers": ((1, (0, 0)), (2, (1, 1)), (1, (2, 2))), "covered": 5})
COUNT = Reason(SAFE_BY_COUNT, {"cell": (0, 3), "total": 1, "flagged": 0, "needed": 1})
LAYOUTS = Reason(SAFE_BY_LAYOUTS, {"cell": (4, 4), "total": 10, "flagged": 2, "layouts": 12})
PROOF = Proof((0, 1), [(1, 1)], False, ZERO)
GUESS = Reason(BEST_GUESS, {"cell": (7, 3), "survival": 0.5, "safest": False, "safest_survival": 0.75,
                            "progress": 0.25, "next_safety": 0.875, "weighed": 6, "runner": (2, 2),
                            "runner_survival": 0.5, "runner_progress": 0.125})
LONE_GUESS = Reason(BEST_GUESS, {"cell": (0, 0), "survival": 0.999994, "safest": True, "safest_survival": 0.999994})
FIFTY = Reason(BEST_GUESS, {"cell": (0, 0), "survival": 0.5, "safest": False, "safest_survival": 0.8,
                            "note": Reason(FIFTY_FIFTY, {"cell": (0, 0), "other": (1, 0)})})
CLOSED = Reason(BEST_GUESS, {"cell": (5, 5), "survival": 0.8, "safest": True, "safest_survival": 0.8,
                             "note": Reason(CLOSED_AREA, {"layouts": 4, "win": 0.625})})
BIG = Reason(BEST_GUESS, {"cell": (0, 0), "survival": 0.8, "safest": True, "safest_survival": 0.8,
                          "note": Reason(TOO_BIG, {"covered": 22500})})
END = Reason(ENDGAME, {"cell": (3, 4), "layouts": 12, "survival": 0.75, "win": 0.5})

ENGLISH = [
    (ZERO, "the 0 at (1; 1) touches no mine, so (0; 1) is safe"),
    (FLAGS, "the 1 at (0; 0) already touches its flagged mine at (1; 0), so (0; 1) is safe"),
    (FLAGS_2, "the 2 at (0; 0) already touches its 2 flagged mines at (1; 0) and (1; 1), so (0; 1) is safe"),
    (PAIR_MINES, "the 1 at (0; 0) has only 1 covered neighbour left, (0; 1), so it is a mine; "
                 "the 1 at (1; 1) already touches its mine at (0; 1), so (0; 2) is safe"),
    (PAIR_MINES_2, "the 2 at (0; 0) has only 2 covered neighbours left, (0; 1) and (1; 0), so they are all mines; "
                   "the 2 at (1; 1) already touches its mines at (0; 1) and (1; 0), so (2; 3) is safe"),
    (SHARE, "the 2 at (0; 0) needs 1 more mine among (0; 1) and (1; 0), all of which also touch the 1 at (1; 1); "
            "so the 1 at (1; 1) gets the mine it still needs among (0; 1) and (1; 0), and (2; 2) is safe"),
    (SHARE_OUT, "the 3 at (0; 0) needs 2 more mines among (0; 1), (0; 2), and (1; 0), at most 1 of them outside the "
                "cells it shares with the 2 at (1; 1); so the 2 at (1; 1) gets the 2 mines it still needs among (0; 1) and (1; 0), "
                "and (2; 2) is safe"),
    (NUMBERS, "taken together, the 1 at (0; 0), the 2 at (1; 1), and the 1 at (2; 2) leave no room for a mine at (3; 3): "
              "every way to place their mines among their 5 covered neighbours leaves it empty, so (3; 3) is safe"),
    (COUNT, "the only mine is accounted for: 0 flagged and 1 that the numbers need on their covered neighbours, "
            "so (0; 3), which touches no number, is safe"),
    (LAYOUTS, "counting mines decides it: with 10 mines in all (2 flagged), every one of the 12 layouts that fit "
              "the numbers and the count leaves (4; 4) empty, so it is safe"),
    (Reason(NOTHING_LEFT, {}), "Nothing is left to reveal: every covered cell is a mine."),
    (Reason(SAFE_MOVE, {"cell": (0, 1), "proof": PROOF}), "Safe: the 0 at (1; 1) touches no mine, so (0; 1) is safe."),
    (END, "Guess: no cell is certain to be safe. Only 12 mine layouts remain, so the rest of the game was "
          "searched exactly: revealing (3; 4) (safe with chance 75.0%) wins 50.0% of the time with best play, "
          "more than any other cell."),
    (GUESS, "Guess: no cell is certain to be safe. (7; 3) survives with chance 50.0% (the safest cell survives "
            "with 75.0%); after it, a certain-safe cell follows with chance 25% and the next move is safe with "
            "chance 88%, the best combination among the 6 cells weighed (next best (2; 2): survival 50.0%, "
            "progress 12%)."),
    (LONE_GUESS, "Guess: no cell is certain to be safe. (0; 0) survives with chance over 99.9%, the lowest mine "
                 "probability on the board."),
    (FIFTY, "Guess: no cell is certain to be safe. (0; 0) survives with chance 50.0% (the safest cell survives "
            "with 80.0%); (0; 0) and (1; 0) hold one mine between them and no other cell can ever tell which, so "
            "this 50/50 must be guessed anyway: guessing it now risks nothing more and its number helps the "
            "rest of the game."),
    (CLOSED, "Guess: no cell is certain to be safe. (5; 5) survives with chance 80.0%, the lowest mine probability "
             "on the board; it lies in a closed-off area that no other cell can ever tell anything about, so "
             "that area's guesses must be taken anyway; its 4 possible layouts were searched exactly and this "
             "reveal clears it 62.5% of the time with best play."),
    (BIG, "Guess: no cell is certain to be safe. (0; 0) survives with chance 80.0%, the lowest mine probability "
          "on the board; with 22,500 covered cells the board is too big to look ahead within the time bound, "
          "so this is the safest cell most likely to open an area."),
    (Reason(ESTIMATED_GROUP, {"cells": 2000}), "a frontier group of 2,000 cells had too many layouts to count "
                                               "within the time bound; its probabilities are estimates"),
    (Reason(MINE_BY_NUMBER, {"cell": (0, 3), "number": 1, "at": (0, 4), "known": 0, "covered": 1}),
     "the 1 at (0; 4) has only 1 covered neighbour left, and it needs it as a mine, so (0; 3) was a mine"),
    (Reason(MINE_BY_NUMBERS, {"cell": (2, 2), "numbers": ((1, (1, 1)), (2, (3, 3))), "covered": 4}),
     "taken together, the 1 at (1; 1) and the 2 at (3; 3) need a mine at (2; 2): every way to place their mines "
     "among their 4 covered neighbours puts one there, so (2; 2) was a mine"),
    (Reason(MINE_BY_LAYOUTS, {"cell": (4, 4), "total": 1200, "flagged": 2, "layouts": 12}),
     "counting mines decides it: with 1,200 mines in all, every one of the 12 layouts that fit the numbers "
     "and the count puts a mine at (4; 4), so it was a mine"),
]


@pytest.mark.parametrize("reason, words", ENGLISH, ids=[f"{r.kind}-{i}" for i, (r, _) in enumerate(ENGLISH)])
def test_each_kind_reads_in_english_as_the_solver_said_it(reason, words):
    assert reason_text(reason) == words
    assert english(reason_text, reason) == words


def test_every_kind_is_worded():
    worded = {reason.kind for reason, _ in ENGLISH} | {reason["note"].kind for reason, _ in ENGLISH if "note" in reason.facts}
    assert worded == set(REASONS)
    with pytest.raises(ValueError, match="unknown kind"):
        reason_text(Reason("no_such_kind", {}))


def test_a_safe_hint_and_a_proof_read_as_before():
    assert proof_text(PROOF) == "the 0 at (1; 1) touches no mine, so (0; 1) is safe"
    assert safe_text(PROOF) == "Safe: the 0 at (1; 1) touches no mine, so (0; 1) is safe."
    assert chance(0.999994) == "over 99.9%" and chance(0.00001, 0) == "under 1%"


def test_the_solver_package_knows_no_language_and_builds_no_sentences():
    """No module of game/solver imports game.i18n or the renderer, or marks a message; its
    explanations are Reasons (data), so no sentence is built there."""
    for path in sorted(SOLVER.glob("*.py")):
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import)\s+game(\.|\s+import\s+)(i18n|explain_text|messages)\b", source, re.M), path
        assert not re.search(r"\b(N_|_|ngettext|gettext)\(", source), path
        for said in _strings(source):  # the code's strings, docstrings aside
            for words in ("is safe", "survives with chance", "Guess: no cell", "50/50", "are estimates"):
                assert words not in said, (path, said)


def _strings(source: str) -> list[str]:
    """The string constants of ``source``'s code (f-strings' literal parts too), not its docstrings."""
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


SPANISH = [
    (FLAGS, "el 1 de (0; 0) ya toca su mina con bandera en (1; 0), así que (0; 1) es segura"),
    (PAIR_MINES, "al 1 de (0; 0) solo le queda 1 vecina tapada, (0; 1), así que es una mina; "
                "el 1 de (1; 1) ya toca su mina en (0; 1), así que (0; 2) es segura"),
    (PAIR_MINES_2, "al 2 de (0; 0) solo le quedan 2 vecinas tapadas, (0; 1) y (1; 0), así que todas son minas; "
                  "el 2 de (1; 1) ya toca sus minas en (0; 1) y (1; 0), así que (2; 3) es segura"),
    (LONE_GUESS, "Conjetura: ninguna casilla es segura con certeza. (0; 0) sale bien con probabilidad más del 99,9\u00a0%, "
                "la menor probabilidad de mina del tablero."),
    (Reason(ESTIMATED_GROUP, {"cells": 2000}), "un grupo de frontera de 2.000 casillas tenía demasiadas disposiciones "
                                              "para contarlas dentro del tiempo límite; sus probabilidades son "
                                              "estimaciones"),
]


@pytest.mark.parametrize("reason, words", ENGLISH, ids=[f"{r.kind}-{i}" for i, (r, _) in enumerate(ENGLISH)])
def test_each_kind_reads_in_spanish(reason, words):
    """Every kind has its Spanish, with every fact filled in (the cells, counts and chances
    of the English), and the language in use is left as it was."""
    said = in_language("es", reason_text, reason)
    assert said != words and "{" not in said
    assert facts(said, ",") == facts(words, ".")
    for known, spanish in SPANISH:
        if known == reason:
            assert said == spanish
    assert reason_text(reason) == words  # still English outside the block


def facts(text: str, decimal: str) -> list[str]:
    """The cells, counts and chances of ``text``, written one way whatever the language
    (``decimal``: the language's decimal sign; Spanish puts a no-break space before %)."""
    text = text.replace("\u00a0%", "%")
    found = re.findall(r"\(\d+; \d+\)|\d+(?:" + re.escape(decimal) + r"\d+)?%?", text)
    return sorted(item.replace(decimal, ".") if item[0] != "(" else item for item in found)


def test_json_words_stay_english_while_the_game_speaks_spanish():
    from game import i18n
    i18n.set_language("es")
    assert reason_text(FLAGS) == SPANISH[0][1] and chance(0.999994) == "más del 99,9\u00a0%"
    assert english(reason_text, FLAGS) == ENGLISH[1][1]
    assert english(proof_text, PROOF) == "the 0 at (1; 1) touches no mine, so (0; 1) is safe"
    assert safe_text(PROOF) == "Segura: el 0 de (1; 1) no toca ninguna mina, así que (0; 1) es segura."
