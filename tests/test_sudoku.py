"""Sudoku: the kernel against the readable reference, counting, generation, budgets, results.

Parsing and files are in test_sudoku_io.py, the command line in test_sudoku_cli.py.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tansuo.errors import InvalidInput
from tansuo.result import RESULT_KEYS, STATS_KEYS, Result
from tansuo.sudoku import (
    Sudoku,
    SudokuStats,
    bundled_puzzles,
    generate,
    parse_puzzle,
    render_image,
    solve,
    solve_reference,
)

# the module, not the function of the same name that tansuo.sudoku exports
sudoku_solve = importlib.import_module("tansuo.sudoku.solve")

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
# top95 no. 11: the band kernel needs about fifty guesses (HARD needs none)
GUESSY = "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.."


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


# ---------------------------------------------------------------- solving


def test_top95_and_hardest_are_solved_and_proved_unique():
    for name in ("top95", "hardest"):
        for puzzle in bundled_puzzles(name):
            result = solve(puzzle, max_solutions=2)
            assert result.status == "solved" and result.count == 1 and result.exhausted
            assert is_valid_solution(puzzle, result.solution)


def test_counts_of_empty_grids():
    assert solve("." * 16, max_solutions=None).count == 288
    assert solve_reference("." * 16, max_solutions=None).count == 288
    # The 6x6 grid has 28,200,960 solutions; relabelling the values maps them one to one,
    # so each of the 720 possible first rows starts exactly 28,200,960 / 720 of them.
    assert solve("123456" + "." * 30, max_solutions=None).count == 28_200_960 // 720


@pytest.mark.parametrize(
    "text",
    [
        # Row 1 needs a 9 in its last cell, but column 9 already has a 9 further down.
        "12345678." + "." * 8 + "9" + "." * 63,
        # r1c1..r1c3 = 1 2 3 and r2c4 = 4 leave r1c4 without a value in a 4x4 grid
        "123....4........",
    ],
)
def test_no_solution_without_clashing_givens_is_proved(text):
    result = solve(text)
    assert result.status == "no_solution" and result.exhausted and result.solution is None
    assert solve_reference(text).status == "no_solution"


BUNDLED_CHECKED = {"hardest": (0, 1, 2, 3, 4, 6), "top95": (0, 10, 13, 15, 19)}
"""Puzzles of each bundled set checked against the pure-Python reference: 54-101 guesses
each in top95, up to 56 in hardest. (top95's 2nd, 4th, 5th and 6th take it 150-372
guesses, and were most of this file's time.)"""


@pytest.mark.parametrize("name", ["hardest", "top95"])
def test_kernel_matches_reference_on_bundled(name):
    puzzles = bundled_puzzles(name)
    for p in (puzzles[i] for i in BUNDLED_CHECKED[name]):
        a = solve(p, max_solutions=2, algorithm="general")
        b = solve_reference(p, max_solutions=2)
        assert a.count == b.count == 1
        assert a.solution == b.solution and a.solution.is_solution_of(p)
        assert a.stats.guesses == b.stats.guesses and a.stats.branches == b.stats.branches


def test_many_solutions_are_counted_and_limited():
    made = generate(9, seed=3)
    cells = list(made.puzzle.cells)
    for cell in [i for i, v in enumerate(cells) if v]:  # blank givens until it has a few
        cells[cell] = 0
        if solve(made.puzzle.with_cells(cells), max_solutions=3).count == 3:
            break
    puzzle = made.puzzle.with_cells(cells)
    reference = solve_reference(puzzle, max_solutions=None)
    assert reference.count > 2
    assert solve(puzzle, max_solutions=None).count == reference.count
    first_two = solve(puzzle, max_solutions=2)
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
        if solve(generated.puzzle.with_cells(cells), max_solutions=51).count > 50:
            cells[cell] = generated.puzzle.cells[cell]  # keep the pure-Python count small
    puzzle = generated.puzzle.with_cells(cells)
    fast = solve(puzzle, max_solutions=None, algorithm="general")
    slow = solve_reference(puzzle, max_solutions=None)
    assert fast.count == slow.count >= 1
    assert {s.to_string() for s in fast.solutions} == {s.to_string() for s in slow.solutions}
    assert fast.stats["guesses"] == slow.stats["guesses"]


@pytest.mark.parametrize(("size", "clues"), [(4, None), (6, None), (9, None), (12, 90), (16, 150)])
def test_generated_puzzles_have_exactly_one_solution(size, clues):
    for seed in range(3):
        made = generate(size, clues=clues, seed=seed)
        assert is_valid_solution(made.puzzle, made.solution)
        result = solve(made.puzzle, max_solutions=2)
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
            assert solve(made.puzzle.with_cells(cells), max_solutions=2).count == 2
            cells[cell] = given_value


def test_twenty_five_by_twenty_five_is_solved():
    made = generate(25, clues=420, seed=1)
    result = solve(made.puzzle, max_solutions=2)
    assert result.count == 1 and is_valid_solution(made.puzzle, result.solution)


@pytest.mark.parametrize("size", [4, 6, 9, 12, 16, 25])
def test_generated_puzzles_unique_and_solved(size):
    g = generate(size, seed=size, clues=None if size <= 12 else int(size * size * 0.7))
    r = solve(g.puzzle, max_solutions=2)
    assert r.count == 1 and r.solution == g.solution and g.solution.is_solution_of(g.puzzle)


# ---------------------------------------------------------------- budgets


def test_budgets_stop_with_limit_and_stats():
    root_only = solve(GUESSY, max_nodes=1)
    assert root_only.status == "limit" and root_only.stats["limit"] == "max_nodes"
    assert root_only.stats.nodes == 1 and root_only.stats.guesses == 0
    counting = solve("." * 36, max_solutions=None, time_limit=0.0)
    assert counting.status == "limit" and counting.stats["limit"] == "time_limit"
    assert not counting.exhausted and counting.count >= 1


@pytest.mark.parametrize("algorithm", ["bands", "general"])
def test_a_node_is_the_root_or_one_guess(algorithm):
    free = solve(GUESSY, algorithm=algorithm)
    assert free.stats.nodes == free.stats.guesses + 1 > 1
    nothing = solve(GUESSY, max_nodes=0, algorithm=algorithm)
    assert nothing.status == "limit" and nothing.stats.nodes == 0 and nothing.stats.singles == 0
    # singles alone solve an easy puzzle: one node is enough
    assert solve("1.3.3..2.1.34..1", max_nodes=1).status == "solved"
    assert solve("1.3.3..2.1.34..1", max_nodes=0).status == "limit"
    for budget in (2, 7, free.stats.nodes - 1):
        cut = solve(GUESSY, max_nodes=budget, algorithm=algorithm)
        assert cut.status == "limit" and cut.stats.nodes == budget
    exact = solve(GUESSY, max_nodes=free.stats.nodes, algorithm=algorithm)
    assert exact.status == "solved" and exact.solution == free.solution


def test_clashing_givens_raise_whatever_the_budget():
    for budget in ({}, {"max_nodes": 0}, {"max_nodes": 5}, {"time_limit": 1.0}):
        with pytest.raises(InvalidInput, match="r1c1, r1c2"):
            solve("11" + "." * 14, **budget)


def test_a_search_resumed_in_small_slices_finds_what_one_call_finds(monkeypatch):
    whole = solve("123456" + "." * 30, max_solutions=None)
    monkeypatch.setattr(sudoku_solve, "NODE_CHUNK", 7)  # resume after every 7 nodes
    sliced = solve("123456" + "." * 30, max_solutions=None, max_nodes=10**9)
    assert sliced.status == whole.status == "solved" and sliced.count == whole.count
    assert sliced.stats.as_dict() | {"elapsed_s": 0} == whole.stats.as_dict() | {"elapsed_s": 0}
    assert sliced.solutions == whole.solutions
    hard = solve(GUESSY, max_solutions=2, max_nodes=10**9)
    assert hard.unique and hard.stats.guesses == solve(GUESSY, max_solutions=2).stats.guesses > 7


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"max_solutions": 0}, "max_solutions must be at least 1"),
        ({"max_solutions": -2}, "max_solutions must be a whole number >= 0"),
        ({"max_solutions": 1.5}, "max_solutions"),
        ({"max_nodes": -1}, "max_nodes must be a whole number >= 0, got -1"),
        ({"time_limit": -1}, "time_limit must be a number of seconds >= 0"),
        ({"time_limit": float("nan")}, "time_limit"),
        ({"value_order": [1, 2, 3]}, "permutation of 1..4"),
    ],
)
def test_bad_arguments_say_which(kwargs, message):
    with pytest.raises(InvalidInput, match=message):
        solve("1.3.3..2.1.34..1", **kwargs)


# Time limits hold within max(0.1 s, 10%) on the largest grids (25x25), measured in
# CPU time of this process: the work done before the search looked at the clock
# (on a busy machine wall time also counts other processes' turns).
TIME_LIMIT = 0.3
SLACK = max(0.1, 0.1 * TIME_LIMIT)


@pytest.mark.parametrize(
    "puzzle",
    ["." * 625, "ABCDEFGHIJKLMNOP123456789" + "." * 600],
    ids=["empty", "first-row"],
)
def test_time_limit_holds_on_25x25(puzzle):
    solve(puzzle, max_nodes=1)  # the geometry of the size, made once
    started, cpu = time.perf_counter(), time.process_time()
    result = solve(puzzle, max_solutions=None, time_limit=TIME_LIMIT)
    used = time.process_time() - cpu
    assert result.status == "limit" and result.stats.limit == "time_limit"
    assert used <= TIME_LIMIT + SLACK, used
    assert time.perf_counter() - started >= TIME_LIMIT  # it did use its time
    assert result.count >= 1 and all(
        s.is_solution_of(parse_puzzle(puzzle)) for s in result.solutions[:3]
    )


# ---------------------------------------------------------------- the result


def test_results_follow_the_contract():
    result = solve(HARD, max_solutions=2)
    assert isinstance(result, Result) and result.solved and result.cost is None
    assert isinstance(result.stats, SudokuStats) and result.stats is result.stats  # built once
    assert result.stats["guesses"] == result.stats.guesses == result.stats.generated
    assert result.stats.expanded == result.stats.branches and result.stats.limit is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.count = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.stats.guesses = 3  # type: ignore[misc]
    data = result.as_dict()
    assert set(RESULT_KEYS) <= set(data) and set(STATS_KEYS) <= set(data["stats"])
    assert data["solution"] == result.solution.to_string() and data["unique"] is True
    assert data["count"] == 1 and data["puzzle"] == HARD
    reference = solve_reference(HARD, max_solutions=2)
    assert isinstance(reference, Result) and reference.as_dict()["solution"] == data["solution"]


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
