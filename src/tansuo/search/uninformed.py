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

from tansuo.errors import InvalidInput
from tansuo.search._budget import Budget, OnEvent, SearchEvent, rebuild
from tansuo.search._depth_first import bounded_dfs
from tansuo.search.result import SearchResult, SearchStats


def _emit(on_event: OnEvent | None, kind: str, state: Any, g: float, parent: Any) -> None:
    if on_event is not None:
        on_event(SearchEvent(kind, state, g, 0, g, parent))  # type: ignore[arg-type]


def bfs(
    problem: Any,
    *,
    max_expansions: int | None = None,
    time_limit: float | None = None,
    max_frontier: int | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """Breadth-first search: a path with the fewest steps.

    The goal test is made when a state is generated, one level earlier than
    at expansion, which is safe because every step counts the same.

    Example
    -------
    >>> from tansuo.search import GraphProblem, bfs
    >>> bfs(GraphProblem([(1, 2), (2, 3), (1, 4), (4, 3)], 1, 3)).path
    [1, 2, 3]
    """
    budget = Budget(max_expansions, time_limit, max_frontier)
    stats = SearchStats()
    start = problem.initial_state
    parents: dict[Hashable, tuple[Any, Any] | None] = {start: None}
    costs: dict[Hashable, float] = {start: 0}
    _emit(on_event, "generate", start, 0, None)
    if problem.is_goal(start):
        return SearchResult("solved", [start], [], 0, budget.finish(stats))
    queue = deque([start])
    depth: dict[Hashable, int] = {start: 0}
    while queue:
        limit = budget.exhausted(stats, len(queue))
        if limit is not None:
            return SearchResult("limit", stats=budget.finish(stats, limit))
        state = queue.popleft()
        stats.expanded += 1
        _emit(on_event, "expand", state, depth[state], _parent(parents, state))
        for action, nxt, step in problem.successors(state):
            stats.generated += 1
            if nxt in parents:
                continue
            parents[nxt] = (state, action)
            costs[nxt] = costs[state] + step
            depth[nxt] = depth[state] + 1
            _emit(on_event, "generate", nxt, depth[nxt], state)
            if problem.is_goal(nxt):
                path, actions = rebuild(parents, nxt)
                return SearchResult("solved", path, actions, costs[nxt], budget.finish(stats))
            queue.append(nxt)
    return SearchResult("no_solution", stats=budget.finish(stats))


def _parent(parents: dict, state: Any) -> Any:
    link = parents[state]
    return None if link is None else link[0]


def dfs(
    problem: Any,
    *,
    max_depth: int | None = None,
    max_expansions: int | None = None,
    time_limit: float | None = None,
    max_frontier: int | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """Depth-first search with cycle checking on the current path.

    Finds *a* path, not a shortest one. States on the current path are not
    entered again, so it terminates on any finite graph; without a global
    closed set it may revisit a state by different paths, which is what keeps
    its memory linear in the depth. With ``max_depth`` no path longer than that
    many steps is followed; if nothing is found and the limit cut something
    off, the result is ``"limit"`` (``stats.limit == "max_depth"``), not a proof.
    Successors are tried in the order the problem yields them.
    """
    if max_depth is not None and max_depth < 0:
        raise InvalidInput(f"max_depth must be >= 0, got {max_depth}")
    budget = Budget(max_expansions, time_limit, max_frontier)
    stats = SearchStats()
    walk = bounded_dfs(problem, budget, stats, max_depth=max_depth, on_event=on_event)
    if walk.limit is not None:
        return SearchResult("limit", stats=budget.finish(stats, walk.limit))
    if walk.found is not None:
        path, actions, cost = walk.found
        return SearchResult("solved", path, actions, cost, budget.finish(stats))
    if walk.depth_cut:
        return SearchResult("limit", stats=budget.finish(stats, "max_depth"))
    return SearchResult("no_solution", stats=budget.finish(stats))


def iddfs(
    problem: Any,
    *,
    max_depth: int | None = None,
    max_expansions: int | None = None,
    time_limit: float | None = None,
    on_event: OnEvent | None = None,
) -> SearchResult:
    """Iterative deepening depth-first search: DFS with limits 0, 1, 2, ...

    Finds a path with the fewest steps using memory linear in its length.
    Stops with ``"no_solution"`` when an iteration finishes without cutting
    anything off (the whole reachable space was seen), and with ``"limit"``
    when ``max_depth`` is reached first. ``stats.extra["depth"]`` is the last
    depth limit tried.
    """
    budget = Budget(max_expansions, time_limit, None)
    stats = SearchStats()
    depth = 0
    while True:
        stats.extra["depth"] = depth
        walk = bounded_dfs(problem, budget, stats, max_depth=depth, on_event=on_event)
        if walk.limit is not None:
            return SearchResult("limit", stats=budget.finish(stats, walk.limit))
        if walk.found is not None:
            path, actions, cost = walk.found
            return SearchResult("solved", path, actions, cost, budget.finish(stats))
        if not walk.depth_cut:
            return SearchResult("no_solution", stats=budget.finish(stats))
        if max_depth is not None and depth >= max_depth:
            return SearchResult("limit", stats=budget.finish(stats, "max_depth"))
        depth += 1


def bidirectional_bfs(
    problem: Any,
    goal: Any = None,
    *,
    predecessors: Callable[[Any], Iterable[Any]] | None = None,
    max_expansions: int | None = None,
    time_limit: float | None = None,
    max_frontier: int | None = None,
) -> SearchResult:
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

    Each round expands one whole layer of the smaller frontier, and a meeting
    is only accepted after the layer is done, so the path is shortest.
    """
    if goal is None:
        goal = getattr(problem, "goal", None)
    if goal is None or callable(goal):
        raise InvalidInput("bidirectional_bfs needs one explicit goal state")
    if predecessors is None:
        pred = getattr(problem, "predecessors", None)
        if pred is None:

            def pred(state: Any) -> Iterable[Any]:
                return (nxt for _a, nxt, _c in problem.successors(state))

        predecessors = pred
    budget = Budget(max_expansions, time_limit, max_frontier)
    stats = SearchStats()
    start = problem.initial_state
    if start == goal:
        return SearchResult("solved", [start], [], 0, budget.finish(stats))
    fwd: dict[Any, Any] = {start: None}
    bwd: dict[Any, Any] = {goal: None}
    fwd_layer = [start]
    bwd_layer = [goal]
    while fwd_layer and bwd_layer:
        forward = len(fwd_layer) <= len(bwd_layer)
        layer, seen, other = (fwd_layer, fwd, bwd) if forward else (bwd_layer, bwd, fwd)
        next_layer = []
        meet = None
        for state in layer:
            limit = budget.exhausted(stats, len(fwd_layer) + len(bwd_layer) + len(next_layer))
            if limit is not None:
                return SearchResult("limit", stats=budget.finish(stats, limit))
            stats.expanded += 1
            nbrs = (
                (n for _a, n, _c in problem.successors(state)) if forward else predecessors(state)
            )
            for nxt in nbrs:
                stats.generated += 1
                if nxt in seen:
                    continue
                seen[nxt] = state
                next_layer.append(nxt)
                if meet is None and nxt in other:
                    meet = nxt
        if meet is not None:
            return _join(problem, fwd, bwd, meet, budget, stats)
        if forward:
            fwd_layer = next_layer
        else:
            bwd_layer = next_layer
    return SearchResult("no_solution", stats=budget.finish(stats))


def _join(problem, fwd, bwd, meet, budget, stats) -> SearchResult:
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
        best = None
        for action, nxt, step in problem.successors(u):
            if nxt == v and (best is None or step < best[1]):
                best = (action, step)
        if best is None:  # predecessors disagree with successors
            raise InvalidInput(f"predecessors() says {u!r} leads to {v!r}, successors() disagree")
        actions.append(best[0])
        cost += best[1]
    return SearchResult("solved", path, actions, cost, budget.finish(stats))
