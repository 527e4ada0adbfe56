"""Sudoku of every size up to 25x25: parse, solve, prove unique, count, generate, draw.

:func:`solve` is a numba kernel (singles to a fixed point, then depth first on
the cell with the fewest candidates); :func:`solve_reference` is the same
algorithm on :mod:`tansuo.search`, to read. Both return a
:class:`SudokuResult` (a :class:`tansuo.result.Result`).

Example
-------
>>> from tansuo.sudoku import parse_puzzle, solve
>>> result = solve(parse_puzzle("1.3.3..2.1.34..1"), max_solutions=2)
>>> result.status, result.unique, result.solution.to_string()
('solved', True, '1234341221434321')
"""

from tansuo.sudoku.generate import GeneratedPuzzle, generate, random_solution
from tansuo.sudoku.io import (
    bundled_puzzle_names,
    bundled_puzzles,
    bundled_text,
    format_puzzle,
    format_puzzles,
    load_puzzle,
    parse_box,
    parse_puzzle,
    parse_puzzles,
    read_puzzle,
    read_puzzles,
    write_puzzles,
)
from tansuo.sudoku.model import MAX_SIZE, SYMBOLS, Sudoku, box_shape
from tansuo.sudoku.reference import SudokuProblem, solve_reference
from tansuo.sudoku.render import format_side_by_side, render_image, save_png
from tansuo.sudoku.result import SudokuResult, SudokuStats
from tansuo.sudoku.solve import KEEP_SOLUTIONS, solve, warm_up

__all__ = [
    "KEEP_SOLUTIONS",
    "MAX_SIZE",
    "SYMBOLS",
    "GeneratedPuzzle",
    "Sudoku",
    "SudokuProblem",
    "SudokuResult",
    "SudokuStats",
    "box_shape",
    "bundled_puzzle_names",
    "bundled_puzzles",
    "bundled_text",
    "format_puzzle",
    "format_puzzles",
    "format_side_by_side",
    "generate",
    "load_puzzle",
    "parse_box",
    "parse_puzzle",
    "parse_puzzles",
    "random_solution",
    "read_puzzle",
    "read_puzzles",
    "render_image",
    "save_png",
    "solve",
    "solve_reference",
    "warm_up",
    "write_puzzles",
]
