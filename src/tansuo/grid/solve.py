"""The public entry points: :func:`find_path`, :func:`find_paths` and :func:`warm_up`.

For many queries on one map, build a :class:`~tansuo.grid.searcher.GridSearcher`
once (``find_paths`` does); the searcher, the result types and the landmark
table live in their own modules and are re-exported here and by ``tansuo.grid``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from tansuo.grid.heuristics import Heuristic
from tansuo.grid.model import Costs, Grid, Moves, Point
from tansuo.grid.result import GridStats, PathResult, SearchLog
from tansuo.grid.searcher import ALGORITHMS, Algorithm, GridSearcher

__all__ = [
    "ALGORITHMS",
    "GridSearcher",
    "GridStats",
    "PathResult",
    "SearchLog",
    "find_path",
    "find_paths",
    "warm_up",
]


def find_path(
    grid: Grid | np.ndarray,
    start: Point,
    goal: Point,
    *,
    moves: Moves = "8-no-corner-cutting",
    costs: Costs = "octile",
    algorithm: Algorithm = "astar",
    heuristic: Heuristic | None = None,
    weight: float = 1.0,
    max_expansions: int | None = None,
    time_limit: float | None = None,
    max_memory: int | str | None = None,
    record: bool = False,
) -> PathResult:
    """Find a shortest path on a grid from ``start`` to ``goal`` (``(x, y)`` points).

    See :meth:`GridSearcher.find_path` for the parameters. For many queries on
    one map, build a :class:`GridSearcher` once or call :func:`find_paths`.

    Examples
    --------
    >>> from tansuo.grid import Grid, find_path
    >>> grid = Grid.from_text('''
    ... .....
    ... .###.
    ... .....''')
    >>> r = find_path(grid, (0, 1), (4, 1), moves="4")
    >>> r.status, r.cost, r.solution[:3]
    ('solved', 6.0, [(0, 1), (0, 2), (1, 2)])
    >>> r.stats.expanded, r.stats.max_frontier
    (6, 2)
    """
    searcher = GridSearcher(grid if isinstance(grid, Grid) else Grid(grid), moves, costs)
    return searcher.find_path(
        start,
        goal,
        algorithm=algorithm,
        heuristic=heuristic,
        weight=weight,
        max_expansions=max_expansions,
        time_limit=time_limit,
        max_memory=max_memory,
        record=record,
    )


def find_paths(
    grid: Grid | np.ndarray,
    pairs: Iterable[tuple[Point, Point]],
    *,
    moves: Moves = "8-no-corner-cutting",
    costs: Costs = "octile",
    **options: Any,
) -> list[PathResult]:
    """Answer a list of ``(start, goal)`` queries on one map, preparing the map once.

    The options are those of :meth:`GridSearcher.find_path`.

    Examples
    --------
    >>> from tansuo.grid import Grid, find_paths
    >>> grid = Grid.from_text("...\\n.#.\\n...")
    >>> [r.cost for r in find_paths(grid, [((0, 0), (2, 0)), ((0, 0), (0, 0))], moves="4")]
    [2.0, 0.0]
    """
    searcher = GridSearcher(grid if isinstance(grid, Grid) else Grid(grid), moves, costs)
    return searcher.find_paths(pairs, **options)


def warm_up() -> None:
    """Compile (or load from numba's cache) every grid kernel, on a tiny map.

    The first search of a session otherwise pays for it; the command line
    calls this behind its "compiling" line.

    Examples
    --------
    >>> warm_up()
    """
    grid = Grid.from_text("....\n.#..\n....\n2...")
    plain = GridSearcher(Grid.from_text("....\n.#..\n....\n...."), landmarks=2)
    for algorithm in ALGORITHMS:
        plain.find_path((0, 0), (3, 3), algorithm=algorithm)
    plain.find_path((0, 0), (3, 3), heuristic="differential", record=True)
    plain.find_path((0, 0), (3, 3), algorithm="jps", record=True)
    plain.find_path((0, 0), (3, 3), algorithm="bfs", record=True)
    weighted = GridSearcher(grid)
    weighted.find_path((0, 0), (3, 3))
    weighted.find_path((0, 0), (3, 3), algorithm="bidirectional")
