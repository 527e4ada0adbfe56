"""Solving Sudoku: find one solution, prove it unique, or count them, with one call.

Two numba kernels of :mod:`tansuo.sudoku._kernels` do the work. ``"general"``
takes every size: singles to a fixed point, then the cell with the fewest
candidates; the same algorithm written for reading, on top of
:mod:`tansuo.search`, is :func:`tansuo.sudoku.reference.solve_reference`, and
the tests hold the two to the same answers and the same number of guesses.
``"bands"`` takes 9x9 grids only, on bitmasks of whole bands: box-line
interactions besides the singles, guesses on two-candidate cells; it answers
what the general kernel answers, a few times faster, and :func:`solve` picks
it for every 9x9 grid unless told otherwise.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable, Sequence

import numpy as np

from tansuo.budget import DEFAULT_CHUNK, FIRST_SLICE, Budget, check_count, run_chunked
from tansuo.errors import InvalidInput
from tansuo.result import LIMIT, NO_SOLUTION, SOLVED, Status
from tansuo.sudoku import _kernels as kernels
from tansuo.sudoku.io import LINE_VALUES, nine_by_nine_cells, parse_puzzle
from tansuo.sudoku.model import Sudoku, unit_cells
from tansuo.sudoku.result import SudokuResult

KEEP_SOLUTIONS = 100
"""At most this many solutions are kept in a result; ``count`` counts them all."""

UNLIMITED = 1 << 62
"""A count no search reaches: "no limit" for the kernel's solution and guess counts."""

NODE_CHUNK = DEFAULT_CHUNK
"""Most nodes (guesses) one kernel call runs under a node budget without a clock."""

ALGORITHMS = ("bands", "general")
"""The kernels :func:`solve` can run: ``"bands"`` (9x9 only) and ``"general"`` (every size)."""


_GEOMETRY: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}
_ASCENDING: dict[int, np.ndarray] = {}
_SCRATCH = threading.local()


Work = tuple[np.ndarray, ...]
"""The kernel's work arrays, in the order of its arguments (see :func:`_work`)."""


def _band_work() -> Work:
    """The band kernel's work arrays (9x9 only), reused between solves in one thread.

    ``new_band_work()``'s arrays, then the packed array they are views of.
    """
    work = getattr(_SCRATCH, "bands", None)
    if work is None:
        work = _SCRATCH.bands = new_band_work()
    return work


def new_band_work() -> Work:
    """Fresh work arrays for the band kernel, in the order of its arguments after the givens.

    All but the solutions kept are views of one packed array (the
    ``WORK_*`` layout of :mod:`tansuo.sudoku._kernels`), which comes last.
    """
    k = kernels
    packed = np.zeros(k.WORK_SIZE, dtype=np.int64)
    return (
        packed[k.WORK_DIGITS : k.WORK_DIGITS + 27],  # the cells of each band each digit may take
        packed[k.WORK_SOLVED : k.WORK_SOLVED + 3],  # the solved cells of each band
        packed[k.WORK_SEEN : k.WORK_SEEN + 54],  # the masks each pass of propagation last saw
        packed[k.WORK_SAVED :].reshape(k.MAX_BRANCH_POINTS, k.BAND_WORDS),  # saved grids
        packed[k.WORK_BRANCH_CELL : k.WORK_BRANCH_CELL + k.MAX_BRANCH_POINTS],  # branch cells
        packed[k.WORK_UNTRIED : k.WORK_UNTRIED + k.MAX_BRANCH_POINTS],  # digits left to try
        np.zeros((KEEP_SOLUTIONS, 81), dtype=np.int32),  # solutions kept
        packed[k.WORK_STATE : k.WORK_STATE + k.STATE_SIZE],  # state: the kernel's named slots
        packed,
    )


def _work(ncells: int) -> Work:
    """The kernel's work arrays for one grid size, reused between solves in one thread.

    The kernel writes every entry before it reads it, so nothing needs
    clearing; per-thread, so concurrent solves never share them. Allocating
    them afresh was a third of the fixed cost of a 9x9 solve.
    """
    by_size = getattr(_SCRATCH, "by_size", None)
    if by_size is None:
        by_size = _SCRATCH.by_size = {}
    work = by_size.get(ncells)
    if work is None:
        work = by_size[ncells] = (
            np.empty(ncells, dtype=np.int32),  # candidates: bitmask of values per cell
            np.empty(ncells, dtype=np.int32),  # values: placed per cell, 0 if empty
            np.empty((ncells + 1, ncells), dtype=np.int32),  # saved_candidates per branch point
            np.empty((ncells + 1, ncells), dtype=np.int32),  # saved_values per branch point
            np.empty(ncells + 1, dtype=np.int32),  # branch_cell per branch point
            np.empty(ncells + 1, dtype=np.int32),  # untried values per branch point
            np.empty(2 * ncells + 1, dtype=np.int32),  # queue of cells to place
            np.empty((KEEP_SOLUTIONS, ncells), dtype=np.int32),  # solutions kept
            np.empty(kernels.STATE_SIZE, dtype=np.int64),  # state: the kernel's named slots
        )
    return work


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
        cells = nine_by_nine_cells(puzzle)
        if cells is not None:
            return Sudoku._trusted(3, 3, cells)
        return parse_puzzle(puzzle, check=False)
    raise InvalidInput(f"expected a Sudoku or a puzzle string, got {type(puzzle).__name__}")


def _solutions_wanted(max_solutions: int | None) -> int:
    """``max_solutions`` for the kernel: a whole number >= 1, or :data:`UNLIMITED` for None."""
    if max_solutions is None:
        return UNLIMITED
    if type(max_solutions) is int and max_solutions >= 1:
        return max_solutions
    wanted = check_count(max_solutions, "max_solutions")
    if wanted is None or wanted < 1:
        raise InvalidInput(
            f"max_solutions must be at least 1 (or None to count all), got {max_solutions!r}"
        )
    return wanted


@functools.lru_cache(maxsize=64, typed=True)
def _cached_budget(time_limit: float | None, max_nodes: int | None) -> Budget:
    return Budget(time_limit=time_limit, max_nodes=max_nodes)


def _budget(time_limit: float | None, max_nodes: int | None) -> Budget:
    """``Budget(time_limit=..., max_nodes=...)``, validated once per distinct value.

    A batch gives every puzzle the same budget, and validating it afresh
    would cost a sixth of a 9x9 solve; a value that cannot be a cache key
    goes to :class:`~tansuo.budget.Budget` directly, to be refused in its words.
    """
    try:
        return _cached_budget(time_limit, max_nodes)
    except TypeError:  # unhashable: not a number at all
        return Budget(time_limit=time_limit, max_nodes=max_nodes)


def _value_order(size: int, value_order: Sequence[int] | None) -> np.ndarray:
    if value_order is None:
        cached = _ASCENDING.get(size)
        if cached is None:
            cached = _ASCENDING[size] = np.array([1 << v for v in range(size)], dtype=np.int32)
        return cached  # read-only inside the kernel
    values = [int(v) for v in value_order]
    if sorted(values) != list(range(1, size + 1)):
        raise InvalidInput(f"value_order must be a permutation of 1..{size}, got {values}")
    return np.array([1 << (v - 1) for v in values], dtype=np.int32)


def solve(
    puzzle: Sudoku | str,
    *,
    max_solutions: int | None = 1,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    value_order: Sequence[int] | None = None,
    algorithm: str | None = None,
) -> SudokuResult:
    """Solve a Sudoku: find one solution, prove it unique (``max_solutions=2``) or count them.

    The general kernel fills singles (naked and hidden) to a fixed point,
    then branches on an empty cell with the fewest candidates (the first such
    cell row by row), trying its values in ascending order, depth first. The
    band kernel (9x9) adds box-line interactions and branches on the
    two-candidate cell with the most unsolved peers, lowest digit first.
    A 9x9 line or grid without a budget is one kernel call that reads the
    line itself: a few microseconds of Python around the search.

    Parameters
    ----------
    puzzle : Sudoku or str
        The puzzle; a string is read with :func:`~tansuo.sudoku.parse_puzzle`.
    max_solutions : int or None
        Stop after this many solutions: 1 finds one, 2 proves uniqueness (or
        shows a second solution), None counts them all.
    max_nodes : int, optional
        Budget in search-tree nodes. A node is the root (the givens and the
        singles they force) or one guess, a value tried at a branch point:
        ``max_nodes=1`` allows propagation only, ``0`` nothing at all.
    time_limit : float, optional
        Budget in seconds. The kernel runs in slices of about 20 ms of work
        (:data:`tansuo.budget.TIME_SLICE_S`) and the clock is read between
        them, so a search stops that little after its limit.
    value_order : sequence of int, optional
        The order values are tried in at each branch point (a permutation of
        ``1..n``); the generator uses a random one. General kernel only.
    algorithm : {"bands", "general"}, optional
        The kernel (see :data:`ALGORITHMS`); by default ``"bands"`` for a 9x9
        grid without ``value_order``, else ``"general"``. Both find the same
        solutions and counts; their guesses (and so ``max_nodes``) differ.

    Returns
    -------
    SudokuResult
        ``status="limit"`` when a budget ran out first, with the solutions
        found so far and the statistics.

    Raises
    ------
    InvalidInput
        The givens clash, an argument is out of range, or the algorithm
        does not take the puzzle (``"bands"`` is for 9x9 grids).

    Examples
    --------
    >>> r = solve("1.3.3..2.1.34..1")
    >>> r.status, r.solution.to_string()
    ('solved', '1234341221434321')
    >>> solve(".." * 8, max_solutions=None).count   # every 4x4 grid
    288
    >>> solve("6..3.2....5.....1..........7.26............543.........8.15........4.2........7..",
    ...       max_nodes=1).stats.limit
    'max_nodes'
    """
    started = time.perf_counter()
    wanted = _solutions_wanted(max_solutions)
    if algorithm is None and value_order is None and time_limit is None and max_nodes is None:
        # the commonest call, a 9x9 line or grid without a budget: one kernel call
        quick = _solve_line(puzzle, wanted, started)
        if quick is not None:
            return quick
    sudoku = _as_puzzle(puzzle)
    n = sudoku.size
    standard = sudoku.box_rows == 3 and sudoku.box_cols == 3  # 9x9 in 3x3 boxes
    if algorithm is None:
        if standard and value_order is None:
            return _solve_bands(sudoku, wanted, max_nodes, time_limit, started)
    elif algorithm == "bands":
        if not standard:
            raise InvalidInput(
                f'algorithm "bands" solves 9x9 grids of 3x3 boxes, not {n}x{n} of '
                f'{sudoku.box_rows}x{sudoku.box_cols}: use "general"'
            )
        if value_order is not None:
            raise InvalidInput('value_order goes with algorithm "general", not "bands"')
        return _solve_bands(sudoku, wanted, max_nodes, time_limit, started)
    elif algorithm != "general":
        raise InvalidInput(
            f"unknown algorithm {algorithm!r}; choose one of: {', '.join(ALGORITHMS)}"
        )
    ncells = n * n
    peers, units = geometry(sudoku.box_rows, sudoku.box_cols)
    order = _value_order(n, value_order)
    # cells are 0..25, so a bytearray is the cheapest way into a (writable) array: the
    # band solver's are writable too, and the kernels both call compile once for them
    givens = np.frombuffer(bytearray(sudoku.cells), dtype=np.uint8)
    work = _work(ncells)
    (candidates, values, saved_candidates, saved_values, branch_cell, untried, queue, kept,
     state) = work  # fmt: skip
    keep = min(wanted, KEEP_SOLUTIONS)
    solutions = kept[:keep]

    spent: str | None = None
    if time_limit is None and max_nodes is None:
        # The common case, in one kernel call: no budget to look at between calls.
        phase = kernels.start(
            givens, candidates, values, peers, units, order, saved_candidates, saved_values,
            branch_cell, untried, queue, solutions, state, wanted, UNLIMITED,
        )  # fmt: skip
    else:
        phase, spent = _run_with_budget(
            _budget(time_limit, max_nodes), givens, peers, units, order,
            work, solutions, wanted,
        )  # fmt: skip
    return _result(sudoku, phase, state, solutions, spent, started)


def _result(
    sudoku: Sudoku,
    phase: int,
    state: np.ndarray,
    solutions: np.ndarray,
    spent: str | None,
    started: float,
) -> SudokuResult:
    """A kernel's answer (its final ``phase``, ``state`` and kept ``solutions``) as a result."""
    if phase == kernels.CLASH:
        sudoku.check_consistent()  # raises, naming the cells
        raise InvalidInput("givens clash")  # not reached: the two checks agree
    counters = state.tolist()  # one conversion, then plain ints
    found = counters[kernels.FOUND]
    rows, cols = sudoku.box_rows, sudoku.box_cols
    grids = tuple(Sudoku._trusted(rows, cols, tuple(row.tolist())) for row in solutions[:found])
    status: Status = LIMIT if spent is not None else SOLVED if found else NO_SOLUTION
    return SudokuResult(
        status,
        sudoku,
        grids,
        found,
        phase == kernels.EXHAUSTED,
        (counters, time.perf_counter() - started, spent),
    )


def _run_with_budget(
    budget: Budget,
    givens: np.ndarray,
    peers: np.ndarray,
    units: np.ndarray,
    order: np.ndarray,
    work: Work,
    solutions: np.ndarray,
    wanted: int,
) -> tuple[int, str | None]:
    """The general kernel a slice at a time (see :func:`_run_sliced`)."""
    (candidates, values, saved_candidates, saved_values, branch_cell, untried, queue, _kept,
     state) = work  # fmt: skip

    def begin(guesses: int) -> int:
        return kernels.start(
            givens, candidates, values, peers, units, order, saved_candidates, saved_values,
            branch_cell, untried, queue, solutions, state, wanted, guesses,
        )  # fmt: skip

    def resume(guesses: int) -> int:
        return kernels.search(
            candidates, values, peers, units, order, saved_candidates, saved_values,
            branch_cell, untried, queue, solutions, state, guesses,
        )  # fmt: skip

    return _run_sliced(budget, begin, resume, state, givens, units)


def _run_sliced(
    budget: Budget,
    begin: Callable[[int], int],
    resume: Callable[[int], int],
    state: np.ndarray,
    givens: np.ndarray,
    units: np.ndarray,
) -> tuple[int, str | None]:
    """Run a kernel a slice at a time through :func:`~tansuo.budget.run_chunked`.

    ``begin(guesses)`` sets the search up and runs it, ``resume(guesses)``
    goes on; both return the kernel's phase. Returns the last phase (``START``
    if not even the root was allowed) and the name of the budget that ran
    out, or None.
    """
    phase = kernels.START

    def step(nodes: int) -> bool:
        nonlocal phase
        # the first call visits the root, a node, then guesses with the rest
        phase = begin(nodes - 1) if phase == kernels.START else resume(nodes)
        return phase != kernels.TRY  # over: exhausted, enough solutions, or clashing givens

    def nodes_done() -> int:
        return 0 if phase == kernels.START else int(state[kernels.GUESSES]) + 1

    spent = run_chunked(step, nodes_done, budget.start(), chunk=NODE_CHUNK)
    if phase == kernels.START:  # no node allowed: nothing searched, nothing counted
        state[:] = 0
        if kernels.givens_clash(givens, units):
            return kernels.CLASH, None
    return phase, spent


def _solve_line(puzzle: Sudoku | str, wanted: int, started: float) -> SudokuResult | None:
    """:func:`solve` of a 9x9 line or grid to the end, in one kernel call; None for anything else.

    The kernel reads the line's characters (or the grid's cells) itself, so
    that a call costs little more than the search: no array is made.
    """
    if type(puzzle) is str:
        if len(puzzle) != 81 or not puzzle.isascii():
            return None
        line = puzzle.encode("ascii")
    elif isinstance(puzzle, Sudoku) and puzzle.box_rows == 3 and puzzle.box_cols == 3:
        line = bytes(puzzle.cells)
    else:
        return None
    work = _band_work()
    kept, state, packed = work[6], work[7], work[8]
    keep = wanted if wanted < KEEP_SOLUTIONS else KEEP_SOLUTIONS
    phase = kernels.band_solve_line(line, packed, kept, keep, wanted)
    if phase == kernels.NOT_A_LINE:
        return None
    if isinstance(puzzle, Sudoku):
        sudoku = puzzle
    else:
        sudoku = Sudoku._trusted(3, 3, tuple(line.translate(LINE_VALUES)))
    if phase == kernels.CLASH:
        sudoku.check_consistent()  # raises, naming the cells
        raise InvalidInput("givens clash")  # not reached: the two checks agree
    counters = state.tolist()
    found = counters[kernels.FOUND]
    if found == 0:
        grids: tuple[Sudoku, ...] = ()
    elif found == 1 or keep == 1:
        grids = (Sudoku._trusted(3, 3, tuple(kept[0].tolist())),)
    else:
        grids = tuple(
            Sudoku._trusted(3, 3, tuple(row)) for row in kept[: min(found, keep)].tolist()
        )
    return SudokuResult(
        SOLVED if found else NO_SOLUTION,
        sudoku,
        grids,
        found,
        phase == kernels.EXHAUSTED,
        (counters, time.perf_counter() - started, None),
    )


def _solve_bands(
    sudoku: Sudoku,
    wanted: int,
    max_nodes: int | None,
    time_limit: float | None,
    started: float,
) -> SudokuResult:
    """:func:`solve` on the band kernel (a 9x9 grid)."""
    _peers, units = geometry(3, 3)
    givens = np.frombuffer(bytearray(sudoku.cells), dtype=np.uint8)  # writable, as in solve_many
    work = _band_work()
    digits, solved, seen, saved, branch_cell, untried, kept, state, _packed = work
    keep = min(wanted, KEEP_SOLUTIONS)
    solutions = kept[:keep]
    spent: str | None = None
    if time_limit is None and max_nodes is None:
        phase = kernels.band_start(
            givens, units, digits, solved, seen, saved, branch_cell, untried, solutions, state,
            wanted, UNLIMITED,
        )  # fmt: skip
    else:

        def begin(guesses: int) -> int:
            return kernels.band_start(
                givens, units, digits, solved, seen, saved, branch_cell, untried, solutions,
                state, wanted, guesses,
            )  # fmt: skip

        def resume(guesses: int) -> int:
            return kernels.band_search(
                digits, solved, seen, saved, branch_cell, untried, solutions, state, guesses
            )

        phase, spent = _run_sliced(
            _budget(time_limit, max_nodes), begin, resume, state, givens, units
        )
    return _result(sudoku, phase, state, solutions, spent, started)


def warm_up(*algorithms: str) -> None:
    """Compile (or load from the on-disk cache) the kernels: every way a solve calls them.

    One call, a resumed search (two slices under a clock) and a search that
    is allowed no node at all; a few milliseconds once the cache is filled.

    Parameters
    ----------
    *algorithms : str
        Which kernels, of :data:`ALGORITHMS`: ``"general"`` (any size, and
        :func:`~tansuo.sudoku.generate`'s searches), ``"bands"`` (9x9 grids);
        none given, both.

    Raises
    ------
    tansuo.errors.InvalidInput
        An algorithm that is not one of :data:`ALGORITHMS`.
    """
    for algorithm in algorithms:
        if algorithm not in ALGORITHMS:
            raise InvalidInput(
                f"unknown algorithm {algorithm!r}; choose one of: {', '.join(ALGORITHMS)}"
            )
    algorithms = algorithms or ALGORITHMS
    if "general" in algorithms:
        solve("1.3.3..2.1.34..1", max_solutions=2)
        solve("." * 36, max_solutions=None, time_limit=60.0, max_nodes=2 * FIRST_SLICE)
        solve("1.3.3..2.1.34..1", max_nodes=0)
    if "bands" in algorithms:
        hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
        solve(hard, max_solutions=2)
        solve(hard, time_limit=60.0, max_nodes=3)
        solve(hard, max_nodes=0)
