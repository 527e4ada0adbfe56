"""The one depth-first walk behind DFS, iterative deepening and IDA*."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from tansuo.search._budget import Counters, OnEvent, SearchBudget, SearchEvent
from tansuo.search.problem import Heuristic, Problem


@dataclass(slots=True)
class Walk:
    """How one depth-first walk ended.

    ``found`` is ``(path, actions, cost)`` for a goal; ``limit`` names a spent
    budget; ``next_bound`` is the least ``f`` that exceeded the bound (IDA*'s
    next threshold, ``inf`` when nothing was pruned by it); ``depth_cut`` says
    whether ``max_depth`` stopped some path.
    """

    found: tuple[list[Any], list[Any], float] | None = None
    limit: str | None = None
    next_bound: float = math.inf
    depth_cut: bool = False


def bounded_dfs(
    problem: Problem[Any, Any],
    budget: SearchBudget,
    counters: Counters,
    *,
    heuristic: Heuristic[Any] | None = None,
    bound: float = math.inf,
    max_depth: int | None = None,
    on_event: OnEvent | None = None,
) -> Walk:
    """Depth-first from the initial state, never re-entering a state on the current path.

    A state is goal-tested when generated and skipped if ``g + h > bound``; it is
    expanded only while the path is shorter than ``max_depth`` steps. The stack
    holds one successor iterator per level, so deep paths do not hit Python's
    recursion limit. ``counters`` carries on from earlier walks (the
    iterations of IDA* and IDDFS); it is updated when the walk returns.
    """
    walk = Walk()
    start = problem.initial_state
    h_start = heuristic(start) if heuristic is not None else 0
    if h_start > bound:
        walk.next_bound = h_start
        return walk
    if on_event is not None:
        on_event(SearchEvent("expand", start, 0, h_start, h_start, None))
    if problem.is_goal(start):
        walk.found = ([start], [], 0)
        return walk
    if max_depth == 0:
        walk.depth_cut = True
        return walk
    path = [start]
    actions: list[Any] = []
    costs: list[float] = [0]
    on_path = {start}
    expanded, generated = counters.expanded + 1, counters.generated
    stack = [iter(problem.successors(start))]
    while stack:
        walk.limit = budget.check(expanded, len(stack))
        if walk.limit is not None:
            break
        step = next(stack[-1], None)
        if step is None:  # this level is done: back up one step
            stack.pop()
            on_path.discard(path.pop())
            costs.pop()
            if actions:
                actions.pop()
            continue
        action, nxt, cost = step
        generated += 1
        if nxt in on_path:
            continue
        g = costs[-1] + cost
        h = heuristic(nxt) if heuristic is not None else 0
        if g + h > bound:
            walk.next_bound = min(walk.next_bound, g + h)
            continue
        if on_event is not None:
            on_event(SearchEvent("expand", nxt, g, h, g + h, path[-1]))
        if problem.is_goal(nxt):
            walk.found = ([*path, nxt], [*actions, action], g)
            break
        if max_depth is not None and len(path) >= max_depth:
            walk.depth_cut = True
            continue
        path.append(nxt)
        actions.append(action)
        costs.append(g)
        on_path.add(nxt)
        expanded += 1
        stack.append(iter(problem.successors(nxt)))
    counters.expanded, counters.generated = expanded, generated
    return walk
