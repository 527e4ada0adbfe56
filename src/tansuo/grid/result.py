"""What a grid query answers: :class:`PathResult`, its :class:`GridStats` and :class:`SearchLog`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tansuo.grid._kernels.codes import EXPANDED, GENERATED, MAX_FRONTIER, REOPENED
from tansuo.grid.model import Costs, Moves, Point
from tansuo.result import ResultMixin, Stats, Status

SearchCounts = tuple[list[int], int, float, str | None, float | None]
"""A query's raw statistics, as the searcher leaves them: the kernel's counters
(slots of ``grid._kernels.codes``), the path's cells, ``elapsed_s``, ``limit``
and ``preprocess_s``. :attr:`PathResult.stats` makes a :class:`GridStats` of
them when it is first read."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GridStats(Stats):
    """The counters of one grid query.

    Attributes
    ----------
    expanded, generated, elapsed_s, limit
        As in :class:`tansuo.result.Stats`. For JPS a node is a jump point;
        ``elapsed_s`` leaves out ``preprocess_s``.
    reopened : int
        Closed cells put back on the open list (an inconsistent heuristic).
    max_frontier : int
        The largest open list (both sides together for the bidirectional search).
    path_cells : int
        Cells on the path, start and goal included; 0 without a path.
    preprocess_s : float or None
        Seconds this query spent building the map's tables (legal moves, JPS's
        jumps, the landmarks): work done once per map, which later queries
        reuse. None when nothing was built.

    Examples
    --------
    >>> from tansuo.grid import Grid, find_path
    >>> stats = find_path(Grid.from_text("....."), (0, 0), (4, 0), moves="4").stats
    >>> stats.expanded, stats.generated, stats.path_cells
    (4, 7, 5)
    """

    reopened: int = 0
    max_frontier: int = 0
    path_cells: int = 0
    preprocess_s: float | None = None

    @classmethod
    def from_counts(cls, counts: SearchCounts) -> GridStats:
        """The statistics from a query's raw counts (see :data:`SearchCounts`)."""
        counters, path_cells, elapsed_s, limit, preprocess_s = counts
        return cls(
            expanded=counters[EXPANDED],
            generated=counters[GENERATED],
            elapsed_s=elapsed_s,
            limit=limit,
            reopened=counters[REOPENED],
            max_frontier=counters[MAX_FRONTIER],
            path_cells=path_cells,
            preprocess_s=preprocess_s,
        )


@dataclass(frozen=True, slots=True)
class SearchLog:
    """What a search did, for rendering and teaching (only when ``record=True``).

    ``expanded`` lists the cells in the order they were expanded (closed), with
    their ``g`` and ``h`` at that moment; ``opened_at`` maps each generated cell
    to the number of expansions done when it was first generated; ``closed``
    and ``open`` are the final sets.

    Attributes
    ----------
    expanded : list of (x, y)
        Cells in expansion order.
    g, h : list of float
        Each expanded cell's ``g`` and ``h`` when it was expanded.
    opened_at : dict of (x, y) to int
        Each generated cell: expansions done when it was first generated.
    closed, open : list of (x, y)
        The final closed and open cells.

    Examples
    --------
    >>> from tansuo.grid import Grid, find_path
    >>> result = find_path(Grid.from_text("....."), (0, 0), (4, 0), moves="4", record=True)
    >>> result.log.expanded  # the cells taken off the open list, the goal last
    [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]
    """

    expanded: list[Point]
    g: list[float]
    h: list[float]
    opened_at: dict[Point, int]
    closed: list[Point]
    open: list[Point]


@dataclass(frozen=True, slots=True, eq=False)
class PathResult(ResultMixin):
    """The answer to one query (a :class:`tansuo.result.Result`).

    Attributes
    ----------
    status : {"solved", "no_solution", "limit"}
    solution : list of (x, y)
        The cells from start to goal, both included; empty unless solved.
        Built from ``path`` the first time it is read.
    path : numpy.ndarray
        The same cells as an ``(n, 2)`` integer array of ``x, y`` rows: what
        the search produced, at no cost for long paths.
    cost : float or None
        The path's length under the cost model.
    stats : GridStats
        Built the first time it is read.
    algorithm : str
    move_rule : str
        The movement rule (``"8-no-corner-cutting"``, ...).
    cost_model : str
        The cost model (``"octile"``, ``"10-14"`` or ``"uniform"``).
    heuristic : str
    optimal : bool
        Whether ``cost`` is proved minimal (False for weighted A*, an
        inadmissible heuristic, or BFS under unequal step costs).
    log : SearchLog or None
    solved : bool
        ``status == "solved"``.

    Notes
    -----
    A result is frozen; ``solution`` and ``stats`` are made once, on first
    use, from what the search left (a query takes a few microseconds, and
    building them for every query would show in that time).

    Examples
    --------
    >>> from tansuo.grid import Grid, find_path
    >>> grid = Grid.from_text("S..\\n.#.\\n..G")
    >>> result = find_path(grid, grid.start, grid.goal, moves="4")
    >>> result.status, result.cost, result.solution[-1], result.optimal
    ('solved', 4.0, (2, 2), True)
    """

    status: Status
    path: np.ndarray = field(repr=False)
    cost: float | None
    algorithm: str
    move_rule: Moves
    cost_model: Costs
    heuristic: str
    optimal: bool
    _counts: GridStats | SearchCounts = field(repr=False)
    """The statistics, or the raw counts they are made of on first use."""
    log: SearchLog | None = field(default=None, repr=False)
    _solution: list[Point] | None = field(default=None, init=False, repr=False)

    @property
    def solution(self) -> list[Point]:
        # Made on demand: a long path is thousands of tuples, which a batch that
        # keeps its results pays for again in every garbage collection.
        if self._solution is None:
            points = list(zip(self.path[:, 0].tolist(), self.path[:, 1].tolist(), strict=True))
            object.__setattr__(self, "_solution", points)
            return points
        return self._solution

    @property
    def stats(self) -> GridStats:
        counts = self._counts
        if isinstance(counts, GridStats):
            return counts
        stats = GridStats.from_counts(counts)
        object.__setattr__(self, "_counts", stats)
        return stats

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form (DESIGN.md): status, solution [[x, y], ...], cost, stats, ...

        Examples
        --------
        >>> from tansuo.grid import Grid, find_path
        >>> r = find_path(Grid.from_text("..\\n.."), (0, 0), (1, 0)).as_dict()
        >>> r["solution"], r["cost"], r["move_rule"], r["stats"]["max_frontier"]
        ([[0, 0], [1, 0]], 1.0, '8-no-corner-cutting', 2)
        """
        return {
            "status": self.status,
            "solution": self.path.tolist(),
            "cost": self.cost,
            "optimal": self.optimal,
            "algorithm": self.algorithm,
            "move_rule": self.move_rule,
            "cost_model": self.cost_model,
            "heuristic": self.heuristic,
            "stats": self.stats.as_dict(),
        }
