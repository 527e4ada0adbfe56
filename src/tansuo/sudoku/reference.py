"""The readable Sudoku solver: the same algorithm as the kernel, on :mod:`tansuo.search`.

This is the version to read. A state is the tuple of cell values after every
single has been filled; a step picks the empty cell with the fewest
candidates and tries each of its values in ascending order, filling the
singles that follow. Depth-first search of :func:`tansuo.search.dfs` over
these steps is the whole solver. It is slow (pure Python, sets and tuples),
and the tests check that the numba kernel of :func:`tansuo.sudoku.solve`
finds the same solutions with the same number of guesses.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from tansuo.result import LIMIT, NO_SOLUTION, SOLVED, Status
from tansuo.search import dfs
from tansuo.sudoku.io import parse_puzzle
from tansuo.sudoku.model import Sudoku
from tansuo.sudoku.result import SudokuResult, SudokuStats
from tansuo.sudoku.solve import _solutions_wanted

Grid = tuple[int, ...]


class SudokuProblem:
    """A Sudoku as a :class:`tansuo.search.Problem`.

    Parameters
    ----------
    puzzle : Sudoku
    collect : int or None
        The goal test records every complete grid it sees and reports a goal
        only once this many are recorded, so that a depth-first search
        enumerates solutions (None: never stop, count them all).

    Attributes
    ----------
    solutions : list of tuple
        Complete grids seen by the goal test, in search order.
    guesses, backtracks, branches : int
        Values tried at branch points, those that led to a contradiction, and
        the branch points.

    Examples
    --------
    >>> from tansuo.search import dfs
    >>> from tansuo.sudoku import parse_puzzle
    >>> problem = SudokuProblem(parse_puzzle("1.3.3..2.1.34..1"))
    >>> dfs(problem).status, problem.solutions[0][:4]
    ('solved', (1, 2, 3, 4))
    """

    def __init__(self, puzzle: Sudoku, *, collect: int | None = 1) -> None:
        self.puzzle = puzzle
        self.size = puzzle.size
        self.units = puzzle.units()
        self.peers: list[set[int]] = [set() for _ in puzzle.cells]
        for unit in self.units:
            for cell in unit:
                self.peers[cell].update(unit)
        for cell, peers in enumerate(self.peers):
            peers.discard(cell)
        self.collect = collect
        self.solutions: list[Grid] = []
        self.guesses = 0
        self.backtracks = 0
        self.branches = 0
        start = self.fill_singles(list(puzzle.cells))
        # A contradiction among the givens leaves a start state with no successors.
        self.initial_state: Grid | None = None if start is None else tuple(start)

    def candidates(self, values: list[int] | Grid, cell: int) -> set[int]:
        """Values not yet used by the cell's row, column and box."""
        used = {values[p] for p in self.peers[cell]}
        return {v for v in range(1, self.size + 1) if v not in used}

    def fill_singles(self, values: list[int]) -> list[int] | None:
        """Fill naked and hidden singles until none is left; None on a contradiction.

        A naked single is an empty cell with one candidate; a hidden single is
        a value with one possible cell in a row, column or box.
        """
        progress = True
        while progress:
            progress = False
            for cell, value in enumerate(values):
                if value == 0:
                    options = self.candidates(values, cell)
                    if not options:
                        return None
                    if len(options) == 1:
                        values[cell] = options.pop()
                        progress = True
            for unit in self.units:
                present = {values[c] for c in unit}
                for value in range(1, self.size + 1):
                    if value in present:
                        continue
                    places = [
                        c for c in unit if values[c] == 0 and value in self.candidates(values, c)
                    ]
                    if not places:
                        return None
                    if len(places) == 1:
                        values[places[0]] = value
                        present.add(value)
                        progress = True
        return values

    def fewest_candidates_cell(self, values: Grid) -> int | None:
        """The first empty cell (row by row) with the fewest candidates; None if full."""
        empty = [c for c, v in enumerate(values) if v == 0]
        if not empty:
            return None
        return min(empty, key=lambda c: len(self.candidates(values, c)))

    def is_goal(self, state: Grid | None) -> bool:
        if state is None or 0 in state:
            return False
        self.solutions.append(state)
        return self.collect is not None and len(self.solutions) >= self.collect

    def successors(self, state: Grid | None) -> Iterator[tuple[tuple[int, int], Grid, int]]:
        """``((cell, value), grid after its singles, 1)`` for each value of the branch cell."""
        if state is None:
            return
        cell = self.fewest_candidates_cell(state)
        if cell is None:
            return
        self.branches += 1
        for value in sorted(self.candidates(state, cell)):
            self.guesses += 1
            values = list(state)
            values[cell] = value
            child = self.fill_singles(values)
            if child is None:
                self.backtracks += 1
                continue
            yield (cell, value), tuple(child), 1


def solve_reference(
    puzzle: Sudoku | str,
    *,
    max_solutions: int | None = 1,
    max_expansions: int | None = None,
    time_limit: float | None = None,
) -> SudokuResult:
    """Solve with the readable algorithm and :func:`tansuo.search.dfs`.

    Same result type as :func:`tansuo.sudoku.solve`, with the generic
    engine's budgets (``max_expansions``: grids whose branch cell was tried).

    Parameters
    ----------
    puzzle : Sudoku or str
        The puzzle (a string is read by :func:`parse_puzzle`).
    max_solutions : int or None
        Stop after this many solutions; None counts them all.
    max_expansions : int, optional
        Budget: grids whose branch cell was tried.
    time_limit : float, optional
        Budget: seconds.

    Returns
    -------
    SudokuResult

    Raises
    ------
    InvalidInput
        A puzzle that cannot be read or whose givens clash, or a malformed budget.

    Examples
    --------
    >>> solve_reference("1.3.3..2.1.34..1").solution.to_string()
    '1234341221434321'
    """
    start = time.perf_counter()
    sudoku = parse_puzzle(puzzle) if isinstance(puzzle, str) else puzzle
    sudoku.check_consistent()
    wanted = _solutions_wanted(max_solutions)
    problem = SudokuProblem(sudoku, collect=None if max_solutions is None else wanted)
    result = dfs(problem, max_expansions=max_expansions, time_limit=time_limit)
    grids = tuple(sudoku.with_cells(s) for s in problem.solutions)
    if result.status == LIMIT:
        status: Status = LIMIT
    elif grids:
        status = SOLVED
    else:
        status = NO_SOLUTION
    searched = result.stats
    stats = SudokuStats(
        expanded=searched.expanded,
        generated=searched.generated,
        elapsed_s=time.perf_counter() - start,
        limit=searched.limit,
        nodes=problem.guesses + 1,
        guesses=problem.guesses,
        backtracks=problem.backtracks,
        branches=problem.branches,
    )
    return SudokuResult(
        status,
        sudoku,
        grids,
        len(grids),
        result.status == NO_SOLUTION,
        stats,
    )
