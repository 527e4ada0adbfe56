"""Generating Sudoku puzzles with exactly one solution.

A random complete grid is made by the solver itself (a random first row and a
random value order, then random row, column, band and stack shuffles that keep
every rule). Givens are then removed in a random order, each removal kept only
if the puzzle still has exactly one solution (``solve(..., max_solutions=2)``), until
the asked number of clues is reached or no given can go. One pass over the
cells is enough for minimality: removing a given only adds solutions, so a
given that could not go earlier cannot go later either.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tansuo.budget import check_count
from tansuo.errors import InvalidInput
from tansuo.sudoku.model import Sudoku, box_shape
from tansuo.sudoku.solve import solve

GRID_NODES = 20_001
"""Node budget for filling a random grid (the root and 20,000 guesses): a random
value order rarely needs more, and a fill that runs out starts over."""

CHECK_NODES = 5_001
"""Default node budget of one uniqueness check (the root and 5,000 guesses); a
check that runs out keeps its given."""


@dataclass(frozen=True, slots=True)
class GeneratedPuzzle:
    """A generated puzzle, its solution and how hard it is.

    Attributes
    ----------
    puzzle, solution : Sudoku
    clues : int
        The number of givens.
    minimal : bool
        No given can be removed without losing uniqueness (every removal was tried).
    guesses : int
        Guesses :func:`~tansuo.sudoku.solve` needs to solve it: 0 means singles
        alone solve it; more guesses, harder puzzle.
    seed : int or None
        The seed it was generated from.

    Examples
    --------
    >>> from tansuo.sudoku import generate
    >>> made = generate(4, seed=1)
    >>> made.puzzle.to_string(), made.clues, made.minimal
    ('2.........1..13.', 4, True)
    """

    puzzle: Sudoku
    solution: Sudoku
    clues: int
    minimal: bool
    guesses: int
    seed: int | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "puzzle": self.puzzle.to_string(),
            "solution": self.solution.to_string(),
            "size": self.puzzle.size,
            "box": f"{self.puzzle.box_rows}x{self.puzzle.box_cols}",
            "clues": self.clues,
            "minimal": self.minimal,
            "guesses": self.guesses,
            "seed": self.seed,
        }


def random_solution(
    size: int = 9, *, box: tuple[int, int] | None = None, rng: random.Random | None = None
) -> Sudoku:
    """A random complete valid grid.

    Parameters
    ----------
    size : int
        The side of the grid.
    box : (rows, cols), optional
        The box shape; by default :func:`box_shape` of the size.
    rng : random.Random, optional
        The source of randomness (default: a fresh unseeded one).

    Returns
    -------
    Sudoku
        Every cell filled, no clash.

    Examples
    --------
    >>> grid = random_solution(6, rng=random.Random(1))
    >>> grid.is_complete and not grid.clashes()
    True
    """
    rng = rng if rng is not None else random.Random()
    rows, cols = box if box is not None else box_shape(size)
    if rows * cols != size:
        raise InvalidInput(f"boxes of {rows}x{cols} do not tile a {size}x{size} grid")
    while True:
        first_row = list(range(1, size + 1))
        rng.shuffle(first_row)
        order = list(range(1, size + 1))
        rng.shuffle(order)
        start = Sudoku(rows, cols, tuple(first_row) + (0,) * (size * size - size))
        result = solve(start, value_order=order, max_nodes=GRID_NODES)
        if result.solution is not None:
            break
    grid = [list(result.solution.cells[r * size : (r + 1) * size]) for r in range(size)]
    row_order = _shuffled_lines(size, rows, rng)
    col_order = _shuffled_lines(size, cols, rng)
    cells = [grid[r][c] for r in row_order for c in col_order]
    return Sudoku(rows, cols, tuple(cells))


def _shuffled_lines(size: int, group: int, rng: random.Random) -> list[int]:
    """Lines in a random order that keeps each band (of ``group`` lines) together."""
    bands = list(range(size // group))
    rng.shuffle(bands)
    order = []
    for band in bands:
        lines = [band * group + i for i in range(group)]
        rng.shuffle(lines)
        order.extend(lines)
    return order


def generate(
    size: int = 9,
    *,
    box: tuple[int, int] | None = None,
    clues: int | None = None,
    minimal: bool = False,
    seed: int | None = None,
    attempts: int = 20,
    check_nodes: int = CHECK_NODES,
) -> GeneratedPuzzle:
    """Generate a puzzle with exactly one solution.

    Parameters
    ----------
    size : int
        Side of the grid (4, 6, 9, 12, 16, 25, ...).
    box : (rows, cols), optional
        Box shape; by default :func:`~tansuo.sudoku.box_shape` of the size.
    clues : int, optional
        Stop removing givens at this many. Without it (or with ``minimal``)
        givens are removed until none can go.
    minimal : bool
        Remove givens until none can go (the default when ``clues`` is None).
    seed : int, optional
        Makes the result reproducible.
    attempts : int
        Fresh grids to try before giving up on reaching ``clues``.
    check_nodes : int
        Node budget of each uniqueness check (see :func:`~tansuo.sudoku.solve`).
        A removal whose check runs out is undone (the puzzle stays unique)
        and the result is not called minimal; large minimal grids (16x16,
        25x25) meet such checks.

    Raises
    ------
    InvalidInput
        ``clues`` outside ``0..size*size``, or too few to reach in ``attempts`` grids.

    Examples
    --------
    >>> g = generate(4, seed=7)
    >>> g.minimal, g.solution.is_solution_of(g.puzzle)
    (True, True)
    """
    rows, cols = box if box is not None else box_shape(size)
    if rows * cols != size:
        raise InvalidInput(f"boxes of {rows}x{cols} do not tile a {size}x{size} grid")
    ncells = size * size
    if clues is not None and not 0 <= clues <= ncells:
        raise InvalidInput(f"clues must be between 0 and {ncells}, got {clues}")
    if attempts < 1:
        raise InvalidInput(f"attempts must be at least 1, got {attempts}")
    check_count(check_nodes, "check_nodes")
    target = 0 if (minimal or clues is None) else clues
    rng = random.Random(seed)
    fewest = ncells
    for _ in range(attempts):
        solution = random_solution(size, box=(rows, cols), rng=rng)
        puzzle, complete_pass = _remove_givens(solution, target, rng, check_nodes)
        count = puzzle.given_count
        fewest = min(fewest, count)
        if count <= target or target == 0:
            difficulty = solve(puzzle).stats["guesses"]
            return GeneratedPuzzle(
                puzzle=puzzle,
                solution=solution,
                clues=count,
                minimal=complete_pass,
                guesses=difficulty,
                seed=seed,
            )
    raise InvalidInput(
        f"could not reach {clues} clues in {attempts} grids (fewest reached: {fewest}); "
        "ask for more clues, or use --minimal"
    )


def _remove_givens(
    solution: Sudoku, target: int, rng: random.Random, check_nodes: int
) -> tuple[Sudoku, bool]:
    """Remove givens in random order while the solution stays unique.

    Returns the puzzle and whether it is proved minimal (every given was tried
    and every check finished within its budget).
    """
    cells = list(solution.cells)
    order = list(range(len(cells)))
    rng.shuffle(order)
    count = len(cells)
    proved = True
    for position, cell in enumerate(order):
        if count <= target:
            return solution.with_cells(cells), position == len(order) and proved
        kept = cells[cell]
        cells[cell] = 0
        check = solve(solution.with_cells(cells), max_solutions=2, max_nodes=check_nodes)
        if check.status == "solved" and check.count == 1:
            count -= 1
        else:
            cells[cell] = kept
            proved = proved and check.status != "limit"
    return solution.with_cells(cells), proved
