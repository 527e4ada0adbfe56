"""Uninformed searches: breadth-first, depth-first, iterative deepening, bidirectional BFS.

They count steps, not costs: BFS and IDDFS return a path with the fewest
steps, and ``cost`` is the sum of its step costs (equal to the step count when
every step costs 1).
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Hashable, Iterable
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
from tansuo.search._depth_first import Walk, bounded_dfs
from tansuo.search.problem import A, Problem, S
from tansuo.search.result import SearchResult


def _emit(on_event: OnEvent | None, kind: EventKind, state: Any, g: float, parent: Any) -> None:
    if on_event is not None:
        on_event(SearchEvent(kind, state, g, 0, g, parent))


def bfs(
    problem: Problem[S, A],
    *,
    max_expansions: int | None = None,
    time_limit: float | None = None,
    max_frontier: int | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult[S, A]:
    """Breadth-first search: a path with the fewest steps.

    The goal test is made when a state is generated, one level earlier than
    at expansion, which is safe because every step counts the same. Budgets
    as in :func:`~tansuo.search.astar` (``max_frontier`` counts queued states).

    Parameters
    ----------
    problem : Problem
        The problem to solve.
    max_expansions : int, optional
        Budget: states expanded at most.
    time_limit : float, optional
        Budget: seconds.
    max_frontier : int, optional
        Budget: the most states queued at once.
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
    >>> from tansuo.search import GraphProblem, bfs
    >>> bfs(GraphProblem([(1, 2), (2, 3), (1, 4), (4, 3)], 1, 3)).path
    [1, 2, 3]
    """
    budget = SearchBudget(max_expansions, time_limit, max_frontier)
    start = problem.initial_state
    parents: dict[Hashable, tuple[Any, Any] | None] = {start: None}
    costs: dict[Hashable, float] = {start: 0}
    _emit(on_event, "generate", start, 0, None)
    if problem.is_goal(start):
        return SearchResult("solved", [start], [], 0, budget.stats(Counters()))
    queue = deque([start])
    depth: dict[Hashable, int] = {start: 0}
    expanded = generated = 0
    limit: str | None = None
    goal: Any = None
    while queue:
        limit = budget.check(expanded, len(queue))
        if limit is not None:
            break
        state = queue.popleft()
        expanded += 1
        _emit(on_event, "expand", state, depth[state], parent_of(parents, state))
        for action, nxt, step in problem.successors(state):
            generated += 1
            if nxt in parents:
                continue
            parents[nxt] = (state, action)
            costs[nxt] = costs[state] + step
            depth[nxt] = depth[state] + 1
            _emit(on_event, "generate", nxt, depth[nxt], state)
            if problem.is_goal(nxt):
                goal = nxt
                break
            queue.append(nxt)
        if goal is not None:
            break
    counters = Counters(expanded, generated)
    if goal is not None:
        path, actions = rebuild(parents, goal)
        return SearchResult("solved", path, actions, costs[goal], budget.stats(counters))
    return SearchResult(status_of(found=False, limit=limit), stats=budget.stats(counters, limit))


def dfs(
    problem: Problem[S, A],
    *,
    max_depth: int | None = None,
    max_expansions: int | None = None,
    time_limit: float | None = None,
    max_frontier: int | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult[S, A]:
    """Depth-first search with cycle checking on the current path.

    Finds *a* path, not a shortest one. States on the current path are not
    entered again, so it terminates on any finite graph; without a global
    closed set it may revisit a state by different paths, which is what keeps
    its memory linear in the depth. With ``max_depth`` no path longer than that
    many steps is followed; if nothing is found and the limit cut something
    off, the result is ``"limit"`` (``stats.limit == "max_depth"``), not a proof.
    Successors are tried in the order the problem yields them. Budgets as in
    :func:`~tansuo.search.astar` (``max_frontier`` counts the stack's levels).

    Parameters
    ----------
    problem : Problem
        The problem to solve.
    max_depth : int, optional
        No path longer than this many steps is followed.
    max_expansions : int, optional
        Budget: states expanded at most.
    time_limit : float, optional
        Budget: seconds.
    max_frontier : int, optional
        Budget: the most levels the stack may hold.
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
    >>> from tansuo.search import GraphProblem
    >>> dfs(GraphProblem([(1, 2), (2, 3), (1, 3)], 1, 3)).path
    [1, 2, 3]
    """
    max_depth = check_count(max_depth, "max_depth")
    budget = SearchBudget(max_expansions, time_limit, max_frontier)
    counters = Counters()
    walk = bounded_dfs(problem, budget, counters, max_depth=max_depth, on_event=on_event)
    return _walk_result(walk, budget, counters)


def _walk_result(
    walk: Walk, budget: SearchBudget, counters: Counters, **fields: Any
) -> SearchResult[Any, Any]:
    """The result of the last depth-first walk of DFS or IDDFS."""
    if walk.found is not None:
        path, actions, cost = walk.found
        return SearchResult("solved", path, actions, cost, budget.stats(counters, **fields))
    limit = walk.limit
    if limit is None and walk.depth_cut:
        limit = "max_depth"  # the depth limit hid part of the space: not a proof
    stats = budget.stats(counters, limit, **fields)
    return SearchResult(status_of(found=False, limit=limit), stats=stats)


def iddfs(
    problem: Problem[S, A],
    *,
    max_depth: int | None = None,
    max_expansions: int | None = None,
    time_limit: float | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult[S, A]:
    """Iterative deepening depth-first search: DFS with limits 0, 1, 2, ...

    Finds a path with the fewest steps using memory linear in its length.
    Stops with ``"no_solution"`` when an iteration finishes without cutting
    anything off (the whole reachable space was seen), and with ``"limit"``
    when ``max_depth`` is reached first. ``stats.depth`` is the last depth
    limit tried, ``stats.iterations`` the number of limits tried.

    Parameters
    ----------
    problem : Problem
        The problem to solve.
    max_depth : int, optional
        The last depth limit tried; reaching it ends the search with ``"limit"``.
    max_expansions : int, optional
        Budget: states expanded at most.
    time_limit : float, optional
        Budget: seconds.
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
    >>> from tansuo.search import GraphProblem
    >>> result = iddfs(GraphProblem([(1, 2), (2, 3), (3, 4), (1, 4)], 1, 4))
    >>> result.path, result.stats.depth
    ([1, 4], 1)
    """
    max_depth = check_count(max_depth, "max_depth")
    budget = SearchBudget(max_expansions, time_limit)
    counters = Counters()
    depth = 0
    while True:
        walk = bounded_dfs(problem, budget, counters, max_depth=depth, on_event=on_event)
        finished = walk.found is not None or walk.limit is not None or not walk.depth_cut
        if finished or (max_depth is not None and depth >= max_depth):
            return _walk_result(walk, budget, counters, iterations=depth + 1, depth=depth)
        depth += 1


def bidirectional_bfs(
    problem: Problem[S, A],
    goal: S | None = None,
    *,
    predecessors: Callable[[S], Iterable[S]] | None = None,
    max_expansions: int | None = None,
    time_limit: float | None = None,
    max_frontier: int | None = None,
) -> SearchResult[S, A]:
    """Breadth-first search from both ends at once; a path with the fewest steps.

    Parameters
    ----------
    problem : Problem
    goal : state, optional
        The goal state (defaults to ``problem.goal``); a single explicit state
        is needed to search backwards from.
    predecessors : callable ``state -> iterable of states``, optional
        Defaults to ``problem.predecessors`` if present, else the successors
        (the space is taken to be reversible: undirected graphs, sliding puzzles).
    max_expansions, time_limit, max_frontier : optional budgets
        As in :func:`~tansuo.search.astar`; the frontier is both layers.

    Each round expands one whole layer of the smaller frontier, and a meeting
    is only accepted after the layer is done, so the path is shortest.

    Examples
    --------
    >>> from tansuo.search import GraphProblem
    >>> bidirectional_bfs(GraphProblem([(1, 2), (2, 3), (3, 4), (1, 5), (5, 4)], 1, 4)).path
    [1, 5, 4]
    """
    if goal is None:
        goal = getattr(problem, "goal", None)
    if goal is None or callable(goal):
        raise InvalidInput("bidirectional_bfs needs one explicit goal state")
    if predecessors is None:
        predecessors = getattr(problem, "predecessors", None) or _successor_states(problem)
    budget = SearchBudget(max_expansions, time_limit, max_frontier)
    start = problem.initial_state
    if start == goal:
        return SearchResult("solved", [start], [], 0, budget.stats(Counters()))
    fwd: dict[Any, Any] = {start: None}
    bwd: dict[Any, Any] = {goal: None}
    fwd_layer = [start]
    bwd_layer = [goal]
    expanded = generated = 0
    limit: str | None = None
    meet = None
    while fwd_layer and bwd_layer and meet is None and limit is None:
        forward = len(fwd_layer) <= len(bwd_layer)
        layer, seen, other = (fwd_layer, fwd, bwd) if forward else (bwd_layer, bwd, fwd)
        next_layer: list[Any] = []
        for state in layer:
            limit = budget.check(expanded, len(fwd_layer) + len(bwd_layer) + len(next_layer))
            if limit is not None:
                break
            expanded += 1
            nbrs = (
                (n for _a, n, _c in problem.successors(state)) if forward else predecessors(state)
            )
            for nxt in nbrs:
                generated += 1
                if nxt in seen:
                    continue
                seen[nxt] = state
                next_layer.append(nxt)
                if meet is None and nxt in other:
                    meet = nxt
        if forward:
            fwd_layer = next_layer
        else:
            bwd_layer = next_layer
    counters = Counters(expanded, generated)
    if limit is not None:
        return SearchResult("limit", stats=budget.stats(counters, limit))
    if meet is None:
        return SearchResult("no_solution", stats=budget.stats(counters))
    path, actions, cost = _join(problem, fwd, bwd, meet)
    return SearchResult("solved", path, actions, cost, budget.stats(counters))


def _successor_states(problem: Problem[S, A]) -> Callable[[S], Iterable[S]]:
    """The predecessors of a reversible space: the states its successors lead to."""

    def states(state: S) -> Iterable[S]:
        return (nxt for _action, nxt, _cost in problem.successors(state))

    return states


def _join(
    problem: Problem[S, A], fwd: dict[Any, Any], bwd: dict[Any, Any], meet: S
) -> tuple[list[S], list[A], float]:
    """The path through ``meet``, with its actions and cost read from the successors."""
    path = [meet]
    while fwd[path[-1]] is not None:
        path.append(fwd[path[-1]])
    path.reverse()
    node = meet
    while bwd[node] is not None:
        node = bwd[node]
        path.append(node)
    actions = []
    cost: float = 0
    for u, v in itertools.pairwise(path):
        best: tuple[A, float] | None = None
        for action, nxt, step in problem.successors(u):
            if nxt == v and (best is None or step < best[1]):
                best = (action, step)
        if best is None:  # predecessors disagree with successors
            raise InvalidInput(f"predecessors() says {u!r} leads to {v!r}, successors() disagree")
        actions.append(best[0])
        cost += best[1]
    return path, actions, cost
