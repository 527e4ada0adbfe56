"""The Sudoku tab's adapter: every call into :mod:`tansuo.sudoku` the page makes.

``POST /api/sudoku/solve``
    ``{"puzzle": text, "count": bool, "max_solutions": n, "time_limit": s}``:
    :meth:`SudokuResult.as_dict`, plus ``size``, ``box`` and ``givens`` (the
    puzzle's cells as one string) for drawing. ``count`` counts every solution
    (within the time limit); otherwise the search stops at ``max_solutions`` (2:
    is it unique?).
``POST /api/sudoku/steps``
    ``{"puzzle": text, "time_limit": s}``: :func:`tansuo.sudoku.trace.solve_steps`
    (up to 9x9): each single placed and why, each guess and backtrack.
``POST /api/sudoku/generate``
    ``{"size": 9, "seed": n}``: a puzzle with exactly one solution.
"""

from __future__ import annotations

from typing import Any

from tansuo.errors import InvalidInput
from tansuo.sudoku import Sudoku, generate, parse_puzzle, solve
from tansuo.web.api import Call, Endpoint, Tab
from tansuo.web.limits import at_most

TAB = Tab("sudoku", "Sudoku", order=20)


def _solve(puzzle: Sudoku, max_solutions: int | None, time_limit: float) -> Any:
    # The one place the library's keywords appear: None counts every solution.
    return solve(puzzle, max_solutions=max_solutions, time_limit=time_limit)


def _shape(puzzle: Sudoku) -> dict[str, Any]:
    return {
        "size": puzzle.size,
        "box": [puzzle.box_rows, puzzle.box_cols],
        "givens": puzzle.to_string(),
    }


def solve_puzzle(call: Call) -> dict[str, Any]:
    """Solve, prove unique or count the puzzle sent."""
    puzzle = parse_puzzle(call.text("puzzle"))
    at_most(puzzle.size, call.limits.max_sudoku_size, "Sudoku size")
    max_solutions = None if call.flag("count") else call.integer("max_solutions", 2)
    if max_solutions is not None and max_solutions < 1:
        raise InvalidInput(f"max_solutions must be at least 1, got {max_solutions}")
    result = _solve(puzzle, max_solutions, call.limits.seconds(call.number("time_limit", None)))
    return {**result.as_dict(), **_shape(puzzle)}


MAX_STEPS_SIZE = 9
"""Side of the largest Sudoku solved step by step (the traced solver is plain Python)."""


def steps(call: Call) -> dict[str, Any]:
    """The puzzle solved by singles and guesses, every step with its reason."""
    from tansuo.sudoku.trace import solve_steps

    puzzle = parse_puzzle(call.text("puzzle"))
    at_most(puzzle.size, MAX_STEPS_SIZE, "Sudoku size for the step-by-step view")
    time_limit = call.limits.seconds(call.number("time_limit", None), 5.0)
    return solve_steps(puzzle, time_limit=time_limit).as_dict()


def generate_puzzle(call: Call) -> dict[str, Any]:
    """A new puzzle with one solution, its givens removed until none can go."""
    size = at_most(call.integer("size", 9), call.limits.max_generate_size, "Sudoku size")
    if size < 1:
        raise InvalidInput(f"size must be at least 1, got {size}")
    made = generate(size, seed=call.integer("seed", None))
    return {
        "puzzle": made.puzzle.to_string(),
        "solution": made.solution.to_string(),
        "clues": made.clues,
        "minimal": made.minimal,
        "guesses": made.guesses,
        **_shape(made.puzzle),
    }


ENDPOINTS = (
    Endpoint("POST", "/api/sudoku/solve", solve_puzzle),
    Endpoint("POST", "/api/sudoku/steps", steps),
    Endpoint("POST", "/api/sudoku/generate", generate_puzzle),
)
