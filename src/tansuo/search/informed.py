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

from tansuo.errors import InvalidInput
from tansuo.search._budget import Budget, OnEvent, SearchEvent, rebuild
from tansuo.search._depth_first import bounded_dfs
from tansuo.search.problem import problem_heuristic
from tansuo.search.result import SearchResult, SearchStats

Heuristic = Callable[[Any], float]


def _best_first(
    problem: Any,
    priority: Callable[[float, float], float],
    heuristic: Heuristic,
    *,
    reopen: bool,
    max_expansions: int | None,
    time_limit: float | None,
    max_frontier: int | None,
    on_event: OnEvent | None,
) -> SearchResult:
    """The one best-first loop behind A*, weighted A*, greedy and Dijkstra.

    Entries are ``(priority, -g, tie, state)``: lowest priority first, then the
    larger ``g`` (the node nearer the goal when ``f`` ties), then insertion
    order, so that states themselves are never compared.
    """
    budget = Budget(max_expansions, time_limit, max_frontier)
    stats = SearchStats()
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

    while open_heap:
        limit = budget.exhausted(stats, len(open_heap))
        if limit is not None:
            return SearchResult("limit", stats=budget.finish(stats, limit))
        _, neg_g, _, state = heapq.heappop(open_heap)
        g = -neg_g
        if state in closed or g > best_g[state]:
            continue  # stale entry: a cheaper path to this state was pushed later
        if on_event is not None:
            h = h_cache[state]
            on_event(SearchEvent("expand", state, g, h, priority(g, h), _parent_of(parents, state)))
        if problem.is_goal(state):
            path, actions = rebuild(parents, state)
            return SearchResult("solved", path, actions, g, budget.finish(stats))
        closed.add(state)
        stats.expanded += 1
        for action, nxt, step in problem.successors(state):
            stats.generated += 1
            if step < 0:
                raise InvalidInput(f"negative step cost {step!r} from {state!r} to {nxt!r}")
            new_g = g + step
            old_g = best_g.get(nxt)
            if old_g is not None and new_g >= old_g:
                continue
            if nxt in closed:
                if not reopen:
                    continue
                closed.discard(nxt)
                stats.reopened += 1
                kind = "reopen"
            else:
                kind = "generate"
            best_g[nxt] = new_g
            parents[nxt] = (state, action)
            h = h_cache.get(nxt)
            if h is None:
                h = h_cache[nxt] = heuristic(nxt)
            f = priority(new_g, h)
            heapq.heappush(open_heap, (f, -new_g, next(tie), nxt))
            if on_event is not None:
                on_event(SearchEvent(kind, nxt, new_g, h, f, state))
    return SearchResult("no_solution", stats=budget.finish(stats))


def _parent_of(parents: dict, state: Any) -> Any:
    link = parents[state]
    return None if link is None else link[0]


def astar(
    problem: Any,
    heuristic: Heuristic | None = None,
    *,
    max_expansions: int | None = None,
    time_limit: float | None = None,
    max_frontier: int | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """A* search: expand the open state with the least ``f = g + h``.

    Parameters
    ----------
    problem : Problem
    heuristic : callable ``state -> number``, optional
        Defaults to ``problem.heuristic`` if it has one, else 0 (Dijkstra).
    max_expansions, time_limit, max_frontier : optional budgets
        When one runs out the result has ``status="limit"``.
    on_event : callable, optional
        Receives a :class:`SearchEvent` per generation, re-opening and expansion.

    Returns
    -------
    SearchResult

    Notes
    -----
    With an admissible heuristic (never above the true remaining cost) the
    first goal expanded is optimal. The heuristic need not be *consistent*: a
    closed state reached again by a cheaper path is re-opened (counted in
    ``stats.reopened``), which keeps the answer optimal at the price of
    re-expansions. Ties on ``f`` go to the larger ``g``.

    Example
    -------
    >>> from tansuo.search import GraphProblem, astar
    >>> g = {"S": {"a": 4, "b": 1}, "b": {"a": 2}, "a": {"T": 5}}
    >>> r = astar(GraphProblem(g, "S", "T", directed=True))
    >>> r.cost, r.path
    (8, ['S', 'b', 'a', 'T'])
    """
    h = problem_heuristic(problem, heuristic)
    return _best_first(
        problem,
        _f_astar,
        h,
        reopen=True,
        max_expansions=max_expansions,
        time_limit=time_limit,
        max_frontier=max_frontier,
        on_event=on_event,
    )


def _f_astar(g: float, h: float) -> float:
    return g + h


def weighted_astar(
    problem: Any,
    weight: float,
    heuristic: Heuristic | None = None,
    *,
    reopen: bool = False,
    max_expansions: int | None = None,
    time_limit: float | None = None,
    max_frontier: int | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """Weighted A*: order by ``g + weight * h``.

    With an admissible ``h`` and ``weight >= 1`` the cost found is at most
    ``weight`` times the optimum. Closed states are not re-opened by default,
    which keeps that bound for consistent heuristics and is much faster.
    ``weight=1`` is A*; ``weight=0`` is Dijkstra.
    """
    if not weight >= 0:
        raise InvalidInput(f"weight must be >= 0, got {weight}")
    h = problem_heuristic(problem, heuristic)
    return _best_first(
        problem,
        lambda g, hv: g + weight * hv,
        h,
        reopen=reopen,
        max_expansions=max_expansions,
        time_limit=time_limit,
        max_frontier=max_frontier,
        on_event=on_event,
    )


def greedy_best_first(
    problem: Any,
    heuristic: Heuristic | None = None,
    *,
    max_expansions: int | None = None,
    time_limit: float | None = None,
    max_frontier: int | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """Greedy best-first search: expand the state with the least ``h``. Not optimal."""
    h = problem_heuristic(problem, heuristic)
    return _best_first(
        problem,
        lambda _g, hv: hv,
        h,
        reopen=False,
        max_expansions=max_expansions,
        time_limit=time_limit,
        max_frontier=max_frontier,
        on_event=on_event,
    )


def dijkstra(
    problem: Any,
    *,
    max_expansions: int | None = None,
    time_limit: float | None = None,
    max_frontier: int | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """Dijkstra's algorithm (uniform-cost search): A* with ``h = 0``.

    Optimal for non-negative step costs; raises ``InvalidInput`` on a negative one.
    """
    return _best_first(
        problem,
        _f_astar,
        _zero,
        reopen=False,
        max_expansions=max_expansions,
        time_limit=time_limit,
        max_frontier=max_frontier,
        on_event=on_event,
    )


uniform_cost = dijkstra


def _zero(_state: Any) -> float:
    return 0


def dijkstra_distances(
    problem: Any,
    *,
    max_expansions: int | None = None,
    time_limit: float | None = None,
) -> tuple[dict[Any, float], dict[Any, Any], SearchStats]:
    """Single-source shortest paths: every state reachable from the initial state.

    Returns ``(distance, parent, stats)`` where ``parent[start]`` is None. The
    goal test is ignored. ``stats.limit`` is set when a budget stopped it early
    (then the dictionaries hold the states settled so far).
    """
    budget = Budget(max_expansions, time_limit, None)
    stats = SearchStats()
    start = problem.initial_state
    dist: dict[Any, float] = {}
    best: dict[Any, float] = {start: 0}
    parent: dict[Any, Any] = {start: None}
    tie = count()
    heap: list[tuple[float, int, Any]] = [(0, next(tie), start)]
    while heap:
        limit = budget.exhausted(stats, len(heap))
        if limit is not None:
            return dist, {s: parent[s] for s in dist}, budget.finish(stats, limit)
        g, _, state = heapq.heappop(heap)
        if state in dist:
            continue
        dist[state] = g
        stats.expanded += 1
        for _action, nxt, step in problem.successors(state):
            stats.generated += 1
            if step < 0:
                raise InvalidInput(f"negative step cost {step!r} from {state!r} to {nxt!r}")
            new_g = g + step
            if nxt not in dist and new_g < best.get(nxt, math.inf):
                best[nxt] = new_g
                parent[nxt] = state
                heapq.heappush(heap, (new_g, next(tie), nxt))
    return dist, {s: parent[s] for s in dist}, budget.finish(stats)


def ida_star(
    problem: Any,
    heuristic: Heuristic | None = None,
    *,
    max_expansions: int | None = None,
    time_limit: float | None = None,
    max_depth: int | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """Iterative-deepening A*: depth-first searches with a rising bound on ``f``.

    Memory is linear in the solution depth. Each iteration explores states with
    ``f <= bound`` depth-first (skipping states already on the current path) and
    the next bound is the least ``f`` that exceeded it. Optimal with an
    admissible heuristic. ``stats.extra["iterations"]`` counts the bounds tried.
    The depth-first walk uses an explicit stack, so deep solutions do not hit
    Python's recursion limit.
    """
    h = problem_heuristic(problem, heuristic)
    budget = Budget(max_expansions, time_limit, None)
    stats = SearchStats()
    bound = h(problem.initial_state)
    iterations = 0
    while True:
        iterations += 1
        stats.extra["iterations"] = iterations
        walk = bounded_dfs(
            problem,
            budget,
            stats,
            heuristic=h,
            bound=bound,
            max_depth=max_depth,
            on_event=on_event,
        )
        if walk.limit is not None:
            return SearchResult("limit", stats=budget.finish(stats, walk.limit))
        if walk.found is not None:
            path, actions, cost = walk.found
            return SearchResult("solved", path, actions, cost, budget.finish(stats))
        if walk.next_bound == math.inf:
            # Nothing was pruned by the bound: the space is exhausted, unless the
            # depth limit hid part of it (a larger bound would not change that).
            if walk.depth_cut:
                return SearchResult("limit", stats=budget.finish(stats, "max_depth"))
            return SearchResult("no_solution", stats=budget.finish(stats))
        bound = walk.next_bound
