"""Budgets and event plumbing shared by the generic algorithms."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from tansuo.errors import InvalidInput
from tansuo.search.result import SearchStats

EventKind = Literal["expand", "generate", "reopen"]


@dataclass(frozen=True, slots=True)
class SearchEvent:
    """One step of a search, as given to ``on_event``.

    ``kind`` is ``"expand"`` when ``state`` leaves the open list to have its
    successors generated, ``"generate"`` when it is put on the open list with a
    new best ``g``, and ``"reopen"`` when a closed state gets a cheaper path.
    ``f`` is the priority the algorithm orders by (``g + h`` for A*).
    """

    kind: EventKind
    state: Any
    g: float
    h: float
    f: float
    parent: Any


OnEvent = Callable[[SearchEvent], None]

_CLOCK_EVERY = 64  # read the clock once per this many expansions


class Budget:
    """Keyword-only limits of a search, checked cheaply in the hot loop."""

    __slots__ = ("_tick", "deadline", "max_expansions", "max_frontier", "start", "time_limit")

    def __init__(
        self,
        max_expansions: int | None = None,
        time_limit: float | None = None,
        max_frontier: int | None = None,
    ) -> None:
        for name, value in (
            ("max_expansions", max_expansions),
            ("time_limit", time_limit),
            ("max_frontier", max_frontier),
        ):
            if value is not None and value < 0:
                raise InvalidInput(f"{name} must be >= 0, got {value}")
        self.max_expansions = max_expansions
        self.time_limit = time_limit
        self.max_frontier = max_frontier
        self.start = time.perf_counter()
        self.deadline = None if time_limit is None else self.start + time_limit
        self._tick = 0

    def exhausted(self, stats: SearchStats, frontier: int) -> str | None:
        """The name of the budget that is spent, or None. Call once per expansion."""
        if frontier > stats.max_frontier:
            stats.max_frontier = frontier
        if self.max_expansions is not None and stats.expanded >= self.max_expansions:
            return "max_expansions"
        if self.max_frontier is not None and frontier > self.max_frontier:
            return "max_frontier"
        if self.deadline is not None:
            self._tick += 1
            if self._tick >= _CLOCK_EVERY or self.time_limit == 0:
                self._tick = 0
                if time.perf_counter() >= self.deadline:
                    return "time_limit"
        return None

    def finish(self, stats: SearchStats, limit: str | None = None) -> SearchStats:
        stats.elapsed_s = time.perf_counter() - self.start
        stats.limit = limit
        return stats


def rebuild(parents: dict[Any, tuple[Any, Any] | None], goal: Any) -> tuple[list, list]:
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
