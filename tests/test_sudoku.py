"""Sudoku: parsing, the kernel against the readable reference, counting, generation."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tansuo.bench.sudoku import bundled_set
from tansuo.errors import InvalidInput
from tansuo.sudoku import Sudoku, parse_puzzle, parse_puzzles, solve
from tansuo.sudoku.generate import generate
from tansuo.sudoku.reference import solve_reference
from tansuo.sudoku.render import render_image

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def is_valid_solution(puzzle: Sudoku, grid: Sudoku) -> bool:
    """Checked from first principles: every unit holds 1..n once, and the givens are kept."""
    n, rows, cols = puzzle.size, puzzle.box_rows, puzzle.box_cols
    cells = grid.cells
    full = set(range(1, n + 1))
    for i in range(n):
        if {cells[i * n + c] for c in range(n)} != full:
            return False
        if {cells[r * n + i] for r in range(n)} != full:
            return False
    for top in range(0, n, rows):
        for left in range(0, n, cols):
            box = {cells[(top + r) * n + left + c] for r in range(rows) for c in range(cols)}
            if box != full:
                return False
    return all(g in (0, v) for g, v in zip(puzzle.cells, cells, strict=True))


# ---------------------------------------------------------------- parsing


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


# ---------------------------------------------------------------- solving


def test_top95_and_hardest_are_solved_and_proved_unique():
    for name in ("top95", "hardest"):
        for puzzle in bundled_set(name):
            result = solve(puzzle, limit=2)
            assert result.status == "solved" and result.count == 1 and result.exhausted
            assert is_valid_solution(puzzle, result.solution)


def test_counts_of_empty_grids():
    assert solve("." * 16, limit=None).count == 288
    # The 6x6 grid has 28,200,960 solutions; relabelling the values maps them one to one,
    # so each of the 720 possible first rows starts exactly 28,200,960 / 720 of them.
    assert solve("123456" + "." * 30, limit=None).count == 28_200_960 // 720


def test_no_solution_without_clashing_givens_is_proved():
    # Row 1 needs a 9 in its last cell, but column 9 already has a 9 further down.
    text = "12345678." + "." * 8 + "9" + "." * 63
    result = solve(text)
    assert result.status == "no_solution" and result.exhausted and result.solution is None


def test_many_solutions_are_counted_and_limited():
    made = generate(9, seed=3)
    cells = list(made.puzzle.cells)
    for cell in [i for i, v in enumerate(cells) if v]:  # blank givens until it has a few
        cells[cell] = 0
        if solve(made.puzzle.with_cells(cells), limit=3).count == 3:
            break
    puzzle = made.puzzle.with_cells(cells)
    reference = solve_reference(puzzle, limit=None)
    assert reference.count > 2
    assert solve(puzzle, limit=None).count == reference.count
    first_two = solve(puzzle, limit=2)
    assert first_two.count == 2 and not first_two.unique
    assert all(is_valid_solution(puzzle, s) for s in first_two.solutions)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([4, 6, 9]), st.integers(0, 10**6), st.integers(0, 6))
def test_kernel_and_reference_agree(size, seed, extra_blanks):
    """Same solutions, same count, same guesses: one algorithm at two speeds."""
    generated = generate(size, seed=seed)
    rng = random.Random(seed)
    cells = list(generated.puzzle.cells)
    filled = [i for i, v in enumerate(cells) if v]
    for cell in rng.sample(filled, min(extra_blanks, len(filled))):
        cells[cell] = 0  # may make it non-unique: then both must count the same
        if solve(generated.puzzle.with_cells(cells), limit=51).count > 50:
            cells[cell] = generated.puzzle.cells[cell]  # keep the pure-Python count small
    puzzle = generated.puzzle.with_cells(cells)
    fast = solve(puzzle, limit=None)
    slow = solve_reference(puzzle, limit=None)
    assert fast.count == slow.count >= 1
    assert {s.to_string() for s in fast.solutions} == {s.to_string() for s in slow.solutions}
    assert fast.stats["guesses"] == slow.stats["guesses"]


@pytest.mark.parametrize(("size", "clues"), [(4, None), (6, None), (9, None), (12, 90), (16, 150)])
def test_generated_puzzles_have_exactly_one_solution(size, clues):
    for seed in range(3):
        made = generate(size, clues=clues, seed=seed)
        assert is_valid_solution(made.puzzle, made.solution)
        result = solve(made.puzzle, limit=2)
        assert result.count == 1 and result.exhausted
        assert result.solution == made.solution
        if clues is not None:
            assert made.clues == clues == made.puzzle.given_count


def test_minimal_puzzles_lose_uniqueness_when_any_given_goes():
    made = generate(9, minimal=True, seed=5)
    assert made.minimal
    cells = list(made.puzzle.cells)
    for cell, given_value in enumerate(cells):
        if given_value:
            cells[cell] = 0
            assert solve(made.puzzle.with_cells(cells), limit=2).count == 2
            cells[cell] = given_value


def test_twenty_five_by_twenty_five_is_solved():
    made = generate(25, clues=420, seed=1)
    result = solve(made.puzzle, limit=2)
    assert result.count == 1 and is_valid_solution(made.puzzle, result.solution)


def test_budgets_stop_with_limit_and_stats():
    out_of_guesses = solve(HARD, max_guesses=0)
    assert out_of_guesses.status == "limit" and out_of_guesses.stats["limit"] == "max_guesses"
    counting = solve("." * 36, limit=None, time_limit=0.0)
    assert counting.status == "limit" and counting.stats["limit"] == "time_limit"
    assert not counting.exhausted


def test_render_colours_givens_grey_and_filled_cells_yellow():
    puzzle = parse_puzzle(HARD)
    image = render_image(puzzle, solve(puzzle).solution, cell_size=40)
    margin = (image.size[0] - 9 * 40) // 2

    def corner_colour(row, col):
        return image.getpixel((margin + col * 40 + 5, margin + row * 40 + 5))

    given, filled = corner_colour(0, 0), corner_colour(0, 1)  # '4' is given, r1c2 is not
    assert given != filled
    assert given[0] == given[1] == given[2]  # grey
    assert filled[0] > 200 and filled[1] > 200 and filled[2] < 200  # yellow
