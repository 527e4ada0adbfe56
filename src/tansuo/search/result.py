"""Result and statistics types shared by every search in tansuo."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

Status = Literal["solved", "no_solution", "limit"]
"""How a search ended: a solution, a proof that none exists, or a spent budget."""

S = TypeVar("S")
A = TypeVar("A")


@dataclass(slots=True)
class SearchStats:
    """Counters every search keeps.

    ``expanded`` counts states whose successors were generated, ``generated``
    counts successor states produced (duplicates included), ``reopened`` counts
    closed states put back on the open list because a cheaper path was found,
    ``max_frontier`` is the largest size the open list (or stack) reached, and
    ``elapsed_s`` the wall-clock time. ``limit`` names the budget that stopped
    the search (``"max_expansions"``, ``"time_limit"``, ``"max_frontier"``,
    ``"max_depth"``), if any.
    """

    expanded: int = 0
    generated: int = 0
    reopened: int = 0
    max_frontier: int = 0
    elapsed_s: float = 0.0
    limit: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "expanded": self.expanded,
            "generated": self.generated,
            "reopened": self.reopened,
            "max_frontier": self.max_frontier,
            "elapsed_s": self.elapsed_s,
        }
        if self.limit is not None:
            out["limit"] = self.limit
        out.update(self.extra)
        return out


@dataclass(slots=True)
class SearchResult(Generic[S, A]):
    """What a search returns.

    Attributes
    ----------
    status : {"solved", "no_solution", "limit"}
        ``"no_solution"`` is a proof (the reachable space was exhausted);
        ``"limit"`` means a budget ran out first and nothing is proved.
    path : list of states
        From the initial state to the goal, both included; empty unless solved.
    actions : list of actions
        ``len(actions) == len(path) - 1``.
    cost : number or None
        Sum of step costs along ``path``; None unless solved.
    stats : SearchStats
        Counters, filled whatever the status.
    """

    status: Status
    path: list[S] = field(default_factory=list)
    actions: list[A] = field(default_factory=list)
    cost: float | None = None
    stats: SearchStats = field(default_factory=SearchStats)

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    @property
    def goal(self) -> S | None:
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
