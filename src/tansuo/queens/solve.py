"""N-Queens: the readable depth-first search and the fast bitmask kernels.

:class:`QueensProblem` states the puzzle in :mod:`tansuo.search` terms (a
state is the tuple of columns chosen for the first rows; a successor adds a
queen to the next row where nothing attacks it), and
:func:`reference_solutions` walks it depth first, the chapter's method.
:func:`find_solutions` lists solutions and :func:`count_solutions` counts them
with numba bitmask kernels; the tests hold both to the reference.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from tansuo.errors import InvalidInput
from tansuo.queens import _kernels
from tansuo.queens.model import Placement, attacks, check_size

MAX_LISTED = 1_000_000
"""Most solutions :func:`find_solutions` lists in one call (memory)."""

MAX_N_LIST_ALL = 14
"""Largest board whose solutions may all be listed (365,596 for n = 14)."""

Status = Literal["solved", "no_solution", "limit"]


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


@dataclass(frozen=True, slots=True)
class QueensResult:
    """What :func:`count_solutions` and :func:`find_solutions` return.

    Attributes
    ----------
    status : {"solved", "no_solution", "limit"}
        ``"no_solution"``: the search finished and found none (a proof).
    n : int
    count : int or None
        Number of solutions (classes up to symmetry with ``unique``); None when
        unknown (a budget ran out, or only the first few were listed).
    solutions : tuple of placements
        Listed solutions, each the queen's column per row.
    unique : bool
    stats : dict
        ``nodes`` (queens placed), ``elapsed_s``, ``nodes_per_s``, ``workers``.
    """

    status: Status
    n: int
    count: int | None
    solutions: tuple[Placement, ...] = ()
    unique: bool = False
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def solution(self) -> Placement | None:
        return self.solutions[0] if self.solutions else None

    @property
    def cost(self) -> None:
        return None

    def as_dict(self) -> dict[str, Any]:
        """JSON form: status, n, count, unique, solutions (column per row), stats."""
        return {
            "status": self.status,
            "n": self.n,
            "count": self.count,
            "unique": self.unique,
            "solution": None if self.solution is None else list(self.solution),
            "solutions": [list(s) for s in self.solutions],
            "cost": None,
            "stats": dict(self.stats),
        }


def _check_budget(max_nodes: int | None, time_limit: float | None) -> None:
    if max_nodes is not None and max_nodes < 0:
        raise InvalidInput(f"max_nodes must be >= 0, got {max_nodes}")
    if time_limit is not None and not time_limit >= 0:
        raise InvalidInput(f"time_limit must be >= 0, got {time_limit}")


def find_solutions(
    n: int,
    k: int | None = 1,
    *,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> QueensResult:
    """The first ``k`` solutions in lexicographic order (all of them when ``k`` is None).

    Parameters
    ----------
    n : int
        Board size, 1..60.
    k : int or None
        How many to list; None lists all (keep ``n`` small).
    max_nodes, time_limit : optional budgets (keyword-only)

    Returns
    -------
    QueensResult
        ``count`` is the total when the search finished before ``k`` were found.

    Example
    -------
    >>> find_solutions(8, 2).solutions
    ((0, 4, 7, 5, 2, 6, 1, 3), (0, 5, 7, 2, 6, 3, 1, 4))
    """
    n = check_size(n)
    _check_budget(max_nodes, time_limit)
    if k is not None and k < 1:
        raise InvalidInput(f"number of solutions to list must be >= 1, got {k}")
    if k is not None and k > MAX_LISTED:
        raise InvalidInput(
            f"listing {k:,} solutions would not fit in memory; at most {MAX_LISTED:,}, "
            "or count them with count_solutions"
        )
    if k is None and n > MAX_N_LIST_ALL:
        raise InvalidInput(
            f"{n}-queens has too many solutions to list them all; give how many "
            "(k), or count them with count_solutions"
        )
    wanted = MAX_LISTED if k is None else k
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    out = np.zeros((min(wanted, 1 << 16), n), dtype=np.int64)
    cols, left, right, avail = (np.zeros(n + 1, dtype=np.int64) for _ in range(4))
    avail[0] = (1 << n) - 1
    queens = np.zeros(n, dtype=np.int64)
    state = np.zeros(3, dtype=np.int64)
    chunks: list[np.ndarray] = []
    listed = 0  # solutions in earlier, full buffers
    limit = None
    while True:
        step = 1 << 20
        if max_nodes is not None:
            step = min(step, max_nodes - int(state[2]))
            if step <= 0:
                limit = "max_nodes"
                break
        room = out[: min(len(out), wanted - listed)]
        done = _kernels.list_solutions(n, room, cols, left, right, avail, queens, state, step)
        if done and state[0] >= 0 and listed + int(state[1]) < wanted:
            # the buffer is full but more are wanted and the tree is not done: go on
            chunks.append(room.copy())
            listed += int(state[1])
            state[1] = 0
            continue
        if done:
            break
        if deadline is not None and time.perf_counter() >= deadline:
            limit = "time_limit"
            break
    chunks.append(out[: state[1]])
    found = [tuple(int(c) for c in row) for chunk in chunks for row in chunk]
    exhausted = state[0] < 0
    elapsed = time.perf_counter() - started
    if limit is not None and (k is None or len(found) < k):
        status: Status = "limit"
    else:
        status = "solved" if found else "no_solution"
    stats = _stats(int(state[2]), elapsed, 1)
    if limit is not None:
        stats["limit"] = limit
    count = len(found) if exhausted else None
    return QueensResult(status, n, count, tuple(found), False, stats)


def _stats(nodes: int, elapsed: float, workers: int) -> dict[str, Any]:
    return {
        "nodes": nodes,
        "expanded": nodes,
        "elapsed_s": elapsed,
        "nodes_per_s": nodes / elapsed if elapsed > 0 else None,
        "workers": workers,
    }


def prefix_tasks(n: int, *, unique: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The two-row prefixes the counting kernel starts from: ``(row0, row1, weight)``.

    Mirror symmetry: a solution with the first queen in the left half has a
    mirror image with it in the right half, so only the left half is searched
    and counted twice. With an odd ``n`` and the first queen in the middle
    column, the same argument applies to the second row. For ``unique`` every
    solution that is least among its images has its first queen in the left
    half or the middle, so those prefixes are searched in full (weight 1).
    """
    half = n // 2
    first, second, weight = [], [], []
    for c0 in range((n + 1) // 2):
        for c1 in range(n):
            if abs(c0 - c1) <= 1:
                continue  # same column or diagonal neighbour
            if unique:
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


def _count_batch(args: tuple[int, np.ndarray, np.ndarray, np.ndarray, bool]) -> tuple[int, int]:
    n, first, second, weight, unique = args
    if unique or n < 6:
        total, nodes = _kernels.count_tasks(n, first, second, weight, unique)
    else:
        total, nodes = _kernels.count_plain(n, first, second, weight)
    return int(total), int(nodes)


def count_solutions(
    n: int,
    *,
    unique: bool = False,
    workers: int = 1,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> QueensResult:
    """Count the solutions (OEIS A000170), or with ``unique`` the classes under symmetry (A002562).

    Parameters
    ----------
    n : int
        Board size, 1..60 (beyond about 18 counting takes hours).
    unique : bool
        Count solutions up to rotation and reflection.
    workers : int
        Processes to split the two-row prefixes over (1: in this process).
    max_nodes, time_limit : optional budgets (keyword-only)
        Checked between batches of prefixes; when one runs out the result is
        ``"limit"`` with ``count=None``.

    Example
    -------
    >>> count_solutions(8).count, count_solutions(8, unique=True).count
    (92, 12)
    """
    n = check_size(n)
    _check_budget(max_nodes, time_limit)
    if not isinstance(workers, int) or workers < 1 or workers > 256:
        raise InvalidInput(f"workers must be between 1 and 256, got {workers!r}")
    started = time.perf_counter()
    if n == 1:
        stats = _stats(1, time.perf_counter() - started, 1)
        return QueensResult("solved", 1, 1, unique=unique, stats=stats)
    first, second, weight = prefix_tasks(n, unique=unique)
    # small batches: fine enough to check budgets and to balance the workers
    batches = [
        (n, first[i : i + 1], second[i : i + 1], weight[i : i + 1], unique)
        for i in range(len(first))
    ]
    deadline = None if time_limit is None else started + time_limit
    total = nodes = 0
    limit = None
    if workers == 1 or len(batches) <= 1:
        workers = 1
        for batch in batches:
            found, used = _count_batch(batch)
            total += found
            nodes += used
            limit = _spent(nodes, max_nodes, deadline)
            if limit is not None:
                break
    else:
        total, nodes, limit = _count_in_processes(batches, workers, max_nodes, deadline)
    elapsed = time.perf_counter() - started
    stats = _stats(nodes, elapsed, workers)
    if limit is not None:
        stats["limit"] = limit
        return QueensResult("limit", n, None, unique=unique, stats=stats)
    return QueensResult("solved" if total else "no_solution", n, total, unique=unique, stats=stats)


def _spent(nodes: int, max_nodes: int | None, deadline: float | None) -> str | None:
    if max_nodes is not None and nodes >= max_nodes:
        return "max_nodes"
    if deadline is not None and time.perf_counter() >= deadline:
        return "time_limit"
    return None


def _count_in_processes(batches, workers, max_nodes, deadline):
    """Spread batches over processes; stop them all when a budget runs out."""
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    total = nodes = 0
    limit = None
    pool = context.Pool(min(workers, len(batches)))
    try:
        results = pool.imap_unordered(_count_batch, batches)
        for _ in range(len(batches)):
            timeout = None if deadline is None else max(deadline - time.perf_counter(), 0.001)
            try:
                found, used = results.next(timeout=timeout)
            except multiprocessing.TimeoutError:
                limit = "time_limit"
                break
            total += found
            nodes += used
            limit = _spent(nodes, max_nodes, None)
            if limit is not None:
                break
    finally:
        pool.terminate()
        pool.join()
    return total, nodes, limit
