"""Sudoku text formats: lines, framed grids, files of puzzles, bundled sets, inline or path."""

from __future__ import annotations

import pytest

from tansuo.errors import InvalidInput
from tansuo.sudoku import (
    Sudoku,
    bundled_puzzle_names,
    bundled_puzzles,
    format_puzzle,
    load_puzzle,
    parse_box,
    parse_puzzle,
    parse_puzzles,
    read_puzzle,
    read_puzzles,
    write_puzzles,
)

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_parses_a_line_a_decorated_grid_and_zeros_alike():
    line = parse_puzzle(HARD)
    grid_text = "\n".join(
        " | ".join(" ".join(HARD[r * 9 + c : r * 9 + c + 3]) for c in (0, 3, 6))
        + ("\n------+-------+------" if r in (2, 5) else "")
        for r in range(9)
    )
    assert parse_puzzle(grid_text) == line
    assert parse_puzzle(HARD.replace(".", "0")) == line
    assert line.size == 9 and line.given_count == 17


def test_sizes_are_inferred_with_their_boxes():
    assert (parse_puzzle("." * 16).box_rows, parse_puzzle("." * 16).box_cols) == (2, 2)
    six = parse_puzzle("." * 36)
    assert six.size == 6 and six.box_rows * six.box_cols == 6
    sixteen = parse_puzzle("G" + "." * 255)
    assert sixteen.size == 16 and sixteen.cells[0] == 16
    assert parse_puzzle("." * 625).size == 25


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("." * 80, "80 cells"),
        ("1x" + "." * 79, "column 2"),
        ("11" + "." * 79, "r1c1, r1c2"),
        ("5" + "." * 8 + "5" + "." * 71, "column 1"),
        ("H" + "." * 255, "H"),  # 16x16 uses 1-9 and A-G only
    ],
)
def test_bad_puzzles_say_what_and_where(text, message):
    with pytest.raises(InvalidInput) as info:
        parse_puzzle(text)
    assert message in str(info.value)


def test_a_file_of_puzzles_keeps_line_numbers_and_skips_comments():
    text = f"# top\n{HARD}\n\n{HARD.replace('4', '.', 1)}\n"
    puzzles = parse_puzzles(text)
    assert [line for line, _ in puzzles] == [2, 4]
    with pytest.raises(InvalidInput, match="line 3"):
        parse_puzzles(f"{HARD}\n{HARD}\n{HARD[:-1]}x\n")


@pytest.mark.parametrize(
    ("text", "where"),
    [("1x" + "." * 14, "column 2"), ("." * 15, "15 cells"), ("11" + "." * 14, "r1c1, r1c2")],
)
def test_small_bad_puzzles_name_the_place(text, where):
    with pytest.raises(InvalidInput, match=where):
        parse_puzzle(text)


def test_box_shapes():
    assert parse_box("2x3") == (2, 3) and parse_box("3*4") == (3, 4)
    assert parse_puzzle("." * 36, box=(3, 2)).box_rows == 3
    for bad in ("3", "ax3", "0x3", "6x6"):
        with pytest.raises(InvalidInput):
            parse_box(bad)


def test_files_of_puzzles_round_trip(tmp_path):
    puzzles = [parse_puzzle(HARD), Sudoku.empty(4), parse_puzzle("G" + "." * 255)]
    path = tmp_path / "puzzles.txt"
    write_puzzles(path, puzzles)
    assert [p for _, p in parse_puzzles(path.read_text())] == puzzles
    assert [line for line, _ in parse_puzzles(path.read_text())] == [1, 2, 3]
    assert path.read_text().splitlines()[0] == format_puzzle(puzzles[0]) == HARD


def test_one_puzzle_files_take_a_framed_grid_and_comments(tmp_path):
    framed = tmp_path / "grid.txt"
    framed.write_text("# the chapter's example\n" + parse_puzzle(HARD).format_grid() + "\n")
    assert read_puzzle(framed) == parse_puzzle(HARD)
    with pytest.raises(InvalidInput, match="is a directory"):
        read_puzzle(tmp_path)
    with pytest.raises(InvalidInput, match="no such file"):
        read_puzzles(tmp_path / "missing.txt")


def test_bundled_sets():
    assert bundled_puzzle_names() == ("hardest", "top95")
    assert len(bundled_puzzles("hardest")) == 11 and len(bundled_puzzles("top95")) == 95
    assert all(p.size == 9 for p in bundled_puzzles("top95"))
    with pytest.raises(InvalidInput, match="choose one of: hardest, top95"):
        bundled_puzzles("easy")


@pytest.mark.parametrize("size", [16, 25])
def test_a_long_line_is_a_puzzle_not_a_file_name(size):
    """256 or 625 characters are longer than any file name: no 'File name too long'."""
    line = "1" + "." * (size * size - 1)
    assert load_puzzle(line).size == size
    with pytest.raises(InvalidInput, match="column 2"):
        load_puzzle("1x" + "." * (size * size - 2))


def test_load_puzzle_tells_files_folders_and_puzzles_apart(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.txt").write_text(HARD + "\n")
    assert load_puzzle("p.txt") == parse_puzzle(HARD)
    assert load_puzzle(HARD) == parse_puzzle(HARD)
    (tmp_path / "1.3.3..2.1.34..1").write_text(HARD)  # a file by a puzzle's name wins
    assert load_puzzle("1.3.3..2.1.34..1").size == 9
    (tmp_path / "folder").mkdir()
    with pytest.raises(InvalidInput, match="folder: is a directory"):
        load_puzzle("folder")
    with pytest.raises(InvalidInput, match="no such file"):
        load_puzzle("puzzles/missing.txt")
    with pytest.raises(InvalidInput, match="unknown character"):
        load_puzzle("12x")
