"""Reading Sokoban collections and solutions, checking levels, replaying LURD."""

from __future__ import annotations

import pytest

from tansuo.errors import InvalidInput
from tansuo.sokoban import (
    Level,
    bundled_collection,
    format_solution,
    parse_collection,
    parse_solutions,
    pick_level,
    replay,
    verify,
)

SOK = """\
This text introduces the collection.

; Easy one
#####
#@$.#
#####

5#|#.$@#|#---#|5#
Title: Second
Author: Someone

Third level
7#
#.$_@_#
7#
"""


def test_collection_titles_metadata_and_run_length_rows() -> None:
    levels = parse_collection(SOK)
    assert [level.title for level in levels] == ["Easy one", "Second", "Third level"]
    assert [level.number for level in levels] == [1, 2, 3]
    assert dict(levels[1].metadata) == {"Title": "Second", "Author": "Someone"}
    assert levels[1].rows == ("#####", "#.$@#", "#   #", "#####")
    assert levels[2].rows[1] == "#.$ @ #"


def test_pick_level_by_number_and_title() -> None:
    levels = parse_collection(SOK)
    assert pick_level(levels, 2).title == "Second"
    assert pick_level(levels, "third level").number == 3
    assert pick_level(levels, None).number == 1
    with pytest.raises(InvalidInput, match="no level 4"):
        pick_level(levels, 4)
    with pytest.raises(InvalidInput, match="no level titled"):
        pick_level(levels, "Nope")


def test_bundled_collections_read_and_check() -> None:
    microban = bundled_collection("microban")
    xsokoban = bundled_collection("xsokoban90")
    assert len(microban) == 155 and len(xsokoban) == 90
    assert microban[43].title == "44"
    for level in microban + xsokoban:
        board = level.board()
        assert len(board.boxes) == len(board.goals) > 0


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("#####\n#  .#\n# $ #\n#####", "no player"),
        ("#####\n#@@.#\n#$ .#\n#####", "2 players"),
        ("#####\n#@$. \n#####", "not enclosed"),
        ("######\n#@$$.#\n######", "2 boxes but 1 goal where"),
        ("####\n#@ #\n####", "no boxes"),
    ],
)
def test_malformed_levels_name_the_level_and_the_problem(text: str, problem: str) -> None:
    level = parse_collection("; Bad one\n" + text)[0]
    with pytest.raises(InvalidInput, match=problem) as info:
        level.board()
    assert "Bad one" in str(info.value)


def test_stray_glyph_and_no_board() -> None:
    with pytest.raises(InvalidInput, match="no Sokoban board"):
        parse_collection("just words\n\nmore words")
    with pytest.raises(InvalidInput, match="row 2"):
        Level.from_text("#####\n#@$x.#\n#####")
    # in a file, the row with the stray glyph is named too (not a board cut short there)
    with pytest.raises(InvalidInput, match=r"level 1: row 2 has 'x'"):
        parse_collection("#####\n#@$x#\n#.  #\n#####\n")
    # a line of text right after a board is still its title or comment
    levels = parse_collection("#####\n#@$.#\n#####\n#1 the first\n\n#####\n#@$.#\n#####\n")
    assert len(levels) == 2 and levels[0].rows == ("#####", "#@$.#", "#####")


def test_decorative_box_out_of_reach_is_a_wall() -> None:
    level = Level.from_text("#########\n#@$.#*  #\n#########")
    board = level.board()
    assert len(board.boxes) == 1
    assert verify(level, "R").pushes == 1


def test_replay_checks_every_move() -> None:
    level = Level.from_text("######\n#@$ .#\n######")
    assert verify(level, "RR").moves == 2
    assert not replay(level, "R").solved
    for moves, problem in [("r", "should be R"), ("RRR", "cannot move"),
                           ("l", "wall"), ("RL", "should be l"), ("x", "not one of")]:  # fmt: skip
        with pytest.raises(InvalidInput, match=problem):
            replay(level, moves)
    with pytest.raises(InvalidInput, match="off their goals"):
        verify(level, "R")


def test_solution_files_round_trip() -> None:
    text = format_solution("Easy one", "R") + format_solution("Second", "luL\nR")
    assert parse_solutions(text) == {"Easy one": "R", "Second": "luLR"}
    assert parse_solutions("RRdd") == {"": "RRdd"}
    assert parse_solutions("Title: x\nSolution: RR\n") == {"x": "RR"}
    with pytest.raises(InvalidInput, match="no LURD"):
        parse_solutions("; only a title\n")
