"""The ``Problem`` protocol and adapters for the common shapes of state space."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from tansuo.errors import InvalidInput

S = TypeVar("S", bound=Hashable)
"""A state: anything hashable."""
A = TypeVar("A")
"""An action: anything."""
A_co = TypeVar("A_co", covariant=True)

Successor = tuple[Any, Any, float]
"""``(action, next_state, step_cost)``."""

Heuristic = Callable[[S], float]
"""``heuristic(state) -> number``: an estimate of the cost from ``state`` to a goal."""


@runtime_checkable
class Problem(Protocol[S, A_co]):
    """A state space to search.

    States must be hashable. ``heuristic`` is optional: algorithms that need one
    take it from the problem when no ``heuristic=`` argument is given, and use 0
    when the problem has none.

    ``initial_state`` may be a plain attribute, a dataclass field or a property.

    Examples
    --------
    >>> from tansuo.search import Problem, bfs
    >>> class Count:
    ...     initial_state = 0
    ...     def is_goal(self, state):
    ...         return state == 3
    ...     def successors(self, state):
    ...         yield "+1", state + 1, 1
    >>> isinstance(Count(), Problem), bfs(Count()).actions
    (True, ['+1', '+1', '+1'])
    """

    @property
    def initial_state(self) -> S: ...

    def is_goal(self, state: S) -> bool: ...

    def successors(self, state: S) -> Iterable[tuple[A_co, S, float]]: ...


def problem_heuristic(problem: Problem[S, Any], heuristic: Heuristic[S] | None) -> Heuristic[S]:
    """The heuristic to use: the explicit one, else ``problem.heuristic``, else zero."""
    if heuristic is not None:
        return heuristic
    h = getattr(problem, "heuristic", None)
    if h is not None and callable(h):
        return h
    return _zero


def _zero(_state: Any) -> float:
    return 0


@dataclass(slots=True)
class FunctionProblem(Generic[S, A]):
    """A problem given by functions: an implicit graph.

    Parameters
    ----------
    initial_state : state
    is_goal : callable ``state -> bool``, or a state to reach
    successors : callable ``state -> iterable of (action, next_state, cost)``
    heuristic : callable ``state -> number``, optional

    Examples
    --------
    >>> from tansuo.search import FunctionProblem, bfs
    >>> p = FunctionProblem(1, 10, lambda n: [("+1", n + 1, 1), ("*2", n * 2, 1)])
    >>> bfs(p).actions
    ['+1', '*2', '+1', '*2']
    """

    initial_state: S
    goal: Any
    step: Callable[[S], Iterable[tuple[A, S, float]]]
    heuristic_fn: Callable[[S], float] | None = None

    def is_goal(self, state: S) -> bool:
        if callable(self.goal):
            return bool(self.goal(state))
        return state == self.goal

    def successors(self, state: S) -> Iterable[tuple[A, S, float]]:
        return self.step(state)

    def heuristic(self, state: S) -> float:
        return 0 if self.heuristic_fn is None else self.heuristic_fn(state)


def neighbour_problem(
    start: S,
    goal: S | Callable[[S], bool],
    neighbours: Callable[[S], Iterable[S]],
    *,
    cost: Callable[[S, S], float] | None = None,
    heuristic: Callable[[S], float] | None = None,
) -> FunctionProblem[S, S]:
    """An implicit graph given by a neighbour function; the action is the next state.

    ``cost(u, v)`` defaults to 1 per step.

    Parameters
    ----------
    start : state
        The initial state (any hashable value).
    goal : state or callable ``state -> bool``
        The goal state, or a test for one.
    neighbours : callable ``state -> iterable of states``
        The states one step away.
    cost : callable ``(u, v) -> number``, optional
        The cost of the step from ``u`` to ``v``; 1 by default.
    heuristic : callable ``state -> number``, optional
        An estimate of the cost to the goal, for informed searches.

    Returns
    -------
    FunctionProblem
        A :class:`Problem` whose actions are the next states.

    Examples
    --------
    >>> from tansuo.search import bfs
    >>> problem = neighbour_problem(1, 10, lambda n: [n + 1, n * 2])
    >>> bfs(problem).path
    [1, 2, 4, 5, 10]
    """

    def step(state: S) -> Iterable[tuple[S, S, float]]:
        for nxt in neighbours(state):
            yield nxt, nxt, 1 if cost is None else cost(state, nxt)

    return FunctionProblem(start, goal, step, heuristic)


class GraphProblem(Generic[S]):
    """An explicit weighted graph: dict of dicts, or an edge list.

    Parameters
    ----------
    graph : mapping ``{u: {v: weight}}`` (or ``{u: [v, ...]}`` for weight 1),
        or iterable of ``(u, v)`` / ``(u, v, weight)`` edges
    start : node
    goal : node, or callable ``node -> bool``; None searches the whole graph
        (useful for single-source shortest paths)
    directed : bool
        Edge lists are undirected unless this is True; mappings are taken as given.
    heuristic : callable ``node -> number``, optional

    Raises
    ------
    InvalidInput
        A negative or non-numeric weight, or a start node not in the graph.

    The action of each step is the node it moves to, so ``actions`` lists the
    nodes after the start.

    Examples
    --------
    >>> from tansuo.search import dijkstra
    >>> graph = {"S": {"a": 4, "b": 1}, "b": {"a": 2}, "a": {"T": 5}}
    >>> result = dijkstra(GraphProblem(graph, "S", "T", directed=True))
    >>> result.path, result.cost
    (['S', 'b', 'a', 'T'], 8)
    """

    def __init__(
        self,
        graph: Mapping[S, Any] | Iterable[tuple],
        start: S,
        goal: Any = None,
        *,
        directed: bool = False,
        heuristic: Callable[[S], float] | None = None,
    ) -> None:
        self.adjacency: dict[S, dict[S, float]] = _adjacency(graph, directed)
        if start not in self.adjacency:
            raise InvalidInput(f"start node {start!r} is not in the graph")
        self.initial_state = start
        self.goal = goal
        self._heuristic = heuristic

    def is_goal(self, state: S) -> bool:
        if self.goal is None:
            return False
        if callable(self.goal):
            return bool(self.goal(state))
        return state == self.goal

    def successors(self, state: S) -> Iterable[tuple[S, S, float]]:
        for v, w in self.adjacency.get(state, {}).items():
            yield v, v, w

    def heuristic(self, state: S) -> float:
        return 0 if self._heuristic is None else self._heuristic(state)


def _adjacency(graph: Any, directed: bool) -> dict[Any, dict[Any, float]]:
    adj: dict[Any, dict[Any, float]] = {}
    if isinstance(graph, Mapping):
        for u, nbrs in graph.items():
            row = adj.setdefault(u, {})
            items = nbrs.items() if isinstance(nbrs, Mapping) else ((v, 1) for v in nbrs)
            for v, w in items:
                if isinstance(w, Mapping):  # networkx-style {v: {"weight": w}}
                    w = w.get("weight", 1)
                row[v] = _weight(w, u, v)
                adj.setdefault(v, {})
        return adj
    for i, edge in enumerate(graph):
        if len(edge) == 2:
            u, v = edge
            w = 1
        elif len(edge) == 3:
            u, v, w = edge
        else:
            raise InvalidInput(f"edge {i}: expected (u, v) or (u, v, weight), got {edge!r}")
        w = _weight(w, u, v)
        row = adj.setdefault(u, {})
        row[v] = min(w, row.get(v, w))
        back = adj.setdefault(v, {})
        if not directed:
            back[u] = min(w, back.get(u, w))
    return adj


def _weight(w: Any, u: Any, v: Any) -> float:
    try:
        value = float(w)
    except (TypeError, ValueError):
        raise InvalidInput(f"edge {u!r} -> {v!r}: weight {w!r} is not a number") from None
    if not value >= 0:  # also rejects NaN
        raise InvalidInput(
            f"edge {u!r} -> {v!r}: weight {w!r} is negative; use non-negative weights"
        )
    return w if isinstance(w, int) else value
