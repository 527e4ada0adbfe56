"""Many 9x9 puzzles in one kernel call: :func:`solve_many` and its :class:`SudokuResults`.

The puzzles travel as one ``(n, 81)`` array of ``uint8`` (what
:func:`~tansuo.sudoku.read_puzzles` returns) and the answers come back as
arrays: the first solution of each puzzle, its outcome code, its counters.
A puzzle's usual :class:`~tansuo.sudoku.SudokuResult` is made only when it is
asked for (``results[i]``), so that a batch of a million puzzles costs the
kernel's time and little more.

Examples
--------
>>> from tansuo.sudoku import read_puzzles, solve_many
>>> text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> results = solve_many(read_puzzles(text + "\\n" + "." * 81), max_solutions=2)
>>> len(results), results.status_names(), results.counts.tolist()
(2, ['solved', 'solved'], [1, 2])
>>> results[0].unique, results[1].unique
(True, False)
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import numpy as np

from tansuo.budget import Budget, run_chunked
from tansuo.errors import InvalidInput
from tansuo.result import LIMIT, NO_SOLUTION, SOLVED, Status
from tansuo.sudoku import _kernels as kernels
from tansuo.sudoku.model import Sudoku
from tansuo.sudoku.result import SudokuResult
from tansuo.sudoku.solve import (
    NODE_CHUNK,
    UNLIMITED,
    _solutions_wanted,
    geometry,
    new_band_work,
)
from tansuo.sudoku.solve import warm_up as warm_up_solve
from tansuo.threads import check_threads

THREADED_FROM = 4096
"""Smallest batch :func:`solve_many` splits over threads (a thread costs more below it)."""

STATUS_NAMES: dict[int, str] = {
    kernels.CODE_SOLVED: SOLVED,
    kernels.CODE_NO_SOLUTION: NO_SOLUTION,
    kernels.CODE_OUT_OF_NODES: LIMIT,
    kernels.CODE_CLASH: "invalid",
    kernels.CODE_OUT_OF_TIME: LIMIT,
}
"""The status each outcome code stands for (``"invalid"``: the givens clash)."""

_LIMITS = {kernels.CODE_OUT_OF_NODES: "max_nodes", kernels.CODE_OUT_OF_TIME: "time_limit"}

_PIECES_TEXT = np.frombuffer("".join(kernels.RECORD_PIECES).encode("ascii"), dtype=np.uint8)
_PIECES_MARKS = np.cumsum([0] + [len(p) for p in kernels.RECORD_PIECES]).astype(np.int64)
_RECORD_BYTES = 2 * 81 + len(_PIECES_TEXT) + 8 * 20
"""Most bytes of a record besides its two elapsed times: cells, pieces, eight numbers."""


class SudokuResults:
    """What :func:`solve_many` returns: arrays over the batch, and results on demand.

    Attributes
    ----------
    puzzles : ndarray of uint8, shape (n, 81)
        The puzzles as given.
    solutions : ndarray of uint8, shape (n, 81)
        The first solution found of each puzzle; zeros where none was found.
    codes : ndarray of int8, shape (n,)
        The outcome of each puzzle, a ``CODE_*`` constant of
        :mod:`tansuo.sudoku._kernels` (see :data:`STATUS_NAMES`).
    counters : ndarray of int64, shape (n, STATE_SIZE)
        Each puzzle's search counters (the kernel's ``state`` slots).
    elapsed_s : float
        The whole batch's time; each result's ``elapsed_s`` is its share
        (the batch's mean), since the kernel does not stop between puzzles.

    ``len(results)`` is the number of puzzles and ``results[i]`` the
    :class:`~tansuo.sudoku.SudokuResult` of puzzle ``i`` (its ``solutions``
    hold the first solution only); a puzzle whose givens clash raises
    :class:`~tansuo.errors.InvalidInput` there.

    Examples
    --------
    >>> from tansuo.sudoku import bundled_text, read_puzzles, solve_many
    >>> results = solve_many(read_puzzles(bundled_text("hardest"))[:2], max_solutions=2)
    >>> results.status_names(), results.counts.tolist(), results.solved.tolist()
    (['solved', 'solved'], [1, 1], [True, True])
    >>> results[1].unique
    True
    """

    __slots__ = ("codes", "counters", "elapsed_s", "puzzles", "solutions")

    def __init__(
        self,
        puzzles: np.ndarray,
        solutions: np.ndarray,
        codes: np.ndarray,
        counters: np.ndarray,
        elapsed_s: float,
    ) -> None:
        self.puzzles = puzzles
        self.solutions = solutions
        self.codes = codes
        self.counters = counters
        self.elapsed_s = elapsed_s

    def __len__(self) -> int:
        return len(self.codes)

    def __iter__(self) -> Iterator[SudokuResult]:
        return (self[i] for i in range(len(self)))

    @property
    def counts(self) -> np.ndarray:
        """Solutions found per puzzle (exact where ``exhausted``, else a lower bound)."""
        return self.counters[:, kernels.FOUND]

    @property
    def guesses(self) -> np.ndarray:
        """Guesses per puzzle (a node is the root or one guess)."""
        return self.counters[:, kernels.GUESSES]

    @property
    def branches(self) -> np.ndarray:
        """Branch points per puzzle: cells the search guessed in (``stats.branches``)."""
        return self.counters[:, kernels.BRANCHES]

    @property
    def exhausted(self) -> np.ndarray:
        """Whether each puzzle's search explored everything (so ``counts`` is exact)."""
        return self.counters[:, kernels.PHASE] == kernels.EXHAUSTED

    @property
    def solved(self) -> np.ndarray:
        """Whether each puzzle's status is ``"solved"``."""
        return self.codes == kernels.CODE_SOLVED

    def status_names(self) -> list[str]:
        """Each puzzle's status as a word: solved, no_solution, limit or invalid."""
        return [STATUS_NAMES[code] for code in self.codes.tolist()]

    def __getitem__(self, index: int) -> SudokuResult:
        count = len(self)
        i = int(index)
        if not -count <= i < count:
            raise IndexError(f"puzzle {index} of {count}")
        i %= count
        puzzle = Sudoku._trusted(3, 3, tuple(self.puzzles[i].tolist()))
        code = int(self.codes[i])
        if code == kernels.CODE_CLASH:
            puzzle.check_consistent()  # raises, naming the cells
        counters = self.counters[i].tolist()
        found = counters[kernels.FOUND]
        grids = () if not found else (Sudoku._trusted(3, 3, tuple(self.solutions[i].tolist())),)
        status: Status = STATUS_NAMES[code]  # type: ignore[assignment]
        share = self.elapsed_s / count
        return SudokuResult(
            status,
            puzzle,
            grids,
            found,
            counters[kernels.PHASE] == kernels.EXHAUSTED,
            (counters, share, _LIMITS.get(code)),
        )

    def json_lines(self, ids: Any = None, elapsed_s: float | None = None) -> bytes:
        """Every puzzle's record as a JSON line, written by a kernel: the batch runner's records.

        A line is ``{"id": ..., **self[i].as_dict(), "elapsed_s": ...}`` in
        compact JSON (``separators=(",", ":")``), as ``tansuo sudoku solve
        --file`` and ``tansuo batch sudoku`` write them: ``ids`` are the ids
        (whole numbers, by default the row numbers), ``elapsed_s`` each
        puzzle's time (by default its share of the batch). A puzzle whose
        givens clash is ``{"id": ..., "status": "error", "error": ...}``.

        Examples
        --------
        >>> from tansuo.sudoku import solve_many
        >>> import json
        >>> line = solve_many([0] * 81, max_nodes=1).json_lines(ids=[7], elapsed_s=0.5)
        >>> record = json.loads(line)
        >>> record["id"], record["status"], record["stats"]["limit"], record["elapsed_s"]
        ('7', 'limit', 'max_nodes', 0.5)
        """
        count = len(self)
        numbers = np.arange(count, dtype=np.int64) if ids is None else np.asarray(ids, np.int64)
        if numbers.shape != (count,) or (count and numbers.min() < 0):
            raise InvalidInput(f"ids must be {count} whole numbers >= 0, one a puzzle")
        share = float(self.elapsed_s / max(1, count) if elapsed_s is None else elapsed_s)
        elapsed = np.frombuffer(json.dumps(share).encode("ascii"), dtype=np.uint8)
        out = np.empty(count * (_RECORD_BYTES + 2 * len(elapsed)), dtype=np.uint8)
        size = kernels.write_records(
            out, numbers, self.puzzles, self.solutions, self.counters, self.codes,
            _PIECES_TEXT, _PIECES_MARKS, elapsed,
        )  # fmt: skip
        written = out[:size].tobytes()
        clashing = np.flatnonzero(self.codes == kernels.CODE_CLASH).tolist()
        if not clashing:
            return written
        lines = written.splitlines(keepends=True)
        for i in clashing:  # in order: each goes where its row is
            try:
                self[i]
                reason = "givens clash"  # not reached: the row's givens clash
            except InvalidInput as exc:
                reason = exc.reason
            record = {"id": str(numbers[i]), "status": "error", "error": reason, "elapsed_s": share}
            lines.insert(i, (json.dumps(record, separators=(",", ":")) + "\n").encode())
        return b"".join(lines)

    def __repr__(self) -> str:
        tally: dict[str, int] = {}
        for name in self.status_names():
            tally[name] = tally.get(name, 0) + 1
        shown = ", ".join(f"{n} {name}" for name, n in tally.items())
        return f"<SudokuResults of {len(self)} puzzles: {shown or 'none'}>"


def as_puzzle_array(puzzles: Any) -> np.ndarray:
    """``puzzles`` as a C-contiguous ``(n, 81)`` ``uint8`` array, checked (0-9 only)."""
    try:
        grid = np.asarray(puzzles)
    except (TypeError, ValueError) as exc:
        raise InvalidInput(f"puzzles must be an (n, 81) array of 0-9: {exc}") from None
    if grid.ndim == 1 and grid.shape[0] == 81:
        grid = grid.reshape(1, 81)
    if grid.ndim != 2 or grid.shape[1] != 81:
        raise InvalidInput(
            f"puzzles must be an (n, 81) array of 0-9 (a 9x9 puzzle a row), got {grid.shape}"
        )
    if grid.size and grid.dtype.kind not in "iub":
        raise InvalidInput(f"puzzles must hold whole numbers 0-9, got {grid.dtype}")
    if grid.size:
        wrong = np.flatnonzero(((grid < 0) | (grid > 9)).any(axis=1))
        if len(wrong):
            row = int(wrong[0])
            col = int(np.flatnonzero((grid[row] < 0) | (grid[row] > 9))[0])
            raise InvalidInput(f"puzzle {row}, cell {col}: value {grid[row, col]} is outside 0-9")
    return np.ascontiguousarray(grid, dtype=np.uint8)


def solve_many(
    puzzles: Any,
    *,
    max_solutions: int | None = 1,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    threads: int | None = None,
) -> SudokuResults:
    """Solve many 9x9 puzzles in one kernel call a thread (the band kernel of :func:`solve`).

    Parameters
    ----------
    puzzles : array-like, shape (n, 81)
        One puzzle a row, 0 for an empty cell (what
        :func:`~tansuo.sudoku.read_puzzles` returns); one row of 81 is one puzzle.
    max_solutions : int or None
        Per puzzle, as in :func:`~tansuo.sudoku.solve`: 1 finds one, 2 proves
        uniqueness, None counts all (give a budget: the empty grid has
        6.67e21 solutions).
    max_nodes : int, optional
        Per puzzle: nodes (the root and one per guess) before it stops with
        status ``"limit"``.
    time_limit : float, optional
        For the whole batch: the kernel runs in slices of about 20 ms and the
        clock is read between them; the puzzles not finished in time end with
        status ``"limit"`` (``stats.limit == "time_limit"``).
    threads : int or None
        A batch of at least 4,096 puzzles is cut into this many parts of
        consecutive puzzles, each solved on its own thread by the GIL-free
        kernel (None: every core, or ``NUMBA_NUM_THREADS``). The answers do
        not depend on it.

    Returns
    -------
    SudokuResults
        Arrays over the batch, and each puzzle's result on demand. A puzzle
        whose givens clash gets status ``"invalid"`` (the batch goes on).

    Raises
    ------
    InvalidInput
        The array is not ``(n, 81)`` of 0-9, or an argument is out of range.

    Examples
    --------
    >>> from tansuo.sudoku import bundled_text, read_puzzles
    >>> results = solve_many(read_puzzles(bundled_text("top95"))[:3], max_solutions=2)
    >>> results, results.counts.tolist(), results[0].unique
    (<SudokuResults of 3 puzzles: 3 solved>, [1, 1, 1], True)
    """
    started = time.perf_counter()
    grid = as_puzzle_array(puzzles)
    wanted = _solutions_wanted(max_solutions)
    Budget(time_limit=time_limit, max_nodes=max_nodes)  # checks both
    threads = check_threads(threads)
    count = len(grid)
    solutions = np.zeros((count, 81), dtype=np.uint8)
    codes = np.full(count, kernels.CODE_OUT_OF_TIME, dtype=np.int8)
    counters = np.zeros((count, kernels.STATE_SIZE), dtype=np.int64)
    node_limit = UNLIMITED if max_nodes is None else max_nodes
    parts = min(threads, count // (THREADED_FROM // 2)) if count >= THREADED_FROM else 1
    bounds = np.linspace(0, count, parts + 1).astype(int).tolist()
    jobs = [
        _Part(grid[a:b], solutions[a:b], codes[a:b], counters[a:b], wanted, node_limit)
        for a, b in itertools.pairwise(bounds)
    ]
    helpers = [threading.Thread(target=job.run, args=(time_limit,)) for job in jobs[1:]]
    for helper in helpers:
        helper.start()
    try:
        jobs[0].run(time_limit)
    finally:
        for helper in helpers:
            helper.join()
    for job in jobs:
        if job.failure is not None:
            raise job.failure
    return SudokuResults(grid, solutions, codes, counters, time.perf_counter() - started)


class _Part:
    """Consecutive puzzles of a batch, solved on one thread into their rows of the answers."""

    def __init__(
        self, grid: np.ndarray, solutions: np.ndarray, codes: np.ndarray,
        counters: np.ndarray, wanted: int, node_limit: int,
    ) -> None:  # fmt: skip
        self.grid, self.solutions, self.codes, self.counters = grid, solutions, codes, counters
        self.wanted, self.node_limit = wanted, node_limit
        self.failure: BaseException | None = None

    def run(self, time_limit: float | None) -> None:
        """Solve the part, in slices of about 20 ms when there is a clock to read."""
        try:
            self._run(time_limit)
        except BaseException as error:  # handed to the calling thread
            self.failure = error

    def _run(self, time_limit: float | None) -> None:
        _peers, units = geometry(3, 3)
        digits, solved, seen, saved, branch_cell, untried, kept, state, _packed = new_band_work()
        kept = kept[:1]
        progress = np.zeros(2, dtype=np.int64)

        def step(nodes: int) -> bool:
            done = kernels.band_solve_many(
                self.grid, units, self.wanted, self.node_limit, nodes, progress, digits,
                solved, seen, saved, branch_cell, untried, kept, state, self.solutions,
                self.counters, self.codes,
            )  # fmt: skip
            return bool(done)

        if time_limit is None:
            step(UNLIMITED)
            return
        spent = run_chunked(
            step, lambda: int(progress[kernels.NODES_DONE]), Budget(time_limit=time_limit).start(),
            chunk=NODE_CHUNK,
        )  # fmt: skip
        i = int(progress[kernels.NEXT_PUZZLE])
        if spent is not None and i < len(self.grid) and state[kernels.PHASE] == kernels.TRY:
            # the puzzle the clock stopped: what it found so far
            self.counters[i] = state
            if state[kernels.FOUND]:
                self.solutions[i] = kept[0]


def warm_up() -> None:
    """Compile (or load from the on-disk cache) every kernel: :func:`solve`'s and the batch's.

    The command line calls it behind its "compiling" line, so that the first
    puzzle's time is the search's alone.

    Examples
    --------
    >>> warm_up()  # compiled, or loaded from numba's cache
    >>> solve_many([0] * 81).status_names()
    ['solved']
    """
    warm_up_solve()
    warm_up_batch()


def warm_up_batch() -> None:
    """Compile (or load from the on-disk cache) the batch kernel, with and without a clock."""
    text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    grid = np.frombuffer(text.replace(".", "0").encode(), dtype=np.uint8) - ord("0")
    solve_many(grid, max_solutions=2)
    solve_many(grid, max_solutions=2, time_limit=60.0, max_nodes=5)
