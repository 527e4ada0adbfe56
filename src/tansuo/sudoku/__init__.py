"""Sudoku of every size up to 25x25: parse, solve, count, generate, draw."""

from tansuo.sudoku.model import Sudoku, box_shape, parse_box, parse_puzzle, parse_puzzles
from tansuo.sudoku.solve import SudokuResult, solve

__all__ = [
    "Sudoku",
    "SudokuResult",
    "box_shape",
    "parse_box",
    "parse_puzzle",
    "parse_puzzles",
    "solve",
]
