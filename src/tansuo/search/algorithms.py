"""The registry of the generic engine's algorithms, by the names the command line uses.

Each :class:`Algorithm` says what its function takes beside the problem and
the budgets (a heuristic, a weight, an ``on_event`` callback), so that code
that runs "any algorithm by name" (``tansuo search --algo``, a benchmark, a
notebook comparing them) passes each one only what it understands.

>>> from tansuo.search import ALGORITHMS
>>> from tansuo.search.examples import SlidingPuzzle
>>> puzzle = SlidingPuzzle((4, 1, 3, 7, 2, 6, 0, 5, 8))
>>> {name: algo.run(puzzle, weight=2.0).cost for name, algo in ALGORITHMS.items()
...  if algo.optimal}
{'astar': 6, 'ida': 6, 'dijkstra': 6, 'bfs': 6, 'iddfs': 6, 'bidirectional': 6}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from tansuo.errors import InvalidInput
from tansuo.search._budget import OnEvent
from tansuo.search.informed import (
    astar,
    dijkstra,
    greedy_best_first,
    ida_star,
    weighted_astar,
)
from tansuo.search.problem import A, Heuristic, Problem, S
from tansuo.search.result import SearchResult
from tansuo.search.uninformed import bfs, bidirectional_bfs, dfs, iddfs


@dataclass(frozen=True, slots=True)
class Algorithm:
    """One algorithm of the generic engine and what it takes.

    Attributes
    ----------
    name : str
        Its name in :data:`ALGORITHMS` and for ``tansuo search --algo``.
    function : callable
        The search itself, e.g. :func:`~tansuo.search.astar`.
    heuristic : bool
        Whether it takes a ``heuristic`` (informed searches).
    weight : bool
        Whether it takes a ``weight`` (weighted A*).
    traceable : bool
        Whether it reports its steps to ``on_event`` (and so to a trace).
    optimal : bool
        Whether it finds a least-cost path (with an admissible heuristic, for
        the informed ones; BFS-like searches: fewest steps, which is least cost
        when every step costs the same).
    summary : str
        One line for help texts.

    Examples
    --------
    >>> from tansuo.search import algorithm_named
    >>> algorithm_named("astar").name
    'astar'
    """

    name: str
    function: Callable[..., SearchResult[Any, Any]]
    summary: str
    heuristic: bool = False
    weight: bool = False
    traceable: bool = True
    optimal: bool = False

    def run(
        self,
        problem: Problem[S, A],
        *,
        heuristic: Heuristic[S] | None = None,
        weight: float | None = None,
        on_event: OnEvent | None = None,
        **budgets: Any,
    ) -> SearchResult[S, A]:
        """Run the algorithm on ``problem``, passing it only what it takes.

        ``heuristic`` and ``weight`` are ignored by the algorithms that take
        none (so one call can run them all); ``weight`` is required by weighted
        A*. ``budgets`` are the keyword budgets of the function
        (``max_expansions``, ``time_limit``, ...).

        Raises
        ------
        InvalidInput
            ``on_event`` for an algorithm that does not report its steps, or
            weighted A* without a weight.
        """
        options: dict[str, Any] = dict(budgets)
        if self.heuristic:
            options["heuristic"] = heuristic
        if self.weight:
            if weight is None:
                raise InvalidInput(f"{self.name} needs a weight")
            options["weight"] = weight
        if on_event is not None:
            if not self.traceable:
                traceable = ", ".join(a.name for a in ALGORITHMS.values() if a.traceable)
                raise InvalidInput(f"{self.name} does not report its steps; these do: {traceable}")
            options["on_event"] = on_event
        return self.function(problem, **options)


def _register(*algorithms: Algorithm) -> Mapping[str, Algorithm]:
    return MappingProxyType({algorithm.name: algorithm for algorithm in algorithms})


ALGORITHMS: Mapping[str, Algorithm] = _register(
    Algorithm("astar", astar, "A*: least g + h first", heuristic=True, optimal=True),
    Algorithm("ida", ida_star, "IDA*: depth-first under a rising f bound", heuristic=True,
              optimal=True),
    Algorithm("weighted", weighted_astar, "weighted A*: least g + w*h first", heuristic=True,
              weight=True),
    Algorithm("greedy", greedy_best_first, "greedy best-first: least h first", heuristic=True),
    Algorithm("dijkstra", dijkstra, "Dijkstra: least g first", optimal=True),
    Algorithm("bfs", bfs, "breadth-first: fewest steps", optimal=True),
    Algorithm("dfs", dfs, "depth-first: any path, memory linear in its length"),
    Algorithm("iddfs", iddfs, "iterative deepening: fewest steps, linear memory", optimal=True),
    Algorithm("bidirectional", bidirectional_bfs, "breadth-first from both ends: fewest steps",
              traceable=False, optimal=True),
)  # fmt: skip
"""Every algorithm of the generic engine by name (read-only)."""


def algorithm_named(name: str) -> Algorithm:
    """The registered algorithm ``name``; a clear InvalidInput for an unknown one.

    Parameters
    ----------
    name : str
        A key of :data:`ALGORITHMS` (``"astar"``, ``"bfs"``, ...).

    Returns
    -------
    Algorithm

    Raises
    ------
    InvalidInput
        An unknown name (the message lists the known ones).

    Examples
    --------
    >>> algorithm_named("ida").function.__name__
    'ida_star'
    """
    try:
        return ALGORITHMS[name]
    except KeyError:
        raise InvalidInput(
            f"unknown algorithm {name!r}; choose one of: {', '.join(ALGORITHMS)}"
        ) from None
