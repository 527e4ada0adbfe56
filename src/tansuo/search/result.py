"""What the generic engine's searches return: :class:`SearchResult` and :class:`SearchStats`.

Both follow the contract of :mod:`tansuo.result` that every solver in tansuo
shares: a frozen result with ``status``, ``solution``, ``cost``, ``stats``,
``solved`` and ``as_dict()``, and frozen statistics with the common counters
and the engine's own.

>>> from tansuo.search import GraphProblem, bfs
>>> result = bfs(GraphProblem([(1, 2), (2, 3)], 1, 3))
>>> result.status, result.solution, result.stats.expanded, result.stats["limit"]
('solved', [2, 3], 2, None)
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from tansuo.result import ResultMixin, Stats, Status

S = TypeVar("S", bound=Hashable)
A = TypeVar("A")


@dataclass(frozen=True, slots=True, kw_only=True)
class SearchStats(Stats):
    """The counters of one search of the generic engine.

    Attributes
    ----------
    expanded : int
        States whose successors were generated.
    generated : int
        Successors produced, duplicates included.
    elapsed_s : float
        Wall-clock seconds.
    limit : str or None
        The budget that stopped the search: ``"max_expansions"``,
        ``"time_limit"``, ``"max_frontier"`` or ``"max_depth"``; None if none did.
    reopened : int
        Closed states put back on the open list because a cheaper path to
        them was found (A* with an inconsistent heuristic).
    max_frontier : int
        The largest number of entries the open list (or the depth-first
        stack) held: a count, not bytes.
    iterations : int
        Depth limits (IDDFS) or ``f`` bounds (IDA*) tried; 0 for the other searches.
    depth : int or None
        IDDFS: the last depth limit tried.
    bound : float or None
        IDA*: the last bound on ``f = g + h`` tried.

    Examples
    --------
    >>> from tansuo.search import GraphProblem, astar
    >>> stats = astar(GraphProblem([("S", "a", 1), ("a", "T", 2)], "S", "T")).stats
    >>> stats.expanded, stats.generated, stats.max_frontier  # S and a expanded; T reached
    (2, 3, 1)
    """

    reopened: int = 0
    max_frontier: int = 0
    iterations: int = 0
    depth: int | None = None
    bound: float | None = None


@dataclass(frozen=True, slots=True)
class SearchResult(ResultMixin, Generic[S, A]):
    """What a search of the generic engine returns.

    Attributes
    ----------
    status : {"solved", "no_solution", "limit"}
        ``"no_solution"`` is a proof (the reachable space was exhausted);
        ``"limit"`` means a budget ran out first and nothing is proved.
    path : list of states
        From the initial state to the goal, both included; empty unless solved.
    actions : list of actions
        ``len(actions) == len(path) - 1``; also the result's ``solution``.
    cost : number or None
        Sum of step costs along ``path``; None unless solved.
    stats : SearchStats
        Counters, filled whatever the status.

    The result is frozen. ``path`` and ``actions`` are lists made for the
    caller (the engine keeps no reference to them), as in networkx.

    Examples
    --------
    >>> from tansuo.search import GraphProblem, astar
    >>> result = astar(GraphProblem([("S", "a", 1), ("a", "T", 2)], "S", "T"))
    >>> result.status, result.path, result.actions, result.cost, result.goal
    ('solved', ['S', 'a', 'T'], ['a', 'T'], 3, 'T')
    """

    status: Status
    path: list[S] = field(default_factory=list)
    actions: list[A] = field(default_factory=list)
    cost: float | None = None
    stats: SearchStats = field(default_factory=SearchStats)

    @property
    def solution(self) -> list[A]:
        """The actions from the initial state to the goal (empty unless solved)."""
        return self.actions

    @property
    def goal(self) -> S | None:
        """The goal state reached, or None."""
        return self.path[-1] if self.path else None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form: status, solution (the actions), path, cost, stats."""
        return {
            "status": self.status,
            "solution": list(self.actions),
            "path": list(self.path),
            "cost": self.cost,
            "stats": self.stats.as_dict(),
        }
