"""Board codes (game.midend.boardcode, issue 38): any board round-trips through its text; a
mistyped, cut, future-version, foreign or impossible code is refused with the message that
says which, never read as another board (docs/board-codes.md)."""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.i18n import speaking
from game.messages import describe
from game.midend import boardcode
from game.midend.boardcode import (
    ALPHABET, CODE_VERSION, RULES, BoardCode, CodeError, _base32, _check, _varint, decode, encode,
)
from game.midend.daily import DAILY_LEVELS, FIRST_DAY, daily_code
from game.rules.board import FIRST_CLICK_RULES
from game.session import Session

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

NOT_CHECKED = "the board code does not check: a character is mistyped, or the code was cut short"
CUT = "the board code is cut short: check that it was copied whole"


@st.composite
def codes(draw):
    """Any BoardCode: a size (small, or up to the game's 1000), a rule, no-guess or not, and a
    seed with a start cell or a layout with or without one."""
    rows = draw(st.one_of(st.integers(1, 12), st.integers(1, 1000)))
    cols = draw(st.one_of(st.integers(1, 12), st.integers(1, 1000)))
    cells = rows * cols
    assume(cells >= 2 and (cells <= 400 or draw(st.booleans())))
    rule = draw(st.sampled_from(FIRST_CLICK_RULES))
    no_guess = draw(st.booleans()) if rule == "opening" else False
    start = (draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1)))
    if draw(st.booleans()) or cells > 4000:
        mines = draw(st.integers(1, cells - 1))
        seed = draw(st.one_of(st.integers(0, 2**40 - 1), st.integers(0, 2**63 - 1)))
        fields = dict(seed=seed, start=start)
    else:
        layout = frozenset(draw(st.sets(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)),
                                        min_size=1, max_size=min(cells - 1, 60))))
        mines = len(layout)
        fields = dict(layout=layout, start=start if draw(st.booleans()) else None)
    try:
        return BoardCode(rows, cols, mines, rule, no_guess, **fields)
    except CodeError:  # a count or rule the game does not allow on that size
        assume(False)


@SETTINGS
@given(codes(), st.sampled_from(["same", "lower", "spaces", "no dashes", "crockford"]))
def test_every_board_round_trips_through_its_code_however_it_is_written(code, style):
    text = encode(code)
    assert text.startswith(f"MS{CODE_VERSION}-") and set(text[4:]) <= set(ALPHABET + "-")
    assert all(len(group) <= 5 for group in text[4:].split("-"))
    written = {"same": text, "lower": text.lower(), "spaces": "  " + text.replace("-", " ") + "\n",
               "no dashes": text[:4] + text[4:].replace("-", ""),
               "crockford": text[:4] + text[4:].replace("0", "o").replace("1", "l")}[style]
    assert decode(written) == code


def test_a_dealt_boards_code_opens_the_same_board():
    session = Session()
    for level in DAILY_LEVELS:
        code = daily_code(FIRST_DAY, level)
        first = session.open_code(code)
        first.reveal(code.start)
        again = session.open_code(decode(encode(first.board_code())))
        again.reveal(code.start)
        assert again.layout() == first.layout() and len(first.layout()) == code.mines


SAMPLES = [
    "MS1-0G00J-28A0G-2BJR0-J8KDG",  # a seed board
    encode(daily_code(FIRST_DAY, "expert")),  # a daily, no-guess
    encode(BoardCode(3, 3, 2, "safe", layout=frozenset({(0, 0), (2, 2)}))),  # a small layout
    encode(BoardCode(30, 40, 200, "classic", layout=frozenset(divmod(i * 7 % 1200, 40) for i in range(200)),
                     start=(29, 39))),  # a deflated layout
]


@pytest.mark.parametrize("text", SAMPLES)
def test_every_single_character_substitution_is_refused(text):
    decode(text)
    others = sorted(set(ALPHABET + "-UOIL*") | {"M", "S", "2"})
    tried = 0
    for i, old in enumerate(text):
        for new in others:
            if new == old or (i >= 4 and boardcode._READ_AS.get(new, new) == old):
                continue  # the same text as the reader reads it
            changed = text[:i] + new + text[i + 1:]
            with pytest.raises(CodeError):
                decode(changed)
            tried += 1
    assert tried > 30 * len(text)


@pytest.mark.parametrize("text", SAMPLES)
def test_every_truncation_is_refused(text):
    for end in range(len(text)):
        with pytest.raises(CodeError):
            decode(text[:end])
    assert str(_error(text[:6])) == CUT  # one symbol of body: not even a check


def _error(text: str) -> CodeError:
    with pytest.raises(CodeError) as err:
        decode(text)
    return err.value


def _coded(payload: bytes, version: int = 1) -> str:
    """A code of ``payload`` with its right check: what a game of ``version`` would write."""
    return f"MS{version}-" + _base32(payload + _check(version, payload))


def _fields(*values: int, flags: int = 4) -> bytes:
    return bytes([flags]) + b"".join(_varint(v) for v in values)


@pytest.mark.parametrize("text, english, spanish", [
    ("MS1-0G00J-28A0G-2BJR", CUT, "el código de tablero está cortado"),  # 14 symbols: no byte count gives 14
    ("MS1-0G", CUT, "el código de tablero está cortado: comprueba que se copió entero"),
    ("MS2-0G00J-28A0G-2BJR0-J8KDG", "this board code was made by a newer version of the game (code version 2; "
     "this one reads up to version 1): update the game to open it", "este código de tablero lo hizo una versión "
     "más nueva del juego (versión de código 2; esta lee hasta la versión 1): actualiza el juego para abrirlo"),
    ("MS0-0G00J", "'MS0-0G00J' is not a board code: there is no code version 0",
     "'MS0-0G00J' no es un código de tablero: no existe la versión de código 0"),
    ("XS1-0G00J-28A0G-2BJR0-J8KDG", "'XS1-0G00J-28A0G-2BJR0-J8KDG' is not a board code: a code starts with MS and "
     "its version, like MS1-XXXXX-XXXXX-XXXXX-X", "no es un código de tablero: un código empieza por MS"),
    ("MS1-0G00U-28A0G-2BJR0-J8KDG", "the board code has characters a code never has: U (a code uses the digits "
     "and the letters A to Z but U)", "el código de tablero tiene caracteres que un código nunca tiene: U"),
    ("MS1-0G00J-28A0G-2BJR0-J8KD#", "the board code has characters a code never has: #",
     "caracteres que un código nunca tiene: #"),
    ("MS1-0G00J-28A0G-2BJR0-J8KEG", NOT_CHECKED, "el código de tablero no cuadra con su comprobación"),
])
def test_each_wrong_code_says_what_is_wrong_in_both_languages(text, english, spanish):
    err = _error(text)
    assert english in str(err)
    with speaking("es"):
        assert spanish in describe(err)


def test_a_wrong_check_is_refused():
    good = _coded(_fields(0, 9, 9, 10, 4, 4) + _varint(12345))
    assert decode(good) == BoardCode(9, 9, 10, "opening", seed=12345, start=(4, 4))
    payload = _fields(0, 9, 9, 10, 4, 4) + _varint(12345)
    wrong = bytes(b ^ 1 for b in _check(1, payload))
    assert str(_error("MS1-" + _base32(payload + wrong))) == NOT_CHECKED
    assert str(_error(_coded(payload, version=2).replace("MS2", "MS1"))) == NOT_CHECKED  # another version's check
    assert str(_error(_coded(payload + b"\x00"))) == NOT_CHECKED  # a byte after the seed


@pytest.mark.parametrize("payload, reason", [
    (_fields(0, 9, 9, 81, 4, 4) + _varint(1), "mines: 81 is out of range"),
    (_fields(0, 0, 9, 10, 0, 0) + _varint(1), "rows: 0 is out of range"),
    (_fields(0, 1001, 9, 10, 0, 0) + _varint(1), "rows: 1001 is out of range"),
    (_fields(7, 9, 9, 10, 4, 4) + _varint(1), "its first-click rule is unknown"),
    (_fields(0, 9, 9, 10, 9, 4) + _varint(1), "a cell is off the board"),
    (_fields(0, 9, 9, 10, flags=0) + _varint(1), "a generated board needs its start cell"),
    (_fields(0, 9, 9, 10, 4, 4, flags=4 | 64) + _varint(1), "it has flags this game does not know"),
    (_fields(0, 3, 3, 3, flags=2) + bytes([0b1100_0000, 0]), "its layout does not have its mine count"),
])
def test_an_impossible_board_is_refused_with_its_reason(payload, reason):
    err = _error(_coded(payload))
    assert str(err).startswith("the code's board is not allowed: ") and reason in str(err), str(err)
    with speaking("es"):
        assert describe(err).startswith("el tablero del código no está permitido: ")


def test_the_rules_keep_their_numbers():
    assert RULES == ("opening", "safe", "classic") and set(RULES) == set(FIRST_CLICK_RULES)
