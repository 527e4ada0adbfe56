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
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np

from tansuo.budget import FIRST_SLICE, TIME_SLICE_S, Budget, Meter, on_interrupt, run_chunked
from tansuo.errors import InvalidInput
from tansuo.queens import _kernels
from tansuo.queens._kernels import DEPTH, DONE, FOUND, LEAVES, NODES, NOT_STARTED, TOTAL
from tansuo.queens.construct import MinConflicts, construction, images
from tansuo.queens.model import MAX_N, MAX_N_FOUND, Placement, attacks, check_size, is_solution
from tansuo.queens.result import QueensResult, QueensStats
from tansuo.result import Status
from tansuo.threads import check_threads

MAX_LISTED = 1_000_000
"""Most solutions :func:`find_solutions` lists in one call (memory)."""

MAX_N_LIST_ALL = 14
"""Largest board whose solutions may all be listed (365,596 for n = 14)."""

THREADED_FROM_N = 13
"""Smallest board counted on more than one thread (12-queens takes 3 ms on one)."""

EXACT_NODES = 1 << 22
"""Nodes the exact search may take to list the first solutions in order before
:func:`find_solutions` builds and searches for them instead (it lists the first
solution of every board up to n = 29 within this; n = 30 needs over 50 M)."""

MAX_LISTING_BYTES = 256 << 20
"""Most memory the solutions one :func:`find_solutions` call lists may take (about)."""

MAX_SEEDS = 100_000
"""Most min-conflicts searches one :func:`find_solutions` call starts (small boards
have few solutions; beyond about n = 20 distinct seeds give distinct answers)."""

CHUNK_NODES = 1 << 22
"""Nodes a kernel call runs before the clock is read again (about 25 ms at 160 M nodes/s)."""


@dataclass(frozen=True, slots=True)
class QueensProblem:
    """N-Queens as a :class:`tansuo.search.Problem`: place one queen per row, top down.

    Parameters
    ----------
    n : int
        The board's side.
    initial_state : tuple of int
        Queens already placed in the top rows (their columns).

    Examples
    --------
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

    Parameters
    ----------
    n : int
        The board's side.

    Yields
    ------
    tuple of int
        One solution at a time.

    Examples
    --------
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
    """``max_solutions`` distinct solutions: the first in lexicographic order where the
    exact search reaches them at once, else built and searched for directly.

    Up to ``n`` = 60 the exact search lists the first solutions in
    lexicographic order, as :func:`reference_solutions` does; it answers most
    boards up to ``n`` = 29 within its :data:`EXACT_NODES` nodes. When it has
    not found them all by then (or ``n`` > 60), the rest come from the explicit
    construction (:func:`~tansuo.queens.construct.construction`), its symmetric
    images and min-conflicts searches from seeds 0, 1, 2, ... (see
    :mod:`tansuo.queens.construct`), each checked by :func:`is_solution` and
    kept only when it is new; ``result.lexicographic`` is then False.

    Parameters
    ----------
    n : int
        Board size, 1..1,000,000 (1..14 when listing all).
    max_solutions : int or None
        How many to list: 1 finds one, None lists all (keep ``n`` small).
    max_nodes, time_limit : optional budgets (keyword-only)
        A node is a partial placement the exact search enters, the empty
        board included, or a queen placed by the construction or a
        min-conflicts swap tried (:class:`QueensStats`). The clock is read
        every few million nodes.

    Returns
    -------
    QueensResult
        ``count`` is the total when the exact search finished before
        ``max_solutions`` were found.

    Examples
    --------
    >>> find_solutions(8, 2).solutions
    ((0, 4, 7, 5, 2, 6, 1, 3), (0, 5, 7, 2, 6, 3, 1, 4))
    >>> big = find_solutions(100_000)
    >>> big.status, big.lexicographic, is_solution(big.solution)
    ('solved', False, True)
    """
    n = check_size(n, MAX_N_FOUND)
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
    if max_solutions is not None and _listing_bytes(n, max_solutions) > MAX_LISTING_BYTES:
        most = max(1, MAX_LISTING_BYTES // _listing_bytes(n, 1))
        raise InvalidInput(
            f"{max_solutions:,} solutions of {n:,}-queens would not fit in memory; "
            f"at most {most:,} at this size"
        )
    found: list[Placement] = []
    nodes = placed = 0
    exhausted = False
    limit: str | None = None
    if n <= MAX_N:
        found, placed, exhausted, limit = _list_in_order(n, max_solutions, meter)
        nodes = 1 + placed  # the empty board, then one placement per queen placed
    in_order = len(found)
    wanted = MAX_LISTED if max_solutions is None else max_solutions
    if n > MAX_N or (limit == _EXACT and len(found) < wanted):
        nodes, limit = _find_more(n, wanted, found, nodes, meter)
    status: Status
    if limit is not None and len(found) < wanted:
        status = "limit"
    else:
        status = "solved" if found else "no_solution"
        limit = None
    return QueensResult(
        status,
        n,
        len(found) if exhausted and limit is None else None,
        tuple(found),
        False,
        _stats(
            # every queen the exact search placed but in the last row was expanded, as was
            # the empty board; the construction and min-conflicts add nodes only
            expanded=1 + placed - in_order if n <= MAX_N else 0,
            generated=placed,
            nodes=nodes,
            elapsed=meter.elapsed(),
            threads=1,
            limit=limit,
        ),
        lexicographic=len(found) == in_order,
    )


def _listing_bytes(n: int, solutions: int) -> int:
    """About the memory of ``solutions`` placements as tuples (ints above 256 are objects)."""
    return solutions * (56 + n * (8 if n <= 256 else 40))


_EXACT = "exact_search"
"""The name of the exact search's own node allowance in :func:`find_solutions`."""


def _list_in_order(
    n: int, max_solutions: int | None, meter: Meter
) -> tuple[list[Placement], int, bool, str | None]:
    """The first solutions in lexicographic order: ``(solutions, placed, exhausted, limit)``.

    ``placed`` counts the queens placed; the budget counts nodes, one more
    (the empty board).

    When a number is wanted, the search may run :data:`EXACT_NODES` nodes
    for each solution it has listed, plus one allowance: past that it stops
    with the limit ``_EXACT`` (the caller's own budgets still hold).
    """
    wanted = MAX_LISTED if max_solutions is None else max_solutions
    cols, left, right, free, queens, state = _kernels.new_state(n)
    state[DEPTH] = 0
    free[0] = (1 << n) - 1
    out = np.zeros((min(wanted, 1 << 16), n), dtype=np.int64)
    exact = Meter(meter.budget, meter.stop)
    exact.started, exact.deadline = meter.started, meter.deadline
    given = (meter.count_name, meter.count_limit)

    def allow(found: int) -> None:
        # the exact search's allowance grows with each solution it lists
        cap = EXACT_NODES * (1 + found)
        if max_solutions is None or (given[1] is not None and given[1] <= cap):
            exact.count_name, exact.count_limit = given
        else:
            exact.count_name, exact.count_limit = _EXACT, cap

    allow(0)
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
            allow(listed + int(state[FOUND]))
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
        limit = run_chunked(step, lambda: 1 + int(state[NODES]), exact, chunk=CHUNK_NODES)
        if limit is not None:
            found_all.extend(map(tuple, out[: state[FOUND]].tolist()))
    finally:
        if collecting:
            gc.enable()
    return found_all, int(state[NODES]), bool(state[DEPTH] == NOT_STARTED), limit


def _find_more(
    n: int, wanted: int, found: list[Placement], nodes: int, meter: Meter
) -> tuple[int, str | None]:
    """Add distinct solutions to ``found`` until there are ``wanted``: ``(nodes, limit)``.

    First the construction and its symmetric images (``n`` nodes each: the
    queens placed), then min-conflicts searches from seeds 0, 1, 2, ...
    Every one is checked by :func:`is_solution` before it counts.
    """
    seen = set(found)

    def keep(placement: np.ndarray) -> None:
        as_tuple = tuple(placement.tolist())
        if as_tuple in seen:
            return
        if not is_solution(as_tuple):  # the independent check of every answer
            raise AssertionError(f"{n}-queens: a non-solution was built: {as_tuple[:20]}...")
        seen.add(as_tuple)
        found.append(as_tuple)

    built = construction(n)
    if built is None:  # n = 2 or 3: the exact search has proved there is none
        return nodes, None
    for image in images(built):
        if len(found) >= wanted:
            return nodes, None
        spent = meter.spent(nodes + n)
        if spent is not None:
            return nodes, spent
        nodes += n
        keep(image)
    seed = 0
    while len(found) < wanted:
        spent = meter.spent(nodes)
        if spent is not None:
            return nodes, spent
        search, before = MinConflicts(n, seed), nodes

        def counted(search: MinConflicts = search, before: int = before) -> int:
            return before + search.nodes

        limit = run_chunked(search.step, counted, meter, chunk=CHUNK_NODES)
        nodes += search.nodes
        if limit is not None:
            return nodes, limit
        keep(search.placement)
        seed += 1
        if seed > MAX_SEEDS:  # a small board with fewer solutions than wanted
            break
    return nodes, None


def _stats(
    *,
    expanded: int,
    generated: int,
    nodes: int,
    elapsed: float,
    threads: int,
    limit: str | None,
    counted: int = 0,
) -> QueensStats:
    return QueensStats(
        expanded=expanded,
        generated=generated,
        elapsed_s=elapsed,
        limit=limit,
        nodes=nodes,
        nodes_per_s=nodes / elapsed if elapsed > 0 else None,
        threads=threads,
        counted=counted,
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

    Parameters
    ----------
    n : int
        The board's side.
    up_to_symmetry : bool
        Prefixes for counting classes of solutions (under the 8 symmetries)
        instead of all solutions.

    Returns
    -------
    row0, row1 : numpy.ndarray
        The columns of the first two queens of each prefix.
    weight : numpy.ndarray
        How many times each prefix's solutions count.

    Examples
    --------
    >>> firsts, seconds, weights = prefix_tasks(6)
    >>> len(firsts) == len(seconds) == len(weights)
    True
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


def count_solutions(
    n: int,
    *,
    up_to_symmetry: bool = False,
    threads: int | None = None,
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
    threads : int or None
        Threads to count on, each taking the next two-row prefix when done
        with its own (None: :func:`default_threads`, every core). Boards
        below :data:`THREADED_FROM_N` are counted on one thread: they take
        less time than starting another.
    max_nodes, time_limit : optional budgets (keyword-only)
        A node is a partial placement entered, the empty board included
        (:class:`QueensStats`). Every thread looks at the clock and the node
        budget about every 20 ms. When one runs out the result is
        ``"limit"`` with ``count=None``.

    Examples
    --------
    >>> count_solutions(8).count, count_solutions(8, up_to_symmetry=True).count
    (92, 12)
    """
    n = check_size(n)
    meter = Budget(time_limit=time_limit, max_nodes=max_nodes).start()
    threads = check_threads(threads)
    if n == 1:
        # the empty board is expanded; its one child, a queen, is the solution
        stats = _stats(expanded=1, generated=1, nodes=2, elapsed=meter.elapsed(), threads=1,
                       limit=None, counted=1)  # fmt: skip
        return QueensResult("solved", 1, 1, up_to_symmetry=up_to_symmetry, stats=stats)
    counter = _Counter(n, up_to_symmetry, meter)
    used = max(1, min(int(threads), len(counter.first))) if n >= THREADED_FROM_N else 1
    # Ctrl-C on the command line (tansuo.budget.interrupt) stops the count after the
    # threads' current slices, as a budget does: the solutions counted so far are kept
    unwatch = on_interrupt(lambda: counter._stop("stopped"))
    try:
        counter.run(used)
    finally:
        unwatch()
    stats = _stats(
        expanded=counter.expanded,
        generated=counter.nodes - 1,
        nodes=counter.nodes,
        elapsed=meter.elapsed(),
        threads=used,
        limit=counter.limit,
        counted=counter.at_least,
    )
    if counter.limit is not None:
        return QueensResult("limit", n, None, up_to_symmetry=up_to_symmetry, stats=stats)
    status: Status = "solved" if counter.total else "no_solution"
    return QueensResult(status, n, counter.total, up_to_symmetry=up_to_symmetry, stats=stats)


class _Counter:
    """The prefixes of one count, shared by the threads that count them, and the budget.

    The prefixes form a queue: a thread takes the next one when it has
    counted its own, so the threads stay busy to the end but for the last
    prefix (at n = 16 the largest of the 105 holds 1.2% of the nodes). A
    thread runs its kernel in slices of about ``TIME_SLICE_S`` (with a time
    limit) or ``CHUNK_NODES``, and in between looks at the clock and asks
    the shared node budget for the next slice's nodes; a thread that finds
    the budget empty while others still hold some waits for what they give
    back, so the budget is spent in full, never more.

    The counts are those of one depth-first tree: the empty board, the first
    row's queens that mirror symmetry keeps and the second row's of every
    prefix are counted once, when the prefixes are made (made at once, before
    any is searched), and the kernels count the queens placed below them.
    """

    def __init__(self, n: int, up_to_symmetry: bool, meter: Meter) -> None:
        self.n = n
        self.up_to_symmetry = up_to_symmetry
        self.plain = not up_to_symmetry and n >= 6
        self.first, self.second, self.weight = prefix_tasks(n, up_to_symmetry=up_to_symmetry)
        self.meter = meter
        # The two rows of the prefixes: the empty board (expanded), the first row's queens
        # (each expanded: its second row worked out) and the second row's (expanded unless
        # the second row is the last, n = 2).
        first_row, second_row = (n + 1) // 2, len(self.first)
        self.prefix_expanded = 1 + first_row + (second_row if n > 2 else 0)
        self.prefix_nodes = 1 + first_row + second_row
        self.changed = threading.Condition()
        self.next_task = 0
        self.counted = 0  # prefixes counted to the end
        self.total = 0
        self.started: dict[int, int] = {}  # solutions so far of prefixes being counted (plain)
        self.nodes = self.prefix_nodes  # nodes entered, the prefixes' and those below them
        self.leaves = 0  # full placements reached below the prefixes
        self.nodes_left = meter.count_limit  # the node budget not yet handed out
        if self.nodes_left is not None:
            self.nodes_left = max(0, self.nodes_left - self.prefix_nodes)
        self.lent = 0  # nodes handed out for slices still running
        self.limit: str | None = None
        self.stopping = False
        self.failure: BaseException | None = None

    def run(self, threads: int) -> None:
        """Count every prefix on ``threads`` threads, this one among them."""
        helpers = [threading.Thread(target=self._help, daemon=True) for _ in range(threads - 1)]
        for helper in helpers:
            helper.start()
        try:
            self._work()
        except BaseException:  # Ctrl-C included: the helpers stop after their slice
            self._stop(None)
            raise
        finally:
            for helper in helpers:
                helper.join()
        if self.failure is not None:
            raise self.failure
        if self.counted == len(self.first):
            self.limit = None  # the clock ran out just as the last prefix was counted
        elif self.limit is None:
            self.limit = "max_nodes"  # every thread found the node budget empty

    def _help(self) -> None:
        try:
            self._work()
        except BaseException as exc:  # given to the caller's thread
            self.failure = exc
            self._stop(None)

    @property
    def expanded(self) -> int:
        """Nodes whose children were generated: every queen placed below the prefixes but
        those in the last row, and the prefixes' own."""
        return self.prefix_expanded + (self.nodes - self.prefix_nodes) - self.leaves

    def _stop(self, limit: str | None) -> None:
        with self.changed:
            self.stopping = True
            self.limit = self.limit or limit
            self.changed.notify_all()

    def _take(self) -> int | None:
        """The next prefix to count, or None when all are taken (or the count stops)."""
        with self.changed:
            if self.stopping or self.next_task == len(self.first):
                return None
            self.next_task += 1
            return self.next_task - 1

    def _borrow(self, wanted: int) -> int:
        """Nodes the next slice may run: ``wanted``, less near the budget, 0 when it is spent."""
        with self.changed:
            while True:
                if self.stopping:
                    return 0
                if self.nodes_left is None:
                    return wanted
                if self.nodes_left > 0:
                    lent = min(wanted, self.nodes_left)
                    self.nodes_left -= lent
                    self.lent += lent
                    return lent
                if self.lent == 0:
                    return 0  # spent: nothing will come back
                self.changed.wait()

    @property
    def at_least(self) -> int:
        """Solutions counted so far: the finished prefixes', and those found below prefixes
        still being counted (a plain count's, each with its mirror image)."""
        with self.changed:
            return self.total + sum(self.started.values())

    def _give_back(
        self, lent: int, used: int, leaves: int, found: int | None, task: int, so_far: int
    ) -> None:
        """Account a slice of prefix ``task``: ``used`` of ``lent`` nodes, ``leaves`` of them
        full placements; ``found`` when it finished its prefix, else ``so_far`` found in it."""
        with self.changed:
            self.nodes += used
            self.leaves += leaves
            if self.nodes_left is not None:
                self.nodes_left += lent - used  # a slice may run a little past its nodes
                self.lent -= lent
                self.changed.notify_all()
            if found is not None:
                self.total += found
                self.counted += 1
                self.started.pop(task, None)
            elif self.plain:
                self.started[task] = so_far

    def _work(self) -> None:
        """Take prefixes and count them, slice by slice, until none is left or a budget is spent."""
        n, first, second, weight = self.n, self.first, self.second, self.weight
        cols, left, right, free, queens, state = _kernels.new_state(n)
        timed = self.meter.deadline is not None
        rate = None  # nodes per second of this thread, measured on its slices so far
        while (task := self._take()) is not None:
            state[:] = 0
            state[DEPTH] = NOT_STARTED
            one = slice(task, task + 1)
            while True:
                wanted = CHUNK_NODES
                if timed:
                    wanted = FIRST_SLICE if rate is None else max(1, int(rate * TIME_SLICE_S))
                    wanted = min(wanted, CHUNK_NODES)
                lent = self._borrow(wanted)
                if lent == 0:
                    return
                before, leaves_before = int(state[NODES]), int(state[LEAVES])
                started = time.perf_counter()
                if self.plain:
                    done = _kernels.count_plain(n, first[one], second[one], weight[one],
                                                cols, left, right, free, state, lent)  # fmt: skip
                else:
                    done = _kernels.count_tasks(n, first[one], second[one], weight[one],
                                                self.up_to_symmetry, cols, left, right, free,
                                                queens, state, lent)  # fmt: skip
                seconds = time.perf_counter() - started
                used = int(state[NODES]) - before
                if used > 0 and seconds > 0:
                    rate = used / seconds
                finished = done == DONE
                leaves = int(state[LEAVES]) - leaves_before
                so_far = int(state[FOUND]) * int(weight[task])
                self._give_back(lent, used, leaves, int(state[TOTAL]) if finished else None,
                                task, so_far)  # fmt: skip
                if self.meter.out_of_time():
                    self._stop("time_limit")
                    return
                if finished:
                    break


WARM_UP_KINDS = ("list", "search", "count", "classes")
"""What :func:`warm_up` can compile: the ordered listing, min-conflicts, the two counters."""


def warm_up(*kinds: str) -> None:
    """Compile (or load from numba's cache) the N-Queens kernels: all, or those of ``kinds``.

    ``"list"``: the exact listing; ``"search"``: min-conflicts (large boards);
    ``"count"``: the counter; ``"classes"``: the counter up to symmetry. A
    command compiles only what it calls (``tansuo queens 8`` lists).

    Parameters
    ----------
    *kinds : str
        Any of :data:`WARM_UP_KINDS`; none means all of them.

    Raises
    ------
    InvalidInput
        A kind not in :data:`WARM_UP_KINDS`.

    Examples
    --------
    >>> warm_up("count")  # compiled, or loaded from numba's cache: the next count is quick
    >>> count_solutions(6).count
    4
    >>> warm_up("sort")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tansuo.errors.InvalidInput: unknown kernel kind 'sort'; one of ('list', 'search', ...)
    """
    unknown = set(kinds) - set(WARM_UP_KINDS)
    if unknown:
        raise InvalidInput(f"unknown kernel kind {sorted(unknown)[0]!r}; one of {WARM_UP_KINDS}")
    wanted = set(kinds or WARM_UP_KINDS)
    if "list" in wanted:
        find_solutions(6, 1)
    if "search" in wanted:
        search = MinConflicts(8, 0)
        while not search.step(1 << 20):
            pass
    if "count" in wanted:
        count_solutions(6)
    if "classes" in wanted:
        count_solutions(6, up_to_symmetry=True)
