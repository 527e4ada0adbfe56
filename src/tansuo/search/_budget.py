"""Budgets, counters and event plumbing shared by the generic algorithms.

The hot loops keep their counters in local variables (carried across the
iterations of IDA* and IDDFS in a private :class:`Counters`), ask a
:class:`SearchBudget` once per expansion whether to stop, and build the frozen
:class:`~tansuo.search.result.SearchStats` once, when they return.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Literal

from tansuo.budget import Budget, check_count
from tansuo.search.result import SearchStats

EventKind = Literal["expand", "generate", "reopen"]


@dataclass(frozen=True, slots=True)
class SearchEvent:
    """One step of a search, as given to ``on_event``.

    ``kind`` is ``"expand"`` when ``state`` leaves the open list to have its
    successors generated, ``"generate"`` when it is put on the open list with a
    new best ``g``, and ``"reopen"`` when a closed state gets a cheaper path.
    ``f`` is the priority the algorithm orders by (``g + h`` for A*).

    Attributes
    ----------
    kind : {"expand", "generate", "reopen"}
        What happened.
    state : object
        The state it happened to.
    g, h, f : float
        Its cost so far, estimate, and priority.
    parent : object
        The state it was reached from.

    Examples
    --------
    >>> from tansuo.search import GraphProblem, astar
    >>> events = []
    >>> result = astar(GraphProblem([(1, 2), (2, 3)], 1, 3), on_event=events.append)
    >>> [(e.kind, e.state) for e in events][:3]
    [('generate', 1), ('expand', 1), ('generate', 2)]
    """

    kind: EventKind
    state: Any
    g: float
    h: float
    f: float
    parent: Any


OnEvent = Callable[[SearchEvent], None]

CLOCK_EVERY = 64
"""Expansions between two looks at the clock: a few hundred microseconds on the 8-puzzle."""

NO_FRONTIER_LIMIT = sys.maxsize


class SearchBudget:
    """The budgets of one search: a started :class:`tansuo.budget.Meter` and a frontier cap.

    ``max_expansions`` and ``time_limit`` are validated by
    :class:`tansuo.budget.Budget` (one message style across tansuo) and
    watched by its :class:`~tansuo.budget.Meter`. ``max_frontier`` is the
    generic engine's memory budget, counted in *states* on the open list (or
    the depth-first stack): the states are the user's Python objects, whose
    size in bytes cannot be measured cheaply, so the engine bounds their number.

    The loops call :meth:`check` once per expansion; it reads the clock only
    every :data:`CLOCK_EVERY` expansions (and exactly at ``max_expansions``),
    and keeps the largest frontier seen, for the statistics.
    """

    __slots__ = ("check_at", "frontier_limit", "largest_frontier", "meter")

    def __init__(
        self,
        max_expansions: int | None = None,
        time_limit: float | None = None,
        max_frontier: int | None = None,
    ) -> None:
        self.meter = Budget(time_limit=time_limit, max_expansions=max_expansions).start()
        frontier = check_count(max_frontier, "max_frontier")
        self.frontier_limit = NO_FRONTIER_LIMIT if frontier is None else frontier
        self.largest_frontier = 0
        self.check_at = 0  # look before the first expansion (a budget of 0 stops at once)

    def check(self, expanded: int, frontier: int) -> str | None:
        """The name of the budget that is spent, or None. Call once per expansion.

        ``expanded`` counts the expansions so far, ``frontier`` the states on
        the open list (or the stack) now.
        """
        if frontier > self.largest_frontier:
            self.largest_frontier = frontier
        if expanded >= self.check_at:
            limit = self.meter.spent(expanded)  # max_expansions first, then the clock
            if limit is not None:
                return limit
            self.check_at = self.meter.next_check(expanded, CLOCK_EVERY)
        if frontier > self.frontier_limit:
            return "max_frontier"
        return None

    def stats(self, counters: Counters, limit: str | None = None, **fields: Any) -> SearchStats:
        """The frozen statistics of a search that ends now."""
        return SearchStats(
            expanded=counters.expanded,
            generated=counters.generated,
            elapsed_s=self.meter.elapsed(),
            limit=limit,
            reopened=counters.reopened,
            max_frontier=self.largest_frontier,
            **fields,
        )


@dataclass(slots=True)
class Counters:
    """The counters of a search in progress (private; frozen into SearchStats at the end).

    The loops count in local variables and fill this in when they stop; IDA*
    and IDDFS carry it from one iteration to the next.
    """

    expanded: int = 0
    generated: int = 0
    reopened: int = 0


def rebuild(
    parents: dict[Hashable, tuple[Any, Any] | None], goal: Any
) -> tuple[list[Any], list[Any]]:
    """Follow ``parents[state] = (parent, action)`` back from ``goal``: (path, actions)."""
    path = [goal]
    actions = []
    link = parents[goal]
    while link is not None:
        parent, action = link
        path.append(parent)
        actions.append(action)
        link = parents[parent]
    path.reverse()
    actions.reverse()
    return path, actions


def parent_of(parents: dict[Hashable, tuple[Any, Any] | None], state: Any) -> Any:
    """The state ``state`` was reached from (None for the initial state)."""
    link = parents[state]
    return None if link is None else link[0]
