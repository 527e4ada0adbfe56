"""The step-by-step Sudoku of the web page reaches the fast solver's answer."""

from __future__ import annotations

import pytest

from tansuo.errors import InvalidInput
from tansuo.sudoku import generate, solve
from tansuo.sudoku.trace import solve_steps

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _replay(trace):
    grid = list(trace.givens)
    n = trace.size
    for step in trace.steps:
        if step["kind"] == "backtrack":
            for i in step["clear"]:
                grid[i] = 0
            continue
        i, value = step["cell"], step["value"]
        assert grid[i] == 0
        row, col = divmod(i, n)
        peers = [grid[row * n + c] for c in range(n)] + [grid[r * n + col] for r in range(n)]
        assert value not in peers  # never placed against a row or column
        grid[i] = value
    return grid


@pytest.mark.parametrize("puzzle", [HARD, generate(9, seed=5).puzzle, generate(4, seed=1).puzzle])
def test_steps_reach_the_solvers_answer(puzzle):
    trace = solve_steps(puzzle)
    expected = solve(puzzle).solution
    assert trace.status == "solved"
    assert trace.solution == list(expected.cells)
    assert _replay(trace) == trace.solution  # the steps, replayed, build the answer


def test_reasons_name_their_rule_and_unit():
    trace = solve_steps(HARD)
    kinds = {s["kind"] for s in trace.steps}
    assert {"hidden", "guess", "backtrack"} <= kinds
    hidden = next(s for s in trace.steps if s["kind"] == "hidden")
    assert hidden["unit"].split()[0] in ("row", "column", "box") and hidden["unit"] in hidden["why"]


def test_no_solution_and_limits():
    # a valid-looking grid with no solution: row 1 needs 9 where column 9 already has it
    puzzle = "12345678." + "........9" + "." * 63
    assert solve_steps(puzzle).status == solve(puzzle).status == "no_solution"
    assert solve_steps(HARD, max_steps=10).status == "limit"
    with pytest.raises(InvalidInput):
        solve_steps(HARD, max_steps=0)
