"""The Sudoku grid: sizes, symbols, box shapes, units, and the grid's own text forms.

A grid of ``n x n`` cells is split into boxes of ``box_rows x box_cols``
cells (``box_rows * box_cols == n``), for any ``n`` up to 25: 4x4 (2x2
boxes), 6x6 (2x3), 9x9 (3x3), 12x12 (3x4), 16x16 (4x4), 25x25 (5x5), ...
Values are written ``1``-``9`` and then ``A``-``P`` (a 16x16 grid uses
``1``-``9`` and ``A``-``G``); an empty cell is ``.``, or ``0`` in grids up to
9x9. Cells are numbered row by row from 0, values from 1; 0 is empty.
Reading puzzles from text and files is :mod:`tansuo.sudoku.io`'s job.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from tansuo.errors import InvalidInput

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
"""The symbol of value ``v`` is ``SYMBOLS[v - 1]``."""

MAX_SIZE = len(SYMBOLS)
"""The largest grid side tansuo handles (25)."""

EMPTY = "."
"""The symbol of an empty cell (``0`` is read as empty too, in grids up to 9x9)."""


def box_shape(size: int) -> tuple[int, int]:
    """The usual box shape of an ``size x size`` grid: rows <= columns, as square as possible.

    Parameters
    ----------
    size : int
        The side of the grid, 1 to :data:`MAX_SIZE`.

    Returns
    -------
    (rows, cols) : tuple of int

    Raises
    ------
    InvalidInput
        A size out of range.

    Examples
    --------
    >>> box_shape(9), box_shape(6), box_shape(12)
    ((3, 3), (2, 3), (3, 4))
    """
    check_size(size)
    rows = max(d for d in range(1, math.isqrt(size) + 1) if size % d == 0)
    if rows == 1 and size > 1:
        # 1xN "boxes" are just the rows again: a Latin square, not a Sudoku.
        raise InvalidInput(
            f"a {size}x{size} grid has no box shape ({size} is prime); "
            f"give one with --box (1x{size} makes it a Latin square)"
        )
    return rows, size // rows


def check_size(size: int) -> None:
    """Raise :class:`InvalidInput` unless ``size`` is a grid side tansuo handles (1..25)."""
    if not 1 <= size <= MAX_SIZE:
        raise InvalidInput(f"grid size {size}: tansuo handles sizes 1 to {MAX_SIZE}")


def cell_name(cell: int, size: int) -> str:
    """``r3c7``: the 1-based row and column of a cell number."""
    return f"r{cell // size + 1}c{cell % size + 1}"


def symbol_range(size: int) -> str:
    """How the values of a grid are written, for messages: ``1-9, A-G``."""
    if size <= 9:
        return f"1-{size}" if size > 1 else "1"
    last = SYMBOLS[size - 1]
    return "1-9, A" if last == "A" else f"1-9, A-{last}"


@dataclass(frozen=True, slots=True)
class Sudoku:
    """A Sudoku grid: its box shape and its cells (0 empty, 1..n values), row by row.

    Build one with :func:`~tansuo.sudoku.io.parse_puzzle` (checked text input), :meth:`empty`,
    or directly from a sequence of numbers. The constructor checks the shape
    and the value range; whether the givens clash is :meth:`clashes`' job.

    Parameters
    ----------
    box_rows, box_cols : int
        The shape of a box; the grid's side is their product.
    cells : tuple of int
        Row by row, 0 for empty.

    Raises
    ------
    InvalidInput
        A cell count that does not fit the shape, or a value out of range.

    Examples
    --------
    >>> from tansuo.sudoku import parse_puzzle
    >>> s = parse_puzzle("1.3.3..2.1.34..1")
    >>> s.size, s.box_rows, s.box_cols, s.given_count
    (4, 2, 2, 8)
    >>> s.to_string()
    '1.3.3..2.1.34..1'
    """

    box_rows: int
    box_cols: int
    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        size = self.box_rows * self.box_cols
        check_size(size)
        cells = tuple(int(v) for v in self.cells)
        object.__setattr__(self, "cells", cells)
        if len(cells) != size * size:
            raise InvalidInput(f"a {size}x{size} grid has {size * size} cells, got {len(cells)}")
        for cell, value in enumerate(cells):
            if not 0 <= value <= size:
                raise InvalidInput(f"{cell_name(cell, size)}: value {value} is outside 0..{size}")

    @property
    def size(self) -> int:
        """The side of the grid (9 for a classic Sudoku)."""
        return self.box_rows * self.box_cols

    @property
    def given_count(self) -> int:
        """How many cells are filled."""
        return sum(1 for v in self.cells if v)

    @property
    def is_complete(self) -> bool:
        """Every cell filled (not necessarily validly: see :meth:`clashes`)."""
        return all(self.cells)

    @classmethod
    def empty(cls, size: int = 9, box: tuple[int, int] | None = None) -> Sudoku:
        """An empty grid of the given size (box shape from :func:`box_shape` unless given)."""
        rows, cols = box if box is not None else box_shape(size)
        if rows * cols != size:
            raise InvalidInput(f"boxes of {rows}x{cols} do not tile a {size}x{size} grid")
        return cls(rows, cols, (0,) * (size * size))

    @classmethod
    def from_string(
        cls, text: str, *, size: int | None = None, box: tuple[int, int] | None = None
    ) -> Sudoku:
        """Same as :func:`tansuo.sudoku.io.parse_puzzle`."""
        from tansuo.sudoku.io import parse_puzzle

        return parse_puzzle(text, size=size, box=box)

    def value(self, row: int, col: int) -> int:
        """The value at 0-based ``(row, col)``; 0 when empty."""
        return self.cells[row * self.size + col]

    def units(self) -> list[list[int]]:
        """Every row, column and box as a list of cell numbers (rows, then columns, then boxes)."""
        return unit_cells(self.box_rows, self.box_cols)

    def clashes(self) -> list[str]:
        """Where filled cells break a rule, as sentences; empty when the givens are consistent.

        Examples
        --------
        >>> from tansuo.sudoku import parse_puzzle
        >>> parse_puzzle("11..............", check=False).clashes()
        ['1 appears twice in row 1 (r1c1, r1c2)', '1 appears twice in box 1 (r1c1, r1c2)']
        """
        size = self.size
        found = []
        kinds = ["row"] * size + ["column"] * size + ["box"] * size
        for index, unit in enumerate(self.units()):
            seen: dict[int, list[int]] = {}
            for cell in unit:
                if self.cells[cell]:
                    seen.setdefault(self.cells[cell], []).append(cell)
            for value, cells in sorted(seen.items()):
                if len(cells) > 1:
                    times = "twice" if len(cells) == 2 else f"{len(cells)} times"
                    where = ", ".join(cell_name(c, size) for c in cells)
                    found.append(
                        f"{SYMBOLS[value - 1]} appears {times} in {kinds[index]} "
                        f"{index % size + 1} ({where})"
                    )
        return found

    def check_consistent(self) -> None:
        """Raise :class:`InvalidInput` naming the clashing cells if the givens break a rule."""
        found = self.clashes()
        if found:
            more = f" (and {len(found) - 3} more)" if len(found) > 3 else ""
            raise InvalidInput("givens clash: " + "; ".join(found[:3]) + more)

    def is_solution_of(self, puzzle: Sudoku) -> bool:
        """Whether this grid is complete, breaks no rule and keeps every given of ``puzzle``."""
        if (self.box_rows, self.box_cols) != (puzzle.box_rows, puzzle.box_cols):
            return False
        if not self.is_complete or self.clashes():
            return False
        return all(g == 0 or g == v for g, v in zip(puzzle.cells, self.cells, strict=True))

    def with_cells(self, cells: Iterable[int]) -> Sudoku:
        """A grid of the same shape with other cells."""
        return Sudoku(self.box_rows, self.box_cols, tuple(cells))

    @classmethod
    def _trusted(cls, box_rows: int, box_cols: int, cells: tuple[int, ...]) -> Sudoku:
        """Build without checks, for grids the solver itself produced (a hot path)."""
        grid = object.__new__(cls)
        object.__setattr__(grid, "box_rows", box_rows)
        object.__setattr__(grid, "box_cols", box_cols)
        object.__setattr__(grid, "cells", cells)
        return grid

    def to_string(self) -> str:
        """The one-line form: ``n*n`` symbols, ``.`` for an empty cell."""
        return "".join(SYMBOLS[v - 1] if v else EMPTY for v in self.cells)

    def format_grid(self) -> str:
        """The grid over ``n`` lines with box separators (what the terminal shows).

        Examples
        --------
        >>> from tansuo.sudoku import parse_puzzle
        >>> print(parse_puzzle("1.3.3..2.1.34..1").format_grid())
        1 . | 3 .
        3 . | . 2
        ----+----
        . 1 | . 3
        4 . | . 1
        """
        size, rows, cols = self.size, self.box_rows, self.box_cols
        sym = self.to_string()
        lines = []
        rule = "-+-".join("-" * (2 * cols - 1) for _ in range(size // cols))
        for r in range(size):
            if r and r % rows == 0:
                lines.append(rule)
            row = sym[r * size : (r + 1) * size]
            groups = [" ".join(row[b : b + cols]) for b in range(0, size, cols)]
            lines.append(" | ".join(groups))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.format_grid()

    def __repr__(self) -> str:
        shape = (
            ""
            if box_shape(self.size) == (self.box_rows, self.box_cols)
            else (f", box=({self.box_rows}, {self.box_cols})")
        )
        return f"parse_puzzle({self.to_string()!r}{shape})"


_UNITS_CACHE: dict[tuple[int, int], list[list[int]]] = {}


def unit_cells(box_rows: int, box_cols: int) -> list[list[int]]:
    """Rows, then columns, then boxes of a grid, each as a list of cell numbers."""
    key = (box_rows, box_cols)
    if key not in _UNITS_CACHE:
        n = box_rows * box_cols
        rows = [[r * n + c for c in range(n)] for r in range(n)]
        cols = [[r * n + c for r in range(n)] for c in range(n)]
        boxes = []
        for band in range(0, n, box_rows):
            for stack in range(0, n, box_cols):
                boxes.append(
                    [(band + r) * n + stack + c for r in range(box_rows) for c in range(box_cols)]
                )
        _UNITS_CACHE[key] = rows + cols + boxes
    return _UNITS_CACHE[key]
