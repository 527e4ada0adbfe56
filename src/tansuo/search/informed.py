"""Best-first searches: Dijkstra / uniform-cost, A*, weighted A*, greedy, IDA*.

All of them work on any :class:`~tansuo.search.problem.Problem` and return a
:class:`~tansuo.search.result.SearchResult`. The open list is a binary heap with
lazy deletion: a state whose ``g`` improves is pushed again and the stale entry
is skipped when popped, so no decrease-key is needed.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Hashable
from itertools import count
from typing import Any

from tansuo.budget import check_count
from tansuo.errors import InvalidInput
from tansuo.result import status_of
from tansuo.search._budget import (
    Counters,
    EventKind,
    OnEvent,
    SearchBudget,
    SearchEvent,
    parent_of,
    rebuild,
)
from tansuo.search._depth_first import bounded_dfs
from tansuo.search.problem import A, Heuristic, Problem, S, problem_heuristic
from tansuo.search.result import SearchResult, SearchStats

Priority = Callable[[float, float], float]
"""``priority(g, h)``: the number the open list is ordered by (``g + h`` for A*)."""


def _best_first(
    problem: Problem[S, A],
    priority: Priority,
    heuristic: Heuristic[S],
    budget: SearchBudget,
    *,
    reopen: bool,
    on_event: OnEvent | None,
) -> SearchResult[S, A]:
    """The one best-first loop behind A*, weighted A*, greedy and Dijkstra.

    Entries are ``(priority, -g, tie, state)``: lowest priority first, then the
    larger ``g`` (the node nearer the goal when ``f`` ties), then insertion
    order, so that states themselves are never compared. The counters are
    local variables, frozen into the result's statistics once at the end.
    """
    start = problem.initial_state
    h_cache: dict[Hashable, float] = {start: heuristic(start)}
    best_g: dict[Hashable, float] = {start: 0}
    parents: dict[Hashable, tuple[Any, Any] | None] = {start: None}
    closed: set[Hashable] = set()
    tie = count()
    h0 = h_cache[start]
    open_heap: list[tuple[float, float, int, Any]] = [(priority(0, h0), 0, next(tie), start)]
    if on_event is not None:
        on_event(SearchEvent("generate", start, 0, h0, priority(0, h0), None))
    heappush, heappop = heapq.heappush, heapq.heappop
    expanded = generated = reopened = 0
    limit: str | None = None
    goal_g: float | None = None

    while open_heap:
        limit = budget.check(expanded, len(open_heap))
        if limit is not None:
            break
        _, neg_g, _, state = heappop(open_heap)
        g = -neg_g
        if state in closed or g > best_g[state]:
            continue  # stale entry: a cheaper path to this state was pushed later
        if on_event is not None:
            h = h_cache[state]
            on_event(SearchEvent("expand", state, g, h, priority(g, h), parent_of(parents, state)))
        if problem.is_goal(state):
            goal_g = g
            break
        closed.add(state)
        expanded += 1
        for action, nxt, step in problem.successors(state):
            generated += 1
            if step < 0:
                raise InvalidInput(f"negative step cost {step!r} from {state!r} to {nxt!r}")
            new_g = g + step
            old_g = best_g.get(nxt)
            if old_g is not None and new_g >= old_g:
                continue
            kind: EventKind = "generate"
            if nxt in closed:
                if not reopen:
                    continue
                closed.discard(nxt)
                reopened += 1
                kind = "reopen"
            best_g[nxt] = new_g
            parents[nxt] = (state, action)
            h_next = h_cache.get(nxt)
            if h_next is None:
                h_next = h_cache[nxt] = heuristic(nxt)
            f = priority(new_g, h_next)
            heappush(open_heap, (f, -new_g, next(tie), nxt))
            if on_event is not None:
                on_event(SearchEvent(kind, nxt, new_g, h_next, f, state))

    path, actions = rebuild(parents, state) if goal_g is not None else ([], [])
    stats = budget.stats(Counters(expanded, generated, reopened), limit)
    if goal_g is not None:
        return SearchResult("solved", path, actions, goal_g, stats)
    return SearchResult(status_of(found=False, limit=limit), stats=stats)


def astar(
    problem: Problem[S, A],
    heuristic: Heuristic[S] | None = None,
    *,
    max_expansions: int | None = None,
    time_limit: float | None = None,
    max_frontier: int | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult[S, A]:
    """A* search: expand the open state with the least ``f = g + h``.

    Parameters
    ----------
    problem : Problem
    heuristic : callable ``state -> number``, optional
        Defaults to ``problem.heuristic`` if it has one, else 0 (Dijkstra).
    max_expansions : int, optional
        Budget: states expanded at most.
    time_limit : float, optional
        Budget: seconds (the clock is read every 64 expansions).
    max_frontier : int, optional
        Budget: the most entries the open list may hold (a count, not bytes).
    on_event : callable, optional
        Receives a :class:`SearchEvent` per generation, re-opening and expansion.

    Returns
    -------
    SearchResult
        ``status="limit"`` (and ``stats.limit`` naming the budget) when a
        budget ran out first.

    Notes
    -----
    With an admissible heuristic (never above the true remaining cost) the
    first goal expanded is optimal. The heuristic need not be *consistent*: a
    closed state reached again by a cheaper path is re-opened (counted in
    ``stats.reopened``), which keeps the answer optimal at the price of
    re-expansions. Ties on ``f`` go to the larger ``g``.

    Examples
    --------
    >>> from tansuo.search import GraphProblem, astar
    >>> g = {"S": {"a": 4, "b": 1}, "b": {"a": 2}, "a": {"T": 5}}
    >>> r = astar(GraphProblem(g, "S", "T", directed=True))
    >>> r.cost, r.path
    (8, ['S', 'b', 'a', 'T'])
    """
    budget = SearchBudget(max_expansions, time_limit, max_frontier)
    h = problem_heuristic(problem, heuristic)
    return _best_first(problem, _f_astar, h, budget, reopen=True, on_event=on_event)


def _f_astar(g: float, h: float) -> float:
    return g + h


def weighted_astar(
    problem: Problem[S, A],
    weight: float,
    heuristic: Heuristic[S] | None = None,
    *,
    reopen: bool = False,
    max_expansions: int | None = None,
    time_limit: float | None = None,
    max_frontier: int | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult[S, A]:
    """Weighted A*: order by ``g + weight * h``.

    With an admissible ``h`` and ``weight >= 1`` the cost found is at most
    ``weight`` times the optimum. Closed states are not re-opened by default,
    which keeps that bound for consistent heuristics and is much faster.
    ``weight=1`` is A*; ``weight=0`` is Dijkstra. Budgets as in :func:`astar`.

    Parameters
    ----------
    problem : Problem
        The problem to solve.
    weight : float
        The factor on ``h`` (1 is A*, 0 is Dijkstra).
    heuristic : callable ``state -> number``, optional
        Defaults to ``problem.heuristic`` if it has one, else 0.
    reopen : bool
        Re-open a closed state reached again more cheaply (default: no).
    max_expansions : int, optional
        Budget: states expanded at most.
    time_limit : float, optional
        Budget: seconds.
    max_frontier : int, optional
        Budget: the most entries the open list may hold (a count, not bytes).
    on_event : callable, optional
        Receives a :class:`SearchEvent` per generation and expansion.

    Returns
    -------
    SearchResult
        ``status="limit"`` (and ``stats.limit`` naming the budget) when a
        budget ran out first.

    Raises
    ------
    InvalidInput
        A malformed budget, or a negative step cost.

    Examples
    --------
    >>> from tansuo.search.examples import SlidingPuzzle
    >>> weighted_astar(SlidingPuzzle((4, 1, 3, 7, 2, 6, 0, 5, 8)), 2.0).cost
    6
    """
    if not weight >= 0:
        raise InvalidInput(f"weight must be >= 0, got {weight}")
    budget = SearchBudget(max_expansions, time_limit, max_frontier)
    h = problem_heuristic(problem, heuristic)

    def priority(g: float, h: float) -> float:
        return g + weight * h

    return _best_first(problem, priority, h, budget, reopen=reopen, on_event=on_event)


def greedy_best_first(
    problem: Problem[S, A],
    heuristic: Heuristic[S] | None = None,
    *,
    max_expansions: int | None = None,
    time_limit: float | None = None,
    max_frontier: int | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult[S, A]:
    """Greedy best-first search: expand the state with the least ``h``. Not optimal.

    Budgets as in :func:`astar`.

    Parameters
    ----------
    problem : Problem
        The problem to solve.
    heuristic : callable ``state -> number``, optional
        Defaults to ``problem.heuristic`` if it has one, else 0.
    max_expansions : int, optional
        Budget: states expanded at most.
    time_limit : float, optional
        Budget: seconds.
    max_frontier : int, optional
        Budget: the most entries the open list may hold (a count, not bytes).
    on_event : callable, optional
        Receives a :class:`SearchEvent` per generation and expansion.

    Returns
    -------
    SearchResult
        ``status="limit"`` (and ``stats.limit`` naming the budget) when a
        budget ran out first.

    Raises
    ------
    InvalidInput
        A malformed budget, or a negative step cost.

    Examples
    --------
    >>> from tansuo.search.examples import SlidingPuzzle
    >>> greedy_best_first(SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8))).actions
    ['R', 'R']
    """
    budget = SearchBudget(max_expansions, time_limit, max_frontier)
    h = problem_heuristic(problem, heuristic)
    return _best_first(problem, _f_greedy, h, budget, reopen=False, on_event=on_event)


def _f_greedy(_g: float, h: float) -> float:
    return h


def dijkstra(
    problem: Problem[S, A],
    *,
    max_expansions: int | None = None,
    time_limit: float | None = None,
    max_frontier: int | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult[S, A]:
    """Dijkstra's algorithm (uniform-cost search): A* with ``h = 0``.

    Optimal for non-negative step costs; raises ``InvalidInput`` on a negative
    one. Budgets as in :func:`astar`.

    Parameters
    ----------
    problem : Problem
        The problem to solve.
    max_expansions : int, optional
        Budget: states expanded at most.
    time_limit : float, optional
        Budget: seconds.
    max_frontier : int, optional
        Budget: the most entries the open list may hold (a count, not bytes).
    on_event : callable, optional
        Receives a :class:`SearchEvent` per generation and expansion.

    Returns
    -------
    SearchResult
        ``status="limit"`` (and ``stats.limit`` naming the budget) when a
        budget ran out first.

    Raises
    ------
    InvalidInput
        A malformed budget, or a negative step cost.

    Examples
    --------
    >>> from tansuo.search import GraphProblem
    >>> dijkstra(GraphProblem([("a", "b", 2), ("b", "c", 2), ("a", "c", 5)], "a", "c")).cost
    4
    """
    budget = SearchBudget(max_expansions, time_limit, max_frontier)
    return _best_first(problem, _f_astar, _zero, budget, reopen=False, on_event=on_event)


uniform_cost = dijkstra


def _zero(_state: Any) -> float:
    return 0


def dijkstra_distances(
    problem: Problem[S, A],
    *,
    max_expansions: int | None = None,
    time_limit: float | None = None,
) -> tuple[dict[S, float], dict[S, S | None], SearchStats]:
    """Single-source shortest paths: every state reachable from the initial state.

    Returns ``(distance, parent, stats)`` where ``parent[start]`` is None. The
    goal test is ignored. ``stats.limit`` is set when a budget stopped it early
    (then the dictionaries hold the states settled so far).

    Parameters
    ----------
    problem : Problem
        The problem to solve.
    max_expansions : int, optional
        Budget: states expanded at most.
    time_limit : float, optional
        Budget: seconds.

    Returns
    -------
    distance : dict
        State -> its least cost from the initial state.
    parent : dict
        State -> the state before it on a cheapest path (None for the start).
    stats : SearchStats
        ``stats.limit`` is set when a budget stopped it early; then the
        dictionaries hold the states settled so far.

    Examples
    --------
    >>> from tansuo.search import GraphProblem
    >>> dist, parent, stats = dijkstra_distances(GraphProblem([("a", "b", 2), ("b", "c", 2)], "a"))
    >>> dist, parent["c"], stats.expanded
    ({'a': 0, 'b': 2, 'c': 4}, 'b', 3)
    """
    budget = SearchBudget(max_expansions, time_limit)
    start = problem.initial_state
    dist: dict[S, float] = {}
    best: dict[S, float] = {start: 0}
    parent: dict[S, S | None] = {start: None}
    tie = count()
    heap: list[tuple[float, int, S]] = [(0, next(tie), start)]
    heappush, heappop = heapq.heappush, heapq.heappop
    expanded = generated = 0
    limit: str | None = None
    while heap:
        limit = budget.check(expanded, len(heap))
        if limit is not None:
            break
        g, _, state = heappop(heap)
        if state in dist:
            continue
        dist[state] = g
        expanded += 1
        for _action, nxt, step in problem.successors(state):
            generated += 1
            if step < 0:
                raise InvalidInput(f"negative step cost {step!r} from {state!r} to {nxt!r}")
            new_g = g + step
            if nxt not in dist and new_g < best.get(nxt, math.inf):
                best[nxt] = new_g
                parent[nxt] = state
                heappush(heap, (new_g, next(tie), nxt))
    stats = budget.stats(Counters(expanded, generated), limit)
    return dist, {s: parent[s] for s in dist}, stats


def ida_star(
    problem: Problem[S, A],
    heuristic: Heuristic[S] | None = None,
    *,
    max_expansions: int | None = None,
    time_limit: float | None = None,
    max_depth: int | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult[S, A]:
    """Iterative-deepening A*: depth-first searches with a rising bound on ``f``.

    Memory is linear in the solution depth. Each iteration explores states with
    ``f <= bound`` depth-first (skipping states already on the current path) and
    the next bound is the least ``f`` that exceeded it. Optimal with an
    admissible heuristic. ``stats.iterations`` counts the bounds tried and
    ``stats.bound`` is the last one. The depth-first walk uses an explicit
    stack, so deep solutions do not hit Python's recursion limit. Budgets as in
    :func:`astar`, and ``max_depth`` (steps) on the paths followed.

    Parameters
    ----------
    problem : Problem
        The problem to solve.
    heuristic : callable ``state -> number``, optional
        Defaults to ``problem.heuristic`` if it has one, else 0.
    max_expansions : int, optional
        Budget: states expanded at most.
    time_limit : float, optional
        Budget: seconds.
    max_depth : int, optional
        No path longer than this many steps is followed.
    on_event : callable, optional
        Receives a :class:`SearchEvent` per generation and expansion.

    Returns
    -------
    SearchResult
        ``status="limit"`` (and ``stats.limit`` naming the budget) when a
        budget ran out first.

    Raises
    ------
    InvalidInput
        A malformed budget.

    Examples
    --------
    >>> from tansuo.search.examples import SlidingPuzzle
    >>> result = ida_star(SlidingPuzzle((4, 1, 3, 7, 2, 6, 0, 5, 8)))
    >>> result.cost, result.stats.iterations, result.stats.bound
    (6, 1, 6)
    """
    budget = SearchBudget(max_expansions, time_limit)
    max_depth = check_count(max_depth, "max_depth")
    h = problem_heuristic(problem, heuristic)
    counters = Counters()
    bound = h(problem.initial_state)
    iterations = 0
    while True:
        iterations += 1
        walk = bounded_dfs(
            problem,
            budget,
            counters,
            heuristic=h,
            bound=bound,
            max_depth=max_depth,
            on_event=on_event,
        )
        if walk.found is not None or walk.limit is not None or walk.next_bound == math.inf:
            break
        bound = walk.next_bound  # the least f that the bound cut off
    limit = walk.limit
    if walk.found is None and limit is None and walk.depth_cut:
        # Nothing was pruned by the bound, so a larger one would not help; but the
        # depth limit hid part of the space: not a proof.
        limit = "max_depth"
    stats = budget.stats(counters, limit, iterations=iterations, bound=bound)
    if walk.found is not None:
        path, actions, cost = walk.found
        return SearchResult("solved", path, actions, cost, stats)
    return SearchResult(status_of(found=False, limit=limit), stats=stats)
