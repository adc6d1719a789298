""".mine and MBF board files (game.boardfile): the sample corpus, writing, and save -> load.

Every file under tests/corpus/ is listed below with what reading it must give:
the malformed ones a :class:`BoardFileError` whose message contains the given
fragment (line/column or byte offset and what is wrong), the valid ones their
parsed contents. A corpus file missing from these tables fails the suite.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.rules.board import Config
from game.boardfile import (
    BoardFile, BoardFileError, format_mbf, format_mine, from_game, load_board, parse_mbf, parse_mine,
    loaded_match, save_board,
)
from game.rules.engine import Game, State

CORPUS = Path(__file__).resolve().parents[1] / "corpus"

MALFORMED = {  # file -> a fragment the error message must contain
    "bad_header.mine": "line 1: header '9by9by10' does not parse; expected WIDTHxHEIGHTxMINES",
    "header_two_fields.mine": "line 1: header '3x3' does not parse",
    "header_superscript_digit.mine": "line 1: header '3x3x1\u00b2' does not parse",
    "header_zero_width.mine": "line 1: width 0 is out of range; allowed 1..1000",
    "header_too_tall.mine": "line 1: height 1001 is out of range; allowed 1..1000",
    "header_too_many_mines.mine": "line 1: 5 mines do not fit on 2x2",
    "wrong_line_length.mine": "line 3: 2 characters; the header says 3 columns",
    "too_few_lines.mine": "line 4: the header says 3 rows but the file has 2",
    "too_many_lines.mine": "line 5: the header says 3 rows but the file has 4",
    "unknown_char.mine": "line 3, column 2: unknown character 'Z'",
    "digit_nine.mine": "line 3, column 2: unknown character '9'",
    "mine_count_disagrees.mine": "line 1: the header says 2 mines but 1 are marked",
    "mine_count_disagrees_flags.mine": "line 1: the header says 1 mines but 2 are marked (1 M and 1 F)",
    "number_contradicts_mines.mine": "line 2, column 1: the revealed 1 touches 0 marked mines",
    "position_digit_too_few_neighbours.mine": "line 2, column 1: the revealed 4 has only 3 covered neighbours",
    "empty.mine": "line 1: the file is empty",
    "blank_lines_only.mine": "line 1: the file is empty",
    "not_utf8.mine": "byte 8: not a text .mine file",
    "empty.mbf": "byte 0: an MBF file needs at least 4 bytes (width, height, mines); got 0",
    "too_short.mbf": "byte 0: an MBF file needs at least 4 bytes (width, height, mines); got 3",
    "zero_width.mbf": "byte 0: width and height must be 1..255; got 0x3",
    "zero_height.mbf": "byte 1: width and height must be 1..255; got 3x0",
    "length_short.mbf": "byte 6: 2 mines need 8 bytes; the file has 6",
    "length_long.mbf": "byte 6: 1 mines need 6 bytes; the file has 7",
    "mine_off_board.mbf": "byte 6: mine 2 at x=3, y=1 is off the 3x3 board",
    "duplicate_mine.mbf": "byte 6: mine 2 at x=1, y=1 is listed twice",
}

VALID = {  # file -> (rows, cols, mines, revealed, flags, mines_known)
    "valid_crlf_trailing_spaces.mine": (3, 4, 2, {(0, 1): 1, (1, 0): 1, (1, 1): 1}, set(), {(0, 0), (2, 3)}),
    "valid_question_as_mine.mine": (2, 3, 2, {(0, 1): 2}, set(), {(0, 0), (0, 2)}),
    "valid_position.mine": (3, 4, 3, {(0, 0): 0, (0, 1): 1, (1, 0): 0, (1, 1): 2, (2, 0): 0, (2, 1): 1},
                            {(1, 2)}, None),
    "valid_lowercase.mine": (2, 3, 1, {(0, 1): 1, (0, 2): 0, (1, 0): 1, (1, 1): 1, (1, 2): 0}, set(), {(0, 0)}),
    "valid_board.mbf": (3, 4, 2, {}, set(), {(0, 0), (2, 3)}),
}


def test_every_corpus_file_has_an_expectation():
    files = {path.name for path in CORPUS.iterdir() if path.suffix in (".mine", ".mbf")}
    assert files == set(MALFORMED) | set(VALID)


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_a_malformed_file_is_answered_by_its_clear_error(name):
    with pytest.raises(BoardFileError) as err:
        load_board(CORPUS / name)
    assert MALFORMED[name] in str(err.value)
    assert isinstance(err.value, ValueError)


@pytest.mark.parametrize("name", sorted(n for n in MALFORMED if n.endswith(".mine") and n != "not_utf8.mine"))
def test_parse_mine_gives_the_same_error_from_text(name):
    with pytest.raises(BoardFileError, match=re.escape(MALFORMED[name])):
        parse_mine((CORPUS / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(VALID))
def test_a_valid_file_reads_as_its_board_or_position(name):
    rows, cols, mines, revealed, flags, known = VALID[name]
    loaded = load_board(CORPUS / name)
    assert (loaded.rows, loaded.cols, loaded.mines) == (rows, cols, mines)
    assert loaded.revealed == revealed and loaded.flags == flags
    if known is None:
        assert loaded.mines_known is None and not loaded.is_board
    else:
        assert loaded.mines_known == known and loaded.is_board


def test_crlf_and_trailing_spaces_read_like_plain_lf():
    crlf = (CORPUS / "valid_crlf_trailing_spaces.mine").read_bytes()
    assert b"\r\n" in crlf and b" \r\n" in crlf  # the corpus keeps its bytes (see .gitattributes)
    plain = "4x3x2\nM1HH\n11HH\nHHHM\n"
    assert load_board(CORPUS / "valid_crlf_trailing_spaces.mine") == parse_mine(plain)


def test_a_position_with_flags_and_digits_only_has_no_known_mines():
    position = parse_mine("3x3x1\nHHH\n1FH\n11H\n")
    assert position.mines_known is None and position.flags == {(1, 1)}
    assert position.revealed == {(1, 0): 1, (2, 0): 1, (2, 1): 1}
    with pytest.raises(ValueError, match="position has no mine layout to play"):
        loaded_match(position, Config(3, 3, 1))


# ----- writing -----------------------------------------------------------------------------------
def test_format_mine_writes_width_x_height_x_mines_then_rows():
    board = BoardFile(2, 3, 2, revealed={(0, 1): 2, (1, 1): 2}, flags=frozenset({(0, 0)}),
                      mines_known=frozenset({(0, 0), (0, 2)}))
    assert format_mine(board) == "3x2x2\nF2M\nH2H\n"
    assert parse_mine(format_mine(board)) == board


def test_format_mine_writes_a_position_with_h_f_and_digits_only():
    position = BoardFile(2, 3, 2, revealed={(1, 0): 1}, flags=frozenset({(0, 2)}))
    text = format_mine(position)
    assert text == "3x2x2\nHHF\n1HH\n"
    assert parse_mine(text) == position


def test_format_mbf_writes_the_layout_row_by_row_as_x_y_pairs():
    board = BoardFile(3, 4, 2, mines_known=frozenset({(2, 3), (0, 1)}))
    assert format_mbf(board) == bytes([4, 3, 0, 2, 1, 0, 3, 2])
    assert parse_mbf(format_mbf(board)) == board


def test_format_mbf_counts_mines_big_endian():
    layout = frozenset((r, c) for r in range(20) for c in range(20) if (r + c) % 3)
    data = format_mbf(BoardFile(20, 20, len(layout), mines_known=layout))
    assert int.from_bytes(data[2:4], "big") == len(layout) > 255
    assert parse_mbf(data).mines_known == layout


def test_format_mbf_refuses_what_mbf_cannot_hold():
    with pytest.raises(ValueError, match="position has no mine layout"):
        format_mbf(BoardFile(3, 3, 1))
    with pytest.raises(ValueError, match=r"300x2 is too large; allowed sides 1..255"):
        format_mbf(BoardFile(2, 300, 1, mines_known=frozenset({(0, 0)})))


def test_save_and_load_by_extension(tmp_path):
    tmp_path = tmp_path / "saves"
    tmp_path.mkdir()
    board = BoardFile(2, 3, 1, revealed={(1, 2): 0, (0, 1): 1}, mines_known=frozenset({(0, 0)}))
    save_board(tmp_path / "b.mine", board)
    save_board(tmp_path / "b.MBF", board)
    assert (tmp_path / "b.mine").read_text() == "3x2x1\nM1H\nHH0\n"
    assert (tmp_path / "b.MBF").read_bytes() == bytes([3, 2, 0, 1, 0, 0])
    assert load_board(tmp_path / "b.mine") == board
    assert load_board(tmp_path / "b.MBF").mines_known == {(0, 0)}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.MBF", "b.mine"]  # no temporary left


def test_a_failed_save_leaves_the_old_file_alone(tmp_path):
    target = tmp_path / "keep.mbf"
    target.write_bytes(b"old")
    with pytest.raises(ValueError):
        save_board(target, BoardFile(3, 3, 1))  # a position cannot be MBF
    assert target.read_bytes() == b"old"


def test_a_save_that_cannot_be_written_leaves_no_temporary_file_and_names_the_target(tmp_path, monkeypatch):
    board = BoardFile(3, 3, 1)
    work = tmp_path / "work"
    (work / "a folder").mkdir(parents=True)
    with pytest.raises(IsADirectoryError, match="is a folder, not a file"):
        save_board(work / "a folder", board)  # once: "Is a directory: 'a folder.tmp'", the .tmp left behind
    with pytest.raises(FileNotFoundError) as missing:
        save_board(work / "no such folder" / "x.mine", board)
    assert missing.value.filename == str(work / "no such folder" / "x.mine")  # not x.mine.tmp

    def refused(src, dst):
        raise PermissionError(13, "Permission denied", str(dst))

    monkeypatch.setattr("game.boardfile.os.replace", refused)  # the rename fails after the write
    with pytest.raises(PermissionError):
        save_board(work / "out.mine", board)
    assert sorted(p.name for p in work.iterdir()) == ["a folder"]


# ----- games to files and back -------------------------------------------------------------------
def game_in_progress() -> Game:
    game = Game(Config(3, 4, 2), mines={(0, 0), (2, 3)})
    game.reveal((2, 0))  # opens the bottom-left zeros and their border
    game.toggle_flag((0, 0))  # right
    game.toggle_flag((0, 3))  # wrong
    return game


def test_from_game_captures_what_the_player_sees():
    game = game_in_progress()
    board = from_game(game)
    assert board.mines_known == {(0, 0), (2, 3)}
    assert board.revealed == {cell: game.number(cell) for cell in game.cells() if game.is_revealed(cell)}
    assert board.flags == {(0, 0)}  # a wrong flag cannot be written in a board file
    position = from_game(game, with_mines=False)
    assert position.mines_known is None and position.flags == {(0, 0), (0, 3)}
    assert "M" not in format_mine(position)


def test_a_game_saved_as_mine_loads_as_the_same_game():
    game = game_in_progress()
    match = loaded_match(parse_mine(format_mine(from_game(game))), game.config)
    loaded = match.game
    assert loaded.layout() == game.layout()
    assert {c for c in loaded.cells() if loaded.is_revealed(c)} == {c for c in game.cells() if game.is_revealed(c)}
    assert {c for c in loaded.cells() if loaded.mark(c) == "flag"} == {(0, 0)}
    assert loaded.state is State.READY and match.total_clicks == 0


def test_a_game_saved_as_mbf_loads_with_the_same_layout():
    game = game_in_progress()
    loaded = loaded_match(parse_mbf(format_mbf(from_game(game))), game.config).game
    assert loaded.layout() == game.layout()
    assert not any(loaded.is_revealed(c) for c in loaded.cells())


def test_a_won_game_saved_as_mine_keeps_its_mines():
    # After a win every mine is flagged. A board file is one with at least one M, so
    # writing every mine as F would turn the board into a position without mines.
    game = Game(Config(2, 3, 1), mines={(0, 0)})
    game.reveal((1, 2))
    game.reveal((1, 0))
    assert game.state is State.WON
    reread = parse_mine(format_mine(from_game(game)))
    assert reread.mines_known == {(0, 0)}, "the saved board came back as a position without mines"
    assert reread.revealed == from_game(game).revealed


def test_a_loaded_board_with_every_safe_cell_revealed_is_already_won():
    game = Game(Config(2, 3, 1), mines={(0, 0)})
    game.reveal((1, 2))
    game.reveal((1, 0))
    board = BoardFile(2, 3, 1, revealed=from_game(game).revealed, mines_known=frozenset({(0, 0)}))
    loaded = loaded_match(board, game.config).game
    assert loaded.state is State.WON, "a finished board loads as a game the player can only lose"
    assert loaded.mines_left == 0 and loaded.appearance((0, 0)) == "flag"


def test_a_board_whose_every_mine_is_flagged_keeps_its_layout():
    game = Game(Config(2, 3, 2), mines={(0, 0), (0, 2)})
    game.reveal((0, 1))
    game.toggle_flag((0, 0))
    game.toggle_flag((0, 2))
    loaded = parse_mine(format_mine(from_game(game)))
    assert loaded.mines_known == {(0, 0), (0, 2)}


def test_loaded_match_refuses_a_board_that_does_not_fit_the_config():
    board = parse_mine("3x2x1\nM1H\nHH0\n")
    with pytest.raises(ValueError, match="1 laid but the game says 2"):
        loaded_match(board, Config(2, 3, 2))
    match = loaded_match(board, Config(2, 3, 1, first_click="classic"), clock=lambda: 7.0)
    match.reveal((1, 0))  # a loaded board is played as it is
    assert match.layout() == {(0, 0)} and match.game.state is State.PLAYING
