"""Public entry points: ``find_path``, ``find_paths`` and the reusable ``GridSearcher``.

A :class:`GridSearcher` pads and flattens a map once and keeps the work arrays
(``g``, parents, marks, heap) for every later query, so answering many
queries on one map costs only the searches themselves.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tansuo.errors import InvalidInput
from tansuo.grid import _kernels as K
from tansuo.grid.heuristics import (
    HEURISTICS,
    check_heuristic,
    default_heuristic,
    is_admissible,
)
from tansuo.grid.model import COSTS, MOVES, Grid, Point, check_costs, check_moves

ALGORITHMS: tuple[str, ...] = ("astar", "jps", "dijkstra", "bfs", "bidirectional", "weighted-astar")

_CHUNK = 1 << 16  # expansions between two looks at the clock

DEFAULT_LANDMARKS = 8
"""Landmarks of the differential heuristic: 8 cost 8 float64 per cell and a
Dijkstra each to build, and cut A*'s expansions several times on mazes and rooms."""


@functools.cache
def _admissible(heuristic: str, moves: str, costs: str) -> bool:
    return is_admissible(heuristic, moves, costs)


_NO_PATH = np.zeros((0, 2), dtype=np.int64)
_NO_PATH.flags.writeable = False

_LANDMARK_MEMORY = 2 << 30  # bytes: refuse a landmark table larger than this


@dataclass(frozen=True, slots=True)
class SearchLog:
    """What a search did, for rendering and teaching (only when ``record=True``).

    ``expanded`` lists the cells in the order they were expanded (closed), with
    their ``g`` and ``h`` at that moment; ``opened_at`` maps each generated cell
    to the number of expansions done when it was first generated; ``closed``
    and ``open`` are the final sets.
    """

    expanded: list[Point]
    g: list[float]
    h: list[float]
    opened_at: dict[Point, int]
    closed: list[Point]
    open: list[Point]


@dataclass(frozen=True, slots=True)
class PathResult:
    """The answer to one query.

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
    stats : dict
        ``expanded``, ``generated``, ``reopened``, ``max_open``, ``elapsed_s``,
        ``path_cells``; ``limit`` names the exhausted budget.
    algorithm, moves, costs, heuristic : str
    optimal : bool
        Whether ``cost`` is proved minimal (False for weighted A*, an
        inadmissible heuristic, or BFS under unequal step costs).
    log : SearchLog or None
    """

    status: str
    path: np.ndarray = field(repr=False)
    cost: float | None
    stats: dict[str, Any]
    algorithm: str
    moves: str
    costs: str
    heuristic: str
    optimal: bool
    log: SearchLog | None = field(default=None, repr=False)
    _solution: list[Point] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def solution(self) -> list[Point]:
        # Made on demand: a long path is thousands of tuples, which a batch that
        # keeps its results pays for again in every garbage collection.
        if self._solution is None:
            points = list(zip(self.path[:, 0].tolist(), self.path[:, 1].tolist(), strict=True))
            object.__setattr__(self, "_solution", points)
        return self._solution  # type: ignore[return-value]

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form (DESIGN.md): status, solution [[x, y], ...], cost, stats, ..."""
        return {
            "status": self.status,
            "solution": self.path.tolist(),
            "cost": self.cost,
            "optimal": self.optimal,
            "algorithm": self.algorithm,
            "moves": self.moves,
            "costs": self.costs,
            "heuristic": self.heuristic,
            "stats": dict(self.stats),
        }


class GridSearcher:
    """A map prepared for many queries.

    Parameters
    ----------
    grid : Grid
    moves : str
        ``"4"``, ``"8-no-corner-cutting"`` (default, the Moving AI rule),
        ``"8-one-side"`` or ``"8-always"``.
    costs : str
        ``"octile"`` (default), ``"10-14"`` or ``"uniform"``.
    landmarks : int
        How many landmarks the differential heuristic uses (1 to 64; 8 by
        default). Its table, ``landmarks`` floats per cell, is built on the
        first query that asks for it (see :meth:`landmark_table`).

    Notes
    -----
    The work arrays are shared by the queries, so a searcher answers one query
    at a time: use one per thread.

    Examples
    --------
    >>> from tansuo.grid import Grid, GridSearcher
    >>> searcher = GridSearcher(Grid.from_text("....\\n.##.\\n...."))
    >>> r = searcher.find_path((0, 0), (3, 2))
    >>> r.status, r.cost, len(r.solution)  # no corner cutting past the wall's ends
    ('solved', 5.0, 6)
    """

    def __init__(
        self,
        grid: Grid,
        moves: str = "8-no-corner-cutting",
        costs: str = "octile",
        *,
        landmarks: int = DEFAULT_LANDMARKS,
    ):
        if not isinstance(grid, Grid):
            grid = Grid(np.asarray(grid))
        self.grid = grid
        self.moves = check_moves(moves)
        self.costs = check_costs(costs)
        self.rule = MOVES.index(moves)
        self.straight, self.diagonal = COSTS[costs]
        self.width_p = grid.width + 2
        padded = np.full((grid.height + 2, grid.width + 2), np.inf)
        padded[1:-1, 1:-1] = grid.cells
        self.cost = padded.ravel()
        self.min_cost = grid.min_cost
        self.offsets, self.side_a, self.side_b, self.move_dy, self.steps = K.neighbour_tables(
            self.width_p, self.straight, self.diagonal
        )
        size = self.cost.shape[0]
        self.g = np.zeros(size)
        self.parent = np.full(size, -1, dtype=np.int32)
        self.mark = np.zeros(size, dtype=np.int32)
        self.heap = np.zeros(size, dtype=np.int32)
        self.keys = np.zeros((size, 2))
        self.came = np.full(size, -1, dtype=np.int8)  # JPS: the direction a jump point came in
        self._reverse: tuple[np.ndarray, ...] | None = None  # bidirectional search only
        self._forward_extra: tuple[np.ndarray, np.ndarray] | None = None
        self._jumps: tuple[np.ndarray, np.ndarray] | None = None
        self._masks: np.ndarray | None = None
        self.counters = np.zeros(K.N_COUNTERS, dtype=np.int64)
        if not (isinstance(landmarks, int) and 1 <= landmarks <= 64):
            raise InvalidInput(f"landmarks must be a whole number from 1 to 64, got {landmarks!r}")
        self.landmark_count = landmarks
        self._landmarks: np.ndarray | None = None  # the differential heuristic's table
        self._no_landmarks = np.zeros((size, 0))
        self.stamp = 0
        self._empty_log = (np.zeros(0, np.int64), np.zeros(0), np.zeros(0), np.zeros(1, np.int64))

    # -- indices ---------------------------------------------------------
    def _check_point(self, point: Point, what: str) -> Point:
        """``Grid.check_point``, with a quick path for a pair of ints on an open cell."""
        if type(point) is tuple and len(point) == 2:
            x, y = point
            if (
                type(x) is int
                and type(y) is int
                and 0 <= x < self.grid.width
                and 0 <= y < self.grid.height
                and self.cost[(y + 1) * self.width_p + x + 1] < math.inf
            ):
                return point
        return self.grid.check_point(point, what)  # converts, or says what is wrong

    def _index(self, point: Point) -> int:
        return (point[1] + 1) * self.width_p + point[0] + 1

    def _next_stamp(self) -> int:
        self.stamp += 1
        if self.stamp > 2**29:  # marks are int32 and hold 2 * stamp + 1
            self.mark[:] = 0
            if self._reverse is not None:
                self._reverse[3][:] = 0  # the backward search's marks
            self.stamp = 1
        return self.stamp

    # -- the query -------------------------------------------------------
    def find_path(
        self,
        start: Point,
        goal: Point,
        *,
        algorithm: str = "astar",
        heuristic: str | None = None,
        weight: float = 1.0,
        max_expansions: int | None = None,
        time_limit: float | None = None,
        record: bool = False,
    ) -> PathResult:
        """Find a path from ``start`` to ``goal`` (both ``(x, y)``).

        Parameters
        ----------
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
        max_expansions, time_limit : optional budgets
            Running out gives ``status="limit"``. The clock is read every 65,536
            expansions; BFS (linear in the map) keeps only ``max_expansions``.
        record : bool
            Keep the expansion log (for ``render`` and ``explain``). The
            bidirectional search keeps only its final closed and open cells.

        Returns
        -------
        PathResult

        Raises
        ------
        InvalidInput
            Start or goal outside the map or on a wall, an unknown algorithm or
            heuristic, JPS on a rule it does not support, a weight below 1.
        """
        started = time.perf_counter()
        start = self._check_point(start, "start")
        goal = self._check_point(goal, "goal")
        if algorithm not in ALGORITHMS:
            raise InvalidInput(
                f"unknown algorithm {algorithm!r}; choose one of: {', '.join(ALGORITHMS)}"
            )
        if heuristic is None:
            heuristic = (
                "zero"
                if algorithm in ("dijkstra", "bfs")
                else default_heuristic(self.moves, self.costs)
            )
        check_heuristic(heuristic)
        if algorithm == "dijkstra":
            heuristic = "zero"
        if heuristic == "differential" and algorithm not in ("astar", "weighted-astar"):
            raise InvalidInput(
                f"the differential heuristic is for astar and weighted-astar, not {algorithm}"
            )
        if not (weight >= 1.0 and math.isfinite(weight)):
            raise InvalidInput(f"weight must be a finite number >= 1, got {weight!r}")
        if algorithm != "weighted-astar":
            weight = 1.0
        for name, value in (("max_expansions", max_expansions), ("time_limit", time_limit)):
            if value is not None and value < 0:
                raise InvalidInput(f"{name} must be >= 0, got {value}")
        if algorithm == "jps":
            self._check_jps()
            heuristic = "octile"
        if algorithm == "bfs":
            optimal = (self.moves == "4" or self.costs == "uniform") and not self.grid.weighted
        else:
            optimal = _admissible(heuristic, self.moves, self.costs) and weight == 1.0
        diag_h = 2 * self.straight if self.moves == "4" else min(self.diagonal, 2 * self.straight)
        scale = weight * self.min_cost
        h_straight, h_diagonal = self.straight * scale, diag_h * scale
        landmarks = self._no_landmarks
        preprocess_s = None
        if heuristic == "differential":
            if self._landmarks is None:  # the table is the map's: its time is not the query's
                self.landmark_table()
                preprocess_s = time.perf_counter() - started
                started = time.perf_counter()
            landmarks = self.landmark_table()
            hcode = HEURISTICS[default_heuristic(self.moves, self.costs)]
        else:
            hcode = HEURISTICS[heuristic]
        s, t = self._index(start), self._index(goal)
        stamp = self._next_stamp()
        cap = self.cost.shape[0] if record else 0
        log = (
            (
                np.zeros(cap, np.int64),
                np.zeros(cap),
                np.zeros(cap),
                np.full(max(cap, 1), -1, np.int64),
            )
            if record
            else self._empty_log
        )
        deadline = None if time_limit is None else started + time_limit
        limit_name = None
        path_idx: np.ndarray | None = None
        if algorithm == "bfs":
            budget = self.cost.shape[0] if max_expansions is None else max_expansions
            status = K.bfs_run(
                self.cost,
                self.rule,
                self.offsets,
                self.side_a,
                self.side_b,
                s,
                t,
                stamp,
                self.parent,
                self.mark,
                self.heap,
                self.counters,
                budget,
                log[0],
                log[3],
            )
            if status == K.RUNNING:
                limit_name = "max_expansions"
            elif status == K.FOUND:
                path_idx = K.trace_back(self.parent, t)
        elif algorithm == "bidirectional":
            status, path_idx, limit_name = self._bidirectional(
                s, t, stamp, hcode, h_straight, h_diagonal, max_expansions, deadline
            )
        else:
            K.astar_init(
                s,
                t,
                stamp,
                self.g,
                self.parent,
                self.mark,
                self.heap,
                self.keys,
                self.counters,
                self.width_p,
                hcode,
                h_straight,
                h_diagonal,
            )
            self.came[s] = -1
            while True:
                chunk = _CHUNK
                if max_expansions is not None:
                    chunk = min(chunk, max_expansions - int(self.counters[K.EXPANDED]))
                if algorithm == "jps":
                    status = K.jps_run(
                        self.cost,
                        self._move_masks(),
                        *self._jump_tables(),
                        self.width_p,
                        self.straight,
                        self.diagonal,
                        t,
                        stamp,
                        h_straight,
                        h_diagonal,
                        self.g,
                        self.parent,
                        self.mark,
                        self.came,
                        self.heap,
                        self.keys,
                        self.counters,
                        chunk,
                        *log,
                    )
                else:
                    status = K.astar_run(
                        self.cost,
                        self._move_masks(),
                        not self.grid.weighted,
                        self.width_p,
                        self.rule,
                        self.offsets,
                        self.side_a,
                        self.side_b,
                        self.move_dy,
                        self.steps,
                        t,
                        stamp,
                        hcode,
                        h_straight,
                        h_diagonal,
                        self.g,
                        self.parent,
                        self.mark,
                        self.heap,
                        self.keys,
                        self.counters,
                        chunk,
                        *log,
                        landmarks,
                        weight,
                    )
                if status == K.NEED_ROOM:
                    self._grow_heap()
                    continue
                if status != K.RUNNING:
                    break
                limit_name = self._budget_spent(max_expansions, deadline)
                if limit_name is not None:
                    break
            if status == K.FOUND:
                path_idx = K.trace_back(self.parent, t)
                if algorithm == "jps":
                    path_idx = K.expand_jump_path(path_idx, self.width_p)
        result = self._result(
            algorithm,
            heuristic,
            optimal,
            status,
            path_idx,
            limit_name,
            started,
            log if record else None,
            stamp,
        )
        if preprocess_s is not None:
            result.stats["preprocess_s"] = preprocess_s  # building the landmark table
        return result

    def _budget_spent(self, max_expansions: int | None, deadline: float | None) -> str | None:
        """The budget a resumable kernel run has spent between chunks, if any."""
        if max_expansions is not None and self.counters[K.EXPANDED] >= max_expansions:
            return "max_expansions"
        if deadline is not None and time.perf_counter() > deadline:
            return "time_limit"
        return None

    def _grow_heap(self) -> None:
        """Double A*'s lazy heap (stale entries can outnumber the cells)."""
        size = self.heap.shape[0]
        if size >= 64 * self.cost.shape[0]:
            raise MemoryError("the open list grew past 64 entries per cell")
        heap = np.zeros(2 * size, dtype=self.heap.dtype)
        keys = np.zeros((2 * size, 2))
        heap[:size] = self.heap
        keys[:size] = self.keys
        self.heap, self.keys = heap, keys

    def _move_masks(self) -> np.ndarray:
        """Legal moves per cell under this searcher's rule, computed once per map."""
        if self._masks is None:
            self._masks = K.build_move_masks(
                self.cost, self.offsets, self.side_a, self.side_b, self.rule
            )
        return self._masks

    def _jump_tables(self) -> tuple[np.ndarray, np.ndarray]:
        """JPS's straight jumps and forced neighbours, computed on the first JPS query."""
        if self._jumps is None:
            self._jumps = (
                K.build_jump_table(self.cost, self.width_p),
                K.build_forced_bits(self.cost, self.width_p),
            )
        return self._jumps

    def landmark_table(self) -> np.ndarray:
        """Distances from the landmarks to every cell (``cells x landmarks``), built once.

        Landmarks are picked by farthest-point selection in the largest region
        of the map: the first is the cell farthest from one of its cells, each
        next one the cell farthest from all chosen so far, so they sit at the
        map's edges and dead ends, where they tell the most. Cells of other
        regions get 0 everywhere, which leaves them the rule's default
        estimate (a landmark cannot tell them anything).
        """
        if self._landmarks is not None:
            return self._landmarks
        if self.grid.weighted:
            raise InvalidInput(
                "the differential heuristic needs a grid without weighted terrain "
                "(its distances must be the same both ways)"
            )
        size = self.cost.shape[0]
        count = self.landmark_count
        if size * count * 8 > _LANDMARK_MEMORY:
            raise InvalidInput(
                f"{count} landmarks on a map of {size:,} cells need more than 2 GiB; "
                "use fewer landmarks or another heuristic"
            )
        table = np.zeros((size, count))
        labels, sizes = K.label_regions(self._move_masks(), self.offsets)
        if sizes.size:  # else no cell has a move: every estimate is the default one
            largest = int(np.argmax(sizes))
            nearest = self._distances_from(int(np.argmax(labels == largest)))
            for column in range(count):
                landmark = int(np.argmax(np.where(np.isfinite(nearest), nearest, -1.0)))
                distances = self._distances_from(landmark)
                table[:, column] = np.where(np.isfinite(distances), distances, 0.0)
                nearest = distances if column == 0 else np.minimum(nearest, distances)
        self._landmarks = table
        return table

    def _distances_from(self, cell: int) -> np.ndarray:
        """Dijkstra from ``cell`` over the whole map; ``inf`` where it cannot reach."""
        stamp = self._next_stamp()
        K.astar_init(
            cell, -1, stamp, self.g, self.parent, self.mark, self.heap, self.keys,
            self.counters, self.width_p, 0, 0.0, 0.0,
        )  # fmt: skip
        while True:
            status = K.astar_run(
                self.cost, self._move_masks(), not self.grid.weighted, self.width_p, self.rule,
                self.offsets, self.side_a, self.side_b, self.move_dy, self.steps, -1, stamp,
                0, 0.0, 0.0, self.g, self.parent, self.mark, self.heap, self.keys,
                self.counters, 1 << 62, *self._empty_log, self._no_landmarks, 1.0,
            )  # fmt: skip
            if status != K.NEED_ROOM:
                break
            self._grow_heap()
        return np.where(self.mark == 2 * stamp + 1, self.g, np.inf)

    def _check_jps(self) -> None:
        if self.moves != "8-no-corner-cutting":
            raise InvalidInput(
                f"jps needs --moves 8-no-corner-cutting (got {self.moves}); use astar instead"
            )
        if self.costs == "uniform":
            raise InvalidInput("jps needs octile or 10-14 costs (diagonal dearer than straight)")
        if self.grid.weighted:
            raise InvalidInput("jps needs a grid without weighted terrain; use astar instead")

    def _bidirectional(self, s, t, stamp, hcode, h_straight, h_diagonal, max_expansions, deadline):
        if self._reverse is None:
            size = self.cost.shape[0]
            self._reverse = (
                np.zeros(size),
                np.zeros(size),
                np.full(size, -1, np.int32),
                np.zeros(size, np.int32),
                np.zeros(size, np.int32),
                np.zeros((size, 2)),
                np.full(size, -1, np.int32),
            )
            # the forward side's keys (g + potential) and heap positions
            self._forward_extra = (np.zeros(size), np.full(size, -1, np.int32))
        g_r, key_r, parent_r, mark_r, heap_r, keys_r, pos_r = self._reverse
        assert self._forward_extra is not None
        key_f, pos_f = self._forward_extra
        self.counters[:] = 0
        best = np.array([0.0 if s == t else np.inf])
        self.counters[K.MEET] = s
        half = 0.5 * K._estimate(s, t, self.width_p, hcode, h_straight, h_diagonal)
        forward = (self.g, key_f, self.parent, self.mark, self.heap, self.keys, pos_f)
        for g, key, parent, mark, heap, keys, pos, node in (
            (*forward, s),
            (g_r, key_r, parent_r, mark_r, heap_r, keys_r, pos_r, t),
        ):
            g[node] = 0.0
            key[node] = half
            parent[node] = -1
            mark[node] = 2 * stamp
            heap[0] = node
            keys[0, 0] = half
            keys[0, 1] = 0.0
            pos[node] = 0
        self.counters[K.HEAP_SIZE] = 1
        self.counters[K.HEAP_SIZE_R] = 1
        limit_name = None
        while True:
            chunk = _CHUNK
            if max_expansions is not None:
                chunk = min(chunk, max_expansions - int(self.counters[K.EXPANDED]))
            status = K.bidir_run(
                self.cost,
                self.width_p,
                self.rule,
                self.offsets,
                self.side_a,
                self.side_b,
                self.steps,
                s,
                t,
                stamp,
                hcode,
                h_straight,
                h_diagonal,
                self.g,
                key_f,
                self.parent,
                self.mark,
                self.heap,
                self.keys,
                pos_f,
                g_r,
                key_r,
                parent_r,
                mark_r,
                heap_r,
                keys_r,
                pos_r,
                self.counters,
                best,
                chunk,
            )
            if status != K.RUNNING:
                break
            limit_name = self._budget_spent(max_expansions, deadline)
            if limit_name is not None:
                break
        if status != K.FOUND:
            return status, None, limit_name
        meet = int(self.counters[K.MEET])
        forward = K.trace_back(self.parent, meet)
        backward = K.trace_back(parent_r, meet)[::-1]
        return status, np.concatenate([forward, backward[1:]]), None

    def _points(self, indices: np.ndarray) -> list[Point]:
        xs = indices % self.width_p - 1
        ys = indices // self.width_p - 1
        return list(zip(xs.tolist(), ys.tolist(), strict=True))

    def _result(
        self, algorithm, heuristic, optimal, status, path_idx, limit_name, started, log, stamp
    ) -> PathResult:
        counters = self.counters
        stats: dict[str, Any] = {
            "expanded": int(counters[K.EXPANDED]),
            "generated": int(counters[K.GENERATED]),
            "reopened": int(counters[K.REOPENED]),
            "max_open": int(counters[K.MAX_HEAP]),
        }
        path = _NO_PATH
        cost = None
        if limit_name is not None:
            kind = "limit"
            stats["limit"] = limit_name
        elif status == K.FOUND and path_idx is not None:
            kind = "solved"
            path = K.cells_to_points(path_idx, self.width_p)
            cost = float(
                K.path_length(path_idx, self.cost, self.width_p, self.straight, self.diagonal)
            )
        else:
            kind = "no_solution"
        stats["path_cells"] = len(path)
        search_log = self._search_log(log, stamp) if log is not None else None
        stats["elapsed_s"] = time.perf_counter() - started
        return PathResult(
            kind,
            path,
            cost,
            stats,
            algorithm,
            self.moves,
            self.costs,
            heuristic,
            bool(optimal),
            search_log,
        )

    def _search_log(self, log, stamp) -> SearchLog:
        cells, gs, hs, opened = log
        n = int(self.counters[K.LOG_COUNT])
        closed_idx = np.flatnonzero(self.mark == 2 * stamp + 1)
        open_idx = np.flatnonzero(self.mark == 2 * stamp)
        seen = np.concatenate([closed_idx, open_idx])
        return SearchLog(
            expanded=self._points(cells[:n]),
            g=gs[:n].tolist(),
            h=hs[:n].tolist(),
            opened_at=dict(
                zip(self._points(seen), np.maximum(opened[seen], 0).tolist(), strict=True)
            ),
            closed=self._points(closed_idx),
            open=self._points(open_idx),
        )

    def find_paths(self, pairs: Iterable[tuple[Point, Point]], **options: Any) -> list[PathResult]:
        """Answer many queries; the options are those of :meth:`find_path`."""
        return [self.find_path(a, b, **options) for a, b in pairs]


def find_path(
    grid: Grid | np.ndarray,
    start: Point,
    goal: Point,
    *,
    moves: str = "8-no-corner-cutting",
    costs: str = "octile",
    algorithm: str = "astar",
    heuristic: str | None = None,
    weight: float = 1.0,
    max_expansions: int | None = None,
    time_limit: float | None = None,
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
        record=record,
    )


def find_paths(
    grid: Grid | np.ndarray,
    pairs: Iterable[tuple[Point, Point]],
    *,
    moves: str = "8-no-corner-cutting",
    costs: str = "octile",
    **options: Any,
) -> list[PathResult]:
    """Answer a list of ``(start, goal)`` queries on one map, preparing the map once.

    Examples
    --------
    >>> from tansuo.grid import Grid, find_paths
    >>> grid = Grid.from_text("...\\n.#.\\n...")
    >>> [r.cost for r in find_paths(grid, [((0, 0), (2, 0)), ((0, 0), (0, 0))], moves="4")]
    [2.0, 0.0]
    """
    searcher = GridSearcher(grid if isinstance(grid, Grid) else Grid(grid), moves, costs)
    return searcher.find_paths(pairs, **options)
