"""Solving Sudoku: find one solution, prove it unique, or count them, with one call.

The fast path is the numba kernel of :mod:`tansuo.sudoku._kernels`; the same
algorithm written for reading, on top of :mod:`tansuo.search`, is
:func:`tansuo.sudoku.reference.solve_reference`, and the tests hold the two to
the same answers and the same number of guesses.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tansuo.errors import InvalidInput
from tansuo.search import Status
from tansuo.sudoku import _kernels as k
from tansuo.sudoku.model import Sudoku, parse_puzzle, unit_cells

KEEP_SOLUTIONS = 100
"""At most this many solutions are kept in a result; ``count`` counts them all."""

_CLOCK_CHUNK = 2048  # guesses between clock readings when a time limit is set
_NO_BUDGET = 1 << 62


@dataclass(frozen=True, slots=True)
class SudokuResult:
    """What :func:`solve` returns.

    Attributes
    ----------
    status : {"solved", "no_solution", "limit"}
        ``"solved"``: at least one solution and the search did what was asked
        (found ``limit`` solutions or searched everything). ``"no_solution"``:
        proved that none exists. ``"limit"``: the budget ran out first; the
        solutions found so far are still given.
    puzzle : Sudoku
        The puzzle as given.
    solution : Sudoku or None
        The first solution found.
    solutions : tuple of Sudoku
        The solutions found, in search order (at most :data:`KEEP_SOLUTIONS`).
    count : int
        How many solutions were found; exact when ``exhausted``, otherwise a
        lower bound (the search stopped at ``limit`` or at the budget).
    exhausted : bool
        The whole search space was explored.
    stats : dict
        ``guesses`` (values tried at branch points), ``backtracks`` (guesses
        that failed), ``branches`` (branch points), ``singles`` (cells filled
        by propagation), ``nodes`` (guesses + 1), ``expanded``, ``generated``,
        ``elapsed_s``, and ``limit`` (the budget spent) when the status is
        ``"limit"``.
    """

    status: Status
    puzzle: Sudoku
    solution: Sudoku | None
    solutions: tuple[Sudoku, ...]
    count: int
    exhausted: bool
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def cost(self) -> None:
        """Sudoku solutions have no cost; kept for the common result shape."""
        return None

    @property
    def unique(self) -> bool | None:
        """True when exactly one solution is proved, False for two or more, None if unknown."""
        if self.count >= 2:
            return False
        if self.exhausted:
            return self.count == 1
        return None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form: status, solution (one string), cost, count, unique, stats."""
        return {
            "status": self.status,
            "puzzle": self.puzzle.to_string(),
            "solution": None if self.solution is None else self.solution.to_string(),
            "cost": None,
            "count": self.count,
            "exhausted": self.exhausted,
            "unique": self.unique,
            "stats": dict(self.stats),
        }


_GEOMETRY: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}


_ASCENDING: dict[int, np.ndarray] = {}
_SCRATCH = threading.local()


def _scratch(ncells: int) -> tuple[np.ndarray, ...]:
    """The kernel's work arrays for a grid size, reused between calls in one thread.

    The kernel writes every entry before it reads it, so nothing needs
    clearing; per-thread, so concurrent solves never share them. Allocating
    them afresh was a third of the fixed cost of a 9x9 solve.
    """
    buffers = getattr(_SCRATCH, "by_size", None)
    if buffers is None:
        buffers = _SCRATCH.by_size = {}
    arrays = buffers.get(ncells)
    if arrays is None:
        arrays = buffers[ncells] = (
            np.empty(ncells, dtype=np.int32),  # cand
            np.empty(ncells, dtype=np.int32),  # value
            np.empty((ncells + 1, ncells), dtype=np.int32),  # stack_cand
            np.empty((ncells + 1, ncells), dtype=np.int32),  # stack_value
            np.empty(ncells + 1, dtype=np.int32),  # stack_cell
            np.empty(ncells + 1, dtype=np.int32),  # stack_rem
            np.empty(2 * ncells + 1, dtype=np.int32),  # queue
            np.empty((KEEP_SOLUTIONS, ncells), dtype=np.int32),  # solutions
            np.empty(k.CTRL_SIZE, dtype=np.int64),  # ctrl
        )
    return arrays


def geometry(box_rows: int, box_cols: int) -> tuple[np.ndarray, np.ndarray]:
    """``peers`` (cells x peers) and ``units`` (3n x n) arrays of a box shape, cached."""
    key = (box_rows, box_cols)
    if key not in _GEOMETRY:
        n = box_rows * box_cols
        units = unit_cells(box_rows, box_cols)
        unit_sets = [set(u) for u in units]
        peer_lists = []
        for cell in range(n * n):
            r, c = divmod(cell, n)
            box = (r // box_rows) * (n // box_cols) + c // box_cols
            peers = unit_sets[r] | unit_sets[n + c] | unit_sets[2 * n + box]
            peers.discard(cell)
            peer_lists.append(sorted(peers))
        # every cell has the same number of peers: 2(n-1) + (rows-1)(cols-1)
        npeers = 2 * (n - 1) + (box_rows - 1) * (box_cols - 1)
        _GEOMETRY[key] = (
            np.array(peer_lists, dtype=np.int32).reshape(n * n, npeers),
            np.array(units, dtype=np.int32).reshape(3 * n, n),
        )
    return _GEOMETRY[key]


def _as_puzzle(puzzle: Sudoku | str) -> Sudoku:
    if isinstance(puzzle, Sudoku):
        return puzzle
    if isinstance(puzzle, str):
        return parse_puzzle(puzzle, check=False)
    raise InvalidInput(f"expected a Sudoku or a puzzle string, got {type(puzzle).__name__}")


def _value_order(size: int, value_order: Sequence[int] | None) -> np.ndarray:
    if value_order is None:
        cached = _ASCENDING.get(size)
        if cached is None:
            cached = _ASCENDING[size] = np.array([1 << v for v in range(size)], dtype=np.int32)
        return cached  # read-only inside the kernel
    else:
        values = [int(v) for v in value_order]
        if sorted(values) != list(range(1, size + 1)):
            raise InvalidInput(f"value_order must be a permutation of 1..{size}, got {values}")
    return np.array([1 << (v - 1) for v in values], dtype=np.int32)


def solve(
    puzzle: Sudoku | str,
    *,
    limit: int | None = 1,
    max_guesses: int | None = None,
    time_limit: float | None = None,
    value_order: Sequence[int] | None = None,
) -> SudokuResult:
    """Solve a Sudoku: find one solution, prove uniqueness (``limit=2``) or count them.

    Singles (naked and hidden) are filled to a fixed point, then the search
    branches on an empty cell with the fewest candidates (the first such cell
    row by row), trying its values in ascending order, depth first.

    Parameters
    ----------
    puzzle : Sudoku or str
        The puzzle; a string is read with :func:`~tansuo.sudoku.parse_puzzle`.
    limit : int or None
        Stop after this many solutions: 1 finds one, 2 proves uniqueness (or
        shows a second solution), None counts them all.
    max_guesses : int, optional
        Budget: the number of values tried at branch points (0 allows
        propagation only).
    time_limit : float, optional
        Budget in seconds (checked every few thousand guesses).
    value_order : sequence of int, optional
        The order values are tried in at each branch point (a permutation of
        ``1..n``); the generator uses a random one.

    Returns
    -------
    SudokuResult

    Raises
    ------
    InvalidInput
        The givens clash, or an argument is out of range.

    Example
    -------
    >>> r = solve("1.3.3..2.1.34..1")
    >>> r.status, r.solution.to_string()
    ('solved', '1234341221434321')
    >>> solve(".." * 8, limit=None).count   # every 4x4 grid
    288
    """
    start = time.perf_counter()
    sudoku = _as_puzzle(puzzle)
    if limit is not None and limit < 1:
        raise InvalidInput(f"limit must be at least 1 (or None to count all), got {limit}")
    if max_guesses is not None and max_guesses < 0:
        raise InvalidInput(f"max_guesses must be >= 0, got {max_guesses}")
    if time_limit is not None and time_limit < 0:
        raise InvalidInput(f"time_limit must be >= 0, got {time_limit}")
    n = sudoku.size
    ncells = n * n
    peers, units = geometry(sudoku.box_rows, sudoku.box_cols)
    order = _value_order(n, value_order)

    # cells are 0..25, so a bytes object is the cheapest way into an array
    givens = np.frombuffer(bytes(sudoku.cells), dtype=np.uint8)
    cand, value, stack_cand, stack_value, stack_cell, stack_rem, queue, kept, ctrl = _scratch(
        ncells
    )
    keep = KEEP_SOLUTIONS if limit is None else min(limit, KEEP_SOLUTIONS)
    solutions = kept[:keep]

    deadline = None if time_limit is None else start + time_limit

    def guesses_allowed(done: int) -> int:
        step = _NO_BUDGET if deadline is None else _CLOCK_CHUNK
        return step if max_guesses is None else min(step, max_guesses - done)

    phase = k.start(
        givens, cand, value, peers, units, order, stack_cand, stack_value, stack_cell,
        stack_rem, queue, solutions, ctrl, _NO_BUDGET if limit is None else limit,
        guesses_allowed(0),
    )  # fmt: skip
    if phase < 0:
        sudoku.check_consistent()  # raises, naming the cells
        raise InvalidInput("givens clash")  # not reached: the two checks agree
    spent_budget: str | None = None
    while phase not in (k.EXHAUSTED, k.STOPPED_AT_LIMIT):
        if max_guesses is not None and ctrl[k.GUESSES] >= max_guesses:
            spent_budget = "max_guesses"
            break
        if deadline is not None and time.perf_counter() >= deadline:
            spent_budget = "time_limit"
            break
        phase = k.search(
            cand, value, peers, units, order, stack_cand, stack_value,
            stack_cell, stack_rem, queue, solutions, ctrl, guesses_allowed(int(ctrl[k.GUESSES])),
        )  # fmt: skip

    counters = ctrl.tolist()  # one conversion, then plain ints
    found = counters[k.FOUND]
    exhausted = phase == k.EXHAUSTED
    rows, cols = sudoku.box_rows, sudoku.box_cols
    grids = tuple(
        Sudoku._trusted(rows, cols, tuple(row.tolist())) for row in solutions[: min(found, keep)]
    )
    if spent_budget is not None:
        status: Status = "limit"
    elif found:
        status = "solved"
    else:
        status = "no_solution"
    guesses = counters[k.GUESSES]
    stats: dict[str, Any] = {
        "expanded": counters[k.BRANCHES],
        "generated": guesses,
        "nodes": guesses + 1,
        "guesses": guesses,
        "backtracks": counters[k.BACKTRACKS],
        "branches": counters[k.BRANCHES],
        "singles": counters[k.SINGLES] - counters[k.GIVEN],
        "elapsed_s": time.perf_counter() - start,
    }
    if spent_budget is not None:
        stats["limit"] = spent_budget
    return SudokuResult(
        status=status,
        puzzle=sudoku,
        solution=grids[0] if grids else None,
        solutions=grids,
        count=found,
        exhausted=exhausted,
        stats=stats,
    )


def warm_up() -> None:
    """Compile (or load from the on-disk cache) the kernels by solving a tiny puzzle."""
    solve("1.3.3..2.1.34..1", limit=2)
