"""Sudoku of every size up to 25x25: parse, solve, count, generate, draw."""

from tansuo.sudoku.generate import GeneratedPuzzle, generate, random_solution
from tansuo.sudoku.model import Sudoku, box_shape, parse_box, parse_puzzle, parse_puzzles
from tansuo.sudoku.reference import SudokuProblem, solve_reference
from tansuo.sudoku.render import format_side_by_side, render_image, save_png
from tansuo.sudoku.solve import SudokuResult, solve

__all__ = [
    "GeneratedPuzzle",
    "Sudoku",
    "SudokuProblem",
    "SudokuResult",
    "box_shape",
    "format_side_by_side",
    "generate",
    "parse_box",
    "parse_puzzle",
    "parse_puzzles",
    "random_solution",
    "render_image",
    "save_png",
    "solve",
    "solve_reference",
]
