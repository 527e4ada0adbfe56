"""The public entry points: :func:`find_path`, :func:`find_paths` and :func:`warm_up`.

For many queries on one map, build a :class:`~tansuo.grid.searcher.GridSearcher`
once (``find_paths`` does); the searcher, the result types and the landmark
table live in their own modules and are re-exported here and by ``tansuo.grid``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from tansuo.errors import InvalidInput
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

    Parameters
    ----------
    grid : Grid or numpy.ndarray
        The map; an array is read as :class:`Grid` reads it (booleans: True is
        passable; numbers: the cost of entering a cell, ``inf`` a wall).
    moves : str
        ``"4"``, ``"8-no-corner-cutting"`` (default, the Moving AI rule),
        ``"8-one-side"`` or ``"8-always"``.
    costs : str
        ``"octile"`` (default), ``"10-14"`` or ``"uniform"``.
    start, goal : (x, y)
    algorithm : str
        ``"astar"`` (default), ``"jps"`` (Jump Point Search: 8 moves without
        corner cutting, octile or 10-14 costs, unweighted grid),
        ``"dijkstra"``, ``"bfs"`` (fewest moves), ``"bidirectional"``
        (bidirectional A*) or ``"weighted-astar"`` (f = g + weight * h).
    heuristic : str, optional
        ``"octile"``, ``"manhattan"``, ``"chebyshev"``, ``"euclidean"``,
        ``"zero"`` or ``"differential"`` (landmark distances, built on its
        first use and kept; ``astar`` and ``weighted-astar`` on grids
        without weighted terrain); the default suits the movement rule.
        An inadmissible choice is allowed; the result then says
        ``optimal=False``.
    weight : float
        The heuristic's weight for ``"weighted-astar"`` (>= 1).
    max_expansions : int, optional
        Cells expanded (jump points for JPS) before giving up.
    time_limit : float, optional
        Seconds for the query, building the map's tables included (the
        searcher's construction is not). The clock is read every 65,536
        expansions (JPS: 2,048; bidirectional: 8,192) and between bands of
        262,144 cells of a table: on a 4096x4096 map a limit is overshot by
        tens of milliseconds at most. A table left unfinished is finished
        by the next queries.
    max_memory : int or str, optional
        Bytes (or ``"512M"``, ``"4G"``) the query's growing structures may
        take: the open list when stale entries outgrow it, the landmark
        table while it is built. Default: 4 GiB or half the RAM.
    record : bool
        Keep the expansion log (for ``render`` and ``explain``). The
        bidirectional search keeps only its final closed and open cells.

    Returns
    -------
    PathResult
        ``status="limit"`` with ``stats.limit`` naming the budget when one
        ran out (``"time_limit"``, ``"max_expansions"``, ``"max_memory"``).

    Raises
    ------
    InvalidInput
        Start or goal outside the map or on a wall, an unknown algorithm or
        heuristic, JPS on a rule it does not support, a weight below 1, a
        negative budget.

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

    Parameters
    ----------
    grid : Grid or numpy.ndarray
        The map; an array is read as :class:`Grid` reads it (booleans: True is
        passable; numbers: the cost of entering a cell, ``inf`` a wall).
    moves : str
        ``"4"``, ``"8-no-corner-cutting"`` (default, the Moving AI rule),
        ``"8-one-side"`` or ``"8-always"``.
    costs : str
        ``"octile"`` (default), ``"10-14"`` or ``"uniform"``.
    pairs : iterable of ((x, y), (x, y))
        The ``(start, goal)`` queries, answered in order.
    **options
        Those of :meth:`GridSearcher.find_path` (``algorithm``, ``heuristic``,
        budgets per query, ...).

    Returns
    -------
    list of PathResult
        One per query, in order.

    Raises
    ------
    InvalidInput
        As :meth:`GridSearcher.find_path` does, for the first query it refuses.

    Examples
    --------
    >>> from tansuo.grid import Grid, find_paths
    >>> grid = Grid.from_text("...\\n.#.\\n...")
    >>> [r.cost for r in find_paths(grid, [((0, 0), (2, 0)), ((0, 0), (0, 0))], moves="4")]
    [2.0, 0.0]
    """
    searcher = GridSearcher(grid if isinstance(grid, Grid) else Grid(grid), moves, costs)
    return searcher.find_paths(pairs, **options)


def warm_up(*algorithms: str) -> None:
    """Compile (or load from numba's cache) the grid kernels, on a tiny map.

    The first search of a session otherwise pays for it; the command line
    calls this behind its "compiling" line, for the algorithm it runs.

    Parameters
    ----------
    *algorithms : str
        The algorithms (of :data:`ALGORITHMS`) whose kernels to compile; none
        given, every kernel: all algorithms, step records, the landmarks.

    Raises
    ------
    tansuo.errors.InvalidInput
        An unknown algorithm.

    Examples
    --------
    >>> warm_up("astar")
    """
    for algorithm in algorithms:
        if algorithm not in ALGORITHMS:
            raise InvalidInput(
                f"unknown algorithm {algorithm!r}; the algorithms are {', '.join(ALGORITHMS)}"
            )
    if algorithms:
        plain = GridSearcher(Grid.from_text("....\n.#..\n....\n...."))
        for algorithm in algorithms:
            plain.find_path((0, 0), (3, 3), algorithm=algorithm)  # type: ignore[arg-type]
            if algorithm != "bidirectional":  # --render, --animate, --trace record the steps
                plain.find_path((0, 0), (3, 3), algorithm=algorithm, record=True)  # type: ignore[arg-type]
        return
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
