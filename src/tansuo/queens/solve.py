"""N-Queens: the readable depth-first search and the fast bitmask kernels.

:class:`QueensProblem` states the puzzle in :mod:`tansuo.search` terms (a
state is the tuple of columns chosen for the first rows; a successor adds a
queen to the next row where nothing attacks it), and
:func:`reference_solutions` walks it depth first, the chapter's method.
:func:`find_solutions` lists solutions and :func:`count_solutions` counts them
with numba bitmask kernels; the tests hold both to the reference.
"""

from __future__ import annotations

import gc
import multiprocessing
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass

import numpy as np

from tansuo.budget import Budget, Meter, run_chunked
from tansuo.errors import InvalidInput
from tansuo.queens import _kernels
from tansuo.queens._kernels import DEPTH, DONE, FOUND, NODES, NOT_STARTED, TOTAL
from tansuo.queens.model import Placement, attacks, check_size
from tansuo.queens.result import QueensResult, QueensStats
from tansuo.result import Status

MAX_LISTED = 1_000_000
"""Most solutions :func:`find_solutions` lists in one call (memory)."""

MAX_N_LIST_ALL = 14
"""Largest board whose solutions may all be listed (365,596 for n = 14)."""

POOL_SHUTDOWN_S = 0.05
"""Seconds the worker processes leave, of a time limit, for the pool to shut down."""

CHUNK_NODES = 1 << 22
"""Nodes a kernel call runs before the clock is read again (about 25 ms at 160 M nodes/s)."""


@dataclass(frozen=True, slots=True)
class QueensProblem:
    """N-Queens as a :class:`tansuo.search.Problem`: place one queen per row, top down.

    Example
    -------
    >>> from tansuo.search import dfs
    >>> dfs(QueensProblem(4)).path[-1]
    (1, 3, 0, 2)
    """

    n: int
    initial_state: Placement = ()

    def __post_init__(self) -> None:
        check_size(self.n)

    def is_goal(self, state: Placement) -> bool:
        return len(state) == self.n

    def successors(self, state: Placement) -> Iterable[tuple[int, Placement, int]]:
        row = len(state)
        for col in range(self.n):
            if not any(attacks(r, c, row, col) for r, c in enumerate(state)):
                yield col, (*state, col), 1


def reference_solutions(n: int) -> Iterator[Placement]:
    """Every solution, by plain depth-first backtracking over :class:`QueensProblem`.

    Solutions come in lexicographic order (columns tried left to right). The
    search graph is a tree, so no visited set is needed: each partial
    placement is reached one way only.

    Example
    -------
    >>> list(reference_solutions(4))
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    """
    problem = QueensProblem(n)

    def extend(state: Placement) -> Iterator[Placement]:
        if problem.is_goal(state):
            yield state
            return
        for _col, child, _cost in problem.successors(state):
            yield from extend(child)  # backtracking happens when this returns

    yield from extend(problem.initial_state)


def find_solutions(
    n: int,
    max_solutions: int | None = 1,
    *,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> QueensResult:
    """The first ``max_solutions`` solutions in lexicographic order (all when None).

    Parameters
    ----------
    n : int
        Board size, 1..60.
    max_solutions : int or None
        How many to list: 1 finds one, None lists all (keep ``n`` small).
    max_nodes, time_limit : optional budgets (keyword-only)
        A node is a queen placed. The clock is read every few million nodes.

    Returns
    -------
    QueensResult
        ``count`` is the total when the search finished before ``max_solutions``
        were found.

    Example
    -------
    >>> find_solutions(8, 2).solutions
    ((0, 4, 7, 5, 2, 6, 1, 3), (0, 5, 7, 2, 6, 3, 1, 4))
    """
    n = check_size(n)
    meter = Budget(time_limit=time_limit, max_nodes=max_nodes).start()
    if max_solutions is not None and max_solutions < 1:
        raise InvalidInput(f"max_solutions must be >= 1 (or None for all), got {max_solutions}")
    if max_solutions is not None and max_solutions > MAX_LISTED:
        raise InvalidInput(
            f"listing {max_solutions:,} solutions would not fit in memory; at most "
            f"{MAX_LISTED:,}, or count them with count_solutions"
        )
    if max_solutions is None and n > MAX_N_LIST_ALL:
        raise InvalidInput(
            f"{n}-queens has too many solutions to list them all; give how many "
            "(max_solutions), or count them with count_solutions"
        )
    wanted = MAX_LISTED if max_solutions is None else max_solutions
    cols, left, right, free, queens, state = _kernels.new_state(n)
    state[DEPTH] = 0
    free[0] = (1 << n) - 1
    out = np.zeros((min(wanted, 1 << 16), n), dtype=np.int64)
    # Solutions become tuples as each buffer fills, inside the budgeted steps: at n = 19
    # a 0.2 s search lists about a million, and turning them into tuples after the
    # search took as long again, outside the time limit.
    found_all: list[tuple[int, ...]] = []
    listed = 0  # solutions in earlier, full buffers

    def step(units: int) -> bool:
        nonlocal listed
        stop_at = int(state[NODES]) + units
        while True:
            room = out[: min(len(out), wanted - listed)]
            allowance = stop_at - int(state[NODES])  # a full buffer does not renew it
            finished = _kernels.list_solutions(
                n, room, cols, left, right, free, queens, state, allowance
            )
            if finished != DONE:
                return False
            found = int(state[FOUND])
            if state[DEPTH] != NOT_STARTED and listed + found < wanted:
                # the buffer is full, more are wanted and the tree is not done: go on
                found_all.extend(map(tuple, room[:found].tolist()))
                listed += found
                state[FOUND] = 0
                continue
            found_all.extend(map(tuple, room[:found].tolist()))
            return True

    # Up to a million small tuples: without the cyclic collector, which would otherwise
    # walk the caller's whole heap again and again while they are made (tuples of ints
    # hold no cycles). Measured: 0.32-0.47 s of CPU for a 0.2 s limit at n = 19 with it.
    collecting = gc.isenabled()
    gc.disable()
    try:
        limit = run_chunked(step, lambda: int(state[NODES]), meter, chunk=CHUNK_NODES)
        if limit is not None:
            found_all.extend(map(tuple, out[: state[FOUND]].tolist()))
    finally:
        if collecting:
            gc.enable()
    exhausted = state[DEPTH] == NOT_STARTED
    status: Status
    if limit is not None and (max_solutions is None or len(found_all) < max_solutions):
        status = "limit"
    else:
        status = "solved" if found_all else "no_solution"
        limit = None
    return QueensResult(
        status,
        n,
        len(found_all) if exhausted and limit is None else None,
        tuple(found_all),
        False,
        _stats(int(state[NODES]), meter.elapsed(), 1, limit),
    )


def _stats(nodes: int, elapsed: float, workers: int, limit: str | None) -> QueensStats:
    return QueensStats(
        expanded=nodes,
        generated=nodes,
        elapsed_s=elapsed,
        limit=limit,
        nodes=nodes,
        nodes_per_s=nodes / elapsed if elapsed > 0 else None,
        workers=workers,
    )


def prefix_tasks(
    n: int, *, up_to_symmetry: bool = False
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The two-row prefixes the counting kernel starts from: ``(row0, row1, weight)``.

    Mirror symmetry: a solution with the first queen in the left half has a
    mirror image with it in the right half, so only the left half is searched
    and counted twice. With an odd ``n`` and the first queen in the middle
    column, the same argument applies to the second row. Counting
    ``up_to_symmetry``, every solution that is least among its images has its
    first queen in the left half or the middle, so those prefixes are
    searched in full (weight 1).
    """
    half = n // 2
    first, second, weight = [], [], []
    for c0 in range((n + 1) // 2):
        for c1 in range(n):
            if abs(c0 - c1) <= 1:
                continue  # same column or diagonal neighbour
            if up_to_symmetry:
                w = 1
            elif c0 < half or c1 < c0:
                w = 2
            else:
                continue
            first.append(c0)
            second.append(c1)
            weight.append(w)
    as_array = [np.array(x, dtype=np.int64) for x in (first, second, weight)]
    return as_array[0], as_array[1], as_array[2]


@dataclass(frozen=True, slots=True)
class _Count:
    """Counting a list of prefixes (picklable: what a worker process gets)."""

    n: int
    first: np.ndarray
    second: np.ndarray
    weight: np.ndarray
    up_to_symmetry: bool

    def run(self, meter: Meter) -> tuple[int, int, str | None]:
        """``(count, nodes, spent budget)``: the kernel driven chunk by chunk."""
        cols, left, right, free, queens, state = _kernels.new_state(self.n)
        plain = not self.up_to_symmetry and self.n >= 6

        def step(units: int) -> bool:
            if plain:
                done = _kernels.count_plain(self.n, self.first, self.second, self.weight,
                                            cols, left, right, free, state, units)  # fmt: skip
            else:
                done = _kernels.count_tasks(self.n, self.first, self.second, self.weight,
                                            self.up_to_symmetry, cols, left, right, free,
                                            queens, state, units)  # fmt: skip
            return bool(done == DONE)

        limit = run_chunked(step, lambda: int(state[NODES]), meter, chunk=CHUNK_NODES)
        return int(state[TOTAL]), int(state[NODES]), limit


def _count_in_worker(task: tuple[_Count, float | None]) -> tuple[int, int, str | None]:
    """A worker's share: one prefix, under the caller's deadline (``time.monotonic``)."""
    count, deadline = task
    time_limit = None if deadline is None else max(0.0, deadline - time.monotonic())
    return count.run(Budget(time_limit=time_limit).start())


def count_solutions(
    n: int,
    *,
    up_to_symmetry: bool = False,
    workers: int = 1,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> QueensResult:
    """Count the solutions (OEIS A000170), or the classes under symmetry (A002562).

    Parameters
    ----------
    n : int
        Board size, 1..60 (beyond about 18 counting takes hours).
    up_to_symmetry : bool
        Count solutions up to rotation and reflection.
    workers : int
        Processes to split the two-row prefixes over (1: in this process).
    max_nodes, time_limit : optional budgets (keyword-only)
        A node is a queen placed. In one process the kernel stops every few
        million nodes to look at the clock, so a time limit holds within a
        few tens of milliseconds; with workers, each worker keeps the same
        clock, and the node budget is looked at as each prefix finishes.
        When one runs out the result is ``"limit"`` with ``count=None``.

    Example
    -------
    >>> count_solutions(8).count, count_solutions(8, up_to_symmetry=True).count
    (92, 12)
    """
    n = check_size(n)
    budget = Budget(time_limit=time_limit, max_nodes=max_nodes)
    meter = budget.start()
    if not isinstance(workers, int) or workers < 1 or workers > 256:
        raise InvalidInput(f"workers must be between 1 and 256, got {workers!r}")
    if n == 1:
        stats = _stats(1, meter.elapsed(), 1, None)
        return QueensResult("solved", 1, 1, up_to_symmetry=up_to_symmetry, stats=stats)
    first, second, weight = prefix_tasks(n, up_to_symmetry=up_to_symmetry)
    if workers == 1 or len(first) <= 1:
        workers = 1
        total, nodes, limit = _Count(n, first, second, weight, up_to_symmetry).run(meter)
    else:
        total, nodes, limit = _count_in_processes(
            [_Count(n, first[i : i + 1], second[i : i + 1], weight[i : i + 1], up_to_symmetry)
             for i in range(len(first))],
            workers,
            meter,
        )  # fmt: skip
    stats = _stats(nodes, meter.elapsed(), workers, limit)
    if limit is not None:
        return QueensResult("limit", n, None, up_to_symmetry=up_to_symmetry, stats=stats)
    status: Status = "solved" if total else "no_solution"
    return QueensResult(status, n, total, up_to_symmetry=up_to_symmetry, stats=stats)


def _count_in_processes(
    batches: list[_Count], workers: int, meter: Meter
) -> tuple[int, int, str | None]:
    """Spread prefixes over processes; stop them all when a budget runs out.

    Each worker keeps the caller's deadline itself (the monotonic clock is the
    same in every process), so a worker busy with a long prefix stops on time
    and the pool shuts down at once.
    """
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    remaining = None if meter.deadline is None else meter.deadline - time.perf_counter()
    # the workers stop a little early: shutting the pool down takes its own time
    deadline = None if remaining is None else time.monotonic() + remaining - POOL_SHUTDOWN_S
    total = nodes = 0
    limit = None
    context = multiprocessing.get_context(method)
    with ProcessPoolExecutor(min(workers, len(batches)), mp_context=context) as pool:
        futures = [pool.submit(_count_in_worker, (batch, deadline)) for batch in batches]
        try:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            for future in as_completed(futures, timeout=wait):
                found, used, spent = future.result()
                total += found
                nodes += used
                limit = spent or meter.spent(nodes)
                if limit is not None:
                    break
        except TimeoutError:
            limit = "time_limit"
        if limit is not None:
            for future in futures:
                future.cancel()
    return total, nodes, limit


def warm_up() -> None:
    """Compile (or load from numba's cache) the N-Queens kernels."""
    find_solutions(6, 1)
    count_solutions(6)
    count_solutions(6, up_to_symmetry=True)
