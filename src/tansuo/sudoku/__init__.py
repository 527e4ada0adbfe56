"""Sudoku of every size up to 25x25: parse, solve, prove unique, count, generate, draw.

:func:`solve` runs a numba kernel: on 9x9 grids the band kernel (bitmasks of
whole bands: box-line interactions and singles for all cells at once), on
other sizes the general one (singles to a fixed point, then depth first on the
cell with the fewest candidates); :func:`solve_reference` is the general
algorithm on :mod:`tansuo.search`, to read. All return a
:class:`SudokuResult` (a :class:`tansuo.result.Result`). Many 9x9 puzzles go
as one array: :func:`read_puzzles` reads a file of them with numpy and
:func:`solve_many` solves them in one kernel call.

Examples
--------
>>> from tansuo.sudoku import parse_puzzle, solve
>>> result = solve(parse_puzzle("1.3.3..2.1.34..1"), max_solutions=2)
>>> result.status, result.unique, result.solution.to_string()
('solved', True, '1234341221434321')
"""

from typing import TYPE_CHECKING, Any

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
    parse_puzzle_lines,
    parse_puzzles,
    read_puzzle,
    read_puzzles,
    write_puzzles,
)
from tansuo.sudoku.many import STATUS_NAMES, SudokuResults, solve_many, warm_up
from tansuo.sudoku.model import MAX_SIZE, SYMBOLS, Sudoku, box_shape
from tansuo.sudoku.render import format_side_by_side, render_image, save_png
from tansuo.sudoku.result import SudokuResult, SudokuStats
from tansuo.sudoku.solve import ALGORITHMS, KEEP_SOLUTIONS, solve

if TYPE_CHECKING:
    from tansuo.sudoku.reference import SudokuProblem, solve_reference

__all__ = [
    "ALGORITHMS",
    "KEEP_SOLUTIONS",
    "MAX_SIZE",
    "STATUS_NAMES",
    "SYMBOLS",
    "GeneratedPuzzle",
    "Sudoku",
    "SudokuProblem",
    "SudokuResult",
    "SudokuResults",
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
    "parse_puzzle_lines",
    "parse_puzzles",
    "random_solution",
    "read_puzzle",
    "read_puzzles",
    "render_image",
    "save_png",
    "solve",
    "solve_many",
    "solve_reference",
    "warm_up",
    "write_puzzles",
]


def __getattr__(name: str) -> Any:
    """The pure-Python reference solver, imported on first use (it imports tansuo.search,
    which a command that solves with the kernels does not need)."""
    if name in ("SudokuProblem", "solve_reference"):
        from tansuo.sudoku import reference

        return getattr(reference, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
